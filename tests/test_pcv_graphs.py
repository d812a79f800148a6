"""Manoeuvre graphs and the bots: counts by hand, graph against the rules, bots against each other."""
from __future__ import annotations

import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational as R

from circuslib.core.game import play_moves
from circuslib.core.sim import tournament
from circuslib.pcv.bots import PILOTS, best_plan, greedy_pilot, random_pilot, threat_map
from circuslib.pcv.graphs import (
    count_sequences,
    end_nodes,
    firing_positions,
    move_graph,
    plans,
    reachable,
    sequence_to,
)
from circuslib.pcv.pictures import reachable_map
from circuslib.pcv.rules import Board, Fire, Manoeuvre, PCVOptions, Plane, Scenario, scenario

HIGH = Plane("X", 0, (0, 0), 0, 4, 3)  # altitude 4, speed 3: no altitude limit binds in three points


def recurrence(speed: int, choices_1: int, choices_2: int, choices_3: int) -> int:
    """Sequences spending exactly `speed` points: a(s) = c1 a(s-1) + c2 a(s-2) + c3 a(s-3), a(0) = 1."""
    a = [1]
    for s in range(1, speed + 1):
        a.append(sum(c * a[s - k] for k, c in ((1, choices_1), (2, choices_2), (3, choices_3)) if s - k >= 0))
    return a[speed]


def test_sequence_counts_by_hand():
    # front-three: 1 point: forward or down into 3 hexes (6); 2 points: up into 3 (3); 3 points: loop 3 x 2 (6)
    # a(1) = 6, a(2) = 6*6 + 3 = 39, a(3) = 6*39 + 3*6 + 6 = 258
    assert count_sequences(move_graph(HIGH)) == recurrence(3, 6, 3, 6) == 258
    # straight: a(s) = 2 a(s-1) + a(s-2) + 2 a(s-3): 2, 5, 14
    assert count_sequences(move_graph(HIGH, turning="straight")) == recurrence(3, 2, 1, 2) == 14
    assert count_sequences(move_graph(HIGH, mp=1)) == 6


@pytest.mark.parametrize("off_map", ["out", "stay"])
@pytest.mark.parametrize("turning", ["front-three", "straight"])
def test_sequences_are_counted_as_networkx_counts_the_paths(turning, off_map):
    # count_sequences orders the nodes by points left instead of networkx's topological sort: the same counts
    board = Board(4, 4)
    for plane in (Plane("X", 0, (1, 1), 0, 2, 4), Plane("Y", 0, (0, 0), 3, 5, 3), Plane("Z", 0, (2, 1), 1, 1, 4)):
        graph = move_graph(plane, turning=turning, board=board, off_map=off_map, blocked=[((2, 1), 2)])
        root = graph.graph["root"]
        by_networkx = sum(len(list(nx.all_simple_paths(graph, root, end))) for end in end_nodes(graph))
        assert count_sequences(graph) == by_networkx


def test_the_graph_is_a_dag_whose_ends_spend_exactly_the_speed():
    graph = move_graph(Plane("X", 0, (0, 0), 0, 3, 5))
    assert nx.is_directed_acyclic_graph(graph)
    root = graph.graph["root"]
    for end in end_nodes(graph)[:200]:
        path = nx.shortest_path(graph, root, end)
        assert sum(graph.edges[a, b]["cost"] for a, b in zip(path, path[1:])) == 5


def test_reachable_by_hand_for_speed_one():
    ends = reachable(Plane("X", 0, (0, 0), 0, 3, 1))
    # forward or down into ahead (1,0) E, left (1,-1) NE, right (0,1) SE
    assert ends == {((1, 0), 0, 3), ((1, 0), 0, 2), ((1, -1), 1, 3), ((1, -1), 1, 2), ((0, 1), 5, 3), ((0, 1), 5, 2)}
    assert reachable(Plane("X", 0, (0, 0), 0, 3, 1), turning="straight") == {((1, 0), 0, 3), ((1, 0), 0, 2)}


