"""Flip 7's simulation on the teacher's side: the one-step counting bot's share of heads-up games to 200 against
'stop at 18' (seat 0, the dealer alternating), and the games students simulate instead; the long-run shares
measured once by a big seeded run (MEASURED)."""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from circuslib.core.tutor import Neighbour, Simulation
from circuslib.flip7.bots import Bot, StopAtSum, play_game
from circuslib.flip7.checks import _OneStepCounter

__all__ = ["SIMULATIONS", "TRIALS", "MEASURED", "game_won"]


def game_won(opponent: Bot | None = None, *, seat: int = 0, alternate: bool = True) -> Callable[[random.Random], bool]:
    """One game as a trial (the dealer alternating from game to game): whether ``seat`` wins it."""
    games = itertools.count()
    bots = [_OneStepCounter(), opponent or StopAtSum(18)]

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
MEASURED: dict[str, float] = {  # random.Random(2026) (tools: measure_sims.py)
}


def _share(key: str, hint: str) -> Neighbour:
    return Neighbour(hint, value=MEASURED.get(key), trial=TRIALS[key])


SIMULATIONS: dict[str, Simulation] = {
    "bot_against_stop_at": Simulation(
        value=MEASURED.get("truth"), spread=None,
        neighbours=[
            _share("other seat", "that is the share of 'stop at 18' (seat 1): count the games your bot, in seat 0, "
                                 "wins"),
            _share("same dealer", "seat 0 deals every one of your games: let the dealer alternate (dealer=i % 2)"),
        ]),
}
