"""Flip Circus pictures drawn as SVG by the kit: the ring of tokens, the Cayley graph of neighbour swaps on a small
ring, and the positions one turn reaches.

Each picture is a ``core.svg.Picture``: shown as a cell's last value it offers themed HTML, a plain SVG and its
description in words (what a screen reader says, what an export keeps). The ``*_svg`` functions give the SVG text
alone, for a widget's board. A graph drawing costs a few milliseconds where a matplotlib figure of the same graph
cost a tenth of a second; ``OneTurnPicture.to_matplotlib()`` still draws it with matplotlib for a student who wants
to restyle it or save it. Each is drawn on white paper, its ink dark: it reads in any theme.

This module stands below the rules: it draws plain values (faces as the artists' names, graphs) and imports nothing
of the game, so the rules' states can draw themselves with it.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from numbers import Real
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # networkx is imported where a graph is drawn: importing the module stays light
    import networkx as nx
    from matplotlib.figure import Figure

from ..core.args import graph_of, optional_text, seed_arg, whole
from ..core.figures import PAPER_INK
from ..core.svg import MIN_TEXT, PIECE, Key, Picture, legend_size, lines_of, svg_doc, svg_legend, svg_text

__all__ = ["ring_svg", "ring_picture", "ring_description", "ARTIST_COLOURS", "PROTECTIONS", "RING_FONT", "text_width",
           "swap_graph_svg", "swap_graph_picture",
           "one_turn_svg", "one_turn_picture", "one_turn_layout", "OneTurnPicture", "ONE_TURN", "DISTANCE_COLOURS",
           "is_labelled", "node_label", "LABELLED"]

# ---------------------------------------------------------------------------------------------------------
# the ring

ARTIST_COLOURS = {"Clown": "#fdd0a2", "Acrobate": "#c6dbef", "Magicien": "#dadaeb", "Voyante": "#c7e9c0",
                  "Muscles": "#fcbba1", "Dresseuse": "#fee391"}
"""The fill of a token by the artist it shows (each token also names its artist: colour is never the only sign)."""
def _full(artist: str) -> str:
    return "Monsieur Muscles" if artist == "Muscles" else artist


def _ring_args(faces: Any, backs: Any) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The faces of a ring and the backs seen (None where unseen), checked: artists' names, as many backs as faces."""
    from ..core.args import items

    faces = items(faces, "faces", low=3)
    for face in faces:
        if face not in ARTIST_COLOURS:
            raise ValueError(f"a face shows one of the artists ({', '.join(ARTIST_COLOURS)}), not {face!r}")
    backs = (None,) * len(faces) if backs is None else items(backs, "backs", low=len(faces), high=len(faces))
    return faces, backs


PROTECTIONS = {"Muscles": ("no swap", "Monsieur Muscles cannot be moved by an ordinary swap"),
               "Dresseuse": ("immune", "the Dresseuse is immune to the other artists' powers")}
"""What a visible Monsieur Muscles and a visible Dresseuse protect against: the mark on the ring (plain words, in a
dashed second rim: glyphs every default font draws), and in words."""

RING_FONT = 13
"""The size (px) of every word on the ring: readable on a projector."""
_EM = 0.62  # a character's width in em, generous for the default sans-serif fonts
_TOKEN = 48  # a token's radius (px): room for "(Dresseuse)" at RING_FONT, at the generous estimate


def text_width(text: str, size: float = RING_FONT) -> float:
    """A generous estimate of the width (px) of ``text`` in the default sans-serif fonts at ``size`` px."""
    return _EM * size * len(text)


def _chord(r: float, y: float, size: float) -> float:
    """The width of the token's disc at the band of a line of text centred at height ``y`` (its far edge)."""
    edge = abs(y) + size / 2
    return 2 * math.sqrt(max(0.0, r * r - edge * edge))


