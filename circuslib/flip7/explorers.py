"""Flip 7's explorers: controls, the exact value, and a chart redrawn in place (the kit's SVG, ``core.figures.Plot``).

``OddsExplorer``: the numbers held and the cards seen, the bust chance (and its formula), the gain of one more card
and the advice, charted against the copies seen of one card. ``PolicyExplorer``: a threshold slider on the exact
curve of the 'stop at t' rules, with the optimum. ``DeckExplorer``: a deck editor (copies of each number, which
modifiers) with the bust odds, the optimum and the best threshold recomputed for the deck.

Every value comes from ``odds``; an explorer lays out its controls, says what it shows and draws the chart. A
change that cannot be shown is refused in the explorer's message line, in words, and the values stay those of the
last setting that could be.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from ..core.args import whole
from ..core.figures import INK, Plot
from ..core.svg import Picture, svg_text, theme_style
from ..core.ui import Shown, button
from .odds import (
    bust_formula,
    bust_formula_values,
    bust_probability,
    expected_gain,
    next_card_by_copies_seen,
    optimal_advice,
    optimum_value,
    second_card_busts,
    solo_optimal,
    still_in,
    threshold_curve,
)
from .rules import ACTIONS, CARDS, DECK_COUNTS, INDEX, MODIFIERS, card_name, deck_counts, parse_card

__all__ = ["OddsExplorer", "PolicyExplorer", "DeckExplorer"]

OKABE_ITO = {"blue": "#0072B2", "vermillion": "#D55E00", "orange": "#E69F00", "green": "#009E73",
             "sky": "#56B4E9", "purple": "#CC79A7", "grey": "#999999"}
"""The Okabe-Ito colours, told apart with every common colour-vision deficiency (the lines differ by marker and
dash too: colour is never the only signal)."""

TEXT = "var(--jp-ui-font-color1, #222222)"
MUTED = "var(--jp-ui-font-color2, #555555)"
ERROR = "var(--jp-error-color1, #c62828)"


def _exact(x: Any) -> str:
    """A number as a fraction and a decimal: '11/93 ≈ 0.1183', '1/2 = 0.5000'."""
    x = Fraction(int(x.p), int(x.q)) if hasattr(x, "p") else Fraction(x)
    decimal = f"{float(x):.4f}"
    return f"{x} {'=' if Fraction(decimal) == x else '≈'} {decimal}"


def _shown(svgs: Sequence[str], alt: str) -> str:
    """One or more charts in a row, as the HTML an explorer's chart output holds: themed, and described in words
    for a screen reader (the row's aria-label)."""
    row = "".join(f'<div style="flex:0 0 auto">{svg}</div>' for svg in svgs)
    return (f'<div class="circus-figure" role="img" aria-label="{svg_text(alt)}" '
            f'style="display:flex;flex-wrap:wrap;gap:12px">{row}</div>')


def _points(values: Sequence[float | None]) -> list[float]:
    """The values of a curve up to the first gap (a count of copies that cannot be out of the deck)."""
    shown: list[float] = []
    for value in values:
        if value is None:
            break
        shown.append(value)
    return shown


class _Explorer(Shown):
    """What the Flip 7 explorers share: a message line (a refusal in words, in the theme's error colour), the rule
    that no change ever ends in a traceback, and one chart output redrawn in place (``plot``: an HTML output holding
    the kit's SVG; ``figure``: the kit figures last drawn in it, ``description``: their text alternative)."""

    message: Any
    plot: Any
    figure: tuple[Plot, ...] = ()
    description: str = ""

    def _text(self, value: str = "", *, css_class: str | None = None) -> Any:
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

    def _draw(self, figures: Sequence[Plot], alt: str) -> None:
        """Show these kit figures in the chart output (in place: the same output, its content replaced)."""
        self.figure, self.description = tuple(figures), alt
        shown = _shown([figure.svg() for figure in figures], alt)
        if self.plot.value != shown:
            self.plot.value = shown

    def picture(self) -> Picture:
        """The chart as it is now, a picture of the kit (its SVG and its words), to keep or export."""
        svgs = [figure.svg() for figure in self.figure]
        if len(svgs) == 1:
            return Picture.of(svgs[0], self.description)
        width = sum(float(s.split('width="', 1)[1].split('"', 1)[0]) for s in svgs) + 12 * (len(svgs) - 1)
        height = max(float(s.split('height="', 1)[1].split('"', 1)[0]) for s in svgs)
        x, placed = 0.0, []
        for s in svgs:
            placed.append(s.replace("<svg ", f'<svg x="{x:g}" y="0" ', 1))
            x += float(s.split('width="', 1)[1].split('"', 1)[0]) + 12
        return Picture.of(f'<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg" width="{width:g}" '
                          f'height="{height:g}" viewBox="0 0 {width:g} {height:g}" role="img">{"".join(placed)}</svg>',
                          self.description)

    def say(self, text: str = "", *, refused: bool = False) -> None:
        """A sentence in the message line: a refusal (marked ✘, bold, in the error colour) or a plain note."""
        if not text:
            self.message.value = ""
        elif refused:
            self.message.value = (f'<span class="circus-refused circus-explorer-error" style="color:{ERROR}">'
                                  f"<b>✘ Not possible:</b> {svg_text(text)}</span>")
        else:
            self.message.value = f'<span style="color:{MUTED}">{svg_text(text)}</span>'

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
    more card and the optimal advice, and two charts of the bust chance and the expected gain against the copies
    seen of one card (the current count marked), all updated at once. An impossible count (more copies out of the
    deck than it holds, no card left) is refused in the message line."""

    MAX_COPIES = max(DECK_COUNTS)
    GAIN_FLOORS = (-20, -70)  # the gain axis ends at one of these: the scale moves only when it must

    def __init__(self, held: Sequence[int] = (), seen: Sequence[Any] = (), *, against: Any = None) -> None:
        import ipywidgets as widgets

        held, seen = list(held), list(seen)
        if against is None:
            against = max(held) if held else 12
        against = parse_card(against)
        self.held_buttons: list[Any] = []
        narrow = widgets.Layout(width="42px")
        for n in range(13):
            b = widgets.ToggleButton(value=n in held, description=str(n), layout=narrow,
                                     tooltip=f"Hold a {n} in front of you",
                                     _dom_classes=("circus-held", f"circus-held-{n}"),
                                     **({"style": self.held_buttons[0].style} if self.held_buttons else {}))
            b.observe(lambda _: self.update(), names="value")
            self.held_buttons.append(b)
        self.seen_boxes: list[Any] = []
        box_layout = widgets.Layout(width="170px")
        for card, count in zip(CARDS, DECK_COUNTS):
            box = widgets.BoundedIntText(value=seen.count(card), min=0, max=count,
                                         description=card_name(card),
                                         tooltip=f"How many {card_name(card)} cards are already out of the deck",
                                         layout=box_layout, _dom_classes=("circus-seen",),
                                         style=self.seen_boxes[0].style if self.seen_boxes else
                                         {"description_width": "100px"})
            box.observe(lambda _: self.update(), names="value")
            self.seen_boxes.append(box)
        self.against = widgets.Dropdown(options=[(card_name(c), i) for i, c in enumerate(CARDS)],
                                        value=INDEX[against], description="chart against the copies seen of",
                                        style={"description_width": "initial"}, layout=widgets.Layout(width="auto"),
                                        tooltip="The card whose copies already out the chart runs along",
                                        _dom_classes=("circus-explorer-against",))
        self.against.observe(lambda _: self.update(), names="value")
        self.message = self._text(css_class="circus-message")
        self.result = self._text(css_class="circus-explorer-result")
        self.plot = self._text(css_class="circus-explorer-plot")
        self.curves: dict[str, Any] = {}
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            self._text(f"{theme_style()}<span style='color:{TEXT}'><b>Numbers in front of the player</b> (click to "
                       "hold or drop):</span>"),
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
    def seen(self) -> list[Any]:
        """The seen cards, each kind as many times as its box says."""
        return [card for card, box in zip(CARDS, self.seen_boxes) for _ in range(box.value)]

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
        import sympy  # loaded with the first formula shown, not when the explorers are imported

        shown = formula.xreplace({k: sympy.Integer(v) for k, v in values.items()}) if held else 0
        self.say("")
        self.result.value = (
            f"<div style='color:{TEXT}'><b>P(bust on the next card)</b> = {svg_text(formula)} = "
            f"<span class='circus-explorer-bust'>{p}</span> ≈ {float(p):.2%} &nbsp; "
            f"(N = {values[list(values)[-1]]} cards left; the formula gives {svg_text(shown)})<br>"
            f"<b>Expected gain of one more card</b>: <span class='circus-explorer-gain'>{gain}</span>"
            f" ≈ {float(gain):+.2f} points (an action card counted as no change)<br>"
            f"<b>Advice</b> (a lone player's optimum on the numbers left): "
            f"<span class='circus-explorer-advice'>{advice}</span></div>")
        self._redraw(held, seen)

    def _redraw(self, held: list[int], seen: list[Any]) -> None:
        card = CARDS[self.against.value]
        now = seen.count(card)
        by_copies = next_card_by_copies_seen(held, seen, card, self.MAX_COPIES)
        bust = _points([None if v is None else float(v[0]) for v in by_copies])
        gain = _points([None if v is None else float(v[1]) for v in by_copies])
        floor = next((f for f in self.GAIN_FLOORS if f <= min(gain) - 1), self.GAIN_FLOORS[-1])
        label = f"{card_name(card)}: {now} of {DECK_COUNTS[INDEX[card]]} seen"
        self.curves = {"bust": bust, "gain": gain, "now": now, "card": card, "label": label, "floor": floor}
        copies = list(range(len(bust)))
        xlim = (-0.5, self.MAX_COPIES + 0.5)
        xlabel = f"copies of {card_name(card)} seen (the other cards seen as set above)"
        odds = (Plot(f"P(bust on the next card) · {label}", xlabel=xlabel, ylabel="P(bust on the next card)",
                     xlim=xlim, ylim=(0, 1), width=400, height=280, legend="upper right")
                .line(copies, bust, label="P(bust on the next card)", colour=OKABE_ITO["blue"], marker="o",
                      dash=False)
                .line([now, now], [0, 1], label="copies seen now", colour=INK, marker=None, dash=True)
                .line([now], [bust[now]], colour=OKABE_ITO["blue"], marker="D"))
        worth = (Plot(f"Expected gain of one more card · {label}", xlabel=xlabel, ylabel="expected gain (points)",
                      xlim=xlim, ylim=(floor, 15), width=400, height=280, legend="upper right")
                 .hline(0, colour=OKABE_ITO["grey"], dash=False)
                 .line(copies, gain, label="expected gain of one more card", colour=OKABE_ITO["vermillion"],
                       marker="s", dash=True)
                 .line([now, now], [floor, 15], label="copies seen now", colour=INK, marker=None, dash=True)
                 .line([now], [gain[now]], colour=OKABE_ITO["vermillion"], marker="D"))
        alt = (f"Two charts against the copies of {card_name(card)} seen, 0 to {len(bust) - 1}: the chance that the "
               f"next card busts goes from {bust[0]:.3f} to {bust[-1]:.3f}, and the expected gain of one more card "
               f"from {gain[0]:+.2f} to {gain[-1]:+.2f} points; now {label}, where the chance is {bust[now]:.3f} "
               f"and the gain {gain[now]:+.2f} points.")
        self._draw((odds, worth), alt)


class PolicyExplorer(_Explorer):
    """A threshold slider for the rule 'stop as soon as the round score reaches t': the exact expected round score
    of the rule, the exact optimum (any hand) and the best threshold, on the numbers-only or the numbers+modifiers
    deck, with the curve of every threshold, the optimum line and the chosen threshold marked. A threshold can also
    be typed; one the explorer cannot show is refused in the message line.

    Model: one player alone for one round, no action cards. The curve of both decks and their optima are computed
    when the explorer is made (the numbers+modifiers optimum is read from the kit's shipped table), so moving a
    control only looks values up."""

    MAX_T = 100
    DECKS = {"numbers": "numbers only (79 cards)", "numbers+modifiers": "numbers + six modifiers (85 cards)"}

    def __init__(self, threshold: int = 23, deck: str = "numbers", *,
                 decks: Sequence[str] = ("numbers", "numbers+modifiers")) -> None:
        import ipywidgets as widgets

        whole(threshold, "the threshold", 0, self.MAX_T)
        decks = tuple(decks)
        if not decks or any(d not in self.DECKS for d in decks) or len(set(decks)) < len(decks):
            raise ValueError(f"decks lists some of {', '.join(map(repr, self.DECKS))}, each once")
        if deck not in decks:
            raise ValueError(f"the deck shown first is one of {', '.join(map(repr, decks))}, not {deck!r}")
        self.solved = {}
        for name in decks:
            curve = threshold_curve(deck_counts(name))
            self.solved[name] = (curve, solo_optimal(name).value, curve.best(self.MAX_T + 1))
        # the score scale ends above the largest optimum of the decks offered: it stays put as the deck changes
        self.top = 1.25 * max(float(optimum) for _, optimum, _ in self.solved.values())
        style = {"description_width": "initial"}
        self.threshold = widgets.IntSlider(value=threshold, min=0, max=self.MAX_T, description="stop at t =",
                                           style=style, layout=widgets.Layout(width="420px"),
                                           tooltip="Stop the turn once its total reaches t points",
                                           _dom_classes=("circus-policy-threshold",))
        self.typed = widgets.IntText(value=threshold, description="or type t", style=style,
                                     layout=widgets.Layout(width="160px"), continuous_update=False,
                                     tooltip="Type the threshold t: stop once the turn's total reaches it",
                                     _dom_classes=("circus-policy-typed",))
        self.deck = widgets.ToggleButtons(options=[(self.DECKS[d], d) for d in decks], value=deck,
                                          description="deck", style={"description_width": "initial",
                                                                      "button_width": "250px"},
                                          tooltip="The deck the turns are drawn from",
                                          tooltips=[f"Draw from {self.DECKS[d]}" for d in decks],
                                          _dom_classes=("circus-policy-deck",))
        self.message = self._text(css_class="circus-message")
        self.result = self._text(css_class="circus-policy-result")
        self.plot = self._text(css_class="circus-policy-plot")
        self._syncing = False
        self.threshold.observe(lambda _: self._guarded(self._update), names="value")
        self.deck.observe(lambda _: self._guarded(self._update), names="value")
        self.typed.observe(lambda _: self._guarded(self._typed), names="value")
        self.widget = widgets.VBox([
            self._text(f"{theme_style()}<b style='color:{TEXT}'>The rule 'stop as soon as the round score reaches "
                       f"t'</b> <span style='color:{MUTED}'>(model: one player alone for one round, no action cards; "
                       "every value exact)</span>"),
            widgets.HBox([self.threshold, self.typed], layout=widgets.Layout(flex_flow="row wrap")),
            self.deck,
            self.message,
            self.result,
            self.plot,
        ], _dom_classes=("circus-explorer", "circus-policy-explorer"))
        self._update()

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
            f"<div style='color:{TEXT}'>On the {svg_text(self.DECKS[deck])} deck:<br>"
            f"<b>stop at t = {t}</b>: expected round score <b class='circus-policy-value'>{_exact(value)}</b><br>"
            f"<b>best threshold</b>: t = <span class='circus-policy-best'>{best_t}</span>, worth {_exact(best_v)}<br>"
            f"<b>exact optimum</b> (the best choice for every hand): <span class='circus-policy-optimum'>"
            f"{_exact(optimum)}</span><br>"
            f"your rule gives up {float(optimum - value):.4f} points a round against the optimum "
            f"({float(best_v - value):.4f} against the best threshold)</div>")
        ts = list(range(self.MAX_T + 1))
        values = curve.floats(self.MAX_T + 1)
        self.curves = {"curve": values, "optimum": float(optimum), "best": (best_t, float(best_v)), "chosen": t,
                       "deck": deck}
        chart = (Plot(f"Stop-at-t rules against the exact optimum, {deck} deck",
                      xlabel="threshold t: stop as soon as the round score reaches t (points)",
                      ylabel="expected round score (points)", xlim=(-1, self.MAX_T + 1), ylim=(0, self.top),
                      width=640, height=300)
                 .line(ts, values, label="expected round score\nof 'stop at t'", colour=OKABE_ITO["blue"],
                       marker=None, dash=False)
                 .hline(optimum, label="exact optimum (any hand)", colour=OKABE_ITO["vermillion"])
                 .line([best_t], [best_v], label="best threshold", colour=OKABE_ITO["green"], marker="D")
                 .line([t, t], [0, self.top], label="your threshold t", colour=INK, marker=None, dash=True)
                 .line([t], [value], colour=INK, marker="o"))
        alt = (f"The expected round score of 'stop at t' for t from 0 to {self.MAX_T} on the {deck} deck: it rises to "
               f"{float(best_v):.4f} at the best threshold, t = {best_t}, and falls after; the exact optimum, "
               f"{float(optimum):.4f}, lies above the whole curve. Your threshold t = {t} is worth "
               f"{float(value):.4f}.")
        self._draw((chart,), alt)


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
    SCORE_TOPS = (30, 70, 100, 210)  # the score axis ends at one of these: the scale moves only when it must
    SOLVED_KEPT = 16

    def __init__(self, copies: Sequence[int] | None = None, modifiers: Sequence[str] = ()) -> None:
        import ipywidgets as widgets

        if copies is not None and (isinstance(copies, (str, bytes, dict)) or not isinstance(copies, Iterable)):
            raise TypeError(f"copies is a list of 13 whole numbers (the copies of 0, 1, ..., 12), not {copies!r}")
        copies = list(DECK_COUNTS[:13] if copies is None else copies)
        if len(copies) != 13:
            raise ValueError(f"copies lists 13 whole numbers from 0 to {self.MAX_COPIES}: the copies of 0, 1, ..., 12")
        for c in copies:
            whole(c, "each number of copies", 0, self.MAX_COPIES)
        if isinstance(modifiers, (str, bytes, dict)) or not isinstance(modifiers, Iterable):
            raise TypeError(f"modifiers is a list of modifier cards such as ['+4', 'x2'], not {modifiers!r}")
        chosen = [parse_card(m) for m in modifiers]
        if any(m not in MODIFIERS for m in chosen):
            raise ValueError("modifiers lists +2, +4, +6, +8, +10 or x2 cards only")
        self.copy_sliders = []
        upright, slider_style = widgets.Layout(width="44px", height="150px"), widgets.SliderStyle()
        for n in range(13):
            s = widgets.IntSlider(value=copies[n], min=0, max=self.MAX_COPIES, description=str(n),
                                  orientation="vertical", layout=upright, style=slider_style,
                                  tooltip=f"How many {n}s the deck holds",
                                  _dom_classes=("circus-deck-copies", f"circus-deck-copies-{n}"))
            s.observe(lambda _: self.update(), names="value")
            self.copy_sliders.append(s)
        self.modifier_buttons: list[Any] = []
        narrow = widgets.Layout(width="52px")
        for m in MODIFIERS:
            b = widgets.ToggleButton(value=m in chosen, description=card_name(m), layout=narrow,
                                     tooltip=f"Put the {card_name(m)} modifier card in the deck",
                                     _dom_classes=("circus-deck-modifier",),
                                     **({"style": self.modifier_buttons[0].style} if self.modifier_buttons else {}))
            b.observe(lambda _: self.update(), names="value")
            self.modifier_buttons.append(b)
        self.reset = button("the real deck's numbers", self.use_real_deck, css_class="circus-deck-reset",
                            tooltip="n copies of n (one 0), no modifiers")
        self.solve_button = button("Solve with the modifiers", self.solve_modifiers, css_class="circus-deck-solve",
                                   tooltip="the optimum and the thresholds with the ticked modifiers (a second or two)")
        self.message = self._text(css_class="circus-message")
        self.result = self._text(css_class="circus-deck-result")
        self.plot = self._text(css_class="circus-deck-plot")
        self.real = threshold_curve(deck_counts("numbers")).floats(self.MAX_T + 1)  # the real deck's curve, drawn grey
        self._quiet = False
        # counts with modifiers -> (curve, optimum), solved on the button
        self._solved: OrderedDict[tuple[int, ...], tuple[Any, Any]] = OrderedDict()
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            self._text(f"{theme_style()}<b style='color:{TEXT}'>Your deck</b> <span style='color:{MUTED}'>(copies of "
                       "each number; model: one player alone for one round, no action cards)</span>"),
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

    @staticmethod
    def _refusal(counts: tuple[int, ...]) -> str | None:
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
        second = second_card_busts(counts)
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
            f"<span style='color:{MUTED}'>{svg_text(_deck_text(counts))}</span><br>"
            f"<b>P(the second card busts)</b> = <b class='circus-deck-second'>{_exact(second)}</b><br>"
            f"<b>Never stopping</b>: P(no bust among the first k numbers drawn)"
            f"<table class='circus-deck-survival'>{rows}</table>{flip7}<br>"
            f"<b>Model</b>: <span class='circus-deck-model'>{model}</span><br>"
            f"<b>exact optimum</b>: <b class='circus-deck-optimum'>{_exact(optimum)}</b> points a round<br>"
            f"<b>best threshold</b>: t = <b class='circus-deck-best'>{best_t}</b>, worth {_exact(best_v)}"
            f"{' (beyond the chart)' if best_t > self.MAX_T else ''}</div>")
        top = next((s for s in self.SCORE_TOPS if s >= float(optimum) * 1.1), self.SCORE_TOPS[-1])
        kind = "numbers and modifiers" if model == "numbers and modifiers" else "numbers only"
        title = f"Your deck ({kind}) against the real deck"
        ts = list(range(self.MAX_T + 1))
        values = curve.floats(self.MAX_T + 1)
        shown_t = min(best_t, self.MAX_T)
        self.curves = {"curve": values, "optimum": float(optimum), "best": (best_t, float(best_v)), "top": top,
                       "model": model}
        chart = (Plot(title, xlabel="threshold t: stop as soon as the round score reaches t (points)",
                      ylabel="expected round score (points)", xlim=(-1, self.MAX_T + 1), ylim=(0, top), width=640,
                      height=300)
                 .line(ts, self.real, label="the real deck's numbers", colour=OKABE_ITO["grey"], marker=None,
                       dash=True)
                 .line(ts, values, label="your deck: 'stop at t'", colour=OKABE_ITO["blue"], marker=None, dash=False)
                 .hline(optimum, label="your deck: exact optimum", colour=OKABE_ITO["vermillion"])
                 .line([shown_t], [float(best_v)], label="your deck: best threshold", colour=OKABE_ITO["green"],
                       marker="D"))
        alt = (f"The expected round score of 'stop at t' for t from 0 to {self.MAX_T}, your deck ({kind}) against the "
               f"real deck's numbers: on your deck the best threshold is t = {best_t}, worth {float(best_v):.4f}, "
               f"and the exact optimum is {float(optimum):.4f} points a round.")
        self._draw((chart,), alt)
