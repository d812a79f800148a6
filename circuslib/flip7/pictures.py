"""Flip 7's pictures drawn as SVG by the kit, each a ``core.svg.Picture`` (its SVG, and words for a screen reader):
the table of a game (every player's row), one row, and a lone player's round on a reduced deck as a move graph.

The round graph (``round_graph_picture``) is drawn as SVG, and the same by matplotlib with its ``to_matplotlib()``:
the same nodes where the same layered layout puts them, the same colours (hands blue, draws orange, bust red, the
Flip green, stays grey), the exact chance on each draw's arrow, the optimal choices in red and thicker, and the
legend; this text costs a few milliseconds where the matplotlib figure cost a tenth of a second. It reads in light
and dark themes: nodes and chance labels are light pieces with dark ink, the rest takes the page's.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # networkx is imported where a graph is made: importing this module stays light
    import networkx as nx

from collections.abc import Iterable, Sequence

from ..core.args import instance, items, optional_text
from ..core.figures import INK
from ..core.game import CHANCE
from ..core.svg import PIECE, Key, Picture, legend_size, svg_arrow, svg_doc, svg_legend, svg_text
from .graphs import NODE_COLORS, NODE_WORDS, OPTIMAL_RED, _draw_round_graph, _node_kind, _round_graph, optimal_edges
from .rules import STATUS_WORDS, Flip7State, Hand, card_name, counted, hand_svg

__all__ = ["table_picture", "hand_row_picture", "RoundGraphPicture", "round_graph_picture", "round_graph_svg",
           "round_graph_positions", "ARROW_GREY"]


# ---------------------------------------------------------------------------------------------------------
# the table of a game

def _row_words(hand: Hand, label: str, total: int | None = None) -> str:
    cards = ", ".join(card_name(card) for card in hand.cards()) or "no card yet"
    status = STATUS_WORDS.get(hand.status, hand.status)
    words = f"{label}: {cards}; {status}, {counted(hand.score(), 'point')} this round"
    return words + (f", {total} in all" if total is not None else "")


def hand_row_picture(hand: Hand, *, label: str = "") -> Picture:
    """One player's row of cards (the numbers in the order drawn, then the other cards), its status and its round
    score."""
    instance(hand, "hand", Hand, "a Hand (a row of the game, state.hands[p])")
    optional_text(label, "label")
    return Picture.of(hand_svg(hand, label=label), _row_words(hand, label or "a row"))


def table_picture(state: Flip7State, *, names: Iterable[str] | None = None) -> Picture:
    """Every player's row of a game, the player to act marked, with the round and the deck's and discards' sizes."""
    instance(state, "state", Flip7State, "a Flip7State (a game from new_game)")
    names = [str(n) for n in items(names, "names", low=state.players, high=state.players)] if names is not None \
        else [f"Player {p}" for p in range(state.players)]
    info = f"Round {state.round} · deck {counted(sum(state.deck), 'card')} · discards {sum(state.discard)}"
    rows, words, y, width = [], [info + "."], 22, 300.0
    for p, h in enumerate(state.hands):
        acting = state.current_player == p
        row = hand_svg(h, label=("▶ " if acting else "") + names[p], total=state.totals[p], highlight=acting)
        rows.append(row.replace("<svg ", f'<svg x="0" y="{y}" ', 1))
        width = max(width, float(row.split('width="', 1)[1].split('"', 1)[0]))
        words.append(_row_words(h, names[p] + (" (to play)" if acting else ""), state.totals[p]) + ".")
        y += 70
    body = (f'<text x="6" y="15" font-size="13" font-family="sans-serif" fill="currentColor">{svg_text(info)}</text>'
            + "".join(rows))
    return Picture.of(svg_doc(width, y, body, css_class="circus-svg circus-flip7-table",
                              title=f"the table, round {state.round}"), " ".join(words))


# ---------------------------------------------------------------------------------------------------------
# a lone player's round as a move graph

ARROW_GREY = "#777777"
"""The colour of every move the optimal policy does not take, and of every draw."""

