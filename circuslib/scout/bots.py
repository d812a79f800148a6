"""Computer players for Scout: random, greedy and a one-ply lookahead; a fast game loop and a tournament runner.

A policy is ``policy(state, rng) -> move``; it is asked only at the flip decision and during play. The lesson's
seeded tournament ships with the kit as who won each game (``data/tournaments.json``, read by ``tournament_winners``
when asked for exactly that run, and played otherwise).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, cast

from ..core.args import flag, instance, items, limit, optional_flag, rng_arg, seed_arg, whole
from ..core.game import describe
from ..core.shipped import record, shipped
from ..core.sim import Tally, progress, tally
from .rules import (
    ENDS,
    FLIP_HAND,
    KEEP_HAND,
    Card,
    FlipHand,
    KeepHand,
    Scout,
    ScoutAndShow,
    ScoutMove,
    ScoutOptions,
    ScoutState,
    SetKey,
    Show,
    _best_show,
    _count_shows,
    _scout_moves,
    _set_key,
    _shows,
    deal_round,
    flip_hand,
    longest_set,
    new_game,
)
from .rules import _values as _numbers

__all__ = ["random_bot", "greedy_bot", "lookahead_bot", "BOTS", "best_scout", "play_game", "compare_bots", "hand_value",
           "tournament_winners", "LESSON_TOURNAMENTS"]


def _to_move(state: Any, rng: Any) -> ScoutState:
    """The checks of a bot's arguments: a Scout position where a player is to move, and a generator."""
    position: ScoutState = instance(state, "state", ScoutState, "a ScoutState (a Scout position)")
    rng_arg(rng)
    if position.phase not in ("flip", "play"):
        raise ValueError(f"no player is to move in this position ({position.phase}): a bot only chooses moves")
    return position


def random_bot(state: ScoutState, rng: random.Random) -> ScoutMove:
    """Any legal move, each equally likely."""
    if _to_move(state, rng).phase == "play" and state.can_scout_and_show(state.turn):
        return rng.choice(_MovesWithScoutAndShow(state))  # the same draw as from legal_moves(), built lazily
    move: ScoutMove = rng.choice(state.legal_moves())
    return move


class _MovesWithScoutAndShow(Sequence[ScoutMove]):
    """``state.legal_moves()`` as a sequence that builds only the move asked for: a hand of 10 against a set of
    3 has hundreds of Scout & Shows, and the random bot draws one of them (``rng.choice`` takes its length, then
    one item)."""

    def __init__(self, state: ScoutState):
        hand, table = state.hands[state.turn], state.table
        values = _values(hand)
        self.plain = [Show(i, j) for i, j in _shows(values, _table_key(state))] + _scout_moves(hand, table)
        # (end, flip, gap, the hand after the scout, the key of the table left, how many shows), in legal_moves
        # order: the shows are counted here and listed only for the group the draw falls in
        self.groups = []
        for end, flip, p, _, rest_key, new in _scout_places(table, values):
            count = _count_shows(new, rest_key)
            if count:
                self.groups.append((end, flip, p, new, rest_key, count))
        self.size = len(self.plain) + sum(g[5] for g in self.groups)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> ScoutMove:  # type: ignore[override]  # one move, never a slice
        if not 0 <= index < self.size:
            raise IndexError(index)
        if index < len(self.plain):
            return self.plain[index]
        index -= len(self.plain)
        for end, flip, p, new, rest_key, count in self.groups:
            if index < count:
                return ScoutAndShow(end, flip, p, *_shows(new, rest_key)[index])
            index -= count
        raise IndexError(index)  # not reached: the groups' counts add up to the size


def _scout_places(table: tuple[Card, ...], values: list[int], *, distinct: bool = False
                  ) -> Iterator[tuple[str, bool, int, tuple[Card, ...], SetKey | None, list[int]]]:
    """Every scout in legal_moves order, as (end, flip, gap, the table left, its set's key, the hand's values with
    the card put in). With ``distinct``, a card put just after an equal one is left out: it makes the same hand as
    the gap to its left, so the same values and the same shows (a bot weighing hands never needs both)."""
    for end in (ENDS if len(table) > 1 else ENDS[:1]):
        card, rest = (table[0], table[1:]) if end == "left" else (table[-1], table[:-1])
        rest_key = _set_key(_values(rest)) if rest else None
        for flip in (False, True):
            up = card[1] if flip else card[0]
            for p in range(len(values) + 1):
                if distinct and p and values[p - 1] == up:
                    continue
                yield end, flip, p, rest, rest_key, values[:p] + [up] + values[p:]


