"""Scout counting: hand counts, shows, and the exact chance of sets in a dealt hand, against hand-worked values and
seeded simulations."""
from __future__ import annotations

import random
from itertools import permutations, product
from math import comb, perm

import networkx as nx
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.sim import Estimate, monte_carlo
from circuslib.scout.odds import (
    _hands_without_set,
    card_graph,
    count_hands,
    count_shows,
    deck_size,
    expected_set_windows,
    expected_shows,
    hands_per_up_sequence,
    mini_deck,
    random_hand,
    set_somewhere_exact,
    set_somewhere_probability,
    simulate_set_somewhere,
    simulate_shows,
    window_set_count,
    window_set_probability,
)
from circuslib.scout.rules import deck_for, flip_hand, legal_shows, set_key


def test_the_deck_is_the_complete_graph_k10():
    graph = card_graph(5)
    assert nx.is_isomorphic(graph, nx.complete_graph(10)) and graph.number_of_edges() == 45 == comb(10, 2)
    assert card_graph(3).number_of_edges() == 36 and deck_size(4) == 44


def test_hand_counts_by_hand():
    # 4 players: 44 cards, hands of 11. Which cards: C(44, 11); in order: 44 * 43 * ... * 34; either way up: * 2^11
    assert count_hands(4, ordered=False, oriented=False) == comb(44, 11) == 7669339132
    assert count_hands(4, oriented=False) == perm(44, 11)
    assert count_hands(4) == perm(44, 11) * 2048
    assert count_hands(4, up_to_flip=True) == perm(44, 11) * 1024
    assert count_hands(5) == perm(45, 9) * 2 ** 9 and count_hands(3) == perm(36, 12) * 2 ** 12
    assert isinstance(count_hands(2), sympy.Integer)
    with pytest.raises(ValueError, match="ordered hands"):
        count_hands(4, ordered=False, up_to_flip=True)


def test_count_shows():
    # 5 4 3 3 8: five single cards, 5-4, 4-3, 3-3, and 5-4-3: nine shows
    assert count_shows([5, 4, 3, 3, 8]) == 9
    assert count_shows([5, 4, 3, 3, 8], [6, 6]) == 1
    assert count_shows([]) == 0


def test_window_of_two_by_hand():
    # full deck (5 players): every number is on 9 cards.
    # match: for each number v, 9 * 8 ordered pairs of cards carrying v, each turned with v up: 10 * 72 = 720
    # run up v, v+1 (9 starts): 9 * 9 choices minus the one clash (both pick the card v/v+1) = 80, so 720 up,
    # 1440 up or down. Total 2160 of 45 * 44 * 2^2 = 7920 oriented ordered pairs: 3/11
    assert window_set_count(2, 5, kind="match") == 720 and window_set_count(2, 5, kind="run") == 1440
    assert window_set_probability(2, 5) == sympy.Rational(3, 11)
    # 4 players (no 9/10 card): matches 8*9*8 + 2*8*7 = 688; runs up 7*80 + (9*8 - 1) + 8*8 = 695 (the 9/10
    # card is gone, so 9 then 10 cannot clash); (688 + 2 * 695) / (44 * 43 * 4) = 2078 / 7568 = 1039/3784
    assert window_set_probability(2, 4) == sympy.Rational(1039, 3784)
    assert window_set_probability(2, 4, kind="match") == sympy.Rational(1, 11)


def test_window_of_three_by_hand():
    # full deck: matches 10 * 9 * 8 * 7 = 5040; run v, v+1, v+2 (8 starts): 9^3 minus the three clashes
    # (each pair of places picking their shared card, the third place free: 9 ways) = 729 - 27 = 702
    total = perm(45, 3) * 8
    assert window_set_probability(3, 5) == sympy.Rational(5040 + 2 * 8 * 702, total)
    assert window_set_probability(1, 5) == 1


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_window_counts_agree_with_listing_every_tuple(k):
    deck = mini_deck(5)
    listed = {"match": 0, "run": 0}
    for cards in permutations(deck, k):
        for ups in product((0, 1), repeat=k):
            key = set_key([c[u] for c, u in zip(cards, ups)])
            if key:
                listed["match" if key[1] == 1 else "run"] += 1
    assert window_set_count(k, deck, kind="match") == listed["match"]
    assert window_set_count(k, deck, kind="run") == listed["run"]


