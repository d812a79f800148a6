"""Self-checks for the Scout exercises (solutions/scout.ipynb) and the lesson's try-it cells.

Each check explains a wrong answer in one line and never gives the right one. An exercise answered by a value is
judged by its key, salted digests of the answer and of its neighbouring choices' values (data/tutor.json, compiled
from solutions/tutor/scout.py, which also holds its catalogue of likely wrong answers); an exercise answered by a
function or a bot keeps its catalogue here (``mistakes=``). The tests feed every catalogued mistake through. The
decks, hands and numbers asked about are new: the lesson prints none of these answers.
"""
from __future__ import annotations

import math
import numbers
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import permutations, product
from typing import Any

from ..core.cases import function_key
from ..core.sim import wilson_interval
from ..core.teach import (
    DRAW_FROM_RNG,
    Checks,
    Exercise,
    Forbidden,
    Key,
    Mistake,
    WrongAnswer,
    call_student,
    check_exact,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    repeatable,
    simulation_of,
)
from ..core.tutor import shipped_key
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
# 1.-4. value exercises: each one's key is on the teacher's side (solutions/tutor/scout.py: the answer as a function
# of the choices a student makes, its neighbouring choices and its catalogue), shipped as salted digests

@check.exercise(title="Cards that can show a 4 or a 7", practises="counting with inclusion–exclusion", stars=1,
                minutes=5)
def four_or_seven(answer: Any, exercise: Exercise) -> str:
    """How many cards of the 3-player deck carry a 4 or a 7 (or both)."""
    return check_integer(answer, exercise.key, what="your number of cards")


@check.exercise(title="Fives facing up", practises="expected value by linearity of expectation", stars=1, minutes=5)
def fives_facing_up(answer: Any, exercise: Exercise) -> str:
    """The expected number of cards showing a 5 in a 3-player hand of 12, as dealt."""
    return check_exact(answer, exercise.key, what="your expected number")


@check.exercise(title="At least three 10s", practises="the hypergeometric law (drawing without replacement)", stars=2,
                minutes=10)
def three_tens(answer: Any, exercise: Exercise) -> str:
    """P(a 4-player hand of 11 holds at least three cards carrying a 10)."""
    return check_probability(answer, exercise.key, what="P(at least three 10s)")


@check.exercise(title="A set of three in a small hand", practises="probability by listing equally likely dealt hands",
                stars=2, minutes=15)
def set_of_three(answer: Any, exercise: Exercise) -> str:
    """P(a 3-card hand dealt from small_deck(6), in order and either way up, shows a set)."""
    return check_probability(answer, exercise.key, what="P(a set of three)")


