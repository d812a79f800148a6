"""Every lesson and solution notebook runs top to bottom in a fresh kernel, and is committed clean."""
from __future__ import annotations

import json
import os
import re

import nbformat
import pytest

from circuslib.core.teach import CORRECT_MARK, GRADED_ELSEWHERE
from notebooks import ROOT, cell_error, cell_text, execute, lessons, loaded_after, run

ALL_NOTEBOOKS = lessons() + sorted((ROOT / "exercises").glob("*.ipynb"))
CHECK_CALL = re.compile(r"^\s*check\.\w+\(", re.M)


def test_the_kit_has_its_welcome_notebook_and_warmup():
    names = {p.relative_to(ROOT).as_posix() for p in ALL_NOTEBOOKS}
    assert {"notebooks/00_welcome.ipynb", "solutions/00_warmup.ipynb", "exercises/00_warmup.ipynb"} <= names


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_is_committed_without_outputs_and_with_a_kernel(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    dirty = [i + 1 for i, c in enumerate(notebook["cells"])
             if c["cell_type"] == "code" and (c.get("outputs") or c.get("execution_count"))]
    assert not dirty, f"{path.name}: cells {dirty} were saved with outputs; clear them before committing"
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.notebook
@pytest.mark.parametrize("path", lessons(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_runs_top_to_bottom_in_a_fresh_kernel(path):
    executed = execute(path)
    code_cells = [c for c in executed.cells if c.cell_type == "code"]
    assert all(cell_error(c) is None for c in code_cells)
    if path.parent.name == "solutions":
        checks = [c for c in code_cells if CHECK_CALL.search(c.source)]
        assert checks, f"{path.name} has no check cells"
        for cell in checks:
            assert CORRECT_MARK in cell_text(cell), f"{path.name}: this check did not pass:\n{cell.source}"
        said = [i for i, cell in enumerate(checks) if GRADED_ELSEWHERE in cell_text(cell)]
        assert said == [0], f"{path.name}: the first check, and only it, says the grade is worked out separately"


def _pictures(notebook) -> list[tuple[int, str, str]]:
    """Every picture a notebook showed: (cell number, kind, the picture itself), the kit's SVG figures and pictures
    (HTML holding an <svg>, so they take the page's theme) with matplotlib's PNG and SVG images; not the still
    pictures of live widgets (the class's panel names this run by its own code)."""
    return [(i, kind, output["data"][kind]) for i, cell in enumerate(notebook.cells) if cell.cell_type == "code"
            for output in cell.get("outputs", []) for kind in ("image/png", "image/svg+xml", "text/html")
            if kind in output.get("data", {}) and (kind != "text/html" or "<svg" in output["data"][kind])
            and "application/vnd.jupyter.widget-view+json" not in output["data"]]


@pytest.mark.notebook
@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.stem)
def test_a_lessons_figures_are_the_same_pictures_in_every_kernel(path, monkeypatch):
    """Seeded randomness and a fixed order of nodes make each figure the same picture whenever the lesson runs,
    whatever hash seed Python drew for the kernel (it orders a set of strings, and a layout made from one)."""
    first = execute(path)
    other = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    monkeypatch.setenv("PYTHONHASHSEED", other)  # a kernel whose sets of strings come out in another order
    second = run(nbformat.read(path, as_version=4), path)
    shown, again = _pictures(first), _pictures(second)
    assert shown, f"{path.name} shows no picture"
    assert [(i, kind) for i, kind, _ in shown] == [(i, kind) for i, kind, _ in again]
    changed = [i for (i, _, a), (_, _, b) in zip(shown, again) if a != b]
    assert not changed, f"{path.name}: the picture of cell {changed} is not the same in another kernel"


@pytest.mark.notebook
@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.stem)
def test_a_lesson_run_top_to_bottom_loads_no_matplotlib(path):
    loaded = loaded_after(path)
    assert "circuslib" in loaded  # the probe read the lesson's own kernel
    # every picture of a lesson is the kit's SVG; matplotlib is there for the students' own figures
    assert "matplotlib" not in loaded, f"{path.stem} loads matplotlib when run top to bottom"
