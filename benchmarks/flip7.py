"""Flip 7 benchmarks: exact optima, the bust chance, simulated rounds and whole games (targets printed, not asserted)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.flip7 import odds  # noqa: E402
from circuslib.flip7.bots import StopAtSum, play_game, simulate_threshold_rounds  # noqa: E402


def main() -> None:
    rows = []
    odds._OPTIMA.clear()
    t, numbers = once(lambda: odds.solo_optimal("numbers"))
    rows.append((f"exact optimum, numbers only (= {float(numbers.value):.4f})", seconds(t), "< 1 s", t < 1))
    t, rich = once(lambda: odds.solo_optimal("numbers+modifiers"))
    rows.append((f"exact optimum, numbers+modifiers (= {float(rich.value):.4f})", seconds(t), "< 15 s", t < 15))
    t = per_call(lambda: odds.bust_probability([3, 7, 12], seen=[12, 12, "Freeze"]))
    rows.append(("bust_probability, one call", seconds(t), "< 1 ms", t < 1e-3))
    n = 400_000
    t, _ = once(lambda: simulate_threshold_rounds(23, n, random.Random(1)))
    rate = n / t
    rows.append(("solo rounds 'stop at 23', numpy", f"{rate:,.0f} / s", ">= 200,000 / s", rate >= 200_000))
    bots = [StopAtSum(23)] * 4
    rng = random.Random(2)
    games = 1_000
    t, _ = once(lambda: [play_game(bots, rng) for _ in range(games)])
    rate = games / t
    rows.append(("4-player games to 200 ('stop at 23' bots)", f"{rate:,.0f} / s", ">= 1,000 / s", rate >= 1_000))
    print_table("Flip 7", rows)


if __name__ == "__main__":
    main()
