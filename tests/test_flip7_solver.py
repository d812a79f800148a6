"""The lone player's best round with every card (circuslib.flip7.odds.solve_solo): exact on reduced decks against two
brute forces (the real rules engine played out by a plain recursion, and a plain recursion of the 'stack' reading),
the kit's numbers and numbers+modifiers optima reproduced, the public figures of the two big decks (the shipped
table's sample, the Second Chance deck solved again exactly, is in tests/test_shipped.py), the shipped all-cards
policy played by the real rules engine in a seeded simulation, and bad input refused."""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest
import sympy

from circuslib.core.game import CHANCE, play_moves
from circuslib.core.sim import monte_carlo
from circuslib.flip7 import odds as solver
from circuslib.flip7.odds import every_card_advice, solo_optimal
from circuslib.flip7.rules import (
    CARDS,
    DECK_COUNTS,
    FLIP7_BONUS,
    FLIP_THREE,
    FREEZE,
    HIT,
    INDEX,
    MODIFIERS,
    SECOND_CHANCE,
    STAY,
    TIMES_TWO,
    Flip7Options,
    deck_counts,
    draw_card,
    new_game,
)

SC, F3, FZ = SECOND_CHANCE, FLIP_THREE, FREEZE
PUBLIC_SECOND_CHANCE = 22.2504034143   # the public solo analysis (a C++ solver), 88 cards
PUBLIC_ALL = 20.2980220287             # the same, all 94 cards, over 1,208,732,216 states


def counts_of(deck: dict) -> tuple[int, ...]:
    counts = [0] * len(CARDS)
    for card, copies in deck.items():
        counts[INDEX[card]] = copies
    return tuple(counts)


def never_runs_out(deck: dict) -> bool:
    """Drawing every card needs more saved duplicates than there are Second Chances: the deck never runs out, so
    the rules engine never reshuffles its discards (a lone player's round on the real deck never comes near)."""
    numbers = [v for v in deck if isinstance(v, int)]
    return sum(deck[v] for v in numbers) - len(numbers) > deck.get(SC, 0)


# --- two brute forces, written for these tests only -------------------------------------------------------------

def engine_optimum(deck: dict) -> Fraction:
    """The best expected round score when the real rules engine deals this deck to one player: a plain recursion
    over Flip7State states (every card it can draw, hit or stay at every turn)."""
    # the opening card is about to be dealt
    start = replace(new_game(Flip7Options(target=10 ** 9), players=1), deck=counts_of(deck))
    memo: dict = {}

    def value(s) -> Fraction:
        if s.round > 1:  # the round is over: its score is banked
            return Fraction(s.totals[0])
        if s not in memo:
            if s.current_player == CHANCE:
                memo[s] = sum((p * value(s.play(card)) for card, p in s.chance_outcomes()), Fraction(0))
            elif s.pending:
                (target,) = s.legal_moves()  # alone, the player is the only target
                memo[s] = value(s.play(target))
            else:
                memo[s] = max(value(s.play(HIT)), value(s.play(STAY)))
        return memo[s]

    return value(start)


def stack_optimum(deck: dict, flip_at: int = 7) -> Fraction:
    """The 'stack' reading as a plain recursion on the cards left: a Flip Three adds three forced draws, a Freeze
    drawn during them waits until they are all done."""

    def score(numbers, mods) -> int:
        return sum(numbers) * (2 if TIMES_TWO in mods else 1) + sum(int(m[1:]) for m in mods if m != TIMES_TWO)

    @cache
    def value(left, numbers, mods, chance, forced, frozen) -> Fraction:
        now = score(numbers, mods)
        if (forced == 0 and frozen) or not sum(left):
            return Fraction(now)
        hit = Fraction(0)
        for i, copies in enumerate(left):
            if not copies:
                continue
            card, rest, after = CARDS[i], left[:i] + (left[i] - 1,) + left[i + 1:], max(forced - 1, 0)
            if isinstance(card, int) and card in numbers:
                worth = value(rest, numbers, mods, False, after, frozen) if chance else Fraction(0)
            elif isinstance(card, int) and len(numbers) + 1 >= flip_at:
                worth = Fraction(score(numbers + (card,), mods) + FLIP7_BONUS)
            elif isinstance(card, int):
                worth = value(rest, tuple(sorted(numbers + (card,))), mods, chance, after, frozen)
            elif card in MODIFIERS:
                worth = value(rest, numbers, tuple(sorted(mods + (card,))), chance, after, frozen)
            elif card == SC:
                worth = value(rest, numbers, mods, True, after, frozen)
            elif card == F3:
                worth = value(rest, numbers, mods, chance, after + 3, frozen)
            else:
                worth = Fraction(now) if forced == 0 else value(rest, numbers, mods, chance, after, True)
            hit += copies * worth
        hit /= sum(left)
        return max(hit, Fraction(now)) if forced == 0 else hit

    return value(counts_of(deck), (), (), False, 0, False)