def test_tiny_deck_by_hand():
    # cards 1/2, 1/3, 2/3, hands of 2: 3 * 2 * 4 = 24 dealt hands. Not a set only when the ups are 1 and 3:
    # up 1 is 1/2 or 1/3, up 3 is 3/1 or 3/2: 2 * 2 - 1 (1/3 cannot be used twice) = 3, times 2 orders = 6.
    assert set_somewhere_probability(2, mini_deck(3), 2) == sympy.Rational(18, 24)
    assert window_set_probability(2, mini_deck(3)) == sympy.Rational(3, 4)


def test_exact_set_somewhere_matches_a_simulation():
    deck = mini_deck(5)
    exact = set_somewhere_probability(3, deck, 4)
    assert 0 < exact < 1
    assert simulate_set_somewhere(3, deck, 4, n=20_000, seed=2).contains(exact)
    either = set_somewhere_probability(3, deck, 4, either_way=True)
    assert either > exact  # the flip finds a run or match in some hands that had none as dealt
    # (seed 3 of the numpy deal lands 3.2 standard errors out, one time in about 700; seeds 0 to 19 checked)
    assert simulate_set_somewhere(3, deck, 4, n=20_000, seed=5, either_way=True).contains(either)


def test_set_somewhere_refuses_the_real_deck():
    with pytest.raises(ValueError, match="too many"):
        set_somewhere_probability(3, mini_deck(10), 11)


def test_expected_windows_and_shows_match_a_simulation():
    # linearity: E[number of 2-card sets] = 10 places * 1039/3784 for a 4-player hand
    assert expected_set_windows(2, 4) == 10 * sympy.Rational(1039, 3784)
    exact = expected_shows(4)
    assert exact == sum(expected_set_windows(k, 4) for k in range(1, 12))
    assert 13 < exact < 15
    assert simulate_shows(4, n=4_000, seed=5).contains(exact)

    def trial(rng):
        values = [c[0] for c in random_hand(rng, 4)]
        return sum(set_key(values[i:i + 2]) is not None for i in range(10))

    assert monte_carlo(trial, 4_000, 6).contains(expected_set_windows(2, 4))


def test_flipping_does_not_change_the_odds_of_a_random_hand():
    # a turned-round random hand is again a random hand: the same expected number of shows
    def flipped(rng):
        return count_shows(flip_hand(random_hand(rng, 4)))

    assert monte_carlo(flipped, 4_000, 8).contains(expected_shows(4))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 10), max_size=12))
def test_legal_shows_are_exactly_the_set_slices(values):
    shows = legal_shows(values)
    every = [(i, j) for i in range(len(values)) for j in range(i + 1, len(values) + 1) if set_key(values[i:j])]
    assert shows == every
    flipped = values[::-1]  # reading the hand backwards keeps the same sets
    assert len(legal_shows(flipped)) == len(shows)


def test_hands_per_up_sequence_by_hand():
    # cards 1/2, 1/3, 2/3. Up 1 then 3: 1 is on 1/2 or 1/3, 3 on 1/3 or 2/3, not both on 1/3: 2 * 2 - 1 = 3.
    # Up 1, 3, 1: the two 1s need 1/2 and 1/3 (2! ways to place them), so the 3 is on 2/3: 2 hands.
    tiny = mini_deck(3)
    assert hands_per_up_sequence({1: 1, 3: 1}, tiny) == 3
    assert hands_per_up_sequence({1: 2, 3: 1}, tiny) == 2
    assert hands_per_up_sequence({1: 3}, tiny) == 0  # only two cards carry a 1
    with pytest.raises(ValueError, match="up_counts"):
        hands_per_up_sequence({11: 1}, tiny)


def test_hands_per_up_sequence_agrees_with_listing_every_hand():
    deck = mini_deck(5)
    for h in (2, 3, 4):
        tally = {}
        for order in permutations(deck, h):
            for ups in product((0, 1), repeat=h):
                word = tuple(c[u] for c, u in zip(order, ups))
                tally[word] = tally.get(word, 0) + 1
        for word, hands in tally.items():
            counts = {v: word.count(v) for v in set(word)}
            assert hands_per_up_sequence(counts, deck) == hands, word


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_up_sequence_counts_add_up_to_every_hand(players):
    # no number is on 10 cards, so no hand holds a match of 10: counting hands without one counts every hand,
    # which checks the card-choice coefficients of the real decks against perm(N, h) * 2^h
    deck, h = deck_for(players), {2: 11, 3: 12, 4: 11, 5: 9}[players]
    assert _hands_without_set(10, "match", deck, h) == count_hands(players)


