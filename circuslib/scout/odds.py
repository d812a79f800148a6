"""Scout by counting: how many hands there are, which sets a hand can show, and the chance of a set in a deal.

Results are sympy numbers (exact). A dealt hand is a uniformly random *ordered* sequence of distinct cards, each
either way up with chance 1/2; so any k adjacent places of a hand hold a uniformly random ordered k-tuple of
oriented cards. Counting the k-tuples that form a set gives the exact chance for one window, and linearity of
expectation gives the exact expected number of sets (and of shows) in a hand. The chance of a set *somewhere* in
a hand is exact too: by listing hands for small decks, and for the real decks by counting up-number sequences
(``set_somewhere_exact``, about a second a value; the values the lesson and the set explorer use were counted once
and ship with the kit in ``data/set_somewhere.json``, read by the same function). The simulators deal all their
hands at once with numpy.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import permutations, product
from math import comb, factorial, perm, prod
from operator import mul, or_
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.args import flag, items, limit, one_of, rng_arg, seed_arg, whole
from ..core.game import describe, is_whole
from ..core.shipped import RATIONAL, shipped
from ..core.sim import Estimate
from .rules import (
    HAND_SIZE,
    Card,
    _best_show,
    _card,
    _longest,
    _set_key,
    _values,
    beats,
    deck_for,
    is_set,
    legal_shows,
    longest_set,
    scout_moves,
    set_key,
)

if TYPE_CHECKING:
    import networkx as nx
    import sympy  # results are sympy numbers; sympy itself loads when a function makes one

__all__ = [
    "beats", "legal_shows", "scout_moves", "set_key", "is_set", "longest_set", "count_shows", "count_hands",
    "deck_size", "window_set_count", "window_set_probability", "expected_set_windows", "expected_shows",
    "set_somewhere_probability", "set_somewhere_exact", "hands_per_up_sequence", "simulate_set_somewhere",
    "simulate_shows", "random_hand", "mini_deck", "card_graph", "strongest_show", "expected_windows",
    "set_somewhere_grid", "hands_with_set", "EXPLORER_HANDS", "EXPLORER_KS",
]

KINDS = ("any", "match", "run")
Deck = int | Sequence[Card]
"""A deck: a number of players (the cards they use) or the cards themselves, pairs (a, b)."""


def deck_size(n_players: int) -> int:
    """The number of cards used with this many players (45, less the cards taken out)."""
    return len(deck_for(n_players))


def count_hands(n_players: int, *, ordered: bool = True, oriented: bool = True,
                up_to_flip: bool = False) -> sympy.Integer:
    """How many different hands a player can be dealt.

    ``ordered=False``: just which cards (C(N, h)); ordered: the cards in hand order (N!/(N-h)!), since a hand is
    never reordered; ``oriented``: times 2^h for which end of each card is up; ``up_to_flip``: a hand and the
    same hand turned round counted once (no hand is its own flip, so exactly half).
    """
    import sympy

    for name, value in (("ordered", ordered), ("oriented", oriented), ("up_to_flip", up_to_flip)):
        flag(value, name)
    n, h = deck_size(n_players), HAND_SIZE[n_players]
    count = perm(n, h) if ordered else comb(n, h)
    if oriented:
        count *= 2 ** h
    if up_to_flip:
        if not (ordered and oriented):
            raise ValueError("turning the hand round only pairs up ordered hands with orientations")
        count //= 2
    return sympy.Integer(count)


def count_shows(hand: Sequence[Any], active: Sequence[Any] | None = None) -> int:
    """The number of different shows (slices of the hand) the hand can make against the active set."""
    return len(legal_shows(hand, active))


# ---------------------------------------------------------------------------------------------------------
# one window of k adjacent cards


def _deck(deck_or_players: Any) -> tuple[Card, ...]:
    """A number of players (their deck) or a deck of cards, checked: at least one card, each card once."""
    if is_whole(deck_or_players):
        return deck_for(deck_or_players)
    if isinstance(deck_or_players, (str, bytes, dict, bool)) or deck_or_players is None:
        raise TypeError(f"deck is a number of players (2 to 5) or a list of cards (a, b), not "
                        f"{describe(deck_or_players)}")
    cards = tuple((min(card), max(card)) for card in (_card(tuple(c) if isinstance(c, list) else c)
                                                      for c in items(deck_or_players, "deck", low=1)))
    if len(set(cards)) != len(cards):
        raise ValueError("a deck holds each card once")
    return cards


def _check_k(k: object) -> int:
    """k, the cards of a set: a whole number, at least 1."""
    return whole(k, "k (the cards of a set)", 1)


def _check_kind(kind: object) -> str:
    """The kind of set: "any", "match" or "run"."""
    checked: str = one_of(kind, "kind", KINDS)
    return checked


@cache
def _window_counts(k: int, deck: tuple[Any, ...]) -> dict[Any, Any]:
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


def _distinct_choices(counts: tuple[int, ...], clashes: frozenset[tuple[int, int]]) -> int:
    """Choices of one card per place (counts[i] cards for place i) with no card used twice (see above)."""

    @cache
    def total(free: frozenset[int]) -> int:
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


def window_set_count(k: int, deck: Deck = 5, *, kind: str = "any") -> sympy.Integer:
    """How many ordered k-tuples of distinct cards, each either way up, show a set (of this kind) in a row."""
    import sympy

    _check_k(k)
    _check_kind(kind)
    cards = _deck(deck)
    if k > len(cards):
        return sympy.Integer(0)  # fewer cards than places: no k-tuple of different cards at all
    counts = _window_counts(k, cards)
    return sympy.Integer(counts["match"] + counts["run"] if kind == "any" else counts[kind])


def window_set_probability(k: int, deck: Deck = 5, *, kind: str = "any") -> sympy.Rational:
    """The chance that k given adjacent cards of a dealt hand form a set (a deck, or a number of players)."""
    cards = _deck(deck)
    _check_k(k)
    _check_kind(kind)
    if k > len(cards):
        raise ValueError(f"k adjacent cards of a hand: the deck has only {len(cards)} cards, not {k}")
    return window_set_count(k, cards, kind=kind) / (perm(len(cards), k) * 2 ** k)


def _hand_size(deck: Any, hand_size: Any) -> int:
    """The hand size: the real one for a number of players, else ``hand_size``, from 1 to the deck's cards."""
    cards = _deck(deck)
    if hand_size is None:
        if is_whole(deck):
            return HAND_SIZE[whole(deck, "players", 2, 5)]
        raise ValueError("give the hand size for a deck of your own")
    size = whole(hand_size, "hand_size")
    if not 1 <= size <= len(cards):
        raise ValueError(f"hand_size: a hand holds 1 to {len(cards)} cards of this deck, not {size}")
    return size


