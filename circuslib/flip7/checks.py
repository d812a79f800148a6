"""Self-checks for the Flip 7 exercises (solutions/flip7.ipynb): they explain a wrong answer, never give the right one."""
from __future__ import annotations

import inspect
from fractions import Fraction

from ..core.game import best_value
from ..core.teach import Checks, WrongAnswer, check_exact, check_integer, check_probability, correct
from .rules import solo_round

__all__ = ["check", "WIN_RATE_REFERENCE"]

check = Checks("Flip 7")

WIN_RATE_REFERENCE = 0.3723
"""The optimal bot's win rate against two 'stop at 23' bots in 3-player games, measured once on 30,000 seeded
games, the dealer moving round the table (95% interval ±0.0055); a student's interval from a few thousand games should contain it."""


@check.register
def bust_by_hand(answer) -> str:
    """P(bust) holding 12 and 11 at the start of a round, the full 94-card deck, nothing else seen."""
    # 11 twelves and 10 elevens are left among 94 - 2 = 92 cards
    return check_probability(answer, Fraction(21, 92), what="P(bust)", mistakes={
        Fraction(23, 94): "the 12 and the 11 in front of the player are no longer in the deck",
        Fraction(21, 94): "count the cards left in the deck: the two in front of the player are out of it",
        Fraction(23, 92): "the 12 and 11 in front of the player are copies too: 11 twelves and 10 elevens remain",
        Fraction(21, 77): "the deck also holds modifiers and action cards: they are among the cards that can come",
        Fraction(11, 92) * Fraction(10, 91): "one bad card is enough: add the two chances, don't multiply them",
    })


@check.register
def one_more_card(answer) -> str:
    """The expected gain of one more card holding 10, 11, 12, on the numbers-only deck."""
    # 76 cards left; 30 bust (losing 33 each), the rest add their value: 1*1 + ... + 9*9 = 285 -> (285 - 990)/76
    return check_exact(answer, Fraction(-705, 76), what="the expected gain", mistakes={
        Fraction(285, 76): "a bust loses the 33 points already in front of the player: count that loss",
        Fraction(285 - 990, 79): "the three cards in front of the player are out of the deck: 76 cards are left",
        Fraction(285, 46): "average over all 76 cards left, including the 30 that bust",
        Fraction(-990, 76): "the 46 safe cards add their value to the score: count that gain too",
    })


@check.register
def second_card_bust(answer) -> str:
    """P(a player who never stops busts on the second card), numbers-only deck."""
    # sum over v of (v/79) * ((v - 1)/78) = (650 - 78)/6162 = 22/237
    return check_probability(answer, Fraction(22, 237), what="P(bust on the 2nd card)", mistakes={
        Fraction(650, 79 * 79) - Fraction(78, 79 * 79): "the first card is not put back: the second comes from 78",
        Fraction(650, 79 * 78): "after a first v only v - 1 copies of v are left",
        Fraction(12, 79): "the chance depends on which number came first: average over the first card",
    })


@check.register
def best_stop_at(answer) -> str:
    """The stop-at-sum threshold with the highest exact expected round score (numbers-only deck)."""
    return check_integer(answer, 23, what="the best threshold", mistakes={
        22: "close: compare the exact values of 22, 23 and 24 again",
        24: "close: compare the exact values of 22, 23 and 24 again",
        25: "stopping at 25 is a little too greedy: compare the exact values",
        20: "stopping at 20 is too careful: compare the exact values",
    })


SMALL_DECKS = [{1: 1, 3: 3, 5: 5}, {2: 2, 4: 4}, {1: 1, 2: 2, 3: 3, 4: 4}, {5: 1, 6: 2}, {0: 1, 7: 3, 9: 2}]


@check.register
def small_deck_dp(optimum) -> str:
    """A function optimum(deck) giving a lone player's best expected round score on a small deck {number: copies}."""
    if optimum is None or optimum is Ellipsis:
        raise WrongAnswer("optimum is still empty: write the function")
    if not callable(optimum):
        raise WrongAnswer("optimum should be a function of the deck, like def optimum(deck): ...")
    if _has_source(optimum) and ("best_value(" in inspect.getsource(optimum) or "solo_optimal(" in inspect.getsource(optimum)):
        raise WrongAnswer("write the recursion yourself rather than calling the kit's solvers")
    for deck in SMALL_DECKS:
        expected = best_value(solo_round(deck))  # fewer than 7 numbers: no Flip bonus can happen
        try:
            got = optimum(dict(deck))
        except Exception as error:  # a student's function may fail in any way: report it kindly
            raise WrongAnswer(f"optimum({deck}) raised {type(error).__name__}: {error}") from None
        if isinstance(got, float):
            raise WrongAnswer(f"optimum({deck}) returned a decimal; return an exact Fraction")
        try:
            got = Fraction(got)
        except (TypeError, ValueError):
            raise WrongAnswer(f"optimum({deck}) returned {type(got).__name__}; return a Fraction") from None
        if got != expected:
            hint = ("it is lower than the best: at each hand take the larger of 'stay' and 'hit'" if got < expected
                    else "it is higher than possible: a bust scores 0, and a number already held busts")
            raise WrongAnswer(f"optimum({deck}) = {got} is not right yet: {hint}")
    return correct("your dynamic programme gives the exact optimum on every test deck")


def _has_source(function) -> bool:
    try:
        inspect.getsource(function)
    except (OSError, TypeError):
        return False
    return True


@check.register
def win_rate_interval(answer) -> str:
    """(estimate, (low, high)): the optimal bot's win rate against two 'stop at 23' bots, with a 95% interval."""
    if answer is None or answer is Ellipsis:
        raise WrongAnswer("the answer is still empty: give (estimate, (low, high))")
    try:
        estimate, (low, high) = answer
        estimate, low, high = float(estimate), float(low), float(high)
    except (TypeError, ValueError):
        raise WrongAnswer("give the answer as (estimate, (low, high)), three numbers") from None
    if not 0 <= low <= estimate <= high <= 1:
        raise WrongAnswer("a win rate and its interval lie between 0 and 1, with low <= estimate <= high")
    if high - low > 0.1:
        raise WrongAnswer(f"your interval is {high - low:.3f} wide: play more games to narrow it below 0.1")
    if high - low < 0.002:
        raise WrongAnswer("your interval is too narrow for a simulation of this size: check the standard error "
                          "(sqrt(p(1 - p)/n), times 1.96)")
    if not low <= WIN_RATE_REFERENCE <= high:
        raise WrongAnswer("your interval misses the long-run win rate: check which seat you count, and that each "
                          "game is a full game to 200")
    return correct(f"the optimal bot wins about {estimate:.1%} of these games")