def test_landing_leaving_the_map_and_collisions_are_marked_out():
    low = Plane("X", 0, (0, 0), 0, 1, 1)
    assert reachable(low) == {((1, 0), 0, 1), ((1, -1), 1, 1), ((0, 1), 5, 1)}  # "down" lands
    board = Board(3, 3)
    # top-right corner, facing east at altitude 1: ahead and ahead-left are off the map (forward or down: 4),
    # ahead-right (SE) holds another plane at altitude 1 (forward right collides, down right lands)
    corner = Plane("X", 0, board.from_offset(2, 0), 0, 1, 1)
    graph = move_graph(corner, board=board, blocked=[(board.from_offset(2, 1), 1)])
    outs = Counter(d["out"] for node, d in graph.nodes(data=True) if node != graph.graph["root"])
    assert outs == {"left the map": 4, "collision": 1, "landed": 1}
    assert end_nodes(graph) == [] and count_sequences(graph) == 0


@settings(max_examples=40, deadline=None)
@given(alt=st.integers(1, 6), speed=st.integers(1, 5), turning=st.sampled_from(["front-three", "straight"]),
       seed=st.integers(0, 999))
def test_every_plan_replays_in_the_rules_and_spends_exactly_the_speed(alt, speed, turning, seed):
    board = Board(20, 20)
    me = Plane("R", 0, board.from_offset(10, 10), 0, alt, speed)
    other = Plane("B", 1, board.from_offset(0, 0), 0, 3, 3)
    start = Scenario("t", board, (me, other)).start(PCVOptions(turning))
    routes = plans(me, turning=turning, board=board, blocked=[(other.hex, other.altitude)])
    assert set(routes) == reachable(me, turning=turning, board=board, blocked=[(other.hex, other.altitude)])
    position = random.Random(seed).choice(sorted(routes)) if routes else None
    if position is None:
        return
    sequence = routes[position]
    assert sum(m.cost for m in sequence) == speed
    after = play_moves(start, sequence)
    assert after.phase == "speed" and after.plane.position == position


def test_sequence_to_finds_a_path_to_an_end():
    graph = move_graph(HIGH)
    target = ((2, 0), 0, 4)
    moves = sequence_to(graph, target)
    assert sum(m.cost for m in moves) == 3
    with pytest.raises(ValueError, match="cannot end its move at"):
        sequence_to(graph, ((0, 0), 0, 6))


def test_firing_positions_give_exact_odds():
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("B", 1, (5, 4), 3, 3, 3))
    s = Scenario("t", Board(12, 9), planes).start()
    spots = firing_positions(s)
    # forward to (3,4) facing E: B is 2 ahead, same level: destroy on a 6 only (B intact) = 1/6
    assert spots[((3, 4), 0, 3)] == {"target": "B", "destroy": R(1, 6)}
    assert ((3, 4), 0, 2) in spots  # one level below, 2 hexes: effective range 3
    assert all(pos[0] != (3, 3) for pos in spots)  # turning left points away
    svg = reachable_map(s).svg()
    assert "#fc8d59" in svg and "#fdd49e" in svg


def test_a_speed_six_graph_is_built():
    graph = move_graph(Plane("X", 0, (0, 0), 0, 4, 6))
    assert len(end_nodes(graph)) == len(reachable(Plane("X", 0, (0, 0), 0, 4, 6))) > 1000


# --- bots ---------------------------------------------------------------------------------------------------

def test_greedy_takes_the_sure_shot_and_the_bots_fire_at_the_nearest():
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("B", 1, (4, 4), 0, 3, 3, damaged=True),
              Plane("B2", 1, (9, 0), 3, 3, 3))
    s = Scenario("t", Board(12, 9), planes).start()
    # forward ahead puts damaged B one hex ahead: any hit (4-6, 1/2) destroys it
    assert greedy_pilot(s, random.Random(0)) == Manoeuvre("forward")
    s = s.play(Manoeuvre("forward")).play(greedy_pilot(s.play(Manoeuvre("forward")), random.Random(0)))
    assert s.phase == "fire" and greedy_pilot(s, random.Random(0)) == Fire("B")


