"""Scout by counting: how many hands there are, which sets a hand can show, and the chance of a set in a deal.

Results are sympy numbers (exact). A dealt hand is a uniformly random *ordered* sequence of distinct cards, each
either way up with chance 1/2; so any k adjacent places of a hand hold a uniformly random ordered k-tuple of
oriented cards. Counting the k-tuples that form a set gives the exact chance for one window, and linearity of
expectation gives the exact expected number of sets (and of shows) in a hand.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import permutations, product
from math import comb, perm
from typing import Sequence

import sympy

from ..core.sim import Estimate, monte_carlo
from .rules import (HAND_SIZE, _check_players, beats, deck_for, is_set, legal_shows, longest_set, scout_moves,
                    set_key)

__all__ = [
    "beats", "legal_shows", "scout_moves", "set_key", "is_set", "longest_set", "count_shows", "count_hands",
    "deck_size", "window_set_count", "window_set_probability", "expected_set_windows", "expected_shows",
    "set_somewhere_probability", "simulate_set_somewhere", "simulate_shows", "random_hand", "mini_deck",
    "card_graph",
]

KINDS = ("any", "match", "run")


def deck_size(n_players: int) -> int:
    """The number of cards used with this many players (45, less the cards taken out)."""
    return len(deck_for(n_players))


def count_hands(n_players: int, *, ordered: bool = True, oriented: bool = True, up_to_flip: bool = False) -> sympy.Integer:
    """How many different hands a player can be dealt.

    ``ordered=False``: just which cards (C(N, h)); ordered: the cards in hand order (N!/(N-h)!), since a hand is
    never reordered; ``oriented``: times 2^h for which end of each card is up; ``up_to_flip``: a hand and the
    same hand turned round counted once (no hand is its own flip, so exactly half).
    """
    n, h = deck_size(n_players), HAND_SIZE[n_players]
    count = perm(n, h) if ordered else comb(n, h)
    if oriented:
        count *= 2 ** h
    if up_to_flip:
        if not (ordered and oriented):
            raise ValueError("turning the hand round only pairs up ordered hands with orientations")
        count //= 2
    return sympy.Integer(count)


def count_shows(hand: Sequence, active: Sequence | None = None) -> int:
    """The number of different shows (slices of the hand) the hand can make against the active set."""
    return len(legal_shows(hand, active))


# ---------------------------------------------------------------------------------------------------------
# one window of k adjacent cards


def _deck(deck_or_players) -> tuple:
    if isinstance(deck_or_players, int) and not isinstance(deck_or_players, bool):
        return deck_for(deck_or_players)
    cards = tuple(tuple(sorted(c)) for c in deck_or_players)
    if len(set(cards)) != len(cards) or any(a == b for a, b in cards):
        raise ValueError("a deck holds distinct cards with two different numbers each")
    return cards


def _check_k(k) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"a set has a whole number of cards, at least 1, not {k!r}")
    return k


@lru_cache(maxsize=None)
def _window_counts(k: int, deck: tuple) -> dict:
    """Ordered k-tuples of distinct oriented cards whose up numbers form a match / a run (both directions)."""
    carrying = Counter(v for card in deck for v in card)  # how many cards carry each number
    cards = set(deck)
    if k == 1:
        return {"match": 2 * len(deck), "run": 0}
    # a match of k: k different cards all carrying v, each turned with v up
    match = sum(perm(m, k) for m in carrying.values())
    # a run v, v+1, ..., v+k-1: each place needs a card carrying its number (its other end is free), and the k
    # cards must be different; two places i, j can only clash by both picking the card {v_i, v_j}.
    # Inclusion-exclusion over such clashes: clashes sharing a place cannot happen together, so the sets of
    # clashes to sum over are the matchings of the "clash graph" (N = sum over matchings (-1)^|M| prod m_free).
    run = 0
    numbers = sorted(carrying)
    for low in numbers:
        values = list(range(low, low + k))
        if any(v not in carrying for v in values):
            continue
        run += _distinct_choices(tuple(carrying[v] for v in values),
                                 frozenset((i, j) for i in range(k) for j in range(i + 1, k)
                                           if (values[i], values[j]) in cards))
    return {"match": match, "run": 2 * run}  # up or down: the same count, read backwards


def _distinct_choices(counts: tuple, clashes: frozenset) -> int:
    """Choices of one card per place (counts[i] cards for place i) with no card used twice (see above)."""

    @lru_cache(maxsize=None)
    def total(free: frozenset) -> int:
        # sum over matchings within `free`, pairing off the smallest free place or leaving it alone
        if not free:
            return 1
        i = min(free)
        rest = free - {i}
        result = counts[i] * total(rest)
        for j in rest:
            if (i, j) in clashes:
                result -= total(rest - {j})
        return result

    return total(frozenset(range(len(counts))))


def window_set_count(k: int, deck=5, *, kind: str = "any") -> sympy.Integer:
    """How many ordered k-tuples of distinct cards, each either way up, show a set (of this kind) in a row."""
    _check_k(k)
    if kind not in KINDS:
        raise ValueError(f"kind is one of {KINDS}, not {kind!r}")
    counts = _window_counts(k, _deck(deck))
    return sympy.Integer(counts["match"] + counts["run"] if kind == "any" else counts[kind])


def window_set_probability(k: int, deck=5, *, kind: str = "any") -> sympy.Rational:
    """The chance that k given adjacent cards of a dealt hand form a set (a deck, or a number of players)."""
    cards = _deck(deck)
    if k > len(cards):
        return sympy.Integer(0)
    return window_set_count(k, cards, kind=kind) / (perm(len(cards), k) * 2 ** k)


def _hand_size(deck, hand_size) -> int:
    if hand_size is None:
        if isinstance(deck, int) and not isinstance(deck, bool):
            return HAND_SIZE[_check_players(deck)]
        raise ValueError("give the hand size for a deck of your own")
    return hand_size


def expected_set_windows(k: int, deck=5, hand_size: int | None = None, *, kind: str = "any") -> sympy.Rational:
    """The expected number of places in a dealt hand where k adjacent cards form a set (linearity of expectation)."""
    h = _hand_size(deck, hand_size)
    if k > h:
        return sympy.Integer(0)
    return (h - k + 1) * window_set_probability(k, deck, kind=kind)


def expected_shows(deck=5, hand_size: int | None = None) -> sympy.Rational:
    """The expected number of different shows a dealt hand can open with (every slice that is a set)."""
    h = _hand_size(deck, hand_size)
    return sum((expected_set_windows(k, deck, h) for k in range(1, h + 1)), sympy.Integer(0))


# ---------------------------------------------------------------------------------------------------------
# a set somewhere in the hand: exact for small decks, simulated for the real one


def mini_deck(top: int) -> tuple:
    """A small Scout deck: every pair of distinct numbers 1 to ``top`` (the real deck is mini_deck(10))."""
    if isinstance(top, bool) or not isinstance(top, int) or not 2 <= top <= 10:
        raise ValueError("a Scout deck uses the numbers 1 to top, with top from 2 to 10")
    return tuple((a, b) for a in range(1, top + 1) for b in range(a + 1, top + 1))


def _has_set(values: list, k: int, kind: str) -> bool:
    for i in range(len(values) - k + 1):
        key = set_key(values[i:i + k])
        if key is not None and (kind == "any" or (key[1] == 1) == (kind == "match")):
            return True
    return False


def set_somewhere_probability(k: int, deck, hand_size: int, *, kind: str = "any", either_way: bool = False,
                              limit: int = 3_000_000) -> sympy.Rational:
    """The exact chance that a dealt hand holds a set of k adjacent cards somewhere, by listing every hand.

    ``either_way=True``: as dealt, or once the whole hand is turned round (what the flip can find).
    Only for small decks: the real deck has far too many hands (use ``simulate_set_somewhere``).
    """
    cards = _deck(deck)
    _check_k(k)
    if kind not in KINDS:
        raise ValueError(f"kind is one of {KINDS}, not {kind!r}")
    total = perm(len(cards), hand_size) * 2 ** hand_size
    if total > limit:
        raise ValueError(f"there are {total:,} hands to list; that is too many: use a smaller deck or "
                         "simulate_set_somewhere")
    hits = 0
    for order in permutations(cards, hand_size):
        for ups in product((0, 1), repeat=hand_size):
            values = [c[u] for c, u in zip(order, ups)]
            if _has_set(values, k, kind) or (either_way and _has_set([c[1 - u] for c, u in zip(order, ups)], k, kind)):
                hits += 1
    return sympy.Rational(hits, total)


def random_hand(rng: random.Random, deck=5, hand_size: int | None = None) -> tuple:
    """A hand dealt at random: distinct cards in random order, each either way up."""
    cards = _deck(deck)
    h = _hand_size(deck, hand_size)
    return tuple(c if rng.random() < 0.5 else (c[1], c[0]) for c in rng.sample(cards, h))


def simulate_set_somewhere(k: int, deck=5, hand_size: int | None = None, *, n: int = 10_000, seed=1,
                           kind: str = "any", either_way: bool = False) -> Estimate:
    """Deal n seeded hands and estimate the chance of a k-card set somewhere (as dealt, or either way up)."""
    h = _hand_size(deck, hand_size)

    def trial(rng):
        hand = random_hand(rng, deck, h)
        values = [c[0] for c in hand]
        return _has_set(values, k, kind) or (either_way and _has_set([c[1] for c in hand], k, kind))

    return monte_carlo(trial, n, seed)


def simulate_shows(deck=5, hand_size: int | None = None, *, n: int = 10_000, seed=1) -> Estimate:
    """Deal n seeded hands and estimate the mean number of shows a hand can open with."""
    h = _hand_size(deck, hand_size)
    return monte_carlo(lambda rng: count_shows(random_hand(rng, deck, h)), n, seed)


def card_graph(deck=5):
    """The deck as a graph: numbers are nodes, each card an edge (the full deck is the complete graph K10)."""
    import networkx as nx

    graph = nx.Graph()
    cards = _deck(deck)
    graph.add_nodes_from(sorted({v for c in cards for v in c}))
    graph.add_edges_from(cards)
    return graph
