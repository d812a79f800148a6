"""The Flip Circus explorers: controls, the exact values, and a chart redrawn in place.

``RingExplorer`` is a ring the student edits by clicking (each place's visible face, the backs already seen): the
exact chance of every hidden back as stacked bars, what a look at each place is worth in bits, and the best first
move. Its numbers come from ``odds`` (``RingOdds``, ``best_plans``, ``ring_problem``); its chart is the kit's SVG
(``core.figures.Chart``), written anew in one HTML output at each edit.
"""
from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from ..core.args import items, seed_arg, whole
from ..core.figures import INK, PAPER_INK, Chart
from ..core.svg import MIN_TEXT, PIECE, Key, Picture, svg_text, theme_style
from ..core.ui import Shown, all_or_nothing, button
from .odds import Bits, RingOdds, best_plans, likeliest_turn, ring_problem
from .rules import (
    ARTISTS,
    KIT_OPTIONS,
    SIZE,
    FlipCircusState,
    PlayerView,
    name,
    new_game,
    places_text,
    short_name,
    trios,
)

__all__ = ["RingExplorer"]

TEXT = "var(--jp-ui-font-color1, #222222)"
MUTED = "var(--jp-ui-font-color2, #555555)"
ERROR = "var(--jp-error-color1, #c62828)"
# Okabe and Ito's colour-blind-safe palette; each artist's part of a bar also carries its initials, so colour is
# never the only sign
ARTIST_COLOURS = {"Clown": "#E69F00", "Acrobate": "#56B4E9", "Magicien": "#CC79A7", "Voyante": "#009E73",
                  "Muscles": "#D55E00", "Dresseuse": "#F0E442"}
INITIALS = {"Clown": "Cl", "Acrobate": "Ac", "Magicien": "Ma", "Voyante": "Vo", "Muscles": "Mu", "Dresseuse": "Dr"}
LOOK_BLUE = "#0072B2"
UNSEEN = "not seen"
SEARCH_NOTE = ("the kit's search of this turn, restricted to its 2 actions with no Applause spent and every poster "
               "free, so that it answers within 100 ms; each ring is searched once and kept")
# the places of the ring of buttons on a 4 x 5 grid (row, column), clockwise from place 0 at the top
RING_GRID = ((1, 3), (1, 4), (2, 5), (3, 5), (4, 4), (4, 3), (4, 2), (3, 1), (2, 1), (1, 2))
# the chart: one picture of two panels, the chances above and the looks below, on the same places; the right margin
# holds a legend of 13 px lines, the looks' bottom margin two lines of place names under the plot
WIDTH, BACKS_HEIGHT, LOOKS_HEIGHT = 700, 250, 214
MARGINS = (60, 30, 185, 30)
LOOKS_MARGINS = (60, 30, 185, 60)


def _exact(p: Fraction | Bits) -> str:
    """An exact value in bold, then its decimal to 4 places (= when the decimal is exact, ≈ otherwise)."""
    exact = not isinstance(p, Bits) or not p.logs
    value = p if not isinstance(p, Bits) else p.constant
    sign = "=" if exact and (value * 10_000).denominator == 1 else "≈"
    return f"<b>{svg_text(p)}</b>&nbsp;{sign}&nbsp;{float(p):.4f}"


def _chances_text(chances: dict) -> str:
    """The artists that may be behind a token, those with the same chance together, the likeliest first:
    "Magicien 1/2 = 0.5000; Voyante, Dresseuse, Muscles 1/6 ≈ 0.1667 each"."""
    groups: dict = {}
    for artist, p in chances.items():
        groups.setdefault(p, []).append(short_name(artist))
    return "; ".join(f"{svg_text(', '.join(names))} {_exact(p)}{' each' if len(names) > 1 else ''}"
                     for p, names in sorted(groups.items(), key=lambda g: -g[0]))


def _chances_words(chances: dict) -> str:
    return ", ".join(f"{name(artist)} {p}" for artist, p in sorted(chances.items(), key=lambda item: -item[1]))


