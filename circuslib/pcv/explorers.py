"""The explorers of Le Petit Cirque Volant: controls, the exact odds, and a chart redrawn in place.

``OddsExplorer`` moves the range and the altitudes of one shot; ``DiceExplorer`` edits the die itself (which faces
damage, which destroy) and recomputes the damage chain. The numbers come from ``odds`` (exact fractions), the chart
from ``pictures.within_plot``: the kit's SVG, written anew into the same HTML output at every change. An explorer
only reads its controls, asks for the numbers and shows them; a setting that cannot be is refused in its message
line, in a sentence, and the last possible values stay.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..core.args import text, whole
from ..core.svg import svg_text
from ..core.ui import Shown, button
from .odds import DAMAGED, DESTROYED, INTACT, DieOdds, die_odds, rules_faces
from .pictures import _counted, within_plot
from .rules import MAX_LEVEL, effective_range, hit_faces

__all__ = ["OddsExplorer", "DiceExplorer", "parse_faces", "Refused"]

TEXT = "var(--jp-ui-font-color1, #222222)"
MUTED = "var(--jp-ui-font-color2, #555555)"
ERROR = "var(--jp-error-color1, #c62828)"
TABLES = ("<style>.circus-shot-odds th, .circus-shot-odds td, .circus-dice-chain th, .circus-dice-chain td "
          "{padding: 1px 10px; text-align: left}</style>")


class Refused(ValueError):
    """A setting an explorer cannot show, with the sentence that says why."""


def _exact(x: Fraction | None) -> str:
    """A probability or a mean as a fraction and a decimal: '13/27 ≈ 0.4815', '1/2 = 0.5000'; None is infinite."""
    if x is None:
        return "∞ (never destroyed)"
    decimal = f"{float(x):.4f}"
    return f"{x} {'=' if Fraction(decimal) == x else '≈'} {decimal}"


def _faces_text(faces: frozenset[int] | tuple[int, ...]) -> str:
    return " ".join(map(str, sorted(faces))) or "no face"


def _say(message: Any, words: str, *, refused: bool = False) -> None:
    """The explorer's message line: a refusal in the error colour (and in words), or a plain note."""
    if refused:
        message.value = (f'<span class="circus-refused" style="color:{ERROR}"><b>Not possible:</b> '
                         f'{svg_text(words)}</span>')
    else:
        message.value = f'<span style="color:{MUTED}">{svg_text(words)}</span>' if words else ""


def _capital(sentence: str) -> str:
    return sentence[0].upper() + sentence[1:]


def parse_faces(typed: str, sides: int, role: str) -> frozenset[int]:
    """The die faces listed in a control's text, such as '4 5', '4, 5' or '4-6', checked against a die of ``sides``
    faces; a face that is not on the die, a run that goes downwards or a face listed twice is refused (``Refused``,
    a sentence naming ``role``, the control)."""
    text(typed, role)
    whole(sides, "sides", 1)
    faces: list[int] = []
    for token in re.split(r"[\s,;]+", re.sub(r"\s*[-–]\s*", "-", typed.strip())):
        if not token:
            continue
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", token)
        if not match:
            raise Refused(f"'{token}' in '{role}' is not a die face: write whole numbers such as 4 5, "
                          f"or a run such as 4-5.")
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) else low
        if high < low:
            raise Refused(f"the run {token} in '{role}' goes downwards: write it {high}-{low}.")
        for face in (low, high):
            if not 1 <= face <= sides:
                raise Refused(f"a {sides}-sided die has faces 1 to {sides}: there is no face {face} (in '{role}').")
        faces.extend(range(low, high + 1))
    twice = sorted({face for face in faces if faces.count(face) > 1})
    if twice:
        raise Refused(f"face {twice[0]} is listed twice in '{role}': list each face once.")
    return frozenset(faces)


def _texts(*css_classes: str) -> list[Any]:
    """HTML outputs, one for each CSS class given, sharing one layout and one style (one widget model each, not
    three): the message line, the odds, the chart."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget_string import HTMLStyle  # not exported at the package's top level

    layout, style = widgets.Layout(), HTMLStyle()
    return [widgets.HTML("", layout=layout, style=style, _dom_classes=tuple(css.split())) for css in css_classes]


def _chart(odds: DieOdds, shots: int, title: str, labels: tuple[str, str], *, reference: DieOdds | None = None,
           reference_label: str = "") -> str:
    """The chart's SVG, with its words for a screen reader."""
    plot = within_plot(odds, shots, title=title, labels=labels, reference=reference, reference_label=reference_label)
    intact, damaged = odds.within[shots]
    alt = (f"{title}: the chance of destruction rises with the shots fired; within {_counted(shots, 'shot')} it is "
           f"{_exact(intact)} from intact and {_exact(damaged)} from damaged.")
    return f'<div role="img" aria-label="{svg_text(alt)}">{plot.svg()}</div>'


