"""Seeded simulation: estimates, intervals, tallies, reproducibility, plots."""
from __future__ import annotations

import random

import matplotlib
import pytest

matplotlib.use("Agg")

from circuslib.core.sim import (
    Estimate,
    Tally,
    convergence_plot,
    monte_carlo,
    progress,
    tally,
    tally_plot,
    wilson_interval,
)


def test_same_seed_same_numbers():
    a = monte_carlo(lambda rng: rng.random(), 500, seed=7)
    b = monte_carlo(lambda rng: rng.random(), 500, seed=7)
    assert a == b and a.n == 500
    assert monte_carlo(lambda rng: rng.random(), 500, seed=8).mean != a.mean


def test_estimate_of_a_fair_coin_contains_one_half_and_excludes_far_values():
    estimate = monte_carlo(lambda rng: rng.random() < 0.5, 10_000, seed=1)
    lo, hi = estimate.ci95
    assert lo < 0.5 < hi and hi - lo < 0.025  # 2 * 1.96 * 0.005 = 0.0196
    assert estimate.contains(0.5) and not estimate.contains(0.55)
    assert "95% CI" in str(estimate)


def test_bad_runs_are_refused_in_words():
    with pytest.raises(TypeError, match="whole-number seed"):
        monte_carlo(lambda rng: 1, 10, seed=0.5)
    with pytest.raises(ValueError, match="at least 1"):
        monte_carlo(lambda rng: 1, 0, seed=1)
    with pytest.raises(ValueError, match="no simulated values"):
        convergence_plot([], exact=1, title="nothing")


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert wilson_interval(0, 20)[0] == 0.0 and wilson_interval(0, 20)[1] > 0.1


def test_tally_counts_outcomes_with_intervals():
    result = tally(lambda rng: rng.randint(1, 3), 3000, seed=2)
    assert result.n == 3000 and sum(result.counts.values()) == 3000
    assert all(result.contains(face, 1 / 3) for face in (1, 2, 3))
    assert not result.contains(1, 0.5)
    assert result.table()[0][1] == max(result.counts.values())


def test_progress_passes_items_through_outside_a_notebook():
    assert list(progress(range(5), 5)) == [0, 1, 2, 3, 4]


def test_plots_draw_the_exact_line_and_the_band_in_matplotlib_too():
    estimate = monte_carlo(lambda rng: rng.random() < 0.25, 2000, seed=3, keep=True)
    ax = convergence_plot(estimate, exact=0.25, title="coin").to_matplotlib().axes[0]
    assert ax.get_title() == "coin" and len(ax.lines) == 2 and len(ax.collections) == 1
    assert ax.get_xscale() == "log" and ax.lines[1].get_ydata()[0] == 0.25  # the exact value, across
    ax2 = tally_plot(tally(lambda rng: rng.randint(1, 2), 100, seed=1), exact={1: 0.5, 2: 0.5},
                     title="coin").to_matplotlib().axes[0]
    assert len(ax2.patches) == 2


def test_a_long_run_is_drawn_with_a_few_points_on_its_log_axis_ending_at_the_last_mean():
    values = [i % 7 for i in range(200_000)]
    figure = convergence_plot(values, exact=3, title="long")
    x, y = figure.to_matplotlib().axes[0].lines[0].get_data()
    assert 400 <= len(x) <= 800                          # not 200,000 points to draw
    assert list(x[:300]) == list(range(1, 301))          # the start, where the mean moves, is drawn in full
    assert x[-1] == 200_000 and y[-1] == sum(values) / 200_000
    short = convergence_plot([1, 0, 1], exact=0.5, title="short").to_matplotlib().axes[0]
    assert list(short.lines[0].get_data()[0]) == [1, 2, 3]


def test_progress_shows_a_bar_once_the_work_takes_over_a_second(monkeypatch):
    import time

    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda bar: shown.append(bar))
    items = []
    for i in progress(range(6), 6, "slow work", show=True):
        time.sleep(0.25)
        items.append(i)
    assert items == list(range(6)) and len(shown) == 1
    bar = shown[0]
    assert bar.value == bar.max == 6 and bar.bar_style == "success" and "circus-progress" in bar._dom_classes
    import ipywidgets.widgets.widget as widget_module

    models = len(widget_module._instances)
    for _ in progress(range(3), 3, show=True):
        pass
    assert len(shown) == 1  # fast work shows no bar
    assert len(widget_module._instances) == models  # and makes none: no widget models sent to the browser


def test_a_clean_sweep_plots_with_error_bars_clamped_at_zero():
    from collections import Counter

    # Wilson's upper bound for 30 wins in 30 rounds to 0.9999999999999999, below the share of 1
    ax = tally_plot(Tally(Counter({0: 30}), 30), names={0: "Red"}, title="sweep").to_matplotlib().axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Red"] and ax.patches[0].get_height() == 1.0


def test_an_estimate_from_values_matches_the_hand_computation():
    # values 1, 2, 3, 4: mean 5/2, sample variance 5/3, standard error sqrt(5/3 / 4)
    estimate = Estimate.from_values([1, 2, 3, 4], keep=True)
    assert estimate.mean == 2.5 and abs(estimate.stderr - (5 / 12) ** 0.5) < 1e-12 and estimate.values == (1, 2, 3, 4)
    with pytest.raises(ValueError, match="no simulated values"):
        Estimate.from_values([])


