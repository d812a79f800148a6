"""Function answers tried beyond the examples: every function exercise against its compiled key (fixed inputs and
inputs drawn at ship time), exact means exact for each kind of decimal, and the kit's own solver refused by what
runs, not by its name."""
from __future__ import annotations

import re
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
import sympy
import teacher

from circuslib.core import cases as core_cases
from circuslib.core.cases import FunctionKey, decimal_kind
from circuslib.core.teach import (
    CORRECT_MARK,
    Forbidden,
    WrongAnswer,
    call_student,
    check_function,
    forbid_calls,
)
from circuslib.flip7.checks import check as flip7
from circuslib.flip_circus.checks import check as flip_circus
from circuslib.pcv.checks import check as pcv
from circuslib.pig.checks import check as pig
from circuslib.scout.checks import check as scout
from circuslib.speed.checks import check as speed

CHECKS = {"pig": pig, "flip7": flip7, "pcv": pcv, "scout": scout, "speed": speed, "flip_circus": flip_circus}
FUNCTION_EXERCISES = [(group, name) for group in CHECKS for name in teacher.functions(group)]


def _refused(exercise, answer) -> str:
    with pytest.raises(WrongAnswer) as refused:
        exercise(answer)
    message = str(refused.value)
    assert len(message.splitlines()) == 1 and "Traceback" not in message
    return message


def test_every_function_exercise_has_its_cases_on_the_teachers_side_and_a_key_in_its_tutor_json():
    assert len(FUNCTION_EXERCISES) == 10
    for group, name in FUNCTION_EXERCISES:
        exercise = getattr(CHECKS[group], name)
        assert isinstance(exercise.model, FunctionKey) and exercise.model.exercise == exercise.id
        assert len(teacher.functions(group)[name].mistakes) >= 3
        assert len(exercise.model.inputs) == len(exercise.model.digests) >= exercise.model.fixed > 0


@pytest.mark.parametrize("group, name", FUNCTION_EXERCISES)
def test_the_reference_agrees_with_its_key_and_a_constant_is_refused(group, name):
    exercise = getattr(CHECKS[group], name)
    cases = teacher.functions(group)[name]
    assert check_function(cases.reference, None, exercise.model, name=name, exact=False).startswith(CORRECT_MARK)
    first = cases.reference(*exercise.model.inputs[0])
    _refused(exercise, lambda *args: first)  # the right output on the first input, whatever the input


@pytest.mark.parametrize("group, name", FUNCTION_EXERCISES)
def test_the_key_holds_no_reference_output_in_plain_form(group, name):
    entry = getattr(CHECKS[group], name).model.data
    cases = teacher.functions(group)[name]
    assert set(entry) == {"kind", "salt", "fixed", "inputs", "outputs", "varies", "mistakes"}
    sealed = re.compile(r"^[0-9a-f]{32}$")
    assert all(sealed.match(d) for d in entry["outputs"])
    assert all(m["digest"] is None or sealed.match(m["digest"]) for m in entry["mistakes"])
    # apart from the inputs and the digests, only the hints are text: none quotes an output
    hints = " ".join(m["hint"] for m in entry["mistakes"])
    for args in cases.fixed:
        value = cases.reference(*args)
        if isinstance(value, (Fraction, int)) and not isinstance(value, bool) and abs(value) > 9:
            assert not re.search(rf"(?<![\d/]){value}(?![\d/])", hints), (value, hints)


# ---------------------------------------------------------------------------------------------------------
# right on the fixed inputs, wrong on one drawn at ship time: refused

def _mutating_search(hand, top):
    """A search that removes a card from the list it loops over, and puts it back at the end: the loop then skips
    the card after it and meets the one put back again."""
    best = 0
    for card in hand:
        if (card - top) % 13 in (1, 12):
            hand.remove(card)
            best = max(best, 1 + _mutating_search(hand, card))
            hand.append(card)
    return best


