"""Exact probability: Fraction/sympy bridges, finite distributions, absorbing Markov chains.

Hot loops use ``fractions.Fraction`` (sympy arithmetic is ten to a hundred times slower); results shown to
students are converted to sympy ``Rational`` at the boundary with ``to_rational``.
"""
from __future__ import annotations

import numbers
import operator
import random
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Union

from .args import items, limit, whole

if TYPE_CHECKING:
    import sympy

__all__ = ["to_rational", "to_fraction", "as_probability", "Dist", "AbsorbingChain", "solve_linear",
           "MOST_SIDES", "MOST_PAIRS"]

Number = Union[int, Fraction, "sympy.Rational"]
MOST_SIDES = 100_000
"""The most faces a die (or outcomes a uniform distribution) may have: beyond it, its table would not fit the seconds
and memory a lesson has."""
MOST_PAIRS = 1_000_000
"""The most pairs of outcomes one combination of two distributions may pair up (a few seconds of exact arithmetic)."""


def _is_sympy_rational(x: Any) -> bool:
    """True for a sympy Rational; asked without importing sympy, since nothing can be one before sympy is loaded."""
    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(x, sympy.Rational)


def to_rational(x: Any) -> sympy.Rational:
    """An exact number as a sympy Rational (Fraction, int or Rational in; floats are refused)."""
    if isinstance(x, bool):
        raise TypeError("a truth value is not a number here")
    if isinstance(x, float):
        raise TypeError(f"{x!r} is a float; exact results need a Fraction or a sympy Rational")
    import sympy  # loaded on first use: importing the kit should not pay for it

    if isinstance(x, Fraction):
        return sympy.Rational(x.numerator, x.denominator)
    if isinstance(x, int):
        return sympy.Integer(x)
    if isinstance(x, sympy.Rational):
        return x
    raise TypeError(f"cannot turn {type(x).__name__} into an exact rational number")


def to_fraction(x: Any) -> Fraction:
    """An exact number as a Fraction (sympy Rational, int or Fraction in; floats are refused)."""
    if isinstance(x, bool):
        raise TypeError("a truth value is not a number here")
    if isinstance(x, float):
        raise TypeError(f"{x!r} is a float; exact results need a Fraction or a sympy Rational")
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if _is_sympy_rational(x):
        return Fraction(int(x.p), int(x.q))
    raise TypeError(f"cannot turn {type(x).__name__} into an exact fraction")


def as_probability(x: Any, what: str = "a probability") -> Fraction:
    """An exact number checked to lie between 0 and 1."""
    p = to_fraction(x)
    if not 0 <= p <= 1:
        raise ValueError(f"{what} must lie between 0 and 1, not {p}")
    return p


