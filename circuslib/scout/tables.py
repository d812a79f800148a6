"""Exact Scout tables counted once and shipped with the kit, so a lesson reads them instead of counting again.

``set_somewhere.json`` holds P(a set of k adjacent cards somewhere in a dealt hand), as exact fractions ("3/28"),
every one counted by ``odds.set_somewhere_exact``:

* the real hands (3, 4 and 5 players, sets of 2 and 3, any set / a match / a run): a second or so each to count;
* the set explorer's grid (2 to 5 players, hands of 2 to 8 cards, sets of 2 to 5, any set).

Regenerate the file with ``python -m circuslib.scout.tables``; ``tests/test_scout_tables.py`` counts every entry
again and compares it exactly, so the file cannot drift from the code.
"""
from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .rules import HAND_SIZE

if TYPE_CHECKING:
    import sympy

__all__ = ["TABLE_FILE", "REAL_PLAYERS", "REAL_KS", "EXPLORER_HANDS", "EXPLORER_KS", "set_somewhere_settings",
           "count_set_somewhere_table", "set_somewhere_table", "write_set_somewhere_table"]

TABLE_FILE = Path(__file__).resolve().with_name("set_somewhere.json")
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


if __name__ == "__main__":
    print(f"wrote {write_set_somewhere_table()}")
