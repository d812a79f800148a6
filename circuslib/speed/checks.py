"""Self-checks for the Speed exercises (solutions/speed.ipynb) and the lesson's try-it cells.

Each check says what is wrong, never the answer, and keeps as data a catalogue of the wrong answers students are
likely to give (a ``Mistake`` each, with its hint). Words as in the lesson: a *fitting card* is a card that fits on
a centre top (one rank above or below it, round the 13-cycle).
"""
from __future__ import annotations

import math
import numbers
import random
from fractions import Fraction
from typing import Any, cast

import sympy

from ..core.cases import function_key
from ..core.teach import (
    Checks,
    Exercise,
    Forbidden,
    Key,
    Mistake,
    Passed,
    WrongAnswer,
    call_student,
    check_formula,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    exact_number,
    simulation_of,
)
from ..core.tutor import shipped_key
from .rules import ONE_DECK, fits, rank_name, rank_of

__all__ = ["check", "CHAIN_HAND", "CHAIN_TOP", "WIN_RATE_RATES",
           "SIMULATION_RUNS"]

check = Checks("Speed (Le Flip)")


def _fit(card: int, top: int) -> bool:
    return (card - top) % 13 in (1, 12)


# ---------------------------------------------------------------------------------------------------------
# 1. a race from mean reaction times

# each value exercise's key is on the teacher's side (solutions/tutor/speed.py: the answer as a function of the
# choices a student makes, its neighbouring choices and its catalogue), shipped as salted digests

@check.exercise(title="Who reacts first?", practises="the exponential race: rates from mean reaction times",
                stars=1, minutes=5)
def race_from_mean_times(answer: Any, exercise: Exercise) -> Passed:
    """P(A reacts first) when A's mean reaction time is 0.4 s and B's is 0.3 s (exponential times)."""
    return check_probability(answer, exercise.key, what="P(A reacts first)",
                             success="the slower player still wins some races")


# ---------------------------------------------------------------------------------------------------------
# 2. a fitting card, as a function

FITS_ON = function_key(__package__, "fits_on")
CHAIN_FUNCTION = function_key(__package__, "longest_chain_function")


def _as_bool(value: Any) -> Any:
    numpy = __import__("sys").modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.bool_):
        return bool(value)
    return value


def _own_rule() -> Forbidden:
    """The watch against the kit's own rule, which fits_on asks the student to write."""
    from . import rules

    return Forbidden([rules.fits, rules._fits, _fit], say="write the rule yourself, with arithmetic modulo 13, "
                        "rather than calling the kit's own fits")


def _own_search() -> Forbidden:
    """The watch against the kit's own longest chain (a rule such as fits may be used: the search is the work)."""
    from .graphs import longest_chain
    from .odds import longest_chain_of_ranks

    return Forbidden([longest_chain_of_ranks, longest_chain], say="write the search yourself rather than "
                        "calling the kit's own longest_chain_of_ranks")


@check.exercise(title="A fitting card, as a function", practises="modular arithmetic: ranks on a 13-cycle",
                stars=1, minutes=5, model=FITS_ON, mistakes=[])
def fits_on(answer: Any, exercise: Exercise) -> Passed:
    """fits_on(card, top) -> True when the card (a rank 1..13) may go on the top."""
    if callable(answer):
        value = _as_bool(call_student(answer, 12, 13, name="fits_on"))
        if not isinstance(value, bool):
            raise WrongAnswer(f"fits_on should return True or False, not {type(value).__name__} "
                              "(a comparison such as x in (1, 12) gives True or False)")
    return check_function(answer, exercise.model, FITS_ON, name="fits_on", exact=False, normal=_as_bool,
                          forbid=_own_rule(),
                          success="the 13-cycle in one line")


# ---------------------------------------------------------------------------------------------------------
# 3. the next card of your pile: conditional probability without replacement

