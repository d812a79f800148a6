"""The class benchmark measures what a class waits for: each student's wait ends at the lesson's last cell, every
kernel stays open until the whole class is done, and a lesson that fails for one student is reported, not timed."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import class_load  # noqa: E402

# each student's kernel writes the moment its last cell ran, and the moment it is shut down; the first kernel to
# get there takes two seconds longer, so a kernel shut down as soon as its own lesson ran would close too early
LESSON = """import atexit, os, time
try:
    os.close(os.open(os.path.join({folder!r}, "first"), os.O_CREAT | os.O_EXCL))
    time.sleep(2)
except FileExistsError:
    pass
with open(os.path.join({folder!r}, f"ran-{{os.getpid()}}"), "w") as f:
    f.write(repr(time.time()))
atexit.register(lambda: open(os.path.join({folder!r}, f"closed-{{os.getpid()}}"), "w").write(repr(time.time())))
{last}"""


def _lesson(folder: Path, last: str = "") -> Path:
    path = folder / "lesson.ipynb"
    source = LESSON.format(folder=str(folder), last=last)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)]), path)
    return path


def _times(folder: Path, kind: str) -> list[float]:
    return sorted(float(p.read_text()) for p in folder.glob(f"{kind}-*"))


def test_each_wait_ends_at_the_last_cell_and_kernels_close_after_the_whole_class(tmp_path):
    started = time.time()
    waits, peak = class_load.class_of(3, _lesson(tmp_path))
    ran, closed = _times(tmp_path, "ran"), _times(tmp_path, "closed")
    assert len(waits) == 3 and all(0 < wait < 120 for wait in waits)
    assert len(ran) == 3 and len(closed) == 3          # three kernels, each shut down cleanly at the end
    assert max(ran) <= min(closed)                       # nobody's kernel closed before everyone's lesson had run
    assert max(waits) <= max(ran) - started + 1          # no wait includes a shutdown
    assert peak > 10 * 2**20                             # three Python kernels hold more than 10 MiB


def test_a_lesson_that_fails_for_a_student_is_reported(tmp_path):
    with pytest.raises(RuntimeError, match="did not run to the end for 2 of the 2 students"):
        class_load.class_of(2, _lesson(tmp_path, last="1 / 0"))
