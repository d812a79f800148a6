"""The kit's pictures as SVG: cards, dice, tokens, hexes and arrows written as text, and ``Picture``, what every
drawing of the kit is when a notebook shows it.

Rendering is pure (data in, SVG text out), so it is tested as text. A ``Picture`` shows itself with a full MIME
bundle: ``text/html`` that takes the page's theme (text and lines in ``currentColor``, colours from JupyterLab's CSS
variables), ``image/svg+xml`` with concrete colours (what exporters, printers and static pages keep), and
``text/plain`` that describes it in words (its text alternative).
"""
from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "svg_doc", "svg_text", "svg_arrowhead", "svg_arrow", "svg_card", "svg_die", "svg_token", "svg_hex", "hex_corners",
    "hex_center", "row", "PIP_LAYOUT", "THEME_CSS", "theme_style", "INK", "PIECE", "Picture", "concrete_svg",
    "THEME_INK", "Key", "svg_legend", "legend_size", "dark_ink", "svg_marker", "MIN_TEXT", "LEGEND_TEXT",
    "lines_of", "with_words", "HATCH_ANGLES", "hatch_id", "hatch_patterns",
]

MIN_TEXT = 13.0
"""The smallest text of the kit's pictures, in pixels at their natural size: what a projector still shows to the back
of a classroom (about 11 px would not)."""
LEGEND_TEXT = 13.0
"""The size of a legend's text."""
INK = "#222222"
"""Ink for text ON a light piece (a card, a die, a token, a map hex): the piece keeps its light face in every theme."""
PIECE = "circus-piece"
"""The class of every drawn piece; text outside pieces takes the theme's text colour instead of a fixed ink."""

THEME_CSS = """
.circus-frame, .circus-themed { color: var(--jp-ui-font-color1, var(--jp-content-font-color1, #1a1a1a)); }
.circus-frame .circus-svg text:not(.circus-piece text):not(.circus-plane text),
.circus-themed .circus-svg text:not(.circus-piece text):not(.circus-plane text),
.circus-svg .circus-caption { fill: currentColor; }
.circus-frame .circus-message, .circus-themed .circus-message { color: var(--jp-ui-font-color1, #1a1a1a); }
.circus-frame .circus-error, .circus-themed .circus-error, .circus-themed .circus-explorer-error {
  color: var(--jp-error-color1, #b3261e); font-weight: bold; }
.circus-frame .circus-log, .circus-frame .circus-odds { color: var(--jp-ui-font-color1, #1a1a1a); }
.circus-frame .widget-hbox, .circus-themed .widget-hbox { flex-wrap: wrap; }
.circus-frame button.widget-button, .circus-themed button.widget-button,
.circus-frame button.widget-toggle-button, .circus-themed button.widget-toggle-button {
  flex-shrink: 0; max-width: 100%; text-overflow: clip; white-space: normal; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); }
body[data-jp-theme-light="true"] .circus-frame .jupyter-button.mod-success,
body[data-jp-theme-light="true"] .circus-themed .jupyter-button.mod-success {
  background-color: var(--jp-success-color0, #1b5e20); }
body[data-jp-theme-light="true"] .circus-frame .jupyter-button.mod-info,
body[data-jp-theme-light="true"] .circus-themed .jupyter-button.mod-info {
  background-color: var(--jp-info-color0, #006064); }
body[data-jp-theme-light="true"] .circus-frame .jupyter-button.mod-warning,
body[data-jp-theme-light="true"] .circus-themed .jupyter-button.mod-warning { color: #000000; }
"""
"""The kit's stylesheet: every colour of text comes from JupyterLab's theme variables (light fallbacks elsewhere);
a row of controls wraps onto the next line rather than squeeze its buttons, and a button keeps its words whole
(its own width, never shrunk; a word too long for the row breaks onto a second line, never into "F...").
In the light theme, a green or cyan button takes the theme's darker shade and an orange one black words: white on
JupyterLab's own green, cyan or orange reads under 4.5:1."""


