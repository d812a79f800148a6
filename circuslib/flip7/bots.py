"""Computer players for Flip 7, a fast game runner for tournaments, and a vectorised solo-round simulator.

A bot answers two questions: hit or stay (``wants_hit``), and who gets an action card (``choose_target``).
``policy(bot)`` turns it into a core policy ``policy(state, rng) -> move``; ``play_game`` plays whole games on
the rules' own working table (no copies of frozen states), so tournaments are fast and still use every rule.
The seeded tournaments the lesson plays are shipped as who won each game (``game_winners``, data/tournaments.json).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, cast

from ..core.args import (
    exact_number,
    flag,
    instance,
    items,
    limit,
    one_of,
    optional_flag,
    rng_arg,
    seed_arg,
    text,
    whole,
)
from ..core.game import Move
from ..core.shipped import record, shipped
from ..core.sim import Tally, progress
from .odds import _curve_deck, counted_hit, numbers_deck_hit, solo_optimal
from .rules import (
    ACTIONS,
    FLIP_THREE,
    FREEZE,
    HIT,
    STAY,
    TARGET,
    Flip7Options,
    Flip7State,
    Hand,
    _opening_table,
    _Table,
    draw_card,
)

__all__ = [
    "Bot", "AlwaysHit", "StopAtSum", "StopAtRisk", "Optimal", "CardCounter", "policy", "play_game",
    "win_rates", "game_winners", "plot_win_rates", "simulate_threshold_rounds", "choose_target", "never_stop_round",
    "KIT_BOTS", "LESSON_TOURNAMENTS",
]

MOST_TARGET = 2_000  # a game to more points than this takes too long to play many times


def _bots(bots: Any) -> tuple[Any, ...]:
    bots = items(bots, "bots", low=1, high=10)
    for bot in bots:
        instance(bot, "each bot", Bot, "a Bot, for example StopAtSum(23) or CardCounter()")
    return bots


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
        """Whether to take another card, holding ``hand`` with ``deck`` (counts in CARDS order) left."""
        raise NotImplementedError

    def choose_target(self, owner: int, card: str, hands: Sequence[Hand], totals: Sequence[int],
                      targets: Sequence[int]) -> int:
        """Who gets an action card this bot drew."""
        return choose_target(owner, card, hands, totals, targets)


@dataclass(frozen=True)
class AlwaysHit(Bot):
    """Never stops: the round ends for it with a bust, a Freeze or a Flip 7."""

    name = "always hit"

    def wants_hit(self, hand: Hand, deck: Sequence[int]) -> bool:
        """Always: one more card."""
        return True


@dataclass(frozen=True)
class StopAtSum(Bot):
    """Stops as soon as the round score reaches ``stop_at``."""

    stop_at: int = 23

    def __post_init__(self) -> None:
        whole(self.stop_at, "stop_at", 0)

    @property
    def name(self) -> str:
        """'stop at 23'."""
        return f"stop at {self.stop_at}"

    def wants_hit(self, hand: Hand, deck: Sequence[int]) -> bool:
        """While the round score is below stop_at."""
        return hand.score() < self.stop_at


@dataclass(frozen=True)
class StopAtRisk(Bot):
    """Stops as soon as the chance that the next card busts is above ``risk``."""

    risk: Fraction = Fraction(1, 4)

    def __post_init__(self) -> None:
        risk: Any = self.risk
        if isinstance(risk, float):  # a decimal such as 0.25, read as the fraction it stands for
            if not 0 <= risk <= 1:  # (nan and infinity included)
                raise ValueError("risk is a probability: it must lie between 0 and 1")
            risk = Fraction(risk).limit_denominator(1000)
        object.__setattr__(self, "risk", exact_number(risk, "risk (a probability)", low=0, high=1))

    @property
    def name(self) -> str:
        """'risk ≤ 1/4'."""
        return f"risk ≤ {self.risk}"

    def wants_hit(self, hand: Hand, deck: Sequence[int]) -> bool:
        """While the live chance of a bust is at most risk."""
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

    def wants_hit(self, hand: Hand, deck: Sequence[int]) -> bool:
        """When the fresh numbers deck's optimum hits this hand."""
        modifiers = hand.modifiers
        return _optimal_numbers_hit(tuple(hand.numbers), tuple(sorted(modifiers)) if modifiers else ())


@lru_cache(maxsize=1)
def _numbers_decisions():
    """The decisions of solo_optimal('numbers'), fetched once (they never change)."""
    return solo_optimal("numbers").decisions