# --- reduced decks, exactly ---------------------------------------------------------------------------------------

ENGINE_DECKS = [
    {1: 1, 3: 3, 5: 2, "+4": 1, SC: 1},
    {2: 2, 3: 2, 5: 3, "x2": 1, FZ: 1, F3: 1},
    {2: 2, 3: 3, 4: 2, "+2": 1, SC: 2, F3: 2, FZ: 1},
    {1: 1, 2: 2, 4: 3, F3: 3, FZ: 2},
    {3: 3, 5: 3, 7: 2, "+10": 1, "x2": 1, SC: 1, F3: 2, FZ: 2},
]


@pytest.mark.parametrize("deck", ENGINE_DECKS, ids=lambda d: "-".join(map(str, d.values())))
def test_the_in_order_reading_is_exactly_the_rules_engine_on_reduced_decks(deck):
    assert never_runs_out(deck)
    solved = solver.solve_solo(counts_of(deck), reading="in order")
    assert solved.exact and solved.value == engine_optimum(deck)


STACK_DECKS = ENGINE_DECKS + [
    {2: 2, 4: 3, 6: 2, SC: 3, F3: 3, FZ: 3},
    {0: 1, 1: 1, 2: 2, 3: 2, "+6": 1, "x2": 1, F3: 2, FZ: 1, SC: 1},
]


@pytest.mark.parametrize("deck", STACK_DECKS, ids=lambda d: "-".join(map(str, d.values())))
def test_the_stack_reading_is_exactly_its_plain_recursion_and_float64_agrees(deck):
    exact = solver.solve_solo(counts_of(deck), reading="stack")
    assert exact.value == stack_optimum(deck)
    rough = solver.solve_solo(counts_of(deck), reading="stack", exact=False)
    assert abs(rough.value - float(exact.value)) < 1e-12 and not rough.exact


@pytest.mark.parametrize("flip_at", [2, 3, 4])
def test_a_flip_ends_the_round_with_the_bonus_in_every_reading(flip_at):
    deck = {0: 1, 1: 1, 2: 2, 3: 2, 4: 1, "+2": 1, "x2": 1, SC: 1, F3: 2, FZ: 1}
    exact = stack_optimum(deck, flip_at)
    assert solver.solve_solo(counts_of(deck), flip_at=flip_at).value == exact


def test_the_readings_differ_only_when_a_flip_three_is_revealed_during_another():
    one = {2: 2, 3: 3, "x2": 1, SC: 1, F3: 1, FZ: 2}
    values = {r: solver.solve_solo(counts_of(one), reading=r).value for r in solver.READINGS}
    assert values["stack"] == values["in order"]
    two = {2: 2, 3: 2, 4: 2, "+2": 1, SC: 2, F3: 2, FZ: 1}
    values = {r: solver.solve_solo(counts_of(two), reading=r).value for r in solver.READINGS}
    assert values["stack"] != values["in order"]


# --- the kit's smaller decks, and the big decks' public figures --------------------------------------------------

@pytest.mark.parametrize("deck", ["numbers", "numbers+modifiers"])
def test_without_action_cards_the_solver_gives_the_kits_optimum_and_its_advice(deck):
    known = solo_optimal(deck)
    solved = solver.solve_solo(known.counts, name=deck, big=True)
    assert sympy.Rational(solved.value.numerator, solved.value.denominator) == known.value
    for key, hit in list(known.decisions.items())[:: 1 if deck == "numbers" else 97]:
        numbers = [v for v in range(13) if key >> v & 1]
        mods = [m for i, m in enumerate(MODIFIERS) if key >> (13 + i) & 1]
        assert solved.hit(numbers, mods) == hit, (numbers, mods)


def test_the_second_chance_deck_is_shipped_with_its_exact_value_and_checked_by_solving_it_again():
    from circuslib.core.shipped import entry

    rich = solo_optimal("numbers+modifiers+second-chance")
    assert rich.exact and rich.states == 22_766_464 and rich.deck == "numbers+modifiers+second-chance"
    assert rich.value == sympy.Rational(125612523067303642675809551341757623, 5645404298010639798130381286400000)
    assert rich.value == solver.SECOND_CHANCE_VALUE and round(float(rich.value), 10) == PUBLIC_SECOND_CHANCE
    # the shipped file's own check solves this deck again (about 20 s) and compares every array with it
    shipped_entry = entry(solver.every_card_tables)
    assert shipped_entry.long and shipped_entry.check_sample is not None and shipped_entry.path.name == "solo_all.npz"


