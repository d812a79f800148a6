"""The exercise builder: exercises/ is exactly what it makes of solutions/, every stub makes its check fail, and
anything that is not exactly a solution marker, any invalid notebook and any missing nbgrader metadata is refused
with the notebook and cell named, before anything is written."""
from __future__ import annotations

import json
import subprocess
import sys

import nbformat
import pytest

from circuslib.__main__ import main
from circuslib.core.builder import (
    CODE_STUB,
    STUB,
    RefusedNotebook,
    build_exercise,
    build_exercises,
    strip_solutions,
    tag_solution_notebook,
    validate_solution_notebook,
)
from circuslib.core.teach import CORRECT_MARK
from notebooks import CHECK_CALL, ROOT, cell_error, cell_text, execute

EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))


def _cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "circuslib", *args], cwd=cwd, capture_output=True, text=True)


def test_exercises_are_up_to_date_with_solutions():
    result = _cli("exercises", "--check")
    assert result.returncode == 0, result.stderr


def test_every_solution_has_its_exercise():
    assert {p.name for p in (ROOT / "solutions").glob("*.ipynb")} == {p.name for p in EXERCISES}


@pytest.mark.notebook
@pytest.mark.parametrize("path", EXERCISES, ids=lambda p: p.name)
def test_every_stub_makes_its_check_fail(path):
    executed = execute(path, allow_errors=True)
    cells = [c for c in executed.cells if c.cell_type == "code"]
    stubs = [i for i, c in enumerate(cells) if STUB in c.source]
    checks = [i for i, c in enumerate(cells) if CHECK_CALL.search(c.source)]
    assert stubs and len(checks) >= len(stubs), f"{path.name}: {len(stubs)} stubs but {len(checks)} checks"
    for i in stubs:
        following = [j for j in checks if j >= i]
        assert following, f"{path.name}: the stub in code cell {i + 1} has no check after it"
        check = cells[following[0]]
        assert cell_error(check) is not None, f"{path.name}: this check passed on a stub:\n{check.source}"
    for j in checks:  # no check anywhere in an exercise notebook passes before the student works
        assert CORRECT_MARK not in cell_text(cells[j]), f"{path.name}: a check passed on a stub:\n{cells[j].source}"


def test_strip_solutions_keeps_the_indentation_and_the_code_around():
    source = "def f(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION\nprint(f)"
    stripped, blocks = strip_solutions(source, "demo")
    assert blocks == 1
    assert stripped == "def f(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()\nprint(f)"


@pytest.mark.parametrize("source, problem", [
    ("### BEGIN SOLUTION\nx = 1", "never closed"),
    ("x = 1\n### END SOLUTION", "never opened"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION\n### END SOLUTION", "nested"),
    ("### BEGIN SOLUTION (part b)\nx = 1\n### END SOLUTION", "looks like a solution marker"),
    ("### begin solution\nx = 1\n### end solution", "looks like a solution marker"),
    ("# BEGIN SOLUTION\nx = 1\n# END SOLUTION", "looks like a solution marker"),
    ("### BEGIN SOLUTION\nx = 1  ### END SOLUTION", "looks like a solution marker"),
    ("### BEGIN HIDDEN TESTS\nassert x\n### END HIDDEN TESTS", "looks like a solution marker"),
])
def test_malformed_and_lookalike_markers_are_refused_with_the_place_named(source, problem):
    with pytest.raises(RefusedNotebook, match=problem) as refused:
        strip_solutions(source, "solutions/demo.ipynb, cell 3 (code cell)")
    assert "solutions/demo.ipynb, cell 3" in str(refused.value)


def _notebook(*cells) -> dict:
    made = [nbformat.v4.new_markdown_cell(c[3:]) if c.startswith("md:") else nbformat.v4.new_code_cell(c)
            for c in cells]
    nb = nbformat.v4.new_notebook(cells=made)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return tag_solution_notebook(json.loads(nbformat.writes(nb)))


GOOD = ("md:# Demo", "x = 1", "### BEGIN SOLUTION\nanswer = 2\n### END SOLUTION\nanswer",
        "from circuslib.pig.checks import check\ncheck.three_dice_ten(answer)",
        "md:<!-- written answer: why_sums_are_not_equally_likely -->\n**Model answer.** Because.")


def test_tagging_gives_each_cell_its_nbgrader_role():
    cells = _notebook(*GOOD)["cells"]
    roles = [c["metadata"]["nbgrader"] for c in cells]
    assert [r["locked"] for r in roles] == [True, True, False, True, False]
    assert roles[2]["solution"] and roles[2]["grade_id"] == "three_dice_ten-answer"
    assert roles[3]["grade"] and roles[3]["points"] == 1 and roles[3]["grade_id"] == "three_dice_ten"
    assert roles[4]["solution"] and roles[4]["grade"] and roles[4]["points"] == 3
    validate_solution_notebook(_notebook(*GOOD), "demo")


def test_the_student_copy_has_stubs_and_no_outputs():
    nb = _notebook(*GOOD)
    nb["cells"][2]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "leak"}]
    nb["cells"][2]["execution_count"] = 3
    exercise, answers = build_exercise(nb, "demo")
    assert answers == 2
    assert exercise["cells"][2]["source"] == CODE_STUB + "\nanswer"
    assert exercise["cells"][2]["outputs"] == [] and exercise["cells"][2]["execution_count"] is None
    assert exercise["cells"][4]["source"] == "YOUR ANSWER HERE"
    assert "".join(exercise["cells"][3]["source"]) == "".join(nb["cells"][3]["source"])


