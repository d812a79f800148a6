"""Flip Circus's simulation on the teacher's side: measure(bot, opponent, n, seed) is judged on random_bot against
itself, which wins exactly half its races by symmetry (the first player is drawn at random and the bots are the
same), so one race's spread is 1/2. By the same symmetry every neighbouring model (the opponent's seat, whole games
in place of one-poster races) gives 1/2 too: the check tells the seat apart by 12 races of greedy_bot against
random_bot, which greedy wins 0.988 of the time (P(6 wins or fewer of 12) < 10^-9, either way round). Whole games
are no better: greedy wins every one of 6,000 (MEASURED), against 0.988 of the races; telling 1 from 0.988 with 99%
power asks for about 860 races a seed, some 8 s of a student's time, so it is not among the neighbours."""
from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from circuslib.core.game import playout
from circuslib.core.tutor import Simulation
from circuslib.flip_circus.bots import greedy_bot, random_bot
from circuslib.flip_circus.checks import RACE
from circuslib.flip_circus.rules import FlipCircusOptions, new_game

__all__ = ["SIMULATIONS", "TRIALS", "MEASURED", "race_won"]


def race_won(options: FlipCircusOptions = RACE, *, seat: int = 0) -> Callable[[random.Random], bool]:
    """One race of greedy_bot (seat 0) against random_bot as a trial: whether ``seat`` wins it."""
    def trial(rng: random.Random) -> bool:
        return playout(new_game(options, rng=rng), rng, [greedy_bot, random_bot]).winner == seat
    return trial


TRIALS: dict[str, Callable[[random.Random], bool]] = {
    "truth": race_won(),
    "other seat": race_won(seat=1),
    "whole game": race_won(FlipCircusOptions()),
}
MEASURED: dict[str, float] = {  # 6,000 of each from random.Random(2026)
    "truth": 0.98767,
    "other seat": 0.01233,
    "whole game": 1.0,
}

SIMULATIONS: dict[str, Simulation] = {
    "measure_a_match": Simulation(value=Fraction(1, 2), spread=Fraction(1, 2)),
}
