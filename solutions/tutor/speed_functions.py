"""Speed's function exercises, on the teacher's side: their references, the inputs they are tried on (fixed, and
drawn at ship time), and their catalogues of wrong functions."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Cases
from circuslib.speed.odds import longest_chain_of_ranks
from circuslib.speed.rules import fits


def fits_on(card: int, top: int) -> bool:
    """Whether the card goes on the top: the kit's own rule, fits, which the exercise forbids calling."""
    return fits(card, top)


def _search(hand: list[int], top: int, fit: Callable[[int, int], bool]) -> int:
    best = 0
    for i, card in enumerate(hand):
        if fit(card, top):
            best = max(best, 1 + _search(hand[:i] + hand[i + 1:], card, fit))
    return best


def longest_chain(hand: Any, top: int) -> int:
    """The longest chain from the top: the kit's own longest_chain_of_ranks, which the exercise forbids calling."""
    return longest_chain_of_ranks(hand, start=top)


def _chain_greedy(hand: Any, top: int) -> int:
    left, length = list(hand), 0
    while True:
        card = next((c for c in left if fits(c, top)), None)
        if card is None:
            return length
        left.remove(card)
        top, length = card, length + 1


def _chain_no_wrap(hand: Any, top: int) -> int:
    return _search(list(hand), top, lambda card, t: abs(card - t) == 1)


def _chain_one_card_a_rank(hand: Any, top: int) -> int:
    return _search(sorted(set(hand)), top, fits)


# the catalogue's wrong functions search as a student does: calling the kit's solver would be refused first

def _chain_counting_the_top(hand: Any, top: int) -> int:
    return 1 + _search(list(hand), top, fits)


def _chain_from_anywhere(hand: Any, top: int) -> int:
    hand = list(hand)
    return max((1 + _search(hand[:i] + hand[i + 1:], card, fits) for i, card in enumerate(hand)), default=0)


def _chain_cards_that_fit_the_top(hand: Any, top: int) -> int:
    return sum(fits(card, top) for card in hand)


CHAIN_FIXED = [([2, 1, 13, 1, 2], 3), ([12, 13, 12], 11), ([4, 6], 5), ([2, 2], 3), ([7], 9), ([8, 9, 10], 7),
               ([1, 13, 1, 13], 12), ([13, 1, 2, 3, 4, 5], 12), ([5, 5, 5], 4), ([3, 1, 13, 1, 2], 3),
               ([6, 8, 7, 9, 7], 6), ([11, 10, 9], 12), ([10, 11], 9), ([1, 1, 2], 13)]
"""Hands chosen to tell the catalogued mistakes apart."""

CHAIN_LARGEST = 8
"""The most face-up cards a hand is tried with (a search over 8 cards still answers at once)."""


def chain_hand(rng: random.Random) -> tuple[list[int], int]:
    """A two-deck hand (up to 8 cards of a rank) and a top: often an empty hand, one card, or the largest size,
    and often cards close in rank to the top, where chains are long and a search has choices to make."""
    size = rng.choice([0, 1, CHAIN_LARGEST, CHAIN_LARGEST - 1] + list(range(2, CHAIN_LARGEST + 1)))
    top = rng.randint(1, 13)
    near = [(top + d - 1) % 13 + 1 for d in range(-3, 4)]
    deck = [r for r in (near if rng.random() < 0.6 else range(1, 14)) for _ in range(8)]
    return rng.sample(deck, size), top


FUNCTIONS = {
    # all 169 pairs of ranks are tried: there is nothing left to generate
    "fits_on": Cases(
        reference=fits_on, fixed=[(card, top) for top in range(1, 14) for card in range(1, 14)], count=0,
        mistakes=[
            Mistake(lambda card, top: abs(card - top) == 1, "the Ace sits between the King and the 2: the ranks "
                                                            "wrap round, so compare them modulo 13"),
            Mistake(lambda card, top: (card - top) % 13 == 1, "a card may go one rank above OR one rank below the "
                                                              "top"),
            Mistake(lambda card, top: (card - top) % 13 in (0, 1, 12), "a card of the same rank as the top does "
                                                                       "not fit"),
            Mistake(lambda card, top: (card - top) % 12 in (1, 11), "there are 13 ranks, so the cycle is modulo "
                                                                    "13, not 12"),
        ]),
    "longest_chain_function": Cases(
        reference=longest_chain, fixed=CHAIN_FIXED, generate=chain_hand, count=60,
        mistakes=[
            Mistake(_chain_greedy, "you always play the first card that fits; a longest chain may need another "
                                   "choice first: try every card that fits (a search)"),
            Mistake(_chain_no_wrap, "the Ace sits between the King and the 2: the ranks wrap round"),
            Mistake(_chain_one_card_a_rank, "two cards of the same rank are two cards: a 6, a 7 and another 6 make "
                                            "a chain of 3"),
            Mistake(_chain_counting_the_top, "the centre top is not one of your cards: do not count it"),
            Mistake(_chain_from_anywhere, "the chain must start on the centre top: its first card must fit the top"),
            Mistake(_chain_cards_that_fit_the_top, "you counted the cards that fit the top; a chain is cards each "
                                                   "played on the one before"),
        ]),
}
