"""The Flip Circus pictures the kit writes as SVG: the ring, the lesson's Cayley graph of neighbour swaps on ABCD, the
positions one turn reaches; each a Picture with its words."""
from __future__ import annotations

import re
import subprocess
import sys

import networkx as nx
import pytest

from circuslib.core.svg import dark_ink
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
    circles = re.findall(r'<circle cx="[^"]+" cy="[^"]+" r="21" fill="(#[0-9a-f]{6})"', svg)
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
    assert dark_ink(svg) == []  # on its white paper, dark ink reads in any theme


def test_each_arrangement_sits_where_the_layout_puts_it_in_columns_by_distance():
    cayley, pos, distance, svg = _lesson_picture()
    centres = {label: (float(x), float(y)) for x, y, label in
               re.findall(r'<circle cx="([^"]+)" cy="([^"]+)" r="21"[^>]*/><text[^>]*>([A-D]{4})</text>', svg)}
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
    with pytest.raises(ValueError, match="a swap distance must be at least 0, not -1"):
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


def _near_after_the_look():
    # the lesson's one-turn graph: from NEAR after the look, the start, the positions one action away and the
    # posters two actions away
    from circuslib.flip_circus.graphs import one_turn_graph
    from circuslib.flip_circus.rules import from_faces

    near = [("Acrobate", "Magicien"), ("Clown", "Acrobate"), ("Acrobate", "Dresseuse"), ("Clown", "Magicien"),
            ("Magicien", "Voyante"), ("Clown", "Voyante"), ("Voyante", "Muscles"), ("Clown", "Muscles"),
            ("Muscles", "Dresseuse"), ("Clown", "Dresseuse")]
    graph = one_turn_graph(from_faces(near, known={0: [1]}), max_nodes=1_000)
    root = graph.graph["root"]
    keep = [root, *graph.successors(root),
            *(n for n, d in graph.nodes(data=True) if d["poster"] and d["depth"] == 2)]
    small = nx.DiGraph(**graph.graph)
    small.add_nodes_from((n, graph.nodes[n]) for n in keep)
    small.add_edges_from((u, v, d) for u, v, d in graph.edges(data=True) if u in keep and v in keep
                         and graph.nodes[v]["depth"] == graph.nodes[u]["depth"] + 1)
    return small


_CHAR = 0.62  # a character's width in em, generous for the default sans-serif fonts


def _boxes(svg):
    """Each position's box in the labelled drawing: (x, y, width, height, fill, words, font size)."""
    found = re.findall(r'<g class="circus-position"><rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" '
                       r'rx="5" fill="(#[0-9a-f]{6})"[^>]*/><text [^>]*font-size="(\d+)"[^>]*>([^<]*)</text></g>', svg)
    return [(float(x), float(y), float(w), float(h), fill, words, float(size))
            for x, y, w, h, fill, size, words in found]


