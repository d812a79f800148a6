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

import dataclasses
import math
import random
import signal
import time
from collections import Counter
from fractions import Fraction
from typing import Any, Callable

from circuslib.core.game import CHANCE, TERMINAL, IllegalMove, Move, sample_outcome
from circuslib.flip7 import rules as flip7
from circuslib.flip_circus import rules as circus
from circuslib.pcv import rules as pcv
from circuslib.scout import rules as scout
from circuslib.speed import rules as speed

COLUMNS = ("tried", "refused cleanly", "raw exceptions", "silent accepts", "disagreements", "hangs")


class InvariantBroken(AssertionError):
    """A protocol invariant failed during a simulated game."""


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


@dataclasses.dataclass
class Adapter:
    """How the conformance checks play one game."""

    name: str
    start: Callable[[random.Random], Any]
    conserved: Callable[[Any, Any], None]  # (start, state): raise InvariantBroken if something was lost or made
    bound: Callable[[Any], int]  # the most steps a game from this start may take
    samples: tuple  # moves of this game, legal somewhere, to mutate


def _flip7_start(rng: random.Random):
    players = rng.choice([1, 2, 3, 3, 4, 5, 6])
    return flip7.new_game(players, dealer=rng.randrange(players), target=rng.choice([30, 60, 100, 200]),
                          deck=rng.choice(["full", "full", "full", "numbers+modifiers"]))


def _flip7_cards(s) -> int:
    return (sum(s.deck) + sum(s.discard) + sum(len(h.cards()) for h in s.hands) + len(s.pending) + len(s.waiting)
            + (len(s.flip3[2]) if s.flip3 else 0))


def _flip7_conserved(start, s) -> None:
    if _flip7_cards(s) != _flip7_cards(start):
        raise InvariantBroken(f"Flip 7 holds {_flip7_cards(s)} cards, it started with {_flip7_cards(start)}")
    if min(s.deck) < 0 or min(s.discard) < 0 or min(s.totals) < 0:
        raise InvariantBroken("a negative count of cards or points")


def _scout_start(rng: random.Random):
    n = rng.choice([2, 3, 4, 5])
    rules = scout.ScoutRules(flip_reverses_order=rng.random() < 0.8, stuck_owner_exempt=rng.random() < 0.2,
                             turn_limit=rng.choice([40, 300]))
    return scout.new_game(n, rounds=rng.choice([1, 1, None]), first=rng.randrange(n), rules=rules)


def _scout_conserved(start, s) -> None:
    if s.card_count() != len(s.full_deck):
        raise InvariantBroken(f"Scout holds {s.card_count()} cards, the deck has {len(s.full_deck)}")
    cards = [tuple(sorted(c)) for h in s.hands for c in h] + [tuple(sorted(c)) for c in s.table]
    cards += [tuple(sorted(c)) for pile in s.captured for c in pile] + [tuple(sorted(c)) for c in s.deck]
    if s.phase != "over" and sorted(cards) != sorted(s.full_deck):
        raise InvariantBroken("a Scout card was made or lost")
    if any(c < 0 for c in s.chips):
        raise InvariantBroken("a negative number of Scout chips")


SPEED_SETUPS = (speed.ONE_DECK, speed.TWO_DECKS, speed.CRAPETTE,
                speed.Setup("skip, flip", decks=1, face_up=4, empty_pile="skip", both_piles_empty="flip-face-up"),
                speed.Setup("two decks, three up", decks=2, face_up=3))


def _speed_start(rng: random.Random):
    setup = rng.choice(SPEED_SETUPS)
    rates = (rng.choice([1, 2, 3, Fraction(1, 2)]), rng.choice([1, 2]))
    if setup.decks == 1 and rng.random() < 0.3:  # a round after a cut: every card known in advance
        order = [rank for rank in speed.RANKS for _ in range(4)]
        rng.shuffle(order)
        return speed.new_game(setup, rates, order=order)
    return speed.new_game(setup, rates)


def _speed_conserved(start, s) -> None:
    if s.card_count() != s.setup.total_cards:
        raise InvariantBroken(f"Speed holds {s.card_count()} cards, not {s.setup.total_cards}")
    if min(s.piles) < 0 or any(min(pool) < 0 for pool in s.pools):
        raise InvariantBroken("a negative count of cards")
    if s.stock is not None and tuple(map(len, s.stock)) != s.piles:
        raise InvariantBroken("a cut deck's known order does not match the piles")


def _pcv_start(rng: random.Random):
    name = rng.choice(["duel", "patrol", "breakthrough", "last-stand"])
    rules = pcv.Rules(rng.choice(pcv.TURNINGS), rng.choice(pcv.FIRE_MODES), off_map=rng.choice(pcv.OFF_MAP),
                      plane_order=rng.choice(pcv.PLANE_ORDERS))
    base = pcv.scenario(name)
    if rng.random() < 0.3:
        base = dataclasses.replace(base, first_side=1)
    return base.start(rules)