def test_exact_set_somewhere_by_hand():
    # cards 1/2, 1/3, 2/3, hands of 3 (48 hands): no two adjacent ups equal or next to each other only for
    # ups 1 3 1 or 3 1 3, each shown by 2 hands (see above): P(set of 2) = 1 - 4/48 = 11/12
    assert set_somewhere_exact(2, mini_deck(3), 3) == sympy.Rational(11, 12)
    assert set_somewhere_exact(2, mini_deck(3), 2) == sympy.Rational(18, 24)  # as in test_tiny_deck_by_hand
    # a hand of exactly k cards is one window: the hand-worked window values above
    assert set_somewhere_exact(2, 4, 2) == sympy.Rational(1039, 3784)
    assert set_somewhere_exact(3, 5, 3) == sympy.Rational(5040 + 2 * 8 * 702, perm(45, 3) * 8)
    assert set_somewhere_exact(1, 4) == 1 and set_somewhere_exact(1, 4, kind="run") == 0
    assert set_somewhere_exact(12, 5) == 0  # longer than the hand


@pytest.mark.parametrize("top, h", [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4)])
def test_exact_set_somewhere_agrees_with_listing_every_hand(top, h):
    deck = mini_deck(top)
    for k in (2, 3, 4):
        for kind in ("any", "match", "run"):
            assert set_somewhere_exact(k, deck, h, kind=kind) == set_somewhere_probability(k, deck, h, kind=kind)


# the exact values for the real decks (as dealt), pinned; each is also checked against a seeded simulation below
REAL_DECK = {
    (3, 2): sympy.Rational(98349903366277853, 100317803249664000),  # 0.98038
    (3, 3): sympy.Rational(37916227471390903, 157421783561011200),  # 0.24086
    (4, 2): sympy.Rational(18803168125166263393, 19592670480909926400),  # 0.95970
    (4, 3): sympy.Rational(8403052663895047, 44327308780339200),  # 0.18957
    (5, 2): sympy.Rational(316254403947767, 343008936990720),  # 0.92200
    (5, 3): sympy.Rational(15425773266499, 103942102118400),  # 0.14841
}


@pytest.mark.parametrize("players, k", sorted(REAL_DECK))
def test_exact_set_somewhere_on_the_real_decks_matches_a_simulation(players, k):
    exact = set_somewhere_exact(k, players)
    assert exact == REAL_DECK[players, k] and isinstance(exact, sympy.Rational)
    assert simulate_set_somewhere(k, players, n=10_000, seed=10 * players + k).contains(exact)
    assert set_somewhere_exact(k, 2 if players == 4 else players) == exact  # 2 players: the 4-player deck and hand


def _holds_a_set(values: list, k: int, kind: str) -> bool:
    """Whether some k adjacent up-numbers form a set of this kind (written out again here, from set_key)."""
    for i in range(len(values) - k + 1):
        key = set_key(values[i:i + k])
        if key and (kind == "any" or (key[1] == 1) == (kind == "match")):
            return True
    return False


@pytest.mark.parametrize("players", [3, 4, 5])
def test_exact_match_only_and_run_only_match_a_simulation(players):
    # one seeded deal of 20,000 hands per player count, asked all six questions (the same hands for each)
    rng = random.Random(players)
    hands = [[card[0] for card in random_hand(rng, players)] for _ in range(20_000)]
    for k in (2, 3):
        for kind in ("any", "match", "run"):
            exact = set_somewhere_exact(k, players, kind=kind)
            assert Estimate.from_values(_holds_a_set(v, k, kind) for v in hands).contains(exact), (k, kind)
            if kind != "any":
                assert exact < REAL_DECK[players, k]  # one kind alone is rarer than either
    for kind in ("any", "match", "run"):  # every set of 3 contains one of 2, so a set of 2 is likelier
        assert set_somewhere_exact(3, players, kind=kind) < set_somewhere_exact(2, players, kind=kind)


def test_bad_arguments():
    with pytest.raises(ValueError, match="at least 1"):
        window_set_probability(0, 5)
    with pytest.raises(ValueError, match="kind"):
        window_set_count(2, 5, kind="flush")
    with pytest.raises(ValueError, match="hand size"):
        expected_shows(mini_deck(4))
    assert random_hand(random.Random(1), 5) != random_hand(random.Random(2), 5)
    with pytest.raises(ValueError, match="kind"):
        set_somewhere_exact(2, 5, kind="flush")
    with pytest.raises(ValueError, match="a hand holds"):
        set_somewhere_exact(2, mini_deck(4), 7)
    with pytest.raises(ValueError, match="hand size"):
        set_somewhere_exact(2, mini_deck(4))
    with pytest.raises(ValueError, match="too many to count"):
        set_somewhere_exact(2, 5, 30)


