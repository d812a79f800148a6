"""Computer pilots for Le Petit Cirque Volant: policies ``policy(state, rng) -> move``.

- ``random_pilot``: any legal move, uniformly (it often lands, stalls or flies off the map).
- ``greedy_pilot``: picks the end position of its move with the best exact chance to destroy an enemy this turn,
  then the least exposure to return fire next turn (exact one-shot odds from every position the enemies can
  reach); with no shot anywhere, it closes in on the nearest enemy.
- ``cautious_pilot``: picks the end position least exposed to return fire, then the best shot.
All fire at the nearest plane in line (kit ruling) and keep their speed between 3 and 4 without ever stalling;
when their side chooses which plane goes next, the greedy and cautious pilots take their planes in the scenario's
order.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from ..core.args import instance, one_of, rng_arg, whole
from ..core.game import random_policy
from .graphs import Position, plane_options, plans, reachable
from .odds import _shot, nearest_target
from .rules import DIRECTIONS, Board, Manoeuvre, PCVState, Plane, SpeedChange, hex_distance

Hex = tuple[int, int]
Spot = tuple[Hex, int]  # (hex, altitude): where a plane can be hit
Enemy = tuple[Hex, int, int, int]  # (hex, facing, altitude, speed): an enemy as its move graph needs it
Pilot = Callable[[PCVState, random.Random], Any]

__all__ = ["random_pilot", "greedy_pilot", "cautious_pilot", "PILOTS", "threat_map", "rate_positions", "best_plan"]


def _to_move(state: Any, rng: Any) -> PCVState:
    """The checks of a pilot's arguments: a position where a side is to choose, and a generator."""
    game: PCVState = instance(state, "state", PCVState, "a PCVState (a PCV position)")
    rng_arg(rng)
    if game.current_player < 0:
        raise ValueError(f"no side is to choose in this position ({game.phase}): a pilot only chooses moves")
    return game


def random_pilot(state: PCVState, rng: random.Random) -> Any:
    """Any legal move, chosen uniformly at random."""
    return random_policy(_to_move(state, rng), rng)


def threat_map(state: PCVState, me: Plane) -> dict[Spot, Fraction]:
    """For each (hex, altitude): the exact chance that ``me`` standing there is destroyed by the enemies' fire
    next turn, if every enemy picks its best end position against that spot (each enemy fires once).

    Exact as the rules give it: a 6 destroys, any other hit damages, and a hit on a damaged plane destroys it, so
    two enemies one hex away destroy an intact plane with probability 1/6 + 1/3 * 1/2 + 1/2 * 1/6 = 5/12 (not only
    by their 6s, which would be 11/36). The order of the shots does not change the chance.
    """
    if not isinstance(state, PCVState):
        raise TypeError(f"threat_map needs a PCVState state, not {state!r}")
    if not isinstance(me, Plane):
        raise TypeError(f"me must be a Plane (for example state.planes[0]), not {me!r}")
    rules = state.options
    enemies = tuple(enemy.position + (enemy.speed,) for enemy in state.flying(1 - me.side))
    return dict(_threats(enemies, me.damaged, state.scenario.board, rules.turning, rules.off_map))


_OFFSETS = tuple((hexes, diff, hexes + abs(diff)) for hexes in (1, 2, 3) for diff in (-1, 0, 1)
                 if hexes + abs(diff) <= 3)
# the same offsets along each facing's line of fire, as (hex steps q, r, levels, effective range), worked out once
_LINES = tuple(tuple((hexes * dq, hexes * dr, diff, reach) for hexes, diff, reach in _OFFSETS) for dq, dr in DIRECTIONS)
_ZERO = Fraction(0)


@lru_cache(maxsize=4096)
def _nearest_reach(enemy: Enemy, board: Board, turning: str, off_map: str) -> dict[Spot, int]:
    """For one enemy (hex, facing, altitude, speed): each (hex, altitude) it can shoot after its move, with the
    nearest effective range it can shoot it from. Cached: the enemy stands still while a side plans its moves,
    and seeded duels between the same pilots pass through the same positions again and again."""
    hex_, facing, altitude, speed = enemy
    best: dict[Spot, int] = {}
    for (q, r), end_facing, end_altitude in reachable(Plane("enemy", 0, hex_, facing, altitude, speed),
                                                      turning=turning, board=board, off_map=off_map):
        for dq, dr, diff, reach in _LINES[end_facing]:  # the line of fire, as line_ahead walks it
            key = ((q + dq, r + dr), end_altitude + diff)
            if reach < best.get(key, 4):
                best[key] = reach
    return best


