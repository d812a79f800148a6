"""Computer players for Speed: reaction profiles (how fast) and card-choice policies (which card), and fast
simulations of games played by bots: whole rounds and matches for win rates against the speed ratio, and deals
shuffled by numpy, thousands at once.

A policy is ``policy(state, rng) -> move`` as everywhere in the kit. The choice itself is made by
``choose_play`` on plain ranks, which the fast simulator ``fast_round`` calls too, so both make the same
choices; ``fast_round`` follows the rules of ``rules.SpeedState`` step for step on mutable lists (a test replays
its record through ``SpeedState.play`` to prove they agree).

The lesson's seeded tournaments ship with the kit as who won each round or match (``data/``, played once by
``round_winners`` and ``match_winners``, ``python -m circuslib ship``): a class of thirty does not play the same
14,000 rounds thirty times. A call asking for a shipped run, or for its beginning, reads it; any other call plays.
"""
from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from ..core.args import (
    flag,
    instance,
    items,
    limit,
    one_of,
    optional_flag,
    rng_arg,
    whole,
)
from ..core.game import describe
from ..core.shipped import record, shipped
from ..core.sim import Estimate, Tally, progress
from .odds import _longest
from .rules import (
    ONE_DECK,
    SETUPS,
    TWO_DECKS,
    FlipFaceUp,
    Match,
    Play,
    Race,
    SpeedOptions,
    SpeedState,
    _deck_order,
    _fits,
    _rate_pair,
    _stock_of,
    cut,
    gather,
    setup_name,
    setup_named,
)

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "PROFILES", "POLICIES", "choose_play", "first_playable", "longest_chain_first", "block_opponent",
    "random_playable", "policy", "fast_round", "RoundResult", "win_rate", "win_rate_curve",
    "mean_reaction_time", "play_match", "round_winners", "match_winners", "simulated_matches", "stalemate_deals",
    "simulate_stalemates", "RATIO_GRID",
]

PROFILES: dict[str, Fraction] = {"slow": Fraction(1), "average": Fraction(2), "fast": Fraction(4)}
"""Reaction rates in moves per second: the mean reaction time is 1 / rate (1 s, 0.5 s, 0.25 s)."""

POLICIES = ("first", "longest", "block", "random")


def mean_reaction_time(profile: str | int | Fraction) -> Fraction:
    """The average delay before a player with this profile (or rate) moves: 1 / rate seconds."""
    rate = PROFILES[profile] if isinstance(profile, str) and profile in PROFILES else profile
    if isinstance(rate, str) or rate is None:
        raise ValueError(f"unknown profile {profile!r}; the profiles are {', '.join(PROFILES)}")
    return 1 / _rate_pair((rate, 1))[0]


def _chain_after(mine: Sequence[int | None], slot: int) -> int:
    """How many more of my cards could follow the card of ``slot`` on its pile (longest chain after it)."""
    counts = [0] * 13
    for i, card in enumerate(mine):
        if card is not None and i != slot:
            counts[card - 1] += 1
    return _longest(tuple(counts), mine[slot])


def choose_play(kind: str, mine: Sequence[int | None], theirs: Sequence[int | None], tops: Sequence[int],
                rng: random.Random) -> tuple[int, int]:
    """The (place, pile) a policy of this kind picks, from my face-up cards, the opponent's, and the two tops.

    "first": the first card that fits (places left to right, pile A before B); "longest": the card that starts
    the longest chain of my cards; "block": the card that leaves the opponent the fewest playable cards (then the
    longest chain); "random": any fitting card.
    """
    one_of(kind, "the policy (the kind of bot)", POLICIES)
    mine, theirs = _places(mine, "mine"), _places(theirs, "theirs")
    tops = items(tops, "tops", low=1, high=2)
    for top in tops:
        whole(top, "each top", 1, 13)
    rng_arg(rng)
    if kind == "first":  # the commonest bot, so it stops at the first card that fits
        for i, card in enumerate(mine):
            if card is not None:
                for p, top in enumerate(tops):
                    if (card - top) % 13 in (1, 12):
                        return (i, p)
    options = [(i, p) for i, card in enumerate(mine) if card is not None
               for p, top in enumerate(tops) if (card - top) % 13 in (1, 12)]
    if not options:
        raise ValueError("no face-up card fits a centre top, so there is nothing to choose")
    if kind == "random":
        return options[rng.randrange(len(options))]
    if kind == "longest":
        return max(options, key=lambda o: _chain_after(mine, o[0]))  # max keeps the first of equals
    if kind == "block":
        def their_plays(option: tuple[int, int]) -> int:
            slot, pile = option
            new_tops = list(tops)
            new_tops[pile] = mine[slot]
            return sum(1 for c in theirs if c is not None and any(_fits(c, t) for t in new_tops))
        return max(options, key=lambda o: (-their_plays(o), _chain_after(mine, o[0])))
    raise AssertionError(f"every policy is handled above, and {kind!r} is one of them")


