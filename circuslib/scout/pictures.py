"""Scout's pictures, drawn as SVG by the kit: the deck as the graph K10, the play graph of a hand (its shows ordered by
"beats"), a small game tree with its moves, the widget's board and a dealt hand with its sets bracketed.

The graph drawings are ``GraphPicture``s: shown as a cell's last value they offer the themed HTML, a plain SVG and
their description in words (what a screen reader says), and ``to_matplotlib()`` draws the same picture as a
matplotlib figure a student may restyle or save. A position draws itself (``rules.scout_svg``).
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.args import graph_of, instance, items, optional_text
from ..core.game import describe
from ..core.graphs import layered_layout
from ..core.svg import INK, PIECE, Key, Picture, svg_arrow, svg_doc, svg_legend, svg_text
from .graphs import GAME_TREE, PLAY_GRAPH, best_line, tree_value
from .rules import (
    FlipHand,
    KeepHand,
    Scout,
    ScoutAndShow,
    ScoutState,
    Show,
    _scouted,
    a_number,
    scout_card_svg,
    set_key,
)

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.figure import Figure

__all__ = ["GraphPicture", "card_graph_picture", "play_graph_picture", "play_graph_svg", "play_graph_positions",
           "game_tree_picture", "move_label", "board_svg", "dealt_hand_svg", "maximal_sets", "scout_card_svg",
           "a_number", "MATCH_FILL",
           "OTHER_FILL", "END_FILL", "CHAIN_COLOUR", "ARROW_COLOUR"]

MATCH_FILL, OTHER_FILL, END_FILL, CHAIN_COLOUR, ARROW_COLOUR = "#fdd0a2", "#c6dbef", "#d9d9d9", "#d7301f", "#999999"
MATCH_RIM = "5,3"
"""A match's rim is dashed as well as its fill orange: colour is never the only way to tell it from a run."""
NUMBER_FILL, CARD_EDGE = "#fee391", "#6baed6"  # K10: the numbers, and the cards joining them
# Okabe and Ito's colour-blind-safe palette: a match's bracket differs from a run's by its dash too
ORANGE, BLUE = "#E69F00", "#0072B2"
STROKE = "#555555"


# ---------------------------------------------------------------------------------------------------------
# a graph drawn by the kit


@dataclass(frozen=True)
class Node:
    """A node of a drawing: an oval (or a box) centred at (x, y), ``rx`` by ``ry``, its lines of text in dark ink on
    its light fill (a piece: it keeps its face in a dark theme)."""

    x: float
    y: float
    lines: tuple[str, ...]
    fill: str
    rx: float
    ry: float
    box: bool = False
    css: str = ""
    font: float = 13  # at least 13 px at the picture's natural size: read on a projector
    dash: str | None = None
    """The rim's dash pattern, when the node's kind is told by its rim as well as by its fill."""


@dataclass(frozen=True)
class Edge:
    """A line between two nodes (by their keys), an arrow to the second unless ``arrow`` is False, with an
    optional label at its middle."""

    start: Hashable
    end: Hashable
    colour: str
    width: float = 1.0
    label: str = ""
    arrow: bool = True


