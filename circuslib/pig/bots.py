"""Pig's computer players: stop once the turn's total reaches a threshold, and their simulated turns."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.args import limit, whole
from ..core.game import Move, Policy, playout
from ..core.sim import Estimate, monte_carlo
from .rules import ROLL, STOP, PigState

__all__ = ["stop_at", "stop_at_bot", "simulate_turns"]


def stop_at(threshold: int) -> Callable[[Any], Move]:
    """The policy 'roll until the turn total reaches threshold, then stop'."""
    whole(threshold, "the stopping threshold", 0)
    return lambda state: STOP if state.total >= threshold else ROLL


def stop_at_bot(threshold: int) -> Policy:
    """The same player for a play-out, which hands it the random generator too (it needs none)."""
    policy = stop_at(threshold)
    return lambda state, rng: policy(state)


def simulate_turns(threshold: int, n: int, seed: int, *, goal: int = 20) -> Estimate:
    """The mean points of ``n`` seeded turns that stop at ``threshold``, with its 95% interval."""
    bot = stop_at_bot(threshold)
    limit(whole(n, "n", 1), 10_000, "the number of turns", "simulate fewer turns: 10,000 already give an interval "
          "about 0.2 points wide")
    whole(seed, "seed")
    start = PigState(goal=whole(goal, "the goal", 1))

    def trial(rng: random.Random) -> Any:
        end = playout(start, rng, bot)
        assert isinstance(end, PigState)
        return end.scores()[0]

    return monte_carlo(trial, n, seed)
