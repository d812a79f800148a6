"""Widget parts: SVG pieces as text, and the game frame's handlers driven headless."""
from __future__ import annotations

import xml.dom.minidom

import ipywidgets as widgets
import pytest

from circuslib.core.svg import hex_center, svg_arrow, svg_arrowhead, svg_card, svg_die, svg_doc, svg_hex, svg_token
from circuslib.core.ui import Framed, GameFrame, Shown, button, replace_children, transient_control


def parse(svg: str):
    return xml.dom.minidom.parseString(svg)


def test_pieces_make_well_formed_svg_with_their_classes():
    picture = svg_doc(400, 120, [svg_card(7, x=0), svg_card(3, 9, x=60, highlight=True), svg_die(5, x=120),
                                 svg_token("Clown", cx=250, cy=60, back="Acrobate"), svg_hex(0, 0, origin=(350, 60))],
                      title="pieces")
    doc = parse(picture)
    classes = [g.getAttribute("class") for g in doc.getElementsByTagName("g")]
    assert classes == [f"circus-piece circus-{kind}" for kind in ("card", "card", "die", "token", "hex")]
    assert doc.getElementsByTagName("title")[0].firstChild.data == "pieces"


def test_a_die_shows_its_pips_and_refuses_a_seven():
    assert svg_die(6).count("<circle") == 6 and svg_die(1).count("<circle") == 1
    with pytest.raises(ValueError, match="1 to 6 pips"):
        svg_die(7)


def test_text_is_escaped():
    assert "&lt;b&gt;" in svg_card("<b>")


def test_hex_centres_of_neighbours_are_one_hex_apart():
    x0, y0 = hex_center(0, 0, 10)
    x1, y1 = hex_center(1, 0, 10)
    assert round(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 6) == round(10 * 3 ** 0.5, 6)


def test_frame_log_message_and_odds_toggle():
    frame = GameFrame("Test")
    for i in range(15):
        frame.log(f"move {i}")
    log = frame.log_box.value
    assert "move 14" in log and "move 2" not in log and 'start="4"' in log
    frame.say("a loop costs 3 movement points; 2 are left", error=True)
    assert "circus-error" in frame.message.value and "loop" in frame.message.value and frame.error_shown
    assert frame.odds.layout.display == "none"
    frame.odds_toggle.value = True
    assert frame.odds.layout.display is None and frame.odds_visible


def test_button_calls_its_handler_and_carries_its_class():
    clicks = []
    b = button("Hit", lambda: clicks.append(1), css_class="circus-hit")
    b.click()
    b.click()
    assert clicks == [1, 1] and "circus-hit" in b._dom_classes


def test_replaced_controls_made_for_one_position_are_closed_with_their_layout_and_style():

    frame = GameFrame("Test")
    kept = button("New game", lambda: None)
    once = button("forward (1)", lambda: None, transient=True)
    card = transient_control(widgets.ToggleButton(description="7 (3)", layout=widgets.Layout(width="64px")))
    frame.set_controls([once, card, kept])
    parts = [once.layout, once.style, card.layout, card.style]
    assert all(w.comm is not None for w in [once, card, kept, *parts])
    frame.set_controls([kept])
    assert frame.controls.children == (kept,)
    assert all(w.comm is None for w in [once, card, *parts])  # closed in the kernel and in the browser
    assert kept.comm is not None and kept.layout.comm is not None  # a lasting control is only dropped
    again = button("left (1)", lambda: None, transient=True)
    box = widgets.HBox([again, kept])
    replace_children(box, [again])  # a transient control still shown stays open
    assert again.comm is not None and kept.comm is not None and box.children == (again,)
    with pytest.raises(TypeError, match="box must be an ipywidgets box"):
        replace_children([again], [again])
    with pytest.raises(TypeError, match="each child must be an ipywidgets widget"):
        replace_children(box, ["forward"])
    assert box.children == (again,) and again.comm is not None  # a refused call changes nothing


def test_move_buttons_share_the_frames_layout_and_look_which_outlive_them():
    frame = GameFrame("Test")
    clicks = []
    first = frame.move_button("forward (1)", lambda: clicks.append("forward"), css_class="circus-manoeuvre")
    second = frame.move_button("fire at Blue 1", lambda: clicks.append("fire"), style="danger", tooltip="shoot")
    assert first.layout is second.layout and first.style is second.style  # one model each, not one a button
    assert "circus-manoeuvre" in first._dom_classes and second.button_style == "danger" and second.tooltip == "shoot"
    frame.set_controls([first, second])
    second.click()
    frame.set_controls([frame.move_button("Roll the die", lambda: None)])
    assert clicks == ["fire"] and first.comm is None and second.comm is None
    assert first.layout.comm is not None and first.style.comm is not None  # the shared parts stay for the next
    assert frame.controls.children[0].layout is first.layout


