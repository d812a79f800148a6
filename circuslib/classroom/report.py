"""The misconception report: ``python -m circuslib report PATH`` reads a class's graded notebooks and writes an HTML
page and a Markdown summary: per exercise, the score distribution and each misconception with how many students it
caught, its hint and the lesson section to go back to; and the five to address first.

PATH is nbgrader's course folder or its ``autograded/`` folder (``autograded/STUDENT/ASSIGNMENT/*.ipynb``), or a
folder of executed notebooks (one a student, or one folder a student). Every check cell that refused an answer
carries the exercise's id and the mistake diagnosed (``core.teach.DIAGNOSIS_MIME``); a check cell that passed has
no error; a check cell whose answer was left as its stub is counted as not answered. Answers in words are graded by
hand and left out.
"""
from __future__ import annotations

import html
import importlib
import json
import re
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.teach import DIAGNOSIS_MIME
from .sections import section_of

__all__ = ["Result", "ClassReport", "read_class", "write_report", "main"]

CHECK_CALL = re.compile(r"^\s*check\.(\w+)\(", re.M)
CHECKS_MODULE = re.compile(r"^\s*from (circuslib(?:\.\w+)+) import .*\bcheck\b", re.M)
UNANSWERED = ("NameError", "NotImplementedError")


@dataclass(frozen=True)
class Result:
    """One student's result on one exercise: its points, and the diagnosis when the check said "not yet"."""

    student: str
    assignment: str
    exercise: str
    title: str
    points: float
    possible: float
    status: str  # "passed", "not yet", "not answered" or "error"
    mistake: str = ""
    hint: str = ""


class NotAClass(ValueError):
    """PATH holds no notebook the report can read; the message says what it looked for."""


def _exercise(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module).check, name)
    except Exception:  # a notebook from another kit version: the cell's own metadata still gives the points
        return None


def _outputs_error(cell: dict) -> dict | None:
    return next((o for o in cell.get("outputs", []) if o.get("output_type") == "error"), None)


def _diagnosis(cell: dict) -> dict | None:
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if DIAGNOSIS_MIME in data:
            found = data[DIAGNOSIS_MIME]
            return json.loads(found) if isinstance(found, str) else found
    return None


def read_notebook(path: Path, student: str, assignment: str) -> list[Result]:
    """Each exercise's result in one executed notebook."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        cells = notebook["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        raise NotAClass(f"{path} is not a notebook the report can read") from None
    results: list[Result] = []
    stubs = set()
    for cell in cells:
        source = "".join(cell.get("source", ""))
        grade = cell.get("metadata", {}).get("nbgrader", {})
        error = _outputs_error(cell) if cell.get("cell_type") == "code" else None
        if grade.get("solution") and grade.get("grade_id", "").endswith("-answer") and error \
                and error.get("ename") in UNANSWERED:
            stubs.add(grade["grade_id"][: -len("-answer")])
        calls, module = CHECK_CALL.findall(source), CHECKS_MODULE.search(source)
        if cell.get("cell_type") != "code" or not calls or not module:
            continue
        name = calls[0]
        exercise = _exercise(module.group(1), name)
        exercise_id = exercise.id if exercise is not None else f"{module.group(1)}.{name}"
        possible = float(grade.get("points", exercise.points if exercise is not None else 1))
        title = exercise.title if exercise is not None else name
        diagnosis = _diagnosis(cell)
        if error is None:
            status, points = "passed", possible
        elif diagnosis:
            status, points = "not yet", 0.0
            exercise_id = diagnosis.get("exercise", exercise_id)
        elif error.get("ename") in UNANSWERED or name in stubs:
            status, points = "not answered", 0.0
        else:
            status, points = "error", 0.0
        results.append(Result(student, assignment, exercise_id, title, points, possible, status,
                              (diagnosis or {}).get("mistake", ""), (diagnosis or {}).get("hint", "")))
    return results


def _notebooks(path: Path, assignment: str | None) -> list[tuple[str, str, Path]]:
    """(student, assignment, notebook) for every notebook under PATH, in the layouts the report reads."""
    path = Path(path)
    if not path.exists():
        raise NotAClass(f"{path} does not exist: give nbgrader's course folder, its autograded/ folder, or a folder "
                        "of executed notebooks")
    if (path / "autograded").is_dir():
        path = path / "autograded"
    found = []
    nbgrader = [p for p in sorted(path.glob("*/*/*.ipynb")) if not p.name.startswith(".")]
    if nbgrader:  # autograded/STUDENT/ASSIGNMENT/NOTEBOOK.ipynb
        for notebook in nbgrader:
            student, name = notebook.parent.parent.name, notebook.parent.name
            if assignment is None or name == assignment:
                found.append((student, name, notebook))
    else:  # a folder of executed notebooks: FOLDER/STUDENT.ipynb, or FOLDER/STUDENT/NOTEBOOK.ipynb
        for notebook in sorted(path.glob("*.ipynb")):
            found.append((notebook.stem, assignment or path.name, notebook))
        for notebook in sorted(path.glob("*/*.ipynb")):
            found.append((notebook.parent.name, assignment or notebook.stem, notebook))
    if not found:
        raise NotAClass(f"no notebook found in {path}" + (f" for the assignment {assignment!r}" if assignment else "")
                        + ": give nbgrader's autograded/ folder or a folder of executed notebooks")
    return found


def read_class(path: str | Path, assignment: str | None = None) -> list[Result]:
    """Every student's result on every exercise under PATH."""
    results: list[Result] = []
    for student, name, notebook in _notebooks(Path(path), assignment):
        results.extend(read_notebook(notebook, student, name))
    return results


