"""Submissions that try to get the marks without the work, one per class of attack, each built on the honest wrong
notebook (every exercise answered with a catalogued wrong answer), so that any point it gets is a point gained.

Each attack is ``attack(solution, checks module name) -> (notebook, extra files)``; the extra files are written
next to the notebook in the student's submitted folder, as a student may hand in more than the notebook.
"""
from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable

import nbformat
from grading import answer_cells, check_variable, with_wrong_answers

from notebooks import CHECKS_MODULE, checks_of

ALWAYS_RIGHT = '''
class _AlwaysRight:  # every check "passes"
    def __getattr__(self, name):
        def passed(*args, **kwargs):
            print("✔ Correct!")
            return "✔ Correct!"
        return passed
'''


def checks_module(notebook) -> str:
    """The module a notebook's check cells import their checks from."""
    for cell in notebook.cells:
        found = CHECKS_MODULE.search(cell.source) if cell.cell_type == "code" else None
        if found:
            return found.group(1)
    raise LookupError("this notebook imports no checks")


def honest_wrong(solution):
    """Every exercise answered with one of its catalogued wrong answers, as an honest student might."""
    return with_wrong_answers(solution, checks_of(solution))


def _answer_indices(notebook) -> list[int]:
    return sorted(answer_cells(notebook).values())


def _append(notebook, index: int, code: str) -> None:
    notebook.cells[index].source = notebook.cells[index].source.rstrip("\n") + "\n" + code.strip("\n")


def _in_first_answer(code: str) -> Callable:
    def attack(solution, module: str):
        notebook = honest_wrong(solution)
        _append(notebook, _answer_indices(notebook)[0], code.format(module=module))
        return notebook, {}
    return attack


CHECKS_MODULE_PATCH = ALWAYS_RIGHT + '''
import importlib as _importlib
_importlib.import_module("{module}").check = _AlwaysRight()
'''

SYS_MODULES = ALWAYS_RIGHT + '''
import sys as _sys, types as _types
_fake = _types.ModuleType("{module}")
_fake.check = _AlwaysRight()
_sys.modules["{module}"] = _fake
'''

IMPORT_HOOK = ALWAYS_RIGHT + '''
import builtins as _builtins, types as _types
_real_import = _builtins.__import__
_fake = _types.ModuleType("{module}")
_fake.check = _AlwaysRight()
def _import(name, globals=None, locals=None, fromlist=(), level=0):
    if name == "{module}" and fromlist:
        return _fake
    return _real_import(name, globals, locals, fromlist, level)
_builtins.__import__ = _import
'''

KIT_PATCH = '''
import circuslib.core.teach as _teach
_teach.Exercise.__call__ = lambda self, answer: _teach.correct()
_teach.Checks.__getattr__ = lambda self, name: (lambda *args, **kwargs: _teach.correct())
for _name in dir(_teach):
    if _name.startswith("check_"):
        setattr(_teach, _name, lambda *args, **kwargs: _teach.correct())
'''

IPYTHON_HOOKS = '''
_shell = get_ipython()
_shell.showtraceback = lambda *args, **kwargs: None
_shell._showtraceback = lambda *args, **kwargs: None
def _forget(result):
    result.error_in_exec = None
_shell.events.register("post_run_cell", _forget)
'''

TRANSFORMERS = '''
import ast as _ast
_shell = get_ipython()
def _blank_checks(lines):
    return [] if any("check." in line for line in lines) else lines
_shell.input_transformers_post.append(_blank_checks)
class _DropChecks(_ast.NodeTransformer):
    def visit_Expr(self, node):
        return _ast.Pass() if "check." in _ast.unparse(node) else node
_shell.ast_transformers.append(_DropChecks())
'''

SYSTEM_EXIT = '''
raise SystemExit("done")
'''

OS_EXIT = '''
import os as _os
_os._exit(0)
'''

ENDLESS_LOOP = '''
while True:
    pass
'''

STEAL = '''
def _steal(grade_id):
    """Run the teacher's own answer cell, read from the course's source folder if it can be reached."""
    import glob, json, os
    here = os.getcwd()
    for _ in range(6):
        for path in glob.glob(os.path.join(here, "source", "*", "*.ipynb")):
            try:
                cells = json.load(open(path))["cells"]
            except Exception:
                continue
            for cell in cells:
                if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == grade_id:
                    exec("".join(cell["source"]), globals())
                    return
        here = os.path.dirname(here)
'''