def expected_set_windows(k: int, deck: Deck = 5, hand_size: int | None = None, *, kind: str = "any") -> sympy.Rational:
    """The expected number of places in a dealt hand where k adjacent cards form a set (linearity of expectation)."""
    import sympy

    h = _hand_size(deck, hand_size)
    _check_k(k)
    _check_kind(kind)
    if k > h:
        return sympy.Integer(0)
    return (h - k + 1) * window_set_probability(k, deck, kind=kind)


def expected_shows(deck: Deck = 5, hand_size: int | None = None) -> sympy.Rational:
    """The expected number of different shows a dealt hand can open with (every slice that is a set)."""
    import sympy

    h = _hand_size(deck, hand_size)
    limit(h, 45, "hand_size")
    return sum(_expected_windows(_deck(deck), h), sympy.Integer(0))


# ---------------------------------------------------------------------------------------------------------
# a set somewhere in the hand: listed for small decks, simulated for any deck


def mini_deck(top: int) -> tuple[Any, ...]:
    """A small Scout deck: every pair of distinct numbers 1 to ``top`` (the real deck is mini_deck(10))."""
    whole(top, "top (a Scout deck uses the numbers 1 to top)", 2, 10)
    return tuple((a, b) for a in range(1, top + 1) for b in range(a + 1, top + 1))


