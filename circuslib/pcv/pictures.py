"""The pictures of Le Petit Cirque Volant, as SVG written by the kit: the hex map with its planes, the hexes a plane
can reach, the manoeuvre graph, the damage chain, and the destroyed-within-n curves.

Each is a pure function of a position (or a graph, or a shot) returning a ``core.svg.Picture``: shown as a cell's
last value it offers the themed HTML, a plain SVG with concrete colours, and its description in words (what a
screen reader says). The graph pictures also draw themselves with matplotlib (``to_matplotlib()``), for a student
who wants to restyle one or save it. The widget and the explorers show the same pictures (``.svg()``).

A position does not draw itself: this module imports the rules, so the rules cannot import it. Show a position as
``board(state)``.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.args import flag, instance, items, optional_text, whole
from ..core.figures import Plot
from ..core.graphs import layered_layout
from ..core.svg import INK, MIN_TEXT, PIECE, Picture, hex_center, hex_corners, svg_arrowhead, svg_die, svg_doc, svg_text
from .graphs import _end_positions, _firing_positions, _move_graph, _plane_index, count_sequences
from .odds import DieOdds, damage_chain, die_odds, rules_faces
from .rules import FACING_NAMES, MANOEUVRE_COSTS, MAX_LEVEL, PCVState, Plane, effective_range, line_ahead

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["board", "reachable_map", "move_graph_picture", "damage_chain_picture", "within_plot", "destroy_curve",
           "rolled_die", "BoardPicture", "MoveGraphPicture", "DamageChainPicture", "SIDE_COLOURS",
           "MANOEUVRE_COLOURS", "MANOEUVRE_DASHES"]


def _counted(count: int, one: str, many: str | None = None) -> str:
    """A count with its noun in the singular or the plural: "1 hex", "2 hexes", "0 levels"."""
    return f"{count} {one if count == 1 else many or one + 's'}"


Hex = tuple[int, int]

SIDE_COLOURS = ("#d7301f", "#2171b5")
"""Red's and Blue's colour on the map (each plane also carries its name: colour is never the only sign)."""
REACHABLE, FIRING, LINE_OF_FIRE, SKY = "#fdd49e", "#fc8d59", "#fde0dd", "#f7fbff"
MANOEUVRE_COLOURS = {"forward": "#4575b4", "down": "#d73027", "up": "#1a9850", "loop": "#984ea3"}
MANOEUVRE_DASHES: dict[str, str | None] = {"forward": None, "down": "6,3", "up": "2,2", "loop": "8,3,2,3"}
"""Each manoeuvre's arrows their own dash pattern too: colour is never the only way to tell them apart."""
_NODE_RIMS = {"start": (2.5, None), "on the way": (1.0, None), "end": (2.5, "5,2"), "out": (1.0, "2,2")}
"""Each kind of position its own rim (width, dash), as well as its own fill."""
_NODE_COLOURS = {"start": "#fdd49e", "on the way": "#c6dbef", "end": "#a1d99b", "out": "#d9d9d9"}
_OUT_WORDS = {"landed": "landed at altitude 0", "collision": "collided", "left the map": "left the map"}
_CHAIN_COLOURS = {"intact": "#c6dbef", "damaged": "#fdd49e", "destroyed": "#d9d9d9"}
_THEME = "currentColor"  # text and lines off the pieces: the page's text colour, dark or light


