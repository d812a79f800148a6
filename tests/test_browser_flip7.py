"""The Flip 7 lesson in JupyterLab in headless Chromium: the game and the explorers really react to clicks and keys."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_flip7_lesson_plays_in_the_lab(lab):
    page = lab.run_notebook("notebooks/01_flip7.ipynb")
    # the heat map, the thresholds, the convergence and the tournament, by the kit (the explorer's two charts, the
    # kit's SVG too, are counted below)
    lesson_figures = f"{lab.FIGURES}:not(.circus-explorer *)"
    assert lab.wait_for_count(page, lesson_figures, 4) == 4
    # the lesson's game (seeded) starts on the student's turn, holding a 12
    lab.wait_for_text(page, ".circus-flip7 .circus-message", "Your turn")
    keyboard_round(lab, page)
    lab.wait_for_text(page, ".circus-flip7 .circus-log", "You hit")
    # the odds panel switches on and shows the live bust chance
    lab.click(page, ".circus-flip7 .circus-odds-toggle")
    lab.wait_for_text(page, ".circus-flip7 .circus-odds", "Chance the next card busts you")
    # the explorer starts on 5, 9, 12 held; holding an 11 too puts n_11 in the formula
    before = lab.wait_for_text(page, ".circus-explorer-result", "n_12")
    lab.click(page, ".circus-held-11")
    after = lab.wait_for_text(page, ".circus-explorer-result", "n_11")
    assert after != before
    # the odds explorer draws its two charts, each the kit's SVG
    assert page.locator(".circus-explorer-plot svg.circus-plot").count() == 2


FLIP7 = ".circus-themed:has(.circus-flip7)"


def keyboard_round(lab, page):
    """Round 1 by keyboard alone: Enter on Hit draws a second 12 and busts, the bots play the round out; the focus
    stays in the game, on the first of the new round's choices (who gets the Freeze), Tab goes to the next one."""
    lab.focus(page, FLIP7, ".circus-hit")
    assert lab.focused(page) == "Hit: draw one more card"
    lab.press(page, "Enter")
    said = lab.heard(page, FLIP7)
    print(said)
    assert said.startswith("You hit. You draw a second 12: bust!") and "Round 1 is over: you score 0." in said
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('.circus-target')")
    assert lab.focused(page) == "Give the Freeze to yourself"  # Hit is disabled: the focus moved beside it
    lab.press(page, "Tab")
    assert lab.focused(page) == "Give the Freeze to Bot 1 (stop at 23)"
    lab.press(page, "Enter")
    said = lab.heard(page, FLIP7, said)
    print(said)
    assert said.startswith("You freeze Bot 1 (stop at 23), who banks 0.") and "Your turn: 0 points" in said


def test_flip7_companion_plays_in_the_lab(lab):
    page = lab.run_notebook("notebooks/more/01_flip7_more.ipynb")
    # the never-stop tally, the round's ends and the two target plots, by the kit
    lesson_figures = f"{lab.FIGURES}:not(.circus-explorer *)"
    assert lab.wait_for_count(page, lesson_figures, 4) == 4
    assert page.locator(".jp-OutputArea-output svg.circus-flip7-round-graph").count() == 1  # drawn by the kit
    # the policy explorer: one step right on its threshold slider (t = 15 -> 16) is read back from the page, and
    # its chart is redrawn in place (the same single output, a new SVG)
    lab.wait_for_text(page, ".circus-policy-result", "876405412/52777725")
    plot = page.locator(".circus-policy-plot")
    assert plot.count() == 1 and plot.locator("svg.circus-plot").count() == 1
    before_plot = plot.inner_html()
    handle = page.locator(".circus-policy-threshold .noUi-handle").first
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.keyboard.press("ArrowRight")
    policy = lab.wait_for_text(page, ".circus-policy-result", "stop at t = 16")
    assert "4140779309971/243495312060 ≈ 17.0056" in policy
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[".circus-policy-plot", before_plot], timeout=15_000)
    assert page.locator(".circus-policy-plot").count() == 1
    assert "your threshold t" in page.locator(".circus-policy-plot svg").first.text_content()
    # the deck editor: a x2 ticked waits for its button; solved, the optimum counts it
    lab.click(page, ".circus-deck-modifier", nth=5)
    lab.wait_for_text(page, ".circus-deck-explorer .circus-message", "Solve with the modifiers")
    lab.click(page, ".circus-deck-solve")
    deck = lab.wait_for_text(page, ".circus-deck-result", "numbers and modifiers", timeout=30)
    assert "80 cards" in deck
