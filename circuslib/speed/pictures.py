"""Speed's pictures drawn as SVG by the kit: the 13-cycle of ranks, the chain graph of a hand, the move graph of a
small end-game, and the win rate against the speed ratio.

Each ``*_picture`` function gives a ``SpeedPicture``: shown as a cell's last value (or with ``display``) it offers
its SVG in the page's theme, the same SVG with concrete colours, and its description in words (what a screen reader
says); ``.to_matplotlib()`` draws the same nodes, edges, colours, labels, longest chain, points and bands with
matplotlib, for a student to restyle or save. The ``*_svg`` functions give the SVG text alone. A matplotlib figure
lays out and renders every label twice and encodes a PNG (80-100 ms of a kernel); this text costs about a
millisecond. Titles and axes are in the theme's text colour; nodes, edge labels and legends are light boxes with
dark ink, so each picture reads in any theme.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # networkx is imported where a graph is made: importing the module stays light
    import networkx as nx

from ..core.args import axes, items, optional_text, whole
from ..core.figures import PAPER_INK, Chart
from ..core.game import CHANCE, describe
from ..core.svg import PIECE, Key, Picture, legend_size, svg_arrowhead, svg_doc, svg_legend, svg_text
from .rules import RANKS, _fits, rank_name, rank_of

__all__ = ["rank_cycle_svg", "chain_graph_svg", "endgame_svg", "win_rate_svg", "SpeedPicture", "rank_cycle_picture",
           "chain_graph_picture", "endgame_picture", "win_rate_picture"]

TOP, YOURS, THEIRS, BOTH, FREE = "#fb6a4a", "#6baed6", "#fdae6b", "#bcbddc", "#f0f0f0"
"""Node colours (as the matplotlib drawings): centre tops red, your cards blue, the opponent's orange, both lilac."""
FITTING, PLAIN = "#d7301f", "#999999"
"""Edge colours: a move possible now (or a longest chain) red, the other edges grey."""

_TEXT = 'font-family="sans-serif" text-anchor="middle"'
_TITLE = f'{_TEXT} fill="currentColor"'  # on the page: the theme's text colour
_LABEL = f'{_TEXT} fill="{PAPER_INK}"'  # on a light node or patch: dark in every theme


def _cards_word(count: int) -> str:
    """A count of cards with its plural: "1 card", "4 cards"."""
    return f"{count} card{'' if count == 1 else 's'}"


def _ranks(values: Iterable[Any], name: str) -> set[int]:
    return {rank_of(v) for v in items(values, name) if v is not None}


LEGEND_SIZE = 13
"""The legends' text size in pixels at the picture's natural size: read from the back of a classroom too."""


def _legend(x: float, y: float, entries: Sequence[tuple[str, str, str]]) -> str:
    """A legend on a light box whose top left corner is at (x, y): each entry a (shape "dot" or "line", colour,
    label) row; the red line of a fitting card as thick as on the picture."""
    keys = [Key(label, colour=colour, box=True) if shape == "dot" else
            Key(label, colour=colour, width=3 if colour == FITTING else 1.5) for shape, colour, label in entries]
    return svg_legend(x + 8, y + 8, keys, size=LEGEND_SIZE, box=True, css_class="circus-speed-legend")


