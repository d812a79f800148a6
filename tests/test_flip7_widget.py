"""The Flip 7 widgets driven headless (ipywidgets 8 runs the handlers): the game, and the odds, policy and deck
explorers (exact values, refusals, plots redrawn in place, 1,000 random changes each). The exercise checks are in
test_flip7_checks.py."""
from __future__ import annotations

import functools
import random
from fractions import Fraction

import pytest

from circuslib.core.game import play_moves
from circuslib.flip7.bots import StopAtSum
from circuslib.flip7.odds import flip7_probability, solo_optimal, threshold_value
from circuslib.flip7.rules import CARDS, DECK_COUNTS, FREEZE, HIT, INDEX, deck_counts, new_game
from circuslib.flip7.widget import (
    DeckExplorer,
    Flip7Widget,
    OddsExplorer,
    PolicyExplorer,
    next_card,
    numbers_optimum,
    optimal_advice,
    optimum_value,
    still_in,
    threshold_curve,
)


def classes(widget):
    return widget._dom_classes


def test_the_game_starts_on_the_students_turn_and_hit_draws_a_card():
    w = Flip7Widget(random.Random(2022), 3)
    assert "Your turn" in w.frame.message.value
    cards_before = len(w.state.hands[0].cards()) if w.state.round == 1 else None
    w.hit_button.click()
    assert "You hit" in w.frame.lines
    assert w.state.round > 1 or len(w.state.hands[0].cards()) > cards_before or w.state.pending
    assert "circus-hit" in classes(w.hit_button) and "circus-stay" in classes(w.stay_button)


def test_staying_banks_and_the_bots_play_on():
    w = Flip7Widget(random.Random(1), [StopAtSum(15), StopAtSum(20)])
    points = w.state.hands[0].score()
    w.stay_button.click()
    assert f"You stay with {points}" in w.frame.log_box.value
    assert "Bot 1 (stop at 15)" in w.frame.log_box.value or "Bot 2" in w.frame.log_box.value


def test_an_action_card_shows_target_buttons_and_a_click_gives_it():
    start = play_moves(new_game(2, dealer=1), [5, 8, HIT, FREEZE])   # the student drew a Freeze
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start)
    targets = [c for c in w.frame.controls.children if "circus-target" in classes(c)]
    assert [t.description for t in targets] == ["Freeze → yourself", "Freeze → Bot 1 (stop at 20)"]
    assert w.hit_button.disabled and w.stay_button.disabled
    targets[1].click()
    assert "You freeze Bot 1 (stop at 20)" in w.frame.log_box.value
    assert not [c for c in w.frame.controls.children if "circus-target" in classes(c)]
    assert all(t.comm is None for t in targets)  # made for that card only: closed, not left open in the browser
    assert w.hit_button.comm is not None and w.new_button.comm is not None


def test_the_odds_panel_switches_and_shows_the_live_chance():
    start = play_moves(new_game(2, dealer=1), [12, 8])     # the student holds a 12: 11 of 92 cards bust
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start)
    assert w.frame.odds.layout.display == "none"
    w.frame.odds_toggle.value = True
    assert w.frame.odds.layout.display is None
    assert "<span class='circus-bust'>11/92</span>" in w.frame.odds.value
    assert "circus-advice'>hit<" in w.frame.odds.value


@pytest.mark.parametrize("bots", [1, 2, 9])
def test_clicking_through_a_whole_game_ends_with_a_winner(bots):
    w = Flip7Widget(random.Random(9), bots)
    assert len(w.state.hands) == bots + 1
    for _ in range(2000):
        if w.state.is_over():
            break
        targets = [c for c in w.frame.controls.children if "circus-target" in classes(c)]
        if targets:
            targets[-1].click()
        elif w.state.hands[0].score() >= 20:
            w.stay_button.click()
        else:
            w.hit_button.click()
    assert w.state.is_over()
    assert "win" in w.frame.message.value
    assert w.hit_button.disabled
    w.new_button.click()
    assert not w.state.is_over() and w.frame.lines[0].startswith("a new game")


def test_the_widget_refuses_bad_arguments():
    with pytest.raises(TypeError):
        Flip7Widget(1)
    with pytest.raises(ValueError, match="1 to 9"):
        Flip7Widget(random.Random(1), 10)
    with pytest.raises(ValueError):
        Flip7Widget(random.Random(1), ["a bot"])


