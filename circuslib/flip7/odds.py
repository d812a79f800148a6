"""Exact Flip 7 odds and optimal play: bust chances (as numbers and as a formula), what one more card is worth, the
odds at a real table, the optimal hit/stay policy of a lone player (for the best average or the best chance of a
target), simple stop-at rules against it, what happens to a player who never stops, and a lone player's best
round with every kind of card.

Everything shown to a student is exact: a sympy ``Rational`` (or a ``Fraction`` in the fast paths the explorers
redraw from). The dynamic programmes run on whole numbers: a hand that is ``d`` cards deep is worth its value times
``P_d = (T - d)(T - d - 1)...``, the number of ways the remaining draws can go, so every probability shares one
denominator and no fraction is ever reduced inside the loop.

A deck is a ``rules.Deck``, given by its name ('numbers', 'numbers+modifiers', 'numbers+modifiers+second-chance',
'full') or as a small deck {card: copies}; every function here takes the same names.

Three results take too long for a class of thirty opening the lesson at once; each is declared with
``core.shipped`` beside the function that computes it, and ``python -m circuslib ship`` computes it again:
the numbers+modifiers optimum (``optimum_table``, data/solo_optima.json, its decisions as packed bitsets), the
'stop at t' curve of that deck (``threshold_curve``, data/threshold_curves.json), and the best play with the
action cards (``every_card_tables``, data/solo_all.npz, solved by ``make solve-flip7``).
"""
from __future__ import annotations

import base64
import json
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.args import flag, instance, items, limit, one_of, text, whole
from ..core.exact import Dist, to_rational
from ..core.shipped import NPZ, Encoding, shipped
from .rules import (
    ACTIONS,
    CARDS,
    DECK_COUNTS,
    DECKS,
    FLIP7_BONUS,
    FLIP_THREE,
    FREEZE,
    INDEX,
    MODIFIERS,
    SECOND_CHANCE,
    TIMES_TWO,
    Deck,
    Flip7State,
    Hand,
    deck_of,
    parse_card,
    round_score,
)

__all__ = [
    "remaining_deck", "bust_probability", "bust_formula", "bust_formula_values", "expected_gain",
    "live_bust_probability", "live_gain", "TableOdds", "table_odds", "every_card_advice",
    "SoloOptimal", "solo_optimal", "threshold_value", "best_threshold", "flip7_probability", "cards_before_bust",
    "TOP_SCORE", "ThresholdCurve", "threshold_curve", "numbers_optimum", "optimum_value", "optimal_advice",
    "still_in", "next_card", "next_card_by_copies_seen", "second_card_busts",
    "READINGS", "SoloSolution", "solve_solo",
]

if TYPE_CHECKING:
    import sympy


def _n_symbol() -> sympy.Symbol:
    """N, the number of cards left in the deck, as a symbol (sympy is loaded here, on first use, not on import)."""
    import sympy

    return sympy.Symbol("N", positive=True, integer=True)


def _held(held: Any) -> tuple[int, ...]:
    """The numbers in front of a player, checked: number cards, each at most once, seven at most."""
    if isinstance(held, (str, bytes, int, dict)) or not isinstance(held, Iterable):
        raise TypeError("held must be a list of the numbers in front of the player, for example [3, 7]")
    numbers: list[int] = []
    for card in items(held, "held"):
        card = parse_card(card)
        if not isinstance(card, int):
            raise ValueError(f"held lists number cards only; put {card!r} in seen (or modifiers)")
        if card in numbers:
            raise ValueError(f"a player never holds two {card}s: the second one would have been a bust")
        numbers.append(card)
    if len(numbers) > 7:
        raise ValueError("a player holds at most 7 numbers (the 7th ends the round with a Flip 7)")
    return tuple(numbers)


def _seen_cards(seen: Any) -> tuple[Any, ...]:
    if isinstance(seen, (str, bytes, int, dict)) or not isinstance(seen, Iterable):
        raise TypeError("seen must be a list of cards, for example [5, 5, 'Freeze']")
    return items(seen, "seen")


def remaining_deck(held: Any = (), seen: Any = (), deck: Any = "full", modifiers: Any = ()) -> tuple[int, ...]:
    """Counts of each card kind left in the deck once ``held``, ``modifiers`` and ``seen`` are out of it."""
    held = _held(held)
    seen = _seen_cards(seen)
    modifiers = items(modifiers, "modifiers")
    deck = deck_of(deck)
    counts = list(deck.counts)
    # modifiers in front of the player came out of this deck only if the deck has modifiers at all
    out = list(held) + [m for m in map(parse_card, modifiers) if counts[INDEX[m]]] + [parse_card(c) for c in seen]
    for card in out:
        i = INDEX[card]
        counts[i] -= 1
        if counts[i] < 0:
            have = deck.counts[i]
            raise ValueError(f"the {deck} deck has only {have} card(s) {card}, but more are counted as out of it")
    return tuple(counts)


def bust_probability(held: Any, seen: Any = (), *, deck: Any = "full") -> sympy.Rational:
    """P(the next card busts): the copies left of the numbers held, over the cards left in the deck."""
    held = _held(held)
    counts = remaining_deck(held, seen, deck)
    total = sum(counts)
    if total == 0:
        raise ValueError("no card is left in the deck, so there is no next card")
    import sympy

    return sympy.Rational(sum(counts[INDEX[h]] for h in held), total)


def bust_formula(held: Any) -> sympy.Expr:
    """P(bust) as a formula: (n_a + n_b + ...) / N, with n_h the copies of h left and N the cards left."""
    held = _held(held)
    import sympy

    return sympy.Add(*[sympy.Symbol(f"n_{h}", nonnegative=True, integer=True) for h in held]) / _n_symbol()


def bust_formula_values(held: Any, seen: Any = (), *, deck: Any = "full") -> dict[Any, Any]:
    """The values of the formula's symbols (n_h and N) for this hand and these seen cards."""
    held = _held(held)
    counts = remaining_deck(held, seen, deck)
    import sympy

    values = {sympy.Symbol(f"n_{h}", nonnegative=True, integer=True): counts[INDEX[h]] for h in held}
    values[_n_symbol()] = sum(counts)
    return values


def _score(numbers_sum: int, n_numbers: int, plus: int, doubled: bool) -> int:
    return numbers_sum * (2 if doubled else 1) + plus + (FLIP7_BONUS if n_numbers >= 7 else 0)


def expected_gain(held: Any, seen: Any = (), *, deck: Any = "numbers", modifiers: Any = ()) -> sympy.Rational:
    """What one more card adds to the round score on average (a bust loses everything held).

    With the full deck an action card is counted as leaving the score unchanged (a one-card look-ahead).
    """
    held = _held(held)
    modifiers = tuple(parse_card(m) for m in items(modifiers, "modifiers"))
    if any(m not in MODIFIERS for m in modifiers):
        raise ValueError("modifiers lists +2, +4, +6, +8, +10 or x2 cards only")
    counts = remaining_deck(held, seen, deck, modifiers)
    total = sum(counts)
    if total == 0:
        raise ValueError("no card is left in the deck, so there is no next card")
    plus = sum(int(m[1:]) for m in modifiers if m != TIMES_TWO)
    doubled = TIMES_TWO in modifiers
    now = _score(sum(held), len(held), plus, doubled)
    gain = Fraction(0)
    for card, count in zip(CARDS, counts):
        if not count:
            continue
        if isinstance(card, int):
            after = 0 if card in held else _score(sum(held) + card, len(held) + 1, plus, doubled)
        elif card == TIMES_TWO:
            after = _score(sum(held), len(held), plus, True)
        elif card in MODIFIERS:
            after = _score(sum(held), len(held), plus + int(card[1:]), doubled)
        else:
            after = now
        gain += Fraction(count * (after - now), total)
    return to_rational(gain)


# ---------------------------------------------------------------------------------------------------------
# the odds at a real table: the deck as it is now (every card in Flip 7 is face up)

def _row_numbers(numbers: Any, name: str) -> tuple[int, ...]:
    numbers = items(numbers, name, high=7)
    for h in numbers:
        whole(h, f"each card of {name}", 0, 12)
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"{name} holds each number at most once (a second one would have been a bust)")
    return numbers


def _number_copies(numbers: Any) -> tuple[int, ...]:
    """The copies of each number 0..12 of a deck: 13 whole numbers."""
    numbers = items(numbers, "numbers", low=13, high=13)
    for count in numbers:
        whole(count, "each count of numbers", 0, 10_000)
    return numbers


def _counts_left(deck: Any, name: str = "deck") -> tuple[int, ...]:
    deck = items(deck, name, low=len(CARDS), high=len(CARDS))
    for count in deck:
        whole(count, f"each count of {name}", 0, 10_000)
    return deck


def live_bust_probability(numbers: Sequence[int], deck: Sequence[int]) -> Fraction:
    """The true chance that the next card busts, from the deck as it is now (counts in CARDS order). An empty deck
    will be refilled from the discards, which the caller passes instead."""
    numbers, deck = _row_numbers(numbers, "numbers"), _counts_left(deck)
    total = sum(deck)
    return Fraction(sum(deck[INDEX[h]] for h in numbers), total) if total else Fraction(0)


def live_gain(hand: Hand, deck: Sequence[int]) -> Fraction:
    """The expected change of a row's round score from one more card from ``deck`` (counts in CARDS order): a
    number held busts it (unless a Second Chance saves it), an action card counts as no change."""
    instance(hand, "hand", Hand, "a Hand (a row of the game, state.hands[p])")
    deck = _counts_left(deck)
    now = hand.score()
    total = sum(deck)
    if not total:
        raise ValueError("no card is left in the deck, so there is no next card")
    change = 0
    for card, count in zip(CARDS, deck):
        if not count:
            continue
        if isinstance(card, int):
            after = (now if hand.second_chance else 0) if card in hand.numbers else round_score(
                hand.numbers + (card,), hand.modifiers)
        elif card in MODIFIERS:
            after = round_score(hand.numbers, hand.modifiers + (card,))
        else:
            after = now
        change += count * (after - now)
    return Fraction(change, total)


@lru_cache(maxsize=200_000)
def counted_hit(number_counts: tuple[int, ...], numbers: tuple[int, ...], modifiers: tuple[str, ...] = (),
                fresh: bool = False) -> bool:
    """Whether drawing on (best play afterwards) beats staying for a lone player holding ``numbers`` and
    ``modifiers``, on a numbers-only deck with ``number_counts`` copies of 0..12 left (with ``fresh``: the copies
    of a fresh deck, the numbers held still to be taken out): the card counter's question."""
    counts = list(number_counts) + [0] * (len(CARDS) - 13)
    if fresh:
        for h in numbers:
            counts[h] -= 1
    if sum(counts) == 0:
        return False
    held = tuple(sorted(set(numbers)))
    # shortcut: if one more card (then staying) gains on average, hitting beats staying, so the optimum hits
    factor = 2 if TIMES_TWO in modifiers else 1
    now = sum(held) * factor + sum(int(m[1:]) for m in modifiers if m != TIMES_TWO)
    bonus = FLIP7_BONUS if len(held) + 1 >= 7 else 0
    gain = sum(counts[v] * (v * factor + bonus) for v in range(13) if v not in held)
    gain -= now * sum(counts[h] for h in held)
    if gain > 0:
        return True
    _, table = _solve(tuple(counts), held, tuple(sorted(set(modifiers))))
    key = sum(1 << h for h in held) | sum(1 << MODIFIERS.index(m) for m in set(modifiers)) << 13
    return bool(table.get(key, False))


