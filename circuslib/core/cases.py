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
import hashlib
import importlib.util
import numbers
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from .plain import decode, encode

__all__ = ["ITERATIONS", "FunctionKey", "KeyedMistake", "canonical", "decimal_kind", "output_digest",
           "outputs_digest", "compile_cases", "teacher_cases", "shipped_key"]

ITERATIONS = 500
"""pbkdf2 rounds of one output's digest, so that a check digests its few hundred outputs in a fraction of a second.
An output on one input is often a True or a small count, which a few guesses find however slow the digest: what
keeps the answer out of reach is that neither the reference nor a table of its outputs is installed, so a student
who wants the outputs must guess them input by input, which is writing the function."""
FLOAT_MADE = 2 ** 20
"""A Fraction whose denominator is a power of two this large was made from a float (``Fraction(15/88)``), when its
numerator is long too (FLOAT_BITS)."""
FLOAT_BITS = 40
"""The fewest bits of the numerator of a Fraction made from a float: a float keeps 53, and a fraction whose
numerator and denominator are both small is exact even with a power-of-two denominator."""


def canonical(value: Any) -> str:
    """One text per exact value: 3, Fraction(3) and sympy's 3 read alike; a list and a tuple alike; a set sorted."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
    if isinstance(value, numbers.Rational):
        return canonical(Fraction(int(value.numerator), int(value.denominator)))
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(canonical(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, Mapping):
        return "{" + ",".join(sorted(f"{canonical(k)}:{canonical(v)}" for k, v in value.items())) + "}"
    sympy = sys.modules.get("sympy")
    if sympy is not None and isinstance(value, sympy.Basic):
        if value.is_Rational:
            return canonical(Fraction(int(value.p), int(value.q)))
        return "sympy " + str(sympy.srepr(value))
    return f"<{type(value).__name__}> {value!r}"


def decimal_kind(value: Any) -> tuple[str, Any] | None:
    """The first decimal inside a value, and what kind it is ("a float", "a numpy float", "a sympy Float", "a
    Fraction made from a float", "a Decimal"), or None when the value is exact through and through."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (float, complex)):
        return "a float", value
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, (numpy.floating, numpy.complexfloating)):
        return "a numpy float", value
    sympy = sys.modules.get("sympy")
    if sympy is not None and isinstance(value, sympy.Basic):
        return ("a sympy Float (from N() or evalf())", value) if value.has(sympy.Float) else None
    if isinstance(value, Fraction):
        # a float's 53 significant bits: an exact answer with a power-of-two denominator, (7/8)**6 / 8 say, has
        # a short numerator, while Fraction(1/3) has 6004799503160661 over 2**54
        d = value.denominator
        made = d >= FLOAT_MADE and d & (d - 1) == 0 and abs(value.numerator).bit_length() >= FLOAT_BITS
        return ("a Fraction made from a float", value) if made else None
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


def output_digest(salt: bytes, index: int, text: str) -> str:
    """The salted slow digest of one output (its canonical text) on input number ``index``."""
    return hashlib.pbkdf2_hmac("sha256", f"{index}|{text}".encode(), salt, ITERATIONS, 16).hex()


def outputs_digest(salt: bytes, texts: Sequence[str]) -> str:
    """One digest of a function's outputs on every input: a catalogued wrong function is known by it."""
    return hashlib.pbkdf2_hmac("sha256", "\n".join(texts).encode(), salt, ITERATIONS, 16).hex()


@dataclass(frozen=True)
class KeyedMistake:
    """A catalogued wrong function, as students' kernels know it: its id, its hint, the digest of its outputs."""
    id: str
    hint: str
    digest: str
    """Of its outputs on every input."""
    fixed: str
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
    def salt(self) -> bytes:
        return bytes.fromhex(self.data["salt"])

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


# ---------------------------------------------------------------------------------------------------------
# the teacher's side: compiled at ship time, from solutions/tutor/<group>_functions.py

def teacher_cases(group: str) -> Mapping[str, Any]:
    """The FUNCTIONS of ``solutions/tutor/<group>_functions.py`` (only in the kit's repository, never installed)."""
    path = Path(__file__).resolve().parents[2] / "solutions" / "tutor" / f"{group}_functions.py"
    if not path.exists():
        raise LookupError(f"the function exercises' key is computed from {path}, which only the kit's repository "
                          "holds")
    spec = importlib.util.spec_from_file_location(f"_tutor_{group}_functions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(Mapping[str, Any], module.FUNCTIONS)


def _seed(exercise: str) -> int:
    return int.from_bytes(hashlib.sha256(f"circuslib tried inputs {exercise}".encode()).digest()[:8], "big")


def _outputs(function: Callable[..., Any], inputs: Sequence[tuple[Any, ...]],
             normal: Callable[[Any], Any]) -> list[str] | None:
    """A function's canonical outputs on every input (each call on its own copy; "<raised>" where it fails), or
    None if it gives a decimal or fails everywhere: such a mistake is named by the check's own messages."""
    texts = []
    for args in inputs:
        try:
            value = normal(function(*copy.deepcopy(args)))
        except Exception:  # a catalogued wrong function may raise on some input: a student's one would stop there
            texts.append("<raised>")
            continue
        if decimal_kind(value):
            return None
        texts.append(canonical(value))
    return None if all(t == "<raised>" for t in texts) else texts


def compile_cases(exercise: str, cases: Any, normal: Callable[[Any], Any] = lambda v: v) -> dict[str, Any]:
    """One function exercise's key as its group's shipped file holds it (``cases`` a core.tutor.Cases)."""
    rng = random.Random(_seed(exercise))
    salt = rng.randbytes(16)
    inputs = [tuple(args) for args in cases.fixed]
    fixed = len(inputs)
    if len(cases.mistakes) < 3:
        raise ValueError(f"{exercise} needs a catalogue of at least three wrong functions")
    if cases.generate is not None:
        inputs += [tuple(cases.generate(rng)) for _ in range(cases.count)]
    plain = [encode(list(args)) for args in inputs]
    if [list(decode(p)) for p in plain] != [list(args) for args in inputs]:
        raise ValueError(f"{exercise}: an input does not survive its plain form")
    right = _outputs(cases.reference, inputs, normal)
    if right is None or "<raised>" in right:
        raise ValueError(f"{exercise}: the reference fails or gives a decimal on one of the inputs")
    by_outputs: dict[tuple[str, str], list[Any]] = {}
    for mistake in cases.mistakes:
        theirs = _outputs(mistake.answer, inputs, normal) if callable(mistake.answer) else None
        if theirs == right:
            raise ValueError(f"{exercise}: the wrong function {mistake.hint!r} is right on every input")
        if theirs is not None:
            digests = outputs_digest(salt, theirs), outputs_digest(salt, theirs[:fixed])
            by_outputs.setdefault(digests, []).append(mistake)
    mistakes = []
    for (every, on_fixed), same in by_outputs.items():  # two that agree everywhere: the hint names both
        hint = "; or ".join(m.hint for m in same)
        mistakes.append({"id": same[0].id, "hint": hint, "digest": every, "fixed": on_fixed})
    return {"exercise": exercise, "salt": salt.hex(), "fixed": fixed, "inputs": plain,
            "outputs": [output_digest(salt, i, t) for i, t in enumerate(right)], "varies": len(set(right)) > 1,
            "mistakes": mistakes}


def shipped_key(table: Callable[[str], Mapping[str, Any]], exercise: str) -> FunctionKey:
    """A FunctionKey read through a group's shipped table (``table(name)``, declared with core.shipped)."""
    name = exercise.rpartition(".")[2]
    return FunctionKey(exercise, lambda: table(name))
