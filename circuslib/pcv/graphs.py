"""Manoeuvre graphs: where can my plane be after its move, and which end positions give me a shot?

``move_graph(plane)`` is a DAG from the start: a node is (hex, facing, altitude, movement points left), an edge
is one manoeuvre with its cost. Every path from the start to a node with 0 points left is a legal sequence that
spends exactly the speed; nodes where the plane lands, collides or leaves the map are marked ``out`` (with
``off_map="stay"`` a manoeuvre off the map ends the move at the edge instead, as ``Rules.off_map`` says).
"""
from __future__ import annotations

import contextlib
import gc
import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.args import axes, flag, graph_of, instance, optional_text, whole
from ..core.exact import to_rational
from ..core.game import describe
from ..core.graphs import draw_arrows
from .odds import _shot
from .rules import (
    MANOEUVRE_COSTS,
    MIN_LEVEL,
    Board,
    Dogfight,
    Plane,
    Rules,
    board_svg,
    effective_range,
    line_ahead,
    manoeuvre_steps,
)

__all__ = ["explore", "move_graph", "reachable", "plans", "plane_options", "end_nodes", "damage_chain_graph",
           "draw_damage_chain", "count_sequences", "sequence_to", "plane_graph",
           "firing_positions", "draw_move_graph", "reachable_svg", "move_graph_svg", "damage_chain_svg"]

if TYPE_CHECKING:
    import networkx as nx

Node = tuple  # (hex, facing, altitude, mp_left)


def _check_plane(plane: Plane, mp: int | None) -> int:
    if not isinstance(plane, Plane):
        raise TypeError("move_graph needs a Plane")
    if not plane.flying:
        raise ValueError(f"{plane.name} is out of the game ({plane.out}): it has no moves")
    mp = plane.speed if mp is None else mp
    if isinstance(mp, bool) or not isinstance(mp, int) or not 0 <= mp <= 6:
        raise ValueError(f"movement points run from 0 to 6, not {mp!r}")
    return mp


def explore(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
            blocked: Iterable[tuple] = (), off_map: str = "out") -> tuple[dict, list]:
    """Breadth-first search of the plane's moves without networkx: ({node: out reason or ""}, [(node, child, move)]).

    Nodes are (hex, facing, altitude, mp_left); the first edge into each node is listed first, so following
    first edges backward gives one sequence to any node."""
    edges: list = []
    nodes = _search(plane, mp, turning, board, blocked, off_map, edges)
    return nodes, edges


