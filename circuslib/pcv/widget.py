"""The PCV front end: a dogfight on the hex map against a bot or hot-seat, and an odds explorer with sliders.

A thin layer over ``rules`` (the moves), ``odds`` (the numbers shown before each roll), ``graphs`` (the hexes the
plane can reach) and ``bots`` (the opponent).
"""
from __future__ import annotations

import html
import random
from typing import Callable

from ..core.game import CHANCE
from ..core.ui import Framed, GameFrame, Shown, button, svg_die, svg_doc
from .bots import PILOTS
from .graphs import firing_positions, reachable_svg
from .odds import destroy_chances, destroy_probability, expected_shots, shot_odds
from .rules import Dogfight, Rules, Scenario, board_svg, scenario as load_scenario

__all__ = ["DogfightWidget", "OddsExplorer", "destroy_curve_svg"]


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
        if not s.is_over() and not self.frame.message.value.startswith('<span style="color:#d7301f"'):
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
        controls = []
        if s.phase in ("pick-move", "pick-fire"):
            for pick in s.legal_moves():
                controls.append(button(str(pick), lambda p=pick: self.play(p), css_class="circus-pick",
                                       tooltip=f"{pick.plane} {'moves' if s.phase == 'pick-move' else 'fires'} next"))
        elif s.phase == "move":
            for m in s.legal_moves():
                controls.append(button(f"{m} ({m.cost})", lambda m=m: self.play(m), css_class="circus-manoeuvre",
                                       tooltip=f"{m}: costs {m.cost} movement point(s)"))
        elif s.phase == "speed":
            for change in s.legal_moves():
                new = s.plane.speed + change.delta
                label = f"{change} → {new}" + (" (stalls!)" if new == 0 else "")
                controls.append(button(label, lambda c=change: self.play(c), css_class="circus-speed"))
        elif s.phase == "fire":
            for fire in s.legal_moves():
                target = s.plane_named(fire.target)
                hexes, diff = s.shot(s.active, s.planes.index(target))
                odds = shot_odds(hexes, diff)
                kill = odds["destroy"] + (odds["damage"] if target.damaged else 0)
                controls.append(button(f"{fire} (destroy {kill})", lambda f=fire: self.play(f), css_class="circus-fire",
                                       style="danger"))
        elif s.phase == "roll":
            controls.append(button("Roll the die", self.roll, css_class="circus-roll", style="primary"))
        controls.append(button("New game", self.new_game, css_class="circus-new"))
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


class OddsExplorer(Shown):
    """Sliders for the range and the altitude difference: the exact odds of one shot, the expected shots to
    destroy, and the destroyed-within-n-shots curve."""

    def __init__(self, hexes: int = 1, alt_diff: int = 0, shots: int = 3) -> None:
        import ipywidgets as widgets

        self.hexes = widgets.IntSlider(value=hexes, min=1, max=4, description="hexes ahead")
        self.hexes.add_class("circus-range")
        self.alt_diff = widgets.IntSlider(value=alt_diff, min=-2, max=2, description="levels apart")
        self.alt_diff.add_class("circus-alt")
        self.shots = widgets.IntSlider(value=shots, min=1, max=12, description="shots")
        self.shots.add_class("circus-shots")
        self.output = widgets.HTML()
        self.output.add_class("circus-explorer-odds")
        self.curve = widgets.HTML()
        self.curve.add_class("circus-explorer-curve")
        for slider in (self.hexes, self.alt_diff, self.shots):
            slider.observe(lambda _: self._refresh(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.hexes, self.alt_diff, self.shots]),
                                    widgets.HBox([self.output, self.curve])])
        self.widget.add_class("circus-explorer")
        self._refresh()

    def _refresh(self) -> None:
        h, d, n = self.hexes.value, self.alt_diff.value, self.shots.value
        odds = shot_odds(h, d)
        reach = "out of reach: a certain miss" if odds["miss"] == 1 else f"effective range {h + abs(d)}"
        rows = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in odds.items())
        self.output.value = (
            f"<b>{h} hex(es) ahead, {abs(d)} level(s) apart</b>: {reach}<table>{rows}</table>"
            f"destroyed within {n} shot(s): <b class='circus-within'>{destroy_probability(n, h, d)}</b><br>"
            f"expected shots to destroy: <b class='circus-expected'>{expected_shots(h, d)}</b>")
        self.curve.value = destroy_curve_svg(h, d)
