"""Scout ("Cirkus"): 45 two-number cards, hands that cannot be reordered, matches and runs, scouting.

The rules (and ``ScoutOptions``, the kit's readings) are in ``rules``, the exact counting and odds in ``odds``, the
play graph and game tree in ``graphs``, their drawings (and the other pictures) in ``pictures``, computer players in
``bots``, the game to play in ``widget``, the explorers in ``explorers`` and the exercise checks in ``checks``;
``data/`` holds the results the kit ships (an exact table, the lesson's tournament).
"""
from ..core.game import renamed
from .rules import (
    FLIP_HAND,
    FULL_DECK,
    HAND_SIZE,
    KEEP_HAND,
    FlipHand,
    KeepHand,
    Scout,
    ScoutAndShow,
    ScoutOptions,
    ScoutState,
    Show,
    beats,
    deck_for,
    legal_shows,
    new_game,
    scout_moves,
)

__all__ = ["FLIP_HAND", "FULL_DECK", "HAND_SIZE", "KEEP_HAND", "FlipHand", "KeepHand", "Scout", "ScoutAndShow",
           "ScoutOptions", "ScoutState", "Show", "beats", "deck_for", "legal_shows", "new_game", "scout_moves"]

__getattr__ = renamed(globals(), {"ScoutRules": "ScoutOptions"})
