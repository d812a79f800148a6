"""Self-checks for the Flip Circus exercises (solutions/flip_circus.ipynb) and the lesson's try-it cells.

Each check explains a wrong answer without giving the right one. An exercise answered by a value is judged by its
key, salted digests of the answer and of its neighbouring choices' values (data/tutor.json, compiled from
solutions/tutor/flip_circus.py, which holds its catalogue of likely wrong answers, ``Mistake``); an exercise
answered by a function, a bot or a list of moves keeps its catalogue here. The positions the exercises use are data
here too (``DEALT``, ``PATTERN``, ``MIDGAME``, ``TURN``, ``RACE``): hand-made rings that the lesson does not show.
"""
from __future__ import annotations

import contextlib
import io
import math
import random
from collections import Counter
from typing import Any, cast

import sympy

from ..core.cases import function_key
from ..core.game import IllegalMove, Move, Policy, playout
from ..core.sim import wilson_interval
from ..core.teach import (
    DRAW_FROM_RNG,
    Checks,
    Exercise,
    Forbidden,
    Key,
    Mistake,
    WrongAnswer,
    call_student,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    correct,
    repeatable,
    simulation_of,
)
from ..core.tutor import Diagnosis
from .bots import greedy_bot, random_bot
from .rules import (
    ACROBATE,
    CLOWN,
    DRESSEUSE,
    MAGICIEN,
    MAKE_RETURN,
    MUSCLES,
    SIZE,
    TAKE_APPLAUSE,
    VOYANTE,
    FlipCircusOptions,
    FlipCircusState,
    PlayerView,
    flip,
    from_faces,
    new_game,
    swap,
)

__all__ = ["check", "DEALT", "PATTERN", "MIDGAME", "TURN", "RACE"]

C, A, M, V, MU, D = CLOWN, ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE

# ---------------------------------------------------------------------------------------------------------
# the positions of the exercises: (visible face, hidden face) place by place, 0 to 9 clockwise

DEALT_RING = [(C, MU), (A, M), (C, M), (A, D), (C, A), (V, M), (C, D), (V, MU), (C, V), (D, MU)]
DEALT = from_faces(DEALT_RING, actions_left=1, applause=(0, 5))
"""A ring as dealt (Clowns at the even places, nobody has looked): player 0 has one action left and the opponent
holds all five Applause, so the reserve is empty and a Clowns' group brings player 0 no extra action."""

PATTERN = [C] * 4 + [A] * 2 + [V] * 2 + [D] * 2
"""A face pattern that play can reach (one Clown token has been flipped): 4 Clowns, 2 Acrobates, 2 Voyantes and
2 Dresseuses."""

MIDGAME_RING = [(M, A), (C, M), (A, C), (V, M), (C, MU), (C, D), (MU, V), (D, MU), (V, C), (A, D)]
MIDGAME = from_faces(MIDGAME_RING)
"""A ring in the middle of a game (two Clown tokens show their artist); nobody has looked at any back."""

TURN_RING = [(MU, V), (C, MU), (MU, D), (C, V), (A, M), (C, D), (A, D), (M, V), (A, C), (C, M)]
TURN = from_faces(TURN_RING, known={0: [9]})
"""Player 0 to play two actions, no Applause; player 0 has looked at the back of the Clown at 9 before."""

RACE = FlipCircusOptions(posters_to_win=1)
"""The one-poster race: the first poster wins (quick games for measuring bots)."""

check = Checks("Flip Circus")


def _worlds(state: FlipCircusState | PlayerView, player: int = 0) -> Counter:
    from .odds import hidden_worlds

    return hidden_worlds(state, player) if isinstance(state, FlipCircusState) else hidden_worlds(state)


# ---------------------------------------------------------------------------------------------------------
# 1. counting the set-ups

# each value exercise's key is on the teacher's side (solutions/tutor/flip_circus.py: the answer as a function of
# the choices a student makes, its neighbouring choices and its catalogue), shipped as salted digests

@check.exercise(title="How many set-ups?", practises="the multiplication principle (orders and faces)",
                stars=1, minutes=5)
def setups(answer: Any, exercise: Exercise) -> str:
    """How many different rings the set-up can deal (which token where, which face up)."""
    return check_integer(answer, exercise.key, what="the number of set-ups")


