"""Flip 7 in the notebook: a whole game against 1 to 9 bots, and three explorers with plots that move.

``OddsExplorer``: the numbers held and the cards seen, the bust chance, the gain of one more card and the advice,
plotted against the copies seen of one card. ``PolicyExplorer``: a threshold slider on the exact curve of the
'stop at t' rules, with the optimum. ``DeckExplorer``: a deck editor (copies of each number, which modifiers) with
the bust odds, the optimum and the best threshold recomputed for the deck.
"""
from __future__ import annotations

import html
import random
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from pathlib import Path

from ..core.frames import ShippedFrames
from ..core.game import CHANCE, Move
from ..core.ui import Framed, GameFrame, Plotted, button, png_of
from .bots import Bot, CardCounter, Optimal, StopAtRisk, StopAtSum, _counting_hit, live_bust_probability
from .deck_odds import (
    ThresholdCurve,
    next_card,
    numbers_optimum,
    optimal_advice,
    optimum_value,
    still_in,
    threshold_curve,
)
from .odds import bust_formula, bust_formula_values, bust_probability, expected_gain, solo_optimal
from .rules import (
    ACTIONS,
    CARDS,
    DECK_COUNTS,
    HIT,
    INDEX,
    MODIFIERS,
    STAY,
    Flip7Game,
    card_name,
    deck_counts,
    draw_card,
    game_svg,
    hand_svg,
    new_game,
    parse_card,
)

__all__ = ["Flip7Widget", "OddsExplorer", "PolicyExplorer", "DeckExplorer", "default_bots", "threshold_curve",
           "optimum_value", "numbers_optimum", "optimal_advice", "still_in", "next_card",
           "ThresholdCurve"]


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
        self.scores = self.frame._widgets.HTML(_dom_classes=("circus-scores",))  # no update message to add it later
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
        if s.previous and not s.is_over():  # folded: the rows in play are drawn once; the message says how it ended
            rows = "<br>".join(hand_svg(h, label=name) for name, h in zip(self.names, s.previous))
            board += (f"<details class='circus-previous'><summary>Round {s.round - 1} as it ended</summary>"
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
                b = self.frame.move_button(f"{card} → {who}", lambda c=card, t=target: self.give(c, t),
                                           css_class="circus-target")
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
            f"<b>Advice</b> (a lone player's optimum for the deck left, numbers only): "
            f"<span class='circus-advice'>{advice}</span>",
        ]
        if plain is not None:
            lines.append(f"<b>Advice on a fresh deck</b> (numbers only): {plain}")
        solo = _every_card_advice(s, hand)
        if solo is not None:
            lines.append(f"<b>Advice from the {solo[1]}</b> (alone with a fresh deck less your own cards, every "
                         f"action card played on yourself): <span class='circus-solo-advice'>{solo[0]}</span>")
        if hand.second_chance:
            lines.append("<i>You hold a Second Chance: a duplicate would not bust you this time.</i>")
        return "<br>".join(lines)


def _every_card_advice(state: Flip7Game, hand) -> tuple[str, str] | None:
    """(advice, model) from the shipped best solo play with all 94 cards, when the game uses the full deck (the
    table is read on the first call); None for a game without action cards or a hand the table does not cover."""
    kinds = [INDEX[a] for a in ACTIONS]
    on_table = any(card in ACTIONS for h in state.hands for card in h.cards())
    if not (on_table or any(state.deck[i] + state.discard[i] for i in kinds)):
        return None
    from .rules import FLIP_THREE
    from .solver import shipped_all

    table = shipped_all("all")
    played = [card for card in hand.played if card == FLIP_THREE]  # the Flip Threes played on this player
    try:
        return table.advice(hand.numbers, hand.modifiers, second_chance=hand.second_chance, seen=played), table.model
    except ValueError:  # more Flip Threes than a round of one deck holds: no solo position to read
        return None


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


# ---------------------------------------------------------------------------------------------------------
# explorers: controls, the exact value as a fraction and a decimal, and a plot redrawn in place

OKABE_ITO = {"blue": "#0072B2", "vermillion": "#D55E00", "orange": "#E69F00", "green": "#009E73",
             "sky": "#56B4E9", "purple": "#CC79A7", "black": "#000000", "grey": "#999999"}
"""The Okabe-Ito colours, told apart with every common colour-vision deficiency."""

TEXT = "var(--jp-ui-font-color1, #222222)"
MUTED = "var(--jp-ui-font-color2, #555555)"
ERROR = "var(--jp-error-color1, #c62828)"


def _exact(x) -> str:
    """A number as a fraction and a decimal: '11/93 ≈ 0.1183', '1/2 = 0.5000'."""
    x = Fraction(int(x.p), int(x.q)) if hasattr(x, "p") else Fraction(x)
    decimal = f"{float(x):.4f}"
    return f"{x} {'=' if Fraction(decimal) == x else '≈'} {decimal}"


