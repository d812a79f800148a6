"""The Scout lesson in JupyterLab in headless Chromium: it runs, and its widget answers the student's clicks."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_scout_lesson_runs_in_lab_and_its_widget_answers_clicks(lab):
    page = lab.run_notebook("notebooks/03_scout.ipynb")
    assert page.locator(".jp-OutputArea-output img").count() >= 5  # K10, convergence, play graph, tree, bots
    page.locator(".circus-scout-widget").first.scroll_into_view_if_needed()
    assert "Round 1 of 4" in lab.wait_for_text(page, ".circus-scores", "Round 1")
    lab.click(page, ".circus-keep")  # you decide first: keep the hand as dealt; the bots decide and play
    log = lab.wait_for_text(page, ".circus-log", "You kept the hand")
    assert "Player 1" in log
    lab.wait_for_text(page, ".circus-odds", "Shows that beat the table")
    lab.click(page, ".circus-hand-0")  # select the first card of the hand
    lab.click(page, ".circus-show")
    lab.wait_for_text(page, ".circus-log", "You showed")
    page.wait_for_function("() => document.querySelectorAll('.circus-hand .circus-hand-card').length === 10")
    assert "Not allowed" not in lab.text(page, ".circus-message")
