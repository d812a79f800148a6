"""Speed ("Le Flip"): ranks on a 13-cycle, stalemate odds by counting, and the real-time race as exact chance."""
from ..core.game import renamed
from .rules import (
    CRAPETTE,
    ONE_DECK,
    SETUPS,
    SUITS,
    TWO_DECKS,
    Card,
    FlipFaceUp,
    Match,
    Play,
    Race,
    SpeedOptions,
    SpeedState,
    card_of,
    cut,
    deal,
    fits,
    gather,
    new_game,
    next_round,
    position,
    rank_name,
    rank_of,
)

__all__ = ["CRAPETTE", "ONE_DECK", "SETUPS", "SUITS", "TWO_DECKS", "Card", "FlipFaceUp", "Match", "Play", "Race",
           "SpeedOptions", "SpeedState", "card_of", "cut", "deal", "fits", "gather", "new_game", "next_round",
           "position", "rank_name", "rank_of"]

__getattr__ = renamed(globals(), {"Setup": "SpeedOptions"})