@dataclass(frozen=True)
class TableOdds:
    """What a player at the table can know before choosing hit or stay, from the cards actually left."""

    bust: Fraction            # the next card busts, from the deck as it is now
    busting: int              # the cards left that would bust
    left: int                 # the cards left (the discards, once the deck is empty)
    bust_fresh: Any           # the same chance on a fresh deck (a sympy Rational): what ignoring the table gives
    gain: Fraction            # the expected change of the round score from one more card
    counted_advice: str       # 'hit' or 'stay': a lone player's optimum for the numbers left (the card counter)
    fresh_advice: str | None  # the optimum of a fresh numbers deck (None with modifiers in front of the player)
    every_card: tuple[str, str] | None  # (advice, model) of the best solo play with every card, when it applies
    second_chance: bool       # a Second Chance lies in front of the player


def table_odds(state: Flip7State, player: int = 0) -> TableOdds | None:
    """The odds and advice for ``player`` in a game, from the cards actually left; None when the game is over or
    the player is out of the round."""
    instance(state, "state", Flip7State, "a Flip7State (a game from new_game)")
    whole(player, "player", 0, state.players - 1)
    hand = state.hands[player]
    if state.is_over() or not hand.active:
        return None
    deck = state.deck if any(state.deck) else state.discard
    bust = live_bust_probability(hand.numbers, deck)
    return TableOdds(
        bust=bust, busting=sum(deck[h] for h in hand.numbers), left=sum(deck),
        bust_fresh=bust_probability(hand.numbers, deck=state.options.deck), gain=live_gain(hand, deck),
        counted_advice="hit" if counted_hit(tuple(deck[:13]), hand.numbers, hand.modifiers) else "stay",
        fresh_advice=None if hand.modifiers else solo_optimal("numbers").advice(hand.numbers),
        every_card=every_card_advice(state, player), second_chance=hand.second_chance)


def every_card_advice(state: Flip7State, player: int = 0) -> tuple[str, str] | None:
    """(advice, model) from the shipped best solo play with the game's action cards (all 94 cards, or the Second
    Chance deck), for ``player`` alone with a fresh deck less their own cards, every action card played on themself;
    None for a game without action cards or a position that table does not cover."""
    instance(state, "state", Flip7State, "a Flip7State (a game from new_game)")
    whole(player, "player", 0, state.players - 1)
    if state.options.deck.name not in BIG_DECKS:
        return None
    hand = state.hands[player]
    table = _big_deck_table(state.options.deck.name)
    played = [card for card in hand.played if card == FLIP_THREE]  # the Flip Threes played on this player
    try:
        return table.advice(hand.numbers, hand.modifiers, second_chance=hand.second_chance, seen=played), table.model
    except ValueError:  # more Flip Threes than a round of one deck holds: no solo position to read
        return None


# ---------------------------------------------------------------------------------------------------------
# the lone player's round as an exact dynamic programme over hands

MOD_VALUES = (2, 4, 6, 8, 10)  # the +N modifiers, in CARDS order; bit 5 of the modifier mask is x2


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _solve(counts: tuple[int, ...], held: tuple[int, ...] = (), held_mods: tuple[str, ...] = (),
           policy: Callable[[int, int, int], bool] | None = None, want_table: bool = True, target: int | None = None,
           follow: Mapping[Any, Any] | None = None) -> tuple[Fraction, dict[int, bool]]:
    """Scaled integer DP. Returns (value as Fraction, {(numbers mask, modifier mask): hit?}).

    With ``target`` a hand is worth 1 when it stays with a round score of at least ``target`` and 0 otherwise, so
    the value is the chance of reaching the target; below the target a tie goes to hitting (staying is worth 0).
    With ``follow`` (a decisions table) the hands are played as that table says instead of optimally.
    """
    if any(counts[INDEX[a]] for a in ACTIONS):
        raise ValueError("the exact optimum covers the 'numbers' and 'numbers+modifiers' decks (no action cards)")
    number_counts = counts[:13]
    mod_counts = counts[13:19]
    total = sum(counts)
    start_n = sum(1 << h for h in held)
    start_m = sum(1 << MODIFIERS.index(m) for m in held_mods)
    max_draws = min(total, 7 - len(held) + sum(mod_counts))
    # scale[d] = (T-d)(T-d-1)...(T-max_draws+1): the ways the remaining draws can fall after d draws
    scale = [prod(range(total - max_draws + 1, total - d + 1)) for d in range(max_draws + 1)]
    numbers_free = [h for h in range(13) if number_counts[h] and h not in held]
    mods_free = [i for i in range(6) if mod_counts[i]]
    table: dict[Any, Any] = {}
    memo: dict[Any, Any] = {}

    def value(nmask: int, mmask: int, d: int, n_numbers: int, numbers_sum: int, plus: int) -> int:
        key = nmask | mmask << 13
        if key in memo:
            return memo[key]
        doubled = mmask >> 5 & 1
        score = numbers_sum * (2 if doubled else 1) + plus + (FLIP7_BONUS if n_numbers >= 7 else 0)
        stay = (score if target is None else score >= target) * scale[d]
        if n_numbers >= 7 or d >= max_draws:
            memo[key] = stay
            return stay
        hit = 0
        for h in numbers_free:
            if not nmask >> h & 1:
                hit += number_counts[h] * value(nmask | 1 << h, mmask, d + 1, n_numbers + 1, numbers_sum + h, plus)
        for i in mods_free:
            if not mmask >> i & 1:
                added = MOD_VALUES[i] if i < 5 else 0  # (the x2 adds no points of its own)
                hit += value(nmask, mmask | 1 << i, d + 1, n_numbers, numbers_sum, plus + added)
        if follow is not None:
            choose_hit = follow.get(key, False)
        elif policy is None:
            choose_hit = hit > stay or (target is not None and score < target and hit == stay)
        else:
            choose_hit = policy(numbers_sum * (2 if doubled else 1) + plus, n_numbers, d)
        if want_table:
            table[key] = choose_hit
        best = hit if choose_hit else stay
        memo[key] = best
        return best

    plus0 = sum(int(m[1:]) for m in held_mods if m != TIMES_TWO)
    scaled = value(start_n, start_m, 0, len(held), sum(held), plus0)
    return Fraction(scaled, scale[0]), table


@lru_cache(maxsize=1)
def _numbers_of_masks() -> tuple[tuple[int, ...], ...]:
    """The numbers held in each 13-bit hand mask, in order (looked up instead of unpacking bits hand by hand)."""
    return tuple(tuple(_bits(mask)) for mask in range(1 << 13))


def _hand_key(held: Any, modifiers: Any = ()) -> int:
    held = _held(held)
    mods = [parse_card(m) for m in items(modifiers, "modifiers")]
    if any(m not in MODIFIERS for m in mods):
        raise ValueError("modifiers lists +2, +4, +6, +8, +10 or x2 cards only")
    return sum(1 << h for h in held) | sum(1 << MODIFIERS.index(m) for m in mods) << 13


@dataclass(frozen=True)
class SoloOptimal:
    """The best hit/stay policy of one player alone in one round, with its exact value: the expected round score,
    or with a ``target`` the chance that the round score reaches it."""

    deck: str
    value: sympy.Rational
    decisions: Mapping[int, bool]  # hand key -> hit?, for every hand the policy can reach or consider
    target: int | None = None
    counts: tuple[Any, ...] = field(default=(), repr=False)  # the deck it was solved for, in CARDS order
    _kept: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # derived once: score ways, table

    def chance_to_reach(self, target: int) -> sympy.Rational:
        """The exact chance that the round score reaches ``target`` when the round is played by this policy."""
        if target is None:
            raise TypeError("give the target, a whole number of points")
        target = whole(target, "the target", 1)
        if any(self.counts[13:]):  # modifiers: the dynamic programme, following the decisions
            value, _ = _solve(self.counts, follow=self.decisions, target=target, want_table=False)
            return to_rational(value)
        # a numbers-only deck: one score distribution, computed once, answers every target with a sum
        ways, every = self._score_ways()
        return to_rational(Fraction(sum(w for score, w in ways.items() if score >= target), every))

    def score_distribution(self) -> Dist:
        """The chance of each round score when a lone player follows this policy (numbers-only decks; 0: a bust,
        or staying with nothing)."""
        if any(self.counts[13:]):
            raise ValueError("the score distribution is computed for numbers-only decks")
        return Dist.from_counts(self._score_ways()[0])

    def _score_ways(self) -> tuple[dict[int, int], int]:
        # kept with the policy: it never changes (a SoloOptimal is immutable)
        if "scores" not in self._kept:
            self._kept["scores"] = numbers_score_distribution(self.counts[:13], self.decisions)
        return self._kept["scores"]

    def hit(self, held: Any, modifiers: Any = ()) -> bool:
        """The advice for this hand: True means hit, False means stay."""
        key = _hand_key(held, modifiers)
        if key not in self.decisions:
            if len(set(held)) >= 7:
                raise ValueError("seven different numbers is a Flip 7: the round is already over")
            raise ValueError(f"the hand {sorted(held)} cannot arise from the {self.deck} deck"
                             + (" (or it is already over)" if self.target is not None else ""))
        return self.decisions[key]

    def advice(self, held: Any, modifiers: Any = ()) -> str:
        """'hit' or 'stay' for this hand."""
        return "hit" if self.hit(held, modifiers) else "stay"

    def table(self) -> dict[Any, Any]:
        """The advice for every hand: {(numbers held, modifiers held): 'hit'/'stay'} (numbers deck: {numbers: ...})."""
        if "table" not in self._kept:  # built once (a copy is handed out, so the caller may change it)
            # a deck without modifiers lists its hands by their numbers alone
            plain = not any(self.counts[13:19]) and self.deck != "numbers+modifiers"
            numbers_of = _numbers_of_masks()
            out: dict[Any, str]
            if plain:
                out = {numbers_of[key]: "hit" if hit else "stay" for key, hit in self.decisions.items()}
            else:
                out = {(numbers_of[key & 0x1FFF], tuple(MODIFIERS[i] for i in _bits(key >> 13))):
                       "hit" if hit else "stay" for key, hit in self.decisions.items()}
            self._kept["table"] = out
        return dict(self._kept["table"])


_OPTIMA: dict[Any, Any] = {}


def _target(target: Any) -> int | None:
    """None (the best average), or a target of at least 1 point (every round scores at least 0)."""
    return None if target is None else whole(target, "the target", 1)


def _one_of_each_modifier(deck: Deck, counts: Sequence[int]) -> None:
    if any(c > 1 for c in counts[13:19]):
        raise ValueError(f"the deck {deck} holds a modifier twice: the lone player's optimum is worked out for decks "
                         "with one copy of each modifier at most, as the real deck has")


def solo_optimal(deck: Any = "numbers", seen: Any = (), *, target: int | None = None) -> Any:
    """The optimal policy for one player alone in one round, on a fresh deck minus ``seen``: a ``SoloOptimal`` (an
    exact dynamic programme over hands) for a deck without action cards.

    By default it makes the largest expected round score. With ``target=T`` it makes the largest chance that the
    round score reaches T (what matters near the end of a game), and ``value`` is that chance. ``deck`` is
    'numbers', 'numbers+modifiers' or a small deck {card: copies}.

    With action cards the answer is a ``SoloSolution`` (advice by position, Second Chance and Flip Threes
    included): 'numbers+modifiers+second-chance' (88 cards, exact) and 'full' (the 94 cards, float64) are read from
    the table the kit ships (``make solve-flip7`` solves them again); a small deck {card: copies} with action cards
    is solved now.
    """
    target = _target(target)
    deck = deck_of(deck)
    seen = _seen_cards(seen)
    if deck.has_actions:
        return _action_deck_optimum(deck, seen, target)
    counts = remaining_deck((), seen, deck)
    _one_of_each_modifier(deck, counts)
    key = (deck.name, counts, target)
    if key not in _OPTIMA:
        if target is None and not seen and deck.name in _SHIPPED_OPTIMA:
            value, table = optimum_table(deck.name)
        elif target is not None and not any(counts[13:]):  # numbers only: the same programme, layer by layer
            value, table = numbers_target_optimum(counts[:13], target)
        else:
            value, table = _solve(counts, target=target)
        _OPTIMA[key] = SoloOptimal(deck.name, to_rational(value), table, target, counts)
    return _OPTIMA[key]