def _search(plane: Plane, mp: int | None, turning: str, board: Board | None, blocked: Iterable[tuple], off_map: str,
            edges: list | None, parents: dict | None = None) -> dict:
    """``explore``'s search: the nodes, each edge appended to ``edges`` unless it is None (``reachable`` needs the
    nodes alone, and listing the edges took a third of the time; the bots ask thousands of times a tournament).
    ``parents``, unless None, gets each node's first edge in, (node, move): the edge that found it."""
    mp = _check_plane(plane, mp)
    off_map = Rules(turning, off_map=off_map).off_map
    if board is not None and not isinstance(board, Board):
        raise TypeError(f"board must be a Board (or None for an endless sky), not {board!r}")
    blocked = _check_blocked(blocked)
    stay = off_map == "stay"
    root = (plane.hex, plane.facing, plane.altitude, mp)
    nodes = {root: ""}
    keep = edges is not None
    frontier = [root]
    directions = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    # Board.contains written out (column from axial q and row r): this test runs for every edge of the graph
    width, height = (board.width, board.height) if board is not None else (0, 0)
    while frontier:
        queue, frontier = frontier, []
        for node in queue:
            (q, r), facing, altitude, left = node
            for move, cost, shift, climb, loop in manoeuvre_steps(altitude, left, turning):
                heading = (facing + shift) % 6
                dq, dr = directions[heading]
                nq, nr = q + dq, r + dr
                new_hex = (nq, nr)
                new_alt = altitude + climb
                gone = board is not None and not (0 <= nr < height and 0 <= nq + (nr - (nr & 1)) // 2 < width)
                if gone and stay:  # it stops at the edge, in the hex it was leaving, and its move is over
                    new_hex, gone, spent = (q, r), False, left
                else:
                    spent = cost
                child = (new_hex, (heading + 3) % 6 if loop else heading, new_alt if new_alt > 0 else 0, left - spent)
                if child not in nodes:
                    out = ("left the map" if gone
                           else "landed" if new_alt < MIN_LEVEL
                           else "collision" if (new_hex, new_alt) in blocked else "")
                    nodes[child] = out
                    if parents is not None:
                        parents[child] = (node, move)
                    if not out and child[3] > 0:
                        frontier.append(child)
                if keep:
                    edges.append((node, child, move))
    return nodes


MOVE_GRAPH = "pcv move graph"


def _move_graph(graph) -> nx.DiGraph:
    return graph_of(graph, "graph", MOVE_GRAPH, "move_graph(plane) or plane_graph(state)")


def _plane_index(state, index) -> int:
    """The plane ``index`` of a game (the acting plane by default), checked: a plane still flying."""
    instance(state, "state", Dogfight, "a Dogfight (a PCV position)")
    index = state.active if index is None else whole(index, "index", 0, len(state.planes) - 1)
    if not state.planes[index].flying:
        raise ValueError(f"{state.planes[index].name} is out of the game ({state.planes[index].out})")
    return index


def move_graph(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
               blocked: Iterable[tuple] = (), fast: bool = True, off_map: str = "out") -> nx.DiGraph:
    """Every sequence of manoeuvres that spends exactly ``mp`` points (the plane's speed by default).

    Nodes (hex, facing, altitude, mp_left) carry ``end`` (0 points left and still flying) and ``out`` (the plane
    landed, left ``board`` or entered a ``blocked`` (hex, altitude): a collision). Edges carry ``move`` and
    ``cost``. ``G.graph["root"]`` is the start node.
    """
    flag(fast, "fast")
    with _collector_paused():
        return _build(plane, mp, turning, board, blocked, fast, off_map)


@contextlib.contextmanager
def _collector_paused():
    """Pause Python's cyclic garbage collector while a big graph is built: the build creates tens of thousands of
    dicts, none of which can be garbage yet, and each collection pass would walk them all again (it doubled the
    time of a speed-6 graph). The collector runs as usual afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _build(plane, mp, turning, board, blocked, fast, off_map="out") -> nx.DiGraph:
    import networkx as nx  # loaded on first use: importing the game (and its bots) should not pay for it

    nodes, edges = explore(plane, mp=mp, turning=turning, board=board, blocked=blocked, off_map=off_map)
    root = next(iter(nodes))
    if not fast:
        graph = nx.DiGraph(root=root, plane=plane.name, turning=turning, kind=MOVE_GRAPH)
        graph.add_nodes_from((node, {"end": not out and node[3] == 0, "out": out, "depth": root[3] - node[3]})
                             for node, out in nodes.items())
        graph.add_edges_from((a, b, {"move": m, "cost": m.cost}) for a, b, m in edges)
        return graph
    # Speed 6 has about 4 000 nodes and 10 000 edges; add_edges_from spends most of its time re-checking each one.
    # The search already made every node and edge once, so fill networkx's documented adjacency dicts directly
    # (a test compares this graph with the one built through add_edges_from).
    succ: dict = {node: {} for node in nodes}
    pred: dict = {node: {} for node in nodes}
    for a, b, m in edges:
        data = {"move": m, "cost": m.cost}
        succ[a][b] = data
        pred[b][a] = data
    graph = nx.DiGraph(root=root, plane=plane.name, turning=turning, kind=MOVE_GRAPH)
    graph._node = {node: {"end": not out and node[3] == 0, "out": out, "depth": root[3] - node[3]}
                   for node, out in nodes.items()}
    graph._adj = graph._succ = succ
    graph._pred = pred
    return graph


def _check_blocked(blocked) -> set:
    """The (hex, altitude) places other planes fill, checked: a plane flying into one collides."""
    if isinstance(blocked, (str, bytes, dict)) or not isinstance(blocked, Iterable):
        raise TypeError(f"blocked must be a list of (hex, altitude) pairs, not {blocked!r}")
    places = set()
    for place in blocked:
        if not (isinstance(place, tuple) and len(place) == 2 and isinstance(place[0], tuple) and len(place[0]) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in (*place[0], place[1]))):
            raise TypeError(f"each blocked place is ((q, r), altitude), whole numbers, not {place!r}")
        places.add(place)
    return places


def end_nodes(graph: nx.DiGraph) -> list[Node]:
    """The nodes where the move ends with the plane still flying."""
    return [node for node, data in _move_graph(graph).nodes(data=True) if data["end"]]


def reachable(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
              blocked: Iterable[tuple] = (), off_map: str = "out") -> set[tuple]:
    """The end positions (hex, facing, altitude) of every legal move of the plane (options as ``explore``)."""
    with _collector_paused():
        nodes = _search(plane, mp, turning, board, blocked, off_map, None)
        return {node[:3] for node, out in nodes.items() if not out and node[3] == 0}


def plans(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
          blocked: Iterable[tuple] = (), off_map: str = "out") -> dict[tuple, list]:
    """For each end position (hex, facing, altitude), one manoeuvre sequence that gets there (for the bots);
    the options are ``explore``'s."""
    first_in: dict = {}  # each node's first edge in, the one that found it: following them back gives a sequence
    with _collector_paused():
        nodes = _search(plane, mp, turning, board, blocked, off_map, None, first_in)
    result = {}
    for node, out in nodes.items():
        if out or node[3] != 0:
            continue
        sequence, current = [], node
        while current in first_in:
            current, move = first_in[current]
            sequence.append(move)
        result[node[:3]] = sequence[::-1]
    return result


def count_sequences(graph: nx.DiGraph) -> int:
    """How many manoeuvre sequences lead from the start to an end node (paths counted, not positions)."""
    ways = {_move_graph(graph).graph["root"]: 1}
    # networkx's own adjacency and node dicts (G._succ, G._node), read directly: the views over them cost a
    # Python call per node, and a speed-6 graph has thousands of nodes
    succ, node_data = graph._succ, graph._node
    # every manoeuvre spends at least one point, so nodes taken by points left, most first, come before all their
    # children: a topological order without networkx's search (half the time of a speed-6 count)
    for node in sorted(succ, key=lambda node: -node[3]):
        here = ways.get(node, 0)
        if here:
            for child in succ[node]:
                ways[child] = ways.get(child, 0) + here
    return sum(ways.get(node, 0) for node, data in node_data.items() if data["end"])


def sequence_to(graph: nx.DiGraph, end: tuple) -> list:
    """One manoeuvre sequence from the start to the end position (hex, facing, altitude) or end node."""
    import networkx as nx

    _move_graph(graph)
    if not isinstance(end, tuple) or len(end) not in (3, 4):
        raise TypeError(f"end is a position (hex, facing, altitude) or an end node, not {describe(end)}")
    target = end if len(end) == 4 else (*end, 0)
    if target not in graph or not graph.nodes[target]["end"]:
        raise ValueError(f"the plane cannot end its move at {end[:3]}: it is not one of the graph's end positions")
    path = nx.shortest_path(graph, graph.graph["root"], target)
    return [graph.edges[a, b]["move"] for a, b in zip(path, path[1:])]


def plane_graph(state: Dogfight, index: int | None = None) -> nx.DiGraph:
    """The move graph of a plane in a game: its points left, the scenario's map, other planes as collisions."""
    index = _plane_index(state, index)
    return move_graph(state.planes[index], **plane_options(state, index))


def plane_options(state: Dogfight, index: int | None = None) -> dict:
    """The ``move_graph`` options of a plane in a game: points left, the map, other planes as collisions."""
    index = _plane_index(state, index)
    plane = state.planes[index]
    mp = state.mp_left if (index == state.active and state.phase == "move") else plane.speed
    blocked = [(p.hex, p.altitude) for i, p in enumerate(state.planes) if i != index and p.flying]
    return {"mp": mp, "turning": state.rules.turning, "board": state.scenario.board, "blocked": blocked,
            "off_map": state.rules.off_map}


def shot_from(position: tuple, target: Plane) -> tuple[int, int] | None:
    """(hexes, alt_diff) of a shot from (hex, facing, altitude) at ``target``, or None if it is not in reach."""
    hex_, facing, altitude = position
    line = line_ahead(hex_, facing)
    if target.hex not in line:
        return None
    hexes, diff = line.index(target.hex) + 1, target.altitude - altitude
    return (hexes, diff) if effective_range(hexes, diff) is not None else None


def firing_positions(state: Dogfight, index: int | None = None) -> dict[tuple, dict[str, object]]:
    """For each end position of the plane's move that puts an enemy in reach: the best target and the exact
    chance one shot destroys it, ``{(hex, facing, altitude): {"target": name, "destroy": Rational}}``."""
    index = _plane_index(state, index)
    return _firing_positions(state, index, _end_positions(state, index))


def _end_positions(state: Dogfight, index: int) -> list[tuple]:
    """The end positions of a plane's move in a game, in the order of its move graph's end nodes: the search
    alone, without building the networkx graph (the widget shades them after every click)."""
    options = plane_options(state, index)
    nodes = _search(state.planes[index], options["mp"], options["turning"], options["board"], options["blocked"],
                    options["off_map"], None)
    return [node[:3] for node, out in nodes.items() if not out and node[3] == 0]


def _firing_positions(state: Dogfight, index: int, positions: list[tuple]) -> dict[tuple, dict[str, object]]:
    me = state.planes[index]
    enemies = [p for p in state.planes if p.flying and p.side != me.side]
    result = {}
    for position in positions:
        best = None
        for enemy in enemies:
            shot = shot_from(position, enemy)
            if shot is None:
                continue
            miss, damage, destroy = _shot(*shot)
            chance = destroy + damage if enemy.damaged else destroy
            if best is None or chance > best[1]:
                best = (enemy.name, chance)
        if best:
            result[position] = {"target": best[0], "destroy": to_rational(best[1])}
    return result


def draw_move_graph(graph: nx.DiGraph, ax=None, *, title: str | None = None):
    """Draw the manoeuvre graph with one column per movement point spent: ends in green, losses in grey."""
    import matplotlib.pyplot as plt
    import networkx as nx

    _move_graph(graph)
    axes(ax)
    optional_text(title)

    from ..core.graphs import layered_layout

    root_mp = graph.graph["root"][3]
    for node in graph.nodes:
        graph.nodes[node]["spent"] = root_mp - node[3]
    pos = layered_layout(graph, depth_attr="spent", horizontal=True)
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 6))
    colors = ["#a1d99b" if d["end"] else "#d9d9d9" if d["out"] else "#c6dbef" for _, d in graph.nodes(data=True)]
    small = graph.number_of_nodes() <= 40
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colors, node_size=300 if small else 40, edgecolors="#555555")
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color="#999999", arrows=small, node_size=300 if small else 40,
                           width=0.8 if small else 0.3)
    if small:
        labels = {node: f"{node[0][0]},{node[0][1]}\nA{node[2]}" for node in graph.nodes}
        nx.draw_networkx_labels(graph, pos, labels=labels, ax=ax, font_size=6)
        nx.draw_networkx_edge_labels(graph, pos, ax=ax, font_size=6, rotate=False,
                                     edge_labels={(a, b): str(d["move"]) for a, b, d in graph.edges(data=True)})
    ax.set_title(title or f"manoeuvre graph: {count_sequences(graph)} sequences, {len(end_nodes(graph))} end nodes")
    ax.set_xlabel("movement points spent")
    ax.set_axis_off()
    return ax


