"""Flip Circus: ten two-sided tokens in a ring, six artists, posters for trios, Applause, and hidden backs.

Positions 0 to 9 go clockwise round the ring; position 9 is next to position 0. A token is an index into the
token set (``TokenSet``); ``up[token]`` says which of its two faces is visible. Each player's knowledge is the set
of tokens whose hidden face they have seen, so ``view(player)`` can hide everything else, and the hidden worlds a
player cannot rule out (``_worlds``: the deals that fit what they see) are counted here, where the deal is made,
for the odds and the search alike.

A game starts one way: ``new_game(options, rng=...)``. The options (``FlipCircusOptions``) hold the variants and
every kit ruling, each with its default (RULINGS.md, section 5). The moves are ``core.Move`` values, built by
``swap(i)``, ``flip(i)``, ``power(i)``, ``look(i)`` and the constants ``ENCORE``, ``END_TURN``, ``TAKE_APPLAUSE``,
``MAKE_RETURN``.
"""
from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import permutations, product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.args import flag, instance, items, limit, rng_arg, whole
from ..core.game import (
    CHANCE,
    TERMINAL,
    Game,
    GameState,
    IllegalMove,
    InvariantBroken,
    Move,
    describe,
    is_whole,
    renamed,
    sample_outcome,
)
from .pictures import ring_picture, ring_svg

__all__ = [
    "GAME",
    "CLOWN", "ACROBATE", "MAGICIEN", "VOYANTE", "MUSCLES", "DRESSEUSE", "ARTISTS", "POSTER_ARTISTS", "ROSACE",
    "SIZE", "TokenSet", "FlipCircusOptions", "KIT_OPTIONS", "FlipCircusState", "PlayerView", "swap", "flip",
    "power", "look", "ENCORE", "END_TURN", "TAKE_APPLAUSE", "MAKE_RETURN", "new_game", "from_faces", "neighbours",
    "opposite", "swap_problem", "power_problem", "clown_groups", "makes_clown_group", "trios", "ring_svg",
    "IllegalMove",
]

CLOWN, ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE = (
    "Clown", "Acrobate", "Magicien", "Voyante", "Muscles", "Dresseuse")
ARTISTS = (CLOWN, ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE)
POSTER_ARTISTS = ARTISTS[1:]  # there is no Clown poster
ROSACE = (ACROBATE, MAGICIEN, VOYANTE, MUSCLES, DRESSEUSE)  # the cycle printed on the rules' rosace
SIZE = 10
FULL_NAME = {MUSCLES: "Monsieur Muscles"}
DATA = Path(__file__).resolve().parent / "data"


def name(artist: str) -> str:
    """The artist's name as the rules say it (Muscles is Monsieur Muscles)."""
    return FULL_NAME.get(artist, artist)


def short_name(artist: str) -> str:
    """The artist's name as the kit writes it on a button or a bar (Muscles for Monsieur Muscles)."""
    return "Muscles" if artist == MUSCLES else artist


def with_article(artist: str) -> str:
    """The artist with its article, as a sentence says it: a Clown, an Acrobate, Monsieur Muscles."""
    if artist == MUSCLES:
        return name(artist)
    return f"{'an' if artist[0] in 'AEIOU' else 'a'} {artist}"


def _ring_items(value: Any, name: str, most: int) -> tuple:
    """The items of a ring a student gives (a list of plain values, or a text: one item a letter), at most
    ``most`` of them: the one check of the counting and swap functions' rings."""
    ring = tuple(value) if isinstance(value, str) else items(value, name)  # "AABBC": one item a letter
    limit(len(ring), most, f"the places of {name}")
    for item in ring:
        try:
            hash(item)
        except TypeError:
            raise TypeError(f"the items of {name} must be plain values (names, numbers), not {describe(item)}") \
                from None
    return ring


def places_text(places: Sequence[object]) -> str:
    """Places as a sentence lists them: "4", "4 and 6", "1, 2 and 3"."""
    words = [str(p) for p in places]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


# ---------------------------------------------------------------------------------------------------------
# the token set: data, so another pairing can be loaded


@dataclass(frozen=True)
class TokenSet:
    """The ten tokens, each a pair of faces (two different artists)."""

    tokens: tuple[tuple[str, str], ...]
    label: str = "custom"

    def __post_init__(self) -> None:
        tokens = tuple(tuple(t) for t in self.tokens)
        object.__setattr__(self, "tokens", tokens)
        if len(tokens) != SIZE:
            raise ValueError(f"a Flip Circus ring has {SIZE} tokens, this set has {len(tokens)}")
        for a, b in tokens:
            if a not in ARTISTS or b not in ARTISTS:
                raise ValueError(f"token {a}/{b}: the artists are {', '.join(ARTISTS)}")
            if a == b:
                raise ValueError(f"token {a}/{b} shows the same artist twice; its two faces must differ")
        clowns = sum(CLOWN in t for t in tokens)
        if clowns != SIZE // 2:
            raise ValueError(f"the set-up needs exactly five tokens with a Clown face, this set has {clowns}")

    @classmethod
    def kit(cls) -> TokenSet:
        """The kit's reading of the token faces (kit ruling): Clown/X for each artist, and the rosace pairs."""
        return cls.load(DATA / "tokens_kit.json")

    @classmethod
    def load(cls, path: str | Path) -> TokenSet:
        """A token set from a JSON file: {"name": ..., "tokens": [[face, face], ...]}."""
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls(tuple(tuple(t) for t in data["tokens"]), data.get("name", Path(path).stem))

    def faces_of(self, token: int) -> tuple[str, str]:
        """The two faces of one token."""
        return self.tokens[token]

    def clown_tokens(self) -> tuple[int, ...]:
        """The tokens with a Clown face (placed Clown up at the set-up)."""
        return tuple(i for i, t in enumerate(self.tokens) if CLOWN in t)

    def other_tokens(self) -> tuple[int, ...]:
        """The tokens without a Clown face (shuffled in between, on a random face)."""
        return tuple(i for i, t in enumerate(self.tokens) if CLOWN not in t)

    def count(self, artist: str) -> int:
        """How many faces show this artist in the whole set."""
        return sum(artist in t for t in self.tokens)