def test_a_changed_table_is_caught_by_the_shipped_check(monkeypatch):
    from circuslib.core.shipped import entry

    arrays = dict(entry(solver.every_card_tables).table()[()])
    small = {2: 2, 3: 2, "+4": 1, SC: 1}                        # a quick solve in the place of the 20 s one
    name = "numbers+modifiers+second-chance"
    real = solver.solve_solo

    def quick(counts, **kw):
        return real(counts_of(small), **{**kw, "name": name})

    monkeypatch.setattr(solver, "solve_solo", quick)
    monkeypatch.setattr(solver, "SECOND_CHANCE_VALUE", stack_optimum(small))
    monkeypatch.setattr(solver, "SECOND_CHANCE_STATES", quick(()).states)
    with pytest.raises(AssertionError, match="is not what the solver gives now"):
        solver._check_every_card_sample(arrays, random.Random(1))
    arrays.update(quick(()).arrays(name))                          # the table of what it solves now: accepted
    solver._check_every_card_sample(arrays, random.Random(1))
    arrays["full.meta"] = arrays["full.meta"].tolist().replace("20.298", "20.3")   # the full deck's figure changed
    with pytest.raises(AssertionError, match="full deck"):
        solver._check_every_card_sample(arrays, random.Random(1))


def test_the_shipped_all_cards_table_has_the_public_figure():
    table = solo_optimal("full")
    assert not table.exact and table.reading == "stack" and table.deck == "full"
    assert abs(table.value - PUBLIC_ALL) < 5e-11          # agrees to 10 decimals
    assert table.states == 1_047_257_344
    assert table.counts == DECK_COUNTS
    assert solo_optimal("full") is solo_optimal("full")
    with pytest.warns(DeprecationWarning, match="'full'"):   # the solver's old name answers for one release
        assert solo_optimal("all") is table


def test_what_each_kind_of_card_is_worth_grows_then_falls():
    worth = [float(solo_optimal(d).value) for d in ("numbers", "numbers+modifiers", "numbers+modifiers+second-chance")]
    worth.append(solo_optimal("full").value)
    assert worth[0] < worth[1] < worth[2] and worth[3] < worth[2]  # Freeze and Flip Three cost a lone player


def test_some_advice_of_the_all_cards_table():
    table = solo_optimal("full")
    assert table.advice([]) == "hit" and table.advice([12]) == "hit"
    assert table.advice([12, 11, 10]) == "stay"
    assert table.advice([12, 11, 10], second_chance=True) == "hit"      # a duplicate would not end the round
    assert table.model == "best solo play, all 94 cards"
    assert table.hit([2, 9], ["x2"], second_chance=True, seen=[9, SC, SC, F3]) in (True, False)


def test_a_small_deck_with_action_cards_is_solved_at_once_by_solo_optimal():
    deck = ENGINE_DECKS[0]
    solved = solo_optimal(deck)
    assert solved.exact and solved.value == sympy.Rational(*_pair(stack_optimum(deck)))
    assert solved.deck == "{1: 1, 3: 3, 5: 2, '+4': 1, 'Second Chance': 1}"
    with pytest.raises(ValueError, match="at most 24"):
        solo_optimal({5: 5, 6: 6, 7: 7, 8: 8, SC: 3})


def _pair(x: Fraction) -> tuple[int, int]:
    return x.numerator, x.denominator


# --- the real rules engine playing the computed policy ------------------------------------------------------------

def seen_out_of(state, counts) -> list:
    """What a lone player dealt ``counts`` knows is out of the deck and not in front of him: saved duplicates,
    Second Chances discarded, Flip Threes played."""
    hand, seen = state.hands[0], []
    for v in range(13):
        seen += [v] * (counts[v] - state.deck[v] - (v in hand.numbers))
    seen += [SC] * (counts[INDEX[SC]] - state.deck[INDEX[SC]] - hand.second_chance)
    seen += [F3] * (counts[INDEX[F3]] - state.deck[INDEX[F3]])
    return seen


def play_round(table, counts, rng) -> int:
    """One round of the rules engine, one player, playing the table's advice; the round score."""
    s = replace(new_game(Flip7Options(target=10 ** 9), players=1), deck=counts)
    while s.round == 1:
        if s.current_player == CHANCE:
            s = s.play(draw_card(s.deck, rng))
        elif s.pending:
            s = s.play(s.legal_moves()[0])
        else:
            hand = s.hands[0]
            go = table.hit(hand.numbers, hand.modifiers, second_chance=hand.second_chance,
                            seen=seen_out_of(s, counts))
            s = s.play(HIT if go else STAY)
    return s.totals[0]


