"""The Flip Circus pictures the kit writes as SVG: the lesson's Cayley graph of neighbour swaps on ABCD."""
from __future__ import annotations

import re
import subprocess
import sys

import networkx as nx
import pytest

from circuslib.flip_circus.graphs import swap_graph
from circuslib.flip_circus.pictures import DISTANCE_COLOURS, swap_graph_svg


def _lesson_picture(**options):
    cayley = swap_graph("ABCD")
    distance = nx.single_source_shortest_path_length(cayley, tuple("ABCD"))
    columns = {d: sorted(n for n in cayley if distance[n] == d) for d in sorted(set(distance.values()))}
    pos = nx.multipartite_layout(cayley, subset_key=columns)
    return cayley, pos, distance, swap_graph_svg(cayley, pos, distance, **options)


def test_the_cayley_graph_of_abcd_shows_every_arrangement_swap_and_distance():
    cayley, pos, distance, svg = _lesson_picture(title="24 arrangements & 48 swaps")
    assert svg.startswith("<svg") and 'class="circus-svg circus-flip-circus-cayley"' in svg
    assert "24 arrangements &amp; 48 swaps" in svg  # the title, escaped
    circles = re.findall(r'<circle cx="[^"]+" cy="[^"]+" r="17" fill="(#[0-9a-f]{6})"', svg)
    assert len(circles) == 24
    # filled by distance: 1 at 0 swaps (ABCD), 4 at 1, 10 at 2, 8 at 3, 1 at 4 (CDAB, the half turn)
    assert [circles.count(c) for c in DISTANCE_COLOURS] == [1, 4, 10, 8, 1]
    labels = re.findall(r">([A-D]{4})</text>", svg)
    assert sorted(labels) == sorted("".join(n) for n in cayley)
    swaps = re.search(r'class="circus-swaps" d="([^"]+)"', svg).group(1)
    assert swaps.count("M") == cayley.number_of_edges() == 48
    for row in ("0 swaps from ABCD (1)", "1 swap from ABCD (4)", "2 swaps from ABCD (10)", "3 swaps from ABCD (8)",
                "4 swaps from ABCD (1)"):
        assert row in svg


def test_each_arrangement_sits_where_the_layout_puts_it_in_columns_by_distance():
    cayley, pos, distance, svg = _lesson_picture()
    centres = {label: (float(x), float(y)) for x, y, label in
               re.findall(r'<circle cx="([^"]+)" cy="([^"]+)" r="17"[^>]*/><text[^>]*>([A-D]{4})</text>', svg)}
    assert len(centres) == 24
    for a in cayley:
        for b in cayley:
            (ax, ay), (bx, by) = centres["".join(a)], centres["".join(b)]
            # one column per distance, left to right; higher in the layout is higher on the page
            assert (ax < bx) == (distance[a] < distance[b])
            if distance[a] == distance[b] and pos[a][1] > pos[b][1]:
                assert ay < by
    assert centres["ABCD"][1] == centres["CDAB"][1]  # the two ends of the diameter in the middle row


def test_bad_pictures_are_refused_with_a_reason():
    cayley, pos, distance, _ = _lesson_picture()
    with pytest.raises(TypeError, match="swap graph"):
        swap_graph_svg("ABCD", pos, distance)
    with pytest.raises(ValueError, match="place in pos"):
        swap_graph_svg(cayley, {n: (0, 0) for n in list(cayley)[1:]}, distance)
    with pytest.raises(ValueError, match="pair of finite numbers"):
        swap_graph_svg(cayley, {n: (0, float("nan")) for n in cayley}, distance)
    with pytest.raises(ValueError, match="whole number"):
        swap_graph_svg(cayley, pos, {n: -1 for n in cayley})
    with pytest.raises(ValueError, match="a colour for each distance from 0 to 4"):
        swap_graph_svg(cayley, pos, distance, colours=["#ffffff"] * 4)
    with pytest.raises(ValueError, match="too many"):
        big = swap_graph("ABCDEF")
        swap_graph_svg(big, {n: (0, 0) for n in big}, {n: 0 for n in big})


def test_the_picture_needs_no_matplotlib():
    code = ("import sys, networkx as nx\n"
            "from circuslib.flip_circus.graphs import swap_graph\n"
            "from circuslib.flip_circus.pictures import swap_graph_svg\n"
            "g = swap_graph('ABC')\n"
            "d = nx.single_source_shortest_path_length(g, tuple('ABC'))\n"
            "svg = swap_graph_svg(g, nx.circular_layout(g), d)\n"
            "assert svg.count('<circle') == 6 + len(set(d.values()))\n"
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
