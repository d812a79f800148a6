"""Move graphs: explore any game state into a networkx DiGraph, and draw it as the kit's picture (SVG in the
page's theme, its description in words, and the same drawing in matplotlib with ``.to_matplotlib()``)."""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .game import CHANCE, GameState, describe
from .svg import INK, MIN_TEXT, PIECE, Key, Picture, legend_size, svg_arrowhead, svg_doc, svg_legend, svg_text

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["build_graph", "chance_sums", "layered_layout", "draw_graph", "GraphPicture", "draw_arrows",
           "terminal_probabilities", "CHOICE_FILL", "CHANCE_FILL", "END_FILL", "HIGHLIGHT"]


def build_graph(
    state: GameState,
    *,
    max_depth: int | None = None,
    max_nodes: int = 2_000,
    key: Callable[[GameState], Hashable] | None = None,
    label: Callable[[GameState], str] = str,
    moves: Callable[[GameState], Iterable[Any]] | None = None,
) -> nx.DiGraph:
    """Every state reachable from ``state``, breadth first, as a DiGraph.

    Nodes are ``key(state)`` (the state itself by default) with attributes ``state``, ``label``, ``depth``,
    ``player`` and ``terminal``. Edges carry ``move`` and ``label``; at chance steps also the exact ``prob``.
    States equal under ``key`` are merged, so the graph is a DAG or a cyclic graph, not always a tree.
    ``moves`` may restrict the choices explored (a policy's moves, say). Exploration stops at ``max_depth``
    or ``max_nodes``; then ``G.graph["truncated"]`` is True and the unexplored nodes have ``frontier=True``.
    """
    if max_depth is not None and (not isinstance(max_depth, int) or max_depth < 0):
        raise ValueError("max_depth must be a whole number, 0 or more (or None for no limit)")
    if not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError("max_nodes must be a whole number, at least 1")
    import networkx as nx  # loaded when a graph is first built, not when the kit is imported

    key = key or (lambda s: s)
    graph = nx.DiGraph(truncated=False)
    root = key(state)
    graph.graph["root"] = root
    _add_node(graph, root, state, 0, label)
    queue = deque([(state, 0)])
    while queue:
        current, depth = queue.popleft()
        node = key(current)
        if current.is_over():
            continue
        if max_depth is not None and depth >= max_depth:
            graph.nodes[node]["frontier"] = True
            graph.graph["truncated"] = True
            continue
        if current.current_player == CHANCE:
            steps: list[tuple[Any, Fraction | None]] = [(outcome, p) for outcome, p in current.chance_outcomes()]
        else:
            steps = [(move, None) for move in (moves(current) if moves else current.legal_moves())]
        for move, p in steps:
            child = current.play(move)
            child_node = key(child)
            if child_node not in graph:
                if graph.number_of_nodes() >= max_nodes:
                    graph.nodes[node]["frontier"] = True
                    graph.graph["truncated"] = True
                    break
                _add_node(graph, child_node, child, depth + 1, label)
                queue.append((child, depth + 1))
            if graph.has_edge(node, child_node):
                # two outcomes leading to the same state: their chances add up
                if p is not None:
                    graph.edges[node, child_node]["prob"] += p
                    graph.edges[node, child_node]["label"] = str(graph.edges[node, child_node]["prob"])
                continue
            attrs = {"move": move, "label": str(move) if p is None else str(p)}
            if p is not None:
                attrs["prob"] = Fraction(p)
            graph.add_edge(node, child_node, **attrs)
    return graph


def _add_node(graph: nx.DiGraph, node: Hashable, state: GameState, depth: int,
              label: Callable[[GameState], str]) -> None:
    graph.add_node(
        node, state=state, label=label(state), depth=depth,
        player=state.current_player, terminal=state.is_over(), frontier=False,
    )


def chance_sums(graph: nx.DiGraph) -> dict[Hashable, Fraction]:
    """For each chance node, the sum of the probabilities on its edges (1 for a well-made game)."""
    return {
        node: sum((graph.edges[node, child]["prob"] for child in graph.successors(node)), Fraction(0))
        for node, data in graph.nodes(data=True)
        if data["player"] == CHANCE and not data.get("frontier")
    }


