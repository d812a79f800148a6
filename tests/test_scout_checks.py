"""The Scout exercise checks: right answers pass in every exact form, the cases of the grading issue are caught with
the right hint, student functions that raise are reported in one line, and the answers are what the kit computes."""
from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
import sympy
import teacher
from teacher import answer_of, models

from circuslib.core.sim import monte_carlo
from circuslib.core.teach import CORRECT_MARK, WrongAnswer, check_integer
from circuslib.core.tutor import shipped_simulation
from circuslib.scout import checks as scout_checks
from circuslib.scout.bots import greedy_bot, play_game, random_bot
from circuslib.scout.checks import BEATS_SETS, _simulate_greedy, check, small_deck
from circuslib.scout.odds import mini_deck, random_hand, set_somewhere_probability
from circuslib.scout.rules import KEEP_HAND, Scout, ScoutOptions, Show, beats, deck_for, flip_hand, new_game
from notebooks import ROOT

CHECKED = ["four_or_seven", "fives_facing_up", "three_tens", "set_of_three", "my_beats", "runs_bijection", "my_bot",
           "measure_greedy"]
TRY_IT = ["try_cards_in_play", "try_hands", "try_pair_match"]
WRITTEN = ["why_orientation_doubles", "what_the_flip_is_worth"]


def _passes(name, answer) -> bool:
    result = getattr(check, name)(answer)
    return result.startswith(CORRECT_MARK)


def _refused(name, answer) -> str:
    with pytest.raises(WrongAnswer) as refused:
        getattr(check, name)(answer)
    return str(refused.value)


def test_the_set_registers_its_checks_and_its_questions_in_words():
    assert list(check) == CHECKED + TRY_IT
    assert [w.name for w in check.written_questions()] == WRITTEN
    stars = [getattr(check, name).stars for name in CHECKED] + [w.stars for w in check.written_questions()]
    assert stars.count(1) >= 2 and stars.count(2) >= 3 and stars.count(3) >= 2


# ---------------------------------------------------------------------------------------------------------
# the answers are what the rules and the kit's odds say

def test_four_or_seven_counts_the_3_player_deck():
    deck = deck_for(3)
    assert len(deck) == 36
    assert answer_of(check.four_or_seven) == len([c for c in deck if 4 in c or 7 in c]) == 8 + 8 - 1


def test_fives_facing_up_agrees_with_a_seeded_simulation():
    expected = answer_of(check.fives_facing_up)
    assert expected == Fraction(12 * 8, 36 * 2)
    estimate = monte_carlo(lambda rng: sum(c[0] == 5 for c in random_hand(rng, 3)), 20_000, seed=11)
    assert estimate.contains(expected)


def test_three_tens_is_the_hypergeometric_tail():
    from sympy.stats import Hypergeometric, P

    tens = Hypergeometric("X", 44, 8, 11)
    assert sum(1 for c in deck_for(4) if 10 in c) == 8
    assert answer_of(check.three_tens) == P(tens >= 3)


def test_set_of_three_agrees_with_the_kit_listing_every_hand():
    assert answer_of(check.set_of_three) == set_somewhere_probability(3, mini_deck(6), 3)
    assert small_deck(6) == mini_deck(6)


def test_the_bijection_claim_holds_and_the_kit_reverse_is_a_partner():
    ups, downs = scout_checks._run_hands()
    assert len(ups) == len(downs) > 0
    assert {tuple(reversed(h)) for h in ups} == downs


def test_the_pinned_greedy_win_rate_agrees_with_a_fresh_seeded_run():
    share, (low, high) = _simulate_greedy(600, 31)
    games = shipped_simulation("circuslib.scout", "measure_greedy")
    assert games is not None and low <= games.value <= high
    assert games.spread == pytest.approx((games.value * (1 - games.value)) ** 0.5)


# ---------------------------------------------------------------------------------------------------------
# right answers pass in every exact form

@pytest.mark.parametrize("form", [15, np.int64(15), np.int32(15), sympy.Integer(15), Fraction(15, 1),
                                  sympy.Rational(30, 2)])
def test_four_or_seven_accepts_every_whole_number_form(form):
    assert _passes("four_or_seven", form)


