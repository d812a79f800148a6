"""The warm-up's exercise checks (solutions/00_warmup.ipynb) and the welcome lesson's try-it cells, read as
``from circuslib.pig.checks import check``. Kept apart from the game itself so that importing Pig loads no sympy."""
from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..core.cases import function_key
from ..core.teach import (
    Checks,
    Exercise,
    Forbidden,
    Mistake,
    Sketch,
    check_exact,
    check_figure,
    check_formula,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    simulation_of,
)

check = Checks("the warm-up")


@check.exercise(title="Three dice make ten", practises="counting equally likely outcomes (ordered rolls)",
                stars=1, minutes=5)
def three_dice_ten(answer: Any, exercise: Exercise) -> str:
    """P(the sum of three fair dice is 10)."""
    return check_probability(answer, exercise.key, what="P(sum = 10)")


@check.exercise(title="A bigger Scout deck", practises="counting unordered pairs (combinations)",
                stars=1, minutes=5)
def twelve_number_deck(answer: Any, exercise: Exercise) -> str:
    """How many cards carry two different numbers from 1 to 12, each pair once."""
    return check_integer(answer, exercise.key, what="the number of cards")


@check.exercise(title="Three rolls, then stop", practises="expected value: conditioning on the bust, linearity",
                stars=2, minutes=10)
def three_rolls(answer: Any, exercise: Exercise) -> str:
    """The expected points of a Pig turn that rolls exactly three times and then stops."""
    return check_exact(answer, exercise.key, what="the expected points")


STEPS = function_key(__package__, "steps_between")


@check.exercise(title="Steps round the ranks", practises="shortest paths on a graph; arithmetic modulo 13",
                stars=2, minutes=10, model=STEPS, mistakes=[])
def steps_between(function: Any, exercise: Exercise) -> str:
    """A function steps(a, b): the fewest one-rank steps from rank a to rank b on the 13-cycle."""
    from ..speed.graphs import rank_distance  # the kit's own steps, which the exercise asks not to call

    arithmetic = Forbidden([rank_distance], ["networkx"], say="work the steps out with arithmetic only, as the "
                              "exercise asks (networkx is for checking your function afterwards)")
    return check_function(function, exercise.model, STEPS, name="steps", forbid=arithmetic,
                          success="the shorter of (b - a) mod 13 and (a - b) mod 13")


STOP_RUNS = 79_000
"""Turns per seed the check asks of simulate: enough to tell stopping at 15 from each neighbouring turn (stopping
at 20 or 16, a die without its 6, a 1 that keeps the points, only the turns that scored; solutions/tutor/pig_sims.py)
with 99% power: stopping at 16 is the nearest; simulation_runs computes it, a test pins it."""


@check.exercise(title="Stop at 15: a simulation with its interval",
                practises="a confidence interval from a seeded simulation", stars=3, minutes=20, mistakes=[
                    Mistake((6.4, (6.2, 6.6)), "a number typed in cannot be checked: write simulate(n, seed)"),
                    Mistake(lambda n, seed: (6.4, (6.2, 6.6)), "the same result for two different seeds"),
                    Mistake(lambda n, seed: _pig_simulation(n, seed, sd_over=lambda n: n),
                            "you divided the standard deviation by n"),
                    Mistake(lambda n, seed: _pig_simulation(n, seed, wipe=False),
                            "a 1 ends your turns but keeps their points"),
                    Mistake(lambda n, seed: _pig_simulation(n, seed, use_seed=False),
                            "different results for the same seed"),
                ])
def stop_at_15_simulation(simulate: Any, exercise: Exercise) -> str:
    """simulate(n, seed) -> (estimate, (low, high)): the mean points of turns that stop at 15, with a 95% interval."""
    return check_simulation(simulate, simulation_of(exercise), n=STOP_RUNS, seeds=(11, 12), name="simulate",
                            mistakes=exercise.mistakes, unit="turns", share=False,
                            success="your interval is the estimate ± 1.96 standard deviations / sqrt(n)")