def theme_style() -> str:
    """The kit's stylesheet as a <style> element (each frame carries it, so a widget reads in any theme)."""
    return f"<style>{THEME_CSS}</style>"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def svg_text(text: object) -> str:
    """Any value as text safe inside SVG or HTML, in an element or an attribute: & < > " ' escaped."""
    return _esc(text)  # one escape for the kit: a label may hold a quote or a "<" (a student's title)


def svg_doc(width: float, height: float, body: str | Iterable[str], *, css_class: str = "circus-svg",
            title: str | None = None) -> str:
    """A standalone SVG picture of the given size around the given pieces."""
    body = body if isinstance(body, str) else "".join(body)
    label = f"<title>{_esc(title)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{_esc(css_class)}" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img">{label}{body}</svg>')


def svg_arrowhead(tip: tuple[float, float], back: tuple[float, float], colour: str, length: float = 9) -> str:
    """An arrowhead at ``tip`` pointing away from ``back`` (a point on the arrow's line or curve behind the tip)."""
    (tx, ty), (bx, by) = tip, back
    size = math.hypot(tx - bx, ty - by) or 1
    ux, uy = (tx - bx) / size, (ty - by) / size
    cx, cy = tx - length * ux, ty - length * uy
    half = 0.4 * length
    return (f'<polygon points="{tx:.1f},{ty:.1f} {cx - half * uy:.1f},{cy + half * ux:.1f} '
            f'{cx + half * uy:.1f},{cy - half * ux:.1f}" fill="{colour}"/>')


def svg_arrow(start: tuple[float, float], end: tuple[float, float], colour: str, width: float = 1.0, *,
              rx: float = 0, ry: float | None = None, head: float | None = None) -> str:
    """An arrow between two nodes drawn as ovals (``rx`` by ``ry``, a circle if ``ry`` is None) centred on ``start``
    and ``end``: from the rim of the first to the rim of the second, its head at the second (``head`` long: by
    default longer for a thicker arrow)."""
    ry = rx if ry is None else ry
    if rx < 0 or ry < 0 or (rx == 0) != (ry == 0):
        raise ValueError(f"an oval node has two radii, both above 0 (or both 0 for a point), not {rx!r} and {ry!r}")

    def rim(centre: tuple[float, float], towards: tuple[float, float]) -> tuple[float, float]:
        dx, dy = towards[0] - centre[0], towards[1] - centre[1]
        reach = math.hypot(dx / rx, dy / ry) if rx else 0
        return (centre[0] + dx / reach, centre[1] + dy / reach) if reach else centre

    (x1, y1), (x2, y2) = rim(start, end), rim(end, start)
    head = 6 + 2 * width if head is None else head
    length = math.hypot(x2 - x1, y2 - y1) or 1
    # the line stops under the head: its square end would show past a thin head's tip
    bx, by = x2 - (x2 - x1) / length * head * 0.9, y2 - (y2 - y1) / length * head * 0.9
    return (f'<path d="M{x1:.1f},{y1:.1f} L{bx:.1f},{by:.1f}" stroke="{colour}" stroke-width="{width:g}"/>'
            + svg_arrowhead((x2, y2), (x1, y1), colour, head))


