"""Computer players for Scout: random, greedy and a one-ply lookahead; a fast game loop and a tournament runner.

A policy is ``policy(state, rng) -> move``; it is asked only at the flip decision and during play.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from ..core.args import flag, instance, items, limit, optional_flag, rng_arg, seed_arg, whole
from ..core.game import describe
from ..core.sim import Tally, tally
from .rules import (FLIP_HAND, KEEP_HAND, Scout, ScoutState, Show, _best_show, _longest, _set_key, _shows,
                    _values as _numbers, deal_round, flip_hand, longest_set, new_game)

__all__ = ["random_bot", "greedy_bot", "lookahead_bot", "BOTS", "best_scout", "play_game", "compare_bots", "hand_value"]


def _to_move(state, rng) -> ScoutState:
    """The checks of a bot's arguments: a Scout position where a player is to move, and a generator."""
    instance(state, "state", ScoutState, "a ScoutState (a Scout position)")
    rng_arg(rng)
    if state.phase not in ("flip", "play"):
        raise ValueError(f"no player is to move in this position ({state.phase}): a bot only chooses moves")
    return state


def random_bot(state: ScoutState, rng: random.Random):
    """Any legal move, each equally likely."""
    moves = _to_move(state, rng).legal_moves()
    return rng.choice(moves)


def _values(hand) -> list[int]:
    return [c[0] for c in hand]


def _table_key(state: ScoutState):
    return _set_key(_values(state.table)) if state.table else None


def _biggest_show(state: ScoutState) -> Show | None:
    """The strongest show the player to move can make (None if none beats the table)."""
    best = _best_show(_values(state.hands[state.turn]), _table_key(state))
    return None if best is None else Show(*best)


def _flip_choice(state: ScoutState):
    """Flip the hand if its longest set is longer that way up (then the one with more shows)."""
    hand = state.hands[state.turn]
    turned = flip_hand(hand, state.rules.flip_reverses_order)
    score = lambda h: (longest_set(h), len(_shows(_values(h), None)))
    return FLIP_HAND if score(turned) > score(hand) else KEEP_HAND


def greedy_bot(state: ScoutState, rng: random.Random):
    """Show the biggest set it can; if none beats the table, scout the card that builds the longest set."""
    if _to_move(state, rng).phase == "flip":
        return _flip_choice(state)
    show = _biggest_show(state)
    if show is not None:
        return show
    return best_scout(state.hands[state.turn], state.table)


def best_scout(hand, table) -> Scout:
    """The scout whose card builds the longest set in the hand (the first such one in ``scout_moves`` order)."""
    values = _numbers(hand, "hand")
    table = items(table, "table", low=1)
    if _set_key(_numbers(table, "table")) is None:
        raise ValueError(f"table must hold a set (cards that match or run), not {describe(table)}")
    for card in table:
        if not isinstance(card, tuple):
            raise TypeError(f"the table's cards are pairs (up, down), not {describe(card)}")
    n = len(values)
    # stretch lengths ending at / starting from each place, for each step: index 0 down (-1), 1 match, 2 up (+1)
    ending = ([1] * n, [1] * n, [1] * n)
    starting = ([1] * n, [1] * n, [1] * n)
    where: dict = {}
    for i in range(n):
        where.setdefault(values[i], []).append(i)
        if i:
            step = values[i] - values[i - 1]
            if -1 <= step <= 1:
                ending[step + 1][i] = ending[step + 1][i - 1] + 1
    longest = 1 if n else 0
    for i in range(n - 2, -1, -1):
        step = values[i + 1] - values[i]
        if -1 <= step <= 1:
            starting[step + 1][i] = starting[step + 1][i + 1] + 1
            if starting[step + 1][i] > longest:
                longest = starting[step + 1][i]
    # Inserting at gap p leaves the longest set elsewhere at most `longest` long (it may cut one in two), and
    # gap 0 cuts nothing: the first scout reaches at least `longest`. A later scout wins only with a longer set
    # *through* the new card, and that needs a neighbour within 1 of it: only those gaps are looked at.
    best, best_length = None, -1
    ends = ("left", "right") if len(table) > 1 else ("left",)
    for end in ends:  # the same order as scout_moves: end, then flip, then gap
        card = table[0] if end == "left" else table[-1]
        for flip in (False, True):
            x = card[1] if flip else card[0]
            gaps = sorted({g for v in (x - 1, x, x + 1) for i in where.get(v, ()) for g in (i, i + 1)})
            if best is None:
                best, best_length = (end, flip, 0), longest
                if not gaps or gaps[0] != 0:
                    gaps = [0] + gaps
            for p in gaps:
                through = 1
                left_step = None
                if p > 0:
                    left_step = x - values[p - 1]
                    if -1 <= left_step <= 1:
                        through += ending[left_step + 1][p - 1]
                    else:
                        left_step = None
                if p < n:
                    d = values[p] - x
                    if -1 <= d <= 1:
                        # only a stretch with the same step continues through the new card
                        right = starting[d + 1][p]
                        through = through + right if left_step == d else max(through, 1 + right)
                if through > best_length:
                    best, best_length = (end, flip, p), through
    return Scout(*best)