def reachable_svg(state: Dogfight, index: int | None = None, *, shots: bool = True, size: float = 26) -> str:
    """The map with the plane's reachable hexes shaded (orange), and in red those that give a shot."""
    index = _plane_index(state, index)
    flag(shots, "shots")
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 5 <= size <= 200:
        raise ValueError(f"size (a hex's size on screen) is a number from 5 to 200, not {describe(size)}")
    positions = _end_positions(state, index)
    ends = {position[0] for position in positions}
    shade = {h: "#fdd49e" for h in ends}
    if shots:
        for position in _firing_positions(state, index, positions):
            shade[position[0]] = "#fc8d59"
    return board_svg(state, shade=shade, size=size, title=f"where {state.planes[index].name} can end its move")


MANOEUVRE_COLOURS = {"forward": "#4575b4", "down": "#d73027", "up": "#1a9850", "loop": "#984ea3"}
_NODE_COLOURS = {"start": "#fdd49e", "on the way": "#c6dbef", "end": "#a1d99b", "out": "#d9d9d9"}
_OUT_WORDS = {"landed": "landed at altitude 0", "collision": "collided", "left the map": "left the map"}


def move_graph_svg(graph: nx.DiGraph, *, title: str | None = None, max_nodes: int = 80) -> str:
    """The manoeuvre graph drawn as SVG, one column per movement point spent: the start in orange, nodes with points
    still to spend in blue, end positions in green, planes out in grey, each node labelled with its hex, facing and
    altitude; each edge an arrow coloured by its manoeuvre, with a legend.

    Drawn as SVG text by the kit, as the map is: a matplotlib figure of the same graph lays out and renders every
    label twice and encodes a large PNG (about 0.2 s for 28 nodes, against a few milliseconds here).
    """
    import html

    from ..core.graphs import layered_layout
    from ..core.svg import svg_doc
    from .rules import FACING_NAMES

    _move_graph(graph)
    optional_text(title)
    whole(max_nodes, "max_nodes", 1, 400)
    if graph.number_of_nodes() > max_nodes:
        raise ValueError(f"the graph has {graph.number_of_nodes()} nodes, too many to label one by one (at most "
                         f"{max_nodes}): draw a slower plane, or count its sequences and end positions instead")
    esc = html.escape
    root = graph.graph["root"]
    pos = layered_layout(graph, depth_attr="depth", horizontal=True)  # (points spent, height from -0.5 to 0.5)
    columns = max(1, max(d for d, _ in pos.values()))
    tallest = max(sum(1 for d, _ in pos.values() if d == depth) for depth in range(columns + 1))
    radius, row, column, left, top = 22, 47, 380, 60, 44
    width, height = left * 2 + columns * column, top + tallest * row + 64
    xy = {node: (left + d * column, top + (0.5 - y) * tallest * row) for node, (d, y) in pos.items()}

    def kind_of(node, data) -> str:
        return "start" if node == root else "end" if data["end"] else "out" if data["out"] else "on the way"

    parts = [f'<text x="{width / 2:g}" y="22" font-size="15" text-anchor="middle" font-family="sans-serif">'
             f'{esc(title or "manoeuvre graph")}</text>']
    kinds_used = []
    for a, b, data in graph.edges(data=True):  # arrows first, under the nodes, from rim to rim
        kind = data["move"].kind
        if kind not in kinds_used:
            kinds_used.append(kind)
        (x1, y1), (x2, y2) = xy[a], xy[b]
        length = math.hypot(x2 - x1, y2 - y1) or 1
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        sx, sy, tx, ty = x1 + radius * ux, y1 + radius * uy, x2 - radius * ux, y2 - radius * uy
        bx, by = tx - 9 * ux, ty - 9 * uy  # the arrowhead: 9 px long, 7 px wide
        colour = MANOEUVRE_COLOURS[kind]
        parts.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
                     f'stroke-width="1.6"/><polygon points="{tx:.1f},{ty:.1f} {bx - 3.5 * uy:.1f},{by + 3.5 * ux:.1f} '
                     f'{bx + 3.5 * uy:.1f},{by - 3.5 * ux:.1f}" fill="{colour}"/>')
    outs = sorted({data["out"] for _, data in graph.nodes(data=True) if data["out"]})
    for node, data in graph.nodes(data=True):
        x, y = xy[node]
        (q, r), facing, altitude, left_over = node
        tip = f"({q},{r}) facing {FACING_NAMES[facing]}, altitude {altitude}, {left_over} point(s) left"
        if data["out"]:
            tip += f", out: {data['out']}"
        parts.append(f'<g class="circus-pcv-node"><title>{esc(tip)}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{_NODE_COLOURS[kind_of(node, data)]}" '
                     f'stroke="#555555"/><text x="{x:.1f}" y="{y - 2:.1f}" font-size="9.5" text-anchor="middle" '
                     f'font-family="sans-serif">({q},{r}) {FACING_NAMES[facing]}</text><text x="{x:.1f}" y="{y + 10:.1f}" '
                     f'font-size="9.5" text-anchor="middle" font-family="sans-serif">alt {altitude}</text></g>')
    # the axis: one tick per point spent
    base = height - 44
    parts.append(f'<line x1="{left - 30}" y1="{base}" x2="{width - left + 30}" y2="{base}" stroke="#000000"/>')
    for spent in range(columns + 1):
        x = left + spent * column
        parts.append(f'<line x1="{x}" y1="{base}" x2="{x}" y2="{base + 5}" stroke="#000000"/><text x="{x}" '
                     f'y="{base + 19}" font-size="12" text-anchor="middle" font-family="sans-serif">{spent}</text>')
    parts.append(f'<text x="{width / 2:g}" y="{base + 38}" font-size="13" text-anchor="middle" '
                 f'font-family="sans-serif">movement points spent</text>')
    # the legend: the manoeuvres drawn (their cost), then the kinds of node
    entries = [("line", MANOEUVRE_COLOURS[k], f"{k} ({MANOEUVRE_COSTS[k]} point{'s' if MANOEUVRE_COSTS[k] > 1 else ''})")
               for k in MANOEUVRE_COLOURS if k in kinds_used]
    entries += [("dot", _NODE_COLOURS["start"], "start"), ("dot", _NODE_COLOURS["on the way"], "points still to spend"),
                ("dot", _NODE_COLOURS["end"], "end position (0 points left)")]
    if outs:
        entries.append(("dot", _NODE_COLOURS["out"], "out: " + ", ".join(_OUT_WORDS.get(o, o) for o in outs)))
    parts.append(f'<rect x="8" y="34" width="230" height="{12 + 17 * len(entries)}" fill="#ffffff" '
                 f'stroke="#cccccc" rx="4"/>')
    for i, (shape, colour, label) in enumerate(entries):
        y = 50 + 17 * i
        mark = (f'<line x1="16" y1="{y - 4}" x2="40" y2="{y - 4}" stroke="{colour}" stroke-width="2"/>' if shape == "line"
                else f'<rect x="21" y="{y - 10}" width="14" height="11" fill="{colour}" stroke="#555555"/>')
        parts.append(f'{mark}<text x="48" y="{y}" font-size="11" font-family="sans-serif">{esc(label)}</text>')
    return svg_doc(width, height, parts, css_class="circus-svg circus-pcv-move-graph", title=title)


