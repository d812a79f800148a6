"""The Flip Circus game to play: the ring as SVG, position buttons to pick tokens, the actions, Applause, posters,
the deduction panel, and hot-seat play (with a "pass the screen" step) or play against a bot.

The widget lays out, reacts and draws: the ring is ``pictures.ring_svg``, the deduction panel's numbers come from
``odds`` and ``graphs``. The ring explorer is in ``explorers``.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from ..core.access import named_row
from ..core.args import instance, rng_arg, whole
from ..core.game import Move
from ..core.svg import svg_text
from ..core.ui import Framed, GameFrame, all_or_nothing, button
from .graphs import winning_turns
from .odds import likeliest_turn, look_values, possible_backs
from .pictures import ring_description
from .rules import (
    ENCORE,
    END_TURN,
    MAKE_RETURN,
    SIZE,
    TAKE_APPLAUSE,
    FlipCircusOptions,
    FlipCircusState,
    _options,
    flip,
    look,
    name,
    new_game,
    power,
    ring_svg,
    swap,
)

__all__ = ["FlipCircusWidget"]


RING = named_row("circus-ring", "The ring: pick a token")


class FlipCircusWidget(Framed):
    """Play Flip Circus in a notebook: two students in hot-seat, or one student against a bot."""

    def __init__(self, rng: random.Random, *, bot: Callable[[FlipCircusState, random.Random], Any] | None = None,
                 human: int = 0, options: FlipCircusOptions | None = None, state: FlipCircusState | None = None,
                 rules: FlipCircusOptions | None = None) -> None:
        import ipywidgets as widgets

        rng_arg(rng)
        whole(human, "human (the seat the student plays)", 0, 1)
        if bot is not None and not callable(bot):
            raise TypeError("bot is a computer player, for example bots.greedy_bot (or None for hot-seat play)")
        self.rng, self.bot, self.human = rng, bot, human
        options = _options(options, rules)
        if state is not None:
            instance(state, "state", FlipCircusState, "a Flip Circus position, for example from_faces(...)")
        self.state = state if state is not None else new_game(options, rng=rng)
        if self.state.options.players != 2:
            raise ValueError("the widget plays the two-player game; the team variant is played with the library")
        self.selected: list[int] = []
        self.frame = GameFrame("Flip Circus", odds_visible=True)
        # classes, layouts and styles given when a widget is made travel with its comm_open; set afterwards, each
        # is one more message for the kernel and the server
        self.status = widgets.HTML(_dom_classes=("circus-status",))
        # the twenty buttons share one layout and one style: one widget model each rather than three (the same
        # look as core.ui.button's own). Each keeps the width of its words (flex 0 0 auto: a row that runs out of
        # room wraps instead of cutting them to "F..."), and its words are short: the tooltip says the rest
        make = partial(button, shared=(widgets.Layout(width="auto", flex="0 0 auto"), widgets.ButtonStyle()))

        self.position_buttons = []
        for i in range(SIZE):
            b = make(str(i), partial(self.select, i), css_class=f"circus-pick-{i}", name=f"Pick the token at place {i}")
            b.add_class("circus-pick")
            self.position_buttons.append(b)
        self.flip_button = make("Flip", self.do_flip, css_class="circus-flip", style="primary",
                                name="Flip the picked token")
        self.power_button = make("Power", self.do_power, css_class="circus-power",
                                 name="Use the power of the picked artist")
        self.swap_button = make("Swap", self.do_swap, css_class="circus-swap", name="Swap the two picked neighbours")
        self.look_button = make("Look (1 Applause)", self.do_look, css_class="circus-look",
                                name="Look: spend 1 Applause to see the back of the picked token")
        self.encore_button = make("Extra action", partial(self._act, ENCORE), css_class="circus-encore",
                                  name="Extra action: spend 1 Applause for one more action this turn")
        self.end_button = make("End turn", partial(self._act, END_TURN), css_class="circus-end", name="End your turn")
        self.take_button = make("Take Applause", partial(self._act, TAKE_APPLAUSE), css_class="circus-take",
                                name="Take an Applause from the reserve (a Clown group's reward)")
        self.return_button = make("Opponent returns 1", partial(self._act, MAKE_RETURN), css_class="circus-return",
                                  name="The opponent returns an Applause (a Clown group's reward)")
        self.pass_button = make("Show my ring", self.reveal, css_class="circus-pass", style="warning",
                                name="Show my ring: the next player is at the screen")
        self.new_button = make("New game", self.new_game, css_class="circus-new", name="Start a new game")
        actions = [self.flip_button, self.power_button, self.swap_button, self.look_button, self.encore_button,
                   self.end_button, self.take_button, self.return_button, self.pass_button, self.new_button]
        self.actions = actions
        wrap = widgets.Layout(flex_flow="row wrap")  # at any width every button reads whole: the rows wrap
        # the ring is one tab stop, its tokens reached with the arrow keys (core.access)
        ring = widgets.HBox(self.position_buttons, layout=wrap, _dom_classes=RING)
        self.rows = (ring, widgets.HBox(actions, layout=wrap))
        self.frame.set_controls([widgets.VBox([*self.rows, self.status])])
        self.hidden = False  # hot-seat: the ring is covered until the next player says they are at the screen
        self.viewer = self.state.player if bot is None else human
        self._bot_turn()
        self._refresh()

    # --- picking tokens -------------------------------------------------------------------------------
    @all_or_nothing("state", "selected", "hidden", "viewer")
    def select(self, i: int) -> None:
        """Pick (or unpick) the token at position i; at most two are picked, for a swap."""
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected = (self.selected + [i])[-2:]
        self._refresh()

    def _one(self) -> int | None:
        if len(self.selected) != 1:
            self.frame.say("pick exactly one token first (click its number)", error=True)
            return None
        return self.selected[0]

    @all_or_nothing("state", "selected", "hidden", "viewer")
    def do_flip(self) -> None:
        """Flip the picked token."""
        i = self._one()
        if i is not None:
            self._play(flip(i))

    @all_or_nothing("state", "selected", "hidden", "viewer")
    def do_power(self) -> None:
        """Use the power of the picked artist."""
        i = self._one()
        if i is not None:
            self._play(power(i))

    @all_or_nothing("state", "selected", "hidden", "viewer")
    def do_look(self) -> None:
        """Spend an Applause to look at the back of the picked token."""
        i = self._one()
        if i is not None:
            self._play(look(i))

    @all_or_nothing("state", "selected", "hidden", "viewer")
    def do_swap(self) -> None:
        """Swap the two picked neighbours."""
        if len(self.selected) != 2:
            self.frame.say("pick two neighbouring tokens to swap", error=True)
            return
        try:
            move = swap(*self.selected)
        except ValueError as error:
            self.frame.say(str(error), error=True)
            return
        self._play(move)

    # --- playing ------------------------------------------------------------------------------------------
    @all_or_nothing("state", "selected", "hidden", "viewer")
    def _act(self, move: Move) -> None:
        """A button's move (what ``_play`` answers is for the tests)."""
        self._play(move)

    def _play(self, move: Move) -> bool:
        if self.hidden:
            self.frame.say("pass the screen first", error=True)
            return False
        player = self.state.player
        before, after = self.state, self.frame.play_or_explain(self.state, move)
        if after is None:
            return False
        self.state = after
        self.selected = []
        self.frame.say("")
        self.frame.log(f"player {player}: {self._describe(before, move)}")
        self._after_move(player)
        self._refresh()
        return True

    def _describe(self, before: FlipCircusState, move: Move) -> str:
        text = str(move)
        if move.name == "flip":
            text += f" ({name(before.face(move.detail[0]))} to {name(self.state.face(move.detail[0]))})"
        gained = [a for team in self.state.posters for a in team if a not in [x for t in before.posters for x in t]]
        if gained:
            text += f"; poster{'s' if len(gained) > 1 else ''} {', '.join(gained)}!"
        return text

    def _won(self) -> str:
        winner = self.state.winner
        assert winner is not None  # the game is over: a team has won
        return f"Player {winner} wins with {', '.join(self.state.posters[winner])}!"

    def _after_move(self, player: int) -> None:
        if self.state.is_over():
            self.frame.say(self._won())
            return
        if self.state.player != player:
            if self.bot is None:
                self.hidden = True  # hot-seat: hide this player's secrets before the other one sits down
                self.frame.say(f"Turn over: pass the screen to player {self.state.player}")
            else:
                self._bot_turn()

    def _bot_turn(self) -> None:
        if self.bot is None:
            return
        while not self.state.is_over() and self.state.player != self.human:
            move = self.bot(self.state, self.rng)
            before = self.state
            self.state = self.state.play(move)
            self.frame.log(f"bot: {self._describe(before, move)}")
        if self.state.is_over():
            self.frame.say(self._won())

    @all_or_nothing("state", "selected", "hidden", "viewer")
    def reveal(self) -> None:
        """Hot-seat: the next player is at the screen; show their ring and their secrets."""
        self.hidden = False
        self.viewer = self.state.player
        self.frame.say(f"Player {self.viewer}, your turn")
        self._refresh()

    @all_or_nothing("state", "selected", "hidden", "viewer")
    def new_game(self) -> None:
        """Deal a new ring."""
        self.state = new_game(self.state.options, rng=self.rng)
        self.selected, self.hidden = [], False
        self.viewer = self.state.player if self.bot is None else self.human
        self.frame.log("new game")
        self.frame.say("")
        self._bot_turn()
        self._refresh()

    # --- drawing ------------------------------------------------------------------------------------------
    def _still_words(self) -> str:
        """The ring as this player sees it, in words: what an exported page says of the board."""
        if self.hidden:
            return ""
        view = self.state.view(self.viewer)
        return ring_description(view.faces, view.backs, caption=f"what player {self.viewer} sees")

    def _refresh(self) -> None:
        state = self.state
        if self.hidden:
            self.frame.show_board(f'<div class="circus-screen" style="padding:40px;font-size:18px">'
                                  f'Pass the screen to player {state.player}: the ring is hidden.</div>')
            self.frame.show_odds("")
        else:
            view = state.view(self.viewer)
            self.frame.show_board(ring_svg(view.faces, view.backs, selected=self.selected,
                                           caption=f"what player {self.viewer} sees (backs seen in brackets)"))
            self.frame.show_odds(self._deduction_html())
        over = state.is_over()
        my_turn = not over and not self.hidden and state.player == self.viewer
        applause = state.applause[state.team] if not over else 0
        for b in (self.flip_button, self.power_button, self.swap_button):
            b.disabled = not my_turn or state.pending or not state.actions_left
        self.look_button.disabled = self.encore_button.disabled = not my_turn or state.pending or not applause
        self.end_button.disabled = not my_turn or state.pending or bool(state.actions_left)
        self.take_button.disabled = not my_turn or not state.pending or TAKE_APPLAUSE not in state.legal_moves()
        self.return_button.disabled = not my_turn or not state.pending or MAKE_RETURN not in state.legal_moves()
        self.pass_button.disabled = not self.hidden
        for i, b in enumerate(self.position_buttons):
            b.button_style = "info" if i in self.selected else ""
            # picked is said in words too, not by the colour alone
            b.tooltip = (f"Unpick the token at place {i} (picked)" if i in self.selected
                         else f"Pick the token at place {i}")
            b.disabled = not my_turn
        posters = " | ".join(f"player {p}: {', '.join(map(name, team)) or '-'}" for p, team in enumerate(state.posters))
        left = state.actions_left
        turn = "game over" if over else f"player {state.player} to play, {left} action{'' if left == 1 else 's'} left"
        if state.pending and not over:
            turn += " - a Clown group! choose its reward"
        self.status.value = (f'<span class="circus-turn">{svg_text(turn)}</span> &middot; Applause '
                             f'<span class="circus-applause">{state.applause[0]} / {state.applause[1]}</span> '
                             f'(reserve {state.reserve}) &middot; posters <span class="circus-posters">'
                             f'{svg_text(posters)}</span> &middot; picked: {self.selected or "none"}')

    def _deduction_html(self) -> str:
        """Possible backs with exact probabilities, the value of a look, and a winning-turn hint."""
        backs = possible_backs(self.state, self.viewer)
        values = look_values(self.state, self.viewer)
        rows = []
        for i in range(SIZE):
            options = ", ".join(f"{name(a)} {p}" for a, p in backs[i].items())
            value = f"{float(values[i]):.2f} bits" if i in values else "seen"
            rows.append(f"<tr><td>{i}</td><td>{svg_text(name(self.state.face(i)))}</td>"
                        f"<td>{svg_text(options)}</td><td>{value}</td></tr>")
        hint = ""
        if not self.state.is_over() and self.state.player == self.viewer and not self.state.pending \
                and self.state.actions_left:
            plans = winning_turns(self.state, max_applause=min(1, self.state.applause[self.state.team]))
            best = likeliest_turn(plans)
            if best is not None:
                hint = (f"<p class='circus-hint'>{len(plans)} winning turn{'' if len(plans) == 1 else 's'} found; "
                        "the likeliest: "
                        f"{svg_text(', '.join(map(str, best.moves)))} (probability {best.probability})</p>")
            else:
                hint = "<p class='circus-hint'>No poster can be taken this turn.</p>"
        return (f"<b>What could be behind each token (player {self.viewer}'s knowledge)</b>"
                f"<table class='circus-backs'><tr><th>place</th><th>shows</th><th>possible backs</th>"
                f"<th>a look is worth</th></tr>{''.join(rows)}</table>{hint}")


# the names that moved to odds and explorers, kept here for one release
_MOVED = {"RingExplorer": "explorers", "Bits": "odds", "entropy_bits": "odds", "ring_problem": "odds",
          "RingOdds": "odds", "best_plans": "odds"}


def __getattr__(attribute: str) -> Any:
    if attribute in _MOVED:
        import importlib
        import warnings

        where = _MOVED[attribute]
        warnings.warn(f"{attribute} is now in circuslib.flip_circus.{where}; this old place goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(f"circuslib.flip_circus.{where}"), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