def ring_chart(odds: RingOdds) -> Picture:
    """The explorer's chart of a ring: above, each place's stacked bar of the chances of the artists behind it
    (a back already seen: one bar, boxed); below, what a look at each place is worth in bits (the look worth most
    hatched). The kit's SVG, with the same numbers in words."""
    return Picture.of(_backs_chart(odds) + _looks_chart(odds), _chart_words(odds))


def _place_ticks() -> list[tuple[float, str]]:
    return [(i, str(i)) for i in range(SIZE)]


def _backs_chart(odds: RingOdds) -> str:
    chart = Chart(WIDTH, BACKS_HEIGHT, x_range=(-0.6, SIZE - 0.4), y_range=(0, 1.12), margins=MARGINS,
                  name="circus-ring-backs-chart")
    chart.axes(xticks=_place_ticks(), yticks=[(v, f"{v:g}") for v in (0, 0.25, 0.5, 0.75, 1)], xlabel="",
               ylabel="P(back = artist)", title="What could be behind each token: exact chances of the artists")
    half = 0.39
    for i in range(SIZE):
        left, right = chart.x(i - half), chart.x(i + half)
        bottom = 0.0
        boxes, letters = [], []
        for artist in ARTISTS:
            p = float(odds.chances[i].get(artist, 0))
            if not p:
                continue
            top, base = chart.y(bottom + p), chart.y(bottom)
            what = svg_text(f"place {i}: {name(artist)} {odds.chances[i][artist]}")  # its words, on hover
            boxes.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" height="{base - top:.1f}" '
                         f'fill="{ARTIST_COLOURS[artist]}"><title>{what}</title></rect>')
            if base - top >= MIN_TEXT + 2:  # room for the initials: each part of a bar says its artist
                letters.append(f'<text x="{(left + right) / 2:.1f}" y="{(top + base) / 2 + 4.5:.1f}" '
                               f'font-size="{MIN_TEXT:g}" '
                               f'text-anchor="middle" font-family="sans-serif" fill="{PAPER_INK}">'
                               f'{INITIALS[artist]}</text>')
            bottom += p
        chart.parts.append(f'<g class="{PIECE} circus-ring-bar circus-ring-bar-{i}" stroke="{INK}" '
                           f'stroke-width="0.6">{"".join(boxes)}{"".join(letters)}</g>')
        if odds.backs[i] is not None:
            chart.parts.append(f'<rect class="circus-ring-seen" x="{left - 1:.1f}" y="{chart.y(1) - 1:.1f}" '
                               f'width="{right - left + 2:.1f}" height="{chart.y(0) - chart.y(1) + 2:.1f}" '
                               f'fill="none" stroke="{INK}" stroke-width="2.2"/>')
            chart.parts.append(f'<text x="{chart.x(i):.1f}" y="{chart.y(1) - 5:.1f}" font-size="{MIN_TEXT:g}" '
                               'font-weight="bold" '
                               f'text-anchor="middle" font-family="sans-serif" fill="{INK}">seen</text>')
    chart.legend([Key(f"{short_name(a)} ({INITIALS[a]})", colour=ARTIST_COLOURS[a], box=True) for a in ARTISTS]
                 + [Key("back already seen", colour="none", box=True)])
    return chart.svg(css_class="circus-ring-backs", title="the exact chance of each artist behind each place")


