"""The welcome notebook's small game, Pig (one turn of push-your-luck with a die), its widget and warm-up checks.

Pig shows the whole protocol in a few lines: a choice (roll or stop), a chance step (the die), an exact
expected value, a move graph and a widget, the same parts the five games use.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import networkx as nx
import sympy

from .core.exact import Dist, to_rational
from .core.game import CHANCE, TERMINAL, GameState, Move, best_value, expected_value
from .core.teach import Checks, WrongAnswer, check_integer, check_probability
from .core.ui import Framed, GameFrame, button, svg_die, svg_doc

__all__ = ["ROLL", "STOP", "PigTurn", "stop_at", "pig_value", "expected_gain_of_a_roll", "PigWidget", "check", "graph_key", "rank_cycle"]

ROLL = Move("roll")
STOP = Move("stop")


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
        return tuple(Dist.die(6).items()) if self.rolling and not self.is_over() else ()

    def scores(self) -> tuple:
        """The points banked by the turn: the total, or 0 after a 1."""
        return (0 if self.busted else self.total,)

    def why_illegal(self, move) -> str:
        """Explain a refused move in Pig's words."""
        if self.is_over():
            return "the turn is over: a 1 was rolled, or the player stopped, or the goal was reached"
        if self.rolling:
            return f"the die is rolling: the next step is a face from 1 to 6, not {move}"
        return f"{move} is not a move in Pig: choose roll or stop"

    def _apply(self, move) -> "PigTurn":
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


# ---------------------------------------------------------------------------------------------------------
# warm-up exercise checks (solutions/00_warmup.ipynb)

check = Checks("the warm-up")


@check.register
def two_dice_seven(answer) -> str:
    """P(the sum of two fair dice is 7)."""
    return check_probability(answer, Fraction(1, 6), what="P(sum = 7)", mistakes={
        Fraction(1, 11): "the 11 sums 2..12 are not equally likely: count the 36 ordered rolls",
        Fraction(1, 12): "you counted unordered pairs like {3, 4} once; (3, 4) and (4, 3) are different rolls",
    })


@check.register
def scout_deck_size(answer) -> str:
    """How many cards carry two different numbers from 1 to 10, each pair once."""
    return check_integer(answer, 45, what="the number of cards", mistakes={
        90: "(3, 7) and (7, 3) are the same card turned round: count unordered pairs",
        100: "a card has two *different* numbers, and each pair appears once",
        55: "a card never shows the same number on both ends",
    })


@check.register
def ace_to_seven(answer) -> str:
    """The fewest one-rank steps from Ace to 7 on the 13-cycle of ranks."""
    return check_integer(answer, 6, what="the number of steps", mistakes={
        7: "going round the other way (Ace, King, Queen, ...) takes 7 steps, but there is a shorter way",
        5: "count the steps between ranks, not the ranks strictly in between",
    })


def rank_cycle() -> nx.Graph:
    """The ranks 1 (Ace) to 13 (King) on a cycle: each rank is next to the one above and the one below."""
    return nx.relabel_nodes(nx.cycle_graph(13), {i: i + 1 for i in range(13)})


@check.register
def two_safe_rolls(answer) -> str:
    """P(two rolls in a row in Pig both avoid the 1)."""
    return check_probability(answer, Fraction(25, 36), what="P(two safe rolls)", mistakes={
        Fraction(5, 6): "that is the chance of one safe roll; for 'this and then that', multiply the chances",
        Fraction(1, 36): "that is the chance that both rolls are 1s; you want both to avoid the 1",
        Fraction(11, 36): "that is the chance that at least one roll is a 1: take its complement",
    })


def graph_key(state: PigTurn) -> tuple:
    """The position for a move graph: the last die shown does not matter, and every bust is the same end."""
    return "bust" if state.busted else (state.total, state.rolling, state.stopped)
