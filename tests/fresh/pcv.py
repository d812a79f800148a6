"""Fresh wrong answers to the Petit Cirque Volant exercises and the lesson's try-its."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import networkx as nx
import sympy

from circuslib.pcv import Plane
from circuslib.pcv.checks import BALLOON, DUEL_STATES, RED_SPEED, RED_START
from circuslib.pcv.graphs import count_sequences, end_nodes, move_graph
from circuslib.pcv.rules import effective_range, hit_faces, line_ahead, manoeuvre_options, manoeuvre_result

from . import FROM_A_FLOAT, Fresh, share_interval


def hit(hexes: int, levels: int = 0) -> Fraction:
    """The chance that one shot hits, from the die faces at the effective range."""
    return Fraction(len(hit_faces(effective_range(hexes, levels))), 6)


# 1. four shots, one level up
P1 = hit(1, 1)
AT_LEAST_ONE = 1 - (1 - P1) ** 4

# 3. crossfire on a damaged plane
RED_1, RED_2 = hit(1, 1), hit(3, 0)
MEAN_TURNS = 1 / (1 - (1 - RED_1) * (1 - RED_2))

# 5. destroyed by the second shot
p, q = sympy.symbols("p q")


# 6-8. the duel as a chain: the right one and its neighbours
def duel_matrix(*, hit_=Fraction(1, 3), six=Fraction(1, 6), blue_first=False, damaged_dies_to_six=False,
                absorbing=True):
    def shot(status):
        if status == "I":
            return {"I": 1 - hit_, "D": hit_ - six, "X": six}
        if damaged_dies_to_six:
            return {"D": 1 - six, "X": six}
        return {"D": 1 - hit_, "X": hit_}

    P = sympy.zeros(6, 6)
    for i, (red, blue) in enumerate(DUEL_STATES[:4]):
        first, second = (blue, red) if not blue_first else (red, blue)
        first_wins, second_wins = ("Red wins", "Blue wins") if not blue_first else ("Blue wins", "Red wins")
        for first_after, a in shot(first).items():
            if first_after == "X":
                P[i, DUEL_STATES.index(first_wins)] += a
                continue
            for second_after, b in shot(second).items():
                if second_after == "X":
                    P[i, DUEL_STATES.index(second_wins)] += a * b
                    continue
                red_after, blue_after = (second_after, first_after) if not blue_first else (first_after,
                                                                                            second_after)
                P[i, DUEL_STATES.index(red_after + blue_after)] += a * b
    if absorbing:
        P[4, 4] = P[5, 5] = 1
    return P


def absorbed(P):
    N = (sympy.eye(4) - P[:4, :4]).inv()
    return N, N * P[:4, 4:]


RIGHT = duel_matrix()
N_RIGHT, B_RIGHT = absorbed(RIGHT)
RED_WINS = B_RIGHT[0, 0]
ROUNDS = (N_RIGHT * sympy.ones(4, 1))[0]


def red_wins(**model):
    return absorbed(duel_matrix(**model))[1][0, 0]


def rounds(**model):
    return (absorbed(duel_matrix(**model))[0] * sympy.ones(4, 1))[0]


# shots in a round: Red's, and Blue's unless Red's destroyed Blue
blue_survives = [1 - RIGHT[i, 4] for i in range(4)]
SHOTS = sum(N_RIGHT[0, j] * (1 + blue_survives[j]) for j in range(4))


# 9. the duel by simulation
def one_duel(rng, *, hits=(5, 6), blue_first=False, damaged_dies_to_six=False):
    status = {"Red": "I", "Blue": "I"}
    order = ("Blue", "Red") if blue_first else ("Red", "Blue")
    while True:
        for shooter in order:
            target = "Blue" if shooter == "Red" else "Red"
            face = rng.randint(1, 6)
            if face == 6 or (face in hits and status[target] == "D" and not damaged_dies_to_six):
                return shooter == "Red"
            if face in hits:
                status[target] = "D"


def duel_simulation(*, rng_use="once", **model_and_interval):
    interval = {key: model_and_interval.pop(key) for key in ("z", "spread", "divide", "scale")
                if key in model_and_interval}

    def simulate(n, seed):
        rng = random.Random(seed)
        wins = 0
        for _ in range(n):
            if rng_use == "each":
                rng = random.Random(seed)
            wins += one_duel(random if rng_use == "global" else rng, **model_and_interval)
        return share_interval(wins, n, **interval)

    return simulate


# 11. hex distance: wrong functions
def hex_max(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def hex_manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def hex_true_division(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(-dq - dr)) / 2


def hex_euclid(a, b):
    return math.dist(a, b)


def hex_wrong_sign(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq - dr)) // 2


# 12. where the plane can end its move: the solution's search, with one slip at a time
def ends_with(*, collide=True, land=True, keep_points=False, every_node=False, with_start=False):
    def end_positions(start, speed, blocked=()):
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
                    out = (land and new_altitude < 1) or (collide and (new_hex, new_altitude) in blocked)
                    graph.add_node(child, out=out)
                    if not out and child[3] > 0:
                        todo.append(child)
                graph.add_edge(node, child, move=move)
        nodes = [n for n in nx.descendants(graph, root) if (every_node or n[3] == 0) and not graph.nodes[n]["out"]]
        return {n if keep_points else n[:3] for n in nodes} | ({tuple(start)} if with_start else set())

    return end_positions


END_POSITIONS = ends_with()


# 13. the balloon: the quickest way round, by the solution's search
def can_fire(position, balloon=BALLOON):
    hex_, facing, altitude = position
    line = line_ahead(hex_, facing)
    target, level = balloon
    return target in line and effective_range(line.index(target) + 1, level - altitude) is not None


def balloon_search():
    turns = nx.DiGraph()
    turns.add_node(RED_START)
    layer, shooting = [RED_START], []
    while not shooting:
        next_layer = []
        for position in layer:
            for end in END_POSITIONS(position, RED_SPEED, blocked={BALLOON}):
                if end not in turns:
                    next_layer.append(end)
                turns.add_edge(position, end)
        shooting = [position for position in next_layer if can_fire(position)]
        layer = next_layer
    return nx.shortest_path(turns, RED_START, shooting[0])[1:]


PATH = balloon_search()

# the lesson's try-its
ALT_3 = move_graph(Plane("Red 1", 0, (0, 0), facing=0, altitude=3, speed=2))
e = sympy.Symbol("e", integer=True, positive=True)
p_hit = (4 - e) / 6


def n_damaged(hit_, six):
    """Row intact, column damaged of N = (I - Q)^-1 for one target."""
    Q = sympy.Matrix([[1 - hit_, hit_ - six], [0, 1 - hit_]])
    return (sympy.eye(2) - Q).inv()


N_HALF = n_damaged(sympy.Rational(1, 2), sympy.Rational(1, 6))

FRESH = [
    # 1. four shots, one level up
    Fresh("at_least_one_hit", 1 - (1 - hit(1)) ** 4, "the level difference ignored: range 1",
          ("level", "higher", "effective range", "further", "range 2")),
    Fresh("at_least_one_hit", 4 * P1 * (1 - P1) ** 3, "exactly one hit", ("exactly", "at least")),
    Fresh("at_least_one_hit", (1 - P1) ** 4, "all four miss: the complement", ("complement", "miss", "1 -")),
    Fresh("at_least_one_hit", 4 * P1, "the four chances added", ("add", "overlap", "more than one", "multipl",
                                                                 "complement")),
    Fresh("at_least_one_hit", 1 - (1 - P1) ** 3, "three shots, not four", ("four", "4 shots", "three", "shots")),
    Fresh("at_least_one_hit", 1 - (1 - hit(3)) ** 4, "only the 6 hits", (r"\b6\b", "faces", "5 and 6", "only the 6",
                                                                        "range 3")),
    Fresh("at_least_one_hit", P1 ** 4, "all four hit", ("all four", "every shot", "at least one")),
    Fresh("at_least_one_hit", float(AT_LEAST_ONE), "a decimal", ("decimal", "exact", "float")),
    Fresh("at_least_one_hit", Fraction(float(AT_LEAST_ONE)), "a Fraction made from a float", FROM_A_FLOAT),
    Fresh("at_least_one_hit", 100 * AT_LEAST_ONE, "a percentage", ("percent", "%")),
    # 2. the first hit
    Fresh("first_hit", lambda k, p: p ** (k - 1) * (1 - p), "hits and misses swapped", ("miss", "swap", r"1 - p")),
    Fresh("first_hit", lambda k, p: (1 - p) ** k * p, "k misses, then a hit: off by one",
          (r"k - 1", "misses", "off by one", "k misses")),
    Fresh("first_hit", lambda k, p: (1 - float(p)) ** (k - 1) * float(p), "float(p): a decimal",
          ("decimal", "float", "exact")),
    Fresh("first_hit", lambda k, p: 1 - (1 - p) ** k, "a hit within k shots, not the first at shot k",
          ("at most", "within", "cumulative", "exactly", "first hit", "by shot")),
    Fresh("first_hit", lambda k, p: (1 - p) ** (k - 1), "the misses without the hit",
          ("then a hit", "also hit", r"times p", "one hits", "shot k")),
    Fresh("first_hit", lambda k, p: (1 - p) * (k - 1) * p, "(1 - p) * (k - 1): multiplied, not a power",
          ("power", "exponent", r"\*\*", "multipl")),
    # 3. crossfire on a damaged plane
    Fresh("crossfire_wait", 1 / (RED_1 + RED_2), "the two chances added: both hitting counted twice",
          ("add", "both hit", "overlap", "at least one", "multipl")),
    Fresh("crossfire_wait", 1 - (1 - RED_1) * (1 - RED_2), "the chance a turn ends it, not the mean wait",
          ("probability", r"1 /", "mean", "wait", "inverse", "chance")),
    Fresh("crossfire_wait", 1 / (1 - (1 - hit(1)) * (1 - RED_2)), "Red 1's level ignored",
          ("level", "below", "effective range", "further")),
    Fresh("crossfire_wait", 1 / RED_1, "Red 1 alone", ("two", "both", "red 2", "second plane")),
    Fresh("crossfire_wait", 1 / RED_1 + 1 / RED_2, "the two waits added", ("add", "waits", "both", "at least one")),
    Fresh("crossfire_wait", MEAN_TURNS - 1, "the destroying turn not counted", ("included", "destroys", "off by one",
                                                                               "before", "last turn")),
    Fresh("crossfire_wait", (1 / RED_1 + 1 / RED_2) / 2, "the average of the two waits",
          ("average", "both", "at least one")),
    Fresh("crossfire_wait", float(MEAN_TURNS), "a decimal", ("decimal", "exact", "float")),
    # 5. destroyed by the second shot
    Fresh("second_shot_formula", (1 - p) * q, "the damage-then-hit way forgotten",
          ("damage", "two ways", r"p - q", "only damages")),
    Fresh("second_shot_formula", (p - q) * p, "the miss-then-6 way forgotten", ("miss", r"1 - p", "two ways")),
    Fresh("second_shot_formula", (1 - p) * p, "a miss then any hit", (r"\b6\b", r"\bq\b", "destroy", "damage")),
    Fresh("second_shot_formula", (1 - q) * q, "survives the first, a 6 on the second", (r"\bp\b", "miss", "damage")),
    Fresh("second_shot_formula", (1 - p) * q + (p - q) * q, "a damaged plane destroyed only by a 6",
          ("any hit", "damaged", "only a 6")),
    Fresh("second_shot_formula", q + (1 - p) * q + (p - q) * p, "destroyed by the first or the second shot",
          ("exactly", "survives the first", "first shot", "at most", "within")),
    Fresh("second_shot_formula", ((1 - p) * q + (p - q) * p).subs({p: sympy.Rational(1, 3), q: sympy.Rational(1, 6)}),
          "the value at range 2, not the formula", ("symbol", r"\bp\b", "formula", "number")),
    Fresh("second_shot_formula", (1 - sympy.Symbol("P")) * sympy.Symbol("Q") + (sympy.Symbol("P") - sympy.Symbol("Q"))
          * sympy.Symbol("P"), "symbols P and Q, capitals", ("symbol", r"\bp\b", "names", "lower")),
    # 6. the duel's transition matrix
    Fresh("duel_transition_matrix", duel_matrix(blue_first=True), "Blue fires first", ("red fires first", "order",
                                                                                       "first", "blue")),
    Fresh("duel_transition_matrix", duel_matrix(damaged_dies_to_six=True), "a damaged plane dies only to a 6",
          ("any hit", "only by a 6", "only to a 6", r"\b5\b")),
    Fresh("duel_transition_matrix", duel_matrix(absorbing=False), "the two end rows left at zero",
          ("absorb", "end", "stay", "row")),
    Fresh("duel_transition_matrix", duel_matrix(hit_=Fraction(1, 2)), "range 1: 4, 5 and 6 hit",
          ("range", "2 hexes", "5 or 6", "faces", "1/3")),
    Fresh("duel_transition_matrix", duel_matrix().T, "transposed: columns for rows", ("transpos", "row", "column")),
    Fresh("duel_transition_matrix", duel_matrix().applyfunc(lambda x: sympy.Float(x)), "decimal entries",
          ("decimal", "float", "exact")),
    # 7. who wins the duel
    Fresh("red_wins_duel", red_wins(blue_first=True), "Blue fires first", ("first", "order")),
    Fresh("red_wins_duel", 1 - RED_WINS, "Blue's chance, the complement", ("complement", "blue", "1 -")),
    Fresh("red_wins_duel", red_wins(damaged_dies_to_six=True), "a damaged plane dies only to a 6",
          ("any hit", "only by a 6", "only to a 6", r"\b5\b")),
    Fresh("red_wins_duel", Fraction(1, 2), "alike planes, so one half", ("first", "symmetr", "alike", "half")),
    Fresh("red_wins_duel", RIGHT[0, 4], "Red wins in the first round only", ("first round", "rounds", "only one",
                                                                             "later")),
    Fresh("red_wins_duel", red_wins(hit_=Fraction(1, 2)), "range 1", ("range", "2 hexes", "5 or 6", "faces")),
    Fresh("red_wins_duel", float(RED_WINS), "a decimal", ("decimal", "exact", "float")),
    Fresh("red_wins_duel", Fraction(float(RED_WINS)), "a Fraction made from a float", FROM_A_FLOAT),
    # 8. how long the duel lasts
    Fresh("duel_rounds", ROUNDS - 1, "the last round not counted", ("included", "last round", "off by one",
                                                                    "ends it")),
    Fresh("duel_rounds", SHOTS, "shots, not rounds", ("shots", "rounds", "two shots", "a round")),
    Fresh("duel_rounds", N_RIGHT[0, 0], "the rounds spent in II only", ("row", "sum", "every state", "all states",
                                                                        "row sum")),
    Fresh("duel_rounds", sum(N_RIGHT), "every entry of N added", ("row", "start", "first row", "intact", "from ii")),
    Fresh("duel_rounds", rounds(hit_=Fraction(1, 2)), "range 1", ("range", "2 hexes", "5 or 6", "faces")),
    Fresh("duel_rounds", float(ROUNDS), "a decimal", ("decimal", "exact", "float")),
    # 9. the duel by simulation
    Fresh("duel_simulation", duel_simulation(blue_first=True), "Blue fires first", ("first", "order", "blue"),
          simulation=True),
    Fresh("duel_simulation", duel_simulation(damaged_dies_to_six=True), "a damaged plane dies only to a 6",
          ("any hit", "only by a 6", "only to a 6", r"\b5\b"), simulation=True),
    Fresh("duel_simulation", duel_simulation(hits=(4, 5, 6)), "range 1: 4, 5 and 6 hit",
          ("range", "2 hexes", "5 or 6", "faces"), simulation=True),
    Fresh("duel_simulation", duel_simulation(hits=(6,)), "range 3: only the 6 hits",
          ("range", "2 hexes", "5 or 6", "faces"), simulation=True),
    Fresh("duel_simulation", duel_simulation(rng_use="global"), "the global random, not rng",
          ("rng", r"random\.random\(seed\)", "seed", "repeat"), simulation=True),
    Fresh("duel_simulation", duel_simulation(rng_use="each"), "random.Random(seed) made again for every duel",
          ("same seed", "once", "every duel", "inside the loop", "each duel", "one generator", "re-creat"),
          simulation=True),
    Fresh("duel_simulation", duel_simulation(z=1.645), "a 90% interval", ("1.645", "90", "95%", "1.96",
                                                                         "confidence level"), simulation=True),
    Fresh("duel_simulation", duel_simulation(z=1), "no 1.96", ("1.96", "68"), simulation=True),
    Fresh("duel_simulation", duel_simulation(spread="variance"), "p(1 - p) without its square root",
          ("variance", r"square root of p", r"sqrt\(p", "standard deviation"), simulation=True),
    Fresh("duel_simulation", duel_simulation(scale="n"), "the count of wins, not the share",
          ("count", "share", "divide by n", "number of wins", "wins"), simulation=True),
    # 11. hex distance
    Fresh("hex_distance", hex_max, "the larger of |dq| and |dr|: the third coordinate forgotten",
          ("cube", "third", r"\bs\b", "-q - r")),
    Fresh("hex_distance", hex_manhattan, "|dq| + |dr|, not halved cube coordinates",
          ("cube", "third", r"\bs\b", "diagonal", "manhattan", "half", "/ 2")),
    Fresh("hex_distance", hex_true_division, "/ 2, not // 2: a decimal", ("decimal", "float", "//", "whole")),
    Fresh("hex_distance", hex_euclid, "the straight-line distance", ("decimal", "steps", "euclid", "straight")),
    Fresh("hex_distance", hex_wrong_sign, "s = q - r, not -q - r", (r"s =", "-q - r", "sign", "third", "cube")),
    # 12. where the plane can end its move
    Fresh("end_positions", ends_with(keep_points=True), "the points left kept in each position",
          ("points", "three", r"\(hex, facing, altitude\)", "4-tuple", "four")),
    Fresh("end_positions", ends_with(collide=False), "the other planes' hexes not blocked",
          ("blocked", "collision", "collide", "other planes")),
    Fresh("end_positions", ends_with(land=False), "a landed plane still counted", ("landed", "altitude 0", "out")),
    Fresh("end_positions", ends_with(every_node=True), "every position on the way, not only the ends",
          ("exactly", "spend", "points left", "every point", "on the way", "intermediate")),
    Fresh("end_positions", ends_with(with_start=True), "the start counted too", ("start",)),
    # 13. the balloon behind you
    Fresh("balloon_path", [RED_START, *PATH], "the start included", ("start",)),
    Fresh("balloon_path", PATH[:-1], "one turn short: no shot yet", ("fire", "line", "cannot", "balloon", "shot")),
    Fresh("balloon_path", PATH[::-1], "in reverse",
          ("order", "reverse", "first turn", "legal", "reach", "cannot get from")),
    Fresh("balloon_path", [(*position, 0) for position in PATH], "(hex, facing, altitude, points) positions",
          ("points", "three", r"\(hex, facing, altitude\)", "four")),
    Fresh("balloon_path", [PATH[-1]], "the last position alone", ("every turn", "each turn", "after each",
                                                                  "legal", "reach", "one move", "cannot get from")),
    # the lesson's try-its
    Fresh("try_shot_one_level_up", hit(2), "the level ignored: range 2", ("level", "above", "further",
                                                                         "effective range")),
    Fresh("try_shot_one_level_up", hit(1), "one level up taken as one hex closer", ("further", "level", "adds",
                                                                                    "closer")),
    Fresh("try_shot_one_level_up", hit(2, 1) - Fraction(1, 6), "the chance to damage, not to hit",
          ("damage", r"p - q", "any hit", "destroy")),
    Fresh("try_shot_one_level_up", 1 - hit(2, 1), "the chance to miss", ("complement", "miss", "1 -")),
    Fresh("try_shot_one_level_up", p_hit, "p_hit with e not substituted", ("symbol", "subs", r"\be\b", "substitut")),
    Fresh("try_shot_one_level_up", float(hit(2, 1)), "a decimal", ("decimal", "exact", "float")),
    Fresh("try_shots_while_damaged", N_HALF[0, 0], "N's intact column",
          ("column", "while intact", "while it is intact", r"n\[intact, intact\]")),
    Fresh("try_shots_while_damaged", N_HALF[1, 1], "N's row damaged: E_D", ("row", "from damaged", "starting",
                                                                            "e_d", r"1/p", "once the plane is in")),
    Fresh("try_shots_while_damaged", N_HALF[0, 0] + N_HALF[0, 1], "every shot from intact: E_I",
          ("total", "all shots", "every shot", "row sum", "whole row", "e_i")),
    Fresh("try_shots_while_damaged", sympy.Rational(1, 2) - sympy.Rational(1, 6), "the chance to damage",
          ("chance", "expected", "number of shots", r"\bn\b")),
    Fresh("try_shots_while_damaged", n_damaged(sympy.Rational(1, 3), sympy.Rational(1, 6))[0, 1], "at range 2",
          ("range", r"p = 1/2", "1/2")),
    Fresh("try_shots_while_damaged", float(N_HALF[0, 1]), "a decimal", ("decimal", "exact", "float")),
    Fresh("try_shots_while_damaged", Fraction(float(N_HALF[0, 1])), "a Fraction made from a float", FROM_A_FLOAT),
    Fresh("try_end_positions_altitude_three", count_sequences(ALT_3), "sequences, not end positions",
          ("sequence", "path", "end position", "node")),
    Fresh("try_end_positions_altitude_three", len(end_nodes(move_graph(Plane("Red 1", 0, (0, 0), facing=0,
                                                                              altitude=1, speed=2)))),
          "altitude 1, the lesson's plane", ("altitude", r"\b3\b", r"\b1\b")),
    Fresh("try_end_positions_altitude_three", len(end_nodes(move_graph(Plane("Red 1", 0, (0, 0), facing=0,
                                                                              altitude=3, speed=3)))),
          "speed 3", ("speed",)),
    Fresh("try_end_positions_altitude_three", ALT_3.number_of_nodes(), "every node of the graph",
          ("node", "end", "points left", "0 points")),
]
