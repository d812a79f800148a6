"""Scout's explorers: each a few controls, the exact value for their setting and a chart (the kit's SVG, written by
``core.figures.Chart``) redrawn in place as a control moves.

``SetSomewhereExplorer``: the exact chance of a set of k adjacent cards somewhere in a dealt hand, against the players
and the hand size, checked by a seeded simulation. ``DealtHandExplorer``: a seeded deal drawn with its sets and its
strongest show, against the exact expected numbers of sets and shows.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ..core.args import seed_arg, whole
from ..core.figures import Chart
from ..core.sim import Estimate
from ..core.svg import Key, svg_text, theme_style
from ..core.ui import Shown, all_or_nothing, button
from .odds import (
    EXPLORER_HANDS,
    EXPLORER_KS,
    expected_shows,
    expected_windows,
    hands_with_set,
    set_somewhere_grid,
    strongest_show,
)
from .pictures import a_number, dealt_hand_svg
from .rules import FULL_DECK, HAND_SIZE, ScoutOptions, deck_for, flip_hand, legal_shows, longest_set, set_key

if TYPE_CHECKING:
    import sympy

__all__ = ["SetSomewhereExplorer", "DealtHandExplorer"]


# Okabe and Ito's colour-blind-safe palette; every curve and bar also differs by line style, marker or hatching.
# What was black (axes, text, the chosen k, the expected numbers) is the theme's text colour (core.figures.INK).
ORANGE, SKY, GREEN, BLUE, VERMILLION, PURPLE = ("#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7")
MUTED = "var(--jp-ui-font-color2, #555555)"

EXACT_HANDS = EXPLORER_HANDS  # hand sizes the set explorer's exact table covers
EXACT_KS = EXPLORER_KS        # set lengths it covers
# the two charts' sizes and margins (left, top, right, bottom): room on the left for "1 in 10,000" and the axis's
# name, on the right for a legend of 13 px lines, and a plot taller than its y label is long
SET_CHART_SIZE, SET_CHART_MARGINS = (700, 284), (122, 27, 236, 40)
HAND_CHART_SIZE, HAND_CHART_MARGINS = (700, 310), (60, 26, 236, 40)
_FLOOR = 1e-4              # the bottom of the set explorer's log scale (its smallest exact value is 1.6e-4)
_K_COLOURS = dict(zip(EXACT_KS, (ORANGE, SKY, GREEN, PURPLE)))
_K_MARKERS = dict(zip(EXACT_KS, ("o", "s", "^", "v")))


class _Refused(ValueError):
    """A setting an explorer cannot show, with the sentence that says why."""


def _refusal_html(refusal: object) -> str:
    """A refused setting's sentence for an explorer's message line (the theme's error colour, and a ✘)."""
    return f'<span class="circus-error">✘ {svg_text(refusal)}</span>'


def _exact_html(x: Any, css_class: str) -> str:
    """A probability or a mean as a fraction and a decimal, each in its own tagged span."""
    import sympy

    decimal = f"{float(x):.4f}"
    sign = "=" if sympy.Rational(decimal) == x else "≈"
    return (f"<span class='{css_class}-fraction'>{x}</span> {sign} "
            f"<span class='{css_class}-decimal'>{decimal}</span>")


def _slider(description: str, value: int, low: int, high: int, css_class: str, looks: tuple[Any, ...],
            name: str) -> Any:
    """A slider of an explorer, ``name`` saying what it sets in the game's words (read by a screen reader)."""
    import ipywidgets as widgets

    layout, style = looks
    return widgets.IntSlider(value=value, min=low, max=high, description=description, continuous_update=True,
                             tooltip=name, style=style, layout=layout, _dom_classes=(css_class,))


def _slider_looks() -> tuple[Any, ...]:
    """One layout and one style for an explorer's sliders: each widget model is a message that the kernel and the
    server both handle when a lesson opens, and the sliders look alike anyway."""
    import ipywidgets as widgets

    return widgets.Layout(width="380px"), widgets.SliderStyle(description_width="130px")


def _texts(*lines: tuple[str, str]) -> list[Any]:
    """HTML widgets, one for each (value, CSS classes separated by spaces, or ""), that share one layout and one
    style (one widget model each, not three), their classes given as they are made (an add_class afterwards is one
    more message). An explorer's plot is one of them: the chart's SVG, written by the kit (``core.figures.Chart``)
    and drawn by the browser, a change replacing it in place."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget_string import HTMLStyle  # not exported at the package's top level

    layout, style = widgets.Layout(), HTMLStyle()
    return [widgets.HTML(value, layout=layout, style=style, _dom_classes=tuple(css_classes.split()))
            for value, css_classes in lines]


class _Explorer(Shown):
    """What the two explorers share: a message line that an interrupted click speaks in."""

    message: Any

    def say(self, text: str, *, error: bool = True) -> None:
        """A sentence in the message line (a refusal or a stopped click: ✘ in the error colour), or "" to clear."""
        self.message.value = _refusal_html(text) if text and error else svg_text(text)


class SetSomewhereExplorer(_Explorer):
    """Players, hand size and set length k: the exact chance that a dealt hand holds a set of k adjacent cards
    somewhere (a fraction and a decimal), its curve against the hand size for every k, and a seeded simulation that
    checks it, 1,000 hands a click.

    The exact values for hands of 2 to 8 cards and sets of 2 to 5 were counted once by ``set_somewhere_exact``
    (about 2 s for the whole grid) and ship with the kit (``odds.set_somewhere_grid`` reads them): opening an
    explorer reads them. A real hand (9 to 12 cards) takes about a second a value to count, so the hand-size slider
    stops at 8.
    """

    SIMULATED = 1_000  # hands dealt per click of the simulate button

    def __init__(self, players: int = 4, hand_size: int = 8, k: int = 3, *, seed: int = 1) -> None:
        import ipywidgets as widgets

        whole(players, "players", 2, 5)
        whole(hand_size, "hand_size", EXACT_HANDS[0], EXACT_HANDS[-1])
        whole(k, "k", EXACT_KS[0], EXACT_KS[-1])
        self.rng = random.Random(seed_arg(seed))
        # the exact chances of every setting of the sliders, keyed (players, hand size, k)
        self.exact = {(n, h, j): p for n in range(2, 6) for (h, j), p in set_somewhere_grid(n).items()}
        looks = _slider_looks()
        self.players = _slider("players", players, 2, 5, "circus-scout-players", looks,
                               "How many players the cards are dealt to")
        self.hand_size = _slider("cards in the hand", hand_size, EXACT_HANDS[0], EXACT_HANDS[-1],
                                 "circus-scout-hand-size", looks, "How many cards are in the hand")
        self.k = _slider("set of k cards", k, EXACT_KS[0], EXACT_KS[-1], "circus-scout-k", looks,
                         "How many adjacent cards make the set")
        title, self.result, self.simulated, self.message, self.plot, note = _texts(
            (f"{theme_style()}<b>A set of k adjacent cards somewhere in a dealt hand</b>", ""),
            ("", "circus-scout-exact"), ("", "circus-scout-simulated"), ("", "circus-message"),
            ("", "circus-explorer-plot circus-scout-set-plot"),
            (f"<span style='color:{MUTED}'>Exact values for hands of 2 to 8 cards, counted once by "
             "set_somewhere_exact and shipped with the kit. A real hand (9 to 12 cards) takes about a second a value "
             "to count (section 5b counts those).</span>", ""))
        self.simulate_button = button(f"Simulate {self.SIMULATED:,} more hands", self.simulate,
                                      css_class="circus-scout-simulate",
                                      name=f"Simulate {self.SIMULATED:,} more hands: deal them at random, count the "
                                           "sets")
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

    @all_or_nothing("_hits", "_dealt")
    def simulate(self) -> None:
        """Deal 1,000 more seeded hands for the current setting and compare their share of sets with the exact
        value (each click adds to the hands dealt since the last change)."""
        try:
            p = self.probability()
        except _Refused as refusal:
            self.message.value = _refusal_html(refusal)
            return
        players, h, k = self.setting
        self._hits += hands_with_set(k, players, h, n=self.SIMULATED, rng=self.rng)
        self._dealt += self.SIMULATED
        self._show_simulated(p)

    def _show_simulated(self, p: sympy.Rational) -> None:
        estimate = self.estimate
        if estimate is None:
            self.simulated.value = ""
        else:
            inside = "inside" if estimate.contains(p) else "outside"
            self.simulated.value = (f"simulated: <span class='circus-scout-sim-share'>{svg_text(estimate)}"
                                    f"</span>; the exact value is {inside} the interval")
        self._draw(p)

    def _undone(self) -> None:
        """After a stopped click: the hands dealt before it, shown again (a refused setting has none)."""
        try:
            self._show_simulated(self.probability())
        except _Refused:
            self.update()

    @property
    def estimate(self) -> Estimate | None:
        """The simulated share of hands with a set since the last change (None before a simulation)."""
        if not self._dealt:
            return None
        return Estimate.of_successes(self._hits, self._dealt)  # a share of hands: Wilson's interval

    def _draw(self, p: sympy.Rational | None) -> None:
        self.plot.value = self.chart(p, self.estimate)

    def chart(self, p: sympy.Rational | None, estimate: Estimate | None) -> str:
        """The chart as SVG: the exact curves of this deck against the hand size, one for each k (the chosen k
        bold), its upper bound (the expected number of places with a set), this setting and the simulation."""
        players, h, k = self.setting
        chart = Chart(*SET_CHART_SIZE, x_range=(EXACT_HANDS[0] - 0.4, EXACT_HANDS[-1] + 0.5), y_range=(_FLOOR, 2),
                      log_y=True, margins=SET_CHART_MARGINS, name="circus-scout-set-chart")
        decades = range(round(math.log10(_FLOOR)), 1)
        chart.axes(xticks=[(n, str(n)) for n in EXACT_HANDS],
                   yticks=[(10.0 ** e, _one_in(10.0 ** e)) for e in decades],
                   xlabel="cards in the hand", ylabel="probability (log scale)", grid="xy",
                   title="P(a set of k adjacent cards somewhere in a dealt hand), exact")
        for j in EXACT_KS:
            if j != k:  # the chosen k last, on top
                self._curve(chart, players, j, chosen=False)
        self._curve(chart, players, k, chosen=True)
        hands = [n for n in EXACT_HANDS if n >= k]
        chart.line(hands, [float(expected_windows(players, n)[k - 1]) for n in hands], colour=BLUE,
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
            Key("expected places with a\nset of the chosen k:\nan upper bound", colour=BLUE, dash="5 3"),
            Key("this setting (exact)", marker="o", marker_size=12, hollow=True, line=False),
            Key("simulated, 95% interval", colour=VERMILLION, marker="D", marker_size=6)])
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


class DealtHandExplorer(_Explorer):
    """A hand dealt from a seeded shuffle, drawn with its sets bracketed and its strongest show highlighted.

    A student changes the players (the deck), the cards in the hand (the same shuffle, dealt further or less far),
    whether the hand is turned round, and the set to beat on the table (typed, like ``5 6``); "Deal again" shuffles
    afresh. Shown: how many shows beat the table, the hand's sets by length against the exact expected numbers for
    a dealt hand, and the exact expected number of shows (linearity of expectation).
    """

    def __init__(self, players: int = 4, hand_size: int | None = None, *, table: str = "", seed: int = 1) -> None:
        import ipywidgets as widgets

        whole(players, "players", 2, 5)
        hand_size = HAND_SIZE[players] if hand_size is None else hand_size
        whole(hand_size, "hand_size", 1, max(HAND_SIZE.values()))
        if not isinstance(table, str):
            raise TypeError(f"the set to beat is typed as text, like '5 6', not {table!r}")
        self.rng = random.Random(seed_arg(seed))
        looks = _slider_looks()
        self.players = _slider("players", players, 2, 5, "circus-scout-deal-players", looks,
                               "How many players the cards are dealt to")
        self.hand_size = _slider("cards in the hand", hand_size, 1, max(HAND_SIZE.values()),
                                 "circus-scout-deal-size", looks, "How many cards are in your hand")
        self.turned = widgets.ToggleButton(value=False, description="turned round", icon="refresh",
                                           tooltip="turn the whole hand round, as a player may before the round",
                                           _dom_classes=("circus-scout-turned",))
        self.active = widgets.Text(value=table, description="set to beat", placeholder="empty, or like 5 6",
                                   continuous_update=False, layout=widgets.Layout(width="260px"),
                                   tooltip="The show on the table to beat: its numbers, like 5 6, or empty",
                                   _dom_classes=("circus-scout-active",))
        self.deal_button = button("Deal again", self.deal, css_class="circus-scout-deal",
                                  name="Deal again: a new hand from a shuffled deck")
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
    @all_or_nothing("shuffled", "deals")
    def deal(self) -> None:
        """Shuffle the 45 cards afresh (seeded), each either way up; the hand is the first cards of the deck."""
        order = self.rng.sample(FULL_DECK, len(FULL_DECK))
        self.shuffled = tuple(c if self.rng.random() < 0.5 else (c[1], c[0]) for c in order)
        self.deals += 1
        self.update()

    def _undone(self) -> None:
        """After a stopped click: the shuffle before it, shown again."""
        self.update()

    @property
    def hand(self) -> tuple[Any, ...]:
        """The hand as the controls say: the first cards of the shuffle that this deck uses, turned round or not.
        (A shuffle of all 45 cards, read without the cards a deck leaves out, is a shuffle of that deck.)"""
        used = set(deck_for(self.players.value))
        dealt = tuple(c for c in self.shuffled if tuple(sorted(c)) in used)[:self.hand_size.value]
        return flip_hand(dealt, ScoutOptions().flip_reverses_order) if self.turned.value else dealt

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
                held = ("no card carries" if not carrying[v] else "only 1 card carries" if carrying[v] == 1
                        else f"only {carrying[v]} cards carry")
                raise _Refused(f"In the {players}-player deck {held} {a_number(v)}: no set holds {times} of them.")
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
        best = strongest_show(hand, table)
        average = expected_shows(players, h)
        against = f"the set {' '.join(map(str, table))}" if table else "an empty table"
        best_text = (f"its strongest show is {' '.join(map(str, values[best[0]:best[1]]))}" if best
                     else "no show beats it: the player must scout")
        self.result.value = (
            f"This hand: <b class='circus-scout-shows'>{len(shows)}</b> show(s) beat {svg_text(against)}; "
            f"{best_text}. Its longest set has <b class='circus-scout-longest'>{longest_set(hand)}</b> card(s).<br>"
            f"A dealt hand of {h} card(s), {players} players: on average {_exact_html(average, 'circus-scout-mean')} "
            f"shows on an empty table (exact, by linearity of expectation); this one has {len(sets)}.")
        self.picture.value = dealt_hand_svg(hand, table, sets, best, turned=self.turned.value)
        self._draw(hand, table, sets, shows)

    def _draw(self, hand: tuple[Any, ...], table: tuple[Any, ...], sets: list[Any], shows: list[Any]) -> None:
        self.plot.value = self.chart(sets, shows if table else None)

    def chart(self, sets: list[tuple[int, int]], shows: list[tuple[int, int]] | None = None) -> str:
        """The hand's sets (and the shows among them that beat the table, if one is typed) by length, as bars,
        against the exact expected number of places holding a set of each length in a dealt hand."""
        players, h = self.players.value, self.hand_size.value
        top = max(HAND_SIZE.values())
        lengths = list(range(1, h + 1))
        by_length = Counter(j - i for i, j in sets)
        chart = Chart(*HAND_CHART_SIZE, x_range=(0.4, top + 0.6), y_range=(0, top + 0.8),
                      margins=HAND_CHART_MARGINS, name="circus-scout-hand-chart")
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
        chart.line(lengths, [float(e) for e in expected_windows(players, h)], dash="5 3", marker="o", marker_size=6,
                   css_class="circus-scout-expected")
        chart.legend([Key("this hand: sets of k\nadjacent cards", colour=SKY, box=True),
                      Key("… of them, shows that\nbeat the set to beat\n(if one is typed)", colour=VERMILLION,
                          box=True, hatch=True),
                      Key("expected in a dealt hand\n(exact)", dash="5 3", marker="o", marker_size=6)])
        return chart.svg(css_class="circus-scout-hand-svg", title="this hand's sets by length, against the average")
