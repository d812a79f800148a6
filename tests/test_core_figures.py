"""A lesson's figures (core.figures): values land where the ticks say, ticks are round, each curve has its own
marker and dash, bars carry their intervals and exact marks, a heat map colours its shares on viridis with a
labelled scale, every figure reads in a dark theme, shows itself in a notebook in every form (themed HTML, plain SVG,
its description in words), draws the same data with matplotlib (to_matplotlib), and refuses bad input with one
sentence. The simulation plots (sim.convergence_plot, sim.tally_plot) draw the running mean and the tally.
"""
from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.figures import COLOURS, RED, Plot, _log_ticks, heat_map, nice_ticks, scale_colour, side_by_side
from circuslib.core.sim import Estimate, _running_mean, _tally_bars, convergence_plot, tally, tally_plot
from circuslib.core.svg import MIN_TEXT as TICK
from circuslib.core.svg import dark_ink, svg_text

NS = "{http://www.w3.org/2000/svg}"


def _tree(figure) -> ET.Element:
    return ET.fromstring(figure.svg())


def _texts(figure) -> list[str]:
    return ["".join(t.itertext()) for t in _tree(figure).iter(f"{NS}text")]


def _tick_positions(figure, axis: str) -> dict[str, float]:
    """Each tick label of the x (under the plot) or y axis (left of it) and where it is drawn."""
    root = _tree(figure)
    texts = [t for t in root.iter(f"{NS}text") if t.get("text-anchor") in ("middle", "end") and not t.get("class")
             and not t.get("transform")]
    if axis == "y":
        return {t.text: float(t.get("y")) for t in texts if t.get("text-anchor") == "end"}
    bottom = max(float(t.get("y")) for t in texts if t.get("text-anchor") == "middle")
    return {t.text: float(t.get("x")) for t in texts if t.get("text-anchor") == "middle" and float(t.get("y")) < bottom}


def _polyline(figure, n: int = 0) -> list[tuple[float, float]]:
    lines = list(_tree(figure).iter(f"{NS}polyline"))
    return [tuple(map(float, p.split(","))) for p in lines[n].get("points").split()]


def test_ticks_are_round_and_cover_the_range():
    assert [label for _, label in nice_ticks(0, 1.05)] == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]
    assert [v for v, _ in nice_ticks(9.5, 18.7)] == [10, 12, 14, 16, 18]
    assert [label for _, label in nice_ticks(0, 2500)] == ["0", "500", "1,000", "1,500", "2,000", "2,500"]
    assert [label for _, label in nice_ticks(0, 1, 5)] == ["0.00", "0.25", "0.50", "0.75", "1.00"]
    assert [label for _, label in _log_ticks(0.8, 60_000)] == ["1", "10", "100", "1,000", "10,000"]
    assert [label for _, label in _log_ticks(3, 40)] == ["5", "10", "20"]  # under two decades: 1, 2 and 5 times
    assert [label for _, label in _log_ticks(0.0004, 0.5)] == ["0.001", "0.01", "0.1"]
    with pytest.raises(ValueError, match="low to high"):
        nice_ticks(1, 1)


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e6, 1e6), st.floats(1e-3, 1e6), st.integers(3, 12))
def test_ticks_are_few_evenly_spaced_and_inside_the_range(low, width, most):
    high = low + width
    ticks = [v for v, _ in nice_ticks(low, high, most)]
    assert 1 <= len(ticks) <= most + 1
    assert all(low - 1e-9 * width <= v <= high + 1e-9 * width for v in ticks)
    steps = {round(b - a, 9) for a, b in zip(ticks, ticks[1:])}
    assert len(steps) <= 1 or max(steps) - min(steps) <= 1e-6 * width


def test_a_curve_lands_where_its_ticks_say():
    plot = Plot("a line", xlabel="x (points)", ylabel="y (points)").line([0, 10], [0, 20], label="y = 2x")
    xs, ys = _tick_positions(plot, "x"), _tick_positions(plot, "y")
    (x0, y0), (x1, y1) = _polyline(plot)
    assert x0 == pytest.approx(xs["0"], abs=0.2) and x1 == pytest.approx(xs["10"], abs=0.2)
    # a y tick label sits a third of its height under its value's row
    assert y0 == pytest.approx(ys["0"] - TICK * 0.35, abs=0.2) and y1 == pytest.approx(ys["20"] - TICK * 0.35, abs=0.2)
    assert y1 < y0  # up is up
    texts = _texts(plot)
    assert texts[0] == "a line" and "x (points)" in texts and "y (points)" in texts and "y = 2x" in texts


