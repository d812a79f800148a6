"""The lone player's round as a move graph and an absorbing Markov chain, for a reduced deck of a few numbers.

Hands are nodes (a choice node, then a draw node after 'hit'), draws are edges with exact probabilities, and a
bust, a Flip and each 'stay' are absorbing. The optimal choice at each hand is marked on the graph.
"""
from __future__ import annotations

from fractions import Fraction

import networkx as nx

from ..core.args import axes, graph_of, limit, optional_text, seed_arg, whole
from ..core.exact import AbsorbingChain, to_rational
from ..core.game import CHANCE, best_value, playout
from ..core.graphs import build_graph, draw_graph, layered_layout
from ..core.sim import Tally, tally
from .rules import STAY, SoloRound, card_name, solo_round

__all__ = ["SMALL_DECK", "round_graph", "round_chain", "absorption", "simulate_ends", "draw_round_graph",
           "optimal_edges"]

SMALL_DECK = {1: 1, 3: 3, 5: 5}
"""A reduced deck for the graph: one 1, three 3s, five 5s (n copies of n, as in the game); all three is a Flip 3."""


def _key(state: SoloRound):
    if state.busted:
        return "BUST"
    if len(state.numbers) >= state.flip_at:
        return f"FLIP {state.flip_at}"
    hand = tuple(state.numbers + state.modifiers)
    if state.stopped:
        return ("stay", hand)
    return ("draw" if state.drawing else "hand", hand)


def _label(state: SoloRound) -> str:
    key = _key(state)
    if isinstance(key, str):
        return key
    kind, hand = key
    text = "{" + ",".join(map(card_name, hand)) + "}"
    if kind == "stay":
        return f"stay\n{state.score()}"
    return "draw" if kind == "draw" else text


def round_graph(deck=None, *, flip_at: int = 3) -> nx.DiGraph:
    """The move graph of a lone player's round on a reduced deck, the optimal choice marked on each hand
    (edge attribute ``optimal``; node attribute ``value``: the exact best expected score from there)."""
    start = solo_round(SMALL_DECK if deck is None else deck, flip_at=flip_at)
    graph = build_graph(start, key=_key, label=_label, max_nodes=400)
    if graph.graph["truncated"]:
        raise ValueError("this deck makes too big a graph to draw; use three or four small numbers")
    graph.graph["kind"] = ROUND_GRAPH
    for node, data in graph.nodes(data=True):
        data["value"] = to_rational(best_value(data["state"]))
    for node, data in graph.nodes(data=True):
        if data["player"] == 0:
            children = list(graph.successors(node))
            best = max(children, key=lambda c: (graph.nodes[c]["value"], graph.edges[node, c]["move"] == STAY))
            for child in children:
                graph.edges[node, child]["optimal"] = child == best
            data["best_move"] = graph.edges[node, best]["move"]
    return graph


ROUND_GRAPH = "flip7 round graph"


def _round_graph(graph) -> nx.DiGraph:
    return graph_of(graph, "graph", ROUND_GRAPH, "round_graph(...)")


def optimal_edges(graph: nx.DiGraph) -> list[tuple]:
    """The choice edges the optimal policy takes."""
    _round_graph(graph)
    return [(u, v) for u, v, d in graph.edges(data=True) if d.get("optimal")]


def round_chain(graph: nx.DiGraph) -> AbsorbingChain:
    """The round under the optimal policy as an absorbing Markov chain: draws with their exact chances, each
    choice replaced by the optimal one (probability 1)."""
    _round_graph(graph)
    transitions = {}
    for node, data in graph.nodes(data=True):
        if data["terminal"]:
            continue
        if data["player"] == CHANCE:
            transitions[node] = {child: graph.edges[node, child]["prob"] for child in graph.successors(node)}
        else:
            transitions[node] = {v: Fraction(1) for u, v in optimal_edges(graph) if u == node}
    return AbsorbingChain(transitions)


def absorption(graph: nx.DiGraph) -> dict:
    """The exact chance of ending in each absorbing node (bust, flip, each stay) from the start, optimal play."""
    _round_graph(graph)
    chances = round_chain(graph).absorption_probabilities()[graph.graph["root"]]
    return {end: to_rational(p) for end, p in chances.items() if p}


def simulate_ends(graph: nx.DiGraph, n: int, seed: int) -> Tally:
    """Play the round n times (seeded) with the graph's optimal choices and tally the absorbing node reached."""
    _round_graph(graph)
    limit(whole(n, "n", 1), 500_000, "n rounds")
    seed_arg(seed)
    start = graph.nodes[graph.graph["root"]]["state"]

    def choose(state, rng):
        return graph.nodes[_key(state)]["best_move"]

    return tally(lambda rng: _key(playout(start, rng, choose)), n, seed)


def draw_round_graph(graph: nx.DiGraph, ax=None, *, title: str | None = None):
    """Draw the graph: choices blue, draws orange, bust red, the Flip green, stays grey; optimal moves in red."""
    _round_graph(graph)
    ax, title = axes(ax), optional_text(title)

    def color(node, data):
        if node == "BUST":
            return "#fb6a4a"
        if isinstance(node, str):
            return "#74c476"
        if data["terminal"]:
            return "#d9d9d9"
        return "#fdd49e" if data["player"] == CHANCE else "#c6dbef"

    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(13, 7))
    return draw_graph(graph, ax, pos=layered_layout(graph), highlight_edges=optimal_edges(graph), node_color=color,
                      font_size=8, title=title or "A lone player's round (reduced deck): optimal choices in red")