@check.exercise(title="Will the next card fit?",
                practises="conditional probability: counting fitting cards without replacement", stars=1, minutes=5)
def next_card_fits(answer: Any, exercise: Exercise) -> Passed:
    """P(the top card of your pile fits a centre top), one deck, tops 5 and 9, all face-up cards seen."""
    return check_probability(answer, exercise.key, what="P(the next card fits)")


# ---------------------------------------------------------------------------------------------------------
# 4. stalemate once the tops are known: the hypergeometric law

@check.exercise(title="Stalemate on a 6 and an 8", practises="the hypergeometric law: no fitting card among 8",
                stars=2, minutes=10)
def stalemate_six_eight(answer: Any, exercise: Exercise) -> Passed:
    """P(stalemate right after the deal | the tops are 6 and 8), one deck, 4 face-up cards each."""
    return check_probability(answer, exercise.key, what="P(stalemate | tops 6 and 8)")


# ---------------------------------------------------------------------------------------------------------
# 5. a longest chain, read off the chain graph

CHAIN_HAND = ("K", "A", "K", "J", "A")
CHAIN_TOP = "Q"


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
                stars=2, minutes=10)
def longest_chain_on_queen(answer: Any, exercise: Exercise) -> Passed:
    """A longest chain from the hand K, A, K, J, A onto a Queen: the ranks in the order they are played."""
    played = _ranks(answer, "your chain")
    key = cast(Key, exercise.key)
    named = [rank_name(card) for card in played]  # the key's canonical form: rank names, in playing order
    if key.matches(named):
        return correct("a longest path in the chain graph")
    found = key.known(named)
    if found is not None:
        wrong = WrongAnswer(f"your chain is not right yet: {found.hint}")
        wrong.found = found
        raise wrong
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
    # a chain the rules allow that is not the key's is shorter: the longest path from the Queen is unique
    raise WrongAnswer(f"your chain of {len(played)} is valid but not a longest one: try every card that fits "
                      "at each step (every path of the chain graph)")


# ---------------------------------------------------------------------------------------------------------
# 6. the longest chain, as a function: a search over the chain graph

@check.exercise(title="The longest chain, for any hand", practises="a longest path in the chain graph, by search",
                stars=3, minutes=20, model=CHAIN_FUNCTION, mistakes=[])
def longest_chain_function(answer: Any, exercise: Exercise) -> Passed:
    """longest_chain(hand, top) -> the most cards of the hand playable one after another on that top."""
    if callable(answer):
        value = call_student(answer, [13, 1], 12, name="longest_chain")
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise WrongAnswer(f"longest_chain should return a whole number of cards, not {type(value).__name__}")
    # each call gets its own copy of the hand (a function may remove cards from it), on the check's hands and
    # on hands drawn at random: empty, one card, the largest size
    return check_function(answer, exercise.model, CHAIN_FUNCTION, name="longest_chain", exact=False,
                          forbid=_own_search(),
                          success="a longest path, found by search")


# ---------------------------------------------------------------------------------------------------------
# 7. two moves before one: the race derived with sympy, and memorylessness

@check.exercise(title="Two moves before one", practises="memorylessness and the exponential race, with sympy "
                "integrate, checked by simulation", stars=3, minutes=20)