def svg_card(top: object, bottom: object | None = None, *, x: float = 0, y: float = 0, width: float = 48,
             height: float = 70, fill: str = "#fffdf5", color: str = INK, highlight: bool = False,
             face_down: bool = False, note: str | None = None, css_class: str = "circus-card") -> str:
    """A playing card: a big value in the middle, or two values (top and upside-down bottom) like a Scout card."""
    stroke, stroke_width = ("#d7301f", 3) if highlight else ("#555555", 1.2)
    parts = [f'<g class="{PIECE} {_esc(css_class)}" transform="translate({x:g},{y:g})">',
             f'<rect width="{width:g}" height="{height:g}" rx="6" fill="{"#3b5b92" if face_down else fill}" '
             f'stroke="{stroke}" stroke-width="{stroke_width}"/>']
    if face_down:
        parts.append(f'<rect x="5" y="5" width="{width - 10:g}" height="{height - 10:g}" rx="4" fill="none" '
                     f'stroke="#ffffff" stroke-dasharray="3 2"/>')
    elif bottom is None:
        size = max(MIN_TEXT, width * (0.5 if len(str(top)) <= 2 else 0.32))
        parts.append(f'<text x="{width / 2:g}" y="{height / 2:g}" font-size="{size:g}" font-family="sans-serif" '
                     f'font-weight="bold" fill="{color}" text-anchor="middle" dominant-baseline="central">'
                     f'{_esc(top)}</text>')
    else:
        size = max(MIN_TEXT / 0.7, width * 0.4)  # the lower number, 0.7 of it, still 13 px at least
        parts.append(f'<text x="{width / 2:g}" y="{height * 0.3:g}" font-size="{size:g}" font-family="sans-serif" '
                     f'font-weight="bold" fill="{color}" text-anchor="middle" dominant-baseline="central">'
                     f'{_esc(top)}</text>')
        parts.append(f'<line x1="6" y1="{height / 2:g}" x2="{width - 6:g}" y2="{height / 2:g}" stroke="#bbbbbb"/>')
        parts.append(f'<text x="{width / 2:g}" y="{height * 0.7:g}" font-size="{size * 0.7:g}" '
                     f'font-family="sans-serif" fill="#595959" text-anchor="middle" dominant-baseline="central" '
                     f'transform="rotate(180 {width / 2:g} {height * 0.7:g})">{_esc(bottom)}</text>')
    if note:
        parts.append(f'<text class="circus-caption" x="{width / 2:g}" y="{height + 14:g}" font-size="{MIN_TEXT:g}" '
                     f'font-family="sans-serif" fill="#555555" text-anchor="middle">{_esc(note)}</text>')
    parts.append("</g>")
    return "".join(parts)


