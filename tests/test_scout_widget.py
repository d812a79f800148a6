"""The Scout widget, driven headless: buttons clicked and values set as a student would."""
from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
import sympy

from circuslib.scout.explorers import DealtHandExplorer, SetSomewhereExplorer
from circuslib.scout.odds import expected_shows, set_somewhere_exact
from circuslib.scout.rules import FULL_DECK, ScoutState, Show, deck_for, legal_shows
from circuslib.scout.widget import ScoutWidget, describe_move


def started(n=3, seed=1, **kw):
    w = ScoutWidget(n, random.Random(seed), **kw)
    assert w.state.phase == "flip" and w.state.current_player == 0  # you decide first in round 1
    return w


def test_flip_and_keep_at_the_start():
    w = started()
    before = w.state.hands[0]
    assert not w.flip_button.disabled and w.show_button.disabled and w.scout_button.disabled
    w.flip_button.click()
    assert w.state.phase == "play" and w.state.hands[0] == tuple((d, u) for u, d in before)[::-1]
    assert w.flip_button.disabled and "You flipped the whole hand" in w.frame.lines
    assert [t.description for t in w.toggles][0] == f"{w.state.hands[0][0][0]} ({w.state.hands[0][0][1]})"


def test_show_selected_cards_then_bots_answer():
    w = started()
    w.keep_button.click()
    assert w.state.current_player == 0 and w.state.table == ()
    w.toggles[0].value = True  # select the first card by clicking it
    assert 'stroke="#d7301f"' in w.frame.board.value  # highlighted on the board
    played = w.state.hands[0][0][0]
    w.show_button.click()
    assert w.frame.lines[len(w.frame.lines) - 3].startswith(f"You showed {played}")
    assert len(w.state.hands[0]) == 11 and w.state.current_player == 0  # both bots moved; your turn again


def test_refusals_are_shown_and_change_nothing():
    w = started()
    w.keep_button.click()
    before = w.state
    w.show_button.click()
    assert "Select the cards" in w.frame.message.value
    w.select([0, 2])
    w.show_button.click()
    assert "gap between them" in w.frame.message.value and w.state is before
    values = [c[0] for c in w.state.hands[0]]
    bad = next(i for i in range(len(values) - 1) if abs(values[i] - values[i + 1]) > 1)
    w.select([bad, bad + 1])
    w.show_button.click()
    assert "Not allowed" in w.frame.message.value and "not a set" in w.frame.message.value and w.state is before


def test_scout_with_the_controls():
    w = started(seed=2)
    w.keep_button.click()
    w.select([0])
    w.show_button.click()
    s = w.state
    assert s.table and s.current_player == 0 and not w.scout_button.disabled
    size = len(s.hands[0])
    card = s.table[-1] if len(s.table) > 1 else s.table[0]
    w.end_choice.value = "right" if len(s.table) > 1 else "left"
    w.flip_choice.value = True
    w.gap_choice.value = size
    w.scout_button.click()
    # your scouted card is at the end of your hand, turned round (unless a bot's show already changed it)
    assert any(line.startswith(f"You scouted a {card[1]}") for line in w.frame.lines)


def test_scout_and_show_chip():
    w = ScoutWidget(3, random.Random(5))
    w.state = ScoutState.from_hands([[(3, 1), (4, 1), (9, 2)], [(1, 9), (4, 9)], [(2, 8), (3, 8)]],
                                    table=[(5, 2), (6, 2), (7, 5)], owner=1, turn=0)
    w._refresh()
    w.sns_toggle.value = True
    w.end_choice.value = "right"
    w.flip_choice.value = True
    w.gap_choice.value = 2
    w.scout_button.click()
    assert w.pending is not None and "select cards" in w.frame.message.value
    assert [t.description for t in w.toggles][:3] == ["3 (1)", "4 (1)", "5 (7)"]  # the preview of the new hand
    w.select([0, 1, 2])
    w.show_button.click()
    assert w.frame.lines[1].startswith("You used Scout & Show: scouted a 5, then showed 3 4 5, capturing 5 6")
    assert w.state.sns_used[0] and w.sns_toggle.value is False


