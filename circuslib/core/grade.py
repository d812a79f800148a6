"""The teacher's grader: grades submitted notebooks outside the students' kernels, and trusts nothing they say.

``python -m circuslib grade ASSIGNMENT`` runs where nbgrader runs, in the course folder, after ``nbgrader
autograde`` or instead of it. For each notebook of ``source/ASSIGNMENT/`` (the teacher's solution notebooks) and
each ``submitted/<student>/ASSIGNMENT/`` it

1. reads the source: its exercises are its check cells (``check.<name>(<variable>)``, importing the kit's checks),
   each worth the points of its nbgrader test cell, answered by the answer cells before it; its set-up cells are
   the other code cells;
2. takes each exercise's key from the source itself: the source's answer cells run in the sandbox, and their answer
   (a value, or a function called there) is the key; an exercise whose own answer fails its check against that key
   is not graded, and says why (a check that judges by rules alone, a bot's games say, needs no key);
3. finds the student's answer cells by the grade_ids of the source (never by position, and nothing else of the
   submitted metadata is read), and runs the ones each exercise needs, with the source's set-up cells, in a fresh
   confined process (:mod:`circuslib.core.sandbox`), which sends the answer back as plain data;
4. judges that answer here, in the grader's process, with the exercise's check (:meth:`Exercise.judge`) against the
   key; a function answer is called in the student's process on the check's inputs, chosen here, after the
   student's code has run;
5. writes the points and the check's one-line diagnosis into nbgrader's gradebook (``auto_score`` of each test
   cell, ``auto_comment`` of its answer cells), and the graded notebook into ``autograded/``, so formgrader, the
   gradebook and ``nbgrader generate_feedback`` work as before. A manual score the teacher gave stays in force.

A notebook that cannot be read is reported by name, scored 0 and does not stop the others. Nothing a student does
in a notebook (patching modules, hooks, added or duplicated cells, extra files, lying types, exits, endless loops)
reaches the grader's process: at worst, that exercise scores 0.
"""
from __future__ import annotations

import argparse
import ast
import copy
import importlib
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .builder import CHECK_IMPORT, MARKDOWN_STUB, RefusedNotebook, build_exercise, notebook_text, read_notebook
from .sandbox import Cell, GraderFault, Limits, Run, Sandbox, _python
from .teach import WRONG_MARK, Exercise, Verdict, deadline

__all__ = ["Task", "Source", "Result", "Report", "Grader", "read_source", "submitted_cells", "grade_assignment",
           "main", "JUDGE_SECONDS"]

CHECK_CELL = r"^\s*check\.(\w+)\(\s*(\w+)\s*\)\s*$"
JUDGE_SECONDS = 600.0
"""The longest a check may take to judge one answer in the grader's process (a bot's games, a simulation's runs)."""


class _OutOfTime(Exception):
    pass


# ---------------------------------------------------------------------------------------------------------
# the teacher's source notebook

@dataclass(frozen=True)
class Task:
    """One autograded exercise of a source notebook: its test cell, its check, and the answer cells it grades."""
    grade_id: str
    points: float
    module: str
    check: str
    variable: str
    answers: tuple[str, ...]


@dataclass(frozen=True)
class _Cell:
    kind: str  # "setup", "answer", "check", "written", "other"
    grade_id: str
    cell_type: str
    source: str


@dataclass(frozen=True)
class Source:
    """A source notebook as the grader reads it: its cells' roles, its exercises and its written answers."""
    name: str
    notebook: dict[str, Any]
    cells: tuple[_Cell, ...]
    tasks: tuple[Task, ...]
    written: tuple[str, ...]
    foreign: tuple[str, ...] = ()
    """Test cells that call no kit check in the form the grader reads: left to nbgrader autograde."""

    @property
    def preamble(self) -> list[Cell]:
        """The set-up code cells before the first answer: run once, in the sandbox, before any exercise."""
        cells = []
        for cell in self.cells:
            if cell.kind == "answer":
                break
            if cell.kind == "setup":
                cells.append((f"set-up cell {cell.grade_id}", cell.source))
        return cells


def _text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return source if isinstance(source, str) else ""