def _has_set(values: Sequence[int], k: int, kind: str) -> bool:
    for i in range(len(values) - k + 1):
        key = _set_key(values[i:i + k])
        if key is not None and (kind == "any" or (key[1] == 1) == (kind == "match")):
            return True
    return False


def set_somewhere_probability(k: int, deck: Deck, hand_size: int, *, kind: str = "any", either_way: bool = False,
                              limit: int = 3_000_000) -> sympy.Rational:
    """The exact chance that a dealt hand holds a set of k adjacent cards somewhere, by listing every hand.

    ``either_way=True``: as dealt, or once the whole hand is turned round (what the flip can find).
    Only for small decks: the real deck has far too many hands (use ``simulate_set_somewhere``).
    """
    import sympy

    cards = _deck(deck)
    _check_k(k)
    _check_kind(kind)
    flag(either_way, "either_way")
    hand_size = _hand_size(cards, hand_size)
    most = 3_000_000
    if whole(limit, "limit", 1) > most:
        raise ValueError(f"limit: listing more than {most:,} hands takes more than a few seconds; "
                         "use simulate_set_somewhere")
    total = perm(len(cards), hand_size) * 2 ** hand_size
    if total > limit:
        raise ValueError(f"there are {total:,} hands to list; that is too many: use a smaller deck or "
                         "simulate_set_somewhere")
    # many hands share their numbers facing up: decide each sequence of numbers once, and look it up after that
    # (a dict's own lookup, called from map, is several times faster than a Python function per hand)
    holds_set = _Decided(k, kind).__getitem__

    hits = 0
    for order in permutations(cards, hand_size):
        ups = product(*order)  # every way up of these cards: the numbers facing up, one hand at a time
        if either_way:
            downs = product(*((b, a) for a, b in order))  # the same hands' numbers facing down, in step
            hits += sum(map(or_, map(holds_set, ups), map(holds_set, downs)))
        else:
            hits += sum(map(holds_set, ups))
    return sympy.Rational(hits, total)


class _Decided(dict[tuple[int, ...], bool]):
    """Sequences of numbers facing up -> whether they hold a set of k adjacent cards of this kind, each decided
    on its first lookup."""

    def __init__(self, k: int, kind: str) -> None:
        super().__init__()
        self.k, self.kind = k, kind

    def __missing__(self, values: tuple[Any, ...]) -> bool:
        held = self[values] = _has_set(values, self.k, self.kind)
        return held


# ---------------------------------------------------------------------------------------------------------
# a set somewhere in a real hand, exactly: condition on the numbers facing up
#
# A hand is a sequence of up-numbers u_1..u_h plus, for each place, the card it sits on. Whether the hand holds a
# set depends only on the up-numbers; how many hands share one up-sequence depends only on how often each number
# is up (its counts c): pick, for every number a, c_a different cards showing a, no card picked twice, then put
# them on the c_a places showing a in any order. The card choices are the coefficient of prod x_a^c_a in
# prod over the cards {a, b} of (1 + x_a + x_b) (each card unused, a up, or b up), so
#     hands with a given up-sequence = [x^c] prod (1 + x_a + x_b) * prod c_a!.
# And P(no set) = sum over counts c of (up-sequences with counts c and no set) * (hands per up-sequence) / all hands.
# Both sums run over every count vector at once, as numpy arrays of int64 (no entry can overflow, see below).

_BITS = 4  # each count is one hex digit of a code (a count is at most the cards carrying a number, 9 in Scout)