def test_the_explorer_updates_at_once():
    e = OddsExplorer()
    assert "circus-explorer" in classes(e.widget)
    e.held_buttons[12].value = True
    assert "circus-explorer-bust'>11/93<" in e.result.value       # 11 twelves among 93 cards
    e.seen_boxes[12].value = 1
    assert "circus-explorer-bust'>5/46<" in e.result.value        # 10 of 92
    for n in (10, 11):
        e.held_buttons[n].value = True
    assert "circus-explorer-advice'>stay<" in e.result.value
    e.held_buttons[1].value = True
    e.seen_boxes[1].value = 1                                        # the single 1 cannot be both held and seen
    assert "circus-explorer-error" in e.message.value and "only 1" in e.message.value


def test_the_last_round_stays_at_hand_folded_after_it_ends():
    start = play_moves(new_game(2, dealer=1), [5, 8])
    w = Flip7Widget(random.Random(4), [StopAtSum(1)], start=start)   # the bot stays at once with its 8
    w.stay_button.click()                                            # the student stays: the round is over
    assert w.state.round == 2
    assert "<details class='circus-previous'>" in w.frame.board.value and "Round 1 as it ended" in w.frame.board.value
    assert "Round 1 is over: you score 5." in w.frame.message.value


# ---------------------------------------------------------------------------------------------------------
# the explorers: exact values for pinned settings, refusals in the message line, one plot redrawn in place, and
# 1,000 random changes each


def images(box):
    """Every ipywidgets Image in a widget tree (an explorer draws its plot in exactly one)."""
    import ipywidgets as widgets

    found = [box] if isinstance(box, widgets.Image) else []
    for child in getattr(box, "children", ()):
        found += images(child)
    return found


@pytest.fixture(scope="module")
def policy():
    """One policy explorer on both decks (solving the numbers+modifiers optimum takes a second or two, once)."""
    return PolicyExplorer()


def _brute_threshold(counts, t):
    """'Stop as soon as the score reaches t' by plain recursion over the deck left (small decks only)."""

    @functools.cache
    def go(left, numbers, mods):
        score = sum(numbers) * (2 if 5 in mods else 1) + sum((2, 4, 6, 8, 10)[i] for i in mods if i < 5)
        if len(numbers) >= 7:
            return Fraction(score + 15)
        if score >= t or not sum(left):
            return Fraction(score)
        total = Fraction(0)
        for i, c in enumerate(left):
            after = left[:i] + (c - 1,) + left[i + 1:]
            if c and i < 13 and i not in numbers:
                total += c * go(after, tuple(sorted(numbers + (i,))), mods)
            elif c and i >= 13:
                total += c * go(after, numbers, tuple(sorted(mods + (i - 13,))))
        return total / sum(left)

    return go(tuple(counts), (), ())


def test_the_threshold_curve_is_exact_for_every_threshold_in_one_pass():
    curve = threshold_curve(deck_counts("numbers"))
    # t = 1: stop after the first card, unless it is the 0 (1 in 79): then the next card never busts,
    # so E = 650/79 + (1/79)(650/78) = 650/78 = 25/3
    assert curve[0] == 0 and curve[1] == Fraction(25, 3)
    for t in (5, 23, 40):
        assert curve[t] == threshold_value(t)
    rng = random.Random(7)  # small decks with modifiers, and decks that run out, against a plain recursion
    for _ in range(12):
        counts = [0] * len(CARDS)
        for h in rng.sample(range(13), rng.randint(1, 7)):
            counts[h] = rng.randint(1, 2)
        for m in rng.sample(range(6), rng.randint(0, 2)):
            counts[13 + m] = 1
        curve = threshold_curve(tuple(counts))
        assert all(curve[t] == _brute_threshold(counts, t) for t in range(0, 50, 4)), counts


def test_the_explorers_optimum_and_advice_agree_with_solo_optimal():
    assert numbers_optimum(DECK_COUNTS[:13]) == solo_optimal("numbers").value
    small = {1: 2, 3: 3, 5: 1, "+4": 1, "x2": 1}
    counts = [0] * len(CARDS)
    for card, copies in small.items():
        counts[INDEX[card]] = copies
    assert optimum_value(tuple(counts)) == solo_optimal(small).value
    seen = [12] * 6 + [11] * 5
    table = solo_optimal(seen=seen).table()
    assert all(optimal_advice(list(hand), seen) == advice for hand, advice in table.items())
    # never stopping: P(no bust in the first k numbers) = k! e_k(c) / (T)_k; for k = 2, 1 - sum c(c - 1) / (79 x 78)
    assert still_in(DECK_COUNTS[:13], 7) == flip7_probability()
    assert still_in(DECK_COUNTS[:13], 2) == 1 - Fraction(sum(c * (c - 1) for c in DECK_COUNTS[:13]), 79 * 78)
    p, gain = next_card(DECK_COUNTS[:12] + (11,) + DECK_COUNTS[13:], [12])
    assert (p, gain) == (Fraction(11, 93), Fraction(416, 93))


