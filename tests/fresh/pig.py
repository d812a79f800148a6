"""Fresh wrong answers to the warm-up exercises and the welcome lesson's try-its (one turn of Pig, dice, cards)."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb, perm

import networkx as nx
import sympy

from . import FROM_A_FLOAT, Fresh, mean_interval

# ---------------------------------------------------------------------------------------------------------
# 1. three dice make ten

DIE = range(1, 7)


def p_sum(total: int, dice: int = 3, faces: range = DIE, event: str = "exactly") -> Fraction:
    """P(the sum of the dice is total), or at least / at most it, over the ordered rolls."""
    rolls = list(product(faces, repeat=dice))
    keep = {"exactly": lambda s: s == total, "at least": lambda s: s >= total, "at most": lambda s: s <= total}
    return Fraction(sum(1 for roll in rolls if keep[event](sum(roll))), len(rolls))


unordered = list(combinations_with_replacement(DIE, 3))   # the 56 multisets, taken as equally likely
TEN = p_sum(10)
# ---------------------------------------------------------------------------------------------------------
# 3. three rolls, then stop: right is P(no 1)^3 x 3 x 4

E_THREE = Fraction(5, 6) ** 3 * 3 * 4
# ---------------------------------------------------------------------------------------------------------
# 6. E(k) rolls

k = sympy.Symbol("k", positive=True, integer=True)
five_sixths = sympy.Rational(5, 6)

# ---------------------------------------------------------------------------------------------------------
# welcome: two safe rolls, the gain at 14, a quarter of the width

t = sympy.Symbol("t", nonnegative=True)
gain = sympy.Rational(1, 6) * (-t) + sum(sympy.Rational(1, 6) * face for face in range(2, 7))


# ---------------------------------------------------------------------------------------------------------
# 4. steps round the ranks: wrong functions

def steps_no_wrap(a, b):
    return abs(a - b)


def steps_mod_12(a, b):
    up = (b - a) % 12
    return min(up, 12 - up)


def steps_up_only(a, b):
    return (b - a) % 13


def steps_longest(a, b):
    up = (b - a) % 13
    return max(up, 13 - up) if up else 0


def steps_half_as_decimal(a, b):
    d = abs(a - b)
    return d if d <= 13 / 2 else 13.0 - d   # a float where the ranks wrap


def steps_off_by_one(a, b):
    up = (b - a) % 13
    return min(up, 14 - up) if up else 0


def steps_by_graph_search(a, b):
    return nx.shortest_path_length(nx.cycle_graph(13), a - 1, b - 1)   # a graph search, not arithmetic


# ---------------------------------------------------------------------------------------------------------
# 5. stop at 15: wrong simulations (a turn's points, from rng)

def turn(rng, *, goal=15, wipe=True, faces=(1, 6), strictly=False):
    total = 0
    while (total <= goal) if strictly else (total < goal):
        face = rng.randint(*faces)
        if face == 1:
            return 0 if wipe else total
        total += face
    return total


def simulating(play=turn, *, rng_use="once", keep_busts=True, estimate="mean", **interval):
    def simulate(n, seed):
        rng = random.Random(seed)
        points = []
        for _ in range(n):
            if rng_use == "each":
                rng = random.Random(seed)
            points.append(play(random if rng_use == "global" else rng))
        if not keep_busts:
            points = [p for p in points if p > 0]
        mean, interval_ = mean_interval(points, **interval)
        if estimate == "sum":
            return sum(points), (interval_[0] * len(points), interval_[1] * len(points))
        if estimate == "alone":
            return mean
        return mean, interval_

    return simulate


FRESH = [
    # three dice make ten
    Fresh("three_dice_ten", p_sum(10, dice=2), "two dice instead of three", ("two dice", "2 dice", "third die")),
    Fresh("three_dice_ten", p_sum(10, faces=range(0, 6)), "a die numbered 0 to 5",
          ("zero", r"0 to 5", r"0\.\.5", r"range\(6\)", "1 to 6", "numbered")),
    Fresh("three_dice_ten", Fraction(sum(1 for roll in unordered if sum(roll) == 10), len(unordered)),
          "unordered rolls (multisets) counted as equally likely",
          ("ordered", "unordered", "order", "multiset", "sorted", "combinations")),
    Fresh("three_dice_ten", Fraction(1, len(range(3, 19))), "the 16 sums taken as equally likely",
          ("sums", "16", "equally likely")),
    Fresh("three_dice_ten", p_sum(10, event="at least"), "at least 10 instead of exactly 10",
          ("at least", "or more", ">=", "≥")),
    Fresh("three_dice_ten", p_sum(10, event="at most"), "at most 10 instead of exactly 10",
          ("at most", "or less", "<=", "≤")),
    Fresh("three_dice_ten", sum(1 for roll in product(DIE, repeat=3) if sum(roll) == 10),
          "the count of rolls, not a probability", ("count", "divide", "number of")),
    Fresh("three_dice_ten", TEN * 100, "a percentage", ("percent", "%")),
    Fresh("three_dice_ten", float(TEN), "a decimal", ("decimal", "exact", "float")),
    Fresh("three_dice_ten", 1 - TEN, "the complement, P(sum is not 10)", ("complement", "not 10", "1 -", "opposite")),
    Fresh("three_dice_ten", TEN / (1 - TEN), "odds for, not a probability", ("odds", "against", "for to")),
    Fresh("three_dice_ten", sympy.N(sympy.Rational(TEN.numerator, TEN.denominator)), "sympy.N(...): a decimal",
          ("decimal", "float", r"n\(", "evalf", "exact")),
    # a bigger Scout deck
    Fresh("twelve_number_deck", perm(12, 2), "ordered pairs: a card turned round counted twice",
          ("order", "turned", "twice", "both ways", "round")),
    Fresh("twelve_number_deck", comb(12, 2) + 12, "a card with the same number at both ends allowed",
          ("different", "same number", "double", "itself")),
    Fresh("twelve_number_deck", comb(10, 2), "the numbers 1 to 10 of the lesson's deck",
          ("ten", r"\b10\b", "1 to 12", "twelve", r"\b12\b")),
    Fresh("twelve_number_deck", 12 ** 2, "ordered pairs, doubles included",
          ("order", "different", "same number", "double")),
    Fresh("twelve_number_deck", comb(11, 2), "range(1, 12): the numbers 1 to 11",
          ("eleven", r"\b11\b", "off by one", "1 to 12", "twelve")),
    Fresh("twelve_number_deck", comb(13, 2), "range(13): the numbers 0 to 12",
          ("zero", r"\b0\b", "0 to 12", "thirteen", r"\b13\b", "off by one")),
    Fresh("twelve_number_deck", float(comb(12, 2)), "12 * 11 / 2: a decimal", ("decimal", "whole", "int", "//")),
    Fresh("twelve_number_deck", comb(12, 2) * 4, "each of the two ends either way up, ordered",
          ("orient", "turn", "way up", "twice", "order", "end")),
    # three rolls, then stop
    Fresh("three_rolls", Fraction(float(E_THREE)), "Fraction(125 / 18): a Fraction made from a float",
          FROM_A_FLOAT),
    Fresh("three_rolls", Fraction(5, 6) ** 3 * 3 * Fraction(7, 2), "the mean of a roll as 3.5, the 1 included",
          ("3.5", "7/2", "2 to 6", "not a 1", "given", "condition", "includ")),
    Fresh("three_rolls", 3 * Fraction(7, 2), "three rolls of 3.5, the wipe-out forgotten",
          ("wipe", "bust", "a 1 ", "lose", "0 points")),
    Fresh("three_rolls", 3 * Fraction(4), "three safe rolls of 4, the chance of a 1 forgotten",
          ("wipe", "bust", "no 1", "5/6", "a 1 ")),
    Fresh("three_rolls", Fraction(5, 6) * 3 * 4, "the chance of no 1 for one roll only",
          ("every roll", "each roll", "three rolls", "cube", r"\^3", r"\*\*3", "power", "all three")),
    Fresh("three_rolls", Fraction(5, 6) ** 2 * 3 * 4, "(5/6)^2: one roll too few in the chance of no 1",
          ("power", "exponent", "three rolls", "cube", "all three", "off by one")),
    Fresh("three_rolls", Fraction(5, 6) ** 3 * 4, "the points of one roll, not of three",
          ("three rolls", "one roll", "times 3", "linearity", "sum")),
    Fresh("three_rolls", Fraction(5, 6) ** 3 * 3 * Fraction(2 + 3 + 4 + 5 + 6, 6),
          "the safe faces averaged over six: the chance of no 1 counted twice",
          ("twice", "double", "divide by 5", "five", "given", "condition")),
    Fresh("three_rolls", Fraction(str(round(float(E_THREE), 2))), "rounded early to 6.94",
          ("round", "decimal", "exact")),
    Fresh("three_rolls", Fraction(5, 6) ** 3, "the chance of no 1, not the points",
          ("probability", "chance", "points")),
    Fresh("three_rolls", (1 - Fraction(1, 6) ** 3) * 3 * 4, "1 - (1/6)^3: not all three are 1s, for no 1 at all",
          ("no 1", "none", "all three", "complement", "5/6", "at least one")),
    # steps round the ranks
    Fresh("steps_between", steps_no_wrap, "no wrap past the King", ("wrap", "cycle", "king", "ace", "round")),
    Fresh("steps_between", steps_mod_12, "modulo 12, not 13", (r"\b12\b", r"\b13\b", "thirteen", "twelve")),
    Fresh("steps_between", steps_up_only, "going up only", ("direction", "down", "either way", "both ways",
                                                            "shorter", "min")),
    Fresh("steps_between", steps_longest, "the longer way round (max, not min)",
          ("longer", "max", "shortest", "min", "fewest")),
    Fresh("steps_between", steps_half_as_decimal, "13 / 2 and 13.0: a decimal returned",
          ("decimal", "float", "whole", "int")),
    Fresh("steps_between", steps_off_by_one, "14 - up: one step too many the other way",
          ("off by one", "one too many", r"\b14\b", r"\b13\b")),
    Fresh("steps_between", steps_by_graph_search, "a graph search, where arithmetic only is asked",
          ("graph", "arithmetic", "networkx", "search", "shortest_path")),
    # stop at 15: wrong simulations
    Fresh("stop_at_15_simulation", simulating(lambda rng: turn(rng, goal=20)), "stops at 20, not 15",
          ("20", "15", "stop", "threshold", "reaches"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(lambda rng: turn(rng, wipe=False)),
          "a 1 ends the turn but keeps the total",
          ("wipe", "a 1", "bust", "zero", "0 points", "loses"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(lambda rng: turn(rng, faces=(0, 5))), "a die numbered 0 to 5",
          ("die", "face", "0 to 5", "1 to 6", "randint", "zero"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(lambda rng: turn(rng, strictly=True)), "stops above 15, not at 15",
          ("15", "16", "reaches", "at least", "stop", "threshold"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(rng_use="global"), "draws from the global random, not rng",
          ("rng", r"random\.random\(seed\)", "seed", "repeat"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(rng_use="each"), "random.Random(seed) made again for every turn",
          ("same seed", "once", "every turn", "inside the loop", "each turn", "one generator", "re-creat"),
          simulation=True),
    Fresh("stop_at_15_simulation", simulating(z=1.645), "a 90% interval (1.645)",
          ("1.645", "90", "95", "1.96", "confidence level"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(z=1), "no 1.96: one standard error", ("1.96", "68"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(spread="variance"), "the variance for the standard deviation",
          ("variance", "standard deviation", "square root of the", "sd"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(divide="n"), "divided by n, not by sqrt(n)",
          ("sqrt", "√", "by n", "divided by n"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(keep_busts=False), "the wiped-out turns left out of the mean",
          ("wiped", "bust", "0 points", "every turn", "leave out", "left out", "zero"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(estimate="sum"), "the total points of n turns, not the mean",
          ("mean", "average", r"\bsum\b", "total", "per turn"), simulation=True),
    Fresh("stop_at_15_simulation", simulating(estimate="alone"), "the mean alone, no interval",
          ("interval", "low", "three numbers", "high"), simulation=True),
    # how many rolls is best
    Fresh("expected_points_of_k_rolls", five_sixths ** k * k * sympy.Rational(7, 2), "3.5 a roll, the 1 included",
          ("3.5", "7/2", "2 to 6", "not a 1", "given", "includ")),
    Fresh("expected_points_of_k_rolls", 4 * k, "the wipe-out forgotten", ("wipe", "bust", "5/6", "no 1", "a 1 ")),
    Fresh("expected_points_of_k_rolls", five_sixths ** (k - 1) * 4 * k, "(5/6)^(k - 1): off by one in the power",
          ("power", "exponent", r"k - 1", "every roll", "off by one", "k rolls")),
    Fresh("expected_points_of_k_rolls", sympy.Rational(1, 6) ** k * 4 * k, "(1/6)^k: the chance of all 1s",
          ("1/6", "5/6", "no 1", "all 1s", "complement")),
    Fresh("expected_points_of_k_rolls", (1 - sympy.Rational(1, 6) ** k) * 4 * k, "1 - (1/6)^k for the chance of no 1",
          ("no 1", "none", "complement", "5/6", "at least one", "all")),
    Fresh("expected_points_of_k_rolls", five_sixths ** k * 4, "the points of one roll, not k",
          ("k rolls", "sum", "times k", "linearity", "one roll")),
    Fresh("expected_points_of_k_rolls", sympy.Float(0.8333) ** k * 4 * k, "0.8333 for 5/6: a decimal",
          ("decimal", "float", "exact")),
    Fresh("expected_points_of_k_rolls", five_sixths ** sympy.Symbol("n") * 4 * sympy.Symbol("n"), "the symbol n, not k",
          ("symbol", r"\bk\b", r"\bn\b")),
    Fresh("expected_points_of_k_rolls", (five_sixths ** k * 4 * k).subs(k, 5), "E at k = 5, a number, not the formula",
          ("symbol", "formula", r"\bk\b", "expression", "number")),
    Fresh("expected_points_of_k_rolls", five_sixths ** k * k * sympy.Rational(20, 6),
          "the safe faces averaged over six: the chance of no 1 counted twice",
          ("twice", "double", "divide by 5", "five", "given", "condition")),
    # welcome: two safe rolls
    Fresh("two_safe_rolls", Fraction(1, 36), "both dice show a 1", ("both", "two 1s", "neither", "double")),
    Fresh("two_safe_rolls", 1 - Fraction(25, 36), "the complement: at least one 1",
          ("complement", "at least one", "1 -", "opposite")),
    Fresh("two_safe_rolls", Fraction(5, 6), "one die only",
          ("two dice", "both dice", "one die", "one roll", "one safe roll", "second")),
    Fresh("two_safe_rolls", Fraction(5, 6) + Fraction(5, 6), "added, not multiplied",
          ("add", "multipl", "product", "independent")),
    Fresh("two_safe_rolls", 25, "the count of rolls", ("count", "divide", r"\b36\b")),
    Fresh("two_safe_rolls", float(Fraction(25, 36)), "a decimal", ("decimal", "exact", "float")),
    Fresh("two_safe_rolls", Fraction(25 / 36), "Fraction(25 / 36): made from a float",
          FROM_A_FLOAT),
    Fresh("two_safe_rolls", 1 - Fraction(1, 6) - Fraction(1, 6), "1 - 1/6 - 1/6: the double 1 taken away twice",
          ("subtract", "overlap", "twice", "multipl", "1/36", "inclusion", "both")),
    Fresh("two_safe_rolls", Fraction(comb(5, 2) + 5, comb(6, 2) + 6), "unordered rolls taken as equally likely",
          ("order", "unordered", r"\b21\b")),
    Fresh("two_safe_rolls", Fraction(25, 36) * 100, "a percentage", ("percent", "%")),
    # welcome: the gain at 14
    Fresh("gain_at_fourteen", 20 - 14, "20 - 14, not divided by 6", ("divide", "sixth", r"/ ?6", "chance", "average")),
    Fresh("gain_at_fourteen", Fraction(20, 6) - 14, "the loss of 14 not weighted by 1/6",
          ("1/6", "lose", "chance", "t/6", "14/6", "weigh")),
    Fresh("gain_at_fourteen", Fraction(2 + 3 + 4 + 5 + 6, 5) - Fraction(14, 6), "the safe faces averaged over five",
          ("divide by 6", "/5", "five", "all six", "6 faces", "six faces")),
    Fresh("gain_at_fourteen", Fraction(21 - 14, 6), "the face 1 added too", ("face 1", "a 1", "2 to 6", r"\b21\b")),
    Fresh("gain_at_fourteen", 14 + Fraction(20 - 14, 6), "the expected total after the roll, not the gain",
          ("total", "gain", "change", "expected total", "add")),
    Fresh("gain_at_fourteen", Fraction(14 - 20, 6), "the sign the wrong way", ("sign", "negative", "minus", "opposite",
                                                                               "other way")),
    Fresh("gain_at_fourteen", float(gain.subs(t, 14)), "a decimal, 1.0", ("decimal", "float", "exact")),
    Fresh("gain_at_fourteen", gain, "gain itself, t not substituted", ("symbol", "subs", r"\bt\b", "substitut")),
    Fresh("gain_at_fourteen", gain.subs(t, 15), "the gain at 15", (r"\b15\b", r"\b14\b", "off by one", "total of")),
    Fresh("gain_at_fourteen", Fraction(1 + 2 + 3 + 4 + 5, 6) - Fraction(14, 6), "a die numbered 0 to 5",
          ("zero", "0 to 5", "1 to 6", "faces", "numbered")),
    # welcome: four times narrower
    Fresh("turns_for_a_quarter_width", 5_000 * 4, "four times the turns, not sixteen",
          ("square", "sqrt", "√", r"\b16\b", "sixteen")),
    Fresh("turns_for_a_quarter_width", 5_000 // 4, "fewer turns for a narrower interval",
          ("more", "fewer", "direction", "grow", "wider")),
    Fresh("turns_for_a_quarter_width", 5_000 // 16, "5,000 / 16: the right factor the wrong way",
          ("more", "fewer", "direction", "grow", "wider")),
    Fresh("turns_for_a_quarter_width", 5_000 * 2, "twice the turns", ("square", "sqrt", "√", r"\b16\b", "sixteen")),
    Fresh("turns_for_a_quarter_width", 5_000 * 16 - 5_000, "the extra turns, not the total",
          ("more", "total", "in all", "additional", "extra", "5,000", "5000")),
    Fresh("turns_for_a_quarter_width", float(5_000 * 4 ** 2), "5000 * 4 ** 2.0: a decimal", ("decimal", "whole",
                                                                                            "int")),
    Fresh("turns_for_a_quarter_width", 4 ** 2, "the factor 16, not the number of turns",
          ("factor", "times", "turns", "5,000", "5000", "multipl")),
]
