"""Le Petit Cirque Volant's value exercises as models (solutions/petit_cirque_volant.ipynb, and the lesson's
try-its): the teacher's key.

Each answer is computed from the dice (a shot at effective range e hits on 3 + e or more, a 6 destroys, another hit
damages an intact plane and destroys a damaged one), its choices keyword arguments whose defaults are the exercise's
own; a variant changes the choice a student gets wrong (the level apart left out, the other end of the duel, its
start in another state, Blue firing first...). The hand-written catalogues (``mistakes``) are the wrong answers as
students wrote them, kept as tests of the models.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Model, Variant
from circuslib.pcv.graphs import count_sequences, end_nodes, move_graph
from circuslib.pcv.odds import p, q  # the lesson's symbols (a formula's key reads any p and q by name)
from circuslib.pcv.rules import Plane

__all__ = ["MODELS", "DUEL_STATES", "duel_matrix", "duel_rows"]

F = Fraction
DUEL_STATES = ("II", "ID", "DI", "DD", "Red wins", "Blue wins")


def _hit(hexes: int, levels: int = 0) -> Fraction:
    """P(one shot hits) at hexes ahead and levels apart: faces 3 + e to 6, none beyond effective range 3."""
    reach = hexes + abs(levels)
    return F(4 - reach, 6) if abs(levels) <= 1 and 1 <= reach <= 3 else F(0)


SIX = F(1, 6)


# ---------------------------------------------------------------------------------------------------------
# 1. four shots, one level up

def at_least_one_hit(shots: int = 4, hexes: int = 1, levels: int = 1, *, event: str = "at least one hit",
                     six_only: bool = False) -> Fraction:
    """P(at least one of the shots hits): the complement of all of them missing (a slip: only a 6 hitting)."""
    hit = SIX if six_only else _hit(hexes, levels)
    if event == "all miss":
        return (1 - hit) ** shots
    if event == "all hit":
        return hit ** shots
    if event == "at least one miss":
        return 1 - hit ** shots
    if event == "exactly one hit":
        return shots * hit * (1 - hit) ** (shots - 1)
    if event == "chances added":  # not a probability: the chances of shots that can hit together, added
        return shots * hit
    return 1 - (1 - hit) ** shots


# ---------------------------------------------------------------------------------------------------------
# 3. a crossfire on a damaged plane

def crossfire_wait(red_1: tuple[int, int] = (1, 1), red_2: tuple[int, int] = (3, 0), *, shooters: str = "both",
                   damaged: bool = True, combine: str = "a turn", measure: str = "turns") -> Fraction:
    """The mean number of turns Blue lasts, the last included: a geometric wait, 1 / P(a turn ends it)."""
    p1, p2 = _hit(*red_1), _hit(*red_2)
    if shooters == "red 1":
        p2 = F(0)
    elif shooters == "red 2":
        p1 = F(0)
    if combine == "waits added":
        return 1 / p1 + 1 / p2
    if combine == "chances added":
        return 1 / (p1 + p2)
    if not damaged:  # an intact Blue: a 6 destroys it, another hit damages it, and then any hit destroys it
        stay_intact = (1 - p1) * (1 - p2)
        damaged_after = (p1 - SIX) * (1 - p2) + (1 - p1) * (p2 - SIX if p2 else F(0))
        from_damaged = 1 / (1 - (1 - p1) * (1 - p2))
        return (1 + damaged_after * from_damaged) / (1 - stay_intact)
    ends = 1 - (1 - p1) * (1 - p2)
    if measure == "chance":
        return ends
    if measure == "turns before":
        return 1 / ends - 1
    return 1 / ends


# ---------------------------------------------------------------------------------------------------------
# 5. destroyed by exactly the second shot, in p and q


def second_shot(shot: int = 2, *, event: str = "exactly", start: str = "intact", damaged_dies_to: str = "any hit",
                leave_out: str = "") -> sympy.Expr:
    """P(the plane is destroyed by exactly shot number ``shot``), as an expression in p and q: a chain I, D, X."""
    dies = {"any hit": p, "a six": q, "a non-six hit": p - q}[damaged_dies_to]
    step = {"I": {"I": 1 - p, "D": p - q, "X": q}, "D": {"D": 1 - dies, "X": dies}}
    alive: dict[str, Any] = {start[0].upper(): sympy.Integer(1)}
    destroyed_by = []
    for _ in range(shot):
        after: dict[str, Any] = {}
        for state, chance in alive.items():
            for to, w in step[state].items():
                after[to] = after.get(to, 0) + chance * w
        destroyed_by.append(after.pop("X", sympy.Integer(0)))
        alive = after
    if event == "within":
        return sympy.expand(sum(destroyed_by))
    answer = sympy.expand(destroyed_by[-1])
    if leave_out == "miss then six":
        answer -= (1 - p) * q
    elif leave_out == "damage then hit":
        answer -= (p - q) * dies
    return sympy.expand(answer)


# ---------------------------------------------------------------------------------------------------------
# 6-8. the duel at 2 hexes: an absorbing Markov chain

def _shot(status: str, hit: Fraction, *, damaged_dies: bool) -> dict[str, Fraction]:
    """Where one shot sends its target, as {status after: chance}; "X" is destroyed."""
    if status == "I":
        return {"I": 1 - hit, "D": hit - SIX, "X": SIX}
    if damaged_dies:
        return {"D": 1 - hit, "X": hit}
    return {"D": 1 - SIX, "X": SIX}


def _duel_rows(hexes: int, *, red_first: bool, damaged_dies: bool, blue_fires: bool
               ) -> dict[str, dict[str, Fraction]]:
    """One round from each of the four states: the first shooter fires, then the other, if it still flies."""
    hit = _hit(hexes)
    first, second = ("R", "B") if red_first else ("B", "R")
    rows = {}
    for state in DUEL_STATES[:4]:
        status = {"R": state[0], "B": state[1]}
        row: dict[str, Fraction] = {}
        for target_after, w1 in _shot(status[second], hit, damaged_dies=damaged_dies).items():
            if target_after == "X":
                end = "Red wins" if first == "R" else "Blue wins"
                row[end] = row.get(end, F(0)) + w1
                continue
            fires_back = blue_fires or second == "R"
            replies = (_shot(status[first], hit, damaged_dies=damaged_dies) if fires_back
                       else {status[first]: F(1)})
            for shooter_after, w2 in replies.items():
                if shooter_after == "X":
                    end = "Blue wins" if first == "R" else "Red wins"
                    row[end] = row.get(end, F(0)) + w1 * w2
                    continue
                after = {first: shooter_after, second: target_after}
                key = after["R"] + after["B"]
                row[key] = row.get(key, F(0)) + w1 * w2
        rows[state] = row
    return rows


def duel_matrix(hexes: int = 2, *, red_first: bool = True, damaged_dies: bool = True, blue_fires: bool = True,
                absorbing: bool = True, transposed: bool = False, part: str = "P") -> sympy.Matrix:
    """The duel's 6 x 6 transition matrix of one round, rows and columns in the order of DUEL_STATES."""
    rows = _duel_rows(hexes, red_first=red_first, damaged_dies=damaged_dies, blue_fires=blue_fires)
    m = sympy.zeros(6, 6)
    for i, state in enumerate(DUEL_STATES[:4]):
        for to, chance in rows[state].items():
            m[i, DUEL_STATES.index(to)] = sympy.Rational(chance.numerator, chance.denominator)
    if absorbing:
        m[4, 4] = m[5, 5] = 1
    if part == "Q":
        return m[:4, :4]
    return m.T if transposed else m


