"""Work refused up front, limits stated: each of these is refused in one sentence before any work is done."""
from __future__ import annotations

import math
import time
from fractions import Fraction

import pytest

from circuslib.core.exact import Dist
from circuslib.core.sim import monte_carlo, wilson_interval
from circuslib.core.svg import svg_die

BIG = Dist.die(2_000)
REFUSED = [
    (lambda: Dist.die(10 ** 8), ValueError, "at most 100,000"),
    (lambda: Dist.die(10 ** 100), ValueError, "about 10^100"),
    (lambda: Dist.die(True), TypeError, "whole number, not True"),
    (lambda: Dist.die(0), ValueError, "at least 1"),
    (lambda: Dist.die(6).repeat(10 ** 6), ValueError, "use fewer copies"),
    (lambda: Dist.die(6).repeat(2.0), TypeError, "whole number"),
    (lambda: Dist.from_counts({1: 0.5, 2: 1}), TypeError, "the count of 1 must be a whole number"),
    (lambda: Dist.from_counts({1: True}), TypeError, "whole number, not True"),
    (lambda: Dist.from_counts({1: -1, 2: 3}), ValueError, "at least 0"),
    (lambda: Dist.from_counts([]), ValueError, "at least one item"),
    (lambda: Dist.from_counts(5), TypeError, "a list"),
    (lambda: Dist({1: Fraction(1, 2)}), ValueError, "sum to 1"),
    (lambda: Dist([1, 2]), TypeError, "a dict from each outcome"),
    (lambda: BIG.combine(BIG, max), ValueError, "at most 1,000,000"),
    (lambda: Dist({"a": 1}).mean(), TypeError, "numeric outcomes"),
    (lambda: monte_carlo(lambda rng: 1, 10 ** 9, seed=1), ValueError, "at most 10,000,000"),
    (lambda: monte_carlo(lambda rng: 1, 0, seed=1), ValueError, "at least 1"),
    (lambda: monte_carlo(lambda rng: 1, True, seed=1), TypeError, "whole number"),
    (lambda: wilson_interval(7, 5), ValueError, "from 0 to 5, not 7"),
    (lambda: wilson_interval(3, math.nan), TypeError, "whole number, not nan"),
    (lambda: wilson_interval(-1, 5), ValueError, "from 0 to 5"),
    (lambda: wilson_interval(3, 10, z=-1), ValueError, "positive number of standard deviations"),
    (lambda: svg_die(True), ValueError, "1 to 6 pips"),
    (lambda: svg_die(7), ValueError, "1 to 6 pips"),
]


@pytest.mark.parametrize("call, error, words", REFUSED, ids=[words for _, _, words in REFUSED])
def test_refused_in_a_sentence_before_any_work(call, error, words):
    began = time.perf_counter()
    with pytest.raises(error) as refusal:
        call()
    assert time.perf_counter() - began < 1.0  # refused, not worked at and then given up
    message = str(refusal.value)
    assert words in message and "\n" not in message and len(message) < 250


def test_what_lies_within_the_limits_still_works():
    assert Dist.die(6).repeat(3)[10] == Fraction(27, 216)
    assert Dist.die(100_000)[1] == Fraction(1, 100_000)
    assert Dist.from_counts({1: 1, 2: 3})[2] == Fraction(3, 4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28  # Wilson's interval for 0 of 10: 0 to 0.278
    assert wilson_interval(10, 10)[1] == 1.0
    assert monte_carlo(lambda rng: rng.random() < 0.5, 2_000, seed=1).n == 2_000
