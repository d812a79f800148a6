"""Student submissions made from a solution notebook: blank, with wrong answers, with a cheat; and how to read
which exercise an answer cell belongs to."""
from __future__ import annotations

import ast
import copy
import re
from fractions import Fraction

import sympy
from teacher import mistakes_of

from circuslib.core.builder import BEGIN, END, build_exercise
from circuslib.core.teach import Exercise

CHEAT = """
class _AlwaysRight:  # an answer cell that tries to replace the checks: it must gain nothing
    def __getattr__(self, name):
        return lambda *args, **kwargs: print("✔ Correct!")
check = _AlwaysRight()
WrongAnswer = Exception"""


def wrong_answer_code(exercise: Exercise, variable: str) -> str:
    """One line binding ``variable`` to a catalogued wrong answer of the exercise, as a student would type it."""
    for mistake in mistakes_of(exercise):  # the check's catalogue, or its model's on the teacher's side
        answer = mistake.answer
        if isinstance(answer, Fraction):
            return f"{variable} = __import__('fractions').Fraction({answer.numerator}, {answer.denominator})"
        if isinstance(answer, sympy.Basic) and not answer.has(sympy.Float):
            return f"{variable} = __import__('sympy').sympify({str(answer)!r})"
        if not callable(answer):
            try:
                if ast.literal_eval(repr(answer)) == answer and not isinstance(answer, float):
                    return f"{variable} = {answer!r}"
            except (ValueError, SyntaxError):
                pass
    return f"{variable} = lambda *args, **kwargs: 0"  # a constant function: wrong for every function exercise


def answer_cells(notebook) -> dict[str, int]:
    """Exercise name -> index of its (first) answer cell, read from the nbgrader grade_id '<name>-answer'."""
    found = {}
    for index, cell in enumerate(notebook.cells):
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        if cell.cell_type == "code" and grade_id.endswith("-answer"):
            found.setdefault(grade_id[: -len("-answer")], index)
    return found


def check_variable(notebook, name: str) -> str | None:
    """The variable a check cell passes to check.<name>(...)."""
    for cell in notebook.cells:
        found = re.search(rf"^\s*check\.{name}\((\w+)\)", cell.source, re.M) if cell.cell_type == "code" else None
        if found:
            return found.group(1)
    return None


def _replace_region(source: str, code: str) -> str:
    out, inside = [], False
    for line in source.split("\n"):
        begin = BEGIN.match(line)
        if begin:
            inside = True
            out.extend(begin.group(1) + part for part in code.split("\n"))
        elif END.match(line):
            inside = False
        elif not inside:
            out.append(line)
    return "\n".join(out)


def with_wrong_answers(solution, checks, names=None, *, cheat: bool = False):
    """The solution notebook with the answers of ``names`` (default: all) replaced by catalogued wrong answers."""
    notebook = copy.deepcopy(solution)
    for name, index in answer_cells(notebook).items():
        if names is not None and name not in names:
            continue
        variable = check_variable(notebook, name)
        if variable is None:
            continue
        code = wrong_answer_code(getattr(checks, name), variable) + (CHEAT if cheat else "")
        notebook.cells[index].source = _replace_region(notebook.cells[index].source, code)
    return notebook


def blank(solution):
    """The student copy, as handed out (every answer a stub)."""
    import nbformat

    exercise, _ = build_exercise(dict(copy.deepcopy(solution)), "solution")
    return nbformat.from_dict(exercise)


def self_contained_exercise(notebook) -> str:
    """The first exercise whose answer defines nothing that a later cell (other than its own check) reads."""
    cells = notebook.cells
    for name, index in answer_cells(notebook).items():
        try:
            tree = ast.parse("\n".join(line for line in cells[index].source.split("\n")
                                       if not BEGIN.match(line) and not END.match(line)))
        except SyntaxError:
            continue
        defined = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        defined |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        variable = check_variable(notebook, name)
        later = "\n".join(c.source for c in cells[index + 1:] if c.cell_type == "code"
                          and not re.search(rf"check\.{name}\(", c.source))
        at_risk = defined | {variable}  # a wrong answer replaces all of these
        if variable and not any(re.search(rf"\b{re.escape(d)}\b", later) for d in at_risk):
            return name
    raise LookupError("no exercise can be answered wrongly on its own")
