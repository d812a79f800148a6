"""Computer players for Flip 7, a fast game runner for tournaments, and a vectorised solo-round simulator.

A bot answers two questions: hit or stay (``wants_hit``), and who gets an action card (``choose_target``).
``policy(bot)`` turns it into a core policy ``policy(state, rng) -> move``; ``play_game`` plays whole games on
the rules' own working table (no copies of frozen states), so tournaments are fast and still use every rule.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from ..core.args import axes, flag, instance, items, limit, one_of, optional_flag, rng_arg, seed_arg, text, whole
from ..core.game import Move
from ..core.sim import Tally, tally
from .odds import _solve, solo_optimal
from .rules import (
    ACTIONS,
    CARDS,
    FLIP_THREE,
    FREEZE,
    HIT,
    INDEX,
    STAY,
    TARGET,
    Flip7Game,
    Hand,
    _opening_table,
    _Table,
    deck_counts,
    draw_card,
)

MOST_TARGET = 2_000  # a game to more points than this takes too long to play many times


def _check_bots(bots) -> tuple:
    bots = items(bots, "bots", low=1, high=10)
    for bot in bots:
        instance(bot, "each bot", Bot, "a Bot, for example StopAtSum(23) or CardCounter()")
    return bots


def _check_numbers(numbers, name: str) -> tuple[int, ...]:
    numbers = items(numbers, name, high=7)
    for h in numbers:
        whole(h, f"each card of {name}", 0, 12)
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"{name} holds each number at most once (a second one would have been a bust)")
    return numbers


def _check_deck(deck, name: str = "deck") -> tuple[int, ...]:
    deck = items(deck, name, low=len(CARDS), high=len(CARDS))
    for count in deck:
        whole(count, f"each count of {name}", 0, 10_000)
    return deck

__all__ = [
    "Bot", "AlwaysHit", "StopAtSum", "StopAtRisk", "Optimal", "CardCounter", "policy", "play_game",
    "win_rates", "plot_win_rates", "simulate_threshold_rounds", "choose_target", "live_bust_probability",
    "never_stop_round", "KIT_BOTS",
]


def live_bust_probability(numbers: Sequence[int], deck: Sequence[int]) -> Fraction:
    """The true chance that the next card busts, from the deck as it is now (every card in Flip 7 is face up).
    An empty deck will be refilled from the discards, which the caller passes instead."""
    numbers, deck = _check_numbers(numbers, "numbers"), _check_deck(deck)
    total = sum(deck)
    return Fraction(sum(deck[INDEX[h]] for h in numbers), total) if total else Fraction(0)


def choose_target(owner: int, card: str, hands: Sequence[Hand], totals: Sequence[int], targets: Sequence[int]) -> int:
    """The bots' shared targeting: freeze the opponent closest to winning, make the opponent holding the most
    numbers flip three (the likeliest to bust), give a spare Second Chance to the player furthest behind."""
    hands = items(hands, "hands", low=1, high=10)
    totals = items(totals, "totals", low=len(hands), high=len(hands))
    targets = items(targets, "targets", low=1, high=len(hands))
    whole(owner, "owner", 0, len(hands) - 1)
    one_of(card, "card", ACTIONS)
    for h in hands:
        instance(h, "each hand", Hand, "a Hand (a row of the game, state.hands[p])")
    for t in totals:
        whole(t, "each total", 0)
    for p in targets:
        whole(p, "each target", 0, len(hands) - 1)
    return _choose_target(owner, card, hands, totals, targets)


def _choose_target(owner: int, card: str, hands, totals, targets) -> int:
    """choose_target's rule, on arguments already checked (the game runner's own table)."""
    others = [p for p in targets if p != owner] or list(targets)
    if card == FREEZE:
        return max(others, key=lambda p: (totals[p] + hands[p].score(), -p))
    if card == FLIP_THREE:
        return max(others, key=lambda p: (len(hands[p].numbers), totals[p], -p))
    return min(others, key=lambda p: (totals[p], p))


@dataclass(frozen=True)
class Bot:
    """A computer player; subclasses decide hit or stay from the hand and the deck left.

    The bots judge a hand by its numbers and modifiers; a Second Chance in front of them does not change
    their choice (a simplification: it would make hitting a little safer).
    """

    @property
    def name(self) -> str:
        """A short readable name for tables and plots."""
        return type(self).__name__

    def wants_hit(self, hand: Hand, deck: Sequence[int]) -> bool:
        """Whether to take another card."""
        raise NotImplementedError

    def choose_target(self, owner, card, hands, totals, targets) -> int:
        """Who gets an action card this bot drew."""
        return choose_target(owner, card, hands, totals, targets)


@dataclass(frozen=True)
class AlwaysHit(Bot):
    """Never stops: the round ends for it with a bust, a Freeze or a Flip 7."""

    name = "always hit"

    def wants_hit(self, hand, deck) -> bool:
        return True


@dataclass(frozen=True)
class StopAtSum(Bot):
    """Stops as soon as the round score reaches ``stop_at``."""

    stop_at: int = 23

    def __post_init__(self):
        if isinstance(self.stop_at, bool) or not isinstance(self.stop_at, int) or self.stop_at < 0:
            raise ValueError("stop_at must be a whole number of points, 0 or more")

    @property
    def name(self) -> str:
        return f"stop at {self.stop_at}"

    def wants_hit(self, hand, deck) -> bool:
        return hand.score() < self.stop_at


@dataclass(frozen=True)
class StopAtRisk(Bot):
    """Stops as soon as the chance that the next card busts is above ``risk``."""

    risk: Fraction = Fraction(1, 4)

    def __post_init__(self):
        if isinstance(self.risk, bool) or not isinstance(self.risk, (int, float, Fraction)):
            raise TypeError("risk is a probability, for example Fraction(1, 4)")
        if isinstance(self.risk, float) and not 0 <= self.risk <= 1:  # (nan and infinity included)
            raise ValueError("risk is a probability: it must lie between 0 and 1")
        risk = Fraction(self.risk) if not isinstance(self.risk, float) else Fraction(self.risk).limit_denominator(1000)
        if not 0 <= risk <= 1:
            raise ValueError("risk is a probability: it must lie between 0 and 1")
        object.__setattr__(self, "risk", risk)

    @property
    def name(self) -> str:
        return f"risk ≤ {self.risk}"

    def wants_hit(self, hand, deck) -> bool:
        # live_bust_probability without its argument checks (the game hands over a well-formed deck), compared as
        # whole numbers: busting / total <= p / q
        busting, total = sum(map(deck.__getitem__, hand.numbers)), sum(deck)  # (a number is its own index)
        return busting * self.risk.denominator <= self.risk.numerator * total if total else True


@dataclass(frozen=True)
class Optimal(Bot):
    """Follows the exact optimum of a lone player on a fresh numbers deck (it ignores what has been seen).

    With modifiers in front of it, the same numbers-deck recursion is solved from its hand, the modifiers counted
    in the score (a few milliseconds, remembered), so its first decision is instant.
    """

    name = "optimal"

    def wants_hit(self, hand, deck) -> bool:
        modifiers = hand.modifiers
        return _optimal_numbers_hit(tuple(hand.numbers), tuple(sorted(modifiers)) if modifiers else ())


@lru_cache(maxsize=1)
def _numbers_decisions():
    """The decisions of solo_optimal('numbers'), fetched once (they never change)."""
    return solo_optimal("numbers").decisions


@cache
def _optimal_numbers_hit(numbers: tuple, modifiers: tuple) -> bool:
    if not modifiers:
        decisions = _numbers_decisions()
        key = sum(1 << h for h in set(numbers))
        # optimum.hit(numbers) without re-checking the hand (a row of the game); it explains a hand it lacks
        return decisions[key] if key in decisions else solo_optimal("numbers").hit(numbers)
    from .deck_odds import numbers_deck_hit

    # what _counting_hit(fresh numbers deck, numbers, modifiers, fresh=True) says, from one numpy table per
    # (x2, +N) pair rather than one recursion per hand (tests/test_flip7_bots.py compares them)
    plus = sum(int(m[1:]) for m in set(modifiers) if m != "x2")
    return numbers_deck_hit(numbers, 2 if "x2" in modifiers else 1, plus)


@dataclass(frozen=True)
class CardCounter(Bot):
    """The exact optimum of a lone player for the deck actually left: it counts every card seen since the last
    reshuffle (all cards in Flip 7 are face up), so late in a deck it knows which numbers are gone."""

    name = "card counter"

    def wants_hit(self, hand, deck) -> bool:
        return _counting_hit(tuple(deck[:13]), hand.numbers, hand.modifiers)


@lru_cache(maxsize=200_000)
def _counting_hit(number_counts: tuple, numbers: tuple, modifiers: tuple, fresh: bool = False) -> bool:
    """Hit if drawing on (best play afterwards) beats staying, on a numbers-only deck with these counts left."""
    counts = list(number_counts) + [0] * (len(CARDS) - 13)
    if fresh:
        for h in numbers:
            counts[h] -= 1
    if sum(counts) == 0:
        return False
    held = tuple(sorted(set(numbers)))
    # shortcut: if one more card (then staying) gains on average, hitting beats staying, so the optimum hits
    factor = 2 if "x2" in modifiers else 1
    now = sum(held) * factor + sum(int(m[1:]) for m in modifiers if m != "x2")
    bonus = 15 if len(held) + 1 >= 7 else 0
    gain = sum(counts[v] * (v * factor + bonus) for v in range(13) if v not in held)
    gain -= now * sum(counts[h] for h in held)
    if gain > 0:
        return True
    _, table = _solve(tuple(counts), held, tuple(sorted(set(modifiers))))
    key = sum(1 << h for h in held) | sum(1 << ("+2", "+4", "+6", "+8", "+10", "x2").index(m) for m in set(modifiers)) << 13
    return table.get(key, False)


KIT_BOTS: tuple = (AlwaysHit, StopAtSum, StopAtRisk, Optimal, CardCounter)
"""The kit's own kinds of bot (a subclass a student writes is not one of them)."""


