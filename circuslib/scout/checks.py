"""Self-checks for the Scout exercises (solutions/scout.ipynb) and the lesson's try-it cells.

Each check explains a wrong answer in one line and never gives the right one. Every exercise keeps, as data, the
wrong answers students are likely to give (its ``mistakes=``), each with the hint its check gives; the tests feed
them all through. The decks, hands and numbers asked about are new: the lesson prints none of these answers.
"""
from __future__ import annotations

import math
import numbers
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import permutations, product
from math import comb
from typing import Any, cast

from ..core.sim import wilson_interval
from ..core.teach import (
    DRAW_FROM_RNG,
    Checks,
    Exercise,
    Mistake,
    WrongAnswer,
    call_student,
    check_exact,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    repeatable,
    simulation_of,
)
from .bots import greedy_bot, random_bot
from .odds import mini_deck
from .rules import (
    FLIP_HAND,
    HAND_SIZE,
    KEEP_HAND,
    Scout,
    ScoutOptions,
    ScoutState,
    Show,
    beats,
    deal_round,
    deck_for,
    flip_hand,
    new_game,
    set_key,
)

__all__ = ["check", "small_deck", "BEATS_SETS", "BOT_GAMES", "SIM_GAMES"]

check = Checks("Scout")


def small_deck(top: int) -> tuple[tuple[int, int], ...]:
    """A small Scout deck: one card (a, b), a < b, for every pair of different numbers from 1 to ``top``."""
    return mini_deck(top)


def _up(hand: Any) -> list[int]:
    return [card[0] for card in hand]


def _step_of(values: Sequence[int]) -> int | None:
    """0 for a match, +1 for a run going up, -1 for a run going down (None: not a set of 2 or more)."""
    steps = {b - a for a, b in zip(values, values[1:])}
    return steps.pop() if len(steps) == 1 and steps <= {-1, 0, 1} else None


# ---------------------------------------------------------------------------------------------------------
# 1. counting cards: inclusion-exclusion on the 3-player deck

def _carrying(deck: Any, *numbers_: int) -> int:
    return sum(1 for card in deck if set(card) & set(numbers_))


@check.exercise(
    title="Cards that can show a 4 or a 7", practises="counting with inclusion–exclusion", stars=1, minutes=5,
    answer=lambda: _carrying(deck_for(3), 4, 7),  # 8 + 8 - 1: the 4/7 card carries both
    mistakes=[
        Mistake(8 + 8, "the 4/7 card carries both numbers: you counted it twice"),
        Mistake(9 + 9 - 1, "with 3 players the nine cards with a 10 are out, and so are the 4/10 and 7/10 cards"),
        Mistake(9 + 9, "the 4/7 card is counted twice, and with 3 players the cards with a 10 are out"),
        Mistake(8 + 8 - 2, "the 4/7 card was counted twice: take it away once, not twice"),
        Mistake(2 * (8 + 8 - 1), "a card is one card whichever end is up: do not count its two ways up"),
        Mistake(15.0, "a count is a whole number"),
    ])
