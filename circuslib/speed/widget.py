"""Speed in the notebook: a playable table against a bot that reacts on a timer.

The bot's timer runs on the kernel's event loop (``LoopScheduler``); tests pass a ``FakeClock`` instead and move
time forward by hand, so the timer-driven bot is tested without waiting. The table lays out, reacts and draws:
the odds it shows are the kit's (``odds``, ``graphs``), the bot's choices are ``bots``'.
"""
from __future__ import annotations

import asyncio
import functools
import random
import warnings
from collections.abc import Callable
from typing import Any

from ..core.access import named_row
from ..core.args import instance, one_of, rng_arg
from ..core.game import IllegalMove, sample_outcome
from ..core.svg import INK
from ..core.ui import Framed, GameFrame, all_or_nothing, button
from .bots import POLICIES, PROFILES, policy
from .graphs import most_cards_shed
from .odds import p_next_card_fits, race_probability
from .rules import (
    ONE_DECK,
    PILE_NAMES,
    RED_INK,
    FlipFaceUp,
    Play,
    Race,
    SpeedOptions,
    SpeedState,
    card_ink,
    card_name,
    deal,
    fits,
    neighbours,
    rank_name,
    speed_svg,
)

__all__ = ["LoopScheduler", "FakeClock", "SpeedTable"]

