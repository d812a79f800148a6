"""Self-checks for the Petit Cirque Volant exercises (solutions/petit_cirque_volant.ipynb).

Each check explains a wrong answer in one line and never gives the right one. An exercise answered by a value
compares it with its key (``exercise.key``: salted digests of the answer and of the slips its model knows, compiled
from solutions/tutor/pcv.py into data/tutor.json), so this module holds no answer; an exercise answered by a
function or a path keeps, as data, the wrong answers students are likely to give (its ``mistakes=``), each with the
hint its check gives; the tests feed them all through. The situations are new (four shots one level up, a
crossfire, a duel at 2 hexes, a balloon behind the plane): the lesson prints none of these answers. The exercise
notebook itself imports only the rules and the core tools.
"""
from __future__ import annotations

import math
import numbers
import random
import sys
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Any

import sympy

from ..core.cases import function_key
from ..core.teach import (
    Checks,
    Exercise,
    Forbidden,
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
from .rules import MIN_LEVEL, Plane, effective_range, line_ahead
from .rules import hex_distance as kit_hex_distance

__all__ = ["check", "DUEL_STATES", "RED_START", "RED_SPEED", "BALLOON",
           "DUEL_RUNS"]

check = Checks("Le Petit Cirque Volant")

F = Fraction


# ---------------------------------------------------------------------------------------------------------
# 1. four shots at a plane one level up: the complement rule

@check.exercise(
    title="Four shots, one level up", practises="independent shots and the complement rule", stars=1, minutes=5)
def at_least_one_hit(answer: Any, exercise: Exercise) -> str:
    """P(at least one of 4 shots hits) at 1 hex ahead, one level up."""
    return check_probability(answer, exercise.key, what="P(at least one hit)",
                             success="P(at least one hit) = 1 - P(all miss)")


# ---------------------------------------------------------------------------------------------------------
# 2. the geometric law of the first hit

FIRST_HIT = function_key(__package__, "first_hit")
HEX_DISTANCE = function_key(__package__, "hex_distance")
END_POSITIONS = function_key(__package__, "end_positions")


@check.exercise(title="The first hit", practises="the geometric law: k - 1 misses, then a hit", stars=1, minutes=10,
                model=FIRST_HIT, mistakes=[])
def first_hit(function: Any, exercise: Exercise) -> str:
    """A function first_hit(k, p): P(the first hit is shot number k) when each shot hits with chance p."""
    return check_function(function, exercise.model, FIRST_HIT, name="first_hit",
                          success="the first hit on shot k: (1 - p)^(k - 1) p, a geometric law")


# ---------------------------------------------------------------------------------------------------------
# 3. a crossfire on a damaged plane: a geometric waiting time with two shooters

# Red 1 fires from one hex ahead and one level below, Red 2 from three hexes on Blue's level (the key is the
# teacher's: solutions/tutor/pcv.py)
@check.exercise(
    title="Crossfire on a damaged plane", practises="geometric waiting time: the mean wait is 1 / P(success)",
    stars=2, minutes=10)
def crossfire_wait(answer: Any, exercise: Exercise) -> str:
    """The expected number of turns until the damaged Blue plane is destroyed by the crossfire."""
    return check_exact(answer, exercise.key, what="the expected number of turns",
                       success="a geometric wait: 1 / P(a turn ends it)")


check.written("why_no_wear", title="A plane that does not wear out",
              practises="memorylessness of the geometric waiting time", stars=2, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 4. destroyed by exactly the second shot, in p and q

@check.exercise(
    title="Destroyed by the second shot", practises="paths through the damage chain, in symbols p and q",
    stars=2, minutes=10)
def second_shot_formula(answer: Any, exercise: Exercise) -> str:
    """P(an intact plane is destroyed by exactly the second shot), as a sympy expression in p and q."""
    return check_formula(answer, exercise.key, what="your formula", success="miss then a 6, or damage then any hit")


# ---------------------------------------------------------------------------------------------------------
# 5-8. the duel at 2 hexes: an absorbing Markov chain with two absorbing states

DUEL_STATES = ("II", "ID", "DI", "DD", "Red wins", "Blue wins")
"""The duel's states, in the order of the matrix: Red's status then Blue's (I intact, D damaged), then the ends."""


def _rows(matrix: sympy.Matrix) -> list[tuple[Any, ...]]:
    """A matrix as the list of its rows: the key of the duel's matrix holds one digest per row."""
    return [tuple(row) for row in matrix.tolist()]


@check.exercise(
    title="The duel's transition matrix", practises="writing an absorbing Markov chain as a matrix with sympy",
    stars=2, minutes=15)
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
    key = exercise.key
    if key is None:  # pragma: no cover - the key is shipped with the kit
        raise WrongAnswer(f"{what} cannot be checked here: the exercise's key is missing")
    # the key reads a matrix row by row (the teacher's models), or whole (a key the grader made from a matrix, which
    # keeps the shipped key's salt and its hints, digests of rows)
    mine = _rows(matrix) if key.kind == "collection" else matrix
    known = key.known(_rows(matrix))  # a catalogued matrix, shape included, gets its own hint
    if known is not None:
        wrong = WrongAnswer(f"{what} is not right yet: {known.hint}")
        wrong.found = known  # the class's report counts the slip the key named
        raise wrong
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
    if key.matches(mine):
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
    if key.kind == "collection":
        rows = key.item_digests(_rows(matrix))
        wrong_rows = [i for i, (row, right) in enumerate(zip(rows, key.items)) if row != right]
        if wrong_rows:
            raise WrongAnswer(f"{what}: the row of {DUEL_STATES[wrong_rows[0]]} is not right yet: follow Red's "
                              "shot, then Blue's reply, from that state")
    raise WrongAnswer(f"{what} is not right yet: follow Red's shot, then Blue's reply, from each state")


@check.exercise(
    title="Who wins the duel", practises="absorption probabilities from the fundamental matrix N = (I - Q)^-1",
    stars=3, minutes=20)
def red_wins_duel(answer: Any, exercise: Exercise) -> str:
    """P(Red wins the duel) starting from both intact (state II)."""
    return check_probability(answer, exercise.key, what="P(Red wins)",
                             success="B = N R: the chance of ending in each absorbing state")


@check.exercise(
    title="How long the duel lasts", practises="expected time to absorption: the row sums of N",
    stars=2, minutes=10)
def duel_rounds(answer: Any, exercise: Exercise) -> str:
    """The expected number of rounds of the duel from both intact."""
    return check_exact(answer, exercise.key, what="the expected number of rounds",
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

def _decimal(value: Any) -> bool:
    numpy = sys.modules.get("numpy")
    return (isinstance(value, (float, sympy.Float)) or numpy is not None and isinstance(value, numpy.floating))


@check.exercise(title="Hex distance", practises="cube coordinates: the distance on the hex grid, a shortest path",
                stars=1, minutes=10, model=HEX_DISTANCE, mistakes=[])
def hex_distance(function: Any, exercise: Exercise) -> str:
    """A function hex_distance(a, b): the number of hex steps between two axial hexes (q, r)."""
    if callable(function):
        for a, b in HEX_DISTANCE.inputs[:HEX_DISTANCE.fixed]:
            value = call_student(function, a, b, name="hex_distance")
            if _decimal(value):
                raise WrongAnswer(f"hex_distance returned the decimal {value!r} on input ({a}, {b}): a distance is a "
                                  "count of steps, so give it exactly and return a whole number (use // instead of /)")
    return check_function(function, exercise.model, HEX_DISTANCE, name="hex_distance",
                          forbid=Forbidden([kit_hex_distance], say="work the distance out from the cube "
                                              "coordinates yourself rather than calling the kit's hex_distance"),
                          success="cube distance: (|dq| + |dr| + |dq + dr|) / 2, a whole number")


# ---------------------------------------------------------------------------------------------------------
# 10. where can the plane end its move: reachability in the manoeuvre graph

Position = tuple[tuple[int, int], int, int]  # (hex, facing, altitude)
Blocked = Iterable[tuple[tuple[int, int], int]]  # (hex, altitude) places other planes fill

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


@check.exercise(title="Where the plane can end its move", practises="reachability in the manoeuvre graph, built "
                "with networkx", stars=2, minutes=20, model=END_POSITIONS, mistakes=[])
def end_positions(function: Any, exercise: Exercise) -> str:
    """A function end_positions(start, speed, blocked=()): the set of (hex, facing, altitude) where a move can end."""
    if callable(function):
        # the shape of the answer, and planes under the ground, before any comparison
        for args in END_POSITIONS.inputs[:END_POSITIONS.fixed]:
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
    from . import graphs  # the kit's own search, which the exercise asks the student to write

    return check_function(function, exercise.model, END_POSITIONS, name="end_positions", normal=_positions,
                          forbid=Forbidden([graphs.reachable, graphs.explore, graphs.plans], say="build the "
                                              "manoeuvre graph and search it yourself rather than calling the kit's "
                                              "reachable"),
                          success="every end position, and only those")


# ---------------------------------------------------------------------------------------------------------
# 11. the balloon behind the plane: a shortest path over turns

RED_START = ((0, 0), 0, 3)
"""Red 1's position: (hex, facing, altitude), facing east."""
RED_SPEED = 2
"""Red 1 keeps this speed every turn."""
BALLOON = ((-1, 0), 3)
"""The observation balloon's (hex, altitude): just behind Red 1's tail. It never moves."""


def _kit_end_positions(start: Position, speed: int, blocked: Blocked = ()) -> frozenset[Position]:
    hex_, facing, altitude = start
    return frozenset(reachable(Plane("X", 0, hex_, facing, altitude, speed), blocked=blocked))


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
    # the catalogue's paths are slow or wrong ones: none is, or contains, a quickest way
    mistakes=[
        Mistake((((0, 0), 0, 3), ((1, 1), 5, 3), ((-1, 2), 3, 2), ((-3, 3), 3, 2), ((-2, 1), 1, 2)),
                "leave out the start: list Red's position after each turn"),
        Mistake((((1, 0), 3, 4),), "every move spends exactly 2 points, and a loop costs 3"),
        Mistake((((0, 1), 5, 4), ((-2, 2), 3, 3), ((-1, 0), 1, 3)),
                "a collision takes both out"),
        Mistake((((-1, 2), 4, 1), ((-3, 2), 3, 1)),
                "not in Red's line of fire"),
        Mistake((((-1, 2), 4, 1), ((-3, 3), 3, 1), ((-2, 1), 1, 1)),
                "more than one level apart"),
        Mistake((((1, 1), 5, 3), ((-1, 2), 3, 2), ((-3, 3), 3, 2), ((-2, 1), 1, 2), ((-3, 0), 3, 1)),
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
    try_it=True, stars=1, minutes=3)
def try_shot_one_level_up(answer: Any, exercise: Exercise) -> str:
    """P(one shot hits) at 2 hexes ahead, one level apart."""
    return check_probability(answer, exercise.key, what="P(hit)",
                             success="effective range 3: only a 6 hits")


@check.exercise(
    title="Try it: shots at a damaged target",
    practises="reading the fundamental matrix: N[i, j] is the expected number of visits to j from i",
    try_it=True, stars=1, minutes=5)
def try_shots_while_damaged(answer: Any, exercise: Exercise) -> str:
    """At effective range 1, the expected number of shots fired while the target is damaged (from intact)."""
    return check_exact(answer, exercise.key, what="the expected number of shots",
                       success="N[intact, damaged] = (p - q)/p^2: the expected shots while damaged")


@check.exercise(
    title="Try it: end positions from altitude 3", practises="end positions (nodes) versus sequences (paths)",
    try_it=True, stars=1, minutes=5)
def try_end_positions_altitude_three(answer: Any, exercise: Exercise) -> str:
    """How many end positions a plane at speed 2 has from altitude 3."""
    return check_integer(answer, exercise.key, what="the number of end positions",
                         success="fewer end positions than sequences: paths merge")