def test_each_curve_has_its_own_colour_marker_and_dash_and_a_legend_entry():
    plot = (Plot("two rules", xlabel="t", ylabel="score").line([1, 2, 3], [1, 2, 3], label="first")
            .line([1, 2, 3], [3, 2, 1], label="second").hline(Fraction(5, 2), label="exact"))
    root = _tree(plot)
    lines = list(root.iter(f"{NS}polyline"))
    assert [line.get("stroke") for line in lines] == list(COLOURS[:2])
    assert lines[0].get("stroke-dasharray") is None and lines[1].get("stroke-dasharray")  # told apart without colour
    assert len(list(root.iter(f"{NS}circle"))) >= 3 and len(list(root.iter(f"{NS}rect"))) >= 3  # o and s markers
    assert ["first", "second", "exact"] == [t for t in _texts(plot) if t in ("first", "second", "exact")]
    red = [p for p in root.iter(f"{NS}path") if p.get("stroke") == RED]
    assert red and red[0].get("stroke-dasharray")  # the exact value dashed red
    assert len(_polyline(Plot("long", xlabel="x", ylabel="y").line(range(100), range(100)))) == 100
    # a long curve keeps its marker (so it is told apart without colour), on every k-th point only: about 15
    assert 10 <= len(list(_tree(Plot("long", xlabel="x", ylabel="y").line(range(100), range(100)))
                          .iter(f"{NS}circle"))) <= 20


def test_bars_carry_their_intervals_and_the_exact_marks():
    plot = (Plot("games won", xlabel="bot", ylabel="share", ylim=(0, 0.6))
            .bars(["a", "b"], [0.2, 0.4], errors=[(0.1, 0.3), (0.35, 0.45)], label="simulated")
            .marks(["a", "b"], [Fraction(1, 4), Fraction(1, 2)], label="exact"))
    root = _tree(plot)
    bars = [r for g in root.iter(f"{NS}g") if g.get("fill") == "#6baed6" for r in g.iter(f"{NS}rect")]
    ys = _tick_positions(plot, "y")
    bottom = ys["0.0"] - TICK * 0.35
    assert [float(b.get("height")) for b in bars] == pytest.approx(
        [(bottom - (ys["0.2"] - TICK * 0.35)), (bottom - (ys["0.4"] - TICK * 0.35))], abs=0.3)
    errors = next(p for p in root.iter(f"{NS}path") if p.get("class") == "circus-plot-errors")
    assert errors.get("d").count("M") == 6  # a line and two caps per bar
    marks = next(p for p in root.iter(f"{NS}path") if p.get("class") == "circus-plot-marks")
    assert marks.get("stroke") == RED and marks.get("d").count("M") == 2
    assert {"a", "b", "simulated", "exact"} <= set(_texts(plot))


def test_a_heat_map_colours_each_share_on_its_scale_and_leaves_missing_cells_blank():
    assert (scale_colour(0), scale_colour(0.5), scale_colour(1)) == ("#440154", "#21918c", "#fde725")  # viridis
    rows = np.array([[0.0, 0.5, 1.0], [np.nan, 1.0, 0.25]])
    figure = heat_map(rows, xs=[10, 11, 12], ys=[1, 2], title="hit or stay", xlabel="sum", ylabel="numbers held",
                      scale_label="share: hit")
    root = _tree(figure)
    cells = [r for r in root.iter(f"{NS}rect") if r.find(f"{NS}title") is not None]
    assert len(cells) == 5  # the NaN cell is not drawn
    assert [c.get("fill") for c in cells[:3]] == ["#440154", "#21918c", "#fde725"]
    assert cells[0].find(f"{NS}title").text == "1, 10: 0.00"  # each cell says its value: not colour alone
    assert {"hit or stay", "sum", "numbers held", "share: hit", "0", "0.5", "1"} <= set(_texts(figure))


