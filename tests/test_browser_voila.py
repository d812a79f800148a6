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
    "01_flip7.ipynb": (".circus-flip7 .circus-hit", ".circus-flip7 .circus-hit", ".circus-flip7 .circus-log", "You hit"),
    "02_petit_cirque_volant.ipynb": (".circus-pcv .circus-manoeuvre", ".circus-pcv .circus-manoeuvre",
                                     ".circus-pcv .circus-message", "2 movement point(s) left"),
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
