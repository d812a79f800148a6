"""Self-checks for the Flip Circus exercises (solutions/flip_circus.ipynb): each explains a wrong answer
without giving the right one."""
from __future__ import annotations

from fractions import Fraction

import sympy

from ..core.game import IllegalMove, Move
from ..core.sim import tournament
from ..core.teach import Checks, WrongAnswer, check_integer, check_probability, correct
from .bots import random_bot
from .graphs import swap_distance
from .rules import ACROBATE, CLOWN, DRESSEUSE, MAGICIEN, MUSCLES, VOYANTE, from_faces, new_game

__all__ = ["check", "SETUP_RING", "NEAR_RING", "RING_A", "RING_B", "FACE_PATTERN"]

C, A, M, V, MU, D = CLOWN, ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE
# a ring as dealt: Clowns at even places, the five other tokens between them (visible face first)
SETUP_RING = [(C, A), (A, M), (C, M), (M, V), (C, V), (V, MU), (C, MU), (MU, D), (C, D), (D, A)]
# two Acrobates around the Clown at 1, whose back (an Acrobate) player 0 has seen
NEAR_RING = [(A, M), (C, A), (A, D), (C, M), (M, V), (C, V), (V, MU), (C, MU), (MU, D), (C, D)]
RING_A = (0, 1, 2, 3, 4, 5)
RING_B = (4, 5, 2, 3, 0, 1)
FACE_PATTERN = [C] * 5 + [A, A, M, M, V]

check = Checks("Flip Circus")


@check.register
def rings_up_to_rotation(answer) -> str:
    """How many different rings the ten (distinct) tokens make, when turning the ring changes nothing."""
    return check_integer(answer, 362880, what="the number of rings", mistakes={
        3628800: "that is 10!, every row; turning the ring gives the same ring, and each ring has 10 turns",
        181440: "that also counts a ring and its mirror image as one; here only turning is allowed",
        9: "that is the number of turns... count arrangements: fix one token and arrange the other nine",
    })


@check.register
def face_patterns_with_symmetry(answer) -> str:
    """Visible patterns of 5 Clowns, 2 Acrobates, 2 Magiciens, 1 Voyante, up to turning and mirroring."""
    return check_integer(answer, 384, what="the number of patterns", mistakes={
        7560: "that counts every row; turning and mirroring make many rows the same ring",
        756: "that is up to turning only; mirror images must be counted once too",
        378: "dividing by 20 forgets the patterns a mirror leaves unchanged: use Burnside's lemma",
    })


@check.register
def back_of_the_acrobate(answer) -> str:
    """At the dealt ring SETUP_RING, knowing nothing, P(a Magicien is behind the Acrobate at place 1)."""
    return check_probability(answer, Fraction(1, 2), what="P(Magicien behind place 1)", mistakes={
        Fraction(1, 5): "the token at 1 is not a Clown token (those all lie Clown up): only two artists fit",
        Fraction(1, 3): "three faces show an Acrobate, but the Clown/Acrobate token is among the Clowns",
        Fraction(1, 6): "only artists sharing a token with the Acrobate can be behind it",
    })


@check.register
def value_of_a_look(answer) -> str:
    """The expected information (in bits, exactly) of a look behind a Clown at the dealt ring SETUP_RING."""
    if answer is None or answer is Ellipsis:
        raise WrongAnswer("your answer is still empty: replace the stub with your answer")
    if isinstance(answer, float):
        raise WrongAnswer("give the value exactly, with sympy (for example sympy.log(3, 2)), not as a decimal")
    try:
        value = sympy.sympify(answer)
    except (sympy.SympifyError, TypeError):
        raise WrongAnswer(f"your answer has type {type(answer).__name__}; give a sympy expression") from None
    expected = sympy.log(5, 2)
    if sympy.simplify(value - expected) == 0:
        return correct("five equally likely artists: log2(5) bits")
    if sympy.simplify(value - 5) == 0:
        raise WrongAnswer("5 is the number of possible artists; the information is its logarithm in base 2")
    if sympy.simplify(value - sympy.log(5)) == 0:
        raise WrongAnswer("that is in nats (natural log); the value in bits uses log base 2")
    if value.is_number and (value < 0):
        raise WrongAnswer("information is never negative")
    raise WrongAnswer(f"{value} is not right yet: list what can be behind a Clown and how likely each is")


@check.register
def swap_distance_between_rings(answer) -> str:
    """The fewest neighbour swaps (round the ring) turning RING_A into RING_B."""
    linear = sum(1 for i in range(6) for j in range(i + 1, 6) if RING_B.index(RING_A[i]) > RING_B.index(RING_A[j]))
    return check_integer(answer, swap_distance(RING_A, RING_B), what="the number of swaps", mistakes={
        linear: "that is the count for a row; on a ring the last and the first place are neighbours too",
    })


@check.register
def winning_turn(answer) -> str:
    """A list of moves for player 0 at NEAR_RING (back of place 1 known) that takes a poster for sure."""
    if answer is None or answer is Ellipsis:
        raise WrongAnswer("your list of moves is still empty: replace the stub with your answer")
    if isinstance(answer, Move):
        answer = [answer]
    if not isinstance(answer, (list, tuple)) or not all(isinstance(m, Move) for m in answer):
        raise WrongAnswer("give a list of moves such as [swap(3, 4), flip(7)]")
    state = from_faces(NEAR_RING, known={0: [1]})
    for k, move in enumerate(answer, 1):
        try:
            state = state.play(move)
        except IllegalMove as error:
            raise WrongAnswer(f"move {k} ({move}) is not allowed: {error}") from None
        if state.posters[0]:
            return correct(f"poster {state.posters[0][0]} in {k} move(s)")
        if state.player != 0:
            raise WrongAnswer(f"your turn ended after move {k} without a poster")
    raise WrongAnswer("these moves take no poster: look for three neighbours that could show the same artist")


@check.register
def bot_beats_random(bot) -> str:
    """A policy bot(state, rng) that wins clearly more than half its games against the random bot."""
    if bot is None or bot is Ellipsis:
        raise WrongAnswer("your bot is still empty: write a function bot(state, rng) returning a move")
    if not callable(bot):
        raise WrongAnswer("a bot is a function bot(state, rng) that returns a legal move")
    games = 40
    try:
        result = tournament(lambda rng: new_game(rng), [bot, random_bot], games, 2026,
                            winner=lambda s: s.winner, show_progress=False)
    except IllegalMove as error:
        raise WrongAnswer(f"your bot played an illegal move: {error}") from None
    except (ValueError, TypeError) as error:
        raise WrongAnswer(f"your bot raised {type(error).__name__}: {error}") from None
    except RuntimeError:
        raise WrongAnswer("a game with your bot never ended: does it keep undoing its own moves?") from None
    wins = result.counts.get(0, 0)
    if wins >= 26:  # 65%: a coin-flipping bot reaches this less than 5% of the time
        return correct(f"your bot won {wins} of {games} games")
    raise WrongAnswer(f"your bot won {wins} of {games} games; it needs 26 to show it is really better than chance")
