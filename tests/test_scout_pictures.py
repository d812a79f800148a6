"""Scout's pictures drawn as SVG by the kit: the play graph (every show once, in its row, an arrow for each edge,
the chain in red, matches orange, the legend), the deck as K10, the game tree with its moves, the board and a dealt
hand; each graph drawing a picture with words and a matplotlib twin; bad graphs and chains refused."""
from __future__ import annotations

import re

import pytest

from circuslib.core.svg import Picture, dark_ink
from circuslib.scout.graphs import game_tree, longest_chains, play_graph
from circuslib.scout.odds import card_graph
from circuslib.scout.pictures import (
    CHAIN_COLOUR,
    MATCH_FILL,
    OTHER_FILL,
    board_svg,
    card_graph_picture,
    dealt_hand_svg,
    game_tree_picture,
    maximal_sets,
    move_label,
    play_graph_picture,
    play_graph_positions,
    play_graph_svg,
)
from circuslib.scout.rules import FLIP_HAND, KEEP_HAND, Scout, ScoutAndShow, ScoutState, Show, legal_shows, scout_svg


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
    assert ">a match (dashed rim)</text>" in svg and ">one longest chain</text>" in svg
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


# --- every graph drawing is a picture: themed HTML, plain SVG, words, and a matplotlib twin -----------------

def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]+)</text>", svg)


def test_the_play_graph_is_a_picture_with_words():
    graph = play_graph([3, 4, 5, 5, 2, 2])
    chain = longest_chains(graph)[0]
    picture = play_graph_picture(graph, highlight=chain)
    assert isinstance(picture, Picture) and picture.svg() == play_graph_svg(graph, highlight=chain)
    bundle = picture._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert "var(--" not in bundle["image/svg+xml"] and 'aria-label="The play graph' in bundle["text/html"]
    words = picture.description()
    assert words.startswith("The play graph of a hand: its 11 shows") and "11 arrows" in words
    assert "A run of 3: 3 4 5." in words and "A single card: 5; 5." in words  # strongest first, equal side by side
    assert "a chain of 9 shows" in words and words.rstrip(".").endswith("2 2; 5 5; 3 4 5")


def test_the_deck_is_drawn_as_k10():
    picture = card_graph_picture(card_graph(5))
    svg = picture.svg()
    assert _group(svg, "circus-scout-cards").count("<path") == 45 and "<polygon" not in svg  # lines, no arrows
    assert sorted(_texts(svg)[:10], key=int) == [str(v) for v in range(1, 11)]  # the ten numbers, in their nodes
    assert ">The 45 cards are the edges of a graph:</text>" in svg
    assert "the complete graph K10" in picture.description() and "each number lies on 9 cards" in picture.description()
    three = card_graph_picture(card_graph(3))  # 3 players: the nine 10s are out, K9
    assert "36 lines" in three.description() and "K9" in three.description()
    assert "K" not in card_graph_picture(card_graph([(1, 2), (2, 3)])).description().split(";")[-1]
    assert dark_ink(svg) == []
    with pytest.raises(TypeError, match="card_graph"):
        card_graph_picture("K10")
    with pytest.raises(ValueError, match="card_graph"):
        card_graph_picture(play_graph([3, 4]))


