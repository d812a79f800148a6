"""Self-checks for the Petit Cirque Volant exercises (solutions/petit_cirque_volant.ipynb).

Each check explains a wrong answer in one line and never gives the right one. Every exercise keeps, as data, the
wrong answers students are likely to give (its ``mistakes=``), each with the hint its check gives; the tests feed
them all through. The situations are new (four shots one level up, a crossfire, a duel at 2 hexes, a balloon behind
the plane): the lesson prints none of these answers. The references come from the kit (``odds``, ``graphs``,
``rules``); the exercise notebook itself imports only the rules and the core tools.
"""
from __future__ import annotations

import math
import numbers
import random
import sys
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any, cast

import sympy

from ..core.exact import AbsorbingChain
from ..core.teach import (
    Checks,
    Exercise,
    Mistake,
    WrongAnswer,
    call_student,
    check_exact,
    check_formula,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    simulation_of,
)
from .graphs import reachable
from .odds import p, q
from .rules import MIN_LEVEL, Plane, effective_range, line_ahead, manoeuvre_options, manoeuvre_result
from .rules import hex_distance as kit_hex_distance

__all__ = ["check", "DUEL_STATES", "RED_START", "RED_SPEED", "BALLOON",
           "DUEL_RUNS", "duel_matrix"]

check = Checks("Le Petit Cirque Volant")

F = Fraction


# ---------------------------------------------------------------------------------------------------------
# 1. four shots at a plane one level up: the complement rule

# 1 hex ahead and one level up is effective range 2: only 5 and 6 hit, p = 1/3. P(no hit in 4) = (2/3)^4 = 16/81.
@check.exercise(
    title="Four shots, one level up", practises="independent shots and the complement rule",
    stars=1, minutes=5, answer=1 - F(2, 3) ** 4,
    mistakes=[
        Mistake(F(4, 3), "you added the four chances: shots can hit together, so their chances do not add "
                         "(and a probability never exceeds 1)"),
        Mistake(F(16, 81), "that is the chance that all four shots miss; at least one hit is the other case"),
        Mistake(F(1, 81), "that is the chance that all four shots hit"),
        Mistake(F(80, 81), "1 - P(all four hit) is the chance that at least one shot misses"),
        Mistake(F(15, 16), "one level up counts as one hex further: the shot is at effective range 2, not 1"),
        Mistake(0.8025, "give it exactly"),
    ])
def at_least_one_hit(answer: Any, exercise: Exercise) -> str:
    """P(at least one of 4 shots hits) at 1 hex ahead, one level up."""
    return check_probability(answer, exercise.expected, what="P(at least one hit)", mistakes=exercise.mistakes,
                             success="P(at least one hit) = 1 - P(all miss)")


# ---------------------------------------------------------------------------------------------------------
# 2. the geometric law of the first hit

FIRST_HIT_INPUTS = [(k, chance) for chance in (F(1, 2), F(1, 3), F(1, 6)) for k in (1, 2, 3, 5)] + [(4, F(2, 5))]


def _first_hit(k: int, chance: Fraction) -> Fraction:
    return (1 - chance) ** (k - 1) * chance


@check.exercise(
    title="The first hit", practises="the geometric law: k - 1 misses, then a hit",
    stars=1, minutes=10, model=_first_hit,
    mistakes=[
        Mistake(lambda k, p: (1 - p) ** k * p, "off by one: before a first hit on shot k there are k - 1 misses, "
                                               "not k"),
        Mistake(lambda k, p: p ** (k - 1) * (1 - p), "hit and miss are swapped: the first k - 1 shots miss "
                                                     "(chance 1 - p each), then one hits"),
        Mistake(lambda k, p: (1 - p) ** (k - 1), "the k - 1 misses are there, but shot k must also hit"),
        Mistake(lambda k, p: 1 - (1 - p) ** k, "that is P(at least one hit within k shots), not P(the first hit "
                                               "is shot k)"),
        Mistake(lambda k, p: float((1 - p) ** (k - 1) * p), "give it exactly"),
    ])
def first_hit(function: Any, exercise: Exercise) -> str:
    """A function first_hit(k, p): P(the first hit is shot number k) when each shot hits with chance p."""
    return check_function(function, cast(Callable[..., Any], exercise.model), FIRST_HIT_INPUTS, name="first_hit",
                          mistakes=exercise.mistakes,
                          success="the first hit on shot k: (1 - p)^(k - 1) p, a geometric law")


# ---------------------------------------------------------------------------------------------------------
# 3. a crossfire on a damaged plane: a geometric waiting time with two shooters

