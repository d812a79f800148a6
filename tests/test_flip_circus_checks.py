"""The Flip Circus exercise checks: right answers pass in every exact form, the answers are right by hand, and the
game's own cases of the grading issue (a 'sure' turn is judged over every deal the player cannot rule out; a
typed-in simulation result fails; numpy integers are counts) are caught with their hints."""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest
import sympy
import teacher
from teacher import answer_of, models

from circuslib.core.game import playout
from circuslib.core.teach import WrongAnswer
from circuslib.flip_circus import checks as fc
from circuslib.flip_circus.bots import greedy_bot, random_bot
from circuslib.flip_circus.checks import DEALT, MIDGAME, PATTERN, TURN, check
from circuslib.flip_circus.graphs import winning_turns
from circuslib.flip_circus.odds import count_rings, hidden_worlds
from circuslib.flip_circus.rules import (
    ACROBATE,
    CLOWN,
    DRESSEUSE,
    END_TURN,
    MAGICIEN,
    MAKE_RETURN,
    MUSCLES,
    TAKE_APPLAUSE,
    VOYANTE,
    PlayerView,
    TokenSet,
    flip,
    new_game,
    power,
    swap,
    trios,
)


def passes(name: str, answer) -> bool:
    return getattr(check, name)(answer).startswith("✔ Correct")


def refusal(name: str, answer) -> str:
    with pytest.raises(WrongAnswer) as refused:
        getattr(check, name)(answer)
    return str(refused.value)


def test_the_set_has_its_exercises_and_questions_in_words():
    assert list(check) == ["setups", "two_clowns", "patterns_by_burnside", "patterns_by_listing",
                           "after_the_voyante", "free_look", "sure_poster", "measure_a_match", "beats_random",
                           "try_clown_after_a_look", "try_uncertainty_after_a_look", "try_patterns_up_to_turning"]
    assert [w.name for w in check.written_questions()] == ["why_burnside_counts_orbits", "why_a_free_look_never_hurts"]


# ---------------------------------------------------------------------------------------------------------
# the answers, worked out by hand or by brute force, agree with the kit's references

def test_the_set_ups_by_hand():
    assert answer_of(check.setups) == math.factorial(5) * math.factorial(5) * 2 ** 5 == 460800


@pytest.mark.parametrize("answer", [460800, np.int64(460800), np.int32(460800), sympy.Integer(460800),
                                    Fraction(460800, 1)])
def test_counts_are_accepted_in_every_whole_form_numpy_included(answer):
    assert passes("setups", answer)


def test_a_count_given_as_a_decimal_is_refused():
    assert "whole number" in refusal("setups", 460800.0)


def test_two_clowns_by_hand_and_by_listing_the_clown_orders():
    orders = list(permutations([ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE]))  # backs at 0, 2, 4, 6, 8
    favourable = sum(order[1] == ACROBATE and order[3] == VOYANTE for order in orders)
    assert answer_of(check.two_clowns) == Fraction(favourable, len(orders)) == Fraction(1, 5) * Fraction(1, 4)


@pytest.mark.parametrize("answer", [Fraction(1, 20), sympy.Rational(1, 20), Fraction(2, 40)])
def test_exact_probabilities_pass_in_every_exact_form(answer):
    assert passes("two_clowns", answer)


@pytest.mark.parametrize("answer", [0.05, sympy.Float(0.05), sympy.N(sympy.Rational(1, 20))])
def test_decimals_are_refused_as_not_exact(answer):
    assert "exactly" in refusal("two_clowns", answer)


def test_a_percentage_gets_its_own_hint():
    assert "percentage" in refusal("two_clowns", 5)


def _fixed_by(permutation, row) -> bool:
    return all(row[permutation[i]] == row[i] for i in range(len(row)))


def test_burnside_by_hand_and_by_listing_every_row():
    n = len(PATTERN)
    symmetries = [[(i + k) % n for i in range(n)] for k in range(n)] + \
                 [[(k - i) % n for i in range(n)] for k in range(n)]
    rows = set()
    for clowns in combinations(range(n), 4):  # the 18900 different rows, without listing all 10! orders
        rest = [i for i in range(n) if i not in clowns]
        for acrobates in combinations(rest, 2):
            others = [i for i in rest if i not in acrobates]
            for voyantes in combinations(others, 2):
                row = [DRESSEUSE] * n
                for i in clowns:
                    row[i] = CLOWN
                for i in acrobates:
                    row[i] = ACROBATE
                for i in voyantes:
                    row[i] = VOYANTE
                rows.add(tuple(row))
    fixed = sum(_fixed_by(g, row) for g in symmetries for row in rows)
    orbits = {min(tuple(row[g[i]] for i in range(n)) for g in symmetries) for row in rows}
    assert len(rows) == 18900 and fixed == 18900 + 60 + 5 * 60 + 5 * 60
    assert answer_of(check.patterns_by_burnside) == fixed // 20 == len(orbits) == 978