def rank_cycle_svg(tops: Iterable[Any] = (), mine: Iterable[Any] = (), theirs: Iterable[Any] = (), *,
                   title: str | None = None, opponent: str = "the bot") -> str:
    """The 13 ranks on a cycle, read clockwise from the Ace at the top like a clock face: each rank joined to the
    two that fit on it, the centre tops red, your face-up cards blue, the ``opponent``'s orange, and in thick red
    the edges from a face-up card to a top it fits (the moves possible now); the legend in the middle."""
    optional_text(title)
    optional_text(opponent, "opponent")
    tops, mine, theirs = _ranks(tops, "tops"), _ranks(mine, "mine"), _ranks(theirs, "theirs")
    width, height, radius, node = 520, 440, 170, 17
    cx, cy = width / 2, 40 + radius + node
    xy = {r: (cx + radius * math.sin(2 * math.pi * (r - 1) / 13), cy - radius * math.cos(2 * math.pi * (r - 1) / 13))
          for r in RANKS}
    faces = mine | theirs

    def colour(r: int) -> str:
        if r in tops:
            return TOP
        if r in mine and r in theirs:
            return BOTH
        return YOURS if r in mine else THEIRS if r in theirs else FREE

    parts = [f'<text x="{cx:g}" y="22" font-size="13" {_TITLE}>'
             f'{svg_text(title or "ranks on a 13-cycle: red = tops, blue = yours, orange = theirs")}</text>']
    for r in RANKS:  # the edges first, under the nodes: r and the next rank round the cycle
        s = r % 13 + 1
        fitting = (r in tops and s in faces) or (s in tops and r in faces)
        (x1, y1), (x2, y2) = xy[r], xy[s]
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'stroke="{FITTING if fitting else PLAIN}" stroke-width="{3 if fitting else 1}"/>')
    for r in RANKS:
        x, y = xy[r]
        parts.append(f'<g class="{PIECE}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{node}" fill="{colour(r)}" '
                     f'stroke="#555555"/><text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="13" {_LABEL}>'
                     f'{rank_name(r)}</text></g>')
    entries = [("dot", TOP, "centre tops"), ("dot", YOURS, "your face-up cards"),
               ("dot", THEIRS, f"{opponent}'s face-up cards")]
    if mine & theirs - tops:
        entries.append(("dot", BOTH, f"a rank both you and {opponent} hold"))
    entries.append(("line", FITTING, "a card that fits a top"))
    width_of, height_of = legend_size([Key(label) for _, _, label in entries], size=LEGEND_SIZE)
    parts.append(_legend(cx - width_of / 2 - 8, cy - height_of / 2 - 8, entries))
    return svg_doc(width, height, parts, css_class="circus-svg circus-speed-rank-cycle", title=title)


def chain_graph_svg(cards: Sequence[Any], tops: Sequence[Any] = (), *, title: str | None = None) -> str:
    """The chain graph of ``graphs.chain_graph`` as SVG: the centre tops (red) and the face-up cards (blue, with
    their places) on a circle, an arrow x -> y when card y can go on x (each way of a pair bows to its own side),
    and a longest chain (``graphs.longest_chain``) in thick red; the legend below."""
    from .graphs import chain_graph, longest_chain

    optional_text(title)
    graph = chain_graph(cards, tops)
    path = longest_chain(cards, tops)
    on_path = set(zip(path, path[1:]))
    nodes = list(graph.nodes)
    width, radius, node = 560, 150, 36
    cx, cy = width / 2, 42 + radius + node
    # on a circle, the first node (a top, when there is one) at the top, then clockwise
    step = 2 * math.pi / len(nodes)
    xy = {n: (cx + radius * math.sin(step * i), cy - radius * math.cos(step * i)) for i, n in enumerate(nodes)}
    cards_on_path = sum(1 for n in path if graph.nodes[n]["kind"] == "card")
    parts = [f'<text x="{cx:g}" y="22" font-size="13" {_TITLE}>'
             f'{svg_text(title or f"chain graph: the longest chain plays {_cards_word(cards_on_path)}")}</text>']
    # the red chain last, over the grey arrows
    for a, b in sorted(graph.edges, key=lambda e: (e in on_path, str(e))):
        (x1, y1), (x2, y2) = xy[a], xy[b]
        length = math.hypot(x2 - x1, y2 - y1) or 1
        # bow to the right of the way it goes, so that x -> y and y -> x are two arcs, not one line
        qx, qy = (x1 + x2) / 2 + 0.12 * (y2 - y1), (y1 + y2) / 2 - 0.12 * (x2 - x1)
        d1, d2 = math.hypot(qx - x1, qy - y1) or 1, math.hypot(qx - x2, qy - y2) or 1
        sx, sy = x1 + node * (qx - x1) / d1, y1 + node * (qy - y1) / d1
        tx, ty = x2 + node * (qx - x2) / d2, y2 + node * (qy - y2) / d2
        colour, stroke = (FITTING, 2.5) if (a, b) in on_path else ("#aaaaaa", 1.2)
        parts.append(f'<path d="M{sx:.1f},{sy:.1f} Q{qx:.1f},{qy:.1f} {tx:.1f},{ty:.1f}" fill="none" '
                     f'stroke="{colour}" stroke-width="{stroke}"/>' + svg_arrowhead((tx, ty), (qx, qy), colour)
                     if length else "")
    for n, data in graph.nodes(data=True):
        x, y = xy[n]
        fill = TOP if data["kind"] == "top" else YOURS
        first, _, second = data["label"].partition(" (")
        lines = [first] + ([f"({second}"] if second else [])
        if data["kind"] == "top":
            lines = first.split(": ")
        text = "".join(f'<text x="{x:.1f}" y="{y - 7 * (len(lines) - 1) + 14 * i + 4.5:.1f}" font-size="13" '
                       f'{_LABEL}>{svg_text(line)}</text>' for i, line in enumerate(lines))
        parts.append(f'<g class="{PIECE}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{node}" fill="{fill}" '
                     f'stroke="#555555"/>{text}</g>')
    legend_top = cy + radius + node + 14
    parts.append(_legend(cx - 260, legend_top, [("dot", TOP, "centre top"),
                                                ("dot", YOURS, "face-up card (its place)")]))
    parts.append(_legend(cx + 10, legend_top, [("line", "#aaaaaa", "x → y: y can go on x"),
                                               ("line", FITTING, "a longest chain")]))
    return svg_doc(width, legend_top + 62, parts, css_class="circus-svg circus-speed-chain-graph", title=title)


