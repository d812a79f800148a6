"""Self-checks for exercises: a check is a tutor, not an oracle.

A check says *why* an answer is wrong ("you counted ordered hands") in one line, never what the right answer is.
Each exercise keeps, as data, a catalogue of the wrong answers students are likely to give (:class:`Mistake`), each
with the hint its check gives; a test feeds every catalogued answer through its check. In a notebook a rejected
answer shows the check's message alone, without a traceback (see :func:`show_wrong_answers_in_one_line`).

A check reads every answer, and every value a student's function returns, as built-in exact types made afresh
(:func:`circuslib.core.plain.rebuilt`), so a subclass that says it equals anything fails. The teacher's grade does
not come from these checks: the teacher's grader (:mod:`circuslib.core.grade`) runs the answer cells elsewhere and
asks each exercise for its verdict with :meth:`Exercise.judge`, against the key it takes from the solution notebook.
"""
from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import math
import numbers
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from statistics import NormalDist
from types import TracebackType
from typing import Any, cast

import sympy

from .cases import FunctionKey, KeyedMistake, decimal_kind, output_digest, outputs_digest
from .plain import rebuilt
from .tutor import (
    Diagnosis,
    Key,
    Mistake,
    Simulation,
    canonical,
    declare_group,
    float_made,
    mistake_id,
    shipped_key,
    shipped_simulation,
)

__all__ = [
    "WrongAnswer", "Mistake", "Exercise", "Verdict", "Written", "Checks", "correct", "exact_number", "check_exact",
    "check_probability", "check_integer", "check_collection", "check_formula", "check_function", "check_simulation",
    "simulation_of", "simulation_power", "simulation_runs", "repeatable", "DRAW_FROM_RNG", "call_student", "deadline",
    "show_wrong_answers_in_one_line", "CORRECT_MARK", "WRONG_MARK", "check_figure", "Sketch", "DIAGNOSIS_MIME",
    "mistake_id", "PLACEHOLDER_LINE", "holds_placeholder", "Key", "forbid_calls", "Forbidden",
]

CORRECT_MARK = "✔ Correct"
WRONG_MARK = "✘ Not yet"
STUDENT_TIME_LIMIT = 20.0
"""Seconds a student's function may run inside a check before the check stops it and says so."""
GRADED_ELSEWHERE = ("ℹ These checks help you practise; your teacher's grade is worked out separately, from your "
                    "answer cells alone.")
"""Said once in a kernel, with the first check a student runs there."""
DIAGNOSIS_MIME = "application/vnd.circuslib.diagnosis+json"
"""The MIME type of the output a rejected answer carries besides its one line: its exercise id, the id of the
mistake diagnosed and its hint, for a report of the misconceptions a class holds (invisible on the page)."""


class WrongAnswer(AssertionError):
    """An exercise answer that is not right yet; the message says what is wrong, not what is right."""

    diagnosis: dict[str, str] | None = None
    """Set by the exercise's check: {"exercise": its id, "mistake": the mistake's id, "hint": what was shown}."""
    found: Diagnosis | None = None
    """The tutor's diagnosis, when a value check found the mistake by its key (its id is then the mistake's)."""


def _wrong(message: str, found: Diagnosis | None) -> WrongAnswer:
    wrong = WrongAnswer(message)
    wrong.found = found
    return wrong


class Passed(str):
    """The success line a check returns: printed once, not echoed again as the cell's value."""

    def _ipython_display_(self) -> None:
        pass  # already printed by correct(); showing the returned value too would say it twice


def correct(message: str = "") -> Passed:
    """Print and return the success line of a check."""
    line = Passed(f"{CORRECT_MARK}{': ' + message if message else '!'}")
    print(line)
    return line


# ---------------------------------------------------------------------------------------------------------
# a wrong answer in a notebook: the check's message, one line, no traceback

def _one_line(shell: Any, etype: type[BaseException], value: BaseException, tb: TracebackType | None,
              tb_offset: int | None = None) -> list[str]:
    lines = [f"{WRONG_MARK}: {line}" if i == 0 else f"   {line}"
             for i, line in enumerate(str(value).splitlines() or [""])]
    # the error output itself (nbgrader and nbclient read a cell as failed from it), with only these lines
    shell._showtraceback(etype, value, lines)
    diagnosis = getattr(value, "diagnosis", None)  # a WrongAnswer's, set by its check (other errors have none)
    if diagnosis:  # which exercise and which mistake, for the class's report: no text shown
        from IPython.display import publish_display_data

        publish_display_data({DIAGNOSIS_MIME: diagnosis, "text/plain": ""})
    if os.environ.get("SERVER_SOFTWARE", "").lower().startswith("voila"):
        print("\n".join(lines))  # Voila hides every error output's text; the message must still reach the student
    return lines


def show_wrong_answers_in_one_line(shell: Any = None) -> bool:
    """Make IPython show a WrongAnswer as the check's message alone; returns whether a shell was found."""
    if shell is None:
        ipython = sys.modules.get("IPython")  # not imported means not running under IPython
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    handled = tuple(getattr(shell, "custom_exceptions", ()) or ())
    if WrongAnswer not in handled:
        shell.set_custom_exc(handled + (WrongAnswer,), _one_line)
    return True


# ---------------------------------------------------------------------------------------------------------
# the catalogue of mistakes, and the registry of a notebook's exercises

# Mistake and mistake_id live in core/tutor.py (the teacher's models use them) and are re-exported here

@dataclass(frozen=True)
class Verdict:
    """A check's judgement of one answer: passed or not, and the one line the student would read."""
    passed: bool
    line: str


_OWN_KEY = object()


