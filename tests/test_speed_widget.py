"""The Speed table and its explorers, driven headless: clicks, sliders, and a fake clock for the bot; the stalemate
and race explorers' exact values, refusals, charts (the kit's SVG, redrawn in place) and 1,000 random changes each."""
from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from circuslib.core.svg import dark_ink
from circuslib.speed.bots import RATIO_GRID, simulated_matches
from circuslib.speed.explorers import RaceExplorer, StalemateExplorer
from circuslib.speed.rules import CRAPETTE, ONE_DECK, SpeedOptions, position
from circuslib.speed.widget import FakeClock, SpeedTable

TWO = SpeedOptions("two places", decks=2, face_up=2)


def _table(state=None, **options):
    clock = FakeClock()
    table = SpeedTable(random.Random(1), setup=TWO, scheduler=clock, **options)
    if state is not None:
        table.load(state)
    return table, clock


def _race():
    # you 5♥ and 9♠, bot 3 and 6, tops 4 and J: your 5 and the bot's 3 both fit on the 4 (bare ranks take spades)
    return position(["5♥", "9s"], [3, 6], (4, "J"), piles=([7, 7], [8, 8]), setup=TWO)


def test_the_table_shows_your_cards_and_the_piles():
    table, _ = _table(_race())
    assert [b.description for b in table.card_buttons] == ["5♥", "9♠"]
    assert [b.description for b in table.pile_buttons] == ["pile A: 4♠ (1)", "pile B: J♠ (1)"]
    assert "circus-speed-centre" in table.frame.board.value
    assert "circus-speed-card" in table.card_buttons[0]._dom_classes
    assert table.flip_button.disabled


def test_your_hand_is_drawn_once_as_cards_you_click_in_the_kit_s_order():
    table, _ = _table(_race())
    board = table.frame.board.value
    assert "circus-speed-p0" not in board and "5♥" not in board  # not in the picture: only the buttons show it
    assert "circus-speed-p1" in board and "circus-speed-centre" in board  # the bot and the centre stay there
    parts = list(table.frame.widget.children)
    order = [parts.index(x) for x in (table.frame.board, table.hand, table.frame.controls, table.frame.message,
                                      table.frame.log_row)]
    assert order == sorted(order)  # board, hand, controls, message, log (with the odds), as in every game
    assert all(b in table.hand.children for b in table.card_buttons)
    assert not any(b in table.hand.children for b in table.pile_buttons)


def test_a_card_button_shows_rank_and_suit_in_the_suit_s_ink():
    table, _ = _table(position(["5♥", None], ["3♦", "6♣"], ("4♠", "J♣"), setup=TWO))
    red, empty = table.card_buttons
    assert red.description == "5♥" and "circus-speed-red" in red._dom_classes and not red.disabled
    assert empty.description == "—" and empty.disabled and "circus-speed-empty" in empty._dom_classes
    assert red.tooltip == "Take card: 5 of hearts (place 1)"  # its name in words: what a screen reader says
    table.load(position(["5♥", "9s"], ["3♦", "6♣"], ("4♠", "J♣"), piles=(["7d"], []), setup=TWO))
    black = table.card_buttons[1]
    assert black.description == "9♠" and "circus-speed-red" not in black._dom_classes
    assert "1 in pile" in table.hand_label.value
    red.click()  # the 5♥ goes on the 4♠; the 7♦ from your pile refills its place
    assert red.description == "7♦" and "circus-speed-red" in red._dom_classes
    assert "5♥" in table.frame.board.value  # now on the centre pile, in the picture
    assert "0 in pile" in table.hand_label.value


def test_crapette_stacks_say_how_many_cards_lie_under_a_top():
    table = SpeedTable(random.Random(5), setup=CRAPETTE, scheduler=FakeClock())
    assert "4 more under it" in table.card_buttons[4].tooltip
    assert "no pile: in crapette rapide your cards are all in the heaps" in table.frame.odds.value


def test_clicking_a_card_plays_it_where_it_fits_and_refills_the_place():
    table, _ = _table(_race())
    table.card_buttons[0].click()
    assert table.state.tops() == (5, 11)
    assert table.frame.lines[-1] == "You: 5♥ on pile A (you won the race)"
    assert table.card_buttons[0].description == "7♠"  # refilled from your pile


def test_a_card_that_fits_nowhere_is_refused_and_changes_nothing():
    table, _ = _table(_race())
    before = table.state
    table.card_buttons[1].click()
    assert table.state is before
    assert "9♠ fits neither pile" in table.frame.message.value


