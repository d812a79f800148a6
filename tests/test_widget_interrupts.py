"""A click is all or nothing: Ctrl-C (or any error) in the middle of a game widget's action puts the game back as
it was before the click, says so in one line, and leaves the buttons working."""
from __future__ import annotations

import random
from functools import partial

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


# --- Ctrl-C at every moment of every game's clicks ----------------------------------------------------------------
# A click is interrupted at its n-th executed line of the kit's code (n = 1, 2, ... spread over the whole click, as
# a student's Ctrl-C may land anywhere), on a fresh widget each time. After each: the widget shows what it showed
# before the click (every control's label and state, the board, the log, the odds) but the message, which says the
# click was undone; and the same click again ends exactly as an uninterrupted one.

MOMENTS = 30  # moments tried per click at most: the first ten lines, then spread evenly to its last line
_KIT = str(__import__("pathlib").Path(__import__("circuslib").__file__).parent)


def _undoing_lines() -> tuple[str, range]:
    """Where all_or_nothing's own saving and undoing is written: not part of any click."""
    import inspect

    import circuslib.core.ui as ui

    lines, first = inspect.getsourcelines(ui.all_or_nothing)
    more, start = inspect.getsourcelines(ui._copied)
    return ui.__file__, range(first, start + len(more))


_UNDOING = _undoing_lines()


class _CtrlCAt:
    """A trace that raises KeyboardInterrupt at the kit's ``at``-th executed line (0: only count them)."""

    def __init__(self, at: int = 0) -> None:
        self.at, self.lines, self.fired = at, 0, False

    def _global(self, frame, event, arg):
        code = frame.f_code
        if not code.co_filename.startswith(_KIT):
            return None
        if code.co_filename == _UNDOING[0] and code.co_firstlineno in _UNDOING[1]:
            return None  # all_or_nothing's own saving: before the click begins
        return self._local

    def _local(self, frame, event, arg):
        if event == "line" and not self.fired:
            self.lines += 1
            if self.lines == self.at:
                self.fired = True
                raise KeyboardInterrupt
        return self._local

    def run(self, click) -> None:
        import sys

        sys.settrace(self._global)
        try:
            click()
        finally:
            sys.settrace(None)


def _message(widget):
    """The message line: a game's frame's, or an explorer's own."""
    frame = getattr(widget, "frame", None)
    return frame.message if frame is not None else widget.message


def _looks(widget) -> list:
    """Everything the widget shows but its message line: each control's kind, label, state and value."""
    message = _message(widget)
    seen, todo = [], [widget.widget]
    while todo:
        w = todo.pop(0)
        if w is message:
            continue
        value = getattr(w, "value", None)
        seen.append((type(w).__name__, getattr(w, "description", None), getattr(w, "disabled", None),
                     getattr(w, "button_style", None), tuple(getattr(w, "_dom_classes", ())),
                     value if isinstance(value, (str, int, float, bool, tuple)) else None))
        todo.extend(getattr(w, "children", ()) or ())
    return seen


