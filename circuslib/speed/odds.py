"""Exact odds of Speed: which ranks fit, stalemates by counting, chains in a hand, and reaction races.

Counting is done with ``math.comb`` and ``Fraction`` (fast), and results are returned as sympy ``Rational``. The
two tables a lesson reads at once (the stalemate at the deal for 1 to 8 face-up cards, the longest chain in hands of
1 to 8 cards, with 1 or 2 decks) ship with the kit, counted once (``data/``, ``python -m circuslib ship``): a call
for one of them reads its value, any other call counts.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb
from typing import TYPE_CHECKING, Any

from ..core.args import exact_number, instance, items, whole
from ..core.exact import to_fraction, to_rational
from ..core.shipped import FRACTIONS, RATIONAL, Encoding, shipped
from .rules import RANKS, SpeedOptions, SpeedState, _fits, neighbours, rank_of

__all__ = [
    "playable", "ranks_that_fit", "p_fits_random_top", "p_stalemate_at_start", "p_stalemate_given_tops",
    "stalemate_odds", "longest_chain_of_ranks", "count_chain_lengths", "chain_length_distribution",
    "p_chain_at_least", "race_probability", "race_by_integration", "p_next_card_fits", "RATE_A", "RATE_B",
]

if TYPE_CHECKING:
    import sympy

    RATE_A: sympy.Symbol  # made on first use (see __getattr__): importing the game does not load sympy
    RATE_B: sympy.Symbol

HANDS = range(1, 9)
"""The hand sizes (face-up cards each) whose exact tables ship with the kit."""
DECKS = (1, 2)


def _rates() -> tuple[sympy.Symbol, sympy.Symbol]:
    """λ_A and λ_B, the two reaction rates, as positive sympy symbols (sympy loads here, on first use)."""
    import sympy

    rate_a, rate_b = sympy.symbols("lambda_A lambda_B", positive=True)
    return rate_a, rate_b


def __getattr__(name: str) -> Any:
    """RATE_A and RATE_B are made on first use, so importing the game does not load sympy."""
    if name in ("RATE_A", "RATE_B"):
        return _rates()[name == "RATE_B"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def playable(card: int | str, top: int | str) -> bool:
    """Whether ``card`` can go on ``top``: the ranks differ by 1 modulo 13 (so A fits on K and on 2)."""
    return (rank_of(card) - rank_of(top)) % 13 in (1, 12)


def ranks_that_fit(top: int | str) -> tuple[int, int]:
    """The two ranks that go on ``top``: (top - 1) and (top + 1), counted round the 13-cycle."""
    return neighbours(top)


DECKS_ARG = "decks (Speed uses 1 or 2 decks)"
FACE_UP_ARG = "the number of face-up cards"
HAND_ARG = "hand (the number of face-up cards)"


def p_fits_random_top(card: int | str | None = None, decks: int = 1) -> sympy.Rational:
    """P(a face-up card goes on a top drawn at random from the other cards of the decks).

    One deck: the card's two neighbouring ranks have 4 cards each among the 51 others, so 8/51 for every card
    (and so also for a random card).
    """
    if card is not None:
        rank_of(card)
    decks = whole(decks, DECKS_ARG, 1, 2)
    return to_rational(Fraction(8 * decks, 52 * decks - 1))


def _given_tops(a: int, b: int, k: int, decks: int) -> Fraction:
    forbidden = set(neighbours(a)) | set(neighbours(b))  # the ranks that would fit on a top
    if decks == 1:
        # all 2k face-up cards come from the 50 cards of the one deck left after the tops
        bad = sum(4 - (r == a) - (r == b) for r in forbidden)
        return Fraction(comb(50 - bad, 2 * k), comb(50, 2 * k))
    # each player's k cards come from the 51 cards of their own deck left after their top
    bad_a = sum(4 - (r == a) for r in forbidden)
    bad_b = sum(4 - (r == b) for r in forbidden)
    return Fraction(comb(51 - bad_a, k), comb(51, k)) * Fraction(comb(51 - bad_b, k), comb(51, k))


def p_stalemate_given_tops(top_a: int | str, top_b: int | str, face_up: int = 4, decks: int = 1) -> sympy.Rational:
    """P(no face-up card fits either top) once the two centre tops are known: C(good, k) / C(all, k)."""
    k = whole(face_up, FACE_UP_ARG, 1, 8)
    return to_rational(_given_tops(rank_of(top_a), rank_of(top_b), k, whole(decks, DECKS_ARG, 1, 2)))


def _count_stalemate(face_up: int, decks: int) -> Fraction:
    total = Fraction(0)
    for a, b in product(RANKS, RANKS):
        if decks == 1:  # both tops from one deck: 4/52, then 4/51 (3/51 for the same rank again)
            p_tops = Fraction(4, 52) * Fraction(4 - (a == b), 51)
        else:  # each top from its own deck
            p_tops = Fraction(1, 169)
        total += p_tops * _given_tops(a, b, face_up, decks)
    return total


@shipped("data/stalemate_at_start.json", cases=lambda: [(k, d) for k in HANDS for d in DECKS], encoding=RATIONAL,
         about="P(stalemate right after the deal) of Speed, exact, for 1 to 8 face-up cards each and 1 or 2 decks")
def p_stalemate_at_start(face_up: int = 5, decks: int = 2) -> sympy.Rational:
    """P(no face-up card of either player fits either centre top right after the deal), exactly by counting.

    For each pair of tops (a, b), the fitting ranks are a +- 1 and b +- 1; the deal is a stalemate when all the
    face-up cards avoid them: a hypergeometric count C(good, k) / C(all, k), summed over the tops.
    """
    return to_rational(_count_stalemate(whole(face_up, FACE_UP_ARG, 1, 8), whole(decks, DECKS_ARG, 1, 2)))


def stalemate_odds(setup: SpeedOptions) -> sympy.Rational:
    """P(stalemate right after the deal) for a set-up.

    Crapette rapide: only the 5 heap tops of each player can play, and the two centre cards come from the 22 cards
    dealt to nobody. Every place of a shuffled deck holds a random card, so the 2 centre cards and the 10 heap tops
    are 12 cards drawn from one deck like the 2 tops and 10 face-up cards of a one-deck game with 5 face up: the
    same count, ``p_stalemate_at_start(5, 1)`` = 15428657/560306082 (about 2.75%)."""
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    return p_stalemate_at_start(setup.face_up, setup.decks)


def longest_chain_of_ranks(ranks: Iterable[int | str], start: int | str | None = None) -> int:
    """The most of these cards that can be played one after another on one pile (each on the one before).

    This is the longest path in the chain graph (cards joined when their ranks differ by 1 mod 13); with
    ``start`` (a centre top) the path must begin with a card that fits on it.
    """
    counts = [0] * 13
    for r in items(ranks, "ranks"):
        # a rank given as a number 1..13 is its own rank: rank_of only for names (and to refuse anything else)
        counts[(r if type(r) is int and 1 <= r <= 13 else rank_of(r)) - 1] += 1
    top = None if start is None else rank_of(start)
    return _longest(tuple(counts), top)


def _longest(counts: tuple[int, ...], top: int | None) -> int:
    """The longest chain of the cards counted per rank (Ace first), on the top or (None) from any card."""
    if top is None:
        return max((1 + _longest_after(_turned(counts, rank)) for rank, c in zip(RANKS, counts) if c), default=0)
    return _longest_after(_turned(counts, top, take=False))


def _turned(counts: tuple[int, ...], rank: int, take: bool = True) -> tuple[int, ...]:
    """The counts read from ``rank`` round the cycle (one card of it played when ``take``), as the smaller of the
    two directions: the cycle looks the same from every rank and both ways round, so every hand that is a turn or
    a mirror image of another shares its cache entry."""
    i = rank - 1
    ahead = (counts[i] - take,) + counts[i + 1:] + counts[:i]
    mirror = ahead[:1] + ahead[:0:-1]
    return min(ahead, mirror)


@cache
def _longest_after(counts: tuple[int, ...]) -> int:
    """The longest chain on a top of the first rank of ``counts`` (its neighbours are the second and the last)."""
    best = 0
    for rank in (2, 13):
        if counts[rank - 1]:
            best = max(best, 1 + _longest_after(_turned(counts, rank)))
    return best


def _count_chains(hand: int, decks: int) -> dict[int, Fraction]:
    per_rank = 4 * decks
    weights: Counter[int] = Counter()

    def spread(rank: int, left: int, counts: tuple[int, ...], ways: int) -> None:
        if rank == 13:
            if left == 0:
                weights[_longest(counts, None)] += ways
            return
        for c in range(0, min(left, per_rank) + 1):
            spread(rank + 1, left - c, counts + (c,), ways * comb(per_rank, c))

    spread(0, hand, (), 1)
    total = comb(52 * decks, hand)
    assert sum(weights.values()) == total  # every hand counted once
    return {k: Fraction(w, total) for k, w in sorted(weights.items())}


def count_chain_lengths(hand: int = 5, decks: int = 1) -> dict[int, Fraction]:
    """The distribution of the longest chain in a random hand, counted now over every rank pattern of the hand
    (never read from the kit's table): milliseconds for a few cards, seconds for eight."""
    return _count_chains(whole(hand, HAND_ARG, 1, 8), whole(decks, DECKS_ARG, 1, 2))


def _rationals_encode(values: Mapping[int, Any]) -> Any:
    return FRACTIONS.encode({k: to_fraction(v) for k, v in values.items()})


def _rationals_decode(raw: Any) -> dict[int, Any]:
    return {k: to_rational(v) for k, v in FRACTIONS.decode(raw).items()}


RATIONALS = Encoding("rationals", _rationals_encode, _rationals_decode)
"""A distribution of exact sympy ``Rational``s, each written as text ("3/28")."""


@shipped("data/chain_lengths.json", cases=lambda: [(h, d) for h in HANDS for d in DECKS], encoding=RATIONALS,
         about="the distribution of the longest chain of Speed in a random hand of 1 to 8 cards, 1 or 2 decks, exact")
def chain_length_distribution(hand: int = 5, decks: int = 1) -> dict[int, sympy.Rational]:
    """The exact distribution of the longest chain in a random hand of face-up cards (counting rank patterns)."""
    return {k: to_rational(p) for k, p in count_chain_lengths(hand, decks).items()}


def p_chain_at_least(k: int, hand: int = 5, decks: int = 1) -> sympy.Rational:
    """P(a random hand holds a chain of at least k cards playable one after another)."""
    whole(k, "k (a chain length)", 1)
    whole(hand, HAND_ARG, 1, 8)
    dist = chain_length_distribution(hand, whole(decks, DECKS_ARG, 1, 2))
    return to_rational(sum((to_fraction(p) for length, p in dist.items() if length >= k), Fraction(0)))


def race_probability(rate_a: Any = None, rate_b: Any = None) -> Any:
    """P(player A reacts first) when reaction times are exponential with rates A and B: rate_A / (rate_A + rate_B).

    With sympy symbols (the default, RATE_A and RATE_B) the answer is the formula; with numbers an exact Rational.
    """
    import sympy

    symbols = _rates()
    rate_a = symbols[0] if rate_a is None else rate_a
    rate_b = symbols[1] if rate_b is None else rate_b
    for r in (rate_a, rate_b):
        if not (isinstance(r, sympy.Basic) and not r.is_number):  # a symbol stays a symbol: the formula
            exact_number(r, "a reaction rate (give it exactly: an int, a Fraction or a sympy symbol)", positive=True)
    a, b = sympy.sympify(rate_a), sympy.sympify(rate_b)
    if (a.is_number and a <= 0) or (b.is_number and b <= 0):
        raise ValueError("reaction rates must be positive")
    return sympy.cancel(a / (a + b))   # already in lowest terms; cancel, not simplify, which loads sympy.physics


@lru_cache(maxsize=1)
def race_by_integration() -> Any:
    """Derive the race formula: P(T_A < T_B) = integral over t of (density of T_A at t) * P(T_B > t).

    The two exponentials are combined first (``powsimp``): sympy then integrates one exponential, in a tenth of the
    time it takes on the product, and without ``manual=True``, whose substitution step calls ``simplify`` (which
    loads ``sympy.physics``, 0.13 s of a kernel's first use)."""
    import sympy

    RATE_A, RATE_B = _rates()
    # time from 0 on, as the lesson has it: the same integral, so sympy's cache answers the lesson's check at once
    t = sympy.Symbol("t", nonnegative=True)
    integrand = sympy.powsimp(RATE_A * sympy.exp(-RATE_A * t) * sympy.exp(-RATE_B * t))
    return sympy.factor(sympy.integrate(integrand, (t, 0, sympy.oo)))


def p_next_card_fits(state: SpeedState, player: int) -> sympy.Rational:
    """P(the next card the player turns up from the pile fits one of the centre tops), from the unseen cards."""
    instance(state, "state", SpeedState, "a SpeedState (a Speed position)")
    whole(player, "player", 0, 1)
    if not state.setup.has_piles and not state.piles[player]:
        raise ValueError(f"in {state.setup.name} a player has no pile once the heaps are dealt, so player {player} "
                         "turns up no card: the unseen cards are the rest of the deck, dealt to nobody")
    pool = state.pools[state.pool_of[player]] if state.pools else ()
    total = sum(pool)
    if not total:
        return to_rational(0)
    tops = [t for t in state.tops() if t is not None]
    good = sum(c for r, c in zip(RANKS, pool) if any(_fits(r, t) for t in tops))
    return to_rational(Fraction(good, total))
