"""The kit's charts, drawn as SVG in the page's theme: curves, bands, bars with their intervals, a heat map.

``Plot`` reads like a matplotlib axes: ``line``, ``hline``, ``band``, ``bars``, ``marks``, each with its ``label`` for
the legend; the ranges and ticks follow the data. ``heat_map`` draws a table of shares in colour with its scale, and
``side_by_side`` puts figures in one row. ``Chart`` is the canvas they draw on (axes, ticks, lines, bars, bands, a
legend), for a picture of a game's own.

Every figure is a ``core.svg.Picture``: shown as a cell's last value it offers themed HTML, plain SVG with concrete
colours (what exporters keep) and its description in words (the text alternative: title, axes, each series and its
values); ``figure.to_matplotlib()`` draws the same data with matplotlib (the same title, labels, scales, legend,
bars, error bars, bands, reference lines and marks) as a ``matplotlib.figure.Figure`` to restyle or ``savefig``.

Why SVG and not matplotlib in the lessons: a figure written as SVG text costs a few milliseconds in the kernel,
where matplotlib's (its module loaded, its text laid out, its pixels drawn and encoded) cost a tenth of a second
each, in every student's kernel when a class opens a lesson at once; matplotlib loads only when a figure is asked
for as matplotlib. And the browser draws the SVG in the theme: axes and text take the page's text colour, so a
figure reads in a dark theme too. Lines differ by marker and dash, not by colour alone; the heat map's scale is
viridis, read by colour-blind eyes and in grey.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from numbers import Real
from typing import TYPE_CHECKING, Any, cast

from .args import items, one_of, optional_text, text
from .game import describe
from .svg import (
    HATCH_ANGLES,
    LEGEND_TEXT,
    MIN_TEXT,
    PIECE,
    THEME_INK,
    Key,
    Picture,
    hatch_id,
    hatch_patterns,
    legend_size,
    lines_of,
    svg_legend,
    svg_marker,
    svg_text,
    with_words,
)
from .svg import INK as PAPER_INK

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MatplotlibFigure

__all__ = ["Plot", "heat_map", "side_by_side", "nice_ticks", "COLOURS", "RED", "Chart", "Figure", "INK",
           "PAPER_INK", "VIRIDIS", "scale_colour", "latex_figures"]

INK = THEME_INK
"""The colour of axes, text and the 'black' lines: the theme's text colour, dark on light and light on dark."""
COLOURS = ("#2171b5", "#d94801", "#238b45", "#807dba", "#a6761d")
"""The colours of a plot's curves and bars, in order: each reads on a light and on a dark page."""
RED = "#d7301f"
"""The colour of an exact value drawn over a simulation (a reference line, a mark on a bar)."""
_MARKERS = ("o", "s", "^", "D", "v")
_DASHES = (None, "6,3", "2,2", "8,3,2,3", "12,4")
"""Each curve of a plot its own dash pattern (and its own marker): colour is never the only way to tell two apart."""
_MPL_HATCHES = {45: "//", -45: "\\\\", 0: "--", 90: "||"}
"""Each hatching of the kit as matplotlib draws it."""


def _bar_hatch(group: int) -> bool | int:
    """The hatching of a plot's n-th bar series: the first plain, each other its own (told apart without colour)."""
    return False if group == 0 else HATCH_ANGLES[(group - 1) % len(HATCH_ANGLES)]


_MARKED_POINTS = 60
"""A curve of more points than this has a marker on every k-th point only (about 15 in all): one on each would
hide the line."""
_LEGEND_PLACES = ("right", "upper left", "upper right", "lower left", "lower right")
_FONT = 'font-family="sans-serif" fill="currentColor"'
_CORNERS = ("upper left", "upper right", "lower left", "lower right")
_CHAR_WIDTH = 0.6
"""A character of sans-serif text is about 0.6 of the font size wide: how the kit estimates a label's width."""


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


_TUPLE_WORDS = re.compile(r"^[(\[].*(['\"].*['\"]|,\s*[)\]])")


def _refuse_tuple(label: Any, what: str) -> None:
    """A tick's or a bar's name is words: a tuple (or the text Python writes for one) is refused."""
    if isinstance(label, (tuple, list)) or (isinstance(label, str) and _TUPLE_WORDS.match(label.strip())):
        raise ValueError(f"{what} is words a student reads, like 'stay at 5', not the Python tuple {label!r}: "
                         "give each one a name in words")


def _wrapped(label: str, room: float, size: float = MIN_TEXT) -> str:
    """A label broken at its spaces into lines that fit ``room`` pixels (a word longer than that keeps its line)."""
    return "\n".join(lines_of(label, math.floor(room / (_CHAR_WIDTH * size)))) or label