def _overlap(a, b):
    (ax, ay, aw, ah), (bx, by, bw, bh) = a, b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def test_the_one_turn_graph_labels_each_position_with_its_action_in_columns_that_do_not_overlap():
    from circuslib.flip_circus.pictures import PLAIN, POSTER, START, is_labelled, one_turn_layout, one_turn_svg

    small = _near_after_the_look()
    assert (small.number_of_nodes(), small.number_of_edges()) == (41, 49) and is_labelled(small)
    svg = one_turn_svg(small, title="From NEAR <after> the look")
    assert 'class="circus-svg circus-flip-circus-one-turn"' in svg and "From NEAR &lt;after&gt; the look" in svg
    boxes = _boxes(svg)
    assert len(boxes) == 41
    # 1 start, 21 posters (one a flip away, 20 two actions away), 19 positions without a poster yet; each poster
    # says so in words, not only in red
    assert [sum(fill == colour for *_, fill, _, _ in boxes) for colour in (START, POSTER, PLAIN)] == [1, 21, 19]
    assert all(words.endswith(": poster") == (fill == POSTER) for *_, fill, words, _ in boxes)
    words = [w for *_, w, _ in boxes]
    assert "start" in words and "flip 1: poster" in words and "swap 0 1" in words and "then flip 0: poster" in words
    assert sorted(w for w in words if not w.startswith(("then", "start"))) == sorted(
        ["flip 1: poster"] + [f"flip {i}" for i in (0, 2, 3, 4, 5, 6, 7, 8, 9)] + ["power 0", "power 2"]
        + [f"swap {i} {(i + 1) % 10}" for i in (0, 1, 2, 3, 4, 5, 6, 9)])
    # every label at least 13 px, inside its box; no two boxes overlap, and none leaves the picture
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    for x, y, w, h, _, text, size in boxes:
        assert size >= 13 and _CHAR * size * len(text) <= w and h >= size
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
    rects = [b[:4] for b in boxes]
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if _overlap(a, b)]
    # the legend lies below every box, outside them all, its words 13 px
    legend = svg[svg.index("circus-flip-circus-legend"):]
    keys = re.findall(r'<circle[^>]* fill="(#[0-9a-f]{6})"', legend)
    assert keys == [START, POSTER, PLAIN]
    legend_top = min(float(v) for v in re.findall(r'<(?:rect|circle|text)[^>]* (?:y|cy)="([^"]+)"', legend))
    assert legend_top > max(y + h for _, y, _, h, *_ in boxes)
    assert "start: player 0 to play" in legend and "a poster taken" in legend and "no poster yet" in legend
    assert all(float(v) >= 13 for v in re.findall(r'font-size="([\d.]+)"', svg))
    # each action a line from a box's right side to a box of the next column
    assert re.search(r'class="circus-actions" d="([^"]+)"', svg).group(1).count("M") == 49
    pos = one_turn_layout(small)
    assert {round(pos[n][0]) for n in small} == {0, 1, 2} and pos[small.graph["root"]] == (0.0, 0.0)
    assert one_turn_svg(small) == one_turn_svg(small, seed=2)  # columns in the actions' order: no seed to it
    assert dark_ink(svg) == []  # on its white paper, dark ink reads in any theme


def test_a_big_one_turn_graph_is_drawn_in_rings_its_legend_and_title_apart_from_the_positions():
    from circuslib.flip_circus.graphs import one_turn_graph
    from circuslib.flip_circus.pictures import POSTER, START, is_labelled, one_turn_svg
    from circuslib.flip_circus.rules import from_faces

    near = [("Acrobate", "Magicien"), ("Clown", "Acrobate"), ("Acrobate", "Dresseuse"), ("Clown", "Magicien"),
            ("Magicien", "Voyante"), ("Clown", "Voyante"), ("Voyante", "Muscles"), ("Clown", "Muscles"),
            ("Muscles", "Dresseuse"), ("Clown", "Dresseuse")]
    graph = one_turn_graph(from_faces(near, known={0: [1]}), max_nodes=200)
    assert not is_labelled(graph)
    svg = one_turn_svg(graph)
    nodes = re.findall(r'<circle cx="([^"]+)" cy="([^"]+)" r="(\d+)" fill="(#[0-9a-f]{6})" stroke', svg)
    assert len(nodes) == graph.number_of_nodes()
    assert sum(fill == START for *_, fill in nodes) == 1 and sum(fill == POSTER for *_, fill in nodes) >= 1
    legend = svg[svg.index("circus-flip-circus-legend"):]
    legend_bottom = max(float(v) for v in re.findall(r'<(?:rect|circle|text)[^>]* (?:y|cy)="([^"]+)"', legend))
    assert legend_bottom < min(float(y) - float(r) for _, y, r, _ in nodes)  # the legend above every position
    assert one_turn_svg(graph) == one_turn_svg(graph, seed=1) != one_turn_svg(graph, seed=2)


def test_a_bad_one_turn_picture_is_refused():
    from circuslib.flip_circus.pictures import one_turn_svg

    with pytest.raises(ValueError, match="one_turn_graph"):
        one_turn_svg(swap_graph("ABC"))
    with pytest.raises((TypeError, ValueError)):
        one_turn_svg(_near_after_the_look(), title=3)


