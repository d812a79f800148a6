"""Exact PCV odds against hand-worked values, and against seeded simulations of the real rules."""
from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from sympy import Rational as R

from circuslib.core.game import CHANCE, sample_outcome
from circuslib.core.sim import monte_carlo, tally, wilson_interval
from circuslib.pcv.odds import (
    after_shots,
    damage_chain,
    destroy_after_formula,
    destroy_chances,
    destroy_probability,
    expected_shots,
    expected_shots_formula,
    firing_lines,
    hit_probability,
    n,
    odds_table,
    p,
    q,
    shot_odds,
)
from circuslib.pcv.rules import Board, Fire, Manoeuvre, Pick, Plane, Scenario, SpeedChange

# Hand computation of one shot at an intact target (effective range e = hexes + |levels apart|):
#   e = 1: hit on 4,5,6 -> p = 3/6 = 1/2; a 6 destroys (1/6), 4-5 damage (2/6 = 1/3), miss 1/2
#   e = 2: hit on 5,6   -> p = 1/3; destroy 1/6, damage (5) 1/6, miss 2/3
#   e = 3: hit on 6     -> p = 1/6; destroy 1/6, damage 0, miss 5/6
ONE_SHOT = {1: (R(1, 2), R(1, 3), R(1, 6)), 2: (R(2, 3), R(1, 6), R(1, 6)), 3: (R(5, 6), 0, R(1, 6))}


@pytest.mark.parametrize("hexes, alt_diff, effective", [
    (1, 0, 1), (2, 0, 2), (3, 0, 3), (1, 1, 2), (1, -1, 2), (2, 1, 3), (2, -1, 3),
])
def test_shot_odds_for_every_range_and_altitude_case(hexes, alt_diff, effective):
    odds = shot_odds(hexes, alt_diff)
    assert (odds["miss"], odds["damage"], odds["destroy"]) == ONE_SHOT[effective]
    assert sum(odds.values()) == 1 and all(isinstance(v, sympy.Rational) for v in odds.values())
    assert hit_probability(hexes, alt_diff) == 1 - ONE_SHOT[effective][0]


@pytest.mark.parametrize("hexes, alt_diff", [(4, 0), (9, 0), (3, 1), (3, -1), (1, 2), (2, -3), (1, 5)])
def test_out_of_reach_is_a_certain_miss(hexes, alt_diff):
    assert shot_odds(hexes, alt_diff) == {"miss": 1, "damage": 0, "destroy": 0}
    assert destroy_probability(10, hexes, alt_diff) == 0
    assert expected_shots(hexes, alt_diff) == sympy.oo


@pytest.mark.parametrize("args, error, message", [
    ((0, 0), ValueError, "at least 1 hex ahead"), ((-2, 0), ValueError, "at least 1 hex ahead"),
    ((1, 6), ValueError, "at most 5 levels apart"), ((1.5, 0), TypeError, "whole number"),
    ((True, 0), TypeError, "whole number"), ((1, "up"), TypeError, "whole number"),
])
def test_impossible_shots_are_refused(args, error, message):
    with pytest.raises(error, match=message):
        shot_odds(*args)


def test_destroy_probability_by_hand():
    # range 1, two shots: survive if both miss (1/4) or exactly one damages and the other misses
    # (2 * 1/3 * 1/2 = 1/3): 1 - 1/4 - 1/3 = 5/12
    assert destroy_probability(2, 1) == R(5, 12)
    # range 3 (only sixes): 1 - (5/6)^2 = 11/36
    assert destroy_probability(2, 3) == R(11, 36)
    # range 2, three shots: 1 - (2/3)^3 - 3 * (1/6) * (2/3)^2 = 1 - 8/27 - 6/27 = 13/27
    assert destroy_probability(3, 2) == R(13, 27)
    # damaged target, range 1, one shot: any hit (1/2); two shots: 1 - 1/4 = 3/4
    assert destroy_probability(1, 1, damaged=True) == R(1, 2)
    assert destroy_probability(2, 1, damaged=True) == R(3, 4)
    assert destroy_probability(0, 1) == 0 and destroy_probability(1, 1) == R(1, 6)
    with pytest.raises(ValueError, match="negative"):
        destroy_probability(-1, 1)