def _marker_every(points: int) -> int:
    """Every how many points a curve of this many points has its marker: each of few, about 15 on a long one."""
    return 1 if points <= _MARKED_POINTS else max(1, points // 15)


def _tick_words(ticks: Sequence[tuple[float, str]], name: str) -> list[tuple[float, str]]:
    """Ticks as (value, label) pairs whose labels are words, not tuples."""
    checked = []
    for tick in ticks:
        value, label = tick
        _refuse_tuple(label, f"each label of {name}")
        checked.append((value, str(label)))
    return checked


def _axis_label(label: str, log: bool) -> str:
    """An axis's label, with "(log scale)" on a logarithmic axis unless it already says so."""
    return label if not log or "log" in label.lower() else f"{label} (log scale)"


def _spread_ticks(ticks: list[tuple[float, str]], at: Callable[[float], float], *, size: float = MIN_TEXT,
                  gap: float = 10, vertical: bool = False) -> list[tuple[float, str]]:
    """Ticks thinned (every second one kept, then every third, ...) until no two labels come closer than ``gap``
    pixels (at ``size`` px, a character 0.6 of it wide; on a vertical axis a line of text apart): crowded labels
    would print over each other. ``at`` gives a tick's pixel along its axis."""
    def crowded(shown: list[tuple[float, str]]) -> bool:
        if vertical:
            return any(abs(at(b) - at(a)) < size * 1.1 + gap / 3 for (a, _), (b, _) in zip(shown, shown[1:]))
        return any(abs(at(b) - at(a)) < _CHAR_WIDTH * size * (len(la) + len(lb)) / 2 + gap
                   for (a, la), (b, lb) in zip(shown, shown[1:]))

    step = 1
    while len(ticks[::step]) > 2 and crowded(ticks[::step]):
        step += 1
    return ticks[::step]


# ---------------------------------------------------------------------------------------------------------
# the canvas: a plot area with its axes, on which every figure (and a game's own charts) draw


class Chart:
    """A plot area of ``width`` x ``height`` pixels with the given margins (left, top, right, bottom), x and y
    ranges mapped onto it (each linear or logarithmic); pieces are added in order, later ones on top, and ``svg``
    writes the picture."""

    def __init__(self, width: float, height: float, *, x_range: tuple[float, float], y_range: tuple[float, float],
                 log_x: bool = False, log_y: bool = False,
                 margins: tuple[float, float, float, float] = (60, 30, 200, 40), name: str = "circus-chart") -> None:
        (self.x0, self.x1), (self.y0, self.y1) = x_range, y_range
        if self.x1 <= self.x0 or self.y1 <= self.y0 or (log_x and self.x0 <= 0) or (log_y and self.y0 <= 0):
            raise ValueError("a chart's ranges go from low to high (and above 0 on a log scale)")
        self.width, self.height, self.log_x, self.log_y, self.name = width, height, log_x, log_y, name
        self.left, self.top, right, bottom = margins
        self.right, self.bottom = width - right, height - bottom
        self.parts: list[str] = []

    # --- where a value goes ---------------------------------------------------------------------------
    @staticmethod
    def _share(value: float, low: float, high: float, log: bool) -> float:
        """How far along its range a value lies: 0 at the low end, 1 at the high end (in logs on a log scale)."""
        if log:
            return (math.log10(value) - math.log10(low)) / (math.log10(high) - math.log10(low))
        return (value - low) / (high - low)

    def x(self, value: float) -> float:
        """The pixel column of an x value."""
        return self.left + self._share(float(value), self.x0, self.x1, self.log_x) * (self.right - self.left)

    def y(self, value: float) -> float:
        """The pixel row of a y value (the top of the plot is the top of the y range)."""
        return self.bottom - self._share(float(value), self.y0, self.y1, self.log_y) * (self.bottom - self.top)

    # --- the frame ------------------------------------------------------------------------------------
    def axes(self, *, xticks: Sequence[tuple[float, str]], yticks: Sequence[tuple[float, str]], xlabel: str,
             ylabel: str, title: str, grid: str = "y", tick_size: float = MIN_TEXT) -> None:
        """A title, the box around the plot, ticks with their labels (words, never a tuple), grid lines ("x", "y"
        or "xy"), the labels (a log axis drawn on the canvas says so in its label or its ticks: Plot adds
        "(log scale)")."""
        xticks, yticks = _tick_words(xticks, "xticks"), _tick_words(yticks, "yticks")
        p = self.parts
        middle_x, middle_y = (self.left + self.right) / 2, (self.top + self.bottom) / 2
        # the title first: a screen reader, and a student reading the SVG, meet it first
        p.append(f'<text class="{self.name}-title" x="{middle_x:.1f}" y="{self.top - 9:g}" font-size="15" '
                 f'text-anchor="middle" {_FONT}>{svg_text(title)}</text>')
        p.append(f'<g class="{self.name}-grid" stroke="{INK}" stroke-opacity="0.18" stroke-width="0.8">')
        if "x" in grid:
            p += [f'<path d="M{self.x(v):.1f},{self.top:g} V{self.bottom:g}"/>' for v, _ in xticks]
        if "y" in grid:
            p += [f'<path d="M{self.left:g},{self.y(v):.1f} H{self.right:g}"/>' for v, _ in yticks]
        p.append("</g>")
        p.append(f'<rect x="{self.left:g}" y="{self.top:g}" width="{self.right - self.left:g}" '
                 f'height="{self.bottom - self.top:g}" fill="none" stroke="{INK}" stroke-width="0.8"/>')
        ticks = "".join([f'M{self.x(v):.1f},{self.bottom:g} v4' for v, _ in xticks] +
                        [f'M{self.left:g},{self.y(v):.1f} h-4' for v, _ in yticks])
        p.append(f'<path d="{ticks}" stroke="{INK}" stroke-width="0.8"/>')
        # an x label of several lines (a long name wrapped to its slot) goes down, a line under the other
        p += [f'<text x="{self.x(v):.1f}" y="{self.bottom + 6 + tick_size * (1 + 1.15 * i):g}" '
              f'font-size="{tick_size:g}" text-anchor="middle" {_FONT}>{svg_text(line)}</text>'
              for v, label in xticks for i, line in enumerate(label.split("\n"))]
        p += [f'<text x="{self.left - 7:g}" y="{self.y(v) + tick_size * 0.35:.1f}" font-size="{tick_size:g}" '
              f'text-anchor="end" {_FONT}>{svg_text(label)}</text>' for v, label in yticks]
        p.append(f'<text x="{middle_x:.1f}" y="{self.height - 6:g}" font-size="14" text-anchor="middle" {_FONT}>'
                 f'{svg_text(xlabel)}</text>')
        p.append(f'<text x="14" y="{middle_y:.1f}" font-size="14" text-anchor="middle" '
                 f'transform="rotate(-90 14 {middle_y:.1f})" {_FONT}>{svg_text(ylabel)}</text>')

    def legend(self, keys: Sequence[Key], *, size: float = LEGEND_TEXT, inside: str | None = None) -> None:
        """The legend: right of the plot, or ``inside`` it in a corner ("lower right", ...) on a light box."""
        if inside is None:
            self.parts.append(svg_legend(self.right + 12, self.top + 4, keys, size=size,
                                         css_class=f"{self.name}-legend", hatch=f"{self.name}-hatch"))
            return
        if inside not in _CORNERS:
            raise ValueError(f"a legend inside the plot goes in a corner, one of {', '.join(_CORNERS)}, not {inside!r}")
        width, height = legend_size(keys, size=size)
        x = self.left + 14 if inside.endswith("left") else self.right - width - 14
        y = self.top + 13 if inside.startswith("upper") else self.bottom - height - 13
        self.parts.append(svg_legend(x, y, keys, size=size, box=True, css_class=f"{self.name}-legend",
                                     hatch=f"{self.name}-hatch"))

    # --- what the plot shows --------------------------------------------------------------------------
    def line(self, xs: Sequence[float], ys: Sequence[float], *, colour: str = INK, width: float = 1.2,
             dash: str | None = None, marker: str | None = None, marker_size: float = 4, opacity: float = 1,
             hollow: bool = False, css_class: str = "", marker_every: int = 1) -> None:
        """A line through the points (xs, ys) (none if ``width`` is 0), with a marker at each point (at every
        ``marker_every``-th one only, on a long curve)."""
        points = [(self.x(a), self.y(b)) for a, b in zip(xs, ys)]
        cls = f' class="{svg_text(css_class)}"' if css_class else ""
        group = f'<g{cls} opacity="{opacity:g}">'
        body = []
        if width and len(points) > 1:
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            path = " ".join(f"{a:.1f},{b:.1f}" for a, b in points)
            body.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="{width:g}"'
                        f'{dashed}/>')
        if marker:
            body += [svg_marker(marker, a, b, marker_size, colour, hollow=hollow, edge=2 if hollow else 1)
                     for a, b in points[::max(1, int(marker_every))]]
        self.parts.append(group + "".join(body) + "</g>")

    def bars(self, xs: Sequence[float], heights: Sequence[float], *, width: float, fill: str,
             hatch: bool | int = False, css_class: str = "") -> None:
        """One bar per (x, height), ``width`` wide in x units, from 0 up (a bar of height 0 is not drawn); with
        ``hatch`` (True, or one of the angles ``HATCH_ANGLES``), hatched."""
        half, base = width / 2, self.y(max(self.y0, 0))
        boxes = []
        for a, b in zip(xs, heights):
            if b:
                left, top = self.x(a - half), self.y(b)
                boxes.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{self.x(a + half) - left:.1f}" '
                             f'height="{base - top:.1f}"/>')
        if not boxes:
            return
        self.parts.append(f'<g class="{svg_text(css_class)}" fill="{fill}" stroke="{INK}" stroke-width="0.6">'
                          + "".join(boxes) + "</g>")
        if hatch is not False:  # the hatching over the same boxes: told apart without its colour
            self.parts.append(f'<g fill="url(#{hatch_id(self.name + "-hatch", hatch)})" stroke="none">'
                              + "".join(boxes) + "</g>")

    def band(self, xs: Sequence[float], lows: Sequence[float], highs: Sequence[float], *, colour: str,
             opacity: float = 0.25, css_class: str = "") -> None:
        """The area between two lines over the same xs (a confidence band), shaded in ``colour``."""
        if not len(xs) == len(lows) == len(highs) or not len(xs):
            raise ValueError("a band needs a low and a high value at each of its x values (at least one)")
        edge = [(self.x(a), self.y(b)) for a, b in zip(xs, highs)] + [
            (self.x(a), self.y(b)) for a, b in zip(reversed(xs), reversed(lows))]
        points = " ".join(f"{a:.1f},{b:.1f}" for a, b in edge)
        cls = f' class="{svg_text(css_class)}"' if css_class else ""
        self.parts.append(f'<polygon{cls} points="{points}" fill="{colour}" fill-opacity="{opacity:g}" '
                          'stroke="none"/>')

    def hline(self, value: float, *, colour: str = INK, width: float = 1, dash: str | None = None,
              css_class: str = "") -> None:
        """A horizontal line across the plot at y = ``value`` (a reference level, like an even chance)."""
        cls = f' class="{svg_text(css_class)}"' if css_class else ""
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<path{cls} d="M{self.left:g},{self.y(value):.1f} H{self.right:g}" stroke="{colour}" '
                          f'stroke-width="{width:g}"{dashed}/>')

    def note(self, text: str, *, size: float = MIN_TEXT) -> None:
        """A line of text in the top left corner of the plot."""
        self.parts.append(f'<text x="{self.left + 8:g}" y="{self.top + 6 + size:g}" font-size="{size:g}" {_FONT}>'
                          f'{svg_text(text)}</text>')

    def svg(self, *, css_class: str, title: str) -> str:
        """The picture as one SVG element (``title`` is what a screen reader says)."""
        hatch = f'<defs>{hatch_patterns(self.name + "-hatch", INK)}</defs>'
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg {svg_text(css_class)}" '
                f'width="{self.width:g}" height="{self.height:g}" viewBox="0 0 {self.width:g} {self.height:g}" '
                f'role="img"><title>{svg_text(title)}</title>{hatch}{"".join(self.parts)}</svg>')



