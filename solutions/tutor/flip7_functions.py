"""Flip 7's function exercises, on the teacher's side: their references, the inputs they are tried on (fixed, and
drawn at ship time), and their catalogues of wrong functions."""
from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Any

from circuslib.core.game import best_value
from circuslib.core.teach import Mistake
from circuslib.core.tutor import Cases
from circuslib.flip7.checks import DP_DECKS, full_deck
from circuslib.flip7.rules import TIMES_TWO, solo_round

# ---------------------------------------------------------------------------------------------------------
# the gain of one more card, counted on the cards actually left

def gain(held: Any, left: Any) -> Fraction:
    """The expected change of the round score from one more card, counted on the cards left."""
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
    return gain(held, deck)


def _gain_x2_as_two(held, left):
    return gain(held, left) + Fraction(left.get("x2", 0) * (2 - sum(held)), sum(left.values()))


def _gain_fixed() -> list[tuple[Any, ...]]:
    """Hands and decks left: late and early in a deck, with and without modifiers."""
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

def a_round(rng: random.Random) -> tuple[list[int], dict[Any, int]]:
    """Her numbers and the cards left, at any point of a deck: the full deck, the last card, no number held, the
    most numbers she can hold (six: a seventh is the Flip), no modifier left."""
    physical = [card for card, copies in full_deck().items() for _ in range(copies)]
    rng.shuffle(physical)
    size = rng.choice([94, 1, 2, 3, 5, 10, 20, 40, 60, 80])
    left = full_deck()
    for card in physical[:94 - size]:
        left[card] -= 1
    if rng.random() < 0.15:  # the modifiers all gone
        left = {card: (0 if isinstance(card, str) and card[0] in "+x" else c) for card, c in left.items()}
        if not sum(left.values()):
            left[12] = 1
    if not any(c for card, c in left.items() if isinstance(card, int)):  # a number left, so that the catalogue's
        left[max(card for card in physical[94 - size:] + [12] if isinstance(card, int))] += 1  # models all apply
    gone = sorted({c for c in physical[:94 - size] if isinstance(c, int)})
    held = sorted(rng.sample(gone, min(len(gone), rng.choice([0, 1, 2, 3, 6]))))
    return held, left


# ---------------------------------------------------------------------------------------------------------
# the dynamic programme on a small deck: the kit's own solver, which the exercise forbids calling

def optimum(deck: dict[int, int]) -> Fraction:
    """A lone player's best expected round score on a small deck: the kit's own solver."""
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

DP_LARGEST = max(sum(deck.values()) for deck in DP_DECKS)
"""The most cards a small deck is tried with: the check's largest fixed deck."""


def a_small_deck(rng: random.Random) -> tuple[dict[int, int]]:
    """A small deck {number: copies}: one card, one number, up to six different numbers (no Flip bonus then), up to
    five copies each and DP_LARGEST cards in all, a 0 sometimes."""
    kinds = rng.choice([1, 1, 2, 3, 4, 5, 6, 6])
    numbers = rng.sample(range(13), kinds)
    deck = {v: rng.randint(1, 5) for v in sorted(numbers)}
    while sum(deck.values()) > DP_LARGEST:  # as many cards as the check's largest deck: a search stays quick
        deck[max(deck, key=deck.__getitem__)] -= 1
    return (deck,)


FUNCTIONS = {
    "counted_gain": Cases(
        reference=gain, fixed=_gain_fixed(), generate=a_round, count=40,
        mistakes=[
            Mistake(_gain_no_loss, "a bust loses the points in front of her: a number she holds costs sum(held)"),
            Mistake(_gain_numbers_only, "the modifiers left add points too: +N adds N, and x2 adds her sum again"),
            Mistake(_gain_over_numbers, "divide by all the cards left: modifiers and action cards can come too"),
            Mistake(_gain_fresh_deck, "count the cards actually left (the argument left), not a fresh deck"),
            Mistake(_gain_x2_as_two, "x2 doubles the sum of her numbers: it adds sum(held), not 2"),
            Mistake(lambda held, left: Fraction(0), "staying changes nothing, but one more card does: add up what "
                                                    "each card left would change"),
        ]),
    "small_deck_dp": Cases(
        reference=optimum, fixed=[(dict(deck),) for deck in DP_DECKS], generate=a_small_deck, count=20,
        mistakes=[
            Mistake(_dp_with_replacement, "you draw with replacement: after each card, its copy is out of the deck, "
                                          "so both the counts and the number of cards left go down"),
            Mistake(_dp_one_step, "you look one card ahead only: hit is worth the value of the best play from the "
                                  "new hand (the same recursion), not the points after one card"),
            Mistake(_dp_never_stays, "you never stay: at each hand take the larger of stay and hit"),
            Mistake(_dp_no_bust, "a number already held busts: the hand is then worth 0"),
            Mistake(_dp_bust_keeps, "a bust scores 0 for the round, not the points held before it"),
            Mistake(lambda deck: Fraction(0), "staying before the first card is worth 0: compare stay and hit at "
                                              "every hand, the empty one included"),
        ]),
}