def _grading(cell: dict[str, Any]) -> dict[str, Any]:
    metadata = cell.get("metadata")
    nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    return nbgrader if isinstance(nbgrader, dict) else {}


def read_source(path: Path) -> Source:
    """Read a teacher's source notebook (nbgrader metadata, kit check cells); RefusedNotebook says what is wrong."""
    import re

    notebook = read_notebook(path)
    cells, tasks, written, foreign = [], [], [], []
    pending: list[str] = []
    for index, cell in enumerate(notebook["cells"]):
        if not isinstance(cell, dict):
            raise RefusedNotebook(f"{path}: cell {index + 1} is not a cell")
        meta, source, cell_type = _grading(cell), _text(cell), cell.get("cell_type")
        grade_id = str(meta.get("grade_id") or f"cell-{index + 1}")
        if cell_type == "code" and meta.get("solution"):
            kind = "answer"
            pending.append(grade_id)
        elif cell_type == "code" and meta.get("grade"):
            call = re.search(CHECK_CELL, source, re.M)
            module = CHECK_IMPORT.search(source)
            module_name = re.search(r"from (circuslib(?:\.\w+)+) import", source) if module else None
            if call and module_name:
                kind = "check"
                tasks.append(Task(grade_id, float(meta.get("points") or 0), module_name.group(1), call.group(1),
                                  call.group(2), tuple(pending)))
            else:
                kind = "other"
                foreign.append(grade_id)
            pending = []
        elif cell_type == "markdown" and meta.get("solution") and meta.get("grade"):
            kind = "written"
            written.append(grade_id)
        elif cell_type == "code":
            kind = "setup"
        else:
            kind = "other"
        cells.append(_Cell(kind, grade_id, str(cell_type), source))
    if not tasks and not written:
        raise RefusedNotebook(f"{path}: has no kit check cell and no answer in words, so nothing to grade")
    return Source(path.stem, notebook, tuple(cells), tuple(tasks), tuple(written), tuple(foreign))


# ---------------------------------------------------------------------------------------------------------
# which cells an exercise needs

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _stored(node: ast.AST) -> set[str]:
    """The names a statement binds in the cell's own (module) scope."""
    names: set[str] = set()
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, ast.Name) and not isinstance(item.ctx, ast.Load):
            names.add(item.id)
        elif isinstance(item, ast.alias):
            names.add((item.asname or item.name).split(".")[0])
        elif isinstance(item, (ast.Global, ast.Nonlocal)):
            names.update(item.names)
        if isinstance(item, _SCOPES) and item is not node or isinstance(item, _COMPREHENSIONS):
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(item.name)
            todo.extend(n for n in ast.walk(item) if isinstance(n, ast.Global))
            continue
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(item.name)
            todo.extend(n for n in ast.walk(item) if isinstance(n, ast.Global))
            todo.extend(item.decorator_list)
            continue
        todo.extend(ast.iter_child_nodes(item))
    return names


def _read(node: ast.AST, local: frozenset[str], now: set[str], later: set[str]) -> None:
    """Collect the names ``node`` reads from the cell's scope: ``now`` when the statement runs, ``later`` from
    inside a function or class body, which runs when called, once the whole cell has run."""
    if isinstance(node, _SCOPES + _COMPREHENSIONS):
        inner = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        inner |= {a.arg for a in ast.walk(node) if isinstance(a, ast.arg)}
        deferred = later if isinstance(node, _SCOPES) else now
        for child in ast.iter_child_nodes(node):
            _read(child, local | inner, deferred, later)
        return
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
        now.add(node.id)
    for child in ast.iter_child_nodes(node):
        _read(child, local, now, later)