def policy(bot: Bot) -> Callable:
    """The bot as a core policy ``policy(state, rng) -> move`` (hit/stay on its turn, a target when asked)."""
    instance(bot, "bot", Bot, "a Bot, for example StopAtSum(23) or CardCounter()")

    def play(state: Flip7Game, rng: random.Random):
        if state.pending:
            owner, card = state.pending[0]
            target = bot.choose_target(owner, card, state.hands, state.totals, state.targets_for(owner, card))
            return Move("target", (card, target))
        deck = state.deck if any(state.deck) else state.discard
        return HIT if bot.wants_hit(state.hands[state.turn], deck) else STAY

    play.__name__ = bot.name
    return play


def play_game(bots: Sequence[Bot], rng: random.Random, *, target: int = TARGET, dealer: int = 0,
              start: Flip7Game | None = None) -> Flip7Game:
    """Play one whole game between ``bots`` (one a seat) and return the final state.

    Uses the rules' working table directly (a draw is ``draw_card``: count / total, the same chances as the
    state's ``chance_outcomes``), so it plays exactly the game that ``Flip7Game.play`` would, only faster.
    """
    bots = _check_bots(bots)
    rng_arg(rng)
    whole(target, "target", 1, MOST_TARGET)
    whole(dealer, "dealer", 0, len(bots) - 1)
    if start is not None:
        instance(start, "start", Flip7Game, "a Flip7Game (or None for a new game)")
        limit(start.target, MOST_TARGET, "start's target score")
    if start is None:  # a new game: its working table directly (new_game would freeze it, to be thawed here)
        t = _opening_table(len(bots), dealer, target, talk=False)
    else:
        if start.players != len(bots):
            raise ValueError(f"this game has {start.players} players but {len(bots)} bots were given")
        t = _Table(start, talk=False)
        t.receiver = start.receiver
    advance, receive = t.advance, t.receive  # (bound once: this loop runs about 150 times a game)
    wants_hit = [bot.wants_hit for bot in bots]
    # the kit's own targeting is called without re-checking the table it was handed (the table is well-formed)
    targeting = [_choose_target if type(bot).choose_target is Bot.choose_target else bot.choose_target
                 for bot in bots]
    for _ in range(1_000_000):
        advance()
        if t.finished:
            return t.freeze()
        receiver = t.receiver
        if receiver is None:
            if t.pending:
                owner, card = t.pending[0]
                targets = t._targets(owner, card)
                t.resolve_target(targeting[owner](owner, card, t.hands, t.totals, targets))
                continue
            turn, deck = t.turn, t.deck
            t.turn_done = True
            if not wants_hit[turn](t.hands[turn], deck if any(deck) else t.discard):
                t.hands[turn] = t.hands[turn]._replace(status="stopped")
                continue
            if not t._ready_to_draw(turn):
                continue
            receiver = turn  # a hit is drawn at once (advance() would find nothing to do before the draw)
        t.receiver = None
        receive(receiver, draw_card(t.deck, rng))
    raise RuntimeError("the game did not end: a rule may let it loop")


