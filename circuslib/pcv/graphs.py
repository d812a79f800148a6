"""Manoeuvre graphs: where can my plane be after its move, and which end positions give me a shot?

``move_graph(plane)`` is a DAG from the start: a node is (hex, facing, altitude, movement points left), an edge
is one manoeuvre with its cost. Every path from the start to a node with 0 points left is a legal sequence that
spends exactly the speed; nodes where the plane lands, collides or leaves the map are marked ``out`` (with
``off_map="stay"`` a manoeuvre off the map ends the move at the edge instead, as ``PCVOptions.off_map`` says).
"""
from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.args import flag, graph_of, instance, items, one_of, whole
from ..core.exact import to_rational
from ..core.game import describe
from .odds import _shot, damage_chain
from .rules import (
    DIRECTIONS,
    MIN_LEVEL,
    OFF_MAP,
    TURNINGS,
    Board,
    Manoeuvre,
    PCVState,
    Plane,
    effective_range,
    line_ahead,
    manoeuvre_steps,
)

__all__ = ["explore", "move_graph", "reachable", "plans", "plane_options", "end_nodes", "end_positions",
           "damage_chain_graph", "count_sequences", "sequence_to", "plane_graph", "firing_positions", "shot_from",
           "MOVE_GRAPH"]

if TYPE_CHECKING:
    import networkx as nx

Hex = tuple[int, int]
Position = tuple[Hex, int, int]  # (hex, facing, altitude): where a plane ends its move
Node = tuple[Hex, int, int, int]  # (hex, facing, altitude, mp_left)
Edge = tuple[Node, Node, Manoeuvre]


def _points(plane: Any, mp: Any) -> int:
    """The movement points a search spends: the plane's speed, or ``mp`` (0 to 6); the plane must be flying."""
    instance(plane, "plane", Plane, "a Plane, for example Plane('Red 1', 0, (0, 0), speed=2)")
    if not plane.flying:
        raise ValueError(f"{plane.name} is out of the game ({plane.out}): it has no moves")
    speed: int = plane.speed
    return speed if mp is None else whole(mp, "mp (movement points)", 0, 6)


def explore(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
            blocked: Iterable[tuple[Hex, int]] = (), off_map: str = "out") -> tuple[dict[Node, str], list[Edge]]:
    """Breadth-first search of the plane's moves without networkx: ({node: out reason or ""}, [(node, child, move)]).

    Nodes are (hex, facing, altitude, mp_left); the first edge into each node is listed first, so following
    first edges backward gives one sequence to any node."""
    edges: list[Edge] = []
    nodes = _search(plane, mp, turning, board, blocked, off_map, edges)
    return nodes, edges


def _search(plane: Plane, mp: int | None, turning: str, board: Board | None, blocked: Iterable[tuple[Hex, int]],
            off_map: str, edges: list[Edge] | None,
            parents: dict[Node, tuple[Node, Manoeuvre]] | None = None) -> dict[Node, str]:
    """``explore``'s search: the nodes, each edge appended to ``edges`` unless it is None (``reachable`` needs the
    nodes alone, and listing the edges took a third of the time; the bots ask thousands of times a tournament).
    ``parents``, unless None, gets each node's first edge in, (node, move): the edge that found it."""
    points = _points(plane, mp)
    one_of(turning, "turning", TURNINGS)
    stay = one_of(off_map, "off_map", OFF_MAP) == "stay"
    if board is not None:
        instance(board, "board", Board, "a Board (or None for an endless sky)")
    places = _blocked_places(blocked)
    root: Node = (plane.hex, plane.facing, plane.altitude, points)
    nodes = {root: ""}
    keep = edges is not None
    frontier = [root]
    directions = DIRECTIONS
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
                child: Node = (new_hex, (heading + 3) % 6 if loop else heading, new_alt if new_alt > 0 else 0,
                               left - spent)
                if child not in nodes:
                    out = ("left the map" if gone
                           else "landed" if new_alt < MIN_LEVEL
                           else "collision" if (new_hex, new_alt) in places else "")
                    nodes[child] = out
                    if parents is not None:
                        parents[child] = (node, move)
                    if not out and child[3] > 0:
                        frontier.append(child)
                if keep:
                    edges.append((node, child, move))  # type: ignore[union-attr]  # keep: edges is a list
    return nodes


