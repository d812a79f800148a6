"""Scout's shipped exact table: every entry counted again by set_somewhere_exact and compared exactly, so the
file the lessons read can never drift from the code that counts it."""
from fractions import Fraction

import sympy

from circuslib.scout import tables
from circuslib.scout.rules import HAND_SIZE
from circuslib.scout.widget import EXACT_HANDS, EXACT_KS
from circuslib.scout.widget import set_somewhere_table as explorer_table


def test_the_shipped_table_is_what_set_somewhere_exact_counts():
    counted = tables.count_set_somewhere_table()  # about 10 s: every entry counted afresh
    shipped = tables.set_somewhere_table()
    assert list(shipped) == list(counted) == tables.set_somewhere_settings()
    assert all(isinstance(p, sympy.Rational) for p in shipped.values())
    assert {setting: Fraction(int(p.p), int(p.q)) for setting, p in shipped.items()} == counted
    # and the file is exactly what regenerating it writes (python -m circuslib.scout.tables)
    assert tables.TABLE_FILE.read_text(encoding="utf-8") == tables._table_text(counted)


def test_the_table_covers_the_lesson_and_the_explorer():
    shipped = tables.set_somewhere_table()
    for players in (3, 4, 5):
        for k in (2, 3):
            for kind in ("any", "match", "run"):
                assert (players, HAND_SIZE[players], k, kind) in shipped
    grid = explorer_table()
    assert set(grid) == {(players, h, k) for players in (2, 3, 4, 5) for h in EXACT_HANDS for k in EXACT_KS if k <= h}
    assert grid[2, 8, 3] == grid[4, 8, 3]  # 2 players play with the 4-player deck
    assert all(0 < p < 1 for p in grid.values())


# ---------------------------------------------------------------------------------------------------------
# the lesson's bot tournaments, shipped (tournaments.json)

def test_the_shipped_tournaments_are_what_the_bots_play():
    import json

    played = tables.play_lesson_games()  # every game played again (about 0.15 s)
    shipped = json.loads(tables.TOURNAMENT_FILE.read_text(encoding="utf-8"))["runs"]
    assert played == shipped
    assert len(shipped) == len(tables.LESSON_GAMES)
    for names, n_games, seed, rounds, rotate in tables.LESSON_GAMES:
        assert len(shipped[tables._run_key(names, seed, rounds, rotate)]) == n_games


def test_compare_bots_reads_the_lesson_tournament_and_it_is_what_playing_gives():
    from circuslib.scout.bots import compare_bots

    names = ["lookahead", "greedy", "random"]
    read = compare_bots(names, n_games=100, seed=7, rounds=1)
    played = compare_bots(names, n_games=100, seed=7, rounds=1, play_now=True)
    assert read == played and str(read) == str(played)  # the same counts, in the same order
    assert (read.counts[0], read.counts[1], read.counts.get(2, 0), read.n) == (63, 37, 0, 100)  # the lesson's text
    # a shorter run is the record's beginning; more games, another seed or another seating are played
    assert compare_bots(names, n_games=10, seed=7, rounds=1) == compare_bots(names, 10, 7, rounds=1, play_now=True)
    assert tables.shipped_games(tuple(names), 101, 7, 1, True) is None
    assert tables.shipped_games(tuple(names), 10, 8, 1, True) is None
    assert tables.shipped_games(tuple(names), 10, 7, 1, False) is None
    assert tables.shipped_games(("greedy", "lookahead", "random"), 10, 7, 1, True) is None


def test_a_bot_put_in_bots_by_a_student_is_played_not_read(monkeypatch):
    from circuslib.scout import bots

    def always_first(state, rng):  # not the kit's lookahead: its games must be played, whatever its name
        return state.legal_moves()[0]

    monkeypatch.setitem(bots.BOTS, "lookahead", always_first)
    games = bots.compare_bots(["lookahead", "greedy", "random"], n_games=10, seed=7, rounds=1)
    monkeypatch.setitem(bots.BOTS, "lookahead", bots.lookahead_bot)
    assert games == bots.compare_bots([always_first, "greedy", "random"], n_games=10, seed=7, rounds=1)
    monkeypatch.setitem(bots.BOTS, "mine", always_first)  # a name of the student's own is played too
    assert games == bots.compare_bots(["mine", "greedy", "random"], n_games=10, seed=7, rounds=1)


def test_a_wrong_record_would_be_caught(monkeypatch):
    # the comparison above can fail: a record with one game's winner changed is not what the bots play
    runs = tables.play_lesson_games()
    key = next(iter(runs))
    wrong = {key: ("1" if runs[key][0] != "1" else "0") + runs[key][1:]}
    monkeypatch.setattr(tables.RECORDS, "_runs", wrong)
    from circuslib.scout.bots import compare_bots

    names = ["lookahead", "greedy", "random"]
    assert compare_bots(names, n_games=5, seed=7, rounds=1) != compare_bots(names, 5, 7, rounds=1, play_now=True)
    assert wrong != runs


def test_play_now_must_be_true_or_false():
    import pytest

    from circuslib.scout.bots import compare_bots

    with pytest.raises(TypeError):
        compare_bots(["greedy", "random"], n_games=2, seed=1, rounds=1, play_now="yes")
