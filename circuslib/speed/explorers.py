"""Speed's explorers: the stalemate odds at the deal (face-up cards, decks, centre tops) and reaction races against
whole matches (rates, set-up, rounds). Each shows its controls, the exact value as a fraction and a decimal, and a
chart the kit writes as SVG (``core.figures.Chart``), redrawn in place as a control moves.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.args import one_of, text, whole
from ..core.figures import INK, Chart
from ..core.sim import Estimate, Tally
from ..core.svg import Key, Picture, svg_text
from ..core.ui import Shown, button
from .bots import RATIO_GRID, simulate_stalemates, simulated_matches
from .odds import p_stalemate_at_start, p_stalemate_given_tops, race_probability
from .rules import SETUPS, SpeedOptions, rank_name, rank_of

if TYPE_CHECKING:
    import ipywidgets
    import sympy

__all__ = ["StalemateExplorer", "RaceExplorer", "PALETTE", "RATIO_GRID"]

PALETTE = {"blue": "#0072B2", "orange": "#E69F00", "green": "#009E73", "vermillion": "#D55E00",
           "purple": "#CC79A7", "sky": "#56B4E9", "black": "#000000", "grey": "#999999"}
"""The Okabe-Ito colours: told apart by readers with any common colour-vision deficiency (and the lines differ by
marker and dash too, so colour is never the only sign)."""

_TEXT = "var(--jp-ui-font-color1, #222222)"
_QUIET = "var(--jp-ui-font-color2, #555555)"
_ERROR = "var(--jp-error-color1, #c62828)"
FACE_UPS = tuple(range(1, 9))


def _exact(p: Any) -> str:
    """An exact probability as the explorers show it: the fraction in bold, then its decimal to 4 places."""
    return f"<b>{svg_text(p)}</b> ≈ <b>{float(p):.4f}</b>"


def _ratio_text(ratio: Fraction) -> str:
    return str(ratio.numerator) if ratio.denominator == 1 else f"{ratio.numerator}/{ratio.denominator}"


def _html_widgets(*classes: str) -> list[ipywidgets.HTML]:
    """HTML widgets, one for each CSS class, sharing one layout and one style (one widget model each, not three)."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget_string import HTMLStyle  # not exported at the package's top level

    layout, style = widgets.Layout(), HTMLStyle()
    return [widgets.HTML("", layout=layout, style=style, _dom_classes=tuple(css.split())) for css in classes]


def _shown(svg: str, words: str) -> str:
    """A chart as the explorer's plot shows it: the themed SVG with its description for screen readers."""
    return Picture.of(svg, words)._repr_html_()


class _Explorer(Shown):
    """What the explorers share: a message line for refusals, and the plot (an HTML output holding the chart's SVG,
    replaced in place at each change)."""

    message: ipywidgets.HTML
    plot: ipywidgets.HTML
    renders: int = 0

    def say(self, sentence: str, *, error: bool = True) -> None:
        """Show a sentence in the message line (a refusal in the theme's error colour), or clear it with ""."""
        colour = _ERROR if error else _TEXT
        self.message.value = f'<span style="color:{colour}">{svg_text(sentence)}</span>' if sentence else ""

    def _guarded(self, work: Callable[[], None]) -> None:
        # a control's observer has nobody to report to: whatever goes wrong is said in the message line
        try:
            work()
        except Exception as error:  # never a traceback in the notebook: the explorer stays usable
            self.say(f"That setting could not be shown: {error}")

    def _draw(self, svg: str, words: str) -> None:
        self.plot.value = _shown(svg, words)
        self.renders += 1


def _parse_tops(typed: str) -> tuple[int, int] | None:
    """The two centre tops typed in a box ("7, 8", "K and 2"), or None for any tops; ValueError with a sentence."""
    cleaned = typed.replace(",", " ").replace(";", " ")
    words = [w for w in cleaned.split() if w.lower() != "and"]
    if not words or (len(words) == 1 and words[0].lower() == "any"):
        return None
    if len(words) != 2:
        raise ValueError(f"there are two centre tops, so give two ranks, like 7, 8 (or leave the box empty for any "
                         f"tops); {typed.strip()!r} names {len(words)}")
    tops = []
    for word in words:
        try:
            tops.append(rank_of(word))
        except (TypeError, ValueError):
            raise ValueError(f"{word!r} is not a rank: use A, 2 to 10, J, Q or K") from None
    return tops[0], tops[1]