@dataclass(frozen=True)
class FlipCircusOptions:
    """The game's variants and the kit's rulings, each an option with its default (RULINGS.md, section 5)."""

    tokens: TokenSet = field(default_factory=TokenSet.kit)  # (kit ruling) the token faces
    players: int = 2  # 2, or 4 for the team variant (two teams in alternating seats)
    actions: int = 2  # actions a turn
    applause_tokens: int = 5
    posters_to_win: int = 3
    # (kit ruling) the Acrobate's and Magicien's swaps are swaps too, so they can form a Clown group
    special_swaps_group_clowns: bool = True
    # the five visible Clowns take the last poster when both sides have two
    five_clowns_rule: bool = True

    def __post_init__(self) -> None:
        instance(self.tokens, "tokens", TokenSet, "a TokenSet, for example TokenSet.kit()")
        if whole(self.players, "players") not in (2, 4):
            raise ValueError("Flip Circus is a duel (2 players) or the team variant (4 players), not "
                             f"{self.players} players")
        for what in ("actions", "applause_tokens", "posters_to_win"):
            whole(getattr(self, what), what, 1)
        for what in ("special_swaps_group_clowns", "five_clowns_rule"):
            flag(getattr(self, what), what)
        # a game must be able to end: with 5 posters shared by two teams, one team always reaches 3, but 4 or 5
        # can be out of reach for both (2 posters each and 1 left), and the game would go on for ever
        most = (len(POSTER_ARTISTS) + 1) // 2
        if self.posters_to_win > most:
            raise ValueError(f"posters_to_win must be at most {most}: with {len(POSTER_ARTISTS)} posters and two "
                             f"teams, {self.posters_to_win} posters can be out of both teams' reach (2 each, the "
                             "last one left), and the game would never end")

    @property
    def teams(self) -> int:
        """Two sides in both the duel and the team variant."""
        return 2

    def team_of(self, player: int) -> int:
        """Players sit alternately: seats 0 and 2 are team 0, seats 1 and 3 team 1 (in a duel, the player)."""
        return player % 2


KIT_OPTIONS = FlipCircusOptions()
"""The kit's options: every variant and ruling at its default."""

# ---------------------------------------------------------------------------------------------------------
# moves


def _position(i: object) -> int:
    return whole(i, "a ring position", 0, SIZE - 1)


def swap(i: int, j: int | None = None) -> Move:
    """An ordinary swap of two neighbouring tokens (``swap(3)`` swaps 3 and 4)."""
    i = _position(i)
    j = (i + 1) % SIZE if j is None else _position(j)
    if (j - i) % SIZE not in (1, SIZE - 1):
        raise ValueError(f"positions {i} and {j} are not neighbours: an ordinary swap moves two neighbours")
    a, b = sorted((i, j)) if {i, j} != {0, SIZE - 1} else (SIZE - 1, 0)
    return Move("swap", (a, b))


def flip(i: int) -> Move:
    """Turn one token over where it lies."""
    return Move("flip", (_position(i),))


def power(i: int) -> Move:
    """Use the power of the visible artist at position i (Acrobate, Magicien or Voyante)."""
    return Move("power", (_position(i),))


def look(i: int) -> Move:
    """Spend an Applause to look secretly at the back of the token at position i."""
    return Move("look", (_position(i),))


SWAP_MOVES = tuple(swap(i) for i in range(SIZE))
FLIP_MOVES = tuple(flip(i) for i in range(SIZE))
POWER_MOVES = tuple(power(i) for i in range(SIZE))
LOOK_MOVES = tuple(look(i) for i in range(SIZE))
ENCORE = Move("encore")  # spend an Applause for one more action
END_TURN = Move("end turn")
TAKE_APPLAUSE = Move("clowns: take an Applause")
MAKE_RETURN = Move("clowns: opponent returns an Applause")

# ---------------------------------------------------------------------------------------------------------
# pure rules on the visible faces (shared by the state and the search)


def neighbours(i: int) -> tuple[int, int]:
    """The positions on either side of i."""
    return ((i - 1) % SIZE, (i + 1) % SIZE)


