"""Fresh wrong answers: an examination of the checks as tutors, written from the lessons and the exercises alone.

Each set (``pig`` for the warm-up and the welcome lesson's try-its, then one per game) lists, in ``FRESH``, wrong
answers a real student would plausibly give, each with the mistake made and the words (``apt``) any of which in a
check's hint means the hint names that mistake. Every wrong value is computed in the set's file from the mistake
itself, never typed in. Simulations are whole wrong functions ``simulate(n, seed)``, built here from a trial and an
interval rule, so that each names one slip (the wrong game, or the wrong interval).
"""
from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Fresh", "SETS", "FROM_A_FLOAT", "mean_interval", "share_interval", "simulation"]

SETS = ("pig", "flip7", "pcv", "scout", "speed", "flip_circus")
"""The exercise sets, by the checks' module each one's exercises belong to (pig: the warm-up and the welcome)."""


FROM_A_FLOAT = ("from a float", "made from", r"fraction\([^)]*/", r"fraction\(\d+, ?\d+\)", "float division",
                r"^: give it exactly$")
"""What names a Fraction made from a float, Fraction(125 / 18): not a word of N() or evalf(), which it never called."""


@dataclass(frozen=True)
class Fresh:
    """One fresh wrong answer: the exercise it answers, the answer as a student gives it, the mistake made, and
    lower-case words or short regexes, any of which in the hint means the hint names that mistake (a plain word
    matches at the start of a word of the hint: "orient" names "orientation", "int" is not in "point")."""
    exercise: str
    answer: Any
    mistake: str
    apt: tuple[str, ...]
    simulation: bool = False


def share_interval(wins: float, n: int, *, z: float = 1.96, spread: str = "sd", divide: str = "sqrt",
                   scale: float | str = 1.0) -> tuple[float, tuple[float, float]]:
    """A share of n runs and its interval share ± z·spread/√n, with one slip chosen by the keywords: z (1.645 for
    90%, 1 for no 1.96), spread "variance" (p(1 - p) for its square root), divide "n" (by n, not √n) or "none",
    scale 100 (a percentage) or "n" (a count for a share)."""
    p = wins / n
    scale = n if scale == "n" else float(scale)
    sd = p * (1 - p) if spread == "variance" else math.sqrt(p * (1 - p))
    se = sd / {"sqrt": math.sqrt(n), "n": n, "none": 1}[divide]
    half = z * se
    return p * scale, ((p - half) * scale, (p + half) * scale)


def mean_interval(values: Sequence[float], *, z: float = 1.96, spread: str = "sd", divide: str = "sqrt"
                  ) -> tuple[float, tuple[float, float]]:
    """A mean of the values and its interval mean ± z·s/√n, with one slip chosen as in :func:`share_interval`."""
    mean = statistics.fmean(values)
    s = statistics.variance(values) if spread == "variance" else statistics.stdev(values)
    se = s / {"sqrt": math.sqrt(len(values)), "n": len(values), "none": 1}[divide]
    return mean, (mean - z * se, mean + z * se)


def simulation(trial: Callable[[random.Random], float], *, share: bool = True, rng: str = "once",
               **interval: Any) -> Callable[[int, int], tuple[float, tuple[float, float]]]:
    """A student's ``simulate(n, seed)``: n runs of ``trial(rng)``, as a share (of wins) or a mean, its interval
    given the slips in ``interval``; ``rng`` "once" is right, "each" re-creates random.Random(seed) for every run
    (the same run n times), "global" draws from the module ``random`` (not repeatable)."""

    def simulate(n: int, seed: int) -> tuple[float, tuple[float, float]]:
        generator: Any = random.Random(seed) if rng == "once" else random
        values = []
        for _ in range(n):
            if rng == "each":
                generator = random.Random(seed)
            values.append(trial(generator))
        if share:
            return share_interval(sum(values), n, **interval)
        return mean_interval(values, **interval)

    return simulate