check.written("why_orientation_doubles", title="Why orientation doubles, and when it does not",
              practises="the multiplication principle: what a choice really is", stars=2, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 6. beats(a, b) rebuilt

BEATS_SETS: tuple[tuple[int, ...], ...] = (
    (5,), (4,), (9,), (10,), (3, 3), (8, 8), (9, 9), (2, 3), (3, 2), (6, 7), (7, 6), (8, 9), (9, 8), (1, 1, 1),
    (4, 4, 4), (1, 2, 3), (3, 2, 1), (5, 6, 7), (7, 6, 5), (4, 5, 6), (6, 5, 4), (2, 3, 4, 5), (5, 4, 3, 2),
    (6, 6, 6, 6),
)
"""The sets the check of my_beats compares, every one against every one (runs going down included); it tries
more pairs, drawn at ship time (solutions/tutor/scout_functions.py)."""


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


MY_BEATS = function_key(__package__, "my_beats")


@check.exercise(title="Does this set beat that one?", practises="turning a rule into a function, tested on many "
                "cases", stars=2, minutes=15, model=MY_BEATS, mistakes=[])
def my_beats(function: Any, exercise: Exercise) -> str:
    """A function my_beats(a, b): whether the set a beats the set b (lists of numbers facing up)."""
    if function is None or function is Ellipsis:
        raise WrongAnswer("my_beats is still empty: write the function")
    if not callable(function):
        raise WrongAnswer(f"pass your function itself (my_beats, without brackets), not a {type(function).__name__}")
    pairs = MY_BEATS.inputs
    for a, b in pairs[:MY_BEATS.fixed]:
        value = call_student(function, list(a), list(b), name="my_beats")
        if not _is_bool(value):
            raise WrongAnswer(f"my_beats should answer True or False; on ({a}, {b}) it returned {value!r:.40}")
    try:
        return check_function(function, exercise.model, MY_BEATS, name="my_beats", exact=False, normal=_as_bool,
                              forbid=Forbidden([beats, set_key], say="write the rule yourself rather than "
                                                  "calling the kit's beats or set_key"),
                              success=f"my_beats agrees with the rules on all {len(pairs)} pairs of sets")
    except WrongAnswer as refused:
        if "is not right yet on input" not in str(refused):
            raise
        uncatalogued = refused
    # an uncatalogued mistake: the rules of the game say what the first wrong pair shows
    got = [_as_bool(call_student(function, list(a), list(b), name="my_beats")) for a, b in pairs]
    wrong = [i for i, (a, b) in enumerate(pairs) if got[i] != beats(list(a), list(b))]
    if not wrong:  # judged against a key other than the rules (a teacher's own): its message stands
        raise uncatalogued
    downhill = [i for i in wrong if -1 in (_step_of(pairs[i][0]), _step_of(pairs[i][1]))]
    if len(downhill) == len(wrong):  # right on every pair of sets that never run down
        a, b = pairs[wrong[0]]
        raise WrongAnswer(f"my_beats({a}, {b}) returned {got[wrong[0]]}: it goes wrong only with runs going down; "
                          "a run going down (7 6 5) is a set too, and its smallest number is its last card")
    i = next(i for i in wrong if i not in downhill)
    a, b = pairs[i]
    raise WrongAnswer(f"my_beats({a}, {b}) returned {got[i]}: {_why_not(a, b)}")


def _as_bool(value: Any) -> Any:
    return bool(value) if _is_bool(value) else value


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


_SHARED_RNG = random.Random(2026)  # made once, outside the function, as a forgotten seed leaves it


def _sim_unseeded(n: int, seed: int) -> tuple[float, tuple[float, float]]:
    """One generator made once, outside the function: each call goes on with it, whatever the seed."""
    return _simulate_greedy(n, _SHARED_RNG.randrange(10 ** 9))


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


def _picked(exercise: Exercise, players: int) -> Key:
    """The key of a try-it for the number of players the student picked (solutions/tutor/scout.py has one model
    for each choice)."""
    key = shipped_key(exercise.package, f"{exercise.name}@{players}")
    assert key is not None, f"scout's tutor.json has no key for {exercise.name} with {players} players"
    return key


# each try-it's catalogue: (players, a wrong value) as students write them, with the hint of the neighbouring
# choice that gives it (the keys hold every neighbouring choice for every number of players)
_CARDS_MISTAKES = [
    Mistake((3, 45), "that is the whole deck: with 3 players some cards are taken out"),
    Mistake((3, 44), "with 3 players every card that carries a 10 goes, not only the 9/10 card"),
    Mistake((4, 36), "with 4 players only the 9/10 card is taken out"),
    Mistake((3, 35), "a 10 pairs with each of 1 to 9: nine cards carry a 10, not ten"),
    Mistake((4, 88), "a card is an unordered pair: 3/7 and 7/3 are the same card"),
    Mistake((5, 36), "with 5 players all the cards are used"),
]


@check.exercise(title="Try it: the cards in play", practises="counting pairs with a binomial coefficient",
                stars=1, minutes=2, mistakes=_CARDS_MISTAKES, try_it=True)
def try_cards_in_play(answer: Any, exercise: Exercise) -> str:
    """(players, the number of cards used with that many players)."""
    players, value = _players_and(answer, "number of cards")
    return check_integer(value, _picked(exercise, players), what=f"your number of cards for {players} players",
                         success=f"{players} players use {value} cards")


_HANDS_MISTAKES = [
    Mistake((5, math.comb(45, 9) * 2 ** 9), "a Scout hand cannot be reordered, so the order of the cards counts"),
    Mistake((5, math.perm(45, 9)), "each card can also be held either way up: a factor 2 for every card"),
    Mistake((5, math.comb(45, 9)), "the order counts, and each card can be either way up"),
    Mistake((5, 45 ** 9 * 2 ** 9), "a card cannot be dealt twice: the choices shrink by one card each time"),
    Mistake((4, math.perm(45, 11) * 2 ** 11), "with 4 players the deck has 44 cards, not 45"),
]


@check.exercise(title="Try it: how many hands", practises="ordered choices and the factor 2 per card",
                stars=1, minutes=3, mistakes=_HANDS_MISTAKES, try_it=True)
def try_hands(answer: Any, exercise: Exercise) -> str:
    """(players, the number of hands a deal can give: in hand order, each card either way up)."""
    players, value = _players_and(answer, "number of hands")
    return check_integer(value, _picked(exercise, players), what=f"your number of {players}-player hands",
                         success=f"every {players}-player hand counted once")


_PAIR_MISTAKES = [
    Mistake((5, Fraction(4, 11)), "each of the two cards is dealt either way up, 4 ways for the pair: you forgot the "
                                  "orientations"),
    Mistake((3, Fraction(1, 5)), "both cards have an orientation: 2 × 2 ways, not 2"),
    Mistake((2, Fraction(97, 968)), "the second card cannot be the first card again"),
    Mistake((3, Fraction(3, 10)), "that counts runs too; a match is two equal numbers facing up"),
]


@check.exercise(title="Try it: a match in two given places",
                practises="counting ordered, oriented pairs of cards", stars=1, minutes=3, mistakes=_PAIR_MISTAKES,
                try_it=True)
def try_pair_match(answer: Any, exercise: Exercise) -> str:
    """(players, P(two given adjacent cards of a dealt hand show a match))."""
    players, value = _players_and(answer, "probability")
    return check_probability(value, _picked(exercise, players), what=f"your P(a match) for {players} players",
                             success=f"two given adjacent cards of a {players}-player hand")
