"""The keys of the warm-up's exercises and of the welcome lesson's try-its: each answer computed from first
principles, with the choices a student makes as arguments (defaults: the exercise's own), and its neighbours."""
from __future__ import annotations

import math
import operator
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product
from typing import Any

import sympy

from circuslib.core.tutor import Mistake, Model, Variant

K = sympy.Symbol("k", positive=True, integer=True)

EVENTS = {"exactly": operator.eq, "at least": operator.ge, "at most": operator.le}


def three_dice_total(dice: int = 3, low: int = 1, high: int = 6, total: int = 10, event: str = "exactly",
                     ordered: bool = True) -> Fraction:
    """P(the sum of the dice is ``event`` ``total``), counting rolls as ordered tuples of faces (or, a slip, as
    unordered sets of faces, each counted once)."""
    faces = range(low, high + 1)
    rolls = list(product(faces, repeat=dice) if ordered else combinations_with_replacement(faces, dice))
    hits = EVENTS[event]
    return Fraction(sum(hits(sum(roll), total) for roll in rolls), len(rolls))


def cards(top: int = 12, ordered: bool = False, same_number: bool = False) -> int:
    """How many cards carry two numbers from 1 to ``top``: each pair once (or, slips, each pair both ways round, or
    a number twice on one card)."""
    numbers = range(1, top + 1)
    if ordered:
        return sum(1 for a, b in product(numbers, repeat=2) if same_number or a != b)
    return len(list(combinations_with_replacement(numbers, 2) if same_number else combinations(numbers, 2)))


def turn_points(rolls: int = 3, wipe: bool = True, one_scores: int = 0, given_safe: bool = False) -> Fraction:
    """The expected points of a Pig turn that rolls ``rolls`` times and stops: a 1 wipes the turn out (or, slips,
    scores ``one_scores`` for its roll alone; or the mean is taken over the turns with no 1 only)."""
    totals = []
    for roll in product(range(1, 7), repeat=rolls):
        if given_safe and 1 in roll:
            continue
        if wipe and 1 in roll:
            totals.append(0)
        else:
            totals.append(sum(face if face != 1 else one_scores for face in roll))
    return Fraction(sum(totals), len(totals))


def safe_rolls(rolls: int = 2, event: str = "no 1") -> Fraction:
    """P(``rolls`` rolls in a row show ``event``: "no 1" (every roll safe), "all 1s", or "some 1")."""
    outcomes = list(product(range(1, 7), repeat=rolls))
    holds = {"no 1": lambda r: 1 not in r, "all 1s": lambda r: set(r) == {1}, "some 1": lambda r: 1 in r}[event]
    return Fraction(sum(1 for r in outcomes if holds(r)), len(outcomes))


def gain_of_a_roll(total: int = 14, chance: Fraction = Fraction(1, 6), lose_total: bool = True,
                   count_gains: bool = True, as_new_total: bool = False) -> Fraction:
    """The expected gain of one more roll with ``total`` points at stake this turn: a 1 loses them, a 2 to 6 adds
    its value (each face with ``chance``; slips: the loss or the gains left out, the new total for the gain)."""
    gains = sum(chance * face for face in range(2, 7)) if count_gains else 0
    loss = chance * total if lose_total else 0
    gain = gains - loss
    return total + gain if as_new_total else gain


def turns_for_narrower(n: int = 5000, narrower: int = 4, width_like: str = "1/sqrt(n)") -> int:
    """How many turns make the interval of ``n`` turns ``narrower`` times narrower, when its width goes like
    ``width_like`` (it goes like 1/sqrt(n); slips: like 1/n, 1/n², or growing like n)."""
    factor = {"1/sqrt(n)": Fraction(narrower) ** 2, "1/n": Fraction(narrower),
              "1/n^2": Fraction(math.isqrt(narrower)), "n": 1 / Fraction(narrower)}[width_like]
    return int(n * factor)


