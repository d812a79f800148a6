"""Self-checks for the Flip 7 exercises (solutions/flip7.ipynb) and the lesson's try-it cells.

Each check explains a wrong answer in one line and never gives the right one. An exercise answered by a value
compares it with its key (``exercise.key``: salted digests of the answer and of the slips its model knows, compiled
from solutions/tutor/flip7.py into data/tutor.json), so this module holds no answer; the others keep, as data, the
wrong answers students are likely to give (their ``mistakes=``), each with the hint its check gives; the tests feed
them all through. The situations (hands, seen cards, decks) are new: the lesson prints none of these answers.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.cases import function_key
from ..core.game import best_value, expected_value, is_whole
from ..core.teach import (
    Checks,
    Exercise,
    Forbidden,
    Key,
    Mistake,
    Passed,
    WrongAnswer,
    check_exact,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    simulation_of,
)
from .bots import StopAtSum
from .odds import bust_probability, expected_gain, remaining_deck, solo_optimal
from .rules import CARDS, deck_counts, parse_card

__all__ = ["check", "full_deck", "numbers_deck", "OPPONENT", "GAMES"]

check = Checks("Flip 7")


def full_deck() -> dict[Any, Any]:
    """The 94-card deck as {card: copies}: numbers 0..12, the modifiers '+2'..'+10' and 'x2', the action cards."""
    return dict(zip(CARDS, deck_counts("full")))


def numbers_deck() -> dict[Any, Any]:
    """The 79 number cards as {number: copies}: one 0, and n copies of each n from 1 to 12."""
    return {v: (v if v else 1) for v in range(13)}


def _copies(v: int) -> int:
    return v if v else 1


# ---------------------------------------------------------------------------------------------------------
# 1-5. the exercises answered by a value: each check compares with the exercise's key (salted digests from the
# teacher's models, solutions/tutor/flip7.py), which also names the slips the models know

@check.exercise(
    title="Cards that bust her", practises="card counting: the copies left once the cards seen are out of the deck",
    stars=1, minutes=5)
def busting_cards(answer: Any, exercise: Exercise) -> Passed:
    """How many of the cards left in the deck would bust a player holding 6, 10, 11, after the cards seen."""
    return check_integer(answer, exercise.key, what="your count of busting cards",
                         success="you counted the cards exactly as a card counter does")


@check.exercise(
    title="Bust odds with cards on the table", practises="conditional probability without replacement",
    stars=1, minutes=5)
def bust_by_hand(answer: Any, exercise: Exercise) -> Passed:
    """P(the next card busts her) holding 8 and 10, with 10, 3, Freeze, +4 on the other rows (full deck)."""
    return check_probability(answer, exercise.key, what="P(bust)")


@check.exercise(
    title="Busting within two hits",
    practises="conditional probability without replacement, over two draws (total probability)",
    stars=2, minutes=10)
def bust_within_two(answer: Any, exercise: Exercise) -> Passed:
    """P(she busts on one of her next two cards) holding 9 and 12 at the start of a round (numbers deck)."""
    return check_probability(answer, exercise.key, what="P(bust within two hits)")


@check.exercise(
    title="One more card, on average", practises="expected value: a sum over the cards left, a bust costing the "
    "points in front of her", stars=2, minutes=10)
def gain_by_hand(answer: Any, exercise: Exercise) -> Passed:
    """The expected change in her round score from one more card holding 4, 9, 11 with 11, 9, 2 seen."""
    return check_exact(answer, exercise.key, what="the expected gain")


@check.exercise(
    title="How many different numbers in seven cards",
    practises="linearity of expectation: a sum of indicator variables, each a hypergeometric chance",
    stars=2, minutes=15)
def different_numbers(answer: Any, exercise: Exercise) -> Passed:
    """The expected number of different numbers among the first 7 cards of the shuffled numbers deck."""
    return check_exact(answer, exercise.key, what="the expected number of different numbers")


check.written("why_bust_chances_add", title="Why the bust chances add",
              practises="the addition rule for disjoint events, against the product rule", stars=2, minutes=5)


# ---------------------------------------------------------------------------------------------------------
# 6. card counting: the expected gain of one more card, from the cards actually left

COUNTED_GAIN = function_key(__package__, "counted_gain")
SMALL_DECK_DP = function_key(__package__, "small_deck_dp")


@check.exercise(
    title="Counting cards: the gain function",
    practises="card counting: the expected value of one more card from the cards actually left",
    stars=2, minutes=15, model=COUNTED_GAIN, mistakes=[])
def counted_gain(gain: Any, exercise: Exercise) -> Passed:
    """A function gain(held, left): the expected change of the round score from one more card."""
    from . import odds  # the kit's own counting, which the exercise asks the student to write

    return check_function(gain, exercise.model, COUNTED_GAIN, name="gain",
                          forbid=Forbidden([odds.expected_gain], say="count the cards left yourself rather than "
                                              "calling the kit's expected_gain"),
                          success="your gain counts every card left, exactly")


# ---------------------------------------------------------------------------------------------------------
# 7. optimal stopping: the dynamic programme on small decks

DP_DECKS: tuple[dict[int, int], ...] = (
    {2: 2, 4: 4}, {5: 1, 6: 2}, {1: 1, 2: 2, 3: 3, 4: 4}, {0: 1, 7: 3, 9: 2}, {3: 1, 8: 4, 11: 2},
    {1: 2, 2: 3, 4: 4, 6: 5, 9: 2}, {10: 1}, {2: 1, 3: 1, 4: 1}, {6: 3, 12: 5}, {1: 3, 5: 2, 8: 1, 12: 3},
    {2: 3, 3: 3, 5: 4, 8: 5, 10: 3, 12: 2}, {0: 1, 1: 1, 2: 2, 7: 7},
)
"""Small decks {number: copies} with fewer than 7 different numbers, so no Flip bonus can happen."""


@check.exercise(
    title="The dynamic programme on a small deck",
    practises="optimal stopping: a recursion over hands, stay against hit, checked on many decks",
    stars=3, minutes=25, model=SMALL_DECK_DP, mistakes=[])
def small_deck_dp(optimum: Any, exercise: Exercise) -> Passed:
    """A function optimum(deck): a lone player's best expected round score on a small deck {number: copies}."""
    from . import odds  # the kit's own solvers, which the exercise asks the student to write

    solvers = Forbidden([best_value, expected_value, odds.solo_optimal], say="write the recursion yourself "
                           "rather than calling the kit's solvers (best_value, solo_optimal)")
    return check_function(optimum, exercise.model, SMALL_DECK_DP, name="optimum", forbid=solvers,
                          success="your dynamic programme gives the exact optimum on every test deck")


