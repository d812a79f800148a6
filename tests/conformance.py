"""The conformance machinery shared by ``test_conformance.py`` (a short run in ``make test``) and ``fuzz.py`` (``make
fuzz``, the same checks at scale), in the spirit of OpenSpiel's random simulation test.

For each game an adapter makes seeded random starting positions (the options vary too) and says what is conserved.
``simulate`` plays a game to its end with random legal moves and chance by its exact odds, checking the protocol's
invariants after every step; ``fuzz_state`` throws illegal moves at a position (garbage values, malformed moves of
every game's move types, legal moves with one value changed, moves from earlier positions, which belong to another
player or another moment, and anything at all once the game is over) and sorts what happens:

- refused cleanly: ``IllegalMove`` with a sentence, ``why_illegal`` answers, and the state is unchanged;
- raw exception: any other exception from ``is_legal``, ``why_illegal`` or ``play``;
- silent accept: ``play`` took a move that is not among the legal moves (or a refusal changed the state);
- disagreement: ``is_legal`` and ``legal_moves`` disagree about a move;
- hang: a call that took longer than ``slow`` seconds (with ``alarm=True`` it is also interrupted).
"""
from __future__ import annotations

import contextlib
import dataclasses
import io
import math
import random
import signal
import time
from collections import Counter
from fractions import Fraction
from typing import Any

import circuslib
from circuslib.core.game import CHANCE, TERMINAL, Game, IllegalMove, InvariantBroken, Move, sample_outcome
from circuslib.flip7 import rules as flip7
from circuslib.flip_circus import rules as circus
from circuslib.pcv import rules as pcv
from circuslib.scout import rules as scout
from circuslib.speed import rules as speed

COLUMNS = ("tried", "refused cleanly", "raw exceptions", "silent accepts", "disagreements", "hangs")


class Hang(Exception):
    """A call ran past its time limit."""


# ---------------------------------------------------------------------------------------------------------
# strict comparison: True is not 1, 2.0 is not 2, a list is not a tuple


