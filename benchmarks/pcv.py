"""Le Petit Cirque Volant benchmarks: manoeuvre graphs at speed 6, a greedy decision, n-shot odds, simulated duels."""
from __future__ import annotations

import random
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import statistics  # noqa: E402
import time  # noqa: E402

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.core.game import playout  # noqa: E402
from circuslib.core.sim import tournament  # noqa: E402
from circuslib.pcv.bots import _forget_plans, cautious_pilot, greedy_pilot, random_pilot  # noqa: E402
from circuslib.pcv.graphs import move_graph, reachable  # noqa: E402
from circuslib.pcv.odds import destroy_probability  # noqa: E402
from circuslib.pcv.rules import PCVOptions, Plane, new_game  # noqa: E402


def main() -> None:
    fast = Plane("X", 0, (0, 0), facing=0, altitude=3, speed=6)
    rows = []
    t = per_call(lambda: move_graph(fast))
    rows.append(("move_graph, speed 6 (front-three)", seconds(t), "< 50 ms", t < 0.05))
    t = per_call(lambda: reachable(fast))
    rows.append(("reachable, speed 6 (front-three)", seconds(t), "< 50 ms", t < 0.05))

    patrol = new_game(PCVOptions(scenario="patrol"))
    patrol = patrol.play(patrol.legal_moves()[0])  # Red picks its first plane: the next decision is a move
    # the pilots keep their plans by position: forget them before each call, to time a decision from scratch
    t = per_call(lambda: (_forget_plans(), greedy_pilot(patrol, random.Random(1))))
    rows.append(("greedy decision, 2 v 2 patrol start", seconds(t), "< 200 ms", t < 0.2))
    flat_out = replace(patrol, planes=tuple(replace(p, speed=6) for p in patrol.planes), mp_left=6)
    t = per_call(lambda: (_forget_plans(), greedy_pilot(flat_out, random.Random(1))))
    rows.append(("greedy decision, 2 v 2, every plane at speed 6", seconds(t), "< 200 ms", t < 0.2))

    t = per_call(lambda: destroy_probability(20, 2))
    rows.append(("destroy_probability, 20 shots", seconds(t), "< 1 ms", t < 0.001))

    start = new_game()
    games = 2000
    elapsed, _ = once(lambda: [playout(start, random.Random(i), [random_pilot, random_pilot]) for i in range(games)])
    rate = games / elapsed
    rows.append(("simulated duels, random pilots", f"{rate:,.0f} / s", ">= 500 / s", rate >= 500))
    games = 20
    elapsed, _ = once(lambda: [playout(start, random.Random(i), [greedy_pilot, random_pilot]) for i in range(games)])
    rows.append(("simulated duels, greedy vs random (no target)", f"{games / elapsed:,.1f} / s", "-", True))
    _forget_plans()  # the lesson's section 6b from a fresh kernel: three pairings of 8 seeded duels
    elapsed, _ = once(lambda: [tournament(lambda rng: start, pilots, 8, seed=3, show_progress=False)
                               for pilots in ([greedy_pilot, random_pilot], [greedy_pilot, cautious_pilot],
                                              [cautious_pilot, greedy_pilot])])
    rows.append(("lesson's bot tournament, 3 x 8 duels", seconds(elapsed), "< 300 ms", elapsed < 0.3))
    rows += explorer_rows()
    print_table("Le Petit Cirque Volant", rows)


def update_latency(changes: list, *, quantiles=(0.5, 0.95)) -> list[float]:
    """Time each scripted change of an explorer (a control set to a value, or a button clicked): the given quantiles
    of one update's latency, in seconds (1 is the slowest)."""
    times = []
    for change in changes:
        start = time.perf_counter()
        change()
        times.append(time.perf_counter() - start)
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return [statistics.median(times) if q == 0.5 else max(times) if q == 1 else cuts[round(q * 100) - 1]
            for q in quantiles]


def explorer_rows(changes: int = 300) -> list[tuple[str, str, str, bool]]:
    """One row per explorer: median and p95 latency of an update over seeded, scripted changes of its controls,
    from a fresh explorer with the exact-odds cache cleared (first visits of each setting included)."""
    from circuslib.pcv import explorers, odds

    rows = []
    rng = random.Random(2026)
    odds._die_odds.cache_clear()
    e = explorers.OddsExplorer()
    sliders = (e.hexes, e.altitude, e.target_altitude, e.shots)
    script = []
    for _ in range(changes):
        slider = rng.choice(sliders)
        script.append(partial(setattr, slider, "value", rng.randint(slider.min, slider.max)))
    median, p95, slowest = update_latency(script, quantiles=(0.5, 0.95, 1))
    rows.append((f"OddsExplorer update, {changes} scripted changes",
                 f"median {seconds(median)}, p95 {seconds(p95)}, max {seconds(slowest)}", "p95 < 100 ms", p95 < 0.1))

    odds._die_odds.cache_clear()
    d = explorers.DiceExplorer()
    faces = ["", "4 5", "5", "6", "1-3", "4-6", "5, 6", "5 5", "7", "3", "2-3 5", "8", "10-12", "1 2", "9"]
    script = []
    for _ in range(changes):
        kind = rng.randrange(6)
        if kind == 0:
            script.append(partial(setattr, d.sides, "value", rng.randint(2, 20)))
        elif kind in (1, 2):
            field = d.damage if kind == 1 else d.destroy
            script.append(partial(setattr, field, "value", rng.choice(faces)))
        elif kind == 3:
            script.append(partial(setattr, d.shots, "value", rng.randint(1, d.MAX_SHOTS)))
        elif kind == 4:
            script.append(partial(setattr, d.compare, "value", rng.choice([1, 2, 3])))
        else:
            script.append(d.reset.click)
    median, p95, slowest = update_latency(script, quantiles=(0.5, 0.95, 1))
    rows.append((f"DiceExplorer update, {changes} scripted changes",
                 f"median {seconds(median)}, p95 {seconds(p95)}, max {seconds(slowest)}", "p95 < 100 ms", p95 < 0.1))
    return rows


if __name__ == "__main__":
    main()
