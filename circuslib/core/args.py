"""Argument checks for the public functions of ``odds``, ``graphs`` and ``bots``: one sentence naming the argument
and what was expected, raised early as ``TypeError`` (wrong kind of value) or ``ValueError`` (right kind, out of
range), so a student never meets a traceback from deep inside, a ``nan``, or an answer about an impossible hand.

Work that would take more than a few seconds is refused up front by ``limit``, with the limit stated.
"""
from __future__ import annotations

import operator
import random
from collections.abc import Iterable
from fractions import Fraction
from numbers import Rational
from typing import Any

from .game import describe

__all__ = ["whole", "flag", "one_of", "items", "rng_arg", "seed_arg", "exact_number", "limit", "text", "graph_of",
           "instance", "axes", "optional_text", "optional_flag"]


def whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number (an int, not True/False or 2.0) from ``low`` to ``high``."""
    if type(value) is not int:
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise TypeError(f"{name} must be a whole number, not {describe(value)}")
        value = operator.index(value)  # numpy's and sympy's integers are whole numbers too
    assert type(value) is int
    if low is not None and value < low:
        raise ValueError(f"{name} must be at least {low}, not {value}" if high is None else
                         f"{name} must be a whole number from {low} to {high}, not {value}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high}, not {value}" if low is None else
                         f"{name} must be a whole number from {low} to {high}, not {value}")
    return value


def flag(value: Any, name: str) -> bool:
    """``value`` as True or False (not 0/1 or a word)."""
    if type(value) is not bool:
        raise TypeError(f"{name} is True or False, not {describe(value)}")
    return value


def one_of(value: Any, name: str, options: Iterable[Any]) -> Any:
    """``value`` if it is one of ``options`` (compared as text, so an unhashable value is refused cleanly)."""
    options = tuple(options)
    if type(value) is not str and any(type(o) is str for o in options):
        raise TypeError(f"{name} is one of {', '.join(map(repr, options))}, not {describe(value)}")
    try:
        known = value in options
    except TypeError:
        known = False
    if not known:
        raise ValueError(f"{name} is one of {', '.join(map(repr, options))}, not {describe(value)}")
    return value


def items(value: Any, name: str, *, low: int = 0, high: int | None = None) -> tuple[Any, ...]:
    """``value`` as a tuple of its items: a list, tuple or other collection (not a text, a number or None),
    with ``low`` to ``high`` items."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a list (or tuple) of items, not {describe(value)}")
    try:
        out = tuple(value)
    except Exception as error:  # an iterable that fails while being read
        raise TypeError(f"{name} could not be read as a list: {error}") from None
    if len(out) < low:
        raise ValueError(f"{name} must hold at least {low} item{'s' if low != 1 else ''}, not {len(out)}")
    if high is not None and len(out) > high:
        raise ValueError(f"{name} may hold at most {high} items, not {len(out)}")
    return out


def rng_arg(value: Any, name: str = "rng") -> random.Random:
    """A seeded random generator, or a TypeError saying how to make one."""
    if not isinstance(value, random.Random):
        raise TypeError(f"{name} must be a seeded random generator, for example random.Random(1), "
                        f"not {describe(value)}")
    return value


def seed_arg(value: Any, name: str = "seed") -> int | str:
    """A seed: a whole number or a text (what ``random.Random`` takes and repeats exactly)."""
    if type(value) is not int and type(value) is not str:
        raise TypeError(f"{name} must be a whole number (or a text), not {describe(value)}")
    return value


def exact_number(value: Any, name: str, *, positive: bool = False, low: Fraction | int | None = None,
                 high: Fraction | int | None = None) -> Fraction:
    """``value`` as an exact Fraction (an int, a Fraction or another exact rational; not a float or True)."""
    if isinstance(value, bool) or isinstance(value, float) or not isinstance(value, Rational):
        try:
            import sympy

            if isinstance(value, sympy.Rational):
                value = Fraction(int(value.p), int(value.q))
            else:
                raise TypeError
        except (ImportError, TypeError):
            raise TypeError(f"{name} must be an exact number (an int or a Fraction), not {describe(value)}") from None
    number = Fraction(int(value.numerator), int(value.denominator))
    if positive and number <= 0:
        raise ValueError(f"{name} must be positive, not {number}")
    if low is not None and number < low:
        raise ValueError(f"{name} must be at least {low}, not {number}")
    if high is not None and number > high:
        raise ValueError(f"{name} must be at most {high}, not {number}")
    return number


def text(value: Any, name: str) -> str:
    """``value`` as a text (a str)."""
    if type(value) is not str:
        raise TypeError(f"{name} must be a text (a str), not {describe(value)}")
    return value


def limit(amount: int, most: int, what: str, advice: str = "") -> None:
    """Refuse work whose size ``amount`` passes ``most`` (the limit that keeps a call within a few seconds)."""
    if amount > most:
        size = f"{amount:,}" if amount < 10 ** 15 else f"about 10^{len(str(amount)) - 1}"
        raise ValueError(f"{what}: {size} is more than this kit does in a few seconds (at most {most:,})"
                         + (f"; {advice}" if advice else ""))


def graph_of(value: Any, name: str, kind: str, maker: str) -> Any:
    """A networkx graph made by ``maker`` (it carries ``graph.graph["kind"] == kind``)."""
    import networkx as nx

    if not isinstance(value, (nx.Graph, nx.DiGraph)):
        raise TypeError(f"{name} must be a graph made by {maker}, not {describe(value)}")
    if value.graph.get("kind") != kind:
        raise ValueError(f"{name} must be a graph made by {maker}; this graph was made some other way")
    return value


def instance(value: Any, name: str, kind: type | tuple[type, ...], example: str) -> Any:
    """``value`` if it is a ``kind`` (for example a game state), else a TypeError with an example."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {example}, not {describe(value)}")
    return value


def axes(value: Any, name: str = "ax") -> Any:
    """None (a new figure) or a matplotlib Axes to draw on."""
    if value is None:
        return None
    from matplotlib.axes import Axes

    if not isinstance(value, Axes):
        raise TypeError(f"{name} must be a matplotlib Axes (for example from plt.subplots()) or None, "
                        f"not {describe(value)}")
    return value


def optional_text(value: Any, name: str = "title") -> str | None:
    """None or a text."""
    if value is not None and type(value) is not str:
        raise TypeError(f"{name} must be a text or None, not {describe(value)}")
    return value


def optional_flag(value: Any, name: str) -> bool | None:
    """None or True/False (a progress bar's "decide for me", for example)."""
    if value is not None and type(value) is not bool:
        raise TypeError(f"{name} is True, False or None, not {describe(value)}")
    return value