def canonical(value: Any) -> Any:
    """A hashable key that tells apart values Python calls equal but the rules must not (True and 1, 2.0 and 2)."""
    kind = type(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (kind, tuple(canonical(getattr(value, f.name)) for f in dataclasses.fields(value) if f.compare))
    if kind in (tuple, list):
        return (kind, tuple(canonical(v) for v in value))
    if kind is float and math.isnan(value):
        return (kind, "nan")
    try:
        hash(value)
    except TypeError:
        return (kind, id(value))
    return (kind, value)


# ---------------------------------------------------------------------------------------------------------
# the games


ADAPTERS = circuslib.games()
"""Every game, as the kit's registry describes it (circuslib.core.game.Game)."""
GAMES = tuple(ADAPTERS)


# ---------------------------------------------------------------------------------------------------------
# invariants at every step


def choices(state) -> set:
    """The strict keys of everything that may be played now: the legal moves, or the chance outcomes."""
    if state.current_player == CHANCE:
        return {canonical(o) for o, _ in state.chance_outcomes()}
    return {canonical(m) for m in state.legal_moves()}


def check_step(state, rng: random.Random | None = None, *, sample: int = 6) -> None:
    """The protocol's invariants at one position. With ``rng``, ``is_legal`` is checked on ``sample`` of the listed
    moves (or chance outcomes) picked at random; without it, on every one."""
    player, over = state.current_player, state.is_over()
    moves = state.legal_moves()
    if over:
        if player != TERMINAL or moves or state.chance_outcomes():
            raise InvariantBroken("a finished game still offers moves or chance outcomes, or names a player")
        return
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if moves or not outcomes:
            raise InvariantBroken("a chance step must list outcomes and no moves")
        if any(p <= 0 for _, p in outcomes):
            raise InvariantBroken("a chance outcome has a probability that is not positive")
        first = outcomes[0][1]
        if rng is None and not (all(p == first for _, p in outcomes) and first * len(outcomes) == 1):
            total = sum((p for _, p in outcomes), Fraction(0))  # exact, so only on the thorough steps
            if total != 1:
                raise InvariantBroken(f"chance probabilities sum to {total}, not 1")
        if len(set(o for o, _ in outcomes)) != len(outcomes):
            raise InvariantBroken("a chance outcome is listed twice")
        listed = [o for o, _ in outcomes]
    else:
        if player < 0:
            raise InvariantBroken(f"current_player is {player} in a game that is not over")
        if not moves:
            raise InvariantBroken("a player is to move but has no legal move")
        if len(set(moves)) != len(moves):
            raise InvariantBroken("a legal move is listed twice")
        listed = list(moves)
    if rng is not None and len(listed) > sample:
        listed = rng.sample(listed, sample)
    for move in listed:
        if not state.is_legal(move):
            raise InvariantBroken(f"{move!r} is listed (a legal move or chance outcome) but refused by is_legal")


def simulate(adapter: Game, rng: random.Random, *, fuzz_rate: float = 0.0, tally: Counter | None = None,
             fuzz_moves: int = 8, alarm: bool = False, slow: float = 2.0, check_every: int = 1,
             examples: dict | None = None) -> int:
    """Play one seeded random game to its end, checking the invariants after every step (``is_legal`` against
    every listed move every ``check_every`` steps, against a random few in between); fuzz ``fuzz_moves`` illegal
    moves at a position with probability ``fuzz_rate`` (0: never), and at the end. Returns the number of steps."""
    start = state = adapter.random_start(rng)
    bound = adapter.bound(start)
    seen: list = list(adapter.samples)
    for step in range(bound + 1):
        check_step(state, None if step % check_every == 0 else rng)
        adapter.conserved(start, state)
        if tally is not None and fuzz_rate and (state.is_over() or rng.random() < fuzz_rate):
            fuzz_state(state, rng, seen, tally, fuzz_moves, alarm=alarm, slow=slow, examples=examples)
        if state.is_over():
            return step
        if state.current_player == CHANCE:
            move = sample_outcome(state.chance_outcomes(), rng)
        else:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            if len(seen) < 400:
                seen.append(move)
            else:
                seen[rng.randrange(len(seen))] = move
        before = hash(state)
        after = state.play(move)
        if hash(state) != before:
            raise InvariantBroken("play changed the state it was called on")
        state = after
    raise InvariantBroken(f"{adapter.name}: the game did not end within {bound} steps")


# ---------------------------------------------------------------------------------------------------------
# illegal moves

GARBAGE = (None, True, False, 0, -1, 1, 2, 7, 13, 99, 10 ** 12, -10 ** 12, 2.0, 0.5, float("nan"), float("inf"),
           "", "x", "hit", "left", "Freeze", "x2", b"5", (), (1,), (1, 2), (2, 1), (0, 0), (1, 2, 3), [], [1, 2], {},
           {1: 2}, set(), frozenset({1}), object(), Move, Fraction(1, 2), complex(1, 1), range(3), slice(1, 2))
FIELD_VALUES = (None, True, False, -1, 0, 1, 2, 3, 5, 9, 10, 12, 13, 99, -10 ** 9, 1.0, 0.5, float("nan"), "", "x",
                "left", "right", "ahead", "forward", "loop", "Red 1", "Blue 1", "swap", "flip", (), (0,), (0, 1),
                (1, 0), (9, 0), (4, 4), [0, 1], (0, 1, 2), ("a",), {"a": 1}, object())
MOVE_TYPES = (Move,) + tuple(kind for game in ADAPTERS.values() for kind in game.move_types)


def _build(kind, values):
    try:
        return kind(*values)
    except (TypeError, ValueError):  # a constructor that checks its values (Manoeuvre): not a move to try
        return None


def candidates(state, rng: random.Random, seen: list, count: int) -> list:
    """``count`` moves to try here: garbage, malformed moves of every type, mutated and out-of-turn moves."""
    out = []
    legal = list(state.legal_moves()) or [o for o, _ in state.chance_outcomes()]
    while len(out) < count:
        roll = rng.random()
        if roll < 0.15:
            out.append(rng.choice(GARBAGE))
        elif roll < 0.45:
            kind = rng.choice(MOVE_TYPES)
            arity = len(dataclasses.fields(kind))
            size = arity if rng.random() < 0.85 else rng.choice([0, 1, arity + 1])
            move = _build(kind, [rng.choice(FIELD_VALUES) for _ in range(size)])
            if move is not None:
                out.append(move)
        elif roll < 0.75 and (legal or seen):
            base = rng.choice(legal if legal and rng.random() < 0.6 else seen or legal)
            out.append(_mutate(base, rng))
        elif seen:
            out.append(rng.choice(seen))  # a move from another moment: another player's, or already played
    return out


def _mutate(move, rng: random.Random):
    """A legal-looking move with one value changed (a neighbour number, another type, one detail more or less)."""
    if dataclasses.is_dataclass(move) and not isinstance(move, type) and dataclasses.fields(move):
        names = [f.name for f in dataclasses.fields(move)]
        name = rng.choice(names)
        value = getattr(move, name)
        if type(move) is Move and name == "detail" and isinstance(value, tuple):
            options = [value + (rng.choice(FIELD_VALUES),), value[:-1], tuple(reversed(value)),
                       tuple(_nudge(v, rng) for v in value), list(value)]
            new = rng.choice(options)
        else:
            new = _nudge(value, rng)
        values = {n: getattr(move, n) for n in names}
        values[name] = new
        try:
            return type(move)(**values)
        except (TypeError, ValueError):
            return rng.choice(GARBAGE)
    if type(move) is tuple:
        return rng.choice([move[::-1], move + (1,), move[:1], tuple(_nudge(v, rng) for v in move), list(move)])
    return _nudge(move, rng)


def _nudge(value, rng: random.Random):
    if type(value) is int:
        return rng.choice([value - 1, value + 1, -value, value + 10, bool(value % 2), float(value), str(value)])
    if type(value) is bool:
        return rng.choice([int(value), not value, None, "yes"])
    if type(value) is str:
        return rng.choice([value.upper(), value + " ", "", None, value[:1], 0])
    return rng.choice(FIELD_VALUES)


def _timed(call, alarm: bool, slow: float):
    """(result, seconds, exception): run ``call``, interrupted after ``slow`` seconds when ``alarm`` is set."""
    began = time.perf_counter()
    if alarm:
        signal.setitimer(signal.ITIMER_REAL, slow)
    try:
        return call(), time.perf_counter() - began, None
    except Exception as error:  # noqa: BLE001 - sorted by the caller
        return None, time.perf_counter() - began, error
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)


def install_alarm() -> None:
    """Make SIGALRM raise Hang (for ``alarm=True``: the fuzz script, never under pytest-timeout)."""
    def ring(signum, frame):
        raise Hang()

    signal.signal(signal.SIGALRM, ring)


def fuzz_state(state, rng: random.Random, seen: list, tally: Counter, count: int, *, alarm: bool = False,
               slow: float = 2.0, examples: dict | None = None) -> None:
    """Try ``count`` illegal moves at ``state`` and add what happened to ``tally`` (and a first example of each
    failure to ``examples``)."""
    allowed = choices(state)
    snapshot = (state, hash(state))

    def note(kind, move, detail):
        tally[kind] += 1
        if examples is not None and kind not in examples:
            examples[kind] = f"{type(state).__name__} {state.current_player}: {move!r}: {detail}"

    for move in candidates(state, rng, seen, count):
        expected = canonical(move) in allowed
        legal, spent, error = _timed(lambda move=move: state.is_legal(move), alarm, slow)
        if isinstance(error, Hang) or spent > slow:
            note("hangs", move, "is_legal")
            continue
        if error is not None:
            note("raw exceptions", move, f"is_legal raised {error!r}")
            continue
        if legal is not expected:
            note("disagreements", move, f"is_legal says {legal}, legal_moves says {expected}")
            continue
        if expected:
            continue  # a legal move after all: not an illegal move
        tally["tried"] += 1
        reason, spent, error = _timed(lambda move=move: state.why_illegal(move), alarm, slow)
        if isinstance(error, Hang) or spent > slow:
            note("hangs", move, "why_illegal")
            continue
        if error is not None or not isinstance(reason, str) or not reason:
            note("raw exceptions", move, f"why_illegal gave {reason!r} / {error!r}")
            continue
        after, spent, error = _timed(lambda move=move: state.play(move), alarm, slow)
        if isinstance(error, Hang) or spent > slow:
            note("hangs", move, "play")
        elif error is None:
            note("silent accepts", move, f"play accepted it: {after}")
        elif type(error) is not IllegalMove or not str(error):
            note("raw exceptions", move, f"play raised {error!r}")
        elif (state, hash(state)) != snapshot:
            note("silent accepts", move, "the refused move changed the state")
        else:
            tally["refused cleanly"] += 1


