"""The PCV widgets driven headless: buttons clicked and sliders moved, their HTML read back."""
from __future__ import annotations

import random

import pytest

from circuslib.pcv.rules import Board, Manoeuvre, Plane, Scenario
from circuslib.pcv.widget import DiceExplorer, DogfightWidget, OddsExplorer, destroy_curve_svg


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


def test_a_long_game_leaves_no_closed_positions_open():
    from ipywidgets.widgets.widget import _instances

    w = DogfightWidget("duel", rng=random.Random(1))
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
        DogfightWidget("duel", rng=1)
    with pytest.raises(ValueError, match="opponent"):
        DogfightWidget("duel", rng=random.Random(1), opponent="ace")


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


# ---------------------------------------------------------------------------------------------------------
# the explorers


def images(box):
    """Every ipywidgets Image in a widget tree (an explorer draws its plot in exactly one)."""
    import ipywidgets as widgets

    found = [box] if isinstance(box, widgets.Image) else []
    for child in getattr(box, "children", ()):
        found += images(child)
    return found


def refused(e):
    return "circus-refused" in e.message.value


def test_the_odds_explorer_shows_hand_worked_odds_as_fractions_and_decimals():
    e = OddsExplorer()  # 1 hex ahead, same altitude: effective range 1, p = 1/2, q = 1/6
    assert "effective range 1" in e.output.value and not refused(e)
    for shown in ("1/2 = 0.5000", "1/3 ≈ 0.3333", "1/6 ≈ 0.1667"):  # miss, damage, destroy
        assert shown in e.output.value
    # within 3 shots: 1 - (1/2)^2 (1/2 + 3 (1/3)) = 5/8; damaged 1 - (1/2)^3 = 7/8; E = (2p - q)/p^2 = 10/3, 1/p = 2
    assert "<b class='circus-within'>5/8 = 0.6250</b>" in e.output.value and "7/8 = 0.8750" in e.output.value
    assert "<b class='circus-expected'>10/3 ≈ 3.3333</b>" in e.output.value and "2 = 2.0000" in e.output.value
    e.hexes.value = 2  # p = 1/3: 1 - (2/3)^2 (2/3 + 3/6) = 13/27, E = (2/3 - 1/6) 9 = 9/2, damaged 3
    assert "13/27 ≈ 0.4815" in e.output.value and "9/2 = 4.5000" in e.output.value and "3 = 3.0000" in e.output.value
    e.target_altitude.value = 5  # two levels apart: out of reach
    assert "certain miss" in e.output.value and "∞" in e.output.value and e.alt_diff == 2
    e.hexes.value, e.target_altitude.value, e.shots.value = 1, 4, 2  # 1 hex, one level up: effective range 2
    assert "effective range 2 = 1 + 1" in e.output.value
    assert "<b class='circus-within'>1/3 ≈ 0.3333</b>" in e.output.value  # 1 - (2/3)(2/3 + 2/6)
    e.altitude.value, e.target_altitude.value, e.hexes.value = 6, 5, 2  # one level down, 2 hexes: range 3
    assert "effective range 3" in e.output.value and "1/6 ≈ 0.1667" in e.output.value
    assert "<b class='circus-expected'>6 = 6.0000</b>" in e.output.value
    e.hexes.value = 3  # 3 hexes and one level: effective range 4, out of reach
    assert "effective range 3 + 1 is more than 3" in e.output.value and "<td>miss</td><td>1 = 1.0000" in e.output.value


def test_the_odds_explorer_agrees_with_the_odds_module_everywhere_in_reach():
    from circuslib.pcv.odds import destroy_probability, expected_shots, shot_odds

    e = OddsExplorer()
    for hexes in (1, 2, 3):
        for target in (2, 3, 4):
            e.hexes.value, e.target_altitude.value = hexes, target
            for shots in (1, 4, 12):
                e.shots.value = shots
                text = e.output.value
                assert f"<b class='circus-within'>{destroy_probability(shots, hexes, target - 3)} " in text
                assert f"'circus-within-damaged'>{destroy_probability(shots, hexes, target - 3, True)} " in text
            assert f"<b class='circus-expected'>{str(expected_shots(hexes, target - 3)).replace('oo', '∞')}" in text
            assert all(f"<td>{name}</td><td>{value} " in text for name, value in shot_odds(hexes, target - 3).items())


