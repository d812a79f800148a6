"""The pictures of Le Petit Cirque Volant read as text: the map, the reachable hexes, the manoeuvre graph, the damage
chain and the destroyed-within-n curves; each with its words, its plain SVG, and (for the graphs) its matplotlib
twin drawing the same thing."""
from __future__ import annotations

import pytest

from circuslib.core.svg import Picture, dark_ink
from circuslib.pcv.graphs import count_sequences, end_nodes, firing_positions, move_graph
from circuslib.pcv.odds import destroy_probability, die_odds, rules_faces
from circuslib.pcv.pictures import (
    board,
    damage_chain_picture,
    destroy_curve,
    move_graph_picture,
    reachable_map,
    rolled_die,
    within_plot,
)
from circuslib.pcv.rules import Board, Fire, Manoeuvre, Plane, Scenario, SpeedChange, new_game


def bundle_of(picture: Picture) -> dict:
    bundle = picture._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert "currentColor" not in bundle["image/svg+xml"] and "var(--" not in bundle["image/svg+xml"]
    return bundle


def test_the_map_says_where_every_plane_is():
    s = new_game()
    picture = board(s)
    bundle = bundle_of(picture)
    words = bundle["text/plain"]
    assert words.splitlines()[0] == f"{s}."
    assert "The duel map, 12 hexes wide and 9 high." in words
    assert "Red 1 at (-1, 4) facing E, altitude 3, speed 3, intact." in words
    assert "Blue 1 at (8, 4) facing W, altitude 3, speed 3, intact." in words
    assert picture.svg().count('class="circus-plane') == 2 and dark_ink(picture.svg()) == []
    assert 'aria-label="turn 1, Red: move with Red 1' in bundle["text/html"]
    with pytest.raises(TypeError, match="PCVState"):
        board("duel")
    with pytest.raises(ValueError, match="size"):
        board(s, size=2)


def test_a_name_with_markup_reaches_the_map_escaped():
    planes = (Plane("<b>Red</b> 1", 0, (2, 4), 0, 3, 1), Plane('Blue "1"', 1, (8, 0), 3, 3, 3))
    svg = board(Scenario("names", Board(12, 9), planes).start()).svg()
    assert "<b>" not in svg and "&lt;b&gt;Red&lt;/b&gt; 1" in svg and 'data-name="Blue &quot;1&quot;"' in svg
    shaded = board(new_game(), shade={(0, 4): '"/><script>'}).svg()
    assert "<script>" not in shaded and 'fill="&quot;/&gt;&lt;script&gt;"' in shaded
    assert board(new_game(), shade=[(0, 4), (1, 4)]).description().endswith("2 hexes shaded.")
    with pytest.raises(TypeError, match="shade"):
        board(new_game(), shade=5)


def test_the_line_of_fire_is_shaded_and_said():
    s = Scenario("t", Board(10, 8), (Plane("R", 0, (1, 4), 0, 3, 1), Plane("B", 1, (4, 4), 3, 3, 3))).start()
    firing = s.play(Manoeuvre("forward")).play(SpeedChange(0))
    assert firing.phase == "fire" and "#fde0dd" in board(firing).svg()
    assert "R's line of fire" in board(firing).description()
    assert "#fde0dd" not in board(firing, fire_line=False).svg()
    rolling = firing.play(Fire("B"))
    assert "#fde0dd" in board(rolling).svg()


def test_the_reachable_map_shades_the_end_positions_and_the_shots():
    planes = (Plane("R", 0, (2, 4), 0, 3, 1), Plane("B", 1, (5, 4), 3, 3, 3))
    s = Scenario("t", Board(12, 9), planes).start()
    picture = reachable_map(s)
    ends = {position[0] for position in firing_positions(s)}
    words = picture.description()
    # speed 1 from (2, 4) facing E: the three front hexes; only the one ahead keeps B (3 hexes on) in its line
    assert ("Shaded orange: the 3 hexes where R can end its move; dark orange: the 1 hex among them that give "
            "it a shot.") in words
    assert picture.svg().count('fill="#fc8d59"') == len(ends) == 1 and ends == {(3, 4)}
    assert "dark orange" not in reachable_map(s, shots=False).description()
    assert '#fc8d59' not in reachable_map(s, shots=False).svg()


def test_the_die_just_rolled():
    assert "circus-die" in rolled_die(6).svg() and rolled_die(6).description() == "The die shows 6: a 6 destroys."
    with pytest.raises(ValueError, match="face"):
        rolled_die(7)