def _policy_pair(policies: Any) -> tuple[str, str]:
    """The two players' policies, each the name of one of the kit's bots."""
    first, second = items(policies, "policies (one bot's name for each player)", low=2, high=2)
    return one_of(first, "each policy", POLICIES), one_of(second, "each policy", POLICIES)


def _places(cards: Any, name: str) -> tuple[int | None, ...]:
    """Face-up cards as ranks 1 to 13, None for an empty place."""
    return tuple(None if card is None else whole(card, f"each card of {name} (a rank, or None for an empty place)",
                                                 1, 13) for card in items(cards, name, high=20))


def _choose_flip(mine: Sequence[int | None]) -> int:
    """At a stalemate with an empty pile: flip the first face-up card (the kit's bots keep it simple)."""
    return next(i for i, c in enumerate(mine) if c is not None)


def policy(kind: str) -> Callable[[SpeedState, random.Random], Play | FlipFaceUp]:
    """A kit policy ``policy(state, rng) -> move`` that chooses cards the ``kind`` way."""
    one_of(kind, "the policy (the kind of bot)", POLICIES)

    def play(state: SpeedState, rng: random.Random) -> Play | FlipFaceUp:
        instance(state, "state", SpeedState, "a SpeedState (a Speed position)")
        rng_arg(rng)
        if state.current_player < 0:
            raise ValueError(f"no player is to move in this position ({state.step}): a bot only chooses plays")
        me = state.current_player
        mine = state.face_up(me)
        if state.step == "choose-flip":
            return FlipFaceUp(_choose_flip(mine))
        # a player plays only once both centre piles have a top (choose_play refuses an empty one)
        slot, pile = choose_play(kind, mine, state.face_up(1 - me), cast("tuple[int, int]", state.tops()), rng)
        card = mine[slot]
        assert card is not None, "choose_play picks a place that holds a card"
        return Play(int(card), slot, pile)  # a plain rank, as the rules list their moves

    play.__name__ = f"{kind}_policy"
    play.__doc__ = f"Speed bot choosing cards the {kind!r} way."
    return play


first_playable = policy("first")
longest_chain_first = policy("longest")
block_opponent = policy("block")
random_playable = policy("random")


# ---------------------------------------------------------------------------------------------------------
# the fast simulator

class RoundResult(tuple[Any, ...]):
    """(winner, scores, steps, record, final): winner 0, 1 or "tie"; record lists every step if asked for;
    final is the finished round as a ``SpeedState`` (where every card lies, for the next round's deal)."""

    @property
    def winner(self) -> int | str:
        """0 or 1 for the winner, "tie" if both emptied their hands together."""
        return cast("int | str", self[0])

    @property
    def scores(self) -> tuple[int, int]:
        """The round's points: the winner scores the cards the loser still holds."""
        return cast("tuple[int, int]", self[1])

    @property
    def steps(self) -> int:
        """How many steps the round took (draws, flips, races and plays)."""
        return cast("int", self[2])

    @property
    def record(self) -> list[Any] | None:
        """Every step in order (draws as ranks, races, plays, flips) when asked for, else None."""
        return cast("list[Any] | None", self[3])

    @property
    def final(self) -> SpeedState:
        """The finished round: centre piles, face-up cards and what is left in each pile."""
        return cast("SpeedState", self[4])