def test_a_card_fitting_both_piles_asks_which_pile():
    table, _ = _table(position(["Q", 9], [3, 6], ("J", "K"), piles=([7], [8]), setup=TWO))
    table.card_buttons[0].click()
    assert "fits both piles" in table.frame.message.value and table.state.tops() == (11, 13)
    table.pile_buttons[1].click()
    assert table.state.tops() == (11, 12) and "Q♠ on pile B" in table.frame.lines[-1]


def test_clicking_a_pile_first_explains_what_to_do():
    table, _ = _table(_race())
    table.pile_buttons[0].click()
    assert "Click one of your cards first" in table.frame.message.value


def test_the_bot_plays_when_its_timer_fires():
    table, clock = _table(_race())
    assert not clock.pending()  # paused at the start
    table.pause_button.value = False
    assert len(clock.pending()) == 1
    clock.advance(1000)
    assert any(line.startswith("Bot: 3♠ on pile A (bot won the race)") for line in table.frame.lines)


def test_a_bot_move_made_impossible_by_your_faster_move_is_lost():
    table, clock = _table(_race())
    table.pause_button.value = False  # the bot reacts: it means to put its 3 on the 4
    table.card_buttons[0].click()  # you are faster: your 5 covers the 4
    clock.advance(1000)
    assert any("3♠ on pile A was too late" in line and "move lost" in line for line in table.frame.lines)
    # the bot reacts again to the new position: its 6 fits on your 5
    assert any(line.startswith("Bot: 6♠ on pile A") for line in table.frame.lines)


def test_pausing_stops_the_bot_and_the_slider_changes_its_speed():
    table, clock = _table(_race())
    table.pause_button.value = False
    table.pause_button.value = True
    assert not clock.pending() and table.pause_button.description == "Start the bot"
    clock.advance(1000)
    assert table.state.tops() == (4, 11)
    base = table.bot_rate
    table.speed.value = 2.0
    assert table.bot_rate == 2 * base


def test_a_stalemate_waits_for_the_flip_button():
    table, _ = _table(position([9, 9], [9, "A"], (4, "J"), piles=([2], ["K"]), setup=TWO))
    assert not table.flip_button.disabled and "Stalemate" in table.frame.message.value
    table.card_buttons[0].click()
    assert "press Flip" in table.frame.message.value
    table.flip_button.click()
    assert table.state.tops() == (2, 13) and table.flip_button.disabled
    assert table.frame.lines[-2:] == ["You: flip 2♠ onto pile A", "Bot: flip K♠ onto pile B"]


def test_with_an_empty_pile_you_choose_the_face_up_card_to_flip():
    table, _ = _table(position([9, 6], [9, 7], (4, "J"), piles=([], ["K"]), setup=TWO))
    table.flip_button.click()
    assert "click one of your face-up cards" in table.frame.message.value
    table.card_buttons[1].click()
    assert table.state.tops() == (6, 13) and "flip face-up 6" in " ".join(table.frame.lines)


def test_winning_a_round_scores_the_bot_s_cards_and_a_new_round_deals():
    table, _ = _table(position([5, None], [9, 8], (4, "J"), setup=TWO))
    table.card_buttons[0].click()
    assert "You win the round and score 2" in table.frame.message.value
    assert all(b.disabled for b in table.card_buttons) and table.wins == [1, 0]
    table.new_button.click()
    assert not table.state.is_over() and table.state.piles == (49, 49)  # 52 - 1 flipped - 2 face up


def test_the_table_refuses_bad_arguments():
    with pytest.raises(TypeError):
        SpeedTable(1)
    with pytest.raises(ValueError, match="bot is one of"):
        SpeedTable(random.Random(1), bot="cheat", scheduler=FakeClock())
    table, _ = _table()
    with pytest.raises(ValueError, match="places"):
        table.load(position([5, 9, 9, 9], [3, 6, 6, 6], (4, "J"), setup=ONE_DECK))


def test_the_stalemate_explorer_reacts_to_its_sliders():
    explorer = StalemateExplorer(face_up=4, decks=1)
    assert "22730431/396823350" in explorer.result.value
    explorer.decks.value = 2
    explorer.face_up.value = 5
    assert "1630804667/43058269800" in explorer.result.value
    explorer.simulate_button.click()
    assert "inside the interval" in explorer.sim_result.value