class LivePlot:
    """One matplotlib figure kept by an explorer, shown as a PNG in one ``ipywidgets.Image`` replaced in place.

    What stays put (axes, ticks, labels, title, legend, reference curves) is drawn once per *frame* (a few frames
    per explorer: a deck, a scale) and kept as a bitmap; at each change only the moving artists are drawn over a
    copy of it, and each finished picture is cached by what it shows. No pyplot figure is made. With ``shipped``
    (a frame's name in ``SHIPPED_FRAMES``) the one full draw of the shared still parts is laid from shipped pixels
    where this kernel would draw exactly them.
    """

    def __init__(self, css_class: str, *, size: tuple[float, float] = (6.4, 3.4), dpi: int = 90,
                 cache: int = 256, shipped: str | None = None) -> None:
        import ipywidgets as widgets
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=size, dpi=dpi, facecolor="white")
        self.canvas = FigureCanvasAgg(self.figure)
        self.ax = self.figure.add_subplot()
        self.moving: list = []
        self.frame_parts: list = []
        self._base = None  # the still parts that every frame shares, drawn once
        self._frames: dict = {}
        self._frame = None
        self._pictures: OrderedDict = OrderedDict()
        self._cache = cache
        self.renders = 0
        self.shipped = shipped  # the name of the frame the kit ships for this plot (explorer_frames.json), if any
        self.frame_source = None  # "shipped" or "drawn", once the shared still parts are made
        width, height = (round(s * dpi) for s in size)
        self.image = widgets.Image(format="png", layout=widgets.Layout(width=f"{width}px", height=f"{height}px",
                                                                       align_self="flex-start", flex="0 0 auto"))
        self.image.add_class("circus-plot")
        self.image.add_class(css_class)

    def moving_part(self, artist):
        """Mark an artist as one that changes: drawn at each picture, not in the kept frame."""
        artist.set_animated(True)
        self.moving.append(artist)
        return artist

    def frame_part(self, artist):
        """Mark a still artist that differs from frame to frame (a scale and what sits on it): the other still
        parts are drawn once for every frame, and a frame only draws these over them."""
        artist.set_animated(True)
        self.frame_parts.append(artist)
        return artist

    def _draw_frame(self):
        """The still parts of the current frame as a bitmap: one full draw of what every frame shares (the first
        time), then this frame's own parts over it."""
        if not self.frame_parts:
            self._draw_shared()
        elif self._base is None:
            self._draw_shared()
            self._base = self.canvas.copy_from_bbox(self.figure.bbox)
        else:
            self.canvas.restore_region(self._base)
        for artist in self.frame_parts:
            (artist.axes or self.figure).draw_artist(artist)
        return self.canvas.copy_from_bbox(self.figure.bbox)

    def _draw_shared(self) -> None:
        """The one full draw (the still parts every frame shares), laid from the shipped pixels when this kernel
        would draw exactly them: a full draw is about a tenth of a second in each of a class's thirty kernels."""
        # laid for the plot's first full draw only: a plot without frame parts draws each of its frames in full, and
        # the shipped pixels are its first frame's
        if self.shipped and self.frame_source is None and SHIPPED_FRAMES.lay(self.shipped, self.canvas):
            self.frame_source = "shipped"
        else:
            self.canvas.draw()
            self.frame_source = "drawn"

    def prepare(self, frame: Hashable, set_frame: Callable[[], None]) -> None:
        """Draw the still parts of a frame now (when the explorer is made), so no later change waits for it."""
        if frame not in self._frames:
            set_frame()
            self._frame = frame
            self._frames[frame] = self._draw_frame()

    def show(self, frame: Hashable, set_frame: Callable[[], None], picture: Hashable,
             set_moving: Callable[[], None]) -> None:
        """Show the picture ``picture`` on the frame ``frame``: ``set_frame`` puts the still parts as that frame
        wants them (called when the frame changes), ``set_moving`` the moving ones; the slow full draw happens once
        per frame (when the explorer is made, if it prepared the frame), and a picture already made is shown from
        the cache."""
        key = (frame, picture)
        png = self._pictures.get(key)
        if png is None:
            if frame != self._frame:
                set_frame()
                self._frame = frame
            background = self._frames.get(frame)
            if background is None:
                background = self._frames[frame] = self._draw_frame()
            set_moving()
            self.canvas.restore_region(background)
            for artist in self.moving:
                if artist.get_visible():
                    (artist.axes or self.figure).draw_artist(artist)
            png = self._pictures[key] = png_of(self.canvas.buffer_rgba())
            self.renders += 1
            if len(self._pictures) > self._cache:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        if self.image.value != png:
            self.image.value = png


