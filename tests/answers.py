"""How an exercise's right answer could show in a text: its exact form, or its decimal to 4 places."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import sympy


def answer_forms(answer: Any) -> list[str]:
    """The ways a value is written in a lesson or a message: exact (2+ digit integers only) and 4-place decimal."""
    if answer is None or callable(answer) and not isinstance(answer, sympy.Basic):
        return []
    if isinstance(answer, Fraction):
        answer = sympy.Rational(answer.numerator, answer.denominator)
    if isinstance(answer, bool) or not isinstance(answer, (int, sympy.Basic)):
        return []
    value = sympy.sympify(answer)
    if value.free_symbols:
        return [str(value)] if len(str(value)) >= 4 else []
    if value.is_Integer:
        return [str(value)] if abs(int(value)) >= 10 else []
    forms = [str(value)]
    if value.is_number:
        decimal = float(value)
        forms += [f"{decimal:.4f}", str(round(decimal, 4))]
        if abs(decimal) < 1:
            forms.append(f"{decimal:.4f}"[1:] if decimal >= 0 else None)  # .2283, written without its 0
    return sorted({f for f in forms if f and f not in ("0.0", "-0.0", "0.0000")})


def leaks(answer: Any, text: str) -> list[str]:
    """The forms of ``answer`` that ``text`` contains (as whole numbers, not inside longer ones)."""
    found = []
    for form in answer_forms(answer):
        if re.search(rf"(?<![\w./]){re.escape(form)}(?![\w/]|\.\d)", text):
            found.append(form)
    return found
