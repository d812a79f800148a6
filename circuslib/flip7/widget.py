"""Flip 7 in the notebook: a whole game against 1 to 9 bots, with a switchable odds panel.

The widget lays out the table, reacts to the buttons and draws: every value it shows comes from ``odds``
(``table_odds``: the live bust chance, the gain of one more card, the advice), every move of a bot from ``bots``,
and the table's picture from ``pictures``. The explorers are in ``explorers``.
"""
from __future__ import annotations

import numbers
import random
import warnings
from collections.abc import Sequence
from functools import partial
from typing import Any

from ..core.args import rng_arg, text, whole
from ..core.game import CHANCE, Move
from ..core.svg import Picture, svg_text
from ..core.ui import Framed, GameFrame, all_or_nothing, button
from .bots import Bot, CardCounter, Optimal, StopAtRisk, StopAtSum
from .odds import table_odds
from .pictures import hand_row_picture, table_picture
from .rules import HIT, STAY, Flip7State, counted, draw_card, new_game

__all__ = ["Flip7Widget", "default_bots"]


def default_bots(n: int) -> list[Bot]:
    """n computer opponents of different styles."""
    styles = [StopAtSum(23), StopAtRisk(), Optimal(), CardCounter(), StopAtSum(30), StopAtSum(15)]
    return [styles[i % len(styles)] for i in range(n)]


