"""Le Petit Cirque Volant: hex dogfights of the Great War, as an immutable game state.

A side moves all its planes (every movement point spent), changes each speed by at most 1, then fires with each
plane; then the other side does the same. Hexes use axial coordinates (q, r) on a pointy-top map.
See ``RULINGS.md`` section 2 for the kit's reading of the rules: each reading is an option of ``PCVOptions``.
A game starts one way, ``new_game(PCVOptions(scenario="patrol"))``; the map and its planes are drawn by
``pictures.board(state)``.
"""
from __future__ import annotations

import json
import random
import warnings
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.args import instance, one_of, text, whole
from ..core.game import CHANCE, TERMINAL, Game, GameState, InvariantBroken, describe, is_whole, renamed

__all__ = [
    "GAME", "PCVOptions", "PCVState", "new_game",
    "DIRECTIONS", "FACING_NAMES", "TURNINGS", "FIRE_MODES", "OFF_MAP", "PLANE_ORDERS", "Board", "Plane",
    "Manoeuvre", "SpeedChange", "Fire", "Pick", "Objective", "Scenario", "hex_add", "hex_step", "neighbours",
    "hex_distance", "line_ahead", "direction_to", "front_moves", "manoeuvre_result", "all_manoeuvres",
    "manoeuvre_options", "manoeuvre_steps", "effective_range", "hit_faces", "load_scenarios", "scenario",
    "scenario_names", "MANOEUVRE_COSTS", "MIN_LEVEL", "MAX_LEVEL", "MAX_RANGE", "SCENARIO_FILE",
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
EDGES = ("east", "west", "north", "south")
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


def _facing(facing: Any) -> int:
    """A facing as its number, 0 to 5, given as that number or as its name ("E", "NE", "NW", "W", "SW", "SE")."""
    if isinstance(facing, str):
        return FACING_NAMES.index(one_of(facing.upper(), "a facing", FACING_NAMES))
    return whole(facing, "a facing (0 to 5 for E, NE, NW, W, SW, SE)", 0, 5)


# ---------------------------------------------------------------------------------------------------------
# the options: the scenario, and the kit's readings of the rules


_TURNS = {"front-three": ("ahead", "left", "right"), "straight": ("ahead",)}


@dataclass(frozen=True)
class PCVOptions:
    """How a game of Le Petit Cirque Volant is played: the scenario and the kit's readings of the seed.

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
    ``scenario``: the name of one of the kit's scenarios ("duel", the default, "patrol", "breakthrough",
    "last-stand") or a ``Scenario`` of your own.
    ``first_side=None`` (kit ruling, the default): the side that moves first each turn is scenario data (side 0
    unless the scenario says otherwise); 0 or 1 starts that side instead.
    """

    turning: str = "front-three"
    fire: str = "one-target"
    off_map: str = "out"
    plane_order: str = "chosen"
    scenario: str | Scenario = "duel"
    first_side: int | None = None

    def __post_init__(self) -> None:
        one_of(self.turning, "turning", TURNINGS)
        one_of(self.fire, "fire", FIRE_MODES)
        one_of(self.off_map, "off_map", OFF_MAP)
        one_of(self.plane_order, "plane_order", PLANE_ORDERS)
        if not isinstance(self.scenario, Scenario):
            one_of(self.scenario, "scenario", scenario_names())
        if self.first_side is not None:
            whole(self.first_side, "first_side (the side that moves first, or None for the scenario's)", 0, 1)

    @property
    def turns(self) -> tuple[str, ...]:
        """The front hexes a manoeuvre may enter: ahead, and under the kit ruling also left and right."""
        return _TURNS[self.turning]

    def played(self) -> Scenario:
        """The scenario these options play, with the side that starts as ``first_side`` says."""
        chosen = self.scenario if isinstance(self.scenario, Scenario) else scenario(self.scenario)
        if self.first_side is not None and self.first_side != chosen.first_side:
            chosen = replace(chosen, first_side=self.first_side)
        return chosen


@dataclass(frozen=True)
class Board:
    """A rectangular hex map of ``width`` columns and ``height`` rows (odd rows shifted right by half a hex)."""

    width: int = 12
    height: int = 9

    def __post_init__(self) -> None:
        whole(self.width, "the map width", 2, 40)
        whole(self.height, "the map height", 2, 40)

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
        ``PCVOptions.off_map`` says)."""
        col, row = self.to_offset(hex_)
        return 0 <= col < self.width and 0 <= row < self.height

    def hexes(self) -> list[Hex]:
        """Every hex of the map, row by row."""
        return [self.from_offset(c, r) for r in range(self.height) for c in range(self.width)]

    def on_edge(self, hex_: Hex, edge: str) -> bool:
        """Whether the hex lies on the named edge: "east", "west", "north" or "south"."""
        col, row = self.to_offset(hex_)
        edges = {"east": col == self.width - 1, "west": col == 0, "north": row == 0, "south": row == self.height - 1}
        return edges[one_of(edge, "an edge", EDGES)]


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
        if not text(self.name, "a plane's name"):
            raise ValueError("a plane needs a name, such as 'Red 1'")
        whole(self.side, "a plane's side (0 or 1)", 0, 1)
        if not isinstance(self.hex, tuple) or len(self.hex) != 2:
            raise ValueError(f"a hex is a pair of whole numbers (q, r), not {describe(self.hex)}")
        for coordinate in self.hex:
            whole(coordinate, "each coordinate of a hex (q, r)")
        object.__setattr__(self, "facing", _facing(self.facing))
        if not self.out:  # a plane out of the game may have landed (altitude 0) or stalled (speed 0)
            whole(self.altitude, f"{self.name}'s altitude", MIN_LEVEL, MAX_LEVEL)
            whole(self.speed, f"{self.name}'s speed", MIN_LEVEL, MAX_LEVEL)

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
    turns = _TURNS[one_of(turning, "turning", TURNINGS)]
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


def all_manoeuvres(options: PCVOptions) -> tuple[Manoeuvre, ...]:
    """Every manoeuvre these options allow somewhere, cheapest first."""
    instance(options, "options", PCVOptions, "a PCVOptions, for example PCVOptions(turning='straight')")
    return _manoeuvres(options.turns)


def _manoeuvres(turns: tuple[str, ...]) -> tuple[Manoeuvre, ...]:
    moves = [Manoeuvre(k, t) for k in ("forward", "down", "up") for t in turns]
    moves += [Manoeuvre("loop", t, c) for c in (1, -1) for t in turns]
    return tuple(moves)


_MANOEUVRES = {turning: _manoeuvres(turns) for turning, turns in _TURNS.items()}


@cache
def manoeuvre_options(altitude: int, mp_left: int, turning: str = "front-three") -> tuple[Manoeuvre, ...]:
    """The manoeuvres allowed with ``mp_left`` movement points at this altitude (never above 6)."""
    return tuple(m for m in _MANOEUVRES[turning]
                 if m.cost <= mp_left and altitude + m.altitude_change <= MAX_LEVEL)


@cache
def manoeuvre_steps(altitude: int, mp_left: int,
                    turning: str = "front-three") -> tuple[tuple[Manoeuvre, int, int, int, bool], ...]:
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
        one_of(self.kind, "an objective", ("last-side-flying", "reach-edge", "survive"))
        whole(self.side, "the side an objective belongs to (0 or 1)", 0, 1)
        one_of(self.edge, "an edge", EDGES)

    def describe(self, side_names: tuple[str, str]) -> str:
        """The objective in a sentence."""
        if self.kind == "reach-edge":
            return (f"{side_names[self.side]} wins by reaching the {self.edge} edge; otherwise the other side wins "
                    "at the turn limit")
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
        text(self.name, "a scenario's name")
        instance(self.board, "a scenario's board", Board, "a Board, for example Board(12, 9)")
        if not isinstance(self.planes, tuple) or not all(isinstance(p, Plane) for p in self.planes):
            raise TypeError("a scenario's planes are a tuple of Plane, for example (Plane('Red 1', 0, (1, 4)), ...)")
        whole(self.turn_limit, "the turn limit", 1)
        whole(self.first_side, "the side that starts (0 or 1)", 0, 1)
        instance(self.objective, "a scenario's objective", Objective, "an Objective, for example Objective()")
        if (not isinstance(self.side_names, tuple) or len(self.side_names) != 2
                or not all(isinstance(n, str) for n in self.side_names)):
            raise TypeError(f"side_names are the two sides' names, such as ('Red', 'Blue'), not "
                            f"{describe(self.side_names)}")
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

    def start(self, options: PCVOptions | None = None) -> PCVState:
        """The first state of this scenario under ``options`` (the kit's readings by default): the same start as
        ``new_game(PCVOptions(scenario=this one, ...))``."""
        if options is not None:
            instance(options, "options", PCVOptions, "a PCVOptions, for example PCVOptions(off_map='stay')")
        return new_game(replace(options or PCVOptions(), scenario=self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        """A scenario from its JSON form (planes placed by map column and row)."""
        try:
            board = Board(**data.get("board", {}))
            planes = tuple(
                Plane(p["name"], p["side"], Board.from_offset(*p["at"]), _facing(p.get("facing", "E")),
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


SCENARIO_FILE = Path(__file__).parent / "data" / "scenarios.json"
"""The kit's scenarios: input data, written by hand (the maps, the planes, the objectives), read as it is."""


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


def scenario_names() -> tuple[str, ...]:
    """The names of the kit's scenarios, in the order of their file."""
    return tuple(s.name for s in _kit_scenarios())


def scenario(name: str = "duel") -> Scenario:
    """One of the kit's scenarios: "duel", "patrol", "breakthrough" or "last-stand"."""
    scenarios = {s.name: s for s in _kit_scenarios()}
    if text(name, "a scenario's name") not in scenarios:
        raise ValueError(f"there is no scenario {name!r}; the scenarios are: {', '.join(scenarios)}")
    return scenarios[name]


# ---------------------------------------------------------------------------------------------------------
# the game state

PHASES = ("pick-move", "move", "speed", "pick-fire", "fire", "roll", "over")


# the die of every shot, made once: a tuple of (face, exact chance), immutable, so every roll can share it
_DIE = tuple((face, Fraction(1, 6)) for face in range(1, 7))


@dataclass(frozen=True)
class PCVState(GameState):
    """A PCV game in progress: the planes, whose side plays, the phase, the acting plane and its points left.

    Phases: "pick-move" (the side chooses which of its planes moves next, when two or more have still to move),
    "move" (the active plane spends its movement points one manoeuvre at a time), "speed" (it changes speed by -1,
    0 or +1), "pick-fire" (the side chooses which plane fires next, when two or more have a target), "fire" (the
    active plane picks a target in its line), "roll" (the die: a chance step), "over". ``done`` lists the side's
    planes that have moved (in the move phases) or fired (in the fire phases) this turn.
    """

    planes: tuple[Plane, ...]
    scenario: Scenario  # the scenario played (its first side as the options say)
    options: PCVOptions
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

    @property
    def rules(self) -> PCVOptions:
        """The game's options, under their old name (``state.options``), kept for one release."""
        warnings.warn("state.rules is now state.options; the old name goes in the next release", DeprecationWarning,
                      stacklevel=2)
        return self.options

    if TYPE_CHECKING:
        def _replace(self, **changes: Any) -> PCVState: ...  # GameState._replace returns a copy of the same kind

        def play(self, move: Any) -> PCVState: ...  # GameState.play: a state of the same game

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
        return (int(self.winner == 0), int(self.winner == 1))

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

    def legal_moves(self) -> tuple[Any, ...]:
        """The manoeuvres, speed changes, targets or next planes the side may choose now."""
        if self.phase in ("pick-move", "pick-fire"):
            return tuple(Pick(self.planes[i].name) for i in self.candidates())
        if self.phase == "move":
            return manoeuvre_options(self.plane.altitude, self.mp_left, self.options.turning)
        if self.phase == "speed":
            return tuple(SpeedChange(d) for d in (-1, 0, 1) if self.plane.speed + d <= MAX_LEVEL)
        if self.phase == "fire":
            return tuple(Fire(self.planes[i].name) for i in self.open_targets())
        return ()

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """The die of a shot: each face 1 to 6 with probability 1/6."""
        return _DIE if self.phase == "roll" else ()

    def is_legal(self, move: Any) -> bool:
        """A direct rule check (quicker than listing every move)."""
        if self.phase == "move":
            return (type(move) is Manoeuvre and move.cost <= self.mp_left and move.turn in self.options.turns
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
            if move.turn not in self.options.turns:
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
            return (f"{plane.name} has already fired at {move.target} this turn; it can still fire at: "
                    f"{', '.join(names)}")
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

    def fire_now(self) -> PCVState:
        """This position at the start of the side's fire phase, as if its planes had finished moving."""
        if self.phase in ("over", "pick-fire", "fire", "roll"):
            return self
        return self._replace(mp_left=0, target=None)._start_fire()

    # --- applying moves ---------------------------------------------------------------------------------
    # A PCVState is copied with GameState._replace (no __post_init__ to re-run): dataclasses.replace re-ran
    # __init__ on every copy, several a move. Planes are still copied with replace, which checks them.
    def _apply(self, move: Any) -> PCVState:
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

    def _manoeuvre(self, move: Manoeuvre) -> PCVState:
        plane = self.plane
        hex_, facing, altitude = manoeuvre_result(plane.hex, plane.facing, plane.altitude, move)
        planes = list(self.planes)
        mp_left = self.mp_left - move.cost
        note = f"{plane.name}: {move}"
        off_map = not self.scenario.board.contains(hex_)
        if off_map and self.options.off_map == "stay":  # it stops at the edge, in the hex it was leaving: move over
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

    def _change_speed(self, move: SpeedChange) -> PCVState:
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

    def _roll(self, face: int) -> PCVState:
        aim = self.target
        assert aim is not None  # a roll follows a Fire, which names the target
        shooter, target = self.plane, self.planes[aim]
        hexes, diff = self.shot(self.active, aim)
        hit = face in hit_faces(effective_range(hexes, diff))
        planes = list(self.planes)
        if not hit:
            note = f"{shooter.name} rolls {face}: miss"
        elif face == 6 or target.damaged:
            planes[aim] = replace(target, out="destroyed")
            note = f"{shooter.name} rolls {face}: {target.name} is destroyed"
        else:
            planes[aim] = replace(target, damaged=True)
            note = f"{shooter.name} rolls {face}: {target.name} is damaged"
        state = self._replace(planes=tuple(planes), target=None, note=note, last_roll=face)
        if not planes[aim].flying:
            state = state._after_loss()
            if state.phase == "over":
                return state
        if self.options.fire == "every-target" and state.open_targets():
            return state._replace(phase="fire")  # the same plane fires again, at another enemy in its line
        return state._next_shooter()

    # --- the order of play ---------------------------------------------------------------------------
    def _start_side(self, side: int, turn: int) -> PCVState:
        state = self._replace(side=side, turn=turn, phase="move", done=())
        return state._next_mover()

    def _next_mover(self) -> PCVState:
        """The next plane to move: the only one left, the first listed (``plane_order="listed"``), or the side's
        choice; once every plane has moved, the fire phase."""
        if self.phase == "over":
            return self
        left = self.candidates()
        if not left:
            return self._start_fire()
        if len(left) == 1 or self.options.plane_order == "listed":
            return self._begin_move(left[0])
        return self._replace(phase="pick-move", mp_left=0, target=None)

    def _begin_move(self, index: int) -> PCVState:
        return self._replace(phase="move", active=index, mp_left=self.planes[index].speed, done=self.done + (index,))

    def _start_fire(self) -> PCVState:
        return self._replace(phase="fire", done=(), mp_left=0, target=None)._next_shooter()

    def _next_shooter(self) -> PCVState:
        """The next plane to fire: the only one with a target, the first listed, or the side's choice."""
        left = self.candidates()
        if not left:
            return self._end_side()
        if len(left) == 1 or self.options.plane_order == "listed":
            return self._begin_fire(left[0])
        return self._replace(phase="pick-fire", mp_left=0, target=None)

    def _begin_fire(self, index: int) -> PCVState:
        return self._replace(phase="fire", active=index, mp_left=0, fired_at=(), done=self.done + (index,))

    def _end_side(self) -> PCVState:
        other = 1 - self.side
        turn = self.turn + (1 if other == self.scenario.first_side else 0)
        if turn > self.scenario.turn_limit:
            return self._finish(self._winner_at_limit(), "the turn limit is reached")
        note = f"{self.note}. " if self.note else ""
        turn_note = f"{note}Turn {turn}: {self.scenario.side_names[other]} moves"
        return self._replace(note=turn_note)._start_side(other, turn)

    def _after_loss(self) -> PCVState:
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

    def _finish(self, winner: int | None, why: str = "") -> PCVState:
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

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # a position left as a cell's last value reads as words (where it stands, then each plane); the map is
        # pictures.board(state), which this module cannot draw without importing the pictures that import it
        printer.text("\n".join([str(self)] + [f"  {plane}" for plane in self.planes]))


# ---------------------------------------------------------------------------------------------------------
# the one start, and the game as a whole for the kit's registry (circuslib.games())


def new_game(options: PCVOptions | None = None, *, players: int | None = None) -> PCVState:
    """A new dogfight: the scenario of ``options`` (the duel by default) at turn 1, its first side to move.

    ``players`` is how many sides play: always 2 (None says the same). The start is not random (the scenario
    places every plane), so there is no ``rng``.
    """
    options = PCVOptions() if options is None else instance(
        options, "options", PCVOptions, "a PCVOptions, for example PCVOptions(scenario='patrol')")
    if players is not None and whole(players, "players") != 2:
        raise ValueError(f"Le Petit Cirque Volant is played by two sides: players is 2 (or None), not {players}")
    played = options.played()
    if isinstance(options.scenario, Scenario) and options.scenario.name in scenario_names() \
            and scenario(options.scenario.name) == options.scenario:
        # the kit's own scenario, passed as itself: named, so the same game is the same state however it began
        options = replace(options, scenario=options.scenario.name)
    first = played.first_side
    state = PCVState(played.planes, played, options, note=f"Turn 1: {played.side_names[first]} moves")
    return state._start_side(first, 1)


def _random_start(rng: random.Random) -> PCVState:
    """A seeded starting position: a scenario and every reading of the rules drawn, sometimes the other side first."""
    options = PCVOptions(rng.choice(TURNINGS), rng.choice(FIRE_MODES), off_map=rng.choice(OFF_MAP),
                         plane_order=rng.choice(PLANE_ORDERS), scenario=rng.choice(scenario_names()),
                         first_side=1 if rng.random() < 0.3 else None)
    return new_game(options)


def _conserved(start: GameState, now: GameState) -> None:
    """No plane is made or lost, no two flying planes share a place, and every flying plane is where it can be."""
    assert isinstance(start, PCVState) and isinstance(now, PCVState)
    if [p.name for p in now.planes] != [p.name for p in start.planes]:
        raise InvariantBroken("a plane was made or lost")
    spots = [(p.hex, p.altitude) for p in now.planes if p.flying]
    if len(set(spots)) != len(spots):
        raise InvariantBroken("two flying planes share a hex and an altitude")
    for p in now.planes:
        if p.flying and not (1 <= p.altitude <= 6 and 1 <= p.speed <= 6 and now.scenario.board.contains(p.hex)):
            raise InvariantBroken(f"{p} is flying where it cannot be")


def _bound(start: GameState) -> int:
    assert isinstance(start, PCVState)
    return (start.scenario.turn_limit + 1) * 2 * len(start.planes) * 12


GAME = Game("pcv", "Le Petit Cirque Volant", PCVOptions, new_game, _random_start, _conserved, _bound,
            (Manoeuvre("forward"), Manoeuvre("loop", "left", -1), SpeedChange(1), Fire("Blue 1"), Pick("Red 1"), 4),
            (Manoeuvre, SpeedChange, Fire, Pick))
"""Le Petit Cirque Volant for the kit's registry."""

__getattr__ = renamed(globals(), {"Dogfight": "PCVState", "Rules": "PCVOptions"})