# ---------------------------------------------------------------------------------------------------------
# 2. two Clowns' backs at DEALT

@check.exercise(title="Two Clowns' backs", practises="conditional probability without replacement",
                stars=1, minutes=5)
def two_clowns(answer: Any, exercise: Exercise) -> str:
    """At DEALT: P(an Acrobate behind the Clown at 2 and a Voyante behind the Clown at 6)."""
    return check_probability(answer, exercise.key, what="your probability")


# ---------------------------------------------------------------------------------------------------------
# 3. Burnside by hand

@check.exercise(title="Face patterns by Burnside's lemma", practises="Burnside's lemma on the ten symmetries "
                "of turning and ten of mirroring", stars=2, minutes=15)
def patterns_by_burnside(answer: Any, exercise: Exercise) -> str:
    """How many face patterns PATTERN makes up to turning and mirroring the ring."""
    return check_integer(answer, exercise.key, what="the number of patterns")


# ---------------------------------------------------------------------------------------------------------
# 4. Burnside checked by listing

PATTERNS = function_key(__package__, "patterns_by_listing")


@check.exercise(title="Burnside checked by listing", practises="checking a count by enumeration: one "
                "representative per ring (orbit)", stars=2, minutes=15, model=PATTERNS, mistakes=[])
def patterns_by_listing(function: Any, exercise: Exercise) -> str:
    """A function count_patterns(labels): the patterns of these labels round a ring, up to turning and mirroring,
    counted by listing."""
    from . import odds  # the kit's own counts, by Burnside's lemma: the exercise asks for a listing

    listing = Forbidden([odds.count_rings, odds.burnside_terms], say="count by listing the rows yourself rather "
                           "than calling the kit's count_rings")
    return check_function(function, exercise.model, PATTERNS, name="count_patterns", forbid=listing,
                          success="it agrees with Burnside's count on every ring tried")


check.written("why_burnside_counts_orbits", title="Why Burnside counts each ring once",
              practises="explaining Burnside's lemma: fixed points, stabilisers and orbits", stars=2, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 5. a Bayesian update after the Voyante's look

@check.exercise(title="What the Voyante tells you", practises="Bayesian updating of hidden information: "
                "counting the deals that fit an observation", stars=3, minutes=25)
def after_the_voyante(answer: Any, exercise: Exercise) -> str:
    """At MIDGAME, after the Voyante at 3 shows player 0 the backs at 2 and 4: P(a Dresseuse behind the Clown at 1)."""
    return check_probability(answer, exercise.key, what="your probability")


# ---------------------------------------------------------------------------------------------------------
# 6. the value of a free look

@check.exercise(title="What a free look is worth", practises="the value of information: the best chance "
                "with a look minus the best chance without", stars=2, minutes=15)
def free_look(answer: Any, exercise: Exercise) -> str:
    """At DEALT (one action left): how much the best free look raises player 0's best chance of a poster."""
    return check_probability(answer, exercise.key, what="the value of the look")


check.written("why_a_free_look_never_hurts", title="Why a free look never hurts",
              practises="the value of information is never negative", stars=2, minutes=10)


# ---------------------------------------------------------------------------------------------------------
# 7. a turn that surely takes a poster: it must work in every deal the player cannot rule out

ONLY_THE_TRUE_DEAL = ("it takes a poster in the true deal, but not in every deal player 0 cannot rule out: it "
                      "relies on a back player 0 has not seen")
ONLY_SOME_DEALS = "it takes a poster in only some of the deals player 0 cannot rule out; a sure turn works in all"
NO_DEAL = "these moves take no poster in any deal player 0 cannot rule out"


def _in_world(state: FlipCircusState, backs: tuple) -> FlipCircusState:
    """The same position with these hidden faces (what each player knows stays the same places)."""
    known = {p: [i for i in range(SIZE) if state.knows_back(p, i)] for p in range(state.options.players)}
    return from_faces(list(zip(state.faces, backs)), options=state.options, player=state.player,
                      actions_left=state.actions_left, applause=state.applause, posters=state.posters, known=known)


def _play_turn(state: FlipCircusState, moves: list) -> tuple:
    """('poster', k), ('illegal', k, move, why), ('ended', k) or ('short', k): what the moves do in this deal."""
    team, player, before = state.team, state.player, len(state.posters[state.team])
    for k, move in enumerate(moves, 1):
        try:
            state = state.play(move)
        except IllegalMove as error:
            return ("illegal", k, move, str(error))
        if len(state.posters[team]) > before:
            return ("poster", k)
        if state.is_over() or state.player != player:
            return ("ended", k)
    return ("short", len(moves))


def _as_moves(answer: Any) -> list:
    if answer is None or answer is Ellipsis:
        raise WrongAnswer("your list of moves is still empty: replace the stub with your answer")
    if isinstance(answer, Move):
        answer = [answer]
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)) or \
            not all(isinstance(m, Move) for m in answer):
        raise WrongAnswer("give a list of moves such as [swap(3, 4), flip(7)]")
    if not answer:
        raise WrongAnswer("your list of moves is empty: a turn needs at least one action")
    return list(answer)


