"""What every game shares: the state protocol, exact probability, move graphs, simulation, widget parts, checks."""
from .exact import AbsorbingChain, Dist, to_fraction, to_rational
from .game import CHANCE, TERMINAL, GameState, IllegalMove, Move, best_value, expected_value, playout, sample_outcome
from .graphs import build_graph, draw_graph
from .sim import Estimate, monte_carlo, tally, tournament

__all__ = [
    "AbsorbingChain", "Dist", "to_fraction", "to_rational", "CHANCE", "TERMINAL", "GameState", "IllegalMove", "Move",
    "best_value", "expected_value", "playout", "sample_outcome", "build_graph", "draw_graph", "Estimate",
    "monte_carlo", "tally", "tournament",
]