def test_every_figure_reads_in_a_dark_theme_and_shows_itself_in_a_notebook():
    rng = random.Random(7)
    estimate = Estimate.from_values([rng.random() for _ in range(3_000)], keep=True)
    result = tally(lambda r: r.choice("aab"), 500, seed=1)
    figures = [
        Plot("curves", xlabel="x", ylabel="y").line([1, 2], [3, 4], label="one").line([1, 2], [4, 3], label="two")
        .line([1, 2], [2, 2], label="three").line([1, 2], [1, 1], label="four").line([1, 2], [0, 1], label="five"),
        convergence_plot(estimate, Fraction(1, 2), title="running mean"),
        tally_plot(result, {"a": Fraction(2, 3), "b": Fraction(1, 3)}, title="a or b"),
        heat_map([[0.1, 0.9]], xs=[0, 1], ys=["one"], title="t", xlabel="x", ylabel="y", scale_label="share"),
    ]
    for figure in figures:
        assert dark_ink(figure.svg()) == []
        html = figure._repr_html_()
        assert html.startswith('<div class="circus-figure" role="img" aria-label="') and "<svg" in html
        assert 'class="circus-svg circus-plot' in html
    row = side_by_side(*figures[:2])
    assert row._repr_html_().count("<svg") == 2 and "flex-wrap: wrap" in row._repr_html_()


def test_the_simulation_plots_draw_the_running_mean_and_the_tally():
    rng = random.Random(3)
    values = [rng.gauss(10, 3) for _ in range(5_000)]
    n, mean, half = _running_mean(values, points=400)
    assert n[-1] == 5_000 and mean[-1] == pytest.approx(sum(values) / 5_000)
    assert half[-1] == pytest.approx(1.959963984540054 * float(np.std(values, ddof=1)) / math.sqrt(5_000))
    plot = convergence_plot(Estimate.from_values(values, keep=True), 10, title="t", label="sim")
    assert "exact = 10" in _texts(plot) and "sim (running mean)" in _texts(plot) and "95% band" in _texts(plot)
    assert len(_polyline(plot)) == len(n)
    long = convergence_plot(values, Fraction(5637289545718, 304369140075), title="t")
    assert "exact ≈ 18.5212" in _texts(long)  # a long fraction as its decimal
    result = tally(lambda r: r.choice([1, 2, 2, 3]), 2_000, seed=5)
    outcomes, labels, shares, intervals = _tally_bars(result, {3: Fraction(1, 4), 2: Fraction(1, 2), 1: Fraction(1, 4)},
                                                      {1: "one"})
    assert outcomes == [3, 2, 1] and labels == ["3", "2", "one"]  # the exact table's order, the names given
    assert all(lo <= s <= hi for s, (lo, hi) in zip(shares, intervals))
    drawn = tally_plot(result, {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)}, title="t")
    assert "simulated (n = 2,000), 95% intervals" in _texts(drawn) and "exact" in _texts(drawn)


@pytest.mark.parametrize("make, message", [
    (lambda: Plot(3, xlabel="x", ylabel="y"), "title"),
    (lambda: Plot("t", xlabel="x", ylabel="y", log_x="yes"), "log_x is True or False"),
    (lambda: Plot("t", xlabel="x", ylabel="y", ylim=(1, 0)), "low to high"),
    (lambda: Plot("t", xlabel="x", ylabel="y", log_y=True, ylim=(0, 1)), "above 0"),
    (lambda: Plot("t", xlabel="x", ylabel="y", width=10), "200 to 2,000 pixels"),
    (lambda: Plot("t", xlabel="x", ylabel="y", legend="middle"), "legend"),
    (lambda: Plot("t", xlabel="x", ylabel="y").line([1, 2], [1]), "as many ys as xs"),
    (lambda: Plot("t", xlabel="x", ylabel="y").line([1, 2], ["a", 2]), "must be a number"),
    (lambda: Plot("t", xlabel="x", ylabel="y").line([1, math.inf], [1, 2]), "finite"),
    (lambda: Plot("t", xlabel="x", ylabel="y").line([], []), "xs"),
    (lambda: Plot("t", xlabel="x", ylabel="y", log_x=True).line([0, 1], [1, 2]), "above 0"),
    (lambda: Plot("t", xlabel="x", ylabel="y").line([1, 2], [1, 2], marker="x"), "marker"),
    (lambda: Plot("t", xlabel="x", ylabel="y").band([1, 2], [2, 2], [1, 3]), "low values lie below"),
    (lambda: Plot("t", xlabel="x", ylabel="y").bars(["a"], [0.5]).line([1], [1]), "numbers along x"),
    (lambda: Plot("t", xlabel="x", ylabel="y").line([1], [1]).bars(["a"], [0.5]), "x axis of names"),
    (lambda: Plot("t", xlabel="x", ylabel="y").bars(["a"], [0.5]).marks(["b"], [0.5]), "same as the bars"),
    (lambda: Plot("t", xlabel="x", ylabel="y").bars(["a"], [0.5], errors=[(0.6, 0.4)]), "low below high"),
    (lambda: Plot("t", xlabel="x", ylabel="y", log_y=True).bars(["a"], [0.5]), "logarithmic"),
    (lambda: Plot("t", xlabel="x", ylabel="y").svg(), "empty"),
    (lambda: Plot("t", xlabel="x", ylabel="y").hline(0.5).svg(), "give xlim"),
    (lambda: Plot("t", xlabel="x", ylabel="y", log_y=True).marks(["a"], [0.5]), "logarithmic"),
    (lambda: heat_map([[0.5, 1.5]], xs=[0, 1], ys=[1], title="t", xlabel="x", ylabel="y", scale_label="s"), "0 to 1"),
    (lambda: heat_map([[0.5]], xs=[0, 1], ys=[1], title="t", xlabel="x", ylabel="y", scale_label="s"), "one row per"),
    (lambda: heat_map([[0.5, 1]], xs=[1, 0], ys=[1], title="t", xlabel="x", ylabel="y", scale_label="s"), "rise"),
    (lambda: side_by_side("a picture"), "figures to show"),
    (lambda: tally_plot([1, 2], title="t"), "a Tally"),
    (lambda: tally_plot(tally(lambda r: 1, 5, seed=1), {}, title="t"), "exact chance"),
    (lambda: convergence_plot(Estimate.from_values([1.0, 2.0]), 1, title="t"), "keep=True"),
])
def test_bad_input_is_refused_with_one_sentence(make, message):
    with pytest.raises((TypeError, ValueError), match=message):
        make()