@check.exercise(title="A turn that surely takes a poster", practises="reasoning over every deal you cannot rule "
                "out (not the true one)", stars=2, minutes=15, mistakes=[
                    Mistake([flip(1)], ONLY_THE_TRUE_DEAL),
                    Mistake([flip(8), flip(9)], ONLY_SOME_DEALS),
                    Mistake([swap(4, 5), swap(7, 8)], "first choose the Clowns' reward"),
                    Mistake([swap(0, 1), flip(1)], "an ordinary swap cannot move him"),
                    Mistake([swap(5, 6), swap(6, 7)], NO_DEAL),
                ])
def sure_poster(answer: Any, exercise: Exercise) -> str:
    """A list of moves for player 0 at TURN that takes a poster in every deal player 0 cannot rule out."""
    moves = _as_moves(answer)
    worlds = _worlds(TURN)
    total = sum(worlds.values())
    works = sum(n for backs, n in worlds.items() if _play_turn(_in_world(TURN, backs), moves)[0] == "poster")
    if works == total:
        return correct(f"a poster in all {total} deals player 0 cannot rule out")
    truth = _play_turn(TURN, moves)
    if truth[0] == "poster":
        raise WrongAnswer(f"{ONLY_THE_TRUE_DEAL} (it works in {works} of the {total})")
    if works:
        raise WrongAnswer(f"{ONLY_SOME_DEALS} ({works} of {total})")
    if truth[0] == "illegal":
        _, k, move, why = truth
        raise WrongAnswer(f"move {k} ({move}) is not allowed: {why}")
    ended = " (the turn ends before the moves run out)" if truth[0] == "ended" and truth[1] < len(moves) else ""
    raise WrongAnswer(f"{NO_DEAL}{ended}: look for three neighbours that can be made to show one artist without "
                      "relying on an unseen back")


# ---------------------------------------------------------------------------------------------------------
# 8. measuring a match with a confidence interval

MEASURE_GAMES = 100
"""Races of random_bot against itself that the check asks for: seat 0 wins half of them, by symmetry (the first
player is drawn at random and the two bots are the same), so the long-run share is exactly 1/2 and one race's
spread sqrt(1/2 x 1/2) = 1/2."""
SEAT_GAMES = 12


def _race_share(bot, opponent, n, seed, *, count_seat=0, divide=None, z=1.96, rng=None):
    rng = rng or random.Random(seed)
    wins = sum(playout(_new_race(rng), rng, [bot, opponent]).winner == count_seat for _ in range(n))
    share = wins / n
    half = z * math.sqrt(share * (1 - share) / (divide(n) if divide else n))
    return share, (share - half, share + half)


def _new_race(rng: random.Random) -> FlipCircusState:
    return new_game(RACE, rng=rng)


def _typed_in(bot, opponent, n, seed):
    return (0.37, (0.33, 0.42))


def _narrow(bot, opponent, n, seed):
    return _race_share(bot, opponent, n, seed, divide=lambda n: n * n)


def _wide(bot, opponent, n, seed):
    return _race_share(bot, opponent, n, seed, divide=lambda n: 1)  # the spread not divided by sqrt(n)


_SHARED_RNG = random.Random(2025)  # its first two runs of 100 races differ (tested)


