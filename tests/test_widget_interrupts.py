"""A click is all or nothing: Ctrl-C (or any error) in the middle of a game widget's action puts the game back as
it was before the click, says so in one line, and leaves the buttons working."""
from __future__ import annotations

import random

import pytest

from circuslib.core.ui import INTERRUPTED
from circuslib.flip7.bots import StopAtSum
from circuslib.flip7.widget import Flip7Widget
from circuslib.scout.widget import ScoutWidget


class _StoppedOnce(StopAtSum):
    """A bot interrupted (as by Ctrl-C) the first time it is asked, then an ordinary stop-at-23 bot."""

    def __init__(self, error: BaseException | None) -> None:
        super().__init__(23)
        self.error: BaseException | None = error

    def wants_hit(self, hand, deck):
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        return super().wants_hit(hand, deck)


def _flip7_view(widget: Flip7Widget) -> tuple:
    return (widget.state, tuple(widget.frame.lines), widget.frame.board.value, widget.scores.value,
            widget.hit_button.disabled, widget.stay_button.disabled)


@pytest.mark.parametrize("seed", range(6))
def test_ctrl_c_on_a_bots_turn_in_flip7_leaves_the_game_as_before_the_click(seed):
    bot = _StoppedOnce(None)
    widget = Flip7Widget(random.Random(seed), [bot])
    bot.error = KeyboardInterrupt()  # the opening deal is done: the next time the bot is asked, Ctrl-C
    before = _flip7_view(widget)
    rng_before = widget.rng.getstate()
    widget.stay()  # the student stays: the bot's turn comes, and is interrupted
    after = _flip7_view(widget)
    assert after[0] == before[0] and after[1] == before[1] and after[3:] == before[3:]
    assert widget.rng.getstate() == rng_before
    assert INTERRUPTED in widget.frame.message.value
    assert not widget.stay_button.disabled
    widget.stay()  # the same click again plays on
    assert widget.state != before[0] and INTERRUPTED not in widget.frame.message.value


def test_an_error_in_the_middle_of_a_click_is_undone_too_and_still_raised():
    bot = _StoppedOnce(None)
    widget = Flip7Widget(random.Random(3), [bot])
    bot.error = RuntimeError("a bot that breaks")
    before = widget.state
    with pytest.raises(RuntimeError):
        widget.stay()
    assert widget.state == before and not widget.stay_button.disabled


def test_ctrl_c_while_scouts_bots_play_leaves_the_game_as_before_the_click():
    widget = ScoutWidget(3, random.Random(4))
    stopped = []

    def interrupted_bot(state, rng):
        if not stopped:
            stopped.append(True)
            raise KeyboardInterrupt
        return widget.bots[1](state, rng)

    widget.bots = [interrupted_bot] + list(widget.bots[1:])
    before = (widget.state, tuple(widget.frame.lines), widget.pending)
    widget.keep() if widget.state.phase != "play" else widget.scout()
    assert (widget.state, tuple(widget.frame.lines), widget.pending) == before
    assert INTERRUPTED in widget.frame.message.value


def _open_widgets() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


@pytest.mark.parametrize("make", [lambda: Flip7Widget(random.Random(1), 2), lambda: ScoutWidget(3, random.Random(2))],
                         ids=["flip7", "scout"])
def test_running_a_game_cell_again_closes_what_its_last_run_made(monkeypatch, make):
    import circuslib.core.ui as ui

    where = {"cell": ("cell-a", "run-0")}
    monkeypatch.setattr(ui, "_running_cell", lambda: where["cell"])
    monkeypatch.setattr(ui, "_shown_in", {})
    first = make()
    after_one = _open_widgets()
    for run in range(1, 6):  # the same cell run five times more
        where["cell"] = ("cell-a", f"run-{run}")
        last = make()
    assert _open_widgets() == after_one, "a re-run left the last run's widgets open"
    assert first.comm is None and last.comm is not None
    where["cell"] = ("cell-b", "run-9")  # another cell's game does not close this one
    other = make()
    assert last.comm is not None and other.comm is not None


def test_outside_a_notebook_no_widget_is_closed_behind_the_students_back():
    from circuslib.core.ui import _running_cell

    assert _running_cell() is None
    first = Flip7Widget(random.Random(1), 2)
    Flip7Widget(random.Random(1), 2)
    assert first.comm is not None


@pytest.mark.parametrize("kwargs, sentence", [
    ({"bots": 2, "name": 5}, "name .* must be a text"), ({"bots": 2, "name": " "}, "1 to 30 characters"),
    ({"bots": 2, "name": "x" * 31}, "1 to 30 characters"), ({"bots": True}, "bots is how many"),
    ({"bots": 0}, "from 1 to 9")])
def test_flip7s_widget_refuses_a_bad_name_or_number_of_bots_in_a_sentence(kwargs, sentence):
    with pytest.raises((TypeError, ValueError), match=sentence):
        Flip7Widget(random.Random(1), **kwargs)


def test_flip7s_widget_takes_numpys_whole_numbers():
    import numpy as np

    assert len(Flip7Widget(random.Random(1), np.int64(3)).bots) == 3
