"""Self-checks of the Scout exercises (solutions/scout.ipynb): ``check.<name>(answer)``."""
from __future__ import annotations

import random
from math import comb, perm

from ..core.teach import Checks, WrongAnswer, check_collection, check_integer, check_probability, correct
from .bots import random_bot
from .odds import mini_deck, set_somewhere_probability
from .rules import Scout, ScoutAndShow, Show, _shows, beats, legal_shows, new_game, set_key

__all__ = ["check", "SHOW_HAND", "BEATS_PAIRS"]

check = Checks("Scout")

SHOW_HAND = [5, 4, 3, 3, 8]
"""The hand of the 'list the shows' exercise (numbers facing up, left to right)."""

BEATS_PAIRS = [
    ([5], [4]), ([4], [5]), ([3, 3], [9, 8]), ([9, 8], [3, 3]), ([1, 2, 3], [9, 9]), ([6, 7], [5, 6]),
    ([6, 7], [7, 6]), ([2, 2], [2, 2]), ([4, 3, 2], [1, 2, 3]), ([7], [7]), ([5, 5, 5], [6, 7, 8]),
    ([1, 2], [10]), ([8, 8], [9, 9]), ([3, 4, 5, 6], [9, 9, 9]), ([2, 3], [3, 2]), ([10, 10], [1, 1]),
]


@check.register
def three_player_deck(answer) -> str:
    """The number of cards used in a 3-player game (the nine cards with a 10 are removed)."""
    return check_integer(answer, comb(9, 2), what="the number of cards", mistakes={
        45: "that is the whole deck: the cards that carry a 10 are taken out with 3 players",
        44: "with 3 players every card that carries a 10 goes, not just the 9/10 card",
        35: "count the cards with a 10: 10 pairs with each of 1 to 9, that is nine cards",
        72: "each card is an unordered pair: {3, 7} and {7, 3} are the same card",
    })


@check.register
def four_player_hands(answer) -> str:
    """How many different hands of 11 a 4-player deal can give, in hand order and with each card's way up."""
    n, h = 44, 11
    return check_integer(answer, perm(n, h) * 2 ** h, what="the number of hands", mistakes={
        comb(n, h) * 2 ** h: "a Scout hand cannot be reordered, so the order of the cards matters",
        perm(n, h): "each card can also be held either way up (2 ways per card)",
        comb(n, h): "the order matters, and each card can be either way up",
        perm(45, h) * 2 ** h: "with 4 players the 9/10 card is taken out: 44 cards",
        n ** h * 2 ** h: "a card cannot be dealt twice: the choices shrink by one each card",
        perm(n, h) * 2 ** h // 2: "that counts a hand and its flipped version once; the question counts both",
    })


@check.register
def shows_of_hand(answer) -> str:
    """Every show the hand 5 4 3 3 8 can open with, as (start, stop) slices."""
    if answer is not None and not isinstance(answer, (str, bytes)):
        try:
            items = list(answer)
        except TypeError:
            items = None
        if items is not None:
            for item in items:
                if not (isinstance(item, tuple) and len(item) == 2 and all(isinstance(x, int) for x in item)):
                    raise WrongAnswer(f"each show is a slice (start, stop) of the hand, like (0, 2); {item!r} is not")
            bad = [s for s in items if set_key(SHOW_HAND[s[0]:s[1]]) is None]
            if bad:
                raise WrongAnswer(f"{bad[0]} is not a set: hand[{bad[0][0]}:{bad[0][1]}] = "
                                  f"{SHOW_HAND[bad[0][0]:bad[0][1]]}")
    return check_collection(answer, legal_shows(SHOW_HAND), what="your list of shows",
                            success="a hand of 5 cards allows this many shows on an empty table")


@check.register
def my_beats(function) -> str:
    """A function beats(a, b): whether the set a beats the set b."""
    if not callable(function):
        raise WrongAnswer("pass your function itself (my_beats, without brackets)")
    for a, b in BEATS_PAIRS:
        try:
            got = function(list(a), list(b))
        except NotImplementedError:
            raise
        except Exception as error:
            raise WrongAnswer(f"your function raised {type(error).__name__} on {a} against {b}: {error}") from None
        if not isinstance(got, bool):
            raise WrongAnswer(f"your function should answer True or False, not {got!r}")
        if got != beats(a, b):
            reason = ("think about which is bigger first: the number of cards" if len(a) != len(b) else
                      "at equal size, a match beats a run" if (set_key(a)[1] != set_key(b)[1]) else
                      "equal sets do not beat each other" if set_key(a) == set_key(b) else
                      "at equal size and kind, compare the smallest numbers")
            raise WrongAnswer(f"{a} against {b}: your function says {got}; {reason}")
    return correct("your function agrees with the rules on every test pair")


@check.register
def run_of_three(answer) -> str:
    """P(a 3-card hand dealt from the mini deck 1..4 is a run, as held)."""
    expected = set_somewhere_probability(3, mini_deck(4), 3, kind="run")
    return check_probability(answer, expected, what="P(a run of 3)", mistakes={
        set_somewhere_probability(3, mini_deck(4), 3, kind="any"): "a match counts as a set but not as a run",
        set_somewhere_probability(3, mini_deck(4), 3, kind="run") / 2: "a run may go up or down",
    })


@check.register
def greedy(policy) -> str:
    """A greedy bot: the biggest show it can make, else any scout."""
    if not callable(policy):
        raise WrongAnswer("pass your policy function itself (my_greedy, without brackets)")
    rng = random.Random(7)
    positions = 0
    for game in range(6):
        state = new_game(3, rounds=1)
        while not state.is_over():
            if state.current_player >= 0 and state.phase == "play":
                move = policy(state, random.Random(game))
                if not state.is_legal(move):
                    raise WrongAnswer(f"your bot chose {move}, which is illegal here: {state.why_illegal(move)}")
                values = [c[0] for c in state.hands[state.turn]]
                table_key = set_key([c[0] for c in state.table]) if state.table else None
                shows = _shows(values, table_key)
                if shows:
                    best = max(set_key(values[i:j]) for i, j in shows)
                    if not isinstance(move, Show) or set_key(values[move.start:move.stop]) != best:
                        raise WrongAnswer(f"with hand {values} against {[c[0] for c in state.table]}, your bot "
                                          f"played {move}; the greedy bot plays the biggest show it can")
                elif not isinstance(move, (Scout, ScoutAndShow)):
                    raise WrongAnswer("when no show beats the table the bot must scout")
                positions += 1
                state = state.play(move)
            elif state.phase == "deal":
                outcomes = state.chance_outcomes()
                state = state.play(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state = state.play(random_bot(state, rng))
    return correct(f"your greedy bot chose well in {positions} positions")
