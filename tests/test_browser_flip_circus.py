"""The Flip Circus lesson in JupyterLab in headless Chromium: it runs, and its widget answers the student's clicks."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_flip_circus_lesson_runs_in_lab_and_its_widget_answers_clicks(lab):
    page = lab.run_notebook("notebooks/05_flip_circus.ipynb")
    assert page.locator(".jp-OutputArea-output img").count() >= 5  # backs, graph, convergence, Cayley, bots
    page.locator(".circus-frame").first.scroll_into_view_if_needed()
    lab.wait_for_text(page, ".circus-odds", "What could be behind each token")
    assert "player 0 to play" in lab.text(page, ".circus-turn")
    lab.click(page, ".circus-pick-0")  # pick the token at the top of the ring
    lab.wait_for_text(page, ".circus-status", "picked: [0]")
    lab.click(page, ".circus-flip")
    log = lab.wait_for_text(page, ".circus-log", "player 0: flip 0")
    assert "flip 0 (" in log  # the log says which face turned into which
    assert "Not allowed" not in lab.text(page, ".circus-message")
    lab.wait_for_text(page, ".circus-status", "picked: none")