def _new_figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A matplotlib figure of its own (not pyplot's), with one Axes, sized in inches."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height))
    return figure, figure.add_subplot()


def _axes_given(ax: Any, width: float, height: float) -> tuple[Figure, Axes]:
    """The Axes to draw on and its figure: ``ax`` itself, or a new figure's when ``ax`` is None."""
    if ax is None:
        return _new_figure(width, height)
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax is a matplotlib Axes to draw on (or None for a new figure), not {type(ax).__name__}")
    return ax.get_figure(), ax  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------------------
# the map


def _short_name(name: str) -> str:
    """"Red 1" -> "R1": the side's initial and the plane's number, short enough for a map label."""
    words = name.split()
    return "".join(w[0] for w in words[:-1]) + words[-1] if len(words) > 1 else name[:3]


def _plane_svg(plane: Plane, size: float, origin: tuple[float, float], highlight: bool) -> str:
    cx, cy = hex_center(*plane.hex, size, origin=origin)
    angle = -60 * plane.facing  # facing 0 points east; screen y grows downward
    colour = SIDE_COLOURS[plane.side]
    outline = ' stroke="#ffd92f" stroke-width="3"' if highlight else ' stroke="#222222" stroke-width="1"'
    # drawn pointing east, then rotated to the facing: the smoke trails behind the tail whatever the heading
    puffs = ((-size * .55, 0, .2), (-size * .78, -size * .12, .15), (-size * .95, size * .05, .11))
    smoke = "".join(f'<circle cx="{dx:.1f}" cy="{dy:.1f}" r="{size * r:.1f}" fill="#737373" opacity="0.75"/>'
                    for dx, dy, r in puffs) if plane.damaged else ""
    arrow = (f'<polygon points="{size * .6:.1f},0 {-size * .45:.1f},{-size * .4:.1f} {-size * .2:.1f},0 '
             f'{-size * .45:.1f},{size * .4:.1f}" fill="{colour}"{outline}/>')
    body = f'<g transform="translate({cx:.1f},{cy:.1f}) rotate({angle})">{smoke}{arrow}</g>'
    # two short lines under the arrow, each narrower than a hex: two planes side by side keep their labels apart;
    # a white rim keeps the letters readable where they reach into the hex below
    font = max(MIN_TEXT, size * .5)
    top = cy + size * .62 + font * .75
    label = (f'<text x="{cx:.1f}" y="{top:.1f}" font-size="{font:g}" font-family="sans-serif" font-weight="bold" '
             f'text-anchor="middle" fill="#1a1a1a" stroke="#ffffff" stroke-width="3" paint-order="stroke">'
             f'{svg_text(_short_name(plane.name))}<tspan x="{cx:.1f}" dy="{font * 1.05:.1f}">A{plane.altitude} '
             f'S{plane.speed}</tspan></text>')
    cls = "circus-plane circus-damaged" if plane.damaged else "circus-plane"
    return (f'<g class="{cls}" data-name="{svg_text(plane.name)}"><title>{svg_text(plane)}</title>{body}{label}'
            f'</g>')


class BoardPicture(Picture):
    """The hex map of a position: planes as arrows labelled with altitude (A) and speed (S), smoke when damaged,
    some hexes shaded, and the acting plane's line of fire when it fires."""

    css_class = "circus-figure circus-pcv-board"

    def __init__(self, state: PCVState, shade: Mapping[Hex, str], *, size: float, fire_line: bool,
                 title: str | None, shaded: str = "") -> None:
        self.state, self.shade, self.size, self.fire_line = state, dict(shade), size, fire_line
        self.title = title or str(state)
        self.shaded = shaded  # the shading in words, for the description

    @property
    def _active(self) -> Plane | None:
        s = self.state
        return s.plane if s.phase not in ("over", "pick-move", "pick-fire") else None

    def _line(self) -> set[Hex]:
        active = self._active
        if active is None or not self.fire_line or self.state.phase not in ("fire", "roll"):
            return set()
        return set(line_ahead(active.hex, active.facing))

    def svg(self) -> str:
        """The map as one SVG element."""
        state, size = self.state, self.size
        board = state.scenario.board
        origin = (size * 1.2, size * 1.3)
        line = self._line()
        active = self._active
        # the map is a light sheet in every theme (its hexes and labels keep their colours): a piece
        parts = [f'<g class="{PIECE} circus-pcv-sheet">']
        for h in board.hexes():
            fill = self.shade.get(h, LINE_OF_FIRE if h in line else SKY)
            cx, cy = hex_center(*h, size, origin=origin)
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in hex_corners(cx, cy, size))
            parts.append(f'<polygon class="circus-hex" points="{points}" fill="{svg_text(fill)}" stroke="#9ecae1"/>')
        for p in state.planes:
            if p.flying:
                parts.append(_plane_svg(p, size, origin, highlight=active is not None and p.name == active.name))
        parts.append("</g>")
        width = size * math.sqrt(3) * (board.width + 0.5) + size * 1.2
        height = size * 1.5 * board.height + size * 1.6
        return svg_doc(width, height, parts, css_class="circus-svg circus-pcv-map", title=self.title)

    def description(self) -> str:
        """The map in words: the position, each plane where it is, the shading and the line of fire."""
        state = self.state
        board = state.scenario.board
        lines = [f"{self.title}.", f"The {state.scenario.name} map, {board.width} hexes wide and {board.height} high."]
        lines += [f"{p}." for p in state.planes]
        if self.shaded:
            lines.append(self.shaded)
        active = self._active
        if self._line() and active is not None:
            lines.append(f"Shaded pink: {active.name}'s line of fire, the 3 hexes straight ahead of its nose.")
        return "\n".join(lines)


