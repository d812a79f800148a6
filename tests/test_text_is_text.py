"""Text is text: a name, a title or a label that a student types lands in the page as text, whatever it holds.
Markup and attribute-breaking text are fed to every place a user string reaches the kit's HTML or SVG, and each
page is parsed: no element and no attribute comes from the student's string, and the string reads back whole."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import networkx as nx
import pytest

from circuslib.core.figures import Plot, heat_map
from circuslib.core.graphs import draw_graph
from circuslib.core.svg import Picture, svg_doc, svg_text

HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(2)</script>', "' onmouseover='alert(3)",
           "</svg><marquee>x</marquee>", "&amp; & &lt;"]
FOREIGN_TAGS = {"img", "script", "marquee"}


class _Page(HTMLParser):
    """The elements, event attributes, text and attribute values of a page (HTML, or SVG inside it)."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.events: list[str] = []
        self.said: list[str] = []
        self.feed(page)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.events += [name for name, _ in attrs if name.startswith("on")]
        self.said += [value or "" for _, value in attrs]

    def handle_data(self, data):
        self.said.append(data)


def _html_is_clean(html: str) -> None:
    page = _Page(html)
    assert not FOREIGN_TAGS & set(page.tags), f"a student's markup became elements: {page.tags}"
    assert not page.events, f"a student's text became an event attribute: {page.events}"


def _svg_is_clean(svg: str, hostile: str) -> None:
    """The picture holds no element or event attribute of the student's, and says the student's text whole."""
    if svg.startswith("<svg"):
        ET.fromstring(svg)  # a standalone picture is well-formed XML (an SVG file must be)
    _html_is_clean(svg)
    page = _Page(svg)
    assert any(hostile in said for said in page.said), f"{hostile!r} does not read back whole"


def _widget_html(widget) -> list[str]:
    """Every HTML text of a widget tree (an HTML widget's value is set as the page's innerHTML)."""
    found, todo = [], [widget]
    while todo:
        w = todo.pop()
        if hasattr(w, "widget") and not hasattr(w, "children"):
            w = w.widget
        if type(w).__name__ in ("HTML", "HTMLMath"):
            found.append(w.value)
        todo.extend(getattr(w, "children", ()))
    return found


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_figures_title_labels_and_legend_stay_text(hostile):
    plot = Plot(hostile, xlabel=hostile, ylabel=hostile)
    plot.line([1, 2, 3], [1, 4, 9], label=hostile)
    _svg_is_clean(plot.svg(), hostile)
    _html_is_clean(plot._repr_html_())
    heat = heat_map([[0.1, 0.9]], xs=[1, 2], ys=[hostile], title=hostile, xlabel=hostile, ylabel="y",
                    scale_label=hostile)
    _svg_is_clean(heat.svg(), hostile)


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_graphs_labels_and_a_pictures_words_stay_text(hostile):
    graph = nx.DiGraph()
    graph.add_edge(hostile, "end", label=hostile)
    _svg_is_clean(draw_graph(graph, title=hostile).svg(), hostile)
    picture = Picture.of(svg_doc(20, 20, f"<text>{svg_text(hostile)}</text>", title=hostile), hostile)
    bundle = picture._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    _svg_is_clean(bundle["image/svg+xml"], hostile)
    _html_is_clean(bundle["text/html"])
    assert bundle["text/plain"] == hostile or hostile in bundle["text/plain"]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_flip7_players_name_stays_text_on_the_board(hostile):
    from circuslib.flip7.rules import game_svg, new_game
    from circuslib.flip7.widget import Flip7Widget

    widget = Flip7Widget(random.Random(1), 2, name=hostile)
    pages = _widget_html(widget.frame.widget)
    assert any(svg_text(hostile) in page for page in pages), "the player's name is not on the board"
    for page in pages:
        _html_is_clean(page)
    state = new_game(players=2, rng=random.Random(2))
    _svg_is_clean(game_svg(state, names=[hostile, "Bot"]), hostile)


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_planes_name_stays_text_on_the_map(hostile):
    from dataclasses import replace

    from circuslib.pcv.pictures import board
    from circuslib.pcv.rules import new_game

    state = new_game()
    state = replace(state, planes=(replace(state.planes[0], name=hostile),) + tuple(state.planes[1:]))
    picture = board(state)
    svg = picture.svg() if hasattr(picture, "svg") else str(picture)
    _svg_is_clean(svg, hostile)
