"""Simulations judged for real: the check's n tells the right game from each neighbouring one with 99% power, a
real wrong simulation of each neighbouring model is refused with its hint, the right one passes on the check's
seeds, each fault of an interval gets its own message, and a run that draws from the global generators is refused."""
from __future__ import annotations

import importlib.util
import json
import math
import random
import statistics
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from circuslib.core.sim import monte_carlo
from circuslib.core.teach import (
    CORRECT_MARK,
    WrongAnswer,
    check_simulation,
    replays,
    simulation_power,
    simulation_runs,
)
from circuslib.core.tutor import shipped_entry, shipped_simulation

ROOT = Path(__file__).resolve().parent.parent


def _teacher(group: str) -> ModuleType:
    """solutions/tutor/<group>_sims.py, loaded by its path (the teacher's side is never installed)."""
    name = f"_teacher_{group}_sims"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "solutions" / "tutor" / f"{group}_sims.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _refused(check, simulate) -> str:
    with pytest.raises(WrongAnswer) as caught:
        check(simulate)
    return str(caught.value)


# ---------------------------------------------------------------------------------------------------------
# the power of the check

def test_the_runs_needed_for_99_percent_power_by_hand():
    # 0.5 against 0.6: sigma = 0.5 (the larger), half the gap 0.05; n = (2.3263 x 0.5 / 0.05)^2 / 2 = 270.6 a seed
    assert simulation_runs(0.5, 0.5, [(0.6, "the other coin")]) == 271
    assert simulation_power(271, 0.5, 0.5, [(0.6, "the other coin")]) >= 0.99 > simulation_power(
        270, 0.5, 0.5, [(0.6, "the other coin")])
    # Phi(0.05 x sqrt(2 x 200) / 0.5) = Phi(2) = 0.97725
    assert simulation_power(200, 0.5, 0.5, [(0.6, "x")]) == pytest.approx(0.97725, abs=1e-5)
    with pytest.raises(ValueError, match="gives the right value"):
        simulation_runs(0.5, 0.5, [(0.5, "the same coin")])


EXERCISES = {"pig": "stop_at_15_simulation", "pcv": "duel_simulation", "speed": "win_rate_simulation",
             "flip7": "bot_against_stop_at", "scout": "measure_greedy", "flip_circus": "measure_a_match"}


def _runs(group: str) -> int:
    from circuslib.flip7 import checks as flip7
    from circuslib.flip_circus import checks as flip_circus
    from circuslib.pcv import checks as pcv
    from circuslib.pig import checks as pig
    from circuslib.scout import checks as scout
    from circuslib.speed import checks as speed

    return {"pig": pig.STOP_RUNS, "pcv": pcv.DUEL_RUNS, "speed": speed.SIMULATION_RUNS, "flip7": flip7.GAMES,
            "scout": scout.SIM_GAMES, "flip_circus": flip_circus.MEASURE_GAMES}[group]


@pytest.mark.parametrize("group", ["pig", "pcv", "speed", "flip7", "scout"])
def test_each_check_tells_every_neighbour_with_99_percent_power(group):
    model = _teacher(group).SIMULATIONS[EXERCISES[group]]
    reference, spread = float(model.value), float(model.spread)
    assert model.neighbours
    assert simulation_power(_runs(group), reference, spread, model.neighbours) >= 0.99
    assert _runs(group) >= simulation_runs(reference, spread, model.neighbours)


@pytest.mark.parametrize("group", sorted(EXERCISES))
def test_the_shipped_simulation_is_the_teachers_and_masked(group):
    model = _teacher(group).SIMULATIONS[EXERCISES[group]]
    entry = shipped_entry(f"circuslib.{group}", EXERCISES[group])
    shipped = shipped_simulation(f"circuslib.{group}", EXERCISES[group])
    assert entry is not None and shipped is not None
    assert shipped.value == float(model.value) and shipped.spread == float(model.spread)
    assert [(nb.value, nb.hint, nb.spread) for nb in shipped.neighbours] == [
        (float(nb.value), nb.hint, None if nb.spread is None else float(nb.spread)) for nb in model.neighbours]
    text = json.dumps(entry)
    for value in [model.value] + [nb.value for nb in model.neighbours]:
        assert f"{float(value):.4f}" not in text and f"{float(value):.3f}" not in text  # no decimal of it