class OddsExplorer(Shown):
    """Range and altitude controls for one shot: hexes ahead, the shooter's and the target's altitudes, and a
    number of shots n. Shows the exact odds of the shot, the chance the target is destroyed within n shots and
    the expected shots to destroy it (intact and already damaged), each as a fraction and a decimal, and the
    destroyed-within-n curves, redrawn in place. Impossible settings (a landed plane, a target in the shooter's
    own hex) are refused in the message line."""

    MAX_HEXES, MAX_SHOTS = 4, 12

    def __init__(self, hexes: int = 1, alt_diff: int = 0, shots: int = 3, *, altitude: int = 3) -> None:
        import ipywidgets as widgets

        whole(hexes, "hexes", 0, self.MAX_HEXES)
        whole(altitude, "altitude", 0, MAX_LEVEL)
        whole(alt_diff, "alt_diff", -MAX_LEVEL, MAX_LEVEL)
        whole(altitude + alt_diff, "the target's altitude (altitude + alt_diff)", 0, MAX_LEVEL)
        whole(shots, "shots", 1, self.MAX_SHOTS)
        style = {"description_width": "initial"}
        self.hexes = widgets.IntSlider(value=hexes, min=0, max=self.MAX_HEXES, description="hexes ahead", style=style,
                                       tooltip="How many hexes ahead of the shooter the target flies")
        self.hexes.add_class("circus-range")
        self.altitude = widgets.IntSlider(value=altitude, min=0, max=MAX_LEVEL, description="shooter's altitude",
                                          style=style, tooltip="The shooter's altitude level")
        self.altitude.add_class("circus-altitude")
        self.target_altitude = widgets.IntSlider(value=altitude + alt_diff, min=0, max=MAX_LEVEL,
                                                 description="target's altitude", style=style,
                                                 tooltip="The target's altitude level")
        self.target_altitude.add_class("circus-target-altitude")
        self.shots = widgets.IntSlider(value=shots, min=1, max=self.MAX_SHOTS, description="shots n", style=style,
                                       tooltip="How many shots the shooter fires")
        self.shots.add_class("circus-shots")
        self.message, self.output, self.plot = _texts("circus-message", "circus-explorer-odds",
                                                      "circus-explorer-plot")
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
        return int(self.target_altitude.value - self.altitude.value)

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
            _say(self.message, _capital(refusal) + kept, refused=True)
            return
        hexes, diff, shots = self.hexes.value, self.alt_diff, self.shots.value
        reach = effective_range(hexes, diff)
        odds = die_odds(6, *rules_faces(reach), self.MAX_SHOTS)
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
            f'{TABLES}<div style="color:{TEXT}"><b>{_counted(hexes, "hex", "hexes")} ahead, '
            f'{_counted(abs(diff), "level")} apart</b> '
            f"(shooter at altitude {self.altitude.value}, target at {self.target_altitude.value}): {how}"
            f"<table class='circus-shot-odds'><tr><th>one shot</th><th>exact</th></tr>{rows}</table>"
            f"destroyed within {_counted(shots, 'shot')}: <b class='circus-within'>{_exact(intact)}</b> "
            f"(already damaged: <span class='circus-within-damaged'>{_exact(damaged)}</span>)<br>"
            f"expected shots to destroy: <b class='circus-expected'>{_exact(odds.expected[0])}</b> "
            f"(already damaged: <span class='circus-expected-damaged'>{_exact(odds.expected[1])}</span>)</div>")
        _say(self.message, "")
        title = ("P(destroyed within n shots): out of reach" if reach is None
                 else f"P(destroyed within n shots) at effective range {reach}")
        self.plot.value = _chart(odds, shots, title, ("intact target", "already damaged target"))