# ---------------------------------------------------------------------------------------------------------
# the public functions of odds, graphs and bots: good calls, and bad arguments put in their place

FUNCTION_MODULES = tuple(f"circuslib.{game}.{part}" for game in ("pig", "flip7", "scout", "speed", "pcv", "flip_circus")
                         for part in ("odds", "graphs", "bots"))


def fixtures() -> dict:
    """Objects the good calls need (built once)."""
    import matplotlib

    matplotlib.use("Agg")
    from circuslib.flip7 import bots as f7bots
    from circuslib.flip7 import graphs as f7graphs
    from circuslib.speed import bots as spbots

    cache = fixtures.__dict__.setdefault("cache", {})
    if cache:
        return cache
    rng = random.Random(5)
    cache["f7_state"] = flip7.new_game(players=3)
    cache["f7_game"] = flip7.new_game(flip7.Flip7Options(dealer=1), players=2).play(5).play(8)
    cache["f7_graph"] = f7graphs.round_graph()
    cache["f7_bots"] = [f7bots.StopAtSum(20), f7bots.AlwaysHit()]
    cache["f7_hands"] = cache["f7_game"].hands
    cache["sc_hand"] = ((3, 1), (4, 2), (5, 9), (5, 7), (2, 8))
    cache["sc_state"] = scout.ScoutState.from_hands([[(8, 1), (8, 2), (1, 3)], [(2, 3), (5, 1)], [(4, 6)]],
                                                    table=[(7, 1)], owner=2, turn=0)
    cache["sc_new"] = scout.new_game(players=3)
    cache["sc_tree"] = __import__("circuslib.scout.graphs", fromlist=["x"]).game_tree([[(1, 2), (3, 4)], [(5, 6)]])
    cache["sc_graph"] = __import__("circuslib.scout.graphs", fromlist=["x"]).play_graph(cache["sc_hand"])
    cache["sp_state"] = speed.position([5, 9, 3, 8], [9, 6, 2, 7], (4, "J"), piles=([7], [8]), setup=speed.ONE_DECK)
    cache["sp_end"] = speed.position([5, None], [9, None], (4, "J"), piles=([], []), setup=speed.SpeedOptions(
        "two places", decks=2, face_up=2))
    cache["pc_state"] = pcv.scenario("duel").start()
    cache["pc_plane"] = cache["pc_state"].planes[0]
    cache["pc_fire"] = pcv.Scenario("t", pcv.Board(12, 9), (pcv.Plane("R", 0, (2, 4), 0, 3, 1),
                                                           pcv.Plane("B", 1, (4, 4), 3, 3, 3))).start().play(
        pcv.Manoeuvre("forward")).play(pcv.SpeedChange(0))
    cache["pc_graph"] = __import__("circuslib.pcv.graphs", fromlist=["x"]).move_graph(cache["pc_plane"], mp=2)
    cache["fc_state"] = circus.new_game(rng=random.Random(3))
    cache["fc_view"] = cache["fc_state"].view(cache["fc_state"].player)
    cache["fc_plans"] = __import__("circuslib.flip_circus.graphs", fromlist=["x"]).winning_turns(
        cache["fc_state"], max_applause=0)
    cache["tally"] = __import__("circuslib.core.sim", fromlist=["x"]).tally(lambda r: r.randrange(2), 20, 1)
    cache["rng"] = rng
    cache["sp_result"] = spbots.fast_round(speed.ONE_DECK, random.Random(1))
    return cache


