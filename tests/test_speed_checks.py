"""The Speed exercise checks: right answers pass, typical wrong ones fail with a helpful message."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.speed.checks import DOUBLE_SPEED_WIN_RATE, check
from circuslib.speed.odds import p_stalemate_at_start


def test_every_exercise_has_a_check():
    assert set(check) == {"fit_on_queen", "p_random_card_fits", "p_stalemate_one_deck", "longest_chain_path",
                          "faster_wins_race", "double_speed_win_rate"}


def test_fit_on_queen():
    assert check.fit_on_queen({"J", "K"}).startswith(CORRECT_MARK)
    assert check.fit_on_queen([11, 13]).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="Queen on a Queen"):
        check.fit_on_queen(["J", "Q", "K"])
    with pytest.raises(WrongAnswer, match="Ace sits next to the King"):
        check.fit_on_queen(["J", "A"])
    with pytest.raises(WrongAnswer, match="still empty"):
        check.fit_on_queen(None)
    with pytest.raises(WrongAnswer, match="not a card"):
        check.fit_on_queen([14])


def test_p_random_card_fits():
    assert check.p_random_card_fits(Fraction(8, 51)).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="51 cards are left"):
        check.p_random_card_fits(Fraction(8, 52))
    with pytest.raises(WrongAnswer, match="decimal"):
        check.p_random_card_fits(8 / 51)


def test_p_stalemate_one_deck():
    assert check.p_stalemate_one_deck(p_stalemate_at_start(4, 1)).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="two-deck"):
        check.p_stalemate_one_deck(p_stalemate_at_start(5, 2))
    with pytest.raises(WrongAnswer, match="nobody can"):
        check.p_stalemate_one_deck(1 - p_stalemate_at_start(4, 1))
    with pytest.raises(WrongAnswer, match="between 0 and 1"):
        check.p_stalemate_one_deck(2)


def test_longest_chain_path():
    assert check.longest_chain_path(["2", "A", "K", "Q"]).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="not the longest"):
        check.longest_chain_path([2, 1, 2])
    with pytest.raises(WrongAnswer, match="cannot go on"):
        check.longest_chain_path([2, "K", "Q", "A"])
    with pytest.raises(WrongAnswer, match="does not hold"):
        check.longest_chain_path([4, 5, 6, 7])
    with pytest.raises(WrongAnswer, match="empty"):
        check.longest_chain_path([])


def test_faster_wins_race():
    assert check.faster_wins_race(Fraction(2, 3)).startswith(CORRECT_MARK)
    assert check.faster_wins_race(sympy.Rational(4, 6)).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="rate = 1 / mean time"):
        check.faster_wins_race(Fraction(1, 3))


def test_double_speed_win_rate():
    assert check.double_speed_win_rate(DOUBLE_SPEED_WIN_RATE + 0.02).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="too low"):
        check.double_speed_win_rate(0.5)
    with pytest.raises(WrongAnswer, match="between 0 and 1"):
        check.double_speed_win_rate(82.7)
    with pytest.raises(WrongAnswer, match="empty"):
        check.double_speed_win_rate(None)