def test_the_move_graph_draws_every_node_and_edge_with_an_honest_legend():
    graph = move_graph(Plane("Red 1", 0, (0, 0), facing=0, altitude=1, speed=2))
    picture = move_graph_picture(graph, title="speed 2 from altitude 1")
    svg = picture.svg()
    assert svg.startswith("<svg") and "speed 2 from altitude 1" in svg
    assert svg.count("circus-pcv-node") == graph.number_of_nodes() == 28
    assert svg.count("<polygon") == graph.number_of_edges()  # one arrowhead per edge
    kinds = {d["move"].kind for _, _, d in graph.edges(data=True)}
    assert kinds == {"forward", "down", "up"}
    assert "forward (1 point)" in svg and "up (2 points)" in svg and "loop (" not in svg  # only the manoeuvres drawn
    assert "out: landed at altitude 0" in svg and "end position (0 points left)" in svg
    assert svg.count('fill="#a1d99b"') == len(end_nodes(graph)) + 1  # the end nodes and their legend entry
    assert count_sequences(graph) == 12
    assert "(1,-1) NE" in svg and "alt 2" in svg
    assert dark_ink(svg) == []  # the title and the axis take the page's colour; nodes and legend are light pieces
    words = bundle_of(picture)["text/plain"]
    # after one point: forward or down into each of the 3 front hexes (6; down lands); after two: forward or down
    # again from the 3 still flying (18), and up, which costs both points, into the 3 front hexes (3)
    assert "The manoeuvre graph of Red 1 from (0,0) facing E at altitude 1, with 2 movement points to spend" in words
    assert "28 positions, one column per point spent (1 after 0, 6 after 1, 21 after 2)" in words
    assert "27 arrows, one per manoeuvre: 12 forward, 12 down, 3 up." in words
    assert "12 end positions" in words and "12 manoeuvre sequences lead to them" in words
    assert "12 positions out of the game: landed." in words  # every down from altitude 1 lands
    with pytest.raises(ValueError, match="too many"):
        move_graph_picture(move_graph(Plane("X", 0, (0, 0), 0, 4, 4)))
    with pytest.raises(TypeError):
        move_graph_picture("not a graph")


def test_the_move_graph_in_matplotlib_draws_the_same_graph():
    graph = move_graph(Plane("Red 1", 0, (0, 0), facing=0, altitude=1, speed=2))
    figure = move_graph_picture(graph, title="speed 2").to_matplotlib()
    from matplotlib.figure import Figure

    assert isinstance(figure, Figure)
    [ax] = figure.axes
    assert ax.get_title() == "speed 2" and ax.get_xlabel() == "movement points spent"
    assert sorted(t.get_text() for t in ax.get_legend().get_texts()) == ["down (1)", "forward (1)", "up (2)"]
    assert len(ax.collections[0].get_offsets()) == graph.number_of_nodes()  # the nodes, as one collection


def test_the_damage_chain_writes_and_says_the_exact_chances_of_each_range():
    near = damage_chain_picture(1, title="range 1")
    svg = near.svg()
    assert svg.startswith("<svg") and "range 1" in svg and svg.count("<circle") == 3
    # intact -> damaged 1/3, damaged -> destroyed 1/2, a 6 at once 1/6, misses 1/2 (intact and damaged), the end 1
    assert ">1/3<" in svg and ">1/2<" in svg and "a 6: 1/6" in svg and svg.count("↺ 1/2") == 2 and "↺ 1<" in svg
    assert dark_ink(svg) == []
    words = bundle_of(near)["text/plain"]
    assert "One shot 1 hex ahead, 0 levels apart (effective range 1)." in words
    assert ("From intact, the target stays intact with chance 1/2; is damaged with chance 1/3; is destroyed with "
            "chance 1/6.") in words
    assert "From damaged, the target stays damaged with chance 1/2; is destroyed with chance 1/2." in words
    far = damage_chain_picture(3).svg()  # p = q: no damage step, so no arrow from intact to damaged
    assert "a 6: 1/6" in far and far.count("↺ 5/6") == 2 and ">1/6<" in far and "<path" in far
    assert far.count("<line") == 1  # only damaged -> destroyed is straight
    out = damage_chain_picture(4)
    assert "↺ 1<" in out.svg() and "<line" not in out.svg() and "out of reach: every shot misses" in out.description()
    with pytest.raises(ValueError, match="at least 1 hex"):
        damage_chain_picture(0)


def test_the_damage_chain_in_matplotlib_writes_the_same_chances():
    figure = damage_chain_picture(1, title="range 1").to_matplotlib()
    [ax] = figure.axes
    texts = {t.get_text() for t in ax.texts}
    assert ax.get_title() == "range 1" and {"intact", "damaged", "destroyed", "1/3", "a 6: 1/6", "↺ 1/2"} <= texts
    import matplotlib.pyplot as plt

    _, own = plt.subplots()
    assert damage_chain_picture(2).to_matplotlib(own) is own.figure  # drawn on the Axes given
    plt.close(own.figure)
    with pytest.raises(TypeError, match="Axes"):
        damage_chain_picture(2).to_matplotlib("ax")


def test_the_curves_of_destroyed_within_n_are_the_exact_values():
    odds = die_odds(6, *rules_faces(1), 12)
    svg = within_plot(odds, 3, title="at range 1").svg()
    assert "at range 1" in svg and "intact target" in svg and "already damaged target" in svg and "n chosen" in svg
    assert svg.count("<polyline") == 4  # intact, damaged, the chosen n, and the two marks at it
    curve = destroy_curve(1, 0, 4)
    assert "effective range 1" in curve.svg() and curve.svg().count("<polyline") == 2
    assert [float(destroy_probability(n, 1)) for n in range(5)] == [float(a) for a, _ in die_odds(
        6, *rules_faces(1), 4).within]
    with pytest.raises(ValueError, match="shots"):
        within_plot(odds, 13, title="too far")


def test_counts_take_their_plural():
    from circuslib.pcv.pictures import _counted

    assert [_counted(n, "hex", "hexes") for n in (0, 1, 2)] == ["0 hexes", "1 hex", "2 hexes"]
    assert _counted(1, "movement point", "movement points") == "1 movement point" and _counted(3, "shot") == "3 shots"
    assert "(s)" not in damage_chain_picture(2, 1).description() and "(es)" not in damage_chain_picture(2, 1).title