class StalemateExplorer(_Explorer):
    """How likely is a stalemate right after the deal? Choose the face-up cards each, one deck or two, and
    optionally the two centre tops; the exact chance is shown as a fraction and a decimal, and the chart shows it
    against the number of face-up cards for both deck counts (with your tops, if given). A button checks the
    chance by simulating 2,000 deals."""

    def __init__(self, face_up: int = 4, decks: int = 1, *, tops: str = "", seed: int = 1) -> None:
        import ipywidgets as widgets

        whole(face_up, "the number of face-up cards", 1, 8)
        whole(decks, "decks (Speed uses 1 or 2 decks)", 1, 2)
        text(tops, "tops (typed as text, like '7, 8', or '' for any tops)")
        self.seed = whole(seed, "seed")
        self.simulated: dict[tuple[int, int], Estimate] = {}
        self.face_up = widgets.IntSlider(value=face_up, min=1, max=8, description="face-up each",
                                         style={"description_width": "initial"},
                                         tooltip="How many face-up cards each player has")
        self.face_up.add_class("circus-speed-faceup")
        self.decks = widgets.ToggleButtons(options=[("one deck", 1), ("two decks", 2)], value=decks,
                                           tooltips=["one deck dealt 26 each", "each player has a deck of 52"],
                                           tooltip="How many decks are dealt")
        self.decks.style.button_width = "90px"
        self.decks.add_class("circus-speed-decks")
        self.tops = widgets.Text(value=tops, description="centre tops", placeholder="any, or two ranks: 7, 8",
                                 continuous_update=False, tooltip="The ranks on top of the two centre piles, or any")
        self.tops.add_class("circus-speed-tops")
        self.result, self.message, self.sim_result, self.plot = _html_widgets(
            "circus-speed-odds", "circus-message", "circus-speed-sim", "circus-explorer-plot circus-speed-plot")
        self.simulate_button = button("Simulate 2,000 deals", self.simulate, css_class="circus-speed-simulate",
                                      name="Simulate 2,000 deals and count the stalemates")
        self.simulate_button.layout.flex = "0 0 auto"
        for control in (self.face_up, self.decks, self.tops):
            control.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HTML("<b>Stalemate at the deal: nobody can play</b>"),
                                    widgets.HBox([self.face_up, self.decks]), self.tops, self.result, self.message,
                                    self.plot, widgets.HBox([self.simulate_button, self.sim_result])])
        self.widget.add_class("circus-speed-explorer")
        self.update()

    # --- the numbers -----------------------------------------------------------------------------------------
    def probability(self) -> sympy.Rational:
        """The exact P(stalemate at the start) for the controls' values (whatever the tops)."""
        return p_stalemate_at_start(self.face_up.value, self.decks.value)

    def given_tops(self) -> sympy.Rational | None:
        """The exact P(stalemate | the two tops typed), or None when no tops (or no valid tops) are given."""
        try:
            tops = _parse_tops(self.tops.value)
        except ValueError:
            return None
        return None if tops is None else p_stalemate_given_tops(*tops, self.face_up.value, self.decks.value)

    # --- reacting to the controls -----------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute the exact odds for the controls (read from the kit's table) and redraw the chart."""
        self._guarded(self._update)

    def _update(self) -> None:
        k, decks = self.face_up.value, self.decks.value
        p = self.probability()
        deck_words = "one deck" if decks == 1 else "two decks"
        lines = [f"P(stalemate at the start) = {_exact(p)} ({k} face-up each, {deck_words})"]
        tops_curve: list[float] | None = None
        given = None
        try:
            tops = _parse_tops(self.tops.value)
        except ValueError as refusal:
            tops = None
            self.say(f"The centre tops are not used: {refusal}.")
        else:
            self.say("")
        if tops is not None:
            given = p_stalemate_given_tops(*tops, k, decks)
            a, b = (rank_name(t) for t in tops)
            lines.append(f"given the centre tops {a} and {b}: P(stalemate) = {_exact(given)}")
            tops_curve = [float(p_stalemate_given_tops(*tops, j, decks)) for j in FACE_UPS]
        estimate = self.simulated.get((k, decks))
        if estimate is None:
            self.sim_result.value = ""
        else:
            inside = "inside" if estimate.contains(p) else "outside"
            self.sim_result.value = (f'<span style="color:{_TEXT}">simulated deals (any tops): '
                                     f"{svg_text(estimate)}; the exact value is {inside} the interval</span>")
        self.result.value = f'<span style="color:{_TEXT}">{"<br>".join(lines)}</span>'
        self._draw(self.chart(p, given, tops_curve, estimate), self.chart_words(p, given, tops, estimate))

    def chart(self, p: Any, given: Any, tops_curve: Sequence[float] | None, estimate: Estimate | None) -> str:
        """The chart as SVG: the exact chance against the face-up cards for one and two decks, the curve for your
        tops (if given), your setting, and the simulated deals with their 95% interval."""
        k = self.face_up.value
        chart = Chart(700, 360, x_range=(0.6, 8.4), y_range=(0, 0.8), margins=(66, 34, 16, 46),
                      name="circus-speed-stalemate-chart")
        chart.axes(xticks=[(j, str(j)) for j in FACE_UPS], yticks=[(i / 10, f"{i / 10:.1f}") for i in range(9)],
                   xlabel="face-up cards each", ylabel="P(stalemate at the deal)", grid="xy",
                   title="Stalemate right after the deal, by face-up cards")
        # one deck solid with circles, two decks dotted with squares: told apart without their colours
        for decks, colour, marker, dash in ((1, PALETTE["blue"], "o", None), (2, PALETTE["orange"], "s", "2 2")):
            chart.line(FACE_UPS, [float(p_stalemate_at_start(j, decks)) for j in FACE_UPS], colour=colour,
                       width=1.8, dash=dash, marker=marker, marker_size=6, css_class=f"circus-speed-exact-{decks}")
        if tops_curve is not None:
            chart.line(FACE_UPS, tops_curve, colour=PALETTE["green"], width=1.6, dash="6 3", marker="^",
                       marker_size=6, css_class="circus-speed-given-tops")
        if estimate is not None:
            low, high = estimate.ci95
            x = k + 0.15  # beside the exact point, so both stay visible
            chart.line([x, x], [max(low, 0.0), min(high, 0.8)], colour=PALETTE["purple"], width=2.5,
                       css_class="circus-speed-sim-interval")
            chart.line([x], [min(estimate.mean, 0.8)], colour=PALETTE["purple"], width=0, marker="_",
                       marker_size=14, css_class="circus-speed-sim-share")
        marks = [float(p)] + ([float(given)] if given is not None else [])
        chart.line([k] * len(marks), marks, colour=PALETTE["vermillion"], width=0, marker="D", marker_size=10,
                   css_class="circus-speed-setting")
        chart.legend([Key("one deck (exact)", colour=PALETTE["blue"], marker="o"),
                      Key("two decks (exact)", colour=PALETTE["orange"], dash="2 2", marker="s"),
                      Key("given your centre tops (exact)", colour=PALETTE["green"], dash="6 3", marker="^"),
                      Key("your setting", colour=PALETTE["vermillion"], marker="D", marker_size=8, line=False),
                      Key("simulated deals, 95% interval", colour=PALETTE["purple"], width=2.5)],
                     size=13, inside="upper right")
        return chart.svg(css_class="circus-speed-stalemate-svg",
                         title="the exact chance of a stalemate right after the deal, by face-up cards")

    def chart_words(self, p: Any, given: Any, tops: tuple[int, int] | None, estimate: Estimate | None) -> str:
        """The chart in words: its curves' values, your setting and the simulation."""
        def curve(decks: int) -> str:
            return ", ".join(f"{float(p_stalemate_at_start(j, decks)):.3f}" for j in FACE_UPS)

        k, decks = self.face_up.value, self.decks.value
        lines = ["Chart: stalemate right after the deal against the face-up cards each (1 to 8), exact.",
                 f"One deck: {curve(1)}.", f"Two decks: {curve(2)}.",
                 f"Your setting, {k} face-up with {'one deck' if decks == 1 else 'two decks'}: {float(p):.4f}."]
        if tops is not None and given is not None:
            lines.append(f"Given the centre tops {rank_name(tops[0])} and {rank_name(tops[1])}: {float(given):.4f}.")
        if estimate is not None:
            low, high = estimate.ci95
            lines.append(f"Simulated deals: {estimate.mean:.4f} (95% interval {low:.4f} to {high:.4f}).")
        return "\n".join(lines)

    def simulate(self) -> None:
        """Deal 2,000 seeded rounds and compare the share of stalemates with the exact value (milliseconds)."""
        def work() -> None:
            k, decks = self.face_up.value, self.decks.value
            # 2,000 shuffled decks at once (numpy), the game's own chance model
            self.simulated[(k, decks)] = simulate_stalemates(SpeedOptions(decks=decks, face_up=k), 2000, self.seed)
            self._update()
        self._guarded(work)


