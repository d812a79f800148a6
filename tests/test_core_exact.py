"""Exact distributions and absorbing Markov chains against hand-worked values and seeded simulations."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.exact import AbsorbingChain, Dist, as_probability, solve_linear, to_fraction, to_rational
from circuslib.core.sim import monte_carlo, tally


def test_rational_bridges_are_exact_both_ways():
    assert to_rational(Fraction(3, 9)) == sympy.Rational(1, 3)
    assert to_fraction(sympy.Rational(2, 6)) == Fraction(1, 3)
    assert isinstance(to_rational(5), sympy.Integer)
    with pytest.raises(TypeError, match="float"):
        to_rational(0.5)
    with pytest.raises(TypeError, match="float"):
        to_fraction(0.25)
    with pytest.raises(ValueError, match="between 0 and 1"):
        as_probability(Fraction(3, 2))


def test_two_dice_sum_by_convolution():
    total = Dist.die(6) + Dist.die(6)
    assert total[7] == Fraction(6, 36) and total[2] == Fraction(1, 36) and total[13] == 0
    assert list(total) == list(range(2, 13))
    assert total.mean() == 7 and total.variance() == Fraction(35, 6)
    assert total.prob(lambda s: s >= 10) == Fraction(6, 36)


def test_repeat_matches_repeated_convolution():
    three = Dist.die(6).repeat(3)
    assert three == Dist.die(6) + Dist.die(6) + Dist.die(6)
    assert three[10] == Fraction(27, 216)  # the classic 27 ways of making 10 with three dice
    assert Dist.die(6).repeat(1) == Dist.die(6)


def test_from_counts_is_drawing_from_a_deck():
    deck = Dist.from_counts({"red": 3, "black": 1})
    assert deck["red"] == Fraction(3, 4)
    assert Dist.uniform("aab")["a"] == Fraction(2, 3)
    assert deck.as_sympy() == {"black": sympy.Rational(1, 4), "red": sympy.Rational(3, 4)}


def test_map_and_combine():
    parity = Dist.die(6).map(lambda x: x % 2)
    assert parity == Dist({0: Fraction(1, 2), 1: Fraction(1, 2)})
    product = Dist.die(2).combine(Dist.die(2), lambda a, b: a * b)
    assert product[2] == Fraction(1, 2) and product[4] == Fraction(1, 4)


def test_bad_distributions_are_refused_in_words():
    with pytest.raises(ValueError, match="sum to 1"):
        Dist({"a": Fraction(1, 2)})
    with pytest.raises(ValueError, match="negative"):
        Dist({"a": Fraction(-1, 2), "b": Fraction(3, 2)})
    with pytest.raises(ValueError, match="at least one item"):
        Dist.from_counts({})
    with pytest.raises(ValueError, match="sides"):
        Dist.die(0)
    with pytest.raises(ValueError, match="at least 1"):
        Dist.die(6).repeat(0)


def test_exact_distribution_agrees_with_its_own_samples():
    total = Dist.die(6) + Dist.die(6)
    result = tally(total.sample, 6000, seed=4)
    assert all(result.contains(s, total[s]) for s in (2, 7, 12))


def test_solve_linear_exactly():
    # x + y = 3, x - y = 1  =>  x = 2, y = 1
    assert solve_linear([[1, 1], [1, -1]], [[3], [1]]) == [[2], [1]]
    with pytest.raises(ValueError, match="no unique solution"):
        solve_linear([[1, 1], [2, 2]], [[1], [2]])


def damage_chain(p: Fraction, q: Fraction) -> AbsorbingChain:
    """A plane under fire: a hit (p) of which a 6 (q) destroys at once; a second hit destroys."""
    return AbsorbingChain({
        "intact": {"intact": 1 - p, "damaged": p - q, "destroyed": q},
        "damaged": {"damaged": 1 - p, "destroyed": p},
    })


def test_absorbing_chain_by_hand():
    chain = damage_chain(Fraction(1, 2), Fraction(1, 6))  # range 1: hit on 4-6, a 6 destroys
    assert chain.absorbing == ["destroyed"] and set(chain.transient) == {"intact", "damaged"}
    assert chain.absorption_probabilities()["intact"] == {"destroyed": 1}
    # E[damaged] = 1/p = 2;  E[intact] = 1 + (1/2) E[intact] + (1/3) E[damaged]  =>  E = 2 (1 + 2/3) = 10/3
    assert chain.expected_steps() == {"destroyed": 0, "intact": Fraction(10, 3), "damaged": 2}
    after_two = chain.distribution_after("intact", 2)
    # destroyed within 2 shots: 1/6 + (1/2)(1/6) + (1/3)(1/2) = 1/6 + 1/12 + 1/6 = 5/12
    assert after_two["destroyed"] == Fraction(5, 12)


def test_absorption_between_two_ends():
    # gambler's ruin from 1 with 0 and 3 absorbing, fair coin: P(reach 3) = 1/3
    chain = AbsorbingChain({1: {0: Fraction(1, 2), 2: Fraction(1, 2)}, 2: {1: Fraction(1, 2), 3: Fraction(1, 2)}})
    assert chain.absorption_probabilities()[1] == {0: Fraction(2, 3), 3: Fraction(1, 3)}
    assert chain.expected_steps()[1] == 2


def test_chain_steps_agree_with_simulation():
    chain = damage_chain(Fraction(1, 2), Fraction(1, 6))

    def shots_until_destroyed(rng: random.Random) -> int:
        state, shots = "intact", 0
        while state != "destroyed":
            state, shots = chain.step(state, rng), shots + 1
        return shots

    assert monte_carlo(shots_until_destroyed, 8000, seed=8).contains(Fraction(10, 3))


def test_bad_chains_are_refused():
    with pytest.raises(ValueError, match="sum to 1/2, not 1"):
        AbsorbingChain({"a": {"b": Fraction(1, 2)}})
    with pytest.raises(ValueError, match="not a state"):
        damage_chain(Fraction(1, 2), Fraction(1, 6)).distribution_after("flying", 1)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=6))
def test_counts_always_make_a_distribution_that_sums_to_one(counts):
    dist = Dist.from_counts({i: c for i, c in enumerate(counts)})
    assert sum(p for _, p in dist.items()) == 1
    assert (dist + dist).mean() == 2 * dist.mean()
