"""What every game shares: the state protocol, exact probability, move graphs, simulation, widget parts, checks.

The names below are loaded on first use (PEP 562), so ``import circuslib.core`` stays cheap: sympy, networkx and
matplotlib load only when a function that needs them runs.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .game import CHANCE, TERMINAL, GameState, IllegalMove, Move, best_value, expected_value, playout, sample_outcome

if TYPE_CHECKING:  # the names loaded on first use, where the type checker and the linter can see them
    from .exact import AbsorbingChain, Dist, to_fraction, to_rational
    from .graphs import build_graph, draw_graph
    from .sim import Estimate, monte_carlo, tally, tournament

_LAZY = {
    "AbsorbingChain": "exact", "Dist": "exact", "to_fraction": "exact", "to_rational": "exact",
    "build_graph": "graphs", "draw_graph": "graphs",
    "Estimate": "sim", "monte_carlo": "sim", "tally": "sim", "tournament": "sim",
}

__all__ = [
    "AbsorbingChain", "Dist", "to_fraction", "to_rational", "CHANCE", "TERMINAL", "GameState", "IllegalMove", "Move",
    "best_value", "expected_value", "playout", "sample_outcome", "build_graph", "draw_graph", "Estimate",
    "monte_carlo", "tally", "tournament",
]


def __getattr__(name: str) -> Any:
    """Load a shared name from its module the first time it is asked for."""
    if name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