def _values(hand: Sequence[Card]) -> list[int]:
    return [c[0] for c in hand]


def _table_key(state: ScoutState) -> SetKey | None:
    return _set_key(_values(state.table)) if state.table else None


def _biggest_show(state: ScoutState) -> Show | None:
    """The strongest show the player to move can make (None if none beats the table)."""
    best = _best_show(_values(state.hands[state.turn]), _table_key(state))
    return None if best is None else Show(*best)


def _flip_choice(state: ScoutState) -> FlipHand | KeepHand:
    """Flip the hand if its longest set is longer that way up (then the one with more shows)."""
    hand = state.hands[state.turn]
    turned = flip_hand(hand, state.options.flip_reverses_order)

    def score(h: tuple[Any, ...]) -> tuple[int, int]:
        return longest_set(h), len(_shows(_values(h), None))

    return FLIP_HAND if score(turned) > score(hand) else KEEP_HAND


def greedy_bot(state: ScoutState, rng: random.Random) -> ScoutMove:
    """Show the biggest set it can; if none beats the table, scout the card that builds the longest set."""
    if _to_move(state, rng).phase == "flip":
        return _flip_choice(state)
    show = _biggest_show(state)
    if show is not None:
        return show
    return best_scout(state.hands[state.turn], state.table)


def best_scout(hand: Sequence[Any], table: Sequence[Card]) -> Scout:
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
    where: dict[Any, Any] = {}
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
    best: tuple[str, bool, int] | None = None
    best_length = -1
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
    assert best is not None  # the first scout is always kept
    return Scout(*best)


def hand_value(state: ScoutState, player: int) -> float:
    """How good a position looks for ``player``: the round score so far, plus the promise of the hand's sets."""
    instance(state, "state", ScoutState, "a ScoutState (a Scout position)")
    whole(player, "player", 0, state.n_players - 1)
    return _hand_value(state, player)


def _hand_value(state: ScoutState, player: int) -> float:
    """``hand_value`` without the argument checks (the lookahead bot calls it for every move it weighs)."""
    hand = state.hands[player]
    score = len(state.captured[player]) + state.chips[player] - len(hand)
    return _promise(score, _values(hand))


def _promise(score: int, values: list[int]) -> float:
    """A score plus the promise of a hand's numbers: a long set in hand will shed several cards at once and is
    hard to beat (one expression, so the lookahead's two paths add the same floats in the same order)."""
    longest, shows = _longest_and_open_shows(values)
    return score + 0.6 * longest + 0.1 * shows


def _set_stretches(values: list[int]) -> list[int]:
    """For each card, the length of the longest set that starts there: every slice from that card up to the end of
    its stretch is a set, so these lengths add up to the open shows and their largest is the longest set."""
    lengths, n = [], len(values)
    for i in range(n):
        stop = i + 1
        if stop < n and -1 <= values[stop] - values[i] <= 1:
            step = values[stop] - values[i]
            stop += 1
            while stop < n and values[stop] - values[stop - 1] == step:
                stop += 1
        lengths.append(stop - i)
    return lengths


def _longest_and_open_shows(values: list[int]) -> tuple[int, int]:
    """(``_longest(values)``, ``_count_open_shows(values)``) in one pass over the stretches."""
    lengths = _set_stretches(values)
    return max(lengths, default=0), sum(lengths)


def _count_open_shows(values: list[int]) -> int:
    """How many slices of the hand are sets (its shows on an empty table), as ``len(_shows(values, None))``."""
    return sum(_set_stretches(values))


def lookahead_bot(state: ScoutState, rng: random.Random) -> ScoutMove:
    """Look one move ahead: among its shows (or, when it cannot show, its scouts and Scout & Shows), play the one
    whose resulting position looks best for it (``hand_value``, plus the size of the set it leaves on the table,
    which is hard to beat and earns chips); a move that ends the round is judged by the round's real scores."""
    if _to_move(state, rng).phase == "flip":
        return _flip_choice(state)
    if state.n_players == 2 or state.moves_made + 1 >= state.options.turn_limit:
        # two players: a scout spends a chip and a stuck player ends the round; at the turn limit every move
        # ends it. The rules engine judges these moves.
        return _lookahead_by_playing(state)
    return _lookahead_by_counting(state)


