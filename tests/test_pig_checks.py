"""The warm-up's checks (circuslib.pig.checks): right answers pass in every exact form, simulations are run with
the check's own seeds."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.pig.checks import _pig_simulation, check


def test_warmup_checks_pass_right_answers_in_every_exact_form():
    import numpy as np

    k = sympy.Symbol("k")  # a plain symbol, made without the assumptions the check's own k has
    assert check.three_dice_ten(Fraction(27, 216)).startswith(CORRECT_MARK)
    assert check.three_dice_ten(sympy.Rational(1, 8)).startswith(CORRECT_MARK)
    assert check.twelve_number_deck(np.int64(66)).startswith(CORRECT_MARK)
    assert check.three_rolls(Fraction(125, 18)).startswith(CORRECT_MARK)
    assert check.steps_between(lambda a, b: min((a - b) % 13, (b - a) % 13)).startswith(CORRECT_MARK)
    assert check.expected_points_of_k_rolls(4 * k * sympy.Rational(5, 6) ** k).startswith(CORRECT_MARK)
    assert check.two_safe_rolls(sympy.Rational(25, 36)).startswith(CORRECT_MARK)


def test_a_simulation_answer_is_run_with_the_checks_own_seeds():
    assert check.stop_at_15_simulation(_pig_simulation).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="cannot be checked"):
        check.stop_at_15_simulation((7.8, (7.6, 8.0)))
    with pytest.raises(WrongAnswer, match="raised ZeroDivisionError on input"):
        check.stop_at_15_simulation(lambda n, seed: 1 / 0)
