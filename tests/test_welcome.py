"""The welcome notebook's Pig: exact values, the clickable widget driven headless, and the warm-up checks."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.welcome import PigTurn, PigWidget, check, expected_gain_of_a_roll, pig_scores, pig_value


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


def test_warmup_checks_pass_right_answers_in_every_exact_form(capsys):
    import numpy as np

    k = sympy.Symbol("k")  # a plain symbol, made without the assumptions the check's own k has
    assert check.three_dice_ten(Fraction(27, 216)).startswith(CORRECT_MARK)
    assert check.three_dice_ten(sympy.Rational(1, 8)).startswith(CORRECT_MARK)
    assert check.twelve_number_deck(np.int64(66)).startswith(CORRECT_MARK)
    assert check.three_rolls(Fraction(125, 18)).startswith(CORRECT_MARK)
    assert check.steps_between(lambda a, b: min((a - b) % 13, (b - a) % 13)).startswith(CORRECT_MARK)
    assert check.expected_points_of_k_rolls(4 * k * sympy.Rational(5, 6) ** k).startswith(CORRECT_MARK)
    assert check.two_safe_rolls(sympy.Rational(25, 36)).startswith(CORRECT_MARK)


def test_the_pig_turn_distribution_is_exact():
    scores = pig_scores(2)  # roll once: a 1 busts, 2..6 bank themselves
    assert dict(scores.items()) == {0: Fraction(1, 6), **{v: Fraction(1, 6) for v in range(2, 7)}}
    assert pig_scores(20).mean() == pig_value(goal=100, threshold=20)
    assert float(pig_scores(15).mean()) == pytest.approx(7.8476, abs=1e-4)


def test_a_simulation_answer_is_run_with_the_checks_own_seeds():
    from circuslib.welcome_checks import _pig_simulation

    assert check.stop_at_15_simulation(_pig_simulation).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="cannot be checked"):
        check.stop_at_15_simulation((7.8, (7.6, 8.0)))
    with pytest.raises(WrongAnswer, match="raised ZeroDivisionError on input"):
        check.stop_at_15_simulation(lambda n, seed: 1 / 0)


def test_pigs_direct_rule_check_agrees_with_the_generic_one():
    # PigTurn.is_legal checks the rule directly (a simulated turn asks at every step); the protocol's own check,
    # through legal_moves and chance_outcomes, must agree on every kind of position and every kind of move
    from circuslib.core.game import GameState, Move
    from circuslib.welcome import ROLL, STOP

    states = [PigTurn(), PigTurn(rolling=True), PigTurn(total=7, rolling=True), PigTurn(total=12), PigTurn(stopped=True),
              PigTurn(busted=True, last_roll=1), PigTurn(total=20), PigTurn(total=5, goal=6, rolling=True)]
    moves = [ROLL, STOP, Move("jump"), 0, 1, 2, 3, 4, 5, 6, 7, True, False, 1.0, 6.0, "1", None, (1,)]
    for state in states:
        for move in moves:
            assert state.is_legal(move) == GameState.is_legal(state, move), (state, move)


def test_the_die_of_a_pig_turn_is_fair_and_exact():
    # the faces are built once for every roll: they must stay the fair die, exactly, whatever the turn
    outcomes = PigTurn(total=9, rolling=True).chance_outcomes()
    assert outcomes == PigTurn(rolling=True).chance_outcomes()
    assert [face for face, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(chance == Fraction(1, 6) and isinstance(chance, Fraction) for _, chance in outcomes)
    assert PigTurn(total=20, rolling=True).chance_outcomes() == () == PigTurn().chance_outcomes()