# Red 1 at effective range 2 (p = 1/3), Red 2 at range 3 (p = 1/6); a damaged plane dies on any hit.
# P(a turn ends it) = 1 - (2/3)(5/6) = 4/9, so the wait is geometric with mean 9/4 turns.
@check.exercise(
    title="Crossfire on a damaged plane", practises="geometric waiting time: the mean wait is 1 / P(success)",
    stars=2, minutes=10, answer=1 / (1 - F(2, 3) * F(5, 6)),
    mistakes=[
        Mistake(9, "you added the two waiting times: two shooters make the wait shorter, not longer"),
        Mistake(2, "you added the two chances to hit: both may hit in the same turn, and 1/3 + 1/6 counts that turn "
                   "twice"),
        Mistake(F(4, 9), "that is the chance that one turn finishes Blue; the question asks for the mean number "
                         "of turns"),
        Mistake(3, "that is Red 1's wait alone: Red 2 fires every turn too"),
        Mistake(F(9, 2), "you averaged the two waiting times; find the chance that a turn ends it first"),
        Mistake(F(9, 5), "1 / P(a turn does not end it) is not the wait: invert the chance that a turn ends it"),
        Mistake(2.25, "give it exactly"),
    ])
def crossfire_wait(answer: Any, exercise: Exercise) -> str:
    """The expected number of turns until the damaged Blue plane is destroyed by the crossfire."""
    return check_exact(answer, exercise.expected, what="the expected number of turns", mistakes=exercise.mistakes,
                       success="a geometric wait: 1 / P(a turn ends it)")


