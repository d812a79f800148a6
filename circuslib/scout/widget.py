"""Play Scout against bots in a notebook: your hand as cards, the active set, show, scout, Scout & Show, the flip.

You are player 0. Click adjacent cards of your hand to select them, then Show; or pick the end of the active set,
whether to turn the card round and the gap to put it in, then Scout. Switch on Scout & Show (once a round) to
scout first and then show from the new hand.

Two explorers: ``SetSomewhereExplorer`` (the exact chance of a set of k adjacent cards somewhere in a dealt hand,
against the players and the hand size, checked by a seeded simulation) and ``DealtHandExplorer`` (a seeded deal
drawn with its sets and its strongest show, against the exact expected numbers of sets and shows).
"""
from __future__ import annotations

import html
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from ..core.charts import Chart, Key
from ..core.game import CHANCE
from ..core.sim import Estimate, monte_carlo
from ..core.svg import svg_card, svg_doc, theme_style
from ..core.ui import Framed, GameFrame, Shown, button, replace_children, transient_control
from .bots import BOTS, greedy_bot
from .odds import expected_set_windows, expected_shows, random_hand
from .rules import (
    FLIP_HAND,
    FULL_DECK,
    HAND_SIZE,
    KEEP_HAND,
    Scout,
    ScoutAndShow,
    ScoutRules,
    ScoutState,
    Show,
    _scouted,
    _shows,
    deal_round,
    deck_for,
    flip_hand,
    legal_shows,
    longest_set,
    new_game,
    set_key,
)
from .tables import EXPLORER_HANDS, EXPLORER_KS
from .tables import set_somewhere_table as shipped_set_somewhere_table

if TYPE_CHECKING:
    import sympy

__all__ = ["ScoutWidget", "describe_move", "SetSomewhereExplorer", "DealtHandExplorer", "set_somewhere_table"]

YOU = 0


def describe_move(state: ScoutState, move) -> str:
    """The move in words, with the numbers it involves (for the move log)."""
    who = "You" if state.turn == YOU else f"Player {state.turn}"
    if move == FLIP_HAND:
        return f"{who} flipped the whole hand"
    if move == KEEP_HAND:
        return f"{who} kept the hand as dealt"
    hand, table = state.hands[state.turn], state.table
    captured = f", capturing {' '.join(str(c[0]) for c in table)}" if table else ""
    if isinstance(move, Show):
        shown = " ".join(str(c[0]) for c in hand[move.start:move.stop])
        return f"{who} showed {shown}{captured}"
    if isinstance(move, Scout):
        _, _, card = _scouted(hand, table, move)
        return f"{who} scouted a {card[0]} from the {move.end} end"
    if isinstance(move, ScoutAndShow):
        new_hand, rest, card = _scouted(hand, table, move)
        shown = " ".join(str(c[0]) for c in new_hand[move.start:move.stop])
        taken = f", capturing {' '.join(str(c[0]) for c in rest)}" if rest else ""
        return f"{who} used Scout & Show: scouted a {card[0]}, then showed {shown}{taken}"
    return f"{who}: {move}"


