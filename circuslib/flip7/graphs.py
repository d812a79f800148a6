"""The lone player's round as a move graph and an absorbing Markov chain, for a reduced deck of a few numbers.

Hands are nodes (a choice node, then a draw node after 'hit'), draws are edges with exact probabilities, and a
bust, a Flip and each 'stay' are absorbing. The optimal choice at each hand is marked on the graph.
"""
from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from itertools import accumulate
from math import lcm
from typing import TYPE_CHECKING, Any

from ..core.args import axes, graph_of, limit, optional_text, seed_arg, whole
from ..core.exact import AbsorbingChain, to_rational
from ..core.game import CHANCE, best_value, playout
from ..core.graphs import build_graph, draw_arrows, layered_layout
from ..core.sim import Tally, tally
from .rules import STAY, card_name, solo_round

if TYPE_CHECKING:  # networkx is loaded where a graph is first built (core.graphs), not on import
    import networkx as nx

__all__ = ["SMALL_DECK", "round_graph", "round_chain", "absorption", "simulate_ends", "optimal_edges"]

SMALL_DECK = {1: 1, 3: 3, 5: 5}
"""A reduced deck for the graph: one 1, three 3s, five 5s (n copies of n, as in the game); all three is a Flip 3."""


def _key(state: Any) -> Any:
    """A round state's node in the graph: 'BUST', 'FLIP n', or (kind, the cards held)."""
    if state.busted:
        return "BUST"
    if len(state.numbers) >= state.flip_at:
        return f"FLIP {state.flip_at}"
    hand = tuple(state.numbers + state.modifiers)
    if state.stopped:
        return ("stay", hand)
    return ("draw" if state.drawing else "hand", hand)


def _label(state: Any) -> str:
    key = _key(state)
    if isinstance(key, str):
        return key
    kind, hand = key
    text = "{" + ",".join(map(card_name, hand)) + "}"
    if kind == "stay":
        return f"stay\n{state.score()}"
    return "draw" if kind == "draw" else text


def round_graph(deck: Any = None, *, flip_at: int = 3) -> nx.DiGraph:
    """The move graph of a lone player's round on a reduced deck, the optimal choice marked on each hand
    (edge attribute ``optimal``; node attribute ``value``: the exact best expected score from there)."""
    start = solo_round(SMALL_DECK if deck is None else deck, flip_at=flip_at)
    graph = build_graph(start, key=_key, label=_label, max_nodes=400)
    if graph.graph["truncated"]:
        raise ValueError("this deck makes too big a graph to draw; use three or four small numbers")
    graph.graph["kind"] = ROUND_GRAPH
    for _, data in graph.nodes(data=True):
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


def optimal_edges(graph: nx.DiGraph) -> list[tuple[Any, Any]]:
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


def absorption(graph: nx.DiGraph) -> dict[Any, Any]:
    """The exact chance of ending in each absorbing node (bust, flip, each stay) from the start, optimal play."""
    _round_graph(graph)
    chances = round_chain(graph).absorption_probabilities()[graph.graph["root"]]
    return {end: to_rational(p) for end, p in chances.items() if p}


