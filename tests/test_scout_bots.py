"""Scout bots, the tournament runner, the play graph and the small game tree."""
from __future__ import annotations

import random

import networkx as nx
import pytest

from circuslib.scout.bots import best_scout, compare_bots, greedy_bot, lookahead_bot, play_game, random_bot
from circuslib.scout.graphs import game_tree, longest_chains, play_graph, tree_value
from circuslib.scout.rules import (
    FLIP_HAND,
    KEEP_HAND,
    Scout,
    ScoutOptions,
    ScoutState,
    Show,
    _scouted,
    longest_set,
    new_game,
    scout_moves,
)


def test_greedy_shows_the_biggest_set():
    s = ScoutState.from_hands([[(1, 9)], [(3, 1), (4, 1), (5, 1), (7, 2), (7, 3)], [(2, 8)]], table=[(6, 5)],
                              owner=0, turn=1)
    assert greedy_bot(s, random.Random(0)) == Show(0, 3)  # 3 4 5 (three cards) over 7 7 or a single


def test_greedy_scouts_to_build_the_longest_set_when_it_cannot_show():
    # hand 2 4 9 against 8 8: no show beats it. Taking an 8 next to the 9 makes 8 9 (2 cards); the best is a
    # 3 between 2 and 4? No card shows 3. The set's cards are 8/3 and 8/1: turned round, 3 fits between 2 and 4.
    s = ScoutState.from_hands([[(1, 9)], [(2, 5), (4, 5), (9, 6)], [(2, 7)]], table=[(8, 3), (8, 1)], owner=0, turn=1)
    move = greedy_bot(s, random.Random(0))
    assert move == Scout("left", True, 1)
    assert longest_set(_scouted(s.hands[1], s.table, move)[0]) == 3


def test_best_scout_agrees_with_trying_every_scout():
    rng = random.Random(4)
    for _ in range(400):
        # real cards (two different numbers): only the numbers facing up count here
        hand = tuple((v, v % 10 + 1) for v in (rng.randint(1, 10) for _ in range(rng.randint(0, 12))))
        top = rng.randint(1, 9)
        table = ((top, top % 9 + 1),) if rng.random() < 0.5 else ((3, 7), (4, 8))
        brute = max(scout_moves(hand, table), key=lambda m: longest_set(_scouted(hand, table, m)[0]))
        assert best_scout(hand, table) == brute


def test_flip_decision_prefers_the_longer_set():
    s = ScoutState.from_hands([[(1, 5), (9, 6), (3, 7)], [(2, 8)], [(4, 10)]], phase="flip")
    # as held: 1 9 3 (longest set 1); turned round: 7 6 5 (a run of 3)
    assert greedy_bot(s, random.Random(0)) == FLIP_HAND
    s2 = ScoutState.from_hands([[(5, 1), (6, 9), (7, 3)], [(2, 8)], [(4, 10)]], phase="flip")
    assert greedy_bot(s2, random.Random(0)) == KEEP_HAND


@pytest.mark.parametrize("bot", [random_bot, greedy_bot, lookahead_bot])
def test_every_bot_plays_legal_moves_to_the_end(bot):
    end = play_game(new_game(ScoutOptions(rounds=1), players=3), bot, random.Random(2))
    assert end.is_over() and len(end.history) == 1


def test_games_are_repeatable_with_the_same_seed():
    a = play_game(new_game(players=4), greedy_bot, random.Random(9))
    b = play_game(new_game(players=4), greedy_bot, random.Random(9))
    assert a.totals == b.totals and a.history == b.history


def test_greedy_beats_random_in_a_tournament():
    result = compare_bots(["greedy", "random", "random"], n_games=60, seed=3)
    assert result.n == 60
    assert result.share(0) > 0.5 and result.interval(0)[0] > 1 / 3  # clearly better than a fair third


def test_play_game_needs_a_seeded_generator():
    with pytest.raises(TypeError, match="seeded"):
        play_game(new_game(players=3), greedy_bot, 1)