@cache
def _optimal_numbers_hit(numbers: tuple[Any, ...], modifiers: tuple[Any, ...]) -> bool:
    if not modifiers:
        decisions = _numbers_decisions()
        key = sum(1 << h for h in set(numbers))
        # optimum.hit(numbers) without re-checking the hand (a row of the game); it explains a hand it lacks
        return decisions[key] if key in decisions else solo_optimal("numbers").hit(numbers)
    # what counted_hit(fresh numbers deck, numbers, modifiers, fresh=True) says, from one numpy table per
    # (x2, +N) pair rather than one recursion per hand (tests/test_flip7_bots.py compares them)
    plus = sum(int(m[1:]) for m in set(modifiers) if m != "x2")
    return numbers_deck_hit(numbers, 2 if "x2" in modifiers else 1, plus)


@dataclass(frozen=True)
class CardCounter(Bot):
    """The exact optimum of a lone player for the deck actually left: it counts every card seen since the last
    reshuffle (all cards in Flip 7 are face up), so late in a deck it knows which numbers are gone."""

    name = "card counter"

    def wants_hit(self, hand: Hand, deck: Sequence[int]) -> bool:
        """When the optimum for the numbers actually left hits this hand."""
        return counted_hit(tuple(deck[:13]), hand.numbers, hand.modifiers)


KIT_BOTS: tuple[Any, ...] = (AlwaysHit, StopAtSum, StopAtRisk, Optimal, CardCounter)
"""The kit's own kinds of bot (a subclass a student writes is not one of them)."""


def policy(bot: Bot) -> Callable[..., Any]:
    """The bot as a core policy ``policy(state, rng) -> move`` (hit/stay on its turn, a target when asked)."""
    instance(bot, "bot", Bot, "a Bot, for example StopAtSum(23) or CardCounter()")

    def play(state: Flip7State, rng: random.Random):
        if state.pending:
            owner, card = state.pending[0]
            target = bot.choose_target(owner, card, state.hands, state.totals, state.targets_for(owner, card))
            return Move("target", (card, target))
        deck = state.deck if any(state.deck) else state.discard
        return HIT if bot.wants_hit(state.hands[state.turn], deck) else STAY

    play.__name__ = bot.name
    return play


def _game_options(target: int, dealer: int, options: Flip7Options | None) -> Flip7Options:
    """The options a bots' game is played with: ``options``, or the default rulings with this target and dealer."""
    if options is None:
        return Flip7Options(target=whole(target, "target", 1, MOST_TARGET), dealer=whole(dealer, "dealer", 0, 9))
    instance(options, "options", Flip7Options, "Flip7Options(target=200, deck='full')")
    if target != TARGET or dealer != 0:
        raise ValueError("give the target and the dealer in the options, or without options, not both")
    limit(options.target, MOST_TARGET, "the options' target score")
    return options


def play_game(bots: Sequence[Bot], rng: random.Random, *, target: int = TARGET, dealer: int = 0,
              options: Flip7Options | None = None, start: Flip7State | None = None) -> Flip7State:
    """Play one whole game between ``bots`` (one a seat) and return the final state: a new game to ``target``
    dealt first by ``dealer`` (or as ``options`` say: deck, rulings), or the game ``start`` played on.

    Uses the rules' working table directly (a draw is ``draw_card``: count / total, the same chances as the
    state's ``chance_outcomes``), so it plays exactly the game that ``Flip7State.play`` would, only faster.
    """
    bots = _bots(bots)
    rng_arg(rng)
    options = _game_options(target, dealer, options)
    if options.dealer >= len(bots):
        raise ValueError(f"the dealer must be one of the {len(bots)} players, 0 to {len(bots) - 1}, not "
                         f"{options.dealer}")
    if start is None:  # a new game: its working table directly (new_game would freeze it, to be thawed here)
        t = _opening_table(len(bots), options.dealer, options, talk=False)
    else:
        instance(start, "start", Flip7State, "a Flip7State (or None for a new game)")
        limit(start.target, MOST_TARGET, "start's target score")
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


LESSON_TOURNAMENTS: tuple[Any, ...] = (
    {"bots": (AlwaysHit(), StopAtSum(23), StopAtRisk(Fraction(1, 4)), Optimal()), "n": 500, "seed": 2026},
)
"""Every seeded tournament the lesson plays (``game_winners``' arguments): who won each game is shipped."""


def _bot_name(bot: Bot) -> str:
    # a kit bot is a frozen dataclass: its repr names its kind and every setting it plays by, and its module says
    # whose it is (a student's bot of the same name and settings is another bot)
    return f"{type(bot).__module__}.{bot!r}"


