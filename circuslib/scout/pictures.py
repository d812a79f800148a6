"""Scout's pictures drawn as SVG by the kit: the play graph of a hand (its shows ordered by "beats").

A picture of a few boxes and arrows written as SVG costs a few milliseconds in the kernel, where a matplotlib figure
of it costs a tenth of a second (its text laid out and rasterised twice, then PNG-encoded); thirty kernels draw it
when a class opens the lesson. ``graphs.draw_play_graph`` still draws the same graph with matplotlib, for restyling.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.args import graph_of, items, optional_text
from ..core.charts import Key, svg_legend
from ..core.game import describe
from ..core.svg import PIECE, svg_arrow, svg_text
from .graphs import PLAY_GRAPH

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["play_graph_svg", "play_graph_positions", "MATCH_FILL", "OTHER_FILL", "CHAIN_COLOUR"]

MATCH_FILL, OTHER_FILL, CHAIN_COLOUR, ARROW_COLOUR = "#fdd0a2", "#c6dbef", "#d7301f", "#999999"
_STEP_X, _STEP_Y, _RX, _RY = 92, 62, 27, 15  # pixels between columns and rows; a show's oval
_LEGEND_WIDTH = 215


def _rows(graph: nx.DiGraph) -> dict:
    """The shows of each kind of set, equal sets side by side, kinds ordered from the weakest up."""
    rows: dict = {}
    for node, data in graph.nodes(data=True):
        rows.setdefault(data["key"], []).append(node)
    return {key: sorted(rows[key]) for key in sorted(rows)}


def play_graph_positions(graph: nx.DiGraph) -> dict:
    """Where each show sits: (column, row) with row 0 the weakest kind of set at the bottom, each row centred on 0
    (the layout of ``graphs.draw_play_graph``)."""
    return {node: (i - (len(nodes) - 1) / 2, level)
            for level, nodes in enumerate(_rows(graph).values()) for i, node in enumerate(nodes)}


def play_graph_svg(graph: nx.DiGraph, *, highlight: Sequence | None = None, title: str | None = None) -> str:
    """The play graph of ``graphs.play_graph`` as SVG: one row per kind of set (stronger sets higher, equal sets
    side by side), an arrow from each show to each show that beats it, matches orange, ``highlight`` (a chain of
    shows, like one of ``longest_chains``) in red, and the legend."""
    graph_of(graph, "graph", PLAY_GRAPH, "play_graph(hand)")
    optional_text(title)
    chain = items(highlight, "highlight") if highlight is not None else []
    for node in chain:
        if not isinstance(node, tuple) or node not in graph:
            raise ValueError(f"highlight lists shows of the graph (start, stop), not {describe(node)}")
    grid = play_graph_positions(graph)
    widest = max((abs(column) for column, _ in grid.values()), default=0)
    rows = 1 + max((row for _, row in grid.values()), default=0)
    top = 30 + 14 * len((title or "").split("\n"))
    height = top + rows * _STEP_Y + 10
    centre_x = 20 + _RX + widest * _STEP_X
    width = 2 * centre_x + _LEGEND_WIDTH
    pos = {node: (centre_x + column * _STEP_X, top + (rows - 1 - row) * _STEP_Y + _STEP_Y / 2)
           for node, (column, row) in grid.items()}
    on_chain = set(zip(chain, chain[1:]))
    parts = ['<g class="circus-scout-beats">']
    parts += [svg_arrow(pos[a], pos[b], ARROW_COLOUR, 1.0, rx=_RX, ry=_RY)
              for a, b in graph.edges if (a, b) not in on_chain]
    parts.append('</g><g class="circus-scout-chain">')
    parts += [svg_arrow(pos[a], pos[b], CHAIN_COLOUR, 2.5, rx=_RX, ry=_RY) for a, b in zip(chain, chain[1:])]
    parts.append("</g>")
    for node, data in graph.nodes(data=True):
        x, y = pos[node]
        match = data["key"][1] == 1 and data["size"] > 1
        parts.append(f'<g class="{PIECE} circus-scout-show{" circus-scout-match" if match else ""}">'
                     f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{_RX}" ry="{_RY}" '
                     f'fill="{MATCH_FILL if match else OTHER_FILL}" stroke="#555555"/><text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" font-family="sans-serif" '
                     f'text-anchor="middle" fill="#222222">{svg_text(data["label"])}</text></g>')
    for i, line in enumerate((title or "Shows of the hand: an arrow points to a show that beats it").split("\n")):
        parts.append(f'<text x="{width / 2:.1f}" y="{20 + 15 * i}" font-size="13" font-family="sans-serif" '
                     f'text-anchor="middle" fill="currentColor">{svg_text(line)}</text>')
    parts.append(svg_legend(2 * centre_x, top - 6, [
        Key("a match", colour=MATCH_FILL, box=True), Key("a run or a single card", colour=OTHER_FILL, box=True),
        Key("one longest chain", colour=CHAIN_COLOUR, width=2.5)], size=11, css_class="circus-scout-legend"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg circus-scout-play-graph" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img">'
            f'<title>the shows of a hand, an arrow to each show that beats it</title>{"".join(parts)}</svg>')