def _rim(node: Node, towards: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the node's centre towards a point leaves the node's outline."""
    dx, dy = towards[0] - node.x, towards[1] - node.y
    if node.box:
        reach = max(abs(dx) / node.rx, abs(dy) / node.ry)
    else:
        reach = math.hypot(dx / node.rx, dy / node.ry)
    return (node.x + dx / reach, node.y + dy / reach) if reach else (node.x, node.y)


class GraphPicture(Picture):
    """Nodes and the lines or arrows between them, a title above and a legend on the right, as SVG.

    ``groups`` are the edges in groups drawn in order, each in a ``<g>`` of its CSS class (a test or a stylesheet
    finds them by it); ``description`` is the picture in words.
    """

    def __init__(self, *, width: float, height: float, nodes: dict[Hashable, Node],
                 groups: Sequence[tuple[str, Sequence[Edge]]], title: str, legend: Sequence[Key],
                 legend_at: tuple[float, float], css_class: str, label: str, description: str,
                 legend_css: str = "circus-legend") -> None:
        self.width, self.height, self.nodes = width, height, nodes
        self.groups = [(css, list(edges)) for css, edges in groups]
        self.title, self.legend, self.legend_at, self.legend_css = title, list(legend), legend_at, legend_css
        self.css, self.label, self._description = css_class, label, description

    def description(self) -> str:
        """The picture in words: what it shows, node by node where it matters."""
        return self._description

    def _ends(self, edge: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = self.nodes[edge.start], self.nodes[edge.end]
        return _rim(a, (b.x, b.y)), _rim(b, (a.x, a.y))

    def svg(self) -> str:
        """The picture as one SVG element: lines under the nodes, the title above, the legend on the right."""
        parts = []
        for css, edges in self.groups:
            parts.append(f'<g class="{svg_text(css)}">')
            labels = []
            for edge in edges:
                (x1, y1), (x2, y2) = self._ends(edge)
                if edge.arrow:
                    parts.append(svg_arrow((x1, y1), (x2, y2), edge.colour, edge.width))
                else:
                    parts.append(f'<path d="M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}" stroke="{edge.colour}" '
                                 f'stroke-width="{edge.width:g}"/>')
                if edge.label:
                    labels.append(_edge_label((x1 + x2) / 2, (y1 + y2) / 2, edge.label))
            parts += labels  # over every line of the group
            parts.append("</g>")
        for node in self.nodes.values():
            parts.append(_node_svg(node))
        for i, line in enumerate(self.title.split("\n")):
            parts.append(f'<text x="{self.width / 2:.1f}" y="{20 + 15 * i}" font-size="13" font-family="sans-serif" '
                         f'text-anchor="middle" fill="currentColor">{svg_text(line)}</text>')
        if self.legend:
            parts.append(svg_legend(*self.legend_at, self.legend, size=13, css_class=self.legend_css))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg {svg_text(self.css)}" '
                f'width="{self.width:.0f}" height="{self.height:.0f}" viewBox="0 0 {self.width:.0f} '
                f'{self.height:.0f}" role="img"><title>{svg_text(self.label)}</title>{"".join(parts)}</svg>')

    def to_matplotlib(self) -> Figure:
        """The same picture as a matplotlib figure (the nodes, the arrows and their labels, the title and the
        legend), for a student to restyle or save."""
        from matplotlib.figure import Figure
        from matplotlib.lines import Line2D
        from matplotlib.patches import Ellipse, Patch, Rectangle

        right = self.legend_at[0] if self.legend else self.width
        top = 14 + 15 * len(self.title.split("\n"))  # the title's lines, above the drawing
        figure = Figure(figsize=(self.width / 100, self.height / 100), dpi=100)
        ax = figure.add_axes((0, 0, right / self.width, (self.height - top) / self.height))
        ax.set_xlim(0, right)
        ax.set_ylim(self.height, top)  # SVG's y runs down the page
        ax.set_aspect("equal")
        ax.set_axis_off()
        for _, edges in self.groups:
            for edge in edges:
                start, end = self._ends(edge)
                style = "-|>" if edge.arrow else "-"
                ax.annotate("", xy=end, xytext=start, arrowprops={"arrowstyle": style, "color": edge.colour,
                                                                  "lw": edge.width, "shrinkA": 0, "shrinkB": 0})
                if edge.label:
                    ax.text((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, edge.label, fontsize=7, ha="center",
                            va="center", bbox={"boxstyle": "round,pad=0.2", "facecolor": "white",
                                               "edgecolor": "#cccccc"})
        for node in self.nodes.values():
            if node.box:
                ax.add_patch(Rectangle((node.x - node.rx, node.y - node.ry), 2 * node.rx, 2 * node.ry,
                                       facecolor=node.fill, edgecolor=STROKE))
            else:
                ax.add_patch(Ellipse((node.x, node.y), 2 * node.rx, 2 * node.ry, facecolor=node.fill,
                                     edgecolor=STROKE))
            ax.text(node.x, node.y, "\n".join(node.lines), fontsize=0.7 * node.font, ha="center", va="center",
                    color=INK)
        ax.set_title(self.title, fontsize=10, y=1)  # y=1: placed without measuring the labels
        if self.legend:
            handles = [Patch(facecolor=key.colour, edgecolor=STROKE, label=key.label) if key.box else
                       Line2D([], [], color=key.colour, linewidth=key.width, label=key.label) for key in self.legend]
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
        return figure


def _node_svg(node: Node) -> str:
    rim = f'stroke="{STROKE}"' + (f' stroke-width="2" stroke-dasharray="{node.dash}"' if node.dash else "")
    if node.box:
        shape = (f'<rect x="{node.x - node.rx:.1f}" y="{node.y - node.ry:.1f}" width="{2 * node.rx:.1f}" '
                 f'height="{2 * node.ry:.1f}" rx="5" fill="{node.fill}" {rim}/>')
    else:
        shape = (f'<ellipse cx="{node.x:.1f}" cy="{node.y:.1f}" rx="{node.rx:g}" ry="{node.ry:g}" fill="{node.fill}" '
                 f'{rim}/>')
    first = node.y + node.font * 0.36 - (len(node.lines) - 1) * node.font * 0.6
    text = "".join(f'<text x="{node.x:.1f}" y="{first + i * node.font * 1.2:.1f}" font-size="{node.font:g}" '
                   f'font-family="sans-serif" text-anchor="middle" fill="{INK}">{svg_text(line)}</text>'
                   for i, line in enumerate(node.lines))
    return f'<g class="{PIECE}{" " + svg_text(node.css) if node.css else ""}">{shape}{text}</g>'


def _edge_label(x: float, y: float, text: str, size: float = 13) -> str:
    """A move's label on a light box of its own at the middle of its arrow (dark ink, read in any theme)."""
    width = 0.58 * size * len(text) + 8
    return (f'<g class="{PIECE} circus-edge-label"><rect x="{x - width / 2:.1f}" y="{y - size * 0.8:.1f}" '
            f'width="{width:.1f}" height="{size * 1.5:.1f}" rx="3" fill="#ffffff" stroke="#cccccc"/>'
            f'<text x="{x:.1f}" y="{y + size * 0.35:.1f}" font-size="{size:g}" font-family="sans-serif" '
            f'text-anchor="middle" fill="{INK}">{svg_text(text)}</text></g>')


def _title_height(title: str) -> float:
    return 30 + 14 * len(title.split("\n"))


# ---------------------------------------------------------------------------------------------------------
# the deck as a graph


def card_graph_picture(graph: nx.Graph, *, title: str | None = None) -> GraphPicture:
    """The deck as a graph (``odds.card_graph``): the numbers round a circle, each card a line joining its two
    numbers; the full deck is the complete graph K10."""
    import networkx as nx

    instance(graph, "graph", nx.Graph, "a graph of the deck, from odds.card_graph(players)")
    if graph.is_directed() or not all(isinstance(v, int) for v in graph.nodes):
        raise ValueError("graph must be a deck's graph from odds.card_graph: numbers joined by their cards")
    optional_text(title)
    numbers = sorted(graph.nodes)
    cards = graph.number_of_edges()
    title = title or f"The {cards} cards are the edges of a graph:\na card joins its two numbers"
    top, radius = _title_height(title), 130
    centre = (radius + 40, top + radius + 10)
    nodes = {}
    for i, v in enumerate(numbers):
        angle = 2 * math.pi * i / max(len(numbers), 1)  # 1 at the right, counting round anticlockwise
        nodes[v] = Node(centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle), (str(v),),
                        NUMBER_FILL, 15, 15, css="circus-scout-number", font=13)
    edges = [Edge(a, b, CARD_EDGE, 1.2, arrow=False) for a, b in sorted(tuple(sorted(e)) for e in graph.edges)]
    degrees = sorted({graph.degree(v) for v in numbers})
    complete = cards == len(numbers) * (len(numbers) - 1) // 2
    each = (f"each number lies on {degrees[0]} cards" if len(degrees) == 1
            else f"a number lies on {degrees[0]} to {degrees[-1]} cards")
    words = (f"The deck as a graph: the numbers {', '.join(map(str, numbers))} round a circle, and {cards} lines, "
             f"one for each card, joining its two numbers; {each}."
             + (f" Every two numbers are joined once: the complete graph K{len(numbers)}." if complete else ""))
    return GraphPicture(width=2 * centre[0] + 150, height=centre[1] + radius + 30, nodes=nodes,
                        groups=[("circus-scout-cards", edges)], title=title,
                        legend=[Key("a number", colour=NUMBER_FILL, box=True), Key("a card", colour=CARD_EDGE)],
                        legend_at=(2 * centre[0], top), css_class="circus-scout-card-graph",
                        label="the deck as a graph: a card joins its two numbers", description=words)


