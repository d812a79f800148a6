"""Flip 7 rules (RULINGS section 1) pinned to hand-made deals: every draw below is chosen, not random."""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.game import CHANCE, TERMINAL, IllegalMove, Move, play_moves, playout
from circuslib.flip7.rules import (
    CARDS,
    DECK_COUNTS,
    DECKS,
    FLIP_THREE,
    FREEZE,
    HIT,
    INDEX,
    SECOND_CHANCE,
    STAY,
    Deck,
    Flip7Options,
    Flip7State,
    Hand,
    deck_counts,
    deck_of,
    draw_card,
    game_svg,
    hand_svg,
    new_game,
    parse_card,
    round_score,
    solo_round,
)


def on_table(state: Flip7State) -> int:
    """Every card that is somewhere: deck, discards, rows, waiting actions, deferred Flip Three actions."""
    return (sum(state.deck) + sum(state.discard) + sum(len(h.cards()) for h in state.hands) + len(state.pending)
            + len(state.waiting) + (len(state.flip3[2]) if state.flip3 else 0))


def target(card, player):
    return Move("target", (card, player))


def game(players=3, **options):
    """A new game for ``players``, with these options (the dealer, the target, the rulings)."""
    return new_game(Flip7Options(**options), players=players)


# --- the deck -----------------------------------------------------------------------------------------------

def test_the_base_deck_has_94_cards_79_numbers_6_modifiers_9_actions():
    assert sum(DECK_COUNTS) == 94
    assert sum(DECK_COUNTS[:13]) == 79          # 0 once, then n copies of n: 1 + (1 + ... + 12) = 1 + 78
    assert sum(DECK_COUNTS[13:19]) == 6
    assert sum(DECK_COUNTS[19:]) == 9
    assert DECK_COUNTS[INDEX[12]] == 12 and DECK_COUNTS[INDEX[0]] == 1
    assert sum(deck_counts("numbers")) == 79 and sum(deck_counts("numbers+modifiers")) == 85


def test_cards_are_named_strictly():
    assert parse_card("×2") == "x2" and parse_card("freeze") == FREEZE and parse_card(7) == 7
    with pytest.raises(ValueError, match="0 to 12"):
        parse_card(13)
    with pytest.raises(ValueError, match="never negative"):
        parse_card(-1)
    with pytest.raises(ValueError, match="not a Flip 7 card"):
        parse_card("Joker")
    with pytest.raises(TypeError):
        parse_card(True)


# --- scoring ------------------------------------------------------------------------------------------------

def test_round_score_doubles_the_numbers_only():
    # (3 + 5 + 12) x 2 = 40, then +4 (not doubled) = 44
    assert round_score([3, 5, 12], ["x2", "+4"]) == 44
    # Flip 7 with 0..6: (0+1+...+6) = 21, x2 = 42, +10 = 52, +15 for the Flip 7 (not doubled) = 67
    assert round_score([0, 1, 2, 3, 4, 5, 6], ["x2", "+10"]) == 67
    assert round_score([0, 1, 2, 3, 4, 5, 6]) == 36  # 21 + 15
    assert round_score([9, 10], ["+2", "+4", "+6", "+8", "+10"]) == 19 + 30
    assert round_score([9, 10], ["x2"], busted=True) == 0
    assert round_score([], ["+6"]) == 6  # modifiers score even without numbers


# --- the opening deal and a turn ----------------------------------------------------------------------------

def test_the_dealer_deals_one_card_each_starting_at_his_left_then_the_left_player_starts():
    s = game(3, dealer=0)
    assert s.current_player == CHANCE and s.receiver == 1
    s = s.play(4)
    assert s.receiver == 2
    s = s.play(7)
    assert s.receiver == 0
    s = s.play(9)
    assert [h.numbers for h in s.hands] == [(9,), (4,), (7,)]
    assert s.current_player == 1 and s.legal_moves() == (HIT, STAY)