def _lookahead_by_playing(state: ScoutState) -> ScoutMove:
    """The lookahead as its rule says it: play each move with the rules engine and value the position reached."""
    me = state.turn
    # showing sheds cards and captures; scouting gives the owner a chip and adds a card: show when you can (the
    # shows come first in legal_moves, in this order: the scouts are only listed when there is no show)
    shows = [Show(i, j) for i, j in _shows(_values(state.hands[me]), _table_key(state))]
    best: ScoutMove | None = None
    best_value: float | None = None
    for move in shows or state.legal_moves():
        value = _value_after(state, state._apply(move), me)
        if best_value is None or value > best_value:
            best, best_value = move, value
    return _found(best)


def _value_after(state: ScoutState, after: ScoutState, me: int) -> float:
    """The lookahead's value of the position ``after`` one move from ``state``, for player ``me``."""
    if after.history != state.history:  # the move ended the round
        result = after.history[-1]
        scores: tuple[int, ...] = result.scores
        return float(scores[me] - max(s for i, s in enumerate(scores) if i != me) + 100)
    value = _hand_value(after, me)
    if after.owner == me and after.table:
        value += 0.3 * len(after.table)
    return value


def _lookahead_by_counting(state: ScoutState) -> ScoutMove:
    """``_lookahead_by_playing`` for 3 to 5 players before the turn limit, without building the positions: each
    move's value is counted from the numbers facing up (the hand left, the cards captured, the chips), in the same
    order and with the same floats; only a move that ends the round is played by the rules engine. A round of
    lookahead weighs hundreds of Scout & Shows, and building each position cost most of a bot tournament."""
    me, owner, table = state.turn, state.owner, state.table
    values = _values(state.hands[me])
    captured, chips = len(state.captured[me]), state.chips[me]
    best: ScoutMove | None = None
    best_value: float | None = None
    shows = _shows(values, _table_key(state))
    for i, j in shows:  # a show captures the table and leaves its own set there, owned by me
        left = values[:i] + values[j:]
        if left:
            value = _promise(captured + len(table) + chips - len(left), left) + 0.3 * (j - i)
        else:
            value = _value_after(state, state._apply(Show(i, j)), me)
        if best_value is None or value > best_value:
            best, best_value = Show(i, j), value
    if shows or not table:
        return _found(best)
    # a scout gives the owner of the table a chip; when every other player has scouted, the round ends
    ends_round = state.scouts_in_row + 1 == state.n_players - 1
    scout_chips = chips + (1 if owner == me else 0)
    sns = not state.sns_used[me]
    for end, flip, p, rest, _, new in _scout_places(table, values, distinct=True):
        if ends_round:
            value = _value_after(state, state._apply(Scout(end, flip, p)), me)
        else:
            value = _promise(captured + scout_chips - len(new), new)
            if owner == me and rest:
                value += 0.3 * len(rest)
        if best_value is None or value > best_value:
            best, best_value = Scout(end, flip, p), value
    if not sns:
        return _found(best)
    # Scout & Show: the scout as above (a chip to the owner), then a show that captures what is left of the table
    for end, flip, p, rest, rest_key, new in _scout_places(table, values, distinct=True):
        for i, j in _shows(new, rest_key):
            left = new[:i] + new[j:]
            if left:
                value = _promise(captured + len(rest) + scout_chips - len(left), left) + 0.3 * (j - i)
            else:
                value = _value_after(state, state._apply(ScoutAndShow(end, flip, p, i, j)), me)
            if best_value is None or value > best_value:
                best, best_value = ScoutAndShow(end, flip, p, i, j), value
    return _found(best)


def _found(move: ScoutMove | None) -> ScoutMove:
    """The move a lookahead found: a player to move always has one (a show, or a scout when none beats the table)."""
    assert move is not None
    return move


BOTS: dict[str, Callable[..., Any]] = {"random": random_bot, "greedy": greedy_bot, "lookahead": lookahead_bot}
_KIT_BOTS = dict(BOTS)  # a shipped tournament is read only for these bots (a student may put their own in BOTS)


def play_game(state: ScoutState, policies: Sequence[Callable[..., Any]] | Callable[..., Any], rng: random.Random, *,
              max_steps: int = 100_000) -> ScoutState:
    """Play to the end: deals by their exact (uniform) odds, each player by its policy."""
    instance(state, "state", ScoutState, "a ScoutState, for example new_game(players=3)")
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


def _winner(state: ScoutState) -> Hashable:
    best = max(state.totals)
    winners = [i for i, s in enumerate(state.totals) if s == best]
    return winners[0] if len(winners) == 1 else "tie"