def test_issue10_np_int64_45_is_accepted_as_a_whole_number():
    assert check_integer(np.int64(45), 45).startswith(CORRECT_MARK)
    assert _passes("four_or_seven", np.int64(8) + np.int64(8) - np.int64(1))
    message = _refused("four_or_seven", np.int64(16))  # a numpy count is read as a count, and gets its hint
    assert "counted it twice" in message and "not a whole number" not in message


@pytest.mark.parametrize("name", ["fives_facing_up", "three_tens", "set_of_three"])
def test_exact_answers_pass_as_fraction_sympy_rational_and_unsimplified_rational(name):
    value = answer_of(getattr(check, name))
    assert _passes(name, value)
    assert _passes(name, sympy.Rational(value.numerator, value.denominator))
    assert _passes(name, Fraction(3 * value.numerator, 3 * value.denominator))
    assert _passes(name, sympy.Integer(value.numerator) / value.denominator)


@pytest.mark.parametrize("name", ["fives_facing_up", "three_tens", "set_of_three"])
def test_decimals_and_sympy_floats_get_give_it_exactly(name):
    value = answer_of(getattr(check, name))
    for decimal in (float(value), sympy.Float(float(value)), sympy.N(sympy.Rational(value.numerator,
                                                                                    value.denominator))):
        assert "give it exactly" in _refused(name, decimal)


def test_a_percentage_is_called_one():
    value = answer_of(check.three_tens)
    assert "percentage" in _refused("three_tens", 100 * value)


# ---------------------------------------------------------------------------------------------------------
# issue 10: forgotten orientations get an orientation hint

def test_issue10_forgotten_orientations_get_an_orientation_hint_not_a_match_counts_as_a_set_but_not_as_a_run():
    from itertools import permutations

    hands = list(permutations(small_deck(6), 3))  # every card held with its smaller number up: no orientations
    sets = sum(1 for h in hands if scout_checks._step_of([c[0] for c in h]) is not None)
    message = _refused("set_of_three", Fraction(sets, len(hands)))
    assert "orientation" in message
    assert "a match counts as a set but not as a run" not in message
    assert "orientation" in _refused("fives_facing_up", Fraction(12 * 8, 36))


def test_runs_going_down_forgotten_in_the_listing_get_their_own_hint():
    assert "runs going down" in _refused("set_of_three", models("scout")["set_of_three"].answer(kinds=(0, 1)))


# ---------------------------------------------------------------------------------------------------------
# issue 10: a beats that ignores runs going down is caught, with a hint naming runs going down

def _student_beats_first_card(a, b):  # "the smallest number of a run is its first card"
    def strength(values):
        return (len(values), len(set(values)) == 1, values[0])
    return strength(a) > strength(b)


def _student_beats_only_runs_up(a, b):  # a run is only recognised going up; anything else counts as no set
    def is_set(values):
        return len(set(values)) == 1 or all(y - x == 1 for x, y in zip(values, values[1:]))
    if not is_set(a):
        return False
    if not is_set(b):
        return True
    return (len(a), len(set(a)) == 1, min(a)) > (len(b), len(set(b)) == 1, min(b))


def _student_beats_last_card(a, b):  # compares the last cards: wrong for runs going down in the other way
    return (len(a), len(set(a)) == 1, a[-1]) > (len(b), len(set(b)) == 1, b[-1])


@pytest.mark.parametrize("wrong", [_student_beats_first_card, _student_beats_only_runs_up, _student_beats_last_card,
                                   teacher.functions_module("scout")._beats_first_card_smallest,
                                   teacher.functions_module("scout")._beats_down_runs_weakest])
def test_issue10_a_beats_that_ignores_runs_going_down_is_caught_with_a_hint_naming_runs_going_down(wrong):
    assert any(-1 == scout_checks._step_of(list(s)) for s in BEATS_SETS)
    message = _refused("my_beats", wrong)
    assert "going down" in message


def _rules(a, b):  # the rule as a student writes it: more cards, then a match over a run, then the smallest number
    return (len(a), len(set(a)) == 1, min(a)) > (len(b), len(set(b)) == 1, min(b))


def test_my_beats_passes_the_rules_and_any_correct_rewriting():
    assert _passes("my_beats", _rules)
    assert _passes("my_beats", lambda a, b: (len(a), len(set(a)) == 1, max(a)) > (len(b), len(set(b)) == 1, max(b)))
    assert _passes("my_beats", lambda a, b: np.bool_(_rules(a, b)))