def terminal_probabilities(graph: nx.DiGraph, policy_edges: Callable[[Hashable, Hashable], bool] | None = None
                           ) -> dict[Hashable, Fraction]:
    """The exact probability of reaching each end node from the root, choices following ``policy_edges``.

    Without ``policy_edges`` a choice node must have a single successor (a graph built with a policy).
    """
    import networkx as nx

    root = graph.graph["root"]
    if not nx.is_directed_acyclic_graph(graph):
        raise ValueError("this graph has cycles; use an AbsorbingChain for chances on a cyclic graph")
    reach = {root: Fraction(1)}
    for node in nx.topological_sort(graph):
        p = reach.get(node, Fraction(0))
        if not p or graph.nodes[node]["terminal"]:
            continue
        children = list(graph.successors(node))
        if graph.nodes[node]["player"] == CHANCE:
            for child in children:
                reach[child] = reach.get(child, Fraction(0)) + p * graph.edges[node, child]["prob"]
            continue
        chosen = [c for c in children if policy_edges is None or policy_edges(node, c)]
        if len(chosen) != 1:
            raise ValueError("every choice node needs exactly one chosen move to compute chances")
        reach[chosen[0]] = reach.get(chosen[0], Fraction(0)) + p
    return {n: reach.get(n, Fraction(0)) for n, d in graph.nodes(data=True) if d["terminal"]}


def layered_layout(graph: nx.DiGraph, *, depth_attr: str = "depth",
                   horizontal: bool = False) -> dict[Hashable, tuple[float, float]]:
    """Positions for a tree-like graph: one row per depth, nodes spread evenly in each row."""
    positions: dict[Hashable, tuple[float, float]] = {}
    for depth, nodes in _layers(graph, depth_attr).items():
        width = len(nodes)
        for i, node in enumerate(nodes):
            x = (i + 0.5) / width - 0.5
            positions[node] = (depth, -x) if horizontal else (x, -depth)
    return positions


# ---------------------------------------------------------------------------------------------------------
# a move graph as a picture: nodes in layers, labelled edges, a legend, and words

CHOICE_FILL, CHANCE_FILL, END_FILL = "#c6dbef", "#fdd49e", "#d9d9d9"
"""The fills of a move graph's nodes: a player's choice blue, a chance step orange, an end grey."""
HIGHLIGHT = "#d7301f"
"""The colour of highlighted edges (a best line, a chain)."""
_EDGE = "#777777"
_CHAR = 0.6  # a character of sans-serif text is about 0.6 of the font size wide (digits and capitals a little more)
_PAD = 6.0


def _text_box(label: str, size: float) -> tuple[float, float]:
    """The width and height a text of one or more lines takes at this font size (in pixels), measured generously."""
    lines = label.split("\n") or [""]
    return _CHAR * size * max(len(line) for line in lines) + 2, 1.25 * size * len(lines)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float], margin: float = 2) -> bool:
    """Whether two boxes (left, top, right, bottom) come closer than ``margin`` pixels."""
    return not (a[2] + margin <= b[0] or b[2] + margin <= a[0] or a[3] + margin <= b[1] or b[3] + margin <= a[1])