check.written("why_no_wear", title="A plane that does not wear out",
              practises="memorylessness of the geometric waiting time", stars=2, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 4. destroyed by exactly the second shot, in p and q

@check.exercise(
    title="Destroyed by the second shot", practises="paths through the damage chain, in symbols p and q",
    stars=2, minutes=10, answer=lambda: (1 - p) * q + (p - q) * p,
    mistakes=[
        Mistake((1 - p) * q, "a first shot that damages (chance p - q), then any hit, also destroys at the second "
                             "shot"),
        Mistake((p - q) * p, "a first shot that misses, then a 6, also destroys at the second shot"),
        Mistake((1 - p) * q + (p - q) ** 2, "a damaged plane is destroyed by any hit, a 6 included: the second "
                                           "factor is p, not p - q"),
        Mistake((1 - p) * p, "that is the geometric law of a plane that any hit destroys; an intact plane needs "
                             "a 6, or two hits"),
        Mistake(1 - (1 - p) ** 2 - 2 * (p - q) * (1 - p), "that is P(destroyed within two shots): it counts a 6 "
                                                          "on the first shot too"),
        Mistake(p ** 2, "two hits in a row is not it: after a first 6 there is nothing left to destroy, and a miss "
                        "then a 6 counts"),
        Mistake(sympy.Rational(1, 4), "write it in the symbols p and q, not for one range"),
    ])
def second_shot_formula(answer: Any, exercise: Exercise) -> str:
    """P(an intact plane is destroyed by exactly the second shot), as a sympy expression in p and q."""
    return check_formula(answer, exercise.expected, what="your formula", mistakes=exercise.mistakes,
                         success="miss then a 6, or damage then any hit")


# ---------------------------------------------------------------------------------------------------------
# 5-8. the duel at 2 hexes: an absorbing Markov chain with two absorbing states

DUEL_STATES = ("II", "ID", "DI", "DD", "Red wins", "Blue wins")
"""The duel's states, in the order of the matrix: Red's status then Blue's (I intact, D damaged), then the ends."""
DUEL_HIT, DUEL_SIX = F(1, 3), F(1, 6)  # 2 hexes, same level: 5 or 6 hit, the 6 destroys


def _shot(status: str, hit: Fraction, six: Fraction, *, damaged_dies: bool = True) -> dict[str, Fraction]:
    if status == "I":
        return {"I": 1 - hit, "D": hit - six, "X": six}
    if damaged_dies:
        return {"D": 1 - hit, "X": hit}
    return {"D": 1 - six, "X": six}


def _duel_rows(*, blue_first: bool = False, damaged_dies: bool = True,
               blue_fires: bool = True) -> dict[str, dict[str, Fraction]]:
    """One round of the duel: Red fires at Blue, then Blue (if it still flies) at Red; as {state: {state: chance}}."""
    rows = {}
    for state in DUEL_STATES[:4]:
        red, blue = state[0], state[1]
        row: dict[str, Fraction] = {}
        first, second = ("R", "B") if not blue_first else ("B", "R")
        status = {"R": red, "B": blue}
        for target_after, w1 in _shot(status[second], DUEL_HIT, DUEL_SIX, damaged_dies=damaged_dies).items():
            if target_after == "X":
                end = "Red wins" if first == "R" else "Blue wins"
                row[end] = row.get(end, 0) + w1
                continue
            replies = (_shot(status[first], DUEL_HIT, DUEL_SIX, damaged_dies=damaged_dies).items() if blue_fires
                       else [(status[first], F(1))])
            for shooter_after, w2 in replies:
                if shooter_after == "X":
                    end = "Blue wins" if first == "R" else "Red wins"
                    row[end] = row.get(end, 0) + w1 * w2
                    continue
                after = {first: shooter_after, second: target_after}
                key = after["R"] + after["B"]
                row[key] = row.get(key, 0) + w1 * w2
        rows[state] = row
    return rows


def _matrix(rows: dict[str, dict[str, Fraction]], *, absorbing_rows: bool = True) -> sympy.Matrix:
    m = sympy.zeros(6, 6)
    for i, state in enumerate(DUEL_STATES[:4]):
        for to, chance in rows[state].items():
            m[i, DUEL_STATES.index(to)] = sympy.Rational(chance.numerator, chance.denominator)
    if absorbing_rows:
        m[4, 4] = m[5, 5] = 1
    return m


@cache
def _duel_chain() -> AbsorbingChain:
    rows: dict[Hashable, Mapping[Hashable, Fraction]] = {
        state: {to: chance for to, chance in row.items()} for state, row in _duel_rows().items()}
    return AbsorbingChain(rows)


def duel_matrix() -> sympy.Matrix:
    """The duel's 6 x 6 transition matrix, rows and columns in the order of DUEL_STATES (the reference)."""
    return _matrix(_duel_rows())


TRUE_DUEL = _matrix(_duel_rows())


@check.exercise(
    title="The duel's transition matrix", practises="writing an absorbing Markov chain as a matrix with sympy",
    stars=2, minutes=15, answer=duel_matrix,
    mistakes=[
        Mistake(TRUE_DUEL.T, "your matrix is transposed: row i lists where state i goes, so each ROW adds up to 1"),
        Mistake(_matrix(_duel_rows(), absorbing_rows=False), "an absorbing state stays where it is: put a 1 on its "
                                                             "diagonal"),
        Mistake(_matrix(_duel_rows(blue_first=True)), "Red fires first in each round, then Blue if it still flies"),
        Mistake(_matrix(_duel_rows(damaged_dies=False)), "a damaged plane is destroyed by any hit, not only by a 6"),
        Mistake(_matrix(_duel_rows(blue_fires=False)), "Blue fires back in each round (if Red has not destroyed "
                                                       "it)"),
        Mistake(TRUE_DUEL[:4, :4], "that is Q alone: give the whole 6 x 6 matrix, the two absorbing states "
                                   "included"),
    ])
def duel_transition_matrix(answer: Any, exercise: Exercise) -> str:
    """The 6 x 6 transition matrix of one round of the duel, in the order of DUEL_STATES."""
    what = "your matrix"
    if answer is None or answer is Ellipsis:
        raise WrongAnswer(f"{what} is still empty: replace the stub with a sympy Matrix")
    if isinstance(answer, (str, bytes, bool)) or callable(answer) or isinstance(answer, numbers.Number):
        raise WrongAnswer(f"{what} should be a 6 x 6 sympy Matrix (rows and columns in the order of DUEL_STATES), "
                          f"not {type(answer).__name__}")
    try:
        matrix = sympy.Matrix(answer)
    except Exception:  # anything sympy cannot read as a matrix
        raise WrongAnswer(f"{what} should be a 6 x 6 sympy Matrix, such as sympy.Matrix([[...], ...]), not "
                          f"{type(answer).__name__}") from None
    for mistake in exercise.mistakes:  # a catalogued matrix, shape included, gets its own hint
        if matrix.shape == mistake.answer.shape and matrix == mistake.answer:
            raise WrongAnswer(f"{what} is not right yet: {mistake.hint}")
    if matrix.shape != (6, 6):
        raise WrongAnswer(f"{what} is {matrix.shape[0]} x {matrix.shape[1]}; it should be 6 x 6, one row and one "
                          "column per state of DUEL_STATES")
    if any(entry.has(sympy.Float) for entry in matrix):
        raise WrongAnswer(f"{what} contains decimals: give it exactly, with Rational or Fraction entries")
    if matrix.free_symbols:
        raise WrongAnswer(f"{what} still contains symbols ({', '.join(sorted(map(str, matrix.free_symbols)))}): "
                          "put in the chances at 2 hexes")
    if not all(entry.is_Rational for entry in matrix):
        raise WrongAnswer(f"{what} should hold exact probabilities (fractions)")
    truth = sympy.Matrix(exercise.expected)
    if matrix == truth:
        return correct("each row is one round from that state, and the two ends absorb")
    if any(entry < 0 or entry > 1 for entry in matrix):
        raise WrongAnswer(f"{what} has an entry outside 0 to 1: every entry is a probability")
    sums = [sum(matrix.row(i)) for i in range(6)]
    if any(s != 1 for s in sums):
        if all(sum(matrix.col(j)) == 1 for j in range(6)):
            raise WrongAnswer(f"{what} has columns that add up to 1: row i should list where state i goes")
        bad = next(i for i, s in enumerate(sums) if s != 1)
        raise WrongAnswer(f"{what}: the row of {DUEL_STATES[bad]} adds up to {sums[bad]}, not 1: from each state "
                          "the next state is certain to be one of the six")
    bad = next(i for i in range(6) if matrix.row(i) != truth.row(i))
    raise WrongAnswer(f"{what}: the row of {DUEL_STATES[bad]} is not right yet: follow Red's shot, then Blue's "
                      "reply, from that state")


def _red_wins() -> Fraction:
    return Fraction(_duel_chain().absorption_probabilities()["II"]["Red wins"])


def _rounds() -> Fraction:
    return Fraction(_duel_chain().expected_steps()["II"])


@check.exercise(
    title="Who wins the duel", practises="absorption probabilities from the fundamental matrix N = (I - Q)^-1",
    stars=3, minutes=20, answer=_red_wins,
    mistakes=[
        Mistake(F(1, 2), "the planes are alike, but the duel is not fair: Red fires first in every round, and a "
                         "destroyed Blue never fires back"),
        Mistake(F(221, 500), "that is Blue's chance: read the column of 'Red wins' in B = N R"),
        Mistake(F(18, 25), "that is the row of ID (Blue already damaged); the duel starts with both intact, in II"),
        Mistake(F(3, 5), "that is the row of DD (both damaged); the duel starts with both intact, in II"),
        Mistake(F(6, 11), "that uses the first round's odds for every round: once a plane is damaged, the odds of "
                          "the next rounds change"),
        Mistake(F(3, 10), "the rows of N belong to the starting states: B = N R, not N transposed times R"),
        Mistake(0.558, "give it exactly"),
    ])
def red_wins_duel(answer: Any, exercise: Exercise) -> str:
    """P(Red wins the duel) starting from both intact (state II)."""
    return check_probability(answer, exercise.expected, what="P(Red wins)", mistakes=exercise.mistakes,
                             success="B = N R: the chance of ending in each absorbing state")


@check.exercise(
    title="How long the duel lasts", practises="expected time to absorption: the row sums of N",
    stars=2, minutes=10, answer=_rounds,
    mistakes=[
        Mistake(F(9, 5), "that counts only the rounds spent in state II: add the expected visits to every transient "
                         "state (the whole row of N)"),
        Mistake(F(4437, 500), "you added every entry of N: only the row of the starting state II counts"),
        Mistake(F(54, 25), "that is the row of a duel where one plane is already damaged; this one starts in II"),
        Mistake(F(36, 11), "that uses the first round's chance of an end for every round; after a damage a round "
                           "ends the duel more often"),
        Mistake(F(9, 2), "Blue fires back in every round: its shots end duels too"),
        Mistake(2.754, "give it exactly"),
    ])
def duel_rounds(answer: Any, exercise: Exercise) -> str:
    """The expected number of rounds of the duel from both intact."""
    return check_exact(answer, exercise.expected, what="the expected number of rounds", mistakes=exercise.mistakes,
                       success="t = N 1: the expected visits to every transient state, added")


DUEL_RUNS = 17_500
"""Duels per seed the student's simulation plays when the check runs it: enough to tell this duel from each
neighbouring duel (Blue first, a damaged plane dying only to a 6, at 1 or 3 hexes, any hit destroying, Blue's
chance; solutions/tutor/pcv_sims.py) with 99% power: simulation_runs computes it, a test pins it."""


def _one_duel(rng: random.Random, *, blue_first: bool = False) -> bool:
    red, blue = "I", "I"
    while True:
        for shooter in (("B", "R") if blue_first else ("R", "B")):
            face = rng.randint(1, 6)
            if face < 5:
                continue
            target = blue if shooter == "R" else red
            if face == 6 or target == "D":
                return shooter == "R"
            if shooter == "R":
                blue = "D"
            else:
                red = "D"


def _simulate(n: int, seed: int, *, blue_first: bool = False, narrow: bool = False,
              rng: random.Random | None = None) -> tuple[float, tuple[float, float]]:
    rng = rng or random.Random(seed)
    wins = sum(_one_duel(rng, blue_first=blue_first) for _ in range(n))
    share = wins / n
    half = 1.96 * math.sqrt(share * (1 - share)) / (n if narrow else math.sqrt(n))
    return share, (share - half, share + half)


def _simulate_constant(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return 0.56, (0.54, 0.58)


def _simulate_narrow(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return _simulate(n, seed, narrow=True)


def _simulate_unseeded(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return _simulate(n, seed, rng=random.Random())


def _simulate_blue_first(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return _simulate(n, seed, blue_first=True)


@check.exercise(
    title="The duel by simulation", practises="checking an exact result with a seeded simulation and a 95% interval",
    stars=3, minutes=20,
    mistakes=[
        Mistake((0.56, (0.54, 0.58)), "the check runs your simulation with its own seeds: give the function "
                                      "simulate, not numbers typed in"),
        Mistake(_simulate_constant, "gives the same result for two different seeds"),
        Mistake(_simulate_narrow, "you divided the standard deviation by n"),
        Mistake(_simulate_unseeded, "gives different results for the same seed"),
        Mistake(_simulate_blue_first, "Blue fires first in your rounds"),
    ])
def duel_simulation(function: Any, exercise: Exercise) -> str:
    """A function simulate(n, seed) -> (estimate, (low, high)) of P(Red wins) from n simulated duels."""
    return check_simulation(function, simulation_of(exercise), n=DUEL_RUNS, name="simulate",
                            mistakes=exercise.mistakes, unit="duels",
                            success="the simulation agrees with the exact chance, within its interval")


check.written("why_first_pays", title="Why firing first pays",
              practises="reading an absorbing chain: who is favoured, and how the range changes it",
              stars=3, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 9. the hex distance

HEX_PAIRS = [((0, 0), (0, 0)), ((0, 0), (3, 0)), ((0, 0), (4, -1)), ((2, 1), (-1, 3)), ((1, -2), (1, 2)),
             ((0, 0), (-2, 2)), ((5, 5), (2, 7)), ((-3, 4), (3, -4)), ((0, 0), (2, 3)), ((1, 1), (-1, -2)),
             ((0, 0), (1, -1)), ((0, 0), (1, 1)), ((-2, 0), (0, -3))]


def _decimal(value: Any) -> bool:
    numpy = sys.modules.get("numpy")
    return (isinstance(value, (float, sympy.Float)) or numpy is not None and isinstance(value, numpy.floating))


@check.exercise(
    title="Hex distance", practises="cube coordinates: the distance on the hex grid, a shortest path",
    stars=1, minutes=10, model=kit_hex_distance,
    mistakes=[
        Mistake(lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]),
                "when dq and dr have opposite signs one diagonal step covers both: use the third cube coordinate "
                "s = -q - r"),
        Mistake(lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])),
                "max(|dq|, |dr|) is too small when dq and dr have the same sign: use the third cube coordinate too"),
        Mistake(lambda a, b: (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) / 2,
                "return a whole number (use // instead of /)"),
        Mistake(lambda a, b: (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] - a[1] - b[0] + b[1])) // 2,
                "the third cube coordinate is s = -q - r, so its difference is -(dq + dr), not dq - dr"),
        Mistake(lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2])), "raised IndexError on input"),
    ])