def damage_chain_graph(hexes: int, alt_diff: int = 0) -> nx.DiGraph:
    """The damage Markov chain as a DiGraph: intact, damaged, destroyed, edges labelled with exact probabilities."""
    import networkx as nx

    from .odds import damage_chain

    chain = damage_chain(hexes, alt_diff)
    graph = nx.DiGraph(hexes=hexes, alt_diff=alt_diff)
    for state, row in chain.transitions.items():
        graph.add_node(state)
        for to, chance in (row or {state: Fraction(1)}).items():
            graph.add_edge(state, to, prob=chance, label=str(chance))
    return graph


def damage_chain_svg(hexes: int, alt_diff: int = 0, *, title: str | None = None) -> str:
    """The damage chain for one range as SVG, as ``draw_damage_chain`` draws it: three states in a row, an arrow
    for each shot that changes the state with its exact chance, ↺ and the chance of a miss above a state, and the
    6 that destroys an intact plane at once as a curved arrow below."""
    import html

    from ..core.svg import svg_arrowhead, svg_doc
    from .odds import damage_chain

    optional_text(title)
    # the chain's rows, an absorbing state leading to itself (as damage_chain_graph has them, without networkx)
    rows = {state: row or {state: Fraction(1)} for state, row in damage_chain(hexes, alt_diff).transitions.items()}
    esc = html.escape
    width, height, radius, y = 540, 200, 36, 100
    x = {"intact": 90, "damaged": 270, "destroyed": 450}
    colours = {"intact": "#c6dbef", "damaged": "#fdd49e", "destroyed": "#d9d9d9"}
    text = 'font-family="sans-serif" text-anchor="middle"'
    parts = [f'<text x="{width / 2:g}" y="20" font-size="14" {text}>'
             f'{esc(title or f"damage chain: {hexes} hex(es) ahead, {abs(alt_diff)} level(s) apart")}</text>']
    for a, b, chance in ((a, b, chance) for a, row in rows.items() for b, chance in row.items()):
        if a == b or (a, b) == ("intact", "destroyed"):
            continue
        start, end = x[a] + radius, x[b] - radius
        parts.append(f'<line x1="{start}" y1="{y}" x2="{end - 8}" y2="{y}" stroke="#000000" stroke-width="1.2"/>'
                     + svg_arrowhead((end, y), (start, y), "#000000"))
        middle = (start + end) / 2
        parts.append(f'<rect x="{middle - 17:g}" y="{y - 10}" width="34" height="20" rx="6" fill="#ffffff"/>'
                     f'<text x="{middle:g}" y="{y + 5}" font-size="13" {text}>{chance}</text>')
    if "destroyed" in rows["intact"]:  # a 6: straight from intact to destroyed, curving below damaged
        (x1, y1), (x2, y2), control = (x["intact"] + 26, y + 25), (x["destroyed"] - 26, y + 25), (x["damaged"], y + 95)
        parts.append(f'<path d="M{x1},{y1} Q{control[0]},{control[1]} {x2},{y2}" fill="none" stroke="#000000" '
                     f'stroke-width="1.2"/>' + svg_arrowhead((x2, y2), control, "#000000"))
        parts.append(f'<text x="{x["damaged"]}" y="{height - 8}" font-size="13" {text}>'
                     f'a 6: {rows["intact"]["destroyed"]}</text>')
    for state in ("intact", "damaged", "destroyed"):
        parts.append(f'<circle cx="{x[state]}" cy="{y}" r="{radius}" fill="{colours[state]}" stroke="#555555"/>'
                     f'<text x="{x[state]}" y="{y + 5}" font-size="13" {text}>{state}</text>')
        if state in rows[state]:  # a miss (or the end) keeps the state
            parts.append(f'<text x="{x[state]}" y="{y - radius - 10}" font-size="13" {text}>↺ {rows[state][state]}</text>')
    return svg_doc(width, height, parts, css_class="circus-svg circus-pcv-damage-chain", title=title)


