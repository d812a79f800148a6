"""Search and graphs for Flip Circus: every winning turn, the positions one turn away, and swap distances.

``winning_turns`` searches over what the player to move knows: the visible faces, the backs they have seen,
and for every unseen back the exact chances from the hidden worlds (``rules._worlds``, what ``odds.hidden_worlds``
counts). A plan is a fixed sequence of moves;
when it flips an unseen token its outcome is uncertain, and its probability is summed over the hidden worlds.
"""
from __future__ import annotations

from collections import Counter, deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from ..core.args import flag, items, limit, whole
from ..core.exact import to_rational
from ..core.game import GameState, Move, describe
from ..core.graphs import build_graph
from .pictures import ONE_TURN
from .rules import (
    ACROBATE,
    ARTISTS,
    CLOWN,
    ENCORE,
    END_TURN,
    MAGICIEN,
    MAKE_RETURN,
    MUSCLES,
    SIZE,
    TAKE_APPLAUSE,
    FlipCircusState,
    PlayerView,
    _grows_clowns,
    _power_pair,
    _ring_items,
    _worlds,
    flip,
    power,
    power_problem,
    swap,
    swap_problem,
)

if TYPE_CHECKING:
    import networkx as nx
    import sympy

__all__ = [
    "WinningTurn", "winning_turns", "likeliest_first_move", "can_take_poster", "trio_need", "one_turn_graph",
    "swap_distance", "shortest_swaps", "swap_graph", "swaps_to_trio",
]

BOOKKEEPING = (ENCORE, END_TURN, TAKE_APPLAUSE, MAKE_RETURN)
SWAPS = tuple(swap(i) for i in range(SIZE))
FLIPS = tuple(flip(i) for i in range(SIZE))
POWERS = tuple(power(i) for i in range(SIZE))
RIGHT = tuple((i + 1) % SIZE for i in range(SIZE))
# inside the search a move is its index in TABLE: swaps 0-9, flips 10-19, powers 20-29, then the bookkeeping
TABLE = SWAPS + FLIPS + POWERS + BOOKKEEPING
FLIP_CODES = list(range(SIZE, 2 * SIZE))
POWER_BASE = 2 * SIZE
ENCORE_CODE, END_CODE, TAKE_CODE, RETURN_CODE = (TABLE.index(m) for m in BOOKKEEPING)
TOUCHED = tuple((i, RIGHT[i]) for i in range(SIZE)) + tuple((i,) for i in range(SIZE))
WINDOWS = tuple(((m - 1) % SIZE, m, RIGHT[m]) for m in range(SIZE))  # each window of three: left, middle, right


def _windows_through(places) -> tuple:
    """The windows of three neighbours (left, middle, right places) through any of ``places``, each once."""
    windows = []
    for p in places:
        for m in (p - 1, p, p + 1):
            window = ((m - 1) % SIZE, m % SIZE, (m + 1) % SIZE)
            if window not in windows:
                windows.append(window)
    return tuple(windows)


# the windows through each place, and through each pair of neighbours a swap changes (a power's pair is looked up
# in _WINDOWS_NEAR and added there the first time it is asked for)
_WINDOWS_NEAR = {places: _windows_through(places) for places in
                 [(i,) for i in range(SIZE)] + [(i, RIGHT[i]) for i in range(SIZE)]}


def _has_trio_near(faces: Sequence[str], available: frozenset, places: tuple) -> bool:
    """Whether a trio with a free poster goes through one of ``places`` (the search's hot check: before the
    action there was no trio, so a new one must use a place the action changed)."""
    windows = _WINDOWS_NEAR.get(places)
    if windows is None:
        windows = _WINDOWS_NEAR[tuple(places)] = _windows_through(places)  # at most 100 pairs of places
    for i, m, j in windows:
        f = faces[m]
        if f == faces[i] and f == faces[j] and f in available:
            return True
    return False


@dataclass(frozen=True)
class WinningTurn:
    """A sequence of this turn's moves that takes a poster, and the exact chance that it does."""

    moves: tuple
    probability: sympy.Rational

    @property
    def actions(self) -> int:
        """How many actions the plan uses (Applause spending and Clown rewards not counted)."""
        return sum(m not in BOOKKEEPING for m in self.moves)

    def __str__(self) -> str:
        return f"{', '.join(map(str, self.moves))}  (probability {self.probability})"