_TEXT = 13  # every text's size (px): read from the back of a classroom on a projector
_RADIUS = 27  # a node's circle (px): room for "{1,3}" or "FLIP 3" at 13 px
_STEP_Y = 96  # pixels between two depths of the round: room for a chance label between the rows
_SPAN_X = 900  # pixels across the widest row (the layout spreads each row over x from -0.5 to 0.5)
_MARGIN = 24
# where a chance may sit along its arrow (the share of the way from its draw), tried nearest the draw's side of the
# middle first: the first place clear of every node and label, and crossed by the fewest other arrows, is taken
_CHANCE_AT = tuple(sorted((i / 40 for i in range(6, 35)), key=lambda at: abs(at - 0.4)))
_GAP = 4  # the least room (px) between a chance label and another label or a node
_LEGEND_SIZE = _TEXT  # the legend's font size (px)


def round_graph_positions(graph: nx.DiGraph) -> dict[Any, Any]:
    """Where each node sits: (x, depth) with x from -0.5 to 0.5, as ``core.graphs.layered_layout`` puts it for
    the matplotlib drawing (the start at depth 0, at the top)."""
    from ..core.graphs import layered_layout

    return {node: (x, -y) for node, (x, y) in layered_layout(_round_graph(graph)).items()}


def _node(x: float, y: float, kind: str, label: str) -> str:
    """A node's circle in the colour of its kind, and its label (one or two lines)."""
    lines = label.split("\n")
    top = y + 5 - 7.5 * (len(lines) - 1)
    words = "".join(f'<tspan x="{x:.1f}" y="{top + 15 * i:.1f}">{svg_text(line)}</tspan>'
                    for i, line in enumerate(lines))
    return (f'<g class="circus-flip7-node circus-flip7-{kind.lower()}"><circle cx="{x:.1f}" cy="{y:.1f}" '
            f'r="{_RADIUS}" fill="{NODE_COLORS[kind]}" stroke="#555555"/><text font-size="{_TEXT}" '
            f'font-family="sans-serif" text-anchor="middle" fill="#222222">{words}</text></g>')


def _chance_box(x: float, y: float, text: str) -> tuple[float, float, float, float]:
    """The label's box (x, y, width, height) centred at (x, y): wide enough for its text at 13 px (a digit or a
    slash is at most 0.6 em wide in the default sans-serif fonts)."""
    width, height = 0.6 * _TEXT * len(text) + 10, _TEXT + 6
    return x - width / 2, y - height / 2, width, height


def _chance(x: float, y: float, text: str) -> str:
    """The exact chance of a card on its arrow, on a small white label so the arrow does not cross it."""
    bx, by, width, height = _chance_box(x, y, text)
    return (f'<g class="circus-flip7-chance"><rect x="{bx:.1f}" y="{by:.1f}" width="{width:.1f}" '
            f'height="{height:.1f}" rx="4" fill="#ffffff" fill-opacity="0.9"/><text x="{x:.1f}" '
            f'y="{y + 0.36 * _TEXT:.1f}" font-size="{_TEXT}" font-family="sans-serif" text-anchor="middle" '
            f'fill="#222222">{svg_text(text)}</text></g>')


def _box_meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float], gap: float) -> bool:
    """Whether two boxes come closer than ``gap``."""
    return not (a[0] + a[2] + gap <= b[0] or b[0] + b[2] + gap <= a[0] or a[1] + a[3] + gap <= b[1]
                or b[1] + b[3] + gap <= a[1])


def _box_meets_circle(box: tuple[float, float, float, float], centre: tuple[float, float], radius: float) -> bool:
    """Whether a box comes within ``radius`` of a circle's centre (its nearest point inside the circle)."""
    x, y, w, h = box
    cx, cy = centre
    return (min(max(cx, x), x + w) - cx) ** 2 + (min(max(cy, y), y + h) - cy) ** 2 < radius ** 2