RACE, CHOICE, END = "#fdd49e", "#c6dbef", "#d9d9d9"
"""End-game node colours, as ``core.graphs.draw_graph`` has them: a race (chance) orange, a player's move blue,
the end of the round grey."""


def endgame_svg(graph: nx.DiGraph, *, title: str | None = None, max_nodes: int = 40) -> str:
    """The move graph of a small end-game (``graphs.endgame_graph``, its labels as you left them) as SVG: one row
    per step from the top, races orange, a player's move blue, ends grey, each node labelled (your cards / centre
    tops / the bot's cards) and each arrow with its move or its exact chance; the legend in the top right corner."""
    import networkx as nx

    from ..core.graphs import layered_layout

    if not isinstance(graph, nx.DiGraph) or "root" not in graph.graph:
        raise TypeError("give the move graph of an end-game, as endgame_graph(position) makes it")
    optional_text(title)
    whole(max_nodes, "max_nodes", 1, 200)
    if graph.number_of_nodes() > max_nodes:
        raise ValueError(f"the graph has {graph.number_of_nodes()} positions, too many to label one by one (at most "
                         f"{max_nodes}): draw a smaller end-game")
    pos = layered_layout(graph)  # (x from -0.5 to 0.5 in each row, -depth)
    widest = max(sum(1 for x, y in pos.values() if y == row) for row in {y for _, y in pos.values()})
    rows = 1 - min(y for _, y in pos.values())
    node, row_height = 27, 105
    width = max(560, 170 * widest + 80)
    spread = (width - 120) * (1 if widest > 1 else 0.5)
    xy = {n: (width / 2 + x * spread, 62 - y * row_height) for n, (x, y) in pos.items()}
    height = 62 + (rows - 1) * row_height + node + 14

    def colour(data: dict[str, Any]) -> str:
        return END if data.get("terminal") else RACE if data.get("player") == CHANCE else CHOICE

    default = "end-game: your cards / centre tops / the bot's cards"
    parts = [f'<text x="{width / 2:g}" y="20" font-size="14" {_TITLE}>{svg_text(title or default)}</text>']
    labels = []
    for a, b, data in graph.edges(data=True):  # arrows first, under the nodes, from rim to rim
        (x1, y1), (x2, y2) = xy[a], xy[b]
        length = math.hypot(x2 - x1, y2 - y1) or 1
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        sx, sy, tx, ty = x1 + node * ux, y1 + node * uy, x2 - node * ux, y2 - node * uy
        parts.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{tx - 8 * ux:.1f}" y2="{ty - 8 * uy:.1f}" '
                     f'stroke="#777777" stroke-width="1.3"/>' + svg_arrowhead((tx, ty), (sx, sy), "#777777"))
        label = str(data.get("label", ""))
        if label:  # on a white patch half-way, over the arrows
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            labels.append(f'<g class="{PIECE}"><rect x="{mx - 3.2 * len(label) - 4:.1f}" y="{my - 9:.1f}" '
                          f'width="{6.4 * len(label) + 8:.1f}" height="16" rx="4" fill="#ffffff"/>'
                          f'<text x="{mx:.1f}" y="{my + 3.5:.1f}" font-size="10.5" {_LABEL}>{svg_text(label)}'
                          '</text></g>')
    parts += labels
    for n, data in graph.nodes(data=True):
        x, y = xy[n]
        lines = str(data.get("label", n)).split("\n")
        text = "".join(f'<text x="{x:.1f}" y="{y - 6 * (len(lines) - 1) + 12 * i + 4:.1f}" font-size="10.5" '
                       f'{_LABEL}>{svg_text(line)}</text>' for i, line in enumerate(lines))
        parts.append(f'<g class="{PIECE}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{node}" fill="{colour(data)}" '
                     f'stroke="#555555"/>{text}</g>')
    parts.append(_legend(width - 168, 30, [("dot", RACE, "a race (chance)"), ("dot", CHOICE, "a player moves"),
                                           ("dot", END, "end of the round")]))
    return svg_doc(width, height, parts, css_class="circus-svg circus-speed-endgame", title=title)


