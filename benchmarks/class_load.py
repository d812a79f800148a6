"""A class opening a lesson at the same minute: N kernels each running the lesson top to bottom at once on this
machine. Prints the p50, p95 and longest wait (from asking for a kernel to the lesson's last cell; the kernels stay
open until the whole class is done, as a class's notebooks do) and the memory of the kernels together (each
kernel's proportional share of the pages it shares with the others, PSS, summed). Usage:
``python benchmarks/class_load.py [N] [LESSON]`` (default 30 students, every lesson one after the other).
Targets: p95 at most 45 s per lesson, memory at most 6 GiB in all."""
from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from traitlets.config import Config

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine_speed, print_table, seconds  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _process_memory(pid: int) -> int:
    """Bytes of memory a process holds, counting a page it shares with other processes as its share only.

    The kernels of a class share the pages of Python, numpy and matplotlib's libraries: summing each kernel's
    resident size would count those pages once per student, so the proportional size (PSS, from
    /proc/PID/smaps_rollup) is summed instead; where the system has no PSS, the resident size (VmRSS)."""
    for name, field in ((f"/proc/{pid}/smaps_rollup", "Pss:"), (f"/proc/{pid}/status", "VmRSS:")):
        try:
            for line in Path(name).read_text().splitlines():
                if line.startswith(field):
                    return int(line.split()[1]) * 1024
        except OSError:
            continue
    return 0


def _kernel_memory(clients) -> int:
    """Bytes of memory the kernels' processes hold together (see _process_memory)."""
    total = 0
    for client in clients:
        try:
            pid = client.km.provisioner.process.pid
        except AttributeError:  # this kernel has not started yet
            continue
        total += _process_memory(pid)
    return total


def class_of(n: int, lesson: Path) -> tuple[list[float], int]:
    """Run the lesson in n kernels at once; returns each student's wait and the peak memory of the kernels.

    A student's wait runs from asking for a kernel to the lesson's last cell: as in a class, each kernel then stays
    open (idle) until every student's lesson has run, and only then are the kernels shut down. Shutting a kernel
    down is not part of anybody's wait, and a kernel closing early would free its memory and its share of the cores
    for the others, which a class keeping its notebooks open does not do."""
    waits: list[float | None] = [None] * n
    clients = []
    peak = 0
    class_done = threading.Event()
    errors: list[str] = []

    sockets = tempfile.TemporaryDirectory(prefix="class-")

    def student(i: int) -> None:
        notebook = nbformat.read(lesson, as_version=4)
        # Local sockets, one folder name per student: thirty kernels asking for TCP ports at the same moment can be
        # handed a port another kernel's connection has just taken, and that kernel dies before the lesson starts.
        config = Config({"KernelManager": {"transport": "ipc", "ip": f"{sockets.name}/student-{i}"}})
        client = NotebookClient(notebook, timeout=1800, kernel_name="python3", config=config,
                                resources={"metadata": {"path": str(lesson.parent)}})
        clients.append(client)
        started = time.perf_counter()
        try:
            with client.setup_kernel():  # starts the kernel; shuts it down on leaving
                client.execute(cleanup_kc=False)
                waits[i] = time.perf_counter() - started
                class_done.wait()
        except Exception as error:  # reported below, once, for the whole class
            last = str(error).strip().splitlines()[-1] if str(error).strip() else ""
            errors.append(f"{type(error).__name__}: {last}")

    threads = [threading.Thread(target=student, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    while any(wait is None for wait in waits) and all(t.is_alive() for t in threads):
        peak = max(peak, _kernel_memory(clients))
        time.sleep(0.5)
    peak = max(peak, _kernel_memory(clients))
    class_done.set()
    for thread in threads:
        thread.join()
    sockets.cleanup()
    failed = [i for i, wait in enumerate(waits) if wait is None]
    if failed:
        raise RuntimeError(f"{lesson.stem} did not run to the end for {len(failed)} of the {n} students "
                           f"({errors[0] if errors else 'no error was reported'})")
    return waits, peak


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    lessons = ([ROOT / "notebooks" / f"{sys.argv[2]}.ipynb"] if len(sys.argv) > 2
               else sorted((ROOT / "notebooks").glob("*.ipynb")))
    rows = [("this machine now: 10 million Python additions", seconds(machine_speed()), "-", True)]
    for lesson in lessons:
        waits, peak = class_of(n, lesson)
        waits.sort()
        p95 = waits[min(len(waits) - 1, int(0.95 * len(waits)))]
        rows.append((f"{lesson.stem}: {n} students, p50 / p95 / max wait",
                     f"{seconds(statistics.median(waits))} / {seconds(p95)} / {seconds(waits[-1])}", "p95 <= 45 s",
                     p95 <= 45))
        rows.append((f"{lesson.stem}: memory of the {n} kernels (PSS)", f"{peak / 2**30:.2f} GiB", "<= 6 GiB",
                     peak <= 6 * 2**30))
    print_table(f"A class of {n} running a lesson at once", rows)


if __name__ == "__main__":
    main()