# ---------------------------------------------------------------------------------------------------------
# a figure: SVG, words, and the same figure in matplotlib

def _number_text(value: float) -> str:
    """A value as a figure's description says it: four significant digits, thousands separated."""
    if value == 0:
        return "0"
    if abs(value) >= 1e6 or abs(value) < 1e-4:
        return f"{value:.4g}"
    return f"{value:,.4g}" if abs(value) >= 1000 else f"{value:.4g}"


def _values_text(values: Sequence[float], names: Sequence[str] | None = None, *, most: int = 12) -> str:
    """A series in words: every value when there are few (named, if names are given), else how it starts, ends
    and spreads (its first, last, lowest and highest values)."""
    if len(values) <= most:
        if names is None:
            return ", ".join(_number_text(v) for v in values)
        return ", ".join(f"{name}: {_number_text(v)}" for name, v in zip(names, values))
    low, high = min(values), max(values)

    def where(value: float) -> str:
        return f" ({names[list(values).index(value)]})" if names is not None else ""

    return (f"{len(values)} values, first {_number_text(values[0])}, last {_number_text(values[-1])}, lowest "
            f"{_number_text(low)}{where(low)}, highest {_number_text(high)}{where(high)}")


def _quoted(label: str | None) -> str:
    return f' "{label}"' if label else ""


def _values_text_of_names(names: Sequence[str], most: int = 12) -> str:
    if len(names) <= most:
        return ", ".join(names)
    return f"{', '.join(names[:3])}, ..., {', '.join(names[-2:])}"


def _matplotlib_dash(dash: str | None, width: float) -> Any:
    """An SVG dash pattern ("6,3": pixels) as a matplotlib line style (its dashes count in line widths)."""
    if not dash:
        return "-"
    return (0, tuple(float(v) / width for v in dash.split(",")))


