"""The exercise sets, second edition: enough exercises with a spread of difficulty, answers in words with a rubric,
what each practises, the student's own work (no kit call that returns the answer), a closing challenge, and no
answer that the lesson already prints."""
from __future__ import annotations

import re

import nbformat
import pytest
from answers import leaks
from teacher import answer_of

from circuslib.core.builder import WRITTEN
from notebooks import CHECK_CALL, cell_text, checks_of, execute, lesson_of, solutions

SETS = solutions()
GAME_ODDS = re.compile(r"^\s*(from|import)\s+circuslib\.(\w+)\.(odds|graphs)\b", re.M)


def _notebook(path):
    return nbformat.read(path, as_version=4)


def _set(path):
    """The notebook's checked exercises and its questions in words, as registered in its checks."""
    notebook = _notebook(path)
    checks = checks_of(notebook)
    called = [name for c in notebook.cells if c.cell_type == "code" for name in CHECK_CALL.findall(c.source)]
    written = [WRITTEN.search(c.source).group(1) for c in notebook.cells
               if c.cell_type == "markdown" and WRITTEN.search(c.source)]
    by_name = {w.name: w for w in checks.written_questions()}
    return notebook, [getattr(checks, n) for n in called], [by_name[n] for n in written]


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_each_set_has_enough_exercises_with_a_spread_of_difficulty(path):
    _, exercises, written = _set(path)
    items = exercises + written
    assert len(items) >= (5 if path.stem == "00_warmup" else 8)
    stars = [item.stars for item in items]
    assert stars.count(1) >= 2 and stars.count(2) >= 3 and stars.count(3) >= 2, stars
    assert len(written) >= 2, "at least two questions answered in words"


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_each_exercise_shows_its_stars_minutes_and_what_it_practises(path):
    notebook, exercises, written = _set(path)
    text = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    for item in exercises + written:
        heading = re.search(rf"^## \d+\. {re.escape(item.title)} {'★' * item.stars} · {item.minutes} min$", text,
                            re.M)
        assert heading, f"no heading '## N. {item.title} {'★' * item.stars} · {item.minutes} min'"
        assert f"*Practises:* {item.practises}" in text
    assert notebook.cells[-1].cell_type == "markdown" and notebook.cells[-1].source.startswith("## Going further")
    assert not CHECK_CALL.search(notebook.cells[-1].source)


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_answers_in_words_have_a_model_answer_and_a_three_line_rubric(path):
    notebook, _, written = _set(path)
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and WRITTEN.search(cell.source):
            assert "**Model answer.**" in cell.source
            rubric = cell.source.split("**Rubric")[1].splitlines()[1:]
            assert len([line for line in rubric if line.startswith("- ")]) == 3
            assert cell.metadata["nbgrader"]["solution"] and cell.metadata["nbgrader"]["grade"]
            assert cell.metadata["nbgrader"]["points"] == next(w.points for w in written
                                                               if w.name == WRITTEN.search(cell.source).group(1))


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_the_student_does_the_work_not_a_kit_call(path):
    notebook = _notebook(path)
    imports = [c.source for c in notebook.cells if c.cell_type == "code"]
    assert not [s for s in imports if GAME_ODDS.search(s)], \
        "an exercise notebook must not import the game's odds or graph functions: they compute the answers"


@pytest.mark.notebook
@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_no_exercise_answer_is_printed_in_its_lesson(path):
    _, exercises, _ = _set(path)
    lesson = execute(lesson_of(path))
    text = "\n".join(c.source for c in lesson.cells if c.cell_type == "markdown")
    # the class activity's panel shows what the class has pooled so far, numbers that no lesson prints: not read
    text += "\n".join(cell_text(c) for c in lesson.cells if c.cell_type == "code" and "take_part(" not in c.source)
    for exercise in exercises:
        found = leaks(answer_of(exercise), text)
        assert not found, f"the answer to '{exercise.title}' appears in {lesson_of(path).name}: {found}"
