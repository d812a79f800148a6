"""The Flip Circus ring explorer, headless: edits by clicks and values, the exact numbers it shows (from odds), and
its chart, the kit's SVG redrawn in place in one HTML output."""
from __future__ import annotations

import math
import random
import re

import pytest
import sympy

from circuslib.core.svg import dark_ink
from circuslib.flip_circus import odds
from circuslib.flip_circus.explorers import RingExplorer, ring_chart
from circuslib.flip_circus.graphs import winning_turns
from circuslib.flip_circus.odds import RingOdds, _ring_view, entropy_bits, ring_problem
from circuslib.flip_circus.rules import ARTISTS, from_faces, new_game

NEAR = [("Acrobate", "Magicien"), ("Clown", "Acrobate"), ("Acrobate", "Dresseuse"), ("Clown", "Magicien"),
        ("Magicien", "Voyante"), ("Clown", "Voyante"), ("Voyante", "Muscles"), ("Clown", "Muscles"),
        ("Muscles", "Dresseuse"), ("Clown", "Dresseuse")]
# the dealt ring of the lesson's section 2: Clowns at the even places, the rosace tokens all turned one way
DEALT = ("Clown", "Acrobate", "Clown", "Magicien", "Clown", "Voyante", "Clown", "Muscles", "Clown", "Dresseuse")
# every artist shown twice and no Clown: each artist's two places hold its Clown token and a rosace token
HALVES = ("Muscles", "Magicien", "Dresseuse", "Magicien", "Muscles", "Dresseuse", "Acrobate", "Voyante", "Acrobate",
          "Voyante")


def refused(explorer) -> bool:
    return "✘" in explorer.message.value


def outputs(widget) -> list:
    """The explorer's chart outputs: HTML widgets holding an SVG."""
    import ipywidgets

    found = [widget] if isinstance(widget, ipywidgets.HTML) and "<svg" in widget.value else []
    for child in getattr(widget, "children", ()):
        found += outputs(child)
    return found


def row(explorer, place: int) -> str:
    return explorer.result.value.split(f"<tr class='circus-ring-row-{place}'>")[1].split("</tr>")[0]


def bar(svg: str, place: int) -> list[tuple[str, float]]:
    """The parts of a place's stacked bar in the chart: (the artist's words on hover, its height in pixels)."""
    group = svg.split(f"circus-ring-bar circus-ring-bar-{place}\"")[1].split("</g>")[0]
    return [(words, float(height)) for height, words in
            re.findall(r'height="([^"]+)" fill="[^"]+"><title>([^<]+)</title>', group)]


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
    with pytest.raises(TypeError, match="each weight must be a whole number, not 1.5"):
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
    # the chart's bar at 0: half Clown, a quarter each of the Voyante and the Dresseuse, stacked in the artists' order
    parts = bar(e.plot.value, 0)
    assert [words for words, _ in parts] == ["place 0: Clown 1/2", "place 0: Voyante 1/4", "place 0: Dresseuse 1/4"]
    assert parts[0][1] == pytest.approx(2 * parts[1][1], abs=0.15) == pytest.approx(2 * parts[2][1], abs=0.15)


def test_the_ring_explorer_agrees_with_the_odds_module():
    rng = random.Random(3)
    for k in range(3):
        state = new_game(rng=rng)
        seen = {i: state.back(i) for i in range(10) if rng.random() < 0.3}
        e = RingExplorer(state.faces, seen)
        view = e.odds
        ring = _ring_view(tuple(state.faces), tuple(seen.get(i) for i in range(10)))
        assert view == RingOdds.of(state.faces, [seen.get(i) for i in range(10)])
        expected = odds.possible_backs(ring)
        assert [{a: sympy.Rational(p.numerator, p.denominator) for a, p in c.items()} for c in view.chances] \
            == expected
        values = odds.look_values(ring)
        assert set(values) == set(view.looks)
        for i, value in values.items():
            assert float(view.looks[i]) == pytest.approx(float(value), abs=1e-12)
            if k == 0:
                assert sympy.simplify(view.looks[i].sympy() - value) == 0
        assert view.best_look == odds.best_look(ring)
        assert float(view.uncertainty) == pytest.approx(float(odds.uncertainty(ring)))


