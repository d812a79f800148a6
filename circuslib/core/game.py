"""The state protocol every game follows, and the play-outs that use it.

A state is a frozen dataclass. ``state.play(move)`` returns a new state and never changes the old one.
``state.current_player`` is a player index, or ``CHANCE`` when the next step is a draw, a die or a shuffle;
then ``state.chance_outcomes()`` lists ``(outcome, probability)`` with exact ``Fraction`` probabilities.
Random play samples those outcomes and exact analysis sums over them: one mechanism serves both, so a
simulation and an exact result cannot drift apart.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import lcm
from typing import Any, Literal, overload

__all__ = [
    "CHANCE", "TERMINAL", "IllegalMove", "Move", "GameState", "Policy", "describe", "is_whole",
    "sample_outcome", "check_rng", "random_policy", "playout", "play_moves", "expected_value", "best_value",
    "Game", "InvariantBroken", "renamed",
]

CHANCE = -1
"""``current_player`` at a chance step: the next move is a draw, a die or a shuffle, not a choice."""

TERMINAL = -2
"""``current_player`` once the game is over."""


class IllegalMove(ValueError):
    """A move the rules forbid here; the message names the rule in a sentence a student understands."""


@dataclass(frozen=True)
class Move:
    """A named move with optional details, printed the way a player would say it.

    A Move can be built with any values (a student's typo included): the game that receives it checks its name
    and details, and printing it never fails.
    """

    name: str
    detail: tuple[Any, ...] = ()

    def __str__(self) -> str:
        name = self.name if isinstance(self.name, str) else describe(self.name)
        if isinstance(self.detail, tuple):
            return name if not self.detail else f"{name} {' '.join(map(describe, self.detail))}"
        return f"{name} {describe(self.detail)}"


def describe(value: Any, limit: int = 80) -> str:
    """``str(value)`` for a message, whatever the value: never raises, and long texts are shortened."""
    try:
        text = str(value)
        if not isinstance(text, str):
            raise TypeError
    except Exception:
        try:
            text = repr(value)
        except Exception:
            text = f"a {type(value).__name__}"
    if not isinstance(text, str):
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number as the rules take one: an ``int``, not True/False (nor 2.0)."""
    return type(value) is int


Policy = Callable[["GameState", random.Random], Any]
"""A player: given a state and a random generator, the move to play."""


class GameState:
    """Base of every game state: subclasses are frozen dataclasses that define the rule methods below.

    A subclass writes ``current_player`` (a property), ``legal_moves``, ``chance_outcomes``, ``is_over``,
    ``scores`` and ``_apply`` (the move, already known to be legal). It may override ``why_illegal`` to explain
    a refused move in the game's words, and ``view`` to hide what a player may not see.
    """

    # --- what a game defines -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The player to move, ``CHANCE`` at a chance step, ``TERMINAL`` at the end."""
        raise NotImplementedError

    def legal_moves(self) -> tuple[Any, ...]:
        """The moves the current player may make (empty at a chance step or at the end)."""
        raise NotImplementedError

    def chance_outcomes(self) -> tuple[tuple[Hashable, Fraction], ...]:
        """At a chance step, every outcome with its exact probability (they sum to 1)."""
        return ()

    def is_over(self) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError

    def scores(self) -> tuple[Any, ...]:
        """Each player's score (at the end: the result of the game)."""
        raise NotImplementedError

    def _apply(self, move: Any) -> GameState:
        """The state after a move already checked to be legal."""
        raise NotImplementedError

    def why_illegal(self, move: Any) -> str:
        """A sentence saying why ``move`` cannot be played here (only called when it cannot)."""
        if self.is_over():
            return "the game is over: no more moves can be played"
        if self.current_player == CHANCE:
            return f"{describe(move)} is not a possible outcome of this draw"
        options = ", ".join(map(describe, self.legal_moves()))
        return f"{describe(move)} is not a legal move here; the legal moves are: {options}"

    # --- what every game gets ------------------------------------------------------------------------
    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` may be played now (a chance outcome at a chance step)."""
        if self.is_over():
            return False
        if self.current_player == CHANCE:
            return any(move == outcome for outcome, _ in self.chance_outcomes())
        return move in self.legal_moves()

    def play(self, move: Any) -> GameState:
        """The new state after ``move``; raises ``IllegalMove`` (and changes nothing) if the rules forbid it.

        Every game checks a move in one place (its ``is_legal``: the type, the number of details, their ranges,
        then the rule) before ``_apply`` uses it, so a move that is not legal never reaches the rules' insides.
        """
        if not self.is_legal(move):
            raise IllegalMove(self.refusal(move))
        return self._apply(move)

    def refusal(self, move: Any) -> str:
        """``why_illegal(move)``, made safe: the sentence of a refusal, even for a value no game expects."""
        try:
            text = self.why_illegal(move)
        except Exception:  # a game's explanation must not turn a refusal into a crash
            text = None
        if not isinstance(text, str) or not text:
            return f"{describe(move)} is not a legal move here"
        return text

    def view(self, player: int) -> GameState:
        """What ``player`` may see of this state (everything, unless the game hides something)."""
        return self

    def _replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed, for the rules' own moves: no re-checking of the new values.

        ``dataclasses.replace`` re-runs ``__init__`` and ``__post_init__`` and costs about ten times more; play-outs
        copy a state on every move. Values cached on the old state (``functools.cached_property``) are not copied.
        """
        names = _field_names(type(self))  # type: ignore[arg-type]  # a class is hashable, whatever its states are
        if not names.issuperset(changes):
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(changes.keys() - names))}")
        values = self.__dict__.copy()
        if len(values) != len(names):  # cached values of the old state are dropped
            values = {name: values[name] for name in names}
        values.update(changes)
        new = object.__new__(type(self))
        new.__dict__.update(values)
        return new

    def probability_of(self, outcome: Hashable) -> Fraction:
        """The exact probability of one chance outcome here (0 if it cannot happen)."""
        return sum((p for o, p in self.chance_outcomes() if o == outcome), Fraction(0))


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in fields(cls))


def _equally_likely(outcomes: Sequence[tuple[Hashable, Fraction]]) -> bool:
    """Whether each of the n outcomes has probability exactly 1/n, read from whole numbers (Fraction's == goes
    through the numbers ABCs, a few microseconds a comparison at every draw of a simulation)."""
    first = outcomes[0][1]
    if type(first) is not Fraction:
        return False
    numerator, denominator = first.numerator, first.denominator
    return numerator * len(outcomes) == denominator and all(
        type(p) is Fraction and p.numerator == numerator and p.denominator == denominator for _, p in outcomes)


def sample_outcome(outcomes: Sequence[tuple[Hashable, Fraction]], rng: random.Random) -> Hashable:
    """Draw one outcome with its exact probability (integer arithmetic: no rounding bias)."""
    if not outcomes:
        raise ValueError("there is no outcome to draw from")
    if _equally_likely(outcomes):
        # a deal, a fair die: the same draw as the general path below (a ticket below n), without its arithmetic
        return outcomes[rng.randrange(len(outcomes))][0]
    probabilities = [p if type(p) is Fraction else Fraction(p) for _, p in outcomes]
    # on one common denominator: the probabilities sum to 1 exactly when the whole-number weights sum to it
    denominator = lcm(*(p.denominator for p in probabilities))
    cumulative = list(accumulate(p.numerator * (denominator // p.denominator) for p in probabilities))
    if any(p.numerator < 0 for p in probabilities) or cumulative[-1] != denominator:
        raise ValueError("chance outcomes must have non-negative probabilities that sum to 1")
    ticket = rng.randrange(denominator)
    return outcomes[bisect_right(cumulative, ticket)][0]  # the first outcome whose weights pass the ticket


def random_policy(state: GameState, rng: random.Random) -> Any:
    """A player who picks uniformly among the legal moves."""
    return rng.choice(list(state.legal_moves()))


def check_rng(rng: Any) -> random.Random:
    """The random generator itself, or a TypeError that says how to make a seeded one."""
    if not isinstance(rng, random.Random):
        raise TypeError("pass a seeded random generator, for example rng=random.Random(1), so results can be repeated")
    return rng


@overload
def playout(state: GameState, rng: random.Random,
            policies: Mapping[int, Policy] | Sequence[Policy] | Policy | None = ..., *, max_steps: int = ...,
            record: Literal[False] = ...) -> GameState: ...


@overload
def playout(state: GameState, rng: random.Random,
            policies: Mapping[int, Policy] | Sequence[Policy] | Policy | None = ..., *, max_steps: int = ...,
            record: Literal[True]) -> tuple[GameState, list[tuple[int, Any]]]: ...


@overload
def playout(state: GameState, rng: random.Random,
            policies: Mapping[int, Policy] | Sequence[Policy] | Policy | None = ..., *, max_steps: int = ...,
            record: bool = ...) -> GameState | tuple[GameState, list[tuple[int, Any]]]: ...


def playout(
    state: GameState,
    rng: random.Random,
    policies: Mapping[int, Policy] | Sequence[Policy] | Policy | None = None,
    *,
    max_steps: int = 100_000,
    record: bool = False,
) -> GameState | tuple[GameState, list[tuple[int, Any]]]:
    """Play from ``state`` to the end: chance by its exact odds, players by their policies (random if none).

    With ``record=True`` also returns the list of ``(player, move)`` steps, chance steps included.
    """
    check_rng(rng)
    history: list[tuple[int, Any]] = []
    for _ in range(max_steps):
        if state.is_over():
            return (state, history) if record else state
        player = state.current_player
        if player == CHANCE:
            move = sample_outcome(state.chance_outcomes(), rng)
        else:
            move = _policy_for(policies, player)(state, rng)
        if record:
            history.append((player, move))
        state = state.play(move)
    raise RuntimeError(f"the game did not end within {max_steps} steps; a rule may let it loop")


def _policy_for(policies: Mapping[int, Policy] | Sequence[Policy] | Policy | None, player: int) -> Policy:
    if policies is None:
        return random_policy
    if callable(policies):
        return policies
    try:
        return policies[player]
    except (KeyError, IndexError):
        raise ValueError(f"no policy was given for player {player}") from None


def play_moves(state: GameState, moves: Iterable[Any]) -> GameState:
    """Play a list of moves (and chance outcomes) in order, the way a worked example reads."""
    for move in moves:
        state = state.play(move)
    return state


def _value(state: GameState, player: int,
           choose: Callable[[GameState, Callable[[GameState], Fraction]], Fraction]) -> Fraction:
    """The exact final score of ``player``: averaged over chance outcomes, and ``choose(s, value)`` at choices."""

    @cache
    def value(s: GameState) -> Fraction:
        if s.is_over():
            return Fraction(s.scores()[player])
        if s.current_player == CHANCE:
            return sum((p * value(s.play(o)) for o, p in s.chance_outcomes()), Fraction(0))
        return choose(s, value)

    return value(state)


def expected_value(state: GameState, policy: Callable[[GameState], Any], player: int = 0) -> Fraction:
    """The exact expected final score of ``player`` when every choice is made by the deterministic ``policy``."""
    return _value(state, player, lambda s, value: value(s.play(policy(s))))


def best_value(state: GameState, player: int = 0) -> Fraction:
    """The exact best expected final score of a lone ``player`` who chooses every move (expectimax)."""
    return _value(state, player, lambda s, value: max(value(s.play(m)) for m in s.legal_moves()))


class InvariantBroken(AssertionError):
    """A rule of the protocol or of a game's conservation (cards, tokens, points) failed during play."""


@dataclass(frozen=True)
class Game:
    """What the kit knows of one game as a whole: its names, its options, how it starts and what it conserves.

    Every game's ``rules`` module declares one as ``GAME``; ``circuslib.games()`` lists them. The conformance checks
    and ``make fuzz`` play every game through it alone.
    """

    name: str  # the game's folder: circuslib.<name>
    title: str  # as the rulebook names it
    options: type | None  # the frozen dataclass of its variants and kit rulings
    new_game: Callable[..., GameState]  # new_game(options=None, *, rng=None, players=None)
    random_start: Callable[[random.Random], GameState]  # a seeded starting position, its options drawn too
    conserved: Callable[[GameState, GameState], None]  # (start, now): raises InvariantBroken if something was lost
    bound: Callable[[GameState], int]  # the most steps a game from this start may take
    samples: tuple[Any, ...]  # moves of this game, legal somewhere, for the fuzzers to alter
    move_types: tuple[type, ...] = ()  # the game's own move classes (beyond core.Move)

    def __post_init__(self) -> None:
        if not (isinstance(self.name, str) and self.name.isidentifier()):
            raise ValueError(f"a game's name is its folder's name, not {describe(self.name)}")
        for part in ("new_game", "random_start", "conserved", "bound"):
            if not callable(getattr(self, part)):
                raise TypeError(f"{self.name}: {part} must be a function")


def renamed(namespace: dict[str, Any], old_names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that still answers to each old name (for one release) with a DeprecationWarning
    naming the new one: ``__getattr__ = renamed(globals(), {"Flip7Game": "Flip7State"})``."""
    import warnings

    module = namespace.get("__name__", "this module")

    def __getattr__(name: str) -> Any:
        if name in old_names:
            new = old_names[name]
            warnings.warn(f"{name} is now called {new}; the old name goes in the next release", DeprecationWarning,
                          stacklevel=2)
            return namespace[new]
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