@dataclass(frozen=True)
class Exercise:
    """One self-checked exercise: its check, what it practises, its difficulty and its catalogue of mistakes.

    Its key is what its check compares an answer with: for a value, :attr:`key`, read from the group's shipped
    tutor.json (salted digests, see :mod:`circuslib.core.tutor`), or made from ``answer`` when the teacher's
    grader passes one (:meth:`keyed`); for an exercise answered by a function, ``model``, the function the
    student's is compared with. A check that judges by rules alone (a bot's games, a simulation's statistics) has
    neither. Its repr names it only.
    """
    name: str
    title: str
    practises: str
    stars: int
    minutes: int
    mistakes: tuple[Mistake, ...] = field(repr=False)
    run: Callable[..., str] = field(repr=False, compare=False)
    answer: Any = field(default=None, repr=False, compare=False)
    model: Callable[..., Any] | FunctionKey | None = field(default=None, repr=False, compare=False)
    group: str = ""
    """The checks' module it belongs to ("flip7", "pig"): with its name, a kit-wide id."""
    try_it: bool = False
    """A lesson's try-it: its cell starts with ``...`` in place of the answer, and the check then invites the
    student to write it rather than stopping the lesson."""
    package: str = field(default="", repr=False, compare=False)
    """The group's package ("circuslib.pig"), whose data/tutor.json holds the exercise's key."""

    @property
    def id(self) -> str:
        """The exercise's id across the kit, such as "flip7.bust_by_hand"."""
        return f"{self.group}.{self.name}" if self.group else self.name

    def diagnose(self, message: str, found: Diagnosis | None = None) -> dict[str, str]:
        """What a rejection says about the student: the tutor's diagnosis when its key found one, else the
        catalogued mistake whose hint the message gives (the longest, when hints overlap), else an uncatalogued
        one, its id the same whatever values it quotes."""
        if found is not None:
            return {"exercise": self.id, "mistake": found.id, "hint": found.hint}
        catalogue: list[Mistake | KeyedMistake] = list(self.mistakes)
        if isinstance(self.model, FunctionKey):  # a function exercise's catalogue is compiled into its key
            catalogue += self.model.mistakes
        simulation = shipped_simulation(self.package, self.name) if self.package else None
        if simulation is not None:  # a simulation's catalogue on the teacher's side: its ids and hints are shipped
            catalogue += simulation.mistakes
        given = [m for m in catalogue if m.hint and m.hint in message]
        if given:
            mistake = max(given, key=lambda m: len(m.hint))
            return {"exercise": self.id, "mistake": mistake.id, "hint": mistake.hint}
        # the student's own values (in brackets, or numbers) vary from one student to the next; the kind of
        # rejection does not: the id is the message's without them, the hint the message itself, as an example
        kind = re.sub(r"\([^()]*\)|\d+", "", message)
        return {"exercise": self.id, "mistake": "other-" + hashlib.sha1(kind.encode("utf-8")).hexdigest()[:6],
                "hint": message}

    @cached_property
    def shipped(self) -> Key | None:
        """The key shipped in the group's tutor.json, if the exercise has one."""
        return shipped_key(self.package, self.name) if self.package else None

    @cached_property
    def key(self) -> Key | None:
        """What the check compares a value with: the key made from the grader's value when one was passed (keeping
        the shipped key's salt and hints, so the diagnosis still applies), else the shipped key; None for
        functions and checks by rules alone."""
        if self.answer is not None:
            value = self.answer() if callable(self.answer) else self.answer
            return Key.of_value(value, like=self.shipped)
        return self.shipped

    @property
    def has_key(self) -> bool:
        """Whether its check compares with a key (a value's, or a model function) rather than by rules alone."""
        return self.model is not None or self.answer is not None or self.shipped is not None

    @cached_property
    def expected(self) -> Any:
        """What the check compares a value with: the :class:`Key` (digests only) for an exercise keyed by the
        tutor, the value itself only where a check still states it (computed once, on first use)."""
        if self.answer is None:
            return self.shipped
        return self.answer() if callable(self.answer) else self.answer

    @property
    def points(self) -> int:
        """The nbgrader points of its check cell: one per star."""
        return self.stars

    def __call__(self, answer: Any) -> str:
        if self.try_it and holds_placeholder(answer):
            print(PLACEHOLDER_LINE)  # Run All goes on: the lesson's later cells do not need this answer
            return Passed(PLACEHOLDER_LINE)  # printed once, not echoed as the cell's value
        try:
            return self.run(answer)
        finally:
            _say_graded_elsewhere()

    def keyed(self, key: Any) -> Exercise:
        """The same exercise judged against ``key``: the right value, or the model function if it has one."""
        if self.model is not None:
            return replace(self, model=key)
        if self.answer is not None or self.shipped is not None:
            return replace(self, answer=lambda: key)
        return self  # its check judges by rules alone, so a key changes nothing

    def judge(self, answer: Any, key: Any = _OWN_KEY) -> Verdict:
        """The verdict on ``answer``, printed nowhere: against ``key`` when given (see :meth:`keyed`)."""
        exercise = self if key is _OWN_KEY else self.keyed(key)
        with contextlib.redirect_stdout(io.StringIO()):  # the success line is returned, not printed
            try:
                line = self.run(answer, exercise)
            except WrongAnswer as wrong:
                return Verdict(False, f"{WRONG_MARK}: {' '.join(str(wrong).split())}")
        return Verdict(True, " ".join(str(line).split()))


_said: list[bool] = []


def _say_graded_elsewhere() -> None:
    """Print GRADED_ELSEWHERE once, in a notebook only (a script or a test needs no such word)."""
    ipython = sys.modules.get("IPython")
    if not _said and ipython is not None and ipython.get_ipython() is not None:
        _said.append(True)
        print(GRADED_ELSEWHERE)


@dataclass(frozen=True)
class Written:
    """A question answered in words, graded by hand with nbgrader (the rubric is in the solution notebook)."""
    name: str
    title: str
    practises: str
    stars: int
    minutes: int
    points: int = 3


def _check_stars_and_minutes(name: str, stars: int, minutes: int) -> None:
    if stars not in (1, 2, 3):
        raise ValueError(f"{name}: stars must be 1, 2 or 3, not {stars!r}")
    if not isinstance(minutes, int) or minutes <= 0:
        raise ValueError(f"{name}: minutes must be a positive whole number, not {minutes!r}")