def _names(source: str) -> tuple[set[str], set[str]]:
    """The names a cell binds, and the names it reads that it has not bound itself before (a function's body,
    run when called, reads the names the whole cell binds)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        try:
            tree = ast.parse(_python(source))
        except SyntaxError:
            return set(), set()
    bound: set[str] = set()
    free: set[str] = set()
    deferred: set[str] = set()

    def reads(*nodes: ast.AST | None) -> None:
        now: set[str] = set()
        for node in nodes:
            if node is not None:
                _read(node, frozenset(), now, deferred)
        free.update(now - bound)

    def block(statements: Sequence[ast.stmt]) -> None:
        for statement in statements:  # in order: a name bound before it is read is the cell's own
            if isinstance(statement, (ast.For, ast.AsyncFor)):
                reads(statement.iter)
                bound.update(_stored(statement.target))
                block(statement.body)
                block(statement.orelse)
            elif isinstance(statement, (ast.While, ast.If)):
                reads(statement.test)
                block(statement.body)
                block(statement.orelse)
            elif isinstance(statement, (ast.With, ast.AsyncWith)):
                reads(*(item.context_expr for item in statement.items))
                for item in statement.items:
                    bound.update(_stored(item.optional_vars) if item.optional_vars is not None else ())
                block(statement.body)
            elif isinstance(statement, ast.Try):
                block(statement.body)
                for handler in statement.handlers:
                    reads(handler.type)
                    bound.update([handler.name] if handler.name else [])
                    block(handler.body)
                block(statement.orelse)
                block(statement.finalbody)
            else:
                reads(statement)
                bound.update(_stored(statement))

    block(tree.body)
    return bound, free | (deferred - bound)


def _needed(source: Source, task: Task, answers: dict[str, str]) -> list[Cell]:
    """The cells to run for ``task``, in order: its answer cells, the set-up cells after the preamble, and every
    earlier answer cell that binds a name they read (and so on back); ``answers`` maps grade_ids to sources."""
    last = next(i for i, c in enumerate(source.cells) if c.kind == "check" and c.grade_id == task.grade_id)
    first_answer = next((i for i, c in enumerate(source.cells) if c.kind == "answer"), last)
    wanted = {task.variable}
    chosen: list[Cell] = []
    for index in range(last - 1, -1, -1):
        cell = source.cells[index]
        if cell.kind == "answer":
            text = answers.get(cell.grade_id, "")
            bound, read = _names(text)
            if cell.grade_id in task.answers or bound & wanted:
                chosen.append((f"answer cell {cell.grade_id}", text))
                wanted |= read
        elif cell.kind == "setup" and index > first_answer:
            chosen.append((f"set-up cell {cell.grade_id}", cell.source))
            wanted |= _names(cell.source)[1]
    return chosen[::-1]


# ---------------------------------------------------------------------------------------------------------
# a submitted notebook

def submitted_cells(path: Path) -> dict[tuple[str, str], str]:
    """(cell type, grade_id) -> source, first cell first: all the grader reads of a submitted notebook."""
    notebook = read_notebook(path)
    found: dict[tuple[str, str], str] = {}
    for cell in notebook["cells"]:
        if not isinstance(cell, dict):
            continue
        grade_id = _grading(cell).get("grade_id")
        if isinstance(grade_id, str) and isinstance(cell.get("cell_type"), str):
            found.setdefault((cell["cell_type"], grade_id), _text(cell))
    return found


@dataclass
class Result:
    """One exercise of one submitted notebook: its points out of its maximum, and the one line that explains."""
    grade_id: str
    score: float | None
    points: float
    line: str


@dataclass
class _Key:
    value: Any = None
    run: Run | None = None
    problem: str | None = None


@dataclass
class _Graded:
    source: Source
    sandbox: Sandbox
    keys: dict[str, _Key] = field(default_factory=dict)
    exercises: dict[str, Exercise] = field(default_factory=dict)


def _exercise(task: Task) -> Exercise:
    """The kit's exercise a check cell calls, found by the module name the source's cell imports."""
    if not task.module.startswith("circuslib."):
        raise LookupError(f"{task.module} is not one of the kit's checks modules")
    checks = getattr(importlib.import_module(task.module), "check", None)
    exercise = getattr(checks, task.check, None) if checks is not None else None
    if not isinstance(exercise, Exercise):
        raise LookupError(f"{task.module} has no check called {task.check}")
    return exercise


def _judge(exercise: Exercise, answer: Any, key: Any, seconds: float) -> Verdict:
    """The check's verdict here, in the grader's process, within ``seconds``."""
    try:
        with deadline(seconds, _OutOfTime):
            return exercise.judge(answer, key)
    except _OutOfTime:
        return Verdict(False, f"{WRONG_MARK}: the check could not judge this answer within {seconds:g} s")


class Grader:
    """Grades submitted notebooks against their source notebooks; one sandbox and one set of keys per source."""

    def __init__(self, limits: Limits | None = None, judge_seconds: float = JUDGE_SECONDS) -> None:
        self.limits = limits or Limits()
        self.judge_seconds = judge_seconds
        self._sources: dict[str, _Graded] = {}
        self.confined: bool | None = None

    def __enter__(self) -> Grader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End every sandbox and key process."""
        for graded in self._sources.values():
            for key in graded.keys.values():
                if key.run is not None:
                    key.run.close()
            graded.sandbox.close()
        self._sources.clear()

    def _prepared(self, source: Source) -> _Graded:
        graded = self._sources.get(source.name)
        if graded is not None and graded.source is source:
            return graded
        graded = _Graded(source, Sandbox(source.preamble, self.limits))
        self._sources[source.name] = graded
        graded.sandbox._start()
        if graded.sandbox.setup_errors:
            raise GraderFault(f"{source.name}: the source's set-up cells fail in the sandbox: "
                              f"{graded.sandbox.setup_errors[0]}")
        answers = {c.grade_id: c.source for c in source.cells if c.kind == "answer"}
        for task in source.tasks:
            graded.keys[task.grade_id] = self._key(graded, task, answers)
        return graded

    def _key(self, graded: _Graded, task: Task, answers: dict[str, str]) -> _Key:
        """The source's own answer to ``task``, checked against itself: the key every student is judged against."""
        try:
            exercise = _exercise(task)
        except (ImportError, LookupError) as error:
            return _Key(problem=f"its check cannot be found ({error})")
        graded.exercises[task.grade_id] = exercise
        run = graded.sandbox.run(_needed(graded.source, task, answers), task.variable, memo=True)
        if self.confined is None:
            self.confined = run.confined
        if run.stopped or run.missing:
            problem = run.stopped or f"the source's answer cells do not define {task.variable}"
            run.close()
            return _Key(problem=f"{problem} ({'; '.join(run.errors) or 'no error'})")
        if not exercise.has_key:  # a check that judges by rules alone uses no key
            run.close()
            return _Key(None)
        verdict = _judge(exercise, run.answer, run.answer, self.judge_seconds)
        if not verdict.passed:
            run.close()
            return _Key(problem=f"the source's own answer does not pass its check: {verdict.line}")
        if not callable(run.answer):
            run.close()
            return _Key(run.answer)
        return _Key(run.answer, run)

    def grade(self, source: Source, cells: dict[tuple[str, str], str] | None) -> list[Result]:
        """Each task's result for one submitted notebook, given as the cells the grader reads of it (see
        :func:`submitted_cells`; None: not submitted)."""
        graded = self._prepared(source)
        results = []
        for task in source.tasks:
            key = graded.keys[task.grade_id]
            if key.problem:
                results.append(Result(task.grade_id, None, task.points, f"not graded by the kit: {key.problem}"))
            elif cells is None:
                results.append(Result(task.grade_id, 0.0, task.points, f"{WRONG_MARK}: the notebook was not submitted"))
            else:
                answers = {c.grade_id: cells.get(("code", c.grade_id), "") for c in source.cells if c.kind == "answer"}
                line = self._verdict(graded, task, key, answers)
                results.append(Result(task.grade_id, task.points if line.passed else 0.0, task.points, line.line))
        return results

    def _verdict(self, graded: _Graded, task: Task, key: _Key, answers: dict[str, str]) -> Verdict:
        run = graded.sandbox.run(_needed(graded.source, task, answers), task.variable)
        try:
            if run.stopped:
                return Verdict(False, f"{WRONG_MARK}: {run.stopped}")
            own = [e for e in run.errors if any(e.startswith(f"answer cell {a}:") for a in task.answers)]
            if run.missing and own and ": NotImplementedError" not in own[0]:
                return Verdict(False, f"{WRONG_MARK}: your answer cell raised {own[0].split(': ', 1)[1]}")
            return _judge(graded.exercises[task.grade_id], None if run.missing else run.answer, key.value,
                          self.judge_seconds)
        finally:
            run.close()


