"""The Flip Circus widget, headless: ipywidgets 8 runs the handlers on button.click()."""
from __future__ import annotations

import math
import random

import pytest
import sympy

from circuslib.flip_circus.bots import greedy_bot
from circuslib.flip_circus.rules import CLOWN, from_faces
from circuslib.flip_circus.widget import FlipCircusWidget

NEAR = [("Acrobate", "Magicien"), ("Clown", "Acrobate"), ("Acrobate", "Dresseuse"), ("Clown", "Magicien"),
        ("Magicien", "Voyante"), ("Clown", "Voyante"), ("Voyante", "Muscles"), ("Clown", "Muscles"),
        ("Muscles", "Dresseuse"), ("Clown", "Dresseuse")]


def hotseat(**kwargs):
    return FlipCircusWidget(random.Random(1), state=from_faces(NEAR, **kwargs))


def test_pick_and_flip_wins_a_poster_and_logs_it():
    w = hotseat(known={0: [1]})
    assert "the likeliest: flip 1 (probability 1)" in w.frame.odds.value
    w.position_buttons[1].click()
    assert w.selected == [1] and "picked: [1]" in w.status.value
    w.flip_button.click()
    assert w.state.posters[0] == ("Acrobate",)
    assert "poster Acrobate!" in w.frame.lines[-1]
    assert "Acrobate" in w.status.value and w.selected == []


def test_deduction_panel_shows_exact_possible_backs():
    w = hotseat()
    assert "Acrobate 1/5" in w.frame.odds.value  # behind the Clown at 1: any of five artists
    assert "bits" in w.frame.odds.value and "likeliest" in w.frame.odds.value


def test_swap_needs_two_neighbours_and_muscles_refuses_with_a_message():
    w = hotseat()
    w.position_buttons[0].click()
    w.swap_button.click()
    assert "pick two" in w.frame.message.value
    w.position_buttons[4].click()  # now 0 and 4: not neighbours
    w.swap_button.click()
    assert "not neighbours" in w.frame.message.value
    w.position_buttons[0].click(), w.position_buttons[4].click()
    w.position_buttons[7].click(), w.position_buttons[8].click()  # Monsieur Muscles at 8
    w.swap_button.click()
    assert "Not allowed" in w.frame.message.value and "Monsieur Muscles" in w.frame.message.value
    assert w.state == from_faces(NEAR)


def test_hot_seat_hides_the_ring_until_the_next_player_is_at_the_screen():
    w = hotseat(applause=(1, 0))
    w.position_buttons[3].click()
    w.look_button.click()  # a secret look for player 0
    assert "(Magicien)" in w.frame.board.value
    for _ in range(2):
        w.position_buttons[9].click()
        w.flip_button.click()
    w.end_button.click()
    assert w.hidden and "Pass the screen to player 1" in w.frame.board.value
    assert w.frame.odds.value == "" and w.flip_button.disabled and not w.pass_button.disabled
    w.pass_button.click()
    assert not w.hidden and w.viewer == 1
    assert "(Magicien)" not in w.frame.board.value  # player 0's secret look stays secret


def test_clown_reward_buttons_appear_only_when_a_group_is_made():
    w = hotseat(applause=(0, 1))
    assert w.take_button.disabled and w.return_button.disabled
    w.position_buttons[2].click(), w.position_buttons[3].click()
    w.swap_button.click()  # the Clown from 3 goes to 2, next to the Clown at 1
    assert w.state.pending and not w.take_button.disabled and not w.return_button.disabled
    w.return_button.click()
    assert w.state.applause == (0, 0) and "0 / 0" in w.status.value


def test_against_the_bot_the_bot_plays_its_whole_turn():
    w = FlipCircusWidget(random.Random(4), bot=greedy_bot)
    assert w.state.player == 0 or w.state.is_over()
    for _ in range(2):
        w.position_buttons[5].click()
        w.flip_button.click()
    assert any(line.startswith("bot:") for line in w.frame.lines)
    assert w.state.player == 0 or w.state.is_over()


def test_new_game_deals_again_and_bad_arguments_are_refused():
    w = hotseat()
    w.new_button.click()
    assert [f == CLOWN for f in w.state.faces] == [True, False] * 5 and w.frame.lines[-1] == "new game"
    with pytest.raises(TypeError, match="seeded"):
        FlipCircusWidget(3)
    with pytest.raises(ValueError, match="seat"):
        FlipCircusWidget(random.Random(1), human=2)