def good_calls() -> dict:
    """For every public function: calls that are right and quick, ``name: [(args, kwargs), ...]``.

    A bad argument put in the place of one of these must be refused with ``TypeError`` or ``ValueError``."""
    fx = fixtures()
    R = random.Random
    F = fx["f7_graph"]
    calls = {
        # pig
        "pig.odds.expected_gain_of_a_roll": [((14,), {})],
        "pig.odds.advice": [((14,), {})],
        "pig.odds.pig_value": [((), {}), ((6, 4), {})],
        "pig.odds.pig_scores": [((15,), {}), ((10, 12), {})],
        "pig.odds.threshold_values": [((), {}), ((5,), {})],
        "pig.graphs.graph_key": [((__import__("circuslib.pig.rules", fromlist=["x"]).PigState(),), {})],
        "pig.graphs.pig_graph": [((), {}), ((4,), {})],
        "pig.graphs.draw_pig_graph": [((), {}), ((3,), {"title": "Pig to 3"})],
        "pig.bots.stop_at": [((20,), {})],
        "pig.bots.stop_at_bot": [((20,), {})],
        "pig.bots.simulate_turns": [((20, 50, 1), {}), ((10, 20, 2), {"goal": 12})],
        # flip7.odds
        "flip7.odds.remaining_deck": [((), {}), (([3, 7], [5, "Freeze"]), {}), (([1], (), "numbers", ["+4"]), {})],
        "flip7.odds.bust_probability": [(([3, 7],), {}), (([3], [3, 3]), {"deck": "numbers"})],
        "flip7.odds.bust_formula": [(([3, 7],), {})],
        "flip7.odds.bust_formula_values": [(([3, 7], [1]), {})],
        "flip7.odds.expected_gain": [(([3, 7],), {}), (([12],), {"deck": "full", "modifiers": ["x2"]})],
        "flip7.odds.solo_optimal": [(({1: 1, 3: 3, 5: 5},), {}), (({1: 1, 3: 3},), {"target": 4}), (("full",), {})],
        "flip7.odds.threshold_value": [((20,), {})],
        "flip7.odds.best_threshold": [((), {"candidates": [10, 20]})],
        "flip7.odds.flip7_probability": [((), {})],
        "flip7.odds.cards_before_bust": [((), {}), (({1: 3, 2: 3, 5: 2, "+4": 1},), {})],
        "flip7.odds.live_bust_probability": [(([5], flip7.DECK_COUNTS), {})],
        "flip7.odds.live_gain": [((fx["f7_hands"][0], flip7.DECK_COUNTS), {})],
        "flip7.odds.table_odds": [((fx["f7_game"],), {}), ((fx["f7_game"], 1), {})],
        "flip7.odds.every_card_advice": [((fx["f7_game"],), {}), ((fx["f7_game"], 1), {})],
        "flip7.odds.threshold_curve": [((flip7.deck_counts("numbers"),), {})],
        "flip7.odds.numbers_optimum": [(((1, 1, 2, 3) + (0,) * 9,), {})],
        "flip7.odds.optimum_value": [((flip7.deck_counts({1: 1, 3: 3, "+4": 1}),), {})],
        "flip7.odds.optimal_advice": [(([3, 7],), {}), (([3, 7], [7, 12]), {})],
        "flip7.odds.still_in": [((flip7.DECK_COUNTS[:13], 3), {})],
        "flip7.odds.next_card": [((flip7.DECK_COUNTS, [5]), {})],
        "flip7.odds.next_card_by_copies_seen": [(([5, 9], [12], 9, 8), {})],
        "flip7.odds.second_card_busts": [((flip7.DECK_COUNTS,), {})],
        "flip7.odds.solve_solo": [((flip7.deck_counts({1: 1, 3: 3, 5: 2, "+4": 1, "Second Chance": 1}),), {}),
                                  (({2: 2, 3: 2, "Freeze": 1, "Flip Three": 1},), {"reading": "in order"})],
        "flip7.graphs.round_graph": [((), {}), (({1: 1, 2: 2},), {"flip_at": 2}), (("numbers",), {"flip_at": 2})],
        "flip7.graphs.round_chain": [((F,), {})],
        "flip7.graphs.absorption": [((F,), {})],
        "flip7.graphs.simulate_ends": [((F, 20, 1), {})],
        "flip7.graphs.optimal_edges": [((F,), {})],
        "flip7.bots.policy": [((fx["f7_bots"][0],), {})],
        "flip7.bots.play_game": [((fx["f7_bots"], R(1)), {"target": 30})],
        "flip7.bots.win_rates": [((fx["f7_bots"], 4, 1), {"target": 30}),
                                 ((fx["f7_bots"], 3, "a text"), {"target": 30})],
        "flip7.bots.game_winners": [((fx["f7_bots"], 4, 1), {"target": 30}),
                                    ((fx["f7_bots"], 3, "a text"), {"target": 30}),
                                    ((fx["f7_bots"], 3, 2),
                                     {"options": flip7.Flip7Options(target=30, deck="numbers")})],
        "flip7.bots.plot_win_rates": [((fx["tally"], fx["f7_bots"]), {})],
        "flip7.bots.simulate_threshold_rounds": [((20, 50, R(1)), {})],
        "flip7.bots.choose_target": [((0, flip7.FREEZE, fx["f7_hands"], (0, 0), (0, 1)), {})],
        "flip7.bots.never_stop_round": [((R(1),), {})],
        "flip7.bots.StopAtSum": [((20,), {})],
        "flip7.bots.StopAtRisk": [((Fraction(1, 3),), {}), ((1,), {}), ((0.25,), {})],
        # scout
        "scout.odds.count_shows": [((fx["sc_hand"],), {}), ((fx["sc_hand"], [(4, 1)]), {})],
        "scout.odds.count_hands": [((3,), {}), ((4,), {"ordered": False, "oriented": False})],
        "scout.odds.deck_size": [((4,), {})],
        "scout.odds.window_set_count": [((2,), {}), ((3, 4), {"kind": "run"}), ((2, [(1, 2), (2, 3)]), {})],
        "scout.odds.window_set_probability": [((2,), {}), ((2, scout.FULL_DECK[:10]), {"kind": "match"})],
        "scout.odds.expected_set_windows": [((2,), {}), ((3, 3, 5), {})],
        "scout.odds.expected_shows": [((), {}), ((4, 6), {})],
        "scout.odds.set_somewhere_probability": [((2, __import__("circuslib.scout.odds", fromlist=["x"]).mini_deck(4),
                                                   3), {})],
        "scout.odds.set_somewhere_exact": [((2,), {}), ((3, 3, 6), {"kind": "match"})],
        "scout.odds.hands_per_up_sequence": [(({1: 1, 2: 1},), {}), (({1: 1}, ((1, 2), (3, 4))), {})],
        "scout.odds.simulate_set_somewhere": [((2,), {"n": 50}), ((2, 4, 3), {"n": 50})],
        "scout.odds.simulate_shows": [((), {"n": 50}), ((4, 3), {"n": 50})],
        "scout.odds.random_hand": [((R(1),), {}), ((R(1), 4, 3), {})],
        "scout.odds.mini_deck": [((4,), {})],
        "scout.odds.card_graph": [((), {}), ((3,), {}), ((((1, 2), (3, 4)),), {})],
        "scout.odds.beats": [(([5, 6], [3]), {}), (([5, 6], None), {})],
        "scout.odds.legal_shows": [((fx["sc_hand"],), {}), ((fx["sc_hand"], ()), {})],
        "scout.odds.scout_moves": [((fx["sc_hand"], [(4, 1)]), {})],
        "scout.odds.set_key": [(([4, 5, 6],), {})],
        "scout.odds.is_set": [(([4, 5, 6],), {})],
        "scout.odds.longest_set": [((fx["sc_hand"],), {})],
        "scout.graphs.play_graph": [((fx["sc_hand"],), {}), ((fx["sc_hand"],), {"transitive": True})],
        "scout.graphs.longest_chains": [((fx["sc_graph"],), {})],
        "scout.graphs.game_tree": [(([[(1, 2), (3, 4)], [(5, 6)]],), {}),
                                   (([[(1, 2), (3, 4)], [(5, 6)]],), {"table": [(7, 8)], "owner": 1})],
        "scout.graphs.tree_value": [((fx["sc_tree"],), {})],
        "scout.graphs.best_line": [((fx["sc_tree"],), {})],
        "scout.bots.random_bot": [((fx["sc_state"], R(1)), {})],
        "scout.bots.greedy_bot": [((fx["sc_state"], R(1)), {})],
        "scout.bots.lookahead_bot": [((fx["sc_state"], R(1)), {})],
        "scout.bots.best_scout": [((fx["sc_hand"], [(4, 1), (5, 1)]), {})],
        "scout.bots.play_game": [((scout.new_game(scout.ScoutOptions(rounds=1), players=3),
                                   __import__("circuslib.scout.bots", fromlist=["x"]).greedy_bot, R(1)), {})],
        "scout.bots.compare_bots": [((["greedy", "random", "random"], 2), {"rounds": 1})],
        "scout.bots.hand_value": [((fx["sc_state"], 0), {})],
        "scout.bots.tournament_winners": [((("greedy", "random"), 2, 1), {"rounds": 1}),
                                          ((["lookahead", "greedy", "random"], 5, 7, 1, True), {})],
        "scout.odds.strongest_show": [((fx["sc_hand"],), {}), ((fx["sc_hand"], [(4, 1)]), {})],
        "scout.odds.expected_windows": [((), {}), ((4, 6), {})],
        "scout.odds.set_somewhere_grid": [((4,), {})],
        "scout.odds.hands_with_set": [((2,), {"n": 50, "rng": R(1)}), ((3, 4, 8), {"n": 20, "rng": R(2)})],
        # speed
        "speed.odds.playable": [((5, 4), {}), (("Q", "K"), {})],  # a rank as a number or by its name
        "speed.odds.ranks_that_fit": [(("K",), {}), ((1,), {})],
        "speed.odds.p_fits_random_top": [((), {}), ((5, 2), {})],
        "speed.odds.p_stalemate_at_start": [((), {}), ((4, 1), {})],
        "speed.odds.p_stalemate_given_tops": [((4, "J"), {}), ((4, 1, 5, 2), {})],
        "speed.odds.stalemate_odds": [((speed.ONE_DECK,), {})],
        "speed.odds.longest_chain_of_ranks": [(([4, 5, 6],), {}), (([4, 5, 6], 3), {})],
        "speed.odds.chain_length_distribution": [((), {}), ((4, 2), {})],
        "speed.odds.count_chain_lengths": [((3,), {}), ((2, 2), {})],
        "speed.odds.p_chain_at_least": [((2,), {}), ((3, 4, 2), {})],
        "speed.odds.race_probability": [((), {}), ((2, 3), {}), ((Fraction(1, 2), 1), {}),
                                        ((), {"rate_b": Fraction(1, 2)})],
        "speed.odds.race_by_integration": [((), {})],
        "speed.odds.p_next_card_fits": [((fx["sp_state"], 0), {})],
        "speed.graphs.rank_cycle": [((), {})],
        "speed.graphs.rank_distance": [((1, 12), {}), (("A", "K"), {})],  # a rank as a number or by its name
        "speed.graphs.chain_graph": [(([5, 6, None], [4, 9]), {})],
        "speed.graphs.longest_chain": [(([5, 6, None], [4, 9]), {})],
        "speed.graphs.chain_in_words": [(([5, 6, None], [4, 9]), {}), ((["K", "A"],), {})],
        "speed.graphs.most_cards_shed": [(([5, 6, None], [4, 9]), {})],
        "speed.graphs.endgame_graph": [((fx["sp_end"],), {})],
        "speed.graphs.win_probability": [((fx["sp_end"],), {})],
        "speed.bots.choose_play": [(("first", [5, 9], [2], [4, 11], R(1)), {})],
        "speed.bots.policy": [(("longest",), {})],
        "speed.bots.first_playable": [((fx["sp_state"], R(1)), {})],
        "speed.bots.longest_chain_first": [((fx["sp_state"], R(1)), {})],
        "speed.bots.block_opponent": [((fx["sp_state"], R(1)), {})],
        "speed.bots.random_playable": [((fx["sp_state"], R(1)), {})],
        "speed.bots.fast_round": [((speed.ONE_DECK, R(1)), {})],
        "speed.bots.win_rate": [((2, 3, 1), {}), ((Fraction(3, 2), 3, 1), {})],
        "speed.bots.win_rate_curve": [(([1, 2], 2, 1), {})],
        "speed.bots.mean_reaction_time": [(("fast",), {}), ((3,), {}), ((Fraction(1, 2),), {})],
        "speed.bots.play_match": [((speed.ONE_DECK, R(1)), {"rounds": 2})],
        "speed.bots.round_winners": [((speed.ONE_DECK, ("first", "first"), 2, 3, 1), {}),
                                     ((speed.ONE_DECK, ["block", "first"], Fraction(1, 2), 2, 30), {})],
        "speed.bots.match_winners": [(("one deck", 1, 2, 2, 17), {}), ((speed.CRAPETTE, 1, Fraction(1, 2), 2, 5), {})],
        "speed.bots.simulated_matches": [(("crapette rapide", 1, 2, 2, 5), {}),
                                         (("crapette rapide", 1, Fraction(1, 2), 2, 5), {})],
        "speed.bots.stalemate_deals": [((speed.ONE_DECK, 10, 1), {})],
        "speed.bots.simulate_stalemates": [((), {}), ((speed.TWO_DECKS, 50, 2), {})],
        # pcv
        "pcv.odds.shot_odds": [((1,), {}), ((2, -1), {})],
        "pcv.odds.hit_probability": [((2,), {})],
        "pcv.odds.destroy_probability": [((3, 1), {}), ((2, 2, 1, True), {})],
        "pcv.odds.damage_chain": [((1,), {})],
        "pcv.odds.expected_shots": [((1,), {}), ((2, 0, True), {})],
        "pcv.odds.destroy_after_formula": [((), {}), ((True,), {})],
        "pcv.odds.expected_shots_formula": [((), {})],
        "pcv.odds.odds_table": [((), {}), ((2,), {})],
        "pcv.odds.after_shots": [(([(1, 0), (2, 1)],), {})],
        "pcv.odds.firing_lines": [((fx["pc_fire"],), {})],
        "pcv.odds.destroy_chances": [((fx["pc_fire"],), {})],
        "pcv.odds.nearest_target": [((fx["pc_fire"],), {})],
        "pcv.odds.destroy_chance": [((fx["pc_fire"], "B"), {})],
        "pcv.odds.die_odds": [((6, [4, 5], (6,)), {}), ((8, frozenset({5, 6, 7}), {8}, 3), {}), ((2, [], [], 0), {})],
        "pcv.odds.rules_faces": [((1,), {}), ((None,), {})],
        "pcv.graphs.explore": [((fx["pc_plane"],), {"mp": 2})],
        "pcv.graphs.move_graph": [((fx["pc_plane"],), {"mp": 2, "board": pcv.Board(12, 9)})],
        "pcv.graphs.reachable": [((fx["pc_plane"],), {"mp": 2})],
        "pcv.graphs.plans": [((fx["pc_plane"],), {"mp": 2})],
        "pcv.graphs.plane_options": [((fx["pc_state"],), {}), ((fx["pc_state"], 1), {})],
        "pcv.graphs.end_nodes": [((fx["pc_graph"],), {})],
        "pcv.graphs.damage_chain_graph": [((1,), {})],
        "pcv.graphs.count_sequences": [((fx["pc_graph"],), {})],
        "pcv.graphs.sequence_to": [((fx["pc_graph"], sorted(__import__("circuslib.pcv.graphs", fromlist=["x"])
                                                            .end_nodes(fx["pc_graph"]))[0][:3]), {})],
        "pcv.graphs.plane_graph": [((fx["pc_state"],), {}), ((fx["pc_state"], 1), {})],
        "pcv.graphs.firing_positions": [((fx["pc_state"],), {}), ((fx["pc_state"], 0), {})],
        "pcv.graphs.end_positions": [((fx["pc_state"],), {}), ((fx["pc_state"], 1), {})],
        "pcv.graphs.shot_from": [((((2, 4), 0, 3), fx["pc_fire"].planes[1]), {})],
        "pcv.bots.random_pilot": [((fx["pc_state"], R(1)), {})],
        "pcv.bots.greedy_pilot": [((fx["pc_state"], R(1)), {})],
        "pcv.bots.cautious_pilot": [((fx["pc_state"], R(1)), {})],
        "pcv.bots.threat_map": [((fx["pc_state"], fx["pc_plane"]), {})],
        "pcv.bots.rate_positions": [((fx["pc_state"],), {}), ((fx["pc_state"], 0), {})],
        "pcv.bots.best_plan": [((fx["pc_state"],), {}), ((fx["pc_state"], "cautious"), {})],
        # flip_circus
        "flip_circus.odds.hidden_worlds": [((fx["fc_state"], 0), {}), ((fx["fc_view"],), {})],
        "flip_circus.odds.possible_backs": [((fx["fc_view"],), {}), ((fx["fc_state"], 0), {})],
        "flip_circus.odds.uncertainty": [((fx["fc_view"],), {}), ((fx["fc_state"], 1), {})],
        "flip_circus.odds.look_values": [((fx["fc_state"], 1), {})],
        "flip_circus.odds.best_look": [((fx["fc_view"],), {}), ((fx["fc_state"], 0), {})],
        "flip_circus.odds.count_rings": [((["C", "C", "A"],), {}), (("CCA",), {}),
                                         ((["C", "A", "M", "V"], "dihedral"), {"sides": 2})],
        "flip_circus.odds.burnside_terms": [((["C", "C", "A"],), {}), (("AAB",), {})],
        "flip_circus.odds.entropy_terms": [(([1, 1, 1, 1],), {}), (([3, 1, 0, 2],), {})],
        "flip_circus.odds.back_fractions": [((fx["fc_view"],), {}), ((fx["fc_state"], 0), {})],
        "flip_circus.odds.entropy_bits": [(([1, 1, 1, 1],), {}), (([3, 1, 0, 2],), {})],
        "flip_circus.odds.ring_problem": [((fx["fc_state"].faces,), {}), ((fx["fc_state"].faces, (None,) * 10), {}),
                                          ((fx["fc_state"].faces, fx["fc_view"].backs, circus.TokenSet.kit()), {})],
        "flip_circus.odds.best_plans": [((fx["fc_state"].faces,), {}),
                                        ((fx["fc_view"].faces, fx["fc_view"].backs), {})],
        "flip_circus.odds.likeliest_turn": [((fx["fc_plans"],), {}), (([],), {})],
        "flip_circus.odds.opener_best_chance": [((fx["fc_state"].faces,), {}),
                                                ((fx["fc_state"].faces, circus.FlipCircusOptions()), {})],
        "flip_circus.odds.opener_rings": [((), {}), ((circus.FlipCircusOptions(),), {})],
        "flip_circus.graphs.winning_turns": [((fx["fc_view"],), {}), ((fx["fc_state"],), {"max_applause": 0}),
                                             ((fx["fc_state"],), {"player": fx["fc_state"].player})],
        "flip_circus.graphs.likeliest_first_move": [((fx["fc_view"],), {}), ((fx["fc_view"],), {"max_applause": 1}),
                                                    ((fx["fc_state"],), {"player": fx["fc_state"].player})],
        "flip_circus.graphs.can_take_poster": [((fx["fc_state"],), {}), ((fx["fc_state"],), {"actions": 1}),
                                               ((fx["fc_state"],), {"max_applause": 0})],
        "flip_circus.graphs.trio_need": [((fx["fc_state"].faces, circus.POSTER_ARTISTS), {})],
        "flip_circus.graphs.one_turn_graph": [((fx["fc_state"],), {"max_nodes": 30})],
        "flip_circus.graphs.swap_distance": [(([1, 2, 3], [3, 2, 1]), {})],
        "flip_circus.graphs.shortest_swaps": [(([1, 2, 3, 4], [4, 3, 2, 1]), {})],
        "flip_circus.graphs.swap_graph": [(([1, 2, 3],), {}), (("ABC",), {})],
        "flip_circus.graphs.swaps_to_trio": [((fx["fc_state"].faces, circus.ACROBATE), {}), (("AABAA", "A"), {})],
        "flip_circus.bots.random_bot": [((fx["fc_state"], R(1)), {})],
        "flip_circus.bots.greedy_bot": [((fx["fc_state"], R(1)), {})],
        "flip_circus.bots.defensive_bot": [((fx["fc_state"], R(1)), {})],
        "flip_circus.bots.threats": [((fx["fc_state"].faces, circus.POSTER_ARTISTS), {})],
    }
    return calls