CURVE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
"""The curves' colours, in matplotlib's order (as ``win_rate_picture(...).to_matplotlib()`` draws them)."""
CURVE_MARKERS = ("o", "s", "^", "D", "v", "s")
"""Each curve's marker: with its dash, what tells the curves apart in grey print or for a colour-blind reader."""
CURVE_DASHES = (None, "6,3", "2,2", "8,3,2,3", "1,3", "4,2")
"""Each curve's dash pattern (None: solid), in pixels as SVG's stroke-dasharray has it."""


def _ratio_label(ratio: Any) -> str:
    ratio = Fraction(ratio).limit_denominator(1000) if isinstance(ratio, float) else Fraction(ratio)
    return str(ratio.numerator) if ratio.denominator == 1 else f"{ratio.numerator}/{ratio.denominator}"


def win_rate_svg(curves: dict[Any, Any], *, title: str | None = None, xlabel: str | None = None,
                 ylabel: str | None = None) -> str:
    """The rows of ``bots.win_rate_curve`` as SVG, as matplotlib draws them too: for each curve (label ->
    rows of (ratio, share, low, high)) its shares joined by a line, with its 95% band shaded; the speed ratio on a
    log scale with a tick at each ratio, 50% dotted, and the legend."""
    optional_text(title)
    optional_text(xlabel, "xlabel")
    optional_text(ylabel, "ylabel")
    if not isinstance(curves, dict) or not curves or len(curves) > len(CURVE_COLOURS):
        raise TypeError(f"curves maps a label to the rows of win_rate_curve, like {{'first': rows}} (1 to "
                        f"{len(CURVE_COLOURS)} curves), not {describe(curves)}")
    for label, rows in curves.items():
        for row in items(rows, f"the rows of {label!r}", low=1):
            if not (isinstance(row, tuple) and len(row) == 4 and all(
                    isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for v in row)
                    and row[0] > 0 and all(0 <= v <= 1 for v in row[1:])):
                raise ValueError(f"each row is (ratio, share, low, high) as win_rate_curve gives it, with a ratio "
                                 f"above 0 and shares from 0 to 1, not {describe(row)}")
    ratios = sorted({Fraction(row[0]).limit_denominator(10**6) for rows in curves.values() for row in rows})
    # the ratio on a log scale, as matplotlib's base-2 axis: each doubling as wide; a margin of 0.3 of a
    # doubling either side of the ratios so the end points' markers and bands are not cut
    chart = Chart(700, 380, x_range=(float(ratios[0]) * 2 ** -0.3, float(ratios[-1]) * 2 ** 0.3), y_range=(0, 1),
                  log_x=True, margins=(64, 36, 16, 56), name="circus-speed-win-rate")
    chart.axes(xticks=[(float(r), _ratio_label(r)) for r in ratios], yticks=[(i / 5, f"{i / 5:.1f}") for i in range(6)],
               xlabel=xlabel or "speed ratio (player 0's rate / player 1's rate)",
               ylabel=ylabel or "player 0 wins the round",
               title=title or "win rate against the speed ratio (95% bands)")
    chart.hline(0.5, colour="#999999", dash="2,3", css_class="circus-speed-even")  # an even race
    keys = []
    # colour, marker and dash all differ from curve to curve: colour is never the only sign
    for (label, rows), colour, marker, dash in zip(curves.items(), CURVE_COLOURS, CURVE_MARKERS, CURVE_DASHES):
        rows = sorted(rows, key=lambda row: row[0])
        ratios_of = [row[0] for row in rows]
        chart.band(ratios_of, [row[2] for row in rows], [row[3] for row in rows], colour=colour, opacity=0.25)
        chart.line(ratios_of, [row[1] for row in rows], colour=colour, width=1.8, dash=dash, marker=marker,
                   marker_size=7)
        keys.append(Key(str(label), colour=colour, width=1.8, dash=dash, marker=marker, marker_size=7))
    chart.legend(keys, size=LEGEND_SIZE, inside="lower right")  # where the curves are not: high ratios win most rounds
    return chart.svg(css_class="circus-speed-win-rate", title=title or "win rate against the speed ratio")