def _interrupted_everywhere(make, click, state_of) -> int:
    """Interrupt ``click`` at up to MOMENTS moments; returns how many were tried (each one checked)."""
    click(make())  # once first: what the kit keeps from a first time (a table, a picture) is kept before counting
    reference = make()
    counter = _CtrlCAt()
    counter.run(partial(click, reference))
    want = (state_of(reference), _looks(reference), _message(reference).value)
    total = counter.lines
    assert total > 0, "the click ran none of the kit's code"
    moments = sorted(set(range(1, min(total, 10) + 1)) |
                     {1 + (total - 1) * k // (MOMENTS - 10) for k in range(MOMENTS - 10 + 1)})
    missed = 0
    for at in moments:
        widget = make()
        before = (state_of(widget), _looks(widget))
        stop = _CtrlCAt(at)
        try:
            stop.run(partial(click, widget))
        except KeyboardInterrupt:
            pytest.fail(f"Ctrl-C at line {at} of {total} came out of the click as a traceback")
        if not stop.fired:  # a click may run a few lines fewer than the one counted (a cache filled meanwhile)
            assert at > total * 0.9, f"the click ran {stop.lines} lines, far fewer than the {total} counted"
            missed += 1
            continue
        assert (state_of(widget), _looks(widget)) == before, f"Ctrl-C at line {at} of {total} changed the game"
        assert INTERRUPTED in _message(widget).value, f"Ctrl-C at line {at} of {total}: not said"
        click(widget)  # the student clicks again: the click happens, as if never stopped
        assert (state_of(widget), _looks(widget), _message(widget).value) == want, \
            f"after Ctrl-C at line {at} of {total}, the same click again did not play as it would have"
    return len(moments) - missed


def _pig_cases():
    from circuslib.pig.widget import PigWidget

    def rolled(seed):
        w = PigWidget(random.Random(seed))
        w.roll()
        return w

    return [("pig roll", lambda: PigWidget(random.Random(2)), lambda w: w.roll()),
            ("pig roll again", lambda: rolled(3), lambda w: w.roll()),
            ("pig stop", lambda: rolled(3), lambda w: w.stop()),
            ("pig new turn", lambda: rolled(3), lambda w: w.new_turn())]


def _flip7_cases():
    return [("flip7 hit", lambda: Flip7Widget(random.Random(1), 2), lambda w: w.hit()),
            ("flip7 stay", lambda: Flip7Widget(random.Random(1), 3), lambda w: w.stay()),
            ("flip7 new game", lambda: Flip7Widget(random.Random(2), 2), lambda w: w.new_game())]


def _scout_cases():
    def playing(seed):
        w = ScoutWidget(3, random.Random(seed))
        w.keep()
        return w

    def one_selected(seed):
        w = playing(seed)
        w.select([0])  # a card clicked: its own event, before the Show button's
        return w

    return [("scout keep", lambda: ScoutWidget(3, random.Random(4)), lambda w: w.keep()),
            ("scout flip", lambda: ScoutWidget(3, random.Random(4)), lambda w: w.flip()),
            ("scout scout", lambda: playing(5), lambda w: w.scout()),
            ("scout show", lambda: one_selected(5), lambda w: w.show())]


def _speed_cases():
    from circuslib.speed.widget import FakeClock, SpeedTable

    def table(seed):
        return SpeedTable(random.Random(seed), scheduler=FakeClock())

    def a_fitting_card(w):
        tops = [t for t in w.state.tops() if t is not None]
        from circuslib.speed.rules import fits

        for slot, card in enumerate(w.state.face_up(0)):
            if card is not None and any(fits(card, t) for t in tops):
                return slot
        return 0

    def stalemate(seed):
        for s in range(seed, seed + 200):
            w = table(s)
            if w.state.is_stalemate():
                return w
        raise AssertionError("no stalemate dealt")

    fitting = a_fitting_card(table(1))  # found before the click: the search is no part of it
    return [("speed card", lambda: table(1), lambda w: w.click_card(fitting)),
            ("speed card that fits nowhere", lambda: table(1), lambda w: w.click_card(0)),
            ("speed flip", lambda: stalemate(1), lambda w: w.flip()),
            ("speed new round", lambda: table(2), lambda w: w.new_round())]


def _pcv_cases():
    from circuslib.core.game import CHANCE
    from circuslib.pcv.widget import PCVWidget

    def hot_seat_roll(seed):
        w = PCVWidget(rng=random.Random(seed), opponent=None)
        for _ in range(400):
            if w.state.is_over() or w.state.current_player == CHANCE:
                return w
            w.play(w.state.legal_moves()[0])
        raise AssertionError("no shot in 400 moves")

    def three_moves_in():
        w = PCVWidget(rng=random.Random(1))
        for _ in range(3):
            w.play(w.state.legal_moves()[0])
        return w

    moves = PCVWidget(rng=random.Random(1)).state.legal_moves()  # what the buttons offer, found before the click
    last = three_moves_in().state.legal_moves()[0]  # the speed change that ends Red's turn: the pilot flies next
    return [("pcv move", lambda: PCVWidget(rng=random.Random(1)), lambda w: w.play(moves[0])),
            ("pcv end of turn, then the pilot's", three_moves_in, lambda w: w.play(last)),
            ("pcv last move", lambda: PCVWidget(rng=random.Random(1)), lambda w: w.play(moves[-1])),
            ("pcv roll", lambda: hot_seat_roll(3), lambda w: w.roll()),
            ("pcv new game", lambda: PCVWidget(rng=random.Random(2)), lambda w: w.new_game())]


def _flip_circus_cases():
    from circuslib.flip_circus.bots import greedy_bot
    from circuslib.flip_circus.rules import END_TURN
    from circuslib.flip_circus.widget import FlipCircusWidget

    def picked(seed, i, bot=greedy_bot):
        w = FlipCircusWidget(random.Random(seed), bot=bot)
        w.select(i)
        return w

    def actions_spent(seed):
        w = FlipCircusWidget(random.Random(seed), bot=greedy_bot)
        while w.state.actions_left and not w.state.pending and not w.state.is_over():
            w.select(0)
            w.do_flip()
        return w

    return [("flip circus pick", lambda: FlipCircusWidget(random.Random(1), bot=greedy_bot), lambda w: w.select(3)),
            ("flip circus flip", lambda: picked(1, 2), lambda w: w.do_flip()),
            ("flip circus power", lambda: picked(3, 5), lambda w: w.do_power()),
            ("flip circus end of turn, then the bot's", lambda: actions_spent(3), lambda w: w._act(END_TURN)),
            ("flip circus hot-seat flip", lambda: picked(4, 1, None), lambda w: w.do_flip()),
            ("flip circus new game", lambda: FlipCircusWidget(random.Random(5), bot=greedy_bot),
             lambda w: w.new_game())]


def _explorer_cases():
    from circuslib.flip_circus.explorers import RingExplorer
    from circuslib.scout.explorers import DealtHandExplorer, SetSomewhereExplorer

    def simulated_once():
        e = SetSomewhereExplorer(seed=3)
        e.simulate()
        return e

    def ring():
        return RingExplorer(seed=2)

    return [("scout set explorer simulate", SetSomewhereExplorer, lambda e: e.simulate()),
            ("scout set explorer simulate again", simulated_once, lambda e: e.simulate()),
            ("scout hand explorer deal", DealtHandExplorer, lambda e: e.deal()),
            ("ring explorer pick", ring, lambda e: e.select(4)),
            ("ring explorer deal", ring, lambda e: e.deal()),
            ("ring explorer face", ring, lambda e: e.set_face(3, e.ring_faces[2])),
            ("ring explorer forget", ring, lambda e: e.forget())]


_CASES = {"pig": _pig_cases, "flip7": _flip7_cases, "scout": _scout_cases, "speed": _speed_cases,
          "pcv": _pcv_cases, "flip_circus": _flip_circus_cases, "explorers": _explorer_cases}


def _state_of(widget) -> tuple:
    kept = ("state", "last_round", "pending", "selected", "wins", "points", "banked", "hidden", "viewer",
            "_hits", "_dealt", "shuffled", "deals", "ring_faces", "ring_backs")
    return tuple(repr(getattr(widget, name, None)) for name in kept) + (widget.rng.getstate(),)


@pytest.mark.parametrize("game", list(_CASES))
def test_ctrl_c_at_any_moment_of_any_click_leaves_the_game_as_before_and_the_click_works_again(game, capsys):
    tried = {}
    for label, make, click in _CASES[game]():
        tried[label] = _interrupted_everywhere(make, click, _state_of)
    with capsys.disabled():
        print(f"\n{game}: Ctrl-C tried at " + ", ".join(f"{n} moments of '{label}'" for label, n in tried.items())
              + f" ({sum(tried.values())} in all), stuck 0")
    assert sum(tried.values()) >= 20 * len(tried) // 2


def test_ctrl_c_while_speeds_bot_plays_on_its_timer_leaves_the_bot_reacting_again(capsys):
    """The bot's move comes from its timer, not a click: interrupted at any moment, the position stays as it was
    and the bot's next reaction is on the clock (it is never left without one)."""
    from circuslib.speed.widget import FakeClock, SpeedTable

    def ready():
        clock = FakeClock()
        table = SpeedTable(random.Random(5), scheduler=clock, paused=False)
        assert table.timer is not None and table.intended is not None, "the seeded bot has a card to play"
        return table, clock

    table, clock = ready()
    counter = _CtrlCAt()
    counter.run(table._bot_move)  # what the timer runs (inside its report of an error)
    total, tried = counter.lines, 0
    for at in sorted({1 + (total - 1) * k // (MOMENTS - 1) for k in range(MOMENTS)}):
        table, clock = ready()
        before = (repr(table.state), table.frame.board.value, tuple(table.frame.lines))
        stop = _CtrlCAt(at)
        stop.run(table._bot_move)
        if not stop.fired:
            continue
        tried += 1
        assert (repr(table.state), table.frame.board.value, tuple(table.frame.lines)) == before
        assert INTERRUPTED in table.frame.message.value
        assert table.timer is not None and clock.pending(), f"Ctrl-C at line {at} of {total} left the bot asleep"
        clock.advance(60)  # the bot reacts again, on its own
        assert len(table.frame.lines) > len(before[2]), f"after Ctrl-C at line {at} of {total} the bot never played"
    with capsys.disabled():
        print(f"\nspeed's bot on its timer: Ctrl-C tried at {tried} moments, stuck 0")
    assert tried >= MOMENTS // 2