def test_text_is_escaped():
    plot = Plot('a <b> & "c"', xlabel="x < 1", ylabel="y").line([1, 2], [1, 2], label="p & q")
    svg = plot.svg()
    ET.fromstring(svg)  # well formed
    assert "&lt;b&gt; &amp;" in svg and "p &amp; q" in svg and not re.search(r"<b>", svg)


def test_bars_added_again_for_the_same_names_stand_side_by_side():
    plot = Plot("duels", xlabel="pairing", ylabel="share", ylim=(0, 1))
    for share, colour in ((0.5, "#d7301f"), (0.25, "#2171b5"), (0.25, "#969696")):
        plot.bars(["a", "b"], [share, share], errors=[(share - 0.1, share + 0.1)] * 2, colour=colour)
    root = _tree(plot)
    series = [[float(r.get("x")) for r in g.iter(f"{NS}rect")] for g in root.iter(f"{NS}g")
              if g.get("fill") in ("#d7301f", "#2171b5", "#969696")]
    widths = {round(float(r.get("width")), 1) for g in root.iter(f"{NS}g") if g.get("fill") == "#2171b5"
              for r in g.iter(f"{NS}rect")}
    assert len(series) == 3 and all(len(xs) == 2 for xs in series) and len(widths) == 1
    width = widths.pop()
    for slot in range(2):  # in each name's slot: red, then blue, then grey, side by side, each a bar's width on
        lefts = [xs[slot] for xs in series]
        assert [b - a for a, b in zip(lefts, lefts[1:])] == pytest.approx([width, width], abs=0.2)
    assert series[0][1] > series[2][0]  # the second name's slot starts after the first's ends
    errors = [p for p in root.iter(f"{NS}path") if p.get("class") == "circus-plot-errors"]
    assert len(errors) == 3 and all(e.get("d").count("M") == 6 for e in errors)


def test_a_plot_may_name_its_y_ticks_in_the_lessons_words():
    plot = Plot("chances", xlabel="k", ylabel="probability", log_y=True, ylim=(1e-3, 1),
                ytick_label=lambda p: "1" if p == 1 else f"1 in {1 / p:,.0f}").line([1, 2], [0.5, 0.01])
    assert {"1 in 1,000", "1 in 100", "1 in 10", "1"} <= set(_texts(plot))
    with pytest.raises(TypeError, match="ytick_label is a function"):
        Plot("t", xlabel="x", ylabel="y", ytick_label="%")


def test_what_lies_beyond_the_range_asked_for_stays_inside_the_frame():
    plot = Plot("clipped", xlabel="x", ylabel="y", ylim=(0, 1)).line([0, 1, 2], [0.5, 3, 0.5], label="beyond")
    root = _tree(plot)
    clip = next(root.iter(f"{NS}clipPath"))
    drawn = next(g for g in root.iter(f"{NS}g") if g.get("clip-path"))
    assert drawn.get("clip-path") == f"url(#{clip.get('id')})" and drawn.find(f".//{NS}polyline") is not None
    frame = next(r for r in root.iter(f"{NS}rect") if r.get("fill") == "none")
    edge = clip.find(f"{NS}rect")
    assert float(edge.get("y")) == pytest.approx(float(frame.get("y")) - 4)  # a marker on the edge still shows
    assert float(edge.get("height")) == pytest.approx(float(frame.get("height")) + 8)
    # a reference line alone needs the x range given
    assert "<svg" in Plot("level", xlabel="x", ylabel="y", xlim=(0, 1)).hline(0.5, label="half").svg()


