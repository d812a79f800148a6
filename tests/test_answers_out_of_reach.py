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
    "flip7": "its checks still state their answers (answer=...): not yet keyed by the tutor",
    "pcv": "its checks still state their answers (answer=...): not yet keyed by the tutor",
    "scout": "its checks still state their answers (answer=...): not yet keyed by the tutor",
    "speed": "its checks still state their answers (answer=...): not yet keyed by the tutor",
    "flip_circus": "its checks still state their answers (answer=...): not yet keyed by the tutor",
}
"""Groups whose answers are still in their checks, each with why; emptied as each group is keyed."""


OWN_FILES = {"pig": ("/pig/", "00_", "welcome", "warmup"), "flip7": ("flip7",),
             "pcv": ("/pcv/", "petit_cirque_volant"), "scout": ("scout",), "speed": ("speed",),
             "flip_circus": ("flip_circus",)}
"""The files that are a group's own (its package, its lesson, companion and exercises)."""


def common(form: str) -> bool:
    """A small fraction such as "1/8", which other games' files write for other reasons (Speed's ratios 1/8 to 8):
    it counts only in the group's own files."""
    return bool(re.fullmatch(r"\d/\d{1,2}|\d / \d{1,2}", form))


def forms(answer) -> list[str]:
    """How an answer could be written in a file: exactly ("15/88", "Fraction(15, 88)", a formula as sympy prints
    it) or as its decimal to 4 places ("0.1705", ".1705"); a whole number as what states it ("answer=66")."""
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


def found_in(answer, text: str, flat: str, own: bool = True) -> list[str]:
    """The forms of ``answer`` that the text holds (whole, not inside a longer number or word; a statement
    "answer=1" ending there; a small fraction only in the group's ``own`` files)."""
    seen = []
    formula_of = answer if isinstance(answer, sympy.Basic) and answer.free_symbols else None
    for form in forms(answer):
        if common(form) and not own:
            continue
        formula = formula_of is not None
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
    answers = {name: model.answer() for name, model in models(group).items()}
    assert answers, f"{group} has no models on the teacher's side"
    leaked = []
    for where, text in released.items():
        flat = "".join(text.split())
        own = any(mark in where for mark in OWN_FILES[group])
        for name, answer in answers.items():
            leaked += [f"{group}.{name} as {form!r} in {where}" for form in found_in(answer, text, flat, own)]
    assert not leaked, "\n".join(leaked[:20])