def test_threat_map_sees_the_enemy_guns():
    planes = (Plane("R", 0, (2, 4), 0, 3, 2), Plane("B", 1, (8, 4), 3, 3, 1))
    s = Scenario("t", Board(12, 9), planes).start()
    threats = threat_map(s, s.planes[0])
    # B (speed 1) can move to (7,4) facing W: it then hits (6,4) at altitude 3 on 4-6, a 6 destroys -> 1/6
    assert threats[((6, 4), 3)] == R(1, 6)
    assert ((2, 4), 3) not in threats


def test_threat_map_is_exact_when_two_enemies_can_fire():
    # B (speed 1) can end at (7,4) facing W and B2 at (6,3) facing SE: both then have (6,4) one hex ahead, level
    planes = (Plane("R", 0, (2, 4), 0, 3, 2), Plane("B", 1, (8, 4), 3, 3, 1), Plane("B2", 1, (6, 2), 5, 3, 1))
    s = Scenario("t", Board(12, 9), planes).start()
    # intact: a 6 (1/6), or a 4-5 then any hit (1/3 * 1/2), or a miss then a 6 (1/2 * 1/6): 5/12, not 1 - (5/6)^2
    assert threat_map(s, s.planes[0])[((6, 4), 3)] == R(5, 12)
    damaged = Plane("R", 0, (2, 4), 0, 3, 2, damaged=True)
    assert threat_map(s, damaged)[((6, 4), 3)] == 1 - R(1, 2) ** 2  # damaged: any hit destroys


def test_greedy_closes_in_and_cautious_stays_less_exposed():
    from circuslib.core.game import play_moves
    from circuslib.pcv.bots import rate_positions

    s = scenario("duel").start()  # 9 hexes apart: no shot is possible this turn
    rated = {r["position"]: r for r in rate_positions(s)}
    assert all(r["kill"] == 0 for r in rated.values())
    greedy_end = play_moves(s, best_plan(s, "greedy")).plane.position
    cautious_end = play_moves(s, best_plan(s, "cautious")).plane.position
    assert rated[greedy_end]["distance"] == min(r["distance"] for r in rated.values() if r["room"] >= 1) < 9
    assert rated[cautious_end]["exposure"] == min(r["exposure"] for r in rated.values() if r["room"] >= 1)
    assert rated[cautious_end]["exposure"] <= rated[greedy_end]["exposure"]
    with pytest.raises(ValueError, match="greedy"):
        best_plan(s, "reckless")


def test_greedy_beats_random_pilots_in_seeded_duels():
    result = tournament(lambda rng: scenario("duel").start(), [greedy_pilot, random_pilot], 30, seed=3)
    lo, _ = result.interval(0)
    assert lo > 0.6, result


def _pilots_game(name: str, rules: PCVOptions, pilots: list, seed: int):
    """Every position of one seeded game between these pilots (chance steps drawn from the same generator)."""
    from circuslib.core.game import CHANCE, sample_outcome

    state, rng = scenario(name).start(rules), random.Random(seed)
    while not state.is_over():
        yield state
        if state.current_player == CHANCE:
            state = state.play(sample_outcome(state.chance_outcomes(), rng))
        else:
            state = state.play(pilots[state.current_player](state, rng))


@pytest.mark.parametrize("name, rules", [("duel", PCVOptions()), ("patrol", PCVOptions()),
                                         ("breakthrough", PCVOptions(turning="straight", off_map="stay"))])
