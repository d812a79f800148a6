"""Flip 7 in the notebook: a whole game against 1 to 9 bots, and an explorer of bust odds and advice."""
from __future__ import annotations

import html
import random
from typing import Sequence

from ..core.game import CHANCE, Move
from ..core.ui import Framed, GameFrame, Shown, button
from .bots import Bot, CardCounter, Optimal, StopAtRisk, StopAtSum, _counting_hit, live_bust_probability
from .odds import bust_formula, bust_formula_values, bust_probability, expected_gain, solo_optimal
from .rules import (CARDS, DECK_COUNTS, HIT, STAY, Flip7Game, card_name, draw_card, game_svg, hand_svg, new_game)

__all__ = ["Flip7Widget", "OddsExplorer", "default_bots"]


def default_bots(n: int) -> list[Bot]:
    """n computer opponents of different styles."""
    styles = [StopAtSum(23), StopAtRisk(), Optimal(), CardCounter(), StopAtSum(30), StopAtSum(15)]
    return [styles[i % len(styles)] for i in range(n)]


class Flip7Widget(Framed):
    """Play a game of Flip 7 as player 0 against bots: Hit and Stay, targets for action cards, every row drawn,
    the move log, and a switchable odds panel (live bust chance, expected gain, optimal advice)."""

    def __init__(self, rng: random.Random, bots: Sequence[Bot] | int = 3, *, name: str = "You",
                 start: Flip7Game | None = None, odds_visible: bool = False) -> None:
        if not isinstance(rng, random.Random):
            raise TypeError("pass a seeded random generator, for example Flip7Widget(random.Random(1))")
        if isinstance(bots, int) and not isinstance(bots, bool):
            if not 1 <= bots <= 9:
                raise ValueError("play against 1 to 9 bots")
            bots = default_bots(bots)
        bots = list(bots)
        if not 1 <= len(bots) <= 9 or not all(isinstance(b, Bot) for b in bots):
            raise ValueError("give 1 to 9 bots (for example [StopAtSum(23), Optimal()])")
        self.rng, self.bots = rng, bots
        self.names = [name] + [f"Bot {i + 1} ({b.name})" for i, b in enumerate(bots)]
        self.frame = GameFrame("Flip 7: hit or stay?", odds_visible=odds_visible, log_lines=40)
        self.hit_button = button("Hit", self.hit, css_class="circus-hit", style="primary")
        self.stay_button = button("Stay", self.stay, css_class="circus-stay")
        self.new_button = button("New game", self.new_game, css_class="circus-new")
        self.scores = self.frame._widgets.HTML()
        self.scores.add_class("circus-scores")
        self.frame.add_panel(self.scores, before="controls")
        self.frame.widget.add_class("circus-flip7")
        self.start = start
        self.last_round = ""
        self.new_game()

    # --- actions ----------------------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Deal a new game (the same start again if one was given)."""
        self.state = self.start or new_game(len(self.bots) + 1, dealer=self.rng.randrange(len(self.bots) + 1))
        self.frame.lines.clear()
        self.last_round = ""
        self.frame.log("a new game: the dealer deals one card to everyone")
        self.frame.say("")
        self._advance()

    def hit(self) -> None:
        """Ask for another card."""
        self._play(HIT)

    def stay(self) -> None:
        """Stop and bank this round's points."""
        self._play(STAY)

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

    def _round_summary(self, before: Flip7Game) -> None:
        gained = [after - was for after, was in zip(self.state.totals, before.totals)]
        mine = "you score " + str(gained[0]) if 0 in before.contenders else "you sit out the tie-break"
        self.last_round = f"Round {before.round} is over: {mine}."
        if self.state.is_over():
            winner = self.state.winner()
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
        board = game_svg(s, names=self.names)
        just_ended = bool(self.last_round)  # the student's last action ended a round: show how it ended
        if s.previous and not s.is_over():
            rows = "<br>".join(hand_svg(h, label=name) for name, h in zip(self.names, s.previous))
            board += (f"<details class='circus-previous'{' open' if just_ended else ''}><summary>Round {s.round - 1} as it ended</summary>"
                      f"{rows}</details>")
        self.frame.show_board(board)
        totals = "".join(f"<td style='padding:0 8px'>{html.escape(n)}: <b>{t}</b> ({h.score()} this round)</td>"
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
                b = button(f"{card} → {who}", lambda c=card, t=target: self.give(c, t), css_class="circus-target")
                controls.append(b)
            self.hit_button.disabled = self.stay_button.disabled = True
        else:
            self.hit_button.disabled = self.stay_button.disabled = not my_turn
            if s.is_over():
                self.frame.say(self.last_round or "The game is over.")
            elif my_turn:
                prefix = self.last_round
                self.last_round = ""
                self.frame.say((prefix + " " if prefix else "") + f"Your turn: {s.hands[0].score()} points in front "
                               "of you. Hit or stay?")
            elif 0 not in s.contenders:
                self.frame.say("The bots play a tie-break round.")
        controls.append(self.new_button)
        self.frame.set_controls(controls)
        self.frame.show_odds(self._odds_html())

    def _odds_html(self) -> str:
        s = self.state
        hand = s.hands[0]
        if s.is_over() or not hand.active:
            return "<i>You are out of this round: no odds to show.</i>"
        deck = s.deck if any(s.deck) else s.discard
        risk = live_bust_probability(hand.numbers, deck)
        fresh = bust_probability(hand.numbers)
        gain = _live_gain(hand, deck)
        advice = "hit" if _counting_hit(tuple(deck[:13]), hand.numbers, hand.modifiers) else "stay"
        plain = solo_optimal("numbers").advice(hand.numbers) if not hand.modifiers else None
        left = sum(deck)
        lines = [
            f"<b>Chance the next card busts you:</b> <span class='circus-bust'>{risk}</span> "
            f"(≈ {float(risk):.1%}: {risk.numerator if risk else 0} bad cards of {left} left)",
            f"<b>Without counting the cards seen:</b> {fresh} (≈ {float(fresh):.1%})",
            f"<b>Expected gain of one more card:</b> {float(gain):+.2f} points",
            f"<b>Advice</b> (a lone player's optimum for the deck left): <span class='circus-advice'>{advice}</span>",
        ]
        if plain is not None:
            lines.append(f"<b>Advice on a fresh deck:</b> {plain}")
        if hand.second_chance:
            lines.append("<i>You hold a Second Chance: a duplicate would not bust you this time.</i>")
        return "<br>".join(lines)


def _live_gain(hand, deck):
    """The expected change of the round score from one more card from ``deck`` (actions count as no change)."""
    from fractions import Fraction

    from .rules import round_score

    now = hand.score()
    total = sum(deck)
    gain = Fraction(0)
    for card, count in zip(CARDS, deck):
        if not count:
            continue
        if isinstance(card, int):
            after = (now if hand.second_chance else 0) if card in hand.numbers else round_score(
                hand.numbers + (card,), hand.modifiers)
        elif card in ("+2", "+4", "+6", "+8", "+10", "x2"):
            after = round_score(hand.numbers, hand.modifiers + (card,))
        else:
            after = now
        gain += Fraction(count * (after - now), total)
    return gain


class OddsExplorer(Shown):
    """Pick the numbers held and the cards seen; see the bust chance (and its formula), the expected gain of one
    more card, and the optimal advice, updated at once."""

    def __init__(self, held: Sequence[int] = (), seen: Sequence = ()) -> None:
        import ipywidgets as widgets

        self.held_buttons = []
        for n in range(13):
            b = widgets.ToggleButton(value=n in held, description=str(n), layout=widgets.Layout(width="42px"))
            b.add_class("circus-held")
            b.add_class(f"circus-held-{n}")
            b.observe(lambda _: self.update(), names="value")
            self.held_buttons.append(b)
        self.seen_boxes = []
        for card, count in zip(CARDS, DECK_COUNTS):
            box = widgets.BoundedIntText(value=list(seen).count(card), min=0, max=count,
                                         description=card_name(card), layout=widgets.Layout(width="170px"),
                                         style={"description_width": "100px"})
            box.add_class("circus-seen")
            box.observe(lambda _: self.update(), names="value")
            self.seen_boxes.append(box)
        self.result = widgets.HTML()
        self.result.add_class("circus-explorer-result")
        self.widget = widgets.VBox([
            widgets.HTML("<b>Numbers in front of the player</b> (click to hold or drop):"),
            widgets.HBox(self.held_buttons, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Cards seen</b> (out of the deck: other rows, discards):"),
            widgets.HBox(self.seen_boxes, layout=widgets.Layout(flex_flow="row wrap")),
            self.result,
        ])
        self.widget.add_class("circus-explorer")
        self.update()

    @property
    def held(self) -> list[int]:
        """The numbers toggled on."""
        return [n for n, b in enumerate(self.held_buttons) if b.value]

    @property
    def seen(self) -> list:
        """The seen cards, each kind as many times as its box says."""
        return [card for card, box in zip(CARDS, self.seen_boxes) for _ in range(box.value)]

    def update(self) -> None:
        """Recompute everything for the current choices."""
        held, seen = self.held, self.seen
        try:
            p = bust_probability(held, seen)
            formula = bust_formula(held)
            values = bust_formula_values(held, seen)
            gain = expected_gain(held, seen, deck="full")
            numbers_seen = [c for c in seen if isinstance(c, int)]
            if len(held) >= 7:
                advice = "nothing to decide: seven different numbers is a Flip 7"
            else:
                advice = solo_optimal("numbers", seen=numbers_seen).advice(held)
        except ValueError as error:
            self.result.value = f"<span class='circus-explorer-error'>✘ {html.escape(str(error))}</span>"
            return
        shown = formula.subs(values) if held else 0
        self.result.value = (
            f"<b>P(bust on the next card)</b> = {formula} = <span class='circus-explorer-bust'>{p}</span>"
            f" ≈ {float(p):.2%} &nbsp; (N = {values[list(values)[-1]]} cards left; the formula gives {shown})<br>"
            f"<b>Expected gain of one more card</b>: <span class='circus-explorer-gain'>{gain}</span> ≈ {float(gain):+.2f}"
            " points (an action card counted as no change)<br>"
            f"<b>Advice</b> (a lone player's optimum on the numbers left): "
            f"<span class='circus-explorer-advice'>{advice}</span>")