def draw_damage_chain(hexes: int, alt_diff: int = 0, ax=None, *, title: str | None = None):
    """Draw the damage chain for one range: three states in a row, loops for a miss, exact probabilities."""
    import matplotlib.pyplot as plt
    import networkx as nx

    axes(ax)
    optional_text(title)

    graph = damage_chain_graph(hexes, alt_diff)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 2.6))
    pos = {"intact": (0, 0), "damaged": (1, 0), "destroyed": (2, 0)}
    colors = {"intact": "#c6dbef", "damaged": "#fdd49e", "destroyed": "#d9d9d9"}
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=[colors[n] for n in graph.nodes], node_size=2600,
                           edgecolors="#555555")
    nx.draw_networkx_labels(graph, pos, ax=ax, font_size=9)
    ax.set_xlim(-0.5, 2.5)  # the limits first: the arrows stop at the nodes' rims, worked out on the page
    ax.set_ylim(-0.6, 0.6)
    straight = [(a, b) for a, b in graph.edges if a != b and {a, b} != {"intact", "destroyed"}]
    draw_arrows(ax, pos, straight, color="black", node_size=2600, width=1.0, head=8)
    if graph.has_edge("intact", "destroyed"):
        nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=[("intact", "destroyed")], node_size=2600, arrows=True,
                               connectionstyle="arc3,rad=0.35")
    for node in graph.nodes:  # a miss (or the end) keeps the state: write the loop's probability above the node
        if graph.has_edge(node, node):
            x, y = pos[node]
            ax.text(x, y + 0.33, f"↺ {graph.edges[node, node]['label']}", ha="center", fontsize=9)
    labels = {(a, b): d["label"] for a, b, d in graph.edges(data=True) if a != b}
    # each straight arrow's chance written at its middle, on white, as draw_networkx_edge_labels would place it
    # (that one works out an arrow's path, cut at the node circles, for every label at every draw)
    for (a, b), label in labels.items():
        if (a, b) != ("intact", "destroyed"):
            (xa, ya), (xb, yb) = pos[a], pos[b]
            ax.text((xa + xb) / 2, (ya + yb) / 2, label, ha="center", va="center", fontsize=9, zorder=1,
                    bbox={"boxstyle": "round", "ec": "white", "fc": "white"})
    if ("intact", "destroyed") in labels:
        ax.text(1, -0.5, f"a 6: {labels[('intact', 'destroyed')]}", ha="center", fontsize=9)
    ax.set_title(title or f"damage chain: {hexes} hex(es) ahead, {abs(alt_diff)} level(s) apart")
    ax.set_axis_off()
    return ax