class Checks:
    """The checks of one notebook, called as ``check.name(answer)``; ``list(check)`` names them all."""

    def __init__(self, notebook: str) -> None:
        self._notebook = notebook
        self._exercises: dict[str, Exercise] = {}
        self._written: dict[str, Written] = {}

    def exercise(self, *, title: str, practises: str, stars: int, minutes: int, mistakes: Sequence[Mistake] = (),
                 answer: Any = None, model: Callable[..., Any] | FunctionKey | None = None, try_it: bool = False
                 ) -> Callable[[Callable[[Any, Exercise], str]], Exercise]:
        """Decorator: register ``f(answer, exercise)`` as the check of one exercise, with its catalogue.

        An exercise answered by a value has its key on the teacher's side (``solutions/tutor/<group>.py``, shipped
        as digests in ``<group>/data/tutor.json``): its check reads ``exercise.key``, and its catalogue of mistakes
        is the model's. ``answer`` (the right value, or a function computing it) is the older way, still read as
        ``exercise.expected`` by checks not yet keyed by the tutor.
        ``model`` is the function a student's function is compared with, when the answer is a function: the check
        reads it as ``exercise.model``. Either is the exercise's key, which the teacher's grader may replace.
        ``try_it`` marks a lesson's try-it, whose cell holds ``...`` until the student writes an answer.
        """
        mistakes = tuple(mistakes)
        # a catalogue here has three mistakes at least; an exercise keyed by the tutor keeps its catalogue in its
        # model (tests/test_checks_catalogue.py makes sure every exercise has one, here or there)
        if mistakes and (len(mistakes) < 3 or not all(isinstance(m, Mistake) for m in mistakes)):
            raise ValueError(f"{self._notebook}: {title!r} needs a catalogue of at least three Mistake(...) entries")

        def register(function: Callable[[Any, Exercise], str]) -> Exercise:
            name = function.__name__
            _check_stars_and_minutes(name, stars, minutes)

            def run(given: Any, keyed: Exercise | None = None) -> str:
                try:
                    # a catalogue's Sketch is the kit's own figure, drawn when read: not a student's value
                    return function(given if isinstance(given, Sketch) else rebuilt(given), keyed or exercise)
                except WrongAnswer as wrong:
                    wrong.diagnosis = exercise.diagnose(str(wrong), wrong.found)
                    raise
                except Exception as error:  # an answer of a shape nobody foresaw: say so, never a traceback
                    unread = WrongAnswer(f"the check could not read this answer ({type(error).__name__}: "
                                         f"{_short(str(error))}); look at the form the question asks for")
                    unread.diagnosis = exercise.diagnose(str(unread))
                    raise unread from None

            run.__name__ = run.__qualname__ = name
            run.__doc__ = function.__doc__
            group = function.__module__.removeprefix("circuslib.").removesuffix(".checks").removesuffix("_checks")
            package = function.__module__.rpartition(".")[0]
            declare_group(package)  # its tutor.json is a shipped result, when the teacher's models are at hand
            exercise = Exercise(name, title, practises, stars, minutes, mistakes, run, answer, model, group,
                                try_it, package)
            self._exercises[name] = exercise
            return exercise

        return register

    def written(self, name: str, *, title: str, practises: str, stars: int, minutes: int, points: int = 3) -> Written:
        """Register a question answered in words (graded by hand)."""
        _check_stars_and_minutes(name, stars, minutes)
        self._written[name] = Written(name, title, practises, stars, minutes, points)
        return self._written[name]

    def exercises(self) -> list[Exercise]:
        """Every self-checked exercise, in the order they were registered."""
        return list(self._exercises.values())

    def written_questions(self) -> list[Written]:
        """Every question answered in words, in order."""
        return list(self._written.values())

    def __getattr__(self, name: str) -> Exercise:
        try:
            exercise: Exercise = self.__dict__["_exercises"][name]
            return exercise
        except KeyError:
            raise AttributeError(f"there is no check called {name!r} for {self._notebook}; "
                                 f"the checks are: {', '.join(self._exercises)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._exercises)

    def __dir__(self) -> list[str]:
        return list(self._exercises)


# ---------------------------------------------------------------------------------------------------------
# reading answers

def _not_answered(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


PLACEHOLDER_LINE = "✎ Your turn: write your answer in place of ... and run this cell again."


def holds_placeholder(answer: Any) -> bool:
    """Whether a try-it's answer is still the ``...`` its cell came with (or holds one among its parts)."""
    if answer is Ellipsis:
        return True
    return type(answer) in (tuple, list) and any(part is Ellipsis for part in answer)


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_decimal(answer: Any) -> bool:
    """A decimal of any kind: float, complex, numpy floating, Decimal, or a sympy Float (from N() or evalf())."""
    if isinstance(answer, (float, complex, sympy.Float)):
        return True
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(answer, (numpy.floating, numpy.complexfloating)):
        return True
    from decimal import Decimal
    return isinstance(answer, Decimal)


def _decimal(message: str) -> WrongAnswer:
    """A decimal where an exact value is asked: the family every check names the same way."""
    return _wrong(message, Diagnosis("family-decimal", message))


def exact_number(answer: Any, what: str = "your answer") -> sympy.Rational:
    """Read an answer as an exact rational number, or explain in one line why it is not one."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool):
        raise WrongAnswer(f"{what} should be a number, not True/False")
    if isinstance(answer, sympy.Float):
        raise _decimal(f"{what} is a sympy Float, a decimal (as N() and evalf() give): give it exactly, as a "
                     "Fraction or a sympy Rational")
    if _is_decimal(answer):
        raise _decimal(f"{what} is a decimal: give it exactly, as a Fraction or a sympy Rational (a decimal is "
                     "rounded, so it can never be exactly right)")
    if isinstance(answer, str):
        raise WrongAnswer(f"{what} is text (in quotes); give a number, not a string")
    if isinstance(answer, numbers.Integral):  # int, numpy integers, sympy Integer
        return sympy.Integer(int(answer))
    if isinstance(answer, Fraction):
        return sympy.Rational(answer.numerator, answer.denominator)
    if isinstance(answer, sympy.Basic):
        if answer.is_Rational:
            return answer
        if answer.has(sympy.Float):
            raise _decimal(f"{what} contains a decimal (a sympy Float, as N() and evalf() give): give it exactly")
        if answer.free_symbols:
            names = ", ".join(sorted(map(str, answer.free_symbols)))
            raise WrongAnswer(f"{what} still contains the symbol(s) {names}: substitute their values to get a number")
        value = sympy.simplify(answer.doit())
        if value.is_Rational:
            raise WrongAnswer(f"{what} is an expression still to be worked out: give it exactly as one number "
                              "(call .doit() or simplify on it)")
        raise WrongAnswer(f"{what} is not an exact rational number (a probability or an expected value here is "
                          "a ratio of whole numbers)")
    if isinstance(answer, numbers.Rational):
        return sympy.Rational(int(answer.numerator), int(answer.denominator))
    raise WrongAnswer(f"{what} has type {type(answer).__name__}; expected one number")


def _same_value(a: Any, b: sympy.Basic) -> bool:
    try:
        if _is_decimal(a) or isinstance(a, sympy.Basic) and a.has(sympy.Float):
            return False  # a decimal is never exactly a value (subtracting at its precision would say it is)
        difference = sympy.sympify(a) - b
        if difference.is_number:  # numbers: decide at once (simplify can take minutes on a huge integer)
            zero = difference.is_zero
            return bool(zero) if zero is not None else abs(complex(difference.evalf(40))) < 1e-30
        same: bool = sympy.simplify(difference) == 0
        return same
    except (TypeError, ValueError, AttributeError, OverflowError, sympy.SympifyError):
        return False


def _hint_for_value(value: sympy.Basic, mistakes: Iterable[Mistake]) -> str | None:
    for mistake in mistakes:
        if callable(mistake.answer) or _is_decimal(mistake.answer) or isinstance(mistake.answer, (str, bool)):
            continue  # decimals, texts and functions are explained before any comparison of values
        if isinstance(mistake.answer, (numbers.Number, sympy.Basic)) and _same_value(mistake.answer, value):
            return mistake.hint
    return None


def _float_made_line(what: str, value: Any) -> WrongAnswer | None:
    """A Fraction made from a float (Fraction(11 / 97)), named as such, showing the student's own small fraction
    (a check with no key says only this)."""
    small = float_made(Fraction(int(value.p), int(value.q))) if isinstance(value, sympy.Rational) else None
    if small is None:
        return None
    p, q = small.numerator, small.denominator
    return _wrong(f"{what}: that Fraction was made from a decimal: write Fraction({p}, {q}), not Fraction({p}/{q}) "
                  f"({p}/{q} is worked out as a decimal first)", Diagnosis("family-float-fraction", "Fraction made "
                                                                           "from a decimal", False))


def _not_right(what: str, value: Any, mistakes: Iterable[Mistake], fallback: str = "", key: Key | None = None,
               **asks: bool) -> WrongAnswer:
    """The one line of a wrong value: the mistake the key (or the catalogue) finds, else "not right yet"."""
    if key is not None:
        found = key.diagnose(value, **asks)
        if found is not None:
            shown = f"{what} ({value})" if found.show_value else what
            return _wrong(f"{shown} is not right yet: {found.hint}", found)
    else:
        hint = _hint_for_value(value, mistakes)
        if hint:
            return WrongAnswer(f"{what} ({value}) is not right yet: {hint}")
        made = _float_made_line(what, value)
        if made is not None:
            return made
    return WrongAnswer(f"{what} ({value}) is not right yet" + (f": {fallback}" if fallback else "."))


def _key_or_number(expected: Any) -> Key | sympy.Rational:
    return expected if isinstance(expected, Key) else exact_number(expected, "the expected value")


def check_exact(answer: Any, expected: Any, *, what: str = "your answer", mistakes: Iterable[Mistake] = (),
                success: str = "", fallback: str = "") -> Passed:
    """Exact comparison of rational numbers (int, Fraction, sympy Rational and numpy integers are accepted);
    ``expected`` is the exercise's :class:`Key` (or, in a check not keyed by the tutor, the value)."""
    value = exact_number(answer, what)
    target = _key_or_number(expected)
    if isinstance(target, Key) and target.matches(value):
        return correct(success or target.success_line(value))
    if not isinstance(target, Key) and value == target:
        return correct(success)
    raise _not_right(what, value, mistakes, fallback, target if isinstance(target, Key) else None)


def check_probability(answer: Any, expected: Any, *, what: str = "your probability",
                      mistakes: Iterable[Mistake] = (), success: str = "", fallback: str = "") -> Passed:
    """Exact comparison of a probability, saying what a value outside 0 to 1 is (a percentage, a count)."""
    value = exact_number(answer, what)
    target = _key_or_number(expected)
    if isinstance(target, Key):
        if target.matches(value):
            return correct(success or target.success_line(value))
        found = target.diagnose(value, probability=True)
        if found is None and (value < 0 or value > 1):
            raise WrongAnswer(f"{what} is {value}, but a probability must lie between 0 and 1")
        raise _not_right(what, value, (), fallback, target, probability=True)
    if value < 0 or value > 1:
        hint = _hint_for_value(value, mistakes)
        if hint:
            raise WrongAnswer(f"{what} ({value}) is not right yet: {hint}")
        if value == 100 * target:
            raise WrongAnswer(f"{what} looks like a percentage; give a probability between 0 and 1")
        if value > 1 and value.is_Integer:
            raise WrongAnswer(f"{what} ({value}) is a count, not a probability: divide by the number of equally "
                              "likely cases")
        raise WrongAnswer(f"{what} is {value}, but a probability must lie between 0 and 1")
    return check_exact(value, target, what=what, mistakes=mistakes, success=success, fallback=fallback)


def check_integer(answer: Any, expected: Any, *, what: str = "your count", mistakes: Iterable[Mistake] = (),
                  success: str = "", fallback: str = "", nonnegative: bool = True) -> Passed:
    """Exact comparison of a whole number (a count, a distance); numpy and sympy integers are accepted;
    ``expected`` is the exercise's :class:`Key` (or the whole number itself)."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool):
        raise WrongAnswer(f"{what} should be a whole number, not True/False")
    if _is_decimal(answer):
        whole = isinstance(answer, float) and math.isfinite(answer) and answer.is_integer()
        raise _decimal(f"{what} is a decimal; a count is a whole number: " +
                     ("use int, or // instead of /" if whole else "count whole cases"))
    if isinstance(answer, (Fraction, sympy.Rational)) and not isinstance(answer, sympy.Integer):
        if Fraction(str(answer)).denominator != 1:
            raise WrongAnswer(f"{what} ({answer}) is a fraction; a count is a whole number")
    elif isinstance(answer, sympy.Basic) and not isinstance(answer, sympy.Integer):
        exact_number(answer, what)  # explains a decimal, a symbol or an unworked expression
    elif not isinstance(answer, numbers.Integral):
        raise WrongAnswer(f"{what} should be a whole number, not {type(answer).__name__}")
    value = int(answer)
    if nonnegative and value < 0:
        raise WrongAnswer(f"{what} is negative ({value}); a count is never below 0")
    if isinstance(expected, Key):
        if expected.matches(value):
            return correct(success or expected.success_line(value))
        raise _not_right(what, value, (), fallback, expected, count=True)
    if value == expected:
        return correct(success)
    raise _not_right(what, value, mistakes, fallback)


def check_collection(answer: Any, expected: Any, *, ordered: bool = False, what: str = "your list",
                     success: str = "") -> Passed:
    """Compare a list or set of items (in order if ``ordered``), saying how many are missing or extra;
    ``expected`` is the exercise's :class:`Key` (each item's digest), or the items themselves."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise WrongAnswer(f"{what} should be a list or a set, not {type(answer).__name__}")
    got = list(answer)
    if isinstance(expected, Key):
        seen, wanted = expected.item_digests(got), list(expected.items)
        ordered = expected.ordered
        if expected.matches(got) and (ordered or len(seen) == len(set(seen))):
            return correct(success or expected.success_line(got))
        found = expected.known(got)
        if found is not None:
            raise _wrong(f"{what} is not right yet: {found.hint}", found)
    else:
        want = list(expected)
        seen, wanted = [repr(g) for g in got], [repr(w) for w in want]
    if ordered:
        if seen == wanted:
            return correct(success)
        if sorted(seen) == sorted(wanted):
            raise WrongAnswer(f"{what} has the right items in the wrong order")
    elif len(seen) == len(set(seen)) and set(seen) == set(wanted):
        return correct(success)
    missing = len(set(wanted) - set(seen))
    extra = len(set(seen) - set(wanted))
    repeats = len(seen) - len(set(seen))
    problems = [f"{missing} missing" if missing else "", f"{extra} that should not be there" if extra else "",
                f"{repeats} repeated" if repeats else ""]
    raise WrongAnswer(f"{what} is not right yet: " + ", ".join(p for p in problems if p) + ".")


# ---------------------------------------------------------------------------------------------------------
# formulas

def _by_name(expression: sympy.Basic, symbols: Iterable[sympy.Symbol]) -> sympy.Basic:
    """The expression with each free symbol replaced by the expected symbol of the same name (assumptions aside)."""
    wanted = {s.name: s for s in symbols}
    return expression.xreplace({s: wanted[s.name] for s in expression.free_symbols
                                if isinstance(s, sympy.Symbol) and s.name in wanted})


def _same_formula(a: sympy.Basic, b: sympy.Basic) -> bool:
    try:
        same: bool = sympy.simplify(a - b) == 0
        return same
    except (TypeError, ValueError, AttributeError):
        return False


def check_formula(answer: Any, expected: Any, *, what: str = "your formula", mistakes: Iterable[Mistake] = (),
                  success: str = "", fallback: str = "") -> Passed:
    """Exact comparison of a sympy formula; symbols are matched by name, whatever assumptions they were made with;
    ``expected`` is the exercise's :class:`Key` (the formula's digests at fixed points), or the formula."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with a sympy expression")
    if isinstance(answer, str):
        raise WrongAnswer(f"{what} is text (in quotes); build it from sympy symbols instead")
    keyed = isinstance(expected, Key)
    names = set(expected.symbols) if keyed else {s.name for s in expected.free_symbols}
    if _is_decimal(answer) or isinstance(answer, numbers.Number) and not names:
        return check_exact(answer, expected, what=what, mistakes=mistakes, success=success, fallback=fallback)
    if not isinstance(answer, sympy.Basic):
        raise WrongAnswer(f"{what} has type {type(answer).__name__}; give a sympy expression")
    if answer.has(sympy.Float):
        raise _decimal(f"{what} contains a decimal (a sympy Float): give it exactly, with Rational or fractions")
    unknown = sorted(s.name for s in answer.free_symbols if s.name not in names)
    if unknown:
        raise WrongAnswer(f"{what} uses {', '.join(unknown)}; write it with {', '.join(sorted(names))} only")
    if keyed:
        if expected.matches(answer):
            return correct(success or expected.success_line(answer))
        found = expected.known(answer)
        if found is not None:
            raise _wrong(f"{what} is not right yet: {found.hint}", found)
        raise WrongAnswer(f"{what} is not right yet" + (f": {fallback}" if fallback else "."))
    expression = _by_name(answer, expected.free_symbols)
    if _same_formula(expression, expected):
        return correct(success)
    for mistake in mistakes:
        if isinstance(mistake.answer, sympy.Basic) and _same_formula(expression, _by_name(mistake.answer,
                                                                                           expected.free_symbols)):
            raise WrongAnswer(f"{what} is not right yet: {mistake.hint}")
    raise WrongAnswer(f"{what} is not right yet" + (f": {fallback}" if fallback else "."))


# ---------------------------------------------------------------------------------------------------------
# a student's functions: run them safely, compare them with the kit's on many inputs

class _TooLong(Exception):
    pass


@contextlib.contextmanager
def deadline(seconds: float, stop: Callable[[], BaseException]) -> Iterator[None]:
    """Raise ``stop()`` in the block once it has run ``seconds`` (in the main thread, where signals are; elsewhere
    the block runs unlimited). A timer already running (a test runner's, an outer limit) is paused and given back
    its remaining time, so limits nest."""
    import time

    if not (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()):
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        raise stop()

    outer_handler = signal.signal(signal.SIGALRM, alarm)
    outer_left, outer_interval = signal.getitimer(signal.ITIMER_REAL)
    signal.setitimer(signal.ITIMER_REAL, min(seconds, outer_left) if outer_left else seconds)
    started = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer_handler)
        if outer_left:
            left = max(outer_left - (time.monotonic() - started), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, outer_interval)


class Forbidden:
    """A watch on a student's call: which of the kit's own functions (or a library's) ran inside it.

    It looks at what runs (sys.setprofile), not at names in the source: a solver called under another name,
    through a helper, a lambda or a module imported inside, is seen all the same. ``say`` is what the check then
    tells the student ("work it out yourself"). Used as ``with watch: ...``, then ``watch.found`` names it.
    """

    def __init__(self, functions: Iterable[Callable[..., Any]] = (), libraries: Iterable[str] = (), *,
                 say: str = "write it yourself rather than calling the kit's own function") -> None:
        self.codes: dict[Any, str] = {}
        self.wrapped: dict[int, str] = {}  # reached through a Python wrapper whose code other wrappers share
        self.natives: dict[int, str] = {}  # built-in or C-level callables (an lru_cache), seen by their c_call
        for target in functions:
            name = getattr(target, "__name__", repr(target))
            layer: Any = target
            while layer is not None:
                code = getattr(layer, "__code__", None)
                if code is None:
                    self.natives[id(layer)] = name
                elif getattr(layer, "__wrapped__", None) is None:
                    self.codes[code] = name
                else:
                    self.wrapped[id(layer.__wrapped__)] = name
                layer = getattr(layer, "__wrapped__", None)
        self.libraries = tuple(libraries)
        self.say = say
        self.found: str | None = None
        self._outer: Any = None

    def _watch(self, frame: Any, event: str, arg: Any) -> None:
        if self.found is not None:
            return
        if event == "c_call":
            self.found = self.natives.get(id(arg))
            return
        if event != "call":
            return
        code = frame.f_code
        if code in self.codes:
            self.found = self.codes[code]
        elif self.wrapped and any(id(v) in self.wrapped for v in frame.f_locals.values()):
            self.found = next(self.wrapped[id(v)] for v in frame.f_locals.values() if id(v) in self.wrapped)
        elif self.libraries and str(frame.f_globals.get("__name__", "")).partition(".")[0] in self.libraries:
            library = str(frame.f_globals["__name__"]).partition(".")[0]
            self.found = library if code.co_name.startswith("<") else f"{library} ({code.co_name})"

    def __enter__(self) -> Forbidden:
        self.found = None
        self._outer = sys.getprofile()
        sys.setprofile(self._watch)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(self._outer)


def call_student(function: Callable[..., Any], *args: Any, name: str = "your function",
                 time_limit: float = STUDENT_TIME_LIMIT, forbid: Forbidden | None = None, exact: bool = False) -> Any:
    """Call a student's function; an error or a run that never ends becomes a one-line WrongAnswer, and so does a
    call of a function the exercise forbids (``forbid``) and, with ``exact``, a decimal returned (named as the kind
    it is, before the value is read as built-in types: a numpy float would read as a float)."""
    shown = ", ".join(_short(repr(a), 40) for a in args)
    try:
        with deadline(time_limit, _TooLong), (forbid or contextlib.nullcontext()):
            value = function(*args)
    except _TooLong:
        raise WrongAnswer(f"{name} was still running after {time_limit:g} s on input ({shown}): look for a loop "
                          "that never ends, or a search that repeats work") from None
    except WrongAnswer:
        raise
    except RecursionError:
        raise WrongAnswer(f"{name} recursed without end on input ({shown}): does every call get closer to a "
                          "case it answers directly?") from None
    except Exception as error:  # a student's function may fail in any way: say where, never a traceback
        raise WrongAnswer(f"{name} raised {type(error).__name__} on input ({shown}): "
                          f"{_short(str(error)) or 'no message'}") from None
    if forbid is not None and forbid.found:
        raise WrongAnswer(f"{name} calls {forbid.found}: {forbid.say}")
    not_exact = _not_exact(name, args, value) if exact else None
    if not_exact:
        raise not_exact
    return rebuilt(value)


def forbid_calls(function: Any, forbidden: Iterable[Callable[..., Any]], *, says: str,
                 libraries: Iterable[str] = ()) -> Any:
    """The student's ``function``, watched: a call in which any of the kit's ``forbidden`` functions (or any of
    these ``libraries``) runs, however it is reached, is refused with ``says`` once it returns (see
    :class:`Forbidden`, which a check may also hand to call_student or check_function). Anything not callable is
    given back as it is, for the check to explain."""
    if not callable(function):
        return function
    watch = Forbidden(forbidden, libraries, say=says)

    def watched(*args: Any, **kwargs: Any) -> Any:
        with watch:
            result = function(*args, **kwargs)
        if watch.found:
            raise WrongAnswer(says)
        return result

    watched.__name__ = watched.__qualname__ = getattr(function, "__name__", "function")
    watched.__doc__ = getattr(function, "__doc__", None)
    return watched


def _equal(got: Any, want: Any) -> bool:
    try:
        if isinstance(want, (numbers.Number, sympy.Basic)) and not isinstance(got, (str, bool)):
            return bool(sympy.sympify(got) == sympy.sympify(want)) or _same_value(got, sympy.sympify(want))
        return bool(got == want)
    except Exception:  # an odd returned object that cannot even be compared is simply not equal
        return False


def _not_exact(name: str, args: Sequence[Any], value: Any) -> WrongAnswer | None:
    """A one-line "give it exactly" naming the decimal a student's function returned, or None if it is exact."""
    found = decimal_kind(value)
    if found is None:
        return None
    kind, decimal = found
    family = Diagnosis("family-float-fraction" if kind == "a Fraction made from a float" else "family-decimal",
                       "give it exactly")
    shown = ", ".join(_short(repr(a), 40) for a in args)
    if kind == "a Fraction made from a float":
        if decimal is None:
            return _wrong(f"{name} returned a Fraction made from a float on input ({shown}): give it exactly, with "
                          "Fraction(numerator, denominator) of whole numbers, never Fraction(a / b)", family)
        exact = (str(decimal.numerator) if decimal.denominator == 1
                 else f"Fraction({decimal.numerator}, {decimal.denominator})")
        return _wrong(f"{name} returned a Fraction made from a float on input ({shown}): give it exactly, write "
                      f"{exact}, not Fraction({decimal.numerator}/{decimal.denominator})", family)
    return _wrong(f"{name} returned the decimal {_short(str(decimal), 30)} ({kind}) on input ({shown}): give it "
                  "exactly (a whole number, a Fraction or a sympy Rational)", family)


def _keyed_wrong(mistake: KeyedMistake, message: str) -> WrongAnswer:
    return _wrong(message, Diagnosis(mistake.id, mistake.hint))


WATCHED = 5
"""How many of a function's first calls a check watches for the functions the exercise forbids."""


def check_function(function: Any, reference: Callable[..., Any] | FunctionKey | None,
                   inputs: Sequence[tuple[Any, ...]] | FunctionKey, *, name: str = "your function",
                   mistakes: Iterable[Mistake] = (), exact: bool = True, success: str = "",
                   equal: Callable[[Any, Any], bool] = _equal, fallback: str = "",
                   normal: Callable[[Any], Any] = lambda value: value, forbid: Forbidden | None = None) -> Passed:
    """Try a student's function on every input against the right outputs; a catalogued wrong function gets its hint.

    ``inputs`` is a list of argument tuples or an exercise's FunctionKey (its fixed and generated inputs, and the
    digests of the right outputs); ``reference`` is the FunctionKey again, or a function giving the right outputs
    (the teacher's grader's key). ``normal`` reads a returned value before it is compared (a set of positions as
    plain tuples); ``forbid`` is the watch for the functions the exercise forbids.
    """
    if _not_answered(function):
        raise WrongAnswer(f"{name} is still empty: write the function")
    if not callable(function):
        raise WrongAnswer(f"{name} should be a function (def ...), not {type(function).__name__}")
    key = inputs if isinstance(inputs, FunctionKey) else reference if isinstance(reference, FunctionKey) else None
    if reference is None:
        if key is None:
            raise TypeError("check_function needs a reference function or a FunctionKey")
        reference = key
    tried = key.inputs if key is not None else [tuple(args) for args in cast(Sequence[Any], inputs)]
    got = []
    for i, args in enumerate(tried):
        # its own copy of the arguments each time; the watch on the first few calls only (a function that calls
        # what it must not calls it every time, and watching every call would slow a deep search)
        value = call_student(function, *copy.deepcopy(args), name=name, forbid=forbid if i < WATCHED else None,
                             exact=exact)
        if exact:
            not_exact = _not_exact(name, args, value)
            if not_exact:
                raise not_exact
        got.append(value)
    if isinstance(reference, FunctionKey):
        texts = [canonical(normal(g)) for g in got]
        right = [output_digest(reference.salt, i, t) == d for i, (t, d) in enumerate(zip(texts, reference.digests))]
        varies = reference.varies
    else:  # the teacher's grader's key: a function, compared on the same inputs as the digests would be
        want = [reference(*copy.deepcopy(args)) for args in tried]
        if key is not None:
            right = [canonical(normal(g)) == canonical(normal(w)) for g, w in zip(got, want)]
        else:
            right = [equal(g, w) for g, w in zip(got, want)]
        varies = len({repr(w) for w in want}) > 1
    if all(right):
        return correct(success)
    if key is not None:
        texts = [canonical(normal(g)) for g in got]
        every, fixed = outputs_digest(key.salt, texts), outputs_digest(key.salt, texts[:key.fixed])
        for keyed in key.mistakes:  # the same wrong function everywhere, or at least on the check's fixed inputs
            if keyed.digest == every:
                raise _keyed_wrong(keyed, f"{name} is not right yet: {keyed.hint}")
        for keyed in key.mistakes:
            if keyed.fixed == fixed:
                raise _keyed_wrong(keyed, f"{name} is not right yet: {keyed.hint}")
    for mistake in mistakes:
        if callable(mistake.answer) and not isinstance(reference, FunctionKey):
            try:
                theirs = [mistake.answer(*copy.deepcopy(args)) for args in tried]
            except Exception:  # a catalogued model that does not apply to these inputs
                continue
            if all(equal(g, t) for g, t in zip(got, theirs)):
                raise WrongAnswer(f"{name} is not right yet: {mistake.hint}")
    if len(tried) > 2 and len({repr(g) for g in got}) == 1 and varies:
        raise WrongAnswer(f"{name} gives the same answer whatever the input: it must depend on its arguments")
    first = right.index(False)
    shown = ", ".join(_short(repr(a), 40) for a in tried[first])
    raise WrongAnswer(f"{name} is not right yet on input ({shown}): it returned {_short(repr(got[first]), 40)}"
                      + (f"; {fallback}" if fallback else ""))


# ---------------------------------------------------------------------------------------------------------
# simulations: the check runs the student's simulation with its own seeds, and tells the right game from its
# neighbours (another stopping rule, faces, range, seat or tie rule) by the long-run value each would give

POWER = 0.99
"""The chance the check must have of telling the right game from each neighbouring one, either way round."""
CHECK_RUNS = 2
"""The check judges the mean of its two seeded runs: n runs each, so 2n in all."""
_REPEAT_RUNS = 200
"""Runs of the two calls that test the seed (the same seed, the global generators set differently)."""


def _neighbour_parts(neighbour: Any, share: bool) -> tuple[float, str, float | None]:
    """(value, hint, spread) of a neighbouring model given as (value, hint), (value, hint, spread) or an object."""
    if isinstance(neighbour, tuple):
        value, hint, *rest = neighbour
        spread = rest[0] if rest else None
    else:
        value, hint, spread = neighbour.value, neighbour.hint, getattr(neighbour, "spread", None)
    value = float(value)
    if spread is None and share:
        spread = math.sqrt(max(value * (1 - value), 0.0))
    return value, str(hint), None if spread is None else float(spread)


def simulation_power(n: int, reference: float, spread: float, neighbours: Sequence[Any], *,
                     share: bool | None = None) -> float:
    """The chance, for the weakest neighbour, that the mean of the check's runs (n each) lies nearer the model it
    came from than the other one: for the right simulation and for that neighbour's alike."""
    share = _is_share(reference, spread) if share is None else share
    worst = 1.0
    for neighbour in neighbours:
        value, _, other = _neighbour_parts(neighbour, share)
        sigma = max(spread, other if other is not None else spread)
        gap = abs(value - reference) / 2  # the check sides with whichever model the estimate lies nearer
        worst = min(worst, NormalDist().cdf(gap * math.sqrt(CHECK_RUNS * n) / sigma) if sigma else 1.0)
    return worst


def simulation_runs(reference: float, spread: float, neighbours: Sequence[Any], *, power: float = POWER,
                    share: bool | None = None) -> int:
    """The fewest runs n per seed for which :func:`simulation_power` reaches ``power``."""
    share = _is_share(reference, spread) if share is None else share
    z = NormalDist().inv_cdf(power)
    most = 1
    for neighbour in neighbours:
        value, _, other = _neighbour_parts(neighbour, share)
        sigma = max(spread, other if other is not None else spread)
        gap = abs(value - reference) / 2
        if gap == 0:
            raise ValueError(f"a neighbouring model gives the right value, so no simulation tells it apart: {_}")
        most = max(most, math.ceil((z * sigma / gap) ** 2 / CHECK_RUNS))
    return most


def _is_share(reference: float, spread: float) -> bool:
    return 0 <= reference <= 1 and abs(spread - math.sqrt(reference * (1 - reference))) < 1e-3


def _triple(result: Any, name: str, call: str) -> tuple[float, float, float]:
    try:
        estimate, (low, high) = result
        values = float(estimate), float(low), float(high)
    except (TypeError, ValueError):
        raise WrongAnswer(f"{name}{call} should return (estimate, (low, high)), three numbers") from None
    if not all(math.isfinite(v) for v in values):
        raise WrongAnswer(f"{name}{call} returned NaN or infinity: did you divide by zero runs?")
    return values


@contextlib.contextmanager
def _global_generators(seed: int) -> Iterator[None]:
    """Python's and numpy's global generators set to ``seed`` for one call, then put back as they were."""
    import random

    numpy = sys.modules.get("numpy")  # not imported: nothing of numpy's to set
    saved = random.getstate()
    saved_numpy = numpy.random.get_state() if numpy is not None else None
    random.seed(seed)
    if numpy is not None:
        numpy.random.seed(seed)
    try:
        yield
    finally:
        random.setstate(saved)
        if numpy is not None:
            numpy.random.set_state(saved_numpy)


def repeatable(run: Callable[[], Any]) -> bool:
    """Whether ``run()`` gives the same result each time while Python's and numpy's global generators are set
    differently: what draws only from the rng (or seed) it is given does; what draws from ``random.random()``,
    a generator made without a seed or one kept from an earlier call does not."""
    results = []
    for seed in (20_261, 7_919, 104_729, 3):  # an unseeded run of a few hundred games repeats a count of wins by
        with _global_generators(seed):       # chance now and then; four times in a row, hardly ever
            results.append(run())
    return all(result == results[0] for result in results)


DRAW_FROM_RNG = "draw from rng, so that your run can be repeated"

_REPLAY_SIZES = (4, 8, 12, 16, 20, 24)
"""Run counts that are multiples of every short period (1, 2, 4): a simulation that makes its generator again
from the same seed for every run repeats its first few runs over and over (one, or two when the dealer
alternates), and so gives the same estimate at each of these sizes."""


def replays(run: Callable[[int, int], tuple[float, float, float]], seeds: Sequence[int]) -> bool:
    """Whether a simulation plays the same few runs over and over: for each seed its estimate is the same at every
    size of _REPLAY_SIZES while its interval has no width or narrows as n grows (an interval the same at every n is
    made up, not simulated), and the seeds do not all give the same estimate (that would be no simulation at all)."""
    estimates: set[float] = set()
    for seed in seeds:
        first, low, high = run(_REPLAY_SIZES[0], seed)
        widths = {high - low}
        for size in _REPLAY_SIZES[1:]:
            estimate, low, high = run(size, seed)
            if estimate != first:  # a right simulation is told at once
                return False
            widths.add(high - low)
        if len(widths) == 1 and widths != {0.0}:
            return False
        estimates.add(first)
        if len(estimates) > 1:
            return True
    return False


_HALF_WIDTHS: tuple[tuple[str, Callable[[float, float, float], float], str], ...] = (
    ("interval-95", lambda z, s, n: z * s / math.sqrt(n), ""),
    ("interval-90", lambda z, s, n: 1.645 * s / math.sqrt(n),
     "that is a 90% interval (1.645 standard errors): a 95% interval takes 1.96"),
    ("interval-99", lambda z, s, n: 2.576 * s / math.sqrt(n),
     "that is a 99% interval (2.576 standard errors): a 95% interval takes 1.96"),
    ("interval-no-z", lambda z, s, n: s / math.sqrt(n),
     "that is one standard error on each side: a 95% interval reaches 1.96 standard errors"),
    ("interval-variance", lambda z, s, n: z * s * s / math.sqrt(n),
     "you used the variance where the standard deviation belongs: take its square root"),
    ("interval-over-n", lambda z, s, n: z * s / n,
     "you divided the standard deviation by n: the standard error is the standard deviation divided by sqrt(n)"),
    ("interval-no-n", lambda z, s, n: z * s,
     "your interval does not shrink as n grows: divide the standard deviation of one run by sqrt(n)"),
)
"""The half-widths students give for a 95% interval, as a function of (1.96, the spread of one run, n): the right
one first, then the slips, each with the hint that names it."""
_SAME_WIDTH = 1.07
"""Half-widths within this factor of each other are the same to the check (a Wilson interval, n - 1, 2 for 1.96)."""


def _interval_fault(half: float, spread: float, n: int) -> list[str]:
    """The hints of the slips whose half-width is the student's (none when the right one is), nearest first."""
    if spread == 0:
        return []
    widths = [(ident, width(1.96, spread, n), hint) for ident, width, hint in _HALF_WIDTHS]
    if abs(math.log(half / widths[0][1])) <= math.log(_SAME_WIDTH):
        return []
    near = sorted((abs(math.log(half / width)), hint) for ident, width, hint in widths[1:] if width > 0)
    return [hint for gap, hint in near if gap <= math.log(_SAME_WIDTH)]


def simulation_of(exercise: Exercise) -> Simulation:
    """A simulation exercise's truth and neighbours, as shipped (masked) in its group's tutor.json."""
    found = shipped_simulation(exercise.package, exercise.name) if exercise.package else None
    if found is None:
        raise WrongAnswer(f"the check of {exercise.name} is missing its long-run values: the kit is incomplete "
                          "(python -m circuslib ship writes them)")
    return found


def check_simulation(function: Any, simulation: Simulation | None = None, *, reference: float | None = None,
                     spread: float | None = None, n: int, seeds: Sequence[int] = (1, 2),
                     name: str = "your simulation", mistakes: Iterable[Mistake] = (), unit: str = "runs",
                     success: str = "", neighbours: Sequence[Any] = (), share: bool | None = None) -> Passed:
    """Run a student's ``simulate(n, seed) -> (estimate, (low, high))`` and judge it as a simulation.

    ``simulation`` (:func:`simulation_of` an exercise) holds the long-run value, the standard deviation of one run
    (sqrt(p(1 - p)) for a share) and the neighbouring models; or give them as ``reference``, ``spread`` and
    ``neighbours`` ((long-run value, hint[, spread]) each). The interval must be a 95% interval for ``n`` runs; an
    estimate nearer a neighbour than the truth gets its hint (``n`` is chosen with :func:`simulation_runs` so that
    this errs less than once in a hundred).
    """
    if simulation is not None:
        reference, spread = float(simulation.value), float(simulation.spread)
        neighbours = list(simulation.neighbours)
    if reference is None or spread is None:
        raise TypeError("check_simulation needs the simulation's long-run value and spread")
    if _not_answered(function):
        raise WrongAnswer(f"{name} is still empty: write the function simulate(n, seed)")
    if not callable(function):
        for mistake in mistakes:
            if not callable(mistake.answer) and repr(mistake.answer) == repr(function):
                raise WrongAnswer(f"{name} is not right yet: {mistake.hint}")
        raise WrongAnswer(f"{name} should be a function simulate(n, seed) so the check can run it with its own "
                          "seeds; a number typed in cannot be checked")
    share = _is_share(reference, spread) if share is None else share
    first, second = seeds[0], seeds[1]

    def run(size: int, seed: int) -> tuple[float, float, float]:
        return _triple(call_student(function, size, seed, name=name), name, f"({size}, {seed})")

    if not repeatable(lambda: run(min(n, _REPEAT_RUNS), first)):
        raise WrongAnswer(f"{name} gives different results for the same seed: {DRAW_FROM_RNG} "
                          "(rng = random.Random(seed), or numpy's default_rng(seed), made once)")
    if replays(run, (first, second, first + second + 1, 2 * first + 1, 2 * second + 1)):
        raise WrongAnswer(f"{name} plays the same {unit} over and over: the same seed in every run, its generator "
                          "made again each time; make rng = random.Random(seed) once, before the loop")
    a, b = run(n, first), run(n, second)

    def alike(result: tuple[float, float, float]) -> bool:
        # every run came out the same: no width at all, or a share of all wins or none (Wilson's keeps a width)
        return result[2] == result[1] or bool(share) and result[0] in (0.0, 1.0)

    if alike(a) and alike(b):
        singles = {run(1, seed)[0] for seed in range(1, 9)}
        if len(singles) > 1 and all(alike(run(3, seed)) for seed in range(1, 4)):
            raise WrongAnswer(f"{name} plays the same {unit[:-1] if unit.endswith('s') else unit} over and over: "
                              "the same seed in every run; make rng = random.Random(seed) once, before the loop")
        if share and a[0] == b[0] == 0:
            raise WrongAnswer(f"{name} counts no win at all in its {unit}: check how a win is counted")
        if a[2] == a[1] and b[2] == b[1]:
            raise WrongAnswer(f"{name}: the interval has no width, so every one of your {unit} gave the same "
                              "result: check what you count in each run")
    if a == b and a == run(n, first + second + 1):  # two seeds may agree by chance (a count of wins); not three
        raise WrongAnswer(f"{name} gives the same result for two different seeds: does it simulate at all, and "
                          "does it use its seed?")
    mean = (a[0] + b[0]) / 2
    error = spread / math.sqrt(CHECK_RUNS * n)
    far = 4.5 * error
    if share and mean > 1:
        if abs(mean / 100 - reference) <= far:
            raise WrongAnswer(f"{name} gives a percentage: give the share as a number from 0 to 1")
        if abs(mean / n - reference) <= far:
            raise WrongAnswer(f"{name} gives a count of {unit}, not a share: divide by n")
        raise WrongAnswer(f"{name} gives an estimate above 1: a share lies between 0 and 1")
    if not share and abs(mean / n - reference) <= far < abs(mean - reference):
        raise WrongAnswer(f"{name} gives the total of its {unit}, not their mean: divide by n")
    for estimate, low, high in (a, b):
        if not low - 1e-9 <= estimate <= high + 1e-9:  # Wilson's at a sweep may end a hair inside 0 or 1
            raise WrongAnswer(f"{name}: the estimate must lie inside its interval (low <= estimate <= high)")
    parts = [_neighbour_parts(neighbour, share) for neighbour in neighbours]
    nearest = min(parts, key=lambda part: abs(mean - part[0]), default=None)
    if nearest is not None and abs(mean - nearest[0]) < abs(mean - reference):
        # two slips with the same long-run value cannot be told apart by any run: the hint names both
        hints = [hint for value, hint, _ in parts if abs(value - nearest[0]) < 1e-9]
        raise WrongAnswer(f"{name} is not right yet: {'; or '.join(dict.fromkeys(hints))}")
    if abs(mean - reference) > far:
        raise WrongAnswer(f"{name}: the estimate is far from the long-run value, further than chance allows: "
                          "check what you count in each run")
    for estimate, low, high in (a, b):
        faults = _interval_fault((high - low) / 2, math.sqrt(estimate * (1 - estimate)) if share else spread, n)
        if faults:
            raise WrongAnswer(f"{name}: the interval is not a 95% interval: {'; or '.join(faults)}")
        half = 1.96 * (math.sqrt(estimate * (1 - estimate)) if share else spread) / math.sqrt(n)
        width = (high - low) / 2
        if not half / _SAME_WIDTH <= width <= half * _SAME_WIDTH:
            raise WrongAnswer(f"{name}: the interval is too {'wide' if width > half else 'narrow'} for {n} {unit}: "
                              "its half-width is 1.96 standard errors, and the standard error is the standard "
                              "deviation of one run divided by sqrt(n)")
    return correct(success)


# ---------------------------------------------------------------------------------------------------------
# a figure the student drew with matplotlib, read from its data

class Sketch:
    """A figure a catalogue of mistakes describes by how it is drawn, ``Sketch(lambda ax: ax.bar(...))``: drawn on
    a fresh matplotlib Axes only when a check reads it, so importing the checks loads no matplotlib."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        if not callable(draw):
            raise TypeError("a Sketch draws on a matplotlib Axes: Sketch(lambda ax: ax.bar(...))")
        self.draw = draw

    def axes(self) -> Any:
        """A new matplotlib Axes with the sketch drawn on it."""
        import matplotlib.pyplot as plt

        figure = plt.figure()
        plt.close(figure)  # the check's own: never shown
        ax = figure.add_subplot()
        self.draw(ax)
        return ax

    def __repr__(self) -> str:
        return "a sketched figure"


def _figure_axes(answer: Any, what: str) -> Any:
    """The matplotlib Axes of a student's figure (a Figure with one Axes, or an Axes), or a WrongAnswer."""
    if isinstance(answer, Sketch):
        return answer.axes()
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: draw it with matplotlib and give the figure (fig)")
    if hasattr(answer, "to_matplotlib") and hasattr(answer, "svg"):
        raise WrongAnswer(f"{what} is the kit's own figure: draw this one yourself with matplotlib "
                          "(fig, ax = plt.subplots(), then ax.bar or ax.plot)")
    if "matplotlib" not in sys.modules:  # nothing drawn with matplotlib can exist yet
        raise WrongAnswer(f"{what} should be the matplotlib figure you drew (fig, from fig, ax = plt.subplots()), "
                          f"not {_short(type(answer).__name__)}")
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    if isinstance(answer, Axes):
        return answer
    if not isinstance(answer, Figure):
        raise WrongAnswer(f"{what} should be the matplotlib figure you drew (fig, from fig, ax = plt.subplots()), "
                          f"not {_short(type(answer).__name__)}")
    drawn = [ax for ax in answer.axes if ax.has_data()] or answer.axes
    if not drawn:
        raise WrongAnswer(f"{what} is empty: draw on it (fig, ax = plt.subplots(), then ax.bar or ax.plot)")
    if len(drawn) > 1:
        raise WrongAnswer(f"{what} has {len(drawn)} plots: draw this one on a single Axes")
    return drawn[0]


def _bar_name(ax: Any, centre: float) -> str:
    """What a bar at ``centre`` stands for: its category on a categorical x axis, else its x as a number."""
    units = getattr(ax.xaxis, "units", None)
    mapping = getattr(units, "_mapping", None)
    if isinstance(mapping, dict):
        for name, place in mapping.items():
            if abs(place - centre) < 1e-6:
                return str(name)
    return str(int(round(centre))) if abs(centre - round(centre)) < 1e-6 else f"{centre:g}"


def _bars(ax: Any) -> list[tuple[str, float]]:
    """Every bar of the Axes as (what it stands for, its height), left to right."""
    from matplotlib.container import BarContainer

    rectangles = sorted((bar for container in ax.containers if isinstance(container, BarContainer)
                         for bar in container), key=lambda bar: bar.get_x())
    return [(_bar_name(ax, bar.get_x() + bar.get_width() / 2), float(bar.get_height())) for bar in rectangles]


def _labelled(ax_label: str, axis: str, wanted: Sequence[str] | None, setter: str) -> None:
    if wanted is None:
        return
    phrase, *words = wanted
    words = [w.lower() for w in (words or [phrase.split()[-1]])]
    if not ax_label.strip():
        raise WrongAnswer(f"the {axis} axis has no label: it should be {phrase}, labelled with ax.{setter}(...)")
    if not any(word in ax_label.lower() for word in words):
        raise WrongAnswer(f"the {axis} axis should be {phrase}, labelled (its label says {_short(ax_label, 40)!r})")


def check_figure(answer: Any, *, what: str = "your figure", title: bool = True,
                 xlabel: Sequence[str] | None = None, ylabel: Sequence[str] | None = None,
                 bars: dict[Any, Any] | None = None, bar_names: str = "each outcome", bar_values: str = "chances",
                 lines: Sequence[tuple[Sequence[Any], Sequence[Any]]] = (), legend: Sequence[str] = (),
                 log_x: bool | None = None, log_y: bool | None = None, success: str = "") -> Passed:
    """A figure drawn with matplotlib, read from its data: its title, axis labels (``xlabel``/``ylabel``: the
    phrase a message uses, then words one of which the label must hold), bars (``bars``: each name's exact
    height), lines (each (xs, ys) it must draw), legend labels and log scales; what is missing or wrong is said in
    one sentence, never the right values."""
    ax = _figure_axes(answer, what)
    if bars is not None:
        drawn = _bars(ax)
        if not drawn:
            raise WrongAnswer(f"{what} has no bars: draw one for {bar_names} with ax.bar(names, heights)")
        wanted = {str(name): exact_number(value, "an expected height") for name, value in bars.items()}
        if len(drawn) != len(wanted):
            raise WrongAnswer(f"{what} has {len(drawn)} bars: draw one bar for {bar_names} ({len(wanted)} bars)")
        names = [name for name, _ in drawn]
        if set(names) != set(wanted):
            stray = next(name for name in names if name not in wanted)
            raise WrongAnswer(f"{what} has a bar at {stray!r}: draw one bar for {bar_names}, at its own name or "
                              "number on the x axis")
        heights = dict(drawn)
        total = sum(heights.values())
        if abs(total - 100) < 1e-6 and abs(float(sum(wanted.values())) - 1) < 1e-9:
            raise WrongAnswer(f"your bars' heights add up to 100: give the {bar_values} as probabilities between "
                              "0 and 1, not percentages")
        wrong = [name for name in wanted if abs(heights[name] - float(wanted[name])) > 1e-9]
        if wrong:
            if all(abs(heights[name] - float(wanted[name])) < 0.01 for name in wanted):
                raise WrongAnswer(f"your bars' heights are close but rounded: draw the exact {bar_values} "
                                  "(float(p) of each Fraction), not rounded decimals")
            if total > 1 + 1e-9 and all(float(h).is_integer() for h in heights.values()):
                raise WrongAnswer(f"your bars' heights are counts, not the exact {bar_values}: divide each by the "
                                  "number of equally likely cases")
            raise WrongAnswer(f"your bars' heights are not the exact {bar_values}: the bar for {wrong[0]} is not")
    for xs, ys in lines:
        want_x = [float(v) for v in xs]
        want_y = [float(v) for v in ys]
        if not any(len(line.get_xdata()) == len(want_x) and
                   all(abs(float(a) - b) < 1e-9 for a, b in zip(line.get_xdata(), want_x)) and
                   all(abs(float(a) - b) < 1e-9 for a, b in zip(line.get_ydata(), want_y))
                   for line in ax.get_lines()):
            raise WrongAnswer(f"{what} has no line through the {len(want_x)} points it should show: draw it with "
                              "ax.plot(xs, ys)")
    if title and not ax.get_title().strip():
        raise WrongAnswer(f"{what} has no title: give it one with ax.set_title(...)")
    _labelled(ax.get_xlabel(), "x", xlabel, "set_xlabel")
    _labelled(ax.get_ylabel(), "y", ylabel, "set_ylabel")
    for axis, log, setter in (("x", log_x, ax.get_xscale), ("y", log_y, ax.get_yscale)):
        if log is not None and (setter() == "log") != log:
            raise WrongAnswer(f"the {axis} axis should {'' if log else 'not '}be logarithmic"
                              + (f": ax.set_{axis}scale('log')" if log else ""))
    if legend:
        shown = ax.get_legend()
        texts = [t.get_text() for t in shown.get_texts()] if shown is not None else []
        if not texts:
            raise WrongAnswer(f"{what} has no legend: name each series with label=... and call ax.legend()")
        missing = [label for label in legend if not any(label.lower() in text.lower() for text in texts)]
        if missing:
            raise WrongAnswer(f"the legend should name {missing[0]!r}")
    return correct(success)


show_wrong_answers_in_one_line()  # a check cell imports its checks, so from then on a wrong answer shows one line
