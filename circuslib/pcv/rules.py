"""Le Petit Cirque Volant: hex dogfights of the Great War, as an immutable game state.

A side moves all its planes (every movement point spent), changes each speed by at most 1, then fires with each
plane; then the other side does the same. Hexes use axial coordinates (q, r) on a pointy-top map.
See ``../shared/RULINGS.md`` section 2 for the kit's reading of the rules.
"""
from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from ..core.game import CHANCE, TERMINAL, Game, GameState, InvariantBroken, describe, is_whole
from ..core.svg import hex_center, hex_corners, svg_doc

__all__ = [
    "GAME",
    "DIRECTIONS", "FACING_NAMES", "TURNINGS", "FIRE_MODES", "Rules", "Board", "Plane", "Manoeuvre", "SpeedChange",
    "Fire", "Pick", "Objective", "Scenario", "Dogfight", "OFF_MAP", "PLANE_ORDERS", "hex_add", "hex_step", "neighbours", "hex_distance", "line_ahead", "direction_to",
    "front_moves", "effective_range", "hit_faces", "load_scenarios", "scenario", "board_svg",
    "MANOEUVRE_COSTS", "MIN_LEVEL", "MAX_LEVEL",
]

Hex = tuple[int, int]

# The six neighbours in axial coordinates, counter-clockwise on screen from east: facing f points along
# DIRECTIONS[f]; turning left adds 1, turning right subtracts 1 (mod 6).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FACING_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
MIN_LEVEL, MAX_LEVEL = 1, 6  # altitude and speed both run from 1 to 6
TURNINGS = ("front-three", "straight")
FIRE_MODES = ("one-target", "every-target")
OFF_MAP = ("out", "stay")
PLANE_ORDERS = ("chosen", "listed")
MANOEUVRE_COSTS = {"forward": 1, "down": 1, "up": 2, "loop": 3}
MAX_RANGE = 3


# ---------------------------------------------------------------------------------------------------------
# hex geometry


def hex_add(a: Hex, b: Hex) -> Hex:
    """The hex reached from ``a`` by the step ``b``."""
    return (a[0] + b[0], a[1] + b[1])


def hex_step(hex_: Hex, facing: int, steps: int = 1) -> Hex:
    """The hex ``steps`` hexes straight ahead of ``hex_`` along ``facing``."""
    dq, dr = DIRECTIONS[facing % 6]
    return (hex_[0] + steps * dq, hex_[1] + steps * dr)


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``hex_``, in facing order (E, NE, NW, W, SW, SE)."""
    return tuple(hex_add(hex_, d) for d in DIRECTIONS)


def hex_distance(a: Hex, b: Hex) -> int:
    """The number of hex steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def line_ahead(hex_: Hex, facing: int, length: int = MAX_RANGE) -> tuple[Hex, ...]:
    """The hexes straight ahead of the nose, nearest first (the line a plane fires along)."""
    return tuple(hex_step(hex_, facing, k) for k in range(1, length + 1))


def direction_to(a: Hex, b: Hex) -> int | None:
    """The facing that looks from ``a`` straight at ``b``, or None if ``b`` is not on one of a's six lines."""
    distance = hex_distance(a, b)
    if distance == 0:
        return None
    for facing in range(6):
        if hex_step(a, facing, distance) == b:
            return facing
    return None


def _check_facing(facing: Any) -> int:
    if isinstance(facing, str):
        if facing.upper() not in FACING_NAMES:
            raise ValueError(f"a facing is one of {', '.join(FACING_NAMES)}, not {facing!r}")
        return FACING_NAMES.index(facing.upper())
    if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing < 6:
        raise ValueError(f"a facing is a number 0 to 5 (E, NE, NW, W, SW, SE), not {facing!r}")
    return facing


def _check_level(value: Any, what: str, low: int = MIN_LEVEL) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_LEVEL:
        raise ValueError(f"{what} must be a whole number from {low} to {MAX_LEVEL}, not {value!r}")
    return value


# ---------------------------------------------------------------------------------------------------------
# the ruleset, the map, the planes


