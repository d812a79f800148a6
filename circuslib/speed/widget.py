"""Speed in the notebook: a playable table against a bot that reacts on a timer, and a stalemate-odds explorer.

The bot's timer runs on the kernel's event loop (``LoopScheduler``); tests pass a ``FakeClock`` instead and move
time forward by hand, so the timer-driven bot is tested without waiting.
"""
from __future__ import annotations

import asyncio
import html
import random
from typing import Callable

from ..core.game import IllegalMove, sample_outcome
from ..core.sim import monte_carlo
from ..core.ui import Framed, GameFrame, Shown, button
from .bots import PROFILES, POLICIES, policy
from .graphs import most_cards_shed
from .odds import p_next_card_fits, p_stalemate_at_start, race_probability
from .rules import (ONE_DECK, PILE_NAMES, FlipFaceUp, Play, Race, Setup, SpeedState, deal, fits, neighbours,
                    rank_name, speed_svg)

__all__ = ["LoopScheduler", "FakeClock", "SpeedTable", "StalemateExplorer"]


class LoopScheduler:
    """Runs callbacks later on the kernel's asyncio event loop (what a live notebook uses)."""

    def call_later(self, delay: float, callback: Callable[[], None]):
        """Call ``callback()`` after ``delay`` seconds; returns a handle with ``cancel()``."""
        return asyncio.get_event_loop().call_later(delay, callback)


class _Timer:
    def __init__(self, clock: "FakeClock", when: float, callback: Callable[[], None]) -> None:
        self.clock, self.when, self.callback, self.cancelled = clock, when, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A clock that only moves when told to: ``advance(seconds)`` runs the callbacks that fall due, in order."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[_Timer] = []

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        """Schedule ``callback`` at now + delay."""
        timer = _Timer(self, self.now + max(0.0, delay), callback)
        self.timers.append(timer)
        return timer

    def pending(self) -> list[_Timer]:
        """The timers still waiting."""
        return [t for t in self.timers if not t.cancelled]

    def advance(self, seconds: float) -> int:
        """Move time forward, running every callback that falls due; returns how many ran."""
        end, ran = self.now + seconds, 0
        while True:
            due = [t for t in self.pending() if t.when <= end]
            if not due:
                break
            timer = min(due, key=lambda t: t.when)
            self.timers.remove(timer)
            self.now = timer.when
            timer.callback()
            ran += 1
        self.now = end
        return ran


def _esc(text: object) -> str:
    return html.escape(str(text))