def test_the_chain_agrees_with_the_closed_form_for_many_shots():
    for hexes, alt in ((1, 0), (2, 0), (3, 0), (1, 1)):
        chain = damage_chain(hexes, alt)
        for shots in (1, 2, 5, 12):
            after = chain.distribution_after("intact", shots)
            assert Fraction(destroy_probability(shots, hexes, alt)) == after["destroyed"]


def test_expected_shots_by_hand():
    # E_damaged = 1/p; E_intact = 1 + (1-p) E_intact + (p-q) E_damaged  ->  E_intact = (2p - q)/p^2
    # range 1: (1 - 1/6) / (1/4) = 10/3; range 2: (2/3 - 1/6) / (1/9) = 9/2; range 3: (1/6)/(1/36) = 6
    assert [expected_shots(h) for h in (1, 2, 3)] == [R(10, 3), R(9, 2), 6]
    assert expected_shots(1, 1) == R(9, 2) and expected_shots(1, damaged=True) == 2


def test_the_formulas_in_p_and_q():
    assert sympy.simplify(expected_shots_formula() - (2 * p - q) / p ** 2) == 0
    assert sympy.simplify(expected_shots_formula(damaged=True) - 1 / p) == 0
    hand = 1 - (1 - p) ** n - n * (p - q) * (1 - p) ** (n - 1)
    assert sympy.simplify(destroy_after_formula() - hand) == 0
    # evaluated at range 2 with 3 shots: 13/27 as above
    assert destroy_after_formula().subs({p: R(1, 3), q: R(1, 6), n: 3}) == R(13, 27)


def test_the_written_formulas_are_the_sum_over_paths_and_the_first_step_solution():
    # the library writes both formulas in closed form; derive them again and compare the very expressions
    k = sympy.Symbol("k", integer=True, nonnegative=True)
    one_damage = sympy.summation((1 - p) ** k * (p - q) * (1 - p) ** (n - 1 - k), (k, 0, n - 1))
    assert destroy_after_formula() == sympy.expand(1 - (1 - p) ** n - one_damage, power_exp=False)
    assert destroy_after_formula(damaged=True) == 1 - (1 - p) ** n
    e_intact, e_damaged = sympy.symbols("E_intact E_damaged")
    solved = sympy.solve([sympy.Eq(e_intact, 1 + (1 - p) * e_intact + (p - q) * e_damaged),
                          sympy.Eq(e_damaged, 1 + (1 - p) * e_damaged)], [e_intact, e_damaged])
    assert expected_shots_formula() == sympy.factor(solved[e_intact])
    assert expected_shots_formula(damaged=True) == sympy.factor(solved[e_damaged])
    # and a wrong closed form is told apart: the 6 counted as a damaging hit
    wrong = sympy.expand(1 - (1 - p) ** n - n * p * (1 - p) ** (n - 1), power_exp=False)
    assert destroy_after_formula() != wrong


def test_odds_table_values_are_exact_rationals():
    rows = odds_table(4)
    assert all(isinstance(v, sympy.Rational) for r in rows for key, v in r.items() if key.startswith("destroyed"))
    # range 1, 4 shots by hand: 1 - (1/2)^4 - 4 (1/3) (1/2)^3 = 1 - 1/16 - 1/6 = 37/48
    assert rows[0]["destroyed within 4"] == R(37, 48) and rows[0]["expected shots"] == R(10, 3)


def test_odds_table_has_one_row_per_shot_in_reach():
    rows = odds_table()
    assert [(r["hexes"], r["alt_diff"]) for r in rows] == [(1, 0), (2, 0), (3, 0), (1, 1), (2, 1)]
    assert rows[0]["destroyed within 2"] == R(5, 12) and rows[2]["expected shots"] == 6


def test_after_shots_from_mixed_ranges_by_hand():
    # one shot at range 1 then one at range 3: destroyed if the first is a 6 (1/6), or it damages (1/3)
    # and the 6 comes (1/6), or it misses (1/2) and the 6 comes (1/6): 1/6 + 1/18 + 1/12 = 11/36
    dist = after_shots([(1, 0), (3, 0)])
    assert dist["destroyed"] == Fraction(11, 36)
    assert dist["damaged"] == Fraction(1, 3) * Fraction(5, 6)


