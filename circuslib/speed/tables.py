"""Exact tables of Speed computed once and shipped with the kit (``exact_odds.json``), so a lesson and its explorers
read them instead of counting again in every student's kernel.

- "stalemate": P(stalemate right after the deal) for 1 to 8 face-up cards and 1 or 2 decks, as counted by
  ``odds.p_stalemate_at_start`` (a hypergeometric count summed over the 169 pairs of tops);
- "chains": the distribution of the longest chain in a random hand of 1 to 8 cards, 1 or 2 decks, as counted by
  ``odds.chain_length_distribution`` (every rank pattern of the hand).

Fractions are written as text ("3/28"). ``python -m circuslib.speed.tables`` counts everything again and rewrites
the file; ``tests/test_speed_odds.py`` counts everything again and compares it exactly, so the table can never
drift from the code.
"""
from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

__all__ = ["shipped_exact_odds", "count_exact_odds", "count_chain_lengths", "write_exact_odds", "EXACT_ODDS"]

EXACT_ODDS = Path(__file__).with_name("exact_odds.json")
HANDS = range(1, 9)
DECKS = (1, 2)


@lru_cache(maxsize=1)
def shipped_exact_odds() -> dict:
    """The shipped table: {"stalemate": {(face_up, decks): Fraction}, "chains": {(hand, decks): {length: Fraction}}}."""
    if not EXACT_ODDS.exists():
        return {"stalemate": {}, "chains": {}}
    raw = json.loads(EXACT_ODDS.read_text(encoding="utf-8"))
    return _from_text(raw)


def _from_text(raw: dict) -> dict:
    def key(text: str) -> tuple[int, int]:
        a, b = text.split("/")
        return int(a), int(b)

    return {"stalemate": {key(k): Fraction(v) for k, v in raw["stalemate"].items()},
            "chains": {key(k): {int(n): Fraction(p) for n, p in dist.items()} for k, dist in raw["chains"].items()}}


def count_exact_odds() -> dict:
    """Count every entry of the table now, from the rules (a few seconds), in the shipped table's form."""
    from .odds import _count_chains, _count_stalemate

    return {"stalemate": {(k, d): _count_stalemate(k, d) for k in HANDS for d in DECKS},
            "chains": {(h, d): _count_chains(h, d) for h in HANDS for d in DECKS}}


def count_chain_lengths(hand: int = 5, decks: int = 1) -> dict[int, Fraction]:
    """The distribution of the longest chain in a random hand, counted now over every rank pattern (not read from
    the table): milliseconds for a few cards, seconds for eight."""
    from ..core.args import whole
    from .odds import _check_decks, _count_chains

    return _count_chains(whole(hand, "hand (the number of face-up cards)", 1, 8), _check_decks(decks))


def write_exact_odds(path: Path = EXACT_ODDS) -> Path:
    """Count the table again and write it (exact fractions as text, "face-up cards/decks" as keys)."""
    table = count_exact_odds()
    data = {"about": "exact odds of Speed counted by circuslib.speed.odds; written by python -m circuslib.speed.tables, "
                     "counted again and compared by tests/test_speed_odds.py",
            "stalemate": {f"{k}/{d}": str(p) for (k, d), p in table["stalemate"].items()},
            "chains": {f"{h}/{d}": {str(n): str(p) for n, p in dist.items()} for (h, d), dist in table["chains"].items()}}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    shipped_exact_odds.cache_clear()
    return path


if __name__ == "__main__":
    print(f"wrote {write_exact_odds()}")
