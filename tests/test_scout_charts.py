"""The Scout explorers' charts, written as SVG by the kit (core.charts): each explorer's picture shows its exact
numbers and its hand's counts (read back from the SVG), in ink that reads in light and dark themes."""
from __future__ import annotations

import math
import re
from collections import Counter

import pytest

from circuslib.core.figures import Chart
from circuslib.core.svg import dark_ink
from circuslib.scout.explorers import (
    HAND_CHART_MARGINS,
    HAND_CHART_SIZE,
    SET_CHART_MARGINS,
    SET_CHART_SIZE,
    DealtHandExplorer,
    SetSomewhereExplorer,
)
from circuslib.scout.rules import FULL_DECK, legal_shows


def _group(svg: str, css_class: str) -> str:
    """The SVG of the group with this class (groups of the charts are not nested)."""
    start = svg.index(f'<g class="{css_class}"')
    return svg[start:svg.index("</g>", start)]


def _points(group: str) -> list[tuple[float, float]]:
    text = re.search(r'<polyline points="([^"]+)"', group).group(1)
    return [tuple(map(float, pair.split(","))) for pair in text.split()]


def test_the_set_explorer_draws_its_exact_values():
    e = SetSomewhereExplorer(players=4, hand_size=8, k=3, seed=3)
    chart = Chart(*SET_CHART_SIZE, x_range=(1.6, 8.5), y_range=(1e-4, 2), log_y=True, margins=SET_CHART_MARGINS)
    for k in (2, 3, 4, 5):
        group = _group(e.plot.value, f"circus-scout-curve-{k}")
        hands = [n for n in range(2, 9) if n >= k]
        drawn = [(round((x - chart.x(0)) / (chart.x(1) - chart.x(0))),  # back from pixels to (hand size, chance)
                  10 ** (math.log10(2) - (y - chart.top) / (chart.bottom - chart.top) * math.log10(2e4)))
                 for x, y in _points(group)]
        assert [n for n, _ in drawn] == hands
        exact = [float(e.exact[4, n, k]) for n in hands]
        assert [p for _, p in drawn] == pytest.approx(exact, rel=3e-3)  # a 20th of a pixel
        assert ('stroke-width="2.8"' in group) == (k == 3)  # the chosen k in bold
    assert "4 players, 44 cards" in e.plot.value and "circus-scout-setting" in e.plot.value
    assert "1 in 1,000</text>" in e.plot.value and ">k = 5</text>" in e.plot.value  # ticks and legend
    assert "circus-scout-interval" not in e.plot.value  # nothing simulated yet
    e.hand_size.value, e.k.value = 3, 5  # a set longer than the hand: no setting circled, the curves still drawn
    assert "circus-scout-setting" not in e.plot.value and "circus-scout-curve-2" in e.plot.value
    assert dark_ink(e.plot.value) == []


def test_the_dealt_hand_explorer_draws_the_hands_counts():
    e = DealtHandExplorer(players=4, hand_size=5)
    used = {(3, 1), (4, 2), (5, 9), (5, 7), (8, 1)}
    e.shuffled = ((3, 1), (4, 2), (5, 9), (5, 7), (8, 1)) + tuple(c for c in FULL_DECK if c not in
                                                                   {tuple(sorted(u)) for u in used})
    e.active.value = "4 5"  # on the table: beaten by 3 4 5 and 5 5 only
    chart = Chart(*HAND_CHART_SIZE, x_range=(0.4, 12.6), y_range=(0, 12.8), margins=HAND_CHART_MARGINS)

    def heights(css_class: str) -> dict[int, int]:
        bars = re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="([\d.]+)"/>',
                          _group(e.plot.value, css_class))
        unit_x, unit_y = chart.x(1) - chart.x(0), chart.y(0) - chart.y(1)
        return {round((float(x) + float(w) / 2 - chart.x(0)) / unit_x): round(float(h) / unit_y) for x, w, h in bars}

    # 3 4 5 5 8: five single cards, three pairs (3 4, 4 5, 5 5) and one run of three (3 4 5)
    assert heights("circus-scout-set-bars") == {1: 5, 2: 3, 3: 1} == dict(Counter(j - i for i, j in
                                                                              legal_shows(e.hand)))
    assert heights("circus-scout-show-bars") == {2: 1, 3: 1}
    e.active.value = ""  # an empty table: one bar a length, centred
    assert "circus-scout-show-bars" not in e.plot.value and heights("circus-scout-set-bars") == {1: 5, 2: 3, 3: 1}
    assert len(_points(_group(e.plot.value, "circus-scout-expected"))) == 5  # the expected numbers, k = 1 .. 5
    assert dark_ink(e.plot.value) == []