# ---------------------------------------------------------------------------------------------------------
# the play graph of a hand

_STEP_X, _STEP_Y, _RX, _RY = 92, 62, 27, 15  # pixels between columns and rows; a show's oval
_LEGEND_WIDTH = 230


def _rows(graph: nx.DiGraph) -> dict[Any, Any]:
    """The shows of each kind of set, equal sets side by side, kinds ordered from the weakest up."""
    rows: dict[Any, Any] = {}
    for node, data in graph.nodes(data=True):
        rows.setdefault(data["key"], []).append(node)
    return {key: sorted(rows[key]) for key in sorted(rows)}


def play_graph_positions(graph: nx.DiGraph) -> dict[Any, Any]:
    """Where each show sits: (column, row) with row 0 the weakest kind of set at the bottom, each row centred on 0."""
    graph_of(graph, "graph", PLAY_GRAPH, "play_graph(hand)")
    return {node: (i - (len(nodes) - 1) / 2, level)
            for level, nodes in enumerate(_rows(graph).values()) for i, node in enumerate(nodes)}


def _kind(key: tuple[int, int, int]) -> str:
    size, match, _ = key
    return "a single card" if size == 1 else f"a {'match' if match else 'run'} of {size}"


def play_graph_picture(graph: nx.DiGraph, *, highlight: Sequence[Any] | None = None,
                       title: str | None = None) -> GraphPicture:
    """The play graph of ``graphs.play_graph``: one row per kind of set (stronger sets higher, equal sets side by
    side), an arrow from each show to each show that beats it, matches orange, ``highlight`` (a chain of shows,
    like one of ``longest_chains``) in red, and the legend."""
    graph_of(graph, "graph", PLAY_GRAPH, "play_graph(hand)")
    optional_text(title)
    chain = items(highlight, "highlight") if highlight is not None else ()
    for node in chain:
        if not isinstance(node, tuple) or node not in graph:
            raise ValueError(f"highlight lists shows of the graph (start, stop), not {describe(node)}")
    title = title or "Shows of the hand: an arrow points to a show that beats it"
    grid = play_graph_positions(graph)
    widest = max((abs(column) for column, _ in grid.values()), default=0)
    rows = 1 + max((row for _, row in grid.values()), default=0)
    top = _title_height(title)
    height = top + rows * _STEP_Y + 10
    centre_x = 20 + _RX + widest * _STEP_X
    nodes = {}
    for node, (column, row) in grid.items():
        data = graph.nodes[node]
        match = data["key"][1] == 1 and data["size"] > 1
        nodes[node] = Node(centre_x + column * _STEP_X, top + (rows - 1 - row) * _STEP_Y + _STEP_Y / 2,
                           (data["label"],), MATCH_FILL if match else OTHER_FILL, _RX, _RY,
                           css="circus-scout-show" + (" circus-scout-match" if match else ""),
                           dash=MATCH_RIM if match else None)
    on_chain = list(zip(chain, chain[1:]))
    groups = [("circus-scout-beats", [Edge(a, b, ARROW_COLOUR) for a, b in graph.edges if (a, b) not in on_chain]),
              ("circus-scout-chain", [Edge(a, b, CHAIN_COLOUR, 2.5) for a, b in on_chain])]
    legend = [Key("a match (dashed rim)", colour=MATCH_FILL, box=True),
              Key("a run or a single card", colour=OTHER_FILL, box=True),
              Key("one longest chain", colour=CHAIN_COLOUR, width=2.5)]
    return GraphPicture(width=2 * centre_x + _LEGEND_WIDTH, height=height, nodes=nodes, groups=groups, title=title,
                        legend=legend, legend_at=(2 * centre_x, top - 6), css_class="circus-scout-play-graph",
                        label="the shows of a hand, an arrow to each show that beats it",
                        description=_play_graph_words(graph, chain), legend_css="circus-scout-legend")