def _crossings(box: tuple[float, float, float, float],
               segments: Sequence[tuple[tuple[float, float], ...]]) -> int:
    """How many of the arrows (as segments) pass through a box: points along each, 2 px apart, tried."""
    x, y, w, h = box
    count = 0
    for (x1, y1), (x2, y2) in segments:
        steps = max(1, int(math.hypot(x2 - x1, y2 - y1) / 2))
        count += any(x <= x1 + (x2 - x1) * i / steps <= x + w and y <= y1 + (y2 - y1) * i / steps <= y + h
                     for i in range(steps + 1))
    return count


def _place_chances(edges: list[tuple[Any, Any, str]], pos: dict[Any, tuple[float, float]],
                   arrows: Iterable[tuple[Any, Any]]) -> list[tuple[float, float, str]]:
    """Where each draw's chance label goes along its arrow: clear of every node and of the labels placed before it
    (so no label is printed over another, even where several arrows meet at BUST), crossed by as few other arrows as
    can be, and as near its draw's side of the middle as that allows."""
    segments = {(u, v): (pos[u], pos[v]) for u, v in arrows}  # every arrow, the choices' too
    placed: list[tuple[float, float, float, float]] = []
    spots = []
    for u, v, text in edges:
        (x1, y1), (x2, y2) = pos[u], pos[v]
        others = [seg for key, seg in segments.items() if key != (u, v)]
        best: tuple[tuple[int, int, int, int], float, float, tuple[float, float, float, float]] | None = None
        for rank, at in enumerate(_CHANCE_AT):
            x, y = x1 + at * (x2 - x1), y1 + at * (y2 - y1)
            box = _chance_box(x, y, text)
            clash = (sum(_box_meets(box, other, _GAP) for other in placed)
                     + sum(_box_meets_circle(box, centre, _RADIUS + _GAP) for centre in pos.values()))
            # an arrow passing near the label (within 10 px) would make it hard to tell which arrow it reads
            near = (box[0] - 10, box[1] - 10, box[2] + 20, box[3] + 20)
            score = (clash, _crossings(box, others), _crossings(near, others), rank)
            if best is None or score < best[0]:
                best = (score, x, y, box)
        assert best is not None  # _CHANCE_AT is never empty
        _, x, y, box = best
        placed.append(box)
        spots.append((x, y, text))
    return spots


def _legend_keys(kinds: list[str]) -> list[Key]:
    """The legend's entries: the kinds of node the graph has, each a swatch like its node, then the optimal choice's
    red line."""
    # the swatch's rim in the page's ink: a fixed grey rim, like the node's, would vanish on a dark page (the node
    # itself is a light piece, where the grey reads)
    keys = [Key(NODE_WORDS[kind], colour=NODE_COLORS[kind], marker="o", marker_size=14, outline=INK, line=False)
            for kind in kinds]
    return keys + [Key("the optimal choice", colour=OPTIMAL_RED, width=2.5)]


