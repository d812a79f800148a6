"""The Flip Circus exercise checks: a right answer passes, typical wrong answers fail with a helpful message."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import WrongAnswer
from circuslib.flip_circus.bots import greedy_bot, random_bot
from circuslib.flip_circus.checks import RING_A, RING_B, check
from circuslib.flip_circus.graphs import swap_distance
from circuslib.flip_circus.rules import END_TURN, flip, swap


def test_every_exercise_has_a_check():
    assert set(check) == {"rings_up_to_rotation", "face_patterns_with_symmetry", "back_of_the_acrobate",
                          "value_of_a_look", "swap_distance_between_rings", "winning_turn", "bot_beats_random"}


@pytest.mark.parametrize("name, right, wrongs", [
    ("rings_up_to_rotation", 362880, [(3628800, "10!"), (181440, "mirror"), (1.5, "whole number")]),
    ("face_patterns_with_symmetry", 384, [(7560, "every row"), (756, "turning only"), (378, "Burnside")]),
    ("back_of_the_acrobate", Fraction(1, 2), [(Fraction(1, 5), "not a Clown token"), (0.5, "exactly"),
                                               (Fraction(3, 2), "between 0 and 1")]),
    ("value_of_a_look", sympy.log(5, 2), [(5, "logarithm"), (sympy.log(5), "nats"), (2.32, "decimal"),
                                          (None, "empty")]),
    ("swap_distance_between_rings", 4, [(12, "last and the first place are neighbours"), (3, "not right yet")]),
])
def test_right_answers_pass_and_wrong_ones_explain(name, right, wrongs, capsys):
    assert getattr(check, name)(right).startswith("✔ Correct")
    for wrong, hint in wrongs:
        with pytest.raises(WrongAnswer, match=hint):
            getattr(check, name)(wrong)


def test_swap_distance_exercise_value_by_hand():
    # hand: tokens 0, 1, 4, 5 each need 2 steps (across the seam between places 5 and 0), 8 steps in all;
    # one swap moves two tokens one step each, so at least 4 swaps; and 4 do it: 5-0, 4-5, 0-1, 5-0
    assert swap_distance(RING_A, RING_B) == 4


def test_winning_turn_check():
    assert check.winning_turn([flip(1)]).startswith("✔ Correct")
    with pytest.raises(WrongAnswer, match="take no poster|ended"):
        check.winning_turn([flip(5), flip(5)])
    with pytest.raises(WrongAnswer, match="not allowed"):
        check.winning_turn([swap(7, 8), flip(1)])  # Monsieur Muscles at 8 resists the swap
    with pytest.raises(WrongAnswer, match="list of moves"):
        check.winning_turn("flip 1")


def test_bot_check_accepts_a_real_bot_and_refuses_a_random_one():
    assert "won" in check.bot_beats_random(greedy_bot)
    with pytest.raises(WrongAnswer, match="needs 26"):
        check.bot_beats_random(random_bot)
    with pytest.raises(WrongAnswer, match="function"):
        check.bot_beats_random(42)

    with pytest.raises(WrongAnswer, match="illegal move"):
        check.bot_beats_random(lambda state, rng: END_TURN)
    with pytest.raises(WrongAnswer, match="raised"):
        check.bot_beats_random(lambda state, rng: swap(0, 5))