def hex_distance(function: Any, exercise: Exercise) -> str:
    """A function hex_distance(a, b): the number of hex steps between two axial hexes (q, r)."""
    if callable(function):
        for a, b in HEX_PAIRS:
            value = call_student(function, a, b, name="hex_distance")
            if _decimal(value):
                raise WrongAnswer(f"hex_distance returned the decimal {value!r} on input ({a}, {b}): a distance is a "
                                  "count of steps, so give it exactly and return a whole number (use // instead of /)")
    return check_function(function, cast(Callable[..., Any], exercise.model), HEX_PAIRS, name="hex_distance",
                          mistakes=exercise.mistakes,
                          success="cube distance: (|dq| + |dr| + |dq + dr|) / 2, a whole number")


# ---------------------------------------------------------------------------------------------------------
# 10. where can the plane end its move: reachability in the manoeuvre graph

Position = tuple[tuple[int, int], int, int]  # (hex, facing, altitude)
Blocked = Iterable[tuple[tuple[int, int], int]]  # (hex, altitude) places other planes fill

END_INPUTS = [
    (((0, 0), 0, 3), 1),
    (((0, 0), 0, 1), 2),
    (((0, 0), 0, 1), 3),
    (((0, 0), 0, 1), 4),
    (((2, -1), 3, 6), 2),
    (((0, 0), 1, 2), 3),
    (((0, 0), 0, 3), 4),
    (((0, 0), 0, 3), 2, frozenset({((1, 0), 3)})),
    (((0, 0), 0, 2), 3, frozenset({((1, 0), 2), ((1, -1), 3)})),
]