def test_cancelling_scout_and_show_puts_the_card_back():
    w = ScoutWidget(3, random.Random(5))
    w.state = ScoutState.from_hands([[(3, 1), (4, 1)], [(1, 9)], [(2, 8)]], table=[(5, 2), (6, 2)], owner=1)
    w._refresh()
    w.sns_toggle.value = True
    w.scout_button.click()
    assert len(w.toggles) == 3
    w.sns_toggle.value = False
    assert w.pending is None and len(w.toggles) == 2 and "cancelled" in w.frame.message.value


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_whole_game_through_the_buttons(n):
    w = started(n, seed=n)
    rng = random.Random(0)
    for _ in range(2_000):
        s = w.state
        if s.is_over():
            break
        if s.phase == "flip":
            w.keep_button.click()
            continue
        move = next((m for m in s.legal_moves() if isinstance(m, Show)), None)
        if move is not None and (rng.random() < 0.7 or not s.can_scout(0)):
            w.select(range(move.start, move.stop))
            w.show_button.click()
        else:
            w.gap_choice.value = 0
            w.end_choice.value = "left"
            w.scout_button.click()
            if w.state is s:  # 2 players with no chip left and no show: the round would have ended
                pytest.fail(w.frame.message.value)
    assert w.state.is_over() and "Game over" in w.frame.message.value
    assert len(w.state.history) == n


def test_a_redrawn_hand_closes_the_card_toggles_it_replaces():
    w = started(3, seed=3)
    w.keep_button.click()
    before = list(w.toggles)
    assert all(t.comm is not None for t in before)
    move = next(m for m in w.state.legal_moves() if isinstance(m, Show))
    w.select(range(move.start, move.stop))
    w.show_button.click()  # the hand is redrawn: each card a new toggle
    assert all(t.comm is None for t in before)  # not left open in the browser
    assert w.hand_box.children == tuple(w.toggles) and all(t.comm is not None for t in w.toggles)
    # the cards' one layout and one look outlive the toggles that used them, and the new hand uses them again
    assert all(t.layout is w.toggles[0].layout and t.style is w.toggles[0].style for t in before + w.toggles)
    assert w.toggles[0].layout.comm is not None and w.toggles[0].style.comm is not None


def _models(widget) -> set:
    """The ids of every widget model a widget shows: itself, its layout and style, and its children's."""
    seen, todo = set(), [widget]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        todo += [part for part in (getattr(w, "layout", None), getattr(w, "style", None)) if part is not None]
        todo += list(getattr(w, "children", ()))
    return seen


def test_widgets_share_their_layouts_and_looks():
    # each widget model is a message the kernel and the server handle when the lesson opens: the lesson's three
    # widgets opened 93, 39 and 39 models; sharing one layout and one style where parts look alike, and the plots
    # drawn as SVG in one of the explorer's text widgets (not a PNG in an Image in an Output), leave these; each
    # carries its keyboard and screen-reader part (core.access): two models more each (its text and its style)
    w = ScoutWidget(4, random.Random(2026))
    assert len(w.toggles) == 11 and len({id(t.layout) for t in w.toggles} | {id(t.style) for t in w.toggles}) == 2
    fixed = [w.show_button, w.scout_button, w.flip_button, w.keep_button, w.new_button]
    assert len({id(b.layout) for b in fixed}) == 1 and len({id(b.style) for b in fixed}) == 1
    assert w.show_button.button_style == "primary" and w.scout_button.button_style == ""  # still told apart
    assert len(_models(w)) == 67
    hand = DealtHandExplorer(players=4, seed=2026)
    assert hand.players.layout is hand.hand_size.layout and hand.players.style is hand.hand_size.style
    assert hand.picture.layout is hand.result.layout is hand.message.layout
    assert len(_models(hand)) == 29
    chance = SetSomewhereExplorer(players=4, hand_size=8, k=3, seed=2026)
    assert chance.players.style is chance.k.style and chance.result.style is chance.simulated.style
    assert len(_models(chance)) == 26


def test_widget_needs_a_seeded_generator_and_sane_players():
    with pytest.raises(TypeError, match="seeded"):
        ScoutWidget(3)
    with pytest.raises(ValueError, match="2 to 5"):
        ScoutWidget(6, random.Random(1))
    with pytest.raises(ValueError, match="one bot"):
        ScoutWidget(3, random.Random(1), bots=["greedy"])


def test_describe_move():
    s = ScoutState.from_hands([[(3, 1), (4, 1)], [(1, 9)], [(2, 8)]], table=[(5, 2)], owner=1)
    assert describe_move(s, Show(0, 2)) == "You showed 3 4, capturing 5"


# ---------------------------------------------------------------------------------------------------------
# the explorers

def _shown(explorer, part: str) -> str:
    """The text of a tagged span in the explorer's result line."""
    value = explorer.result.value
    start = value.index(f"class='{part}'>") + len(f"class='{part}'>")
    return value[start:value.index("<", start)]


def _one_output(explorer) -> None:
    """The plot is one picture in the explorer's one plot widget, redrawn in place."""
    plot = explorer.plot
    assert plot in explorer.widget.children and plot.comm is not None, "the plot must stay one widget, redrawn in place"
    assert plot.value.startswith("<svg ") and plot.value.count("<svg ") == 1 and plot.value.endswith("</svg>")


