"""Scout's graphs: the play graph of a hand (its shows ordered by "beats") and a small two-player game tree."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.args import axes, flag, graph_of, items, limit, optional_text, whole
from ..core.game import describe
from ..core.graphs import build_graph, draw_arrows, draw_graph, layered_layout
from .rules import ScoutRules, ScoutState, _values, legal_shows, set_key

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["play_graph", "longest_chains", "draw_play_graph", "game_tree", "tree_value", "draw_game_tree"]


def play_graph(hand: Sequence, *, transitive: bool = False) -> nx.DiGraph:
    """The shows a hand can make (nodes: slices (start, stop)) with an edge a -> b when show b beats show a.

    "Beats" is a strict order on the kinds of set, so the graph has no cycle. Shows with the same numbers are
    different nodes (different cards) that do not beat each other. By default only the covering edges are kept
    (the Hasse diagram: b beats a and nothing lies strictly between); ``transitive=True`` keeps every edge.
    """
    import networkx as nx

    values = _values(hand, "hand")
    flag(transitive, "transitive")
    limit(len(values), 45, "the hand's cards")
    graph = nx.DiGraph(kind=PLAY_GRAPH)
    for start, stop in legal_shows(values):
        part = values[start:stop]
        key = set_key(part)
        graph.add_node((start, stop), values=tuple(part), key=key, size=stop - start,
                       label=" ".join(map(str, part)))
    nodes = list(graph.nodes)
    for a in nodes:
        for b in nodes:
            if graph.nodes[b]["key"] > graph.nodes[a]["key"]:
                graph.add_edge(a, b)
    if not transitive:
        reduced = nx.transitive_reduction(graph)
        reduced.add_nodes_from(graph.nodes(data=True))  # the reduction keeps nodes but not their attributes
        reduced.graph["kind"] = PLAY_GRAPH
        graph = reduced
    return graph


PLAY_GRAPH, GAME_TREE = "scout play graph", "scout game tree"


def longest_chains(graph: nx.DiGraph) -> list[list[tuple[int, int]]]:
    """Every longest chain of shows, each beating the one before (the longest paths of the play graph)."""
    import networkx as nx

    graph_of(graph, "graph", PLAY_GRAPH, "play_graph(hand)")
    if graph.number_of_nodes() == 0:
        return []
    length: dict = {}
    for node in nx.topological_sort(graph):
        preds = list(graph.predecessors(node))
        length[node] = 1 + max((length[p] for p in preds), default=0)
    best = max(length.values())

    def chains_ending(node):
        if length[node] == 1:
            return [[node]]
        return [c + [node] for p in graph.predecessors(node) if length[p] == length[node] - 1
                for c in chains_ending(p)]

    return [c for node, n in length.items() if n == best for c in chains_ending(node)]


def draw_play_graph(graph: nx.DiGraph, ax=None, *, highlight: Sequence | None = None, title: str | None = None):
    """Draw a play graph: one row per kind of set (stronger sets higher), arrows to the shows that beat."""
    import matplotlib.pyplot as plt
    import networkx as nx

    graph_of(graph, "graph", PLAY_GRAPH, "play_graph(hand)")
    axes(ax)
    optional_text(title)
    if highlight is not None:
        highlight = items(highlight, "highlight")
        for node in highlight:
            if not isinstance(node, tuple) or node not in graph:
                raise ValueError(f"highlight lists shows of the graph (start, stop), not {describe(node)}")

    rows: dict = {}  # one row per kind of set (equal sets side by side): the Hasse diagram of "beats"
    for node, data in graph.nodes(data=True):
        rows.setdefault(data["key"], []).append(node)
    levels = {key: i for i, key in enumerate(sorted(rows))}
    pos = {}
    for key, nodes in rows.items():
        nodes.sort()
        for i, node in enumerate(nodes):
            pos[node] = (i - (len(nodes) - 1) / 2, levels[key])
    if ax is None:
        _, ax = plt.subplots(figsize=(3 + 1.8 * max(map(len, rows.values()), default=1),
                                      1.0 + 0.8 * max(1, len(levels))))
    chain_edges = list(zip(highlight, highlight[1:])) if highlight else []
    colors = ["#fdd0a2" if graph.nodes[n]["key"][1] == 1 and graph.nodes[n]["size"] > 1 else "#c6dbef"
              for n in graph.nodes]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colors, node_size=700, edgecolors="#555555")
    # the arrows as two artists (grey, and red for the chain) cut at the node rims once (core.graphs.draw_arrows),
    # not one patch per edge cut again at each draw
    on_chain = set(chain_edges)
    draw_arrows(ax, pos, [edge for edge in graph.edges if edge not in on_chain], color="#999999", node_size=700,
                width=1.0, head=8)
    draw_arrows(ax, pos, chain_edges, color="#d7301f", node_size=700, width=2.5, head=9)
    nx.draw_networkx_labels(graph, pos, ax=ax, labels={n: d["label"] for n, d in graph.nodes(data=True)},
                            font_size=8)
    ax.set_title(title or "Shows of the hand: an arrow points to a show that beats it", y=1)  # y=1: placed without measuring
    ax.set_axis_off()
    return ax


# ---------------------------------------------------------------------------------------------------------
# a small game tree: two players, short hands, one round


def game_tree(hands: Sequence[Sequence], *, chips: int = 1, table: Sequence = (), owner: int | None = None,
              max_nodes: int = 3_000) -> nx.DiGraph:
    """The whole tree of one 2-player round from a set position (short hands, few chips), on core's build_graph.

    Leaves carry ``scores`` (the round's scores). Equal positions are merged, so it is a DAG.
    """
    hands = items(hands, "hands")
    if len(hands) != 2:
        raise ValueError("the game tree is drawn for two players: give two hands")
    whole(chips, "chips", 0, 5)
    limit(whole(max_nodes, "max_nodes", 1), 20_000, "max_nodes")
    start = ScoutState.from_hands(hands, table=items(table, "table"), owner=owner,
                                  rules=ScoutRules(two_player_chips=chips))
    graph = build_graph(start, max_nodes=max_nodes, label=_tree_label)
    graph.graph["kind"] = GAME_TREE
    for node, data in graph.nodes(data=True):
        if data["terminal"]:
            data["scores"] = data["state"].history[-1].scores
            data["label"] = "{}:{}".format(*data["scores"])
    return graph


def _tree_label(state: ScoutState) -> str:
    if state.is_over():
        return "end"
    hand = "".join(str(c[0]) for c in state.hands[state.turn])
    return f"P{state.turn} {hand}"


def tree_value(graph: nx.DiGraph) -> dict:
    """Minimax over the tree: each node's value = player 0's round score minus player 1's, both playing best."""
    import networkx as nx

    graph_of(graph, "graph", GAME_TREE, "game_tree(hands)")
    value: dict = {}
    for node in reversed(list(nx.topological_sort(graph))):
        data = graph.nodes[node]
        if data["terminal"]:
            value[node] = Fraction(data["scores"][0] - data["scores"][1])
            continue
        children = [value[c] for c in graph.successors(node)]
        if not children:
            raise ValueError("the tree was cut short (max_nodes): build it with a larger limit")
        value[node] = max(children) if data["player"] == 0 else min(children)
    return value


def draw_game_tree(graph: nx.DiGraph, ax=None, *, title: str | None = None):
    """Draw the game tree, the best line for both players in red."""
    axes(ax)
    optional_text(title)
    value = tree_value(graph)
    best = []
    node = graph.graph["root"]
    while not graph.nodes[node]["terminal"]:
        child = next(c for c in graph.successors(node) if value[c] == value[node])
        best.append((node, child))
        node = child
    return draw_graph(graph, ax, pos=layered_layout(graph), edge_labels=False, highlight_edges=best,
                      title=title or f"Game tree: best play gives player 0 a margin of {value[graph.graph['root']]}")
