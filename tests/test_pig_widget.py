"""Pig's widget and explorer driven headless: clicks play the turn, the odds panel and the explorer show exact
values, and the picture of a turn says what it shows."""
from __future__ import annotations

import random

import pytest

from circuslib.pig.explorers import StopAtExplorer, threshold_plot
from circuslib.pig.pictures import turn_picture
from circuslib.pig.rules import PigState
from circuslib.pig.widget import PigWidget


def test_widget_rolls_and_stops_by_clicks_and_logs_every_step():
    w = PigWidget(random.Random(1))
    w.roll_button.click()
    w.roll_button.click()
    # random.Random(1) rolls 2 then 5 (drawn through the exact sampler)
    assert w.frame.lines == ["rolled 2, total 2", "rolled 5, total 7"]
    assert w.state.total == 7 and "turn total 7" in w.frame.board.value
    assert "<span class='circus-gain'>13/6</span> points" in w.frame.odds.value  # (20 - 7) / 6, in the plural
    w.stop_button.click()
    assert w.state.is_over() and w.frame.lines[-1] == "stopped with 7"
    assert w.roll_button.disabled and "This turn scores 7" in w.frame.message.value
    w.again_button.click()
    assert w.state == PigState() and not w.roll_button.disabled


def test_widget_shows_a_bust_and_averages_turns():
    w = PigWidget(random.Random(4))
    while not w.state.is_over():
        w.roll_button.click()
    assert w.state.busted or w.state.total >= 20
    assert w.banked and "average over 1 turn" in w.frame.message.value


def test_widget_refuses_moves_after_the_end_in_words():
    w = PigWidget(random.Random(1))
    w.stop()
    w.stop()
    assert "Not allowed" in w.frame.message.value and "turn is over" in w.frame.message.value
    with pytest.raises(TypeError, match="seeded random generator"):
        PigWidget(5)


def test_a_turn_shows_itself_as_a_picture_with_words():
    bundle = PigState(total=9, last_roll=4)._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert bundle["text/plain"] == "Last roll 4. Turn total 9." and "turn total 9" in bundle["image/svg+xml"]
    assert turn_picture(PigState(busted=True, last_roll=1)).description().startswith("A 1 was rolled: bust!")


def test_the_explorer_shows_the_exact_value_and_redraws_its_chart():
    explorer = StopAtExplorer(10)
    assert "expected points <b>" in explorer.result.value and "<svg" in explorer.plot.value
    before = explorer.plot.value
    explorer.slider.value = 20
    assert "<b>20</b>" in explorer.result.value and explorer.plot.value != before
    words = threshold_plot(20).description()
    assert 'Curve "stop at 20: 8.14"' in words and "the best, stop at 20 or 21: 8.14" in words  # the tie, said
    with pytest.raises(ValueError, match="threshold"):
        StopAtExplorer(99)