def test_shot_odds_match_a_seeded_simulation_of_the_real_die():
    for hexes, alt in ((1, 0), (2, 0), (3, 0), (1, 1)):
        setup = Scenario("t", Board(12, 9), (Plane("R", 0, (1, 4), 0, 3, 1),
                                             Plane("B", 1, (2 + hexes, 4), 3, 3 + alt, 3)))
        rolling = setup.start().play(Manoeuvre("forward")).play(SpeedChange(0)).play(Fire("B"))

        def trial(rng, rolling=rolling):
            b = rolling.play(sample_outcome(rolling.chance_outcomes(), rng)).plane_named("B")
            return "destroy" if b.out else "damage" if b.damaged else "miss"

        result = tally(trial, 3000, seed=hexes * 10 + alt)
        exact = shot_odds(hexes, alt)
        # twelve comparisons at once: use 99.9% Wilson intervals (z = 3.29) so one unlucky run does not fail
        for outcome, chance in exact.items():
            low, high = wilson_interval(result.counts[outcome], result.n, z=3.29)
            assert low <= float(chance) <= high, (hexes, alt, outcome, result)


def test_destroy_probability_matches_a_seeded_simulation_of_the_chain():
    chain = damage_chain(2)
    exact = destroy_probability(4, 2)

    def trial(rng):
        state = "intact"
        for _ in range(4):
            state = chain.step(state, rng)
        return state == "destroyed"

    assert monte_carlo(trial, 4000, seed=5).contains(exact)


def two_on_one():
    """Red 1 and Red 2 have both moved, Blue 1 is 1 hex ahead of Red 1 and 2 hexes ahead of Red 2 (same level)."""
    planes = (Plane("Red 1", 0, (4, 4), 0, 3, 1), Plane("Red 2", 0, (2, 4), 0, 3, 1),
              Plane("Blue 1", 1, (6, 4), 3, 3, 3), Plane("Blue 2", 1, (8, 0), 3, 3, 3))
    s = Scenario("t", Board(12, 9), planes).start().play(Pick("Red 1"))  # Red chooses to move Red 1 first
    s = s.play(Manoeuvre("forward")).play(SpeedChange(0))      # Red 1 to (5,4): Blue 1 is 1 ahead
    return s.play(Manoeuvre("forward")).play(SpeedChange(0))   # Red 2 to (3,4): Blue 1 is 3 ahead


def test_destroy_chances_for_a_position_by_hand():
    s = two_on_one()
    assert firing_lines(s) == {"Red 1": ["Blue 1"], "Red 2": ["Blue 1"]}
    # both have a target: Red chooses which fires first (kit ruling), in the scenario's order for destroy_chances
    assert s.phase == "pick-fire" and s.legal_moves() == (Pick("Red 1"), Pick("Red 2"))
    # Red 1 at range 1 then Red 2 at range 3: the same as after_shots([(1,0),(3,0)]) = 11/36; Blue 2 untouched
    assert destroy_chances(s) == {"Blue 1": R(11, 36), "Blue 2": 0}
    # Red 2 first: the same two shots in the other order
    assert s.play(Pick("Red 2")).plane.name == "Red 2"
    assert destroy_chances(s.play(Pick("Red 2"))) == {"Blue 1": R(11, 36), "Blue 2": 0}


def test_destroy_chances_match_a_seeded_simulation_of_the_turn():
    s = two_on_one()

    def trial(rng):
        state = s
        while state.side == 0 and not state.is_over():
            state = state.play(sample_outcome(state.chance_outcomes(), rng) if state.current_player == CHANCE
                               else state.legal_moves()[0])
        return state.plane_named("Blue 1").out == "destroyed"

    assert monte_carlo(trial, 3000, seed=11).contains(R(11, 36))


def test_expected_shots_match_a_seeded_simulation():
    for hexes, exact in ((1, R(10, 3)), (2, R(9, 2)), (3, 6)):
        chain = damage_chain(hexes)

        def shots_needed(rng, chain=chain):
            state, shots = "intact", 0
            while state != "destroyed":
                state, shots = chain.step(state, rng), shots + 1
            return shots

        assert monte_carlo(shots_needed, 3000, seed=hexes).contains(exact), hexes


