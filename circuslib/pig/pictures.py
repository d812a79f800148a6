"""Pig's picture: the last die thrown and the turn's total, as SVG, with the words a screen reader says."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.svg import Picture, svg_die, svg_doc, svg_text

if TYPE_CHECKING:
    from .rules import PigState

__all__ = ["turn_picture", "pig_svg", "turn_words"]


def turn_words(state: PigState) -> str:
    """The turn in words: the last roll, the total and whether it is banked or lost."""
    if state.busted:
        return "A 1 was rolled: bust! The 1 wipes out the turn, which scores 0."
    rolled = f"Last roll {state.last_roll}. " if state.last_roll else ""
    if state.stopped:
        return f"{rolled}Stopped: the turn banks {state.total} points."
    if state.total >= state.goal:
        return f"{rolled}The total {state.total} reached the goal {state.goal}: the turn banks it."
    return f"{rolled}Turn total {state.total}" + (", the die is rolling." if state.rolling else ".")


def pig_svg(state: PigState) -> str:
    """The turn as SVG: the last die (outlined red on a bust) and the running total."""
    die = svg_die(state.last_roll, x=10, y=10, size=50, highlight=state.busted) if state.last_roll else ""
    status = "bust! the 1 wipes the turn" if state.busted else f"turn total {state.total}"
    if state.stopped:
        status += " (banked)"
    text = (f'<text x="75" y="42" font-size="18" font-family="sans-serif" fill="currentColor">'
            f"{svg_text(status)}</text>")
    return svg_doc(330, 70, die + text, title=status)


def turn_picture(state: PigState) -> Picture:
    """The turn as the kit's picture: its SVG and its words."""
    return Picture.of(pig_svg(state), turn_words(state))
