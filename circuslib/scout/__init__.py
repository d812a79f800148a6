"""Scout ("Cirkus"): 45 two-number cards, hands that cannot be reordered, matches and runs, scouting.

The rules are in ``rules``, the exact counting and odds in ``odds``, the play graph and game tree in ``graphs``
(the play graph also as SVG in ``pictures``), computer players in ``bots``, the widget and the explorers in
``widget`` (their charts written as SVG by ``core.charts``) and the exercise checks in ``checks``.
"""
from .rules import (
                    FLIP_HAND,
                    FULL_DECK,
                    HAND_SIZE,
                    KEEP_HAND,
                    Scout,
                    ScoutAndShow,
                    ScoutRules,
                    ScoutState,
                    Show,
                    beats,
                    deck_for,
                    legal_shows,
                    new_game,
                    scout_moves,
)

__all__ = ["FLIP_HAND", "FULL_DECK", "HAND_SIZE", "KEEP_HAND", "Scout", "ScoutAndShow", "ScoutRules", "ScoutState",
           "Show", "beats", "deck_for", "legal_shows", "new_game", "scout_moves"]
