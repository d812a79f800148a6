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


def cards(top: int = 12, ordered: bool = False, same_number: bool = False, low: int = 1,
          either_side_up: bool = False) -> int:
    """How many cards carry two numbers from ``low`` to ``top``: each pair once (or, slips, each pair both ways
    round, a number twice on one card, the numbers from 0 as range(13) gives them, or each card counted again
    turned over)."""
    numbers = range(low, top + 1)
    if ordered:
        count = sum(1 for a, b in product(numbers, repeat=2) if same_number or a != b)
    else:
        count = len(list(combinations_with_replacement(numbers, 2) if same_number else combinations(numbers, 2)))
    return 2 * count if either_side_up else count


def turn_points(rolls: int = 3, wipe: bool = True, one_scores: int = 0, given_safe: bool = False,
                chance_rolls: int | None = None, banked_rolls: int | None = None, mean_roll: Fraction | None = None,
                chance_of: str = "no 1") -> Fraction:
    """The expected points of a Pig turn that rolls ``rolls`` times and stops: a 1 wipes the turn out (or, slips,
    scores ``one_scores`` for its roll alone; or the mean is taken over the turns with no 1 only).

    The other slips are in one factor of P(no 1 in the rolls) × the rolls banked × the mean of a safe roll: the
    chance over ``chance_rolls`` rolls, or ``chance_of`` "not all 1s"; ``banked_rolls`` rolls banked; a safe roll
    averaging ``mean_roll``."""
    if chance_rolls is not None or banked_rolls is not None or mean_roll is not None or chance_of != "no 1":
        chance = (Fraction(5, 6) ** (rolls if chance_rolls is None else chance_rolls) if chance_of == "no 1"
                  else 1 - Fraction(1, 6) ** rolls)
        return chance * (rolls if banked_rolls is None else banked_rolls) * (4 if mean_roll is None else mean_roll)
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
                   count_gains: bool = True, as_new_total: bool = False, loss_chance: Fraction | None = None,
                   gains_over: int | None = None, one_adds: bool = False, low: int = 1, high: int = 6,
                   sign: int = 1) -> Fraction:
    """The expected gain of one more roll with ``total`` points at stake this turn: the lowest face (a 1) loses
    them, each other face adds its value, each face with ``chance`` (slips: the loss or the gains left out, the new
    total for the gain, the loss weighed by ``loss_chance``, the gains averaged over ``gains_over`` faces, the 1
    adding too, a die numbered ``low`` to ``high``, the sign the wrong way)."""
    adding = range(low if one_adds else low + 1, high + 1)
    weight = chance if gains_over is None else Fraction(1, gains_over)
    gains = sum(weight * face for face in adding) if count_gains else 0
    loss = (chance if loss_chance is None else loss_chance) * total if lose_total else 0
    gain = sign * (gains - loss)
    return total + gain if as_new_total else gain


def turns_for_narrower(n: int = 5000, narrower: int = 4, width_like: str = "1/sqrt(n)", extra: bool = False,
                       factor_only: bool = False) -> int:
    """How many turns make the interval of ``n`` turns ``narrower`` times narrower, when its width goes like
    ``width_like`` (it goes like 1/sqrt(n); slips: like 1/n, 1/n², growing like n or like sqrt(n)); slips too: the
    ``extra`` turns only, or the ``factor_only`` without the turns."""
    factor = {"1/sqrt(n)": Fraction(narrower) ** 2, "1/n": Fraction(narrower),
              "1/n^2": Fraction(math.isqrt(narrower)), "n": 1 / Fraction(narrower),
              "sqrt(n)": 1 / Fraction(narrower) ** 2}[width_like]
    if factor_only:
        return int(factor)
    return int(n * factor) - (n if extra else 0)


