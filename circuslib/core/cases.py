"""A function exercise's key: the inputs a student's function is tried on, and salted digests of the right outputs.

The teacher's side (``solutions/tutor/<group>_functions.py``) holds each function exercise's reference, its fixed
inputs, a generator of more (random decks, hands, positions, edge cases) and its catalogue of wrong functions.
``python -m circuslib ship`` draws the generated inputs with a fixed seed and writes, per exercise, every input
plainly and, for each, a salted slow digest of the reference's output, and for each catalogued wrong function one
digest of all its outputs with its hint: the installed package can try a student's function on every input and
tell right from wrong, and name a catalogued mistake, without holding the reference or any of its outputs.
"""
from __future__ import annotations

import copy
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .plain import decode, encode
from .tutor import COMPILERS, Cases, canonical, digest, float_made, shipped_entry

__all__ = ["ROUNDS", "FunctionKey", "KeyedMistake", "decimal_kind", "output_digest", "outputs_digest",
           "compile_cases", "function_key"]

ROUNDS = 500
"""pbkdf2 rounds of one output's digest, so that a check digests its few hundred outputs in a fraction of a second.
An output on one input is often a True or a small count, which a few guesses find however slow the digest: what
keeps the answer out of reach is that neither the reference nor a table of its outputs is installed, so a student
who wants the outputs must guess them input by input, which is writing the function."""

FLOAT_BITS = 40
"""The fewest binary digits of the numerator of a Fraction made from a float that stands for no small fraction (a
float keeps 53; an exact fraction with a power-of-two denominator, (7/8)**6 / 8, has a short numerator)."""


def decimal_kind(value: Any) -> tuple[str, Any] | None:
    """The first decimal inside a value, and what kind it is ("a float", "a numpy float", "a sympy Float", "a
    Fraction made from a float", "a Decimal"), or None when the value is exact through and through."""
    if isinstance(value, bool):
        return None
    numpy = sys.modules.get("numpy")  # before float: numpy's float64 is a float too
    if numpy is not None and isinstance(value, (numpy.floating, numpy.complexfloating)):
        return "a numpy float", value
    if isinstance(value, (float, complex)):
        return "a float", value
    sympy = sys.modules.get("sympy")
    if sympy is not None and isinstance(value, sympy.Basic):
        return ("a sympy Float (from N() or evalf())", value) if value.has(sympy.Float) else None
    if isinstance(value, Fraction):
        # a power-of-two denominator of 2^20 or more, and a small fraction it stands for: (7/8)**6 / 8 stays exact
        small = float_made(value)
        if small is not None:
            return "a Fraction made from a float", small
        d = value.denominator  # a float's 53 binary digits, standing for no fraction as small as that
        long = d >= 2 ** 20 and d & (d - 1) == 0 and abs(value.numerator).bit_length() >= FLOAT_BITS
        return ("a Fraction made from a float", None) if long else None
    from decimal import Decimal

    if isinstance(value, Decimal):
        return "a Decimal", value
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            found = decimal_kind(item)
            if found:
                return found
    return None


def output_digest(salt: str, index: int, text: str) -> str:
    """The salted slow digest of one output (its canonical text) on input number ``index``."""
    return digest(salt, f"{index}|{text}", ROUNDS)


def outputs_digest(salt: str, texts: Sequence[str]) -> str:
    """One digest of a function's outputs on every input: a catalogued wrong function is known by it."""
    return digest(salt, "\n".join(texts), ROUNDS)


@dataclass(frozen=True)
class KeyedMistake:
    """A catalogued wrong function, as students' kernels know it: its id, its hint, the digest of its outputs."""
    id: str
    hint: str
    digest: str | None
    """Of its outputs on every input (None for a mistake the check's own messages name: a decimal, an error)."""
    fixed: str | None
    """Of its outputs on the check's fixed inputs only: a student's version of the same mistake may differ from
    the catalogued one on an edge case drawn at random, and still deserves the hint."""