# --- the numpy simulators (simulate_set_somewhere, simulate_shows) against the rules and the exact values ---------

def _z_scores(up, players: int) -> list[float]:
    """How many standard errors the simulated shares (sets of 2 and 3 somewhere, of each kind) and the mean number
    of shows of these dealt hands lie from the exact values."""
    import numpy as np

    from circuslib.scout.odds import _count_open_shows, _rows_with_set

    n = len(up)
    scores = []
    for k in (2, 3):
        for kind in ("any", "match", "run"):
            p = float(set_somewhere_exact(k, players, up.shape[1], kind=kind))  # read from the shipped table
            scores.append((_rows_with_set(up, k, kind).mean() - p) / (p * (1 - p) / n) ** 0.5)
    shows = _count_open_shows(up)
    scores.append((shows.mean() - float(expected_shows(players))) / (np.std(shows, ddof=1) / n ** 0.5))
    return scores


def test_the_numpy_hands_are_judged_as_the_rules_judge_them():
    # the same hands, judged twice: the vectorised set test and show count agree with _has_set and count_shows
    from circuslib.scout.odds import _count_open_shows, _deal_hands, _has_set, _numpy_rng, _rows_with_set

    for players in (3, 5):
        up, down = _deal_hands(deck_for(players), 9, 1_500, _numpy_rng(players))
        rows = [[int(v) for v in row] for row in up]
        assert _count_open_shows(up).tolist() == [count_shows(row) for row in rows]
        for k in (1, 2, 3, 4):
            for kind in ("any", "match", "run"):
                assert _rows_with_set(up, k, kind).tolist() == [_has_set(row, k, kind) for row in rows]
        # each place holds a card of the deck, the down number its other end, and no card twice in a hand
        for row_up, row_down in zip(up.tolist(), down.tolist()):
            cards = [tuple(sorted(card)) for card in zip(row_up, row_down)]
            assert set(cards) <= set(deck_for(players)) and len(set(cards)) == len(cards)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_numpy_deal_follows_the_exact_chances(players):
    # 50,000 seeded hands: six exact chances and the exact mean number of shows, each within 4 standard errors
    from circuslib.scout.odds import _deal_hands, _numpy_rng
    from circuslib.scout.rules import HAND_SIZE

    up, _ = _deal_hands(deck_for(players), HAND_SIZE[players], 50_000, _numpy_rng(100 + players))
    assert max(map(abs, _z_scores(up, players))) < 4


def test_a_wrong_deal_fails_the_same_test():
    # the same test, on deals with a deliberate mistake: cards dealt with replacement, or always the small number up
    import numpy as np

    rng = np.random.default_rng(8)
    deck, n = np.array(deck_for(4)), 50_000
    with_replacement = deck[rng.integers(0, len(deck), (n, 11)), rng.integers(0, 2, (n, 11))]
    small_up = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :11], 0]
    for wrong in (with_replacement, small_up):
        assert max(map(abs, _z_scores(wrong, 4))) > 6


def test_the_numpy_deal_agrees_with_random_hand():
    # two samples of 20,000 hands, one dealt by random_hand (one at a time), one by numpy: the shares of a set of 3
    # somewhere and the mean numbers of shows agree within 4 standard errors of their difference
    from circuslib.scout.odds import _has_set

    rng = random.Random(12)
    by_rules = [[card[0] for card in random_hand(rng, 4)] for _ in range(20_000)]
    sets = Estimate.from_values(_has_set(values, 3, "any") for values in by_rules)
    shows = Estimate.from_values(count_shows(values) for values in by_rules)
    fast = simulate_set_somewhere(3, 4, n=20_000, seed=12), simulate_shows(4, n=20_000, seed=12)
    for one, other in zip((sets, shows), fast):
        assert abs(one.mean - other.mean) < 4 * (one.stderr ** 2 + other.stderr ** 2) ** 0.5


def test_the_simulators_are_seeded():
    assert simulate_set_somewhere(3, 4, n=500, seed=8).mean == simulate_set_somewhere(3, 4, n=500, seed=8).mean
    with pytest.raises(TypeError, match="whole-number seed"):
        simulate_set_somewhere(3, 4, n=500, seed="a")  # as monte_carlo refuses it
    assert simulate_shows(4, n=500, seed=3).values == simulate_shows(4, n=500, seed=3).values
    assert simulate_shows(4, n=500, seed=3).values != simulate_shows(4, n=500, seed=4).values