# ---------------------------------------------------------------------------------------------------------
# the course: nbgrader's folders and gradebook

def _written_results(source: Source, cells: dict[tuple[str, str], str] | None) -> dict[str, str | None]:
    """Each answer in words: its text, or None when it was left as the stub (or not submitted)."""
    texts: dict[str, str | None] = {}
    for grade_id in source.written:
        text = cells.get(("markdown", grade_id)) if cells is not None else None
        texts[grade_id] = None if text is None or text.strip() in ("", MARKDOWN_STUB) else text
    return texts


def _autograded(source: Source, cells: dict[tuple[str, str], str], results: Sequence[Result]) -> dict[str, Any]:
    """The graded notebook for formgrader and feedback: the release copy with the student's answers in place and
    each check cell showing the grader's line (nothing else of the submission)."""
    notebook, _ = build_exercise(copy.deepcopy(source.notebook), source.name)
    by_id = {r.grade_id: r for r in results}
    for cell, role in zip(notebook["cells"], source.cells, strict=True):
        if role.kind in ("answer", "written"):
            text = cells.get((role.cell_type, role.grade_id))
            if text is not None:
                cell["source"] = text
        elif role.kind == "check" and role.grade_id in by_id:
            result = by_id[role.grade_id]
            if result.score is not None and result.score > 0:
                cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": result.line + "\n"}]
            else:
                cell["outputs"] = [{"output_type": "error", "ename": "WrongAnswer", "evalue": result.line,
                                    "traceback": [result.line]}]
    return notebook