def _set_ticks(ax: Axes, xticks: Sequence[tuple[float, str]], yticks: Sequence[tuple[float, str]]) -> None:
    """The SVG's ticks and their labels on a matplotlib Axes (no minor ticks: the same ticks as the SVG)."""
    from matplotlib.ticker import NullLocator

    ax.set_xticks([v for v, _ in xticks], [label for _, label in xticks])
    ax.set_yticks([v for v, _ in yticks], [label for _, label in yticks])
    ax.xaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_minor_locator(NullLocator())


def _new_matplotlib_figure(width: float, height: float) -> MatplotlibFigure:
    """An empty matplotlib figure of about ``width`` x ``height`` pixels that belongs to the caller."""
    import matplotlib.pyplot as plt  # here only: a lesson that never asks for matplotlib never loads it

    figure = plt.figure(figsize=(width / 100, height / 100), dpi=100, layout="constrained")
    # pyplot keeps every figure it made and shows each again at the end of a notebook cell: this one is the
    # caller's (shown as a cell's value, saved with savefig), so pyplot lets go of it
    plt.close(figure)
    return figure


def _axes_arg(ax: Any) -> Axes | None:
    if ax is None:
        return None
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax is a matplotlib Axes to draw on (or None for a new figure), not {describe(ax)}")
    return ax