def _kit_end_positions(start: Position, speed: int, blocked: Blocked = ()) -> frozenset[Position]:
    hex_, facing, altitude = start
    return frozenset(reachable(Plane("X", 0, hex_, facing, altitude, speed), blocked=blocked))


def _variant_ends(start: Position, speed: int, blocked: Blocked = (), *, turning: str = "front-three",
                  landing: str = "stop", every_node: bool = False, collide_at_end_only: bool = False,
                  ignore_blocked: bool = False) -> frozenset[Position]:
    """A plane's end positions as a student might compute them, with one rule forgotten (the catalogue's models).

    ``landing``: "stop" (the rule: a plane at altitude 0 is out), "keep" (landed planes counted as ends),
    "fly-on" (altitude 0 noticed only at the end), "ignore" (never noticed). ``every_node``: positions with
    points left count as ends. ``collide_at_end_only``: flying through a blocked (hex, altitude) is allowed.
    """
    blocked = set() if ignore_blocked else set(blocked)
    root = (start[0], start[1], start[2], speed)
    seen = {root}
    frontier = [root]
    ends = set()
    while frontier:
        hex_, facing, altitude, left = frontier.pop()
        for move in manoeuvre_options(altitude, left, turning):
            new_hex, new_facing, new_alt = manoeuvre_result(hex_, facing, altitude, move)
            child = (new_hex, new_facing, new_alt, left - move.cost)
            if child in seen:
                continue
            seen.add(child)
            landed = new_alt < MIN_LEVEL and landing in ("stop", "keep")
            crashed = (new_hex, new_alt) in blocked
            out = landed or (crashed and not collide_at_end_only)
            last = child[3] == 0
            if (last or every_node) and not crashed and (not out or landing == "keep"):
                ends.add(child[:3])
            if not out and not last:
                frontier.append(child)
    if landing == "fly-on":
        ends = {e for e in ends if e[2] >= MIN_LEVEL}
    return frozenset(ends)


