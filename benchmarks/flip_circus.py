"""Flip Circus benchmarks: exact deduction, the exhaustive one-turn search, and simulated bot games
(targets printed, not asserted)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.core.game import playout  # noqa: E402
from circuslib.flip_circus import odds  # noqa: E402
from circuslib.flip_circus.bots import greedy_bot, random_bot  # noqa: E402
from circuslib.flip_circus.graphs import winning_turns  # noqa: E402
from circuslib.flip_circus.rules import from_faces, new_game  # noqa: E402


def fresh_possible_backs(state) -> None:
    odds._worlds.cache_clear()  # time the counting itself, not the cache
    odds.possible_backs(state, state.player)


def games_per_second(policies, n: int, seed: int, repeat: int = 3) -> float:
    """The best of ``repeat`` runs of the same ``n`` seeded games (the machine's load varies)."""
    best = 0.0
    for _ in range(repeat):
        rng = random.Random(seed)
        t, _ = once(lambda: [playout(new_game(rng), rng, policies) for _ in range(n)])
        best = max(best, n / t)
    return best


def main() -> None:
    rows = []
    dealt = new_game(random.Random(1))
    t = per_call(lambda: fresh_possible_backs(dealt))
    rows.append(("possible_backs at a fresh deal (240 worlds)", seconds(t), "< 50 ms", t < 0.05))
    middle = new_game(random.Random(2))
    for move in [m for m in middle.legal_moves() if m.name == "flip"][:1]:
        middle = middle.play(move)
    t = per_call(lambda: fresh_possible_backs(middle))
    rows.append(("possible_backs after a flip", seconds(t), "< 50 ms", t < 0.05))

    two_applause = from_faces(list(zip(dealt.faces, dealt.backs)), player=dealt.player, applause=(2, 2))
    turns = winning_turns(two_applause, max_applause=2)
    t = per_call(lambda: winning_turns(two_applause, max_applause=2), min_time=0, repeat=3)  # best of 3
    rows.append((f"winning_turns, 2 actions + up to 2 Applause ({len(turns):,} plans)", seconds(t), "< 1 s", t < 1))
    t, turns = once(lambda: winning_turns(dealt, max_applause=0))
    rows.append((f"winning_turns, 2 actions, no Applause ({len(turns)} plans)", seconds(t), "< 0.1 s", t < 0.1))

    rate = games_per_second([random_bot, random_bot], 100, 3)
    rows.append(("whole games, random vs random (best of 3 x 100)", f"{rate:,.1f} / s", ">= 100 / s", rate >= 100))
    rate = games_per_second([greedy_bot, random_bot], 40, 4)
    rows.append(("whole games, greedy vs random (best of 3 x 40)", f"{rate:,.1f} / s", ">= 100 / s", rate >= 100))

    t, p = once(lambda: odds.setup_poster_probability(show_progress=False))
    rows.append((f"setup_poster_probability (= {p})", seconds(t), "< 5 s", t < 5))
    print_table("Flip Circus", rows)


if __name__ == "__main__":
    main()