def _record(gradebook: Any, assignment: str, student: str, source: Source, results: Sequence[Result],
            written: dict[str, str | None], folder: Path) -> None:
    """Scores and lines into nbgrader's gradebook, as autograde would leave them (a manual score stays in force)."""
    import warnings

    from nbgrader.api import MissingEntry

    gradebook.update_or_create_student(student)
    try:
        gradebook.find_submission(assignment, student)
    except MissingEntry:
        timestamp = folder / "timestamp.txt"
        extra = {"timestamp": timestamp.read_text().strip()} if timestamp.is_file() else {}
        with warnings.catch_warnings():  # nbgrader's add_submission warns of its own autoflush, harmlessly
            warnings.simplefilter("ignore")
            try:
                gradebook.add_submission(assignment, student, **extra)
            except Exception:  # an unreadable timestamp: the submission without it
                gradebook.db.rollback()
                gradebook.add_submission(assignment, student)
    tasks = {t.grade_id: t for t in source.tasks}
    for result in results:
        grade = gradebook.find_grade(result.grade_id, source.name, assignment, student)
        if result.score is None:
            grade.needs_manual_grade = True
        else:
            grade.auto_score = result.score
            grade.needs_manual_grade = grade.manual_score is not None
        for answer in tasks[result.grade_id].answers:
            gradebook.find_comment(answer, source.name, assignment, student).auto_comment = result.line
    for grade_id, text in written.items():
        grade = gradebook.find_grade(grade_id, source.name, assignment, student)
        comment = gradebook.find_comment(grade_id, source.name, assignment, student)
        if text is None:
            grade.auto_score, grade.needs_manual_grade = 0.0, grade.manual_score is not None
            comment.auto_comment = "No response."
        else:
            grade.auto_score, grade.needs_manual_grade = None, True
            comment.auto_comment = None
    gradebook.db.commit()