class GraphPicture(Picture):
    """A move graph drawn by the kit: the nodes in layers (one row per depth, from the start at the top), each
    with its label; every edge an arrow with its label (a move, or a chance's exact probability) where it prints
    over nothing else; a legend of the node kinds; ``description()`` in words and ``to_matplotlib()``, the same
    drawing as a matplotlib Figure."""

    css_class = "circus-figure circus-graph"

    def __init__(self, graph: nx.DiGraph, *, pos: dict[Hashable, tuple[float, float]] | None = None,
                 node_labels: bool = True, edge_labels: bool = True, highlight_edges: Iterable[tuple[Any, Any]] = (),
                 node_color: Callable[[Hashable, dict[str, Any]], str] | None = None, font_size: float = 10.5,
                 title: str | None = None, legend: bool = True, label_gap: float = 4) -> None:
        from .args import flag, optional_text

        if not (hasattr(graph, "nodes") and hasattr(graph, "edges") and hasattr(graph, "successors")):
            raise TypeError(f"a move graph is a networkx DiGraph (from build_graph), not {describe(graph)}")
        if graph.number_of_nodes() == 0:
            raise ValueError("the graph has no node to draw")
        if graph.number_of_nodes() > 400:
            raise ValueError(f"a drawing of {graph.number_of_nodes():,} positions would be unreadable: draw at most "
                             "400 (build the graph with a smaller max_depth or max_nodes)")
        self.graph = graph
        self.title = optional_text(title, "title")
        self.node_labels, self.edge_labels = flag(node_labels, "node_labels"), flag(edge_labels, "edge_labels")
        self.legend = flag(legend, "legend")
        if node_color is not None and not callable(node_color):
            raise TypeError("node_color is a function of (node, its data) giving a colour, like lambda n, d: '#fff'")
        self.node_color = node_color
        self.highlight = {tuple(edge) for edge in highlight_edges}
        unknown = [edge for edge in self.highlight if not graph.has_edge(*edge)]
        if unknown:
            raise ValueError(f"highlight_edges names an edge the graph does not have: {describe(unknown[0])}")
        if isinstance(font_size, bool) or not isinstance(font_size, (int, float)) or not 4 <= font_size <= 30:
            raise ValueError(f"font_size is a number from 4 to 30 (points), not {describe(font_size)}")
        # points as matplotlib has them, in pixels; never so small that an edge label (0.9 of it) falls under the
        # kit's smallest text: the whole class reads one screen
        self.size = max(round(font_size * 1.4, 1), math.ceil(MIN_TEXT / 0.9 * 10) / 10)
        if isinstance(label_gap, bool) or not isinstance(label_gap, (int, float)) or not 0 <= label_gap <= 40:
            raise ValueError(f"label_gap is the room in pixels between an edge label and the nodes and labels around "
                             f"it, from 0 to 40, not {describe(label_gap)}")
        self.label_gap = float(label_gap)
        if pos is not None and (not isinstance(pos, dict) or any(node not in pos for node in graph.nodes)):
            raise ValueError("pos gives a position (x, y) to every node of the graph")
        self.pos = pos
        self._drawing: _Drawing | None = None

    # --- what each node is ----------------------------------------------------------------------------
    def kind(self, node: Hashable) -> str:
        """The node's kind in the legend: "choice", "chance" or "end" ("frontier" where exploration stopped)."""
        data = self.graph.nodes[node]
        if data.get("terminal"):
            return "end"
        if data.get("frontier"):
            return "frontier"
        return "chance" if data.get("player") == CHANCE else "choice"

    def fill(self, node: Hashable) -> str:
        """The node's fill: the given ``node_color``, or its kind's."""
        if self.node_color is not None:
            return str(self.node_color(node, self.graph.nodes[node]))
        return {"end": END_FILL, "chance": CHANCE_FILL}.get(self.kind(node), CHOICE_FILL)

    def label(self, node: Hashable) -> str:
        """The node's label, as the graph has it."""
        return str(self.graph.nodes[node].get("label", node)) if self.node_labels else ""

    # --- the layout -----------------------------------------------------------------------------------
    def _rows(self) -> list[list[Hashable]]:
        """The nodes in rows: by depth (or by the y of ``pos``, top first), each row ordered to cross few edges."""
        graph = self.graph
        if self.pos is not None:
            pos = self.pos
            heights = sorted({pos[n][1] for n in graph.nodes}, reverse=True)
            return [sorted((n for n in graph.nodes if pos[n][1] == y), key=lambda n: pos[n][0]) for y in heights]
        layers = _layers(graph)
        rows = [layers[depth] for depth in sorted(layers)]
        place: dict[Hashable, float] = {}
        for row in rows:  # each node under the middle of its parents above (barycentres), ties in the graph's order
            def centre(node: Hashable) -> float:
                above = [place[p] for p in graph.predecessors(node) if p in place]
                return sum(above) / len(above) if above else math.inf
            row.sort(key=centre)
            place.update((node, i / max(1, len(row) - 1)) for i, node in enumerate(row))
        return rows

    def _layout(self) -> _Drawing:
        if self._drawing is None:
            rows = self._rows()
            gap = 3.2 * self.size
            for _ in range(12):  # wider gaps between rows until every edge label finds a place of its own
                drawing = _Drawing.make(self, rows, gap)
                if drawing.placed_all:
                    break
                gap *= 1.3
            self._drawing = drawing
        return self._drawing

    # --- the picture ----------------------------------------------------------------------------------
    def svg(self) -> str:
        """The graph as one SVG element: the title, the arrows and their labels, the nodes, the legend."""
        d = self._layout()
        size = self.size
        parts = []
        if self.title:
            parts.append(f'<text class="circus-graph-title" x="{d.width / 2:.1f}" y="{d.top - 18:.1f}" '
                         'font-size="15" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
                         f'fill="currentColor">{svg_text(self.title)}</text>')
        for (u, v), (start, end) in d.arrows.items():
            red = (u, v) in self.highlight
            colour, width = (HIGHLIGHT, 2.4) if red else (_EDGE, 1.1)
            head = 9.0 if red else 7.0
            length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1
            back = (end[0] - (end[0] - start[0]) / length * head * 0.9,
                    end[1] - (end[1] - start[1]) / length * head * 0.9)
            parts.append(f'<g class="circus-graph-edge{" circus-graph-highlight" if red else ""}">'
                         f'<path d="M{start[0]:.1f},{start[1]:.1f} L{back[0]:.1f},{back[1]:.1f}" stroke="{colour}" '
                         f'stroke-width="{width:g}" fill="none"/>{svg_arrowhead(end, start, colour, head)}</g>')
        for (u, v), (x, y, w, h) in d.edge_labels.items():
            text = str(self.graph.edges[u, v].get("label", ""))
            parts.append(f'<g class="circus-graph-edge-label"><rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" '
                         f'width="{w:.1f}" height="{h:.1f}" rx="2" fill="var(--jp-layout-color0, #ffffff)" '
                         f'fill-opacity="0.85"/>' + _svg_lines(text, x, y, size * 0.9, "currentColor") + "</g>")
        for node, (x, y, w, h) in d.nodes.items():
            parts.append(f'<g class="{PIECE} circus-graph-node circus-graph-{self.kind(node)}">'
                         f'{_svg_shape(self.kind(node), x, y, w, h, self.fill(node))}'
                         f'{_svg_lines(self.label(node), x, y, size, INK)}</g>')
        if self.legend:
            parts.append(svg_legend(d.legend_at[0], d.legend_at[1], self._keys(), css_class="circus-graph-legend",
                                    box=True))  # on a light box, as the nodes are: it reads in a dark theme
        return svg_doc(d.width, d.height, parts, css_class="circus-svg circus-graph-picture",
                       title=self.title or "a move graph")

    def _keys(self) -> list[Key]:
        present = {self.kind(n) for n in self.graph.nodes}
        keys = []
        if self.node_color is None:
            for kind, marker, fill, words in (("choice", "s", CHOICE_FILL, "a choice"),
                                              ("chance", "o", CHANCE_FILL, "a chance step"),
                                              ("end", "D", END_FILL, "an end"),
                                              ("frontier", "s", CHOICE_FILL, "not explored further (dashed)")):
                if kind in present:
                    keys.append(Key(words, colour=fill, marker=marker, marker_size=10, line=False, outline="#555555"))
        if self.highlight:
            keys.append(Key("highlighted move", colour=HIGHLIGHT, width=2.4))
        return keys

    def description(self) -> str:
        """The graph in words: how many positions of each kind and moves, the rows, the start's moves and the
        highlighted ones."""
        graph = self.graph
        kinds = [self.kind(n) for n in graph.nodes]
        counted = [f"{kinds.count(k)} {word}" for k, word in (("choice", "choices"), ("chance", "chance steps"),
                                                               ("end", "ends"), ("frontier", "unexplored"))
                   if kinds.count(k)]
        rows = self._rows()
        lines = [f"{self.title}." if self.title else "A move graph.",
                 f"{graph.number_of_nodes()} positions ({', '.join(counted)}) and {graph.number_of_edges()} moves, "
                 f"in {len(rows)} rows."]

        def name(node: Hashable) -> str:
            return str(graph.nodes[node].get("label", node)).replace("\n", " ")

        for depth, row in enumerate(rows[:6]):
            shown = ", ".join(name(n) for n in row[:8]) + (f" and {len(row) - 8} more" if len(row) > 8 else "")
            lines.append(f"Row {depth + 1}: {shown}.")
        if len(rows) > 6:
            lines.append(f"Rows 7 to {len(rows)}: {sum(len(r) for r in rows[6:])} positions.")
        root = graph.graph.get("root", rows[0][0])
        if root in graph:
            moves = [f"{graph.edges[root, child].get('label', '')} to {name(child)}"
                     for child in graph.successors(root)]
            if moves:
                lines.append(f"From {name(root)}: " + "; ".join(moves[:8]) + ("; ..." if len(moves) > 8 else "") + ".")
        if self.highlight:
            lines.append("Highlighted: " + "; ".join(f"{name(u)} to {name(v)}" for u, v in
                                                     sorted(self.highlight, key=str)[:8]) + ".")
        return "\n".join(lines)

    # --- in matplotlib --------------------------------------------------------------------------------
    def to_matplotlib(self, ax: Any = None) -> Any:
        """The same drawing by matplotlib (the same places, shapes, labels, arrows and legend): a
        ``matplotlib.figure.Figure`` to restyle or ``savefig``; with ``ax``, drawn on that Axes."""
        from matplotlib.patches import Ellipse, FancyBboxPatch, Polygon

        from .figures import _axes_arg, _new_matplotlib_figure

        d = self._layout()
        axes = _axes_arg(ax)
        if axes is None:
            axes = _new_matplotlib_figure(d.width, d.height).add_subplot()
            axes.set_position((0, 0, 1, 1))
        points = 0.72  # a pixel of the SVG (at 100 dots an inch) in points
        for (u, v), (start, end) in d.arrows.items():
            red = (u, v) in self.highlight
            axes.annotate("", xy=end, xytext=start, arrowprops={
                "arrowstyle": "-|>", "color": HIGHLIGHT if red else _EDGE, "linewidth": 2.4 if red else 1.1,
                "shrinkA": 0, "shrinkB": 0, "mutation_scale": 12 if red else 10})
        for (u, v), (x, y, _, _) in d.edge_labels.items():
            axes.text(x, y, str(self.graph.edges[u, v].get("label", "")), ha="center", va="center",
                      fontsize=self.size * 0.9 * points, bbox={"boxstyle": "square,pad=0.1", "facecolor": "white",
                                                               "edgecolor": "none", "alpha": 0.85})
        for node, (x, y, w, h) in d.nodes.items():
            kind, fill = self.kind(node), self.fill(node)
            style: dict[str, Any] = {"facecolor": fill, "edgecolor": "#555555", "linewidth": 1,
                     "linestyle": "--" if kind == "frontier" else "-"}
            if kind == "chance":
                shape: Any = Ellipse((x, y), w, h, **style)
            elif kind == "end":
                shape = Polygon(_end_corners(x, y, w, h), closed=True, **style)
            else:
                shape = FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0,rounding_size=6", **style)
            axes.add_patch(shape)
            axes.text(x, y, self.label(node), ha="center", va="center", fontsize=self.size * points, color=INK,
                      linespacing=1.1)
        if self.legend and self._keys():
            from matplotlib.lines import Line2D

            handles = [Line2D([], [], color=key.colour, linewidth=key.width) if not key.marker else
                       Line2D([], [], linestyle="none", marker=key.marker, markersize=9, markerfacecolor=key.colour,
                              markeredgecolor="#555555") for key in self._keys()]
            axes.legend(handles, [key.label for key in self._keys()], loc="upper left", frameon=False,
                        bbox_to_anchor=(d.legend_at[0] / d.width, 1 - d.legend_at[1] / d.height),
                        fontsize=10.5 * points)
        if self.title:  # where the SVG has it, inside the figure's top margin
            axes.set_title(self.title, y=1 - (d.top - 18) / d.height, pad=0, verticalalignment="center",
                           fontsize=15 * points)
        axes.set_xlim(0, d.width)
        axes.set_ylim(d.height, 0)  # down the page, as the SVG
        axes.set_aspect("equal")
        axes.set_axis_off()
        return axes.get_figure()