def test_the_odds_explorer_plots_the_bust_chance_and_the_gain_against_the_copies_seen():
    import matplotlib.pyplot as plt

    figures = plt.get_fignums()
    e = OddsExplorer(held=[12])  # plotted against the 12s seen, the largest number held
    # 11 twelves left among 93 cards; the gain: safe numbers 650 - 144 = 506 points, modifiers 2+4+6+8+10 = 30,
    # x2 doubles the 12 (+12), a bust loses 12 on 11 cards: (506 + 30 + 12 - 132)/93 = 416/93
    assert "circus-explorer-bust'>11/93<" in e.result.value and "circus-explorer-gain'>416/93<" in e.result.value
    assert "4.47" in e.result.value and not e.refused and e.message.value == ""
    [image] = images(e.widget)
    assert image is e.plot and bytes(image.value).startswith(b"\x89PNG")
    bust, gain = e._bust_line.get_ydata(), e._gain_line.get_ydata()
    assert bust[0] == pytest.approx(11 / 93) and bust[2] == pytest.approx(9 / 91) and bust[11] == 0
    assert gain[0] == pytest.approx(416 / 93) and all(y != y for y in bust[12:])  # 12 copies seen: impossible
    ax = e.figure.axes[0]
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel() and e.figure.axes[1].get_ylabel()
    assert [t.get_text() for t in e.figure.legends[0].get_texts()][0].startswith("P(bust")
    first = bytes(image.value)
    e.seen_boxes[12].value = 2  # 9 twelves left among 91
    assert "circus-explorer-bust'>9/91<" in e.result.value and list(e._now.get_xdata()) == [2, 2]
    assert image.value != first and images(e.widget) == [image]
    e.against.value = INDEX["x2"]  # the same hand against the x2 seen: 0 or 1 of them
    assert e._which.get_text() == "×2: 0 of 1 seen"
    # the x2 seen too: 90 cards left, safe numbers 506, the +N 30, no x2, a bust loses 12 on 9 cards: 428/90
    assert e._gain_line.get_ydata()[1] == pytest.approx(428 / 90) and e._gain_line.get_ydata()[2] != 0
    assert plt.get_fignums() == figures and len(e.figure.axes) == 2


def test_the_odds_explorer_refuses_impossible_counts_in_its_message_line():
    e = OddsExplorer(held=[1, 5])
    before = e.result.value
    e.seen_boxes[1].value = 1  # the single 1 cannot be both held and seen
    assert e.refused and "only 1" in e.message.value and "still those of the last possible" in e.message.value
    assert e.result.value == before
    e.seen_boxes[1].value = 0
    assert not e.refused and e.message.value == ""
    for box, count in zip(e.seen_boxes, DECK_COUNTS):  # every card seen: none left for a next card
        box.value = count
    assert e.refused
    for box in e.seen_boxes:
        box.value = 0
    for n in range(13):  # eight numbers held: at most seven
        e.held_buttons[n].value = True
    assert e.refused and "at most 7" in e.message.value
    for n in range(13):
        e.held_buttons[n].value = n in (3, 4)
    assert not e.refused and "circus-explorer-bust'>5/92<" in e.result.value  # 2 + 3 copies left of 92


def test_the_policy_explorer_marks_the_threshold_on_the_exact_curve(policy):
    p = policy
    p.deck.value = "numbers"
    p.threshold.value = 1
    assert "circus-policy-value'>25/3 ≈ 8.3333<" in p.result.value  # hand-worked above
    assert "circus-policy-best'>23<" in p.result.value
    assert f"circus-policy-optimum'>{solo_optimal('numbers').value} ≈ 18.5652<" in p.result.value
    p.threshold.value = 30
    assert f"{threshold_value(30)} ≈ 17.1389" in p.result.value and p.typed.value == 30
    assert list(p._chosen.get_xdata()) == [30, 30]
    ax = p.figure.axes[0]
    assert "numbers deck" in ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert "best threshold" in [t.get_text() for t in ax.get_legend().get_texts()]
    [image] = images(p.widget)
    p.deck.value = "numbers+modifiers"
    assert "numbers+modifiers deck" in ax.get_title() and images(p.widget) == [image]
    assert f"circus-policy-optimum'>{solo_optimal('numbers+modifiers').value} ≈" in p.result.value
    p.deck.value = "numbers"


