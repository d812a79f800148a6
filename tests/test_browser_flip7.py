"""The Flip 7 lesson in JupyterLab in headless Chromium: the game and the explorer really react to clicks."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_flip7_lesson_plays_in_the_lab(lab):
    page = lab.run_notebook("notebooks/01_flip7.ipynb")
    assert page.locator(".jp-OutputArea-output img").count() >= 6  # heat map, thresholds, convergence, graphs...
    # the lesson's game (seeded) starts on the student's turn, holding a 12
    lab.wait_for_text(page, ".circus-flip7 .circus-message", "Your turn")
    lab.click(page, ".circus-flip7 .circus-hit")
    lab.wait_for_text(page, ".circus-flip7 .circus-log", "You hit")
    # the odds panel switches on and shows the live bust chance
    lab.click(page, ".circus-flip7 .circus-odds-toggle")
    lab.wait_for_text(page, ".circus-flip7 .circus-odds", "Chance the next card busts you")
    # the explorer starts on 5, 9, 12 held; holding an 11 too puts n_11 in the formula
    before = lab.wait_for_text(page, ".circus-explorer-result", "n_12")
    lab.click(page, ".circus-held-11")
    after = lab.wait_for_text(page, ".circus-explorer-result", "n_11")
    assert after != before