def win_rates(bots: Sequence[Bot], n: int, seed: int, *, target: int = TARGET, rotate_dealer: bool = True,
              show_progress: bool | None = None, play_now: bool = False) -> Tally:
    """Play n seeded games and tally the winning seat (the dealer moves round the table from game to game).

    A tournament the lesson plays (the kit's own bots, the lesson's seed) is read from the record of its games
    shipped with the kit (``tables.shipped_win_rates``): the same Tally, without playing the games again;
    ``play_now`` plays it all the same."""
    bots = _check_bots(bots)
    whole(target, "target", 1, MOST_TARGET)
    limit(whole(n, "n", 1) * max(target, 200) // 200, 10_000, "n games (counted in games to 200 points)",
          "play fewer games or use a lower target")
    seed_arg(seed)
    flag(rotate_dealer, "rotate_dealer")
    optional_flag(show_progress, "show_progress")
    flag(play_now, "play_now")
    if not play_now and all(type(bot) in KIT_BOTS for bot in bots):  # a student's own bot is always played
        from .tables import shipped_win_rates

        shipped = shipped_win_rates(bots, n, seed, target, rotate_dealer)
        if shipped is not None:
            return shipped
    return tally(_game_winner(bots, target, rotate_dealer), n, seed, show_progress=show_progress)


