"""A tiny two-player game for testing the core protocol: a coin race."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from circuslib.core.game import CHANCE, TERMINAL, GameState, Move

FLIP = Move("flip")


@dataclass(frozen=True)
class CoinRace(GameState):
    """Players take turns flipping a fair coin; the first to collect ``target`` heads wins."""

    heads: tuple = (0, 0)
    turn: int = 0
    flipping: bool = False
    target: int = 1

    @property
    def current_player(self) -> int:
        if self.is_over():
            return TERMINAL
        return CHANCE if self.flipping else self.turn

    def is_over(self) -> bool:
        return max(self.heads) >= self.target

    def legal_moves(self) -> tuple:
        return () if self.is_over() or self.flipping else (FLIP,)

    def chance_outcomes(self) -> tuple:
        return (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))) if self.flipping and not self.is_over() else ()

    def scores(self) -> tuple:
        if not self.is_over():
            return (0, 0)
        return (1, 0) if self.heads[0] >= self.target else (0, 1)

    def _apply(self, move) -> CoinRace:
        if move == FLIP:
            return CoinRace(self.heads, self.turn, True, self.target)
        heads = list(self.heads)
        if move == "heads":
            heads[self.turn] += 1
        return CoinRace(tuple(heads), 1 - self.turn, False, self.target)