def _unseeded(bot, opponent, n, seed):
    """One generator made once, outside the function: each call goes on with it, whatever the seed."""
    return _race_share(bot, opponent, n, seed, rng=_SHARED_RNG)


def _other_seat(bot, opponent, n, seed):
    return _race_share(bot, opponent, n, seed, count_seat=1)


def _not_wilson(result: Any, n: int) -> str:
    """What is wrong with a measured interval of n races that is not Wilson's for its share ("" when it is, or
    when the share is no share of n races, which the check judges elsewhere)."""
    try:
        share, (low, high) = float(result[0]), (float(v) for v in result[1])
    except (TypeError, ValueError, IndexError):
        raise WrongAnswer("measure should return (share, (low, high)), three numbers") from None
    wins = round(share * n)
    if abs(wins - share * n) > 1e-6 or not 0 <= wins <= n:
        return ""

    def near(interval: tuple[float, float]) -> bool:
        return abs(low - interval[0]) <= 1e-6 and abs(high - interval[1]) <= 1e-6

    if near(wilson_interval(wins, n)) or near(wilson_interval(wins, n, 1.96)):  # z as the exercise writes it, or exact
        return ""
    half = 1.96 * math.sqrt(share * (1 - share) / n)
    if near((share - half, share + half)) or near((max(0.0, share - half), min(1.0, share + half))):
        return ("that is the normal interval, share ± 1.96 standard errors, where Wilson's is asked: after a clean "
                "sweep of the races the normal interval has no width at all, Wilson's keeps one")
    return ("the interval is not Wilson's: with z = 1.96 and p the share of n races, its centre is "
            "(p + z²/2n)/(1 + z²/n) and its half-width z/(1 + z²/n)·sqrt(p(1 - p)/n + z²/4n²)")


@check.exercise(title="Measure a match", practises="a 95% confidence interval from a simulation of games",
                stars=2, minutes=15, mistakes=[
                    Mistake((0.37, (0.33, 0.42)), "a number typed in cannot be checked: write the function that "
                                                  "plays the races, so the check can run it with its own seeds"),
                    Mistake(_typed_in, "gives the same result for two different seeds"),
                    Mistake(_narrow, "you divided the standard deviation by n"),
                    Mistake(_wide, "your interval does not shrink as n grows"),
                    Mistake(_unseeded, "gives different results for the same seed"),
                    Mistake(_other_seat, "counts the games the opponent wins"),
                ])
def measure_a_match(function: Any, exercise: Exercise) -> str:
    """A function measure(bot, opponent, n, seed) -> (share of the n races bot wins, (low, high))."""
    if not callable(function):
        return check_simulation(function, simulation_of(exercise), n=MEASURE_GAMES, name="measure",
                                mistakes=exercise.mistakes)

    def random_against_random(n, seed):
        return function(random_bot, random_bot, n, seed)

    with contextlib.redirect_stdout(io.StringIO()):  # its success line waits for the second test below
        check_simulation(random_against_random, simulation_of(exercise), n=MEASURE_GAMES, seeds=(11, 12),
                         name="measure", unit="races", mistakes=exercise.mistakes)
    result = call_student(function, greedy_bot, random_bot, SEAT_GAMES, 5, name="measure")
    try:
        share = float(result[0])
    except (TypeError, ValueError, IndexError):
        raise WrongAnswer("measure should return (share, (low, high)), three numbers") from None
    if share < 0.5:
        raise WrongAnswer("measure(greedy_bot, random_bot, ...) says the greedy bot loses most races: your share "
                          "counts the games the opponent wins; count the races the first bot (seat 0) wins")
    # at 1/2 the two intervals are all but the same width; near a sweep, as greedy_bot's share is, they are not
    fault = _not_wilson(result, SEAT_GAMES)
    if fault:
        raise WrongAnswer(f"measure(greedy_bot, random_bot, {SEAT_GAMES}, 5): {fault}")
    return correct("random_bot against itself is even, and the interval has the right width")


# ---------------------------------------------------------------------------------------------------------
# 9. a bot that beats the random bot, shown with an interval

BOT_GAMES = 60
BOT_SEED = 2026
PEEKED = "your bot's choice depends on backs the player has not seen"


