"""Speed in the notebook: a playable table against a bot that reacts on a timer, and two explorers: the stalemate
odds (face-up cards, decks, centre tops) and reaction races against whole matches (rates, set-up, rounds).

The bot's timer runs on the kernel's event loop (``LoopScheduler``); tests pass a ``FakeClock`` instead and move
time forward by hand, so the timer-driven bot is tested without waiting.
"""
from __future__ import annotations

import asyncio
import html
import random
import zlib
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.frames import ShippedFrames
from ..core.game import IllegalMove, sample_outcome
from ..core.sim import tally
from ..core.ui import Framed, GameFrame, Shown, button, png_of
from .bots import POLICIES, PROFILES, play_match, policy
from .graphs import most_cards_shed
from .odds import p_next_card_fits, p_stalemate_at_start, p_stalemate_given_tops, race_probability
from .rules import (
    INK,
    ONE_DECK,
    PILE_NAMES,
    RED_INK,
    SETUPS,
    FlipFaceUp,
    Play,
    Race,
    Setup,
    SpeedState,
    card_ink,
    card_name,
    deal,
    fits,
    neighbours,
    rank_name,
    rank_of,
    speed_svg,
)
from .sim import simulate_stalemates

if TYPE_CHECKING:  # for the annotations only: matplotlib loads when an explorer is made
    from matplotlib.figure import Figure

__all__ = ["LoopScheduler", "FakeClock", "SpeedTable", "StalemateExplorer", "RaceExplorer", "LivePlot",
           "simulated_matches", "RATIO_GRID", "PALETTE", "write_explorer_frames"]


class LoopScheduler:
    """Runs callbacks later on the kernel's asyncio event loop (what a live notebook uses)."""

    def call_later(self, delay: float, callback: Callable[[], None]):
        """Call ``callback()`` after ``delay`` seconds; returns a handle with ``cancel()``."""
        return asyncio.get_event_loop().call_later(delay, callback)


class _Timer:
    def __init__(self, clock: FakeClock, when: float, callback: Callable[[], None]) -> None:
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