# what a bad argument can be: wrong kinds of value, and values of the right kind outside every sensible range
BAD_ARGS = (None, True, False, -1, 0, 1, 10 ** 6, -10 ** 9, 10 ** 18, 0.5, 2.0, float("nan"), float("inf"), "", "x",
            "numbers", "rotation", b"ab", (), (1,), (1, 2), (-1, 99), ((1, 2), (3, 4)), [None], ["x"], [[1, 2]],
            [(0, 0)], list(range(300)), range(-3, 3), {}, {"a": 1}, {1: -1}, {1: 10 ** 9}, set(), object(),
            Fraction(-1, 2), Fraction(7, 3), complex(1, 2), print, random.Random(1), Move("x"),
            speed.Play(5, 0, 0))


def value_kind(value) -> str:
    """A coarse kind of value: a bad argument of a kind no good call uses must be refused."""
    if value is None:
        return "none"
    if type(value) is bool:
        return "bool"
    if type(value) is int:
        return "int"
    if type(value) is float:
        return "float"
    if type(value) is str:
        return "str"
    if type(value) in (list, tuple, range, set, frozenset):
        return "sequence"
    if type(value) is dict:
        return "mapping"
    if isinstance(value, Fraction):
        return "fraction"
    if isinstance(value, random.Random):
        return "rng"
    return type(value).__name__


