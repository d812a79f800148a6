"""Pig's rules (circuslib.pig.rules): the turn as states, the die exact and fair, a move checked before use, the one
way to start a turn, the registry's entry, and the old names still answering for a release."""
from __future__ import annotations

import random
import warnings
from fractions import Fraction

import pytest

import circuslib
from circuslib.core.game import CHANCE, TERMINAL, GameState, IllegalMove, Move, play_moves
from circuslib.pig.rules import GAME, ROLL, STOP, PigOptions, PigState, new_game


def test_a_turn_is_played_by_its_moves_and_never_changes():
    start = new_game()
    assert start == PigState() and start.options == PigOptions(goal=20) and start.current_player == 0
    after = play_moves(start, [ROLL, 5, ROLL, 4])
    assert (after.total, after.last_roll, str(after)) == (9, 4, "9") and start == PigState()
    assert play_moves(start, [ROLL, 6, STOP]).scores() == (6,) and str(play_moves(start, [ROLL, 6, STOP])) == "6✓"
    bust = play_moves(start, [ROLL, 6, ROLL, 1])
    assert bust.scores() == (0,) and bust.current_player == TERMINAL and str(bust) == "bust"
    assert play_moves(PigState(goal=3), [ROLL, 4]).is_over()  # the goal ends the turn by itself
    with pytest.raises(IllegalMove, match="the die is rolling"):
        start.play(ROLL).play(STOP)
    with pytest.raises(IllegalMove, match="turn is over"):
        bust.play(ROLL)


def test_pigs_direct_rule_check_agrees_with_the_moves_it_lists():
    # PigState.is_legal checks the rule directly (a simulated turn asks at every step): it must accept exactly the
    # listed moves and faces, compared strictly (True is not the face 1, nor 1.0)
    states = [PigState(), PigState(rolling=True), PigState(total=7, rolling=True), PigState(total=12),
              PigState(stopped=True), PigState(busted=True, last_roll=1), PigState(total=20),
              PigState(total=5, goal=6, rolling=True)]
    moves = [ROLL, STOP, Move("jump"), Move("roll", (1,)), 0, 1, 2, 3, 4, 5, 6, 7, True, False, 1.0, 6.0, "1", None,
             (1,)]
    for state in states:
        listed = list(state.legal_moves()) + [o for o, _ in state.chance_outcomes()]
        for move in moves:
            strictly = any(type(move) is type(o) and move == o for o in listed)
            assert state.is_legal(move) == strictly, (state, move)
            if strictly:
                assert GameState.is_legal(state, move)


def test_the_die_of_a_pig_turn_is_fair_and_exact():
    # the faces are built once for every roll: they must stay the fair die, exactly, whatever the turn
    outcomes = PigState(total=9, rolling=True).chance_outcomes()
    assert outcomes == PigState(rolling=True).chance_outcomes()
    assert [face for face, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(chance == Fraction(1, 6) and isinstance(chance, Fraction) for _, chance in outcomes)
    assert PigState(total=20, rolling=True).chance_outcomes() == () == PigState().chance_outcomes()
    assert PigState(rolling=True).current_player == CHANCE


def test_a_turn_starts_one_way_and_refuses_nonsense_in_words():
    assert new_game(PigOptions(goal=6)) == PigState(goal=6)
    assert new_game(rng=random.Random(1), players=1) == PigState()
    with pytest.raises(TypeError, match="PigOptions"):
        new_game({"goal": 6})
    with pytest.raises(ValueError, match="the goal must be at least 1"):
        PigOptions(goal=0)
    with pytest.raises(TypeError, match="the goal must be a whole number"):
        PigOptions(goal=2.5)
    with pytest.raises(ValueError, match="from 1 to 1"):
        new_game(players=2)
    with pytest.raises(TypeError, match="seeded"):
        new_game(rng=3)
    with pytest.raises(ValueError, match="turn total"):
        PigState(total=-1)


def test_pig_is_in_the_registry_and_its_starts_end_within_their_bound():
    assert circuslib.games()["pig"] is GAME and GAME.title == "Pig" and GAME.options is PigOptions
    rng = random.Random(5)
    for _ in range(200):
        start = state = GAME.random_start(rng)
        for _ in range(GAME.bound(start)):
            if state.is_over():
                break
            moves = state.legal_moves() or [o for o, _ in state.chance_outcomes()]
            state = state.play(rng.choice(list(moves)))
            GAME.conserved(start, state)
        assert state.is_over()


def test_the_old_names_still_answer_with_a_warning():
    from circuslib.pig import rules

    with pytest.warns(DeprecationWarning, match="PigState"):
        assert rules.PigTurn is PigState
    with pytest.warns(DeprecationWarning, match="circuslib.pig.checks.check"):
        from circuslib.welcome import check
    from circuslib.pig.checks import check as new

    assert check is new
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError):
            import circuslib.welcome as old

            old.nothing  # noqa: B018
