"""Flip 7: push your luck with a deck of numbers; exact bust odds, optimal stopping, bots, a move graph, widgets
and self-checking exercises.

The same rooms as every game of the kit: ``rules`` (the game, its decks and options), ``odds`` (exact
probabilities and optimal play), ``graphs`` (the reduced-deck round as a Markov chain), ``bots`` (computer players,
tournaments, fast simulation), ``pictures`` (the table and the round's graph as SVG), ``widget`` (the game to
play), ``explorers`` (the odds, policy and deck explorers), ``checks`` (the exercises' self-checks), and ``data/``
(the results shipped with the kit).
"""
from ..core.game import renamed
from . import odds as odds  # (the old module names below answer with it)
from .bots import AlwaysHit, CardCounter, Optimal, StopAtRisk, StopAtSum, play_game, win_rates
from .odds import (
    best_threshold,
    bust_formula,
    bust_probability,
    cards_before_bust,
    expected_gain,
    flip7_probability,
    solo_optimal,
    threshold_value,
)
from .rules import (
    DECKS,
    FLIP_THREE,
    FREEZE,
    HIT,
    SECOND_CHANCE,
    STAY,
    Deck,
    Flip7Options,
    Flip7State,
    Hand,
    SoloRound,
    new_game,
    round_score,
    solo_round,
)

__all__ = [
    "AlwaysHit", "CardCounter", "Optimal", "StopAtRisk", "StopAtSum", "play_game", "win_rates",
    "best_threshold", "bust_formula", "bust_probability", "cards_before_bust", "expected_gain", "flip7_probability",
    "solo_optimal", "threshold_value",
    "DECKS", "FLIP_THREE", "FREEZE", "HIT", "SECOND_CHANCE", "STAY", "Deck", "Flip7Options", "Flip7State", "Hand",
    "SoloRound", "new_game", "round_score", "solo_round",
]

# the old names, for one release: the state's, and the two modules folded into odds (the solver, the deck odds)
__getattr__ = renamed(globals(), {"Flip7Game": "Flip7State", "solver": "odds", "deck_odds": "odds"})