def _resolve(name: str):
    import importlib

    game, part, func = name.split(".")
    return getattr(importlib.import_module(f"circuslib.{game}.{part}"), func)


def _has_nan(value, depth: int = 0) -> bool:
    if depth > 3:
        return False
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, dict):
        return any(_has_nan(v, depth + 1) for v in list(value.values())[:50])
    if isinstance(value, (list, tuple)):
        return any(_has_nan(v, depth + 1) for v in value[:50])
    try:
        import sympy

        if isinstance(value, sympy.Basic):
            return value.has(sympy.nan, sympy.zoo)
    except ImportError:
        pass
    return False


def nested_mutant(value, rng: random.Random):
    """A good argument with one part deep inside it made wrong, as a student's slip makes it: a pair where a
    triple was, a bare number for a pair, None inside a tuple, a number out of any game's range, an extra part.
    Returns (the mutant, whether it must be refused) or None when the value has no parts. A tuple among two or more
    tuples of one length (cards in a hand, hexes in a path) turned into one of another length can be no valid
    argument; None may be (an empty place), and so may another number."""
    paths = []

    def walk(node, path, depth):
        if depth > 3 or type(node) not in (tuple, list) or not node or len(node) > 60:
            return
        for i, part in enumerate(node):
            paths.append(path + (i,))
            walk(part, path + (i,), depth + 1)

    walk(value, (), 0)
    if not paths:
        return None
    path = rng.choice(paths)
    parent = value
    for i in path[:-1]:
        parent = parent[i]
    part = parent[path[-1]]
    shaped = len(parent) >= 2 and all(type(p) is tuple for p in parent) and len({len(p) for p in parent}) == 1
    choices = [(None, False), (99, False), (-1, False), (Fraction(1, 2), False)]
    if type(part) is tuple and part:
        choices += [(part[:-1], shaped), (part + (part[-1],), shaped), (part[0], False)]
    elif type(part) is int and not isinstance(part, bool):
        choices += [((part, part), False)]
    new, must = rng.choice(choices)

    def rebuilt(node, depth):
        if depth == len(path):
            return new
        parts = list(node)
        parts[path[depth]] = rebuilt(node[path[depth]], depth + 1)
        return type(node)(parts)

    return rebuilt(value, 0), must


