"""One turn of Pig: roll a die as often as you dare; a 1 wipes out the turn's total, stopping banks it.

The turn also ends by itself once the total reaches the goal (20 by default): that keeps the game finite and its
move graph small. Pig shows the whole protocol in a few lines: a choice (roll or stop), a chance step (the die),
scores, and a state that never changes once made.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.args import instance, whole
from ..core.game import CHANCE, TERMINAL, Game, GameState, InvariantBroken, Move, renamed
from ..core.svg import Picture

__all__ = ["ROLL", "STOP", "FACES", "PigOptions", "PigState", "new_game", "GAME"]

ROLL = Move("roll")
STOP = Move("stop")
# The die's faces with their chances, built once: a simulation asks for them at every roll, and building them
# again each time cost nine tenths of the welcome lesson's 5,000 simulated turns.
FACES: tuple[tuple[int, Fraction], ...] = tuple((face, Fraction(1, 6)) for face in range(1, 7))
_FACE_VALUES = frozenset(range(1, 7))


@dataclass(frozen=True)
class PigOptions:
    """Pig's one variant: the total at which the turn ends by itself (the kit's reading: 20, where stopping is
    already best, so the goal never cuts a good turn short)."""

    goal: int = 20

    def __post_init__(self) -> None:
        whole(self.goal, "the goal", 1)


@dataclass(frozen=True)
class PigState(GameState):
    """One turn of Pig: the total so far, and whether the die is rolling, the player stopped or a 1 came.

    The turn ends on a stop, a 1, or once the total reaches ``goal``.
    """

    total: int = 0
    goal: int = 20
    rolling: bool = False
    stopped: bool = False
    busted: bool = False
    last_roll: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.goal, bool) or not isinstance(self.goal, int) or self.goal < 1:
            raise ValueError(f"the goal must be a whole number, at least 1, not {self.goal!r}")
        if isinstance(self.total, bool) or not isinstance(self.total, int) or self.total < 0:
            raise ValueError(f"the turn total must be a whole number, 0 or more, not {self.total!r}")

    @property
    def options(self) -> PigOptions:
        """The options this turn is played with."""
        return PigOptions(self.goal)

    @property
    def current_player(self) -> int:
        """Player 0 chooses, the die is chance, and nobody moves at the end."""
        if self.is_over():
            return TERMINAL
        return CHANCE if self.rolling else 0

    def is_over(self) -> bool:
        """The turn ends on a stop, a 1, or reaching the goal."""
        return self.stopped or self.busted or self.total >= self.goal

    def legal_moves(self) -> tuple[Move, ...]:
        """Roll or stop, while the turn goes on."""
        return () if self.is_over() or self.rolling else (ROLL, STOP)

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """The die: each face 1 to 6 with probability 1/6."""
        return FACES if self.rolling and not self.is_over() else ()

    def scores(self) -> tuple[int]:
        """The points banked by the turn: the total, or 0 after a 1."""
        return (0 if self.busted else self.total,)

    def is_legal(self, move: Any) -> bool:
        """Roll or stop while choosing, a face 1 to 6 while the die rolls, nothing once the turn is over (the rule
        checked directly: a simulated turn asks at every step)."""
        if self.is_over():
            return False
        if self.rolling:
            return type(move) is int and move in _FACE_VALUES
        return move in (ROLL, STOP)

    def why_illegal(self, move: Any) -> str:
        """Explain a refused move in Pig's words."""
        if self.is_over():
            return "the turn is over: a 1 was rolled, or the player stopped, or the goal was reached"
        if self.rolling:
            return f"the die is rolling: the next step is a face from 1 to 6, not {move}"
        return f"{move} is not a move in Pig: choose roll or stop"

    def _apply(self, move: Any) -> PigState:
        if move == STOP:
            return PigState(self.total, self.goal, stopped=True, last_roll=self.last_roll)
        if move == ROLL:
            return PigState(self.total, self.goal, rolling=True, last_roll=self.last_roll)
        if move == 1:
            return PigState(self.total, self.goal, busted=True, last_roll=1)
        return PigState(self.total + move, self.goal, last_roll=move)

    def __str__(self) -> str:
        if self.busted:
            return "bust"
        if self.rolling:
            return f"{self.total}+?"
        return f"{self.total}✓" if self.stopped else str(self.total)

    def picture(self) -> Picture:
        """The turn as a picture: the last die and the running total (see ``pictures.turn_picture``)."""
        from .pictures import turn_picture

        return turn_picture(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return self.picture()._repr_mimebundle_()

    def _repr_html_(self) -> str:
        return self.picture()._repr_html_()


def new_game(options: PigOptions | None = None, *, rng: random.Random | None = None,
             players: int | None = None) -> PigState:
    """A new turn of Pig at total 0 (one player's turn; its start is not random, so ``rng`` changes nothing)."""
    options = PigOptions() if options is None else instance(options, "options", PigOptions, "PigOptions(goal=20)")
    if rng is not None:
        instance(rng, "rng", random.Random, "a seeded random.Random(1)")
    if players is not None and whole(players, "players", 1, 1) != 1:
        raise ValueError("Pig's warm-up is one player's turn")
    return PigState(goal=options.goal)


def _random_start(rng: random.Random) -> PigState:
    """A seeded start: a goal from 1 to 40, and sometimes a turn already under way."""
    goal = rng.randint(1, 40)
    return PigState(total=rng.choice([0, 0, rng.randrange(goal)]), goal=goal)


def _conserved(start: GameState, now: GameState) -> None:
    """The goal never changes, and the total only grows by a die's face (or is wiped out by a 1)."""
    assert isinstance(start, PigState) and isinstance(now, PigState)
    if now.goal != start.goal:
        raise InvariantBroken(f"the goal changed from {start.goal} to {now.goal}")
    if not now.busted and not start.total <= now.total <= max(start.total, start.goal - 1) + 6:
        raise InvariantBroken(f"the total went from {start.total} to {now.total}")


def _bound(start: GameState) -> int:
    """Each roll adds at least 2 until the goal: two steps a roll, and the stop."""
    assert isinstance(start, PigState)
    return 2 * (max(0, start.goal - start.total) // 2 + 1) + 1


GAME = Game("pig", "Pig", PigOptions, new_game, _random_start, _conserved, _bound, (ROLL, STOP, 1, 6))
"""Pig for the kit's registry."""

__getattr__ = renamed(globals(), {"PigTurn": "PigState"})