def test_a_duplicate_busts_and_staying_banks():
    s = play_moves(game(2, dealer=1), [5, 8])       # player 0 gets 5, player 1 gets 8
    s = play_moves(s, [HIT, 5])                          # player 0 draws a second 5: bust
    assert s.hands[0].status == "busted" and s.hands[0].score() == 0
    assert s.current_player == 1
    s = play_moves(s, [HIT, "+4", STAY])                 # 8 + 4 = 12 banked, round over
    assert s.totals == (0, 12) and s.round == 2
    assert on_table(s) == 94


def test_a_failed_play_changes_nothing_and_says_why():
    s = game(2)
    before = replace(s)
    with pytest.raises(IllegalMove, match="card from the deck"):
        s.play(HIT)
    for not_a_card in (13, 5.0, True, "Joker", [5]):
        with pytest.raises(IllegalMove):
            s.play(not_a_card)
    with pytest.raises(IllegalMove):
        solo_round().play(HIT).play(5.0)
    assert s == before
    s = play_moves(s, [5, 8])
    with pytest.raises(IllegalMove, match="hit or stay"):
        s.play(Move("jump"))
    with pytest.raises(IllegalMove, match="no action card"):
        s.play(target(FREEZE, 0))


def test_a_draw_takes_the_exact_chances_of_the_cards_left():
    s = play_moves(game(2, dealer=1), [12, 12])  # two 12s out: 10 of 92 cards left are 12s
    s = s.play(HIT)
    assert s.probability_of(12) == Fraction(10, 92)
    assert sum(p for _, p in s.chance_outcomes()) == 1


# --- action cards ---------------------------------------------------------------------------------------------

def test_freeze_targets_any_active_player_chosen_by_the_drawer():
    s = play_moves(game(3, dealer=2), [5, 8, 10])  # players 0, 1, 2 get 5, 8, 10
    s = play_moves(s, [HIT, FREEZE])
    assert s.phase == "target" and s.current_player == 0
    assert s.legal_moves() == tuple(target(FREEZE, p) for p in (0, 1, 2))
    s = s.play(target(FREEZE, 2))
    assert s.hands[2].status == "frozen" and s.hands[2].score() == 10
    assert s.current_player == 1


def test_alone_the_drawer_must_freeze_himself():
    s = play_moves(game(1), [6, HIT, FREEZE])  # alone: no choice, the Freeze is his
    assert s.totals == (6,) and s.round == 2
    assert on_table(s) == 94


def test_flip_three_defers_a_freeze_until_the_three_are_taken():
    s = play_moves(game(2, dealer=1), [5, 8])
    s = play_moves(s, [HIT, FLIP_THREE, target(FLIP_THREE, 1)])
    assert s.flip3 == (1, 3, ()) and s.receiver == 1
    s = play_moves(s, [2, FREEZE])
    assert s.flip3 == (1, 1, (FREEZE,)) and s.hands[1].numbers == (8, 2)   # the Freeze counts among the three
    s = s.play(3)
    # the three are taken and the player is still in: now he targets someone with the waiting Freeze
    assert s.phase == "target" and s.current_player == 1
    s = s.play(target(FREEZE, 0))
    assert s.hands[0].status == "frozen" and s.hands[1].numbers == (8, 2, 3)


def test_flip_three_stops_at_a_bust_and_its_waiting_actions_are_discarded():
    s = play_moves(game(2, dealer=1), [5, 8])
    s = play_moves(s, [HIT, FLIP_THREE, target(FLIP_THREE, 1), FLIP_THREE, 8])
    assert s.hands[1].status == "busted" and s.flip3 is None and not s.pending
    assert s.discard[INDEX[FLIP_THREE]] == 1          # the waiting Flip Three went to the discards
    assert s.current_player == 0                       # and player 0 plays on alone
    assert on_table(s) == 94


