"""The Flip Circus lesson in JupyterLab in headless Chromium: it runs, its widget answers the student's clicks, and
its ring explorer follows a back marked as seen."""
from __future__ import annotations

import pytest

from notebooks import ROOT

pytestmark = pytest.mark.browser


CIRCUS = ".circus-themed:has(.circus-pick)"


def keyboard_turn(lab, page):
    """Player 0's turn and the bot's by keyboard alone: the ring is one tab stop; Space picks the token at 0, Tab
    goes to Flip, Enter flips it; Shift+Tab back to the ring, which remembers its place, Space, Tab, Enter flips it
    back; Flip is then spent and the focus moves to Look; Tab, Tab to End turn, Enter: the bot plays its turn."""
    lab.focus(page, CIRCUS, ".circus-pick-0")
    assert lab.focused(page) == "Pick the token at place 0"
    lab.press(page, "ArrowLeft")  # the ring goes round: from place 0 to the last place
    assert lab.focused(page).startswith("Pick the token at place ") and lab.focused(page) != "Pick the token at place 0"
    lab.press(page, "ArrowRight")
    said = ""
    for flip in ("Clown to Acrobate", "Acrobate to Clown"):
        lab.press(page, "Space")
        page.wait_for_function("() => (document.activeElement.getAttribute('aria-label') || '').includes('picked')")
        assert lab.focused(page) == "Unpick the token at place 0 (picked)"  # in words, not by colour alone
        lab.press(page, "Tab")
        assert lab.focused(page) == "Flip the picked token"
        lab.press(page, "Enter")
        said = lab.heard(page, CIRCUS, said, want=flip)
        print(said)
        assert said.startswith(f"player 0: flip 0 ({flip})")
        if flip == "Clown to Acrobate":
            lab.press(page, "Shift+Tab")
            assert lab.focused(page) == "Pick the token at place 0"
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('.circus-look')")
    lab.press(page, "Tab")
    lab.press(page, "Tab")
    assert lab.focused(page) == "End your turn"
    lab.press(page, "Enter")
    said = lab.heard(page, CIRCUS, said, want="bot:")
    print(said)
    assert said.startswith("player 0: end turn. bot: flip 2 (Clown to Monsieur Muscles). bot: flip 8")
    return said


def keyboard_to_the_end(lab, page, said):
    """Each turn as the first: Shift+Tab to the ring (it remembers place 0), Space picks the token, Tab to Flip,
    Enter; twice (the token flipped and back); then Tab past Look and Extra action to End turn, Enter (a Clown
    group's reward: Enter on it). The choice of key follows the focus's name; the live region tells each move,
    and at the end the winner. Bounded, so a lost focus fails rather than hangs."""
    picked = False
    for _ in range(120):
        name = lab.focused(page)
        if name == "Pick the token at place 0":
            key, picked = "Space", True
        elif name == "Flip the picked token":
            key = "Enter" if picked else "Shift+Tab"
        elif name in ("End your turn", "Take an Applause from the reserve (a Clown group's reward)"):
            key = "Enter"
        elif name.startswith(("Unpick the token", "Look:", "Extra action:", "Use the power", "Swap")):
            key = "Tab"
        else:
            raise AssertionError(f"the focus is on {name!r}, not one of the game's controls")
        if key != "Enter":
            lab.press(page, key, wait=100)
            if key == "Space":
                page.wait_for_function(
                    "() => (document.activeElement.getAttribute('aria-label') || '').includes('picked')")
            continue
        lab.press(page, key)
        picked = False
        said = lab.heard(page, CIRCUS, said)
        print(said)
        if " wins with " in said:
            return said
    raise AssertionError(f"the game did not end by keyboard; the focus is on {lab.focused(page)!r}")


