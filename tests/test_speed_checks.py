"""The Speed exercise checks (second edition): right answers pass in every exact form, the wrong answers of the
grading issue fail with a hint, student functions that raise are reported in one line, and the pinned values agree
with the kit."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from math import comb

import networkx as nx
import numpy as np
import pytest
import sympy
from teacher import answer_of, models

from circuslib.core import monte_carlo
from circuslib.core.sim import wilson_interval
from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.speed.bots import fast_round, win_rate
from circuslib.speed.checks import (
    CHAIN_HAND,
    CHAIN_TOP,
    SIMULATION_RUNS,
    WIN_RATE_RATES,
    check,
)
from circuslib.speed.graphs import chain_graph, longest_chain
from circuslib.speed.odds import (
    longest_chain_of_ranks,
    p_next_card_fits,
    p_stalemate_given_tops,
    race_by_integration,
    race_probability,
)
from circuslib.speed.rules import ONE_DECK, position

LAMBDA_A, LAMBDA_B = sympy.symbols("lambda_A lambda_B")  # as a student may make them: no assumptions


def passes(result) -> bool:
    return result.startswith(CORRECT_MARK)


def test_the_set_registers_its_exercises_and_questions_in_words():
    assert list(check)[:8] == ["race_from_mean_times", "fits_on", "next_card_fits", "stalemate_six_eight",
                               "longest_chain_on_queen", "longest_chain_function", "two_moves_before_one",
                               "win_rate_simulation"]
    assert [w.name for w in check.written_questions()] == ["why_the_race_is_memoryless", "what_the_interval_says"]
    assert all(w.points == 3 for w in check.written_questions())


# ---------------------------------------------------------------------------------------------------------
# the right answers agree with the kit, and pass in every exact form

def test_the_expected_values_agree_with_the_kit():
    assert answer_of(check.race_from_mean_times) == race_probability(Fraction(5, 2), Fraction(10, 3))
    assert answer_of(check.stalemate_six_eight) == p_stalemate_given_tops(6, 8, face_up=4, decks=1)
    seen = [5, 9, 2, 11, 13, 6, 12, 1, 4, 4]
    unseen = [r for r in range(1, 14) for _ in range(4)]
    for card in seen:
        unseen.remove(card)
    state = position([2, "J", "K", 6], ["Q", "A", 4, 4], (5, 9), piles=(unseen, []), setup=ONE_DECK)
    assert answer_of(check.next_card_fits) == p_next_card_fits(state, 0)
    assert sympy.simplify(answer_of(check.two_moves_before_one) - race_by_integration() ** 2) == 0
    assert longest_chain_of_ranks(CHAIN_HAND, start=CHAIN_TOP) == 4
    graph = chain_graph(CHAIN_HAND, [CHAIN_TOP])
    kit_chain = [graph.nodes[n]["rank"] for n in longest_chain(CHAIN_HAND, [CHAIN_TOP])[1:]]
    assert passes(check.longest_chain_on_queen(kit_chain))


@pytest.mark.parametrize("answer", [Fraction(3, 7), sympy.Rational(3, 7), sympy.Rational(6, 14),
                                    Fraction(5, 2) / (Fraction(5, 2) + Fraction(10, 3))])
def test_race_from_mean_times_accepts_every_exact_form(answer):
    assert passes(check.race_from_mean_times(answer))


def test_race_with_the_mean_times_used_as_rates_is_named():
    with pytest.raises(WrongAnswer, match="mean times as if they were rates"):
        check.race_from_mean_times(Fraction(2, 5) / (Fraction(2, 5) + Fraction(3, 10)))


@pytest.mark.parametrize("answer", [Fraction(13, 42), sympy.Rational(26, 84), sympy.Integer(13) / 42])
def test_next_card_fits_accepts_every_exact_form(answer):
    assert passes(check.next_card_fits(answer))


def test_next_card_fits_names_the_cards_already_on_the_table():
    with pytest.raises(WrongAnswer, match="no longer in the piles"):
        check.next_card_fits(Fraction(16, 42))
    with pytest.raises(WrongAnswer, match="percentage"):
        check.next_card_fits(Fraction(1300, 42))


def test_stalemate_accepts_binomials_and_rejects_the_same_chance_eight_times():
    assert passes(check.stalemate_six_eight(sympy.binomial(38, 8) / sympy.binomial(50, 8)))
    assert passes(check.stalemate_six_eight(Fraction(comb(38, 8), comb(50, 8))))
    with pytest.raises(WrongAnswer, match="without replacement"):
        check.stalemate_six_eight(Fraction(38, 50) ** 8)
    with pytest.raises(WrongAnswer, match="count its cards once"):
        check.stalemate_six_eight(Fraction(comb(34, 8), comb(50, 8)))


# issue 10: "a sympy.Float or sympy.N(...) where an exact value is asked (nsimplify turns it back)"
@pytest.mark.parametrize("name, value", [("race_from_mean_times", Fraction(3, 7)),
                                         ("next_card_fits", Fraction(13, 42)),
                                         ("stalemate_six_eight", Fraction(comb(38, 8), comb(50, 8)))])
def test_issue_10_a_sympy_float_or_N_is_not_exact(name, value):
    exercise = getattr(check, name)
    for decimal in (sympy.N(sympy.Rational(value.numerator, value.denominator)), sympy.Float(float(value), 30),
                    float(value), np.float64(value)):
        with pytest.raises(WrongAnswer, match="exactly"):
            exercise(decimal)


def test_an_unevaluated_expression_with_the_right_value_is_not_yet_an_answer():
    with pytest.raises(WrongAnswer, match="exactly"):
        check.race_from_mean_times(sympy.Mul(3, sympy.Pow(7, -1, evaluate=False), evaluate=False))


# ---------------------------------------------------------------------------------------------------------
# functions written by the student

@pytest.mark.parametrize("fits_on", [
    lambda card, top: (card - top) % 13 in (1, 12),
    lambda card, top: abs(card - top) in (1, 12),
    lambda card, top: np.bool_((card - top) % 13 in (1, 12)),
    lambda card, top: card == top % 13 + 1 or top == card % 13 + 1,
])
def test_fits_on_accepts_every_right_function(fits_on):
    assert passes(check.fits_on(fits_on))


def test_fits_on_wants_true_or_false_and_names_the_wrong_direction():
    with pytest.raises(WrongAnswer, match="True or False"):
        check.fits_on(lambda card, top: int((card - top) % 13 in (1, 12)))
    # issue 10's "wrong direction of a run": only one rank above
    with pytest.raises(WrongAnswer, match="above OR one rank below"):
        check.fits_on(lambda card, top: card == top + 1 or (top == 13 and card == 1))


def _dfs(hand, top):
    best = 0
    for i, card in enumerate(hand):
        if (card - top) % 13 in (1, 12):
            best = max(best, 1 + _dfs(hand[:i] + hand[i + 1:], card))
    return best


def _removing(hand, top):  # changes the list it is given, then puts the card back
    best = 0
    for card in sorted(set(hand)):
        if (card - top) % 13 in (1, 12):
            hand.remove(card)
            best = max(best, 1 + _removing(hand, card))
            hand.append(card)
    return best


def _with_networkx(hand, top):
    graph = nx.DiGraph()
    graph.add_node("top", rank=top)
    graph.add_nodes_from((i, {"rank": r}) for i, r in enumerate(hand))
    graph.add_edges_from((x, y) for x in graph.nodes for y in graph.nodes if y != "top" and x != y
                         and (graph.nodes[y]["rank"] - graph.nodes[x]["rank"]) % 13 in (1, 12))
    return max((len(p) - 1 for p in nx.all_simple_paths(graph, "top", list(range(len(hand))))), default=0)


@pytest.mark.parametrize("function", [_dfs, _removing, _with_networkx,
                                      lambda hand, top: np.int64(_dfs(list(hand), top))])
def test_longest_chain_function_accepts_searches_of_every_kind(function):
    assert passes(check.longest_chain_function(function))


def test_a_student_function_that_raises_is_reported_in_one_line():
    def broken(hand, top):
        return hand[7]

    with pytest.raises(WrongAnswer, match=r"raised IndexError on input") as refused:
        check.longest_chain_function(broken)
    assert len(str(refused.value).splitlines()) == 1
    with pytest.raises(WrongAnswer, match=r"raised KeyError on input"):
        check.fits_on(lambda card, top: {}[card])
    with pytest.raises(WrongAnswer, match="whole number"):
        check.longest_chain_function(lambda hand, top: float(_dfs(hand, top)))


def test_the_greedy_chain_is_told_apart_from_the_one_card_a_rank_chain():
    with pytest.raises(WrongAnswer, match="first card that fits"):
        check.longest_chain_function(_greedy)
    with pytest.raises(WrongAnswer, match="two cards of the same rank are two cards"):
        check.longest_chain_function(lambda hand, top: _dfs(sorted(set(hand)), top))


def _greedy(hand, top):
    left, n = list(hand), 0
    while True:
        card = next((c for c in left if (c - top) % 13 in (1, 12)), None)
        if card is None:
            return n
        left.remove(card)
        top, n = card, n + 1


# ---------------------------------------------------------------------------------------------------------
# the chain read off the graph

@pytest.mark.parametrize("chain", [["K", "A", "K", "A"], [13, 1, 13, 1], ("king", "ace", "K", "A"),
                                   np.array([13, 1, 13, 1])])
def test_the_longest_chain_on_a_queen_accepts_names_and_numbers(chain):
    assert passes(check.longest_chain_on_queen(chain))


@pytest.mark.parametrize("chain, problem", [
    (["K", "A", "K"], "not a longest one"),
    (["J", "10"], "does not hold"),
    (["K", "Q"], "Q cannot go on K|does not hold"),
    (["A"], "first card must fit"),
    ({"K", "A"}, "list of ranks in the order"),
    ("KAKA", "list of ranks"),
    ([14], "not a card"),
])
def test_the_longest_chain_on_a_queen_explains_what_is_wrong(chain, problem):
    with pytest.raises(WrongAnswer, match=problem):
        check.longest_chain_on_queen(chain)


# ---------------------------------------------------------------------------------------------------------
# the formula derived with sympy

def test_two_moves_before_one_accepts_same_named_symbols_without_assumptions_and_any_form():
    for formula in (LAMBDA_A ** 2 / (LAMBDA_A + LAMBDA_B) ** 2,
                    (LAMBDA_A / (LAMBDA_A + LAMBDA_B)) ** 2,
                    sympy.expand(LAMBDA_A ** 2 / (LAMBDA_A + LAMBDA_B) ** 2),
                    race_by_integration() ** 2):
        assert passes(check.two_moves_before_one(formula))


def test_two_moves_before_one_explains_a_piecewise_and_an_integral_left_undone():
    t = sympy.Symbol("t")
    piecewise = sympy.integrate(LAMBDA_A * sympy.exp(-LAMBDA_A * t) * sympy.exp(-LAMBDA_B * t), (t, 0, sympy.oo))
    assert piecewise.has(sympy.Piecewise)
    with pytest.raises(WrongAnswer, match="positive=True"):
        check.two_moves_before_one(piecewise ** 2)
    with pytest.raises(WrongAnswer, match="unevaluated Integral"):
        check.two_moves_before_one(sympy.Integral(LAMBDA_A * sympy.exp(-LAMBDA_A * t), (t, 0, sympy.oo)))
    with pytest.raises(WrongAnswer, match="one race"):
        check.two_moves_before_one(LAMBDA_A / (LAMBDA_A + LAMBDA_B))
    with pytest.raises(WrongAnswer, match="uses x"):
        check.two_moves_before_one(sympy.Symbol("x") ** 2)


# ---------------------------------------------------------------------------------------------------------
# the simulation: the check runs the student's simulate(n, seed) with its own seeds

def _simulate(n, seed):
    rng = random.Random(seed)
    wins = sum(fast_round(ONE_DECK, rng, ("first", "first"), (3, 2)).winner == 0 for _ in range(n))
    share = wins / n
    half = 1.96 * math.sqrt(share * (1 - share) / n)
    return share, (share - half, share + half)


def _simulate_wilson(n, seed):
    rng = random.Random(seed)
    wins = sum(fast_round(ONE_DECK, rng, ("first", "first"), (Fraction(3, 2), 1)).winner == 0 for _ in range(n))
    return wins / n, wilson_interval(wins, n)


def _simulate_with_monte_carlo(n, seed):
    estimate = monte_carlo(lambda rng: fast_round(ONE_DECK, rng, ("first", "first"), (3, 2)).winner == 0, n, seed,
                           keep=False, show_progress=False)
    return estimate.mean, estimate.ci95


@pytest.mark.parametrize("simulate", [_simulate, _simulate_wilson, _simulate_with_monte_carlo])
def test_a_real_simulation_passes(simulate):
    assert passes(check.win_rate_simulation(simulate))


# issue 10: "made-up numbers passing the simulation checks (answer = (0.37, (0.33, 0.42)), share = 0.84)"
@pytest.mark.parametrize("made_up", [0.84, (0.37, (0.33, 0.42)), (0.728, (0.709, 0.748)), Fraction(73, 100)])
def test_issue_10_made_up_numbers_fail_the_simulation_check(made_up):
    with pytest.raises(WrongAnswer, match="cannot be checked|simulate\\(n, seed\\)"):
        check.win_rate_simulation(made_up)


def test_issue_10_a_made_up_function_fails_the_simulation_check():
    with pytest.raises(WrongAnswer, match="same result for two different seeds"):
        check.win_rate_simulation(lambda n, seed: (0.728, (0.709, 0.748)))
    with pytest.raises(WrongAnswer, match="far from the long-run value"):
        check.win_rate_simulation(lambda n, seed: (0.64 + seed / 1000, (0.62 + seed / 1000, 0.66 + seed / 1000)))
    with pytest.raises(WrongAnswer, match="raised ZeroDivisionError"):
        check.win_rate_simulation(lambda n, seed: 1 / 0)


def test_the_pinned_win_rate_agrees_with_a_fresh_simulation():
    assert WIN_RATE_RATES == (3, 2) and SIMULATION_RUNS == 400
    from circuslib.core.tutor import shipped_simulation

    rounds = shipped_simulation("circuslib.speed", "win_rate_simulation")
    assert rounds is not None
    assert rounds.spread == pytest.approx(math.sqrt(rounds.value * (1 - rounds.value)))
    result = win_rate(Fraction(3, 2), 6000, seed=99, setup=ONE_DECK, show_progress=False)
    assert abs(result.share(0) - rounds.value) < 4 * rounds.spread / math.sqrt(6000)


# ---------------------------------------------------------------------------------------------------------
# every check passes a right answer (how long it takes is a benchmark's business)

def test_every_check_passes_its_right_answer():
    answers = {"race_from_mean_times": Fraction(3, 7), "fits_on": lambda c, t: (c - t) % 13 in (1, 12),
               "next_card_fits": Fraction(13, 42), "stalemate_six_eight": Fraction(comb(38, 8), comb(50, 8)),
               "longest_chain_on_queen": ["K", "A", "K", "A"], "longest_chain_function": _dfs,
               "two_moves_before_one": LAMBDA_A ** 2 / (LAMBDA_A + LAMBDA_B) ** 2,
               "win_rate_simulation": _simulate}
    for name, answer in answers.items():
        assert passes(getattr(check, name)(answer)), name


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells: the student picks the values, the check answers for any of them

def test_the_try_it_checks_are_registered_after_the_exercises():
    assert list(check)[8:] == ["try_ranks_that_fit", "try_fitting_cards", "try_race"]


@pytest.mark.parametrize("top", range(1, 14))
def test_try_ranks_that_fit_answers_for_every_top(top):
    below, above = (top - 2) % 13 + 1, top % 13 + 1
    assert passes(check.try_ranks_that_fit((top, {below, above})))
    with pytest.raises(WrongAnswer, match="same rank"):
        check.try_ranks_that_fit((top, {below, top, above}))
    one_side = {below} if top == 13 else {above}   # for the Ace and the King, the side left out is the wrap
    with pytest.raises(WrongAnswer, match="wrap round" if top in (1, 13) else "two ranks in all"):
        check.try_ranks_that_fit((top, one_side))


def _fitting(a, b):
    ranks = {(a - 2) % 13 + 1, a % 13 + 1, (b - 2) % 13 + 1, b % 13 + 1}
    return sum(4 - (r == a) - (r == b) for r in ranks)


@pytest.mark.parametrize("a, b", [(7, 8), (8, 7), (7, 7), (13, 2), (13, 1), (1, 1), (3, 10), (6, 8)])
def test_try_fitting_cards_answers_for_any_tops(a, b):
    assert passes(check.try_fitting_cards((a, b, _fitting(a, b))))
    assert passes(check.try_fitting_cards((rank_name_or_number(a), rank_name_or_number(b), np.int64(_fitting(a, b)))))
    with pytest.raises(WrongAnswer, match="not right yet"):
        check.try_fitting_cards((a, b, _fitting(a, b) + 1))


def rank_name_or_number(rank):
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def test_try_fitting_cards_names_each_slip_with_the_lesson_tops():
    with pytest.raises(WrongAnswer, match="tops are on the table"):
        check.try_fitting_cards(("K", "A", 16))
    with pytest.raises(WrongAnswer, match="the A fits on the K and the K on the A"):
        check.try_fitting_cards(("K", "A", 8))
    with pytest.raises(WrongAnswer, match="share their fitting ranks"):
        check.try_fitting_cards(("Q", "Q", 16))


@pytest.mark.parametrize("you, bot", [(3, 1), (1, 3), (Fraction(1, 2), 2), (5, 5), (sympy.Rational(7, 3), 1)])
def test_try_race_answers_for_any_rates(you, bot):
    p = Fraction(str(you)) / (Fraction(str(you)) + Fraction(str(bot)))
    assert passes(check.try_race((you, bot, p)))
    if you != bot:
        with pytest.raises(WrongAnswer, match="bot's chance"):
            check.try_race((you, bot, 1 - p))
    with pytest.raises(WrongAnswer, match="exactly"):
        check.try_race((you, bot, float(p)))
    with pytest.raises(WrongAnswer, match="positive"):
        check.try_race((0, bot, p))


# ---------------------------------------------------------------------------------------------------------
# the tutor's models (solutions/tutor/speed.py): the neighbouring choices give the values worked out by hand

MODELS = models("speed")
EXERCISES = ["race_from_mean_times", "next_card_fits", "stalemate_six_eight", "longest_chain_on_queen",
             "two_moves_before_one"]


def _value(name, **changes):
    return MODELS[name].answer(**changes)


def _named(name, value, hint):
    """The check's line for a neighbouring choice's value names that choice (among others giving the same value)."""
    with pytest.raises(WrongAnswer) as refused:
        getattr(check, name)(value)
    assert hint in str(refused.value), str(refused.value)
    return str(refused.value)


def test_the_models_give_no_variant_the_answer_and_each_try_it_a_model_per_choice():
    for name in EXERCISES:
        model = MODELS[name]
        assert 4 <= len(model.variants) <= 8, name
        assert all(model.answer(**v.changes) != model.answer() for v in model.variants), name
    assert len([n for n in MODELS if n.startswith("try_ranks_that_fit@")]) == 13
    assert len([n for n in MODELS if n.startswith("try_fitting_cards@")]) == 13 * 14 // 2   # tops a <= b
    assert len([n for n in MODELS if n.startswith("try_race@")]) == 100
    for name, model in MODELS.items():
        assert all(model.answer(**v.changes) != model.answer() for v in model.variants), name


def test_race_from_mean_times_variants_are_worked_out_and_named():
    assert _value("race_from_mean_times") == Fraction(5, 2) / (Fraction(5, 2) + Fraction(10, 3))
    assert _value("race_from_mean_times", who="B") == Fraction(4, 7)        # B's chance: the complement
    assert _value("race_from_mean_times", rates="mean") == Fraction(4, 7)   # 0.4 / (0.4 + 0.3): the same value
    message = _named("race_from_mean_times", Fraction(4, 7), "B's chance of reacting first")
    assert "mean times as if they were rates" in message                  # both slips give 4/7: both named
    assert _value("race_from_mean_times", formula="ratio") == Fraction(3, 4)
    _named("race_from_mean_times", Fraction(3, 4), "ratio of the two rates")


def test_next_card_fits_variants_are_worked_out_and_named():
    # fitting ranks 4, 6, 8, 10: 16 cards, of which a 6 and two 4s are on the table; 42 cards unseen
    assert _value("next_card_fits", fitting_out=()) == Fraction(16, 42)
    _named("next_card_fits", Fraction(16, 42), "take them out of the fitting cards too")
    assert _value("next_card_fits", tops=(5,)) == Fraction(8 - 3, 42)
    _named("next_card_fits", Fraction(5, 42), "fits on the 9 fits too")
    assert _value("next_card_fits", same_rank=True) == Fraction(13 + 3 + 3, 42)   # the 5s and 9s left too
    _named("next_card_fits", Fraction(19, 42), "same rank as a top")


def test_stalemate_six_eight_variants_are_worked_out_and_named():
    assert _value("stalemate_six_eight") == Fraction(comb(38, 8), comb(50, 8))
    assert _value("stalemate_six_eight", shared_once=False) == Fraction(comb(34, 8), comb(50, 8))
    _named("stalemate_six_eight", Fraction(comb(34, 8), comb(50, 8)), "count its cards once")
    assert _value("stalemate_six_eight", face_up=4) == Fraction(comb(38, 4), comb(50, 4))
    assert _value("stalemate_six_eight", fit_on=(6,)) == Fraction(comb(42, 8), comb(50, 8))   # 5s and 7s only
    _named("stalemate_six_eight", Fraction(comb(42, 8), comb(50, 8)), "fits on the 8 breaks the stalemate")


def test_longest_chain_on_queen_variants_are_worked_out_and_named():
    assert _value("longest_chain_on_queen", one_card_a_rank=True) == ["K", "A"]
    assert _value("longest_chain_on_queen", with_top=True) == ["Q", "K", "A", "K", "A"]
    assert _value("longest_chain_on_queen", wrap=False) == ["K"]   # no Ace on a King without the wrap
    _named("longest_chain_on_queen", [13], "wrap round")
    _named("longest_chain_on_queen", ["K", "A"], "two cards of the same rank")


def test_two_moves_before_one_variants_are_worked_out_and_named():
    a, b = sympy.symbols("lambda_A lambda_B", positive=True)
    assert sympy.simplify(_value("two_moves_before_one") - a ** 2 / (a + b) ** 2) == 0
    assert sympy.simplify(_value("two_moves_before_one", winners=("A",)) - a / (a + b)) == 0
    _named("two_moves_before_one", a / (a + b), "that is one race")
    assert sympy.simplify(_value("two_moves_before_one", winners=("B", "B")) - b ** 2 / (a + b) ** 2) == 0
    _named("two_moves_before_one", b ** 2 / (a + b) ** 2, "here A has the two cards")


def test_try_it_variants_for_the_choice_made_are_named():
    assert _value("try_ranks_that_fit@13") == {12, 1} and _value("try_ranks_that_fit@13", wrap=False) == {12}
    assert not any(v.changes == {"wrap": False} for v in MODELS["try_ranks_that_fit@7"].variants)   # no wrap at 7
    with pytest.raises(WrongAnswer, match="wrap round"):
        check.try_ranks_that_fit(("A", {"2"}))
    assert _value("try_fitting_cards@7,8") == 14 and _value("try_fitting_cards@7,8", tops_out=False) == 16
    with pytest.raises(WrongAnswer, match="take them out"):
        check.try_fitting_cards(("8", "7", 16))                         # the tops in either order
    assert _value("try_fitting_cards@2,13", shared_once=False) == 16     # the Ace fits on both
    with pytest.raises(WrongAnswer, match="count each rank once"):
        check.try_fitting_cards(("K", "2", 16))
    assert _value("try_race@3,1", who="bot") == Fraction(1, 4)
    with pytest.raises(WrongAnswer, match="the bot's chance"):
        check.try_race((5, 2, Fraction(2, 7)))