# --- the ring explorer ---------------------------------------------------------------------------------------

from circuslib.flip_circus import odds  # noqa: E402
from circuslib.flip_circus.graphs import winning_turns  # noqa: E402
from circuslib.flip_circus.rules import ARTISTS, new_game  # noqa: E402
from circuslib.flip_circus.widget import RingExplorer, entropy_bits, ring_problem  # noqa: E402

# the dealt ring of the lesson's section 2: Clowns at the even places, the rosace tokens all turned one way
DEALT = ("Clown", "Acrobate", "Clown", "Magicien", "Clown", "Voyante", "Clown", "Muscles", "Clown", "Dresseuse")
# every artist shown twice and no Clown: each artist's two places hold its Clown token and a rosace token
HALVES = ("Muscles", "Magicien", "Dresseuse", "Magicien", "Muscles", "Dresseuse", "Acrobate", "Voyante", "Acrobate",
          "Voyante")


def refused(explorer) -> bool:
    return "✘" in explorer.message.value


def images(widget) -> list:
    import ipywidgets

    found = [widget] if isinstance(widget, ipywidgets.Image) else []
    for child in getattr(widget, "children", ()):
        found += images(child)
    return found


def row(explorer, place: int) -> str:
    return explorer.result.value.split(f"<tr class='circus-ring-row-{place}'>")[1].split("</tr>")[0]


def test_exact_entropies_are_written_as_the_lesson_writes_them():
    cases = {(1,) * 5: "log₂ 5", (1, 1): "1", (1,) * 240: "log₂ 240", (1,) * 64: "6", (1,): "0",
             (2, 1, 1): "3/2",  # 1/2 · 1 + 2 · 1/4 · 2
             (1, 2): "log₂ 3 − 2/3",  # 1/3 log₂ 3 + 2/3 log₂ (3/2)
             (2, 2, 1): "log₂ 5 − 4/5",  # 2 · 2/5 log₂ (5/2) + 1/5 log₂ 5
             (3, 3, 2): "11/4 − (3/4)·log₂ 3"}  # 2 · 3/8 log₂ (8/3) + 1/4 · 2
    for weights, text in cases.items():
        bits = entropy_bits(weights)
        assert str(bits) == text
        p = [w / sum(weights) for w in weights]
        assert float(bits) == pytest.approx(-sum(x * math.log2(x) for x in p), abs=1e-12)
    with pytest.raises(ValueError, match="whole-number"):
        entropy_bits([1.5, 2])


def test_the_ring_explorer_shows_the_dealt_ring_counted_by_hand():
    e = RingExplorer()  # the dealt ring: 5! orders of the Clown tokens x 2 ways for the rosace = 240 deals
    assert e.faces == DEALT and not refused(e)
    assert "<b>240 deals</b>" in e.result.value and "<b>log₂ 240</b>&nbsp;≈&nbsp;7.9069 bits" in e.result.value
    assert "Acrobate, Magicien, Voyante, Muscles, Dresseuse <b>1/5</b>&nbsp;=&nbsp;0.2000 each" in row(e, 0)
    assert "<b>log₂ 5</b>&nbsp;≈&nbsp;2.3219 ◀ most" in row(e, 0)  # ties: the lowest place
    assert "Magicien, Dresseuse <b>1/2</b>&nbsp;=&nbsp;0.5000 each" in row(e, 1)  # the rosace fits two ways
    assert "<b>1</b>&nbsp;=&nbsp;1.0000" in row(e, 1)
    # a look shows an Acrobate behind the Clown at 0: 4! x 2 = 48 deals left, four artists behind each Clown
    e.set_back(0, "Acrobate")
    assert "<b>48 deals</b>" in e.result.value and "<b>log₂ 48</b>&nbsp;≈&nbsp;5.5850" in e.result.value
    assert "<b>Acrobate</b> (seen)" in row(e, 0) and "Acrobate" not in row(e, 2)
    assert "Magicien, Voyante, Muscles, Dresseuse <b>1/4</b>&nbsp;=&nbsp;0.2500 each" in row(e, 2)
    assert "<b>2</b>&nbsp;=&nbsp;2.0000" in row(e, 2)
    # a Magicien behind the Acrobate at 1 settles the rosace's way: every rosace back is now sure, 4! deals left
    e.set_back(1, "Magicien")
    assert "<b>24 deals</b>" in e.result.value
    assert "Voyante <b>1</b>&nbsp;=&nbsp;1.0000" in row(e, 3) and "<b>0</b>&nbsp;=&nbsp;0.0000" in row(e, 3)
    assert "behind place <b>2</b>" in e.result.value  # the look worth most is now behind the Clown at 2
    e.forget_button.click()
    assert "<b>240 deals</b>" in e.result.value and e.backs == (None,) * 10