class _Explorer(Plotted):
    """What the Flip 7 explorers share: a message line (a refusal in words, in the theme's error colour) and the
    rule that no change ever ends in a traceback, and the plot each one keeps (``self._plot``, a LivePlot)."""

    message: object

    def _message_line(self):
        return self._text(css_class="circus-message")

    def _text(self, value: str = "", *, css_class: str | None = None):
        """A line of text (an HTML widget), its CSS class given when it is made and its layout and style shared with
        the explorer's other lines: each widget model and each class added later is one more message that the
        kernel and the server handle, thirty times over when a class opens the lesson."""
        import ipywidgets as widgets

        classes = (css_class,) if css_class else ()
        parts = getattr(self, "_text_parts", None)
        if parts is None:  # the first line's layout and style serve the others
            line = widgets.HTML(value, _dom_classes=classes)
            self._text_parts = (line.layout, line.style)
            return line
        return widgets.HTML(value, layout=parts[0], style=parts[1], _dom_classes=classes)

    def say(self, text: str = "", *, refused: bool = False) -> None:
        """A sentence in the message line: a refusal (marked ✘, bold, in the error colour) or a plain note."""
        if not text:
            self.message.value = ""
        elif refused:
            self.message.value = (f'<span class="circus-refused circus-explorer-error" style="color:{ERROR}">'
                                  f"<b>✘ Not possible:</b> {html.escape(text)}</span>")
        else:
            self.message.value = f'<span style="color:{MUTED}">{html.escape(text)}</span>'

    @property
    def refused(self) -> bool:
        """Whether the message line holds a refusal."""
        return "circus-refused" in self.message.value

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as error:  # an observer has nobody to report to: the sentence goes to the message line
            self.say(f"that setting could not be shown ({error}); the values below are from the last one that "
                     "could.", refused=True)