def test_my_beats_refuses_the_kits_own_rule_under_any_name():
    sneaky = beats
    assert "calls beats" in _refused("my_beats", lambda a, b: sneaky(a, b))
    assert "calls set_key" in _refused("my_beats", lambda a, b: scout_checks.set_key(a) > scout_checks.set_key(b))


def test_my_beats_is_tried_beyond_the_fixed_pairs():
    key = scout_checks.MY_BEATS
    tried = key.inputs[key.fixed:]
    assert len(tried) >= 50 and any(len(a) == 8 for a, _ in tried) and any(a == b for a, b in tried)

    def right_up_to_four_cards(a, b):  # right on every fixed pair (none has more than four cards), wrong beyond
        return _rules(a, b) if max(len(a), len(b)) <= 4 else len(a) < len(b)

    assert all(right_up_to_four_cards(list(a), list(b)) == beats(list(a), list(b)) for a in BEATS_SETS
               for b in BEATS_SETS)
    assert "returned" in _refused("my_beats", right_up_to_four_cards)


def test_my_beats_explains_other_slips_by_the_rule_they_break():
    assert "a match beats a run" in _refused("my_beats", lambda a, b: (len(a), min(a)) > (len(b), min(b)))
    assert "strictly stronger" in _refused("my_beats", lambda a, b: not _rules(b, a))
    assert "True or False" in _refused("my_beats", lambda a, b: int(_rules(a, b)))
    assert "without brackets" in _refused("my_beats", True)
    assert "still empty" in _refused("my_beats", None)


def test_a_student_function_that_raises_is_reported_in_one_line():
    def broken(*args):
        return 1 / 0

    for name in ("my_beats", "runs_bijection", "my_bot", "measure_greedy"):
        message = _refused(name, broken)
        assert "raised ZeroDivisionError on input" in message, message
        assert "Traceback" not in message and len(message.splitlines()) == 1


# ---------------------------------------------------------------------------------------------------------
# the bijection, checked by enumeration

def test_any_bijection_passes_not_only_the_model_one():
    assert _passes("runs_bijection", lambda hand: tuple(reversed(hand)))
    assert _passes("runs_bijection", lambda hand: [list(card) for card in reversed(hand)])
    assert _passes("runs_bijection", lambda hand: tuple((6 - up, 6 - down) for up, down in hand))  # numbers mirrored


def test_maps_that_are_not_bijections_are_refused_with_the_reason():
    ups, downs = scout_checks._run_hands()
    one = sorted(downs)[0]
    assert "not one-to-one" in _refused("runs_bijection", lambda hand: one)
    assert "not a hand of 4 different cards" in _refused("runs_bijection", lambda hand: (hand[0],) * 4)
    assert "no run of 3 going down" in _refused("runs_bijection", lambda hand: (hand[1], hand[0]) + hand[2:])
    assert "the numbers facing up change" in _refused("runs_bijection", flip_hand)
    assert "return its partner hand" in _refused("runs_bijection", lambda hand: None)


# ---------------------------------------------------------------------------------------------------------
# the bot, measured by the check in seeded games; the simulation, run with the check's own seeds

def test_good_bots_pass_and_the_random_bot_does_not():
    assert _passes("my_bot", greedy_bot)
    assert _passes("my_bot", lambda state, rng: KEEP_HAND if state.phase == "flip" else state.legal_moves()[0])
    assert "clearly better than a random player" in _refused("my_bot", random_bot)


def test_a_bot_that_breaks_a_rule_is_told_which():
    assert "which the rules refuse here" in _refused("my_bot", lambda state, rng: KEEP_HAND if state.phase == "flip"
                                                     else Scout("left", False, 99))
    assert "FLIP_HAND or KEEP_HAND" in _refused("my_bot", lambda state, rng: state.legal_moves()[0] if state.phase
                                                == "play" else Show(0, 1))
    assert "no move" in _refused("my_bot", lambda state, rng: None)