SMALL_ACTION_DECK = 24
"""The most cards of a small deck with action cards that solo_optimal solves at once (a few seconds)."""


def _action_deck_optimum(deck: Deck, seen: tuple[Any, ...], target: int | None) -> SoloSolution:
    """The best solo play of a deck with action cards: read from the kit's table for the two big decks, solved now
    for a small one (the value exact, as a sympy Rational, or float64 for the full deck)."""
    if target is not None:
        raise ValueError("the target optimum covers deck='numbers', 'numbers+modifiers' and small decks without "
                         f"action cards; the {deck} deck is solved for the best average score only")
    if deck.name in DECKS:
        if seen:
            raise ValueError(f"the {deck} deck is read from the kit's table for a fresh deck: leave seen empty "
                             "(solve_solo solves a deck with cards seen: about 20 s with Second Chance, minutes with "
                             "every card)")
        return _big_deck_table(deck.name)
    counts = remaining_deck((), seen, deck)
    limit(sum(counts), SMALL_ACTION_DECK, f"the {deck} deck's cards (with action cards, solved now)",
          "solve_solo solves bigger decks, in seconds to minutes")
    key = (deck.name, counts, None)
    if key not in _OPTIMA:
        solution = solve_solo(counts, name=deck.name)
        _OPTIMA[key] = _replace(solution, value=to_rational(solution.value))
    return _OPTIMA[key]


# The optimum of the full numbers+modifiers deck takes about a second to solve, too long for a class of thirty
# opening the lesson at once: it is shipped (core.shipped), and the kit's test solves it again and compares.
_KEY_BITS = 19  # 13 numbers and 6 modifiers: every hand key is below 2**19
_SHIPPED_OPTIMA = ("numbers+modifiers",)


def _pack_decisions(solved: tuple[Fraction, Mapping[int, bool]]) -> dict[Any, Any]:
    """A value and its decisions table as text: the value exactly, the table as two bitsets over all hand keys
    (which hands it covers, which of them hit), zipped."""
    value, decisions = solved
    covered, hits = bytearray(1 << _KEY_BITS - 3), bytearray(1 << _KEY_BITS - 3)
    for hand, hit in decisions.items():
        covered[hand >> 3] |= 1 << (hand & 7)
        if hit:
            hits[hand >> 3] |= 1 << (hand & 7)
    return {"value": str(value), **{name: base64.b64encode(zlib.compress(bytes(bits), 9)).decode("ascii")
                                    for name, bits in (("hands", covered), ("hit", hits))}}


def _unpack_decisions(packed: Mapping[str, str]) -> tuple[Fraction, PackedDecisions]:
    """The value and the decisions table that _pack_decisions packed."""
    covered, hits = (np.unpackbits(np.frombuffer(zlib.decompress(base64.b64decode(packed[name])), np.uint8),
                                   bitorder="little") for name in ("hands", "hit"))
    return Fraction(packed["value"]), PackedDecisions(covered, hits)


DECISIONS = Encoding("packed decisions", _pack_decisions, _unpack_decisions)
"""A value and its decisions {hand key: hit?}: the value as text, the table as two zipped bitsets in base64."""


class PackedDecisions(Mapping[int, bool]):
    """A decisions table {hand key: hit?} read straight from two bitsets (which hands it covers, which of them hit):
    the 262,144 hands of the numbers+modifiers deck take 128 KB this way, against about 20 MB as a dict."""

    def __init__(self, covered: np.ndarray, hits: np.ndarray) -> None:
        self._covered, self._hits = covered, hits  # numpy arrays of 0/1, one entry per possible hand key

    def __getitem__(self, hand: Any) -> bool:
        if not isinstance(hand, int) or not 0 <= hand < len(self._covered) or not self._covered[hand]:
            raise KeyError(hand)
        return bool(self._hits[hand])

    def __iter__(self) -> Iterator[int]:
        return iter(np.flatnonzero(self._covered).tolist())

    def __len__(self) -> int:
        return int(self._covered.sum())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and len(self) == len(other) and all(
            other.get(hand) is hit for hand, hit in self.items())

    __hash__ = None  # type: ignore[assignment]


@shipped("data/solo_optima.json", cases=lambda: [(name,) for name in _SHIPPED_OPTIMA], encoding=DECISIONS,
         key=lambda deck: deck_of(deck).name,
         about="a lone player's best play on a fresh deck for the best average round score: the exact value, and "
               "the choice at each hand (hand keys: 13 bits of numbers, then 6 of modifiers) as two zipped bitsets "
               "in base64, which hands and which of them hit")
def optimum_table(deck: Any) -> tuple[Fraction, Mapping[int, bool]]:
    """The best average play of a lone player on a fresh deck without action cards: its exact value and the choice
    at every hand (hand key -> hit?)."""
    deck = deck_of(deck)
    if deck.has_actions:
        raise ValueError(f"optimum_table works on decks without action cards, not {deck}")
    _one_of_each_modifier(deck, deck.counts)
    return _solve(deck.counts)


@cache
def _big_deck_table(name: str) -> SoloSolution:
    """The shipped best solo play of a big deck: 'full' (float64, the 'stack' reading) or
    'numbers+modifiers+second-chance' (exact, its value a sympy Rational); read on first use (the full deck's
    policy unpacks in about 50 ms)."""
    arrays = _every_card_entry().table().get(())
    if arrays is None:
        raise RuntimeError("the kit's table of the best solo play with action cards (data/solo_all.npz) is missing: "
                           "make solve-flip7 solves it again")
    table = SoloSolution.from_arrays(arrays, name)
    return _replace(table, value=to_rational(table.value)) if table.exact else table


# ---------------------------------------------------------------------------------------------------------
# any deck of numbers and modifiers, fast enough to recompute at every click of an explorer: the 'stop at t' curve
# for every t in one pass, the optimum layer by layer on numpy arrays, the bust chance and gain of the next card
# straight from the counts (a deck is a tuple of counts in CARDS order; the action cards are 0)

TOP_SCORE = 2 * sum(range(6, 13)) + sum(MOD_VALUES) + FLIP7_BONUS  # 201: no round scores more
"""The largest round score on any deck the explorers accept (seven numbers 6..12 doubled, every +N, the bonus)."""


