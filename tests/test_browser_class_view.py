"""The teacher's class view in Voila, in headless Chromium: as students' entries arrive, the count and the histogram
change on the page by themselves; the teacher's Close button closes the activity."""
from __future__ import annotations

import nbformat
import pytest
from lab import Lab

from circuslib.classroom.activities import ACTIVITIES
from circuslib.classroom.client import Local
from circuslib.classroom.seeds import student_seed

pytestmark = pytest.mark.browser


def _histogram(page) -> str:
    return page.locator(".circus-class-plots svg").first.inner_html()


def test_the_teachers_view_in_voila_changes_live_as_entries_arrive(voila, tmp_path):
    data = tmp_path / "class"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        f"import os\nos.environ['CIRCUSLIB_DATA'] = {str(data)!r}   # this class's own results\n"
        "from circuslib.classroom import class_view\nclass_view('speed-races', every=1)")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    (voila.root / "notebooks" / "class_view.ipynb").write_text(nbformat.writes(notebook))
    page, seconds = voila.open("class_view.ipynb", ".circus-class-count")
    print(f"the class view is on the page after {seconds:.1f} s")
    Lab.wait_for_text(page, ".circus-class-count", "0 students have contributed", timeout=60)
    empty = _histogram(page)
    races = ACTIVITIES["speed-races"]
    for name in ("ada", "bob", "cy"):  # three students' kernels send their runs
        student = Local(data / "classroom.sqlite", student=name)
        student.contribute(races, races.run(student_seed(name)))
        if name == "ada":
            line = Lab.wait_for_text(page, ".circus-class-count", "1 student has contributed (20 races)", timeout=30)
            assert "open" in line
            page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                                   arg=[".circus-class-plots svg", empty], timeout=30_000)
            after_one = _histogram(page)
            assert "20 races, 1 student" in after_one
    Lab.wait_for_text(page, ".circus-class-count", "3 students have contributed (60 races)", timeout=30)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[".circus-class-plots svg", after_one], timeout=30_000)
    assert "60 races, 3 students" in _histogram(page)
    assert page.locator(".circus-class-plots svg").count() == 2  # the histogram and the running estimate
    text = page.locator(".circus-class-view").inner_text()
    assert "share of races you win" in text and "Traceback" not in text
    # the teacher closes the activity from the page: a student's run is then refused with a sentence
    Lab.click(page, ".circus-class-close")
    Lab.wait_for_text(page, ".circus-class-count", "the activity is closed", timeout=30)
    late = Local(data / "classroom.sqlite", student="dee")
    with pytest.raises(Exception, match="is closed"):
        late.contribute(races, races.run(student_seed("dee")))