def test_the_game_tree_shows_its_moves_positions_and_best_line():
    tree = game_tree([[(1, 2), (3, 4)], [(2, 3), (1, 4)]], chips=0)
    picture = game_tree_picture(tree)
    svg = picture.svg()
    texts = _texts(svg)
    # every position says who moves, their hand and the table; every end of the round its scores
    assert {"P0 to move: 1 3", "table: empty", "P1 to move: 2 1", "table: 1", "table: 3", "P0 to move: 3",
            "table: 2"} <= set(texts)
    assert texts.count("round over") == 3 and "P0 -1 · P1 +1" in texts and "P0 +1 · P1 +0" in texts
    # each of the 6 arrows carries its move, with the numbers it plays
    assert svg.count("circus-edge-label") == tree.number_of_edges() == 6
    assert sorted(re.findall(r'circus-edge-label">.*?<text[^>]*>([^<]+)</text>', svg)) == sorted(
        ["shows 1", "shows 3", "shows 2", "shows 2 1", "shows 2 1", "shows 3"])
    best = svg[svg.index('<g class="circus-scout-best">'):]
    assert best[:best.index('<g class="circus-piece ')].count("<polygon") == 2  # the two moves of best play, red
    assert f'fill="{CHAIN_COLOUR}"' in best
    assert ">Game tree: best play gives player 0 a margin of -2</text>" in svg
    words = picture.description()
    assert "7 positions, 6 moves, 3 ends of the round" in words
    assert "P0 shows 1, then P1 shows 2 1; the round ends P0 -1, P1 +1: a margin of -2" in words
    assert dark_ink(svg) == []
    with pytest.raises(ValueError, match="game_tree"):
        game_tree_picture(play_graph([3, 4]))


def test_a_scouting_move_is_named_with_its_card():
    s = ScoutState.from_hands([[(3, 1), (4, 1)], [(1, 9)], [(2, 8)]], table=[(5, 2), (6, 3)], owner=1)
    assert move_label(s, Scout("right", True, 2)) == "scouts a 3 into gap 2"
    assert move_label(s, ScoutAndShow("left", False, 2, 0, 3)) == "scouts a 5, shows 3 4 5"
    assert move_label(s, Show(0, 2)) == "shows 3 4"
    assert (move_label(s, FLIP_HAND), move_label(s, KEEP_HAND)) == ("flips the hand", "keeps the hand")


def test_to_matplotlib_draws_the_same_picture():
    from matplotlib.figure import Figure

    tree = game_tree([[(1, 2), (3, 4)], [(2, 3), (1, 4)]], chips=0)
    figure = game_tree_picture(tree).to_matplotlib()
    assert isinstance(figure, Figure)
    ax = figure.axes[0]
    assert ax.get_title() == "Game tree: best play gives player 0 a margin of -2"
    texts = [t.get_text() for t in ax.texts]
    assert "P0 to move: 1 3\ntable: empty" in texts and texts.count("shows 2 1") == 2
    assert len(ax.patches) == 7 and len([t for t in ax.texts if not t.get_text()]) == 6  # boxes; arrows
    assert [t.get_text() for t in ax.get_legend().get_texts()][-1] == "best play for both\n(minimax)"
    deck = card_graph_picture(card_graph(5)).to_matplotlib()
    assert len(deck.axes[0].patches) == 10 and "The 45 cards" in deck.axes[0].get_title()


def test_a_position_shows_itself_as_a_picture():
    s = ScoutState.from_hands([[(1, 9)], [(3, 2)], [(2, 8)]], table=[(5, 4)], owner=0, turn=1)
    bundle = s._repr_mimebundle_()
    assert bundle["text/plain"] == str(s) and bundle["image/svg+xml"].startswith("<svg")
    assert "circus-scout" in bundle["text/html"] and dark_ink(scout_svg(s)) == []


def test_the_board_and_a_dealt_hand():
    s = ScoutState.from_hands([[(3, 1), (4, 1), (9, 2)], [(1, 9)], [(2, 8)]], table=[(5, 2), (6, 3)], owner=1)
    board = board_svg(s, s.hands[0], s.table, selected=[1])
    assert board.count("circus-table-card") == 2 and board.count("circus-hand-card") == 3
    assert "Active set — player 1’s set" in board and board.count("↑") == 4  # four gaps to scout into
    assert board_svg(s, s.hands[0], (), selected=[]).count("empty table") == 1
    hand = [(3, 1), (4, 1), (5, 2), (5, 9), (8, 1)]
    sets = legal_shows(hand)
    assert maximal_sets(sets) == [(0, 3), (2, 4)]  # 3 4 5, and the match 5 5
    dealt = dealt_hand_svg(hand, (6, 7), sets, (0, 3), turned=True)
    assert dealt.count("circus-scout-set-bracket") == 2 and "match of 2" in dealt and "run of 3" in dealt
    assert "Set to beat:" in dealt and "(turned round)" in dealt and dark_ink(dealt) == []