def _positions(value: Any) -> frozenset[Any] | None:
    """A student's collection of positions as a set of (hex, facing, altitude) with plain ints, or None."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        return None
    try:
        found = set()
        for item in value:
            hex_, facing, altitude = item
            found.add(((int(hex_[0]), int(hex_[1])), int(facing), int(altitude)) if len(hex_) == 2 else None)
        return frozenset(found) if None not in found else None
    except (TypeError, ValueError, IndexError):
        return None


def _same_positions(got: Any, want: Any) -> bool:
    mine = _positions(got)
    return mine is not None and mine == _positions(want)


@check.exercise(
    title="Where the plane can end its move", practises="reachability in the manoeuvre graph, built with networkx",
    stars=2, minutes=20, model=_kit_end_positions,
    mistakes=[
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, landing="keep"),
                "a plane that reaches altitude 0 has landed: it is out, not an end position"),
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, landing="ignore"), "it cannot fly on below the ground"),
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, landing="fly-on"),
                "a plane that touches altitude 0 has landed: its move stops there, it cannot climb back"),
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, every_node=True),
                "a plane spends all its movement points: only positions with 0 points left are end positions"),
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, turning="straight"),
                "under the kit's reading a manoeuvre may enter any of the three front hexes, not only the one ahead"),
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, ignore_blocked=True),
                "entering a (hex, altitude) where another plane flies is a collision: the plane is out"),
        Mistake(lambda s, v, b=(): _variant_ends(s, v, b, collide_at_end_only=True),
                "passing through a blocked (hex, altitude) is a collision too, not only ending there"),
    ])
def end_positions(function: Any, exercise: Exercise) -> str:
    """A function end_positions(start, speed, blocked=()): the set of (hex, facing, altitude) where a move can end."""
    if callable(function):
        for args in END_INPUTS:  # the shape of the answer, and planes under the ground, before any comparison
            shown = ", ".join(repr(a) for a in args[:2])
            result = call_student(function, *args, name="end_positions")
            if isinstance(result, numbers.Number):
                raise WrongAnswer("end_positions returned a number: return the set of end positions (hex, facing, "
                                  "altitude), not how many there are")
            positions = _positions(result)
            if positions is None:
                raise WrongAnswer(f"end_positions({shown}) should return a set of positions (hex, facing, altitude) "
                                  f"such as ((1, 0), 0, 3), not {type(result).__name__} of other things")
            landed = next((p for p in sorted(positions) if p[2] < MIN_LEVEL), None)
            if landed is not None:
                raise WrongAnswer(f"end_positions({shown}) includes {landed}: a plane that reaches altitude 0 has "
                                  "landed: it is out, not an end position (it cannot fly on below the ground)")
    return check_function(function, cast(Callable[..., Any], exercise.model), END_INPUTS, name="end_positions",
                          mistakes=exercise.mistakes,
                          equal=_same_positions, success="every end position, and only those")


# ---------------------------------------------------------------------------------------------------------
# 11. the balloon behind the plane: a shortest path over turns

RED_START = ((0, 0), 0, 3)
"""Red 1's position: (hex, facing, altitude), facing east."""
RED_SPEED = 2
"""Red 1 keeps this speed every turn."""
BALLOON = ((-1, 0), 3)
"""The observation balloon's (hex, altitude): just behind Red 1's tail. It never moves."""