def simulate_ends(graph: nx.DiGraph, n: int, seed: int) -> Tally:
    """Play the round n times (seeded) with the graph's optimal choices and tally the absorbing node reached."""
    _round_graph(graph)
    limit(whole(n, "n", 1), 500_000, "n rounds")
    seed_arg(seed)
    choices, draws = _walk_steps(graph)
    root = graph.graph["root"]

    def one_round(rng) -> object:
        # the walk core.game.playout makes, node to node: the optimal choice at a hand, and at a draw the same
        # ticket sample_outcome draws (below the common denominator), so each seed ends where playout ends
        node = root
        while True:
            if node in choices:
                node = choices[node]
            elif node in draws:
                cumulative, children = draws[node]
                node = children[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            else:
                return node

    return tally(one_round, n, seed)


def _walk_steps(graph: nx.DiGraph) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """Where the round goes on from each node still in play: {hand: its optimal next node} and {draw: (cumulative
    whole-number weights of its cards on one common denominator, the nodes they lead to)}, in the engine's order."""
    choices: dict[Any, Any] = {}
    draws: dict[Any, Any] = {}
    for node, data in graph.nodes(data=True):  # a millisecond for the lesson's graph: made anew at each call
        state = data["state"]
        if state.is_over():
            continue
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            denominator = lcm(*(Fraction(p).denominator for _, p in outcomes))
            cumulative = [int(c) for c in accumulate(Fraction(p) * denominator for _, p in outcomes)]
            if cumulative[-1] != denominator:
                raise ValueError("chance outcomes must have non-negative probabilities that sum to 1")
            draws[node] = (cumulative, [_key(state.play(card)) for card, _ in outcomes])
        else:
            choices[node] = _key(state.play(data["best_move"]))
    return choices, draws


def simulate_ends_by_playout(graph: nx.DiGraph, n: int, seed: int) -> Tally:
    """``simulate_ends`` the plain way, through core.game.playout and the rules engine: the same rounds, seed for
    seed, about fifteen times slower (tests/test_flip7_bots.py compares the two)."""
    _round_graph(graph)
    limit(whole(n, "n", 1), 500_000, "n rounds")
    seed_arg(seed)
    start = graph.nodes[graph.graph["root"]]["state"]

    def choose(state, rng):
        return graph.nodes[_key(state)]["best_move"]

    return tally(lambda rng: _key(playout(start, rng, choose)), n, seed)  # (no record: a state, not a pair)


NODE_COLORS = {"hand": "#c6dbef", "draw": "#fdd49e", "stay": "#d9d9d9", "BUST": "#fb6a4a", "flip": "#74c476"}
NODE_WORDS = {"hand": "a hand: hit or stay?", "draw": "a draw (arrows: exact chances)",
              "stay": "stay: the round's score", "BUST": "bust: 0 points", "flip": "a Flip: the round ends"}
OPTIMAL_RED = "#d7301f"


def _node_kind(node, data) -> str:
    if node == "BUST":
        return "BUST"
    if isinstance(node, str):
        return "flip"
    if data["terminal"]:
        return "stay"
    return "draw" if data["player"] == CHANCE else "hand"


def _draw_round_graph(graph: nx.DiGraph, ax: Any = None, *, title: str | None = None) -> Any:
    """Draw the graph with matplotlib (``pictures.round_graph_picture(graph).to_matplotlib()`` asks for it): choices
    blue, draws orange, bust red, the Flip green, stays grey; optimal moves in red.

    Drawn with one collection for the nodes, one set of arrows a colour (core.graphs.draw_arrows), a text per
    node and per chance (the hit/stay edges need no words: they lead to a 'draw' or a 'stay' node), a legend."""
    _round_graph(graph)
    ax, title = axes(ax), optional_text(title)
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.lines import Line2D

    if ax is None:
        _, ax = plt.subplots(figsize=(13, 7))
    pos = layered_layout(graph)
    nodes = list(graph.nodes(data=True))
    xy = np.array([pos[node] for node, _ in nodes])
    ax.set_xlim(xy[:, 0].min() - 0.06, xy[:, 0].max() + 0.06)
    ax.set_ylim(xy[:, 1].min() - 0.35, xy[:, 1].max() + 0.35)
    ax.set_axis_off()
    best = set(optimal_edges(graph))
    edges = list(graph.edges(data=True))
    draw_arrows(ax, pos, [(u, v) for u, v, _ in edges if (u, v) not in best], color="#777777", node_size=900,
                width=1.0, head=9)
    draw_arrows(ax, pos, [(u, v) for u, v, _ in edges if (u, v) in best], color=OPTIMAL_RED, node_size=900,
                width=2.5, head=9)
    kinds = [_node_kind(node, data) for node, data in nodes]
    ax.scatter(xy[:, 0], xy[:, 1], s=900, c=[NODE_COLORS[k] for k in kinds], edgecolors="#555555", zorder=3)
    for (node, data), (x, y) in zip(nodes, xy):
        ax.text(x, y, data.get("label", str(node)), ha="center", va="center", fontsize=8, zorder=4)
    for u, v, data in edges:
        if graph.nodes[u]["player"] == CHANCE:  # the exact chance of each card, halfway along its arrow
            (x, y) = (np.array(pos[u]) + pos[v]) / 2
            ax.text(x, y, data.get("label", ""), ha="center", va="center", fontsize=7, zorder=5,
                    bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none"))
    handles = [Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=NODE_COLORS[k],
                      markeredgecolor="#555555", label=NODE_WORDS[k]) for k in NODE_COLORS if k in kinds]
    handles.append(Line2D([], [], color=OPTIMAL_RED, linewidth=2.5, label="the optimal choice"))
    ax.legend(handles=handles, loc="upper left", fontsize=8, frameon=False)
    ax.set_title(title or "A lone player's round (reduced deck): optimal choices in red", y=1)
    return ax


def __getattr__(name: str) -> Any:
    """draw_round_graph, for one release: the round graph's matplotlib drawing is now its picture's to_matplotlib()."""
    if name == "draw_round_graph":
        import warnings

        warnings.warn("draw_round_graph(graph) is now round_graph_picture(graph).to_matplotlib() in "
                      "circuslib.flip7.pictures; the old name goes in the next release", DeprecationWarning,
                      stacklevel=2)
        return _draw_round_graph
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