def _looks_chart(odds: RingOdds) -> str:
    top = max([2.5] + [float(v) + 0.25 for v in odds.looks.values()])
    chart = Chart(WIDTH, LOOKS_HEIGHT, x_range=(-0.6, SIZE - 0.4), y_range=(0, top), margins=LOOKS_MARGINS,
                  name="circus-ring-looks-chart")
    # the place, and under it the face's initials (the chances' legend above names them): a whole name is wider
    # than a place's column at 13 px
    faces = [(i, f"{i}\n{INITIALS[odds.faces[i]]}") for i in range(SIZE)]
    chart.axes(xticks=faces, yticks=[(v, f"{v:g}") for v in (0, 0.5, 1, 1.5, 2, 2.5) if v <= top],
               xlabel="place on the ring, and the face it shows", ylabel="bits",
               title="What a look at each place is worth: the entropy of its back")
    plain = [i for i in odds.looks if i != odds.best_look]
    chart.bars(plain, [float(odds.looks[i]) for i in plain], width=0.6, fill=LOOK_BLUE, css_class="circus-ring-look")
    if odds.best_look is not None:
        best = odds.best_look
        chart.bars([best], [float(odds.looks[best])], width=0.6, fill="#ffffff", hatch=True,
                   css_class="circus-ring-best-bar")
    for i in range(SIZE):
        value = odds.looks.get(i)
        words, height = ("seen", 0.08) if value is None else (f"{float(value):.2f}", float(value) + 0.08)
        chart.parts.append(f'<text x="{chart.x(i):.1f}" y="{chart.y(height) - 2:.1f}" font-size="{MIN_TEXT:g}" '
                           f'text-anchor="middle" font-family="sans-serif" fill="{INK}">{words}</text>')
    chart.legend([Key("a look (bits)", colour=LOOK_BLUE, box=True),
                  Key("the look worth most", colour="#ffffff", box=True, hatch=True)])
    return chart.svg(css_class="circus-ring-looks", title="what a look at each place is worth, in bits")


def _chart_words(odds: RingOdds) -> str:
    lines = ["What could be behind each token, place by place (exact chances):"]
    for i in range(SIZE):
        if odds.backs[i] is not None:
            lines.append(f"place {i}, {name(odds.faces[i])}: back seen, {name(odds.backs[i])}")
        else:
            lines.append(f"place {i}, {name(odds.faces[i])}: {_chances_words(odds.chances[i])}; a look is worth "
                         f"{odds.looks[i]} bits (about {float(odds.looks[i]):.2f})")
    lines.append("Every back is seen." if odds.best_look is None else
                 f"The look worth most is behind place {odds.best_look}.")
    return "\n".join(lines)


