"""The tutor (circuslib.core.tutor): canonical forms and salted digests, the key a check compares with, the diagnosis
by the models and by the kit-wide families, the compiled tables in step with the teacher's models, and every hint
well formed."""
from __future__ import annotations

import re
from fractions import Fraction
from importlib import import_module

import numpy as np
import pytest
import sympy
from answers import leaks
from teacher import GROUPS, models

from circuslib.__main__ import load_every_module
from circuslib.core.shipped import registry
from circuslib.core.teach import (
    WrongAnswer,
    check_collection,
    check_exact,
    check_formula,
    check_integer,
    check_probability,
)
from circuslib.core.tutor import FAMILY_IDS, Key, Model, Variant, canonical, compile_model, digest, float_made

SALT = "0123456789abcdef" * 2


def _refusal(check, answer, key, **options) -> WrongAnswer:
    with pytest.raises(WrongAnswer) as refused:
        check(answer, key, **options)
    return refused.value


def _mistake(check, answer, key, **options) -> str:
    """The id of the mistake a check diagnoses in a wrong value (the families' fixed ids, the variants' own)."""
    found = _refusal(check, answer, key, **options).found
    return found.id if found is not None else "none"


# ---------------------------------------------------------------------------------------------------------
# canonical forms and digests

def test_digests_are_stable_across_runs_and_machines():
    # pinned: a changed digest would make every shipped table unreadable
    assert digest("00" * 16, "1/8") == "eb847ecb2be80812fa9c276c0dc692e8"
    assert digest(SALT, "(1/1,2/1)") == "14a5e77e5d42d720acb821afb34e9427"
    assert digest(SALT, "1/8") != digest("00" * 16, "1/8")  # the salt matters


def test_one_canonical_text_for_every_way_of_writing_a_value():
    assert canonical(Fraction(3, 24)) == canonical(sympy.Rational(1, 8)) == "1/8"
    assert canonical(2) == canonical(Fraction(2)) == canonical(sympy.Integer(2)) == canonical(np.int64(2)) == "2/1"
    assert canonical([1, Fraction(1, 2)]) == canonical((1, sympy.Rational(1, 2))) == "(1/1,1/2)"
    assert canonical({3, 1, 2}) == canonical(frozenset({2, 3, 1}))
    assert canonical(sympy.log(48, 2)) == canonical(4 + sympy.log(3) / sympy.log(2))
    assert canonical(sympy.sqrt(8)) == canonical(2 * sympy.sqrt(2)) != canonical(sympy.Rational(283, 100))
    # a decimal is never the exact value it rounds
    assert canonical(0.125) != canonical(Fraction(1, 8)) and canonical(sympy.Float(0.125)) != "1/8"


def test_a_fraction_made_from_a_float_is_told_by_its_power_of_two_denominator():
    assert float_made(Fraction(125 / 18)) == Fraction(125, 18)
    assert float_made(Fraction(15 / 88)) == Fraction(15, 88)
    assert float_made(Fraction(1, 8)) is None and float_made(Fraction(3, 1024)) is None  # small: exact on purpose
    assert float_made(Fraction(1, 3)) is None and float_made(Fraction(7)) is None


# ---------------------------------------------------------------------------------------------------------
# a key: the answer sealed, its hints, the families

BUST = Key.of_value(Fraction(15, 88), hints=[(Fraction(15, 94), "deck-94", "divide by the cards left in the deck")])


def test_a_key_holds_no_answer_in_any_readable_form():
    text = repr(BUST) + str(BUST.to_json())
    assert not leaks(Fraction(15, 88), text) and "15/88" not in text and "0.17" not in text
    assert BUST.matches(Fraction(15, 88)) and BUST.matches(sympy.Rational(30, 176)) and not BUST.matches(0.17045)
    assert Key.from_json(BUST.to_json()) == BUST


@pytest.mark.parametrize("answer, family", [
    (Fraction(73, 88), "complement"),  # P(no bust)
    (sympy.Rational(1500, 88), "percentage"),  # 17.04...%
    (Fraction(15, 73), "odds"),  # favourable against the others
    (15, "count"),  # the cards that bust her
    (Fraction(15 / 88), "float-fraction"),
    (Fraction(17, 100), "rounded"),  # 0.17, typed
    (Fraction(1705, 10000), "rounded"),  # 0.1705: agrees to two figures, not the answer
])
def test_each_family_is_named_for_a_probability(answer, family):
    assert _mistake(check_probability, answer, BUST) == FAMILY_IDS[family]


@pytest.mark.parametrize("answer", [0.17045454545454544, np.float64(15 / 88), sympy.Float(15 / 88),
                                    sympy.N(sympy.Rational(15, 88)), sympy.Rational(15, 88).evalf()])
def test_every_decimal_is_told_to_be_exact(answer):
    refused = _refusal(check_probability, answer, BUST)
    assert "give it exactly" in str(refused) and refused.found.id == FAMILY_IDS["decimal"]
    if isinstance(answer, sympy.Basic):
        assert "sympy Float" in str(refused)