@lru_cache(maxsize=4096)
def _threats(enemies: tuple[Enemy, ...], damaged: bool, board: Board, turning: str,
             off_map: str) -> dict[Spot, Fraction]:
    """``threat_map`` for these enemies (hex, facing, altitude, speed each); callers copy the cached dict."""
    if len(enemies) == 1:  # a duel: one chance per effective range, looked up for each spot
        chance = {reach: _destroyed_by((reach,), damaged) for reach in (1, 2, 3)}
        return {key: chance[reach] for key, reach in _nearest_reach(enemies[0], board, turning, off_map).items()}
    reaches: dict[Spot, list[int]] = {}
    for enemy in enemies:
        for key, reach in _nearest_reach(enemy, board, turning, off_map).items():
            reaches.setdefault(key, []).append(reach)
    return {key: _destroyed_by(tuple(sorted(found)), damaged) for key, found in reaches.items()}


@cache
def _destroyed_by(reaches: tuple[int, ...], damaged: bool) -> Fraction:
    """The chance a plane is destroyed by one shot from each of these effective ranges (1 to 3): it survives if
    every shot misses, or (intact) if exactly one shot hits without a 6."""
    misses = [Fraction(2 + r, 6) for r in reaches]            # faces below 3 + r
    damages = [Fraction(3 - r, 6) for r in reaches]           # hits that are not a 6
    all_miss = Fraction(1)
    for m in misses:
        all_miss *= m
    if damaged:
        return 1 - all_miss
    one_hit = Fraction(0)
    for i, d in enumerate(damages):
        term = d
        for j, m in enumerate(misses):
            if j != i:
                term *= m
        one_hit += term
    return 1 - all_miss - one_hit


def _kill_spots(enemies: list[Plane]) -> dict[Position, Fraction]:
    """Every position (hex, facing, altitude) from which one shot can destroy an enemy, with the best exact
    chance: found by walking back from each enemy along the six lines of fire (a damaged enemy falls to any hit)."""
    spots: dict[Position, Fraction] = {}
    for enemy in enemies:
        (q, r), level = enemy.hex, enemy.altitude
        for facing, (dq, dr) in enumerate(DIRECTIONS):
            for hexes, diff, _ in _OFFSETS:  # the target is ``hexes`` ahead and ``diff`` levels above
                miss, damage, destroy = _shot(hexes, diff)
                chance = destroy + damage if enemy.damaged else destroy
                position = ((q - hexes * dq, r - hexes * dr), facing, level - diff)
                if chance > spots.get(position, 0):
                    spots[position] = chance
    return spots


def _edge_room(state: PCVState, hex_: Hex) -> int:
    board = state.scenario.board
    col, row = board.to_offset(hex_)
    return min(col, row, board.width - 1 - col, board.height - 1 - row, 2)


def rate_positions(state: PCVState, index: int | None = None) -> list[dict[str, Any]]:
    """Every end position of the acting plane's move with its exact kill chance, exposure and one sequence."""
    instance(state, "state", PCVState, "a PCVState (a PCV position)")
    index = state.active if index is None else whole(index, "index", 0, len(state.planes) - 1)
    me = state.planes[index]
    enemies = state.flying(1 - me.side)
    threats = threat_map(state, me)
    kills = _kill_spots(enemies)  # each enemy's firing spots at once, rather than a look along every position's line
    rows = []
    around: dict[Hex, tuple[int, int]] = {}  # (distance, room) by hex: a move's end positions share few hexes
    for position, sequence in plans(me, **plane_options(state, index)).items():
        hex_, facing, altitude = position
        if hex_ not in around:
            around[hex_] = (min((hex_distance(hex_, e.hex) for e in enemies), default=0), _edge_room(state, hex_))
        distance, room = around[hex_]
        rows.append({
            "position": position, "sequence": sequence,
            "kill": kills.get(position, _ZERO),
            "exposure": threats.get((hex_, altitude), _ZERO),
            "distance": distance,
            "room": room,
        })
    return rows


def best_plan(state: PCVState, style: str = "greedy") -> list[Manoeuvre]:
    """The manoeuvre sequence the greedy (or cautious) pilot would fly from here.

    Greedy: the best exact chance to destroy an enemy this turn, then staying off the map's edge, then the least
    exposure to return fire; with no shot anywhere it closes in on the nearest enemy (least exposure among the
    nearest positions). Cautious: off the edge, then the least exposure, then the best shot, then closing in.
    """
    instance(state, "state", PCVState, "a PCVState (a PCV position)")
    one_of(style, "style", ("greedy", "cautious"))
    key = (style, _position_key(state))
    if key not in _PLANS:
        if len(_PLANS) >= _PLANS_KEPT:  # a long tournament: start afresh rather than grow without end
            _PLANS.clear()
        _PLANS[key] = tuple(_choose_plan(state, style))
    return list(_PLANS[key])


