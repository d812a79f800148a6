"""Flip 7: push your luck with a deck of numbers; exact bust odds, optimal stopping, bots, a move graph, widgets
and self-checking exercises.

``rules`` (the game), ``odds`` (exact probabilities and the optimum), ``bots`` (computer players, tournaments,
fast simulation), ``graphs`` (the reduced-deck round as a Markov chain), ``pictures`` (that round's graph as SVG),
``widget`` (play and explore), ``checks`` (the exercises' self-checks).
"""
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
                   FLIP_THREE,
                   FREEZE,
                   HIT,
                   SECOND_CHANCE,
                   STAY,
                   Flip7Game,
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
    "FLIP_THREE", "FREEZE", "HIT", "SECOND_CHANCE", "STAY", "Flip7Game", "Hand", "SoloRound", "new_game",
    "round_score", "solo_round",
]
