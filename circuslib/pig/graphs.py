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


def pig_graph(goal: int = 4) -> nx.DiGraph:
    """Every position of a turn that ends by itself at ``goal``, as a move graph (busts merged into one end)."""
    limit(whole(goal, "the goal", 1), 30, "the goal")
    return build_graph(PigState(goal=goal), key=graph_key)


def _pig_layout(graph: nx.DiGraph) -> dict[Hashable, tuple[float, float]]:
    """Rows for Pig's move graph (x the place in a row, y the row, top first), so that no arrow crosses a
    "roll" or "stop" label: the first roll's totals in one row, its choices at the two sides and the ends (the
    bust among them) in the middle; under each choice its stop on the outer side and its die on the inner side,
    so the die's arrows back up to the ends in the middle run between the two sides' moves."""
    totals = [n for n in graph.nodes if n != "bust"]
    choices = sorted(n[0] for n in totals if not n[1] and not n[2] and not graph.nodes[n]["terminal"] and n[0])
    first = sorted(n[0] for n in graph.successors((0, True, False)) if n != "bust") if (0, True, False) in graph \
        else []
    ends_first = [(t, False, False) for t in first if t not in choices]
    left, right = choices[: (len(choices) + 1) // 2], choices[(len(choices) + 1) // 2:]
    middle = ends_first[: len(ends_first) // 2 + 1] + ["bust"] + ends_first[len(ends_first) // 2 + 1:]
    rows: list[list[Hashable]] = [[(0, False, False)], [(0, False, True), (0, True, False)],
                                  [(t, False, False) for t in left] + middle + [(t, False, False) for t in right],
                                  [node for t in left for node in ((t, False, True), (t, True, False))]
                                  + [node for t in right for node in ((t, True, False), (t, False, True))]]
    placed = {node for row in rows for node in row}
    rows.append(sorted((n for n in graph.nodes if n not in placed), key=lambda n: n[0] if isinstance(n, tuple) else 0))
    rows = [[node for node in row if node in graph] for row in rows]
    return {node: (float(i), -float(r)) for r, row in enumerate(rows) for i, node in enumerate(row)}


def draw_pig_graph(goal: int = 4, *, title: str | None = None) -> GraphPicture:
    """The move graph of a turn to ``goal`` as a picture: choices blue, the die orange, ends grey, laid out so
    that every "roll" and "stop" reads clear of the other arrows."""
    optional_text(title)
    graph = pig_graph(goal)
    picture: GraphPicture = draw_graph(graph, pos=_pig_layout(graph),
                                       title=title or f"Pig to {goal}: every position and move")
    return picture
