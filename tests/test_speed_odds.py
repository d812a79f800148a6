"""Speed's exact odds against hand-worked values, an independent brute force, and seeded simulations."""
from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest
import sympy

from circuslib.core.exact import to_fraction
from circuslib.core.game import sample_outcome
from circuslib.core.sim import monte_carlo, tally
from circuslib.speed.odds import (
    RATE_A,
    RATE_B,
    chain_length_distribution,
    longest_chain_of_ranks,
    p_chain_at_least,
    p_fits_random_top,
    p_next_card_fits,
    p_stalemate_at_start,
    p_stalemate_given_tops,
    playable,
    race_by_integration,
    race_probability,
    ranks_that_fit,
    stalemate_odds,
)
from circuslib.speed.rules import CRAPETTE, ONE_DECK, TWO_DECKS, SpeedOptions, deal, new_game, position


def test_playable_is_rank_arithmetic_mod_13():
    assert playable("Q", "K") and playable("A", "K") and playable(2, "A") and not playable(5, 5)
    assert ranks_that_fit("Q") == (11, 13) and ranks_that_fit("A") == (13, 2) and ranks_that_fit("K") == (12, 1)
    with pytest.raises(ValueError, match="not a rank"):
        playable(0, 5)
    with pytest.raises(ValueError, match="not a card name"):
        playable("11", 5)


def test_a_card_fits_a_random_top_with_probability_8_over_51():
    # one deck: the card's two neighbouring ranks hold 4 cards each among the 51 other cards: 8/51
    assert p_fits_random_top("7") == sympy.Rational(8, 51)
    # two decks mixed: 8 cards of each neighbouring rank among 103 others: 16/103
    assert p_fits_random_top(decks=2) == sympy.Rational(16, 103)


def test_the_fit_chance_matches_a_simulation():
    deck = [r for r in range(1, 14) for _ in range(4)]

    def trial(rng):
        card, top = rng.sample(deck, 2)
        return playable(card, top)

    assert monte_carlo(trial, 20_000, 5, keep=False).contains(Fraction(8, 51))


def test_stalemate_given_the_tops_by_hand():
    # one deck, 4 face-up cards each (8 in all) drawn from the 50 cards left after the tops:
    # tops 7 and 7: ranks 6 and 8 fit, 8 cards, so C(42, 8) / C(50, 8)
    assert p_stalemate_given_tops(7, 7) == sympy.Rational(comb(42, 8), comb(50, 8))
    # tops 7 and 9: ranks 6, 8, 10 fit (8 counts once), 12 cards: C(38, 8) / C(50, 8)
    assert p_stalemate_given_tops(7, 9) == sympy.Rational(comb(38, 8), comb(50, 8))
    # tops 7 and 8: ranks 6, 7, 8, 9 fit, but one 7 and one 8 are the tops: 4 + 3 + 3 + 4 = 14 cards
    assert p_stalemate_given_tops(7, 8) == sympy.Rational(comb(36, 8), comb(50, 8))
    # wrap-around: tops K and 2: Q, A, 3 fit (the Ace counts once), 12 cards
    assert p_stalemate_given_tops("K", 2) == sympy.Rational(comb(38, 8), comb(50, 8))
    # two decks, 5 each: tops 7 (deck 0) and 7 (deck 1); each deck has 8 fitting cards among its 51 left
    assert p_stalemate_given_tops(7, 7, 5, 2) == sympy.Rational(comb(43, 5), comb(51, 5)) ** 2


def _stalemate_brute_force(face_up: int) -> Fraction:
    # one deck, 1 face-up card each, enumerating ordered rank sequences (top A, top B, card 0, card 1) with
    # the number of ways each can be dealt: an independent count of what the formula sums
    assert face_up == 1
    good = Fraction(0)
    for ranks in product(range(1, 14), repeat=4):
        ways, used = 1, Counter()
        for r in ranks:
            ways *= 4 - used[r]
            used[r] += 1
        a, b, c, d = ranks
        if not any(playable(x, t) for x in (c, d) for t in (a, b)):
            good += ways
    return good / (52 * 51 * 50 * 49)


def test_stalemate_formula_agrees_with_brute_force():
    assert to_fraction(p_stalemate_at_start(1, 1)) == _stalemate_brute_force(1)


@pytest.mark.parametrize("setup, n, seed", [(ONE_DECK, 4000, 1), (TWO_DECKS, 4000, 4), (CRAPETTE, 4000, 3)])
def test_stalemate_at_the_deal_matches_simulated_deals(setup, n, seed):
    exact = stalemate_odds(setup)
    estimate = monte_carlo(lambda rng: deal(setup, rng).is_stalemate(), n, seed, keep=False)
    assert estimate.contains(exact)


