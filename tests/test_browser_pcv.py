"""The Petit Cirque Volant lesson in JupyterLab in headless Chromium: it runs, a turn is played in its widget, and
its odds explorer answers a control moved on the page; its companion runs too, and its dice explorer answers."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_pcv_lesson_runs_in_lab_and_a_turn_is_played(lab):
    page = lab.run_notebook("notebooks/02_petit_cirque_volant.ipynb")
    # the lesson's three charts (sequences against end positions, a tally, a convergence) and the odds explorer's
    # chart, all drawn by the kit as SVG
    assert lab.wait_for_count(page, lab.FIGURES, 4) == 4
    assert page.locator(".jp-OutputArea-output .circus-explorer-plot svg.circus-plot").count() == 1
    assert page.locator(".jp-OutputArea-output img").count() == 0  # no picture of the lesson is pixels
    assert page.locator(".jp-OutputArea-output svg.circus-pcv-damage-chain").count() == 2  # drawn by the kit
    assert page.locator(".jp-OutputArea-output svg.circus-pcv-move-graph").count() == 1
    assert page.locator(".circus-pcv .circus-pcv-map").count() == 1  # the duel's hex map is drawn
    assert "Red 1: 3 movement points left" in lab.wait_for_text(page, ".circus-pcv .circus-message", "movement point")
    said = keyboard_turn(lab, page)
    log = lab.wait_for_text(page, ".circus-pcv .circus-log", "Blue: Blue 1")
    assert "Red: Red 1 forward" in log and "Red: Red 1 keep speed" in log
    # the bot has flown Blue's whole turn: Red's turn 2 has begun
    assert "Red 1: 3 movement points left" in lab.wait_for_text(page, ".circus-pcv .circus-message", "movement point")
    said = keyboard_to_the_end(lab, page, said)
    assert said.endswith("Game over: a draw (no plane is left in the air).")  # the seeded duel: Red rams Blue
    # the odds explorer: one step right on the range slider shows the odds at 2 hexes, and its chart is redrawn
    chart = ".circus-pcv-odds-explorer .circus-explorer-plot"
    plot = page.locator(chart)
    plot.scroll_into_view_if_needed()
    assert plot.count() == 1 and "effective range 1" in plot.inner_text()
    handle = page.locator(".circus-range .noUi-handle").first
    handle.scroll_into_view_if_needed()
    handle.focus()
    # the slider shows "hexes ahead"; a screen reader hears the name Python gave it (core.access.described_names)
    assert lab.focused(page) == "How many hexes ahead of the shooter the target flies"
    page.keyboard.press("ArrowRight")
    odds = lab.wait_for_text(page, ".circus-explorer-odds", "2 hexes ahead")
    assert "13/27 ≈ 0.4815" in odds and "9/2 = 4.5000" in odds  # within 3 shots, and expected shots, at range 2
    lab.wait_for_text(page, chart, "effective range 2")  # the chart's title follows the range
    assert page.locator(f"{chart} svg").count() == 1  # redrawn in place, not added


PCV = ".circus-themed:has(.circus-pcv)"


def keyboard_turn(lab, page):
    """Red's turn and the bot's by keyboard alone: Enter on "forward" three times (after each move the focus comes
    back to the first choice), the arrow keys to "keep speed", Enter; the live region says each move, then Blue's."""
    lab.focus(page, PCV, ".circus-manoeuvre")
    assert lab.focused(page) == "Manoeuvre forward: costs 1 movement point"
    # the words on the button's face lead its name, as WCAG's label in name asks
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == \
        "forward (1): Manoeuvre forward: costs 1 movement point"
    said = ""
    for left in ("2 movement points left", "1 movement point left", "change its speed"):
        lab.press(page, "Enter")
        said = lab.heard(page, PCV, said)
        assert said.startswith("Red: Red 1 forward.") and left in said, said
        page.wait_for_function("() => document.activeElement && document.activeElement.matches('.circus-pcv button')")
    assert lab.focused(page) == "Change Red 1's speed to 2"
    lab.press(page, "ArrowRight")
    assert lab.focused(page) == "Change Red 1's speed to 3"
    lab.press(page, "Tab")  # one tab stop for the choices: Tab leaves them for the odds switch
    assert lab.focused(page) == "Show odds of this position"
    lab.press(page, "Shift+Tab")
    assert lab.focused(page) == "Change Red 1's speed to 3"
    lab.press(page, "Enter")
    said = lab.heard(page, PCV, said, want="Blue: Blue 1 rolls")
    print(said)
    assert said.startswith("Red: Red 1 keep speed. Blue: Blue 1 forward.")
    if "Red 1: 3 movement points left" not in said:  # the message may come in a moment after the log's lines
        said = lab.heard(page, PCV, said, want="Red 1: 3 movement points left")
    return said


def keyboard_to_the_end(lab, page, said):
    """Enter on the first choice at each position (the focus comes back to it after every move) until the
    duel is over; the live region tells each move, the last one the end. Bounded, so a lost focus fails."""
    for _ in range(60):
        name = lab.focused(page)
        assert name and name != "Start the scenario again", f"the focus is on {name!r} before the end"
        lab.press(page, "Enter")
        said = lab.heard(page, PCV, said)
        print(said)
        if "Game over" in said:
            return said
        page.wait_for_function("() => document.activeElement && document.activeElement.matches('.circus-pcv button')")
    raise AssertionError(f"the duel did not end by keyboard; the focus is on {lab.focused(page)!r}")


def test_pcv_companion_runs_in_lab_and_its_dice_explorer_answers(lab):
    page = lab.run_notebook("notebooks/more/02_petit_cirque_volant_more.ipynb")
    # the chart of destroyed within n shots, the duels' bars and the dice explorer's chart
    assert lab.wait_for_count(page, lab.FIGURES, 3) == 3
    # the dice explorer: a 3 that damages too gives p = 2/3, q = 1/6, E = (2p - q)/p^2 = 21/8
    damage = page.locator(".circus-dice-damage input")
    damage.scroll_into_view_if_needed()
    damage.fill("3 4 5")
    damage.press("Enter")
    dice = lab.wait_for_text(page, ".circus-dice-odds", "21/8")
    assert "21/8 = 2.6250" in dice and "damages on 3 4 5" in dice
    damage.fill("3 3")  # a face listed twice is refused in a sentence; the last die's values stay
    damage.press("Enter")
    message = lab.wait_for_text(page, ".circus-pcv-dice-explorer .circus-message", "listed twice")
    assert "Not possible" in message and "21/8" in lab.text(page, ".circus-dice-odds")
