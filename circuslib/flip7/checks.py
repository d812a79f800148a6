"""Self-checks for the Flip 7 exercises (solutions/flip7.ipynb) and the lesson's try-it cells.

Each check explains a wrong answer in one line and never gives the right one. Every exercise keeps, as data, the
wrong answers students are likely to give (its ``mistakes=``), each with the hint its check gives; the tests feed
them all through. The situations (hands, seen cards, decks) are new: the lesson prints none of these answers.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any, cast

import sympy

from ..core.game import best_value, expected_value, is_whole
from ..core.teach import (
    Checks,
    Exercise,
    Mistake,
    Passed,
    WrongAnswer,
    check_exact,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    forbid_calls,
    simulation_of,
)
from .bots import Bot, StopAtSum, play_game
from .odds import bust_probability, expected_gain, remaining_deck, solo_optimal
from .rules import CARDS, TIMES_TWO, deck_counts, parse_card, solo_round

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
# 1. card counting: how many cards left would bust her

# Since the last reshuffle: her own 6, 10, 11, and on the other rows and in the discard 10, 10, 10, 11, 11, 6, 6, 2,
# 5, Freeze, +8. Copies left: 6 -> 6 - 1 - 2 = 3, 10 -> 10 - 1 - 3 = 6, 11 -> 11 - 1 - 2 = 8.
COUNT_HELD = (6, 10, 11)
COUNT_SEEN = (10, 10, 10, 11, 11, 6, 6, 2, 5, "Freeze", "+8")


@check.exercise(
    title="Cards that bust her", practises="card counting: the copies left once the cards seen are out of the deck",
    stars=1, minutes=5, answer=(6 - 1 - 2) + (10 - 1 - 3) + (11 - 1 - 2),
    mistakes=[
        Mistake((6 - 1) + (10 - 1) + (11 - 1), "the cards on the other rows and in the discard are out of the deck "
                                              "too: count them"),
        Mistake((6 - 2) + (10 - 3) + (11 - 2), "her own 6, 10 and 11 are copies too: they are out of the deck"),
        Mistake(6 + 10 + 11, "count the copies left: hers and the ones seen are out of the deck"),
        Mistake(2 + 3 + 2, "that counts the copies seen on the table; count the copies still in the deck"),
        Mistake(17.0, "a count is a whole number"),
    ])
def busting_cards(answer: Any, exercise: Exercise) -> Passed:
    """How many of the cards left in the deck would bust a player holding 6, 10, 11, after the cards seen."""
    return check_integer(answer, exercise.expected, what="your count of busting cards", mistakes=exercise.mistakes,
                         success="you counted the cards exactly as a card counter does")


# ---------------------------------------------------------------------------------------------------------
# 2. conditional probability without replacement: the bust odds with cards on the table

# Full deck, start of a round: she holds 8 and 10; the two other rows show 10, 3, Freeze, +4.
# Copies left: 8 -> 7, 10 -> 10 - 1 - 1 = 8; cards left 94 - 2 - 4 = 88.
@check.exercise(
    title="Bust odds with cards on the table", practises="conditional probability without replacement",
    stars=1, minutes=5, answer=Fraction(7 + 8, 94 - 2 - 4),
    mistakes=[
        Mistake(Fraction(7 + 9, 94 - 2), "the four cards on the other rows are out of the deck too"),
        Mistake(Fraction(8 + 10, 94), "the cards in front of the players are no longer in the deck"),
        Mistake(Fraction(7 + 8, 94), "count the cards left in the deck: the six in front of the players are out"),
        Mistake(Fraction(7 + 8, 79 - 2 - 2), "the modifiers and action cards are in the deck too: they are among the "
                                             "cards that can come"),
        Mistake(Fraction(7, 88) * Fraction(8, 87), "one bad card is enough: the two events are disjoint, so add "
                                                   "their chances, don't multiply them"),
        Mistake(Fraction(100 * 15, 88), "a percentage: give a probability between 0 and 1"),
        Mistake(0.1705, "is a decimal: give it exactly"),
        Mistake(sympy.N(sympy.Rational(15, 88)), "a sympy Float, a decimal (as N() and evalf() give): give it exactly"),
    ])
def bust_by_hand(answer: Any, exercise: Exercise) -> Passed:
    """P(the next card busts her) holding 8 and 10, with 10, 3, Freeze, +4 on the other rows (full deck)."""
    return check_probability(answer, exercise.expected, what="P(bust)", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 3. two hits in a row: the first safe card is a new danger

def _bust_within_two(held=(9, 12), deck=None) -> Fraction:
    left = dict(deck or numbers_deck())
    for h in held:
        left[h] -= 1
    total = sum(left.values())
    danger = sum(left[h] for h in held)
    safe_then_bust = sum(Fraction(c, total) * Fraction(danger + c - 1, total - 1)
                         for v, c in left.items() if c and v not in held)
    return Fraction(danger, total) + safe_then_bust


_DANGER, _LEFT = 8 + 11, 79 - 2  # holding 9 and 12 on the numbers deck


@check.exercise(
    title="Busting within two hits",
    practises="conditional probability without replacement, over two draws (total probability)",
    stars=2, minutes=10, answer=_bust_within_two,
    mistakes=[
        Mistake(1 - (1 - Fraction(_DANGER, _LEFT)) ** 2, "that is drawing with replacement: after a safe first "
                "card, the deck has one card fewer and her row one more number"),
        Mistake(Fraction(_DANGER, _LEFT) + Fraction(_LEFT - _DANGER, _LEFT) * Fraction(_DANGER, _LEFT - 1),
                "a safe first card v joins her row: its copies left bust her on the second card too"),
        Mistake(Fraction(_DANGER, _LEFT) + sum(Fraction(_copies(v), _LEFT) * Fraction(_DANGER + _copies(v) - 1, _LEFT)
                                               for v in range(13) if v not in (9, 12)),
                "the second card comes from one card fewer: divide by the cards left after the first"),
        Mistake(Fraction(_DANGER, _LEFT) * Fraction(_DANGER - 1, _LEFT - 1), "busting on the first card already ends "
                "the round: add the ways to bust, first card or second"),
        Mistake(sum(Fraction(_copies(v), _LEFT) * Fraction(_DANGER + _copies(v) - 1, _LEFT - 1)
                    for v in range(13) if v not in (9, 12)),
                "she can also bust on the very first of the two cards: add that chance"),
        Mistake(sympy.Float(float(_bust_within_two())), "give it exactly"),
    ])
def bust_within_two(answer: Any, exercise: Exercise) -> Passed:
    """P(she busts on one of her next two cards) holding 9 and 12 at the start of a round (numbers deck)."""
    return check_probability(answer, exercise.expected, what="P(bust within two hits)", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 4. expected value: one more card, by hand

# Numbers deck; she holds 4, 9, 11 (24 points); the other row shows 11, 9, 2. Left: 73 cards; 3 + 7 + 9 = 19 bust
# (losing 24 each); the safe cards add 650 - (16 + 81 + 121) - 2 = 430 points in all: (430 - 24 * 19) / 73.
@check.exercise(
    title="One more card, on average", practises="expected value: a sum over the cards left, a bust costing the "
    "points in front of her", stars=2, minutes=10, answer=Fraction(430 - 24 * 19, 73),
    mistakes=[
        Mistake(Fraction(430, 73), "a bust loses the 24 points already in front of her: count that loss"),
        Mistake(Fraction(432 - 24 * 21, 76), "the 11, 9 and 2 on the other row are out of the deck too"),
        Mistake(Fraction(430 - 24 * 19, 79), "the six cards on the table are out of the deck: divide by the cards "
                                             "left"),
        Mistake(Fraction(430, 54) - 24, "average over all the cards left, the busting ones included, each weighted "
                                        "by its chance"),
        Mistake(Fraction(-24 * 19, 73), "the safe cards add their value to her score: count that gain too"),
        Mistake(Fraction(24 * 54 + 430, 73), "give the gain (the change in her score), not her expected score after "
                                             "the card"),
        Mistake(-0.356, "give it exactly"),
    ])
def gain_by_hand(answer: Any, exercise: Exercise) -> Passed:
    """The expected change in her round score from one more card holding 4, 9, 11 with 11, 9, 2 seen."""
    return check_exact(answer, exercise.expected, what="the expected gain", mistakes=exercise.mistakes)


# ---------------------------------------------------------------------------------------------------------
# 5. linearity of expectation with indicators

def _different_numbers(cards: int = 7) -> Fraction:
    return sum((1 - Fraction(comb(79 - _copies(v), cards), comb(79, cards)) for v in range(13)), Fraction(0))


@check.exercise(
    title="How many different numbers in seven cards",
    practises="linearity of expectation: a sum of indicator variables, each a hypergeometric chance",
    stars=2, minutes=15, answer=_different_numbers,
    mistakes=[
        Mistake(sum((1 - (1 - Fraction(_copies(v), 79)) ** 7 for v in range(13)), Fraction(0)),
                "that is drawing with replacement: the seven cards are seven different cards of the deck"),
        Mistake(sum((1 - Fraction(comb(79 - v, 7), comb(79, 7)) for v in range(1, 13)), Fraction(0)),
                "forgetting the one 0 card: it is a number too"),
        Mistake(7, "7 counts the cards, not the different numbers: a number that comes twice counts once"),
        Mistake(sum((Fraction(comb(_copies(v), 1) * comb(79 - _copies(v), 6), comb(79, 7)) for v in range(13)),
                    Fraction(0)), "a number shows when it comes at least once, not exactly once"),
        Mistake(5.3387, "give it exactly"),
    ])
def different_numbers(answer: Any, exercise: Exercise) -> Passed:
    """The expected number of different numbers among the first 7 cards of the shuffled numbers deck."""
    return check_exact(answer, exercise.expected, what="the expected number of different numbers",
                       mistakes=exercise.mistakes)


check.written("why_bust_chances_add", title="Why the bust chances add",
              practises="the addition rule for disjoint events, against the product rule", stars=2, minutes=5)


# ---------------------------------------------------------------------------------------------------------
# 6. card counting: the expected gain of one more card, from the cards actually left

def _gain_reference(held, left) -> Fraction:
    score = sum(held)
    total = sum(left.values())
    change = 0
    for card, copies in left.items():
        if isinstance(card, int):
            change += copies * (-score if card in held else card)
        elif card == TIMES_TWO:
            change += copies * score
        elif card.startswith("+"):
            change += copies * int(card[1:])
    return Fraction(change, total)


def _gain_no_loss(held, left):
    total = sum(left.values())
    change = sum(c * (0 if card in held else card) for card, c in left.items() if isinstance(card, int))
    change += sum(c * (sum(held) if card == "x2" else int(card[1:])) for card, c in left.items()
                  if isinstance(card, str) and (card == "x2" or card.startswith("+")))
    return Fraction(change, total)


def _gain_numbers_only(held, left):
    total = sum(left.values())
    change = sum(c * (-sum(held) if card in held else card) for card, c in left.items() if isinstance(card, int))
    return Fraction(change, total)


def _gain_over_numbers(held, left):
    total = sum(c for card, c in left.items() if isinstance(card, int))
    change = sum(c * (-sum(held) if card in held else card) for card, c in left.items() if isinstance(card, int))
    change += sum(c * (sum(held) if card == "x2" else int(card[1:])) for card, c in left.items()
                  if isinstance(card, str) and (card == "x2" or card.startswith("+")))
    return Fraction(change, total)


def _gain_fresh_deck(held, left):
    deck = full_deck()
    for h in held:
        deck[h] -= 1
    return _gain_reference(held, deck)


def _gain_x2_as_two(held, left):
    return _gain_reference(held, left) + Fraction(left.get("x2", 0) * (2 - sum(held)), sum(left.values()))


def _gain_inputs() -> list[tuple[Any, ...]]:
    """Hands and decks left: late and early in a deck, with and without modifiers, a fresh copy each call."""
    rng = random.Random(7)
    cases = [([], full_deck()), ([12], full_deck())]
    physical = [card for card, copies in full_deck().items() for _ in range(copies)]
    for size in (30, 55, 12, 70, 40, 20, 25, 64):
        rng.shuffle(physical)
        gone = physical[:94 - size]
        left = full_deck()
        for card in gone:
            left[card] -= 1
        numbers = sorted({c for c in gone if isinstance(c, int)})
        held = rng.sample(numbers, min(len(numbers), rng.randint(1, 5)))
        cases.append((sorted(held), left))
    return cases


@check.exercise(
    title="Counting cards: the gain function",
    practises="card counting: the expected value of one more card from the cards actually left",
    stars=2, minutes=15, model=_gain_reference,
    mistakes=[
        Mistake(_gain_no_loss, "a bust loses the points in front of her: a number she holds costs sum(held)"),
        Mistake(_gain_numbers_only, "the modifiers left add points too: +N adds N, and x2 adds her sum again"),
        Mistake(_gain_over_numbers, "divide by all the cards left: modifiers and action cards can come too"),
        Mistake(_gain_fresh_deck, "count the cards actually left (the argument left), not a fresh deck"),
        Mistake(_gain_x2_as_two, "x2 doubles the sum of her numbers: it adds sum(held), not 2"),
        Mistake(lambda held, left: Fraction(0), "staying changes nothing, but one more card does: add up what each "
                                                "card left would change"),
    ])
def counted_gain(gain: Any, exercise: Exercise) -> Passed:
    """A function gain(held, left): the expected change of the round score from one more card."""
    inputs = _gain_inputs()
    expected = iter([cast(Callable[..., Any], exercise.model)(*args) for args in _gain_inputs()])
    return check_function(gain, lambda held, left: next(expected), inputs, name="gain", mistakes=exercise.mistakes,
                          success="your gain counts every card left, exactly")


# ---------------------------------------------------------------------------------------------------------
# 7. optimal stopping: the dynamic programme on small decks

DP_DECKS: tuple[dict[int, int], ...] = (
    {2: 2, 4: 4}, {5: 1, 6: 2}, {1: 1, 2: 2, 3: 3, 4: 4}, {0: 1, 7: 3, 9: 2}, {3: 1, 8: 4, 11: 2},
    {1: 2, 2: 3, 4: 4, 6: 5, 9: 2}, {10: 1}, {2: 1, 3: 1, 4: 1}, {6: 3, 12: 5}, {1: 3, 5: 2, 8: 1, 12: 3},
    {2: 3, 3: 3, 5: 4, 8: 5, 10: 3, 12: 2}, {0: 1, 1: 1, 2: 2, 7: 7},
)
"""Small decks {number: copies} with fewer than 7 different numbers, so no Flip bonus can happen."""


def _dp_reference(deck) -> Fraction:
    return best_value(solo_round(dict(deck)))


def _dp_with_replacement(deck):
    total = sum(deck.values())

    @cache
    def value(held):
        hit = sum(Fraction(c, total) * (0 if v in held else value(tuple(sorted(held + (v,)))))
                  for v, c in deck.items() if c)
        return max(Fraction(sum(held)), hit)

    return value(())


def _dp_one_step(deck):
    total = sum(deck.values())
    one_card = sum(Fraction(c, total) * v for v, c in deck.items())  # hit = the points after one card, then stop
    return max(Fraction(0), one_card)


def _dp_never_stays(deck):
    @cache
    def value(held):
        left = {v: c - (v in held) for v, c in deck.items()}
        total = sum(left.values())
        if not total:
            return Fraction(sum(held))
        return sum(Fraction(c, total) * (0 if v in held else value(tuple(sorted(held + (v,)))))
                   for v, c in left.items() if c)

    return value(())


def _dp_no_bust(deck):
    @cache
    def value(held, drawn):
        left = {v: c - drawn.count(v) for v, c in deck.items()}
        total = sum(left.values())
        stay = Fraction(sum(held))
        if not total:
            return stay
        hit = sum(Fraction(c, total) * value(tuple(sorted(set(held) | {v})), tuple(sorted(drawn + (v,))))
                  for v, c in left.items() if c)
        return max(stay, hit)

    return value((), ())


def _dp_bust_keeps(deck):
    @cache
    def value(held):
        left = {v: c - (v in held) for v, c in deck.items()}
        total = sum(left.values())
        stay = Fraction(sum(held))
        if not total:
            return stay
        hit = sum(Fraction(c, total) * (stay if v in held else value(tuple(sorted(held + (v,)))))
                  for v, c in left.items() if c)
        return max(stay, hit)

    return value(())


@check.exercise(
    title="The dynamic programme on a small deck",
    practises="optimal stopping: a recursion over hands, stay against hit, checked on many decks",
    stars=3, minutes=25, model=_dp_reference,
    mistakes=[
        Mistake(_dp_with_replacement, "you draw with replacement: after each card, its copy is out of the deck, so "
                                      "both the counts and the number of cards left go down"),
        Mistake(_dp_one_step, "you look one card ahead only: hit is worth the value of the best play from the "
                              "new hand (the same recursion), not the points after one card"),
        Mistake(_dp_never_stays, "you never stay: at each hand take the larger of stay and hit"),
        Mistake(_dp_no_bust, "a number already held busts: the hand is then worth 0"),
        Mistake(_dp_bust_keeps, "a bust scores 0 for the round, not the points held before it"),
        Mistake(lambda deck: Fraction(0), "staying before the first card is worth 0: compare stay and hit at every "
                                          "hand, the empty one included"),
    ])
def small_deck_dp(optimum: Any, exercise: Exercise) -> Passed:
    """A function optimum(deck): a lone player's best expected round score on a small deck {number: copies}."""
    watched = forbid_calls(optimum, [best_value, expected_value, solo_optimal],
                           says="write the recursion yourself rather than calling the kit's solvers (best_value, "
                                "solo_optimal)")
    inputs = [(dict(deck),) for deck in DP_DECKS]
    return check_function(watched, cast(Callable[..., Any], exercise.model), inputs, name="optimum",
                          mistakes=exercise.mistakes,
                          success="your dynamic programme gives the exact optimum on every test deck")


