"""The state protocol: legal play, refusals that change nothing, exact values and seeded play-outs."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygames import CoinRace

from circuslib.core.exact import AbsorbingChain
from circuslib.core.game import (
    CHANCE,
    TERMINAL,
    IllegalMove,
    Move,
    best_value,
    expected_value,
    play_moves,
    playout,
    random_policy,
    sample_outcome,
)
from circuslib.core.sim import monte_carlo, playout_scores, tournament
from circuslib.pig.bots import stop_at
from circuslib.pig.rules import ROLL, STOP, PigState


def test_play_returns_a_new_state_and_leaves_the_old_one_alone():
    start = PigState()
    rolling = start.play(ROLL)
    assert start == PigState() and rolling.rolling and rolling.current_player == CHANCE
    with pytest.raises(AttributeError):
        start.total = 5  # frozen


def test_an_illegal_move_is_refused_in_words_and_changes_nothing():
    start = PigState(total=7)
    with pytest.raises(IllegalMove, match="the die is rolling: the next step is a face from 1 to 6, not stop"):
        start.play(ROLL).play(STOP)
    with pytest.raises(IllegalMove, match="choose roll or stop"):
        start.play(Move("jump"))
    with pytest.raises(IllegalMove, match="turn is over"):
        start.play(STOP).play(ROLL)
    assert start == PigState(total=7)


def test_a_chance_step_only_accepts_its_outcomes():
    rolling = PigState().play(ROLL)
    assert [o for o, _ in rolling.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    assert rolling.probability_of(4) == Fraction(1, 6) and rolling.probability_of(7) == 0
    with pytest.raises(IllegalMove):
        rolling.play(7)


def test_current_player_reads_choice_chance_and_end():
    assert PigState().current_player == 0
    assert PigState().play(ROLL).current_player == CHANCE
    assert PigState().play(STOP).current_player == TERMINAL


def test_bad_arguments_are_explained():
    with pytest.raises(ValueError, match="goal must be a whole number"):
        PigState(goal=0)
    with pytest.raises(TypeError, match="seeded random generator"):
        playout(PigState(), rng=3)
    with pytest.raises(ValueError, match="no policy was given for player 1"):
        playout(CoinRace(target=50), random.Random(1), {0: random_policy})


def test_play_moves_replays_a_worked_example():
    end = play_moves(PigState(), [ROLL, 6, ROLL, 5, STOP])
    assert end.scores() == (11,) and end.is_over()
    assert play_moves(PigState(), [ROLL, 3, ROLL, 1]).scores() == (0,)


def test_sample_outcome_uses_exact_weights():
    rng = random.Random(5)
    draws = [sample_outcome([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], rng) for _ in range(6000)]
    assert 1800 < draws.count("a") < 2200  # 2000 expected; sd is about 37
    with pytest.raises(ValueError, match="sum to 1"):
        sample_outcome([("a", Fraction(1, 2))], rng)
    with pytest.raises(ValueError, match="no outcome"):
        sample_outcome([], rng)


def test_pig_hold_at_20_has_the_known_exact_value():
    # the classic result for one turn of Pig holding at 20: 492303203 / 60466176, about 8.142
    value = expected_value(PigState(), stop_at(20))
    assert value == Fraction(492303203, 60466176)
    assert best_value(PigState()) == value  # with the goal at 20, holding at 20 is optimal


def test_pig_small_cases_by_hand():
    # stop at once: 0. Roll once then stop: (2+3+4+5+6)/6 = 20/6 = 10/3.
    assert expected_value(PigState(), stop_at(0)) == 0
    assert expected_value(PigState(goal=2), stop_at(2)) == Fraction(10, 3)
    # goal 3, at total 2: rolling gives 0, 4, 5, 6, 7, 8, worth 30/6 = 5 > 2 for stopping
    assert best_value(PigState(total=2, goal=3)) == 5
    # goal 3, from 0: a 1 gives 0, a 2 leads to the position worth 5, a 3..6 ends the turn: (5+3+4+5+6)/6
    assert best_value(PigState(goal=3)) == Fraction(23, 6)


def test_exact_value_agrees_with_a_seeded_simulation():
    exact = expected_value(PigState(), stop_at(20))
    estimate = monte_carlo(playout_scores(PigState(), lambda s, rng: stop_at(20)(s)), 20_000, seed=11)
    assert estimate.contains(exact)
    assert not estimate.contains(exact + 1)  # the band is narrow enough to tell one point apart


def test_coin_race_first_player_advantage_exact_and_simulated():
    # P(first wins) = 1/2 + 1/4 P  =>  P = 2/3
    chain = AbsorbingChain({
        "A to flip": {"A wins": Fraction(1, 2), "B to flip": Fraction(1, 2)},
        "B to flip": {"B wins": Fraction(1, 2), "A to flip": Fraction(1, 2)},
    })
    assert chain.absorption_probabilities()["A to flip"]["A wins"] == Fraction(2, 3)
    result = tournament(CoinRace(), [random_policy, random_policy], 6000, seed=3)
    assert result.contains(0, Fraction(2, 3)) and result.contains(1, Fraction(1, 3))
    assert not result.contains(0, Fraction(1, 2))


def test_playout_is_reproducible_with_the_same_seed_and_records_its_steps():
    a, steps_a = playout(PigState(), random.Random(9), record=True)
    b, steps_b = playout(PigState(), random.Random(9), record=True)
    assert a == b and steps_a == steps_b and steps_a[0][0] == 0


def test_playout_refuses_a_game_that_loops_forever():
    with pytest.raises(RuntimeError, match="did not end within 50 steps"):
        playout(CoinRace(target=10**9), random.Random(1), max_steps=50)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), goal=st.integers(1, 30))
def test_random_pig_always_ends_and_never_changes_a_state(seed, goal):
    rng = random.Random(seed)
    state = PigState(goal=goal)
    for _ in range(1000):
        if state.is_over():
            break
        before = state
        chance = state.current_player == CHANCE
        move = sample_outcome(state.chance_outcomes(), rng) if chance else random_policy(state, rng)
        after = state.play(move)
        assert before == state and after is not state
        state = after
    assert state.is_over()
    assert state.scores()[0] in ({0} | set(range(goal, goal + 6)) | set(range(0, goal)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_coin_race_always_ends_with_one_winner(seed):
    end = playout(CoinRace(target=2), random.Random(seed))
    assert sorted(end.scores()) == [0, 1]


def test_equally_likely_outcomes_draw_the_same_as_the_general_path():
    # the fast path for equal chances must not change any seeded result: compare with the weighted formula
    faces = [(face, Fraction(1, 6)) for face in range(1, 7)]
    fast = [sample_outcome(faces, random.Random(s)) for s in range(50)]
    general = [faces[random.Random(s).randrange(6)][0] for s in range(50)]
    assert fast == general
    with pytest.raises(ValueError, match="sum to 1"):
        sample_outcome([("a", Fraction(1, 3)), ("b", Fraction(1, 3))], random.Random(1))


def test_replace_copies_fields_without_touching_the_old_state():
    start = PigState(total=4)
    later = start._replace(total=9, rolling=True)
    assert later == PigState(total=9, rolling=True) and start == PigState(total=4)
    with pytest.raises(TypeError, match="PigState has no field colour"):
        start._replace(colour="red")


def test_replace_drops_values_cached_on_the_old_state():
    from dataclasses import dataclass
    from functools import cached_property

    @dataclass(frozen=True)
    class Counter(PigState):
        @cached_property
        def doubled(self) -> int:
            return 2 * self.total

    old = Counter(total=3)
    assert old.doubled == 6
    assert old._replace(total=5).doubled == 10


def test_equally_likely_outcomes_are_drawn_as_the_general_path_draws_them():
    class Odds(Fraction):  # not exactly a Fraction: sample_outcome takes its general path for these
        pass

    fair = tuple((face, Fraction(1, 6)) for face in range(1, 7))
    general = tuple((face, Odds(1, 6)) for face in range(1, 7))
    fast_rng, slow_rng = random.Random(11), random.Random(11)
    fast = [sample_outcome(fair, fast_rng) for _ in range(2_000)]
    assert fast == [sample_outcome(general, slow_rng) for _ in range(2_000)]
    assert sorted(set(fast)) == [1, 2, 3, 4, 5, 6]
    # 1/6 each of five outcomes does not sum to 1: refused, whichever path
    with pytest.raises(ValueError, match="sum to 1"):
        sample_outcome(fair[:5], random.Random(1))