@cache
def _reachable_from(position: Position, blocked: bool = True) -> frozenset[Position]:
    return _kit_end_positions(position, RED_SPEED, [BALLOON] if blocked else ())


def _balloon_shot(position: Position) -> str:
    """'' if the balloon is in reach from this position, else what is wrong (a hint's wording)."""
    hex_, facing, altitude = position
    line = line_ahead(hex_, facing)
    target, level = BALLOON
    if target not in line:
        return "the balloon is not in Red's line of fire (straight ahead of the nose, up to 3 hexes)"
    if abs(level - altitude) > 1:
        return "Red and the balloon are more than one level apart: no shot"
    if effective_range(line.index(target) + 1, level - altitude) is None:
        return "the balloon is too far: the level apart counts as one more hex, and the reach is 3"
    return ""


@cache
def _fewest_turns() -> int:
    layer, seen, turns = {RED_START}, {RED_START}, 0
    while turns < 8:
        turns += 1
        layer = {end for position in layer for end in _reachable_from(position)} - seen
        seen |= layer
        if any(not _balloon_shot(position) for position in layer):
            return turns
    raise RuntimeError("the balloon cannot be reached")  # pragma: no cover - a fixed position that can


def _read_path(answer: Any) -> list[Any]:
    what = "your path"
    if answer is None or answer is Ellipsis:
        raise WrongAnswer(f"{what} is still empty: replace the stub with the list of Red's positions")
    if isinstance(answer, (str, bytes, dict)) or callable(answer) or not isinstance(answer, Iterable):
        raise WrongAnswer(f"{what} should be a list of positions (hex, facing, altitude), one after each turn, not "
                          f"{type(answer).__name__}")
    path = []
    for item in answer:
        try:
            hex_, facing, altitude = item
            position = ((int(hex_[0]), int(hex_[1])), int(facing), int(altitude))
            if len(hex_) != 2 or isinstance(facing, bool) or isinstance(altitude, bool):
                raise ValueError
        except (TypeError, ValueError, IndexError):
            raise WrongAnswer(f"{what} should list positions (hex, facing, altitude) such as ((1, 0), 0, 3); "
                              f"{str(item)[:40]!s} is not one") from None
        path.append(position)
    if not path:
        raise WrongAnswer(f"{what} is empty: list Red's position after each turn")
    return path


@check.exercise(
    title="The balloon behind you", practises="shortest paths: breadth-first search over turns with networkx",
    stars=3, minutes=25,
    mistakes=[
        Mistake((((0, 0), 0, 3), ((-1, 2), 4, 3), ((-3, 3), 3, 3), ((-2, 1), 1, 3)),
                "leave out the start: list Red's position after each turn"),
        Mistake((((1, 0), 3, 4),), "every move spends exactly 2 points, and a loop costs 3"),
        Mistake((((-1, 2), 4, 3), ((-2, 1), 2, 2), ((-1, 0), 1, 3)),
                "a collision takes both out"),
        Mistake((((-1, 2), 4, 3), ((-3, 3), 3, 3), ((-5, 3), 3, 3)),
                "not in Red's line of fire"),
        Mistake((((-1, 2), 4, 2), ((-3, 3), 3, 1), ((-2, 1), 1, 1)),
                "more than one level apart"),
        Mistake((((-1, 2), 4, 3), ((-3, 3), 3, 3), ((-2, 1), 1, 3), ((-1, 0), 1, 2)),
                "stop at the first turn that gives a shot"),
        Mistake((((1, 1), 5, 3), ((-1, 2), 3, 2), ((-3, 3), 3, 2), ((-2, 1), 1, 2)),
                "there is a quicker way"),
    ])
