"""The Petit Cirque Volant exercise checks: right answers pass in every exact form, the catalogued slips and the
issue's cases fail with a hint that names the mistake, and a student's function that raises is reported in one line."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
import sympy
from teacher import answer_of, models

from circuslib.core.exact import AbsorbingChain
from circuslib.core.sim import monte_carlo
from circuslib.core.teach import CORRECT_MARK, WrongAnswer
from circuslib.pcv import odds
from circuslib.pcv.checks import (
    BALLOON,
    DUEL_RUNS,
    DUEL_STATES,
    RED_SPEED,
    RED_START,
    check,
)
from circuslib.pcv.graphs import reachable
from circuslib.pcv.rules import Plane, effective_range, line_ahead, manoeuvre_options, manoeuvre_result


def duel_matrix():
    """The duel's matrix, from the teacher's model (its key reads the matrix row by row)."""
    return sympy.Matrix(answer_of(check.duel_transition_matrix))


def passes(name, answer, capsys):
    getattr(check, name)(answer)
    assert CORRECT_MARK in capsys.readouterr().out


def fails(name, answer, *messages):
    with pytest.raises(WrongAnswer) as refused:
        getattr(check, name)(answer)
    for message in messages:
        assert message in str(refused.value), str(refused.value)
    return str(refused.value)


def test_the_set_and_the_lesson_try_its_have_their_checks_and_two_questions_in_words():
    assert list(check) == ["at_least_one_hit", "first_hit", "crossfire_wait", "second_shot_formula",
                           "duel_transition_matrix", "red_wins_duel", "duel_rounds", "duel_simulation", "hex_distance",
                           "end_positions", "balloon_path", "try_shot_one_level_up", "try_shots_while_damaged",
                           "try_end_positions_altitude_three"]
    assert [w.name for w in check.written_questions()] == ["why_no_wear", "why_first_pays"]


# ---------------------------------------------------------------------------------------------------------
# shots and waiting times

def test_at_least_one_hit_in_every_exact_form(capsys):
    # 1 hex ahead, one level up: effective range 2, p = 1/3; 1 - (2/3)^4 = 65/81
    for answer in (Fraction(65, 81), sympy.Rational(65, 81), 1 - sympy.Rational(2, 3) ** 4):
        passes("at_least_one_hit", answer, capsys)
    assert answer_of(check.at_least_one_hit) == 1 - (1 - odds.hit_probability(1, 1)) ** 4


@pytest.mark.parametrize("decimal", [0.8025, sympy.Float(0.8025), sympy.N(sympy.Rational(65, 81))])
def test_a_decimal_is_refused_as_give_it_exactly(decimal):
    fails("at_least_one_hit", decimal, "give it exactly")


def test_adding_the_four_chances_is_named_before_the_range_check():
    fails("at_least_one_hit", Fraction(4, 3), "you added the four chances")


def geometric(k, p):
    return (1 - p) ** (k - 1) * p


def test_first_hit_accepts_fractions_and_sympy(capsys):
    passes("first_hit", geometric, capsys)
    passes("first_hit", lambda k, p: sympy.Rational(p) * (1 - sympy.Rational(p)) ** (k - 1), capsys)


def test_first_hit_that_raises_says_your_function_raised_x_on_input_y():
    message = fails("first_hit", lambda k, p: 1 / (k - 1) * p, "first_hit raised ZeroDivisionError on input (1, ")
    assert "Traceback" not in message and len(message.splitlines()) == 1


def test_first_hit_constant_and_decimal():
    fails("first_hit", lambda k, p: Fraction(1, 3), "same answer whatever the input")
    fails("first_hit", lambda k, p: float(geometric(k, p)), "give it exactly")


def test_crossfire_wait(capsys):
    # P(a turn ends it) = 1 - (2/3)(5/6) = 4/9; geometric wait 9/4
    passes("crossfire_wait", Fraction(9, 4), capsys)
    passes("crossfire_wait", sympy.Rational(9, 4), capsys)
    fails("crossfire_wait", 9, "you added the two waiting times")
    fails("crossfire_wait", 2, "you added the two chances to hit")
    fails("crossfire_wait", Fraction(7, 3), "not right yet")


# ---------------------------------------------------------------------------------------------------------
# the formula

def test_same_named_sympy_symbols_p_q_made_without_assumptions_are_accepted_by_formula_checks(capsys):
    p, q = sympy.symbols("p q")  # no positive=True, unlike the kit's symbols
    passes("second_shot_formula", p ** 2 - 2 * p * q + q, capsys)
    passes("second_shot_formula", (1 - p) * q + (p - q) * p, capsys)
    passes("second_shot_formula", odds.p ** 2 - 2 * odds.p * odds.q + odds.q, capsys)  # the kit's own symbols too
    fails("second_shot_formula", (1 - p) * q, "a first shot that damages")


def test_second_shot_formula_agrees_with_the_kit_chain():
    # P(destroyed within 2) - P(destroyed within 1), from the kit's summed formula
    within = odds.destroy_after_formula()
    expected = sympy.simplify(within.subs(odds.n, 2) - within.subs(odds.n, 1))
    assert sympy.simplify(answer_of(check.second_shot_formula) - expected) == 0


def test_second_shot_formula_refuses_other_symbols_and_decimals():
    p, q, x = sympy.symbols("p q x")
    fails("second_shot_formula", x * p, "uses x")
    fails("second_shot_formula", p ** 2 - 2 * p * q + sympy.Float(1.0) * q, "give it exactly")
    fails("second_shot_formula", sympy.Rational(1, 4), "in the symbols p and q")


# ---------------------------------------------------------------------------------------------------------
# the duel

def test_duel_matrix_in_every_exact_form(capsys):
    matrix = duel_matrix()
    passes("duel_transition_matrix", matrix, capsys)
    passes("duel_transition_matrix", sympy.ImmutableMatrix(matrix), capsys)
    as_fractions = [[Fraction(int(x.p), int(x.q)) for x in matrix.row(i)] for i in range(6)]
    passes("duel_transition_matrix", as_fractions, capsys)


def test_duel_matrix_rows_are_one_round_each():
    matrix = duel_matrix()
    third = sympy.Rational(1, 3)
    # II: Red's 6 (1/6) wins at once; both miss (2/3)^2; Blue's 6 after Red's miss: (2/3)(1/6)
    assert matrix[0, DUEL_STATES.index("Red wins")] == sympy.Rational(1, 6)
    assert matrix[0, 0] == (1 - third) ** 2
    assert matrix[0, DUEL_STATES.index("Blue wins")] == sympy.Rational(5, 6) * sympy.Rational(1, 6)
    assert all(sum(matrix.row(i)) == 1 for i in range(6))


def test_duel_matrix_explains_shape_decimals_and_a_wrong_row():
    matrix = duel_matrix()
    fails("duel_transition_matrix", matrix[:5, :5], "5 x 5")
    fails("duel_transition_matrix", matrix.evalf(), "give it exactly")
    fails("duel_transition_matrix", matrix.T, "transposed")
    wrong = matrix.copy()
    wrong[3, 3], wrong[3, 4] = wrong[3, 4], wrong[3, 3]
    fails("duel_transition_matrix", wrong, "the row of DD is not right yet")
    odd = matrix.copy()
    odd[1, 1] += sympy.Rational(1, 9)
    fails("duel_transition_matrix", odd, "the row of ID adds up to")


def test_red_wins_and_rounds_against_the_fundamental_matrix(capsys):
    # B = N R and t = N 1 by sympy, against the kit's AbsorbingChain
    matrix = duel_matrix()
    n = (sympy.eye(4) - matrix[:4, :4]).inv()
    red_wins, rounds = (n * matrix[:4, 4:])[0, 0], (n * sympy.ones(4, 1))[0]
    assert (red_wins, rounds) == (sympy.Rational(279, 500), sympy.Rational(1377, 500))
    chain = AbsorbingChain({s: {DUEL_STATES[j]: Fraction(str(matrix[i, j])) for j in range(6)}
                            for i, s in enumerate(DUEL_STATES[:4])})
    assert chain.absorption_probabilities()["II"]["Red wins"] == Fraction(279, 500)
    passes("red_wins_duel", red_wins, capsys)
    passes("red_wins_duel", Fraction(279, 500), capsys)
    passes("duel_rounds", rounds, capsys)
    passes("duel_rounds", Fraction(1377, 500), capsys)
    fails("red_wins_duel", Fraction(221, 500), "Blue's chance")
    fails("duel_rounds", Fraction(9, 5), "only the rounds spent in state II")


def _one_duel(rng):
    red, blue = "I", "I"
    while True:
        face = rng.randint(1, 6)
        if face == 6 or (face == 5 and blue == "D"):
            return True
        if face == 5:
            blue = "D"
        face = rng.randint(1, 6)
        if face == 6 or (face == 5 and red == "D"):
            return False
        if face == 5:
            red = "D"


def simulate(n, seed):
    estimate = monte_carlo(_one_duel, n, seed, keep=False, show_progress=False)
    return estimate.mean, estimate.ci95


def test_the_pinned_simulation_reference_is_the_exact_value():
    from circuslib.core.tutor import shipped_simulation

    duel = shipped_simulation("circuslib.pcv", "duel_simulation")
    assert duel is not None and duel.value == 279 / 500
    assert duel.spread == pytest.approx(math.sqrt(float(Fraction(279, 500) * Fraction(221, 500))))
    assert DUEL_RUNS == 17_500  # 99% power against the nearest neighbouring duel (tests/test_simulation_checks.py)


def test_duel_simulation_passes_a_real_simulation(capsys):
    passes("duel_simulation", simulate, capsys)

    def with_numpy(n, seed):  # numpy's generator is fine too, as long as the seed drives it
        rng = np.random.default_rng(seed)
        wins = 0
        for _ in range(n):
            red, blue, winner = "I", "I", None
            while winner is None:
                for shooter in "RB":
                    face = int(rng.integers(1, 7))
                    target = blue if shooter == "R" else red
                    if face == 6 or (face == 5 and target == "D"):
                        winner = shooter
                        break
                    if face == 5:
                        blue, red = ("D", red) if shooter == "R" else (blue, "D")
            wins += winner == "R"
        share = wins / n
        half = 1.96 * math.sqrt(share * (1 - share) / n)
        return share, (share - half, share + half)

    passes("duel_simulation", with_numpy, capsys)


@pytest.mark.parametrize("made_up", [(0.37, (0.33, 0.42)), 0.558, (0.558, (0.536, 0.58))])
def test_made_up_numbers_do_not_pass_the_simulation_check(made_up):
    fails("duel_simulation", made_up, "simulate")


def test_a_simulation_that_raises_is_reported_in_one_line():
    def broken(n, seed):
        return random.Random(seed).choice([]) and (0.5, (0.4, 0.6))

    message = fails("duel_simulation", broken, "simulate raised IndexError on input (200, 1)")
    assert len(message.splitlines()) == 1


# ---------------------------------------------------------------------------------------------------------
# the hex grid

def student_hex_distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def test_hex_distance_passes_and_numpy_integers_are_whole_numbers(capsys):
    passes("hex_distance", student_hex_distance, capsys)
    passes("hex_distance", lambda a, b: np.int64(student_hex_distance(a, b)), capsys)
    passes("hex_distance", lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[0] + a[1] - b[0] - b[1])),
           capsys)


def test_a_hex_distance_that_returns_a_float_is_refused_as_give_it_exactly_return_a_whole_number():
    def true_division(a, b):
        return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) / 2

    message = fails("hex_distance", true_division, "give it exactly", "return a whole number")
    assert "0.0" in message  # it shows the decimal the function returned
    fails("hex_distance", lambda a, b: np.float64(student_hex_distance(a, b)), "return a whole number")


def test_a_student_function_that_raises_gives_your_function_raised_x_on_input_y():
    message = fails("hex_distance", lambda a, b: abs(a[2] - b[2]), "hex_distance raised IndexError on input ((0, 0), "
                                                                   "(0, 0))")
    assert "Traceback" not in message and "File" not in message


def test_hex_distance_hints_name_the_mistake():
    fails("hex_distance", lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]), "opposite signs")
    fails("hex_distance", lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])), "same sign")
    fails("hex_distance", lambda a, b: 0, "same answer whatever the input")
    fails("hex_distance", 3, "should be a function")


def student_end_positions(start, speed, blocked=()):
    blocked = set(blocked)
    root = (*start, speed)
    graph = nx.DiGraph()
    graph.add_node(root, out=False)
    todo = [root]
    while todo:
        node = todo.pop()
        hex_, facing, altitude, left = node
        for move in manoeuvre_options(altitude, left):
            new_hex, new_facing, new_altitude = manoeuvre_result(hex_, facing, altitude, move)
            child = (new_hex, new_facing, new_altitude, left - move.cost)
            if child not in graph:
                out = new_altitude < 1 or (new_hex, new_altitude) in blocked
                graph.add_node(child, out=out)
                if not out and child[3] > 0:
                    todo.append(child)
            graph.add_edge(node, child)
    return {n[:3] for n in nx.descendants(graph, root) if n[3] == 0 and not graph.nodes[n]["out"]}


def test_end_positions_passes_as_a_set_or_a_list(capsys):
    passes("end_positions", student_end_positions, capsys)
    passes("end_positions", lambda s, v, b=(): sorted(student_end_positions(s, v, b)), capsys)


def test_end_positions_explains_a_count_and_nodes_with_points_left():
    fails("end_positions", lambda s, v, b=(): len(student_end_positions(s, v, b)), "returned a number")
    fails("end_positions", lambda s, v, b=(): {(*e, 0) for e in student_end_positions(s, v, b)},
          "should return a set of positions")
    fails("end_positions", lambda s, v: student_end_positions(s, v), "raised TypeError on input")


def test_end_positions_forgetting_landing_is_caught():
    def no_landing(start, speed, blocked=()):
        ends, todo = set(), [(*start, speed)]
        while todo:
            hex_, facing, altitude, left = todo.pop()
            for move in manoeuvre_options(altitude, left):
                new = manoeuvre_result(hex_, facing, altitude, move)
                if (new[0], new[2]) in set(blocked):
                    continue
                if left - move.cost == 0:
                    ends.add(new)
                else:
                    todo.append((*new, left - move.cost))
        return ends

    fails("end_positions", no_landing, "landed")


def _shoots(position):
    hex_, facing, altitude = position
    line = line_ahead(hex_, facing)
    return BALLOON[0] in line and effective_range(line.index(BALLOON[0]) + 1, BALLOON[1] - altitude) is not None


def _quickest_paths():
    """Every quickest path to a shot, by breadth-first search on the kit's reachable sets."""
    def ends(position):
        return reachable(Plane("R", 0, position[0], position[1], position[2], RED_SPEED), blocked=[BALLOON])

    paths = [[]]
    while True:
        longer = [path + [end] for path in paths for end in ends(path[-1] if path else RED_START)
                  if end not in path and end != RED_START]
        done = [path for path in longer if _shoots(path[-1])]
        if done:
            return done
        paths = longer