def _falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): the ordered ways to draw k cards from n."""
    return prod(range(n - k + 1, n + 1))


def _number_sets(numbers: tuple[int, ...], most: int) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """The sets N of at most ``most`` different numbers of the deck, grouped by (|N|, sum): the ways W to hold such
    a set (the product of the copies of its numbers), and for each x, the ways R[x] to hold such a set containing x.

    W is read off the generating function prod_h (1 + c_h z y^h) (z counts the numbers, y adds them up); the sets
    containing x are c_x z y^x times the same product without x's factor, found by dividing that factor out.
    """
    import numpy as np

    sums = sum(range(13)) + 1
    ways = np.zeros((most + 1, sums), dtype=np.int64)  # at most 15^7 x C(13, 7), far inside 64 bits
    ways[0, 0] = 1
    for h, c in enumerate(numbers):
        if c:
            for k in range(most, 0, -1):
                ways[k, h:] += c * ways[k - 1, :sums - h]
    grouped = {(k, t): int(ways[k, t]) for k in range(most + 1) for t in range(sums) if ways[k, t]}
    last: dict[Any, Any] = {key: {} for key in grouped}
    for x, c in enumerate(numbers):
        if not c:
            continue
        without = np.zeros_like(ways)  # the product without x's factor: ways = without * (1 + c z y^x)
        without[0] = ways[0]
        for k in range(1, most + 1):
            without[k] = ways[k]
            without[k, x:] -= c * without[k - 1, :sums - x]
        ks, ts = np.nonzero(without[:most, :sums - x])
        for k, t, w in zip(ks.tolist(), ts.tolist(), without[ks, ts].tolist()):
            last[k + 1, t + x][x] = c * w
    return grouped, last


def _modifier_sets(modifiers: tuple[int, ...]) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """Every set M of the modifiers in the deck, grouped by (|M|, sum of its +N, holds x2): how many sets, and for
    each modifier y, how many of them contain y."""
    present = [i for i in range(6) if modifiers[i]]
    ways: dict[Any, Any] = {}
    last: dict[Any, Any] = {}
    for mask in range(1 << len(present)):
        chosen = [present[b] for b in range(len(present)) if mask >> b & 1]
        key = (len(chosen), sum(MOD_VALUES[i] for i in chosen if i < 5), 5 in chosen)
        ways[key] = ways.get(key, 0) + 1
        group = last.setdefault(key, {})
        for y in chosen:
            group[y] = group.get(y, 0) + 1
    return ways, last


class ThresholdCurve(Sequence[Fraction]):
    """The exact expected round score of 'stop as soon as the round score reaches t' for t = 0, 1, ...,
    ``TOP_SCORE``: ``curve[t]`` is a Fraction. Kept as whole numerators over one denominator, so finding the best
    threshold or drawing the curve never reduces a fraction."""

    def __init__(self, numerators: Sequence[int], scale: int) -> None:
        self.numerators, self.scale = tuple(numerators), scale

    def __len__(self) -> int:
        return len(self.numerators)

    def __getitem__(self, t: Any) -> Any:
        if isinstance(t, slice):
            return [Fraction(n, self.scale) for n in self.numerators[t]]
        return Fraction(self.numerators[t], self.scale)

    def floats(self, stop: int) -> list[float]:
        """The values for t = 0 .. stop - 1, as floats (to draw)."""
        return [n / self.scale for n in self.numerators[:stop]]

    def best(self, stop: int | None = None) -> tuple[int, Fraction]:
        """The smallest threshold below ``stop`` with the largest value, and that value (as odds.best_threshold)."""
        numerators = self.numerators[:stop]
        top = max(numerators)
        return numerators.index(top), Fraction(top, self.scale)


def _encode_curve(curve: ThresholdCurve) -> dict[Any, Any]:
    return {"scale": str(curve.scale), "numerators": [str(n) for n in curve.numerators]}


def _decode_curve(raw: Mapping[str, Any]) -> ThresholdCurve:
    return ThresholdCurve([int(n) for n in raw["numerators"]], int(raw["scale"]))


CURVE = Encoding("threshold curve", _encode_curve, _decode_curve)
"""A ThresholdCurve: its whole numerators and their one denominator, as text."""


@shipped("data/threshold_curves.json", cases=lambda: [(DECKS["numbers+modifiers"].counts,)], encoding=CURVE,
         about="the exact expected round score of the rule 'stop as soon as the round score reaches t', for every "
               "t from 0 to 201, of a lone player on a fresh numbers+modifiers deck: whole numerators over one "
               "denominator (the key: the deck's counts in CARDS order)")
def threshold_curve(counts: Sequence[int]) -> ThresholdCurve:
    """The exact expected round score of 'stop as soon as the round score reaches t', for every t from 0 to
    ``TOP_SCORE``, on a deck given as counts in CARDS order (numbers and modifiers, one copy of a modifier at most,
    no action cards, at most 15 copies of a number)."""
    counts = _counts_left(counts, "counts")
    _curve_deck(dict(zip(CARDS, counts)))
    return _solve_threshold_curve(counts)


@lru_cache(maxsize=256)
def _solve_threshold_curve(counts: tuple[int, ...]) -> ThresholdCurve:
    """threshold_curve worked out (a deck already checked).

    One forward pass over the sets of cards a round can hold, instead of one dynamic programme per threshold. The
    score never goes down as cards come, and every order of the same cards is equally likely, so a round that holds
    the set H after its last card z stops there exactly when score(H - z) < t <= score(H) (or H ends the round: a
    Flip 7, or the deck is empty). H is held in some order with chance |H|! (product of copies) / (T)_|H|, and z is
    any of its cards with the same chance: each (H, z) adds its score to the thresholds of one interval.
    """
    numbers, modifiers = counts[:13], counts[13:19]
    total = sum(counts)
    draws = min(total, 7 + sum(1 for m in modifiers if m))
    number_ways, number_last = _number_sets(numbers, min(7, total))
    modifier_ways, modifier_last = _modifier_sets(modifiers)
    # the share of the orders of n cards that end with one given card, on the common denominator (T)_draws
    weight = [factorial(n - 1) * _falling(total - n, draws - n) if n else 0 for n in range(draws + 1)]
    steps = [0] * (TOP_SCORE + 3)  # differences: value(t) = sum of steps[0..t]

    def add(low: int, high: int, amount: int) -> None:
        if low <= high:
            steps[low] += amount
            steps[high + 1] -= amount

    for (k, numbers_sum), w in number_ways.items():
        by_number = number_last[k, numbers_sum]
        for (j, plus, doubled), m in modifier_ways.items():
            n = k + j
            if n == 0 or n > total:
                continue
            score = _score(numbers_sum, k, plus, doubled)
            high = TOP_SCORE + 1 if k >= 7 or n == total else score  # a Flip 7 or an empty deck ends the round
            base = score * weight[n]
            for x, ways_x in by_number.items():  # the last card was the number x
                add(_score(numbers_sum - x, k - 1, plus, doubled) + 1, high, base * ways_x * m)
            if k < 7:  # the last card was a modifier (after a Flip 7 nothing more is drawn)
                for y, ways_y in modifier_last[j, plus, doubled].items():
                    before = (_score(numbers_sum, k, plus, False) if y == 5
                              else _score(numbers_sum, k, plus - MOD_VALUES[y], doubled))
                    add(before + 1, high, base * w * ways_y)
    numerators, running = [], 0
    for t in range(TOP_SCORE + 1):
        running += steps[t]
        numerators.append(running)
    return ThresholdCurve(numerators, _falling(total, draws))


@lru_cache(maxsize=1)
def _mask_layers():
    """For every set of numbers as a 13-bit mask: its bits, its sum, and the masks grouped by how many bits."""
    import numpy as np

    masks = np.arange(1 << 13)
    bits = (masks[:, None] >> np.arange(13)) & 1
    size, total = bits.sum(axis=1), bits @ np.arange(13)
    return bits, total, [masks[size == k] for k in range(8)]


@lru_cache(maxsize=256)
def _numbers_table(numbers: tuple[int, ...], factor: int = 1, plus: int = 0):
    """The best play on a numbers-only deck with ``numbers`` copies of 0..12, from every hand at once: V[mask] is
    the optimal value of holding the numbers of ``mask``, times scale[|mask|] (the ways the remaining draws can
    fall, as in odds.solo_optimal). Solved layer by layer, from seven numbers down, on whole numpy arrays.
    ``factor`` (2 with a x2 in front of the player) and ``plus`` (her +N cards) enter every score she could stay
    with, as modifiers already held do: the deck itself has no modifier left."""
    import numpy as np

    bits, sums, layers = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    # V is at most the top score times the ways to draw: 64-bit integers hold it up to well over a hundred cards
    top = factor * sum(range(6, 13)) + plus + FLIP7_BONUS
    values = np.zeros(1 << 13, dtype=np.int64 if (top + 1) * max(total, 1) ** 7 < 2 ** 63 else object)
    for k in range(depth, -1, -1):
        masks = layers[k]
        stay = (sums[masks] * factor + plus + (FLIP7_BONUS if k >= 7 else 0)) * scale[k]
        if k == depth:  # a Flip 7, or every card drawn: the round is over
            values[masks] = stay
            continue
        hit = _hit_worth(values, masks, numbers, bits)
        values[masks] = np.maximum(hit, stay)
    return values, scale


def _hit_worth(values, masks, numbers: tuple[int, ...], bits):
    """What hitting is worth for each hand of a layer (scaled): for each number it does not hold, the copies left
    times the worth of the hand with it; a number it holds busts and adds nothing."""
    import numpy as np

    hit = np.zeros(len(masks), dtype=values.dtype)
    for h, c in enumerate(numbers):
        if c:
            free = bits[masks, h] == 0
            hit[free] += c * values[masks[free] | 1 << h]
    return hit


def _reachable_layers(numbers: tuple[int, ...], depth: int) -> list[Any]:
    """The masks of each layer 0..depth that hold only numbers the deck has (the hands a round can reach)."""
    _, _, layers = _mask_layers()
    missing = sum(1 << h for h, c in enumerate(numbers) if not c)
    return [layer[(layer & missing) == 0] for layer in layers[:depth + 1]]


def _int_dtype(total: int, depth: int):
    """int64 when every scaled value (at most (T)_depth, times a top score of 201) fits in it, else Python ints."""
    import numpy as np

    return np.int64 if (TOP_SCORE + 1) * max(total, 1) ** depth < 2 ** 63 else object


def numbers_target_optimum(numbers: Sequence[int], target: int) -> tuple[Fraction, dict[int, bool]]:
    """The best chance to reach ``target`` points in one round on a numbers-only deck with ``numbers[h]`` copies of
    h, and the decisions {hand key: hit?}: what odds._solve(counts, target=target) gives (a tie below the target
    hits), solved layer by layer on numpy arrays instead of hand by hand."""
    import numpy as np

    numbers = tuple(numbers)
    bits, sums, _ = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    values = np.zeros(1 << 13, dtype=_int_dtype(total, depth))
    keys, hits = [], []
    for k, masks in reversed(list(enumerate(_reachable_layers(numbers, depth)))):
        reached = sums[masks] + (FLIP7_BONUS if k >= 7 else 0) >= target
        stay = reached.astype(values.dtype) * scale[k]  # staying is worth 1 (times the ways) once the target is met
        if k == depth:  # a Flip 7, or every card drawn: the round is over
            values[masks] = stay
            continue
        hit = _hit_worth(values, masks, numbers, bits)
        choose = (hit > stay) | (~reached & (hit == stay))
        values[masks] = np.where(choose, hit, stay)
        keys.append(masks)
        hits.append(choose)
    decisions = dict(zip(np.concatenate(keys).tolist(), np.concatenate(hits).tolist())) if keys else {}
    return Fraction(int(values[0]), scale[0]), decisions


def numbers_score_distribution(numbers: Sequence[int], decisions: Mapping[int, bool]) -> tuple[dict[int, int], int]:
    """How often each round score comes when a lone player plays ``decisions`` {hand key: hit?} on a numbers-only
    deck with ``numbers[h]`` copies of h: ({score: ways}, ways in all), so P(score) = ways / all. A bust scores 0.

    One forward pass, layer by layer: a hand k numbers deep is reached in u ways (ordered draws), each of its
    numbers' copies leads on; a hand that stays (or ends the round) keeps u times the ways the draws it skips fall."""
    import numpy as np

    numbers = tuple(numbers)
    bits, sums, _ = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    hit = np.zeros(1 << 13, dtype=bool)
    hit[np.fromiter((key for key, choice in decisions.items() if choice), dtype=np.int64)] = True
    ways = np.zeros(1 << 13, dtype=_int_dtype(total, depth))
    ways[0] = 1
    counts: dict[int, int] = {}
    for k, masks in enumerate(_reachable_layers(numbers, depth)):
        masks = masks[ways[masks] != 0]
        going = hit[masks] if k < depth else np.zeros(len(masks), dtype=bool)
        stops = masks[~going]
        scores = sums[stops] + (FLIP7_BONUS if k >= 7 else 0)
        for score, u in zip(scores.tolist(), ways[stops].tolist()):
            counts[score] = counts.get(score, 0) + u * scale[k]
        on = masks[going]
        for h, c in enumerate(numbers):
            if c:
                free = on[bits[on, h] == 0]
                ways[free | 1 << h] += c * ways[free]   # (the copies of a number held bust: their ways score 0)
    busts = scale[0] - sum(counts.values())
    if busts:
        counts[0] = counts.get(0, 0) + busts
    return dict(sorted(counts.items())), scale[0]


def numbers_deck_hit(held: Sequence[int], factor: int = 1, plus: int = 0) -> bool:
    """Whether the best play on a fresh numbers-only deck hits with ``held`` in front of the player (and modifiers
    worth x``factor`` and +``plus``); a tie stays. The Optimal bot's question, answered from one table per
    (factor, plus) instead of one dynamic programme per hand."""
    pairs, values, scale = _fresh_deck_tables()
    column = pairs.get((factor, plus))
    if column is None:  # modifiers no real deck holds: one table for them alone
        values, scale = _numbers_table(tuple(DECK_COUNTS[:13]), factor, plus)
    d = len(held)
    if d >= len(scale) - 1:  # seven numbers: the round is over
        return False
    stay = (sum(held) * factor + plus) * scale[d]
    key = sum(1 << h for h in held)
    return bool((values[key] if column is None else values[key, column]) > stay)


@lru_cache(maxsize=1)
def _fresh_deck_tables():
    """_numbers_table of the fresh numbers deck for every modifiers a player can hold (x1 or x2, +0 to +30), all
    in one pass: the same layered programme, one column per (factor, plus). Returns ({(factor, plus): column},
    the values, scale)."""
    import numpy as np

    pairs = [(factor, plus) for factor in (1, 2) for plus in range(0, sum(MOD_VALUES) + 1, 2)]
    factors = np.array([f for f, _ in pairs])
    pluses = np.array([p for _, p in pairs])
    numbers = tuple(DECK_COUNTS[:13])
    bits, sums, layers = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    values = np.zeros((1 << 13, len(pairs)), dtype=np.int64)  # at most 201 x 79^7: far inside 64 bits
    for k in range(depth, -1, -1):
        masks = layers[k]
        stay = (sums[masks, None] * factors + pluses + (FLIP7_BONUS if k >= 7 else 0)) * scale[k]
        if k == depth:
            values[masks] = stay
            continue
        hit = np.zeros_like(stay)
        for h, c in enumerate(numbers):
            if c:
                free = bits[masks, h] == 0
                hit[free] += c * values[masks[free] | 1 << h]
        values[masks] = np.maximum(hit, stay)
    return {pair: i for i, pair in enumerate(pairs)}, values, scale


def numbers_optimum(numbers: Sequence[int]) -> Fraction:
    """The exact expected round score of the best play on a numbers-only deck with ``numbers[h]`` copies of h:
    solo_optimal's value (``solo_optimal('numbers').value`` for the real deck)."""
    numbers = _number_copies(numbers)
    values, scale = _numbers_table(tuple(numbers))
    return Fraction(int(values[0]), scale[0])


def optimum_value(counts: tuple[int, ...]) -> Fraction:
    """The exact expected round score of the best play on a deck of numbers and modifiers given as counts in CARDS
    order (one copy of a modifier at most): the dynamic programme of odds.solo_optimal, value only (no table kept).
    A numbers-only deck goes to the layered ``numbers_optimum``; with modifiers it takes up to a second or two."""
    counts = _counts_left(counts, "counts")
    deck = deck_of(dict(zip(CARDS, counts)))
    if deck.has_actions:
        raise ValueError("optimum_value works on decks without action cards (solo_optimal takes them)")
    _one_of_each_modifier(deck, counts)
    counts = tuple(counts)
    if not any(counts[13:]):
        return numbers_optimum(counts[:13])
    return _optimum_with_modifiers(counts)


@lru_cache(maxsize=32)
def _optimum_with_modifiers(counts: tuple[int, ...]) -> Fraction:
    return _solve(counts, want_table=False)[0]  # the one dynamic programme over hands with modifiers, value only


