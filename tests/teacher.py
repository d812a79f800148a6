"""The teacher's side, for the tests that need a right answer: each exercise's model from solutions/tutor/ (loaded
by path; never installed), or, for an exercise whose check still states its answer, that answer."""
from __future__ import annotations

from typing import Any

from circuslib.core.teach import Exercise, Mistake
from circuslib.core.tutor import Model, teacher_models

GROUPS = ("pig", "flip7", "pcv", "scout", "speed", "flip_circus")


def models(group: str) -> dict[str, Model]:
    """The group's value models, by exercise name ({} before the group is keyed by the tutor)."""
    return teacher_models(group)


def model_of(exercise: Exercise) -> Model | None:
    """The exercise's value model on the teacher's side, if it has one."""
    return models(exercise.group).get(exercise.name)


def answer_of(exercise: Exercise) -> Any:
    """The exercise's right answer: its model's, else the value its check still states (None for functions and
    checks by rules alone)."""
    model = model_of(exercise)
    if model is not None:
        return model.answer()
    return None if exercise.answer is None else exercise.expected


def mistakes_of(exercise: Exercise) -> tuple[Mistake, ...]:
    """The exercise's catalogue of mistakes: its model's and whatever its check still lists."""
    model = model_of(exercise)
    return tuple(exercise.mistakes) + (tuple(model.mistakes) if model is not None else ())