def test_balloon_path_accepts_any_quickest_way(capsys):
    paths = _quickest_paths()
    assert len(paths[0]) == 3 and len(paths) > 1  # a 3-turn search with several answers
    for path in paths[:2] + paths[-1:]:
        passes("balloon_path", path, capsys)
    passes("balloon_path", [[list(h), f, a] for h, f, a in paths[0]], capsys)  # lists, as from JSON, are fine


def test_no_catalogued_balloon_path_gives_a_quickest_way_away():
    quickest = {tuple(path) for path in _quickest_paths()}
    for mistake in check.balloon_path.mistakes:
        path = tuple(mistake.answer)
        windows = {path[i:i + 3] for i in range(len(path) - 2)}
        assert not windows & quickest, mistake.hint


def test_balloon_path_explains_each_slip():
    path = _quickest_paths()[0]
    fails("balloon_path", [RED_START] + path, "leave out the start")
    fails("balloon_path", [((1, 0), 3, 4)], "a loop costs 3")
    fails("balloon_path", path[:-1], "not in Red's line of fire")
    fails("balloon_path", [], "empty")
    fails("balloon_path", [(1, 2)], "is not one")


def test_every_check_passes_its_right_answer():
    answers = {"at_least_one_hit": Fraction(65, 81), "first_hit": geometric, "crossfire_wait": Fraction(9, 4),
               "second_shot_formula": answer_of(check.second_shot_formula), "duel_transition_matrix": duel_matrix(),
               "red_wins_duel": Fraction(279, 500), "duel_rounds": Fraction(1377, 500), "duel_simulation": simulate,
               "hex_distance": student_hex_distance, "end_positions": student_end_positions,
               "balloon_path": _quickest_paths()[0]}
    for name, answer in answers.items():
        assert getattr(check, name)(answer).startswith("✔"), name


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-it cells

