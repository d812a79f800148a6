"""The Speed lesson in JupyterLab in headless Chromium: you play a card, the bot answers on its own timer, and the
stalemate explorer simulates deals."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_speed_lesson_plays_in_the_lab(lab):
    page = lab.run_notebook("notebooks/04_speed.ipynb")
    assert page.locator(".jp-OutputArea-output img").count() >= 6  # cycle, convergence, chains, end-game, win rates
    # the lesson's table (seeded) deals you 2 A Q 6 against centre tops 2 and 8: your Ace fits only on the 2
    lab.wait_for_text(page, ".circus-speed .circus-log", "new round")
    lab.click(page, ".circus-speed .circus-speed-card", nth=1)
    lab.wait_for_text(page, ".circus-speed .circus-log", "You: A on pile A")
    # start the bot: its 9 fits on the 8, and it plays it on the kernel's event loop after its reaction time
    lab.click(page, ".circus-speed .circus-speed-pause")
    log = lab.wait_for_text(page, ".circus-speed .circus-log", "Bot:", timeout=30)
    assert "Bot:" in log
    # the explorer checks the exact stalemate odds against simulated deals
    lab.click(page, ".circus-speed-simulate")
    lab.wait_for_text(page, ".circus-speed-sim", "the exact value is", timeout=30)
