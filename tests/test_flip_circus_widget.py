"""The Flip Circus widget, headless: ipywidgets 8 runs the handlers on button.click()."""
from __future__ import annotations

import random

import pytest

from circuslib.flip_circus.bots import greedy_bot
from circuslib.flip_circus.rules import CLOWN, from_faces
from circuslib.flip_circus.widget import FlipCircusWidget

NEAR = [("Acrobate", "Magicien"), ("Clown", "Acrobate"), ("Acrobate", "Dresseuse"), ("Clown", "Magicien"),
        ("Magicien", "Voyante"), ("Clown", "Voyante"), ("Voyante", "Muscles"), ("Clown", "Muscles"),
        ("Muscles", "Dresseuse"), ("Clown", "Dresseuse")]


def hotseat(**kwargs):
    return FlipCircusWidget(random.Random(1), state=from_faces(NEAR, **kwargs))


def test_pick_and_flip_wins_a_poster_and_logs_it():
    w = hotseat(known={0: [1]})
    assert "the likeliest: flip 1 (probability 1)" in w.frame.odds.value
    w.position_buttons[1].click()
    assert w.selected == [1] and "picked: [1]" in w.status.value
    w.flip_button.click()
    assert w.state.posters[0] == ("Acrobate",)
    assert "poster Acrobate!" in w.frame.lines[-1]
    assert "Acrobate" in w.status.value and w.selected == []


def test_deduction_panel_shows_exact_possible_backs():
    w = hotseat()
    assert "Acrobate 1/5" in w.frame.odds.value  # behind the Clown at 1: any of five artists
    assert "bits" in w.frame.odds.value and "likeliest" in w.frame.odds.value


def test_swap_needs_two_neighbours_and_muscles_refuses_with_a_message():
    w = hotseat()
    w.position_buttons[0].click()
    w.swap_button.click()
    assert "pick two" in w.frame.message.value
    w.position_buttons[4].click()  # now 0 and 4: not neighbours
    w.swap_button.click()
    assert "not neighbours" in w.frame.message.value
    w.position_buttons[0].click(), w.position_buttons[4].click()
    w.position_buttons[7].click(), w.position_buttons[8].click()  # Monsieur Muscles at 8
    w.swap_button.click()
    assert "Not allowed" in w.frame.message.value and "Monsieur Muscles" in w.frame.message.value
    assert w.state == from_faces(NEAR)


def test_hot_seat_hides_the_ring_until_the_next_player_is_at_the_screen():
    w = hotseat(applause=(1, 0))
    w.position_buttons[3].click()
    w.look_button.click()  # a secret look for player 0
    assert "(Magicien)" in w.frame.board.value
    for _ in range(2):
        w.position_buttons[9].click()
        w.flip_button.click()
    w.end_button.click()
    assert w.hidden and "Pass the screen to player 1" in w.frame.board.value
    assert w.frame.odds.value == "" and w.flip_button.disabled and not w.pass_button.disabled
    w.pass_button.click()
    assert not w.hidden and w.viewer == 1
    assert "(Magicien)" not in w.frame.board.value  # player 0's secret look stays secret


def test_clown_reward_buttons_appear_only_when_a_group_is_made():
    w = hotseat(applause=(0, 1))
    assert w.take_button.disabled and w.return_button.disabled
    w.position_buttons[2].click(), w.position_buttons[3].click()
    w.swap_button.click()  # the Clown from 3 goes to 2, next to the Clown at 1
    assert w.state.pending and not w.take_button.disabled and not w.return_button.disabled
    w.return_button.click()
    assert w.state.applause == (0, 0) and "0 / 0" in w.status.value


def test_against_the_bot_the_bot_plays_its_whole_turn():
    w = FlipCircusWidget(random.Random(4), bot=greedy_bot)
    assert w.state.player == 0 or w.state.is_over()
    for _ in range(2):
        w.position_buttons[5].click()
        w.flip_button.click()
    assert any(line.startswith("bot:") for line in w.frame.lines)
    assert w.state.player == 0 or w.state.is_over()