def test_play_graph_is_the_beats_order_of_the_shows():
    graph = play_graph([3, 4, 5, 5])
    # shows: 3, 4, 5, 5 (singles), 3-4, 4-5, 5-5, 3-4-5: 8 nodes
    assert graph.number_of_nodes() == 8 and nx.is_directed_acyclic_graph(graph)
    assert graph.has_edge((2, 4), (0, 3))  # 5 5 is beaten by 3 4 5 (more cards)
    assert not graph.has_edge((0, 1), (0, 3))  # covered: 3 -> ... -> 3 4 5 goes through other shows
    full = play_graph([3, 4, 5, 5], transitive=True)
    assert full.has_edge((0, 1), (0, 3))
    # a longest chain: 3 < 4 < 5 < 3-4 < 4-5 < 5-5 < 3-4-5 (the two 5s are equal: one of them)
    chains = longest_chains(graph)
    assert {len(c) for c in chains} == {7} and len(chains) == 2


def test_game_tree_of_two_short_hands():
    # no chips (no scouting). P0 holds 1 3 (not a set), P1 holds 2 1.
    # P0 shows 3: P1 beats it with the run 2 1 (more cards) and empties the hand: P0 -1 (the 1 left), P1 +1 (the
    # captured 3): margin -2. P0 shows 1: P1 either plays 2 1 at once (margin -2 again), or plays 2, and P0's
    # 3 beats it and ends the round: P0 +1 (captured 2), P1 +1 - 1 = 0: margin +1. P1 picks 2 1: the value is -2.
    tree = game_tree([[(1, 2), (3, 4)], [(2, 3), (1, 4)]], chips=0)
    leaves = [n for n, d in tree.nodes(data=True) if d["terminal"]]
    assert tree.number_of_nodes() == 7 and len(leaves) == 3
    assert sorted(tree.nodes[n]["scores"] for n in leaves) == [(-1, 1), (-1, 1), (1, 0)]
    value = tree_value(tree)
    assert value[tree.graph["root"]] == -2
    bigger = game_tree([[(1, 2), (3, 4)], [(2, 3), (1, 4)]], chips=1)
    assert not bigger.graph["truncated"] and bigger.number_of_nodes() > 100


def test_the_biggest_show_is_found_without_listing_every_show():
    from circuslib.scout.rules import _best_show, _shows, set_key

    rng = random.Random(8)
    for _ in range(2_000):
        values = [rng.randint(1, 6) for _ in range(rng.randint(0, 12))]
        table = rng.choice([None, (1, 1, 3), (2, 0, 2), (2, 1, 4), (3, 0, 1)])
        listed = _shows(values, table)
        strongest = max(listed, key=lambda s: (set_key(values[s[0]:s[1]]), -s[0]), default=None)
        assert _best_show(values, table) == strongest


def test_shows_are_counted_without_listing_them():
    from circuslib.scout.rules import _count_shows, _shows

    rng = random.Random(9)
    for _ in range(3_000):
        values = [rng.randint(1, 6) for _ in range(rng.randint(0, 12))]
        table = rng.choice([None, (1, 1, 3), (1, 1, 6), (2, 0, 2), (2, 1, 4), (3, 0, 1), (3, 1, 5), (4, 0, 1)])
        assert _count_shows(values, table) == len(_shows(values, table)), (values, table)
    assert _count_shows([3, 4, 5, 5], None) == 8 and _count_shows([3, 4, 5, 5], (2, 1, 3)) == 2


def test_lookahead_beats_random():
    result = compare_bots(["lookahead", "random", "random"], n_games=30, seed=4, rounds=1)
    assert result.share(0) > 0.5 and result.interval(0)[0] > 1 / 3


def test_lookahead_beats_greedy():
    # four players, three of them greedy: a bot no better than greedy wins about a quarter of the games
    result = compare_bots(["lookahead", "greedy", "greedy", "greedy"], n_games=200, seed=21, rounds=2)
    assert result.interval(0)[0] > 1 / 4


