"""Exact odds of Le Petit Cirque Volant: one shot, n shots, the damage Markov chain in symbols, any die's chain,
and a position.

One shot at effective range e (hexes ahead + levels apart, at most 3) hits on a die face of 3 + e or more,
so P(hit) = p = (4 - e)/6, and a 6 (q = 1/6) destroys outright; another hit damages an intact plane and destroys
a damaged one. Results are sympy Rationals; the inner loops use Fractions (``die_odds``, the dice explorer's
numbers, keeps them as Fractions: it answers at every change of a control).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import accumulate
from math import lcm
from typing import TYPE_CHECKING, Any

from ..core.args import flag, instance, items, limit, whole
from ..core.exact import AbsorbingChain, Dist, to_rational
from ..core.game import describe
from .rules import MAX_LEVEL, MAX_RANGE, MIN_LEVEL, Fire, PCVState, Plane, effective_range, hit_faces

if TYPE_CHECKING:
    import sympy

    # made on first use by the module's __getattr__ below (importing the game does not load sympy): declared here
    # for the tools that read __all__
    p: sympy.Symbol
    q: sympy.Symbol
    n: sympy.Symbol

__all__ = [
    "INTACT", "DAMAGED", "DESTROYED", "shot_odds", "hit_probability", "destroy_probability", "damage_chain",
    "expected_shots", "p", "q", "n", "destroy_after_formula", "expected_shots_formula", "odds_table",
    "after_shots", "firing_lines", "destroy_chances", "destroy_chance", "nearest_target", "DieOdds", "die_odds",
    "rules_faces",
]

INTACT, DAMAGED, DESTROYED = "intact", "damaged", "destroyed"
MAX_ALT_DIFF = MAX_LEVEL - MIN_LEVEL  # two planes are never more than 5 levels apart


def _symbols() -> tuple[sympy.Symbol, sympy.Symbol, sympy.Symbol]:
    """The symbols of the damage chain: p = chance to hit, q = chance of a 6, n = number of shots."""
    import sympy  # loaded on first use: importing the game should not pay for it

    p, q, n = sympy.symbols("p q n", positive=True)
    return p, q, n


def __getattr__(name: str) -> Any:
    # odds.p, odds.q and odds.n are made when first asked for, so that importing the game does not load sympy
    if name in ("p", "q", "n"):
        return _symbols()["pqn".index(name)]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _shot_in_line(hexes: Any, alt_diff: Any) -> None:
    """Refuse a shot that cannot be: a target is 1 hex ahead or more, and at most 5 levels away."""
    whole(hexes, "hexes")
    whole(alt_diff, "alt_diff")
    if hexes < 1:
        raise ValueError(f"a target is at least 1 hex ahead (the line of fire starts at the next hex), not {hexes}")
    if abs(alt_diff) > MAX_ALT_DIFF:
        raise ValueError(f"altitudes run from {MIN_LEVEL} to {MAX_LEVEL}, so two planes are at most "
                         f"{MAX_ALT_DIFF} levels apart, not {alt_diff}")


@cache
def _shot(hexes: int, alt_diff: int) -> tuple[Fraction, Fraction, Fraction]:
    """(miss, damage, destroy) for an intact target, as Fractions: counting die faces."""
    faces = hit_faces(effective_range(hexes, alt_diff))
    destroy = Fraction(1 if 6 in faces else 0, 6)
    damage = Fraction(len(faces), 6) - destroy
    return (1 - damage - destroy, damage, destroy)


def _hit_and_six(hexes: int, alt_diff: int) -> tuple[Fraction, Fraction]:
    miss, damage, destroy = _shot(hexes, alt_diff)
    return 1 - miss, destroy


def shot_odds(hexes: int, alt_diff: int = 0) -> dict[str, sympy.Rational]:
    """The outcome of one shot at an intact target ``hexes`` ahead and ``alt_diff`` levels apart."""
    _shot_in_line(hexes, alt_diff)
    miss, damage, destroy = _shot(hexes, alt_diff)
    return {"miss": to_rational(miss), "damage": to_rational(damage), "destroy": to_rational(destroy)}


def hit_probability(hexes: int, alt_diff: int = 0) -> sympy.Rational:
    """P(one shot hits) at this range and altitude difference: 1/2, 1/3, 1/6 at effective range 1, 2, 3."""
    _shot_in_line(hexes, alt_diff)
    return to_rational(_hit_and_six(hexes, alt_diff)[0])


def _shot_count(shots: Any) -> None:
    """Refuse a number of shots that is not a whole number from 0 to 10,000."""
    whole(shots, "the number of shots")
    if shots < 0:
        raise ValueError(f"the number of shots cannot be negative ({shots})")
    limit(shots, 10_000, "shots")


def _destroy_after(shots: int, hit: Fraction, six: Fraction, damaged: bool) -> Fraction:
    # survive n shots damaged: every shot misses; intact: all miss, or exactly one non-6 hit among n
    stay = 1 - hit
    if damaged:
        return 1 - stay ** shots
    if shots == 0:
        return Fraction(0)
    return 1 - stay ** shots - shots * (hit - six) * stay ** (shots - 1)


def destroy_probability(shots: int, hexes: int, alt_diff: int = 0, damaged: bool = False) -> sympy.Rational:
    """P(the target is destroyed within ``shots`` independent shots from this range)."""
    _shot_count(shots)
    _shot_in_line(hexes, alt_diff)
    flag(damaged, "damaged")
    hit, six = _hit_and_six(hexes, alt_diff)
    return to_rational(_destroy_after(shots, hit, six, damaged))


class DamageChain(AbsorbingChain):
    """The damage chain of ``damage_chain``: an AbsorbingChain whose random step reads each state's draw from a
    table made once, rather than working out the row's common denominator and running sums at every shot."""

    _draws: dict[Hashable, tuple[int, tuple[tuple[int, Hashable], ...]]]  # set once, by __post_init__

    def __post_init__(self) -> None:
        super().__post_init__()
        draws = {}
        for state, row in self.transitions.items():
            row = row or {state: Fraction(1)}
            # AbsorbingChain.step draws one ticket in range(lcm of the denominators) and walks the running sums
            # (equally likely outcomes: one randrange(len(row)), which is the same draw): the same table here
            denominator = lcm(*(p.denominator for p in row.values()))
            bounds = list(accumulate(p.numerator * (denominator // p.denominator) for p in row.values()))
            draws[state] = (denominator, tuple(zip(bounds, row)))
        object.__setattr__(self, "_draws", draws)  # frozen: set once, here

    def step(self, state: Hashable, rng: random.Random) -> Hashable:
        """One random step from ``state``: the same draw, and so the same seeded results, as AbsorbingChain.step."""
        denominator, outcomes = self._draws[state]
        ticket = rng.randrange(denominator)
        for bound, outcome in outcomes:
            if ticket < bound:
                return outcome
        raise AssertionError("unreachable: the running sums end at the denominator")


def damage_chain(hexes: int, alt_diff: int = 0) -> AbsorbingChain:
    """The absorbing Markov chain of repeated shots: intact -> damaged -> destroyed, one step per shot."""
    _shot_in_line(hexes, alt_diff)
    miss, damage, destroy = _shot(hexes, alt_diff)
    return DamageChain({
        INTACT: {INTACT: miss, DAMAGED: damage, DESTROYED: destroy},
        DAMAGED: {DAMAGED: miss, DESTROYED: damage + destroy},
        DESTROYED: {},
    })


def expected_shots(hexes: int, alt_diff: int = 0, damaged: bool = False) -> sympy.Expr:
    """The expected number of shots to destroy the target (infinite, sympy.oo, out of reach)."""
    _shot_in_line(hexes, alt_diff)
    flag(damaged, "damaged")
    if _hit_and_six(hexes, alt_diff)[0] == 0:
        import sympy

        return sympy.oo
    steps = damage_chain(hexes, alt_diff).expected_steps()
    return to_rational(steps[DAMAGED if damaged else INTACT])


# ---------------------------------------------------------------------------------------------------------
# the chain in symbols


def destroy_after_formula(damaged: bool = False) -> sympy.Expr:
    """P(destroyed within n shots) in p and q, from the chain's paths: 1 - (1-p)^n - n (p - q) (1-p)^(n-1).

    Intact survives n shots if all miss ((1-p)^n) or one shot of the n damages (p - q) and the rest miss.
    """
    flag(damaged, "damaged")
    return _destroy_after_formula(damaged)


@cache
def _destroy_after_formula(damaged: bool) -> sympy.Expr:
    # Cached: sympy expressions are immutable, and the lesson, the table and the checks all ask for the same two.
    # Written in closed form: summing the chain's paths (sympy.summation over where the damaging shot falls, as
    # the lesson does on the page) took a twentieth of a second, and the lesson does that sum itself.
    # tests/test_pcv_odds.py sums the paths again and checks the result is this very expression.
    import sympy

    p, q, n = _symbols()
    if damaged:
        return 1 - (1 - p) ** n  # it survives only if every shot misses
    # intact survives if all n miss, or one of the n damages (p - q) and the other n - 1 miss: n ways
    one_damage = n * (p - q) * (1 - p) ** (n - 1)
    # expanded without splitting powers of n: the form the sum over the paths expands to
    return sympy.expand(1 - (1 - p) ** n - one_damage, power_exp=False)


def expected_shots_formula(damaged: bool = False) -> sympy.Expr:
    """E[shots to destroy] in p and q, the solution of the chain's first-step equations: (2p - q)/p**2 (1/p damaged)."""
    flag(damaged, "damaged")
    return _expected_shots_formula(damaged)


@cache
def _expected_shots_formula(damaged: bool) -> sympy.Expr:
    # The solution of the first-step equations E_D = 1 + (1 - p) E_D and E_I = 1 + (1 - p) E_I + (p - q) E_D,
    # written out: the lesson solves them on the page, and sympy.solve cost a fiftieth of a second here again.
    # tests/test_pcv_odds.py solves them and checks the result is this very expression.
    p, q, n = _symbols()
    return 1 / p if damaged else (2 * p - q) / p ** 2


def odds_table(max_shots: int = 3) -> list[dict[str, Any]]:
    """One row per shot in reach (hexes, altitude difference): p, q, the one-shot outcome, P(destroyed within
    1..max_shots shots) and the expected shots, from the formulas evaluated at that range."""
    whole(max_shots, "max_shots", 1, 20)
    p, q, n = _symbols()
    destroy_n, expected = destroy_after_formula(), expected_shots_formula()
    rows = []
    for alt_diff in (0, 1):
        for hexes in range(1, 4):
            if effective_range(hexes, alt_diff) is None:
                continue
            hit, six = (to_rational(x) for x in _hit_and_six(hexes, alt_diff))
            row: dict[str, Any] = {"hexes": hexes, "alt_diff": alt_diff, "effective range": hexes + alt_diff,
                                   "p": hit, "q": six}
            row.update(shot_odds(hexes, alt_diff))
            for shots in range(1, max_shots + 1):
                # p, q and n are replaced by exact Rationals, so each value is already an exact Rational
                row[f"destroyed within {shots}"] = destroy_n.subs({p: hit, q: six, n: shots})
            row["expected shots"] = expected.subs({p: hit, q: six})
            rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------------------------
# several shooters, and a position


def after_shots(shots: Iterable[tuple[int, int]], damaged: bool = False) -> Dist:
    """The exact distribution of the target's state (intact, damaged, destroyed) after these shots in order,
    each given as (hexes, alt_diff)."""
    flag(damaged, "damaged")
    listed = items(shots, "shots", high=10_000)
    for shot in listed:
        if not isinstance(shot, tuple) or len(shot) != 2:
            raise TypeError(f"each shot is a pair (hexes, alt_diff), not {describe(shot)}")
    state: dict[Hashable, Fraction] = {DAMAGED if damaged else INTACT: Fraction(1)}
    for hexes, alt_diff in listed:
        _shot_in_line(hexes, alt_diff)
        miss, damage, destroy = _shot(hexes, alt_diff)
        nxt: dict[Hashable, Fraction] = {}
        for status, weight in state.items():
            if status == DESTROYED:
                moves = {DESTROYED: Fraction(1)}
            elif status == DAMAGED:
                moves = {DAMAGED: miss, DESTROYED: damage + destroy}
            else:
                moves = {INTACT: miss, DAMAGED: damage, DESTROYED: destroy}
            for to, chance in moves.items():
                nxt[to] = nxt.get(to, Fraction(0)) + weight * chance
        state = nxt
    return Dist(state)


def nearest_target(state: PCVState) -> Fire:
    """The bots' choice (kit ruling): fire at the nearest plane in line (by effective range; damaged first on a tie)."""
    instance(state, "state", PCVState, "a PCVState (a PCV position)")
    if state.phase != "fire":
        raise ValueError(f"a plane chooses a target only in the fire phase, not in the {state.phase!r} phase")
    return Fire(state.planes[state.open_targets()[0]].name)


def destroy_chance(state: PCVState, target: str) -> sympy.Rational:
    """The exact chance that the acting plane's shot at ``target`` destroys it: a 6, or any hit on a plane already
    damaged (the position must be in its fire phase, the target in its line)."""
    instance(state, "state", PCVState, "a PCVState (a PCV position)")
    if state.phase != "fire":
        raise ValueError(f"a plane chooses a target only in the fire phase, not in the {state.phase!r} phase")
    if not state.is_legal(Fire(target)):
        raise ValueError(state.refusal(Fire(target)))
    index = next(i for i, plane in enumerate(state.planes) if plane.name == target)
    miss, damage, destroy = _shot(*state.shot(state.active, index))
    return to_rational(destroy + damage if state.planes[index].damaged else destroy)


def firing_lines(state: PCVState) -> dict[str, list[str]]:
    """Who can fire at whom: each plane of the side to play (as it stands now) with the enemies in its line,
    nearest first."""
    instance(state, "state", PCVState, "a PCVState (a PCV position)")
    return {p.name: [state.planes[j].name for j in state.targets_of(i)]
            for i, p in enumerate(state.planes) if p.side == state.side and state.targets_of(i)}


def destroy_chances(state: PCVState, choose: Callable[[PCVState], Fire] = nearest_target) -> dict[str, sympy.Rational]:
    """For a position whose side is about to fire (or firing): the exact chance each enemy plane is destroyed
    this turn, every shooter choosing its target with ``choose`` (nearest by default), the shooters firing in the
    scenario's order when the side could choose it. Walks the real rules over every die face, so a target
    destroyed by one shooter is not shot at again."""
    instance(state, "state", PCVState, "a PCVState (a PCV position)")
    if not callable(choose):
        raise TypeError(f"choose is a function choose(state) -> Fire, not {describe(choose)}")
    if state.phase == "over":
        raise ValueError("the game is over: nobody fires any more")
    if state.phase in ("pick-move", "move", "speed"):
        state = state.fire_now()
    side, turn = state.side, state.turn
    enemies = [i for i, pl in enumerate(state.planes) if pl.side != side and pl.flying]
    totals = {i: Fraction(0) for i in enemies}

    def walk(s: PCVState, weight: Fraction) -> None:
        if s.phase not in ("pick-fire", "fire", "roll") or s.side != side or s.turn != turn:
            for i in enemies:
                if s.planes[i].out == "destroyed":
                    totals[i] += weight
            return
        if s.phase == "pick-fire":
            walk(s.play(s.legal_moves()[0]), weight)
            return
        if s.phase == "fire":
            walk(s.play(choose(s)), weight)
            return
        # faces with the same effect lead to the same planes: group them to walk each branch once
        groups: dict[tuple[Plane, ...], tuple[PCVState, Fraction]] = {}
        for face, chance in s.chance_outcomes():
            child = s.play(face)
            key = child.planes
            if key in groups:
                groups[key] = (groups[key][0], groups[key][1] + chance)
            else:
                groups[key] = (child, chance)
        for child, chance in groups.values():
            walk(child, weight * chance)

    walk(state, Fraction(1))
    return {state.planes[i].name: to_rational(totals[i]) for i in enemies}


# ---------------------------------------------------------------------------------------------------------
# any die: the damage chain of a die whose faces damage, destroy or miss as a student lists them


@dataclass(frozen=True)
class DieOdds:
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
        """P(one shot hits): it damages or destroys."""
        return self.damage + self.destroy


def _faces(faces: Any, name: str, sides: int) -> frozenset[int]:
    """Die faces as a set, each a whole number on a die of ``sides`` faces, none listed twice."""
    if isinstance(faces, Mapping):
        raise TypeError(f"{name} lists die faces, such as [4, 5], not {describe(faces)}")
    listed = [whole(face, f"each face of {name}", 1, sides) for face in items(faces, name, high=sides)]
    if len(set(listed)) != len(listed):
        raise ValueError(f"{name} lists a face twice: list each face once")
    return frozenset(listed)


def die_odds(sides: int, damage_faces: Iterable[int], destroy_faces: Iterable[int], max_shots: int = 24) -> DieOdds:
    """The damage chain of a die of ``sides`` faces whose ``damage_faces`` damage an intact target and whose
    ``destroy_faces`` destroy it (a damaged target is destroyed by any hit); the other faces miss. The rules' die at
    effective range e is ``die_odds(6, *rules_faces(e))``. P(destroyed within n) is given for n up to ``max_shots``."""
    whole(sides, "sides", 2, 100)
    damage = _faces(damage_faces, "damage_faces", sides)
    destroy = _faces(destroy_faces, "destroy_faces", sides)
    both = sorted(damage & destroy)
    if both:
        raise ValueError(f"face {both[0]} is listed both to damage and to destroy: a face does one or the other")
    whole(max_shots, "max_shots", 0, 1000)
    return _die_odds(sides, damage, destroy, max_shots)


@lru_cache(maxsize=4096)
def _die_odds(sides: int, damage_faces: frozenset[int], destroy_faces: frozenset[int], max_shots: int) -> DieOdds:
    # cached: an explorer comes back to the same dice again and again as a student moves its controls
    damage, destroy = Fraction(len(damage_faces), sides), Fraction(len(destroy_faces), sides)
    miss = 1 - damage - destroy
    chain = AbsorbingChain({INTACT: {INTACT: miss, DAMAGED: damage, DESTROYED: destroy},
                            DAMAGED: {DAMAGED: miss, DESTROYED: damage + destroy}, DESTROYED: {}})
    expected: tuple[Fraction | None, Fraction | None] = (None, None)  # nothing hits: the chain stays where it starts
    if damage + destroy:
        steps = chain.expected_steps()
        expected = (Fraction(steps[INTACT]), Fraction(steps[DAMAGED]))
    within = []
    from_intact: dict[Hashable, Fraction] = {INTACT: Fraction(1)}
    from_damaged: dict[Hashable, Fraction] = {DAMAGED: Fraction(1)}
    for _ in range(max_shots + 1):
        within.append((from_intact.get(DESTROYED, Fraction(0)), from_damaged.get(DESTROYED, Fraction(0))))
        from_intact, from_damaged = _after_one_shot(chain, from_intact), _after_one_shot(chain, from_damaged)
    return DieOdds(miss, damage, destroy, chain, expected, tuple(within))


def _after_one_shot(chain: AbsorbingChain, where: dict[Hashable, Fraction]) -> dict[Hashable, Fraction]:
    """Where the target stands after one more shot, from the chances of where it stands now."""
    after: dict[Hashable, Fraction] = {}
    for state, weight in where.items():
        for to, chance in (chain.transitions[state] or {state: Fraction(1)}).items():
            after[to] = after.get(to, Fraction(0)) + weight * chance
    return after


def rules_faces(reach: int | None) -> tuple[frozenset[int], frozenset[int]]:
    """The rules' die at this effective range (None: out of reach): (the faces that damage, the faces that destroy);
    a 6 destroys, any other hit damages."""
    if reach is not None:
        whole(reach, "reach (an effective range)", 1, MAX_RANGE)
    hits = frozenset(hit_faces(reach))
    return hits - {6}, hits & {6}