def duel_rows(**choices: Any) -> list[tuple[Any, ...]]:
    """The duel's matrix as its list of rows: the key then tells which row is wrong without holding any row."""
    return [tuple(matrix_row) for matrix_row in duel_matrix(**choices).tolist()]


def _fundamental(**choices: Any) -> tuple[sympy.Matrix, sympy.Matrix]:
    """N = (I - Q)^-1 and R of the duel's chain."""
    m = duel_matrix(**choices)
    return (sympy.eye(4) - m[:4, :4]).inv(), m[:4, 4:]


def _rational(value: Any) -> Fraction:
    value = sympy.nsimplify(value)
    return F(int(value.p), int(value.q))


def red_wins(hexes: int = 2, *, start: str = "II", end: str = "Red wins", red_first: bool = True,
             damaged_dies: bool = True, blue_fires: bool = True, method: str = "B = N R") -> Fraction:
    """P(Red wins the duel) from both intact: the entry (II, Red wins) of B = N R."""
    choices = {"hexes": hexes, "red_first": red_first, "damaged_dies": damaged_dies, "blue_fires": blue_fires}
    n, r = _fundamental(**choices)
    i, j = DUEL_STATES.index(start), DUEL_STATES.index(end) - 4
    if method == "first round":  # the first round's odds of each end, as if every round were that one
        row = duel_matrix(**choices).row(i)
        return _rational(row[4 + j] / (row[4] + row[5]))
    if method == "N transposed":
        return _rational((n.T * r)[i, j])
    return _rational((n * r)[i, j])


