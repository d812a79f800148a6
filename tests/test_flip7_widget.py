"""The Flip 7 widgets driven headless (ipywidgets 8 runs the handlers): the game, and the odds, policy and deck
explorers (exact values, refusals, the kit's SVG charts redrawn in place, 1,000 random changes each, no matplotlib).
The exercise checks are in test_flip7_checks.py."""
from __future__ import annotations

import functools
import random
import re
from fractions import Fraction

import pytest

from circuslib.core.game import play_moves
from circuslib.flip7.bots import StopAtSum
from circuslib.flip7.explorers import DeckExplorer, OddsExplorer, PolicyExplorer
from circuslib.flip7.odds import (
    flip7_probability,
    next_card,
    numbers_optimum,
    optimal_advice,
    optimum_value,
    solo_optimal,
    still_in,
    threshold_curve,
    threshold_value,
)
from circuslib.flip7.rules import CARDS, DECK_COUNTS, FREEZE, HIT, INDEX, Flip7Options, deck_counts, new_game
from circuslib.flip7.widget import Flip7Widget


def game(players, **options):
    return new_game(Flip7Options(**options), players=players)


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
    start = play_moves(game(2, dealer=1), [5, 8, HIT, FREEZE])   # the student drew a Freeze
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
    start = play_moves(game(2, dealer=1), [12, 8])     # the student holds a 12: 11 of 92 cards bust
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
    start = play_moves(game(2, dealer=1), [5, 8])
    w = Flip7Widget(random.Random(4), [StopAtSum(1)], start=start)   # the bot stays at once with its 8
    w.stay_button.click()                                            # the student stays: the round is over
    assert w.state.round == 2
    assert "<details class='circus-previous'>" in w.frame.board.value and "Round 1 as it ended" in w.frame.board.value
    assert "Round 1 is over: you score 5." in w.frame.message.value



def test_the_board_is_the_table_picture_with_its_words():
    start = play_moves(game(2, dealer=1), [12, 8])
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start, name="Ann <b>")
    board = w.frame.board.value
    assert 'role="img" aria-label="Round 1 · deck 92 cards' in board and "circus-flip7-table" in board
    assert "Ann &lt;b&gt;" in board and "Ann <b>" not in board       # a name goes through the one escape


def test_the_odds_panel_is_what_table_odds_says():
    from circuslib.flip7.odds import table_odds

    start = play_moves(game(2, dealer=1), [12, 8])
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start, odds_visible=True)
    odds = table_odds(w.state, 0)
    assert odds.bust == Fraction(11, 92) and odds.busting == 11 and odds.left == 92
    assert odds.counted_advice == odds.fresh_advice == "hit" and odds.every_card[1] == "best solo play, all 94 cards"
    # one more card from the 92 left: 11 twelves bust (-12 each), the other numbers add their value, the +N cards
    # theirs, the x2 doubles the 12, the action cards change nothing
    assert odds.gain == Fraction(650 - 144 - 8 + 30 + 12 - 12 * 11, 92)
    assert f"{float(odds.gain):+.2f} points" in w.frame.odds.value and "11 bad cards of 92 left" in w.frame.odds.value


# ---------------------------------------------------------------------------------------------------------
# the explorers: exact values for pinned settings, refusals in the message line, one chart redrawn in place (the
# kit's SVG), and 1,000 random changes each


def charts(box):
    """Every explorer chart output in a widget tree (an explorer draws its charts in exactly one)."""
    found = [box] if "circus-figure" in str(getattr(box, "value", "")) else []
    for child in getattr(box, "children", ()):
        found += charts(child)
    return found