def fast_round(setup: SpeedOptions = TWO_DECKS, rng: random.Random | None = None,
               policies: Sequence[str] = ("first", "first"), rates: tuple[Any, ...] = (1, 1), *, record: bool = False,
               max_steps: int = 200_000, order: Sequence[int] | None = None) -> RoundResult:
    """Play one round between two bots on plain lists (the same rules as SpeedState, about 20 times faster).

    ``order``: a one-deck order to deal unshuffled (as ``rules.new_game(setup, order=...)``), for a round after a
    cut; by default the piles are shuffled. Crapette rapide as the rules deal it: 15 cards each, all in the heaps,
    the two centre cards from the rest of the deck, heap tops flipped at a stalemate, and shedding the 15 wins.
    """
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    rng = rng_arg(rng)
    policies = _policy_pair(policies)
    flag(record, "record")
    limit(whole(max_steps, "max_steps", 1), 2_000_000, "max_steps")
    r0, r1 = _rate_pair(rates)
    p_first = float(r0 / (r0 + r1))
    # the piles in a known order (a cut deck), top first, or None while they are shuffled
    stock = None
    if order is not None:
        stock = [list(part) for part in _stock_of(_deck_order(order, setup), setup)]
    n = setup.face_up
    pools = [[4] * 13] if setup.decks == 1 else [[4] * 13, [4] * 13]
    pool_of = (0, 0) if setup.decks == 1 else (0, 1)
    piles = [setup.cards_each, setup.cards_each]
    slots: list[list[list[int]]] = [[[] for _ in range(n)], [[] for _ in range(n)]]
    owed = list(setup.stacks) if setup.stacks else [0] * n
    to_deal = [owed[:], owed[:]]
    centre: list[list[int]] = [[], []]
    flips_due = [True, True]
    refills = setup.refills
    has_piles = setup.has_piles  # crapette rapide: no pile, so nothing to recycle and heap tops are flipped
    recycle = setup.both_piles_empty == "recycle" and has_piles
    skip_empty = setup.empty_pile == "skip"
    events: list[Any] = []  # every step, when a record is asked for

    # a card left face down in the centre by an odd recycle, or crapette's rest of the deck (dealt to nobody)
    spare = setup.undealt
    held = [setup.cards_each, setup.cards_each]  # pile plus face-up cards, kept up to date for speed

    def draw(p: int) -> int:
        pool = pools[pool_of[p]]
        if stock is not None:  # a cut deck: the next card is known
            rank = stock[p].pop(0)
            pool[rank - 1] -= 1
            piles[p] -= 1
            return rank
        ticket = rng.randrange(piles[0] + piles[1] + spare if pool_of[0] == pool_of[1] else piles[p])
        for i in range(13):
            ticket -= pool[i]
            if ticket < 0:
                pool[i] -= 1
                piles[p] -= 1
                return i + 1
        raise AssertionError("unreachable")

    def draw_rest() -> int:
        # a starting centre card of crapette, from the rest of the deck (one shared pool, dealt to nobody)
        nonlocal spare
        pool = pools[0]
        if stock is not None:
            rank = stock[2].pop(0)
        else:
            ticket, rank = rng.randrange(piles[0] + piles[1] + spare), 0
            while ticket >= 0:  # the ticket's card, counting the unseen cards rank by rank
                ticket -= pool[rank]
                rank += 1
        pool[rank - 1] -= 1
        spare -= 1
        return rank

    def tops_now() -> list[int | None]:
        return [centre[0][-1] if centre[0] else None, centre[1][-1] if centre[1] else None]

    def faces(p: int) -> list[int | None]:
        return [s[-1] if s else None for s in slots[p]]

    def first_fit(p: int, tops: list[int | None]) -> tuple[int, int] | None:
        # the (place, pile) of p's first card that fits, or None: "can p play?" and the "first" bot in one
        for i, s in enumerate(slots[p]):
            if s:
                c = s[-1]
                for j, t in enumerate(tops):
                    if t is not None and (c - t) % 13 in (1, 12):
                        return i, j
        return None

    # places waiting for a card: still being dealt (crapette) or empty and refilled (the other set-ups)
    want = [[bool(o) or refills for o in owed], [bool(o) or refills for o in owed]]
    wanting = [sum(want[0]), sum(want[1])]

    def pending() -> tuple[int, int] | None:
        for p in (0, 1):
            if piles[p] and wanting[p]:
                return p, want[p].index(True)
        return None

    def stalemate() -> None:
        # nobody can play and nothing is pending (SpeedState._settle): recycle if both piles are empty, then flip
        nonlocal pools, pool_of, spare, stock
        if not piles[0] and not piles[1] and recycle:
            under = centre[0][:-1] + centre[1][:-1]
            if under:
                counts = [sum(pool[i] for pool in pools) for i in range(13)]  # a spare card, if any
                for r in under:
                    counts[r - 1] += 1
                n = len(under) + spare
                pools, pool_of, spare, stock = [counts], (0, 0), n % 2, None  # shuffled back in
                piles[0] = piles[1] = n // 2
                held[0] += piles[0]
                held[1] += piles[1]
                centre[0], centre[1] = centre[0][-1:], centre[1][-1:]
        if skip_empty and (piles[0] or piles[1]):
            flips_due[0], flips_due[1] = piles[0] > 0, piles[1] > 0
        else:
            flips_due[0] = flips_due[1] = True

    steps = 0
    while steps < max_steps:
        steps += 1
        if not flips_due[0] and not flips_due[1] and (not held[0] or not held[1]):
            break
        if flips_due[0] or flips_due[1]:
            p = 0 if flips_due[0] else 1
            if not has_piles and not centre[p]:  # crapette's starting centre card, from the rest of the deck
                r = draw_rest()
                centre[p].append(r)
                if record:
                    events.append(r)
            elif piles[p]:
                r = draw(p)
                centre[p].append(r)
                held[p] -= 1
                if record:
                    events.append(r)
            else:
                slot = _choose_flip(faces(p))
                centre[p].append(slots[p][slot].pop())
                held[p] -= 1
                if refills and not slots[p][slot]:
                    want[p][slot] = True
                    wanting[p] += 1
                if record:
                    events.append(FlipFaceUp(slot))
            flips_due[p] = False
            continue
        spot = pending() if piles[0] or piles[1] else None
        if spot is not None:
            p, i = spot
            r = draw(p)
            slots[p][i].append(r)
            if to_deal[p][i]:
                to_deal[p][i] -= 1
            if not to_deal[p][i]:
                want[p][i] = False
                wanting[p] -= 1
            if record:
                events.append(r)
            continue
        tops = tops_now()
        f0, f1 = first_fit(0, tops), first_fit(1, tops)
        c0, c1 = f0 is not None, f1 is not None
        if not c0 and not c1:
            # the stalemate is found here, one loop later than SpeedState finds it, with nothing in between
            stalemate()
            continue
        if c0 and c1:
            mover = 0 if rng.random() < p_first else 1
            if record:
                events.append(Race(mover))
        else:
            mover = 0 if c0 else 1
        kind = policies[mover]
        if kind == "first":  # the same choice as choose_play("first", ...), found while checking who can play
            fit = f0 if mover == 0 else f1
            assert fit is not None, "the mover can play"
            slot, pile = fit
        else:  # both piles have a top once anyone can play
            mine = faces(mover)
            slot, pile = choose_play(kind, mine, faces(1 - mover) if kind == "block" else (),
                                     cast("list[int]", tops), rng)
        card = slots[mover][slot][-1]
        centre[pile].append(slots[mover][slot].pop())
        held[mover] -= 1
        if refills and not slots[mover][slot]:
            want[mover][slot] = True
            wanting[mover] += 1
        if record:
            events.append(Play(card, slot, pile))
    else:
        raise ValueError(f"the round did not end within max_steps={max_steps:,} steps; allow more steps")
    left = (held[0], held[1])
    assert left == tuple(piles[p] + sum(len(s) for s in slots[p]) for p in (0, 1))
    placed = tuple(tuple(tuple(s) for s in slots[p]) for p in (0, 1))
    final = SpeedState(setup=setup, pools=tuple(map(tuple, pools)), pool_of=pool_of, piles=(piles[0], piles[1]),
                       slots=(placed[0], placed[1]), to_deal=(tuple(to_deal[0]), tuple(to_deal[1])),
                       centre=(tuple(centre[0]), tuple(centre[1])),
                       flips_due=(False, False), rates=(r0, r1), spare=spare,
                       stock=None if stock is None else tuple(tuple(part) for part in stock))
    if left[0] == 0 and left[1] == 0:
        return RoundResult(("tie", (0, 0), steps, events if record else None, final))
    winner = 0 if left[0] == 0 else 1
    scores = (left[1], 0) if winner == 0 else (0, left[0])
    return RoundResult((winner, scores, steps, events if record else None, final))


