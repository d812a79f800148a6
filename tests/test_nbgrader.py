"""nbgrader itself, on a temporary course for every solution notebook: generate_assignment accepts it in its
strict mode and releases exactly exercises/, and autograde gives a right submission full marks, a blank one 0, and
one with a single wrong answer (whose answer cell also tries to replace the checks) full minus that exercise."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from grading import blank, self_contained_exercise, with_wrong_answers

from notebooks import ROOT, cell_text, checks_of, solutions

pytestmark = pytest.mark.nbgrader
ASSIGNMENT = "lesson"


def _nbgrader(course: Path, *args: str) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run([sys.executable, "-m", "nbgrader", *args, "--force"], cwd=course, env=env,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def _points(notebook) -> dict[str, float]:
    """Each autograded test cell's points, by grade_id."""
    return {c.metadata.nbgrader["grade_id"]: float(c.metadata.nbgrader["points"]) for c in notebook.cells
            if c.get("metadata", {}).get("nbgrader", {}).get("grade") and c.cell_type == "code"}


@pytest.mark.parametrize("path", solutions(), ids=lambda p: p.stem)
def test_nbgrader_round_trip(path, tmp_path):
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    (course / "source" / ASSIGNMENT).mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n")
    solution = nbformat.read(path, as_version=4)
    nbformat.write(solution, course / "source" / ASSIGNMENT / path.name)

    _nbgrader(course, "generate_assignment", ASSIGNMENT)  # strict mode: the default
    release = nbformat.read(course / "release" / ASSIGNMENT / path.name, as_version=4)
    ours = nbformat.read(ROOT / "exercises" / path.name, as_version=4)
    assert [(c.cell_type, c.source) for c in release.cells] == [(c.cell_type, c.source) for c in ours.cells]

    checks = checks_of(solution)
    wrong_one = self_contained_exercise(solution)
    submissions = {"right": solution, "blank": blank(solution),
                   "one-wrong": with_wrong_answers(solution, checks, {wrong_one}, cheat=True)}
    for student, notebook in submissions.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(notebook, folder / path.name)
    _nbgrader(course, "autograde", ASSIGNMENT)

    points = _points(solution)
    total = sum(points.values())
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        def auto(student: str) -> dict[str, float]:
            return {grade_id: gradebook.find_grade(grade_id, path.stem, ASSIGNMENT, student).score
                    for grade_id in points}

        scores = {student: auto(student) for student in submissions}
    print(f"{path.stem}: right {sum(scores['right'].values())}/{total}, blank {sum(scores['blank'].values())}/{total}, "
          f"one wrong ({wrong_one}) {sum(scores['one-wrong'].values())}/{total}")
    assert scores["right"] == points
    assert sum(scores["blank"].values()) == 0
    assert scores["one-wrong"] == {**points, wrong_one: 0}

    graded = nbformat.read(course / "autograded" / "one-wrong" / ASSIGNMENT / path.name, as_version=4)
    feedback = [c for c in graded.cells if c.cell_type == "code" and
                c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == wrong_one]
    errors = [o for o in feedback[0].outputs if o.output_type == "error"]
    assert errors and len(errors[0].traceback) <= 3 and errors[0].traceback[0].startswith("✘ Not yet")
    assert "Traceback" not in cell_text(feedback[0]) and ".py" not in cell_text(feedback[0])
