"""Conformance of the five games to the state protocol, checked the way a referee and a fuzzer would.

- Refusals: every malformed move named in issue 13 is refused with ``IllegalMove`` and a sentence, and nothing
  changes.
- Random simulation (as OpenSpiel's random simulation test): seeded random games of every game, with varied
  options, played to their end; after every step the protocol's invariants hold (cards and tokens conserved, legal
  moves listed exactly when a player is to move, chance probabilities summing to 1, ``is_legal`` accepting what is
  listed, ``play`` never changing the state it is called on) and every game ends within its bound.
- Illegal-move fuzzer: garbage values, malformed moves of every game's move types, legal moves with one value
  changed, moves from other moments (another player's, already played) and moves after the end, at random
  positions: each is refused cleanly, ``is_legal`` agrees with ``legal_moves``, and nothing changes.
- Hypothesis over every public function of ``odds``, ``graphs`` and ``bots``: a good call with one argument
  replaced by a bad value ends in an answer (never nan) or a ``TypeError``/``ValueError``, within seconds; a value
  of a kind the argument never takes is always refused; the calls issue 13 found hanging or answering nonsense are
  refused.

``make fuzz`` runs the same machinery (``conformance.py``) at scale: ``tests/fuzz.py``.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from conformance import ADAPTERS, BAD_ARGS, COLUMNS, ISSUE_CALLS, call_with, fuzz_call, good_calls, parameters, simulate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from circuslib.core.game import IllegalMove, Move, play_moves
from circuslib.flip7 import rules as flip7
from circuslib.flip_circus import rules as circus
from circuslib.pcv import rules as pcv
from circuslib.scout import rules as scout
from circuslib.speed import rules as speed


def starts():
    """One position of each game where a player is to move."""
    return {
        "flip7": play_moves(flip7.new_game(players=3), [4, 7, 9]),
        "scout": scout.ScoutState.from_hands([[(8, 1), (8, 2), (1, 3)], [(2, 3), (5, 1)], [(4, 6)]],
                                             table=[(7, 1)], owner=2, turn=0),
        "speed": speed.position([5, 9, 3, 8], [9, 6, 2, 7], (4, "J"), piles=([7], [8]), setup=speed.ONE_DECK),
        "pcv": pcv.scenario("duel").start(),
        "flip_circus": circus.new_game(rng=random.Random(3)),
    }


MALFORMED = [Move(None), Move([1], ()), Move("hit", [1]), Move("swap", 5), speed.Play(7, 0, 2), speed.Play("7", 0, 0),
             speed.FlipFaceUp(-1), scout.Show("a", "b"), scout.Show(True, 2), scout.Scout("right", 1, 0),
             scout.ScoutAndShow("left", False, "x", 0, 1), pcv.SpeedChange("x"), pcv.Fire(["Blue 1"]),
             pcv.Pick(None), circus.Move("swap", (0, 5)), circus.Move("swap", (4, 4)), circus.Move("flip", (-1,)),
             circus.Move("flip", (1, 2)), circus.Move("power", ("a",)), None, 5.0, True, "hit", [1], (1, 2), object()]


@pytest.mark.parametrize("game", ["flip7", "scout", "speed", "pcv", "flip_circus"])
def test_malformed_moves_are_refused_with_a_sentence_and_change_nothing(game):
    state = starts()[game]
    before = (state, hash(state))
    for move in MALFORMED:
        assert state.is_legal(move) is False, move
        reason = state.why_illegal(move)  # building the sentence never fails
        assert isinstance(reason, str) and len(reason) > 10
        with pytest.raises(IllegalMove):
            state.play(move)
        assert (state, hash(state)) == before


def test_the_issue_refusals_read_as_sentences():
    s = starts()
    assert "two centre piles" in s["speed"].refusal(speed.Play(7, 0, 2))
    assert "whole numbers" in s["scout"].refusal(scout.Show("a", "b"))
    dogfight = s["pcv"].play(pcv.Manoeuvre("forward")).play(pcv.Manoeuvre("forward")).play(pcv.Manoeuvre("forward"))
    assert dogfight.phase == "speed" and "at most 1 point" in dogfight.refusal(pcv.SpeedChange("x"))
    ring = s["flip_circus"]
    assert "not neighbours" in ring.refusal(Move("swap", (0, 5)))
    assert "not neighbours" in ring.refusal(Move("swap", (4, 4)))
    assert "positions 0 to 9" in ring.refusal(Move("flip", (-1,)))
    assert "takes 1 position" in ring.refusal(Move("flip", (1, 2)))


def test_scout_is_legal_and_legal_moves_agree_on_a_one_card_set():
    s = starts()["scout"]
    assert scout.Scout("right", False, 0) not in s.legal_moves() and not s.is_legal(scout.Scout("right", False, 0))
    assert scout.Scout("left", True, 0) in s.legal_moves() and s.is_legal(scout.Scout("left", True, 0))


# --- random simulation and the illegal-move fuzzer (a short run; make fuzz runs it at scale) ------------------

GAMES_PER_GAME = {"flip7": 300, "scout": 150, "speed": 200, "pcv": 600, "flip_circus": 150}


@pytest.mark.parametrize("game", list(GAMES_PER_GAME))
def test_random_games_keep_every_invariant_and_refuse_every_illegal_move(game):
    tally, examples = Counter(), {}
    for seed in range(GAMES_PER_GAME[game]):
        simulate(ADAPTERS[game], random.Random(f"{game}-{seed}"), fuzz_rate=0.01, tally=tally, fuzz_moves=6,
                 check_every=10, examples=examples)
    assert tally["tried"] >= 300
    assert examples == {}, examples  # the first raw exception, silent accept, disagreement or hang of each kind
    assert tally["refused cleanly"] == tally["tried"] and set(tally) <= set(COLUMNS)


def test_settings_that_cannot_finish_a_game_are_refused_when_the_rules_are_made():
    for posters in (4, 5):
        with pytest.raises(ValueError, match="never end"):
            circus.FlipCircusOptions(posters_to_win=posters)
    assert circus.FlipCircusOptions(posters_to_win=3).posters_to_win == 3


# --- the public functions of odds, graphs and bots, with bad arguments --------------------------------------

GOOD = good_calls()
NAMES = sorted(GOOD)
VALUES = st.one_of(st.sampled_from(BAD_ARGS), st.integers(-10 ** 6, 10 ** 6), st.text(max_size=4), st.floats(),
                   st.lists(st.integers(-2, 14), max_size=4), st.tuples(st.integers(-2, 14), st.integers(-2, 14)),
                   st.none(), st.booleans())


def test_every_public_function_of_odds_graphs_and_bots_has_good_calls():
    import importlib
    import inspect

    missing = []
    for game in ("pig", "flip7", "scout", "speed", "pcv", "flip_circus"):
        for part in ("odds", "graphs", "bots"):
            module = importlib.import_module(f"circuslib.{game}.{part}")
            for name in module.__all__:
                thing = getattr(module, name)
                if inspect.isfunction(thing) and name not in SLOW_ON_PURPOSE and f"{game}.{part}.{name}" not in GOOD:
                    missing.append(f"{game}.{part}.{name}")
    assert not missing, f"no good call in conformance.good_calls for {missing}"


# long on purpose (each shows a progress bar and is bounded by the rules it solves): not fuzzed here
SLOW_ON_PURPOSE = {"setup_poster_probability"}


def _check(name, args, kwargs, must):
    tally, examples = Counter(), {}
    fuzz_call(name, args, kwargs, must, tally, slow=5.0, examples=examples)
    assert not examples, examples


@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_public_functions_answer_or_refuse_cleanly_whatever_they_are_given(data):
    name = data.draw(st.sampled_from(NAMES), label="function")
    args, kwargs = data.draw(st.sampled_from(GOOD[name]), label="good call")
    params = parameters(name)
    if not params:
        return
    param = data.draw(st.sampled_from(params), label="argument")
    value = data.draw(VALUES, label="value")
    args, kwargs, must = call_with(name, args, kwargs, param, value)
    _check(name, args, kwargs, must)


@settings(max_examples=800, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_public_functions_refuse_a_wrong_part_deep_inside_a_good_argument(data):
    import inspect
    import random as _random

    from conformance import _resolve, nested_mutant

    name = data.draw(st.sampled_from(NAMES), label="function")
    args, kwargs = data.draw(st.sampled_from(GOOD[name]), label="good call")
    bound = inspect.signature(_resolve(name)).bind(*args, **kwargs).arguments
    nested = [p for p, v in bound.items() if type(v) in (tuple, list) and v]
    if not nested:
        return
    param = data.draw(st.sampled_from(nested), label="argument")
    mutant = nested_mutant(bound[param], _random.Random(data.draw(st.integers(0, 10 ** 6), label="slip")))
    if mutant is None:
        return
    value, must = mutant
    args, kwargs, _ = call_with(name, args, kwargs, param, value)
    _check(name, args, kwargs, must)


@pytest.mark.parametrize("call", ISSUE_CALLS, ids=lambda c: c[0].split(".")[-1])
def test_the_calls_that_hung_or_answered_nonsense_are_refused(call):
    name, args, kwargs, _ = call
    _check(name, args, kwargs, True)


@pytest.mark.parametrize("name, args, kwargs, param, value", [
    ("flip7.odds.solve_solo", ((0, 1, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1),), {}, "progress",
     print),
    ("speed.bots.simulated_matches", ("crapette rapide", 1, 2, 2, 5), {}, "ratio", Fraction(7, 3))])
def test_a_value_the_function_takes_is_not_counted_a_bad_argument(name, args, kwargs, param, value):
    """make fuzz counted these answers as silent accepts: print is a progress function (the docstring's own
    example), and a speed ratio may be a fraction; the function answers them, and the fuzz now expects it."""
    args, kwargs, must = call_with(name, args, kwargs, param, value)
    assert must is False
    tally, examples = Counter(), {}
    fuzz_call(name, args, kwargs, must, tally, slow=30.0, examples=examples)
    assert tally["answered"] == 1 and not examples, examples