class OddsExplorer(_Explorer):
    """Pick the numbers held and the cards seen; see the bust chance (and its formula), the expected gain of one
    more card and the optimal advice, and a plot of the bust chance and the expected gain against the copies seen
    of one card (the current count marked), all updated at once. An impossible count (more copies out of the deck
    than it holds, no card left) is refused in the message line."""

    MAX_COPIES = max(DECK_COUNTS)
    GAIN_FLOORS = (-20, -70)  # the gain axis ends at one of these: two frames, both made when the explorer is

    def __init__(self, held: Sequence[int] = (), seen: Sequence = (), *, against=None) -> None:
        import ipywidgets as widgets

        held, seen = list(held), list(seen)
        if against is None:
            against = max(held) if held else 12
        against = parse_card(against)
        self.held_buttons = []
        narrow = widgets.Layout(width="42px")
        for n in range(13):
            b = widgets.ToggleButton(value=n in held, description=str(n), layout=narrow,
                                     _dom_classes=("circus-held", f"circus-held-{n}"),
                                     **({"style": self.held_buttons[0].style} if self.held_buttons else {}))
            b.observe(lambda _: self.update(), names="value")
            self.held_buttons.append(b)
        self.seen_boxes = []
        box_layout = widgets.Layout(width="170px")
        for card, count in zip(CARDS, DECK_COUNTS):
            box = widgets.BoundedIntText(value=seen.count(card), min=0, max=count,
                                         description=card_name(card), layout=box_layout, _dom_classes=("circus-seen",),
                                         style=self.seen_boxes[0].style if self.seen_boxes else
                                         {"description_width": "100px"})
            box.observe(lambda _: self.update(), names="value")
            self.seen_boxes.append(box)
        self.against = widgets.Dropdown(options=[(card_name(c), i) for i, c in enumerate(CARDS)],
                                        value=INDEX[against], description="plot against the copies seen of",
                                        style={"description_width": "initial"}, layout=widgets.Layout(width="auto"),
                                        _dom_classes=("circus-explorer-against",))
        self.against.observe(lambda _: self.update(), names="value")
        self.message = self._message_line()
        self.result = self._text(css_class="circus-explorer-result")
        self._plot = LivePlot("circus-explorer-plot", size=(8.0, 3.4), shipped="odds")
        self._draw_axes()
        for floor in self.GAIN_FLOORS:
            self._plot.prepare(floor, lambda floor=floor: self._gain_ax.set_ylim(floor, 15))
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            self._text(f"<span style='color:{TEXT}'><b>Numbers in front of the player</b> (click to hold or "
                       "drop):</span>"),
            widgets.HBox(self.held_buttons, layout=wrap),
            self._text(f"<span style='color:{TEXT}'><b>Cards seen</b> (out of the deck: other rows, "
                       "discards):</span>"),
            widgets.HBox(self.seen_boxes, layout=wrap),
            self.message,
            self.result,
            self.against,
            self.plot,
        ], _dom_classes=("circus-explorer", "circus-flip7-odds-explorer"))
        self.update()

    @property
    def held(self) -> list[int]:
        """The numbers toggled on."""
        return [n for n, b in enumerate(self.held_buttons) if b.value]

    @property
    def seen(self) -> list:
        """The seen cards, each kind as many times as its box says."""
        return [card for card, box in zip(CARDS, self.seen_boxes) for _ in range(box.value)]

    def _draw_axes(self) -> None:
        plot, c = self._plot, OKABE_ITO
        ax = plot.ax
        self._gain_ax = gain_ax = ax.twinx()
        # the gain scale and its 0 line change with the frame (the floor): the rest of the frame is drawn once
        plot.frame_part(gain_ax.yaxis)
        plot.frame_part(gain_ax.axhline(0, color=c["grey"], linewidth=0.8))
        x = list(range(self.MAX_COPIES + 1))
        self._bust_line = plot.moving_part(ax.plot(x, [0] * len(x), "o-", color=c["blue"], markersize=4,
                                                   label="P(bust on the next card)")[0])
        self._gain_line = plot.moving_part(gain_ax.plot(x, [0] * len(x), "s--", color=c["vermillion"], markersize=4,
                                                        label="expected gain of one more card")[0])
        self._now = plot.moving_part(ax.axvline(0, color=c["black"], linestyle=":", linewidth=1.5,
                                                label="copies seen now"))
        self._now_marks = plot.moving_part(ax.plot([0], [0], "D", color=c["blue"], markerfacecolor="none",
                                                   markersize=9)[0])
        self._now_gain = plot.moving_part(gain_ax.plot([0], [0], "D", color=c["vermillion"], markerfacecolor="none",
                                                       markersize=9)[0])
        self._which = plot.moving_part(ax.text(0.98, 0.96, "", transform=ax.transAxes, ha="right", va="top",
                                               fontsize=9, fontweight="bold"))
        ax.set_xlim(-0.4, self.MAX_COPIES + 0.4)
        ax.set_ylim(-0.02, 1.02)
        ax.set_xticks(x)
        ax.set_ylabel("P(bust on the next card)", color=c["blue"])
        gain_ax.set_ylabel("expected gain (points)", color=c["vermillion"])
        ax.set_xlabel("copies seen of the chosen card (the other cards seen as set above)")
        # y=1 is where matplotlib puts a title anyway: given, it is not worked out from the tick labels at each draw
        ax.set_title("The next card, as more copies of one card are seen", fontsize=10, y=1)
        ax.grid(True, color="#dddddd", linewidth=0.6)
        handles = [self._bust_line, self._gain_line, self._now]
        labels = ["P(bust on\nthe next card)", "expected gain of\none more card", "copies seen\nnow"]
        self.figure.legend(handles, labels,
                           loc="upper left", bbox_to_anchor=(0.75, 0.9), fontsize=8, frameon=False)
        self.figure.subplots_adjust(left=0.08, right=0.67, top=0.9, bottom=0.15)

    def update(self) -> None:
        """Recompute everything for the current choices (a refusal goes to the message line)."""
        self._guarded(self._update)

    def _update(self) -> None:
        held, seen = self.held, self.seen
        try:
            p = bust_probability(held, seen)
            formula = bust_formula(held)
            values = bust_formula_values(held, seen)
            gain = expected_gain(held, seen, deck="full")
        except ValueError as error:
            kept = " The values below are still those of the last possible setting." if self.result.value else ""
            text = str(error)
            self.say(text[0].upper() + text[1:] + "." * (not text.endswith(".")) + kept, refused=True)
            return
        numbers_seen = [c for c in seen if isinstance(c, int)]
        if len(held) >= 7:
            advice = "nothing to decide: seven different numbers is a Flip 7"
        else:
            advice = optimal_advice(held, numbers_seen)
        import sympy  # loaded with the first formula shown, not when the widget module is imported

        shown = formula.xreplace({k: sympy.Integer(v) for k, v in values.items()}) if held else 0
        self.say("")
        self.result.value = (
            f"<div style='color:{TEXT}'><b>P(bust on the next card)</b> = {formula} = "
            f"<span class='circus-explorer-bust'>{p}</span> ≈ {float(p):.2%} &nbsp; "
            f"(N = {values[list(values)[-1]]} cards left; the formula gives {shown})<br>"
            f"<b>Expected gain of one more card</b>: <span class='circus-explorer-gain'>{gain}</span>"
            f" ≈ {float(gain):+.2f} points (an action card counted as no change)<br>"
            f"<b>Advice</b> (a lone player's optimum on the numbers left): "
            f"<span class='circus-explorer-advice'>{advice}</span></div>")
        self._redraw(held, seen)

    def _curves(self, held, seen, card) -> tuple[list, list]:
        """The bust chance and the expected gain for 0, 1, ... copies of ``card`` seen, the other cards seen as
        they are (None where that many copies cannot be out of the deck)."""
        counts = list(DECK_COUNTS)
        for c in list(held) + [c for c in seen if c != card]:
            counts[INDEX[c]] -= 1
        bust, gain = [], []
        for copies in range(self.MAX_COPIES + 1):
            left = list(counts)
            left[INDEX[card]] -= copies
            if left[INDEX[card]] < 0 or not sum(left):
                bust.append(None)
                gain.append(None)
            else:
                p, g = next_card(left, held)
                bust.append(float(p))
                gain.append(float(g))
        return bust, gain

    def _redraw(self, held, seen) -> None:
        card = CARDS[self.against.value]
        now = seen.count(card)
        bust, gain = self._curves(held, seen, card)
        low = min(g for g in gain if g is not None)
        floor = next((f for f in self.GAIN_FLOORS if f <= low - 1), self.GAIN_FLOORS[-1])
        label = f"{card_name(card)}: {now} of {DECK_COUNTS[INDEX[card]]} seen"

        def set_moving() -> None:
            nan = float("nan")
            self._bust_line.set_ydata([nan if b is None else b for b in bust])
            self._gain_line.set_ydata([nan if g is None else g for g in gain])
            self._now.set_xdata([now, now])
            self._now_marks.set_data([now], [bust[now]])
            self._now_gain.set_data([now], [gain[now]])
            self._which.set_text(label)

        self._plot.show(floor, lambda: self._gain_ax.set_ylim(floor, 15), (label, tuple(bust), tuple(gain), now),
                        set_moving)