def _inside(text: str, y: float, r: float, attributes: str) -> str:
    """One line of a token's words centred at height ``y``; the token is drawn big enough that every artist's name
    fits the disc's width there (``ring_fits``)."""
    return (f'<text y="{y:.1f}" font-size="{RING_FONT}" font-family="sans-serif" text-anchor="middle" '
            f'dominant-baseline="central" {attributes}>{svg_text(text)}</text>')


_LINES = {"protection": -0.56, "face": -0.18, "back": 0.22}
"""The height of each line of a token's words, in token radii from its centre (down is positive)."""


def ring_fits(r: float = _TOKEN) -> bool:
    """Whether every artist's name, in brackets as a back, and every protection's words fit inside a token of
    radius ``r`` at their lines (at the generous width estimate)."""
    longest = {"face": max(ARTIST_COLOURS, key=len), "back": f"({max(ARTIST_COLOURS, key=len)})",
               "protection": max((mark for mark, _ in PROTECTIONS.values()), key=len)}
    return all(text_width(text) <= _chord(r, _LINES[line] * r, RING_FONT) for line, text in longest.items())


def _ring_token(face: str, back: str | None, *, x: float, y: float, r: float, highlight: bool, css: str) -> str:
    stroke, width = ("#d7301f", 3) if highlight else ("#555555", 1.5)
    parts = [f'<g class="{PIECE} {svg_text(css)}" transform="translate({x:.1f},{y:.1f})">',
             f'<circle r="{r:g}" fill="{ARTIST_COLOURS[face]}" stroke="{stroke}" stroke-width="{width}"/>']
    if face in PROTECTIONS:  # a dashed second rim and the words: seen at a glance, said in words
        parts.append(f'<circle class="circus-protection-rim" r="{r - 3:g}" fill="none" stroke="#a50f15" '
                     'stroke-width="1.5" stroke-dasharray="4 3"/>')
        parts.append(_inside(PROTECTIONS[face][0], _LINES["protection"] * r, r,
                             'class="circus-protection" fill="#a50f15"'))
    parts.append(_inside(face, _LINES["face"] * r, r, 'class="circus-face" font-weight="bold" fill="#222222"'))
    if back is not None:
        parts.append(_inside(f"({back})", _LINES["back"] * r, r, 'class="circus-back" fill="#444444"'))
    parts.append("</g>")
    return "".join(parts)


def _lines(text: str, width: float, size: float = RING_FONT) -> list[str]:
    """``text`` cut at spaces into lines that fit ``width`` (px) at the generous estimate."""
    return lines_of(text, max(8, int(width / (_EM * size))))


def ring_svg(faces: Sequence[str], backs: Sequence[str | None] | None = None, *, highlight: Sequence[int] = (),
             selected: Sequence[int] = (), caption: str = "", size: float = 300) -> str:
    """The ring as SVG: visible faces, known backs in brackets, protections marked, positions numbered; every word
    (the numbers, the names, the caption) inside the picture, at 13 px. ``size`` is the least width: the ring
    grows until its tokens fit round it."""
    faces, backs = _ring_args(faces, backs)
    count = len(faces)
    r = _TOKEN
    # the tokens side by side round the ring, 12 px apart, and the numbers outside them
    radius = max(size * 0.38, count * (2 * r + 12) / (2 * math.pi))
    number_at = radius + r + 16
    side = 2 * (number_at + RING_FONT)  # the numbers' far edge, with a margin
    width = max(float(size), side)
    cx, cy = width / 2, side / 2
    parts = []
    for i, face in enumerate(faces):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        css = "circus-token circus-pos-" + str(i) + (" circus-selected" if i in selected else "")
        parts.append(_ring_token(face, backs[i], x=x, y=y, r=r, highlight=i in highlight or i in selected, css=css))
        lx, ly = cx + number_at * math.cos(angle), cy + number_at * math.sin(angle)
        parts.append(f'<text class="circus-place" x="{lx:.1f}" y="{ly:.1f}" font-size="{RING_FONT}" '
                     f'font-family="sans-serif" fill="#555555" text-anchor="middle" dominant-baseline="central">'
                     f'{i}</text>')
    height = side
    for line in _lines(caption, width - 2 * RING_FONT) if caption else []:
        height += RING_FONT * 1.4
        parts.append(f'<text class="circus-caption" x="{cx:.1f}" y="{height - RING_FONT * 0.4:.1f}" '
                     f'font-size="{RING_FONT}" font-family="sans-serif" text-anchor="middle" fill="#333333">'
                     f'{svg_text(line)}</text>')
    return svg_doc(width, height + (RING_FONT * 0.6 if caption else 0), parts, title="Flip Circus ring")


