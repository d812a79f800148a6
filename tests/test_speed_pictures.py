"""Speed's pictures: the SVG of the rank cycle, the chain graph, the end-game and the win rates (the same nodes, red
edges, longest chain, points and bands as their matplotlib drawings), with a legend; each picture in every form (its
SVG themed and plain, its words) and drawn by matplotlib on demand; bad cards refused."""
from __future__ import annotations

import html
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from circuslib.core.svg import dark_ink
from circuslib.speed.graphs import chain_graph, endgame_graph, longest_chain
from circuslib.speed.pictures import (
    CHOICE,
    CURVE_COLOURS,
    CURVE_DASHES,
    CURVE_MARKERS,
    END,
    FITTING,
    RACE,
    THEIRS,
    TOP,
    YOURS,
    SpeedPicture,
    chain_graph_picture,
    chain_graph_svg,
    endgame_picture,
    endgame_svg,
    rank_cycle_picture,
    rank_cycle_svg,
    win_rate_picture,
    win_rate_svg,
)
from circuslib.speed.rules import SpeedOptions, position

TWO = SpeedOptions("two places", decks=2, face_up=2)


def _texts(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_the_rank_cycle_marks_the_tops_the_cards_and_the_moves_possible_now():
    svg = rank_cycle_svg(tops=[4, "J"], mine=[5, 7, "Q", "K"], theirs=[3, 9, 10, 2], title="the lesson's cycle")
    assert svg.startswith("<svg") and "circus-speed-rank-cycle" in svg
    assert svg.count("<circle") == 13
    names = _texts(svg)
    assert names[0] == "the lesson's cycle"
    assert all(name in names for name in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
    # 13 edges round the cycle; the 4 that join a top to a face-up card fitting it are thick red:
    # 3 and 5 on the 4, 10 and Q on the J
    assert svg.count("<line") == 13 and svg.count("<path") == 1  # the cycle's edges and the legend's red line
    assert svg.count(f'stroke="{FITTING}" stroke-width="3"') == 4 + 1
    assert svg.count(f'fill="{TOP}"') == 2 + 1 and svg.count(f'fill="{YOURS}"') == 4 + 1
    assert svg.count(f'fill="{THEIRS}"') == 4 + 1
    assert {"centre tops", "your face-up cards", "the bot's face-up cards", "a card that fits a top"} <= set(names)
    assert "a rank both you and the bot hold" not in names  # only when a rank is in both hands


def test_the_rank_cycle_says_when_both_hold_a_rank_and_has_a_default_title():
    svg = rank_cycle_svg([4], [5, 7], [7], opponent="the other player")
    assert "a rank both you and the other player hold" in _texts(svg)
    assert _texts(svg)[0].startswith("ranks on a 13-cycle")
    assert svg.count(f'stroke="{FITTING}" stroke-width="3"') == 1 + 1  # the 5 on the 4, and the legend


@pytest.mark.parametrize("hand, tops", [(["K", "A", 2, "Q", 2], [3]), ([5, 6, None], [4, 9]), ([9], []),
                                        ([1, 2, 3, 4, 5, 6, 7, 8], [13, 9])])
def test_the_chain_graph_has_an_arrow_per_edge_and_the_longest_chain_in_red(hand, tops):
    graph, path = chain_graph(hand, tops), longest_chain(hand, tops)
    svg = chain_graph_svg(hand, tops)
    assert svg.count("<circle") == graph.number_of_nodes()
    # an arrow per edge (and the legend's two lines)
    assert svg.count("<path") == graph.number_of_edges() + 2 and svg.count("<polygon") == graph.number_of_edges()
    assert svg.count(f'stroke="{FITTING}" stroke-width="2.5"') == max(len(path) - 1, 0)
    cards = sum(1 for n in path if graph.nodes[n]["kind"] == "card")
    # the count takes its plural: "1 card", "4 cards"
    assert _texts(svg)[0] == f"chain graph: the longest chain plays {cards} card{'' if cards == 1 else 's'}"


def test_the_lessons_chain_graph_shows_places_and_the_four_card_chain():
    svg = chain_graph_svg(["K", "A", 2, "Q", 2], [3], title="Chain graph of the hand K, A, 2, Q, 2 on a 3")
    texts = _texts(svg)
    assert texts[0] == "Chain graph of the hand K, A, 2, Q, 2 on a 3"
    assert ["pile A", "3"] == texts[texts.index("pile A"):texts.index("pile A") + 2]
    assert all(f"(place {i})" in texts for i in range(1, 6))
    assert {"centre top", "face-up card (its place)", "x → y: y can go on x", "a longest chain"} <= set(texts)
    assert svg.count(f'stroke="{FITTING}" stroke-width="2.5"') == 4  # 3 -> 2 -> A -> K -> Q


def test_the_endgame_shows_each_position_and_move_with_its_chance():
    graph = endgame_graph(position([5, None], [3, None], (4, "J"), rates=(2, 1), setup=TWO))
    svg = endgame_svg(graph, title="one race decides it")
    texts = _texts(svg)
    assert texts[0] == "one race decides it" and "circus-speed-endgame" in svg
    # 5 positions: the race (orange), the two players' moves (blue), the two ends (grey); 4 arrows
    assert svg.count("<circle") == 5 and svg.count("<polygon") == 4
    assert svg.count(f'r="27" fill="{RACE}"') == 1 and svg.count(f'r="27" fill="{CHOICE}"') == 2
    assert svg.count(f'r="27" fill="{END}"') == 2
    # each arrow's label: the race's exact chances, then the plays
    assert {"2/3", "1/3", "5 (place 1) on pile A", "3 (place 1) on pile A", "P0 wins", "P1 wins"} <= set(texts)
    assert texts.count("4/J") == 3  # the tops, in each position before the end
    assert {"a race (chance)", "a player moves", "end of the round"} <= set(texts)


def test_the_endgame_refuses_what_it_cannot_draw():
    with pytest.raises(TypeError):
        endgame_svg("a graph")
    big = endgame_graph(position(["J", "K"], ["Q", "Q"], ("A", 8), piles=([7], ["J"]), rates=(2, 1), setup=TWO))
    with pytest.raises(ValueError, match="too many"):
        endgame_svg(big, max_nodes=big.number_of_nodes() - 1)


ROWS = {"fast wins": [(Fraction(1, 4), 0.1, 0.05, 0.2), (1, 0.5, 0.4, 0.6), (4, 0.9, 0.8, 0.95)],
        "blocker": [(Fraction(1, 4), 0.2, 0.1, 0.3), (1, 0.6, 0.5, 0.7), (4, 0.95, 0.9, 1.0)]}


def _points(svg: str, colour: str) -> list[tuple[float, float]]:
    """The centres of one curve's markers (circles or squares of its colour), in the plot, not the legend."""
    plot = svg[:svg.index("circus-speed-win-rate-legend")]
    circles = [(float(a), float(b)) for a, b in re.findall(rf'<circle cx="([0-9.]+)" cy="([0-9.]+)" r="3.5" '
                                                             rf'fill="{colour}"', plot)]
    squares = [(float(a) + 3.5, float(b) + 3.5) for a, b in re.findall(
        rf'<rect x="([0-9.]+)" y="([0-9.]+)" width="7.0" height="7.0" fill="{colour}"', plot)]
    return circles + squares


def test_the_win_rate_curves_differ_by_marker_and_dash_not_only_by_colour():
    svg = win_rate_svg(ROWS)
    plot, legend = svg[:svg.index("circus-speed-win-rate-legend")], svg[svg.index("circus-speed-win-rate-legend"):]
    lines = re.findall(r'<polyline [^>]*stroke="([^"]+)"[^>]*?(?: stroke-dasharray="([^"]+)")?/>', plot)
    assert lines == [(CURVE_COLOURS[0], ""), (CURVE_COLOURS[1], CURVE_DASHES[1])]  # solid, then dashed
    assert re.search(rf'<circle [^>]*fill="{CURVE_COLOURS[0]}"', plot)
    assert re.search(rf'<rect [^>]*fill="{CURVE_COLOURS[1]}"', plot)
    assert not re.search(rf'<circle [^>]*fill="{CURVE_COLOURS[1]}"', plot)
    assert f'stroke-dasharray="{CURVE_DASHES[1]}"' in legend  # the legend's key draws the dash too
    assert len(set(zip(CURVE_MARKERS, CURVE_DASHES))) == len(CURVE_COLOURS)
    assert len(set(CURVE_MARKERS[:5])) == 5 and len(set(CURVE_DASHES)) == len(CURVE_DASHES)
    import matplotlib

    matplotlib.use("Agg")
    first, second = win_rate_picture(ROWS).to_matplotlib().axes[0].get_lines()[:2]
    assert (first.get_marker(), second.get_marker()) == ("o", "s")
    assert first.get_linestyle() == "-" and second.get_linestyle() != "-"


def test_the_win_rate_picture_puts_each_share_at_its_ratio_on_a_log_scale():
    svg = win_rate_svg(ROWS, title="win rates", xlabel="speed ratio", ylabel="rounds won")
    texts = _texts(svg)
    assert texts[0] == "win rates" and {"speed ratio", "rounds won", "fast wins", "blocker"} <= set(texts)
    assert {"1/4", "1", "4", "0.0", "0.2", "1.0"} <= set(texts)  # a tick at each ratio, the shares every 0.2
    first, second = _points(svg, CURVE_COLOURS[0]), _points(svg, CURVE_COLOURS[1])
    assert len(first) == len(second) == 3 and svg.count("<polyline") == 2
    assert svg.count('fill-opacity="0.25"') == 2  # a 95% band for each curve
    # log scale: 1/4, 1 and 4 are evenly spaced; a higher share is drawn higher (smaller y)
    (x1, y1), (x2, y2), (x3, y3) = first
    assert abs((x2 - x1) - (x3 - x2)) < 0.2 and y1 > y2 > y3
    assert [x for x, _ in second] == [x for x, _ in first] and all(b < a for (_, a), (_, b) in zip(first, second))
    # 0.5 is half-way between the 0 and 1 lines: the dotted line of an even race
    half = float(re.search(r'<path[^>]* d="M[0-9.]+,([0-9.]+) H[0-9.]+"[^>]*stroke-dasharray="2,3"', svg).group(1))
    assert abs(half - y2) < 0.2  # the first curve's share at ratio 1 is 0.5


def test_the_win_rate_picture_draws_the_lessons_curves():
    from circuslib.speed.bots import win_rate_curve
    from circuslib.speed.rules import ONE_DECK

    ratios = [Fraction(1, 4), Fraction(1, 2), 1, 2, 4]
    curves = {"first": win_rate_curve(ratios, 400, seed=10, setup=ONE_DECK),
              "block": win_rate_curve(ratios, 400, seed=20, setup=ONE_DECK, policies=("block", "first"))}
    svg = win_rate_svg(curves)
    assert {"1/4", "1/2", "1", "2", "4"} <= set(_texts(svg))
    assert len(_points(svg, CURVE_COLOURS[0])) == len(_points(svg, CURVE_COLOURS[1])) == 5
    legend = svg[svg.index("circus-speed-win-rate-legend"):]
    assert all(f'stroke="{colour}"' in legend for colour in CURVE_COLOURS[:2])  # each curve's line in the legend


def test_every_picture_reads_in_a_dark_theme():
    # titles and axes in the theme's colour; nodes, edge labels and legends are light boxes with dark ink
    graph = endgame_graph(position([5, None], [3, None], (4, "J"), rates=(2, 1), setup=TWO))
    for svg in (rank_cycle_svg(tops=[4], mine=[5, 7], theirs=[7]), chain_graph_svg(["K", "A", 2, "Q", 2], [3]),
                endgame_svg(graph), win_rate_svg(ROWS)):
        assert dark_ink(svg) == [], svg[:80]
    assert 'fill="currentColor"' in win_rate_svg(ROWS) and "#000000" not in win_rate_svg(ROWS)


@pytest.mark.parametrize("curves", [{}, [("a", [])], {"a": []}, {"a": [(1, 0.5, 0.4)]}, {"a": [(0, 0.5, 0.4, 0.6)]},
                                    {"a": [(1, 1.5, 0.4, 0.6)]}, {"a": [(1, "half", 0.4, 0.6)]}])
def test_the_win_rate_picture_refuses_rows_that_are_not_win_rate_curve_rows(curves):
    with pytest.raises((TypeError, ValueError)):
        win_rate_svg(curves)


@pytest.mark.parametrize("call", [lambda: rank_cycle_svg([14]), lambda: rank_cycle_svg("4"),
                                  lambda: rank_cycle_svg([4], title=3), lambda: chain_graph_svg(["Z"], [3]),
                                  lambda: chain_graph_svg([5], [3, 4, 5]), lambda: chain_graph_svg(5)])
def test_bad_cards_are_refused_with_a_sentence(call):
    with pytest.raises((TypeError, ValueError)):
        call()


def test_drawing_the_rank_cycle_loads_neither_matplotlib_nor_networkx():
    code = ("import sys; from circuslib.speed.pictures import rank_cycle_svg; rank_cycle_svg([4], [5], [3]); "
            "print([m for m in ('matplotlib', 'networkx', 'sympy') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- each picture in every form, and drawn by matplotlib -------------------------------------------------------

def _lesson_pictures() -> dict[str, SpeedPicture]:
    graph = endgame_graph(position([5, None], [3, None], (4, "J"), rates=(2, 1), setup=TWO))
    return {"rank-cycle": rank_cycle_picture(tops=[4, "J"], mine=[5, 7, "Q", "K"], theirs=[3, 9, 10, 2]),
            "chain-graph": chain_graph_picture(["K", "A", 2, "Q", 2], [3]),
            "endgame": endgame_picture(graph), "win-rate": win_rate_picture(ROWS)}


@pytest.mark.parametrize("name", ["rank-cycle", "chain-graph", "endgame", "win-rate"])
def test_each_picture_offers_its_svg_themed_and_plain_and_its_words(name):
    picture = _lesson_pictures()[name]
    bundle = picture._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert f"circus-speed-{name}" in bundle["text/html"] and bundle["text/plain"] == picture.description()
    assert bundle["image/svg+xml"].startswith("<svg") and "var(--" not in bundle["image/svg+xml"]
    assert "currentColor" not in bundle["image/svg+xml"]  # concrete colours, for files and exports
    assert repr(picture) == picture.description() and len(picture.description().splitlines()) >= 3


def test_the_pictures_words_say_what_a_reader_cannot_see():
    words = _lesson_pictures()
    assert "Centre tops: 4, J. Your face-up cards: 5, 7, Q, K. The bot's face-up cards: 2, 3, 9, 10." in \
        words["rank-cycle"].description()
    assert "Cards that fit a top now: 3, 5 on the 4; 10, Q on the J." in words["rank-cycle"].description()
    assert "A longest chain (4 cards): pile A: 3 → 2 (place 3) → A (place 2) → K (place 1) → Q (place 4)." in \
        words["chain-graph"].description()
    endgame = words["endgame"].description()
    assert "5 positions (1 race, 2 positions where a player moves, 2 ends of the round) and 4 arrows:" in endgame
    assert "race (5 / 4/J / 3) → player 0 moves (5 / 4/J / 3): 2/3" in endgame
    assert "fast wins: ratio 1/4: 10% (95% band 5% to 20%); ratio 1: 50%" in words["win-rate"].description()


def test_each_picture_draws_the_same_with_matplotlib():
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    pictures = _lesson_pictures()
    cycle = pictures["rank-cycle"].to_matplotlib()
    assert isinstance(cycle, Figure) and cycle.axes[0].get_title().startswith("ranks on a 13-cycle")
    texts = sorted(t.get_text() for t in cycle.axes[0].texts)
    assert texts == sorted(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
    assert "4 card" in pictures["chain-graph"].to_matplotlib().axes[0].get_title()
    assert pictures["endgame"].to_matplotlib().axes[0].get_title().startswith("end-game")
    rates = pictures["win-rate"].to_matplotlib()
    ax = rates.axes[0]
    assert ax.get_xlabel().startswith("speed ratio") and ax.get_xscale() == "log"
    assert [line.get_label() for line in ax.get_lines()[:2]] == ["fast wins", "blocker"]
    assert list(ax.get_lines()[0].get_ydata()) == [0.1, 0.5, 0.9]
    # on an Axes of the student's own: drawn there, and its figure returned
    own = Figure().add_subplot()
    assert pictures["win-rate"].to_matplotlib(own) is own.get_figure()
    with pytest.raises(TypeError):
        pictures["win-rate"].to_matplotlib("an axes")


def test_the_lessons_pictures_and_legends_are_readable_on_a_projector():
    # every text Speed draws (the rank cycle, the chain graph, the win rates' legend) at least 13 px at the
    # picture's natural size; a chart's axes and ticks are the kit's charts' own
    pictures = _lesson_pictures()
    win_rate = pictures["win-rate"].svg()
    for name, svg in (("rank-cycle", pictures["rank-cycle"].svg()), ("chain-graph", pictures["chain-graph"].svg()),
                      ("win-rate legend", win_rate[win_rate.index("circus-speed-win-rate-legend"):])):
        sizes = [float(size) for size in re.findall(r'<text[^>]*font-size="([0-9.]+)"', svg)]
        assert sizes and min(sizes) >= 13, (name, sorted(set(sizes)))
