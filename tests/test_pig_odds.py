"""Pig's exact odds: a turn's value and its distribution, worked by hand and checked against seeded simulations."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from circuslib.pig.bots import simulate_turns, stop_at
from circuslib.pig.odds import BUST_CHANCE, advice, expected_gain_of_a_roll, pig_scores, pig_value, threshold_values


def test_pig_values_are_exact_rationals():
    assert pig_value(20, 20) == sympy.Rational(492303203, 60466176)
    assert pig_value(2, 2) == sympy.Rational(10, 3)  # one roll: (2 + 3 + 4 + 5 + 6) / 6
    assert expected_gain_of_a_roll(8) == 2 and expected_gain_of_a_roll(20) == 0
    assert (advice(19), advice(20), BUST_CHANCE) == ("roll", "stop", Fraction(1, 6))


def test_the_pig_turn_distribution_is_exact():
    scores = pig_scores(2)  # roll once: a 1 busts, 2..6 bank themselves
    assert dict(scores.items()) == {0: Fraction(1, 6), **{v: Fraction(1, 6) for v in range(2, 7)}}
    assert pig_scores(20).mean() == pig_value(goal=100, threshold=20)
    assert float(pig_scores(15).mean()) == pytest.approx(7.8476, abs=1e-4)


def test_stopping_at_20_or_21_is_best_and_a_simulation_agrees():
    values = threshold_values(40)
    assert values[1] == Fraction(10, 3)  # stop after one roll: (2 + 3 + 4 + 5 + 6) / 6
    best = max(values.values())
    assert [t for t, v in values.items() if v == best] == [20, 21]  # at 20 one more roll gains exactly 0
    estimate = simulate_turns(20, 4_000, seed=7)
    assert estimate.contains(pig_value(20, 20))
    with pytest.raises(ValueError, match="stopping threshold"):
        stop_at(-1)