class PolicyExplorer(_Explorer):
    """A threshold slider for the rule 'stop as soon as the round score reaches t': the exact expected round score
    of the rule, the exact optimum (any hand) and the best threshold, on the numbers-only or the numbers+modifiers
    deck, with the curve of every threshold, the optimum line and the chosen threshold marked. A threshold can also
    be typed; one the explorer cannot show is refused in the message line.

    Model: one player alone for one round, no action cards. The curve of both decks and their optima are computed
    when the explorer is made (the numbers+modifiers optimum takes a second or two unless the lesson solved it
    already), so moving a control only looks values up."""

    MAX_T = 100
    DECKS = {"numbers": "numbers only (79 cards)", "numbers+modifiers": "numbers + six modifiers (85 cards)"}

    def __init__(self, threshold: int = 23, deck: str = "numbers", *,
                 decks: Sequence[str] = ("numbers", "numbers+modifiers")) -> None:
        import ipywidgets as widgets

        if isinstance(threshold, bool) or not isinstance(threshold, int):
            raise TypeError(f"the threshold is a whole number of points, not {threshold!r}")
        if not 0 <= threshold <= self.MAX_T:
            raise ValueError(f"the threshold is a whole number of points from 0 to {self.MAX_T}, not {threshold}")
        decks = tuple(decks)
        if not decks or any(d not in self.DECKS for d in decks) or len(set(decks)) < len(decks):
            raise ValueError(f"decks lists some of {', '.join(map(repr, self.DECKS))}, each once")
        if deck not in decks:
            raise ValueError(f"the deck shown first is one of {', '.join(map(repr, decks))}, not {deck!r}")
        self.solved = {}
        for name in decks:
            curve = threshold_curve(deck_counts(name))
            self.solved[name] = (curve, solo_optimal(name).value, curve.best(self.MAX_T + 1))
        style = {"description_width": "initial"}
        self.threshold = widgets.IntSlider(value=threshold, min=0, max=self.MAX_T, description="stop at t =",
                                           style=style, layout=widgets.Layout(width="420px"),
                                           _dom_classes=("circus-policy-threshold",))
        self.typed = widgets.IntText(value=threshold, description="or type t", style=style,
                                     layout=widgets.Layout(width="160px"), continuous_update=False,
                                     _dom_classes=("circus-policy-typed",))
        self.deck = widgets.ToggleButtons(options=[(self.DECKS[d], d) for d in decks], value=deck,
                                          description="deck", style={"description_width": "initial",
                                                                      "button_width": "250px"},
                                          _dom_classes=("circus-policy-deck",))
        self.message = self._message_line()
        self.result = self._text(css_class="circus-policy-result")
        # the score scale ends above the largest optimum of the decks offered: the frame shipped is the lesson's,
        # with both decks, and the fingerprint does not know the decks, so other decks draw their own frame
        self._plot = LivePlot("circus-policy-plot", size=(8.0, 3.4),
                              shipped="policy" if set(decks) == set(self.DECKS) else None)
        self._draw_axes()
        self._syncing = False
        self.threshold.observe(lambda _: self._guarded(self._update), names="value")
        self.deck.observe(lambda _: self._guarded(self._update), names="value")
        self.typed.observe(lambda _: self._guarded(self._typed), names="value")
        self.widget = widgets.VBox([
            self._text(f"<b style='color:{TEXT}'>The rule 'stop as soon as the round score reaches t'</b> "
                       f"<span style='color:{MUTED}'>(model: one player alone for one round, no action cards; "
                       "every value exact)</span>"),
            widgets.HBox([self.threshold, self.typed], layout=widgets.Layout(flex_flow="row wrap")),
            self.deck,
            self.message,
            self.result,
            self.plot,
        ], _dom_classes=("circus-explorer", "circus-policy-explorer"))
        self._update()

    def _draw_axes(self) -> None:
        plot, c = self._plot, OKABE_ITO
        ax = plot.ax
        t = list(range(self.MAX_T + 1))
        self._curve = plot.moving_part(ax.plot(t, [0] * len(t), "-", color=c["blue"], linewidth=2,
                                               label="expected round score\nof 'stop at t'")[0])
        self._optimum = plot.moving_part(ax.axhline(0, color=c["vermillion"], linestyle="--",
                                                    label="exact optimum (any hand)"))
        self._best = plot.moving_part(ax.plot([0], [0], "*", color=c["green"], markersize=13,
                                              markeredgecolor=c["black"], label="best threshold")[0])
        plot.moving_part(ax.title)
        self._chosen = plot.moving_part(ax.axvline(0, color=c["black"], linestyle=":", linewidth=1.5,
                                                   label="your threshold t"))
        self._chosen_mark = plot.moving_part(ax.plot([0], [0], "o", color=c["black"], markersize=7)[0])
        ax.set_xlim(-1, self.MAX_T + 1)
        ax.set_ylim(0, 1.25 * max(float(optimum) for _, optimum, _ in self.solved.values()))
        ax.set_xlabel("threshold t: stop as soon as the round score reaches t (points)")
        ax.set_ylabel("expected round score (points)")
        ax.grid(True, color="#dddddd", linewidth=0.6)
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), fontsize=8, frameon=False)
        self.figure.subplots_adjust(left=0.08, right=0.7, top=0.9, bottom=0.15)

    def _typed(self) -> None:
        if self._syncing:
            return
        t = self.typed.value
        if not 0 <= t <= self.MAX_T:
            why = ("a threshold is a number of points, 0 or more: every round scores at least 0" if t < 0 else
                   f"the explorer draws thresholds up to {self.MAX_T} points; any threshold above the largest score "
                   "a round can stop at means never stopping before a bust or a Flip 7")
            self.say(f"t = {t}: {why}. The slider stays at {self.threshold.value}.", refused=True)
            return
        if t == self.threshold.value:
            self._update()
        else:
            self.threshold.value = t

    def _update(self) -> None:
        t, deck = self.threshold.value, self.deck.value
        curve, optimum, (best_t, best_v) = self.solved[deck]
        value = curve[t]
        self._syncing = True
        try:
            self.typed.value = t  # the box follows the slider
        finally:
            self._syncing = False
        self.say("")
        self.result.value = (
            f"<div style='color:{TEXT}'>On the {html.escape(self.DECKS[deck])} deck:<br>"
            f"<b>stop at t = {t}</b>: expected round score <b class='circus-policy-value'>{_exact(value)}</b><br>"
            f"<b>best threshold</b>: t = <span class='circus-policy-best'>{best_t}</span>, worth {_exact(best_v)}<br>"
            f"<b>exact optimum</b> (the best choice for every hand): <span class='circus-policy-optimum'>"
            f"{_exact(optimum)}</span><br>"
            f"your rule gives up {float(optimum - value):.4f} points a round against the optimum "
            f"({float(best_v - value):.4f} against the best threshold)</div>")

        def set_moving() -> None:
            self._curve.set_ydata(curve.floats(self.MAX_T + 1))
            self._optimum.set_ydata([float(optimum)] * 2)
            self._best.set_data([best_t], [float(best_v)])
            self._plot.ax.set_title(f"Stop-at-t rules against the exact optimum, {deck} deck", fontsize=10, y=1)
            self._chosen.set_xdata([t, t])
            self._chosen_mark.set_data([t], [float(value)])

        self._plot.show("axes", lambda: None, (deck, t), set_moving)


