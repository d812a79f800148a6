"""Pig's move graph: every position of a short turn, each die roll with its exact chance."""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..core.args import instance, limit, optional_text, whole
from ..core.graphs import GraphPicture, build_graph, draw_graph
from .rules import PigState

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["graph_key", "pig_graph", "draw_pig_graph"]


def graph_key(state: Any) -> Hashable:
    """The position for a move graph: the last die shown does not matter, and every bust is the same end."""
    instance(state, "state", PigState, "a PigState (a position of the turn)")
    return "bust" if state.busted else (state.total, state.rolling, state.stopped)


def pig_graph(goal: int = 6) -> nx.DiGraph:
    """Every position of a turn that ends by itself at ``goal``, as a move graph (busts merged into one end)."""
    limit(whole(goal, "the goal", 1), 30, "the goal")
    return build_graph(PigState(goal=goal), key=graph_key)


def draw_pig_graph(goal: int = 6, *, title: str | None = None) -> GraphPicture:
    """The move graph of a turn to ``goal`` as a picture: choices blue, the die orange, ends grey."""
    optional_text(title)
    graph = pig_graph(goal)
    picture: GraphPicture = draw_graph(graph, title=title or f"Pig to {goal}: every position and move")
    return picture