# ---------------------------------------------------------------------------------------------------------
# the pictures: the SVG above, its words, and the same picture drawn by matplotlib

class SpeedPicture(Picture):
    """One of Speed's pictures: its SVG (themed in the page), its description in words (what a screen reader
    says, and what an export keeps as text), and ``to_matplotlib()``, the same picture drawn by matplotlib."""

    css_class = "circus-figure circus-speed-picture"

    def __init__(self, svg: str, words: str, draw: Callable[[Any], None], size: tuple[float, float]) -> None:
        self._svg, self._words, self._draw, self._size = svg, words, draw, size

    def svg(self) -> str:
        """The picture as one SVG element, in the page's theme."""
        return self._svg

    def description(self) -> str:
        """The picture in words: what it shows and its values, in a few lines."""
        return self._words

    def to_matplotlib(self, ax: Any = None) -> Any:
        """The same picture drawn by matplotlib: a ``matplotlib.figure.Figure`` to restyle or ``savefig``; with
        ``ax``, drawn on that Axes (its figure is returned)."""
        axes(ax)
        if ax is None:
            from matplotlib.figure import Figure

            ax = Figure(figsize=self._size).add_subplot()
        self._draw(ax)
        return ax.get_figure()


def _names(ranks: Iterable[int]) -> str:
    return ", ".join(rank_name(r) for r in sorted(ranks)) or "none"


def rank_cycle_picture(tops: Iterable[Any] = (), mine: Iterable[Any] = (), theirs: Iterable[Any] = (), *,
                       title: str | None = None, opponent: str = "the bot") -> SpeedPicture:
    """The 13 ranks on a cycle with the centre tops, your face-up cards, the ``opponent``'s, and the moves possible
    now (as ``rank_cycle_svg`` draws them), with its words and its matplotlib drawing."""
    tops, mine, theirs = list(items(tops, "tops")), list(items(mine, "mine")), list(items(theirs, "theirs"))
    svg = rank_cycle_svg(tops, mine, theirs, title=title, opponent=opponent)
    on_top, yours, others = _ranks(tops, "tops"), _ranks(mine, "mine"), _ranks(theirs, "theirs")
    fitting = [f"{_names({c for c in yours | others if _fits(c, t)})} on the {rank_name(t)}" for t in sorted(on_top)]
    words = "\n".join([
        title or "The 13 ranks on a cycle, Ace to King and round to the Ace, each joined to the two that fit on it.",
        f"Centre tops: {_names(on_top)}. Your face-up cards: {_names(yours)}. "
        f"{opponent[:1].upper() + opponent[1:]}'s face-up cards: {_names(others)}.",
        "Cards that fit a top now: " + ("; ".join(fitting) if on_top else "no top yet") + "."])

    def draw(ax: Any) -> None:
        _draw_rank_cycle(ax, on_top, yours, others, title=title)

    return SpeedPicture(svg, words, draw, (4.5, 4.5))


