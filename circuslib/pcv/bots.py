"""Computer pilots for Le Petit Cirque Volant: policies ``policy(state, rng) -> move``.

- ``random_pilot``: any legal move, uniformly (it often lands, stalls or flies off the map).
- ``greedy_pilot``: picks the end position of its move with the best exact chance to destroy an enemy this turn,
  then the least exposure to return fire next turn (exact one-shot odds from every position the enemies can
  reach); with no shot anywhere, it closes in on the nearest enemy.
- ``cautious_pilot``: picks the end position least exposed to return fire, then the best shot.
All fire at the nearest plane in line (kit ruling) and keep their speed between 3 and 4 without ever stalling.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Callable

from ..core.game import random_policy
from .graphs import plane_options, plans, reachable, shot_from
from .odds import _shot, nearest_target
from .rules import Dogfight, Plane, SpeedChange, hex_distance, line_ahead

__all__ = ["random_pilot", "greedy_pilot", "cautious_pilot", "PILOTS", "threat_map", "rate_positions", "best_plan"]


def random_pilot(state: Dogfight, rng: random.Random):
    """Any legal move, chosen uniformly at random."""
    return random_policy(state, rng)


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
    next turn, if every enemy picks its best end position against that spot (each enemy fires once)."""
    board = state.scenario.board
    # one shot's chance to destroy, in sixths (one die): any hit on a damaged plane, only the 6 on an intact one
    sixths = {(hexes, diff): 6 * (_shot(hexes, diff)[1] + _shot(hexes, diff)[2] if me.damaged else _shot(hexes, diff)[2])
              for hexes in (1, 2, 3) for diff in (-1, 0, 1)}
    offsets = [(hexes, diff, int(sixths[hexes, diff])) for hexes in (1, 2, 3) for diff in (-1, 0, 1)
               if hexes + abs(diff) <= 3]
    combined: dict[tuple, Fraction] = {}
    for enemy in state.flying(1 - me.side):
        best: dict[tuple, int] = {}
        for hex_, facing, altitude in reachable(enemy, turning=state.rules.turning, board=board):
            line = line_ahead(hex_, facing)
            for hexes, diff, chance in offsets:
                key = (line[hexes - 1], altitude + diff)
                if chance > best.get(key, 0):
                    best[key] = chance
        for key, chance in best.items():  # survive every enemy: multiply the chances of not being destroyed
            combined[key] = 1 - (1 - combined.get(key, Fraction(0))) * (1 - Fraction(chance, 6))
    return combined


def _edge_room(state: Dogfight, hex_: tuple) -> int:
    board = state.scenario.board
    col, row = board.to_offset(hex_)
    return min(col, row, board.width - 1 - col, board.height - 1 - row, 2)


def rate_positions(state: Dogfight, index: int | None = None) -> list[dict]:
    """Every end position of the acting plane's move with its exact kill chance, exposure and one sequence."""
    index = state.active if index is None else index
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
