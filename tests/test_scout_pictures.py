"""Scout's play graph drawn as SVG by the kit: every show once, in its row, an arrow for each edge, the chain in red,
matches orange, the legend; bad graphs and chains refused."""
from __future__ import annotations

import re

import pytest

from circuslib.core.charts import dark_ink
from circuslib.scout.graphs import game_tree, longest_chains, play_graph
from circuslib.scout.pictures import CHAIN_COLOUR, MATCH_FILL, OTHER_FILL, play_graph_positions, play_graph_svg


def _group(svg: str, css_class: str) -> str:
    start = svg.index(f'<g class="{css_class}">')
    return svg[start:svg.index("</g>", start)]


def test_the_lessons_play_graph():
    graph = play_graph([3, 4, 5, 5, 2, 2])
    chain = longest_chains(graph)[0]
    svg = play_graph_svg(graph, highlight=chain, title="Shows of the hand 3 4 5 5 2 2:\nan arrow points to a show")
    # 11 shows: six single cards (two 5s, two 2s), 3 4, 4 5, 5 5, 2 2 and 3 4 5; the two matches orange
    labels = re.findall(r'fill="#222222">([^<]+)</text>', svg)
    assert sorted(labels) == sorted(["3", "4", "5", "5", "2", "2", "3 4", "4 5", "5 5", "2 2", "3 4 5"])
    assert svg.count(f'fill="{MATCH_FILL}" stroke') == 2 + 1  # two matches and the legend's box
    assert svg.count(f'fill="{OTHER_FILL}" stroke') == 9 + 1
    # one arrow per edge: the chain's 8 in red, the other 3 in grey
    assert len(chain) == 9 and graph.number_of_edges() == 11
    assert _group(svg, "circus-scout-chain").count("<polygon") == 8
    assert _group(svg, "circus-scout-beats").count("<polygon") == 3
    assert f'stroke="{CHAIN_COLOUR}" stroke-width="2.5"' in _group(svg, "circus-scout-legend")
    assert ">Shows of the hand 3 4 5 5 2 2:</text>" in svg and ">an arrow points to a show</text>" in svg
    assert ">a match</text>" in svg and ">one longest chain</text>" in svg
    assert dark_ink(svg) == []  # the title and legend in the theme's colour, the shows' labels on their light ovals


def test_stronger_sets_sit_higher_and_equal_sets_side_by_side():
    graph = play_graph([3, 4, 5, 5, 2, 2])
    pos = play_graph_positions(graph)
    for a, b in graph.edges:  # b beats a: b's row is above a's
        assert pos[b][1] > pos[a][1]
    assert pos[(0, 3)][1] == max(row for _, row in pos.values())  # 3 4 5 on top
    assert pos[(2, 3)][1] == pos[(3, 4)][1] and {pos[(2, 3)][0], pos[(3, 4)][0]} == {-0.5, 0.5}  # the two 5s
    svg = play_graph_svg(graph)
    ovals = {m.group(2): float(m.group(1)) for m in re.finditer(
        r'<ellipse cx="[\d.]+" cy="([\d.]+)"[^>]*/><text[^>]*>([^<]+)</text>', svg)}
    assert ovals["3 4 5"] < ovals["5 5"] < ovals["2 2"] < ovals["4 5"] < ovals["3"]  # up the page is stronger
    assert "circus-scout-chain" in svg and _group(svg, "circus-scout-chain").count("<polygon") == 0  # no chain


def test_a_hand_without_sets_and_bad_arguments():
    svg = play_graph_svg(play_graph([1]))
    assert svg.count("<ellipse") == 1 and "<polygon" not in svg
    with pytest.raises((TypeError, ValueError)):
        play_graph_svg(game_tree([[(1, 2)], [(3, 4)]], chips=0))  # a game tree is not a play graph
    with pytest.raises(ValueError, match="highlight lists shows"):
        play_graph_svg(play_graph([3, 4]), highlight=[(0, 1), (5, 6)])


@pytest.mark.parametrize("kwargs, error", [({"title": 5}, TypeError), ({"highlight": "ab"}, TypeError),
                                           ({"highlight": 5}, TypeError), ({"highlight": [[0, 1]]}, ValueError)])
def test_refusals_say_what_is_wrong(kwargs, error):
    with pytest.raises(error):
        play_graph_svg(play_graph([3, 4]), **kwargs)
    with pytest.raises(TypeError, match="play_graph"):
        play_graph_svg(None)
