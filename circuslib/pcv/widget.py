"""The PCV front end: a dogfight on the hex map against a bot or hot-seat, and two explorers with live plots.

A thin layer over ``rules`` (the moves), ``odds`` (the numbers shown before each roll), ``graphs`` (the hexes the
plane can reach) and ``bots`` (the opponent). ``OddsExplorer`` moves the range and the altitudes of one shot;
``DiceExplorer`` edits the die itself (which faces damage, which destroy) and recomputes the damage chain.
"""
from __future__ import annotations

import html
import random
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.exact import AbsorbingChain
from ..core.game import CHANCE
from ..core.svg import svg_die, svg_doc
from ..core.ui import Framed, GameFrame, Plotted, Shown, button, png_of
from .bots import PILOTS
from .graphs import firing_positions, reachable_svg
from .odds import DAMAGED, DESTROYED, INTACT, destroy_chances, destroy_probability, shot_odds
from .rules import MAX_LEVEL, Dogfight, Rules, Scenario, board_svg, effective_range, hit_faces
from .rules import scenario as load_scenario

__all__ = ["DogfightWidget", "OddsExplorer", "DiceExplorer", "destroy_curve_svg"]


def _esc(text: object) -> str:
    return html.escape(str(text))


class DogfightWidget(Framed):
    """Play a scenario: manoeuvre buttons (legal ones only), speed change, fire with the odds shown before the
    roll and the die after, a move log; ``opponent`` is a bot name ("greedy", "cautious", "random"), a policy,
    or None for two students hot-seat."""

    def __init__(self, scenario: Scenario | str = "duel", *, rng: random.Random, opponent: str | Callable | None = "greedy",
                 rules: Rules = Rules(), human_side: int = 0) -> None:
        if not isinstance(rng, random.Random):
            raise TypeError("pass a seeded random generator, for example DogfightWidget(rng=random.Random(1))")
        self.scenario = load_scenario(scenario) if isinstance(scenario, str) else scenario
        if isinstance(opponent, str):
            if opponent not in PILOTS:
                raise ValueError(f"the opponent is one of {', '.join(PILOTS)} or None (hot-seat), not {opponent!r}")
            opponent = PILOTS[opponent]
        self.opponent = opponent
        self.human_side = human_side
        self.rng = rng
        self.rules = rules
        names = self.scenario.side_names
        who = "hot-seat" if opponent is None else f"you fly {names[human_side]} against the {opponent.__name__.replace('_', ' ')}"
        self.frame = GameFrame(f"Le Petit Cirque Volant: {self.scenario.name} ({who})", odds_visible=True)
        self.frame.widget.add_class("circus-pcv")
        self.new_game()

    # --- what a notebook shows -----------------------------------------------------------------------------
    # --- actions -----------------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start the scenario again."""
        self.state = self.scenario.start(self.rules)
        self.frame.lines.clear()
        self.frame.log(f"{self.scenario.name}: {self.scenario.objective.describe(self.scenario.side_names)}")
        self.frame.say("")
        self._bots_play()
        self._refresh()

    def play(self, move) -> bool:
        """Play a student's move (what each button does); an illegal move is explained and changes nothing."""
        before, after = self.state, self.frame.play_or_explain(self.state, move)
        if after is None:
            return False
        self.state = after
        self._log(before, move)
        self.frame.say(self.state.note)
        self._bots_play()
        self._refresh()
        return True

    def roll(self) -> None:
        """Roll the die for the pending shot."""
        if self.state.current_player != CHANCE:
            self.frame.say("There is no shot waiting for the die.", error=True)
            return
        face = self._sample()
        self.play(face)

    def _sample(self) -> int:
        from ..core.game import sample_outcome

        return sample_outcome(self.state.chance_outcomes(), self.rng)

    def _is_bot(self, side: int) -> bool:
        return self.opponent is not None and side != self.human_side

    def _bots_play(self) -> None:
        guard = 0
        while not self.state.is_over() and guard < 500:
            player = self.state.current_player
            if player == CHANCE:
                if not self._is_bot(self.state.side):
                    return  # a student rolls their own die
                move = self._sample()
            elif self._is_bot(player):
                move = self.opponent(self.state, self.rng)
            else:
                return
            before = self.state
            self.state = self.state.play(move)
            self._log(before, move)
            guard += 1
        if self.state.is_over():
            self.frame.say(self.state.note.split(". ")[-1])

    def _log(self, before: Dogfight, move) -> None:
        side = self.scenario.side_names[before.side]
        if before.phase in ("pick-move", "pick-fire"):
            self.frame.log(f"{side}: {move}")
        elif before.phase == "roll":
            target = before.planes[before.target]
            after = self.state.planes[before.target]
            result = "destroyed" if not after.flying else "damaged" if after.damaged and not target.damaged else "miss"
            self.frame.log(f"{side}: {before.plane.name} rolls {move} at {target.name}: {result}")
        elif before.phase == "move":
            self.frame.log(f"{side}: {before.plane.name} {move}" + (f" ({self.state.note.split(': ', 1)[-1]})"
                                                                  if not self.state.planes[before.active].flying else ""))
        else:
            self.frame.log(f"{side}: {before.plane.name} {move}")
        if self.state.is_over():
            self.frame.log(self.state.note.split(". ")[-1])

    # --- drawing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        s = self.state
        picture = reachable_svg(s) if s.phase == "move" else board_svg(s)
        die = ""
        if s.last_roll:
            die = svg_doc(70, 70, svg_die(s.last_roll, x=10, y=10, size=50, highlight=s.last_roll == 6),
                          css_class="circus-svg circus-pcv-die")
        self.frame.show_board(f'<div style="display:flex;align-items:flex-start;gap:12px">{picture}{die}</div>')
        self.frame.set_controls(self._controls())
        self.frame.show_odds(self._odds_html())
        if not s.is_over() and not self.frame.error_shown:
            self.frame.say(self._prompt())

    def _prompt(self) -> str:
        s = self.state
        if s.phase in ("pick-move", "pick-fire"):
            what = "move" if s.phase == "pick-move" else "fire"
            return f"Choose which of your planes will {what} next."
        if s.phase == "move":
            return f"{s.plane.name}: {s.mp_left} movement point(s) left; choose a manoeuvre (shaded: where it can end)."
        if s.phase == "speed":
            return f"{s.plane.name} has spent its points: change its speed (now {s.plane.speed}) by -1, 0 or +1."
        if s.phase == "fire":
            return f"{s.plane.name} has an enemy in its line: choose the target (odds on the right)."
        if s.phase == "roll":
            return f"{s.plane.name} fires at {s.planes[s.target].name}: roll the die."
        return s.note

    def _controls(self) -> list:
        s = self.state
        make = self.frame.move_button  # made anew at each position, closed when the next one replaces them
        controls = []
        if s.phase in ("pick-move", "pick-fire"):
            for pick in s.legal_moves():
                controls.append(make(str(pick), lambda p=pick: self.play(p), css_class="circus-pick",
                                     tooltip=f"{pick.plane} {'moves' if s.phase == 'pick-move' else 'fires'} next"))
        elif s.phase == "move":
            for m in s.legal_moves():
                controls.append(make(f"{m} ({m.cost})", lambda m=m: self.play(m), css_class="circus-manoeuvre",
                                     tooltip=f"{m}: costs {m.cost} movement point(s)"))
        elif s.phase == "speed":
            for change in s.legal_moves():
                new = s.plane.speed + change.delta
                label = f"{change} → {new}" + (" (stalls!)" if new == 0 else "")
                controls.append(make(label, lambda c=change: self.play(c), css_class="circus-speed"))
        elif s.phase == "fire":
            for fire in s.legal_moves():
                target = s.plane_named(fire.target)
                hexes, diff = s.shot(s.active, s.planes.index(target))
                odds = shot_odds(hexes, diff)
                kill = odds["destroy"] + (odds["damage"] if target.damaged else 0)
                controls.append(make(f"{fire} (destroy {kill})", lambda f=fire: self.play(f), css_class="circus-fire",
                                     style="danger"))
        elif s.phase == "roll":
            controls.append(make("Roll the die", self.roll, css_class="circus-roll", style="primary"))
        controls.append(make("New game", self.new_game, css_class="circus-new"))
        return controls

    def _odds_html(self) -> str:
        s = self.state
        if s.is_over():
            return "<b>Game over.</b>"
        if s.phase == "pick-move":
            return "<b>Your side chooses the order</b>: " + ", ".join(_esc(p.plane) for p in s.legal_moves())
        if s.phase == "pick-fire":
            chances = destroy_chances(s)
            turn = "".join(f"<li>{_esc(n)}: {p}</li>" for n, p in chances.items())
            return (f"<b>Planes with a target</b>: {', '.join(_esc(p.plane) for p in s.legal_moves())}"
                    f"<br><b>Chance each enemy is destroyed this turn</b> (in the listed order, nearest target):"
                    f"<ul>{turn}</ul>")
        if s.phase in ("fire", "roll"):
            target = s.planes[s.target] if s.phase == "roll" else s.plane_named(s.legal_moves()[0].target)
            hexes, diff = s.shot(s.active, s.planes.index(target))
            odds = shot_odds(hexes, diff)
            rows = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in odds.items())
            note = " (already damaged: any hit destroys it)" if target.damaged else ""
            chances = destroy_chances(s)
            turn = "".join(f"<li>{_esc(n)}: {p}</li>" for n, p in chances.items())
            return (f"<b>Shot at {_esc(target.name)}</b>: {hexes} hex(es) ahead, {abs(diff)} level(s) apart{note}"
                    f"<table class='circus-shot-odds'>{rows}</table>"
                    f"<b>Chance each enemy is destroyed this turn</b> (nearest target):<ul>{turn}</ul>")
        if s.phase == "move":
            spots = firing_positions(s)
            if not spots:
                return f"<b>{_esc(s.plane.name)}</b>: no end position puts an enemy in reach this turn."
            best = max(v["destroy"] for v in spots.values())
            return (f"<b>{_esc(s.plane.name)}</b>: {len(spots)} end position(s) give a shot (dark orange); "
                    f"the best destroys with probability <span class='circus-best'>{best}</span>.")
        return f"<b>{_esc(s.plane.name)}</b>: speed {s.plane.speed}; speed 0 stalls the plane."