def _deck_text(counts: tuple[int, ...]) -> str:
    numbers = ", ".join(f"{c}×{h}" for h, c in enumerate(counts[:13]) if c)
    mods = " ".join(card_name(m) for m, c in zip(MODIFIERS, counts[13:19]) if c)
    return numbers + (f"; modifiers {mods}" if mods else "")


class DeckExplorer(_Explorer):
    """A deck editor: how many copies of each number (0 to 15) and which modifiers; shows the deck's bust odds (the
    second card, and a player who never stops), the exact optimum and the best threshold for that deck, and the
    threshold curve against the real deck's. A deck without number cards is refused in the message line.

    Model: one player alone for one round, no action cards. The numbers are solved at every change (a few tens of
    milliseconds). With modifiers ticked the bust odds count them at once, but the optimum and the thresholds
    leave them out until 'Solve with the modifiers' is pressed (a second or two for all six); a solved deck is
    remembered, so coming back to it is instant."""

    MAX_COPIES, MAX_T = 15, 100
    SCORE_TOPS = (30, 70, 100, 210)  # the score axis ends at one of these: a few frames, made once each
    PREPARED = (30, 70)  # drawn when the explorer is made: the real deck, and decks up to one copy of each number
    SOLVED_KEPT = 16

    def __init__(self, copies: Sequence[int] | None = None, modifiers: Sequence[str] = ()) -> None:
        import ipywidgets as widgets

        if copies is not None and (isinstance(copies, (str, bytes, dict)) or not isinstance(copies, Iterable)):
            raise TypeError(f"copies is a list of 13 whole numbers (the copies of 0, 1, ..., 12), not {copies!r}")
        copies = list(DECK_COUNTS[:13] if copies is None else copies)
        if len(copies) != 13 or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= self.MAX_COPIES
                                    for c in copies):
            raise ValueError(f"copies lists 13 whole numbers from 0 to {self.MAX_COPIES}: the copies of 0, 1, ..., 12")
        if isinstance(modifiers, (str, bytes, dict)) or not isinstance(modifiers, Iterable):
            raise TypeError(f"modifiers is a list of modifier cards such as ['+4', 'x2'], not {modifiers!r}")
        modifiers = [parse_card(m) for m in modifiers]
        if any(m not in MODIFIERS for m in modifiers):
            raise ValueError("modifiers lists +2, +4, +6, +8, +10 or x2 cards only")
        self.copy_sliders = []
        upright, slider_style = widgets.Layout(width="44px", height="150px"), widgets.SliderStyle()
        for n in range(13):
            s = widgets.IntSlider(value=copies[n], min=0, max=self.MAX_COPIES, description=str(n),
                                  orientation="vertical", layout=upright, style=slider_style,
                                  _dom_classes=("circus-deck-copies", f"circus-deck-copies-{n}"))
            s.observe(lambda _: self.update(), names="value")
            self.copy_sliders.append(s)
        self.modifier_buttons = []
        narrow = widgets.Layout(width="52px")
        for m in MODIFIERS:
            b = widgets.ToggleButton(value=m in modifiers, description=card_name(m), layout=narrow,
                                     _dom_classes=("circus-deck-modifier",),
                                     **({"style": self.modifier_buttons[0].style} if self.modifier_buttons else {}))
            b.observe(lambda _: self.update(), names="value")
            self.modifier_buttons.append(b)
        self.reset = button("the real deck's numbers", self.use_real_deck, css_class="circus-deck-reset",
                            tooltip="n copies of n (one 0), no modifiers")
        self.solve_button = button("Solve with the modifiers", self.solve_modifiers, css_class="circus-deck-solve",
                                   tooltip="the optimum and the thresholds with the ticked modifiers (a second or two)")
        self.message = self._message_line()
        self.result = self._text(css_class="circus-deck-result")
        self._plot = LivePlot("circus-deck-plot", size=(8.0, 3.4), shipped="deck")
        self._draw_axes()
        for top in self.PREPARED:
            self._plot.prepare(top, lambda top=top: self._plot.ax.set_ylim(0, top))
        self._quiet = False
        self._solved: OrderedDict = OrderedDict()  # counts with modifiers -> (curve, optimum), solved on the button
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            self._text(f"<b style='color:{TEXT}'>Your deck</b> <span style='color:{MUTED}'>(copies of each number; "
                       "model: one player alone for one round, no action cards)</span>"),
            widgets.HBox(self.copy_sliders, layout=wrap),
            widgets.HBox([self._text(f"<span style='color:{TEXT}'>modifiers in the deck:</span>"),
                          *self.modifier_buttons, self.reset, self.solve_button], layout=wrap),
            self.message,
            self.result,
            self.plot,
        ], _dom_classes=("circus-explorer", "circus-deck-explorer"))
        self.update()

    @property
    def counts(self) -> tuple[int, ...]:
        """The deck edited, as counts in CARDS order (no action cards)."""
        return (tuple(s.value for s in self.copy_sliders) + tuple(int(b.value) for b in self.modifier_buttons)
                + (0,) * len(ACTIONS))

    def use_real_deck(self) -> None:
        """Back to the real deck's numbers (n copies of n, one 0) without modifiers, in one update."""
        self._quiet = True
        try:
            for n, s in enumerate(self.copy_sliders):
                s.value = DECK_COUNTS[n]
            for b in self.modifier_buttons:
                b.value = False
        finally:
            self._quiet = False
        self.update()

    def solve_modifiers(self) -> None:
        """Solve the deck with its modifiers (a second or two for all six), then show it; remembered afterwards."""
        counts = self.counts
        if not any(counts[13:19]) or counts in self._solved or self._refusal(counts):
            self.update()
            return
        curve = threshold_curve(counts)
        self._solved[counts] = (curve, optimum_value(counts))
        if len(self._solved) > self.SOLVED_KEPT:
            self._solved.popitem(last=False)
        self.update()

    def _draw_axes(self) -> None:
        plot, c = self._plot, OKABE_ITO
        ax = plot.ax
        t = list(range(self.MAX_T + 1))
        real = threshold_curve(deck_counts("numbers"))
        # the score scale (with its grid) and the real deck's curve on it change with the frame (the top of the
        # scale): the rest of the frame is drawn once
        plot.frame_part(ax.yaxis)
        plot.frame_part(ax.plot(t, real.floats(self.MAX_T + 1), "-", color=c["grey"], linewidth=5, alpha=0.5,
                                label="the real deck's numbers")[0])
        self._curve = plot.moving_part(ax.plot(t, [0] * len(t), "-", color=c["blue"], linewidth=2,
                                               label="your deck: 'stop at t'")[0])
        self._optimum = plot.moving_part(ax.axhline(0, color=c["vermillion"], linestyle="--",
                                                    label="your deck: exact optimum"))
        self._best = plot.moving_part(ax.plot([0], [0], "*", color=c["green"], markersize=13,
                                              markeredgecolor=c["black"], label="your deck: best threshold")[0])
        plot.moving_part(ax.title)
        ax.set_xlim(-1, self.MAX_T + 1)
        ax.set_xlabel("threshold t: stop as soon as the round score reaches t (points)")
        ax.set_ylabel("expected round score (points)")
        ax.grid(True, color="#dddddd", linewidth=0.6)
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), fontsize=8, frameon=False)
        self.figure.subplots_adjust(left=0.08, right=0.7, top=0.9, bottom=0.15)

    @staticmethod
    def _refusal(counts) -> str | None:
        if not sum(counts):
            return "the deck is empty: give some numbers at least one copy."
        if not sum(counts[:13]):
            return ("a deck without number cards never busts and never scores a Flip 7: give at least one number "
                    "one copy.")
        return None

    def update(self) -> None:
        """Recompute everything for the deck edited (a refusal goes to the message line)."""
        if not self._quiet:
            self._guarded(self._update)

    def _update(self) -> None:
        counts = self.counts
        refusal = self._refusal(counts)
        if refusal:
            kept = " The values below are still those of the last possible deck." if self.result.value else ""
            self.say(refusal[0].upper() + refusal[1:] + kept, refused=True)
            return
        numbers = counts[:13]
        has_modifiers = any(counts[13:19])
        if not has_modifiers:
            model_counts, model = counts, "numbers only"
        elif counts in self._solved:
            model_counts, model = counts, "numbers and modifiers"
        else:
            model_counts, model = numbers + (0,) * 9, "numbers only (modifiers left out until solved)"
        if model_counts in self._solved:
            curve, optimum = self._solved[model_counts]
        else:
            curve, optimum = threshold_curve(model_counts), optimum_value(model_counts)
        best_t, best_v = curve.best()
        total, number_cards = sum(counts), sum(numbers)
        second = Fraction(sum(c * (c - 1) for c in numbers), total * (total - 1)) if total > 1 else Fraction(0)
        survive = [still_in(numbers, k) for k in range(1, 8)]
        kinds = sum(1 for c in numbers if c)
        cell = "<td style='padding:0 8px; text-align:right'>"
        rows = ("<tr><th>k numbers drawn</th>" + "".join(f"{cell}{k}</td>" for k in range(1, 8))
                + "</tr><tr><th>exact</th>" + "".join(f"{cell}{p}</td>" for p in survive)
                + "</tr><tr><th>decimal</th>" + "".join(f"{cell}{float(p):.4f}</td>" for p in survive) + "</tr>")
        self.solve_button.disabled = not has_modifiers or counts in self._solved
        if has_modifiers and counts not in self._solved:
            self.say("The optimum and the thresholds below leave the ticked modifiers out (the bust odds count them):"
                     " press 'Solve with the modifiers' to include them (a second or two).")
        else:
            self.say("")
        flip7 = (f"P(Flip 7) = <b class='circus-deck-flip7'>{_exact(survive[6])}</b>" if kinds >= 7 else
                 f"no Flip 7 is possible: only {kinds} different number{'s' if kinds != 1 else ''}")
        self.result.value = (
            f"<div style='color:{TEXT}'><b>{total} cards</b> ({number_cards} numbers of {kinds} kinds"
            f"{', ' + str(total - number_cards) + ' modifiers' if total > number_cards else ''}): "
            f"<span style='color:{MUTED}'>{html.escape(_deck_text(counts))}</span><br>"
            f"<b>P(the second card busts)</b> = <b class='circus-deck-second'>{_exact(second)}</b><br>"
            f"<b>Never stopping</b>: P(no bust among the first k numbers drawn)"
            f"<table class='circus-deck-survival'>{rows}</table>{flip7}<br>"
            f"<b>Model</b>: <span class='circus-deck-model'>{model}</span><br>"
            f"<b>exact optimum</b>: <b class='circus-deck-optimum'>{_exact(optimum)}</b> points a round<br>"
            f"<b>best threshold</b>: t = <b class='circus-deck-best'>{best_t}</b>, worth {_exact(best_v)}"
            f"{' (beyond the plot)' if best_t > self.MAX_T else ''}</div>")
        top = next((s for s in self.SCORE_TOPS if s >= float(optimum) * 1.1), self.SCORE_TOPS[-1])
        title = (f"Your deck ({'numbers and modifiers' if model == 'numbers and modifiers' else 'numbers only'}) "
                 "against the real deck")

        def set_moving() -> None:
            self._curve.set_ydata(curve.floats(self.MAX_T + 1))
            self._optimum.set_ydata([float(optimum)] * 2)
            self._best.set_data([min(best_t, self.MAX_T)], [float(best_v)])
            self._plot.ax.set_title(title, fontsize=10, y=1)

        self._plot.show(top, lambda: self._plot.ax.set_ylim(0, top), (title, model_counts), set_moving)