class RaceExplorer(_Explorer):
    """Reaction rates, one race and a whole match. Set your rate and the bot's (moves per second): the exact
    chance of winning one race, rate_you / (rate_you + rate_bot), is shown as a fraction and a decimal and marked
    on its curve against the speed ratio; "Simulate matches" plays seeded matches between two first-card bots at
    speed ratios 1/8 to 8 (and yours) for the chosen set-up and rounds, and draws their win rates with 95%
    intervals on the same chart (kept, so moving the controls afterwards costs nothing)."""

    def __init__(self, you: int = 2, bot: int = 1, *, setup: str = "one deck", rounds: int = 3,
                 matches: int = 100, seed: int = 17) -> None:
        import ipywidgets as widgets

        whole(you, "you (your whole reaction rate, moves per second)", 0, 8)
        whole(bot, "bot (the bot's whole reaction rate, moves per second)", 0, 8)
        one_of(setup, "setup (the name of a set-up)", SETUPS)
        one_of(whole(rounds, "rounds (a match here has 1, 3 or 5 rounds)"), "rounds (in a match here)", (1, 3, 5))
        self.matches = whole(matches, "matches", 10, 2000)
        self.seed = whole(seed, "seed")
        self.simulated: dict[tuple[str, int], dict[Fraction, Tally]] = {}  # (set-up, rounds) -> {ratio: matches}
        self.you = widgets.IntSlider(value=you, min=0, max=8, description="you (moves/s)",
                                      tooltip="Your speed: moves a second")
        self.you.add_class("circus-speed-you-rate")
        self.bot = widgets.IntSlider(value=bot, min=0, max=8, description="bot (moves/s)",
                                      tooltip="The bot's speed: moves a second")
        self.bot.add_class("circus-speed-bot-rate")
        for slider in (self.you, self.bot):
            slider.style.description_width = "100px"
        self.setup = widgets.Dropdown(options=list(SETUPS), value=setup, description="set-up",
                                      tooltip="The set-up the match is played with")
        self.setup.add_class("circus-speed-setup")
        self.rounds = widgets.Dropdown(options=[("1 round", 1), ("3 rounds", 3), ("5 rounds", 5)], value=rounds,
                                       description="a match",
                                       tooltip="How many rounds make a match")
        self.rounds.add_class("circus-speed-rounds")
        self.result, self.message, self.sim_result, self.plot = _html_widgets(
            "circus-speed-race", "circus-message", "circus-speed-match", "circus-explorer-plot circus-speed-plot")
        self.simulate_button = button("Simulate matches", self.simulate, css_class="circus-speed-simulate-matches",
                                      tooltip=f"{matches} seeded matches at each speed ratio 1/8 to 8 (a few seconds)")
        self.simulate_button.layout.flex = "0 0 auto"
        for control in (self.you, self.bot, self.setup, self.rounds):
            control.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HTML("<b>Win a race, win a match: reaction rates</b>"),
                                    widgets.HBox([self.you, self.bot]), widgets.HBox([self.setup, self.rounds]),
                                    self.result, self.message, self.plot,
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

    def probability(self) -> sympy.Rational | None:
        """The exact P(you react first in one race), or None when a rate is 0."""
        if self.ratio is None:
            return None
        return race_probability(self.you.value, self.bot.value)

    def match_points(self) -> list[tuple[Fraction, Tally]]:
        """(ratio, who won the matches) for every speed ratio already simulated with the chosen set-up and rounds."""
        return sorted(self.simulated.get((self.setup.value, self.rounds.value), {}).items())

    # --- reacting to the controls -----------------------------------------------------------------------------
    def update(self) -> None:
        """Recompute the race (exact, microseconds), read the match simulations kept, and redraw the chart."""
        self._guarded(self._update)

    def _update(self) -> None:
        you, bot, ratio = self.you.value, self.bot.value, self.ratio
        rounds_words = f"{self.rounds.value} round{'s' if self.rounds.value > 1 else ''}"
        points = self.match_points()
        matches = f"{self.setup.value}, matches of {rounds_words} between first-card bots"
        p = self.probability()
        if ratio is None or p is None:
            who = "Both rates are" if not you and not bot else ("Your rate is" if not you else "The bot's rate is")
            self.say(f"{who} 0 moves per second: a player who never reacts never plays a card, so there is no race "
                     "to win (the formula would divide by zero or give a certain loss). Choose rates from 1 to 8.")
            self.result.value = f'<span style="color:{_QUIET}">P(you win a race): no race with a rate of 0</span>'
            shown = f"{len(points)} speed ratios simulated" if points else "none simulated yet"
            self.sim_result.value = f'<span style="color:{_QUIET}">{matches}: {shown}</span>'
            self._draw(self.chart(None, None, points), self.chart_words(None, None, points))
            return
        self.say("")

        def mean(rate: int) -> str:  # the mean reaction time, 1 / rate
            return _ratio_text(Fraction(1, rate))

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
        self._draw(self.chart(ratio, p, points), self.chart_words(ratio, p, points))

    def chart(self, ratio: Fraction | None, p: Any, points: Sequence[tuple[Fraction, Tally]]) -> str:
        """The chart as SVG: one race's exact chance r / (1 + r) against the speed ratio r (log scale), your rates
        on it, and the simulated matches' win rates with their 95% intervals."""
        low, high = 2 ** -3.2, 2 ** 3.2
        chart = Chart(700, 360, x_range=(low, high), y_range=(-0.02, 1.02), log_x=True, margins=(66, 34, 16, 46),
                      name="circus-speed-race-chart")
        chart.axes(xticks=[(float(r), _ratio_text(r)) for r in RATIO_GRID],
                   yticks=[(i / 5, f"{i / 5:.1f}") for i in range(6)],
                   xlabel="speed ratio: your rate / the bot's rate (log scale)", ylabel="P(you win)", grid="xy",
                   title="One race (exact) and a whole match (simulated)")
        chart.hline(0.5, colour=PALETTE["grey"], dash="2 3", css_class="circus-speed-even")
        curve = [2 ** (e / 20) for e in range(-60, 61)]
        chart.line(curve, [r / (1 + r) for r in curve], colour=PALETTE["blue"], width=2,
                   css_class="circus-speed-one-race")
        if points:
            xs = [float(r) for r, _ in points]
            for x, (_, matches) in zip(xs, points):
                lo, hi = matches.interval(0)
                chart.line([x, x], [lo, hi], colour=PALETTE["vermillion"], width=1.5,
                           css_class="circus-speed-match-interval")
            chart.line(xs, [t.share(0) for _, t in points], colour=PALETTE["vermillion"], width=1, dash="4 3",
                       marker="o", marker_size=6, css_class="circus-speed-match-point")
        if ratio is not None and p is not None:
            x = float(ratio)
            chart.line([x, x], [-0.02, 1.02], colour=INK, width=1, dash="2 3",  # the theme's ink
                       css_class="circus-speed-here")
            chart.line([x], [float(p)], colour=PALETTE["orange"], width=0, marker="D", marker_size=10,
                       css_class="circus-speed-you")
        chart.legend([Key("win one race: r / (1 + r), exact", colour=PALETTE["blue"], width=2),
                      Key("win the match, simulated (95% interval)", colour=PALETTE["vermillion"], dash="4 3",
                          marker="o"),
                      Key("your rates", colour=PALETTE["orange"], marker="D", marker_size=8, line=False)],
                     size=13, inside="upper left")
        return chart.svg(css_class="circus-speed-race-svg",
                         title="the exact chance of winning one race, and simulated matches, by speed ratio")

    def chart_words(self, ratio: Fraction | None, p: Any, points: Sequence[tuple[Fraction, Tally]]) -> str:
        """The chart in words: the race curve, your rates and the simulated matches."""
        lines = ["Chart: the chance of winning one race, r / (1 + r), against the speed ratio r from 1/8 to 8 "
                 "(log scale), exact."]
        if ratio is not None and p is not None:
            lines.append(f"Your rates: speed ratio {_ratio_text(ratio)}, P(you win a race) = {float(p):.4f}.")
        else:
            lines.append("A rate is 0: no race.")
        if points:
            lines.append("Matches won, simulated: " + ", ".join(
                f"ratio {_ratio_text(r)}: {t.share(0):.1%}" for r, t in points) + ".")
        return "\n".join(lines)

    def simulate(self) -> None:
        """Play the seeded matches for the chosen set-up and rounds at ratios 1/8 to 8 and at yours (kept for the
        session: a second time is instant), then redraw."""
        def work() -> None:
            ratios = list(RATIO_GRID)
            if self.ratio is not None and self.ratio not in ratios:
                ratios.append(self.ratio)
            setting = (self.setup.value, self.rounds.value)
            kept = self.simulated.setdefault(setting, {})
            for ratio in ratios:
                kept[Fraction(ratio)] = simulated_matches(self.setup.value, self.rounds.value, ratio, self.matches,
                                                          self.seed)
            self._update()
        self._guarded(work)
