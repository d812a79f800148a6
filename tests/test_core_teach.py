"""Checks explain wrong answers without giving the right one, and pass right ones."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import (CORRECT_MARK, Checks, WrongAnswer, check_close, check_collection, check_exact,
                                  check_integer, check_probability)


def test_right_answers_pass_in_every_exact_form(capsys):
    for answer in (Fraction(1, 6), sympy.Rational(1, 6), sympy.Integer(1) / 6):
        assert check_probability(answer, Fraction(1, 6)).startswith(CORRECT_MARK)
    assert CORRECT_MARK in capsys.readouterr().out


@pytest.mark.parametrize("answer, message", [
    (None, "still empty"),
    (0.1667, "decimal"),
    ("1/6", "text"),
    (True, "not True/False"),
    (Fraction(7, 6), "between 0 and 1"),
    (Fraction(-1, 6), "between 0 and 1"),
    (Fraction(1, 5), "not right yet"),
    (sympy.sqrt(2) / 3, "not an exact rational"),
])
def test_wrong_probabilities_are_explained(answer, message):
    with pytest.raises(WrongAnswer, match=message) as wrong:
        check_probability(answer, Fraction(2, 9))
    assert "2/9" not in str(wrong.value)  # the right answer is never revealed


def test_known_mistakes_get_their_hint():
    with pytest.raises(WrongAnswer, match="ordered"):
        check_exact(Fraction(1, 12), Fraction(1, 6), mistakes={Fraction(1, 12): "you counted unordered pairs, not ordered rolls"})


def test_integer_checks():
    assert check_integer(45, 45).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="whole number: use int"):
        check_integer(45.0, 45)
    with pytest.raises(WrongAnswer, match="never below 0"):
        check_integer(-3, 45)
    with pytest.raises(WrongAnswer, match="turned round"):
        check_integer(90, 45, mistakes={90: "the same card turned round"})


def test_close_checks_say_which_way_without_the_value():
    assert check_close(0.51, 0.5, tolerance=0.02).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="too high") as wrong:
        check_close(0.6, 0.5, tolerance=0.02)
    assert "0.5 " not in str(wrong.value)
    with pytest.raises(WrongAnswer, match="NaN"):
        check_close(float("nan"), 0.5, tolerance=0.1)


def test_collection_checks_count_what_is_missing_or_extra():
    assert check_collection({3, 1, 2}, [1, 2, 3]).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="1 missing, 1 that should not be there"):
        check_collection([1, 2, 4], [1, 2, 3])
    with pytest.raises(WrongAnswer, match="wrong order"):
        check_collection([2, 1], [1, 2], ordered=True)
    with pytest.raises(WrongAnswer, match="1 repeated"):
        check_collection([1, 1, 2], [1, 2])
    with pytest.raises(WrongAnswer, match="list or a set"):
        check_collection("12", [1, 2])


def test_a_checks_registry_names_its_checks():
    check = Checks("demo")

    @check.register
    def seven(answer):
        return check_integer(answer, 7)

    assert list(check) == ["seven"] and check.seven(7).startswith(CORRECT_MARK)
    with pytest.raises(AttributeError, match="no check called 'eight' for demo; the checks are: seven"):
        check.eight