# ---------------------------------------------------------------------------------------------------------
# 8. a bot, measured against another with a confidence interval

OPPONENT = StopAtSum(18)
GAMES = 300
"""The check runs the student's simulate(GAMES, seed) with its own seeds."""

# GAMES tells the one-step counter's games from the other seat's (solutions/tutor/flip7_sims.py, where the
# reference bot and the catalogue of wrong simulations live) with 99% power (simulation_runs asks for 23 at least;
# a test pins it). A dealer who never changes is too near to tell in a student's few seconds.


@check.exercise(
    title="Your bot against 'stop at 18', with an interval",
    practises="writing a bot and measuring it against another: a win rate with a 95% confidence interval",
    stars=3, minutes=25)
def bot_against_stop_at(simulate: Any, exercise: Exercise) -> Passed:
    """simulate(n, seed) -> (share of games won by the one-step counting bot, (low, high))."""
    return check_simulation(simulate, simulation_of(exercise), n=GAMES, seeds=(11, 12), name="simulate",
                            unit="games", success="your simulation behaves as a simulation of these games should")


check.written("why_the_optimum_loses", title="Why the best average can lose games",
              practises="expected value against the chance of winning: what a game to 200 rewards", stars=2,
              minutes=10)


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells (notebooks/01_flip7.ipynb): the student changes the lesson's values and checks a line

def _situation(answer, shape: str, size: int) -> tuple[Any, ...]:
    if not isinstance(answer, (tuple, list)) or len(answer) != size:
        raise WrongAnswer(f"give {shape} together, as in the cell")
    return tuple(answer)