def _pcv_conserved(start, s) -> None:
    if [p.name for p in s.planes] != [p.name for p in start.planes]:
        raise InvariantBroken("a plane was made or lost")
    spots = [(p.hex, p.altitude) for p in s.planes if p.flying]
    if len(set(spots)) != len(spots):
        raise InvariantBroken("two flying planes share a hex and an altitude")
    for p in s.planes:
        if p.flying and not (1 <= p.altitude <= 6 and 1 <= p.speed <= 6 and s.scenario.board.contains(p.hex)):
            raise InvariantBroken(f"{p} is flying where it cannot be")


def _circus_start(rng: random.Random):
    players = rng.choice([2, 2, 4])
    rules = circus.Ruleset(players=players, actions=rng.choice([1, 2, 2, 3]), posters_to_win=rng.choice([1, 2, 3, 3]),
                           special_swaps_group_clowns=rng.random() < 0.8, five_clowns_rule=rng.random() < 0.8)
    return circus.FlipCircus(rules)


def _circus_conserved(start, s) -> None:
    if s.phase in circus.SETUP_PHASES:
        return
    if sorted(s.ring) != list(range(circus.SIZE)):
        raise InvariantBroken("the ring is not the ten tokens")
    if min(s.applause) < 0 or s.reserve < 0:
        raise InvariantBroken("a negative number of Applause tokens")
    taken = [a for team in s.posters for a in team]
    if len(taken) != len(set(taken)) or not set(taken) <= set(circus.POSTER_ARTISTS):
        raise InvariantBroken("a poster was taken twice")


ADAPTERS = {
    "flip7": Adapter("flip7", _flip7_start, _flip7_conserved, lambda s: 60_000,
                     (flip7.HIT, flip7.STAY, Move("target", (flip7.FREEZE, 1)), 5, "x2", flip7.FREEZE)),
    "scout": Adapter("scout", _scout_start, _scout_conserved,
                     lambda s: s.rounds * (s.rules.turn_limit + 60 + s.n_players),
                     (scout.Show(0, 2), scout.Scout("left", True, 1), scout.ScoutAndShow("right", False, 0, 0, 1),
                      scout.FLIP_HAND, scout.KEEP_HAND, (3, 7))),
    "speed": Adapter("speed", _speed_start, _speed_conserved, lambda s: 200_000,
                     (speed.Play(5, 0, 1), speed.FlipFaceUp(0), speed.Race(1), 7)),
    "pcv": Adapter("pcv", _pcv_start, _pcv_conserved,
                   lambda s: (s.scenario.turn_limit + 1) * 2 * len(s.planes) * 12,
                   (pcv.Manoeuvre("forward"), pcv.Manoeuvre("loop", "left", -1), pcv.SpeedChange(1),
                    pcv.Fire("Blue 1"), pcv.Pick("Red 1"), 4)),
    "flip_circus": Adapter("flip_circus", _circus_start, _circus_conserved, lambda s: 200_000,
                           (circus.swap(3), circus.flip(0), circus.power(2), circus.look(9), circus.ENCORE,
                            circus.END_TURN, circus.TAKE_APPLAUSE, circus.MAKE_RETURN, 1)),
}
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


def simulate(adapter: Adapter, rng: random.Random, *, fuzz_rate: float = 0.0, tally: Counter | None = None,
             fuzz_moves: int = 8, alarm: bool = False, slow: float = 2.0, check_every: int = 1,
             examples: dict | None = None) -> int:
    """Play one seeded random game to its end, checking the invariants after every step (``is_legal`` against
    every listed move every ``check_every`` steps, against a random few in between); fuzz ``fuzz_moves`` illegal
    moves at a position with probability ``fuzz_rate`` (0: never), and at the end. Returns the number of steps."""
    start = state = adapter.start(rng)
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
MOVE_TYPES = (Move, speed.Play, speed.FlipFaceUp, speed.Race, scout.Show, scout.Scout, scout.ScoutAndShow,
              pcv.Manoeuvre, pcv.SpeedChange, pcv.Fire, pcv.Pick)


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
    if dataclasses.is_dataclass(move) and not isinstance(move, type):
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
        legal, spent, error = _timed(lambda: state.is_legal(move), alarm, slow)
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
        reason, spent, error = _timed(lambda: state.why_illegal(move), alarm, slow)
        if isinstance(error, Hang) or spent > slow:
            note("hangs", move, "why_illegal")
            continue
        if error is not None or not isinstance(reason, str) or not reason:
            note("raw exceptions", move, f"why_illegal gave {reason!r} / {error!r}")
            continue
        after, spent, error = _timed(lambda: state.play(move), alarm, slow)
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