def test_the_ring_explorer_shows_unequal_chances_and_their_entropy():
    e = RingExplorer(HALVES)  # 2^5 ways to place the Clown tokens x 2 ways for the rosace = 64 deals
    assert "<b>64 deals</b>" in e.result.value and "<b>6</b>&nbsp;=&nbsp;6.0000 bits" in e.result.value
    # Monsieur Muscles at 0: his Clown token (1/2), else the rosace token Voyante/Muscles or Muscles/Dresseuse
    assert "Clown <b>1/2</b>&nbsp;=&nbsp;0.5000; Voyante, Dresseuse <b>1/4</b>&nbsp;=&nbsp;0.2500 each" in row(e, 0)
    assert "<b>3/2</b>&nbsp;=&nbsp;1.5000" in row(e, 0)  # 1/2 · 1 + 2 · 1/4 · 2 bits


def test_the_ring_explorer_agrees_with_the_odds_module():
    rng = random.Random(3)
    for k in range(3):
        state = new_game(rng)
        seen = {i: state.back(i) for i in range(10) if rng.random() < 0.3}
        e = RingExplorer(state.faces, seen)
        view = e.odds
        expected = odds.possible_backs(state.faces and _view_of(state.faces, seen))
        assert [{a: sympy.Rational(p.numerator, p.denominator) for a, p in c.items()} for c in view.chances] \
            == expected
        values = odds.look_values(_view_of(state.faces, seen))
        assert set(values) == set(view.looks)
        for i, value in values.items():
            assert float(view.looks[i]) == pytest.approx(float(value), abs=1e-12)
            if k == 0:
                assert sympy.simplify(view.looks[i].sympy() - value) == 0
        assert view.best_look == odds.best_look(_view_of(state.faces, seen))
        assert float(view.uncertainty) == pytest.approx(float(odds.uncertainty(_view_of(state.faces, seen))))


def _view_of(faces, seen):
    from circuslib.flip_circus.widget import _view

    return _view(tuple(faces), tuple(seen.get(i) for i in range(10)))


NEAR_FACES = tuple(face for face, _ in NEAR)


def test_the_best_first_move_comes_from_the_kits_search_within_two_actions():
    e = RingExplorer(NEAR_FACES)  # the two Acrobates at 0 and 2 wait around the Clown at 1
    assert "<b>flip 1</b>" in e.best.value and "<b>1/5</b>&nbsp;=&nbsp;0.2000" in e.best.value
    assert "none of them surely" in e.best.value and "no Applause spent" in e.best.value
    plans = winning_turns(from_faces(NEAR), max_applause=0)
    assert f"{len(plans)} plans can take a poster" in e.best.value
    e.set_back(1, "Acrobate")  # after a look that shows an Acrobate there, the flip is sure
    assert "<b>flip 1</b>" in e.best.value and "<b>1</b>&nbsp;=&nbsp;1.0000" in e.best.value
    sure = [t for t in winning_turns(from_faces(NEAR, known={0: [1]}), max_applause=0) if t.probability == 1]
    assert f"{len(sure)} of them surely" in e.best.value
    e.set_back(1, None)
    e.set_face(1, "Acrobate")  # three Acrobates side by side: that poster is taken at once in a game
    assert "already be taken" in e.best.value and "places 0, 1 and 2" in e.best.value and not refused(e)