class SpeedTable(Framed):
    """A playable Speed table: you (player 0) against a bot (player 1) with a reaction profile.

    Click one of your face-up cards: it goes where it fits, and if it fits both piles you are asked which
    (click a pile). The bot moves after an exponential delay drawn from its profile (the speed slider multiplies
    its rate); a bot move that your faster move made impossible is lost. At a stalemate press "Flip".
    """

    def __init__(self, rng: random.Random, *, setup: Setup = ONE_DECK, bot: str = "longest",
                 bot_profile: str = "slow", scheduler=None, paused: bool = True) -> None:
        import ipywidgets as widgets

        if not isinstance(rng, random.Random):
            raise TypeError("pass a seeded random generator, for example SpeedTable(random.Random(1))")
        if not isinstance(setup, Setup):
            raise TypeError("setup must be a Setup, for example ONE_DECK")
        if bot not in POLICIES:
            raise ValueError(f"unknown bot {bot!r}; choose one of {', '.join(POLICIES)}")
        if bot_profile not in PROFILES:
            raise ValueError(f"unknown profile {bot_profile!r}; choose one of {', '.join(PROFILES)}")
        self.rng, self.setup, self.bot_kind = rng, setup, bot
        self.bot_profile_name = bot_profile
        self.bot_policy = policy(bot)
        self.scheduler = scheduler or LoopScheduler()
        self.timer = None
        self.intended: Play | None = None
        self.selected: int | None = None
        self.wins = [0, 0]
        self.points = [0, 0]
        self.frame = GameFrame("Speed (Le Flip): shed your cards before the bot", odds_visible=False, log_lines=10)
        self.frame.widget.add_class("circus-speed")
        self.card_buttons = [button("", lambda i=i: self.click_card(i), css_class="circus-speed-card")
                             for i in range(setup.face_up)]
        self.pile_buttons = [button("", lambda p=p: self.click_pile(p), css_class="circus-speed-pile")
                             for p in (0, 1)]
        self.flip_button = button("Flip", self.flip, css_class="circus-speed-flip", style="warning",
                                  tooltip="stalemate: both flip a new card onto the centre piles")
        self.new_button = button("New round", self.new_round, css_class="circus-speed-new")
        self.pause_button = widgets.ToggleButton(value=paused, description="Start the bot" if paused else "Pause",
                                                 icon="play" if paused else "pause")
        self.pause_button.add_class("circus-speed-pause")
        self.pause_button.observe(self._on_pause, names="value")
        self.speed = widgets.FloatLogSlider(value=1.0, base=2, min=-2, max=2, step=0.5, description="bot speed ×",
                                            continuous_update=False)
        self.speed.add_class("circus-speed-slider")
        self.speed.observe(lambda change: self._schedule_bot(restart=True), names="value")
        for b in self.card_buttons:
            b.layout.width = "52px"
            b.layout.height = "60px"
        self.frame.set_controls([widgets.VBox([
            widgets.HBox([widgets.HTML("<b>your cards:</b>&nbsp;")] + self.card_buttons),
            widgets.HBox([widgets.HTML("<b>centre:</b>&nbsp;")] + self.pile_buttons + [self.flip_button]),
            widgets.HBox([self.pause_button, self.speed, self.new_button])])])
        self.new_round()

    # --- displaying ------------------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """Whether the bot is waiting (it never moves while paused)."""
        return self.pause_button.value

    @property
    def bot_rate(self) -> float:
        """The bot's reaction rate now: its profile's rate times the speed slider."""
        return float(PROFILES[self.bot_profile_name]) * self.speed.value

    # --- the round ---------------------------------------------------------------------------------------------
    def new_round(self) -> None:
        """Shuffle and deal a new round."""
        self._cancel_timer()
        rates = (PROFILES["average"], PROFILES[self.bot_profile_name])
        self.state: SpeedState = deal(self.setup, self.rng, rates)
        self.selected = None
        self.frame.log(f"new round ({self.setup.name}): centre {self._tops_text()}")
        self._after_change()

    def load(self, state: SpeedState) -> None:
        """Play on from a given position (a hand-made one from ``position(...)``, say)."""
        if not isinstance(state, SpeedState):
            raise TypeError("load a SpeedState, for example one made with position(...)")
        if len(state.slots[0]) != len(self.card_buttons):
            raise ValueError(f"this table has {len(self.card_buttons)} face-up places; the position has {len(state.slots[0])}")
        self._cancel_timer()
        self.state, self.selected = state, None
        self.frame.log(f"position loaded: centre {self._tops_text()}")
        self._after_change()

    def _tops_text(self) -> str:
        return " and ".join(rank_name(t) for t in self.state.tops() if t is not None)

    def _after_change(self) -> None:
        """Turn up any cards owed from the piles, then report the end, a stalemate, or wake the bot."""
        while self.state.step == "draw":
            self.state = self.state.play(sample_outcome(self.state.chance_outcomes(), self.rng))
        if self.state.is_over():
            self._cancel_timer()
            w = self.state.winner()
            if w is None:
                self.frame.say("Both of you ran out of cards together: a tie, no points.")
            else:
                self.wins[w] += 1
                self.points[w] += self.state.scores()[w]
                who = "You win" if w == 0 else "The bot wins"
                self.frame.say(f"{who} the round and score {self.state.scores()[w]} "
                               f"(the cards the other still holds). Rounds: you {self.wins[0]}, bot {self.wins[1]}.")
            self.frame.log("round over")
        elif self.state.is_stalemate() and self.state.step != "choose-flip":
            self._cancel_timer()
            self.frame.say("Stalemate: nobody can play. Press Flip: both of you turn up a new centre card.")
        self._refresh()
        self._schedule_bot()

    # --- you -------------------------------------------------------------------------------------------------
    def click_card(self, slot: int) -> None:
        """You clicked your face-up card in ``slot``: play it where it fits (or ask which pile)."""
        state = self.state
        if state.is_over():
            self.frame.say("The round is over: press New round.", error=True)
            return
        if state.step == "choose-flip" and state.current_player == 0:
            self._play_for(0, FlipFaceUp(slot), "flip")
            return
        if state.is_stalemate():
            self.frame.say("Stalemate: press Flip first.", error=True)
            return
        card = state.face_up(0)[slot]
        if card is None:
            self.frame.say(f"Place {slot + 1} is empty.", error=True)
            return
        tops = state.tops()
        piles = [p for p, t in enumerate(tops) if t is not None and fits(card, t)]
        if not piles:
            self.selected = None
            self.frame.say(f"{rank_name(card)} fits neither pile: on {rank_name(tops[0])} go "
                           f"{' or '.join(map(rank_name, neighbours(tops[0])))}, on {rank_name(tops[1])} go "
                           f"{' or '.join(map(rank_name, neighbours(tops[1])))}.", error=True)
            self._refresh()
            return
        if len(piles) == 2:
            self.selected = slot
            self.frame.say(f"{rank_name(card)} fits both piles: click pile A or pile B.")
            self._refresh()
            return
        self._you_play(slot, piles[0])

    def click_pile(self, pile: int) -> None:
        """You clicked a centre pile: put the selected card there."""
        if self.selected is None:
            self.frame.say("Click one of your cards first, then a pile.", error=True)
            return
        slot, self.selected = self.selected, None
        card = self.state.face_up(0)[slot]
        top = self.state.tops()[pile]
        if card is None or not fits(card, top):
            self.frame.say(f"{rank_name(card) if card else 'that card'} does not fit on {rank_name(top)}.", error=True)
            self._refresh()
            return
        self._you_play(slot, pile)

    def _you_play(self, slot: int, pile: int) -> None:
        card = self.state.face_up(0)[slot]
        self.selected = None
        contested = self.state.step == "race"
        if self._play_for(0, Play(card, slot, pile), "play"):
            self.frame.log(f"You: {rank_name(card)} on pile {PILE_NAMES[pile]}"
                           + (" (you won the race)" if contested else ""))

    def _play_for(self, player: int, move, kind: str) -> bool:
        """Apply a player's move, going through the race step when both could play."""
        state = self.state
        try:
            if state.step == "race":
                state = state.play(Race(player))
            if state.current_player != player:
                raise IllegalMove("it is not your move: only the other player can play now")
            self.state = state.play(move)
        except IllegalMove as error:
            self.frame.say(f"Not allowed: {error}", error=True)
            return False
        if kind == "flip":
            who = "You" if player == 0 else "Bot"
            self.frame.log(f"{who}: flip face-up {rank_name(self.state.centre[player][-1])} (empty pile)")
            self._run_flips()
            return True
        if player == 0:
            self.frame.say("")
        self._after_change()
        return True

    # --- stalemates ------------------------------------------------------------------------------------------
    def flip(self) -> None:
        """Stalemate: both turn up a new centre card (a face-up card when the pile is empty)."""
        if not self.state.is_stalemate():
            self.frame.say("No stalemate: someone can still play a card.", error=True)
            return
        self._run_flips()

    def _run_flips(self) -> None:
        while self.state.is_stalemate():
            step = self.state.step
            if step == "flip":
                who = 0 if self.state.flips_due[0] else 1
                self.state = self.state.play(sample_outcome(self.state.chance_outcomes(), self.rng))
                self.frame.log(f"{'You' if who == 0 else 'Bot'}: flip {rank_name(self.state.centre[who][-1])} "
                               f"onto pile {PILE_NAMES[who]}")
            elif step == "choose-flip" and self.state.current_player == 1:
                self._play_for(1, self.bot_policy(self.state, self.rng), "flip")
                return
            else:  # your pile is empty: you choose which face-up card to flip
                self.frame.say("Stalemate and your pile is empty: click one of your face-up cards to flip it.")
                self._refresh()
                return
        self.frame.say("")
        self._after_change()

    # --- the bot ---------------------------------------------------------------------------------------------
    def _on_pause(self, change) -> None:
        self.pause_button.description = "Start the bot" if change["new"] else "Pause"
        self.pause_button.icon = "play" if change["new"] else "pause"
        if change["new"]:
            self._cancel_timer()
        else:
            self._schedule_bot()

    def _cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        self.intended = None

    def _bot_view(self) -> SpeedState | None:
        """The position as the bot would move in it now (None if the bot cannot play)."""
        state = self.state
        if state.step == "race":
            return state.play(Race(1))
        if state.step == "play" and state.current_player == 1:
            return state
        return None

    def _schedule_bot(self, restart: bool = False) -> None:
        """Start the bot's reaction clock if it can play and is not already reacting."""
        if restart:
            self._cancel_timer()
        if self.timer is not None or self.paused or self.state.is_over():
            return
        view = self._bot_view()
        if view is None:
            return
        self.intended = self.bot_policy(view, self.rng)
        delay = self.rng.expovariate(self.bot_rate)
        self.timer = self.scheduler.call_later(delay, self._bot_fires)

    def _bot_fires(self) -> None:
        """The bot's reaction time is up: it plays the card it chose, unless your faster move made it impossible."""
        try:
            self.timer, intended, self.intended = None, self.intended, None
            view = self._bot_view()
            if intended is None or self.state.is_over():
                return
            if view is None or not view.is_legal(intended):
                self.frame.log(f"Bot: {rank_name(intended.rank)} on pile {PILE_NAMES[intended.pile]} was too late "
                               "(you changed the piles first): move lost")
                self._schedule_bot()
                return
            contested = self.state.step == "race"
            card = intended.rank
            if self._play_for(1, intended, "play"):
                self.frame.log(f"Bot: {rank_name(card)} on pile {PILE_NAMES[intended.pile]}"
                               + (" (bot won the race)" if contested else ""))
        except Exception as error:  # a timer callback has nobody to report to: show it on the table
            self.frame.say(f"the bot stopped: {error}", error=True)

    # --- drawing ---------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        highlight = () if self.selected is None else (self.selected,)
        self.frame.show_board(speed_svg(state, highlight=highlight))
        over = state.is_over()
        for i, b in enumerate(self.card_buttons):
            card = state.face_up(0)[i]
            b.description = "—" if card is None else rank_name(card)
            b.disabled = over or card is None
            b.button_style = "info" if i == self.selected else ""
        for p, b in enumerate(self.pile_buttons):
            top = state.tops()[p]
            b.description = f"pile {PILE_NAMES[p]}: {rank_name(top) if top else '-'} ({len(state.centre[p])})"
            b.disabled = over
        self.flip_button.disabled = over or not state.is_stalemate()
        self._show_odds()

    def _show_odds(self) -> None:
        state = self.state
        tops = [t for t in state.tops() if t is not None]
        you_rate = PROFILES["average"]
        race = race_probability(you_rate, PROFILES[self.bot_profile_name])
        lines = [f"<b>Your card piles:</b> {state.piles[0]} face down; bot: {state.piles[1]}",
                 f"<b>Most cards you could shed now:</b> {most_cards_shed(state.face_up(0), tops) if len(tops) == 2 else 0}",
                 f"<b>P(your next card from the pile fits):</b> {p_next_card_fits(state, 0)}",
                 f"<b>Race odds at the bot's base speed:</b> you first with P = {race} "
                 f"(rates {you_rate} vs {PROFILES[self.bot_profile_name]} per second)"]
        self.frame.show_odds("<br>".join(lines))

    def play_bot_now(self) -> None:
        """For demonstrations: let the bot's pending reaction happen at once."""
        if self.timer is not None:
            self.timer.cancel()
            self._bot_fires()


