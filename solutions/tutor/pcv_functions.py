"""Le Petit Cirque Volant's function exercises, on the teacher's side: their references, the inputs they are tried
on (fixed, and drawn at ship time), and their catalogues of wrong functions."""
from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction as F
from typing import Any

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Cases
from circuslib.pcv.graphs import reachable
from circuslib.pcv.rules import MAX_LEVEL, MIN_LEVEL, Plane, hex_distance, manoeuvre_options, manoeuvre_result

# ---------------------------------------------------------------------------------------------------------
# the first hit: the geometric law


def first_hit(k: int, chance: F) -> F:
    """P(the first hit is shot number k): k - 1 misses, then a hit."""
    return (1 - chance) ** (k - 1) * chance


def shot_chance(rng: random.Random) -> tuple[int, F]:
    """A shot number (often the first, sometimes far) and a chance of a hit (sometimes a sure one)."""
    k = rng.choice([1, 1, 2, 3, 4, 6, 8, 10])
    b = rng.randint(2, 12)
    chance = F(1) if rng.random() < 0.1 else F(rng.randint(1, b - 1), b)
    return k, chance


# ---------------------------------------------------------------------------------------------------------
# the hex distance: the kit's own hex_distance, which the exercise forbids calling


def hex_pair(rng: random.Random) -> tuple[tuple[int, int], tuple[int, int]]:
    """Two hexes of a board (sometimes the same one, sometimes far apart)."""
    a = (rng.randint(-6, 6), rng.randint(-6, 6))
    b = a if rng.random() < 0.1 else (rng.randint(-9, 9), rng.randint(-9, 9))
    return a, b


# ---------------------------------------------------------------------------------------------------------
# where the plane can end its move: the kit's own reachable, which the exercise forbids calling

Position = tuple[tuple[int, int], int, int]


def end_positions(start: Position, speed: int, blocked: Iterable[tuple[tuple[int, int], int]] = ()
                  ) -> frozenset[Position]:
    """The end positions of a move, by the kit's own search of the manoeuvre graph."""
    hex_, facing, altitude = start
    return frozenset(reachable(Plane("X", 0, hex_, facing, altitude, speed), blocked=blocked))


def _variant_ends(start: Position, speed: int, blocked: Iterable[tuple[tuple[int, int], int]] = (), *,
                  turning: str = "front-three", landing: str = "stop", every_node: bool = False,
                  collide_at_end_only: bool = False, ignore_blocked: bool = False) -> frozenset[Position]:
    """A plane's end positions as a student might compute them, with one rule forgotten (the catalogue's models).

    ``landing``: "stop" (the rule: a plane at altitude 0 is out), "keep" (landed planes counted as ends),
    "fly-on" (altitude 0 noticed only at the end), "ignore" (never noticed). ``every_node``: positions with
    points left count as ends. ``collide_at_end_only``: flying through a blocked (hex, altitude) is allowed.
    """
    stopped = set() if ignore_blocked else set(blocked)
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
            crashed = (new_hex, new_alt) in stopped
            out = landed or (crashed and not collide_at_end_only)
            last = child[3] == 0
            if (last or every_node) and not crashed and (not out or landing == "keep"):
                ends.add(child[:3])
            if not out and not last:
                frontier.append(child)
    if landing == "fly-on":
        ends = {e for e in ends if e[2] >= MIN_LEVEL}
    return frozenset(ends)


END_FIXED: list[tuple[Any, ...]] = [
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


def a_move(rng: random.Random) -> tuple[Any, ...]:
    """A start (hex, facing, altitude, often low, where planes land), a speed from 1 to 4, and sometimes other
    planes in the hexes just ahead."""
    start = ((rng.randint(-3, 3), rng.randint(-3, 3)), rng.randint(0, 5),
             rng.choice([MIN_LEVEL, MIN_LEVEL, 2, 3, MAX_LEVEL]))
    speed = rng.randint(1, 4)
    if rng.random() < 0.5:
        return start, speed
    (q, r), altitude = start[0], start[2]
    blocked = frozenset(((q + rng.randint(-2, 2), r + rng.randint(-2, 2)), altitude + rng.randint(-1, 1))
                        for _ in range(rng.randint(1, 3)))
    return start, speed, blocked


FUNCTIONS = {
    "first_hit": Cases(
        reference=first_hit, fixed=[(k, chance) for chance in (F(1, 2), F(1, 3), F(1, 6)) for k in (1, 2, 3, 5)]
        + [(4, F(2, 5))], generate=shot_chance, count=25,
        mistakes=[
            Mistake(lambda k, p: (1 - p) ** k * p, "off by one: before a first hit on shot k there are k - 1 misses, "
                                                   "not k"),
            Mistake(lambda k, p: p ** (k - 1) * (1 - p), "hit and miss are swapped: the first k - 1 shots miss "
                                                         "(chance 1 - p each), then one hits"),
            Mistake(lambda k, p: (1 - p) ** (k - 1), "the k - 1 misses are there, but shot k must also hit"),
            Mistake(lambda k, p: 1 - (1 - p) ** k, "that is P(at least one hit within k shots), not P(the first "
                                                   "hit is shot k)"),
            Mistake(lambda k, p: float((1 - p) ** (k - 1) * p), "give it exactly"),
        ]),
    "hex_distance": Cases(
        reference=hex_distance,
        fixed=[((0, 0), (0, 0)), ((0, 0), (3, 0)), ((0, 0), (4, -1)), ((2, 1), (-1, 3)), ((1, -2), (1, 2)),
               ((0, 0), (-2, 2)), ((5, 5), (2, 7)), ((-3, 4), (3, -4)), ((0, 0), (2, 3)), ((1, 1), (-1, -2)),
               ((0, 0), (1, -1)), ((0, 0), (1, 1)), ((-2, 0), (0, -3))], generate=hex_pair, count=30,
        mistakes=[
            Mistake(lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]),
                    "when dq and dr have opposite signs one diagonal step covers both: use the third cube "
                    "coordinate s = -q - r"),
            Mistake(lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])),
                    "max(|dq|, |dr|) is too small when dq and dr have the same sign: use the third cube coordinate "
                    "too"),
            Mistake(lambda a, b: (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) / 2,
                    "return a whole number (use // instead of /)"),
            Mistake(lambda a, b: (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] - a[1] - b[0] + b[1])) // 2,
                    "the third cube coordinate is s = -q - r, so its difference is -(dq + dr), not dq - dr"),
            Mistake(lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2])),
                    "raised IndexError on input"),
        ]),
    "end_positions": Cases(
        reference=end_positions, fixed=END_FIXED, generate=a_move, count=20,
        mistakes=[
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, landing="keep"),
                    "a plane that reaches altitude 0 has landed: it is out, not an end position"),
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, landing="ignore"), "it cannot fly on below the "
                                                                                 "ground"),
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, landing="fly-on"),
                    "a plane that touches altitude 0 has landed: its move stops there, it cannot climb back"),
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, every_node=True),
                    "a plane spends all its movement points: only positions with 0 points left are end positions"),
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, turning="straight"),
                    "under the kit's reading a manoeuvre may enter any of the three front hexes, not only the one "
                    "ahead"),
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, ignore_blocked=True),
                    "entering a (hex, altitude) where another plane flies is a collision: the plane is out"),
            Mistake(lambda s, v, b=(): _variant_ends(s, v, b, collide_at_end_only=True),
                    "passing through a blocked (hex, altitude) is a collision too, not only ending there"),
        ]),
}