def _cards(held: Any, seen: Any = ()) -> tuple[list[Any], list[Any]]:
    if isinstance(held, (str, bytes)) or not isinstance(held, (list, tuple, set)):
        raise WrongAnswer("held is a list of the numbers in front of her, for example [3, 7, 11]")
    if isinstance(seen, (str, bytes)) or not isinstance(seen, (list, tuple)):
        raise WrongAnswer("seen is a list of the cards seen, for example [11, 11, 7, '+4']")
    try:
        remaining_deck(list(held), list(seen))
    except (TypeError, ValueError) as error:
        raise WrongAnswer(f"this situation cannot happen: {error}") from None
    return list(held), list(seen)


def _situation_key(truth: Any, slips: list[Mistake]) -> Key:
    """The key of a situation the student chose: made here from the kit's own answer for it (nothing to keep out of
    reach: the lesson works it out in the open), with the slips possible in it, so the families apply too."""
    return Key.of_value(truth, hints=[(m.answer, m.id, m.hint) for m in slips if m.answer != truth])


def _bust_variants(held, seen) -> list[Mistake]:
    """The slips of a bust chance in this situation: a choice about the deck made otherwise."""
    deck = full_deck()
    for card in seen:
        deck[parse_card(card)] -= 1
    left = sum(deck.values()) - len(held)
    copies = sum(deck[h] - 1 for h in held)
    fresh = sum(_copies(h) - 1 for h in held)
    numbers_left = sum(c for card, c in deck.items() if isinstance(card, int)) - len(held)
    if not left:
        return []
    slips = [
        Mistake(Fraction(fresh, 94 - len(held)), "the cards seen are out of the deck too: take them off the copies "
                                                 "and off the cards left"),
        Mistake(Fraction(copies + len(held), left), "the numbers she holds are copies too: one of each is in front "
                                                    "of her, not in the deck"),
        Mistake(Fraction(copies + len(held), left + len(held)), "the numbers she holds are out of the deck: take one "
                                                                "copy of each off, and off the cards left"),
        Mistake(Fraction(copies, 94), "divide by the cards left in the deck, not by 94"),
    ]
    if numbers_left:
        slips.append(Mistake(Fraction(copies, numbers_left), "the modifiers and action cards are in the deck too: "
                                                             "they are among the cards that can come"))
    return slips


@check.exercise(
    title="Try it: a bust chance of your own", practises="conditional probability without replacement",
    stars=1, minutes=3, try_it=True,
    mistakes=[
        Mistake(([3, 7, 11], [11, 11, 7, "+4"], Fraction(2 + 6 + 10, 94 - 3)),
                "the cards seen are out of the deck too: take them off the copies and off the cards left"),
        Mistake(([3, 7, 11], [11, 11, 7, "+4"], Fraction(3 + 6 + 9, 94 - 7)),
                "the numbers she holds are copies too: one of each is in front of her, not in the deck"),
        Mistake(([3, 7, 11], [11, 11, 7, "+4"], Fraction(15, 94)), "divide by the cards left in the deck, not by 94"),
        Mistake(([3, 7, 11], [11, 11, 7, "+4"], 0.1724), "give it exactly"),
        Mistake(([3, 7, 11], [11, 11, 7, "+4"]), "give (held, seen, p_bust) together"),
    ])
def try_bust_chance(answer: Any, exercise: Exercise) -> Passed:
    """(held, seen, p_bust): the exact chance that the next card busts her (full deck)."""
    held, seen, p = _situation(answer, "(held, seen, p_bust)", 3)
    held, seen = _cards(held, seen)
    return check_probability(p, _situation_key(bust_probability(held, seen), _bust_variants(held, seen)),
                             what="P(bust)", success="copies left of the numbers held, over the cards left")


@check.exercise(
    title="Try it: one more card for a hand of your choice",
    practises="expected value by linearity: safe cards add their value, busting cards cost the score",
    stars=1, minutes=3, try_it=True,
    mistakes=[
        Mistake(([2, 7, 9], Fraction(650 - 134, 76)), "a bust loses the points in front of her: subtract the score "
                                                      "times the busting copies"),
        Mistake(([2, 7, 9], Fraction(650 - 134 - 18 * 15, 79)), "the cards she holds are out of the deck: divide by "
                                                                "79 minus the numbers held"),
        Mistake(([0, 7, 9], Fraction(650 - 130 - 16 * (-1 + 6 + 8), 76)),
                "there is one 0 card: holding it leaves no copy (not 0 - 1)"),
        Mistake(([2, 7, 9], Fraction(-18 * 15, 76)), "the safe cards add their value: count that gain too"),
        Mistake(([2, 7, 9], 3.2368), "give it exactly"),
    ])