def test_a_narrow_log_range_still_has_ticks_at_its_ends():
    assert [label for _, label in _log_ticks(0.0012, 0.0018)] == ["0.0012", "0.0018"]
    plot = Plot("narrow", xlabel="x", ylabel="y", log_y=True, ylim=(0.0012, 0.0018)).line([1, 2], [0.0013, 0.0017])
    assert {"0.0012", "0.0018"} <= set(_texts(plot))


# ---------------------------------------------------------------------------------------------------------
# every form of a figure: themed HTML, plain SVG, words, and matplotlib


def _figures() -> list:
    rng = random.Random(7)
    estimate = Estimate.from_values([rng.random() for _ in range(3_000)], keep=True)
    result = tally(lambda r: r.choice("aab"), 500, seed=1)
    curves = (Plot("Two rules", xlabel="t", ylabel="score").line([1, 2, 3], [1, 2, 3], label="first")
              .line([1, 2, 3], [3, 2, 1], label="second").hline(Fraction(5, 2), label="exact"))
    heat = heat_map([[0.1, 0.9]], xs=[0, 1], ys=["one"], title="t", xlabel="x", ylabel="y", scale_label="share")
    return [curves, convergence_plot(estimate, Fraction(1, 2), title="running mean"),
            tally_plot(result, {"a": Fraction(2, 3), "b": Fraction(1, 3)}, title="a or b"), heat,
            side_by_side(curves, heat)]


def test_every_figure_offers_themed_html_plain_svg_and_its_description():
    for figure in _figures():
        bundle = figure._repr_mimebundle_()
        assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
        plain = bundle["image/svg+xml"]
        root = ET.fromstring(plain)  # one well-formed SVG document
        assert root.tag == f"{NS}svg" and "currentColor" not in plain and "var(--" not in plain
        assert bundle["text/plain"] == figure.description() == repr(figure)
        assert f'aria-label="{svg_text(figure.description())}"' in bundle["text/html"]
        assert "currentColor" in bundle["text/html"]  # the notebook's copy takes the page's theme
        assert 2 <= len(figure.description().splitlines()) <= 12  # a few lines, not the data dump


def test_a_description_says_the_title_the_axes_and_each_series_with_its_values():
    plot = (Plot("Two rules", xlabel="t", ylabel="score").line([1, 2, 3], [1, 2, 3], label="first")
            .hline(Fraction(5, 2), label="exact"))
    assert plot.description().splitlines() == [
        "Two rules.",
        'x axis: "t", marked from 1.0 to 3.0.',
        'y axis: "score", marked from 1.0 to 3.0.',
        'Curve "first" through (1, 1), (2, 2), (3, 3).',
        'Line "exact" across at y = 2.5.',
    ]
    bars = (Plot("Games won", xlabel="bot", ylabel="share", ylim=(0, 1))
            .bars(["a", "b"], [0.2, 0.4], errors=[(0.1, 0.3), (0.35, 0.45)], label="simulated")
            .marks(["a", "b"], [Fraction(1, 4), Fraction(1, 2)], label="exact"))
    assert bars.description().splitlines()[1:] == [
        'x axis: "bot", 2 names: a, b.', 'y axis: "share", marked from 0.0 to 1.0.',
        'Bars "simulated" with intervals: a: 0.2 (0.1 to 0.3), b: 0.4 (0.35 to 0.45).',
        'Marks "exact" across the bars: a: 0.25, b: 0.5.']
    long = Plot("Long", xlabel="x", ylabel="y", log_x=True).line(range(1, 101), [1 / n for n in range(1, 101)])
    assert long.description().splitlines()[1:] == [
        'x axis: "x", logarithmic, marked from 1 to 100.', 'y axis: "y", marked from 0.0 to 1.0.',
        "Curve: 100 points from x = 1 to 100; y: 100 values, first 1, last 0.01, lowest 0.01, highest 1."]
    heat = heat_map([[0.0, 0.5, None]], xs=[10, 11, 12], ys=["held 1"], title="Hit?", xlabel="sum", ylabel="held",
                    scale_label="share: hit")
    assert heat.description().splitlines()[-1] == "Row held 1: at 10: 0, at 11: 0.5 (1 blank)."


