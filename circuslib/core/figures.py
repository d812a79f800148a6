"""A lesson's figures, drawn by the kit as SVG in the page's theme: curves, bars with their intervals, a heat map.

``Plot`` reads like a matplotlib axes: ``line``, ``hline``, ``band``, ``bars``, ``marks``, each with its ``label`` for
the legend; the ranges and ticks follow the data. ``heat_map`` draws a table of shares in colour with its scale, and
``side_by_side`` puts figures in one row. A figure shows itself when it is a cell's last value.

Why not matplotlib: a figure written as SVG text costs a few milliseconds in the kernel, where matplotlib's (its
module loaded, its text laid out, its pixels drawn and encoded) cost a tenth of a second each, in every student's
kernel when a class opens a lesson at once. And the browser draws the SVG in the theme: axes and text take the
page's text colour, so a figure reads in a dark theme too. Lines differ by marker and dash, not by colour alone.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from numbers import Real
from typing import Any

from .args import items, one_of, optional_text, text
from .charts import INK, Chart, Key, legend_size
from .game import describe
from .svg import PIECE, svg_text

__all__ = ["Plot", "heat_map", "side_by_side", "nice_ticks", "COLOURS", "RED"]

COLOURS = ("#2171b5", "#d94801", "#238b45", "#807dba", "#a6761d")
"""The colours of a plot's curves and bars, in order: each reads on a light and on a dark page."""
RED = "#d7301f"
"""The colour of an exact value drawn over a simulation (a reference line, a mark on a bar)."""
_MARKERS = ("o", "s", "^", "D", "v")
_DASHES = (None, "6,3", "2,2", "8,3,2,3", None)
_LEGEND_PLACES = ("right", "upper left", "upper right", "lower left", "lower right")


def _number(value: Any, name: str) -> float:
    """A finite number (an int, a float, a Fraction or a sympy number) as a float."""
    if isinstance(value, bool) or not (isinstance(value, Real) or hasattr(value, "__float__")):
        raise TypeError(f"{name} must be a number, not {describe(value)}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number, not {describe(value)}") from None
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, not {number}")
    return number


def _numbers(values: Any, name: str, *, low: int = 1) -> list[float]:
    """A list (or range, tuple, numpy array) of finite numbers as floats."""
    if hasattr(values, "tolist"):  # a numpy array
        values = values.tolist()
    return [_number(v, f"each of {name}") for v in items(values, name, low=low)]


def _range_arg(value: Any, name: str) -> tuple[float, float] | None:
    """None (follow the data) or a (low, high) pair with low below high."""
    if value is None:
        return None
    pair = items(value, name, low=2, high=2)
    low, high = (_number(v, f"each end of {name}") for v in pair)
    if low >= high:
        raise ValueError(f"{name} goes from low to high, not {low:g} to {high:g}")
    return low, high


def _tick_label(value: float, step: float) -> str:
    """A tick's label: a whole number with thousands separators, or as many decimals as the step needs."""
    if abs(step) >= 1 and float(value).is_integer():
        return f"{value:,.0f}"
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) if step > 0 else 2
    decimals += 0 if round(step * 10 ** decimals, 6).is_integer() else 1  # a step of 0.25 needs two decimals
    return f"{value:,.{decimals}f}"


def nice_ticks(low: float, high: float, most: int = 7) -> list[tuple[float, str]]:
    """Round tick values from ``low`` to ``high`` (steps of 1, 2, 2.5 or 5 times a power of ten), at most ``most``."""
    if not high > low:
        raise ValueError(f"ticks need a range from low to high, not {low:g} to {high:g}")
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= raw * (1 - 1e-9))
    first = math.ceil(low / step - 1e-9)
    ticks = []
    k = first
    while k * step <= high + step * 1e-9:
        value = round(k * step, 12) + 0.0  # + 0.0: no "-0"
        ticks.append((value, _tick_label(value, step)))
        k += 1
    return ticks


def _log_ticks(low: float, high: float) -> list[tuple[float, str]]:
    """Ticks on a log scale from ``low`` to ``high``: the powers of ten (1, 2 and 5 times them when the range spans
    less than two), whole numbers with thousands separators (1,000 rather than 10^3)."""
    def label(value: float) -> str:
        return f"{value:,.0f}" if value >= 1 else f"{value:.10f}".rstrip("0") if value >= 1e-6 else f"{value:g}"

    powers = range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1)
    for multiples in ((1,), (1, 2, 5)):
        values = [m * 10.0 ** p for p in powers for m in multiples]
        ticks = [(v, label(v)) for v in values if low * (1 - 1e-9) <= v <= high * (1 + 1e-9)]
        if len(ticks) >= 3:
            return ticks
    if len(ticks) < 2:  # a range narrower than from 1 to 2 times a power of ten: its two ends
        ticks = [(v, f"{v:,.3g}") for v in (low, high)]
    return ticks


