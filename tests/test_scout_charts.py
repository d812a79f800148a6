"""The Scout explorers' charts, written as SVG by the kit: values land where the axes say, and each explorer's
picture shows its exact numbers and its hand's counts (read back from the SVG)."""
from __future__ import annotations

import math
import re
from collections import Counter

import pytest

from circuslib.scout.charts import Chart, Key, _marker
from circuslib.scout.rules import FULL_DECK, legal_shows
from circuslib.scout.widget import DealtHandExplorer, SetSomewhereExplorer


def _group(svg: str, css_class: str) -> str:
    """The SVG of the group with this class (groups of the charts are not nested)."""
    start = svg.index(f'<g class="{css_class}"')
    return svg[start:svg.index("</g>", start)]


def _points(group: str) -> list[tuple[float, float]]:
    text = re.search(r'<polyline points="([^"]+)"', group).group(1)
    return [tuple(map(float, pair.split(","))) for pair in text.split()]


def test_values_land_where_the_axes_say():
    chart = Chart(400, 200, x_range=(0, 10), y_range=(0, 5), margins=(50, 20, 50, 30))
    assert (chart.x(0), chart.x(10), chart.x(5)) == (50, 350, 200)
    assert (chart.y(0), chart.y(5), chart.y(2.5)) == (170, 20, 95)  # up is up
    log = Chart(400, 200, x_range=(0, 1), y_range=(1e-4, 1), log_y=True, margins=(50, 20, 50, 30))
    assert (log.y(1e-4), log.y(1)) == (170, 20) and log.y(1e-2) == pytest.approx(95)  # a decade a quarter
    with pytest.raises(ValueError, match="low to high"):
        Chart(400, 200, x_range=(1, 1), y_range=(0, 1))
    with pytest.raises(ValueError, match="above 0"):
        Chart(400, 200, x_range=(0, 1), y_range=(0, 1), log_y=True)
    with pytest.raises(ValueError, match="marker"):
        _marker("x", 0, 0, 4, "red")


def test_a_chart_writes_its_pieces_in_order():
    chart = Chart(300, 150, x_range=(0, 4), y_range=(0, 4), margins=(40, 20, 100, 30), name="t")
    chart.axes(xticks=[(1, "1"), (2, "2")], yticks=[(0, "0"), (4, "4")], xlabel="x <here>", ylabel="y", title="T")
    chart.bars([1, 2, 3], [2, 0, 4], width=0.5, fill="#56B4E9", hatch=True, css_class="bars")
    chart.line([1, 2], [1, 3], marker="s", css_class="line")
    chart.legend([Key("a bar", box=True, hatch=True), Key("two\nlines", dash="4 2")])
    svg = chart.svg(css_class="mine", title="a test")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg mine" width="300"')
    assert "<title>a test</title>" in svg and "x &lt;here&gt;" in svg  # text escaped
    bars = _group(svg, "bars")
    assert bars.count("<rect") == 2  # the bar of height 0 is left out
    assert 'fill="url(#t-hatch)"' in svg and 'id="t-hatch"' in svg
    assert _points(_group(svg, "line")) == [(chart.x(1), chart.y(1)), (chart.x(2), chart.y(3))]
    assert svg.index("bars") < svg.index('class="line"') < svg.index("t-legend")  # later pieces on top
    assert ">two</text>" in svg and ">lines</text>" in svg


def test_the_set_explorer_draws_its_exact_values():
    e = SetSomewhereExplorer(players=4, hand_size=8, k=3, seed=3)
    chart = Chart(656, 272, x_range=(1.6, 8.5), y_range=(1e-4, 2), log_y=True, margins=(98, 27, 197, 38))
    for k in (2, 3, 4, 5):
        group = _group(e.plot.value, f"circus-scout-curve-{k}")
        hands = [n for n in range(2, 9) if n >= k]
        drawn = [(round((x - chart.x(0)) / (chart.x(1) - chart.x(0))),  # back from pixels to (hand size, chance)
                  10 ** (math.log10(2) - (y - chart.top) / (chart.bottom - chart.top) * math.log10(2e4)))
                 for x, y in _points(group)]
        assert [n for n, _ in drawn] == hands
        assert [p for _, p in drawn] == pytest.approx([float(e.exact[4, n, k]) for n in hands], rel=3e-3)  # a 20th of a pixel
        assert ('stroke-width="2.8"' in group) == (k == 3)  # the chosen k in bold
    assert "4 players, 44 cards" in e.plot.value and "circus-scout-setting" in e.plot.value
    assert "1 in 1,000</text>" in e.plot.value and ">k = 5</text>" in e.plot.value  # ticks and legend
    assert "circus-scout-interval" not in e.plot.value  # nothing simulated yet
    e.hand_size.value, e.k.value = 3, 5  # a set longer than the hand: no setting circled, the curves still drawn
    assert "circus-scout-setting" not in e.plot.value and "circus-scout-curve-2" in e.plot.value


def test_the_dealt_hand_explorer_draws_the_hands_counts():
    e = DealtHandExplorer(players=4, hand_size=5)
    used = {(3, 1), (4, 2), (5, 9), (5, 7), (8, 1)}
    e.shuffled = ((3, 1), (4, 2), (5, 9), (5, 7), (8, 1)) + tuple(c for c in FULL_DECK if c not in
                                                                   {tuple(sorted(u)) for u in used})
    e.active.value = "4 5"  # on the table: beaten by 3 4 5 and 5 5 only
    chart = Chart(656, 256, x_range=(0.4, 12.6), y_range=(0, 12.8), margins=(52, 26, 197, 38))

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