def _end_corners(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """An end node: a box with pointed sides."""
    tip = min(h / 2, 8)
    return [(x - w / 2, y), (x - w / 2 + tip, y - h / 2), (x + w / 2 - tip, y - h / 2), (x + w / 2, y),
            (x + w / 2 - tip, y + h / 2), (x - w / 2 + tip, y + h / 2)]


def _svg_shape(kind: str, x: float, y: float, w: float, h: float, fill: str) -> str:
    look = f'fill="{svg_text(fill)}" stroke="#555555" stroke-width="1"' + (' stroke-dasharray="4,3"'
                                                                          if kind == "frontier" else "")
    if kind == "chance":
        return f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{w / 2:.1f}" ry="{h / 2:.1f}" {look}/>'
    if kind == "end":
        points = " ".join(f"{a:.1f},{b:.1f}" for a, b in _end_corners(x, y, w, h))
        return f'<polygon points="{points}" {look}/>'
    return f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" {look}/>'


def _svg_lines(text: str, x: float, y: float, size: float, colour: str) -> str:
    """A text of one or more lines centred on (x, y)."""
    lines = text.split("\n") if text else []
    first = y - 1.25 * size * (len(lines) - 1) / 2
    return "".join(f'<text x="{x:.1f}" y="{first + 1.25 * size * i:.1f}" font-size="{size:g}" '
                   f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="{colour}">'
                   f'{svg_text(line)}</text>'
                   for i, line in enumerate(lines))


class _Drawing:
    """Where everything of a graph picture goes, in pixels: node boxes, arrows, edge labels, the legend."""

    def __init__(self) -> None:
        self.nodes: dict[Hashable, tuple[float, float, float, float]] = {}  # centre x, y, width, height
        self.arrows: dict[tuple[Any, Any], tuple[tuple[float, float], tuple[float, float]]] = {}
        self.edge_labels: dict[tuple[Any, Any], tuple[float, float, float, float]] = {}
        self.placed_all = True
        self.width = self.height = self.top = 0.0
        self.legend_at = (0.0, 0.0)

    @classmethod
    def make(cls, picture: GraphPicture, rows: list[list[Hashable]], gap: float) -> _Drawing:
        d = cls()
        size = picture.size
        boxes = {}
        for node in picture.graph.nodes:
            w, h = _text_box(picture.label(node), size)
            shape = picture.kind(node)
            # an ellipse needs more room than its text's box; an end its pointed sides
            w, h = (w * 1.3 + 2 * _PAD, h * 1.3 + _PAD) if shape == "chance" else (w + 2 * _PAD + (8 if shape == "end"
                                                                                                  else 0), h + _PAD)
            boxes[node] = (max(w, 2.2 * size), max(h, 1.6 * size))
        spacing = 2.6 * size
        widths = [sum(boxes[n][0] for n in row) + spacing * (len(row) - 1) for row in rows]
        inner = max(widths)
        d.top = 40.0 if picture.title else 12.0
        y = d.top
        for row, width in zip(rows, widths):
            tall = max(boxes[n][1] for n in row)
            x = 16 + (inner - width) / 2
            for node in row:
                w, h = boxes[node]
                d.nodes[node] = (x + w / 2, y + tall / 2, w, h)
                x += w + spacing
            y += tall + gap
        d.width, d.height = inner + 32, y - gap + 16
        d._route(picture)
        keys = picture._keys() if picture.legend else []
        if keys:
            legend_w, legend_h = legend_size(keys)
            d.legend_at = (d.width + 8, d.top)
            d.width += legend_w + 24
            d.height = max(d.height, d.top + legend_h + 16)
        return d

    def _route(self, picture: GraphPicture) -> None:
        """Each arrow from rim to rim, and its label where it covers no node and no other label."""
        taken = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y, w, h in self.nodes.values()]
        size = picture.size * 0.9
        for u, v in picture.graph.edges:
            (x1, y1, w1, h1), (x2, y2, w2, h2) = self.nodes[u], self.nodes[v]
            start = _rim((x1, y1), (x2, y2), w1 / 2, h1 / 2)
            end = _rim((x2, y2), (x1, y1), w2 / 2, h2 / 2)
            self.arrows[u, v] = (start, end)
            text = str(picture.graph.edges[u, v].get("label", "")) if picture.edge_labels else ""
            if not text:
                continue
            w, h = _text_box(text, size)
            w, h = w + 4, h + 2
            for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.35, 0.65, 0.45, 0.55, 0.15, 0.85):
                cx, cy = start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if not any(_overlap(box, other, picture.label_gap) for other in taken):
                    break
            else:  # nowhere on its arrow: the rows move apart and every label is placed again
                self.placed_all = False
                cx, cy = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            taken.append(box)
            self.edge_labels[u, v] = (cx, cy, w, h)