def test_flip_circus_lesson_runs_in_lab_and_its_widget_answers_clicks(lab):
    page = lab.run_notebook("notebooks/05_flip_circus.ipynb")
    # the backs before and after a look, the convergence: figures the kit writes as SVG
    assert lab.wait_for_count(page, lab.FIGURES, 2) == 2
    # the one-turn graph, SVG written by the kit (the Cayley graph is in the companion notebook)
    assert page.locator(".jp-OutputArea-output svg.circus-flip-circus-one-turn").count() == 1
    page.locator(".circus-frame").first.scroll_into_view_if_needed()
    # at 1024 px of notebook width every button of the game reads whole, and the ring lies whole in its frame
    page.set_viewport_size({"width": 1024, "height": 900})
    page.wait_for_timeout(300)
    cut = page.evaluate("""() => [...document.querySelectorAll('.circus-frame button')]
        .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
        .map(b => b.textContent)""")
    assert cut == [], f"buttons cut at 1024 px: {cut}"
    outside = page.evaluate("""() => {
        const svg = document.querySelector('.circus-board svg, .circus-frame svg');
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBoundingClientRect()])
            .filter(([_, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5
                                || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
            .map(([text]) => text);
    }""")
    assert outside == [], f"words outside the ring's frame: {outside}"
    shots = ROOT / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.locator(".circus-frame").first.screenshot(path=str(shots / "flip_circus-game-1024.png"))
    page.set_viewport_size({"width": 1400, "height": 1000})
    lab.wait_for_text(page, ".circus-odds", "What could be behind each token")
    assert "player 0 to play" in lab.text(page, ".circus-turn")
    said = keyboard_turn(lab, page)
    log = lab.wait_for_text(page, ".circus-log", "player 0: flip 0")
    assert "flip 0 (" in log  # the log says which face turned into which
    assert "Not allowed" not in lab.text(page, ".circus-message")
    said = keyboard_to_the_end(lab, page, said)
    assert said.endswith("Player 1 wins with Voyante, Magicien, Dresseuse!")  # the seeded game: the bot's sixth turn

    # the ring explorer: the dealt ring's 240 deals; an Acrobate seen behind the Clown at 0 leaves 4! x 2 = 48,
    # and four equally likely artists behind the Clown at 2
    explorer = page.locator(".circus-ring-explorer")
    assert lab.wait_for_text(page, ".circus-ring-deals", "240 deals")
    plot = explorer.locator(".circus-ring-plot")  # one HTML output holding the kit's SVG chart
    assert plot.count() == 1 and plot.locator("svg").count() == 2  # the chances above, the looks below
    assert explorer.locator("img").count() == 0  # no picture of pixels
    before = plot.inner_html()
    lab.click(page, ".circus-ring-place-0")
    lab.click(page, ".circus-ring-back button:has-text('Acrobate')")
    lab.wait_for_text(page, ".circus-ring-deals", "48 deals")
    assert "Magicien, Voyante, Muscles, Dresseuse 1/4 = 0.2500 each" in \
        lab.text(page, ".circus-ring-row-2").replace("\xa0", " ")
    assert "0: Clown (Acrobate)" in lab.text(page, ".circus-ring-place-0")
    page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[plot.element_handle(), before])
    assert explorer.locator(".circus-ring-plot").count() == 1  # the chart was redrawn in place, not added
    assert plot.locator("svg .circus-ring-seen").count() == 1  # the back seen, boxed on the chart
    shots = ROOT / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    explorer.screenshot(path=str(shots / "flip_circus-ring-explorer.png"))
    plot.scroll_into_view_if_needed()
    plot.screenshot(path=str(shots / "flip_circus-ring-explorer-plot.png"))
    # a fourth Acrobate face is refused in the message line, with the reason
    lab.click(page, ".circus-ring-place-2")
    lab.click(page, ".circus-ring-face button:has-text('Acrobate')")
    lab.click(page, ".circus-ring-place-4")
    lab.click(page, ".circus-ring-face button:has-text('Acrobate')")
    message = lab.wait_for_text(page, ".circus-ring-explorer .circus-message", "only 3 tokens carry an Acrobate")
    assert "✘" in message and "48 deals" in lab.text(page, ".circus-ring-deals")
