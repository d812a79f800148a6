"""Fresh wrong answers to the Speed (Le Flip) exercises and the lesson's try-its."""
from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import sympy

from circuslib.speed.bots import fast_round
from circuslib.speed.rules import ONE_DECK

from . import FROM_A_FLOAT, Fresh, share_interval

# 1. who reacts first: means 0.4 s and 0.3 s
MEAN_A, MEAN_B = Fraction(2, 5), Fraction(3, 10)
RATE_A, RATE_B = 1 / MEAN_A, 1 / MEAN_B
RACE = RATE_A / (RATE_A + RATE_B)


# 2. a fitting card: wrong functions
def fits(card, top, *, steps=(1, 12), modulo=13):
    return (card - top) % modulo in steps


def fits_no_wrap(card, top):
    return abs(card - top) == 1


def fits_only_above(card, top):
    return fits(card, top, steps=(1,))


def fits_same_rank_too(card, top):
    return fits(card, top, steps=(0, 1, 12))


def fits_mod_12(card, top):
    return fits(card, top, steps=(1, 11), modulo=12)


def fits_minus_two(card, top):
    return fits(card, top, steps=(1, 11))   # -1 written as 11


# 3. will the next card fit: tops 5 and 9, seen 2 J K 6 and Q A 4 4
TOPS = [5, 9]
YOURS, THEIRS = [2, 11, 13, 6], [12, 1, 4, 4]


def next_fits(*, seen=tuple(TOPS + YOURS + THEIRS), tops=TOPS, fit=fits, deck=None):
    unseen = [rank for rank in range(1, 14) for _ in range(4)] if deck is None else list(deck)
    for card in seen:
        unseen.remove(card)
    fitting = [card for card in unseen if any(fit(card, top) for top in tops)]
    return Fraction(len(fitting), len(unseen))


NEXT = next_fits()


# 4. stalemate on a 6 and an 8
def stalemate(*, fitting=12, left=50, face_up=8, replace=False):
    if replace:
        return Fraction(left - fitting, left) ** face_up
    return Fraction(comb(left - fitting, face_up), comb(left, face_up))


STALEMATE = stalemate()

# 5. a longest chain on a Queen: K A K J A
CHAIN = ["K", "A", "K", "A"]


# 6. the longest chain for any hand: wrong functions
def chain_with(fit=fits):
    def longest_chain(hand, top):
        best = 0
        for i, card in enumerate(hand):
            if fit(card, top):
                best = max(best, 1 + longest_chain(hand[:i] + hand[i + 1:], card))
        return best

    return longest_chain


_plain = chain_with()


def chain_counting_the_top(hand, top):
    return _plain(hand, top) + 1


def chain_greedy(hand, top):
    hand, played = list(hand), 0
    while True:
        card = next((c for c in hand if fits(c, top)), None)
        if card is None:
            return played
        hand.remove(card)
        top, played = card, played + 1


def chain_one_card_a_rank(hand, top):
    return _plain(sorted(set(hand)), top)


def chain_mutating(hand, top):
    best = 0
    for i, card in enumerate(hand):
        if fits(card, top):
            hand.pop(i)                       # "that card is played": but the loop and the caller lose it too
            best = max(best, 1 + chain_mutating(hand, card))
    return best


def chain_reusing(hand, top):
    best = 0
    for card in hand:
        if fits(card, top):
            best = max(best, 1 + chain_reusing(hand, card))   # the card played stays in the hand
    return best


def chain_cards_that_fit(hand, top):
    return sum(1 for card in hand if fits(card, top))


# 7. two moves before one
lambda_A, lambda_B, t = sympy.symbols("lambda_A lambda_B t", positive=True)
ONE = lambda_A / (lambda_A + lambda_B)
TWO = ONE ** 2


