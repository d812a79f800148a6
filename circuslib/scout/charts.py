"""Small charts written as SVG by the kit: the Scout explorers' plots (axes with ticks and labels, a title, lines
with markers, bars, a legend).

A chart of a few curves and bars written as SVG text costs about a millisecond in the kernel; the same picture drawn
by matplotlib (its text laid out, rasterised and encoded as a PNG) cost about a tenth of a second, and every
student's kernel drew one for each explorer when the lesson opened. The browser draws the SVG, in the page's theme:
axes, text and black lines take the theme's text colour (``currentColor``).
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Sequence

__all__ = ["Chart", "Key", "INK"]

INK = "currentColor"
"""The colour of axes, text and the 'black' lines: the theme's text colour, dark on light and light on dark."""

_FONT = 'font-family="sans-serif" fill="currentColor"'


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _marker(kind: str, x: float, y: float, size: float, colour: str, *, hollow: bool = False,
            edge: float = 1.0) -> str:
    """One marker centred on (x, y): "o" circle, "s" square, "^" and "v" triangles, "D" diamond, "_" a short bar."""
    r = size / 2
    fill, stroke = ("none", colour) if hollow else (colour, colour)
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
    """One entry of a chart's legend: a line (with its marker), a lone marker, or a bar's box (fill, hatching)."""
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


