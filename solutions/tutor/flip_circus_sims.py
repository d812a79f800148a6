"""Flip Circus's simulation on the teacher's side: the share of one-poster races greedy_bot (seat 0) wins against
random_bot, and the races students measure instead; the long-run shares measured once by a big seeded run
(MEASURED). (random_bot against itself wins half its races in every seat, by symmetry: the check measures greedy
against random, where the neighbours differ.)"""
from __future__ import annotations

import random
from collections.abc import Callable

from circuslib.core.tutor import Neighbour, Simulation
from circuslib.core.game import playout
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
MEASURED: dict[str, float] = {  # random.Random(2026) (tools: measure_sims.py)
}


def _share(key: str, hint: str) -> Neighbour:
    return Neighbour(hint, value=MEASURED.get(key), trial=TRIALS[key])


SIMULATIONS: dict[str, Simulation] = {
    "measure_a_match": Simulation(
        value=MEASURED.get("truth"), spread=None,
        neighbours=[
            _share("other seat", "that counts the races the opponent wins: count the races the first bot (seat 0) "
                                 "wins"),
            _share("whole game", "you play whole games to three posters: a race ends at the first poster "
                                 "(new_game(RACE, rng=rng))"),
        ]),
}
