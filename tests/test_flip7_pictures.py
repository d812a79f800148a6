"""Flip 7's round graph drawn by the kit as SVG (flip7.pictures): the same nodes, colours, chances, optimal choices and
legend as its matplotlib drawing (to_matplotlib)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from circuslib.core.svg import dark_ink
from circuslib.flip7.graphs import NODE_COLORS, OPTIMAL_RED, round_graph
from circuslib.flip7.pictures import ARROW_GREY, round_graph_positions, round_graph_svg


def _group(svg: str, css_class: str) -> str:
    start = svg.index(f'<g class="{css_class}">')
    return svg[start:svg.index("</g>", start)]


def _texts(svg: str) -> list[str]:
    """Each line of text the picture shows, as a reader sees it (its escapes read)."""
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def _nodes(svg: str) -> list[tuple[str, float, float, str, str]]:
    """(kind, x, y, fill, label) of each node, its label's lines joined by a space."""
    found = re.findall(r'<g class="circus-flip7-node circus-flip7-(\w+)"><circle cx="([\d.]+)" cy="([\d.]+)" r="\d+" '
                       r'fill="(#\w+)"[^>]*/><text[^>]*>(.*?)</text></g>', svg)
    return [(kind, float(x), float(y), fill, " ".join(re.findall(r">([^<]*)</tspan>", words)))
            for kind, x, y, fill, words in found]


def test_the_lesson_round_graph_as_svg():
    svg = round_graph_svg(round_graph(), title="A lone player's round\non the small deck")
    nodes = _nodes(svg)
    assert len(nodes) == 23
    kinds = [kind for kind, *_ in nodes]
    assert {k: kinds.count(k) for k in set(kinds)} == {"hand": 7, "draw": 7, "stay": 7, "bust": 1, "flip": 1}
    assert all(fill == NODE_COLORS[{"bust": "BUST"}.get(kind, kind)] for kind, _, _, fill, _ in nodes)
    labels = {label for *_, label in nodes}
    assert {"{}", "{1,3}", "{3,5}", "draw", "stay 0", "stay 8", "BUST", "FLIP 3"} <= labels
    # the optimal choice at each of the 7 hands in red and thicker; the 7 other choices and 17 draws grey
    optimal, others = _group(svg, "circus-flip7-optimal"), _group(svg, "circus-flip7-moves")
    assert optimal.count("<polygon") == 7 and optimal.count(f'stroke="{OPTIMAL_RED}" stroke-width="2.5"') == 7
    assert others.count("<polygon") == 24 and others.count(f'stroke="{ARROW_GREY}" stroke-width="1"') == 24
    chances = re.findall(r'<g class="circus-flip7-chance">.*?>([^<]+)</text></g>', svg)
    assert sorted(chances) == sorted(["1/9", "1/3", "5/9", "3/8", "5/8", "1/8", "1/4", "5/8", "1/8", "3/8", "1/2",
                                      "2/7", "5/7", "3/7", "4/7", "1/7", "6/7"])
    # the start at the top, the Flip alone at the bottom; the title's two lines and the legend in currentColor
    ys = sorted((y, label) for _, _, y, _, label in nodes)
    assert ys[0][1] == "{}" and ys[-1][1] == "FLIP 3" and ys[0][0] < ys[1][0] and ys[-2][0] < ys[-1][0]
    assert {"A lone player's round", "on the small deck"} <= set(_texts(svg))
    legend = _group(svg, "circus-flip7-legend")
    assert ">the optimal choice</text>" in legend and ">bust: 0 points</text>" in legend
    assert legend.count('fill="currentColor"') == 6 and 'class="circus-svg circus-flip7-round-graph"' in svg
    assert dark_ink(svg) == []  # every text and line reads in a dark theme too (nodes and chances are light pieces)


