"""Le Petit Cirque Volant: hex dogfights for dice probability, absorbing Markov chains and graph search."""
from .rules import Board, Dogfight, Fire, Manoeuvre, Objective, Plane, Rules, Scenario, SpeedChange, load_scenarios, scenario

__all__ = ["Board", "Dogfight", "Fire", "Manoeuvre", "Objective", "Plane", "Rules", "Scenario", "SpeedChange",
           "load_scenarios", "scenario"]
