"""The welcome notebook's small game, Pig (one turn of push-your-luck with a die), its widget and warm-up checks.

Pig shows the whole protocol in a few lines: a choice (roll or stop), a chance step (the die), an exact
expected value, a move graph and a widget, the same parts the five games use.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from .core.exact import Dist, to_rational
from .core.game import CHANCE, TERMINAL, GameState, Move, best_value, expected_value
from .core.svg import svg_die, svg_doc
from .core.ui import Framed, GameFrame, button

if TYPE_CHECKING:
    import sympy

__all__ = ["ROLL", "STOP", "PigTurn", "stop_at", "pig_value", "expected_gain_of_a_roll", "PigWidget", "check", "graph_key", "pig_scores"]

ROLL = Move("roll")
STOP = Move("stop")
# The die's faces with their chances, built once: a simulation asks for them at every roll, and building the
# exact distribution again each time cost nine tenths of the welcome lesson's 5,000 simulated turns.
_DIE_FACES = tuple(Dist.die(6).items())
_FACES = tuple(face for face, _ in _DIE_FACES)


@dataclass(frozen=True)
class PigTurn(GameState):
    """One turn of Pig: roll a die as often as you dare; a 1 wipes the turn's total, stopping banks it.

    The turn also ends by itself once the total reaches ``goal`` (that keeps the game finite and small).
    """

    total: int = 0
    goal: int = 20
    rolling: bool = False
    stopped: bool = False
    busted: bool = False
    last_roll: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.goal, bool) or not isinstance(self.goal, int) or self.goal < 1:
            raise ValueError(f"the goal must be a whole number, at least 1, not {self.goal!r}")
        if not isinstance(self.total, int) or self.total < 0:
            raise ValueError(f"the turn total must be a whole number, 0 or more, not {self.total!r}")

    @property
    def current_player(self) -> int:
        """Player 0 chooses, the die is chance, and nobody moves at the end."""
        if self.is_over():
            return TERMINAL
        return CHANCE if self.rolling else 0

    def is_over(self) -> bool:
        """The turn ends on a stop, a 1, or reaching the goal."""
        return self.stopped or self.busted or self.total >= self.goal

    def legal_moves(self) -> tuple:
        """Roll or stop, while the turn goes on."""
        return () if self.is_over() or self.rolling else (ROLL, STOP)

    def chance_outcomes(self) -> tuple:
        """The die: each face 1 to 6 with probability 1/6."""
        return _DIE_FACES if self.rolling and not self.is_over() else ()

    def scores(self) -> tuple:
        """The points banked by the turn: the total, or 0 after a 1."""
        return (0 if self.busted else self.total,)

    def is_legal(self, move) -> bool:
        """Roll or stop while choosing, a face 1 to 6 while the die rolls, nothing once the turn is over (the rule
        checked directly: a simulated turn asks at every step)."""
        if self.is_over():
            return False
        return move in _FACES if self.rolling else move in (ROLL, STOP)

    def why_illegal(self, move) -> str:
        """Explain a refused move in Pig's words."""
        if self.is_over():
            return "the turn is over: a 1 was rolled, or the player stopped, or the goal was reached"
        if self.rolling:
            return f"the die is rolling: the next step is a face from 1 to 6, not {move}"
        return f"{move} is not a move in Pig: choose roll or stop"

    def _apply(self, move) -> PigTurn:
        if move == STOP:
            return PigTurn(self.total, self.goal, stopped=True, last_roll=self.last_roll)
        if move == ROLL:
            return PigTurn(self.total, self.goal, rolling=True, last_roll=self.last_roll)
        if move == 1:
            return PigTurn(self.total, self.goal, busted=True, last_roll=1)
        return PigTurn(self.total + move, self.goal, last_roll=move)

    def __str__(self) -> str:
        if self.busted:
            return "bust"
        if self.rolling:
            return f"{self.total}+?"
        return f"{self.total}✓" if self.stopped else str(self.total)

    def _repr_html_(self) -> str:
        return pig_svg(self)