def ring_description(faces: Sequence[str], backs: Sequence[str | None] | None = None, *, caption: str = "") -> str:
    """The ring in words: each place clockwise from 0 with the face it shows (and the back seen there), what the
    protections forbid, and the caption."""
    faces, backs = _ring_args(faces, backs)
    places = [f"{i} {_full(face)}" + (f" (back seen: {_full(back)})" if back else "")
              for i, (face, back) in enumerate(zip(faces, backs))]
    lines = [f"A ring of {len(faces)} tokens, clockwise from place 0: " + ", ".join(places) + "."]
    for artist, (_, words) in PROTECTIONS.items():
        at = [str(i) for i, face in enumerate(faces) if face == artist]
        if at:
            lines.append(f"At {', '.join(at)}: {words}.")
    if caption:
        lines.append(caption[0].upper() + caption[1:] + ".")
    return "\n".join(lines)


def ring_picture(faces: Sequence[str], backs: Sequence[str | None] | None = None, *, highlight: Sequence[int] = (),
                 selected: Sequence[int] = (), caption: str = "") -> Picture:
    """The ring of tokens as a picture: its SVG (``ring_svg``) and its description in words."""
    return Picture.of(ring_svg(faces, backs, highlight=highlight, selected=selected, caption=caption),
                      ring_description(faces, backs, caption=caption))


# ---------------------------------------------------------------------------------------------------------
# graphs

_TEXT = f'font-family="sans-serif" text-anchor="middle" fill="{PAPER_INK}"'  # on the white paper: dark in any theme
_NODE = 21  # the radius of an arrangement's circle (px): room for five letters at 13 px

DISTANCE_COLOURS = ("#fee391", "#c7e9c0", "#c6dbef", "#dadaeb", "#fcbba1")
"""The fill of an arrangement by its swap distance from the start: 0, 1, 2, 3, 4 swaps."""

def _is_point(place: Any) -> bool:
    """Whether ``place`` is a pair of finite numbers, as a networkx layout gives (numpy numbers included)."""
    try:
        return len(place) == 2 and all(isinstance(v, Real) and not isinstance(v, bool) and math.isfinite(v)
                                       for v in place)
    except TypeError:
        return False


