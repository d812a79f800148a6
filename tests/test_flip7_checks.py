"""The Flip 7 exercise checks: right answers pass in every exact form, each catalogued mistake fails with its own
hint and without the answer, and the cases the grading issue lists for Flip 7 are caught as it says."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest
import sympy
from teacher import answer_of, mistakes_of, models

from circuslib.core.game import best_value
from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.core.tutor import teacher_module
from circuslib.flip7 import checks
from circuslib.flip7.bots import Bot, StopAtSum, play_game
from circuslib.flip7.checks import DP_DECKS, check, full_deck, numbers_deck
from circuslib.flip7.rules import CARDS, solo_round

sims = teacher_module("flip7", "sims")
"""solutions/tutor/flip7_sims.py: the one-step counter the simulation exercise measures, never installed."""

# ---------------------------------------------------------------------------------------------------------
# the right answers, as a student would write them


def gain(held, left):
    score = sum(held)
    total = sum(left.values())
    change = 0
    for card, copies in left.items():
        if card in held:
            change -= copies * score
        elif isinstance(card, int):
            change += copies * card
        elif card == "x2":
            change += copies * score
        elif card.startswith("+"):
            change += copies * int(card[1:])
    return Fraction(change, total)


def optimum(deck):
    @cache
    def value(held):
        left = {v: c - (v in held) for v, c in deck.items()}
        total = sum(left.values())
        stay = Fraction(sum(held))
        if total == 0:
            return stay
        hit = sum(Fraction(c, total) * (0 if v in held else value(tuple(sorted(held + (v,)))))
                  for v, c in left.items() if c)
        return max(stay, hit)

    return value(())


class OneStepCounter(Bot):
    name = "one-step counter"

    def wants_hit(self, hand, deck):
        return gain(hand.numbers, dict(zip(CARDS, deck))) > 0


def simulate(n, seed):
    rng = random.Random(seed)
    bots = [OneStepCounter(), StopAtSum(18)]
    wins = sum(play_game(bots, rng, dealer=i % 2).winner() == 0 for i in range(n))
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, (p - half, p + half)


VALUES = {
    "busting_cards": 17,
    "bust_by_hand": Fraction(15, 88),
    "bust_within_two": Fraction(1457, 2926),
    "gain_by_hand": Fraction(-26, 73),
    "different_numbers": Fraction(21644020, 4054201),
}


def passes(call) -> bool:
    return call.startswith(CORRECT_MARK)


def test_the_set_has_its_exercises_and_questions_in_words():
    assert list(check) == ["busting_cards", "bust_by_hand", "bust_within_two", "gain_by_hand", "different_numbers",
                           "counted_gain", "small_deck_dp", "bot_against_stop_at",
                           "try_bust_chance", "try_one_more_card", "try_disagree"]  # the last three: the lesson's
    assert [w.name for w in check.written_questions()] == ["why_bust_chances_add", "why_the_optimum_loses"]
    stars = [e.stars for e in check.exercises() if not e.name.startswith("try_")]
    stars += [w.stars for w in check.written_questions()]
    assert stars.count(1) >= 2 and stars.count(2) >= 3 and stars.count(3) >= 2
    assert all(len(mistakes_of(e)) >= 3 for e in check.exercises())


@pytest.mark.parametrize("name", sorted(VALUES))
def test_the_pinned_answers_are_the_ones_the_checks_expect(name):
    assert answer_of(getattr(check, name)) == VALUES[name]


@pytest.mark.parametrize("name", sorted(VALUES))
def test_right_answers_pass_in_every_exact_form(name):
    value = VALUES[name]
    exact = Fraction(value)
    forms = [value, exact, sympy.Rational(exact.numerator, exact.denominator)]
    if exact.denominator == 1:
        forms += [int(exact), sympy.Integer(int(exact)), np.int64(int(exact)), np.int32(int(exact))]
    for form in forms:
        assert passes(getattr(check, name)(form)), (name, form)


def test_the_answers_computed_independently():
    # 1: copies of 6, 10, 11 left once hers and the 11 cards seen are out
    left = numbers_deck()
    for card in [6, 10, 11] + [10, 10, 10, 11, 11, 6, 6, 2, 5]:
        left[card] -= 1
    assert left[6] + left[10] + left[11] == VALUES["busting_cards"]
    # 3: by listing every ordered pair of next cards
    left = numbers_deck()
    left[9] -= 1
    left[12] -= 1
    cards = [v for v, c in left.items() for _ in range(c)]
    busts = 0
    for i, first in enumerate(cards):
        for j, second in enumerate(cards):
            if i != j:
                busts += first in (9, 12) or second in (9, 12, first)
    assert Fraction(busts, len(cards) * (len(cards) - 1)) == VALUES["bust_within_two"]
    # 6: by a seeded simulation, within five standard errors
    rng = random.Random(5)
    deck = [v for v, c in numbers_deck().items() for _ in range(c)]
    draws = [len(set(rng.sample(deck, 7))) for _ in range(20_000)]
    mean = sum(draws) / len(draws)
    sd = math.sqrt(sum((d - mean) ** 2 for d in draws) / (len(draws) - 1))
    assert abs(mean - float(VALUES["different_numbers"])) < 5 * sd / math.sqrt(len(draws))


# ---------------------------------------------------------------------------------------------------------
# the cases of the grading issue, for Flip 7

def test_issue_case_np_int64_accepted_for_integer_answers():
    assert passes(check.busting_cards(np.int64(17)))
    with pytest.raises(WrongAnswer, match="other rows and in the discard"):
        check.busting_cards(np.int64(24))  # a numpy integer that is wrong gets its hint, not "not a whole number"


@pytest.mark.parametrize("name", ["bust_by_hand", "bust_within_two", "gain_by_hand", "different_numbers"])
@pytest.mark.parametrize("decimal", [
    lambda v: sympy.Float(float(v)),
    lambda v: sympy.N(sympy.Rational(v.numerator, v.denominator)),
    lambda v: sympy.Rational(v.numerator, v.denominator).evalf(30),
    lambda v: float(v),
    lambda v: np.float64(v),
], ids=["sympy.Float", "sympy.N", "evalf", "float", "numpy float"])
def test_issue_case_a_sympy_float_or_sympy_N_of_the_right_value_gets_give_it_exactly(name, decimal):
    value = Fraction(VALUES[name])
    with pytest.raises(WrongAnswer, match="give it exactly") as wrong:
        getattr(check, name)(decimal(value))
    assert f"{float(value):.4f}" not in str(wrong.value)


def test_issue_case_an_unevaluated_expression_of_the_right_value_gets_give_it_exactly():
    with pytest.raises(WrongAnswer, match="give it exactly"):
        check.bust_by_hand(sympy.Add(sympy.Rational(7, 88), sympy.Rational(8, 88), evaluate=False))


def test_issue_case_the_with_replacement_dp_gets_a_with_replacement_hint_not_take_the_larger():
    def with_replacement(deck):  # written afresh, as a student would: the deck never changes
        cards = sum(deck.values())

        def value(held):
            stay = Fraction(sum(held))
            hit = Fraction(0)
            for number, copies in deck.items():
                if number not in held:
                    hit += Fraction(copies, cards) * value(held | {number})
            return max(stay, hit)

        return value(frozenset())

    with pytest.raises(WrongAnswer) as wrong:
        check.small_deck_dp(with_replacement)
    message = str(wrong.value)
    assert "with replacement" in message
    assert "take the larger" not in message


def test_issue_case_made_up_simulation_answer_fails_as_a_number_typed_in_cannot_be_checked():
    with pytest.raises(WrongAnswer, match="a number typed in cannot be checked"):
        check.bot_against_stop_at((0.37, (0.33, 0.42)))
    for typed in [0.66, (0.66, (0.63, 0.69)), [0.66, [0.6, 0.7]]]:
        with pytest.raises(WrongAnswer, match="a number typed in cannot be checked"):
            check.bot_against_stop_at(typed)


# ---------------------------------------------------------------------------------------------------------
# the catalogue: every mistake fails with its own hint, and never shows the answer

CATALOGUE = [(e.name, i) for e in check.exercises() for i in range(len(mistakes_of(e)))]


@pytest.mark.parametrize("name, index", CATALOGUE, ids=[f"{n}-{i}" for n, i in CATALOGUE])
def test_every_catalogued_mistake_fails_with_its_hint_and_without_the_answer(name, index):
    exercise = getattr(check, name)
    mistake = mistakes_of(exercise)[index]
    with pytest.raises(WrongAnswer) as wrong:
        exercise(mistake.answer)
    message = str(wrong.value)
    assert mistake.hint in message
    if answer_of(exercise) is not None:
        value = Fraction(answer_of(exercise))
        assert str(value) not in message.replace(f"({mistake.answer})", "")
        assert f"{float(value):.4f}" not in message


# ---------------------------------------------------------------------------------------------------------
# each exercise's own cases

def test_busting_cards_explains_other_shapes():
    with pytest.raises(WrongAnswer, match="still empty"):
        check.busting_cards(None)
    with pytest.raises(WrongAnswer, match="a fraction"):
        check.busting_cards(Fraction(17, 2))
    with pytest.raises(WrongAnswer, match="negative"):
        check.busting_cards(-17)
    with pytest.raises(WrongAnswer, match="not right yet"):
        check.busting_cards(16)


def test_bust_by_hand_explains_a_count_and_a_percentage():
    with pytest.raises(WrongAnswer, match="a count, not a probability"):
        check.bust_by_hand(15)
    with pytest.raises(WrongAnswer, match="percentage"):
        check.bust_by_hand(Fraction(1500, 88))
    with pytest.raises(WrongAnswer, match="text"):
        check.bust_by_hand("15/88")


def test_gain_passes_and_is_compared_on_hands_early_and_late_in_a_deck():
    assert passes(check.counted_gain(gain))
    inputs = checks.COUNTED_GAIN.inputs
    assert len(inputs) >= 8 and checks.COUNTED_GAIN.fixed >= 8
    assert {sum(left.values()) for _, left in inputs} >= {94, 12, 30, 70}
    assert any(left["x2"] and held for held, left in inputs) and any(not left["x2"] for _, left in inputs)


def test_gain_that_raises_is_reported_with_its_input_not_a_traceback():
    def broken(held, left):
        return Fraction(sum(left[h] for h in held), len(held))   # the empty hand divides by zero

    with pytest.raises(WrongAnswer, match=r"gain raised ZeroDivisionError on input \(\[\]"):
        check.counted_gain(broken)


def test_gain_returning_a_decimal_is_told_to_be_exact():
    with pytest.raises(WrongAnswer, match="decimal"):
        check.counted_gain(lambda held, left: float(gain(held, left)))


def test_gain_that_changes_its_argument_is_still_judged_on_the_right_values():
    def emptying(held, left):
        answer = gain(held, left)
        left.clear()
        return answer

    assert passes(check.counted_gain(emptying))


def test_the_dp_check_compares_with_the_kits_solver_on_many_decks():
    assert len(DP_DECKS) >= 10 and all(len(deck) < 7 for deck in DP_DECKS)
    for deck in DP_DECKS:
        assert optimum(deck) == best_value(solo_round(deck))
    assert passes(check.small_deck_dp(optimum))


def test_the_dp_check_refuses_the_kits_solver():
    def uses_the_kit(deck):
        return best_value(solo_round(deck))

    with pytest.raises(WrongAnswer, match="yourself"):
        check.small_deck_dp(uses_the_kit)


def test_the_dp_check_refuses_the_solver_by_what_runs_not_by_its_name():
    import importlib

    solve = best_value  # under another name

    def renamed(deck):
        return solve(solo_round(deck))

    def spelled(deck):  # no name of the solver anywhere in the source
        game = importlib.import_module("circuslib.core." + "game")
        return getattr(game, "best" + "_val" + "ue")(solo_round(deck))

    def hidden(deck):  # the solver called and its result thrown away: still refused
        try:
            solve(solo_round(deck))
        finally:
            pass
        return optimum(deck)

    for student in (renamed, spelled, hidden):
        with pytest.raises(WrongAnswer, match="yourself"):
            check.small_deck_dp(student)
    assert passes(check.small_deck_dp(optimum))  # the kit's other functions (solo_round) may run


def test_the_dp_check_reports_a_raising_function_and_other_shapes():
    def keys_only(deck):
        return optimum({v: deck[v + 1] for v in deck})

    with pytest.raises(WrongAnswer, match="optimum raised KeyError on input"):
        check.small_deck_dp(keys_only)
    with pytest.raises(WrongAnswer, match="should be a function"):
        check.small_deck_dp(Fraction(64, 15))
    with pytest.raises(WrongAnswer, match="decimal"):
        check.small_deck_dp(lambda deck: float(optimum(deck)))
    with pytest.raises(WrongAnswer, match="still empty"):
        check.small_deck_dp(None)


def test_the_simulation_passes():
    assert passes(check.bot_against_stop_at(simulate))  # its time is a benchmark's business, not a test's


def test_a_simulation_that_raises_or_returns_a_bad_shape_is_explained():
    with pytest.raises(WrongAnswer, match="simulate raised ValueError on input"):
        check.bot_against_stop_at(lambda n, seed: int("many"))
    with pytest.raises(WrongAnswer, match=r"should return \(estimate, \(low, high\)\)"):
        check.bot_against_stop_at(lambda n, seed: random.Random(seed).random())


def test_a_simulation_of_the_wrong_bot_is_far_from_the_long_run_value():
    def stop_at_18_against_itself(n, seed):
        rng = random.Random(seed)
        bots = [StopAtSum(18), StopAtSum(18)]
        wins = sum(play_game(bots, rng, dealer=i % 2).winner() == 0 for i in range(n))
        p = wins / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        return p, (p - half, p + half)

    with pytest.raises(WrongAnswer, match="far from the long-run value"):
        check.bot_against_stop_at(stop_at_18_against_itself)


def test_the_reference_bot_and_its_gain_are_on_the_teachers_side_only():
    # the gain exercise's answer would be readable in the installed package through the bot that follows it
    own = {name: value for name, value in vars(checks).items() if getattr(value, "__module__", "") == checks.__name__}
    assert not [name for name, value in own.items() if isinstance(value, type) and issubclass(value, Bot)]
    assert not [name for name, value in own.items() if callable(value) and "gain" in name]
    assert sims.OneStepCounter().wants_hit is not None and sims.gain([12], full_deck()) > 0


def test_the_pinned_win_rate_agrees_with_a_fresh_seeded_run():
    results = sims.play(2_000, 99)
    share = results.count(0) / len(results)
    from circuslib.core.tutor import shipped_simulation

    games = shipped_simulation("circuslib.flip7", "bot_against_stop_at")
    assert games is not None
    error = games.spread / math.sqrt(len(results))
    assert abs(share - games.value) < 4 * error
    assert abs(math.sqrt(share * (1 - share)) - games.spread) < 0.01


def test_the_data_helpers_are_the_decks():
    assert sum(full_deck().values()) == 94 and list(full_deck()) == list(CARDS)
    assert sum(numbers_deck().values()) == 79 and numbers_deck()[0] == 1 and numbers_deck()[12] == 12


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it checks: the student changes the lesson's values, the check follows

@pytest.mark.parametrize("held, seen", [([3, 7, 11], [11, 11, 7, "+4"]), ([0, 1, 12], []),
                                        ([5], [5, 5, "x2", "Freeze"])])
def test_try_bust_chance_follows_the_situation_the_student_chose(held, seen):
    deck = full_deck()
    for card in held + seen:
        deck[card] -= 1
    p = Fraction(sum(deck[h] for h in held), sum(deck.values()))
    assert passes(check.try_bust_chance((held, seen, p)))
    assert passes(check.try_bust_chance((held, seen, sympy.Rational(p.numerator, p.denominator))))


def test_try_bust_chance_explains_an_impossible_situation():
    with pytest.raises(WrongAnswer, match="cannot happen: .*never holds two"):
        check.try_bust_chance(([5, 5], [], Fraction(1, 10)))
    with pytest.raises(WrongAnswer, match="cannot happen"):
        check.try_bust_chance(([1], [1], Fraction(0)))


@pytest.mark.parametrize("held", [[2, 7, 9], [10, 11, 12], [0, 4], [], [1, 2, 3, 4, 5, 6]])
def test_try_one_more_card_follows_the_hand_the_student_chose(held):
    copies = {v: (v or 1) - (v in held) for v in range(13)}
    total = sum(copies.values())
    gain = sum(Fraction(c, total) * (-sum(held) if v in held else v) for v, c in copies.items())
    if len(held) == 6:
        with pytest.raises(WrongAnswer, match="Flip 7: it also brings the 15-point bonus"):
            check.try_one_more_card((held, gain))
        gain += Fraction(15 * sum(c for v, c in copies.items() if v not in held), total)
    assert passes(check.try_one_more_card((held, gain)))


def test_try_one_more_card_names_the_zero_slip_only_when_the_zero_is_held():
    held = [0, 7, 9]
    slip = Fraction(650 - 130 - 16 * (-1 + 6 + 8), 76)
    with pytest.raises(WrongAnswer, match="one 0 card"):
        check.try_one_more_card((held, slip))


def test_try_disagree_accepts_any_hand_where_the_advice_differs():
    assert passes(check.try_disagree((5, 8, 10)))    # 23 points: the threshold stays, the optimum hits
    assert passes(check.try_disagree((10, 12)))      # 22 points: the threshold hits, the optimum stays
    assert passes(check.try_disagree([0, 10, 12]))
    with pytest.raises(WrongAnswer, match="both stay"):
        check.try_disagree((10, 11, 12))
    with pytest.raises(WrongAnswer, match="tuple of the numbers"):
        check.try_disagree("5, 8, 10")


# ---------------------------------------------------------------------------------------------------------
# the tutor's models (solutions/tutor/flip7.py): each variant gives the value worked out by hand, and the check
# names that slip when a student gives it

MODELS = models("flip7")

VARIANT_CASES = [
    # (exercise, the variant's changes, its value worked by hand, words of its hint)
    ("busting_cards", {"seen_out": False}, (6 - 1) + (10 - 1) + (11 - 1), "other rows and in the discard"),
    ("busting_cards", {"count": "safe"}, (94 - 3 - 11) - 17, "do not bust her"),
    ("busting_cards", {"count": "seen"}, 2 + 3 + 2, "copies seen on the table"),
    ("bust_by_hand", {"table_out": False}, Fraction(7 + 9, 94 - 2), "other rows are out of the deck"),
    ("bust_by_hand", {"deck": "numbers"}, Fraction(7 + 8, 79 - 4), "modifiers and action cards"),
    ("bust_by_hand", {"busting": (10,)}, Fraction(8, 88), "her 8 busts her too"),
    ("bust_within_two", {"draws": 1}, Fraction(19, 77), "first card alone"),
    ("bust_within_two", {"event": "both"}, Fraction(19, 77) * Fraction(18, 76), "already ends the round"),
    ("bust_within_two", {"replacement": True}, 1 - Fraction(58, 77) ** 2, "with replacement"),
    ("gain_by_hand", {"bust_loses": False}, Fraction(430, 73), "count that loss"),
    ("gain_by_hand", {"over": "deck"}, Fraction(430 - 24 * 19, 79), "divide by the cards left"),
    # the full deck adds +2 + 4 + 6 + 8 + 10 and x2 (her 24 again) over 94 - 6 cards
    ("gain_by_hand", {"deck": "full"}, Fraction(430 - 24 * 19 + 30 + 24, 88), "full 94-card deck"),
    ("different_numbers", {"zero": False},
     sum(1 - Fraction(comb(79 - v, 7), comb(79, 7)) for v in range(1, 13)), "the one 0 card"),
    ("different_numbers", {"cards": 6},
     sum(1 - Fraction(comb(79 - (v or 1), 6), comb(79, 6)) for v in range(13)), "six cards"),
    ("different_numbers", {"event": "exactly once"},
     sum(Fraction((v or 1) * comb(79 - (v or 1), 6), comb(79, 7)) for v in range(13)), "exactly once"),
]



@pytest.mark.parametrize("name, changes, value, words", VARIANT_CASES,
                         ids=[f"{n}-{'-'.join(map(str, c.values()))}" for n, c, _, _ in VARIANT_CASES])
def test_a_variant_gives_its_hand_worked_value_and_the_check_names_it(name, changes, value, words):
    model = MODELS[name]
    assert model.answer(**changes) == value
    variant = next(v for v in model.variants if dict(v.changes) == changes)
    assert words in variant.hint
    with pytest.raises(WrongAnswer) as wrong:
        getattr(check, name)(value)
    assert variant.hint in str(wrong.value)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_every_model_gives_the_exercise_its_answer_and_no_variant_gives_it(name):
    model = MODELS[name]
    truth = model.answer()
    if name in VALUES:
        assert truth == VALUES[name]
    assert all(model.answer(**v.changes) != truth for v in model.variants)
    assert passes(getattr(check, name)(truth))


TRY_IT_SLIPS = [
    # the lesson's situation: 3, 7, 11 held, 11, 11, 7, +4 seen; 2 + 5 + 8 copies left of 87 cards
    (([3, 7, 11], [11, 11, 7, "+4"]), Fraction(2 + 6 + 10, 94 - 3), "cards seen are out of the deck"),
    (([3, 7, 11], [11, 11, 7, "+4"]), Fraction(2 + 5 + 8, 94), "not by 94"),
    (([3, 7, 11], [11, 11, 7, "+4"]), Fraction(2 + 5 + 8, 79 - 3 - 3), "modifiers and action cards"),
    (([3, 7, 11], [11, 11, 7, "+4"]), 1 - Fraction(15, 87), "complement"),
    # a situation of the student's own: 12 held, nothing seen: 11 copies left of 93
    (([12], []), Fraction(12, 93), "numbers she holds are copies too"),
    (([12], []), Fraction(12, 94), "take one copy of each off"),
    # 2, 7, 9 held: S = 18, Q = 134, B = 15 busting copies, 76 cards left
    (([2, 7, 9],), Fraction(650 - 134, 76), "a bust loses the points"),
    (([2, 7, 9],), Fraction(650 - 134 - 18 * 15, 79), "divide by 79 minus"),
    (([2, 7, 9],), Fraction(650 - 134 - 18 * 15 + 30 + 18, 91), "full 94-card deck"),
    (([10, 11, 12],), Fraction(650 - 365 - 33 * 33, 79), "one copy of each is in front of her"),
]


@pytest.mark.parametrize("situation, value, words", TRY_IT_SLIPS, ids=[str(v) for _, v, _ in TRY_IT_SLIPS])
def test_the_try_its_name_a_slip_in_the_situation_the_student_chose(situation, value, words):
    name = "try_bust_chance" if len(situation) == 2 else "try_one_more_card"
    with pytest.raises(WrongAnswer, match=words):
        getattr(check, name)((*situation, value))
