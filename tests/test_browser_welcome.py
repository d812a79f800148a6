"""The welcome notebook in JupyterLab in headless Chromium: it runs, and its Pig widget answers clicks."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_welcome_runs_in_lab_and_its_widget_answers_clicks(lab):
    page = lab.run_notebook("notebooks/00_welcome.ipynb")
    assert lab.wait_for_count(page, lab.FIGURES, 2) == 2  # the bar chart, the convergence plot
    assert page.locator(".jp-OutputArea-output img").count() == 1  # the move graph, drawn by matplotlib
    lab.click(page, ".circus-roll")
    log = lab.wait_for_text(page, ".circus-log", "rolled")
    assert "total" in log or "bust" in log
    lab.click(page, ".circus-new")
    lab.click(page, ".circus-roll")
    lab.click(page, ".circus-stop")
    message = lab.wait_for_text(page, ".circus-message", "scores")
    assert "This turn scores" in message or "Not allowed" in message
