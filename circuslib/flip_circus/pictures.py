"""Flip Circus pictures drawn as SVG by the kit: the Cayley graph of neighbour swaps on a small ring, and the
positions one turn reaches.

They show what a matplotlib figure of the same graph (``nx.draw_networkx_*``, ``graphs.draw_one_turn``) shows: the
same nodes where the same layout puts them, edges, colours, labels and legend. Such a figure lays out and renders
its text twice and encodes a PNG (0.07-0.1 s in a kernel); this text costs a few milliseconds. Show one with
``HTML(...)``. Each is drawn on white paper, as the matplotlib figure is, its ink dark: it reads in any theme.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx is imported where a graph is made: importing the module stays light
    import networkx as nx

from ..core.args import optional_text
from ..core.charts import PAPER_INK, Key, svg_legend
from ..core.svg import PIECE, svg_doc, svg_text

__all__ = ["swap_graph_svg", "one_turn_svg", "DISTANCE_COLOURS"]

DISTANCE_COLOURS = ("#fee391", "#c7e9c0", "#c6dbef", "#dadaeb", "#fcbba1")
"""The fill of an arrangement by its swap distance from the start: 0, 1, 2, 3, 4 swaps."""

_TEXT = f'font-family="sans-serif" text-anchor="middle" fill="{PAPER_INK}"'  # on the white paper: dark in any theme
_NODE = 17  # the radius of an arrangement's circle (px): room for four letters


def _is_point(place: object) -> bool:
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
        d, place = distance[n], pos[n]
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise ValueError(f"a swap distance is a whole number, at least 0, not {d!r}")
        if not _is_point(place):
            raise ValueError(f"a place in pos is a pair of finite numbers (x, y), not {place!r}")
    if max(distance[n] for n in graph) >= len(colours):
        raise ValueError(f"give a colour for each distance from 0 to {max(distance[n] for n in graph)}")
    counts: dict = {}
    for n in graph:
        counts[distance[n]] = counts.get(distance[n], 0) + 1
    xs, ys = [float(pos[n][0]) for n in graph], [float(pos[n][1]) for n in graph]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    tallest = max(counts.values())
    legend_width, top, margin = 240, 46, _NODE + 14
    height = max(320, top + margin + 2 * _NODE + (tallest - 1) * 44)
    width = max(640, 150 * len(counts) + legend_width)
    plot_right = width - legend_width - 10

    def place(n) -> tuple[float, float]:
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
                     f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" {_TEXT}>{svg_text("".join(map(str, n)))}'
                     '</text>')
    name = "".join(map(str, start))
    keys = [Key(f"{d} swap{'s' if d != 1 else ''} from {name} ({counts[d]})", colour=colours[d], marker="o",
                marker_size=14, outline="#636363", line=False) for d in sorted(counts)]
    parts.append(svg_legend(width - legend_width + 8, top + 9, keys, size=11, box=True,
                            css_class="circus-flip-circus-legend"))
    parts.append("</g>")
    return svg_doc(width, height, parts, css_class="circus-svg circus-flip-circus-cayley", title=title)


START, POSTER, PLAIN = "#2171b5", "#d7301f", "#bdbdbd"
"""The one-turn graph's colours (as ``graphs.draw_one_turn``): the start blue, a poster taken red, the rest grey."""


def one_turn_svg(graph: nx.DiGraph, *, seed: int = 1, title: str | None = None) -> str:
    """A one-turn graph (``one_turn_graph``, or a part of it) as SVG, as ``draw_one_turn`` draws it: the positions
    in rings by number of actions (the start in the middle, blue), those where a poster was taken red, the others
    grey, each action a faint line; the legend (top left) says which is which."""
    from .graphs import _one_turn_layout

    pos = _one_turn_layout(graph, seed=seed)  # checks the graph and the seed
    optional_text(title)
    if graph.number_of_nodes() > 3_000:
        raise ValueError(f"the graph has {graph.number_of_nodes()} positions, too many to draw one by one (at most "
                         "3,000): draw a part of it")
    root = graph.graph["root"]
    posters = sum(bool(d["poster"]) for _, d in graph.nodes(data=True))
    width, height, top = 640, 500, 40
    side = min(width, height - top) - 40  # the rings fill a square under the title
    xs, ys = [float(p[0]) for p in pos.values()], [float(p[1]) for p in pos.values()]
    reach = max(1e-9, *(abs(v) for v in xs + ys))

    def place(n) -> tuple[float, float]:
        x, y = pos[n]
        return width / 2 + float(x) / reach * side / 2, top + 20 + side / 2 - float(y) / reach * side / 2

    xy = {n: place(n) for n in graph}
    default = f"{graph.number_of_nodes()} positions one turn away, {posters} with a new poster (red)"
    # the paper: white in every theme, so the picture is a piece (its ink dark), as a card is
    parts = [f'<g class="{PIECE} circus-paper"><rect width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{width / 2:g}" y="24" font-size="13" {_TEXT}>{svg_text(title or default)}</text>']
    lines = "".join(f"M{xy[a][0]:.1f} {xy[a][1]:.1f}L{xy[b][0]:.1f} {xy[b][1]:.1f}" for a, b in graph.edges)
    parts.append(f'<path class="circus-actions" d="{lines}" stroke="#000000" stroke-opacity="0.15" fill="none"/>')
    # the grey positions first, so the start and the posters lie on top of them
    order = sorted(graph.nodes(data=True), key=lambda item: item[0] == root or bool(item[1]["poster"]))
    for n, data in order:
        x, y = xy[n]
        colour = START if n == root else POSTER if data["poster"] else PLAIN
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{9 if colour != PLAIN else 4}" fill="{colour}"/>')
    state = graph.nodes[root].get("state")
    mover = f"player {state.player} to play" if state is not None else "the player to move"
    entries = [(START, f"start: {mover}"), (POSTER, "a poster taken"), (PLAIN, "no poster yet")]
    parts.append(svg_legend(18, top + 9, [Key(label, colour=colour, marker="o", marker_size=10, line=False)
                                          for colour, label in entries], size=11, box=True,
                            css_class="circus-flip-circus-legend"))
    parts.append("</g>")
    return svg_doc(width, height, parts, css_class="circus-svg circus-flip-circus-one-turn", title=title)