# ---------------------------------------------------------------------------------------------------------
# the odds explorer


def destroy_curve_svg(hexes: int, alt_diff: int = 0, max_shots: int = 12, *, width: float = 360,
                      height: float = 200) -> str:
    """P(destroyed within n shots) for n = 0..max_shots, intact (red) and already damaged (grey), as SVG."""
    left, bottom, top, right = 40, height - 30, 12, width - 12

    def point(i: int, value) -> str:
        x = left + (right - left) * i / max_shots
        y = bottom - (bottom - top) * float(value)
        return f"{x:.1f},{y:.1f}"

    parts = [f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#555"/>',
             f'<line x1="{left}" y1="{bottom}" x2="{left}" y2="{top}" stroke="#555"/>']
    for level in (0, 0.5, 1):
        y = bottom - (bottom - top) * level
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="10" text-anchor="end" font-family="sans-serif">{level:g}</text>')
    for i in range(0, max_shots + 1, max(1, max_shots // 6)):
        x = left + (right - left) * i / max_shots
        parts.append(f'<text x="{x:.1f}" y="{bottom + 14}" font-size="10" text-anchor="middle" font-family="sans-serif">{i}</text>')
    for damaged, color in ((True, "#969696"), (False, "#d7301f")):
        values = [destroy_probability(i, hexes, alt_diff, damaged) for i in range(max_shots + 1)]
        points = " ".join(point(i, v) for i, v in enumerate(values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2"/>')
    parts.append(f'<text x="{(left + right) / 2}" y="{height - 2}" font-size="11" text-anchor="middle" '
                 f'font-family="sans-serif">shots (red: intact target, grey: damaged)</text>')
    return svg_doc(width, height, "".join(parts), css_class="circus-svg circus-curve",
                   title="chance the target is destroyed within n shots")


# ---------------------------------------------------------------------------------------------------------
# the explorers: exact odds of any die, and a plot redrawn in place

TEXT = "var(--jp-ui-font-color1, #222222)"
MUTED = "var(--jp-ui-font-color2, #555555)"
ERROR = "var(--jp-error-color1, #c62828)"
# Okabe and Ito's colour-blind-safe palette; every curve also has its own line style and marker
BLUE, VERMILLION, GREY, BLACK = "#0072B2", "#D55E00", "#999999", "#000000"
TABLES = ("<style>.circus-shot-odds th, .circus-shot-odds td, .circus-dice-chain th, .circus-dice-chain td "
          "{padding: 1px 10px; text-align: left}</style>")


class _Refused(ValueError):
    """A setting an explorer cannot show, with the sentence that says why."""


@dataclass(frozen=True)
class _DieOdds:
    """The damage chain of one die, exactly: one shot's chances, the chain, the expected shots to destroy (None when
    no face hits) and P(destroyed within n) for n = 0, 1, ..., each from intact and from damaged."""

    miss: Fraction
    damage: Fraction
    destroy: Fraction
    chain: AbsorbingChain
    expected: tuple[Fraction | None, Fraction | None]
    within: tuple[tuple[Fraction, Fraction], ...]

    @property
    def hit(self) -> Fraction:
        return self.damage + self.destroy


def _after_one_shot(chain: AbsorbingChain, where: dict) -> dict:
    nxt: dict = {}
    for state, weight in where.items():
        for to, chance in (chain.transitions[state] or {state: Fraction(1)}).items():
            nxt[to] = nxt.get(to, Fraction(0)) + weight * chance
    return nxt


@lru_cache(maxsize=4096)
def _die_odds(sides: int, damage_faces: frozenset, destroy_faces: frozenset, max_shots: int) -> _DieOdds:
    """The damage chain of a die with ``sides`` faces, the listed faces damaging or destroying (an intact target; a
    damaged one is destroyed by any hit), the others missing: the rules' die is one case."""
    damage, destroy = Fraction(len(damage_faces), sides), Fraction(len(destroy_faces), sides)
    miss = 1 - damage - destroy
    chain = AbsorbingChain({INTACT: {INTACT: miss, DAMAGED: damage, DESTROYED: destroy},
                            DAMAGED: {DAMAGED: miss, DESTROYED: damage + destroy}, DESTROYED: {}})
    if damage + destroy == 0:
        expected: tuple = (None, None)  # nothing hits: the chain never leaves where it starts
    else:
        steps = chain.expected_steps()
        expected = (steps[INTACT], steps[DAMAGED])
    within, from_intact, from_damaged = [], {INTACT: Fraction(1)}, {DAMAGED: Fraction(1)}
    for _ in range(max_shots + 1):
        within.append((from_intact.get(DESTROYED, Fraction(0)), from_damaged.get(DESTROYED, Fraction(0))))
        from_intact, from_damaged = _after_one_shot(chain, from_intact), _after_one_shot(chain, from_damaged)
    return _DieOdds(miss, damage, destroy, chain, expected, tuple(within))


def _rules_faces(reach: int | None) -> tuple[frozenset, frozenset]:
    """The rules' die at this effective range: (faces that damage, faces that destroy); a 6 destroys."""
    hits = frozenset(hit_faces(reach))
    return hits - {6}, hits & {6}


def _exact(x: Fraction | None) -> str:
    """A probability or a mean as a fraction and a decimal: '13/27 ≈ 0.4815', '1/2 = 0.5000'; None is infinite."""
    if x is None:
        return "∞ (never destroyed)"
    decimal = f"{float(x):.4f}"
    return f"{x} {'=' if Fraction(decimal) == x else '≈'} {decimal}"


def _faces_text(faces) -> str:
    return " ".join(map(str, sorted(faces))) or "no face"


def _say(message, text: str, *, refused: bool = False) -> None:
    """The explorer's message line: a refusal in the error colour (and in words), or a plain note."""
    if refused:
        message.value = (f'<span class="circus-refused" style="color:{ERROR}"><b>Not possible:</b> '
                         f'{_esc(text)}</span>')
    else:
        message.value = f'<span style="color:{MUTED}">{_esc(text)}</span>' if text else ""


def _check_setting(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} runs from {low} to {high} on the explorer, not {value}")
    return value


class _LivePlot:
    """One matplotlib figure kept by an explorer, shown as a PNG in one ``ipywidgets.Image`` that is redrawn in
    place. The still parts (axes, labels, grid, legend, and each title) are drawn once and kept as bitmaps; the
    moving curves and marks are drawn over them at each change; each picture is cached by what it shows."""

    def __init__(self, css_class: str, *, size: tuple[float, float] = (5.6, 3.3), dpi: int = 90,
                 cache: int = 512) -> None:
        import ipywidgets as widgets
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=size, dpi=dpi, facecolor="white")
        self.canvas = FigureCanvasAgg(self.figure)
        self.ax = self.figure.add_subplot()
        self.figure.subplots_adjust(left=0.12, right=0.97, top=0.89, bottom=0.15)
        self.title = self.ax.set_title(" ", fontsize=10, y=1)  # on the top edge: no tick labels to measure first
        self.title.set_animated(True)
        self.moving: list = []
        self.image = widgets.Image(format="png")
        self.image.add_class(css_class)
        self._background = None
        self._titled: dict = {}
        self._pictures: OrderedDict = OrderedDict()
        self._cache = cache

    def moving_line(self, *args, **kwargs):
        """A line redrawn at every change (not part of the kept bitmap)."""
        (line,) = self.ax.plot(*args, animated=True, **kwargs)
        self.moving.append(line)
        return line

    def show(self, title: str, set_moving: Callable[[], None], key: Hashable) -> None:
        """Show the picture for ``key`` (with this title): from the cache, or drawn now by ``set_moving``."""
        key = (title, key)
        picture = self._pictures.get(key)
        if picture is None:
            background = self._titled.get(title)
            if background is None:  # drawn once per title: the axes once, then the title over them
                if self._background is None:
                    self.canvas.draw()
                    self._background = self.canvas.copy_from_bbox(self.figure.bbox)
                self.canvas.restore_region(self._background)
                self.title.set_text(title)
                self.ax.draw_artist(self.title)
                background = self._titled[title] = self.canvas.copy_from_bbox(self.figure.bbox)
            set_moving()
            self.canvas.restore_region(background)
            for artist in self.moving:
                self.ax.draw_artist(artist)
            picture = self._pictures[key] = self._png()
            if len(self._pictures) > self._cache:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        if self.image.value != picture:
            self.image.value = picture

    def _png(self) -> bytes:
        import numpy

        rgb = numpy.asarray(self.canvas.buffer_rgba())[:, :, :3]
        return png_of(rgb)


def _within_curves(plot: _LivePlot, max_shots: int, labels: tuple[str, str]) -> tuple:
    """The two moving curves of P(destroyed within n) (intact, damaged), the marked n, and their axes."""
    ax, shots = plot.ax, list(range(max_shots + 1))
    intact = plot.moving_line(shots, [0] * len(shots), "o-", color=BLUE, markersize=4, label=labels[0])
    damaged = plot.moving_line(shots, [0] * len(shots), "s--", color=VERMILLION, markersize=4, label=labels[1])
    chosen = plot.moving_line([0, 0], [-0.05, 1.05], ":", color=BLACK, linewidth=1.5, label="n chosen")
    marks = plot.moving_line([0, 0], [0, 0], "D", color=BLACK, markerfacecolor="none", markersize=9)
    ax.set_xlim(-0.5, max_shots + 0.5)
    ax.set_ylim(-0.03, 1.03)
    # few ticks: each label is a text matplotlib lays out when the still background is drawn
    ax.set_xticks(range(0, max_shots + 1, max(1, max_shots // 4)))
    ax.set_yticks([0, 0.5, 1])
    ax.set_xlabel("shots fired, n")
    ax.set_ylabel("P(destroyed within n shots)")
    ax.grid(True, color="#dddddd", linewidth=0.6)
    return intact, damaged, chosen, marks


def _draw_within(lines: tuple, odds: _DieOdds, shots: int) -> None:
    intact, damaged, chosen, marks = lines
    intact.set_ydata([float(a) for a, _ in odds.within])
    damaged.set_ydata([float(b) for _, b in odds.within])
    chosen.set_xdata([shots, shots])
    marks.set_data([shots, shots], [float(v) for v in odds.within[shots]])


class OddsExplorer(Shown):
    """Range and altitude controls for one shot: hexes ahead, the shooter's and the target's altitudes, and a
    number of shots n. Shows the exact odds of the shot, the chance the target is destroyed within n shots and
    the expected shots to destroy it (intact and already damaged), each as a fraction and a decimal, and the
    destroyed-within-n curves, redrawn in place. Impossible settings (a landed plane, a target in the shooter's
    own hex) are refused in the message line."""

    MAX_HEXES, MAX_SHOTS = 4, 12

    def __init__(self, hexes: int = 1, alt_diff: int = 0, shots: int = 3, *, altitude: int = 3) -> None:
        import ipywidgets as widgets

        _check_setting("hexes", hexes, 0, self.MAX_HEXES)
        _check_setting("altitude", altitude, 0, MAX_LEVEL)
        _check_setting("alt_diff", alt_diff, -MAX_LEVEL, MAX_LEVEL)
        _check_setting("the target's altitude (altitude + alt_diff)", altitude + alt_diff, 0, MAX_LEVEL)
        _check_setting("shots", shots, 1, self.MAX_SHOTS)
        style = {"description_width": "initial"}
        self.hexes = widgets.IntSlider(value=hexes, min=0, max=self.MAX_HEXES, description="hexes ahead", style=style)
        self.hexes.add_class("circus-range")
        self.altitude = widgets.IntSlider(value=altitude, min=0, max=MAX_LEVEL, description="shooter's altitude",
                                          style=style)
        self.altitude.add_class("circus-altitude")
        self.target_altitude = widgets.IntSlider(value=altitude + alt_diff, min=0, max=MAX_LEVEL,
                                                 description="target's altitude", style=style)
        self.target_altitude.add_class("circus-target-altitude")
        self.shots = widgets.IntSlider(value=shots, min=1, max=self.MAX_SHOTS, description="shots n", style=style)
        self.shots.add_class("circus-shots")
        self.message = widgets.HTML()
        self.message.add_class("circus-message")
        self.output = widgets.HTML()
        self.output.add_class("circus-explorer-odds")
        self._plot = _LivePlot("circus-explorer-plot")
        self._lines = _within_curves(self._plot, self.MAX_SHOTS, ("intact target", "already damaged target"))
        self._plot.ax.legend(loc="lower right", fontsize=8)
        self.plot = self._plot.image
        self.figure = self._plot.figure
        for control in (self.hexes, self.altitude, self.target_altitude, self.shots):
            control.observe(lambda _: self._refresh(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            widgets.HBox([self.hexes, self.altitude, self.target_altitude, self.shots], layout=wrap),
            self.message,
            widgets.HBox([self.output, self.plot], layout=wrap),
        ])
        self.widget.add_class("circus-explorer")
        self.widget.add_class("circus-pcv-odds-explorer")
        self._refresh()

    @property
    def alt_diff(self) -> int:
        """The target's altitude minus the shooter's."""
        return self.target_altitude.value - self.altitude.value

    def _refusal(self) -> str | None:
        hexes, mine, theirs = self.hexes.value, self.altitude.value, self.target_altitude.value
        if mine == 0:
            return ("the shooter is at altitude 0: it has landed, and a landed plane is out of the game "
                    "(it cannot fire).")
        if theirs == 0:
            return "the target is at altitude 0: it has landed and is out of the game, so there is nothing to shoot at."
        if hexes == 0 and mine == theirs:
            return "two planes in the same hex at the same altitude have collided: both are out of the game."
        if hexes == 0:
            return ("the target is in the shooter's own hex: the line of fire starts at the next hex, "
                    "so no shot is possible.")
        return None

    def _refresh(self) -> None:
        refusal = self._refusal()
        if refusal:
            kept = " The odds below are still those of the last possible setting." if self.output.value else ""
            _say(self.message, refusal[0].upper() + refusal[1:] + kept, refused=True)
            return
        hexes, diff, shots = self.hexes.value, self.alt_diff, self.shots.value
        reach = effective_range(hexes, diff)
        odds = _die_odds(6, *_rules_faces(reach), self.MAX_SHOTS)
        if reach is None and abs(diff) > 1:
            how = "out of reach (more than one level apart): a certain miss"
        elif reach is None:
            how = f"out of reach (effective range {hexes} + {abs(diff)} is more than 3): a certain miss"
        else:
            how = (f"effective range {reach} = {hexes} + {abs(diff)}: hits on {_faces_text(hit_faces(reach))}, "
                   f"a 6 destroys")
        rows = "".join(f"<tr><td>{name}</td><td>{_exact(value)}</td></tr>"
                       for name, value in (("miss", odds.miss), ("damage", odds.damage), ("destroy", odds.destroy)))
        intact, damaged = odds.within[shots]
        self.output.value = (
            f'{TABLES}<div style="color:{TEXT}"><b>{hexes} hex(es) ahead, {abs(diff)} level(s) apart</b> '
            f"(shooter at altitude {self.altitude.value}, target at {self.target_altitude.value}): {how}"
            f"<table class='circus-shot-odds'><tr><th>one shot</th><th>exact</th></tr>{rows}</table>"
            f"destroyed within {shots} shot(s): <b class='circus-within'>{_exact(intact)}</b> "
            f"(already damaged: <span class='circus-within-damaged'>{_exact(damaged)}</span>)<br>"
            f"expected shots to destroy: <b class='circus-expected'>{_exact(odds.expected[0])}</b> "
            f"(already damaged: <span class='circus-expected-damaged'>{_exact(odds.expected[1])}</span>)</div>")
        _say(self.message, "")
        title = ("P(destroyed within n shots): out of reach" if reach is None
                 else f"P(destroyed within n shots) at effective range {reach}")
        self._plot.show(title, lambda: _draw_within(self._lines, odds, shots), (reach, shots))


class DiceExplorer(Plotted):
    """A dice editor for the damage chain: how many sides the die has, which faces damage and which destroy (the
    others miss; a damaged target is destroyed by any hit), and a number of shots n. Shows one shot's odds, the
    chain's transition matrix, the expected shots to destroy (from intact and from damaged) and P(destroyed within
    n), each as a fraction and a decimal, and the curves against the rules' die at a chosen effective range,
    redrawn in place. A face listed twice, in both lists or not on the die is refused in the message line."""

    MIN_SIDES, MAX_SIDES, MAX_SHOTS = 2, 20, 24
    REACHES = {1: "4 5 6", 2: "5 6", 3: "6"}

    def __init__(self, reach: int = 1, *, sides: int = 6, damage: str | None = None, destroy: str | None = None,
                 shots: int = 3) -> None:
        import ipywidgets as widgets

        if reach not in self.REACHES or isinstance(reach, bool):
            raise ValueError(f"the rules' die is compared at effective range 1, 2 or 3, not {reach!r}")
        _check_setting("sides", sides, self.MIN_SIDES, self.MAX_SIDES)
        _check_setting("shots", shots, 1, self.MAX_SHOTS)
        for name, text in (("damage", damage), ("destroy", destroy)):
            if text is not None and not isinstance(text, str):
                raise TypeError(f"{name} lists die faces as text, such as '4 5', not {text!r}")
        rules_damage, rules_destroy = (" ".join(map(str, sorted(f))) for f in _rules_faces(reach))
        style = {"description_width": "initial"}
        self.compare = widgets.Dropdown(options=[(f"the rules' die at effective range {r} (hits on {faces})", r)
                                                 for r, faces in self.REACHES.items()],
                                        value=reach, description="compare with", style=style,
                                        layout=widgets.Layout(width="auto"))
        self.compare.add_class("circus-dice-compare")
        self.reset = button("use the rules' die", self.use_rules_die, css_class="circus-dice-reset",
                            tooltip="put the rules' die at the compared range in the editor")
        self.sides = widgets.IntSlider(value=sides, min=self.MIN_SIDES, max=self.MAX_SIDES, description="die sides",
                                       style=style)
        self.sides.add_class("circus-dice-sides")
        self.damage = widgets.Text(value=rules_damage if damage is None else damage, description="damage on",
                                   placeholder="faces, e.g. 4 5 or 4-5", continuous_update=False, style=style)
        self.damage.add_class("circus-dice-damage")
        self.destroy = widgets.Text(value=rules_destroy if destroy is None else destroy, description="destroy on",
                                    placeholder="faces, e.g. 6", continuous_update=False, style=style)
        self.destroy.add_class("circus-dice-destroy")
        self.shots = widgets.IntSlider(value=shots, min=1, max=self.MAX_SHOTS, description="shots n", style=style)
        self.shots.add_class("circus-dice-shots")
        self.message = widgets.HTML()
        self.message.add_class("circus-message")
        self.output = widgets.HTML()
        self.output.add_class("circus-dice-odds")
        self._plot = _LivePlot("circus-dice-plot")
        self._lines = _within_curves(self._plot, self.MAX_SHOTS, ("your die, intact target",
                                                                  "your die, damaged target"))
        self._reference = self._plot.moving_line(range(self.MAX_SHOTS + 1), [0] * (self.MAX_SHOTS + 1), "-",
                                                 color=GREY, linewidth=7, alpha=0.45, zorder=1,
                                                 label="the rules' die at the range compared, intact")
        self._plot.moving.insert(0, self._plot.moving.pop())  # drawn first, under your die's curves
        self._plot.ax.legend(loc="lower right", fontsize=8)
        self._quiet = False
        for control in (self.sides, self.damage, self.destroy, self.shots, self.compare):
            control.observe(lambda _: self._refresh(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox([
            widgets.HBox([self.sides, self.damage, self.destroy], layout=wrap),
            widgets.HBox([self.shots, self.compare, self.reset], layout=wrap),
            self.message,
            widgets.HBox([self.output, self.plot], layout=wrap),
        ])
        self.widget.add_class("circus-explorer")
        self.widget.add_class("circus-pcv-dice-explorer")
        self._refresh()

    def use_rules_die(self) -> None:
        """Put the rules' die at the compared effective range in the editor (six sides), in one update."""
        damage, destroy = (" ".join(map(str, sorted(f))) for f in _rules_faces(self.compare.value))
        self._quiet = True
        try:
            self.sides.value, self.damage.value, self.destroy.value = 6, damage, destroy
        finally:
            self._quiet = False
        self._refresh()

    def _faces(self) -> tuple[frozenset, frozenset]:
        sides = self.sides.value
        damage = _parse_faces(self.damage.value, sides, "damage on")
        destroy = _parse_faces(self.destroy.value, sides, "destroy on")
        both = sorted(damage & destroy)
        if both:
            raise _Refused(f"face {both[0]} is listed both to damage and to destroy: a face does one or the other.")
        return damage, destroy

    def _refresh(self) -> None:
        if self._quiet:
            return
        try:
            damage_faces, destroy_faces = self._faces()
        except _Refused as refusal:
            kept = " The values below are still those of the last possible die." if self.output.value else ""
            _say(self.message, str(refusal)[0].upper() + str(refusal)[1:] + kept, refused=True)
            return
        sides, shots, reach = self.sides.value, self.shots.value, self.compare.value
        odds = _die_odds(sides, damage_faces, destroy_faces, self.MAX_SHOTS)
        rules = _die_odds(6, *_rules_faces(reach), self.MAX_SHOTS)
        misses = frozenset(range(1, sides + 1)) - damage_faces - destroy_faces
        states = (INTACT, DAMAGED, DESTROYED)
        rows = {s: odds.chain.transitions[s] or {s: Fraction(1)} for s in states}  # absorbing: stays put
        matrix = "".join(f"<tr><th>{s}</th>" + "".join(f"<td>{rows[s].get(t, 0)}</td>" for t in states) + "</tr>"
                         for s in states)
        notes = []
        if odds.hit == 0:
            notes.append("No face hits: the target is never destroyed, and the expected number of shots is infinite.")
        elif odds.damage == 0:
            notes.append("No face only damages: every hit destroys (p = q), so the chain skips the damaged state.")
        intact, damaged = odds.within[shots]
        self.output.value = (
            f'{TABLES}<div style="color:{TEXT}"><b>Your {sides}-sided die</b>: misses on {_faces_text(misses)} '
            f"({_exact(odds.miss)}), damages on {_faces_text(damage_faces)} ({_exact(odds.damage)}), destroys on "
            f"{_faces_text(destroy_faces)} ({_exact(odds.destroy)})<br>"
            f"p = P(hit) = {_exact(odds.hit)}, q = P(destroyed outright) = {_exact(odds.destroy)}"
            f"<table class='circus-dice-chain'><tr><th>one shot from ↓ to →</th>"
            + "".join(f"<th>{s}</th>" for s in states) + f"</tr>{matrix}</table>"
            f"expected shots to destroy: from intact <b class='circus-dice-expected'>{_exact(odds.expected[0])}</b>, "
            f"from damaged <span class='circus-dice-expected-damaged'>{_exact(odds.expected[1])}</span><br>"
            f"destroyed within {shots} shot(s): from intact <b class='circus-dice-within'>{_exact(intact)}</b>, "
            f"from damaged <span class='circus-dice-within-damaged'>{_exact(damaged)}</span><br>"
            f"<span style='color:{MUTED}'>the rules' die at effective range {reach}: expected shots "
            f"{_exact(rules.expected[0])} from intact</span>"
            + "".join(f"<br><i>{_esc(note)}</i>" for note in notes) + "</div>")
        _say(self.message, "List faces as whole numbers (4 5) or runs (4-5), then press Enter; the other faces miss.")

        def draw() -> None:
            _draw_within(self._lines, odds, shots)
            self._reference.set_ydata([float(a) for a, _ in rules.within])

        self._plot.show(f"Your die against the rules' die at effective range {reach}", draw,
                        (reach, odds.damage, odds.destroy, shots))


def _parse_faces(text: str, sides: int, role: str) -> frozenset:
    """The faces listed in a text such as '4 5', '4, 5' or '4-6', checked against the die; a refusal says why."""
    faces: list[int] = []
    for token in re.split(r"[\s,;]+", re.sub(r"\s*[-–]\s*", "-", text.strip())):
        if not token:
            continue
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", token)
        if not match:
            raise _Refused(f"'{token}' in '{role}' is not a die face: write whole numbers such as 4 5, "
                           f"or a run such as 4-5.")
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) else low
        if high < low:
            raise _Refused(f"the run {token} in '{role}' goes downwards: write it {high}-{low}.")
        for face in (low, high):
            if not 1 <= face <= sides:
                raise _Refused(f"a {sides}-sided die has faces 1 to {sides}: there is no face {face} (in '{role}').")
        faces.extend(range(low, high + 1))
    twice = sorted({face for face in faces if faces.count(face) > 1})
    if twice:
        raise _Refused(f"face {twice[0]} is listed twice in '{role}': list each face once.")
    return frozenset(faces)