def _play_graph_words(graph: nx.DiGraph, chain: Sequence[Any]) -> str:
    rows = _rows(graph)
    lines = [f"The play graph of a hand: its {graph.number_of_nodes()} shows, one row for each kind of set, the "
             f"strongest on top, and {graph.number_of_edges()} arrows, each from a show to a show that beats it."]
    lines += [f"{_kind(key).capitalize()}: {'; '.join(graph.nodes[n]['label'] for n in nodes)}."
              for key, nodes in reversed(rows.items())]
    if chain:
        lines.append(f"Highlighted, a chain of {len(chain)} shows, each beating the one before: "
                     f"{'; '.join(graph.nodes[n]['label'] for n in chain)}.")
    return "\n".join(lines)


def play_graph_svg(graph: nx.DiGraph, *, highlight: Sequence[Any] | None = None, title: str | None = None) -> str:
    """The SVG text of ``play_graph_picture`` (for a page of one's own)."""
    return play_graph_picture(graph, highlight=highlight, title=title).svg()


# ---------------------------------------------------------------------------------------------------------
# a small game tree


def move_label(state: ScoutState, move: Any) -> str:
    """A move in a few words with the numbers it plays, as the player to move at ``state`` makes it."""
    hand = state.hands[state.turn]
    if isinstance(move, FlipHand):
        return "flips the hand"
    if isinstance(move, KeepHand):
        return "keeps the hand"
    if isinstance(move, Show):
        return "shows " + " ".join(str(c[0]) for c in hand[move.start:move.stop])
    if isinstance(move, ScoutAndShow):
        new_hand, _, card = _scouted(hand, state.table, move)
        shown = " ".join(str(c[0]) for c in new_hand[move.start:move.stop])
        return f"scouts {a_number(card[0])}, shows {shown}"
    if isinstance(move, Scout):
        _, _, card = _scouted(hand, state.table, move)
        return f"scouts {a_number(card[0])} into gap {move.position}"
    return str(move)