def _faces_and_posters(faces, available) -> tuple[tuple, tuple]:
    """The ten visible faces of a ring and the poster artists still available, checked."""
    faces = items(faces, "faces", low=SIZE, high=SIZE)
    available = items(available, "available")
    for artist in faces + available:
        if type(artist) is not str or artist not in ARTISTS:
            raise ValueError(f"faces and posters are artists ({', '.join(ARTISTS)}), not {describe(artist)}")
    return faces, available


def trio_need(faces: Sequence[str], available: Sequence[str]) -> int:
    """The fewest actions that could possibly complete a trio: each action changes at most one place of a window
    of three neighbours (a swap inside the window only reorders it), so the least number of wrong places is a
    lower bound."""
    faces, available = _faces_and_posters(faces, available)
    return _trio_need(faces, available)


def _trio_need(faces: Sequence[str], available) -> int:
    """``trio_need`` without the argument checks (the bots call it for every move they weigh)."""
    best = 3
    a, b = faces[SIZE - 2], faces[SIZE - 1]
    for c in faces:  # each window (a, b, c) of three neighbours once
        # a face shown twice in the window is one place short of a trio, if its poster is free
        pair = a if (a == b or a == c) else b if b == c else None
        if pair is not None and pair in available:
            if a == b == c:
                return 0
            best = 1
        elif best == 3 and (a in available or b in available or c in available):
            best = 2  # one place right: two to change
        a, b = b, c
    return best


_UNKNOWN = object()  # a table not made yet (None is a table's answer: no window one place short of a trio)
# the answer "no plan", shared by every position that has none and never changed (most positions have none:
# one shared dict instead of thousands of empty ones to keep, and for the garbage collector to go through)
_NO_PLAN: dict = {}
_DIGIT = {artist: str(k) for k, artist in enumerate(ARTISTS)}  # an artist as one digit
_ONLY = {artist: str.maketrans({str(k): "1" if other == artist else "0" for k, other in enumerate(ARTISTS)})
         for artist in ARTISTS}  # the digits of one artist to 1, the others to 0