def test_try_it_checks_on_the_lessons_values(capsys):
    passes("try_shot_one_level_up", sympy.Rational(1, 6), capsys)
    passes("try_shot_one_level_up", odds.hit_probability(2, 1), capsys)
    fails("try_shot_one_level_up", (4 - effective_range(2, 1)) / 6, "give it exactly")
    fails("try_shot_one_level_up", Fraction(1, 3), "one level apart counts as one more hex")
    p, q = sympy.symbols("p q")
    n_matrix = (sympy.eye(2) - sympy.Matrix([[1 - p, p - q], [0, 1 - p]])).inv()
    passes("try_shots_while_damaged", n_matrix[0, 1].subs({p: sympy.Rational(1, 2), q: sympy.Rational(1, 6)}), capsys)
    fails("try_shots_while_damaged", n_matrix[0, 0].subs({p: sympy.Rational(1, 2), q: sympy.Rational(1, 6)}), "1/p")
    passes("try_end_positions_altitude_three", len(student_end_positions(((0, 0), 0, 3), 2)), capsys)
    fails("try_end_positions_altitude_three", 39, "you counted sequences")


# ---------------------------------------------------------------------------------------------------------
# the tutor's models (solutions/tutor/pcv.py): each variant gives the value worked out by hand, and the check
# names that slip when a student gives it