def two_moves_before_one(answer: Any, exercise: Exercise) -> Passed:
    """P(A makes two moves before B makes one), as a formula in the rates lambda_A and lambda_B."""
    if isinstance(answer, sympy.Basic) and answer.has(sympy.Piecewise):
        raise WrongAnswer("your formula is still a Piecewise (sympy did not know the rates are positive): make "
                          "the symbols with positive=True")
    if isinstance(answer, sympy.Basic) and answer.has(sympy.Integral):
        raise WrongAnswer("your formula still holds an unevaluated Integral: call .doit() or use integrate(...)")
    return check_formula(answer, exercise.key, what="your formula",
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


def _picked(exercise: Exercise, *choice: int) -> Key | None:
    """The key of a try-it for what the student picked (solutions/tutor/speed.py has one model for each choice:
    each top, each pair of tops, whole rates 1 to 10); None for a choice it has no key for."""
    return shipped_key(exercise.package, f"{exercise.name}@{','.join(map(str, choice))}")


def _hinted(what: str, key: Key, value: Any) -> None:
    """Say the neighbouring choice that gives this value, if the key knows one."""
    found = key.known(value)
    if found is not None:
        wrong = WrongAnswer(f"not yet: {what}: {found.hint}")
        wrong.found = found
        raise wrong


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
    got = frozenset(_rank(card, "one of your ranks") for card in ranks)
    key = cast(Key, _picked(exercise, top))
    if key.matches(got):
        return correct(f"{' and '.join(rank_name(r) for r in sorted(got))} fit on {rank_name(top)}")
    _hinted(f"the ranks that fit on {rank_name(top)}", key, got)
    # what the rule itself says, whatever the top
    if top in got:
        raise WrongAnswer("not yet: a card of the same rank as the top does not fit")
    if any(not fits(rank, top) for rank in got):  # a rank too far away is the slip, whatever else is missing
        raise WrongAnswer("not yet: only the rank one above and the rank one below the top fit")
    if (top == 13 and 1 not in got) or (top == 1 and 13 not in got):
        raise WrongAnswer("not yet: the Ace sits next to the King: the ranks wrap round")
    if len(got) >= 2:
        raise WrongAnswer("not yet: only the rank one above and the rank one below the top fit")
    raise WrongAnswer("not yet: one rank above AND one rank below fit: two ranks in all")


TOPS_FORM = "(top_a, top_b, how many fitting cards among the 50), for example (\"7\", \"8\", 14)"


@check.exercise(title="Try it: fitting cards for two tops", practises="counting fitting cards without replacement",
                stars=1, minutes=3, try_it=True, mistakes=[
                    Mistake((7, 8, 16), "the tops are on the table, not among the 50 cards: take them out"),
                    Mistake((7, 8, 8), "the 7 fits on the 8 and the 8 on the 7: a top's own rank can be a fitting "
                                       "rank for the other top"),
                    Mistake((7, 7, 16), "the two tops share their fitting ranks: count each rank once"),
                    Mistake((7, 8, 4), "count cards, not ranks: each rank has 4 cards (fewer when one is a top)"),
                    Mistake((7, 8, Fraction(1, 2)), "give the number of fitting cards, a whole number, not a "
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
    return check_integer(int(count), cast(Key, _picked(exercise, min(a, b), max(a, b))),
                         what=f"your count for the tops {rank_name(a)} and {rank_name(b)}",
                         success=f"{int(count)} fitting cards for the tops {rank_name(a)} and {rank_name(b)}",
                         fallback="the fitting ranks are one below and one above each top; count their cards among "
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
    key = _picked(exercise, int(you), int(bot)) if all(r.is_Integer and r <= 10 for r in rates) else None
    if key is not None:
        return check_probability(p, key, what="P(you react first)", success="rate over the sum of the rates")
    # rates the student made up beyond the keys: the lesson's own race formula, with its neighbours
    mistakes = [Mistake(bot / (you + bot), "that is the bot's chance of reacting first (as are the rates taken "
                                           "for mean times: 1 / rate is a mean time, not a rate)")]
    if you != bot:
        mistakes.append(Mistake(sympy.Rational(1, 2), "the faster player wins more than half of the races: the "
                                                      "rates differ"))
    mistakes += [Mistake(bot / you, "that divides one rate by the other; divide your rate by the sum of both rates"),
                 Mistake(you / bot, "that divides one rate by the other; divide your rate by the sum of both rates")]
    return check_probability(p, you / (you + bot), what="P(you react first)", mistakes=mistakes,
                             success="rate over the sum of the rates")