def _position_lines(state: ScoutState) -> tuple[str, ...]:
    if state.is_over():
        scores = state.history[-1].scores
        return ("round over", " · ".join(f"P{p} {s:+d}" for p, s in enumerate(scores)))
    hand = " ".join(str(c[0]) for c in state.hands[state.turn]) or "—"
    table = " ".join(str(c[0]) for c in state.table) or "empty"
    return (f"P{state.turn} to move: {hand}", f"table: {table}")


def game_tree_picture(graph: nx.DiGraph, *, title: str | None = None) -> GraphPicture:
    """The game tree of ``graphs.game_tree``: one row per move played, each position with who moves, their hand
    and the table, each end of the round with its scores, each arrow with its move, and the best line for both
    players (minimax) in red."""
    graph_of(graph, "graph", GAME_TREE, "game_tree(hands)")
    optional_text(title)
    value = tree_value(graph)
    root = graph.graph["root"]
    best = best_line(graph)
    title = title or f"Game tree: best play gives player 0 a margin of {value[root]}"
    layout = layered_layout(graph)
    rows: dict[int, int] = {}
    for _, y in layout.values():
        rows[round(-y)] = rows.get(round(-y), 0) + 1
    widest = max(rows.values(), default=1)
    step_x, step_y, rx, ry = 200, 104, 86, 21
    top = _title_height(title)
    span = widest * step_x
    nodes = {}
    for node, (x, y) in layout.items():
        state = graph.nodes[node]["state"]
        over = graph.nodes[node]["terminal"]
        nodes[node] = Node(20 + span / 2 + x * span, top + 10 + ry - y * step_y, _position_lines(state),
                           END_FILL if over else OTHER_FILL, rx, ry, box=True,
                           css="circus-scout-end" if over else "circus-scout-position", font=13)
    on_best = set(best)

    def edge(a: Hashable, b: Hashable, colour: str, width: float) -> Edge:
        return Edge(a, b, colour, width, move_label(graph.nodes[a]["state"], graph.edges[a, b]["move"]))

    groups = [("circus-scout-moves", [edge(a, b, ARROW_COLOUR, 1.0) for a, b in graph.edges if (a, b) not in on_best]),
              ("circus-scout-best", [edge(a, b, CHAIN_COLOUR, 2.5) for a, b in best])]
    legend = [Key("a position: who moves,\ntheir hand, the table", colour=OTHER_FILL, box=True),
              Key("end of the round:\neach player's score", colour=END_FILL, box=True),
              Key("best play for both\n(minimax)", colour=CHAIN_COLOUR, width=2.5)]
    depth = max(rows, default=0)
    width = 40 + span
    return GraphPicture(width=width + 215, height=top + 20 + 2 * ry + depth * step_y + 10, nodes=nodes,
                        groups=groups, title=title, legend=legend, legend_at=(width + 10, top),
                        css_class="circus-scout-game-tree", label="the game tree of a short round",
                        description=_tree_words(graph, best, value[root]))