def swap_graph_svg(graph: nx.Graph, pos: dict, distance: dict, *, colours: Sequence[str] = DISTANCE_COLOURS,
                   title: str | None = None) -> str:
    """A swap graph (``swap_graph``) as SVG: each arrangement a circle where the layout ``pos`` puts it (any
    networkx layout), filled by its swap ``distance`` from the start (``colours[d]``), labelled by its items, each
    swap a grey line; the legend (right) gives each distance and how many arrangements lie at it."""
    import networkx as nx

    if not isinstance(graph, nx.Graph) or graph.number_of_nodes() == 0:
        raise TypeError("give the swap graph of a ring, as swap_graph('ABCD') makes it")
    optional_text(title)
    missing = [n for n in graph if n not in pos or n not in distance]
    if missing:
        raise ValueError(f"every arrangement needs a place in pos and a distance: {''.join(map(str, missing[0]))} "
                         "has none")
    if graph.number_of_nodes() > 120:
        raise ValueError(f"the graph has {graph.number_of_nodes()} arrangements, too many to label one by one (at "
                         "most 120, the rings of 5 places): draw a smaller ring")
    for n in graph:
        d, spot = distance[n], pos[n]
        whole(d, "a swap distance", 0)
        if not _is_point(spot):
            raise ValueError(f"a place in pos is a pair of finite numbers (x, y), not {spot!r}")
    if max(distance[n] for n in graph) >= len(colours):
        raise ValueError(f"give a colour for each distance from 0 to {max(distance[n] for n in graph)}")
    counts: dict = {}
    for n in graph:
        counts[distance[n]] = counts.get(distance[n], 0) + 1
    xs, ys = [float(pos[n][0]) for n in graph], [float(pos[n][1]) for n in graph]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    tallest = max(counts.values())
    legend_width, top, margin = 240, 46, _NODE + 14
    height = max(320, top + margin + 2 * _NODE + (tallest - 1) * (2 * _NODE + 8))
    width = max(640, 150 * len(counts) + legend_width)
    plot_right = width - legend_width - 10

    def place(n: Any) -> tuple[float, float]:
        x, y = pos[n]
        px = margin + (float(x) - x0) / ((x1 - x0) or 1) * (plot_right - 2 * margin)
        py = top + margin / 2 + (y1 - float(y)) / ((y1 - y0) or 1) * (height - top - 1.5 * margin)
        return px, py

    xy = {n: place(n) for n in graph}
    start = min(graph, key=lambda n: distance[n])
    # the paper: white in every theme, so the picture is a piece (its ink dark), as a card is
    parts = [f'<g class="{PIECE} circus-paper"><rect width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{width / 2:g}" y="24" font-size="14" {_TEXT}>'
             f'{svg_text(title or f"Swaps on a ring of {len(start)} places")}</text>']
    # the swaps first, under the circles: one path of straight pieces
    lines = "".join(f"M{xy[a][0]:.1f} {xy[a][1]:.1f}L{xy[b][0]:.1f} {xy[b][1]:.1f}" for a, b in graph.edges)
    parts.append(f'<path class="circus-swaps" d="{lines}" stroke="#000000" stroke-opacity="0.3" fill="none"/>')
    for n in graph:
        x, y = xy[n]
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_NODE}" fill="{colours[distance[n]]}" stroke="#636363"/>'
                     f'<text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="{MIN_TEXT:g}" {_TEXT}>'
                     f'{svg_text("".join(map(str, n)))}</text>')
    name = "".join(map(str, start))
    keys = [Key(f"{d} swap{'s' if d != 1 else ''} from {name} ({counts[d]})", colour=colours[d], marker="o",
                marker_size=14, outline="#636363", line=False) for d in sorted(counts)]
    parts.append(svg_legend(width - legend_width + 8, top + 9, keys, box=True,
                            css_class="circus-flip-circus-legend"))
    parts.append("</g>")
    return svg_doc(width, height, parts, css_class="circus-svg circus-flip-circus-cayley", title=title)


def swap_graph_picture(graph: nx.Graph, pos: dict, distance: dict, *, colours: Sequence[str] = DISTANCE_COLOURS,
                       title: str | None = None) -> Picture:
    """A swap graph as a picture: its SVG (``swap_graph_svg``) and, in words, how many arrangements lie at each
    distance from the start and how many swaps join them."""
    svg = swap_graph_svg(graph, pos, distance, colours=colours, title=title)  # checks the arguments
    start = min(graph, key=lambda n: distance[n])
    counts: dict = {}
    for n in graph:
        counts[distance[n]] = counts.get(distance[n], 0) + 1
    by_distance = "; ".join(f"{counts[d]} at {d} swap{'s' if d != 1 else ''}" for d in sorted(counts))
    words = (f"{title or 'Swaps on a ring'}. A graph of the {graph.number_of_nodes()} arrangements of "
             f"{''.join(map(str, start))} on a ring, each swap of two neighbours a line ({graph.number_of_edges()} "
             f"lines). From {''.join(map(str, start))}: {by_distance}.")
    return Picture.of(svg, words)


