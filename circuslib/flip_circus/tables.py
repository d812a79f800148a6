"""Exact Flip Circus tables searched once and shipped with the kit, so the lesson reads them instead of searching.

``setup_poster.json`` holds, for the kit's rules, every ring the opener can see at the set-up (up to turning and
mirroring: 172 rings), how many of the 3,840 equally likely deals show it, and the exact chance of the opener's
likeliest plan to take a poster in the first turn (two actions, no Applause), found by ``winning_turns``. The
deal-weighted average of those chances is ``odds.setup_poster_probability()``.

Regenerate the file with ``python -m circuslib.flip_circus.tables``; ``tests/test_flip_circus_tables.py`` searches
every ring again and compares it exactly, so the file cannot drift from the code.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sympy

__all__ = ["TABLE_FILE", "OpenerRing", "count_opener_rings", "opener_rings", "opener_best_chance",
           "write_opener_rings"]

TABLE_FILE = Path(__file__).resolve().with_name("setup_poster.json")


@dataclass(frozen=True)
class OpenerRing:
    """A ring the opener can see at the set-up: its faces (one of its turns and mirror images), how many deals
    show it, and the exact chance of the opener's likeliest plan to take a poster in the first turn."""

    faces: tuple[str, ...]
    deals: int
    best: sympy.Rational


def count_opener_rings() -> list[OpenerRing]:
    """Search every ring the opener can see, with the kit's rules (about a third of a second: one search per ring)."""
    import sympy

    from .odds import _opener_best_chance, _opener_rings
    from .rules import Ruleset

    rules = Ruleset()
    return [OpenerRing(ring, deals, sympy.Rational(str(_opener_best_chance(ring, rules))))
            for ring, deals in sorted(_opener_rings(rules).items())]


def write_opener_rings(path: Path | str = TABLE_FILE) -> Path:
    """Search the rings and write them as JSON (exact fractions as strings); returns the file written."""
    path = Path(path)
    path.write_text(_table_text(count_opener_rings()), encoding="utf-8")
    return path


def _table_text(rings: Sequence[OpenerRing]) -> str:
    """The JSON text of the rings, one ring a line (so a changed value shows as one changed line in a diff)."""
    header = {"what": "every ring the opener can see at the set-up (kit rules, up to turning and mirroring), the "
                      "deals that show it, and the exact chance of the opener's likeliest plan to take a poster",
              "counted_by": "circuslib.flip_circus.graphs.winning_turns (max_applause=0), one search per ring",
              "regenerate": "python -m circuslib.flip_circus.tables"}
    rows = [{"faces": " ".join(ring.faces), "deals": ring.deals, "best": str(ring.best)} for ring in rings]
    return ("{\n" + "".join(f" {json.dumps(key)}: {json.dumps(value)},\n" for key, value in header.items())
            + ' "rings": [\n' + ",\n".join(f"  {json.dumps(row)}" for row in rows) + "\n ]\n}\n")


@lru_cache(maxsize=1)
def _read_table() -> tuple:
    rows = json.loads(TABLE_FILE.read_text(encoding="utf-8"))["rings"]
    return tuple((tuple(row["faces"].split()), row["deals"], row["best"]) for row in rows)


def opener_rings() -> list[OpenerRing]:
    """The shipped rings the opener can see, with their deals and best chances (kit rules): read, not searched."""
    import sympy

    return [OpenerRing(faces, deals, sympy.Rational(best)) for faces, deals, best in _read_table()]


def opener_best_chance(faces: Sequence[str]) -> sympy.Rational:
    """The shipped chance of the opener's likeliest plan for the ring these ten faces show (kit rules)."""
    from .odds import _canonical

    key = _canonical(tuple(faces))
    for ring in opener_rings():
        if ring.faces == key:
            return ring.best
    raise ValueError(f"no set-up shows the ring {' '.join(map(str, faces))}: the opener's rings have a Clown at "
                     "every even place and one face of each other token between them")


if __name__ == "__main__":
    print(f"wrote {write_opener_rings()}")
