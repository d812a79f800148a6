"""The Flip 7 value exercises' models (solutions/flip7.ipynb): the teacher's key.

Each answer is computed from the deck as the exercise states it, its choices keyword arguments whose defaults are
the exercise's own; a variant changes the choice a student gets wrong (the cards seen left in the deck, the full
deck for the numbers-only one, one draw for two, at least once for exactly once...). The hand-written catalogues
(``mistakes``) are the wrong answers as students wrote them, kept as tests of the models. The lesson's try-its
follow a situation the student chooses: their checks work out the answer and its slips for it (flip7/checks.py).
"""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb
from typing import Any

import sympy

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Model, Variant
from circuslib.flip7.rules import CARDS, TIMES_TWO, deck_counts

__all__ = ["MODELS"]


def _deck(name: str) -> dict[Any, int]:
    """The deck as {card: copies}: "full" (94 cards) or "numbers" (the 79 number cards)."""
    if name == "numbers":
        return {v: (v if v else 1) for v in range(13)}
    return dict(zip(CARDS, deck_counts("full")))


def _take(deck: dict[Any, int], cards: Iterable[Any]) -> dict[Any, int]:
    """The deck with these cards out of it (a card the deck does not hold, a modifier on the numbers deck, stays out
    of the count)."""
    left = dict(deck)
    for card in cards:
        if card in left:
            left[card] -= 1
    return left


# ---------------------------------------------------------------------------------------------------------
# 1. card counting: the busting cards left

COUNT_HELD = (6, 10, 11)
COUNT_SEEN = (10, 10, 10, 11, 11, 6, 6, 2, 5, "Freeze", "+8")


def busting_cards(held: tuple[int, ...] = COUNT_HELD, seen: tuple[Any, ...] = COUNT_SEEN, *, held_out: bool = True,
                  seen_out: bool = True, count: str = "busting") -> int:
    """How many cards still in the deck would bust her: the copies left of the numbers she holds."""
    left = _take(_deck("full"), (held if held_out else ()) + (seen if seen_out else ()))
    busting = sum(left[h] for h in held)
    if count == "seen":
        return sum(seen.count(h) for h in held)
    if count == "safe":
        return sum(left.values()) - busting
    if count == "left":
        return sum(left.values())
    return busting


# ---------------------------------------------------------------------------------------------------------
# 2. the bust chance with cards on the table

def bust_by_hand(held: tuple[int, ...] = (8, 10), table: tuple[Any, ...] = (10, 3, "Freeze", "+4"), *,
                 deck: str = "full", held_out: bool = True, table_out: bool = True, busting: tuple[int, ...] = (8, 10),
                 over: str = "left", combine: str = "either", table_numbers_only: bool = False) -> Fraction:
    """P(her next card busts her): the copies left of her numbers over the cards left (slips: the chances of her
    two numbers multiplied, or only the numbers of the other rows taken out of the deck)."""
    table = tuple(card for card in table if isinstance(card, int)) if table_numbers_only else table
    left = _take(_deck(deck), (held if held_out else ()) + (table if table_out else ()))
    total = sum(left.values()) if over == "left" else sum(_deck(deck).values())
    if combine == "both":  # one of her numbers, then the other: a product of the two draws
        first, second = busting
        return Fraction(left[first], total) * Fraction(left[second], total - 1)
    if combine == "product":  # the two chances of the next card multiplied
        first, second = busting
        return Fraction(left[first], total) * Fraction(left[second], total)
    return Fraction(sum(left[b] for b in busting), total)


# ---------------------------------------------------------------------------------------------------------
# 3. busting within two hits

