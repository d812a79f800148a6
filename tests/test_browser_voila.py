"""Every lesson as `make present` shows it: Voila with progressive rendering in headless Chromium. The game is
playable before the rest of the lesson has computed: one move is played and its result read back, and the time
from the request to a playable game is printed (the closing figures come from this test)."""
from __future__ import annotations

import pytest
from lab import Lab

pytestmark = pytest.mark.browser

# lesson: (what must be clickable for the game to be playable, the move, where to read, what it says)
MOVES = {
    "00_welcome.ipynb": (".circus-roll", ".circus-roll", ".circus-log", "rolled"),
    "01_flip7.ipynb": (".circus-flip7 .circus-hit", ".circus-flip7 .circus-hit", ".circus-flip7 .circus-log",
                       "You hit"),
    "02_petit_cirque_volant.ipynb": (".circus-pcv .circus-manoeuvre", ".circus-pcv .circus-manoeuvre",
                                     ".circus-pcv .circus-message", "2 movement points left"),
    "03_scout.ipynb": (".circus-keep", ".circus-keep", ".circus-log", "You kept the hand"),
    "04_speed.ipynb": (".circus-speed .circus-speed-card", ".circus-speed .circus-speed-card",
                       ".circus-speed .circus-log", "You:"),
    "05_flip_circus.ipynb": (".circus-pick-0", ".circus-pick-0", ".circus-status", "picked: [0]"),
}


@pytest.mark.parametrize("lesson", sorted(MOVES), ids=lambda name: name.split(".")[0])
def test_a_lesson_in_voila_is_playable_early_and_answers_a_move(voila, lesson):
    ready, move, where, says = MOVES[lesson]
    page, seconds = voila.open(lesson, ready)
    print(f"{lesson}: playable after {seconds:.1f} s")
    Lab.click(page, move, nth=1 if lesson == "04_speed.ipynb" else 0)  # Speed: the Ace, which fits a centre top
    assert says in Lab.wait_for_text(page, where, says, timeout=30)
    assert "Traceback" not in page.locator("body").inner_text()
    # playable by keyboard and screen reader in Voila too: the control has its name, the game its live region
    # (the names come from the game's script as the page settles: waited for, not read at once)
    page.wait_for_selector(f"{move}[aria-label]", state="attached", timeout=20_000)
    assert page.locator(f"{move}[aria-label]").count() >= 1 and page.locator(".circus-live").count() >= 1


def test_a_wrong_answer_in_voila_shows_the_checks_line_not_a_traceback(voila):
    notebook = voila.root / "notebooks" / "wrong_answer.ipynb"
    import nbformat

    made = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from fractions import Fraction\nfrom circuslib.pig.checks import check\n"
        "check.three_dice_ten(Fraction(3, 28))")])
    made.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.write_text(nbformat.writes(made))
    page, _ = voila.open("wrong_answer.ipynb", "text=✘ Not yet")
    text = page.locator("body").inner_text()
    assert "you counted unordered rolls" in text and "Traceback" not in text and "1/8" not in text
