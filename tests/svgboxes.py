"""The text of an SVG picture as boxes on the page: where each <text> lies at the picture's natural size (its width
attribute), how big it prints, and which two print over each other.

A box is estimated, not measured by a browser: its width from the number of characters (0.6 of the font size each,
what DejaVu Sans, Chromium's sans-serif on Linux, takes for digits and lower case), its height from the font size,
placed by x, y, text-anchor and dominant-baseline, then carried through every transform, nested <svg> and viewBox
above it. The estimate errs by a few pixels; an overlap is counted only past ``SLACK`` pixels each way.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

CHAR = 0.6
"""A character's width, in font sizes."""
SLACK = 1.5
"""Pixels two boxes may share, each way, before they count as printed over each other (the estimate's error)."""
UNDRAWN = {"defs", "clipPath", "pattern", "marker", "symbol", "mask", "title", "desc", "style", "metadata"}
Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as SVG's matrix()
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class TextBox:
    """One line of text as it prints: its words, its font size in pixels, its box (left, top, right, bottom)."""
    text: str
    size: float
    box: tuple[float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?[\d.]+(?:e-?\d+)?", text)]


def transform(text: str | None) -> Matrix:
    """An SVG transform attribute (translate, scale, rotate, matrix, skew) as one matrix."""
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = _numbers(args)
        if name == "translate":
            step: Matrix = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            t = math.radians(v[0])
            cos, sin = math.cos(t), math.sin(t)
            step = (cos, sin, -sin, cos, 0, 0)
            if len(v) == 3:
                step = _times(_times((1, 0, 0, 1, v[1], v[2]), step), (1, 0, 0, 1, -v[1], -v[2]))
        elif name == "matrix":
            step = tuple(v[:6])  # type: ignore[assignment]
        elif name == "skewX":
            step = (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
        elif name == "skewY":
            step = (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)
        else:
            continue
        m = _times(m, step)
    return m


def _style(element: ET.Element, name: str) -> str | None:
    found = re.search(rf"(?:^|;)\s*{name}\s*:\s*([^;]+)", element.get("style", ""))
    return found.group(1).strip() if found else element.get(name)


def _size(value: str | None, inherited: float | None) -> float | None:
    if value is None:
        return inherited
    found = _numbers(value)
    if not found:
        return inherited
    return found[0] * (inherited or 16) / 100 if value.strip().endswith("%") else found[0]


def _viewport(element: ET.Element) -> Matrix:
    """A (nested) <svg>: its x, y and the scale from its viewBox to its width and height."""
    x, y = float(element.get("x", 0) or 0), float(element.get("y", 0) or 0)
    box = _numbers(element.get("viewBox", ""))
    width, height = _numbers(element.get("width", "") or "0"), _numbers(element.get("height", "") or "0")
    if len(box) == 4 and box[2] > 0 and width:
        sx = width[0] / box[2]
        sy = height[0] / box[3] if height and box[3] > 0 else sx
        scale = min(sx, sy)  # preserveAspectRatio's default: the whole viewBox shows, uniformly scaled
        return (scale, 0, 0, scale, x - box[0] * scale, y - box[1] * scale)
    return (1, 0, 0, 1, x, y)


def _line_box(text: str, x: float, y: float, size: float, anchor: str, baseline: str,
              m: Matrix) -> tuple[float, float, float, float]:
    width = CHAR * size * len(text)
    left = {"middle": x - width / 2, "end": x - width}.get(anchor, x)
    if baseline in ("central", "middle"):
        top = y - 0.475 * size
    elif baseline in ("hanging", "text-before-edge"):
        top = y
    else:  # alphabetic: capitals rise 0.75 of the size above the line, descenders go 0.2 below
        top = y - 0.75 * size
    corners = [(left, top), (left + width, top), (left, top + 0.95 * size), (left + width, top + 0.95 * size)]
    a, b, c, d, e, f = m
    xs = [a * px + c * py + e for px, py in corners]
    ys = [b * px + d * py + f for px, py in corners]
    return min(xs), min(ys), max(xs), max(ys)


def text_boxes(svg: str) -> list[TextBox]:
    """Every line of text the SVG prints, at the picture's natural size."""
    root = ET.fromstring(svg)
    found: list[TextBox] = []

    def walk(element: ET.Element, m: Matrix, size: float | None, anchor: str, baseline: str) -> None:
        tag = element.tag.rpartition("}")[2]
        if tag in UNDRAWN or _style(element, "display") == "none":
            return
        if tag == "svg":
            m = _times(m, _viewport(element))
        m = _times(m, transform(element.get("transform")))
        size = _size(_style(element, "font-size"), size)
        anchor = _style(element, "text-anchor") or anchor
        baseline = _style(element, "dominant-baseline") or baseline
        if tag != "text":
            for child in element:
                walk(child, m, size, anchor, baseline)
            return
        x, y = (_numbers(element.get(k, "0") or "0") or [0.0] for k in ("x", "y"))
        lines: list[tuple[str, float, float, float | None, str, str]] = []
        head = (element.text or "").strip()
        if head:
            lines.append((head, x[0], y[0], size, anchor, baseline))
        cx, cy = x[0], y[0]
        for span in element:  # a <tspan> with its own x or y is a line of its own; one without runs on
            if span.tag.rpartition("}")[2] != "tspan":
                continue
            words = "".join(span.itertext()).strip()
            sx, sy = _numbers(span.get("x", "") or ""), _numbers(span.get("y", "") or "")
            dy = _numbers(span.get("dy", "") or "")
            cx = sx[0] if sx else cx
            cy = (sy[0] if sy else cy) + (dy[0] if dy else 0)
            span_size = _size(_style(span, "font-size"), size)
            if sx or sy or dy or not lines:
                lines.append((words, cx, cy, span_size, _style(span, "text-anchor") or anchor, baseline))
            else:
                text, lx, ly, ls, la, lb = lines[-1]
                lines[-1] = (f"{text}{words}", lx, ly, ls, la, lb)
            if (span.tail or "").strip():
                text, lx, ly, ls, la, lb = lines[-1]
                lines[-1] = (f"{text}{span.tail.strip()}", lx, ly, ls, la, lb)
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        for text, lx, ly, line_size, line_anchor, line_baseline in lines:
            if not text:
                continue
            own = line_size if line_size is not None else 16.0  # SVG's default font size
            found.append(TextBox(text, own * scale, _line_box(text, lx, ly, own, line_anchor, line_baseline, m)))

    walk(root, IDENTITY, None, "start", "auto")
    return found


def overlaps(boxes: list[TextBox]) -> list[tuple[str, str]]:
    """Each pair of lines of text that print over each other (by more than ``SLACK`` pixels each way)."""
    pairs = []
    for i, one in enumerate(boxes):
        for other in boxes[i + 1:]:
            if one.text == other.text and one.box == other.box:
                continue  # the same words drawn twice in one place (a halo under a label) are one label
            a, b = one.box, other.box
            if min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK:
                pairs.append((one.text, other.text))
    return pairs


def smallest(boxes: list[TextBox]) -> TextBox | None:
    """The line printed smallest, or None when the picture has no text."""
    return min(boxes, key=lambda b: b.size, default=None)


def svgs_in(html: str) -> list[str]:
    """Each whole <svg>...</svg> element in an HTML text (nested ones stay inside their parent)."""
    found, depth, start = [], 0, 0
    for tag in re.finditer(r"<(/?)svg\b[^>]*?(/?)>", html):
        closing, empty = tag.group(1), tag.group(2)
        if not closing and not empty:
            if depth == 0:
                start = tag.start()
            depth += 1
        elif closing and depth:
            depth -= 1
            if depth == 0:
                found.append(html[start:tag.end()])
    return found
