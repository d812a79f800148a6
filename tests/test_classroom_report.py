"""The misconception report on a synthetic class: thirty nbgrader submissions of four warm-up exercises with known
mistakes (and some answers left blank), autograded by nbgrader itself; every count of the report is exact. And the
lesson section to go back to exists for every exercise of the kit, and the nbgitpuller links."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from importlib import import_module
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest
from grading import answer_cells
from teacher import mistakes_of

from circuslib.classroom.links import LESSONS, lesson_links
from circuslib.classroom.report import ClassReport, read_class
from circuslib.classroom.sections import SECTIONS
from circuslib.core.builder import BEGIN, END
from notebooks import ROOT

ASSIGNMENT = "week1"
STUDENTS = [f"s{i:02d}" for i in range(1, 31)]
RIGHT, BLANK = "right", "blank"
# what each student answers, by exercise: a catalogued wrong answer (its value, as typed), an uncatalogued one,
# the stub left as it was (BLANK), or the solution (RIGHT, everyone not listed)
PLAN = {
    "three_dice_ten": {**{i: "Fraction(3, 28)" for i in range(1, 9)}, **{i: "Fraction(1, 16)" for i in range(9, 13)},
                       13: "0.125", 14: "0.125", 15: "Fraction(1, 3)", 16: BLANK},
    "twelve_number_deck": {**{i: "132" for i in range(1, 6)}, 6: "78", 7: "78", 30: BLANK},
    "three_rolls": {**{i: "12" for i in range(10, 20)}, 20: "Fraction(21, 2)", 21: "Fraction(21, 2)",
                    22: "Fraction(21, 2)", 29: BLANK, 30: BLANK},
    "steps_between": {1: "def steps(a, b):\n    return abs(a - b)", 2: "def steps(a, b):\n    return abs(a - b)",
                      3: "def steps(a, b):\n    return abs(a - b)", 4: "def steps(a, b):\n    return (b - a) % 13",
                      28: BLANK, 29: BLANK, 30: BLANK},
}
VARIABLE = {"three_dice_ten": "p_ten", "twelve_number_deck": "n_cards", "three_rolls": "e_three",
            "steps_between": "steps"}


NBGRADER_CELL_SECONDS = "c.Execute.timeout = 300"
"""nbgrader gives a cell 30 s of the clock by default: a simulation's check takes a few seconds alone, far more
on a grading machine busy with other work (TEACHING.md tells teachers the same)."""

def _checks():
    return import_module("circuslib.welcome").check


def _mistake_of(name: str, typed: str) -> str:
    """The id of the catalogued mistake a typed answer is (by its value), or "other" for one the catalogue lacks."""
    exercise = getattr(_checks(), name)
    if typed.startswith("def "):
        namespace: dict = {}
        exec(typed, namespace)
        inputs = [(a, b) for a in range(1, 14) for b in range(1, 14)]
        return next(m.id for m in mistakes_of(exercise) if callable(m.answer)
                    and all(m.answer(*x) == namespace["steps"](*x) for x in inputs))
    value = eval(typed, {"Fraction": Fraction})
    if isinstance(value, float):  # a decimal is told "give it exactly" before any catalogued value is looked up
        return "family-decimal"
    found = [m.id for m in mistakes_of(exercise) if not callable(m.answer) and type(m.answer) is type(value)
             and m.answer == value]
    return found[0] if found else "other"


def _replace(source: str, code: str) -> str:
    out, inside = [], False
    for line in source.split("\n"):
        if BEGIN.match(line):
            inside = True
            out.extend(code.split("\n"))
        elif END.match(line):
            inside = False
        elif not inside:
            out.append(line)
    return "\n".join(out)


def _assignment():
    """The warm-up's opening cells and its first four exercises (question, answer, check), nbgrader metadata kept."""
    solution = nbformat.read(ROOT / "solutions" / "00_warmup.ipynb", as_version=4)
    answers = answer_cells(solution)
    keep = [0, 1]
    for name in PLAN:
        index = answers[name]
        check = next(i for i in range(index + 1, len(solution.cells))
                     if solution.cells[i].metadata.get("nbgrader", {}).get("grade_id") == name)
        keep += [index - 1, index, check]
    solution.cells = [solution.cells[i] for i in keep]
    # the set-up cell, with what these four answers use (the warm-up's other exercises need the rest)
    solution.cells[1].source = ("from fractions import Fraction\nfrom itertools import product\n"
                                "from math import comb\n\nimport networkx as nx")
    return solution


def _submission(assignment, student: int):
    notebook = nbformat.from_dict(json.loads(json.dumps(assignment)))
    for name, index in answer_cells(notebook).items():
        typed = PLAN[name].get(student, RIGHT)
        if typed == RIGHT:
            continue
        code = "raise NotImplementedError()" if typed == BLANK else (
            typed if typed.startswith("def ") else f"from fractions import Fraction\n{VARIABLE[name]} = {typed}")
        notebook.cells[index].source = _replace(notebook.cells[index].source, code)
    return notebook