def _size(size: Any) -> float:
    return float(whole(size, "size (a hex's size on screen, in pixels)", 5, 200))


def board(state: PCVState, *, shade: Mapping[Hex, str] | Iterable[Hex] = (), size: int = 26,
          fire_line: bool = True, title: str | None = None) -> BoardPicture:
    """The map of a position: every plane where it flies, ``shade`` hexes tinted (a set of hexes, or a dict of hex
    to colour), and the acting plane's line of fire while it fires."""
    instance(state, "state", PCVState, "a PCVState (a PCV position), for example new_game()")
    flag(fire_line, "fire_line")
    optional_text(title)
    shades = dict(shade) if isinstance(shade, Mapping) else {h: REACHABLE for h in items(shade, "shade")}
    shaded = f"{_counted(len(shades), 'hex', 'hexes')} shaded." if shades else ""
    return BoardPicture(state, shades, size=_size(size), fire_line=fire_line, title=title, shaded=shaded)


def reachable_map(state: PCVState, index: int | None = None, *, shots: bool = True,
                  size: int = 26) -> BoardPicture:
    """The map with the hexes where a plane (the acting one by default) can end its move shaded orange, and in dark
    orange those that give it a shot at an enemy."""
    index = _plane_index(state, index)
    flag(shots, "shots")
    positions = _end_positions(state, index)
    shade = {position[0]: REACHABLE for position in positions}
    firing = {position[0] for position in _firing_positions(state, index, positions)} if shots else set()
    shade.update({h: FIRING for h in firing})
    name = state.planes[index].name
    words = f"Shaded orange: the {_counted(len(shade), 'hex', 'hexes')} where {name} can end its move"
    among = f"; dark orange: the {_counted(len(firing), 'hex', 'hexes')} among them that give it a shot."
    words += among if shots else "."
    return BoardPicture(state, shade, size=_size(size), fire_line=True, title=f"where {name} can end its move",
                        shaded=words)


def rolled_die(face: int) -> Picture:
    """The die just rolled, a 6 ringed in red (a 6 destroys)."""
    whole(face, "face", 1, 6)
    body = svg_die(face, x=10, y=10, size=50, highlight=face == 6)
    svg = svg_doc(70, 70, body, css_class="circus-svg circus-pcv-die", title=f"the die shows {face}")
    return Picture.of(svg, f"The die shows {face}" + (": a 6 destroys." if face == 6 else "."))


# ---------------------------------------------------------------------------------------------------------
# the manoeuvre graph


def _rim(kind: str) -> str:
    """The rim of a manoeuvre graph's position of this kind, as SVG attributes."""
    width, dash = _NODE_RIMS[kind]
    return f'stroke="#555555" stroke-width="{width:g}"' + (f' stroke-dasharray="{dash}"' if dash else "")


