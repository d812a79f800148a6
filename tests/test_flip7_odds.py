"""Flip 7 exact odds against hand-worked values, an independent exact solver, and seeded simulations."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.exact import to_fraction
from circuslib.core.game import best_value, playout
from circuslib.core.sim import Estimate, monte_carlo, tally
from circuslib.flip7.bots import simulate_threshold_rounds
from circuslib.flip7.odds import (
    SoloOptimal,
    best_threshold,
    bust_formula,
    bust_formula_values,
    bust_probability,
    cards_before_bust,
    expected_gain,
    flip7_probability,
    remaining_deck,
    solo_optimal,
    threshold_value,
)
from circuslib.flip7.rules import CARDS, HIT, STAY, deck_counts, solo_round

SQUARES = 650  # 1*1 + 2*2 + ... + 12*12 = 12*13*25/6: the sum of all number values in the deck (n copies of n)


def deck_list(counts):
    return [card for card, c in zip(CARDS, counts) for _ in range(c)]


# --- bust probability -----------------------------------------------------------------------------------------

def test_bust_probability_by_hand():
    # holding a 12: 11 twelves are left among the 93 other cards
    assert bust_probability([12]) == sympy.Rational(11, 93)
    # holding 12 and 11 with a 12 and a Freeze seen: (10 + 10) / (94 - 2 - 2) = 20/90
    assert bust_probability([12, 11], seen=[12, "Freeze"]) == sympy.Rational(2, 9)
    # the 0 and the 1 are single cards: holding them can never bust
    assert bust_probability([0, 1]) == 0
    assert bust_probability([]) == 0
    # numbers only: 11 twelves among 78
    assert bust_probability([12], deck="numbers") == sympy.Rational(11, 78)
    assert isinstance(bust_probability([5]), sympy.Rational)


def test_bust_formula_is_the_copies_left_over_the_cards_left():
    formula = bust_formula([3, 7])
    n3, n7, big_n = sympy.symbols("n_3 n_7 N", positive=True, integer=True)
    assert str(formula) == "(n_3 + n_7)/N"
    values = bust_formula_values([3, 7], seen=[7, "+4"])
    assert list(values.values()) == [2, 5, 94 - 2 - 2]   # 3 - 1 threes, 7 - 1 - 1 sevens, 90 cards
    assert formula.subs(values) == bust_probability([3, 7], seen=[7, "+4"])


@pytest.mark.parametrize("held, seen", [([12], []), ([8, 9, 10], [10, "Flip Three", 2])])
def test_bust_probability_matches_a_seeded_simulation(held, seen):
    exact = bust_probability(held, seen)
    deck = deck_list(remaining_deck(held, seen))
    estimate = monte_carlo(lambda rng: rng.choice(deck) in held, 20_000, seed=7)
    assert estimate.contains(exact)


@pytest.mark.parametrize("held, seen, problem", [
    ([3, 3], [], "never holds two 3s"),
    ([-1], [], "never negative"),
    ([13], [], "0 to 12"),
    (["Joker"], [], "not a Flip 7 card"),
    ([5], ["Banana"], "not a Flip 7 card"),
    ([1], [1], "only 1 card"),
    ([12], ["Freeze"] * 4, "only 3 card"),
    (["Freeze"], [], "number cards only"),
    ([0, 1, 2, 3, 4, 5, 6, 7], [], "at most 7"),
])
def test_bad_hands_are_refused_with_a_reason(held, seen, problem):
    with pytest.raises(ValueError, match=problem):
        bust_probability(held, seen)


def test_bad_types_are_refused():
    with pytest.raises(TypeError):
        bust_probability(12)
    with pytest.raises(TypeError):
        bust_probability([12], seen="Freeze")
    with pytest.raises(ValueError, match="unknown deck"):
        bust_probability([12], deck="tarot")


# --- expected gain of one more card ---------------------------------------------------------------------------

def test_expected_gain_by_hand():
    # from nothing, the next card is worth its value on average: 650 / 79
    assert expected_gain([]) == sympy.Rational(SQUARES, 79)
    # holding 10, 11, 12 (33 points), 76 cards left: 30 of them bust (-33 each), the others add their value
    # (1*1 + ... + 9*9 = 285): (285 - 30*33) / 76 = -705/76
    assert expected_gain([10, 11, 12]) == sympy.Rational(-705, 76)
    # a x2 in front doubles what a new number adds: holding 2 with x2 on 78 cards: 2 * (650 - 4) / 78 - 4 * 1/78
    assert expected_gain([2], modifiers=["x2"]) == sympy.Rational(2 * (SQUARES - 4) - 4, 78)


def test_expected_gain_matches_a_seeded_simulation():
    held = [6, 9]
    deck = deck_list(remaining_deck(held, (), "numbers"))
    now = 15

    def gain(rng):
        card = rng.choice(deck)
        return (0 if card in held else now + card) - now

    assert monte_carlo(gain, 20_000, seed=3).contains(expected_gain(held))


# --- the lone player's optimum --------------------------------------------------------------------------------

def test_the_numbers_only_optimum_equals_an_independent_expectimax():
    optimum = solo_optimal()
    assert optimum.value == sympy.Rational(154813132069, 8338880550)   # about 18.565
    assert to_fraction(optimum.value) == best_value(solo_round("numbers"))  # core expectimax over SoloRound states


def test_optimal_advice_on_some_hands():
    optimum = solo_optimal()
    assert optimum.hit([]) and optimum.hit([12]) and optimum.hit([0, 1])
    assert not optimum.hit([10, 11, 12])           # one more card loses 705/76 points on average
    assert optimum.advice([10, 11, 12]) == "stay"
    table = optimum.table()
    assert len(table) == 4096                       # every hand of 0 to 6 different numbers (sum of C(13, k))
    with pytest.raises(ValueError, match="Flip 7"):
        optimum.hit([0, 1, 2, 3, 4, 5, 6])


def test_whenever_one_more_card_gains_on_average_the_optimum_hits():
    optimum = solo_optimal()
    for hand, advice in optimum.table().items():
        if expected_gain(list(hand), deck="numbers") > 0:
            assert advice == "hit", hand


def optimum_policy(optimum):
    def choose(state, rng):
        return HIT if optimum.hit(state.numbers, state.modifiers) else STAY
    return choose


@pytest.mark.parametrize("deck", ["numbers", "numbers+modifiers"])
def test_optimum_matches_a_seeded_simulation(deck):
    optimum = solo_optimal(deck)
    start = solo_round(deck)
    choose = optimum_policy(optimum)
    estimate = monte_carlo(lambda rng: playout(start, rng, choose).score(), 6_000, seed=11)
    assert estimate.contains(optimum.value)


def test_numbers_and_modifiers_optimum_is_worth_more():
    rich = solo_optimal("numbers+modifiers")
    assert rich.value == sympy.Rational(3877684344302659223996081, 191688374830953480480000)  # about 20.229
    assert rich.value > solo_optimal().value
    assert rich.hit([], ["x2"]) and rich.advice([10, 11, 12], ["+10"]) == "stay"
    # the full deck has one name everywhere: its optimum is the shipped table of the best play with every card
    assert solo_optimal("full").model == "best solo play, all 94 cards"
    assert bust_probability([12], deck="full") == bust_probability([12]) == sympy.Rational(11, 93)
    with pytest.raises(ValueError, match="'numbers', 'numbers[+]modifiers', 'numbers[+]modifiers[+]second-chance' "
                                         "or 'full'"):
        solo_optimal("tarot")
    with pytest.raises(ValueError, match="one copy of each modifier"):
        solo_optimal({3: 3, "+4": 2})


def test_card_counting_changes_the_optimum():
    # with all the 12s, 11s and 10s gone, the dangerous cards are out of the deck and the round is worth less
    counted = solo_optimal(seen=[12] * 12 + [11] * 11 + [10] * 10)
    assert counted.value < solo_optimal().value


# --- best score or best chance to win: the optimum for a target ------------------------------------------------

def chance_to_reach(state, target, hits) -> Fraction:
    """P(round score >= target) from ``state`` when the player hits exactly on the hands in ``hits``."""
    if state.is_over():
        return Fraction(state.score() >= target)
    if state.drawing:
        return sum((p * chance_to_reach(state.play(card), target, hits) for card, p in state.chance_outcomes()),
                   Fraction(0))
    move = HIT if state.numbers in hits and HIT in state.legal_moves() else STAY
    return chance_to_reach(state.play(move), target, hits)


@pytest.mark.parametrize("small", [{1: 1, 3: 2, 5: 3}, {2: 2, 4: 1, 7: 3}], ids=["1-3-5", "2-4-7"])
@pytest.mark.parametrize("target", [4, 7, 9, 12])
def test_the_target_optimum_equals_a_brute_force_over_every_policy_on_a_small_deck(target, small):
    from itertools import chain, combinations, product

    numbers = sorted(small)  # 7 hands to choose at (the full hand can only bust): all 2**7 policies are tried
    hands = [tuple(c) for c in chain.from_iterable(combinations(numbers, k) for k in range(len(numbers)))]
    best = max(chance_to_reach(solo_round(small), target, {h for h, bit in zip(hands, bits) if bit})
               for bits in product((0, 1), repeat=len(hands)))
    optimum = solo_optimal(small, target=target)
    assert to_fraction(optimum.value) == best
    advised = {h for h, advice in optimum.table().items() if advice == "hit"}
    assert chance_to_reach(solo_round(small), target, advised) == best      # its own policy reaches that value
    expected_score = {h for h, advice in solo_optimal(small).table().items() if advice == "hit"}
    assert chance_to_reach(solo_round(small), target, expected_score) <= best


def test_to_reach_a_target_in_one_round_hit_below_it_and_stay_at_it():
    for target in (15, 35):
        table = solo_optimal(target=target).table()
        assert len(table) == 4096
        assert all((advice == "hit") == (sum(hand) < target) for hand, advice in table.items())


def test_the_target_optimum_differs_from_the_expected_score_optimum():
    best, chance = solo_optimal(), solo_optimal(target=40)
    assert best.advice([10, 11, 12]) == "stay" and chance.advice([10, 11, 12]) == "hit"   # 33 < 40: hit on
    assert best.advice([2, 3]) == "hit" and solo_optimal(target=5).advice([2, 3]) == "stay"
    assert chance.target == 40 and best.target is None


def test_target_values_are_chances_that_fall_as_the_target_rises():
    values = [solo_optimal(target=t).value for t in (1, 10, 20, 30, 40, 60)]
    assert all(0 < v <= 1 for v in values)
    assert values == sorted(values, reverse=True)
    assert values[0] == 1   # the one 0 cannot bust and any card after it makes 1 point: 1 is sure to be reached


@pytest.mark.parametrize("deck, target", [("numbers", 30), ("numbers+modifiers", 45)])
def test_the_target_optimum_matches_a_seeded_simulation(deck, target):
    optimum = solo_optimal(deck, target=target)
    start = solo_round(deck)
    choose = optimum_policy(optimum)
    estimate = monte_carlo(lambda rng: playout(start, rng, choose).score() >= target, 6_000, seed=12)
    assert estimate.contains(optimum.value)


def test_the_chance_to_reach_a_target_when_following_a_policy():
    best = solo_optimal()
    for target in (20, 30, 40):
        chance = solo_optimal(target=target)
        assert chance.chance_to_reach(target) == chance.value
        assert best.chance_to_reach(target) < chance.value          # aiming at the average reaches 40 far less often
    small = {1: 1, 3: 2, 5: 3}
    advised = {h for h, advice in solo_optimal(small).table().items() if advice == "hit"}
    assert to_fraction(solo_optimal(small).chance_to_reach(6)) == chance_to_reach(solo_round(small), 6, advised)
    estimate = monte_carlo(lambda rng: playout(solo_round("numbers"), rng, optimum_policy(best)).score() >= 25,
                           6_000, seed=13)
    assert estimate.contains(best.chance_to_reach(25))
    with pytest.raises(TypeError):
        best.chance_to_reach(None)


NUMBER_DECKS = [deck_counts("numbers"), remaining_deck((), [12] * 6 + [11] * 5, "numbers"),
                solo_round({1: 1, 3: 3, 5: 5}).deck, solo_round({0: 1, 2: 2, 7: 1}).deck,   # 4 cards: the deck runs out
                solo_round({4: 40, 9: 30, 12: 25}).deck]                                     # many copies


@pytest.mark.parametrize("deck", range(len(NUMBER_DECKS)))
def test_the_layered_target_optimum_is_the_dynamic_programme_exactly(deck):
    from circuslib.flip7.odds import _solve, numbers_target_optimum

    counts = NUMBER_DECKS[deck]
    for target in (1, 5, 9, 17, 23, 40, 61, 75, 200):
        value, decisions = numbers_target_optimum(counts[:13], target)
        assert (value, decisions) == _solve(counts, target=target), target


@pytest.mark.parametrize("deck", range(len(NUMBER_DECKS)))
def test_the_chance_to_reach_read_from_one_score_distribution_is_the_dynamic_programme(deck):
    from circuslib.flip7.odds import _solve

    counts = NUMBER_DECKS[deck]
    policies = [SoloOptimal("deck", 0, _solve(counts)[1], None, counts),            # the best average
                SoloOptimal("deck", 0, _solve(counts, target=30)[1], 30, counts),    # the best chance of 30
                SoloOptimal("deck", 0, {key: bool(key % 3) for key in _solve(counts)[1]}, None, counts)]  # any rule
    for policy in policies:
        for target in (1, 2, 7, 15, 23, 30, 41, 66, 90):
            assert policy.chance_to_reach(target) == _solve(counts, follow=policy.decisions, target=target,
                                                            want_table=False)[0], target


def test_the_score_distribution_of_the_optimum_averages_to_its_value():
    best = solo_optimal()
    scores = best.score_distribution()
    assert scores.mean() == best.value                                   # the mean of the scores is the value
    assert Fraction(3, 10) < scores[0] < Fraction(1, 3)                  # it busts in about 31% of rounds
    assert best.chance_to_reach(1) == 1 - scores[0] == scores.prob(lambda score: score >= 1)
    with pytest.raises(ValueError, match="numbers-only"):
        solo_optimal("numbers+modifiers").score_distribution()


def test_the_table_is_built_once_and_handed_out_as_a_copy():
    optimum = solo_optimal(target=25)
    table = optimum.table()
    table[(1, 2)] = "never"
    assert optimum.table()[(1, 2)] == "hit" and optimum.table() == solo_optimal(target=25).table()


def test_the_target_is_checked():
    with pytest.raises(TypeError, match="whole number"):
        solo_optimal(target=30.0)
    with pytest.raises(ValueError, match="at least 1"):
        solo_optimal(target=0)
    with pytest.raises(ValueError, match="small deck"):
        solo_optimal("full", target=30)
    with pytest.raises(ValueError):
        solo_optimal({3: -1}, target=3)


# --- stop-at thresholds ---------------------------------------------------------------------------------------

def test_threshold_values_by_hand():
    assert threshold_value(0) == 0                   # never draws
    # 'stop at 1': one card, unless it is the 0 (1 in 79); then one more card from 78 (no bust possible)
    assert threshold_value(1) == sympy.Rational(SQUARES, 79) + sympy.Rational(1, 79) * sympy.Rational(SQUARES, 78)


def test_threshold_values_are_what_the_dynamic_programme_gives_hand_by_hand():
    from circuslib.flip7.odds import _solve

    for deck in ("numbers", "numbers+modifiers"):
        for stop_at in (0, 1, 7, 23, 40, 95, 250):
            by_hand, _ = _solve(deck_counts(deck), policy=lambda score, n, d, t=stop_at: score < t, want_table=False)
            assert threshold_value(stop_at, deck) == by_hand, (deck, stop_at)


def test_best_threshold_is_23_and_falls_short_of_the_optimum():
    t, value = best_threshold()
    assert t == 23 and value == threshold_value(23)
    assert value < solo_optimal().value
    assert threshold_value(22) < value and threshold_value(24) < value


@pytest.mark.parametrize("stop_at, deck", [(23, "numbers"), (15, "numbers"), (25, "numbers+modifiers")])
def test_thresholds_match_the_vectorised_simulation(stop_at, deck):
    scores = simulate_threshold_rounds(stop_at, 300_000, random.Random(7), deck=deck)
    estimate = Estimate.from_values(scores)
    assert estimate.contains(threshold_value(stop_at, deck))


def test_threshold_input_is_checked():
    with pytest.raises(ValueError):
        threshold_value(-1)
    with pytest.raises(TypeError):
        threshold_value(2.5)


# --- never stopping -------------------------------------------------------------------------------------------

def _never_stop_forward(numbers) -> dict:
    """A plain forward recursion over the sets of numbers held: the oracle for the closed form in odds."""
    total, mass, result = sum(numbers), {(): Fraction(1)}, {}
    for k in range(7):
        following = {}
        for held, p in mass.items():
            busting = sum(numbers[h] - 1 for h in held)
            if busting:
                result[k] = result.get(k, 0) + p * Fraction(busting, total - k)
            for h in range(13):
                if numbers[h] and h not in held:
                    key = tuple(sorted(held + (h,)))
                    following[key] = following.get(key, 0) + p * Fraction(numbers[h], total - k)
        mass = following
    result["Flip 7"] = sum(mass.values(), Fraction(0))
    return result


def test_never_stopping_in_closed_form_agrees_with_the_forward_recursion():
    from circuslib.flip7.odds import _never_stop

    rng = random.Random(5)
    decks = [tuple(deck_counts("numbers")[:13])] + [tuple(rng.randint(0, 3) for _ in range(13)) for _ in range(6)]
    for numbers in decks:
        if sum(1 for c in numbers if c) >= 7 or sum(numbers) >= 8:
            counts = numbers + (0,) * (len(CARDS) - 13)
            assert _never_stop(counts) == _never_stop_forward(numbers), numbers


def test_never_stopping_by_hand_and_exactly():
    dist = cards_before_bust()
    # busting on the second card: sum over v of P(first is v) * (v - 1)/78 = sum v(v - 1) / (79*78)
    # = (650 - 78) / 6162 = 22/237
    assert dist[1] == Fraction(22, 237)
    assert sum(p for _, p in dist.items()) == 1
    assert flip7_probability() == sympy.Rational(1755667, 20271005)   # about 8.7%
    assert flip7_probability("numbers+modifiers") == flip7_probability()  # modifiers never bust


def test_never_stopping_matches_a_seeded_simulation():
    start = solo_round("numbers")

    def trial(rng):
        end = playout(start, rng, lambda s, r: HIT)
        return "Flip 7" if not end.busted else len(end.numbers)

    result = tally(trial, 20_000, seed=2)
    for outcome, p in cards_before_bust().items():
        assert result.contains(outcome, p), outcome


@settings(max_examples=50, deadline=None)
@given(st.sets(st.integers(0, 12), max_size=6), st.lists(st.integers(0, 12), max_size=10))
def test_bust_probability_is_a_probability_and_more_seen_copies_never_raise_it(held, seen):
    held = sorted(held)
    try:
        p = bust_probability(held, seen)
    except ValueError:
        return  # more copies counted than the deck has: refused, as it should be
    assert 0 <= p < 1
    extra = [h for h in held if remaining_deck(held, seen)[h] > 0][:1]
    if extra:
        assert bust_probability(held, seen + extra) <= p   # (a - 1)/(N - 1) <= a/N since a <= N


def test_the_shipped_numbers_and_modifiers_optimum_is_what_solving_it_again_gives():
    from circuslib.core.shipped import entry
    from circuslib.flip7.odds import DECISIONS, _solve, optimum_table

    shipped_entry = entry(optimum_table)
    assert shipped_entry.path.name == "solo_optima.json" and shipped_entry.encoding is DECISIONS
    solved = _solve(deck_counts("numbers+modifiers"))                 # value and every decision, solved afresh
    assert optimum_table("numbers+modifiers") == solved == shipped_entry.compute(("numbers+modifiers",))
    assert shipped_entry.differences() == []
    shipped = solo_optimal("numbers+modifiers")
    assert shipped.value == sympy.Rational(3877684344302659223996081, 191688374830953480480000)
    assert len(shipped.decisions) == 4096 * 64 and shipped.advice([12, 11, 10], ["x2"]) == "stay"


def test_the_shipped_threshold_curve_is_the_one_worked_out_and_only_the_fresh_deck_reads_it():
    from circuslib.core.shipped import entry
    from circuslib.flip7.odds import threshold_curve

    fresh = tuple(deck_counts("numbers+modifiers"))
    shipped, solved = threshold_curve(fresh), entry(threshold_curve).compute((fresh,))
    assert shipped.numerators == solved.numerators and shipped.scale == solved.scale
    assert shipped.best(61) == best_threshold("numbers+modifiers")      # the same best rule as one threshold at a time
    other = fresh[:12] + (11,) + fresh[13:]                             # one 12 gone: worked out, not read
    assert entry(threshold_curve).key_of((fresh,)) in entry(threshold_curve).table()
    assert entry(threshold_curve).key_of((other,)) not in entry(threshold_curve).table()
    assert threshold_curve(other).numerators == entry(threshold_curve).compute((other,)).numerators
    assert threshold_curve(other).numerators != solved.numerators


def test_a_deck_with_cards_seen_or_a_target_is_solved_not_read_from_the_shipped_table(monkeypatch):
    from circuslib.flip7 import odds

    read = []
    monkeypatch.setattr(odds, "optimum_table", lambda deck: read.append(deck) or odds._solve(deck_counts(deck)))
    monkeypatch.setattr(odds, "_OPTIMA", {})
    fresh = solo_optimal("numbers+modifiers")
    assert read == ["numbers+modifiers"]
    seen = solo_optimal("numbers+modifiers", seen=["x2"])
    aiming = solo_optimal("numbers+modifiers", target=30)
    assert read == ["numbers+modifiers"] and seen.value != fresh.value and 0 < aiming.value < 1
    assert solo_optimal("numbers").value == sympy.Rational(154813132069, 8338880550) and len(read) == 1


def test_the_shipped_decisions_read_from_their_bitsets_like_a_dict():
    from circuslib.flip7.odds import PackedDecisions

    decisions = solo_optimal("numbers+modifiers").decisions
    assert isinstance(decisions, PackedDecisions)
    plain = dict(decisions)
    assert len(plain) == len(decisions) == 4096 * 64 and decisions == plain
    hand = sum(1 << h for h in (12, 11, 10)) | 1 << 5 << 13          # 12, 11, 10 and the x2: stay
    assert decisions[hand] is False and decisions.get(1 << 3) is True   # a lone 3: hit
    for missing in (sum(1 << h for h in range(7)), -1, 1 << 19, "12"):   # seven numbers is over; not keys at all
        assert missing not in decisions
        with pytest.raises(KeyError):
            decisions[missing]