def _pig_simulation(n: int, seed: int, *, wipe: bool = True, sd_over: Callable[[int], float] = math.sqrt,
                    use_seed: bool = True) -> tuple[float, tuple[float, float]]:
    """A student's simulation with one of the usual slips (for the catalogue of mistakes)."""
    import random
    import statistics

    rng = random.Random(seed) if use_seed else random.Random()
    points = []
    for _ in range(n):
        total = 0
        while total < 15:
            face = rng.randint(1, 6)
            if face == 1:
                total = 0 if wipe else total
                break
            total += face
        points.append(total)
    mean, sd = statistics.fmean(points), statistics.stdev(points)
    half = 1.96 * sd / sd_over(n)
    return mean, (mean - half, mean + half)


@check.exercise(title="How many rolls is best?", practises="expected value as a formula; optimising with sympy",
                stars=3, minutes=20)
def expected_points_of_k_rolls(answer: Any, exercise: Exercise) -> str:
    """E(k): the expected points of a Pig turn that rolls exactly k times and then stops, as a formula in k."""
    return check_formula(answer, exercise.key, what="E(k)")


check.written("why_sums_are_not_equally_likely", title="Why the sums are not equally likely",
              practises="equally likely outcomes, and what makes them so", stars=1, minutes=5)
check.written("when_to_stop_earlier", title="When stopping at 20 is wrong",
              practises="optimal stopping: the best average against the best chance to win", stars=2, minutes=10)


@check.exercise(title="Two safe rolls", practises="independent events: multiply the chances", stars=1, minutes=3,
                try_it=True)
def two_safe_rolls(answer: Any, exercise: Exercise) -> str:
    """P(two rolls in a row in Pig both avoid the 1)."""
    return check_probability(answer, exercise.key, what="P(two safe rolls)")


@check.exercise(title="One more roll at 14", practises="expected value of one more roll", stars=1, minutes=3,
                try_it=True)
def gain_at_fourteen(answer: Any, exercise: Exercise) -> str:
    """The expected gain of one more roll with a turn total of 14."""
    return check_exact(answer, exercise.key, what="the expected gain")


@check.exercise(title="A four times narrower interval", practises="a confidence interval shrinks like 1/sqrt(n)",
                stars=1, minutes=3, try_it=True)
def turns_for_a_quarter_width(answer: Any, exercise: Exercise) -> str:
    """How many turns make the 5,000-turn interval four times narrower."""
    return check_integer(answer, exercise.key, what="the number of turns")


def _two_dice() -> dict[int, Fraction]:
    """The exact chance of each sum of two fair dice."""
    return {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def _bars(heights: list[float], *, title: str = "Two dice", xlabel: str = "sum of two dice",
          ylabel: str = "probability", sums: range = range(2, 13)) -> Sketch:
    """A student's bar chart of the two dice, as the catalogue describes it."""
    def draw(ax: Any) -> None:
        ax.bar(list(sums), heights)
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)

    return Sketch(draw)


_EXACT = [float(p) for p in _two_dice().values()]


@check.exercise(title="Two dice, drawn with matplotlib",
                practises="drawing a distribution with matplotlib: bars, a title, labelled axes", stars=1, minutes=10,
                mistakes=[
                    Mistake(_bars(_EXACT, title=""), "your figure has no title"),
                    Mistake(_bars(_EXACT, ylabel=""), "the y axis has no label"),
                    Mistake(_bars(_EXACT, ylabel="number of rolls"), "the y axis should be the probability"),
                    Mistake(_bars([36 * p for p in _EXACT]), "are counts, not the exact chances"),
                    Mistake(_bars([100 * p for p in _EXACT]), "add up to 100"),
                    Mistake(_bars([round(p, 2) for p in _EXACT]), "close but rounded"),
                    Mistake(_bars([1 / 11] * 11), "your bars' heights are not the exact chances"),
                    Mistake(_bars([1 / 11] * 11, sums=range(1, 12)), "has a bar at '1'"),
                ])
def two_dice_figure(figure: Any, exercise: Exercise) -> str:
    """A matplotlib bar chart of the sum of two dice: a bar per sum, exact heights, a title, labelled axes."""
    return check_figure(figure, bars=_two_dice(), bar_names="each sum from 2 to 12",
                        xlabel=("the sum of the two dice", "sum", "total"),
                        ylabel=("the probability", "prob", "chance", "p("),
                        success="a figure of your own: restyle it, or save it with fig.savefig(...)")
