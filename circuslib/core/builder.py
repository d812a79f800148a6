"""The exercise builder: solution notebooks in, student notebooks out, the way nbgrader makes its release copy.

A solution notebook marks each answer as nbgrader does: code between ``### BEGIN SOLUTION`` and
``### END SOLUTION`` in an answer cell, or a whole markdown cell answered in words. Its cells carry nbgrader
metadata (answer cells, locked check cells worth points, locked everything else), so ``nbgrader
generate_assignment`` accepts it in its strict mode and makes the same copy this builder writes.

The builder is strict and atomic: it reads and validates every solution notebook before it writes anything, refuses
anything that looks like a marker but is not exactly one, and writes all exercises or none.
"""
from __future__ import annotations

import copy
import json
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "RefusedNotebook", "BEGIN_MARKER", "END_MARKER", "STUB", "MARKDOWN_STUB", "strip_solutions", "build_exercise",
    "build_exercises", "validate_solution_notebook", "tag_solution_notebook", "notebook_text", "check_calls",
    "read_notebook", "tag_solutions", "write_all",
]

BEGIN_MARKER = "### BEGIN SOLUTION"
END_MARKER = "### END SOLUTION"
BEGIN = re.compile(r"^(\s*)### BEGIN SOLUTION\s*$")
END = re.compile(r"^\s*### END SOLUTION\s*$")
LOOKALIKE = re.compile(r"\b(BEGIN|END)\W{0,3}(SOLUTION|HIDDEN\W{0,3}TESTS?|MARK\W{0,3}SCHEME)", re.I)
STUB = "raise NotImplementedError()"
CODE_STUB = f"# YOUR CODE HERE\n{STUB}"
MARKDOWN_STUB = "YOUR ANSWER HERE"
CHECK_CALL = re.compile(r"^\s*check\.(\w+)\(", re.M)
CHECK_IMPORT = re.compile(r"^\s*from circuslib(\.\w+)+ import .*\bcheck\b", re.M)
WRITTEN = re.compile(r"^<!-- written answer: (\w+) -->", re.M)
SCHEMA = 3


class RefusedNotebook(ValueError):
    """A solution notebook the builder will not turn into an exercise: the message names the notebook and cell."""


def strip_solutions(source: str, where: str) -> tuple[str, int]:
    """Replace each marked solution block of a code cell with nbgrader's stub; returns the source and the count."""
    out: list[str] = []
    inside_since: int | None = None
    blocks = 0
    for number, line in enumerate(source.split("\n"), 1):
        begin, end = BEGIN.match(line), END.match(line)
        if not (begin or end) and LOOKALIKE.search(line):
            raise RefusedNotebook(f"{where}: line {number} looks like a solution marker but is not exactly "
                                  f"'{BEGIN_MARKER}' or '{END_MARKER}' on a line of its own: {line.strip()!r}")
        if begin:
            if inside_since is not None:
                raise RefusedNotebook(f"{where}: line {number} opens a solution inside the one opened at line "
                                      f"{inside_since} (nested BEGIN SOLUTION)")
            inside_since = number
            blocks += 1
            out.extend(begin.group(1) + stub for stub in CODE_STUB.split("\n"))
        elif end:
            if inside_since is None:
                raise RefusedNotebook(f"{where}: line {number} closes a solution that was never opened (END "
                                      "SOLUTION without BEGIN SOLUTION)")
            inside_since = None
        elif inside_since is None:
            out.append(line)
    if inside_since is not None:
        raise RefusedNotebook(f"{where}: the solution opened at line {inside_since} is never closed (BEGIN "
                              "SOLUTION without END SOLUTION)")
    return "\n".join(out), blocks


Cell = dict[str, Any]
Notebook = dict[str, Any]


