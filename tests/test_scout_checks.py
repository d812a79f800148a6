"""The Scout exercise checks: right answers pass, typical wrong answers fail with a helpful message."""
from __future__ import annotations

from fractions import Fraction
from math import comb, perm

import pytest
import sympy

from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.scout.bots import greedy_bot, random_bot
from circuslib.scout.checks import check
from circuslib.scout.rules import Scout, Show, beats


def test_all_six_checks_exist():
    assert set(check) == {"three_player_deck", "four_player_hands", "shows_of_hand", "my_beats", "run_of_three",
                          "greedy"}


def test_three_player_deck(capsys):
    check.three_player_deck(36)
    assert CORRECT_MARK in capsys.readouterr().out
    with pytest.raises(WrongAnswer, match="carry a 10 are taken out"):
        check.three_player_deck(45)
    with pytest.raises(WrongAnswer, match="still empty"):
        check.three_player_deck(None)


def test_four_player_hands():
    check.four_player_hands(perm(44, 11) * 2 ** 11)
    with pytest.raises(WrongAnswer, match="cannot be reordered"):
        check.four_player_hands(comb(44, 11) * 2 ** 11)
    with pytest.raises(WrongAnswer, match="either way up"):
        check.four_player_hands(perm(44, 11))
    with pytest.raises(WrongAnswer, match="9/10 card"):
        check.four_player_hands(perm(45, 11) * 2 ** 11)
    with pytest.raises(WrongAnswer) as wrong:
        check.four_player_hands(12345)
    assert str(perm(44, 11) * 2 ** 11) not in str(wrong.value)  # never gives the answer away


def test_shows_of_hand():
    right = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (2, 4), (3, 4), (4, 5)]
    check.shows_of_hand(right)
    with pytest.raises(WrongAnswer, match="1 missing"):
        check.shows_of_hand(right[:-1])
    with pytest.raises(WrongAnswer, match=r"\(3, 5\) is not a set"):
        check.shows_of_hand(right + [(3, 5)])
    with pytest.raises(WrongAnswer, match="slice"):
        check.shows_of_hand([5, 4])


def test_my_beats():
    check.my_beats(lambda a, b: beats(a, b))
    with pytest.raises(WrongAnswer, match="a match beats a run"):
        check.my_beats(lambda a, b: (len(a), min(a)) > (len(b), min(b)))
    with pytest.raises(WrongAnswer, match="number of cards"):
        check.my_beats(lambda a, b: (len(set(a)) == 1, min(a)) > (len(set(b)) == 1, min(b)))
    with pytest.raises(WrongAnswer, match="True or False"):
        check.my_beats(lambda a, b: 1)
    with pytest.raises(WrongAnswer, match="without brackets"):
        check.my_beats(True)


def test_run_of_three():
    # mini deck 1..4 (6 cards), 3-card hands: 6 * 5 * 4 * 8 = 960 dealt hands. Runs up 1 2 3: 3*3*3 minus the
    # three clashes (3 each) = 18; 2 3 4 the same: 36 up, 72 up or down: 72/960 = 3/40
    check.run_of_three(sympy.Rational(3, 40))
    check.run_of_three(Fraction(3, 40))
    with pytest.raises(WrongAnswer, match="up or down"):
        check.run_of_three(Fraction(3, 80))
    with pytest.raises(WrongAnswer, match="decimal"):
        check.run_of_three(0.075)
    with pytest.raises(WrongAnswer, match="between 0 and 1"):
        check.run_of_three(72)


def test_greedy():
    check.greedy(greedy_bot)
    with pytest.raises(WrongAnswer, match="biggest show"):
        check.greedy(random_bot)

    def first_show(state, rng):
        moves = state.legal_moves()
        shows = [m for m in moves if isinstance(m, Show)]
        return shows[0] if shows else moves[0]

    with pytest.raises(WrongAnswer, match="biggest show"):
        check.greedy(first_show)
    with pytest.raises(WrongAnswer, match="illegal"):
        check.greedy(lambda state, rng: Scout("left", False, 99))
