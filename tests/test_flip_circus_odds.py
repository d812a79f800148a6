"""Flip Circus deduction, counting, one-turn search and swap distances: hand-worked exact values, exact
cross-checks by replaying plans in every hidden world, and seeded simulations."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import networkx as nx
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from circuslib.core.game import IllegalMove
from circuslib.core.sim import monte_carlo, tally
from circuslib.flip_circus.graphs import (
    can_take_poster,
    one_turn_graph,
    shortest_swaps,
    swap_distance,
    swap_graph,
    swaps_to_trio,
    trio_need,
    winning_turns,
)
from circuslib.flip_circus.odds import (
    back_fractions,
    best_look,
    burnside_terms,
    count_rings,
    hidden_worlds,
    look_values,
    possible_backs,
    setup_poster_probability,
    uncertainty,
)
from circuslib.flip_circus.rules import (
    ACROBATE,
    CLOWN,
    DRESSEUSE,
    MAGICIEN,
    MUSCLES,
    SIZE,
    VOYANTE,
    flip,
    from_faces,
    new_game,
)

C, A, M, V, MU, D = CLOWN, ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE
R = sympy.Rational

# a set-up ring: Clowns at even places (backs A M V Mu D), the rosace tokens turned clockwise at odd places
SETUP = [(C, A), (A, M), (C, M), (M, V), (C, V), (V, MU), (C, MU), (MU, D), (C, D), (D, A)]
# one flip from a trio: Acrobates at 0 and 2 around the Clown/Acrobate token at 1
NEAR = [(A, M), (C, A), (A, D), (C, M), (M, V), (C, V), (V, MU), (C, MU), (MU, D), (C, D)]


# --- possible backs --------------------------------------------------------------------------------------

def test_possible_backs_at_a_setup_by_hand():
    # Hand count: the five Clown tokens can lie in any of 5! = 120 orders among the Clowns; each visible artist
    # X at an odd place is a rosace token X/(next) or (previous)/X, and the five must fit together, which
    # leaves two ways (all turned clockwise, or all counter-clockwise): 120 * 2 = 240 equally likely worlds.
    state = from_faces(SETUP)
    worlds = hidden_worlds(state, 0)
    assert sum(worlds.values()) == 240 and len(worlds) == 240
    backs = possible_backs(state, 0)
    assert backs[0] == {a: R(1, 5) for a in (A, M, V, MU, D)}  # any artist behind a Clown
    assert backs[1] == {M: R(1, 2), D: R(1, 2)}  # the Acrobate's rosace neighbours
    assert backs[7] == {V: R(1, 2), D: R(1, 2)}


def test_one_look_settles_the_whole_rosace_and_narrows_the_clowns():
    state = from_faces(SETUP, known={0: [1, 0]})  # player 0 saw a Magicien behind 1 and an Acrobate behind 0
    backs = possible_backs(state, 0)
    assert backs[1] == {M: 1} and backs[3] == {V: 1} and backs[9] == {A: 1}  # clockwise everywhere
    assert backs[2] == {a: R(1, 4) for a in (M, V, MU, D)}  # four Clown tokens left for four places
    assert possible_backs(state, 1)[3] == {A: R(1, 2), V: R(1, 2)}  # player 1 saw nothing


def test_a_flip_seen_by_all_is_used_by_all():
    state = from_faces(SETUP).play(flip(0))  # the Acrobate behind the Clown at 0 is now up
    for player in (0, 1):
        assert possible_backs(state, player)[0] == {C: 1}
        assert possible_backs(state, player)[2] == {a: R(1, 4) for a in (M, V, MU, D)}


def test_possible_backs_agree_with_a_seeded_simulation_of_the_deal():
    # calibration: over random deals, the predicted chance of "Magicien behind place 1" averages to how often it is
    def trial(rng):
        state = new_game(rng=rng)
        predicted = possible_backs(state, 0)[1].get(M, 0)
        return float(predicted) - (state.back(1) == M)

    estimate = monte_carlo(trial, 600, seed=11)
    assert estimate.contains(0)


def test_possible_backs_checks_its_arguments():
    with pytest.raises(TypeError, match="whose knowledge"):
        possible_backs(from_faces(SETUP))
    with pytest.raises(TypeError, match="Flip Circus state"):
        possible_backs("ring", 0)
    with pytest.raises(ValueError, match="player must be a whole number from 0 to 1, not 2"):
        possible_backs(from_faces(SETUP), 2)


# --- the value of a look ----------------------------------------------------------------------------------

def test_look_values_by_hand():
    # behind a Clown: 5 equally likely artists, log2 5 bits; behind a rosace token: 2 equally likely, 1 bit
    values = look_values(from_faces(SETUP), 0)
    assert values[0] == sympy.log(5) / sympy.log(2) and values[1] == 1
    assert best_look(from_faces(SETUP), 0) == 0
    assert uncertainty(from_faces(SETUP), 0) == sympy.log(240) / sympy.log(2)
    known = look_values(from_faces(SETUP, known={0: [1]}), 0)
    assert 1 not in known and known[3] == 0  # one look at a rosace token tells all the others


def test_a_look_reduces_uncertainty_by_its_value_on_average():
    # H(world) - E[H(world | back at 0)] = H(back at 0): 240 worlds, then 48 whatever the Acrobate-or-other back
    before = uncertainty(from_faces(SETUP), 0)
    after = uncertainty(from_faces(SETUP, known={0: [0]}), 0)
    assert sympy.simplify(before - after - look_values(from_faces(SETUP), 0)[0]) == 0


# --- counting rings -------------------------------------------------------------------------------------

def test_count_rings_of_ten_distinct_tokens():
    assert count_rings(range(10)) == 3628800  # 10!
    assert count_rings(range(10), "rotation") == 362880  # 10!/10: only turning by 0 fixes anything
    assert count_rings(range(10), "dihedral") == 181440  # 10!/20
    assert count_rings(range(10), "rotation", sides=2) == 362880 * 1024  # each token either way up


def test_count_face_patterns_with_burnside_by_hand():
    # 5 Clowns, 2 Acrobates, 2 Magiciens, 1 Voyante: 10!/(5! 2! 2!) = 7560 rows; the lone Voyante means no
    # turn fixes one, so 7560/10 = 756 up to turning. Mirrors through the Voyante's place fix 2 * 4!/(2!1!1!)
    # = 24 each (5 such mirrors: 120) and the 5 mirrors between places fix none: (7560 + 120)/20 = 384.
    labels = [C] * 5 + [A, A, M, M, V]
    assert count_rings(labels) == 7560
    assert count_rings(labels, "rotation") == 756
    assert count_rings(labels, "dihedral") == 384
    assert sum(f for _, f in burnside_terms(labels, "dihedral")) == 7560 + 120


def test_burnside_agrees_with_brute_force_on_a_small_ring():
    labels = "AABBC"
    rows = set(itertools.permutations(labels))
    classes = {min(tuple(r[k:] + r[:k]) for k in range(5)) for r in rows}
    assert count_rings(labels, "rotation") == len(classes) == 6


def test_the_smallest_rings_by_hand():
    # one place: its turn and its mirror both leave the token where it is, one ring
    assert count_rings("C", "dihedral") == count_rings("C", "rotation") == 1
    assert burnside_terms("C", "dihedral") == [("[1]", 1), ("[1]", 1)]
    # two places, Burnside by hand: no turn, the half turn, the mirror through both places (it moves nothing) and
    # the mirror between them (it swaps them); CA: rows fixed 2 + 0 + 2 + 0, over 4 symmetries, one ring
    assert burnside_terms("CA", "dihedral") == [("[1, 1]", 2), ("[2]", 0), ("[1, 1]", 2), ("[2]", 0)]
    assert count_rings("CA", "dihedral") == 1
    assert count_rings("CC", "dihedral") == 1  # (1 + 1 + 1 + 1) / 4
    # with each token either way up the mirror through the places keeps the faces too: (8 + 0 + 8 + 0) / 4 = 4
    assert count_rings("CA", "dihedral", sides=2) == 4 and count_rings("C", "dihedral", sides=2) == 2


def test_burnside_agrees_with_listing_on_every_small_ring():
    def listed(labels):
        rows = set(itertools.permutations(labels))
        return len({min(min(r[k:] + r[:k], (r[k:] + r[:k])[::-1]) for k in range(len(r))) for r in rows})

    for labels in ("C", "CA", "CC", "CCA", "CAV", "CCAA", "CAVM", "CCAAV"):
        assert count_rings(labels, "dihedral") == listed(labels), labels


def test_count_rings_refuses_what_it_cannot_count():
    with pytest.raises(ValueError, match="symmetry"):
        count_rings(range(4), "spin")
    with pytest.raises(ValueError, match="distinct tokens"):
        count_rings("AAB", "rotation", sides=2)


# --- the one-turn search ----------------------------------------------------------------------------------

def _replay_probability(state, moves) -> Fraction:
    """Play ``moves`` in every hidden world the player cannot rule out, and weigh the worlds where a poster comes."""
    view = state.view(state.player)
    worlds = hidden_worlds(view)
    won = 0
    for world, weight in worlds.items():
        true = from_faces(list(zip(view.faces, world)), player=state.player, actions_left=state.actions_left,
                          applause=state.applause, posters=state.posters)
        start = sum(map(len, true.posters))
        try:
            for move in moves:
                true = true.play(move)
                if sum(map(len, true.posters)) > start:
                    won += weight
                    break
        except IllegalMove:
            pass
    return Fraction(won, sum(worlds.values()))


def test_a_known_back_wins_for_sure_in_one_flip():
    state = from_faces(NEAR, known={0: [1]})
    turns = winning_turns(state)
    assert turns[0].moves == (flip(1),) and turns[0].probability == 1
    assert [t.moves for t in turns if t.actions == 1] == [(flip(1),)]


def test_an_unseen_back_wins_with_its_chance():
    # A/M and D/A must be the two visible Acrobates, so the Clown tokens hold the five artists: P = 1/5
    turns = winning_turns(from_faces(NEAR))
    assert turns[0].moves == (flip(1),) and turns[0].probability == R(1, 5)
    assert all(a.actions <= b.actions for a, b in zip(turns, turns[1:]))  # shortest first


def test_every_plan_wins_in_exactly_its_share_of_the_hidden_worlds():
    state = from_faces(NEAR)
    turns = winning_turns(state)
    assert len(turns) > 5
    for turn in turns:
        assert _replay_probability(state, turn.moves) == turn.probability, str(turn)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 5000))
def test_plans_replayed_in_every_world_of_a_random_deal(seed):
    state = new_game(rng=random.Random(seed))
    for turn in winning_turns(state)[:25]:
        assert _replay_probability(state, turn.moves) == turn.probability, str(turn)


def test_applause_lengthens_the_search_and_is_spent_with_encore():
    state = from_faces(NEAR, applause=(1, 0))
    three = [t for t in winning_turns(state) if t.actions == 3]
    assert three and all(t.moves.count(next(m for m in t.moves if m.name == "encore")) == 1 for t in three)
    assert not [t for t in winning_turns(state, max_applause=0) if t.actions == 3 and "encore" in map(str, t.moves)]


def test_trio_need_is_a_lower_bound():
    assert trio_need([A, C, A, C, M, C, V, C, MU, C], (A, M)) == 1
    assert trio_need([A, C, A, C, M, C, V, C, MU, C], (V,)) == 2
    assert trio_need([A, A, A] + [C] * 7, (A,)) == 0


def test_the_quick_trio_checks_agree_with_their_definitions():
    # _trio_need reads each window once and _has_trio_near reads a table of the windows through the places: both
    # against the plain definitions (every window, every free artist) on 3,000 random rings and free posters
    from circuslib.flip_circus.graphs import _has_trio_near, _trio_need
    from circuslib.flip_circus.rules import ARTISTS, POSTER_ARTISTS

    def windows(faces):
        return [(faces[m - 1], faces[m], faces[(m + 1) % SIZE]) for m in range(SIZE)]

    rng = random.Random(15)
    needs, trios = set(), set()
    for _ in range(3_000):
        faces = tuple(rng.choice(ARTISTS[:rng.randint(1, 6)]) for _ in range(SIZE))
        available = frozenset(a for a in POSTER_ARTISTS if rng.random() < 0.6)
        need = min((3 - w.count(a) for w in windows(faces) for a in set(w) if a in available), default=3)
        assert _trio_need(faces, available) == _trio_need(faces, tuple(available)) == need
        i = rng.randrange(SIZE)
        places = rng.choice([(i,), (i, (i + 1) % SIZE), (i, (i + SIZE // 2) % SIZE), (i, (i + 2) % SIZE)])
        near = [faces[(m - 1) % SIZE] == faces[m % SIZE] == faces[(m + 1) % SIZE] in available
                for p in places for m in (p - 1, p, p + 1)]
        assert _has_trio_near(faces, available, places) == any(near)
        needs.add(need)
        trios.add(any(near))
    assert needs == {0, 1, 2, 3} and trios == {True, False}  # every answer came up


def test_omniscient_search_sees_through_the_backs():
    state = from_faces(NEAR)
    assert can_take_poster(state, max_applause=0)  # the Acrobate really is behind the Clown at 1


def test_setup_poster_probability_matches_a_seeded_simulation():
    exact = setup_poster_probability(show_progress=False)
    assert 0 < exact < 1 and exact == R(67, 384)

    def trial(rng):  # deal, let the opener play the plan most likely to work, see whether a poster comes
        state = new_game(rng=rng)
        turns = winning_turns(state, max_applause=0)
        if not turns:
            return False
        best = max(turns, key=lambda t: t.probability)
        start = 0
        for move in best.moves:
            try:
                state = state.play(move)
            except IllegalMove:
                return False
            if sum(map(len, state.posters)) > start:
                return True
        return False

    assert tally(trial, 400, seed=5).contains(True, exact)


def test_one_turn_graph_marks_posters():
    state = from_faces(NEAR, known={0: [1]})
    graph = one_turn_graph(state)
    assert graph.graph["root"] in graph
    posters = [n for n, d in graph.nodes(data=True) if d["poster"]]
    assert posters and all(graph.nodes[n]["state"].posters[0] for n in posters)
    first = [graph.edges[graph.graph["root"], n]["move"] for n in graph.successors(graph.graph["root"])
             if graph.nodes[n]["poster"]]
    assert flip(1) in first


# --- swap distances ----------------------------------------------------------------------------------------

def test_swap_distance_by_hand():
    assert swap_distance([0, 1, 2], [2, 1, 0]) == 1  # on a ring of three, the ends are neighbours
    assert swap_distance([0, 1, 2, 3], [1, 0, 3, 2]) == 2
    assert swap_distance("ABCD", "ABCD") == 0
    assert swap_distance([0, 1, 2, 3, 4], [1, 2, 3, 4, 0]) == 4  # a turn by one place: four swaps


def test_shortest_swaps_really_turn_one_ring_into_the_other():
    a, b = [0, 1, 2, 3, 4, 5], [3, 5, 0, 2, 4, 1]
    ring = list(a)
    steps = shortest_swaps(a, b)
    for i, j in steps:
        ring[i], ring[j] = ring[j], ring[i]
    assert ring == b and len(steps) == swap_distance(a, b)


def test_swap_distance_agrees_with_the_cayley_graph():
    graph = swap_graph(range(5))
    assert graph.number_of_nodes() == 120 and all(d == 5 for _, d in graph.degree())
    rng = random.Random(4)
    start = tuple(range(5))
    lengths = nx.single_source_shortest_path_length(graph, start)
    for _ in range(20):
        target = tuple(rng.sample(range(5), 5))
        assert swap_distance(start, target) == lengths[target]


def test_swaps_to_bring_three_artists_together():
    ring = [A, C, A, M, C, A, V, C, MU, D]
    # hand: gather at 1-2-3: the Acrobate at 0 steps to 1 (1 swap), the one at 5 to 3 (2 swaps): 3 in all;
    # gathering at 0-1-2 would cost 1 + 3 = 4
    assert swaps_to_trio(ring, A) == 3
    assert swaps_to_trio(ring, M) is None  # only one Magicien visible
    # Acrobates at 0, 2, 5 with Monsieur Muscles at 1. Free swaps: 0 -> 1 (1) and 5 -> 3 (2) = 3. If Muscles
    # cannot be swapped, the Acrobate at 0 must go the long way round: 0 -> 6 (4 swaps), 2 -> 4 (2): 6.
    guarded = [A, MU, A, C, C, A, C, C, C, C]
    assert swaps_to_trio(guarded, A) == 3 and swaps_to_trio(guarded, A, protections=True) == 6


def test_swap_distance_checks_its_arguments():
    with pytest.raises(ValueError, match="same items"):
        swap_distance([0, 1], [0, 2])
    with pytest.raises(ValueError, match="too big"):
        swap_graph(range(8))


def test_one_turn_graph_draws_without_scipy():
    from circuslib.flip_circus.pictures import one_turn_picture

    graph = one_turn_graph(from_faces(NEAR, known={0: [1]}))
    assert graph.number_of_nodes() > 500  # big enough that a spring layout would need scipy
    [ax] = one_turn_picture(graph).to_matplotlib().axes
    assert "with a new poster" in ax.get_title()


def test_the_one_turn_picture_depends_on_its_seed_not_on_how_the_graph_was_put_together():
    import random

    import matplotlib
    import networkx as nx
    from matplotlib.collections import PathCollection

    matplotlib.use("Agg")
    from circuslib.flip_circus.pictures import one_turn_picture

    graph = one_turn_graph(from_faces(NEAR, known={0: [1]}), max_nodes=120)
    shuffled = nx.DiGraph(**graph.graph)  # the same positions and actions, added in another order
    nodes = list(graph.nodes(data=True))
    random.Random(3).shuffle(nodes)
    shuffled.add_nodes_from(nodes)
    shuffled.add_edges_from(graph.edges(data=True))

    def places(g, seed):
        [ax] = one_turn_picture(g, seed=seed).to_matplotlib().axes
        [dots] = [c for c in ax.collections if isinstance(c, PathCollection)]
        return {node: tuple(xy) for node, xy in zip(g.nodes, dots.get_offsets().tolist())}

    assert places(graph, 2) == places(shuffled, 2)
    assert places(graph, 2) != places(graph, 3)  # the seed does spread each ring differently


def test_five_clowns_plans_end_the_turn_with_every_clown_up():
    # all five Clowns are visible and both sides have two posters: any two actions that keep them all up win
    ring = [(A, M), (C, V), (M, V), (C, A), (V, MU), (MU, D), (C, M), (D, A), (C, MU), (C, D)]
    state = from_faces(ring, posters=((A, V), (M, MU)))
    turns = winning_turns(state)
    sure = [t for t in turns if t.probability == 1]
    assert any(t.moves == (flip(0), flip(0)) for t in sure)
    assert not any(t.moves == (flip(1), flip(0)) for t in sure)  # that turns a Clown down
    for turn in turns[:40]:
        assert _replay_probability(state, turn.moves) == turn.probability, str(turn)


def test_backs_behind_a_dealt_clown_match_a_seeded_simulation():
    # the exact 1/5 each (hence a look worth log2 5 bits) against the backs really dealt
    result = tally(lambda rng: new_game(rng=rng).back(0), 2000, seed=8)
    for artist in (A, M, V, MU, D):
        assert result.contains(artist, possible_backs(from_faces(SETUP), 0)[0][artist])


def test_count_rings_explains_a_number_given_instead_of_the_tokens():
    import pytest

    from circuslib.flip_circus.odds import count_rings

    with pytest.raises(TypeError, match=r"count_rings\(range\(10\)\)"):
        count_rings(10)
    # 4 different tokens: 4! = 24 rows, 24 / 4 = 6 rings up to turning
    assert count_rings(range(4), "rotation") == 6


def test_back_fractions_are_possible_backs_as_fractions():
    state = from_faces(SETUP)
    exact = possible_backs(state, 0)
    fractions = back_fractions(state, 0)
    assert [{k: sympy.Rational(v.numerator, v.denominator) for k, v in d.items()} for d in fractions] == exact
    assert all(isinstance(p, Fraction) for d in fractions for p in d.values())


def test_entropies_are_exact_without_simplify():
    # the prime-logarithm form equals -sum p log2 p, for equal and unequal weights alike
    from circuslib.flip_circus.odds import _entropy

    for weights in [(1,) * 240, (1,) * 5, (1, 1), (1,) * 64, (2, 1, 1), (1, 2), (2, 2, 1), (3, 3, 2), (6, 10, 15, 1)]:
        total = sum(weights)
        direct = -sum(sympy.Rational(w, total) * sympy.log(sympy.Rational(w, total), 2) for w in weights)
        assert sympy.simplify(_entropy(weights) - direct) == 0
    assert _entropy((1,) * 240) == sympy.log(240) / sympy.log(2) and _entropy((1,) * 64) == 6
    assert _entropy((2, 1, 1)) == sympy.Rational(3, 2)


def test_the_lessons_entropies_and_check_import_no_sympy_physics():
    # sympy.simplify's first call imports sympy.physics (about 0.1 s of a lesson): the kit's entropies and the
    # bits check must not need it
    import subprocess
    import sys

    code = ("import sys, sympy\n"
            "from circuslib.flip_circus.rules import from_faces\n"
            "from circuslib.flip_circus.odds import uncertainty, look_values, best_look\n"
            "from circuslib.flip_circus.checks import check\n"
            f"ring = from_faces({SETUP!r})\n"
            "uncertainty(ring, 0), look_values(ring, 0), best_look(ring, 0)\n"
            "check.try_uncertainty_after_a_look(sympy.log(48, 2))\n"
            "print('sympy.physics' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "False"


def _seeded_views(n_games: int = 12, seed: int = 5):
    """Positions where a player is to move, from seeded games between the greedy and random bots."""
    from circuslib.flip_circus.bots import greedy_bot, random_bot

    rng = random.Random(seed)
    for _ in range(n_games):
        s = new_game(rng=rng)
        while not s.is_over():
            if not s.pending and s.actions_left:
                yield s
            s = s.play((greedy_bot, random_bot)[s.player](s, rng))


def test_the_last_action_table_lists_exactly_the_actions_that_complete_a_trio():
    # _finishing_moves (kept per ring) against trying every swap, flip and power of the rules on the faces
    from circuslib.flip_circus.graphs import _finishing_moves, _has_trio_near
    from circuslib.flip_circus.rules import POSTER_ARTISTS, _ring_moves, power_swap

    available = frozenset(POSTER_ARTISTS)
    rings = {s.faces for s in _seeded_views()}
    assert len(rings) > 200
    for faces in rings:
        if any(faces[m - 1] == faces[m] == faces[(m + 1) % SIZE] for m in range(SIZE)):
            continue  # the search never stands on a trio: it would have taken the poster
        finishing = _finishing_moves(faces, available)
        sure, flips = finishing or ((), ())
        want_sure, want_flips = [], []
        for move in _ring_moves(faces):
            i = move.detail[0]
            if move.name == "flip":
                wanted = tuple(a for a in POSTER_ARTISTS
                               if _has_trio_near(faces[:i] + (a,) + faces[i + 1:], available, (i,)))
                if wanted:
                    want_flips.append((SIZE + i, i, set(wanted)))
                continue
            pair = move.detail if move.name == "swap" else power_swap(faces, i)
            if pair is None or faces[i] not in (ACROBATE, MAGICIEN) and move.name == "power":
                continue  # the Voyante only looks
            new = list(faces)
            new[pair[0]], new[pair[1]] = new[pair[1]], new[pair[0]]
            if _has_trio_near(new, available, pair):
                code = i if move.name == "swap" else 2 * SIZE + i
                want_sure.append(code)
        assert sorted(sure) == sorted(want_sure), faces
        assert [(c, i, set(w)) for c, i, w in flips] == sorted(want_flips, key=lambda f: f[0]), faces
        assert (finishing is None) == (not want_flips)


def test_the_search_counts_worlds_the_same_with_bitmasks_and_by_listing():
    # the kit's worlds each count once, so the search filters them as bitmasks: the same counts as listing them
    from circuslib.flip_circus.graphs import _Search

    for state in _seeded_views(4, seed=8):
        view = state.view(state.player)
        worlds = hidden_worlds(view)
        fast, slow = _Search(view, worlds, 0), _Search(view, worlds, 0)
        slow.unit = False
        assert fast.unit
        unseen = [i for i in range(SIZE) if view.backs[i] is None]
        reveals = [frozenset()] + [frozenset({(i, b)}) for i in unseen[:3] for b, _ in slow.back_dist(frozenset(), i)]
        reveals += [a | b for a in reveals[1:4] for b in reveals[4:7] if a != b]
        for constraints in reveals:
            assert fast.weight(constraints) == slow.weight(constraints)
            for i in unseen:
                assert fast.back_dist(constraints, i) == slow.back_dist(constraints, i)


def _every_way_to_lay(tokens, view) -> dict:
    """Every way to lay distinct tokens that show the view's faces and the backs it has seen, place by place (each
    place's tokens in the set's order): {the backs they hide: how many ways}. The plain listing the deduction is
    checked against."""
    candidates = [[t for t, pair in enumerate(tokens) if face in pair and (back is None or {face, back} == set(pair))]
                  for face, back in zip(view.faces, view.backs)]
    listed: dict = {}

    def lay(i, used, backs):
        if i == SIZE:
            listed[backs] = listed.get(backs, 0) + 1
            return
        for t in candidates[i]:
            if t not in used:
                pair = tokens[t]
                lay(i + 1, used | {t}, backs + (pair[1] if pair[0] == view.faces[i] else pair[0],))

    lay(0, frozenset(), ())
    return listed


def test_hidden_worlds_are_every_fitting_deal_listed_one_by_one():
    # the deduction (with its early stop at dead ends) against listing every way to lay distinct tokens that show
    # the faces and the backs seen, on seeded positions where a few backs are known
    tokens = new_game(rng=random.Random(1)).options.tokens.tokens
    checked = 0
    for state in _seeded_views(6, seed=3):
        view = state.view(state.player)
        known = sum(b is not None for b in view.backs)
        if known < 3:
            continue
        listed = _every_way_to_lay(tokens, view)
        assert dict(hidden_worlds(view)) == listed
        checked += 1
    assert checked >= 10


def test_back_fractions_count_each_column_as_the_worlds_weigh():
    # equal weights (the kit's tokens) are counted column by column; a set with repeated tokens weighs its worlds
    from circuslib.flip_circus.rules import FlipCircusOptions, TokenSet

    repeated = TokenSet(((C, A), (C, A), (C, M), (C, V), (C, MU), (A, M), (A, M), (V, MU), (MU, D), (D, A)))
    views = [s.view(s.player) for s in itertools.islice(_seeded_views(3, seed=2), 0, None, 4)]
    views.append(new_game(FlipCircusOptions(tokens=repeated), rng=random.Random(4)).view(0))
    assert len(views) > 10
    for view in views:
        worlds = hidden_worlds(view)
        total = sum(worlds.values())
        for i, chances in enumerate(back_fractions(view)):
            weighed: dict = {}
            for world, weight in worlds.items():
                weighed[world[i]] = weighed.get(world[i], 0) + weight
            assert chances == {a: Fraction(n, total) for a, n in weighed.items()}
    assert max(hidden_worlds(views[-1]).values()) > 1  # the repeated tokens do weigh some worlds more


def test_entropy_terms_are_the_hand_worked_entropies():
    import math

    from circuslib.flip_circus.odds import entropy_terms

    # 1/4, 1/4, 1/2: two outcomes of 2 bits and one of 1 bit, H = 1/4*2 + 1/4*2 + 1/2*1 = 3/2 bits
    assert entropy_terms([1, 1, 2]) == (Fraction(3, 2), (), None)
    # 1/3, 2/3: H = log2 3 - 2/3 (the 2/3 from the 2 in the weight 2)
    assert entropy_terms([1, 2]) == (Fraction(-2, 3), ((3, Fraction(1)),), None)
    # three equally likely backs: log2 3, and the count of outcomes; a zero weight is no outcome
    assert entropy_terms([3, 0, 3, 3]) == (Fraction(0), ((3, Fraction(1)),), 3)
    for weights in ([1, 1, 2], [1, 2], [5, 7, 12, 1], [6, 10, 15]):  # against -sum p log2 p in floating point
        constant, terms, _ = entropy_terms(weights)
        total = sum(weights)
        floating = -sum(w / total * math.log2(w / total) for w in weights)
        assert math.isclose(float(constant) + sum(float(c) * math.log2(p) for p, c in terms), floating, rel_tol=1e-12)
    for bad in ([], [0, 0]):
        with pytest.raises(ValueError, match="positive whole-number weights"):
            entropy_terms(bad)
    with pytest.raises(ValueError, match="each weight must be at least 0, not -1"):
        entropy_terms([1, -1])
    for bad in ([1, 1.5], [True, 1], b"ab"):
        with pytest.raises(TypeError, match="must be a whole number|must be a list"):
            entropy_terms(bad)


def test_hidden_worlds_keep_the_place_by_place_order_when_the_deduction_fills_rosace_places_first():
    # _worlds fills the places with the fewest kinds of token first (at the deal: the rosace faces, then the
    # Clowns), so its own list comes in another order; hidden_worlds still lists the worlds place by place, each
    # place's tokens in the set's order, as a listing of every way to lay the tokens does
    from circuslib.flip_circus.rules import _worlds

    tokens = new_game(rng=random.Random(1)).options.tokens.tokens
    views = [new_game(rng=random.Random(seed)).view(0) for seed in (3, 4)]
    views += [s.view(s.player) for s in itertools.islice(_seeded_views(2, seed=5), 0, None, 5)]
    reordered = 0
    for view in views:
        listed = _every_way_to_lay(tokens, view)
        assert list(hidden_worlds(view).items()) == list(listed.items())
        searched = _worlds(view.options.tokens, view.faces, view.backs)
        assert dict(searched) == listed
        reordered += [w for w, _ in searched] != list(listed)
    assert reordered >= 2  # at least the two deals are filled in another order


# --- the opener's chance of a poster: searched once per ring, shipped (data/setup_poster.json) ---------------
# tests/test_shipped.py searches every shipped ring again and compares it exactly with the file; here: what the
# rings add up to, and that a ring read from the file is what the search finds now, from a real deal


def test_the_rings_average_to_the_setup_poster_probability():
    from circuslib.flip_circus.odds import opener_rings

    rings = opener_rings()
    assert len(rings) == 172 and sum(ring.deals for ring in rings) == 120 * 32  # token orders times faces up
    assert all(ring.faces[::2] == (CLOWN,) * 5 or ring.faces[1::2] == (CLOWN,) * 5 for ring in rings)
    assert all(isinstance(ring.best, sympy.Rational) for ring in rings)
    exact = sum(ring.deals * ring.best for ring in rings) / sum(ring.deals for ring in rings)
    assert exact == setup_poster_probability(show_progress=False) == sympy.Rational(67, 384)
    assert Fraction(1, 5) in {Fraction(int(r.best.p), int(r.best.q)) for r in rings}


def test_the_opener_chances_are_read_from_the_file_for_the_kits_options_only():
    from circuslib.core.shipped import entry
    from circuslib.flip_circus.odds import opener_best_chance
    from circuslib.flip_circus.rules import FlipCircusOptions

    shipped = entry(opener_best_chance)
    assert shipped.path.name == "setup_poster.json" and shipped.path.parent.name == "data"
    ring = opener_best_chance.__wrapped__  # the search itself
    dealt = new_game(rng=random.Random(2)).faces
    key = shipped.key_of((dealt,))
    assert key in shipped.table() and shipped.key_of((dealt[4:] + dealt[:4],)) == key  # a turned ring: its case
    assert shipped.key_of((dealt,), {"options": FlipCircusOptions(actions=1)}) is None  # other options: searched
    assert opener_best_chance(dealt) == ring(dealt)
    # with one action a turn the opener has fewer plans: never a better chance than with two
    one = FlipCircusOptions(actions=1)
    assert opener_best_chance(dealt, one) == ring(dealt, one) <= ring(dealt)


@pytest.mark.parametrize("seed", range(6))
def test_a_dealt_ring_has_the_shipped_chance(seed):
    from circuslib.flip_circus.odds import opener_best_chance

    # the opener's ring of a real deal, turned and mirrored as the file keeps it, and searched from the game
    state = new_game(rng=random.Random(seed))
    live = max((t.probability for t in winning_turns(state, max_applause=0)), default=sympy.Integer(0))
    assert opener_best_chance(state.faces) == live
    assert opener_best_chance(state.faces[3:] + state.faces[:3]) == live  # a turned ring: the same ring
    assert opener_best_chance(state.faces[::-1]) == live


def test_a_ring_no_set_up_shows_is_refused():
    from circuslib.flip_circus.odds import opener_best_chance, opener_rings

    with pytest.raises(ValueError, match="no set-up"):
        opener_best_chance([CLOWN] * 10)
    with pytest.raises(ValueError, match="faces must hold at least 10 items"):
        opener_best_chance([CLOWN] * 9)
    with pytest.raises(TypeError, match="options must be FlipCircusOptions"):
        opener_rings("kit")