def four_or_seven(answer: Any, exercise: Exercise) -> str:
    """How many cards of the 3-player deck carry a 4 or a 7 (or both)."""
    return check_integer(answer, exercise.expected, what="your number of cards", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 2. linearity of expectation: how many 5s face up in a 3-player hand

def _fives_up() -> Fraction:
    deck = deck_for(3)  # 36 cards: the nine cards with a 10 are out
    per_card = Fraction(_carrying(deck, 5), len(deck)) * Fraction(1, 2)  # carries a 5, and that end is up
    return 12 * per_card


@check.exercise(
    title="Fives facing up", practises="expected value by linearity of expectation", stars=1, minutes=5,
    answer=_fives_up,
    mistakes=[
        Mistake(Fraction(12 * 8, 36), "a card carrying a 5 is dealt either way up: it shows the 5 only half the "
                                      "time (you forgot the orientation)"),
        Mistake(Fraction(1, 9), "that is the chance for one card: the expected number adds it up over every card "
                                "of the hand"),
        Mistake(Fraction(8, 36), "that is the chance that one card carries a 5; the hand has 12 cards, and each is "
                                 "dealt either way up"),
        Mistake(Fraction(12 * 9, 90), "with 3 players the deck has 36 cards (the nine cards with a 10 are out), "
                                      "and eight of them carry a 5"),
        Mistake(1.3333, "give it exactly"),
    ])
def fives_facing_up(answer: Any, exercise: Exercise) -> str:
    """The expected number of cards showing a 5 in a 3-player hand of 12, as dealt."""
    return check_exact(answer, exercise.expected, what="your expected number", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 3. the hypergeometric law: at least three cards carrying a 10 in a 4-player hand

def _hypergeometric(j: int, carrying: int = 8, deck: int = 44, hand: int = 11) -> Fraction:
    return Fraction(comb(carrying, j) * comb(deck - carrying, hand - j), comb(deck, hand))


def _at_least_three_tens(carrying: int = 8, deck: int = 44) -> Fraction:
    return 1 - sum((_hypergeometric(j, carrying, deck) for j in range(3)), Fraction(0))


def _binomial_at_least_three() -> Fraction:
    p = Fraction(8, 44)
    return 1 - sum((comb(11, j) * p ** j * (1 - p) ** (11 - j) for j in range(3)), Fraction(0))


@check.exercise(
    title="At least three 10s", practises="the hypergeometric law (drawing without replacement)", stars=2,
    minutes=10, answer=_at_least_three_tens,
    mistakes=[
        Mistake(_hypergeometric(3), "that is the chance of exactly three; at least three also counts four, five, "
                                    "… cards with a 10"),
        Mistake(_at_least_three_tens() - _hypergeometric(3), "off by one: at least three includes exactly three"),
        Mistake(1 - _at_least_three_tens(), "that is the chance of at most two: the complement of what is asked"),
        Mistake(_at_least_three_tens(carrying=9), "with 4 players the 9/10 card is out, so only eight cards carry "
                                                  "a 10"),
        Mistake(_binomial_at_least_three(), "that is the binomial law, drawing with replacement; a card dealt "
                                            "cannot be dealt again (hypergeometric law)"),
        Mistake(_at_least_three_tens() * comb(44, 11), "that counts hands: divide by the number of hands "
                                                       "(which 11 cards of the 44)"),
        Mistake(0.3128, "give it exactly"),
    ])
def three_tens(answer: Any, exercise: Exercise) -> str:
    """P(a 4-player hand of 11 holds at least three cards carrying a 10)."""
    return check_probability(answer, exercise.expected, what="P(at least three 10s)", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 4. listing dealt hands: a set of three in a 3-card hand from the deck 1..6

@cache
def _three_card_kinds(top: int = 6, oriented: bool = True, replacement: bool = False) -> tuple[Counter[Any], int]:
    """How many 3-card hands (ordered; each card either way up if ``oriented``) are a match, a run up, a run down."""
    deck = small_deck(top)
    orders = product(deck, repeat=3) if replacement else permutations(deck, 3)
    step_of = lru_cache(maxsize=None)(_step_of)  # many hands share their numbers facing up: decide each once
    kinds: Counter[Any] = Counter()
    for order in orders:
        # every way up of the three cards (their numbers facing up), or each card as it lies
        kinds.update(map(step_of, product(*order) if oriented else [tuple(card[0] for card in order)]))
    return kinds, sum(kinds.values())


def _set_of_three(kinds: Sequence[int] = (0, 1, -1), **how: Any) -> Fraction:
    counts, total = _three_card_kinds(**how)
    return Fraction(sum(counts[k] for k in kinds), total)


@check.exercise(
    title="A set of three in a small hand", practises="probability by listing equally likely dealt hands",
    stars=2, minutes=15, answer=_set_of_three,
    mistakes=[
        Mistake(_set_of_three(oriented=False), "each card can be dealt either way up: list both orientations of "
                                               "every card (you forgot the orientations)"),
        Mistake(_set_of_three((0, 1)), "you forgot runs going down: 5 4 3 is a run too"),
        Mistake(_set_of_three((1, -1)), "a match (three equal numbers) is a set too"),
        Mistake(_set_of_three((0,)), "runs are sets too, going up or going down"),
        Mistake(_set_of_three(replacement=True), "a card cannot be dealt twice: the three cards are different"),
        Mistake(sum(_three_card_kinds()[0][k] for k in (0, 1, -1)), "that is a number of hands: divide by the "
                                                                    "number of dealt hands"),
        Mistake(0.0568, "give it exactly"),
    ])
def set_of_three(answer: Any, exercise: Exercise) -> str:
    """P(a 3-card hand dealt from small_deck(6), in order and either way up, shows a set)."""
    return check_probability(answer, exercise.expected, what="P(a set of three)", mistakes=exercise.mistakes)


check.written("why_orientation_doubles", title="Why orientation doubles, and when it does not",
              practises="the multiplication principle: what a choice really is", stars=2, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 6. beats(a, b) rebuilt

BEATS_SETS: tuple[tuple[int, ...], ...] = (
    (5,), (4,), (9,), (10,), (3, 3), (8, 8), (9, 9), (2, 3), (3, 2), (6, 7), (7, 6), (8, 9), (9, 8), (1, 1, 1),
    (4, 4, 4), (1, 2, 3), (3, 2, 1), (5, 6, 7), (7, 6, 5), (4, 5, 6), (6, 5, 4), (2, 3, 4, 5), (5, 4, 3, 2),
    (6, 6, 6, 6),
)
"""The sets the check of my_beats compares, every one against every one (runs going down included)."""

_BEATS_INPUTS = [(list(a), list(b)) for a in BEATS_SETS for b in BEATS_SETS]


def _kind_rank(values: Sequence[int]) -> int:
    return 1 if len(values) == 1 or _step_of(values) == 0 else 0


def _beats_first_card_smallest(a: Sequence[int], b: Sequence[int]) -> bool:
    # reads the smallest number of a run on its first card
    return (len(a), _kind_rank(a), a[0]) > (len(b), _kind_rank(b), b[0])


def _beats_down_runs_weakest(a: Sequence[int], b: Sequence[int]) -> bool:
    # only runs going up are runs: a run going down ranks below them
    def rank(v: Sequence[int]) -> int:
        return 2 if _kind_rank(v) else (1 if _step_of(v) == 1 else 0)
    return (len(a), rank(a), min(a)) > (len(b), rank(b), min(b))


def _beats_no_kind(a: Sequence[int], b: Sequence[int]) -> bool:
    return (len(a), min(a)) > (len(b), min(b))


def _beats_kind_first(a: Sequence[int], b: Sequence[int]) -> bool:
    return (_kind_rank(a), len(a), min(a)) > (_kind_rank(b), len(b), min(b))


def _beats_or_equal(a: Sequence[int], b: Sequence[int]) -> bool:
    return (len(a), _kind_rank(a), min(a)) >= (len(b), _kind_rank(b), min(b))


def _beats_smallest_only(a: Sequence[int], b: Sequence[int]) -> bool:
    return min(a) > min(b)


def _always_true(a: Sequence[int], b: Sequence[int]) -> bool:
    return True


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"))


def _why_not(a: Sequence[int], b: Sequence[int]) -> str:
    ka, kb = set_key(a), set_key(b)
    assert ka is not None and kb is not None  # asked only of two sets
    if ka[0] != kb[0]:
        return "more cards always wins, whatever the kind of set"
    if ka[1] != kb[1]:
        return "at equal size a match beats a run"
    if ka == kb:
        return "an equal set does not beat"
    if -1 in (_step_of(a), _step_of(b)):
        return "runs going down count too: the smallest number of a run going down is its last card"
    return "at equal size and kind, the set with the higher smallest number wins"


@check.exercise(
    title="Does this set beat that one?", practises="turning a rule into a function, tested on many cases",
    stars=2, minutes=15, model=beats,
    mistakes=[
        Mistake(_beats_first_card_smallest, "runs going down: the first card of a run going down (7 6 5) is its "
                                            "largest number, not its smallest"),
        Mistake(_beats_down_runs_weakest, "runs going down are runs like any other: 7 6 5 is as strong as 5 6 7"),
        Mistake(_beats_no_kind, "at equal size a match beats a run"),
        Mistake(_beats_kind_first, "more cards wins first; the kind of set only decides between sets of equal size"),
        Mistake(_beats_or_equal, "an equal set does not beat: the new set must be strictly stronger"),
        Mistake(_beats_smallest_only, "the number of cards decides first, then the kind, then the smallest number"),
        Mistake(_always_true, "your function gives the same answer whatever the sets: it must compare them"),
    ])
def my_beats(function: Any, exercise: Exercise) -> str:
    """A function my_beats(a, b): whether the set a beats the set b (lists of numbers facing up)."""
    if function is None or function is Ellipsis:
        raise WrongAnswer("my_beats is still empty: write the function")
    if not callable(function):
        raise WrongAnswer(f"pass your function itself (my_beats, without brackets), not a {type(function).__name__}")
    got = []
    for a, b in _BEATS_INPUTS:
        value = call_student(function, list(a), list(b), name="my_beats")
        if not _is_bool(value):
            raise WrongAnswer(f"my_beats should answer True or False; on ({a}, {b}) it returned {value!r:.40}")
        got.append(bool(value))
    want = [bool(cast(Callable[..., Any], exercise.model)(list(a), list(b))) for a, b in _BEATS_INPUTS]
    if got == want:
        return correct(f"my_beats agrees with the rules on all {len(want)} pairs of sets")
    for mistake in exercise.mistakes:
        if got == [bool(mistake.answer(a, b)) for a, b in _BEATS_INPUTS]:
            raise WrongAnswer(f"my_beats is not right yet: {mistake.hint}")
    wrong = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
    downhill = [i for i in wrong if -1 in (_step_of(_BEATS_INPUTS[i][0]), _step_of(_BEATS_INPUTS[i][1]))]
    if len(downhill) == len(wrong):  # right on every pair of sets that never run down
        a, b = _BEATS_INPUTS[wrong[0]]
        raise WrongAnswer(f"my_beats({a}, {b}) returned {got[wrong[0]]}: it goes wrong only with runs going down; "
                          "a run going down (7 6 5) is a set too, and its smallest number is its last card")
    i = next(i for i in wrong if i not in downhill)
    a, b = _BEATS_INPUTS[i]
    raise WrongAnswer(f"my_beats({a}, {b}) returned {got[i]}: {_why_not(a, b)}")


# ---------------------------------------------------------------------------------------------------------
# 7. a bijection: hands with a run of 3 going up somewhere <-> hands with one going down (4 cards of 1..5)

BIJECTION_TOP, BIJECTION_HAND = 5, 4


def _has_run(values: Sequence[int], step: int) -> bool:
    return any(values[i + 1] - values[i] == step and values[i + 2] - values[i + 1] == step
               for i in range(len(values) - 2))


@cache
def _run_hands() -> tuple[tuple[Any, ...], frozenset[Any]]:
    """(hands with a run of 3 going up somewhere, in listing order; the set of hands with one going down)."""
    up, down = [], []
    for order in permutations(small_deck(BIJECTION_TOP), BIJECTION_HAND):
        for turn in product((False, True), repeat=BIJECTION_HAND):
            hand = tuple((b, a) if t else (a, b) for (a, b), t in zip(order, turn))
            values = _up(hand)
            if _has_run(values, 1):
                up.append(hand)
            elif _has_run(values, -1):
                down.append(hand)
    return tuple(up), frozenset(down)


def _as_hand(result: Any) -> tuple[tuple[int, int], ...] | None:
    """A returned hand as a tuple of (up, down) pairs, or None if it is not shaped like one."""
    if isinstance(result, (str, bytes)) or not isinstance(result, Sequence):
        return None
    cards = []
    for card in result:
        if (isinstance(card, (str, bytes)) or not isinstance(card, Sequence) or len(card) != 2
                or not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in card)):
            return None
        cards.append((int(card[0]), int(card[1])))
    return tuple(cards)


def _shown(hand: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{u}/{d}" for u, d in hand)


def _partner_identity(hand: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return hand


def _partner_turn_whole_hand(hand: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return flip_hand(hand)


def _partner_turn_each_card(hand: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple((down, up) for up, down in hand)


def _partner_numbers_only(hand: tuple[tuple[int, int], ...]) -> list[int]:
    return [card[0] for card in hand][::-1]


def _partner_sorted(hand: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(hand, reverse=True))


@check.exercise(
    title="Runs up, runs down: a bijection", practises="proving a count with a bijection, checked by enumeration",
    stars=3, minutes=25,
    mistakes=[
        Mistake(_partner_identity, "partner sends each hand to itself, and a run going up stays a run going up"),
        Mistake(_partner_turn_whole_hand, "turning the whole hand round shows the other end of every card: the "
                                          "numbers facing up change, and the run is lost"),
        Mistake(_partner_turn_each_card, "turning a card round shows its other number: the numbers facing up "
                                         "change, and the run is lost"),
        Mistake(_partner_numbers_only, "partner must return a hand, cards (up, down), not just the numbers facing "
                                       "up"),
        Mistake(_partner_sorted, "sorting forgets where each card was: different hands sort to the same hand, so "
                                 "the map is not one-to-one"),
    ])
def runs_bijection(partner: Any, exercise: Exercise) -> str:
    """A one-to-one map from the 4-card hands of small_deck(5) with a run of 3 going up to those going down."""
    if partner is None or partner is Ellipsis:
        raise WrongAnswer("partner is still empty: write the function")
    if not callable(partner):
        raise WrongAnswer(f"pass your function itself (partner, without brackets), not a {type(partner).__name__}")
    ups, downs = _run_hands()
    raw = []
    for hand in ups:
        result = call_student(partner, hand, name="partner")
        if result is None:
            raise WrongAnswer(f"partner returned None for the hand {_shown(hand)}: return its partner hand "
                              "(did you forget return?)")
        raw.append(result)
    for mistake in exercise.mistakes:
        theirs = [mistake.answer(hand) for hand in ups]
        if all(_same_result(g, t) for g, t in zip(raw, theirs)):
            raise WrongAnswer(f"partner is not right yet: {mistake.hint}")
    deck = set(small_deck(BIJECTION_TOP))
    images: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for hand, result in zip(ups, raw):
        image = _as_hand(result)
        if image is None:
            raise WrongAnswer(f"partner({_shown(hand)}) returned {result!r:.60}: return a hand, a tuple of "
                              f"{BIJECTION_HAND} cards (up, down)")
        plain = [tuple(sorted(card)) for card in image]
        if len(image) != BIJECTION_HAND or len(set(plain)) != len(plain) or not set(plain) <= deck:
            raise WrongAnswer(f"partner({_shown(hand)}) returned {_shown(image)}, which is not a hand of "
                              f"{BIJECTION_HAND} different cards of the deck")
        if image not in downs:
            raise WrongAnswer(f"partner sends the hand {_shown(hand)} (up: {_up(hand)}) to {_shown(image)} "
                              f"(up: {_up(image)}), which has no run of 3 going down")
        if image in images:
            raise WrongAnswer(f"partner sends two hands, {_shown(images[image])} and {_shown(hand)}, to the same "
                              f"hand {_shown(image)}: it is not one-to-one")
        images[image] = hand
    missed = sorted(downs - set(images))
    if missed:
        raise WrongAnswer(f"no hand is sent to {_shown(missed[0])}: partner does not reach every hand with a run "
                          "going down")
    return correct(f"partner pairs the {len(ups)} hands with a run going up one to one with the {len(downs)} "
                   "hands with a run going down")


def _same_result(got: Any, theirs: Any) -> bool:
    try:
        return bool(got == theirs) or (_as_hand(got) is not None and _as_hand(got) == _as_hand(theirs))
    except Exception:  # an odd returned object that cannot even be compared is simply not the same
        return False


check.written("what_the_flip_is_worth", title="What turning the hand round is worth",
              practises="a bijection keeps probabilities; a choice between two hands changes them", stars=2,
              minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 9. a bot that beats random players, measured by the check in seeded games

BOT_GAMES = 60
"""Seeded 3-player one-round games the check plays: the student's bot in seat 0, two random bots."""
BOT_SEED = 5000


def _position(state: ScoutState) -> str:
    hand = " ".join(str(v) for v in _up(state.hands[state.turn]))
    table = " ".join(str(v) for v in _up(state.table)) or "empty"
    return f"hand {hand}, table {table}"


def _student_move(bot: Any, state: ScoutState, rng: random.Random) -> Any:
    move = call_student(bot, state, rng, name="your bot")
    if move is None:
        raise WrongAnswer(f"your bot returned no move (None) with {_position(state)}: return a move")
    if state.phase == "flip":
        if move not in (FLIP_HAND, KEEP_HAND):
            raise WrongAnswer(f"before play your bot must answer FLIP_HAND or KEEP_HAND (flip the whole hand or "
                              f"keep it), not {move}")
        return move
    try:
        refusal = state._refusal(move)
    except Exception:  # an object the rules cannot even read
        refusal = "it is not a Scout move"
    if refusal:
        raise WrongAnswer(f"your bot chose {move!s:.60} with {_position(state)}, which the rules refuse here: "
                          f"{refusal}")
    return move


def _bot_wins(bot: Any, games: int = BOT_GAMES, seed: int = BOT_SEED) -> int:
    wins = 0
    for game in range(games):
        rng = random.Random(seed + game)
        state = new_game(ScoutOptions(rounds=1, first=game % 3), players=3)
        while state.phase != "over":
            if state.phase == "deal":
                state = deal_round(state, rng)
            elif state.turn == 0:
                state = state.play(_student_move(bot, state, rng))
            else:
                state = state.play(random_bot(state, rng))
        wins += state.totals[0] > max(state.totals[1:])
    return wins


def _bot_always_scouts(state: ScoutState, rng: random.Random) -> Any:
    moves = state.legal_moves()
    scouts = [m for m in moves if isinstance(m, Scout)]
    return scouts[0] if scouts else moves[0]


def _bot_forgets_the_flip(state: ScoutState, rng: random.Random) -> Any:
    values = _up(state.hands[state.turn])
    for size in range(len(values), 0, -1):
        for start in range(len(values) - size + 1):
            move = Show(start, start + size)
            if state.is_legal(move):
                return move
    return Scout("left", False, 0)


def _bot_shows_first_card(state: ScoutState, rng: random.Random) -> Any:
    return KEEP_HAND if state.phase == "flip" else Show(0, 1)


def _bot_returns_nothing(state: ScoutState, rng: random.Random) -> Any:
    if state.phase == "flip":
        return KEEP_HAND
    moves = state.legal_moves()
    shows = [m for m in moves if isinstance(m, Show)]
    if shows:
        return max(shows, key=lambda m: m.stop - m.start)


def _bot_draws_from_random(state: ScoutState, rng: random.Random) -> Any:
    if state.phase == "flip":
        return KEEP_HAND
    moves = state.legal_moves()
    return random.choice([m for m in moves if isinstance(m, Show)] or moves)  # the global generator, not rng


_NOT_BETTER = "it does not do clearly better than a random player"
_WORSE = "it does worse than a random player: showing sheds cards, scouting adds them"


@check.exercise(
    title="A bot that beats random players", practises="writing a strategy as a function (a bot)", stars=2,
    minutes=15,
    mistakes=[
        Mistake(random_bot, _NOT_BETTER),
        Mistake(_bot_always_scouts, _WORSE),
        Mistake(_bot_forgets_the_flip, "before play your bot must answer FLIP_HAND or KEEP_HAND"),
        Mistake(_bot_shows_first_card, "which the rules refuse here"),
        Mistake(_bot_returns_nothing, "your bot returned no move"),
        Mistake(_bot_draws_from_random, DRAW_FROM_RNG),
    ])
def my_bot(bot: Any, exercise: Exercise) -> str:
    """A policy bot(state, rng) that wins clearly more than its fair third against two random bots."""
    if bot is None or bot is Ellipsis:
        raise WrongAnswer("my_bot is still empty: write the function")
    if not callable(bot):
        raise WrongAnswer(f"pass your bot itself (my_bot, without brackets), not a {type(bot).__name__}")
    if not repeatable(lambda: _bot_wins(bot, games=3)):
        raise WrongAnswer(f"your bot plays differently in the same games: {DRAW_FROM_RNG} (rng.choice, "
                          "rng.random)")
    wins = _bot_wins(bot)
    low, high = wilson_interval(wins, BOT_GAMES)
    if low <= 1 / 3:
        raise WrongAnswer(f"your bot won {wins} of {BOT_GAMES} games against two random players, not clearly "
                          f"more than its fair third: {_WORSE if high < 1 / 3 else _NOT_BETTER}")
    return correct(f"your bot won {wins} of {BOT_GAMES} seeded games against two random players (a fair share "
                   f"is one in three)")


# ---------------------------------------------------------------------------------------------------------
# 10. measuring a bot with a confidence interval: the student's simulate(n, seed), run with the check's seeds

SIM_GAMES = 1_350
"""Games per seed of the student's simulate in the check: enough to tell these games from each neighbouring kind
(a first player who never changes, whole games of three rounds, a random bot counted; solutions/tutor/
scout_sims.py) with 99% power: the first player is the nearest, simulation_runs asks for 1,226, a test pins it; a
check takes about 4 s. A tie counted as a win is too near to tell in a few seconds."""


def _simulate_greedy(n: int, seed: int, *, seats: Any = None, divide_by: Any = None, rotate: bool = True,
                     players: int = 3) -> tuple[float, tuple[float, float]]:
    """The model simulation (and, with its options, the catalogued slips)."""
    rng = random.Random(seed)
    seats = seats or [greedy_bot] + [random_bot] * (players - 1)
    wins = 0
    for game in range(n):
        state = new_game(ScoutOptions(rounds=1, first=game % players if rotate else 0), players=players)
        while state.phase != "over":
            if state.phase == "deal":
                state = deal_round(state, rng)
            else:
                state = state.play(seats[state.turn](state, rng))
        wins += state.totals[0] > max(state.totals[1:])
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p)) / (divide_by(n) if divide_by else math.sqrt(n))
    return p, (p - half, p + half)


def _sim_random_in_seat_zero(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return _simulate_greedy(n, seed, seats=[random_bot, greedy_bot, random_bot])


def _sim_narrow(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return _simulate_greedy(n, seed, divide_by=lambda n: n)


def _sim_constant(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return 0.84, (0.78, 0.9)


def _sim_unseeded(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    return _simulate_greedy(n, random.randrange(10 ** 9))


@check.exercise(
    title="How much better? An interval for a bot", practises="a confidence interval from a simulation: "
    "measuring one bot against another", stars=3, minutes=25,
    mistakes=[
        Mistake((0.84, (0.78, 0.9)), "write simulate(n, seed) so the check can run it with its own seeds: typed-in "
                                     "numbers cannot be checked"),
        Mistake(_sim_constant, "gives the same result for two different seeds"),
        Mistake(_sim_narrow, "you divided the standard deviation by n"),
        Mistake(_sim_random_in_seat_zero, "you count the games of a random bot"),
        Mistake(_sim_unseeded, "gives different results for the same seed"),
    ])
def measure_greedy(simulate: Any, exercise: Exercise) -> str:
    """simulate(n, seed) -> (share of games greedy_bot wins against two random bots, its 95% interval)."""
    return check_simulation(simulate, simulation_of(exercise), n=SIM_GAMES,
                            name="simulate", mistakes=exercise.mistakes, unit="games")


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells (notebooks/03_scout.ipynb): the student picks a number of players and answers for it

def _players_and(answer: Any, what: str) -> tuple[int, object]:
    """Read a try-it answer (players, value), or explain in one line what shape it should have."""
    if answer is None or answer is Ellipsis:
        raise WrongAnswer("the answer is still empty: fill in the number of players and your value")
    if not isinstance(answer, tuple) or len(answer) != 2:
        raise WrongAnswer(f"give a pair (players, {what}), as in the cell above")
    players, value = answer
    if isinstance(players, bool) or not isinstance(players, numbers.Integral) or int(players) not in HAND_SIZE:
        raise WrongAnswer(f"the number of players is 2, 3, 4 or 5, not {players!r:.20}")
    return int(players), value


def _deck_models(players: int) -> list[tuple[int, str]]:
    """Likely wrong numbers of cards for this many players, each with its hint."""
    return [
        (45, f"that is the whole deck: with {players} players some cards are taken out"),
        (44, "with 3 players every card that carries a 10 goes, not only the 9/10 card"),
        (36, f"with {players} players only the 9/10 card is taken out" if players != 5 else
             "with 5 players all the cards are used"),
        (35, "a 10 pairs with each of 1 to 9: nine cards carry a 10, not ten"),
        (2 * len(deck_for(players)), "a card is an unordered pair: 3/7 and 7/3 are the same card"),
    ]


def _deck_mistakes() -> list[Mistake]:
    chosen = [(3, 45), (3, 44), (4, 36), (3, 35), (4, 88), (5, 36)]
    return [Mistake(pair, dict(_deck_models(pair[0]))[pair[1]]) for pair in chosen]


@check.exercise(title="Try it: the cards in play", practises="counting pairs with a binomial coefficient",
                stars=1, minutes=2, mistakes=_deck_mistakes(), try_it=True)
def try_cards_in_play(answer: Any, exercise: Exercise) -> str:
    """(players, the number of cards used with that many players)."""
    players, value = _players_and(answer, "number of cards")
    models = [Mistake(v, hint) for v, hint in _deck_models(players) if v != len(deck_for(players))]
    return check_integer(value, len(deck_for(players)), what=f"your number of cards for {players} players",
                         mistakes=models, success=f"{players} players use {len(deck_for(players))} cards")


def _hand_models(players: int) -> list[tuple[int, str]]:
    n, h = len(deck_for(players)), HAND_SIZE[players]
    ordered = math.perm(n, h)
    return [
        (comb(n, h) * 2 ** h, "a Scout hand cannot be reordered, so the order of the cards counts"),
        (ordered, "each card can also be held either way up: a factor 2 for every card"),
        (comb(n, h), "the order counts, and each card can be either way up"),
        (n ** h * 2 ** h, "a card cannot be dealt twice: the choices shrink by one card each time"),
        (ordered * 2 ** h // 2, "that counts a hand and its turned-round version once; count them both"),
        (math.perm(45, h) * 2 ** h, f"with {players} players the deck has {n} cards, not 45"),
    ]


def _hand_mistakes() -> list[Mistake]:
    chosen = [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (4, 5)]
    return [Mistake((p, _hand_models(p)[i][0]), _hand_models(p)[i][1]) for p, i in chosen]


@check.exercise(title="Try it: how many hands", practises="ordered choices and the factor 2 per card",
                stars=1, minutes=3, mistakes=_hand_mistakes(), try_it=True)
def try_hands(answer: Any, exercise: Exercise) -> str:
    """(players, the number of hands a deal can give: in hand order, each card either way up)."""
    players, value = _players_and(answer, "number of hands")
    n, h = len(deck_for(players)), HAND_SIZE[players]
    expected = math.perm(n, h) * 2 ** h
    models = [Mistake(v, hint) for v, hint in _hand_models(players) if v != expected]
    return check_integer(value, expected, what=f"your number of {players}-player hands", mistakes=models,
                         success=f"every {players}-player hand counted once")


def _pair_match(players: int, *, orientations: int = 4, replacement: bool = False,
                deck_players: int | None = None) -> Fraction:
    deck = deck_for(deck_players or players)
    n = len(deck)
    carrying = Counter(v for card in deck for v in card)
    if replacement:
        return Fraction(sum(c * c for c in carrying.values()), n * n * orientations)
    return Fraction(sum(c * (c - 1) for c in carrying.values()), n * (n - 1) * orientations)


def _pair_models(players: int) -> list[tuple[Fraction, str]]:
    return [
        (_pair_match(players, orientations=1), "each of the two cards is dealt either way up, 4 ways for the pair: "
                                               "you forgot the orientations"),
        (_pair_match(players, orientations=2), "both cards have an orientation: 2 × 2 ways, not 2"),
        (_pair_match(players, replacement=True), "the second card cannot be the first card again"),
        (_pair_match(players, deck_players=5), f"with {players} players the deck has {len(deck_for(players))} "
                                               "cards, not 45"),
    ]


def _pair_mistakes() -> list[Mistake]:
    chosen = [(5, 0), (3, 1), (5, 2), (3, 3)]
    return [Mistake((p, _pair_models(p)[i][0]), _pair_models(p)[i][1]) for p, i in chosen]


@check.exercise(title="Try it: a match in two given places",
                practises="counting ordered, oriented pairs of cards", stars=1, minutes=3, mistakes=_pair_mistakes(),
                try_it=True)
def try_pair_match(answer: Any, exercise: Exercise) -> str:
    """(players, P(two given adjacent cards of a dealt hand show a match))."""
    players, value = _players_and(answer, "probability")
    expected = _pair_match(players)
    models = [Mistake(v, hint) for v, hint in _pair_models(players) if v != expected]
    return check_probability(value, expected, what=f"your P(a match) for {players} players", mistakes=models,
                             success=f"two given adjacent cards of a {players}-player hand")