def chain_graph_picture(cards: Sequence[Any], tops: Sequence[Any] = (), *, title: str | None = None) -> SpeedPicture:
    """The chain graph of a hand on the centre tops with a longest chain in red (as ``chain_graph_svg`` draws it),
    with its words and its matplotlib drawing."""
    from .graphs import chain_graph, longest_chain

    svg = chain_graph_svg(cards, tops, title=title)
    graph, path = chain_graph(cards, tops), longest_chain(cards, tops)
    played = [graph.nodes[n]["label"] for n in path]
    cards_on_path = sum(1 for n in path if graph.nodes[n]["kind"] == "card")
    words = "\n".join([
        title or f"Chain graph: the longest chain plays {_cards_word(cards_on_path)}.",
        "Nodes: " + "; ".join(data["label"] for _, data in graph.nodes(data=True)) + ".",
        f"{graph.number_of_edges()} arrows, x → y when card y can go on x.",
        f"A longest chain ({_cards_word(cards_on_path)}): " + (" → ".join(played) or "none") + "."])

    def draw(ax: Any) -> None:
        _draw_chain_graph(ax, graph, path, title=title)

    return SpeedPicture(svg, words, draw, (6, 4))


def endgame_picture(graph: nx.DiGraph, *, title: str | None = None, max_nodes: int = 40) -> SpeedPicture:
    """The move graph of a small end-game (as ``endgame_svg`` draws it), with its words (each position and each
    arrow with its move or its chance) and its matplotlib drawing."""
    svg = endgame_svg(graph, title=title, max_nodes=max_nodes)

    def kind(data: dict[Any, Any]) -> str:
        return "end" if data.get("terminal") else "race" if data.get("player") == CHANCE else "move"

    def label(node: Any) -> str:
        data = graph.nodes[node]
        what = {"end": "end", "race": "race", "move": f"player {data.get('player')} moves"}[kind(data)]
        return f"{what} ({str(data.get('label', node)).replace(chr(10), ' / ')})"

    def many(count: int, word: str) -> str:
        return f"{count} {word}{'' if count == 1 else 's'}"

    kinds = Counter(kind(d) for _, d in graph.nodes(data=True))
    lines = [title or "End-game move graph: your cards / centre tops / the bot's cards.",
             f"{many(graph.number_of_nodes(), 'position')} ({many(kinds['race'], 'race')}, "
             f"{many(kinds['move'], 'position')} where a player moves, {many(kinds['end'], 'end')} of the round) "
             f"and {many(graph.number_of_edges(), 'arrow')}:"]
    lines += [f"{label(a)} → {label(b)}: {data.get('label', '')}" for a, b, data in graph.edges(data=True)]
    default = "end-game: your cards / centre tops / the bot's cards"

    def draw(ax: Any) -> None:
        from ..core.graphs import draw_graph

        draw_graph(graph, ax, title=title or default, font_size=7)

    return SpeedPicture(svg, "\n".join(lines), draw, (7, 4.5))


def win_rate_picture(curves: dict[Any, Any], *, title: str | None = None, xlabel: str | None = None,
                     ylabel: str | None = None) -> SpeedPicture:
    """The rows of ``bots.win_rate_curve`` against the speed ratio (as ``win_rate_svg`` draws them), with their
    words (each share and its 95% band) and their matplotlib drawing."""
    svg = win_rate_svg(curves, title=title, xlabel=xlabel, ylabel=ylabel)
    xlabel = xlabel or "speed ratio (player 0's rate / player 1's rate)"
    ylabel = ylabel or "player 0 wins the round"
    lines = [title or "Win rate against the speed ratio (95% bands).",
             f"Across: {xlabel}, log scale. Up: {ylabel}, from 0 to 1."]
    for label, rows in curves.items():
        lines.append(f"{label}: " + "; ".join(f"ratio {_ratio_label(r)}: {share:.0%} (95% band {low:.0%} to "
                                              f"{high:.0%})" for r, share, low, high in sorted(rows,
                                                                                               key=lambda row: row[0])))

    def draw(ax: Any) -> None:
        _draw_win_rates(ax, curves, title=title, xlabel=xlabel, ylabel=ylabel)

    return SpeedPicture(svg, "\n".join(lines), draw, (7, 3.8))


