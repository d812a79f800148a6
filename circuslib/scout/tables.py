"""Exact Scout tables counted once and shipped with the kit, so a lesson reads them instead of counting again.

``set_somewhere.json`` holds P(a set of k adjacent cards somewhere in a dealt hand), as exact fractions ("3/28"),
every one counted by ``odds.set_somewhere_exact``:

* the real hands (3, 4 and 5 players, sets of 2 and 3, any set / a match / a run): a second or so each to count;
* the set explorer's grid (2 to 5 players, hands of 2 to 8 cards, sets of 2 to 5, any set).

Regenerate the file with ``python -m circuslib.scout.tables``; ``tests/test_scout_tables.py`` counts every entry
again and compares it exactly, so the file cannot drift from the code.

``tournaments.json`` holds who won each game of the seeded bot tournaments the lesson plays (``LESSON_GAMES``), so
thirty kernels of a class do not play the same games thirty times: ``bots.compare_bots`` reads a run from it when
asked for exactly that run (the same bots by name, seed, rounds and rotation, and no more games than it holds: a
run is the same games in the same order, so a shorter run is its beginning), and plays the games otherwise.
``python -m circuslib.scout.tables`` plays them again and rewrites it too; ``tests/test_scout_tables.py`` plays
every game again and compares it game for game.
"""
from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.sim import ShippedRuns
from .rules import HAND_SIZE

if TYPE_CHECKING:
    import sympy

    from ..core.sim import Tally

__all__ = ["TABLE_FILE", "REAL_PLAYERS", "REAL_KS", "EXPLORER_HANDS", "EXPLORER_KS", "set_somewhere_settings",
           "count_set_somewhere_table", "set_somewhere_table", "write_set_somewhere_table", "TOURNAMENT_FILE",
           "LESSON_GAMES", "play_lesson_games", "shipped_games", "write_tournaments"]

TABLE_FILE = Path(__file__).resolve().with_name("set_somewhere.json")
TOURNAMENT_FILE = Path(__file__).resolve().with_name("tournaments.json")
REAL_PLAYERS = (3, 4, 5)          # 2 players use the 4-player deck and hand: no row of their own
REAL_KS = (2, 3)
REAL_KINDS = ("any", "match", "run")
EXPLORER_HANDS = range(2, 9)      # the set explorer's hand sizes (a real hand is too slow to follow a slider)
EXPLORER_KS = range(2, 6)


def set_somewhere_settings() -> list[tuple[int, int, int, str]]:
    """Every (players, hand size, k, kind) the shipped table holds, in the file's order."""
    real = [(players, HAND_SIZE[players], k, kind)
            for players in REAL_PLAYERS for k in REAL_KS for kind in REAL_KINDS]
    grid = [(players, h, k, "any") for players in (2, 3, 4, 5) for h in EXPLORER_HANDS for k in EXPLORER_KS
            if k <= h]
    return real + [setting for setting in grid if setting not in real]


def count_set_somewhere_table() -> dict[tuple[int, int, int, str], Fraction]:
    """Count every entry of the table afresh with ``set_somewhere_exact`` (about 10 s in all)."""
    from .odds import set_somewhere_exact

    return {(players, h, k, kind): Fraction(str(set_somewhere_exact(k, players, h, kind=kind)))
            for players, h, k, kind in set_somewhere_settings()}


def write_set_somewhere_table(path: Path | str = TABLE_FILE) -> Path:
    """Count the table and write it as JSON (exact fractions as strings); returns the file written."""
    path = Path(path)
    path.write_text(_table_text(count_set_somewhere_table()), encoding="utf-8")
    return path


def _table_text(counted: dict) -> str:
    """The JSON text of a counted table, one row a line (so a changed value shows as one changed line in a diff)."""
    header = {"what": "P(a set of k adjacent cards somewhere in a dealt Scout hand), exact",
              "counted_by": "circuslib.scout.odds.set_somewhere_exact",
              "regenerate": "python -m circuslib.scout.tables"}
    rows = [{"players": players, "hand_size": h, "k": k, "kind": kind, "p": str(p)}
            for (players, h, k, kind), p in counted.items()]
    return ("{\n" + "".join(f" {json.dumps(key)}: {json.dumps(value)},\n" for key, value in header.items())
            + ' "rows": [\n' + ",\n".join(f"  {json.dumps(row)}" for row in rows) + "\n ]\n}\n")


@lru_cache(maxsize=1)
def _read_table() -> tuple:
    rows = json.loads(TABLE_FILE.read_text(encoding="utf-8"))["rows"]
    return tuple(((row["players"], row["hand_size"], row["k"], row["kind"]), row["p"]) for row in rows)


def set_somewhere_table() -> dict[tuple[int, int, int, str], sympy.Rational]:
    """The shipped exact P(a set of k somewhere), keyed (players, hand size, k, kind): read, not counted."""
    import sympy

    return {setting: sympy.Rational(p) for setting, p in _read_table()}


# ---------------------------------------------------------------------------------------------------------
# the lesson's bot tournaments, shipped

# every seeded tournament the lesson plays: (the bots by name, in seat order, games, seed, rounds, rotate)
LESSON_GAMES: tuple = ((("lookahead", "greedy", "random"), 100, 7, 1, True),)
def _run_key(names: tuple, seed, rounds, rotate: bool) -> str:
    return f"{'/'.join(names)} | seed {seed!r} | rounds {rounds} | {'rotating' if rotate else 'seat 0 first'}"


def _lesson_runs():
    from .bots import BOTS, _game_winner

    for names, n_games, seed, rounds, rotate in LESSON_GAMES:  # played as compare_bots plays them
        yield (_run_key(names, seed, rounds, rotate), _game_winner([BOTS[name] for name in names], rounds, rotate),
               n_games, seed)


RECORDS = ShippedRuns(TOURNAMENT_FILE, {0: "0", 1: "1", 2: "2", 3: "3", 4: "4", "tie": "t"}, lesson_runs=_lesson_runs,
                      about="who won each game (a seat 0-4, t = a tie) of the seeded bot tournaments of the Scout "
                            "lesson, as circuslib.scout.bots.compare_bots plays them; written again by python -m "
                            "circuslib.scout.tables")
play_lesson_games = RECORDS.play_all  # every game played again now: {run: who won each game, 0-4 a seat, t a tie}
write_tournaments = RECORDS.rewrite  # played again and written to tournaments.json


def shipped_games(names: tuple, n_games: int, seed, rounds, rotate: bool) -> Tally | None:
    """The Tally ``bots.compare_bots`` gives for these bots (by name), read from the shipped record (None if the
    record does not hold this run, or holds fewer games)."""
    return RECORDS.tally(_run_key(tuple(names), seed, rounds, rotate), n_games)


if __name__ == "__main__":
    print(f"wrote {write_set_somewhere_table()}")
    print(f"wrote {write_tournaments()}")