@dataclass(frozen=True)
class Dist:
    """A finite probability distribution with exact probabilities: outcome -> Fraction, summing to 1."""

    probs: Mapping[Hashable, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.probs, Mapping):
            raise TypeError("a distribution is a dict from each outcome to its probability")
        cleaned: dict[Hashable, Fraction] = {}
        for outcome, p in self.probs.items():
            p = to_fraction(p)
            if p < 0:
                raise ValueError(f"the probability of {outcome!r} is negative ({p})")
            if p:
                cleaned[outcome] = cleaned.get(outcome, Fraction(0)) + p
        if sum(cleaned.values(), Fraction(0)) != 1:
            raise ValueError(f"probabilities must sum to 1, these sum to {sum(cleaned.values(), Fraction(0))}")
        object.__setattr__(self, "probs", _in_order(cleaned))

    # --- making distributions ------------------------------------------------------------------------
    @classmethod
    def from_counts(cls, counts: Mapping[Hashable, int] | Iterable[Hashable]) -> Dist:
        """Each outcome with probability count / total (a Counter, a dict of counts, or a list of equally likely
        items)."""
        if not isinstance(counts, Mapping):
            listed = items(counts, "the items to count")
            limit(len(listed), 10 * MOST_SIDES, "the items to count")
            counts = Counter(listed)
        limit(len(counts), MOST_SIDES, "the outcomes to count")
        checked = {o: whole(c, f"the count of {o!r}", 0) for o, c in counts.items()}
        total = sum(checked.values())
        if total <= 0:
            raise ValueError("there must be at least one item to count")
        return cls({o: Fraction(c, total) for o, c in checked.items()})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Every listed outcome equally likely (repeats count twice)."""
        return cls.from_counts(Counter(outcomes))

    @classmethod
    def die(cls, sides: int = 6) -> Dist:
        """A fair die with faces 1..sides."""
        sides = whole(sides, "a die's number of sides", 1)
        limit(sides, MOST_SIDES, "a die's number of sides")
        share = Fraction(1, sides)
        return cls({face: share for face in range(1, sides + 1)})

    @classmethod
    def certain(cls, outcome: Hashable) -> Dist:
        """One outcome for sure."""
        return cls({outcome: Fraction(1)})

    @classmethod
    def bernoulli(cls, p: Number) -> Dist:
        """True with probability p, False otherwise."""
        p = as_probability(p)
        return cls({True: p, False: 1 - p})

    # --- reading them ---------------------------------------------------------------------------------
    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self.probs.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.probs)

    def __len__(self) -> int:
        return len(self.probs)

    def items(self) -> Iterable[tuple[Hashable, Fraction]]:
        """(outcome, probability) pairs, outcomes in order."""
        return self.probs.items()

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event): the total probability of the outcomes for which ``event`` is true."""
        return sum((p for o, p in self.probs.items() if event(o)), Fraction(0))

    def mean(self) -> Fraction:
        """The expected value of a numeric distribution."""
        return sum((_numeric(o) * p for o, p in self.probs.items()), Fraction(0))

    def variance(self) -> Fraction:
        """The variance of a numeric distribution."""
        m = self.mean()
        return sum(((_numeric(o) - m) ** 2 * p for o, p in self.probs.items()), Fraction(0))

    def as_sympy(self) -> dict[Hashable, sympy.Rational]:
        """The same distribution with sympy Rational probabilities, for display."""
        return {o: to_rational(p) for o, p in self.probs.items()}

    def sample(self, rng: random.Random) -> Hashable:
        """One outcome drawn with its exact probability."""
        from .game import sample_outcome

        return sample_outcome(list(self.probs.items()), rng)

    # --- combining them -------------------------------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """The distribution of f(outcome)."""
        out: dict[Hashable, Fraction] = {}
        for o, p in self.probs.items():
            key = f(o)
            out[key] = out.get(key, Fraction(0)) + p
        return Dist(out)

    def combine(self, other: Dist, op: Callable[[Any, Any], Hashable]) -> Dist:
        """The distribution of op(x, y) for independent x from self and y from other."""
        if not isinstance(other, Dist):
            raise TypeError("a distribution combines with another distribution (a Dist)")
        limit(len(self) * len(other), MOST_PAIRS, "the pairs of outcomes to combine",
              "combine fewer or smaller distributions")
        out: dict[Hashable, Fraction] = {}
        for a, p in self.probs.items():
            for b, q in other.probs.items():
                key = op(a, b)
                out[key] = out.get(key, Fraction(0)) + p * q
        return Dist(out)

    def __add__(self, other: Dist) -> Dist:
        """Convolution: the distribution of the sum of two independent values."""
        if not isinstance(other, Dist):
            return NotImplemented
        return self.combine(other, operator.add)

    def repeat(self, n: int, op: Callable[[Any, Any], Hashable] = operator.add) -> Dist:
        """The sum (or op-combination) of n independent copies, by repeated squaring."""
        n = whole(n, "the number of copies", 1)
        # a sum of n copies can take up to n times as many values: past the limit, the last combinations alone
        # would take minutes (checked before any work)
        if op is operator.add:
            limit(n * len(self) * n * len(self), 4 * MOST_PAIRS, "the pairs of outcomes a sum of that many copies "
                  "combines", "use fewer copies or a distribution with fewer outcomes")
        result: Dist | None = None
        power = self
        while n:
            if n & 1:
                result = power if result is None else result.combine(power, op)
            n >>= 1
            if n:
                power = power.combine(power, op)
        assert result is not None  # n >= 1: the loop took at least one copy
        return result

    def __repr__(self) -> str:
        inside = ", ".join(f"{o!r}: {p}" for o, p in self.probs.items())
        return f"Dist({{{inside}}})"


def _numeric(outcome: Hashable) -> Fraction:
    """An outcome as an exact number, for a mean or a variance."""
    if isinstance(outcome, bool) or not isinstance(outcome, numbers.Rational):
        raise TypeError(f"a mean needs numeric outcomes (whole numbers or Fractions), not {outcome!r}")
    return Fraction(outcome.numerator, outcome.denominator)


def _in_order(probs: dict[Hashable, Fraction]) -> dict[Hashable, Fraction]:
    """Outcomes sorted when they can be compared (numbers, names), else in the order they came."""
    try:
        return dict(sorted(probs.items(), key=lambda item: item[0]))  # type: ignore[arg-type, return-value]
    except TypeError:
        return probs