class Figure(Picture):
    """A chart of the kit: its SVG in the page's theme, its description in words, and ``to_matplotlib()``.

    A subclass writes ``svg()``, ``description()`` and ``_draw(ax)``, the same chart on a matplotlib Axes.
    """

    width: float = 560
    height: float = 300

    def _draw(self, ax: Axes) -> None:
        """Draw the same chart on a matplotlib Axes."""
        raise NotImplementedError

    def _size(self) -> tuple[float, float]:
        """The figure's size in pixels (a legend beside the plot included)."""
        return self.width, self.height

    def to_matplotlib(self, ax: Axes | None = None) -> MatplotlibFigure:
        """The same figure drawn by matplotlib (the same data, title, axis labels, scales and legend): a
        ``matplotlib.figure.Figure`` to restyle and ``savefig``; with ``ax``, drawn on that Axes (its figure is
        returned)."""
        axes = _axes_arg(ax)
        if axes is None:
            figure = _new_matplotlib_figure(*self._size())
            axes = figure.add_subplot()
        self._draw(axes)
        return axes.get_figure()  # type: ignore[return-value]


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
        self._pieces: list[tuple[str, Any, Any]] = []  # (kind, data, style) in the order added: later ones drawn on top
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
        if marker == "":  # not given: the series' own (on a long curve at every k-th point only)
            marker = _MARKERS[series % len(_MARKERS)]
        if marker is not None:
            one_of(marker, "marker", ("o", "s", "^", "v", "D"))
        own = _DASHES[series % len(_DASHES)]
        # dash=True: dashed, in the series' own pattern (the first series' solid line a pattern no other has)
        dashed = own if dash is None else (own or "4,2") if dash else None
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
        given = items(names, "names", low=1)
        for name in given:
            _refuse_tuple(name, "each bar's name")
        labels = [str(n) for n in given]
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
        group = 0
        for kind, _, style in self._pieces:
            if kind == "line":
                colour, marker, dash, label = style
                if label:
                    keys.append(Key(label, colour=colour, width=1.6, dash=dash, marker=marker))
            elif kind == "hline" and style[2]:
                keys.append(Key(style[2], colour=style[0], width=1.6, dash=style[1]))
            elif kind == "band" and style[1]:
                keys.append(Key(style[1], colour=style[0], box=True))
            elif kind == "bars":
                if style[1]:
                    keys.append(Key(style[1], colour=style[0], box=True, hatch=_bar_hatch(group)))
                group += 1
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

    def _ticks(self) -> tuple[tuple[float, float], tuple[float, float], list[tuple[float, str]],
                               list[tuple[float, str]]]:
        """The ranges and the ticks of both axes, the same for the SVG and for matplotlib."""
        (x0, x1), (y0, y1) = self._ranges()
        yticks = _log_ticks(y0, y1) if self.log_y else [(v, label) for v, label in nice_ticks(y0, y1) if y0 <= v <= y1]
        if self.ytick_label is not None:  # the lesson's own words for a tick: "1 in 1,000", "25%"
            yticks = [(v, str(self.ytick_label(v))) for v, _ in yticks]
        if self._categories is not None:
            xticks: list[tuple[float, str]] = [(float(i), name) for i, name in enumerate(self._categories)]
        elif self.log_x:
            xticks = _log_ticks(x0, x1)
        else:
            xticks = [(v, label) for v, label in nice_ticks(x0, x1, 9) if x0 <= v <= x1]
        # where the SVG puts each tick (its plot area runs from the y labels' margin to the width, 30 px from the top
        # to 46 from the bottom): labels that would print over each other are thinned out
        left = 34 + _CHAR_WIDTH * MIN_TEXT * max((len(label) for _, label in yticks), default=1)

        def share(value: float, low: float, high: float, log: bool) -> float:
            return Chart._share(value, low, high, log)

        yticks = _spread_ticks(yticks, lambda v: share(v, y0, y1, self.log_y) * (self.height - 76), vertical=True)
        if self._categories is None:
            xticks = _spread_ticks(xticks, lambda v: share(v, x0, x1, self.log_x) * (self.width - left))
        return (x0, x1), (y0, y1), xticks, yticks

    def svg(self) -> str:
        """The plot as one SVG element: title, axes, ticks, the pieces in the order added, the legend."""
        (x0, x1), (y0, y1), xticks, yticks = self._ticks()
        keys = self._keys()
        place = self._legend_corner()
        inside = place is not None
        legend_width = legend_size(keys)[0] + 24 if keys and not inside else 16
        chart, xticks = self._canvas(legend_width)
        # a log axis says so on its label: its ticks alone (1, 10, 100) may read as a linear axis's
        chart.axes(xticks=xticks, yticks=yticks, xlabel=_axis_label(self.xlabel, self.log_x),
                   ylabel=_axis_label(self.ylabel, self.log_y), title=self.title,
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
            chart.legend(keys, inside=place)
        return chart.svg(css_class="circus-plot", title=self.title)

    def _canvas(self, legend_width: float) -> tuple[Chart, list[tuple[float, str]]]:
        """The chart the plot draws on (its legend ``legend_width`` wide beside it) and its x ticks as drawn."""
        (x0, x1), (y0, y1), xticks, yticks = self._ticks()
        # the y tick labels' width: the longest label at about 0.6 of the font size a character
        left = 34 + _CHAR_WIDTH * MIN_TEXT * max(len(label) for _, label in yticks)
        if self._categories is not None:  # names too long for their slot wrap onto more lines, not over each other
            slot = (self.width - left) / (x1 - x0)
            xticks = [(v, _wrapped(label, slot - 8)) for v, label in xticks]
        extra = max(label.count("\n") for _, label in xticks) * 1.15 * MIN_TEXT if xticks else 0
        chart = Chart(self.width + legend_width, self.height + extra, x_range=(x0, x1), y_range=(y0, y1),
                      log_x=self.log_x, log_y=self.log_y, margins=(left, 30, legend_width, 46 + extra),
                      name="circus-plot")
        return chart, xticks

    def _legend_corner(self) -> str | None:
        """The corner of the plot where the legend goes: the one asked for if it covers none of the data (a point
        of a curve or band, a bar, a mark, a reference line), else the first other corner that covers none, else
        None: beside the plot, where it covers nothing."""
        keys = self._keys()
        if self.legend_place == "right" or not keys:
            return None
        chart, _ = self._canvas(16)
        width, height = legend_size(keys)
        points: list[tuple[float, float]] = []
        boxes: list[tuple[float, float, float, float]] = []
        rows: list[float] = []
        groups = sum(1 for kind, *_ in self._pieces if kind == "bars")
        group = 0

        def along(xs: Sequence[float], ys: Sequence[float]) -> None:
            # each point, and four between two neighbours: a segment may cross a corner between its points
            pixels = [(chart.x(a), chart.y(b)) for a, b in zip(xs, ys)]
            points.extend(pixels)
            for (a, b), (c, d) in zip(pixels, pixels[1:]):
                points.extend((a + (c - a) * t / 5, b + (d - b) * t / 5) for t in range(1, 5))

        for kind, data, _ in self._pieces:
            if kind == "line":
                along(*data)
            elif kind == "band":
                along(data[0], data[1])
                along(data[0], data[2])
            elif kind == "hline":
                rows.append(chart.y(data))
            elif kind == "bars":
                heights, intervals = data
                bar = 0.7 / groups
                for i, h in enumerate(heights):
                    c = i + (group - (groups - 1) / 2) * bar
                    top = max([h, *(intervals[i] if intervals else ())])
                    boxes.append((chart.x(c - bar / 2), chart.y(top), chart.x(c + bar / 2), chart.y(max(chart.y0, 0))))
                group += 1
            elif kind == "marks":
                boxes += [(chart.x(i - 0.3), chart.y(y) - 2, chart.x(i + 0.3), chart.y(y) + 2)
                          for i, y in enumerate(data)]
        for corner in (self.legend_place, *(c for c in _CORNERS if c != self.legend_place)):
            x = chart.left + 14 if corner.endswith("left") else chart.right - width - 14
            y = chart.top + 13 if corner.startswith("upper") else chart.bottom - height - 13
            box = (x - 10, y - 9, x + width + 10, y + height + 9)  # the light box and a little room around it
            if (not any(box[0] <= a <= box[2] and box[1] <= b <= box[3] for a, b in points)
                    and not any(box[1] <= r <= box[3] for r in rows)
                    and not any(a < box[2] and box[0] < c and b < box[3] and box[1] < d for a, b, c, d in boxes)):
                return str(corner)
        return None

    # --- in words -------------------------------------------------------------------------------------
    def description(self) -> str:
        """The plot in words: its title, its axes, and each curve, band, line, bar series and mark with its
        values (all of them when few, else how they start, end and spread)."""
        _, _, xticks, yticks = self._ticks()
        lines = [self.title if self.title.endswith((".", "?", "!")) else self.title + "."]
        if self._categories is not None:
            lines.append(f'x axis: "{self.xlabel}", {len(self._categories)} names: '
                         + _values_text_of_names(self._categories) + ".")
        else:
            lines.append(f'x axis: "{self.xlabel}"{", logarithmic" if self.log_x else ""}, marked from '
                         f"{xticks[0][1]} to {xticks[-1][1]}." if xticks else f'x axis: "{self.xlabel}".')
        lines.append(f'y axis: "{self.ylabel}"{", logarithmic" if self.log_y else ""}, marked from '
                     f"{yticks[0][1]} to {yticks[-1][1]}." if yticks else f'y axis: "{self.ylabel}".')
        names = self._categories
        for kind, data, style in self._pieces:
            if kind == "line":
                xs, ys = data
                label = style[3]
                if len(xs) <= 8:
                    points = ", ".join(f"({_number_text(x)}, {_number_text(y)})" for x, y in zip(xs, ys))
                    lines.append(f"Curve{_quoted(label)} through {points}.")
                else:
                    lines.append(f"Curve{_quoted(label)}: {len(xs)} points from x = {_number_text(xs[0])} to "
                                 f"{_number_text(xs[-1])}; y: {_values_text(ys)}.")
            elif kind == "hline":
                lines.append(f"Line{_quoted(style[2])} across at y = {_number_text(data)}.")
            elif kind == "band":
                xs, lows, highs = data
                lines.append(f"Band{_quoted(style[1])} over x from {_number_text(xs[0])} to {_number_text(xs[-1])}, "
                             f"from {_number_text(lows[0])}–{_number_text(highs[0])} at the first x to "
                             f"{_number_text(lows[-1])}–{_number_text(highs[-1])} at the last.")
            elif kind == "bars":
                heights, intervals = data
                said = _values_text(heights, names)
                if intervals and len(heights) <= 12:
                    said = ", ".join(f"{name}: {_number_text(h)} ({_number_text(lo)} to {_number_text(hi)})"
                                     for name, h, (lo, hi) in zip(names or (), heights, intervals))
                lines.append(f"Bars{_quoted(style[1])}{' with intervals' if intervals else ''}: {said}.")
            elif kind == "marks":
                lines.append(f"Marks{_quoted(style[1])} across the bars: {_values_text(data, names)}.")
        return "\n".join(lines)

    # --- in matplotlib --------------------------------------------------------------------------------
    def _draw(self, ax: Axes) -> None:
        """The same plot on a matplotlib Axes: the same pieces in the same order, ranges, ticks and legend."""
        (x0, x1), (y0, y1), xticks, yticks = self._ticks()
        groups = sum(1 for kind, *_ in self._pieces if kind == "bars")
        group = 0
        keys: list[tuple[Any, str]] = []  # the legend's entries in the order added, as the SVG has them
        for order, (kind, data, style) in enumerate(self._pieces, start=2):
            drawn: Any = None
            if kind == "line":
                colour, marker, dash, label = style
                drawn, = ax.plot(data[0], data[1], color=colour, marker=marker, markersize=5, linewidth=1.6,
                                 linestyle=_matplotlib_dash(dash, 1.6), label=label, zorder=order,
                                 markevery=_marker_every(len(data[0])))
            elif kind == "hline":
                label = style[2]
                drawn = ax.axhline(data, color=style[0], linewidth=1.6, linestyle=_matplotlib_dash(style[1], 1.6),
                                   label=label, zorder=order)
            elif kind == "band":
                label = style[1]
                drawn = ax.fill_between(data[0], data[1], data[2], color=style[0], alpha=0.35, linewidth=0,
                                        label=label, zorder=order)
            elif kind == "bars":
                heights, intervals = data
                width = 0.7 / groups
                centres = [i + (group - (groups - 1) / 2) * width for i in range(len(heights))]
                label = style[1]
                hatch = _bar_hatch(group)
                drawn = ax.bar(centres, heights, width=width, color=style[0], edgecolor="#222222", linewidth=0.6,
                               label=label, zorder=order,
                               hatch=None if hatch is False else _MPL_HATCHES[45 if hatch is True else hatch])
                if intervals:  # each bar's interval as an error bar with caps, in ink
                    cap = min(0.1, width / 3)
                    lows, highs = [lo for lo, _ in intervals], [hi for _, hi in intervals]
                    ax.vlines(centres, lows, highs, colors="#222222", linewidth=1.2, zorder=order + 0.5)
                    for ends in (lows, highs):
                        ax.hlines(ends, [c - cap for c in centres], [c + cap for c in centres], colors="#222222",
                                  linewidth=1.2, zorder=order + 0.5)
                group += 1
            elif kind == "marks":
                label = style[1]
                drawn = ax.hlines(data, [i - 0.3 for i in range(len(data))], [i + 0.3 for i in range(len(data))],
                                  colors=style[0], linewidth=3, label=label, zorder=order + 0.5)
            if label:
                keys.append((drawn, label))
        if self.log_x:
            ax.set_xscale("log")
        if self.log_y:
            ax.set_yscale("log")
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        _set_ticks(ax, xticks, yticks)
        ax.grid(True, axis="y" if self._categories is not None else "both", alpha=0.25, linewidth=0.8)
        ax.set_axisbelow(True)
        ax.set_title(self.title)
        ax.set_xlabel(_axis_label(self.xlabel, self.log_x))
        ax.set_ylabel(_axis_label(self.ylabel, self.log_y))
        if keys:
            handles, labels = [h for h, _ in keys], [label for _, label in keys]
            corner = self._legend_corner()  # where the SVG has it: beside the plot when every corner has data
            if corner is None:
                ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, frameon=False)
            else:
                ax.legend(handles, labels, loc=cast(Any, corner))  # one of matplotlib's corner names

    def _size(self) -> tuple[float, float]:
        keys = self._keys()
        return self.width + (legend_size(keys)[0] + 24 if keys and self._legend_corner() is None else 0), self.height

    @staticmethod
    def _draw_line(chart: Chart, data: Any, style: Any) -> None:
        colour, marker, dash, _ = style
        chart.line(data[0], data[1], colour=colour, width=1.6, dash=dash, marker=marker, marker_size=7,
                   marker_every=_marker_every(len(data[0])))

    @staticmethod
    def _draw_hline(chart: Chart, data: Any, style: Any) -> None:
        chart.hline(data, colour=style[0], width=1.6, dash=style[1])

    @staticmethod
    def _draw_band(chart: Chart, data: Any, style: Any) -> None:
        chart.band(*data, colour=style[0], opacity=0.35)

    @staticmethod
    def _draw_bars(chart: Chart, data: Any, style: Any, group: int = 0, groups: int = 1) -> None:
        heights, intervals = data
        width = 0.7 / groups  # a slot 0.7 wide, shared by the bar series
        centres = [i + (group - (groups - 1) / 2) * width for i in range(len(heights))]
        chart.bars(centres, heights, width=width, fill=style[0], hatch=_bar_hatch(group))
        if intervals:  # error bars with caps, in the page's ink
            cap = min(0.1, width / 3)
            path = "".join(f"M{chart.x(c):.1f},{chart.y(lo):.1f} V{chart.y(hi):.1f} "
                           f"M{chart.x(c - cap):.1f},{chart.y(lo):.1f} H{chart.x(c + cap):.1f} "
                           f"M{chart.x(c - cap):.1f},{chart.y(hi):.1f} H{chart.x(c + cap):.1f} "
                           for c, (lo, hi) in zip(centres, intervals))
            chart.parts.append(f'<path class="circus-plot-errors" d="{path}" fill="none" stroke="{INK}" '
                               'stroke-width="1.2"/>')

    @staticmethod
    def _draw_marks(chart: Chart, data: Any, style: Any) -> None:
        path = "".join(f"M{chart.x(i - 0.3):.1f},{chart.y(y):.1f} H{chart.x(i + 0.3):.1f} " for i, y in enumerate(data))
        chart.parts.append(f'<path class="circus-plot-marks" d="{path}" stroke="{style[0]}" stroke-width="3"/>')


