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
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from ..core.args import instance, one_of, rng_arg, whole
from ..core.game import random_policy
from .graphs import plane_options, plans, reachable, shot_from
from .odds import _shot, nearest_target
from .rules import Dogfight, Plane, SpeedChange, hex_distance, line_ahead

__all__ = ["random_pilot", "greedy_pilot", "cautious_pilot", "PILOTS", "threat_map", "rate_positions", "best_plan"]


def _to_move(state, rng) -> Dogfight:
    """The checks of a pilot's arguments: a position where a side is to choose, and a generator."""
    instance(state, "state", Dogfight, "a Dogfight (a PCV position)")
    rng_arg(rng)
    if state.current_player < 0:
        raise ValueError(f"no side is to choose in this position ({state.phase}): a pilot only chooses moves")
    return state


def random_pilot(state: Dogfight, rng: random.Random):
    """Any legal move, chosen uniformly at random."""
    return random_policy(_to_move(state, rng), rng)


def _kill_chance(position: tuple, me: Plane, enemies: list[Plane]) -> Fraction:
    """The best exact chance one shot from ``position`` destroys an enemy."""
    best = Fraction(0)
    for enemy in enemies:
        shot = shot_from(position, enemy)
        if shot is not None:
            miss, damage, destroy = _shot(*shot)
            best = max(best, destroy + damage if enemy.damaged else destroy)
    return best


def threat_map(state: Dogfight, me: Plane) -> dict[tuple, Fraction]:
    """For each (hex, altitude): the exact chance that ``me`` standing there is destroyed by the enemies' fire
    next turn, if every enemy picks its best end position against that spot (each enemy fires once).

    Exact as the rules give it: a 6 destroys, any other hit damages, and a hit on a damaged plane destroys it, so
    two enemies one hex away destroy an intact plane with probability 1/6 + 1/3 * 1/2 + 1/2 * 1/6 = 5/12 (not only
    by their 6s, which would be 11/36). The order of the shots does not change the chance.
    """
    if not isinstance(state, Dogfight):
        raise TypeError(f"threat_map needs a Dogfight state, not {state!r}")
    if not isinstance(me, Plane):
        raise TypeError(f"me must be a Plane (for example state.planes[0]), not {me!r}")
    board = state.scenario.board
    offsets = [(hexes, diff, hexes + abs(diff)) for hexes in (1, 2, 3) for diff in (-1, 0, 1) if hexes + abs(diff) <= 3]
    reaches: dict[tuple, list[int]] = {}
    for enemy in state.flying(1 - me.side):
        best: dict[tuple, int] = {}  # the nearest effective range the enemy can shoot the spot from
        for hex_, facing, altitude in reachable(enemy, turning=state.rules.turning, board=board,
                                                off_map=state.rules.off_map):
            line = line_ahead(hex_, facing)
            for hexes, diff, reach in offsets:
                key = (line[hexes - 1], altitude + diff)
                if reach < best.get(key, 4):
                    best[key] = reach
        for key, reach in best.items():
            reaches.setdefault(key, []).append(reach)
    return {key: _destroyed_by(tuple(sorted(found)), me.damaged) for key, found in reaches.items()}


@lru_cache(maxsize=None)
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


def _edge_room(state: Dogfight, hex_: tuple) -> int:
    board = state.scenario.board
    col, row = board.to_offset(hex_)
    return min(col, row, board.width - 1 - col, board.height - 1 - row, 2)


def rate_positions(state: Dogfight, index: int | None = None) -> list[dict]:
    """Every end position of the acting plane's move with its exact kill chance, exposure and one sequence."""
    instance(state, "state", Dogfight, "a Dogfight (a PCV position)")
    index = state.active if index is None else whole(index, "index", 0, len(state.planes) - 1)
    me = state.planes[index]
    enemies = state.flying(1 - me.side)
    threats = threat_map(state, me)
    rows = []
    for position, sequence in plans(me, **plane_options(state, index)).items():
        hex_, facing, altitude = position
        rows.append({
            "position": position, "sequence": sequence,
            "kill": _kill_chance(position, me, enemies),
            "exposure": threats.get((hex_, altitude), Fraction(0)),
            "distance": min((hex_distance(hex_, e.hex) for e in enemies), default=0),
            "room": _edge_room(state, hex_),
        })
    return rows


def best_plan(state: Dogfight, style: str = "greedy") -> list:
    """The manoeuvre sequence the greedy (or cautious) pilot would fly from here.

    Greedy: the best exact chance to destroy an enemy this turn, then staying off the map's edge, then the least
    exposure to return fire; with no shot anywhere it closes in on the nearest enemy (least exposure among the
    nearest positions). Cautious: off the edge, then the least exposure, then the best shot, then closing in.
    """
    instance(state, "state", Dogfight, "a Dogfight (a PCV position)")
    one_of(style, "style", ("greedy", "cautious"))
    rows = rate_positions(state)
    if not rows:
        return []
    for row in rows:
        row["safe"] = row["room"] >= 1  # an edge hex may leave no move that stays on the map next turn
    if style == "greedy":
        if any(row["kill"] > 0 for row in rows):
            key = lambda r: (r["kill"], r["safe"], -r["exposure"], -r["distance"], r["position"])
        else:
            key = lambda r: (r["safe"], -r["distance"], -r["exposure"], r["position"])
    elif style == "cautious":
        key = lambda r: (r["safe"], -r["exposure"], r["kill"], -r["distance"], r["position"])
    else:
        raise ValueError(f"a pilot's style is 'greedy' or 'cautious', not {style!r}")
    return max(rows, key=key)["sequence"]


def _steady_speed(state: Dogfight) -> SpeedChange:
    speed = state.plane.speed
    return SpeedChange(1 if speed < 3 else -1 if speed > 4 else 0)


def _pilot(style: str) -> Callable[[Dogfight, random.Random], object]:
    def policy(state: Dogfight, rng: random.Random):
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