class _Search:
    """Depth-first search over plans, memoised on the position and on what the flips so far revealed.

    Inside the search a move is a small number (an index into ``TABLE``) and a position is two tuples: the
    visible faces and the backs (an artist, or the number of a hidden slot whose back is unseen). Whether a Clown
    group grows is read from the faces at the places an action changed (``rules._grows_clowns``), so the tokens'
    identities are not needed. Counts of hidden worlds are whole numbers, so branches simply add up; the
    division by the total comes once, at the end.
    """

    def __init__(self, view: PlayerView, worlds, max_applause: int) -> None:
        self.options = view.options
        # (world, count) pairs: a Counter's items, or odds' own tuple of them (no Counter to build per search)
        self.worlds = list(worlds.items()) if isinstance(worlds, Counter) else list(worlds)
        self.available = frozenset(view.available_posters())
        self.five_clowns = self.options.five_clowns_rule and all(len(p) == 2 for p in view.posters)
        self.clowns = self.options.tokens.count(CLOWN)
        self.cap = max_applause
        self.memo: dict = {}
        self.last_memo: dict = {}  # the children with one possible action left (``_last_plans``)
        self.dists: dict = {}
        self.filtered: dict = {}
        self.weights: dict = {}
        self.moves_at: dict = {}
        # the kit's ten tokens are all different, so every world counts once: a set of worlds is then a bitmask
        # (bit k: the k-th world), filtered with one ``&`` and counted with ``bit_count``
        self.unit = all(n == 1 for _, n in self.worlds)
        self.masks: dict = {}
        self.sets: dict = {}
        self.columns: list | None = None
        self.finishes: dict = {}

    def consistent(self, constraints: frozenset) -> list:
        """The hidden worlds that agree with what the flips so far revealed (filtered one reveal at a time)."""
        if constraints not in self.filtered:
            if not constraints:
                self.filtered[constraints] = self.worlds
            else:
                last = max(constraints)
                slot, face = last
                self.filtered[constraints] = [(w, n) for w, n in self.consistent(constraints - {last})
                                              if w[slot] == face]
        return self.filtered[constraints]

    def slot_masks(self, slot: int) -> list[tuple[str, int]]:
        """Each back possible at ``slot``, with the bitmask of the worlds that have it there (backs in order)."""
        masks = self.masks.get(slot)
        if masks is None:
            if self.columns is None:
                self.columns = list(zip(*(world for world, _ in self.worlds)))  # the worlds slot by slot
            backs = self.columns[slot]
            # the slot's backs as a string of digits, last world first, read in base 2 once per back
            digits = "".join(map(_DIGIT.__getitem__, reversed(backs)))
            masks = self.masks[slot] = [(back, int(digits.translate(_ONLY[back]), 2)) for back in sorted(set(backs))]
        return masks

    def world_set(self, constraints: frozenset) -> int:
        """``consistent`` as a bitmask of worlds (when every world counts once)."""
        found = self.sets.get(constraints)
        if found is None:
            if not constraints:
                found = (1 << len(self.worlds)) - 1
            else:
                last = max(constraints)
                slot, face = last
                found = self.world_set(constraints - {last}) & dict(self.slot_masks(slot)).get(face, 0)
            self.sets[constraints] = found
        return found

    def back_dist(self, constraints: frozenset, slot: int) -> list[tuple[str, int]]:
        """The backs still possible at ``slot`` given what earlier flips revealed, each with its count of worlds."""
        key = (constraints, slot)
        dist = self.dists.get(key)
        if dist is None:
            if self.unit:
                among = self.world_set(constraints)
                dist = [(back, n) for back, mask in self.slot_masks(slot) if (n := (among & mask).bit_count())]
            else:
                counts: dict = {}
                for world, weight in self.consistent(constraints):
                    back = world[slot]
                    counts[back] = counts.get(back, 0) + weight
                dist = sorted(counts.items())
            self.dists[key] = dist
        return dist

    def weight(self, constraints: frozenset) -> int:
        if constraints not in self.weights:
            self.weights[constraints] = (self.world_set(constraints).bit_count() if self.unit else
                                         sum(n for _, n in self.consistent(constraints)))
        return self.weights[constraints]

    def budget(self, actions_left: int, applause: int, reserve: int, spent: int) -> int:
        return actions_left + min(applause + reserve, self.cap - spent)

    def actions(self, faces: tuple) -> list[int]:
        codes = [i for i in range(SIZE) if faces[i] != MUSCLES and faces[RIGHT[i]] != MUSCLES]  # swaps
        codes += FLIP_CODES
        codes += [POWER_BASE + i for i in range(SIZE)
                  if faces[i] in (ACROBATE, MAGICIEN) and power_problem(faces, i) is None]
        return codes

    def finishing(self, faces: tuple) -> tuple[tuple, tuple] | None:
        """What the turn's last action can do on these faces (``_finishing_moves``), None when no window is one
        place short of a trio; kept for the rest of this search only (a table kept for every search would hold
        thousands of small objects, and a kernel's garbage collector would go through them)."""
        found = self.finishes.get(faces, _UNKNOWN)
        if found is _UNKNOWN:
            found = self.finishes[faces] = _finishing_moves(faces, self.available)
        return found

    def plans(self, faces, backs, constraints, actions_left, applause, reserve, opponent, spent) -> dict:
        budget = self.budget(actions_left, applause, reserve, spent)
        if budget == 1 and not self.five_clowns:
            # the last possible action must change a wrong place of a window one place short of a trio: with no
            # such window there is no plan (checked before the memo, whose keys are slow to hash)
            finishing = self.finishing(faces)
            if finishing is None:
                return _NO_PLAN
        else:
            finishing = None
        key = (faces, backs, constraints, actions_left, applause, reserve, opponent, spent)
        if key in self.memo:
            return self.memo[key]
        result: dict = {}
        if finishing is not None:
            need = 1  # some window is one place short, so trio_need would be at most 1
        else:
            need = _trio_need(faces, self.available) if budget < 3 else 0  # a window never lacks more than 3
        if self.five_clowns:
            need = min(need, self.clowns - faces.count(CLOWN))
        if need <= budget:
            prefix: tuple = ()
            if not actions_left:
                if applause and spent < self.cap:
                    prefix, actions_left, applause, spent = (ENCORE_CODE,), 1, applause - 1, spent + 1
                else:
                    self.memo[key] = _NO_PLAN
                    return _NO_PLAN
            if finishing is not None:
                # the last possible action must change a wrong place of a window one place short of a trio
                self._last_action(result, prefix, faces, backs, constraints, finishing)
                result = self.memo[key] = result or _NO_PLAN
                return result
            codes = self.moves_at.get(faces)
            if codes is None:
                codes = self.moves_at[faces] = self.actions(faces)
            for code in codes:
                self._expand(result, prefix + (code,), faces, backs, constraints, code, actions_left - 1,
                             applause, reserve, opponent, spent, _touched(faces, code))
        result = self.memo[key] = result or _NO_PLAN
        return result

    def _last_action(self, result, prefix, faces, backs, constraints, finishing) -> None:
        """The turn's last possible action (``_expand`` without what only matters when more can follow): the
        actions that complete a trio on these faces (``_finishing_moves``), each with its count of worlds."""
        sure, flips = finishing
        if sure:
            whole_weight = self.weight(constraints)
            for code in sure:
                plan = prefix + (code,)
                result[plan] = result.get(plan, 0) + whole_weight
        for code, i, wanted in flips:  # a flip: the backs that would complete a trio here
            back = backs[i]
            plan = prefix + (code,)
            if isinstance(back, int):  # unseen: every back still possible, with its count of worlds
                for seen, p in self.back_dist(constraints, back):
                    if seen in wanted:
                        result[plan] = result.get(plan, 0) + p
            elif back in wanted:
                result[plan] = result.get(plan, 0) + self.weight(constraints)

    def _outcomes(self, faces, backs, constraints, code) -> list:
        """Each outcome of an action: (its count of worlds, or None for all of them; the faces it shows; the back
        it reveals, as (slot, back), or None). The backs and reveals of the child are made only for the
        outcomes that go on (``_child``): most children of the turn's last but one action are dropped at once."""
        if code < SIZE or code >= POWER_BASE:
            i, j = TOUCHED[code] if code < SIZE else _power_pair(faces, code - POWER_BASE)
            f = list(faces)
            f[i], f[j] = f[j], f[i]
            return [(None, tuple(f), None)]
        i = code - SIZE
        back = backs[i]
        if isinstance(back, int):  # unseen: every back still possible, with its count of worlds
            return [(p, faces[:i] + (seen,) + faces[i + 1:], (back, seen))
                    for seen, p in self.back_dist(constraints, back)]
        return [(None, faces[:i] + (back,) + faces[i + 1:], None)]

    @staticmethod
    def _child(faces, backs, constraints, code, touched, reveal) -> tuple:
        """The backs and reveals after an action (see ``_outcomes``)."""
        if SIZE <= code < POWER_BASE:  # a flip: the face that was up is now the back, seen by all
            i = code - SIZE
            return backs[:i] + (faces[i],) + backs[i + 1:], constraints if reveal is None else constraints | {reveal}
        i, j = touched
        b = list(backs)
        b[i], b[j] = b[j], b[i]
        return tuple(b), constraints

    def _last_plans(self, faces, new_faces, backs, constraints, code, touched, reveal, actions_left, applause,
                    spent, finishing) -> dict:
        """``plans`` for the child of an action when one possible action is left (``finishing``: what that action
        can do on the child's faces). Only the child's faces and backs, what the flips revealed and whether that
        action is bought with an Applause decide it: Applause, reserve and opponent matter only when more can
        follow, so these children are kept under that smaller key (more of them are found again, quicker to hash)."""
        if actions_left:
            prefix: tuple = ()
        elif applause and spent < self.cap:
            prefix = (ENCORE_CODE,)  # the last action is an extra one, bought with an Applause
        else:
            return _NO_PLAN
        if SIZE <= code < POWER_BASE:  # a flip: the face that was up is now the back, seen by all
            i = code - SIZE
            new_backs = backs[:i] + (faces[i],) + backs[i + 1:]
            if reveal is not None:
                constraints = constraints | {reveal}
        else:
            i, j = touched
            b = list(backs)
            b[i], b[j] = b[j], b[i]
            new_backs = tuple(b)
        key = (new_faces, new_backs, constraints, prefix)
        found = self.last_memo.get(key)
        if found is None:
            found = {}
            self._last_action(found, prefix, new_faces, new_backs, constraints, finishing)
            found = self.last_memo[key] = found or _NO_PLAN
        return found

    def _expand(self, result, plan, faces, backs, constraints, code, actions_left, applause, reserve,
                opponent, spent, touched):
        whole_weight = None
        more = actions_left + min(applause + reserve, self.cap - spent) or self.five_clowns
        # with one action left after this one (a Clowns' reward only moves an Applause from the reserve to the
        # hand, which leaves that budget as it is), a child without a near-trio has no plan: skip it early
        last = more == 1 and not self.five_clowns
        # a swap by a power groups Clowns only under the kit's reading; a swap and a flip always can
        moved = code < POWER_BASE or self.options.special_swaps_group_clowns
        if SIZE <= code < POWER_BASE:
            outcomes = self._outcomes(faces, backs, constraints, code)
        else:  # a swap (ordinary or by a power) of the two places it touches: one sure outcome
            i, j = touched
            swapped = list(faces)
            swapped[i], swapped[j] = faces[j], faces[i]
            outcomes = ((None, tuple(swapped), None),)
        for p, new_faces, reveal in outcomes:
            step, a, r, o = plan, applause, reserve, opponent
            if p is None:
                if whole_weight is None:
                    whole_weight = self.weight(constraints)
                p = whole_weight
            if _has_trio_near(new_faces, self.available, touched):
                result[plan] = result.get(plan, 0) + p
                continue
            if not more:
                continue  # nothing more can be done this turn
            if last:
                finishing = self.finishing(new_faces)
                if finishing is None:
                    continue
            if moved and (r or o) and _grows_clowns(faces, new_faces, touched):  # a Clown group made or enlarged
                if r:  # the Clowns' reward: an Applause from the reserve is one more possible action
                    step, a, r = plan + (TAKE_CODE,), a + 1, r - 1
                else:
                    step, o = plan + (RETURN_CODE,), o - 1
            if self.five_clowns and not actions_left and new_faces.count(CLOWN) == self.clowns:
                ending = step + ((END_CODE,) if a else ())
                result[ending] = result.get(ending, 0) + p
                continue
            if last:
                rests = self._last_plans(faces, new_faces, backs, constraints, code, touched, reveal, actions_left,
                                         a, spent, finishing)
            else:
                new_backs, known = self._child(faces, backs, constraints, code, touched, reveal)
                rests = self.plans(new_faces, new_backs, known, actions_left, a, r, o, spent)
            # the child's counts are already counts of worlds inside this branch: they simply add up
            for rest, q in rests.items():
                whole = step + rest
                result[whole] = result.get(whole, 0) + q


