"""Speed's graphs: the 13-cycle of ranks, the chain graph of a position and its longest path, and the state
graph of a small end-game (on ``core.graphs``). Their pictures (SVG, and the same drawn by matplotlib with
``.to_matplotlib()``) are in ``pictures``."""
from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # networkx is imported where a graph is made: importing the module stays light
    import networkx as nx

from ..core.args import instance, items, limit, whole
from ..core.exact import AbsorbingChain
from ..core.game import GameState, describe
from ..core.graphs import build_graph
from .rules import PILE_NAMES, SpeedState, _fits, rank_name, rank_of

__all__ = [
    "rank_cycle", "rank_distance", "chain_graph", "longest_chain", "chain_in_words", "most_cards_shed",
    "endgame_graph", "win_probability",
]


def rank_cycle() -> nx.Graph:
    """The ranks 1 (Ace) to 13 (King) on a cycle: each rank is joined to the ranks that fit on it."""
    import networkx as nx

    return nx.relabel_nodes(nx.cycle_graph(13), {i: i + 1 for i in range(13)})


def rank_distance(a: int | str, b: int | str) -> int:
    """The fewest one-rank steps from a to b round the cycle: min(d, 13 - d) with d = (b - a) mod 13."""
    d = (rank_of(b) - rank_of(a)) % 13
    return min(d, 13 - d)


def chain_graph(cards: Sequence[Any], tops: Sequence[Any] = ()) -> nx.DiGraph:
    """Which cards can follow which: nodes are the centre tops ("pile A", "pile B") and the face-up cards
    (their places, 0-based); an arrow x -> y means card y can go on x."""
    import networkx as nx

    cards, tops = _cards(cards), items(tops, "tops", high=2)
    graph = nx.DiGraph()
    for pile, top in enumerate(tops):
        if top is not None:
            graph.add_node(f"pile {PILE_NAMES[pile]}", rank=rank_of(top),
                           label=f"pile {PILE_NAMES[pile]}: {rank_name(top)}", kind="top")
    for slot, card in enumerate(cards):
        if card is not None:
            graph.add_node(slot, rank=rank_of(card), label=f"{rank_name(card)} (place {slot + 1})", kind="card")
    for a, da in graph.nodes(data=True):
        for b, db in graph.nodes(data=True):
            if a != b and db["kind"] == "card" and _fits(db["rank"], da["rank"]):
                graph.add_edge(a, b)
    return graph


def _cards(cards: Any) -> tuple[Any, ...]:
    """Face-up cards, each a rank (or None for an empty place), at most 20 of them."""
    given = items(cards, "cards", high=20)
    for card in given:
        if card is not None:
            rank_of(card)
    return given


def longest_chain(cards: Sequence[Any], tops: Sequence[Any] = ()) -> list[Any]:
    """The longest path of cards in the chain graph (from a top when tops are given): the most cards played one
    after another on one pile. Returns the nodes, a top first when tops are given."""
    graph = chain_graph(cards, tops)
    starts = [n for n, d in graph.nodes(data=True) if d["kind"] == "top"] or list(graph.nodes)
    best: list[Any] = []

    def played(path: list[Any]) -> int:
        return sum(1 for n in path if graph.nodes[n]["kind"] == "card")

    def walk(path: list[Any]) -> None:
        nonlocal best
        if played(path) > played(best):
            best = list(path)
        for nxt in graph.successors(path[-1]):
            if nxt not in path:
                path.append(nxt)
                walk(path)
                path.pop()

    for start in starts:
        walk([start])
    return best


def chain_in_words(cards: Sequence[Any], tops: Sequence[Any] = ()) -> str:
    """A longest chain as the chain graph's picture labels it, places numbered from 1 as on the table:
    "pile A: 3 → 2 (place 3) → A (place 2) → ..." (``longest_chain`` gives the same path as nodes)."""
    graph = chain_graph(cards, tops)
    return " → ".join(graph.nodes[node]["label"] for node in longest_chain(cards, tops)) or "no card can be played"


def most_cards_shed(cards: Sequence[Any], tops: Sequence[Any]) -> int:
    """The most face-up cards a player could shed on the two piles without turning up a new card."""
    ranks = tuple(sorted(rank_of(c) for c in _cards(cards) if c is not None))
    a, b = (rank_of(t) for t in items(tops, "tops (the two centre tops)", low=2, high=2))
    return _shed(ranks, a, b)


