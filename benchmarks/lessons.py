"""How long each lesson takes top to bottom in a fresh kernel, its three slowest cells, and the floor every lesson
pays (a kernel's start, and importing the kit) measured in the same run. The CPU seconds of each lesson's kernel
are printed too: on a busy machine they are what a quiet one would show (a kernel runs on one core).
Target: each lesson at most 3 s.
Usage: ``python benchmarks/lessons.py [LESSON...]`` (lesson stems such as 03_scout; default every lesson)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine_speed, print_table, seconds  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TARGET = 3.0


CPU_PROBE = "import resource as _r; _u = _r.getrusage(_r.RUSAGE_SELF); print(_u.ru_utime + _u.ru_stime)"


def _kernel_cpu(client: NotebookClient) -> float:
    """The CPU seconds the kernel process has used since it started (a quiet-machine figure, even on a busy one)."""
    probe = nbformat.v4.new_code_cell(CPU_PROBE)
    client.nb.cells.append(probe)
    client.execute_cell(probe, len(client.nb.cells) - 1)
    client.nb.cells.pop()
    return float("".join(o.get("text", "") for o in probe.outputs).strip())


def run_timed(path: Path) -> tuple[float, float, list[tuple[float, int, str]], float]:
    """(seconds for the kernel to start, seconds for the whole notebook, each code cell's seconds, the kernel's CPU
    seconds from its start to the end of the lesson)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    started = time.perf_counter()
    cells = []
    with client.setup_kernel():
        kernel_start = time.perf_counter() - started
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type == "code":
                t = time.perf_counter()
                client.execute_cell(cell, index)
                cells.append((time.perf_counter() - t, index, cell.source.splitlines()[0][:50] if cell.source else ""))
        # the lesson is done when its last cell is: shutting the kernel down afterwards is not the student's wait
        finished = time.perf_counter() - started
        cpu = _kernel_cpu(client)
    return kernel_start, finished, cells, cpu


def floor() -> tuple[float, float]:
    """A fresh kernel's start, and the import of every game package in it."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import circuslib.flip7, circuslib.pcv, circuslib.scout, circuslib.speed, circuslib.flip_circus")])
    client = NotebookClient(notebook, timeout=300, kernel_name="python3")
    started = time.perf_counter()
    with client.setup_kernel():
        kernel = time.perf_counter() - started
        t = time.perf_counter()
        client.execute_cell(notebook.cells[0], 0)
        return kernel, time.perf_counter() - t


def lessons(stems: list[str]) -> list[Path]:
    """The lesson notebooks named on the command line (by stem, e.g. 03_scout), or all of them."""
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not stems:
        return paths
    unknown = set(stems) - {path.stem for path in paths}
    if unknown:
        raise SystemExit(f"no lesson named {', '.join(sorted(unknown))}; lessons: {', '.join(p.stem for p in paths)}")
    return [path for path in paths if path.stem in stems]


def main() -> None:
    kernel, imports = floor()
    rows = [("this machine now: 10 million Python additions", seconds(machine_speed()), "-", True),
            ("kernel start", seconds(kernel), "-", True), ("import every game package", seconds(imports), "-", True)]
    slowest = []
    for path in lessons(sys.argv[1:]):
        start, total, cells, cpu = run_timed(path)
        rows.append((f"{path.stem}, top to bottom", seconds(total), f"<= {TARGET:g} s", total <= TARGET))
        rows.append(("  ... CPU of its kernel (start to last cell)", seconds(cpu), "-", True))
        for t, index, source in sorted(cells, reverse=True)[:3]:
            slowest.append((f"{path.stem} cell {index}: {source}", seconds(t), "", True))
    print_table("Lessons in a fresh kernel (kernel start included)", rows)
    print_table("The three slowest cells of each lesson", slowest)


if __name__ == "__main__":
    main()