MODELS = models("pcv")
P, Q = odds.p, odds.q  # the lesson's symbols

# at 3 hexes only a 6 hits, and it destroys, whatever the damage: from each state Red wins 1/6, Blue (5/6)(1/6),
# and the duel stays where it was with (5/6)^2
AT_THREE_HEXES = sympy.zeros(6, 6)
for _state in range(4):
    AT_THREE_HEXES[_state, _state] = sympy.Rational(25, 36)
    AT_THREE_HEXES[_state, 4], AT_THREE_HEXES[_state, 5] = sympy.Rational(1, 6), sympy.Rational(5, 36)
AT_THREE_HEXES[4, 4] = AT_THREE_HEXES[5, 5] = 1

VARIANT_CASES = [
    # (exercise, the variant's changes, its value worked by hand, words of its hint)
    ("at_least_one_hit", {"levels": 0}, 1 - Fraction(1, 2) ** 4, "effective range 2, not 1"),
    ("at_least_one_hit", {"shots": 3}, 1 - Fraction(2, 3) ** 3, "three shots"),
    ("at_least_one_hit", {"event": "exactly one hit"}, 4 * Fraction(1, 3) * Fraction(2, 3) ** 3, "exactly one hit"),
    # only the 6 hitting gives the value of range 3 (Blue 2 hexes ahead): both are named
    ("at_least_one_hit", {"six_only": True}, 1 - Fraction(5, 6) ** 4, "only a 6 hits"),
    ("crossfire_wait", {"shooters": "red 2"}, 6, "Red 2's wait alone"),
    ("crossfire_wait", {"red_1": (1, 0)}, 1 / (1 - Fraction(1, 2) * Fraction(5, 6)), "level below"),
    ("crossfire_wait", {"measure": "turns before"}, Fraction(9, 4) - 1, "leaves out the turn"),
    ("second_shot_formula", {"shot": 1}, Q, "the first shot"),
    ("second_shot_formula", {"event": "within"}, Q + (1 - P) * Q + (P - Q) * P, "within two shots"),
    ("second_shot_formula", {"damaged_dies_to": "a six"}, (1 - P) * Q + (P - Q) * Q, "not only by a 6"),
    ("duel_transition_matrix", {"hexes": 3}, AT_THREE_HEXES, "3 hexes"),
    # from DD each shot destroys with 1/3, Red first: (1/3) / (1 - (2/3)^2)
    ("red_wins_duel", {"start": "DD"}, Fraction(1, 3) / (1 - Fraction(2, 3) ** 2), "the row of DD"),
    ("red_wins_duel", {"end": "Blue wins"}, 1 - Fraction(279, 500), "Blue's chance"),
    ("red_wins_duel", {"red_first": False}, 1 - Fraction(279, 500), "Red fires first"),
    # Red alone at 2 hexes: 1/p = 3 shots to a first hit, and half of the hits only damage: 3 + 3/2
    ("duel_rounds", {"blue_fires": False}, 3 + Fraction(1, 2) * 3, "Blue fires back"),
    ("duel_rounds", {"start": "DD"}, 1 / (1 - Fraction(2, 3) ** 2), "the row of DD"),
    ("duel_rounds", {"measure": "rounds before the last"}, Fraction(1377, 500) - 1, "the last round"),
    ("try_shot_one_level_up", {"levels": 0}, Fraction(1, 3), "one more hex"),
    ("try_shot_one_level_up", {"hexes": 0}, Fraction(1, 2), "hexes and the levels apart together"),
    ("try_shot_one_level_up", {"event": "miss"}, Fraction(5, 6), "chance to miss"),
    ("try_shot_one_level_up", {"event": "damage"}, 0, "chance to damage"),
    # N[intact, damaged] = (p - q) / p^2: at range 2, (1/3 - 1/6) / (1/3)^2
    ("try_shots_while_damaged", {"reach": 2}, Fraction(1, 6) / Fraction(1, 9), "effective range 2"),
    ("try_shots_while_damaged", {"entry": "ever damaged"}, Fraction(1, 3) / Fraction(1, 2), "ever damaged"),
    ("try_shots_while_damaged", {"entry": "row of intact"}, 2 + Fraction(4, 3), "whole row of N"),
    ("try_shots_while_damaged", {"entry": "intact, intact"}, 2, "N[intact, intact]"),
    ("try_shots_while_damaged", {"entry": "damage chance"}, Fraction(1, 2) - Fraction(1, 6), "one shot damages"),
    ("try_end_positions_altitude_three", {"altitude": 1}, 12, "altitude 1"),
    ("try_end_positions_altitude_three", {"count": "hexes"}, 10, "not the hex alone"),
]


def _same(a, b):
    if isinstance(b, sympy.MatrixBase):  # the duel's model gives its matrix as the list of its rows
        return a == [tuple(row) for row in b.tolist()]
    if isinstance(a, sympy.Expr) and a.free_symbols:
        return sympy.simplify(a - b) == 0
    return a == b


@pytest.mark.parametrize("name, changes, value, words", VARIANT_CASES,
                         ids=[f"{n}-{'-'.join(map(str, c.values()))}" for n, c, _, _ in VARIANT_CASES])
def test_a_variant_gives_its_hand_worked_value_and_the_check_names_it(name, changes, value, words):
    model = MODELS[name]
    assert _same(model.answer(**changes), value)
    variant = next(v for v in model.variants if dict(v.changes) == changes)
    assert words in variant.hint
    fails(name, value, variant.hint)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_every_model_gives_the_exercise_its_answer_and_no_variant_gives_it(name, capsys):
    model = MODELS[name]
    truth = model.answer()
    assert not any(_same(model.answer(**v.changes), truth) for v in model.variants)
    passes(name, truth, capsys)