@dataclass(frozen=True)
class Rules:
    """The kit's readings of the seed, as named options.

    ``turning="front-three"`` (kit ruling, the default): "sur l'avant" is any of the three hexes in front, and a
    move to a front-side hex turns the nose 60 degrees toward it. ``turning="straight"``: ahead only.
    ``fire="one-target"`` (kit ruling, the default): each plane fires once a turn, at one target in its line,
    chosen by the player. ``fire="every-target"``: a plane fires once at each enemy in its line (a literal reading
    of "engage toutes les cibles potentielles").
    ``off_map="out"`` (kit ruling, the default): a plane whose manoeuvre leaves the map is out of the game (no rule
    says so; the map is the whole battlefield). ``off_map="stay"``: the plane stops at the edge, in the hex it was
    leaving, nose and altitude as the manoeuvre left them, and its remaining movement points are lost.
    ``plane_order="chosen"`` (kit ruling, the default): a player chooses the order in which their own planes move,
    and then the order in which they fire (a ``Pick`` move whenever two or more could go next).
    ``plane_order="listed"``: they always go in the scenario's order.
    """

    turning: str = "front-three"
    fire: str = "one-target"
    off_map: str = "out"
    plane_order: str = "chosen"

    def __post_init__(self) -> None:
        for name, allowed in (("turning", TURNINGS), ("fire", FIRE_MODES), ("off_map", OFF_MAP),
                              ("plane_order", PLANE_ORDERS)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")

    @property
    def turns(self) -> tuple[str, ...]:
        """The front hexes a manoeuvre may enter: ahead, and under the kit ruling also left and right."""
        return ("ahead", "left", "right") if self.turning == "front-three" else ("ahead",)


@dataclass(frozen=True)
class Board:
    """A rectangular hex map of ``width`` columns and ``height`` rows (odd rows shifted right by half a hex)."""

    width: int = 12
    height: int = 9

    def __post_init__(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 40:
                raise ValueError(f"the map {name} must be a whole number from 2 to 40, not {value!r}")

    @staticmethod
    def to_offset(hex_: Hex) -> tuple[int, int]:
        """Axial (q, r) to (column, row) on the printed map."""
        q, r = hex_
        return (q + (r - (r & 1)) // 2, r)

    @staticmethod
    def from_offset(col: int, row: int) -> Hex:
        """(column, row) on the printed map to axial (q, r)."""
        return (col - (row - (row & 1)) // 2, row)

    def contains(self, hex_: Hex) -> bool:
        """Whether the hex is on the map (a plane that leaves it is out of the game, or stops at the edge, as
        ``Rules.off_map`` says)."""
        col, row = self.to_offset(hex_)
        return 0 <= col < self.width and 0 <= row < self.height

    def hexes(self) -> list[Hex]:
        """Every hex of the map, row by row."""
        return [self.from_offset(c, r) for r in range(self.height) for c in range(self.width)]

    def on_edge(self, hex_: Hex, edge: str) -> bool:
        """Whether the hex lies on the named edge: "east", "west", "north" or "south"."""
        col, row = self.to_offset(hex_)
        edges = {"east": col == self.width - 1, "west": col == 0, "north": row == 0, "south": row == self.height - 1}
        if edge not in edges:
            raise ValueError(f"an edge is east, west, north or south, not {edge!r}")
        return edges[edge]


@dataclass(frozen=True)
class Plane:
    """One plane: its side, hex, facing (0-5), altitude and speed (1-6), damage; ``out`` says why it left."""

    name: str
    side: int
    hex: Hex
    facing: int = 0
    altitude: int = 3
    speed: int = 3
    damaged: bool = False
    out: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError("a plane needs a name, such as 'Red 1'")
        if self.side not in (0, 1):
            raise ValueError(f"a plane's side is 0 or 1, not {self.side!r}")
        if (not isinstance(self.hex, tuple) or len(self.hex) != 2
                or not all(isinstance(c, int) and not isinstance(c, bool) for c in self.hex)):
            raise ValueError(f"a hex is a pair of whole numbers (q, r), not {self.hex!r}")
        object.__setattr__(self, "facing", _check_facing(self.facing))
        if not self.out:  # a plane out of the game may have landed (altitude 0) or stalled (speed 0)
            _check_level(self.altitude, f"{self.name}'s altitude")
            _check_level(self.speed, f"{self.name}'s speed")

    @property
    def flying(self) -> bool:
        """Whether the plane is still in the air."""
        return not self.out

    @property
    def position(self) -> tuple[Hex, int, int]:
        """(hex, facing, altitude): where the plane is and where it looks."""
        return (self.hex, self.facing, self.altitude)

    def __str__(self) -> str:
        state = f"out ({self.out})" if self.out else ("damaged" if self.damaged else "intact")
        return (f"{self.name} at {self.hex} facing {FACING_NAMES[self.facing]}, altitude {self.altitude}, "
                f"speed {self.speed}, {state}")


# ---------------------------------------------------------------------------------------------------------
# moves


@dataclass(frozen=True)
class Manoeuvre:
    """One manoeuvre: ``kind`` forward/down/up/loop, the front hex it enters, and for a loop the climb (+1 or -1)."""

    kind: str
    turn: str = "ahead"
    climb: int = 0

    def __post_init__(self) -> None:
        if type(self.kind) is not str or self.kind not in MANOEUVRE_COSTS:
            raise ValueError(f"a manoeuvre is forward, down, up or loop, not {describe(self.kind)}")
        if type(self.turn) is not str or self.turn not in ("ahead", "left", "right"):
            raise ValueError(f"a manoeuvre enters the hex ahead, left or right, not {describe(self.turn)}")
        if not is_whole(self.climb):
            raise ValueError(f"a loop's climb is +1 or -1 (a whole number), not {describe(self.climb)}")
        if self.kind == "loop" and self.climb not in (1, -1):
            raise ValueError("a loop must change altitude: climb=+1 or climb=-1")
        if self.kind != "loop" and self.climb != 0:
            raise ValueError("only a loop takes a climb; forward, down and up fix the altitude change")

    @property
    def cost(self) -> int:
        """Movement points the manoeuvre spends: forward 1, down 1, up 2, loop 3."""
        return MANOEUVRE_COSTS[self.kind]

    @property
    def altitude_change(self) -> int:
        """How many levels the manoeuvre climbs (negative: dives)."""
        return {"forward": 0, "down": -1, "up": 1}.get(self.kind, self.climb)

    def __str__(self) -> str:
        where = "" if self.turn == "ahead" else f" {self.turn}"
        if self.kind == "loop":
            return f"loop {'up' if self.climb > 0 else 'down'}{where}"
        return f"{self.kind}{where}"


@dataclass(frozen=True)
class SpeedChange:
    """After moving: change the speed by -1, 0 or +1 for next turn."""

    delta: int

    def __str__(self) -> str:
        if not is_whole(self.delta):
            return f"speed change {describe(self.delta)}"
        return "keep speed" if self.delta == 0 else f"speed {self.delta:+d}"


@dataclass(frozen=True)
class Fire:
    """Fire at the named enemy plane in the line ahead."""

    target: str

    def __str__(self) -> str:
        return f"fire at {describe(self.target)}"


@dataclass(frozen=True)
class Pick:
    """Choose which of your planes goes next: the next to move (in the move phase) or to fire (in the fire phase)."""

    plane: str

    def __str__(self) -> str:
        return f"{describe(self.plane)} goes next"


def front_moves(hex_: Hex, facing: int, turning: str = "front-three") -> list[tuple[str, Hex, int]]:
    """The front hexes a manoeuvre may enter, as (turn, hex, new facing): the nose turns toward the hex entered."""
    turns = Rules(turning).turns
    shift = {"ahead": 0, "left": 1, "right": -1}
    return [(t, hex_step(hex_, facing + shift[t]), (facing + shift[t]) % 6) for t in turns]


def manoeuvre_result(hex_: Hex, facing: int, altitude: int, move: Manoeuvre) -> tuple[Hex, int, int]:
    """Where a manoeuvre leaves the plane: (hex, facing, altitude); a loop ends with the nose turned 180 degrees."""
    shift = {"ahead": 0, "left": 1, "right": -1}[move.turn]
    new_facing = (facing + shift) % 6
    new_hex = hex_step(hex_, new_facing)
    if move.kind == "loop":
        new_facing = (new_facing + 3) % 6
    return new_hex, new_facing, altitude + move.altitude_change


def all_manoeuvres(rules: Rules) -> tuple[Manoeuvre, ...]:
    """Every manoeuvre the ruleset knows, cheapest first."""
    moves = [Manoeuvre(k, t) for k in ("forward", "down", "up") for t in rules.turns]
    moves += [Manoeuvre("loop", t, c) for c in (1, -1) for t in rules.turns]
    return tuple(moves)


_MANOEUVRES = {t: all_manoeuvres(Rules(t)) for t in TURNINGS}


@cache
def manoeuvre_options(altitude: int, mp_left: int, turning: str = "front-three") -> tuple[Manoeuvre, ...]:
    """The manoeuvres allowed with ``mp_left`` movement points at this altitude (never above 6)."""
    return tuple(m for m in _MANOEUVRES[turning]
                 if m.cost <= mp_left and altitude + m.altitude_change <= MAX_LEVEL)


@cache
def manoeuvre_steps(altitude: int, mp_left: int, turning: str = "front-three") -> tuple[tuple, ...]:
    """The allowed manoeuvres as (move, cost, turn of the nose before moving, altitude change, loop?), for speed."""
    shift = {"ahead": 0, "left": 1, "right": -1}
    return tuple((m, m.cost, shift[m.turn], m.altitude_change, m.kind == "loop")
                 for m in manoeuvre_options(altitude, mp_left, turning))


# ---------------------------------------------------------------------------------------------------------
# firing


def effective_range(hexes: int, alt_diff: int) -> int | None:
    """Hexes ahead plus one per level of altitude difference; None when the target is out of reach."""
    if abs(alt_diff) > 1 or not 1 <= hexes <= MAX_RANGE:
        return None
    reach = hexes + abs(alt_diff)
    return reach if reach <= MAX_RANGE else None


def hit_faces(reach: int | None) -> tuple[int, ...]:
    """The die faces that hit at this effective range: 1 -> 4-6, 2 -> 5-6, 3 -> 6; none out of reach."""
    return () if reach is None else tuple(range(3 + reach, 7))


# ---------------------------------------------------------------------------------------------------------
# scenarios


@dataclass(frozen=True)
class Objective:
    """How a scenario is won besides being the last side flying.

    ``kind``: "last-side-flying" (only that; a draw at the turn limit), "reach-edge" (``side`` wins when one of
    its planes ends its move on ``edge``; the other side wins at the turn limit), or "survive" (``side`` wins if
    it still flies after the turn limit).
    """

    kind: str = "last-side-flying"
    side: int = 0
    edge: str = "east"

    def __post_init__(self) -> None:
        if self.kind not in ("last-side-flying", "reach-edge", "survive"):
            raise ValueError(f"an objective is last-side-flying, reach-edge or survive, not {self.kind!r}")
        if self.side not in (0, 1):
            raise ValueError("an objective belongs to side 0 or side 1")
        if self.edge not in ("east", "west", "north", "south"):
            raise ValueError(f"an edge is east, west, north or south, not {self.edge!r}")

    def describe(self, side_names: tuple[str, str]) -> str:
        """The objective in a sentence."""
        if self.kind == "reach-edge":
            return f"{side_names[self.side]} wins by reaching the {self.edge} edge; otherwise the other side wins at the turn limit"
        if self.kind == "survive":
            return f"{side_names[self.side]} wins by still flying after the turn limit"
        return "the last side with planes in the air wins (a draw at the turn limit)"


@dataclass(frozen=True)
class Scenario:
    """A scenario as data: the map, the planes, the turn limit, the objective and the sides' names."""

    name: str
    board: Board
    planes: tuple[Plane, ...]
    turn_limit: int = 20
    objective: Objective = Objective()
    side_names: tuple[str, str] = ("Red", "Blue")
    description: str = ""
    first_side: int = 0  # (kit ruling: scenario data) the side that moves first each turn

    def __post_init__(self) -> None:
        if isinstance(self.turn_limit, bool) or not isinstance(self.turn_limit, int) or self.turn_limit < 1:
            raise ValueError("the turn limit must be a whole number, at least 1")
        if isinstance(self.first_side, bool) or self.first_side not in (0, 1):
            raise ValueError(f"the side that starts is 0 or 1, not {self.first_side!r}")
        names = [p.name for p in self.planes]
        if len(set(names)) != len(names):
            raise ValueError("every plane needs its own name")
        for side in (0, 1):
            if not any(p.side == side for p in self.planes):
                raise ValueError(f"side {side} has no plane")
        for p in self.planes:
            if not self.board.contains(p.hex):
                raise ValueError(f"{p.name} starts off the map at {p.hex}")
        spots = [(p.hex, p.altitude) for p in self.planes]
        if len(set(spots)) != len(spots):
            raise ValueError("two planes start in the same hex at the same altitude")

    def start(self, rules: Rules | None = None) -> Dogfight:
        """The first state of the scenario (the scenario's ``first_side`` moves first)."""
        return Dogfight.start(self, rules or Rules())

    @classmethod
    def from_dict(cls, data: dict) -> Scenario:
        """A scenario from its JSON form (planes placed by map column and row)."""
        try:
            board = Board(**data.get("board", {}))
            planes = tuple(
                Plane(p["name"], p["side"], Board.from_offset(*p["at"]), _check_facing(p.get("facing", "E")),
                      p.get("altitude", 3), p.get("speed", 3), p.get("damaged", False))
                for p in data["planes"])
            objective = Objective(**data.get("objective", {}))
            return cls(data["name"], board, planes, data.get("turn_limit", 20), objective,
                       tuple(data.get("side_names", ("Red", "Blue"))), data.get("description", ""),
                       data.get("first_side", 0))
        except KeyError as missing:
            raise ValueError(f"the scenario is missing the field {missing}") from None
        except TypeError as error:
            raise ValueError(f"the scenario has a malformed field: {error}") from None


SCENARIO_FILE = Path(__file__).with_name("scenarios.json")


def load_scenarios(path: Path | str | None = None) -> dict[str, Scenario]:
    """Every scenario in a JSON file (the kit's own file by default), by name."""
    text = Path(path or SCENARIO_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
        raise ValueError("a scenario file holds {\"scenarios\": [...]}")
    return {s.name: s for s in map(Scenario.from_dict, data["scenarios"])}


@lru_cache(maxsize=1)
def _kit_scenarios() -> tuple[Scenario, ...]:
    """The kit's own scenarios, read once: a Scenario is immutable, and a tournament starts one for every game."""
    return tuple(load_scenarios().values())


def scenario(name: str = "duel") -> Scenario:
    """One of the kit's scenarios: "duel", "patrol", "breakthrough" or "last-stand"."""
    scenarios = {s.name: s for s in _kit_scenarios()}
    if name not in scenarios:
        raise ValueError(f"there is no scenario {name!r}; the scenarios are: {', '.join(scenarios)}")
    return scenarios[name]


# ---------------------------------------------------------------------------------------------------------
# the game state

PHASES = ("pick-move", "move", "speed", "pick-fire", "fire", "roll", "over")


# the die of every shot, made once: a tuple of (face, exact chance), immutable, so every roll can share it
_DIE = tuple((face, Fraction(1, 6)) for face in range(1, 7))


@dataclass(frozen=True)
class Dogfight(GameState):
    """A PCV game in progress: the planes, whose side plays, the phase, the acting plane and its points left.

    Phases: "pick-move" (the side chooses which of its planes moves next, when two or more have still to move),
    "move" (the active plane spends its movement points one manoeuvre at a time), "speed" (it changes speed by -1,
    0 or +1), "pick-fire" (the side chooses which plane fires next, when two or more have a target), "fire" (the
    active plane picks a target in its line), "roll" (the die: a chance step), "over". ``done`` lists the side's
    planes that have moved (in the move phases) or fired (in the fire phases) this turn.
    """

    planes: tuple[Plane, ...]
    scenario: Scenario
    rules: Rules = Rules()
    turn: int = 1
    side: int = 0
    phase: str = "move"
    active: int = 0
    mp_left: int = 0
    target: int | None = None
    winner: int | None = None
    note: str = ""
    last_roll: int | None = None
    fired_at: tuple[int, ...] = ()
    done: tuple[int, ...] = ()

    # --- starting ------------------------------------------------------------------------------------
    @classmethod
    def start(cls, scenario: Scenario, rules: Rules = Rules()) -> Dogfight:
        """The scenario's first position, the scenario's first side about to move (or choose) its first plane."""
        if not isinstance(scenario, Scenario):
            raise TypeError("start a dogfight from a Scenario, for example scenario('duel')")
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules, for example Rules() or Rules(off_map='stay')")
        first = scenario.first_side
        state = cls(scenario.planes, scenario, rules, note=f"Turn 1: {scenario.side_names[first]} moves")
        return state._start_side(first, 1)

    # --- the protocol --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The side playing, CHANCE while the die rolls, TERMINAL at the end."""
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase == "roll" else self.side

    def is_over(self) -> bool:
        """Whether a side has won (or the game ended in a draw)."""
        return self.phase == "over"

    def scores(self) -> tuple[int, int]:
        """1 for the winning side, 0 otherwise (0, 0 for a draw or a game still going)."""
        return tuple(int(self.winner == s) for s in (0, 1))

    @property
    def plane(self) -> Plane:
        """The plane acting now (while a side picks its next plane: the last one that acted)."""
        return self.planes[self.active]

    def candidates(self) -> list[int]:
        """The side's planes that may go next: still to move (move phases) or with a target, still to fire (fire
        phases); in the scenario's order."""
        side, done = self.side, self.done
        if self.phase in ("pick-move", "move", "speed"):
            return [i for i, p in enumerate(self.planes) if p.side == side and p.flying and i not in done]
        if self.phase in ("pick-fire", "fire", "roll"):
            return [i for i, p in enumerate(self.planes) if p.side == side and i not in done and self.targets_of(i)]
        return []

    def plane_named(self, name: str) -> Plane:
        """The plane with this name."""
        for p in self.planes:
            if p.name == name:
                return p
        raise ValueError(f"there is no plane called {name!r}; the planes are: {', '.join(p.name for p in self.planes)}")

    def flying(self, side: int | None = None) -> list[Plane]:
        """The planes still in the air (of one side, or all)."""
        return [p for p in self.planes if p.flying and (side is None or p.side == side)]

    def legal_moves(self) -> tuple:
        """The manoeuvres, speed changes, targets or next planes the side may choose now."""
        if self.phase in ("pick-move", "pick-fire"):
            return tuple(Pick(self.planes[i].name) for i in self.candidates())
        if self.phase == "move":
            return manoeuvre_options(self.plane.altitude, self.mp_left, self.rules.turning)
        if self.phase == "speed":
            return tuple(SpeedChange(d) for d in (-1, 0, 1) if self.plane.speed + d <= MAX_LEVEL)
        if self.phase == "fire":
            return tuple(Fire(self.planes[i].name) for i in self.open_targets())
        return ()

    def chance_outcomes(self) -> tuple:
        """The die of a shot: each face 1 to 6 with probability 1/6."""
        return _DIE if self.phase == "roll" else ()

    def is_legal(self, move: Any) -> bool:
        """A direct rule check (quicker than listing every move)."""
        if self.phase == "move":
            return (type(move) is Manoeuvre and move.cost <= self.mp_left and move.turn in self.rules.turns
                    and self.plane.altitude + move.altitude_change <= MAX_LEVEL)
        if self.phase == "roll":
            return is_whole(move) and 1 <= move <= 6
        return self._problem(move) is None

    def why_illegal(self, move: Any) -> str:
        """Explain a refused move in the game's words."""
        return self._problem(move) or f"{describe(move)} is legal here"

    def _problem(self, move: Any) -> str | None:
        """The one check of a move: its type, its values and their ranges, then the rule (None: legal)."""
        if self.phase == "over":
            return "the game is over: no more moves can be played"
        plane = self.plane
        shown = describe(move)
        if self.phase in ("pick-move", "pick-fire"):
            candidates = [self.planes[i].name for i in self.candidates()]
            if type(move) is Pick and type(move.plane) is str and move.plane in candidates:
                return None
            what = "moves" if self.phase == "pick-move" else "fires"
            return (f"{self.scenario.side_names[self.side]} first chooses which plane {what} next "
                    f"(Pick(name)), one of: {', '.join(candidates)}; not {shown}")
        if self.phase == "roll":
            if is_whole(move) and 1 <= move <= 6:
                return None
            return f"the die is rolling for {plane.name}'s shot: the next step is a face from 1 to 6, not {shown}"
        if self.phase == "move":
            if type(move) is not Manoeuvre:
                return f"{plane.name} is moving: choose a manoeuvre (forward, down, up or loop), not {shown}"
            if move.turn not in self.rules.turns:
                return f"with turning='straight' a plane only enters the hex straight ahead, not the one {move.turn}"
            if move.cost > self.mp_left:
                return (f"{'a loop' if move.kind == 'loop' else move.kind} costs {move.cost} movement points; "
                        f"{self.mp_left} {'is' if self.mp_left == 1 else 'are'} left")
            if plane.altitude + move.altitude_change > MAX_LEVEL:
                return f"{plane.name} is at altitude {plane.altitude}: altitude never goes above {MAX_LEVEL}"
            return None
        if self.phase == "speed":
            if type(move) is not SpeedChange:
                return f"{plane.name} has spent its movement points: change its speed by -1, 0 or +1, not {shown}"
            if not is_whole(move.delta) or move.delta not in (-1, 0, 1):
                return f"speed changes by at most 1 point a turn: SpeedChange(-1), (0) or (+1), not {shown}"
            if plane.speed + move.delta > MAX_LEVEL:
                return f"{plane.name} already flies at speed {MAX_LEVEL}, the top speed"
            return None
        # fire
        if type(move) is not Fire or type(move.target) is not str:
            return f"{plane.name} is firing: choose a target in its line, Fire(name), not {shown}"
        names = [self.planes[i].name for i in self.open_targets()]
        if move.target in names:
            return None
        if any(self.planes[i].name == move.target for i in self.fired_at):
            return f"{plane.name} has already fired at {move.target} this turn; it can still fire at: {', '.join(names)}"
        return f"{move.target} is not in {plane.name}'s line of fire; it can fire at: {', '.join(names)}"

    # --- firing lines ---------------------------------------------------------------------------------
    def targets_of(self, index: int) -> list[int]:
        """The enemy planes in the line of plane ``index``, nearest (in effective range) first."""
        shooter = self.planes[index]
        if not shooter.flying:
            return []
        line = line_ahead(shooter.hex, shooter.facing)
        found = []
        for i, p in enumerate(self.planes):
            if p.flying and p.side != shooter.side and p.hex in line:
                reach = effective_range(line.index(p.hex) + 1, p.altitude - shooter.altitude)
                if reach is not None:
                    found.append((reach, not p.damaged, i))
        return [i for _, _, i in sorted(found)]

    def open_targets(self) -> list[int]:
        """The targets the acting plane may still choose this fire step (each at most once)."""
        return [i for i in self.targets_of(self.active) if i not in self.fired_at]

    def shot(self, shooter: int, target: int) -> tuple[int, int]:
        """(hexes ahead, altitude difference) from plane ``shooter`` to plane ``target``."""
        a, b = self.planes[shooter], self.planes[target]
        return (hex_distance(a.hex, b.hex), b.altitude - a.altitude)

    def fire_now(self) -> Dogfight:
        """This position at the start of the side's fire phase, as if its planes had finished moving."""
        if self.phase in ("over", "pick-fire", "fire", "roll"):
            return self
        return self._replace(mp_left=0, target=None)._start_fire()

    # --- applying moves ---------------------------------------------------------------------------------
    # A Dogfight is copied with GameState._replace (no __post_init__ to re-run): dataclasses.replace re-ran
    # __init__ on every copy, several a move. Planes are still copied with replace, which checks them.
    def _apply(self, move: Any) -> Dogfight:
        if self.phase in ("pick-move", "pick-fire"):
            index = next(i for i in self.candidates() if self.planes[i].name == move.plane)
            return self._begin_move(index) if self.phase == "pick-move" else self._begin_fire(index)
        if self.phase == "move":
            return self._manoeuvre(move)
        if self.phase == "speed":
            return self._change_speed(move)
        if self.phase == "fire":
            target = next(i for i, p in enumerate(self.planes) if p.name == move.target)
            return self._replace(phase="roll", target=target, fired_at=self.fired_at + (target,),
                           note=f"{self.plane.name} fires at {move.target}")
        return self._roll(move)

    def _manoeuvre(self, move: Manoeuvre) -> Dogfight:
        plane = self.plane
        hex_, facing, altitude = manoeuvre_result(plane.hex, plane.facing, plane.altitude, move)
        planes = list(self.planes)
        mp_left = self.mp_left - move.cost
        note = f"{plane.name}: {move}"
        off_map = not self.scenario.board.contains(hex_)
        if off_map and self.rules.off_map == "stay":  # it stops at the edge, in the hex it was leaving: move over
            hex_, mp_left, off_map = plane.hex, 0, False
            note += " and stops at the edge of the map"
        if off_map:  # off_map="out"
            planes[self.active] = replace(plane, hex=hex_, facing=facing, altitude=max(altitude, 0), out="left the map")
            note += " and leaves the map"
        elif altitude < MIN_LEVEL:
            planes[self.active] = replace(plane, hex=hex_, facing=facing, altitude=0, out="landed")
            note += " and lands: out of the fight"
        else:
            moved = replace(plane, hex=hex_, facing=facing, altitude=altitude)
            planes[self.active] = moved
            for i, other in enumerate(planes):
                if i != self.active and other.flying and other.hex == hex_ and other.altitude == altitude:
                    planes[i] = replace(other, out="collision")
                    planes[self.active] = replace(moved, out="collision")
                    note += f" and collides with {other.name}: both are out"
                    break
        state = self._replace(planes=tuple(planes), mp_left=mp_left, note=note)
        if not state.plane.flying:
            return state._after_loss()._next_mover()
        if mp_left == 0:
            won = state._objective_reached()
            if won is not None:
                return state._finish(won)
            return state._replace(phase="speed")
        return state

    def _change_speed(self, move: SpeedChange) -> Dogfight:
        plane = self.plane
        speed = plane.speed + move.delta
        planes = list(self.planes)
        if speed < MIN_LEVEL:
            planes[self.active] = replace(plane, speed=0, out="stalled")
            note = f"{plane.name} slows to 0 and stalls: out of the fight"
        else:
            planes[self.active] = replace(plane, speed=speed)
            note = f"{plane.name}: {move} (now {speed})"
        state = self._replace(planes=tuple(planes), note=note)
        if not state.planes[self.active].flying:
            state = state._after_loss()
        return state._next_mover()

    def _roll(self, face: int) -> Dogfight:
        shooter, target = self.plane, self.planes[self.target]
        hexes, diff = self.shot(self.active, self.target)
        hit = face in hit_faces(effective_range(hexes, diff))
        planes = list(self.planes)
        if not hit:
            note = f"{shooter.name} rolls {face}: miss"
        elif face == 6 or target.damaged:
            planes[self.target] = replace(target, out="destroyed")
            note = f"{shooter.name} rolls {face}: {target.name} is destroyed"
        else:
            planes[self.target] = replace(target, damaged=True)
            note = f"{shooter.name} rolls {face}: {target.name} is damaged"
        state = self._replace(planes=tuple(planes), target=None, note=note, last_roll=face)
        if not planes[self.target].flying:
            state = state._after_loss()
            if state.phase == "over":
                return state
        if self.rules.fire == "every-target" and state.open_targets():
            return state._replace(phase="fire")  # the same plane fires again, at another enemy in its line
        return state._next_shooter()

    # --- the order of play ---------------------------------------------------------------------------
    def _start_side(self, side: int, turn: int) -> Dogfight:
        state = self._replace(side=side, turn=turn, phase="move", done=())
        return state._next_mover()

    def _next_mover(self) -> Dogfight:
        """The next plane to move: the only one left, the first listed (``plane_order="listed"``), or the side's
        choice; once every plane has moved, the fire phase."""
        if self.phase == "over":
            return self
        left = self.candidates()
        if not left:
            return self._start_fire()
        if len(left) == 1 or self.rules.plane_order == "listed":
            return self._begin_move(left[0])
        return self._replace(phase="pick-move", mp_left=0, target=None)

    def _begin_move(self, index: int) -> Dogfight:
        return self._replace(phase="move", active=index, mp_left=self.planes[index].speed, done=self.done + (index,))

    def _start_fire(self) -> Dogfight:
        return self._replace(phase="fire", done=(), mp_left=0, target=None)._next_shooter()

    def _next_shooter(self) -> Dogfight:
        """The next plane to fire: the only one with a target, the first listed, or the side's choice."""
        left = self.candidates()
        if not left:
            return self._end_side()
        if len(left) == 1 or self.rules.plane_order == "listed":
            return self._begin_fire(left[0])
        return self._replace(phase="pick-fire", mp_left=0, target=None)

    def _begin_fire(self, index: int) -> Dogfight:
        return self._replace(phase="fire", active=index, mp_left=0, fired_at=(), done=self.done + (index,))

    def _end_side(self) -> Dogfight:
        other = 1 - self.side
        turn = self.turn + (1 if other == self.scenario.first_side else 0)
        if turn > self.scenario.turn_limit:
            return self._finish(self._winner_at_limit(), "the turn limit is reached")
        note = f"{self.note}. " if self.note else ""
        return self._replace(note=f"{note}Turn {turn}: {self.scenario.side_names[other]} moves")._start_side(other, turn)

    def _after_loss(self) -> Dogfight:
        alive = [bool(self.flying(s)) for s in (0, 1)]
        if all(alive):
            return self
        if not any(alive):
            return self._finish(None, "no plane is left in the air")
        return self._finish(0 if alive[0] else 1, "the other side has no plane left in the air")

    def _objective_reached(self) -> int | None:
        goal = self.scenario.objective
        plane = self.plane
        if goal.kind == "reach-edge" and plane.side == goal.side and self.scenario.board.on_edge(plane.hex, goal.edge):
            return goal.side
        return None

    def _winner_at_limit(self) -> int | None:
        goal = self.scenario.objective
        if goal.kind == "reach-edge":
            return 1 - goal.side
        if goal.kind == "survive":
            return goal.side
        return None

    def _finish(self, winner: int | None, why: str = "") -> Dogfight:
        names = self.scenario.side_names
        result = "a draw" if winner is None else f"{names[winner]} wins"
        if not why and winner is not None:
            why = f"{self.plane.name} reached the {self.scenario.objective.edge} edge"
        note = f"{self.note}. " if self.note else ""
        return self._replace(phase="over", winner=winner, target=None, note=f"{note}Game over: {result} ({why})")

    # --- display ---------------------------------------------------------------------------------------
    def __str__(self) -> str:
        names = self.scenario.side_names
        if self.phase == "over":
            return self.note
        if self.phase in ("pick-move", "pick-fire"):
            return (f"turn {self.turn}, {names[self.side]}: choose the next plane to "
                    f"{'move' if self.phase == 'pick-move' else 'fire'}")
        head = f"turn {self.turn}, {names[self.side]}: {self.phase} with {self.plane.name}"
        if self.phase == "move":
            head += f" ({self.mp_left} movement points left)"
        return head

    def _repr_html_(self) -> str:
        return board_svg(self)


# ---------------------------------------------------------------------------------------------------------
# drawing

SIDE_COLORS = ("#d7301f", "#2171b5")


def _short_name(name: str) -> str:
    """"Red 1" -> "R1": the side's initial and the plane's number, short enough for a map label."""
    words = name.split()
    return "".join(w[0] for w in words[:-1]) + words[-1] if len(words) > 1 else name[:3]


def _plane_svg(plane: Plane, size: float, origin: tuple[float, float], highlight: bool) -> str:
    cx, cy = hex_center(*plane.hex, size, origin=origin)
    angle = -60 * plane.facing  # facing 0 points east; screen y grows downward
    color = SIDE_COLORS[plane.side]
    outline = ' stroke="#ffd92f" stroke-width="3"' if highlight else ' stroke="#222222" stroke-width="1"'
    # drawn pointing east, then rotated to the facing: the smoke trails behind the tail whatever the heading
    smoke = "".join(f'<circle cx="{dx:.1f}" cy="{dy:.1f}" r="{size * r:.1f}" fill="#737373" opacity="0.75"/>'
                    for dx, dy, r in ((-size * .55, 0, .2), (-size * .78, -size * .12, .15), (-size * .95, size * .05, .11))
                    ) if plane.damaged else ""
    arrow = (f'<polygon points="{size * .6:.1f},0 {-size * .45:.1f},{-size * .4:.1f} {-size * .2:.1f},0 '
             f'{-size * .45:.1f},{size * .4:.1f}" fill="{color}"{outline}/>')
    body = f'<g transform="translate({cx:.1f},{cy:.1f}) rotate({angle})">{smoke}{arrow}</g>'
    label = (f'<text x="{cx:.1f}" y="{cy + size * .95:.1f}" font-size="{size * .38:.1f}" font-family="sans-serif" '
             f'font-weight="bold" text-anchor="middle" fill="{color}">{_short_name(plane.name)} '
             f'A{plane.altitude} S{plane.speed}</text>')
    cls = "circus-plane circus-damaged" if plane.damaged else "circus-plane"
    return f'<g class="{cls}" data-name="{plane.name}"><title>{plane}</title>{body}{label}</g>'


def board_svg(state: Dogfight | None = None, *, board: Board | None = None, planes: Iterable[Plane] = (),
              shade: dict | Iterable[Hex] = (), size: float = 26, fire_line: bool = True,
              title: str | None = None) -> str:
    """The hex map as SVG: planes as arrows labelled with altitude (A) and speed (S), smoke when damaged,
    ``shade`` hexes tinted (a set, or a dict hex -> colour), and the acting plane's line of fire."""
    board = board or (state.scenario.board if state else Board())
    planes = list(state.planes if state else planes)
    flying = [p for p in planes if p.flying]
    origin = (size * 1.2, size * 1.3)
    shades = dict(shade) if isinstance(shade, dict) else {h: "#fdd49e" for h in shade}
    active = state.plane if state is not None and state.phase not in ("over", "pick-move", "pick-fire") else None
    line = set(line_ahead(active.hex, active.facing)) if (active and fire_line and state.phase in ("fire", "roll")) else set()
    parts = []
    for h in board.hexes():
        fill = shades.get(h, "#fde0dd" if h in line else "#f7fbff")
        cx, cy = hex_center(*h, size, origin=origin)
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in hex_corners(cx, cy, size))
        parts.append(f'<polygon class="circus-hex" points="{points}" fill="{fill}" stroke="#9ecae1"/>')
    for p in flying:
        parts.append(_plane_svg(p, size, origin, highlight=active is not None and p.name == active.name))
    width = size * math.sqrt(3) * (board.width + 0.5) + size * 1.2
    height = size * 1.5 * board.height + size * 1.6
    return svg_doc(width, height, "".join(parts), css_class="circus-svg circus-pcv-map", title=title or (str(state) if state else None))


# ---------------------------------------------------------------------------------------------------------
# the game as a whole, for the kit's registry (circuslib.games())

def _random_start(rng: random.Random) -> Dogfight:
    """A seeded starting position: a scenario, its readings and sometimes the other side first."""
    name = rng.choice(["duel", "patrol", "breakthrough", "last-stand"])
    rules = Rules(rng.choice(TURNINGS), rng.choice(FIRE_MODES), off_map=rng.choice(OFF_MAP),
                  plane_order=rng.choice(PLANE_ORDERS))
    base = scenario(name)
    if rng.random() < 0.3:
        base = replace(base, first_side=1)
    return base.start(rules)


def _conserved(start: GameState, now: GameState) -> None:
    """No plane is made or lost, no two flying planes share a place, and every flying plane is where it can be."""
    assert isinstance(start, Dogfight) and isinstance(now, Dogfight)
    if [p.name for p in now.planes] != [p.name for p in start.planes]:
        raise InvariantBroken("a plane was made or lost")
    spots = [(p.hex, p.altitude) for p in now.planes if p.flying]
    if len(set(spots)) != len(spots):
        raise InvariantBroken("two flying planes share a hex and an altitude")
    for p in now.planes:
        if p.flying and not (1 <= p.altitude <= 6 and 1 <= p.speed <= 6 and now.scenario.board.contains(p.hex)):
            raise InvariantBroken(f"{p} is flying where it cannot be")


def _bound(start: GameState) -> int:
    assert isinstance(start, Dogfight)
    return (start.scenario.turn_limit + 1) * 2 * len(start.planes) * 12


def _new_game(options: Rules | None = None, *, scenario_name: str = "duel") -> Dogfight:
    return scenario(scenario_name).start(options if options is not None else Rules())


GAME = Game("pcv", "Le Petit Cirque Volant", Rules, _new_game, _random_start, _conserved, _bound,
            (Manoeuvre("forward"), Manoeuvre("loop", "left", -1), SpeedChange(1), Fire("Blue 1"), Pick("Red 1"), 4),
            (Manoeuvre, SpeedChange, Fire, Pick))
"""Le Petit Cirque Volant for the kit's registry."""
