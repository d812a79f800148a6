"""Answers out of reach: the wheel students install and the copies they receive (exercises/, and the JupyterLite
site's contents) hold no exercise answer in any readable form: not "p/q", not "Fraction(p, q)", not its decimal to
4 places. The answers are the teacher's models' (solutions/tutor/<group>.py), never installed."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from teacher import GROUPS, models

from circuslib.__main__ import write_lite_contents

ROOT = Path(__file__).resolve().parents[1]

ANSWERS_OPEN: dict[str, str] = {
}
"""Groups whose answers are still in their checks, each with why; emptied as each group is keyed."""

IN_THE_OPEN: dict[str, str] = {
    "pcv.try_shot_one_level_up": "1/6, the chance of one face of the die, is written in the game's rules and odds: "
                                 "the try-it asks which faces hit at effective range 3, not for a secret number",
}
"""Answers that cannot be out of reach, each with why."""


OWN_FILES = {"pig": ("/pig/", "00_", "welcome", "warmup"), "flip7": ("flip7",),
             "pcv": ("/pcv/", "petit_cirque_volant"), "scout": ("scout",), "speed": ("speed",),
             "flip_circus": ("flip_circus",)}
"""The files that are a group's own (its package, its lesson, companion and exercises)."""


def common(form: str) -> bool:
    """A small fraction such as "1/8", "Fraction(1, 4)" or its decimal "0.2500", which other games' files write for
    other reasons (Speed's ratios 1/8 to 8, Flip 7's chances): it counts only in the group's own files."""
    return bool(re.fullmatch(r"\d/\d{1,2}|\d / \d{1,2}|(Fraction|Rational|F)\(\d, \d{1,2}\)|0?\.\d{2}00", form))


def forms(answer) -> list[str]:
    """How an answer could be written in a file: exactly ("15/88", "Fraction(15, 88)", a formula as sympy prints
    it) or as its decimal to 4 places ("0.1705", ".1705"); a whole number as what states it ("answer=66")."""
    if isinstance(answer, (list, tuple)) and answer and all(isinstance(row, (list, tuple)) for row in answer):
        # a matrix given by its rows: as sympy prints the matrix, spaces aside, and as Python writes the rows
        return ["".join(str(sympy.Matrix(answer)).split()), repr([list(row) for row in answer])]
    if isinstance(answer, (list, tuple)):  # a list answer, as Python writes it
        return [repr(list(answer)), repr(list(answer)).replace("'", '"')]
    if isinstance(answer, (set, frozenset)):  # a set answer, its items in order
        return [repr(sorted(answer)).replace("[", "{").replace("]", "}")]
    if isinstance(answer, Fraction):
        answer = sympy.Rational(answer.numerator, answer.denominator)
    value = sympy.sympify(answer)
    if value.free_symbols:
        return [str(value).replace(" ", "")]
    if value.is_Integer:
        n = int(value)
        found = [f"answer={n}", f"answer = {n}", f"answer={n:_}", f"answer = {n:_}"]
        return list(dict.fromkeys(found + ([str(n), f"{n:_}", f"{n:,}"] if abs(n) >= 1000 else [])))
    found = []
    if value.is_Rational:
        p, q = int(value.p), int(value.q)
        found += [f"{p}/{q}", f"{p} / {q}", f"Fraction({p}, {q})", f"Rational({p}, {q})", f"F({p}, {q})"]
    decimal = f"{float(value):.4f}"
    found += [decimal] + ([decimal[1:]] if decimal.startswith("0.") else [])
    return found


def small(answer) -> bool:
    """A fraction with a one-digit numerator and a denominator under 100 (1/6, 4/3): other games' files write
    such values for reasons of their own, in any form, so they count only in the group's own files."""
    value = sympy.sympify(answer) if not isinstance(answer, (list, tuple)) else None
    return value is not None and value.is_Rational and abs(value.p) < 10 and value.q < 100


def found_in(answer, text: str, flat: str, own: bool = True) -> list[str]:
    """The forms of ``answer`` that the text holds (whole, not inside a longer number or word; a statement
    "answer=1" ending there; a small fraction only in the group's ``own`` files)."""
    if not own and small(answer):
        return []
    seen = []
    formula_of = answer if isinstance(answer, sympy.Basic) and answer.free_symbols else None
    for form in forms(answer):
        if common(form) and not own:
            continue
        formula = formula_of is not None or isinstance(answer, (list, tuple))
        haystack = flat if formula or form.replace(" ", "") == form and not form[0].isdigit() and "=" not in form \
            else text
        end = r"(?=\s*[,)\]\n#]|\s*$)" if form.startswith("answer") else r"(?![\w/]|\.\d|\d)"
        if re.search(rf"(?<![\w./]){re.escape(form)}{end}", haystack):
            seen.append(form)
    return seen