def test_a_fraction_made_from_a_float_shows_the_students_own_small_fraction_not_sixteen_digits():
    message = str(_refusal(check_exact, Fraction(125 / 18), Key.of_value(Fraction(125, 18)), what="E"))
    assert "write Fraction(125, 18), not Fraction(125/18)" in message
    assert str(Fraction(125 / 18).denominator) not in message and "N()" not in message
    # a wrong value made so: the slip of the float named, then the model's hint for the value itself
    message = str(_refusal(check_probability, Fraction(15 / 94), BUST))
    assert "Fraction(15, 94), not Fraction(15/94)" in message and "divide by the cards left in the deck" in message


def test_a_probability_given_for_odds_and_one_off_in_a_count():
    odds = Key.of_value(Fraction(15, 73), asks="odds")
    assert _mistake(check_exact, Fraction(15, 88), odds) == FAMILY_IDS["probability-for-odds"]
    assert _mistake(check_exact, Fraction(15, 88), Key.of_value(Fraction(15, 73))) == "none"  # not odds asked
    # an expected gain of 1: 0 is no complement, 100 no percentage, 1/2 no probability given for odds
    gain = Key.of_value(1)
    assert [_mistake(check_exact, v, gain) for v in (0, 100, Fraction(1, 2))] == ["none"] * 3
    assert _mistake(check_integer, 65, Key.of_value(66)) == FAMILY_IDS["off-by-one"]
    assert _mistake(check_integer, 64, Key.of_value(66)) == "none"


def test_two_mistakes_giving_the_same_value_are_both_named():
    key = Key.of_value(Fraction(1, 8), hints=[(Fraction(1, 4), "first", "you counted each roll twice"),
                                              (sympy.Rational(2, 8), "second", "that is for a four-sided die")])
    refused = _refusal(check_probability, Fraction(1, 4), key)
    assert "you counted each roll twice" in str(refused) and "that is for a four-sided die" in str(refused)
    assert refused.found.id == "first+second"


def test_a_hint_is_never_given_for_a_value_its_mistake_cannot_give():
    key = Key.of_value(Fraction(1, 8), hints=[(Fraction(1, 4), "double", "you counted each roll twice")])
    for value in [Fraction(1, 5), Fraction(3, 8), Fraction(1, 9), Fraction(2, 3), Fraction(1, 7) + Fraction(1, 100)]:
        refused = _refusal(check_probability, value, key)
        assert "twice" not in str(refused) and refused.found is None, str(refused)
    # a family only where its own sum works: 7/8 is the complement of 1/8, 6/8 of no one
    assert _mistake(check_probability, Fraction(7, 8), key) == FAMILY_IDS["complement"]
    assert _mistake(check_probability, Fraction(6, 8), key) == "none"


def test_a_variant_that_gives_the_right_value_cannot_be_a_mistake():
    model = Model(answer=lambda dice=3, total=10: Fraction(dice, 24), variants=[Variant({"total": 11}, "eleven")])
    with pytest.raises(ValueError, match="gives the right value"):
        compile_model(model)


def test_a_formula_key_reads_the_formula_at_points_whatever_the_symbols_assumptions():
    k = sympy.Symbol("k", positive=True, integer=True)
    key = Key.of_value(4 * k * sympy.Rational(5, 6) ** k,
                       hints=[(4 * k, "no-wipe", "a 1 wipes the turn")])
    plain = sympy.Symbol("k")
    assert check_formula(4 * plain * (1 - sympy.Rational(1, 6)) ** plain, key).startswith("✔")
    assert "a 1 wipes the turn" in str(_refusal(check_formula, 4 * plain, key))
    assert "uses n" in str(_refusal(check_formula, sympy.Symbol("n"), key))
    assert "decimal" in str(_refusal(check_formula, 4 * plain * sympy.Float(0.8333) ** plain, key))


def test_a_collection_key_counts_what_is_missing_and_extra_without_naming_it():
    key = Key.of_value({(1, 2), (2, 3), (3, 4)})
    assert check_collection([(3, 4), (1, 2), (2, 3)], key).startswith("✔")
    message = str(_refusal(check_collection, [(1, 2), (2, 3), (5, 6)], key))
    assert "1 missing" in message and "1 that should not be there" in message and "3, 4" not in message
    assert "repeated" in str(_refusal(check_collection, [(1, 2), (2, 3), (3, 4), (3, 4)], key))
    ordered = Key.of_value([1, 2, 3])
    assert "wrong order" in str(_refusal(check_collection, [3, 2, 1], ordered))


def test_a_success_line_opens_with_the_right_answer_only():
    model = Model(answer=lambda: Fraction(1, 6), success="one face in six: 1/6")
    key = compile_model(model)
    assert "1/6" not in str(key.to_json()) and "face" not in str(key.to_json())
    assert key.success_line(Fraction(2, 12)) == "one face in six: 1/6" and key.success_line(Fraction(1, 5)) == ""