def optimal_advice(held: Sequence[int], numbers_seen: Sequence[int] = ()) -> str:
    """'hit' or 'stay' for a lone player holding ``held`` on the numbers-only deck minus ``numbers_seen``: what
    ``solo_optimal('numbers', seen=numbers_seen).advice(held)`` says (a tie stays)."""
    held = _held(held)
    for card in items(numbers_seen, "numbers_seen"):
        whole(card, "each number seen", 0, 12)
    remaining_deck(held, numbers_seen, "numbers")  # no more copies out of the deck than it has
    numbers = list(DECK_COUNTS[:13])
    for card in numbers_seen:
        numbers[card] -= 1
    values, scale = _numbers_table(tuple(numbers))
    d = len(held)
    if d >= len(scale) - 1:  # seven numbers, or no card left: nothing to decide
        return "stay"
    stay = sum(held) * scale[d]
    return "hit" if values[sum(1 << h for h in held)] > stay else "stay"


def still_in(numbers: Sequence[int], k: int) -> Fraction:
    """P(no bust among the first k numbers drawn) for a player who never stops: k! e_k(c) / (T)_k, with e_k the
    k-th elementary symmetric polynomial of the copies c_h and T the number cards (modifiers never bust)."""
    numbers = _number_copies(numbers)
    whole(k, "k", 0, 13)
    elementary = [1] + [0] * 13  # the coefficients of prod (1 + c_h x)
    for c in numbers:
        for i in range(13, 0, -1):
            elementary[i] += c * elementary[i - 1]
    total = sum(numbers)
    if k > total:
        return Fraction(0)
    return Fraction(factorial(k) * elementary[k], _falling(total, k))


def next_card(left: Sequence[int], held: Sequence[int]) -> tuple[Fraction, Fraction]:
    """P(the next card busts) and the expected gain of one more card, for a player holding the numbers ``held``
    (no modifier) when ``left`` (counts in CARDS order) is the deck left: the formulas of odds.bust_probability and
    odds.expected_gain (an action card changes nothing), straight from the counts."""
    left, held = _counts_left(left, "left"), _held(held)
    total, numbers_sum = sum(left), sum(held)
    if not total:
        raise ValueError("no card is left in the deck, so there is no next card")
    busting = sum(left[h] for h in held)
    change = -_score(numbers_sum, len(held), 0, False) * busting  # a bust loses the whole score
    bonus = FLIP7_BONUS if len(held) == 6 else 0  # the seventh number brings the bonus
    for card, count in zip(CARDS, left):
        if not count or card in held or card in ACTIONS:
            continue
        if isinstance(card, int):
            change += count * (card + bonus)
        else:
            change += count * (numbers_sum if card == "x2" else int(card[1:]))
    return Fraction(busting, total), Fraction(change, total)
MOST_CURVE_COPIES = 15
"""The most copies of one number in a deck whose 'stop at t' curve is worked out (the deck explorer's sliders)."""


def next_card_by_copies_seen(held: Any, seen: Any, card: Any, most: int) -> list[tuple[Fraction, Fraction] | None]:
    """The next card's bust chance and expected gain (as next_card) when 0, 1, ..., ``most`` copies of ``card`` are
    seen, the other cards seen as they are (full deck; None where that many copies cannot be out of the deck)."""
    held, seen, card = _held(held), _seen_cards(seen), parse_card(card)
    counts = list(DECK_COUNTS)
    for c in list(held) + [c for c in map(parse_card, seen) if c != card]:
        counts[INDEX[c]] -= 1
    found: list[tuple[Fraction, Fraction] | None] = []
    for copies in range(whole(most, "most", 0, 100) + 1):
        left = list(counts)
        left[INDEX[card]] -= copies
        found.append(None if left[INDEX[card]] < 0 or min(left) < 0 or not sum(left) else next_card(left, held))
    return found


def second_card_busts(counts: Sequence[int]) -> Fraction:
    """P(the second card of a fresh deck busts): the first two cards are the same number, sum c(c - 1) over
    T(T - 1) (the modifiers dilute it: they are among the T cards)."""
    counts = _counts_left(counts)
    total = sum(counts)
    pairs = sum(c * (c - 1) for c in counts[:13])
    return Fraction(pairs, total * (total - 1)) if total > 1 else Fraction(0)


def _curve_deck(deck: Any) -> Deck:
    """A deck whose 'stop at t' curve can be worked out: no action cards, one copy of each modifier at most, at most
    15 copies of a number."""
    deck = deck_of(deck)
    if deck.has_actions:
        raise ValueError(f"the 'stop at t' rules are worked out for decks without action cards ('numbers', "
                         f"'numbers+modifiers' or a small deck), not {deck}")
    _one_of_each_modifier(deck, deck.counts)
    if max(deck.numbers) > MOST_CURVE_COPIES:
        raise ValueError(f"the 'stop at t' rules are worked out for decks with at most {MOST_CURVE_COPIES} copies of "
                         f"a number; the {deck} deck has {max(deck.numbers)}")
    return deck


def threshold_value(stop_at: int, deck: Any = "numbers") -> sympy.Rational:
    """The exact expected round score of 'stop as soon as the round score reaches stop_at'."""
    stop_at = whole(stop_at, "the threshold", 0)
    # every threshold at once, in one pass over the sets of cards (threshold_curve); the dynamic programme
    # _solve(policy=...) gives the same values hand by hand (tests/test_flip7_odds.py compares them)
    return to_rational(threshold_curve(_curve_deck(deck).counts)[min(stop_at, TOP_SCORE)])


def best_threshold(deck: Any = "numbers", candidates: Iterable[int] = range(0, 61)) -> tuple[int, sympy.Rational]:
    """The stop-at threshold with the highest exact expected round score (the smallest, if several tie)."""
    candidates = items(candidates, "candidates", low=1)
    limit(len(candidates), 200, "candidates lists too many thresholds to solve one by one")
    results = [(threshold_value(t, deck), -t) for t in candidates]
    value, minus_t = max(results)
    return -minus_t, value


# ---------------------------------------------------------------------------------------------------------
# a player who never stops

@cache
def _never_stop(counts: tuple[int, ...]) -> dict[Any, Any]:
    """The chance to bust holding k numbers, and to reach Flip 7, for a player who never stops.

    Still in after k numbers has chance S(k) = k! e_k(c) / (T)_k (still_in: e_k is the k-th elementary symmetric
    polynomial of the copies c_h, T the number cards), so the bust comes holding k with S(k) - S(k + 1)."""
    numbers = counts[:13]  # modifiers never change the order in which the numbers come, so they are left out
    alive = [still_in(numbers, k) for k in range(8)]
    result: dict[Any, Any] = {k: alive[k] - alive[k + 1] for k in range(1, 7) if alive[k] != alive[k + 1]}
    result["Flip 7"] = alive[7]
    return result


def _deck_for_never_stop(deck: Any) -> tuple[int, ...]:
    deck = deck_of(deck)
    if deck.has_actions:
        raise ValueError(f"a player who never stops is worked out on decks without action cards ('numbers', "
                         f"'numbers+modifiers' or a small deck: the modifiers change nothing), not {deck}")
    if sum(deck.numbers) < 8:
        raise ValueError(f"a player who never stops needs a deck of at least 8 number cards, or the deck can run out "
                         f"before a bust or a Flip 7; the {deck} deck has {sum(deck.numbers)}")
    return deck.counts


def flip7_probability(deck: Any = "numbers") -> sympy.Rational:
    """P(Flip 7) for a lone player who never stops (modifiers do not change it: they never bust)."""
    return to_rational(_never_stop(_deck_for_never_stop(deck))["Flip 7"])


def cards_before_bust(deck: Any = "numbers") -> Dist:
    """For a lone player who never stops: how many numbers are held when the bust comes (1..6), or 'Flip 7'."""
    return Dist(dict(_never_stop(_deck_for_never_stop(deck))))


# ---------------------------------------------------------------------------------------------------------
# a lone player's best round with every kind of card: numbers, modifiers, Second Chance, Freeze and Flip Three
#
# The player targets himself with every action card (he is alone). A state is what the player holds and what is out
# of the deck: the numbers held, how many duplicates a Second Chance saved of each (a save discards the duplicate,
# so that copy is out of the deck too), the modifiers, whether a Second Chance is held and how many have come out,
# how many Flip Threes and Freezes have come out, and, during a Flip Three, the forced draws still to come and the
# action cards waiting. Two states with the same number of cards drawn d share the deck size T - d.
#
# The dynamic programme is the one of _solve, scaled: a state d cards deep is worth its value times
# P_d = (T - d)(T - d - 1)...(T - D + 1) (D bounds the cards a round can draw), so that a draw is a plain sum
# W_d = sum(copies left of the card * W_{d+1} of the state it leads to) with no division. Two arithmetics run it:
# - exact: W as whole numbers of up to 192 bits, held in 32-bit limbs of numpy uint64 arrays (a sum of small
#   multiples never overflows a limb; carries are settled once per state), so max is exact;
# - float64: the same sums in doubles, for the full deck, whose billion states do not fit in memory as big whole
#   numbers (two adjacent layers of states are kept; in doubles they take about 4.5 GiB).
# numpy runs it: the states of one (number layer, Second Chance state, action state) block are done at once, over all
# hands of numbers and all modifier sets, with gathers from the layer above; no compiler is needed, so the same code
# runs wherever the kit runs (Pyodide included, for the small decks).

READINGS = ("stack", "in order")
"""How action cards revealed during a Flip Three are resolved (RULINGS.md, section 1):
'stack': a Flip Three adds its three draws at once and a Freeze waits until every forced draw is done (the public
solo analysis); 'in order': they wait and are resolved one after another in the order revealed, each completely,
as the kit's rules engine does (a Freeze revealed before a Flip Three then stops the player before its draws)."""

BIG_DECKS = ("numbers+modifiers+second-chance", "full")
"""The decks with action cards whose best solo play the kit ships (data/solo_all.npz)."""
STAY_NOW = -1          # an action-state transition that ends the round with the hand as it is (a Freeze resolves)
CHUNK = 1 << 22        # values gathered at once (32 MiB of doubles): bounds the memory of a block's sums
LIMB = 32              # exact values are held in 32-bit limbs, one per uint64 (room for the carries of a sum)
MOD_PLUS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10, TIMES_TWO: 0}


# ---------------------------------------------------------------------------------------------------------
# the deck and the three parts of a state: numbers (with saved duplicates), Second Chance, action cards

@dataclass(frozen=True)
class _SolverDeck:
    """A deck as the solver reads it: copies of each number, the modifiers (one each at most), the action cards."""

    numbers: tuple[int, ...]   # copies of 0..12
    modifiers: tuple[str, ...]  # the modifiers in the deck, in MODIFIERS order
    second_chances: int
    flip_threes: int
    freezes: int
    flip_at: int = 7

    @property
    def total(self) -> int:
        """The cards in the deck."""
        return sum(self.numbers) + len(self.modifiers) + self.second_chances + self.flip_threes + self.freezes

    @property
    def max_draws(self) -> int:
        """A bound on the cards one round can draw: the numbers of a Flip, a saved duplicate per Second Chance,
        every other card, and the card that ends it."""
        bound = self.flip_at + 2 * self.second_chances + len(self.modifiers) + self.flip_threes + self.freezes + 1
        return min(self.total, bound)

    def counts(self) -> tuple[int, ...]:
        """The deck as counts in CARDS order."""
        out = list(self.numbers) + [int(m in self.modifiers) for m in MODIFIERS]
        return tuple(out + [self.freezes, self.flip_threes, self.second_chances])


def deck_from_counts(counts: Iterable[int], flip_at: int = 7) -> _SolverDeck:
    """A solver deck from counts in CARDS order (checked: the real deck's copies at most, one of each modifier)."""
    counts = items(counts, "counts")
    if len(counts) != len(CARDS):
        raise ValueError(f"a deck is {len(CARDS)} whole numbers of copies, in the order of rules.CARDS")
    for card, have, most in zip(CARDS, counts, DECK_COUNTS):
        whole(have, f"the copies of {card}", 0)
        if have > most:
            raise ValueError(f"the real deck has {most} card(s) {card}, not {have}")
    whole(flip_at, "flip_at", 1, 7)
    mods = tuple(m for m in MODIFIERS if counts[INDEX[m]])
    return _SolverDeck(counts[:13], mods, counts[INDEX[SECOND_CHANCE]], counts[INDEX[FLIP_THREE]],
                       counts[INDEX[FREEZE]], flip_at)