def test_new_game_deals_again_and_bad_arguments_are_refused():
    w = hotseat()
    w.new_button.click()
    assert [f == CLOWN for f in w.state.faces] == [True, False] * 5 and w.frame.lines[-1] == "new game"
    with pytest.raises(TypeError, match="seeded"):
        FlipCircusWidget(3)
    with pytest.raises(ValueError, match="seat"):
        FlipCircusWidget(random.Random(1), human=2)
    with pytest.raises(TypeError, match="options must be FlipCircusOptions"):
        FlipCircusWidget(random.Random(1), options="duel")
    with pytest.raises(TypeError, match="bot is a computer player"):
        FlipCircusWidget(random.Random(1), bot="greedy")


def test_the_widget_computes_nothing_itself():
    # the deduction panel shows what odds and graphs compute: the same chances, the same likeliest plan
    from circuslib.flip_circus.graphs import winning_turns
    from circuslib.flip_circus.odds import likeliest_turn, possible_backs

    w = hotseat(known={0: [1]})
    backs = possible_backs(w.state, 0)
    assert all(f"{artist} {p}" in w.frame.odds.value for artist, p in backs[3].items())
    best = likeliest_turn(winning_turns(w.state, max_applause=0))
    assert f"the likeliest: {', '.join(map(str, best.moves))} (probability {best.probability})" in w.frame.odds.value


def test_the_old_places_of_the_explorer_names_still_answer():
    import circuslib.flip_circus.widget as widget
    from circuslib.flip_circus import explorers, odds

    for old, where in [("RingExplorer", explorers), ("entropy_bits", odds), ("ring_problem", odds), ("Bits", odds),
                       ("RingOdds", odds), ("best_plans", odds)]:
        new_place = where.__name__.split(".")[-1]
        with pytest.warns(DeprecationWarning, match=f"{old} is now in circuslib.flip_circus.{new_place}"):
            assert getattr(widget, old) is getattr(where, old)
    assert not hasattr(widget, "write_ring_frame")  # the pixel frame is gone, with its writer


def test_every_button_reads_whole_short_words_in_rows_that_wrap():
    # at 1024 px of notebook width (or less, with the file browser open) a row that runs out of room wraps: no
    # button is squeezed to "F..." or "Use p...", and its words are short enough to sit on one line at any width
    w = hotseat()
    buttons = [*w.position_buttons, *w.actions]
    words = [b.description for b in w.actions]
    assert words == ["Flip", "Power", "Swap", "Look (1 Applause)", "Extra action", "End turn", "Take Applause",
                     "Opponent returns 1", "Show my ring", "New game"]
    assert all(len(text) <= 18 for text in words) and len(set(words)) == len(words)
    assert all(b.layout.flex == "0 0 auto" and b.layout.width == "auto" for b in buttons)  # never shrunk
    assert [row.layout.flex_flow for row in w.rows] == ["row wrap", "row wrap"]
    assert [list(row.children) for row in w.rows] == [w.position_buttons, w.actions]
    # what a short word leaves out is in its tooltip
    assert "Applause" in w.encore_button.tooltip and "Clown" in w.take_button.tooltip
    assert "Clown" in w.return_button.tooltip


def test_the_board_is_the_ring_whole_and_the_counts_take_their_plural():
    w = hotseat(applause=(1, 0))
    board = w.frame.board.value
    assert "⛓" not in board and ">no swap<" in board  # Monsieur Muscles at 8: words, not a missing glyph
    width = float(board.split('viewBox="0 0 ')[1].split()[0])
    assert 'font-size="11"' not in board and 'font-size="9"' not in board and width <= 520  # fits 1024 px
    assert "2 actions left" in w.status.value
    w.position_buttons[9].click()
    w.flip_button.click()
    assert "1 action left" in w.status.value