def test_the_exact_neighbours_by_hand():
    pcv = _teacher("pcv")
    assert pcv.red_wins() == Fraction(279, 500)
    # at 3 hexes only a 6 hits, and a 6 destroys: Red wins in a round with 1/6, the round goes on with 25/36
    assert pcv.red_wins(hexes=3) == Fraction(1, 6) / (1 - Fraction(25, 36)) == Fraction(6, 11)
    assert pcv.red_wins(blue_fires=False) == 1
    pig = _teacher("pig")
    # stop at 2: one roll; a 1 gives 0, 2..6 give themselves: mean 20/6
    assert pig.turn_points(stop=2).mean() == Fraction(20, 6)
    # stop at 3: 3..6 stop at once (18/6); a 2 rolls again, then a 1 gives 0 (or keeps the 2), 2..6 give 4..8
    assert pig.turn_points(stop=3).mean() == 3 + Fraction(1, 6) * Fraction(30, 6) == Fraction(23, 6)
    assert pig.turn_points(stop=3, wipe=False).mean() == 3 + Fraction(1, 6) * Fraction(32, 6) == Fraction(35, 9)
    assert pig.turn_points(stop=2, scored_only=True).mean() == 4


# ---------------------------------------------------------------------------------------------------------
# the warm-up: turns that stop at 15, and the turns students simulate instead

def _turns(n, seed, *, stop=15, high=6, wipe=True, scored_only=False):
    rng = random.Random(seed)
    points = []
    for _ in range(n):
        total = 0
        while total < stop:
            face = rng.randint(1, high)
            if face == 1:
                total = 0 if wipe else total
                break
            total += face
        points.append(total)
    if scored_only:
        points = [p for p in points if p] or [0, 0]
    mean = statistics.fmean(points)
    half = 1.96 * statistics.stdev(points) / math.sqrt(n)
    return mean, (mean - half, mean + half)


@pytest.mark.parametrize("slip, hint", [
    ({"stop": 20}, "stop at 20"),
    ({"stop": 16}, "go on at exactly 15"),
    ({"high": 5}, "never shows a 6"),
    ({"wipe": False}, "keeps their points"),
    ({"scored_only": True}, "only the turns that scored"),
])
def test_the_warm_up_refuses_each_neighbouring_turn(slip, hint):
    from circuslib.pig.checks import check

    assert hint in _refused(check.stop_at_15_simulation, lambda n, seed: _turns(n, seed, **slip))


def test_the_warm_up_passes_the_right_turns():
    from circuslib.pig.checks import check

    assert check.stop_at_15_simulation(_turns).startswith(CORRECT_MARK)


# ---------------------------------------------------------------------------------------------------------
# the duel at 2 hexes, and the duels students simulate instead

def _duel(*, hit=5, blue_first=False, damaged_dies=True, every_hit_destroys=False, count_red=True):
    def shot(rng, target):
        face = rng.randint(1, 6)
        if face < hit:
            return target
        if face == 6 or every_hit_destroys or (target == "D" and damaged_dies):
            return "X"
        return "D"

    def one_duel(rng):
        planes = {"R": "I", "B": "I"}
        while True:
            for shooter in ("BR" if blue_first else "RB"):
                target = "B" if shooter == "R" else "R"
                planes[target] = shot(rng, planes[target])
                if planes[target] == "X":
                    return (shooter == "R") == count_red

    def simulate(n, seed):
        estimate = monte_carlo(one_duel, n, seed, keep=False, show_progress=False)
        return estimate.mean, estimate.ci95
    return simulate


@pytest.mark.parametrize("slip, hint", [
    ({"blue_first": True}, "Blue fires first"),
    ({"damaged_dies": False}, "dies only to a 6"),
    ({"hit": 4}, "a duel at 1 hex"),
    ({"hit": 6}, "a duel at 3 hexes"),
    ({"every_hit_destroys": True}, "any hit destroys"),
    ({"count_red": False}, "Blue's chance"),
])
def test_the_duel_refuses_each_neighbouring_duel(slip, hint):
    from circuslib.pcv.checks import check

    assert hint in _refused(check.duel_simulation, _duel(**slip))


