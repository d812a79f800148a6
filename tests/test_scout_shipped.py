"""Scout's shipped results (core.shipped): the exact set table and the lesson's tournament are what their functions
compute, a call of a shipped case reads the file, and any other call computes (tests/test_shipped.py computes every
case of both files again and compares it exactly)."""
from __future__ import annotations

import random

import pytest
import sympy

from circuslib.core.shipped import entry
from circuslib.scout import bots
from circuslib.scout.bots import LESSON_TOURNAMENTS, compare_bots, tournament_winners
from circuslib.scout.odds import EXPLORER_HANDS, EXPLORER_KS, set_somewhere_exact, set_somewhere_grid
from circuslib.scout.rules import HAND_SIZE

TABLE = entry(set_somewhere_exact)
RECORD = entry(tournament_winners)


def test_the_table_covers_the_lesson_and_the_explorer():
    shipped = TABLE.table()
    for players in (3, 4, 5):
        for k in (2, 3):
            for kind in ("any", "match", "run"):
                assert (k, players, HAND_SIZE[players], kind) in shipped
    for players in (2, 3, 4, 5):
        grid = set_somewhere_grid(players)
        assert set(grid) == {(h, k) for h in EXPLORER_HANDS for k in EXPLORER_KS if k <= h}
        assert all(isinstance(p, sympy.Rational) and 0 < p < 1 for p in grid.values())
        assert all((k, players, h, "any") in shipped for h, k in grid)
    assert set_somewhere_grid(2) == set_somewhere_grid(4)  # 2 players play with the 4-player deck
    assert TABLE.path.parent.name == "data" and TABLE.path.name == "set_somewhere.json"


def test_a_shipped_value_is_read_and_the_same_call_counted_again_agrees():
    # the lesson's call names the players only: its hand is the players' hand, the key the file holds
    assert TABLE.key_of((3, 4), {}) == TABLE.key_of((3, 4, 11), {"kind": "any"}) == (3, 4, 11, "any")
    read = set_somewhere_exact(3, 4, kind="run")
    assert read == TABLE.compute((3, 4), {"kind": "run"}) and isinstance(read, sympy.Rational)
    assert set_somewhere_exact(2, 4, 8) == set_somewhere_exact.__wrapped__(2, 4, 8)
    # a call the file does not hold is counted: a 4-player hand of 9 cards
    assert (3, 4, 9, "any") not in TABLE.table()
    assert set_somewhere_exact(3, 4, 9) == set_somewhere_exact.__wrapped__(3, 4, 9)


def test_bad_arguments_are_refused_before_any_lookup():
    for k in (2.0, True):  # 2.0 == 2 and True == 1: neither may read a shipped case
        with pytest.raises(TypeError, match="whole number"):
            set_somewhere_exact(k, 4)
    with pytest.raises(TypeError, match="whole number"):
        set_somewhere_exact(2, 4, 11.0)
    with pytest.raises(ValueError, match="kind"):
        set_somewhere_exact(2, 4, kind="pair")
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 5"):
        set_somewhere_grid(6)


def test_compare_bots_reads_the_lesson_tournament_and_it_is_what_playing_gives():
    names = ["lookahead", "greedy", "random"]
    read = compare_bots(names, n_games=100, seed=7, rounds=1)
    played = compare_bots(names, n_games=100, seed=7, rounds=1, play_now=True)
    assert read == played and str(read) == str(played)  # the same counts, in the same order
    assert (read.counts[0], read.counts[1], read.counts.get(2, 0), read.n) == (63, 37, 0, 100)  # the lesson's text
    # a shorter run is the record's beginning
    assert compare_bots(names, n_games=10, seed=7, rounds=1) == compare_bots(names, 10, 7, rounds=1, play_now=True)
    assert tournament_winners(names, 10, 7, 1) == tournament_winners(names, 100, 7, 1)[:10]


def test_the_record_holds_every_lesson_tournament_and_nothing_else():
    shipped = RECORD.table()
    assert len(shipped) == len(LESSON_TOURNAMENTS)
    for names, n_games, seed, rounds, rotate in LESSON_TOURNAMENTS:
        key = RECORD.key_of((names, n_games, seed, rounds, rotate))
        assert len(shipped[key]) == n_games
        assert RECORD.encoding.decode(shipped[key]) == tournament_winners.__wrapped__(names, n_games, seed, rounds,
                                                                                     rotate)


def test_another_run_is_played():
    names = ("lookahead", "greedy", "random")
    for args in ((names, 101, 7, 1, True), (names, 10, 8, 1, True), (names, 10, 7, 1, False),
                 (("greedy", "lookahead", "random"), 10, 7, 1, True)):
        assert RECORD.lookup(args, {}) is not RECORD.lookup((names, 10, 7, 1, True), {})
        assert tournament_winners(*args) == tournament_winners.__wrapped__(*args)
    assert len(tournament_winners(names, 101, 7, 1)) == 101


def test_a_bot_put_in_bots_by_a_student_is_played_not_read(monkeypatch):
    def always_first(state, rng):  # not the kit's lookahead: its games must be played, whatever its name
        return state.legal_moves()[0]

    monkeypatch.setitem(bots.BOTS, "lookahead", always_first)
    games = bots.compare_bots(["lookahead", "greedy", "random"], n_games=10, seed=7, rounds=1)
    monkeypatch.setitem(bots.BOTS, "lookahead", bots.lookahead_bot)
    assert games == bots.compare_bots([always_first, "greedy", "random"], n_games=10, seed=7, rounds=1)
    assert games != bots.compare_bots(["lookahead", "greedy", "random"], n_games=10, seed=7, rounds=1)
    monkeypatch.setitem(bots.BOTS, "mine", always_first)  # a name of the student's own is played too
    assert games == bots.compare_bots(["mine", "greedy", "random"], n_games=10, seed=7, rounds=1)


def test_a_wrong_record_would_be_caught(monkeypatch):
    # the comparison above can fail: a record with one game's winner changed is not what the bots play
    key = next(iter(RECORD.table()))
    right = RECORD.table()[key]
    wrong = {key: ("1" if right[0] != "1" else "0") + right[1:]}
    monkeypatch.setattr(RECORD, "_table", wrong)
    monkeypatch.setattr(RECORD, "_decoded", {})
    names = ["lookahead", "greedy", "random"]
    assert compare_bots(names, n_games=5, seed=7, rounds=1) != compare_bots(names, 5, 7, rounds=1, play_now=True)
    assert RECORD.differences(), "the registry's check finds the changed game"


def test_tournament_arguments_are_checked():
    with pytest.raises(TypeError):
        compare_bots(["greedy", "random"], n_games=2, seed=1, rounds=1, play_now="yes")
    with pytest.raises(ValueError, match="the kit's bots are"):
        tournament_winners(["greedy", "mine"], 2, 1)
    with pytest.raises(TypeError, match="whole-number seed"):
        tournament_winners(["greedy", "random"], 2, "seven")
    with pytest.raises(ValueError, match="n_games"):
        tournament_winners(["greedy", "random"], 0, 1)
    with pytest.raises(TypeError, match="rounds must be a whole number"):
        tournament_winners(["lookahead", "greedy", "random"], 10, 7, True)  # True == 1, the lesson's rounds
    with pytest.raises(TypeError, match="rotate is True or False"):
        tournament_winners(["lookahead", "greedy", "random"], 10, 7, 1, 1)
    assert len(tournament_winners(["greedy", "random"], 3, random.Random(1).randrange(100), 1)) == 3
