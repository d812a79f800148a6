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
from ..core.svg import PIECE, Key, Picture, svg_doc, svg_legend, svg_text, svg_token

__all__ = ["ring_svg", "ring_picture", "ring_description", "ARTIST_COLOURS", "swap_graph_svg", "swap_graph_picture",
           "one_turn_svg", "one_turn_picture", "one_turn_layout", "OneTurnPicture", "ONE_TURN", "DISTANCE_COLOURS"]

# ---------------------------------------------------------------------------------------------------------
# the ring

ARTIST_COLOURS = {"Clown": "#fdd0a2", "Acrobate": "#c6dbef", "Magicien": "#dadaeb", "Voyante": "#c7e9c0",
                  "Muscles": "#fcbba1", "Dresseuse": "#fee391"}
"""The fill of a token by the artist it shows (each token also names its artist: colour is never the only sign)."""
PROTECTIONS = {"Muscles": ("⛓ no swap", "Monsieur Muscles cannot be moved by an ordinary swap"),
               "Dresseuse": ("🛡 immune", "the Dresseuse is immune to the other artists' powers")}
"""What a visible Monsieur Muscles and a visible Dresseuse protect against: the mark on the ring, and in words."""


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


def ring_svg(faces: Sequence[str], backs: Sequence[str | None] | None = None, *, highlight: Sequence[int] = (),
             selected: Sequence[int] = (), caption: str = "", size: float = 300) -> str:
    """The ring as SVG: visible faces, known backs shown faintly, protections marked, positions numbered."""
    faces, backs = _ring_args(faces, backs)
    count = len(faces)
    cx = cy = size / 2
    radius, r = size * 0.38, size * 0.085
    parts = []
    for i, face in enumerate(faces):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        css = "circus-token circus-pos-" + str(i) + (" circus-selected" if i in selected else "")
        token = svg_token(face, cx=x, cy=y, r=r, fill=ARTIST_COLOURS[face], back=backs[i],
                          highlight=i in highlight or i in selected, css_class=css)
        parts.append(token)
        lx, ly = cx + (radius + r + 10) * math.cos(angle), cy + (radius + r + 10) * math.sin(angle)
        parts.append(f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="11" font-family="sans-serif" fill="#888888" '
                     f'text-anchor="middle" dominant-baseline="central">{i}</text>')
        if face in PROTECTIONS:
            parts.append(f'<text class="circus-protection" x="{x:.1f}" y="{y - r - 4:.1f}" font-size="9" '
                         f'font-family="sans-serif" fill="#a50f15" text-anchor="middle">{PROTECTIONS[face][0]}</text>')
    if caption:
        parts.append(f'<text x="{cx:.1f}" y="{size + 14:.1f}" font-size="11" font-family="sans-serif" '
                     f'text-anchor="middle" fill="#333333">{svg_text(caption)}</text>')
    return svg_doc(size, size + 24, parts, title="Flip Circus ring")


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
_NODE = 17  # the radius of an arrangement's circle (px): room for four letters

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
    height = max(320, top + margin + 2 * _NODE + (tallest - 1) * 44)
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
                     f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" {_TEXT}>{svg_text("".join(map(str, n)))}'
                     '</text>')
    name = "".join(map(str, start))
    keys = [Key(f"{d} swap{'s' if d != 1 else ''} from {name} ({counts[d]})", colour=colours[d], marker="o",
                marker_size=14, outline="#636363", line=False) for d in sorted(counts)]
    parts.append(svg_legend(width - legend_width + 8, top + 9, keys, size=11, box=True,
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

START, POSTER, PLAIN = "#2171b5", "#d7301f", "#bdbdbd"
"""The one-turn graph's colours: the start blue, a poster taken red, the rest grey."""


def one_turn_layout(graph: nx.DiGraph, *, seed: int = 1) -> dict:
    """Where ``one_turn_svg`` (and ``OneTurnPicture.to_matplotlib``) put each position: in rings by number of
    actions, the start in the middle, each ring in a seeded order (the same picture for the same seed)."""
    import networkx as nx

    graph_of(graph, "graph", ONE_TURN, "one_turn_graph(state)")
    seed_arg(seed)
    # rings by depth (the start in the middle): a shell layout needs no scipy, unlike spring layouts of big graphs
    shells: dict = {}
    for node, data in graph.nodes(data=True):
        shells.setdefault(data["depth"], []).append(node)
    rng = random.Random(seed)
    for depth in sorted(shells):
        # the same picture for the same seed, however the graph was put together (a set of nodes has no fixed order)
        shells[depth].sort(key=lambda n: (graph.nodes[n].get("label", ""), repr(n)))
        rng.shuffle(shells[depth])  # spread the edges round each ring
    return dict(nx.shell_layout(graph, nlist=[shells[d] for d in sorted(shells)]))


def _one_turn_title(graph: nx.DiGraph, title: str | None) -> str:
    posters = sum(bool(d["poster"]) for _, d in graph.nodes(data=True))
    return title or f"{graph.number_of_nodes()} positions one turn away, {posters} with a new poster (red)"


def one_turn_svg(graph: nx.DiGraph, *, seed: int = 1, title: str | None = None) -> str:
    """A one-turn graph (``one_turn_graph``, or a part of it) as SVG: the positions in rings by number of actions
    (the start in the middle, blue), those where a poster was taken red, the others grey, each action a faint
    line; the legend (top left) says which is which."""
    pos = one_turn_layout(graph, seed=seed)  # checks the graph and the seed
    optional_text(title)
    if graph.number_of_nodes() > 3_000:
        raise ValueError(f"the graph has {graph.number_of_nodes()} positions, too many to draw one by one (at most "
                         "3,000): draw a part of it")
    root = graph.graph["root"]
    width, height, top = 640, 500, 40
    side = min(width, height - top) - 40  # the rings fill a square under the title
    xs, ys = [float(p[0]) for p in pos.values()], [float(p[1]) for p in pos.values()]
    reach = max(1e-9, *(abs(v) for v in xs + ys))

    def place(n: Any) -> tuple[float, float]:
        x, y = pos[n]
        return width / 2 + float(x) / reach * side / 2, top + 20 + side / 2 - float(y) / reach * side / 2

    xy = {n: place(n) for n in graph}
    # the paper: white in every theme, so the picture is a piece (its ink dark), as a card is
    parts = [f'<g class="{PIECE} circus-paper"><rect width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{width / 2:g}" y="24" font-size="13" {_TEXT}>{svg_text(_one_turn_title(graph, title))}'
             '</text>']
    lines = "".join(f"M{xy[a][0]:.1f} {xy[a][1]:.1f}L{xy[b][0]:.1f} {xy[b][1]:.1f}" for a, b in graph.edges)
    parts.append(f'<path class="circus-actions" d="{lines}" stroke="#000000" stroke-opacity="0.15" fill="none"/>')
    # the grey positions first, so the start and the posters lie on top of them
    order = sorted(graph.nodes(data=True), key=lambda item: item[0] == root or bool(item[1]["poster"]))
    for n, data in order:
        x, y = xy[n]
        colour = START if n == root else POSTER if data["poster"] else PLAIN
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{9 if colour != PLAIN else 4}" fill="{colour}"/>')
    entries = [(START, f"start: {_mover(graph)}"), (POSTER, "a poster taken"), (PLAIN, "no poster yet")]
    parts.append(svg_legend(18, top + 9, [Key(label, colour=colour, marker="o", marker_size=10, line=False)
                                          for colour, label in entries], size=11, box=True,
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
        nx.draw_networkx_edges(self.graph, pos, ax=ax, alpha=0.15, arrows=False)
        nx.draw_networkx_nodes(self.graph, pos, nodelist=[n for n, _ in nodes], ax=ax, node_color=colours,
                               node_size=sizes)
        ax.set_title(self.title, y=1)
        ax.set_axis_off()
        return figure


def one_turn_picture(graph: nx.DiGraph, *, seed: int = 1, title: str | None = None) -> OneTurnPicture:
    """A one-turn graph (``one_turn_graph``, or a part of it) as a picture: ``one_turn_svg`` with its words."""
    return OneTurnPicture(graph, seed=seed, title=title)
