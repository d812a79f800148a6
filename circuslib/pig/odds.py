"""Pig's exact odds: what one more roll is worth, a turn's exact value and its distribution of points."""
from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from ..core.args import limit, whole
from ..core.exact import Dist, to_rational
from ..core.game import best_value, expected_value
from .bots import stop_at
from .rules import PigState

if TYPE_CHECKING:
    import sympy

__all__ = ["BUST_CHANCE", "expected_gain_of_a_roll", "advice", "pig_value", "pig_scores", "threshold_values"]

MOST_POINTS = 200
"""The largest goal or threshold worked out exactly (a turn to 200 already has about 600 positions)."""
BUST_CHANCE = Fraction(1, 6)
"""The chance that the next roll is a 1 and wipes out the turn, whatever the total."""


def expected_gain_of_a_roll(total: int) -> sympy.Rational:
    """What one more roll adds on average at this total: (2+3+4+5+6)/6 - total/6 = (20 - total)/6."""
    return to_rational(Fraction(20 - whole(total, "the total", 0), 6))


def advice(total: int) -> str:
    """Roll or stop at this total, for the best average: roll while one more roll gains (the total under 20)."""
    return "roll" if expected_gain_of_a_roll(total) > 0 else "stop"


def pig_value(goal: int = 20, threshold: int | None = None) -> sympy.Rational:
    """The exact expected points of one Pig turn: with a stop-at threshold, or with the best play if None."""
    limit(whole(goal, "the goal", 1), MOST_POINTS, "the goal")
    start = PigState(goal=goal)
    value = best_value(start) if threshold is None else expected_value(start, stop_at(threshold))
    return to_rational(value)


def pig_scores(threshold: int, goal: int = 100) -> Dist:
    """The exact distribution of a Pig turn's points when you stop once the total reaches ``threshold``."""
    limit(whole(threshold, "the stopping threshold", 0), MOST_POINTS, "the stopping threshold")
    whole(goal, "the goal", 1)
    threshold = min(threshold, goal)

    @cache
    def scores(total: int) -> Dist:
        if total >= threshold:
            return Dist.certain(total)
        outcomes: dict[Hashable, Fraction] = {0: Fraction(1, 6)}
        for face in range(2, 7):
            for points, chance in scores(total + face).probs.items():
                outcomes[points] = outcomes.get(points, Fraction(0)) + chance / 6
        return Dist(outcomes)

    return scores(0)


def threshold_values(most: int = 40) -> dict[int, Fraction]:
    """The exact expected points of a turn that stops at each threshold from 1 to ``most`` (the goal far away)."""
    whole(most, "most", 1, 100)
    return dict(_threshold_values(most))


@cache
def _threshold_values(most: int) -> tuple[tuple[int, Fraction], ...]:
    # worked out once: the lesson's table and its explorer ask for the same values
    return tuple((t, Fraction(pig_scores(t).mean())) for t in range(1, most + 1))