def _config_key(numbers: Iterable[int], saved: dict[Any, Any]) -> int:
    """A hand of numbers and its saved duplicates as one whole number: 13 bits of numbers, then 2 bits per number."""
    key = sum(1 << v for v in numbers)
    for v, n in saved.items():
        key |= n << (13 + 2 * v)
    return key


@dataclass
class NumberLayer:
    """The hands of numbers ``a`` cards deep with ``E`` saved duplicates, and where each number drawn leads."""

    a: int
    saves: int
    keys: np.ndarray           # sorted config keys
    sums: np.ndarray           # sum of the numbers held
    held: int                  # how many numbers are held (a - saves)
    drawable: Any = None     # the numbers the deck has
    add_copies: Any = None   # their copies in the deck (a number not held has all its copies left)
    add_to: Any = None       # [hand, v] -> index in layer (a+1, E) if v is not held (else its zero row)
    save_to: Any = None      # [hand, v] -> index in layer (a+1, E+1) if v is held (else its zero row)
    save_copies: Any = None  # [hand, v]: copies of a held v still in the deck (what a save draws)
    new_copies: Any = None   # [hand]: cards in the deck that are a number not held
    new_copies_value: Any = None  # [hand]: their total value

    @property
    def size(self) -> int:
        """How many hands."""
        return len(self.keys)


def _number_layers(deck: _SolverDeck) -> dict[tuple[int, int], NumberLayer]:
    """Every hand of numbers that can be held mid-round (fewer than flip_at), with 0..S saved duplicates."""
    present = [v for v in range(13) if deck.numbers[v]]
    found: dict[tuple[int, int], list[int]] = {}
    for k in range(min(deck.flip_at, len(present) + 1)):
        for hand in combinations(present, k):
            base = sum(1 << v for v in hand)
            for saves in range(min(deck.second_chances, 3 * k) + 1):
                # saves = a multiset of held numbers, at most copies - 1 of each (the held one is out too)
                for pick in combinations_with_replacement(hand, saves):
                    key = base
                    for v in pick:
                        key += 1 << (13 + 2 * v)
                    if all((key >> (13 + 2 * v) & 3) < deck.numbers[v] and pick.count(v) <= 3 for v in set(pick)):
                        found.setdefault((k + saves, saves), []).append(key)
    layers = {}
    for (a, e), listed in found.items():
        keys = np.array(sorted(set(listed)), dtype=np.int64)
        sums = np.zeros(len(keys), dtype=np.int64)
        for v in range(13):
            sums += v * (keys >> v & 1)
        layers[a, e] = NumberLayer(a, e, keys, sums, a - e)
    for (a, e), layer in layers.items():
        _link(layer, layers.get((a + 1, e)), layers.get((a + 1, e + 1)), deck)
    return layers


def _link(layer: NumberLayer, plus_one: NumberLayer | None, saved_one: NumberLayer | None, deck: _SolverDeck) -> None:
    """Fill a layer's transitions: index of the hand after each number (the zero row when there is none)."""
    n = layer.size
    keys = layer.keys
    copies = np.array(deck.numbers, dtype=np.int64)
    layer.drawable = np.flatnonzero(copies)
    layer.add_copies = copies[layer.drawable]
    layer.add_to = np.full((n, 13), plus_one.size if plus_one is not None else 0, dtype=np.int64)
    layer.save_to = np.full((n, 13), saved_one.size if saved_one is not None else 0, dtype=np.int64)
    held = np.stack([(keys >> v & 1).astype(bool) for v in range(13)], axis=1)
    saved = np.stack([keys >> (13 + 2 * v) & 3 for v in range(13)], axis=1)
    layer.save_copies = np.where(held, copies - 1 - saved, 0)
    layer.new_copies = np.where(held, 0, copies).sum(axis=1)
    layer.new_copies_value = np.where(held, 0, copies * np.arange(13)).sum(axis=1)
    for v in layer.drawable:
        if plus_one is not None and layer.held + 1 < deck.flip_at:
            rows = np.flatnonzero(~held[:, v])
            layer.add_to[rows, v] = _positions(plus_one.keys, keys[rows] | 1 << v)
        if saved_one is not None:
            rows = np.flatnonzero(held[:, v] & (layer.save_copies[:, v] > 0))
            layer.save_to[rows, v] = _positions(saved_one.keys, keys[rows] + (1 << (13 + 2 * v)))


