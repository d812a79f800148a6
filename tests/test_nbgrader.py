"""nbgrader itself and the kit's grader, on one temporary course holding every solution notebook.

nbgrader's generate_assignment accepts each solution in its strict mode and releases exactly exercises/. Then a
class hands in: a right submission, a blank one, an honest wrong one (every exercise answered with a catalogued
wrong answer), one with a single wrong answer whose cell also tries to replace the checks, one notebook that
cannot be read, and one submission for each class of attack in tests/tamper.py, each built on the honest wrong
notebook. ``nbgrader autograde`` grades every attack on the welcome notebook and a representative few on every
notebook (a kernel per notebook costs seconds: measured, the whole module takes a few minutes); the kit's grader
(``python -m circuslib grade``) grades everything. Right gets full marks, blank and wrong 0, one wrong loses that
exercise's points, under both; under the kit's grader no attack gains a point over the honest wrong notebook, and
one hostile submission that stops nbgrader autograde for the class stops nothing.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest
from grading import blank, self_contained_exercise, with_wrong_answers, wrong_answer_code
from tamper import ATTACKS, checks_module, honest_wrong

from notebooks import ROOT, cell_text, checks_of, solutions

pytestmark = [pytest.mark.nbgrader, pytest.mark.timeout(3600)]
ASSIGNMENT = "lesson"
EVERY_ATTACK_ON = "00_warmup"
"""The notebook nbgrader autograde grades under every attack."""
REPRESENTATIVE = ("checks-module", "lying-values")
"""The attacks nbgrader autograde also grades on every other notebook: the one-line patch that gave full marks
everywhere, and the lying values the checks in the kernel now refuse."""
HOSTILE = "attack-duplicated-cells"
"""The submission that stops nbgrader autograde for every student after it (nbgrader's own open issue)."""
SOLUTIONS = solutions()


CELL_SECONDS = "--Execute.timeout=300"
"""For the notebooks beyond the warm-up: nbgrader gives a cell 30 s of the clock by default, and a simulation's
check takes a few seconds alone, far more on a grading machine busy with other work (TEACHING.md tells teachers
the same). The warm-up keeps the default: its endless-loop attack runs until nbgrader's limit."""


def _nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                          text=True, timeout=1800)


def _points(notebook) -> dict[str, float]:
    """Each autograded test cell's points, by grade_id."""
    return {c.metadata.nbgrader["grade_id"]: float(c.metadata.nbgrader["points"]) for c in notebook.cells
            if c.get("metadata", {}).get("nbgrader", {}).get("grade") and c.cell_type == "code"}


def _scores(course: Path) -> dict[tuple[str, str], dict[str, float | None]]:
    """(student, notebook) -> each autograded test cell's auto_score in the gradebook (None: never graded)."""
    from nbgrader.api import Gradebook, MissingEntry

    found: dict[tuple[str, str], dict[str, float | None]] = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for student in gradebook.students:
            try:
                submission = gradebook.find_submission(ASSIGNMENT, student.id)
            except MissingEntry:
                continue
            for notebook in submission.notebooks:
                found[(student.id, notebook.name)] = {g.name: g.auto_score for g in notebook.grades
                                                      if g.cell.cell_type == "code"}
    return found


@dataclass
class Course:
    root: Path
    points: dict[str, dict[str, float]]
    wrong_one: dict[str, str]
    students: list[str]
    batch: subprocess.CompletedProcess
    after_batch: dict[tuple[str, str], dict[str, float | None]]
    autograde: dict[tuple[str, str], dict[str, float | None]]
    kit: dict[tuple[str, str], dict[str, float | None]]
    kit_run: subprocess.CompletedProcess
    kit_lines: dict[str, list[dict]]
    seconds: dict[str, float] = field(default_factory=dict)

    def earned(self, scores: dict, student: str, notebook: str) -> float | None:
        """The points a student's notebook got, or None when it was never graded."""
        row = scores.get((student, notebook))
        if row is None or any(v is None for v in row.values()):
            return None
        return sum(row.values())


def _write(course: Path, student: str, name: str, notebook, extra: dict[str, str] | None = None) -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(notebook, str):
        (folder / f"{name}.ipynb").write_text(notebook)
    else:
        nbformat.write(notebook, folder / f"{name}.ipynb")
    for relative, text in (extra or {}).items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text)