# ---------------------------------------------------------------------------------------------------------
# a heat map on viridis

VIRIDIS = ((68, 1, 84), (72, 24, 106), (71, 45, 123), (66, 64, 134), (59, 82, 139), (51, 99, 141), (44, 114, 142),
           (38, 130, 142), (33, 145, 140), (31, 160, 136), (40, 174, 128), (63, 188, 115), (94, 201, 98),
           (132, 212, 75), (173, 220, 48), (216, 226, 25), (253, 231, 37))
"""matplotlib's viridis at 0, 1/16, ..., 1: dark purple through blue and green to yellow, evenly brighter, so a
colour-blind eye (and a grey print) reads a share from it; between the stops the colour is interpolated."""


def scale_colour(share: float) -> str:
    """The colour of a share from 0 to 1 on the heat map's scale (viridis: dark purple for 0, yellow for 1)."""
    share = min(1.0, max(0.0, float(share)))
    step = share * (len(VIRIDIS) - 1)
    k = min(int(step), len(VIRIDIS) - 2)
    t = step - k
    return "#" + "".join(f"{round(u + t * (v - u)):02x}" for u, v in zip(VIRIDIS[k], VIRIDIS[k + 1]))


class _HeatMap(Figure):
    def __init__(self, rows: list[list[float | None]], xs: list[float], ys: list[str], title: str, xlabel: str,
                 ylabel: str, scale_label: str, width: float, height: float) -> None:
        self.rows, self.xs, self.ys = rows, xs, ys
        self.title, self.xlabel, self.ylabel, self.scale_label = title, xlabel, ylabel, scale_label
        self.width, self.height = width, height

    def _xticks(self) -> list[tuple[float, str]]:
        xs = self.xs
        if len(xs) == 1:
            return [(xs[0], f"{xs[0]:g}")]
        ticks = [(v, label) for v, label in nice_ticks(xs[0], xs[-1], 9) if xs[0] <= v <= xs[-1]]
        if all(float(x).is_integer() for x in xs):  # columns of whole numbers: no tick between two columns
            ticks = [(v, f"{v:,.0f}") for v, _ in ticks if float(v).is_integer()] or ticks
        return ticks

    def _step(self) -> float:
        return min((b - a for a, b in zip(self.xs, self.xs[1:])), default=1.0)

    def svg(self) -> str:
        """The heat map as one SVG element: a cell per share in its colour, the rows named, the scale beside."""
        xs, ys = self.xs, self.ys
        step = self._step()
        left = 34 + _CHAR_WIDTH * MIN_TEXT * max(len(y) for y in ys)
        chart = Chart(self.width + 110, self.height, x_range=(xs[0] - step / 2, xs[-1] + step / 2),
                      y_range=(-0.5, len(ys) - 0.5), margins=(left, 30, 110, 46), name="circus-heat")
        chart.axes(xticks=self._xticks(), yticks=[(float(j), y) for j, y in enumerate(ys)], xlabel=self.xlabel,
                   ylabel=self.ylabel, title=self.title, grid="")
        cells = []
        for j, row in enumerate(self.rows):
            for x, share in zip(xs, row):
                if share is None:
                    continue  # no such cell: left blank
                left_x, right_x = chart.x(x - step / 2), chart.x(x + step / 2)
                top, bottom = chart.y(j + 0.5), chart.y(j - 0.5)
                # each cell says its value on hover: the colour is not the only way to read it
                cells.append(f'<rect x="{left_x:.1f}" y="{top:.1f}" width="{right_x - left_x + 0.3:.1f}" '
                             f'height="{bottom - top:.1f}" fill="{scale_colour(share)}"><title>{svg_text(ys[j])}, '
                             f'{x:g}: {share:.2f}</title></rect>')
        chart.parts.insert(1, f'<g class="{PIECE} circus-heat-cells">{"".join(cells)}</g>')
        # the colour scale: a column of colours from 0 (bottom) to 1 (top) with its ticks and label
        x, top, bottom = chart.right + 18, chart.top, chart.bottom
        offsets = [i / (len(VIRIDIS) - 1) for i in range(len(VIRIDIS))]
        stops = "".join(f'<stop offset="{s:g}" stop-color="{scale_colour(s)}"/>' for s in offsets)
        parts = [f'<defs><linearGradient id="circus-heat-scale" x1="0" y1="1" x2="0" y2="0">{stops}</linearGradient>'
                 f'</defs><rect x="{x:g}" y="{top:g}" width="14" height="{bottom - top:g}" '
                 f'fill="url(#circus-heat-scale)" stroke="{INK}" stroke-width="0.6"/>']
        for share in (0, 0.25, 0.5, 0.75, 1):
            y = bottom - share * (bottom - top)
            parts.append(f'<path d="M{x + 14:g},{y:.1f} h4" stroke="{INK}" stroke-width="0.8"/><text x="{x + 21:g}" '
                         f'y="{y + 4.5:.1f}" font-size="{MIN_TEXT:g}" font-family="sans-serif" fill="{INK}">'
                         f'{share:g}</text>')
        middle = (top + bottom) / 2
        parts.append(f'<text x="{x + 62:g}" y="{middle:.1f}" font-size="{MIN_TEXT:g}" text-anchor="middle" '
                     f'transform="rotate(-90 {x + 62:g} {middle:.1f})" font-family="sans-serif" fill="{INK}">'
                     f'{svg_text(self.scale_label)}</text>')
        chart.parts.append(f'<g class="circus-heat-scale">{"".join(parts)}</g>')
        return chart.svg(css_class="circus-plot circus-heat-map", title=self.title)

    def description(self) -> str:
        """The heat map in words: its title, axes and scale, and each row's shares."""
        lines = [self.title if self.title.endswith((".", "?", "!")) else self.title + ".",
                 f'A heat map: x axis "{self.xlabel}" from {_number_text(self.xs[0])} to {_number_text(self.xs[-1])}, '
                 f'y axis "{self.ylabel}" with {len(self.ys)} rows; colour: "{self.scale_label}" from 0 (dark '
                 "purple) to 1 (yellow)."]
        for name, row in zip(self.ys, self.rows):
            shown = [(x, share) for x, share in zip(self.xs, row) if share is not None]
            blank = len(row) - len(shown)
            if not shown:
                lines.append(f"Row {name}: no values.")
                continue
            said = _values_text([share for _, share in shown], [f"at {_number_text(x)}" for x, _ in shown])
            lines.append(f"Row {name}: {said}" + (f" ({blank} blank)." if blank else "."))
        return "\n".join(lines)

    def _draw(self, ax: Axes) -> None:
        """The same heat map on a matplotlib Axes, with viridis and its colour bar."""
        import numpy as np

        xs, step = self.xs, self._step()
        middles = [(a + b) / 2 for a, b in zip(xs, xs[1:])]
        edges = [xs[0] - step / 2, *middles, xs[-1] + step / 2]
        table = np.ma.masked_invalid(np.array([[np.nan if v is None else v for v in row] for row in self.rows],
                                              dtype=float))
        mesh = ax.pcolormesh(edges, np.arange(len(self.ys) + 1) - 0.5, table, cmap="viridis", vmin=0, vmax=1)
        _set_ticks(ax, self._xticks(), [(float(j), y) for j, y in enumerate(self.ys)])
        ax.set_xlim(edges[0], edges[-1])
        ax.set_title(self.title)
        ax.set_xlabel(self.xlabel)
        ax.set_ylabel(self.ylabel)
        bar = ax.get_figure().colorbar(mesh, ax=ax, ticks=[0, 0.25, 0.5, 0.75, 1])  # type: ignore[union-attr]
        bar.set_label(self.scale_label)