def test_set_explorer_shows_hand_worked_values():
    # two cards, 4 players (44 cards: numbers 1 to 8 on 9 cards each, 9 and 10 on 8): a match v v in c_v (c_v - 1)
    # ordered ways, a run v v+1 in c_v c_(v+1) less the card {v, v+1} if dealt, both ways; out of 44 * 43 * 2^2
    matches = 8 * 9 * 8 + 2 * 8 * 7
    runs = 2 * (7 * (9 * 9 - 1) + (9 * 8 - 1) + 8 * 8)
    assert (matches + runs, 44 * 43 * 4) == (2078, 7568)
    e = SetSomewhereExplorer(players=4, hand_size=2, k=2)
    assert (_shown(e, "circus-scout-p-fraction"), _shown(e, "circus-scout-p-decimal")) == ("1039/3784", "0.2746")
    e.players.value = 3  # 36 cards, each number on 8: (9 * 8 * 7 + 2 * 8 * (8 * 8 - 1)) / (36 * 35 * 4) = 3/10
    assert (_shown(e, "circus-scout-p-fraction"), _shown(e, "circus-scout-p-decimal")) == ("3/10", "0.3000")
    assert "3/10</span> = <span" in e.result.value  # exact decimals get '=', the others '≈'
    e.hand_size.value, e.k.value = 3, 3  # a set of 3 in 3 cards: matches 9 * 8*7*6, runs 7 * 2 * (8^3 - 3 * 8)
    by_hand = sympy.Rational(9 * 336 + 7 * 2 * 488, 36 * 35 * 34 * 8)
    assert _shown(e, "circus-scout-p-fraction") == "22/765" == str(by_hand)
    e.players.value, e.hand_size.value = 5, 7
    assert e.probability() == set_somewhere_exact(3, 5, 7)  # the table is the library's count
    assert e.message.value == "" and not e.simulate_button.disabled
    _one_output(e)


def test_set_explorer_refuses_a_set_longer_than_the_hand_and_keeps_working():
    e = SetSomewhereExplorer(players=4, hand_size=4, k=3)
    e.k.value = 5
    assert "A set of 5 adjacent cards cannot fit in a hand of 4 cards" in e.message.value
    assert _shown(e, "circus-scout-p-fraction") == "—" and e.simulate_button.disabled
    e.simulate()  # even called directly it only repeats the sentence
    assert e.estimate is None and "cannot fit" in e.message.value
    e.hand_size.value = 6
    assert e.message.value == "" and _shown(e, "circus-scout-p-fraction") == str(set_somewhere_exact(5, 4, 6))
    _one_output(e)
    with pytest.raises(ValueError, match="hand_size must be a whole number from 2 to 8, not 11"):
        SetSomewhereExplorer(hand_size=11)
    with pytest.raises(TypeError, match="whole number"):
        SetSomewhereExplorer(k=2.5)


def test_set_explorer_simulates_seeded_hands_click_by_click():
    e, again = SetSomewhereExplorer(players=4, hand_size=8, k=2, seed=7), SetSomewhereExplorer(4, 8, 2, seed=7)
    before = e.plot.value
    e.simulate_button.click()
    e.simulate_button.click()
    again.simulate_button.click()
    again.simulate_button.click()
    assert e.estimate.n == 2_000 and e.simulated.value == again.simulated.value  # the same seed, the same hands
    assert e.estimate.contains(e.probability()) and "inside the interval" in e.simulated.value
    assert e.plot.value != before and "circus-scout-interval" in e.plot.value  # the simulated point and interval
    e.k.value = 3  # a change starts the simulation afresh
    assert e.estimate is None and e.simulated.value == ""
    _one_output(e)


def _deal_this(explorer, first) -> None:
    """Put these oriented cards on top of the explorer's shuffle (the rest of the deck after them)."""
    used = {tuple(sorted(c)) for c in first}
    explorer.shuffled = tuple(first) + tuple(c for c in FULL_DECK if c not in used)
    explorer.update()