def opposite(i: int) -> int:
    """The position strictly opposite i across the ring."""
    return (i + SIZE // 2) % SIZE


def swap_problem(faces: Sequence[str], i: int, j: int) -> str | None:
    """Why an ordinary swap of i and j is refused, or None: a visible Monsieur Muscles resists it."""
    for p in (i, j):
        if faces[p] == MUSCLES:
            return f"Monsieur Muscles is visible at {p}: an ordinary swap cannot move him"
    return None


def power_problem(faces: Sequence[str], i: int) -> str | None:
    """Why the power at i cannot be used, or None (the Dresseuse is immune to the other artists' powers)."""
    artist = faces[i]
    if artist == ACROBATE:
        if faces[opposite(i)] == DRESSEUSE:
            return f"the Dresseuse opposite (at {opposite(i)}) cannot be moved by the Acrobate"
        return None
    if artist == MAGICIEN:
        left, right = neighbours(i)
        for p in (left, right):
            if faces[p] == DRESSEUSE:
                return f"the Dresseuse next to the Magicien (at {p}) cannot be moved by his power"
        return None
    if artist == VOYANTE:
        if all(faces[p] == DRESSEUSE for p in neighbours(i)):
            return "the Voyante cannot see the Dresseuse's back, and both her neighbours are Dresseuses"
        return None
    return f"the {name(artist)} at {i} has no power to use (only the Acrobate, Magicien and Voyante have one)"


def power_swap(faces: Sequence[str], i: int) -> tuple[int, int] | None:
    """The two positions the power at i exchanges (None for the Voyante, who only looks)."""
    if faces[i] == ACROBATE:
        return (i, opposite(i))
    if faces[i] == MAGICIEN:
        return neighbours(i)
    return None


def _power_pair(faces: Sequence[str], i: int) -> tuple[int, int]:
    """``power_swap`` for a power known to swap (an Acrobate's or a Magicien's at i): the two places it exchanges."""
    return (i, opposite(i)) if faces[i] == ACROBATE else neighbours(i)


def voyante_sees(faces: Sequence[str], i: int) -> tuple[int, ...]:
    """The neighbours whose backs the Voyante at i reveals (not a visible Dresseuse)."""
    return tuple(p for p in neighbours(i) if faces[p] != DRESSEUSE)


def clown_groups(faces: Sequence[str], ids: Sequence | None = None) -> list[frozenset]:
    """The groups of at least two adjacent visible Clowns, each as the set of its tokens (or positions)."""
    if ids is None:
        ids = range(SIZE)
    start = next((i for i in range(SIZE) if faces[i] != CLOWN), None)
    if start is None:
        return [frozenset(ids)]
    groups, run = [], []
    for p in _AFTER[start]:  # round the ring from the place after a non-Clown, back to it
        if faces[p] == CLOWN:
            run.append(ids[p])
        elif run:
            if len(run) >= 2:
                groups.append(frozenset(run))
            run = []
    return groups


_AFTER = tuple(tuple((start + k) % SIZE for k in range(1, SIZE + 1)) for start in range(SIZE))


def makes_clown_group(before: list[frozenset], after: list[frozenset]) -> bool:
    """Whether a group was made or enlarged: some group after is not inside a group that was already there.

    Give the groups as sets of positions (``clown_groups(faces)``): a group is what the players see, Clown faces
    side by side, so two Clowns that change places leave every group as it was.
    """
    return any(not any(g <= old for old in before) for g in after)


def _grows_clowns(faces: Sequence[str], new_faces: Sequence[str], changed: Sequence[int]) -> bool:
    """``makes_clown_group(clown_groups(faces), clown_groups(new_faces))`` for an action that changed only the
    places ``changed``, read at those places: a group after the action that holds no changed place was already
    inside a group before it, and a group all of whose places showed a Clown before was too; so a group is made
    or enlarged exactly when a changed place that did not show a Clown now does, next to another Clown."""
    for p in changed:
        if new_faces[p] == CLOWN and faces[p] != CLOWN and (
                new_faces[p - 1] == CLOWN or new_faces[(p + 1) % SIZE] == CLOWN):
            return True
    return False


def trios(faces: Sequence[str], available: Sequence[str] = POSTER_ARTISTS) -> list[tuple[int, str]]:
    """Each trio of three neighbours showing the same artist whose poster is available: (middle, artist)."""
    return [(m, faces[m]) for m in range(SIZE)
            if faces[m] in available and faces[m - 1] == faces[m] == faces[(m + 1) % SIZE]]


# ---------------------------------------------------------------------------------------------------------
# the state

SETUP_PHASES = ("set-up: Clowns", "set-up: others", "set-up: faces", "set-up: first player")


@dataclass(frozen=True)
class FlipCircusState(GameState):
    """A Flip Circus position: the ring, the visible sides, what each player knows, Applause and posters."""

    options: FlipCircusOptions = KIT_OPTIONS
    phase: str = SETUP_PHASES[0]
    ring: tuple = ()  # ring[position] = token (None while the set-up is placing them)
    up: tuple = ()  # up[token] = 0 or 1, the index of its visible face
    knows: tuple = ()  # knows[player] = frozenset of tokens whose hidden face that player has seen
    applause: tuple = (0, 0)  # per team
    posters: tuple = ((), ())  # per team, the artists whose posters it took, in order
    player: int = 0
    actions_left: int = 0
    pending: bool = False  # a Clown group was made: the player picks its reward
    winner: int | None = None  # the winning team

    @property
    def rules(self) -> FlipCircusOptions:
        """The options of this game (the old name of ``options``, kept for one release)."""
        warnings.warn("state.rules is now state.options; the old name goes in the next release", DeprecationWarning,
                      stacklevel=2)
        return self.options

    if TYPE_CHECKING:  # what GameState's play and _replace return here (declared for the type checker only: no call)
        def play(self, move: Any) -> FlipCircusState: ...

        def _replace(self, **changes: Any) -> FlipCircusState: ...

    # --- reading the ring --------------------------------------------------------------------------
    def face(self, i: int) -> str:
        """The visible artist at position i."""
        token = self.ring[i]
        return self.options.tokens.tokens[token][self.up[token]]

    def back(self, i: int) -> str:
        """The hidden artist at position i (what nobody sees unless they looked)."""
        token = self.ring[i]
        return self.options.tokens.tokens[token][1 - self.up[token]]

    @cached_property
    def faces(self) -> tuple[str, ...]:
        """The visible artists, position by position (computed once: a state never changes)."""
        faces = self.options.tokens.tokens
        return tuple(faces[t][self.up[t]] for t in self.ring)

    @property
    def backs(self) -> tuple[str, ...]:
        """The hidden artists, position by position (the whole truth: for analysis, not for players)."""
        return tuple(self.back(i) for i in range(SIZE))

    @property
    def team(self) -> int:
        """The team of the player to move."""
        return self.options.team_of(self.player)

    @property
    def reserve(self) -> int:
        """Applause tokens in the central reserve."""
        return self.options.applause_tokens - sum(self.applause)

    def available_posters(self) -> tuple[str, ...]:
        """The poster tiles nobody has taken yet."""
        taken = {a for team in self.posters for a in team}
        return tuple(a for a in POSTER_ARTISTS if a not in taken)

    def knows_back(self, player: int, i: int) -> bool:
        """Whether ``player`` has seen the hidden face of the token at position i."""
        return self.ring[i] in self.knows[player]

    # --- the protocol -------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The player to move; CHANCE during the set-up; TERMINAL at the end."""
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase in SETUP_PHASES else self.player

    def is_over(self) -> bool:
        """The game ends when a team takes its third poster."""
        return self.phase == "over"

    def scores(self) -> tuple:
        """Posters per player (a player scores the posters of their team); the winner is the team with 3."""
        return tuple(len(self.posters[self.options.team_of(p)]) for p in range(self.options.players))

    def chance_outcomes(self) -> tuple:
        """The set-up, one step at a time, each outcome equally likely."""
        return _setup_outcomes(self.options, self.phase)

    def legal_moves(self) -> tuple:
        """The moves the player to move may make now (listed once per state)."""
        moves = self.__dict__.get("_legal")
        if moves is None:
            moves = self.__dict__["_legal"] = self._list_moves()
        return moves

    def _list_moves(self) -> tuple:
        if self.current_player < 0:
            return ()
        if self.pending:
            return tuple(m for m in (TAKE_APPLAUSE, MAKE_RETURN) if self._problem(m) is None)
        moves = _ring_moves(self.faces) if self.actions_left else ()
        if self.applause[self.team]:
            known, ring = self.knows[self.player], self.ring
            moves += (ENCORE,) + tuple([LOOK_MOVES[i] for i in range(SIZE) if ring[i] not in known])
        if not self.actions_left:
            moves += (END_TURN,)
        return moves

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` may be played now (checked directly, without listing every move)."""
        if self.is_over():
            return False
        if self.current_player == CHANCE:
            return _setup_shape(self.phase, move) and any(move == o for o, _ in self.chance_outcomes())
        return self._problem(move) is None

    def why_illegal(self, move: Any) -> str:
        """Why a move is refused, in the game's words."""
        if self.is_over():
            return "the game is over: a team has its three posters"
        if self.current_player == CHANCE:
            return f"the set-up is still being dealt ({self.phase}); {describe(move)} is not one of its outcomes"
        return self._problem(move) or "this move is allowed"

    def _problem(self, move) -> str | None:
        """The one check of a move: a Move, its name, its details and their ranges, then the rule (None: legal)."""
        if type(move) is not Move:
            return (f"{describe(move)} is not a Flip Circus move; use swap(i), flip(i), power(i), look(i), ENCORE "
                    "or END_TURN")
        shape = _move_shape(move)
        if shape:
            return shape
        # ``_is(move, X)`` is ``move == X``, without the dataclass comparison when the names already differ
        name = move.name
        if self.pending:
            if _is(move, name, TAKE_APPLAUSE):
                return None if self.reserve else "the reserve is empty: there is no Applause to take"
            if _is(move, name, MAKE_RETURN):
                return None if self.applause[1 - self.team] else "your opponent has no Applause to return"
            return "first choose the Clowns' reward: take an Applause, or make your opponent return one"
        if name in _BOARD_NAMES:  # the usual case, first
            if not self.actions_left:
                return ("you have no action left: spend an Applause for one more (ENCORE), or end your turn"
                        if self.applause[self.team] else "you have no action left: end your turn")
            if name == "swap":
                i, j = move.detail
                return swap_problem(self.faces, i, j)
            if name == "power":
                return power_problem(self.faces, move.detail[0])
            return None
        if _is(move, name, TAKE_APPLAUSE) or _is(move, name, MAKE_RETURN):
            return "the Clowns' reward comes only when a swap or a flip makes or enlarges a group of Clowns"
        if _is(move, name, END_TURN):
            if self.actions_left:
                left = self.actions_left
                return f"you still have {left} action{'' if left == 1 else 's'} to play before ending your turn"
            return None
        if _is(move, name, ENCORE) or name == "look":
            if not self.applause[self.team]:
                return "you have no Applause to spend"
            if name == "look" and self.knows_back(self.player, move.detail[0]):
                return f"you have already seen the back of the token at {move.detail[0]}"
            return None
        return f"{describe(move)} is not a Flip Circus move"  # (unreachable: _move_shape knows every name)

    # --- applying moves -----------------------------------------------------------------------------
    def _apply(self, move) -> FlipCircusState:
        if self.phase in SETUP_PHASES:
            return self._setup(move)
        name = move.name
        if name in _BOARD_NAMES:
            return self._action(move)
        team = self.team
        if _is(move, name, TAKE_APPLAUSE):
            return self._keep_ring(pending=False, applause=_bump(self.applause, team, +1))._maybe_end()
        if _is(move, name, MAKE_RETURN):
            return self._keep_ring(pending=False, applause=_bump(self.applause, 1 - team, -1))._maybe_end()
        if _is(move, name, END_TURN):
            return self._end_turn()
        if _is(move, name, ENCORE):
            return self._keep_ring(applause=_bump(self.applause, team, -1), actions_left=self.actions_left + 1)
        # a look
        token = self.ring[move.detail[0]]
        return self._keep_ring(applause=_bump(self.applause, team, -1),
                               knows=_learn(self.knows, [self.player], [token]))._maybe_end()

    def _keep_ring(self, **changes: Any) -> FlipCircusState:
        """A copy with some counters changed, the ring as it was (its visible faces are not computed again)."""
        state = self._replace(**changes)
        if "faces" in self.__dict__:
            state.__dict__["faces"] = self.__dict__["faces"]  # what ``cached_property`` would store
        return state

    def _action(self, move) -> FlipCircusState:
        """A swap, a flip or a power: one copy of the state in the usual case (no poster, no special ending)."""
        faces = self.faces
        ring, up, knows = self.ring, self.up, self.knows
        new_faces = list(faces)
        name, detail = move.name, move.detail
        moved, changed = True, detail
        if name == "flip":
            i = detail[0]
            token = ring[i]
            turned = list(up)
            turned[token] = 1 - turned[token]
            up = tuple(turned)
            new_faces[i] = self.options.tokens.tokens[token][up[token]]
            # a flip shows the other face to everybody: from now on every player knows both faces
            knows = _learn(knows, range(self.options.players), [token])
        else:
            if name == "swap":
                i, j = detail
            else:  # a power
                pair = power_swap(faces, detail[0])
                changed = pair or ()
                if pair is None:  # the Voyante looks
                    i = None
                    knows = _learn(knows, [self.player], [ring[p] for p in voyante_sees(faces, detail[0])])
                else:
                    i, j = pair
                    moved = self.options.special_swaps_group_clowns
            if i is not None:
                places = list(ring)
                places[i], places[j] = places[j], places[i]
                ring = tuple(places)
                new_faces[i], new_faces[j] = new_faces[j], new_faces[i]
            else:
                moved = False
        shown = tuple(new_faces)
        team = self.team
        applause = self.applause
        # Clown groups only matter when there is an Applause to take or to take away, and only a place that
        # shows a Clown after the action can have made or enlarged a group
        grouped = moved and bool(self.reserve or applause[1 - team]) and _grows_clowns(faces, shown, changed)
        actions_left = self.actions_left - 1
        if not grouped and not _any_trio(shown):  # no poster, no Clowns' reward: one copy of the state
            if actions_left or applause[team]:  # the turn goes on
                state = self._replace(ring=ring, up=up, knows=knows, actions_left=actions_left)
                state.__dict__["faces"] = shown
                return state
            if not self.five_clowns_apply():  # the turn ends, nothing left to spend
                state = self._replace(ring=ring, up=up, knows=knows, player=(self.player + 1) % self.options.players,
                                      actions_left=self.options.actions)
                state.__dict__["faces"] = shown
                return state
        state = self._replace(ring=ring, up=up, knows=knows, actions_left=actions_left)
        state.__dict__["faces"] = shown
        state = state._take_posters()
        if state.is_over():
            return state
        if grouped and (state.reserve or state.applause[1 - team]):
            return state._keep_ring(pending=True)
        return state._maybe_end()

    def _exchange(self, i: int, j: int) -> FlipCircusState:
        ring = list(self.ring)
        ring[i], ring[j] = ring[j], ring[i]
        return self._replace(ring=tuple(ring))

    def _turn_over(self, i: int) -> FlipCircusState:
        token = self.ring[i]
        up = list(self.up)
        up[token] = 1 - up[token]
        # a flip shows the other face to everybody: from now on every player knows both faces
        return self._replace(up=tuple(up), knows=_learn(self.knows, range(self.options.players), [token]))

    def _take_posters(self) -> FlipCircusState:
        """Take every poster a trio earns, flipping each trio's middle token, until none is left or a team wins."""
        state = self
        while True:
            found = _any_trio(state.faces) and trios(state.faces, state.available_posters())
            if not found:
                return state
            middle, artist = found[0]  # reading: overlapping trios of one artist: the first clockwise from 0
            posters = _append(state.posters, state.team, artist)
            state = replace(state._turn_over(middle), posters=posters)
            if len(posters[state.team]) >= self.options.posters_to_win:
                return state._replace(phase="over", winner=state.team, actions_left=0)

    def _maybe_end(self) -> FlipCircusState:
        if not self.pending and not self.actions_left and not self.applause[self.team]:
            return self._end_turn()
        return self

    def _end_turn(self) -> FlipCircusState:
        state = self
        if self.five_clowns_apply() and sum(f == CLOWN for f in self.faces) == self.options.tokens.count(CLOWN):
            last = self.available_posters()
            posters = _append(self.posters, self.team, last[0])
            return self._replace(posters=posters, phase="over", winner=self.team, actions_left=0)
        return state._keep_ring(player=(self.player + 1) % self.options.players, actions_left=self.options.actions)

    def five_clowns_apply(self) -> bool:
        """Whether the five-Clowns rule is on: both sides have exactly two posters."""
        return self.options.five_clowns_rule and all(len(p) == 2 for p in self.posters)

    def _setup(self, outcome) -> FlipCircusState:
        if self.phase == SETUP_PHASES[0]:
            ring = [None] * SIZE
            ring[0::2] = outcome
            up = [0] * SIZE
            for token in outcome:  # Clown up
                up[token] = self.options.tokens.tokens[token].index(CLOWN)
            knows: tuple[frozenset[int], ...] = tuple(frozenset() for _ in range(self.options.players))
            return self._replace(phase=SETUP_PHASES[1], ring=tuple(ring), up=tuple(up), knows=knows)
        if self.phase == SETUP_PHASES[1]:
            ring = list(self.ring)
            ring[1::2] = outcome
            return self._replace(phase=SETUP_PHASES[2], ring=tuple(ring))
        if self.phase == SETUP_PHASES[2]:
            up = list(self.up)
            for token, side in zip(self.ring[1::2], outcome):
                up[token] = side
            return self._replace(phase=SETUP_PHASES[3], up=tuple(up))
        second_team = self.options.team_of((outcome + 1) % self.options.players)
        return self._replace(phase="play", player=outcome, actions_left=self.options.actions,
                             applause=_bump((0, 0), second_team, +1))

    # --- what a player sees -------------------------------------------------------------------------
    # a player's view is not a state of the game (it hides the backs that player has not seen, so no move can be
    # played on it): it is its own kind, PlayerView
    def view(self, player: int) -> PlayerView:  # type: ignore[override]
        """What ``player`` may see: the visible faces, and only the backs they have seen."""
        whole(player, "player", 0, self.options.players - 1)
        if self.phase in SETUP_PHASES:
            raise ValueError("the set-up is not finished: there is no ring to look at yet")
        backs = tuple(self.back(i) if self.knows_back(player, i) else None for i in range(SIZE))
        return PlayerView(self.options, player, self.faces, backs, self.applause, self.posters, self.player,
                          self.actions_left, self.pending, self.phase)

    def __str__(self) -> str:
        if self.phase in SETUP_PHASES:
            return self.phase
        return " ".join(f"{i}:{f[:3]}" for i, f in enumerate(self.faces))

    def __repr__(self) -> str:
        if self.phase in SETUP_PHASES:
            return f"FlipCircusState({self})"
        return f"FlipCircusState({self}; {_caption(self)})"

    def picture(self) -> Any:
        """The ring as everybody sees it (visible faces only), with the counters in its caption: a Picture."""
        return ring_picture(self.faces, caption=_caption(self))

    def _repr_html_(self) -> str:
        if self.phase in SETUP_PHASES:
            return f"<i>{self.phase}</i>"
        return str(self.picture()._repr_html_())

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        if self.phase in SETUP_PHASES:
            return {"text/html": self._repr_html_(), "text/plain": repr(self)}
        return dict(self.picture()._repr_mimebundle_())


_ONE_PLACE = frozenset(("flip", "power", "look"))
_NO_DETAIL = frozenset(m.name for m in (ENCORE, END_TURN, TAKE_APPLAUSE, MAKE_RETURN))


def _move_shape(move: Move) -> str | None:
    """Why a Move's name or details cannot be a Flip Circus move (checked before any rule), or None.

    The helpers ``swap``, ``flip``, ``power`` and ``look`` build moves of the right shape; a Move built by hand is
    held to the same shape: a known name, a tuple of whole-number positions 0 to 9, as many as the move takes,
    and a swap's two neighbours in the order ``swap`` writes them.
    """
    name, detail = move.name, move.detail
    if type(name) is not str or not (name in _BOARD_NAMES or name in _NO_DETAIL or name == "look"):
        return (f"{describe(move)} is not a Flip Circus move; use swap(i), flip(i), power(i), look(i), ENCORE, "
                f"END_TURN, TAKE_APPLAUSE or MAKE_RETURN")
    if type(detail) is not tuple:
        return f"a move's details are a tuple of positions, not {describe(detail)}"
    if name in _NO_DETAIL:
        return None if not detail else f"'{name}' takes no positions, but {describe(move)} gives {len(detail)}"
    wanted = 2 if name == "swap" else 1
    if len(detail) != wanted:
        return (f"'{name}' takes {wanted} position{'s' if wanted > 1 else ''}, not {len(detail)}: "
                f"write it {name}({', '.join('i' * wanted) if wanted == 1 else 'i, j'})")
    for i in detail:
        if not is_whole(i) or not 0 <= i < SIZE:
            return f"the ring has positions 0 to {SIZE - 1}; {describe(i)} is not one of them"
    if name == "swap":
        i, j = detail
        if (j - i) % SIZE not in (1, SIZE - 1):
            return f"positions {i} and {j} are not neighbours: an ordinary swap moves two neighbours"
        if not (j == i + 1 or (i == SIZE - 1 and j == 0)):  # swap(i, j) writes (i, i + 1), and (9, 0)
            return f"build this swap with swap({i}, {j}), which writes its places in the order {swap(i, j).detail}"
    return None


def _setup_shape(phase: str, outcome) -> bool:
    """Whether a set-up outcome has the shape of that step's outcomes (whole numbers, not True/False or 2.0)."""
    if phase == SETUP_PHASES[3]:
        return is_whole(outcome)
    return type(outcome) is tuple and all(is_whole(x) for x in outcome)


def _is(move: Move, name: str, constant: Move) -> bool:
    """``move == constant`` for a move whose name is ``name`` (the dataclass comparison only when names agree)."""
    return move is constant or (name == constant.name and move == constant)


_BOARD_NAMES = frozenset(("swap", "flip", "power"))
_POWERFUL = (ACROBATE, MAGICIEN, VOYANTE)
_RIGHT = tuple((i + 1) % SIZE for i in range(SIZE))


def _ring_moves(faces: tuple) -> tuple:
    """The swaps, flips and powers allowed on these visible faces, in the order ``legal_moves`` lists them."""
    if MUSCLES in faces:
        # swap_problem, inlined (this runs at every move): a visible Monsieur Muscles resists an ordinary swap
        moves = [SWAP_MOVES[i] for i in range(SIZE) if faces[i] != MUSCLES and faces[_RIGHT[i]] != MUSCLES]
    else:  # nothing resists a swap
        moves = list(SWAP_MOVES)
    moves += FLIP_MOVES
    # power_problem, inlined: the Dresseuse is immune to the Acrobate's and the Magicien's swaps and to the
    # Voyante's look (a test checks that this list and ``is_legal`` agree)
    for i in range(SIZE):
        face = faces[i]
        if face == ACROBATE:
            if faces[(i + SIZE // 2) % SIZE] != DRESSEUSE:
                moves.append(POWER_MOVES[i])
        elif face == MAGICIEN:
            if faces[i - 1] != DRESSEUSE and faces[_RIGHT[i]] != DRESSEUSE:
                moves.append(POWER_MOVES[i])
        elif face == VOYANTE:
            if faces[i - 1] != DRESSEUSE or faces[_RIGHT[i]] != DRESSEUSE:
                moves.append(POWER_MOVES[i])
    return tuple(moves)


def _any_trio(faces: tuple) -> bool:
    """Whether three neighbours show the same artist anywhere (a quick test before looking for posters)."""
    a, b = faces[SIZE - 2], faces[SIZE - 1]
    for c in faces:
        if a == b == c:
            return True
        a, b = b, c
    return False


@lru_cache(maxsize=64)
def _setup_outcomes(options: FlipCircusOptions, phase: str) -> tuple:
    """The set-up's chance outcomes at one step (the same for every game with these options)."""
    tokens = options.tokens
    if phase == SETUP_PHASES[0]:
        orders = list(permutations(tokens.clown_tokens()))
        return tuple((o, Fraction(1, len(orders))) for o in orders)
    if phase == SETUP_PHASES[1]:
        orders = list(permutations(tokens.other_tokens()))
        return tuple((o, Fraction(1, len(orders))) for o in orders)
    if phase == SETUP_PHASES[2]:
        sides = list(product((0, 1), repeat=SIZE // 2))
        return tuple((s, Fraction(1, len(sides))) for s in sides)
    if phase == SETUP_PHASES[3]:
        return tuple((p, Fraction(1, options.players)) for p in range(options.players))
    return ()


def _bump(values: tuple, index: int, delta: int) -> tuple:
    changed = list(values)
    changed[index] += delta
    return tuple(changed)


def _append(posters: tuple, team: int, artist: str) -> tuple:
    return tuple(p + (artist,) if t == team else p for t, p in enumerate(posters))


def _learn(knows: tuple, players, tokens) -> tuple:
    players = set(players)
    return tuple(k | frozenset(tokens) if p in players and not k.issuperset(tokens) else k
                 for p, k in enumerate(knows))


def _caption(state) -> str:
    if state.phase == "over":
        return f"team {state.winner} wins with posters {', '.join(state.posters[state.winner])}"
    who = f"player {state.player} (team {state.options.team_of(state.player)})" if state.options.players == 4 \
        else f"player {state.player}"
    left = state.actions_left
    return (f"{who} to play, {left} action{'' if left == 1 else 's'} left; Applause {list(state.applause)}, "
            f"reserve {state.reserve}; posters {[len(p) for p in state.posters]}")


@dataclass(frozen=True)
class PlayerView:
    """The ring as one player sees it: visible faces, the backs they have seen (None elsewhere), the counters."""

    options: FlipCircusOptions
    player: int
    faces: tuple
    backs: tuple
    applause: tuple
    posters: tuple
    to_move: int
    actions_left: int
    pending: bool
    phase: str

    def available_posters(self) -> tuple[str, ...]:
        """The poster tiles nobody has taken yet."""
        taken = {a for team in self.posters for a in team}
        return tuple(a for a in POSTER_ARTISTS if a not in taken)

    @property
    def team(self) -> int:
        """The team of the player to move."""
        return self.options.team_of(self.to_move)

    @property
    def reserve(self) -> int:
        """Applause tokens in the central reserve."""
        return self.options.applause_tokens - sum(self.applause)

    @property
    def rules(self) -> FlipCircusOptions:
        """The options of this game (the old name of ``options``, kept for one release)."""
        warnings.warn("view.rules is now view.options; the old name goes in the next release", DeprecationWarning,
                      stacklevel=2)
        return self.options

    def __repr__(self) -> str:
        seen = " ".join(f"{i}:{f[:3]}" + (f"({b[:3]})" if b else "")
                        for i, (f, b) in enumerate(zip(self.faces, self.backs)))
        return f"PlayerView(player {self.player}: {seen})"

    def picture(self) -> Any:
        """The ring as this player knows it (the backs they have seen written under the faces): a Picture."""
        return ring_picture(self.faces, self.backs, caption=f"what player {self.player} knows")

    def _repr_html_(self) -> str:
        return str(self.picture()._repr_html_())

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return dict(self.picture()._repr_mimebundle_())


# ---------------------------------------------------------------------------------------------------------
# what a player may deduce: the hidden worlds that fit what they see
#
# Every way of dealing the tokens (which token lies where, which face up) is equally likely at the set-up, and every
# later action and observation is a fixed function of that deal, so the deals still consistent with what a player
# has seen stay equally likely. A world is an assignment of hidden faces, place by place; its count is the number
# of deals that show it. The odds (possible backs, entropies) and the one-turn search both count these worlds.

_CODE = {artist: k for k, artist in enumerate(ARTISTS)}  # an artist as a number


@lru_cache(maxsize=8)
def _token_kinds(tokens: TokenSet) -> tuple:
    """What every view of a game shares: the set's kinds of token (pairs of faces, in the set's order), how many
    tokens of each kind, each pair's number, and for each artist the kinds that show it, as (number, the other
    face, its number)."""
    counted = Counter(frozenset(t) for t in tokens.tokens)
    kinds = tuple(counted)
    fits = {artist: tuple((n, other, _CODE[other]) for n, pair in enumerate(kinds) if artist in pair
                          for other in pair - {artist}) for artist in ARTISTS}
    return tuple(counted[pair] for pair in kinds), {pair: n for n, pair in enumerate(kinds)}, fits, kinds


@lru_cache(maxsize=16)  # a bot asks for the same view a few times in one decision; older views are let go
def _worlds(tokens: TokenSet, faces: tuple, backs: tuple) -> tuple:
    """Every world (the hidden faces, place by place) that fits these visible faces and backs seen, with its count
    of deals, as (world, count) pairs (in the search's order; ``_in_place_order`` sorts them place by place)."""
    # the tokens still unaccounted for: the whole set minus those whose two faces the player knows
    counts, index, fits_of, kinds = _token_kinds(tokens)
    counts = list(counts)  # how many of each kind of token are left (a list, changed and restored below)
    for face, back in zip(faces, backs):
        if back is not None:
            n = index.get(frozenset((face, back)))
            if n is None or not counts[n]:
                raise ValueError(f"the set has no {face}/{back} token left: this view does not fit the token set")
            counts[n] -= 1
    unknown = [i for i in range(SIZE) if backs[i] is None]
    # for each unseen place, the kinds of token that show its face, with the other face (in the set's order)
    fits = [fits_of.get(faces[i], ()) for i in unknown]
    # a dead end shows early: an artist shown at more unseen places than the tokens left that carry it (every
    # Clown face needs one of the Clown tokens, so a rosace face cannot take one). Checked before each choice, it
    # skips only branches that find no world: the same worlds
    need = [0] * len(ARTISTS)  # unseen places still to fill that show each artist
    for i in unknown:
        need[_CODE[faces[i]]] += 1
    have = [0] * len(ARTISTS)  # tokens left that carry each artist
    for n, pair in enumerate(kinds):
        for artist in pair:
            have[_CODE[artist]] += counts[n]
    # the places with the fewest kinds of token first: at the deal the five rosace faces (three kinds each, and the
    # Clown token soon ruled out) come before the five Clowns (five kinds each), so their choices are made once
    # instead of once per order of the Clown tokens. The same worlds with the same counts, in another order
    # (``_in_place_order`` gives the order of a search place by place)
    order = sorted(range(len(unknown)), key=lambda k: len(fits[k]))
    unknown, fits = [unknown[k] for k in order], [fits[k] for k in order]
    shown = [_CODE[faces[i]] for i in unknown]
    found: dict = {}  # each world once: the backs fix the kind of token at every place
    chosen = list(backs)
    last = len(unknown)

    def place(k: int, weight: int) -> None:
        i = unknown[k]
        if k + 1 == last:  # the last unseen place: record each world here (no call per world)
            for n, other, _ in fits[k]:
                count = counts[n]
                if count:
                    chosen[i] = other
                    found[tuple(chosen)] = weight * count
            chosen[i] = None
            return
        face = shown[k]
        need[face] -= 1
        have[face] -= 1
        for n, other, o in fits[k]:
            count = counts[n]
            if count and have[o] > need[o]:  # this token leaves enough tokens for the places showing ``other``
                counts[n] = count - 1
                have[o] -= 1
                chosen[i] = other
                place(k + 1, weight * count)  # ``count`` physical tokens of this kind could lie here
                have[o] += 1
                counts[n] = count
        need[face] += 1
        have[face] += 1
        chosen[i] = None

    if last:
        place(0, 1)
    else:
        found[tuple(chosen)] = 1  # every back is known: the one world left
    if not found:
        raise ValueError("no deal of the token set fits this view")
    return tuple(found.items())


def _in_place_order(worlds: tuple, tokens: TokenSet, faces: tuple, backs: tuple) -> tuple:
    """The worlds in the order of a search place by place, each place's kinds of token in the set's order (as
    ``odds.hidden_worlds`` lists them), whatever order ``_worlds`` chose its places in: the counts and the search
    never depend on the order, so only ``hidden_worlds`` sorts."""
    fits_of = _token_kinds(tokens)[2]
    unknown = [i for i in range(SIZE) if backs[i] is None]
    ranks = [{other: r for r, (_, other, _) in enumerate(fits_of.get(faces[i], ()))} for i in unknown]
    return tuple(sorted(worlds, key=lambda item: [rank[item[0][i]] for rank, i in zip(ranks, unknown)]))


# ---------------------------------------------------------------------------------------------------------
# making positions


def new_game(options: FlipCircusOptions | None = None, *, rng: random.Random | None = None,
             players: int | None = None) -> FlipCircusState:
    """A new game: with ``rng``, the ring dealt by the set-up's chance steps; without, the game before the deal
    (its set-up is chance steps to play). ``players`` (2, or 4 for the team game) changes the options' players."""
    if isinstance(options, random.Random):  # the old order, new_game(rng): kept for one release
        warnings.warn("new_game(rng) is now new_game(options, rng=rng); the old order goes in the next release",
                      DeprecationWarning, stacklevel=2)
        options, rng = None, options
    options = _options(options)
    if players is not None:
        options = replace(options, players=whole(players, "players"))
    state = FlipCircusState(options)
    if rng is None:
        return state
    rng_arg(rng)
    while state.current_player == CHANCE:
        state = state.play(sample_outcome(state.chance_outcomes(), rng))
    return state


def _options(options: Any, rules: Any = None) -> FlipCircusOptions:
    """The options a game is made with (the kit's when None; ``rules`` is the old keyword, kept for one release)."""
    if rules is not None:
        warnings.warn("rules= is now options=; the old keyword goes in the next release", DeprecationWarning,
                      stacklevel=3)
        if options is not None:
            raise TypeError("give the options once: options= (rules= is its old name)")
        options = rules
    if options is None:
        return KIT_OPTIONS
    return instance(options, "options", FlipCircusOptions, "FlipCircusOptions(...) (or None for the kit's options)")


def from_faces(ring: Sequence[tuple[str, str]], *, options: FlipCircusOptions | None = None, player: int = 0,
               actions_left: int | None = None, applause: tuple = (0, 0), posters: tuple = ((), ()),
               known: dict | None = None, rules: FlipCircusOptions | None = None) -> FlipCircusState:
    """A hand-made position: ``ring[i] = (visible, hidden)``, matched to the tokens of the set.

    ``known`` maps a player to the positions whose back they have seen (nobody has seen any by default).
    """
    options = _options(options, rules)
    ring = items(ring, "ring")
    if len(ring) != SIZE:
        raise ValueError(f"give the {SIZE} tokens of the ring, not {len(ring)}")
    whole(player, "player", 0, options.players - 1)
    if actions_left is not None:
        whole(actions_left, "actions_left", 0)
    free = list(range(SIZE))
    tokens, up = [], [0] * SIZE
    for i, (visible, hidden) in enumerate(ring):
        match = next((t for t in free if set(options.tokens.tokens[t]) == {visible, hidden}), None)
        if match is None:
            raise ValueError(f"position {i}: there is no {visible}/{hidden} token left in the token set")
        free.remove(match)
        tokens.append(match)
        up[match] = options.tokens.tokens[match].index(visible)
    if sum(applause) > options.applause_tokens or min(applause) < 0:
        raise ValueError(f"there are only {options.applause_tokens} Applause tokens in the game")
    knows: list[frozenset[int]] = [frozenset() for _ in range(options.players)]
    for p, positions in (known or {}).items():
        knows[p] = frozenset(tokens[i] for i in positions)
    return FlipCircusState(options, "play", tuple(tokens), tuple(up), tuple(knows), tuple(applause),
                           tuple(tuple(p) for p in posters), player,
                           options.actions if actions_left is None else actions_left)


# ---------------------------------------------------------------------------------------------------------
# the game as a whole, for the kit's registry (circuslib.games())

def _random_start(rng: random.Random) -> FlipCircusState:
    """A seeded starting position, with the players, actions, posters to win and readings drawn too."""
    players = rng.choice([2, 2, 4])
    options = FlipCircusOptions(players=players, actions=rng.choice([1, 2, 2, 3]),
                                posters_to_win=rng.choice([1, 2, 3, 3]), special_swaps_group_clowns=rng.random() < 0.8,
                                five_clowns_rule=rng.random() < 0.8)
    return new_game(options)


def _conserved(start: GameState, now: GameState) -> None:
    """The ring is the ten tokens, no count goes below zero, and no poster is taken twice."""
    assert isinstance(now, FlipCircusState)
    if now.phase in SETUP_PHASES:
        return
    if sorted(now.ring) != list(range(SIZE)):
        raise InvariantBroken("the ring is not the ten tokens")
    if min(now.applause) < 0 or now.reserve < 0:
        raise InvariantBroken("a negative number of Applause tokens")
    taken = [a for team in now.posters for a in team]
    if len(taken) != len(set(taken)) or not set(taken) <= set(POSTER_ARTISTS):
        raise InvariantBroken("a poster was taken twice")


GAME = Game("flip_circus", "Flip Circus", FlipCircusOptions, new_game, _random_start, _conserved, lambda s: 200_000,
            (swap(3), flip(0), power(2), look(9), ENCORE, END_TURN, TAKE_APPLAUSE, MAKE_RETURN, 1))
"""Flip Circus for the kit's registry (its moves are core.Move values: no move class of its own)."""

# the old names, kept for one release
__getattr__ = renamed(globals(), {"FlipCircus": "FlipCircusState", "Ruleset": "FlipCircusOptions",
                                  "KIT_RULES": "KIT_OPTIONS"})
