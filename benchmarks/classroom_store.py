"""The class store's throughput: thirty writers (separate processes, as thirty kernels or a service's requests
would be) each send their contributions to one SQLite file (write-ahead log) at the same time. Each contribution is
checked first, as the service checks it (played again from its seed), then stored. Prints contributions a second
and the latency of one (p50, p95), for the store alone and for check and store together.
Usage: ``python benchmarks/classroom_store.py [WRITERS] [EACH]`` (default 30 writers, 40 contributions each)."""
from __future__ import annotations

import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine_speed, print_table, seconds  # noqa: E402


def _writer(path: str, name: str, each: int, check: bool, ready, start, out) -> None:
    from circuslib.classroom.activities import ACTIVITIES
    from circuslib.classroom.store import Store

    store = Store(path)
    races = ACTIVITIES["speed-races"]
    runs = [races.run(i % 1_000_000).to_json() | {"seed": i % 1_000_000} for i in range(each)]
    ready.put(name)
    start.wait()
    latencies = []
    first = time.time()
    for run, data in enumerate(runs, 1):
        began = time.perf_counter()
        entry = races.check(data) if check else races.run(data["seed"])
        store.add(races.key, f"{name}-{run}", entry)
        latencies.append(time.perf_counter() - began)
    out.put((first, time.time(), latencies))


def measure(writers: int, each: int, *, check: bool) -> tuple[float, list[float]]:
    """(contributions a second, every contribution's latency) with ``writers`` processes at once."""
    folder = tempfile.TemporaryDirectory(prefix="class-store-")
    path = str(Path(folder.name) / "classroom.sqlite")
    context = multiprocessing.get_context("spawn")
    ready, start, out = context.Queue(), context.Event(), context.Queue()
    processes = [context.Process(target=_writer, args=(path, f"student{i}", each, check, ready, start, out))
                 for i in range(writers)]
    for process in processes:
        process.start()
    for _ in processes:  # every writer has imported the kit and prepared its runs before any writes
        ready.get()
    start.set()
    reports = [out.get() for _ in processes]
    latencies = [latency for _, _, some in reports for latency in some]
    # from the first write to the last, by the clock every process shares
    elapsed = max(end for _, end, _ in reports) - min(first for first, _, _ in reports)
    for process in processes:
        process.join()
    from circuslib.classroom.store import Store

    kept = len(Store(path).entries("speed-races"))
    folder.cleanup()
    if kept != writers * each:
        raise RuntimeError(f"the store kept {kept} of {writers * each} contributions")
    return writers * each / elapsed, latencies


def main() -> None:
    writers = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    each = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    rows = [("this machine now: 10 million Python additions", seconds(machine_speed()), "-", True)]
    for check, what in ((False, "stored"), (True, "checked (played again from the seed) and stored")):
        rate, latencies = measure(writers, each, check=check)
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        rows.append((f"{writers} writers at once, {what}: contributions a second", f"{rate:,.0f}", ">= 100",
                     rate >= 100))
        rows.append((f"{writers} writers at once, {what}: p50 / p95 latency",
                     f"{seconds(statistics.median(latencies))} / {seconds(p95)}", "p95 <= 0.5 s", p95 <= 0.5))
    print_table(f"The class store (SQLite, write-ahead log): {writers} writers, {each} contributions each", rows)


if __name__ == "__main__":
    main()
