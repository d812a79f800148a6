"""Self-checks for exercises: a check is a tutor, not an oracle.

A check says *why* an answer is wrong ("you counted ordered hands") in one line, never what the right answer is.
Each exercise keeps, as data, a catalogue of the wrong answers students are likely to give (:class:`Mistake`), each
with the hint its check gives; a test feeds every catalogued answer through its check. In a notebook a rejected
answer shows the check's message alone, without a traceback (see :func:`show_wrong_answers_in_one_line`).
"""
from __future__ import annotations

import hashlib
import math
import numbers
import os
import re
import signal
import sys
import threading
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Sequence

import sympy

__all__ = [
    "WrongAnswer", "Mistake", "Exercise", "Written", "Checks", "correct", "exact_number", "check_exact",
    "check_probability", "check_integer", "check_collection", "check_formula", "check_function", "check_simulation",
    "call_student", "show_wrong_answers_in_one_line", "CORRECT_MARK", "WRONG_MARK", "DIAGNOSIS_MIME", "mistake_id",
]

CORRECT_MARK = "✔ Correct"
WRONG_MARK = "✘ Not yet"
STUDENT_TIME_LIMIT = 20.0
"""Seconds a student's function may run inside a check before the check stops it and says so."""
DIAGNOSIS_MIME = "application/vnd.circuslib.diagnosis+json"
"""The MIME type of the output a rejected answer carries besides its one line: its exercise id, the id of the
mistake diagnosed and its hint, for a report of the misconceptions a class holds (invisible on the page)."""


class WrongAnswer(AssertionError):
    """An exercise answer that is not right yet; the message says what is wrong, not what is right."""

    diagnosis: dict[str, str] | None = None
    """Set by the exercise's check: {"exercise": its id, "mistake": the mistake's id, "hint": what was shown}."""


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

def _one_line(shell, etype, value, tb, tb_offset=None) -> list[str]:
    lines = [f"{WRONG_MARK}: {line}" if i == 0 else f"   {line}"
             for i, line in enumerate(str(value).splitlines() or [""])]
    # the error output itself (nbgrader and nbclient read a cell as failed from it), with only these lines
    shell._showtraceback(etype, value, lines)
    if getattr(value, "diagnosis", None):  # which exercise and which mistake, for the class's report: no text shown
        from IPython.display import publish_display_data

        publish_display_data({DIAGNOSIS_MIME: value.diagnosis, "text/plain": ""})
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
class Exercise:
    """One self-checked exercise: its check, what it practises, its difficulty and its catalogue of mistakes."""
    name: str
    title: str
    practises: str
    stars: int
    minutes: int
    mistakes: tuple[Mistake, ...]
    run: Callable[[Any], str] = field(repr=False, compare=False)
    answer: Any = field(default=None, repr=False, compare=False)
    group: str = ""
    """The checks' module it belongs to ("flip7", "welcome"): with its name, a kit-wide id."""

    @property
    def id(self) -> str:
        """The exercise's id across the kit, such as "flip7.bust_by_hand"."""
        return f"{self.group}.{self.name}" if self.group else self.name

    def diagnose(self, message: str) -> dict[str, str]:
        """What a rejection says about the student: the catalogued mistake whose hint the message gives (the
        longest, when hints overlap), else an uncatalogued one, its id the same whatever values it quotes."""
        given = [m for m in self.mistakes if m.hint and m.hint in message]
        if given:
            mistake = max(given, key=lambda m: len(m.hint))
            return {"exercise": self.id, "mistake": mistake.id, "hint": mistake.hint}
        # the student's own values (in brackets, or numbers) vary from one student to the next; the kind of
        # rejection does not: the id is the message's without them, the hint the message itself, as an example
        kind = re.sub(r"\([^()]*\)|\d+", "", message)
        return {"exercise": self.id, "mistake": "other-" + hashlib.sha1(kind.encode("utf-8")).hexdigest()[:6],
                "hint": message}

    @cached_property
    def expected(self) -> Any:
        """The right answer when it is one value (computed once, on first use); None for functions and the like."""
        return self.answer() if callable(self.answer) else self.answer

    @property
    def points(self) -> int:
        """The nbgrader points of its check cell: one per star."""
        return self.stars

    def __call__(self, answer: Any) -> str:
        return self.run(answer)


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

    def exercise(self, *, title: str, practises: str, stars: int, minutes: int, mistakes: Sequence[Mistake],
                 answer: Any = None) -> Callable[[Callable[[Any, Exercise], str]], Exercise]:
        """Decorator: register ``f(answer, exercise)`` as the check of one exercise, with its catalogue.

        ``answer`` is the right answer when it is one value (or a function computing it, called once when first
        needed): the check reads it as ``exercise.expected``, and a test makes sure the lesson never prints it.
        """
        mistakes = tuple(mistakes)
        if len(mistakes) < 3 or not all(isinstance(m, Mistake) for m in mistakes):
            raise ValueError(f"{self._notebook}: {title!r} needs a catalogue of at least three Mistake(...) entries")

        def register(function: Callable[[Any, Exercise], str]) -> Exercise:
            name = function.__name__
            _check_stars_and_minutes(name, stars, minutes)

            def run(given: Any) -> str:
                try:
                    return function(given, exercise)
                except WrongAnswer as wrong:
                    wrong.diagnosis = exercise.diagnose(str(wrong))
                    raise
                except Exception as error:  # an answer of a shape nobody foresaw: say so, never a traceback
                    unread = WrongAnswer(f"the check could not read this answer ({type(error).__name__}: "
                                         f"{_short(str(error))}); look at the form the question asks for")
                    unread.diagnosis = exercise.diagnose(str(unread))
                    raise unread from None

            run.__name__ = run.__qualname__ = name
            run.__doc__ = function.__doc__
            group = function.__module__.removeprefix("circuslib.").removesuffix(".checks").removesuffix("_checks")
            exercise = Exercise(name, title, practises, stars, minutes, mistakes, run, answer, group)
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
            return self.__dict__["_exercises"][name]
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


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_decimal(answer: Any) -> bool:
    if isinstance(answer, (float, complex)):
        return True
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(answer, numpy.floating):
        return True
    from decimal import Decimal
    return isinstance(answer, Decimal)