# 9. how often does the faster player win: wrong simulations
def speed_simulation(*, rates=(3, 2), rng_use="once", **interval):
    def simulate(n, seed):
        rng = random.Random(seed)
        wins = 0
        for _ in range(n):
            if rng_use == "each":
                rng = random.Random(seed)
            wins += fast_round(ONE_DECK, random if rng_use == "global" else rng, ("first", "first"), rates).winner == 0
        return share_interval(wins, n, **interval)

    return simulate


# the lesson's try-its
def fitting_cards(a, b, *, fit=fits, count_tops=False, doubled=False):
    ranks = [r for r in range(1, 14) if fit(r, a)] + [r for r in range(1, 14) if fit(r, b)]
    if not doubled:
        ranks = list(set(ranks))
    return sum(4 - (count_tops and r in (a, b)) for r in ranks) - (2 if count_tops else 0)


FRESH = [
    # 1. who reacts first
    Fresh("race_from_mean_times", MEAN_A / (MEAN_A + MEAN_B), "the mean times used as rates",
          ("mean", "rate", r"1 /", "per second")),
    Fresh("race_from_mean_times", 1 - RACE, "the complement: B first", ("complement", "b reacts first", "b first",
                                                                      "other player", r"\bb\b")),
    Fresh("race_from_mean_times", RATE_A / RATE_B, "odds, a ratio of rates", ("odds", "ratio", r"\+", "sum")),
    Fresh("race_from_mean_times", float(RACE), "a decimal", ("decimal", "exact", "float")),
    Fresh("race_from_mean_times", Fraction(float(RACE)), "a Fraction made from a float", FROM_A_FLOAT),
    Fresh("race_from_mean_times", 100 * RACE, "a percentage", ("percent", "%")),
    Fresh("race_from_mean_times", Fraction(1, 2), "one half: both are exponential", ("rate", "mean", "faster",
                                                                                      "depends")),
    # 2. a fitting card, as a function
    Fresh("fits_on", fits_no_wrap, "no wrap: the Ace not next to the King", ("wrap", "ace", "king", "cycle",
                                                                           r"\b13\b")),
    Fresh("fits_on", fits_only_above, "one rank above only", ("below", "either", "down", "both")),
    Fresh("fits_on", fits_same_rank_too, "the same rank fits too", ("same rank", "equal", "itself")),
    Fresh("fits_on", fits_mod_12, "modulo 12", (r"\b12\b", r"\b13\b")),
    Fresh("fits_on", fits_minus_two, "-1 written as 11 modulo 13", (r"\b12\b", r"-1", "below", "one below")),
    # 3. will the next card fit
    Fresh("next_card_fits", next_fits(seen=TOPS), "the face-up cards left among the unseen",
          ("face-up", "seen", r"\bout\b", "table", "nobody")),
    Fresh("next_card_fits", next_fits(seen=()), "nothing taken out: 16 of 52", ("seen", "tops", r"\bout\b",
                                                                              "table", r"\b52\b")),
    Fresh("next_card_fits", next_fits(seen=TOPS + YOURS), "the bot's face-up cards forgotten",
          ("bot", "seen", "face-up")),
    Fresh("next_card_fits", 1 - NEXT, "the complement", ("complement", "not fit", "1 -")),
    Fresh("next_card_fits", next_fits(tops=[5]), "the 5 only", (r"\b9\b", "either", "both tops", r"\bor\b")),
    Fresh("next_card_fits", next_fits(fit=fits_same_rank_too), "the tops' own ranks counted as fitting",
          ("same rank", "equal", "above or below")),
    Fresh("next_card_fits", NEXT * 42, "the count of fitting cards", ("count", "divide", "number of")),
    Fresh("next_card_fits", float(NEXT), "a decimal", ("decimal", "exact", "float")),
    # 4. stalemate on a 6 and an 8
    Fresh("stalemate_six_eight", stalemate(fitting=16), "the 7 counted for both tops", (r"\b7\b", "twice", "both",
                                                                                       "shared", "double")),
    Fresh("stalemate_six_eight", stalemate(replace=True), "with replacement", ("replacement", "binomial", "without")),
    Fresh("stalemate_six_eight", 1 - STALEMATE, "the complement", ("complement", "at least one", "1 -", "can play")),
    Fresh("stalemate_six_eight", stalemate(left=52), "52 cards, the tops left in", (r"\b50\b", "tops", r"\b52\b")),
    Fresh("stalemate_six_eight", stalemate(face_up=4), "4 face-up cards, one player's", (r"\b8\b", "eight",
                                                                                         "both players",
                                                                                         "four each")),
    Fresh("stalemate_six_eight", stalemate(fitting=12 + 3 + 3), "the 6s and 8s left counted as fitting",
          ("same rank", "6 and 8", "tops themselves", "above or below")),
    Fresh("stalemate_six_eight", float(STALEMATE), "a decimal", ("decimal", "exact", "float")),
    Fresh("stalemate_six_eight", Fraction(float(STALEMATE)), "a Fraction made from a float", FROM_A_FLOAT),
    # 5. a longest chain on a Queen
    Fresh("longest_chain_on_queen", ["K", "A"], "each rank played once", ("twice", "repeat", "same rank",
                                                                          "each card", "two decks", "longer")),
    Fresh("longest_chain_on_queen", ["J", "K", "A"], "the J, then a K that does not fit it",
          ("fit", r"\bj\b", "k on j")),
    Fresh("longest_chain_on_queen", ["Q", *CHAIN], "the top included", ("top", "not included")),
    Fresh("longest_chain_on_queen", CHAIN[::-1], "played from the other end", ("order", "fit", "first card")),
    Fresh("longest_chain_on_queen", ["K", "A", "K", "J", "A"], "every card", ("fit", r"\bj\b")),
    # 6. the longest chain, for any hand
    Fresh("longest_chain_function", chain_greedy, "greedy: the first card that fits", ("greedy", "first", "every",
                                                                                      "search", "try")),
    Fresh("longest_chain_function", chain_with(fits_no_wrap), "no wrap", ("wrap", "ace", "king", "cycle",
                                                                          r"\b13\b")),
    Fresh("longest_chain_function", chain_counting_the_top, "the top counted", ("top", "off by one",
                                                                                        "count")),
    Fresh("longest_chain_function", chain_one_card_a_rank, "one card a rank", ("repeat", "twice", "same rank",
                                                                              "copies")),
    Fresh("longest_chain_function", chain_mutating, "pops from the list it loops over",
          ("mutat", "alters", "in place", "copy", "its argument", "remove", r"pop")),
    Fresh("longest_chain_function", chain_reusing, "the card played stays in the hand",
          ("used again", "once", "remove", "rest", "recurs")),
    Fresh("longest_chain_function", chain_cards_that_fit, "the cards that fit the top, not a chain",
          ("chain", "one after another", "on the one before")),
    # 7. two moves before one
    Fresh("two_moves_before_one", ONE, "one race, not two", ("two", "twice", "square", "second", "again")),
    Fresh("two_moves_before_one", 2 * lambda_A / (2 * lambda_A + lambda_B), "A's rate doubled",
          ("rate", "two moves", "twice", "race", "square")),
    Fresh("two_moves_before_one", 1 - TWO, "the complement",
          ("complement", r"\bb\b", "1 -", "b first", "b moves first")),
    Fresh("two_moves_before_one", (lambda_B / (lambda_A + lambda_B)) ** 2, "B's chance squared",
          ("swap", r"lambda_a", r"\bb\b", "a's")),
    Fresh("two_moves_before_one", TWO.subs({lambda_A: 3, lambda_B: 2}), "the value at rates 3 and 2",
          ("symbol", "formula", "lambda", "number")),
    Fresh("two_moves_before_one", sympy.Integral(lambda_A * sympy.exp(-lambda_A * t) * sympy.exp(-lambda_B * t),
                                                 (t, 0, sympy.oo)) ** 2, "the integral not worked out",
          ("integral", "doit", "worked out", "integrate")),
    Fresh("two_moves_before_one", (sympy.Symbol("a") / (sympy.Symbol("a") + sympy.Symbol("b"))) ** 2,
          "the symbols a and b", (r"lambda_a", "symbol", "names", "write it with")),
    Fresh("two_moves_before_one", 0.36, "the simulated share", ("decimal", "exact", "float", "formula")),
    # 9. how often does the faster player win
    Fresh("win_rate_simulation", speed_simulation(rates=(2, 3)), "the rates swapped", ("rate", "swap", "faster"),
          simulation=True),
    Fresh("win_rate_simulation", speed_simulation(rng_use="global"), "the global random, not rng",
          ("rng", r"random\.random\(seed\)", "seed", "repeat"), simulation=True),
    Fresh("win_rate_simulation", speed_simulation(rng_use="each"), "random.Random(seed) made again for every round",
          ("same seed", "once", "every round", "inside the loop", "each round", "one generator", "re-creat"),
          simulation=True),
    Fresh("win_rate_simulation", speed_simulation(z=1.645), "a 90% interval", ("1.645", "90", "95%", "1.96",
                                                                              "confidence level"), simulation=True),
    Fresh("win_rate_simulation", speed_simulation(z=1), "no 1.96", ("1.96", "68"), simulation=True),
    Fresh("win_rate_simulation", speed_simulation(spread="variance"), "p(1 - p) without its square root",
          ("variance", r"square root of p", r"sqrt\(p", "standard deviation"), simulation=True),
    Fresh("win_rate_simulation", speed_simulation(divide="n"), "divided by n, not by sqrt(n)",
          ("sqrt", "√", "by n", "divided by n"), simulation=True),
    Fresh("win_rate_simulation", speed_simulation(scale=100), "a percentage", ("percent", "%"), simulation=True),
    # the lesson's try-its
    Fresh("try_ranks_that_fit", ("K", {"Q"}), "no wrap: the Ace forgotten", ("ace", "wrap", "cycle", "round",
                                                                            r"\ba\b")),
    Fresh("try_ranks_that_fit", ("K", {"Q", "A", "K"}), "the King itself too", ("same rank", "itself", r"\bk\b")),
    Fresh("try_ranks_that_fit", ("A", {"2"}), "no wrap: the King forgotten", ("king", "wrap", "cycle", "round",
                                                                             r"\bk\b")),
    Fresh("try_ranks_that_fit", ("K", {"Q", "J"}), "two ranks below", ("one rank", "above", "below", r"\bj\b")),
    Fresh("try_fitting_cards", ("K", "2", fitting_cards(13, 2, doubled=True)), "the Ace counted for both tops",
          ("ace", "twice", "both", "shar", "double", "each rank once")),
    Fresh("try_fitting_cards", ("K", "2", Fraction(fitting_cards(13, 2), 50)), "the chance, not the count",
          ("count", "how many", "probability", "fraction", "whole")),
    Fresh("try_fitting_cards", ("K", "2", fitting_cards(13, 2) - 2), "the two tops taken off though they do not fit",
          ("top", "tops are not", "fitting ranks")),
    Fresh("try_fitting_cards", ("K", "2", len({13 - 1, 1, 3})), "the fitting ranks, not the cards",
          ("cards", "4 cards", "each rank", "ranks", "four")),
    Fresh("try_race", (3, 1, Fraction(1, 4)), "the complement: the bot first", ("complement", "bot", "1 -")),
    Fresh("try_race", (3, 1, Fraction(3, 1)), "a ratio of the rates", ("ratio", "odds", "sum", "total")),
    Fresh("try_race", (3, 1, 0.75), "a decimal", ("decimal", "exact", "float")),
    Fresh("try_race", (3, 1, Fraction(1 / 3 / (1 / 3 + 1))), "the rates used as mean times",
          ("mean", "rate", r"1 /", "per second")),
]
