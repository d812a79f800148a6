"""Computer players for Flip Circus: policies ``policy(state, rng) -> move``.

- ``random_bot``: any legal move.
- ``greedy_bot``: takes a poster when ``winning_turns`` finds a way, else makes the move that brings a trio
  closest, else looks where a look is most informative.
- ``defensive_bot``: the greedy bot that also leaves the opponent as few next-turn posters as it can, and uses
  the Clowns to take the opponent's Applause away.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

from ..core.game import CHANCE, random_policy
from .graphs import trio_need, winning_turns
from .odds import back_fractions
from .rules import (ACROBATE, CLOWN, END_TURN, MAGICIEN, MAKE_RETURN, SIZE, TAKE_APPLAUSE, FlipCircus, look, power_swap)

__all__ = ["random_bot", "greedy_bot", "defensive_bot", "threats", "BOTS", "random_game_winner"]


def random_bot(state: FlipCircus, rng: random.Random):
    """Any legal move, each equally likely."""
    return random_policy(state, rng)


def _faces_after(state: FlipCircus, move, backs) -> list[tuple[Fraction, list]]:
    """The visible rings ``move`` may lead to, with their chances over the backs the mover has not seen."""
    faces = list(state.faces)
    if move.name == "flip":
        i = move.detail[0]
        outcomes = []
        for artist, p in backs[i].items():
            new = list(faces)
            new[i] = artist
            outcomes.append((p, new))
        return outcomes
    i, j = move.detail if move.name == "swap" else power_swap(faces, move.detail[0])
    faces[i], faces[j] = faces[j], faces[i]
    return [(Fraction(1), faces)]


def _expected_need(state: FlipCircus, move, backs) -> Fraction:
    """The average number of places still wrong in the best window after ``move`` (exact over unseen backs)."""
    available = state.available_posters()
    return sum((p * trio_need(f, available) for p, f in _faces_after(state, move, backs)), Fraction(0))


def _expected_threats(state: FlipCircus, move, backs) -> Fraction:
    """The average number of near-trios ``move`` leaves the opponent (exact over unseen backs)."""
    available = state.available_posters()
    return sum((p * threats(f, available) for p, f in _faces_after(state, move, backs)), Fraction(0))


def _best_look(state: FlipCircus, backs) -> int | None:
    """Where a look tells most: the unseen back with the largest entropy (floats are enough to rank them;
    ``odds.look_values`` gives the exact values)."""
    best, where = 0.0, None
    for i in range(SIZE):
        if not state.knows_back(state.player, i):
            h = -sum(float(p) * math.log2(float(p)) for p in backs[i].values() if p)
            if h > best + 1e-12:
                best, where = h, i
    return where


def _board_moves(state: FlipCircus) -> list:
    return [m for m in state.legal_moves() if m.name in ("swap", "flip") or
            (m.name == "power" and state.face(m.detail[0]) in (ACROBATE, MAGICIEN))]


def _poster_move(state: FlipCircus):
    """The first move of the likeliest winning turn (searching with at most one Applause, to stay quick)."""
    plans = winning_turns(state, max_applause=min(1, state.applause[state.team]))
    if not plans:
        return None
    best = max(plans, key=lambda t: (t.probability, -t.actions))
    return best.moves[0]


def _greedy_choice(state: FlipCircus, rng: random.Random, *, defend: bool):
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
        now = trio_need(state.faces, state.available_posters())
        scored = [(_expected_need(state, m, backs), m) for m in _board_moves(state)]
        if defend and state.actions_left == 1 and not applause:
            # the turn's last action: among the good moves, leave the opponent the fewest near-trios
            scored = [(need, _expected_threats(state, m, backs), m) for need, m in scored]
            best = min((need, threat) for need, threat, _ in scored)
            return rng.choice([m for need, threat, m in scored if (need, threat) == best])
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


def threats(faces, available) -> int:
    """How many windows of three neighbours are one change short of a trio whose poster is still available."""
    available = set(available)
    count = 0
    for m in range(SIZE):
        window = [faces[m - 1], faces[m], faces[(m + 1) % SIZE]]
        if any(window.count(a) == 2 for a in available):
            count += 1
    return count


def greedy_bot(state: FlipCircus, rng: random.Random):
    """Take a poster if a winning turn exists, else bring a trio closest, else look where it tells most."""
    if state.current_player == CHANCE:
        raise ValueError("a bot chooses moves, not chance outcomes")
    return _greedy_choice(state, rng, defend=False)


def defensive_bot(state: FlipCircus, rng: random.Random):
    """The greedy bot that also denies the opponent: fewest near-trios left, and Clowns used to take Applause away."""
    if state.current_player == CHANCE:
        raise ValueError("a bot chooses moves, not chance outcomes")
    return _greedy_choice(state, rng, defend=True)


BOTS = {"random": random_bot, "greedy": greedy_bot, "defensive": defensive_bot}


# ---------------------------------------------------------------------------------------------------------
# a lean simulator for random-versus-random games (long games: hundreds of moves each)


def random_game_winner(rng: random.Random, rules=None) -> int:
    """Deal with ``rng`` and play one game of random bots to the end; returns the winning team.

    The same game as ``playout(new_game(rng, rules), rng)`` move for move (a test checks it), on plain lists
    instead of immutable states, so that thousands of long random games stay quick. The set-up is dealt by
    the core protocol; during play there is no chance step, only the random players' choices.
    """
    from .rules import (DRESSEUSE, ENCORE, FLIP_MOVES, LOOK_MOVES, POSTER_ARTISTS, POWER_MOVES, SWAP_MOVES,
                        MUSCLES, VOYANTE, Ruleset, clown_groups, makes_clown_group, new_game, trios)
    from .graphs import RIGHT

    rules = rules or Ruleset()
    state = new_game(rng, rules)
    pairs = rules.tokens.tokens
    ring, up = list(state.ring), list(state.up)
    knows = [set(k) for k in state.knows]
    applause, posters = list(state.applause), [list(p) for p in state.posters]
    player, actions_left, pending = state.player, state.actions_left, False
    players, total = rules.players, rules.applause_tokens
    to_win = rules.posters_to_win
    while True:
        team = player % 2
        faces = [pairs[t][up[t]] for t in ring]
        reserve = total - applause[0] - applause[1]
        if pending:
            moves = ([TAKE_APPLAUSE] if reserve else []) + ([MAKE_RETURN] if applause[1 - team] else [])
        else:
            moves = []
            if actions_left:
                # the same lists, in the same order, as FlipCircus.legal_moves (swap_problem, power_problem inlined)
                moves += [SWAP_MOVES[i] for i in range(SIZE) if faces[i] != MUSCLES and faces[RIGHT[i]] != MUSCLES]
                moves += FLIP_MOVES
                for i in range(SIZE):
                    f = faces[i]
                    if f == ACROBATE:
                        if faces[(i + 5) % SIZE] != DRESSEUSE:
                            moves.append(POWER_MOVES[i])
                    elif f == MAGICIEN or f == VOYANTE:
                        left, right = faces[i - 1], faces[RIGHT[i]]
                        if (f == MAGICIEN and left != DRESSEUSE and right != DRESSEUSE) or \
                                (f == VOYANTE and (left != DRESSEUSE or right != DRESSEUSE)):
                            moves.append(POWER_MOVES[i])
            if applause[team]:
                moves.append(ENCORE)
                moves += [LOOK_MOVES[i] for i in range(SIZE) if ring[i] not in knows[player]]
            if not actions_left:
                moves.append(END_TURN)
        move = rng.choice(moves)
        if move is TAKE_APPLAUSE or move is MAKE_RETURN:
            applause[team if move is TAKE_APPLAUSE else 1 - team] += 1 if move is TAKE_APPLAUSE else -1
            pending = False
        elif move is ENCORE:
            applause[team] -= 1
            actions_left += 1
            continue
        elif move.name == "look":
            applause[team] -= 1
            knows[player].add(ring[move.detail[0]])
        elif move is not END_TURN:
            i = move.detail[0]
            moved = True
            if move.name == "swap":
                j = move.detail[1]
            elif move.name == "flip":
                j = None
            elif faces[i] == ACROBATE:
                j, moved = (i + SIZE // 2) % SIZE, rules.special_swaps_group_clowns
            elif faces[i] == MAGICIEN:
                i, j, moved = (i - 1) % SIZE, (i + 1) % SIZE, rules.special_swaps_group_clowns
            else:  # the Voyante looks at her neighbours' backs, never a visible Dresseuse's
                for p in ((i - 1) % SIZE, (i + 1) % SIZE):
                    if faces[p] != DRESSEUSE:
                        knows[player].add(ring[p])
                moved = False
                j = i = None
            ring_before = list(ring)
            if i is not None:
                if j is None:
                    up[ring[i]] ^= 1
                    for k in knows:
                        k.add(ring[i])
                else:
                    ring[i], ring[j] = ring[j], ring[i]
            actions_left -= 1
            new_faces = [pairs[t][up[t]] for t in ring]
            grouped = (i is not None and moved and bool(reserve or applause[1 - team])
                       and (new_faces[i] == CLOWN or (j is not None and new_faces[j] == CLOWN))
                       and makes_clown_group(clown_groups(faces, ring_before), clown_groups(new_faces, ring)))
            taken = {a for p in posters for a in p}
            while True:
                found = trios(new_faces, [a for a in POSTER_ARTISTS if a not in taken])
                if not found:
                    break
                middle, artist = found[0]
                posters[team].append(artist)
                taken.add(artist)
                up[ring[middle]] ^= 1
                for k in knows:
                    k.add(ring[middle])
                if len(posters[team]) >= to_win:
                    return team
                new_faces = [pairs[t][up[t]] for t in ring]
            if grouped and (total - applause[0] - applause[1] or applause[1 - team]):
                pending = True
                continue
        if move is END_TURN or (not pending and not actions_left and not applause[team]):
            faces = [pairs[t][up[t]] for t in ring]
            if rules.five_clowns_rule and all(len(p) == 2 for p in posters) and \
                    faces.count(CLOWN) == rules.tokens.count(CLOWN):
                return team
            player, actions_left = (player + 1) % players, rules.actions
