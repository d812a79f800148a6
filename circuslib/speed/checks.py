"""Self-checks for the Speed exercises (solutions/speed.ipynb) and the lesson's try-it cells.

Each check says what is wrong, never the answer, and keeps as data a catalogue of the wrong answers students are
likely to give (a ``Mistake`` each, with its hint). Words as in the lesson: a *fitting card* is a card that fits on
a centre top (one rank above or below it, round the 13-cycle).
"""
from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any, cast

import sympy

from ..core.teach import (
    Checks,
    Exercise,
    Mistake,
    Passed,
    WrongAnswer,
    call_student,
    check_formula,
    check_function,
    check_probability,
    check_simulation,
    correct,
    exact_number,
    simulation_of,
)
from .rules import ONE_DECK, rank_name, rank_of

__all__ = ["check", "CHAIN_HAND", "CHAIN_TOP", "WIN_RATE_RATES",
           "SIMULATION_RUNS"]

check = Checks("Speed (Le Flip)")


def _fit(card: int, top: int) -> bool:
    return (card - top) % 13 in (1, 12)


# ---------------------------------------------------------------------------------------------------------
# 1. a race from mean reaction times

RACE_MEANS = (Fraction(2, 5), Fraction(3, 10))  # player A 0.4 s, player B 0.3 s on average


def _race_answer() -> Fraction:
    rate_a, rate_b = 1 / RACE_MEANS[0], 1 / RACE_MEANS[1]
    return rate_a / (rate_a + rate_b)


@check.exercise(title="Who reacts first?", practises="the exponential race: rates from mean reaction times",
                stars=1, minutes=5, answer=_race_answer, mistakes=[
                    Mistake(Fraction(4, 7), "you used the mean times as if they were rates: the faster player has "
                                            "the SMALLER mean time and the LARGER rate (rate = 1 / mean time)"),
                    Mistake(Fraction(3, 4), "that is the ratio of the two rates; the chance of reacting first is "
                                            "rate_A / (rate_A + rate_B)"),
                    Mistake(Fraction(1, 2), "the players are not equally fast: compare their rates"),
                    Mistake(Fraction(4, 3), "a probability is at most 1: the chance of reacting first is "
                                            "rate_A / (rate_A + rate_B)"),
                    Mistake(0.4286, "give it exactly"),
                ])
def race_from_mean_times(answer: Any, exercise: Exercise) -> Passed:
    """P(A reacts first) when A's mean reaction time is 0.4 s and B's is 0.3 s (exponential times)."""
    return check_probability(answer, exercise.expected, what="P(A reacts first)", mistakes=exercise.mistakes,
                             success="the slower player still wins some races")


# ---------------------------------------------------------------------------------------------------------
# 2. a fitting card, as a function

def _fits_no_wrap(card: int, top: int) -> bool:
    return abs(card - top) == 1


def _fits_only_above(card: int, top: int) -> bool:
    return (card - top) % 13 == 1


def _fits_same_rank_too(card: int, top: int) -> bool:
    return (card - top) % 13 in (0, 1, 12)


def _fits_mod_12(card: int, top: int) -> bool:
    return (card - top) % 12 in (1, 11)


ALL_PAIRS = tuple((card, top) for top in range(1, 14) for card in range(1, 14))


def _same_truth(got: Any, want: Any) -> bool:
    return isinstance(got, bool) and got == want


@check.exercise(title="A fitting card, as a function", practises="modular arithmetic: ranks on a 13-cycle",
                stars=1, minutes=5, model=lambda card, top: _fit(card, top), mistakes=[
                    Mistake(_fits_no_wrap, "the Ace sits between the King and the 2: the ranks wrap round, so "
                                           "compare them modulo 13"),
                    Mistake(_fits_only_above, "a card may go one rank above OR one rank below the top"),
                    Mistake(_fits_same_rank_too, "a card of the same rank as the top does not fit"),
                    Mistake(_fits_mod_12, "there are 13 ranks, so the cycle is modulo 13, not 12"),
                ])
