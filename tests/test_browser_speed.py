"""The Speed lesson in JupyterLab in headless Chromium: you play a card, the bot answers on its own timer, the
stalemate explorer simulates deals and follows its decks buttons (its SVG chart redrawn in place), and the race
explorer follows its rate slider."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_speed_lesson_plays_in_the_lab(lab):
    page = lab.run_notebook("notebooks/04_speed.ipynb")
    # the convergence is the kit's SVG plot; so are the two explorers' charts (no image)
    assert lab.wait_for_count(page, lab.FIGURES, 1) == 1
    for chart in ("stalemate", "race"):
        # the race explorer plays its matches before it draws: under load its chart comes a little later
        assert lab.wait_for_count(page, f".jp-OutputArea-output .circus-explorer-plot svg.circus-speed-{chart}-svg", 1,
                                  timeout=60) == 1
    assert page.locator(".jp-OutputArea-output img").count() == 0
    # the rank cycle and the chain graph are the kit's SVG pictures, each with its words (the end-game and the win
    # rates are the companion's)
    for picture in ("rank-cycle", "chain-graph"):
        assert page.locator(f".jp-OutputArea-output svg.circus-speed-{picture}").count() == 1
        label = page.locator(f".jp-OutputArea-output [role=img]:has(svg.circus-speed-{picture})").first
        assert label.get_attribute("aria-label")
    # the lesson's table (seeded) deals you 2♥ A♠ Q♣ 6♥ against centre tops 2♣ and 8♠: your Ace fits only on the 2
    lab.wait_for_text(page, ".circus-speed .circus-log", "new round")
    hand = page.locator(".circus-speed .circus-speed-hand .circus-speed-card")
    assert [hand.nth(i).inner_text().strip() for i in range(hand.count())] == ["2♥", "A♠", "Q♣", "6♥"]
    assert "circus-speed-red" in (hand.nth(0).get_attribute("class") or "")
    # your hand is drawn once: the buttons are the cards, and the picture shows only the bot's cards and the centre
    assert page.locator(".circus-speed .circus-board .circus-speed-p0").count() == 0
    assert page.locator(".circus-speed .circus-board .circus-speed-p1").count() == 4
    keyboard_round(lab, page)
    log = lab.wait_for_text(page, ".circus-speed .circus-log", "Bot:", timeout=30)
    assert "You: A♠ on pile A" in log and "Bot:" in log
    said = keyboard_to_the_round_end(lab, page)
    assert "round over" in said and " the round and score " in said
    # the explorer checks the exact stalemate odds against simulated deals
    lab.click(page, ".circus-speed-simulate")
    lab.wait_for_text(page, ".circus-speed-sim", "the exact value is", timeout=30)
    # switch the stalemate explorer to two decks: the kernel recomputes, and the page shows the new exact value
    assert "22730431/396823350" in lab.text(page, ".circus-speed-odds")
    lab.click(page, ".circus-speed-decks button", nth=1)
    odds = lab.wait_for_text(page, ".circus-speed-odds", "800453291/11275696250")
    assert "two decks" in odds and "0.0710" in odds
    # the chart is redrawn in place: its words follow the setting
    page.wait_for_function(
        "() => { const e = document.querySelector('.circus-speed-explorer .circus-explorer-plot [role=img]');"
        " return e && (e.getAttribute('aria-label') || '').includes('with two decks: 0.0710'); }", timeout=15_000)
    # the race explorer: one step right on your rate slider (2 -> 3 moves a second against the bot's 1)
    assert "2/3" in lab.wait_for_text(page, ".circus-speed-race", "2/3", timeout=60)
    handle = page.locator(".circus-speed-you-rate .noUi-handle").first
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.keyboard.press("ArrowRight")
    race = lab.wait_for_text(page, ".circus-speed-race", "3/4")
    assert "0.7500" in race and "speed ratio 3" in race


SPEED = ".circus-themed:has(.circus-speed)"


def keyboard_round(lab, page):
    """By keyboard alone: the hand is one tab stop, ArrowRight goes to the Ace, Enter plays it on pile A; Tab goes
    through the centre piles to "Start the bot", Space starts it (its 9 fits on the 8, played after its reaction
    time, on the kernel's event loop). The live region says your card and then the bot's."""
    lab.focus(page, SPEED, ".circus-speed-card")
    assert lab.focused(page) == "Take card: 2 of hearts (place 1)"
    lab.press(page, "ArrowRight")
    assert lab.focused(page) == "Take card: ace of spades (place 2)"
    lab.press(page, "Enter")
    said = lab.heard(page, SPEED)
    print(said)
    assert said.startswith("You: A♠ on pile A")
    stops = []
    for _ in range(3):
        lab.press(page, "Tab")
        stops.append(lab.focused(page))
    print(stops)
    assert stops[0].startswith("Play on pile A: ace of spades on top") and stops[1].startswith("Play on pile B: ")
    assert stops[2] == "Start the bot"  # Flip waits for a stalemate: disabled, Tab passes it
    lab.press(page, "Space")
    said = lab.heard(page, SPEED, said, want="Bot:", timeout=30)
    print(said)
    assert said.startswith("Bot:")


def words_of(message):
    """The message line's words, without the mark an error carries."""
    return message.removeprefix("✘").strip()


def keyboard_to_the_round_end(lab, page):
    """Against the running bot, by keyboard alone until the round is over: Enter on the card with the focus;
    where it fits neither pile, ArrowRight to the next card (after a whole hand that fits nowhere, a moment for
    the bot); where it fits both, Tab to pile A and Enter; at a stalemate Tab to Flip and Enter; from elsewhere
    Shift+Tab back towards the hand. Returns what the live region says at the end."""
    misses = 0
    for _ in range(300):
        said = page.evaluate("(sel) => document.querySelector(sel + ' .circus-live').textContent", SPEED)
        if "round over" in said:
            print(said)
            return said
        message, name = words_of(lab.text(page, f"{SPEED} .circus-message")), lab.focused(page)
        in_hand, on_pile = name.startswith(("Take card", "Chosen")), name.startswith("Play on pile")
        if message.startswith("Stalemate:"):  # "nobody can play", or "press Flip first" after a card
            key = "Enter" if name.startswith("Flip:") else "Tab" if in_hand or on_pile else "Shift+Tab"
        elif "fits both piles" in message:
            key = "Enter" if on_pile else "Tab" if in_hand else "Shift+Tab"
        elif message.startswith("Stalemate and your pile is empty"):
            key = "Enter" if in_hand else "Shift+Tab"
        elif not in_hand:
            key = "Shift+Tab"
        elif misses >= 5:  # no card of the hand fits now: the bot's next card will change the piles
            misses = 0
            page.wait_for_timeout(500)
            continue
        else:
            face = page.evaluate("() => document.activeElement.textContent.trim()")
            lab.press(page, "Enter")
            if words_of(lab.text(page, f"{SPEED} .circus-message")).startswith(f"{face} fits neither"):
                misses += 1
                lab.press(page, "ArrowRight", wait=50)
            else:
                misses = 0
            continue
        lab.press(page, key, wait=150 if key.endswith("Tab") else 300)
    message, log = lab.text(page, f"{SPEED} .circus-message"), lab.text(page, f"{SPEED} .circus-log")
    raise AssertionError(f"the round did not end by keyboard; the focus is on {lab.focused(page)!r}, the message "
                         f"says {message!r}, the log {log!r}")