def _lookahead_as_first_written(state: ScoutState, rng: random.Random):
    """The lookahead bot before its fast path: every legal move listed, its shows kept, each judged by hand_value."""
    from circuslib.scout.bots import _flip_choice, hand_value

    if state.phase == "flip":
        return _flip_choice(state)
    me, moves = state.turn, state.legal_moves()
    shows = [m for m in moves if isinstance(m, Show)]
    best, best_value = None, None
    for move in shows or moves:
        after = state._apply(move)
        if after.history != state.history:
            result = after.history[-1]
            value = result.scores[me] - max(s for i, s in enumerate(result.scores) if i != me) + 100
        else:
            value = hand_value(after, me)
            if after.owner == me and after.table:
                value += 0.3 * len(after.table)
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def test_the_fast_lookahead_plays_exactly_as_first_written():
    # in every position of 40 seeded games (3 to 5 players, all three bots at the table), the same move
    from circuslib.scout.bots import _count_open_shows, _longest_and_open_shows
    from circuslib.scout.rules import _shows, deal_round

    positions = 0
    for game in range(40):
        rng = random.Random(game)
        n = 3 + game % 3
        state = new_game(ScoutOptions(rounds=1), players=n)
        bots = [lookahead_bot, greedy_bot, random_bot, lookahead_bot, greedy_bot][:n]
        while state.phase != "over":
            if state.phase == "deal":
                state = deal_round(state, rng)
                continue
            if state.phase == "play":
                positions += 1
                assert lookahead_bot(state, rng) == _lookahead_as_first_written(state, rng)
                values = [c[0] for c in state.hands[state.turn]]
                assert _count_open_shows(values) == len(_shows(values, None))
                expected = (longest_set(state.hands[state.turn]), len(_shows(values, None)))
                assert _longest_and_open_shows(values) == expected
            state = state.play(bots[state.turn](state, rng))
    assert positions > 500


def test_scout_and_show_moves_are_listed_as_by_scouting_first():
    # the Scout & Shows listed from the numbers alone are those of each scout's hand and remaining set, in order
    from circuslib.scout.rules import ScoutAndShow, _scouted, _set_key, _shows, deal_round

    checked = 0
    for game in range(30):
        rng = random.Random(100 + game)
        state = new_game(ScoutOptions(rounds=1), players=3 + game % 3)
        while state.phase != "over":
            if state.phase == "deal":
                state = deal_round(state, rng)
                continue
            if state.phase == "play" and state.table and state.can_scout_and_show(state.turn):
                hand, table = state.hands[state.turn], state.table
                expected = []
                for s in scout_moves(hand, table):
                    new_hand, rest, _ = _scouted(hand, table, s)
                    rest_key = _set_key([c[0] for c in rest]) if rest else None
                    expected += [ScoutAndShow(s.end, s.flip, s.position, i, j)
                                 for i, j in _shows([c[0] for c in new_hand], rest_key)]
                assert [m for m in state.legal_moves() if isinstance(m, ScoutAndShow)] == expected
                checked += 1
            state = state.play(random_bot(state, rng))
    assert checked > 100


def test_lookahead_counting_chooses_as_playing_every_move_out():
    # the lookahead's fast path counts each move's value from the numbers facing up; the rules engine's way plays
    # every move out. They must choose the same move in every position of seeded 3- to 5-player games
    from circuslib.scout.bots import BOTS, _lookahead_by_counting, _lookahead_by_playing
    from circuslib.scout.rules import deal_round

    positions = 0
    for seed in range(30):
        rng = random.Random(seed)
        players = 3 + seed % 3
        names = ["random", "greedy", "lookahead", "random", "lookahead"][:players]
        state = new_game(ScoutOptions(rounds=1, first=seed % players), players=players)
        while state.phase != "over":
            if state.phase == "deal":
                state = deal_round(state, rng)
                continue
            if state.phase == "play":
                assert _lookahead_by_counting(state) == _lookahead_by_playing(state), (seed, str(state))
                positions += 1
            state = state.play(BOTS[names[state.turn]](state, rng))
    assert positions > 500


def test_random_bot_draws_from_the_legal_moves_in_order():
    # the random bot lists Scout & Shows lazily: the same moves, in the same order, so the same seeded draw
    from circuslib.scout.bots import _MovesWithScoutAndShow
    from circuslib.scout.rules import deal_round

    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game(ScoutOptions(rounds=1), players=3 + seed % 3)
        while state.phase != "over":
            if state.phase == "deal":
                state = deal_round(state, rng)
                continue
            if state.phase == "play" and state.can_scout_and_show(state.turn):
                lazy = _MovesWithScoutAndShow(state)
                assert len(lazy) == len(state.legal_moves()) and list(lazy) == list(state.legal_moves())
                with pytest.raises(IndexError):
                    lazy[len(lazy)]
                checked += 1
            state = state.play(random_bot(state, rng))
    assert checked > 50