def _answers() -> dict[str, object]:
    return {f"{group}.{name}": model.answer() for group in GROUPS if group not in ANSWERS_OPEN
            for name, model in models(group).items()}


@pytest.fixture(scope="module")
def released(tmp_path_factory) -> dict[str, str]:
    """Every file students receive, by name: the wheel's files, exercises/, the JupyterLite site's contents."""
    work = tmp_path_factory.mktemp("release")
    source = work / "source"
    source.mkdir()
    for part in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / part, source / part)
    shutil.copytree(ROOT / "circuslib", source / "circuslib", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "wheel"), str(source)],
                   check=True, capture_output=True, timeout=600)
    files: dict[str, str] = {}
    wheel = next((work / "wheel").glob("circuslib-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            files[f"wheel:{name}"] = archive.read(name).decode("utf-8", errors="replace")
    for path in sorted((ROOT / "exercises").glob("*.ipynb")):
        files[f"exercises/{path.name}"] = path.read_text(encoding="utf-8")
    write_lite_contents(ROOT, work / "lite")
    for path in sorted((work / "lite").rglob("*")):
        if path.is_file():
            files[f"lite:{path.relative_to(work / 'lite')}"] = path.read_text(encoding="utf-8", errors="replace")
    return files


def test_the_search_finds_an_answer_where_one_is_written():
    text = 'answer=Fraction(15, 88), mistakes=[]  # about 0.1705\nanswer=66\nE(k) = 4 * (5/6)**k * k'
    flat = "".join(text.split())
    k = sympy.Symbol("k")
    assert found_in(Fraction(15, 88), text, flat) == ["Fraction(15, 88)", "0.1705"]
    assert found_in(Fraction(15, 88), "p = 15/88", "p=15/88") == ["15/88"]
    assert found_in(66, text, flat) == ["answer=66"] and found_in(4 * k * sympy.Rational(5, 6) ** k, text, flat)
    assert not found_in(Fraction(1, 8), "x = 11/88 + 0.12501 and 21/8", "")
    assert not found_in(80_000, "a 180000-turn run", "") and found_in(80_000, "so 80,000 turns", "")
    assert not found_in(1, "answer=1 - F(2, 3) ** 4", "") and found_in(1, "answer=1, mistakes", "")
    assert not found_in(Fraction(1, 8), "ratios 1/8 to 8", "", own=False) and found_in(Fraction(1, 8), "1/8", "")


def test_the_keyed_groups_have_their_answers_on_the_teachers_side():
    answers = _answers()
    assert "pig.three_dice_ten" in answers and len(answers) >= 7
    assert set(ANSWERS_OPEN) <= set(GROUPS)


@pytest.mark.parametrize("group", [pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=ANSWERS_OPEN[g]))
                                   if g in ANSWERS_OPEN else g for g in GROUPS])
def test_no_answer_is_in_the_wheel_or_the_release(group, released):
    from importlib import import_module

    check = import_module(f"circuslib.{group}.checks").check
    stated = [e for e in check.exercises() if e.answer is not None]
    assert not stated, f"{group}'s checks still state answers: {[e.name for e in stated]}"
    # a try-it whose answer depends on what the student picks has a key per choice ("try_race@3,1"): it applies the
    # lesson's own rule (deck_for, the fitting ranks, the race formula, all in the kit) to that pick, so those keys
    # tutor without hiding anything: only the exercises' answers are searched for
    answers = {name: model.answer() for name, model in models(group).items()
               if "@" not in name and f"{group}.{name}" not in IN_THE_OPEN}
    assert answers, f"{group} has no models on the teacher's side"
    leaked = []
    for where, text in released.items():
        flat = "".join(text.split())
        own = any(mark in where for mark in OWN_FILES[group])
        for name, answer in answers.items():
            leaked += [f"{group}.{name} as {form!r} in {where}" for form in found_in(answer, text, flat, own)]
    assert not leaked, "\n".join(leaked[:20])