def _broken(index, change):
    nb = _notebook(*GOOD)
    change(nb["cells"][index])
    return nb


@pytest.mark.parametrize("notebook, problem", [
    (_broken(2, lambda c: c["metadata"].pop("nbgrader")), r"cell 3 .*no nbgrader metadata"),
    (_broken(2, lambda c: c["metadata"]["nbgrader"].update(solution=False)), r"cell 3 .*not an nbgrader answer"),
    (_broken(3, lambda c: c["metadata"]["nbgrader"].update(locked=False)), r"cell 4 .*locked nbgrader test cell"),
    (_broken(3, lambda c: c.update(source="check.three_dice_ten(answer)")), r"cell 4 .*imports its checks itself"),
    (_broken(1, lambda c: c["metadata"]["nbgrader"].update(grade_id="three_dice_ten")), r"cell 4 .*grade_id"),
    (_broken(0, lambda c: c.update(source="### BEGIN SOLUTION\nyes\n### END SOLUTION")), r"cell 1 .*markdown"),
    (_broken(1, lambda c: c.update(source=None)), r"cell 2: is not a valid notebook"),
    (_broken(1, lambda c: c.pop("cell_type")), r"cell 2: is not a valid notebook"),
])
def test_solution_notebooks_that_nbgrader_would_refuse_are_refused_first(notebook, problem):
    with pytest.raises(RefusedNotebook, match=problem):
        validate_solution_notebook(notebook, "demo")


def _course(tmp_path, **notebooks):
    (tmp_path / "solutions").mkdir()
    for name, nb in notebooks.items():
        text = nb if isinstance(nb, str) else json.dumps(nb)
        (tmp_path / "solutions" / f"{name}.ipynb").write_text(text)
    return tmp_path


def test_a_bad_notebook_among_good_ones_writes_nothing(tmp_path):
    bad = _broken(2, lambda c: c.update(source="### BEGIN SOLUTION\nanswer = 2"))
    root = _course(tmp_path, a_good=_notebook(*GOOD), b_bad=bad, c_good=_notebook(*GOOD))
    result = _cli("exercises", "--root", str(root))
    assert result.returncode == 2 and "b_bad.ipynb, cell 3" in result.stderr and "never closed" in result.stderr
    assert not (root / "exercises").exists() or not list((root / "exercises").iterdir())