def play_match(setup: SpeedOptions, rng: random.Random, policies: Sequence[str] = ("first", "first"),
               rates: tuple[Any, ...] = (1, 1), rounds: int = 3) -> Match:
    """A match of several rounds between two bots, each round scored by the cards the loser still holds.

    The first round is shuffled; the next ones are dealt as ``setup.between_rounds`` says: with one deck
    ("cut", the default) the cards are gathered, cut and dealt again without a shuffle (``rules.next_round``).
    """
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    rng_arg(rng)
    _rate_pair(rates)
    limit(whole(rounds, "rounds", 1), 1_000, "rounds")
    match = Match(rounds)
    order = None
    while not match.is_over():
        result = fast_round(setup, rng, policies, rates, order=order)
        if result.winner != "tie" or setup.both_out == "draw":  # a drawn round replayed does not count
            match = match.record_scores(result.scores)
        if setup.between_rounds == "cut":
            order = cut(gather(result.final, rng), rng)
    return match


# ---------------------------------------------------------------------------------------------------------
# the lesson's tournaments: who won each round or match, shipped

WINNERS = record({0: "0", 1: "1", "tie": "t", None: "n"})
"""Who won each round (0, 1, "tie") or match (0, 1, None for a tie), one character each."""


def _setup_key(setup: Any) -> Any:
    """A set-up as a shipped run names it: a named set-up by its name, others by every option but the name."""
    if not isinstance(setup, SpeedOptions):  # a call the function refuses: a key matching no shipped case
        return ["not a set-up", describe(setup)]
    if setup in SETUPS.values():
        return setup_name(setup)
    return [setup.decks, setup.face_up, setup.stacks, setup.empty_pile, setup.both_piles_empty, setup.between_rounds,
            setup.both_out]