ONE_TURN = "flip circus one-turn graph"
"""The kind of graph ``graphs.one_turn_graph`` makes (its ``graph.graph["kind"]``), which ``one_turn_svg`` draws."""

START, POSTER, PLAIN = "#9ecae1", "#fc9272", "#e0e0e0"
"""The one-turn graph's fills: the start blue, a poster taken red, the rest grey (light, under dark words)."""
RIMS = {START: "#2171b5", POSTER: "#a50f15", PLAIN: "#969696"}
"""The rim of each fill: darker, and thicker for a poster (colour is not the only sign: its label says poster)."""

LABELLED = 30
"""The most positions a column may hold for the labelled drawing (one row of words each); a bigger graph is drawn
in rings, unlabelled."""
_ROW, _FONT, _CHAR = 28, 13, 0.62  # a row's height, the labels' size (px), a character's width (em, generous)


def _columns(graph: nx.DiGraph) -> dict:
    shells: dict = {}
    for node, data in graph.nodes(data=True):
        shells.setdefault(data["depth"], []).append(node)
    return shells


def is_labelled(graph: nx.DiGraph) -> bool:
    """Whether ``one_turn_svg`` draws this graph in labelled columns (at most ``LABELLED`` positions after each
    number of actions, at most 3 actions) rather than in unlabelled rings."""
    graph_of(graph, "graph", ONE_TURN, "one_turn_graph(state)")
    shells = _columns(graph)
    return max(shells) <= 3 and max(len(nodes) for nodes in shells.values()) <= LABELLED


def _action(graph: nx.DiGraph, node: Any) -> str:
    """The action (or actions) that lead to a position from the column before it."""
    depth = graph.nodes[node]["depth"]
    found = sorted({str(graph.edges[u, node].get("label") or graph.edges[u, node].get("move", "an action"))
                    for u in graph.predecessors(node) if graph.nodes[u]["depth"] == depth - 1})
    return " or ".join(found[:2]) + (f" (+{len(found) - 2})" if len(found) > 2 else "") or "an action"


def node_label(graph: nx.DiGraph, node: Any) -> str:
    """A position's words in the labelled drawing: the start, or the action that leads to it (``then ...`` after
    the first), and ``poster`` where one is taken."""
    if node == graph.graph["root"]:
        return "start"
    words = ("" if graph.nodes[node]["depth"] == 1 else "then ") + _action(graph, node)
    return words + (": poster" if graph.nodes[node]["poster"] else "")


def _text_width(text: str) -> float:
    return _CHAR * _FONT * len(text)


def one_turn_layout(graph: nx.DiGraph, *, seed: int = 1) -> dict:
    """Where ``one_turn_svg`` (and ``OneTurnPicture.to_matplotlib``) put each position. A small graph (see
    ``is_labelled``): in columns by number of actions, the start on the left, each column in the order of the
    actions (a position under the one it comes from), the same for every seed. A bigger one: in rings by number of
    actions, the start in the middle, each ring in a seeded order (the same picture for the same seed)."""
    import networkx as nx

    graph_of(graph, "graph", ONE_TURN, "one_turn_graph(state)")
    seed_arg(seed)
    shells = _columns(graph)
    if is_labelled(graph):
        place: dict = {}
        for depth in sorted(shells):
            def order(n: Any, depth: int = depth) -> tuple:
                # under the positions it comes from (their mean row), then by its words: fewer crossing lines
                rows = [place[u][1] for u in graph.predecessors(n) if u in place and graph.nodes[u]["depth"] < depth]
                return (-(sum(rows) / len(rows)) if rows else 0.0, node_label(graph, n), repr(n))
            for row, node in enumerate(sorted(shells[depth], key=order)):
                place[node] = (float(depth), -float(row))
        return place
    rng = random.Random(seed)
    for depth in sorted(shells):
        # the same picture for the same seed, however the graph was put together (a set of nodes has no fixed order)
        shells[depth].sort(key=lambda n: (graph.nodes[n].get("label", ""), repr(n)))
        rng.shuffle(shells[depth])  # spread the edges round each ring
    # rings by depth (the start in the middle): a shell layout needs no scipy, unlike spring layouts of big graphs
    return dict(nx.shell_layout(graph, nlist=[shells[d] for d in sorted(shells)]))