def test_the_model_simulation_passes_and_so_does_one_written_with_monte_carlo():
    assert _passes("measure_greedy", _simulate_greedy)

    def with_monte_carlo(n, seed):
        counter = iter(range(n))

        def trial(rng):
            final = play_game(new_game(ScoutOptions(rounds=1, first=next(counter) % 3), players=3),
                              [greedy_bot, random_bot, random_bot],
                              rng)
            return final.totals[0] > max(final.totals[1:])

        estimate = monte_carlo(trial, n, seed)
        return estimate.mean, estimate.ci95

    assert _passes("measure_greedy", with_monte_carlo)


def test_made_up_numbers_do_not_pass_the_simulation_check():
    assert "cannot be checked" in _refused("measure_greedy", (0.84, (0.78, 0.9)))
    assert "cannot be checked" in _refused("measure_greedy", 0.84)
    assert "same result for two different seeds" in _refused("measure_greedy", lambda n, seed: (0.84, (0.78, 0.9)))
    assert "divided the standard deviation by n" in _refused(
        "measure_greedy", lambda n, seed: _simulate_greedy(n, seed, divide_by=lambda n: n))
    assert "does not shrink as n grows" in _refused(
        "measure_greedy", lambda n, seed: _simulate_greedy(n, seed, divide_by=lambda n: 1))


def test_every_right_answer_passes():
    answers = {"four_or_seven": 15, "fives_facing_up": answer_of(check.fives_facing_up),
               "three_tens": answer_of(check.three_tens), "set_of_three": answer_of(check.set_of_three),
               "my_beats": _rules, "runs_bijection": lambda hand: hand[::-1], "my_bot": greedy_bot,
               "measure_greedy": _simulate_greedy}
    for name, answer in answers.items():
        assert _passes(name, answer), name


# ---------------------------------------------------------------------------------------------------------
# the exercise notebook leaves the work to the student

def test_the_set_up_cell_imports_neither_beats_nor_the_odds():
    notebook = json.loads((ROOT / "solutions" / "scout.ipynb").read_text(encoding="utf-8"))
    setup = "".join(notebook["cells"][1]["source"])
    for name in ("beats", "set_key", "legal_shows", "odds", "graphs", "import check", "compare_bots"):
        assert name not in setup, name


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it checks: any number of players, the student's own value

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_try_it_checks_pass_for_every_number_of_players(players):
    from math import perm

    n, h = len(deck_for(players)), scout_checks.HAND_SIZE[players]
    assert _passes("try_cards_in_play", (players, sympy.binomial(10 if players == 5 else 9, 2)
                                         if players in (3, 5) else 44))
    assert _passes("try_hands", (players, sympy.ff(n, h) * 2 ** h))
    assert _passes("try_hands", (np.int64(players), perm(n, h) * 2 ** h))
    carrying = [sum(1 for card in deck_for(players) if v in card) for v in range(1, 11)]
    assert _passes("try_pair_match", (players, Fraction(sum(c * (c - 1) for c in carrying), n * (n - 1) * 4)))


def test_try_it_checks_name_the_slip_for_the_players_chosen():
    assert "orientation" in _refused("try_pair_match", (3, Fraction(8 * 7 * 9, 36 * 35)))
    assert "cannot be reordered" in _refused("try_hands", (3, sympy.binomial(36, 12) * 2 ** 12))
    assert "whole deck" in _refused("try_cards_in_play", (4, 45))
    assert "2, 3, 4 or 5" in _refused("try_hands", (6, 10))
    assert "a pair (players" in _refused("try_hands", 10)


# ---------------------------------------------------------------------------------------------------------
# the tutor's models (solutions/tutor/scout.py): the neighbouring choices give the values worked out by hand

MODELS = models("scout")


def _value(name, **changes):
    return MODELS[name].answer(**changes)


def _named(name, value, hint):
    """The check's line for a neighbouring choice's value names that choice (among others giving the same value)."""
    message = _refused(name, value)
    assert hint in message, message
    return message


def test_the_models_give_no_variant_the_answer_and_each_try_it_a_model_per_choice():
    for name in CHECKED[:4]:
        model = MODELS[name]
        assert 4 <= len(model.variants) <= 8, name
        assert all(model.answer(**v.changes) != model.answer() for v in model.variants), name
    for name in TRY_IT:
        for players in (2, 3, 4, 5):
            model = MODELS[f"{name}@{players}"]
            assert model.variants and all(model.answer(**v.changes) != model.answer() for v in model.variants)