def _ratio_key(ratio: Any) -> Any:
    """A speed ratio as a shipped run names it: exactly, as text ("1/4"), however it was given (1 or Fraction(1))."""
    return str(Fraction(ratio)) if type(ratio) in (int, Fraction) else describe(ratio)


# every seeded run of rounds the lesson plays: (policies, speed ratio, rounds, seed), one deck
_LESSON_RATIOS = (Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(4))
LESSON_ROUNDS: tuple[tuple[tuple[str, str], Fraction, int, int], ...] = tuple(
    [(("first", "first"), r, 400, 10 + i) for i, r in enumerate(_LESSON_RATIOS)]
    + [(("block", "first"), r, 400, 20 + i) for i, r in enumerate(_LESSON_RATIOS)]
    + [((kind, "first"), Fraction(1), 2000, 30) for kind in ("first", "random", "longest", "block")])

RATIO_GRID = tuple(Fraction(2) ** e for e in range(-3, 4))
"""The speed ratios the lesson's matches are played at: 1/8, 1/4, ..., 8."""


@shipped("data/round_winners.json", runs="n", encoding=WINNERS,
         cases=lambda: [dict(setup=ONE_DECK, policies=p, ratio=r, n=n, seed=s) for p, r, n, s in LESSON_ROUNDS],
         key=lambda setup, policies, ratio, n, seed, show_progress: [_setup_key(setup), policies, _ratio_key(ratio),
                                                                     seed],
         about="who won each round (0, 1, t = a tie) of the seeded rounds between bots that the Speed lesson plays")