def _one_turn_title(graph: nx.DiGraph, title: str | None) -> str:
    posters = sum(bool(d["poster"]) for _, d in graph.nodes(data=True))
    return title or f"{graph.number_of_nodes()} positions one turn away, {posters} with a new poster"


def _fill(graph: nx.DiGraph, node: Any) -> str:
    return START if node == graph.graph["root"] else POSTER if graph.nodes[node]["poster"] else PLAIN


def _legend_keys(graph: nx.DiGraph) -> list[Key]:
    entries = [(START, f"start: {_mover(graph)}"), (POSTER, "a poster taken"), (PLAIN, "no poster yet")]
    return [Key(label, colour=colour, marker="o", marker_size=12, outline=RIMS[colour], line=False)
            for colour, label in entries]


def _title_lines(text: str, width: float, size: float) -> list[str]:
    """The title cut into lines that fit the picture's width (at a generous estimate of each character)."""
    return lines_of(text, max(10, int(width / (_CHAR * size)))) or [""]


def _labelled_svg(graph: nx.DiGraph, title: str) -> tuple[float, float, list[str]]:
    """The labelled drawing: each position a box holding its words, in columns by number of actions; each action a
    line from one box's right side to the next column's box; column headings above, the legend below."""
    pos = one_turn_layout(graph)
    shells = _columns(graph)
    labels = {n: node_label(graph, n) for n in graph}
    widths = {d: max(_text_width(labels[n]) for n in shells[d]) + 16 for d in shells}
    heads = {d: "the start" if d == 0 else f"after {d} action{'s' if d != 1 else ''}" for d in shells}
    widths = {d: max(widths[d], _text_width(heads[d])) for d in shells}
    gap, margin = 90, 20
    left: dict = {}
    x: float = margin
    for d in sorted(shells):
        left[d] = x
        x += widths[d] + gap
    width = max(640.0, x - gap + margin)
    lines = _title_lines(title, width - 2 * margin, 15)
    top = 18 + 20 * len(lines) + 30  # the title, then the column headings
    rows = max(len(nodes) for nodes in shells.values())
    keys = _legend_keys(graph)
    legend_height = legend_size(keys, size=_FONT)[1]
    height = top + rows * _ROW + 24 + legend_height + 20
    box_height = _ROW - 8
    box: dict = {}
    for n in graph:
        d, row = int(pos[n][0]), -pos[n][1]
        box[n] = (left[d], top + row * _ROW, widths[d], box_height)
    parts = [f'<g class="{PIECE} circus-paper"><rect width="{width:g}" height="{height:g}" fill="#ffffff"/>']
    for i, line in enumerate(lines):
        parts.append(f'<text class="circus-title" x="{width / 2:g}" y="{26 + 20 * i}" font-size="15" {_TEXT}>'
                     f'{svg_text(line)}</text>')
    for d in sorted(shells):
        parts.append(f'<text class="circus-column" x="{left[d] + widths[d] / 2:g}" y="{top - 10}" '
                     f'font-size="{_FONT}" font-weight="bold" {_TEXT}>{svg_text(heads[d])}</text>')
    # the actions first, under the boxes: one path of straight pieces, each from a box's right side to the next
    segments = []
    for a, b in graph.edges:
        (ax, ay, aw, ah), (bx, by, _, bh) = box[a], box[b]
        if bx > ax:
            segments.append(f"M{ax + aw:.1f} {ay + ah / 2:.1f}L{bx:.1f} {by + bh / 2:.1f}")
    parts.append(f'<path class="circus-actions" d="{"".join(segments)}" stroke="#000000" stroke-opacity="0.35" '
                 'fill="none"/>')
    for n in graph:
        x0, y0, w, h = box[n]
        fill = _fill(graph, n)
        rim = 2.5 if fill == POSTER else 1.2
        bold = ' font-weight="bold"' if fill != PLAIN else ""
        parts.append(f'<g class="circus-position"><rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{h:.1f}" '
                     f'rx="5" fill="{fill}" stroke="{RIMS[fill]}" stroke-width="{rim}"/>'
                     f'<text x="{x0 + w / 2:.1f}" y="{y0 + h / 2 + _FONT * 0.35:.1f}" font-size="{_FONT}"{bold} '
                     f'{_TEXT}>{svg_text(labels[n])}</text></g>')
    parts.append(svg_legend(margin, top + rows * _ROW + 24, keys, size=_FONT, box=True,
                            css_class="circus-flip-circus-legend"))
    parts.append("</g>")
    return width, height, parts