def test_crapette_stalemate_given_the_tops_by_hand_and_by_the_engine_s_deals():
    # tops 7 and 7 turned up from the rest: 6 and 8 fit, 8 cards among the 50 others, and the 10 heap tops
    # (5 each) must all avoid them: C(42, 10) / C(50, 10)
    exact = p_stalemate_given_tops(7, 7, CRAPETTE.face_up, 1)
    assert exact == sympy.Rational(comb(42, 10), comb(50, 10))
    start = new_game(CRAPETTE).play(7).play(7)  # the two centre cards, from the 22 dealt to nobody

    def stalemate(rng):
        state = start
        while state.step == "draw":
            state = state.play(sample_outcome(state.chance_outcomes(), rng))
        return state.is_stalemate()

    assert start.spare == 20 and start.piles == (15, 15)
    assert monte_carlo(stalemate, 3000, 9, keep=False).contains(exact)
    # once the heaps are dealt nobody turns up a card: asking for the next card's chance is refused in a sentence
    with pytest.raises(ValueError, match="no pile once the heaps are dealt"):
        p_next_card_fits(deal(CRAPETTE, random.Random(1)), 0)


def test_headline_stalemate_values():
    assert p_stalemate_at_start(4, 1) == sympy.Rational(22730431, 396823350)  # one deck, ~5.73%
    assert p_stalemate_at_start(5, 2) == sympy.Rational(1630804667, 43058269800)  # two decks, ~3.79%
    # crapette: only the 5 heap tops matter, and the centre cards come from the 22 undealt: still 12 random cards
    assert stalemate_odds(CRAPETTE) == p_stalemate_at_start(5, 1) == sympy.Rational(15428657, 560306082)
    # more face-up cards, fewer stalemates
    values = [p_stalemate_at_start(k, 1) for k in range(1, 9)]
    assert values == sorted(values, reverse=True)
    with pytest.raises(ValueError):
        p_stalemate_at_start(0, 1)
    with pytest.raises(ValueError):
        p_stalemate_at_start(4, 3)


def test_longest_chain_of_ranks_follows_the_cycle_and_repeats():
    assert longest_chain_of_ranks([5, 7, 6, "Q", 8]) == 4  # 5 6 7 8
    assert longest_chain_of_ranks([9, 10, 9, 10]) == 4  # 9 10 9 10: equal ranks alternate
    assert longest_chain_of_ranks(["K", "A", 2, "Q", 2], start=3) == 4  # 2 A K Q, round the corner
    assert longest_chain_of_ranks([5, 5], start=9) == 0


def _longest_by_trying_every_card(hand: list[int], top: int | None) -> int:
    """The longest chain by trying every card that fits, in every order: no cache, no turning of the cycle."""
    best = 0
    for i, card in enumerate(hand):
        if top is None or (card - top) % 13 in (1, 12):
            best = max(best, 1 + _longest_by_trying_every_card(hand[:i] + hand[i + 1:], card))
    return best


def test_longest_chain_equals_trying_every_order():
    # the kit turns and mirrors the cycle to share its cache between hands; the answer must not change
    rng = random.Random(15)
    deck = [r for r in range(1, 14) for _ in range(4)]
    for size in range(1, 7):
        for _ in range(150):
            hand = rng.sample(deck, size)
            for top in (None, rng.randint(1, 13)):
                assert longest_chain_of_ranks(hand, start=top) == _longest_by_trying_every_card(hand, top), (hand, top)


def test_chain_distribution_by_hand():
    # two cards: a chain of 2 when the second card is one of the 8 neighbours among 51 cards
    assert chain_length_distribution(2) == {1: sympy.Rational(43, 51), 2: sympy.Rational(8, 51)}
    # three cards from C(52, 3) = 22100 hands: a chain of 3 is three consecutive ranks (13 * 4^3 = 832 hands)
    # or a zig-zag r, r+-1, r (13 ranks * C(4, 2) pairs * 2 neighbours * 4 cards = 624): 1456 / 22100
    assert chain_length_distribution(3)[3] == sympy.Rational(1456, 22100)
    dist = chain_length_distribution(5)
    assert sum(dist.values()) == 1 and set(dist) == {1, 2, 3, 4, 5}
    assert p_chain_at_least(1) == 1 and p_chain_at_least(4) == dist[4] + dist[5]


def test_chain_distribution_matches_simulated_hands():
    deck = [r for r in range(1, 14) for _ in range(4)]
    result = tally(lambda rng: longest_chain_of_ranks(rng.sample(deck, 5)), 8000, 11)
    for k, p in chain_length_distribution(5).items():
        assert result.contains(k, p)


def test_race_formula_in_symbols_and_numbers():
    assert race_probability() == RATE_A / (RATE_A + RATE_B)
    assert sympy.simplify(race_by_integration() - RATE_A / (RATE_A + RATE_B)) == 0
    assert race_probability(2, 1) == sympy.Rational(2, 3)
    assert race_probability(Fraction(1, 2), Fraction(1, 4)) == sympy.Rational(2, 3)  # only the ratio matters
    with pytest.raises(TypeError):
        race_probability(0.5, 1)
    with pytest.raises(ValueError):
        race_probability(0, 1)


