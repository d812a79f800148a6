"""Fresh wrong answers to the Flip 7 exercises and the lesson's try-its."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache
from math import comb

from circuslib.flip7.bots import Bot, StopAtSum, play_game
from circuslib.flip7.checks import full_deck, numbers_deck
from circuslib.flip7.odds import solo_optimal
from circuslib.flip7.rules import CARDS

from . import FROM_A_FLOAT, Fresh, share_interval


def left_after(out, deck=None):
    """The deck {card: copies} once the cards in ``out`` are out of it."""
    left = dict(numbers_deck() if deck is None else deck)
    for card in out:
        if card in left:
            left[card] -= 1
    return left


# 1. cards that bust her: held 6, 10, 11, and those seen
HELD_1, SEEN_1 = [6, 10, 11], [10, 10, 10, 11, 11, 6, 6, 2, 5, "Freeze", "+8"]


def busting(out, held=HELD_1, deck=None):
    left = left_after(out, deck)
    return sum(left[h] for h in held)


LEFT_1 = sum(left_after(HELD_1 + SEEN_1, full_deck()).values())
BUSTING_1 = busting(HELD_1 + SEEN_1)


# 2. bust odds with cards on the table: held 8, 10; seen 10, 3, Freeze, +4
def bust_chance(held, out, deck):
    left = left_after(out, deck)
    return Fraction(sum(left[h] for h in held if h in left), sum(left.values()))


TABLE_2 = [8, 10, 10, 3, "Freeze", "+4"]
P_BUST = bust_chance([8, 10], TABLE_2, full_deck())


# 3. busting within two hits, held 9 and 12 on the numbers-only deck
def within_two(*, deck=None, held=(9, 12), out=(9, 12), replace=False, grows=True):
    left = left_after(out, deck)
    total = sum(left.values())
    danger = sum(left[h] for h in held)
    first = Fraction(danger, total)
    second = Fraction(0)
    for v, c in left.items():
        if v in held or not c:
            continue
        if replace:
            second += Fraction(c, total) * Fraction(danger + (c if grows else 0), total)
        else:
            second += Fraction(c, total) * Fraction(danger + ((c - 1) if grows and isinstance(v, int) else 0),
                                                    total - 1)
    return first + second


TWO = within_two()
FIRST = bust_chance([9, 12], [9, 12], numbers_deck())   # the first card alone
SECOND_TOO = bust_chance([9, 12], [9, 12, 9], numbers_deck())   # a second busting card, once one has come


# 5. one more card: held 4, 9, 11; seen 11, 9, 2; numbers-only deck
def one_more(*, out=(4, 9, 11, 11, 9, 2), deck=None, bust=None, total=None, drop_zero=False):
    held = [4, 9, 11]
    left = left_after(out, deck)
    if drop_zero:
        left.pop(0)
    score = sum(held)
    cards = sum(left.values()) if total is None else total
    change = Fraction(0)
    for card, c in left.items():
        if card in held:
            change += Fraction(c, cards) * (-score if bust is None else bust(card))
        elif isinstance(card, int):
            change += Fraction(c, cards) * card
        elif card == "x2":
            change += Fraction(c, cards) * score
        elif card.startswith("+"):
            change += Fraction(c, cards) * int(card[1:])
    return change


GAIN = one_more()


# 6. different numbers in seven cards
def different(cards=7, *, replace=False, values=None):
    copies = numbers_deck()
    chosen = copies.values() if values is None else [copies[v] for v in values]
    if replace:
        return sum(1 - Fraction(79 - c, 79) ** cards for c in chosen)
    return sum(1 - Fraction(comb(79 - c, cards), comb(79, cards)) for c in chosen)


DIFFERENT = different()


# 7. the gain function: wrong ones
def gain_no_loss(held, left):
    total = sum(left.values())
    change = 0
    for card, copies in left.items():
        if card in held:
            continue                       # a bust taken as costing nothing
        if isinstance(card, int):
            change += copies * card
        elif card == "x2":
            change += copies * sum(held)
        elif card.startswith("+"):
            change += copies * int(card[1:])
    return Fraction(change, total)


def gain_with(x2=None, modifiers=True, numbers_total=False, as_float=False, floor=False, bust=None, again=False):
    def gain(held, left):
        score = sum(held)
        total = sum(c for card, c in left.items() if isinstance(card, int)) if numbers_total else sum(left.values())
        change = 0
        for card, copies in left.items():
            if card in held:
                change -= (copies - again) * (score if bust is None else bust(card))
            elif isinstance(card, int):
                change += copies * card
            elif not modifiers:
                continue
            elif card == "x2":
                change += copies * (score if x2 is None else x2)
            elif card.startswith("+"):
                change += copies * int(card[1:])
        if as_float:
            return change / total
        if floor:
            return change // total
        return Fraction(change, total)

    return gain


def gain_mutating(held, left):
    for h in held:
        left[h] -= 1           # "her own cards are out": but left already lacks them, and the caller's dict changes
    return gain_with()(held, left)


# 8. the dynamic programme: wrong ones
def optimum_with(*, replace=False, one_step=False, bust_keeps=False, never_stay=False, as_float=False,
                 total_all=False):
    def optimum(deck):
        @cache
        def value(held, depth=0):
            left = {v: c - (0 if replace else (v in held)) for v, c in deck.items()}
            total = sum(deck.values()) if total_all else sum(left.values())
            stay = Fraction(sum(held))
            if sum(left.values()) == 0:
                return stay
            if one_step and depth == 1:
                return stay
            hit = sum(Fraction(c, total) * (Fraction(sum(held)) if bust_keeps else 0) if v in held
                      else Fraction(c, total) * value(tuple(sorted(held + (v,))), depth + 1)
                      for v, c in left.items() if c)
            return hit if never_stay and sum(left.values()) else max(stay, hit)

        result = value(())
        return float(result) if as_float else result

    return optimum


# 9. the bot against 'stop at 18': wrong simulations
def counted(held, deck):
    return gain_with()(held, dict(zip(CARDS, deck)))


class Counter(Bot):
    name = "one-step counter"

    def wants_hit(self, hand, deck):
        return counted(hand.numbers, deck) > 0


def flip7_simulation(*, opponent=18, seat=0, rng_use="once", **interval):
    def simulate(n, seed):
        rng = random.Random(seed)
        bots = [Counter(), StopAtSum(opponent)] if seat == 0 else [StopAtSum(opponent), Counter()]
        wins = 0
        for i in range(n):
            if rng_use == "each":
                rng = random.Random(seed)
            wins += play_game(bots, random if rng_use == "global" else rng, dealer=i % 2).winner() == 0
        return share_interval(wins, n, **interval)

    return simulate


# the lesson's try-its
TRY_HELD, TRY_SEEN = [3, 7, 11], [11, 11, 7, "+4"]
HAND = [2, 7, 9]
S, Q, B, K = sum(HAND), sum(h * h for h in HAND), sum(h - 1 for h in HAND), len(HAND)
TRY_GAIN = Fraction(650 - Q - S * B, 79 - K)
TABLE = solo_optimal("numbers").table()
AGREE = sorted((h for h, a in TABLE.items() if h and (a == "hit") == (sum(h) < 23)), key=lambda h: (len(h), h))

FRESH = [
    # 1. cards that bust her
    Fresh("busting_cards", busting(SEEN_1), "her own row left in the deck", ("held", "her own", "her row", "in front",
                                                                           "own cards")),
    Fresh("busting_cards", busting(HELD_1), "the cards seen on the other rows left in the deck",
          ("seen", "other rows", "discard", "out of the deck", "table")),
    Fresh("busting_cards", busting([]), "nothing taken out of the deck", ("seen", "held", "out of the deck", "table")),
    Fresh("busting_cards", Fraction(BUSTING_1, LEFT_1), "the chance of a bust, not the count",
          ("count", "whole number", "how many", "probability", "chance", "fraction")),
    Fresh("busting_cards", LEFT_1, "every card left, not only those that bust", ("bust", "copies of", "numbers she",
                                                                                 "all the cards", "every card")),
    Fresh("busting_cards", LEFT_1 - BUSTING_1, "the safe cards, the complement", ("complement", "safe", "not bust")),
    Fresh("busting_cards", busting(HELD_1 + SEEN_1, held=[10, 11]), "the 6 forgotten",
          (r"\b6\b", "six", "each number", "every number", "all three")),
    Fresh("busting_cards", float(BUSTING_1), "a decimal", ("decimal", "whole", "int")),
    Fresh("busting_cards", busting(HELD_1 + [c for c in SEEN_1 if c not in (10, 11, 6)] + [10, 11, 6]),
          "each number seen taken out once, however often it came",
          ("every copy", "each copy", "three 10s", "how many times", "copies", "each card seen")),
    # 2. bust odds with cards on the table
    Fresh("bust_by_hand", Fraction(float(P_BUST)), "Fraction(15 / 88): a Fraction made from a float",
          FROM_A_FLOAT),
    Fresh("bust_by_hand", bust_chance([8, 10], TABLE_2, numbers_deck()), "the numbers-only deck, not the full one",
          ("numbers-only", "79", "94", "modifier", "action", "full deck")),
    Fresh("bust_by_hand", bust_chance([8, 10], [8, 10], full_deck()), "the other rows left in the deck",
          ("other rows", "seen", "table", "out of the deck")),
    Fresh("bust_by_hand", bust_chance([8, 10], [], full_deck()), "nothing taken out: the fresh deck",
          ("seen", "held", "out of", "table", "fresh deck", "her own", "no longer in the deck")),
    Fresh("bust_by_hand", bust_chance([8, 10], [8, 10, 10, 3], full_deck()), "the Freeze and the +4 left in the deck",
          ("freeze", r"\+4", "modifier", "action", "every card")),
    Fresh("bust_by_hand", 1 - P_BUST, "the complement, no bust", ("complement", "no bust", "safe", "1 -")),
    Fresh("bust_by_hand", bust_chance([8], TABLE_2, full_deck()), "only the 8 busts", (r"\b10\b", "add", "both",
                                                                                      "each number", "either")),
    Fresh("bust_by_hand", bust_chance([8], TABLE_2, full_deck()) * bust_chance([10], TABLE_2, full_deck()),
          "the two chances multiplied", ("add", "multipl", "disjoint", "product")),
    Fresh("bust_by_hand", P_BUST * 100, "a percentage", ("percent", "%")),
    Fresh("bust_by_hand", P_BUST / (1 - P_BUST), "odds", ("odds", "against")),
    # 3. busting within two hits
    Fresh("bust_within_two", FIRST, "the first card only",
          ("second", "two cards", "both cards", "hit twice", "two hits")),
    Fresh("bust_within_two", 2 * FIRST, "the same chance added twice",
          ("second", "one card fewer", "joins", "grows", "same chance", "changes", "dangerous")),
    Fresh("bust_within_two", within_two(replace=True), "with replacement", ("replacement", "put back",
                                                                           "one card fewer", "without")),
    Fresh("bust_within_two", within_two(grows=False), "the first safe card's copies not dangerous afterwards",
          ("joins", "new number", "dangerous", "its copies", "copies of")),
    Fresh("bust_within_two", FIRST * SECOND_TOO, "busting on both cards", ("both", "either", "one of",
                                                                                           r"\bor\b", "add")),
    Fresh("bust_within_two", 1 - TWO, "the complement", ("complement", "no bust", "safe", "1 -")),
    Fresh("bust_within_two", within_two(deck=full_deck()), "the full deck, not the numbers-only one",
          ("numbers-only", "79", "94", "modifier", "action", "full")),
    Fresh("bust_within_two", within_two(out=()), "her 9 and 12 left in the deck",
          ("held", "out of the deck", "dealt", "copies left", "her own")),
    Fresh("bust_within_two", float(TWO), "a decimal", ("decimal", "exact", "float")),
    Fresh("bust_within_two", Fraction(float(TWO)), "a Fraction made from a float", FROM_A_FLOAT),
    # 5. one more card, on average
    Fresh("gain_by_hand", one_more(bust=lambda card: 0), "a bust costing nothing", ("bust", "cost", r"\b24\b", "lose",
                                                                                    "points")),
    Fresh("gain_by_hand", one_more(out=(4, 9, 11)), "the other row left in the deck", ("seen", "other row",
                                                                                      "out of the deck", "table")),
    Fresh("gain_by_hand", one_more(deck=full_deck()), "the full deck with its modifiers",
          ("numbers-only", "79", "94", "modifier", "full")),
    Fresh("gain_by_hand", 24 + GAIN, "her expected score after the card, not the change",
          ("change", "score after", "gain", r"\b24\b", "total")),
    Fresh("gain_by_hand", one_more(bust=lambda card: card), "a bust costing the card's value, not her 24 points",
          (r"\b24\b", "all her points", "score", "whole", "points in front")),
    Fresh("gain_by_hand", one_more(total=79), "divided by 79, not by the cards left",
          ("cards left", r"\b73\b", r"\b79\b", "out of the deck", "denominator")),
    Fresh("gain_by_hand", one_more(drop_zero=True), "the 0 card forgotten", ("zero", r"\b0\b", "cards left",
                                                                            r"\b73\b", "denominator")),
    Fresh("gain_by_hand", float(GAIN), "a decimal", ("decimal", "exact", "float")),
    Fresh("gain_by_hand", Fraction(float(GAIN)), "a Fraction made from a float", FROM_A_FLOAT),
    # 6. different numbers in seven cards
    Fresh("different_numbers", different(replace=True), "with replacement", ("replacement", "without", "binomial",
                                                                            "hypergeometric", "comb")),
    Fresh("different_numbers", different(values=range(1, 13)), "the 0 card forgotten", ("zero", r"\b0\b",
                                                                                       "13 numbers", "thirteen")),
    Fresh("different_numbers", sum(Fraction(7 * c, 79) for c in numbers_deck().values()),
          "the expected number of cards of each number, not whether it shows", ("at least once", "indicator", "shows",
                                                                               "copies", "counts once",
                                                                               "the cards, not")),
    Fresh("different_numbers", 13 - DIFFERENT, "the numbers that do not show", ("complement", "not show", "missing",
                                                                              "none of its", "1 -")),
    Fresh("different_numbers", different(6), "six cards, not seven", (r"\b6\b", "seven", "7 cards", "six")),
    Fresh("different_numbers", float(DIFFERENT), "a decimal", ("decimal", "exact", "float")),
    Fresh("different_numbers", Fraction(float(DIFFERENT)), "a Fraction made from a float",
          FROM_A_FLOAT),
    # 7. the gain function
    Fresh("counted_gain", gain_no_loss, "a bust costing nothing", ("bust", "lose", r"sum\(held\)", "cost")),
    Fresh("counted_gain", gain_with(x2=2), "x2 worth 2 points, like a +2", ("x2", "×2", "double")),
    Fresh("counted_gain", gain_with(x2=0), "x2 worth nothing, like an action card", ("x2", "×2", "double")),
    Fresh("counted_gain", gain_with(modifiers=False), "the modifiers ignored", ("modifier", r"\+n", "x2", r"\+2")),
    Fresh("counted_gain", gain_with(numbers_total=True), "divided by the number cards only",
          ("every card", "action", "denominator", "total", "all the cards", "cards left")),
    Fresh("counted_gain", gain_with(as_float=True), "change / total: a decimal", ("decimal", "float", "exact")),
    Fresh("counted_gain", gain_with(floor=True), "change // total: an integer division",
          ("integer division", "//", "whole", "round", "exact", "fraction")),
    Fresh("counted_gain", gain_with(bust=lambda card: card), "a bust costing the card's value, not sum(held)",
          ("sum", "all her", "whole score", "score")),
    Fresh("counted_gain", gain_with(again=True), "her own copy taken out of left again",
          ("already", "copies left", "again", "twice")),
    Fresh("counted_gain", gain_mutating, "takes her cards out of the dict it was given",
          ("mutat", "alters", "in place", "copy of", "its argument", "its input")),
    # 8. the dynamic programme on a small deck
    Fresh("small_deck_dp", optimum_with(replace=True), "the held cards never leave the deck",
          ("left", "held", "replacement", "copy", "out of the deck")),
    Fresh("small_deck_dp", optimum_with(one_step=True), "one card, then stay: no recursion",
          ("one step", "recurs", "again", "after that card", "one card", "one more")),
    Fresh("small_deck_dp", optimum_with(bust_keeps=True), "a bust keeps the points", ("bust", r"\b0\b", "zero",
                                                                                      "lose")),
    Fresh("small_deck_dp", optimum_with(never_stay=True), "always hits while cards are left",
          ("max", "stay", "choose", "larger")),
    Fresh("small_deck_dp", optimum_with(as_float=True), "float at the end", ("decimal", "float", "exact")),
    Fresh("small_deck_dp", optimum_with(total_all=True), "the chances over the whole deck, held cards included",
          ("cards left", "total", "denominator", "held")),
    # 9. the bot against 'stop at 18'
    Fresh("bot_against_stop_at", flip7_simulation(seat=1), "the counter in seat 1, seat 0's wins counted",
          ("seat", "stop at 18", "other bot", "opponent", "swap"), simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(opponent=23), "StopAtSum(23), not 18",
          (r"\b18\b", "stop at", "opponent"), simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(rng_use="global"), "the global random, not rng",
          ("rng", r"random\.random\(seed\)", "seed", "repeat"), simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(rng_use="each"), "random.Random(seed) made again for every game",
          ("same seed", "once", "every game", "inside the loop", "each game", "one generator", "re-creat"),
          simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(z=1.645), "a 90% interval", ("1.645", "90", "95%", "1.96",
                                                                              "confidence level"), simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(z=1), "no 1.96", ("1.96", "68"), simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(divide="n"), "divided by n inside, not by sqrt(n)",
          ("sqrt", "√", "by n", "divided by n"), simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(scale=100), "a percentage", ("percent", "%", "share"),
          simulation=True),
    Fresh("bot_against_stop_at", flip7_simulation(spread="variance"), "p(1 - p) without its square root",
          ("variance", r"square root of p", r"sqrt\(p", "standard deviation"), simulation=True),
    # the lesson's try-its
    Fresh("try_bust_chance", (TRY_HELD, TRY_SEEN, bust_chance(TRY_HELD, TRY_HELD, full_deck())),
          "the cards seen left in the deck", ("seen", "out of the deck", "11, 11, 7")),
    Fresh("try_bust_chance", (TRY_HELD, TRY_SEEN, bust_chance(TRY_HELD, TRY_HELD + [11, 11, 7], full_deck())),
          "the +4 left in the deck", (r"\+4", "modifier", "every card", "all the cards")),
    Fresh("try_bust_chance", (TRY_HELD, TRY_SEEN, bust_chance(TRY_HELD, TRY_HELD + TRY_SEEN, numbers_deck())),
          "the numbers-only deck", ("numbers-only", "79", "94", "modifier", "action")),
    Fresh("try_bust_chance", (TRY_HELD, TRY_SEEN, 1 - bust_chance(TRY_HELD, TRY_HELD + TRY_SEEN, full_deck())),
          "the complement", ("complement", "no bust", "safe", "1 -")),
    Fresh("try_bust_chance", (TRY_HELD, TRY_SEEN, Fraction(float(bust_chance(TRY_HELD, TRY_HELD + TRY_SEEN,
                                                                                full_deck())))),
          "a Fraction made from a float", FROM_A_FLOAT),
    Fresh("try_bust_chance", (TRY_HELD, TRY_SEEN, bust_chance(TRY_HELD, TRY_SEEN, full_deck())),
          "her own cards left in the deck", ("held", "her own", "copies left", "she holds")),
    Fresh("try_one_more_card", (HAND, Fraction(650 - Q - S * sum(HAND), 79 - K)),
          "B as the sum of the numbers, not h - 1",
          (r"\bb\b", "copies", r"h - 1", "minus one", "she holds one")),
    Fresh("try_one_more_card", (HAND, Fraction(650 - S * B, 79 - K)), "Q not taken off",
          (r"\bq\b", "safe", "squares", "h²", "h\\^2", "already")),
    Fresh("try_one_more_card", (HAND, Fraction(650 - Q - S * B, 79)), "79, not 79 - k",
          ("79 - k", "79 minus", "cards left", r"\bk\b", "she holds are out")),
    Fresh("try_one_more_card", (HAND, Fraction(650 - Q, 79 - K)), "no loss for a bust",
          (r"\bs\b", "bust", "score", "loss", "cost")),
    Fresh("try_one_more_card", (HAND, Fraction(sum(range(13)) - S - S * B, 79 - K)),
          "the values summed once, not v copies of v", ("square", "v²", "copies of v", "650", "v copies")),
    Fresh("try_one_more_card", (HAND, float(TRY_GAIN)), "a decimal", ("decimal", "exact", "float")),
    Fresh("try_one_more_card", (HAND, Fraction(float(TRY_GAIN))), "a Fraction made from a float",
          FROM_A_FLOAT),
    Fresh("try_disagree", AGREE[0], "a hand where both give the same advice", ("agree", "same advice", "both")),
    Fresh("try_disagree", AGREE[-1], "a big hand where both stay", ("agree", "same advice", "both")),
    Fresh("try_disagree", (5, 5), "a number twice", ("different", "twice", "repeat", "bust")),
    Fresh("try_disagree", (4, 13), "a 13, which the deck has not", ("0 to 12", r"\b13\b", "no 13")),
]

assert math.isclose(float(TRY_GAIN), 123 / 38)
