"""The tutor: each exercise's answer as a function of the choices a student makes, and what students install of it.

**Teacher side.** The models live in ``solutions/tutor/<group>.py`` (values: ``MODELS``), ``<group>_sims.py``
(simulations: ``SIMULATIONS``) and ``<group>_functions.py`` (function answers: ``FUNCTIONS``), never in the
installed package. A value model is written so::

    MODELS = {
        "three_dice_ten": Model(
            answer=three_dice_total,        # three_dice_total(dice=3, low=1, high=6, ...) -> Fraction
            variants=[Variant({"dice": 2}, "that is the chance for two dice; the exercise throws three"), ...],
            mistakes=[Mistake(Fraction(1, 16), "the 16 sums are not equally likely: ..."), ...],
        ),
    }

**Student side.** ``python -m circuslib ship`` compiles each group's models (:func:`compile_model`) into
``circuslib/<group>/data/tutor.json``: per exercise a random salt, a slow salted digest (:func:`digest`) of the
answer's canonical form (:func:`canonical`), the digests of each variant's and catalogued mistake's value mapped to
their hints, and what the families need (the digest of the answer rounded to two significant figures; a formula's
points). No answer is written in any readable form. A check reads it as a :class:`Key` (``exercise.key``) and asks
:meth:`Key.matches` and :meth:`Key.diagnose`.

**Diagnosis order** (:meth:`Key.diagnose`): (1) the compiled variants and catalogued mistakes, by the digest of the
student's value (two giving the same value are both named); (2) the kit-wide families: a Fraction made from a float,
the complement, a percentage, odds for a probability and a probability for odds, a count for a probability, one off
in a count, a value rounded early; (3) nothing found: the check says "... is not right yet".
"""
from __future__ import annotations

import hashlib
import json
import numbers
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

import sympy

from .shipped import JSON, shipped

__all__ = [
    "Mistake", "mistake_id", "Variant", "Model", "Neighbour", "Simulation", "Cases", "Key", "Diagnosis",
    "compile_simulation", "read_simulation", "shipped_simulation",
    "canonical", "digest", "compile_model", "compile_entry", "COMPILERS", "float_made", "shipped_key",
    "shipped_entry", "declare_group", "teacher_models", "teacher_module", "teacher_entries", "ROUNDS", "FAMILY_IDS",
]

ROUNDS = 10_000
"""pbkdf2 rounds of one digest: slow enough that trying every small fraction takes hours, fast enough that a check
computes a dozen in a blink."""
POINTS = 6
"""How many points a formula is read at: two formulas agreeing at all of them are taken as the same."""

FAMILY_IDS = {
    "complement": "family-complement", "percentage": "family-percentage", "odds": "family-odds",
    "probability-for-odds": "family-probability-for-odds", "count": "family-count",
    "float-fraction": "family-float-fraction", "decimal": "family-decimal", "rounded": "family-rounded",
    "off-by-one": "family-off-by-one",
}
"""The fixed mistake ids of the kit-wide families (a class report counts them)."""


# ---------------------------------------------------------------------------------------------------------
# the catalogue's data types (the teacher's side writes them; core/teach.py re-exports Mistake)

def mistake_id(hint: str) -> str:
    """A stable id for a mistake: the first words of its hint and a short digest of the whole hint."""
    words = re.findall(r"[a-z0-9]+", hint.lower())[:5]
    return "-".join(words + [hashlib.sha1(hint.encode("utf-8")).hexdigest()[:6]])


@dataclass(frozen=True)
class Mistake:
    """A wrong answer students are likely to give, as they would give it, and the hint its check gives for it."""
    answer: Any
    hint: str
    id: str = ""
    """Stable across runs (a report counts it); derived from the hint unless given."""

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", mistake_id(self.hint))


@dataclass(frozen=True)
class Variant:
    """One choice made otherwise than the exercise asks (the deck, the players, the event...), and the hint that
    names it ("that is the chance for the four-player deck")."""
    changes: Mapping[str, Any]
    hint: str

    @property
    def id(self) -> str:
        """Its mistake id, from its hint."""
        return mistake_id(self.hint)


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
    success: str = ""
    """What the check says to a right answer; it may show the answer or how it is found, since it is shipped sealed
    with the answer itself (only the right answer opens it)."""
    asks: str = ""
    """"odds" when the answer is odds (favourable against the others): a probability given instead is then named."""


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
    mistakes: Sequence[Mistake] = ()
    """The catalogue of wrong simulations (functions simulate(n, seed), numbers typed in), kept on the teacher's
    side as tests of the check; only their ids and hints are compiled, for the class's report."""


