"""Move graphs built from any state: nodes, edges, exact chances, limits; drawn as the kit's picture (every label
readable, a legend, words, the same drawing in matplotlib)."""
from __future__ import annotations

from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from toygames import CoinRace

from circuslib.core.game import CHANCE, expected_value
from circuslib.core.graphs import (
    GraphPicture,
    build_graph,
    chance_sums,
    draw_graph,
    layered_layout,
    terminal_probabilities,
)
from circuslib.pig.bots import stop_at
from circuslib.pig.graphs import graph_key
from circuslib.pig.rules import PigState


def test_pig_to_two_has_exactly_the_states_worked_out_by_hand():
    # 0 --stop--> 0 stopped; 0 --roll--> 0+? ; 0+? --1--> bust, --2..6--> totals 2..6 (all end, goal 2)
    graph = build_graph(PigState(goal=2), key=graph_key)
    assert graph.number_of_nodes() == 1 + 1 + 1 + 1 + 5
    assert graph.number_of_edges() == 2 + 6
    rolling = (0, True, False)
    assert graph.nodes[rolling]["player"] == CHANCE
    assert graph.edges[rolling, "bust"]["prob"] == Fraction(1, 6)
    assert {graph.edges[(0, False, False), n]["label"] for n in graph.successors((0, False, False))} == {"roll", "stop"}
    assert sum(1 for _, d in graph.nodes(data=True) if d["terminal"]) == 7


def test_every_chance_node_sums_to_one_and_merged_outcomes_add_up():
    graph = build_graph(PigState(goal=8), key=graph_key)
    assert set(chance_sums(graph).values()) == {1}
    # from total 2 rolling, the 1 busts and 2..6 lead to different totals; every bust is one node
    assert graph.in_degree("bust") == sum(1 for _, d in graph.nodes(data=True) if d["player"] == CHANCE)
    coin = build_graph(CoinRace(target=2), max_nodes=500)
    assert set(chance_sums(coin).values()) == {1}


def test_limits_mark_the_graph_as_truncated():
    graph = build_graph(PigState(goal=20), key=graph_key, max_depth=2)
    assert graph.graph["truncated"] and max(d["depth"] for _, d in graph.nodes(data=True)) == 2
    assert any(d["frontier"] for _, d in graph.nodes(data=True))
    small = build_graph(PigState(goal=20), key=graph_key, max_nodes=10)
    assert small.number_of_nodes() == 10 and small.graph["truncated"]
    assert not build_graph(PigState(goal=3), key=graph_key).graph["truncated"]
    with pytest.raises(ValueError, match="max_depth"):
        build_graph(PigState(), max_depth=-1)


def test_policy_graph_gives_exact_end_chances_equal_to_the_expected_value():
    policy = stop_at(4)
    graph = build_graph(PigState(goal=10), key=graph_key, moves=lambda s: [policy(s)])
    ends = terminal_probabilities(graph)
    assert sum(ends.values()) == 1
    value = sum(p * graph.nodes[n]["state"].scores()[0] for n, p in ends.items() if n != "bust")
    assert value == expected_value(PigState(goal=10), policy)
    # bust before reaching 4: a 1 on the first roll, or a 2 or a 3 and then a 1: 1/6 + 2/36 = 2/9
    assert ends["bust"] == Fraction(2, 9)


def test_layout_puts_each_depth_on_its_own_row():
    graph = build_graph(PigState(goal=3), key=graph_key)
    pos = layered_layout(graph)
    assert {y for _, y in pos.values()} == {-d["depth"] for _, d in graph.nodes(data=True)}
    picture = draw_graph(graph, title="Pig")
    rows = {round(y) for _, y, _, _ in picture._layout().nodes.values()}
    assert len(rows) == len({d["depth"] for _, d in graph.nodes(data=True)})  # one row of the picture per depth


def _boxes(picture: GraphPicture) -> list[tuple[str, tuple[float, float, float, float]]]:
    drawing = picture._layout()
    found = [(f"node {n}", (x - w / 2, y - h / 2, x + w / 2, y + h / 2)) for n, (x, y, w, h) in drawing.nodes.items()]
    return found + [(f"label of {e}", (x - w / 2, y - h / 2, x + w / 2, y + h / 2))
                    for e, (x, y, w, h) in drawing.edge_labels.items()]


@pytest.mark.parametrize("goal", [2, 6, 9, 12])
def test_a_graph_picture_prints_no_label_over_another(goal):
    graph = build_graph(PigState(goal=goal), key=graph_key)
    picture = draw_graph(graph, title=f"Pig to {goal}")
    boxes = _boxes(picture)
    assert len(boxes) == graph.number_of_nodes() + graph.number_of_edges()  # every node and every edge labelled
    for i, (a, box) in enumerate(boxes):
        for b, other in boxes[i + 1:]:
            apart = box[2] <= other[0] or other[2] <= box[0] or box[3] <= other[1] or other[3] <= box[1]
            assert apart, f"{a} prints over {b}"
    # each text box is measured at least as wide as its text at 0.55 of the font size a character
    drawing = picture._layout()
    for (u, v), (_, _, w, _) in drawing.edge_labels.items():
        assert w >= 0.55 * picture.size * 0.9 * len(graph.edges[u, v]["label"])
    width, height = drawing.width, drawing.height
    assert all(0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height for _, box in boxes)


