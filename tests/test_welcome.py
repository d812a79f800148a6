"""The welcome notebook's Pig: exact values, the clickable widget driven headless, and the warm-up checks."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.welcome import PigTurn, PigWidget, check, expected_gain_of_a_roll, pig_value, rank_cycle


def test_pig_values_are_exact_rationals():
    assert pig_value(20, 20) == sympy.Rational(492303203, 60466176)
    assert pig_value(2, 2) == sympy.Rational(10, 3)
    assert expected_gain_of_a_roll(8) == 2 and expected_gain_of_a_roll(20) == 0


def test_widget_rolls_and_stops_by_clicks_and_logs_every_step():
    w = PigWidget(random.Random(1))
    w.roll_button.click()
    w.roll_button.click()
    # random.Random(1) rolls 2 then 5 (drawn through the exact sampler)
    assert w.frame.lines == ["rolled 2, total 2", "rolled 5, total 7"]
    assert w.state.total == 7 and "turn total 7" in w.frame.board.value
    assert "<span class='circus-gain'>13/6</span>" in w.frame.odds.value  # (20 - 7) / 6
    w.stop_button.click()
    assert w.state.is_over() and w.frame.lines[-1] == "stopped with 7"
    assert w.roll_button.disabled and "This turn scores 7" in w.frame.message.value
    w.again_button.click()
    assert w.state == PigTurn() and not w.roll_button.disabled


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


def test_warmup_checks_pass_right_answers_and_explain_wrong_ones(capsys):
    assert check.two_dice_seven(Fraction(1, 6)).startswith(CORRECT_MARK)
    assert check.scout_deck_size(45).startswith(CORRECT_MARK)
    assert check.ace_to_seven(6).startswith(CORRECT_MARK)
    assert check.two_safe_rolls(sympy.Rational(25, 36)).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="not equally likely"):
        check.two_dice_seven(Fraction(1, 11))
    with pytest.raises(WrongAnswer, match="turned round"):
        check.scout_deck_size(90)
    with pytest.raises(WrongAnswer, match="other way"):
        check.ace_to_seven(7)
    with pytest.raises(WrongAnswer, match="multiply"):
        check.two_safe_rolls(Fraction(5, 6))


def test_rank_cycle_is_the_13_cycle():
    import networkx as nx

    cycle = rank_cycle()
    assert cycle.number_of_nodes() == 13 and all(d == 2 for _, d in cycle.degree())
    assert nx.shortest_path_length(cycle, 1, 13) == 1 and nx.shortest_path_length(cycle, 1, 7) == 6
