"""The Scout lesson in JupyterLab in headless Chromium: it runs, its widget answers the student's clicks (its cards
underlining a 6 and a 9 and drawing their other end on its band), and its explorer answers a control moved on the
page; its companion runs too, with the play graph, the game tree with its moves and the set explorer."""
from __future__ import annotations

import pytest

from circuslib.scout.odds import set_somewhere_exact

pytestmark = pytest.mark.browser


def test_scout_lesson_runs_in_lab_and_its_widget_and_explorer_answer(lab):
    page = lab.run_notebook("notebooks/03_scout.ipynb")
    # the chances of a set, the convergence, the bots: figures the kit writes as SVG
    assert lab.wait_for_count(page, lab.FIGURES, 3) == 3
    # K10 and the position built by hand: pictures the kit draws as SVG, none by matplotlib
    assert page.locator(".jp-OutputArea-output svg.circus-scout-card-graph").count() == 1
    assert page.locator(".jp-OutputArea-output img").count() == 0
    position = page.locator(".jp-OutputArea-output svg.circus-scout").first
    # the position's 9s (of 1/9 and 9/2) and the 6 on the table are underlined; each other end lies on its band
    assert position.locator(".circus-scout-underline").count() == 3
    assert position.locator(".circus-scout-other-end").count() == 9
    assert "Player 0: 1 card in hand" in position.text_content()
    page.locator(".circus-scout-widget").first.scroll_into_view_if_needed()
    assert "Round 1 of 4" in lab.wait_for_text(page, ".circus-scores", "Round 1")
    said = keyboard_turn(lab, page)
    page.wait_for_function("() => document.querySelectorAll('.circus-hand .circus-hand-card').length === 10")
    assert "Not allowed" not in lab.text(page, ".circus-message")
    assert page.locator(".circus-scout-board .circus-scout-other-end").count() >= 10  # the hand and the table
    tab_order(lab, page)
    said = keyboard_to_the_round_end(lab, page, said)
    assert "Round 1: round over" in said and "scores [" in said
    # the dealt-hand explorer: a typed set to beat that is not a set is refused in a sentence
    typed = page.locator(".circus-scout-active input")
    typed.scroll_into_view_if_needed()
    typed.fill("5 7")
    typed.press("Enter")
    lab.wait_for_text(page, ".circus-scout-hand-explorer .circus-message", "5 7 is not a set")
    assert page.locator(".circus-scout-hand-plot svg").count() == 1


SCOUT = ".circus-themed:has(.circus-scout-widget)"


def keyboard_turn(lab, page):
    """The first turn by keyboard alone: Tab from "Flip my hand" to "Keep my hand", Enter (the bots decide and
    play); the focus moves to Show; Shift+Tab goes back to the hand (one tab stop), Space selects its first card,
    Tab comes to Show, Enter shows it. The live region says the bots' plays and the show."""
    lab.focus(page, SCOUT, ".circus-flip")
    assert lab.focused(page) == "Flip my hand: turn the whole hand round"
    lab.press(page, "Tab")
    assert lab.focused(page) == "Keep my hand the way it was dealt"
    lab.press(page, "Enter")
    said = lab.heard(page, SCOUT)
    print(said)
    assert said.startswith("You kept the hand") and "Player 1" in said
    lab.wait_for_text(page, ".circus-odds", "Shows that beat the table")
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('.circus-show')")
    lab.press(page, "Shift+Tab")
    assert lab.focused(page).startswith("Select card 1 of your hand: ")
    lab.press(page, "ArrowRight")
    assert lab.focused(page).startswith("Select card 2 of your hand: ")
    lab.press(page, "ArrowLeft")
    lab.press(page, "Space")
    assert page.locator(f"{SCOUT} .circus-hand-0").get_attribute("aria-pressed") == "true"
    lab.press(page, "Tab")  # Flip and Keep are done with (disabled): Tab passes them
    assert lab.focused(page) == "Show the selected cards"
    lab.press(page, "Enter")
    said = lab.heard(page, SCOUT, said)
    print(said)
    assert said.startswith("You showed")
    return said


SHOWN_ORDER = [  # the game's controls as they are shown: the hand, the moves, the choices of a scout, the odds
    "Select card 1 of your hand: ", "Show the selected cards",
    # a described control's name comes from Python through the access part (ipywidgets shows only its label)
    "Scout from which end of the table's show", "Turn the scouted card round",
    "Where the scouted card goes in your hand",
    "Scout: take the chosen end card of the table into your hand", "Scout & Show chip: scout, then show at once",
    "Deal a new game", "Show odds of this position"]


def tab_order(lab, page):
    """From the hand (Shift+Tab from Show: the hand is one tab stop, at the card last used), Tab visits the
    game's controls in the order they are shown, Flip and Keep (disabled now) passed; Shift+Tab comes back."""
    lab.press(page, "Shift+Tab", wait=100)
    names = [lab.focused(page)]
    for _ in SHOWN_ORDER[1:]:
        lab.press(page, "Tab", wait=100)
        names.append(lab.focused(page))
    print(names)
    assert names[0].startswith(SHOWN_ORDER[0]) and names[1:] == SHOWN_ORDER[1:], names
    for _ in SHOWN_ORDER[1:]:
        if lab.focused(page).startswith("Scout: take"):
            break
        lab.press(page, "Shift+Tab", wait=100)


def keyboard_to_the_round_end(lab, page, said):
    """From Show, Tab through the scouting choices (end, turn it round, gap) to Scout, and Enter at each turn
    until the round ends (the seeded course: everyone else scouts player 1's set); the live region tells each
    turn. Bounded, so a lost focus fails rather than hangs."""
    for _ in range(60):
        if lab.focused(page).startswith("Scout: take"):
            lab.press(page, "Enter")
            said = lab.heard(page, SCOUT, said, want="You scouted")
            print(said)
            if "Round 1:" in said:
                return said
        else:
            lab.press(page, "Tab", wait=50)
    raise AssertionError(f"the round did not end by keyboard; the focus is on {lab.focused(page)!r}")


def test_scout_companion_runs_in_lab_with_its_graphs_and_set_explorer(lab):
    page = lab.run_notebook("notebooks/more/03_scout_more.ipynb")
    for picture in ("circus-scout-play-graph", "circus-scout-game-tree"):
        assert page.locator(f".jp-OutputArea-output svg.{picture}").count() == 1, picture
    assert "shows 2 1" in page.locator("svg.circus-scout-game-tree").text_content()  # a move on its arrow
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
