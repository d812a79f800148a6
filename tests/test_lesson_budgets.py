"""The classroom edition: each lesson is one class hour (the welcome 35 minutes, the others 50) within its budgets
of words, code cells and widgets, written to students, with try-its the student answers; what does not fit is in
its companion notebook, notebooks/more/<lesson>_more.ipynb; TEACHING.md's plan for each lesson adds up to its
length section by section."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from circuslib.core.teach import PLACEHOLDER_LINE
from notebooks import CHECK_CALL, CHECKS_MODULE, ROOT, execute

LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MINUTES = {"00_welcome": 35}
WORDS, CODE_CELLS, WIDGETS = 1_600, 20, 3
SECTION = re.compile(r"^#{2,3} (\d+)\. (.+) \((\d+) min\)\s*$", re.M)
# words of how the kit is built or run, which have no place on a student's page
ENGINEERING = re.compile(r"\bkernels?\b|\bcach(?:e|es|ed|ing)\b|\bmillisec\w*|\bgarbage collect\w*|\bthirty students\b"
                         r"|\b30 students\b|\btests\b|\btest_\w+|\brecords?\b|\bstart_lesson\b|\bshipped\b",
                         re.I)
WIDGET_MODULE = re.compile(r"^\s*from circuslib\.\w+\.(?:widget|explorers) import (.+)$", re.M)


def _notebook(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _markdown(notebook: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-zÀ-ÿ0-9][A-Za-zÀ-ÿ0-9'’-]*", text))


def _widget_cells(notebook: nbformat.NotebookNode) -> list[str]:
    """The code cells that make a game widget or an explorer (a name imported from a game's widget or explorers
    module, called)."""
    code = [c.source for c in notebook.cells if c.cell_type == "code"]
    names = {name.strip().split(" as ")[-1] for source in code for group in WIDGET_MODULE.findall(source)
             for name in group.strip("() ").split(",") if name.strip()}
    return [source for source in code if any(re.search(rf"\b{re.escape(n)}\(", source) for n in names)]


def _companion(path: Path) -> Path:
    return ROOT / "notebooks" / "more" / f"{path.stem}_more.ipynb"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_core_path_fits_its_budgets(path):
    notebook = _notebook(path)
    words = _words(_markdown(notebook))
    code = [c for c in notebook.cells if c.cell_type == "code"]
    widgets = _widget_cells(notebook)
    assert words <= WORDS, f"{path.name}: {words} words of text, more than {WORDS}"
    assert len(code) <= CODE_CELLS, f"{path.name}: {len(code)} code cells, more than {CODE_CELLS}"
    assert 1 <= len(widgets) <= WIDGETS, f"{path.name}: {len(widgets)} widgets or explorers (1 to {WIDGETS})"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_sections_add_up_to_the_lesson_and_teaching_plans_them_the_same(path):
    sections = [(int(n), title.strip(), int(m)) for n, title, m in SECTION.findall(_markdown(_notebook(path)))]
    assert [n for n, _, _ in sections] == list(range(1, len(sections) + 1)), f"{path.name}: sections {sections}"
    assert sum(m for _, _, m in sections) == MINUTES.get(path.stem, 50), f"{path.name}: {sections}"
    teaching = (ROOT / "TEACHING.md").read_text(encoding="utf-8")
    part = teaching.split(f"`notebooks/{path.name}`")[1].split("\n## ")[0]
    plan = re.findall(r"^\| *(\d+)[–-](\d+) *\| *§(\d+) ", part, re.M)
    assert plan, f"TEACHING.md has no plan for {path.name} (rows like '| 0–5 | §1 The rules | ...')"
    starts = [int(a) for a, _, _ in plan]
    ends = [int(b) for _, b, _ in plan]
    assert starts[0] == 0 and ends[-1] == MINUTES.get(path.stem, 50) and starts[1:] == ends[:-1], plan
    minutes = {}
    for a, b, n in plan:
        minutes[int(n)] = minutes.get(int(n), 0) + int(b) - int(a)
    assert minutes == {n: m for n, _, m in sections}, f"TEACHING.md's plan {minutes} against the lesson's {sections}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_each_lesson_has_its_companion_linked_from_its_summary_and_from_teaching(path):
    companion = _companion(path)
    assert companion.exists(), f"no companion notebook {companion.relative_to(ROOT)}"
    link = f"more/{companion.name}"
    last = [c for c in _notebook(path).cells if c.cell_type == "markdown"][-1]
    assert link in last.source, f"{path.name}'s summary (its last text cell) does not link {link}"
    assert f"notebooks/more/{companion.name}" in (ROOT / "TEACHING.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", LESSONS + [_companion(p) for p in LESSONS if _companion(p).exists()],
                         ids=lambda p: p.stem)
def test_the_page_is_written_for_students(path):
    notebook = _notebook(path)
    found = sorted({m.group(0).lower() for c in notebook.cells for m in ENGINEERING.finditer(c.source)})
    assert not found, f"{path.relative_to(ROOT)} speaks of {found}"
    first = next(c for c in notebook.cells if c.cell_type == "code")
    tree = ast.parse(first.source)
    assert tree.body and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in tree.body), \
        f"{path.name}'s first code cell is plain imports"


@pytest.mark.notebook
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_each_try_it_comes_unanswered_and_says_so_kindly_without_stopping_the_lesson(path):
    from importlib import import_module

    notebook = _notebook(path)
    tries = [c for c in notebook.cells if c.cell_type == "code" and CHECK_CALL.search(c.source)]
    assert tries, f"{path.name} has no try-it"
    teaching = (ROOT / "TEACHING.md").read_text(encoding="utf-8")
    for cell in tries:
        assert re.search(r"=\s*\.\.\.", cell.source), f"a try-it of {path.name} comes answered:\n{cell.source}"
        module = CHECKS_MODULE.search("\n".join(c.source for c in notebook.cells if c.cell_type == "code"))
        for name in CHECK_CALL.findall(cell.source):
            exercise = getattr(import_module(module.group(1)).check, name)
            assert exercise.try_it, f"check.{name} is called in {path.name}: register it with try_it=True"
            assert f"check.{name}" in teaching, f"TEACHING.md gives no solution for the try-it check.{name}"
    executed = execute(path)
    for cell in executed.cells:
        if cell.cell_type == "code" and CHECK_CALL.search(cell.source):
            printed = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
            assert PLACEHOLDER_LINE in printed, cell.source
            assert not [o for o in cell.outputs if o.get("output_type") == "error"]


@pytest.mark.notebook
@pytest.mark.parametrize("path", [_companion(p) for p in LESSONS], ids=lambda p: p.stem)
def test_each_companion_runs_top_to_bottom(path):
    if not path.exists():
        pytest.fail(f"no companion notebook {path.relative_to(ROOT)}")
    executed = execute(path)
    assert not [o for c in executed.cells if c.cell_type == "code" for o in c.outputs
                if o.get("output_type") == "error"]
