"""Flip Circus rules, pinned to hand-made rings: every power and protection, Clown groups, posters, Applause,
the five-Clowns rule, the set-up and the team variant; then Hypothesis invariants over random games."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.game import CHANCE, IllegalMove, playout
from circuslib.flip_circus.rules import (
    ACROBATE,
    CLOWN,
    DRESSEUSE,
    ENCORE,
    END_TURN,
    MAGICIEN,
    MAKE_RETURN,
    MUSCLES,
    SIZE,
    TAKE_APPLAUSE,
    VOYANTE,
    FlipCircusOptions,
    FlipCircusState,
    TokenSet,
    clown_groups,
    flip,
    from_faces,
    look,
    new_game,
    power,
    swap,
)

C, A, M, V, MU, D = CLOWN, ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE

# R1: Acrobate at 0 faces Monsieur Muscles at 5; Magicien at 2; Voyante at 4; Dresseuse at 7; Clowns 1 3 6 8 9
R1 = [(A, M), (C, V), (M, V), (C, A), (V, MU), (MU, D), (C, M), (D, A), (C, MU), (C, D)]
# R2: the Dresseuse at 5 is opposite the Acrobate (0), next to the Magicien (4) and the Voyante (6)
R2 = [(A, D), (C, A), (M, A), (C, M), (M, V), (D, MU), (V, MU), (C, V), (C, MU), (C, D)]
# R3: swapping 2 and 3 makes two trios at once: Acrobate 0-1-2 and Voyante 3-4-5
R3 = [(A, C), (A, M), (V, C), (A, D), (V, M), (V, MU), (C, M), (MU, D), (C, MU), (C, D)]


def faces(state):
    return list(state.faces)


# --- the token set --------------------------------------------------------------------------------------

def test_kit_token_set_is_the_ruling_and_loads_from_data():
    tokens = TokenSet.kit()
    assert len(tokens.tokens) == 10
    assert tokens.count(CLOWN) == 5  # five Clown/X tokens
    assert all(tokens.count(a) == 3 for a in (A, M, V, MU, D))  # each artist on three faces
    assert {frozenset(t) for t in tokens.tokens if CLOWN not in t} == {
        frozenset(p) for p in [(A, M), (M, V), (V, MU), (MU, D), (D, A)]}  # the rosace pairs


def test_another_token_set_can_be_loaded(tmp_path):
    pairs = [[C, A], [C, M], [C, V], [C, MU], [C, D], [A, V], [V, D], [D, M], [M, MU], [MU, A]]
    path = tmp_path / "star.json"
    path.write_text(json.dumps({"name": "star", "tokens": pairs}))
    tokens = TokenSet.load(path)
    assert tokens.label == "star" and tokens.tokens[5] == (A, V)
    state = new_game(FlipCircusOptions(tokens=tokens), rng=random.Random(2))
    assert sorted(state.ring) == list(range(10))


@pytest.mark.parametrize("tokens, message", [
    ([(C, A)] * 9, "10 tokens"),
    ([(C, A)] * 5 + [(A, A)] * 5, "same artist twice"),
    ([(C, A)] * 6 + [(A, M)] * 4, "exactly five tokens with a Clown"),
    ([(C, "Lion")] * 5 + [(A, M)] * 5, "the artists are"),
])
def test_bad_token_sets_are_refused(tokens, message):
    with pytest.raises(ValueError, match=message):
        TokenSet(tuple(tokens))


# --- the set-up -----------------------------------------------------------------------------------------

def test_setup_chance_steps_are_exact_and_place_clowns_up_between_the_others():
    state = FlipCircusState()
    sizes = []
    while state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        sizes.append(len(outcomes))
        state = state.play(outcomes[7 % len(outcomes)][0])
    assert sizes == [120, 120, 32, 2]  # 5! Clown orders, 5! others, 2^5 faces, who starts
    assert [state.face(i) == CLOWN for i in range(SIZE)] == [True, False] * 5
    second = 1 - state.player
    assert state.applause[second] == 1 and state.applause[state.player] == 0 and state.reserve == 4
    assert state.actions_left == 2 and state.knows == (frozenset(), frozenset())


def test_setup_outcome_that_is_not_possible_is_refused():
    with pytest.raises(IllegalMove, match="set-up"):
        FlipCircusState().play((0, 1, 2))


# --- ordinary swaps and Monsieur Muscles ----------------------------------------------------------------

def test_ordinary_swap_exchanges_two_neighbours_without_flipping():
    state = from_faces(R1)
    after = state.play(swap(2, 3))
    assert faces(after)[2:4] == [C, M] and after.backs[2:4] == (A, V)
    assert after.actions_left == 1


def test_visible_muscles_resists_an_ordinary_swap_and_the_state_is_unchanged():
    state = from_faces(R1)
    with pytest.raises(IllegalMove, match="Monsieur Muscles is visible at 5"):
        state.play(swap(4, 5))
    with pytest.raises(IllegalMove, match="Muscles"):
        state.play(swap(5, 6))
    assert state == from_faces(R1)


def test_hidden_muscles_does_not_protect():
    state = from_faces(R1)  # position 4 is Voyante up, Muscles hidden behind
    assert faces(state.play(swap(3, 4)))[3:5] == [V, C]


def test_swap_needs_neighbours():
    with pytest.raises(ValueError, match="not neighbours"):
        swap(2, 5)
    assert swap(9) == swap(0, 9) == swap(9, 0)


# --- the powers ------------------------------------------------------------------------------------------

def test_acrobate_swaps_with_the_opposite_token_even_monsieur_muscles():
    after = from_faces(R1).play(power(0))
    assert faces(after)[0] == MU and faces(after)[5] == A


def test_magicien_swaps_his_two_neighbours():
    after = from_faces(R1).play(power(2))
    assert after.backs[1] == A and after.backs[3] == V  # the two Clowns at 1 and 3 changed places
    assert faces(after)[2] == M


def test_magicien_can_move_monsieur_muscles():
    ring = list(R1)
    ring[4], ring[6] = (M, V), (C, M)  # Magicien at 4 between Clown 3 and Muscles 5; M/V token moved
    ring[2] = (V, MU)
    state = from_faces(ring)
    after = state.play(power(4))
    assert faces(after)[3] == MU and faces(after)[5] == C


def test_voyante_shows_both_neighbours_backs_to_her_player_only():
    state = from_faces(R1)  # Voyante at 4: neighbours 3 (Clown/Acrobate) and 5 (Muscles/Dresseuse)
    after = state.play(power(4))
    assert after.view(0).backs[3] == A and after.view(0).backs[5] == D
    assert after.view(1).backs == (None,) * SIZE


def test_dresseuse_cannot_be_moved_by_the_acrobate():
    with pytest.raises(IllegalMove, match="Dresseuse .* cannot be moved by the Acrobate"):
        from_faces(R2).play(power(0))


def test_dresseuse_cannot_be_moved_by_the_magicien():
    with pytest.raises(IllegalMove, match="cannot be moved by his power"):
        from_faces(R2).play(power(4))


def test_voyante_cannot_see_the_dresseuse_back_but_sees_the_other_neighbour():
    after = from_faces(R2).play(power(6))
    backs = after.view(0).backs
    assert backs[5] is None and backs[7] == V


def test_dresseuse_moves_by_an_ordinary_swap():
    after = from_faces(R2).play(swap(4, 5))
    assert faces(after)[4:6] == [D, M]


def test_a_power_can_be_used_twice_paying_an_action_each_time():
    after = from_faces(R1).play(power(0)).play(power(5))  # the Acrobate, now at 5, jumps back
    assert faces(after) == faces(from_faces(R1))
    assert after.player == 1  # two actions, no Applause: the turn passed


def test_an_artist_without_a_power_has_none_to_use():
    with pytest.raises(IllegalMove, match="no power"):
        from_faces(R1).play(power(1))


# --- flips and knowledge --------------------------------------------------------------------------------

def test_a_flip_shows_the_back_to_everybody():
    after = from_faces(R1).play(flip(0))
    assert after.face(0) == M and after.view(1).backs[0] == A and after.view(0).backs[0] == A


# --- Clown groups ---------------------------------------------------------------------------------------

def test_clown_groups_are_runs_of_two_or_more_visible_clowns():
    assert clown_groups([C, C, A, C, M, C, C, V, A, C]) == [frozenset({5, 6}), frozenset({9, 0, 1})]


def test_a_swap_making_a_clown_group_gives_the_reward():
    state = from_faces(R1, applause=(0, 1))
    after = state.play(swap(7, 8))  # Clown to 7, next to the Clown at 6
    assert after.pending and set(after.legal_moves()) == {TAKE_APPLAUSE, MAKE_RETURN}
    with pytest.raises(IllegalMove, match="reward"):
        after.play(flip(0))
    took = after.play(TAKE_APPLAUSE)
    assert took.applause == (1, 1) and took.reserve == 3 and not took.pending
    returned = after.play(MAKE_RETURN)
    assert returned.applause == (0, 0) and returned.reserve == 5


def test_enlarging_a_group_gives_the_reward_but_reordering_it_does_not():
    state = from_faces(R1)  # Clowns 8 and 9 already form a group
    assert state.play(swap(0, 1)).pending  # the Clown from 1 joins 9 and 8 at 0
    assert not state.play(swap(8, 9)).pending  # the same two Clowns, reordered


def test_a_magicien_swapping_two_clowns_makes_no_group_and_pays_nothing():
    # Clowns at 0 1 3 6; the Magicien at 2 swaps the Clowns at 1 and 3: the visible faces are what they were
    state = from_faces([(C, A), (C, M), (M, V), (C, V), (V, MU), (MU, D), (C, MU), (D, A), (A, M), (D, C)])
    after = state.play(power(2))
    assert after.faces == state.faces and after.ring != state.ring
    assert not after.pending and after.actions_left == 1 and after.applause == (0, 0)


def test_a_magicien_moving_a_clown_into_a_group_pays_the_reward():
    # the Magicien at 2 swaps 1 (Acrobate) and 3 (Clown): the Clown joins the Clown at 0
    state = from_faces([(C, A), (A, M), (M, V), (C, V), (V, MU), (MU, D), (C, MU), (D, A), (C, M), (D, C)])
    after = state.play(power(2))
    assert after.pending and set(after.legal_moves()) == {TAKE_APPLAUSE}


def test_a_flip_making_a_clown_group_gives_the_reward():
    ring = list(R1)
    ring[2], ring[6] = (M, C), (M, V)  # a Clown/Magicien token, Magicien up, between the Clowns 1 and 3
    after = from_faces(ring).play(flip(2))
    assert after.pending


def test_no_reward_choice_when_nothing_can_be_taken_or_returned():
    state = from_faces(R1, applause=(0, 0))
    full = FlipCircusState(state.options, "play", state.ring, state.up, state.knows, (5, 0), ((), ()), 0, 2)
    assert full.reserve == 0
    after = full.play(swap(7, 8))
    assert not after.pending  # the reserve is empty and the opponent has nothing to return


# --- posters --------------------------------------------------------------------------------------------

def test_a_trio_takes_its_poster_then_the_middle_token_is_flipped():
    ring = list(R3)
    state = from_faces(ring)
    assert state.play(flip(2)).posters == ((), ())  # the Voyante at 2 turns into a Clown: no trio
    after = state.play(swap(2, 3))  # A A A V V V at 0..5: two trios at once
    assert after.posters[0] == (A, V)
    assert after.face(1) == M and after.face(4) == M  # each middle turned to its other face
    assert after.view(1).backs[1] == A  # and everybody saw it


def test_a_poster_already_taken_cannot_be_taken_again():
    state = from_faces(R3, posters=((), (A,)))
    after = state.play(swap(2, 3))
    assert after.posters == ((V,), (A,)) and after.face(1) == A  # no Acrobate poster: that middle stays


def test_the_third_poster_wins_at_once():
    state = from_faces(R3, posters=((MU,), ()))
    after = state.play(swap(2, 3))
    assert after.is_over() and after.winner == 0 and after.scores() == (3, 3)[:1] + (0,)
    assert after.legal_moves() == ()


def test_five_clowns_take_the_last_poster_only_when_both_have_two():
    two_each = ((A, V), (M, MU))
    state = from_faces(R1, posters=two_each)  # all five Clowns are visible: 1 3 6 8 9
    after = state.play(flip(0)).play(flip(0))  # two harmless actions end the turn
    assert after.is_over() and after.winner == 0 and after.posters[0] == (A, V, D)
    not_yet = from_faces(R1, posters=((A, V), (M,))).play(flip(0)).play(flip(0))
    assert not not_yet.is_over() and not_yet.player == 1


# --- Applause -------------------------------------------------------------------------------------------

def test_an_applause_buys_one_more_action():
    state = from_faces(R1, applause=(1, 0)).play(flip(0)).play(flip(0))
    assert state.player == 0 and state.actions_left == 0  # Applause left: the player may go on
    assert END_TURN in state.legal_moves()
    more = state.play(ENCORE)
    assert more.actions_left == 1 and more.applause == (0, 0) and more.reserve == 5
    assert more.play(flip(3)).player == 1  # nothing left: the turn ends by itself


def test_an_applause_buys_a_secret_look():
    state = from_faces(R1, applause=(1, 0)).play(look(3))
    assert state.view(0).backs[3] == A and state.view(1).backs[3] is None and state.applause == (0, 0)
    assert state.actions_left == 2


def test_no_applause_no_spending():
    state = from_faces(R1)
    with pytest.raises(IllegalMove, match="no Applause"):
        state.play(ENCORE)
    with pytest.raises(IllegalMove, match="no Applause"):
        state.play(look(3))


def test_actions_must_be_played_before_ending_the_turn():
    with pytest.raises(IllegalMove, match="2 action"):
        from_faces(R1).play(END_TURN)


def test_never_more_than_five_applause():
    with pytest.raises(ValueError, match="only 5 Applause"):
        from_faces(R1, applause=(4, 2))


# --- the team variant -----------------------------------------------------------------------------------

def test_team_variant_seats_alternate_and_share_applause():
    rules = FlipCircusOptions(players=4)
    state = from_faces(R1, options=rules, applause=(1, 0), player=2)  # seat 2 is team 0
    assert state.team == 0
    after = state.play(ENCORE)
    assert after.applause == (0, 0)
    after = after.play(flip(0)).play(flip(0)).play(flip(0))
    assert after.player == 3 and after.team == 1


def test_team_variant_a_team_wins_with_three_posters_collected_together():
    rules = FlipCircusOptions(players=4)
    state = from_faces(R3, options=rules, player=2, posters=((MU,), ()))
    after = state.play(swap(2, 3))
    assert after.is_over() and after.winner == 0 and after.scores() == (3, 0, 3, 0)


def test_team_variant_setup_gives_the_applause_to_the_second_seat_team():
    state = new_game(FlipCircusOptions(players=4), rng=random.Random(5))
    assert state.applause[(state.player + 1) % 2] == 1 and len(state.knows) == 4


def test_ruleset_checks_its_options():
    with pytest.raises(ValueError, match="duel"):
        FlipCircusOptions(players=3)
    with pytest.raises(ValueError, match="actions"):
        FlipCircusOptions(actions=0)


def test_bad_arguments_are_refused_early():
    with pytest.raises(TypeError, match="whole number"):
        flip(1.0)
    with pytest.raises(ValueError, match="from 0 to 9, not 10"):
        flip(10)
    with pytest.raises(ValueError, match="no Magicien/Magicien"):
        from_faces([(M, M)] + R1[1:])
    with pytest.raises(IllegalMove, match="not a Flip Circus move"):
        from_faces(R1).play("flip 3")


# --- invariants over random games -----------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 4]))
def test_random_games_keep_every_token_and_knowledge_only_grows(seed, players):
    rules = FlipCircusOptions(players=players)
    rng = random.Random(seed)
    state = new_game(rules, rng=rng)
    steps = 0
    while not state.is_over() and steps < 400:
        move = rng.choice(list(state.legal_moves()))
        nxt = state.play(move)
        assert sorted(nxt.ring) == list(range(SIZE))  # the ten tokens are always all there
        assert all(old <= new for old, new in zip(state.knows, nxt.knows))  # knowledge only grows
        assert 0 <= nxt.reserve and min(nxt.applause) >= 0 and sum(nxt.applause) <= 5
        assert len({a for team in nxt.posters for a in team}) == sum(map(len, nxt.posters))
        for p in range(players):
            view = nxt.view(p)
            for i in range(SIZE):  # hidden faces never leak through the view
                assert view.backs[i] == (nxt.back(i) if nxt.ring[i] in nxt.knows[p] else None)
            assert not hasattr(view, "ring") and not hasattr(view, "up")
        state, steps = nxt, steps + 1


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_play_always_ends(seed):
    end = playout(new_game(rng=random.Random(seed)), random.Random(seed), max_steps=50_000)
    assert end.is_over() and len(end.posters[end.winner]) == 3


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 1000), move=st.integers(0, 40))
def test_a_failed_play_never_changes_the_state(seed, move):
    state = new_game(rng=random.Random(seed))
    candidates = [swap(i) for i in range(10)] + [flip(i) for i in range(10)] + [power(i) for i in range(10)] + \
        [look(i) for i in range(10)] + [END_TURN]
    before = (state.ring, state.up, state.knows, state.applause, state.posters, state.actions_left)
    try:
        state.play(candidates[move])
    except IllegalMove:
        pass
    assert before == (state.ring, state.up, state.knows, state.applause, state.posters, state.actions_left)


def test_state_draws_itself_as_svg():
    html = from_faces(R1)._repr_html_()
    assert "<svg" in html and "Muscles" in html and "no swap" in html and "immune" in html
    view_html = from_faces(R1, known={0: [3]}).view(0)._repr_html_()
    assert "(Acrobate)" in view_html
    # every form a notebook or an exporter may want: themed HTML, plain SVG, and the ring in words
    bundle = from_faces(R1, known={0: [3]}).view(0)._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "text/plain"}
    assert bundle["image/svg+xml"].startswith("<svg") and "currentColor" not in bundle["image/svg+xml"]
    words = bundle["text/plain"]
    assert words.startswith("A ring of 10 tokens, clockwise from place 0: 0 Acrobate, 1 Clown,")
    assert "3 Clown (back seen: Acrobate)" in words and "what player 0 knows" in words.lower()
    assert "At 5: Monsieur Muscles cannot be moved by an ordinary swap." in words
    assert "At 7: the Dresseuse is immune" in words
    state_words = from_faces(R1)._repr_mimebundle_()["text/plain"]
    assert "back seen" not in state_words and "player 0 to play, 2 actions left" in state_words.lower()
    # during the set-up there is no ring yet: the phase, in words
    assert new_game()._repr_mimebundle_() == {"text/html": "<i>set-up: Clowns</i>",
                                              "text/plain": "FlipCircusState(set-up: Clowns)"}


def test_the_game_starts_one_way_and_the_old_names_still_answer():
    import warnings

    import circuslib.flip_circus as package
    from circuslib.flip_circus import rules

    start = new_game()
    assert start.current_player == CHANCE and start.options == FlipCircusOptions() == rules.KIT_OPTIONS
    dealt = new_game(rng=random.Random(7))
    assert dealt.phase == "play" and [f == CLOWN for f in dealt.faces] == [True, False] * 5
    assert new_game(players=4, rng=random.Random(9)) == new_game(FlipCircusOptions(players=4), rng=random.Random(9))
    assert new_game(FlipCircusOptions(actions=3), players=4).options == FlipCircusOptions(actions=3, players=4)
    with pytest.raises(TypeError, match="options must be FlipCircusOptions"):
        new_game("duel")
    with pytest.raises(TypeError, match="rng must be a seeded random generator"):
        new_game(rng=7)
    with pytest.raises(ValueError, match="duel"):
        new_game(players=3)
    with pytest.warns(DeprecationWarning, match="new_game\\(options, rng=rng\\)"):
        old = new_game(random.Random(7))
    assert old == dealt  # the same deal for the same seed
    for module in (rules, package):
        for old_name, new_name in [("FlipCircus", "FlipCircusState"), ("Ruleset", "FlipCircusOptions"),
                                   ("KIT_RULES", "KIT_OPTIONS")]:
            with pytest.warns(DeprecationWarning, match=f"{old_name} is now called {new_name}"):
                assert getattr(module, old_name) is getattr(rules, new_name)
    with pytest.warns(DeprecationWarning, match="state.rules is now state.options"):
        assert dealt.rules is dealt.options
    with pytest.warns(DeprecationWarning, match="rules= is now options="):
        assert from_faces(R1, rules=FlipCircusOptions(players=4)).options.players == 4
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new names warn of nothing
        from_faces(R1, options=FlipCircusOptions()).view(0)
        new_game(FlipCircusOptions(), rng=random.Random(1))


def test_listed_moves_are_exactly_the_legal_ones_in_order():
    # legal_moves lists the ring moves with the rules inlined for speed; is_legal asks swap_problem and
    # power_problem: both must agree everywhere, in the fixed order swaps, flips, powers, encore, looks, end
    from circuslib.flip_circus.rules import ENCORE, END_TURN, MAKE_RETURN, TAKE_APPLAUSE, FlipCircusOptions, look, power
    candidates = ([swap(i) for i in range(10)] + [flip(i) for i in range(10)] + [power(i) for i in range(10)]
                  + [ENCORE] + [look(i) for i in range(10)] + [END_TURN, TAKE_APPLAUSE, MAKE_RETURN])
    rng = random.Random(11)
    checked = 0
    for game in range(12):
        state = new_game(FlipCircusOptions(players=4) if game % 3 == 0 else FlipCircusOptions(), rng=rng)
        while not state.is_over() and checked < 3000:
            order = [m for m in candidates if state.is_legal(m)]
            if state.pending:
                assert set(state.legal_moves()) == set(order)
            else:
                assert list(state.legal_moves()) == order
            checked += 1
            state = state.play(rng.choice(list(state.legal_moves())))
    assert checked >= 2000


def test_a_clown_group_is_read_at_the_changed_places_as_from_all_the_groups():
    # _grows_clowns (the rules' and the search's quick test) against comparing every group before and after
    import random as _random

    from circuslib.flip_circus.rules import ARTISTS, SIZE, _grows_clowns, clown_groups, makes_clown_group, power_swap

    rng = _random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(3000):
        weights = [rng.choice([1, 3, 8]) if a == "Clown" else 1 for a in ARTISTS]
        faces = tuple(rng.choices(ARTISTS, weights, k=SIZE))
        actions = [((i, (i + 1) % SIZE), None) for i in range(SIZE)] + [((i,), a) for i in range(SIZE) for a in ARTISTS]
        actions += [(power_swap(faces, i), None) for i in range(SIZE) if faces[i] in ("Acrobate", "Magicien")]
        for changed, shown in actions:
            new = list(faces)
            if shown is None:
                i, j = changed
                new[i], new[j] = new[j], new[i]
            else:
                new[changed[0]] = shown
            expected = makes_clown_group(clown_groups(faces), clown_groups(new))
            assert _grows_clowns(faces, new, changed) == expected, (faces, changed, shown)
            seen[expected] += 1
    assert min(seen.values()) > 1000  # both answers tried many times