def _positions(sorted_keys: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Where each wanted key sits in a sorted key array (every one must be there)."""
    at = np.searchsorted(sorted_keys, wanted)
    if len(wanted) and (at.max() >= len(sorted_keys) or not np.array_equal(sorted_keys[at], wanted)):
        raise AssertionError("a hand of numbers leads to a hand that was not enumerated")
    return at


def _second_chance_states(second_chances: int, saves: int) -> list[tuple[int, int]]:
    """(held, seen) pairs possible after ``saves`` saves: each save used a Second Chance that came out of the deck."""
    if second_chances == 0:
        return [(0, 0)] if saves == 0 else []
    return [(held, seen) for seen in range(second_chances, -1, -1) for held in (0, 1) if seen - held >= saves]


@dataclass
class ActionStates:
    """The states of the Freeze and Flip Three cards: which came out, and the forced draws and cards waiting."""

    states: list[Any]            # the states, as tuples (flip threes out, freezes out, ...reading's details)
    free: np.ndarray        # True where the player chooses hit or stay
    flip_threes: np.ndarray  # Flip Threes out of the deck in each state
    freezes: np.ndarray     # Freezes out of the deck in each state
    after_other: np.ndarray  # the state after a number, modifier or Second Chance (STAY_NOW: a Freeze resolves)
    after_flip_three: np.ndarray
    after_freeze: np.ndarray
    order: list[Any]             # successors before predecessors
    free_index: dict[Any, Any]        # flip threes out -> the free state

    @property
    def size(self) -> int:
        """How many action states."""
        return len(self.states)


def _action_states(flip_threes: int, freezes: int, reading: str) -> ActionStates:
    """The action-card machine of one reading, built by walking it from the start of the round."""
    step = _stack_step if reading == "stack" else _in_order_step
    start = (0, 0, 0, 0, 0, 0, 0)  # flip threes out, freezes out, forced draws left, then the reading's details
    index, todo, edges = {start: 0}, [start], {}
    while todo:
        state = todo.pop()
        nxt: list[Any] = []
        for card in ("other", FLIP_THREE, FREEZE):
            if card == FLIP_THREE and state[0] >= flip_threes or card == FREEZE and state[1] >= freezes:
                nxt.append(None)
                continue
            after = step(state, card)
            if after is not None and after != STAY_NOW and after not in index:
                index[after] = len(index)
                todo.append(after)
            nxt.append(after)
        edges[state] = nxt
    states = sorted(index, key=index.__getitem__)

    def code(s):
        return STAY_NOW if s == STAY_NOW else -2 if s is None else index[s]

    other, f3, fz = (np.array([code(edges[s][i]) for s in states], dtype=np.int64) for i in range(3))
    order: list[int] = []
    seen: set[int] = set()

    def visit(i: int) -> None:  # depth-first: a state's successors are listed before it
        seen.add(i)
        for j in (other[i], f3[i], fz[i]):
            if j >= 0 and j != i and j not in seen:
                visit(int(j))
        order.append(i)

    for i in range(len(states)):
        if i not in seen:
            visit(i)
    free = np.array([s[2] == 0 for s in states])
    return ActionStates(states, free, np.array([s[0] for s in states]), np.array([s[1] for s in states]),
                        other, f3, fz, order, {s[0]: i for i, s in enumerate(states) if s[2] == 0})


def _stack_step(state: tuple[Any, ...], card: str):
    """'stack': a Flip Three adds three forced draws; a Freeze drawn while forced waits for the last of them."""
    f3, fz, forced = state[:3]
    if forced == 0:  # a free draw
        if card == FLIP_THREE:
            return (f3 + 1, fz, 3, 0, 0, 0, 0)
        return STAY_NOW if card == FREEZE else state
    left = forced - 1
    if card == FLIP_THREE:
        return (f3 + 1, fz, left + 3, 0, 0, 0, 0)
    if card == FREEZE:
        fz += 1
    if left > 0:
        return (f3, fz, left, 0, 0, 0, 0)
    return STAY_NOW if fz > state[1] or _freeze_waits(state) else (f3, 0, 0, 0, 0, 0, 0)


def _freeze_waits(state: tuple[Any, ...]) -> bool:
    """In 'stack', a Freeze out of the deck during forced draws is one still waiting (a resolved one ends the round)."""
    return state[1] > 0


def _in_order_step(state: tuple[Any, ...], card: str):
    """'in order' (the rules engine): cards revealed during a Flip Three wait in a queue, the current Flip Three's
    before the older ones, and are resolved one after another; whatever comes after a waiting Freeze never resolves.

    Details: (F3s waiting from this Flip Three, a Freeze waiting from it, F3s waiting from before, a Freeze from
    before); a Freeze from this Flip Three comes before the older cards, which are then never reached.
    """
    f3, fz, forced, mine, my_freeze, older, old_freeze = state
    if forced == 0:
        if card == FLIP_THREE:
            return (f3 + 1, fz, 3, 0, 0, 0, 0)
        return STAY_NOW if card == FREEZE else state
    if card == FLIP_THREE:
        f3 += 1
        if not my_freeze:
            mine += 1
    elif card == FREEZE:
        fz += 1
        if not my_freeze:
            my_freeze, older, old_freeze = 1, 0, 0
    if forced > 1:
        return (f3, fz, forced - 1, mine, my_freeze, older, old_freeze)
    # this Flip Three is done: the queue is its own cards, then the older ones (cut after a Freeze)
    queue_f3 = mine + (0 if my_freeze else older)
    queue_freeze = my_freeze or old_freeze
    if queue_f3:
        return (f3, fz, 3, 0, 0, queue_f3 - 1, queue_freeze)
    return STAY_NOW if queue_freeze else (f3, 0, 0, 0, 0, 0, 0)


# ---------------------------------------------------------------------------------------------------------
# the two arithmetics: float64, and exact whole numbers in 32-bit limbs

class _Floats:
    """Values as doubles (one 'limb')."""

    limbs = 1
    dtype = np.float64

    def __init__(self, scales: list[int]) -> None:
        self.scales = np.array([float(s) for s in scales])[:, None]  # P_d as (depth, 1)

    def scaled(self, score: np.ndarray, depth: np.ndarray) -> np.ndarray:
        """score[hand, modifier set] * P_depth[modifier set], shaped (hands, modifier sets, limbs)."""
        return score[..., None] * self.scales[depth][None]

    def settle(self, x: np.ndarray) -> np.ndarray:
        """Nothing to carry in doubles."""
        return x

    def greater(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """a > b, elementwise over the last axis's value."""
        return a[..., 0] > b[..., 0]

    def number(self, x: np.ndarray):
        """A value as a Python number."""
        return float(x[0])


class _Exact:
    """Values as whole numbers in ``limbs`` 32-bit limbs (least significant first), one per uint64."""

    dtype = np.uint64

    def __init__(self, scales: list[int], top: int) -> None:
        self.limbs = (max(scales[0] * top, 1).bit_length() + LIMB) // LIMB + 1
        self.scales = np.array([self._split(s) for s in scales], dtype=np.uint64)  # P_d as (depth, limbs)

    def _split(self, n: int) -> list[int]:
        return [(n >> (LIMB * i)) & 0xFFFFFFFF for i in range(self.limbs)]

    def scaled(self, score: np.ndarray, depth: np.ndarray) -> np.ndarray:
        """score[hand, modifier set] * P_depth[modifier set], shaped (hands, modifier sets, limbs), carries not
        settled (a score times a limb stays far below 2**64)."""
        return score.astype(np.uint64)[..., None] * self.scales[depth][None]

    def settle(self, x: np.ndarray) -> np.ndarray:
        """Carry each limb's overflow into the next, in place, so every limb but the top is below 2**32."""
        for i in range(self.limbs - 1):
            x[..., i + 1] += x[..., i] >> np.uint64(LIMB)
            x[..., i] &= np.uint64(0xFFFFFFFF)
        return x

    def greater(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """a > b for settled values, compared limb by limb from the top."""
        more = np.zeros(a.shape[:-1], dtype=bool)
        same = np.ones(a.shape[:-1], dtype=bool)
        for i in reversed(range(self.limbs)):
            more |= same & (a[..., i] > b[..., i])
            same &= a[..., i] == b[..., i]
        return more

    def number(self, x: np.ndarray) -> int:
        """A settled value as a Python int."""
        return sum(int(limb) << (LIMB * i) for i, limb in enumerate(x.tolist()))


def _gather_sum(out: np.ndarray, source: np.ndarray, index: np.ndarray, weights: np.ndarray) -> None:
    """out[r] += sum over k of weights[(r,) k] * source[index[r, k]], a few thousand rows at a time (the gathered
    rows are laid out k first, so the weighted sum is one dot product over a contiguous block)."""
    n, k = index.shape
    if not k:
        return
    rows = max(1, CHUNK // (k * source[0].size))
    for lo in range(0, n, rows):
        hi = min(n, lo + rows)
        block = source[index[lo:hi].T]                         # (k, rows, modifier sets, limbs)
        if weights.ndim == 1:
            out[lo:hi] += np.tensordot(weights.astype(out.dtype), block, axes=1)
        else:
            out[lo:hi] += np.einsum("kr,krml->rml", weights[lo:hi].T.astype(out.dtype), block)


# ---------------------------------------------------------------------------------------------------------
# the solve

@dataclass
class SoloSolution:
    """The best hit/stay play of a lone player in one round, with its value (exact, or float64 for the big deck).

    ``policy`` holds one bit per free state (True: hit), block by block in the order of ``layout``.
    """

    deck: str
    counts: tuple[Any, ...]
    reading: str
    exact: bool
    value: Any                    # Fraction (exact), float (float64), a sympy Rational as solo_optimal gives it
    states: int                   # states solved (free and forced)
    seconds: float = 0.0          # how long the solve took (a solution read from a file does not know)
    layout: list[Any] = field(default_factory=list, repr=False)  # (a, E, keys, second-chance states, free act F3s)
    policy: list[Any] = field(default_factory=list, repr=False)  # packed bits, one array per layout entry
    near_ties: int = 0            # free states whose hit and stay values differ by less than 1e-12 (relative)
    flip_at: int = 7
    peak_bytes: int = 0           # the solving process's peak memory, when it was measured

    @property
    def model(self) -> str:
        """Which model the advice comes from, in words."""
        names = {"full": "all 94 cards", "numbers+modifiers+second-chance": "numbers, modifiers and Second Chance",
                 "numbers+modifiers": "numbers and modifiers", "numbers": "numbers only"}
        return f"best solo play, {names.get(self.deck, 'the deck ' + self.deck)}"

    def hit(self, held: Any, modifiers: Any = (), *, second_chance: bool = False, seen: Any = ()) -> bool:
        """The advice in this position: True means hit. ``seen`` lists this round's cards that are out of the deck
        but not in front of the player: each duplicate a Second Chance saved and that Second Chance, an extra
        Second Chance discarded, the Flip Threes played on him."""
        layer, index, block, mods = self._position(held, modifiers, second_chance, seen)
        packed = self.policy[layer]
        bit = (block * self.layout[layer][2].size + index) * (1 << len(self.modifiers)) + mods
        return bool(packed[bit >> 3] >> (7 - (bit & 7)) & 1)

    def advice(self, held: Any, modifiers: Any = (), *, second_chance: bool = False, seen: Any = ()) -> str:
        """'hit' or 'stay' in this position."""
        return "hit" if self.hit(held, modifiers, second_chance=second_chance, seen=seen) else "stay"

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The modifiers of the deck, in the order of the modifier-set bits."""
        return tuple(m for m in MODIFIERS if self.counts[INDEX[m]])

    def _position(self, held, modifiers, second_chance, seen) -> tuple[int, int, int, int]:
        """Where a position's decision sits: (layer, hand, block, modifier set); refuses impossible positions."""
        numbers, mods, out = _position_of(held, modifiers, second_chance, seen, self)
        saved = {v: out.count(v) for v in set(out) if isinstance(v, int)}
        chances = out.count(SECOND_CHANCE) + bool(second_chance)
        if out.count(SECOND_CHANCE) < sum(saved.values()):
            raise ValueError("each duplicate a Second Chance saved discarded that Second Chance too: list it in seen")
        key = _config_key(numbers, saved)
        place = [i for i, entry in enumerate(self.layout) if entry[0] == len(numbers) + sum(saved.values())
                 and entry[1] == sum(saved.values())]
        keys = self.layout[place[0]][2] if place else np.zeros(0, dtype=np.int64)
        index = int(np.searchsorted(keys, key))
        if not place or index >= len(keys) or keys[index] != key:
            raise ValueError(f"this hand cannot come from the deck {self.deck}")
        a, saves, keys, scs, free_f3 = self.layout[place[0]]
        flip_threes = out.count(FLIP_THREE)
        if (int(second_chance), chances) not in scs or flip_threes not in free_f3:
            raise ValueError(f"the deck {self.deck} does not have that many Second Chances or Flip Threes")
        block = scs.index((int(second_chance), chances)) * len(free_f3) + free_f3.index(flip_threes)
        mask = sum(1 << self.modifiers.index(m) for m in mods)
        return place[0], index, block, mask

    def save(self, path: Any) -> None:
        """Write the solution (value, model, policy bits) to an .npz file."""
        np.savez_compressed(path, **self.arrays("table"))

    def arrays(self, prefix: str) -> dict[Any, Any]:
        """The solution as named numpy arrays (what save writes), each name starting with ``prefix``."""
        # what the solve found, not how long it took: the same deck solved again gives the same arrays
        meta = {"deck": self.deck, "counts": list(self.counts), "reading": self.reading, "exact": self.exact,
                "value": str(self.value) if self.exact else repr(self.value), "states": self.states,
                "near_ties": self.near_ties, "flip_at": self.flip_at,
                "free_flip_threes": self.layout[0][4] if self.layout else []}
        layers = np.array([(a, e, len(keys), len(bits)) for (a, e, keys, _, _), bits in zip(self.layout, self.policy)],
                          dtype=np.int64).reshape(-1, 4)
        return {f"{prefix}.meta": np.array(json.dumps(meta)), f"{prefix}.layers": layers,
                f"{prefix}.keys": np.concatenate([entry[2] for entry in self.layout]),
                f"{prefix}.bits": np.concatenate(self.policy)}

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, Any], prefix: str) -> SoloSolution:
        """A solution from the arrays ``arrays()`` made (an open .npz file or a dict)."""
        meta = json.loads(str(arrays[f"{prefix}.meta"]))
        counts = tuple(meta["counts"])
        keys, bits = arrays[f"{prefix}.keys"], arrays[f"{prefix}.bits"]
        layout, policy, k0, b0 = [], [], 0, 0
        for a, e, n_keys, n_bits in arrays[f"{prefix}.layers"].tolist():
            scs = _second_chance_states(counts[INDEX[SECOND_CHANCE]], e)
            layout.append((a, e, keys[k0:k0 + n_keys], scs, list(meta["free_flip_threes"])))
            policy.append(bits[b0:b0 + n_bits])
            k0, b0 = k0 + n_keys, b0 + n_bits
        value = Fraction(meta["value"]) if meta["exact"] else float(meta["value"])
        return cls(meta["deck"], counts, meta["reading"], meta["exact"], value, meta["states"], 0.0,
                   layout, policy, meta["near_ties"], meta["flip_at"])

    @classmethod
    def load(cls, path: Any) -> SoloSolution:
        """A solution that ``save`` wrote."""
        with np.load(path) as table:
            return cls.from_arrays({name: table[name] for name in table.files}, "table")


QUICK_SOLVE = 40
"""The most cards solve_solo solves without being told the solve is big (beyond: seconds to minutes)."""


def solve_solo(counts: Any, *, exact: bool = True, reading: str = "stack", flip_at: int = 7, name: str = "",
               progress: Callable[[str], None] | None = None, big: bool = False) -> SoloSolution:
    """Solve a lone player's round on the deck ``counts`` (CARDS order, or any deck the kit names): the best
    expected score and its policy, every action card played on himself. Exact by default; ``exact=False`` works in
    float64. ``reading`` says how cards revealed during a Flip Three are resolved (READINGS). A deck of more than
    40 cards is solved only with ``big=True``: the Second Chance deck takes about 20 s exactly, the full deck about
    3 minutes and 5 GB in float64."""
    flag(exact, "exact")
    flag(big, "big")
    one_of(reading, "reading", READINGS)
    if name != "":
        text(name, "name")
    if progress is not None and not callable(progress):
        raise TypeError("progress is a function that takes a line of text, like print, or None")
    if isinstance(counts, (str, Mapping, Deck)):
        counts = deck_of(counts).counts
    deck = deck_from_counts(counts, flip_at)
    if not big:
        limit(deck.total, QUICK_SOLVE, "the deck's cards", "solve_solo(..., big=True) solves a bigger deck (seconds "
              "to minutes)")
    start = time.perf_counter()
    layers = _number_layers(deck)
    acts = _action_states(deck.flip_threes, deck.freezes, reading)
    depth = deck.max_draws
    scales = [prod(range(deck.total - depth + 1, deck.total - d + 1)) for d in range(depth + 2)]
    top = 2 * sum(v for v in range(13) if deck.numbers[v]) + 30 + FLIP7_BONUS
    arith = _Exact(scales, top) if exact else _Floats(scales)
    solver = _Solver(deck, layers, acts, arith, depth, progress)
    root = solver.run()
    value = Fraction(arith.number(root), scales[0]) if exact else arith.number(root) / scales[0]
    return SoloSolution(name or _deck_name(deck), deck.counts(), reading, exact, value, solver.states,
                        time.perf_counter() - start, solver.layout, solver.policy, solver.near_ties, flip_at)


def _deck_name(deck: _SolverDeck) -> str:
    return deck_of(dict(zip(CARDS, deck.counts()))).name  # the kit's name of the deck


class _Solver:
    """One solve: number layers from the deepest up, each block of states at once."""

    def __init__(self, deck: _SolverDeck, layers: dict[Any, Any], acts: ActionStates, arith: Any, depth: int,
                 progress: Any) -> None:
        self.deck, self.layers, self.acts, self.arith, self.depth = deck, layers, acts, arith, depth
        self.progress = progress
        mods = deck.modifiers
        self.n_mods = 1 << len(mods)
        masks = np.arange(self.n_mods)
        self.mod_count = np.array([bin(m).count("1") for m in range(self.n_mods)])
        self.plus = np.array([sum(MOD_PLUS[x] for i, x in enumerate(mods) if m >> i & 1) for m in range(self.n_mods)])
        doubles = [i for i, x in enumerate(mods) if x == TIMES_TWO]
        self.double = np.where(masks >> doubles[0] & 1, 2, 1) if doubles else np.ones(self.n_mods, dtype=np.int64)
        self.states = 0
        self.near_ties = 0
        self.layout: list[Any] = []
        self.policy: list[Any] = []

    def run(self) -> np.ndarray:
        """Solve every layer, deepest first; returns the start state's scaled value."""
        above: dict[Any, Any] = {}
        top = max(a for a, _ in self.layers)
        for a in range(top, -1, -1):
            here = {}
            for e in sorted(e for (aa, e) in self.layers if aa == a):
                here[e] = self._solve_layer(self.layers[a, e], above)
                if self.progress:
                    self.progress(f"layer {a} cards of numbers, {e} saved: {self.layers[a, e].size} hands")
            above = here
        root_sc = _second_chance_states(self.deck.second_chances, 0).index((0, 0))
        return above[0][root_sc, self.acts.free_index[0], 0, 0].copy()

    def _solve_layer(self, layer: NumberLayer, above: dict[Any, Any]) -> np.ndarray:
        """Every state of one number layer: blocks (Second Chance state, action state) in dependency order."""
        deck, acts, arith = self.deck, self.acts, self.arith
        scs = _second_chance_states(deck.second_chances, layer.saves)
        values = np.zeros((len(scs), acts.size, layer.size + 1, self.n_mods, arith.limbs), dtype=arith.dtype)
        free_acts = [i for i in range(acts.size) if acts.free[i]]
        bits = np.zeros((len(scs), len(free_acts), layer.size, self.n_mods), dtype=bool)
        scores = layer.sums[:, None] * self.double[None, :] + self.plus[None, :]
        for s, (held, seen) in enumerate(scs):
            for act in acts.order:
                block = self._block(layer, above, values, scs, s, held, seen, act, scores)
                if acts.free[act]:
                    hit, stay, depth = block
                    self._choose(layer, values, bits, s, free_acts.index(act), act, hit, stay, depth, scores)
                else:
                    values[s, act, :layer.size] = block
        self.states += len(scs) * acts.size * layer.size * self.n_mods
        self.layout.append((layer.a, layer.saves, layer.keys, scs, [int(acts.flip_threes[i]) for i in free_acts]))
        self.policy.append(np.packbits(bits.ravel()))
        return values

    def _block(self, layer, above, values, scs, s, held, seen, act, scores):
        """The states (this layer, Second Chance state s, action state act) for every hand and modifier set.

        Returns the settled value for a forced state, or (hit without the within-block modifier draws, stay,
        depth) for a free state, whose modifier draws lead to states of the same block (done in _choose).
        """
        deck, acts, arith = self.deck, self.acts, self.arith
        f3, fz = int(acts.flip_threes[act]), int(acts.freezes[act])
        depth = layer.a + self.mod_count + seen + f3 + fz          # cards drawn, per modifier set
        after = int(acts.after_other[act])                         # the action state after a plain card
        n = layer.size
        hit = np.zeros((n, self.n_mods, arith.limbs), dtype=arith.dtype)
        # every draw that ends the round is worth its score one card deeper: their scores, weighted by the copies
        # that lead there, are added up first and scaled once
        ending = np.zeros((n, self.n_mods), dtype=np.int64)
        ends = after == STAY_NOW
        # a number not held: a new hand one layer deeper, or a Flip (the bonus), or the end of the forced draws
        flip = layer.held + 1 >= deck.flip_at
        if flip or ends:
            copies, weighted = layer.new_copies, layer.new_copies_value
            ending += (layer.sums * copies + weighted)[:, None] * self.double + copies[:, None] * self.plus
            if flip:
                ending += FLIP7_BONUS * copies[:, None]
        elif layer.saves in above:  # (no deeper layer: every number of the deck is held already)
            _gather_sum(hit, above[layer.saves][s, after], layer.add_to[:, layer.drawable], layer.add_copies)
        # a number held, with a Second Chance: saved (the duplicate and the Second Chance are discarded)
        if held:
            if ends:
                ending += layer.save_copies.sum(axis=1)[:, None] * scores
            elif layer.saves + 1 in above:  # (no deeper layer: no held number has a copy left)
                saved_scs = _second_chance_states(deck.second_chances, layer.saves + 1)
                target = above[layer.saves + 1][saved_scs.index((0, seen)), after]
                _gather_sum(hit, target, layer.save_to[:, layer.drawable], layer.save_copies[:, layer.drawable])
        # a Second Chance (kept, or discarded when one is held), a Flip Three, a Freeze
        moves = [(deck.second_chances - seen, scs.index((1, seen + 1)) if seen < deck.second_chances else s, after),
                 (deck.flip_threes - f3, s, int(acts.after_flip_three[act])),
                 (deck.freezes - fz, s, int(acts.after_freeze[act]))]
        for left, to_s, to_act in moves:
            if not left:
                continue
            if to_act == STAY_NOW:  # (in order, even a Flip Three after a waiting Freeze can end the forced draws)
                ending += left * scores
            else:
                hit += arith.dtype(left) * values[to_s, to_act, :n]
        if not acts.free[act]:  # a forced draw of a modifier leads to another block (done already), or ends it
            self._add_modifiers(hit, ending, None if ends else values[s, after, :n], layer.sums)
        hit += arith.scaled(ending, depth + 1)
        stay = arith.scaled(scores, depth)
        if acts.free[act]:
            return hit, stay, depth
        arith.settle(hit)
        empty = depth >= deck.total                                 # no card left: the forced draws stop
        if empty.any():
            hit[:, empty] = arith.settle(stay[:, empty].copy())
        return hit

    def _add_modifiers(self, hit, ending, target, sums) -> None:
        """Forced states: each modifier not held leads to the block ``target`` (None: the round ends there)."""
        masks = np.arange(self.n_mods)
        for i in range(len(self.deck.modifiers)):
            rows = masks[(masks >> i & 1) == 0]
            if target is None:
                ending[:, rows] += sums[:, None] * self.double[rows | 1 << i] + self.plus[rows | 1 << i]
            else:
                hit[:, rows] += target[:, rows | 1 << i]

    def _choose(self, layer, values, bits, s, free_slot, act, hit, stay, depth, scores) -> None:
        """A free block: modifier sets with the most modifiers first (their draws lead to sets with one more)."""
        arith = self.arith
        n = layer.size
        empty = depth >= self.deck.total
        for count in range(len(self.deck.modifiers), -1, -1):
            masks = np.flatnonzero(self.mod_count == count)
            part = hit[:, masks]
            self._add_modifiers_into(part, values, s, act, n, masks)
            arith.settle(part)
            stay_part = arith.settle(stay[:, masks].copy())
            go = arith.greater(part, stay_part) & ~empty[masks][None, :]
            best = np.where(go[..., None], part, stay_part)
            values[s, act, :n][:, masks] = best
            bits[s, free_slot][:, masks] = go
            self._count_near_ties(part, stay_part)

    def _add_modifiers_into(self, part, values, s, act, n, masks) -> None:
        """Within a free block: the draws of each modifier not held lead to the same block, one more modifier."""
        for i in range(len(self.deck.modifiers)):
            keep = (masks >> i & 1) == 0
            if keep.any():
                part[:, keep] += values[s, act, :n][:, masks[keep] | 1 << i]

    def _count_near_ties(self, hit, stay) -> None:
        """Count the float64 decisions closer than 1e-12 (relative): the only ones rounding could turn round."""
        if isinstance(self.arith, _Floats):
            a, b = hit[..., 0], stay[..., 0]
            close = np.abs(a - b) <= 1e-12 * np.maximum(np.abs(a), np.abs(b))
            self.near_ties += int(np.count_nonzero(close & (a != b)))


# ---------------------------------------------------------------------------------------------------------
# positions asked about, and the tables shipped with the kit

def _position_of(held, modifiers, second_chance, seen, solution: SoloSolution) -> tuple[Any, ...]:
    """A position in a student's words, checked: (numbers held, modifiers held, cards out of the deck)."""
    for name, given in (("held", held), ("modifiers", modifiers), ("seen", seen)):
        if isinstance(given, (str, bytes, int, dict)) or not isinstance(given, Iterable):
            raise TypeError(f"{name} must be a list of cards, for example [3, 7]")
    flag(second_chance, "second_chance")
    numbers = [parse_card(c) for c in held]
    if any(not isinstance(c, int) for c in numbers):
        raise ValueError("held lists number cards only; modifiers go in modifiers, action cards in seen")
    if len(set(numbers)) != len(numbers):
        raise ValueError("a player never holds two cards of one number: the second was a bust or was saved "
                         "(put a saved duplicate in seen)")
    if len(numbers) >= solution.flip_at:
        raise ValueError(f"{solution.flip_at} different numbers is a Flip 7: the round is already over")
    mods = [parse_card(c) for c in modifiers]
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods):
        raise ValueError("modifiers lists different modifier cards: +2, +4, +6, +8, +10, x2")
    missing = [m for m in mods if m not in solution.modifiers]
    if missing:
        raise ValueError(f"the deck {solution.deck} has no {missing[0]}")
    out = [parse_card(c) for c in seen]
    for card in out:
        if card == FREEZE:
            raise ValueError("a Freeze ends a lone player's round: there is no decision left")
        if card in MODIFIERS:
            raise ValueError("a lone player keeps every modifier he draws: put it in modifiers")
        if isinstance(card, int) and card not in numbers:
            raise ValueError(f"a {card} can only be out of the deck beside a {card} in front of the player "
                             "(a duplicate a Second Chance saved)")
    return tuple(sorted(numbers)), tuple(mods), out