def test_the_voyante_update_by_listing_the_deals():
    after = MIDGAME.play(power(3))
    assert after.view(0).backs[2] == CLOWN and after.view(0).backs[4] == MUSCLES
    tokens = TokenSet.kit().tokens
    fits = []

    def lay(place, left, backs):  # every way to lay the tokens that shows these faces, place by place
        if place == 10:
            fits.append(backs)
            return
        for token in left:
            pair = tokens[token]
            if after.faces[place] in pair:
                lay(place + 1, left - {token}, backs + [pair[1] if pair[0] == after.faces[place] else pair[0]])

    lay(0, frozenset(range(10)), [])
    assert len(fits) == 240
    fits = [b for b in fits if b[2] == CLOWN and b[4] == MUSCLES]
    assert len(fits) == 16
    assert answer_of(check.after_the_voyante) == Fraction(sum(b[1] == DRESSEUSE for b in fits), len(fits)) == \
        Fraction(3, 8)


def test_the_prior_and_the_one_back_answers_are_what_the_catalogue_says():
    before = hidden_worlds(MIDGAME, 0)

    def chance(worlds, condition):
        total = sum(n for w, n in worlds.items() if condition(w))
        return Fraction(sum(n for w, n in worlds.items() if condition(w) and w[1] == DRESSEUSE), total)

    assert chance(before, lambda w: True) == Fraction(7, 30)
    assert chance(before, lambda w: w[2] == CLOWN) == Fraction(4, 15)
    assert chance(before, lambda w: w[4] == MUSCLES) == Fraction(2, 7)


def test_the_free_look_by_hand():
    # without: flip the Clown at 2 or at 6, 1/5; with a look behind the Clown at 2: 1/5 + 3/5 x 1/4 = 7/20
    assert answer_of(check.free_look) == Fraction(7, 20) - Fraction(1, 5) == Fraction(3, 20)
    assert max(t.probability for t in winning_turns(DEALT, max_applause=0)) == sympy.Rational(1, 5)


# ---------------------------------------------------------------------------------------------------------
# issue 10: the "turn that surely takes a poster" is checked against EVERY deal player 0 cannot rule out

def test_the_sure_turn_passes_when_it_works_in_every_deal():
    assert passes("sure_poster", [swap(7, 8), swap(4, 5)])
    assert passes("sure_poster", (swap(5, 6), power(7)))
    assert passes("sure_poster", [swap(4, 5), TAKE_APPLAUSE, swap(7, 8)])


def test_a_turn_that_works_only_in_the_true_deal_gets_a_hint_saying_so():
    assert TURN.play(flip(1)).posters[0], "in the true deal the flip does take a poster"
    message = refusal("sure_poster", [flip(1)])
    assert "true deal" in message and "not in every deal" in message


def test_the_sure_turn_is_judged_over_every_deal_not_only_the_true_one():
    # every plan the kit's search finds: the check passes exactly those whose chance over player 0's deals is 1
    for plan in winning_turns(TURN):
        moves = list(plan.moves)
        if plan.probability == 1:
            assert passes("sure_poster", moves), plan
        else:
            with pytest.raises(WrongAnswer, match="only some of the deals|not in every deal|not allowed"):
                check.sure_poster(moves)


def test_a_turn_that_works_in_some_deals_but_not_the_true_one():
    assert "only some of the deals" in refusal("sure_poster", [flip(8), flip(9)])


@pytest.mark.parametrize("answer, hint", [
    ("flip 1", "list of moves"), (flip(3), "no poster"), ([], "empty"), ([1, 2], "list of moves"),
    ([swap(0, 1)], "Monsieur Muscles"), ([END_TURN], "not allowed"),
])
def test_malformed_and_illegal_turns_are_explained(answer, hint):
    assert hint in refusal("sure_poster", answer)