def test_the_policy_explorer_refuses_thresholds_it_cannot_show(policy):
    p = policy
    p.threshold.value = 23
    before = p.result.value
    p.typed.value = -4
    assert p.refused and "0 or more" in p.message.value and p.threshold.value == 23 and p.result.value == before
    p.typed.value = 130
    assert p.refused and "up to 100" in p.message.value and p.threshold.value == 23
    p.typed.value = 20
    assert not p.refused and p.threshold.value == 20 and "stop at t = 20" in p.result.value
    with pytest.raises(ValueError, match="0 to 100"):
        PolicyExplorer(threshold=-1)
    with pytest.raises(TypeError, match="whole number"):
        PolicyExplorer(threshold=2.5)
    with pytest.raises(ValueError, match="decks"):
        PolicyExplorer(decks=["full"])


def test_the_deck_explorer_recomputes_a_small_deck_by_hand():
    # two 1s and one 2: the second card busts when the first two are the 1s, (2 x 1)/(3 x 2) = 1/3.
    # Best play: holding 1, hit (half the time the 2: 3 points) = 3/2 > 1; holding 2, hit (a 1 for sure) = 3;
    # V = (2/3)(3/2) + (1/3)(3) = 2. 'Stop at 3' does exactly that: the best threshold is 3, worth 2.
    d = DeckExplorer([0, 2, 1] + [0] * 10)
    text = d.result.value
    assert "circus-deck-second'>1/3 ≈ 0.3333<" in text and "circus-deck-optimum'>2 = 2.0000<" in text
    assert "circus-deck-best'>3<" in text and "no Flip 7 is possible" in text
    assert "right'>2/3</td>" in text and "right'>0.6667</td>" in text  # no bust in the first 2 numbers: 2/3
    assert "numbers only" in text and not d.refused
    d.reset.click()  # the real deck: solo_optimal's value, 'stop at 23', P(Flip 7) of a player who never stops
    text = d.result.value
    assert f"circus-deck-optimum'>{solo_optimal('numbers').value} ≈ 18.5652<" in text
    assert "circus-deck-best'>23<" in text and f"circus-deck-flip7'>{flip7_probability()} ≈" in text


def test_the_deck_explorer_solves_modifiers_on_its_button():
    d = DeckExplorer([0, 2, 1] + [0] * 10, modifiers=["+4"])
    # the +4 dilutes the bust odds at once: (2 x 1)/(4 x 3) = 1/6; the optimum waits for the button
    assert "circus-deck-second'>1/6 ≈ 0.1667<" in d.result.value and "modifiers left out" in d.result.value
    assert "Solve with the modifiers" in d.message.value and not d.solve_button.disabled
    d.solve_button.click()
    deck = {1: 2, 2: 1, "+4": 1}
    assert f"circus-deck-optimum'>{_exact_text(solo_optimal(deck).value)}<" in d.result.value
    assert "numbers and modifiers" in d.result.value and d.solve_button.disabled and d.message.value == ""
    ax = d.figure.axes[0]
    assert "with" not in ax.get_title() or "modifiers" in ax.get_title()
    d.modifier_buttons[0].value = True  # +2 as well: not solved yet
    assert "modifiers left out" in d.result.value
    d.modifier_buttons[0].value = False  # back to the solved deck: remembered
    assert "numbers and modifiers" in d.result.value


def _exact_text(x):
    x = Fraction(int(x.p), int(x.q))
    decimal = f"{float(x):.4f}"
    return f"{x} {'=' if Fraction(decimal) == x else '≈'} {decimal}"


def test_the_deck_explorer_refuses_a_deck_without_numbers_and_keeps_working():
    d = DeckExplorer()
    for s in d.copy_sliders[:12]:
        s.value = 0
    before = d.result.value  # twelve 12s: the last possible deck
    assert "circus-deck-optimum'>12 = 12.0000<" in before
    d.copy_sliders[12].value = 0
    assert d.refused and "empty" in d.message.value and d.result.value == before
    d.modifier_buttons[5].value = True
    assert d.refused and "without number cards" in d.message.value
    d.copy_sliders[7].value = 2  # two 7s and a x2: the first card is safe, the second busts or doubles
    assert not d.refused and "circus-deck-second'>1/3 ≈ 0.3333<" in d.result.value
    with pytest.raises(ValueError, match="13 whole numbers"):
        DeckExplorer([1, 2, 3])
    with pytest.raises(ValueError, match="modifiers"):
        DeckExplorer(modifiers=["Freeze"])
    with pytest.raises(TypeError, match="modifiers"):
        DeckExplorer(modifiers="x2")