def test_a_search_that_mutates_the_list_it_loops_over_passes_the_fixed_hands_and_is_refused():
    cases = teacher.functions("speed")["longest_chain_function"]
    assert check_function(_mutating_search, cases.reference, cases.fixed, name="longest_chain").startswith(
        CORRECT_MARK)
    message = _refused(speed.longest_chain_function, _mutating_search)
    assert "not right yet on input" in message and "it returned" in message


def _burnside_floor(labels):
    """Burnside's sum with one mirror counted twice (range(n + 1)), hidden by the integer division //."""
    rows = set(permutations(labels))
    n = len(labels)
    total = sum(1 for k in range(n) for r in rows if r[k:] + r[:k] == r)
    total += sum(1 for k in range(n + 1) for r in rows if r[::-1][k:] + r[::-1][:k] == r)
    return total // (2 * n)


def test_an_integer_division_hiding_a_wrong_burnside_sum_passes_the_fixed_rings_and_is_refused():
    cases = teacher.functions("flip_circus")["patterns_by_listing"]
    assert check_function(_burnside_floor, cases.reference, cases.fixed, name="count_patterns").startswith(
        CORRECT_MARK)
    message = _refused(flip_circus.patterns_by_listing, _burnside_floor)
    assert "not right yet on input" in message


def test_the_generated_inputs_reach_the_edges():
    chain = speed.longest_chain_function.model
    hands = [hand for hand, _ in chain.inputs[chain.fixed:]]
    assert [] in hands and any(len(h) == 1 for h in hands) and any(len(h) == 8 for h in hands)
    rounds = flip7.counted_gain.model
    drawn = rounds.inputs[rounds.fixed:]
    assert any(not held for held, _ in drawn) and any(len(held) == 6 for held, _ in drawn)
    assert any(sum(left.values()) == 1 for _, left in drawn) and any(sum(left.values()) == 94 for _, left in drawn)
    rings = flip_circus.patterns_by_listing.model
    labels = [args[0] for args in rings.inputs[rings.fixed:]]
    assert any(len(set(x)) == 1 for x in labels) and any(len(x) == 8 for x in labels)


def test_an_uncatalogued_wrong_function_is_shown_its_own_output_never_the_reference_s():
    message = _refused(pcv.first_hit, lambda k, p: (1 - p) ** (k - 1) * p if k < 4 else Fraction(0))
    # the first input it fails: shot 5 at p = 1/2, where the first hit has the chance (1/2)^4 (1/2) = 1/32
    assert message == "first_hit is not right yet on input (5, Fraction(1, 2)): it returned Fraction(0, 1)"
    assert "1/32" not in message and "Fraction(1, 32)" not in message


def test_a_catalogued_wrong_function_keeps_its_hint_when_it_differs_on_a_drawn_edge_only():
    def greedy_but_empty_hands_raise(hand, top):
        if not hand:
            return None  # differs from the catalogued greedy search on the empty hands drawn at ship time
        left, length = list(hand), 0
        while True:
            card = next((c for c in left if (c - top) % 13 in (1, 12)), None)
            if card is None:
                return length
            left.remove(card)
            top, length = card, length + 1

    assert "try every card that fits" in _refused(speed.longest_chain_function, greedy_but_empty_hands_raise)


def test_a_catalogued_wrong_function_carries_its_mistake_id():
    with pytest.raises(WrongAnswer) as refused:
        pig.steps_between(lambda a, b: abs(a - b))
    wrong = refused.value
    assert wrong.diagnosis["exercise"] == "pig.steps_between"
    catalogued = next(m for m in teacher.functions("pig")["steps_between"].mistakes if m.hint in str(wrong))
    assert wrong.diagnosis["mistake"] == catalogued.id


# ---------------------------------------------------------------------------------------------------------
# exact means exact: each kind of decimal named

def _first_hit(k, p):
    return (1 - p) ** (k - 1) * p