def test_an_estimate_of_0s_and_1s_gives_wilsons_interval():
    # z = 1.96 (z² = 3.8415): 8 wins of 8 -> from n / (n + z²) = 8 / 11.8415 = 0.6756 to 1, not Wald's (1, 1)
    sweep = monte_carlo(lambda rng: True, 8, seed=1)
    assert sweep.proportion and sweep.stderr == 0.0
    assert sweep.ci95 == pytest.approx((0.675592, 1.0), abs=1e-6) and sweep.ci95[1] == 1.0
    assert sweep.contains(0.7) and not sweep.contains(0.6) and sweep.contains(1)
    assert str(sweep) == "1.0000 (Wilson's 95% CI 0.6756 to 1.0000, n = 8)"
    # 0 of 10 -> from 0 to z² / (n + z²) = 3.8415 / 13.8415 = 0.2775
    none = Estimate.from_values([0] * 10)
    assert none.ci95 == pytest.approx((0.0, 0.277533), abs=1e-6) and none.ci95[0] == 0.0
    # 3 of 10: centre (0.3 + z²/20) / (1 + z²/10) = 0.35550, half 1.96·sqrt(0.021 + z²/400) / (1 + z²/10) = 0.24771
    three = Estimate.from_values([True] * 3 + [False] * 7)
    assert three.ci95 == pytest.approx((0.107791, 0.603222), abs=1e-6)
    assert three.contains(0.11) and not three.contains(0.1) and three.contains(0.6) and not three.contains(0.61)
    assert str(three) == "0.3000 (Wilson's 95% CI 0.1078 to 0.6032, n = 10)"
    # the standard error stays the 0s' and 1s' own: sqrt(0.3 · 0.7 · 10/9 / 10) = 0.15275
    assert three.stderr == pytest.approx(0.152753, abs=1e-6)
    counted = Estimate.of_successes(3, 10)  # the same estimate from a count, to the last bits of the stderr
    assert (counted.mean, counted.n, counted.proportion, counted.span) == (0.3, 10, True, (0.0, 1.0))
    assert counted.stderr == pytest.approx(three.stderr, rel=1e-12) and counted.ci95 == three.ci95
    assert Estimate.of_successes(8, 8).ci95 == sweep.ci95
    with pytest.raises(ValueError, match="number of successes"):
        Estimate.of_successes(11, 10)


def test_an_averages_interval_is_kept_within_its_values():
    # 0, 0, 0, 0, 10: mean 2, sample variance 20, standard error 2, so 2 ± 3.92 -> from 0 (not -1.92) to 5.92
    low = Estimate.from_values([0, 0, 0, 0, 10])
    assert not low.proportion and low.span == (0.0, 10.0) and low.stderr == pytest.approx(2.0)
    assert low.ci95 == pytest.approx((0.0, 5.919928), abs=1e-6) and low.ci95[0] == 0.0
    assert low.contains(0) and not low.contains(-0.5) and low.contains(5.9) and not low.contains(6)
    assert str(low) == "2.0000 (95% CI 0.0000 to 5.9199 within the values' range, n = 5)"
    # 0, 10, 10, 10, 10: mean 8, so 8 ± 3.92 -> from 4.08 to 10 (not 11.92)
    high = Estimate.from_values([0, 10, 10, 10, 10])
    assert high.ci95 == pytest.approx((4.080072, 10.0), abs=1e-6) and high.ci95[1] == 10.0
    # 1, 2, 3, 4: 2.5 ± 1.96·sqrt(5/12) = 2.5 ± 1.2652, inside the range 1 to 4: nothing cut, the same each side
    middle = Estimate.from_values([1, 2, 3, 4])
    assert middle.ci95 == pytest.approx((1.234849, 3.765151), abs=1e-6)
    assert str(middle) == "2.5000 ± 1.2652 (95% CI 1.2348 to 3.7652, n = 4)"
    # an estimate made by hand, knowing no values, keeps the plain interval
    assert Estimate(2.0, 2.0, 5).ci95 == pytest.approx((-1.919928, 5.919928), abs=1e-6)


def _die_game(rng: random.Random):
    """Two players each roll a die: the higher wins, equal rolls tie."""
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return 0 if a > b else 1 if b > a else "tie"


def test_the_convergence_band_is_wilsons_for_a_proportion_and_stays_where_the_quantity_can_be():
    import numpy as np

    from circuslib.core.sim import _band, _running_mean, wilson_interval

    wins = [1] * 12 + [0] * 3  # a run of wins first: Wald's band would leave [0, 1]
    n, mean, half = _running_mean(wins)
    low, high = _band(wins, n, mean, half)
    assert (low >= 0).all() and (high <= 1).all() and (mean + half > 1).any()
    assert (low[-1], high[-1]) == pytest.approx(wilson_interval(12, 15))
    scores = [0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0]  # a score is never negative: neither is its band
    n, mean, half = _running_mean(scores)
    low, high = _band(scores, n, mean, half)
    assert (low >= 0).all() and (mean - half < 0).any() and np.all(high <= 20)