def round_winners(setup: SpeedOptions, policies: Sequence[str], ratio: int | Fraction, n: int, seed: int, *,
                  show_progress: bool | None = None) -> tuple[Hashable, ...]:
    """Who won each of n seeded rounds between two bots (0, 1 or "tie"), player 0 reacting ``ratio`` times as fast
    as player 1: the rounds ``win_rate`` counts, in the order played."""
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    kinds = _policy_pair(policies)
    rates = _rate_pair((ratio, 1))
    limit(whole(n, "n (how many rounds)", 1), 20_000, "n rounds")
    rng = random.Random(whole(seed, "seed"))
    optional_flag(show_progress, "show_progress")
    return tuple(fast_round(setup, rng, kinds, rates).winner for _ in progress(range(n), n, show=show_progress))


def _tally_of(outcomes: Sequence[Hashable]) -> Tally:
    """The outcomes of a run counted in the order they came, as ``core.sim.tally`` counts them."""
    return Tally(Counter(outcomes), len(outcomes))


def win_rate(ratio: int | Fraction, n: int, seed: int, *, setup: SpeedOptions = TWO_DECKS,
             policies: Sequence[str] = ("first", "first"), show_progress: bool | None = None) -> Tally:
    """Who wins n seeded rounds when player 0 reacts ``ratio`` times as fast as player 1 (a Tally of 0/1/"tie").

    The lesson's own runs ship with the kit (``round_winners``): the same rounds, read instead of played again;
    any other run is played now."""
    rates = _rate_pair((ratio, 1))
    limit(whole(n, "n", 1), 20_000, "n rounds")
    whole(seed, "seed")
    optional_flag(show_progress, "show_progress")
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    return _tally_of(round_winners(setup, _policy_pair(policies), rates[0], n, seed, show_progress=show_progress))


# every seeded run of matches the lesson plays (its race explorer): set-up, rounds, speed ratio, matches, seed
LESSON_MATCHES = tuple(("one deck", 3, ratio, 100, 17) for ratio in RATIO_GRID)


def _match_stream(setup: SpeedOptions, rounds: int, ratio: Fraction, seed: int) -> int:
    """The seed of a run of matches: the same in every session, and another for each setting (a named set-up by
    its name, others by their options, so that equal options play the same matches)."""
    name = setup_name(setup) if setup in SETUPS.values() else repr(_setup_key(setup))
    return zlib.crc32(f"{name}|{rounds}|{ratio}|{seed}".encode())


@shipped("data/match_winners.json", runs="n", encoding=WINNERS,
         cases=lambda: [dict(setup=SETUPS[name], rounds=rounds, ratio=ratio, n=n, seed=seed)
                        for name, rounds, ratio, n, seed in LESSON_MATCHES],
         key=lambda setup, rounds, ratio, n, seed: [_setup_key(SETUPS.get(setup, setup) if type(setup) is str
                                                               else setup), rounds, _ratio_key(ratio), seed],
         about="who won each match (0, 1, n = a tie) of the seeded matches between first-card bots that the Speed "
               "lesson's race explorer shows")
def match_winners(setup: SpeedOptions | str, rounds: int, ratio: int | Fraction, n: int,
                  seed: int) -> tuple[Hashable, ...]:
    """Who won each of n seeded matches of ``rounds`` rounds between two first-card bots (0, 1, or None for a tie),
    player 0 reacting ``ratio`` times as fast as player 1."""
    options = setup_named(setup)
    limit(whole(rounds, "rounds (in a match)", 1), 1_000, "rounds")
    rates = _rate_pair((ratio, 1))
    limit(whole(n, "n (how many matches)", 1), 2_000, "n matches")
    rng = random.Random(_match_stream(options, rounds, rates[0], whole(seed, "seed")))
    return tuple(play_match(options, rng, ("first", "first"), rates, rounds).winner() for _ in range(n))


_MATCHES: dict[tuple[Any, ...], Tally] = {}  # each run of matches played once in a session