def _drive(explorer, moves, rng, changes=1000):
    """Random changes: after each, a value or a refusal is shown, nothing failed inside, and there is one plot."""
    [image] = images(explorer.widget)
    lines = [len(ax.lines) for ax in explorer.figure.axes]
    for _ in range(changes):
        rng.choice(moves)()
        assert explorer.message.value or explorer.result.value
        assert "could not be shown" not in explorer.message.value
        assert images(explorer.widget) == [image] and bytes(image.value).startswith(b"\x89PNG")
        assert [len(ax.lines) for ax in explorer.figure.axes] == lines
    return explorer


def test_the_odds_explorer_survives_1000_random_changes():
    import matplotlib.pyplot as plt

    figures, rng = plt.get_fignums(), random.Random(17)
    e = OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9])
    moves = [lambda: setattr(rng.choice(e.held_buttons), "value", rng.random() < 0.35),
             lambda: setattr(rng.choice(e.seen_boxes), "value", rng.randint(0, 3)),
             lambda: setattr(rng.choice(e.seen_boxes[10:13]), "value", rng.randint(0, 12)),
             lambda: setattr(e.against, "value", rng.randrange(len(CARDS)))]
    _drive(e, moves, rng)
    assert plt.get_fignums() == figures


def test_the_policy_explorer_survives_1000_random_changes(policy):
    rng = random.Random(17)
    p = policy
    moves = [lambda: setattr(p.threshold, "value", rng.randint(0, p.MAX_T)),
             lambda: setattr(p.typed, "value", rng.randint(-10, 120)),
             lambda: setattr(p.deck, "value", rng.choice(["numbers", "numbers+modifiers"]))]
    _drive(p, moves, rng)
    p.typed.value = 23
    assert not p.refused and "circus-policy-best'>" in p.result.value


def test_the_deck_explorer_survives_1000_random_changes():
    rng = random.Random(17)
    d = DeckExplorer()
    moves = [lambda: setattr(rng.choice(d.copy_sliders), "value", rng.randint(0, d.MAX_COPIES)),
             lambda: setattr(rng.choice(d.copy_sliders), "value", 0),
             lambda: setattr(rng.choice(d.modifier_buttons), "value", rng.random() < 0.2),
             d.reset.click]
    _drive(d, moves, rng)
    d.reset.click()
    assert not d.refused and "circus-deck-best'>23<" in d.result.value


# ---------------------------------------------------------------------------------------------------------
# the shipped frames: the still parts every frame of an explorer's plot shares, laid from explorer_frames.json

def test_the_shipped_frames_are_what_the_explorers_draw_now_pixel_for_pixel():
    # explorer_frames.json holds the three explorers' frames as python -m circuslib.flip7.widget drew them
    from circuslib.flip7.widget import FRAME_MAKERS, SHIPPED_FRAMES

    assert set(SHIPPED_FRAMES.frames()) == set(FRAME_MAKERS) == {"odds", "policy", "deck"}
    assert SHIPPED_FRAMES.differences(FRAME_MAKERS) == [], "draw them again: python -m circuslib.flip7.widget"


def _pictures(explorer, changes) -> tuple[list[bytes], list]:
    """The explorer's picture at first and after each change (a control set to a value, or a button clicked), and
    the frame each one was shown on."""
    plot = explorer._plot
    pictures, frames = [bytes(plot.image.value)], [plot._frame]
    for change in changes:
        if callable(change):
            change()
        else:
            control, value = change
            control.value = value
        pictures.append(bytes(plot.image.value))
        frames.append(plot._frame)
    return pictures, frames


def _one_copy_each(d):
    return [(s, 1) for s in d.copy_sliders]