NEAR_FACES = tuple(face for face, _ in NEAR)


def test_the_best_first_move_comes_from_the_kits_search_within_two_actions():
    e = RingExplorer(NEAR_FACES)  # the two Acrobates at 0 and 2 wait around the Clown at 1
    assert "<b>flip 1</b>" in e.best.value and "<b>1/5</b>&nbsp;=&nbsp;0.2000" in e.best.value
    assert "none of them surely" in e.best.value and "no Applause spent" in e.best.value
    plans = winning_turns(from_faces(NEAR), max_applause=0)
    assert f"{len(plans)} plans can take a poster" in e.best.value
    assert odds.best_plans(NEAR_FACES) == tuple(plans)
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
        shown, best, picture = e.result.value, e.best.value, e.plot.value
        assert not refused(e) and "deals</b>" in shown
        edit()
        assert refused(e) and why in e.message.value, e.message.value
        assert "still those of the last possible ring" in e.message.value and "Traceback" not in e.message.value
        assert (e.result.value, e.best.value, e.plot.value) == (shown, best, picture)
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
    with pytest.raises(ValueError, match="only 3 tokens carry an Acrobate"):
        RingOdds.of(["Acrobate"] * 4 + ["Clown"] * 5 + ["Voyante"])
    with pytest.raises(ValueError, match="one of the artists"):
        ring_problem(["Lion"] * 10)


def test_the_ring_explorer_opens_on_what_a_player_sees_in_a_game():
    state = from_faces(NEAR, known={0: [1], 1: [4]})
    e = RingExplorer.of(state)  # player 0, to move, has seen the Acrobate behind the Clown at 1
    assert e.faces == NEAR_FACES and e.backs == (None, "Acrobate") + (None,) * 8 and not refused(e)
    assert RingExplorer.of(state.view(1)).backs[4] == "Voyante"
    with pytest.raises(TypeError, match="state or a player's view"):
        RingExplorer.of(NEAR)


def test_the_ring_explorer_redraws_one_svg_chart_in_place():
    e = RingExplorer()
    [plot] = outputs(e.widget)
    assert plot is e.plot and plot._dom_classes == ("circus-explorer-plot", "circus-ring-plot")
    first = plot.value
    # the chart is the kit's SVG, with its words for a screen reader (aria-label): two panels on the same places
    assert first.count("<svg") == 2 and 'role="img"' in first
    assert 'aria-label="What could be behind each token' in first
    for words in ("What could be behind each token: exact chances of the artists", "P(back = artist)",
                  "What a look at each place is worth: the entropy of its back", "bits",
                  "place on the ring, and the face it shows", "back already seen", "the look worth most"):
        assert words in first
    for artist in ARTISTS:  # each artist in the legend, and each part of a bar names its artist in letters too
        assert f">{'Muscles' if artist == 'Muscles' else artist} (" in first
    assert [words for words, _ in bar(first, 0)] == [f"place 0: {'Monsieur Muscles' if a == 'Muscles' else a} 1/5"
                                                     for a in ARTISTS[1:]]
    assert "circus-ring-best-bar" in first and first.count('class="circus-ring-seen"') == 0
    e.set_back(0, "Acrobate")
    assert plot.value != first and outputs(e.widget) == [plot]
    assert plot.value.count('class="circus-ring-seen"') == 1 and ">seen</text>" in plot.value
    e.set_back(0, None)
    assert plot.value == first  # the same ring, the same picture