def test_the_pilots_cached_plans_are_the_plans_worked_out_afresh(name, rules):
    # best_plan keeps each plan under _position_key: if the key missed anything a plan depends on, a plan kept
    # from an earlier position would come back in a later one that differs only there
    from circuslib.pcv import bots

    bots._forget_plans()
    moves = 0
    for pilots in ([greedy_pilot, random_pilot], [PILOTS["cautious"], greedy_pilot]):
        for seed in range(3):
            for state in _pilots_game(name, rules, pilots, seed):
                if state.phase != "move":
                    continue
                for style in ("greedy", "cautious"):
                    kept = bots.best_plan(state, style)
                    afresh = bots._choose_plan(state, style)
                    assert kept == afresh, (style, state)
                moves += 1
    assert moves > 100


def _plan_by_fractions(state, style: str) -> list:
    """The pilots' choice as their rule states it, comparing the exact Fractions (the bots compare floats)."""
    from circuslib.pcv.bots import rate_positions

    rows = rate_positions(state)
    if not rows:
        return []
    for row in rows:
        row["safe"] = row["room"] >= 1
    def greedy(r):
        return (r["kill"], r["safe"], -r["exposure"], -r["distance"], r["position"])

    def closing_in(r):
        return (r["safe"], -r["distance"], -r["exposure"], r["position"])

    def cautious(r):
        return (r["safe"], -r["exposure"], r["kill"], -r["distance"], r["position"])

    if style == "greedy":
        key = greedy if any(row["kill"] > 0 for row in rows) else closing_in
    else:
        key = cautious
    return max(rows, key=key)["sequence"]


@pytest.mark.parametrize("name, rules", [("duel", PCVOptions()), ("patrol", PCVOptions()),
                                         ("breakthrough", PCVOptions(turning="straight", off_map="stay"))])
def test_the_pilots_float_keys_choose_as_the_exact_fractions(name, rules):
    from circuslib.pcv import bots

    moves = 0
    for pilots in ([greedy_pilot, random_pilot], [PILOTS["cautious"], greedy_pilot], [random_pilot, random_pilot]):
        for seed in range(3):
            for state in _pilots_game(name, rules, pilots, seed):
                if state.phase != "move":
                    continue
                for style in ("greedy", "cautious"):
                    assert bots._choose_plan(state, style) == _plan_by_fractions(state, style), (style, state)
                moves += 1
    assert moves > 100


def test_a_kept_plan_is_not_reused_when_only_an_enemys_damage_differs():
    from dataclasses import replace

    from circuslib.pcv import bots

    me, b, b2 = Plane("R", 0, (6, 5), 1, 5, 2), Plane("B", 1, (6, 6), 5, 4, 3), Plane("B2", 1, (7, 2), 1, 3, 3)
    intact = Scenario("t", Board(12, 9), (me, b, b2)).start()
    damaged = Scenario("t", Board(12, 9), (me, b, replace(b2, damaged=True))).start()
    bots._forget_plans()
    kept_first = best_plan(intact)
    assert best_plan(damaged) == bots._choose_plan(damaged, "greedy") != kept_first  # any hit destroys B2 now


@pytest.mark.parametrize("name, rules", [("patrol", PCVOptions()),
                                         ("breakthrough", PCVOptions(turning="straight", off_map="stay"))])
def test_the_shaded_map_finds_the_move_graphs_end_nodes_without_building_it(name, rules):
    # firing_positions and pictures.reachable_map search the end positions directly (no networkx graph after every
    # click): the same positions, in the same order, as the end nodes of plane_graph
    from circuslib.pcv.graphs import _end_positions, end_positions, plane_graph

    seen = 0
    for state in (s for seed in range(3) for s in _pilots_game(name, rules, [random_pilot, random_pilot], seed)):
        if state.phase == "move":
            ends = [node[:3] for node in end_nodes(plane_graph(state))]
            assert _end_positions(state, state.active) == end_positions(state) == ends
            seen += 1
    assert seen > 20


