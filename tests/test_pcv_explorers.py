"""The PCV explorers driven headless: sliders moved and faces typed, their exact values and their chart (the kit's
SVG, redrawn in place) read back."""
from __future__ import annotations

import html
import random
import re
import subprocess
import sys

import pytest

from circuslib.pcv.explorers import DiceExplorer, OddsExplorer, Refused, parse_faces


def charts(box):
    """Every HTML output of a widget tree holding a chart (an explorer draws its chart in exactly one)."""
    import ipywidgets as widgets

    found = [box] if isinstance(box, widgets.HTML) and "<svg" in box.value else []
    for child in getattr(box, "children", ()):
        found += charts(child)
    return found


def legend(svg: str) -> list[str]:
    """The texts of a chart from its legend on (the legend is the last thing it writes, its first key after the
    axis labels): enough to read its keys in order."""
    texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]+)</text>", svg)]
    return texts[texts.index("P(destroyed within n shots)") + 1:]


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


def test_the_odds_explorer_redraws_one_chart_in_place():
    e = OddsExplorer()
    [chart] = charts(e.widget)
    first = chart.value
    assert chart is e.plot and first.count("<svg") == 1
    assert "P(destroyed within n shots) at effective range 1" in first and "shots fired, n" in first
    assert legend(first) == ["intact target", "already damaged target", "n chosen"]
    assert 'aria-label="P(destroyed within n shots) at effective range 1' in first and "5/8" in first
    e.shots.value = 7
    assert chart.value != first and charts(e.widget) == [chart]
    e.shots.value = 3
    assert chart.value == first  # the same setting draws the same chart
    e.hexes.value = 3
    assert "at effective range 3" in chart.value and charts(e.widget) == [chart]


def test_the_explorers_and_the_game_load_no_matplotlib():
    program = ("import sys, random\n"
               "from circuslib.pcv.explorers import OddsExplorer, DiceExplorer\n"
               "from circuslib.pcv.widget import PCVWidget\n"
               "e, d = OddsExplorer(), DiceExplorer()\n"
               "e.hexes.value, d.damage.value = 2, '3 4 5'\n"
               "w = PCVWidget('patrol', rng=random.Random(1))\n"
               "print('matplotlib' in sys.modules, 'circus-plot' in e.plot.value + d.plot.value)\n")
    shown = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["False", "True"]


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


def test_the_dice_explorer_redraws_one_chart_in_place():
    d = DiceExplorer()
    [chart] = charts(d.widget)
    first = chart.value
    assert "Your die against the rules&#x27; die at effective range 1" in first  # escaped, as every text
    assert legend(first) == ["the rules' die at the range compared, intact", "your die, intact target",
                             "your die, damaged target", "n chosen"]
    d.destroy.value = "5 6"
    d.damage.value = "4"
    assert chart.value != first and charts(d.widget) == [chart]
    before = chart.value
    d.compare.value = 2
    assert "at effective range 2" in chart.value and chart.value != before


def _drive(explorer, moves, rng, changes=1000):
    """Make ``changes`` random changes; after each, a value or a refusal is shown and there is still one chart."""
    [chart] = charts(explorer.widget)
    for _ in range(changes):
        rng.choice(moves)()
        assert explorer.message.value or explorer.output.value
        assert charts(explorer.widget) == [chart] and chart.value.count("<svg") == 1
    return explorer


def test_the_odds_explorer_survives_1000_random_changes():
    rng = random.Random(17)
    e = OddsExplorer()
    moves = [lambda s=s: setattr(s, "value", rng.randint(s.min, s.max))
             for s in (e.hexes, e.altitude, e.target_altitude, e.shots)]
    _drive(e, moves, rng)
    impossible = e.altitude.value == 0 or e.target_altitude.value == 0 or e.hexes.value == 0
    assert refused(e) == impossible


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


def test_faces_are_read_from_a_control_s_text():
    assert parse_faces("4 5", 6, "damage on") == {4, 5} and parse_faces(" 4-6 ", 6, "x") == {4, 5, 6}
    assert parse_faces("1, 2;3", 6, "x") == {1, 2, 3} and parse_faces("4 – 5", 6, "x") == {4, 5}
    assert parse_faces("", 6, "x") == frozenset()
    for typed, why in (("4 4", "listed twice"), ("7", "no face 7"), ("six", "is not a die face"),
                       ("5-4", "goes downwards"), ("0", "no face 0")):
        with pytest.raises(Refused, match=why):
            parse_faces(typed, 6, "damage on")
    with pytest.raises(TypeError, match="damage on must be a text"):
        parse_faces(4, 6, "damage on")
