"""Computer players for Flip Circus: policies ``policy(state, rng) -> move``.

- ``random_bot``: any legal move.
- ``greedy_bot``: takes a poster when ``winning_turns`` finds a way (without spending Applause if it can), else
  makes the move that brings a trio closest, else looks where a look is most informative.
- ``defensive_bot``: the greedy bot that also leaves the opponent as few next-turn posters as it can, and uses
  the Clowns to take the opponent's Applause away.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from ..core.args import instance, rng_arg
from ..core.game import CHANCE, Move, random_policy
from .graphs import _faces_and_posters, _trio_need, likeliest_first_move, trio_need
from .odds import back_fractions
from .rules import ACROBATE, END_TURN, MAGICIEN, MAKE_RETURN, SIZE, TAKE_APPLAUSE, FlipCircusState, _power_pair, look

__all__ = ["random_bot", "greedy_bot", "defensive_bot", "threats", "BOTS"]


def _to_move(state, rng) -> FlipCircusState:
    """The checks of a bot's arguments: a position where a player is to move, and a generator."""
    instance(state, "state", FlipCircusState, "a Flip Circus position")
    rng_arg(rng)
    if state.current_player == CHANCE:
        raise ValueError("a bot chooses moves, not chance outcomes")
    if state.current_player < 0:
        raise ValueError("the game is over: there is no move to choose")
    return state


def random_bot(state: FlipCircusState, rng: random.Random) -> Move:
    """Any legal move, each equally likely."""
    return random_policy(_to_move(state, rng), rng)


def _faces_after(state: FlipCircusState, move, backs) -> list[tuple[Fraction | int, list]]:
    """The visible rings ``move`` may lead to, with their chances over the backs the mover has not seen (a swap's
    one ring has chance 1, a whole number: a sure outcome needs no Fraction arithmetic)."""
    faces = list(state.faces)
    if move.name == "flip":
        i = move.detail[0]
        outcomes = []
        for artist, p in backs[i].items():
            new = list(faces)
            new[i] = artist
            outcomes.append((p, new))
        return outcomes
    i, j = move.detail if move.name == "swap" else _power_pair(faces, move.detail[0])
    faces[i], faces[j] = faces[j], faces[i]
    return [(1, faces)]


def _expected_need(state: FlipCircusState, move, backs, available: tuple | None = None) -> Fraction | int:
    """The average number of places still wrong in the best window after ``move`` (exact over unseen backs; a
    whole number when the move's outcome is sure, equal to the same Fraction)."""
    if available is None:
        available = state.available_posters()
    outcomes = _faces_after(state, move, backs)
    if len(outcomes) == 1 and outcomes[0][0] == 1:
        return _trio_need(outcomes[0][1], available)
    return _average([(p, _trio_need(f, available)) for p, f in outcomes])


def _expected_threats(state: FlipCircusState, move, backs, available: set | None = None) -> Fraction | int:
    """The average number of near-trios ``move`` leaves the opponent (exact over unseen backs)."""
    if available is None:
        available = set(state.available_posters())
    outcomes = _faces_after(state, move, backs)
    if len(outcomes) == 1 and outcomes[0][0] == 1:
        return _threats(outcomes[0][1], available)
    return _average([(p, _threats(f, available)) for p, f in outcomes])


def _average(weighted: list) -> Fraction:
    """``sum(p * value)`` for exact chances p and whole-number values, over one common denominator: one Fraction
    made at the end instead of one per product and per sum (the same value)."""
    common = math.lcm(*(p.denominator for p, _ in weighted))
    return Fraction(sum(p.numerator * (common // p.denominator) * value for p, value in weighted), common)


def _best_look(state: FlipCircusState, backs) -> int | None:
    """Where a look tells most: the unseen back with the largest entropy (floats are enough to rank them;
    ``odds.look_values`` gives the exact values)."""
    best, where = 0.0, None
    for i in range(SIZE):
        if not state.knows_back(state.player, i):
            h = -sum(float(p) * math.log2(float(p)) for p in backs[i].values() if p)
            if h > best + 1e-12:
                best, where = h, i
    return where


def _board_moves(state: FlipCircusState) -> list:
    return [m for m in state.legal_moves() if m.name in ("swap", "flip") or
            (m.name == "power" and state.face(m.detail[0]) in (ACROBATE, MAGICIEN))]


def _poster_move(state: FlipCircusState):
    """The first move of the likeliest winning turn, shortest first: with the actions alone, else with one Applause."""
    # the search without Applause is many times cheaper, and a plan that keeps the Applause is worth taking even
    # when spending one would be likelier: the Applause stays for a later turn
    move = likeliest_first_move(state, max_applause=0)
    if move is None and state.applause[state.team]:
        move = likeliest_first_move(state, max_applause=1)  # at most one, to stay quick
    return move


def _greedy_choice(state: FlipCircusState, rng: random.Random, *, defend: bool):
    if state.pending:
        if defend and state.applause[1 - state.team] and MAKE_RETURN in state.legal_moves():
            return MAKE_RETURN
        return TAKE_APPLAUSE if TAKE_APPLAUSE in state.legal_moves() else MAKE_RETURN
    applause = state.applause[state.team]
    if state.actions_left:
        move = _poster_move(state)
        if move is not None:
            return move
        backs = back_fractions(state, state.player)
        available = state.available_posters()
        now = trio_need(state.faces, available)
        scored = [(_expected_need(state, m, backs, available), m) for m in _board_moves(state)]
        if defend and state.actions_left == 1 and not applause:
            # the turn's last action: among the good moves, leave the opponent the fewest near-trios
            free = set(available)
            weighed = [(need, _expected_threats(state, m, backs, free), m) for need, m in scored]
            fewest = min((need, threat) for need, threat, _ in weighed)
            return rng.choice([m for need, threat, m in weighed if (need, threat) == fewest])
        best = min(need for need, _ in scored)
        if best >= now and applause:
            target = _best_look(state, backs)
            if target is not None:
                return look(target)
        return rng.choice([m for need, m in scored if need == best])
    if applause:
        move = _poster_move(state)
        if move is not None:
            return move
        target = _best_look(state, back_fractions(state, state.player))
        if target is not None and applause > 1:
            return look(target)
    return END_TURN


def threats(faces: Sequence[str], available: Sequence[str]) -> int:
    """How many windows of three neighbours are one change short of a trio whose poster is still available."""
    faces, available = _faces_and_posters(faces, available)
    return _threats(faces, set(available))


def _threats(faces: Sequence[str], available: set) -> int:
    """``threats`` without the argument checks (the defensive bot calls it for every move it weighs)."""
    count = 0
    for m in range(SIZE):
        window = [faces[m - 1], faces[m], faces[(m + 1) % SIZE]]
        if any(window.count(a) == 2 for a in available):
            count += 1
    return count


def greedy_bot(state: FlipCircusState, rng: random.Random) -> Move:
    """Take a poster if a winning turn exists, else bring a trio closest, else look where it tells most."""
    _to_move(state, rng)
    return _greedy_choice(state, rng, defend=False)


def defensive_bot(state: FlipCircusState, rng: random.Random) -> Move:
    """The greedy bot that also denies the opponent: fewest near-trios left, and Clowns used to take Applause away."""
    _to_move(state, rng)
    return _greedy_choice(state, rng, defend=True)


BOTS = {"random": random_bot, "greedy": greedy_bot, "defensive": defensive_bot}