# ---------------------------------------------------------------------------------------------------------
# 8. a bot, measured against another with a confidence interval

OPPONENT = StopAtSum(18)
GAMES = 300
"""The check runs the student's simulate(GAMES, seed) with its own seeds."""

# GAMES tells the one-step counter's games from the other seat's (solutions/tutor/flip7_sims.py) with 99% power
# (simulation_runs asks for 23 at least; a test pins it). A dealer who never changes is too near to tell in a
# student's few seconds.


class _OneStepCounter(Bot):
    """Hits while one more card, counted on the cards actually left, gains points on average (integer sums)."""

    name = "one-step counter"

    def wants_hit(self, hand, deck) -> bool:
        return _gain_reference(hand.numbers, dict(zip(CARDS, deck))) > 0


def _play(n, seed):
    rng = random.Random(seed)
    bots = [_OneStepCounter(), OPPONENT]
    return [play_game(bots, rng, dealer=i % 2).winner() for i in range(n)]


def _sim_narrow(n, seed):
    wins = _play(n, seed).count(0)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p)) / n
    return p, (p - half, p + half)


def _sim_other_seat(n, seed):
    wins = _play(n, seed).count(1)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


def _sim_no_seed(n, seed):
    rng = random.Random()
    bots = [_OneStepCounter(), OPPONENT]
    wins = sum(play_game(bots, rng, dealer=i % 2).winner() == 0 for i in range(n))
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