class Chart:
    """A plot area of ``width`` x ``height`` pixels with the given margins, x and y ranges mapped onto it (y linear
    or logarithmic); pieces are added in order, later ones on top, and ``svg`` writes the picture."""

    def __init__(self, width: float, height: float, *, x_range: tuple[float, float], y_range: tuple[float, float],
                 log_y: bool = False, margins: tuple[float, float, float, float] = (60, 30, 200, 40),
                 name: str = "circus-chart") -> None:
        (self.x0, self.x1), (self.y0, self.y1) = x_range, y_range
        if self.x1 <= self.x0 or self.y1 <= self.y0 or (log_y and self.y0 <= 0):
            raise ValueError("a chart's ranges go from low to high (and above 0 on a log scale)")
        self.width, self.height, self.log_y, self.name = width, height, log_y, name
        self.left, self.top, right, bottom = margins
        self.right, self.bottom = width - right, height - bottom
        self.parts: list[str] = []

    # --- where a value goes ---------------------------------------------------------------------------
    def x(self, value: float) -> float:
        """The pixel column of an x value."""
        return self.left + (value - self.x0) / (self.x1 - self.x0) * (self.right - self.left)

    def y(self, value: float) -> float:
        """The pixel row of a y value (the top of the plot is the top of the y range)."""
        if self.log_y:
            share = (math.log10(value) - math.log10(self.y0)) / (math.log10(self.y1) - math.log10(self.y0))
        else:
            share = (value - self.y0) / (self.y1 - self.y0)
        return self.bottom - share * (self.bottom - self.top)

    # --- the frame ------------------------------------------------------------------------------------
    def axes(self, *, xticks: Sequence[tuple[float, str]], yticks: Sequence[tuple[float, str]], xlabel: str,
             ylabel: str, title: str, grid: str = "y", tick_size: float = 11) -> None:
        """The box around the plot, ticks with their labels, grid lines ("x", "y" or "xy"), the labels, a title."""
        p = self.parts
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
              f'text-anchor="middle" {_FONT}>{_esc(label)}</text>' for v, label in xticks]
        p += [f'<text x="{self.left - 7:g}" y="{self.y(v) + tick_size * 0.35:.1f}" font-size="{tick_size:g}" '
              f'text-anchor="end" {_FONT}>{_esc(label)}</text>' for v, label in yticks]
        middle_x, middle_y = (self.left + self.right) / 2, (self.top + self.bottom) / 2
        p.append(f'<text x="{middle_x:.1f}" y="{self.height - 6:g}" font-size="12" text-anchor="middle" {_FONT}>'
                 f'{_esc(xlabel)}</text>')
        p.append(f'<text x="14" y="{middle_y:.1f}" font-size="12" text-anchor="middle" '
                 f'transform="rotate(-90 14 {middle_y:.1f})" {_FONT}>{_esc(ylabel)}</text>')
        p.append(f'<text class="{self.name}-title" x="{middle_x:.1f}" y="{self.top - 9:g}" font-size="13" '
                 f'text-anchor="middle" {_FONT}>{_esc(title)}</text>')

    def legend(self, keys: Sequence[Key], *, size: float = 10.5) -> None:
        """The legend, right of the plot, one entry under the other (a label may have several lines)."""
        x, y = self.right + 12, self.top + 4
        p = self.parts
        p.append(f'<g class="{self.name}-legend">')
        for key in keys:
            lines = key.label.split("\n")
            middle = y + size * 0.6
            if key.box:
                p.append(f'<rect x="{x:g}" y="{middle - 5:.1f}" width="22" height="10" fill="{key.colour}" '
                         f'stroke="{INK}" stroke-width="0.6"/>')
                if key.hatch:
                    p.append(f'<rect x="{x:g}" y="{middle - 5:.1f}" width="22" height="10" '
                             f'fill="url(#{self.name}-hatch)"/>')
            elif key.line:
                dash = f' stroke-dasharray="{key.dash}"' if key.dash else ""
                p.append(f'<path d="M{x:g},{middle:.1f} h22" stroke="{key.colour}" stroke-width="{key.width:g}"'
                         f'{dash}/>')
            if key.marker:
                p.append(_marker(key.marker, x + 11, middle, key.marker_size, key.colour, hollow=key.hollow,
                                 edge=2 if key.hollow else 1))
            for i, line in enumerate(lines):
                p.append(f'<text x="{x + 28:g}" y="{y + size * (0.95 + 1.2 * i):.1f}" font-size="{size:g}" '
                         f'{_FONT}>{_esc(line)}</text>')
            y += size * 1.2 * len(lines) + size * 0.55
        p.append("</g>")

    # --- what the plot shows --------------------------------------------------------------------------
    def line(self, xs: Sequence[float], ys: Sequence[float], *, colour: str = INK, width: float = 1.2,
             dash: str | None = None, marker: str | None = None, marker_size: float = 4, opacity: float = 1,
             hollow: bool = False, css_class: str = "") -> None:
        """A line through the points (xs, ys) (none if ``width`` is 0), with a marker at each point."""
        points = [(self.x(a), self.y(b)) for a, b in zip(xs, ys)]
        group = f'<g class="{_esc(css_class)}" opacity="{opacity:g}">' if css_class else f'<g opacity="{opacity:g}">'
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
        self.parts.append(f'<g class="{_esc(css_class)}" fill="{fill}" stroke="{INK}" stroke-width="0.6">'
                          + "".join(boxes) + "</g>")
        if hatch:  # the hatching over the same boxes: told apart without its colour
            self.parts.append(f'<g fill="url(#{self.name}-hatch)" stroke="none">' + "".join(boxes) + "</g>")

    def note(self, text: str, *, size: float = 11) -> None:
        """A line of text in the top left corner of the plot."""
        self.parts.append(f'<text x="{self.left + 8:g}" y="{self.top + 6 + size:g}" font-size="{size:g}" {_FONT}>'
                          f'{_esc(text)}</text>')

    def svg(self, *, css_class: str, title: str) -> str:
        """The picture as one SVG element (``title`` is what a screen reader says)."""
        hatch = (f'<defs><pattern id="{self.name}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
                 f'patternTransform="rotate(45)"><path d="M0,0 V6" stroke="{INK}" stroke-width="1.2"/></pattern>'
                 '</defs>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg {_esc(css_class)}" '
                f'width="{self.width:g}" height="{self.height:g}" viewBox="0 0 {self.width:g} {self.height:g}" '
                f'role="img"><title>{_esc(title)}</title>{hatch}{"".join(self.parts)}</svg>')