def test_the_odds_explorer_refuses_impossible_settings_and_keeps_working():
    e = OddsExplorer()
    before = e.output.value
    e.hexes.value = 0
    assert refused(e) and "collided" in e.message.value and e.output.value == before  # the last odds stay
    e.target_altitude.value = 4
    assert refused(e) and "own hex" in e.message.value
    e.hexes.value, e.altitude.value = 1, 0
    assert refused(e) and "landed" in e.message.value and "shooter" in e.message.value
    e.altitude.value, e.target_altitude.value = 3, 0
    assert refused(e) and "target is at altitude 0" in e.message.value
    e.target_altitude.value = 3
    assert not refused(e) and e.output.value == before
    e = OddsExplorer(hexes=0)  # refused from the start: a sentence, no odds yet, no traceback
    assert refused(e) and "still those" not in e.message.value and e.output.value == ""
    e.hexes.value = 2
    assert "13/27" in e.output.value and not refused(e)
    with pytest.raises(ValueError, match="hexes"):
        OddsExplorer(hexes=9)
    with pytest.raises(ValueError, match="target's altitude"):
        OddsExplorer(alt_diff=4)
    with pytest.raises(TypeError, match="whole number"):
        OddsExplorer(shots=2.5)


def test_the_odds_explorer_redraws_one_plot_in_place():
    import matplotlib.pyplot as plt

    figures = plt.get_fignums()
    e = OddsExplorer()
    [image] = images(e.widget)
    first = bytes(image.value)
    assert first.startswith(b"\x89PNG") and image is e.plot
    ax = e.figure.axes[0]
    assert ax.get_xlabel() and ax.get_ylabel() and "effective range 1" in ax.get_title()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["intact target", "already damaged target", "n chosen"]
    lines = len(ax.lines)
    e.shots.value = 7
    assert image.value != first and images(e.widget) == [image]
    e.shots.value = 3
    assert image.value == first  # the same picture again (cached)
    e.hexes.value = 3
    assert "effective range 3" in ax.get_title() and len(ax.lines) == lines and len(e.figure.axes) == 1
    assert plt.get_fignums() == figures  # the figure is the explorer's own, never a new pyplot figure


def test_the_dice_explorer_starts_from_the_rules_die_and_follows_edits():
    d = DiceExplorer()  # the rules' die at effective range 1: damage on 4 5, destroy on 6
    assert d.damage.value == "4 5" and d.destroy.value == "6" and not refused(d)
    text = d.output.value
    assert "misses on 1 2 3 (1/2 = 0.5000)" in text and "damages on 4 5 (1/3 ≈ 0.3333)" in text
    assert "<tr><th>intact</th><td>1/2</td><td>1/3</td><td>1/6</td></tr>" in text  # the chain's first row
    assert "<tr><th>damaged</th><td>0</td><td>1/2</td><td>1/2</td></tr>" in text
    assert "'circus-dice-expected'>10/3 ≈ 3.3333</b>" in text and "'circus-dice-within'>5/8 = 0.6250</b>" in text
    # a d8 that damages on 5 6 7 and destroys on 8: p = 1/2, q = 1/8, E = (2p - q)/p^2 = 7/2, 1/p = 2,
    # within 3: 1 - (1/2)^2 (1/2 + 3 (3/8)) = 19/32
    d.sides.value, d.damage.value, d.destroy.value = 8, "5-7", "8"
    text = d.output.value
    assert "'circus-dice-expected'>7/2 = 3.5000</b>" in text and "2 = 2.0000" in text
    assert "'circus-dice-within'>19/32 ≈ 0.5938</b>" in text
    d.damage.value, d.sides.value, d.destroy.value = "", 6, "6"  # no damage step: p = q = 1/6, E = 1/q = 6
    assert "'circus-dice-expected'>6 = 6.0000</b>" in d.output.value and "every hit destroys" in d.output.value
    d.damage.value, d.destroy.value = "1, 2, 3, 4, 5, 6", ""  # every face damages: 2 shots exactly
    assert "'circus-dice-expected'>2 = 2.0000</b>" in d.output.value
    assert "'circus-dice-within'>1 = 1.0000</b>" in d.output.value
    d.damage.value = ""  # nothing hits: never destroyed
    assert "∞" in d.output.value and "never destroyed" in d.output.value and not refused(d)


def test_the_dice_explorer_agrees_with_the_odds_module_for_the_rules_die():
    from circuslib.pcv.odds import destroy_probability, expected_shots

    for reach in (1, 2, 3):
        d = DiceExplorer(reach, shots=5)
        assert f"'circus-dice-expected'>{expected_shots(reach)} " in d.output.value
        assert f"'circus-dice-within'>{destroy_probability(5, reach)} " in d.output.value
        assert f"'circus-dice-within-damaged'>{destroy_probability(5, reach, 0, True)} " in d.output.value


