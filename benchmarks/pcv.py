"""Le Petit Cirque Volant benchmarks: manoeuvre graphs at speed 6, a greedy decision, n-shot odds, simulated duels."""
from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.core.game import playout  # noqa: E402
from circuslib.pcv.bots import greedy_pilot, random_pilot  # noqa: E402
from circuslib.pcv.graphs import move_graph, reachable  # noqa: E402
from circuslib.pcv.odds import destroy_probability  # noqa: E402
from circuslib.pcv.rules import Plane, scenario  # noqa: E402


def main() -> None:
    fast = Plane("X", 0, (0, 0), facing=0, altitude=3, speed=6)
    rows = []
    t = per_call(lambda: move_graph(fast))
    rows.append(("move_graph, speed 6 (front-three)", seconds(t), "< 50 ms", t < 0.05))
    t = per_call(lambda: reachable(fast))
    rows.append(("reachable, speed 6 (front-three)", seconds(t), "< 50 ms", t < 0.05))

    patrol = scenario("patrol").start()
    t = per_call(lambda: greedy_pilot(patrol, random.Random(1)))
    rows.append(("greedy decision, 2 v 2 patrol start", seconds(t), "< 200 ms", t < 0.2))
    flat_out = replace(patrol, planes=tuple(replace(p, speed=6) for p in patrol.planes), mp_left=6)
    t = per_call(lambda: greedy_pilot(flat_out, random.Random(1)))
    rows.append(("greedy decision, 2 v 2, every plane at speed 6", seconds(t), "< 200 ms", t < 0.2))

    t = per_call(lambda: destroy_probability(20, 2))
    rows.append(("destroy_probability, 20 shots", seconds(t), "< 1 ms", t < 0.001))

    start = scenario("duel").start()
    games = 2000
    elapsed, _ = once(lambda: [playout(start, random.Random(i), [random_pilot, random_pilot]) for i in range(games)])
    rate = games / elapsed
    rows.append(("simulated duels, random pilots", f"{rate:,.0f} / s", ">= 500 / s", rate >= 500))
    games = 20
    elapsed, _ = once(lambda: [playout(start, random.Random(i), [greedy_pilot, random_pilot]) for i in range(games)])
    rows.append(("simulated duels, greedy vs random (no target)", f"{games / elapsed:,.1f} / s", "-", True))
    print_table("Le Petit Cirque Volant", rows)


if __name__ == "__main__":
    main()