def test_destroy_chances_under_the_every_target_reading():
    from circuslib.pcv.rules import PCVOptions

    planes = (Plane("R", 0, (1, 4), 0, 3, 1), Plane("B", 1, (4, 4), 3, 3, 3), Plane("B2", 1, (5, 4), 3, 3, 3))
    for fire, expected in (("every-target", {"B": R(1, 6), "B2": R(1, 6)}),  # one die each: a 6 destroys
                           ("one-target", {"B": R(1, 6), "B2": 0})):         # only the nearest, B, is shot at
        s = Scenario("t", Board(12, 9), planes).start(PCVOptions(fire=fire))
        s = s.play(Manoeuvre("forward")).play(SpeedChange(0))
        assert destroy_chances(s) == expected, fire


def line_of_two(blue1_altitude: int):
    """Red 1 moves to (5,4) facing east; Blue 1 is then 1 hex ahead, Blue 2 2 hexes ahead, Blue 2 at Red's level."""
    planes = (Plane("Red 1", 0, (4, 4), 0, 3, 1), Plane("Blue 1", 1, (6, 4), 3, blue1_altitude, 3),
              Plane("Blue 2", 1, (7, 4), 3, 3, 3))
    s = Scenario("t", Board(12, 9), planes).start()
    return s.play(Manoeuvre("forward")).play(SpeedChange(0))


def test_bots_fire_at_the_nearest_plane_in_line():
    from circuslib.pcv.odds import nearest_target
    from circuslib.pcv.rules import Fire

    # same level: Blue 1 at effective range 1 is nearer than Blue 2 at 2
    assert nearest_target(line_of_two(3)) == Fire("Blue 1")
    # Blue 1 two levels up is out of reach (only one level apart may be shot at): Blue 2 is the only target
    assert nearest_target(line_of_two(5)) == Fire("Blue 2")
    # and the chances follow the choice: one shot at range 2 destroys with 1/6 (a 6), Blue 1 is safe
    assert destroy_chances(line_of_two(5)) == {"Blue 1": 0, "Blue 2": R(1, 6)}


def test_the_chains_symbols_are_made_on_first_use():
    # odds.p, odds.q and odds.n are made when first asked for (importing the game does not load sympy); they are
    # still the same positive symbols every time, and a name the module does not have is still an AttributeError
    from circuslib.pcv import odds

    assert (odds.p, odds.q, odds.n) == sympy.symbols("p q n", positive=True)
    assert odds.p.is_positive and odds.n.is_positive
    with pytest.raises(AttributeError):
        odds.r  # noqa: B018


