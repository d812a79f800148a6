"""Self-checks for exercises, and the builder that turns solution notebooks into exercise notebooks.

A check says *why* an answer is wrong ("a probability must lie between 0 and 1") without giving the right
one away. The builder replaces every ``### BEGIN SOLUTION`` / ``### END SOLUTION`` block with a stub that
raises ``NotImplementedError`` (as nbgrader does), so the solution notebooks also work with nbgrader.
"""
from __future__ import annotations

import copy
import json
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import sympy

__all__ = [
    "WrongAnswer", "Checks", "correct", "check_exact", "check_probability", "check_close", "check_integer",
    "check_collection", "MarkerError", "strip_solutions", "build_exercise", "build_exercises",
]

CORRECT_MARK = "✔ Correct"


class WrongAnswer(AssertionError):
    """An exercise answer that is not right yet; the message says what is wrong, not what is right."""


class Passed(str):
    """The success line a check returns: printed once, not echoed again as the cell's value."""

    def _ipython_display_(self) -> None:
        pass  # already printed by correct(); showing the returned value too would say it twice


def correct(message: str = "") -> Passed:
    """Print and return the success line of a check."""
    line = Passed(f"{CORRECT_MARK}{': ' + message if message else '!'}")
    print(line)
    return line


def _not_answered(answer: Any) -> bool:
    return answer is None or answer is Ellipsis


def _as_exact(answer: Any, what: str) -> sympy.Rational:
    """Read an answer as an exact rational, or explain why it cannot be one."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool):
        raise WrongAnswer(f"{what} should be a number, not True/False")
    if isinstance(answer, float):
        raise WrongAnswer(f"{what} is a decimal ({answer!r}); give it exactly, as a Fraction or sympy Rational "
                          "(for example Fraction(1, 6) or sympy.Rational(1, 6))")
    if isinstance(answer, str):
        raise WrongAnswer(f"{what} is text ({answer!r}); give a number, not a string")
    if isinstance(answer, Fraction):
        return sympy.Rational(answer.numerator, answer.denominator)
    if isinstance(answer, int):
        return sympy.Integer(answer)
    if isinstance(answer, sympy.Basic):
        value = sympy.nsimplify(answer) if not answer.is_Rational else answer
        if value.is_Rational:
            return value
        raise WrongAnswer(f"{what} ({answer}) is not an exact rational number")
    raise WrongAnswer(f"{what} has type {type(answer).__name__}; expected a number")


def _mistake_hint(value: Any, mistakes: Mapping[Any, str] | None) -> str | None:
    for wrong, hint in (mistakes or {}).items():
        try:
            if sympy.simplify(sympy.sympify(wrong) - value) == 0:
                return hint
        except (TypeError, sympy.SympifyError):
            continue
    return None


def check_exact(answer: Any, expected: Any, *, what: str = "your answer", mistakes: Mapping[Any, str] | None = None,
                success: str = "") -> str:
    """Exact comparison of rational numbers (ints, Fractions, sympy Rationals are all accepted)."""
    value = _as_exact(answer, what)
    if value == _as_exact(expected, "the expected value"):
        return correct(success)
    hint = _mistake_hint(value, mistakes)
    raise WrongAnswer(f"{what} ({value}) is not right yet" + (f": {hint}" if hint else "."))


def check_probability(answer: Any, expected: Any, *, what: str = "your probability",
                      mistakes: Mapping[Any, str] | None = None, success: str = "") -> str:
    """Exact comparison of a probability, first checking it lies between 0 and 1."""
    value = _as_exact(answer, what)
    if value < 0 or value > 1:
        raise WrongAnswer(f"{what} is {value}, but a probability must lie between 0 and 1")
    return check_exact(value, expected, what=what, mistakes=mistakes, success=success)


def check_close(answer: Any, expected: float, *, tolerance: float, what: str = "your estimate",
                success: str = "") -> str:
    """Comparison of a decimal estimate (a simulation result, say) within an absolute tolerance."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool) or not isinstance(answer, (int, float, Fraction, sympy.Basic)):
        raise WrongAnswer(f"{what} should be a number, not {type(answer).__name__}")
    value = float(answer)
    if math.isnan(value):
        raise WrongAnswer(f"{what} is NaN (not a number): did you divide by zero trials?")
    if abs(value - float(expected)) <= tolerance:
        return correct(success)
    direction = "too high" if value > float(expected) else "too low"
    raise WrongAnswer(f"{what} ({value:.4g}) is {direction} to be right, even allowing for chance")


def check_integer(answer: Any, expected: int, *, what: str = "your count", mistakes: Mapping[Any, str] | None = None,
                  success: str = "") -> str:
    """Exact comparison of a whole number (a count, a distance)."""
    if _not_answered(answer):
        raise WrongAnswer(f"{what} is still empty: replace the stub with your answer")
    if isinstance(answer, bool) or not isinstance(answer, (int, sympy.Integer)):
        if isinstance(answer, float) and answer.is_integer():
            raise WrongAnswer(f"{what} is a decimal ({answer}); a count is a whole number: use int")
        raise WrongAnswer(f"{what} should be a whole number, not {type(answer).__name__}")
    value = int(answer)
    if value < 0:
        raise WrongAnswer(f"{what} is negative ({value}); a count is never below 0")
    if value == expected:
        return correct(success)
    hint = _mistake_hint(sympy.Integer(value), mistakes)
    raise WrongAnswer(f"{what} ({value}) is not right yet" + (f": {hint}" if hint else "."))