def _tree_words(graph: nx.DiGraph, best: list[Any], margin: Any) -> str:
    root = graph.graph["root"]
    start = graph.nodes[root]["state"]
    hands = "; ".join(f"P{p} holds {' '.join(str(c[0]) for c in hand)}" for p, hand in enumerate(start.hands))
    ends = sum(1 for _, data in graph.nodes(data=True) if data["terminal"])
    moves = ", then ".join(f"P{graph.nodes[a]['state'].turn} "
                           f"{move_label(graph.nodes[a]['state'], graph.edges[a, b]['move'])}" for a, b in best)
    last = graph.nodes[best[-1][1]]["state"] if best else start
    scores = ", ".join(f"P{p} {s:+d}" for p, s in enumerate(last.history[-1].scores)) if best else ""
    return (f"The game tree of a round from the position where {hands}: {graph.number_of_nodes()} positions, "
            f"{graph.number_of_edges()} moves, {ends} ends of the round.\n"
            f"Best play for both (minimax): {moves}; the round ends {scores}: a margin of {margin} for player 0.")


# ---------------------------------------------------------------------------------------------------------
# the widget's board, and a dealt hand with its sets


def board_svg(state: ScoutState, hand: Sequence[Any], table: Sequence[Any], *, you: int = 0,
              selected: Iterable[int] = ()) -> str:
    """The game widget's board: the active set (and whose it is), then your hand with its gaps numbered for
    scouting and the ``selected`` cards highlighted (``hand`` and ``table`` as you see them now)."""
    w, h, step = 44, 64, 50
    whose = "" if state.owner is None or not table else \
        f" — {'your' if state.owner == you else f'player {state.owner}’s'} set"
    parts = [f'<text x="6" y="14" font-size="13" font-family="sans-serif" fill="currentColor">'
             f'Active set{svg_text(whose)}</text>']
    if table:
        parts += [scout_card_svg(c[0], c[1], x=10 + i * step, y=20, width=w, height=h, css_class="circus-table-card")
                  for i, c in enumerate(table)]
    else:
        parts.append('<text x="14" y="55" font-size="13" font-family="sans-serif" fill="currentColor">empty table: '
                     'any set may be shown</text>')
    y = 20 + h + 30
    chosen = set(selected)
    parts.append(f'<text x="6" y="{y - 8}" font-size="13" font-family="sans-serif" fill="currentColor">Your hand '
                 '(the big number is in play; the gaps to scout into are numbered)</text>')
    for i, c in enumerate(hand):
        parts.append(scout_card_svg(c[0], c[1], x=24 + i * step, y=y, width=w, height=h, highlight=i in chosen,
                              css_class="circus-hand-card"))
    parts += [f'<text x="{16 + i * step}" y="{y + h + 15}" font-size="13" font-family="sans-serif" '
              f'fill="currentColor">↑{i}</text>' for i in range(len(hand) + 1)]
    width = 40 + step * max(len(hand) + 1, len(table), 8)
    return svg_doc(width, y + h + 22, parts, css_class="circus-svg circus-scout-board", title="Scout table")


