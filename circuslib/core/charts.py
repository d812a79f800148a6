"""The kit's SVG charts and legends, written as text: a plot costs a millisecond, not a matplotlib figure's 0.1 s.

``Chart`` has axes with ticks (linear or log), lines with markers, shaded bands, reference lines, bars, a note and a
legend; ``svg_legend`` is every picture's legend. A chart of a few curves and bars written as SVG text costs about a
millisecond in the kernel; the same picture drawn by matplotlib (its text laid out, rasterised and encoded as a PNG)
cost about a tenth of a second, and every student's kernel drew one for each explorer and figure when a lesson
opened. The browser draws the SVG in the page's theme: axes, text and black lines take the theme's text colour
(``currentColor``); what sits on a light box (a legend over a drawing, a node, a piece) is marked ``circus-piece``
and keeps a dark ink, and ``dark_ink`` finds what would vanish on a dark page. Scout's explorers and Speed's
win-rate picture draw on ``Chart``.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .svg import PIECE, svg_text

__all__ = ["Chart", "Key", "INK", "PAPER_INK", "svg_legend", "legend_size", "dark_ink"]

INK = "currentColor"
"""The colour of axes, text and the 'black' lines: the theme's text colour, dark on light and light on dark."""
PAPER_INK = "#222222"
"""Ink on a drawn light box (a legend over a drawing, like a piece): dark in every theme, as the box stays light."""

_FONT = 'font-family="sans-serif" fill="currentColor"'
_CORNERS = ("upper left", "upper right", "lower left", "lower right")


def _marker(kind: str, x: float, y: float, size: float, colour: str, *, hollow: bool = False,
            edge: float = 1.0, outline: str | None = None) -> str:
    """One marker centred on (x, y): "o" circle, "s" square, "^" and "v" triangles, "D" diamond, "_" a short bar;
    its outline in its colour unless another is given (a light fill needs a darker rim)."""
    r = size / 2
    fill, stroke = ("none", colour) if hollow else (colour, outline or colour)
    look = f'fill="{fill}" stroke="{stroke}" stroke-width="{edge:g}"'
    if kind == "o":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {look}/>'
    if kind == "s":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{size:.1f}" height="{size:.1f}" {look}/>'
    if kind == "_":
        return f'<path d="M{x - r:.1f},{y:.1f} H{x + r:.1f}" stroke="{colour}" stroke-width="{edge:g}"/>'
    corners = {"^": [(0, -r), (r, r * 0.8), (-r, r * 0.8)], "v": [(0, r), (r, -r * 0.8), (-r, -r * 0.8)],
               "D": [(0, -r), (r * 0.8, 0), (0, r), (-r * 0.8, 0)]}
    if kind not in corners:
        raise ValueError(f"a marker is one of o s ^ v D _, not {kind!r}")
    points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners[kind])
    return f'<polygon points="{points}" {look}/>'


@dataclass(frozen=True)
class Key:
    """One entry of a legend: a line (with its marker), a lone marker, or a bar's box (fill, hatching)."""
    label: str
    colour: str = INK
    width: float = 1.2
    dash: str | None = None
    marker: str | None = None
    marker_size: float = 5
    hollow: bool = False
    box: bool = False
    hatch: bool = False
    line: bool = True
    outline: str | None = None
    """The rim of the marker, when not its colour: a light node's swatch drawn as the node is (a grey rim)."""


def _rows(key: Key) -> int:
    return len(key.label.split("\n"))


def legend_size(keys: Sequence[Key], *, size: float = 10.5) -> tuple[float, float]:
    """The width and height a legend's entries take (the width estimated from the longest line of text)."""
    longest = max((len(line) for key in keys for line in key.label.split("\n")), default=0)
    return 28 + 0.58 * size * longest, sum(size * (1.2 * _rows(key) + 0.55) for key in keys) - size * 0.55