def one_turn_svg(graph: nx.DiGraph, *, seed: int = 1, title: str | None = None) -> str:
    """A one-turn graph (``one_turn_graph``, or a part of it) as SVG. A small one (``is_labelled``): each position
    a box saying the action that leads to it, in columns by number of actions, the start blue, a poster red (and
    its box says so), the others grey; the legend below. A bigger one: the positions in rings, unlabelled, the
    legend above them."""
    pos = one_turn_layout(graph, seed=seed)  # checks the graph and the seed
    optional_text(title)
    if graph.number_of_nodes() > 3_000:
        raise ValueError(f"the graph has {graph.number_of_nodes()} positions, too many to draw one by one (at most "
                         "3,000): draw a part of it")
    text = _one_turn_title(graph, title)
    if is_labelled(graph):
        width, height, parts = _labelled_svg(graph, text)
        return svg_doc(width, height, parts, css_class="circus-svg circus-flip-circus-one-turn", title=title)
    root = graph.graph["root"]
    keys = _legend_keys(graph)
    legend_height = legend_size(keys, size=_FONT)[1]
    width = 640
    lines = _title_lines(text, width - 40, 15)
    top = 18 + 20 * len(lines) + legend_height + 16  # the title, then the legend, then the rings: apart
    side = width - 80
    height = top + side + 20
    xs, ys = [float(p[0]) for p in pos.values()], [float(p[1]) for p in pos.values()]
    reach = max(1e-9, *(abs(v) for v in xs + ys))

    def place(n: Any) -> tuple[float, float]:
        x, y = pos[n]
        return width / 2 + float(x) / reach * side / 2, top + side / 2 - float(y) / reach * side / 2

    xy = {n: place(n) for n in graph}
    # the paper: white in every theme, so the picture is a piece (its ink dark), as a card is
    parts = [f'<g class="{PIECE} circus-paper"><rect width="{width}" height="{height:g}" fill="#ffffff"/>']
    for i, line in enumerate(lines):
        parts.append(f'<text class="circus-title" x="{width / 2:g}" y="{26 + 20 * i}" font-size="15" {_TEXT}>'
                     f'{svg_text(line)}</text>')
    lines_d = "".join(f"M{xy[a][0]:.1f} {xy[a][1]:.1f}L{xy[b][0]:.1f} {xy[b][1]:.1f}" for a, b in graph.edges)
    parts.append(f'<path class="circus-actions" d="{lines_d}" stroke="#000000" stroke-opacity="0.15" fill="none"/>')
    # the grey positions first, so the start and the posters lie on top of them
    order = sorted(graph.nodes(data=True), key=lambda item: item[0] == root or bool(item[1]["poster"]))
    for n, _ in order:
        x, y = xy[n]
        fill = _fill(graph, n)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{9 if fill != PLAIN else 4}" fill="{fill}" '
                     f'stroke="{RIMS[fill]}"/>')
    parts.append(svg_legend(20, 18 + 20 * len(lines) + 4, keys, size=_FONT, box=True,
                            css_class="circus-flip-circus-legend"))
    parts.append("</g>")
    return svg_doc(width, height, parts, css_class="circus-svg circus-flip-circus-one-turn", title=title)


