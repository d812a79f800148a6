"""Pig's move graph as the lesson draws it (a turn to 4): no label printed over another, and no arrow crossing a
"roll" or "stop" label (one that did made "stop" read ":top")."""
from __future__ import annotations

import re

from circuslib.pig.graphs import _pig_layout, draw_pig_graph, pig_graph

LABEL = re.compile(r'<g class="circus-graph-edge-label"><rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" '
                   r'height="([\d.]+)"[^>]*/>(.*?)</g>')
ARROW = re.compile(r'<path d="M([-\d.]+),([-\d.]+) L([-\d.]+),([-\d.]+)"')
TEXT = re.compile(r">([^<]+)</text>")


def _crosses(segment: tuple[float, float, float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether the segment (x0, y0, x1, y1) meets the box (left, top, right, bottom): Liang and Barsky's clipping."""
    x0, y0, x1, y1 = segment
    left, top, right, bottom = box
    low, high = 0.0, 1.0
    for p, q in ((x0 - x1, x0 - left), (x1 - x0, right - x0), (y0 - y1, y0 - top), (y1 - y0, bottom - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low <= high


def _labels(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    found = []
    for x, y, w, h, inner in LABEL.findall(svg):
        left, top = float(x), float(y)
        found.append((" ".join(TEXT.findall(inner)), (left, top, left + float(w), top + float(h))))
    return found


def test_the_lessons_graph_has_every_roll_and_stop_label_clear_of_the_other_arrows():
    svg = draw_pig_graph(4).svg()
    labels = _labels(svg)
    arrows = [tuple(map(float, a)) for a in ARROW.findall(svg)]
    moves = [(text, box) for text, box in labels if text in ("roll", "stop")]
    assert len(moves) == 6 and len(labels) == 24 and len(arrows) == 24  # 3 choices, roll and stop each; 18 rolls
    for text, box in moves:
        # its own arrow runs through its box; any other arrow through it would cross its letters
        through = [a for a in arrows if _crosses(a, box)]
        assert len(through) == 1, (text, box, through)
    for i, (text, box) in enumerate(labels):  # no label over another
        for other, second in labels[i + 1:]:
            apart = box[2] <= second[0] or second[2] <= box[0] or box[3] <= second[1] or second[3] <= box[1]
            assert apart, (text, box, other, second)


def test_the_layout_places_every_position_and_the_first_roll_in_one_row():
    graph = pig_graph(4)
    pos = _pig_layout(graph)
    assert set(pos) == set(graph.nodes)
    row = {node for node, (_, y) in pos.items() if y == -2}
    # every total the first roll can make, the bust among them, side by side: 2 and 3 at the two ends
    assert row == {"bust"} | {(t, False, False) for t in range(2, 7)}
    ends = sorted(row - {"bust"}, key=lambda n: pos[n][0])
    assert [n[0] for n in ends][0] == 2 and [n[0] for n in ends][-1] == 3
    assert draw_pig_graph(4).description().startswith("Pig to 4: every position and move.\n16 positions")