def test_the_one_turn_picture_says_what_it_shows_and_draws_the_same_with_matplotlib():
    from matplotlib.collections import PathCollection
    from matplotlib.colors import to_hex

    from circuslib.flip_circus.pictures import PLAIN, POSTER, START, OneTurnPicture, one_turn_layout, one_turn_picture

    small = _near_after_the_look()
    picture = one_turn_picture(small, title="From NEAR after the look")
    assert isinstance(picture, OneTurnPicture) and picture.svg() == one_turn_svg_of(small, "From NEAR after the look")
    words = picture.description()
    assert words.startswith("From NEAR after the look. A graph in columns by number of actions")
    assert "Posters: flip 1: poster; then" in words
    assert "(player 0 to play)" in words
    assert "20 positions after 1 action, 1 with a new poster; 20 positions after 2 actions, 20 with a new poster" \
        in words
    bundle = picture._repr_mimebundle_()
    assert bundle["text/plain"] == words and bundle["image/svg+xml"].startswith("<svg")
    # the same drawing with matplotlib: the same places, colours and title
    figure = picture.to_matplotlib()
    [ax] = figure.axes
    assert ax.get_title() == "From NEAR after the look"
    [dots] = [c for c in ax.collections if isinstance(c, PathCollection)]
    pos = one_turn_layout(small)
    assert [tuple(xy) for xy in dots.get_offsets().tolist()] == [tuple(pos[n]) for n in small.nodes]
    colours = [to_hex(c) for c in dots.get_facecolors()]
    assert [colours.count(c) for c in (START, POSTER, PLAIN)] == [1, 21, 19]


def one_turn_svg_of(graph, title):
    from circuslib.flip_circus.pictures import one_turn_svg

    return one_turn_svg(graph, title=title)


def test_the_swap_graph_picture_says_what_it_shows():
    from circuslib.flip_circus.pictures import swap_graph_picture

    cayley, pos, distance, svg = _lesson_picture(title="Swaps on ABCD")
    picture = swap_graph_picture(cayley, pos, distance, title="Swaps on ABCD")
    assert picture.svg() == svg
    assert picture.description() == ("Swaps on ABCD. A graph of the 24 arrangements of ABCD on a ring, each swap of "
                                      "two neighbours a line (48 lines). From ABCD: 1 at 0 swaps; 4 at 1 swap; 10 at 2 "
                                      "swaps; 8 at 3 swaps; 1 at 4 swaps.")


def test_the_ring_shows_each_face_its_number_the_backs_seen_and_the_protections():
    from circuslib.flip_circus.pictures import ring_picture, ring_svg

    faces = ["Clown", "Acrobate", "Clown", "Muscles", "Clown", "Dresseuse", "Clown", "Voyante", "Clown", "Magicien"]
    backs = [None, "Magicien", None, None, "Acrobate", None, None, None, None, None]
    svg = ring_svg(faces, backs, selected=[3], caption="what player 0 <knows>")
    assert svg.count('class="circus-piece circus-token circus-pos-') == 10
    assert "circus-pos-3 circus-selected" in svg and "(Magicien)" in svg and "(Acrobate)" in svg
    assert ">no swap<" in svg and ">immune<" in svg and "what player 0 &lt;knows&gt;" in svg
    assert svg.count('class="circus-protection-rim"') == 2  # a drawn mark beside the words
    picture = ring_picture(faces, backs, caption="what player 0 knows")
    assert picture.description() == (
        "A ring of 10 tokens, clockwise from place 0: 0 Clown, 1 Acrobate (back seen: Magicien), 2 Clown, 3 Monsieur "
        "Muscles, 4 Clown (back seen: Acrobate), 5 Dresseuse, 6 Clown, 7 Voyante, 8 Clown, 9 Magicien.\n"
        "At 3: Monsieur Muscles cannot be moved by an ordinary swap.\n"
        "At 5: the Dresseuse is immune to the other artists' powers.\n"
        "What player 0 knows.")
    with pytest.raises(ValueError, match="one of the artists"):
        ring_svg(["Lion"] * 10)
    with pytest.raises(ValueError, match="backs must hold at least 10 items"):
        ring_svg(faces, backs[:9])