def fits_on(answer: Any, exercise: Exercise) -> Passed:
    """fits_on(card, top) -> True when the card (a rank 1..13) may go on the top."""
    if callable(answer):
        value = call_student(answer, 12, 13, name="fits_on")
        numpy = __import__("sys").modules.get("numpy")
        if numpy is not None and isinstance(value, numpy.bool_):
            value = bool(value)
        if not isinstance(value, bool):
            raise WrongAnswer(f"fits_on should return True or False, not {type(value).__name__} "
                              "(a comparison such as x in (1, 12) gives True or False)")
    return check_function(answer, cast(Callable[..., Any], exercise.model), ALL_PAIRS, name="fits_on",
                          mistakes=exercise.mistakes, exact=False, equal=lambda g, w: _same_truth(_as_bool(g), w),
                          success="the 13-cycle in one line")


def _as_bool(value: Any) -> Any:
    numpy = __import__("sys").modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.bool_):
        return bool(value)
    return value


# ---------------------------------------------------------------------------------------------------------
# 3. the next card of your pile: conditional probability without replacement

@check.exercise(title="Will the next card fit?",
                practises="conditional probability: counting fitting cards without replacement",
                stars=1, minutes=5, answer=Fraction(13, 42), mistakes=[
                    Mistake(Fraction(16, 42), "the 6 and the two 4s on the table are fitting cards that are no "
                                              "longer in the piles: take them out of the fitting cards too"),
                    Mistake(Fraction(13, 52), "the 10 cards on the table are not in the piles: count among the "
                                              "unseen cards only"),
                    Mistake(Fraction(16, 52), "count among the unseen cards only: the 10 cards on the table, "
                                              "fitting or not, are out of the piles"),
                    Mistake(Fraction(13, 50), "the 8 face-up cards are on the table too, not only the 2 tops"),
                    Mistake(Fraction(15, 46), "the bot's face-up cards are on the table too: they are not in the "
                                              "piles"),
                    Mistake(Fraction(13, 29), "that compares fitting with non-fitting cards (odds); a probability "
                                              "divides by all the unseen cards"),
                    Mistake(13, "that is the number of unseen fitting cards; divide by the number of unseen cards"),
                    Mistake(0.3095, "give it exactly"),
                ])