def try_one_more_card(answer: Any, exercise: Exercise) -> Passed:
    """(held, gain): the expected change of her score from one more card, numbers deck."""
    held, gain = _situation(answer, "(held, gain)", 2)
    held, _ = _cards(held)
    if len(held) >= 7:
        raise WrongAnswer("seven different numbers is a Flip 7: the round is over")
    score = sum(held)
    copies = {v: _copies(v) - (v in held) for v in range(13)}
    left = 79 - len(held)
    safe = sum(v * c for v, c in copies.items() if v not in held)
    busting = sum(copies[h] for h in held)
    zero_slip = sum(h - 1 for h in held)
    modifiers = 2 + 4 + 6 + 8 + 10 + score  # the full deck's +2 to +10, and x2 adding her score again
    variants = [
        Mistake(Fraction(safe, left), "a bust loses the points in front of her: subtract the score times the busting "
                                      "copies"),
        Mistake(Fraction(safe - score * busting, 79), "the cards she holds are out of the deck: divide by 79 minus the "
                                                      "numbers held"),
        Mistake(Fraction(-score * busting, left), "the safe cards add their value: count that gain too"),
        Mistake(Fraction(safe - score * (busting + len(held)), 79), "her own numbers are out of the deck: one copy "
                                                                    "of each is in front of her"),
        Mistake(Fraction(safe - score * busting + modifiers, left + 15), "that is with the full 94-card deck; the "
                                                                         "lesson's gain uses the 79 number cards"),
    ]
    if len(held) == 6:
        variants.insert(0, Mistake(Fraction(safe - score * busting, left), "with six numbers held, a new number makes "
                                   "a Flip 7: it also brings the 15-point bonus"))
    if 0 in held:
        variants.insert(0, Mistake(Fraction(safe - score * zero_slip, left), "there is one 0 card: holding it leaves "
                                                                             "no copy (not 0 - 1)"))
    return check_exact(gain, _situation_key(expected_gain(held, deck="numbers"), variants), what="the expected gain",
                       success="safe values added, the score lost on each busting copy, over the cards left")


@check.exercise(
    title="Try it: where 'stop at 23' and the optimum disagree",
    practises="optimal stopping: a threshold rule against the exact optimum",
    stars=1, minutes=3, try_it=True,
    mistakes=[
        Mistake((2, 3), "both hit this hand: look at sums close to 23"),
        Mistake((10, 11, 12), "both stay on this hand: look at sums close to 23"),
        Mistake((5, 5, 12), "a hand never holds a number twice (the second would have busted)"),
        Mistake((8, 9, 13), "the numbers go from 0 to 12"),
        Mistake((0, 1, 2, 3, 4, 5, 6), "seven different numbers is a Flip 7: the round is already over"),
    ])
def try_disagree(hand: Any, exercise: Exercise) -> Passed:
    """A hand (the numbers held) where 'stop at 23' and the exact optimum give different advice."""
    if isinstance(hand, (str, bytes)) or not isinstance(hand, (list, tuple, set, frozenset)):
        raise WrongAnswer("give the hand as a tuple of the numbers held, for example (5, 8, 10)")
    if any(not is_whole(v) for v in hand):
        raise WrongAnswer("a hand lists whole numbers from 0 to 12")
    if any(not 0 <= v <= 12 for v in hand):
        raise WrongAnswer("the numbers go from 0 to 12")
    if len(set(hand)) != len(list(hand)):
        raise WrongAnswer("a hand never holds a number twice (the second would have busted)")
    if len(set(hand)) >= 7:
        raise WrongAnswer("seven different numbers is a Flip 7: the round is already over")
    optimum = solo_optimal().advice(sorted(hand))
    threshold = "hit" if sum(hand) < 23 else "stay"
    if optimum == threshold == "hit":
        raise WrongAnswer("both hit this hand: look at sums close to 23")
    if optimum == threshold == "stay":
        raise WrongAnswer("both stay on this hand: look at sums close to 23")
    return correct(f"'stop at 23' says {threshold} and the optimum says {optimum}")