@cache
def _shed(ranks: tuple[Any, ...], a: int, b: int) -> int:
    best = 0
    for i, r in enumerate(ranks):
        if i and ranks[i - 1] == r:
            continue  # the same rank again gives the same futures
        rest = ranks[:i] + ranks[i + 1:]
        if _fits(r, a):
            best = max(best, 1 + _shed(rest, r, b))
        if _fits(r, b):
            best = max(best, 1 + _shed(rest, a, r))
    return best


def _state_label(state: SpeedState) -> str:
    if state.is_over():
        w = state.winner()
        return "tie" if w is None else f"P{w} wins"
    mine = "".join(rank_name(c) for c in state.face_up(0) if c is not None) or "-"
    theirs = "".join(rank_name(c) for c in state.face_up(1) if c is not None) or "-"
    tops = "/".join("-" if t is None else rank_name(t) for t in state.tops())
    return f"{mine}\n{tops}\n{theirs}"


def _label(state: GameState) -> str:
    assert isinstance(state, SpeedState)  # the graph of a Speed end-game holds Speed positions only
    return _state_label(state)


def endgame_graph(state: SpeedState, *, max_nodes: int = 200) -> nx.DiGraph:
    """Every position reachable from a small end-game, as a move graph (races and draws carry exact odds)."""
    instance(state, "state", SpeedState, "a SpeedState, for example one made with position(...)")
    limit(whole(max_nodes, "max_nodes", 1), 20_000, "max_nodes")
    return build_graph(state, max_nodes=max_nodes, label=_label)


def _future_key(s: SpeedState) -> tuple[Any, ...]:
    """What decides the future of a position: the cards under the centre tops only matter as the set that a
    recycle would give back, so their order is forgotten (this merges positions with the same future)."""
    under = tuple(sorted(s.centre[0][:-1] + s.centre[1][:-1]))
    tops = tuple(c[-1:] for c in s.centre)
    return (s.setup, s.pools, s.pool_of, s.piles, s.spare, s.slots, s.to_deal, tops, under, s.flips_due, s.racer,
            s.rates)


def win_probability(state: SpeedState, policies: Sequence[Any] = ("first", "first"), player: int = 0, *,
                    max_states: int = 5_000) -> Fraction:
    """The exact chance that ``player`` wins from ``state`` when both bots choose cards by ``policies``
    (races and draws by their exact odds). Recycled centre cards can bring a position back, so the positions
    form an absorbing Markov chain whose absorption odds are solved exactly. Only for small end-games."""
    from .bots import POLICIES
    from .bots import policy as make_policy

    instance(state, "state", SpeedState, "a SpeedState, for example one made with position(...)")
    policies = items(policies, "policies", low=2, high=2)
    for p in policies:
        if isinstance(p, str):
            if p not in POLICIES:
                raise ValueError(f"a policy is one of {', '.join(map(repr, POLICIES))}, not {p!r}")
        elif not callable(p):
            raise TypeError(f"each policy is a name like 'first' or a function policy(state, rng), not {describe(p)}")
    if any(p == "random" for p in policies):
        raise ValueError("exact odds need deterministic bots; 'random' is not one")
    whole(player, "player", 0, 1)
    limit(whole(max_states, "max_states", 1), 50_000, "max_states")
    chooser = [make_policy(p) if isinstance(p, str) else p for p in policies]
    rng = random.Random(0)  # deterministic policies never use it

    def node(s: SpeedState) -> Any:
        if not s.is_over():
            return _future_key(s)
        w = s.winner()
        return "tie" if w is None else f"player {w} wins"

    transitions: dict[Any, Any] = {}
    todo = [state]
    while todo:
        s = todo.pop()
        if s.is_over() or node(s) in transitions:
            continue
        if len(transitions) >= max_states:
            raise ValueError(f"this position reaches more than {max_states} positions: too big for exact odds")
        if s.current_player < 0:
            steps = [(s.play(o), Fraction(p)) for o, p in s.chance_outcomes()]
        else:
            steps = [(s.play(chooser[s.current_player](s, rng)), Fraction(1))]
        row: dict[Any, Any] = {}
        for child, p in steps:
            row[node(child)] = row.get(node(child), Fraction(0)) + p
            if not child.is_over():
                todo.append(child)
        transitions[node(s)] = row
    if state.is_over():
        return Fraction(int(state.winner() == player))
    odds = AbsorbingChain(transitions).absorption_probabilities()[node(state)]
    return odds.get(f"player {player} wins", Fraction(0))