def test_exit_codes_built_up_to_date_out_of_date_and_refused(tmp_path):
    root = _course(tmp_path, demo=_notebook(*GOOD))
    assert _cli("exercises", "--check", "--root", str(root)).returncode == 1  # nothing built yet
    assert _cli("exercises", "--root", str(root)).returncode == 0
    assert _cli("exercises", "--check", "--root", str(root)).returncode == 0
    assert [p.name for p in (root / "exercises").iterdir()] == ["demo.ipynb"]  # no temporary file left
    (root / "exercises" / "demo.ipynb").write_text("{}")
    (root / "exercises" / "orphan.ipynb").write_text("{}")
    assert _cli("exercises", "--check", "--root", str(root)).returncode == 1
    assert _cli("exercises", "--root", str(root)).returncode == 0
    assert sorted(p.name for p in (root / "exercises").iterdir()) == ["demo.ipynb"]
    (root / "solutions" / "demo.ipynb").write_text("{not json")
    refused = _cli("exercises", "--root", str(root))
    assert refused.returncode == 2 and "demo.ipynb: is not a notebook" in refused.stderr


def test_a_solution_notebook_without_any_answer_is_refused(tmp_path):
    root = _course(tmp_path, empty=_notebook("md:# Nothing to do", "x = 1"))
    with pytest.raises(RefusedNotebook, match="no answer cell"):
        build_exercises(root / "solutions", root / "exercises")


# ---------------------------------------------------------------------------------------------------------
# the builder and the tag tool on damaged ground: one sentence and exit 2, and nothing half written


def _two_solutions(tmp_path):
    solutions = tmp_path / "solutions"
    solutions.mkdir()
    for path in sorted((ROOT / "solutions").glob("*.ipynb"))[:2]:
        (solutions / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return solutions


def test_a_full_disk_leaves_no_half_written_exercise(tmp_path, monkeypatch, capsys):
    import circuslib.core.builder as builder

    _two_solutions(tmp_path)
    exercises = tmp_path / "exercises"
    real_fdopen = builder.os.fdopen
    opened = []

    def full_disk(handle, *args, **kwargs):
        out = real_fdopen(handle, *args, **kwargs)
        opened.append(out)
        if len(opened) == 2:  # the second file finds the disk full
            def write(text):
                raise OSError(28, "No space left on device")
            out.write = write
        return out

    monkeypatch.setattr(builder.os, "fdopen", full_disk)
    assert main(["exercises", "--root", str(tmp_path)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert list(exercises.iterdir()) == []  # neither the first exercise nor a temporary file


def test_an_unwritable_place_is_refused_in_one_sentence(tmp_path, capsys):
    solutions = _two_solutions(tmp_path)
    (tmp_path / "exercises").write_text("a file where the folder should be", encoding="utf-8")
    assert main(["exercises", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and "Traceback" not in err and err.count("\n") == 1
    assert solutions.exists()


def test_another_builders_file_is_not_swept_as_an_orphan(tmp_path):
    _two_solutions(tmp_path)
    exercises = tmp_path / "exercises"
    exercises.mkdir()
    busy = exercises / ".building-abc123.ipynb"
    busy.write_text("being written by another run", encoding="utf-8")
    assert main(["exercises", "--root", str(tmp_path)]) == 0
    assert busy.exists()


def test_tagging_validates_every_notebook_before_writing_any_and_writes_each_whole(tmp_path, monkeypatch):
    solutions = _two_solutions(tmp_path)
    first, second = sorted(solutions.glob("*.ipynb"))
    untagged = json.loads(first.read_text(encoding="utf-8"))
    for cell in untagged["cells"]:
        cell.get("metadata", {}).pop("nbgrader", None)
    first.write_text(json.dumps(untagged), encoding="utf-8")
    before = first.read_text(encoding="utf-8")
    second.write_text("{ not a notebook", encoding="utf-8")
    assert main(["tag-solutions", "--root", str(tmp_path)]) == 2
    assert first.read_text(encoding="utf-8") == before  # nothing written: the second could not be read
    second.write_text((ROOT / "solutions" / second.name).read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["tag-solutions", "--root", str(tmp_path)]) == 0
    tagged = json.loads(first.read_text(encoding="utf-8"))
    assert all("nbgrader" in cell["metadata"] for cell in tagged["cells"])
    assert [p.name for p in solutions.iterdir() if p.name.startswith(".")] == []