def check_collection(answer: Any, expected: Iterable, *, ordered: bool = False, what: str = "your list",
                     success: str = "") -> str:
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


class Checks:
    """The checks of one notebook, called as ``check.name(answer)``; ``list(check)`` names them all."""

    def __init__(self, notebook: str) -> None:
        self._notebook = notebook
        self._checks: dict[str, Callable[..., str]] = {}

    def register(self, function: Callable[..., str]) -> Callable[..., str]:
        """Decorator: add a check under its function name."""
        self._checks[function.__name__] = function
        return function

    def __getattr__(self, name: str) -> Callable[..., str]:
        try:
            return self.__dict__["_checks"][name]
        except KeyError:
            raise AttributeError(f"there is no check called {name!r} for {self._notebook}; "
                                 f"the checks are: {', '.join(self._checks)}") from None

    def __iter__(self):
        return iter(self._checks)

    def __dir__(self):
        return list(self._checks)


# ---------------------------------------------------------------------------------------------------------
# the exercise builder

BEGIN = re.compile(r"^(\s*)#+\s*BEGIN SOLUTION\s*$")
END = re.compile(r"^\s*#+\s*END SOLUTION\s*$")
STUB = "raise NotImplementedError()"
MARKDOWN_STUB = "YOUR ANSWER HERE"


class MarkerError(ValueError):
    """A solution notebook whose BEGIN/END SOLUTION markers do not pair up."""


def strip_solutions(source: str, where: str, *, markdown: bool = False) -> tuple[str, int]:
    """Replace each marked solution block with a stub; returns the new source and the number of blocks."""
    out: list[str] = []
    inside_since: int | None = None
    blocks = 0
    for number, line in enumerate(source.splitlines(), 1):
        begin, end = BEGIN.match(line), END.match(line)
        if begin:
            if inside_since is not None:
                raise MarkerError(f"{where}: line {number} opens a solution inside the one opened at line "
                                  f"{inside_since} (nested BEGIN SOLUTION)")
            inside_since = number
            blocks += 1
            indent = begin.group(1)
            out.append(MARKDOWN_STUB if markdown else f"{indent}# YOUR CODE HERE\n{indent}{STUB}")
        elif end:
            if inside_since is None:
                raise MarkerError(f"{where}: line {number} closes a solution that was never opened (END SOLUTION "
                                  "without BEGIN SOLUTION)")
            inside_since = None
        elif inside_since is None:
            out.append(line)
    if inside_since is not None:
        raise MarkerError(f"{where}: the solution opened at line {inside_since} is never closed (BEGIN SOLUTION "
                          "without END SOLUTION)")
    return "\n".join(out), blocks


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def build_exercise(notebook: dict, name: str) -> tuple[dict, int]:
    """The exercise version of a solution notebook (a dict in nbformat 4): stubs in place of solutions, no outputs."""
    exercise = copy.deepcopy(notebook)
    total = 0
    for index, cell in enumerate(exercise.get("cells", [])):
        where = f"{name}, cell {index + 1} ({cell.get('cell_type', '?')} cell)"
        source, blocks = strip_solutions(_source(cell), where, markdown=cell.get("cell_type") == "markdown")
        total += blocks
        cell["source"] = source
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return exercise, total


def _read_notebook(path: Path) -> dict:
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise MarkerError(f"{path}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise MarkerError(f"{path}: is not a notebook (invalid JSON at line {error.lineno}: {error.msg})") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise MarkerError(f"{path}: is not a notebook (no list of cells)")
    return notebook


def notebook_text(notebook: dict) -> str:
    """A notebook as the JSON text the kit commits (nbformat's own layout)."""
    import nbformat

    return nbformat.writes(nbformat.from_dict(notebook)) + "\n"


def build_exercises(solutions: Path | str, exercises: Path | str, *, check: bool = False) -> list[Path]:
    """Write exercises/<name>.ipynb for each solutions/<name>.ipynb; with ``check``, write nothing and return
    the exercise files that are missing or out of date."""
    solutions, exercises = Path(solutions), Path(exercises)
    sources = sorted(solutions.glob("*.ipynb"))
    if not sources:
        raise MarkerError(f"{solutions}: no solution notebooks found")
    stale = []
    for path in sources:
        exercise, blocks = build_exercise(_read_notebook(path), str(path))
        if not blocks:
            raise MarkerError(f"{path}: has no BEGIN SOLUTION / END SOLUTION block, so it has no exercise")
        target = exercises / path.name
        text = notebook_text(exercise)
        if target.exists() and target.read_text(encoding="utf-8") == text:
            continue
        stale.append(target)
        if not check:
            exercises.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    expected = {p.name for p in sources}
    for orphan in sorted(exercises.glob("*.ipynb")):
        if orphan.name not in expected:  # its solution notebook is gone, so it must go too
            stale.append(orphan)
            if not check:
                orphan.unlink()
    return stale