def heat_map(rows: Any, *, xs: Any, ys: Any, title: str, xlabel: str, ylabel: str, scale_label: str,
             width: float = 700, height: float = 240) -> Figure:
    """A table of shares (0 to 1) in colour on the viridis scale, dark purple for 0 through blue and green to
    yellow for 1: ``rows[j][i]`` is the share at x = ``xs[i]`` in row ``ys[j]`` (the first row at the bottom);
    None or NaN leaves a cell blank."""
    xs = _numbers(xs, "xs")
    if any(b <= a for a, b in zip(xs, xs[1:])):
        raise ValueError("a heat map's xs rise from left to right")
    ys = items(ys, "ys", low=1)
    for y in ys:
        _refuse_tuple(y, "each row's name (ys)")
    ys = [str(y) for y in ys]
    rows = [row.tolist() if hasattr(row, "tolist") else row for row in items(rows, "rows", low=1)]
    if len(rows) != len(ys) or any(len(items(row, "each row")) != len(xs) for row in rows):
        raise ValueError(f"a heat map has one row per y ({len(ys)}), each with one share per x ({len(xs)})")
    table = []
    for row in rows:
        shares: list[float | None] = []
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


# ---------------------------------------------------------------------------------------------------------
# figures in a row

_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')


class _Row(Figure):
    def __init__(self, figures: Sequence[Figure]) -> None:
        self.figures = list(figures)
        self.width = sum(f._size()[0] for f in self.figures)
        self.height = max(f._size()[1] for f in self.figures)

    def svg(self) -> str:
        """The figures as one SVG, side by side (each keeps its own size)."""
        pieces, x, height = [], 0.0, 0.0
        for figure in self.figures:
            drawn = figure.svg()
            found = _SIZE.match(drawn)
            width, tall = (float(found.group(1)), float(found.group(2))) if found else (figure.width, figure.height)
            pieces.append(drawn.replace("<svg", f'<svg x="{x:g}" y="0"', 1))
            x, height = x + width + 8, max(height, tall)
        width = max(x - 8, 1)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg circus-row" width="{width:g}" '
                f'height="{height:g}" viewBox="0 0 {width:g} {height:g}" role="img">{"".join(pieces)}</svg>')

    def description(self) -> str:
        """Each figure's description, in order."""
        return "\n".join(f"Figure {i} of {len(self.figures)}: {figure.description()}"
                         for i, figure in enumerate(self.figures, start=1))

    def _repr_html_(self) -> str:
        # one block per figure, so that a narrow page wraps them onto the next line
        inner = "".join(f"<div>{with_words(figure.svg(), figure.description())}</div>" for figure in self.figures)
        return (f'<div class="circus-figure" role="img" aria-label="{svg_text(self.description())}" '
                f'style="display: flex; flex-wrap: wrap; gap: 8px">{inner}</div>')

    def to_matplotlib(self, ax: Axes | None = None) -> MatplotlibFigure:
        """The figures drawn by matplotlib side by side, one Axes each, in one ``matplotlib.figure.Figure``."""
        if ax is not None:
            raise TypeError("figures side by side need an Axes each: call to_matplotlib() without ax")
        figure = _new_matplotlib_figure(self.width, self.height)
        for part, axes in zip(self.figures, figure.subplots(1, len(self.figures), squeeze=False)[0]):
            part._draw(axes)
        return figure