def _peek_pairs() -> list[tuple[FlipCircusState, FlipCircusState]]:
    """Positions and the same positions with other hidden faces (the same view for the player to move)."""
    true = from_faces(TURN_RING, options=RACE, known={0: [9]})
    other = list(TURN_RING)
    other[1], other[3] = (C, V), (C, MU)  # the Clown tokens at 1 and 3 exchanged
    near = [(A, M), (C, A), (A, D), (C, M), (M, V), (C, V), (V, MU), (C, MU), (MU, D), (C, D)]
    near_other = list(near)
    near_other[1], near_other[3] = (C, M), (C, A)
    return [(true, from_faces(other, options=RACE, known={0: [9]})),
            (from_faces(near, options=RACE), from_faces(near_other, options=RACE))]


def _peeking_bot(state, rng):
    """Tries each move with state.play and keeps one that takes a poster: play flips with the true back."""
    if state.pending:
        return TAKE_APPLAUSE if state.is_legal(TAKE_APPLAUSE) else MAKE_RETURN
    moves = state.legal_moves()
    for move in moves:
        if move.name in ("swap", "flip", "power") and state.play(move).posters != state.posters:
            return move
    return rng.choice(moves)


def _unseeded_bot(state, rng):
    return random.choice(state.legal_moves())


def _end_turn_bot(state, rng):
    from .rules import END_TURN

    return END_TURN


def _flips_only_bot(state, rng):
    """Always flips (and so has nothing to choose from once the actions are spent)."""
    return rng.choice([move for move in state.legal_moves() if move.name == "flip"])


def _bot_move(bot, state: FlipCircusState, seed: int):
    move = call_student(bot, state, random.Random(seed), name="your bot")
    if not isinstance(move, Move):
        raise WrongAnswer(f"your bot returned {type(move).__name__}, not a move: return one of "
                          "state.legal_moves()")
    return move


@check.exercise(title="A bot that beats the random bot", practises="writing a bot and measuring it against "
                "another with a confidence interval", stars=3, minutes=25, mistakes=[
                    Mistake(random_bot, "its 95% interval still contains 1/2"),
                    Mistake(_peeking_bot, PEEKED),
                    Mistake(_unseeded_bot, "draw from rng, so that your run can be repeated"),
                    Mistake(_end_turn_bot, "your bot played an illegal move"),
                    Mistake(_flips_only_bot, "raised IndexError"),
                ])
def beats_random(bot: Any, exercise: Exercise) -> str:
    """A policy bot(state, rng) that wins the one-poster race against random_bot clearly more than half the time."""
    if bot is None or bot is Ellipsis:
        raise WrongAnswer("your bot is still empty: write a function bot(state, rng) that returns a move")
    if not callable(bot):
        raise WrongAnswer(f"a bot is a function bot(state, rng) that returns a legal move, not "
                          f"{type(bot).__name__}")
    pairs = _peek_pairs()
    start = pairs[0][0]
    first = _bot_move(bot, start, 7)
    if not repeatable(lambda: _bot_move(bot, start, 7)) or any(_bot_move(bot, start, 7) != first for _ in range(5)):
        raise WrongAnswer(f"your bot chooses differently with the same rng: {DRAW_FROM_RNG} (rng.choice, "
                          "rng.random)")
    for true, other in pairs:
        for seed in (1, 2, 3):
            if _bot_move(bot, true, seed) != _bot_move(bot, other, seed):
                raise WrongAnswer(f"{PEEKED}: two deals that look the same to the player got different moves "
                                  "(state.play and state.backs use the true deal; decide from "
                                  "state.view(state.player))")
    rng = random.Random(BOT_SEED)
    wins = 0

    def player(state, rng):
        return call_student(bot, state, rng, name="your bot")

    for _ in range(BOT_GAMES):
        try:
            final = cast(FlipCircusState, playout(_new_race(rng), rng, [player, cast(Policy, random_bot)],
                                                  max_steps=3_000))
        except IllegalMove as error:
            raise WrongAnswer(f"your bot played an illegal move: {error}") from None
        except RuntimeError:
            raise WrongAnswer("a race with your bot never ended: does it keep undoing its own moves?") from None
        wins += final.winner == 0
    low, high = wilson_interval(wins, BOT_GAMES)
    if low > 0.5:
        return correct(f"your bot won {wins} of {BOT_GAMES} races; 95% interval {low:.2f} to {high:.2f}, above 1/2")
    raise WrongAnswer(f"your bot won {wins} of {BOT_GAMES} races: its 95% interval still contains 1/2 "
                      f"({low:.2f} to {high:.2f}), so it is not shown to be better than random")


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells (notebooks/05_flip_circus.ipynb): they may use the lesson's own ring

