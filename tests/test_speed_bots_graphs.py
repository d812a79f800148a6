"""Speed bots, the fast simulator's win rates, and the graphs: rank cycle, chain graph, end-game odds."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from circuslib.core.game import playout
from circuslib.core.graphs import chance_sums
from circuslib.core.sim import tally
from circuslib.speed.bots import (
    PROFILES,
    choose_play,
    fast_round,
    mean_reaction_time,
    policy,
    win_rate,
    win_rate_curve,
)
from circuslib.speed.graphs import (
    chain_graph,
    chain_in_words,
    endgame_graph,
    longest_chain,
    most_cards_shed,
    rank_cycle,
    rank_distance,
    win_probability,
)
from circuslib.speed.rules import ONE_DECK, Play, SpeedOptions, position

TWO = SpeedOptions("two places", decks=2, face_up=2)


def test_profiles_are_rates_with_mean_reaction_times():
    assert PROFILES == {"slow": 1, "average": 2, "fast": 4}
    assert mean_reaction_time("fast") == Fraction(1, 4) and mean_reaction_time(Fraction(1, 2)) == 2
    with pytest.raises(ValueError):
        mean_reaction_time("lightning")


def test_card_choice_policies_on_a_hand_made_position():
    rng = random.Random(0)
    # tops 4 and K; mine 5 and 3 both fit on the 4; the opponent holds two 6s, which fit on a 5
    assert choose_play("first", [5, 3], [6, 6], (4, 13), rng) == (0, 0)
    assert choose_play("block", [5, 3], [6, 6], (4, 13), rng) == (1, 0)  # the 3 leaves them nothing
    # mine 3, 5, 6, 7: the 5 starts the chain 5-6-7, the 3 starts nothing
    assert choose_play("longest", [3, 5, 6, 7], [], (4, 13), rng) == (1, 0)
    with pytest.raises(ValueError, match="nothing to choose"):
        choose_play("first", [9], [], (4, 13), rng)
    with pytest.raises(ValueError, match="the policy .* is one of 'first'"):
        choose_play("greedy", [5], [], (4, 13), rng)


def test_kit_policies_answer_with_moves():
    state = position([5, 3], [6, 6], (4, "K"), setup=TWO)
    assert policy("block")(state, random.Random(0)) == Play(3, 1, 0)
    with pytest.raises(ValueError):
        policy("cheat")


def test_the_faster_player_wins_more_often():
    fast = win_rate(4, 400, 1, setup=ONE_DECK)
    slow = win_rate(Fraction(1, 4), 400, 2, setup=ONE_DECK)
    assert fast.interval(0)[0] > 0.5 > slow.interval(0)[1]


def test_equal_bots_at_equal_speed_win_equally_often():
    # the rules treat both seats alike (an odd recycled card stays in the centre), so the chance is 1/2
    result = win_rate(1, 3000, 5, setup=ONE_DECK)
    assert result.contains(0, Fraction(1, 2)) and result.contains(1, Fraction(1, 2))


def test_blocking_beats_first_fit_at_equal_speed():
    assert win_rate(1, 2000, 6, setup=ONE_DECK, policies=("block", "first")).interval(0)[0] > 0.5


def test_win_rate_curve_rows_and_plot():
    rows = win_rate_curve([Fraction(1, 2), 2], 200, 3, setup=ONE_DECK)
    assert [r[0] for r in rows] == [Fraction(1, 2), 2]
    assert all(lo <= share <= hi for _, share, lo, hi in rows) and rows[0][1] < rows[1][1]


def test_fast_round_refuses_bad_arguments():
    with pytest.raises(TypeError):
        fast_round(ONE_DECK, 3)
    with pytest.raises(ValueError):
        fast_round(ONE_DECK, random.Random(1), ("first", "psychic"))


def test_the_rank_cycle():
    cycle = rank_cycle()
    assert cycle.number_of_nodes() == 13 and cycle.number_of_edges() == 13
    assert set(cycle[1]) == {13, 2} and all(d == 2 for _, d in cycle.degree)
    assert rank_distance("A", 7) == 6 and rank_distance("A", 8) == 6 and rank_distance("K", 2) == 2


def test_the_chain_graph_and_its_longest_path():
    graph = chain_graph(["K", "A", 2, "Q", 2], [3])
    # from the 3 only the two 2s (places 3 and 5) can start; the Ace follows a 2, the King the Ace, and so on
    assert set(graph.successors("pile A")) == {2, 4}
    assert set(graph.successors(1)) == {0, 2, 4}  # on the Ace: the King or either 2
    assert longest_chain(["K", "A", 2, "Q", 2], [3]) == ["pile A", 2, 1, 0, 3]  # 2, A, K, Q
    # with a J on the other pile all five go: 2, A, 2 on the 3 and Q, K on the J
    assert most_cards_shed(["K", "A", 2, "Q", 2], [3, "J"]) == 5


def test_a_chain_in_words_numbers_the_places_from_one_as_the_picture_does():
    words = chain_in_words(["K", "A", 2, "Q", 2], [3])
    assert words == "pile A: 3 → 2 (place 3) → A (place 2) → K (place 1) → Q (place 4)"
    labels = {data["label"] for _, data in chain_graph(["K", "A", 2, "Q", 2], [3]).nodes(data=True)}
    assert set(words.split(" → ")) <= labels  # the words are the picture's own labels
    assert chain_in_words([5, 9], [2]) == "no card can be played"  # neither 5 nor 9 goes on a 2


def test_the_end_game_graph_of_a_single_race():
    # you 5, bot 3, tops 4 and J, rates 2 to 1: one race, whoever wins it plays the last card and wins
    state = position([5, None], [3, None], (4, "J"), rates=(2, 1), setup=TWO)
    graph = endgame_graph(state)
    assert graph.number_of_nodes() == 5  # race, two "won the race" positions, two ends
    chances = sorted(d["prob"] for _, _, d in graph.out_edges(graph.graph["root"], data=True))
    assert chances == [Fraction(1, 3), Fraction(2, 3)]
    assert all(s == 1 for s in chance_sums(graph).values())
    assert win_probability(state) == Fraction(2, 3)


def test_exact_end_game_odds_match_simulated_play():
    # you J and K, bot Q and Q, tops A and 8, piles 7 (you) and J (bot); rates 2:1 so you win a race with 2/3.
    # By hand: only your K fits (on the A); you turn up the 7. Tops K, 8: your 7 and the bot's Q race.
    #  you win (2/3): 7 on 8; the bot alone plays Q on K and turns up J; your last J and its J race on the Q:
    #    you win that race with 2/3 and the round, else it plays J then Q: 2/3 * 2/3 = 4/9.
    #  bot wins (1/3): Q on K, it turns up J; your J (first of equal chains) and its J race on the Q:
    #    you (2/3): J on Q, then your 7 races its Q: 2/3 + 1/3 * 2/3 = 8/9; it (1/3): J on Q and you lose: 0.
    #    so 1/3 * (2/3 * 8/9) = 16/81.  In all 4/9 + 16/81 = 52/81.
    state = position(["J", "K"], ["Q", "Q"], ("A", 8), piles=([7], ["J"]), rates=(2, 1), setup=TWO)
    exact = win_probability(state, ("longest", "first"))
    assert exact == Fraction(52, 81)
    bots = [policy("longest"), policy("first")]
    result = tally(lambda rng: playout(state, rng, bots).winner(), 4000, 8)
    assert 0 < exact < 1 and result.contains(0, exact)
    with pytest.raises(ValueError, match="deterministic"):
        win_probability(state, ("random", "first"))