def _sim_constant(n, seed):
    return 0.66, (0.61, 0.71)


@check.exercise(
    title="Your bot against 'stop at 18', with an interval",
    practises="writing a bot and measuring it against another: a win rate with a 95% confidence interval",
    stars=3, minutes=25,
    mistakes=[
        Mistake((0.37, (0.33, 0.42)), "a number typed in cannot be checked: write simulate(n, seed) and give the "
                                      "function itself"),
        Mistake(0.66, "a number typed in cannot be checked"),
        Mistake(_sim_constant, "gives the same result for two different seeds"),
        Mistake(_sim_narrow, "you divided the standard deviation by n"),
        Mistake(_sim_other_seat, "that is the share of 'stop at 18' (seat 1)"),
        Mistake(_sim_no_seed, "gives different results for the same seed"),
    ])
def bot_against_stop_at(simulate: Any, exercise: Exercise) -> Passed:
    """simulate(n, seed) -> (share of games won by the one-step counting bot, (low, high))."""
    return check_simulation(simulate, simulation_of(exercise), n=GAMES, seeds=(11, 12),
                            name="simulate", mistakes=exercise.mistakes, unit="games",
                            success="your simulation behaves as a simulation of these games should")


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


def _bust_variants(held, seen) -> dict[Any, Any]:
    deck = full_deck()
    for card in seen:
        deck[parse_card(card)] -= 1
    left = sum(deck.values()) - len(held)
    copies = sum(deck[h] - 1 for h in held)
    fresh = sum(_copies(h) - 1 for h in held)
    variants = {}
    if left:
        variants["the cards seen are out of the deck too: take them off the copies and off the cards left"] = \
            Fraction(fresh, 94 - len(held))
        variants["the numbers she holds are copies too: one of each is in front of her, not in the deck"] = \
            Fraction(copies + len(held), left)
        variants["divide by the cards left in the deck, not by 94"] = Fraction(copies, 94)
    return variants


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
    variants = _bust_variants(held, seen)
    return check_probability(p, bust_probability(held, seen), what="P(bust)",
                             mistakes=[Mistake(v, hint) for hint, v in variants.items()],
                             success="copies left of the numbers held, over the cards left")


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
    variants = [
        Mistake(Fraction(safe, left), "a bust loses the points in front of her: subtract the score times the busting "
                                      "copies"),
        Mistake(Fraction(safe - score * busting, 79), "the cards she holds are out of the deck: divide by 79 minus the "
                                                      "numbers held"),
        Mistake(Fraction(-score * busting, left), "the safe cards add their value: count that gain too"),
    ]
    if len(held) == 6:
        variants.insert(0, Mistake(Fraction(safe - score * busting, left), "with six numbers held, a new number makes "
                                   "a Flip 7: it also brings the 15-point bonus"))
    if 0 in held:
        variants.insert(0, Mistake(Fraction(safe - score * zero_slip, left), "there is one 0 card: holding it leaves "
                                                                             "no copy (not 0 - 1)"))
    return check_exact(gain, expected_gain(held, deck="numbers"), what="the expected gain", mistakes=variants,
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