def _boxes(svg: str, css_class: str) -> list[tuple[float, float, float, float]]:
    """The (left, top, right, bottom) of each rectangle drawn in the groups of this CSS class."""
    boxes = []
    for group in re.finditer(rf'<g class="[^"]*\b{css_class}\b[^"]*"[^>]*>(.*?)</g>', svg):
        for x, y, w, h in re.findall(r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"',
                                     group.group(1)):
            boxes.append((float(x), float(y), float(x) + float(w), float(y) + float(h)))
    return boxes


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("hands, chips", [([[(1, 2), (3, 4)], [(2, 3), (1, 4)]], 0),
                                          ([[(1, 2), (3, 4)], [(5, 6)]], 0)])
def test_the_game_trees_move_labels_are_read_clear_of_each_other_and_of_the_positions(hands, chips):
    svg = game_tree_picture(game_tree(hands, chips=chips)).svg()
    labels = _boxes(svg, "circus-edge-label")
    positions = _boxes(svg, "circus-scout-position") + _boxes(svg, "circus-scout-end")
    assert labels and positions
    for i, a in enumerate(labels):
        assert not [b for b in labels[i + 1:] if _overlap(a, b)], a
        assert not [b for b in positions if _overlap(a, b)], a
    for i, a in enumerate(positions):
        assert not [b for b in positions[i + 1:] if _overlap(a, b)], a
    # a projector's text: nothing of the tree is written smaller than 13 px
    assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 13


def test_a_six_and_a_nine_are_underlined_and_the_other_end_sits_on_its_band():
    from circuslib.scout.pictures import scout_card_svg

    nine_six = scout_card_svg(9, 6)
    # both numbers underlined, the other end (6) drawn turned half round with its underline, on the grey band
    assert nine_six.count('class="circus-scout-underline"') == 2
    assert "circus-scout-other-end" in nine_six
    turned = nine_six[nine_six.index('<g transform="rotate(180'):]
    assert ">6</text>" in turned and "circus-scout-underline" in turned
    one_nine = scout_card_svg(1, 9)  # the card: read "1 / 9", not "1 / 6"
    assert one_nine.count("circus-scout-underline") == 1 and ">1</text>" in one_nine.split("rotate(180")[0]
    assert "circus-scout-underline" not in scout_card_svg(1, 8) and "circus-scout-underline" not in scout_card_svg(7)
    assert scout_card_svg(6).count("circus-scout-underline") == 1  # a lone 6 on the set to beat, too
    s = ScoutState.from_hands([[(1, 9)], [(6, 2)], [(2, 8)]], table=[(9, 4)], owner=0, turn=1)
    # every hand and the table: the 9 of (1, 9), the 6 of (6, 2) and the 9 of (9, 4); the board: your hand and the table
    for svg, underlined in ((scout_svg(s), 3), (board_svg(s, s.hands[1], s.table, you=1), 2)):
        assert svg.count("circus-scout-underline") == underlined and dark_ink(svg) == []


def test_counts_take_their_plural():
    s = ScoutState.from_hands([[(1, 9)], [(3, 1), (4, 1)], [(2, 8)]], table=[(5, 2)], owner=0, turn=1)
    svg = scout_svg(s)
    assert "Player 0: 1 card in hand, 0 cards captured, 0 chips" in svg
    assert "Player 1: 2 cards in hand" in svg and "1 cards" not in svg
    assert move_label(ScoutState.from_hands([[(3, 1)], [(2, 4)], [(1, 9)]], table=[(8, 2)], owner=1),
                      Scout("left", False, 0)) == "scouts an 8 into gap 0"