def test_to_matplotlib_draws_the_same_curves_band_and_lines_with_the_same_words():
    plot = (Plot("Pig", xlabel="trials", ylabel="points", log_x=True)
            .band([1, 10, 100], [0, 5, 7], [12, 9, 8], label="95% band")
            .line([1, 10, 100], [6, 7, 7.5], label="running mean", marker=None)
            .hline(Fraction(8), label="exact = 8"))
    figure = plot.to_matplotlib()
    from matplotlib.figure import Figure

    assert isinstance(figure, Figure) and len(figure.axes) == 1
    ax = figure.axes[0]
    # the log axis says so on its label, as the SVG's does
    assert (ax.get_title(), ax.get_xlabel(), ax.get_ylabel()) == ("Pig", "trials (log scale)", "points")
    assert ax.get_xscale() == "log" and ax.get_yscale() == "linear"
    curve, level = ax.lines
    assert list(curve.get_xdata()) == [1, 10, 100] and list(curve.get_ydata()) == [6, 7, 7.5]
    assert list(level.get_ydata()) == [8, 8] and level.get_linestyle() == "--" and level.get_color() == RED
    band = ax.collections[0]
    assert band.get_paths()[0].vertices[:, 1].max() == 12  # the band's top edge
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["95% band", "running mean", "exact = 8"]
    assert ax.get_xlim() == pytest.approx(plot._ranges()[0])  # the same range as the SVG
    assert [t.get_text() for t in ax.get_xticklabels()] == [label for _, label in _log_ticks(*plot._ranges()[0])]
    import matplotlib.pyplot as plt

    assert figure not in [plt.figure(n) for n in plt.get_fignums()]  # the caller's, not shown twice by pyplot


def test_to_matplotlib_draws_the_same_bars_intervals_and_marks():
    plot = (Plot("Games won", xlabel="bot", ylabel="share", ylim=(0, 0.6), legend="upper left")
            .bars(["a", "b"], [0.2, 0.4], errors=[(0.1, 0.3), (0.35, 0.45)], label="simulated")
            .marks(["a", "b"], [Fraction(1, 4), Fraction(1, 2)], label="exact"))
    ax = plot.to_matplotlib().axes[0]
    assert [bar.get_height() for bar in ax.patches] == [0.2, 0.4]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b"] and ax.get_ylim() == (0, 0.6)
    segments = [s for c in ax.collections for s in c.get_segments()]
    assert [[0, 0.1], [0, 0.3]] in [s.tolist() for s in segments]  # the first bar's interval, from 0.1 to 0.3
    marks = ax.collections[-1]
    assert [s[0][1] for s in marks.get_segments()] == [0.25, 0.5] and marks.get_label() == "exact"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["simulated", "exact"]
    assert ax.get_legend()._loc == 2  # upper left, as asked


def test_to_matplotlib_draws_the_heat_map_on_viridis_and_figures_side_by_side():
    heat = heat_map([[0.0, 0.5, None], [1.0, 0.25, 0.75]], xs=[10, 11, 12], ys=["one", "two"], title="Hit?",
                    xlabel="sum", ylabel="held", scale_label="share: hit")
    figure = heat.to_matplotlib()
    ax, bar = figure.axes
    mesh = ax.collections[0]
    assert mesh.get_cmap().name == "viridis" and mesh.get_clim() == (0, 1)
    blank = np.ma.getmaskarray(mesh.get_array()).reshape(2, 3)  # (matplotlib before 3.8 keeps it flat)
    assert blank.tolist() == [[False, False, True], [False, False, False]]  # the blank cell
    assert bar.get_ylabel() == "share: hit" and [t.get_text() for t in ax.get_yticklabels()] == ["one", "two"]
    import matplotlib

    viridis = matplotlib.colormaps["viridis"]
    for share in np.linspace(0, 1, 41):  # the SVG's scale is matplotlib's viridis, within a shade
        svg = [int(scale_colour(share)[i:i + 2], 16) for i in (1, 3, 5)]
        assert max(abs(a - 255 * b) for a, b in zip(svg, viridis(share)[:3])) < 6
    plot = Plot("a line", xlabel="x", ylabel="y").line([0, 1], [0, 1])
    row = side_by_side(plot, heat).to_matplotlib()
    assert [a.get_title() for a in row.axes[:2]] == ["a line", "Hit?"]
    import matplotlib.pyplot as plt

    _, mine = plt.subplots()
    assert plot.to_matplotlib(mine) is mine.figure and mine.get_title() == "a line"  # on the student's own axes
    plt.close(mine.figure)
    with pytest.raises(TypeError, match="matplotlib Axes"):
        plot.to_matplotlib("axes")