# A pilot re-plans after every manoeuvre, and seeded duels between the same pilots pass through the same positions
# again and again (the dice differ only when someone fires): a plan depends only on what _position_key holds, so
# it is worked out once per position. tests/test_pcv_graphs.py checks the cached pilots fly as the uncached ones.
_PLANS: dict[tuple[Any, ...], tuple[Manoeuvre, ...]] = {}
_PLANS_KEPT = 20_000


def _forget_plans() -> None:
    """Empty the pilots' caches: to time a decision from scratch, or to compare with one worked out afresh."""
    _PLANS.clear()
    _threats.cache_clear()
    _nearest_reach.cache_clear()


def _position_key(state: PCVState) -> tuple[Any, ...]:
    """Everything a plan depends on: the acting plane and its points left, where the others fly (collisions), the
    enemies (their moves, shots and damage), the map and the rules' readings of turning and leaving the map."""
    options = plane_options(state, state.active)
    me = state.planes[state.active]
    enemies = tuple(enemy.position + (enemy.speed, enemy.damaged) for enemy in state.flying(1 - me.side))
    return (me.position, me.damaged, options["mp"], frozenset(options["blocked"]), enemies,
            options["board"], options["turning"], options["off_map"])


def _choose_plan(state: PCVState, style: str) -> list[Manoeuvre]:
    """The plan of ``best_plan``, worked out from the rated end positions."""
    rows = rate_positions(state)
    if not rows:
        return []
    # The keys compare the exact chances as floats, which orders them exactly as the fractions: their denominators
    # divide 6 ** (number of enemies), so equal chances give equal floats and different ones stay far apart, and
    # comparing floats is many times cheaper than comparing (and negating) Fractions for every end position.
    # most end positions have no shot and many no exposure: the shared zero needs no conversion
    keyed = [(row, row["room"] >= 1, 0.0 if row["kill"] is _ZERO else float(row["kill"]),
              0.0 if row["exposure"] is _ZERO else -float(row["exposure"])) for row in rows]
    for row, safe, _, _ in keyed:
        row["safe"] = safe  # an edge hex may leave no move that stays on the map next turn
    Keyed = tuple[dict[str, Any], bool, float, float]  # (row, off the edge, kill, -exposure)

    def greedy(k: Keyed) -> tuple[Any, ...]:
        return (k[2], k[1], k[3], -k[0]["distance"], k[0]["position"])

    def closing_in(k: Keyed) -> tuple[Any, ...]:
        return (k[1], -k[0]["distance"], k[3], k[0]["position"])

    def cautious(k: Keyed) -> tuple[Any, ...]:
        return (k[1], k[3], k[2], -k[0]["distance"], k[0]["position"])

    if style == "greedy":
        key = greedy if any(kill > 0 for _, _, kill, _ in keyed) else closing_in
    elif style == "cautious":
        key = cautious
    else:
        raise ValueError(f"a pilot's style is 'greedy' or 'cautious', not {style!r}")
    sequence: list[Manoeuvre] = max(keyed, key=key)[0]["sequence"]
    return sequence


def _steady_speed(state: PCVState) -> SpeedChange:
    speed = state.plane.speed
    return SpeedChange(1 if speed < 3 else -1 if speed > 4 else 0)


def _pilot(style: str) -> Pilot:
    def policy(state: PCVState, rng: random.Random) -> Any:
        _to_move(state, rng)
        if state.phase in ("pick-move", "pick-fire"):
            return state.legal_moves()[0]  # the planes in the scenario's order
        if state.phase == "move":
            plan = best_plan(state, style)
            return plan[0] if plan else state.legal_moves()[0]  # every move ends badly: the plane is doomed
        if state.phase == "speed":
            return _steady_speed(state)
        if state.phase == "fire":
            return nearest_target(state)
        raise ValueError(f"a pilot has no choice to make in the {state.phase!r} phase")

    policy.__name__ = f"{style}_pilot"
    policy.__doc__ = f"The {style} pilot: see the module's docstring."
    return policy


greedy_pilot = _pilot("greedy")
cautious_pilot = _pilot("cautious")

PILOTS = {"random": random_pilot, "greedy": greedy_pilot, "cautious": cautious_pilot}