def test_the_race_formulas_do_not_load_sympy_physics():
    # simplify (and manual integration, which calls it) imports sympy.physics: 0.13 s of every lesson kernel
    code = ("import sys; from circuslib.speed.odds import race_by_integration, race_probability; "
            "assert race_by_integration() == race_probability(); race_probability(4, 1); "
            "print('sympy.physics' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_lessons_race_cells_do_not_load_sympy_physics():
    # the lesson shows its integrand: LaTeX of exp(-lambda t) with t known positive asks is_constant(), which
    # simplifies, which imports sympy.physics (about 0.1 s of every kernel); t >= 0 shows the same formula without
    import json
    from pathlib import Path

    cells = json.loads((Path(__file__).resolve().parent.parent / "notebooks" / "04_speed.ipynb").read_text())["cells"]
    sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    start = next(i for i, src in enumerate(sources) if "density_A = " in src)
    code = ("import sys, sympy\nfrom circuslib.speed.odds import race_by_integration\n"
            "display = lambda *shown: None  # the page shows them: their LaTeX is asked for below\n" + sources[start]
            + "\nshown = [integrand._repr_latex_(), combined._repr_latex_(), p_A_first._repr_latex_()]"
            "\nprint('sympy.physics' in sys.modules, '|'.join(shown))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded, shown = done.stdout.strip().split(" ", 1)
    assert loaded == "False"
    assert shown == ("$\\displaystyle \\lambda_{A} e^{- \\lambda_{A} t} e^{- \\lambda_{B} t}$|"
                     "$\\displaystyle \\lambda_{A} e^{- t \\left(\\lambda_{A} + \\lambda_{B}\\right)}$|"
                     "$\\displaystyle \\frac{\\lambda_{A}}{\\lambda_{A} + \\lambda_{B}}$")


def test_the_exponential_race_matches_a_simulation():
    # reaction times exp(rate 3) against exp(rate 1): the first wins 3/4 of the races
    estimate = monte_carlo(lambda rng: rng.expovariate(3) < rng.expovariate(1), 20_000, 9, keep=False)
    assert estimate.contains(race_probability(3, 1))


def test_next_card_fits_counts_the_unseen_cards():
    # your pile holds 3, 5, 5, 9; tops 4 and J: the 3 and both 5s fit, so 3/4
    state = position([9, 9], [9, 7], (4, "J"), piles=([3, 5, 5, 9], [8]), setup=SpeedOptions("two", decks=2, face_up=2))
    assert p_next_card_fits(state, 0) == sympy.Rational(3, 4)
    assert p_next_card_fits(new_game(ONE_DECK), 0) == 0  # no tops yet


def test_the_shipped_exact_tables_are_what_the_rules_count():
    # shipped cases counted again from the rules and compared exactly with data/ (tests/test_shipped.py counts
    # every case of every shipped file again; here the tables' shape and reading are pinned, and a few chains)
    from circuslib.core.shipped import entry
    from circuslib.speed.odds import count_chain_lengths

    stalemate, chains = entry(p_stalemate_at_start), entry(chain_length_distribution)
    assert stalemate.path.name == "stalemate_at_start.json" and chains.path.name == "chain_lengths.json"
    assert len(stalemate.table()) == 16 and len(chains.table()) == 16  # 1 to 8 cards, 1 or 2 decks
    assert stalemate.differences() == [] and chains.differences(sample=5, rng=random.Random(4)) == []
    assert count_chain_lengths(3) == chain_length_distribution(3)  # counted now, and read from the table
    assert chain_length_distribution(3) == {1: sympy.Rational(253, 425), 2: sympy.Rational(144, 425),
                                            3: sympy.Rational(28, 425)}
    # a call read from the table gives what the function counts, in the same exact type
    counted = stalemate.compute((4, 1))
    assert p_stalemate_at_start(4, 1) == counted == sympy.Rational(22730431, 396823350)
    assert type(p_stalemate_at_start(4, 1)) is type(counted)


def test_the_tables_refuse_what_they_do_not_hold_in_words():
    # True equals 1 and 2.0 equals 2, but neither is a number of cards: refused, not read from the table
    for bad in (True, 2.0):
        with pytest.raises(TypeError, match="whole number"):
            p_stalemate_at_start(bad, 1)
        with pytest.raises(TypeError, match="whole number"):
            chain_length_distribution(bad)
    with pytest.raises(ValueError, match="1 to 8"):
        p_stalemate_at_start(9, 1)
    with pytest.raises(ValueError, match="1 or 2 decks"):
        chain_length_distribution(3, 3)