class DiceExplorer(Shown):
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

        whole(reach, "reach (the rules' die is compared at effective range 1, 2 or 3)", 1, 3)
        whole(sides, "sides", self.MIN_SIDES, self.MAX_SIDES)
        whole(shots, "shots", 1, self.MAX_SHOTS)
        for name, faces in (("damage", damage), ("destroy", destroy)):
            if faces is not None and not isinstance(faces, str):
                raise TypeError(f"{name} lists die faces as text, such as '4 5', not {faces!r}")
        rules_damage, rules_destroy = (_faces_text(f) for f in rules_faces(reach))
        style = {"description_width": "initial"}
        self.compare = widgets.Dropdown(options=[(f"the rules' die at effective range {r} (hits on {faces})", r)
                                                 for r, faces in self.REACHES.items()],
                                        value=reach, description="compare with", style=style,
                                        tooltip="The rules' die to compare with, by effective range",
                                        layout=widgets.Layout(width="auto"))
        self.compare.add_class("circus-dice-compare")
        self.reset = button("use the rules' die", self.use_rules_die, css_class="circus-dice-reset",
                            tooltip="put the rules' die at the compared range in the editor")
        self.sides = widgets.IntSlider(value=sides, min=self.MIN_SIDES, max=self.MAX_SIDES, description="die sides",
                                       style=style, tooltip="How many faces the die has")
        self.sides.add_class("circus-dice-sides")
        self.damage = widgets.Text(value=_blank(rules_damage) if damage is None else damage, description="damage on",
                                   placeholder="faces, e.g. 4 5 or 4-5", continuous_update=False, style=style,
                                   tooltip="The faces that damage the target, like 4 5 or 4-5")
        self.damage.add_class("circus-dice-damage")
        self.destroy = widgets.Text(value=_blank(rules_destroy) if destroy is None else destroy,
                                    description="destroy on", placeholder="faces, e.g. 6", continuous_update=False,
                                    style=style, tooltip="The faces that destroy the target, like 6")
        self.destroy.add_class("circus-dice-destroy")
        self.shots = widgets.IntSlider(value=shots, min=1, max=self.MAX_SHOTS, description="shots n", style=style,
                                       tooltip="How many shots are fired")
        self.shots.add_class("circus-dice-shots")
        self.message, self.output, self.plot = _texts("circus-message", "circus-dice-odds",
                                                      "circus-explorer-plot circus-dice-plot")
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
        damage, destroy = (_blank(_faces_text(f)) for f in rules_faces(self.compare.value))
        self._quiet = True
        try:
            self.sides.value, self.damage.value, self.destroy.value = 6, damage, destroy
        finally:
            self._quiet = False
        self._refresh()

    def _faces(self) -> tuple[frozenset[int], frozenset[int]]:
        sides = self.sides.value
        damage = parse_faces(self.damage.value, sides, "damage on")
        destroy = parse_faces(self.destroy.value, sides, "destroy on")
        both = sorted(damage & destroy)
        if both:
            raise Refused(f"face {both[0]} is listed both to damage and to destroy: a face does one or the other.")
        return damage, destroy

    def _refresh(self) -> None:
        if self._quiet:
            return
        try:
            damage_faces, destroy_faces = self._faces()
        except Refused as refusal:
            kept = " The values below are still those of the last possible die." if self.output.value else ""
            _say(self.message, _capital(str(refusal)) + kept, refused=True)
            return
        sides, shots, reach = self.sides.value, self.shots.value, self.compare.value
        odds = die_odds(sides, damage_faces, destroy_faces, self.MAX_SHOTS)
        rules = die_odds(6, *rules_faces(reach), self.MAX_SHOTS)
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
            f"destroyed within {_counted(shots, 'shot')}: from intact "
            f"<b class='circus-dice-within'>{_exact(intact)}</b>, "
            f"from damaged <span class='circus-dice-within-damaged'>{_exact(damaged)}</span><br>"
            f"<span style='color:{MUTED}'>the rules' die at effective range {reach}: expected shots "
            f"{_exact(rules.expected[0])} from intact</span>"
            + "".join(f"<br><i>{svg_text(note)}</i>" for note in notes) + "</div>")
        _say(self.message, "List faces as whole numbers (4 5) or runs (4-5), then press Enter; the other faces miss.")
        self.plot.value = _chart(odds, shots, f"Your die against the rules' die at effective range {reach}",
                                 ("your die, intact target", "your die, damaged target"), reference=rules,
                                 reference_label="the rules' die at the range compared, intact")


def _blank(faces: str) -> str:
    """The faces as the editor shows them: no face at all is an empty control, not the words 'no face'."""
    return "" if faces == "no face" else faces