def test_second_chance_saves_once_and_both_cards_are_discarded():
    s = play_moves(game(1), [7, HIT, SECOND_CHANCE])
    assert s.hands[0].second_chance
    s = play_moves(s, [HIT, 7])
    assert s.hands[0].status == "active" and not s.hands[0].second_chance and s.hands[0].numbers == (7,)
    assert s.discard[INDEX[7]] == 1 and s.discard[INDEX[SECOND_CHANCE]] == 1
    saved = play_moves(s, [STAY])
    assert saved.totals == (7,)                         # the saved row scores as if the duplicate never came
    s = play_moves(s, [HIT, 7])
    assert s.round == 2 and s.totals == (0,)           # no Second Chance left: the next 7 busts


def test_a_second_second_chance_is_passed_on_or_discarded():
    s = play_moves(game(2, dealer=1), [5, 8, HIT, SECOND_CHANCE, HIT, SECOND_CHANCE])  # each keeps one
    assert [h.second_chance for h in s.hands] == [True, True]
    s = play_moves(s, [HIT, SECOND_CHANCE])  # the third: nobody active lacks one, so it is discarded
    assert s.discard[INDEX[SECOND_CHANCE]] == 1 and s.current_player == 1
    fresh = play_moves(game(3, dealer=2), [5, 8, 10, HIT, SECOND_CHANCE, HIT, 3, HIT, 4, HIT, SECOND_CHANCE])
    # player 0 already holds one: the new one must go to an active player without one (1 or 2), his choice
    assert fresh.phase == "target" and fresh.legal_moves() == (target(SECOND_CHANCE, 1), target(SECOND_CHANCE, 2))
    with pytest.raises(IllegalMove, match="without one"):
        fresh.play(target(SECOND_CHANCE, 0))


def test_two_waiting_flip_threes_are_resolved_one_after_the_other_each_completely():
    # player 1 flips three and reveals two Flip Threes: both wait until the three are taken
    s = play_moves(game(2, dealer=1), [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), FLIP_THREE, FLIP_THREE, 3])
    assert s.phase == "target" and s.current_player == 1 and s.pending == ((1, FLIP_THREE),)
    assert s.waiting == ((1, FLIP_THREE),)                 # the second waits its turn: it is not lost
    s = s.play(target(FLIP_THREE, 0))
    # the first is resolved completely before the second is assigned: player 0 draws three cards now
    assert s.flip3 == (0, 3, ()) and s.receiver == 0 and s.waiting == ((1, FLIP_THREE),)
    assert not s.is_legal(target(FLIP_THREE, 0))
    s = play_moves(s, [1, 2, 4])
    assert s.hands[0].numbers == (5, 1, 2, 4) and s.phase == "target" and s.current_player == 1
    s = play_moves(s, [target(FLIP_THREE, 0), 6, 7, "+4"])
    assert s.hands[0].numbers == (5, 1, 2, 4, 6, 7) and s.hands[0].modifiers == ("+4",)  # six cards, not three
    assert s.hands[0].played == (FLIP_THREE, FLIP_THREE) and s.flip3 is None and not s.waiting
    assert on_table(s) == 94


def test_a_waiting_freeze_waits_for_the_waiting_flip_three_before_it():
    s = play_moves(game(2, dealer=1), [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), FLIP_THREE, FREEZE, 3])
    assert s.pending == ((1, FLIP_THREE),) and s.waiting == ((1, FREEZE),)
    s = s.play(target(FLIP_THREE, 0))
    assert s.receiver == 0                                  # the Freeze is not assigned before the three draws
    s = play_moves(s, [1, 2, 4])
    assert s.hands[0].status == "active" and s.pending == ((1, FREEZE),) and not s.waiting
    s = s.play(target(FREEZE, 0))
    assert s.hands[0].status == "frozen" and s.hands[0].numbers == (5, 1, 2, 4)
    assert on_table(s) == 94


