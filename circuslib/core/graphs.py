"""Move graphs: explore any game state into a networkx DiGraph, and draw it with matplotlib."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .game import CHANCE, GameState

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["build_graph", "chance_sums", "layered_layout", "draw_graph", "draw_arrows", "terminal_probabilities"]


def build_graph(
    state: GameState,
    *,
    max_depth: int | None = None,
    max_nodes: int = 2_000,
    key: Callable[[GameState], Hashable] | None = None,
    label: Callable[[GameState], str] = str,
    moves: Callable[[GameState], Iterable[Any]] | None = None,
) -> nx.DiGraph:
    """Every state reachable from ``state``, breadth first, as a DiGraph.

    Nodes are ``key(state)`` (the state itself by default) with attributes ``state``, ``label``, ``depth``,
    ``player`` and ``terminal``. Edges carry ``move`` and ``label``; at chance steps also the exact ``prob``.
    States equal under ``key`` are merged, so the graph is a DAG or a cyclic graph, not always a tree.
    ``moves`` may restrict the choices explored (a policy's moves, say). Exploration stops at ``max_depth``
    or ``max_nodes``; then ``G.graph["truncated"]`` is True and the unexplored nodes have ``frontier=True``.
    """
    if max_depth is not None and (not isinstance(max_depth, int) or max_depth < 0):
        raise ValueError("max_depth must be a whole number, 0 or more (or None for no limit)")
    if not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError("max_nodes must be a whole number, at least 1")
    import networkx as nx  # loaded when a graph is first built, not when the kit is imported

    key = key or (lambda s: s)
    graph = nx.DiGraph(truncated=False)
    root = key(state)
    graph.graph["root"] = root
    _add_node(graph, root, state, 0, label)
    queue = deque([(state, 0)])
    while queue:
        current, depth = queue.popleft()
        node = key(current)
        if current.is_over():
            continue
        if max_depth is not None and depth >= max_depth:
            graph.nodes[node]["frontier"] = True
            graph.graph["truncated"] = True
            continue
        if current.current_player == CHANCE:
            steps = [(outcome, p) for outcome, p in current.chance_outcomes()]
        else:
            steps = [(move, None) for move in (moves(current) if moves else current.legal_moves())]
        for move, p in steps:
            child = current.play(move)
            child_node = key(child)
            if child_node not in graph:
                if graph.number_of_nodes() >= max_nodes:
                    graph.nodes[node]["frontier"] = True
                    graph.graph["truncated"] = True
                    break
                _add_node(graph, child_node, child, depth + 1, label)
                queue.append((child, depth + 1))
            if graph.has_edge(node, child_node):
                # two outcomes leading to the same state: their chances add up
                if p is not None:
                    graph.edges[node, child_node]["prob"] += p
                    graph.edges[node, child_node]["label"] = str(graph.edges[node, child_node]["prob"])
                continue
            attrs = {"move": move, "label": str(move) if p is None else str(p)}
            if p is not None:
                attrs["prob"] = Fraction(p)
            graph.add_edge(node, child_node, **attrs)
    return graph


def _add_node(graph: nx.DiGraph, node: Hashable, state: GameState, depth: int, label) -> None:
    graph.add_node(
        node, state=state, label=label(state), depth=depth,
        player=state.current_player, terminal=state.is_over(), frontier=False,
    )


def chance_sums(graph: nx.DiGraph) -> dict:
    """For each chance node, the sum of the probabilities on its edges (1 for a well-made game)."""
    return {
        node: sum((graph.edges[node, child]["prob"] for child in graph.successors(node)), Fraction(0))
        for node, data in graph.nodes(data=True)
        if data["player"] == CHANCE and not data.get("frontier")
    }


def terminal_probabilities(graph: nx.DiGraph, policy_edges: Callable[[Hashable, Hashable], bool] | None = None) -> dict:
    """The exact probability of reaching each end node from the root, choices following ``policy_edges``.

    Without ``policy_edges`` a choice node must have a single successor (a graph built with a policy).
    """
    import networkx as nx

    root = graph.graph["root"]
    if not nx.is_directed_acyclic_graph(graph):
        raise ValueError("this graph has cycles; use an AbsorbingChain for chances on a cyclic graph")
    reach = {root: Fraction(1)}
    for node in nx.topological_sort(graph):
        p = reach.get(node, Fraction(0))
        if not p or graph.nodes[node]["terminal"]:
            continue
        children = list(graph.successors(node))
        if graph.nodes[node]["player"] == CHANCE:
            for child in children:
                reach[child] = reach.get(child, Fraction(0)) + p * graph.edges[node, child]["prob"]
            continue
        chosen = [c for c in children if policy_edges is None or policy_edges(node, c)]
        if len(chosen) != 1:
            raise ValueError("every choice node needs exactly one chosen move to compute chances")
        reach[chosen[0]] = reach.get(chosen[0], Fraction(0)) + p
    return {n: reach.get(n, Fraction(0)) for n, d in graph.nodes(data=True) if d["terminal"]}


def layered_layout(graph: nx.DiGraph, *, depth_attr: str = "depth", horizontal: bool = False) -> dict:
    """Positions for a tree-like graph: one row per depth, nodes spread evenly in each row."""
    positions = {}
    for depth, nodes in _layers(graph, depth_attr).items():
        width = len(nodes)
        for i, node in enumerate(nodes):
            x = (i + 0.5) / width - 0.5
            positions[node] = (depth, -x) if horizontal else (x, -depth)
    return positions


def draw_graph(
    graph: nx.DiGraph,
    ax=None,
    *,
    pos: dict | None = None,
    node_labels: bool = True,
    edge_labels: bool = True,
    highlight_edges: Iterable[tuple] = (),
    node_color: Callable[[Hashable, dict], str] | None = None,
    font_size: int = 8,
    title: str | None = None,
):
    """Draw a move graph: choices in blue, chances in orange, ends in grey; highlighted edges in red."""
    import matplotlib.pyplot as plt
    import networkx as nx

    layers = _layers(graph)
    if ax is None:
        size = max(4.0, min(14.0, 1.2 * max(map(len, layers.values())) + 2))
        _, ax = plt.subplots(figsize=(size, max(3.0, 1.2 * (1 + max(layers)))))
    pos = pos or layered_layout(graph)

    def default_color(node, data):
        if data.get("terminal"):
            return "#d9d9d9"
        return "#fdd49e" if data.get("player") == CHANCE else "#c6dbef"

    color = node_color or default_color
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=[color(n, d) for n, d in graph.nodes(data=True)],
                           node_size=900, edgecolors="#555555")
    highlight = set(highlight_edges)
    plain = [e for e in graph.edges if e not in highlight]
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=plain, edge_color="#777777", arrows=True, node_size=900)
    if highlight:
        nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=list(highlight), edge_color="#d7301f", width=2.5,
                               arrows=True, node_size=900)
    if node_labels:
        nx.draw_networkx_labels(graph, pos, ax=ax, labels={n: d.get("label", str(n)) for n, d in graph.nodes(data=True)},
                                font_size=font_size)
    if edge_labels:
        nx.draw_networkx_edge_labels(graph, pos, ax=ax, edge_labels={(u, v): d.get("label", "") for u, v, d in graph.edges(data=True)},
                                     font_size=font_size - 1, rotate=False)
    if title:
        ax.set_title(title, y=1)  # on the top edge: matplotlib need not measure the other texts to place it
    ax.set_axis_off()
    return ax


def draw_arrows(ax, pos: dict, edges: Iterable[tuple], *, color: str, node_size: float = 300, width: float = 1.3,
                head: float = 6.5, label: str | None = None):
    """Straight arrows from node to node, stopping at the nodes' rims, drawn as one quiver (one artist); ``width``
    and the ``head``'s length are in points.

    ``nx.draw_networkx_edges`` makes one FancyArrowPatch per edge and shortens each by cutting its path at the
    node's circle, at every draw (a figure is drawn twice: once to frame it, once for the picture); here the rims
    are worked out once, from the axes as they stand, so call this after the nodes are drawn (it keeps the limits).
    """
    import numpy as np

    from .args import axes, optional_text

    if ax is None:
        raise TypeError("draw_arrows needs the matplotlib Axes the nodes are drawn on (for example from plt.subplots())")
    axes(ax)
    optional_text(label, "label")
    edges = list(edges)
    if not edges:
        return None
    # as draw_networkx_edges does: 5% of room around the edges' ends, unless the limits are already set
    ends = np.array([pos[node] for edge in edges for node in edge], dtype=float)
    low, high = ends.min(axis=0), ends.max(axis=0)
    room = 0.05 * (high - low)
    ax.update_datalim([low - room, high + room])
    ax.autoscale_view()
    # the rims are worked out in points on the page: settle the limits and keep them
    ax.set_xlim(ax.get_xlim())
    ax.set_ylim(ax.get_ylim())
    to_points = ax.transData + ax.figure.dpi_scale_trans.inverted()
    start = to_points.transform(np.array([pos[a] for a, _ in edges], dtype=float)) * 72
    end = to_points.transform(np.array([pos[b] for _, b in edges], dtype=float)) * 72
    rim = np.sqrt(node_size) / 2  # a node's radius in points, as scatter sizes its marker
    step = end - start
    length = np.hypot(step[:, 0], step[:, 1])[:, None]
    step = step / np.where(length > 0, length, 1)
    start, end = start + rim * step, end - rim * step
    from_points = (ax.transData + ax.figure.dpi_scale_trans.inverted()).inverted()
    tail = from_points.transform(start / 72)
    tip = from_points.transform(end / 72)
    return ax.quiver(tail[:, 0], tail[:, 1], tip[:, 0] - tail[:, 0], tip[:, 1] - tail[:, 1], color=color,
                     angles="xy", scale_units="xy", scale=1, units="inches", width=width / 72,
                     headwidth=0.8 * head / width, headlength=head / width, headaxislength=0.9 * head / width,
                     label=label, zorder=1)


def _layers(graph: nx.DiGraph, depth_attr: str = "depth") -> dict[int, list]:
    layers: dict[int, list] = {}
    for node, data in graph.nodes(data=True):
        layers.setdefault(data.get(depth_attr, 0), []).append(node)
    return layers or {0: []}
