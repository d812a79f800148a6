"""Flip 7 benchmarks: exact optima, the bust chance, simulated rounds, whole games, and the explorers' update latency
(targets printed, not asserted)."""
from __future__ import annotations

import random
import statistics
import sys
import time
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
    rows += explorer_rows()
    print_table("Flip 7", rows)


def update_latency(changes: list, explorer=None) -> tuple[float, float, float, int]:
    """Time each scripted change of an explorer (a control set to a new value, or a button clicked): the median,
    the 95th percentile and the slowest update, in seconds, and how many changes the explorer refused."""
    times, refused = [], 0
    for change in changes:
        start = time.perf_counter()
        change()
        times.append(time.perf_counter() - start)
        refused += bool(explorer is not None and explorer.refused)
    return statistics.median(times), statistics.quantiles(times, n=100, method="inclusive")[94], max(times), refused


def _latency_row(name: str, changes: list, explorer) -> tuple[str, str, str, bool]:
    median, p95, slowest, refused = update_latency(changes, explorer)
    return (f"{name} update, {len(changes)} scripted changes ({refused} refused)",
            f"median {seconds(median)}, p95 {seconds(p95)}, max {seconds(slowest)}", "p95 < 100 ms", p95 < 0.1)


def _set(control, value):
    return lambda: setattr(control, "value", value)


def _other(rng: random.Random, low: int, high: int, now: int) -> int:
    """A value from low to high other than ``now`` (so every scripted change is a real change)."""
    return rng.choice([v for v in range(low, high + 1) if v != now])


def explorer_rows(changes: int = 300) -> list[tuple[str, str, str, bool]]:
    """One row per explorer: the latency of an update over seeded, scripted changes of its controls (refused
    settings included), from a fresh explorer with the explorers' caches cleared; and the deck editor's 'Solve with
    the modifiers' button, the one computation left to a button, for all six modifiers."""
    from circuslib.flip7 import explorers
    from circuslib.flip7.rules import CARDS, DECK_COUNTS

    rows = []
    rng = random.Random(2026)
    odds._solve_threshold_curve.cache_clear()
    odds._numbers_table.cache_clear()

    e = explorers.OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9])
    held = [b.value for b in e.held_buttons]
    seen = [b.value for b in e.seen_boxes]
    against = e.against.value
    script = []
    while len(script) < changes:
        kind = rng.randrange(10)
        if kind < 4:  # hold a number whose copies are not all seen, or drop one when five are held
            n = rng.choice([i for i in range(13) if held[i]] if sum(held) >= 5 else
                           [i for i in range(13) if held[i] or seen[i] < DECK_COUNTS[i]])
            held[n] = not held[n]
            script.append(_set(e.held_buttons[n], held[n]))
        elif kind < 8:  # a few copies seen, never more than the deck has beside the held one
            i = rng.randrange(len(CARDS))
            most = min(3, DECK_COUNTS[i] - held[i] if i < 13 else DECK_COUNTS[i])
            if most >= 1 or seen[i]:
                seen[i] = _other(rng, 0, max(most, 1), seen[i]) if most >= 1 else 0
                script.append(_set(e.seen_boxes[i], seen[i]))
        elif kind == 8:
            against = _other(rng, 0, len(CARDS) - 1, against)
            script.append(_set(e.against, against))
        elif any(held):  # every copy of a held number seen: refused, then taken back
            n = rng.choice([i for i in range(13) if held[i]])
            script.append(_set(e.seen_boxes[n], DECK_COUNTS[n]))
            script.append(_set(e.seen_boxes[n], seen[n]))
    script = script[:changes]
    rows.append(_latency_row("OddsExplorer", script, e))

    p = explorers.PolicyExplorer()
    t, deck = p.threshold.value, p.deck.value
    script = []
    for _ in range(changes):
        kind = rng.randrange(3)
        if kind == 0:
            t = _other(rng, 0, p.MAX_T, t)
            script.append(_set(p.threshold, t))
        elif kind == 1:  # typed: a third of them refused (below 0 or above 100)
            typed = rng.choice([rng.randint(-20, -1), rng.randint(101, 150), _other(rng, 0, p.MAX_T, t)])
            if 0 <= typed <= p.MAX_T:
                t = typed
            script.append(_set(p.typed, typed))
        else:
            deck = "numbers" if deck == "numbers+modifiers" else "numbers+modifiers"
            script.append(_set(p.deck, deck))
    rows.append(_latency_row("PolicyExplorer", script, p))

    d = explorers.DeckExplorer()
    copies = [s.value for s in d.copy_sliders]
    ticked = [b.value for b in d.modifier_buttons]
    script = []
    for _ in range(changes):
        kind = rng.randrange(10)
        if kind < 7:  # a slider
            n = rng.randrange(13)
            copies[n] = _other(rng, 0, d.MAX_COPIES, copies[n])
            script.append(_set(d.copy_sliders[n], copies[n]))
        elif kind < 9:
            i = rng.randrange(6)
            ticked[i] = not ticked[i]
            script.append(_set(d.modifier_buttons[i], ticked[i]))
        else:
            copies, ticked = list(DECK_COUNTS[:13]), [False] * 6
            script.append(d.reset.click)
    rows.append(_latency_row("DeckExplorer", script, d))

    d.reset.click()
    for b in d.modifier_buttons:
        b.value = True
    t, _ = once(d.solve_button.click)
    rows.append(("DeckExplorer 'Solve with the modifiers' button, all six", seconds(t), "< 5 s (a button)", t < 5))
    return rows


if __name__ == "__main__":
    main()