def test_cards_revealed_by_a_waiting_flip_three_come_before_the_cards_still_waiting():
    s = play_moves(game(2, dealer=1), [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), FLIP_THREE, FREEZE, 3])
    s = play_moves(s, [target(FLIP_THREE, 0), 1, FLIP_THREE, 4])  # player 0 reveals a Flip Three of his own
    # the waiting Flip Three is resolved completely, with what it revealed, before player 1's Freeze
    assert s.pending == ((0, FLIP_THREE),) and s.waiting == ((1, FREEZE),) and s.current_player == 0
    s = play_moves(s, [target(FLIP_THREE, 1), 2, 6, 7])
    assert s.hands[1].numbers == (8, 3, 2, 6, 7) and s.pending == ((1, FREEZE),) and not s.waiting
    assert on_table(s) == 94


def test_cards_still_waiting_are_discarded_when_the_round_ends():
    s = play_moves(game(2, dealer=1), [5, 8, HIT, 1, HIT, 9, HIT, 2, HIT, 10, HIT, 4])   # 5 1 2 4 | 8 9 10
    s = play_moves(s, [HIT, FLIP_THREE, target(FLIP_THREE, 1), FLIP_THREE, FREEZE, 3])
    assert s.pending == ((1, FLIP_THREE),) and s.waiting == ((1, FREEZE),)
    s = play_moves(s, [target(FLIP_THREE, 0), 6, 7, 11])   # player 0's seventh number: Flip 7 ends the round
    assert s.round == 2 and s.totals == (5 + 1 + 2 + 4 + 6 + 7 + 11 + 15, 8 + 9 + 10 + 3)
    assert not s.waiting and not s.pending and s.discard[INDEX[FREEZE]] == 1
    assert on_table(s) == 94


def test_second_chance_during_flip_three_is_taken_at_once():
    s = play_moves(game(2, dealer=1), [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), SECOND_CHANCE, 8])
    assert s.hands[1].status == "active" and s.flip3 == (1, 1, ())   # the Second Chance saved the second 8


def test_flip7_ends_the_round_for_everyone_with_15():
    s = play_moves(game(2, dealer=1), [0, 9])          # player 0 gets the 0, player 1 a 9
    s = play_moves(s, [HIT, 1, HIT, "x2", HIT, 2, STAY])    # 0 draws 1; 1 draws x2; 0 draws 2; 1 stays
    assert s.hands[0].numbers == (0, 1, 2) and s.hands[1].status == "stopped"
    s = play_moves(s, [HIT, 3, HIT, 4, HIT, 5])
    assert not s.hands[0].status == "flip7" and s.round == 1
    s = play_moves(s, [HIT, 6])                              # the 7th different number
    # player 0: 0+1+...+6 = 21, +15 = 36; player 1: 9 doubled = 18
    assert s.totals == (36, 18) and s.round == 2


# --- rounds, reshuffles and the end of the game ----------------------------------------------------------------

def test_when_the_deck_runs_out_the_discards_become_the_deck():
    s = play_moves(game(1), [6])
    deck = [0] * len(CARDS)
    deck[INDEX[9]] = 1
    discard = [0] * len(CARDS)
    discard[INDEX[3]], discard[INDEX[12]] = 2, 4
    s = replace(s, deck=tuple(deck), discard=tuple(discard))
    s = play_moves(s, [HIT, 9, HIT])      # the last card was drawn; the next hit reshuffles the discards
    assert s.current_player == CHANCE and sum(s.deck) == 6 and sum(s.discard) == 0
    assert dict(s.chance_outcomes()) == {3: Fraction(2, 6), 12: Fraction(4, 6)}


def test_the_deck_carries_over_between_rounds():
    s = play_moves(game(1), [6, STAY])
    assert s.round == 2 and sum(s.deck) == 93 and s.discard[INDEX[6]] == 1