def pig_svg(state: PigTurn) -> str:
    """The turn as a picture: the last die and the running total."""
    die = svg_die(state.last_roll, x=10, y=10, size=50, highlight=state.busted) if state.last_roll else ""
    status = "bust! the 1 wipes the turn" if state.busted else f"turn total {state.total}"
    if state.stopped:
        status += " (banked)"
    text = (f'<text x="75" y="42" font-size="18" font-family="sans-serif" fill="#222222">{status}</text>')
    return svg_doc(330, 70, die + text, title=status)


def stop_at(threshold: int):
    """The policy 'roll until the turn total reaches threshold, then stop'."""
    if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
        raise ValueError("the stopping threshold must be a whole number, 0 or more")
    return lambda state: STOP if state.total >= threshold else ROLL


def pig_value(goal: int = 20, threshold: int | None = None) -> sympy.Rational:
    """The exact expected points of one Pig turn: with a stop-at threshold, or with the best play if None."""
    start = PigTurn(goal=goal)
    value = best_value(start) if threshold is None else expected_value(start, stop_at(threshold))
    return to_rational(value)


def expected_gain_of_a_roll(total: int) -> sympy.Rational:
    """What one more roll adds on average at this total: (2+3+4+5+6)/6 - total/6 = (20 - total)/6."""
    return to_rational(Fraction(20 - total, 6))


class PigWidget(Framed):
    """A clickable Pig turn: Roll and Stop buttons, the die, the total, a move log and the odds of a roll."""

    def __init__(self, rng, goal: int = 20) -> None:
        import random

        if not isinstance(rng, random.Random):
            raise TypeError("pass a seeded random generator, for example PigWidget(random.Random(1))")
        self.rng = rng
        self.frame = GameFrame("Pig: roll or stop?", odds_visible=True)
        self.roll_button = button("Roll", self.roll, css_class="circus-roll", style="primary")
        self.stop_button = button("Stop", self.stop, css_class="circus-stop")
        self.again_button = button("New turn", self.new_turn, css_class="circus-new")
        self.frame.set_controls([self.roll_button, self.stop_button, self.again_button])
        self.goal = goal
        self.banked: list[int] = []
        self.new_turn()

    def new_turn(self) -> None:
        """Start a fresh turn at 0."""
        self.state = PigTurn(goal=self.goal)
        self.frame.say("")
        self._refresh()

    def roll(self) -> None:
        """Roll the die once."""
        self._play(ROLL)
        if self.state.current_player == CHANCE:
            face = Dist.die(6).sample(self.rng)
            self._play(face)
            self.frame.log(f"rolled {face}" + (": bust!" if face == 1 else f", total {self.state.total}"))
            if self.state.is_over():
                self._banked()

    def stop(self) -> None:
        """Stop and bank the turn total."""
        if self._play(STOP):
            self.frame.log(f"stopped with {self.state.total}")
            self._banked()

    def _banked(self) -> None:
        self.banked.append(self.state.scores()[0])
        average = sum(self.banked) / len(self.banked)
        self.frame.say(f"This turn scores {self.banked[-1]}. Your average over {len(self.banked)} turn(s): {average:.1f}")

    def _play(self, move) -> bool:
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
            f"<b>Chance the next roll busts:</b> 1/6<br><b>Expected gain of one more roll:</b> "
            f"<span class='circus-gain'>{gain}</span> point(s) (20 − total)/6<br>"
            f"<b>Advice:</b> {'roll' if gain > 0 else 'stop'} (roll while the total is under 20)")


def pig_scores(threshold: int, goal: int = 100) -> Dist:
    """The exact distribution of a Pig turn's points when you stop once the total reaches ``threshold``."""
    @cache
    def scores(total: int) -> Dist:
        if total >= threshold:
            return Dist.certain(total)
        outcomes: dict[int, Fraction] = {0: Fraction(1, 6)}
        for face in range(2, 7):
            for points, chance in scores(total + face).items():
                outcomes[points] = outcomes.get(points, Fraction(0)) + chance / 6
        return Dist(outcomes)

    return scores(0)




def graph_key(state: PigTurn) -> tuple:
    """The position for a move graph: the last die shown does not matter, and every bust is the same end."""
    return "bust" if state.busted else (state.total, state.rolling, state.stopped)


def __getattr__(name: str) -> Any:
    """``check``, the warm-up's checks, loads on first use (they bring sympy, which importing Pig does not need)."""
    if name == "check":
        from .welcome_checks import check

        return check
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
