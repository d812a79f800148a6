"""The PCV widgets driven headless: buttons clicked and sliders moved, their HTML read back."""
from __future__ import annotations

import random

import pytest

from circuslib.pcv.rules import Board, Manoeuvre, Plane, Scenario
from circuslib.pcv.widget import DogfightWidget, OddsExplorer, destroy_curve_svg


def buttons(w, css):
    return [b for b in w.frame.controls.children if css in b._dom_classes]


def face_off(damaged=False):
    """Red 1 (speed 1) two hexes from Blue 1, both at altitude 3, facing each other."""
    planes = (Plane("Red 1", 0, (2, 4), 0, 3, 1), Plane("Blue 1", 1, (5, 4), 3, 3, 1, damaged))
    return Scenario("face-off", Board(10, 8), planes, turn_limit=5)


def test_only_legal_manoeuvres_are_offered_with_the_points_left():
    w = DogfightWidget("duel", rng=random.Random(1), opponent=None)
    labels = [b.description for b in buttons(w, "circus-manoeuvre")]
    assert len(labels) == 15 and "loop up (3)" in labels
    assert "3 movement point(s) left" in w.frame.message.value
    buttons(w, "circus-manoeuvre")[0].click()  # forward (1)
    labels = [b.description for b in buttons(w, "circus-manoeuvre")]
    assert "2 movement point(s) left" in w.frame.message.value
    assert not any(label.startswith("loop") for label in labels) and "up (2)" in labels
    assert "circus-pcv-map" in w.frame.board.value and "#fdd49e" in w.frame.board.value  # reachable hexes shaded


def test_a_full_turn_move_speed_fire_roll_hot_seat():
    w = DogfightWidget(face_off(), rng=random.Random(4), opponent=None)
    assert "no end position" not in w.frame.odds.value and "circus-best" in w.frame.odds.value
    [forward] = [b for b in buttons(w, "circus-manoeuvre") if b.description == "forward (1)"]
    forward.click()
    assert [b.description for b in buttons(w, "circus-speed")] == ["speed -1 → 0 (stalls!)", "keep speed → 1", "speed +1 → 2"]
    buttons(w, "circus-speed")[1].click()
    # Blue 1 is now two hexes ahead at the same altitude: destroy on a 6 (1/6), damage on a 5 (1/6), miss 2/3
    [fire] = buttons(w, "circus-fire")
    assert fire.description == "fire at Blue 1 (destroy 1/6)"
    assert "2 hex(es) ahead" in w.frame.odds.value and "<td>2/3</td>" in w.frame.odds.value
    fire.click()
    [roll] = buttons(w, "circus-roll")
    roll.click()
    assert "circus-die" in w.frame.board.value  # the die is shown after the roll
    assert "rolls" in w.frame.lines[-1] or "rolls" in " ".join(w.frame.lines)
    assert w.state.last_roll in range(1, 7)


def test_the_bot_answers_after_the_students_turn():
    w = DogfightWidget("duel", rng=random.Random(2), opponent="greedy")
    for _ in range(3):
        buttons(w, "circus-manoeuvre")[0].click()
    buttons(w, "circus-speed")[1].click()
    assert w.state.side == 0 and w.state.turn == 2  # Blue (the bot) has played its whole turn
    assert any(line.startswith("Blue: Blue 1") for line in w.frame.lines)


def test_an_illegal_move_is_explained_and_changes_nothing():
    w = DogfightWidget("duel", rng=random.Random(2), opponent=None)
    assert w.play(Manoeuvre("loop", climb=1)) is True  # all 3 points spent: the speed step comes next
    state, log = w.state, list(w.frame.lines)
    assert w.play(Manoeuvre("forward")) is False
    assert w.state == state and w.frame.lines == log
    assert "Not allowed" in w.frame.message.value and "change its speed by -1, 0 or +1" in w.frame.message.value


def test_the_game_ends_with_a_new_game_button():
    w = DogfightWidget("duel", rng=random.Random(5), opponent="random")
    for _ in range(200):
        if w.state.is_over():
            break
        controls = [b for b in w.frame.controls.children if "circus-new" not in b._dom_classes]
        controls[0].click()
    assert w.state.is_over() and "Game over" in w.frame.lines[-1]
    buttons(w, "circus-new")[0].click()
    assert not w.state.is_over() and w.state.turn == 1


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="seeded random generator"):
        DogfightWidget("duel", rng=1)
    with pytest.raises(ValueError, match="opponent"):
        DogfightWidget("duel", rng=random.Random(1), opponent="ace")


def test_the_explorer_reacts_to_its_sliders():
    e = OddsExplorer()
    assert "effective range 1" in e.output.value and "10/3" in e.output.value  # expected shots at range 1
    e.hexes.value = 2
    assert "13/27" in e.output.value  # destroyed within 3 shots at range 2 (hand value in test_pcv_odds)
    e.alt_diff.value = 2
    assert "certain miss" in e.output.value and "oo" in e.output.value
    e.alt_diff.value, e.hexes.value, e.shots.value = 1, 1, 2
    assert "1/3" in e.output.value  # range 1, one level apart: within 2 shots 1 - (2/3)^2 - 2(1/6)(2/3) = 1/3
    assert "<polyline" in e.curve.value


def test_the_curve_climbs_from_zero():
    svg = destroy_curve_svg(1, 0, 4, width=200, height=100)
    assert svg.count("<polyline") == 2 and 'class="circus-svg circus-curve"' in svg


def test_a_side_with_two_planes_picks_which_goes_next_with_buttons():
    w = DogfightWidget("patrol", rng=random.Random(2), opponent=None)
    picks = buttons(w, "circus-pick")
    assert [b.description for b in picks] == ["Red 1 goes next", "Red 2 goes next"]
    assert "Choose which of your planes will move next" in w.frame.message.value
    picks[1].click()
    assert w.state.phase == "move" and w.state.plane.name == "Red 2" and not buttons(w, "circus-pick")