def duel_rounds(hexes: int = 2, *, start: str = "II", red_first: bool = True, damaged_dies: bool = True,
                blue_fires: bool = True, measure: str = "row of N", method: str = "N") -> Fraction:
    """The expected number of rounds of the duel from both intact: the row sum of N for II."""
    choices = {"hexes": hexes, "red_first": red_first, "damaged_dies": damaged_dies, "blue_fires": blue_fires}
    n, _ = _fundamental(**choices)
    i = DUEL_STATES.index(start)
    if method == "first round":  # as if every round ended the duel as often as the first one
        row = duel_matrix(**choices).row(i)
        return _rational(1 / (row[4] + row[5]))
    if measure == "visits to the start":
        return _rational(n[i, i])
    if measure == "all of N":
        return _rational(sum(n))
    if measure == "rounds before the last":
        return _rational(sum(n.row(i)) - 1)
    return _rational(sum(n.row(i)))


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-its

def try_shot_one_level_up(hexes: int = 2, levels: int = 1, *, event: str = "hit") -> Fraction:
    """P(one shot hits) at 2 hexes ahead, one level apart: effective range 3 (slips: the chance to miss, or to
    damage, a hit that is not a 6)."""
    hit = _hit(hexes, levels)
    return {"miss": 1 - hit, "damage": hit - SIX}.get(event, hit)


def try_shots_while_damaged(reach: int = 1, *, entry: str = "intact, damaged", six: Fraction = SIX) -> Fraction:
    """N[intact, damaged] at effective range 1: the expected shots fired while the target is damaged."""
    hit = _hit(reach)
    if entry in ("damaged, damaged", "intact, intact"):  # a state's own entry: 1/p shots spent in it
        return 1 / hit
    if entry == "damage chance":
        return hit - six
    if entry == "row of intact":
        return 1 / hit + (hit - six) / hit ** 2
    if entry == "ever damaged":
        return (hit - six) / hit
    return (hit - six) / hit ** 2


def try_end_positions(altitude: int = 3, speed: int = 2, *, turning: str = "front-three", count: str = "ends") -> int:
    """How many end positions a plane at speed 2 has from altitude 3: the end nodes of its move graph."""
    graph = move_graph(Plane("Red 1", 0, (0, 0), 0, altitude, speed), turning=turning)
    ends = end_nodes(graph)
    if count == "sequences":
        return count_sequences(graph)
    if count == "nodes":
        return graph.number_of_nodes()
    if count == "hexes":
        return len({node[0] for node in ends})
    return len(ends)