def hand_value(state: ScoutState, player: int) -> float:
    """How good a position looks for ``player``: the round score so far, plus the promise of the hand's sets."""
    instance(state, "state", ScoutState, "a ScoutState (a Scout position)")
    whole(player, "player", 0, state.n_players - 1)
    return _hand_value(state, player)


def _hand_value(state: ScoutState, player: int) -> float:
    """``hand_value`` without the argument checks (the lookahead bot calls it for every move it weighs)."""
    hand = state.hands[player]
    values = _values(hand)
    score = len(state.captured[player]) + state.chips[player] - len(hand)
    # a long set in hand will shed several cards at once and is hard to beat
    return score + 0.6 * _longest(values) + 0.1 * _count_open_shows(values)


def _count_open_shows(values: list[int]) -> int:
    """How many slices of the hand are sets (its shows on an empty table), as ``len(_shows(values, None))``."""
    count, n = 0, len(values)
    for i in range(n):
        # every slice from i up to the end of the stretch of the set that starts at i is a set
        stop = i + 1
        if stop < n and -1 <= values[stop] - values[i] <= 1:
            step = values[stop] - values[i]
            stop += 1
            while stop < n and values[stop] - values[stop - 1] == step:
                stop += 1
        count += stop - i
    return count


def lookahead_bot(state: ScoutState, rng: random.Random):
    """Look one move ahead: among its shows (or, when it cannot show, its scouts and Scout & Shows), play the one
    whose resulting position looks best for it (``hand_value``, plus the size of the set it leaves on the table,
    which is hard to beat and earns chips); a move that ends the round is judged by the round's real scores."""
    if _to_move(state, rng).phase == "flip":
        return _flip_choice(state)
    me = state.turn
    # showing sheds cards and captures; scouting gives the owner a chip and adds a card: show when you can (the
    # shows come first in legal_moves, in this order: the scouts are only listed when there is no show)
    shows = [Show(i, j) for i, j in _shows(_values(state.hands[me]), _table_key(state))]
    best, best_value = None, None
    for move in shows or state.legal_moves():
        after = state._apply(move)
        if after.history != state.history:  # the move ended the round
            result = after.history[-1]
            value = result.scores[me] - max(s for i, s in enumerate(result.scores) if i != me) + 100
        else:
            value = _hand_value(after, me)
            if after.owner == me and after.table:
                value += 0.3 * len(after.table)
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


BOTS: dict[str, Callable] = {"random": random_bot, "greedy": greedy_bot, "lookahead": lookahead_bot}


def play_game(state: ScoutState, policies: Sequence[Callable] | Callable, rng: random.Random, *,
              max_steps: int = 100_000) -> ScoutState:
    """Play to the end: deals by their exact (uniform) odds, each player by its policy."""
    instance(state, "state", ScoutState, "a ScoutState, for example new_game(3)")
    rng_arg(rng)
    if not callable(policies):
        policies = items(policies, "policies", low=state.n_players, high=state.n_players)
        for p in policies:
            if not callable(p):
                raise TypeError(f"each policy is a function policy(state, rng) -> move, not {describe(p)}")
    limit(whole(max_steps, "max_steps", 1), 1_000_000, "max_steps")
    for _ in range(max_steps):
        if state.phase == "over":
            return state
        if state.phase == "deal":
            state = deal_round(state, rng)  # every card by its exact (uniform) chance, as sample_chance draws it
            continue
        policy = policies if callable(policies) else policies[state.turn]
        state = state.play(policy(state, rng))
    raise ValueError(f"the game did not end within max_steps={max_steps:,} steps; allow more steps")


def _winner(state: ScoutState):
    best = max(state.totals)
    winners = [i for i, s in enumerate(state.totals) if s == best]
    return winners[0] if len(winners) == 1 else "tie"


def compare_bots(policies: Sequence[Callable | str], n_games: int = 200, seed=1, *, rounds: int | None = None,
                 rotate: bool = True, show_progress: bool | None = None) -> Tally:
    """Seeded games between the bots (names or policies), tallying the winner's seat or "tie" (ties share the win).

    With ``rotate`` each game starts with the next player, so no seat is favoured by going first.
    """
    policies = list(items(policies, "policies", low=2, high=5))
    for i, p in enumerate(policies):
        if isinstance(p, str):
            if p not in BOTS:
                raise ValueError(f"the bots are {', '.join(map(repr, BOTS))}, not {p!r}")
            policies[i] = BOTS[p]
        elif not callable(p):
            raise TypeError(f"each policy is a bot's name or a function policy(state, rng) -> move, not {describe(p)}")
    n = len(policies)
    limit(whole(n_games, "n_games", 1) * (n if rounds is None else whole(rounds, "rounds", 1, 10)), 10_000,
          "n_games (counted in rounds)", "play fewer games")
    seed_arg(seed)
    flag(rotate, "rotate")
    optional_flag(show_progress, "show_progress")
    counter = iter(range(10 ** 9))

    def trial(rng):
        first = next(counter) % n if rotate else 0
        return _winner(play_game(new_game(n, rounds=rounds, first=first), policies, rng))

    return tally(trial, n_games, seed, show_progress=show_progress)