def test_a_pilots_decision_loads_neither_sympy_nor_networkx():
    import json
    import subprocess
    import sys

    code = ("import json, random, sys\nfrom circuslib.pcv import new_game\n"
            "from circuslib.pcv.bots import greedy_pilot\nstate = new_game()\ngreedy_pilot(state, random.Random(1))\n"
            "print(json.dumps([m for m in ('sympy', 'networkx', 'matplotlib') if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.strip().splitlines()[-1]) == []


def test_the_damage_chain_steps_as_the_core_chain_draw_for_draw():
    # damage_chain's step reads a table made once; the core AbsorbingChain works out the same draw each time
    import random

    from circuslib.core.exact import AbsorbingChain

    for hexes, alt in ((1, 0), (2, 0), (3, 0), (1, 1), (2, 1)):
        fast = damage_chain(hexes, alt)
        core = AbsorbingChain(fast.transitions)
        for seed in range(40):
            a, b = random.Random(seed), random.Random(seed)
            state = "intact"
            for _ in range(12):  # through damaged to destroyed, and on from destroyed
                assert fast.step(state, a) == core.step(state, b), (hexes, alt, seed, state)
                state = core.step(state, random.Random(seed))
            assert a.random() == b.random()  # the two generators were used alike


# --- any die's chain (the dice explorer's numbers) ----------------------------------------------------------

def test_any_die_s_chain_by_hand():
    from circuslib.pcv.odds import die_odds, rules_faces

    F = Fraction
    # the rules' die at range 1: damage on 4 5, destroy on 6; E = (2p - q)/p^2 = (1 - 1/6) 4 = 10/3, damaged 1/p = 2;
    # within 3 shots: 1 - (1/2)^2 (1/2 + 3 (1/3)) = 5/8, damaged 1 - (1/2)^3 = 7/8
    near = die_odds(6, *rules_faces(1), 3)
    assert (near.miss, near.damage, near.destroy, near.hit) == (F(1, 2), F(1, 3), F(1, 6), F(1, 2))
    assert near.expected == (F(10, 3), F(2)) and near.within[3] == (F(5, 8), F(7, 8)) and len(near.within) == 4
    # a d8 that damages on 5 6 7 and destroys on 8: p = 1/2, q = 1/8: E = (1 - 1/8) 4 = 7/2; within 3 shots
    # 1 - (1/2)^2 (1/2 + 3 (3/8)) = 19/32
    d8 = die_odds(8, [5, 6, 7], [8], 3)
    assert d8.expected == (F(7, 2), F(2)) and d8.within[3][0] == F(19, 32)
    nothing = die_odds(6, (), (), 5)  # no face hits: never destroyed, the wait is infinite
    assert nothing.expected == (None, None) and set(nothing.within) == {(0, 0)}
    assert rules_faces(2) == ({5}, {6}) and rules_faces(3) == (set(), {6}) and rules_faces(None) == (set(), set())
    for reach in (1, 2, 3):  # the rules' die is one case: the same numbers as the odds of a shot at that range
        chain = die_odds(6, *rules_faces(reach), 10)
        assert [a for a, _ in chain.within] == [destroy_probability(k, reach) for k in range(11)]
        assert [b for _, b in chain.within] == [destroy_probability(k, reach, damaged=True) for k in range(11)]
        assert chain.expected == (expected_shots(reach), expected_shots(reach, damaged=True))


def test_any_die_s_chain_agrees_with_seeded_rolls():
    from circuslib.pcv.odds import die_odds

    exact = die_odds(8, [5, 6, 7], [8], 3).within[3][0]

    def three_rolls(rng):
        damaged = False
        for _ in range(3):
            face = rng.randint(1, 8)
            if face == 8 or (damaged and face >= 5):
                return True
            damaged = damaged or face >= 5
        return False

    assert monte_carlo(three_rolls, 4000, seed=8).contains(exact)


def test_a_die_that_cannot_be_is_refused():
    from circuslib.pcv.odds import die_odds, rules_faces

    for args, error, why in [((1, [], []), ValueError, "sides"), ((6, [4], [4]), ValueError, "both to damage"),
                             ((6, [7], []), ValueError, "from 1 to 6"), ((6, [4, 4], []), ValueError, "twice"),
                             ((6, "45", []), TypeError, "list"), ((6, [4.0], []), TypeError, "whole number"),
                             ((6, [4], [6], -1), ValueError, "max_shots")]:
        with pytest.raises(error, match=why):
            die_odds(*args)
    with pytest.raises(ValueError, match="effective range"):
        rules_faces(4)


def test_the_chance_one_shot_destroys_its_target():
    from circuslib.pcv.odds import destroy_chance

    def shooting(damaged):
        planes = (Plane("R", 0, (1, 4), 0, 3, 1), Plane("B", 1, (4, 4), 3, 3, 3, damaged))
        return Scenario("t", Board(10, 8), planes).start().play(Manoeuvre("forward")).play(SpeedChange(0))

    # 2 hexes ahead, same level: a 6 destroys an intact plane (1/6); a 5 or a 6 a damaged one (1/3)
    assert destroy_chance(shooting(False), "B") == R(1, 6) and destroy_chance(shooting(True), "B") == R(1, 3)
    with pytest.raises(ValueError, match="not in R's line of fire"):
        destroy_chance(shooting(False), "Nobody")
    with pytest.raises(ValueError, match="fire phase"):
        destroy_chance(Scenario("t", Board(10, 8), (Plane("R", 0, (1, 4)), Plane("B", 1, (4, 4)))).start(), "B")
