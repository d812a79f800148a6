"""Fast simulations of Speed for the lesson: deals shuffled by numpy (thousands at once), and the seeded bot
tournaments of the lesson shipped as records, so a class of thirty does not play the same 14,000 rounds thirty
times.

- ``simulate_stalemates(setup, n, seed)``: n deals at once, each a shuffled deck (one per player with two decks),
  the same chance model as the game's own draws (``rules.deal``); ``tests/test_speed_sim.py`` checks that both
  give the same distribution, and that a wrong model is caught.
- ``shipped_rounds(...)`` / ``shipped_matches(...)``: who won each round (match) of a seeded run that
  ``bots.win_rate`` (``widget.simulated_matches``) would play, read from ``tournaments.json``. Those functions use
  the record when it holds the run asked for (same set-up, bots, speed ratio, seed, and no more rounds than it
  holds: a run is the same rounds in the same order, so a shorter run is its beginning), and play the rounds
  otherwise. ``python -m circuslib.speed.sim`` plays every shipped run again and rewrites the file;
  ``tests/test_speed_sim.py`` plays them again and compares them round for round.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ..core.sim import Estimate, ShippedRuns, Tally
from .rules import ONE_DECK, Setup

__all__ = ["simulate_stalemates", "stalemate_deals", "shipped_rounds", "shipped_matches", "LESSON_RUNS",
           "play_lesson_runs", "write_tournaments"]

TOURNAMENTS = Path(__file__).with_name("tournaments.json")


# ---------------------------------------------------------------------------------------------------------
# deals, thousands at once

def stalemate_deals(setup: Setup, n: int, seed: int):
    """For n shuffled deals: (the two centre tops, each player's playable face-up cards) as numpy rank arrays.

    One deck: the first 2 + 2k cards of a shuffled deck are the tops and the k face-up cards each (which card
    goes where does not matter: every position of a shuffled deck holds a random card). Two decks: the first
    1 + k cards of each player's own shuffled deck. Crapette: only the top card of each stack can play, and the
    stack tops are random cards of the deck like any others, so the k playable cards are drawn the same way.
    """
    import numpy as np

    if not isinstance(setup, Setup):
        raise TypeError("setup must be a Setup, for example ONE_DECK")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 1_000_000:
        raise ValueError(f"n must be a whole number of deals from 1 to 1,000,000, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("give a whole-number seed, so the run can be repeated")
    k = setup.face_up
    rng = np.random.default_rng(seed)
    deck = np.arange(52, dtype=np.int8) // 4 + 1  # the ranks of one deck, four of each
    if setup.decks == 1:
        cards = rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :2 + 2 * k]
        return cards[:, :2], (cards[:, 2:2 + k], cards[:, 2 + k:])
    own = [rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :1 + k] for _ in (0, 1)]
    return np.stack([own[0][:, 0], own[1][:, 0]], axis=1), (own[0][:, 1:], own[1][:, 1:])


def simulate_stalemates(setup: Setup = ONE_DECK, n: int = 2000, seed: int = 1) -> Estimate:
    """The share of n shuffled deals where nobody can play at the start, with each deal's result kept (for a
    convergence plot): numpy deals them all at once, in milliseconds."""
    import numpy as np

    tops, hands = stalemate_deals(setup, n, seed)
    cards = np.concatenate(hands, axis=1)
    gap = (cards[:, :, None].astype(np.int16) - tops[:, None, :]) % 13  # each card against each top
    playable = ((gap == 1) | (gap == 12)).any(axis=(1, 2))
    return Estimate.from_values(~playable, keep=True)


# ---------------------------------------------------------------------------------------------------------
# the lesson's tournaments, shipped

# every seeded run the lesson plays: (what, set-up, bots or rounds, speed ratio, how many, seed)
LESSON_RUNS: tuple = tuple(
    [("rounds", "one deck", ("first", "first"), Fraction(r), 400, 10 + i)
     for i, r in enumerate([Fraction(1, 4), Fraction(1, 2), 1, 2, 4])]
    + [("rounds", "one deck", ("block", "first"), Fraction(r), 400, 20 + i)
       for i, r in enumerate([Fraction(1, 4), Fraction(1, 2), 1, 2, 4])]
    + [("rounds", "one deck", (kind, "first"), Fraction(1), 2000, 30) for kind in ("first", "random", "longest", "block")]
    + [("matches", "one deck", 3, Fraction(2) ** e, 100, 17) for e in range(-3, 4)])


def _key(what: str, setup_name: str, detail, ratio: Fraction, seed: int) -> str:
    detail = "/".join(detail) if isinstance(detail, tuple) else str(detail)
    return f"{what} | {setup_name} | {detail} | ratio {ratio} | seed {seed}"


def _setup_name(setup: Setup) -> str | None:
    from .rules import SETUPS

    return next((name for name, known in SETUPS.items() if known == setup), None)


def shipped_rounds(setup: Setup, policies: Sequence[str], ratio, n: int, seed: int) -> Tally | None:
    """The Tally ``bots.win_rate`` gives for these arguments, read from the shipped record (None if not shipped)."""
    name = _setup_name(setup)
    if name is None or isinstance(seed, bool) or not isinstance(seed, int):
        return None
    return RECORDS.tally(_key("rounds", name, tuple(policies), Fraction(ratio), seed), n)


def shipped_matches(setup_name: str, rounds: int, ratio, matches: int, seed: int) -> Tally | None:
    """The Tally ``widget.simulated_matches`` gives for these arguments, from the shipped record (None if not)."""
    return RECORDS.tally(_key("matches", setup_name, rounds, Fraction(ratio), seed), matches)


def _lesson_runs():
    import functools
    import zlib

    from .bots import fast_round, play_match
    from .rules import SETUPS

    for what, setup_name, detail, ratio, n, seed in LESSON_RUNS:
        setup, rates = SETUPS[setup_name], (ratio, Fraction(1))
        # each trial keeps its own set-up, rates and detail (the loop moves on before it is played)
        if what == "rounds":  # as bots.win_rate plays them
            trial = functools.partial(lambda rng, s, d, r: fast_round(s, rng, d, r).winner, s=setup, d=detail, r=rates)
            stream = seed
        else:  # as widget.simulated_matches plays them
            trial = functools.partial(lambda rng, s, d, r: play_match(s, rng, ("first", "first"), r, d).winner(),
                                      s=setup, d=detail, r=rates)
            stream = zlib.crc32(f"{setup_name}|{detail}|{ratio}|{seed}".encode())
        yield _key(what, setup_name, detail, ratio, seed), trial, n, stream


# who won each round or match: a seat, "tie" (a tied round) or None (a tied match), one character each
RECORDS = ShippedRuns(TOURNAMENTS, {0: "0", 1: "1", "tie": "t", None: "n"}, lesson_runs=_lesson_runs,
                      about="who won each round (0, 1, t = tie) or match (n = tie) of the seeded runs of the Speed "
                            "lesson; written by python -m circuslib.speed.sim, checked round for round by "
                            "tests/test_speed_sim.py")
play_lesson_runs = RECORDS.play_all  # every round and match played again now (about 15 s): {run: who won each}
write_tournaments = RECORDS.rewrite  # played again and written to tournaments.json


if __name__ == "__main__":
    print(f"wrote {write_tournaments()}")