def test_the_ring_explorer_refuses_impossible_rings_and_keeps_working():
    e = RingExplorer()
    cases = [  # (edits of a possible ring, the edit that makes it impossible, why)
        (lambda: [e.set_face(4, "Acrobate"), e.set_face(6, "Acrobate")], lambda: e.set_face(8, "Acrobate"),
         "The ring shows 4 Acrobate faces, but only 3 tokens carry an Acrobate"),
        (lambda: None, lambda: e.set_back(4, "Clown"), "Place 4 shows a Clown and you marked a Clown behind it"),
        (lambda: None, lambda: e.set_back(3, "Muscles"), "there is no Magicien/Muscles token"),
        (lambda: e.set_back(4, "Dresseuse"), lambda: e.set_back(6, "Dresseuse"),
         "Places 4 and 6 are each marked as the Clown/Dresseuse token, but the set has only one"),
        (lambda: [e.set_face(0, "Acrobate"), e.set_face(2, "Acrobate")], lambda: e.set_back(4, "Acrobate"),
         "The ring shows 3 Acrobate faces and an Acrobate is marked behind place 4"),
        # three Acrobates and three Magiciens unseen: six places, but only five tokens carry either artist
        (lambda: [e.set_face(i, a) for i, a in enumerate(["Acrobate", "Clown", "Acrobate", "Magicien", "Magicien",
                                                           "Magicien"])],
         lambda: e.set_face(1, "Acrobate"), "needs 6 tokens carrying one of these artists, but only 5"),
    ]
    for prepare, edit, why in cases:
        e.load(DEALT)
        prepare()
        shown, best, picture = e.result.value, e.best.value, e.plot.image.value
        assert not refused(e) and "deals</b>" in shown
        edit()
        assert refused(e) and why in e.message.value, e.message.value
        assert "still those of the last possible ring" in e.message.value and "Traceback" not in e.message.value
        assert (e.result.value, e.best.value, e.plot.image.value) == (shown, best, picture)
    shown = e.result.value
    e.set_face(0, "Clown")  # a possible ring again: the numbers follow
    assert not refused(e) and e.result.value != shown and "deals</b>" in e.result.value
    with pytest.raises(ValueError, match="only 3 tokens carry an Acrobate"):
        RingExplorer(["Acrobate"] * 4 + ["Clown"] * 5 + ["Voyante"])
    with pytest.raises(ValueError, match="10 visible faces"):
        RingExplorer(DEALT[:9])
    with pytest.raises(ValueError, match="not an artist"):
        RingExplorer(seen={0: "Lion"})
    with pytest.raises(TypeError, match="dict"):
        RingExplorer(seen=[(0, "Acrobate")])
    e.load(HALVES, {0: "monsieur muscles"})  # a back is named as the rules name it, or as the kit writes it
    assert e.backs[0] == "Muscles" and refused(e) and "Place 0 shows Monsieur Muscles and you marked" in e.message.value
    assert ring_problem(DEALT, (None,) * 10) is None


def test_the_ring_explorer_opens_on_what_a_player_sees_in_a_game():
    state = from_faces(NEAR, known={0: [1], 1: [4]})
    e = RingExplorer.of(state)  # player 0, to move, has seen the Acrobate behind the Clown at 1
    assert e.faces == NEAR_FACES and e.backs == (None, "Acrobate") + (None,) * 8 and not refused(e)
    assert RingExplorer.of(state.view(1)).backs[4] == "Voyante"
    with pytest.raises(TypeError, match="state or a player's view"):
        RingExplorer.of(NEAR)


def test_the_ring_explorer_redraws_one_plot_in_place():
    import matplotlib.pyplot as plt

    figures = plt.get_fignums()
    e = RingExplorer()
    [image] = images(e.widget)
    assert image is e.plot.image and bytes(image.value).startswith(b"\x89PNG")
    backs_ax, look_ax = e.figure.axes
    for ax in (backs_ax, look_ax):
        assert ax.get_title() and ax.get_ylabel() and ax.get_legend() is not None
    assert look_ax.get_xlabel()
    legend = [t.get_text() for t in backs_ax.get_legend().get_texts()]
    assert legend == ["Clown", "Acrobate", "Magicien", "Voyante", "Muscles", "Dresseuse", "back already seen"]
    first, parts = bytes(image.value), (len(backs_ax.collections), len(look_ax.collections), len(e.figure.texts))
    e.set_back(0, "Acrobate")
    assert image.value != first and images(e.widget) == [image]
    e.set_back(0, None)
    assert image.value == first  # the same ring, the same picture (kept)
    assert (len(backs_ax.collections), len(look_ax.collections), len(e.figure.texts)) == parts
    assert plt.get_fignums() == figures  # the explorer's own figure, never a pyplot one


