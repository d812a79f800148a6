"""Le Petit Cirque Volant's simulation on the teacher's side: P(Red wins) of the duel at 2 hexes (Red fires first,
a 5 or 6 hits, a 6 destroys, a hit destroys a damaged plane), and the duels students simulate instead, each exact
from its absorbing chain."""
from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from fractions import Fraction

from circuslib.core.exact import AbsorbingChain
from circuslib.core.tutor import Neighbour, Simulation

__all__ = ["SIMULATIONS", "red_wins"]


def _shot(status: str, hit: Fraction, damaged_dies: bool, every_hit_destroys: bool) -> dict[str, Fraction]:
    """Where one shot leaves its target: intact I, damaged D or destroyed X."""
    six = Fraction(1, 6)
    if every_hit_destroys:
        return {status: 1 - hit, "X": hit}
    if status == "I":
        return {"I": 1 - hit, "D": hit - six, "X": six}
    return {"D": 1 - hit, "X": hit} if damaged_dies else {"D": 1 - six, "X": six}


def red_wins(*, hexes: int = 2, blue_first: bool = False, damaged_dies: bool = True, blue_fires: bool = True,
             every_hit_destroys: bool = False) -> Fraction:
    """P(Red wins) from both intact: at ``hexes`` a die face of 3 + hexes or more hits, a 6 destroys."""
    hit = Fraction(4 - hexes, 6)
    order = ("B", "R") if blue_first else ("R", "B")
    rows: dict[Hashable, Mapping[Hashable, Fraction]] = {}
    for red in "ID":
        for blue in "ID":
            row: dict[Hashable, Fraction] = {}
            # each branch: (the planes' status, its chance, whose turn comes next in the round)
            branches = [({"R": red, "B": blue}, Fraction(1), 0)]
            while branches:
                status, chance, turn = branches.pop()
                if turn == 2:
                    key = status["R"] + status["B"]
                    row[key] = row.get(key, Fraction(0)) + chance
                    continue
                shooter = order[turn]
                if shooter == "B" and not blue_fires:
                    branches.append((status, chance, turn + 1))
                    continue
                target = "B" if shooter == "R" else "R"
                for after, w in _shot(status[target], hit, damaged_dies, every_hit_destroys).items():
                    if after == "X":
                        end = "Red wins" if shooter == "R" else "Blue wins"
                        row[end] = row.get(end, Fraction(0)) + chance * w
                    else:
                        branches.append(({**status, target: after}, chance * w, turn + 1))
            rows[red + blue] = row
    return Fraction(AbsorbingChain(rows).absorption_probabilities()["II"]["Red wins"])


def _neighbour(hint: str, **choices: bool | int) -> Neighbour:
    return Neighbour(hint, value=red_wins(**choices))  # type: ignore[arg-type]


_TRUTH = red_wins()

SIMULATIONS: dict[str, Simulation] = {
    "duel_simulation": Simulation(
        value=_TRUTH, spread=math.sqrt(_TRUTH * (1 - _TRUTH)),
        neighbours=[
            _neighbour("Blue fires first in your rounds: Red fires first, then Blue if it still flies",
                       blue_first=True),
            _neighbour("in your duel a damaged plane dies only to a 6: any hit (a 5 or a 6) destroys a damaged "
                       "plane", damaged_dies=False),
            _neighbour("that is a duel at 1 hex, where a 4 already hits: at 2 hexes a shot hits on a 5 or a 6",
                       hexes=1),
            _neighbour("that is a duel at 3 hexes, where only a 6 hits: at 2 hexes a 5 hits too", hexes=3),
            _neighbour("in your duel any hit destroys: a 5 damages an intact plane, only a 6 destroys it outright",
                       every_hit_destroys=True),
            Neighbour("that is Blue's chance of winning: count the duels Red wins", value=1 - _TRUTH),
        ]),
}