def test_dealt_hand_explorer_counts_and_highlights_the_shows():
    e = DealtHandExplorer(players=4, hand_size=2)
    # two cards: two single cards, plus the pair when it is a set (1039/3784 above): 2 + 1039/3784 = 8607/3784
    assert _shown(e, "circus-scout-mean-fraction") == "8607/3784" and _shown(e, "circus-scout-mean-decimal") == "2.2746"
    e.hand_size.value = 5
    _deal_this(e, [(3, 1), (4, 2), (5, 9), (5, 7), (8, 1)])
    assert [c[0] for c in e.hand] == [3, 4, 5, 5, 8]
    # on an empty table: 5 single cards, 3 4, 4 5, 3 4 5 and 5 5
    assert _shown(e, "circus-scout-shows") == "9" and _shown(e, "circus-scout-longest") == "3"
    assert "its strongest show is 3 4 5" in e.result.value
    svg = e.picture.value
    assert svg.count('stroke="#d7301f"') == 3  # the three cards of 3 4 5 have the thick border
    assert "run of 3" in svg and "match of 2" in svg and svg.count("circus-scout-set-bracket") == 2
    e.active.value = "4 5"  # beaten by 3 4 5 (more cards) and by 5 5 (a match), not by 3 4 or 4 5
    assert _shown(e, "circus-scout-shows") == "2" and "beat the set 4 5" in e.result.value
    assert e.message.value == ""
    e.turned.value = True  # turned round (and so in the other order): 1 7 9 2 1, whose only set is 2 1
    assert [c[0] for c in e.hand] == [1, 7, 9, 2, 1]
    assert _shown(e, "circus-scout-shows") == "0" and "the player must scout" in e.result.value
    assert "run of 2" in e.picture.value and e.picture.value.count("circus-scout-set-bracket") == 1
    assert _shown(e, "circus-scout-mean-fraction") == str(expected_shows(4, 5))  # turning round changes no odds
    _deal_this(e, [(3, 9), (4, 1), (5, 8), (5, 2), (8, 6)])  # the same numbers up; turned round: 6 2 8 1 9
    assert [c[0] for c in e.hand] == [6, 2, 8, 1, 9] and "only single cards can be shown" in e.picture.value
    assert 'stroke="#d7301f"' not in e.picture.value  # nothing beats 4 5: no card is highlighted
    _one_output(e)


@pytest.mark.parametrize("typed, sentence", [
    ("5 7", "5 7 is not a set"), ("five", "Type the set to beat as numbers"), ("11", "numbers 1 to 10"),
    ("5 5 5 5 5 5 5 5 5 5", "only 9 cards carry a 5: no set holds 10 of them"),
])
def test_dealt_hand_explorer_refuses_an_impossible_set_to_beat(typed, sentence):
    e = DealtHandExplorer(players=4, seed=3)
    shows = _shown(e, "circus-scout-shows")
    e.active.value = typed
    assert sentence in e.message.value and "counted against an empty table" in e.message.value
    assert _shown(e, "circus-scout-shows") == shows  # counted as on an empty table meanwhile
    e.active.value = "2"
    assert e.message.value == "" and _shown(e, "circus-scout-shows") == str(len(legal_shows(e.hand, [2])))
    _one_output(e)


def test_dealt_hand_explorer_knows_each_deck():
    e = DealtHandExplorer(players=3, table="10")
    assert "In the 3-player deck no card carries a 10" in e.message.value
    e.players.value = 5
    assert e.message.value == "" and all(10 not in c or tuple(sorted(c)) in deck_for(5) for c in e.hand)
    e.players.value = 2
    assert all(tuple(sorted(c)) != (9, 10) for c in e.hand) and len(e.hand) == 12
    first = e.hand
    e.deal_button.click()
    assert e.deals == 2 and e.hand != first
    again = DealtHandExplorer(players=3, table="10")
    assert DealtHandExplorer(players=3).hand == again.hand  # seeded: the same first deal


def test_explorers_show_one_live_widget_and_display_nothing_more(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *things, **kw: shown.append(things))
    for e in (SetSomewhereExplorer(), DealtHandExplorer()):
        bundle = e._repr_mimebundle_()
        bundle = bundle[0] if isinstance(bundle, tuple) else bundle
        assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == e.model_id
        assert e.children[0] is e.widget and "circus-access" in e.children[1]._dom_classes
        e.players.value = 2
        e.hand_size.value = 3
        e.deal() if isinstance(e, DealtHandExplorer) else e.simulate()
        _one_output(e)
    assert shown == []  # a change redraws in place: nothing is displayed again


def test_set_explorer_survives_a_thousand_random_changes():
    e = SetSomewhereExplorer(seed=2)
    e.SIMULATED = 50  # a cheap simulation: the test is about the handlers, not the estimate
    rng = random.Random(17)
    sliders = [e.players, e.hand_size, e.k]
    refused = 0
    for _ in range(1_000):
        if rng.random() < 0.05:
            e.simulate()
        else:
            slider = rng.choice(sliders)
            slider.value = rng.randint(slider.min, slider.max)
        players, h, k = e.setting
        if k > h:
            refused += 1
            assert "cannot fit" in e.message.value and _shown(e, "circus-scout-p-fraction") == "—"
        else:
            assert e.message.value == "" and _shown(e, "circus-scout-p-fraction") == str(e.exact[players, h, k])
        _one_output(e)
    assert refused > 50