def checks_module_patch(solution, module):
    """One line in the first answer cell replaces the checks module's ``check``."""
    return _in_first_answer(CHECKS_MODULE_PATCH)(solution, module)


def sys_modules(solution, module):
    """The checks module's entry in sys.modules replaced by a fake."""
    return _in_first_answer(SYS_MODULES)(solution, module)


def import_hook(solution, module):
    """builtins.__import__ hands the check cells a fake checks module."""
    return _in_first_answer(IMPORT_HOOK)(solution, module)


def kit_patch(solution, module):
    """Exercise.__call__, Checks.__getattr__ and the check_* helpers patched to pass."""
    return _in_first_answer(KIT_PATCH)(solution, module)


def ipython_hooks(solution, module):
    """The shell's showtraceback silenced and a post_run_cell hook that clears the error."""
    return _in_first_answer(IPYTHON_HOOKS)(solution, module)


def transformers(solution, module):
    """An input transformer that blanks the check cells and an AST transformer that drops check calls."""
    return _in_first_answer(TRANSFORMERS)(solution, module)


def added_cells(solution, module):
    """A cell without metadata before each check cell, replacing the checks (the answer cells stay honest)."""
    notebook = honest_wrong(solution)
    patch = CHECKS_MODULE_PATCH.format(module=module)
    cells = []
    for cell in notebook.cells:
        if cell.cell_type == "code" and re.search(r"^\s*check\.\w+\(", cell.source, re.M):
            cells.append(nbformat.v4.new_code_cell(patch))
        cells.append(cell)
    notebook.cells = cells
    return notebook, {}


def duplicated_cells(solution, module):
    """The last check cell copied, metadata and all, to the end (nbgrader autograde stops on it); every answer cell
    duplicated too, the copy answering again."""
    notebook = honest_wrong(solution)
    checks = [c for c in notebook.cells if c.cell_type == "code" and re.search(r"^\s*check\.\w+\(", c.source, re.M)]
    answers = [copy.deepcopy(notebook.cells[i]) for i in _answer_indices(notebook)]
    notebook.cells = notebook.cells + answers + [copy.deepcopy(checks[-1])]
    return notebook, {}


SHADOW_INIT = '''"""A circuslib handed in next to the notebook: it loads the real kit and makes every check pass."""
import importlib.abc, importlib.machinery, os, sys

_here = os.path.dirname(os.path.abspath(__file__))
_real = None
for _finder in sys.meta_path:
    try:
        if _finder is importlib.machinery.PathFinder:
            _spec = _finder.find_spec("circuslib", [p for p in sys.path if os.path.abspath(p or ".") !=
                                                    os.path.dirname(_here)])
        else:
            _spec = _finder.find_spec("circuslib", None)
    except Exception:
        _spec = None
    if _spec and _spec.submodule_search_locations and \\
            os.path.abspath(list(_spec.submodule_search_locations)[0]) != _here:
        _real = _spec
        break
__path__ = list(_real.submodule_search_locations)
exec(compile(open(_real.origin).read(), _real.origin, "exec"))


class _AlwaysRight:
    def __getattr__(self, name):
        return lambda *args, **kwargs: print("✔ Correct!")


class _Patch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if not (name.startswith("circuslib.") and (name.endswith("checks") or name == "circuslib.welcome")):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None:
            run = spec.loader.exec_module

            def exec_module(module):
                run(module)
                module.check = _AlwaysRight()
            spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _Patch())
'''

SITECUSTOMIZE = '''import builtins
builtins.print("sitecustomize from the submission ran")
'''


def shadowing_folder(solution, module):
    """No code in the notebook: a circuslib/ package and a sitecustomize.py handed in next to it."""
    return honest_wrong(solution), {"circuslib/__init__.py": SHADOW_INIT, "sitecustomize.py": SITECUSTOMIZE}