def test_a_graph_picture_shows_itself_in_every_form():
    import xml.etree.ElementTree as ET

    from circuslib.core.svg import dark_ink

    graph = build_graph(PigState(goal=6), key=graph_key)
    picture = draw_graph(graph, title="Pig to 6: every position and move",
                         highlight_edges=[((0, False, False), (0, True, False))])
    bundle = picture._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    root = ET.fromstring(bundle["image/svg+xml"])
    ns = "{http://www.w3.org/2000/svg}"
    texts = ["".join(t.itertext()) for t in root.iter(f"{ns}text")]
    assert texts[0] == "Pig to 6: every position and move"
    labels = [d["label"] for _, d in graph.nodes(data=True)] + [d["label"] for *_, d in graph.edges(data=True)]
    assert sorted(t for t in texts[1:] if t in labels) == sorted(labels)  # every node and edge says its label
    assert {"a choice", "a chance step", "an end", "highlighted move"} <= set(texts)  # the legend
    assert len(root.findall(f".//{ns}g[@class='circus-graph-edge circus-graph-highlight']")) == 1
    assert "var(--" not in bundle["image/svg+xml"] and dark_ink(picture.svg()) == []
    words = bundle["text/plain"].splitlines()
    assert words[:3] == ["Pig to 6: every position and move.",
                         "22 positions (5 choices, 5 chance steps, 12 ends) and 40 moves, in 5 rows.", "Row 1: 0."]
    assert "From 0: roll to 0+?; stop to 0✓." in words and words[-1] == "Highlighted: 0 to 0+?."


def test_a_graph_picture_in_matplotlib_is_the_same_drawing():
    graph = build_graph(PigState(goal=3), key=graph_key)
    picture = draw_graph(graph, title="Pig")
    figure = picture.to_matplotlib()
    ax = figure.axes[0]
    assert ax.get_title() == "Pig" and len(ax.patches) >= graph.number_of_nodes()
    texts = [t.get_text() for t in ax.texts]
    assert sorted(t for t in texts if t in {d["label"] for _, d in graph.nodes(data=True)}) == sorted(
        d["label"] for _, d in graph.nodes(data=True))
    assert texts.count("1/6") == sum(1 for *_, d in graph.edges(data=True) if d["label"] == "1/6")
    arrows = [a for a in ax.texts if a.get_text() == "" and getattr(a, "arrow_patch", None) is not None]
    assert len(arrows) == graph.number_of_edges()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["a choice", "a chance step", "an end"]
    # the old form: drawn on the Axes given (or on a new one), which is returned
    import matplotlib.pyplot as plt

    _, mine = plt.subplots()
    assert draw_graph(graph, mine, title="Pig") is mine and mine.get_title() == "Pig"
    plt.close("all")


def test_a_graph_picture_refuses_what_it_cannot_draw():
    graph = build_graph(PigState(goal=3), key=graph_key)
    with pytest.raises(TypeError, match="networkx DiGraph"):
        draw_graph([1, 2])
    with pytest.raises(ValueError, match="does not have"):
        draw_graph(graph, highlight_edges=[("a", "b")])
    with pytest.raises(ValueError, match="font_size"):
        draw_graph(graph, font_size=100)
    with pytest.raises(TypeError, match="node_color"):
        draw_graph(graph, node_color="red")
    import networkx as nx

    with pytest.raises(ValueError, match="at most 400"):
        draw_graph(nx.path_graph(401, create_using=nx.DiGraph))


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
    ends = [("a", "b"), ("b", "c")]
    for (tail_x, tail_y), (u, v), (a, b) in zip(arrows.get_offsets(), zip(arrows.U, arrows.V), ends):
        tail, tip = to_points.transform([(tail_x, tail_y), (tail_x + u, tail_y + v)]) * 72
        start, end = to_points.transform([pos[a], pos[b]]) * 72
        assert np.isclose(np.hypot(*(tail - start)), 15) and np.isclose(np.hypot(*(tip - end)), 15)  # radius 30/2 pt
    ax.plot([5], [5])  # later artists do not move the limits the rims were worked out with
    assert (ax.get_xlim(), ax.get_ylim()) == limits
    with pytest.raises(TypeError, match="Axes"):
        draw_arrows(None, pos, [("a", "b")], color="black")
    plt.close(fig)


def test_edge_labels_keep_their_gap_from_every_node_and_print_at_13_px_or_more():
    from svgboxes import text_boxes

    graph = build_graph(PigState(goal=6), key=graph_key)
    picture = draw_graph(graph, label_gap=10, font_size=5)  # a tiny font asked for: the kit's 13 px still hold
    d = picture._layout()
    nodes = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y, w, h in d.nodes.values()]
    for (x, y, w, h) in d.edge_labels.values():
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        assert all(box[2] + 10 <= n[0] or n[2] + 10 <= box[0] or box[3] + 10 <= n[1] or n[3] + 10 <= box[1]
                   for n in nodes), "an edge label closer than 10 px to a node"
    assert min(b.size for b in text_boxes(picture.svg())) >= 13
    with pytest.raises(ValueError, match="label_gap is the room in pixels"):
        draw_graph(graph, label_gap=-1)