@cache
def _mean_shows(players: int, h: int) -> str:
    return str(expected_shows(players, h))


def test_dealt_hand_explorer_survives_a_thousand_random_changes():
    e = DealtHandExplorer(seed=4)
    rng = random.Random(18)
    typed = ["", "5 6", "3", "7 7 7", "9 8 7 6", "5 7", "zero", "0", "10 10", "1 2 3 4 5 6 7 8 9 10", "  4,5 "]
    for _ in range(1_000):
        roll = rng.random()
        if roll < 0.05:
            e.deal()
        elif roll < 0.25:
            e.active.value = rng.choice(typed)
        elif roll < 0.4:
            e.turned.value = not e.turned.value
        else:
            slider = rng.choice([e.players, e.hand_size])
            slider.value = rng.randint(slider.min, slider.max)
        players, h = e.players.value, e.hand_size.value
        assert len(e.hand) == h and _shown(e, "circus-scout-mean-fraction") == _mean_shows(players, h)
        try:
            table = e.set_to_beat()
        except ValueError:
            assert e.message.value and "counted against an empty table" in e.message.value
            table = ()
        else:
            assert e.message.value == ""
        assert _shown(e, "circus-scout-shows") == str(len(legal_shows(e.hand, list(table) or None)))
        _one_output(e)


def _tree(widget):
    """A widget and everything inside it."""
    todo, found = [widget], []
    while todo:
        w = todo.pop()
        found.append(w)
        todo.extend(getattr(w, "children", ()) or ())
    return found


def test_widgets_are_made_with_their_css_classes(sent_states):
    # a class added after a widget is made is one more message to the browser: the lesson's three widgets sent 60,
    # 18 and 16 updates as they opened; the kit's own frame and buttons still add theirs afterwards
    sent = sent_states
    made = [ScoutWidget(4, random.Random(2026)), DealtHandExplorer(players=4, seed=2026),
            SetSomewhereExplorer(players=4, hand_size=8, k=3, seed=2026)]
    hand = made[0].toggles[3]
    assert hand._dom_classes == ("circus-hand-card", "circus-hand-3")
    # the slider k keeps its own class first; the second and third name it for a screen reader (core.access)
    assert made[2].k._dom_classes == ("circus-scout-k", "circus-named", "circus-named-0")
    assert "circus-scout-exact" in made[2].result._dom_classes
    named = [w for m in made for w in _tree(m) if "circus-named" in getattr(w, "_dom_classes", ())]
    named_kinds = Counter(type(w).__name__ for w in named)  # described controls named for a screen reader
    assert named and len(sent) <= 32 + 5 + 4 + len(named)
    classes_later = Counter(name for name, key in sent if "_dom_classes" in str(key))
    assert classes_later["ToggleButton"] == 1  # the frame's odds switch; the 11 cards and the others none
    for kind in ("IntSlider", "Image", "Output", "Text", "Dropdown", "Checkbox"):  # one message each, named ones
        assert classes_later[kind] == named_kinds[kind], kind


def test_the_explorers_moved_to_their_own_module_and_still_answer_at_the_old_place():
    from circuslib.scout import explorers, widget

    with pytest.warns(DeprecationWarning, match="circuslib.scout.explorers"):
        assert widget.SetSomewhereExplorer is explorers.SetSomewhereExplorer
    with pytest.warns(DeprecationWarning, match="circuslib.scout.explorers"):
        assert widget.DealtHandExplorer is explorers.DealtHandExplorer
    with pytest.raises(AttributeError, match="set_somewhere_tables"):
        widget.set_somewhere_tables  # noqa: B018  (a name it never had)


def test_the_widget_plays_by_its_options():
    from circuslib.scout.rules import ScoutOptions

    w = ScoutWidget(3, random.Random(4), options=ScoutOptions(rounds=1, flip_reverses_order=False))
    assert w.state.rounds == 1 and w.state.options.flip_reverses_order is False
    before = w.state.hands[0]
    w.flip_button.click()
    assert w.state.hands[0] == tuple((d, u) for u, d in before)  # turned card by card, the order kept
    assert ScoutWidget(3, random.Random(4), rounds=2).state.rounds == 2
    with pytest.raises(TypeError, match="options must be a ScoutOptions"):
        ScoutWidget(3, random.Random(4), options={"rounds": 1})