MOVE_GRAPH = "pcv move graph"


def _move_graph(graph: Any) -> nx.DiGraph:
    return graph_of(graph, "graph", MOVE_GRAPH, "move_graph(plane) or plane_graph(state)")


def _plane_index(state: Any, index: Any) -> int:
    """The plane ``index`` of a game (the acting plane by default), checked: a plane still flying."""
    game: PCVState = instance(state, "state", PCVState, "a PCVState (a PCV position)")
    chosen = game.active if index is None else whole(index, "index", 0, len(game.planes) - 1)
    if not game.planes[chosen].flying:
        raise ValueError(f"{game.planes[chosen].name} is out of the game ({game.planes[chosen].out})")
    return chosen


def move_graph(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
               blocked: Iterable[tuple[Hex, int]] = (), fast: bool = True, off_map: str = "out") -> nx.DiGraph:
    """Every sequence of manoeuvres that spends exactly ``mp`` points (the plane's speed by default).

    Nodes (hex, facing, altitude, mp_left) carry ``end`` (0 points left and still flying) and ``out`` (the plane
    landed, left ``board`` or entered a ``blocked`` (hex, altitude): a collision). Edges carry ``move`` and
    ``cost``. ``G.graph["root"]`` is the start node.
    """
    flag(fast, "fast")
    with _collector_paused():
        return _build(plane, mp, turning, board, blocked, fast, off_map)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
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


def _build(plane: Plane, mp: int | None, turning: str, board: Board | None, blocked: Iterable[tuple[Hex, int]],
           fast: bool, off_map: str = "out") -> nx.DiGraph:
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
    succ: dict[Node, dict[Node, dict[str, Any]]] = {node: {} for node in nodes}
    pred: dict[Node, dict[Node, dict[str, Any]]] = {node: {} for node in nodes}
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


def _blocked_places(blocked: Any) -> set[tuple[Hex, int]]:
    """The (hex, altitude) places other planes fill, checked: a plane flying into one collides."""
    if isinstance(blocked, dict):
        raise TypeError("blocked must be a list of (hex, altitude) pairs, not a dict")
    places = set()
    for place in items(blocked, "blocked (a list of (hex, altitude) pairs)"):
        if not (isinstance(place, tuple) and len(place) == 2 and isinstance(place[0], tuple) and len(place[0]) == 2):
            raise TypeError(f"each blocked place is ((q, r), altitude), not {describe(place)}")
        for value in (*place[0], place[1]):
            whole(value, "each number of a blocked place ((q, r), altitude)")
        places.add(place)
    return places


def end_nodes(graph: nx.DiGraph) -> list[Node]:
    """The nodes where the move ends with the plane still flying."""
    return [node for node, data in _move_graph(graph).nodes(data=True) if data["end"]]


def reachable(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
              blocked: Iterable[tuple[Hex, int]] = (), off_map: str = "out") -> set[Position]:
    """The end positions (hex, facing, altitude) of every legal move of the plane (options as ``explore``)."""
    with _collector_paused():
        nodes = _search(plane, mp, turning, board, blocked, off_map, None)
        return {node[:3] for node, out in nodes.items() if not out and node[3] == 0}


def plans(plane: Plane, *, mp: int | None = None, turning: str = "front-three", board: Board | None = None,
          blocked: Iterable[tuple[Hex, int]] = (), off_map: str = "out") -> dict[Position, list[Manoeuvre]]:
    """For each end position (hex, facing, altitude), one manoeuvre sequence that gets there (for the bots);
    the options are ``explore``'s."""
    # each node's first edge in, the one that found it: following them back gives a sequence
    first_in: dict[Node, tuple[Node, Manoeuvre]] = {}
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


def sequence_to(graph: nx.DiGraph, end: tuple[Any, ...]) -> list[Manoeuvre]:
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


def plane_graph(state: PCVState, index: int | None = None) -> nx.DiGraph:
    """The move graph of a plane in a game: its points left, the scenario's map, other planes as collisions."""
    index = _plane_index(state, index)
    return move_graph(state.planes[index], **plane_options(state, index))