def test_the_ring_explorer_survives_1000_random_changes():
    rng = random.Random(17)
    e = RingExplorer(seed=5)
    [image] = images(e.widget)
    size = len(e.widget.children)

    def plausible_face():  # a face one of the current backs could show: the ring often stays possible
        place = e.selected
        e.face.value = rng.choice(sorted(e.odds.chances[place]))

    moves = [lambda: e.places[rng.randrange(10)].click(), lambda: setattr(e.face, "value", rng.choice(ARTISTS)),
             lambda: setattr(e.back, "value", rng.choice(e.back.options)[1]), plausible_face,
             e.deal_button.click, e.forget_button.click]
    pictures, refusals = e.plot.pictures, 0
    for _ in range(1000):
        rng.choice(moves)()
        assert e.message.value or e.result.value
        assert "could not be shown" not in e.message.value, e.message.value
        assert images(e.widget) == [image] and len(e.widget.children) == size
        assert refused(e) == (ring_problem(e.faces, e.backs) is not None)
        refusals += refused(e)
    assert bytes(image.value).startswith(b"\x89PNG") and e.plot.pictures > pictures + 100
    assert 100 < refusals < 900  # both kinds of ring were met


def test_the_ring_explorer_is_made_with_its_classes_words_and_looks(sent_states):
    # a class, a label, a tooltip or a style set after a widget is made is one more message for the kernel and the
    # server: the explorer sent 64 updates as it opened (33 classes, 20 words of its place buttons, the face and
    # back rows' widths and label layouts); only the classes core.ui adds afterwards and the values the first
    # update shows are left
    from collections import Counter

    from circuslib.flip_circus.widget import RingExplorer

    sent = sent_states
    explorer = RingExplorer(place=3)
    assert explorer.places[3].description == "3: Magicien" and explorer.places[3].button_style == "info"
    assert "place 3 shows" in explorer.places[3].tooltip and explorer.places[0].button_style == ""
    assert explorer.face._dom_classes == ("circus-ring-face",) and explorer.face.style.button_width == "88px"
    assert explorer.face_label.layout is explorer.back_label.layout and explorer.face_label.layout.width == "190px"
    assert explorer.plot.image._dom_classes == ("circus-plot", "circus-ring-plot")
    updates = Counter(str(key) for _, key in sent)
    assert not any(updates[key] for key in ("description", "tooltip", "button_style", "button_width", "layout"))
    # core.ui.button gives a button its class as it is made; the ten places add a second one, Shown its theme class
    assert Counter(name for name, key in sent if key == "_dom_classes") == {"Button": 10, "RingExplorer": 1}
    assert len(sent) <= 30


def test_the_shipped_ring_frame_is_the_frame_matplotlib_draws_now():
    # ring_frame.json is the explorer's still frame (axes, ticks, labels, titles, legends) as python -m
    # circuslib.flip_circus.widget drew it: drawn again here, it must be the same, pixel for pixel
    from circuslib.flip_circus.widget import FRAME_MAKERS, SHIPPED_FRAMES

    assert set(SHIPPED_FRAMES.frames()) == set(FRAME_MAKERS) == {"ring"}
    assert SHIPPED_FRAMES.differences(FRAME_MAKERS) == [], "draw it again: python -m circuslib.flip_circus.widget"


def test_an_explorer_on_the_shipped_frame_shows_the_pictures_of_one_that_draws_it(monkeypatch, tmp_path):
    import circuslib.flip_circus.widget as W
    from circuslib.core.frames import ShippedFrames

    shipped = W.RingExplorer(W._check_faces(None))
    # as without the file: the frame is drawn
    monkeypatch.setattr(W, "SHIPPED_FRAMES", ShippedFrames(tmp_path / "none.json", about="none"))
    drawn = W.RingExplorer(W._check_faces(None))
    assert (shipped.plot.frame_source, drawn.plot.frame_source) == ("shipped", "drawn")
    assert bytes(shipped.plot.image.value) == bytes(drawn.plot.image.value)
    for change in [("back", 0, "Acrobate"), ("back", 3, "Voyante"), ("face", 2, "Acrobate"), ("back", 5, None),
                   ("face", 2, "Clown"), ("back", 0, None)]:
        for explorer in (shipped, drawn):
            kind, place, artist = change
            (explorer.set_back if kind == "back" else explorer.set_face)(place, artist)
        assert bytes(shipped.plot.image.value) == bytes(drawn.plot.image.value), change
