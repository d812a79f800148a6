"""Speed rules pinned to hand-made positions: the 13-cycle, plays, races, stalemates, the set-ups, rounds."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.game import CHANCE, TERMINAL, IllegalMove, playout, random_policy
from circuslib.speed.bots import fast_round, play_match, policy
from circuslib.speed.rules import (
    CRAPETTE,
    ONE_DECK,
    RANKS,
    RED_INK,
    SUITS,
    TWO_DECKS,
    Card,
    FlipFaceUp,
    Match,
    Play,
    Race,
    SpeedOptions,
    SpeedState,
    card_of,
    cut,
    deal,
    fits,
    gather,
    new_game,
    next_round,
    position,
    rank_name,
    rank_of,
    speed_svg,
)

TWO = SpeedOptions("two places", decks=2, face_up=2)  # small hand-made tables: two face-up places each
# the other readings of the two rulings, to check the simulator follows them too
SKIP_FLIP = SpeedOptions("skip, then flip", decks=1, face_up=4, empty_pile="skip", both_piles_empty="flip-face-up")


def test_card_names_and_ranks():
    assert [rank_of(x) for x in ("A", "2", "10", "J", "q", "King", "ace")] == [1, 2, 10, 11, 12, 13, 1]
    assert [rank_name(r) for r in (1, 9, 11, 12, 13)] == ["A", "9", "J", "Q", "K"]
    with pytest.raises(ValueError, match="13 \\(King\\)"):
        rank_of(14)
    with pytest.raises(ValueError, match="not a card name"):
        rank_of("Z")
    with pytest.raises(TypeError):
        rank_of(2.0)
    with pytest.raises(TypeError):
        rank_of(True)


def test_plays_wrap_round_the_cycle():
    # on a 10: 9 or J; on an Ace: K or 2 (the Ace sits between King and 2); never the same rank or two apart
    assert fits(9, 10) and fits("J", 10) and not fits(10, 10) and not fits(8, 10)
    assert fits("K", "A") and fits(2, "A") and fits("A", "K") and fits("Q", "K") and not fits(3, "A")


def _race_position(rates=(2, 1)):
    # you 5 and 9, bot 3 and 6; tops 4 and J: your 5 and the bot's 3 both fit on the 4, so the next step is a race
    return position([5, 9], [3, 6], (4, "J"), piles=([7], [8]), rates=rates, setup=TWO)


def test_a_race_is_a_chance_step_with_exact_rate_odds():
    state = _race_position()
    assert state.step == "race" and state.current_player == CHANCE
    # rates 2 and 1: you react first with probability 2 / (2 + 1)
    assert dict(state.chance_outcomes()) == {Race(0): Fraction(2, 3), Race(1): Fraction(1, 3)}
    after = state.play(Race(1))
    assert after.current_player == 1 and after.legal_moves() == (Play(3, 0, 0),)


def test_the_race_loser_s_move_is_lost_when_it_no_longer_fits():
    state = _race_position().play(Race(1)).play(Play(3, 0, 0))  # the bot was faster: pile A now shows 3
    # your 5 went on the 4, but the 4 is covered: the move is lost (5 fits neither 3 nor J)
    assert not state.is_legal(Play(5, 0, 0))
    # the bot's emptied place is refilled from its pile: it turns up its 8
    assert state.step == "draw" and state.chance_outcomes() == ((8, Fraction(1)),)


def test_a_lone_player_who_can_play_moves_without_a_race():
    state = position([5, 9], [9, 6], (4, "J"), piles=([7], [8]), setup=TWO)
    assert state.step == "play" and state.current_player == 0 and state.legal_moves() == (Play(5, 0, 0),)


def test_refused_plays_explain_the_rule_and_change_nothing():
    state = position([5, None], [9, 6], (4, "J"), piles=([], [8]), setup=TWO)
    before = (state, hash(state))
    with pytest.raises(IllegalMove, match="only 10 or Q go on a J"):
        state.play(Play(5, 0, 1))
    with pytest.raises(IllegalMove, match="place 1 shows 5, not 8"):
        state.play(Play(8, 0, 0))
    with pytest.raises(IllegalMove, match="place 2 is empty"):
        state.play(Play(5, 1, 0))
    with pytest.raises(IllegalMove, match="places 1 to 2"):
        state.play(Play(5, 4, 0))
    with pytest.raises(IllegalMove, match="two centre piles"):
        state.play(Play(5, 0, 2))
    assert (state, hash(state)) == before


def test_playing_refills_from_your_own_pile():
    state = position([5, 9], [9, 6], (4, "J"), piles=([7, 7], [8]), setup=TWO)
    state = state.play(Play(5, 0, 0))
    assert state.tops() == (5, 11) and state.step == "draw"
    assert state.chance_outcomes() == ((7, Fraction(1)),)
    # the emptied place is refilled at once with the top card of your own pile
    state = state.play(7)
    assert state.face_up(0)[0] == 7 and state.piles[0] == 1


def test_stalemate_with_cards_in_both_piles_flips_both_tops():
    # 9, 9, 9 and A fit neither 4 nor J: stalemate; each flips the top of their pile onto their own centre pile
    state = position([9, 9], [9, "A"], (4, "J"), piles=([2], ["K"]), setup=TWO)
    assert state.is_stalemate() and state.step == "flip" and state.current_player == CHANCE
    state = state.play(2)
    assert not state.is_over() and state.step == "flip"  # simultaneous: the bot flips too
    state = state.play(13)
    # now the bot's Ace fits on both the 2 and the King
    assert state.tops() == (2, 13) and state.piles == (0, 0) and not state.is_stalemate()
    assert state.current_player == 1 and state.legal_moves() == (Play(1, 1, 0), Play(1, 1, 1))


def test_stalemate_with_an_empty_pile_flips_a_face_up_card_kit_ruling():
    # your pile is empty: you flip one of your face-up cards instead (your choice); the bot flips from its pile
    state = position([9, 6], [9, 7], (4, "J"), piles=([], ["K"]), setup=TWO)
    assert state.step == "choose-flip" and state.current_player == 0
    assert state.legal_moves() == (FlipFaceUp(0), FlipFaceUp(1))
    state = state.play(FlipFaceUp(1))
    assert state.tops() == (6, 11) and state.face_up(0)[1] is None and state.step == "flip"


def test_the_empty_pile_ruling_can_be_switched_to_skip():
    rules = SpeedOptions("skip", decks=2, face_up=2, empty_pile="skip")
    state = position([9, 6], [9, 7], (4, "J"), piles=([], ["K"]), setup=rules)
    assert state.flips_due == (False, True) and state.step == "flip"  # only the bot flips
    with pytest.raises(ValueError, match="flip-face-up"):
        SpeedOptions(empty_pile="wait for ever")


def test_both_piles_empty_recycle_the_centre_cards_kit_ruling():
    # nobody can play and both piles are empty: the cards under the tops (2 and 3, under 4 and J) are shuffled
    # and split half each into the piles: one card each, then both flip
    state = position([9, 9], [9, 7], (4, "J"), under=([2], [3]), setup=TWO)
    assert state.piles == (1, 1) and state.spare == 0 and state.centre == ((4,), (11,))
    assert dict(state.chance_outcomes()) == {2: Fraction(1, 2), 3: Fraction(1, 2)}
    assert state.card_count() == 8  # 4 face up, 2 tops, 2 recycled


def test_an_odd_recycle_leaves_one_card_face_down_in_the_centre():
    # three cards under the tops: one each, and the third (unknown which) stays face down in the centre,
    # so your flip is any of the three with chance 1/3 each
    state = position([9, 9], [9, 7], (4, "J"), under=([2, 6], [3]), setup=TWO)
    assert state.piles == (1, 1) and state.spare == 1
    assert dict(state.chance_outcomes()) == {2: Fraction(1, 3), 3: Fraction(1, 3), 6: Fraction(1, 3)}
    assert state.card_count() == 9 and state.cards_left(0) == 3  # the spare belongs to nobody


def test_recycling_can_be_switched_off_for_face_up_flips():
    rules = SpeedOptions("no recycling", decks=2, face_up=2, both_piles_empty="flip-face-up")
    state = position([9, 9], [9, 7], (4, "J"), under=([2], [3]), setup=rules)
    assert state.piles == (0, 0) and state.step == "choose-flip"
    with pytest.raises(ValueError, match="recycle"):
        SpeedOptions(both_piles_empty="never")


def test_both_flipping_their_last_cards_together_is_a_tie():
    state = position([9, None], [9, None], (4, "J"), setup=TWO)
    state = state.play(FlipFaceUp(0))
    assert not state.is_over()  # the flips are simultaneous: the bot still flips
    state = state.play(FlipFaceUp(0))
    assert state.is_over() and state.winner() is None and state.scores() == (0, 0)
    assert state.current_player == TERMINAL


def test_emptying_your_hand_wins_and_scores_the_loser_s_cards():
    state = position([5, None], [9, 7], (4, "J"), piles=([], [1, 2, 3]), setup=TWO)
    state = state.play(Play(5, 0, 0))
    # the bot still holds 9, 7 and 3 cards in its pile: 5 points for you
    assert state.is_over() and state.winner() == 0 and state.scores() == (5, 0)


def test_an_odd_recycle_of_one_card_then_both_flip_face_up_cards():
    # race for the 4: you win and play 5; then 7 vs 3 on 5/J is a stalemate with both piles empty. The only card
    # to recycle is the 4 under the 5: an odd one, so it stays face down in the centre and nobody gets a pile.
    # Both flip their last face-up card at the same time: a tie.
    state = position([5, 7], [3, None], (4, "J"), rates=(2, 1), setup=TWO)
    state = state.play(Race(0)).play(Play(5, 0, 0))
    assert state.piles == (0, 0) and state.spare == 1 and state.centre == ((5,), (11,))
    assert state.step == "choose-flip" and state.legal_moves() == (FlipFaceUp(1),)
    state = state.play(FlipFaceUp(1)).play(FlipFaceUp(0))
    assert state.is_over() and state.winner() is None and state.scores() == (0, 0)
    assert state.card_count() == 5


@pytest.mark.parametrize("setup, pile, places, total", [(ONE_DECK, 21, 4, 52), (TWO_DECKS, 46, 5, 104),
                                                       (CRAPETTE, 0, 5, 52)])
def test_the_three_set_ups_deal_as_the_rules_say(setup, pile, places, total):
    state = deal(setup, random.Random(7))
    assert state.piles == (pile, pile) and len(state.slots[0]) == places
    assert all(len(c) >= 1 for c in state.centre) and state.card_count() == total


def test_crapette_stacks_hold_one_to_five_cards_and_only_tops_play():
    state = deal(CRAPETTE, random.Random(3))
    assert [len(s) for s in state.slots[0]] == [1, 2, 3, 4, 5] == [len(s) for s in state.slots[1]]
    assert state.face_up(0) == tuple(s[-1] for s in state.slots[0])
    assert not CRAPETTE.refills and ONE_DECK.refills


# ---------------------------------------------------------------------------------------------------------
# crapette rapide: the 15 cards of the five heaps are all a player's cards (RULINGS section 4)

def _crapette_order(heaps0, heaps1, rest):
    """A one-deck order (top card first) that new_game(CRAPETTE, order=...) deals into these heaps (each listed
    bottom card first) with this rest of the deck (its first card starts centre pile A, its second pile B)."""
    order = [None] * 52
    for p, heaps in enumerate((heaps0, heaps1)):
        laid = [card for heap in heaps for card in heap]  # the order the heaps are laid out: place 1 first
        order[p:30:2] = laid[::-1]  # dealt one at a time: a player's last card dealt is the first laid out
    order[30:] = rest
    return order


def test_crapette_deals_15_cards_each_into_the_heaps_and_no_pile():
    # before the deal: 15 cards each still to lay out, the 22 others dealt to nobody
    start = new_game(CRAPETTE)
    assert CRAPETTE.cards_each == 15 and CRAPETTE.undealt == 22 and not CRAPETTE.has_piles
    assert start.piles == (15, 15) and start.spare == 22 and start.cards_left(0) == start.cards_left(1) == 15
    # the first chance step is the centre card turned up from the rest: any card of the 52 unseen, 4 of each rank
    assert start.step == "flip" and dict(start.chance_outcomes()) == {r: Fraction(4, 52) for r in RANKS}
    after = start.play(7)
    assert after.piles == (15, 15) and after.spare == 21 and after.cards_left(0) == 15  # not player 0's card
    assert dict(after.chance_outcomes())[7] == Fraction(3, 51)
    # dealt: heaps of 1 to 5 cards, no pile, the two centre cards from the rest (20 still face down)
    state = deal(CRAPETTE, random.Random(3))
    assert state.piles == (0, 0) and state.spare == 20 and state.card_count() == 52
    assert [len(s) for s in state.slots[0]] == [1, 2, 3, 4, 5] == [len(s) for s in state.slots[1]]
    assert state.cards_left(0) == state.cards_left(1) == 15 and all(len(c) == 1 for c in state.centre)
    # only the heap tops play
    assert state.face_up(0) == tuple(s[-1] for s in state.slots[0])
    assert all(move.rank == state.slots[0][move.slot][-1] for move in state.plays_for(0))


def test_a_crapette_round_scored_by_hand_ends_when_the_15_are_shed():
    # worked by hand: your heaps (bottom card first) 2 | 4 5 | 3 4 5 | A 2 4 3 | 4 3 2 3 2, tops 2 5 5 3 2;
    # the bot holds 9s to Qs, which never fit: pile A stays within A..5 and pile B is a 7 (only 6 and 8 fit it,
    # and nobody holds one). So nobody races, and your first fitting card goes each time (place 1 first):
    mine = [[2], [4, 5], [3, 4, 5], [1, 2, 4, 3], [4, 3, 2, 3, 2]]
    bots = [[9], [9, 9], [9, 10, 10], [10, 10, 11, 11], [11, 11, 12, 12, 12]]
    rest = [1, 7, 1, 1, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8, 12, 13, 13, 13, 13]
    order = _crapette_order(mine, bots, rest)
    assert sorted(order) == sorted(r for r in RANKS for _ in range(4))
    # on A: 2 (place 1), 3 4 (place 4), 5 4 (place 2), 5 4 3 (place 3), 2 A (place 4), 2 3 2 3 4 (place 5)
    by_hand = [Play(2, 0, 0), Play(3, 3, 0), Play(4, 3, 0), Play(5, 1, 0), Play(4, 1, 0), Play(5, 2, 0),
               Play(4, 2, 0), Play(3, 2, 0), Play(2, 3, 0), Play(1, 3, 0), Play(2, 4, 0), Play(3, 4, 0),
               Play(2, 4, 0), Play(3, 4, 0), Play(4, 4, 0)]
    state = new_game(CRAPETTE, order=order)
    assert state.stock[2] == tuple(rest) and state.chance_outcomes() == ((1, Fraction(1)),)  # A from the rest
    plays = []
    while not state.is_over():
        if state.current_player == CHANCE:
            (card, chance), = state.chance_outcomes()  # a cut deck: every card turned up is known
            state = state.play(card)
        else:
            assert state.current_player == 0 and not state.can_play(1)
            move = policy("first")(state, random.Random(0))
            plays.append(move)
            state = state.play(move)
    assert plays == by_hand
    # the 15th card shed ends the round at once: you win and score the bot's 15, which it never played
    assert state.winner() == 0 and state.scores() == (15, 0) and state.cards_left(1) == 15
    assert state.centre == ((1, *[m.rank for m in by_hand]), (7,)) and state.flips == 0
    assert state.spare == 20 and state.card_count() == 52
    # the fast simulator plays the same round, step for step, and the next round gathers the rest last
    result = fast_round(CRAPETTE, random.Random(1), ("first", "first"), order=order, record=True)
    assert result.record == [1, 7] + [card for heap in mine for card in heap] + \
        [card for heap in bots for card in heap] + by_hand
    assert result.final == state and result.winner == 0 and result.scores == (15, 0)
    gathered = gather(state, random.Random(0))
    # pile A turned over (its first card on top), pile B, your empty heaps, the bot's heaps, the 20 never dealt
    assert gathered == (1, 2, 3, 4, 5, 4, 5, 4, 3, 2, 1, 2, 3, 2, 3, 4) + (7,) + tuple(
        card for heap in bots for card in heap) + tuple(rest[2:])


def test_a_crapette_stalemate_flips_heap_tops_and_never_recycles():
    # nobody can play on 4 and J: with no pile, each flips a heap top (the kit's empty_pile ruling); the cards
    # under the centre tops are never shuffled into piles, since crapette has none
    state = position([9, 9, None, None, None], [7, None, None, None, 6], (4, "J"), under=([2], [3]),
                     setup=CRAPETTE)
    assert state.piles == (0, 0) and state.step == "choose-flip" and state.centre == ((2, 4), (3, 11))
    assert state.legal_moves() == (FlipFaceUp(0), FlipFaceUp(1))
    state = state.play(FlipFaceUp(0))
    assert state.step == "choose-flip" and state.cards_left(0) == 1
    state = state.play(FlipFaceUp(0))  # the bot's 7 on B: 6 fits on it
    assert not state.is_over() and state.tops() == (9, 7) and state.legal_moves() == (Play(6, 4, 1),)
    # the bot sheds its last card: it wins, and scores your 9
    state = state.play(Play(6, 4, 1))
    assert state.is_over() and state.winner() == 1 and state.scores() == (0, 1)
    # both shedding their last cards at the same stalemate flip: a draw (both_out="draw", the kit's ruling)
    tied = position([9, None, None, None, None], [7, None, None, None, None], (4, "J"), setup=CRAPETTE)
    tied = tied.play(FlipFaceUp(0)).play(FlipFaceUp(0))
    assert tied.is_over() and tied.winner() is None and tied.scores() == (0, 0)


def test_crapette_bad_set_ups_and_positions_are_refused_in_a_sentence():
    with pytest.raises(ValueError, match="dealt from one deck: use decks=1"):
        SpeedOptions(decks=2, stacks=(1, 2, 3, 4, 5))
    with pytest.raises(ValueError, match="too few cards"):
        SpeedOptions(decks=1, stacks=(5, 5, 5, 5, 6))  # 26 each and 2 centre cards: 54 of 52
    assert SpeedOptions(decks=1, stacks=(5, 5, 5, 5, 5)).undealt == 2  # 25 each: the rest is the two centre cards
    with pytest.raises(ValueError, match="no pile: leave piles out"):
        position([9] * 5, [7] * 5, (4, "J"), piles=([3], []), setup=CRAPETTE)
    with pytest.raises(TypeError, match="whole number"):
        SpeedOptions(decks=1, stacks=(1, 2.5))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), kinds=st.tuples(st.sampled_from(["first", "longest", "block", "random"]),
                                                    st.sampled_from(["first", "longest", "block", "random"])))
def test_crapette_conserves_52_cards_heaps_centre_and_the_rest(seed, kinds):
    # every state of a round: 52 = the heaps (and the cards still to lay out) + the centre + the undealt rest,
    # the rest is 22 less the centre cards turned up from it, and a player's cards are 15 less those shed
    result = fast_round(CRAPETTE, random.Random(seed), kinds, (2, 1), record=True)
    state = new_game(CRAPETTE, rates=(2, 1))
    shed = [0, 0]
    for event in result.record:
        mover = state.current_player
        state = state.play(event)
        if isinstance(event, (Play, FlipFaceUp)):
            shed[mover] += 1
        heaps = sum(len(s) for player in state.slots for s in player) + sum(state.piles)
        centre = len(state.centre[0]) + len(state.centre[1])
        assert heaps + centre + state.spare == 52 == state.card_count()
        assert state.spare == 22 - (bool(state.centre[0]) + bool(state.centre[1]))
        assert [state.cards_left(p) for p in (0, 1)] == [15 - shed[0], 15 - shed[1]]
    assert state.is_over() and state == result.final and state.piles == (0, 0)
    assert 15 in shed and result.winner == ("tie" if shed == [15, 15] else shed.index(15))
    if result.winner != "tie":  # the winner scores the cards the loser still holds
        assert sum(result.scores) == 15 - min(shed)


def test_one_deck_shares_a_pool_two_decks_do_not():
    one, two = new_game(ONE_DECK), new_game(TWO_DECKS)
    assert one.pool_of == (0, 0) and sum(one.pools[0]) == 52
    assert two.pool_of == (0, 1) and [sum(p) for p in two.pools] == [52, 52]
    # the first step is the flip of the two centre cards: each rank 4 times in 52
    assert one.step == "flip" and one.chance_outcomes()[0] == (1, Fraction(1, 13))


def test_bad_set_ups_and_rates_are_refused():
    with pytest.raises(ValueError, match="1 or 2 decks"):
        SpeedOptions(decks=3)
    with pytest.raises(ValueError, match="1 to 8"):
        SpeedOptions(face_up=0)
    with pytest.raises(ValueError, match="positive"):
        new_game(ONE_DECK, rates=(0, 1))
    with pytest.raises(TypeError, match="exact"):
        new_game(ONE_DECK, rates=(0.5, 1))
    with pytest.raises(TypeError):
        new_game("one deck")


def test_a_game_starts_one_way_new_game_options_rng_players():
    # no options: the seed's game, two decks of 52 with 5 face-up cards each
    start = new_game()
    assert start.setup == TWO_DECKS and start.piles == (52, 52) and start.rates == (1, 1)
    assert new_game(players=2) == start and new_game(TWO_DECKS, players=2, rates=(1, 1)) == start
    with pytest.raises(ValueError, match="2 players"):
        new_game(players=3)
    with pytest.raises(TypeError, match="whole number"):
        new_game(players=True)
    with pytest.raises(TypeError, match="options must be SpeedOptions"):
        new_game("one deck")
    # rng: the suits lie face down in an order it draws, without drawing from it: the same ranks turn up
    rng = random.Random(4)
    shuffled = new_game(ONE_DECK, rng=rng, rates=(2, 1))
    assert shuffled == new_game(ONE_DECK, rates=(2, 1)) and rng.getstate() == random.Random(4).getstate()
    assert shuffled.suits != new_game(ONE_DECK).suits
    # a deal is the new game's chance steps, played: the same round as before the options had their name
    dealt = deal(ONE_DECK, random.Random(4), rates=(2, 1))
    assert str(dealt) == "P1 [3 2 2 A] pile 21 | centre 4 6 | P0 [2 K 8 9] pile 21"
    assert [card.name for card in dealt.face_up(0)] == ["2♠", "K♥", "8♠", "9♣"]
    with pytest.raises(TypeError, match="seeded random generator"):
        new_game(ONE_DECK, rng=4)


def test_options_are_one_frozen_dataclass_and_their_name_is_a_label():
    import dataclasses
    import warnings

    from circuslib.speed.rules import GAME, SETUPS, setup_name, setup_named

    assert GAME.options is SpeedOptions and GAME.new_game is new_game
    with pytest.raises(dataclasses.FrozenInstanceError):
        ONE_DECK.decks = 2  # type: ignore[misc]
    # the name is what the table says; equal rules are equal options whatever they are called
    assert SpeedOptions(decks=1, face_up=4) == ONE_DECK and SpeedOptions(decks=1, face_up=4).name == "one deck"
    assert SpeedOptions("our table", decks=1, face_up=4) == ONE_DECK
    assert setup_name(SpeedOptions("our table", decks=1, face_up=4)) == "one deck"
    assert SpeedOptions().name == "two decks" and SpeedOptions(decks=1).name == "one deck, 5 face-up"
    assert SpeedOptions(decks=1, stacks=(1, 2, 3, 4, 5)) == CRAPETTE
    assert SpeedOptions(decks=1, face_up=4, empty_pile="skip").name == "one deck, empty pile: skip"
    assert setup_named("crapette rapide") is CRAPETTE and set(SETUPS.values()) == {ONE_DECK, TWO_DECKS, CRAPETTE}
    with pytest.raises(ValueError, match="is one of"):
        setup_named("three decks")
    with pytest.raises(TypeError, match="whole number"):
        SpeedOptions(decks=True)
    with pytest.raises(TypeError, match="whole number"):
        SpeedOptions(decks=1, stacks=(1, True))
    # the old name still answers for one release, with a warning naming the new one
    import circuslib.speed as speed_package
    import circuslib.speed.rules as rules_module

    for module in (rules_module, speed_package):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert module.Setup is SpeedOptions
        assert any("SpeedOptions" in str(w.message) and w.category is DeprecationWarning for w in caught)
    with pytest.warns(DeprecationWarning, match="SpeedOptions"):
        assert rules_module.Setup("two places", decks=2, face_up=2) == TWO


def test_both_out_together_is_a_draw_or_a_round_replayed():
    from circuslib.speed.bots import play_match

    def tied(setup):
        # nobody can play the 7 or the 8 on the 4 and the J: both turn up their last card, then flip it, together
        state = position([None, None], [None, None], (4, "J"), piles=([7], [8]), setup=setup)
        final = playout(state, random.Random(1), policy("first"))
        assert final.is_over() and final.winner() is None and final.scores() == (0, 0)
        return final

    draw = Match(rounds=1).record(tied(TWO))  # the kit's ruling: a draw, nobody scores, and it counts
    assert draw.is_over() and draw.totals == (0, 0) and draw.winner() is None
    replay = SpeedOptions("two places, replayed", decks=2, face_up=2, both_out="replay")
    again = Match(rounds=1).record(tied(replay))  # the other reading: the round does not count
    assert not again.is_over() and again.played == () and replay.name == "two places, replayed"
    assert SpeedOptions(decks=2, face_up=2, both_out="replay").name == "two decks, 2 face-up, both out: replay"
    with pytest.raises(ValueError, match="both_out"):
        SpeedOptions(both_out="sudden death")
    match = play_match(SpeedOptions(decks=1, face_up=4, both_out="replay"), random.Random(3), rounds=3)
    assert match.is_over() and len(match.played) == 3 and all(a or b for a, b in match.played)


def test_the_table_shows_itself_in_every_form():
    state = position([5, None], [3, 6], (4, "J"), piles=([7], [8]), setup=TWO)
    bundle = state._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert "circus-speed-centre" in bundle["text/html"] and "var(--" not in bundle["image/svg+xml"]
    words = bundle["text/plain"]
    assert "Bot: face-up 3♠, 6♠; 1 in the pile, 3 cards in all." in words
    assert "Centre: pile A shows 4♠ (1 card); pile B shows J♠ (1 card)." in words
    assert "You: face-up 5♠, empty; 1 in the pile, 2 cards in all." in words


def test_match_scores_several_rounds_by_cards_left():
    won_by_you = position([5, None], [9, 8], (4, "J"), setup=TWO).play(Play(5, 0, 0))
    won_by_bot = position([9, 8], [3, None], (4, "J"), setup=TWO).play(Play(3, 0, 0))
    match = Match(rounds=3).record(won_by_you).record(won_by_bot).record(won_by_you)
    # rounds: you +2 (the bot's 9 and 8 left), bot +2 (your 9 and 8 left), you +2: totals 4 to 2
    assert match.played == ((2, 0), (0, 2), (2, 0)) and match.totals == (4, 2)
    assert match.is_over() and match.winner() == 0
    with pytest.raises(ValueError, match="over"):
        match.record(won_by_you)
    with pytest.raises(ValueError, match="finished"):
        Match().record(_race_position())


def test_a_bot_match_adds_up_its_rounds():
    match = play_match(ONE_DECK, random.Random(3), ("block", "first"), (1, 1), rounds=5)
    assert match.is_over() and len(match.played) == 5
    assert match.totals == tuple(sum(s[i] for s in match.played) for i in (0, 1))
    assert all(0 in s for s in match.played)  # only the round's winner scores
    with pytest.raises(ValueError, match="one player at most"):
        Match().record_scores((3, 2))


# --- between rounds: one deck is gathered, cut and not shuffled --------------------------------------------

def test_between_rounds_is_an_option_cut_by_default_with_one_deck():
    assert ONE_DECK.between_rounds == "cut" and CRAPETTE.between_rounds == "cut"
    assert TWO_DECKS.between_rounds == "shuffle"
    assert SpeedOptions("fresh", decks=1, face_up=4, between_rounds="shuffle").between_rounds == "shuffle"
    with pytest.raises(ValueError, match="one-deck variant"):
        SpeedOptions(decks=2, between_rounds="cut")
    with pytest.raises(ValueError, match="between_rounds"):
        SpeedOptions(decks=1, face_up=4, between_rounds="riffle")


def _finished_by_hand() -> SpeedState:
    # player 0 has shed everything; player 1 still shows a 9 and an 8; centre A is 1 2 3 (3 on top), B is 7 6
    return SpeedState(setup=ONE_DECK, pools=((0,) * 13,), pool_of=(0, 0), piles=(0, 0),
                      slots=(((),) * 4, ((9,), (8,), (), ())), to_deal=((0,) * 4, (0,) * 4),
                      centre=((1, 2, 3), (7, 6)), flips_due=(False, False))


def test_the_cards_are_gathered_in_a_fixed_order_and_cut_once():
    finished = _finished_by_hand()
    assert finished.is_over() and finished.winner() == 0
    # centre A then centre B (each turned over: its first card on top), then the players' cards
    assert gather(finished, random.Random(0)) == (1, 2, 3, 7, 6, 9, 8)
    cuts = {cut((1, 2, 3, 7, 6, 9, 8), random.Random(seed)) for seed in range(60)}
    # a cut takes 1 to 6 cards off the top and puts them underneath: the order is rotated, never shuffled
    assert cuts == {(1, 2, 3, 7, 6, 9, 8)[k:] + (1, 2, 3, 7, 6, 9, 8)[:k] for k in range(1, 7)}


def test_the_next_one_deck_round_is_dealt_from_the_cut_deck_and_every_card_is_known():
    order = tuple(rank for rank in RANKS for _ in range(4))  # A A A A 2 2 2 2 ... K K K K, the Ace on top
    state = new_game(ONE_DECK, order=order)
    # dealt one at a time, player 0 first: each gets A A 2 2 ... K K, the last card dealt (a King) on top
    assert state.stock == (order[0::2][::-1], order[1::2][::-1])
    assert state.chance_outcomes() == ((13, Fraction(1)),)    # the first flip is certain, not a draw of 1/13
    assert state.is_legal(13) and not state.is_legal(12)
    rng = random.Random(4)
    final = playout(state, rng, policy("first"))
    assert final.is_over() and final.card_count() == 52
    following = next_round(final, random.Random(7))
    dealt = [None] * 52
    dealt[0::2], dealt[1::2] = following.stock[0][::-1], following.stock[1][::-1]
    gathered = gather(final, random.Random(7))
    k = next(k for k in range(1, 52) if tuple(dealt) == gathered[k:] + gathered[:k])  # a rotation: a cut
    assert 1 <= k < 52 and following.stock is not None and following.piles == (26, 26)
    # with "shuffle" the next round is dealt afresh: the piles are unseen again
    fresh = SpeedOptions("one deck, shuffled", decks=1, face_up=4, between_rounds="shuffle")
    shuffled = next_round(playout(new_game(fresh), random.Random(1)), random.Random(1))
    assert shuffled.stock is None and len(shuffled.chance_outcomes()) == 13


def test_deal_after_a_finished_one_deck_round_cuts_and_does_not_shuffle():
    finished = playout(new_game(ONE_DECK), random.Random(5), policy("first"))
    following = deal(ONE_DECK, random.Random(6), previous=finished)
    assert following.stock is not None and following.centre[0] and following.centre[1]
    assert following.card_count() == 52 and not following.is_over()
    assert deal(ONE_DECK, random.Random(6)).stock is None                      # no previous round: shuffled
    with pytest.raises(ValueError, match="finished round"):
        deal(ONE_DECK, random.Random(6), previous=new_game(ONE_DECK))


@pytest.mark.parametrize("setup", [ONE_DECK, CRAPETTE], ids=["one deck", "crapette"])
def test_the_fast_simulator_follows_a_cut_deck_step_for_step(setup):
    rng = random.Random(11)
    first = fast_round(setup, rng, ("longest", "block"), (3, 2))
    order = cut(gather(first.final, rng), rng)
    result = fast_round(setup, rng, ("longest", "block"), (3, 2), record=True, order=order)
    state = new_game(setup, rates=(3, 2), order=order)
    for event in result.record:
        state = state.play(event)
    assert state == result.final and state.scores() == result.scores
    assert next_round(state, random.Random(2)).card_count() == 52
    match = play_match(setup, random.Random(3), ("block", "first"), (1, 1), rounds=3)
    assert match.is_over() and len(match.played) == 3


def test_the_table_draws_itself_as_svg():
    svg = speed_svg(_race_position())
    assert svg.startswith("<svg") and "circus-speed-centre" in svg and "pile A" in svg
    assert _race_position()._repr_html_() == svg


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), setup=st.sampled_from([ONE_DECK, TWO_DECKS, CRAPETTE, SKIP_FLIP]))
def test_random_play_conserves_cards_and_always_ends(seed, setup):
    rng = random.Random(seed)
    state = new_game(setup, rates=(1, 3))
    final, history = playout(state, rng, random_policy, record=True)
    assert final.is_over() and final.card_count() == setup.total_cards
    replay = state
    for _, move in history[:60]:  # every state on the way holds every card, and play never mutates
        snapshot = (replay, hash(replay))
        nxt = replay.play(move)
        assert nxt.card_count() == setup.total_cards
        assert (replay, hash(replay)) == snapshot
        replay = nxt


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), setup=st.sampled_from([ONE_DECK, TWO_DECKS, CRAPETTE, SKIP_FLIP]),
       kinds=st.tuples(st.sampled_from(["first", "longest", "block", "random"]),
                       st.sampled_from(["first", "longest", "block", "random"])))
def test_the_fast_simulator_follows_the_rules_step_for_step(seed, setup, kinds):
    # replay the fast simulator's record through SpeedState.play: every step must be legal and the result equal;
    # deterministic bots must make the same choice the kit policy makes in that state
    result = fast_round(setup, random.Random(seed), kinds, (3, 2), record=True)
    state = new_game(setup, rates=(3, 2))
    for event in result.record:
        if state.current_player >= 0 and kinds[state.current_player] != "random":
            assert policy(kinds[state.current_player])(state, random.Random(0)) == event
        state = state.play(event)
    assert state.is_over() and state.scores() == result.scores
    assert result.winner == ("tie" if state.winner() is None else state.winner())


# ---------------------------------------------------------------------------------------------------------
# suits: every card wears one, and no rule reads it

def _every_card(state: SpeedState) -> list[tuple[int, str]]:
    """(rank, suit) of every card of a state: shown, in the centre, in a cut pile, or face down with its suit."""
    shown = [c for player in state.slots for stack in player for c in stack] + list(state.centre[0] + state.centre[1])
    if state.stock is not None:
        shown += list(state.stock[0]) + list(state.stock[1])
        return sorted((int(c), c.suit) for c in shown)
    down = [(rank, suit) for k, pool in enumerate(state.pools) for rank, count in zip(RANKS, pool)
            for suit in state.suits[k][rank - 1][:count]]
    assert all(len(state.suits[k][r - 1]) == count for k, pool in enumerate(state.pools)
               for r, count in zip(RANKS, pool))  # one suit face down for each unseen card
    return sorted([(int(c), c.suit) for c in shown] + down)


def _full_decks(decks: int) -> list[tuple[int, str]]:
    return sorted((rank, suit) for rank in RANKS for suit in SUITS for _ in range(decks))


@pytest.mark.parametrize("setup", [ONE_DECK, TWO_DECKS, CRAPETTE])
def test_a_deal_holds_four_suits_of_thirteen_ranks_per_deck(setup):
    for seed in range(20):
        state = deal(setup, random.Random(seed))
        assert all(type(c) is Card for c in state.face_up(0) + state.face_up(1) + state.tops() if c is not None)
        assert _every_card(state) == _full_decks(setup.decks)
    # the suits face down are shuffled too: the first 7 turned up is not always the same suit
    assert len({deal(ONE_DECK, random.Random(seed)).tops()[0].suit for seed in range(40)}) == 4


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), setup=st.sampled_from([ONE_DECK, TWO_DECKS, SKIP_FLIP]))
def test_suits_are_conserved_through_a_whole_round_with_recycles(seed, setup):
    rng = random.Random(seed)
    state = deal(setup, rng)
    final, history = playout(state, rng, random_policy, record=True)
    replay = state
    for step, (_, move) in enumerate(history):  # still 4 suits x 13 ranks per deck, wherever the cards are
        if step % 7 == 0:
            assert _every_card(replay) == _full_decks(setup.decks)
        replay = replay.play(move)
    assert replay == final and _every_card(final) == _full_decks(setup.decks)
    if setup.decks == 1:  # gathered and cut for the next round: the same 52 cards, suits and all
        following = next_round(final, random.Random(seed))
        assert _every_card(following) == _full_decks(1)


def test_seeded_deals_give_the_same_ranks_as_before_suits():
    # pinned before suits were drawn: the suits come from a generator seeded by the rng's state, not from it
    before = {0: ((7, 1, 5, 10), (7, 13)), 1: ((13, 2, 5, 3), (3, 10)), 2: ((2, 7, 4, 12), (1, 2))}
    for seed, (mine, tops) in before.items():
        rng = random.Random(seed)
        state = deal(ONE_DECK, rng)
        assert (state.face_up(0), state.tops()) == (mine, tops)
    rng, plain = random.Random(5), random.Random(5)
    deal(TWO_DECKS, rng)
    new = new_game(TWO_DECKS)
    from circuslib.core.game import sample_outcome
    while new.step in ("flip", "draw") and not (new.centre[0] and new.centre[1] and new._pending_draw() is None):
        new = new.play(sample_outcome(new.chance_outcomes(), plain))
    assert new == deal(TWO_DECKS, random.Random(5))
    assert rng.random() == plain.random()  # the deal drew exactly as many numbers as the rules' own steps


def test_a_card_is_its_rank_for_every_rule_whatever_its_suit():
    for rank in RANKS:
        for top in RANKS:
            for a in SUITS:
                for b in SUITS:
                    assert fits(Card(rank, a), Card(top, b)) == fits(rank, top)
    assert Card(7, "♥") == 7 == Card(7, "♠") and hash(Card(7, "♥")) == hash(7) and repr(Card(7, "♥")) == "7"
    assert Card(12, "♦").name == "Q♦" and Card(12, "♦").red and not Card(12, "♣").red
    # the same position in other suits: equal, the same moves, the same chances, the same graph node
    hearts = position(["5♥", "9♥"], ["3♦", "6♦"], ("4♥", "J♥"), piles=(["7♥", "7♦"], ["8♥", "8♦"]), setup=TWO)
    spades = position(["5♠", "9♣"], ["3♠", "6♣"], ("4♣", "J♠"), piles=(["7♠", "7♣"], ["8♠", "8♣"]), setup=TWO)
    assert hearts == spades and hash(hearts) == hash(spades)
    assert hearts.chance_outcomes() == spades.chance_outcomes()
    won = hearts.play(Race(0))
    assert won.legal_moves() == spades.play(Race(0)).legal_moves() == (Play(5, 0, 0),)
    after = won.play(Play(5, 0, 0))
    assert after.tops()[0].name == "5♥"  # the card played keeps its suit on the centre pile
    with pytest.raises(IllegalMove, match="does not fit"):
        won.play(Play(9, 1, 0))


def test_cards_may_be_named_with_their_suit():
    assert [rank_of(x) for x in ("7♥", "7h", "10♦", "qs", "A♣", "KC")] == [7, 7, 10, 12, 1, 13]
    assert card_of("7h") == Card(7, "♥") and card_of("7h").suit == "♥" and card_of(7) == 7
    assert card_of(Card(3, "♣")).suit == "♣"
    with pytest.raises(ValueError, match="suit may follow"):
        rank_of("7x")
    with pytest.raises(ValueError):
        Card(7, "hearts")
    import copy
    import pickle
    assert pickle.loads(pickle.dumps(Card(7, "♥"))) is Card(7, "♥") and copy.deepcopy(Card(7, "♥")).suit == "♥"


def test_the_svg_cards_show_rank_and_suit_in_red_or_black_ink():
    state = position(["5♥", "9♠"], ["3♦", "6♣"], ("4♥", "J♣"), setup=TWO)
    svg = speed_svg(state)
    for name in ("5♥", "9♠", "3♦", "6♣", "4♥", "J♣"):
        assert f">{name}</text>" in svg
    assert svg.count(f'fill="{RED_INK}"') == 3  # 5♥, 3♦ and 4♥: red ink, and the symbol says the suit too
    assert "circus-speed-p0" not in speed_svg(state, hand=False) and "circus-speed-p1" in speed_svg(state, hand=False)


def test_a_seeded_deal_wears_the_same_suits_in_every_process():
    # the suits' generator is seeded from the rng's state: a hash that must not change from one process to another
    import subprocess
    import sys

    code = ("import random\nfrom circuslib.speed.rules import deal, ONE_DECK\n"
            "s = deal(ONE_DECK, random.Random(2027))\nprint([c.name for c in s.face_up(0) + s.tops()])")
    here = deal(ONE_DECK, random.Random(2027))
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}).stdout.strip() for seed in ("1", "2")}
    assert runs == {str([c.name for c in here.face_up(0) + here.tops()])}
