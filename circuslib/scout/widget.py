"""Play Scout against bots in a notebook: your hand as cards, the active set, show, scout, Scout & Show, the flip.

You are player 0. Click adjacent cards of your hand to select them, then Show; or pick the end of the active set,
whether to turn the card round and the gap to put it in, then Scout. Switch on Scout & Show (once a round) to
scout first and then show from the new hand.

The widget lays out, reacts and draws: the rules decide what is legal, ``odds`` counts the shows, ``pictures``
draws the board, and the bots choose the other players' moves. The explorers are in ``explorers``.
"""
from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..core.access import named_row
from ..core.args import instance, rng_arg, whole
from ..core.game import CHANCE
from ..core.ui import Framed, GameFrame, all_or_nothing, button, replace_children, transient_control
from .bots import BOTS, greedy_bot
from .odds import count_shows, strongest_show
from .pictures import a_number, board_svg
from .rules import (
    FLIP_HAND,
    KEEP_HAND,
    Card,
    FlipHand,
    KeepHand,
    Scout,
    ScoutAndShow,
    ScoutMove,
    ScoutOptions,
    ScoutState,
    Show,
    _scouted,
    deal_round,
    flip_hand,
    longest_set,
    new_game,
)

__all__ = ["ScoutWidget", "describe_move"]

YOU = 0


def describe_move(state: ScoutState, move: ScoutMove) -> str:
    """The move in words, with the numbers it involves (for the move log)."""
    who = "You" if state.turn == YOU else f"Player {state.turn}"
    if isinstance(move, FlipHand):
        return f"{who} flipped the whole hand"
    if isinstance(move, KeepHand):
        return f"{who} kept the hand as dealt"
    hand, table = state.hands[state.turn], state.table
    captured = f", capturing {' '.join(str(c[0]) for c in table)}" if table else ""
    if isinstance(move, Show):
        shown = " ".join(str(c[0]) for c in hand[move.start:move.stop])
        return f"{who} showed {shown}{captured}"
    if isinstance(move, Scout):
        _, _, card = _scouted(hand, table, move)
        return f"{who} scouted {a_number(card[0])} from the {move.end} end"
    if isinstance(move, ScoutAndShow):
        new_hand, rest, card = _scouted(hand, table, move)
        shown = " ".join(str(c[0]) for c in new_hand[move.start:move.stop])
        taken = f", capturing {' '.join(str(c[0]) for c in rest)}" if rest else ""
        return f"{who} used Scout & Show: scouted {a_number(card[0])}, then showed {shown}{taken}"
    return f"{who}: {move}"


HAND = named_row("circus-scout-hand", "Your hand: select the cards to show")


