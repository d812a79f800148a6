"""Fresh wrong answers to the Scout exercises and the lesson's try-its."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb, perm

import sympy

from circuslib.scout.bots import greedy_bot, play_game, random_bot
from circuslib.scout.checks import small_deck
from circuslib.scout.rules import FLIP_HAND, HAND_SIZE, KEEP_HAND, Scout, ScoutOptions, Show, deck_for, new_game

from . import FROM_A_FLOAT, Fresh, share_interval


def carrying(players, *numbers):
    """How many cards of the deck for this many players carry one of the numbers."""
    return sum(1 for card in deck_for(players) if any(v in card for v in numbers))


# 2. fives facing up
FIVES = HAND_SIZE[3] * Fraction(carrying(3, 5), len(deck_for(3))) * Fraction(1, 2)


# 3. at least three 10s
def hypergeometric(j, K=8, N=44, n=11):
    return Fraction(comb(K, j) * comb(N - K, n - j), comb(N, n))


def at_least(m=3, **deck):
    return 1 - sum(hypergeometric(j, **deck) for j in range(m))


TENS = at_least()
BINOMIAL = 1 - sum(comb(11, j) * Fraction(8, 44) ** j * Fraction(36, 44) ** (11 - j) for j in range(3))


# 4. a set of three in a small hand
def is_a_set(values, *, down=True, runs=True, matches=True, mixed=False):
    steps = {b - a for a, b in zip(values, values[1:])}
    if mixed:
        return steps <= {-1, 0, 1}
    allowed = ({0} if matches else set()) | ({1} if runs else set()) | ({-1} if runs and down else set())
    return len(steps) == 1 and steps <= allowed


def p_set(top=6, *, orders=permutations, oriented=True, **kind):
    deck = small_deck(top)
    ups = list(product((0, 1), repeat=3)) if oriented else [(0, 0, 0)]
    dealt = [[card[u] for card, u in zip(order, up)] for order in orders(deck, 3) for up in ups]
    return Fraction(sum(is_a_set(values, **kind) for values in dealt), len(dealt))


SET_OF_THREE = p_set()


# 6. does this set beat that one: wrong functions
def strength(values):
    return len(values), len(set(values)) == 1, min(values)


def beats_or_equal(a, b):
    return strength(a) >= strength(b)


def beats_kind_first(a, b):
    (size_a, match_a, low_a), (size_b, match_b, low_b) = strength(a), strength(b)
    return (match_a, size_a, low_a) > (match_b, size_b, low_b)


def beats_first_card(a, b):
    return (len(a), len(set(a)) == 1, a[0]) > (len(b), len(set(b)) == 1, b[0])


def beats_no_kind(a, b):
    return (len(a), min(a)) > (len(b), min(b))


def beats_run_over_match(a, b):
    return (len(a), len(set(a)) > 1, min(a)) > (len(b), len(set(b)) > 1, min(b))


# 7. runs up, runs down: wrong partners
def partner_identity(hand):
    return hand


def partner_turn_each_card(hand):
    return tuple((down, up) for up, down in hand)


def partner_flip_hand(hand):
    return tuple((down, up) for up, down in reversed(hand))


def partner_sorted(hand):
    return tuple(sorted(hand, reverse=True))


def partner_numbers(hand):
    return [up for up, _ in reversed(hand)]


# 9. a bot that beats random players: wrong bots
def bot_always_scouts(state, rng):
    if state.phase == "flip":
        return KEEP_HAND
    moves = state.legal_moves()
    return next((move for move in moves if isinstance(move, Scout)), moves[0])


def bot_random(state, rng):
    return rng.choice(list(state.legal_moves())) if state.phase != "flip" else KEEP_HAND


def bot_global_random(state, rng):
    if state.phase == "flip":
        return random.choice([FLIP_HAND, KEEP_HAND])
    return random.choice(list(state.legal_moves()))


def bot_forgets_the_flip(state, rng):
    moves = state.legal_moves()
    shows = [move for move in moves if isinstance(move, Show)]
    if shows:
        values = [card[0] for card in state.hands[state.turn]]
        return max(shows, key=lambda move: strength(values[move.start:move.stop]))
    return next(move for move in moves if isinstance(move, Scout))


def bot_first_card(state, rng):
    if state.phase == "flip":
        return KEEP_HAND
    return Show(0, 1)     # always shows its first card, allowed or not


# 10. how much better: wrong simulations
def scout_simulation(*, first=lambda i: i % 3, seats=(greedy_bot, random_bot, random_bot), rounds=1,
                     rng_use="once", players=3, **interval):
    def simulate(n, seed):
        rng = random.Random(seed)
        wins = 0
        for i in range(n):
            if rng_use == "each":
                rng = random.Random(seed)
            options = ScoutOptions(rounds=rounds, first=first(i) % players)
            final = play_game(new_game(options, players=players), list(seats)[:players],
                              random if rng_use == "global" else rng)
            wins += final.totals[0] > max(final.totals[1:])
        return share_interval(wins, n, **interval)

    return simulate


# the lesson's try-its
def hands(players, *, oriented=True, ordered=True, replace=False, deck=None):
    N, h = len(deck_for(players if deck is None else deck)), HAND_SIZE[players]
    count = N ** h if replace else (perm(N, h) if ordered else comb(N, h))
    return count * (2 ** h if oriented else 1)


def pair_match(players, *, oriented=True, replace=False, run=False, numerator="ordered"):
    deck = deck_for(players)
    c = {v: sum(1 for card in deck if v in card) for v in range(1, 11)}
    dealt = (len(deck) ** 2 if replace else perm(len(deck), 2)) * (4 if oriented else 1)
    if run:
        runs = sum(c[v] * c[v + 1] - ((v, v + 1) in deck) for v in range(1, 10))
        return Fraction(2 * runs, dealt)
    if replace:
        matches = sum(c[v] ** 2 for v in c)
    else:
        matches = sum(perm(c[v], 2) if numerator == "ordered" else comb(c[v], 2) for v in c)
    return Fraction(matches, dealt)


FRESH = [
    # 1. cards that can show a 4 or a 7
    Fresh("four_or_seven", carrying(3, 4) + carrying(3, 7), "the 4/7 card counted twice",
          ("both", "twice", "4/7", "overlap", "inclusion")),
    Fresh("four_or_seven", carrying(5, 4, 7), "the full deck of 45, the 10s left in", (r"\b10\b", "three players",
                                                                                     "3 players", r"\b36\b",
                                                                                     "removed", "taken out")),
    Fresh("four_or_seven", sum(1 for card in deck_for(3) if 4 in card and 7 in card), "4 and 7, not 4 or 7",
          (r"\bor\b", r"\band\b", "both")),
    Fresh("four_or_seven", len(deck_for(3)) - carrying(3, 4, 7), "the cards with neither", ("complement", "neither")),
    Fresh("four_or_seven", carrying(3, 4) + carrying(3, 7) - 2, "the 4/7 card taken away twice",
          ("once", "twice", "inclusion", "4/7")),
    Fresh("four_or_seven", carrying(5, 4) + carrying(5, 7), "the full deck, and the 4/7 card twice",
          (r"\b10\b", "both", "overlap", "twice", "4/7")),
    Fresh("four_or_seven", 2 * carrying(3, 4, 7), "each card counted either way up",
          ("orient", r"ways? up", "turned", "either end")),
    Fresh("four_or_seven", Fraction(carrying(3, 4, 7), len(deck_for(3))), "the chance, not the count",
          ("fraction", "count", "whole", "probability")),
    Fresh("four_or_seven", float(carrying(3, 4, 7)), "a decimal", ("decimal", "whole", "int")),
    # 2. fives facing up
    Fresh("fives_facing_up", HAND_SIZE[3] * Fraction(carrying(3, 5), len(deck_for(3))),
          "the 5 carried, not facing up", ("orient", "way up", "facing up", "either end", "half", r"1/2", "end")),
    Fresh("fives_facing_up", HAND_SIZE[3] * Fraction(carrying(5, 5), len(deck_for(5))) / 2, "the full deck of 45",
          (r"\b45\b", r"\b36\b", "3 players", "three players", r"\b10\b", "removed")),
    Fresh("fives_facing_up", HAND_SIZE[4] * Fraction(carrying(3, 5), len(deck_for(3))) / 2,
          "a hand of 11, the 4-player hand", (r"\b12\b", "hand", r"\b11\b", "cards in your hand")),
    Fresh("fives_facing_up", Fraction(carrying(3, 5), len(deck_for(3))) / 2, "one place only",
          ("12 places", "sum", "every place", "linearity", "times 12", "each place", "every card",
                                                   "one card")),
    Fresh("fives_facing_up", HAND_SIZE[3] * Fraction(carrying(3, 5), len(deck_for(3)) - 1) / 2, "35 cards, not 36",
          (r"\b36\b", "replacement", r"\b35\b", "place")),
    Fresh("fives_facing_up", float(FIVES), "a decimal", ("decimal", "exact", "float")),
    Fresh("fives_facing_up", Fraction(float(FIVES)), "a Fraction made from a float", FROM_A_FLOAT),
    # 3. at least three 10s
    Fresh("three_tens", hypergeometric(3), "exactly three", ("exactly", "at least")),
    Fresh("three_tens", at_least(K=9), "nine cards carry a 10: the 9/10 card left in", ("9/10", r"\bout\b",
                                                                                       "8 cards", "nine", "eight")),
    Fresh("three_tens", at_least(K=9, N=45), "the 5-player deck of 45", (r"\b44\b", r"\b45\b", "4 players", "deck")),
    Fresh("three_tens", BINOMIAL, "the binomial law: with replacement", ("binomial", "replacement",
                                                                        "hypergeometric", "without")),
    Fresh("three_tens", 1 - TENS, "the complement, at most two", ("complement", "at most", "fewer")),
    Fresh("three_tens", at_least(4), "1 - P(0 to 3): three itself left out", ("off by one", "at least three",
                                                                             "exactly 3", "exactly three", "includ")),
    Fresh("three_tens", float(TENS), "a decimal", ("decimal", "exact", "float")),
    Fresh("three_tens", Fraction(float(TENS)), "a Fraction made from a float", FROM_A_FLOAT),
    Fresh("three_tens", sum(comb(8, j) * comb(36, 11 - j) for j in range(3, 9)), "the count of hands",
          ("count", "divide", "number of")),
    # 4. a set of three in a small hand
    Fresh("set_of_three", p_set(runs=False), "matches only", ("run", "match")),
    Fresh("set_of_three", p_set(down=False), "runs going up only", ("down", "both directions", "going down")),
    Fresh("set_of_three", p_set(oriented=False), "every card with its smaller number up",
          ("orient", "way up", "either way", r"\bend\b", "product")),
    Fresh("set_of_three", p_set(orders=combinations), "combinations, not permutations: order ignored",
          ("order", "permutation", "combination", "reordered")),
    Fresh("set_of_three", p_set(orders=lambda deck, r: product(deck, repeat=r)), "the same card dealt twice",
          ("replacement", "different cards", "same card", "twice")),
    Fresh("set_of_three", 1 - SET_OF_THREE, "the complement", ("complement", "not a set", "1 -")),
    Fresh("set_of_three", p_set(mixed=True), "steps of +1, 0 and -1 mixed in one set", ("mixed", "all equal",
                                                                                       "same step", "direction")),
    Fresh("set_of_three", p_set(5), "small_deck(5)", (r"\b6\b", "15 cards", "deck")),
    # 6. does this set beat that one
    Fresh("my_beats", beats_or_equal, "an equal set beats", ("equal", "tie", "does not beat")),
    Fresh("my_beats", beats_kind_first, "the kind before the size", ("size", "more cards", "first")),
    Fresh("my_beats", beats_first_card, "the first card, not the smallest", ("smallest", "first", "down", "lowest")),
    Fresh("my_beats", beats_no_kind, "match or run ignored", ("match", "run", "kind")),
    Fresh("my_beats", beats_run_over_match, "a run beating a match", ("match beats", "kind", "match", "run")),
    # 7. runs up, runs down: a bijection
    Fresh("runs_bijection", partner_identity, "the hand itself", ("itself", "same hand", "going down", "down")),
    Fresh("runs_bijection", partner_turn_each_card, "each card turned, the order kept",
          ("reverse", "order", "turn", "each card", "other end")),
    Fresh("runs_bijection", partner_flip_hand, "the whole hand turned round: other ends up",
          ("other number", "turn", "flip", "other end", "ends up")),
    Fresh("runs_bijection", partner_sorted, "the cards sorted", ("reorder", "sort", "order")),
    Fresh("runs_bijection", partner_numbers, "the numbers only, not the cards", ("card", "tuple", "hand",
                                                                                r"\(up, down\)")),
    # 9. a bot that beats random players
    Fresh("my_bot", bot_always_scouts, "always scouts", ("show", "scout", "never")),
    Fresh("my_bot", bot_random, "a random legal move: no better than random", (r"1/3", "fair third", "not clearly",
                                                                              "interval", "random")),
    Fresh("my_bot", bot_global_random, "the global random, not rng", ("rng", "seed", "draw from", "global")),
    Fresh("my_bot", bot_forgets_the_flip, "no answer to the flip phase", ("flip", "phase", "keep_hand",
                                                                          "flip_hand", "keep the hand")),
    Fresh("my_bot", bot_first_card, "always Show(0, 1), legal or not", ("legal", "not allowed", "illegal", "refuse")),
    # 10. how much better: an interval for a bot
    Fresh("measure_greedy", scout_simulation(first=lambda i: 0), "player 0 always starts",
          ("first", "rotat", r"i % 3", "start", "seat"), simulation=True),
    Fresh("measure_greedy", scout_simulation(rng_use="global"), "the global random, not rng",
          ("rng", r"random\.random\(seed\)", "seed", "repeat"), simulation=True),
    Fresh("measure_greedy", scout_simulation(rng_use="each"), "random.Random(seed) made again for every game",
          ("same seed", "once", "every game", "inside the loop", "each game", "one generator", "re-creat"),
          simulation=True),
    Fresh("measure_greedy", scout_simulation(z=1.645), "a 90% interval", ("1.645", "90", "95%", "1.96",
                                                                         "confidence level"), simulation=True),
    Fresh("measure_greedy", scout_simulation(z=1), "no 1.96", ("1.96", "68"), simulation=True),
    Fresh("measure_greedy", scout_simulation(divide="n"), "divided by n, not by sqrt(n)",
          ("sqrt", "√", "by n", "divided by n"), simulation=True),
    Fresh("measure_greedy", scout_simulation(seats=(random_bot, greedy_bot, random_bot)),
          "greedy in seat 1, seat 0's wins counted", ("seat",), simulation=True),
    Fresh("measure_greedy", scout_simulation(rounds=3), "the whole game of three rounds, not one",
          ("round", "one round", r"rounds=1", "whole game"), simulation=True),
    Fresh("measure_greedy", scout_simulation(players=2), "two players", ("players", "3 players", "three", "two"),
          simulation=True),
    # the lesson's try-its
    Fresh("try_cards_in_play", (3, len(deck_for(5))), "the 10s not taken out", (r"\b10\b", "taken out", "removed",
                                                                              "full deck", "carry a 10")),
    Fresh("try_cards_in_play", (3, len(deck_for(5)) - 10), "ten cards taken out for the 10s",
          ("nine", "9 cards", "carry a 10", r"\b10\b")),
    Fresh("try_cards_in_play", (4, len(deck_for(5)) - 2), "two cards taken out for 4 players",
          ("9/10", "one card", "only")),
    Fresh("try_cards_in_play", (4, len(deck_for(5))), "nothing taken out for 4 players", ("9/10", "taken out",
                                                                                          "removed")),
    Fresh("try_cards_in_play", (3, 2 * len(deck_for(3))), "ordered pairs", ("order", "turned", "pair", "twice")),
    Fresh("try_hands", (5, hands(5, oriented=False)), "no factor 2 for each card's way up",
          (r"2\^", "orient", "way up", "either way", "factor 2")),
    Fresh("try_hands", (5, hands(5, ordered=False)), "hands unordered", ("order", "reorder", "falling", "binomial")),
    Fresh("try_hands", (5, hands(5, ordered=False, oriented=False)), "comb(N, h) alone",
          ("order", "falling", "way up", "orient")),
    Fresh("try_hands", (5, hands(5, deck=4)), "the 4-player deck of 44", ("deck", r"\b45\b", r"\b44\b",
                                                                         "cards used")),
    Fresh("try_hands", (5, hands(5, replace=True)), "N^h: the same card twice", ("replacement", "different cards",
                                                                               "falling", "dealt twice", "twice")),
    Fresh("try_hands", (3, hands(3, oriented=False)), "3 players, no factor 2", (r"2\^", "orient", "way up",
                                                                               "either way", "factor 2")),
    Fresh("try_pair_match", (5, pair_match(3)), "the 3-player deck", (r"\b3\b", "three", "deck", r"\b36\b")),
    Fresh("try_pair_match", (5, pair_match(5, oriented=False)), "no 2^2 for the ways up",
          ("way up", "orient", r"2\^2", r"\b4\b")),
    Fresh("try_pair_match", (5, pair_match(5, replace=True)), "the same card twice",
          ("replacement", "different cards", "same card", "again", "twice")),
    Fresh("try_pair_match", (5, pair_match(5, numerator="unordered")), "unordered matches over ordered pairs",
          ("order", "two ways", "twice")),
    Fresh("try_pair_match", (5, pair_match(5, run=True)), "a run, not a match", ("run", "match")),
    Fresh("try_pair_match", (5, float(pair_match(5))), "a decimal", ("decimal", "exact", "float")),
]

assert sympy.Rational(FIVES.numerator, FIVES.denominator) == sympy.Rational(4, 3)