@pytest.mark.parametrize("decimal, kind", [
    (lambda k, p: float(_first_hit(k, p)), "(a float)"),
    (lambda k, p: np.float64(_first_hit(k, p)), "(a numpy float)"),
    (lambda k, p: sympy.N(_first_hit(k, p)), "(a sympy Float (from N() or evalf()))"),
    (lambda k, p: sympy.Rational(_first_hit(k, p)).evalf(), "(a sympy Float (from N() or evalf()))"),
    (lambda k, p: sympy.Rational(_first_hit(k, p)) * sympy.Float(1.0), "(a sympy Float (from N() or evalf()))"),
    (lambda k, p: [float(_first_hit(k, p))], "(a float)"),
])
def test_a_decimal_of_each_kind_is_told_to_be_exact_and_named(decimal, kind):
    message = _refused(pcv.first_hit, decimal)
    assert "give it exactly" in message and kind in message


def test_a_fraction_made_from_a_float_is_named_and_shown_as_the_student_s_own_small_fraction():
    # 1/2, 1/4, 1/8 and 1/32 are exact in binary: the first float-made one is 1/3, for shot 1 at p = 1/3
    message = _refused(pcv.first_hit, lambda k, p: Fraction(float(_first_hit(k, p))))
    assert message == ("first_hit returned a Fraction made from a float on input (1, Fraction(1, 3)): give it "
                       "exactly, write Fraction(1, 3), not Fraction(1/3)")


def test_an_exact_fraction_with_a_power_of_two_denominator_is_not_a_float():
    assert decimal_kind(Fraction(7, 8) ** 6 / 8) is None  # 117649 / 2**21, the first hit on shot 7 at p = 1/8
    assert decimal_kind(Fraction(1 / 3))[0] == "a Fraction made from a float"
    assert decimal_kind(Fraction(0.1 + 0.2))[0] == "a Fraction made from a float"
    assert decimal_kind(True) is None and decimal_kind(sympy.Rational(1, 3)) is None


# ---------------------------------------------------------------------------------------------------------
# the kit's own solver refused by what runs, under any name

def test_a_forbidden_call_is_refused_under_another_name_through_a_helper():
    from circuslib.core import game

    def helper(deck):
        solve = getattr(game, "best_" + "value")
        from circuslib.flip7.rules import solo_round
        return solve(solo_round(dict(deck)))

    message = _refused(flip7.small_deck_dp, lambda deck: helper(deck))
    assert "optimum calls best_value" in message and "write the recursion yourself" in message


def test_arithmetic_only_refuses_networkx_inside_the_function():
    def by_graph(a, b):
        import networkx as nx
        return nx.shortest_path_length(nx.cycle_graph(13), a - 1, b - 1)

    message = _refused(pig.steps_between, by_graph)
    assert "steps calls networkx" in message and "arithmetic only" in message


@pytest.mark.parametrize("group, name, answer, called", [
    ("pcv", "hex_distance", "kit_hex_distance", "hex_distance"),
    ("speed", "fits_on", "fits", "fits"),
    ("scout", "my_beats", "beats", "beats"),
])
def test_each_kit_function_a_lesson_teaches_is_refused_inside_its_exercise(group, name, answer, called):
    module = __import__(f"circuslib.{group}.checks", fromlist=["x"])
    rules = __import__(f"circuslib.{group}.rules", fromlist=["x"])
    kit = getattr(module, answer, None) or getattr(rules, answer)
    message = _refused(getattr(CHECKS[group], name), lambda *args: kit(*args))
    assert f"calls {called}" in message


def test_forbid_calls_sees_a_shipped_result_s_function_and_leaves_others_alone():
    from circuslib.speed.odds import p_stalemate_at_start

    watch = Forbidden([p_stalemate_at_start], say="no")
    with pytest.raises(WrongAnswer, match="calls p_stalemate_at_start: no"):
        call_student(lambda: p_stalemate_at_start(4, 1), forbid=watch)
    assert call_student(lambda: sum(range(5)), forbid=watch) == 10
    watched = forbid_calls(lambda: p_stalemate_at_start(4, 1), [p_stalemate_at_start], says="no")
    with pytest.raises(WrongAnswer, match="^no$"):
        watched()


def test_the_compiled_key_is_the_same_when_compiled_again():
    cases = teacher.functions("pcv")["first_hit"]
    entry = pcv.first_hit.model.data
    assert core_cases.compile_cases(cases, entry["salt"]) == dict(entry)
