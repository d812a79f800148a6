"""The keys of the warm-up's exercises and of the welcome lesson's try-its: each answer computed from first
principles, with the choices a student makes as arguments (defaults: the exercise's own), and its neighbours."""
from __future__ import annotations

import operator
from fractions import Fraction
from itertools import combinations_with_replacement, product

from circuslib.core.tutor import Mistake, Model, Variant

EVENTS = {"exactly": operator.eq, "at least": operator.ge, "at most": operator.le}


def three_dice_total(dice: int = 3, low: int = 1, high: int = 6, total: int = 10, event: str = "exactly",
                     ordered: bool = True) -> Fraction:
    """P(the sum of the dice is ``event`` ``total``), counting rolls as ordered tuples of faces (or, a slip, as
    unordered sets of faces, each counted once)."""
    faces = range(low, high + 1)
    rolls = list(product(faces, repeat=dice) if ordered else combinations_with_replacement(faces, dice))
    hits = EVENTS[event]
    return Fraction(sum(hits(sum(roll), total) for roll in rolls), len(rolls))


MODELS = {
    "three_dice_ten": Model(
        answer=three_dice_total,
        variants=[
            Variant({"dice": 2}, "that is the chance for two dice; the exercise throws three"),
            Variant({"low": 0, "high": 5}, "that is for dice numbered 0 to 5; a die shows 1 to 6"),
            Variant({"event": "at least"}, "that is P(sum ≥ 10), at least ten; the question asks for exactly ten"),
            Variant({"event": "at most"}, "that is P(sum ≤ 10), at most ten; the question asks for exactly ten"),
            Variant({"ordered": False}, "you counted unordered rolls like {1, 3, 6} once; (1, 3, 6) and (6, 3, 1) "
                                        "are different rolls of three dice"),
        ],
        mistakes=[
            Mistake(Fraction(1, 16), "the 16 sums 3 to 18 are not equally likely: count the 216 ordered rolls"),
            Mistake(Fraction(3, 28), "you counted unordered rolls like {1, 3, 6} once; (1, 3, 6) and (6, 3, 1) "
                                     "are different rolls of three dice"),
            Mistake(Fraction(6, 216), "each set of faces such as {1, 3, 6} can come in several orders: count "
                                      "ordered rolls"),
            Mistake(27, "that is a number of rolls: divide by the number of equally likely rolls"),
            Mistake(0.125, "give it exactly"),
        ],
    ),
}