class Figure:
    """A picture written by the kit as SVG: it shows itself as a cell's last value (and in ``display``)."""

    def svg(self) -> str:
        """The picture as one SVG element."""
        raise NotImplementedError

    def _repr_html_(self) -> str:
        # HTML, not an SVG image: an <img> would not take the page's text colour, and the figure must read in a
        # dark theme
        return f'<div class="circus-figure">{self.svg()}</div>'


class Plot(Figure):
    """A plot with a title and labelled axes; add curves, bands, reference lines, bars and marks, each with its
    ``label`` for the legend, then show it (the last value of a cell, or ``display(plot)``)."""

    def __init__(self, title: str, *, xlabel: str, ylabel: str, log_x: bool = False, log_y: bool = False,
                 xlim: Any = None, ylim: Any = None, width: float = 560, height: float = 300, legend: str = "right",
                 ytick_label: Callable[[float], str] | None = None) -> None:
        self.title, self.xlabel, self.ylabel = text(title, "title"), text(xlabel, "xlabel"), text(ylabel, "ylabel")
        for name, value in (("log_x", log_x), ("log_y", log_y)):
            if not isinstance(value, bool):
                raise TypeError(f"{name} is True or False, not {describe(value)}")
        self.log_x, self.log_y = log_x, log_y
        self.xlim, self.ylim = _range_arg(xlim, "xlim"), _range_arg(ylim, "ylim")
        for axis, log, lim in (("x", log_x, self.xlim), ("y", log_y, self.ylim)):
            if log and lim and lim[0] <= 0:
                raise ValueError(f"a logarithmic {axis} axis starts above 0")
        self.width = _number(width, "width")
        self.height = _number(height, "height")
        if not (200 <= self.width <= 2000 and 120 <= self.height <= 1200):
            raise ValueError("a plot is 200 to 2,000 pixels wide and 120 to 1,200 high")
        self.legend_place = one_of(legend, "legend", _LEGEND_PLACES)
        if ytick_label is not None and not callable(ytick_label):
            raise TypeError("ytick_label is a function from a tick's value to its label, like lambda p: f'{p:.0%}'")
        self.ytick_label = ytick_label
        self._pieces: list[tuple] = []  # (kind, data, style) in the order added: later ones drawn on top
        self._categories: list[str] | None = None  # the names along x, once bars or marks are added

    # --- what a plot shows ----------------------------------------------------------------------------
    def _style(self, colour: str | None, label: str | None) -> tuple[str, int]:
        optional_text(label, "label")
        if colour is not None:
            text(colour, "colour")
        series = sum(1 for kind, *_ in self._pieces if kind in ("line", "bars"))
        return colour or COLOURS[series % len(COLOURS)], series

    def _xs(self, xs: Any, name: str = "xs") -> list[float]:
        if self._categories is not None:
            raise ValueError("this plot's x axis names categories (its bars): a curve needs numbers along x")
        values = _numbers(xs, name)
        if self.log_x and min(values) <= 0:
            raise ValueError(f"on a logarithmic x axis every x is above 0; {name} has {min(values):g}")
        return values

    def _ys(self, ys: Any, name: str = "ys") -> list[float]:
        values = _numbers(ys, name)
        if self.log_y and min(values) <= 0:
            raise ValueError(f"on a logarithmic y axis every y is above 0; {name} has {min(values):g}")
        return values

    def line(self, xs: Any, ys: Any, *, label: str | None = None, colour: str | None = None,
             marker: str | None = "", dash: bool | None = None) -> Plot:
        """A curve through the points (xs, ys); each curve gets its own colour, marker and dash unless given."""
        xs, ys = self._xs(xs), self._ys(ys)
        if len(xs) != len(ys):
            raise ValueError(f"a curve needs as many ys as xs: {len(xs)} xs, {len(ys)} ys")
        colour, series = self._style(colour, label)
        if marker == "":  # not given: the series' own marker, or none on a long curve (it would hide the line)
            marker = _MARKERS[series % len(_MARKERS)] if len(xs) <= 60 else None
        if marker is not None:
            one_of(marker, "marker", ("o", "s", "^", "v", "D"))
        dashed = _DASHES[series % len(_DASHES)] if dash is None else ("6,3" if dash else None)
        self._pieces.append(("line", (xs, ys), (colour, marker, dashed, label)))
        return self

    def hline(self, y: Any, *, label: str | None = None, colour: str = RED, dash: bool = True) -> Plot:
        """A horizontal line across the plot at ``y`` (an exact value, a fair share), dashed unless told not."""
        value = self._ys([y], "y")[0]
        optional_text(label, "label")
        self._pieces.append(("hline", value, (text(colour, "colour"), "6,3" if dash else None, label)))
        return self

    def band(self, xs: Any, lows: Any, highs: Any, *, label: str | None = None, colour: str | None = None) -> Plot:
        """The shaded area between ``lows`` and ``highs`` over the same xs (a 95% band), in a light colour."""
        xs, lows, highs = self._xs(xs), self._ys(lows, "lows"), self._ys(highs, "highs")
        if not len(xs) == len(lows) == len(highs):
            raise ValueError("a band needs a low and a high value at each of its xs")
        if any(lo > hi for lo, hi in zip(lows, highs)):
            raise ValueError("a band's low values lie below its high values")
        optional_text(label, "label")
        colour = colour or "#6baed6"
        self._pieces.append(("band", (xs, lows, highs), (text(colour, "colour"), label)))
        return self

    def _names(self, names: Any) -> list[str]:
        labels = [str(n) for n in items(names, "names", low=1)]
        if any(kind in ("line", "band") for kind, *_ in self._pieces):
            raise ValueError("this plot's x axis holds numbers (its curves): bars need an x axis of names")
        if self._categories is None:
            self._categories = labels
        elif labels != self._categories:
            raise ValueError(f"the names must be the same as the bars' already drawn: {self._categories}")
        return labels

    def bars(self, names: Any, heights: Any, *, errors: Any = None, label: str | None = None,
             colour: str | None = None) -> Plot:
        """One bar per name; ``errors`` gives each bar's interval as (low, high), drawn as an error bar. Bars added
        again for the same names stand side by side in each name's slot, in the order added (grouped bars)."""
        if self.log_y:
            raise ValueError("bars stand on 0, which a logarithmic y axis does not show: use a line")
        names = self._names(names)
        heights = _numbers(heights, "heights")
        if len(heights) != len(names):
            raise ValueError(f"one height per name: {len(names)} names, {len(heights)} heights")
        intervals = None
        if errors is not None:
            intervals = [tuple(_numbers(pair, "each interval", low=2)) for pair in items(errors, "errors")]
            if len(intervals) != len(names) or any(len(pair) != 2 or pair[0] > pair[1] for pair in intervals):
                raise ValueError("errors holds one (low, high) interval per bar, low below high")
        colour, _ = self._style(colour or "#6baed6", label)
        self._pieces.append(("bars", (heights, intervals), (colour, label)))
        return self

    def marks(self, names: Any, ys: Any, *, label: str | None = None, colour: str = RED) -> Plot:
        """A short thick mark across each named bar at ``ys`` (the exact values the bars estimate)."""
        if self.log_y:
            raise ValueError("marks go across bars, which stand on 0, and a logarithmic y axis does not show 0")
        names = self._names(names)
        ys = self._ys(ys)
        if len(ys) != len(names):
            raise ValueError(f"one y per name: {len(names)} names, {len(ys)} ys")
        optional_text(label, "label")
        self._pieces.append(("marks", ys, (text(colour, "colour"), label)))
        return self

    # --- drawing --------------------------------------------------------------------------------------
    def _keys(self) -> list[Key]:
        keys = []
        for kind, _, style in self._pieces:
            if kind == "line":
                colour, marker, dash, label = style
                if label:
                    keys.append(Key(label, colour=colour, width=1.6, dash=dash, marker=marker))
            elif kind == "hline" and style[2]:
                keys.append(Key(style[2], colour=style[0], width=1.6, dash=style[1]))
            elif kind == "band" and style[1]:
                keys.append(Key(style[1], colour=style[0], box=True))
            elif kind == "bars" and style[1]:
                keys.append(Key(style[1], colour=style[0], box=True))
            elif kind == "marks" and style[1]:
                keys.append(Key(style[1], colour=style[0], width=3))
        return keys

    def _ranges(self) -> tuple[tuple[float, float], tuple[float, float]]:
        xs: list[float] = []
        ys: list[float] = []
        for kind, data, _ in self._pieces:
            if kind == "line":
                xs += data[0]
                ys += data[1]
            elif kind == "band":
                xs += data[0]
                ys += data[1] + data[2]
            elif kind == "hline":
                ys.append(data)
            elif kind == "bars":
                ys += data[0] + [0.0]
                ys += [v for pair in data[1] or () for v in pair]
            elif kind == "marks":
                ys += data + [0.0]
        if not ys:
            raise ValueError("the plot is empty: add a line, a band, bars or marks before showing it")
        if not xs and self._categories is None and not self.xlim:
            raise ValueError("a plot of reference lines only has no x range: add a curve, or give xlim=(low, high)")
        if self._categories is not None:
            x_range = (-0.6, len(self._categories) - 0.4)
        elif self.xlim:
            x_range = self.xlim
        elif self.log_x:
            x_range = (min(xs) / 1.15, max(xs) * 1.15)
        else:
            low, high = min(xs), max(xs)
            pad = (high - low) * 0.03 or 0.5
            x_range = (low - pad, high + pad)
        if self.ylim:
            y_range = self.ylim
        elif self.log_y:
            y_range = (min(ys) / 1.3, max(ys) * 1.3)
        else:
            low, high = min(ys), max(ys)
            pad = (high - low) * 0.06 or abs(high) * 0.1 or 0.5
            # bars stand on 0; curves get a margin either side
            y_range = (0.0 if self._categories is not None and low >= 0 else low - pad, high + pad)
        return x_range, y_range

    def svg(self) -> str:
        """The plot as one SVG element: title, axes, ticks, the pieces in the order added, the legend."""
        (x0, x1), (y0, y1) = self._ranges()
        keys = self._keys()
        inside = self.legend_place != "right"
        legend_width = legend_size(keys)[0] + 24 if keys and not inside else 16
        # the y tick labels' width: the longest label at about 0.6 of the font size a character
        yticks = _log_ticks(y0, y1) if self.log_y else [(v, label) for v, label in nice_ticks(y0, y1) if y0 <= v <= y1]
        if self.ytick_label is not None:  # the lesson's own words for a tick: "1 in 1,000", "25%"
            yticks = [(v, str(self.ytick_label(v))) for v, _ in yticks]
        left = 34 + 6.6 * max(len(label) for _, label in yticks)
        chart = Chart(self.width + legend_width, self.height, x_range=(x0, x1), y_range=(y0, y1), log_x=self.log_x,
                      log_y=self.log_y, margins=(left, 30, legend_width, 46), name="circus-plot")
        if self._categories is not None:
            xticks = list(enumerate(self._categories))
        elif self.log_x:
            xticks = _log_ticks(x0, x1)
        else:
            xticks = [(v, label) for v, label in nice_ticks(x0, x1, 9) if x0 <= v <= x1]
        chart.axes(xticks=xticks, yticks=yticks, xlabel=self.xlabel, ylabel=self.ylabel, title=self.title,
                   grid="y" if self._categories is not None else "xy")
        # what the data draws stays inside the frame (a few pixels more, so a marker on the edge shows whole), as
        # matplotlib clips it: a value beyond ylim must not run over the ticks and labels
        frame = (chart.left - 4, chart.top - 4, chart.right - chart.left + 8, chart.bottom - chart.top + 8)
        clip = "circus-plot-clip-" + "-".join(f"{v:.0f}" for v in frame)  # the same frame, the same clip
        chart.parts.append(f'<clipPath id="{clip}"><rect x="{frame[0]:.1f}" y="{frame[1]:.1f}" '
                           f'width="{frame[2]:.1f}" height="{frame[3]:.1f}"/></clipPath><g clip-path="url(#{clip})">')
        groups = sum(1 for kind, *_ in self._pieces if kind == "bars")
        group = 0
        for kind, data, style in self._pieces:
            if kind == "bars":  # the n-th of several bar series stands n-th in each name's slot
                self._draw_bars(chart, data, style, group, groups)
                group += 1
            else:
                getattr(self, f"_draw_{kind}")(chart, data, style)
        chart.parts.append("</g>")
        if keys:
            chart.legend(keys, inside=self.legend_place if inside else None)
        return chart.svg(css_class="circus-plot", title=self.title)

    @staticmethod
    def _draw_line(chart: Chart, data, style) -> None:
        colour, marker, dash, _ = style
        chart.line(data[0], data[1], colour=colour, width=1.6, dash=dash, marker=marker, marker_size=6)

    @staticmethod
    def _draw_hline(chart: Chart, data, style) -> None:
        chart.hline(data, colour=style[0], width=1.6, dash=style[1])

    @staticmethod
    def _draw_band(chart: Chart, data, style) -> None:
        chart.band(*data, colour=style[0], opacity=0.35)

    @staticmethod
    def _draw_bars(chart: Chart, data, style, group: int = 0, groups: int = 1) -> None:
        heights, intervals = data
        width = 0.7 / groups  # a slot 0.7 wide, shared by the bar series
        centres = [i + (group - (groups - 1) / 2) * width for i in range(len(heights))]
        chart.bars(centres, heights, width=width, fill=style[0])
        if intervals:  # error bars with caps, in the page's ink
            cap = min(0.1, width / 3)
            path = "".join(f"M{chart.x(c):.1f},{chart.y(lo):.1f} V{chart.y(hi):.1f} "
                           f"M{chart.x(c - cap):.1f},{chart.y(lo):.1f} H{chart.x(c + cap):.1f} "
                           f"M{chart.x(c - cap):.1f},{chart.y(hi):.1f} H{chart.x(c + cap):.1f} "
                           for c, (lo, hi) in zip(centres, intervals))
            chart.parts.append(f'<path class="circus-plot-errors" d="{path}" fill="none" stroke="{INK}" '
                               'stroke-width="1.2"/>')

    @staticmethod
    def _draw_marks(chart: Chart, data, style) -> None:
        path = "".join(f"M{chart.x(i - 0.3):.1f},{chart.y(y):.1f} H{chart.x(i + 0.3):.1f} " for i, y in enumerate(data))
        chart.parts.append(f'<path class="circus-plot-marks" d="{path}" stroke="{style[0]}" stroke-width="3"/>')


