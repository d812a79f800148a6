"""The PCV game widget driven headless: buttons clicked, its HTML read back."""
from __future__ import annotations

import random

import pytest

from circuslib.pcv.rules import Board, Manoeuvre, PCVOptions, Plane, Scenario
from circuslib.pcv.widget import PCVWidget


def buttons(w, css):
    return [b for b in w.frame.controls.children if css in b._dom_classes]


def face_off(damaged=False):
    """Red 1 (speed 1) two hexes from Blue 1, both at altitude 3, facing each other."""
    planes = (Plane("Red 1", 0, (2, 4), 0, 3, 1), Plane("Blue 1", 1, (5, 4), 3, 3, 1, damaged))
    return Scenario("face-off", Board(10, 8), planes, turn_limit=5)


def test_only_legal_manoeuvres_are_offered_with_the_points_left():
    w = PCVWidget("duel", rng=random.Random(1), opponent=None)
    labels = [b.description for b in buttons(w, "circus-manoeuvre")]
    assert len(labels) == 15 and "loop up (3)" in labels
    assert "3 movement points left" in w.frame.message.value
    buttons(w, "circus-manoeuvre")[0].click()  # forward (1)
    labels = [b.description for b in buttons(w, "circus-manoeuvre")]
    assert "2 movement points left" in w.frame.message.value
    assert not any(label.startswith("loop") for label in labels) and "up (2)" in labels
    assert "circus-pcv-map" in w.frame.board.value and "#fdd49e" in w.frame.board.value  # reachable hexes shaded


def test_a_full_turn_move_speed_fire_roll_hot_seat():
    w = PCVWidget(face_off(), rng=random.Random(4), opponent=None)
    assert "no end position" not in w.frame.odds.value and "circus-best" in w.frame.odds.value
    [forward] = [b for b in buttons(w, "circus-manoeuvre") if b.description == "forward (1)"]
    forward.click()
    assert [b.description for b in buttons(w, "circus-speed")] == ["speed -1 → 0 (stalls!)", "keep speed → 1",
                                                                   "speed +1 → 2"]
    buttons(w, "circus-speed")[1].click()
    # Blue 1 is now two hexes ahead at the same altitude: destroy on a 6 (1/6), damage on a 5 (1/6), miss 2/3
    [fire] = buttons(w, "circus-fire")
    assert fire.description == "fire at Blue 1 (destroy 1/6)"
    assert "2 hexes ahead" in w.frame.odds.value and "<td>2/3</td>" in w.frame.odds.value
    fire.click()
    [roll] = buttons(w, "circus-roll")
    roll.click()
    assert "circus-die" in w.frame.board.value  # the die is shown after the roll
    assert "rolls" in w.frame.lines[-1] or "rolls" in " ".join(w.frame.lines)
    assert w.state.last_roll in range(1, 7)


def test_the_bot_answers_after_the_students_turn():
    w = PCVWidget("duel", rng=random.Random(2), opponent="greedy")
    for _ in range(3):
        buttons(w, "circus-manoeuvre")[0].click()
    buttons(w, "circus-speed")[1].click()
    assert w.state.side == 0 and w.state.turn == 2  # Blue (the bot) has played its whole turn
    assert any(line.startswith("Blue: Blue 1") for line in w.frame.lines)


def test_an_illegal_move_is_explained_and_changes_nothing():
    w = PCVWidget("duel", rng=random.Random(2), opponent=None)
    assert w.play(Manoeuvre("loop", climb=1)) is True  # all 3 points spent: the speed step comes next
    state, log = w.state, list(w.frame.lines)
    assert w.play(Manoeuvre("forward")) is False
    assert w.state == state and w.frame.lines == log
    assert "Not allowed" in w.frame.message.value and "change its speed by -1, 0 or +1" in w.frame.message.value


def test_the_game_ends_with_a_new_game_button():
    w = PCVWidget("duel", rng=random.Random(5), opponent="random")
    for _ in range(200):
        if w.state.is_over():
            break
        controls = [b for b in w.frame.controls.children if "circus-new" not in b._dom_classes]
        controls[0].click()
    assert w.state.is_over() and "Game over" in w.frame.lines[-1]
    buttons(w, "circus-new")[0].click()
    assert not w.state.is_over() and w.state.turn == 1


def test_a_long_game_leaves_no_closed_positions_open():
    from ipywidgets.widgets.widget import _instances

    w = PCVWidget("duel", rng=random.Random(1))
    rng = random.Random(5)
    open_at_start = len(_instances)
    for _ in range(200):  # each position's buttons are made anew; the ones replaced must be closed
        controls = [b for b in w.frame.controls.children if "circus-new" not in b._dom_classes] or \
            list(w.frame.controls.children)
        rng.choice(controls).click()
    assert len(_instances) <= open_at_start + 3 * 16  # at most one more row of buttons (with layouts and styles)
    assert all(b.comm is not None for b in w.frame.controls.children)


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="seeded random generator"):
        PCVWidget("duel", rng=1)
    with pytest.raises(ValueError, match="opponent"):
        PCVWidget("duel", rng=random.Random(1), opponent="ace")
    with pytest.raises(TypeError, match="opponent"):
        PCVWidget("duel", rng=random.Random(1), opponent=3)
    with pytest.raises(ValueError, match="human_side"):
        PCVWidget("duel", rng=random.Random(1), human_side=2)
    with pytest.raises(ValueError, match="scenario is one of"):
        PCVWidget("dogfight", rng=random.Random(1))


def test_the_options_choose_the_scenario_and_the_readings():
    w = PCVWidget(PCVOptions(scenario="patrol", plane_order="listed", first_side=1), rng=random.Random(3),
                  opponent=None)
    assert w.state.scenario.name == "patrol" and w.state.side == 1 and w.state.phase == "move"  # no pick: listed
    assert w.state.plane.name == "Blue 1" and "patrol (hot-seat)" in w.frame.title.value


def test_the_old_name_still_answers_for_one_release():
    from circuslib.pcv import widget

    with pytest.warns(DeprecationWarning, match="DogfightWidget is now called PCVWidget"):
        assert widget.DogfightWidget is PCVWidget


def test_a_side_with_two_planes_picks_which_goes_next_with_buttons():
    w = PCVWidget("patrol", rng=random.Random(2), opponent=None)
    picks = buttons(w, "circus-pick")
    assert [b.description for b in picks] == ["Red 1 goes next", "Red 2 goes next"]
    assert "Choose which of your planes will move next" in w.frame.message.value
    picks[1].click()
    assert w.state.phase == "move" and w.state.plane.name == "Red 2" and not buttons(w, "circus-pick")