def next_card_fits(answer: Any, exercise: Exercise) -> Passed:
    """P(the top card of your pile fits a centre top), one deck, tops 5 and 9, all face-up cards seen."""
    return check_probability(answer, exercise.expected, what="P(the next card fits)", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 4. stalemate once the tops are known: the hypergeometric law

def _stalemate_given_six_and_eight() -> Fraction:
    fitting = 3 * 4  # the ranks 5, 7 and 9 fit (7 on both tops), 4 cards each, none of them a top
    return Fraction(comb(50 - fitting, 8), comb(50, 8))


@check.exercise(title="Stalemate on a 6 and an 8", practises="the hypergeometric law: no fitting card among 8",
                stars=2, minutes=10, answer=_stalemate_given_six_and_eight, mistakes=[
                    Mistake(Fraction(comb(34, 8), comb(50, 8)), "the 7 fits on both tops: count its cards once"),
                    Mistake(Fraction(38, 50) ** 8, "the 8 face-up cards are dealt without replacement: count "
                                                   "hands (a hypergeometric count), do not multiply the same "
                                                   "chance 8 times"),
                    Mistake(Fraction(comb(38, 8), comb(52, 8)), "the two tops are out of the deck: the face-up "
                                                                "cards come from the cards left"),
                    Mistake(Fraction(comb(38, 4), comb(50, 4)) ** 2, "both players' face-up cards come from the "
                                                                     "same cards: deal all 8 at once, one "
                                                                     "hypergeometric draw"),
                    Mistake(Fraction(comb(38, 4), comb(50, 4)), "both players' face-up cards must miss the fitting "
                                                                "cards: 8 cards, not 4"),
                    Mistake(1 - Fraction(comb(38, 8), comb(50, 8)), "that is the chance that someone CAN play; a "
                                                                    "stalemate is when none of the 8 cards fits"),
                    Mistake(0.0911, "give it exactly"),
                ])
def stalemate_six_eight(answer: Any, exercise: Exercise) -> Passed:
    """P(stalemate right after the deal | the tops are 6 and 8), one deck, 4 face-up cards each."""
    return check_probability(answer, exercise.expected, what="P(stalemate | tops 6 and 8)",
                             mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 5. a longest chain, read off the chain graph

CHAIN_HAND = ("K", "A", "K", "J", "A")
CHAIN_TOP = "Q"
CHAIN_LONGEST = 4  # K, A, K, A: the only longest path from the Queen in the chain graph


def _ranks(answer: Any, what: str) -> list[int]:
    if answer is None or answer is Ellipsis:
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, (str, bytes, dict, set, frozenset)) or not hasattr(answer, "__iter__"):
        raise WrongAnswer(f"{what} should be a list of ranks in the order you play them, like ['2', 'A'] or [2, 1]")
    ranks = []
    for card in answer:
        if isinstance(card, numbers.Integral) and not isinstance(card, bool):
            card = int(card)
        try:
            ranks.append(rank_of(card))
        except (TypeError, ValueError) as error:
            raise WrongAnswer(f"{what} holds something that is not a card: {error}") from None
    return ranks


@check.exercise(title="A longest chain on a Queen", practises="the chain graph: a longest path from a centre top",
                stars=2, minutes=10, mistakes=[
                    Mistake(["K", "A"], "a chain may use two cards of the same rank: after the Ace, look at the "
                                        "rest of the hand again"),
                    Mistake(["J"], "the Jack fits, but nothing fits on it: a longest path may start elsewhere"),
                    Mistake(["Q", "K", "A", "K", "A"], "the centre top is not one of your cards: list only the "
                                                        "cards you play"),
                    Mistake(["K", "A", "K", "A", "J"], "J cannot go on A"),
                    Mistake(["A", "K", "A", "K"], "the first card must fit on the centre top"),
                    Mistake(["K", "A", "2"], "your chain uses cards the hand does not hold"),
                ])
def longest_chain_on_queen(answer: Any, exercise: Exercise) -> Passed:
    """A longest chain from the hand K, A, K, J, A onto a Queen: the ranks in the order they are played."""
    played = _ranks(answer, "your chain")
    for mistake in exercise.mistakes:
        if played == [rank_of(c) for c in mistake.answer]:
            raise WrongAnswer(f"your chain is not right yet: {mistake.hint}")
    if not played:
        raise WrongAnswer("your chain is empty: at least one card of the hand fits on the Queen")
    hand = [rank_of(c) for c in CHAIN_HAND]
    for card in played:
        if card not in hand:
            raise WrongAnswer("your chain is not right yet: your chain uses cards the hand does not hold "
                              f"(one {rank_name(card)} too many)")
        hand.remove(card)
    top = rank_of(CHAIN_TOP)
    if not _fit(played[0], top):
        raise WrongAnswer("your chain is not right yet: the first card must fit on the centre top")
    for before, card in zip(played, played[1:]):
        if not _fit(card, before):
            raise WrongAnswer(f"your chain is not right yet: {rank_name(card)} cannot go on {rank_name(before)}")
    if len(played) < CHAIN_LONGEST:
        raise WrongAnswer(f"your chain of {len(played)} is valid but not a longest one: try every card that fits "
                          "at each step (every path of the chain graph)")
    return correct("a longest path in the chain graph")


# ---------------------------------------------------------------------------------------------------------
# 6. the longest chain, as a function: a search over the chain graph

def _search(hand: list[int], top: int, fit: Callable[[int, int], bool]) -> int:
    best = 0
    for i, card in enumerate(hand):
        if fit(card, top):
            best = max(best, 1 + _search(hand[:i] + hand[i + 1:], card, fit))
    return best


def _chain_reference(hand: Any, top: int) -> int:
    from .odds import longest_chain_of_ranks  # the kit's own, imported only when a check runs
    return longest_chain_of_ranks(hand, start=top)


def _chain_greedy(hand: Any, top: int) -> int:
    left, length = list(hand), 0
    while True:
        card = next((c for c in left if _fit(c, top)), None)
        if card is None:
            return length
        left.remove(card)
        top, length = card, length + 1


def _chain_no_wrap(hand: Any, top: int) -> int:
    return _search(list(hand), top, lambda card, t: abs(card - t) == 1)


def _chain_one_card_a_rank(hand: Any, top: int) -> int:
    return _search(sorted(set(hand)), top, _fit)


def _chain_counting_the_top(hand: Any, top: int) -> int:
    return 1 + _chain_reference(hand, top)


def _chain_from_anywhere(hand: Any, top: int) -> int:
    from .odds import longest_chain_of_ranks
    return longest_chain_of_ranks(hand)


def _chain_cards_that_fit_the_top(hand: Any, top: int) -> int:
    return sum(_fit(card, top) for card in hand)


@cache
def _chain_inputs() -> tuple[Any, ...]:
    """Hands chosen to tell the catalogued mistakes apart, then 60 seeded random hands of 1 to 6 cards."""
    crafted = [([2, 1, 13, 1, 2], 3), ([12, 13, 12], 11), ([4, 6], 5), ([2, 2], 3), ([7], 9), ([8, 9, 10], 7),
               ([1, 13, 1, 13], 12), ([13, 1, 2, 3, 4, 5], 12), ([5, 5, 5], 4), ([3, 1, 13, 1, 2], 3),
               ([6, 8, 7, 9, 7], 6), ([11, 10, 9], 12), ([10, 11], 9), ([1, 1, 2], 13)]
    rng = random.Random(2024)
    deck = [r for r in range(1, 14) for _ in range(8)]  # two decks: up to 8 cards of a rank
    crafted += [(rng.sample(deck, rng.randint(1, 6)), rng.randint(1, 13)) for _ in range(60)]
    return tuple((list(hand), top) for hand, top in crafted)


@check.exercise(title="The longest chain, for any hand", practises="a longest path in the chain graph, by search",
                stars=3, minutes=20, model=_chain_reference, mistakes=[
                    Mistake(_chain_greedy, "you always play the first card that fits; a longest chain may need "
                                           "another choice first: try every card that fits (a search)"),
                    Mistake(_chain_no_wrap, "the Ace sits between the King and the 2: the ranks wrap round"),
                    Mistake(_chain_one_card_a_rank, "two cards of the same rank are two cards: a 6, a 7 and "
                                                    "another 6 make a chain of 3"),
                    Mistake(_chain_counting_the_top, "the centre top is not one of your cards: do not count it"),
                    Mistake(_chain_from_anywhere, "the chain must start on the centre top: its first card must "
                                                  "fit the top"),
                    Mistake(_chain_cards_that_fit_the_top, "you counted the cards that fit the top; a chain is "
                                                           "cards each played on the one before"),
                ])
def longest_chain_function(answer: Any, exercise: Exercise) -> Passed:
    """longest_chain(hand, top) -> the most cards of the hand playable one after another on that top."""
    if callable(answer):
        value = call_student(answer, [13, 1], 12, name="longest_chain")
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise WrongAnswer(f"longest_chain should return a whole number of cards, not {type(value).__name__}")
        student = answer

        # each call gets its own copy of the hand: a function may remove cards from it
        def answer(hand: Any, top: Any) -> Any:
            return student(list(hand), top)
    inputs = [(tuple(hand), top) for hand, top in _chain_inputs()]
    return check_function(answer, cast(Callable[..., Any], exercise.model), inputs, name="longest_chain",
                          mistakes=exercise.mistakes,
                          success="a longest path, found by search", exact=False, equal=_same_count)


def _same_count(got: Any, want: Any) -> bool:
    return isinstance(got, numbers.Integral) and not isinstance(got, bool) and int(got) == want


# ---------------------------------------------------------------------------------------------------------
# 7. two moves before one: the race derived with sympy, and memorylessness

RATE_A, RATE_B = sympy.symbols("lambda_A lambda_B", positive=True)


@check.exercise(title="Two moves before one", practises="memorylessness and the exponential race, with sympy "
                "integrate, checked by simulation", stars=3, minutes=20,
                answer=RATE_A ** 2 / (RATE_A + RATE_B) ** 2, mistakes=[
                    Mistake(RATE_A / (RATE_A + RATE_B), "that is one race; A must win two races in a row"),
                    Mistake(2 * RATE_A / (2 * RATE_A + RATE_B), "moving twice is not moving twice as fast: A's "
                                                                "second move comes after the first, so add the "
                                                                "waiting times, do not double the rate"),
                    Mistake(RATE_A ** 2 / (RATE_A ** 2 + RATE_B ** 2), "square the chance of one race, not the "
                                                                       "rates inside it"),
                    Mistake(RATE_A * RATE_B / (RATE_A + RATE_B) ** 2, "that is A first and then B first; here A "
                                                                      "wins both races"),
                    Mistake(RATE_A ** 2 * RATE_B / (RATE_A + RATE_B) ** 2,
                            "multiply A's density by the chance that B has NOT moved yet, exp(-lambda_B t), not "
                            "by B's density"),
                    Mistake(sympy.Rational(9, 25), "give the formula in lambda_A and lambda_B, not its value for "
                                                   "one pair of rates"),
                    Mistake(sympy.Float(0.36) * RATE_A / RATE_A, "give it exactly"),
                ])
def two_moves_before_one(answer: Any, exercise: Exercise) -> Passed:
    """P(A makes two moves before B makes one), as a formula in the rates lambda_A and lambda_B."""
    if isinstance(answer, sympy.Basic) and answer.has(sympy.Piecewise):
        raise WrongAnswer("your formula is still a Piecewise (sympy did not know the rates are positive): make "
                          "the symbols with positive=True")
    if isinstance(answer, sympy.Basic) and answer.has(sympy.Integral):
        raise WrongAnswer("your formula still holds an unevaluated Integral: call .doit() or use integrate(...)")
    if isinstance(answer, sympy.Basic) and answer.has(sympy.Float):
        raise WrongAnswer("your formula contains a decimal (a sympy Float): give it exactly")
    return check_formula(answer, exercise.expected, what="your formula", mistakes=exercise.mistakes,
                         success="each race starts afresh, so the chances multiply",
                         fallback="write P(A wins one race) by integrating, then think about the second race")


# ---------------------------------------------------------------------------------------------------------
# 8. a win rate from a simulation, with its confidence interval

WIN_RATE_RATES = (3, 2)
"""Player 0 reacts 3/2 times as fast as player 1 (rates 3 and 2); one deck; both bots play their first fitting card."""
SIMULATION_RUNS = 400
"""Rounds per seed the check asks of a student's simulate(n, seed): more than enough to tell these rounds from each
neighbouring kind (the slower player's share, two decks, equal rates; solutions/tutor/speed_sims.py) with 99%
power: simulation_runs asks for 121 at least, a test pins it; a check takes about a second."""


def _typed_share(n: int, seed: int) -> Any:
    return 0.73, (0.69, 0.77)


def _share_interval_over_n(n: int, seed: int) -> Any:
    from .bots import fast_round
    rng = random.Random(seed)
    wins = sum(fast_round(ONE_DECK, rng, ("first", "first"), WIN_RATE_RATES).winner == 0 for _ in range(n))
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p)) / n
    return p, (p - half, p + half)