class RingExplorer(Shown):
    """A ring the student edits by clicking: pick a place on the ring of buttons, then click its visible face and
    the back you have already seen there (or "not seen"). For the ring as edited it shows, exactly, the deals that
    fit, the chance of every artist behind every hidden back (fractions and decimals, and as stacked bars), what a
    look at each place is worth in bits (the entropy of its back, as in section 3), the look worth most, and the
    best first move from the kit's search (this turn's 2 actions, no Applause spent: it answers within 100 ms).

    A ring no deal of the token set can show (four Acrobate faces, a Magicien marked behind a Magicien, two places
    marked as the same token, ...) is refused in the message line with the reason; the numbers stay those of the
    last possible ring until the ring is possible again.
    """

    def __init__(self, faces: Sequence[str] | None = None, seen: dict | None = None, *, place: int = 0,
                 seed: int = 1) -> None:
        import ipywidgets as widgets
        from ipywidgets.widgets.widget_string import HTMLStyle  # not exported at the package's top level

        self.options = KIT_OPTIONS
        faces = _faces_arg(faces)
        backs = _seen_arg(seen)
        problem = ring_problem(faces, backs, self.options.tokens)
        if problem:
            raise ValueError(f"the explorer starts from a possible ring: {problem}")
        whole(place, "the place picked first", 0, SIZE - 1)
        self.rng = random.Random(seed_arg(seed))
        self.ring_faces, self.ring_backs = list(faces), list(backs)
        self.selected = place
        self.odds: RingOdds | None = None  # the last possible ring's numbers
        self._odds_cache: OrderedDict = OrderedDict()
        self._syncing = False

        self.places = []
        look = widgets.ButtonStyle()  # one style for the ten place buttons (one widget model, not ten)
        for i, (row, column) in enumerate(RING_GRID):
            # (JupyterLab's widgets place a grid item by its grid_area; they ignore grid_row and grid_column)
            spot = widgets.Layout(width="auto", grid_area=f"{row} / {column} / {row + 1} / {column + 1}")
            # made with the words _show_ring gives it: one message less per word set afterwards
            label, tip = self._place_words(i)
            b = button(label, partial(self.select, i), css_class=f"circus-ring-place-{i}", tooltip=tip,
                       style="info" if i == place else "", shared=(spot, look))
            b.add_class("circus-ring-place")
            self.places.append(b)
        # classes, layouts and styles given when a widget is made travel with its comm_open; set afterwards, each
        # is one more message for the kernel and the server
        self.centre = widgets.HTML(layout=widgets.Layout(grid_area="2 / 2 / 4 / 5"),
                                   _dom_classes=("circus-ring-centre",))
        self.ring = widgets.GridBox(self.places + [self.centre], layout=widgets.Layout(
            # columns as wide as 172 px where the page has room, narrower where it has not (a small screen, a page
            # zoomed for the back of the room): the ring keeps its shape and no place's name is cut
            grid_template_columns="repeat(5, minmax(0, 172px))", grid_template_rows="repeat(4, minmax(34px, auto))",
            grid_gap="4px", max_width="100%"),
            _dom_classes=("circus-ring-buttons",))
        options = [(short_name(a), a) for a in ARTISTS]
        self.face = widgets.ToggleButtons(options=options, value=faces[place],
                                          tooltips=[f"place shows {name(a)}" for a in ARTISTS],
                                          style={"button_width": "88px"}, tooltip="The face the picked place shows",
                                          _dom_classes=("circus-ring-face",))
        self.back = widgets.ToggleButtons(options=[(UNSEEN, UNSEEN)] + options, value=backs[place] or UNSEEN,
                                          tooltips=["nobody has shown you this back"]
                                          + [f"you have seen {name(a)} behind it" for a in ARTISTS],
                                          style={"button_width": "88px"},
                                          tooltip="The back you have seen at the picked place",
                                          _dom_classes=("circus-ring-back",))
        label_width = widgets.Layout(width="190px")
        self.face_label, self.back_label = widgets.HTML(layout=label_width), widgets.HTML(layout=label_width)
        self.deal_button = button("Deal a new ring", self.deal, css_class="circus-ring-deal",
                                  tooltip="a random deal of the set-up: Clowns at the even places, no back seen")
        self.forget_button = button("Forget every back seen", self.forget, css_class="circus-ring-forget",
                                    name="Forget every back seen: only the faces are known")
        # the four lines of text share one layout and one style (one widget model each, not three)
        text_layout, text_style = widgets.Layout(), HTMLStyle()
        self.message, self.result, self.best, self.plot = (
            widgets.HTML(layout=text_layout, style=text_style, _dom_classes=classes) for classes in
            [("circus-message",), ("circus-ring-odds",), ("circus-ring-best",),
             ("circus-explorer-plot", "circus-ring-plot")])
        self.face.observe(self._face_changed, names="value")
        self.back.observe(self._back_changed, names="value")
        title = widgets.HTML(f"{theme_style()}<b style='color:{TEXT}'>Ring explorer: what could be behind each "
                             f"token?</b> <span style='color:{MUTED}'>Click a place on the ring, then its visible "
                             f"face and the back you have seen there.</span>")
        self.widget = widgets.VBox([
            title, self.ring,
            widgets.HBox([self.face_label, self.face]), widgets.HBox([self.back_label, self.back]),
            widgets.HBox([self.deal_button, self.forget_button]),
            self.message, self.result, self.best, self.plot], _dom_classes=("circus-ring-explorer",))
        self._show_ring()
        self.update()

    # --- reading the ring ------------------------------------------------------------------------------------
    @property
    def faces(self) -> tuple:
        """The visible faces as edited, place by place."""
        return tuple(self.ring_faces)

    @property
    def backs(self) -> tuple:
        """The backs marked as seen, place by place (None where unseen)."""
        return tuple(self.ring_backs)

    @property
    def picture(self) -> Picture | None:
        """The chart now shown (of the last possible ring), with its words; None before any."""
        return None if self.odds is None else ring_chart(self.odds)

    # --- editing -------------------------------------------------------------------------------------------
    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def select(self, place: int) -> None:
        """Pick a place: the face and back buttons now edit it."""
        self.selected = whole(place, "place", 0, SIZE - 1)
        self._syncing = True
        try:
            self.face.value = self.ring_faces[place]
            self.back.value = self.ring_backs[place] or UNSEEN
        finally:
            self._syncing = False
        self._show_ring()

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def set_face(self, place: int, artist: str) -> None:
        """Show ``artist`` at ``place`` (as a click on the place, then on the face, would)."""
        self.select(place)
        self.face.value = _artist(artist, f"place {place}")

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def set_back(self, place: int, artist: str | None) -> None:
        """Mark ``artist`` as seen behind ``place`` (None: not seen)."""
        self.select(place)
        self.back.value = UNSEEN if artist is None else _artist(artist, f"the back seen at place {place}")

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def deal(self) -> None:
        """A new random ring as the set-up deals it (seeded), with no back seen."""
        self.load(new_game(self.options, rng=self.rng).faces)

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def load(self, faces: Sequence[str], seen: dict | None = None) -> None:
        """Show another ring at once: its ten visible faces and the backs seen ({place: artist}). A ring no deal
        can show is refused in the message line, like an edit."""
        faces, backs = _faces_arg(faces), _seen_arg(seen)
        self.ring_faces, self.ring_backs = list(faces), list(backs)
        self.select(self.selected)
        self.update()

    @classmethod
    def of(cls, state: FlipCircusState | PlayerView, player: int | None = None, **options: Any) -> RingExplorer:
        """The ring as one player sees it in a game: its faces and the backs that player has seen."""
        if isinstance(state, FlipCircusState):
            state = state.view(state.player if player is None else player)
        elif not isinstance(state, PlayerView):
            raise TypeError(f"give a Flip Circus state or a player's view, not {type(state).__name__}")
        if state.options.tokens != KIT_OPTIONS.tokens:
            raise ValueError("the explorer counts deals of the kit's token set; this game uses another one")
        return cls(state.faces, {i: b for i, b in enumerate(state.backs) if b is not None}, **options)

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def forget(self) -> None:
        """Forget every back marked as seen."""
        self.ring_backs = [None] * SIZE
        self.select(self.selected)
        self.update()

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def _face_changed(self, change: dict) -> None:
        if not self._syncing:
            self.ring_faces[self.selected] = change["new"]
            self._show_ring()
            self.update()

    @all_or_nothing("ring_faces", "ring_backs", "selected", "odds")
    def _back_changed(self, change: dict) -> None:
        if not self._syncing:
            self.ring_backs[self.selected] = None if change["new"] == UNSEEN else change["new"]
            self._show_ring()
            self.update()

    def _undone(self) -> None:
        """After a stopped click: the ring before it, and the face and back buttons on the place picked."""
        self._syncing = True
        try:
            self.face.value = self.ring_faces[self.selected]
            self.back.value = self.ring_backs[self.selected] or UNSEEN
        finally:
            self._syncing = False
        self._show_ring()
        self.update()

    # --- showing -------------------------------------------------------------------------------------------
    def say(self, text: str, *, error: bool = True) -> None:
        """A sentence in the message line (a refusal: ✘, bold, the theme's error colour), or "" to clear it."""
        if not text:
            self.message.value = ""
        elif error:
            self.message.value = (f'<span class="circus-explorer-error" style="color:{ERROR};font-weight:bold">'
                                  f'✘ {svg_text(text)}</span>')
        else:
            self.message.value = f'<span style="color:{TEXT}">{svg_text(text)}</span>'

    def _place_words(self, i: int) -> tuple[str, str]:
        """The label and the tooltip of place i's button: the face it shows, and the back seen there."""
        face, back = self.ring_faces[i], self.ring_backs[i]
        label = f"{i}: {short_name(face)}" + (f" ({short_name(back)})" if back else "")
        tip = f"place {i} shows {name(face)}; " + (f"you have seen {name(back)} behind it" if back
                                                    else "its back is unseen") + " (click to edit)"
        return label, tip

    def _show_ring(self) -> None:
        for i, b in enumerate(self.places):
            b.description, b.tooltip = self._place_words(i)
            b.button_style = "info" if i == self.selected else ""
        i = self.selected
        back = self.ring_backs[i]
        self.centre.value = (f"<div style='color:{TEXT};text-align:center;padding-top:8px'><b>place {i}</b> "
                             f"is picked<br><span style='color:{MUTED}'>{svg_text(name(self.ring_faces[i]))}, "
                             f"{'back seen: ' + svg_text(name(back)) if back else 'back not seen'}</span></div>")
        self.face_label.value = f"<span style='color:{TEXT}'>visible face of place <b>{i}</b>:</span>"
        self.back_label.value = f"<span style='color:{TEXT}'>back seen at place <b>{i}</b>:</span>"

    def update(self) -> None:
        """Check the ring, then show its exact odds, its best look and first move, and redraw the chart."""
        try:
            self._update()
        except Exception as error:  # never a traceback in the notebook: the explorer stays usable
            self.say(f"That ring could not be shown: {error}")

    def _odds_of(self, faces: tuple, backs: tuple) -> RingOdds:
        key = (faces, backs)
        odds = self._odds_cache.get(key)
        if odds is None:
            odds = self._odds_cache[key] = RingOdds.of(faces, backs, self.options)
            if len(self._odds_cache) > 512:
                self._odds_cache.popitem(last=False)
        else:
            self._odds_cache.move_to_end(key)
        return odds

    def _update(self) -> None:
        faces, backs = self.faces, self.backs
        problem = ring_problem(faces, backs, self.options.tokens)
        if problem:
            kept = " The numbers below are still those of the last possible ring." if self.odds else ""
            self.say(problem + kept)
            return
        odds = self._odds_of(faces, backs)
        self.odds = odds
        self.say("")
        self.result.value = self._odds_html(odds)
        self.best.value = self._best_html(odds)
        self.plot.value = ring_chart(odds)._repr_html_()

    def _odds_html(self, odds: RingOdds) -> str:
        rows = []
        for i in range(SIZE):
            back = odds.backs[i]
            if back is not None:
                behind = f"<b>{svg_text(name(back))}</b> (seen)"
                worth = "seen"
            else:
                behind = _chances_text(odds.chances[i])
                worth = _exact(odds.looks[i])
                if i == odds.best_look:
                    worth += " ◀ most"
            rows.append(f"<tr class='circus-ring-row-{i}'><td>{i}</td><td>{svg_text(name(odds.faces[i]))}</td>"
                        f"<td>{behind}</td><td>{worth}</td></tr>")
        deals = f"{odds.deals:,} deal{'s' if odds.deals != 1 else ''}"
        summary = (f"<span class='circus-ring-deals'><b>{deals}</b></span> of the ten tokens fit this ring, all "
                   f"equally likely; your uncertainty about the hidden backs: "
                   f"<span class='circus-ring-uncertainty'>{_exact(odds.uncertainty)} bits</span>.")
        if odds.best_look is None:
            advice = "Every back is seen: a look would tell you nothing."
        else:
            value = odds.looks[odds.best_look]
            advice = (f"The look worth most: <span class='circus-ring-best-look'>behind place <b>{odds.best_look}"
                      f"</b>, worth {_exact(value)} bits</span> (on average it lowers your uncertainty by that "
                      f"much).")
        return (f"<div style='color:{TEXT}'><style>.circus-ring-table td, .circus-ring-table th {{padding: 1px 8px; "
                f"text-align: left; color: {TEXT}}}</style><p style='margin:2px 0'>{summary}</p>"
                f"<table class='circus-ring-table'><tr><th>place</th><th>shows</th><th>behind it: exact chance "
                f"≈ decimal</th><th>a look is worth (bits)</th></tr>{''.join(rows)}</table>"
                f"<p style='margin:2px 0'>{advice}</p></div>")

    def _best_html(self, odds: RingOdds) -> str:
        note = f"<span style='color:{MUTED}'>({SEARCH_NOTE}.)</span>"
        found = trios(odds.faces)
        if found:
            middle, artist = found[0]
            places = places_text([(middle - 1) % SIZE, middle, (middle + 1) % SIZE])
            text = (f"Three {name(artist)} faces side by side at places {places}: in a game that poster would "
                    f"already be taken (and the middle token flipped), so there is no first move to search for.")
            return f"<div style='color:{TEXT}'><b>Best first move:</b> {svg_text(text)}</div>"
        plans = best_plans(odds.faces, odds.backs)
        best = likeliest_turn(plans)
        if best is None:
            text = "no plan of two actions can take a poster from this ring"
            if odds.best_look is not None:
                text += f"; with an Applause, a look at place {odds.best_look} tells you most"
            return f"<div style='color:{TEXT}'><b>Best first move:</b> {svg_text(text)}. {note}</div>"
        sure = sum(t.probability == 1 for t in plans)
        p = Fraction(int(best.probability.p), int(best.probability.q))
        count = (f"{len(plans)} plan{'s' if len(plans) != 1 else ''} can take a poster, "
                 f"{'none' if not sure else sure} of {'them' if len(plans) != 1 else 'it'} surely")
        return (f"<div style='color:{TEXT}'><b>Best first move:</b> <span class='circus-ring-move'><b>"
                f"{svg_text(best.moves[0])}</b></span>, the start of the likeliest plan "
                f"({svg_text(', '.join(map(str, best.moves)))}), which takes a poster with chance "
                f"<span class='circus-ring-plan-chance'>{_exact(p)}</span>; {count}. {note}</div>")