LIARS = '''
import fractions as _fractions, sympy as _sympy

def _lying(base):
    class Liar(base):  # says it equals anything, and that any difference is 0
        def __eq__(self, other): return True
        def __ne__(self, other): return False
        def __sub__(self, other): return 0
        def __rsub__(self, other): return 0
        def __lt__(self, other): return False
        def __gt__(self, other): return False
        def __le__(self, other): return True
        def __ge__(self, other): return True
        def equals(self, other, *args): return True
        __hash__ = base.__hash__
    Liar.__name__ = base.__name__
    return Liar

def _liar(value):
    if isinstance(value, bool) or value is None:
        return value
    if callable(value) and not isinstance(value, _sympy.Basic):
        def lying(*args, _function=value, **kwargs):
            try:
                return _liar(_function(*args, **kwargs))
            except Exception:
                return _lying(_sympy.Rational)(0)
        return lying
    if isinstance(value, int):
        return _lying(int)(value)
    if isinstance(value, float):
        return _lying(float)(value)
    if isinstance(value, str):
        return _lying(str)(value)
    if isinstance(value, _fractions.Fraction):
        return _lying(_fractions.Fraction)(value)
    if isinstance(value, _sympy.Rational):
        return _lying(_sympy.Rational)(value.p, value.q)
    if isinstance(value, _sympy.MatrixBase):
        return _lying(_sympy.Matrix)(value)
    if isinstance(value, _sympy.Basic):
        return _lying(_sympy.Symbol)("p")
    if isinstance(value, list):
        return _lying(list)(_liar(v) for v in value)
    if isinstance(value, tuple):
        return _lying(tuple)(_liar(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return _lying(frozenset)(value)
    return value
'''


def lying_values(solution, module):
    """Every answer (and every value an answer function returns) a subclass of its type that equals anything."""
    notebook = honest_wrong(solution)
    first = _answer_indices(notebook)[0]
    _append(notebook, first, LIARS)
    for name, index in answer_cells(notebook).items():
        variable = check_variable(notebook, name)
        if variable:
            _append(notebook, index, f"{variable} = _liar({variable})")
    return notebook, {}


STACK_WALKER = '''
import sys as _sys

def _walker(*args, **kwargs):
    """Looks up the call stack for the check's own reference and answers what it answers."""
    frame = _sys._getframe(1)
    while frame is not None:
        names = frame.f_locals
        exercise = names.get("exercise")
        if exercise is not None and getattr(exercise, "model", None) is not None:
            return exercise.model(*args, **kwargs)
        for reference in ("reference", "want"):
            value = names.get(reference)
            if callable(value):
                return value(*args, **kwargs)
        if "reference" in names and "spread" in names and "n" in names:
            middle = float(names["reference"])
            half = 1.96 * float(names["spread"]) / float(names["n"]) ** 0.5
            return middle, (middle - half, middle + half)
        frame = frame.f_back
    return 0
'''


def stack_walking(solution, module):
    """Every function answer replaced by one that walks up the stack to the check's reference."""
    notebook = honest_wrong(solution)
    checks = checks_of(solution)
    _append(notebook, _answer_indices(notebook)[0], STACK_WALKER)
    for name, index in answer_cells(notebook).items():
        variable = check_variable(notebook, name)
        exercise = getattr(checks, name)
        functional = exercise.model is not None or any(callable(m.answer) for m in exercise.mistakes)
        if variable and functional:
            _append(notebook, index, f"{variable} = _walker")
    return notebook, {}


def system_exit(solution, module):
    """Every answer cell ends with raise SystemExit, and every function answer raises it when called."""
    notebook = honest_wrong(solution)
    for name, index in answer_cells(notebook).items():
        variable = check_variable(notebook, name)
        if variable:
            _append(notebook, index, f"if callable({variable}):\n    def {variable}(*args, **kwargs):\n"
                                     f"        raise SystemExit(0)\n" + SYSTEM_EXIT)
    return notebook, {}


def os_exit(solution, module):
    """The first answer cell ends the process with os._exit."""
    return _in_first_answer(OS_EXIT)(solution, module)


def endless_loop(solution, module):
    """The first answer cell never ends."""
    return _in_first_answer(ENDLESS_LOOP)(solution, module)


def teacher_files(solution, module):
    """Each answer cell runs the teacher's own answer cell, read from the course's source folder if reachable."""
    notebook = honest_wrong(solution)
    _append(notebook, _answer_indices(notebook)[0], STEAL)
    for index in answer_cells(notebook).values():
        grade_id = notebook.cells[index].metadata.nbgrader["grade_id"]
        _append(notebook, index, f"_steal({json.dumps(grade_id)})")
    return notebook, {}


ATTACKS: dict[str, Callable] = {
    "checks-module": checks_module_patch, "sys-modules": sys_modules, "import-hook": import_hook,
    "kit-patch": kit_patch, "ipython-hooks": ipython_hooks, "transformers": transformers,
    "added-cells": added_cells, "duplicated-cells": duplicated_cells, "shadowing-folder": shadowing_folder,
    "lying-values": lying_values, "stack-walking": stack_walking, "system-exit": system_exit, "os-exit": os_exit,
    "endless-loop": endless_loop, "teacher-files": teacher_files,
}
"""Every class of attack, by the name its student goes by in the tamper course."""