# ---------------------------------------------------------------------------------------------------------
# issue 10: a made-up simulation result fails; the check runs the student's function with its own seeds

@pytest.mark.parametrize("typed", [(0.37, (0.33, 0.42)), 0.5, (0.5, (0.4, 0.6))])
def test_a_typed_in_tuple_fails(typed):
    assert "cannot be checked" in refusal("measure_a_match", typed)


def test_a_function_returning_a_typed_in_tuple_fails():
    assert "same result for two different seeds" in refusal("measure_a_match", lambda *args: (0.37, (0.33, 0.42)))


def test_a_real_measure_passes_with_wilsons_interval_and_the_normal_one_is_named():
    def measure(bot, opponent, n, seed, wilson=False):
        rng = random.Random(seed)
        wins = sum(playout(new_game(fc.RACE, rng=rng), rng, [bot, opponent]).winner == 0 for _ in range(n))
        share = wins / n
        if wilson:
            from circuslib.core.sim import wilson_interval
            return share, wilson_interval(wins, n)
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    assert passes("measure_a_match", lambda bot, opponent, n, seed: measure(bot, opponent, n, seed, wilson=True))
    # the exercise asks for Wilson's: at 1/2 the normal interval is as wide, but greedy_bot's near-sweep tells them
    assert "normal interval" in refusal("measure_a_match", measure)
    assert "Wilson's" in refusal("measure_a_match", measure)


def test_a_measure_that_raises_is_named_with_its_input():
    def measure(bot, opponent, n, seed):
        raise KeyError("seat")

    message = refusal("measure_a_match", measure)
    assert "raised KeyError on input" in message and "Traceback" not in message


# ---------------------------------------------------------------------------------------------------------
# the bot: fair play, repeatable, and better than random with an interval

def test_the_kit_greedy_bot_beats_random():
    assert "above 1/2" in check.beats_random(greedy_bot)


def test_the_random_bot_is_not_shown_better():
    assert "contains 1/2" in refusal("beats_random", random_bot)


def test_a_bot_that_tries_flips_with_play_is_caught_peeking():
    assert "backs the player has not seen" in refusal("beats_random", fc._peeking_bot)


def test_a_bot_that_reads_the_true_backs_is_caught_peeking():
    def reads_backs(state, rng):
        if state.pending:
            return TAKE_APPLAUSE if state.is_legal(TAKE_APPLAUSE) else MAKE_RETURN
        for i, back in enumerate(state.backs):
            faces = list(state.faces)
            faces[i] = back
            if state.actions_left and trios(faces, state.available_posters()):
                return flip(i)
        return rng.choice(state.legal_moves())

    assert "backs the player has not seen" in refusal("beats_random", reads_backs)


def test_a_bot_that_raises_is_named_with_its_input():
    def bot(state, rng):
        return {}["move"]

    message = refusal("beats_random", bot)
    assert message.startswith("your bot raised KeyError on input") and "Traceback" not in message


def test_a_bot_that_returns_no_move_is_told_so():
    assert "not a move" in refusal("beats_random", lambda state, rng: None)


# ---------------------------------------------------------------------------------------------------------
# the rebuilt count, compared with the kit's Burnside on many rings

def test_a_listing_that_agrees_with_burnside_passes_and_the_inputs_tell_the_mistakes_apart():
    def count(labels):
        rows = set(permutations(labels))
        return len({min(min(r[k:] + r[:k], (r[k:] + r[:k])[::-1]) for k in range(len(r))) for r in rows})

    assert passes("patterns_by_listing", count)
    cases = teacher.functions("flip_circus")["patterns_by_listing"]
    outputs = {m.hint: tuple(m.answer(*args) for args in cases.fixed) for m in cases.mistakes}
    reference = tuple(int(count_rings(*args, "dihedral")) for args in cases.fixed)
    assert reference not in outputs.values() and len(set(outputs.values())) == len(outputs)


def test_a_listing_that_raises_is_named_with_its_input():
    def count(labels):
        return labels.count("Z") // 0

    assert "raised ZeroDivisionError on input" in refusal("patterns_by_listing", count)


