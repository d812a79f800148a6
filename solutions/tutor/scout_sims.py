"""Scout's simulation on the teacher's side: the share of one-round games greedy_bot (seat 0) wins outright against
two random bots, the first player rotating, and the games students simulate instead; the long-run shares measured
once by a big seeded run (MEASURED)."""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from circuslib.core.tutor import Neighbour, Simulation
from circuslib.scout.bots import greedy_bot, play_game, random_bot
from circuslib.scout.rules import ScoutOptions, new_game

__all__ = ["SIMULATIONS", "TRIALS", "MEASURED", "game_won"]


def game_won(seats: Sequence[Any] = (greedy_bot, random_bot, random_bot), *, rounds: int | None = 1,
             rotate: bool = True, ties_win: bool = False) -> Callable[[random.Random], bool]:
    """One game as a trial (the first player rotating from game to game): whether seat 0 scores the most."""
    games = itertools.count()

    def trial(rng: random.Random) -> bool:
        first = next(games) % len(seats) if rotate else 0
        final = play_game(new_game(ScoutOptions(rounds=rounds, first=first), players=len(seats)), list(seats), rng)
        best = max(final.totals[1:])
        return final.totals[0] >= best if ties_win else final.totals[0] > best
    return trial


TRIALS: dict[str, Callable[[random.Random], bool]] = {
    "truth": game_won(),
    "ties win": game_won(ties_win=True),
    "same first": game_won(rotate=False),
    "whole game": game_won(rounds=None),
    "random in seat 0": game_won((random_bot, greedy_bot, random_bot)),
}
MEASURED: dict[str, float] = {  # random.Random(2026) (tools: measure_sims.py)
}


def _share(key: str, hint: str) -> Neighbour:
    return Neighbour(hint, value=MEASURED.get(key), trial=TRIALS[key])


SIMULATIONS: dict[str, Simulation] = {
    "measure_greedy": Simulation(
        value=MEASURED.get("truth"), spread=None,
        neighbours=[
            _share("ties win", "you count a tie for the most points as a win: greedy_bot wins a game only by "
                               "scoring strictly more than each random bot"),
            _share("same first", "player 0 starts every one of your games: let the first player rotate "
                                 "(first=i % 3)"),
            _share("whole game", "you play whole games of three rounds: the exercise plays one round a game "
                                 "(ScoutOptions(rounds=1, ...))"),
            _share("random in seat 0", "you count the games of a random bot: greedy_bot sits in seat 0"),
        ]),
}
