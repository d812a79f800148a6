"""The welcome notebook in JupyterLab in headless Chromium: it runs, its figures and move graph are the kit's SVG
with their words, and its Pig widget answers clicks."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_welcome_runs_in_lab_and_its_widget_answers_clicks(lab):
    page = lab.run_notebook("notebooks/00_welcome.ipynb")
    # the bar chart, the explorer's chart and the convergence plot; the move graph, drawn by the kit too
    assert lab.wait_for_count(page, lab.FIGURES, 3) == 3
    assert lab.wait_for_count(page, ".jp-OutputArea-output svg.circus-graph-picture", 1) == 1
    assert page.locator(".jp-OutputArea-output img").count() == 0  # nothing drawn by matplotlib
    # each game shows itself live: its still picture (for exports) is in the output, but JupyterLab ranks the widget
    assert page.locator(".circus-frame").count() >= 1 and page.locator(".circus-still").count() == 0
    graph = page.locator(".jp-OutputArea-output .circus-graph").first
    assert graph.get_attribute("aria-label").startswith("Pig to 4: every position and move.")  # its words
    keyboard_round(lab, page)
    log = lab.wait_for_text(page, ".circus-log", "rolled")
    assert "total" in log or "bust" in log
    lab.click(page, ".circus-new")  # and by mouse: a new turn, a roll, a stop
    lab.click(page, ".circus-roll")
    lab.click(page, ".circus-stop")
    message = lab.wait_for_text(page, ".circus-message", "scores")
    assert "This turn scores" in message or "Not allowed" in message


PIG = ".circus-themed:has(.circus-roll)"


def keyboard_round(lab, page):
    """A turn of Pig by keyboard alone: the focus put on Roll (as Tab brings it there), Enter and Space roll, Tab
    goes to Stop, Enter banks; the live region says each roll and the score."""
    lab.focus(page, PIG, ".circus-roll")
    assert lab.focused(page) == "Roll the die"
    heard = []
    lab.press(page, "Enter")
    heard.append(lab.heard(page, PIG))
    lab.press(page, "Space")
    heard.append(lab.heard(page, PIG, heard[-1]))
    print(heard)
    assert all("rolled" in said for said in heard), heard
    lab.press(page, "Tab")
    assert lab.focused(page) == "Stop and bank the turn total"
    lab.press(page, "Tab")
    assert lab.focused(page) == "Start a new turn at 0"
    lab.press(page, "Shift+Tab")
    lab.press(page, "Enter")
    said = lab.heard(page, PIG, heard[-1])
    print(said)
    assert "This turn scores" in said