class ScoutWidget(Framed):
    """Scout for 2 to 5 players: you (player 0) against bots (greedy by default)."""

    def __init__(self, n_players: int = 3, rng: random.Random | None = None, *,
                 bots: Sequence[Callable | str] | Callable | str = greedy_bot, rounds: int | None = None) -> None:
        import ipywidgets as widgets
        from ipywidgets.widgets.widget_bool import ToggleButtonStyle  # not exported at the package's top level

        if rng is None or not isinstance(rng, random.Random):
            raise TypeError("pass a seeded random generator, for example ScoutWidget(3, random.Random(1))")
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not 2 <= n_players <= 5:
            raise ValueError("Scout is played by 2 to 5 players")
        self.rng, self.n_players, self.rounds = rng, n_players, rounds
        bots = [bots] * (n_players - 1) if callable(bots) or isinstance(bots, str) else list(bots)
        if len(bots) != n_players - 1:
            raise ValueError(f"give one bot for each of the {n_players - 1} other players")
        self.bots = [BOTS[b] if isinstance(b, str) else b for b in bots]
        self.frame = GameFrame(f"Scout: you against {n_players - 1} bot(s)", odds_visible=True)
        self.frame.widget.add_class("circus-scout-widget")
        # CSS classes are given as the widgets are made (_dom_classes): each add_class afterwards is one more message
        self.status = widgets.HTML(_dom_classes=("circus-scores",))
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"), _dom_classes=("circus-hand",))
        # the buttons that last share one layout and one look, and the hand's cards another pair: each widget
        # model is a message the kernel and the server both handle when the lesson opens
        buttons = (widgets.Layout(width="auto"), widgets.ButtonStyle())
        self._card_parts = (widgets.Layout(width="64px"), ToggleButtonStyle())
        self.show_button = button("Show selected", self.show, css_class="circus-show", style="primary",
                                  shared=buttons)
        self.end_choice = widgets.Dropdown(options=["left", "right"], value="left", description="end",
                                           layout=widgets.Layout(width="140px"), _dom_classes=("circus-scout-end",))
        self.flip_choice = widgets.Checkbox(value=False, description="turn it round", indent=False,
                                            layout=widgets.Layout(width="120px"), _dom_classes=("circus-scout-flip",))
        self.gap_choice = widgets.Dropdown(options=[0], value=0, description="into gap",
                                           layout=widgets.Layout(width="150px"), _dom_classes=("circus-scout-gap",))
        self.scout_button = button("Scout", self.scout, css_class="circus-scout", shared=buttons)
        self.sns_toggle = widgets.ToggleButton(value=False, description="Scout & Show chip",
                                               _dom_classes=("circus-sns",))
        self.sns_toggle.observe(self._sns_changed, names="value")
        self.flip_button = button("Flip my hand", self.flip, css_class="circus-flip", shared=buttons)
        self.keep_button = button("Keep my hand", self.keep, css_class="circus-keep", shared=buttons)
        self.new_button = button("New game", self.new_game, css_class="circus-new", shared=buttons)
        self.frame.set_controls([self.flip_button, self.keep_button, self.show_button, self.end_choice,
                                 self.flip_choice, self.gap_choice, self.scout_button, self.sns_toggle,
                                 self.new_button])
        self.frame.add_panel(self.status, before="board")
        self.frame.add_panel(self.hand_box, before="controls")
        self.toggles: list = []
        self.pending: Scout | None = None
        self.new_game()

    # --- actions -------------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Deal a new game; the bots play until it is your turn."""
        self.state = new_game(self.n_players, rounds=self.rounds)
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

    def flip(self) -> None:
        """Turn your whole hand round (only before the round starts)."""
        self._play(FLIP_HAND)

    def keep(self) -> None:
        """Keep your hand as dealt."""
        self._play(KEEP_HAND)

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

    def _sns_changed(self, change) -> None:
        if not change["new"] and self.pending is not None:
            self.pending = None
            self.frame.say("Scout & Show cancelled: the card went back.")
        self._refresh()

    # --- the engine ----------------------------------------------------------------------------------
    def _play(self, move) -> bool:
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
    def _view(self):
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
        self.frame.show_board(self._board_svg(table))
        previous = set(self.selected) if len(self.toggles) == len(hand) else set()
        self.toggles = []
        for i, card in enumerate(hand):
            t = transient_control(widgets.ToggleButton(  # made for this hand only: closed when the hand is redrawn
                value=i in previous, description=f"{card[0]} ({card[1]})",
                tooltip=f"card {i}: {card[0]} up, {card[1]} on the other end",
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

    def _selection_changed(self, change) -> None:
        hand, table = self._view()
        self.frame.show_board(self._board_svg(table))

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

    def _board_svg(self, table) -> str:
        s = self.state
        w, h, step = 44, 64, 50
        owner = "" if s.owner is None or not table else f" — {'your' if s.owner == YOU else f'player {s.owner}’s'} set"
        parts = [f'<text x="6" y="14" font-size="12" font-family="sans-serif">Active set{html.escape(owner)}</text>']
        if table:
            parts += [svg_card(c[0], c[1], x=10 + i * step, y=20, width=w, height=h, css_class="circus-table-card")
                      for i, c in enumerate(table)]
        else:
            parts.append('<text x="14" y="55" font-size="12" font-family="sans-serif" fill="#777">empty table: '
                         'any set may be shown</text>')
        hand, _ = self._view()
        y = 20 + h + 30
        selected = set(self.selected)
        parts.append(f'<text x="6" y="{y - 8}" font-size="12" font-family="sans-serif">Your hand (gaps numbered '
                     'for scouting; the big number is the one in play)</text>')
        for i, c in enumerate(hand):
            parts.append(svg_card(c[0], c[1], x=24 + i * step, y=y, width=w, height=h, highlight=i in selected,
                                  css_class="circus-hand-card"))
        parts += [f'<text x="{16 + i * step}" y="{y + h + 14}" font-size="11" font-family="sans-serif" '
                  f'fill="#2171b5">↑{i}</text>' for i in range(len(hand) + 1)]
        width = 40 + step * max(len(hand) + 1, len(table), 8)
        return svg_doc(width, y + h + 22, parts, css_class="circus-svg circus-scout-board", title="Scout table")

    def _odds_html(self, hand, table) -> str:
        values = [c[0] for c in hand]
        table_key = set_key([c[0] for c in table]) if table else None
        shows = _shows(values, table_key)
        best = max(shows, key=lambda ij: set_key(values[ij[0]:ij[1]]), default=None)
        turned = flip_hand(hand, self.state.rules.flip_reverses_order)
        lines = [f"<b>Shows that beat the table:</b> <span class='circus-show-count'>{len(shows)}</span>"]
        if best:
            lines.append(f"<b>Biggest:</b> {' '.join(map(str, values[best[0]:best[1]]))}")
        lines.append(f"<b>Longest set in your hand:</b> {longest_set(hand)}")
        if self.state.phase == "flip":
            lines.append(f"<b>Turned round:</b> longest set {longest_set(turned)}, "
                         f"{len(_shows([c[0] for c in turned], None))} shows (now {len(_shows(values, None))})")
        return "<br>".join(lines)


# ---------------------------------------------------------------------------------------------------------
# the explorers: the chance of a set somewhere in a hand, and a dealt hand with its shows

# Okabe and Ito's colour-blind-safe palette; every curve and bar also differs by line style, marker or hatching.
# What was black (axes, text, the chosen k, the expected numbers) is the theme's text colour (core.charts.INK).
ORANGE, SKY, GREEN, BLUE, VERMILLION, PURPLE = ("#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7")
MUTED = "var(--jp-ui-font-color2, #555555)"

EXACT_HANDS = EXPLORER_HANDS  # hand sizes the set explorer's exact table covers
EXACT_KS = EXPLORER_KS        # set lengths it covers
_FLOOR = 1e-4              # the bottom of the set explorer's log scale (its smallest exact value is 1.6e-4)
_K_COLOURS = dict(zip(EXACT_KS, (ORANGE, SKY, GREEN, PURPLE)))
_K_MARKERS = dict(zip(EXACT_KS, ("o", "s", "^", "v")))


class _Refused(ValueError):
    """A setting an explorer cannot show, with the sentence that says why."""


def _refusal_html(refusal) -> str:
    """A refused setting's sentence for an explorer's message line (the theme's error colour, and a ✘)."""
    return f'<span class="circus-error">✘ {html.escape(str(refusal))}</span>'


def _exact_html(x, css_class: str) -> str:
    """A probability or a mean as a fraction and a decimal, each in its own tagged span."""
    import sympy

    decimal = f"{float(x):.4f}"
    sign = "=" if sympy.Rational(decimal) == x else "≈"
    return (f"<span class='{css_class}-fraction'>{x}</span> {sign} "
            f"<span class='{css_class}-decimal'>{decimal}</span>")


def _check_setting(name: str, value, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} runs from {low} to {high} on the explorer, not {value}")
    return value


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"the seed is a whole number, not {seed!r}")
    return seed


def set_somewhere_table() -> dict:
    """The exact P(a set of k adjacent cards somewhere in a dealt hand) for every deck (2 to 5 players), hand size
    in ``EXACT_HANDS`` and k in ``EXACT_KS``, keyed (players, hand size, k): counted once by ``set_somewhere_exact``
    and shipped with the kit (``tables.set_somewhere_table``), so opening an explorer reads it."""
    shipped = shipped_set_somewhere_table()
    return {(players, h, k): shipped[players, h, k, "any"]
            for players in (2, 3, 4, 5) for h in EXACT_HANDS for k in EXACT_KS if k <= h}


def _slider(description: str, value: int, low: int, high: int, css_class: str, looks: tuple):
    import ipywidgets as widgets

    layout, style = looks
    return widgets.IntSlider(value=value, min=low, max=high, description=description, continuous_update=True,
                             style=style, layout=layout, _dom_classes=(css_class,))


def _slider_looks() -> tuple:
    """One layout and one style for an explorer's sliders: each widget model is a message that the kernel and the
    server both handle when a lesson opens, and the sliders look alike anyway."""
    import ipywidgets as widgets

    return widgets.Layout(width="380px"), widgets.SliderStyle(description_width="130px")


def _texts(*lines: tuple[str, str]) -> list:
    """HTML widgets, one for each (value, CSS classes separated by spaces, or ""), that share one layout and one
    style (one widget model each, not three), their classes given as they are made (an add_class afterwards is one
    more message). An explorer's plot is one of them: the chart's SVG, written by the kit (``core.charts.Chart``)
    and drawn by the browser, a change replacing it in place."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget_string import HTMLStyle  # not exported at the package's top level

    layout, style = widgets.Layout(), HTMLStyle()
    return [widgets.HTML(value, layout=layout, style=style, _dom_classes=tuple(css_classes.split()))
            for value, css_classes in lines]


class SetSomewhereExplorer(Shown):
    """Players, hand size and set length k: the exact chance that a dealt hand holds a set of k adjacent cards
    somewhere (a fraction and a decimal), its curve against the hand size for every k, and a seeded simulation that
    checks it, 1,000 hands a click.

    The exact values for hands of 2 to 8 cards and sets of 2 to 5 were counted once by ``set_somewhere_exact``
    (about 2 s for the whole grid) and ship with the kit (``tables.set_somewhere_table``): opening an explorer
    reads them. A real hand (9 to 12 cards) takes about a second a value to count, so the hand-size slider
    stops at 8.
    """

    SIMULATED = 1_000  # hands dealt per click of the simulate button

    def __init__(self, players: int = 4, hand_size: int = 8, k: int = 3, *, seed: int = 1) -> None:
        import ipywidgets as widgets

        _check_setting("players", players, 2, 5)
        _check_setting("hand_size", hand_size, EXACT_HANDS[0], EXACT_HANDS[-1])
        _check_setting("k", k, EXACT_KS[0], EXACT_KS[-1])
        self.rng = random.Random(_check_seed(seed))
        self.exact = set_somewhere_table()
        looks = _slider_looks()
        self.players = _slider("players", players, 2, 5, "circus-scout-players", looks)
        self.hand_size = _slider("cards in the hand", hand_size, EXACT_HANDS[0], EXACT_HANDS[-1],
                                 "circus-scout-hand-size", looks)
        self.k = _slider("set of k cards", k, EXACT_KS[0], EXACT_KS[-1], "circus-scout-k", looks)
        title, self.result, self.simulated, self.message, self.plot, note = _texts(
            (f"{theme_style()}<b>A set of k adjacent cards somewhere in a dealt hand</b>", ""),
            ("", "circus-scout-exact"), ("", "circus-scout-simulated"), ("", "circus-message"),
            ("", "circus-explorer-plot circus-scout-set-plot"),
            (f"<span style='color:{MUTED}'>Exact values for hands of 2 to 8 cards, counted once by "
             "set_somewhere_exact and shipped with the kit. A real hand (9 to 12 cards) takes about a second a value "
             "to count (section 5b counts those).</span>", ""))
        self.simulate_button = button(f"Simulate {self.SIMULATED:,} more hands", self.simulate,
                                      css_class="circus-scout-simulate")
        self.widget = widgets.VBox([
            title,
            widgets.HBox([self.players, self.hand_size, self.k], layout=widgets.Layout(flex_flow="row wrap")),
            self.result, self.message, widgets.HBox([self.simulate_button, self.simulated]), self.plot, note],
            _dom_classes=("circus-explorer", "circus-scout-set-explorer"))
        self._hits = self._dealt = 0
        for slider in (self.players, self.hand_size, self.k):
            slider.observe(lambda change: self.update(), names="value")
        self.update()

    @property
    def setting(self) -> tuple[int, int, int]:
        """(players, cards in the hand, k) as the sliders say."""
        return self.players.value, self.hand_size.value, self.k.value

    def probability(self) -> sympy.Rational:
        """The exact chance for the sliders' setting (a refusal if the set cannot fit in the hand)."""
        players, h, k = self.setting
        if k > h:
            raise _Refused(f"A set of {k} adjacent cards cannot fit in a hand of {h} cards: "
                           "make the hand longer or the set shorter.")
        return self.exact[players, h, k]

    def update(self) -> None:
        """Show the exact chance and redraw the curves for the current setting (the simulation starts afresh)."""
        self._hits = self._dealt = 0
        self.simulated.value = ""
        players, h, k = self.setting
        try:
            p = self.probability()
        except _Refused as refusal:
            self.message.value = _refusal_html(refusal)
            self.result.value = (f"P(a set of {k} somewhere in a hand of {h}) = "
                                 "<span class='circus-scout-p-fraction'>—</span> (no such setting)")
            self.simulate_button.disabled = True
            self._draw(None)
            return
        self.message.value = ""
        self.simulate_button.disabled = False
        self.result.value = (f"P(a set of <b>{k}</b> adjacent cards somewhere in a hand of <b>{h}</b>, "
                             f"{players} players, {len(deck_for(players))} cards) = "
                             f"{_exact_html(p, 'circus-scout-p')}")
        self._draw(p)

    def simulate(self) -> None:
        """Deal 1,000 more seeded hands for the current setting and compare their share of sets with the exact
        value (each click adds to the hands dealt since the last change)."""
        try:
            p = self.probability()
        except _Refused as refusal:
            self.message.value = _refusal_html(refusal)
            return
        players, h, k = self.setting
        # a hand holds a set of k somewhere exactly when its longest set has k cards or more
        estimate = monte_carlo(lambda rng: longest_set(random_hand(rng, players, h)) >= k, self.SIMULATED, self.rng,
                               keep=False, show_progress=False)
        self._hits += round(estimate.mean * estimate.n)
        self._dealt += estimate.n
        estimate = self.estimate
        inside = "inside" if estimate.contains(p) else "outside"
        self.simulated.value = (f"simulated: <span class='circus-scout-sim-share'>{html.escape(str(estimate))}"
                                f"</span>; the exact value is {inside} the interval")
        self._draw(p)

    @property
    def estimate(self) -> Estimate | None:
        """The simulated share of hands with a set since the last change (None before a simulation)."""
        if not self._dealt:
            return None
        n, share = self._dealt, self._hits / self._dealt
        variance = share * (1 - share) * n / (n - 1) if n > 1 else 0.0
        return Estimate(share, math.sqrt(variance / n), n)

    def _draw(self, p) -> None:
        self.plot.value = self.chart(p, self.estimate)

    def chart(self, p, estimate: Estimate | None) -> str:
        """The chart as SVG: the exact curves of this deck against the hand size, one for each k (the chosen k
        bold), its upper bound (the expected number of places with a set), this setting and the simulation."""
        players, h, k = self.setting
        chart = Chart(656, 272, x_range=(EXACT_HANDS[0] - 0.4, EXACT_HANDS[-1] + 0.5), y_range=(_FLOOR, 2),
                      log_y=True, margins=(98, 27, 197, 38), name="circus-scout-set-chart")
        decades = range(round(math.log10(_FLOOR)), 1)
        chart.axes(xticks=[(n, str(n)) for n in EXACT_HANDS],
                   yticks=[(10.0 ** e, _one_in(10.0 ** e)) for e in decades],
                   xlabel="cards in the hand", ylabel="probability (log scale)", grid="xy", tick_size=10,
                   title="P(a set of k adjacent cards somewhere in a dealt hand), exact")
        for j in EXACT_KS:
            if j != k:  # the chosen k last, on top
                self._curve(chart, players, j, chosen=False)
        self._curve(chart, players, k, chosen=True)
        hands = [n for n in EXACT_HANDS if n >= k]
        chart.line(hands, [float(expected_set_windows(k, deck_for(players), n)) for n in hands], colour=BLUE,
                   dash="5 3", css_class="circus-scout-bound")
        chart.note(f"{players} players, {len(deck_for(players))} cards")
        if p is not None:
            chart.line([h], [float(p)], width=0, marker="o", marker_size=15, hollow=True,
                       css_class="circus-scout-setting")
        if estimate is not None:
            low, high = estimate.ci95
            x = h + 0.15
            chart.line([x, x], [max(low, _FLOOR), max(high, _FLOOR)], colour=VERMILLION, width=1.5, marker="_",
                       marker_size=9, css_class="circus-scout-interval")
            chart.line([x], [max(estimate.mean, _FLOOR)], colour=VERMILLION, width=0, marker="D", marker_size=7,
                       css_class="circus-scout-estimate")  # no set in any simulated hand: on the floor
        chart.legend([Key(f"k = {j}", colour=_K_COLOURS[j], marker=_K_MARKERS[j]) for j in EXACT_KS] + [
            Key("the chosen k (bold)", width=2.8),
            Key("expected places with a set\nof the chosen k: an upper bound", colour=BLUE, dash="5 3"),
            Key("this setting (exact)", marker="o", marker_size=12, hollow=True, line=False),
            Key("simulated, 95% interval", colour=VERMILLION, marker="D", marker_size=6)], size=9.5)
        return chart.svg(css_class="circus-scout-set-svg",
                         title=f"the exact chance of a set of k somewhere in a dealt hand, {players} players")

    def _curve(self, chart: Chart, players: int, j: int, *, chosen: bool) -> None:
        hands = [n for n in EXACT_HANDS if n >= j]
        chart.line(hands, [float(self.exact[players, n, j]) for n in hands], colour=_K_COLOURS[j],
                   marker=_K_MARKERS[j], width=2.8 if chosen else 1.2, opacity=1 if chosen else 0.6,
                   marker_size=7 if chosen else 5, css_class=f"circus-scout-curve-{j}")


def _one_in(y: float) -> str:
    """A probability tick on a log scale as "1 in 1,000" (1 itself as "1")."""
    return "1" if y >= 1 else f"1 in {1 / y:,.0f}"


@cache
def _expected_windows(players: int, hand_size: int) -> tuple[float, ...]:
    """The expected number of places holding a set of k cards in a dealt hand, for k = 1 .. hand_size."""
    cards = deck_for(players)
    return tuple(float(expected_set_windows(k, cards, hand_size)) for k in range(1, hand_size + 1))


@cache
def _expected_shows(players: int, hand_size: int) -> sympy.Rational:
    """The exact expected number of shows a dealt hand allows on an empty table."""
    return expected_shows(deck_for(players), hand_size)


def _maximal_sets(sets: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sets of two or more cards (slices) that no longer set contains: one bracket each under the hand."""
    slices = set(sets)
    return [(i, j) for i, j in sets if j - i >= 2 and (i - 1, j) not in slices and (i, j + 1) not in slices]


class DealtHandExplorer(Shown):
    """A hand dealt from a seeded shuffle, drawn with its sets bracketed and its strongest show highlighted.

    A student changes the players (the deck), the cards in the hand (the same shuffle, dealt further or less far),
    whether the hand is turned round, and the set to beat on the table (typed, like ``5 6``); "Deal again" shuffles
    afresh. Shown: how many shows beat the table, the hand's sets by length against the exact expected numbers for
    a dealt hand, and the exact expected number of shows (linearity of expectation).
    """

    def __init__(self, players: int = 4, hand_size: int | None = None, *, table: str = "", seed: int = 1) -> None:
        import ipywidgets as widgets

        _check_setting("players", players, 2, 5)
        hand_size = HAND_SIZE[players] if hand_size is None else hand_size
        _check_setting("hand_size", hand_size, 1, max(HAND_SIZE.values()))
        if not isinstance(table, str):
            raise TypeError(f"the set to beat is typed as text, like '5 6', not {table!r}")
        self.rng = random.Random(_check_seed(seed))
        looks = _slider_looks()
        self.players = _slider("players", players, 2, 5, "circus-scout-deal-players", looks)
        self.hand_size = _slider("cards in the hand", hand_size, 1, max(HAND_SIZE.values()),
                                 "circus-scout-deal-size", looks)
        self.turned = widgets.ToggleButton(value=False, description="turned round", icon="refresh",
                                           tooltip="turn the whole hand round, as a player may before the round",
                                           _dom_classes=("circus-scout-turned",))
        self.active = widgets.Text(value=table, description="set to beat", placeholder="empty, or like 5 6",
                                   continuous_update=False, layout=widgets.Layout(width="260px"),
                                   _dom_classes=("circus-scout-active",))
        self.deal_button = button("Deal again", self.deal, css_class="circus-scout-deal")
        title, self.picture, self.result, self.message, self.plot = _texts(
            (f"{theme_style()}<b>A dealt hand and its shows</b>", ""), ("", "circus-scout-dealt"),
            ("", "circus-scout-hand-result"), ("", "circus-message"),
            ("", "circus-explorer-plot circus-scout-hand-plot"))
        rows = widgets.Layout(flex_flow="row wrap")  # one layout for both rows of controls
        self.widget = widgets.VBox([
            title,
            widgets.HBox([self.players, self.hand_size], layout=rows),
            widgets.HBox([self.active, self.turned, self.deal_button], layout=rows),
            self.message, self.picture, self.result, self.plot],
            _dom_classes=("circus-explorer", "circus-scout-hand-explorer"))
        self.deals = 0
        for control in (self.players, self.hand_size, self.turned, self.active):
            control.observe(lambda change: self.update(), names="value")
        self.deal()

    # --- the deal -------------------------------------------------------------------------------------
    def deal(self) -> None:
        """Shuffle the 45 cards afresh (seeded), each either way up; the hand is the first cards of the deck."""
        order = self.rng.sample(FULL_DECK, len(FULL_DECK))
        self.shuffled = tuple(c if self.rng.random() < 0.5 else (c[1], c[0]) for c in order)
        self.deals += 1
        self.update()

    @property
    def hand(self) -> tuple:
        """The hand as the controls say: the first cards of the shuffle that this deck uses, turned round or not.
        (A shuffle of all 45 cards, read without the cards a deck leaves out, is a shuffle of that deck.)"""
        used = set(deck_for(self.players.value))
        dealt = tuple(c for c in self.shuffled if tuple(sorted(c)) in used)[:self.hand_size.value]
        return flip_hand(dealt, ScoutRules().flip_reverses_order) if self.turned.value else dealt

    def set_to_beat(self) -> tuple[int, ...]:
        """The typed set to beat as numbers (empty: an empty table), or a refusal saying what is wrong with it."""
        text = self.active.value.strip()
        if not text:
            return ()
        try:
            values = tuple(int(token) for token in text.replace(",", " ").split())
        except ValueError:
            raise _Refused(f"Type the set to beat as numbers separated by spaces, like 5 6 7 (not “{text}”).") \
                from None
        if any(not 1 <= v <= 10 for v in values):
            raise _Refused(f"Scout cards carry the numbers 1 to 10: “{text}” cannot be on the table.")
        if set_key(values) is None:
            raise _Refused(f"{' '.join(map(str, values))} is not a set: adjacent cards must all match or run "
                           "consecutively up or down.")
        players = self.players.value
        carrying = Counter(v for card in deck_for(players) for v in card)
        for v, times in sorted(Counter(values).items()):
            if times > carrying[v]:
                held = f"only {carrying[v]} cards carry" if carrying[v] else "no card carries"
                raise _Refused(f"In the {players}-player deck {held} a {v}: no set holds {times} of them.")
        return values

    # --- showing it -----------------------------------------------------------------------------------
    def update(self) -> None:
        """Redraw the hand, count its shows and redraw the plot for the current controls."""
        players, h = self.players.value, self.hand_size.value
        try:
            table = self.set_to_beat()
            self.message.value = ""
        except _Refused as refusal:
            table = ()
            self.message.value = _refusal_html(f"{refusal} The shows below are counted against an empty table.")
        hand = self.hand
        values = [c[0] for c in hand]
        sets = legal_shows(hand)
        shows = legal_shows(hand, table) if table else sets
        best = max(shows, key=lambda s: set_key(values[s[0]:s[1]]), default=None)
        average = _expected_shows(players, h)
        against = f"the set {' '.join(map(str, table))}" if table else "an empty table"
        best_text = (f"its strongest show is {' '.join(map(str, values[best[0]:best[1]]))}" if best
                     else "no show beats it: the player must scout")
        self.result.value = (
            f"This hand: <b class='circus-scout-shows'>{len(shows)}</b> show(s) beat {html.escape(against)}; "
            f"{best_text}. Its longest set has <b class='circus-scout-longest'>{longest_set(hand)}</b> card(s).<br>"
            f"A dealt hand of {h} card(s), {players} players: on average {_exact_html(average, 'circus-scout-mean')} "
            f"shows on an empty table (exact, by linearity of expectation); this one has {len(sets)}.")
        self.picture.value = self._svg(hand, table, sets, best)
        self._draw(hand, table, sets, shows)

    def _svg(self, hand, table, sets, best) -> str:
        w, hgt, step, left = 44, 64, 50, 10
        parts, y = [], 16
        label = 'font-size="12" font-family="sans-serif" fill="currentColor"'
        if table:
            parts.append(f'<text x="{left}" y="{y}" {label}>Set to beat:</text>')
            parts += [svg_card(v, x=left + 90 + i * 36, y=2, width=30, height=40, css_class="circus-scout-beat-card")
                      for i, v in enumerate(table)]
            y += 44
        turned = " (turned round)" if self.turned.value else ""
        parts.append(f'<text x="{left}" y="{y}" {label}>The hand{turned}: the big number is the one in play; '
                     f'the strongest show has a thick border</text>')
        y += 8
        chosen = set(range(*best)) if best else set()
        for i, c in enumerate(hand):
            parts.append(svg_card(c[0], c[1], x=left + i * step, y=y, width=w, height=hgt, highlight=i in chosen,
                                  css_class="circus-scout-dealt-card"))
        y += hgt + 8
        rows: list[list[tuple[int, int]]] = []
        for i, j in _maximal_sets(sets):
            row_index = next((r for r, row in enumerate(rows) if all(j <= a or b <= i for a, b in row)), len(rows))
            if row_index == len(rows):
                rows.append([])
            rows[row_index].append((i, j))
            match = set_key([c[0] for c in hand[i:j]])[1] == 1
            colour, dash = (ORANGE, "") if match else (BLUE, ' stroke-dasharray="6 3"')
            x1, x2, yy = left + i * step + 3, left + (j - 1) * step + w - 3, y + row_index * 26
            parts.append(f'<g class="circus-scout-set-bracket"><path d="M{x1},{yy} v6 H{x2} v-6" fill="none" '
                         f'stroke="{colour}" stroke-width="3"{dash}/>'
                         f'<text x="{(x1 + x2) / 2:g}" y="{yy + 19}" font-size="11" font-family="sans-serif" '
                         f'text-anchor="middle" fill="currentColor">{"match" if match else "run"} of {j - i}'
                         '</text></g>')
        if not rows:
            parts.append(f'<text x="{left}" y="{y + 16}" {label}>no two adjacent cards form a set: '
                         'only single cards can be shown</text>')
        height = y + max(len(rows), 1) * 26 + 6
        width = left * 2 + step * max(len(hand), 12)
        return svg_doc(width, height, parts, css_class="circus-svg circus-scout-dealt-svg",
                       title="a dealt hand with its sets bracketed")

    def _draw(self, hand, table, sets, shows) -> None:
        self.plot.value = self.chart(sets, shows if table else None)

    def chart(self, sets, shows=None) -> str:
        """The hand's sets (and the shows among them that beat the table, if one is typed) by length, as bars,
        against the exact expected number of places holding a set of each length in a dealt hand."""
        players, h = self.players.value, self.hand_size.value
        top = max(HAND_SIZE.values())
        lengths = list(range(1, h + 1))
        by_length = Counter(j - i for i, j in sets)
        chart = Chart(656, 256, x_range=(0.4, top + 0.6), y_range=(0, top + 0.8), margins=(52, 26, 197, 38),
                      name="circus-scout-hand-chart")
        chart.axes(xticks=[(k, str(k)) for k in range(1, top + 1)], yticks=[(v, str(v)) for v in range(0, top + 1, 2)],
                   xlabel="k, cards in the set", ylabel="number of places in the hand",
                   title="This hand's sets by length, against the average dealt hand")
        shift, width = (0.2, 0.4) if shows is not None else (0, 0.6)
        chart.bars([k - shift for k in lengths], [by_length[k] for k in lengths], width=width, fill=SKY,
                   css_class="circus-scout-set-bars")
        if shows is not None:
            beating = Counter(j - i for i, j in shows)
            chart.bars([k + 0.2 for k in lengths], [beating[k] for k in lengths], width=0.4, fill=VERMILLION,
                       hatch=True, css_class="circus-scout-show-bars")
        chart.line(lengths, _expected_windows(players, h), dash="5 3", marker="o", marker_size=6,
                   css_class="circus-scout-expected")
        chart.legend([Key("this hand: sets of k\nadjacent cards", colour=SKY, box=True),
                      Key("… of them, shows that beat\nthe set to beat (if one is typed)", colour=VERMILLION,
                          box=True, hatch=True),
                      Key("expected in a dealt hand\n(exact)", dash="5 3", marker="o", marker_size=6)], size=9.5)
        return chart.svg(css_class="circus-scout-hand-svg", title="this hand's sets by length, against the average")