def exact_number(answer: Any, what: str = "your answer") -> sympy.Rational:
    """Read an answer as an exact rational number, or explain in one line why it is not one."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool):
        raise WrongAnswer(f"{what} should be a number, not True/False")
    if _is_decimal(answer):
        raise WrongAnswer(f"{what} is a decimal: give it exactly, as a Fraction or a sympy Rational "
                          "(a decimal is rounded, so it can never be exactly right)")
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
            raise WrongAnswer(f"{what} contains a decimal (a sympy Float, from N() or evalf()): give it exactly")
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
        difference = sympy.sympify(a) - b
        if difference.is_number:  # numbers: decide at once (simplify can take minutes on a huge integer)
            zero = difference.is_zero
            return bool(zero) if zero is not None else abs(complex(difference.evalf(40))) < 1e-30
        return sympy.simplify(difference) == 0
    except (TypeError, ValueError, AttributeError, OverflowError, sympy.SympifyError):
        return False


def _hint_for_value(value: sympy.Basic, mistakes: Iterable[Mistake]) -> str | None:
    for mistake in mistakes:
        if callable(mistake.answer) or _is_decimal(mistake.answer) or isinstance(mistake.answer, (str, bool)):
            continue  # decimals, texts and functions are explained before any comparison of values
        if isinstance(mistake.answer, (numbers.Number, sympy.Basic)) and _same_value(mistake.answer, value):
            return mistake.hint
    return None


def _not_right(what: str, value: Any, mistakes: Iterable[Mistake], fallback: str = "") -> WrongAnswer:
    hint = _hint_for_value(value, mistakes)
    if hint:
        return WrongAnswer(f"{what} ({value}) is not right yet: {hint}")
    return WrongAnswer(f"{what} ({value}) is not right yet" + (f": {fallback}" if fallback else "."))


def check_exact(answer: Any, expected: Any, *, what: str = "your answer", mistakes: Iterable[Mistake] = (),
                success: str = "", fallback: str = "") -> Passed:
    """Exact comparison of rational numbers (int, Fraction, sympy Rational and numpy integers are accepted)."""
    value = exact_number(answer, what)
    if value == exact_number(expected, "the expected value"):
        return correct(success)
    raise _not_right(what, value, mistakes, fallback)


def check_probability(answer: Any, expected: Any, *, what: str = "your probability",
                      mistakes: Iterable[Mistake] = (), success: str = "", fallback: str = "") -> Passed:
    """Exact comparison of a probability, first checking it lies between 0 and 1 and is not a percentage."""
    value = exact_number(answer, what)
    target = exact_number(expected, "the expected value")
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


def check_integer(answer: Any, expected: int, *, what: str = "your count", mistakes: Iterable[Mistake] = (),
                  success: str = "", fallback: str = "", nonnegative: bool = True) -> Passed:
    """Exact comparison of a whole number (a count, a distance); numpy and sympy integers are accepted."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool):
        raise WrongAnswer(f"{what} should be a whole number, not True/False")
    if _is_decimal(answer):
        whole = isinstance(answer, float) and math.isfinite(answer) and answer.is_integer()
        raise WrongAnswer(f"{what} is a decimal; a count is a whole number: " +
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
    if value == expected:
        return correct(success)
    raise _not_right(what, value, mistakes, fallback)


def check_collection(answer: Any, expected: Iterable, *, ordered: bool = False, what: str = "your list",
                     success: str = "") -> Passed:
    """Compare a list or set of items (in order if ``ordered``), saying how many are missing or extra."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise WrongAnswer(f"{what} should be a list or a set, not {type(answer).__name__}")
    got, want = list(answer), list(expected)
    if ordered:
        if got == want:
            return correct(success)
        if sorted(map(repr, got)) == sorted(map(repr, want)):
            raise WrongAnswer(f"{what} has the right items in the wrong order")
    elif len(got) == len(set(map(repr, got))) and set(map(repr, got)) == set(map(repr, want)):
        return correct(success)
    missing = len(set(map(repr, want)) - set(map(repr, got)))
    extra = len(set(map(repr, got)) - set(map(repr, want)))
    repeats = len(got) - len(set(map(repr, got)))
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
        return sympy.simplify(a - b) == 0
    except (TypeError, ValueError, AttributeError):
        return False


def check_formula(answer: Any, expected: sympy.Basic, *, what: str = "your formula", mistakes: Iterable[Mistake] = (),
                  success: str = "", fallback: str = "") -> Passed:
    """Exact comparison of a sympy formula; symbols are matched by name, whatever assumptions they were made with."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with a sympy expression")
    if isinstance(answer, str):
        raise WrongAnswer(f"{what} is text (in quotes); build it from sympy symbols instead")
    if _is_decimal(answer) or isinstance(answer, numbers.Number) and not expected.free_symbols:
        return check_exact(answer, expected, what=what, mistakes=mistakes, success=success, fallback=fallback)
    if not isinstance(answer, sympy.Basic):
        raise WrongAnswer(f"{what} has type {type(answer).__name__}; give a sympy expression")
    if answer.has(sympy.Float):
        raise WrongAnswer(f"{what} contains a decimal (a sympy Float): give it exactly, with Rational or fractions")
    names = {s.name for s in expected.free_symbols}
    unknown = sorted(s.name for s in answer.free_symbols if s.name not in names)
    if unknown:
        raise WrongAnswer(f"{what} uses {', '.join(unknown)}; write it with {', '.join(sorted(names))} only")
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