def test_the_fake_clock_runs_callbacks_in_time_order():
    clock, seen = FakeClock(), []
    clock.call_later(2, lambda: seen.append("late"))
    clock.call_later(1, lambda: seen.append("early"))
    cancelled = clock.call_later(1.5, lambda: seen.append("never"))
    cancelled.cancel()
    assert clock.advance(1.2) == 1 and seen == ["early"]
    assert clock.advance(5) == 1 and seen == ["early", "late"] and clock.now == pytest.approx(6.2)


def test_crapette_tables_show_the_stack_tops_and_the_cards_under_them():
    table = SpeedTable(random.Random(5), setup=CRAPETTE, scheduler=FakeClock())
    tops = table.state.face_up(0)
    names = [(str(t) if 2 <= t <= 10 else "AJQK"[[1, 11, 12, 13].index(t)]) + t.suit for t in tops]
    assert [b.description for b in table.card_buttons] == names
    assert "+4 under" in table.frame.board.value  # the stack of 5 shows its top and 4 cards beneath


# ---------------------------------------------------------------------------------------------------------
# the explorers: exact values for pinned settings, refusals in the message line, 1,000 random changes each

def _plots(widget) -> list:
    """Every explorer plot in a widget tree (an HTML output holding the chart's SVG, replaced in place)."""
    found = [widget] if "circus-explorer-plot" in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found += _plots(child)
    return found


def _count(widget) -> int:
    return 1 + sum(_count(child) for child in getattr(widget, "children", ()))


def test_the_stalemate_explorer_shows_the_chance_given_the_tops():
    explorer = StalemateExplorer(face_up=1, decks=1, tops="7, 7")
    # tops 7 and 7: only the 4 sixes and 4 eights fit, so both face-up cards come from the other 42 of the 50 left:
    # C(42, 2) / C(50, 2) = 861/1225 = 123/175
    assert "given the centre tops 7 and 7" in explorer.result.value
    assert "<b>123/175</b> ≈ <b>0.7029</b>" in explorer.result.value
    explorer.decks.value = 2  # each player's card from their own 51 others, 43 of them not fitting: (43/51)^2
    assert "<b>1849/2601</b> ≈ <b>0.7109</b>" in explorer.result.value
    explorer.tops.value = "K and A"  # the Ace fits on the King and the King on the Ace: the cycle wraps
    assert "given the centre tops K and A" in explorer.result.value and explorer.message.value == ""
    explorer.tops.value = ""
    assert "given" not in explorer.result.value and "P(stalemate at the start)" in explorer.result.value


def test_the_stalemate_explorer_refuses_impossible_tops_in_its_message_line():
    explorer = StalemateExplorer(face_up=4, decks=1)
    explorer.tops.value = "7, 8, 9"
    assert "give two ranks" in explorer.message.value and "names 3" in explorer.message.value
    assert "22730431/396823350" in explorer.result.value  # the value without tops is still shown
    explorer.tops.value = "Z, 3"
    assert "&#x27;Z&#x27; is not a rank" in explorer.message.value
    explorer.tops.value = "1 2"  # an Ace is written A
    assert "is not a rank" in explorer.message.value
    explorer.tops.value = "5, 6"
    assert explorer.message.value == "" and "given the centre tops 5 and 6" in explorer.result.value
    with pytest.raises(ValueError):
        StalemateExplorer(face_up=9)
    with pytest.raises(ValueError):
        StalemateExplorer(decks=3)


def test_the_stalemate_explorer_chart_has_a_title_axes_a_legend_and_moves_in_place():
    import sympy

    explorer = StalemateExplorer(face_up=4, decks=1)
    svg = explorer.plot.value
    assert "Stalemate right after the deal, by face-up cards" in svg and ">face-up cards each<" in svg
    assert ">P(stalemate at the deal)<" in svg and svg.count("circus-speed-stalemate-chart-legend") == 1
    for label in ("one deck (exact)", "two decks (exact)", "given your centre tops (exact)", "your setting",
                  "simulated deals, 95% interval"):
        assert f">{label}<" in svg
    assert 'role="img"' in svg and "One deck: 0.499, 0.245" in svg  # the chart in words, for screen readers
    # the one-deck and two-deck curves differ by marker and dash, not by colour alone
    one = re.search(r'<g class="circus-speed-exact-1"[^>]*>(.*?)</g>', svg).group(1)
    two = re.search(r'<g class="circus-speed-exact-2"[^>]*>(.*?)</g>', svg).group(1)
    assert "stroke-dasharray" not in one and 'stroke-dasharray="2 2"' in two
    assert "<circle" in one and "<rect" not in one and "<rect" in two and "<circle" not in two
    assert not dark_ink(svg[svg.index("<svg"):svg.rindex("</svg>") + 6])  # nothing vanishes on a dark page
    # the exact points are the kit's exact values, on the chart's scale: one deck, 4 face-up at 0.0573
    assert float(sympy.Rational(22730431, 396823350)) == pytest.approx(0.05728, abs=1e-5)
    plot, first, renders = explorer.plot, explorer.plot.value, explorer.renders
    explorer.face_up.value = 6
    assert explorer.plot is plot and plot.value != first and _plots(explorer.widget) == [plot]
    assert explorer.renders == renders + 1
    assert "circus-speed-given-tops" not in plot.value
    explorer.tops.value = "7, 8"
    assert "circus-speed-given-tops" in plot.value and "Given the centre tops 7 and 8" in plot.value
    explorer.simulate_button.click()
    assert "circus-speed-sim-interval" in plot.value and "Simulated deals:" in plot.value