def _nbgrader(course: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return subprocess.Popen([sys.executable, "-m", "nbgrader", *args, "--force"], cwd=course, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _done(*running: subprocess.Popen) -> None:
    for process in running:
        out, _ = process.communicate(timeout=1200)
        assert process.returncode == 0, out[-4000:]


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A class of thirty submissions, autograded by nbgrader: two courses of fifteen graded side by side (nbgrader
    grades one notebook after another, on one core), their autograded/ folders then put together."""
    top = tmp_path_factory.mktemp("class")
    assignment = _assignment()
    halves = []
    for half, students in (("a", STUDENTS[:15]), ("b", STUDENTS[15:])):
        course = top / f"course-{half}"
        (course / "source" / ASSIGNMENT).mkdir(parents=True)
        (course / "nbgrader_config.py").write_text(f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
                                                 f"{NBGRADER_CELL_SECONDS}\n")
        nbformat.write(assignment, course / "source" / ASSIGNMENT / "warmup.ipynb")
        for student in students:
            folder = course / "submitted" / student / ASSIGNMENT
            folder.mkdir(parents=True)
            nbformat.write(_submission(assignment, STUDENTS.index(student) + 1), folder / "warmup.ipynb")
        halves.append(course)
    _done(*(_nbgrader(course, "generate_assignment", ASSIGNMENT) for course in halves))
    _done(*(_nbgrader(course, "autograde", ASSIGNMENT) for course in halves))
    whole = top / "course"
    for course in halves:
        shutil.copytree(course / "autograded", whole / "autograded", dirs_exist_ok=True)
    return whole


def _catalogued(exercise: str, mistake: str) -> str:
    """The catalogued mistake a diagnosis names: where two slips give one value the tutor names both, joined by
    "+" (a modelled one beside the catalogued one), and the report keeps them together."""
    ids = {m.id for m in mistakes_of(getattr(_checks(), exercise.split(".", 1)[1]))}
    named = [part for part in mistake.split("+") if part in ids]
    return named[0] if len(named) == 1 else mistake


def _expected():
    """From the plan alone: per exercise, who passed, was told "not yet" for which mistake, or left it blank."""
    expected = {}
    for name, plan in PLAN.items():
        mistakes: dict[str, set] = {}
        for i, typed in plan.items():
            if typed not in (RIGHT, BLANK):
                mistakes.setdefault(_mistake_of(name, typed), set()).add(STUDENTS[i - 1])
        blank = sum(1 for typed in plan.values() if typed == BLANK)
        wrong = sum(len(s) for s in mistakes.values())
        expected[f"pig.{name}"] = {"passed": 30 - blank - wrong, "not yet": wrong, "not answered": blank,
                                       "mistakes": mistakes}
    return expected


@pytest.mark.nbgrader
def test_the_report_of_thirty_autograded_submissions_counts_every_misconception_exactly(course, tmp_path):
    out = tmp_path / "report"
    result = subprocess.run([sys.executable, "-m", "circuslib", "report", str(course), "--out", str(out)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    report = ClassReport(read_class(course))
    expected = _expected()
    assert report.students == STUDENTS and report.exercises == list(expected)
    for exercise, want in expected.items():
        counts = report.counts(exercise)
        assert counts == {"passed": want["passed"], "not yet": want["not yet"], "not answered": want["not answered"],
                          "error": 0}, exercise
        got = {(_catalogued(exercise, m.mistake) if m.catalogued else "other"): m.students
               for m in report.mistakes_of(exercise)}
        assert got == want["mistakes"], exercise
        points = report.possible[exercise]
        assert report.scores(exercise) == {points: want["passed"], 0.0: 30 - want["passed"]}
    # the five to address first: the most students caught, ties in the exercises' order
    first = [(m.exercise, len(m.students)) for m in report.first_five()]
    assert first == [("pig.three_rolls", 10), ("pig.three_dice_ten", 8), ("pig.twelve_number_deck", 5),
                     ("pig.three_dice_ten", 4), ("pig.three_rolls", 3)]
    # each student's points: full marks less each exercise they missed
    stars = {f"pig.{n}": getattr(_checks(), n).points for n in PLAN}
    for i, student in enumerate(STUDENTS, 1):
        missed = sum(stars[f"pig.{n}"] for n, plan in PLAN.items() if plan.get(i, RIGHT) != RIGHT)
        assert report.totals()[student] == sum(stars.values()) - missed
    # what the files say: the Markdown summary and the page, with the hints and the sections to go back to
    markdown = (out / "misconceptions.md").read_text()
    page = (out / "misconceptions.html").read_text()
    assert "30 students." in markdown and markdown in result.stdout
    unordered = next(m for m in mistakes_of(_checks().three_dice_ten) if m.answer == Fraction(3, 28))
    assert f"| 8 | {unordered.hint} | yes |" in markdown
    assert "2. **Three dice make ten** (`pig.three_dice_ten`): 8 students." in markdown
    assert "Go back to notebooks/00_welcome.ipynb, § 1. An exact probability (9 min)." in markdown
    assert "| 1 | P(sum = 10) (1/3) is not right yet. | no |" in markdown
    assert "Passed 14, not yet 15, not answered 1. Scores: 1 of 1: 14; 0 of 1: 16." in markdown
    for exercise, want in expected.items():
        section = re.search(rf'<section class="exercise" data-exercise="{re.escape(exercise)}">(.*?)</section>', page,
                            re.S).group(1)
        assert f'not yet <b class="not-yet">{want["not yet"]}</b>' in section
        named = {_catalogued(exercise, m.mistake): m.mistake for m in report.mistakes_of(exercise) if m.catalogued}
        for mistake, students in want["mistakes"].items():
            if mistake != "other":
                assert f'<tr data-mistake="{named[mistake]}"><td class="students">{len(students)}</td>' in section
    assert page.count('<li class="first-five">') == 5 and "<svg" in page and "Traceback" not in page


@pytest.mark.nbgrader
def test_the_report_reads_a_folder_of_executed_notebooks_the_same(course, tmp_path):
    folder = tmp_path / "executed"
    folder.mkdir()
    for student in STUDENTS:
        shutil.copy(course / "autograded" / student / ASSIGNMENT / "warmup.ipynb", folder / f"{student}.ipynb")
    flat, graded = ClassReport(read_class(folder)), ClassReport(read_class(course / "autograded"))
    assert flat.students == graded.students == STUDENTS
    assert {k: len(m.students) for k, m in flat.misconceptions.items()} == \
        {k: len(m.students) for k, m in graded.misconceptions.items()}
    assert flat.markdown().split("\n", 1)[1] == graded.markdown().split("\n", 1)[1]  # all but the title


def test_a_path_with_no_class_is_refused_in_a_sentence(tmp_path):
    result = subprocess.run([sys.executable, "-m", "circuslib", "report", str(tmp_path / "nowhere")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stderr.startswith("refused: ") and "does not exist" in result.stderr
    assert "Traceback" not in result.stderr


# --- the sections to go back to, and the links --------------------------------------------------------------

def _headings(lesson: str) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text())["cells"]
    return [line.lstrip("#").strip() for c in cells if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines() if line.startswith("#")]


def test_every_exercise_of_the_kit_has_a_lesson_section_to_go_back_to_and_a_try_it_its_own():
    ids = set()
    for module in ("circuslib.pig.checks", "circuslib.flip7.checks", "circuslib.pcv.checks", "circuslib.scout.checks",
                   "circuslib.speed.checks", "circuslib.flip_circus.checks"):
        ids |= {e.id for e in import_module(module).check.exercises()}
    assert set(SECTIONS) == ids
    for exercise, (lesson, heading) in SECTIONS.items():
        assert heading in _headings(lesson), (exercise, lesson, heading)
    for lesson in LESSONS:  # a try-it's section is the one its check cell sits in
        current = None
        for cell in json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text())["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                current = next((line.lstrip("#").strip() for line in source.splitlines() if line.startswith("#")),
                               current)
            for name in re.findall(r"check\.(\w+)\(", source):
                found = [e for e in SECTIONS if e.endswith(f".{name}")]
                assert len(found) == 1 and SECTIONS[found[0]] == (lesson, current), (lesson, name, current)


def test_each_lessons_nbgitpuller_link_opens_it_from_the_repository():
    assert list(LESSONS) == sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    links = lesson_links("https://github.com/school/circuslib.git", "https://hub.school.example/")
    assert list(links) == list(LESSONS)
    for lesson, link in links.items():
        parts = urlsplit(link)
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == \
            "https://hub.school.example/hub/user-redirect/git-pull"
        query = parse_qs(parts.query)
        assert query == {"repo": ["https://github.com/school/circuslib.git"], "branch": ["main"],
                         "urlpath": [f"lab/tree/circuslib/notebooks/{lesson}.ipynb"]}
    voila = lesson_links("https://github.com/school/circuslib", "https://hub.school.example", app="voila",
                         branch="spring")
    assert "urlpath=voila%2Frender%2Fcircuslib%2Fnotebooks%2F01_flip7.ipynb" in voila["01_flip7"]
    assert "branch=spring" in voila["01_flip7"]
    result = subprocess.run([sys.executable, "-m", "circuslib", "links", "https://github.com/school/circuslib",
                             "https://hub.school.example"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.splitlines()[0].startswith("00_welcome: https://hub.school")
    for repo, hub, sentence in (("github.com/x", "https://hub", "starting with https://"),
                                ("https://github.com/x", "hub", "starting with https://")):
        with pytest.raises(ValueError, match=sentence):
            lesson_links(repo, hub)
