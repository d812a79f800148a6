"""Le Petit Cirque Volant rules, pinned to hand-made positions, and invariants under random play."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.game import CHANCE, TERMINAL, IllegalMove, playout
from circuslib.pcv.pictures import board
from circuslib.pcv.rules import (
    DIRECTIONS,
    GAME,
    Board,
    Fire,
    Manoeuvre,
    Objective,
    PCVOptions,
    PCVState,
    Pick,
    Plane,
    Scenario,
    SpeedChange,
    direction_to,
    effective_range,
    hex_distance,
    hex_step,
    hit_faces,
    line_ahead,
    load_scenarios,
    manoeuvre_result,
    neighbours,
    new_game,
    scenario,
    scenario_names,
)

FORWARD = Manoeuvre("forward")
KEEP = SpeedChange(0)


MAP, EVERY_PLANE_DOWN = Board(12, 9), Objective()


def game(*planes: Plane, board: Board = MAP, rules: PCVOptions | None = None, objective: Objective = EVERY_PLANE_DOWN,
         turn_limit: int = 20, first_side: int = 0) -> PCVState:
    """A made-up position: planes given in axial coordinates, side 0 to move (or ``first_side``)."""
    return Scenario("test", board, tuple(planes), turn_limit, objective, first_side=first_side).start(rules)


# --- hex geometry -----------------------------------------------------------------------------------------

def test_hex_distance_by_hand():
    # (0,0) to (3,-1): dq = 3, dr = -1, dq + dr = 2 -> (3 + 1 + 2) / 2 = 3 steps (E, E, NE)
    assert hex_distance((0, 0), (3, -1)) == 3
    # (2,1) to (-1,3): dq = -3, dr = 2, sum -1 -> (3 + 2 + 1) / 2 = 3
    assert hex_distance((2, 1), (-1, 3)) == 3
    assert hex_distance((4, -2), (4, -2)) == 0


def test_the_six_neighbours_are_one_step_away_and_opposite_facings_cancel():
    for f, d in enumerate(DIRECTIONS):
        assert hex_distance((0, 0), d) == 1
        assert hex_step(hex_step((0, 0), f), (f + 3) % 6) == (0, 0)
    assert len(set(DIRECTIONS)) == 6
    assert neighbours((2, -1)) == ((3, -1), (3, -2), (2, -2), (1, -1), (1, 0), (2, 0))


def test_line_ahead_and_direction_to():
    assert line_ahead((0, 0), 0) == ((1, 0), (2, 0), (3, 0))
    assert line_ahead((2, 2), 2) == ((2, 1), (2, 0), (2, -1))  # NW: r decreases
    assert direction_to((0, 0), (3, -3)) == 1  # NE line
    assert direction_to((0, 0), (2, -1)) is None  # between two lines


def test_board_offset_round_trip_and_edges():
    board = Board(12, 9)
    for col in range(12):
        for row in range(9):
            assert board.to_offset(board.from_offset(col, row)) == (col, row)
    assert len(board.hexes()) == 108
    assert board.contains(board.from_offset(11, 8)) and not board.contains(board.from_offset(12, 8))
    assert board.on_edge(board.from_offset(11, 3), "east") and not board.on_edge(board.from_offset(10, 3), "east")
    with pytest.raises(ValueError, match="edge"):
        board.on_edge((0, 0), "up")


# --- manoeuvres -------------------------------------------------------------------------------------------

def test_manoeuvre_costs_and_names():
    assert [Manoeuvre(k).cost for k in ("forward", "down", "up")] == [1, 1, 2]
    assert Manoeuvre("loop", climb=1).cost == 3
    assert str(Manoeuvre("loop", "left", -1)) == "loop down left"
    with pytest.raises(ValueError, match="loop must change altitude"):
        Manoeuvre("loop")
    with pytest.raises(ValueError, match="forward, down, up or loop"):
        Manoeuvre("barrel roll")


def test_manoeuvre_results_by_hand():
    # forward left from (0,0) facing E: nose turns to NE, enters (1,-1)
    assert manoeuvre_result((0, 0), 0, 3, Manoeuvre("forward", "left")) == ((1, -1), 1, 3)
    assert manoeuvre_result((0, 0), 0, 3, Manoeuvre("down", "right")) == ((0, 1), 5, 2)
    assert manoeuvre_result((0, 0), 0, 3, Manoeuvre("up")) == ((1, 0), 0, 4)
    # a loop: one hex forward, then the nose turns 180 degrees (E -> W), altitude +1
    assert manoeuvre_result((0, 0), 0, 3, Manoeuvre("loop", climb=1)) == ((1, 0), 3, 4)


def test_movement_points_are_all_spent_then_speed_then_next_plane():
    s = game(Plane("R", 0, (2, 4), 0, 3, 3), Plane("R2", 0, (2, 6), 0, 3, 1), Plane("B", 1, (9, 2), 3, 3, 3))
    # two Red planes to move: Red chooses which goes first (kit ruling)
    assert s.current_player == 0 and s.phase == "pick-move" and s.legal_moves() == (Pick("R"), Pick("R2"))
    s = s.play(Pick("R"))
    assert s.current_player == 0 and s.plane.name == "R" and s.mp_left == 3
    s = s.play(Manoeuvre("up"))
    assert s.mp_left == 1 and s.phase == "move" and s.plane.altitude == 4
    s = s.play(FORWARD)
    assert s.phase == "speed" and s.plane.hex == (4, 4)
    s = s.play(SpeedChange(1))
    assert s.planes[0].speed == 4 and s.plane.name == "R2" and s.mp_left == 1
    s = s.play(FORWARD).play(KEEP)
    assert s.side == 1 and s.plane.name == "B" and s.turn == 1  # no target in line: Blue moves next
    s = s.play(FORWARD).play(FORWARD).play(FORWARD).play(KEEP)
    assert s.side == 0 and s.turn == 2


def test_a_failed_manoeuvre_names_the_rule_and_changes_nothing():
    s = game(Plane("R", 0, (2, 4), 0, 3, 3), Plane("B", 1, (9, 2), 3, 3, 3)).play(FORWARD).play(FORWARD)
    before = (s, hash(s))
    with pytest.raises(IllegalMove, match="a loop costs 3 movement points; 1 is left"):
        s.play(Manoeuvre("loop", climb=1))
    with pytest.raises(IllegalMove, match="up costs 2 movement points; 1 is left"):
        s.play(Manoeuvre("up"))
    with pytest.raises(IllegalMove, match="choose a manoeuvre"):
        s.play(KEEP)
    assert (s, hash(s)) == before


def test_altitude_never_goes_above_six():
    s = game(Plane("R", 0, (2, 4), 0, 6, 3), Plane("B", 1, (9, 2), 3, 3, 3))
    assert all(m.altitude_change <= 0 for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="altitude never goes above 6"):
        s.play(Manoeuvre("up"))


def test_straight_turning_allows_only_the_hex_ahead():
    s = game(Plane("R", 0, (2, 4), 0, 3, 3), Plane("B", 1, (9, 2), 3, 3, 3), rules=PCVOptions("straight"))
    assert {m.turn for m in s.legal_moves()} == {"ahead"}
    assert len(s.legal_moves()) == 5  # forward, down, up, loop up, loop down
    with pytest.raises(IllegalMove, match="turning='straight'"):
        s.play(Manoeuvre("forward", "left"))
    with pytest.raises(ValueError, match="turning is one of 'front-three', 'straight'"):
        PCVOptions("sideways")


def test_front_three_is_the_default_reading():
    s = game(Plane("R", 0, (2, 4), 0, 3, 3), Plane("B", 1, (9, 2), 3, 3, 3))
    assert s.options.turning == "front-three" and len(s.legal_moves()) == 15


def test_landing_removes_the_plane_and_ends_a_duel():
    s = game(Plane("R", 0, (2, 4), 0, 1, 2), Plane("B", 1, (9, 2), 3, 3, 3))
    s = s.play(Manoeuvre("down"))
    assert s.planes[0].out == "landed" and s.is_over() and s.winner == 1
    assert s.current_player == TERMINAL and s.scores() == (0, 1)


def test_leaving_the_map_removes_the_plane():
    board = Board(12, 9)
    s = game(Plane("R", 0, board.from_offset(11, 4), 0, 3, 2), Plane("R2", 0, board.from_offset(3, 4), 0, 3, 1),
             Plane("B", 1, board.from_offset(9, 2), 3, 3, 3))
    s = s.play(Pick("R")).play(FORWARD)
    assert s.options.off_map == "out" and s.planes[0].out == "left the map" and not s.is_over()
    assert s.plane.name == "R2"  # the lost plane's remaining points are not spent


def test_off_map_is_an_option_and_stay_stops_the_plane_at_the_edge():
    board = Board(12, 9)
    edge = board.from_offset(11, 4)
    planes = (Plane("R", 0, edge, 0, 3, 3), Plane("B", 1, board.from_offset(2, 0), 3, 3, 3))
    assert PCVOptions().off_map == "out"
    with pytest.raises(ValueError, match="off_map is one of 'out', 'stay'"):
        PCVOptions(off_map="wrap")
    s = game(*planes, rules=PCVOptions(off_map="stay")).play(Manoeuvre("down"))
    # the manoeuvre would leave the map: the plane stays in its edge hex, one level lower, and its move is over
    assert s.planes[0].hex == edge and s.planes[0].altitude == 2 and s.planes[0].flying
    assert s.phase == "speed" and s.mp_left == 0 and "edge of the map" in s.note
    out = game(*planes).play(Manoeuvre("down"))
    assert out.planes[0].out == "left the map" and out.winner == 1  # the default reading: out of the game


def test_off_map_stay_in_the_move_graph_ends_the_move_at_the_edge():
    from circuslib.pcv.graphs import reachable

    board = Board(12, 9)
    plane = Plane("R", 0, board.from_offset(11, 4), 0, 3, 2)
    stay = reachable(plane, board=board, off_map="stay")
    assert (plane.hex, 0, 3) in stay and (plane.hex, 0, 2) in stay  # stopped at once, level or one lower
    assert (plane.hex, 0, 3) not in reachable(plane, board=board)


def test_the_side_that_starts_is_scenario_data():
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("B", 1, (8, 0), 3, 3, 1))
    s = game(*planes, first_side=1)
    assert s.side == 1 and s.current_player == 1 and s.plane.name == "B" and s.turn == 1
    s = s.play(FORWARD).play(KEEP)
    assert s.side == 0 and s.turn == 1          # Red answers in the same turn
    s = s.play(FORWARD).play(KEEP)
    assert s.side == 1 and s.turn == 2          # the turn ends when the starting side has moved again
    with pytest.raises(ValueError, match="side that starts"):
        Scenario("t", Board(12, 9), planes, first_side=2)
    assert scenario("duel").first_side == 0
    data = {"name": "blue first", "first_side": 1,
            "planes": [{"name": "A", "side": 0, "at": [0, 2]}, {"name": "Z", "side": 1, "at": [5, 2], "facing": "W"}]}
    assert Scenario.from_dict(data).start().side == 1


def test_a_player_chooses_the_order_of_their_own_planes():
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("R2", 0, (2, 6), 0, 3, 1), Plane("B", 1, (9, 2), 3, 3, 3))
    s = game(*planes)
    assert s.phase == "pick-move" and s.legal_moves() == (Pick("R"), Pick("R2"))
    s = s.play(Pick("R2"))                       # the second listed plane moves first
    assert s.phase == "move" and s.plane.name == "R2"
    with pytest.raises(IllegalMove, match="moving"):
        s.play(Pick("R"))
    s = s.play(FORWARD).play(KEEP)
    assert s.phase == "move" and s.plane.name == "R"   # the only plane left moves without a choice
    with pytest.raises(IllegalMove, match="one of: R, R2"):
        game(*planes).play(Pick("B"))            # not one of Red's planes
    listed = game(*planes, rules=PCVOptions(plane_order="listed"))
    assert listed.phase == "move" and listed.plane.name == "R"


def test_a_player_chooses_which_plane_fires_first():
    # R2 (moved first) and R both end with B in their line (1 and 3 hexes ahead): Red chooses who fires first
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("R2", 0, (4, 4), 0, 3, 1), Plane("B", 1, (6, 4), 3, 3, 3))
    s = game(*planes).play(Pick("R2")).play(FORWARD).play(KEEP).play(FORWARD).play(KEEP)
    assert s.phase == "pick-fire" and s.legal_moves() == (Pick("R"), Pick("R2"))
    s = s.play(Pick("R2"))
    assert s.phase == "fire" and s.plane.name == "R2" and s.legal_moves() == (Fire("B"),)
    s = s.play(Fire("B")).play(6)                # B destroyed: R has no target left and the game is over
    assert s.is_over() and s.winner == 0


def test_stalling_at_speed_zero_removes_the_plane():
    s = game(Plane("R", 0, (2, 4), 0, 3, 1), Plane("B", 1, (9, 2), 3, 3, 3)).play(FORWARD)
    assert SpeedChange(-1) in s.legal_moves()
    s = s.play(SpeedChange(-1))
    assert s.planes[0].out == "stalled" and s.winner == 1


def test_speed_never_goes_above_six():
    s = game(Plane("R", 0, (2, 4), 0, 3, 6), Plane("B", 1, (9, 0), 3, 3, 3))
    for _ in range(6):
        s = s.play(FORWARD)
    assert s.phase == "speed" and SpeedChange(1) not in s.legal_moves()
    with pytest.raises(IllegalMove, match="top speed"):
        s.play(SpeedChange(1))
    with pytest.raises(IllegalMove, match="at most 1"):
        s.play(SpeedChange(2))


def test_collision_at_the_same_altitude_removes_both_but_passing_at_another_height_is_fine():
    s = game(Plane("R", 0, (2, 4), 0, 3, 2), Plane("B", 1, (3, 4), 3, 3, 3), Plane("B2", 1, (8, 0), 3, 2, 3))
    crash = s.play(FORWARD)  # enters (3,4), where B flies at altitude 3
    assert crash.planes[0].out == crash.planes[1].out == "collision"
    assert crash.is_over() and crash.winner == 1  # Red has nothing left; B2 still flies
    s2 = game(Plane("R", 0, (2, 4), 0, 3, 2), Plane("B", 1, (3, 4), 3, 4, 3))
    passed = s2.play(FORWARD).play(FORWARD)
    assert all(p.flying for p in passed.planes) and passed.planes[0].hex == (4, 4)


# --- firing -----------------------------------------------------------------------------------------------

def test_effective_range_and_hit_faces_by_hand():
    assert [hit_faces(effective_range(h, 0)) for h in (1, 2, 3)] == [(4, 5, 6), (5, 6), (6,)]
    assert hit_faces(effective_range(1, 1)) == (5, 6) and hit_faces(effective_range(2, -1)) == (6,)
    assert effective_range(3, 1) is None and effective_range(1, 2) is None and effective_range(4, 0) is None


def firing(target_hexes: int = 2, alt_diff: int = 0, damaged: bool = False) -> PCVState:
    """Red (speed 1) has moved one hex east; Blue sits ``target_hexes`` ahead of it."""
    s = game(Plane("R", 0, (1, 4), 0, 3, 1), Plane("B", 1, (2 + target_hexes, 4), 3, 3 + alt_diff, 3, damaged))
    return s.play(FORWARD).play(KEEP)


def test_fire_phase_offers_the_target_then_rolls_a_fair_die():
    s = firing(2)
    assert s.phase == "fire" and s.legal_moves() == (Fire("B"),)
    rolling = s.play(Fire("B"))
    assert rolling.current_player == CHANCE
    assert [o for o, _ in rolling.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    assert all(p == rolling.probability_of(1) for _, p in rolling.chance_outcomes())
    with pytest.raises(IllegalMove, match="not in R's line of fire"):
        s.play(Fire("Nobody"))


@pytest.mark.parametrize("hexes, alt, face, result", [
    (2, 0, 4, "miss"), (2, 0, 5, "damaged"), (2, 0, 6, "destroyed"),  # range 2 hits on 5-6
    (1, 0, 4, "damaged"), (1, 0, 3, "miss"),                           # range 1 hits on 4-6
    (3, 0, 5, "miss"), (3, 0, 6, "destroyed"),                         # range 3 only on a 6
    (1, 1, 4, "miss"), (1, 1, 5, "damaged"), (2, -1, 5, "miss"),       # one level apart: one hex more
])
def test_shot_results_by_hand(hexes, alt, face, result):
    s = firing(hexes, alt).play(Fire("B")).play(face)
    blue = s.plane_named("B")
    assert {"miss": blue.flying and not blue.damaged, "damaged": blue.flying and blue.damaged,
            "destroyed": blue.out == "destroyed"}[result]
    assert s.last_roll == face


def test_a_hit_on_a_damaged_plane_destroys_it():
    s = firing(2, damaged=True).play(Fire("B")).play(5)
    assert s.plane_named("B").out == "destroyed" and s.winner == 0


def test_out_of_reach_means_no_fire_phase():
    for hexes, alt in ((3, 1), (4, 0), (1, 2)):
        s = firing(hexes, alt)
        assert s.side == 1 and s.phase == "move", (hexes, alt)


def test_only_enemies_are_targets_and_the_nearest_comes_first():
    s = game(Plane("R", 0, (1, 4), 0, 3, 1), Plane("R2", 0, (3, 4), 0, 4, 3), Plane("B", 1, (5, 4), 3, 3, 3),
             Plane("B2", 1, (4, 4), 3, 4, 3))
    s = s.play(Pick("R")).play(FORWARD).play(KEEP)  # R now at (2,4); R2 still to move
    s = s.play(Manoeuvre("forward", "left")).play(Manoeuvre("forward", "right")).play(Manoeuvre("forward", "left"))
    s = s.play(KEEP)
    # R at (2,4) alt 3: B2 is 2 hexes ahead one level up (effective 3), B is 3 ahead at the same level (3)
    assert s.phase == "fire" and s.plane.name == "R"
    assert {m.target for m in s.legal_moves()} == {"B", "B2"}


def two_in_line(rules: PCVOptions) -> PCVState:
    """R (moved) has B 2 hexes ahead and B2 3 hexes ahead, both at its altitude."""
    s = game(Plane("R", 0, (1, 4), 0, 3, 1), Plane("B", 1, (4, 4), 3, 3, 3), Plane("B2", 1, (5, 4), 3, 3, 3),
             rules=rules)
    return s.play(FORWARD).play(KEEP)


def test_one_target_a_turn_is_the_default_reading():
    s = two_in_line(PCVOptions())
    assert s.options.fire == "one-target" and {m.target for m in s.legal_moves()} == {"B", "B2"}
    s = s.play(Fire("B2")).play(1)  # a miss; R does not fire again this turn
    assert s.side == 1 and s.phase == "pick-move"  # Blue's turn: Blue chooses which of B and B2 moves first
    with pytest.raises(ValueError, match="fire is one of 'one-target', 'every-target'"):
        PCVOptions(fire="all-guns")


def test_every_target_fires_once_at_each_enemy_in_line():
    s = two_in_line(PCVOptions(fire="every-target")).play(Fire("B")).play(1)
    assert s.phase == "fire" and s.plane.name == "R" and s.legal_moves() == (Fire("B2"),)
    with pytest.raises(IllegalMove, match="already fired at B this turn"):
        s.play(Fire("B"))
    s = s.play(Fire("B2")).play(6)
    assert s.plane_named("B2").out == "destroyed" and s.side == 1


# --- objectives and scenarios -----------------------------------------------------------------------------

def test_reaching_the_east_edge_wins_a_breakthrough():
    board = Board(12, 9)
    s = game(Plane("R", 0, board.from_offset(10, 4), 0, 3, 1), Plane("B", 1, board.from_offset(2, 0), 3, 3, 3),
             objective=Objective("reach-edge", 0, "east"))
    s = s.play(FORWARD)
    assert s.is_over() and s.winner == 0 and "east edge" in s.note


def test_survive_wins_at_the_turn_limit_and_last_side_flying_draws():
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("B", 1, (8, 0), 3, 3, 1))
    for objective, winner in ((Objective("survive", 0), 0), (Objective(), None), (Objective("reach-edge", 0), 1)):
        s = game(*planes, objective=objective, turn_limit=1)
        s = s.play(FORWARD).play(KEEP).play(FORWARD).play(KEEP)
        assert s.is_over() and s.winner == winner and "turn limit" in s.note


def test_the_kit_scenarios_load_and_start():
    scenarios = load_scenarios()
    assert {"duel", "patrol", "breakthrough", "last-stand"} <= set(scenarios)
    assert [len(scenarios[n].planes) for n in ("duel", "patrol")] == [2, 4]
    assert scenarios["breakthrough"].objective.kind == "reach-edge"
    assert scenarios["last-stand"].objective.kind == "survive"
    assert scenario("duel").start().current_player == 0
    with pytest.raises(ValueError, match="there is no scenario 'nope'"):
        scenario("nope")


def test_scenarios_load_from_a_file_and_refuse_bad_data(tmp_path):
    data = {"scenarios": [{"name": "mine", "turn_limit": 3, "board": {"width": 6, "height": 5},
                           "planes": [{"name": "A", "side": 0, "at": [0, 2]},
                                      {"name": "Z", "side": 1, "at": [5, 2], "facing": "W"}]}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    mine = load_scenarios(path)["mine"]
    assert mine.turn_limit == 3 and mine.planes[1].facing == 3
    data["scenarios"][0]["planes"][1]["at"] = [9, 2]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="starts off the map"):
        load_scenarios(path)
    del data["scenarios"][0]["planes"]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="missing the field 'planes'"):
        load_scenarios(path)


def test_bad_planes_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="altitude must be a whole number from 1 to 6"):
        Plane("X", 0, (0, 0), 0, 7, 3)
    with pytest.raises(ValueError, match="speed must be a whole number from 1 to 6"):
        Plane("X", 0, (0, 0), 0, 3, 0)
    with pytest.raises(ValueError, match="facing"):
        Plane("X", 0, (0, 0), 6)
    with pytest.raises(ValueError, match="side"):
        Plane("X", 2, (0, 0))


def test_the_map_draws_planes_smoke_and_the_line_of_fire():
    s = firing(2, damaged=True)
    svg = board(s).svg()
    assert svg.startswith("<svg") and svg.count('class="circus-plane') == 2
    assert "circus-damaged" in svg and "#fde0dd" in svg  # smoke on B, R's line of fire tinted
    # a position is drawn by the pictures (which import the rules): in words where it is a cell's last value
    assert not hasattr(s, "_repr_html_")
    printed = []
    s._repr_pretty_(type("Printer", (), {"text": lambda self, t: printed.append(t)})(), False)
    assert printed == ["\n".join([str(s), f"  {s.planes[0]}", f"  {s.planes[1]}"])] and "R at (2, 4)" in printed[0]


# --- one start, the options, the old names -----------------------------------------------------------------

def test_new_game_starts_the_scenario_the_options_name():
    assert new_game() == scenario("duel").start() == new_game(PCVOptions(scenario="duel"))
    patrol = new_game(PCVOptions(scenario="patrol"), players=2)
    assert patrol.scenario == scenario("patrol") and patrol.phase == "pick-move" and patrol.side == 0
    assert patrol == scenario("patrol").start()  # the convenience goes through the same start
    assert new_game(PCVOptions(scenario=scenario("patrol"))) == patrol  # the kit's scenario as itself: the same
    mine = Scenario("mine", Board(6, 5), (Plane("A", 0, (0, 2)), Plane("Z", 1, (3, 2), "W")), turn_limit=3)
    assert new_game(PCVOptions(scenario=mine)).scenario == mine and mine.start().options.scenario == mine
    with pytest.raises(ValueError, match="scenario is one of 'duel', 'patrol', 'breakthrough', 'last-stand'"):
        PCVOptions(scenario="dogfight")
    with pytest.raises(ValueError, match="played by two sides"):
        new_game(players=3)
    with pytest.raises(TypeError, match="players must be a whole number"):
        new_game(players="two")
    with pytest.raises(TypeError, match="options must be a PCVOptions"):
        new_game("patrol")
    with pytest.raises(TypeError, match="rng"):
        new_game(rng=random.Random(1))  # the start is not random: there is no rng to give
    assert scenario_names() == ("duel", "patrol", "breakthrough", "last-stand")


def test_the_side_that_starts_is_an_option_whose_default_is_the_scenario():
    assert PCVOptions().first_side is None and new_game().side == 0
    blue = new_game(PCVOptions(first_side=1))
    assert blue.side == 1 and blue.plane.name == "Blue 1" and blue.scenario.first_side == 1
    assert "Turn 1: Blue moves" in blue.note
    # a turn ends when the side that started has moved again
    after = blue.play(Manoeuvre("forward")).play(Manoeuvre("forward")).play(Manoeuvre("forward")).play(KEEP)
    assert after.side == 0 and after.turn == 1
    with pytest.raises(ValueError, match="first_side"):
        PCVOptions(first_side=2)
    with pytest.raises(TypeError, match="first_side"):
        PCVOptions(first_side=True)


def test_the_registry_starts_with_the_options_type_and_draws_every_option():
    assert GAME.options is PCVOptions and GAME.new_game is new_game
    drawn = [GAME.random_start(random.Random(seed)).options for seed in range(60)]
    for field in ("turning", "fire", "off_map", "plane_order", "scenario", "first_side"):
        assert len({getattr(o, field) for o in drawn}) >= 2, field  # each reading is drawn both ways
    assert {o.scenario for o in drawn} == set(scenario_names())


def test_the_old_names_still_answer_for_one_release():
    import circuslib.pcv as package
    from circuslib.pcv import rules

    for module in (rules, package):
        with pytest.warns(DeprecationWarning, match="Dogfight is now called PCVState"):
            assert module.Dogfight is PCVState
        with pytest.warns(DeprecationWarning, match="Rules is now called PCVOptions"):
            assert module.Rules is PCVOptions
    with pytest.warns(DeprecationWarning, match="state.rules is now state.options"):
        assert new_game().rules == PCVOptions()
    with pytest.raises(AttributeError):
        rules.Dogfights  # noqa: B018


# --- invariants under random play -------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(["duel", "patrol", "breakthrough", "last-stand"]),
       turning=st.sampled_from(["front-three", "straight"]), fire=st.sampled_from(["one-target", "every-target"]))
def test_random_play_ends_and_keeps_every_plane_accounted_for(seed, name, turning, fire):
    start = new_game(PCVOptions(turning, fire, scenario=name))
    end, history = playout(start, random.Random(seed), record=True)
    assert end.is_over()
    assert [p.name for p in end.planes] == [p.name for p in start.planes]  # planes are never created or lost
    for p in end.planes:
        assert p.flying == (not p.out)
        if p.flying:
            assert 1 <= p.altitude <= 6 and 1 <= p.speed <= 6


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_states_are_immutable_and_a_failed_move_changes_nothing(seed, steps):
    rng = random.Random(seed)
    s = scenario("patrol").start()
    for _ in range(steps):
        if s.is_over():
            break
        before, snapshot = s, (s.planes, s.phase, s.active, s.mp_left, s.side, s.turn)
        wrong = Fire("nobody") if s.phase != "fire" else Manoeuvre("forward")
        with pytest.raises(IllegalMove):
            s.play(wrong)
        assert (s.planes, s.phase, s.active, s.mp_left, s.side, s.turn) == snapshot
        choices = [o for o, _ in s.chance_outcomes()] if s.current_player == CHANCE else list(s.legal_moves())
        move = rng.choice(choices)
        s = s.play(move)
        assert (before.planes, before.phase, before.active, before.mp_left) == snapshot[:4]
        for p in s.planes:
            if p.flying:
                assert 1 <= p.altitude <= 6


@settings(max_examples=50, deadline=None)
@given(alt=st.integers(1, 6), mp=st.integers(1, 6), seed=st.integers(0, 1000))
def test_every_random_manoeuvre_sequence_spends_exactly_the_speed(alt, mp, seed):
    rng = random.Random(seed)
    s = game(Plane("R", 0, Board(40, 40).from_offset(20, 20), 0, alt, mp), Plane("B", 1, (0, 0), 0, 3, 3),
             board=Board(40, 40))
    spent = 0
    while s.phase == "move" and s.side == 0:
        move = rng.choice(s.legal_moves())
        spent += move.cost
        s = s.play(move)
    red = s.planes[0]
    assert spent == mp or red.out == "landed"
    if red.flying:
        assert 1 <= red.altitude <= 6


def test_states_are_frozen_and_hashable():
    import dataclasses

    s = scenario("duel").start()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.turn = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.planes[0].altitude = 6
    after = s.play(FORWARD)
    assert s.mp_left == 3 and after.mp_left == 2 and s.planes[0].hex != after.planes[0].hex
    assert len({s, after, scenario("duel").start()}) == 2  # equal positions are equal states


def test_the_kit_scenarios_are_read_once_and_equal_a_fresh_reading():
    from circuslib.pcv.rules import load_scenarios, scenario

    fresh = load_scenarios()
    for name, loaded in fresh.items():
        assert scenario(name) == loaded and scenario(name) is scenario(name)
        hash(scenario(name))  # immutable all the way down, so one copy can be shared


def test_every_roll_shares_one_die_of_six_equal_faces():
    from fractions import Fraction

    from circuslib.pcv.rules import Board, Fire, Manoeuvre, Plane, Scenario, SpeedChange

    setup = Scenario("range 1", Board(10, 8), (Plane("R", 0, (1, 4), 0, 3, 1), Plane("B", 1, (3, 4), 3, 3, 3)))
    rolling = setup.start().play(Manoeuvre("forward")).play(SpeedChange(0)).play(Fire("B"))
    die = rolling.chance_outcomes()
    assert die == tuple((face, Fraction(1, 6)) for face in range(1, 7)) and isinstance(die, tuple)
    assert rolling.play(6).chance_outcomes() == () and rolling.chance_outcomes() is die  # shared, and immutable
