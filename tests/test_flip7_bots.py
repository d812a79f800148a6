"""Flip 7 bots, the fast game runner, tournaments, and the reduced-deck move graph and Markov chain."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from circuslib.core.game import CHANCE, best_value
from circuslib.core.graphs import chance_sums, terminal_probabilities
from circuslib.flip7.bots import (
    AlwaysHit,
    CardCounter,
    Optimal,
    StopAtRisk,
    StopAtSum,
    choose_target,
    game_winners,
    play_game,
    plot_win_rates,
    policy,
    win_rates,
)
from circuslib.flip7.graphs import absorption, optimal_edges, round_chain, round_graph, simulate_ends
from circuslib.flip7.odds import counted_hit, live_bust_probability, solo_optimal
from circuslib.flip7.rules import (
    CARDS,
    DECK_COUNTS,
    FLIP_THREE,
    FREEZE,
    INDEX,
    SECOND_CHANCE,
    Flip7Options,
    Hand,
    draw_card,
    new_game,
)

BOTS = [StopAtSum(23), StopAtRisk(Fraction(1, 5)), Optimal(), AlwaysHit(), CardCounter()]


def protocol_game(bots, rng, dealer=0):
    """The same game through Flip7State.play, one frozen state after another."""
    state = new_game(Flip7Options(dealer=dealer), players=len(bots))
    policies = [policy(b) for b in bots]
    while not state.is_over():
        if state.current_player == CHANCE:
            state = state.play(draw_card(state.deck, rng))
        else:
            move = policies[state.current_player](state, rng)
            assert move in state.legal_moves()
            state = state.play(move)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_fast_runner_plays_exactly_the_protocol_game(seed):
    bots = BOTS[: 1 + seed % 5]
    dealer = seed % len(bots)
    assert play_game(bots, random.Random(seed), dealer=dealer) == protocol_game(bots, random.Random(seed), dealer)


def test_bot_decisions_by_hand():
    deck = list(DECK_COUNTS)
    assert StopAtSum(10).wants_hit(Hand((3, 4)), deck) and not StopAtSum(7).wants_hit(Hand((3, 4)), deck)
    # holding 12 with a full deck less the 12: 11/93 > 1/10, so a 'risk <= 1/10' bot stays, a 'risk <= 1/8' hits
    deck[INDEX[12]] -= 1
    assert live_bust_probability((12,), deck) == Fraction(11, 93)
    assert not StopAtRisk(Fraction(1, 10)).wants_hit(Hand((12,)), deck)
    assert StopAtRisk(Fraction(1, 8)).wants_hit(Hand((12,)), deck)
    assert AlwaysHit().wants_hit(Hand((10, 11, 12)), deck)
    assert not Optimal().wants_hit(Hand((10, 11, 12)), deck) and not solo_optimal().hit([10, 11, 12])
    assert Optimal().wants_hit(Hand((2, 3)), deck) and solo_optimal().hit([2, 3])
    # with modifiers it solves the same recursion from its hand, the modifiers counted in the score
    assert not Optimal().wants_hit(Hand((10, 11, 12), ("x2",)), deck)
    assert Optimal().wants_hit(Hand((2, 3), ("x2", "+4")), deck)


def test_the_optimal_bot_s_tables_say_what_the_recursion_from_its_hand_says():
    rng = random.Random(11)
    fresh = tuple(DECK_COUNTS[:13])
    modifiers = ["+2", "+4", "+6", "+8", "+10", "x2"]
    for _ in range(150):
        held = tuple(sorted(rng.sample(range(13), rng.randint(0, 6))))
        mods = tuple(sorted(rng.sample(modifiers, rng.randint(1, 4))))
        assert Optimal().wants_hit(Hand(held, mods), list(DECK_COUNTS)) == counted_hit(fresh, held, mods,
                                                                                          fresh=True), (held, mods)


def test_the_optimal_bot_s_tables_for_every_modifiers_at_once_are_the_table_for_each():
    from circuslib.flip7.odds import _fresh_deck_tables, _numbers_table

    columns, values, scale = _fresh_deck_tables()
    assert len(columns) == 32                      # x1 or x2, and +0, +2, ..., +30
    for (factor, plus), column in columns.items():
        alone, alone_scale = _numbers_table(tuple(DECK_COUNTS[:13]), factor, plus)
        assert alone_scale == scale and (alone == values[:, column]).all(), (factor, plus)


def test_the_risk_bot_compares_the_exact_live_chance_with_its_bound():
    rng = random.Random(12)
    for _ in range(300):
        deck = [rng.randint(0, 3) for _ in CARDS]
        held = tuple(sorted(rng.sample(range(13), rng.randint(1, 6))))
        risk = Fraction(rng.randint(0, 8), 8)
        expected = live_bust_probability(held, deck) <= risk if sum(deck) else True
        assert StopAtRisk(risk).wants_hit(Hand(held), deck) == expected


def test_the_card_counter_sees_which_numbers_are_gone():
    only_twelves = [0] * len(CARDS)
    only_twelves[INDEX[12]] = 5
    # nothing it holds can come again: drawing is free points
    assert CardCounter().wants_hit(Hand((9, 10, 11)), only_twelves)
    # everything left is a 12 and it holds one: the next card busts for sure
    assert not CardCounter().wants_hit(Hand((1, 12)), only_twelves)
    # the plain optimum ignores the deck and stays on 10, 11, 12
    assert not Optimal().wants_hit(Hand((10, 11, 12)), only_twelves)


def test_shared_targeting_by_hand():
    hands = [Hand((5,)), Hand((9, 10, 11)), Hand((2,))]
    totals = [10, 150, 190]
    assert choose_target(0, FREEZE, hands, totals, [0, 1, 2]) == 2          # the leader (192 with this round)
    assert choose_target(0, FLIP_THREE, hands, totals, [0, 1, 2]) == 1      # the most numbers: likeliest bust
    assert choose_target(2, SECOND_CHANCE, hands, totals, [0, 1]) == 0      # the furthest behind
    assert choose_target(0, FREEZE, hands, totals, [0]) == 0                # alone: himself


def test_bad_bots_are_refused():
    with pytest.raises(ValueError):
        StopAtSum(-3)
    with pytest.raises(ValueError):
        StopAtRisk(Fraction(3, 2))
    with pytest.raises(TypeError):
        StopAtRisk("high")
    with pytest.raises(TypeError):
        play_game([AlwaysHit()], 42)
    with pytest.raises(ValueError, match="players"):
        play_game([AlwaysHit()], random.Random(1), start=new_game(players=2))
    with pytest.raises(ValueError, match="not both"):
        play_game([AlwaysHit(), AlwaysHit()], random.Random(1), target=100, options=Flip7Options())
    with pytest.raises(ValueError, match="dealer"):
        play_game([AlwaysHit(), AlwaysHit()], random.Random(1), options=Flip7Options(dealer=2))


def test_tournaments_are_seeded_and_the_optimum_beats_always_hitting():
    bots = [AlwaysHit(), Optimal(), StopAtSum(23)]
    first = win_rates(bots, 300, seed=4)
    assert first.counts == win_rates(bots, 300, seed=4).counts and first.n == 300
    assert sum(first.counts.values()) == 300 and set(first.counts) <= {0, 1, 2}
    always_lo, always_hi = first.interval(0)
    optimal_lo, optimal_hi = first.interval(1)
    assert always_hi < optimal_lo
    chart = plot_win_rates(first, bots).svg()
    assert chart.startswith("<svg") and "1: optimal" in chart and "a fair share, 1/3" in chart


# --- the move graph ---------------------------------------------------------------------------------------

def test_the_reduced_round_graph_and_its_chain():
    graph = round_graph()
    assert all(total == 1 for total in chance_sums(graph).values())
    root = graph.graph["root"]
    assert graph.nodes[root]["value"] == sympy.Rational(415, 63)
    chances = absorption(graph)
    # with one 1, three 3s, five 5s, the optimum stays on a first 5 (5 of 9) ...
    assert chances[("stay", (5,))] == sympy.Rational(5, 9)
    # ... and reaches 'Flip 3' with 1/9 (3/8 * 5/7 + 5/8 * 3/7) + 3/9 * 1/8 * 5/7 = 30/504 + 15/504 = 5/56
    assert chances["FLIP 3"] == sympy.Rational(5, 56)
    assert sum(chances.values()) == 1
    # the same chances by the core's path sums over the graph
    chosen = set(optimal_edges(graph))
    paths = terminal_probabilities(graph, lambda u, v: (u, v) in chosen)
    assert {k: v for k, v in paths.items() if v} == {k: Fraction(int(v.p), int(v.q)) for k, v in chances.items()}
    # the expected score along the chain is the optimum
    value = sum(p * (0 if end == "BUST" else 9 + 15 if end == "FLIP 3" else sum(end[1])) for end, p in chances.items())
    assert value == graph.nodes[root]["value"] == best_value(graph.nodes[root]["state"])
    # under the optimal policy only two 'stay' ends can be reached: {5} and {3, 5}
    assert set(round_chain(graph).absorbing) == {"BUST", "FLIP 3", ("stay", (5,)), ("stay", (3, 5))}


def test_the_chain_matches_a_seeded_simulation():
    graph = round_graph()
    result = simulate_ends(graph, 20_000, seed=9)
    for end, p in absorption(graph).items():
        assert result.contains(end, p), end


def test_the_quick_walk_plays_the_rounds_playout_plays_seed_for_seed():
    from circuslib.flip7.graphs import simulate_ends_by_playout

    lesson = simulate_ends(round_graph(), 2_000, seed=4)  # the lesson's run, pinned
    assert dict(lesson.counts) == {"BUST": 305, ("stay", (5,)): 1119, "FLIP 3": 161, ("stay", (3, 5)): 415}
    for deck, flip_at in ((None, 3), ({1: 1, 2: 2}, 2), ({1: 1, 3: 3, 5: 5, 7: 7}, 4), ({2: 2, 4: 4}, 2)):
        graph = round_graph(deck, flip_at=flip_at)
        for seed in (1, 4, 2026):
            quick, plain = simulate_ends(graph, 300, seed), simulate_ends_by_playout(graph, 300, seed)
            assert list(quick.counts.items()) == list(plain.counts.items()), (deck, seed)


def test_the_graph_draws_with_matplotlib_too():
    from matplotlib.figure import Figure

    from circuslib.flip7 import graphs
    from circuslib.flip7.pictures import round_graph_picture

    figure = round_graph_picture(round_graph(), title="the optimal round").to_matplotlib()
    [ax] = figure.axes
    assert isinstance(figure, Figure) and ax.get_title() == "the optimal round"
    nodes = [c for c in ax.collections if type(c).__name__ == "PathCollection"]
    assert [len(c.get_offsets()) for c in nodes] == [23]                     # the 23 nodes, one collection
    assert "the optimal choice" in [t.get_text() for t in ax.get_legend().get_texts()]
    assert "optimal" in round_graph_picture(round_graph()).to_matplotlib().axes[0].get_title()
    with pytest.warns(DeprecationWarning, match="to_matplotlib"):
        assert "optimal" in graphs.draw_round_graph(round_graph(), Figure().add_subplot()).get_title()
    with pytest.raises(ValueError, match="too big"):
        round_graph({n: n for n in range(1, 9)}, flip_at=7)


def test_the_quick_never_stop_round_matches_the_exact_distribution():
    from circuslib.core.sim import tally
    from circuslib.flip7.bots import never_stop_round
    from circuslib.flip7.odds import cards_before_bust

    result = tally(never_stop_round, 30_000, seed=8)
    assert set(result.counts) <= {1, 2, 3, 4, 5, 6, "Flip 7"}
    for outcome, p in cards_before_bust().items():
        assert result.contains(outcome, p), outcome


# ---------------------------------------------------------------------------------------------------------
# the lesson's tournament, shipped (data/tournaments.json, through core.shipped)

LESSON_BOTS = [AlwaysHit(), StopAtSum(23), StopAtRisk(Fraction(1, 4)), Optimal()]


def test_the_shipped_tournament_is_what_the_bots_play_game_for_game():
    from circuslib.core.shipped import entry
    from circuslib.flip7.bots import LESSON_TOURNAMENTS

    shipped_entry = entry(game_winners)
    assert shipped_entry.path.name == "tournaments.json" and shipped_entry.runs == "n"
    assert shipped_entry.differences() == []                  # every game played again (about a second a run)
    for case in LESSON_TOURNAMENTS:
        assert len(shipped_entry.table()[shipped_entry.key_of((), case)]) == case["n"]


def test_win_rates_reads_the_lesson_tournament_and_it_is_what_playing_gives():
    from circuslib.core.shipped import entry

    read = win_rates(LESSON_BOTS, 500, seed=2026)
    played = win_rates(LESSON_BOTS, 500, seed=2026, play_now=True)
    assert read == played and str(read) == str(played)
    assert [read.counts[seat] for seat in range(4)] == [37, 126, 177, 160]  # the lesson's text
    # a shorter run is the record's beginning; more games, another seed, target, dealer or ruling are played
    assert win_rates(LESSON_BOTS, 40, seed=2026) == win_rates(LESSON_BOTS, 40, seed=2026, play_now=True)
    table = entry(game_winners).table()

    def shipped(bots, **changes):
        return entry(game_winners).key_of((), {"bots": bots, "n": 40, "seed": 2026, **changes}) in table

    assert shipped(LESSON_BOTS) and shipped(LESSON_BOTS, target=200, rotate_dealer=True)
    assert not shipped(LESSON_BOTS, seed=2027) and not shipped(LESSON_BOTS, target=100)
    assert not shipped(LESSON_BOTS, rotate_dealer=False) and not shipped(LESSON_BOTS[::-1])
    assert not shipped(LESSON_BOTS, options=Flip7Options(waiting_after_bust="resolve"))
    assert not shipped([AlwaysHit(), StopAtSum(22), *LESSON_BOTS[2:]])
    assert len(game_winners(LESSON_BOTS, 501, 2026)) == 501          # more games than shipped: played


def test_a_students_own_bot_is_played_not_read():
    class Bolder(StopAtSum):  # a student's bot: the kit's stop-at-sum, bolder with five numbers
        def wants_hit(self, hand, deck):
            return len(hand.numbers) >= 5 or super().wants_hit(hand, deck)

    from circuslib.core.shipped import entry

    bots = [AlwaysHit(), Bolder(23), *LESSON_BOTS[2:]]
    assert entry(game_winners).key_of((bots, 30, 2026)) not in entry(game_winners).table()
    assert win_rates(bots, 30, seed=2026) == win_rates(bots, 30, seed=2026, play_now=True)


def test_a_wrong_record_would_be_caught(monkeypatch):
    from circuslib.core.shipped import entry

    shipped_entry = entry(game_winners)
    key = next(iter(shipped_entry.table()))
    record = shipped_entry.table()[key]
    wrong = {key: ("1" if record[0] != "1" else "0") + record[1:]}  # one game's winner changed
    monkeypatch.setattr(shipped_entry, "_table", wrong)
    monkeypatch.setattr(shipped_entry, "_decoded", {})
    assert win_rates(LESSON_BOTS, 5, seed=2026) != win_rates(LESSON_BOTS, 5, seed=2026, play_now=True)
    assert shipped_entry.differences()                                 # and the registry's check finds it


def test_play_now_and_the_games_are_checked():
    with pytest.raises(TypeError):
        win_rates(LESSON_BOTS, 5, seed=2026, play_now="yes")
    with pytest.raises(ValueError, match="at least 1"):
        win_rates(LESSON_BOTS, 0, seed=2026)                           # not an empty beginning of the record
    with pytest.raises(ValueError, match="at least 1"):
        game_winners(LESSON_BOTS, 0, 2026)