def test_the_game_ends_at_200_and_a_tie_plays_one_more_round_among_the_tied():
    s = play_moves(game(3, dealer=2), [5, 5, 1])
    s = replace(s, totals=(190, 195, 50))
    s = play_moves(s, [HIT, 10])           # player 0: 5 + 10
    s = play_moves(s, [HIT, 5])            # player 1 busts: stays at 195
    s = play_moves(s, [STAY, STAY])        # player 2 banks 1 (51), player 0 banks 15 (205)
    assert s.is_over() and s.winner() == 0 and s.current_player == TERMINAL
    tied = play_moves(game(3, dealer=2), [5, 10, 1])
    tied = replace(tied, totals=(195, 190, 50))
    tied = play_moves(tied, [STAY, STAY, STAY])        # 200, 200, 51: a tie for the lead
    assert not tied.is_over() and tied.contenders == (0, 1) and tied.hands[2].status == "out"
    assert tied.dealer == 0 and tied.receiver == 1
    tied = play_moves(tied, [3, 4])                     # the tie-break deal: player 1 gets 3, player 0 gets 4
    tied = play_moves(tied, [STAY, STAY])
    assert tied.is_over() and tied.winner() == 0 and tied.totals == (204, 203, 51)


def test_player_counts_are_checked():
    with pytest.raises(ValueError, match="1 to 10"):
        game(11)
    with pytest.raises(TypeError):
        game("3")
    with pytest.raises(ValueError, match="dealer"):
        game(3, dealer=3)
    with pytest.raises(ValueError, match="new_game"):
        Flip7State(players=3)
    with pytest.raises(TypeError, match="players=3"):   # the old first argument: the number of players
        new_game(3)
    with pytest.raises(TypeError, match="Flip7Options"):
        new_game("full")


def test_new_game_takes_its_options_and_the_number_of_players():
    start = new_game()
    assert start.players == 3 and start.options == Flip7Options() and start.dealer == 0 and start.target == 200
    assert start.receiver == 1 and sum(start.deck) == 94          # the dealer deals the player on his left first
    small = new_game(Flip7Options(target=60, deck="numbers+modifiers", dealer=1), players=2)
    assert small.target == 60 and small.options.deck is DECKS["numbers+modifiers"] and sum(small.deck) == 85
    assert small.dealer == 1 and small.receiver == 0
    drawn = [new_game(players=4, rng=random.Random(seed)).dealer for seed in range(12)]
    assert drawn == [random.Random(seed).randrange(4) for seed in range(12)] and len(set(drawn)) > 1
    with pytest.raises(ValueError, match="not both"):
        new_game(Flip7Options(dealer=2), players=4, rng=random.Random(1))
    with pytest.raises(TypeError, match="random generator"):
        new_game(players=4, rng=7)


def test_the_options_are_checked_when_they_are_made():
    assert Flip7Options(deck="numbers").deck == DECKS["numbers"]
    with pytest.raises(ValueError, match="unknown deck 'tarot'"):
        Flip7Options(deck="tarot")
    with pytest.raises(ValueError, match="kit's decks"):
        Flip7Options(deck={5: 5})
    with pytest.raises(ValueError, match="target"):
        Flip7Options(target=0)
    with pytest.raises(TypeError, match="opening_deal"):
        Flip7Options(opening_deal="yes")
    with pytest.raises(ValueError, match="waiting_after_bust"):
        Flip7Options(waiting_after_bust="keep")
    with pytest.raises(ValueError, match="second_chance_in_flip_three"):
        Flip7Options(second_chance_in_flip_three="never")


def test_the_old_state_name_still_answers_with_a_warning():
    import circuslib.flip7 as package
    from circuslib.flip7 import odds, rules

    with pytest.warns(DeprecationWarning, match="Flip7State"):
        assert rules.Flip7Game is Flip7State
    with pytest.warns(DeprecationWarning, match="Flip7State"):
        assert package.Flip7Game is Flip7State
    with pytest.warns(DeprecationWarning, match="odds"):
        assert package.solver is odds