def test_four_or_seven_variants_are_worked_out_and_named():
    assert _value("four_or_seven") == 8 + 8 - 1
    assert _value("four_or_seven", players=4) == 9 + 9 - 1            # the 4/10 and 7/10 cards kept
    _named("four_or_seven", 9 + 9 - 1, "the 4/10 and 7/10 cards")
    assert _value("four_or_seven", ways_up=2) == 2 * 15               # each card counted once per end
    _named("four_or_seven", 30, "whichever end is up")
    # 8 + 8 - 2 takes the 4/7 card away twice, or counts the cards with exactly one of the two: both are named
    message = _named("four_or_seven", 14, "take it away once, not twice")
    assert "but not both" in message


def test_fives_facing_up_variants_are_worked_out_and_named():
    assert _value("fives_facing_up") == 12 * Fraction(8, 36) / 2
    assert _value("fives_facing_up", hand=1) == Fraction(1, 9)         # one card, not the hand
    _named("fives_facing_up", Fraction(1, 9), "the chance for one card")
    assert _value("fives_facing_up", carrying=9) == 12 * Fraction(9, 36) / 2   # the 5/10 card kept
    _named("fives_facing_up", Fraction(3, 2), "the 5/10 card is out")
    assert _value("fives_facing_up", players=4) == 12 * Fraction(9, 44) / 2
    _named("fives_facing_up", Fraction(27, 22), "44-card deck")


def test_three_tens_variants_are_worked_out_and_named():
    from math import comb

    exactly = Fraction(comb(8, 3) * comb(36, 8), comb(44, 11))
    assert _value("three_tens", event="exactly") == exactly
    _named("three_tens", exactly, "exactly three")
    p = Fraction(8, 44)
    binomial = 1 - sum(comb(11, j) * p ** j * (1 - p) ** (11 - j) for j in range(3))
    assert _value("three_tens", replacement=True) == binomial
    _named("three_tens", binomial, "binomial law")
    five = 1 - sum(Fraction(comb(9, j) * comb(36, 9 - j), comb(45, 9)) for j in range(3))
    assert _value("three_tens", players=5) == five
    _named("three_tens", five, "5-player deal")


def test_set_of_three_variants_are_worked_out_and_named():
    hands = 15 * 14 * 13 * 2 ** 3                                      # ordered, each card either way up
    assert _value("set_of_three", share=False) == hands * _value("set_of_three")
    assert _value("set_of_three", kinds=(0,)) == Fraction(6 * 5 * 4 * 3, hands)   # v v v: 5 cards carry v
    _named("set_of_three", Fraction(360, hands), "runs are sets too")
    # with replacement each place independently shows v, v+1, v+2: 5 cards each, 4 starts, up or down
    replaced = Fraction(6 * 5 ** 3 + 2 * 4 * 5 ** 3, 15 ** 3 * 8)
    assert _value("set_of_three", replacement=True) == replaced
    _named("set_of_three", replaced, "cannot be dealt twice")
    _named("set_of_three", _value("set_of_three", ordered=False), "not combinations")


def test_try_it_variants_for_the_players_chosen_are_named():
    assert _value("try_cards_in_play@3", out="the 9/10 card") == 44
    _named("try_cards_in_play", (3, 44), "not only the 9/10 card")
    assert _value("try_cards_in_play@5", ordered=True) == 90
    _named("try_cards_in_play", (5, 90), "unordered pair")
    assert not any(v.changes == {"out": "none"} for v in MODELS["try_cards_in_play@5"].variants)  # 45 is right
    assert _value("try_hands@5", ordered=False, oriented=False) == sympy.binomial(45, 9)
    _named("try_hands", (5, sympy.binomial(45, 9)), "the order counts, and each card can be either way up")
    assert _value("try_pair_match@5", orientations=1) == Fraction(10 * 9 * 8, 45 * 44)   # nine cards carry each
    _named("try_pair_match", (5, Fraction(4, 11)), "forgot the orientations")
    assert _value("try_pair_match@3", kind="run") == Fraction(1, 5)   # as 2 x 2 ways taken for 2: both named
    message = _named("try_pair_match", (3, Fraction(1, 5)), "the chance of a run")
    assert "2 × 2 ways" in message