def hand_in(root: Path) -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    """A course folder with every solution as its source and the whole class's submissions; returns each notebook's
    points by grade_id and the exercise its one-wrong submission answers wrongly."""
    (root / "source" / ASSIGNMENT).mkdir(parents=True)
    (root / "nbgrader_config.py").write_text(f"c = get_config()\nc.CourseDirectory.root = {str(root)!r}\n")
    points, wrong_one = {}, {}
    for path in SOLUTIONS:
        solution = nbformat.read(path, as_version=4)
        nbformat.write(solution, root / "source" / ASSIGNMENT / path.name)
        checks, module = checks_of(solution), checks_module(solution)
        points[path.stem] = _points(solution)
        wrong_one[path.stem] = self_contained_exercise(solution)
        _write(root, "right", path.stem, solution)
        _write(root, "blank", path.stem, blank(solution))
        _write(root, "wrong", path.stem, honest_wrong(solution))
        _write(root, "one-wrong", path.stem, with_wrong_answers(solution, checks, {wrong_one[path.stem]}, cheat=True))
        unreadable = {EVERY_ATTACK_ON: '{"cells": [ broken', "flip7": solution}.get(path.stem, blank(solution))
        _write(root, "unreadable", path.stem, unreadable)  # one notebook broken, the others graded as usual
        for attack, make in ATTACKS.items():
            notebook, extra = make(solution, module)
            _write(root, f"attack-{attack}", path.stem, notebook, extra)
    return points, wrong_one


def kit_grade(root: Path) -> tuple[subprocess.CompletedProcess, dict[str, list[dict]]]:
    """``python -m circuslib grade`` on the whole class, as a teacher runs it; its output and its JSON results."""
    results = root / "results.json"
    run = subprocess.run([sys.executable, "-m", "circuslib", "grade", ASSIGNMENT, "--course", str(root), "--jobs", "2",
                          "--cell-time-limit", "8", "--json", str(results)], capture_output=True, text=True,
                         timeout=1800)
    return run, json.loads(results.read_text()) if results.exists() else {}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Course:
    root = tmp_path_factory.mktemp("nbgrader") / "course"
    points, wrong_one = hand_in(root)
    students = sorted(p.name for p in (root / "submitted").iterdir())
    seconds = {}

    started = time.monotonic()
    assert _nbgrader(root, "generate_assignment", ASSIGNMENT, "--force").returncode == 0  # strict mode: the default
    seconds["generate_assignment"] = time.monotonic() - started

    started = time.monotonic()  # the class as a batch: the hostile submission stops autograde for those after it
    batch = _nbgrader(root, "autograde", ASSIGNMENT, f"--notebook={EVERY_ATTACK_ON}")
    after_batch = _scores(root)
    _nbgrader(root, "autograde", ASSIGNMENT, f"--notebook={EVERY_ATTACK_ON}",
              f"--CourseDirectory.student_id_exclude={HOSTILE}")  # those not graded yet: without --force
    seconds[f"autograde, {EVERY_ATTACK_ON} of every student"] = time.monotonic() - started
    started = time.monotonic()
    kept = {"right", "one-wrong", *(f"attack-{a}" for a in REPRESENTATIVE)}
    _nbgrader(root, "autograde", ASSIGNMENT, "--force", f"--notebook=[!{EVERY_ATTACK_ON[0]}]*", CELL_SECONDS,
              f"--CourseDirectory.student_id_exclude={','.join(s for s in students if s not in kept)}")
    seconds["autograde, the other notebooks of right, one-wrong and the representative attacks"] = \
        time.monotonic() - started
    autograde = _scores(root)

    started = time.monotonic()
    kit_run, kit_lines = kit_grade(root)
    seconds["the kit's grader, every notebook of every student"] = time.monotonic() - started
    return Course(root, points, wrong_one, students, batch, after_batch, autograde, _scores(root), kit_run,
                  kit_lines, seconds)


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_the_release_is_exactly_the_exercises(course, path):
    release = nbformat.read(course.root / "release" / ASSIGNMENT / path.name, as_version=4)
    ours = nbformat.read(ROOT / "exercises" / path.name, as_version=4)
    assert [(c.cell_type, c.source) for c in release.cells] == [(c.cell_type, c.source) for c in ours.cells]


def test_the_kit_grader_ran_and_named_the_unreadable_notebook(course):
    print(course.kit_run.stdout[-3000:], course.kit_run.stderr[-3000:])
    assert course.kit_run.returncode in (0, 1), course.kit_run.stderr
    assert f"unreadable: {EVERY_ATTACK_ON}.ipynb cannot be read" in course.kit_run.stdout
    problems = [line for line in course.kit_run.stdout.splitlines() if line.startswith("problem:")]
    assert len(problems) == 1 and problems[0].startswith(f"problem: unreadable/{EVERY_ATTACK_ON}.ipynb: "), problems


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_right_blank_wrong_and_one_wrong_under_both_graders(course, path):
    name, points = path.stem, course.points[path.stem]
    for scores in (course.autograde, course.kit):
        assert scores[("right", name)] == points
        assert scores[("one-wrong", name)] == {**points, course.wrong_one[name]: 0}
    assert course.earned(course.kit, "blank", name) == course.earned(course.kit, "wrong", name) == 0
    if name == EVERY_ATTACK_ON:
        assert course.earned(course.autograde, "blank", name) == course.earned(course.autograde, "wrong", name) == 0
    unreadable = course.kit[("unreadable", name)]
    assert unreadable == (points if name == "flip7" else {g: 0.0 for g in points})


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_no_attack_gains_a_point_under_the_kit_grader(course, path):
    name = path.stem
    confined = "Landlock" not in course.kit_run.stdout
    for attack in ATTACKS:
        if attack == "teacher-files" and not confined:
            continue  # without Landlock a student's process can read what the grader's user can read
        assert course.earned(course.kit, f"attack-{attack}", name) == course.earned(course.kit, "wrong", name) == 0, \
            (attack, course.kit[(f"attack-{attack}", name)])


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_lying_values_fail_in_the_kernel_too(course, path):
    assert course.earned(course.autograde, "attack-lying-values", path.stem) == 0


