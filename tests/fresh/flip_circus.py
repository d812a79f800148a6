"""Fresh wrong answers to the Flip Circus exercises and the try-its of the lesson and its companion."""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import sympy

from circuslib.core import playout
from circuslib.flip_circus.checks import MIDGAME, RACE
from circuslib.flip_circus.rules import (
    DRESSEUSE,
    END_TURN,
    MAKE_RETURN,
    TAKE_APPLAUSE,
    TokenSet,
    flip,
    new_game,
    power,
    swap,
)

from . import FROM_A_FLOAT, Fresh

f = math.factorial

# 1. how many set-ups
SETUPS = f(5) * f(5) * 2 ** 5

# 3. face patterns by Burnside: 4 Clowns, 2 Acrobates, 2 Voyantes, 2 Dresseuses, 20 symmetries
ROWS = f(10) // (f(4) * f(2) ** 3)
HALF_TURN = f(5) // f(2)
BETWEEN = f(5) // f(2)
THROUGH = f(4) + 3 * (f(4) // f(2))
PATTERNS = (ROWS + HALF_TURN + 5 * BETWEEN + 5 * THROUGH) // 20


# 4. Burnside checked by listing: the solution's listing, with one slip at a time
def arrangements(labels):
    left, row = Counter(labels), []

    def extend():
        if len(row) == len(labels):
            yield tuple(row)
            return
        for label in sorted(left):
            if left[label]:
                left[label] -= 1
                row.append(label)
                yield from extend()
                row.pop()
                left[label] += 1

    yield from extend()


def counting(*, turns=True, mirrors=True):
    def representative(row):
        images = [row[k:] + row[:k] for k in range(len(row))] if turns else [row]
        if mirrors:
            images += [image[::-1] for image in images]
        return min(images)

    def count_patterns(labels):
        return len({representative(row) for row in arrangements(labels)})

    return count_patterns


def count_by_dividing(labels):
    return sum(1 for _ in arrangements(labels)) // (2 * len(labels))   # rows / 20, an integer division


def count_by_dividing_exactly(labels):
    return sum(1 for _ in arrangements(labels)) / len(labels)           # turns only, and a decimal


# 6. what the Voyante tells you: the solution's deals, on views with more or less seen
TOKENS = TokenSet.kit().tokens


def deals(view):
    found, backs = [], [None] * 10

    def place(i, left):
        if i == 10:
            found.append(tuple(backs))
            return
        for token in left:
            if view.faces[i] in token:
                back = token[1] if token[0] == view.faces[i] else token[0]
                if view.backs[i] in (None, back):
                    backs[i] = back
                    place(i + 1, left - {token})

    place(0, frozenset(TOKENS))
    return found


AFTER = MIDGAME.play(power(3)).view(0)


def p_dresseuse(*, keep=(2, 4)):
    view = SimpleNamespace(faces=AFTER.faces, backs=[b if i in keep else None for i, b in enumerate(AFTER.backs)])
    possible = deals(view)
    return Fraction(sum(backs[1] == DRESSEUSE for backs in possible), len(possible))


VOYANTE = p_dresseuse()

# 7. what a free look is worth
WITHOUT = Fraction(1, 5)
WITH_LOOK = Fraction(1, 5) + Fraction(3, 5) * Fraction(1, 4)
LOOK = WITH_LOOK - WITHOUT


# 10. measure a match: wrong simulations
def wilson(wins, n, z=1.96):
    share = wins / n
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return share, (centre - half, centre + half)


def measuring(*, seats=(0, 1), rng_use="once", z=1.96, normal=False, count=False):
    def measure(bot, opponent, n, seed):
        rng = random.Random(seed)
        wins = 0
        for _ in range(n):
            if rng_use == "each":
                rng = random.Random(seed)
            source = random if rng_use == "global" else rng
            players = [bot, opponent] if seats == (0, 1) else [opponent, bot]
            wins += playout(new_game(RACE, rng=source), source, players).winner == 0
        if normal:
            share = wins / n
            half = z * math.sqrt(share * (1 - share) / n)
            return share, (share - half, share + half)
        share, interval = wilson(wins, n, z)
        return (wins, (interval[0] * n, interval[1] * n)) if count else (share, interval)

    return measure


# 11. a bot that beats the random bot: wrong bots
def bot_peeks(state, rng):
    if state.pending:
        return TAKE_APPLAUSE if state.is_legal(TAKE_APPLAUSE) else MAKE_RETURN
    if not state.actions_left:
        return END_TURN
    team, before = state.team, len(state.posters[state.team])
    moves = state.legal_moves()
    for move in moves:   # every move tried on the true deal, flips of unseen backs too
        if move.name in ("swap", "flip", "power") and len(state.play(move).posters[team]) > before:
            return move
    return rng.choice([move for move in moves if move.name in ("swap", "flip", "power")])


def bot_global_random(state, rng):
    return random.choice(list(state.legal_moves()))


def bot_random(state, rng):
    return rng.choice(list(state.legal_moves()))


def bot_ends_its_turn(state, rng):
    return END_TURN


def bot_ignores_the_reward(state, rng):
    moves = [move for move in state.legal_moves() if move.name in ("swap", "flip", "power")]
    return rng.choice(moves) if moves else END_TURN if not state.pending else swap(0, 1)


# the lesson's and the companion's try-its
LOOKED_DEALS = 4 * 3 * 2 * 1 * 2           # four Clown tokens left for four places, the rosace two ways
VOYANTE_ROWS = f(10) // (f(5) * f(2) * f(2))  # 5 Clowns, 2 Acrobates, 2 Magiciens, 1 Voyante
PER_MIRROR = 2 * f(4) // f(2)

FRESH = [
    # 1. how many set-ups
    Fresh("setups", f(5) * f(5), "the faces forgotten", ("face", r"2\^5", "way up", "two faces", r"2 \*\* 5")),
    Fresh("setups", f(10) * 2 ** 5, "the Clowns not held to the even places", ("even", "clown", "places")),
    Fresh("setups", f(10), "10! alone", ("face", "even", "clown", "way up")),
    Fresh("setups", f(5) * 2 ** 5, "the Clown tokens' order forgotten", ("order", "clown tokens", r"5!", "clowns")),
    Fresh("setups", f(5) * f(5) * 2 ** 10, "every token on either face, the Clowns too",
          ("clown up", "clowns lie", r"2\^10", "faces")),
    Fresh("setups", SETUPS // 10, "turned rings counted once", ("turn", "numbered", "different set-up", "places")),
    Fresh("setups", float(SETUPS), "a decimal", ("decimal", "whole", "int")),
    # 2. two Clowns' backs
    Fresh("two_clowns", Fraction(1, 5) ** 2, "independent backs: 1/5 twice", ("independent", "without replacement",
                                                                            "four", "given", "no two")),
    Fresh("two_clowns", Fraction(1, 5), "the first Clown only", ("both", r"\band\b", r"\b6\b")),
    Fresh("two_clowns", Fraction(1, 5) + Fraction(1, 4), "the two chances added", (r"\band\b", r"\bor\b", "both",
                                                                                 "add", "multipl")),
    Fresh("two_clowns", Fraction(1, math.comb(5, 2)), "a pair of artists, unordered", ("order", "which clown",
                                                                                      "unordered", "way round")),
    Fresh("two_clowns", 1 - Fraction(1, 20), "the complement", ("complement", "1 -")),
    Fresh("two_clowns", Fraction(0.05), "Fraction(0.05): made from a float", FROM_A_FLOAT),
    Fresh("two_clowns", Fraction(1, 6) * Fraction(1, 5), "six artists behind a Clown", ("six", "five", "artists",
                                                                                      "clown")),
    # 3. face patterns by Burnside's lemma
    Fresh("patterns_by_burnside", ROWS // 20, "the rows divided by 20", ("average", "fixed", "symmetr", "burnside",
                                                                       "divid")),
    Fresh("patterns_by_burnside", (ROWS + HALF_TURN) // 10, "turns only", ("mirror", "reflect", r"\b20\b")),
    Fresh("patterns_by_burnside", (ROWS + HALF_TURN + 5 * BETWEEN) // 20, "the mirrors through places forgotten",
          ("mirror", "through", "opposite places")),
    Fresh("patterns_by_burnside", (ROWS + 5 * BETWEEN + 5 * THROUGH) // 20, "the half turn forgotten",
          ("half turn", "turn by 5", "rotation", "turns")),
    Fresh("patterns_by_burnside", f(10) // 20, "10! rows: the repeated faces counted as different",
          ("repeat", "same artist", "labels", "multiset", "different rows", "alike")),
    Fresh("patterns_by_burnside", (ROWS + HALF_TURN + 5 * BETWEEN + 5 * f(4)) // 20,
          "a mirror through places: only Clowns at its two ends", ("through", "opposite", "each label",
                                                                   "fixed places", "ends")),
    Fresh("patterns_by_burnside", float(PATTERNS), "a decimal", ("decimal", "whole", "int")),
    # 4. Burnside checked by listing
    Fresh("patterns_by_listing", counting(mirrors=False), "turns only", ("mirror", "reflect")),
    Fresh("patterns_by_listing", count_by_dividing, "the rows // 20: an integer division hiding the orbits",
          ("integer division", "//", "average", "divid", "orbit", "fixed")),
    Fresh("patterns_by_listing", counting(turns=False), "the mirror without the turns", ("turn", "rotat")),
    Fresh("patterns_by_listing", counting(turns=False, mirrors=False), "the different rows, no symmetry",
          ("ring", "turn", "mirror", "symmetr")),
    Fresh("patterns_by_listing", count_by_dividing_exactly, "rows / 10: a decimal", ("decimal", "whole", "int")),
    # 6. what the Voyante tells you
    Fresh("after_the_voyante", p_dresseuse(keep=()), "the Voyante's look ignored", ("voyante", "look", "seen",
                                                                                   "showed", "revealed")),
    Fresh("after_the_voyante", p_dresseuse(keep=(2,)), "the back at 4 ignored", ("both", "muscles", r"\b4\b",
                                                                                "two backs")),
    Fresh("after_the_voyante", p_dresseuse(keep=(4,)), "the back at 2 ignored", ("both", r"\b2\b", "two backs",
                                                                                "clown behind")),
    Fresh("after_the_voyante", 1 - VOYANTE, "the complement", ("complement", "1 -")),
    Fresh("after_the_voyante", float(VOYANTE), "a decimal", ("decimal", "exact", "float")),
    # 7. what a free look is worth
    Fresh("free_look", WITH_LOOK, "the chance with the look, not the difference",
          ("minus", "difference", "value of the look", "without")),
    Fresh("free_look", Fraction(1, 5) + Fraction(4, 5) * Fraction(1, 5) - WITHOUT,
          "1/5 at 6 whatever the look showed", ("four", "without replacement", "left", "given", "one fewer")),
    Fresh("free_look", Fraction(1, 5) + Fraction(4, 5) * Fraction(1, 4) - WITHOUT,
          "the Clown at 6 still a Voyante after a Voyante at 2",
          ("cannot be a voyante", "only one voyante", "no two", "cannot hide the same", "never hide the same")),
    Fresh("free_look", Fraction(0), "a free look is worth nothing", ("helps", "never", "zero", "worth")),
    Fresh("free_look", float(LOOK), "a decimal", ("decimal", "exact", "float")),
    Fresh("free_look", Fraction(float(LOOK)), "a Fraction made from a float", FROM_A_FLOAT),
    # 9. a turn that surely takes a poster
    Fresh("sure_poster", [flip(1)], "a lucky flip: the back at 1 never seen", ("every deal", "not seen", "sure",
                                                                              "lucky", "true deal", "some deals")),
    Fresh("sure_poster", [], "no move", ("empty", "no move")),
    Fresh("sure_poster", [swap(7, 8)], "one swap only: no poster yet", ("poster", "not take", "does not")),
    # 10. measure a match
    Fresh("measure_a_match", measuring(seats=(1, 0)), "the bot in seat 1, seat 0's wins counted", ("seat",),
          simulation=True),
    Fresh("measure_a_match", measuring(rng_use="global"), "the global random, not rng",
          ("rng", r"random\.random\(seed\)", "seed", "repeat"), simulation=True),
    Fresh("measure_a_match", measuring(rng_use="each"), "random.Random(seed) made again for every race",
          ("same seed", "once", "every race", "inside the loop", "each race", "one generator", "re-creat"),
          simulation=True),
    Fresh("measure_a_match", measuring(z=1.645), "a 90% Wilson interval", ("1.645", "90", "95%", "1.96",
                                                                          "confidence level"), simulation=True),
    Fresh("measure_a_match", measuring(z=1), "z = 1 in Wilson's interval", ("1.96", "68", r"\bz\b"),
          simulation=True),
    Fresh("measure_a_match", measuring(normal=True), "the normal interval, not Wilson's",
          ("wilson", "normal", "width", "sweep"), simulation=True),
    Fresh("measure_a_match", measuring(count=True), "the count of wins, not the share",
          ("count", "share", "divide by n", "number of wins", "wins"), simulation=True),
    # 11. a bot that beats the random bot
    Fresh("beats_random", bot_peeks, "flips unseen backs it tried on the true deal",
          ("true", "peek", "unseen", "back", "fair", "view", "cheat")),
    Fresh("beats_random", bot_global_random, "the global random, not rng", ("rng", "seed", "draw from", "global")),
    Fresh("beats_random", bot_random, "a random legal move: no better than random", (r"1/2", "interval",
                                                                                   "not clearly", "random")),
    Fresh("beats_random", bot_ends_its_turn, "END_TURN whatever the state", ("end_turn", "legal", "actions left",
                                                                            "refuse", "illegal")),
    Fresh("beats_random", bot_ignores_the_reward, "a swap when a Clowns' reward is asked",
          ("pending", "reward", "take_applause", "legal", "refuse", "illegal")),
    # the lesson's try-its
    Fresh("try_clown_after_a_look", Fraction(1, 5), "the look ignored: 1/5", ("look", "acrobate", "seen",
                                                                             "four left", "update")),
    Fresh("try_clown_after_a_look", Fraction(3, 4), "the complement", ("complement", "1 -")),
    Fresh("try_clown_after_a_look", LOOKED_DEALS // 4, "the count of deals with a Magicien at 2",
          ("count", "divide", "deals")),
    Fresh("try_clown_after_a_look", 0.25, "a decimal", ("decimal", "exact", "float")),
    Fresh("try_clown_after_a_look", Fraction(1, 2), "two ways round the rosace: 1/2", ("clown", "four", "rosace",
                                                                                     "artists")),
    Fresh("try_uncertainty_after_a_look", sympy.log(240, 2), "the bits before the look", ("look", "before",
                                                                                         r"\b240\b",
                                                                                         "still fit")),
    Fresh("try_uncertainty_after_a_look", LOOKED_DEALS, "the number of deals, not bits", ("bits", "log")),
    Fresh("try_uncertainty_after_a_look", sympy.log(LOOKED_DEALS), "the natural log", ("base 2", "log2", "natural",
                                                                                       r"\bln\b", r"log\(2\)")),
    Fresh("try_uncertainty_after_a_look", sympy.log(5, 2), "the value of the look, not what is left",
          ("left", "remain", "value of the look", "gained")),
    Fresh("try_uncertainty_after_a_look", math.log2(LOOKED_DEALS), "a decimal", ("decimal", "exact", "float")),
    Fresh("try_uncertainty_after_a_look", sympy.log(LOOKED_DEALS // 2, 2), "the rosace's two ways forgotten",
          ("rosace", "two ways", r"\b2\b")),
    Fresh("try_patterns_up_to_turning", (VOYANTE_ROWS + 5 * PER_MIRROR) // 20, "mirrors counted too",
          ("mirror", "turning only", "reflect")),
    Fresh("try_patterns_up_to_turning", VOYANTE_ROWS, "the rows", ("turn", "symmetr", "divid", "ring")),
    Fresh("try_patterns_up_to_turning", VOYANTE_ROWS // 20, "divided by 20 symmetries", (r"10 turns", "mirror",
                                                                                      r"\b20\b", "ten")),
    Fresh("try_patterns_up_to_turning", f(9), "ten different tokens", ("repeat", "same artist", "labels",
                                                                       "multiset", "alike")),
    Fresh("try_patterns_up_to_turning", VOYANTE_ROWS / 10, "a decimal", ("decimal", "whole", "int")),
]
