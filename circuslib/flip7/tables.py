"""Flip 7's lesson tournament, shipped with the kit so a class does not play the same games thirty times.

``tournaments.json`` holds who won each game (the winner's seat) of the seeded tournaments the lesson plays
(``LESSON_GAMES``): ``bots.win_rates`` reads a run from it when asked for exactly that run with the kit's own bots
(the same bots and settings, seed, target and dealer rotation, and no more games than it holds: a run is the same
games in the same order, so a shorter run is its beginning), and plays the games otherwise.
``python -m circuslib.flip7.tables`` plays them again and rewrites the file; ``tests/test_flip7_bots.py`` plays
every game again and compares it game for game.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ..core.sim import ShippedRuns, Tally
from .bots import AlwaysHit, Bot, Optimal, StopAtRisk, StopAtSum, _game_winner
from .rules import TARGET

__all__ = ["TOURNAMENT_FILE", "RECORDS", "LESSON_GAMES", "shipped_win_rates", "play_lesson_games",
           "write_tournaments"]

TOURNAMENT_FILE = Path(__file__).resolve().with_name("tournaments.json")
# every seeded tournament the lesson plays: (the bots, in seat order, games, seed, target, rotate the dealer)
LESSON_GAMES: tuple = (((AlwaysHit(), StopAtSum(23), StopAtRisk(Fraction(1, 4)), Optimal()), 500, 2026, TARGET,
                        True),)


def _run_key(bots: Sequence[Bot], seed: int, target: int, rotate_dealer: bool) -> str:
    # a kit bot is a frozen dataclass: its repr names its kind and every setting it plays by
    return (f"{' / '.join(repr(bot) for bot in bots)} | seed {seed} | to {target} | "
            f"{'dealer rotating' if rotate_dealer else 'seat 0 deals'}")


def _lesson_runs():
    for bots, n, seed, target, rotate in LESSON_GAMES:  # played as win_rates plays them
        yield _run_key(bots, seed, target, rotate), _game_winner(bots, target, rotate), n, seed


RECORDS = ShippedRuns(TOURNAMENT_FILE, {seat: str(seat) for seat in range(10)}, lesson_runs=_lesson_runs,
                      about="who won each game (the winner's seat) of the seeded tournaments of the Flip 7 lesson, "
                            "as circuslib.flip7.bots.win_rates plays them; written again by python -m "
                            "circuslib.flip7.tables, checked game for game by tests/test_flip7_bots.py")
"""Who won each game of the lesson's tournaments, one character a game."""
play_lesson_games = RECORDS.play_all  # every game played again now (about a second): {run: who won each game}
write_tournaments = RECORDS.rewrite  # played again and written to tournaments.json


def shipped_win_rates(bots: Sequence[Bot], n: int, seed: int, target: int, rotate_dealer: bool) -> Tally | None:
    """The Tally ``bots.win_rates`` gives for these kit bots, read from the shipped record (None if the record does
    not hold this run, or holds fewer games)."""
    return RECORDS.tally(_run_key(bots, seed, target, rotate_dealer), n)


if __name__ == "__main__":
    print(f"wrote {write_tournaments()}")