# The explorers' shared still parts (axes, ticks, labels, title, legend), as matplotlib draws them, drawn once by
# ``write_explorer_frames`` and shipped: a kernel lays the pixels instead of drawing them (a full draw is about a
# tenth of a second, three times in the lesson, times thirty students). None of them depends on an explorer's
# arguments but the policy explorer's score scale (its decks: see PolicyExplorer.__init__).
# tests/test_flip7_widget.py draws them again and compares them pixel for pixel.
SHIPPED_FRAMES = ShippedFrames(
    Path(__file__).with_name("explorer_frames.json"),
    about="The Flip 7 explorers' still parts (what every frame of a plot shares) as matplotlib draws them, RGBA "
          "pixels packed by zlib, in base64; written by python -m circuslib.flip7.widget, used where the fingerprint "
          "(matplotlib's version and settings, the figure's size) matches")

FRAME_MAKERS = {"odds": lambda: OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9])._plot.figure,
                "policy": lambda: PolicyExplorer(threshold=15)._plot.figure,
                "deck": lambda: DeckExplorer()._plot.figure}
"""Each shipped frame's name and how to make its figure, the explorer as the lesson first shows it (a full draw
leaves out the moving parts and each frame's own parts, all animated: what is left is the shared frame)."""


def write_explorer_frames(path: Path | None = None) -> Path:
    """Draw the explorers' shared frames and write them to ``explorer_frames.json`` (run after changing how an
    explorer draws its frame, or with a new matplotlib: ``python -m circuslib.flip7.widget``)."""
    return SHIPPED_FRAMES.write(FRAME_MAKERS, path)


if __name__ == "__main__":  # python -m circuslib.flip7.widget: draw the explorers' frames again and ship them
    print("wrote", write_explorer_frames())