def test_the_dice_explorer_refuses_impossible_dice_and_keeps_working():
    d = DiceExplorer()
    before = d.output.value
    cases = [("damage", "4 4", "listed twice"), ("damage", "4 5 6", "both to damage and to destroy"),
             ("damage", "7", "no face 7"), ("destroy", "six", "is not a die face"), ("damage", "5-4", "goes downwards"),
             ("damage", "0", "no face 0")]
    for field, text, why in cases:
        getattr(d, field).value = text
        assert refused(d) and why in d.message.value and d.output.value == before, text
        d.use_rules_die()
        assert not refused(d)
    d.sides.value = 5  # the 6 of 'destroy on' is no longer on the die
    assert refused(d) and "5-sided die has faces 1 to 5" in d.message.value
    d.damage.value = "4"
    assert refused(d) and "no face 6" in d.message.value  # still refused, for the same reason
    d.destroy.value = "5"  # p = 2/5, q = 1/5: E = (2p - q)/p^2 = (3/5)(25/4) = 15/4
    assert not refused(d) and "damages on 4 (1/5 = 0.2000)" in d.output.value
    assert "'circus-dice-expected'>15/4 = 3.7500</b>" in d.output.value
    d.compare.value = 3
    d.reset.click()  # back to the rules' die, at the compared range: a 6 only
    assert (d.sides.value, d.damage.value, d.destroy.value) == (6, "", "6") and "6 = 6.0000" in d.output.value
    with pytest.raises(ValueError, match="effective range 1, 2 or 3"):
        DiceExplorer(4)
    with pytest.raises(ValueError, match="sides"):
        DiceExplorer(sides=1)
    with pytest.raises(TypeError, match="text"):
        DiceExplorer(damage=[4, 5])


def test_the_dice_explorer_redraws_one_plot_in_place():
    import matplotlib.pyplot as plt

    figures = plt.get_fignums()
    d = DiceExplorer()
    [image] = images(d.widget)
    ax = d.figure.axes[0]
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert "effective range 1" in ax.get_title()
    assert "the rules' die at the range compared, intact" in [t.get_text() for t in ax.get_legend().get_texts()]
    first, lines = bytes(image.value), len(ax.lines)
    d.destroy.value = "5 6"
    d.damage.value = "4"
    assert image.value != first and images(d.widget) == [image] and len(ax.lines) == lines
    before = bytes(image.value)
    d.compare.value = 2
    assert "effective range 2" in ax.get_title() and image.value != before
    assert plt.get_fignums() == figures and len(d.figure.axes) == 1


def _drive(explorer, moves, rng, changes=1000):
    """Make ``changes`` random changes; after each, a value or a refusal is shown and there is still one plot."""
    [image] = images(explorer.widget)
    lines = len(explorer.figure.axes[0].lines)
    for _ in range(changes):
        rng.choice(moves)()
        assert explorer.message.value or explorer.output.value
        assert images(explorer.widget) == [image] and bytes(image.value).startswith(b"\x89PNG")
        assert len(explorer.figure.axes) == 1 and len(explorer.figure.axes[0].lines) == lines
    return explorer


def test_the_odds_explorer_survives_1000_random_changes():
    import matplotlib.pyplot as plt

    figures, rng = plt.get_fignums(), random.Random(17)
    e = OddsExplorer()
    moves = [lambda s=s: setattr(s, "value", rng.randint(s.min, s.max))
             for s in (e.hexes, e.altitude, e.target_altitude, e.shots)]
    _drive(e, moves, rng)
    impossible = e.altitude.value == 0 or e.target_altitude.value == 0 or e.hexes.value == 0
    assert refused(e) == impossible
    assert plt.get_fignums() == figures


def test_the_dice_explorer_survives_1000_random_changes():
    rng = random.Random(17)
    d = DiceExplorer()
    texts = ["", "4 5", "5", "6", "1-3", "4-6", "5, 6", "5 5", "7", "x", "6-4", "1 2", "3", "2-3 5", "8", "10-12", "0"]
    moves = [lambda: setattr(d.sides, "value", rng.randint(d.sides.min, d.sides.max)),
             lambda: setattr(d.damage, "value", rng.choice(texts)),
             lambda: setattr(d.destroy, "value", rng.choice(texts)),
             lambda: setattr(d.shots, "value", rng.randint(d.shots.min, d.shots.max)),
             lambda: setattr(d.compare, "value", rng.choice([1, 2, 3])),
             d.reset.click]
    _drive(d, moves, rng)
    d.reset.click()
    assert not refused(d) and f"the rules' die at effective range {d.compare.value}" in d.output.value