class MoveGraphPicture(Picture):
    """A manoeuvre graph (``graphs.move_graph``), one column per movement point spent: the start in orange, nodes
    with points still to spend in blue, end positions in green, planes out in grey, each node labelled with its hex,
    facing and altitude; each edge an arrow coloured by its manoeuvre, with a legend.

    Drawn as SVG text by the kit, as the map is: a matplotlib figure of the same graph lays out and renders every
    label twice and encodes a large PNG (about 0.2 s for 28 nodes, against a few milliseconds here).
    """

    css_class = "circus-figure circus-pcv-graph"

    def __init__(self, graph: nx.DiGraph, title: str | None) -> None:
        self.graph, self.title = graph, title or "manoeuvre graph"
        self.root = graph.graph["root"]
        self.depth = {node: data["depth"] for node, data in graph.nodes(data=True)}

    def _kind(self, node: Any, data: Mapping[str, Any]) -> str:
        return "start" if node == self.root else "end" if data["end"] else "out" if data["out"] else "on the way"

    def _legend(self) -> list[tuple[str, str, str]]:
        kinds = {data["move"].kind for _, _, data in self.graph.edges(data=True)}
        entries = [("line", k, f"{k} ({cost} point{'s' if cost > 1 else ''})")
                   for k, cost in MANOEUVRE_COSTS.items() if k in kinds]
        entries += [("dot", "start", "start"), ("dot", "on the way", "points still to spend"),
                    ("dot", "end", "end position (0 points left)")]
        outs = self._outs()
        if outs:
            entries.append(("dot", "out", "out: " + ", ".join(_OUT_WORDS.get(o, o) for o in outs)))
        return entries

    def _outs(self) -> list[str]:
        return sorted({data["out"] for _, data in self.graph.nodes(data=True) if data["out"]})

    def svg(self) -> str:
        """The graph as one SVG element."""
        graph = self.graph
        pos = layered_layout(graph, depth_attr="depth", horizontal=True)  # (points spent, height from -0.5 to 0.5)
        columns = int(max(1, max(d for d, _ in pos.values())))  # the points spent: a whole number
        tallest = max(sum(1 for d, _ in pos.values() if d == depth) for depth in range(columns + 1))
        # each node a pill wide enough for "(1,-1) NE" at 13 px; the legend a band under the title, in as many
        # columns as the width holds, so that it never covers a node
        half_w, half_h, row, column, left = 40, 18, 42, 380, 60
        width = left * 2 + columns * column
        entries = self._legend()
        key_width, key_row = 290, 20
        per_row = max(1, int((width - 16) // key_width))
        key_rows = -(-len(entries) // per_row)
        top = 34 + 12 + key_rows * key_row + 8  # the nodes' band: a row for each node of the tallest column
        height = top + tallest * row + 70
        xy = {node: (left + d * column, top + (0.5 - y) * tallest * row) for node, (d, y) in pos.items()}
        font = 'font-family="sans-serif" text-anchor="middle"'
        parts = [f'<text x="{width / 2:g}" y="22" font-size="15" {font} fill="{_THEME}">{svg_text(self.title)}</text>']
        for a, b, data in graph.edges(data=True):  # arrows first, under the nodes, from rim to rim
            (x1, y1), (x2, y2) = xy[a], xy[b]
            length = math.hypot(x2 - x1, y2 - y1) or 1
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            rim = min(half_w / abs(ux) if ux else math.inf, half_h / abs(uy) if uy else math.inf)
            sx, sy, tx, ty = x1 + rim * ux, y1 + rim * uy, x2 - rim * ux, y2 - rim * uy
            bx, by = tx - 9 * ux, ty - 9 * uy  # the arrowhead: 9 px long, 7 px wide
            colour, dash = MANOEUVRE_COLOURS[data["move"].kind], MANOEUVRE_DASHES[data["move"].kind]
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
                         f'stroke-width="1.6"{dashed}/><polygon points="{tx:.1f},{ty:.1f} {bx - 3.5 * uy:.1f},'
                         f'{by + 3.5 * ux:.1f} {bx + 3.5 * uy:.1f},{by - 3.5 * ux:.1f}" fill="{colour}"/>')
        for node, data in graph.nodes(data=True):
            x, y = xy[node]
            (q, r), facing, altitude, left_over = node
            tip = f"({q},{r}) facing {FACING_NAMES[facing]}, altitude {altitude}, {_counted(left_over, 'point')} left"
            if data["out"]:
                tip += f", out: {data['out']}"
            kind = self._kind(node, data)
            parts.append(f'<g class="{PIECE} circus-pcv-node"><title>{svg_text(tip)}</title>'
                         f'<rect x="{x - half_w:.1f}" y="{y - half_h:.1f}" width="{2 * half_w}" height="{2 * half_h}" '
                         f'rx="{half_h}" fill="{_NODE_COLOURS[kind]}" {_rim(kind)}/>'
                         f'<text x="{x:.1f}" y="{y - 3:.1f}" font-size="13" {font} fill="{INK}">'
                         f'({q},{r}) {FACING_NAMES[facing]}</text><text x="{x:.1f}" y="{y + 12:.1f}" font-size="13" '
                         f'{font} fill="{INK}">alt {altitude}</text></g>')
        base = height - 46  # the axis: one tick per point spent
        parts.append(f'<line x1="{left - 30}" y1="{base}" x2="{width - left + 30}" y2="{base}" stroke="{_THEME}"/>')
        for spent in range(columns + 1):
            x = left + spent * column
            parts.append(f'<line x1="{x}" y1="{base}" x2="{x}" y2="{base + 5}" stroke="{_THEME}"/><text x="{x}" '
                         f'y="{base + 20}" font-size="13" {font} fill="{_THEME}">{spent}</text>')
        parts.append(f'<text x="{width / 2:g}" y="{base + 40}" font-size="13" {font} fill="{_THEME}">'
                     f'movement points spent</text>')
        # the manoeuvres drawn (their cost), then the kinds of node, on a light box
        parts.append(f'<g class="{PIECE} circus-legend"><rect x="8" y="34" width="{width - 16}" '
                     f'height="{12 + key_row * key_rows}" fill="#ffffff" stroke="#cccccc" rx="4"/>')
        for i, (shape, kind, label) in enumerate(entries):
            x0, y = 16 + key_width * (i % per_row), 52 + key_row * (i // per_row)
            dash = MANOEUVRE_DASHES.get(kind)
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            mark = (f'<line x1="{x0}" y1="{y - 4}" x2="{x0 + 24}" y2="{y - 4}" stroke="{MANOEUVRE_COLOURS[kind]}" '
                    f'stroke-width="2"{dashed}/>'
                    if shape == "line" else
                    f'<rect x="{x0 + 5}" y="{y - 11}" width="14" height="12" rx="6" fill="{_NODE_COLOURS[kind]}" '
                    f'{_rim(kind)}/>')
            parts.append(f'{mark}<text x="{x0 + 32}" y="{y}" font-size="13" font-family="sans-serif" fill="{INK}">'
                         f'{svg_text(label)}</text>')
        parts.append("</g>")
        return svg_doc(width, height, parts, css_class="circus-svg circus-pcv-move-graph", title=self.title)

    def description(self) -> str:
        """The graph in words: its start, its size column by column, its manoeuvres, its ends and losses."""
        graph = self.graph
        (q, r), facing, altitude, points = self.root
        kinds: dict[str, int] = {}
        for _, _, data in graph.edges(data=True):
            kinds[data["move"].kind] = kinds.get(data["move"].kind, 0) + 1
        columns = [sum(1 for d in self.depth.values() if d == spent) for spent in range(points + 1)]
        ends = sum(1 for _, data in graph.nodes(data=True) if data["end"])
        outs = [node for node, data in graph.nodes(data=True) if data["out"]]
        lines = [f"{self.title}.",
                 f"The manoeuvre graph of {graph.graph.get('plane', 'a plane')} from ({q},{r}) facing "
                 f"{FACING_NAMES[facing]} at altitude {altitude}, "
                 f"with {_counted(points, 'movement point', 'movement points')} to spend: "
                 f"{graph.number_of_nodes()} positions, one column per point spent "
                 f"({', '.join(f'{n} after {spent}' for spent, n in enumerate(columns))}).",
                 f"{graph.number_of_edges()} arrows, one per manoeuvre: "
                 + ", ".join(f"{kinds[k]} {k}" for k in MANOEUVRE_COLOURS if k in kinds) + ".",
                 f"{_counted(ends, 'end position', 'end positions')}, with 0 points left and still flying; "
                 f"{_counted(count_sequences(graph), 'manoeuvre sequence', 'manoeuvre sequences')} lead to them."]
        if outs:
            lines.append(f"{_counted(len(outs), 'position')} out of the game: " + ", ".join(self._outs()) + ".")
        return "\n".join(lines)

    def to_matplotlib(self, ax: Axes | None = None) -> Figure:
        """The same graph drawn by matplotlib (a column per point spent, ends in green, losses in grey), as a
        ``matplotlib.figure.Figure`` to restyle or save; with ``ax``, drawn on that Axes."""
        import networkx as nx
        from matplotlib.lines import Line2D

        figure, axes = _axes_given(ax, 10, 6)
        graph = self.graph
        pos = layered_layout(graph, depth_attr="depth", horizontal=True)
        colours = [_NODE_COLOURS[self._kind(node, data)] for node, data in graph.nodes(data=True)]
        small = graph.number_of_nodes() <= 40
        nx.draw_networkx_nodes(graph, pos, ax=axes, node_color=colours, node_size=300 if small else 40,
                               edgecolors="#555555")
        keys = []  # the arrows are patches, which a legend does not list: one line for each manoeuvre drawn
        for kind, colour in MANOEUVRE_COLOURS.items():
            edges = [(a, b) for a, b, d in graph.edges(data=True) if d["move"].kind == kind]
            if edges:
                style: Any = "solid" if MANOEUVRE_DASHES[kind] is None else \
                    (0, tuple(float(v) / 1.6 for v in str(MANOEUVRE_DASHES[kind]).split(",")))
                nx.draw_networkx_edges(graph, pos, ax=axes, edgelist=edges, edge_color=colour, arrows=small,
                                       node_size=300 if small else 40, width=0.8 if small else 0.3, style=style)
                keys.append(Line2D([], [], color=colour, linestyle=style,
                                   label=f"{kind} ({MANOEUVRE_COSTS[kind]})"))
        if small:
            labels = {node: f"{node[0][0]},{node[0][1]}\nA{node[2]}" for node in graph.nodes}
            nx.draw_networkx_labels(graph, pos, labels=labels, ax=axes, font_size=6)
        axes.set_title(self.title)
        axes.set_xlabel("movement points spent")
        axes.legend(handles=keys, loc="upper left", fontsize=8)
        axes.set_yticks([])
        for side in ("left", "right", "top"):
            axes.spines[side].set_visible(False)
        return figure


def move_graph_picture(graph: nx.DiGraph, *, title: str | None = None, max_nodes: int = 80) -> MoveGraphPicture:
    """The picture of a manoeuvre graph made by ``graphs.move_graph`` (at most ``max_nodes`` nodes, each labelled)."""
    _move_graph(graph)
    optional_text(title)
    whole(max_nodes, "max_nodes", 1, 400)
    if graph.number_of_nodes() > max_nodes:
        raise ValueError(f"the graph has {graph.number_of_nodes()} nodes, too many to label one by one (at most "
                         f"{max_nodes}): draw a slower plane, or count its sequences and end positions instead")
    return MoveGraphPicture(graph, title)


# ---------------------------------------------------------------------------------------------------------
# the damage chain


class DamageChainPicture(Picture):
    """The damage chain of one shot: intact, damaged, destroyed in a row; an arrow for each shot that changes the
    state with its exact chance, the chance of a miss (↺) above a state, and the 6 that destroys an intact plane at
    once as a curved arrow below."""

    css_class = "circus-figure circus-pcv-chain"
    STATES = ("intact", "damaged", "destroyed")

    def __init__(self, hexes: int, alt_diff: int, title: str | None) -> None:
        self.hexes, self.alt_diff = hexes, alt_diff
        self.title = title or (f"damage chain: {_counted(hexes, 'hex', 'hexes')} ahead, "
                               f"{_counted(abs(alt_diff), 'level')} apart")
        # each state's row; an absorbing state leads to itself (as graphs.damage_chain_graph has them)
        self.rows: dict[str, dict[str, Fraction]] = {
            str(state): {str(to): p for to, p in (row or {state: Fraction(1)}).items()}
            for state, row in damage_chain(hexes, alt_diff).transitions.items()}

    def svg(self) -> str:
        """The chain as one SVG element."""
        rows = self.rows
        width, height, radius, y = 540, 200, 36, 100
        x = {"intact": 90, "damaged": 270, "destroyed": 450}
        font = 'font-family="sans-serif" text-anchor="middle"'
        parts = [f'<text x="{width / 2:g}" y="20" font-size="14" {font} fill="{_THEME}">{svg_text(self.title)}</text>']
        for a, row in rows.items():
            for b, chance in row.items():
                if a == b or (a, b) == ("intact", "destroyed"):
                    continue
                start, end = x[a] + radius, x[b] - radius
                parts.append(f'<line x1="{start}" y1="{y}" x2="{end - 8}" y2="{y}" stroke="{_THEME}" '
                             f'stroke-width="1.2"/>' + svg_arrowhead((end, y), (start, y), _THEME))
                middle = (start + end) / 2  # the chance on a light label over the arrow
                parts.append(f'<g class="{PIECE}"><rect x="{middle - 17:g}" y="{y - 10}" width="34" height="20" '
                             f'rx="6" fill="#ffffff"/><text x="{middle:g}" y="{y + 5}" font-size="13" {font} '
                             f'fill="{INK}">{chance}</text></g>')
        if "destroyed" in rows["intact"]:  # a 6: straight from intact to destroyed, curving below damaged
            (x1, y1), (x2, y2), control = (x["intact"] + 26, y + 25), (x["destroyed"] - 26, y + 25), (x["damaged"],
                                                                                                      y + 95)
            parts.append(f'<path d="M{x1},{y1} Q{control[0]},{control[1]} {x2},{y2}" fill="none" stroke="{_THEME}" '
                         f'stroke-width="1.2"/>' + svg_arrowhead((x2, y2), control, _THEME))
            parts.append(f'<text x="{x["damaged"]}" y="{height - 8}" font-size="13" {font} fill="{_THEME}">'
                         f'a 6: {rows["intact"]["destroyed"]}</text>')
        for state in self.STATES:
            parts.append(f'<g class="{PIECE}"><circle cx="{x[state]}" cy="{y}" r="{radius}" '
                         f'fill="{_CHAIN_COLOURS[state]}" stroke="#555555"/><text x="{x[state]}" y="{y + 5}" '
                         f'font-size="13" {font} fill="{INK}">{state}</text></g>')
            if state in rows[state]:  # a miss (or the end) keeps the state
                parts.append(f'<text x="{x[state]}" y="{y - radius - 10}" font-size="13" {font} fill="{_THEME}">'
                             f'↺ {rows[state][state]}</text>')
        return svg_doc(width, height, parts, css_class="circus-svg circus-pcv-damage-chain", title=self.title)

    def description(self) -> str:
        """The chain in words: where one shot sends the target from each state, with its exact chance."""
        reach = effective_range(self.hexes, self.alt_diff)
        where = "out of reach: every shot misses" if reach is None else f"effective range {reach}"
        words = {"intact": "stays intact", "damaged": "is damaged", "destroyed": "is destroyed"}
        lines = [f"{self.title}.", f"One shot {_counted(self.hexes, 'hex', 'hexes')} ahead, "
                                   f"{_counted(abs(self.alt_diff), 'level')} apart "
                                   f"({where})."]
        for state in self.STATES:
            row = self.rows[state]
            if state == "destroyed":
                lines.append("A destroyed plane stays destroyed.")
                continue
            moves = [f"{'stays ' + state if to == state else words[to]} with chance {p}" for to, p in row.items()]
            lines.append(f"From {state}, the target " + "; ".join(moves) + ".")
        return "\n".join(lines)

    def to_matplotlib(self, ax: Axes | None = None) -> Figure:
        """The same chain drawn by matplotlib (three states in a row, a loop's chance above each state, the exact
        chance on each arrow), as a ``matplotlib.figure.Figure``; with ``ax``, drawn on that Axes."""
        from matplotlib.patches import Circle, FancyArrowPatch

        figure, axes = _axes_given(ax, 7, 2.6)
        rows, at = self.rows, {"intact": 0.0, "damaged": 1.0, "destroyed": 2.0}
        for state in self.STATES:
            axes.add_patch(Circle((at[state], 0), 0.3, facecolor=_CHAIN_COLOURS[state], edgecolor="#555555"))
            axes.text(at[state], 0, state, ha="center", va="center", fontsize=9)
            if state in rows[state]:
                axes.text(at[state], 0.4, f"↺ {rows[state][state]}", ha="center", fontsize=9)
        for a, row in rows.items():
            for b, chance in row.items():
                if a == b:
                    continue
                bend = "arc3,rad=0.35" if (a, b) == ("intact", "destroyed") else "arc3"
                axes.add_patch(FancyArrowPatch((at[a] + 0.3, 0), (at[b] - 0.3, 0), arrowstyle="-|>", mutation_scale=12,
                                               connectionstyle=bend, color="black", linewidth=1))
                if (a, b) == ("intact", "destroyed"):
                    axes.text(1, -0.5, f"a 6: {chance}", ha="center", fontsize=9)
                else:
                    axes.text((at[a] + at[b]) / 2, 0.08, str(chance), ha="center", fontsize=9)
        axes.set_xlim(-0.5, 2.5)
        axes.set_ylim(-0.7, 0.65)
        axes.set_aspect("equal")
        axes.set_title(self.title)
        axes.set_axis_off()
        return figure


def damage_chain_picture(hexes: int, alt_diff: int = 0, *, title: str | None = None) -> DamageChainPicture:
    """The damage chain of a shot ``hexes`` ahead and ``alt_diff`` levels apart, with every exact chance."""
    optional_text(title)
    return DamageChainPicture(hexes, alt_diff, title)  # damage_chain checks the shot


# ---------------------------------------------------------------------------------------------------------
# destroyed within n shots: the explorers' chart, and the rules' die at one range


_INTACT, _DAMAGED, _MARK = "#2171b5", "#d94801", "#969696"  # mid-grey: it reads on a light and on a dark page


def within_plot(odds: DieOdds, shots: int | None, *, title: str,
                labels: Sequence[str] = ("intact target", "already damaged target"),
                reference: DieOdds | None = None, reference_label: str = "") -> Plot:
    """P(destroyed within n shots) of a die, for every n the odds hold: from intact (circles) and from damaged
    (squares, dashed); ``shots`` marks one n; ``reference`` adds another die's curve from intact, under the others."""
    instance(odds, "odds", DieOdds, "die_odds(...)")
    most = len(odds.within) - 1
    if shots is not None:
        whole(shots, "shots", 0, most)
    n = list(range(most + 1))
    plot = Plot(title, xlabel="shots fired, n", ylabel="P(destroyed within n shots)", xlim=(-0.5, most + 0.5),
                ylim=(-0.03, 1.03), width=470, height=290, legend="lower right")
    if reference is not None:
        instance(reference, "reference", DieOdds, "die_odds(...)")
        plot.line(n, [float(a) for a, _ in reference.within[:most + 1]], label=reference_label or None,
                  colour="#bdbdbd", marker=None, dash=False)
    plot.line(n, [float(a) for a, _ in odds.within], label=labels[0], colour=_INTACT, marker="o", dash=False)
    plot.line(n, [float(b) for _, b in odds.within], label=labels[1], colour=_DAMAGED, marker="s", dash=True)
    if shots is not None:
        plot.line([shots, shots], [0, 1], label="n chosen", colour=_MARK, marker=None, dash=True)
        intact, damaged = odds.within[shots]
        plot.line([shots, shots], [float(intact), float(damaged)], colour=_MARK, marker="D", dash=False)
    return plot


def destroy_curve(hexes: int, alt_diff: int = 0, max_shots: int = 12) -> Plot:
    """P(the target is destroyed within n shots) for n = 0..max_shots at this range, intact and already damaged."""
    whole(hexes, "hexes", 1)
    whole(alt_diff, "alt_diff", -(MAX_LEVEL - 1), MAX_LEVEL - 1)
    whole(max_shots, "max_shots", 1, 100)
    reach = effective_range(hexes, alt_diff)
    where = "out of reach" if reach is None else f"effective range {reach}"
    return within_plot(die_odds(6, *rules_faces(reach), max_shots), None,
                       title=f"P(destroyed within n shots), {_counted(hexes, 'hex', 'hexes')} ahead, "
                             f"{_counted(abs(alt_diff), 'level')} apart "
                             f"({where})")
