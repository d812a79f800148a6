"""The exercise pipeline: exercises/ is exactly what the builder makes of solutions/, every stub makes its check
fail, and malformed solution markers are refused with the notebook and cell named."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import nbformat
import pytest

from circuslib.core.teach import CORRECT_MARK, STUB, MarkerError, build_exercise, build_exercises, strip_solutions
from notebooks import ROOT, cell_error, cell_text, execute

EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
CHECK_CALL = re.compile(r"^\s*check\.\w+\(", re.M)


def test_exercises_are_up_to_date_with_solutions():
    result = subprocess.run([sys.executable, "-m", "circuslib", "exercises", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
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
        assert CORRECT_MARK not in cell_text(check)
    for j in checks:  # no check anywhere in an exercise notebook passes before the student works
        assert CORRECT_MARK not in cell_text(cells[j]), f"{path.name}: a check passed on a stub:\n{cells[j].source}"


def test_strip_solutions_keeps_the_indentation_and_the_code_around():
    source = "def f(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION\nprint(f)"
    stripped, blocks = strip_solutions(source, "demo")
    assert blocks == 1
    assert stripped == "def f(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()\nprint(f)"


def test_markdown_answers_become_a_prompt():
    stripped, blocks = strip_solutions("Why?\n### BEGIN SOLUTION\nBecause.\n### END SOLUTION", "demo", markdown=True)
    assert (stripped, blocks) == ("Why?\nYOUR ANSWER HERE", 1)


@pytest.mark.parametrize("source, problem", [
    ("### BEGIN SOLUTION\nx = 1", "never closed"),
    ("x = 1\n### END SOLUTION", "never opened"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION\n### END SOLUTION", "nested"),
])
def test_malformed_markers_are_refused_with_the_place_named(source, problem):
    with pytest.raises(MarkerError, match=problem) as refused:
        strip_solutions(source, "solutions/demo.ipynb, cell 3 (code cell)")
    assert "solutions/demo.ipynb, cell 3" in str(refused.value)


def _notebook(*sources: str) -> dict:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return json.loads(nbformat.writes(nb))


def test_the_builder_names_the_cell_with_bad_markers(tmp_path):
    (tmp_path / "solutions").mkdir()
    bad = _notebook("x = 1", "### BEGIN SOLUTION\nanswer = 2")
    (tmp_path / "solutions" / "demo.ipynb").write_text(json.dumps(bad))
    with pytest.raises(MarkerError, match=r"demo.ipynb, cell 2 \(code cell\).*never closed"):
        build_exercises(tmp_path / "solutions", tmp_path / "exercises")
    result = subprocess.run([sys.executable, "-m", "circuslib", "exercises", "--root", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "cell 2" in result.stderr


def test_the_builder_names_a_notebook_it_cannot_read(tmp_path):
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "broken.ipynb").write_text("{not json")
    with pytest.raises(MarkerError, match="broken.ipynb: is not a notebook"):
        build_exercises(tmp_path / "solutions", tmp_path / "exercises")


def test_build_then_check_then_drift_is_detected(tmp_path):
    (tmp_path / "solutions").mkdir()
    nb = _notebook("### BEGIN SOLUTION\nanswer = 2\n### END SOLUTION", "check.demo(answer)")
    nb["cells"][0]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "leak"}]
    nb["cells"][0]["execution_count"] = 3
    (tmp_path / "solutions" / "demo.ipynb").write_text(json.dumps(nb))
    assert [p.name for p in build_exercises(tmp_path / "solutions", tmp_path / "exercises")] == ["demo.ipynb"]
    built = json.loads((tmp_path / "exercises" / "demo.ipynb").read_text())
    assert STUB in "".join(built["cells"][0]["source"]) and "answer = 2" not in "".join(built["cells"][0]["source"])
    assert built["cells"][0]["outputs"] == [] and built["cells"][0]["execution_count"] is None
    assert build_exercises(tmp_path / "solutions", tmp_path / "exercises", check=True) == []
    (tmp_path / "exercises" / "demo.ipynb").write_text("{}")
    assert build_exercises(tmp_path / "solutions", tmp_path / "exercises", check=True) != []
    (tmp_path / "exercises" / "orphan.ipynb").write_text("{}")
    stale = build_exercises(tmp_path / "solutions", tmp_path / "exercises")
    assert {p.name for p in stale} == {"demo.ipynb", "orphan.ipynb"}
    assert not (tmp_path / "exercises" / "orphan.ipynb").exists()


def test_a_solution_notebook_without_any_exercise_is_refused(tmp_path):
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "empty.ipynb").write_text(json.dumps(_notebook("x = 1")))
    with pytest.raises(MarkerError, match="no BEGIN SOLUTION"):
        build_exercises(tmp_path / "solutions", tmp_path / "exercises")


def test_build_exercise_counts_blocks_across_cells():
    _, blocks = build_exercise(_notebook("### BEGIN SOLUTION\na = 1\n### END SOLUTION",
                                         "### BEGIN SOLUTION\nb = 1\n### END SOLUTION"), "demo")
    assert blocks == 2