def bust_within_two(held: tuple[int, ...] = (9, 12), *, deck: str = "numbers", draws: int = 2,
                    replacement: bool = False, safe_joins: bool = True, fewer_left: bool = True,
                    first_counts: bool = True, event: str = "either", held_out: bool = True,
                    second: str = "after the first") -> Fraction:
    """P(she busts on one of her next two cards): a bust on the first, or a safe first card and then a bust (slips
    too: her numbers left in the deck; the ``second`` card's chance taken "as the first" again, or "replaced", the
    first card put back but joining her row)."""
    left = _take(_deck(deck), held if held_out else ())
    total = sum(left.values())
    danger = sum(left[h] for h in held)
    first = Fraction(danger, total)
    if draws == 1:
        return first
    if second == "as the first":
        return 2 * first
    if second == "replaced":  # a safe first card joins her row, but the deck is drawn as if it were put back
        return first + sum((Fraction(c, total) * Fraction(danger + c, total) for v, c in left.items()
                            if c and v not in held), Fraction(0))
    if event == "both":  # both cards bust her: the first alone already ends the round
        return first * Fraction(danger - 1, total - 1)
    if replacement:  # the second card from the same deck, with the same danger
        return 1 - (1 - first) ** 2
    second = sum((Fraction(c, total) * Fraction(danger + (c - 1 if safe_joins and isinstance(v, int) else 0),
                                                total - 1 if fewer_left else total)
                  for v, c in left.items() if c and v not in held), Fraction(0))
    return (first if first_counts else 0) + second


# ---------------------------------------------------------------------------------------------------------
# 4. one more card, on average

def gain_by_hand(held: tuple[int, ...] = (4, 9, 11), seen: tuple[int, ...] = (11, 9, 2), *, deck: str = "numbers",
                 held_out: bool = True, seen_out: bool = True, bust_loses: bool = True, safe_gains: bool = True,
                 over: str = "left", report: str = "gain", bust_costs: str = "score", zero: bool = True) -> Fraction:
    """The expected change of her round score from exactly one more card: +v for a safe v, -score for a bust
    (slips: a bust costing the card's value, or adding it like a safe card; the 0 card left out of the deck)."""
    score = sum(held)
    left = _take(_deck(deck), (held if held_out else ()) + (seen if seen_out else ()))
    if not zero:
        left.pop(0)
    total = sum(left.values()) if over == "left" else sum(_deck(deck).values())
    change = 0
    for card, copies in left.items():
        if card in held:
            cost = {"score": -score, "card": -card, "adds": card}[bust_costs]
            change += copies * (cost if bust_loses else 0)
        elif not safe_gains:
            continue
        elif isinstance(card, int):
            change += copies * card
        elif card == TIMES_TWO:
            change += copies * score
        elif card.startswith("+"):
            change += copies * int(card[1:])
    gain = Fraction(change, total)
    return score + gain if report == "score" else gain  # "score": her expected score after the card


# ---------------------------------------------------------------------------------------------------------
# 5. how many different numbers in seven cards

def different_numbers(cards: int = 7, *, deck: str = "numbers", zero: bool = True, replacement: bool = False,
                      event: str = "at least once") -> Fraction:
    """The expected number of different numbers among the first cards: a sum over the numbers of P(it shows)."""
    full = _deck(deck)
    total = sum(full.values())
    copies = [c for v, c in full.items() if isinstance(v, int) and (zero or v)]
    if event == "exactly once":
        return sum((Fraction(c * comb(total - c, cards - 1), comb(total, cards)) for c in copies), Fraction(0))
    if replacement:
        return sum((1 - (1 - Fraction(c, total)) ** cards for c in copies), Fraction(0))
    return sum((1 - Fraction(comb(total - c, cards), comb(total, cards)) for c in copies), Fraction(0))