def balloon_path(answer: Any, exercise: Exercise) -> str:
    """Red's positions after each turn, on a quickest way to a shot at the balloon (the start left out)."""
    path = _read_path(answer)
    if path[0] == RED_START:
        raise WrongAnswer("your path begins with Red's starting position: leave out the start: list Red's position "
                          "after each turn")
    before = RED_START
    for turn, position in enumerate(path, 1):
        if position not in _reachable_from(before):
            if position in _reachable_from(before, blocked=False):
                raise WrongAnswer(f"turn {turn}: Red would enter the balloon's hex at its altitude on the way to "
                                  f"{position}: a collision takes both out")
            raise WrongAnswer(f"turn {turn}: Red cannot get from {before} to {position} in one turn: every move "
                              "spends exactly 2 points, and a loop costs 3")
        if turn < len(path) and not _balloon_shot(position):
            raise WrongAnswer(f"after turn {turn} Red already has the balloon in reach: stop at the first turn that "
                              "gives a shot")
        before = position
    problem = _balloon_shot(path[-1])
    if problem:
        raise WrongAnswer(f"from your last position {path[-1]}, {problem}")
    if len(path) > _fewest_turns():
        raise WrongAnswer("your path is legal and ends with a shot, but there is a quicker way: search turn by "
                          "turn, breadth first")
    return correct("a quickest way round to the balloon")


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells (notebooks/02_petit_cirque_volant.ipynb): small checks on the lesson's own values

@check.exercise(
    title="Try it: a shot one level up", practises="effective range: hexes ahead plus levels apart",
    try_it=True, stars=1, minutes=3, answer=F(1, 6),
    mistakes=[
        Mistake(F(1, 3), "one level apart counts as one more hex: 2 hexes and 1 level is effective range 3"),
        Mistake(F(1, 2), "count the hexes and the levels apart together: the range is more than 1"),
        Mistake(F(5, 6), "that is the chance to miss"),
        Mistake(0, "one level apart is still in reach; only two or more levels apart are out of reach"),
        Mistake(0.1667, "give it exactly"),
    ])
def try_shot_one_level_up(answer: Any, exercise: Exercise) -> str:
    """P(one shot hits) at 2 hexes ahead, one level apart."""
    return check_probability(answer, exercise.expected, what="P(hit)", mistakes=exercise.mistakes,
                             success="effective range 3: only a 6 hits")


@check.exercise(
    title="Try it: shots at a damaged target",
    practises="reading the fundamental matrix: N[i, j] is the expected number of visits to j from i",
    try_it=True, stars=1, minutes=5, answer=F(4, 3),
    mistakes=[
        Mistake(2, "that is 1/p, the shots spent in one state once the plane is in it; but a 6 destroys an intact "
                   "plane at once, so not every target is ever damaged"),
        Mistake(F(10, 3), "that is every shot (the whole row of N added up); count only the shots fired while the "
                          "target is damaged"),
        Mistake(F(2, 3), "that is the chance that the target is ever damaged; multiply by the shots it then takes"),
        Mistake(1.3333, "give it exactly"),
    ])
def try_shots_while_damaged(answer: Any, exercise: Exercise) -> str:
    """At effective range 1, the expected number of shots fired while the target is damaged (from intact)."""
    return check_exact(answer, exercise.expected, what="the expected number of shots", mistakes=exercise.mistakes,
                       success="N[intact, damaged] = (p - q)/p^2: the expected shots while damaged")


@check.exercise(
    title="Try it: end positions from altitude 3", practises="end positions (nodes) versus sequences (paths)",
    try_it=True, stars=1, minutes=5, answer=lambda: len(reachable(Plane("Red 1", 0, (0, 0), 0, 3, 2))),
    mistakes=[
        Mistake(39, "you counted sequences (paths); different sequences can end in the same position"),
        Mistake(37, "you counted every node of the graph; an end position has 0 points left"),
        Mistake(10, "an end position is a hex, a facing and an altitude, not the hex alone"),
        Mistake(12, "that is the plane at altitude 1: start it at altitude 3"),
        Mistake(4, "that is with turning='straight'; the kit's reading has three front hexes"),
    ])
def try_end_positions_altitude_three(answer: Any, exercise: Exercise) -> str:
    """How many end positions a plane at speed 2 has from altitude 3."""
    return check_integer(answer, exercise.expected, what="the number of end positions", mistakes=exercise.mistakes,
                         success="fewer end positions than sequences: paths merge")