def call_student(function: Callable, *args: Any, name: str = "your function",
                 time_limit: float = STUDENT_TIME_LIMIT) -> Any:
    """Call a student's function; an error or a run that never ends becomes a one-line WrongAnswer."""
    import time

    shown = ", ".join(_short(repr(a), 40) for a in args)
    alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def stop(signum, frame):
        raise _TooLong

    if alarm:  # a timer already running (a test runner's, say) is paused and given back its remaining time
        outer_handler = signal.signal(signal.SIGALRM, stop)
        outer_left, outer_interval = signal.getitimer(signal.ITIMER_REAL)
        signal.setitimer(signal.ITIMER_REAL, min(time_limit, outer_left) if outer_left else time_limit)
        started = time.monotonic()
    try:
        return function(*args)
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
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, outer_handler)
            if outer_left:
                left = max(outer_left - (time.monotonic() - started), 0.001)
                signal.setitimer(signal.ITIMER_REAL, left, outer_interval)


def _equal(got: Any, want: Any) -> bool:
    try:
        if isinstance(want, (numbers.Number, sympy.Basic)) and not isinstance(got, (str, bool)):
            return bool(sympy.sympify(got) == sympy.sympify(want)) or _same_value(got, sympy.sympify(want))
        return bool(got == want)
    except Exception:  # an odd returned object that cannot even be compared is simply not equal
        return False