MODELS: dict[str, Model] = {
    "at_least_one_hit": Model(
        answer=at_least_one_hit,
        variants=[
            Variant({"levels": 0}, "one level up counts as one hex further: the shot is at effective range 2, not 1"),
            Variant({"hexes": 2}, "Blue is 1 hex ahead: with the level apart that is effective range 2, not 3"),
            Variant({"shots": 3}, "that is for three shots; Red fires on four turns"),
            Variant({"event": "exactly one hit"}, "that is the chance of exactly one hit; at least one also counts "
                                                  "two, three or four hits"),
            Variant({"event": "all miss"}, "that is the chance that all four shots miss; at least one hit is the "
                                           "other case"),
            Variant({"event": "all hit"}, "that is the chance that all four shots hit"),
            Variant({"event": "at least one miss"}, "1 - P(all four hit) is the chance that at least one shot misses"),
            Variant({"event": "chances added"}, "you added the four chances: shots can hit together, so their chances "
                                                "do not add (and a probability never exceeds 1)"),
            Variant({"six_only": True}, "only a 6 hits at effective range 3; this shot is at range 2 (1 hex and 1 "
                                        "level), so a 5 or a 6 hits"),
        ],
        mistakes=[
            Mistake(F(4, 3), "you added the four chances: shots can hit together, so their chances do not add "
                             "(and a probability never exceeds 1)"),
            Mistake(F(16, 81), "that is the chance that all four shots miss; at least one hit is the other case"),
            Mistake(F(1, 81), "that is the chance that all four shots hit"),
            Mistake(F(80, 81), "1 - P(all four hit) is the chance that at least one shot misses"),
            Mistake(F(15, 16), "one level up counts as one hex further: the shot is at effective range 2, not 1"),
            Mistake(0.8025, "give it exactly"),
        ]),
    "crossfire_wait": Model(
        answer=crossfire_wait,
        variants=[
            Variant({"shooters": "red 1"}, "that is Red 1's wait alone: Red 2 fires every turn too"),
            Variant({"shooters": "red 2"}, "that is Red 2's wait alone: Red 1 fires every turn too"),
            Variant({"combine": "waits added"}, "you added the two waiting times: two shooters make the wait shorter, "
                                                "not longer"),
            Variant({"combine": "chances added"}, "you added the two chances to hit: both may hit in the same turn, "
                                                  "and 1/3 + 1/6 counts that turn twice"),
            Variant({"measure": "chance"}, "that is the chance that one turn finishes Blue; the question asks for the "
                                           "mean number of turns"),
            Variant({"measure": "turns before"}, "that leaves out the turn that destroys Blue: count it too"),
            Variant({"red_1": (1, 0)}, "Red 1 is one level below Blue: the level apart counts as one more hex"),
            Variant({"damaged": False}, "Blue is already damaged: any hit destroys it, not only a 6"),
        ],
        mistakes=[
            Mistake(9, "you added the two waiting times: two shooters make the wait shorter, not longer"),
            Mistake(2, "you added the two chances to hit: both may hit in the same turn, and 1/3 + 1/6 counts that "
                       "turn twice"),
            Mistake(F(4, 9), "that is the chance that one turn finishes Blue; the question asks for the mean number "
                             "of turns"),
            Mistake(3, "that is Red 1's wait alone: Red 2 fires every turn too"),
            Mistake(F(9, 2), "you averaged the two waiting times; find the chance that a turn ends it first"),
            Mistake(F(9, 5), "1 / P(a turn does not end it) is not the wait: invert the chance that a turn ends it"),
            Mistake(2.25, "give it exactly"),
        ]),
    "second_shot_formula": Model(
        answer=second_shot,
        variants=[
            Variant({"shot": 1}, "that is the chance to be destroyed by the first shot; the plane survives it"),
            Variant({"shot": 3}, "that is exactly the third shot; the question asks for the second"),
            Variant({"event": "within"}, "that is P(destroyed within two shots): it counts a 6 on the first shot too"),
            Variant({"start": "damaged"}, "that is the geometric law of a plane that any hit destroys; an intact "
                                          "plane needs a 6, or two hits"),
            Variant({"damaged_dies_to": "a non-six hit"}, "a damaged plane is destroyed by any hit, a 6 included: "
                                                          "the second factor is p, not p - q"),
            Variant({"damaged_dies_to": "a six"}, "a damaged plane is destroyed by any hit, not only by a 6"),
            Variant({"leave_out": "damage then hit"}, "a first shot that damages (chance p - q), then any hit, also "
                                                      "destroys at the second shot"),
            Variant({"leave_out": "miss then six"}, "a first shot that misses, then a 6, also destroys at the second "
                                                    "shot"),
        ],
        mistakes=[
            Mistake((1 - p) * q, "a first shot that damages (chance p - q), then any hit, also destroys at the second "
                                 "shot"),
            Mistake((p - q) * p, "a first shot that misses, then a 6, also destroys at the second shot"),
            Mistake((1 - p) * q + (p - q) ** 2, "a damaged plane is destroyed by any hit, a 6 included: the second "
                                               "factor is p, not p - q"),
            Mistake((1 - p) * p, "that is the geometric law of a plane that any hit destroys; an intact plane needs "
                                 "a 6, or two hits"),
            Mistake(1 - (1 - p) ** 2 - 2 * (p - q) * (1 - p), "that is P(destroyed within two shots): it counts a 6 "
                                                              "on the first shot too"),
            Mistake(p ** 2, "two hits in a row is not it: after a first 6 there is nothing left to destroy, and a "
                            "miss then a 6 counts"),
            Mistake(sympy.Rational(1, 4), "write it in the symbols p and q, not for one range"),
        ]),
    "duel_transition_matrix": Model(
        answer=duel_rows,
        variants=[
            Variant({"transposed": True}, "your matrix is transposed: row i lists where state i goes, so each ROW adds "
                                          "up to 1"),
            Variant({"absorbing": False}, "an absorbing state stays where it is: put a 1 on its diagonal"),
            Variant({"red_first": False}, "Red fires first in each round, then Blue if it still flies"),
            Variant({"damaged_dies": False}, "a damaged plane is destroyed by any hit, not only by a 6"),
            Variant({"blue_fires": False}, "Blue fires back in each round (if Red has not destroyed it)"),
            Variant({"part": "Q"}, "that is Q alone: give the whole 6 x 6 matrix, the two absorbing states included"),
            Variant({"hexes": 1}, "that is the duel at 1 hex (a 4, 5 or 6 hits); this one is at 2 hexes"),
            Variant({"hexes": 3}, "that is the duel at 3 hexes (only a 6 hits); this one is at 2 hexes"),
        ],
        mistakes=[
            Mistake(duel_rows(transposed=True), "your matrix is transposed: row i lists where state i goes, so each "
                                                  "ROW adds up to 1"),
            Mistake(duel_rows(absorbing=False), "an absorbing state stays where it is: put a 1 on its diagonal"),
            Mistake(duel_rows(red_first=False), "Red fires first in each round, then Blue if it still flies"),
            Mistake(duel_rows(damaged_dies=False), "a damaged plane is destroyed by any hit, not only by a 6"),
            Mistake(duel_rows(blue_fires=False), "Blue fires back in each round (if Red has not destroyed it)"),
            Mistake(duel_rows(part="Q"), "that is Q alone: give the whole 6 x 6 matrix, the two absorbing states "
                                           "included"),
        ]),
    "red_wins_duel": Model(
        answer=red_wins,
        variants=[
            Variant({"end": "Blue wins"}, "that is Blue's chance: read the column of 'Red wins' in B = N R"),
            Variant({"start": "ID"}, "that is the row of ID (Blue already damaged); the duel starts with both intact, "
                                     "in II"),
            Variant({"start": "DI"}, "that is the row of DI (Red already damaged); the duel starts with both intact, "
                                     "in II"),
            Variant({"start": "DD"}, "that is the row of DD (both damaged); the duel starts with both intact, in II"),
            Variant({"red_first": False}, "Red fires first in every round, then Blue if it still flies"),
            Variant({"damaged_dies": False}, "a damaged plane is destroyed by any hit, not only by a 6"),
            Variant({"hexes": 1}, "that is the duel at 1 hex (a 4, 5 or 6 hits); this one is at 2 hexes"),
            Variant({"method": "first round"}, "that uses the first round's odds for every round: once a plane is "
                                               "damaged, the odds of the next rounds change"),
            Variant({"method": "N transposed"}, "the rows of N belong to the starting states: B = N R, not N "
                                                "transposed times R"),
        ],
        mistakes=[
            Mistake(F(1, 2), "the planes are alike, but the duel is not fair: Red fires first in every round, and a "
                             "destroyed Blue never fires back"),
            Mistake(F(221, 500), "that is Blue's chance: read the column of 'Red wins' in B = N R"),
            Mistake(F(18, 25), "that is the row of ID (Blue already damaged); the duel starts with both intact, in II"),
            Mistake(F(3, 5), "that is the row of DD (both damaged); the duel starts with both intact, in II"),
            Mistake(F(6, 11), "that uses the first round's odds for every round: once a plane is damaged, the odds of "
                              "the next rounds change"),
            Mistake(F(3, 10), "the rows of N belong to the starting states: B = N R, not N transposed times R"),
            Mistake(0.558, "give it exactly"),
        ]),
    "duel_rounds": Model(
        answer=duel_rounds,
        variants=[
            Variant({"measure": "visits to the start"}, "that counts only the rounds spent in state II: add the "
                    "expected visits to every transient state (the whole row of N)"),
            Variant({"measure": "all of N"}, "you added every entry of N: only the row of the starting state II "
                                             "counts"),
            Variant({"measure": "rounds before the last"}, "that leaves out the last round, the one that ends it: "
                                                           "count it too"),
            Variant({"start": "ID"}, "that is the row of ID (Blue already damaged); this duel starts in II"),
            Variant({"start": "DD"}, "that is the row of DD (both damaged); this duel starts in II"),
            Variant({"blue_fires": False}, "Blue fires back in every round: its shots end duels too"),
            Variant({"damaged_dies": False}, "a damaged plane is destroyed by any hit, not only by a 6"),
            Variant({"method": "first round"}, "that uses the first round's chance of an end for every round; after "
                                               "a damage a round ends the duel more often"),
            Variant({"hexes": 1}, "that is the duel at 1 hex (a 4, 5 or 6 hits); this one is at 2 hexes"),
        ],
        mistakes=[
            Mistake(F(9, 5), "that counts only the rounds spent in state II: add the expected visits to every "
                             "transient state (the whole row of N)"),
            Mistake(F(4437, 500), "you added every entry of N: only the row of the starting state II counts"),
            Mistake(F(54, 25), "that is the row of a duel where one plane is already damaged; this one starts in II"),
            Mistake(F(36, 11), "that uses the first round's chance of an end for every round; after a damage a round "
                               "ends the duel more often"),
            Mistake(F(9, 2), "Blue fires back in every round: its shots end duels too"),
            Mistake(2.754, "give it exactly"),
        ]),
    "try_shot_one_level_up": Model(
        answer=try_shot_one_level_up,
        variants=[
            Variant({"levels": 0}, "one level apart counts as one more hex: 2 hexes and 1 level is effective range 3"),
            Variant({"hexes": 1}, "Blue is 2 hexes ahead, not 1: with the level apart that is effective range 3"),
            Variant({"hexes": 0}, "count the hexes and the levels apart together: the range is more than 1"),
            Variant({"levels": 2}, "that is for two levels apart, out of reach; Blue is one level above, still in "
                                   "reach"),
            Variant({"event": "miss"}, "that is the chance to miss"),
            Variant({"event": "damage"}, "that is the chance to damage, a hit that is not a 6 (p − q); the question "
                                         "asks for the chance to hit at all"),
        ],
        mistakes=[
            Mistake(F(1, 3), "one level apart counts as one more hex: 2 hexes and 1 level is effective range 3"),
            Mistake(F(1, 2), "count the hexes and the levels apart together: the range is more than 1"),
            Mistake(F(5, 6), "that is the chance to miss"),
            Mistake(0, "one level apart is still in reach; only two or more levels apart are out of reach"),
            Mistake(0.1667, "give it exactly"),
        ]),
    "try_shots_while_damaged": Model(
        answer=try_shots_while_damaged,
        variants=[
            Variant({"entry": "damaged, damaged"}, "that is 1/p, the shots spent in one state once the plane is in "
                    "it; but a 6 destroys an intact plane at once, so not every target is ever damaged"),
            Variant({"entry": "row of intact"}, "that is every shot (the whole row of N added up); count only the "
                                                "shots fired while the target is damaged"),
            Variant({"entry": "ever damaged"}, "that is the chance that the target is ever damaged; multiply by the "
                                               "shots it then takes"),
            Variant({"reach": 2}, "that is at effective range 2 (p = 1/3); this shot is at range 1, p = 1/2"),
            Variant({"six": F(0)}, "a 6 destroys an intact plane outright: only the other hits (p - q) damage it"),
            Variant({"entry": "intact, intact"}, "that is N[intact, intact], the shots fired while the target is "
                                                 "intact; the shots while it is damaged are N[intact, damaged]"),
            Variant({"entry": "damage chance"}, "that is the chance that one shot damages the target (p - q); the "
                                                "question asks for the expected number of shots while it is damaged"),
        ],
        mistakes=[
            Mistake(2, "that is 1/p, the shots spent in one state once the plane is in it; but a 6 destroys an intact "
                       "plane at once, so not every target is ever damaged"),
            Mistake(F(10, 3), "that is every shot (the whole row of N added up); count only the shots fired while the "
                              "target is damaged"),
            Mistake(F(2, 3), "that is the chance that the target is ever damaged; multiply by the shots it then "
                             "takes"),
            Mistake(1.3333, "give it exactly"),
        ]),
    "try_end_positions_altitude_three": Model(
        answer=try_end_positions,
        variants=[
            Variant({"count": "sequences"}, "you counted sequences (paths); different sequences can end in the same "
                                            "position"),
            Variant({"count": "nodes"}, "you counted every node of the graph; an end position has 0 points left"),
            Variant({"count": "hexes"}, "an end position is a hex, a facing and an altitude, not the hex alone"),
            Variant({"altitude": 1}, "that is the plane at altitude 1: start it at altitude 3"),
            Variant({"turning": "straight"}, "that is with turning='straight'; the kit's reading has three front "
                                             "hexes"),
            Variant({"speed": 3}, "that is for speed 3; the plane keeps speed 2"),
        ],
        mistakes=[
            Mistake(39, "you counted sequences (paths); different sequences can end in the same position"),
            Mistake(37, "you counted every node of the graph; an end position has 0 points left"),
            Mistake(10, "an end position is a hex, a facing and an altitude, not the hex alone"),
            Mistake(12, "that is the plane at altitude 1: start it at altitude 3"),
            Mistake(4, "that is with turning='straight'; the kit's reading has three front hexes"),
        ]),
}
