"""Speed's simulation on the teacher's side: player 0's share of one-deck rounds at rates 3 and 2 (first-card bots),
and the rounds students simulate instead; the long-run shares measured once by a big seeded run (MEASURED)."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from circuslib.core.tutor import Neighbour, Simulation
from circuslib.speed.bots import fast_round
from circuslib.speed.rules import ONE_DECK, TWO_DECKS, SpeedOptions

__all__ = ["SIMULATIONS", "TRIALS", "MEASURED", "round_won"]


def round_won(setup: SpeedOptions = ONE_DECK, rates: tuple[int, int] = (3, 2), seat: int = 0,
              policies: tuple[str, str] = ("first", "first")) -> Callable[[random.Random], bool]:
    """One round as a trial: whether ``seat`` wins it."""
    def trial(rng: random.Random) -> bool:
        return fast_round(setup, rng, policies, rates).winner == seat
    return trial


TRIALS: dict[str, Callable[[random.Random], bool]] = {
    "truth": round_won(),
    "other player": round_won(seat=1),
    "two decks": round_won(setup=TWO_DECKS),
    "equal rates": round_won(rates=(1, 1)),
}
MEASURED = {  # seeded runs of TRIALS: the truth 200,000 rounds, the neighbours 20,000 (standard error 0.0025)
    "truth": 0.72802,
    "two decks": 0.8613,
}


def _share(key: str, hint: str) -> Neighbour:
    return Neighbour(hint, value=MEASURED.get(key), trial=TRIALS[key])


SIMULATIONS: dict[str, Simulation] = {
    "win_rate_simulation": Simulation(
        value=MEASURED["truth"], spread=math.sqrt(MEASURED["truth"] * (1 - MEASURED["truth"])),
        neighbours=[
            Neighbour("that is the slower player's share (or the rates the other way round): count the rounds "
                      "player 0, reacting at rate 3, wins",
                      value=1 - MEASURED["truth"], trial=TRIALS["other player"]),  # no round is tied
            _share("two decks", "those rounds are dealt from two decks (fast_round's default set-up): this one "
                                "plays with ONE_DECK"),
            Neighbour("your players react equally fast: give fast_round the rates (3, 2)", value=Fraction(1, 2),
                      trial=TRIALS["equal rates"]),  # the same bots at the same rate: even, by symmetry
        ]),
}