def check_function(function: Any, reference: Callable, inputs: Sequence[tuple], *, name: str = "your function",
                   mistakes: Iterable[Mistake] = (), exact: bool = True, success: str = "",
                   equal: Callable[[Any, Any], bool] = _equal, fallback: str = "") -> Passed:
    """Compare a student's function with the kit's on many inputs; a catalogued wrong function gets its hint."""
    if _not_answered(function):
        raise WrongAnswer(f"{name} is still empty: write the function")
    if not callable(function):
        raise WrongAnswer(f"{name} should be a function (def ...), not {type(function).__name__}")
    got = []
    for args in inputs:
        value = call_student(function, *args, name=name)
        if exact and _is_decimal(value):
            shown = ", ".join(_short(repr(a), 40) for a in args)
            raise WrongAnswer(f"{name} returned a decimal on input ({shown}): give it exactly (Fraction or Rational)")
        got.append(value)
    want = [reference(*args) for args in inputs]
    if all(equal(g, w) for g, w in zip(got, want)):
        return correct(success)
    for mistake in mistakes:
        if callable(mistake.answer):
            try:
                theirs = [mistake.answer(*args) for args in inputs]
            except Exception:  # a catalogued model that does not apply to these inputs
                continue
            if all(equal(g, t) for g, t in zip(got, theirs)):
                raise WrongAnswer(f"{name} is not right yet: {mistake.hint}")
    if len(inputs) > 2 and len({repr(g) for g in got}) == 1 and len({repr(w) for w in want}) > 1:
        raise WrongAnswer(f"{name} gives the same answer whatever the input: it must depend on its arguments")
    first = next(i for i, (g, w) in enumerate(zip(got, want)) if not equal(g, w))
    shown = ", ".join(_short(repr(a), 40) for a in inputs[first])
    raise WrongAnswer(f"{name} is not right yet on input ({shown}): it returned {_short(repr(got[first]), 40)}"
                      + (f"; {fallback}" if fallback else ""))


# ---------------------------------------------------------------------------------------------------------
# simulations: the check runs the student's simulation with its own seeds

def _triple(result: Any, name: str, call: str) -> tuple[float, float, float]:
    try:
        estimate, (low, high) = result
        values = float(estimate), float(low), float(high)
    except (TypeError, ValueError):
        raise WrongAnswer(f"{name}{call} should return (estimate, (low, high)), three numbers") from None
    if not all(math.isfinite(v) for v in values):
        raise WrongAnswer(f"{name}{call} returned NaN or infinity: did you divide by zero runs?")
    return values


def check_simulation(function: Any, *, reference: float, spread: float, n: int, seeds: Sequence[int] = (1, 2),
                     name: str = "your simulation", mistakes: Iterable[Mistake] = (), unit: str = "runs",
                     success: str = "") -> Passed:
    """Run a student's ``simulate(n, seed) -> (estimate, (low, high))`` and judge it as a simulation.

    ``reference`` is the long-run value and ``spread`` the standard deviation of one run (sqrt(p(1 - p)) for a
    proportion), both measured once by the kit; the interval must be a 95% interval for ``n`` runs.
    """
    if _not_answered(function):
        raise WrongAnswer(f"{name} is still empty: write the function simulate(n, seed)")
    if not callable(function):
        for mistake in mistakes:
            if not callable(mistake.answer) and repr(mistake.answer) == repr(function):
                raise WrongAnswer(f"{name} is not right yet: {mistake.hint}")
        raise WrongAnswer(f"{name} should be a function simulate(n, seed) so the check can run it with its own "
                          "seeds; a number typed in cannot be checked")
    first, second = seeds[0], seeds[1]
    a = _triple(call_student(function, n, first, name=name), name, f"({n}, {first})")
    again = _triple(call_student(function, n, first, name=name), name, f"({n}, {first})")
    b = _triple(call_student(function, n, second, name=name), name, f"({n}, {second})")
    if a == again:  # two unseeded runs can agree by chance (a win count, say): a third one makes that rare
        again = _triple(call_student(function, n, first, name=name), name, f"({n}, {first})")
    if a != again:
        raise WrongAnswer(f"{name} gives different results for the same seed: make every random draw come from "
                          "random.Random(seed) (or numpy's default_rng(seed))")
    if a == b:
        raise WrongAnswer(f"{name} gives the same result for two different seeds: does it simulate at all, and "
                          "does it use its seed?")
    half = 1.96 * spread / math.sqrt(n)
    for estimate, low, high in (a, b):
        if not low <= estimate <= high:
            raise WrongAnswer(f"{name}: the estimate must lie inside its interval (low <= estimate <= high)")
        width = (high - low) / 2
        if width > 1.6 * half:
            raise WrongAnswer(f"{name}: the interval is too wide for {n} {unit}: its half-width is 1.96 standard "
                              "errors, and the standard error is the spread of one run divided by sqrt(n)")
        if width < 0.6 * half:
            raise WrongAnswer(f"{name}: the interval is too narrow for {n} {unit}: divide the spread by sqrt(n), "
                              "not by n")
        if abs(estimate - reference) > 4.5 * spread / math.sqrt(n):
            raise WrongAnswer(f"{name}: the estimate is far from the long-run value, further than chance allows: "
                              "check what you count in each run")
    return correct(success)


show_wrong_answers_in_one_line()  # a check cell imports its checks, so from then on a wrong answer shows one line