def _game_winner(bots: Sequence[Bot], target: int, rotate_dealer: bool) -> Callable[[random.Random], int]:
    """The trial ``win_rates`` tallies: play one game and return the winner's seat; with ``rotate_dealer`` the
    k-th game it plays is dealt by seat k mod the number of players."""
    counter = {"game": 0}

    def trial(rng: random.Random):
        dealer = counter["game"] % len(bots) if rotate_dealer else 0
        counter["game"] += 1
        return play_game(bots, rng, target=target, dealer=dealer).winner()

    return trial


def plot_win_rates(result: Tally, bots: Sequence[Bot], ax=None, *, title: str = "Win rates (95% intervals)"):
    """Bar chart of each bot's share of wins with its confidence interval, and the fair share as a line."""
    from ..core.sim import plot_tally

    instance(result, "result", Tally, "the Tally that win_rates returned")
    bots = _check_bots(bots)
    axes(ax)
    text(title, "title")
    names = {i: f"{i}: {b.name}" for i, b in enumerate(bots)}
    ax = plot_tally(result, {i: Fraction(1, len(bots)) for i in range(len(bots))}, ax, title=title, names=names)
    ax.set_ylabel("share of games won (red: a fair 1/n)")
    return ax


# ---------------------------------------------------------------------------------------------------------
# many solo rounds at once, with numpy

def simulate_threshold_rounds(stop_at: int, n: int, rng: random.Random, *, deck: str = "numbers"):
    """The round scores of n independent lone-player rounds on a fresh deck with the rule 'stop at stop_at',
    all played at once with numpy.

    A draw picks one of the deck's physical cards uniformly and draws again if it picked a card already in the
    player's row (one copy of each kind held): that is exactly a uniform draw from the cards left, since which
    copy of a number left the deck makes no difference.
    """
    import numpy as np

    rng_arg(rng)
    limit(whole(n, "n", 1), 2_000_000, "n rounds at once")
    whole(stop_at, "stop_at", 0)
    if deck not in ("numbers", "numbers+modifiers"):
        raise ValueError("simulate_threshold_rounds works on deck='numbers' or deck='numbers+modifiers'")
    gen = np.random.default_rng(rng.getrandbits(64))
    counts = np.array(deck_counts(deck)[:19])
    kind_of = np.repeat(np.arange(19), counts)                   # the kind of each physical card
    first_copy = np.zeros(kind_of.size, dtype=bool)
    first_copy[np.cumsum(counts)[counts > 0] - counts[counts > 0]] = True
    card_value = np.array(list(range(13)) + [2, 4, 6, 8, 10, 0])
    held = np.zeros((n, 19), dtype=bool)
    numbers_sum = np.zeros(n, dtype=np.int64)
    plus = np.zeros(n, dtype=np.int64)
    factor = np.ones(n, dtype=np.int64)
    n_numbers = np.zeros(n, dtype=np.int64)
    busted = np.zeros(n, dtype=bool)
    idx = np.arange(n)
    while idx.size:
        idx = idx[(numbers_sum[idx] * factor[idx] + plus[idx] < stop_at) & (n_numbers[idx] < 7)]
        if not idx.size:
            break
        position = gen.integers(0, kind_of.size, size=idx.size)
        again = first_copy[position] & held[idx, kind_of[position]]
        while again.any():
            position[again] = gen.integers(0, kind_of.size, size=int(again.sum()))
            again = first_copy[position] & held[idx, kind_of[position]]
        kind = kind_of[position]
        dup = held[idx, kind]
        busted[idx[dup]] = True
        idx, kind = idx[~dup], kind[~dup]
        held[idx, kind] = True
        is_number = kind < 13
        numbers_sum[idx] += np.where(is_number, card_value[kind], 0)
        n_numbers[idx] += is_number
        plus[idx] += np.where(is_number, 0, card_value[kind])
        factor[idx[kind == 18]] = 2
    score = numbers_sum * factor + plus + 15 * (n_numbers >= 7)
    return np.where(busted, 0, score)


_NUMBER_CARDS = [v for v in range(13) for _ in range(max(v, 1))]


def never_stop_round(rng: random.Random):
    """One lone round on the numbers deck by a player who never stops: the count of numbers held when the bust
    comes, or 'Flip 7'. (The first eight cards of a shuffled deck decide it.)"""
    rng_arg(rng)
    held = set()
    for card in rng.sample(_NUMBER_CARDS, 8):
        if card in held:
            return len(held)
        held.add(card)
        if len(held) == 7:
            return "Flip 7"
    raise AssertionError("unreachable: eight cards always hold a duplicate or seven different numbers")