def _share_unseeded(n: int, seed: int) -> Any:
    from .bots import fast_round
    rng = random.Random()
    wins = sum(fast_round(ONE_DECK, rng, ("first", "first"), WIN_RATE_RATES).winner == 0 for _ in range(n))
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


def _share_rates_swapped(n: int, seed: int) -> Any:
    from .bots import fast_round
    rng = random.Random(seed)
    wins = sum(fast_round(ONE_DECK, rng, ("first", "first"), (2, 3)).winner == 0 for _ in range(n))
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


@check.exercise(title="How often does the faster player win?",
                practises="a confidence interval from a simulation", stars=2, minutes=15, mistakes=[
                    Mistake(0.84, "a number typed in cannot be checked: write simulate(n, seed) so that the check "
                                  "runs your simulation with its own seeds"),
                    Mistake((0.73, (0.69, 0.77)), "an estimate and interval typed in cannot be checked: return "
                                                  "them from simulate(n, seed), computed from the rounds played"),
                    Mistake(_typed_share, "gives the same result for two different seeds"),
                    Mistake(_share_interval_over_n, "you divided the standard deviation by n"),
                    Mistake(_share_unseeded, "gives different results for the same seed"),
                    Mistake(_share_rates_swapped, "the rates the other way round"),
                ])
