"""Every exercise's catalogue of likely wrong answers: each one fails its check with its own hint, in one line,
without the right answer; and no answer of any shape makes a check raise anything but WrongAnswer."""
from __future__ import annotations

import math
from fractions import Fraction
from importlib import import_module

import numpy as np
import pytest
import sympy
from answers import leaks
from teacher import answer_of, mistakes_of

from circuslib.core.teach import PLACEHOLDER_LINE, Exercise, Mistake, WrongAnswer, holds_placeholder

MODULES = ["circuslib.pig.checks", "circuslib.flip7.checks", "circuslib.pcv.checks", "circuslib.scout.checks",
           "circuslib.speed.checks", "circuslib.flip_circus.checks"]


def _exercises() -> list[tuple[str, Exercise]]:
    found = []
    for module in MODULES:
        try:
            checks = import_module(module).check
            exercises = checks.exercises()
        except Exception as error:  # a checks module mid-rewrite must not hide the others: it fails on its own
            found.append((module, error))
            continue
        found += [(module, exercise) for exercise in exercises]
    return found


EXERCISES = _exercises()
CASES = [(module, exercise, mistake) for module, exercise in EXERCISES if isinstance(exercise, Exercise)
         for mistake in mistakes_of(exercise)]


def _id(case) -> str:
    module, exercise, *rest = case if isinstance(case, tuple) else (case,)
    return f"{module.split('.')[1]}.{getattr(exercise, 'name', 'import')}"


@pytest.mark.parametrize("module, exercise", EXERCISES, ids=[_id(c) for c in EXERCISES])
def test_every_exercise_has_a_catalogue_of_at_least_three_mistakes(module, exercise):
    assert isinstance(exercise, Exercise), f"{module} cannot be read: {exercise!r}"
    mistakes = mistakes_of(exercise)  # in its check, or in its model on the teacher's side
    assert len(mistakes) >= 3
    assert all(isinstance(m, Mistake) and m.hint.strip() for m in mistakes)
    assert len({m.hint for m in mistakes}) == len(mistakes), "two mistakes share a hint"
    assert len({m.id for m in mistakes}) == len(mistakes), "two mistakes share an id"


def test_every_exercise_has_an_id_of_its_own_across_the_kit():
    ids = [exercise.id for _, exercise in EXERCISES if isinstance(exercise, Exercise)]
    assert len(ids) == len(set(ids)) > 60
    assert {i.split(".")[0] for i in ids} == {"pig", "flip7", "pcv", "scout", "speed", "flip_circus"}


@pytest.mark.parametrize("module, exercise, mistake", CASES,
                         ids=[f"{_id(c)}[{i}]" for i, c in enumerate(CASES)])
def test_every_catalogued_mistake_fails_with_its_own_hint_and_never_the_answer(module, exercise, mistake):
    with pytest.raises(WrongAnswer) as refused:
        exercise(mistake.answer)
    message = str(refused.value)
    assert mistake.hint in message, f"expected the hint {mistake.hint!r}, got {message!r}"
    assert len(message.splitlines()) <= 3 and len(message) < 600
    assert not leaks(answer_of(exercise), message), f"the message reveals the answer: {message!r}"
    # the rejection carries its exercise and its mistake, for the class's report
    diagnosis = refused.value.diagnosis
    assert diagnosis["exercise"] == exercise.id and diagnosis["exercise"].endswith(f".{exercise.name}")
    if refused.value.found is not None:
        # the tutor's diagnosis: a variant or mistake of the same value (two of them name both), or a family
        ids = diagnosis["mistake"].split("+")
        assert mistake.id in ids or any(i.startswith("family-") for i in ids) or \
            any(h in message for i, h in _model_hints(exercise) if i in ids), diagnosis
        assert diagnosis["hint"] in message
        return
    # a message giving two hints of the catalogue is put down to the longer one
    diagnosed = next(m for m in mistakes_of(exercise) if m.id == diagnosis["mistake"])
    assert diagnosed == mistake or (diagnosed.hint in message and len(diagnosed.hint) > len(mistake.hint))
    assert diagnosis["hint"] == diagnosed.hint


def _model_hints(exercise: Exercise) -> list[tuple[str, str]]:
    """(id, hint) of every variant and mistake the exercise's key knows."""
    return [pair for found in (exercise.key.hints.values() if exercise.key else ()) for pair in found]


ODD_ANSWERS = [None, ..., "1/2", 0.5, float("nan"), math.inf, -1, 10**30, True, [], (), {}, [1, 2], object(),
               np.int64(45), np.float64(0.25), np.array([1, 2]), Fraction(1, 3), sympy.Rational(-7, 3),
               sympy.Symbol("x"), sympy.Float(0.5), sympy.oo, sympy.nan, lambda *args, **kwargs: None,
               lambda *args, **kwargs: 1 / 0, print, len]


@pytest.mark.parametrize("module, exercise", [c for c in EXERCISES if isinstance(c[1], Exercise)],
                         ids=[_id(c) for c in EXERCISES if isinstance(c[1], Exercise)])
def test_no_answer_of_any_shape_makes_a_check_raise_anything_but_wrong_answer(module, exercise):
    for answer in ODD_ANSWERS:
        if exercise.try_it and holds_placeholder(answer):
            # a try-it's cell comes holding ...: the check invites an answer, and says it is none (not "correct")
            assert exercise(answer) == PLACEHOLDER_LINE and not exercise.judge(answer).passed
            continue
        try:
            exercise(answer)
        except WrongAnswer as refused:
            assert len(str(refused).splitlines()) <= 3
            assert not leaks(answer_of(exercise), str(refused)), f"{answer!r}: {refused}"
        else:
            pytest.fail(f"check.{exercise.name} accepted {answer!r}")