# each run of changes goes through every frame the explorer draws, and back: the gain floors -20 and -70, the
# policy's one frame through thresholds and decks, the score tops 30 and 70 (prepared) and 100 (drawn when first
# needed: a deck of one copy of each number, +10 and x2 solved)
SHIPPED_RUNS = {
    "odds": (lambda: OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9]),
             lambda e: [(e.held_buttons[10], True), (e.held_buttons[11], True), (e.against, INDEX[3]),
                        (e.seen_boxes[INDEX[3]], 2), (e.held_buttons[11], False), (e.held_buttons[10], False),
                        (e.against, INDEX["x2"])],
             [-20, -20, -20, -70, -70, -20, -20, -20]),
    "policy": (lambda: PolicyExplorer(threshold=15),
               lambda p: [(p.threshold, 40), (p.deck, "numbers+modifiers"), (p.typed, 90), (p.threshold, 0),
                          (p.deck, "numbers")],
               ["axes"] * 6),
    "deck": (lambda: DeckExplorer(),
             lambda d: [*_one_copy_each(d), (d.modifier_buttons[4], True), (d.modifier_buttons[5], True),
                        d.solve_modifiers, d.use_real_deck, (d.copy_sliders[12], 11)],
             [30] * 13 + [70, 70, 70, 100, 100, 30]),  # the real deck again: its picture kept, not drawn
}


@pytest.mark.parametrize("name", SHIPPED_RUNS)
def test_an_explorer_on_its_shipped_frame_shows_the_same_pictures_as_one_drawing_it(name, monkeypatch, tmp_path):
    import circuslib.flip7.widget as widget_module
    from circuslib.core.frames import ShippedFrames

    make, changes, frames = SHIPPED_RUNS[name]
    shipped = make()
    assert shipped._plot.shipped == name and shipped._plot.frame_source == "shipped"  # as in the lesson's kernel
    on_shipped, shown = _pictures(shipped, changes(shipped))
    monkeypatch.setattr(widget_module, "SHIPPED_FRAMES", ShippedFrames(tmp_path / "none.json", about="none"))
    drawn = make()
    assert drawn._plot.frame_source == "drawn"
    on_drawn, _ = _pictures(drawn, changes(drawn))
    assert on_shipped == on_drawn
    assert shown == frames  # the frame each picture was last drawn on (a picture kept is shown as it was)
    assert len(set(on_shipped)) > len(on_shipped) // 2  # the changes change the pictures


# explorers made with other arguments than the frames' makers: the shared still parts do not depend on held, seen,
# the card plotted against, the threshold, the deck shown first or the deck edited; the policy explorer's score
# scale depends on the decks it offers, so one with other decks draws its own frame
OTHER_ARGUMENTS = [
    (lambda: OddsExplorer(held=[8, 10, 11, 12], seen=[3, "x2"], against=3), "odds"),
    (lambda: OddsExplorer(), "odds"),
    (lambda: PolicyExplorer(threshold=80, deck="numbers+modifiers"), "policy"),
    (lambda: PolicyExplorer(threshold=30, decks=["numbers+modifiers", "numbers"]), "policy"),
    (lambda: PolicyExplorer(threshold=40, decks=["numbers"]), None),
    (lambda: DeckExplorer([0, 2, 1] + [0] * 10, modifiers=["+4"]), "deck"),
]


@pytest.mark.parametrize("make, shipped", OTHER_ARGUMENTS)
def test_an_explorer_with_other_arguments_pictures_as_one_drawing_its_own_frame(make, shipped, monkeypatch,
                                                                                 tmp_path):
    import circuslib.flip7.widget as widget_module
    from circuslib.core.frames import ShippedFrames

    first = make()
    assert first._plot.shipped == shipped
    assert first._plot.frame_source == ("shipped" if shipped else "drawn")
    monkeypatch.setattr(widget_module, "SHIPPED_FRAMES", ShippedFrames(tmp_path / "none.json", about="none"))
    drawn = make()
    assert drawn._plot.frame_source == "drawn"
    assert bytes(first._plot.image.value) == bytes(drawn._plot.image.value)


def test_a_policy_explorer_with_other_decks_would_picture_wrong_on_the_lessons_frame(monkeypatch):
    # why it draws its own frame: its score scale ends lower, and the lesson's frame laid under it shows other ticks
    import circuslib.flip7.widget as widget_module

    own = PolicyExplorer(threshold=40, decks=["numbers"])
    plot = widget_module.LivePlot
    monkeypatch.setattr(widget_module, "LivePlot", lambda *args, **kw: plot(*args, **{**kw, "shipped": "policy"}))
    forced = PolicyExplorer(threshold=40, decks=["numbers"])
    assert forced._plot.frame_source == "shipped" and own._plot.frame_source == "drawn"
    assert bytes(forced._plot.image.value) != bytes(own._plot.image.value)