# ---------------------------------------------------------------------------------------------------------
# every group's models: compiled in step, each variant and catalogued mistake diagnosed by its exercise's check

def _exercises_with_models():
    """(group, exercise, model, choice) of every model: a try-it whose answer depends on what the student picks has
    a model per choice, named "exercise@choice" ("try_hands@5", "try_fitting_cards@7,8"), and is answered with the
    choice first: (5, value), (7, 8, value)."""
    found = []
    for group in GROUPS:
        table = models(group)
        if not table:
            continue
        check = import_module(f"circuslib.{group}.checks").check
        for name, model in table.items():
            exercise, _, choice = name.partition("@")
            found.append((group, getattr(check, exercise), model, tuple(int(c) for c in choice.split(",") if c)))
    return found


MODELLED = _exercises_with_models()


def test_the_shipped_tables_are_in_step_with_the_teachers_models():
    load_every_module()
    entries = {name: entry for name, entry in registry().items() if name.endswith(".tutor")}
    assert "pig.tutor" in entries
    for name, entry in entries.items():
        assert entry.refresh(check=True) == [], f"{name} is out of step: python -m circuslib ship {name}"


@pytest.mark.parametrize("group, exercise, model, choice", MODELLED,
                         ids=[f"{g}.{e.name}{'@' if c else ''}{','.join(map(str, c))}" for g, e, _, c in MODELLED])
def test_every_variant_gets_its_hint_and_the_shipped_key_holds_no_answer(group, exercise, model, choice):
    from circuslib.core.tutor import shipped_key

    def answered(value):
        return (*choice, value) if choice else value

    if choice:  # a try-it's key for one choice; its catalogue, as (choice, value) pairs, stays with its check
        key = shipped_key(exercise.package, f"{exercise.name}@{','.join(map(str, choice))}")
        assert key is not None and exercise.key is None
    else:
        key = exercise.key
        assert key is not None and exercise.expected is key, "its check must read exercise.key"
        assert not exercise.mistakes, "the catalogue lives in the model, on the teacher's side"
    assert exercise.name not in repr(key) and "mistakes" not in repr(exercise)
    answer = model.answer()
    assert not leaks(answer, repr(exercise) + repr(key) + str(key.to_json()))
    assert exercise(answered(answer)).startswith("✔")
    for variant in model.variants:
        with pytest.raises(WrongAnswer) as refused:
            exercise(answered(model.answer(**variant.changes)))
        assert variant.hint in str(refused.value), f"{variant.changes}: {refused.value}"
        assert variant.id in refused.value.diagnosis["mistake"].split("+")


def _hints() -> list[tuple[str, str]]:
    """Every hint the kit can show: the checks' catalogues, the models' variants and mistakes, the families'."""
    found = []
    for group in GROUPS:
        for exercise in import_module(f"circuslib.{group}.checks").check.exercises():
            found += [(exercise.id, m.hint) for m in exercise.mistakes]
        for name, model in models(group).items():
            found += [(f"{group}.{name}", h.hint) for h in [*model.variants, *model.mistakes]]
    key = Key.of_value(Fraction(15, 88))
    for value in [Fraction(73, 88), Fraction(1500, 88), Fraction(15, 73), 15, Fraction(17, 100), Fraction(15 / 88)]:
        found.append(("families", key.diagnose(value, probability=True).hint))
    found.append(("families", Key.of_value(Fraction(15, 73), asks="odds").diagnose(Fraction(15, 88)).hint))
    found.append(("families", Key.of_value(66).diagnose(65, count=True).hint))
    return found


HINTS = _hints()


def _balanced(text: str) -> bool:
    depth = {")": "(", "]": "[", "}": "{"}
    stack: list[str] = []
    for c in text:
        if c in "([{":
            stack.append(c)
        elif c in depth:
            if not stack or stack.pop() != depth[c]:
                return False
    return not stack


@pytest.mark.parametrize("where, hint", HINTS, ids=[f"{w}[{i}]" for i, (w, _) in enumerate(HINTS)])
def test_every_hint_is_well_formed(where, hint):
    assert hint == hint.strip() and hint, "a hint has no stray spaces"
    assert _balanced(hint), f"unbalanced brackets: {hint!r}"
    assert not re.search(r"[.:;,]\s*[.:;,)]|\(\s*\)(?!\w)|\s[,;:.]|[.:;,]$", hint.replace("()", "")), \
        f"stray punctuation: {hint!r}"
    assert not re.search(r"\.\s+[A-Z]", hint), f"a hint is one sentence: {hint!r}"
    assert len(hint) < 260


def test_a_hint_with_a_stray_bracket_is_caught():
    assert not _balanced("a sympy Float, from N() or evalf()): give it exactly")
    assert _balanced("a sympy Float (as N() and evalf() give): give it exactly")