def test_no_chance_label_covers_a_node_or_another_label():
    svg = round_graph_svg(round_graph())
    boxes = [tuple(map(float, m)) for m in re.findall(
        r'<g class="circus-flip7-chance"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg)]
    centres = [(x, y) for _, x, y, _, _ in _nodes(svg)]
    radius = float(re.search(r'<circle cx="[\d.]+" cy="[\d.]+" r="(\d+)"', svg).group(1))
    for i, (x, y, w, h) in enumerate(boxes):
        for cx, cy in centres:  # the nearest point of the label to the circle's centre lies outside the circle
            assert (min(max(cx, x), x + w) - cx) ** 2 + (min(max(cy, y), y + h) - cy) ** 2 >= radius ** 2
        for x2, y2, w2, h2 in boxes[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_positions_follow_the_layered_layout_and_other_decks_draw():
    graph = round_graph({1: 1, 2: 2}, flip_at=2)
    grid = round_graph_positions(graph)
    assert grid[graph.graph["root"]] == (0.0, 0) and max(d for _, d in grid.values()) == 4
    svg = round_graph_svg(graph)
    assert len(_nodes(svg)) == graph.number_of_nodes()
    assert _group(svg, "circus-flip7-optimal").count("<polygon") == sum(
        1 for _, _, d in graph.edges(data=True) if d.get("optimal"))
    assert "A lone player's round (reduced deck): optimal choices in red" in _texts(svg)  # the default title
    assert dark_ink(svg) == []


def test_round_graph_svg_refuses_what_is_not_a_round_graph():
    import networkx as nx

    with pytest.raises((TypeError, ValueError)):
        round_graph_svg(nx.DiGraph())
    with pytest.raises((TypeError, ValueError)):
        round_graph_svg([1, 2])
    with pytest.raises(TypeError):
        round_graph_svg(round_graph(), title=3)


# --- the pictures a notebook shows: SVG, plain SVG and words -------------------------------------------------

def test_the_round_graph_picture_says_what_it_shows():
    from circuslib.flip7.pictures import round_graph_picture

    graph = round_graph()
    picture = round_graph_picture(graph, title="A lone player's round")
    bundle = picture._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert bundle["image/svg+xml"].startswith("<svg") and "currentColor" not in bundle["image/svg+xml"]
    words = bundle["text/plain"]
    assert words.startswith("A lone player's round, as a move graph of 23 nodes")
    assert "{}: hit" in words and "{5}: stay" in words and "BUST" in words and "FLIP 3" in words
    assert 'aria-label="A lone player&#x27;s round, as a move graph' in bundle["text/html"]


def test_the_table_is_one_picture_with_a_row_for_each_player_and_words_for_them():
    from circuslib.core.game import play_moves
    from circuslib.flip7.pictures import hand_row_picture, table_picture
    from circuslib.flip7.rules import HIT, Flip7Options, Hand, new_game

    state = play_moves(new_game(Flip7Options(dealer=1), players=2), [5, 8, HIT, 5])   # player 0 busts on a 5
    picture = table_picture(state, names=["Ann <3", "Bob"])
    svg = picture.svg()
    ET.fromstring(svg)                                   # one well-formed SVG, the rows inside it
    assert svg.count("<svg") == 3 and "Ann &lt;3" in svg and "Ann <3" not in svg
    words = picture.description()
    assert words.startswith("Round 1 · deck 91 cards · discards 0.")
    assert "Ann <3: 5, 5; BUST, 0 points this round, 0 in all." in words and "Bob (to play): 8; in play" in words
    with pytest.raises(ValueError, match="names"):
        table_picture(state, names=["Ann"])
    row = hand_row_picture(Hand((3, 7), ("x2",)), label="Cleo")
    assert row.description() == "Cleo: 3, 7, ×2; in play, 20 points this round" and row.svg().startswith("<svg")


def test_the_round_graph_reads_on_a_projector_and_no_chance_sits_on_another_arrow():
    graph = round_graph()
    svg = round_graph_svg(graph)
    assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 13
    boxes = [(tuple(map(float, m[:4])), m[4]) for m in re.findall(
        r'<g class="circus-flip7-chance"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)".*?'
        r'>([^<]+)</text></g>', svg)]
    for (_x, _y, w, h), text in boxes:  # the label holds its text: 0.6 em a character at 13 px, with a margin
        assert w >= 0.6 * 13 * len(text) + 8 and h >= 17
    for i, ((x, y, w, h), _) in enumerate(boxes):  # labels keep 4 px apart: none printed over or against another
        for (x2, y2, w2, h2), _ in boxes[i + 1:]:
            assert x + w + 4 <= x2 or x2 + w2 + 4 <= x or y + h + 4 <= y2 or y2 + h2 + 4 <= y
    # the arrows, as drawn (each ends at its node's rim); a chance label is crossed by its own arrow only, so the
    # five chances on the arrows meeting at BUST each read on their own arrow
    arrows = [tuple(map(float, m)) for m in re.findall(
        r'<path d="M([\d.-]+),([\d.-]+) L([\d.-]+),([\d.-]+)"', svg)]
    assert len(arrows) == graph.number_of_edges()
    for (x, y, w, h), text in boxes:
        crossing = [a for a in arrows if any(x <= a[0] + (a[2] - a[0]) * t / 200 <= x + w
                                             and y <= a[1] + (a[3] - a[1]) * t / 200 <= y + h for t in range(201))]
        assert len(crossing) == 1, (text, crossing)


def test_counts_take_their_plural_and_the_rows_read_at_13_px():
    from circuslib.flip7.pictures import hand_row_picture
    from circuslib.flip7.rules import Hand, counted, hand_svg

    assert (counted(1, "card"), counted(2, "card"), counted(0, "point")) == ("1 card", "2 cards", "0 points")
    one = Hand((1,), ())
    assert hand_row_picture(one, label="Ann").description() == "Ann: 1; in play, 1 point this round"
    svg = hand_svg(one, label="Ann", total=1)
    assert ">in play: 1 point</text>" in svg and "1 points" not in svg
    assert ">in play: 12 points</text>" in hand_svg(Hand((12,), ()), label="Bob")
    assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 13
