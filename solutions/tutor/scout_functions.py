"""Scout's function exercise, on the teacher's side: its reference, the pairs of sets it is tried on (fixed, and
drawn at ship time), and its catalogue of wrong functions."""
from __future__ import annotations

import random
from collections.abc import Sequence

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Cases
from circuslib.scout.checks import BEATS_SETS
from circuslib.scout.rules import beats


def _step_of(values: Sequence[int]) -> int | None:
    steps = {b - a for a, b in zip(values, values[1:])}
    return steps.pop() if len(steps) == 1 and steps <= {-1, 0, 1} else None


def _kind_rank(values: Sequence[int]) -> int:
    return 1 if len(values) == 1 or _step_of(values) == 0 else 0


def _beats_first_card_smallest(a: Sequence[int], b: Sequence[int]) -> bool:
    # reads the smallest number of a run on its first card
    return (len(a), _kind_rank(a), a[0]) > (len(b), _kind_rank(b), b[0])


def _beats_down_runs_weakest(a: Sequence[int], b: Sequence[int]) -> bool:
    # only runs going up are runs: a run going down ranks below them
    def rank(v: Sequence[int]) -> int:
        return 2 if _kind_rank(v) else (1 if _step_of(v) == 1 else 0)
    return (len(a), rank(a), min(a)) > (len(b), rank(b), min(b))


def _beats_no_kind(a: Sequence[int], b: Sequence[int]) -> bool:
    return (len(a), min(a)) > (len(b), min(b))


def _beats_kind_first(a: Sequence[int], b: Sequence[int]) -> bool:
    return (_kind_rank(a), len(a), min(a)) > (_kind_rank(b), len(b), min(b))


def _beats_or_equal(a: Sequence[int], b: Sequence[int]) -> bool:
    return (len(a), _kind_rank(a), min(a)) >= (len(b), _kind_rank(b), min(b))


def _beats_smallest_only(a: Sequence[int], b: Sequence[int]) -> bool:
    return min(a) > min(b)


def _always_true(a: Sequence[int], b: Sequence[int]) -> bool:
    return True


SET_LARGEST = 8
"""The most cards of a set tried: eight in a row, more than a hand shows at once in most rounds."""


def a_set(rng: random.Random) -> list[int]:
    """A set of Scout: a match (equal numbers) or a run going up or down, of 1 to SET_LARGEST cards, numbers 1 to 10."""
    size = rng.choice([1, 2, 2, 3, 3, 4, 5, SET_LARGEST])
    kind = rng.choice(["match", "up", "down"])
    if kind == "match":
        return [rng.randint(1, 10)] * size
    low = rng.randint(1, 11 - size)
    run = list(range(low, low + size))
    return run if kind == "up" else run[::-1]


def two_sets(rng: random.Random) -> tuple[list[int], list[int]]:
    """Two sets, often of the same size (where the kind and the smallest number decide), sometimes equal."""
    a = a_set(rng)
    if rng.random() < 0.15:
        return a, list(a)
    b = a_set(rng)
    while rng.random() < 0.6 and len(b) != len(a):
        b = a_set(rng)
    return a, b


FUNCTIONS = {
    # the reference is the kit's own beats, the rule the lesson teaches: the exercise forbids calling it
    "my_beats": Cases(
        reference=beats, fixed=[(list(a), list(b)) for a in BEATS_SETS for b in BEATS_SETS], generate=two_sets,
        count=80,
        mistakes=[
            Mistake(_beats_first_card_smallest, "runs going down: the first card of a run going down (7 6 5) is its "
                                                "largest number, not its smallest"),
            Mistake(_beats_down_runs_weakest, "runs going down are runs like any other: 7 6 5 is as strong as 5 6 7"),
            Mistake(_beats_no_kind, "at equal size a match beats a run"),
            Mistake(_beats_kind_first, "more cards wins first; the kind of set only decides between sets of equal "
                                       "size"),
            Mistake(_beats_or_equal, "an equal set does not beat: the new set must be strictly stronger"),
            Mistake(_beats_smallest_only, "the number of cards decides first, then the kind, then the smallest "
                                          "number"),
            Mistake(_always_true, "your function gives the same answer whatever the sets: it must compare them"),
        ]),
}