def compare_bots(policies: Sequence[Callable[..., Any] | str], n_games: int = 200, seed: int = 1, *,
                 rounds: int | None = None, rotate: bool = True, show_progress: bool | None = None,
                 play_now: bool = False) -> Tally:
    """Seeded games between the bots (names or policies), tallying the winner's seat or "tie" (ties share the win).

    With ``rotate`` each game starts with the next player, so no seat is favoured by going first. A tournament the
    lesson plays (the kit's bots by name, with the lesson's seed) is read from the record of its games shipped with
    the kit (``tournament_winners``: the same Tally, without playing the games again); ``play_now`` plays it all
    the same.
    """
    names = tuple(items(policies, "policies", low=2, high=5))
    policies = list(names)
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
    flag(play_now, "play_now")
    if not play_now and all(isinstance(name, str) and BOTS[name] is _KIT_BOTS.get(name) for name in names):
        # the kit's own bots by name: the run may be one the kit ships (read, not played), and is played otherwise
        winners = tournament_winners(names, n_games, seed, rounds, rotate, show_progress=show_progress)
        return Tally(Counter(winners), n_games)  # counted in the order they came, as tally counts them
    return tally(_game_winner(cast(list[Callable[..., Any]], policies), rounds, rotate), n_games, seed,
                 show_progress=show_progress)


LESSON_TOURNAMENTS: tuple[tuple[tuple[str, ...], int, int, int | None, bool], ...] = (
    (("lookahead", "greedy", "random"), 100, 7, 1, True),
)
"""Every seeded tournament the lesson plays: (the bots by name, in seat order, games, seed, rounds, rotate)."""


def _tournament_key(names: Sequence[str], n_games: int, seed: int, rounds: int | None, rotate: bool,
                    show_progress: bool | None = None) -> list[Any]:
    # n_games counts the run's games (a shorter run is its beginning); only exact kinds name a shipped run (True
    # would equal 1 in the file's keys): anything else is played, and so checked by the function itself
    if not (type(seed) is int and (rounds is None or type(rounds) is int) and type(rotate) is bool
            and isinstance(names, (list, tuple)) and all(type(name) is str for name in names)
            and type(n_games) is int and (show_progress is None or type(show_progress) is bool)):
        return ["not shipped"]
    return [list(names), seed, rounds, rotate]


@shipped("data/tournaments.json", cases=lambda: list(LESSON_TOURNAMENTS), key=_tournament_key, runs="n_games",
         encoding=record({0: "0", 1: "1", 2: "2", 3: "3", 4: "4", "tie": "t"}),
         about="who won each game (a seat 0-4, t = a tie) of the seeded bot tournaments of the Scout lesson, as "
               "circuslib.scout.bots.compare_bots plays them; key [the bots by name, seed, rounds, rotate]")
def tournament_winners(names: Sequence[str], n_games: int, seed: int, rounds: int | None = None, rotate: bool = True,
                       show_progress: bool | None = None) -> tuple[Hashable, ...]:
    """Who won each game of a seeded tournament between the kit's bots, by name (a seat, or "tie"), as
    ``compare_bots`` plays it; a tournament the lesson plays is read from the record shipped with the kit."""
    names = tuple(items(names, "names", low=2, high=5))
    for name in names:
        if name not in _KIT_BOTS:
            raise ValueError(f"the kit's bots are {', '.join(map(repr, _KIT_BOTS))}, not {describe(name)}")
    n = len(names)
    limit(whole(n_games, "n_games", 1) * (n if rounds is None else whole(rounds, "rounds", 1, 10)), 10_000,
          "n_games (counted in rounds)", "play fewer games")
    if type(seed) is not int:
        raise TypeError(f"give a whole-number seed, so the run can be repeated, not {describe(seed)}")
    flag(rotate, "rotate")
    trial = _game_winner([_KIT_BOTS[name] for name in names], rounds, rotate)
    rng = random.Random(seed)  # as tally seeds its one generator
    return tuple(trial(rng) for _ in progress(range(n_games), n_games, show=optional_flag(show_progress,
                                                                                        "show_progress")))


def _game_winner(policies: Sequence[Callable[..., Any]], rounds: int | None,
                 rotate: bool) -> Callable[[random.Random], object]:
    """The trial ``compare_bots`` tallies: play one game and return the winner's seat (or "tie"); with ``rotate``
    the k-th game it plays starts with player k mod the number of players."""
    n, counter = len(policies), iter(range(10 ** 9))

    def trial(rng: random.Random) -> Hashable:
        first = next(counter) % n if rotate else 0
        return _winner(play_game(new_game(ScoutOptions(rounds=rounds, first=first), players=n), policies, rng))

    return trial