def side_by_side(*figures: Figure) -> Figure:
    """Figures in one row (they wrap onto the next line on a narrow page)."""
    if not figures or not all(isinstance(f, Figure) for f in figures):
        raise TypeError("side_by_side takes the figures to show, like side_by_side(plot1, plot2)")
    flat: list[Figure] = []
    for figure in figures:
        flat += figure.figures if isinstance(figure, _Row) else [figure]
    return _Row(flat)


# ---------------------------------------------------------------------------------------------------------
# a notebook's figures in LaTeX

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                  "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def _latex_text(words: str) -> str:
    """Words as LaTeX text: its special characters escaped, each line a line."""
    escaped = "".join(_LATEX_SPECIAL.get(c, c) for c in words)
    return " \\\\\n".join(line for line in escaped.splitlines() if line.strip())


def latex_figures(notebook: Any, resources: Any) -> tuple[Any, Any]:
    """An nbconvert preprocessor for LaTeX (after nbconvert has written each picture to a file): each figure,
    offered as SVG, becomes LaTeX that draws it and gives its text alternative below it.

    nbconvert's LaTeX exporter would convert every SVG to PDF with Inkscape, and fails where Inkscape is missing;
    with this preprocessor (and nbconvert's SVG2PDFPreprocessor disabled, as ``python -m circuslib latex`` does)
    the SVG is kept beside the .tex file, the LaTeX draws ``figure.pdf`` if one has been made from it and otherwise
    names the SVG in a box, and the figure's description follows in words either way.
    """
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            filename = output.get("metadata", {}).get("filenames", {}).get("image/svg+xml")
            if "image/svg+xml" not in data or "text/latex" in data or not filename:
                continue
            stem = filename[:-4] if filename.endswith(".svg") else filename
            pdf, shown = f"{stem}.pdf".replace("\\", "/"), filename.replace("\\", "/")
            alt = data.get("text/plain", "")
            data["text/latex"] = (
                "\\begin{center}\n"
                f"\\IfFileExists{{{pdf}}}{{\\adjustimage{{max size={{0.9\\linewidth}}{{0.9\\paperheight}}}}{{{pdf}}}}}"
                f"{{\\fbox{{\\parbox{{0.8\\linewidth}}{{\\centering figure: \\texttt{{{_latex_text(shown)}}}}}}}}}\n"
                "\\end{center}\n"
                f"\\begin{{quote}}\\small\n{_latex_text(alt)}\n\\end{{quote}}\n")
    return notebook, resources
