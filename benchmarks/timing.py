"""What every benchmark script uses: time a call, and print the results as a table against their targets."""
from __future__ import annotations

import time
from collections.abc import Callable


def per_call(function: Callable[[], object], *, min_time: float = 0.2, repeat: int = 3) -> float:
    """The best-of-``repeat`` time of one call, in seconds (calls are batched until a batch lasts ``min_time``)."""
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            function()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time or number >= 1_000_000:
            break
        number *= 10 if elapsed < min_time / 10 else 2
    best = elapsed / number
    for _ in range(repeat - 1):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def machine_speed() -> float:
    """CPU seconds this machine takes now for a fixed piece of pure Python (ten million additions, best of three):
    a shared or virtual machine's speed drifts from minute to minute, so a table printed with it can be compared
    with one printed at another time (0.33 to 0.37 s when the README's tables were measured)."""
    best = float("inf")
    for _ in range(3):
        start, total = time.process_time(), 0
        for i in range(10_000_000):
            total += i
        best = min(best, time.process_time() - start)
    return best


def once(function: Callable[[], object]) -> tuple[float, object]:
    """Run a long computation once; returns (seconds, result)."""
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def seconds(x: float) -> str:
    """A duration in readable units."""
    if x < 1e-3:
        return f"{x * 1e6:.1f} µs"
    if x < 1:
        return f"{x * 1e3:.1f} ms"
    return f"{x:.2f} s"


def print_table(title: str, rows: list[tuple[str, str, str, bool]]) -> None:
    """Print rows of (what, measured, target, met) as an aligned table."""
    headers = ("benchmark", "measured", "target", "met")
    cells = [headers] + [(a, b, c, "yes" if ok else "NO") for a, b, c, ok in rows]
    widths = [max(len(str(r[i])) for r in cells) for i in range(4)]
    print(f"\n{title}")
    for i, r in enumerate(cells):
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))
        if i == 0:
            print("  ".join("-" * w for w in widths))