LESSON_SETUP = [(C, A), (A, M), (C, M), (M, V), (C, V), (V, MU), (C, MU), (MU, D), (C, D), (D, A)]
"""The lesson's dealt ring (SETUP there): Clowns at the even places, the rosace tokens all turned the same way."""


@check.exercise(title="Try it: a Clown's back after a look", practises="conditional probability: a look uses up "
                "one artist", stars=1, minutes=3, try_it=True)
def try_clown_after_a_look(answer: Any, exercise: Exercise) -> str:
    """The lesson's ring, after a look shows an Acrobate behind the Clown at 0: P(a Magicien behind the Clown at 2)."""
    return check_probability(answer, exercise.key, what="your probability")


def _bits_answer(answer: Any, key: Key, what: str, success: str) -> str:
    """An amount of information given as a sympy expression (a logarithm, say), compared with its key: the value's
    digest, an exact number written any way (log2 48 = 4 + log2 3) reading the same."""
    if answer is None or answer is Ellipsis:
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, (bool, str, bytes)):
        raise WrongAnswer(f"{what} should be a number of bits as a sympy expression, such as sympy.log(8, 2)")
    if isinstance(answer, (float, complex)) or type(answer).__module__ == "numpy" and \
            getattr(answer, "dtype", None) is not None and answer.dtype.kind in "fc":
        raise _decimal(f"{what} is a decimal: give it exactly, with sympy.log(..., 2)")
    try:
        value = sympy.sympify(answer, strict=True)
    except (sympy.SympifyError, TypeError, ValueError, AttributeError):
        raise WrongAnswer(f"{what} has type {type(answer).__name__}; give a sympy expression such as "
                          "sympy.log(8, 2)") from None
    if not isinstance(value, sympy.Expr) or value.free_symbols:
        raise WrongAnswer(f"{what} should be one number of bits, such as sympy.log(8, 2)")
    if value.has(sympy.Float):
        raise _decimal(f"{what} contains a decimal (a sympy Float): give it exactly, with sympy.log(..., 2)")
    if abs(complex(sympy.N(value, 15))) > 1e6:  # no deal count of the ring comes near: no need to work it out
        raise WrongAnswer(f"{what} is not right yet: count the deals that remain, equally likely")
    if key.matches(value):
        return correct(success)
    found = key.known(value)
    if found is not None:
        wrong = WrongAnswer(f"{what} ({value}) is not right yet: {found.hint}")
        wrong.found = found
        raise wrong
    raise WrongAnswer(f"{what} ({value}) is not right yet: count the deals that remain, equally likely")


def _decimal(message: str) -> WrongAnswer:
    """A decimal where an exact amount is asked: the kit-wide family, named as such."""
    wrong = WrongAnswer(message)
    wrong.found = Diagnosis("family-decimal", message)
    return wrong


@check.exercise(title="Try it: the uncertainty left after a look", practises="entropy in bits: log2 of the "
                "number of equally likely deals", stars=1, minutes=3, try_it=True)
def try_uncertainty_after_a_look(answer: Any, exercise: Exercise) -> str:
    """The lesson's ring: the uncertainty (bits) about all the backs after a look behind the Clown at 0."""
    return _bits_answer(answer, cast(Key, exercise.key), "your uncertainty",
                        "the look leaves one deal in five: log2 5 bits learnt")


@check.exercise(title="Try it: face patterns up to turning", practises="Burnside's lemma with the turns only",
                stars=1, minutes=5, try_it=True)
def try_patterns_up_to_turning(answer: Any, exercise: Exercise) -> str:
    """Face patterns of 5 Clowns, 2 Acrobates, 2 Magiciens and 1 Voyante, up to turning only."""
    return check_integer(answer, exercise.key, what="the number of patterns")