def _ring_texts(svg):
    """Every word of a ring: (x, y, font size, text), each token's words moved by its translation."""
    found = []
    token = re.compile(r'<g class="[^"]*circus-token[^"]*" transform="translate\(([^,]+),([^)]+)\)">(.*?)</g>')
    for group in token.finditer(svg):
        x0, y0 = float(group.group(1)), float(group.group(2))
        radius = float(re.search(r'<circle r="([^"]+)"', group.group(3)).group(1))
        for y, size, text in re.findall(r'<text y="([^"]+)" font-size="([^"]+)"[^>]*>([^<]*)</text>', group.group(3)):
            found.append((x0, y0 + float(y), float(size), text, (x0, y0, radius)))
    rest = re.sub(r'<g class="[^"]*circus-token.*?</g>', "", svg)
    for x, y, size, text in re.findall(r'<text class="[^"]*" x="([^"]+)" y="([^"]+)" font-size="([^"]+)"[^>]*>([^<]*)'
                                       r'</text>', rest):
        found.append((float(x), float(y), float(size), text, None))
    return found


@pytest.mark.parametrize("caption", ["", "what player 0 sees (backs seen in brackets)",
                                     "what player 1 sees (backs seen in brackets), after a long game of looks"])
def test_the_ring_is_whole_in_its_frame_every_word_inside_and_every_name_inside_its_token(caption):
    from circuslib.flip_circus.pictures import ARTIST_COLOURS, ring_fits, ring_svg, text_width

    faces = ["Dresseuse", "Clown", "Muscles", "Clown", "Dresseuse", "Clown", "Magicien", "Clown", "Acrobate", "Clown"]
    backs = ["Acrobate", "Dresseuse", None, "Dresseuse", "Magicien", "Voyante", None, "Muscles", "Dresseuse", None]
    svg = ring_svg(faces, backs, caption=caption)
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    texts = _ring_texts(svg)
    assert sorted(t for *_, t, _ in texts if t.isdigit()) == [str(i) for i in range(10)]  # every place numbered
    assert "Dresseuse" in [t for *_, t, _ in texts] and "(Dresseuse)" in [t for *_, t, _ in texts]
    for x, y, size, text, token in texts:
        assert size >= 13, text
        half = text_width(text, size) / 2  # every word is centred on its x
        left, right = x - half, x + half
        top, bottom = y - size * (1.0 if token is None and not text.isdigit() else 0.5), y + size * 0.5
        assert 0 <= left and right <= width and 0 <= top and bottom <= height, (text, x, y, width, height)
        if token is not None:  # inside its circle: the text's box corners lie within the disc
            cx, cy, r = token
            for corner_x in (left, right):
                for corner_y in (y - size / 2, y + size / 2):
                    assert (corner_x - cx) ** 2 + (corner_y - cy) ** 2 <= r * r, (text, token)
        assert all(c.isascii() or c.isalpha() for c in text), f"a glyph the default fonts may lack: {text!r}"
    # the caption is words inside the frame, never clipped: the lines hold every word
    if caption:
        lines = [t for x, y, size, t, token in texts if token is None and not t.isdigit()]
        assert " ".join(lines) == caption
    assert ring_fits() and set(faces) <= set(ARTIST_COLOURS)


def test_the_pictures_stand_below_the_rules():
    # the rules' states draw themselves with these pictures, so pictures.py imports nothing of the game (only core),
    # and its colours name exactly the rules' artists
    import ast

    import circuslib.flip_circus.pictures as pictures
    from circuslib.flip_circus.rules import ARTISTS

    tree = ast.parse(open(pictures.__file__, encoding="utf-8").read())
    relative = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    assert relative and all(module.startswith("core") for module in relative), relative
    assert tuple(pictures.ARTIST_COLOURS) == ARTISTS
