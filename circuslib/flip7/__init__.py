"""Flip 7: push your luck with a deck of numbers; exact bust odds, optimal stopping, bots, a widget and checks."""
from .rules import FLIP_THREE, FREEZE, HIT, SECOND_CHANCE, STAY, Flip7Game, Hand, new_game, round_score

__all__ = ["FLIP_THREE", "FREEZE", "HIT", "SECOND_CHANCE", "STAY", "Flip7Game", "Hand", "new_game", "round_score"]
