"""Self-checks for the Petit Cirque Volant exercises (solutions/petit_cirque_volant.ipynb)."""
from __future__ import annotations

import contextlib
import io
from fractions import Fraction
from typing import Any, Callable

import sympy

from ..core.teach import Checks, WrongAnswer, check_integer, check_probability, correct
from .graphs import count_sequences, end_nodes, firing_positions, move_graph, plane_graph
from .odds import destroy_probability, expected_shots_formula, p, q, shot_odds
from .rules import Board, Dogfight, Plane, Scenario, hex_distance as true_distance

__all__ = ["check", "exercise_position"]

check = Checks("Le Petit Cirque Volant")


@check.register
def shot_two_hexes(answer: Any) -> str:
    """The outcome of one shot at an intact target 2 hexes ahead at the same altitude, as a dict."""
    if not isinstance(answer, dict):
        raise WrongAnswer("give a dict with the keys 'miss', 'damage' and 'destroy'")
    if set(answer) != {"miss", "damage", "destroy"}:
        raise WrongAnswer(f"the keys should be exactly 'miss', 'damage' and 'destroy', not {sorted(map(str, answer))}")
    expected = shot_odds(2, 0)
    hints = {
        "miss": {Fraction(1, 2): "4 to 6 hit at 1 hex; at 2 hexes only 5 and 6 hit"},
        "damage": {Fraction(1, 3): "at 2 hexes only a 5 or a 6 hits, and the 6 destroys: one face damages"},
        "destroy": {Fraction(1, 3): "only the 6 destroys an intact plane; the 5 damages it"},
    }
    for key in ("miss", "damage", "destroy"):
        with contextlib.redirect_stdout(io.StringIO()):  # one success line for the whole dict, not one per key
            check_probability(answer[key], expected[key], what=f"P({key})", mistakes=hints[key])
    return correct("one shot at 2 hexes: 4 faces miss, the 5 damages, the 6 destroys")


@check.register
def destroyed_within_three(answer: Any) -> str:
    """P(an intact target 1 hex ahead at the same altitude is destroyed within 3 shots)."""
    return check_probability(answer, destroy_probability(3, 1), what="P(destroyed within 3 shots)", mistakes={
        Fraction(91, 216): "you counted only the sixes; two non-6 hits (damage, then damage again) destroy too",
        Fraction(7, 8): "a single hit of 4 or 5 only damages an intact plane; it takes a 6, or two hits",
        Fraction(3, 8): "that is the chance it survives: the plane is destroyed in the other cases",
        Fraction(1, 2): "that is one shot's chance to hit; the question is about being destroyed within 3 shots",
    })


@check.register
def expected_shots_in_p_and_q(answer: Any) -> str:
    """The expected number of shots to destroy an intact target, as a sympy expression in p and q."""
    if answer is None or answer is Ellipsis:
        raise WrongAnswer("your formula is still empty: replace the stub with a sympy expression in p and q")
    try:
        expr = sympy.sympify(answer)
    except (sympy.SympifyError, TypeError):
        raise WrongAnswer("give a sympy expression built from the symbols p and q of circuslib.pcv.odds") from None
    if not expr.free_symbols <= {p, q}:
        names = ", ".join(sorted(map(str, expr.free_symbols - {p, q})))
        raise WrongAnswer(f"your formula uses {names}; use only p and q (import them from circuslib.pcv.odds)")
    target = expected_shots_formula()
    if sympy.simplify(expr - target) == 0:
        return correct("E = (2p - q)/p², from the first-step equations of the chain")
    hints = {1 / p: "1/p is the expected shots from a damaged plane; an intact one may need two hits",
             2 / p: "not every first hit damages: a 6 destroys at once, so fewer than two hits are needed on average",
             (2 * p - q) / p: "check the units: from damaged it takes 1/p shots, so divide once more by p"}
    for wrong, hint in hints.items():
        if sympy.simplify(expr - wrong) == 0:
            raise WrongAnswer(hint)
    if sympy.simplify(expr.subs({p: sympy.Rational(1, 6), q: sympy.Rational(1, 6)}) - 6) != 0:
        raise WrongAnswer("at 3 hexes (p = q = 1/6, only a 6 hits and destroys) your formula should give 6 shots")
    raise WrongAnswer("your formula is not right yet: write E_intact and E_damaged by what the first shot does")