class Flip7Widget(Framed):
    """Play a game of Flip 7 as player 0 against bots: Hit and Stay, targets for action cards, every row drawn,
    the move log, and a switchable odds panel (live bust chance, expected gain, optimal advice)."""

    def __init__(self, rng: random.Random, bots: Sequence[Bot] | int = 3, *, name: str = "You",
                 start: Flip7State | None = None, odds_visible: bool = False) -> None:
        rng_arg(rng)
        name = text(name, "name (what the board calls you)").strip()
        if not 1 <= len(name) <= 30:
            raise ValueError("name is what the board calls you: 1 to 30 characters, such as 'Ada'")
        if isinstance(bots, numbers.Integral) and not isinstance(bots, bool):  # 3, or numpy's 3
            bots = default_bots(whole(int(bots), "the number of bots to play against", 1, 9))
        if isinstance(bots, bool) or not isinstance(bots, Sequence):
            raise TypeError("bots is how many to play against (1 to 9), or a list of bots such as [StopAtSum(23)]")
        bots = list(bots)
        if not 1 <= len(bots) <= 9 or not all(isinstance(b, Bot) for b in bots):
            raise ValueError("give 1 to 9 bots (for example [StopAtSum(23), Optimal()])")
        self.rng, self.bots = rng, bots
        self.names = [name] + [f"Bot {i + 1} ({b.name})" for i, b in enumerate(bots)]
        self.frame = GameFrame("Flip 7: hit or stay?", odds_visible=odds_visible, log_lines=40)
        self.hit_button = button("Hit", self.hit, css_class="circus-hit", style="primary",
                                 name="Hit: draw one more card")
        self.stay_button = button("Stay", self.stay, css_class="circus-stay",
                                  name="Stay: bank the points in front of you")
        self.new_button = button("New game", self.new_game, css_class="circus-new",
                                 name="Deal a new game")
        self.scores = self.frame._widgets.HTML(_dom_classes=("circus-scores",))  # no update message to add it later
        self.frame.add_panel(self.scores, before="controls")
        self.frame.widget.add_class("circus-flip7")
        self.start = start
        self.last_round = ""
        self.new_game()

    # --- actions ----------------------------------------------------------------------------------------------
    @all_or_nothing("state", "last_round")
    def new_game(self) -> None:
        """Deal a new game (the same start again if one was given)."""
        self.state = self.start or new_game(players=len(self.bots) + 1, rng=self.rng)  # a dealer drawn at random
        self.frame.lines.clear()
        self.last_round = ""
        self.frame.log("a new game: the dealer deals one card to everyone")
        self.frame.say("")
        self._advance()

    @all_or_nothing("state", "last_round")
    def hit(self) -> None:
        """Ask for another card."""
        self._play(HIT)

    @all_or_nothing("state", "last_round")
    def stay(self) -> None:
        """Stop and bank this round's points."""
        self._play(STAY)

    @all_or_nothing("state", "last_round")
    def give(self, card: str, target: int) -> None:
        """Give the action card waiting in front of you to ``target``."""
        self._play(Move("target", (card, target)))

    def _play(self, move) -> None:
        after = self.frame.play_or_explain(self.state, move, explain=self._named)
        if after is None:
            return
        self._step_to(after)
        self.frame.say("")
        self._advance()

    def _step(self, move) -> None:
        self._step_to(self.state.play(move))

    def _step_to(self, after) -> None:
        before, self.state = self.state, after
        for line in filter(None, self.state.last.split("; ")):
            self.frame.log(self._named(line))
        if self.state.round != before.round or self.state.is_over():
            self._round_summary(before)

    def _advance(self) -> None:
        """Let the dealer and the bots play until it is the student's choice or the game is over."""
        for _ in range(10_000):
            s = self.state
            if s.is_over():
                break
            if s.current_player == CHANCE:
                self._step(draw_card(s.deck, self.rng))
            elif s.current_player == 0:
                break
            else:
                bot = self.bots[s.current_player - 1]
                if s.pending:
                    owner, card = s.pending[0]
                    target = bot.choose_target(owner, card, s.hands, s.totals, s.targets_for(owner, card))
                    self._step(Move("target", (card, target)))
                else:
                    deck = s.deck if any(s.deck) else s.discard
                    self._step(HIT if bot.wants_hit(s.hands[s.turn], deck) else STAY)
        self._refresh()

    def _round_summary(self, before: Flip7State) -> None:
        gained = [after - was for after, was in zip(self.state.totals, before.totals)]
        mine = "you score " + str(gained[0]) if 0 in before.contenders else "you sit out the tie-break"
        self.last_round = f"Round {before.round} is over: {mine}."
        if self.state.is_over():
            winner = self.state.winner() or 0
            self.last_round += (" You win the game!" if winner == 0 else f" {self.names[winner]} wins the game.")

    def _named(self, line: str) -> str:
        for p in reversed(range(len(self.names))):
            line = line.replace(f"player {p}", self.names[p])
        for verb in ("draws", "hits", "stays", "freezes", "gives", "makes", "reveals", "wins", "banks", "keeps"):
            line = line.replace(f"{self.names[0]} {verb}", f"{self.names[0]} {verb[:-1]}")
        return line

    # --- drawing ----------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        s = self.state
        board = _shown(table_picture(s, names=self.names))
        if s.previous and not s.is_over():  # folded: the rows in play are drawn once; the message says how it ended
            rows = "<br>".join(_shown(hand_row_picture(h, label=name)) for name, h in zip(self.names, s.previous))
            board += (f"<details class='circus-previous'><summary>Round {s.round - 1} as it ended</summary>"
                      f"{rows}</details>")
        self.frame.show_board(board)
        totals = "".join(f"<td style='padding:0 8px'>{svg_text(n)}: <b>{t}</b> ({h.score()} this round)</td>"
                         for n, t, h in zip(self.names, s.totals, s.hands))
        self.scores.value = f"<table><tr>{totals}</tr></table>"
        my_turn = not s.is_over() and s.current_player == 0
        controls = [self.hit_button, self.stay_button]
        if my_turn and s.pending:
            owner, card = s.pending[0]
            prefix, self.last_round = self.last_round, ""
            self.frame.say((prefix + " " if prefix else "") + f"You drew {card}: choose who gets it.")
            for target in s.targets_for(owner, card):
                who = "yourself" if target == 0 else self.names[target]
                b = self.frame.move_button(f"{card} → {who}", partial(self.give, card, target),
                                           css_class="circus-target", name=f"Give the {card} to {who}")
                controls.append(b)
            self.hit_button.disabled = self.stay_button.disabled = True
        else:
            self.hit_button.disabled = self.stay_button.disabled = not my_turn
            if s.is_over():
                self.frame.say(self.last_round or "The game is over.")
            elif my_turn:
                prefix = self.last_round
                self.last_round = ""
                points = counted(s.hands[0].score(), "point")
                self.frame.say((prefix + " " if prefix else "") + f"Your turn: {points} in front of you. Hit or stay?")
            elif 0 not in s.contenders:
                self.frame.say("The bots play a tie-break round.")
        controls.append(self.new_button)
        self.frame.set_controls(controls)
        self.frame.show_odds(self._odds_html())

    def _odds_html(self) -> str:
        odds = table_odds(self.state, 0)
        if odds is None:
            return "<i>You are out of this round: no odds to show.</i>"
        risk, fresh = odds.bust, odds.bust_fresh
        lines = [
            f"<b>Chance the next card busts you:</b> <span class='circus-bust'>{risk}</span> "
            f"(≈ {float(risk):.1%}: {odds.busting} bad cards of {odds.left} left)",
            f"<b>Without counting the cards seen:</b> {fresh} (≈ {float(fresh):.1%})",
            f"<b>Expected gain of one more card:</b> {float(odds.gain):+.2f} points",
            f"<b>Advice</b> (a lone player's optimum for the deck left, numbers only): "
            f"<span class='circus-advice'>{odds.counted_advice}</span>",
        ]
        if odds.fresh_advice is not None:
            lines.append(f"<b>Advice on a fresh deck</b> (numbers only): {odds.fresh_advice}")
        if odds.every_card is not None:
            advice, model = odds.every_card
            lines.append(f"<b>Advice from the {svg_text(model)}</b> (alone with a fresh deck less your own cards, "
                         f"every action card played on yourself): <span class='circus-solo-advice'>{advice}</span>")
        if odds.second_chance:
            lines.append("<i>You hold a Second Chance: a duplicate would not bust you this time.</i>")
        return "<br>".join(lines)


def _shown(picture: Picture) -> str:
    """A picture of the table as the board shows it: its SVG, and its words for a screen reader."""
    return (f'<div class="circus-flip7-board" role="img" aria-label="{svg_text(picture.description())}">'
            f"{picture.svg()}</div>")


_MOVED = {"OddsExplorer", "PolicyExplorer", "DeckExplorer"}


def __getattr__(name: str) -> Any:
    """The explorers, for one release under their old address (they are now in circuslib.flip7.explorers)."""
    if name in _MOVED:
        warnings.warn(f"{name} is now in circuslib.flip7.explorers; its place here goes in the next release",
                      DeprecationWarning, stacklevel=2)
        from . import explorers

        return getattr(explorers, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