@dataclass
class Misconception:
    """One mistake of one exercise and the students it caught."""

    exercise: str
    title: str
    mistake: str
    hint: str
    students: set[str] = field(default_factory=set)

    @property
    def catalogued(self) -> bool:
        """Whether the exercise's catalogue names this mistake (else: a rejection the catalogue did not foresee)."""
        return not self.mistake.startswith("other-")


class ClassReport:
    """The class's results summarised: per exercise, per misconception, per student."""

    def __init__(self, results: Iterable[Result], title: str = "") -> None:
        self.results = list(results)
        if not self.results:
            raise NotAClass("the notebooks hold no check cell of the kit's exercises")
        self.title = title or ", ".join(sorted({r.assignment for r in self.results}))
        self.students = sorted({r.student for r in self.results})
        order: dict[str, int] = {}
        for r in self.results:
            order.setdefault(r.exercise, len(order))
        self.exercises = sorted(order, key=lambda e: order[e])
        self.titles = {r.exercise: r.title for r in self.results}
        self.possible = {r.exercise: r.possible for r in self.results}
        self.misconceptions: dict[tuple[str, str], Misconception] = {}
        for r in self.results:
            if r.status == "not yet":
                key = (r.exercise, r.mistake)
                found = self.misconceptions.setdefault(key, Misconception(r.exercise, r.title, r.mistake, r.hint))
                found.students.add(r.student)

    def of(self, exercise: str) -> list[Result]:
        """The results of one exercise."""
        return [r for r in self.results if r.exercise == exercise]

    def counts(self, exercise: str) -> dict[str, int]:
        """How many students passed, were told "not yet", did not answer, or met an error."""
        counted = {"passed": 0, "not yet": 0, "not answered": 0, "error": 0}
        for r in self.of(exercise):
            counted[r.status] += 1
        return counted

    def scores(self, exercise: str) -> dict[float, int]:
        """The exercise's score distribution: points -> students, highest first."""
        counted: dict[float, int] = defaultdict(int)
        for r in self.of(exercise):
            counted[r.points] += 1
        return dict(sorted(counted.items(), reverse=True))

    def mistakes_of(self, exercise: str) -> list[Misconception]:
        """The exercise's misconceptions, most students first."""
        found = [m for (e, _), m in self.misconceptions.items() if e == exercise]
        return sorted(found, key=lambda m: (-len(m.students), m.mistake))

    def first_five(self) -> list[Misconception]:
        """The five misconceptions to address first: the most students caught (then in the exercises' order)."""
        order = {e: i for i, e in enumerate(self.exercises)}
        ranked = sorted(self.misconceptions.values(), key=lambda m: (-len(m.students), order[m.exercise], m.mistake))
        return ranked[:5]

    def totals(self) -> dict[str, float]:
        """Each student's autograded points."""
        totals: dict[str, float] = defaultdict(float)
        for r in self.results:
            totals[r.student] += r.points
        return {s: totals[s] for s in self.students}

    @property
    def most(self) -> float:
        """The autograded points a submission can get."""
        per_student: dict[str, float] = defaultdict(float)
        for r in self.results:
            per_student[r.student] += r.possible
        return max(per_student.values())

    # --- writing ------------------------------------------------------------------------------------------
    def markdown(self) -> str:
        """The summary in Markdown."""
        totals = list(self.totals().values())
        lines = [f"# Misconceptions: {self.title}", "",
                 f"{len(self.students)} students. Autograded points (answers in words are graded by hand and not "
                 f"counted here): median {_n(statistics.median(totals))} of {_n(self.most)}, lowest {_n(min(totals))}, "
                 f"highest {_n(max(totals))}.", "", "## The five to address first", ""]
        for i, m in enumerate(self.first_five(), 1):
            lines.append(f"{i}. **{m.title}** (`{m.exercise}`): {len(m.students)} student"
                         f"{'s' if len(m.students) != 1 else ''}. {_quote(m)}" +
                         (f" Go back to {section_of(m.exercise)}." if section_of(m.exercise) else ""))
        if not self.misconceptions:
            lines.append("No check said \"not yet\".")
        lines += ["", "## Exercise by exercise", ""]
        for number, exercise in enumerate(self.exercises, 1):
            c = self.counts(exercise)
            most = _n(self.possible[exercise])
            scores = "; ".join(f"{_n(p)} of {most}: {k}" for p, k in self.scores(exercise).items())
            lines += [f"### {number}. {self.titles[exercise]} (`{exercise}`)", "",
                      f"Passed {c['passed']}, not yet {c['not yet']}, not answered {c['not answered']}" +
                      (f", an error {c['error']}" if c["error"] else "") + f". Scores: {scores}.", ""]
            mistakes = self.mistakes_of(exercise)
            if mistakes:
                lines += ["| students | misconception | catalogued |", "| --- | --- | --- |"]
                lines += [f"| {len(m.students)} | {_cell(m.hint)} | {'yes' if m.catalogued else 'no'} |"
                          for m in mistakes]
                lines.append("")
            if section_of(exercise):
                lines += [f"Lesson section: {section_of(exercise)}.", ""]
        return "\n".join(lines).rstrip() + "\n"

    def html(self) -> str:
        """The report as a web page: the same content, with the score distribution as the kit's SVG figure."""
        from ..core.figures import Plot

        totals = self.totals()
        steps = sorted({*totals.values(), 0.0, self.most})
        chart = Plot(f"Autograded points of the {len(self.students)} students", xlabel="points", ylabel="students",
                     width=560, height=260)
        chart.bars([_n(s) for s in steps], [sum(1 for t in totals.values() if t == s) for s in steps],
                   label="students with these points")
        e = html.escape
        parts = [f"<h1>Misconceptions: {e(self.title)}</h1>", f'<div class="figure">{chart.svg()}</div>',
                 "<h2>The five to address first</h2><ol>"]
        for m in self.first_five():
            where = section_of(m.exercise)
            parts.append(f'<li class="first-five"><b>{e(m.title)}</b> (<code>{e(m.exercise)}</code>): '
                         f'<span class="students">{len(m.students)}</span> students. {e(_quote(m))}'
                         + (f" Go back to <i>{e(where)}</i>." if where else "") + "</li>")
        parts.append("</ol><h2>Exercise by exercise</h2>")
        for number, exercise in enumerate(self.exercises, 1):
            c = self.counts(exercise)
            parts.append(f'<section class="exercise" data-exercise="{e(exercise)}"><h3>{number}. '
                         f'{e(self.titles[exercise])} <code>{e(exercise)}</code></h3>'
                         f'<p>Passed <b class="passed">{c["passed"]}</b>, '
                         f'not yet <b class="not-yet">{c["not yet"]}</b>, '
                         f'not answered <b class="not-answered">{c["not answered"]}</b>'
                         + (f', an error <b class="error">{c["error"]}</b>' if c["error"] else "") + ". Scores: "
                         + "; ".join(f"{_n(p)} of {_n(self.possible[exercise])}: {k}"
                                     for p, k in self.scores(exercise).items()) + ".</p>")
            mistakes = self.mistakes_of(exercise)
            if mistakes:
                rows = "".join(f'<tr data-mistake="{e(m.mistake)}"><td class="students">{len(m.students)}</td>'
                               f"<td>{e(m.hint)}</td><td>{'yes' if m.catalogued else 'no'}</td></tr>"
                               for m in mistakes)
                parts.append("<table><tr><th>students</th><th>misconception</th><th>catalogued</th></tr>"
                             f"{rows}</table>")
            if section_of(exercise):
                parts.append(f"<p>Lesson section: <i>{e(section_of(exercise))}</i>.</p>")
            parts.append("</section>")
        style = ("body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:CanvasText;"
                 "background:Canvas}table{border-collapse:collapse}td,th{border:1px solid GrayText;padding:.3rem .5rem;"
                 "text-align:left;vertical-align:top}td.students{text-align:right}.figure{color:CanvasText}")
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" '
                f'content="light dark"><title>Misconceptions: {e(self.title)}</title><style>{style}</style></head>'
                f"<body>{''.join(parts)}</body></html>\n")


def _n(value: float) -> str:
    return f"{value:g}"


def _quote(m: Misconception) -> str:
    said = m.hint if m.catalogued else f"The check said, for example: {m.hint}"
    return f"\u201c{said}\u201d" if m.catalogued else said


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def write_report(path: str | Path, out: str | Path = ".", assignment: str | None = None) -> tuple[Path, Path]:
    """Read the class under PATH and write misconceptions.html and misconceptions.md into ``out``."""
    report = ClassReport(read_class(path, assignment))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    page, summary = out / "misconceptions.html", out / "misconceptions.md"
    page.write_text(report.html(), encoding="utf-8")
    summary.write_text(report.markdown(), encoding="utf-8")
    return page, summary


def main(path: str | Path, out: str | Path = ".", assignment: str | None = None) -> int:
    """The command line's report: writes the two files, prints the summary; 2 when PATH holds no class."""
    import sys

    try:
        page, summary = write_report(path, out, assignment)
    except NotAClass as error:
        print(f"refused: {error}", file=sys.stderr)
        return 2
    print(summary.read_text(encoding="utf-8"))
    print(f"wrote {page} and {summary}")
    return 0