def _last_places(faces: tuple, available: frozenset) -> set:
    """The wrong places of the windows of three neighbours one place short of a trio with a free poster: the
    turn's last action must change one of them to take a poster."""
    places = set()
    for left_place, m, right_place in WINDOWS:
        f, left, right = faces[m], faces[left_place], faces[right_place]
        # each window is compared once: a trio (all three equal) or three different faces add nothing
        if f == left:
            if right != f and f in available:
                places.add(right_place)
        elif f == right:
            if f in available:
                places.add(left_place)
        elif left == right and left in available:
            places.add(m)
    return places


def _finishing_moves(faces: tuple, available: frozenset) -> tuple[tuple, tuple] | None:
    """What a turn's last action can do on these faces, or None when no window is one place short of a trio.

    Returns (the swaps and powers that complete a trio, as codes; the flips that would if the back is right, as
    (code, place, the artists that would)): only the visible faces decide it (``_Search.finishing`` keeps it per
    ring during one search)."""
    targets = _last_places(faces, available)
    return _finishing_table(faces, available, targets) if targets else None


def _finishing_table(faces: tuple, available: frozenset, targets: set) -> tuple[tuple, tuple]:
    """``_finishing_moves`` once the places to change (``_last_places``, not empty) are known: the flip of each
    such place, and each swap or power allowed on these faces that changes one of them (the actions
    ``_Search.actions`` lists, found from the places), tried once."""
    flips, tried = [], {}
    for t in sorted(targets):
        wanted = _completing(faces, available, t)
        if wanted:
            flips.append((SIZE + t, t, wanted))
        left, right = (t - 1) % SIZE, RIGHT[t]
        if faces[t] != MUSCLES:  # ordinary swaps: a visible Monsieur Muscles resists
            if faces[left] != MUSCLES and left not in tried:
                tried[left] = _swap_completes(faces, available, TOUCHED[left])  # swap left, t
            if faces[right] != MUSCLES and t not in tried:
                tried[t] = _swap_completes(faces, available, TOUCHED[t])  # swap t, right
        for i in (t, (t + SIZE // 2) % SIZE):  # an Acrobate at either end of the diameter
            code = POWER_BASE + i
            if faces[i] == ACROBATE and code not in tried and power_problem(faces, i) is None:
                tried[code] = _swap_completes(faces, available, _power_pair(faces, i))
        for i in (left, right):  # a Magicien next to t swaps his two neighbours
            code = POWER_BASE + i
            if faces[i] == MAGICIEN and code not in tried and power_problem(faces, i) is None:
                tried[code] = _swap_completes(faces, available, _power_pair(faces, i))
    return tuple(sorted(code for code, completes in tried.items() if completes)), tuple(flips)


def _swap_completes(faces: tuple, available: frozenset, pair: tuple) -> bool:
    """Whether exchanging the faces at the two places of ``pair`` completes a trio with a free poster."""
    i, j = pair
    new = list(faces)
    new[i], new[j] = faces[j], faces[i]
    return _has_trio_near(new, available, pair)


def _completing(faces: tuple, available: frozenset, i: int) -> tuple:
    """The artists that, shown at place i, would complete a trio with a free poster (the other two places of a
    window through i already show them)."""
    left, right = (i - 1) % SIZE, RIGHT[i]
    wanted: tuple[str, ...] = ()
    for a, b in ((faces[(i - 2) % SIZE], faces[left]), (faces[left], faces[right]),
                 (faces[right], faces[RIGHT[right]])):
        if a == b and a in available:
            wanted += (a,)
    return wanted


def _touched(faces: tuple, code: int) -> tuple:
    """The places a move changes (the search's powers are the Acrobate's and the Magicien's: they swap two)."""
    if code < POWER_BASE:
        return TOUCHED[code]
    return _power_pair(faces, code - POWER_BASE)


def _start(state: FlipCircusState | PlayerView, player: int | None):
    if player is not None:
        whole(player, "player", 0, 3)
    if isinstance(state, FlipCircusState):
        if state.is_over() or state.current_player < 0:
            raise ValueError("there is no player to move: the game is over or still being set up")
        if state.pending:
            raise ValueError("first choose the Clowns' reward; the search starts from a position with actions")
        view = state.view(state.player if player is None else player)
    elif isinstance(state, PlayerView):
        view = state
        if player is not None and player != view.player:
            raise ValueError(f"this is player {view.player}'s view, not player {player}'s")
    else:
        raise TypeError(f"expected a Flip Circus state or view, not {type(state).__name__}")
    if view.player != view.to_move:
        raise ValueError(f"it is player {view.to_move}'s turn, not player {view.player}'s")
    return view


def winning_turns(state: FlipCircusState | PlayerView, *, max_applause: int | None = None,
                  player: int | None = None) -> list[WinningTurn]:
    """Every sequence of this turn's moves that takes a poster, shortest first (then the likeliest), with the
    exact chance over what the player to move knows. ``max_applause`` caps the Applause spent on extra actions
    (by default the Applause the team holds at the start; an Applause a Clown group brings can be
    spent too, within that cap)."""
    found, total = _search_turn(state, max_applause, player)
    order = sorted((_actions(codes), -p, len(codes), codes)
                   for codes, p in found.items() if p > 0)  # shortest, likeliest (counts share one total), fixed
    # many plans share a chance: each distinct count of worlds becomes a sympy number once
    chances = {minus_p: to_rational(Fraction(-minus_p, total)) for minus_p in {p for _, p, _, _ in order}}
    return [WinningTurn(tuple(TABLE[c] for c in codes), chances[minus_p]) for _, minus_p, _, codes in order]


def likeliest_first_move(state: FlipCircusState | PlayerView, *, max_applause: int | None = None,
                         player: int | None = None) -> Move | None:
    """The first move of the likeliest winning turn (ties: the fewest actions, then the first that
    ``winning_turns`` lists), or None if there is none: what a bot asks, without every plan's exact chance."""
    found, _ = _search_turn(state, max_applause, player)
    best = min(((-p, _actions(codes), len(codes), codes) for codes, p in found.items() if p > 0), default=None)
    return None if best is None else TABLE[best[3][0]]


_BOOKKEEPING_CODES = frozenset((ENCORE_CODE, END_CODE, TAKE_CODE, RETURN_CODE))


def _actions(codes: tuple) -> int:
    return sum(c not in _BOOKKEEPING_CODES for c in codes)


def _search_turn(state, max_applause, player) -> tuple[dict, int]:
    """Every winning plan (as move codes) with its count of hidden worlds, and the count of all the worlds."""
    view = _start(state, player)
    applause = view.applause[view.team]
    cap = applause if max_applause is None else whole(max_applause, "max_applause", 0, view.options.applause_tokens)
    worlds = _worlds(view.options.tokens, view.faces, view.backs)  # what odds.hidden_worlds counts, as pairs
    search = _Search(view, worlds, cap)
    backs = tuple(b if b is not None else i for i, b in enumerate(view.backs))
    found = search.plans(view.faces, backs, frozenset(), view.actions_left, applause, view.reserve,
                         view.applause[1 - view.team], 0)
    return found, search.weight(frozenset())


def can_take_poster(state: FlipCircusState, *, actions: int | None = None, max_applause: int | None = None) -> bool:
    """Whether a player who knew every face could take a poster this turn (an omniscient one-turn search)."""
    if not isinstance(state, FlipCircusState):
        raise TypeError("can_take_poster needs the full state (it uses every hidden face)")
    _start(state, None)
    if actions is not None:
        whole(actions, "actions", 0, 6)
    if max_applause is not None:
        whole(max_applause, "max_applause", 0, state.options.applause_tokens)
    view = state.view(state.player)
    backs = state.backs
    view = PlayerView(view.options, view.player, view.faces, backs, view.applause, view.posters, view.to_move,
                      state.actions_left if actions is None else actions, view.pending, view.phase)
    applause = view.applause[view.team]
    cap = applause + view.reserve if max_applause is None else max_applause
    search = _Search(view, Counter({backs: 1}), cap)
    return bool(search.plans(view.faces, backs, frozenset(), view.actions_left, applause, view.reserve,
                             view.applause[1 - view.team], 0))


# ---------------------------------------------------------------------------------------------------------
# the graph of positions one turn away


def _board_moves(position: GameState) -> list:
    state = cast(FlipCircusState, position)
    if state.pending:
        return [m for m in (TAKE_APPLAUSE, MAKE_RETURN) if state.is_legal(m)]
    if not state.actions_left or state.is_over():
        return []
    return [m for m in state.legal_moves() if m.name in ("swap", "flip") or
            (m.name == "power" and state.face(m.detail[0]) in (ACROBATE, MAGICIEN))]


def one_turn_graph(state: FlipCircusState, *, max_nodes: int = 3_000) -> nx.DiGraph:
    """The positions this turn's actions reach (nodes: the visible ring; edges: actions), posters marked.

    This graph uses the true faces (the teacher's view): a flip shows what really is on the back.
    """
    if not isinstance(state, FlipCircusState):
        raise TypeError(f"give a Flip Circus position with a player to move, not {describe(state)}")
    if state.current_player < 0:
        raise ValueError("give a Flip Circus position with a player to move")
    limit(whole(max_nodes, "max_nodes", 1), 20_000, "max_nodes")
    mover, start_posters = state.team, len(state.posters[state.team])

    def key(s: GameState) -> Hashable:
        ring = cast(FlipCircusState, s)
        return (ring.faces, len(ring.posters[mover]), ring.pending)

    graph = build_graph(state, key=key, moves=_board_moves, max_nodes=max_nodes,
                        label=lambda s: "".join(f[:2] for f in cast(FlipCircusState, s).faces))
    for _, data in graph.nodes(data=True):
        data["poster"] = len(data["state"].posters[mover]) > start_posters
    graph.graph["kind"] = ONE_TURN
    return graph


# ---------------------------------------------------------------------------------------------------------
# swap distances: the Cayley graph of adjacent swaps on a cycle


def _neighbours_by_swaps(arrangement: tuple):
    n = len(arrangement)
    for i in range(n if n > 2 else 1):
        j = (i + 1) % n
        if arrangement[i] != arrangement[j]:
            new = list(arrangement)
            new[i], new[j] = new[j], new[i]
            yield (i, j), tuple(new)


def _same_items(a: Sequence, b: Sequence) -> tuple[tuple, tuple]:
    a, b = _ring_items(a, "a", 20), _ring_items(b, "b", 20)
    if len(a) < 2:
        raise ValueError("a ring needs at least two places")
    if sorted(map(repr, a)) != sorted(map(repr, b)):
        raise ValueError("the two rings must hold the same items (swaps never change which items are there)")
    return a, b


def shortest_swaps(a: Sequence, b: Sequence, *, max_states: int = 2_000_000) -> list[tuple[int, int]]:
    """A shortest list of neighbour swaps (position pairs, on the cycle) turning ring ``a`` into ring ``b``.

    A breadth-first search from both ends of the Cayley graph whose nodes are arrangements and whose edges are
    the swaps of two neighbours (including the last and the first place)."""
    a, b = _same_items(a, b)
    limit(whole(max_states, "max_states", 1), 2_000_000, "max_states")
    if a == b:
        return []
    parents: list[dict[tuple, tuple | None]] = [{a: None}, {b: None}]
    frontiers = [[a], [b]]
    while frontiers[0] and frontiers[1]:
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        nxt = []
        for node in frontiers[side]:
            for move, child in _neighbours_by_swaps(node):
                if child in parents[side]:
                    continue
                parents[side][child] = (node, move)
                if child in parents[1 - side]:
                    return _join(parents, child)
                nxt.append(child)
        frontiers[side] = nxt
        if len(parents[0]) + len(parents[1]) > max_states:
            raise ValueError(f"more than {max_states:,} arrangements explored; try a smaller ring")
    raise AssertionError("unreachable: adjacent swaps connect every arrangement of a ring")


def _join(parents, meet) -> list[tuple[int, int]]:
    forward, node = [], meet
    while parents[0][node] is not None:
        node, move = parents[0][node]
        forward.append(move)
    backward, node = [], meet
    while parents[1][node] is not None:
        node, move = parents[1][node]
        backward.append(move)
    return forward[::-1] + backward


def swap_distance(a: Sequence, b: Sequence, **kwargs) -> int:
    """The fewest neighbour swaps (round the ring) that turn arrangement ``a`` into ``b``."""
    return len(shortest_swaps(a, b, **kwargs))


def swap_graph(items: Sequence) -> nx.Graph:
    """The Cayley graph of neighbour swaps on a ring of these items: one node per arrangement (keep it small)."""
    import networkx as nx

    items = _ring_items(items, "items", 20)
    if len(items) < 2:
        raise ValueError("a ring needs at least two places")
    if len(items) > 7:
        raise ValueError("the swap graph of more than 7 places is too big to draw; use swap_distance instead")
    start = items
    graph = nx.Graph()
    graph.add_node(start)
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for move, child in _neighbours_by_swaps(node):
            if child not in graph:
                queue.append(child)
            graph.add_edge(node, child, swap=move)
    return graph


def swaps_to_trio(faces: Sequence[str], artist: str, *, protections: bool = False) -> int | None:
    """The fewest ordinary swaps that put three ``artist`` faces side by side (None if there are not three visible).

    With ``protections`` a visible Monsieur Muscles cannot be swapped, as in the game."""
    faces = _ring_items(faces, "faces", 12)
    if type(artist) is not str:
        raise TypeError(f"artist is a name, like 'Acrobate', not {describe(artist)}")
    flag(protections, "protections")
    if len(faces) < 3:
        raise ValueError("a trio needs a ring of at least three places")
    if faces.count(artist) < 3:
        return None
    n = len(faces)

    def done(f):
        return any(f[i - 1] == f[i] == f[(i + 1) % n] == artist for i in range(n))

    seen = {faces}
    frontier = [faces]
    distance = 0
    while frontier:
        if any(done(f) for f in frontier):
            return distance
        nxt = []
        for node in frontier:
            for (i, j), child in _neighbours_by_swaps(node):
                if protections and swap_problem(node, i, j) is not None:
                    continue
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        frontier = nxt
        distance += 1
    return None