def plane_options(state: PCVState, index: int | None = None) -> dict[str, Any]:
    """The ``move_graph`` options of a plane in a game: points left, the map, other planes as collisions."""
    index = _plane_index(state, index)
    plane = state.planes[index]
    mp = state.mp_left if (index == state.active and state.phase == "move") else plane.speed
    blocked = [(p.hex, p.altitude) for i, p in enumerate(state.planes) if i != index and p.flying]
    return {"mp": mp, "turning": state.options.turning, "board": state.scenario.board, "blocked": blocked,
            "off_map": state.options.off_map}


def shot_from(position: Position, target: Plane) -> tuple[int, int] | None:
    """(hexes, alt_diff) of a shot from (hex, facing, altitude) at ``target``, or None if it is not in reach."""
    instance(target, "target", Plane, "a Plane")
    return _shot_from(_position(position), target)


def _shot_from(position: Position, target: Plane) -> tuple[int, int] | None:
    hex_, facing, altitude = position
    line = line_ahead(hex_, facing)
    if target.hex not in line:
        return None
    hexes, diff = line.index(target.hex) + 1, target.altitude - altitude
    return (hexes, diff) if effective_range(hexes, diff) is not None else None


def firing_positions(state: PCVState, index: int | None = None) -> dict[Position, dict[str, Any]]:
    """For each end position of the plane's move that puts an enemy in reach: the best target and the exact
    chance one shot destroys it, ``{(hex, facing, altitude): {"target": name, "destroy": Rational}}``."""
    index = _plane_index(state, index)
    return _firing_positions(state, index, _end_positions(state, index))


def end_positions(state: PCVState, index: int | None = None) -> list[Position]:
    """Where a plane of a game (the acting one by default) can end its move, (hex, facing, altitude) each, in the
    order of its move graph's end nodes."""
    return _end_positions(state, _plane_index(state, index))


def _end_positions(state: PCVState, index: int) -> list[Position]:
    # the search alone, without building the networkx graph (the widget shades them after every click)
    options = plane_options(state, index)
    nodes = _search(state.planes[index], options["mp"], options["turning"], options["board"], options["blocked"],
                    options["off_map"], None)
    return [node[:3] for node, out in nodes.items() if not out and node[3] == 0]


def _firing_positions(state: PCVState, index: int, positions: list[Position]) -> dict[Position, dict[str, Any]]:
    me = state.planes[index]
    enemies = [p for p in state.planes if p.flying and p.side != me.side]
    result = {}
    for position in positions:
        best: tuple[str, Fraction] | None = None
        for enemy in enemies:
            shot = _shot_from(position, enemy)
            if shot is None:
                continue
            miss, damage, destroy = _shot(*shot)
            chance = destroy + damage if enemy.damaged else destroy
            if best is None or chance > best[1]:
                best = (enemy.name, chance)
        if best:
            result[position] = {"target": best[0], "destroy": to_rational(best[1])}
    return result


def damage_chain_graph(hexes: int, alt_diff: int = 0) -> nx.DiGraph:
    """The damage Markov chain as a DiGraph: intact, damaged, destroyed, edges labelled with exact probabilities."""
    import networkx as nx

    chain = damage_chain(hexes, alt_diff)
    graph = nx.DiGraph(hexes=hexes, alt_diff=alt_diff)
    for state, row in chain.transitions.items():
        graph.add_node(state)
        for to, chance in (row or {state: Fraction(1)}).items():
            graph.add_edge(state, to, prob=chance, label=str(chance))
    return graph


def _position(position: Any) -> Position:
    """A position (hex, facing, altitude), checked: a pair of whole numbers, a facing 0 to 5, an altitude."""
    if not (isinstance(position, tuple) and len(position) == 3 and isinstance(position[0], tuple)
            and len(position[0]) == 2):
        raise TypeError(f"a position is (hex, facing, altitude), such as ((2, 4), 0, 3), not {describe(position)}")
    for coordinate in position[0]:
        whole(coordinate, "each coordinate of a hex (q, r)")
    whole(position[1], "a facing", 0, 5)
    whole(position[2], "an altitude", 0, 6)
    return position