def svg_texts(html):
    """Each text a chart shows, as a reader sees it."""
    import xml.etree.ElementTree as ET

    texts = []
    for svg in re.findall(r"<svg.*?</svg>", html, flags=re.S):
        texts += ["".join(t.itertext()) for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    return texts


@pytest.fixture(scope="module")
def policy():
    """One policy explorer on both decks (the numbers+modifiers optimum is read from the kit's shipped table)."""
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
    from circuslib.flip7.odds import next_card_by_copies_seen, second_card_busts

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
    by_copies = next_card_by_copies_seen([12], [], 12, 12)
    assert by_copies[0] == (p, gain) and by_copies[2][0] == Fraction(9, 91) and by_copies[11][0] == 0
    assert by_copies[12] is None                                  # twelve 12s cannot be seen beside the one held
    assert second_card_busts(deck_counts("numbers")) == Fraction(650 - 78, 79 * 78)
    assert second_card_busts((0, 2, 1) + (0,) * 19) == Fraction(1, 3)


def test_the_odds_explorer_charts_the_bust_chance_and_the_gain_against_the_copies_seen():
    e = OddsExplorer(held=[12])  # charted against the 12s seen, the largest number held
    # 11 twelves left among 93 cards; the gain: safe numbers 650 - 144 = 506 points, modifiers 2+4+6+8+10 = 30,
    # x2 doubles the 12 (+12), a bust loses 12 on 11 cards: (506 + 30 + 12 - 132)/93 = 416/93
    assert "circus-explorer-bust'>11/93<" in e.result.value and "circus-explorer-gain'>416/93<" in e.result.value
    assert "4.47" in e.result.value and not e.refused and e.message.value == ""
    [chart] = charts(e.widget)
    assert chart is e.plot and e.plot.value.count("<svg") == 2     # the bust chance and the gain, side by side
    bust, gain = e.curves["bust"], e.curves["gain"]
    assert len(bust) == len(gain) == 12                            # 0 to 11 copies seen: twelve would be impossible
    assert bust[0] == pytest.approx(11 / 93) and bust[2] == pytest.approx(9 / 91) and bust[11] == 0
    assert gain[0] == pytest.approx(416 / 93)
    texts = svg_texts(e.plot.value)
    assert "P(bust on the next card) · 12: 0 of 12 seen" in texts and "expected gain (points)" in texts
    assert "copies seen now" in texts and "copies of 12 seen (the other cards seen as set above)" in texts
    assert 'aria-label="Two charts against the copies of 12 seen, 0 to 11' in e.plot.value
    assert [type(f).__name__ for f in e.figure] == ["Plot", "Plot"]
    first = e.plot.value
    e.seen_boxes[12].value = 2  # 9 twelves left among 91
    assert "circus-explorer-bust'>9/91<" in e.result.value and e.curves["now"] == 2
    assert e.plot.value != first and charts(e.widget) == [e.plot] and "12: 2 of 12 seen" in e.description
    e.against.value = INDEX["x2"]  # the same hand against the x2 seen: 0 or 1 of them
    assert e.curves["label"] == "×2: 0 of 1 seen" and len(e.curves["gain"]) == 2
    # the x2 seen too: 90 cards left, safe numbers 506, the +N 30, no x2, a bust loses 12 on 9 cards: 428/90
    assert e.curves["gain"][1] == pytest.approx(428 / 90) and e.curves["gain"][1] != 0
    picture = e.picture()._repr_mimebundle_()
    assert picture["image/svg+xml"].count("<svg") == 3 and picture["text/plain"] == e.description


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
    assert p.curves["chosen"] == 30 and p.curves["best"] == (23, pytest.approx(float(threshold_value(23))))
    assert p.curves["curve"][30] == pytest.approx(float(threshold_value(30))) and len(p.curves["curve"]) == 101
    texts = svg_texts(p.plot.value)
    assert "Stop-at-t rules against the exact optimum, numbers deck" in texts and "best threshold" in texts
    assert "threshold t: stop as soon as the round score reaches t (points)" in texts
    assert "expected round score (points)" in texts and "your threshold t" in texts
    [chart] = charts(p.widget)
    p.deck.value = "numbers+modifiers"
    assert "Stop-at-t rules against the exact optimum, numbers+modifiers deck" in svg_texts(p.plot.value)
    assert charts(p.widget) == [chart]
    assert f"circus-policy-optimum'>{solo_optimal('numbers+modifiers').value} ≈" in p.result.value
    assert "the exact optimum, 20.2291, lies above the whole curve" in p.description
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
    assert d.curves["optimum"] == 2 and d.curves["best"] == (3, 2) and d.curves["top"] == 30
    d.reset.click()  # the real deck: solo_optimal's value, 'stop at 23', P(Flip 7) of a player who never stops
    text = d.result.value
    assert f"circus-deck-optimum'>{solo_optimal('numbers').value} ≈ 18.5652<" in text
    assert "circus-deck-best'>23<" in text and f"circus-deck-flip7'>{flip7_probability()} ≈" in text
    texts = svg_texts(d.plot.value)
    assert "Your deck (numbers only) against the real deck" in texts and "the real deck's numbers" in texts
    assert d.curves["curve"] == pytest.approx(d.real)                 # the real deck on the real deck's curve


def test_the_deck_explorer_solves_modifiers_on_its_button():
    d = DeckExplorer([0, 2, 1] + [0] * 10, modifiers=["+4"])
    # the +4 dilutes the bust odds at once: (2 x 1)/(4 x 3) = 1/6; the optimum waits for the button
    assert "circus-deck-second'>1/6 ≈ 0.1667<" in d.result.value and "modifiers left out" in d.result.value
    assert "Solve with the modifiers" in d.message.value and not d.solve_button.disabled
    d.solve_button.click()
    deck = {1: 2, 2: 1, "+4": 1}
    assert f"circus-deck-optimum'>{_exact_text(solo_optimal(deck).value)}<" in d.result.value
    assert "numbers and modifiers" in d.result.value and d.solve_button.disabled and d.message.value == ""
    assert "Your deck (numbers and modifiers) against the real deck" in svg_texts(d.plot.value)
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
    with pytest.raises(ValueError, match="from 0 to 15"):
        DeckExplorer([16] * 13)
    with pytest.raises(ValueError, match="modifiers"):
        DeckExplorer(modifiers=["Freeze"])
    with pytest.raises(TypeError, match="modifiers"):
        DeckExplorer(modifiers="x2")


def _drive(explorer, moves, rng, changes=1000):
    """Random changes: after each, a value or a refusal is shown, nothing failed inside, and there is one chart
    output, holding well-formed SVG with its words."""
    import xml.etree.ElementTree as ET

    [chart] = charts(explorer.widget)
    drawn = set()
    for _ in range(changes):
        rng.choice(moves)()
        assert explorer.message.value or explorer.result.value
        assert "could not be shown" not in explorer.message.value
        assert charts(explorer.widget) == [chart] and "aria-label=" in chart.value
        if chart.value not in drawn:
            for svg in re.findall(r"<svg.*?</svg>", chart.value, flags=re.S):
                ET.fromstring(svg)
            drawn.add(chart.value)
    assert len(drawn) > 20                                # the changes change the chart
    return explorer


def test_the_odds_explorer_survives_1000_random_changes():
    rng = random.Random(17)
    e = OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9])
    moves = [lambda: setattr(rng.choice(e.held_buttons), "value", rng.random() < 0.35),
             lambda: setattr(rng.choice(e.seen_boxes), "value", rng.randint(0, 3)),
             lambda: setattr(rng.choice(e.seen_boxes[10:13]), "value", rng.randint(0, 12)),
             lambda: setattr(e.against, "value", rng.randrange(len(CARDS)))]
    _drive(e, moves, rng)


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


def test_the_game_and_the_explorers_load_no_matplotlib():
    import json
    import subprocess
    import sys

    code = ("import json, random, sys\n"
            "from circuslib.flip7.widget import Flip7Widget\n"
            "from circuslib.flip7.explorers import DeckExplorer, OddsExplorer, PolicyExplorer\n"
            "w = Flip7Widget(random.Random(2022), 3); w.hit_button.click(); w.frame.odds_toggle.value = True\n"
            "OddsExplorer(held=[5, 9, 12], seen=[12, 12, 9]); PolicyExplorer(threshold=15); DeckExplorer()\n"
            "print(json.dumps('matplotlib' in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.strip().splitlines()[-1]) is False


def test_the_explorers_old_address_still_answers_with_a_warning():
    import circuslib.flip7.widget as widget_module

    with pytest.warns(DeprecationWarning, match="circuslib.flip7.explorers"):
        assert widget_module.OddsExplorer is OddsExplorer
    with pytest.raises(AttributeError):
        _ = widget_module.LivePlot