def test_the_race_explorer_shows_the_exact_race_for_pinned_rates():
    explorer = RaceExplorer(you=3, bot=1)
    # exponential reaction times: P(you first) = 3 / (3 + 1)
    assert "3 / (3 + 1) = <b>3/4</b> ≈ <b>0.7500</b>" in explorer.result.value
    assert "speed ratio 3" in explorer.result.value and "1/3 s (you) and 1 s (bot)" in explorer.result.value
    explorer.you.value, explorer.bot.value = 2, 6
    assert "<b>1/4</b> ≈ <b>0.2500</b>" in explorer.result.value and "speed ratio 1/3" in explorer.result.value
    svg = explorer.plot.value
    assert "One race (exact) and a whole match (simulated)" in svg and ">P(you win)<" in svg
    assert ">speed ratio: your rate / the bot&#x27;s rate (log scale)<" in svg
    for label in ("win one race: r / (1 + r), exact", "win the match, simulated (95% interval)", "your rates"):
        assert f">{label}<" in svg
    assert [f">{tick}<" in svg for tick in ("1/8", "1/4", "1/2", "1", "2", "4", "8")] == [True] * 7
    assert "speed ratio 1/3, P(you win a race) = 0.2500" in svg  # the chart in words
    assert not dark_ink(svg[svg.index("<svg"):svg.rindex("</svg>") + 6])


def test_the_race_explorer_refuses_a_rate_of_zero_and_keeps_working():
    explorer = RaceExplorer(you=2, bot=1)
    explorer.you.value = 0
    assert "Your rate is 0 moves per second" in explorer.message.value and "no race" in explorer.result.value
    explorer.bot.value = 0
    assert "Both rates are 0" in explorer.message.value
    explorer.you.value = explorer.bot.value = 5
    assert explorer.message.value == "" and "<b>1/2</b> ≈ <b>0.5000</b>" in explorer.result.value
    with pytest.raises(ValueError):
        RaceExplorer(you=9)
    with pytest.raises(ValueError):
        RaceExplorer(setup="three decks")


def test_the_race_explorer_simulates_matches_once_and_keeps_them():
    explorer = RaceExplorer(you=3, bot=1, setup="crapette rapide", rounds=1, matches=12, seed=5)
    assert "not simulated yet" in explorer.sim_result.value and "circus-speed-match-point" not in explorer.plot.value
    explorer.simulate_button.click()
    assert "you win" in explorer.sim_result.value and "95% interval" in explorer.sim_result.value
    assert explorer.message.value == ""
    ratios = [ratio for ratio, _ in explorer.match_points()]
    assert ratios == sorted(list(RATIO_GRID) + [Fraction(3)])  # the grid 1/8 .. 8, and 3 (yours)
    assert explorer.plot.value.count('class="circus-speed-match-interval"') == len(ratios)
    again = simulated_matches("crapette rapide", 1, 3, 12, 5)
    assert again is simulated_matches("crapette rapide", 1, Fraction(3), 12, 5)  # kept: not played twice
    assert dict(explorer.match_points())[Fraction(3)] is again
    assert again.n == 12 and again.share(0) >= simulated_matches("crapette rapide", 1, Fraction(1, 8), 12, 5).share(0)
    explorer.rounds.value = 3  # not simulated with 3 rounds: the points go, and come back with 1 round
    assert explorer.match_points() == [] and "not simulated yet" in explorer.sim_result.value
    assert "circus-speed-match-point" not in explorer.plot.value
    explorer.rounds.value = 1
    assert [ratio for ratio, _ in explorer.match_points()] == ratios
    assert explorer.plot.value.count('class="circus-speed-match-interval"') == len(ratios)