def bad_calls(rng: random.Random, count: int, names=None):
    """``count`` calls ``(name, args, kwargs, must_refuse)``: a good call with one argument swapped for a bad one
    (``must_refuse`` when no good call gives that argument a value of its kind), plus the calls of issue 13."""
    import inspect

    goods = good_calls()
    names = sorted(names or goods)
    kinds: dict = {}
    for name in names:
        signature = inspect.signature(_resolve(name))
        params = [p for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        seen = {p.name: ({value_kind(p.default)} if p.default is not p.empty else set()) | ALSO.get(p.name, set())
                for p in params}
        for args, kwargs in goods[name]:
            bound = signature.bind(*args, **kwargs)
            for key, value in bound.arguments.items():
                seen.setdefault(key, set()).add(value_kind(value))
        kinds[name] = (signature, params, seen)
    out = []
    while len(out) < count:
        name = rng.choice(names)
        signature, params, seen = kinds[name]
        if not params:
            out.append((name, (rng.choice(BAD_ARGS),), {}, True))  # an argument the function does not take
            continue
        args, kwargs = rng.choice(goods[name])
        bound = signature.bind(*args, **kwargs)
        param = rng.choice(params)
        arguments = dict(bound.arguments)
        mutant = nested_mutant(arguments[param.name], rng) if param.name in arguments and rng.random() < 0.3 else None
        if mutant is not None:  # one part deep inside a good argument made wrong
            value, must = mutant
        else:
            value = rng.choice(BAD_ARGS)
            must = value_kind(value) not in seen.get(param.name, set())
        arguments[param.name] = value
        call_args, call_kwargs = _as_call(params, arguments)
        out.append((name, tuple(call_args), call_kwargs, must))
    return out + ISSUE_CALLS


# kinds some parameters take besides their default's (a progress function such as print: no good call prints)
ALSO = {"title": {"str"}, "show_progress": {"bool"}, "progress": {"builtin_function_or_method", "function"}}

ISSUE_CALLS = [  # the calls issue 13 found running for ever or answering about impossible hands
    ("scout.odds.set_somewhere_probability", (3, 5, 99), {}, True),
    ("scout.odds.expected_shows", (5, 100), {}, True),
    ("speed.odds.p_chain_at_least", (2,), {"hand": 99}, True),
    ("pcv.odds.odds_table", (10 ** 6,), {}, True),
    ("flip_circus.odds.count_rings", (range(300), "dihedral"), {}, True),
    # and those a wrong part inside a good argument slipped through (the referee's second round)
    ("scout.odds.beats", ([(1, -1)], None), {}, True),
    ("scout.odds.is_set", ([(2, 2)],), {}, True),
    ("scout.odds.longest_set", ([(3, 4), (4, 11)],), {}, True),
    ("flip7.odds.remaining_deck", (), {"deck": {}}, True),
]


def fuzz_call(name, args, kwargs, must_refuse, tally: Counter, *, alarm: bool = False, slow: float = 5.0,
              examples: dict | None = None) -> None:
    """Call one public function with (bad) arguments and sort what happened into ``tally``."""
    import matplotlib.pyplot as plt

    function = _resolve(name)

    def note(kind, detail):
        tally[kind] += 1
        if examples is not None and kind not in examples:
            examples[kind] = f"{name}{tuple(args)!r:.120} {kwargs!r:.80}: {detail}"

    tally["tried"] += 1
    with contextlib.redirect_stdout(io.StringIO()):  # a bad "policy" such as print would write to the table
        result, spent, error = _timed(lambda: function(*args, **kwargs), alarm, slow)
    plt.close("all")
    if not isinstance(error, Hang) and spent > slow:  # a busy machine can stall one call: a hang is slow twice
        with contextlib.redirect_stdout(io.StringIO()):
            result, spent, error = _timed(lambda: function(*args, **kwargs), alarm, slow)
        plt.close("all")
    if isinstance(error, Hang) or spent > slow:
        note("hangs", f"{spent:.1f} s")
    elif error is None:
        if _has_nan(result):
            note("silent accepts", f"answered nan: {result!r:.80}")
        elif must_refuse:
            note("silent accepts", f"answered {result!r:.80}")
        else:
            tally["answered"] += 1  # a value of a kind the argument takes, and an answer (not nan)
    elif type(error) in (TypeError, ValueError) or isinstance(error, IllegalMove):
        if str(error):
            tally["refused cleanly"] += 1
        else:
            note("raw exceptions", f"{type(error).__name__} without a message")
    else:
        note("raw exceptions", f"{type(error).__name__}: {error}")


def _as_call(params: list, arguments: dict) -> tuple[list, dict]:
    """Bound arguments back into a call: positional while they come in order, by keyword after."""
    call_args, call_kwargs = [], {}
    for p in params:
        if p.name not in arguments:
            continue
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and len(call_args) == params.index(p):
            call_args.append(arguments[p.name])
        else:
            call_kwargs[p.name] = arguments[p.name]
    return call_args, call_kwargs


def call_with(name: str, args: tuple, kwargs: dict, param: str, value) -> tuple:
    """A good call of ``name`` with the argument ``param`` replaced by ``value``: (args, kwargs, must_refuse)."""
    import inspect

    function = _resolve(name)
    signature = inspect.signature(function)
    params = [p for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    arguments = dict(signature.bind(*args, **kwargs).arguments)
    arguments[param] = value
    call_args, call_kwargs = _as_call(params, arguments)
    seen = {value_kind(p.default)} if (p := signature.parameters[param]).default is not p.empty else set()
    seen |= ALSO.get(param, set())
    for good_args, good_kwargs in good_calls()[name]:
        bound = signature.bind(*good_args, **good_kwargs).arguments
        if param in bound:
            seen.add(value_kind(bound[param]))
    return tuple(call_args), call_kwargs, value_kind(value) not in seen


def parameters(name: str) -> list[str]:
    """The names of the parameters of a public function (not *args or **kwargs)."""
    import inspect

    signature = inspect.signature(_resolve(name))
    return [p.name for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def functions_table(calls: int, seed: int, *, alarm: bool = False) -> bool:
    """Fuzz the public functions and print a table by game; True when everything was refused cleanly."""
    if alarm:
        install_alarm()
    rng = random.Random(f"functions-{seed}")
    tallies = {game: Counter() for game in ("pig", "flip7", "scout", "speed", "pcv", "flip_circus")}
    examples: dict = {}
    began = time.perf_counter()
    for name, args, kwargs, must in bad_calls(rng, calls):
        game = name.split(".")[0]
        found: dict = {}
        fuzz_call(name, args, kwargs, must, tallies[game], alarm=alarm, examples=found)
        for kind, text in found.items():
            examples.setdefault((game, kind), []).append(text)
    elapsed = time.perf_counter() - began
    print(f"\nPublic functions of odds, graphs and bots, called with bad arguments ({elapsed:.0f} s)")
    columns = ("tried", "refused cleanly", "answered", "raw exceptions", "silent accepts", "hangs")
    rows = [(game,) + tuple(t[c] for c in columns) for game, t in tallies.items()]
    rows.append(("all",) + tuple(sum(r[i] for r in rows) for i in range(1, len(columns) + 1)))
    widths = [max(len(str(h)), *(len(f"{r[i]:,}" if i else r[i]) for r in rows)) for i, h in
              enumerate(("functions of",) + columns)]
    print("  ".join(h.ljust(w) if not i else h.rjust(w) for i, (h, w) in enumerate(zip(("functions of",) + columns,
                                                                                           widths))))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(str(c).ljust(w) if not i else f"{c:,}".rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    for (game, kind), texts in sorted(examples.items()):
        print(f"  {game}: {len(texts)} {kind}, e.g. {texts[0]}")
    return not examples