def test_two_slips_with_the_same_long_run_value_are_both_named():
    from circuslib.pcv.checks import check

    message = _refused(check.duel_simulation, _duel(hit=6))
    assert "dies only to a 6" in message and "a duel at 3 hexes" in message


def test_the_duel_passes_the_right_duel():
    from circuslib.pcv.checks import check

    assert check.duel_simulation(_duel()).startswith(CORRECT_MARK)


# ---------------------------------------------------------------------------------------------------------
# Speed's rounds, Flip 7's games, Scout's games

def _rounds(*, setup=None, rates=(3, 2), seat=0):
    from circuslib.speed.bots import fast_round
    from circuslib.speed.rules import ONE_DECK

    def simulate(n, seed):
        rng = random.Random(seed)
        wins = sum(fast_round(setup or ONE_DECK, rng, ("first", "first"), rates).winner == seat for _ in range(n))
        share = wins / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)
    return simulate


@pytest.mark.parametrize("slip, hint", [
    ({"seat": 1}, "the slower player's share"),
    ({"rates": (2, 3)}, "the rates the other way round"),
    ({"setup": "two decks"}, "dealt from two decks"),
    ({"rates": (1, 1)}, "react equally fast"),
])
def test_speed_refuses_each_neighbouring_round(slip, hint):
    from circuslib.speed.checks import check
    from circuslib.speed.rules import TWO_DECKS

    if slip.get("setup") == "two decks":
        slip = {"setup": TWO_DECKS}
    assert hint in _refused(check.win_rate_simulation, _rounds(**slip))


def test_speed_passes_the_right_rounds():
    from circuslib.speed.checks import check

    assert check.win_rate_simulation(_rounds()).startswith(CORRECT_MARK)


def test_flip7_refuses_the_other_seat_and_passes_the_right_games():
    from circuslib.flip7.checks import check

    def simulate(n, seed, seat=0):
        share = _teacher("flip7").play(n, seed).count(seat) / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    assert "share of 'stop at 18'" in _refused(check.bot_against_stop_at, lambda n, seed: simulate(n, seed, 1))
    assert check.bot_against_stop_at(simulate).startswith(CORRECT_MARK)


@pytest.mark.parametrize("slip, hint", [
    ({"rotate": False}, "player 0 starts every one"),
    ({"greedy_seat": 1}, "the games of a random bot"),
    ({}, None),
])
def test_scout_refuses_each_neighbouring_game_and_passes_the_right_one(slip, hint):
    # (whole games of three rounds, a neighbour too, run three times as long: past the check's time limit here)
    from circuslib.scout.bots import greedy_bot, play_game, random_bot
    from circuslib.scout.checks import check
    from circuslib.scout.rules import ScoutOptions, new_game

    def simulate(n, seed, rotate=True, rounds=1, greedy_seat=0):
        rng = random.Random(seed)
        seats = [random_bot] * 3
        seats[greedy_seat] = greedy_bot
        wins = 0
        for i in range(n):
            options = ScoutOptions(rounds=rounds, first=i % 3 if rotate else 0)
            final = play_game(new_game(options, players=3), seats, rng)
            wins += final.totals[0] > max(final.totals[1:])
        share = wins / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    def slipped(n, seed):
        return simulate(n, seed, **slip)

    if hint is None:
        assert check.measure_greedy(slipped).startswith(CORRECT_MARK)
    else:
        assert hint in _refused(check.measure_greedy, slipped)


# ---------------------------------------------------------------------------------------------------------
# the interval: each fault named, found from the student's own returns

P = 0.3
SPREAD = math.sqrt(P * (1 - P))


def _coin(half_width=lambda s, n: 1.96 * s / math.sqrt(n), *, scale=1.0, estimate_of=None):
    def simulate(n, seed):
        rng = random.Random(seed)
        wins = sum(rng.random() < P for _ in range(n))
        share = wins / n
        half = half_width(math.sqrt(share * (1 - share)), n)
        value = estimate_of(wins, n) if estimate_of else share * scale
        return value, (value - half * scale, value + half * scale)
    return simulate


def _judge(simulate, **options):
    return check_simulation(simulate, reference=P, spread=SPREAD, n=3000, unit="games", **options)


def _message(simulate, **options) -> str:
    with pytest.raises(WrongAnswer) as caught:
        _judge(simulate, **options)
    return str(caught.value)


