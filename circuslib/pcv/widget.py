"""The game to play: a dogfight on the hex map against a computer pilot, or two students hot-seat.

A thin layer: ``rules`` plays the moves, ``odds`` gives the numbers shown before each roll, ``graphs`` the end
positions that give a shot, ``bots`` the opponent and ``pictures`` the map and the die. The explorers are in
``explorers``.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.access import named_row
from ..core.args import instance, one_of, rng_arg, whole
from ..core.game import CHANCE, renamed, sample_outcome
from ..core.svg import svg_text
from ..core.ui import Framed, GameFrame, all_or_nothing
from .bots import PILOTS
from .graphs import firing_positions
from .odds import destroy_chance, destroy_chances, shot_odds
from .pictures import _counted, board, reachable_map, rolled_die
from .rules import PCVOptions, PCVState, Scenario, new_game

__all__ = ["PCVWidget"]

Pilot = Callable[[PCVState, random.Random], Any]


def _options(options: Any) -> PCVOptions:
    """The game's options: PCVOptions as given, or a scenario (its name, or a Scenario) with the kit's readings."""
    if options is None:
        return PCVOptions()
    if isinstance(options, (str, Scenario)):
        return PCVOptions(scenario=options)
    chosen: PCVOptions = instance(options, "options", PCVOptions,
                                  "a PCVOptions, a scenario's name such as 'patrol', or a Scenario")
    return chosen


CHOICES = named_row("circus-pcv-choices", "Your choices")


class PCVWidget(Framed):
    """Play a scenario: manoeuvre buttons (legal ones only), speed change, fire with the odds shown before the
    roll and the die after, a move log; ``opponent`` is a pilot's name ("greedy", "cautious", "random"), a policy,
    or None for two students hot-seat. ``options`` is a PCVOptions, or just the scenario (its name or itself)."""

    def __init__(self, options: PCVOptions | str | Scenario | None = None, *, rng: random.Random,
                 opponent: str | Pilot | None = "greedy", human_side: int = 0) -> None:
        self.rng = rng_arg(rng)
        self.options = _options(options)
        self.scenario = self.options.played()
        if isinstance(opponent, str):
            opponent = PILOTS[one_of(opponent, "the opponent (or None for hot-seat)", tuple(PILOTS))]
        elif opponent is not None and not callable(opponent):
            raise TypeError(f"the opponent is a pilot's name ({', '.join(PILOTS)}), a policy, or None for hot-seat")
        self.opponent: Pilot | None = opponent
        self.human_side = whole(human_side, "human_side", 0, 1)
        names = self.scenario.side_names
        who = ("hot-seat" if opponent is None else
               f"you fly {names[human_side]} against the {getattr(opponent, '__name__', 'pilot').replace('_', ' ')}")
        self.frame = GameFrame(f"Le Petit Cirque Volant: {self.scenario.name} ({who})", odds_visible=True)
        self.frame.widget.add_class("circus-pcv")
        # up to sixteen choices a position: one tab stop, the arrow keys go through them (core.access)
        for css_class in CHOICES:
            self.frame.controls.add_class(css_class)
        self.new_game()

    # --- actions -----------------------------------------------------------------------------------------
    @all_or_nothing("state")
    def new_game(self) -> None:
        """Start the scenario again."""
        self.state = new_game(self.options)
        self.frame.lines.clear()
        self.frame.log(f"{self.scenario.name}: {self.scenario.objective.describe(self.scenario.side_names)}")
        self.frame.say("")
        self._bots_play()
        self._refresh()

    @all_or_nothing("state")
    def play(self, move: Any) -> bool:
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

    @all_or_nothing("state")
    def roll(self) -> None:
        """Roll the die for the pending shot."""
        if self.state.current_player != CHANCE:
            self.frame.say("There is no shot waiting for the die.", error=True)
            return
        self.play(self._sample())

    def _sample(self) -> Any:
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
            elif self._is_bot(player) and self.opponent is not None:
                move = self.opponent(self.state, self.rng)
            else:
                return
            before = self.state
            self.state = self.state.play(move)
            self._log(before, move)
            guard += 1
        if self.state.is_over():
            self.frame.say(self.state.note.split(". ")[-1])

    def _log(self, before: PCVState, move: Any) -> None:
        side = self.scenario.side_names[before.side]
        if before.phase in ("pick-move", "pick-fire"):
            self.frame.log(f"{side}: {move}")
        elif before.phase == "roll" and before.target is not None:
            target = before.planes[before.target]
            after = self.state.planes[before.target]
            result = "destroyed" if not after.flying else "damaged" if after.damaged and not target.damaged else "miss"
            self.frame.log(f"{side}: {before.plane.name} rolls {move} at {target.name}: {result}")
        elif before.phase == "move":
            lost = not self.state.planes[before.active].flying
            self.frame.log(f"{side}: {before.plane.name} {move}"
                           + (f" ({self.state.note.split(': ', 1)[-1]})" if lost else ""))
        else:
            self.frame.log(f"{side}: {before.plane.name} {move}")
        if self.state.is_over():
            self.frame.log(self.state.note.split(". ")[-1])

    # --- drawing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        s = self.state
        picture = reachable_map(s) if s.phase == "move" else board(s)
        die = rolled_die(s.last_roll).svg() if s.last_roll else ""
        self.frame.show_board(f'<div style="display:flex;align-items:flex-start;gap:12px">{picture.svg()}{die}</div>')
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
            return (f"{s.plane.name}: {_counted(s.mp_left, 'movement point', 'movement points')} left; "
                    "choose a manoeuvre (shaded: where it can end).")
        if s.phase == "speed":
            return f"{s.plane.name} has spent its points: change its speed (now {s.plane.speed}) by -1, 0 or +1."
        if s.phase == "fire":
            return f"{s.plane.name} has an enemy in its line: choose the target (odds on the right)."
        if s.phase == "roll" and s.target is not None:
            return f"{s.plane.name} fires at {s.planes[s.target].name}: roll the die."
        return s.note

    def _controls(self) -> list[Any]:
        s = self.state
        make = self.frame.move_button  # made anew at each position, closed when the next one replaces them
        controls = []
        if s.phase in ("pick-move", "pick-fire"):
            for pick in s.legal_moves():
                controls.append(make(str(pick), self._playing(pick), css_class="circus-pick",
                                     name=f"{pick.plane} {'moves' if s.phase == 'pick-move' else 'fires'} next"))
        elif s.phase == "move":
            for m in s.legal_moves():
                controls.append(make(f"{m} ({m.cost})", self._playing(m), css_class="circus-manoeuvre",
                                     name=f"Manoeuvre {m}: costs "
                                          f"{_counted(m.cost, 'movement point', 'movement points')}"))
        elif s.phase == "speed":
            for change in s.legal_moves():
                new = s.plane.speed + change.delta
                label = f"{change} → {new}" + (" (stalls!)" if new == 0 else "")
                controls.append(make(label, self._playing(change), css_class="circus-speed",
                                     name=f"Change {s.plane.name}'s speed to {new}"
                                          + (": it stalls" if new == 0 else "")))
        elif s.phase == "fire":
            for fire in s.legal_moves():
                controls.append(make(f"{fire} (destroy {destroy_chance(s, fire.target)})", self._playing(fire),
                                     css_class="circus-fire", style="danger",
                                     name=f"Fire at {fire.target}: destroys with chance "
                                          f"{destroy_chance(s, fire.target)}"))
        elif s.phase == "roll":
            controls.append(make("Roll the die", self.roll, css_class="circus-roll", style="primary",
                                 name=f"Roll the die: {s.plane.name} fires"))
        controls.append(make("New game", self.new_game, css_class="circus-new", name="Start the scenario again"))
        return controls

    def _playing(self, move: Any) -> Callable[[], None]:
        """What a move's button does: play that move."""
        def click() -> None:
            self.play(move)

        return click

    def _odds_html(self) -> str:
        s = self.state
        if s.is_over():
            return "<b>Game over.</b>"
        if s.phase == "pick-move":
            return "<b>Your side chooses the order</b>: " + ", ".join(svg_text(p.plane) for p in s.legal_moves())
        turn = "".join(f"<li>{svg_text(n)}: {p}</li>" for n, p in destroy_chances(s).items()) \
            if s.phase in ("pick-fire", "fire", "roll") else ""
        if s.phase == "pick-fire":
            return (f"<b>Planes with a target</b>: {', '.join(svg_text(p.plane) for p in s.legal_moves())}"
                    f"<br><b>Chance each enemy is destroyed this turn</b> (in the listed order, nearest target):"
                    f"<ul>{turn}</ul>")
        if s.phase in ("fire", "roll"):
            target = s.planes[s.target] if s.phase == "roll" and s.target is not None else \
                s.plane_named(s.legal_moves()[0].target)
            hexes, diff = s.shot(s.active, s.planes.index(target))
            rows = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in shot_odds(hexes, diff).items())
            note = " (already damaged: any hit destroys it)" if target.damaged else ""
            return (f"<b>Shot at {svg_text(target.name)}</b>: {_counted(hexes, 'hex', 'hexes')} ahead, "
                    f"{_counted(abs(diff), 'level')} apart{note}"
                    f"<table class='circus-shot-odds'>{rows}</table>"
                    f"<b>Chance each enemy is destroyed this turn</b> (nearest target):<ul>{turn}</ul>")
        if s.phase == "move":
            spots = firing_positions(s)
            if not spots:
                return f"<b>{svg_text(s.plane.name)}</b>: no end position puts an enemy in reach this turn."
            best = max(v["destroy"] for v in spots.values())
            return (f"<b>{svg_text(s.plane.name)}</b>: "
                    f"{_counted(len(spots), 'end position', 'end positions')} give a shot (dark orange); "
                    f"the best destroys with probability <span class='circus-best'>{best}</span>.")
        return f"<b>{svg_text(s.plane.name)}</b>: speed {s.plane.speed}; speed 0 stalls the plane."


__getattr__ = renamed(globals(), {"DogfightWidget": "PCVWidget"})
