"""Move graphs built from any state: nodes, edges, exact chances, limits, drawing."""
from __future__ import annotations

from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from toygames import CoinRace

from circuslib.core.game import CHANCE, expected_value
from circuslib.core.graphs import build_graph, chance_sums, draw_graph, layered_layout, terminal_probabilities
from circuslib.welcome import PigTurn, graph_key, stop_at


def test_pig_to_two_has_exactly_the_states_worked_out_by_hand():
    # 0 --stop--> 0 stopped; 0 --roll--> 0+? ; 0+? --1--> bust, --2..6--> totals 2..6 (all end, goal 2)
    graph = build_graph(PigTurn(goal=2), key=graph_key)
    assert graph.number_of_nodes() == 1 + 1 + 1 + 1 + 5
    assert graph.number_of_edges() == 2 + 6
    rolling = (0, True, False)
    assert graph.nodes[rolling]["player"] == CHANCE
    assert graph.edges[rolling, "bust"]["prob"] == Fraction(1, 6)
    assert {graph.edges[(0, False, False), n]["label"] for n in graph.successors((0, False, False))} == {"roll", "stop"}
    assert sum(1 for _, d in graph.nodes(data=True) if d["terminal"]) == 7


def test_every_chance_node_sums_to_one_and_merged_outcomes_add_up():
    graph = build_graph(PigTurn(goal=8), key=graph_key)
    assert set(chance_sums(graph).values()) == {1}
    # from total 2 rolling, the 1 busts and 2..6 lead to different totals; every bust is one node
    assert graph.in_degree("bust") == sum(1 for _, d in graph.nodes(data=True) if d["player"] == CHANCE)
    coin = build_graph(CoinRace(target=2), max_nodes=500)
    assert set(chance_sums(coin).values()) == {1}


def test_limits_mark_the_graph_as_truncated():
    graph = build_graph(PigTurn(goal=20), key=graph_key, max_depth=2)
    assert graph.graph["truncated"] and max(d["depth"] for _, d in graph.nodes(data=True)) == 2
    assert any(d["frontier"] for _, d in graph.nodes(data=True))
    small = build_graph(PigTurn(goal=20), key=graph_key, max_nodes=10)
    assert small.number_of_nodes() == 10 and small.graph["truncated"]
    assert not build_graph(PigTurn(goal=3), key=graph_key).graph["truncated"]
    with pytest.raises(ValueError, match="max_depth"):
        build_graph(PigTurn(), max_depth=-1)


def test_policy_graph_gives_exact_end_chances_equal_to_the_expected_value():
    policy = stop_at(4)
    graph = build_graph(PigTurn(goal=10), key=graph_key, moves=lambda s: [policy(s)])
    ends = terminal_probabilities(graph)
    assert sum(ends.values()) == 1
    value = sum(p * graph.nodes[n]["state"].scores()[0] for n, p in ends.items() if n != "bust")
    assert value == expected_value(PigTurn(goal=10), policy)
    # bust before reaching 4: a 1 on the first roll, or a 2 or a 3 and then a 1: 1/6 + 2/36 = 2/9
    assert ends["bust"] == Fraction(2, 9)


def test_layout_puts_each_depth_on_its_own_row_and_drawing_works():
    graph = build_graph(PigTurn(goal=3), key=graph_key)
    pos = layered_layout(graph)
    assert {y for _, y in pos.values()} == {-d["depth"] for _, d in graph.nodes(data=True)}
    ax = draw_graph(graph, highlight_edges=[((0, False, False), (0, True, False))], title="Pig")
    assert ax.get_title() == "Pig" and len(ax.texts) >= graph.number_of_nodes()


def test_draw_arrows_stop_at_the_rims_in_one_artist_and_keep_the_limits():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from circuslib.core.graphs import draw_arrows

    fig, ax = plt.subplots(figsize=(6, 3))
    pos = {"a": (0, 0), "b": (1, 0.5), "c": (2, -0.5)}
    ax.scatter(*zip(*pos.values()), s=900)
    before = len(ax.collections)
    arrows = draw_arrows(ax, pos, [("a", "b"), ("b", "c")], color="black", node_size=900)
    assert len(ax.collections) == before + 1 and arrows.N == 2  # one quiver, one arrow per edge
    limits = ax.get_xlim(), ax.get_ylim()
    to_points = ax.transData + fig.dpi_scale_trans.inverted()
    for (tail_x, tail_y), (u, v), (a, b) in zip(arrows.get_offsets(), zip(arrows.U, arrows.V), [("a", "b"), ("b", "c")]):
        tail, tip = to_points.transform([(tail_x, tail_y), (tail_x + u, tail_y + v)]) * 72
        start, end = to_points.transform([pos[a], pos[b]]) * 72
        assert np.isclose(np.hypot(*(tail - start)), 15) and np.isclose(np.hypot(*(tip - end)), 15)  # radius 30/2 pt
    ax.plot([5], [5])  # later artists do not move the limits the rims were worked out with
    assert (ax.get_xlim(), ax.get_ylim()) == limits
    with pytest.raises(TypeError, match="Axes"):
        draw_arrows(None, pos, [("a", "b")], color="black")
    plt.close(fig)