class ScoutWidget(Framed):
    """Scout for 2 to 5 players: you (player 0) against bots (greedy by default)."""

    def __init__(self, n_players: int = 3, rng: random.Random | None = None, *,
                 bots: Sequence[Callable[..., Any] | str] | Callable[..., Any] | str = greedy_bot,
                 rounds: int | None = None, options: ScoutOptions | None = None) -> None:
        import ipywidgets as widgets
        from ipywidgets.widgets.widget_bool import ToggleButtonStyle  # not exported at the package's top level

        whole(n_players, "n_players (Scout is played by 2 to 5 players)", 2, 5)
        options = ScoutOptions() if options is None else instance(options, "options", ScoutOptions,
                                                                  "a ScoutOptions, for example ScoutOptions()")
        if rounds is not None:  # the widget's own setting, kept beside the options
            options = replace(options, rounds=whole(rounds, "rounds", 1))
        self.rng: random.Random = rng_arg(rng, "rng")
        self.n_players, self.options = n_players, options
        bots = [bots] * (n_players - 1) if callable(bots) or isinstance(bots, str) else list(bots)
        if len(bots) != n_players - 1:
            raise ValueError(f"give one bot for each of the {n_players - 1} other players")
        self.bots = [BOTS[b] if isinstance(b, str) else b for b in bots]
        self.frame = GameFrame(f"Scout: you against {n_players - 1} bot{'s' if n_players > 2 else ''}",
                               odds_visible=True)
        self.frame.widget.add_class("circus-scout-widget")
        # CSS classes are given as the widgets are made (_dom_classes): each add_class afterwards is one more message
        self.status = widgets.HTML(_dom_classes=("circus-scores",))
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"), _dom_classes=("circus-hand", *HAND))
        # the buttons that last share one layout and one look, and the hand's cards another pair: each widget
        # model is a message the kernel and the server both handle when the lesson opens
        buttons = (widgets.Layout(width="auto"), widgets.ButtonStyle())
        self._card_parts = (widgets.Layout(width="64px"), ToggleButtonStyle())
        self.show_button = button("Show selected", self.show, css_class="circus-show", style="primary",
                                  shared=buttons, name="Show the selected cards")
        self.end_choice = widgets.Dropdown(options=["left", "right"], value="left", description="end",
                                           tooltip="Scout from which end of the table's show",
                                           layout=widgets.Layout(width="140px"), _dom_classes=("circus-scout-end",))
        self.flip_choice = widgets.Checkbox(value=False, description="turn it round", indent=False,
                                            tooltip="Turn the scouted card round",
                                            layout=widgets.Layout(width="120px"), _dom_classes=("circus-scout-flip",))
        self.gap_choice = widgets.Dropdown(options=[0], value=0, description="into gap",
                                           tooltip="Where the scouted card goes in your hand",
                                           layout=widgets.Layout(width="150px"), _dom_classes=("circus-scout-gap",))
        self.scout_button = button("Scout", self.scout, css_class="circus-scout", shared=buttons,
                                   name="Scout: take the chosen end card of the table into your hand")
        self.sns_toggle = widgets.ToggleButton(value=False, description="Scout & Show chip",
                                               tooltip="Scout & Show chip: scout, then show at once",
                                               _dom_classes=("circus-sns",))
        self.sns_toggle.observe(self._sns_changed, names="value")
        self.flip_button = button("Flip my hand", self.flip, css_class="circus-flip", shared=buttons,
                                  name="Flip my hand: turn the whole hand round")
        self.keep_button = button("Keep my hand", self.keep, css_class="circus-keep", shared=buttons,
                                  name="Keep my hand the way it was dealt")
        self.new_button = button("New game", self.new_game, css_class="circus-new", shared=buttons,
                                 name="Deal a new game")
        self.frame.set_controls([self.flip_button, self.keep_button, self.show_button, self.end_choice,
                                 self.flip_choice, self.gap_choice, self.scout_button, self.sns_toggle,
                                 self.new_button])
        self.frame.add_panel(self.status, before="board")
        self.frame.add_panel(self.hand_box, before="controls")
        self.toggles: list[Any] = []
        self.pending: Scout | None = None
        self.new_game()

    # --- actions -------------------------------------------------------------------------------------
    @all_or_nothing("state", "pending", "toggles")
    def new_game(self) -> None:
        """Deal a new game; the bots play until it is your turn."""
        self.state = new_game(self.options, players=self.n_players)
        self.pending = None
        self.frame.lines.clear()
        self.frame.log("New game: the cards are dealt, each either way up.")
        self.frame.say("")
        self._advance()

    @property
    def selected(self) -> list[int]:
        """The positions of the selected cards in your hand."""
        return [i for i, t in enumerate(self.toggles) if t.value]

    def select(self, positions: Sequence[int]) -> None:
        """Select exactly these cards of your hand (as clicking them would)."""
        for i, t in enumerate(self.toggles):
            t.value = i in positions

    @all_or_nothing("state", "pending", "toggles")
    def flip(self) -> None:
        """Turn your whole hand round (only before the round starts)."""
        self._play(FLIP_HAND)

    @all_or_nothing("state", "pending", "toggles")
    def keep(self) -> None:
        """Keep your hand as dealt."""
        self._play(KEEP_HAND)

    @all_or_nothing("state", "pending", "toggles")
    def show(self) -> None:
        """Show the selected cards (they must be adjacent and form a set that beats the table)."""
        chosen = self.selected
        if not chosen:
            self.frame.say("Select the cards to show first (click them).", error=True)
            return
        if chosen != list(range(chosen[0], chosen[-1] + 1)):
            self.frame.say("A show is one card or adjacent cards: the selected cards have a gap between them.",
                           error=True)
            return
        start, stop = chosen[0], chosen[-1] + 1
        if self.pending is not None:
            p = self.pending
            self._play(ScoutAndShow(p.end, p.flip, p.position, start, stop))
        else:
            self._play(Show(start, stop))

    @all_or_nothing("state", "pending", "toggles")
    def scout(self) -> None:
        """Scout the chosen end card, turned round or not, into the chosen gap (with Scout & Show: then show)."""
        move = Scout(self.end_choice.value, bool(self.flip_choice.value), int(self.gap_choice.value))
        if self.sns_toggle.value:
            if self.pending is not None:
                self.frame.say("You already scouted for this Scout & Show: now select the cards to show.", error=True)
                return
            problem = None if self.state.can_scout_and_show(YOU) else (
                "you already used your Scout & Show chip this round" if self.state.n_players > 2
                else "the 2-player game has no Scout & Show")
            if problem is None and self.state.current_player == YOU and self.state.phase == "play":
                problem = self.state._scout_refusal(YOU, self.state.hands[YOU], move)
            elif problem is None:
                problem = "it is not your turn"
            if problem:
                self.frame.say(f"Not allowed: {problem}", error=True)
                return
            self.pending = move
            self.frame.say("Scouted for Scout & Show: now select cards of your new hand and press Show.")
            self._refresh()
            return
        self._play(move)

    def _sns_changed(self, change: dict[str, Any]) -> None:
        if not change["new"] and self.pending is not None:
            self.pending = None
            self.frame.say("Scout & Show cancelled: the card went back.")
        self._refresh()

    # --- the engine ----------------------------------------------------------------------------------
    def _play(self, move: ScoutMove) -> bool:
        if self.state.current_player != YOU:
            self.frame.say("It is not your turn.", error=True)
            return False
        after = self.frame.play_or_explain(self.state, move)
        if after is None:
            return False
        self.frame.log(describe_move(self.state, move))
        self._after(after)
        self.pending = None
        self.sns_toggle.value = False
        self.frame.say("")
        self._advance()
        return True

    def _after(self, after: ScoutState) -> None:
        if len(after.history) > len(self.state.history):
            result = after.history[-1]
            self.frame.log(f"Round {len(after.history)}: {result}")
        self.state = after

    def _advance(self) -> None:
        """Deal and let the bots move until it is your turn or the game is over."""
        for _ in range(10_000):
            s = self.state
            if s.is_over():
                best = max(s.totals)
                winners = [i for i, t in enumerate(s.totals) if t == best]
                you = "You win" if winners == [YOU] else ("You share the win" if YOU in winners
                                                          else f"Player {winners[0]} wins")
                self.frame.say(f"Game over. {you} with {best} points. Totals: {list(s.totals)}")
                break
            if s.current_player == CHANCE:
                self.state = deal_round(s, self.rng)
                continue
            if s.current_player == YOU:
                break
            move = self.bots[s.turn - 1](s, self.rng)
            self.frame.log(describe_move(s, move))
            self._after(s.play(move))
        self._refresh()

    # --- drawing -------------------------------------------------------------------------------------
    def _view(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """(your hand, the table) as you see them now: after a pending Scout & Show scout, the preview."""
        hand, table = self.state.hands[YOU], self.state.table
        if self.pending is not None:
            hand, table, _ = _scouted(hand, table, self.pending)
        return hand, table

    def _refresh(self) -> None:
        import ipywidgets as widgets

        s = self.state
        hand, table = self._view()
        mine = s.current_player == YOU
        flipping, playing = mine and s.phase == "flip", mine and s.phase == "play"
        self.status.value = self._status_html()
        self.frame.show_board(board_svg(s, hand, table, you=YOU, selected=self.selected))
        previous = set(self.selected) if len(self.toggles) == len(hand) else set()
        self.toggles = []
        for i, card in enumerate(hand):
            t = transient_control(widgets.ToggleButton(  # made for this hand only: closed when the hand is redrawn
                value=i in previous, description=f"{card[0]} ({card[1]})",
                tooltip=f"Select card {i + 1} of your hand: {card[0]} up, {card[1]} on the other end",
                layout=self._card_parts[0], style=self._card_parts[1], disabled=not playing,
                _dom_classes=("circus-hand-card", f"circus-hand-{i}")),
                shared=self._card_parts)  # the cards' one layout and look stay for the next hand
            t.observe(self._selection_changed, names="value")
            self.toggles.append(t)
        replace_children(self.hand_box, self.toggles)
        self.flip_button.disabled = self.keep_button.disabled = not flipping
        self.show_button.disabled = not playing
        can_scout = playing and s.can_scout(YOU) and self.pending is None
        for w in (self.scout_button, self.end_choice, self.flip_choice, self.gap_choice):
            w.disabled = not can_scout
        self.end_choice.options = ["left", "right"] if len(table) > 1 else ["left"]
        gaps = list(range(len(s.hands[YOU]) + 1))
        if list(self.gap_choice.options) != gaps:
            self.gap_choice.options = gaps
            self.gap_choice.value = 0
        self.sns_toggle.disabled = not (playing and (s.can_scout_and_show(YOU) or self.pending is not None))
        self.frame.show_odds(self._odds_html(hand, table))

    def _selection_changed(self, change: dict[str, Any]) -> None:
        hand, table = self._view()
        self.frame.show_board(board_svg(self.state, hand, table, you=YOU, selected=self.selected))

    def _status_html(self) -> str:
        s = self.state
        names = ["You"] + [f"Player {i}" for i in range(1, s.n_players)]
        rows = "".join(
            f"<tr><td>{names[i]}</td><td>{len(s.hands[i])}</td><td>{len(s.captured[i])}</td><td>{s.chips[i]}</td>"
            f"<td>{'used' if s.n_players > 2 and s.sns_used[i] else ('—' if s.n_players == 2 else 'ready')}</td>"
            f"<td><b>{s.totals[i]}</b></td></tr>" for i in range(s.n_players))
        round_text = f"Round {min(s.round + 1, s.rounds)} of {s.rounds}" if not s.is_over() else "Game over"
        return (f"<div>{round_text}. Points: captured cards + chips − cards in hand at the round's end.</div>"
                "<table class='circus-score-table'><tr><th>player</th><th>cards</th><th>captured</th>"
                f"<th>chips</th><th>Scout&amp;Show</th><th>total</th></tr>{rows}</table>")

    def _odds_html(self, hand: tuple[Any, ...], table: tuple[Any, ...]) -> str:
        values = [c[0] for c in hand]
        best = strongest_show(hand, table)
        lines = [f"<b>Shows that beat the table:</b> <span class='circus-show-count'>{count_shows(hand, table)}</span>"]
        if best:
            lines.append(f"<b>Biggest:</b> {' '.join(map(str, values[best[0]:best[1]]))}")
        lines.append(f"<b>Longest set in your hand:</b> {longest_set(hand)}")
        if self.state.phase == "flip":
            turned = flip_hand(hand, self.state.options.flip_reverses_order)
            lines.append(f"<b>Turned round:</b> longest set {longest_set(turned)}, "
                         f"{count_shows(turned)} shows (now {count_shows(hand)})")
        return "<br>".join(lines)


_MOVED = {"SetSomewhereExplorer": "explorers", "DealtHandExplorer": "explorers"}


def __getattr__(name: str) -> Any:
    """The explorers, which lived here, still answer for one release (with a DeprecationWarning)."""
    if name in _MOVED:
        warnings.warn(f"{name} is now in circuslib.scout.{_MOVED[name]}; the old place goes in the next release",
                      DeprecationWarning, stacklevel=2)
        from . import explorers

        return getattr(explorers, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