def test_buttons_may_share_one_layout_and_look_or_have_their_own():

    parts = (widgets.Layout(width="auto"), widgets.ButtonStyle())
    flip, swap = (button(label, lambda: None, shared=parts) for label in ("Flip", "Swap"))
    assert flip.layout is swap.layout is parts[0] and flip.style is swap.style is parts[1]
    alone, other = button("Hit", lambda: None), button("Stay", lambda: None)
    assert alone.layout is not other.layout and alone.style is not other.style and alone.layout.width == "auto"


def test_a_transient_button_may_close_itself_from_its_own_click():
    frame = GameFrame("Test")
    made = []

    def next_position():
        made.append(button(f"move {len(made)}", next_position, transient=True))
        frame.set_controls([made[-1]])

    next_position()
    for _ in range(3):
        frame.controls.children[0].click()
    assert [b.description for b in frame.controls.children] == ["move 3"]
    assert [b.comm is None for b in made] == [True, True, True, False]


def test_a_game_adds_its_own_panels_where_it_wants_them():

    frame = GameFrame("Test")
    scores, status = widgets.HTML("scores"), widgets.HTML("status")
    frame.add_panel(scores)
    frame.add_panel(status, before="board")
    assert frame.widget.children == (frame.title, status, frame.board, scores, frame.controls, frame.message,
                                     frame.log_row)
    with pytest.raises(ValueError, match="before one of board, controls, message, log, not 'table'"):
        frame.add_panel(scores, before="table")