# the red-yellow-green scale of a heat map (ColorBrewer's RdYlGn): a share of 0 red, 1/2 pale yellow, 1 green
_SCALE = ((0.0, (215, 48, 39)), (0.25, (252, 141, 89)), (0.5, (255, 255, 191)), (0.75, (145, 207, 96)),
          (1.0, (26, 152, 80)))


def _scale_colour(share: float) -> str:
    """The colour of a share from 0 to 1 on the red-yellow-green scale."""
    share = min(1.0, max(0.0, share))
    for (a, ca), (b, cb) in zip(_SCALE, _SCALE[1:]):
        if share <= b:
            t = (share - a) / (b - a)
            return "#" + "".join(f"{round(u + t * (v - u)):02x}" for u, v in zip(ca, cb))
    return "#1a9850"


class _HeatMap(Figure):
    def __init__(self, rows: list[list[float | None]], xs: list[float], ys: list[str], title: str, xlabel: str,
                 ylabel: str, scale_label: str, width: float, height: float) -> None:
        self.rows, self.xs, self.ys = rows, xs, ys
        self.title, self.xlabel, self.ylabel, self.scale_label = title, xlabel, ylabel, scale_label
        self.width, self.height = width, height

    def svg(self) -> str:
        xs, ys = self.xs, self.ys
        step = min((b - a for a, b in zip(xs, xs[1:])), default=1.0)
        left = 34 + 6.6 * max(len(y) for y in ys)
        chart = Chart(self.width + 110, self.height, x_range=(xs[0] - step / 2, xs[-1] + step / 2),
                      y_range=(-0.5, len(ys) - 0.5), margins=(left, 30, 110, 46), name="circus-heat")
        chart.axes(xticks=[(v, label) for v, label in nice_ticks(xs[0], xs[-1], 9) if xs[0] <= v <= xs[-1]],
                   yticks=list(enumerate(ys)), xlabel=self.xlabel, ylabel=self.ylabel, title=self.title, grid="")
        cells = []
        for j, row in enumerate(self.rows):
            for x, share in zip(xs, row):
                if share is None:
                    continue  # no such cell: left blank
                left_x, right_x = chart.x(x - step / 2), chart.x(x + step / 2)
                top, bottom = chart.y(j + 0.5), chart.y(j - 0.5)
                # each cell says its value on hover: the colour is not the only way to read it
                cells.append(f'<rect x="{left_x:.1f}" y="{top:.1f}" width="{right_x - left_x + 0.3:.1f}" '
                             f'height="{bottom - top:.1f}" fill="{_scale_colour(share)}"><title>{svg_text(ys[j])}, '
                             f'{x:g}: {share:.2f}</title></rect>')
        chart.parts.insert(1, f'<g class="{PIECE} circus-heat-cells">{"".join(cells)}</g>')
        # the colour scale: a column of colours from 0 (bottom) to 1 (top) with its ticks and label
        x, top, bottom = chart.right + 18, chart.top, chart.bottom
        stops = "".join(f'<stop offset="{s:g}" stop-color="{_scale_colour(s)}"/>' for s, _ in _SCALE)
        parts = [f'<defs><linearGradient id="circus-heat-scale" x1="0" y1="1" x2="0" y2="0">{stops}</linearGradient>'
                 f'</defs><rect x="{x:g}" y="{top:g}" width="14" height="{bottom - top:g}" '
                 f'fill="url(#circus-heat-scale)" stroke="{INK}" stroke-width="0.6"/>']
        for share in (0, 0.25, 0.5, 0.75, 1):
            y = bottom - share * (bottom - top)
            parts.append(f'<path d="M{x + 14:g},{y:.1f} h4" stroke="{INK}" stroke-width="0.8"/><text x="{x + 21:g}" '
                         f'y="{y + 4:.1f}" font-size="11" font-family="sans-serif" fill="{INK}">{share:g}</text>')
        middle = (top + bottom) / 2
        parts.append(f'<text x="{x + 56:g}" y="{middle:.1f}" font-size="11" text-anchor="middle" '
                     f'transform="rotate(-90 {x + 56:g} {middle:.1f})" font-family="sans-serif" fill="{INK}">'
                     f'{svg_text(self.scale_label)}</text>')
        chart.parts.append(f'<g class="circus-heat-scale">{"".join(parts)}</g>')
        return chart.svg(css_class="circus-plot circus-heat-map", title=self.title)