@pytest.mark.parametrize("deck, rounds", [("full", 40_000), ("numbers+modifiers+second-chance", 20_000)])
def test_the_rules_engine_playing_the_shipped_policy_scores_its_value(deck, rounds):
    # the engine resolves Flip Three's waiting cards 'in order'; the table is the 'stack' optimum: the two differ
    # by about 1e-4 points a round, far inside the interval (4 standard errors, about 0.4 points for 40,000 rounds)
    table = solo_optimal(deck)
    counts = deck_counts(deck)
    estimate = monte_carlo(lambda rng: play_round(table, counts, rng), rounds, seed=16, keep=False)
    assert estimate.contains(table.value, z=4), str(estimate)


# --- bad input ------------------------------------------------------------------------------------------------------

def test_bad_decks_and_readings_are_refused_in_words():
    with pytest.raises(ValueError, match="real deck has 12 card"):
        solver.solve_solo(counts_of({12: 13}))
    with pytest.raises(ValueError, match="whole numbers of copies"):
        solver.solve_solo((1, 2, 3))
    with pytest.raises(ValueError, match="reading is one of"):
        solver.solve_solo(counts_of({3: 3}), reading="sideways")
    with pytest.raises(ValueError, match="flip_at"):
        solver.solve_solo(counts_of({3: 3}), flip_at=0)
    with pytest.raises(ValueError, match="unknown deck"):
        solver.solve_solo("tarot")
    assert solver.solve_solo("numbers", big=True).value == solo_optimal("numbers").value   # a deck by its name
    with pytest.raises(ValueError, match="big=True"):   # 79 cards: seconds, so only when asked for
        solver.solve_solo("numbers")


def test_bad_positions_are_refused_in_words():
    table = solo_optimal("full")
    with pytest.raises(ValueError, match="never holds two"):
        table.advice([5, 5])
    with pytest.raises(ValueError, match="discarded that Second Chance"):
        table.advice([5], seen=[5])
    with pytest.raises(ValueError, match="beside a 4"):
        table.advice([5], seen=[4, SC])
    with pytest.raises(ValueError, match="Freeze ends"):
        table.advice([5], seen=[FZ])
    with pytest.raises(ValueError, match="Flip 7"):
        table.advice(list(range(7)))
    with pytest.raises(TypeError, match="list of cards"):
        table.advice("57")
    with pytest.raises(TypeError, match="True or False"):
        table.advice([5], second_chance=1)
    with pytest.raises(ValueError, match="that many Second Chances"):
        table.advice([5], seen=[SC, SC, SC, SC])
    with pytest.raises(ValueError, match="has no"):
        solver.solve_solo(counts_of({5: 5, 6: 6})).advice([5], ["+4"])


def test_solo_optimal_refuses_what_the_big_decks_do_not_offer():
    with pytest.raises(ValueError, match="target"):
        solo_optimal("full", target=40)
    with pytest.raises(ValueError, match="seen"):
        solo_optimal("numbers+modifiers+second-chance", seen=[12])


# --- the game's odds panel -----------------------------------------------------------------------------------------

def test_the_odds_panel_gives_the_all_cards_advice_and_names_its_model():
    from circuslib.flip7.bots import StopAtSum
    from circuslib.flip7.widget import Flip7Widget

    start = play_moves(new_game(Flip7Options(dealer=1), players=2), [12, 8, HIT, 11, STAY, HIT, 10])
    w = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start, odds_visible=True)
    assert w.state.hands[0].numbers == (12, 11, 10) and w.state.current_player == 0
    shown = w.frame.odds.value
    assert "best solo play, all 94 cards" in shown and "numbers only" in shown
    assert "circus-solo-advice'>stay<" in shown      # as the table says (benchmarks/flip7_solver.py times it)
    assert solo_optimal("full").advice([10, 11, 12]) == "stay"
    assert every_card_advice(start, 0) == ("stay", "best solo play, all 94 cards")


def test_a_game_without_action_cards_gets_no_all_cards_advice():
    game = new_game(Flip7Options(deck="numbers+modifiers"), players=2)
    assert every_card_advice(game, 0) is None
    game = new_game(players=2)
    assert every_card_advice(game, 0)[1] == "best solo play, all 94 cards"


def test_a_second_chance_game_gets_the_advice_of_its_own_deck():
    game = new_game(Flip7Options(deck="numbers+modifiers+second-chance"), players=2)
    state = play_moves(game, [12, 8])                       # player 0 holds a 12
    advice, model = every_card_advice(state, 0)
    assert model == "best solo play, numbers, modifiers and Second Chance"
    assert advice == solo_optimal("numbers+modifiers+second-chance").advice([12]) == "hit"