def test_widgets_display_their_box_through_its_mimebundle():

    class Explorer(Shown):
        def __init__(self):
            self.widget = widgets.HTML("the explorer")

    class Game(Framed):
        def __init__(self):
            self.frame = GameFrame("game")

    explorer, game = Explorer(), Game()
    assert explorer._repr_mimebundle_()["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.model_id
    # each with its access part last: names, arrow keys and the live region (core.access)
    assert explorer.children[0] is explorer.widget and game.children[0] is game.frame.widget
    assert [len(explorer.children), len(game.children)] == [2, 2]
    assert all("circus-access" in shown.children[1]._dom_classes for shown in (explorer, game))
    assert game.widget is game.frame.widget and "circus-themed" in explorer._dom_classes
    assert widgets.VBox([game, explorer]).children == (game, explorer)  # games go inside any container


def test_play_or_explain_shows_the_refusal_and_keeps_the_state():
    from circuslib.pig.rules import ROLL, STOP, PigState

    frame = GameFrame("Pig")
    start = PigState()
    assert frame.play_or_explain(start, ROLL) == PigState(rolling=True)
    assert frame.play_or_explain(start.play(STOP), ROLL) is None
    assert "Not allowed: the turn is over" in frame.message.value and "✘" in frame.message.value
    assert frame.play_or_explain(start.play(STOP), ROLL, explain=str.upper) is None
    assert "Not allowed: THE TURN IS OVER" in frame.message.value


def test_text_takes_the_themes_colour_outside_pieces_and_errors_are_marked_not_only_red():
    from circuslib.core.svg import THEME_CSS
    from circuslib.core.ui import scale

    assert "var(--jp-ui-font-color1" in THEME_CSS and "var(--jp-error-color1" in THEME_CSS
    assert ":not(.circus-piece text)" in THEME_CSS
    frame = GameFrame("demo")
    assert "<style>" in frame.title.value
    frame.say("a loop costs 3 movement points", error=True)
    assert "✘" in frame.message.value and "circus-error" in frame.message.value
    assert "#" not in frame.message.value  # no colour written into the message itself
    assert "zoom: 1.5" in scale(1.5).data
    with pytest.raises(ValueError, match="from 0.5 to 3"):
        scale(10)


def test_a_widget_displays_through_its_mimebundle():
    import random

    from circuslib.pig.widget import PigWidget

    bundle = PigWidget(random.Random(1))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_an_arrowhead_points_from_its_back_to_its_tip():
    # tip (10, 0), seen from (0, 0): the head is 9 long and 2 x 0.4 x 9 wide, its base at x = 1
    assert svg_arrowhead((10, 0), (0, 0), "red") == '<polygon points="10.0,0.0 1.0,3.6 1.0,-3.6" fill="red"/>'
    # pointing down from (0, 0) to (0, 20), 5 long: the base at y = 15, 2 either side
    assert svg_arrowhead((0, 20), (0, 0), "#000", length=5) == ('<polygon points="0.0,20.0 -2.0,15.0 2.0,15.0" '
                                                                'fill="#000"/>')


def test_a_button_is_made_with_its_class_and_sends_no_update_for_it(sent_states):
    b = button("Hit", lambda: None, css_class="circus-hit")
    assert b._dom_classes == ("circus-hit",)
    assert not [key for name, key in sent_states if name == "Button" and key is not None and "_dom_classes" in key]
    assert button("Stay", lambda: None)._dom_classes == ()


def test_an_arrow_runs_from_rim_to_rim_of_its_nodes():
    # circles of radius 10 at (0, 0) and (100, 0): the arrow leaves at x = 10, its 9-long head's tip at x = 90,
    # and the line stops under the head (at 90 - 0.9 x 9)
    arrow = svg_arrow((0, 0), (100, 0), "red", 1.0, rx=10, head=9)
    assert arrow.startswith('<path d="M10.0,0.0 L81.9,0.0" stroke="red" stroke-width="1"/>')
    assert arrow.endswith(svg_arrowhead((90, 0), (10, 0), "red", 9))
    # an oval 20 wide and 5 high, straight down: it leaves 5 below the centre
    assert svg_arrow((0, 0), (0, 100), "red", rx=20, ry=5).startswith('<path d="M0.0,5.0 ')
    with pytest.raises(ValueError, match="two radii"):
        svg_arrow((0, 0), (1, 1), "red", rx=-1)


def test_rows_of_controls_wrap_and_buttons_keep_their_words_whole():
    # at 1024 px of notebook (or zoomed for the back of the room) a row too long goes onto a second line rather
    # than squeezing its buttons to "F..." (tests/test_browser_widths.py checks it in JupyterLab)
    from circuslib.core.svg import THEME_CSS
    from circuslib.core.ui import GameFrame, button

    frame = GameFrame("a game")
    assert frame.controls.layout.flex_flow == "row wrap" and frame.log_row.layout.flex_flow == "row wrap"
    assert button("Flip", lambda: None).layout.width == "auto"
    rules = THEME_CSS.replace("\n", " ")
    assert ".circus-themed .widget-hbox { flex-wrap: wrap; }" in rules
    button_rule = rules[rules.index(".circus-frame button.widget-button"):]
    button_rule = button_rule[:button_rule.index("}")]
    assert "flex-shrink: 0" in button_rule and "text-overflow: clip" in button_rule
    assert "white-space: normal" in button_rule and "height: auto" in button_rule


def test_a_widget_displays_with_its_still_picture_and_words_for_pages_without_widgets():
    from circuslib.core.svg import Picture

    chart = Picture.of('<svg width="40" height="20"><rect fill="currentColor" width="4" height="4"/></svg>',
                       "a bar of height 4")

    class Explorer(Shown):
        def __init__(self):
            hidden = widgets.HTML("the answer is 42")
            hidden.layout.display = "none"  # a closed panel: not on the page, so not in its picture
            self.widget = widgets.VBox([widgets.HTML(f"<b>Turn</b> {chart._repr_html_()}"),
                                        widgets.HBox([widgets.Button(description="Roll"),
                                                      widgets.IntSlider(value=3, description="goal")]),
                                        widgets.ToggleButton(value=False, description="Show odds"), hidden])

        def _still_words(self):
            return "the game in its own words"

    explorer = Explorer()
    bundle = explorer._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.model_id
    assert bundle["text/plain"].splitlines() == ["the game in its own words", "Turn", "a bar of height 4",
                                                 "button: Roll", "goal: 3", "Show odds: off"]
    assert 'class="circus-still circus-themed" role="img"' in bundle["text/html"] and "42" not in bundle["text/html"]
    assert bundle["image/svg+xml"].startswith("<svg") and "currentColor" not in bundle["image/svg+xml"]
    shown = chart._repr_html_()  # the picture as the page has it, its words inside (<title>, <desc>)
    assert explorer.snapshot().svgs == (shown[shown.index("<svg"):shown.rindex("</svg>") + 6],)
    assert "<desc>a bar of height 4</desc>" in explorer.snapshot().svgs[0]
    bare = type("Bare", (Shown,), {"__init__": lambda self: setattr(self, "widget", widgets.VBox())})()
    assert bare._repr_mimebundle_()["text/plain"] == "(an empty widget)" and "image/svg+xml" not in \
        bare._repr_mimebundle_()


def test_green_cyan_and_orange_buttons_read_at_4_5_to_1_in_the_light_theme():
    # white on JupyterLab's own green (#388e3c), cyan or orange reads under 4.5:1 (axe-core finds it in the class
    # view's Open button): the kit's frames take the darker shade, or black words on the orange
    import re

    from circuslib.core.svg import THEME_CSS, _luminance

    def ratio(a: str, b: str) -> float:
        high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    rules = THEME_CSS.replace("\n", " ")
    for kind, theme in (("success", "#388e3c"), ("info", "#0097a7")):
        assert ratio("#ffffff", theme) < 4.5
        found = re.search(rf"mod-{kind} {{\s*background-color: var\(--jp-{kind}-color0, (#[0-9a-f]{{6}})\); }}", rules)
        assert found and ratio("#ffffff", found.group(1)) >= 4.5, kind
    assert ratio("#ffffff", "#f57c00") < 4.5 and ratio("#000000", "#f57c00") >= 4.5
    assert 'body[data-jp-theme-light="true"] .circus-themed .jupyter-button.mod-warning { color: #000000; }' in rules