MODELS: dict[str, Model] = {
    "busting_cards": Model(
        answer=busting_cards,
        variants=[
            Variant({"seen_out": False}, "the cards on the other rows and in the discard are out of the deck too: "
                                         "count them"),
            Variant({"held_out": False}, "her own 6, 10 and 11 are copies too: they are out of the deck"),
            Variant({"held_out": False, "seen_out": False}, "count the copies left: hers and the ones seen are out "
                                                            "of the deck"),
            Variant({"count": "seen"}, "that counts the copies seen on the table; count the copies still in the "
                                       "deck"),
            Variant({"count": "safe"}, "that counts the cards left that do not bust her; count the ones that do"),
            Variant({"count": "left"}, "that is every card still in the deck; only the copies of her own numbers "
                                       "bust her"),
        ],
        mistakes=[
            Mistake((6 - 1) + (10 - 1) + (11 - 1), "the cards on the other rows and in the discard are out of the deck "
                                                  "too: count them"),
            Mistake((6 - 2) + (10 - 3) + (11 - 2), "her own 6, 10 and 11 are copies too: they are out of the deck"),
            Mistake(6 + 10 + 11, "count the copies left: hers and the ones seen are out of the deck"),
            Mistake(2 + 3 + 2, "that counts the copies seen on the table; count the copies still in the deck"),
            Mistake(17.0, "a count is a whole number"),
        ]),
    "bust_by_hand": Model(
        answer=bust_by_hand,
        variants=[
            Variant({"table_out": False}, "the four cards on the other rows are out of the deck too"),
            Variant({"held_out": False}, "her own 8 and 10 are out of the deck too: they are in front of her"),
            Variant({"held_out": False, "table_out": False}, "the cards in front of the players are no longer in the "
                                                             "deck"),
            Variant({"over": "deck"}, "count the cards left in the deck: the six in front of the players are out"),
            Variant({"deck": "numbers"}, "the modifiers and action cards are in the deck too: they are among the "
                                         "cards that can come"),
            Variant({"combine": "both"}, "one bad card is enough: the two events are disjoint, so add their chances, "
                                         "don't multiply them"),
            Variant({"busting": (10,)}, "her 8 busts her too: count the copies left of both her numbers"),
            Variant({"busting": (8,)}, "her 10 busts her too: count the copies left of both her numbers"),
            Variant({"combine": "product"}, "one bad card is enough: the two events are disjoint, so add their "
                                            "chances; multiplying them gives neither"),
            Variant({"table_numbers_only": True}, "the Freeze and the +4 on the other rows are out of the deck too, "
                                                  "like the 10 and the 3"),
        ],
        mistakes=[
            Mistake(Fraction(7 + 9, 94 - 2), "the four cards on the other rows are out of the deck too"),
            Mistake(Fraction(8 + 10, 94), "the cards in front of the players are no longer in the deck"),
            Mistake(Fraction(7 + 8, 94), "count the cards left in the deck: the six in front of the players are out"),
            Mistake(Fraction(7 + 8, 79 - 2 - 2), "the modifiers and action cards are in the deck too: they are among "
                                                 "the cards that can come"),
            Mistake(Fraction(7, 88) * Fraction(8, 87), "one bad card is enough: the two events are disjoint, so add "
                                                       "their chances, don't multiply them"),
            Mistake(Fraction(100 * 15, 88), "a percentage: give a probability between 0 and 1"),
            Mistake(0.1705, "is a decimal: give it exactly"),
            Mistake(sympy.N(sympy.Rational(15, 88)), "a sympy Float, a decimal (as N() and evalf() give): give "
                                                      "it exactly"),
        ]),
    "bust_within_two": Model(
        answer=bust_within_two,
        variants=[
            Variant({"replacement": True}, "that is drawing with replacement: after a safe first card, the deck has "
                                           "one card fewer and her row one more number"),
            Variant({"safe_joins": False}, "a safe first card v joins her row: its copies left bust her on the second "
                                           "card too"),
            Variant({"fewer_left": False}, "the second card comes from one card fewer: divide by the cards left after "
                                           "the first"),
            Variant({"event": "both"}, "busting on the first card already ends the round: add the ways to bust, "
                                       "first card or second"),
            Variant({"first_counts": False}, "she can also bust on the very first of the two cards: add that chance"),
            Variant({"draws": 1}, "that is the chance to bust on the first card alone; she hits twice, so add a "
                                  "bust on the second card"),
            Variant({"deck": "full"}, "that is with the full 94-card deck; this round uses the 79 number cards only"),
            Variant({"held_out": False}, "her own 9 and 12 are out of the deck: one copy of each is in front of her"),
            Variant({"second": "as the first"}, "the second card's chance is not the first one's again: after a safe "
                                                "first card the deck has one card fewer and her row one more number"),
            Variant({"second": "replaced"}, "that is drawing with replacement: the first card stays out, so the "
                                            "second comes from one card fewer"),
        ],
        mistakes=[
            Mistake(1 - (1 - Fraction(19, 77)) ** 2, "that is drawing with replacement: after a safe first card, the "
                    "deck has one card fewer and her row one more number"),
            Mistake(Fraction(19, 77) + Fraction(77 - 19, 77) * Fraction(19, 76),
                    "a safe first card v joins her row: its copies left bust her on the second card too"),
            Mistake(bust_within_two(fewer_left=False), "the second card comes from one card fewer: divide by the "
                                                       "cards left after the first"),
            Mistake(Fraction(19, 77) * Fraction(18, 76), "busting on the first card already ends the round: add the "
                                                         "ways to bust, first card or second"),
            Mistake(bust_within_two(first_counts=False), "she can also bust on the very first of the two cards: add "
                                                         "that chance"),
            Mistake(sympy.Float(float(bust_within_two())), "give it exactly"),
        ]),
    "gain_by_hand": Model(
        answer=gain_by_hand,
        variants=[
            Variant({"bust_loses": False}, "a bust loses the 24 points already in front of her: count that loss"),
            Variant({"seen_out": False}, "the 11, 9 and 2 on the other row are out of the deck too"),
            Variant({"held_out": False}, "her own 4, 9 and 11 are out of the deck too: one copy of each is in front "
                                         "of her"),
            Variant({"over": "deck"}, "the six cards on the table are out of the deck: divide by the cards left"),
            Variant({"safe_gains": False}, "the safe cards add their value to her score: count that gain too"),
            Variant({"report": "score"}, "give the gain (the change in her score), not her expected score after the "
                                         "card"),
            Variant({"deck": "full"}, "that is with the full 94-card deck; this round uses the 79 number cards only"),
            Variant({"bust_costs": "card"}, "a bust loses all the points in front of her, 24, not the value of the "
                                            "card that busts her"),
            Variant({"bust_costs": "adds"}, "a number she already holds busts her: it adds nothing, it loses the 24 "
                                            "points in front of her"),
            Variant({"zero": False}, "the deck has one 0 card too: it adds nothing, but it is among the cards left "
                                     "(count it in the denominator)"),
        ],
        mistakes=[
            Mistake(Fraction(430, 73), "a bust loses the 24 points already in front of her: count that loss"),
            Mistake(Fraction(432 - 24 * 21, 76), "the 11, 9 and 2 on the other row are out of the deck too"),
            Mistake(Fraction(430 - 24 * 19, 79), "the six cards on the table are out of the deck: divide by the cards "
                                                 "left"),
            Mistake(Fraction(430, 54) - 24, "average over all the cards left, the busting ones included, each weighted "
                                            "by its chance"),
            Mistake(Fraction(-24 * 19, 73), "the safe cards add their value to her score: count that gain too"),
            Mistake(Fraction(24 * 54 + 430, 73), "give the gain (the change in her score), not her expected score "
                                                 "after the card"),
            Mistake(-0.356, "give it exactly"),
        ]),
    "different_numbers": Model(
        answer=different_numbers,
        variants=[
            Variant({"replacement": True}, "that is drawing with replacement: the seven cards are seven different "
                                           "cards of the deck"),
            Variant({"zero": False}, "forgetting the one 0 card: it is a number too"),
            Variant({"event": "exactly once"}, "a number shows when it comes at least once, not exactly once"),
            Variant({"cards": 6}, "that is for six cards; she turns over seven"),
            Variant({"cards": 8}, "that is for eight cards; she turns over seven"),
            Variant({"deck": "full"}, "that deals the seven from the whole 94-card deck; only the 79 number cards are "
                                      "shuffled here"),
        ],
        mistakes=[
            Mistake(different_numbers(replacement=True), "that is drawing with replacement: the seven cards are seven "
                                                         "different cards of the deck"),
            Mistake(different_numbers(zero=False), "forgetting the one 0 card: it is a number too"),
            Mistake(7, "7 counts the cards, not the different numbers: a number that comes twice counts once"),
            Mistake(different_numbers(event="exactly once"), "a number shows when it comes at least once, not exactly "
                                                             "once"),
            Mistake(5.3387, "give it exactly"),
        ]),
}