# --- the decks: one value, one name each ---------------------------------------------------------------------

def test_each_deck_has_one_name_and_every_function_takes_it():
    assert list(DECKS) == ["numbers", "numbers+modifiers", "numbers+modifiers+second-chance", "full"]
    assert [DECKS[name].total for name in DECKS] == [79, 85, 88, 94]
    assert deck_of("full").counts == DECK_COUNTS and deck_of(DECKS["numbers"]) is DECKS["numbers"]
    assert deck_counts("numbers+modifiers+second-chance") == DECK_COUNTS[:19] + (0, 0, 3)
    # a small deck {card: copies} that is one of the kit's decks takes that deck's name
    assert deck_of(dict(zip(CARDS, DECK_COUNTS))) is DECKS["full"]
    small = deck_of({1: 1, 3: 3, "+4": 1})
    assert small.name == "{1: 1, 3: 3, '+4': 1}" and small.total == 5 and small.has_modifiers
    assert not small.has_actions and small.as_dict() == {1: 1, 3: 3, "+4": 1} and small.copies("+4") == 1
    assert isinstance(small, Deck) and str(DECKS["full"]) == "full"


def test_a_wrong_deck_is_refused_with_the_names():
    for wrong in ("tarot", "Full", "numbers+second-chance"):
        with pytest.raises(ValueError, match="'numbers', 'numbers[+]modifiers', 'numbers[+]modifiers[+]second-chance' "
                                             "or 'full'"):
            deck_of(wrong)
    with pytest.raises(TypeError, match="deck's name"):
        deck_of(94)
    with pytest.raises(ValueError, match="copies of 5"):
        deck_of({5: -1})
    with pytest.raises(ValueError, match="not a Flip 7 card"):
        deck_of({"Joker": 1})
    with pytest.warns(DeprecationWarning, match="'full'"):   # the solver's old name of the full deck
        assert deck_of("all") is DECKS["full"]


# --- the kit's rulings, each an option ------------------------------------------------------------------------

def test_without_the_opening_deal_the_first_player_chooses_at_once():
    s = game(2, dealer=1, opening_deal=False)
    assert s.current_player == 0 and s.hands[0].cards() == [] and s.legal_moves() == (HIT, STAY)
    s = play_moves(s, [STAY])               # staying with nothing: 0 points
    assert s.current_player == 1 and s.hands[0].status == "stopped"
    s = play_moves(s, [HIT, 7, STAY])
    assert s.round == 2 and s.totals == (0, 7) and s.hands == (Hand(), Hand())   # and the next round starts so too


def test_a_card_waiting_when_its_flip_three_target_busts_is_discarded_or_given_out():
    # player 0 makes player 1 flip three; the first card is a Freeze (it waits), the second a duplicate 8: bust
    moves = [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), FREEZE, 8]
    discarded = play_moves(game(2, dealer=1), moves)
    assert discarded.hands[1].status == "busted" and discarded.discard[INDEX[FREEZE]] == 1   # set aside, unplayed
    assert discarded.current_player == 0 and not discarded.pending and discarded.hands[0].status == "active"
    assert on_table(discarded) == 94
    resolved = play_moves(game(2, dealer=1, waiting_after_bust="resolve"), moves)
    # the busted player still gives the Freeze out: player 0, the only one still in the round, must take it
    assert [h.status for h in resolved.previous] == ["frozen", "busted"]   # the rows as round 1 ended
    assert resolved.round == 2 and resolved.totals == (5, 0) and on_table(resolved) == 94
    three = [5, 8, 2, HIT, FLIP_THREE, target(FLIP_THREE, 2), FREEZE, 2]   # three players: a choice to make
    choosing = play_moves(game(3, dealer=2, waiting_after_bust="resolve"), three)
    assert choosing.current_player == 2 and choosing.hands[2].status == "busted"
    assert choosing.legal_moves() == (target(FREEZE, 0), target(FREEZE, 1))
    assert play_moves(choosing, [target(FREEZE, 1)]).hands[1].status == "frozen"


