"""The warm-up's function exercise, on the teacher's side: its reference, the inputs it is tried on, its catalogue."""
from __future__ import annotations

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Cases
from circuslib.speed.graphs import rank_distance


def steps(a: int, b: int) -> int:
    """The fewest one-rank steps from a to b: the kit's own rank_distance, which the exercise forbids calling."""
    return rank_distance(a, b)


FUNCTIONS = {
    # all 169 pairs of ranks are tried: there is nothing left to generate
    "steps_between": Cases(
        reference=steps, fixed=[(a, b) for a in range(1, 14) for b in range(1, 14)], count=0,
        mistakes=[
            Mistake(lambda a, b: abs(a - b), "the Ace is next to the King too: going round the cycle the other way "
                                             "can be shorter"),
            Mistake(lambda a, b: (b - a) % 13, "you only count steps upwards; a card may also go one rank down, so "
                                               "take the shorter of the two ways round"),
            Mistake(lambda a, b: min((a - b) % 13, (b - a) % 13) + 1, "count the steps between ranks, not the ranks "
                                                                      "visited"),
            Mistake(lambda a, b: 3, "it must depend on its arguments"),
        ]),
}