HAND_CSS = f"""
.circus-speed .circus-speed-card {{ background: #fffdf5; color: {INK}; border: 1px solid #555555; border-radius: 6px;
  font-size: 17px; font-weight: bold; padding: 0; box-shadow: none; }}
.circus-speed .circus-speed-card.circus-speed-red {{ color: {RED_INK}; }}
.circus-speed .circus-speed-card.circus-speed-selected {{ outline: 3px solid #d7301f; outline-offset: 1px; }}
.circus-speed .circus-speed-card.circus-speed-empty {{ background: transparent; border: 1px dashed #999999;
  color: var(--jp-ui-font-color2, #555555); font-weight: normal; }}
.circus-speed .circus-speed-hand-label {{ color: var(--jp-ui-font-color1, #1a1a1a); }}
"""
"""Your face-up cards are buttons drawn as cards: a light face in every theme (like the SVG cards), black or red
ink with the suit's symbol, a red outline when chosen, a dashed outline for an empty place; the label takes the
theme's text colour, as the rest of the kit does."""


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
        # buttons of one kind share one layout and one look: one widget model each instead of one per button
        card_parts = (widgets.Layout(width="52px", height="60px"), widgets.ButtonStyle())
        plain_parts = (widgets.Layout(width="auto"), widgets.ButtonStyle())
        self.card_buttons = [button("", lambda i=i: self.click_card(i), css_class="circus-speed-card",
                                    shared=card_parts) for i in range(setup.face_up)]
        self.hand_label = widgets.HTML()
        self.hand_label.add_class("circus-speed-hand-label")
        self.hand = widgets.HBox([self.hand_label] + self.card_buttons, layout=widgets.Layout(align_items="center"))
        self.hand.add_class("circus-hand")
        self.hand.add_class("circus-speed-hand")
        self.pile_buttons = [button("", lambda p=p: self.click_pile(p), css_class="circus-speed-pile",
                                    shared=plain_parts) for p in (0, 1)]
        self.flip_button = button("Flip", self.flip, css_class="circus-speed-flip", style="warning",
                                  tooltip="stalemate: both flip a new card onto the centre piles", shared=plain_parts)
        self.new_button = button("New round", self.new_round, css_class="circus-speed-new", shared=plain_parts)
        self.pause_button = widgets.ToggleButton(value=paused, description="Start the bot" if paused else "Pause",
                                                 icon="play" if paused else "pause")
        self.pause_button.add_class("circus-speed-pause")
        self.pause_button.observe(self._on_pause, names="value")
        self.speed = widgets.FloatLogSlider(value=1.0, base=2, min=-2, max=2, step=0.5, description="bot speed ×",
                                            continuous_update=False)
        self.speed.add_class("circus-speed-slider")
        self.speed.observe(lambda change: self._schedule_bot(restart=True), names="value")
        # the kit's order: board (the bot's cards and the centre), your hand, controls, message, log, odds
        self.frame.add_panel(self.hand, before="controls")
        self.frame.set_controls([widgets.VBox([
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
        """Deal a new round: shuffled, or after a finished one-deck round gathered and cut, not shuffled (the
        set-up's ``between_rounds``)."""
        self._cancel_timer()
        rates = (PROFILES["average"], PROFILES[self.bot_profile_name])
        last = getattr(self, "state", None)
        previous = last if isinstance(last, SpeedState) and last.is_over() and last.setup == self.setup else None
        self.state: SpeedState = deal(self.setup, self.rng, rates, previous=previous)
        self.selected = None
        how = "cut, not shuffled" if previous is not None and self.setup.between_rounds == "cut" else "shuffled"
        self.frame.log(f"new round ({self.setup.name}, {how}): centre {self._tops_text()}")
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
        return " and ".join(card_name(t) for t in self.state.tops() if t is not None)

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
            self.frame.say(f"{card_name(card)} fits neither pile: on {card_name(tops[0])} go "
                           f"{' or '.join(map(rank_name, neighbours(tops[0])))}, on {card_name(tops[1])} go "
                           f"{' or '.join(map(rank_name, neighbours(tops[1])))} (any suit).", error=True)
            self._refresh()
            return
        if len(piles) == 2:
            self.selected = slot
            self.frame.say(f"{card_name(card)} fits both piles: click pile A or pile B.")
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
            self.frame.say(f"{card_name(card) if card else 'that card'} does not fit on {card_name(top)}.", error=True)
            self._refresh()
            return
        self._you_play(slot, pile)

    def _you_play(self, slot: int, pile: int) -> None:
        card = self.state.face_up(0)[slot]
        self.selected = None
        contested = self.state.step == "race"
        if self._play_for(0, Play(int(card), slot, pile), "play"):
            self.frame.log(f"You: {card_name(card)} on pile {PILE_NAMES[pile]}"
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
            self.frame.log(f"{who}: flip face-up {card_name(self.state.centre[player][-1])} (empty pile)")
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
                self.frame.log(f"{'You' if who == 0 else 'Bot'}: flip {card_name(self.state.centre[who][-1])} "
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
                self.frame.log(f"Bot: {self._bot_card_name(intended)} on pile {PILE_NAMES[intended.pile]} was too late "
                               "(you changed the piles first): move lost")
                self._schedule_bot()
                return
            contested = self.state.step == "race"
            card = view.slots[1][intended.slot][-1]  # the card itself, to name its suit
            if self._play_for(1, intended, "play"):
                self.frame.log(f"Bot: {card_name(card)} on pile {PILE_NAMES[intended.pile]}"
                               + (" (bot won the race)" if contested else ""))
        except Exception as error:  # a timer callback has nobody to report to: show it on the table
            self.frame.say(f"the bot stopped: {error}", error=True)

    def _bot_card_name(self, intended: Play) -> str:
        """The card the bot meant to play, with its suit while it still lies in its place."""
        stack = self.state.slots[1][intended.slot] if 0 <= intended.slot < len(self.state.slots[1]) else ()
        return card_name(stack[-1]) if stack and stack[-1] == intended.rank else rank_name(intended.rank)

    # --- drawing ---------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        self.frame.show_board(speed_svg(state, hand=False))  # your cards are drawn once: the buttons below
        over = state.is_over()
        self.hand_label.value = (f"<style>{HAND_CSS}</style><b>your cards</b><br>{state.piles[0]} in pile, "
                                 f"{state.cards_left(0)} in all&nbsp;")
        for i, b in enumerate(self.card_buttons):
            self._show_card(b, i, over)
        for p, b in enumerate(self.pile_buttons):
            top = state.tops()[p]
            b.description = f"pile {PILE_NAMES[p]}: {card_name(top) if top else '-'} ({len(state.centre[p])})"
            b.disabled = over
        self.flip_button.disabled = over or not state.is_stalemate()
        self._show_odds()

    def _show_card(self, b, slot: int, over: bool) -> None:
        """One of your places as a card: rank and suit in the suit's ink, chosen or empty by its look."""
        stack = self.state.slots[0][slot]
        card = stack[-1] if stack else None
        b.description = "—" if card is None else card_name(card)
        under = f", {len(stack) - 1} more under it" if len(stack) > 1 else ""
        b.tooltip = f"place {slot + 1}: " + ("empty" if card is None else f"{card_name(card)}{under}")
        b.disabled = over or card is None
        b.button_style = "info" if slot == self.selected else ""
        wanted = {"circus-speed-red": card is not None and card_ink(card) == RED_INK,
                  "circus-speed-empty": card is None, "circus-speed-selected": slot == self.selected}
        classes = set(b._dom_classes)
        for name, on in wanted.items():
            if on and name not in classes:
                b.add_class(name)
            elif not on and name in classes:
                b.remove_class(name)

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


# ---------------------------------------------------------------------------------------------------------
# explorers: controls, the exact value as a fraction and a decimal, and a plot that redraws in place

PALETTE = {"blue": "#0072B2", "orange": "#E69F00", "green": "#009E73", "vermillion": "#D55E00",
           "purple": "#CC79A7", "sky": "#56B4E9", "black": "#000000", "grey": "#999999"}
"""The Okabe-Ito colours: told apart by readers with any common colour-vision deficiency."""

_TEXT = "var(--jp-ui-font-color1, #222222)"
_QUIET = "var(--jp-ui-font-color2, #555555)"
_ERROR = "var(--jp-error-color1, #c62828)"


class LivePlot:
    """One matplotlib figure kept by an explorer and shown as one PNG image widget that is replaced in place.

    The frame (axes, ticks, labels, title, legend and the curves that never change) is drawn once; at each change
    only the moving parts are drawn again over a copy of it, so a redraw takes milliseconds and never flickers.
    No pyplot figure is made, so nothing else appears in the notebook.
    """

    def __init__(self, *, figsize: tuple[float, float] = (7.0, 3.6), dpi: int = 100,
                 shipped: str | None = None) -> None:
        import ipywidgets as widgets
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=figsize, dpi=dpi, facecolor="white")
        # the margins tight_layout finds for both explorers' frames (their labels and tick texts never change),
        # fixed: tight_layout lays out every text of the figure once more before the first draw (15 ms a frame)
        self.figure.subplots_adjust(left=0.095, right=0.98, bottom=0.165, top=0.9)
        self.canvas = FigureCanvasAgg(self.figure)
        self.ax = self.figure.add_subplot()
        self.moving: list = []
        self._background = None
        self.renders = 0
        self.shipped = shipped  # the name of the frame the kit ships for this plot (explorer_frames.json), if any
        self.frame_source = None  # "shipped" or "drawn", once the frame is made
        width, height = (round(size * dpi) for size in figsize)
        # at its own size (a box would stretch it, blurring it), left-aligned
        self.image = widgets.Image(format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px",
                                                                       align_self="flex-start", flex="0 0 auto"))
        self.image.add_class("circus-plot")

    def moving_part(self, artist):
        """Mark an artist (a line, a text) as one that changes: it is drawn at each render, not in the frame."""
        artist.set_animated(True)
        self.moving.append(artist)
        return artist

    def render(self) -> None:
        """Draw the moving parts over the frame and replace the image's PNG."""
        import numpy as np

        if self._background is None:
            if self.shipped is not None and SHIPPED_FRAMES.lay(self.shipped, self.canvas):
                self.frame_source = "shipped"
            else:
                self.canvas.draw()
                self.frame_source = "drawn"
            self._background = self.canvas.copy_from_bbox(self.figure.bbox)
        self.canvas.restore_region(self._background)
        for artist in self.moving:
            if artist.get_visible():
                artist.axes.draw_artist(artist)
        self.image.value = png_of(np.asarray(self.canvas.buffer_rgba()))
        self.renders += 1


# The explorers' frames (axes, ticks, labels, title, legend, the curves that never change) as matplotlib draws them,
# drawn once by ``write_explorer_frames`` and shipped: a kernel lays the pixels instead of drawing them (a full draw
# is 50-60 ms, about a tenth of a second of a kernel for the lesson's two explorers, times thirty students).
# tests/test_speed_widget.py draws them again and compares them pixel for pixel.
SHIPPED_FRAMES = ShippedFrames(
    Path(__file__).with_name("explorer_frames.json"),
    about="The Speed explorers' plot frames as matplotlib draws them, RGBA pixels packed by zlib, in base64; written "
          "by python -m circuslib.speed.widget, used where the fingerprint (matplotlib's version and settings, the "
          "figure's size) matches")


def _frame_of(explorer: StalemateExplorer | RaceExplorer) -> Figure:
    """An explorer's figure with its moving parts hidden: the frame alone, as shipped."""
    for artist in explorer.plot.moving:  # the moving parts are drawn over the frame at each render
        artist.set_visible(False)
    return explorer.plot.figure


FRAME_MAKERS = {"stalemate": lambda: _frame_of(StalemateExplorer(face_up=4, decks=1)),
                "race": lambda: _frame_of(RaceExplorer(you=2, bot=1))}
"""Each shipped frame's name and how to make its figure (the explorer a ``LivePlot(shipped=name)`` belongs to)."""


def write_explorer_frames(path: Path | None = None) -> Path:
    """Draw the explorers' frames and write them to ``explorer_frames.json`` (run after changing how an explorer
    draws its frame, or with a new matplotlib: ``python -m circuslib.speed.widget``)."""
    return SHIPPED_FRAMES.write(FRAME_MAKERS, path)


def _exact(p) -> str:
    """An exact probability as the explorers show it: the fraction in bold, then its decimal to 4 places."""
    return f"<b>{_esc(p)}</b> ≈ <b>{float(p):.4f}</b>"


class _Explorer(Shown):
    """What the explorers share: a message line for refusals and the plot."""

    def _message_line(self):
        import ipywidgets as widgets

        line = widgets.HTML()
        line.add_class("circus-message")
        return line

    def say(self, text: str, *, error: bool = True) -> None:
        """Show a sentence in the message line (a refusal in the theme's error colour), or clear it with ""."""
        colour = _ERROR if error else _TEXT
        self.message.value = f'<span style="color:{colour}">{_esc(text)}</span>' if text else ""

    def _guarded(self, work: Callable[[], None]) -> None:
        # a control's observer has nobody to report to: whatever goes wrong is said in the message line
        try:
            work()
        except Exception as error:  # never a traceback in the notebook: the explorer stays usable
            self.say(f"That setting could not be shown: {error}")


def _parse_tops(text: str) -> tuple[int, int] | None:
    """The two centre tops typed in a box ("7, 8", "K and 2"), or None for any tops; ValueError with a sentence."""
    cleaned = text.replace(",", " ").replace(";", " ")
    words = [w for w in cleaned.split() if w.lower() != "and"]
    if not words or (len(words) == 1 and words[0].lower() == "any"):
        return None
    if len(words) != 2:
        raise ValueError(f"there are two centre tops, so give two ranks, like 7, 8 (or leave the box empty for any "
                         f"tops); {text.strip()!r} names {len(words)}")
    tops = []
    for word in words:
        try:
            tops.append(rank_of(word))
        except (TypeError, ValueError):
            raise ValueError(f"{word!r} is not a rank: use A, 2 to 10, J, Q or K") from None
    return tops[0], tops[1]


class StalemateExplorer(_Explorer):
    """How likely is a stalemate right after the deal? Choose the face-up cards each, one deck or two, and
    optionally the two centre tops; the exact chance is shown as a fraction and a decimal, and the plot shows it
    against the number of face-up cards for both deck counts (with your tops, if given). A button checks the
    chance by simulating 2,000 deals."""

    def __init__(self, face_up: int = 4, decks: int = 1, *, tops: str = "", seed: int = 1) -> None:
        import ipywidgets as widgets

        if isinstance(face_up, bool) or not isinstance(face_up, int) or not 1 <= face_up <= 8:
            raise ValueError(f"the number of face-up cards must be a whole number from 1 to 8, not {face_up!r}")
        if isinstance(decks, bool) or decks not in (1, 2):
            raise ValueError(f"Speed uses 1 or 2 decks, not {decks!r}")
        if not isinstance(tops, str):
            raise TypeError("give the tops as text, like '7, 8', or '' for any tops")
        self.seed = seed
        self.simulated: dict[tuple[int, int], object] = {}
        self.face_up = widgets.IntSlider(value=face_up, min=1, max=8, description="face-up each",
                                         style={"description_width": "initial"})
        self.face_up.add_class("circus-speed-faceup")
        self.decks = widgets.ToggleButtons(options=[("one deck", 1), ("two decks", 2)], value=decks,
                                           tooltips=["one deck dealt 26 each", "each player has a deck of 52"])
        self.decks.style.button_width = "90px"
        self.decks.add_class("circus-speed-decks")
        self.tops = widgets.Text(value=tops, description="centre tops", placeholder="any, or two ranks: 7, 8",
                                 continuous_update=False)
        self.tops.add_class("circus-speed-tops")
        self.result = widgets.HTML()
        self.result.add_class("circus-speed-odds")
        self.message = self._message_line()
        self.sim_result = widgets.HTML()
        self.sim_result.add_class("circus-speed-sim")
        self.simulate_button = button("Simulate 2,000 deals", self.simulate, css_class="circus-speed-simulate")
        self.simulate_button.layout.flex = "0 0 auto"
        self.plot = LivePlot(shipped="stalemate")
        self._draw_frame()
        for control in (self.face_up, self.decks, self.tops):
            control.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HTML("<b>Stalemate at the deal: nobody can play</b>"),
                                    widgets.HBox([self.face_up, self.decks]), self.tops, self.result, self.message,
                                    self.plot.image, widgets.HBox([self.simulate_button, self.sim_result])])
        self.widget.add_class("circus-speed-explorer")
        self.update()

    # --- the numbers -----------------------------------------------------------------------------------------
    def probability(self):
        """The exact P(stalemate at the start) for the controls' values (whatever the tops)."""
        return p_stalemate_at_start(self.face_up.value, self.decks.value)

    def given_tops(self):
        """The exact P(stalemate | the two tops typed), or None when no tops (or no valid tops) are given."""
        try:
            tops = _parse_tops(self.tops.value)
        except ValueError:
            return None
        return None if tops is None else p_stalemate_given_tops(*tops, self.face_up.value, self.decks.value)

    # --- the plot ----------------------------------------------------------------------------------------------
    def _draw_frame(self) -> None:
        from matplotlib.lines import Line2D

        ax, ks = self.plot.ax, list(range(1, 9))
        styles = {1: (PALETTE["blue"], "o", "one deck"), 2: (PALETTE["orange"], "s", "two decks")}
        for decks, (colour, marker, label) in styles.items():
            ax.plot(ks, [float(p_stalemate_at_start(k, decks)) for k in ks], color=colour, marker=marker,
                    markersize=5, linewidth=1.8)
        self._tops_line = self.plot.moving_part(ax.plot([], [], color=PALETTE["green"], linestyle="--", marker="^",
                                                        markersize=5, linewidth=1.6)[0])
        self._sim_bar = self.plot.moving_part(ax.plot([], [], color=PALETTE["purple"], linewidth=2.5)[0])
        self._sim_point = self.plot.moving_part(ax.plot([], [], "_", color=PALETTE["purple"], markersize=14,
                                                        markeredgewidth=2.5)[0])
        self._you = self.plot.moving_part(ax.plot([], [], "D", color=PALETTE["vermillion"], markersize=9,
                                                  markeredgecolor="black")[0])
        ax.set_xlim(0.6, 8.4)
        ax.set_ylim(0, 0.8)
        ax.set_xticks(ks)
        ax.set_xlabel("face-up cards each")
        ax.set_ylabel("P(stalemate at the deal)")
        ax.set_title("Stalemate right after the deal, by face-up cards", y=1)  # y=1: no texts measured to place it
        ax.grid(alpha=0.3)
        ax.legend(handles=[
            Line2D([], [], color=PALETTE["blue"], marker="o", label="one deck (exact)"),
            Line2D([], [], color=PALETTE["orange"], marker="s", label="two decks (exact)"),
            Line2D([], [], color=PALETTE["green"], marker="^", linestyle="--", label="given your centre tops (exact)"),
            Line2D([], [], color="none", marker="D", markerfacecolor=PALETTE["vermillion"], markeredgecolor="black",
                   label="your setting"),
            Line2D([], [], color=PALETTE["purple"], marker="_", markersize=12, label="simulated deals, 95% interval"),
        ], loc="upper right", fontsize=9)

    # --- reacting to the controls -----------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute the exact odds for the controls (milliseconds: the counts are cached) and redraw the plot."""
        self._guarded(self._update)

    def _update(self) -> None:
        k, decks = self.face_up.value, self.decks.value
        p = self.probability()
        deck_words = "one deck" if decks == 1 else "two decks"
        lines = [f"P(stalemate at the start) = {_exact(p)} ({k} face-up each, {deck_words})"]
        ks = list(range(1, 9))
        marks = [(k, float(p))]
        try:
            tops = _parse_tops(self.tops.value)
        except ValueError as refusal:
            tops = None
            self.say(f"The centre tops are not used: {refusal}.")
        else:
            self.say("")
        if tops is None:
            self._tops_line.set_data([], [])
        else:
            q = p_stalemate_given_tops(*tops, k, decks)
            a, b = (rank_name(t) for t in tops)
            lines.append(f"given the centre tops {a} and {b}: P(stalemate) = {_exact(q)}")
            self._tops_line.set_data(ks, [float(p_stalemate_given_tops(*tops, j, decks)) for j in ks])
            marks.append((k, float(q)))
        self._you.set_data([m[0] for m in marks], [m[1] for m in marks])
        estimate = self.simulated.get((k, decks))
        if estimate is None:
            self._sim_bar.set_data([], [])
            self._sim_point.set_data([], [])
            self.sim_result.value = ""
        else:
            self._show_simulated(estimate)
        self.result.value = f'<span style="color:{_TEXT}">{"<br>".join(lines)}</span>'
        self.plot.render()

    def _show_simulated(self, estimate) -> None:
        lo, hi = estimate.ci95
        x = self.face_up.value + 0.15  # beside the exact point, so both stay visible
        self._sim_bar.set_data([x, x], [max(lo, 0.0), hi])
        self._sim_point.set_data([x], [estimate.mean])
        inside = "inside" if estimate.contains(self.probability()) else "outside"
        self.sim_result.value = (f'<span style="color:{_TEXT}">simulated deals (any tops): {_esc(estimate)}; '
                                 f"the exact value is {inside} the interval</span>")

    def simulate(self) -> None:
        """Deal 2,000 seeded rounds and compare the share of stalemates with the exact value (milliseconds)."""
        def work() -> None:
            k, decks = self.face_up.value, self.decks.value
            setup = Setup("explorer", decks=decks, face_up=k)
            # 2,000 shuffled decks at once (numpy), the game's chance model (tests/test_speed_sim.py)
            self.simulated[(k, decks)] = simulate_stalemates(setup, 2000, self.seed)
            self._update()
        self._guarded(work)


RATIO_GRID = tuple(Fraction(2) ** e for e in range(-3, 4))
"""The speed ratios the match simulation covers when asked: 1/8, 1/4, ..., 8."""

_MATCHES: dict = {}  # (set-up name, rounds, ratio, matches, seed) -> Tally of match winners, kept for the session


def simulated_matches(setup_name: str, rounds: int, ratio, matches: int = 100, seed: int = 17):
    """Who wins ``matches`` seeded matches of ``rounds`` rounds between two first-card bots, player 0 reacting
    ``ratio`` times as fast as player 1 (a Tally of 0, 1 and None for a tie). Cached: a second call is instant, and
    the lesson's runs are shipped with the kit (``sim.shipped_matches``), so they are read, not played."""
    if setup_name not in SETUPS:
        raise ValueError(f"unknown set-up {setup_name!r}; choose one of {', '.join(SETUPS)}")
    ratio = Fraction(ratio)
    key = (setup_name, rounds, ratio, matches, seed)
    if key not in _MATCHES:
        from .sim import shipped_matches

        found = shipped_matches(setup_name, rounds, ratio, matches, seed)  # the lesson's runs: read, not played
        if found is None:
            setup, rates = SETUPS[setup_name], (ratio, Fraction(1))
            stream = zlib.crc32(f"{setup_name}|{rounds}|{ratio}|{seed}".encode())  # the same seed in every session
            found = tally(lambda rng: play_match(setup, rng, ("first", "first"), rates, rounds).winner(),
                          matches, stream, show_progress=False)
        _MATCHES[key] = found
    return _MATCHES[key]


def _ratio_text(ratio: Fraction) -> str:
    return str(ratio.numerator) if ratio.denominator == 1 else f"{ratio.numerator}/{ratio.denominator}"


class RaceExplorer(_Explorer):
    """Reaction rates, one race and a whole match. Set your rate and the bot's (moves per second): the exact
    chance of winning one race, rate_you / (rate_you + rate_bot), is shown as a fraction and a decimal and marked
    on its curve against the speed ratio; "Simulate matches" plays seeded matches between two first-card bots at
    speed ratios 1/8 to 8 (and yours) for the chosen set-up and rounds, and draws their win rates with 95%
    intervals on the same plot (kept, so moving the controls afterwards costs nothing)."""

    def __init__(self, you: int = 2, bot: int = 1, *, setup: str = "one deck", rounds: int = 3,
                 matches: int = 100, seed: int = 17) -> None:
        import ipywidgets as widgets

        for name, rate in (("you", you), ("bot", bot)):
            if isinstance(rate, bool) or not isinstance(rate, int) or not 0 <= rate <= 8:
                raise ValueError(f"{name} must be a whole reaction rate from 0 to 8 moves per second, not {rate!r}")
        if setup not in SETUPS:
            raise ValueError(f"unknown set-up {setup!r}; choose one of {', '.join(SETUPS)}")
        if rounds not in (1, 3, 5):
            raise ValueError(f"a match here has 1, 3 or 5 rounds, not {rounds!r}")
        if isinstance(matches, bool) or not isinstance(matches, int) or not 10 <= matches <= 2000:
            raise ValueError(f"matches must be a whole number from 10 to 2,000, not {matches!r}")
        self.matches, self.seed = matches, seed
        self.you = widgets.IntSlider(value=you, min=0, max=8, description="you (moves/s)")
        self.you.add_class("circus-speed-you-rate")
        self.bot = widgets.IntSlider(value=bot, min=0, max=8, description="bot (moves/s)")
        self.bot.add_class("circus-speed-bot-rate")
        for slider in (self.you, self.bot):
            slider.style.description_width = "100px"
        self.setup = widgets.Dropdown(options=list(SETUPS), value=setup, description="set-up")
        self.setup.add_class("circus-speed-setup")
        self.rounds = widgets.Dropdown(options=[("1 round", 1), ("3 rounds", 3), ("5 rounds", 5)], value=rounds,
                                       description="a match")
        self.rounds.add_class("circus-speed-rounds")
        self.result = widgets.HTML()
        self.result.add_class("circus-speed-race")
        self.message = self._message_line()
        self.sim_result = widgets.HTML()
        self.sim_result.add_class("circus-speed-match")
        self.simulate_button = button("Simulate matches", self.simulate, css_class="circus-speed-simulate-matches",
                                      tooltip=f"{matches} seeded matches at each speed ratio 1/8 to 8 (a few seconds)")
        self.simulate_button.layout.flex = "0 0 auto"
        self.plot = LivePlot(shipped="race")
        self._draw_frame()
        for control in (self.you, self.bot, self.setup, self.rounds):
            control.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HTML("<b>Win a race, win a match: reaction rates</b>"),
                                    widgets.HBox([self.you, self.bot]), widgets.HBox([self.setup, self.rounds]),
                                    self.result, self.message, self.plot.image,
                                    widgets.HBox([self.simulate_button, self.sim_result])])
        self.widget.add_class("circus-speed-race-explorer")
        self.update()

    # --- the numbers -----------------------------------------------------------------------------------------
    @property
    def ratio(self) -> Fraction | None:
        """Your rate over the bot's, or None when a rate is 0 (no race)."""
        if not self.you.value or not self.bot.value:
            return None
        return Fraction(self.you.value, self.bot.value)

    def probability(self):
        """The exact P(you react first in one race), or None when a rate is 0."""
        if self.ratio is None:
            return None
        return race_probability(self.you.value, self.bot.value)

    def _match_points(self) -> list:
        """(ratio, tally) for every speed ratio already simulated with the chosen set-up and rounds."""
        setup, rounds = self.setup.value, self.rounds.value
        return sorted((key[2], t) for key, t in _MATCHES.items()
                      if key[:2] == (setup, rounds) and key[3:] == (self.matches, self.seed))

    # --- the plot ----------------------------------------------------------------------------------------------
    def _draw_frame(self) -> None:
        import numpy as np
        from matplotlib.lines import Line2D

        ax = self.plot.ax
        x = np.linspace(-3, 3, 121)
        ax.plot(x, 2 ** x / (1 + 2 ** x), color=PALETTE["blue"], linewidth=2)
        ax.axhline(0.5, color=PALETTE["grey"], linestyle=":", linewidth=1)
        self._sim_bars = self.plot.moving_part(ax.plot([], [], color=PALETTE["vermillion"], linewidth=1.5)[0])
        self._sim_points = self.plot.moving_part(ax.plot([], [], "o--", color=PALETTE["vermillion"], markersize=5,
                                                         linewidth=1)[0])
        self._here = self.plot.moving_part(ax.axvline(0, color=PALETTE["black"], linestyle=":", linewidth=1))
        self._you = self.plot.moving_part(ax.plot([], [], "D", color=PALETTE["orange"], markersize=9,
                                                  markeredgecolor="black")[0])
        ax.set_xlim(-3.2, 3.2)
        ax.set_ylim(-0.02, 1.02)
        ax.set_xticks(range(-3, 4), [_ratio_text(r) for r in RATIO_GRID])
        ax.set_xlabel("speed ratio: your rate / the bot's rate (log scale)")
        ax.set_ylabel("P(you win)")
        ax.set_title("One race (exact) and a whole match (simulated)", y=1)
        ax.grid(alpha=0.3)
        ax.legend(handles=[
            Line2D([], [], color=PALETTE["blue"], linewidth=2, label="win one race: r / (1 + r), exact"),
            Line2D([], [], color=PALETTE["vermillion"], marker="o", linestyle="--",
                   label="win the match, simulated (95% interval)"),
            Line2D([], [], color="none", marker="D", markerfacecolor=PALETTE["orange"], markeredgecolor="black",
                   label="your rates"),
        ], loc="upper left", fontsize=9)

    # --- reacting to the controls -----------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute the race (exact, microseconds), read the match simulations kept, and redraw the plot."""
        self._guarded(self._update)

    def _update(self) -> None:
        import math

        you, bot, ratio = self.you.value, self.bot.value, self.ratio
        rounds_words = f"{self.rounds.value} round{'s' if self.rounds.value > 1 else ''}"
        points = self._match_points()
        if points:
            xs = [math.log2(r) for r, _ in points]
            self._sim_points.set_data(xs, [t.share(0) for _, t in points])
            bars_x, bars_y = [], []
            for x, (_, t) in zip(xs, points):
                lo, hi = t.interval(0)
                bars_x += [x, x, float("nan")]
                bars_y += [lo, hi, float("nan")]
            self._sim_bars.set_data(bars_x, bars_y)
        else:
            self._sim_points.set_data([], [])
            self._sim_bars.set_data([], [])
        matches = f"{self.setup.value}, matches of {rounds_words} between first-card bots"
        if ratio is None:
            who = "Both rates are" if not you and not bot else ("Your rate is" if not you else "The bot's rate is")
            self.say(f"{who} 0 moves per second: a player who never reacts never plays a card, so there is no race "
                     "to win (the formula would divide by zero or give a certain loss). Choose rates from 1 to 8.")
            self.result.value = f'<span style="color:{_QUIET}">P(you win a race): no race with a rate of 0</span>'
            shown = f"{len(points)} speed ratios simulated" if points else "none simulated yet"
            self.sim_result.value = f'<span style="color:{_QUIET}">{matches}: {shown}</span>'
            for artist in (self._here, self._you):
                artist.set_visible(False)
            self.plot.render()
            return
        self.say("")
        p = self.probability()
        x = math.log2(ratio)
        self._here.set_xdata([x, x])
        self._you.set_data([x], [float(p)])
        for artist in (self._here, self._you):
            artist.set_visible(True)
        mean = lambda rate: _ratio_text(Fraction(1, rate))  # noqa: E731 - the mean reaction time, 1 / rate
        self.result.value = (f'<span style="color:{_TEXT}">P(you win a race) = {you} / ({you} + {bot}) = {_exact(p)}'
                             f" · speed ratio {_ratio_text(ratio)} · mean reaction times {mean(you)} s (you) and "
                             f"{mean(bot)} s (bot)</span>")
        here = dict(points).get(ratio)
        if here is None:
            self.sim_result.value = (f'<span style="color:{_QUIET}">{matches}: ratio {_ratio_text(ratio)} not '
                                     "simulated yet</span>")
        else:
            lo, hi = here.interval(0)
            self.sim_result.value = (f'<span style="color:{_TEXT}">{matches}: at ratio {_ratio_text(ratio)} you win '
                                     f"{here.share(0):.1%} of {here.n} simulated matches (95% interval "
                                     f"{lo:.1%} to {hi:.1%})</span>")
        self.plot.render()

    def simulate(self) -> None:
        """Play the seeded matches for the chosen set-up and rounds at ratios 1/8 to 8 and at yours (kept for the
        session: a second time is instant), then redraw."""
        def work() -> None:
            ratios = list(RATIO_GRID)
            if self.ratio is not None and self.ratio not in ratios:
                ratios.append(self.ratio)
            for ratio in ratios:
                simulated_matches(self.setup.value, self.rounds.value, ratio, self.matches, self.seed)
            self._update()
        self._guarded(work)


if __name__ == "__main__":  # python -m circuslib.speed.widget: draw the explorers' frames again and ship them
    print("wrote", write_explorer_frames())
