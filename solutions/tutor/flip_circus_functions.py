"""Flip Circus's function exercise, on the teacher's side: its reference, the rings it is tried on (fixed, and
drawn at ship time), and its catalogue of wrong functions."""
from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Cases
from circuslib.flip_circus.odds import count_rings


def count_patterns(labels: Any) -> int:
    """The rings up to turning and mirroring: the kit's own count_rings (Burnside), which the exercise forbids."""
    return int(count_rings(labels, "dihedral"))


def _arrangements(labels: Any) -> set[tuple[Any, ...]]:
    return set(permutations(labels))


def _turns(row: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    return [row[k:] + row[:k] for k in range(len(row))]


def _rows(labels: Any) -> int:
    return len(_arrangements(labels))


def _up_to_turning(labels: Any) -> int:
    return len({min(_turns(row)) for row in _arrangements(labels)})


def _rows_over_symmetries(labels: Any) -> int:
    return _rows(labels) // (2 * len(labels))


def _mirror_without_turns(labels: Any) -> int:
    return len({min(row, row[::-1]) for row in _arrangements(labels)})


PATTERN_FIXED = [(tuple(s),) for s in ("C", "CA", "CCAAV", "CCCAAM", "CCAAMM", "ABCDE", "CCCCAAV", "CCCAAAMM",
                                       "CCCCAAVV", "CCCCCAMV")]
PATTERN_LARGEST = 8
"""The most labels a ring is tried with: 8! = 40320 rows still list in a moment."""


PATTERN_SMALLEST = 1
"""The fewest labels a ring is tried with: one token alone is a ring too."""


def ring_labels(rng: random.Random) -> tuple[tuple[str, ...]]:
    """Labels of a ring: all alike, all different, each kind twice, or a mix of two to four kinds, from 3 up to 8
    of them."""
    size = rng.choice([PATTERN_SMALLEST, PATTERN_LARGEST] + list(range(PATTERN_SMALLEST, PATTERN_LARGEST + 1)))
    if rng.random() < 0.25:  # each kind twice (CCAAVVMM): many rows a mirror fixes, where a wrong sum shows
        return (tuple(sorted("CAVM"[:rng.randint(2, PATTERN_LARGEST // 2)] * 2)),)
    kinds = rng.choice(["C", "CA", "CAV", "CAVM", "ABCDEFGH"])
    return (tuple(sorted(rng.choice(kinds) for _ in range(size))),)


FUNCTIONS = {
    "patterns_by_listing": Cases(
        reference=count_patterns, fixed=PATTERN_FIXED, generate=ring_labels, count=30,
        mistakes=[
            Mistake(_rows, "you counted rows: map each arrangement to one representative of its turns and mirror "
                           "images, and count the representatives"),
            Mistake(_up_to_turning, "you used the turns only; the mirror image of a ring is the same ring too"),
            Mistake(_rows_over_symmetries, "dividing by the number of symmetries forgets the arrangements a "
                                           "symmetry leaves unchanged: list the representatives instead"),
            Mistake(_mirror_without_turns, "you compared a row with its mirror image only; the turns of both count "
                                           "too"),
            Mistake(lambda labels: _rows(labels) / (2 * len(labels)), "give it exactly"),
        ]),
}