# --- the same pictures drawn by matplotlib (matplotlib and networkx load here, when a student asks) ----------

def _draw_rank_cycle(ax: Any, tops: set[int], mine: set[int], theirs: set[int], *, title: str | None) -> None:
    import networkx as nx

    from .graphs import rank_cycle

    graph = rank_cycle()
    # the circle reads clockwise from the Ace at the top, like a clock face
    pos = {r: (math.sin(2 * math.pi * (r - 1) / 13), math.cos(2 * math.pi * (r - 1) / 13)) for r in RANKS}

    def colour(r: int) -> str:
        if r in tops:
            return TOP
        if r in mine and r in theirs:
            return BOTH
        return YOURS if r in mine else THEIRS if r in theirs else FREE

    faces = mine | theirs
    fitting = {(a, b) for a, b in graph.edges if (a in tops and b in faces) or (b in tops and a in faces)}
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color=PLAIN)
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=sorted(fitting), edge_color=FITTING, width=3)
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=[colour(r) for r in graph.nodes], node_size=650,
                           edgecolors="#555555")
    nx.draw_networkx_labels(graph, pos, ax=ax, labels={r: rank_name(r) for r in graph.nodes})
    ax.set_title(title or "ranks on a 13-cycle: red = tops, blue = yours, orange = theirs", y=1)
    ax.set_axis_off()
    ax.set_aspect("equal")


def _draw_chain_graph(ax: Any, graph: nx.DiGraph, path: list[Any], *, title: str | None) -> None:
    import networkx as nx

    pos = nx.shell_layout(graph)
    on_path = set(zip(path, path[1:]))
    colours = [TOP if d["kind"] == "top" else YOURS for _, d in graph.nodes(data=True)]
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colours, node_size=1300, edgecolors="#555555")
    nx.draw_networkx_labels(graph, pos, ax=ax, font_size=8,
                            labels={n: d["label"].replace(" (", "\n(") for n, d in graph.nodes(data=True)})
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=[e for e in graph.edges if e not in on_path],
                           edge_color="#aaaaaa", arrows=True, node_size=1300, connectionstyle="arc3,rad=0.1")
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=sorted(on_path, key=str), edge_color=FITTING, width=2.5,
                           arrows=True, node_size=1300, connectionstyle="arc3,rad=0.1")
    cards_on_path = sum(1 for n in path if graph.nodes[n]["kind"] == "card")
    ax.set_title(title or f"chain graph: the longest chain plays {_cards_word(cards_on_path)}", y=1)
    ax.set_axis_off()


def _draw_win_rates(ax: Any, curves: dict[Any, Any], *, title: str | None, xlabel: str, ylabel: str) -> None:
    for (label, rows), colour, marker, dash in zip(curves.items(), CURVE_COLOURS, CURVE_MARKERS, CURVE_DASHES):
        rows = sorted(rows, key=lambda row: row[0])
        x = [float(r[0]) for r in rows]
        # the SVG's dash in pixels, as matplotlib counts dashes: in line widths
        style = "-" if dash is None else (0, tuple(float(v) / 1.8 for v in dash.split(",")))
        ax.plot(x, [r[1] for r in rows], marker=marker, linestyle=style, linewidth=1.8, label=str(label),
                color=colour)
        ax.fill_between(x, [r[2] for r in rows], [r[3] for r in rows], alpha=0.25, color=colour)
    ax.axhline(0.5, color=PLAIN, linestyle=":")
    ax.set_xscale("log", base=2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(title or "win rate against the speed ratio (95% bands)", y=1)