def heat_map(rows: Any, *, xs: Any, ys: Any, title: str, xlabel: str, ylabel: str, scale_label: str,
             width: float = 700, height: float = 240) -> Figure:
    """A table of shares (0 to 1) in colour, red for 0 through yellow to green for 1: ``rows[j][i]`` is the share
    at x = ``xs[i]`` in row ``ys[j]`` (the first row at the bottom); None or NaN leaves a cell blank."""
    xs = _numbers(xs, "xs")
    if any(b <= a for a, b in zip(xs, xs[1:])):
        raise ValueError("a heat map's xs rise from left to right")
    ys = [str(y) for y in items(ys, "ys", low=1)]
    rows = [row.tolist() if hasattr(row, "tolist") else row for row in items(rows, "rows", low=1)]
    if len(rows) != len(ys) or any(len(items(row, "each row")) != len(xs) for row in rows):
        raise ValueError(f"a heat map has one row per y ({len(ys)}), each with one share per x ({len(xs)})")
    table = []
    for row in rows:
        shares = []
        for value in row:
            if value is None or (isinstance(value, float) and math.isnan(value)):
                shares.append(None)
                continue
            share = _number(value, "each share")
            if not 0 <= share <= 1:
                raise ValueError(f"a heat map's shares go from 0 to 1, not {share:g}")
            shares.append(share)
        table.append(shares)
    return _HeatMap(table, xs, ys, text(title, "title"), text(xlabel, "xlabel"), text(ylabel, "ylabel"),
                    text(scale_label, "scale_label"), _number(width, "width"), _number(height, "height"))


class _Row(Figure):
    def __init__(self, figures: Sequence[Figure]) -> None:
        self.figures = figures

    def svg(self) -> str:
        return "".join(figure.svg() for figure in self.figures)

    def _repr_html_(self) -> str:
        inner = "".join(f"<div>{figure.svg()}</div>" for figure in self.figures)
        return f'<div class="circus-figure" style="display: flex; flex-wrap: wrap; gap: 8px">{inner}</div>'


def side_by_side(*figures: Figure) -> Figure:
    """Figures in one row (they wrap onto the next line on a narrow page)."""
    if not figures or not all(isinstance(f, Figure) for f in figures):
        raise TypeError("side_by_side takes the figures to show, like side_by_side(plot1, plot2)")
    return _Row(figures)