def test_the_right_interval_passes_and_so_do_a_wilson_interval_and_2_for_196():
    assert _judge(_coin()).startswith(CORRECT_MARK)
    assert _judge(_coin(lambda s, n: 2 * s / math.sqrt(n))).startswith(CORRECT_MARK)


@pytest.mark.parametrize("half_width, says", [
    (lambda s, n: 1.645 * s / math.sqrt(n), "that is a 90% interval"),
    (lambda s, n: 2.576 * s / math.sqrt(n), "that is a 99% interval"),
    (lambda s, n: s / math.sqrt(n), "one standard error on each side"),
    (lambda s, n: 1.96 * s * s / math.sqrt(n), "the variance where the standard deviation belongs"),
    (lambda s, n: 1.96 * s / n, "divided the standard deviation by n"),
    (lambda s, n: 1.96 * s, "does not shrink as n grows"),
])
def test_each_fault_of_the_interval_gets_its_own_message(half_width, says):
    message = _message(_coin(half_width))
    assert says in message
    others = ["90%", "99%", "one standard error", "variance", "by n:", "does not shrink"]
    assert sum(other in message for other in others) == 1, message


def test_a_percentage_and_a_count_are_named():
    assert "a percentage" in _message(_coin(scale=100))
    assert "a count of games, not a share" in _message(_coin(estimate_of=lambda wins, n: wins))


def test_the_same_seed_in_every_run_is_named():
    def simulate(n, seed):
        wins = 0
        for _ in range(n):
            rng = random.Random(seed)  # made again in every run: every run is the same game
            wins += rng.random() < P
        share = wins / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    assert "the same seed in every run" in _message(simulate)


def test_a_generator_made_again_for_every_game_is_named_when_the_dealer_alternates():
    # two games played over and over (the dealer alternating): the estimate is the same at every even n
    def simulate(n, seed):
        wins = 0
        for i in range(n):
            rng = random.Random(seed)
            wins += rng.random() < (0.1 if i % 2 else 0.5)
        share = wins / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    message = _message(simulate)
    assert "plays the same games over and over: the same seed in every run" in message
    assert not replays(lambda size, seed: (_coin()(size, seed)[0], 0.0, 0.0), (1, 2, 3))
    # numbers made up from the seed alone: the same at every n, their interval too; no simulation replayed
    assert not replays(lambda size, seed: (0.6 + seed / 1000, 0.58 + seed / 1000, 0.62 + seed / 1000), (1, 2, 3))


def _wilson(wins, n, z=1.96):
    share = wins / n
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return share, (centre - half, centre + half)  # at a sweep its end may miss 0 or 1 by a hair in floats


def test_the_same_seed_in_every_run_is_named_under_wilsons_interval_too():
    def simulate(n, seed):
        wins = 0
        for _ in range(n):
            rng = random.Random(seed)  # every run the same game: all won or all lost, and Wilson's has a width
            wins += rng.random() < P
        return _wilson(wins, n)

    assert _wilson(3000, 3000)[1][0] < 0.999  # a sweep, yet an interval with a width
    assert "the same seed in every run" in _message(simulate)


def test_a_wilson_interval_passes():
    def simulate(n, seed):
        rng = random.Random(seed)
        return _wilson(sum(rng.random() < P for _ in range(n)), n)

    assert _judge(simulate).startswith(CORRECT_MARK)


def test_a_simulation_that_never_wins_is_told_so():
    def never(n, seed):
        rng = random.Random(seed)
        wins = sum(rng.random() < 0 for _ in range(n))  # a win that can never happen
        return wins / n, (wins / n, wins / n)

    assert "counts no win at all in its games" in _message(never)


# ---------------------------------------------------------------------------------------------------------
# draw from rng

def test_a_run_that_draws_from_the_global_generators_is_refused_and_the_generators_are_put_back():
    def unseeded(n, seed):
        wins = sum(random.random() < P for _ in range(n))
        share = wins / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    def numpy_global(n, seed):
        share = float((np.random.random(n) < P).mean())
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    state, numpy_state = random.getstate(), np.random.get_state()
    for simulate in (unseeded, numpy_global):
        assert "draw from rng, so that your run can be repeated" in _message(simulate)
    assert random.getstate() == state
    assert all(np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
               for a, b in zip(np.random.get_state(), numpy_state))
