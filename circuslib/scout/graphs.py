"""Scout's graphs: the play graph of a hand (its shows ordered by "beats") and a small two-player game tree.

Both are networkx graphs; ``pictures`` draws them (``play_graph_picture``, ``game_tree_picture``).
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.args import flag, graph_of, items, limit, whole
from ..core.game import GameState
from ..core.graphs import build_graph
from .rules import ScoutOptions, ScoutState, _values, legal_shows, set_key

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["play_graph", "longest_chains", "game_tree", "tree_value", "best_line", "PLAY_GRAPH", "GAME_TREE"]


def play_graph(hand: Sequence[Any], *, transitive: bool = False) -> nx.DiGraph:
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
    length: dict[Any, Any] = {}
    for node in nx.topological_sort(graph):
        preds = list(graph.predecessors(node))
        length[node] = 1 + max((length[p] for p in preds), default=0)
    best = max(length.values())

    def chains_ending(node: tuple[int, int]) -> list[list[tuple[int, int]]]:
        if length[node] == 1:
            return [[node]]
        return [c + [node] for p in graph.predecessors(node) if length[p] == length[node] - 1
                for c in chains_ending(p)]

    return [c for node, n in length.items() if n == best for c in chains_ending(node)]


# ---------------------------------------------------------------------------------------------------------
# a small game tree: two players, short hands, one round


def game_tree(hands: Sequence[Sequence[Any]], *, chips: int = 1, table: Sequence[Any] = (), owner: int | None = None,
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
                                  options=ScoutOptions(two_player_chips=chips))
    graph = build_graph(start, max_nodes=max_nodes, label=_tree_label)
    graph.graph["kind"] = GAME_TREE
    for _, data in graph.nodes(data=True):
        if data["terminal"]:
            data["scores"] = data["state"].history[-1].scores
            data["label"] = "{}:{}".format(*data["scores"])
    return graph


def _tree_label(state: GameState) -> str:
    assert isinstance(state, ScoutState)
    if state.is_over():
        return "end"
    hand = " ".join(str(c[0]) for c in state.hands[state.turn])
    return f"P{state.turn}: {hand}"


def tree_value(graph: nx.DiGraph) -> dict[Any, Any]:
    """Minimax over the tree: each node's value = player 0's round score minus player 1's, both playing best."""
    import networkx as nx

    graph_of(graph, "graph", GAME_TREE, "game_tree(hands)")
    value: dict[Any, Any] = {}
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


def best_line(graph: nx.DiGraph) -> list[tuple[Any, ...]]:
    """The edges of one line of best play for both players (minimax), from the root to the end of the round."""
    value = tree_value(graph)
    line = []
    node = graph.graph["root"]
    while not graph.nodes[node]["terminal"]:
        child = next(c for c in graph.successors(node) if value[c] == value[node])
        line.append((node, child))
        node = child
    return line