class FunctionKey:
    """The compiled key of one function exercise, read from its group's shipped file when first used."""

    def __init__(self, exercise: str, load: Callable[[], Mapping[str, Any]]) -> None:
        self.exercise = exercise
        self._load = load
        self._data: Mapping[str, Any] | None = None

    def __repr__(self) -> str:
        return f"<the tried inputs of {self.exercise}>"

    @property
    def data(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = self._load()
        return self._data

    @property
    def salt(self) -> str:
        return str(self.data["salt"])

    @property
    def inputs(self) -> list[tuple[Any, ...]]:
        """Every input, fixed then generated, made afresh at each read (a function may change its arguments)."""
        return [tuple(decode(args)) for args in self.data["inputs"]]

    @property
    def fixed(self) -> int:
        """How many of the inputs are the check's fixed ones (the rest were generated)."""
        return int(self.data["fixed"])

    @property
    def digests(self) -> list[str]:
        return list(self.data["outputs"])

    @property
    def varies(self) -> bool:
        """Whether the right outputs differ from one input to another."""
        return bool(self.data["varies"])

    @property
    def mistakes(self) -> list[KeyedMistake]:
        return [KeyedMistake(m["id"], m["hint"], m["digest"], m["fixed"]) for m in self.data["mistakes"]]


def function_key(package: str, name: str) -> FunctionKey:
    """The compiled key of a group's function exercise ("circuslib.pig", "steps_between"), read from its
    tutor.json when first used."""
    def load() -> Mapping[str, Any]:
        entry = shipped_entry(package, name)
        if entry is None or entry.get("kind") != "function":
            raise LookupError(f"{package.removeprefix('circuslib.')}/data/tutor.json has no key for {name}: run "
                              "python -m circuslib ship")
        return entry

    return FunctionKey(f"{package.removeprefix('circuslib.')}.{name}", load)


# ---------------------------------------------------------------------------------------------------------
# the teacher's side: compiled at ship time from solutions/tutor/<group>_functions.py (core.tutor's COMPILERS)

def _outputs(function: Callable[..., Any], inputs: Sequence[tuple[Any, ...]]) -> list[str] | None:
    """A function's canonical outputs on every input (each call on its own copy; "<raised>" where it fails), or
    None if it gives a decimal or fails everywhere: such a mistake is named by the check's own messages."""
    texts = []
    for args in inputs:
        try:
            value = function(*copy.deepcopy(args))
        except Exception:  # a catalogued wrong function may raise on some input: a student's one would stop there
            texts.append("<raised>")
            continue
        if decimal_kind(value):
            return None
        texts.append(canonical(value))
    return None if all(t == "<raised>" for t in texts) else texts


def compile_cases(cases: Cases, salt: str | None = None) -> dict[str, Any]:
    """A function exercise's tutor.json entry: its inputs (fixed, then ``count`` drawn by ``generate`` with a seed
    made from the entry's salt, so that compiling again changes nothing), the digests of the reference's outputs,
    and of each catalogued wrong function's."""
    salt = salt or os.urandom(16).hex()
    rng = random.Random(f"circuslib tried inputs {salt}")
    inputs = [tuple(args) for args in cases.fixed]
    fixed = len(inputs)
    if len(cases.mistakes) < 3:
        raise ValueError(f"the function exercise of {cases.reference.__name__} needs a catalogue of at least three "
                         "wrong functions")
    if cases.generate is not None:
        inputs += [tuple(cases.generate(rng)) for _ in range(cases.count)]
    plain = [encode(list(args)) for args in inputs]
    if [list(decode(p)) for p in plain] != [list(args) for args in inputs]:
        raise ValueError(f"{cases.reference.__name__}: an input does not survive its plain form")
    right = _outputs(cases.reference, inputs)
    if right is None or "<raised>" in right:
        raise ValueError(f"{cases.reference.__name__} fails or gives a decimal on one of its inputs")
    by_outputs: dict[tuple[str, str], list[Any]] = {}
    named_by_the_check = []
    for mistake in cases.mistakes:
        theirs = _outputs(mistake.answer, inputs) if callable(mistake.answer) else None
        if theirs == right:
            raise ValueError(f"the wrong function {mistake.hint!r} is right on every input")
        if theirs is None:  # a decimal, or an error everywhere: the check's own message names it
            named_by_the_check.append({"id": mistake.id, "hint": mistake.hint, "digest": None, "fixed": None})
            continue
        digests = outputs_digest(salt, theirs), outputs_digest(salt, theirs[:fixed])
        by_outputs.setdefault(digests, []).append(mistake)
    mistakes = []
    for (every, on_fixed), same in by_outputs.items():  # two that agree everywhere: the hint names both
        hint = "; or ".join(m.hint for m in same)
        mistakes.append({"id": same[0].id, "hint": hint, "digest": every, "fixed": on_fixed})
    mistakes += named_by_the_check
    return {"kind": "function", "salt": salt, "fixed": fixed, "inputs": plain,
            "outputs": [output_digest(salt, i, t) for i, t in enumerate(right)], "varies": len(set(right)) > 1,
            "mistakes": mistakes}


COMPILERS[Cases] = compile_cases
