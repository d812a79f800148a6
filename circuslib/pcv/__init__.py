"""Le Petit Cirque Volant: hex dogfights for dice probability, absorbing Markov chains and graph search.

``rules`` (the game as immutable states, ``PCVOptions`` and ``new_game``), ``odds`` (exact shot, n-shot and
position odds, the damage chain in symbols, any die's chain), ``graphs`` (manoeuvre graphs and reachable
positions), ``bots`` (random, greedy, cautious pilots), ``pictures`` (the map, the manoeuvre graph, the damage chain),
``widget`` (the dogfight to play), ``explorers`` (the odds and dice explorers), ``checks`` (the exercises'
self-checks). The scenarios are data: ``data/scenarios.json``.
"""
from ..core.game import renamed
from .graphs import move_graph, reachable
from .odds import destroy_chances, destroy_probability, expected_shots, shot_odds
from .rules import (
    GAME,
    Board,
    Fire,
    Manoeuvre,
    Objective,
    PCVOptions,
    PCVState,
    Pick,
    Plane,
    Scenario,
    SpeedChange,
    load_scenarios,
    new_game,
    scenario,
)

__all__ = ["GAME", "PCVOptions", "PCVState", "new_game", "Board", "Fire", "Manoeuvre", "Objective", "Pick", "Plane",
           "Scenario", "SpeedChange", "load_scenarios", "scenario", "shot_odds", "destroy_probability",
           "expected_shots", "destroy_chances", "move_graph", "reachable"]

__getattr__ = renamed(globals(), {"Dogfight": "PCVState", "Rules": "PCVOptions"})
