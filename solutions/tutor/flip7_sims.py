"""Flip 7's simulation on the teacher's side: the one-step counting bot's share of heads-up games to 200 against
'stop at 18' (seat 0, the dealer alternating), and the games students simulate instead; the long-run shares
measured once by a big seeded run (MEASURED); the reference bot, and the catalogue of wrong simulations."""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Neighbour, Simulation, teacher_module
from circuslib.flip7.bots import Bot, StopAtSum, play_game
from circuslib.flip7.checks import OPPONENT
from circuslib.flip7.rules import CARDS

__all__ = ["SIMULATIONS", "TRIALS", "MEASURED", "game_won", "OneStepCounter", "play"]

_functions = teacher_module("flip7", "functions")
assert _functions is not None, "solutions/tutor/flip7_functions.py is beside this file"
gain = _functions.gain
"""The gain of one more card, counted on the cards left: the gain exercise's reference, which the bot follows."""


class OneStepCounter(Bot):
    """Hits while one more card, counted on the cards actually left, gains points on average."""

    name = "one-step counter"

    def wants_hit(self, hand, deck) -> bool:
        return gain(hand.numbers, dict(zip(CARDS, deck))) > 0


def play(n: int, seed: int) -> list[int]:
    """The winners of n games of the one-step counter (seat 0) against 'stop at 18', the dealer alternating."""
    rng = random.Random(seed)
    bots = [OneStepCounter(), OPPONENT]
    return [play_game(bots, rng, dealer=i % 2).winner() for i in range(n)]


def game_won(opponent: Bot | None = None, *, seat: int = 0, alternate: bool = True) -> Callable[[random.Random], bool]:
    """One game as a trial (the dealer alternating from game to game): whether ``seat`` wins it."""
    games = itertools.count()
    bots = [OneStepCounter(), opponent or StopAtSum(18)]

    def trial(rng: random.Random) -> bool:
        dealer = next(games) % 2 if alternate else 0
        return play_game(bots, rng, dealer=dealer).winner() == seat
    return trial


TRIALS: dict[str, Callable[[random.Random], bool]] = {
    "truth": game_won(),
    "other seat": game_won(seat=1),
    "same dealer": game_won(alternate=False),
    "stop at 20": game_won(StopAtSum(20)),
}
MEASURED: dict[str, float] = {  # seeded runs of TRIALS: the truth 50,000 games from random.Random(20261), the
    # neighbours 6,000 from random.Random(2026) (standard error 0.006)
    "truth": 0.6637,
    "same dealer": 0.6548,  # too near the truth to tell in a student's few seconds: not among the neighbours
    "stop at 20": 0.6105,
}


# the catalogue: simulations students write with one slip each

def _sim_narrow(n, seed):
    wins = play(n, seed).count(0)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p)) / n
    return p, (p - half, p + half)


def _sim_other_seat(n, seed):
    wins = play(n, seed).count(1)
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


def _sim_no_seed(n, seed):
    rng = random.Random()
    bots = [OneStepCounter(), OPPONENT]
    wins = sum(play_game(bots, rng, dealer=i % 2).winner() == 0 for i in range(n))
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


def _sim_constant(n, seed):
    return 0.66, (0.61, 0.71)


SIMULATIONS: dict[str, Simulation] = {
    "bot_against_stop_at": Simulation(
        value=MEASURED["truth"], spread=math.sqrt(MEASURED["truth"] * (1 - MEASURED["truth"])),
        neighbours=[  # a game always has a winner: the other seat's share is the complement
            Neighbour("that is the share of 'stop at 18' (seat 1): count the games your bot, in seat 0, wins",
                      value=1 - MEASURED["truth"], trial=TRIALS["other seat"]),
        ],
        mistakes=[
            Mistake((0.37, (0.33, 0.42)), "should be a function simulate(n, seed) so the check can run it with its "
                                          "own seeds"),
            Mistake(0.66, "a number typed in cannot be checked"),
            Mistake(_sim_constant, "gives the same result for two different seeds"),
            Mistake(_sim_narrow, "you divided the standard deviation by n"),
            Mistake(_sim_other_seat, "that is the share of 'stop at 18' (seat 1)"),
            Mistake(_sim_no_seed, "gives different results for the same seed"),
        ]),
}
