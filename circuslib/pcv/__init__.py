"""Le Petit Cirque Volant: hex dogfights for dice probability, absorbing Markov chains and graph search.

``rules`` (the game as immutable states), ``odds`` (exact shot, n-shot and position odds, the damage chain in
symbols), ``graphs`` (manoeuvre graphs and reachable positions), ``bots`` (random, greedy, cautious pilots),
``widget`` (the dogfight and the odds explorer), ``checks`` (the exercises' self-checks).
"""
from .graphs import move_graph, reachable
from .odds import destroy_chances, destroy_probability, expected_shots, shot_odds
from .rules import (
                    Board,
                    Dogfight,
                    Fire,
                    Manoeuvre,
                    Objective,
                    Pick,
                    Plane,
                    Rules,
                    Scenario,
                    SpeedChange,
                    load_scenarios,
                    scenario,
)

__all__ = ["Board", "Dogfight", "Fire", "Manoeuvre", "Objective", "Pick", "Plane", "Rules", "Scenario", "SpeedChange",
           "load_scenarios", "scenario", "shot_odds", "destroy_probability", "expected_shots", "destroy_chances",
           "move_graph", "reachable"]