class StalemateExplorer(Shown):
    """Sliders for the number of face-up cards and decks, showing P(stalemate at the start) exactly, with a
    button that checks it by simulating deals."""

    def __init__(self, face_up: int = 4, decks: int = 1, *, seed: int = 1) -> None:
        import ipywidgets as widgets

        self.seed = seed
        self.face_up = widgets.IntSlider(value=face_up, min=1, max=8, description="face-up each")
        self.face_up.add_class("circus-speed-faceup")
        self.decks = widgets.IntSlider(value=decks, min=1, max=2, description="decks")
        self.decks.add_class("circus-speed-decks")
        self.result = widgets.HTML()
        self.result.add_class("circus-speed-odds")
        self.sim_result = widgets.HTML()
        self.sim_result.add_class("circus-speed-sim")
        self.simulate_button = button("Simulate 2,000 deals", self.simulate, css_class="circus-speed-simulate")
        for slider in (self.face_up, self.decks):
            slider.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HTML("<b>Stalemate at the deal: nobody can play</b>"),
                                    widgets.HBox([self.face_up, self.decks]), self.result,
                                    widgets.HBox([self.simulate_button, self.sim_result])])
        self.widget.add_class("circus-speed-explorer")
        self.update()

    def probability(self):
        """The exact P(stalemate at the start) for the sliders' values."""
        return p_stalemate_at_start(self.face_up.value, self.decks.value)

    def update(self) -> None:
        """Recompute the exact odds (a few milliseconds) and draw them as a bar for each number of face-up cards."""
        p = self.probability()
        bars = []
        for k in range(1, 9):
            q = float(p_stalemate_at_start(k, self.decks.value))
            colour = "#d7301f" if k == self.face_up.value else "#6baed6"
            height = 120 * q / 0.4
            bars.append(f'<rect x="{k * 34}" y="{130 - height:.1f}" width="26" height="{height:.1f}" fill="{colour}"/>'
                        f'<text x="{k * 34 + 13}" y="145" font-size="11" text-anchor="middle">{k}</text>')
        svg = (f'<svg width="320" height="155" xmlns="http://www.w3.org/2000/svg">{"".join(bars)}'
               f'<text x="5" y="12" font-size="11">P(stalemate) by face-up cards each (0 to 40%)</text></svg>')
        self.result.value = (f"P(stalemate at the start) = <b>{p}</b> ≈ <b>{float(p):.2%}</b> "
                             f"({self.face_up.value} face-up each, {self.decks.value} deck(s))<br>{svg}")
        self.sim_result.value = ""

    def simulate(self) -> None:
        """Deal 2,000 seeded rounds and compare the share of stalemates with the exact value."""
        setup = Setup("explorer", decks=self.decks.value, face_up=self.face_up.value)
        estimate = monte_carlo(lambda rng: deal(setup, rng).is_stalemate(), 2000, self.seed, keep=False,
                               show_progress=False)
        inside = "inside" if estimate.contains(self.probability()) else "outside"
        self.sim_result.value = f"simulated: {_esc(estimate)}; the exact value is {inside} the interval"
