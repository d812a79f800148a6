"""Scout benchmarks: legal shows of a 12-card hand, full 4-player games with greedy bots, exact odds (also of a set
somewhere in a real hand)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.scout.bots import greedy_bot, lookahead_bot, play_game  # noqa: E402
from circuslib.scout.odds import (_clear_counting_caches, expected_shows, mini_deck, set_somewhere_exact,  # noqa: E402
                                  set_somewhere_probability)
from circuslib.scout.rules import legal_shows, new_game  # noqa: E402


def main() -> None:
    rng = random.Random(1)
    hand = [(rng.randint(1, 10), 0) for _ in range(12)]
    busy = [(v, 0) for v in (3, 4, 5, 5, 5, 6, 7, 8, 8, 2, 1, 9)]
    t_shows = per_call(lambda: legal_shows(hand))
    t_busy = per_call(lambda: legal_shows(busy, [(4, 0), (4, 0)]))

    games = 200
    game_rng = random.Random(2)
    t_games, _ = once(lambda: [play_game(new_game(4), greedy_bot, game_rng) for _ in range(games)])
    per_second = games / t_games
    t_look, _ = once(lambda: play_game(new_game(4), lookahead_bot, random.Random(3)))
    t_exact = per_call(lambda: expected_shows(4), min_time=0.05, repeat=1)
    t_enum, _ = once(lambda: set_somewhere_probability(3, mini_deck(5), 4))
    exact_rows = []
    for players in (3, 4, 5):
        for k in (2, 3):
            _clear_counting_caches()  # from scratch, as in a fresh notebook kernel
            t_k, _ = once(lambda k=k, players=players: set_somewhere_exact(k, players))
            exact_rows.append((f"P(set of {k} somewhere), {players} players, exact (cold)", seconds(t_k), "< 2 s",
                               t_k < 2))
    print_table("Scout", [
        ("legal_shows, random 12-card hand", seconds(t_shows), "< 0.5 ms", t_shows < 5e-4),
        ("legal_shows, 12 cards against a pair", seconds(t_busy), "< 0.5 ms", t_busy < 5e-4),
        ("4-player games (4 rounds), greedy bots", f"{per_second:.0f} games/s", ">= 300 games/s", per_second >= 300),
        ("one 4-player game, lookahead bots", seconds(t_look), "(no target)", True),
        ("expected shows of a 4-player hand (exact)", seconds(t_exact), "(no target)", True),
        ("P(set of 3) by listing 80,640 mini-deck hands", seconds(t_enum), "(no target)", True),
        *exact_rows,
    ])


if __name__ == "__main__":
    main()
