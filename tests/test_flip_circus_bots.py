"""Flip Circus bots: they take posters that are there, deny the opponent, never peek at hidden backs, and beat
the random bot in seeded tournaments."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from circuslib.core.sim import tournament
from circuslib.flip_circus.bots import defensive_bot, greedy_bot, random_bot, threats
from circuslib.flip_circus.graphs import trio_need, winning_turns
from circuslib.flip_circus.odds import hidden_worlds
from circuslib.flip_circus.rules import (
    ACROBATE,
    CLOWN,
    MAKE_RETURN,
    TAKE_APPLAUSE,
    flip,
    from_faces,
    new_game,
    swap,
)

C, A = CLOWN, ACROBATE
NEAR = [(A, "Magicien"), (C, A), (A, "Dresseuse"), (C, "Magicien"), ("Magicien", "Voyante"), (C, "Voyante"),
        ("Voyante", "Muscles"), (C, "Muscles"), ("Muscles", "Dresseuse"), (C, "Dresseuse")]


def test_greedy_takes_a_sure_poster():
    assert greedy_bot(from_faces(NEAR, known={0: [1]}), random.Random(1)) == flip(1)


def test_greedy_plays_the_likeliest_poster_chance_when_nothing_is_sure():
    assert greedy_bot(from_faces(NEAR), random.Random(1)) == flip(1)  # 1/5, the best this turn


def test_greedy_keeps_its_applause_when_the_actions_alone_can_win():
    # with the actions alone, flip 3 then flip 4 wins 1 time in 10; spending the Applause would win 1 in 5
    # (flip 0, power 0, encore, swap 2 3), but the greedy bot plays the shortest plan and keeps its Applause
    ring = [(C, "Magicien"), ("Muscles", "Dresseuse"), (C, "Voyante"), ("Magicien", A), (C, A), ("Voyante", "Muscles"),
            (C, "Muscles"), (A, "Dresseuse"), (C, "Dresseuse"), ("Magicien", "Voyante")]
    state = from_faces(ring, applause=(1, 0), known={0: [7]})
    likeliest = max(winning_turns(state), key=lambda turn: turn.probability)
    assert likeliest.actions == 3 and likeliest.probability == Fraction(1, 5)
    assert greedy_bot(state, random.Random(1)) == flip(3)


def test_bots_never_peek_at_backs_they_have_not_seen():
    state = from_faces(NEAR)
    view = state.view(0)
    for world in list(hidden_worlds(view))[:6]:  # the same view, different truths behind the tokens
        other = from_faces(list(zip(view.faces, world)))
        for bot in (greedy_bot, defensive_bot):
            assert bot(other, random.Random(7)) == bot(state, random.Random(7))


def test_clown_rewards_taken_or_denied():
    ring = list(NEAR)
    state = from_faces(ring, applause=(0, 1)).play(swap(2, 3))  # the Clown from 3 joins the one at 1
    assert state.pending
    assert greedy_bot(state, random.Random(1)) == TAKE_APPLAUSE
    assert defensive_bot(state, random.Random(1)) == MAKE_RETURN  # the opponent loses their Applause


def test_threats_count_near_trios():
    faces = [A, A, C, "Magicien", "Magicien", C, "Voyante", C, "Muscles", C]
    # windows one change short of a free trio: (9,0,1) A A, (0,1,2) A A, (2,3,4) M M, (3,4,5) M M
    assert threats(faces, [A, "Magicien"]) == 4
    assert threats(faces, ["Voyante"]) == 0


def test_defensive_last_action_is_closest_to_a_trio_then_leaves_fewest_threats():
    # every back known, so each move's result is certain; with no poster to take, the defensive bot's last
    # action is the best (trio need, opponent's near-trios) pair among the ring moves
    ring = [(A, "Magicien"), (C, "Voyante"), ("Magicien", "Voyante"), (C, A), ("Voyante", "Muscles"),
            ("Muscles", "Dresseuse"), (C, "Magicien"), ("Dresseuse", A), (C, "Muscles"), (C, "Dresseuse")]
    state = from_faces(ring, known={0: list(range(10))}).play(flip(0))
    assert state.actions_left == 1 and not state.applause[0] and not state.posters[0]
    assert not [t for t in winning_turns(state) if t.probability == 1]  # no sure poster: the threat rule decides
    available = state.available_posters()

    def score(move):
        faces = state.play(move).faces if not state.play(move).posters[0] else None
        return (trio_need(faces, available), threats(faces, available)) if faces else (-1, 0)

    moves = [m for m in state.legal_moves() if m.name in ("swap", "flip", "power") and
             (m.name != "power" or state.face(m.detail[0]) in (ACROBATE, "Magicien"))]
    chosen = defensive_bot(state, random.Random(3))
    assert score(chosen) == min(score(m) for m in moves)


def test_greedy_beats_random_in_a_seeded_tournament():
    result = tournament(lambda rng: new_game(rng=rng), [greedy_bot, random_bot], 30, 12, winner=lambda s: s.winner)
    assert result.interval(0)[0] > 0.5  # the whole 95% interval of greedy's share lies above a coin flip


def test_bots_refuse_chance_steps():
    from circuslib.flip_circus.rules import FlipCircusState

    with pytest.raises(ValueError, match="chance"):
        greedy_bot(FlipCircusState(), random.Random(1))


# seeded games pinned move for move (winner, number of steps, digest of the steps): the engine and the bots may
# get faster, never different
PINNED_GAMES = [
    (0, "random", "random", 2, (0, 564, "f6c932458107bff1")),  # Clown groups by visible face (issue 13)
    (1, "random", "random", 2, (1, 532, "3abfdca9ba84ce14")),
    (2, "random", "random", 2, (1, 993, "6dd0724bcf60660d")),
    (3, "random", "random", 2, (1, 557, "2e662c62fbdc76dd")),  # the same
    (4, "random", "random", 2, (1, 271, "6937957fa77d9ad4")),
    (5, "random", "random", 2, (1, 1051, "92093a2451396e97")),  # the same
    (1, "random", "random", 4, (0, 532, "6a4a42e27e89970e")),
    (2, "random", "random", 4, (1, 568, "6364a542286ae617")),
    (0, "greedy", "random", 2, (0, 17, "b30bd17102992fb2")),
    (1, "greedy", "random", 2, (0, 58, "feb60aff9a09fcb8")),
    (2, "greedy", "random", 2, (0, 19, "029b447744c85941")),
    (3, "greedy", "random", 2, (0, 34, "783811e6a3db12f0")),  # greedy keeps its Applause at step 2 (see above)
    (1, "defensive", "greedy", 2, (0, 30, "739f5959c774d4a7")),
    (2, "defensive", "greedy", 2, (0, 27, "315fbd481a6f3611")),
    (3, "greedy", "defensive", 4, (1, 22, "0ee2dee43c1b32ff")),
]


@pytest.mark.parametrize("seed, first, second, players, expected", PINNED_GAMES)
def test_seeded_games_are_pinned(seed, first, second, players, expected):
    import hashlib

    from circuslib.core.game import playout
    from circuslib.flip_circus.bots import BOTS
    from circuslib.flip_circus.rules import FlipCircusOptions

    rng = random.Random(seed)
    bots = [BOTS[first], BOTS[second]] * (players // 2)
    final, history = playout(new_game(FlipCircusOptions(players=players), rng=rng), rng, bots, record=True)
    digest = hashlib.sha256("\n".join(f"{p} {m}" for p, m in history).encode()).hexdigest()[:16]
    assert (final.winner, len(history), digest) == expected


def test_expected_need_and_threats_are_the_exact_averages():
    # a sure outcome is scored as a whole number, a flip of an unseen back as a Fraction: both equal the average
    # over the mover's chances, so the bots rank and tie their moves exactly as with Fractions throughout
    from fractions import Fraction

    from circuslib.flip_circus.bots import _board_moves, _expected_need, _expected_threats, _faces_after, _threats
    from circuslib.flip_circus.graphs import _trio_need
    from circuslib.flip_circus.odds import back_fractions

    rng = random.Random(12)
    checked = 0
    for _ in range(6):
        state = new_game(rng=rng)
        for _ in range(12):
            if state.is_over():
                break
            if state.actions_left and not state.pending:
                backs = back_fractions(state, state.player)
                available = state.available_posters()
                for move in _board_moves(state):
                    outcomes = [(Fraction(p), f) for p, f in _faces_after(state, move, backs)]
                    assert sum(p for p, _ in outcomes) == 1
                    assert _expected_need(state, move, backs) == sum(p * _trio_need(f, available) for p, f in outcomes)
                    assert _expected_threats(state, move, backs) == sum(p * _threats(f, set(available))
                                                                        for p, f in outcomes)
                    checked += 1
            state = state.play(rng.choice(state.legal_moves()))
    assert checked > 300