# the lesson's dealt ring of section 2: Clowns at the even places, the rosace tokens all turned one way
DEALT_FACES = ("Clown", "Acrobate", "Clown", "Magicien", "Clown", "Voyante", "Clown", "Muscles", "Clown", "Dresseuse")


def _faces_arg(faces: Any) -> tuple:
    if faces is None:
        return DEALT_FACES
    if isinstance(faces, str):
        raise TypeError("give the ten visible faces as a list of artists, for example state.faces")
    faces = items(faces, "faces")
    if len(faces) != SIZE:
        raise ValueError(f"a ring has {SIZE} places, so give {SIZE} visible faces, not {len(faces)}")
    return tuple(_artist(f, f"place {i}") for i, f in enumerate(faces))


def _artist(value: Any, where: str) -> str:
    """An artist as a student may name it (any case; Muscles or Monsieur Muscles), as the kit writes it."""
    if isinstance(value, str):
        for artist in ARTISTS:
            if value.strip().lower() in (artist.lower(), name(artist).lower()):
                return artist
    raise ValueError(f"{where}: {value!r} is not an artist; the artists are {', '.join(map(name, ARTISTS))}")


def _seen_arg(seen: Any) -> tuple:
    backs: list = [None] * SIZE
    if seen is None:
        return tuple(backs)
    if not isinstance(seen, dict):
        raise TypeError("give the backs already seen as a dict {place: artist}, for example {0: 'Acrobate'}")
    for place, artist in seen.items():
        whole(place, "a place of the ring", 0, SIZE - 1)
        backs[place] = _artist(artist, f"the back seen at place {place}")
    return tuple(backs)
