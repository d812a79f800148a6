"""The PCV exercise checks: the right answer passes, typical wrong answers fail with a helpful message."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.pcv.checks import check
from circuslib.pcv.odds import p, q


def passes(name, answer, capsys):
    getattr(check, name)(answer)
    assert CORRECT_MARK in capsys.readouterr().out


def fails(name, answer, message):
    with pytest.raises(WrongAnswer, match=message):
        getattr(check, name)(answer)


def test_the_notebook_has_six_checks():
    assert set(check) == {"shot_two_hexes", "destroyed_within_three", "expected_shots_in_p_and_q", "hex_distance",
                          "sequences_speed_three", "best_firing_position"}


def test_shot_two_hexes(capsys):
    # 2 hexes, same level: 5 or 6 hit; the 6 destroys, the 5 damages, 1-4 miss
    passes("shot_two_hexes", {"miss": Fraction(2, 3), "damage": Fraction(1, 6), "destroy": sympy.Rational(1, 6)}, capsys)
    assert capsys.readouterr().out == ""  # only one success line was printed
    fails("shot_two_hexes", {"miss": Fraction(2, 3), "damage": Fraction(1, 3), "destroy": Fraction(1, 6)}, "one face damages")
    fails("shot_two_hexes", {"miss": Fraction(1, 2), "damage": Fraction(1, 3), "destroy": Fraction(1, 6)}, "only 5 and 6 hit")
    fails("shot_two_hexes", {"miss": 0.67, "damage": Fraction(1, 6), "destroy": Fraction(1, 6)}, "decimal")
    fails("shot_two_hexes", {"hit": Fraction(1, 3)}, "keys should be exactly")
    fails("shot_two_hexes", None, "dict")


def test_destroyed_within_three(capsys):
    # 1 - (1/2)^3 - 3 (1/3) (1/2)^2 = 1 - 1/8 - 1/4 = 5/8
    passes("destroyed_within_three", Fraction(5, 8), capsys)
    fails("destroyed_within_three", Fraction(91, 216), "only the sixes")
    fails("destroyed_within_three", Fraction(7, 8), "only damages")
    fails("destroyed_within_three", Fraction(3, 2), "between 0 and 1")


def test_expected_shots_in_p_and_q(capsys):
    passes("expected_shots_in_p_and_q", (2 * p - q) / p ** 2, capsys)
    passes("expected_shots_in_p_and_q", 1 / p + (p - q) / p ** 2, capsys)  # same formula, unsimplified
    fails("expected_shots_in_p_and_q", 1 / p, "from a damaged plane")
    fails("expected_shots_in_p_and_q", 2 / p, "a 6 destroys at once")
    fails("expected_shots_in_p_and_q", sympy.Symbol("x") / p, "use only p and q")
    fails("expected_shots_in_p_and_q", p + q, "should give 6 shots")
    fails("expected_shots_in_p_and_q", None, "still empty")


def test_hex_distance(capsys):
    passes("hex_distance", lambda a, b: (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2, capsys)
    fails("hex_distance", lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]), "opposite signs")
    fails("hex_distance", lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])), "same sign")
    fails("hex_distance", lambda a, b: 1 / 0, "ZeroDivisionError")
    fails("hex_distance", 3, "give a function")


def test_sequences_speed_three(capsys):
    passes("sequences_speed_three", 258, capsys)
    fails("sequences_speed_three", 14, "turning='straight'")
    fails("sequences_speed_three", 216, "spends more at once")
    fails("sequences_speed_three", 116, "end positions")
    fails("sequences_speed_three", 258.0, "whole number")


def test_best_firing_position(capsys):
    # forward left then forward right puts Red 1 at (5,3) facing E, 2 hexes from the damaged Blue 1: 5-6 destroy, 1/3
    passes("best_firing_position", ((5, 3), 0, 3), capsys)
    fails("best_firing_position", ((5, 4), 0, 3), "another end position does better")
    fails("best_firing_position", ((5, 2), 1, 3), "no enemy is in reach")
    fails("best_firing_position", ((9, 9), 0, 3), "cannot end its move")
    fails("best_firing_position", (5, 3), "give a position")