# where the pips of each die face sit, on a 3 x 3 grid (column, row)
PIP_LAYOUT = {
    1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def svg_die(value: int, *, x: float = 0, y: float = 0, size: float = 40, fill: str = "#ffffff",
            highlight: bool = False, css_class: str = "circus-die") -> str:
    """A six-sided die showing ``value`` pips."""
    if type(value) is not int or value not in PIP_LAYOUT:  # True == 1 in Python: not a die's face
        raise ValueError(f"a die shows 1 to 6 pips, not {value!r}")
    stroke = "#d7301f" if highlight else "#555555"
    step, radius = size / 4, size / 11
    pips = "".join(f'<circle cx="{step * (c + 1):g}" cy="{step * (r + 1):g}" r="{radius:g}" fill="{INK}"/>'
                   for c, r in PIP_LAYOUT[value])
    return (f'<g class="{PIECE} {_esc(css_class)}" transform="translate({x:g},{y:g})">'
            f'<rect width="{size:g}" height="{size:g}" rx="{size / 6:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="2"/>{pips}</g>')


def svg_token(face: object, *, cx: float = 0, cy: float = 0, r: float = 30, fill: str = "#fee391",
              back: object | None = None, highlight: bool = False, faint_back: bool = True,
              css_class: str = "circus-token") -> str:
    """A round two-faced token: the visible face, and the back (shown faintly) if the viewer knows it."""
    stroke, width = ("#d7301f", 3) if highlight else ("#555555", 1.5)
    parts = [f'<g class="{PIECE} {_esc(css_class)}" transform="translate({cx:g},{cy:g})">',
             f'<circle r="{r:g}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>',
             f'<text y="{-r * 0.05:g}" font-size="{max(MIN_TEXT, r * 0.42):g}" font-family="sans-serif" '
             'text-anchor="middle" '
             f'dominant-baseline="central" fill="{INK}">{_esc(face)}</text>']
    if back is not None:
        opacity = 0.55 if faint_back else 1
        parts.append(f'<text y="{r * 0.55:g}" font-size="{max(MIN_TEXT, r * 0.28):g}" font-family="sans-serif" '
                     'text-anchor="middle" '
                     f'dominant-baseline="central" fill="#555555" opacity="{opacity}">({_esc(back)})</text>')
    parts.append("</g>")
    return "".join(parts)


def hex_center(q: int, r: int, size: float, *, origin: tuple[float, float] = (0, 0)) -> tuple[float, float]:
    """The centre of axial hex (q, r), pointy-top layout."""
    x = size * math.sqrt(3) * (q + r / 2) + origin[0]
    y = size * 1.5 * r + origin[1]
    return (x, y)


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon."""
    return [(cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def svg_hex(q: int, r: int, *, size: float = 24, origin: tuple[float, float] = (0, 0), fill: str = "#f7fbff",
            label: str | None = None, css_class: str = "circus-hex") -> str:
    """One map hex at axial (q, r), optionally shaded and labelled."""
    cx, cy = hex_center(q, r, size, origin=origin)
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in hex_corners(cx, cy, size))
    text = (f'<text x="{cx:.1f}" y="{cy + size * 0.6:.1f}" font-size="{max(MIN_TEXT, size * 0.3):g}" '
            'font-family="sans-serif" '
            f'text-anchor="middle" fill="#999999">{_esc(label)}</text>') if label else ""
    return f'<g class="{PIECE} {_esc(css_class)}"><polygon points="{points}" fill="{fill}" stroke="#9ecae1"/>{text}</g>'


def row(pieces: Sequence[Callable[[float], str]] | Sequence[str], *, step: float = 54) -> str:
    """Lay out pieces left to right: each is a function of its x offset (or a string already placed)."""
    return "".join(p(i * step) if callable(p) else str(p) for i, p in enumerate(pieces))



# ---------------------------------------------------------------------------------------------------------
# a picture in a notebook: themed HTML, plain SVG, and words

PAGE_INK = "#1a1a1a"
"""The text colour a themed picture takes on a light page: its plain SVG uses it where the page's would be."""
_VARIABLE = re.compile(r"var\(--[\w-]+\s*,\s*((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")


def concrete_svg(svg: str) -> str:
    """The SVG with every colour made concrete: ``currentColor`` is the light page's ink and each CSS variable its
    fallback, so the picture reads the same outside the notebook (an exported page, a printed sheet)."""
    if not isinstance(svg, str):
        raise TypeError("concrete_svg takes a picture's SVG text")
    previous = None
    while previous != svg:  # a fallback may itself be a variable
        previous, svg = svg, _VARIABLE.sub(lambda m: m.group(1).strip(), svg)
    svg = svg.replace("currentColor", PAGE_INK)
    if svg.startswith("<svg") and 'color=' not in svg[:svg.index(">")]:
        svg = svg.replace("<svg", f'<svg color="{PAGE_INK}"', 1)
    return svg


_OPENING = re.compile(r"<svg\b[^>]*>")
_TITLE = re.compile(r"\s*<title>.*?</title>", re.S)


def with_words(svg: str, words: str) -> str:
    """The SVG carrying its words inside it: a <desc> with them after its <title> (a <title> from their first line
    if it has none), so that the picture read alone, exported or printed, still says what it shows."""
    if not isinstance(svg, str) or not isinstance(words, str):
        raise TypeError("with_words takes a picture's SVG text and its words")
    opening = _OPENING.match(svg.lstrip())
    if opening is None:
        raise ValueError("a picture's SVG is text that starts with <svg")
    svg = svg.lstrip()
    head, rest = svg[:opening.end()], svg[opening.end():]
    title = _TITLE.match(rest)
    if title:
        head, rest = head + title.group(0), rest[title.end():]
    else:
        head += f"<title>{_esc(words.strip().splitlines()[0] if words.strip() else 'A picture')}</title>"
    if 'role="' not in head[:opening.end()]:
        head = head.replace("<svg", '<svg role="img"', 1)
    return f"{head}<desc>{_esc(words)}</desc>{rest}"


class Picture:
    """A drawing of the kit: its SVG, and words that describe it for those who cannot see it.

    Subclasses write ``svg()`` and ``description()``; a picture made from SVG text already drawn is
    ``Picture.of(svg, alt)``. Shown as a cell's last value (or with ``display``), it offers every form a notebook,
    an exporter or a screen reader may want (see ``_repr_mimebundle_``).
    """

    css_class = "circus-figure"

    def svg(self) -> str:
        """The picture as one SVG element, in the page's theme."""
        raise NotImplementedError

    def description(self) -> str:
        """The picture in words: what it shows and its values, in a few lines (its text alternative)."""
        raise NotImplementedError

    @staticmethod
    def of(svg: str, alt: str) -> Picture:
        """A picture of SVG text already drawn, described by ``alt``."""
        return _Drawn(svg, alt)

    def plain_svg(self) -> str:
        """The picture as a standalone SVG with concrete colours (the light page's), for files and exports."""
        return concrete_svg(with_words(self.svg(), self.description()))

    def _repr_html_(self) -> str:
        # HTML, not an SVG image: an <img> would not take the page's text colour, and the picture must read in a
        # dark theme; the description is there for screen readers (aria-label), and in the SVG's <desc> too
        words = self.description()
        return (f'<div class="{self.css_class}" role="img" aria-label="{svg_text(words)}">'
                f"{with_words(self.svg(), words)}</div>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """The picture in every form: themed HTML, plain SVG, and its description as text."""
        return {"text/html": self._repr_html_(), "image/svg+xml": self.plain_svg(), "text/plain": self.description()}

    def __repr__(self) -> str:
        return self.description()


class _Drawn(Picture):
    def __init__(self, svg: str, alt: str) -> None:
        if not isinstance(svg, str) or not svg.lstrip().startswith("<svg"):
            raise TypeError("a picture's SVG is text that starts with <svg")
        if not isinstance(alt, str) or not alt.strip():
            raise ValueError("a picture says what it shows in words (its alt text)")
        self._svg, self._alt = svg, alt

    def svg(self) -> str:
        return self._svg

    def description(self) -> str:
        return self._alt


# ---------------------------------------------------------------------------------------------------------
# legends, markers, and what would not read on a dark page: shared by every picture and chart

THEME_INK = "currentColor"
"""The colour of axes, text and the 'black' lines off the pieces: the theme's text colour, dark on light and light
on dark (on a light box, a legend over a drawing, the ink is ``INK`` instead)."""

def svg_marker(kind: str, x: float, y: float, size: float, colour: str, *, hollow: bool = False,
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


HATCH_ANGLES = (45, -45, 0, 90)
"""The slopes of the kit's hatchings, in degrees (45 is ``hatch=True``): bars of different series are told apart by
their hatching as well as by their colour."""


def hatch_id(base: str, hatch: bool | int) -> str:
    """The id of a hatching's pattern: ``base`` for the 45-degree lines (``True``), ``base-<angle>`` for another."""
    angle = 45 if hatch is True else hatch
    if isinstance(angle, bool) or angle not in HATCH_ANGLES:
        raise ValueError(f"a hatching is True or one of the angles {HATCH_ANGLES}, not {hatch!r}")
    return base if angle == 45 else f"{base}-{angle}"


def hatch_patterns(base: str, ink: str = INK) -> str:
    """The <pattern> of each hatching, in dark ink (they lie on a bar's light or coloured fill)."""
    return "".join(f'<pattern id="{hatch_id(base, angle)}" width="6" height="6" patternUnits="userSpaceOnUse" '
                   f'patternTransform="rotate({angle})"><path d="M0,0 V6" stroke="{ink}" stroke-width="1.2"/>'
                   "</pattern>" for angle in HATCH_ANGLES)


@dataclass(frozen=True)
class Key:
    """One entry of a legend: a line (with its marker), a lone marker, or a bar's box (fill, hatching)."""
    label: str
    colour: str = THEME_INK
    width: float = 1.2
    dash: str | None = None
    marker: str | None = None
    marker_size: float = 5
    hollow: bool = False
    box: bool = False
    hatch: bool | int = False
    """The box's hatching: True (45-degree lines) or one of ``HATCH_ANGLES``."""
    line: bool = True
    outline: str | None = None
    """The rim of the marker, when not its colour: a light node's swatch drawn as the node is (a grey rim)."""


def _rows(key: Key) -> int:
    return len(key.label.split("\n"))


def legend_size(keys: Sequence[Key], *, size: float = LEGEND_TEXT) -> tuple[float, float]:
    """The width and height a legend's entries take (the width estimated from the longest line of text)."""
    longest = max((len(line) for key in keys for line in key.label.split("\n")), default=0)
    return 28 + 0.58 * size * longest, sum(size * (1.2 * _rows(key) + 0.55) for key in keys) - size * 0.55


def svg_legend(x: float, y: float, keys: Sequence[Key], *, size: float = LEGEND_TEXT, box: bool = False,
               css_class: str = "circus-legend", hatch: str = "circus-chart-hatch") -> str:
    """A legend with its first entry's top left corner at (x, y), one entry under the other (a label may have
    several lines); with ``box``, on a light box that may lie over a drawing (its ink then dark, as on a piece)."""
    if not isinstance(keys, (list, tuple)) or not all(isinstance(key, Key) for key in keys):
        raise TypeError("a legend's entries are a list of Key(label, ...)")
    # on the page the ink is the theme's; on a light box it must stay dark, or a dark theme would draw it white
    ink = INK if box else THEME_INK
    parts = [f'<g class="{PIECE} {svg_text(css_class)}">' if box else f'<g class="{svg_text(css_class)}">']
    if box:
        width, height = legend_size(keys, size=size)
        parts.append(f'<rect x="{x - 6:g}" y="{y - 5:g}" width="{width + 12:.1f}" height="{height + 10:.1f}" '
                     f'fill="#ffffff" fill-opacity="0.9" stroke="#cccccc" rx="4"/>')
    for key in keys:
        colour = ink if key.colour == THEME_INK else key.colour
        middle = y + size * 0.6
        if key.box:
            parts.append(f'<rect x="{x:g}" y="{middle - 5:.1f}" width="22" height="10" fill="{colour}" '
                         f'stroke="{ink}" stroke-width="0.6"/>')
            if key.hatch is not False:
                parts.append(f'<rect x="{x:g}" y="{middle - 5:.1f}" width="22" height="10" '
                             f'fill="url(#{hatch_id(hatch, key.hatch)})"/>')
        elif key.line:
            dash = f' stroke-dasharray="{key.dash}"' if key.dash else ""
            parts.append(f'<path d="M{x:g},{middle:.1f} h22" stroke="{colour}" stroke-width="{key.width:g}"{dash}/>')
        if key.marker:
            parts.append(svg_marker(key.marker, x + 11, middle, key.marker_size, colour, hollow=key.hollow,
                                 edge=2 if key.hollow else 1, outline=key.outline))
        for i, line in enumerate(key.label.split("\n")):
            parts.append(f'<text x="{x + 28:g}" y="{y + size * (0.95 + 1.2 * i):.1f}" font-size="{size:g}" '
                         f'font-family="sans-serif" fill="{ink}">{svg_text(line)}</text>')
        y += size * (1.2 * _rows(key) + 0.55)
    parts.append("</g>")
    return "".join(parts)


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

    page = _luminance("#111111") or 0.0
    problems: list[str] = []

    def contrast(colour: str | None) -> float:
        light = _luminance(colour)
        return math.inf if light is None else (light + 0.05) / (page + 0.05)

    def walk(element: ET.Element, fill: str, stroke: str | None, on_piece: bool) -> None:
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


def lines_of(text: str, most: int) -> list[str]:
    """A text broken at its spaces into lines of at most ``most`` characters (a longer word keeps a line of its
    own): the one way the kit wraps a label, a caption or a title."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