def solve_linear(matrix: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve A X = B exactly with Fractions by Gauss-Jordan elimination (A square and invertible)."""
    n = len(matrix)
    width = len(rhs[0]) if rhs else 0
    rows = [list(map(Fraction, matrix[i])) + list(map(Fraction, rhs[i])) for i in range(n)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("the system has no unique solution (some state can never be left)")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [row[n:n + width] for row in rows]


@dataclass(frozen=True)
class AbsorbingChain:
    """An absorbing Markov chain with exact transition probabilities.

    ``transitions[s]`` maps each next state to its probability; a state with no entry, or one that only
    leads to itself, is absorbing.
    """

    transitions: Mapping[Hashable, Mapping[Hashable, Fraction]]

    def __post_init__(self) -> None:
        clean: dict[Hashable, dict[Hashable, Fraction]] = {}
        for s, row in self.transitions.items():
            row = {t: to_fraction(p) for t, p in row.items() if p}
            if any(p < 0 for p in row.values()):
                raise ValueError(f"state {s!r} has a negative transition probability")
            if row and sum(row.values(), Fraction(0)) != 1:
                raise ValueError(f"the transitions out of {s!r} sum to {sum(row.values(), Fraction(0))}, not 1")
            clean[s] = row
        for row in list(clean.values()):
            for t in row:
                clean.setdefault(t, {})
        object.__setattr__(self, "transitions", clean)

    @property
    def states(self) -> list[Hashable]:
        """Every state of the chain."""
        return list(self.transitions)

    @property
    def absorbing(self) -> list[Hashable]:
        """The states the chain never leaves."""
        return [s for s, row in self.transitions.items() if not row or row == {s: 1}]

    @property
    def transient(self) -> list[Hashable]:
        """The states the chain eventually leaves."""
        absorbing = set(self.absorbing)
        return [s for s in self.transitions if s not in absorbing]

    def _fundamental_solve(self, rhs_for: Callable[[Hashable], list[Fraction]]) -> dict[Hashable, list[Fraction]]:
        transient = self.transient
        index = {s: i for i, s in enumerate(transient)}
        n = len(transient)
        i_minus_q = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
        for s in transient:
            for t, p in self.transitions[s].items():
                if t in index:
                    i_minus_q[index[s]][index[t]] -= p
        solution = solve_linear(i_minus_q, [rhs_for(s) for s in transient])
        return {s: solution[index[s]] for s in transient}

    def absorption_probabilities(self) -> dict[Hashable, dict[Hashable, Fraction]]:
        """For each state, the exact probability of ending in each absorbing state: {start: {end: Fraction}}."""
        absorbing = self.absorbing
        if not self.transient:
            return {a: {b: Fraction(int(a == b)) for b in absorbing} for a in absorbing}
        rows = self._fundamental_solve(lambda s: [self.transitions[s].get(a, Fraction(0)) for a in absorbing])
        result = {s: dict(zip(absorbing, rows[s])) for s in self.transient}
        result.update({a: {b: Fraction(int(a == b)) for b in absorbing} for a in absorbing})
        return result

    def expected_steps(self) -> dict[Hashable, Fraction]:
        """For each state, the exact expected number of steps before absorption."""
        result = {a: Fraction(0) for a in self.absorbing}
        if self.transient:
            rows = self._fundamental_solve(lambda s: [Fraction(1)])
            result.update({s: rows[s][0] for s in self.transient})
        return result

    def distribution_after(self, start: Hashable, steps: int) -> Dist:
        """The exact distribution of the state after ``steps`` steps from ``start``."""
        if start not in self.transitions:
            raise ValueError(f"{start!r} is not a state of this chain")
        steps = whole(steps, "the number of steps", 0)
        limit(steps * len(self.transitions), 20 * MOST_PAIRS, "the steps times the chain's states")
        current: dict[Hashable, Fraction] = {start: Fraction(1)}
        for _ in range(steps):
            nxt: dict[Hashable, Fraction] = {}
            for s, p in current.items():
                row = self.transitions[s] or {s: Fraction(1)}
                for t, q in row.items():
                    nxt[t] = nxt.get(t, Fraction(0)) + p * q
            current = nxt
        return Dist(current)

    def step(self, state: Hashable, rng: random.Random) -> Hashable:
        """One random step from ``state``."""
        row = self.transitions[state] or {state: Fraction(1)}
        from .game import sample_outcome

        return sample_outcome(list(row.items()), rng)