@check.register
def hex_distance(function: Callable) -> str:
    """A function hex_distance(a, b) giving the number of hex steps between two axial hexes."""
    if not callable(function):
        raise WrongAnswer("give a function hex_distance(a, b) that takes two (q, r) pairs")
    cases = [((0, 0), (0, 0)), ((0, 0), (3, 0)), ((0, 0), (4, -1)), ((2, 1), (-1, 3)), ((1, -2), (1, 2)),
             ((0, 0), (-2, 2)), ((5, 5), (2, 7)), ((-3, 4), (3, -4)), ((0, 0), (2, 3)), ((1, 1), (-1, -2))]
    for a, b in cases:
        try:
            got = function(a, b)
        except Exception as error:  # a student's function may fail in any way: say where
            raise WrongAnswer(f"your function raised {type(error).__name__} for {a} and {b}: {error}") from None
        want = true_distance(a, b)
        if got != want:
            dq, dr = b[0] - a[0], b[1] - a[1]
            if got == abs(dq) + abs(dr):
                raise WrongAnswer(f"for {a} and {b} you added |dq| + |dr|; when dq and dr have opposite signs one "
                                  "diagonal step covers both: use the third cube coordinate -q-r")
            if got == max(abs(dq), abs(dr)):
                raise WrongAnswer(f"for {a} and {b} max(|dq|, |dr|) is too small when dq and dr have the same sign")
            raise WrongAnswer(f"for {a} and {b} your function gives {got!r}, which is not the number of steps")
    return correct("cube distance: (|dq| + |dr| + |dq + dr|) / 2")


@check.register
def sequences_speed_three(answer: Any) -> str:
    """How many manoeuvre sequences spend exactly 3 points from altitude 4 (front-three turning)."""
    expected = count_sequences(move_graph(Plane("X", 0, (0, 0), 0, 4, 3)))
    return check_integer(answer, expected, what="the number of sequences", mistakes={
        14: "that is the count with turning='straight'; under the kit ruling each manoeuvre has three front hexes",
        216: "6 x 6 x 6 assumes three 1-point steps; an up (2 points) or a loop (3 points) spends more at once",
        116: "that counts end positions; different sequences can end in the same place and each counts",
        15 ** 3: "a 2-point or 3-point manoeuvre uses up the points: count sequences that spend exactly 3",
    })


def exercise_position() -> Dogfight:
    """The exercise's position: Red 1 (speed 2, altitude 3) hunting Blue 1, damaged, and Blue 2."""
    planes = (Plane("Red 1", 0, (3, 4), 0, 3, 2), Plane("Blue 1", 1, (7, 3), 3, 3, 3, damaged=True),
              Plane("Blue 2", 1, (6, 4), 3, 3, 3))
    return Scenario("exercise", Board(12, 9), planes).start()


@check.register
def best_firing_position(answer: Any) -> str:
    """An end position (hex, facing, altitude) of Red 1's move with the best chance to destroy an enemy."""
    state = exercise_position()
    if not (isinstance(answer, tuple) and len(answer) == 3 and isinstance(answer[0], tuple)):
        raise WrongAnswer("give a position as (hex, facing, altitude), for example ((4, 4), 0, 3)")
    ends = {node[:3] for node in end_nodes(plane_graph(state))}
    if answer not in ends:
        raise WrongAnswer(f"Red 1 cannot end its move at {answer} with exactly 2 movement points")
    spots = firing_positions(state)
    if answer not in spots:
        raise WrongAnswer("from there no enemy is in reach: Red 1 fires straight ahead, up to 3 hexes, one level at most")
    best = max(v["destroy"] for v in spots.values())
    if spots[answer]["destroy"] < best:
        raise WrongAnswer(f"from there Red 1 destroys {spots[answer]['target']} with probability "
                          f"{spots[answer]['destroy']}; another end position does better (remember a damaged plane "
                          "is destroyed by any hit)")
    return correct(f"the best shot destroys {spots[answer]['target']} with probability {best}")
