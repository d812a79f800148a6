"""The Scout lesson in JupyterLab in headless Chromium: it runs, its widget answers the student's clicks, and its
two explorers answer a control moved on the page."""
from __future__ import annotations

import pytest

from circuslib.scout.odds import set_somewhere_exact

pytestmark = pytest.mark.browser


def test_scout_lesson_runs_in_lab_and_its_widget_and_explorers_answer(lab):
    page = lab.run_notebook("notebooks/03_scout.ipynb")
    # the chances of a set, the convergence, the bots: figures the kit writes as SVG
    assert lab.wait_for_count(page, lab.FIGURES, 3) == 3
    # K10, the play graph and the game tree: pictures the kit draws as SVG, none by matplotlib
    for picture in ("circus-scout-card-graph", "circus-scout-play-graph", "circus-scout-game-tree"):
        assert page.locator(f".jp-OutputArea-output svg.{picture}").count() == 1, picture
    assert page.locator(".jp-OutputArea-output img").count() == 0
    assert "shows 2 1" in page.locator("svg.circus-scout-game-tree").text_content()  # a move on its arrow
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
    # the set explorer: one step right on the k slider shows P(a set of 4 somewhere in 8 cards), plot redrawn
    plot = ".circus-scout-set-plot svg"  # the kit's SVG chart, drawn by the browser
    page.locator(plot).first.scroll_into_view_if_needed()
    assert page.locator(plot).count() == 1
    before = page.locator(plot).inner_html()
    assert lab.text(page, ".circus-scout-set-explorer .circus-scout-p-fraction") == str(set_somewhere_exact(3, 4, 8))
    handle = page.locator(".circus-scout-k .noUi-handle").first
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.keyboard.press("ArrowRight")
    exact = set_somewhere_exact(4, 4, 8)
    shown = lab.wait_for_text(page, ".circus-scout-exact", str(exact))
    assert "a set of 4 adjacent cards somewhere in a hand of 8" in shown and f"{float(exact):.4f}" in shown
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[plot, before], timeout=15_000)
    drawn = page.locator(plot).inner_html()
    curve = drawn[drawn.index('class="circus-scout-curve-4"'):]
    assert 'stroke-width="2.8"' in curve[:curve.index("</g>")]  # k = 4 is now the bold curve
    assert page.locator(plot).count() == 1  # redrawn in place, not added
    # the dealt-hand explorer: a typed set to beat that is not a set is refused in a sentence
    typed = page.locator(".circus-scout-active input")
    typed.scroll_into_view_if_needed()
    typed.fill("5 7")
    typed.press("Enter")
    lab.wait_for_text(page, ".circus-scout-hand-explorer .circus-message", "5 7 is not a set")
    assert page.locator(".circus-scout-hand-plot svg").count() == 1
