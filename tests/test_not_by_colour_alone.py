"""Colour is never the only signal: in each kind of figure and picture, what colour tells apart (a plot's series, a
group of bars, a move graph's kinds of node and its highlighted moves, a manoeuvre, a heat map's shares) is told
apart by something else too: a marker, a dash pattern, a hatching, a shape, a line width, or brightness; and the
legend shows that same mark. Each SVG also carries its words (a <title> and a <desc>)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from circuslib.core.figures import VIRIDIS, Plot
from circuslib.core.graphs import CHANCE_FILL, CHOICE_FILL, END_FILL, _svg_shape, build_graph, draw_graph
from circuslib.core.svg import HATCH_ANGLES, Key, Picture, hatch_id, svg_legend, with_words
from circuslib.pcv.graphs import move_graph
from circuslib.pcv.pictures import _NODE_RIMS, MANOEUVRE_COLOURS, MANOEUVRE_DASHES, move_graph_picture
from circuslib.pcv.rules import Plane
from circuslib.pig.rules import PigState

SVG = "{http://www.w3.org/2000/svg}"


def _look(element: ET.Element) -> tuple:
    """What, beside colour, an element of a drawing shows: its tag, its dash pattern and line width, its fill's
    pattern."""
    fill = element.get("fill", "")
    return (element.tag, element.get("stroke-dasharray"), element.get("stroke-width"),
            fill if fill.startswith("url(") else None)


def test_the_curves_of_a_plot_differ_in_marker_and_dash_and_so_do_their_legend_entries():
    plot = Plot("five curves", xlabel="x", ylabel="y")
    for k in range(5):
        plot.line([1, 2, 3], [k, k + 1, k], label=f"curve {k}")
    keys = plot._keys()
    assert len({key.colour for key in keys}) == 5
    assert len({key.marker for key in keys}) == 5 and len({key.dash for key in keys}) == 5
    svg = plot.svg()
    assert len(set(re.findall(r'stroke-dasharray="([^"]+)"', svg))) >= 4  # the first curve's line is solid
    for shape in ("circle", "rect", "polygon"):  # o, s and ^ v D
        assert f"<{shape}" in svg


def test_a_marker_given_twice_still_leaves_two_curves_apart_by_their_dash():
    plot = Plot("two curves", xlabel="x", ylabel="y").line([1, 2], [0, 1], label="a", marker="o") \
        .line([1, 2], [1, 0], label="b", marker="o")
    first, second = plot._keys()
    assert (first.marker, first.dash) != (second.marker, second.dash)


def test_grouped_bars_differ_in_hatching_and_their_legend_shows_it():
    plot = Plot("three groups", xlabel="bot", ylabel="share", ylim=(0, 1))
    for k, label in enumerate(("won", "drew", "lost")):
        plot.bars(["a", "b"], [0.2 + 0.1 * k, 0.3], label=label, colour=("#2171b5", "#d94801", "#238b45")[k])
    keys = plot._keys()
    assert [key.hatch for key in keys] == [False, HATCH_ANGLES[0], HATCH_ANGLES[1]]
    svg = plot.svg()
    root = ET.fromstring(svg)
    patterns = {p.get("id") for p in root.iter(f"{SVG}pattern")}
    assert {hatch_id("circus-plot-hatch", a) for a in HATCH_ANGLES} <= patterns
    used = set(re.findall(r'fill="url\(#(circus-plot-hatch[^)]*)\)"', svg))
    assert used == {"circus-plot-hatch", "circus-plot-hatch--45"}  # on the bars and on their legend's boxes
    legend = svg[svg.index('class="circus-plot-legend"'):]
    assert legend.count("url(#circus-plot-hatch") == 2
    # matplotlib draws the same hatchings
    import matplotlib

    matplotlib.use("Agg")
    figure = plot.to_matplotlib()
    hatches = [bar.get_hatch() for bar in figure.axes[0].patches]
    assert hatches == [None, None, "//", "//", "\\\\", "\\\\"]


def test_a_single_bar_series_is_plain_and_an_unknown_hatching_is_refused():
    plot = Plot("one", xlabel="x", ylabel="y").bars(["a"], [1], label="one")
    assert plot._keys()[0].hatch is False and "url(#circus-plot-hatch" not in plot.svg()
    with pytest.raises(ValueError, match="a hatching is True or one of the angles"):
        svg_legend(0, 0, [Key("odd", box=True, hatch=30)])


def test_a_move_graphs_kinds_of_node_have_their_own_shapes_and_its_highlighted_moves_are_thicker():
    shapes = {kind: ET.fromstring(_svg_shape(kind, 0, 0, 20, 10, fill))
              for kind, fill in (("choice", CHOICE_FILL), ("chance", CHANCE_FILL), ("end", END_FILL),
                                 ("frontier", CHOICE_FILL))}
    looks = {kind: _look(shape) for kind, shape in shapes.items()}
    assert len(set(looks.values())) == 4, looks  # rect, ellipse, polygon, dashed rect
    graph = build_graph(PigState(goal=3))
    edge = next(iter(graph.edges))
    picture = draw_graph(graph, title="Pig to 3", highlight_edges=[edge])
    root = ET.fromstring(picture.svg())
    widths = {g.get("class"): g.find(f"{SVG}path").get("stroke-width") for g in root.iter(f"{SVG}g")
              if (g.get("class") or "").startswith("circus-graph-edge") and g.find(f"{SVG}path") is not None}
    assert widths["circus-graph-edge circus-graph-highlight"] != widths["circus-graph-edge"]
    keys = picture._keys()
    assert len({key.marker for key in keys if key.marker}) == len([key for key in keys if key.marker])


def test_the_manoeuvres_and_positions_of_a_plane_differ_in_dash_and_rim_not_only_in_colour():
    assert len(set(MANOEUVRE_DASHES.values())) == len(MANOEUVRE_COLOURS) == len(MANOEUVRE_DASHES)
    assert len(set(_NODE_RIMS.values())) == len(_NODE_RIMS)
    picture = move_graph_picture(move_graph(Plane("Red 1", 0, (0, 0), facing=0, altitude=1, speed=2)))
    root = ET.fromstring(picture.svg())
    drawn = {}
    for line in root.iter(f"{SVG}line"):
        colour = line.get("stroke")
        kind = next((k for k, c in MANOEUVRE_COLOURS.items() if c == colour), None)
        if kind:
            drawn.setdefault(kind, set()).add(line.get("stroke-dasharray"))
    assert len(drawn) >= 2, drawn  # the arrows and their legend's lines
    assert all(marks == {MANOEUVRE_DASHES[kind]} for kind, marks in drawn.items()), drawn
    rims = {(r.get("stroke-width"), r.get("stroke-dasharray")) for r in root.iter(f"{SVG}rect")
            if r.get("stroke") == "#555555"}
    assert len(rims) >= 3  # start, on the way, end: each its own rim, in the graph and in its legend


def test_the_heat_maps_scale_grows_brighter_so_a_share_reads_in_grey():
    def grey(rgb: tuple[int, int, int]) -> float:
        return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]

    greys = [grey(stop) for stop in VIRIDIS]
    assert all(a < b for a, b in zip(greys, greys[1:]))


def test_a_picture_carries_its_words_in_its_svg():
    picture = Picture.of('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>',
                         "A box.\nIt is empty & square.")
    for svg in (picture.plain_svg(), picture._repr_html_()[picture._repr_html_().index("<svg"):-len("</div>")]):
        root = ET.fromstring(svg)
        assert root.get("role") == "img"
        assert root.find(f"{SVG}title").text == "A box."
        assert root.find(f"{SVG}desc").text == "A box.\nIt is empty & square."
    titled = with_words('<svg role="img"><title>Mine</title><g/></svg>', "Words.")
    assert titled == '<svg role="img"><title>Mine</title><desc>Words.</desc><g/></svg>'
    with pytest.raises(ValueError, match="starts with <svg"):
        with_words("<div/>", "Words.")


def test_a_scout_match_has_a_dashed_rim_and_its_legend_says_so():
    from circuslib.scout.graphs import play_graph
    from circuslib.scout.pictures import MATCH_FILL, MATCH_RIM, play_graph_svg

    svg = play_graph_svg(play_graph([3, 4, 5, 5, 2, 2]))
    root = ET.fromstring(svg)
    rims = {(shape.get("fill"), shape.get("stroke-dasharray")) for shape in root.iter()
            if shape.tag in (f"{SVG}ellipse", f"{SVG}rect") and shape.get("fill") in (MATCH_FILL, "#c6dbef")}
    assert (MATCH_FILL, MATCH_RIM) in rims and ("#c6dbef", None) in rims
    assert ">a match (dashed rim)</text>" in svg


def test_each_node_of_a_flip7_round_graph_says_its_kind_in_words():
    from circuslib.flip7.graphs import _node_kind, round_graph

    graph = round_graph()
    words = {"draw": "draw", "stay": "stay", "BUST": "BUST", "flip": "FLIP"}
    for node, data in graph.nodes(data=True):
        kind, label = _node_kind(node, data), data.get("label", str(node))
        assert label.startswith("{") if kind == "hand" else label.startswith(words[kind]), (kind, label)