def _rim(centre: tuple[float, float], towards: tuple[float, float], half_w: float,
         half_h: float) -> tuple[float, float]:
    """Where the line from a node's centre towards another point leaves the node's box."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    if dx == 0 and dy == 0:
        return centre
    scale = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    return centre[0] + dx * min(scale, 1), centre[1] + dy * min(scale, 1)


_NO_AXES = object()


def draw_graph(graph: nx.DiGraph, ax: Any = _NO_AXES, *, pos: dict[Hashable, tuple[float, float]] | None = None,
               node_labels: bool = True, edge_labels: bool = True, highlight_edges: Iterable[tuple[Any, Any]] = (),
               node_color: Callable[[Hashable, dict[str, Any]], str] | None = None, font_size: float = 10.5,
               title: str | None = None, legend: bool = True, label_gap: float = 4) -> Any:
    """A move graph as the kit's picture (``GraphPicture``): choices blue, chances orange, ends grey, highlighted
    edges red, every label readable (text at least 13 px; an edge label ``label_gap`` pixels clear of every node
    and other label); ``.to_matplotlib()`` gives the same drawing as a matplotlib Figure.

    Given ``ax`` (the old form: a matplotlib Axes, or None for a new pyplot figure), the graph is drawn on it by
    matplotlib and the Axes is returned, as before; that form goes once the games draw their graphs as pictures.
    """
    picture = GraphPicture(graph, pos=pos, node_labels=node_labels, edge_labels=edge_labels,
                           highlight_edges=highlight_edges, node_color=node_color, font_size=font_size, title=title,
                           legend=legend, label_gap=label_gap)
    if ax is _NO_AXES:
        return picture
    from .figures import _axes_arg

    axes = _axes_arg(ax)
    if axes is None:
        import matplotlib.pyplot as plt

        d = picture._layout()
        _, axes = plt.subplots(figsize=(d.width / 100, d.height / 100))
    picture.to_matplotlib(axes)
    return axes


def draw_arrows(ax: Any, pos: dict[Hashable, Any], edges: Iterable[tuple[Any, Any]], *, color: str,
                node_size: float = 300, width: float = 1.3, head: float = 6.5, label: str | None = None) -> Any:
    """Straight arrows from node to node, stopping at the nodes' rims, drawn as one quiver (one artist); ``width``
    and the ``head``'s length are in points.

    ``nx.draw_networkx_edges`` makes one FancyArrowPatch per edge and shortens each by cutting its path at the
    node's circle, at every draw (a figure is drawn twice: once to frame it, once for the picture); here the rims
    are worked out once, from the axes as they stand, so call this after the nodes are drawn (it keeps the limits).
    """
    import numpy as np

    from .args import axes, optional_text

    if ax is None:
        raise TypeError("draw_arrows needs the matplotlib Axes the nodes are drawn on (for example from "
                        "plt.subplots())")
    axes(ax)
    optional_text(label, "label")
    edges = list(edges)
    if not edges:
        return None
    # as draw_networkx_edges does: 5% of room around the edges' ends, unless the limits are already set
    ends = np.array([pos[node] for edge in edges for node in edge], dtype=float)
    low, high = ends.min(axis=0), ends.max(axis=0)
    room = 0.05 * (high - low)
    ax.update_datalim([low - room, high + room])
    ax.autoscale_view()
    # the rims are worked out in points on the page: settle the limits and keep them
    ax.set_xlim(ax.get_xlim())
    ax.set_ylim(ax.get_ylim())
    to_points = ax.transData + ax.figure.dpi_scale_trans.inverted()
    start = to_points.transform(np.array([pos[a] for a, _ in edges], dtype=float)) * 72
    end = to_points.transform(np.array([pos[b] for _, b in edges], dtype=float)) * 72
    rim = np.sqrt(node_size) / 2  # a node's radius in points, as scatter sizes its marker
    step = end - start
    length = np.hypot(step[:, 0], step[:, 1])[:, None]
    step = step / np.where(length > 0, length, 1)
    start, end = start + rim * step, end - rim * step
    from_points = (ax.transData + ax.figure.dpi_scale_trans.inverted()).inverted()
    tail = from_points.transform(start / 72)
    tip = from_points.transform(end / 72)
    return ax.quiver(tail[:, 0], tail[:, 1], tip[:, 0] - tail[:, 0], tip[:, 1] - tail[:, 1], color=color,
                     angles="xy", scale_units="xy", scale=1, units="inches", width=width / 72,
                     headwidth=0.8 * head / width, headlength=head / width, headaxislength=0.9 * head / width,
                     label=label, zorder=1)


def _layers(graph: nx.DiGraph, depth_attr: str = "depth") -> dict[int, list[Hashable]]:
    layers: dict[int, list[Hashable]] = {}
    for node, data in graph.nodes(data=True):
        layers.setdefault(data.get(depth_attr, 0), []).append(node)
    return layers or {0: []}