def maximal_sets(sets: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sets of two or more cards (slices) that no longer set contains: one bracket each under the hand."""
    slices = set(sets)
    return [(i, j) for i, j in sets if j - i >= 2 and (i - 1, j) not in slices and (i, j + 1) not in slices]


def dealt_hand_svg(hand: Sequence[Any], table: Sequence[int], sets: Sequence[tuple[int, int]],
                   best: tuple[int, int] | None, *, turned: bool = False) -> str:
    """A dealt hand with the set to beat above it, its strongest show (``best``) with a thick border and its sets
    (``sets``, slices of the hand) bracketed below it: orange for a match, dashed blue for a run."""
    w, hgt, step, left = 44, 64, 50, 10
    parts, y = [], 16
    label = 'font-size="13" font-family="sans-serif" fill="currentColor"'
    if table:
        parts.append(f'<text x="{left}" y="{y}" {label}>Set to beat:</text>')
        parts += [scout_card_svg(v, x=left + 90 + i * 36, y=2, width=30, height=40, css_class="circus-scout-beat-card")
                  for i, v in enumerate(table)]
        y += 44
    note = " (turned round)" if turned else ""
    parts.append(f'<text x="{left}" y="{y}" {label}>The hand{note}: the big number is in play; '
                 f'a thick border marks the strongest show</text>')
    y += 8
    chosen = set(range(*best)) if best else set()
    for i, c in enumerate(hand):
        parts.append(scout_card_svg(c[0], c[1], x=left + i * step, y=y, width=w, height=hgt, highlight=i in chosen,
                              css_class="circus-scout-dealt-card"))
    y += hgt + 8
    rows: list[list[tuple[int, int]]] = []
    for i, j in maximal_sets(sets):
        row_index = next((r for r, row in enumerate(rows) if all(j <= a or b <= i for a, b in row)), len(rows))
        if row_index == len(rows):
            rows.append([])
        rows[row_index].append((i, j))
        key = set_key([c[0] for c in hand[i:j]])
        match = key is not None and key[1] == 1
        colour, dash = (ORANGE, "") if match else (BLUE, ' stroke-dasharray="6 3"')
        x1, x2, yy = left + i * step + 3, left + (j - 1) * step + w - 3, y + row_index * 26
        parts.append(f'<g class="circus-scout-set-bracket"><path d="M{x1},{yy} v6 H{x2} v-6" fill="none" '
                     f'stroke="{colour}" stroke-width="3"{dash}/>'
                     f'<text x="{(x1 + x2) / 2:g}" y="{yy + 20}" font-size="13" font-family="sans-serif" '
                     f'text-anchor="middle" fill="currentColor">{"match" if match else "run"} of {j - i}'
                     '</text></g>')
    if not rows:
        parts.append(f'<text x="{left}" y="{y + 16}" {label}>no two adjacent cards form a set: '
                     'only single cards can be shown</text>')
    height = y + max(len(rows), 1) * 26 + 6
    width = left * 2 + step * max(len(hand), 12)
    return svg_doc(width, height, parts, css_class="circus-svg circus-scout-dealt-svg",
                   title="a dealt hand with its sets bracketed")
