"""Flip Circus benchmarks: exact deduction, the exhaustive one-turn search, simulated bot games, and how long the
ring explorer takes to answer a change (targets printed, not asserted)."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import once, per_call, print_table, seconds  # noqa: E402

from circuslib.core.game import playout  # noqa: E402
from circuslib.flip_circus import odds, rules  # noqa: E402
from circuslib.flip_circus.bots import greedy_bot, random_bot  # noqa: E402
from circuslib.flip_circus.explorers import RingExplorer  # noqa: E402
from circuslib.flip_circus.graphs import winning_turns  # noqa: E402
from circuslib.flip_circus.odds import best_plans  # noqa: E402
from circuslib.flip_circus.rules import ARTISTS, from_faces, new_game  # noqa: E402


def fresh_possible_backs(state) -> None:
    rules._worlds.cache_clear()  # time the counting itself, not the cache
    odds.possible_backs(state, state.player)


def games_per_second(policies, n: int, seed: int, repeat: int = 3) -> float:
    """The best of ``repeat`` runs of the same ``n`` seeded games (the machine's load varies)."""
    best = 0.0
    for _ in range(repeat):
        rng = random.Random(seed)
        t, _ = once(lambda rng=rng: [playout(new_game(rng=rng), rng, policies) for _ in range(n)])
        best = max(best, n / t)
    return best


def ring_explorer_latency(n: int = 300, seed: int = 7) -> tuple[list[float], list[float], int, int]:
    """The time of each of ``n`` seeded scripted edits of the ring explorer, as a student makes them: pick a place
    (not timed), then change its face (to a back it may hide, as a flip shows, or to any artist) or its back (seen
    or not), or deal a new ring, or forget the backs seen. Each edit is a change of a control: the ring checked, its
    odds computed, the best first move searched and the chart redrawn. Caches start empty. Returns the times (wall
    clock, and the processor time of this process, which another program's load on a shared machine does not
    lengthen), how many edits were refused, and how many different charts were drawn."""
    odds._best_plans.cache_clear()
    rules._worlds.cache_clear()
    rng = random.Random(seed)
    explorer = RingExplorer(seed=seed)
    pictures = {explorer.plot.value}

    def possible_face():
        return explorer.face, rng.choice(sorted(explorer.odds.chances[explorer.selected]))

    def possible_back():
        return explorer.back, rng.choice(sorted(explorer.odds.chances[explorer.selected]))

    edits = [possible_face, possible_face, lambda: (explorer.face, rng.choice(ARTISTS)), possible_back,
             lambda: (explorer.back, "not seen"), lambda: (explorer.back, rng.choice(ARTISTS)),
             lambda: (explorer.deal_button, None), lambda: (explorer.forget_button, None)]
    times, cpu, refused = [], [], 0
    while len(times) < n:
        explorer.places[rng.randrange(10)].click()
        control, value = rng.choice(edits)()
        if value is not None and control.value == value:  # an unchanged value does nothing: script a real change
            continue
        start = time.process_time()
        if value is None:
            elapsed, _ = once(control.click)
        else:
            elapsed, _ = once(lambda control=control, value=value: setattr(control, "value", value))
        cpu.append(time.process_time() - start)
        times.append(elapsed)
        refused += "✘" in explorer.message.value
        pictures.add(explorer.plot.value)
    return times, cpu, refused, len(pictures)


def search_times(n: int = 300, seed: int = 8) -> tuple[list[float], list[float]]:
    """The explorer's search (2 actions, no Applause) on ``n`` seeded rings of every kind (any token anywhere, either
    face up), and the same search allowed one Applause on the first 20 of them (what the explorer leaves out)."""
    rng = random.Random(seed)
    tokens = new_game(rng=rng).options.tokens.tokens
    rings = []
    for _ in range(n):
        order = list(range(10))
        rng.shuffle(order)
        rings.append([(tokens[t][up], tokens[t][1 - up]) for t, up in zip(order, (rng.randint(0, 1) for _ in order))])
    restricted, one_applause = [], []
    for ring in rings:
        faces = tuple(face for face, _ in ring)
        odds._best_plans.cache_clear()
        restricted.append(once(lambda faces=faces: best_plans(faces, (None,) * 10))[0])
    for ring in rings[:20]:
        state = from_faces(ring, applause=(1, 0))
        one_applause.append(once(lambda state=state: winning_turns(state, max_applause=1))[0])
    return restricted, one_applause


def quantiles(times: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile."""
    times = sorted(times)
    return times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))]


def main() -> None:
    rows = []
    dealt = new_game(rng=random.Random(1))
    t = per_call(lambda: fresh_possible_backs(dealt))
    rows.append(("possible_backs at a fresh deal (240 worlds)", seconds(t), "< 50 ms", t < 0.05))
    middle = new_game(rng=random.Random(2))
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
    times, cpu, refused, made = ring_explorer_latency()
    median, p95 = quantiles(times)
    rows.append((f"RingExplorer update, {len(times)} scripted edits ({refused} refused, {made} charts drawn)",
                 f"median {seconds(median)}, p95 {seconds(p95)}, max {seconds(max(times))}", "< 100 ms", p95 < 0.1))
    median, p95 = quantiles(cpu)
    rows.append(("  the same edits in processor time (whatever else the machine runs)",
                 f"median {seconds(median)}, p95 {seconds(p95)}, max {seconds(max(cpu))}", "< 100 ms", p95 < 0.1))
    restricted, one_applause = search_times()
    median, p95 = quantiles(restricted)
    rows.append((f"its best first move: search of 2 actions, no Applause ({len(restricted)} rings)",
                 f"median {seconds(median)}, p95 {seconds(p95)}, max {seconds(max(restricted))}", "< 100 ms",
                 p95 < 0.1))
    median, p95 = quantiles(one_applause)
    rows.append((f"  the same search allowed 1 Applause, not used ({len(one_applause)} rings)",
                 f"median {seconds(median)}, p95 {seconds(p95)}", "(information)", True))
    print_table("Flip Circus", rows)


if __name__ == "__main__":
    main()