@dataclass(frozen=True)
class Cases:
    """A function exercise's reference and the inputs it is tried on: fixed ones and ``generate(rng)`` drawing
    more (random decks, hands, positions, edge cases); its catalogue of wrong functions."""
    reference: Callable[..., Any]
    fixed: Sequence[tuple[Any, ...]] = ()
    generate: Callable[[Any], tuple[Any, ...]] | None = None
    count: int = 50
    mistakes: Sequence[Mistake] = field(default=())


# ---------------------------------------------------------------------------------------------------------
# canonical forms and the slow salted digest

def _is_float(value: Any) -> bool:
    """A decimal of any kind: float, complex, numpy floating, Decimal, sympy Float (or an expression holding one)."""
    if isinstance(value, (float, complex, Decimal)):
        return True
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, (numpy.floating, numpy.complexfloating)):
        return True
    return isinstance(value, sympy.Basic) and bool(value.has(sympy.Float))


def _real_text(value: Any) -> str:
    """An exact number that is not rational (log(48, 2), a square root), as 25 significant digits: two ways of
    writing it give the same text."""
    number = sympy.N(value, 40)
    if not number.is_real:
        return "complex:" + str(sympy.N(value, 25))
    return "real:" + format(Decimal(str(number)), ".24e")


def canonical(value: Any) -> str:
    """The text a value is digested as: one text for every way of writing the same value (3/291 and Fraction(1, 97)
    and sympy.Rational(1, 97); a list and a tuple; a set in any order)."""
    if isinstance(value, bool):
        return f"bool:{value}"
    if isinstance(value, numbers.Integral):
        return f"{int(value)}/1"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if _is_float(value) and not isinstance(value, sympy.Basic):
        return f"float:{float(value)!r}" if not isinstance(value, complex) else f"complex:{value!r}"
    if isinstance(value, sympy.MatrixBase):
        return f"matrix{value.shape}[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, sympy.Basic):
        if value.is_Rational:
            return f"{int(value.p)}/{int(value.q)}"
        if value.free_symbols:
            return "formula:" + str(sympy.srepr(sympy.simplify(value)))  # a formula key reads it at points
        if value.has(sympy.Float):
            return "float:" + str(value)  # a decimal is never digested as the exact value it rounds
        # simplify only what may be rational (log(8, 2) is 3): simplify loads the whole of sympy, physics included
        number = sympy.N(value, 40)
        if number.is_real:
            near = Fraction(str(number)).limit_denominator(10**9)
            if abs(number - sympy.Rational(near.numerator, near.denominator)) < sympy.Rational(1, 10**30):
                worked = sympy.simplify(value)
                if worked.is_Rational:
                    return f"{int(worked.p)}/{int(worked.q)}"
        return _real_text(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(canonical(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, Mapping):
        return "{" + ",".join(sorted(f"{canonical(k)}:{canonical(v)}" for k, v in value.items())) + "}"
    if hasattr(value, "tolist") and callable(value.tolist):  # a numpy array
        return canonical(value.tolist())
    return repr(value)


@lru_cache(maxsize=4096)
def digest(salt: str, text: str, rounds: int = ROUNDS) -> str:
    """The slow salted digest of a canonical text (pbkdf2-sha256, 128 bits as hex)."""
    sealed: str = hashlib.pbkdf2_hmac("sha256", text.encode("utf-8"), bytes.fromhex(salt), rounds, dklen=16).hex()
    return sealed


def float_made(value: Any) -> Fraction | None:
    """The small fraction a Fraction made from a float stands for (Fraction(11 / 97) -> 11/97), else None: a
    denominator that is a power of two of 2^20 or more is the mark of a float's binary digits."""
    if not isinstance(value, (Fraction, sympy.Rational)) or isinstance(value, (int, sympy.Integer)):
        return None
    exact = Fraction(int(value.numerator), int(value.denominator))
    q = exact.denominator
    if q < 2 ** 20 or q & (q - 1):
        return None
    small = exact.limit_denominator(10_000)
    return small if abs(small - exact) <= abs(exact) * Fraction(1, 2 ** 40) + Fraction(1, 2 ** 60) else None


def _rounded(value: Fraction, figures: int = 2) -> str | None:
    """The value rounded to ``figures`` significant figures, as text ("0.13"); None for zero."""
    if value == 0:
        return None
    with localcontext() as context:
        context.prec = 60
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        step = Decimal(1).scaleb(exact.adjusted() - figures + 1)
        return str(exact.quantize(step, rounding=ROUND_HALF_UP).normalize())


def _typed_decimal(value: Fraction) -> bool:
    """Whether a value is a short decimal a student typed (0.13, 6.94): its denominator divides 10^6."""
    return 10 ** 6 % value.denominator == 0


def _as_fraction(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, Fraction):
        return value
    if isinstance(value, sympy.Basic) and value.is_Rational:
        return Fraction(int(value.p), int(value.q))
    return None


def _formula_points(names: Sequence[str]) -> list[dict[str, int]]:
    """The fixed whole-number points a formula in these symbols is read at (the same for every formula)."""
    rng = random.Random(f"circuslib formula points {len(names)}")
    return [{name: rng.randint(2, 40) for name in names} for _ in range(POINTS)]


def _at_points(value: Any, points: Sequence[Mapping[str, int]]) -> str:
    """A formula's canonical text: its values at the points, each symbol matched by name."""
    if not isinstance(value, sympy.Basic):
        value = sympy.sympify(value)
    read = []
    for point in points:
        # sympy Integers, so that a formula that is one symbol (q alone) is read as a number too
        substitution = {s: sympy.Integer(point[s.name]) for s in value.free_symbols if isinstance(s, sympy.Symbol)
                        and s.name in point}
        read.append(canonical(value.xreplace(substitution).doit()))
    return "at points:" + ";".join(read)


def _items(value: Any) -> list[Any]:
    return list(value.values()) if isinstance(value, Mapping) else list(value)


# ---------------------------------------------------------------------------------------------------------
# the key a check compares with

@dataclass(frozen=True)
class Diagnosis:
    """What the tutor found in a wrong value: the mistake's id (variants' from their hints, families' fixed) and
    the hint the check shows; ``show_value`` is False when the student's value itself would only confuse (the
    16-digit fraction of a float they never wrote)."""
    id: str
    hint: str
    show_value: bool = True


@dataclass(frozen=True, repr=False)
class Key:
    """What a check compares an answer with: salted digests only, never the answer.

    ``kind`` is "value" (a number), "formula" (a sympy formula, read at ``points``), or "collection" (a list or a
    set: ``items`` holds each item's digest, in order when ``ordered``). ``hints`` maps a wrong value's digest to
    the (id, hint) of every variant or catalogued mistake that gives it; ``rounded`` is the digest of the answer
    rounded to two significant figures.
    """
    kind: str
    salt: str
    answer: str
    hints: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    rounded: str | None = None
    symbols: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    ordered: bool = False
    families: bool = True
    rounds: int = ROUNDS
    success: str = ""
    """The success line, sealed with the answer (hex): :meth:`success_line` opens it with a right value."""
    asks: str = ""
    """"odds" when the answer is odds, for the family of a probability given instead."""

    def __repr__(self) -> str:
        return f"<the key of a {self.kind} answer: salted digests, {len(self.hints)} known mistakes>"

    # --- reading a value -------------------------------------------------------------------------------------
    @property
    def points(self) -> list[dict[str, int]]:
        """The points a formula key is read at."""
        return _formula_points(self.symbols)

    def text(self, value: Any) -> str:
        """The canonical text of a student's value as this key reads it (a formula at its points)."""
        if self.kind == "formula":
            return _at_points(value, self.points)
        if self.kind == "collection" and not self.ordered:
            return canonical(frozenset(canonical(v) for v in _items(value)))
        return canonical(value)

    def seal(self, value: Any) -> str:
        """The digest of a value under this key's salt."""
        return digest(self.salt, self.text(value), self.rounds)

    def matches(self, value: Any) -> bool:
        """Whether the value is the answer."""
        return self.seal(value) == self.answer

    def _stream(self, value: Any, size: int) -> bytes:
        """A keystream drawn from the value itself: only the right answer gives the stream that sealed a line."""
        return hashlib.pbkdf2_hmac("sha256", self.text(value).encode("utf-8"), bytes.fromhex(self.salt) + b"said",
                                   self.rounds, dklen=size)

    def sealed_line(self, value: Any, line: str) -> str:
        """A success line sealed with the answer ``value`` (hex), for :attr:`success`."""
        data = line.encode("utf-8")
        return bytes(a ^ b for a, b in zip(data, self._stream(value, len(data)))).hex()

    def success_line(self, value: Any) -> str:
        """The success line opened with a right ``value`` ("" when there is none, or the value is not right)."""
        if not self.success or not self.matches(value):
            return ""
        data = bytes.fromhex(self.success)
        try:
            return bytes(a ^ b for a, b in zip(data, self._stream(value, len(data)))).decode("utf-8")
        except UnicodeDecodeError:  # a grader's key of another value than the one the line was sealed with
            return ""

    def item_digests(self, value: Any) -> list[str]:
        """Each item's digest, for a collection key."""
        return [digest(self.salt, canonical(v), self.rounds) for v in _items(value)]

    def known(self, value: Any) -> Diagnosis | None:
        """Step 1: the variants and catalogued mistakes that give this value (all of them named)."""
        found = self.hints.get(self.seal(value), ())
        if not found:
            return None
        if len(found) == 1:
            return Diagnosis(found[0][0], found[0][1])
        return Diagnosis("+".join(i for i, _ in found),
                         "this value comes from either of these slips: " + "; or ".join(h for _, h in found))

    # --- the diagnosis ---------------------------------------------------------------------------------------
    def diagnose(self, value: Any, *, probability: bool = False, count: bool = False) -> Diagnosis | None:
        """Why a wrong value is wrong, if the models or the families can say: the variants and catalogue first,
        then the families (``probability``: the question asks for a probability; ``count``: for a whole number)."""
        found = self.known(value)
        if found is not None or not self.families or self.kind != "value":
            return found
        v = _as_fraction(value)
        if v is None:
            return None
        small = float_made(v)
        if small is not None:
            return self._float_made(small)

        def gives(candidate: Fraction) -> bool:
            return self.seal(candidate) == self.answer

        # the complement, a percentage, odds and a count are slips of a probability only (1 − v of an expected
        # gain is no complement of anything)
        if probability and gives(1 - v):
            return Diagnosis(FAMILY_IDS["complement"], "that is the chance of the opposite event, its complement "
                                                       "(1 minus the chance asked for)")
        if probability and v != 0 and gives(v / 100):
            return Diagnosis(FAMILY_IDS["percentage"], "that looks like a percentage; give a probability between 0 "
                                                       "and 1")
        if probability and v > 0 and gives(v / (1 + v)):
            return Diagnosis(FAMILY_IDS["odds"], "that is the odds (favourable cases against the others), not the "
                                                 "probability: divide by all the cases, favourable or not")
        if self.asks == "odds" and 0 < v < 1 and gives(v / (1 - v)):
            return Diagnosis(FAMILY_IDS["probability-for-odds"], "that is a probability; the question asks for "
                                                                 "the odds, favourable cases against the others")
        if probability and v > 1 and v.denominator == 1:
            return Diagnosis(FAMILY_IDS["count"], "that is a count, not a probability: divide by the number of "
                                                  "equally likely cases")
        if count and v.denominator == 1 and (gives(v + 1) or gives(v - 1)):
            return Diagnosis(FAMILY_IDS["off-by-one"], "that is one off the count: check where your counting "
                                                       "starts and ends, and that no case is counted twice")
        if self.rounded is not None and v.denominator != 1 and _typed_decimal(v):
            two = _rounded(v)
            if two is not None and digest(self.salt, "rounded:" + two, self.rounds) == self.rounded:
                return Diagnosis(FAMILY_IDS["rounded"], "that is close, but rounded early: keep every step exact "
                                                        "(with Fractions) and the answer exact too")
        return None

    def _float_made(self, small: Fraction) -> Diagnosis:
        p, q = small.numerator, small.denominator
        write = (f"that Fraction was made from a decimal: write Fraction({p}, {q}), not Fraction({p}/{q}) "
                 f"({p}/{q} is worked out as a decimal first)")
        then = self.known(small)
        if then is not None:
            return Diagnosis(FAMILY_IDS["float-fraction"] + "+" + then.id, f"{write}; and even exact, {then.hint}",
                             show_value=False)
        return Diagnosis(FAMILY_IDS["float-fraction"], write, show_value=False)

    # --- making one ------------------------------------------------------------------------------------------
    @classmethod
    def of_value(cls, value: Any, *, like: Key | None = None, hints: Iterable[tuple[Any, str, str]] = (),
                 families: bool = True, salt: str | None = None, success: str = "", asks: str = "") -> Key:
        """A key for a value: a grader's key from the source notebook (``like``: the shipped key whose salt and
        hints it keeps, so the variants' hints still apply), or the compile step's (``hints``: (value, id, hint)
        of each variant and mistake)."""
        salt = salt or (like.salt if like is not None else os.urandom(16).hex())
        rounds = like.rounds if like is not None else ROUNDS
        kind, symbols, ordered = _kind_of(value)
        key = cls(kind, salt, "", {}, None, symbols, (), ordered, like.families if like is not None else families,
                  rounds)
        answer = key.seal(value)
        known: dict[str, list[tuple[str, str]]] = {d: list(h) for d, h in (like.hints.items() if like else ())}
        for wrong, wrong_id, hint in hints:
            sealed = key.seal(wrong)
            if sealed == answer:
                raise ValueError(f"the mistake {hint!r} gives the right value: it cannot be a mistake")
            if (wrong_id, hint) not in known.setdefault(sealed, []):
                known[sealed].append((wrong_id, hint))
        known.pop(answer, None)  # a grader's key that differs from the shipped one: its own value is no mistake
        rounded = None
        exact = _as_fraction(value)
        if kind == "value" and exact is not None and exact.denominator != 1:
            two = _rounded(exact)
            rounded = digest(salt, "rounded:" + two, rounds) if two is not None else None
        items: tuple[str, ...] = ()
        if kind == "collection":
            items = tuple(key.item_digests(value))
            items = items if ordered else tuple(sorted(items))
        made = cls(kind, salt, answer, {d: tuple(h) for d, h in known.items()}, rounded, symbols, items, ordered,
                   key.families, rounds, "", asks or (like.asks if like is not None else ""))
        if success:
            return replace(made, success=made.sealed_line(value, success))
        if like is not None and like.success and like.answer == answer:
            return replace(made, success=like.success)  # the grader's key is the shipped one: its line opens too
        return made

    def to_json(self) -> dict[str, Any]:
        """The key as tutor.json holds it."""
        data: dict[str, Any] = {"kind": self.kind, "salt": self.salt, "rounds": self.rounds, "answer": self.answer,
                                "hints": {d: [list(h) for h in found] for d, found in sorted(self.hints.items())}}
        if self.rounded is not None:
            data["rounded"] = self.rounded
        if self.symbols:
            data["symbols"] = list(self.symbols)
        if self.kind == "collection":
            data["items"], data["ordered"] = list(self.items), self.ordered
        if not self.families:
            data["families"] = False
        if self.success:
            data["success"] = self.success
        if self.asks:
            data["asks"] = self.asks
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Key:
        """A key read back from tutor.json."""
        hints = {d: tuple((str(i), str(h)) for i, h in found) for d, found in data.get("hints", {}).items()}
        return cls(data["kind"], data["salt"], data["answer"], hints, data.get("rounded"),
                   tuple(data.get("symbols", ())), tuple(data.get("items", ())), bool(data.get("ordered", False)),
                   bool(data.get("families", True)), int(data.get("rounds", ROUNDS)), str(data.get("success", "")),
                   str(data.get("asks", "")))


def _kind_of(value: Any) -> tuple[str, tuple[str, ...], bool]:
    """(kind, a formula's symbol names, whether a collection is ordered) of an answer."""
    if isinstance(value, sympy.MatrixBase):
        return "value", (), False
    if isinstance(value, sympy.Basic) and value.free_symbols:
        return "formula", tuple(sorted({s.name for s in value.free_symbols if isinstance(s, sympy.Symbol)})), False
    if isinstance(value, (set, frozenset)):
        return "collection", (), False
    if isinstance(value, list):
        return "collection", (), True
    return "value", (), False


# ---------------------------------------------------------------------------------------------------------
# the compile step: solutions/tutor/<group>.py -> circuslib/<group>/data/tutor.json

def _skipped(answer: Any) -> bool:
    """A catalogued answer the digests do not hold: a decimal, a text, a function or a figure is explained by the
    check before any value is compared (the catalogue keeps it as a test of that explanation)."""
    return (callable(answer) or _is_float(answer) or isinstance(answer, (str, bool)) or answer is None
            or type(answer).__name__ == "Sketch")


def compile_model(model: Model, *, salt: str | None = None) -> Key:
    """An exercise's key, compiled from its model: the answer, each variant's value and each catalogued mistake's
    (a variant that gives the right value is an error: it cannot be a mistake)."""
    value = model.answer()
    hints: list[tuple[Any, str, str]] = []
    for variant in model.variants:
        try:
            wrong = model.answer(**variant.changes)
        except TypeError as error:
            raise ValueError(f"the variant {dict(variant.changes)} does not fit the model's answer: {error}") from None
        hints.append((wrong, variant.id, variant.hint))
    hints += [(m.answer, m.id, m.hint) for m in model.mistakes if not _skipped(m.answer)]
    return Key.of_value(value, hints=hints, families=model.families, salt=salt or os.urandom(16).hex(),
                        success=model.success, asks=model.asks)


def _repository() -> Path:
    """The repository root (where solutions/ is, in a clone; an installed kit has none)."""
    return Path(__file__).resolve().parents[2]


def _teacher_file(group: str, kind: str) -> Path:
    return _repository() / "solutions" / "tutor" / (f"{group}_{kind}.py" if kind else f"{group}.py")


def teacher_module(group: str, kind: str = "") -> ModuleType | None:
    """The teacher's file of a group (``kind`` "" for the values, "sims", "functions"), loaded from solutions/tutor
    by path once: None when there is no such file (an installed kit)."""
    import importlib.util

    stem = f"{group}_{kind}" if kind else group
    path = _teacher_file(group, kind)
    if not path.exists():
        return None
    name = f"circuslib_teacher_{stem}"
    module = sys.modules.get(name)
    if module is None or getattr(module, "__file__", None) != str(path):
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


def teacher_models(group: str, kind: str = "") -> dict[str, Any]:
    """The teacher's models of a group (``kind`` "" for MODELS, "sims", "functions"): {} in an installed kit."""
    module = teacher_module(group, kind)
    if module is None:
        return {}
    table = {"": "MODELS", "sims": "SIMULATIONS", "functions": "FUNCTIONS"}[kind]
    found: dict[str, Any] = dict(getattr(module, table))
    return found


def _table_path(package: str) -> Path:
    """circuslib/<group>/data/tutor.json, beside the group's package."""
    return Path(str(sys.modules[package].__file__)).resolve().parent / "data" / "tutor.json"


def _read_table(path: Path) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(key[0]): value for key, value in data["cases"]}


def _mask(salt: str, data: bytes) -> bytes:
    """A simulation's values XORed with a keystream of its salt: not readable as decimals in the installed files
    (the check itself must read them back, so this hides them from sight, not from a determined reader)."""
    stream = hashlib.pbkdf2_hmac("sha256", b"long-run values", bytes.fromhex(salt), 1_000, dklen=len(data))
    return bytes(a ^ b for a, b in zip(data, stream))


def compile_simulation(simulation: Simulation, *, salt: str | None = None) -> dict[str, Any]:
    """A simulation's tutor.json entry: the truth and each neighbour's long-run value and spread, masked; each
    neighbour's hint in plain text (a hint names a mistake, never a value)."""
    salt = salt or os.urandom(16).hex()
    for neighbour in simulation.neighbours:
        if neighbour.value is None:
            raise ValueError(f"a neighbour has no long-run value yet (measure its trial once): {neighbour.hint}")
    values = [float(simulation.value), float(simulation.spread)] + [
        v for nb in simulation.neighbours for v in (float(nb.value), -1.0 if nb.spread is None else float(nb.spread))]
    packed = json.dumps(values).encode("utf-8")
    entry: dict[str, Any] = {"kind": "simulation", "salt": salt, "values": _mask(salt, packed).hex(),
                             "hints": [nb.hint for nb in simulation.neighbours]}
    if simulation.mistakes:
        entry["mistakes"] = [[m.id, m.hint] for m in simulation.mistakes]
    return entry


def read_simulation(entry: Mapping[str, Any]) -> Simulation:
    """The Simulation a tutor.json entry holds, its values unmasked (floats; a spread None for a share's), its
    catalogue as ids and hints only (each Mistake's answer None)."""
    values = json.loads(_mask(str(entry["salt"]), bytes.fromhex(str(entry["values"]))).decode("utf-8"))
    pairs = [values[i:i + 2] for i in range(2, len(values), 2)]
    return Simulation(values[0], values[1], [Neighbour(str(hint), value=value, spread=None if spread < 0 else spread)
                                             for hint, (value, spread) in zip(entry["hints"], pairs)],
                      [Mistake(None, str(hint), str(i)) for i, hint in entry.get("mistakes", ())])


def shipped_simulation(package: str, name: str) -> Simulation | None:
    """The shipped Simulation of a group's package's simulation exercise, read from its tutor.json; None if none."""
    entry = shipped_entry(package, name)
    return read_simulation(entry) if entry is not None and entry.get("kind") == "simulation" else None


COMPILERS: dict[type, Callable[[Any, str | None], dict[str, Any]]] = {
    Model: lambda model, salt: compile_model(model, salt=salt).to_json(),
    Simulation: lambda simulation, salt: compile_simulation(simulation, salt=salt),
}
"""How each kind of teacher's model is compiled into its tutor.json entry, ``compiler(model, salt)``: the salt is
the entry's own from the last compile (None the first time), kept so that compiling again changes nothing. A
Simulation's and a Cases' compilers are registered here too (an entry is a dict with its "kind" and "salt")."""

KEY_KINDS = ("value", "formula", "collection")
"""The entry kinds a :class:`Key` reads (a simulation's or a function's entry has its own kind)."""


def teacher_entries(group: str) -> dict[str, Any]:
    """Every teacher's model of a group by exercise name: MODELS, SIMULATIONS and FUNCTIONS together."""
    found: dict[str, Any] = {}
    for kind in ("", "sims", "functions"):
        for name, model in teacher_models(group, kind).items():
            if name in found:
                raise ValueError(f"{group}: the exercise {name!r} has two models on the teacher's side")
            found[name] = model
    return found


def compile_entry(model: Any, salt: str | None = None) -> dict[str, Any]:
    """One tutor.json entry, compiled from a teacher's model by the compiler of its type."""
    compiler = COMPILERS.get(type(model))
    if compiler is None:
        raise TypeError(f"no compiler for a {type(model).__name__} on the teacher's side")
    return compiler(model, salt)


_TABLES: dict[str, dict[str, dict[str, Any]]] = {}


def shipped_entry(package: str, name: str) -> dict[str, Any] | None:
    """The tutor.json entry of an exercise of a group's package ("circuslib.pig"), as JSON data; None if none."""
    if package not in _TABLES:
        _TABLES[package] = _read_table(_table_path(package))
    return _TABLES[package].get(name)


def shipped_key(package: str, name: str) -> Key | None:
    """The shipped key of a value exercise of a group's package ("circuslib.pig"), read from its tutor.json."""
    entry = shipped_entry(package, name)
    return Key.from_json(entry) if entry is not None and entry.get("kind") in KEY_KINDS else None


_DECLARED: set[str] = set()


def declare_group(package: str) -> None:
    """Register the group's tutor.json as a shipped result (``python -m circuslib ship`` writes it, ``--check``
    compares it), when its teacher's models are at hand; called by core/teach.py's Checks for each group."""
    group = package.removeprefix("circuslib.")
    # only whether a file is there: the models themselves are loaded when ship computes the table
    if package in _DECLARED or package not in sys.modules or \
            not any(_teacher_file(group, kind).exists() for kind in ("", "sims", "functions")):
        return
    _DECLARED.add(package)
    path = _table_path(package)

    def tutor(name: str) -> dict[str, Any]:
        old = _read_table(path).get(name)  # an entry keeps its salt, so that compiling again changes nothing
        return compile_entry(teacher_entries(group)[name], old["salt"] if old else None)

    tutor.__module__, tutor.__name__, tutor.__qualname__ = package, "tutor", "tutor"
    tutor.__doc__ = f"The compiled keys of {group}'s exercises: salted digests of the answers and the mistakes."
    # an absolute file: the table lies beside the group's package, not beside this module
    shipped(str(path), cases=lambda: [(name,) for name in teacher_entries(group)], encoding=JSON,
            about=f"the keys of {group}'s exercises: salted digests only (from solutions/tutor/{group}*.py)")(tutor)
    _TABLES.pop(package, None)
