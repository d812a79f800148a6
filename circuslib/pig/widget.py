"""A turn of Pig to play: Roll and Stop buttons, the die, the total, a move log and the odds of one more roll."""
from __future__ import annotations

import random
from typing import Any

from ..core.args import instance, whole
from ..core.game import CHANCE, sample_outcome
from ..core.ui import Framed, GameFrame, all_or_nothing, button
from .odds import BUST_CHANCE, advice, expected_gain_of_a_roll
from .pictures import pig_svg
from .rules import ROLL, STOP, PigState

__all__ = ["PigWidget"]


class PigWidget(Framed):
    """A clickable Pig turn: Roll and Stop buttons, the die, the total, a move log and the odds of a roll."""

    def __init__(self, rng: random.Random, goal: int = 20) -> None:
        self.rng = instance(rng, "rng", random.Random, "a seeded random generator, for example "
                            "PigWidget(random.Random(1))")
        self.goal = whole(goal, "the goal", 1)
        self.frame = GameFrame("Pig: roll or stop?", odds_visible=True)
        self.roll_button = button("Roll", self.roll, css_class="circus-roll", style="primary",
                                  name="Roll the die")
        self.stop_button = button("Stop", self.stop, css_class="circus-stop",
                                  name="Stop and bank the turn total")
        self.again_button = button("New turn", self.new_turn, css_class="circus-new",
                                   name="Start a new turn at 0")
        self.frame.set_controls([self.roll_button, self.stop_button, self.again_button])
        self.banked: list[int] = []
        self.new_turn()

    @all_or_nothing("state", "banked")
    def new_turn(self) -> None:
        """Start a fresh turn at 0."""
        self.state = PigState(goal=self.goal)
        self.frame.say("")
        self._refresh()

    @all_or_nothing("state", "banked")
    def roll(self) -> None:
        """Roll the die once."""
        self._play(ROLL)
        if self.state.current_player == CHANCE:
            face = sample_outcome(self.state.chance_outcomes(), self.rng)
            self._play(face)
            self.frame.log(f"rolled {face}" + (": bust!" if face == 1 else f", total {self.state.total}"))
            if self.state.is_over():
                self._banked()

    @all_or_nothing("state", "banked")
    def stop(self) -> None:
        """Stop and bank the turn total."""
        if self._play(STOP):
            self.frame.log(f"stopped with {self.state.total}")
            self._banked()

    def _banked(self) -> None:
        self.banked.append(self.state.scores()[0])
        average = sum(self.banked) / len(self.banked)
        self.frame.say(f"This turn scores {self.banked[-1]}. Your average over {len(self.banked)} turn(s): "
                       f"{average:.1f}")

    def _play(self, move: Any) -> bool:
        after = self.frame.play_or_explain(self.state, move)
        if after is None:
            return False
        self.state = after
        self._refresh()
        return True

    def _refresh(self) -> None:
        self.frame.show_board(pig_svg(self.state))
        over = self.state.is_over()
        self.roll_button.disabled = self.stop_button.disabled = over
        gain = expected_gain_of_a_roll(self.state.total)
        self.frame.show_odds(
            f"<b>Chance the next roll busts:</b> {BUST_CHANCE}<br><b>Expected gain of one more roll:</b> "
            f"<span class='circus-gain'>{gain}</span> point{'' if abs(gain) == 1 else 's'} (20 − total)/6<br>"
            f"<b>Advice:</b> {advice(self.state.total)} (roll while the total is under 20)")