def _drive(explorer, changes, rng, n=1000):
    plot, size, renders = explorer.plot, _count(explorer.widget), explorer.renders
    for _ in range(n):
        control, value = rng.choice(changes)(rng)
        control.value = value
        assert "could not be shown" not in explorer.message.value, explorer.message.value
        assert explorer.result.value or explorer.message.value
        assert _plots(explorer.widget) == [plot] and _count(explorer.widget) == size
    assert explorer.renders > renders + n // 2 and plot.value.count("<svg") == 1


def test_the_stalemate_explorer_survives_1000_random_changes():
    explorer = StalemateExplorer(face_up=4, decks=1)
    tops = ["", "7, 8", "K 2", "A and Q", "Z", "1 2 3", "5,5", "any", "10 J", "7, 8, 9", " ", "queen, king"]
    changes = [lambda rng: (explorer.face_up, rng.randint(1, 8)), lambda rng: (explorer.decks, rng.choice([1, 2])),
               lambda rng: (explorer.tops, rng.choice(tops))]
    _drive(explorer, changes, random.Random(17))


def test_the_race_explorer_survives_1000_random_changes():
    explorer = RaceExplorer(you=2, bot=1, setup="crapette rapide", rounds=1, matches=12, seed=5)
    explorer.simulate()
    changes = [lambda rng: (explorer.you, rng.randint(0, 8)), lambda rng: (explorer.bot, rng.randint(0, 8)),
               lambda rng: (explorer.setup, rng.choice(["one deck", "two decks", "crapette rapide"])),
               lambda rng: (explorer.rounds, rng.choice([1, 3, 5]))]
    _drive(explorer, changes, random.Random(18))


def test_after_a_finished_one_deck_round_the_next_is_dealt_from_the_cut_deck():
    from circuslib.core.game import playout
    from circuslib.speed.bots import policy
    from circuslib.speed.rules import new_game

    clock = FakeClock()
    table = SpeedTable(random.Random(1), setup=ONE_DECK, scheduler=clock)
    finished = playout(new_game(ONE_DECK), random.Random(2), policy("first"))
    table.load(finished)
    table.new_button.click()
    assert table.state.stock is not None  # every card known in advance: gathered and cut, not shuffled
    assert "cut, not shuffled" in "".join(table.frame.lines)


# --- one plotting stack ----------------------------------------------------------------------------------------

def test_the_table_and_the_explorers_draw_without_matplotlib():
    # the explorers' charts are the kit's SVG: playing the table and moving every control loads no matplotlib
    import subprocess
    import sys

    code = ("import random, sys\n"
            "from circuslib.speed.widget import FakeClock, SpeedTable\n"
            "from circuslib.speed.explorers import RaceExplorer, StalemateExplorer\n"
            "table = SpeedTable(random.Random(1), scheduler=FakeClock())\n"
            "table.click_card(0); table.new_button.click()\n"
            "s = StalemateExplorer(tops='7, 8'); s.simulate(); s.face_up.value = 6; s.decks.value = 2\n"
            "r = RaceExplorer(); r.simulate(); r.you.value = 5; r.rounds.value = 1\n"
            "assert 'matplotlib' not in sys.modules, sorted(m for m in sys.modules if 'matplotlib' in m)[:3]\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_old_places_of_the_explorers_still_answer_with_a_warning():
    import circuslib.speed.widget as widget_module

    with pytest.warns(DeprecationWarning, match="circuslib.speed.explorers"):
        assert widget_module.StalemateExplorer is StalemateExplorer
    with pytest.warns(DeprecationWarning, match="circuslib.speed.bots"):
        assert widget_module.simulated_matches is simulated_matches
    with pytest.raises(AttributeError):
        widget_module.LivePlot  # noqa: B018 - the matplotlib plot class is gone


def test_the_tables_buttons_of_a_kind_share_one_layout_and_one_look():
    table, _ = _table()
    cards = table.card_buttons
    assert all(b.layout is cards[0].layout and b.style is cards[0].style for b in cards)
    assert cards[0].layout.width == "52px" and cards[0].layout.height == "60px"
    plain = table.pile_buttons + [table.flip_button, table.new_button]
    assert all(b.layout is plain[0].layout and b.style is plain[0].style for b in plain)
    assert plain[0].layout is not cards[0].layout
    # each keeps its own look where it differs: the flip button warns, a chosen card is marked
    assert table.flip_button.button_style == "warning" and table.new_button.button_style == ""