class LoopScheduler:
    """Runs callbacks later on the kernel's asyncio event loop (what a live notebook uses)."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
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


_SUIT_WORDS = {"♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades"}
_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def spoken(card: int) -> str:
    """A card in words, as a screen reader should say it: "7 of hearts", "queen of spades"."""
    shown = card_name(card)
    rank, suit = (shown[:-1], shown[-1]) if shown[-1:] in _SUIT_WORDS else (shown, "")
    rank = _RANK_WORDS.get(rank, rank)
    return f"{rank} of {_SUIT_WORDS[suit]}" if suit else rank


HAND = named_row("circus-speed-hand", "Your face-up cards: play one")


class SpeedTable(Framed):
    """A playable Speed table: you (player 0) against a bot (player 1) with a reaction profile.

    Click one of your face-up cards: it goes where it fits, and if it fits both piles you are asked which
    (click a pile). The bot moves after an exponential delay drawn from its profile (the speed slider multiplies
    its rate); a bot move that your faster move made impossible is lost. At a stalemate press "Flip".
    """

    def __init__(self, rng: random.Random, *, setup: SpeedOptions = ONE_DECK, bot: str = "longest",
                 bot_profile: str = "slow", scheduler: LoopScheduler | FakeClock | None = None,
                 paused: bool = True) -> None:
        import ipywidgets as widgets

        rng_arg(rng, "rng (for example SpeedTable(random.Random(1)))")
        instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
        one_of(bot, "bot", POLICIES)
        one_of(bot_profile, "bot_profile", PROFILES)
        self.rng, self.setup, self.bot_kind = rng, setup, bot
        self.bot_profile_name = bot_profile
        self.bot_policy = policy(bot)
        self.scheduler = scheduler or LoopScheduler()
        self.timer: Any = None  # the bot's pending reaction (a handle with cancel()), if any
        self.intended: Play | None = None
        self.selected: int | None = None
        self.wins = [0, 0]
        self.points = [0, 0]
        self.frame = GameFrame("Speed (Le Flip): shed your cards before the bot", odds_visible=False, log_lines=10)
        self.frame.widget.add_class("circus-speed")
        # buttons of one kind share one layout and one look: one widget model each instead of one per button
        card_parts = (widgets.Layout(width="52px", height="60px"), widgets.ButtonStyle())
        plain_parts = (widgets.Layout(width="auto"), widgets.ButtonStyle())
        self.card_buttons = [button("", functools.partial(self.click_card, i), css_class="circus-speed-card",
                                    shared=card_parts) for i in range(setup.face_up)]
        self.hand_label = widgets.HTML()
        self.hand_label.add_class("circus-speed-hand-label")
        self.hand = widgets.HBox([self.hand_label] + self.card_buttons, layout=widgets.Layout(align_items="center"),
                                 _dom_classes=("circus-hand", *HAND))
        self.pile_buttons = [button("", functools.partial(self.click_pile, p), css_class="circus-speed-pile",
                                    shared=plain_parts) for p in (0, 1)]
        self.flip_button = button("Flip", self.flip, css_class="circus-speed-flip", style="warning",
                                  name="Flip: at a stalemate both turn a new card onto the centre piles",
                                  shared=plain_parts)
        self.new_button = button("New round", self.new_round, css_class="circus-speed-new", shared=plain_parts,
                                 name="Deal a new round")
        self.pause_button = widgets.ToggleButton(value=paused, description="Start the bot" if paused else "Pause",
                                                 icon="play" if paused else "pause",
                                                 tooltip="Start the bot" if paused else "Pause the bot")
        self.pause_button.add_class("circus-speed-pause")
        self.pause_button.observe(self._on_pause, names="value")
        self.speed = widgets.FloatLogSlider(value=1.0, base=2, min=-2, max=2, step=0.5, description="bot speed ×",
                                            tooltip="The bot's speed (times normal)",
                                            continuous_update=False)
        self.speed.add_class("circus-speed-slider")
        self.speed.observe(self._on_speed, names="value")
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
        return bool(self.pause_button.value)

    @property
    def bot_rate(self) -> float:
        """The bot's reaction rate now: its profile's rate times the speed slider."""
        return float(PROFILES[self.bot_profile_name]) * float(self.speed.value)

    # --- the round ---------------------------------------------------------------------------------------------
    @all_or_nothing("state", "selected", "wins", "points")
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

    @all_or_nothing("state", "selected", "wins", "points")
    def load(self, state: SpeedState) -> None:
        """Play on from a given position (a hand-made one from ``position(...)``, say)."""
        instance(state, "state", SpeedState, "a SpeedState, for example one made with position(...)")
        if len(state.slots[0]) != len(self.card_buttons):
            raise ValueError(f"this table has {len(self.card_buttons)} face-up places; the position has "
                             f"{len(state.slots[0])}")
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
    @all_or_nothing("state", "selected", "wins", "points")
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
            on = [f"on {card_name(t)} go {' or '.join(map(rank_name, neighbours(t)))}" for t in tops if t is not None]
            self.frame.say(f"{card_name(card)} fits neither pile: {', '.join(on)} (any suit).", error=True)
            self._refresh()
            return
        if len(piles) == 2:
            self.selected = slot
            self.frame.say(f"{card_name(card)} fits both piles: click pile A or pile B.")
            self._refresh()
            return
        self._you_play(slot, piles[0])

    @all_or_nothing("state", "selected", "wins", "points")
    def click_pile(self, pile: int) -> None:
        """You clicked a centre pile: put the selected card there."""
        if self.selected is None:
            self.frame.say("Click one of your cards first, then a pile.", error=True)
            return
        slot, self.selected = self.selected, None
        card = self.state.face_up(0)[slot]
        top = self.state.tops()[pile]
        if card is None or top is None or not fits(card, top):
            where = "an empty pile" if top is None else card_name(top)
            self.frame.say(f"{card_name(card) if card else 'that card'} does not fit on {where}.", error=True)
            self._refresh()
            return
        self._you_play(slot, pile)

    def _you_play(self, slot: int, pile: int) -> None:
        card = self.state.face_up(0)[slot]
        assert card is not None, "a card is played from a place that holds one"
        self.selected = None
        contested = self.state.step == "race"
        self._play_for(0, Play(int(card), slot, pile), "play", said=f"You: {card_name(card)} on pile "
                       f"{PILE_NAMES[pile]}" + (" (you won the race)" if contested else ""))

    def _play_for(self, player: int, move: Play | FlipFaceUp, kind: str, said: str = "") -> bool:
        """Apply a player's move, going through the race step when both could play; ``said`` is its log line,
        written before what the move leads to ("round over" comes after the card that ended the round)."""
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
        if said:
            self.frame.log(said)
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
    @all_or_nothing("state", "selected", "wins", "points")
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
    @all_or_nothing("state", "selected", "wins", "points")
    def _on_pause(self, change: dict[str, Any]) -> None:
        self._show_pause()
        if change["new"]:
            self._cancel_timer()
        else:
            self._schedule_bot()

    @all_or_nothing("state", "selected", "wins", "points")
    def _on_speed(self, change: dict[str, Any]) -> None:
        self._schedule_bot(restart=True)

    def _show_pause(self) -> None:
        self.pause_button.description = "Start the bot" if self.paused else "Pause"
        self.pause_button.icon = "play" if self.paused else "pause"
        self.pause_button.tooltip = "Start the bot" if self.paused else "Pause the bot"

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
        chosen = self.bot_policy(view, self.rng)  # a play: the bot's view is always a position where it plays
        self.intended = chosen if isinstance(chosen, Play) else None
        delay = self.rng.expovariate(self.bot_rate)
        self.timer = self.scheduler.call_later(delay, self._bot_fires)

    def _bot_fires(self) -> None:
        """The bot's reaction time is up: it plays the card it chose, unless your faster move made it impossible."""
        try:
            self._bot_move()
        except Exception as error:  # a timer callback has nobody to report to: show it on the table
            self.frame.say(f"the bot stopped: {error}", error=True)

    @all_or_nothing("state", "selected", "wins", "points")
    def _bot_move(self) -> None:
        if self.timer is not None:
            self.timer.cancel()  # due now, or played at once by play_bot_now: either way it does not fire again
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
        self._play_for(1, intended, "play", said=f"Bot: {card_name(card)} on pile {PILE_NAMES[intended.pile]}"
                       + (" (bot won the race)" if contested else ""))

    def _undone(self) -> None:
        """After a stopped action: the table drawn again, and the bot reacting afresh to the position put back
        (whatever reaction the stopped action had started or cancelled is dropped)."""
        self._cancel_timer()
        self._refresh()
        self._schedule_bot()

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
            b.tooltip = (f"Play on pile {PILE_NAMES[p]}: {spoken(top) if top else 'empty'} on top, "
                         f"{len(state.centre[p])} card{'' if len(state.centre[p]) == 1 else 's'}")
            b.disabled = over
        self.flip_button.disabled = over or not state.is_stalemate()
        self._show_pause()
        self._show_odds()

    def _show_card(self, b: Any, slot: int, over: bool) -> None:
        """One of your places as a card: rank and suit in the suit's ink, chosen or empty by its look."""
        stack = self.state.slots[0][slot]
        card = stack[-1] if stack else None
        b.description = "—" if card is None else card_name(card)
        under = f", {len(stack) - 1} more under it" if len(stack) > 1 else ""
        b.tooltip = (f"Place {slot + 1}: empty" if card is None else
                     f"{'Chosen' if slot == self.selected else 'Take card'}: {spoken(card)} (place {slot + 1}{under})")
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
        shed = most_cards_shed(state.face_up(0), tops) if len(tops) == 2 else 0
        lines = [f"<b>Your card piles:</b> {state.piles[0]} face down; bot: {state.piles[1]}",
                 f"<b>Most cards you could shed now:</b> {shed}",
                 "<b>P(your next card from the pile fits):</b> "
                 + (f"{p_next_card_fits(state, 0)}" if state.setup.has_piles or state.piles[0] else
                    "no pile: in crapette rapide your cards are all in the heaps"),
                 f"<b>Race odds at the bot's base speed:</b> you first with P = {race} "
                 f"(rates {you_rate} vs {PROFILES[self.bot_profile_name]} per second)"]
        self.frame.show_odds("<br>".join(lines))

    def play_bot_now(self) -> None:
        """For demonstrations: let the bot's pending reaction happen at once."""
        if self.timer is not None:
            self._bot_fires()


_MOVED = {"StalemateExplorer": "explorers", "RaceExplorer": "explorers", "RATIO_GRID": "bots",
          "simulated_matches": "bots", "PALETTE": "explorers"}


def __getattr__(name: str) -> Any:
    """The explorers, and the simulation of matches, moved out of the table's module: their old names here still
    answer for one release, with a DeprecationWarning naming the new place."""
    if name in _MOVED:
        import importlib

        where = f"{__package__}.{_MOVED[name]}"
        warnings.warn(f"{name} is now in {where}; importing it from {__name__} goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(where), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