def round_graph_svg(graph: nx.DiGraph, *, title: str | None = None) -> str:
    """The round graph of ``graphs.round_graph`` as SVG: choices blue, draws orange (their arrows carry the exact
    chances), bust red, the Flip green, stays grey; the optimal choices in red and thicker; a legend."""
    _round_graph(graph)
    optional_text(title)
    title = title or "A lone player's round (reduced deck): optimal choices in red"
    grid = round_graph_positions(graph)
    depth = max((d for _, d in grid.values()), default=0)
    title_lines = title.split("\n")
    kinds = {node: _node_kind(node, data) for node, data in graph.nodes(data=True)}
    keys = _legend_keys([kind for kind in NODE_COLORS if kind in set(kinds.values())])
    legend_top = 16 + 18 * len(title_lines)
    # the legend stands at the top left, beside the start (alone in the middle of its row), as the matplotlib drawing's
    # does; the next row (the start's two moves, a quarter of the way in from each side) begins under the legend
    _, legend_height = legend_size(keys, size=_LEGEND_SIZE)
    top = legend_top + max(_RADIUS, math.ceil(legend_height) + 8 - (_STEP_Y - _RADIUS))
    width, height = _SPAN_X + 2 * _MARGIN, top + depth * _STEP_Y + _RADIUS + 12
    pos = {node: (_MARGIN + (x + 0.5) * _SPAN_X, top + d * _STEP_Y) for node, (x, d) in grid.items()}
    best = set(optimal_edges(graph))
    parts = ['<g class="circus-flip7-moves">']
    parts += [svg_arrow(pos[u], pos[v], ARROW_GREY, 1.0, rx=_RADIUS, head=9)
              for u, v in graph.edges if (u, v) not in best]
    parts.append('</g><g class="circus-flip7-optimal">')
    parts += [svg_arrow(pos[u], pos[v], OPTIMAL_RED, 2.5, rx=_RADIUS, head=12)
              for u, v in graph.edges if (u, v) in best]
    # nodes and chances are light pieces: their dark ink stays dark in a dark theme, as their faces stay light
    parts.append(f'</g><g class="{PIECE} circus-flip7-nodes">')
    for node, data in graph.nodes(data=True):
        parts.append(_node(*pos[node], kinds[node], data.get("label", str(node))))
    parts.append(f'</g><g class="{PIECE} circus-flip7-chances">')
    draws = [(u, v, data.get("label", "")) for u, v, data in graph.edges(data=True)
             if graph.nodes[u]["player"] == CHANCE]
    parts += [_chance(x, y, text) for x, y, text in _place_chances(draws, pos, graph.edges)]
    parts.append("</g>")
    for i, line in enumerate(title_lines):
        parts.append(f'<text x="{width / 2:.1f}" y="{20 + 18 * i}" font-size="15" font-family="sans-serif" '
                     f'text-anchor="middle" fill="currentColor">{svg_text(line)}</text>')
    parts.append(svg_legend(_MARGIN, legend_top, keys, size=_LEGEND_SIZE, css_class="circus-flip7-legend"))
    return svg_doc(width, height, parts, css_class="circus-svg circus-flip7-round-graph",
                   title="a lone player's round as a move graph, the optimal choices in red")


class RoundGraphPicture(Picture):
    """The round graph of ``graphs.round_graph`` as a picture: its SVG (``round_graph_svg``), the graph in words (its
    hands, the optimal choices, the ends), and the same drawing with matplotlib to restyle or save."""

    def __init__(self, graph: nx.DiGraph, title: str | None = None) -> None:
        _round_graph(graph)
        self.graph, self.title = graph, optional_text(title)

    def svg(self) -> str:
        """The graph as the kit draws it, in the page's theme."""
        return round_graph_svg(self.graph, title=self.title)

    def description(self) -> str:
        """The graph in words: how many nodes and moves, the hands, the optimal choices, the ends."""
        graph = self.graph
        hands = sorted(data.get("label", str(node)) for node, data in graph.nodes(data=True)
                       if _node_kind(node, data) == "hand")
        choices = [f"{graph.nodes[u].get('label', str(u))}: {graph.edges[u, v]['move']}"
                   for u, v in optimal_edges(graph)]
        ends = sorted(data.get("label", str(node)).replace("\n", " ") for node, data in graph.nodes(data=True)
                      if data.get("terminal"))
        return (f"{self.title or 'A lone player’s round on a reduced deck'}, as a move graph of "
                f"{graph.number_of_nodes()} nodes and {graph.number_of_edges()} moves. The {len(hands)} hands where "
                f"the player chooses: {', '.join(hands)}. The optimal choices: {'; '.join(choices)}. The round ends "
                f"in: {', '.join(ends)}.")

    def to_matplotlib(self) -> Any:
        """The same graph drawn by matplotlib (nodes, colours, chances, optimal choices, legend, title): a
        ``matplotlib.figure.Figure`` to restyle or ``savefig``."""
        from matplotlib.figure import Figure

        figure = Figure(figsize=(13, 7))
        _draw_round_graph(self.graph, figure.add_subplot(), title=self.title)
        return figure


def round_graph_picture(graph: nx.DiGraph, *, title: str | None = None) -> RoundGraphPicture:
    """The round graph of ``graphs.round_graph`` as a picture (``round_graph_svg``), described in words: its nodes,
    where the optimal play goes, and how the round can end; ``.to_matplotlib()`` draws it with matplotlib."""
    return RoundGraphPicture(graph, title)