PUBLIC_SECOND_CHANCE = 22.2504034143
"""The public solo analysis's best expected round score with numbers, modifiers and Second Chance (88 cards)."""
PUBLIC_FULL = 20.2980220287
"""The same with all 94 cards (a C++ solver, over 1,208,732,216 states)."""
SECOND_CHANCE_VALUE = Fraction(125612523067303642675809551341757623, 5645404298010639798130381286400000)
"""The exact best expected round score with numbers, modifiers and Second Chance: 22.250403414255..."""
SECOND_CHANCE_STATES = 22_766_464
"""The states of that solve (free and forced)."""


def _check_every_card_sample(arrays: Mapping[str, Any], rng: Any) -> None:
    """The shipped tables against the solver: the Second Chance deck solved again exactly (about 20 s) and compared
    array for array, and the full deck's table holding the public figure (its 3-minute solve runs only when named:
    ``make solve-flip7``). ``rng`` is unused: this sample is the same every time."""
    name = "numbers+modifiers+second-chance"
    solved = solve_solo(DECKS[name].counts, name=name, big=True)
    if solved.value != SECOND_CHANCE_VALUE or solved.states != SECOND_CHANCE_STATES:
        raise AssertionError(f"the Second Chance deck solves to {solved.value} over {solved.states:,} states")
    for key, array in solved.arrays(name).items():
        if key not in arrays or not np.array_equal(arrays[key], array):
            raise AssertionError(f"the shipped {key} is not what the solver gives now: make solve-flip7")
    full = SoloSolution.from_arrays(arrays, "full")
    if (full.exact or full.reading != "stack" or full.counts != DECK_COUNTS
            or abs(float(full.value) - PUBLIC_FULL) > 5e-11):
        raise AssertionError(f"the shipped full deck's table says {full.value} ({full.reading}, exact={full.exact})")
    if full.states != 1_047_257_344:
        raise AssertionError(f"the shipped full deck's table was solved over {full.states:,} states")


@shipped("data/solo_all.npz", cases=lambda: [()], encoding=NPZ, long=True, check_sample=_check_every_card_sample,
         about="a lone player's best play with action cards: the numbers+modifiers+second-chance deck (exact) and "
               "the full deck of 94 cards (float64, the 'stack' reading), each as its value and one bit a position")
def every_card_tables() -> dict[str, np.ndarray]:
    """The best solo play of the two big decks, solved now and laid out as named arrays: the Second Chance deck
    exactly (about 20 s), the full deck in float64 (about 3 minutes and 5 GB): ``make solve-flip7``."""
    arrays: dict[str, np.ndarray] = {}
    for name, exact in (("numbers+modifiers+second-chance", True), ("full", False)):
        arrays.update(solve_solo(DECKS[name].counts, exact=exact, name=name, big=True).arrays(name))
    return arrays


def _every_card_entry() -> Any:
    return every_card_tables.shipped  # type: ignore[attr-defined]