def test_the_positions_are_as_described():
    assert DEALT.faces == (CLOWN, ACROBATE, CLOWN, ACROBATE, CLOWN, VOYANTE, CLOWN, VOYANTE, CLOWN, DRESSEUSE)
    assert DEALT.actions_left == 1 and DEALT.reserve == 0 and DEALT.applause[0] == 0
    assert sorted(Counter(PATTERN).values()) == [2, 2, 2, 4]
    assert TURN.player == 0 and TURN.applause == (0, 0) and TURN.view(0).backs[9] == MAGICIEN
    assert sum(v is not None for v in TURN.view(0).backs) == 1
    assert not trios(MIDGAME.faces) and not trios(TURN.faces) and not trios(DEALT.faces)


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it checks

def test_the_try_it_answers_by_hand():
    assert answer_of(check.try_clown_after_a_look) == Fraction(1, 4)  # four artists left for the Clown at 2
    assert answer_of(check.try_patterns_up_to_turning) == 7560 // 10
    assert sympy.simplify(answer_of(check.try_uncertainty_after_a_look) - sympy.log(240, 2) + sympy.log(5, 2)) == 0


@pytest.mark.parametrize("answer", [sympy.log(48, 2), 4 + sympy.log(3, 2), sympy.log(240, 2) - sympy.log(5, 2),
                                    sympy.log(48) / sympy.log(2)])
def test_the_uncertainty_passes_in_every_exact_form(answer):
    assert passes("try_uncertainty_after_a_look", answer)


@pytest.mark.parametrize("answer, hint", [(5.585, "exactly"), (sympy.N(sympy.log(48, 2)), "decimal"),
                                          (sympy.Symbol("n"), "one number"), (10 ** 30, "not right yet")])
def test_the_uncertainty_refuses_decimals_symbols_and_huge_numbers_quickly(answer, hint):
    assert hint in refusal("try_uncertainty_after_a_look", answer)


# ---------------------------------------------------------------------------------------------------------
# the tutor's models (solutions/tutor/flip_circus.py): the neighbouring choices give the values worked out by hand

MODELS = models("flip_circus")


def _value(name, **changes):
    return MODELS[name].answer(**changes)


def _named(name, value, hint):
    """The check's line for a neighbouring choice's value names that choice (among others giving the same value)."""
    message = refusal(name, value)
    assert hint in message, message
    return message


def _free_look_by_the_kit():
    """The value of the best free look at DEALT, by the kit's own search of winning turns over every deal."""
    def best(view):
        chances = [t.probability for t in winning_turns(view, max_applause=0)]
        return max(chances, default=sympy.Integer(0))

    view = DEALT.view(0)
    worlds = hidden_worlds(view)
    total = sum(worlds.values())
    best_with = without = best(view)
    for place in range(10):
        if view.backs[place] is not None:
            continue
        by_back = Counter()
        for world, n in worlds.items():
            by_back[world[place]] += n
        chance = 0
        for back, n in by_back.items():
            backs = view.backs[:place] + (back,) + view.backs[place + 1:]
            seen = PlayerView(view.options, 0, view.faces, backs, view.applause, view.posters, 0, view.actions_left,
                              False, view.phase)
            chance += sympy.Rational(n, total) * best(seen)
        best_with = max(best_with, chance)
    return best_with - without


def test_the_models_answer_as_the_kit_and_no_variant_gives_the_answer():
    from circuslib.flip_circus.rules import from_faces

    lesson = from_faces(fc.LESSON_SETUP, known={0: [0]})
    kit = {"setups": 460800, "patterns_by_burnside": count_rings(PATTERN, "dihedral"),
           "two_clowns": sum(n for w, n in hidden_worlds(DEALT, 0).items() if w[2] == ACROBATE and w[6] == VOYANTE)
           / sympy.Integer(sum(hidden_worlds(DEALT, 0).values())),
           "after_the_voyante": Fraction(3, 8), "free_look": _free_look_by_the_kit(),
           "try_clown_after_a_look": sum(n for w, n in hidden_worlds(lesson, 0).items() if w[2] == MAGICIEN)
           / sympy.Integer(sum(hidden_worlds(lesson, 0).values())),
           "try_uncertainty_after_a_look": sympy.log(sum(hidden_worlds(lesson, 0).values()), 2),
           "try_patterns_up_to_turning": count_rings([CLOWN] * 5 + [ACROBATE] * 2 + [MAGICIEN] * 2 + [VOYANTE],
                                                     "rotation")}
    assert set(kit) == set(MODELS)
    for name, model in MODELS.items():
        truth = model.answer()
        assert sympy.simplify(truth - kit[name]) == 0, name
        assert 4 <= len(model.variants) <= 8, name
        assert all(sympy.simplify(model.answer(**v.changes) - truth) != 0 for v in model.variants), name