def simulated_matches(setup: SpeedOptions | str, rounds: int, ratio: int | Fraction, matches: int = 100,
                      seed: int = 17) -> Tally:
    """Who wins ``matches`` seeded matches of ``rounds`` rounds between two first-card bots, player 0 reacting
    ``ratio`` times as fast as player 1 (a Tally of 0, 1 and None for a tie). Kept: a second call is instant, and
    the lesson's runs ship with the kit (``match_winners``), so they are read, not played."""
    options = setup_named(setup)
    rate = _rate_pair((ratio, 1))[0]
    key = (options, whole(rounds, "rounds", 1), rate, whole(matches, "matches", 1), whole(seed, "seed"))
    if key not in _MATCHES:
        _MATCHES[key] = _tally_of(match_winners(options, rounds, rate, matches, seed))
    return _MATCHES[key]


def win_rate_curve(ratios: Sequence[Any], n: int, seed: int, *, setup: SpeedOptions = TWO_DECKS,
                   policies: Sequence[str] = ("first", "first")) -> list[tuple[Fraction, float, float, float]]:
    """For each speed ratio: (ratio, player 0's share of wins, low and high ends of its 95% interval)."""
    ratios = items(ratios, "ratios", low=1, high=50)
    for ratio in ratios:
        _rate_pair((ratio, 1))
    limit(whole(n, "n", 1) * len(ratios), 50_000, "n rounds times the number of ratios")
    whole(seed, "seed")
    rows = []
    for i, ratio in enumerate(progress(ratios, len(ratios), "speed ratios")):
        t = win_rate(ratio, n, seed + i, setup=setup, policies=policies, show_progress=False)
        lo, hi = t.interval(0)
        rows.append((Fraction(ratio), t.share(0), lo, hi))
    return rows


# ---------------------------------------------------------------------------------------------------------
# deals, thousands at once

MOST_DEALS = 200_000
"""The most deals dealt at once: 200,000 take about a second (two decks shuffle two 52-card decks a deal, a
million took 5 to 10 s on a busy machine); the lesson deals 2,000."""


def stalemate_deals(setup: SpeedOptions, n: int, seed: int) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """For n shuffled deals: (the two centre tops, each player's playable face-up cards) as numpy rank arrays.

    One deck: the first 2 + 2k cards of a shuffled deck are the tops and the k face-up cards each (which card
    goes where does not matter: every position of a shuffled deck holds a random card). Two decks: the first
    1 + k cards of each player's own shuffled deck. Crapette: only the top card of each heap can play, and the
    heap tops and the two centre cards (from the rest of the deck, dealt to nobody) are random cards of the deck
    like any others, so the tops and the k playable cards are drawn the same way.
    """
    import numpy as np

    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    whole(n, "n (a number of deals)", 1, MOST_DEALS)
    whole(seed, "seed (a whole number, so the run can be repeated)")
    k = setup.face_up
    generator = np.random.default_rng(seed)
    deck = np.arange(52, dtype=np.int8) // 4 + 1  # the ranks of one deck, four of each
    if setup.decks == 1:
        cards = generator.permuted(np.tile(deck, (n, 1)), axis=1)[:, :2 + 2 * k]
        return cards[:, :2], (cards[:, 2:2 + k], cards[:, 2 + k:])
    own = [generator.permuted(np.tile(deck, (n, 1)), axis=1)[:, :1 + k] for _ in (0, 1)]
    return np.stack([own[0][:, 0], own[1][:, 0]], axis=1), (own[0][:, 1:], own[1][:, 1:])


def simulate_stalemates(setup: SpeedOptions = ONE_DECK, n: int = 2000, seed: int = 1) -> Estimate:
    """The share of n shuffled deals where nobody can play at the start, with each deal's result kept (for a
    convergence plot): numpy deals them all at once, in milliseconds. The same chance model as the game's own
    draws (``rules.deal``); ``tests/test_speed_bots_graphs.py`` checks that both give the same distribution."""
    import numpy as np

    tops, hands = stalemate_deals(setup, n, seed)
    cards = np.concatenate(hands, axis=1)
    gap = (cards[:, :, None].astype(np.int16) - tops[:, None, :]) % 13  # each card against each top
    playable = ((gap == 1) | (gap == 12)).any(axis=(1, 2))
    return Estimate.from_values(~playable, keep=True)
