"""The kit's SVG charts and legends (core.charts): values land where the axes say, on linear and log scales, pieces
are written in order, bands and reference lines sit at their values, a legend lies right of the plot or on a light
box inside it, and ``dark_ink`` finds ink that would vanish in a dark theme."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from circuslib.core.figures import INK, PAPER_INK, Chart
from circuslib.core.svg import Key, dark_ink, legend_size, svg_legend, svg_text
from circuslib.core.svg import svg_marker as _marker


def _part(svg: str, css_class: str) -> ET.Element:
    """The first element of the picture with this class."""
    return next(e for e in ET.fromstring(svg).iter() if e.get("class") == css_class)


def _corners(element: ET.Element) -> list[tuple[float, float]]:
    """The points of a polyline or polygon, here or inside the element."""
    shape = next(e for e in element.iter() if e.get("points"))
    return [tuple(map(float, pair.split(","))) for pair in shape.get("points").split()]


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


def test_a_log_x_axis_spaces_each_doubling_evenly():
    chart = Chart(400, 200, x_range=(1 / 8, 8), y_range=(0, 1), log_x=True, margins=(50, 20, 50, 30))
    assert (chart.x(1 / 8), chart.x(1), chart.x(8)) == (50, 200, 350)
    steps = [chart.x(2 ** (k + 1)) - chart.x(2 ** k) for k in range(-3, 3)]
    assert steps == pytest.approx([50] * 6)  # 1/8 -> 1/4 is as wide as 4 -> 8
    assert chart.y(0.5) == 95  # y stays linear
    with pytest.raises(ValueError, match="above 0"):
        Chart(400, 200, x_range=(0, 8), y_range=(0, 1), log_x=True)


def test_a_chart_writes_its_pieces_in_order():
    chart = Chart(300, 150, x_range=(0, 4), y_range=(0, 4), margins=(40, 20, 100, 30), name="t")
    chart.axes(xticks=[(1, "1"), (2, "2")], yticks=[(0, "0"), (4, "4")], xlabel="x <here>", ylabel="y", title="T")
    chart.bars([1, 2, 3], [2, 0, 4], width=0.5, fill="#56B4E9", hatch=True, css_class="bars")
    chart.line([1, 2], [1, 3], marker="s", css_class="line")
    chart.legend([Key("a bar", box=True, hatch=True), Key("two\nlines", dash="4 2")])
    svg = chart.svg(css_class="mine", title="a test")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="circus-svg mine" width="300"')
    assert "<title>a test</title>" in svg and "x &lt;here&gt;" in svg  # text escaped
    assert re.search(r"<text[^>]*>([^<]*)</text>", svg).group(1) == "T"  # the title is the first text
    bars = _part(svg, "bars")
    assert len(bars) == 2 and all(bar.tag.endswith("rect") for bar in bars)  # the bar of height 0 is left out
    assert 'fill="url(#t-hatch)"' in svg and 'id="t-hatch"' in svg
    assert _corners(_part(svg, "line")) == [(chart.x(1), chart.y(1)), (chart.x(2), chart.y(3))]
    assert svg.index("bars") < svg.index('class="line"') < svg.index("t-legend")  # later pieces on top
    assert ">two</text>" in svg and ">lines</text>" in svg
    assert dark_ink(svg) == []  # axes, text and the legend in the theme's colour


def test_a_band_lies_between_its_two_lines_and_a_reference_line_at_its_value():
    chart = Chart(300, 200, x_range=(1, 4), y_range=(0, 1), log_x=True, margins=(40, 20, 20, 30))
    chart.band([1, 2, 4], [0.1, 0.3, 0.6], [0.3, 0.5, 0.9], colour="#1f77b4", css_class="band")
    chart.hline(0.5, colour="#999999", dash="2,3", css_class="even")
    svg = chart.svg(css_class="b", title="a band")
    band = _part(svg, "band")
    assert (band.get("fill"), band.get("fill-opacity")) == ("#1f77b4", "0.25")
    # the highs left to right, then the lows right to left: one closed outline
    assert _corners(band) == [(chart.x(1), chart.y(0.3)), (chart.x(2), chart.y(0.5)), (chart.x(4), chart.y(0.9)),
                             (chart.x(4), chart.y(0.6)), (chart.x(2), chart.y(0.3)), (chart.x(1), chart.y(0.1))]
    even = re.search(r'<path class="even" d="M([\d.]+),([\d.]+) H([\d.]+)"[^>]*stroke-dasharray="2,3"', svg)
    assert tuple(map(float, even.groups())) == (chart.left, chart.y(0.5), chart.right)
    with pytest.raises(ValueError, match="a low and a high value"):
        chart.band([1, 2], [0.1], [0.2, 0.3], colour="red")


def test_a_legend_inside_the_plot_sits_in_its_corner_on_a_light_box_with_dark_ink():
    keys = [Key("first-card bot", colour="#1f77b4", marker="o"), Key("black", width=2)]
    chart = Chart(400, 300, x_range=(0, 1), y_range=(0, 1), margins=(50, 30, 20, 40), name="c")
    chart.legend(keys, inside="lower right")
    legend = _part(chart.svg(css_class="c", title="t"), "circus-piece c-legend")
    box = legend[0]  # the light box, under the entries
    assert box.get("fill") == "#ffffff"
    x, y, width, height = (float(box.get(name)) for name in ("x", "y", "width", "height"))
    assert chart.left < x and x + width < chart.right and chart.top < y and y + height < chart.bottom
    assert chart.right - (x + width) < 20 and chart.bottom - (y + height) < 20  # in the lower right corner
    texts = [e for e in legend if e.tag.endswith("text")]
    assert [e.get("fill") for e in texts] == [PAPER_INK] * 2  # dark ink: the box stays light in a dark theme
    assert INK not in ET.tostring(legend, encoding="unicode")  # the "black" line too
    with pytest.raises(ValueError, match="corner"):
        chart.legend(keys, inside="middle")


def test_svg_legend_puts_one_entry_under_the_other():
    keys = [Key("a line", colour="#d7301f", width=3), Key("a box", colour="#fb6a4a", box=True),
            Key("a dot", colour="#c6dbef", marker="o", marker_size=14, line=False, outline="#636363"),
            Key("two\nlines")]
    svg = svg_legend(10, 20, keys, size=11)
    rows = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', svg)]
    assert rows == sorted(rows) and len(rows) == 5
    assert 'stroke="#d7301f" stroke-width="3"' in svg and '<rect x="10" ' in svg
    assert re.search(r'<circle cx="21.0" cy="[\d.]+" r="7.0" fill="#c6dbef" stroke="#636363"', svg)
    assert svg.startswith('<g class="circus-legend">') and dark_ink(svg) == []
    width, height = legend_size(keys, size=11)
    assert width > 28 and height == pytest.approx(rows[-1] - 20 + 11 * 0.25, abs=11)
    with pytest.raises(TypeError, match="Key"):
        svg_legend(0, 0, ["a label"])


def test_dark_ink_finds_black_text_and_lines_outside_light_boxes():
    page = ('<svg xmlns="http://www.w3.org/2000/svg"><title>t</title><text>default black</text>'
            '<text fill="currentColor">themed</text><line stroke="#000000"/><path stroke="#999999"/>'
            '<g class="circus-piece"><rect fill="#ffffff" stroke="#555555"/><text fill="#222222">on a box</text></g>'
            '<g fill="#333333"><text>inherited</text></g></svg>')
    assert dark_ink(page) == ["the text 'default black' in #000000", "<line> drawn in #000000",
                              "the text 'inherited' in #333333"]


def test_svg_text_escapes_what_would_break_the_picture():
    assert svg_text('a <b> & "c"') == "a &lt;b&gt; &amp; &quot;c&quot;"
    assert svg_text(3) == "3"
