"""The tutor's models: each exercise's answer as a function of the choices a student makes, and its neighbours.

The models live on the teacher's side, in ``solutions/tutor/<group>.py`` (values), ``<group>_sims.py``
(simulations) and ``<group>_functions.py`` (function answers), never in the installed package: what students
install holds only salted digests of the answers and of the neighbouring models' values, compiled from the models
by ``python -m circuslib ship``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .teach import Mistake

__all__ = ["Variant", "Model", "Neighbour", "Simulation", "Cases"]


@dataclass(frozen=True)
class Variant:
    """One choice made otherwise than the exercise asks (the deck, the players, the event...), and the hint that
    names it ("that is the chance for the four-player deck")."""
    changes: Mapping[str, Any]
    hint: str


@dataclass(frozen=True)
class Model:
    """An exercise's answer as a function of its choices: ``answer(**choices)``, whose defaults are the exercise's
    own; the variants are the neighbouring models a student may compute instead, and the mistakes the hand-written
    catalogue (wrong answers as students write them), kept as tests of the models."""
    answer: Callable[..., Any]
    variants: Sequence[Variant] = ()
    mistakes: Sequence[Mistake] = ()
    families: bool = True
    """Whether the kit-wide families (complement, percentage, odds, a count, a Fraction made from a float, a value
    rounded early) apply to this answer."""


@dataclass(frozen=True)
class Neighbour:
    """A simulation of a neighbouring model (a different stopping rule, faces, range, seat or tie rule): its
    long-run value, or a trial ``trial(rng) -> float`` whose long-run value the kit measures, and its hint; its
    ``spread`` (the standard deviation of one run) when not a share's sqrt(p(1 - p))."""
    hint: str
    value: Any = None
    trial: Callable[[Any], Any] | None = None
    spread: Any = None


@dataclass(frozen=True)
class Simulation:
    """A simulation exercise's truth (exact long-run value and the spread of one run) and its neighbours."""
    value: Any
    spread: Any
    neighbours: Sequence[Neighbour] = ()


@dataclass(frozen=True)
class Cases:
    """A function exercise's reference and the inputs it is tried on: fixed ones and ``generate(rng)`` drawing
    more (random decks, hands, positions, edge cases); its catalogue of wrong functions."""
    reference: Callable[..., Any]
    fixed: Sequence[tuple[Any, ...]] = ()
    generate: Callable[[Any], tuple[Any, ...]] | None = None
    count: int = 50
    mistakes: Sequence[Mistake] = field(default=())
