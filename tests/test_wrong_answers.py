"""In a real kernel, a wrong answer to every exercise shows the check's message in one line (or a short block):
no traceback, no line of the checks' source, and never the right answer."""
from __future__ import annotations

import nbformat
import pytest
from answers import leaks
from grading import answer_cells, with_wrong_answers
from teacher import answer_of, mistakes_of

from circuslib.core.teach import DIAGNOSIS_MIME
from notebooks import CHECK_CALL, cell_text, checks_of, run, solutions

SOURCE_SIGNS = ("Traceback", "File \"", ".py", "check_probability", "check_exact", "raise ", "def ", "exercise.")


@pytest.mark.notebook
@pytest.mark.parametrize("path", solutions(), ids=lambda p: p.stem)
def test_every_wrong_answer_shows_one_line_without_the_answer(path):
    solution = nbformat.read(path, as_version=4)
    checks = checks_of(solution)
    executed = run(with_wrong_answers(solution, checks), path, allow_errors=True)
    seen = 0
    for cell in executed.cells:
        names = CHECK_CALL.findall(cell.source) if cell.cell_type == "code" else []
        if not names or names[0] not in answer_cells(solution):
            continue
        seen += 1
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert len(errors) == 1, f"{path.stem}: check.{names[0]} did not refuse a wrong answer"
        lines = errors[0].traceback
        assert 1 <= len(lines) <= 3 and lines[0].startswith("✘ Not yet"), f"check.{names[0]} shows {lines}"
        text = cell_text(cell)
        assert not [s for s in SOURCE_SIGNS if s in text], f"check.{names[0]} shows its insides:\n{text}"
        assert not leaks(answer_of(getattr(checks, names[0])), text), f"check.{names[0]} reveals its answer:\n{text}"
        # beside its line, the rejection's exercise and mistake, in an output that shows no text (for the report)
        exercise = getattr(checks, names[0])
        diagnoses = [o for o in cell.outputs if o.output_type == "display_data" and DIAGNOSIS_MIME in o.data]
        assert len(diagnoses) == 1 and diagnoses[0].data["text/plain"] == ""
        diagnosis = diagnoses[0].data[DIAGNOSIS_MIME]
        assert diagnosis["exercise"] == exercise.id and diagnosis["hint"] in "\n".join(lines)
        known = {m.id for m in mistakes_of(exercise)} | {i for found in (exercise.key.hints.values() if exercise.key
                                                                            else ()) for i, _ in found}
        assert set(diagnosis["mistake"].split("+")) <= known or diagnosis["mistake"].startswith(("other-", "family-"))
    assert seen == len(answer_cells(solution))