def _mover(graph: nx.DiGraph) -> str:
    state = graph.nodes[graph.graph["root"]].get("state")
    return f"player {state.player} to play" if state is not None else "the player to move"


class OneTurnPicture(Picture):
    """A one-turn graph as a picture: the kit's SVG, its description in words, and the same drawing with
    matplotlib (``to_matplotlib``) for a student's own figure."""

    def __init__(self, graph: nx.DiGraph, *, seed: int = 1, title: str | None = None) -> None:
        self._svg = one_turn_svg(graph, seed=seed, title=title)  # checks the arguments
        self.graph, self.seed, self.title = graph, seed, _one_turn_title(graph, title)

    def svg(self) -> str:
        """The drawing as SVG."""
        return self._svg

    def description(self) -> str:
        """The drawing in words: the positions by number of actions, and where a poster is taken."""
        depths: dict = {}
        posters: dict = {}
        for _, data in self.graph.nodes(data=True):
            depths[data["depth"]] = depths.get(data["depth"], 0) + 1
            posters[data["depth"]] = posters.get(data["depth"], 0) + bool(data["poster"])
        rings = "; ".join(f"{depths[d]} position{'s' if depths[d] != 1 else ''} after {d} action"
                          f"{'s' if d != 1 else ''}" + (f", {posters[d]} with a new poster" if posters[d] else "")
                          for d in sorted(depths) if d)
        if is_labelled(self.graph):
            posters_at = [node_label(self.graph, n) for n, d in self.graph.nodes(data=True) if d["poster"]]
            return (f"{self.title}. A graph in columns by number of actions: the start on the left "
                    f"({_mover(self.graph)}); {rings or 'no action'}. Each position says the action that leads to it"
                    f"; each action is a line from one column to the next."
                    + (f" Posters: {'; '.join(posters_at)}." if posters_at else ""))
        return (f"{self.title}. A graph in rings by number of actions: the start in the middle ({_mover(self.graph)})"
                f"; {rings or 'no action'}. Each action is a line from one position to the next.")

    def to_matplotlib(self) -> Figure:
        """The same drawing as a matplotlib Figure (the same layout, colours and title), to restyle or save."""
        import networkx as nx
        from matplotlib.figure import Figure

        figure = Figure(figsize=(8, 6))
        ax = figure.add_subplot()
        pos = one_turn_layout(self.graph, seed=self.seed)
        root = self.graph.graph["root"]
        nodes = list(self.graph.nodes(data=True))
        colours = [START if n == root else POSTER if d["poster"] else PLAIN for n, d in nodes]
        sizes = [160 if n == root or d["poster"] else 30 for n, d in nodes]
        labelled = is_labelled(self.graph)
        if labelled:  # columns of words: a taller figure, the words beside their dots
            figure.set_size_inches(10, max(6.0, 0.32 * max(-y for _, y in pos.values()) + 2))
        nx.draw_networkx_edges(self.graph, pos, ax=ax, alpha=0.3 if labelled else 0.15, arrows=False)
        nx.draw_networkx_nodes(self.graph, pos, nodelist=[n for n, _ in nodes], ax=ax, node_color=colours,
                               node_size=sizes, edgecolors=[RIMS[c] for c in colours])
        if labelled:
            for n, (x, y) in pos.items():
                ax.annotate(node_label(self.graph, n), (x, y), xytext=(8, 0), textcoords="offset points",
                            va="center", fontsize=10)
        ax.set_title(self.title, y=1)
        ax.set_axis_off()
        return figure


def one_turn_picture(graph: nx.DiGraph, *, seed: int = 1, title: str | None = None) -> OneTurnPicture:
    """A one-turn graph (``one_turn_graph``, or a part of it) as a picture: ``one_turn_svg`` with its words."""
    return OneTurnPicture(graph, seed=seed, title=title)