def svg_legend(x: float, y: float, keys: Sequence[Key], *, size: float = 10.5, box: bool = False,
               css_class: str = "circus-legend", hatch: str = "circus-chart-hatch") -> str:
    """A legend with its first entry's top left corner at (x, y), one entry under the other (a label may have
    several lines); with ``box``, on a light box that may lie over a drawing (its ink then dark, as on a piece)."""
    if not isinstance(keys, (list, tuple)) or not all(isinstance(key, Key) for key in keys):
        raise TypeError("a legend's entries are a list of Key(label, ...)")
    # on the page the ink is the theme's; on a light box it must stay dark, or a dark theme would draw it white
    ink = PAPER_INK if box else INK
    parts = [f'<g class="{PIECE} {svg_text(css_class)}">' if box else f'<g class="{svg_text(css_class)}">']
    if box:
        width, height = legend_size(keys, size=size)
        parts.append(f'<rect x="{x - 6:g}" y="{y - 5:g}" width="{width + 12:.1f}" height="{height + 10:.1f}" '
                     f'fill="#ffffff" fill-opacity="0.9" stroke="#cccccc" rx="4"/>')
    for key in keys:
        colour = ink if key.colour == INK else key.colour
        middle = y + size * 0.6
        if key.box:
            parts.append(f'<rect x="{x:g}" y="{middle - 5:.1f}" width="22" height="10" fill="{colour}" '
                         f'stroke="{ink}" stroke-width="0.6"/>')
            if key.hatch:
                parts.append(f'<rect x="{x:g}" y="{middle - 5:.1f}" width="22" height="10" fill="url(#{hatch})"/>')
        elif key.line:
            dash = f' stroke-dasharray="{key.dash}"' if key.dash else ""
            parts.append(f'<path d="M{x:g},{middle:.1f} h22" stroke="{colour}" stroke-width="{key.width:g}"{dash}/>')
        if key.marker:
            parts.append(_marker(key.marker, x + 11, middle, key.marker_size, colour, hollow=key.hollow,
                                 edge=2 if key.hollow else 1, outline=key.outline))
        for i, line in enumerate(key.label.split("\n")):
            parts.append(f'<text x="{x + 28:g}" y="{y + size * (0.95 + 1.2 * i):.1f}" font-size="{size:g}" '
                         f'font-family="sans-serif" fill="{ink}">{svg_text(line)}</text>')
        y += size * (1.2 * _rows(key) + 0.55)
    parts.append("</g>")
    return "".join(parts)


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
             ylabel: str, title: str, grid: str = "y", tick_size: float = 11) -> None:
        """A title, the box around the plot, ticks with their labels, grid lines ("x", "y" or "xy"), the labels."""
        p = self.parts
        middle_x, middle_y = (self.left + self.right) / 2, (self.top + self.bottom) / 2
        # the title first: a screen reader, and a student reading the SVG, meet it first
        p.append(f'<text class="{self.name}-title" x="{middle_x:.1f}" y="{self.top - 9:g}" font-size="13" '
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
        p += [f'<text x="{self.x(v):.1f}" y="{self.bottom + 6 + tick_size:g}" font-size="{tick_size:g}" '
              f'text-anchor="middle" {_FONT}>{svg_text(label)}</text>' for v, label in xticks]
        p += [f'<text x="{self.left - 7:g}" y="{self.y(v) + tick_size * 0.35:.1f}" font-size="{tick_size:g}" '
              f'text-anchor="end" {_FONT}>{svg_text(label)}</text>' for v, label in yticks]
        p.append(f'<text x="{middle_x:.1f}" y="{self.height - 6:g}" font-size="12" text-anchor="middle" {_FONT}>'
                 f'{svg_text(xlabel)}</text>')
        p.append(f'<text x="14" y="{middle_y:.1f}" font-size="12" text-anchor="middle" '
                 f'transform="rotate(-90 14 {middle_y:.1f})" {_FONT}>{svg_text(ylabel)}</text>')

    def legend(self, keys: Sequence[Key], *, size: float = 10.5, inside: str | None = None) -> None:
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
             hollow: bool = False, css_class: str = "") -> None:
        """A line through the points (xs, ys) (none if ``width`` is 0), with a marker at each point."""
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
            body += [_marker(marker, a, b, marker_size, colour, hollow=hollow, edge=2 if hollow else 1)
                     for a, b in points]
        self.parts.append(group + "".join(body) + "</g>")

    def bars(self, xs: Sequence[float], heights: Sequence[float], *, width: float, fill: str, hatch: bool = False,
             css_class: str = "") -> None:
        """One bar per (x, height), ``width`` wide in x units, from 0 up (a bar of height 0 is not drawn)."""
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
        if hatch:  # the hatching over the same boxes: told apart without its colour
            self.parts.append(f'<g fill="url(#{self.name}-hatch)" stroke="none">' + "".join(boxes) + "</g>")

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

    def note(self, text: str, *, size: float = 11) -> None:
        """A line of text in the top left corner of the plot."""
        self.parts.append(f'<text x="{self.left + 8:g}" y="{self.top + 6 + size:g}" font-size="{size:g}" {_FONT}>'
                          f'{svg_text(text)}</text>')

    def svg(self, *, css_class: str, title: str) -> str:
        """The picture as one SVG element (``title`` is what a screen reader says)."""
        hatch = (f'<defs><pattern id="{self.name}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
                 f'patternTransform="rotate(45)"><path d="M0,0 V6" stroke="{INK}" stroke-width="1.2"/></pattern>'
                 '</defs>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg {svg_text(css_class)}" '
                f'width="{self.width:g}" height="{self.height:g}" viewBox="0 0 {self.width:g} {self.height:g}" '
                f'role="img"><title>{svg_text(title)}</title>{hatch}{"".join(self.parts)}</svg>')


def _luminance(colour: str | None) -> float | None:
    """The relative luminance (WCAG) of a #rrggbb or #rgb colour; None for currentColor, none, a pattern."""
    if colour is None or not colour.startswith("#") or len(colour) not in (4, 7):
        return None
    digits = colour[1:] if len(colour) == 7 else "".join(c * 2 for c in colour[1:])
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def dark_ink(svg: str) -> list[str]:
    """What in a picture would not read on a dark page (JupyterLab's dark theme, #111111): each text in a fixed
    colour darker than 4.5:1 against it (the default black included), each line or outline darker than 3:1, unless
    it lies on a light box marked ``circus-piece``; an empty list when every ink reads in light and dark themes."""
    import xml.etree.ElementTree as ET

    page = _luminance("#111111")
    problems: list[str] = []

    def contrast(colour: str | None) -> float:
        light = _luminance(colour)
        return math.inf if light is None else (light + 0.05) / (page + 0.05)

    def walk(element, fill: str, stroke: str | None, on_piece: bool) -> None:
        tag = element.tag.rpartition("}")[2]
        if tag in ("title", "defs", "style"):
            return  # not drawn
        on_piece = on_piece or PIECE in element.get("class", "").split()
        fill, stroke = element.get("fill", fill), element.get("stroke", stroke)
        if not on_piece:
            if tag == "text" and contrast(fill) < 4.5:
                problems.append(f"the text {''.join(element.itertext())!r} in {fill}")
            elif tag != "text" and stroke not in (None, "none") and contrast(stroke) < 3:
                problems.append(f"<{tag}> drawn in {stroke}")
        for child in element:
            walk(child, fill, stroke, on_piece)

    walk(ET.fromstring(svg), "#000000", None, False)  # SVG's default fill is black, its default stroke none
    return problems