def win_rate_simulation(answer: Any, exercise: Exercise) -> Passed:
    """simulate(n, seed) -> (player 0's share of n rounds won, its 95% interval), rates 3 and 2, one deck."""
    return check_simulation(answer, simulation_of(exercise), n=SIMULATION_RUNS,
                            name="simulate", mistakes=exercise.mistakes, unit="rounds",
                            success="your interval comes from your own rounds")


# ---------------------------------------------------------------------------------------------------------
# questions answered in words (graded by hand; the model answers and rubrics are in the solution notebook)

check.written("why_the_race_is_memoryless", title="Why the time already waited does not matter",
              practises="memorylessness of exponential waiting times", stars=2, minutes=10, points=3)
check.written("what_the_interval_says", title="What your interval says, and what it does not",
              practises="reading a confidence interval from a simulation", stars=2, minutes=10, points=3)


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells (notebooks/04_speed.ipynb): the student picks the values, the check answers for them

def _parts(answer: Any, size: int, form: str) -> tuple[Any, ...]:
    if answer is None or answer is Ellipsis:
        raise WrongAnswer(f"your answer is still empty: write it as {form}")
    if isinstance(answer, (str, bytes, dict, set, frozenset)) or not hasattr(answer, "__iter__"):
        raise WrongAnswer(f"write your answer as {form}")
    parts = tuple(answer)
    if len(parts) != size:
        raise WrongAnswer(f"write your answer as {form}: {size} parts, not {len(parts)}")
    return parts