def test_one_hostile_submission_stops_autograde_but_not_the_kit_grader(course):
    assert course.batch.returncode != 0 and "old version" in course.batch.stdout + course.batch.stderr
    after = [s for s in course.students if s > HOSTILE]
    assert after and all(course.earned(course.after_batch, s, EVERY_ATTACK_ON) is None for s in after)
    for student in course.students:
        for path in SOLUTIONS:
            assert course.earned(course.kit, student, path.stem) is not None, (student, path.stem)


def test_the_kit_grader_says_what_the_checks_say(course):
    """Its line for a wrong answer is the check's own diagnosis, and it reaches the gradebook's comments."""
    from nbgrader.api import Gradebook

    from circuslib.welcome import check

    lines = {r["grade_id"]: r["line"] for r in course.kit_lines[f"wrong/{EVERY_ATTACK_ON}"]}
    namespace: dict = {}
    exec(wrong_answer_code(check.three_dice_ten, "p_ten"), namespace)
    assert lines["three_dice_ten"] == check.three_dice_ten.judge(namespace["p_ten"]).line
    assert lines["three_dice_ten"].startswith("✘ Not yet: P(sum = 10)")
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        comment = gradebook.find_comment("three_dice_ten-answer", EVERY_ATTACK_ON, ASSIGNMENT, "wrong")
        assert comment.auto_comment == lines["three_dice_ten"]


def test_feedback_after_the_kit_grader(course):
    assert _nbgrader(course.root, "generate_feedback", ASSIGNMENT, "--student=one-wrong", "--force").returncode == 0
    name = SOLUTIONS[1].stem
    html = (course.root / "feedback" / "one-wrong" / ASSIGNMENT / f"{name}.html").read_text()
    line = next(r["line"] for r in course.kit_lines[f"one-wrong/{name}"] if r["grade_id"] == course.wrong_one[name])
    assert line.startswith("✘ Not yet") and line in html.replace("&#39;", "'").replace("&quot;", '"')
    total = sum(course.points[name].values()) - course.points[name][course.wrong_one[name]]
    assert f"Score: {total:g}" in html or f"Score: {float(total)}" in html
    graded = nbformat.read(course.root / "autograded" / "one-wrong" / ASSIGNMENT / f"{name}.ipynb", as_version=4)
    outputs = [c for c in graded.cells if c.cell_type == "code" and
               c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == course.wrong_one[name]][0].outputs
    assert [o.output_type for o in outputs] == ["error"] and "Traceback" not in cell_text({"outputs": outputs})


def test_the_table(course):
    """The points each attack class gets, per notebook, from nbgrader autograde alone and from the kit's grader."""
    rows = ["| notebook | attack | nbgrader autograde | the kit's grader | honest wrong |",
            "| --- | --- | --- | --- | --- |"]
    for path in SOLUTIONS:
        name, total = path.stem, sum(course.points[path.stem].values())
        for attack in ATTACKS:
            student = f"attack-{attack}"
            auto = course.earned(course.autograde, student, name)
            graded = name == EVERY_ATTACK_ON or attack in REPRESENTATIVE
            shown = "not run" if not graded else ("stopped" if auto is None else f"{auto:g}/{total:g}")
            kit = course.earned(course.kit, student, name)
            rows.append(f"| {name} | {attack} | {shown} | {kit:g}/{total:g} | "
                        f"{course.earned(course.kit, 'wrong', name):g} |")
    table = "\n".join(rows) + "\n\n" + "\n".join(f"{what}: {seconds:.0f} s" for what, seconds in course.seconds.items())
    print(table)
    (ROOT / "build").mkdir(exist_ok=True)  # the table as the last run measured it, for the teacher's notes
    (ROOT / "build" / "attack-table.md").write_text(table + "\n", encoding="utf-8")
    assert len(rows) == 2 + len(SOLUTIONS) * len(ATTACKS)