def test_a_second_chance_revealed_during_a_flip_three_is_taken_at_once_or_waits():
    # player 1 flips three: a Second Chance, then a duplicate 8, then a 3
    moves = [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), SECOND_CHANCE, 8, 3]
    taken = play_moves(game(2, dealer=1), moves)
    assert taken.hands[1].numbers == (8, 3) and taken.hands[1].status == "active"   # saved by the Second Chance
    waits = play_moves(game(2, dealer=1, second_chance_in_flip_three="wait"), moves[:-1])
    assert waits.hands[1].status == "busted" and waits.discard[INDEX[SECOND_CHANCE]] == 1   # it waited: no save
    kept = play_moves(game(2, dealer=1, second_chance_in_flip_three="wait"),
                      [5, 8, HIT, FLIP_THREE, target(FLIP_THREE, 1), SECOND_CHANCE, 3, 4])
    assert kept.hands[1].second_chance and kept.hands[1].numbers == (8, 3, 4)   # once the three are done, kept
    assert "keeps the Second Chance that waited" in kept.last and on_table(kept) == 94


def test_pictures_are_svg_with_the_cards():
    s = play_moves(game(2, dealer=1), [5, 8])
    svg = hand_svg(s.hands[0], label="Ann")
    assert svg.startswith("<svg") and ">5<" in svg and "Ann" in svg
    assert game_svg(s).count("<svg") == 2 and s._repr_html_() == game_svg(s)
    assert "BUST" in hand_svg(Hand((3, 3), status="busted"))


# --- properties ------------------------------------------------------------------------------------------------

def random_player(state, rng):
    if state.phase == "turn":
        return HIT if rng.random() < 0.75 else STAY
    return rng.choice(state.legal_moves())


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10), st.integers(0, 10**9))
def test_random_games_end_and_conserve_every_card_at_every_step(players, seed):
    rng = random.Random(seed)
    s = game(players, dealer=seed % players)
    steps = 0
    while not s.is_over():
        frozen = (s.deck, s.hands, s.totals)
        move = draw_card(s.deck, rng) if s.current_player == CHANCE else random_player(s, rng)
        nxt = s.play(move)
        assert (s.deck, s.hands, s.totals) == frozen      # the old state is untouched
        s = nxt
        assert on_table(s) == 94
        assert all(c >= 0 for c in s.deck + s.discard)
        steps += 1
        assert steps < 20_000
    assert max(s.totals) >= 200
    assert s.winner() in s.contenders


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_core_playout_plays_whole_games(seed):
    end = playout(game(4), random.Random(seed), random_player)
    assert end.is_over() and on_table(end) == 94


def test_solo_round_is_a_small_exact_game():
    s = solo_round({1: 1, 3: 3, 5: 5}, flip_at=3)
    s = play_moves(s, [HIT, 5, HIT])
    assert dict(s.chance_outcomes()) == {1: Fraction(1, 8), 3: Fraction(3, 8), 5: Fraction(4, 8)}
    assert play_moves(s, [5]).scores() == (0,)
    assert play_moves(s, [3, HIT, 1]).scores() == (9 + 15,)
    with pytest.raises(ValueError):
        solo_round("full")


def test_whole_games_reshuffle_and_still_conserve_every_card():
    rng = random.Random(12)
    s = game(6)
    reshuffles = 0
    while not s.is_over():
        s = s.play(draw_card(s.deck, rng) if s.current_player == CHANCE else random_player(s, rng))
        reshuffles += "shuffled into a new deck" in s.last
        assert on_table(s) == 94
    assert reshuffles >= 1 and s.round > 1