def _rank(card: Any, what: str) -> int:
    if isinstance(card, numbers.Integral) and not isinstance(card, bool):
        card = int(card)
    try:
        return rank_of(card)
    except (TypeError, ValueError) as error:
        raise WrongAnswer(f"{what} is not a card: {error}") from None


def _neighbours(top: int) -> set[int]:
    return {(top - 2) % 13 + 1, top % 13 + 1}


RANKS_FORM = "(top, {the ranks that fit}), for example (\"7\", {\"6\", \"8\"})"


@check.exercise(title="Try it: the ranks that fit on a top", practises="modular arithmetic: ranks on a 13-cycle",
                stars=1, minutes=2, try_it=True, mistakes=[
                    Mistake(("K", {"Q"}), "the Ace sits next to the King: the ranks wrap round"),
                    Mistake(("K", {"Q", "K", "A"}), "a card of the same rank as the top does not fit"),
                    Mistake(("K", {"J", "Q", "A"}), "only the rank one above and the rank one below the top fit"),
                    Mistake(("5", {"4"}), "one rank above AND one rank below fit: two ranks in all"),
                ])
def try_ranks_that_fit(answer: Any, exercise: Exercise) -> Passed:
    """(top, set of ranks): the ranks that fit on the top the student picked."""
    top, ranks = _parts(answer, 2, RANKS_FORM)
    top = _rank(top, "your top")
    if isinstance(ranks, (str, bytes)) or not hasattr(ranks, "__iter__"):
        raise WrongAnswer(f"write the ranks that fit as a set, as in {RANKS_FORM}")
    got = {_rank(card, "one of your ranks") for card in ranks}
    want = _neighbours(top)
    if got == want:
        return correct(f"{' and '.join(rank_name(r) for r in sorted(want))} fit on {rank_name(top)}")
    if top in got:
        raise WrongAnswer("not yet: a card of the same rank as the top does not fit")
    if got - want:
        raise WrongAnswer("not yet: only the rank one above and the rank one below the top fit")
    if (top == 13 and 1 not in got) or (top == 1 and 13 not in got):
        raise WrongAnswer("not yet: the Ace sits next to the King: the ranks wrap round")
    raise WrongAnswer("not yet: one rank above AND one rank below fit: two ranks in all")


TOPS_FORM = "(top_a, top_b, how many fitting cards among the 50), for example (\"7\", \"8\", 14)"