def _refuse_uncountable(cards: tuple[Any, ...], hand_size: int) -> None:
    """Refuse decks and hands too big for int64 codes and counts (the real decks are far inside the limits)."""
    numbers = {v for card in cards for v in card}
    if len(numbers) > 15:
        raise ValueError(f"counting up-sequences handles decks with at most 15 numbers, not {len(numbers)}")
    # words with fixed counts are at most h! and card choices at most C(N, t) 2^t: both must stay below 2^63
    if hand_size > 16 or max(comb(len(cards), t) * 2 ** t for t in range(hand_size + 1)) >= 2 ** 62:
        raise ValueError(f"hands of {hand_size} from {len(cards)} cards are too many to count this way; simulate")


def _numbers_and_caps(cards: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The numbers on the cards, and for each how many cards carry it (the most times it can be up)."""
    carrying = Counter(v for card in cards for v in card)
    numbers = tuple(sorted(carrying))
    return numbers, tuple(carrying[v] for v in numbers)


@cache
def _count_layers(caps: tuple[Any, ...], hand_size: int) -> tuple[Any, ...]:
    """For t = 0..hand_size, the sorted codes of all count vectors c with sum t and c_a <= caps[a]."""
    layers = [np.zeros(1, dtype=np.int64)]
    for _ in range(hand_size):
        last = layers[-1]
        grown = [last[_digit(last, i) < cap] + (1 << (_BITS * i)) for i, cap in enumerate(caps)]
        layers.append(np.unique(np.concatenate(grown)) if grown else np.zeros(0, dtype=np.int64))
    return tuple(layers)


def _digit(codes: np.ndarray, i: int) -> np.ndarray:
    """How often number i is up, for each code."""
    return (codes >> (_BITS * i)) & ((1 << _BITS) - 1)


@cache
def _one_more(caps: tuple[Any, ...], hand_size: int, t: int, i: int) -> tuple[Any, ...]:
    """Rows of layer t that can take one more number i, and the rows of layer t+1 they then become."""
    layers = _count_layers(caps, hand_size)
    rows = np.flatnonzero(_digit(layers[t], i) < caps[i])
    return rows, np.searchsorted(layers[t + 1], layers[t][rows] + (1 << (_BITS * i)))


@cache
def _card_choices(cards: tuple[Any, ...], hand_size: int) -> np.ndarray:
    """[x^c] prod over the cards {a, b} of (1 + x_a + x_b), for every count vector c with sum hand_size."""
    numbers, caps = _numbers_and_caps(cards)
    index = {v: i for i, v in enumerate(numbers)}
    layers = _count_layers(caps, hand_size)
    poly = [np.zeros(len(layer), dtype=np.int64) for layer in layers]
    poly[0][0] = 1
    # multiply in one card at a time; entries stay below C(N, t) 2^t (see _refuse_uncountable): no int64 overflow
    for a, b in cards:
        for t in range(min(hand_size, len(cards)), 0, -1):  # high degrees first: they read the old lower ones
            for i in (index[a], index[b]):
                rows, targets = _one_more(caps, hand_size, t - 1, i)
                poly[t][targets] += poly[t - 1][rows]
    return poly[hand_size]


def hands_per_up_sequence(up_counts: dict[Any, Any], deck: Deck = 5) -> int:
    """How many ordered oriented hands show one given sequence of up-numbers with these counts {number: times}."""
    cards = _deck(deck)
    numbers, caps = _numbers_and_caps(cards)
    if not isinstance(up_counts, dict):
        raise TypeError(f"up_counts maps numbers to how many times they are up, like {{3: 2, 5: 1}}, not "
                        f"{describe(up_counts)}")
    if any(v not in numbers or not is_whole(c) or c < 0 for v, c in up_counts.items()):
        raise ValueError(f"up_counts maps numbers on the cards {numbers} to whole numbers of times, at least 0")
    counts = [up_counts.get(v, 0) for v in numbers]
    if any(c > cap for c, cap in zip(counts, caps)) or sum(counts) > len(cards):
        return 0  # more of a number up than cards carrying it, or more cards than the deck
    h = sum(counts)
    _refuse_uncountable(cards, h)
    code = sum(c << (_BITS * i) for i, c in enumerate(counts))
    row = int(np.searchsorted(_count_layers(caps, h)[h], code))
    return int(_card_choices(cards, h)[row]) * prod(factorial(c) for c in counts)


@cache
def _streak_machine(k: int, kind: str, numbers: tuple[Any, ...]) -> tuple[Any, ...]:
    """States (index of the last number, equal streak, up streak, down streak) and their moves, stopping before a set.

    Returns (states, step) with step[s][i] the state after number i, or None if that completes a set of k.
    A streak counts the cards of the longest match / run up / run down ending here; only the kinds asked for matter.
    """
    watch_match, watch_run = kind in ("any", "match"), kind in ("any", "run")
    states = [(i, 1, 1, 1) for i in range(len(numbers))]
    place = {s: n for n, s in enumerate(states)}
    step = []
    for s in states:  # the list grows while we walk it: a breadth-first search of the reachable states
        last, eq, up, down = s
        moves: list[int | None] = []
        for i, v in enumerate(numbers):
            eq2 = eq + 1 if watch_match and i == last else 1
            up2 = up + 1 if watch_run and v == numbers[last] + 1 else 1
            down2 = down + 1 if watch_run and v == numbers[last] - 1 else 1
            if max(eq2, up2, down2) >= k:
                moves.append(None)
                continue
            nxt = (i, eq2, up2, down2)
            if nxt not in place:
                place[nxt] = len(states)
                states.append(nxt)
            moves.append(place[nxt])
        step.append(moves)
    return tuple(states), tuple(tuple(m) for m in step)


def _up_sequences_without_set(k: int, kind: str, caps: tuple[int, ...], numbers: tuple[int, ...],
                              hand_size: int) -> np.ndarray:
    """For each count vector c (sum hand_size): how many up-sequences with counts c hold no set of k."""
    layers = _count_layers(caps, hand_size)
    states, step = _streak_machine(k, kind, numbers)
    plain = [next(n for n, s in enumerate(states) if s == (i, 1, 1, 1)) for i in range(len(numbers))]
    table = np.zeros((len(layers[1]), len(states)), dtype=np.int64)
    for i in range(len(numbers)):
        rows, targets = _one_more(caps, hand_size, 0, i)
        table[targets, plain[i]] = 1
    # entries count words with fixed counts: at most the multinomial h!/prod c_a! <= 16! < 2^45
    for t in range(1, hand_size):
        grown = np.zeros((len(layers[t + 1]), len(states)), dtype=np.int64)
        for i in range(len(numbers)):
            rows, targets = _one_more(caps, hand_size, t, i)
            if not len(rows):
                continue
            block = table[rows]
            # most states (last number far from i) just go to the plain state of i: add them all, fix the rest
            to_plain = block.sum(axis=1)
            for s, state in enumerate(states):
                nxt = step[s][i]
                if nxt != plain[i] and abs(numbers[state[0]] - numbers[i]) <= 1:
                    to_plain -= block[:, s]
                    if nxt is not None:
                        grown[targets, nxt] += block[:, s]
            grown[targets, plain[i]] += to_plain
        table = grown
    counts: np.ndarray = table.sum(axis=1)
    return counts


@cache
def _hands_without_set(k: int, kind: str, cards: tuple[Any, ...], hand_size: int) -> int:
    """The number of dealt hands (ordered, oriented) with no set of k adjacent cards of this kind."""
    numbers, caps = _numbers_and_caps(cards)
    words = _up_sequences_without_set(k, kind, caps, numbers, hand_size)
    codes = _count_layers(caps, hand_size)[hand_size]
    factorials = np.ones(len(codes), dtype=np.int64)  # prod c_a! <= h! <= 16! < 2^45
    for i in range(len(numbers)):
        factorials *= np.array([factorial(c) for c in range(16)], dtype=np.int64)[_digit(codes, i)]
    # words * prod c_a! <= h!, but times the card choices it can pass 2^63: finish in Python integers
    return sum(map(mul, (words * factorials).tolist(), _card_choices(cards, hand_size).tolist()))


def _clear_counting_caches() -> None:
    """Forget every cached table of the exact count (so a benchmark can time it from scratch)."""
    for cached in (_count_layers, _one_more, _card_choices, _streak_machine, _hands_without_set):
        cached.cache_clear()


EXPLORER_HANDS = range(2, 9)  # the set explorer's hand sizes (a real hand takes too long to follow a slider)
EXPLORER_KS = range(2, 6)     # and its sets' lengths
_REAL_KS = (2, 3)             # the lesson's sets in a real hand, of every kind


def _set_somewhere_cases() -> list[dict[Any, Any]]:
    """The calls of ``set_somewhere_exact`` shipped with the kit: the real hands of 3, 4 and 5 players (2 players
    hold the 4-player hand), and the set explorer's grid."""
    real = [(k, players, HAND_SIZE[players], kind) for players in (3, 4, 5) for k in _REAL_KS for kind in KINDS]
    grid = [(k, players, h, "any") for players in (2, 3, 4, 5) for h in EXPLORER_HANDS for k in EXPLORER_KS
            if k <= h]
    return [{"k": k, "deck": players, "hand_size": h, "kind": kind}
            for k, players, h, kind in real + [case for case in grid if case not in real]]


def _set_somewhere_key(k: object, deck: object, hand_size: object, kind: object) -> list[Any]:
    """A call's shipped key: a number of players without a hand size holds the players' hand. Only whole numbers
    name a shipped case (2.0 or True would equal 2 or 1 in the file's keys): anything else is computed, and so
    checked and refused by the function itself."""
    if hand_size is None and is_whole(deck) and deck in HAND_SIZE:
        hand_size = HAND_SIZE[deck]
    if not (is_whole(k) and is_whole(deck) and is_whole(hand_size) and type(kind) is str):
        return ["not shipped"]
    return [k, deck, hand_size, kind]


@shipped("data/set_somewhere.json", cases=_set_somewhere_cases, key=_set_somewhere_key, encoding=RATIONAL,
         about="P(a set of k adjacent cards somewhere in a dealt Scout hand), exact: the real hands of 3, 4 and 5 "
               "players (sets of 2 and 3 of every kind) and the set explorer's grid; key [k, players, hand size, "
               "kind]")
def set_somewhere_exact(k: int, deck: Deck = 5, hand_size: int | None = None, *, kind: str = "any") -> sympy.Rational:
    """The exact chance that a dealt hand holds a set of k adjacent cards somewhere, by counting up-sequences.

    Works for the real decks (a deck, or a number of players; under a second each, and read from the kit's shipped
    table for the real hands and the set explorer's grid); agrees with ``set_somewhere_probability``, which lists
    every hand and so only manages small decks. As dealt only (no flip).
    """
    import sympy

    cards = _deck(deck)
    _check_k(k)
    _check_kind(kind)
    h = _hand_size(deck, hand_size)
    if k > h:
        return sympy.Integer(0)
    if k == 1:  # one card is a match of one, never a run (as in set_key)
        return sympy.Integer(0 if kind == "run" else 1)
    _refuse_uncountable(cards, h)
    total = perm(len(cards), h) * 2 ** h
    return 1 - sympy.Rational(_hands_without_set(k, kind, cards, h), total)


def set_somewhere_grid(players: int) -> dict[tuple[int, int], sympy.Rational]:
    """P(a set of k adjacent cards somewhere in a dealt hand) with this many players' deck, for every hand size in
    ``EXPLORER_HANDS`` and k in ``EXPLORER_KS`` (k no longer than the hand), keyed (hand size, k): the set
    explorer's curves, read from the shipped table."""
    return dict(_grid(whole(players, "players", 2, 5)))


@cache
def _grid(players: int) -> tuple[Any, ...]:
    return tuple(((h, k), set_somewhere_exact(k, players, h)) for h in EXPLORER_HANDS for k in EXPLORER_KS if k <= h)


@lru_cache(maxsize=64)
def _expected_windows(cards: tuple[Any, ...], hand_size: int) -> tuple[Any, ...]:
    return tuple(expected_set_windows(k, cards, hand_size) for k in range(1, hand_size + 1))


def expected_windows(deck: Deck = 5, hand_size: int | None = None) -> tuple[sympy.Rational, ...]:
    """The expected number of places in a dealt hand holding a set of k adjacent cards, for k = 1 to the hand size
    (linearity of expectation, ``expected_set_windows`` for each k)."""
    cards = _deck(deck)
    return _expected_windows(cards, _hand_size(deck, hand_size))


def strongest_show(hand: Sequence[Any], active: Sequence[Any] | None = None) -> tuple[int, int] | None:
    """The strongest show the hand can make against the active set, as a slice (start, stop) of the hand (the first
    one, if two are equal), or None if nothing beats it."""
    values = _values(hand, "hand")
    active = () if active is None else _values(active, "active")
    if active and _set_key(active) is None:
        raise ValueError(f"the set on the table {list(active)} is not a set: adjacent cards must all match or run "
                         "consecutively up or down")
    return _best_show(values, _set_key(active) if active else None)


def hands_with_set(k: int, deck: Deck = 5, hand_size: int | None = None, *, n: int, rng: random.Random) -> int:
    """Deal n hands one by one with ``rng`` (as ``random_hand`` deals) and count those holding a set of k adjacent
    cards somewhere: a seeded check of ``set_somewhere_exact``, continued by each call with the same generator."""
    rng_arg(rng)
    cards = _deck(deck)
    h = _hand_size(deck, hand_size)
    _check_k(k)
    limit(whole(n, "n", 1), 20_000, "n hands", "use simulate_set_somewhere, which deals them all at once")
    # a hand holds a set of k somewhere exactly when its longest set has k cards or more
    return sum(_longest([c[0] for c in _random_hand(rng, cards, h)]) >= k for _ in range(n))


def random_hand(rng: random.Random, deck: Deck = 5, hand_size: int | None = None) -> tuple[Any, ...]:
    """A hand dealt at random: distinct cards in random order, each either way up."""
    rng_arg(rng)
    cards = _deck(deck)
    return _random_hand(rng, cards, _hand_size(deck, hand_size))


def _random_hand(rng: random.Random, cards: tuple[Any, ...], hand_size: int) -> tuple[Any, ...]:
    """``random_hand`` for a deck and hand size already checked."""
    return tuple(c if rng.random() < 0.5 else (c[1], c[0]) for c in rng.sample(cards, hand_size))


def simulate_set_somewhere(k: int, deck: Deck = 5, hand_size: int | None = None, *, n: int = 10_000, seed: int = 1,
                           kind: str = "any", either_way: bool = False) -> Estimate:
    """Deal n seeded hands and estimate the chance of a k-card set somewhere (as dealt, or either way up).

    The hands are dealt all at once with numpy (the same chance model as ``random_hand``: distinct cards in a
    uniformly random order, each way up with chance 1/2); ``tests/test_scout_odds.py`` checks it against
    ``random_hand`` and against the exact values.
    """
    cards = _deck(deck)
    h = _hand_size(deck, hand_size)
    _check_k(k)
    _check_kind(kind)
    flag(either_way, "either_way")
    limit(whole(n, "n", 1), 200_000, "n hands")
    seed_arg(seed)
    up, down = _deal_hands(cards, h, n, _numpy_rng(seed))
    found = _rows_with_set(up, k, kind)
    if either_way:
        found |= _rows_with_set(down, k, kind)  # turned round: the other numbers, in reverse order (same sets)
    return Estimate.from_values(found.astype(float), keep=True)


def _numpy_rng(seed: Any) -> np.random.Generator:
    """A numpy generator seeded from a whole-number seed, the same stream for the same seed."""
    if not is_whole(seed):  # as monte_carlo: a text seed is refused too
        raise TypeError(f"give a whole-number seed, so the run can be repeated, not {describe(seed)}")
    return np.random.default_rng(random.Random(seed).getrandbits(128))


def _deal_hands(cards: tuple[Any, ...], hand_size: int, n: int,
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """n dealt hands at once: (numbers facing up, numbers facing down), each an n x hand_size array."""
    deck = np.array(cards)
    # the first hand_size cards of n independent shuffles: distinct cards in a uniformly random order
    order = np.argsort(rng.random((n, len(cards))), axis=1)[:, :hand_size]
    way_up = rng.integers(0, 2, size=(n, hand_size))  # each card either way up with chance 1/2
    return deck[order, way_up], deck[order, 1 - way_up]


def _rows_with_set(values: np.ndarray, k: int, kind: str) -> np.ndarray:
    """For each row of up-numbers, whether some k adjacent ones form a set of this kind (as ``_has_set``)."""
    n, h = values.shape
    if k > h:
        return np.zeros(n, dtype=bool)
    if k == 1:  # one card is a match of one, never a run
        return np.full(n, kind != "run")
    steps = np.diff(values, axis=1)
    wanted = {"any": (0, 1, -1), "match": (0,), "run": (1, -1)}[kind]
    found = np.zeros(n, dtype=bool)
    for step in wanted:  # a set of k: k - 1 equal steps in a row, all 0 (a match) or all +1 or all -1 (a run)
        windows = np.lib.stride_tricks.sliding_window_view(steps == step, k - 1, axis=1)
        found |= np.any(np.all(windows, axis=2), axis=1)
    return found


def simulate_shows(deck: Deck = 5, hand_size: int | None = None, *, n: int = 10_000, seed: int = 1) -> Estimate:
    """Deal n seeded hands and estimate the mean number of shows a hand can open with.

    The hands are dealt all at once with numpy, as in ``simulate_set_somewhere``; each hand's shows are counted
    as ``count_shows`` counts them (``tests/test_scout_odds.py`` checks both)."""
    cards = _deck(deck)
    h = _hand_size(deck, hand_size)
    limit(whole(n, "n", 1), 200_000, "n hands")
    seed_arg(seed)
    up, _ = _deal_hands(cards, h, n, _numpy_rng(seed))
    return Estimate.from_values(_count_open_shows(up).astype(float), keep=True)


def _count_open_shows(values: np.ndarray) -> np.ndarray:
    """For each row of up-numbers, how many slices are sets (its shows on an empty table, as ``count_shows``)."""
    n, h = values.shape
    count = np.full(n, h)  # every single card is a show
    steps = np.diff(values, axis=1)
    usable = np.abs(steps) <= 1  # a step of 0, +1 or -1 can be part of a set
    # A slice of 2 or more cards is a set when its steps are all equal (all 0, all +1 or all -1). The sets ending at
    # a card are as many as the equal usable steps running back from it: one pass along the hand counts them all.
    run = np.zeros(n, dtype=count.dtype)
    for j in range(h - 1):
        continues = usable[:, j] & (steps[:, j] == steps[:, j - 1]) if j else np.zeros(n, dtype=bool)
        run = np.where(continues, run + 1, usable[:, j])
        count += run
    return count


def card_graph(deck: Deck = 5) -> nx.Graph:
    """The deck as a graph: numbers are nodes, each card an edge (the full deck is the complete graph K10)."""
    import networkx as nx

    graph = nx.Graph()
    cards = _deck(deck)
    graph.add_nodes_from(sorted({v for c in cards for v in c}))
    graph.add_edges_from(cards)
    return graph
