"""The Flip 7 widgets driven headless (ipywidgets 8 runs the handlers); the exercise checks are in test_flip7_checks.py."""
from __future__ import annotations

import random

import pytest

from circuslib.core.game import play_moves
from circuslib.flip7.bots import StopAtSum
from circuslib.flip7.rules import FREEZE, HIT, new_game
from circuslib.flip7.widget import Flip7Widget, OddsExplorer


def classes(widget):
    return widget._dom_classes


def test_the_game_starts_on_the_students_turn_and_hit_draws_a_card():
    w = Flip7Widget(random.Random(2022), 3)
    assert "Your turn" in w.frame.message.value
    cards_before = len(w.state.hands[0].cards()) if w.state.round == 1 else None
    w.hit_button.click()
    assert "You hit" in w.frame.lines
    assert w.state.round > 1 or len(w.state.hands[0].cards()) > cards_before or w.state.pending
    assert "circus-hit" in classes(w.hit_button) and "circus-stay" in classes(w.stay_button)


def test_staying_banks_and_the_bots_play_on():
    w = Flip7Widget(random.Random(1), [StopAtSum(15), StopAtSum(20)])
    points = w.state.hands[0].score()
    w.stay_button.click()
    assert f"You stay with {points}" in w.frame.log_box.value
    assert "Bot 1 (stop at 15)" in w.frame.log_box.value or "Bot 2" in w.frame.log_box.value


def test_an_action_card_shows_target_buttons_and_a_click_gives_it():
    start = play_moves(new_game(2, dealer=1), [5, 8, HIT, FREEZE])   # the student drew a Freeze
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start)
    targets = [c for c in w.frame.controls.children if "circus-target" in classes(c)]
    assert [t.description for t in targets] == ["Freeze → yourself", "Freeze → Bot 1 (stop at 20)"]
    assert w.hit_button.disabled and w.stay_button.disabled
    targets[1].click()
    assert "You freeze Bot 1 (stop at 20)" in w.frame.log_box.value
    assert not [c for c in w.frame.controls.children if "circus-target" in classes(c)]


def test_the_odds_panel_switches_and_shows_the_live_chance():
    start = play_moves(new_game(2, dealer=1), [12, 8])     # the student holds a 12: 11 of 92 cards bust
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start)
    assert w.frame.odds.layout.display == "none"
    w.frame.odds_toggle.value = True
    assert w.frame.odds.layout.display is None
    assert "<span class='circus-bust'>11/92</span>" in w.frame.odds.value
    assert "circus-advice'>hit<" in w.frame.odds.value


@pytest.mark.parametrize("bots", [1, 2, 9])
def test_clicking_through_a_whole_game_ends_with_a_winner(bots):
    w = Flip7Widget(random.Random(9), bots)
    assert len(w.state.hands) == bots + 1
    for _ in range(2000):
        if w.state.is_over():
            break
        targets = [c for c in w.frame.controls.children if "circus-target" in classes(c)]
        if targets:
            targets[-1].click()
        elif w.state.hands[0].score() >= 20:
            w.stay_button.click()
        else:
            w.hit_button.click()
    assert w.state.is_over()
    assert "win" in w.frame.message.value
    assert w.hit_button.disabled
    w.new_button.click()
    assert not w.state.is_over() and w.frame.lines[0].startswith("a new game")


def test_the_widget_refuses_bad_arguments():
    with pytest.raises(TypeError):
        Flip7Widget(1)
    with pytest.raises(ValueError, match="1 to 9"):
        Flip7Widget(random.Random(1), 10)
    with pytest.raises(ValueError):
        Flip7Widget(random.Random(1), ["a bot"])


def test_the_explorer_updates_at_once():
    e = OddsExplorer()
    assert "circus-explorer" in classes(e.widget)
    e.held_buttons[12].value = True
    assert "circus-explorer-bust'>11/93<" in e.result.value       # 11 twelves among 93 cards
    e.seen_boxes[12].value = 1
    assert "circus-explorer-bust'>5/46<" in e.result.value        # 10 of 92
    for n in (10, 11):
        e.held_buttons[n].value = True
    assert "circus-explorer-advice'>stay<" in e.result.value
    e.held_buttons[1].value = True
    e.seen_boxes[1].value = 1                                        # the single 1 cannot be both held and seen
    assert "circus-explorer-error" in e.result.value and "only 1" in e.result.value


def test_the_last_round_stays_visible_after_it_ends():
    start = play_moves(new_game(2, dealer=1), [5, 8])
    w = Flip7Widget(random.Random(4), [StopAtSum(1)], start=start)   # the bot stays at once with its 8
    w.stay_button.click()                                            # the student stays: the round is over
    assert w.state.round == 2
    assert "circus-previous' open" in w.frame.board.value and "Round 1 as it ended" in w.frame.board.value
    assert "Round 1 is over: you score 5." in w.frame.message.value
