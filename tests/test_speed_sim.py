"""Speed's fast simulations (in ``bots``) and the lesson's shipped runs: the numpy deals follow the game's chance
model (and a wrong model is caught), and the shipped tournaments are the rounds the kit's bots play, read instead of
played again."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import circuslib.speed.bots as bots_module
from circuslib.core.shipped import entry
from circuslib.core.sim import tally
from circuslib.speed.bots import (
    LESSON_MATCHES,
    LESSON_ROUNDS,
    RATIO_GRID,
    fast_round,
    match_winners,
    play_match,
    round_winners,
    simulate_stalemates,
    simulated_matches,
    stalemate_deals,
    win_rate,
    win_rate_curve,
)
from circuslib.speed.odds import stalemate_odds
from circuslib.speed.rules import CRAPETTE, ONE_DECK, TWO_DECKS, deal

# chi-square critical values at the 0.1% level, by degrees of freedom: a correct model fails one time in 1,000
CHI2_999 = {2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52}


def _playable_counts(tops, hands) -> np.ndarray:
    """How many face-up cards of both players fit a centre top, deal by deal."""
    cards = np.concatenate(hands, axis=1).astype(np.int16)
    gap = (cards[:, :, None] - tops[:, None, :]) % 13
    return ((gap == 1) | (gap == 12)).any(axis=2).sum(axis=1)


def _equal_pairs(tops, hands) -> np.ndarray:
    """How many pairs of the dealt cards (tops and face-up cards) share a rank, deal by deal: drawing without
    replacement from a deck makes such pairs rarer than an endless shoe would (3/51 against 1/13 a pair)."""
    cards = np.concatenate([tops] + list(hands), axis=1)
    per_rank = np.stack([(cards == r).sum(axis=1) for r in range(1, 14)], axis=1)
    return (per_rank * (per_rank - 1) // 2).sum(axis=1)


def _statistics(tops, hands) -> tuple[Counter, Counter]:
    """The two counts compared: playable face-up cards (0..4+), pairs of equal ranks (0..5+)."""
    return _binned(_playable_counts(tops, hands).tolist(), 4), _binned(_equal_pairs(tops, hands).tolist(), 5)


def _agree(a, b) -> bool:
    """Both statistics pass a two-sample chi-square test at the 0.1% level."""
    return (_chi_square(a[0], b[0], range(5)) < CHI2_999[4]) and (_chi_square(a[1], b[1], range(6)) < CHI2_999[5])


def _engine_deals(setup, n: int, seed: int):
    """n deals by the rules engine (``deal``: its own chance steps), as numpy arrays like ``stalemate_deals``."""
    rng = random.Random(seed)
    states = [deal(setup, rng) for _ in range(n)]
    tops = np.array([s.tops() for s in states], dtype=np.int8)
    return tops, tuple(np.array([s.face_up(p) for s in states], dtype=np.int8) for p in (0, 1))


def _chi_square(a: Counter, b: Counter, bins) -> float:
    """Two-sample chi-square statistic of two samples counted in the same bins."""
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for k in bins:
        total = a[k] + b[k]
        for count, n in ((a[k], na), (b[k], nb)):
            expected = total * n / (na + nb)
            stat += (count - expected) ** 2 / expected
    return stat


def _binned(values, top: int) -> Counter:
    return Counter(min(int(v), top) for v in values)


def _wrong_model(setup, n: int, seed: int):
    """A deliberately wrong model: every card drawn with replacement (as if from an endless shoe)."""
    rng = np.random.default_rng(seed)
    k = setup.face_up
    tops = rng.integers(1, 14, size=(n, 2), dtype=np.int8)
    return tops, (rng.integers(1, 14, size=(n, k), dtype=np.int8), rng.integers(1, 14, size=(n, k), dtype=np.int8))


def _within(share: float, p: float, n: int, z: float = 4.0) -> bool:
    return abs(share - p) <= z * (p * (1 - p) / n) ** 0.5


@pytest.mark.parametrize("setup", [ONE_DECK, TWO_DECKS, CRAPETTE], ids=["one deck", "two decks", "crapette"])
def test_numpy_deals_give_the_exact_stalemate_odds(setup):
    estimate = simulate_stalemates(setup, 200_000, seed=7)
    assert _within(estimate.mean, float(stalemate_odds(setup)), 200_000)


ENGINE_DEALS, FAST_DEALS = 1500, 20_000  # the sizes of the agreement test, and of the wrong model's test


@pytest.mark.parametrize("setup", [ONE_DECK, TWO_DECKS, CRAPETTE], ids=["one deck", "two decks", "crapette"])
def test_numpy_deals_and_the_game_s_own_deals_agree_in_distribution(setup):
    # the rules engine's deal (its chance steps) against numpy's shuffled decks, at fixed seeds
    engine = _statistics(*_engine_deals(setup, ENGINE_DEALS, 11))
    fast = _statistics(*stalemate_deals(setup, FAST_DEALS, 11))
    assert _agree(engine, fast)


@pytest.mark.parametrize("setup", [ONE_DECK, TWO_DECKS], ids=["one deck", "two decks"])
def test_a_wrong_model_fails_the_same_checks(setup):
    # an endless shoe (cards drawn with replacement) is told apart by the same test at the same sizes ...
    for seed in range(3):
        right = _statistics(*stalemate_deals(setup, ENGINE_DEALS, seed))  # standing in for the engine
        assert not _agree(right, _statistics(*_wrong_model(setup, FAST_DEALS, seed + 100)))
    # ... and by the exact odds
    tops, hands = _wrong_model(ONE_DECK, 200_000, 7)
    share = float((_playable_counts(tops, hands) == 0).mean())
    assert not _within(share, float(stalemate_odds(ONE_DECK)), 200_000)  # about 0.080, not 0.057


def test_crapette_rounds_end_when_a_player_sheds_the_15_and_ties_are_rare():
    # a player's 15 heap cards are all their cards: the winner shed all 15, the loser scores nothing and the
    # winner scores what the loser still holds (1 to 15). A tie needs both to shed their last card at the same
    # stalemate flip: 41 of 400 seeded rounds between first-card bots (it was 214 of 400 while each player
    # also had a pile of 10 to play on with)
    rounds = [fast_round(CRAPETTE, random.Random(seed)) for seed in range(200)]
    counted = Counter(round_winners(CRAPETTE, ("first", "first"), 1, 400, 1))
    assert counted["tie"] == 41 and counted[0] + counted[1] == 359
    for r in rounds:
        assert sum(map(len, r.final.slots[0] + r.final.slots[1])) == r.final.cards_left(0) + r.final.cards_left(1)
        if r.winner == "tie":
            assert r.scores == (0, 0) and r.final.cards_left(0) == r.final.cards_left(1) == 0
        else:
            assert r.final.cards_left(r.winner) == 0 and 1 <= max(r.scores) <= 15
            assert max(r.scores) == r.final.cards_left(1 - r.winner)


def test_simulate_stalemates_is_seeded_and_keeps_its_values():
    a, b = simulate_stalemates(ONE_DECK, 500, 3), simulate_stalemates(ONE_DECK, 500, 3)
    assert a.mean == b.mean and len(a.values) == 500 and a.mean != simulate_stalemates(ONE_DECK, 500, 4).mean
    with pytest.raises(TypeError):
        simulate_stalemates(ONE_DECK, 10, seed=random.Random(1))
    with pytest.raises(ValueError):
        simulate_stalemates(ONE_DECK, 0, 1)


def test_a_million_deals_are_refused_before_any_is_dealt():
    """make fuzz timed simulate_stalemates(TWO_DECKS, 10**6) at 5 to 10 s: more than MOST_DEALS is refused at once."""
    import time

    from circuslib.speed.bots import MOST_DEALS

    began = time.perf_counter()
    with pytest.raises(ValueError, match="from 1 to 200000, not 1000000"):
        simulate_stalemates(TWO_DECKS, 10 ** 6, 2)
    assert time.perf_counter() - began < 0.5
    assert MOST_DEALS == 200_000 and len(simulate_stalemates(ONE_DECK, MOST_DEALS, 1).values) == MOST_DEALS


# ---------------------------------------------------------------------------------------------------------
# the shipped tournaments (tests/test_shipped.py plays every shipped run again and compares it round for round)

def test_the_lesson_s_runs_are_shipped_whole():
    rounds, matches = entry(round_winners), entry(match_winners)
    assert rounds.path.name == "round_winners.json" and matches.path.name == "match_winners.json"
    assert len(rounds.table()) == len(LESSON_ROUNDS) == 14 and len(matches.table()) == len(LESSON_MATCHES) == 7
    assert sorted(map(len, rounds.table().values())) == [400] * 10 + [2000] * 4
    assert set(map(len, matches.table().values())) == {100}
    assert set("".join(rounds.table().values())) <= set("01t") and set("".join(matches.table().values())) <= set("01n")


def test_a_shipped_run_is_what_the_bots_play_and_is_read_not_played(monkeypatch):
    played = round_winners.__wrapped__(ONE_DECK, ("first", "first"), Fraction(2), 400, 13)
    assert round_winners(ONE_DECK, ("first", "first"), 2, 400, 13) == played  # 2 and Fraction(2): one run
    assert win_rate(2, 400, seed=13, setup=ONE_DECK) == tally(
        lambda rng: fast_round(ONE_DECK, rng, ("first", "first"), (2, 1)).winner, 400, 13)
    matches = match_winners.__wrapped__(ONE_DECK, 3, Fraction(1, 2), 100, 17)
    assert match_winners("one deck", 3, Fraction(1, 2), 100, 17) == matches

    def no_playing(*args, **kwargs):
        raise AssertionError("a shipped run was played again")

    monkeypatch.setattr(bots_module, "fast_round", no_playing)
    monkeypatch.setattr(bots_module, "play_match", no_playing)
    assert win_rate(2, 400, seed=13, setup=ONE_DECK).counts[0] == played.count(0)
    assert win_rate(Fraction(1, 4), 150, seed=10, setup=ONE_DECK).n == 150  # a shorter run is its beginning
    assert len(match_winners("one deck", 3, 8, 30, 17)) == 30 and simulated_matches("one deck", 3, 4, 100, 17).n == 100


def test_win_rate_reads_the_shipped_run_and_a_shorter_run_is_its_beginning():
    shipped = win_rate(2, 400, seed=13, setup=ONE_DECK)
    live = tally(lambda rng: fast_round(ONE_DECK, rng, ("first", "first"), (2, 1)).winner, 150, 13)
    assert win_rate(2, 150, seed=13, setup=ONE_DECK) == live  # the first 150 shipped rounds, played now
    assert shipped.n == 400 and shipped.counts[0] >= live.counts[0]
    rows = win_rate_curve([Fraction(1, 4), 1], 400, seed=10, setup=ONE_DECK)
    assert rows[0][1] == win_rate(Fraction(1, 4), 400, seed=10, setup=ONE_DECK).share(0)
    # more rounds than shipped, or another set-up: played now
    assert round_winners(ONE_DECK, ("first", "first"), 2, 401, 13)[:400] == round_winners(
        ONE_DECK, ("first", "first"), 2, 400, 13)
    assert len(round_winners(TWO_DECKS, ("first", "first"), 2, 10, 13)) == 10


def test_the_race_explorer_s_matches_are_read_and_kept():
    assert simulated_matches("one deck", 3, 2, 100, 17) == simulated_matches(ONE_DECK, 3, Fraction(2), 100, 17)
    assert simulated_matches("one deck", 3, 2, 100, 17) is simulated_matches("one deck", 3, 2, 100, 17)
    assert simulated_matches("one deck", 3, 2, 30, 17).n == 30
    # the seed recipe of the lesson's matches: one generator per setting, named by the set-up's name
    import zlib

    rng = __import__("random").Random(zlib.crc32(b"one deck|3|2|17"))
    first = play_match(ONE_DECK, rng, ("first", "first"), (Fraction(2), Fraction(1)), 3).winner()
    assert match_winners("one deck", 3, 2, 1, 17) == (first,)
    assert set(RATIO_GRID) == {ratio for _, _, ratio, _, _ in LESSON_MATCHES}