def points_of_k_rolls(mean_safe: Any = 4, wipe: bool = True, power_offset: int = 0, rolls_banked: bool = True
                      ) -> Any:
    """E(k), the expected points of a turn that rolls exactly k times, as a formula: a 1 among the k rolls wipes
    it (chance (5/6)^k that none comes), and each of the k safe rolls then averages ``mean_safe`` (slips: 3.5, no
    wipe, the power k - 1, one roll's points for the k rolls')."""
    chance = sympy.Rational(5, 6) ** (K + power_offset) if wipe else 1
    return sympy.sympify(mean_safe) * (K if rolls_banked else 1) * chance


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
    "twelve_number_deck": Model(
        answer=cards,
        variants=[
            Variant({"ordered": True}, "(3, 7) and (7, 3) are the same card turned round: count unordered pairs"),
            Variant({"same_number": True}, "a card never shows the same number on both ends"),
            Variant({"top": 10}, "that is the count for Scout's own numbers 1 to 10; this deck goes up to 12"),
            Variant({"top": 11}, "that is the count for the numbers 1 to 11; this deck goes up to 12"),
        ],
        mistakes=[
            Mistake(132, "(3, 7) and (7, 3) are the same card turned round: count unordered pairs"),
            Mistake(144, "a card has two *different* numbers, and each pair appears once"),
            Mistake(78, "a card never shows the same number on both ends"),
            Mistake(66.0, "a count is a whole number"),
        ],
    ),
    "three_rolls": Model(
        answer=turn_points,
        variants=[
            Variant({"given_safe": True}, "that is the total when no 1 comes; a 1 among the three rolls wipes the "
                                          "turn out"),
            Variant({"wipe": False, "one_scores": 1}, "a 1 does not score 1 point: it wipes out the whole turn"),
            Variant({"wipe": False}, "a 1 does not just score nothing for its roll: it wipes out the whole turn, so "
                                     "count the three rolls together"),
            Variant({"rolls": 2}, "that is for a turn of two rolls; this turn rolls three times"),
            Variant({"rolls": 4}, "that is for a turn of four rolls; this turn rolls three times"),
        ],
        mistakes=[
            Mistake(12, "that is the total when no 1 comes; a 1 among the three rolls wipes the turn out"),
            Mistake(Fraction(21, 2), "a 1 does not score 1 point: it wipes out the whole turn"),
            Mistake(10, "a 1 does not just score nothing for its roll: it wipes out the whole turn, so count the "
                        "three rolls together"),
            Mistake(Fraction(125, 216), "that is the chance that no 1 comes; multiply by the points the turn then "
                                        "banks"),
            Mistake(6.944, "give it exactly"),
        ],
    ),
    "expected_points_of_k_rolls": Model(
        answer=points_of_k_rolls, success="E(k) = 4k (5/6)^k; E(k + 1)/E(k) = (k + 1)/k × 5/6",
        variants=[
            Variant({"wipe": False}, "a 1 among the k rolls wipes the turn: multiply by the chance that none comes"),
            Variant({"mean_safe": sympy.Rational(7, 2)}, "when no 1 comes, each roll shows 2 to 6, so it averages "
                                                         "4, not 3.5"),
            Variant({"power_offset": -1}, "the chance that none of the k rolls is a 1 is 5/6 to the power k, not "
                                          "k − 1"),
            Variant({"rolls_banked": False}, "the k safe rolls bank about 4 points each, so 4k in all: multiply by "
                                             "k as well"),
            Variant({"mean_safe": sympy.Rational(10, 3), "wipe": False}, "a 1 does not just score nothing for its "
                                                                         "roll: it wipes out the whole turn"),
        ],
        mistakes=[
            Mistake(4 * K, "a 1 among the k rolls wipes the turn: multiply by the chance that none comes"),
            Mistake(sympy.Rational(7, 2) * K * sympy.Rational(5, 6) ** K,
                    "when no 1 comes, each roll shows 2 to 6, so it averages 4, not 3.5"),
            Mistake(sympy.Rational(5, 6) ** K, "that is the chance that no 1 comes; multiply by the points the turn "
                                               "then banks"),
            Mistake(4 * K * sympy.Float(0.8333) ** K, "give it exactly"),
            Mistake(20 * K / 6, "a 1 does not just score nothing for its roll: it wipes out the whole turn"),
        ],
    ),
    "two_safe_rolls": Model(
        answer=safe_rolls,
        variants=[
            Variant({"rolls": 1}, "that is the chance of one safe roll; for 'this and then that', multiply the "
                                  "chances"),
            Variant({"rolls": 3}, "that is the chance of three safe rolls in a row; the question asks for two"),
            Variant({"event": "all 1s"}, "that is the chance that both rolls are 1s; you want both to avoid the 1"),
            Variant({"event": "some 1"}, "that is the chance that at least one roll is a 1: take its complement"),
        ],
        mistakes=[
            Mistake(Fraction(5, 6), "that is the chance of one safe roll; for 'this and then that', multiply the "
                                    "chances"),
            Mistake(Fraction(1, 36), "that is the chance that both rolls are 1s; you want both to avoid the 1"),
            Mistake(Fraction(11, 36), "that is the chance that at least one roll is a 1: take its complement"),
            Mistake(Fraction(10, 6), "for 'this and then that', multiply the chances; adding them can pass 1"),
        ],
    ),
    "gain_at_fourteen": Model(
        answer=gain_of_a_roll, success="(20 − 14)/6 = 1 point: still worth rolling",
        variants=[
            Variant({"lose_total": False}, "a 1 loses the 14 points already banked this turn: count that loss"),
            Variant({"count_gains": False}, "a roll of 2 to 6 adds its value: count those gains too"),
            Variant({"chance": Fraction(1, 5)}, "each face has chance 1/6, not 1/5: the 1 is one of the six faces"),
            Variant({"as_new_total": True}, "that is the expected turn total after the roll; the gain is what the "
                                            "roll adds to the 14 at stake"),
        ],
        mistakes=[
            Mistake(Fraction(20, 6), "a 1 loses the 14 points already banked this turn: count that loss"),
            Mistake(Fraction(-14, 6), "a roll of 2 to 6 adds its value: count those gains too"),
            Mistake(Fraction(6, 5), "each face has chance 1/6, not 1/5: the 1 is one of the six faces"),
            Mistake(1.0, "give it exactly"),
        ],
    ),
    "turns_for_a_quarter_width": Model(
        answer=turns_for_narrower, success="16 times the turns: the width goes like 1/√n",
        variants=[
            Variant({"width_like": "1/n"}, "four times the turns only halves the width: the width goes like "
                                            "1/sqrt(n)"),
            Variant({"width_like": "1/n^2"}, "the width goes like 1/sqrt(n): to divide it by 4, multiply n by 4 "
                                               "squared"),
            Variant({"width_like": "n"}, "more turns make the interval narrower, not fewer"),
        ],
        mistakes=[
            Mistake(20_000, "four times the turns only halves the width: the width goes like 1/sqrt(n)"),
            Mistake(10_000, "the width goes like 1/sqrt(n): to divide it by 4, multiply n by 4 squared"),
            Mistake(1_250, "more turns make the interval narrower, not fewer"),
            Mistake(80_000.0, "a count is a whole number"),
        ],
    ),
}
