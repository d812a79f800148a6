"""The Scout widget, driven headless: buttons clicked and values set as a student would."""
from __future__ import annotations

import random

import pytest

from circuslib.scout.rules import ScoutState, Show
from circuslib.scout.widget import ScoutWidget, describe_move


def started(n=3, seed=1, **kw):
    w = ScoutWidget(n, random.Random(seed), **kw)
    assert w.state.phase == "flip" and w.state.current_player == 0  # you decide first in round 1
    return w


def test_flip_and_keep_at_the_start():
    w = started()
    before = w.state.hands[0]
    assert not w.flip_button.disabled and w.show_button.disabled and w.scout_button.disabled
    w.flip_button.click()
    assert w.state.phase == "play" and w.state.hands[0] == tuple((d, u) for u, d in before)[::-1]
    assert w.flip_button.disabled and "You flipped the whole hand" in w.frame.lines
    assert [t.description for t in w.toggles][0] == f"{w.state.hands[0][0][0]} ({w.state.hands[0][0][1]})"


def test_show_selected_cards_then_bots_answer():
    w = started()
    w.keep_button.click()
    assert w.state.current_player == 0 and w.state.table == ()
    w.toggles[0].value = True  # select the first card by clicking it
    assert 'stroke="#d7301f"' in w.frame.board.value  # highlighted on the board
    played = w.state.hands[0][0][0]
    w.show_button.click()
    assert w.frame.lines[len(w.frame.lines) - 3].startswith(f"You showed {played}")
    assert len(w.state.hands[0]) == 11 and w.state.current_player == 0  # both bots moved; your turn again


def test_refusals_are_shown_and_change_nothing():
    w = started()
    w.keep_button.click()
    before = w.state
    w.show_button.click()
    assert "Select the cards" in w.frame.message.value
    w.select([0, 2])
    w.show_button.click()
    assert "gap between them" in w.frame.message.value and w.state is before
    values = [c[0] for c in w.state.hands[0]]
    bad = next(i for i in range(len(values) - 1) if abs(values[i] - values[i + 1]) > 1)
    w.select([bad, bad + 1])
    w.show_button.click()
    assert "Not allowed" in w.frame.message.value and "not a set" in w.frame.message.value and w.state is before


def test_scout_with_the_controls():
    w = started(seed=2)
    w.keep_button.click()
    w.select([0])
    w.show_button.click()
    s = w.state
    assert s.table and s.current_player == 0 and not w.scout_button.disabled
    size = len(s.hands[0])
    card = s.table[-1] if len(s.table) > 1 else s.table[0]
    w.end_choice.value = "right" if len(s.table) > 1 else "left"
    w.flip_choice.value = True
    w.gap_choice.value = size
    w.scout_button.click()
    # your scouted card is at the end of your hand, turned round (unless a bot's show already changed it)
    assert any(line.startswith(f"You scouted a {card[1]}") for line in w.frame.lines)


def test_scout_and_show_chip():
    w = ScoutWidget(3, random.Random(5))
    w.state = ScoutState.from_hands([[(3, 1), (4, 1), (9, 2)], [(1, 9), (4, 9)], [(2, 8), (3, 8)]],
                                    table=[(5, 2), (6, 2), (7, 5)], owner=1, turn=0)
    w._refresh()
    w.sns_toggle.value = True
    w.end_choice.value = "right"
    w.flip_choice.value = True
    w.gap_choice.value = 2
    w.scout_button.click()
    assert w.pending is not None and "select cards" in w.frame.message.value
    assert [t.description for t in w.toggles][:3] == ["3 (1)", "4 (1)", "5 (7)"]  # the preview of the new hand
    w.select([0, 1, 2])
    w.show_button.click()
    assert w.frame.lines[1].startswith("You used Scout & Show: scouted a 5, then showed 3 4 5, capturing 5 6")
    assert w.state.sns_used[0] and w.sns_toggle.value is False


def test_cancelling_scout_and_show_puts_the_card_back():
    w = ScoutWidget(3, random.Random(5))
    w.state = ScoutState.from_hands([[(3, 1), (4, 1)], [(1, 9)], [(2, 8)]], table=[(5, 2), (6, 2)], owner=1)
    w._refresh()
    w.sns_toggle.value = True
    w.scout_button.click()
    assert len(w.toggles) == 3
    w.sns_toggle.value = False
    assert w.pending is None and len(w.toggles) == 2 and "cancelled" in w.frame.message.value


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_whole_game_through_the_buttons(n):
    w = started(n, seed=n)
    rng = random.Random(0)
    for _ in range(2_000):
        s = w.state
        if s.is_over():
            break
        if s.phase == "flip":
            w.keep_button.click()
            continue
        move = next((m for m in s.legal_moves() if isinstance(m, Show)), None)
        if move is not None and (rng.random() < 0.7 or not s.can_scout(0)):
            w.select(range(move.start, move.stop))
            w.show_button.click()
        else:
            w.gap_choice.value = 0
            w.end_choice.value = "left"
            w.scout_button.click()
            if w.state is s:  # 2 players with no chip left and no show: the round would have ended
                pytest.fail(w.frame.message.value)
    assert w.state.is_over() and "Game over" in w.frame.message.value
    assert len(w.state.history) == n


def test_widget_needs_a_seeded_generator_and_sane_players():
    with pytest.raises(TypeError, match="seeded"):
        ScoutWidget(3)
    with pytest.raises(ValueError, match="2 to 5"):
        ScoutWidget(6, random.Random(1))
    with pytest.raises(ValueError, match="one bot"):
        ScoutWidget(3, random.Random(1), bots=["greedy"])


def test_describe_move():
    s = ScoutState.from_hands([[(3, 1), (4, 1)], [(1, 9)], [(2, 8)]], table=[(5, 2)], owner=1)
    assert describe_move(s, Show(0, 2)) == "You showed 3 4, capturing 5"