def _tournament_key(bots: Sequence[Bot], n: int, seed: int | str, target: int = TARGET, rotate_dealer: bool = True,
                    options: Flip7Options | None = None, **_: Any) -> list[Any]:
    if type(n) is not int or n < 1:  # no record answers for no games: game_winners refuses them in its own words
        raise TypeError("n is a whole number of games, at least 1")
    return [[_bot_name(bot) for bot in bots], seed, target, rotate_dealer, None if options is None else repr(options)]


@shipped("data/tournaments.json", cases=lambda: LESSON_TOURNAMENTS, runs="n", key=_tournament_key,
         encoding=record({seat: str(seat) for seat in range(10)}),
         about="who won each game (the winner's seat) of the seeded tournaments of the Flip 7 lesson, as "
               "circuslib.flip7.bots.win_rates plays them (the key: the bots, the seed, the target, whether the "
               "dealer rotates, the options)")
def game_winners(bots: Sequence[Bot], n: int, seed: int | str, *, target: int = TARGET, rotate_dealer: bool = True,
                 options: Flip7Options | None = None, show_progress: bool | None = None) -> tuple[int, ...]:
    """Who won each of n seeded games between ``bots`` (the winner's seat), in the order they were played; with
    ``rotate_dealer`` the k-th game is dealt by seat k mod the number of players."""
    bots = _bots(bots)
    options = _game_options(target, 0, options)
    limit(whole(n, "n", 1) * max(options.target, 200) // 200, 10_000, "n games (counted in games to 200 points)",
          "play fewer games or use a lower target")
    seed_arg(seed)
    flag(rotate_dealer, "rotate_dealer")
    optional_flag(show_progress, "show_progress")
    rng = random.Random(seed)
    winners: list[int] = []
    for game in progress(range(n), n, "playing", show=show_progress):
        dealer = game % len(bots) if rotate_dealer else options.dealer
        game_options = options if dealer == options.dealer else replace(options, dealer=dealer)
        winners.append(cast(int, play_game(bots, rng, options=game_options).winner()))  # a game played ends
    return tuple(winners)


def win_rates(bots: Sequence[Bot], n: int, seed: int | str, *, target: int = TARGET, rotate_dealer: bool = True,
              options: Flip7Options | None = None, show_progress: bool | None = None,
              play_now: bool = False) -> Tally:
    """Play n seeded games and tally the winning seat (the dealer moves round the table from game to game).

    A tournament the lesson plays (the kit's own bots, the lesson's seed) is read from the record of its games
    shipped with the kit (``game_winners``): the same Tally, without playing the games again; ``play_now`` plays
    it all the same."""
    flag(play_now, "play_now")
    whole(n, "n", 1)
    play = game_winners.__wrapped__ if play_now else game_winners  # type: ignore[attr-defined]
    winners = play(bots, n, seed, target=target, rotate_dealer=rotate_dealer, options=options,
                   show_progress=show_progress)
    return Tally(Counter(winners), len(winners))


def plot_win_rates(result: Tally, bots: Sequence[Bot], *, title: str = "Win rates (95% intervals)") -> Any:
    """Bar chart of each bot's share of wins with its 95% interval, and the fair share 1/n as a line (a kit
    figure, drawn as SVG)."""
    from ..core.figures import Plot

    instance(result, "result", Tally, "the Tally that win_rates returned")
    bots = _bots(bots)
    text(title, "title")
    seats = range(len(bots))
    names = [f"{i}: {bot.name}" for i, bot in zip(seats, bots)]
    return (Plot(title, xlabel="seat: bot", ylabel="share of games won", ylim=(0, 1))
            .bars(names, [result.share(i) for i in seats], errors=[result.interval(i) for i in seats],
                  label=f"share of {result.n:,} games won, with its 95% interval")
            .hline(Fraction(1, len(bots)), label=f"a fair share, 1/{len(bots)}"))


# ---------------------------------------------------------------------------------------------------------
# many solo rounds at once, with numpy

def simulate_threshold_rounds(stop_at: int, n: int, rng: random.Random, *, deck: Any = "numbers") -> Any:
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
    deck = _curve_deck(deck)  # no action cards, one copy of each modifier at most, as threshold_value takes
    gen = np.random.default_rng(rng.getrandbits(64))
    counts = np.array(deck.counts[:19])
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


def never_stop_round(rng: random.Random) -> int | str:
    """One lone round on the numbers deck by a player who never stops: the count of numbers held when the bust
    comes, or 'Flip 7'. (The first eight cards of a shuffled deck decide it.)"""
    rng_arg(rng)
    held: set[int] = set()
    for card in rng.sample(_NUMBER_CARDS, 8):
        if card in held:
            return len(held)
        held.add(card)
        if len(held) == 7:
            return "Flip 7"
    raise AssertionError("unreachable: eight cards always hold a duplicate or seven different numbers")