def points_of_k_rolls(mean_safe: Any = 4, wipe: bool = True, power_offset: int = 0, rolls_banked: bool = True,
                      chance_of: str = "no 1") -> Any:
    """E(k), the expected points of a turn that rolls exactly k times, as a formula: a 1 among the k rolls wipes
    it (chance (5/6)^k that none comes), and each of the k safe rolls then averages ``mean_safe`` (slips: 3.5, no
    wipe, the power k - 1, one roll's points for the k rolls', the chance ``chance_of`` "all 1s" or "not all
    1s")."""
    base = {"no 1": sympy.Rational(5, 6) ** (K + power_offset), "all 1s": sympy.Rational(1, 6) ** K,
            "not all 1s": 1 - sympy.Rational(1, 6) ** K}[chance_of]
    chance = base if wipe else 1
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
            Variant({"low": 0}, "that is for the numbers 0 to 12, thirteen of them (range(13) starts at 0); this "
                                "deck's numbers are 1 to 12"),
            Variant({"ordered": True, "either_side_up": True},
                    "a card turned round or turned over is still the same card: count each pair of numbers once"),
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
            Variant({"chance_rolls": 1}, "5/6 is the chance of no 1 in one roll; no 1 in all three rolls has "
                                         "chance (5/6)³, one factor for each roll"),
            Variant({"chance_rolls": 2}, "(5/6)² is the chance of no 1 in two rolls; no 1 in all three rolls has "
                                         "chance (5/6)³, the power 3"),
            Variant({"banked_rolls": 1}, "that is the points of one roll; each of the three rolls banks about 4 "
                                         "points when no 1 comes, so multiply by 3"),
            Variant({"mean_roll": Fraction(7, 2)}, "when no 1 comes, each roll shows 2 to 6, so it averages 4, not "
                                                   "3.5 (the 1 included)"),
            Variant({"mean_roll": Fraction(20, 6)}, "averaging the safe faces over six counts the chance of a 1 "
                                                    "twice: given no 1, a roll shows one of the five faces 2 to 6, "
                                                    "so it averages 4"),
            Variant({"chance_of": "not all 1s"}, "1 − (1/6)³ is the chance that not all three rolls are 1s; the "
                                                 "turn needs no 1 at all, chance (5/6)³"),
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
            Variant({"rolls_banked": False}, "that is the points of one roll; the k safe rolls bank about 4 points "
                                             "each, so 4k in all: multiply by k as well"),
            Variant({"mean_safe": sympy.Rational(10, 3)}, "averaging the safe faces over six counts the chance of a "
                                                          "1 twice: given no 1, a roll shows one of the five faces 2 "
                                                          "to 6, so it averages 4"),
            Variant({"chance_of": "all 1s"}, "(1/6)^k is the chance that all k rolls are 1s; the turn needs no 1 at "
                                             "all, chance (5/6)^k"),
            Variant({"chance_of": "not all 1s"}, "1 − (1/6)^k is the chance that not all k rolls are 1s; the turn "
                                                 "needs no 1 at all, chance (5/6)^k"),
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
            Variant({"chance": Fraction(1)}, "each face comes with chance 1/6: weigh each gain and the loss by it "
                                             "(divide by 6)"),
            Variant({"loss_chance": Fraction(1)}, "the 14 points are lost only when a 1 comes, with chance 1/6: "
                                                  "weigh the loss by that chance too"),
            Variant({"gains_over": 5}, "each of the faces 2 to 6 comes with chance 1/6, one of all six faces: "
                                       "divide by 6, not 5"),
            Variant({"one_adds": True}, "a 1 adds nothing to the turn: it loses the 14, so the gains are those of "
                                        "the faces 2 to 6 only"),
            Variant({"sign": -1}, "that is the gain with its sign the wrong way: the faces 2 to 6 add, the 1 takes "
                                  "away"),
            Variant({"total": 15}, "that is the gain with 15 points at stake; this turn has 14"),
            Variant({"low": 0, "high": 5}, "that is for a die numbered 0 to 5; a die shows 1 to 6, and its 1 loses "
                                           "the turn"),
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
            Variant({"width_like": "sqrt(n)"}, "16 is the right factor, but it takes more turns to narrow the "
                                               "interval: multiply by it, do not divide"),
            Variant({"extra": True}, "that is the extra turns only; the question asks how many turns in all"),
            Variant({"factor_only": True}, "that is the factor; the turns are the 5,000 turns times that factor"),
        ],
        mistakes=[
            Mistake(20_000, "four times the turns only halves the width: the width goes like 1/sqrt(n)"),
            Mistake(10_000, "the width goes like 1/sqrt(n): to divide it by 4, multiply n by 4 squared"),
            Mistake(1_250, "more turns make the interval narrower, not fewer"),
            Mistake(80_000.0, "a count is a whole number"),
        ],
    ),
}