def test_the_ring_explorer_needs_no_matplotlib():
    import subprocess
    import sys

    code = ("import sys\n"
            "from circuslib.flip_circus.explorers import RingExplorer\n"
            "e = RingExplorer()\n"
            "e.set_back(0, 'Acrobate'); e.set_face(1, 'Acrobate'); e.deal_button.click()\n"
            "assert '<svg' in e.plot.value\n"
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_chart_reads_in_every_theme_and_says_what_it_shows():
    chart = ring_chart(RingOdds.of(DEALT, (None, "Magicien") + (None,) * 8))
    svg = chart.svg()
    for part in svg.split("</svg>")[:-1]:
        assert dark_ink(part + "</svg>") == []
    words = chart.description()
    assert words.splitlines()[0] == "What could be behind each token, place by place (exact chances):"
    assert ("place 0, Clown: Acrobate 1/5, Magicien 1/5, Voyante 1/5, Monsieur Muscles 1/5, Dresseuse 1/5; a look is "
            "worth log₂ 5 bits (about 2.32)") in words
    assert "place 1, Acrobate: back seen, Magicien" in words
    assert "place 3, Magicien: Voyante 1; a look is worth 0" in words
    assert words.splitlines()[-1] == "The look worth most is behind place 0."
    assert chart._repr_mimebundle_()["text/plain"] == words


def test_the_ring_explorer_survives_1000_random_changes():
    rng = random.Random(17)
    e = RingExplorer(seed=5)
    [plot] = outputs(e.widget)
    size = len(e.widget.children)

    def plausible_face():  # a face one of the current backs could show: the ring often stays possible
        place = e.selected
        e.face.value = rng.choice(sorted(e.odds.chances[place]))

    moves = [lambda: e.places[rng.randrange(10)].click(), lambda: setattr(e.face, "value", rng.choice(ARTISTS)),
             lambda: setattr(e.back, "value", rng.choice(e.back.options)[1]), plausible_face,
             e.deal_button.click, e.forget_button.click]
    pictures, refusals = set(), 0
    for _ in range(1000):
        rng.choice(moves)()
        assert e.message.value or e.result.value
        assert "could not be shown" not in e.message.value, e.message.value
        assert outputs(e.widget) == [plot] and len(e.widget.children) == size
        assert refused(e) == (ring_problem(e.faces, e.backs) is not None)
        if not refused(e):
            assert plot.value == ring_chart(e.odds)._repr_html_()  # the chart of the ring shown, redrawn in place
        pictures.add(plot.value)
        refusals += refused(e)
    assert len(pictures) > 100
    assert 100 < refusals < 900  # both kinds of ring were met


def test_the_ring_explorer_is_made_with_its_classes_words_and_looks(sent_states):
    # a class, a label, a tooltip or a style set after a widget is made is one more message for the kernel and the
    # server: the explorer sent 64 updates as it opened (33 classes, 20 words of its place buttons, the face and
    # back rows' widths and label layouts); only the classes core.ui adds afterwards and the values the first
    # update shows are left
    from collections import Counter

    sent = sent_states
    explorer = RingExplorer(place=3)
    assert explorer.places[3].description == "3: Magicien" and explorer.places[3].button_style == "info"
    assert "place 3 shows" in explorer.places[3].tooltip and explorer.places[0].button_style == ""
    assert explorer.face._dom_classes == ("circus-ring-face",) and explorer.face.style.button_width == "88px"
    assert explorer.face_label.layout is explorer.back_label.layout and explorer.face_label.layout.width == "190px"
    assert explorer.plot._dom_classes == ("circus-explorer-plot", "circus-ring-plot")
    assert explorer.plot.layout is explorer.result.layout  # the texts share one layout and one style
    updates = Counter(str(key) for _, key in sent)
    assert not any(updates[key] for key in ("description", "tooltip", "button_style", "button_width", "layout"))
    # core.ui.button gives a button its class as it is made; the ten places add a second one, Shown its theme class
    assert Counter(name for name, key in sent if key == "_dom_classes") == {"Button": 10, "RingExplorer": 1}
    assert len(sent) <= 30
