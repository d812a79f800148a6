"""Seeded Monte Carlo runs, confidence intervals, and plots that compare simulation with exact values."""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .args import limit, whole
from .game import GameState, Policy, describe, playout

if TYPE_CHECKING:
    import ipywidgets as widgets

    from .figures import Plot

__all__ = [
    "Estimate", "Tally", "progress", "monte_carlo", "tally", "playout_scores", "tournament",
    "convergence_plot", "tally_plot", "wilson_interval",
]

Z95 = 1.959963984540054  # the 97.5% point of the standard normal: 95% two-sided intervals
MOST_TRIALS = 10_000_000
"""The most trials one simulation may run: beyond, it would outlast a lesson (and its values fill the memory)."""


def _check_seed(seed: Any) -> random.Random:
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("give a whole-number seed (or a random.Random), so the run can be repeated")
    return random.Random(seed)


def _check_count(n: object) -> int:
    n = whole(n, "the number of trials", 1)
    limit(n, MOST_TRIALS, "the number of trials", "a few thousand trials already give two decimals")
    return n


_Item = TypeVar("_Item")


def progress(items: Iterable[_Item], total: int | None = None, description: str = "simulating", *,
             show: bool | None = None) -> Iterator[_Item]:
    """Yield ``items``, showing a progress bar in a notebook when the work lasts more than a second."""
    in_kernel = _in_notebook() if show is None else show
    if not in_kernel:
        yield from items
        return
    from IPython.display import display

    bar = None  # made when first shown: work done within a second makes no widget (three models, four messages)
    start = time.perf_counter()
    for i, item in enumerate(items, 1):
        yield item
        if bar is None and time.perf_counter() - start > 1.0:
            bar = _progress_bar(total, description)
            display(bar)
        if bar is not None and (i % max(1, (total or 100) // 100) == 0):
            bar.value = i
    if bar is not None:
        bar.value = bar.max
        bar.bar_style = "success"


def _progress_bar(total: int | None, description: str) -> widgets.IntProgress:
    import ipywidgets as widgets

    bar = widgets.IntProgress(value=0, min=0, max=total or 1, description=description,
                              layout=widgets.Layout(width="60%"))
    bar.add_class("circus-progress")
    return bar


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return hasattr(get_ipython(), "kernel")  # a terminal IPython has no kernel and no widgets


@dataclass(frozen=True)
class Estimate:
    """A simulated mean with its standard error and 95% confidence interval: Wilson's interval when every value is
    0 or 1 (the mean is then a proportion), else mean ± 1.96 standard errors kept within the values' range."""

    mean: float
    stderr: float
    n: int
    values: tuple[float, ...] = ()
    proportion: bool = False
    """Whether every simulated value was 0 or 1 (a True/False trial): the mean is then a share of successes."""
    span: tuple[float, float] | None = None
    """The smallest and the largest simulated value, when known: an average never leaves them."""

    @classmethod
    def from_values(cls, values: Iterable[float], *, keep: bool = False) -> Estimate:
        """The estimate of the mean of simulated values (a list or a numpy array); ``keep`` them for plotting."""
        values = [float(v) for v in values]
        if not values:
            raise ValueError("there are no simulated values to estimate from")
        return _estimate(values, keep)

    @classmethod
    def of_successes(cls, successes: int, n: int) -> Estimate:
        """The estimate of a probability from ``successes`` in ``n`` trials (the same as from n values of 0 or 1)."""
        n = whole(n, "the number of trials", 1)
        successes = whole(successes, "the number of successes", 0, n)
        share = successes / n
        variance = share * (1 - share) * n / (n - 1) if n > 1 else 0.0  # the sample variance of the 0s and 1s
        return cls(share, math.sqrt(variance / n), n, proportion=True,
                   span=(0.0 if successes < n else 1.0, 1.0 if successes else 0.0))

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The interval of ``z`` standard errors (95% by default): Wilson's for a proportion, else mean ± z·stderr
        kept within the values' range."""
        if self.proportion:
            return wilson_interval(round(self.mean * self.n), self.n, z)
        low, high = self.mean - z * self.stderr, self.mean + z * self.stderr
        if self.span is not None:
            low, high = max(low, self.span[0]), min(high, self.span[1])
        return (low, high)

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval: Wilson's for a proportion, else mean ± 1.96 standard errors within the
        values' range."""
        return self.interval(Z95)

    def contains(self, exact: Any, z: float = Z95) -> bool:
        """Whether an exact value lies inside the interval of ``z`` standard errors (95% by default)."""
        low, high = self.interval(z)
        return low - 1e-12 <= float(exact) <= high + 1e-12

    def __str__(self) -> str:
        lo, hi = self.ci95
        if self.proportion:
            return f"{self.mean:.4f} (Wilson's 95% CI {lo:.4f} to {hi:.4f}, n = {self.n:,})"
        half = Z95 * self.stderr
        if (lo, hi) == (self.mean - half, self.mean + half):  # not cut by the values' range: the same each side
            return f"{self.mean:.4f} ± {half:.4f} (95% CI {lo:.4f} to {hi:.4f}, n = {self.n:,})"
        return f"{self.mean:.4f} (95% CI {lo:.4f} to {hi:.4f} within the values' range, n = {self.n:,})"


def _estimate(values: Sequence[float], keep: bool) -> Estimate:
    n = len(values)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    low, high = min(values), max(values)
    proportion = all(v == 0.0 or v == 1.0 for v in values)
    return Estimate(mean, math.sqrt(var / n), n, tuple(values) if keep else (), proportion, (low, high))


def monte_carlo(trial: Callable[[random.Random], float | bool], n: int, seed: int | random.Random, *,
                keep: bool = True, show_progress: bool | None = None) -> Estimate:
    """Run ``trial(rng)`` n times with one seeded generator and estimate its mean (a probability for True/False)."""
    rng = _check_seed(seed)
    n = _check_count(n)
    values = [float(trial(rng)) for _ in progress(range(n), n, show=show_progress)]
    return _estimate(values, keep)


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound even near 0 and 1."""
    n = whole(n, "the number of trials", 1)
    successes = whole(successes, "the number of successes", 0, n)
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not (math.isfinite(z) and z > 0):
        raise ValueError(f"z is a positive number of standard deviations (1.96 for 95%), not {describe(z)}")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # at 0 or n successes Wilson's interval ends exactly at 0 or 1; rounding would leave it a hair inside
    return (0.0 if successes == 0 else max(0.0, centre - half), 1.0 if successes == n else min(1.0, centre + half))


@dataclass(frozen=True)
class Tally:
    """How often each outcome came up in n seeded trials, with 95% (Wilson) intervals."""

    counts: Counter[Hashable]
    n: int

    def share(self, outcome: Hashable) -> float:
        """The observed proportion of ``outcome``."""
        return self.counts.get(outcome, 0) / self.n

    def interval(self, outcome: Hashable) -> tuple[float, float]:
        """The 95% confidence interval of the proportion of ``outcome``."""
        return wilson_interval(self.counts.get(outcome, 0), self.n)

    def contains(self, outcome: Hashable, exact: Any) -> bool:
        """Whether an exact probability lies in the outcome's 95% interval."""
        lo, hi = self.interval(outcome)
        return lo - 1e-12 <= float(exact) <= hi + 1e-12

    def table(self) -> list[tuple[Hashable, int, float, tuple[float, float]]]:
        """Rows (outcome, count, share, interval), most frequent first."""
        return [(o, c, c / self.n, self.interval(o)) for o, c in self.counts.most_common()]

    def __str__(self) -> str:
        return "\n".join(f"{o!s:>12}: {c:>7,}  {s:6.1%}  (95% CI {lo:.1%} to {hi:.1%})"
                         for o, c, s, (lo, hi) in self.table())


def tally(trial: Callable[[random.Random], Hashable], n: int, seed: int | random.Random, *,
          show_progress: bool | None = None) -> Tally:
    """Run ``trial(rng)`` n times with one seeded generator and count its outcomes."""
    rng = _check_seed(seed)
    n = _check_count(n)
    return Tally(Counter(trial(rng) for _ in progress(range(n), n, show=show_progress)), n)


def playout_scores(start: GameState | Callable[[random.Random], GameState],
                   policies: Mapping[int, Policy] | Sequence[Policy] | Policy | None = None, *,
                   player: int = 0) -> Callable[[random.Random], float]:
    """A trial for ``monte_carlo``: play one game to the end and return ``player``'s score."""

    def trial(rng: random.Random) -> float:
        state = start(rng) if callable(start) and not isinstance(start, GameState) else start
        return float(playout(state, rng, policies).scores()[player])

    return trial


def _winner(scores: Sequence[Any]) -> Hashable:
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return winners[0] if len(winners) == 1 else "tie"


def tournament(start: GameState | Callable[[random.Random], GameState], policies: Sequence[Policy], n: int,
               seed: int | random.Random, *, winner: Callable[[GameState], Hashable] | None = None,
               show_progress: bool | None = None) -> Tally:
    """Play n seeded games between ``policies`` and tally who wins (index of the player, or "tie")."""
    decide = winner or (lambda s: _winner(s.scores()))

    def trial(rng: random.Random) -> Hashable:
        state = start(rng) if callable(start) and not isinstance(start, GameState) else start
        return decide(playout(state, rng, list(policies)))

    return tally(trial, n, seed, show_progress=show_progress)


def _running_mean(values: Sequence[float] | Estimate, points: int = 1_500) -> tuple[Any, Any, Any]:
    """The running mean of simulated values and its 95% half-width after each trial, at about ``points`` trial
    counts spread evenly on a log scale (the same curve, drawn far faster than with every trial)."""
    import numpy as np

    data = np.asarray(values.values if isinstance(values, Estimate) else values, dtype=float)
    if data.size == 0:
        raise ValueError("there are no simulated values to plot (run monte_carlo with keep=True)")
    n = np.arange(1, data.size + 1)
    mean = np.cumsum(data) / n
    sq = np.cumsum(data * data) / n
    sd = np.sqrt(np.maximum(sq - mean * mean, 0) * n / np.maximum(n - 1, 1))
    half = Z95 * sd / np.sqrt(n)
    shown = _log_spaced(data.size, points)
    return n[shown], mean[shown], half[shown]


def _band(values: Sequence[float] | Estimate, n: Any, mean: Any, half: Any) -> tuple[Any, Any]:
    """The 95% band around a running mean: Wilson's interval when every value is 0 or 1 (the running mean is then
    a proportion, and Wilson's interval stays inside [0, 1]), else mean ± 1.96·s/√n kept within the values'
    range (an average can never leave the range of what it averages)."""
    import numpy as np

    data = np.asarray(values.values if isinstance(values, Estimate) else values, dtype=float)
    if np.isin(data, (0.0, 1.0)).all():
        z2 = Z95 * Z95
        centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
        spread = Z95 * np.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return np.clip(centre - spread, 0.0, 1.0), np.clip(centre + spread, 0.0, 1.0)
    return np.maximum(mean - half, data.min()), np.minimum(mean + half, data.max())


def convergence_plot(values: Sequence[float] | Estimate, exact: Any = None, *, title: str,
                     label: str = "simulated", xlabel: str = "number of trials", ylabel: str = "estimate",
                     legend: str = "right") -> Plot:
    """The running mean of simulated values with its 95% band (Wilson's for a proportion, see ``_band``) from the
    tenth trial, converging to the exact value (a dashed red line), trials on a log scale: a figure the kit writes
    as SVG in the page's theme."""
    from .figures import RED, Plot

    if isinstance(values, Estimate) and not values.values:
        raise ValueError("the estimate kept no values to plot: make it with keep=True")
    n, mean, half = _running_mean(values, points=400)  # 400 points draw the curve as smoothly on a page
    low, high = _band(values, n, mean, half)
    plot = Plot(title, xlabel=xlabel, ylabel=ylabel, log_x=True, legend=legend)
    # the band from the tenth trial: a spread read from fewer trials is no 95% band (after one it has no width)
    banded = n >= 10
    if banded.any():
        plot.band(n[banded], low[banded], high[banded], label="95% band", colour="#6baed6")
    plot.line(n, mean, label=f"{label} (running mean)", colour="#2171b5", marker=None, dash=False)
    if exact is not None:  # a long fraction as its decimal: the legend stays a legend
        shown = f"= {exact}" if len(str(exact)) <= 12 else f"≈ {float(exact):.4f}"
        plot.hline(exact, label=f"exact {shown}", colour=RED)
    return plot


def _log_spaced(size: int, points: int = 1_500) -> Any:
    """Indices 0..size-1 to draw on a log axis: every one up to ``points``, then about ``points`` spread evenly."""
    import numpy as np

    if size <= points:
        return np.arange(size)
    return np.unique(np.concatenate([np.arange(min(size, 300)),
                                     np.geomspace(1, size, points).astype(int) - 1, [size - 1]]))


def _tally_bars(result: Tally, exact: dict[Any, Any] | None,
                names: dict[Any, Any] | None) -> tuple[list[Any], list[str], list[float], list[tuple[float, float]]]:
    """The outcomes of a tally in order (the exact table's, else sorted), their labels, shares and 95% intervals."""
    if not isinstance(result, Tally):
        raise TypeError(f"result must be a Tally (what tally(...) returns), not {type(result).__name__}")
    if exact is not None and (not isinstance(exact, dict) or not exact):
        raise TypeError("exact maps each outcome to its exact chance, like {'bust': Fraction(1, 3), ...}")
    if names is not None and not isinstance(names, dict):
        raise TypeError("names maps an outcome to the name shown under its bar, like {0: 'none'}")
    outcomes = sorted(result.counts, key=str) if exact is None else list(exact)
    shares = [result.share(o) for o in outcomes]
    # clamp: a clean sweep's Wilson bound can round to 0.9999999999999999, just below the share itself
    intervals = [(min(lo, s), max(hi, s)) for s, (lo, hi) in zip(shares, (result.interval(o) for o in outcomes))]
    labels = [str((names or {}).get(o, o)) for o in outcomes]
    return outcomes, labels, shares, intervals


def tally_plot(result: Tally, exact: dict[Any, Any] | None = None, *, title: str, names: dict[Any, Any] | None = None,
               xlabel: str = "outcome", ylabel: str = "share", legend: str = "right") -> Plot:
    """The simulated share of each outcome as a bar with its 95% error bar, and each exact chance as a red mark
    across its bar: a figure the kit writes as SVG in the page's theme."""
    from .figures import RED, Plot

    outcomes, labels, shares, intervals = _tally_bars(result, exact, names)
    plot = Plot(title, xlabel=xlabel, ylabel=ylabel, ylim=(0, 1.05), legend=legend)
    plot.bars(labels, shares, errors=intervals, label=f"simulated (n = {result.n:,}), 95% intervals")
    if exact is not None:
        plot.marks(labels, [exact[o] for o in outcomes], label="exact", colour=RED)
    return plot


def _axes_drawn(figure: Any, ax: Any) -> Any:
    """The Axes a figure was drawn on by matplotlib: ``ax``, or the one of its new figure."""
    drawn = figure.to_matplotlib(ax)
    return ax if ax is not None else drawn.axes[0]