def test_a_figure_is_drawn_and_shown_without_loading_matplotlib():
    import subprocess
    import sys

    code = ("import sys\nfrom circuslib.core.figures import Plot, heat_map, side_by_side\n"
            "from circuslib.core.sim import convergence_plot, tally, tally_plot\n"
            "p = Plot('t', xlabel='x', ylabel='y').line([1, 2], [3, 4])\n"
            "h = heat_map([[0.5]], xs=[1], ys=['a'], title='t', xlabel='x', ylabel='y', scale_label='s')\n"
            "side_by_side(p, h)._repr_mimebundle_()\n"
            "convergence_plot([1, 0, 1], 0.5, title='c')._repr_mimebundle_()\n"
            "tally_plot(tally(lambda r: r.random() < 0.5, 50, seed=1), title='t')._repr_mimebundle_()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_latex_figures_gives_each_svg_figure_its_latex_and_its_words():
    from circuslib.core.figures import latex_figures

    figure = Plot("50% & more_than {half}", xlabel="x", ylabel="y").line([1, 2], [3, 4])
    output = {"output_type": "display_data", "data": figure._repr_mimebundle_(),
              "metadata": {"filenames": {"image/svg+xml": "lesson_files/lesson_3_0.svg"}}}
    matplotlib_png = {"output_type": "display_data", "data": {"image/png": "...", "text/plain": "<Figure>"},
                      "metadata": {}}
    notebook = {"cells": [{"cell_type": "code", "outputs": [output, matplotlib_png]}]}
    latex_figures(notebook, {})
    latex = output["data"]["text/latex"]
    assert "\\IfFileExists{lesson_files/lesson_3_0.pdf}" in latex
    assert "\\texttt{lesson\\_files/lesson\\_3\\_0.svg}" in latex
    assert "50\\% \\& more\\_than \\{half\\}." in latex  # the words, escaped for LaTeX, a line each
    assert latex.count(" \\\\\n") == len(figure.description().splitlines()) - 1
    assert "text/latex" not in matplotlib_png["data"]  # only what offers SVG


def test_a_log_axis_says_so_on_its_label_in_svg_and_matplotlib():
    plot = Plot("errors", xlabel="trials", ylabel="error", log_x=True, log_y=True).line([1, 10, 100], [1, 0.1, 0.01])
    assert "trials (log scale)" in _texts(plot) and "error (log scale)" in _texts(plot)
    ax = plot.to_matplotlib().axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("trials (log scale)", "error (log scale)")
    # a label that already says it is not told twice; a linear axis says nothing
    said = Plot("p", xlabel="x", ylabel="chance (log scale)", log_y=True).line([1, 2], [0.1, 0.01])
    assert "chance (log scale)" in _texts(said) and "x" in _texts(said)


@pytest.mark.parametrize("name", [("stay", (5,)), "('stay', (5,))", ["hit", 3], "(5,)"])
def test_a_tuple_is_refused_as_a_bar_name_or_a_tick_label_with_words(name):
    from circuslib.core.figures import Chart

    with pytest.raises(ValueError, match=r"words a student reads, like 'stay at 5', not the Python tuple") as refusal:
        Plot("ends", xlabel="end", ylabel="share").bars([name, "bust"], [0.5, 0.5])
    assert refusal.value.args[0].count(". ") == 0  # one sentence
    with pytest.raises(ValueError, match="not the Python tuple"):
        heat_map([[0.5]], xs=[1], ys=[name], title="t", xlabel="x", ylabel="y", scale_label="s")
    chart = Chart(300, 200, x_range=(0, 1), y_range=(0, 1))
    with pytest.raises(ValueError, match="not the Python tuple"):
        chart.axes(xticks=[(0.5, name)], yticks=[(0, "0")], xlabel="x", ylabel="y", title="t")
    # words with brackets stay welcome
    Plot("ok", xlabel="end", ylabel="share").bars(["stay at 5", "(5, 3) pair", "bust (kit ruling)"], [0.2, 0.3, 0.5])


def test_five_curves_differ_each_by_marker_and_by_dash_and_the_legend_shows_both():
    plot = Plot("five", xlabel="x", ylabel="y")
    for k in range(5):
        plot.line([1, 2, 3], [k, k + 1, k], label=f"rule {k}")
    root = _tree(plot)
    groups = [g for g in root.iter(f"{NS}g") if g.find(f"{NS}polyline") is not None]
    dashes = [g.find(f"{NS}polyline").get("stroke-dasharray") for g in groups]
    def shape(marker: ET.Element) -> tuple:
        # a marker's kind: its element, and for a polygon its corners and whether it points up or down
        corners = [tuple(map(float, c.split(","))) for c in marker.get("points", "").split()]
        return marker.tag, len(corners), len(corners) > 1 and corners[0][1] < corners[1][1]

    assert len(set(dashes)) == 5, f"each curve its own dash pattern: {dashes}"
    assert len({shape(g[1]) for g in groups}) == 5, "each curve its own marker"
    legend = next(g for g in root.iter(f"{NS}g") if "legend" in g.get("class", ""))
    swatches = [p.get("stroke-dasharray") for p in legend.iter(f"{NS}path")]
    assert sorted(map(str, swatches)) == sorted(map(str, dashes))  # the legend's lines dashed as the curves
    assert len(list(legend.iter(f"{NS}circle"))) + len(list(legend.iter(f"{NS}rect"))) + \
        len(list(legend.iter(f"{NS}polygon"))) == 5  # and a marker on each
    # dash=True keeps each curve's own pattern: two dashed curves are not one style
    two = Plot("two", xlabel="x", ylabel="y").line([1, 2], [1, 2], dash=True).line([1, 2], [2, 1], dash=True)
    assert len({p.get("stroke-dasharray") for p in _tree(two).iter(f"{NS}polyline")}) == 2


def test_a_heat_map_of_whole_columns_ticks_whole_numbers_only():
    heat = heat_map([[0, 0.5, 1, 0.25]], xs=[10, 11, 12, 13], ys=["one"], title="t", xlabel="sum", ylabel="y",
                    scale_label="share")
    assert [label for _, label in heat._xticks()] == ["10", "11", "12", "13"]


def test_a_legend_inside_the_plot_never_covers_its_data():
    def legend_box(plot):
        box = next(r for r in _tree(plot).iter(f"{NS}rect") if r.get("fill") == "#ffffff")
        return float(box.get("x")), float(box.get("y"))

    # a curve rising into the upper right corner: the legend asked for there goes to the upper left, which is free
    rising = Plot("rising", xlabel="x", ylabel="y", legend="upper right").line(range(20), range(20), label="up")
    x, y = legend_box(rising)
    assert x < 200 and y < 100
    assert rising._legend_corner() == "upper left"
    # data in every corner: the legend goes beside the plot, wider by the legend, and matplotlib agrees
    corners = Plot("corners", xlabel="x", ylabel="y", legend="upper right")
    corners.line([0, 1, 2, 3, 4, 5, 6], [0, 9, 0, 9, 0, 9, 0], label="zigzag").line([0, 6], [9, 9], label="top")
    assert corners._legend_corner() is None
    assert float(_tree(corners).get("width")) > 560 and corners._size()[0] > 560
    drawn = corners.to_matplotlib()
    drawn.canvas.draw()
    ax = drawn.axes[0]
    assert ax.get_legend().get_window_extent().x0 >= ax.get_window_extent().x1  # beside the axes, not over them
    # a free corner keeps the legend where it was asked for
    falling = Plot("falling", xlabel="x", ylabel="y", legend="upper right").line(range(20), [20 - v for v in range(20)],
                                                                                 label="down")
    assert falling._legend_corner() == "upper right"


def test_bars_with_a_legend_inside_find_a_free_corner_or_go_beside():
    low = Plot("low bars", xlabel="x", ylabel="y", legend="upper right", ylim=(0, 10)).bars(["a", "b"], [1, 2],
                                                                                              label="counts")
    assert low._legend_corner() == "upper right"
    tall = Plot("tall bars", xlabel="x", ylabel="y", legend="upper right").bars(["a", "b", "c"], [9, 9, 9],
                                                                                 errors=[(8, 10)] * 3, label="counts")
    assert tall._legend_corner() is None  # the bars fill the plot: the legend goes beside it


def test_a_text_is_wrapped_at_its_spaces_and_a_long_word_keeps_a_line_of_its_own():
    from circuslib.core.svg import lines_of

    assert lines_of("the exact chance of a bust", 12) == ["the exact", "chance of a", "bust"]
    assert lines_of("Dresseuse", 4) == ["Dresseuse"]
    assert lines_of("  ", 10) == [] and lines_of("a b c", 5) == ["a b c"]