@dataclass
class Report:
    """What a grading run did: each student's points per notebook, and what could not be read or graded."""
    scores: dict[str, dict[str, tuple[float, float]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    results: dict[tuple[str, str], list[Result]] = field(default_factory=dict)

    def table(self) -> str:
        """The scores as a text table, a row per student."""
        names = sorted({n for row in self.scores.values() for n in row})
        lines = ["student".ljust(16) + "".join(n[:18].ljust(20) for n in names)]
        for student in sorted(self.scores):
            row = self.scores[student]
            cells = [f"{row[n][0]:g}/{row[n][1]:g}" if n in row else "-" for n in names]
            lines.append(student[:15].ljust(16) + "".join(c.ljust(20) for c in cells))
        return "\n".join(lines)


def _students(course: Path, assignment: str, only: Sequence[str]) -> Iterator[tuple[str, Path]]:
    submitted = course / "submitted"
    for folder in sorted(submitted.glob(f"*/{assignment}")) if submitted.is_dir() else []:
        student = folder.parent.name
        if folder.is_dir() and (not only or student in only):
            yield student, folder


_Graded_Notebook = tuple[list[Result], dict[tuple[str, str], str] | None, str | None]
"""One submitted notebook graded: its results, the cells read of it (None: not there), why it could not be read."""


def _grade_students(paths: Sequence[Path], work: Sequence[tuple[str, Path]], limits: Limits | None,
                    judge_seconds: float) -> tuple[dict[tuple[str, str], _Graded_Notebook], list[str], bool | None]:
    """Grade these students' notebooks against these sources, in this process: each result, the sources' tasks
    that could not be graded, and whether the sandbox was confined. (One call per worker with ``--jobs``.)"""
    graded: dict[tuple[str, str], _Graded_Notebook] = {}
    problems: list[str] = []
    with Grader(limits, judge_seconds) as grader:
        for source in map(read_source, paths):
            for student, folder in work:
                path = folder / f"{source.name}.ipynb"
                try:
                    cells = submitted_cells(path) if path.exists() else None
                except RefusedNotebook as refused:
                    results = [Result(t.grade_id, 0.0, t.points, f"{WRONG_MARK}: the notebook could not be read")
                               for t in source.tasks]
                    graded[(student, source.name)] = (results, None, str(refused))
                    continue
                graded[(student, source.name)] = (grader.grade(source, cells), cells, None)
            prepared = grader._sources.get(source.name)
            keys = prepared.keys if prepared is not None else {}
            problems += [f"{source.name}/{grade_id}: not graded by the kit: {key.problem}"
                         for grade_id, key in keys.items() if key.problem]
        return graded, problems, grader.confined


def grade_assignment(course: Path, assignment: str, *, students: Sequence[str] = (), notebooks: Sequence[str] = (),
                     db_url: str | None = None, limits: Limits | None = None, judge_seconds: float = JUDGE_SECONDS,
                     jobs: int = 1, say: Any = print) -> Report:
    """Grade every submission of ``assignment`` in the nbgrader course folder ``course`` into its gradebook, with
    ``jobs`` grading processes side by side (each with its own sandboxes and keys; one writes the gradebook)."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    from nbgrader.api import Gradebook, MissingEntry

    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of processes, 1 or more, not {jobs!r}")
    course = Path(course)
    sources_folder = course / "source" / assignment
    paths = sorted(p for p in sources_folder.glob("*.ipynb") if not notebooks or p.stem in notebooks)
    if not paths:
        raise RefusedNotebook(f"{sources_folder}: no source notebooks to grade from")
    report = Report()
    sources: list[tuple[Path, Source]] = []
    for path in paths:
        try:
            sources.append((path, read_source(path)))
        except RefusedNotebook as refused:
            report.problems.append(f"source {path.name}: {refused}")
            say(f"cannot grade from {path.name}: {refused}")
    url = db_url or f"sqlite:///{(course / 'gradebook.db').resolve()}"
    with Gradebook(url) as gradebook:
        known = []
        for path, source in sources:
            try:
                gradebook.find_notebook(source.name, assignment)
                known.append((path, source))
            except MissingEntry:
                report.problems.append(f"{source.name}: not in the gradebook (run nbgrader generate_assignment)")
                say(f"{source.name}: not in the gradebook: run nbgrader generate_assignment {assignment} first")
        work = list(_students(course, assignment, students))
        chunks = [work[i::jobs] for i in range(min(jobs, len(work)))] or [[]]
        source_paths = [path for path, _ in known]
        if len(chunks) == 1:
            parts = [_grade_students(source_paths, chunks[0], limits, judge_seconds)]
        else:  # fresh interpreters (spawn): nothing of this process's gradebook connection is copied into them
            with ProcessPoolExecutor(len(chunks), mp_context=get_context("spawn")) as pool:
                futures = [pool.submit(_grade_students, source_paths, chunk, limits, judge_seconds)
                           for chunk in chunks]
                parts = [future.result() for future in futures]
        graded = {key: value for part in parts for key, value in part[0].items()}
        report.problems += sorted({problem for part in parts for problem in part[1]})
        folders = dict(work)
        for _, source in known:
            for student, _ in work:
                results, cells, unreadable = graded[(student, source.name)]
                if unreadable is not None:
                    report.problems.append(f"{student}/{source.name}.ipynb: {unreadable}")
                    say(f"{student}: {source.name}.ipynb cannot be read ({unreadable}); it scores 0")
                _record(gradebook, assignment, student, source, results, _written_results(source, cells),
                        folders[student])
                out = course / "autograded" / student / assignment / f"{source.name}.ipynb"
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(notebook_text(_autograded(source, cells or {}, results)), encoding="utf-8")
                earned = sum(r.score or 0 for r in results)
                report.scores.setdefault(student, {})[source.name] = (earned, sum(r.points for r in results))
                report.results[(student, source.name)] = results
                say(f"{student}: {source.name} {earned:g} of {sum(r.points for r in results):g} points")
    if any(part[2] is False for part in parts):
        say("note: this system has no Landlock, so each student's process runs with the grader's own file rights; "
            "run the grader as a user who cannot write the course folder")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m circuslib grade``: grade an assignment's submissions into nbgrader's gradebook; the exit status
    is 0 when everything was graded, 1 when something was not (each named), 2 when nothing could be."""
    parser = argparse.ArgumentParser(prog="python -m circuslib grade", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("assignment", help="the nbgrader assignment (a folder of source/ and of each submitted/ "
                                           "student)")
    parser.add_argument("--course", type=Path, default=Path("."), help="the nbgrader course folder (default: here)")
    parser.add_argument("--student", action="append", default=[], help="grade only this student (repeatable)")
    parser.add_argument("--notebook", action="append", default=[], help="grade only this notebook, by name "
                                                                        "without .ipynb (repeatable)")
    parser.add_argument("--db", default=None, help="the gradebook's database URL (default: the course's "
                                                   "gradebook.db)")
    parser.add_argument("--time-limit", type=float, default=Limits.call_seconds,
                        help="seconds a student's function may run on one input (default: %(default)g)")
    parser.add_argument("--cell-time-limit", type=float, default=Limits.cell_seconds,
                        help="seconds an exercise's answer cells may run (default: %(default)g)")
    parser.add_argument("--memory", type=float, default=Limits.memory_bytes / 2**30,
                        help="GiB of memory an exercise's process may take (default: %(default)g)")
    parser.add_argument("--jobs", type=int, default=1, help="grading processes side by side, each taking its "
                                                            "share of the students (default: %(default)s)")
    parser.add_argument("--judge-time-limit", type=float, default=JUDGE_SECONDS,
                        help="seconds a check may take to judge one answer (default: %(default)g)")
    parser.add_argument("--json", type=Path, default=None, help="also write every result to this JSON file")
    args = parser.parse_args(argv)
    limits = Limits(cell_seconds=args.cell_time_limit, call_seconds=args.time_limit,
                    memory_bytes=int(args.memory * 2**30))
    try:
        report = grade_assignment(args.course, args.assignment, students=args.student, notebooks=args.notebook,
                                  db_url=args.db, limits=limits, judge_seconds=args.judge_time_limit,
                                  jobs=args.jobs)
    except RefusedNotebook as refused:
        print(f"refused: {refused}", file=sys.stderr)
        return 2
    except GraderFault as fault:
        print(f"the grader could not run: {fault}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as missing:
        print(f"the grader needs {missing.name}: pip install nbgrader", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"refused: {error}", file=sys.stderr)
        return 2
    print(report.table())
    for problem in report.problems:
        print(f"problem: {problem}")
    if args.json is not None:
        args.json.write_text(json.dumps({f"{s}/{n}": [r.__dict__ for r in results]
                                         for (s, n), results in report.results.items()}, indent=1))
    return 1 if report.problems else 0