def test_the_firing_spots_are_the_shots_along_each_line():
    # rate_positions finds the kill chances by walking back from the enemies; looking along each position's own
    # line of fire (shot_from, as the rules fire) must give the same chance everywhere, damaged target or not
    from circuslib.pcv.bots import _kill_spots
    from circuslib.pcv.graphs import shot_from
    from circuslib.pcv.odds import _shot

    enemies = [Plane("B", 1, (4, 4), 3, 3, 3), Plane("C", 1, (6, 2), 1, 2, 4, damaged=True),
               Plane("D", 1, (5, 3), 0, 1, 2)]
    spots = _kill_spots(enemies)
    for hex_ in Board(12, 9).hexes():
        for facing in range(6):
            for altitude in range(1, 7):
                best = 0
                for enemy in enemies:
                    shot = shot_from((hex_, facing, altitude), enemy)
                    if shot is not None:
                        miss, damage, destroy = _shot(*shot)
                        best = max(best, destroy + damage if enemy.damaged else destroy)
                assert spots.get((hex_, facing, altitude), 0) == best, (hex_, facing, altitude)


@pytest.mark.parametrize("name", ["duel", "patrol", "breakthrough", "last-stand"])
def test_every_pilot_plays_every_scenario_to_the_end(name):
    from circuslib.core.game import playout

    for a, b in (("greedy", "cautious"), ("random", "greedy")):
        end = playout(scenario(name).start(), random.Random(1), [PILOTS[a], PILOTS[b]])
        assert end.is_over()


@pytest.mark.parametrize("speed, turning", [(3, "front-three"), (6, "front-three"), (5, "straight")])
def test_the_fast_graph_is_the_same_as_one_built_edge_by_edge(speed, turning):
    plane = Plane("X", 0, (4, 4), 2, 2, speed)
    board = Board(10, 10)
    fast = move_graph(plane, turning=turning, board=board, blocked=[((4, 3), 2)])
    slow = move_graph(plane, turning=turning, board=board, blocked=[((4, 3), 2)], fast=False)
    assert nx.utils.graphs_equal(fast, slow)
    assert dict(fast.nodes(data=True)) == dict(slow.nodes(data=True))
    assert {(a, b): d for a, b, d in fast.edges(data=True)} == {(a, b): d for a, b, d in slow.edges(data=True)}
    assert all(set(fast.predecessors(n)) == set(slow.predecessors(n)) for n in slow)
    assert count_sequences(fast) == count_sequences(slow)
    fast.add_edge("extra", "node")  # still an ordinary, editable networkx graph
    assert fast.has_edge("extra", "node") and "extra" in fast


def test_plans_follow_the_first_edge_listed_into_each_node():
    # plans records the edge that found each node during the search; it must be the first edge explore lists into it
    from circuslib.pcv.graphs import explore, plans
    from circuslib.pcv.rules import Board

    rng = random.Random(11)
    for _ in range(300):
        board = rng.choice([None, Board(12, 9), Board(5, 4)])
        w, h = (board.width, board.height) if board else (8, 8)
        plane = Plane("X", 0, Board.from_offset(rng.randrange(w), rng.randrange(h)), rng.randrange(6),
                      rng.randint(1, 6), rng.randint(1, 6))
        options = {"board": board, "turning": rng.choice(["front-three", "straight"]),
                   "off_map": rng.choice(["out", "stay"]),
                   "blocked": [(Board.from_offset(rng.randrange(w), rng.randrange(h)), rng.randint(1, 6))]}
        nodes, edges = explore(plane, **options)
        first_in: dict = {}
        for a, b, move in edges:
            first_in.setdefault(b, (a, move))
        expected = {}
        for node, out in nodes.items():
            if not out and node[3] == 0:
                sequence, current = [], node
                while current in first_in:
                    current, move = first_in[current]
                    sequence.append(move)
                expected[node[:3]] = sequence[::-1]
        assert list(plans(plane, **options).items()) == list(expected.items())
    with pytest.raises(TypeError, match="plans"):
        plans(plane, speed=3)