def _source(cell: Cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _grading(cell: Cell) -> dict[str, Any]:
    grading: dict[str, Any] = cell.get("metadata", {}).get("nbgrader", {})
    return grading


def check_calls(source: str) -> list[str]:
    """The names of the checks a cell calls (``check.name(...)`` at the start of a line)."""
    return CHECK_CALL.findall(source)


def validate_solution_notebook(notebook: Notebook, name: str) -> None:
    """Refuse a solution notebook that nbgrader's strict mode would refuse or grade wrongly, naming the cell."""
    import nbformat

    try:
        nbformat.validate(notebook, version=4)
    except nbformat.ValidationError as error:
        place = list(error.absolute_path) if hasattr(error, "absolute_path") else []
        cell = f", cell {place[1] + 1}" if len(place) > 1 and place[0] == "cells" else ""
        raise RefusedNotebook(f"{name}{cell}: is not a valid notebook ({error.message})") from None
    grade_ids: dict[str, int] = {}
    exercises = 0
    for index, cell in enumerate(notebook["cells"]):
        where = f"{name}, cell {index + 1} ({cell['cell_type']} cell)"
        source, meta = _source(cell), _grading(cell)
        if cell["cell_type"] == "markdown" and LOOKALIKE.search(source):
            raise RefusedNotebook(f"{where}: a solution marker in markdown; an answer in words is a whole markdown "
                                  "cell marked as an nbgrader solution, without markers")
        if cell["cell_type"] != "code" and cell["cell_type"] != "markdown":
            continue
        if not meta:
            raise RefusedNotebook(f"{where}: has no nbgrader metadata (run: python -m circuslib tag-solutions)")
        grade_id = meta.get("grade_id")
        if not grade_id:
            raise RefusedNotebook(f"{where}: its nbgrader metadata has no grade_id")
        if grade_id in grade_ids:
            raise RefusedNotebook(f"{where}: grade_id {grade_id!r} is used by cell {grade_ids[grade_id]} too")
        grade_ids[grade_id] = index + 1
        blocks = strip_solutions(source, where)[1] if cell["cell_type"] == "code" else 0
        if blocks and not meta.get("solution"):
            raise RefusedNotebook(f"{where}: has a solution block but is not an nbgrader answer cell")
        if meta.get("solution") and cell["cell_type"] == "code" and not blocks:
            raise RefusedNotebook(f"{where}: an answer cell must mark its answer with '{BEGIN_MARKER}' and "
                                  f"'{END_MARKER}'")
        calls = check_calls(source) if cell["cell_type"] == "code" else []
        if calls:
            if meta.get("solution") or not meta.get("grade") or not meta.get("locked") or not meta.get("points"):
                raise RefusedNotebook(f"{where}: a check cell must be a locked nbgrader test cell worth points")
            if not CHECK_IMPORT.search(source):
                raise RefusedNotebook(f"{where}: a check cell imports its checks itself (from circuslib... import "
                                      "check), so an answer cell cannot replace them")
        elif meta.get("grade") and not meta.get("solution"):
            raise RefusedNotebook(f"{where}: an nbgrader test cell that calls no check")
        if meta.get("grade") and meta.get("solution") and cell["cell_type"] == "markdown" and not meta.get("points"):
            raise RefusedNotebook(f"{where}: an answer in words graded by hand needs points")
        if not meta.get("solution") and not meta.get("locked"):
            raise RefusedNotebook(f"{where}: a cell that is neither an answer nor locked; lock it")
        exercises += bool(meta.get("solution"))
    if not exercises:
        raise RefusedNotebook(f"{name}: has no answer cell, so it has no exercise")


def build_exercise(notebook: Notebook, name: str) -> tuple[Notebook, int]:
    """The student copy of a solution notebook (nbformat 4 as a dict): stubs in place of answers, no outputs."""
    exercise = copy.deepcopy(notebook)
    answers = 0
    for index, cell in enumerate(exercise.get("cells", [])):
        where = f"{name}, cell {index + 1} ({cell.get('cell_type', '?')} cell)"
        meta = _grading(cell)
        if cell.get("cell_type") == "code":
            source, blocks = strip_solutions(_source(cell), where)
            cell["source"] = source
            cell["outputs"] = []
            cell["execution_count"] = None
            answers += blocks
        elif cell.get("cell_type") == "markdown" and meta.get("solution"):
            cell["source"] = MARKDOWN_STUB
            answers += 1
    return exercise, answers


def notebook_text(notebook: Notebook) -> str:
    """A notebook as the JSON text the kit commits (nbformat's own layout)."""
    import nbformat

    text: str = nbformat.writes(nbformat.from_dict(notebook))  # type: ignore[no-untyped-call]
    return text + "\n"


def read_notebook(path: Path) -> Notebook:
    """A notebook's JSON, or a refusal naming the file when it cannot be read or is not a notebook."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RefusedNotebook(f"{path}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise RefusedNotebook(f"{path}: is not a notebook (invalid JSON at line {error.lineno}: {error.msg})") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise RefusedNotebook(f"{path}: is not a notebook (no list of cells)")
    return notebook


@dataclass(frozen=True)
class _Planned:
    target: Path
    text: str


def build_exercises(solutions: Path | str, exercises: Path | str, *, check: bool = False,
                    only: list[str] | None = None) -> list[Path]:
    """Write exercises/<name>.ipynb for each solutions/<name>.ipynb, all or none; with ``check``, write nothing.

    ``only`` names the solution notebooks to build (then no orphan is removed). Returns the exercise files that were
    (or, with ``check``, would be) written or removed.
    """
    solutions, exercises = Path(solutions), Path(exercises)
    sources = sorted(solutions.glob("*.ipynb"))
    if only is not None:
        unknown = sorted(set(only) - {p.name for p in sources})
        if unknown:
            raise RefusedNotebook(f"{solutions}: no solution notebook called {', '.join(unknown)}")
        sources = [p for p in sources if p.name in only]
    if not sources:
        raise RefusedNotebook(f"{solutions}: no solution notebooks found")
    planned = []
    for path in sources:  # every notebook is read and validated before anything is written
        notebook = read_notebook(path)
        validate_solution_notebook(notebook, str(path))
        exercise, _ = build_exercise(notebook, str(path))
        planned.append(_Planned(exercises / path.name, notebook_text(exercise)))
    changed = [p for p in planned if not (p.target.exists() and p.target.read_text(encoding="utf-8") == p.text)]
    wanted = {p.target.name for p in planned}
    # a name starting with a dot is another builder's file being written (.building-*), not an orphan exercise
    orphans = [] if only is not None else sorted(p for p in exercises.glob("*.ipynb")
                                                 if p.name not in wanted and not p.name.startswith("."))
    if check:
        return [p.target for p in changed] + orphans
    write_all([(plan.target, plan.text) for plan in changed], exercises)
    try:
        for orphan in orphans:
            orphan.unlink()
    except OSError as error:
        raise RefusedNotebook(f"{exercises}: the exercise {error.filename} could not be removed "
                              f"({error.strerror or error})") from None
    return [p.target for p in changed] + orphans


def write_all(files: list[tuple[Path, str]], folder: Path) -> None:
    """Write every (path, text) in ``folder``, all or none: each through a temporary file renamed into place, so a
    file is either the old one or the new one, never half written; a failure (a full disk, a folder that cannot be
    written) removes every temporary file and refuses with one sentence."""
    temporaries: list[tuple[str, Path]] = []
    try:
        if folder.exists() and not folder.is_dir():
            raise RefusedNotebook(f"{folder} is a file, not a folder: nothing was written")
        folder.mkdir(parents=True, exist_ok=True)
        for target, text in files:
            handle, temporary = tempfile.mkstemp(prefix=".building-", suffix=".ipynb", dir=folder)
            temporaries.append((temporary, target))  # known at once: a failed write below still removes it
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
    except OSError as error:
        for temporary, _ in temporaries:
            Path(temporary).unlink(missing_ok=True)
        raise RefusedNotebook(f"{folder}: nothing was written, the files could not be written there "
                              f"({error.strerror or error})") from None
    except BaseException:
        for temporary, _ in temporaries:
            Path(temporary).unlink(missing_ok=True)
        raise
    for temporary, target in temporaries:  # renames: each file is either the old or the new one
        os.replace(temporary, target)


def tag_solutions(paths: list[Path]) -> list[Path]:
    """Write nbgrader metadata into these solution notebooks from each cell's role; every notebook is read and
    tagged before any is written, and each is written whole or not at all. Returns the notebooks changed."""
    planned: list[tuple[Path, str]] = []
    for path in paths:
        text = notebook_text(tag_solution_notebook(read_notebook(path)))
        if path.read_text(encoding="utf-8") != text:
            planned.append((path, text))
    for folder in sorted({path.parent for path, _ in planned}):
        write_all([(path, text) for path, text in planned if path.parent == folder], folder)
    return [path for path, _ in planned]


# ---------------------------------------------------------------------------------------------------------
# nbgrader metadata, written from the cells' roles

def _metadata(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = True,
              points: int | None = None) -> dict[str, Any]:
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA,
            "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return meta


def _role_ids(cells: list[Cell]) -> Iterable[tuple[int, dict[str, Any]]]:
    """Each cell's nbgrader metadata, from its role: answer, check, answer in words, or locked text and code."""
    from importlib import import_module

    seen: dict[str, int] = {}

    def unique(grade_id: str) -> str:
        seen[grade_id] = seen.get(grade_id, 0) + 1
        return grade_id if seen[grade_id] == 1 else f"{grade_id}-{seen[grade_id]}"

    for index, cell in enumerate(cells):
        source = _source(cell)
        if cell["cell_type"] == "code" and any(BEGIN.match(line) for line in source.split("\n")):
            following = next((check_calls(_source(c))[0] for c in cells[index + 1:]
                              if c["cell_type"] == "code" and check_calls(_source(c))), f"answer-{index + 1}")
            yield index, _metadata(unique(f"{following}-answer"), solution=True, locked=False)
        elif cell["cell_type"] == "code" and check_calls(source):
            module = re.search(r"from (circuslib(?:\.\w+)+) import", source)
            name = check_calls(source)[0]
            points = getattr(import_module(module.group(1)).check, name).points if module else 1
            yield index, _metadata(unique(name), grade=True, points=points)
        elif cell["cell_type"] == "markdown" and WRITTEN.search(source):
            written = WRITTEN.search(source)
            assert written is not None  # the branch's own test
            name = written.group(1)
            yield index, _metadata(unique(name), solution=True, grade=True, locked=False,
                                   points=_written_points(cells, name))
        else:
            yield index, _metadata(unique(f"cell-{cell.get('id') or index + 1}"))


def _written_points(cells: list[Cell], name: str) -> int:
    from importlib import import_module

    for cell in cells:
        module = re.search(r"from (circuslib(?:\.\w+)+) import", _source(cell))
        if module:
            check = getattr(import_module(module.group(1)), "check", None)
            written = {w.name: w for w in check.written_questions()} if check is not None else {}
            if name in written:
                return int(written[name].points)
    return 3


def tag_solution_notebook(notebook: Notebook) -> Notebook:
    """The notebook with nbgrader metadata on every cell, from its role (answer, check, answer in words, other)."""
    tagged = copy.deepcopy(notebook)
    for index, meta in _role_ids(tagged["cells"]):
        tagged["cells"][index].setdefault("metadata", {})["nbgrader"] = meta
    return tagged
