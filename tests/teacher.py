"""The teacher's side, for the tests that need a right answer: each exercise's model from solutions/tutor/ (loaded
by path; never installed), or, for an exercise whose check still states its answer, that answer."""
from __future__ import annotations

from types import ModuleType
from typing import Any

from circuslib.core.teach import Exercise, Mistake
from circuslib.core.tutor import Cases, Model, Simulation, teacher_models, teacher_module

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
    """The exercise's catalogue of mistakes: its model's (value, function or simulation) and whatever its check
    still lists."""
    model, cases, simulation = model_of(exercise), cases_of(exercise), simulation_of(exercise)
    return (tuple(exercise.mistakes) + (tuple(model.mistakes) if model is not None else ())
            + (tuple(cases.mistakes) if cases is not None else ())
            + (tuple(simulation.mistakes) if simulation is not None else ()))


def functions(group: str) -> dict[str, Cases]:
    """The group's function exercises' cases (reference, inputs, wrong functions), by exercise name."""
    return teacher_models(group, "functions")


def functions_module(group: str) -> ModuleType:
    """The module solutions/tutor/<group>_functions.py itself, for a test that needs one of its helpers."""
    module = teacher_module(group, "functions")
    assert module is not None, f"solutions/tutor/{group}_functions.py is missing"
    return module


def simulation_of(exercise: Exercise) -> Simulation | None:
    """The exercise's simulation on the teacher's side (truth, neighbours, catalogue), when it is a simulation."""
    return teacher_models(exercise.group, "sims").get(exercise.name)


def cases_of(exercise: Exercise) -> Cases | None:
    """The exercise's cases on the teacher's side, when it is answered by a function."""
    return functions(exercise.group).get(exercise.name)