@check.exercise(title="Try it: fitting cards for two tops", practises="counting fitting cards without replacement",
                stars=1, minutes=3, try_it=True, mistakes=[
                    Mistake((7, 8, 16), "the tops are on the table, not among the 50 cards: take them out"),
                    Mistake((7, 8, 8), "a top's own rank can be a fitting rank for the other top"),
                    Mistake((7, 7, 16), "the two tops share their fitting ranks: count each rank once"),
                    Mistake((7, 8, 4), "count cards, not ranks: each rank has 4 cards (fewer when one is a top)"),
                    Mistake((7, 8, Fraction(14, 50)), "give the number of fitting cards, a whole number, not a "
                                                      "probability"),
                ])
def try_fitting_cards(answer: Any, exercise: Exercise) -> Passed:
    """(top_a, top_b, count): how many of the 50 cards left after these tops (one deck) are fitting cards."""
    a, b, count = _parts(answer, 3, TOPS_FORM)
    a, b = _rank(a, "your first top"), _rank(b, "your second top")
    if isinstance(count, bool) or not isinstance(count, numbers.Integral):
        if isinstance(count, (numbers.Number, sympy.Basic)):
            raise WrongAnswer("not yet: give the number of fitting cards, a whole number, not a probability")
        raise WrongAnswer(f"write your answer as {TOPS_FORM}")
    count = int(count)
    ranks = _neighbours(a) | _neighbours(b)

    def cards(rank_set: set[int]) -> int:
        return sum(4 - (r == a) - (r == b) for r in rank_set)

    if count == cards(ranks):
        return correct(f"{count} fitting cards for the tops {rank_name(a)} and {rank_name(b)}")
    if count == len(ranks):
        raise WrongAnswer("not yet: count cards, not ranks: each rank has 4 cards (fewer when one is a top)")
    if count == sum(4 - (r == a) - (r == b) for r in [*_neighbours(a), *_neighbours(b)]):
        raise WrongAnswer("not yet: the two tops share their fitting ranks: count each rank once")
    if count == 4 * len(ranks):
        raise WrongAnswer("not yet: the tops are on the table, not among the 50 cards: take them out")
    if count == cards(ranks - {a, b}):
        raise WrongAnswer(f"not yet: the {rank_name(a)} fits on the {rank_name(b)} and the {rank_name(b)} on the "
                          f"{rank_name(a)}: a top's own rank can be a fitting rank for the other top")
    raise WrongAnswer("not yet: the fitting ranks are one below and one above each top; count their cards among "
                      "the 50 left after the two tops")


RACE_FORM = "(your rate, the bot's rate, P(you react first)), for example (2, 5, Fraction(2, 7))"


@check.exercise(title="Try it: who reacts first", practises="the exponential race", stars=1, minutes=2, try_it=True,
                mistakes=[
    Mistake((3, 1, Fraction(1, 4)), "that is the bot's chance of reacting first"),
    Mistake((3, 1, Fraction(1, 3)), "that divides one rate by the other; divide your rate by the sum of both rates"),
    Mistake((3, 1, Fraction(1, 2)), "the faster player wins more than half of the races: the rates differ"),
    Mistake((3, 1, 0.75), "give it exactly"),
])
def try_race(answer: Any, exercise: Exercise) -> Passed:
    """(rate_you, rate_bot, p): P(you react first) for the rates the student picked."""
    rate_you, rate_bot, p = _parts(answer, 3, RACE_FORM)
    rates = []
    for rate, who in ((rate_you, "your rate"), (rate_bot, "the bot's rate")):
        value = exact_number(rate, who)
        if not value > 0:
            raise WrongAnswer(f"{who} must be positive: it counts moves per second")
        rates.append(value)
    you, bot = rates
    mistakes = [Mistake(bot / (you + bot), "that is the bot's chance of reacting first")]
    if you != bot:
        mistakes.append(Mistake(sympy.Rational(1, 2), "the faster player wins more than half of the races: the "
                                                      "rates differ"))
    mistakes += [Mistake(bot / you, "that divides one rate by the other; divide your rate by the sum of both rates"),
                 Mistake(you / bot, "that divides one rate by the other; divide your rate by the sum of both rates")]
    return check_probability(p, you / (you + bot), what="P(you react first)", mistakes=mistakes,
                             success="rate over the sum of the rates")