def test_setups_variants_are_worked_out_and_named():
    f = math.factorial
    assert _value("setups") == f(5) * f(5) * 2 ** 5
    assert _value("setups", other_faces=False) == f(5) * f(5)
    _named("setups", f(5) * f(5), "you forgot which face")
    assert _value("setups", first_player=True) == 2 * f(5) * f(5) * 2 ** 5
    assert _value("setups", clown_faces=True) == f(5) * f(5) * 2 ** 10
    _named("setups", f(5) * f(5) * 2 ** 10, "all lie Clown up")


def test_two_clowns_variants_are_worked_out_and_named():
    assert _value("two_clowns") == Fraction(1, 5) * Fraction(1, 4)
    assert _value("two_clowns", replacement=True) == Fraction(1, 5) ** 2
    assert _value("two_clowns", artists=6) == Fraction(1, 6) * Fraction(1, 5)
    assert _value("two_clowns", event="or") == Fraction(1, 5) + Fraction(1, 5) - Fraction(1, 20)
    _named("two_clowns", Fraction(7, 20), "an Acrobate at 2 or a Voyante at 6")
    _named("two_clowns", Fraction(1, 5), "the Clown at 2 alone")


def test_patterns_by_burnside_variants_are_worked_out_and_named():
    # rows 18900; the half turn, each mirror between places and each mirror through places fix 60 rows each
    assert _value("patterns_by_burnside") == (18900 + 60 + 5 * 60 + 5 * 60) // 20
    assert _value("patterns_by_burnside", kinds=("identity", "half turn", "other turns")) == (18900 + 60) // 10
    assert _value("patterns_by_burnside", kinds=("identity", "other turns", "mirrors through places",
                                                 "mirrors between places"), divide=20) == (18900 + 600) // 20
    _named("patterns_by_burnside", 975, "the half turn")
    _named("patterns_by_burnside", (18900 + 60 + 300 + 300) // 10, "average over all 20")


def test_after_the_voyante_variants_are_worked_out_and_named():
    assert _value("after_the_voyante") == Fraction(3, 8)
    assert _value("after_the_voyante", seen=()) == Fraction(7, 30)
    assert _value("after_the_voyante", seen=(2,)) == Fraction(4, 15)
    _named("after_the_voyante", Fraction(4, 15), "(the one at 2)")
    assert _value("after_the_voyante", weighting="artists") == Fraction(1, 3)   # M, Mu or D left at 1


def test_free_look_variants_are_worked_out_and_named():
    assert _value("free_look") == Fraction(1, 5) + Fraction(3, 5) * Fraction(1, 4) - Fraction(1, 5)
    # as if the second Clown's back did not depend on the first: 1/5 + 4/5 x 1/5, less 1/5
    assert _value("free_look", replacement=True) == Fraction(4, 25)
    assert _value("free_look", look=0) == Fraction(1, 4) - Fraction(1, 5)   # whatever is at 0, a flip wins 1 in 4
    _named("free_look", Fraction(1, 20), "no near-trio")
    message = _named("free_look", Fraction(1, 5), "counted those deals twice")   # 2/5 - 1/5, or the chance
    assert "your best chance without the look" in message                       # without the look: both named


def test_the_try_its_variants_are_worked_out_and_named():
    assert _value("try_clown_after_a_look", seen=False) == Fraction(1, 5)
    assert _value("try_clown_after_a_look", artists=6, seen=False) == Fraction(1, 6)
    assert _value("try_uncertainty_after_a_look", seen=False) == sympy.log(240, 2)
    assert sympy.simplify(_value("try_uncertainty_after_a_look", rosace=False) - sympy.log(24, 2)) == 0
    every = ("identity", "half turn", "other turns", "mirrors through places", "mirrors between places")
    assert _value("try_patterns_up_to_turning", kinds=every) == 384
    assert _value("try_patterns_up_to_turning", labels=tuple("ABCDEFGHIJ")) == math.factorial(9)
    _named("try_clown_after_a_look", Fraction(1, 6), "never has a Clown on its back")
    _named("try_uncertainty_after_a_look", sympy.log(24, 2), "two ways round")
    _named("try_patterns_up_to_turning", 378, "divides by 20")
