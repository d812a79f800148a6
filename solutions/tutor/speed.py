"""The key to Speed's value exercises (solutions/speed.ipynb) and the lesson's try-its: each answer as a function of
the choices a student makes (rates or mean times, whose chance, which cards are out of the piles, with or without
replacement, how many cards, which races), the neighbouring choices a student really makes, and the hand-written
catalogue of wrong answers.

Teacher's side only: ``python -m circuslib ship`` compiles it into salted digests (circuslib/speed/data/tutor.json).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import partial
from math import comb
from typing import Any

import sympy

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Model, Variant
from circuslib.speed.rules import rank_name, rank_of

__all__ = ["MODELS", "PICKED"]


def _choice(choice: object) -> str:
    """A choice as the check names its key: "3" for three players, "7,8" for the tops 7 and 8."""
    return ",".join(map(str, choice)) if isinstance(choice, tuple) else str(choice)

RANKS = range(1, 14)


def fits(card: int, top: int, *, wrap: bool = True, same_rank: bool = False, reach: int = 1,
         sides: tuple[str, ...] = ("above", "below")) -> bool:
    """Whether the card fits on the top: one rank above or below, round the 13-cycle (the Ace between the King and
    the 2); the keywords are the rule read otherwise."""
    up, down = ((card - top) % 13, (top - card) % 13) if wrap else (card - top, top - card)
    if card == top:
        return same_rank
    return ("above" in sides and 0 < up <= reach) or ("below" in sides and 0 < down <= reach)


# ---------------------------------------------------------------------------------------------------------
# 1. who reacts first, from mean reaction times

def race_from_means(mean_a: Fraction = Fraction(2, 5), mean_b: Fraction = Fraction(3, 10), rates: str = "1/mean",
                    who: str = "A", formula: str = "share") -> Fraction:
    """P(A reacts first) = rate_A / (rate_A + rate_B), the rates from the mean times (rate = 1 / mean time)."""
    rate_a, rate_b = {"1/mean": (1 / mean_a, 1 / mean_b), "mean": (mean_a, mean_b),
                      "A only": (1 / mean_a, mean_b)}[rates]
    mine, theirs = (rate_a, rate_b) if who == "A" else (rate_b, rate_a)
    return mine / (mine + theirs) if formula == "share" else mine / theirs


RACE_FROM_MEAN_TIMES = Model(
    answer=race_from_means,
    variants=[
        Variant({"rates": "mean"}, "you used the mean times as if they were rates: the faster player has the "
                                   "SMALLER mean time and the LARGER rate (rate = 1 / mean time)"),
        Variant({"who": "B"}, "that is B's chance of reacting first; the question asks for A's"),
        Variant({"formula": "ratio"}, "that is the ratio of the two rates; the chance of reacting first is "
                                      "rate_A / (rate_A + rate_B)"),
        Variant({"formula": "ratio", "who": "B"}, "a probability is at most 1: the chance of reacting first is "
                                                  "rate_A / (rate_A + rate_B)"),
        Variant({"rates": "A only"}, "you turned only A's mean time into a rate: B's rate is 1 / 0.3 moves per "
                                     "second too"),
    ],
    mistakes=[
        Mistake(Fraction(4, 7), "you used the mean times as if they were rates: the faster player has the SMALLER "
                                "mean time and the LARGER rate (rate = 1 / mean time)"),
        Mistake(Fraction(3, 4), "that is the ratio of the two rates; the chance of reacting first is "
                                "rate_A / (rate_A + rate_B)"),
        Mistake(Fraction(1, 2), "the players are not equally fast: compare their rates"),
        Mistake(Fraction(4, 3), "a probability is at most 1: the chance of reacting first is "
                                "rate_A / (rate_A + rate_B)"),
        Mistake(0.4286, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 3. will the next card fit? (one deck, tops 5 and 9, every face-up card seen)

TABLE = {"tops": (5, 9), "mine": (2, 11, 13, 6), "theirs": (12, 1, 4, 4)}


def next_fits(tops: tuple[int, ...] = (5, 9), out: tuple[str, ...] = ("tops", "mine", "theirs"),
              fitting_out: tuple[str, ...] | None = None, same_rank: bool = False) -> Fraction:
    """P(the next card of your pile fits a top): the fitting cards among the unseen ones, over the unseen ones;
    ``out`` says which cards on the table are taken out of the piles (``fitting_out``, if given, for the fitting
    cards alone)."""
    def unseen(gone: Iterable[str]) -> list[int]:
        cards = [rank for rank in RANKS for _ in range(4)]
        for part in gone:
            for card in TABLE[part]:
                cards.remove(card)
        return cards

    fitting = [c for c in unseen(out if fitting_out is None else fitting_out)
               if any(fits(c, top, same_rank=same_rank) for top in tops)]
    return Fraction(len(fitting), len(unseen(out)))


NEXT_CARD_FITS = Model(
    answer=next_fits,
    variants=[
        Variant({"fitting_out": ()}, "the 6 and the two 4s on the table are fitting cards that are no longer in the "
                                     "piles: take them out of the fitting cards too"),
        Variant({"out": (), "fitting_out": ("tops", "mine", "theirs")}, "the 10 cards on the table are not in the "
                                                                        "piles: count among the unseen cards only"),
        Variant({"out": ()}, "count among the unseen cards only: the 10 cards on the table, fitting or not, are out "
                             "of the piles"),
        Variant({"out": ("tops",), "fitting_out": ("tops", "mine", "theirs")},
                "the 8 face-up cards are on the table too, not only the 2 tops"),
        Variant({"out": ("tops", "mine")}, "the bot's face-up cards are on the table too: they are not in the piles"),
        Variant({"tops": (5,)}, "a card that fits on the 9 fits too: count the cards that fit on either top"),
        Variant({"tops": (9,)}, "a card that fits on the 5 fits too: count the cards that fit on either top"),
        Variant({"same_rank": True}, "a card of the same rank as a top does not fit: only one rank above or below"),
    ],
    mistakes=[
        Mistake(Fraction(16, 42), "the 6 and the two 4s on the table are fitting cards that are no longer in the "
                                  "piles: take them out of the fitting cards too"),
        Mistake(Fraction(13, 52), "the 10 cards on the table are not in the piles: count among the unseen cards "
                                  "only"),
        Mistake(Fraction(16, 52), "count among the unseen cards only: the 10 cards on the table, fitting or not, "
                                  "are out of the piles"),
        Mistake(Fraction(13, 50), "the 8 face-up cards are on the table too, not only the 2 tops"),
        Mistake(Fraction(15, 46), "the bot's face-up cards are on the table too: they are not in the piles"),
        Mistake(Fraction(13, 29), "that compares fitting with non-fitting cards (odds); a probability divides by "
                                  "all the unseen cards"),
        Mistake(13, "that is the number of unseen fitting cards; divide by the number of unseen cards"),
        Mistake(0.3095, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 4. stalemate once the tops are a 6 and an 8

def stalemate(fit_on: tuple[int, ...] = (6, 8), face_up: int = 8, replacement: bool = False,
              shared_once: bool = True, tops_out: bool = True, together: bool = True,
              same_rank: bool = False) -> Fraction:
    """P(none of the face-up cards fits a top): the face-up cards a choice of ``face_up`` of the cards left after
    the tops 6 and 8 (hypergeometric); the keywords are the choices read otherwise (``fit_on``: the tops whose
    fitting cards were counted)."""
    deck = [rank for rank in RANKS for _ in range(4)]
    if tops_out:
        for top in (6, 8):
            deck.remove(top)
    per_top = [sum(fits(card, top, same_rank=same_rank) for card in deck) for top in fit_on]
    fitting = sum(any(fits(card, top, same_rank=same_rank) for top in fit_on) for card in deck) if shared_once \
        else sum(per_top)
    n, k = len(deck), fitting
    if replacement:
        return Fraction(n - k, n) ** face_up
    if not together:  # each player's face-up cards drawn as if from a full pile of their own
        half = face_up // 2
        return Fraction(comb(n - k, half), comb(n, half)) ** 2
    return Fraction(comb(n - k, face_up), comb(n, face_up))


STALEMATE_SIX_EIGHT = Model(
    answer=stalemate,
    variants=[
        Variant({"shared_once": False}, "the 7 fits on both tops: count its cards once"),
        Variant({"replacement": True}, "the 8 face-up cards are dealt without replacement: count hands (a "
                                       "hypergeometric count), do not multiply the same chance 8 times"),
        Variant({"tops_out": False}, "the two tops are out of the deck: the face-up cards come from the cards left"),
        Variant({"together": False}, "both players' face-up cards come from the same cards: deal all 8 at once, one "
                                     "hypergeometric draw"),
        Variant({"face_up": 4}, "both players' face-up cards must miss the fitting cards: 8 cards, not 4"),
        Variant({"fit_on": (6,)}, "a card that fits on the 8 breaks the stalemate too: count the cards that fit on "
                                "either top"),
        Variant({"same_rank": True}, "a card of the same rank as a top does not fit: only the ranks one above or "
                                     "below"),
    ],
    mistakes=[
        Mistake(Fraction(comb(34, 8), comb(50, 8)), "the 7 fits on both tops: count its cards once"),
        Mistake(Fraction(38, 50) ** 8, "the 8 face-up cards are dealt without replacement: count hands (a "
                                       "hypergeometric count), do not multiply the same chance 8 times"),
        Mistake(Fraction(comb(38, 8), comb(52, 8)), "the two tops are out of the deck: the face-up cards come from "
                                                    "the cards left"),
        Mistake(Fraction(comb(38, 4), comb(50, 4)) ** 2, "both players' face-up cards come from the same cards: "
                                                         "deal all 8 at once, one hypergeometric draw"),
        Mistake(Fraction(comb(38, 4), comb(50, 4)), "both players' face-up cards must miss the fitting cards: 8 "
                                                    "cards, not 4"),
        Mistake(1 - Fraction(comb(38, 8), comb(50, 8)), "that is the chance that someone CAN play; a stalemate is "
                                                        "when none of the 8 cards fits"),
        Mistake(0.0911, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 5. a longest chain on a Queen (the list of ranks played)

def longest_chain(hand: Sequence[str] = ("K", "A", "K", "J", "A"), top: str = "Q", wrap: bool = True,
                  one_card_a_rank: bool = False, with_top: bool = False, reverse: bool = False) -> list[str]:
    """A longest chain: the ranks of the cards played one after another on the top, each fitting the one before
    (a longest path from the top in the chain graph; the first found, trying the cards in hand order)."""
    cards = [rank_of(c) for c in hand]
    if one_card_a_rank:
        cards = list(dict.fromkeys(cards))

    def search(left: list[int], on: int) -> list[int]:
        best: list[int] = []
        for i, card in enumerate(left):
            if fits(card, on, wrap=wrap):
                path = [card] + search(left[:i] + left[i + 1:], card)
                best = path if len(path) > len(best) else best
        return best

    chain = search(cards, rank_of(top))
    chain = [rank_of(top)] + chain if with_top else chain
    return [rank_name(rank) for rank in (chain[::-1] if reverse else chain)]


LONGEST_CHAIN_ON_QUEEN = Model(
    answer=longest_chain,
    variants=[
        Variant({"one_card_a_rank": True}, "a chain may use two cards of the same rank: after the Ace, look at the "
                                           "rest of the hand again"),
        Variant({"with_top": True}, "the centre top is not one of your cards: list only the cards you play"),
        Variant({"reverse": True}, "the first card must fit on the centre top"),
        Variant({"wrap": False}, "the Ace sits between the King and the 2: the ranks wrap round, so an Ace goes on "
                                 "a King"),
    ],
    mistakes=[
        Mistake(["K", "A"], "a chain may use two cards of the same rank: after the Ace, look at the rest of the "
                            "hand again"),
        Mistake(["J"], "the Jack fits, but nothing fits on it: a longest path may start elsewhere"),
        Mistake(["Q", "K", "A", "K", "A"], "the centre top is not one of your cards: list only the cards you play"),
        Mistake(["K", "A", "K", "A", "J"], "J cannot go on A"),
        Mistake(["A", "K", "A", "K"], "the first card must fit on the centre top"),
        Mistake(["K", "A", "2"], "your chain uses cards the hand does not hold"),
    ],
    families=False,
)


# ---------------------------------------------------------------------------------------------------------
# 7. two moves before one: a formula in the rates

LAMBDA_A, LAMBDA_B = sympy.symbols("lambda_A lambda_B", positive=True)


def races_won(winners: tuple[str, ...] = ("A", "A"), rate_a: sympy.Expr = LAMBDA_A,
              rate_b: sympy.Expr = LAMBDA_B, complement: bool = False) -> sympy.Expr:
    """P(these players win these races, one after the other): each race starts afresh (memorylessness), so the
    chances of one race, rate / (sum of the rates), multiply (``complement``: 1 minus that chance)."""
    one = {"A": rate_a / (rate_a + rate_b), "B": rate_b / (rate_a + rate_b)}
    chance = sympy.Mul(*(one[w] for w in winners))
    return sympy.factor(1 - chance if complement else chance)


TWO_MOVES_BEFORE_ONE = Model(
    answer=races_won,
    success="each race starts afresh, so the chances multiply",
    variants=[
        Variant({"winners": ("A",)}, "that is one race; A must win two races in a row"),
        Variant({"winners": ("A",), "rate_a": 2 * LAMBDA_A}, "moving twice is not moving twice as fast: A's second "
                                                             "move comes after the first, so add the waiting times, "
                                                             "do not double the rate"),
        Variant({"winners": ("A",), "rate_a": LAMBDA_A ** 2, "rate_b": LAMBDA_B ** 2},
                "square the chance of one race, not the rates inside it"),
        Variant({"winners": ("A", "B")}, "that is A first and then B first; here A wins both races"),
        Variant({"winners": ("B", "B")}, "that is B making two moves before A makes one; here A has the two cards"),
        Variant({"winners": ("A", "A", "A")}, "A has two cards to play, so A must win two races, not three"),
        Variant({"complement": True}, "that is the complement, 1 minus the chance asked for: the chance that B moves "
                                      "before A has made two moves"),
    ],
    mistakes=[
        Mistake(LAMBDA_A / (LAMBDA_A + LAMBDA_B), "that is one race; A must win two races in a row"),
        Mistake(2 * LAMBDA_A / (2 * LAMBDA_A + LAMBDA_B), "moving twice is not moving twice as fast: A's second "
                                                          "move comes after the first, so add the waiting times, "
                                                          "do not double the rate"),
        Mistake(LAMBDA_A ** 2 / (LAMBDA_A ** 2 + LAMBDA_B ** 2), "square the chance of one race, not the rates "
                                                                 "inside it"),
        Mistake(LAMBDA_A * LAMBDA_B / (LAMBDA_A + LAMBDA_B) ** 2, "that is A first and then B first; here A wins "
                                                                  "both races"),
        Mistake(LAMBDA_A ** 2 * LAMBDA_B / (LAMBDA_A + LAMBDA_B) ** 2,
                "multiply A's density by the chance that B has NOT moved yet, exp(-lambda_B t), not by B's density"),
        Mistake(sympy.Rational(9, 25), "give the formula in lambda_A and lambda_B, not its value for one pair of "
                                       "rates"),
        Mistake(sympy.Float(0.36) * LAMBDA_A / LAMBDA_A, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-its: the student picks the top (or the tops), and the answer is the one for that choice

def ranks_that_fit(top: int = 13, wrap: bool = True, same_rank: bool = False, reach: int = 1,
                   sides: tuple[str, ...] = ("above", "below")) -> frozenset[int]:
    """The ranks that fit on the top."""
    return frozenset(r for r in RANKS if fits(r, top, wrap=wrap, same_rank=same_rank, reach=reach, sides=sides))


RANKS_VARIANTS = [
    Variant({"wrap": False}, "the Ace sits next to the King: the ranks wrap round"),
    Variant({"same_rank": True}, "a card of the same rank as the top does not fit"),
    Variant({"reach": 2}, "only the rank one above and the rank one below the top fit"),
    Variant({"sides": ("above",)}, "one rank above AND one rank below fit: two ranks in all"),
    Variant({"sides": ("below",)}, "one rank above AND one rank below fit: two ranks in all"),
    Variant({"sides": ("below",), "reach": 2}, "only the rank one below and the rank one above the top fit, not "
                                               "two ranks below it"),
    Variant({"sides": ("above",), "reach": 2}, "only the rank one above and the rank one below the top fit, not "
                                               "two ranks above it"),
]


def fitting_cards(a: int = 7, b: int = 8, tops_out: bool = True, shared_once: bool = True,
                  count: str = "cards", own_ranks: bool = True) -> int:
    """How many of the 50 cards left after the tops a and b (one deck) fit on a or on b."""
    ranks = [r for r in RANKS if fits(r, a)] + [r for r in RANKS if fits(r, b)]
    chosen = set(ranks) if shared_once else ranks
    if not own_ranks:
        chosen = [r for r in chosen if r not in (a, b)]
    if count == "ranks":
        return len(set(chosen))
    return sum(4 - tops_out * ((r == a) + (r == b)) for r in chosen)


def _fitting_variants(a: int, b: int) -> list[Variant]:
    names = {a: rank_name(a), b: rank_name(b)}
    return [
        Variant({"tops_out": False}, "the tops are on the table, not among the 50 cards: take them out"),
        Variant({"own_ranks": False}, f"the {names[a]} fits on the {names[b]} and the {names[b]} on the {names[a]}: "
                                      "a top's own rank can be a fitting rank for the other top"),
        Variant({"shared_once": False}, "the two tops share their fitting ranks: count each rank once"),
        Variant({"count": "ranks"}, "count cards, not ranks: each rank has 4 cards (fewer when one is a top)"),
    ]


def race(you: Any = 3, bot: Any = 1, who: str = "you", formula: str = "share", rates: str = "rates"
         ) -> sympy.Rational:
    """P(you react first) = your rate / (your rate + the bot's rate) (``rates="mean times"``: each rate taken for
    a mean time, so 1 / rate in its place)."""
    you, bot = sympy.Rational(you), sympy.Rational(bot)
    if rates == "mean times":
        you, bot = 1 / you, 1 / bot
    mine, theirs = (you, bot) if who == "you" else (bot, you)
    if formula == "even":  # as if the two players were equally fast
        return sympy.Rational(1, 2)
    return mine / (mine + theirs) if formula == "share" else mine / theirs


RACE_VARIANTS = [
    Variant({"who": "bot"}, "that is the bot's chance of reacting first"),
    Variant({"formula": "ratio"}, "that divides one rate by the other; divide your rate by the sum of both rates"),
    Variant({"formula": "ratio", "who": "bot"}, "that divides one rate by the other; divide your rate by the sum of "
                                                "both rates"),
    Variant({"formula": "even"}, "the faster player wins more than half of the races: the rates differ"),
    # it always gives the bot's chance: the check names both slips
    Variant({"rates": "mean times"}, "a rate is already moves per second: 1 / rate is the mean time between moves, "
                                     "not a rate"),
]


def _models(answer: Any, variants: Sequence[Variant], families: bool = True, **choice: Any) -> Model:
    """The model for one choice of the student's, with the variants that are mistakes for that choice (the
    try-it's catalogue, as (choice, value) pairs, stays with its check)."""
    truth = answer(**choice)
    kept = [v for v in variants if answer(**choice, **v.changes) != truth]
    return Model(answer=partial(answer, **choice), variants=kept, families=families)


PICKED: dict[str, dict[Any, Model]] = {
    "try_ranks_that_fit": {top: _models(ranks_that_fit, RANKS_VARIANTS, top=top, families=False) for top in RANKS},
    "try_fitting_cards": {(a, b): _models(fitting_cards, _fitting_variants(a, b), a=a, b=b)
                          for a in RANKS for b in RANKS if a <= b},
    "try_race": {(you, bot): _models(race, RACE_VARIANTS, you=you, bot=bot)
                 for you in range(1, 11) for bot in range(1, 11)},
}
"""The try-its whose answer depends on what the student picks: a model for each choice (the two tops as a pair
a <= b; for the race, whole rates 1 to 10; other rates are the lesson's formula, applied by the check)."""

MODELS: dict[str, Model] = {
    "race_from_mean_times": RACE_FROM_MEAN_TIMES,
    "next_card_fits": NEXT_CARD_FITS,
    "stalemate_six_eight": STALEMATE_SIX_EIGHT,
    "longest_chain_on_queen": LONGEST_CHAIN_ON_QUEEN,
    "two_moves_before_one": TWO_MOVES_BEFORE_ONE,
    **{f"{name}@{_choice(choice)}": model for name, models in PICKED.items() for choice, model in models.items()},
}
