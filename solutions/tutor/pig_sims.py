"""The warm-up's simulation, on the teacher's side: a turn that stops at 15, and the turns students simulate
instead, each with its exact long-run mean and spread (the turn's points as an exact distribution)."""
from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from circuslib.core.exact import Dist
from circuslib.core.tutor import Neighbour, Simulation

__all__ = ["SIMULATIONS", "turn_points"]


@cache
def turn_points(stop: int = 15, low: int = 1, high: int = 6, wipe: bool = True, scored_only: bool = False) -> Dist:
    """The exact points of one turn: roll until the total reaches ``stop``; a 1 ends the turn, with no points
    when it ``wipe``s; the die shows ``low`` to ``high``; ``scored_only`` keeps only the turns that scored."""
    faces = range(low, high + 1)

    @cache
    def after(total: int) -> Dist:
        if total >= stop:
            return Dist.certain(total)
        outcomes: dict[int, Fraction] = {}
        for face in faces:
            ends = {(0 if wipe else total): Fraction(1)} if face == 1 else after(total + face).probs
            for points, chance in ends.items():
                outcomes[points] = outcomes.get(points, Fraction(0)) + chance / len(faces)
        return Dist(outcomes)

    points = after(0)
    if scored_only:  # the wiped turns dropped: what is left, renormalised
        kept = {k: v for k, v in points.probs.items() if k != 0}
        total = sum(kept.values())
        points = Dist({k: v / total for k, v in kept.items()})
    return points


def _neighbour(hint: str, **choices: object) -> Neighbour:
    points = turn_points(**choices)  # type: ignore[arg-type]
    return Neighbour(hint, value=points.mean(), spread=math.sqrt(points.variance()))


_TRUTH = turn_points()

SIMULATIONS: dict[str, Simulation] = {
    "stop_at_15_simulation": Simulation(
        value=_TRUTH.mean(), spread=math.sqrt(_TRUTH.variance()),
        neighbours=[
            _neighbour("your turns stop at 20; this player stops as soon as the total reaches 15", stop=20),
            _neighbour("your turns go on at exactly 15: stop once the total reaches 15 (roll while total < 15)",
                       stop=16),
            _neighbour("your die never shows a 6: rng.randint(1, 6) gives 1 to 6, rng.randrange(1, 6) stops at 5",
                       high=5),
            _neighbour("a 1 ends your turns but keeps their points; a 1 wipes the turn's total to 0", wipe=False),
            _neighbour("you average only the turns that scored; a turn wiped out by a 1 counts, as 0 points",
                       scored_only=True),
        ]),
}
