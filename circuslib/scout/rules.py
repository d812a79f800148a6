"""Scout ("Cirkus"): the deck, the deal, the whole-hand flip, Show, Scout, Scout & Show, scoring and rounds.

Rulings (RULINGS.md, section 3): 45 cards, one for every pair of distinct numbers 1 to 10. A hand is held in the
order it was dealt and is never reordered; the only changes are the once-per-round whole-hand flip before play,
cards leaving by a Show and a card arriving by a Scout. A card in hand is a pair ``(up, down)``: the number that
counts now, and the one on the other end. Every kit ruling is an option of ``ScoutOptions``, with its default.

Moves are small frozen dataclasses, one for each kind: ``Show``, ``Scout``, ``ScoutAndShow``, and before play
``FlipHand`` / ``KeepHand`` (the values ``FLIP_HAND`` and ``KEEP_HAND``). A deal step is a card ``(up, down)``.
"""
from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from ..core.args import flag, instance, items, rng_arg, whole
from ..core.game import CHANCE, TERMINAL, Game, GameState, InvariantBroken, describe, is_whole, renamed
from ..core.svg import INK, PIECE, Picture, svg_doc, svg_text

__all__ = [
    "GAME",
    "Card", "FULL_DECK", "HAND_SIZE", "deck_for", "ScoutOptions", "Show", "Scout", "ScoutAndShow", "FlipHand",
    "KeepHand", "FLIP_HAND", "KEEP_HAND", "ScoutMove", "HIDDEN", "RoundResult", "ScoutState", "new_game", "set_key",
    "is_set", "beats", "legal_shows", "scout_moves", "longest_set", "flip_hand", "scout_svg", "scout_card_svg",
    "a_number", "sample_chance",
    "deal_round",
]

SetKey = tuple[int, int, int]  # (cards, 1 for a match / 0 for a run, smallest number): see set_key
Card = tuple[int, int]  # (up, down): the number facing up (the one that counts) and the one on the other end

FULL_DECK: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 11) for b in range(a + 1, 11))
"""The 45 cards, each as the pair (smaller, larger): every pair of distinct numbers 1 to 10 once (C(10, 2) = 45)."""

HAND_SIZE = {2: 11, 3: 12, 4: 11, 5: 9}
"""Cards dealt to each player, by the number of players."""


def deck_for(n_players: int) -> tuple[tuple[int, int], ...]:
    """The cards used with this many players: 3 players drop the nine 10s, 2 and 4 players drop the 9/10 card."""
    whole(n_players, "players", 2, 5)
    if n_players == 3:
        return tuple(c for c in FULL_DECK if 10 not in c)
    if n_players in (2, 4):
        return tuple(c for c in FULL_DECK if c != (9, 10))
    return FULL_DECK


# ---------------------------------------------------------------------------------------------------------
# sets: matches and runs of adjacent cards

MATCH, RUN = 1, 0  # at equal size a match beats a run, so it ranks higher


def _values(cards: Iterable[Any], name: str = "cards") -> list[int]:
    """The numbers facing up: a list of numbers stays as it is, cards (up, down) give their up number."""
    out = []
    for c in items(cards, name):
        if isinstance(c, tuple):
            c = _card(c)[0]  # a card is checked whole: both its numbers, not only the one facing up
        if not is_whole(c):
            raise TypeError(f"card values are whole numbers, not {describe(c)}")
        if not 1 <= c <= 10:
            raise ValueError(f"Scout cards carry the numbers 1 to 10, not {c}")
        out.append(c)
    return out


def set_key(values: Sequence[int]) -> tuple[int, int, int] | None:
    """How strong a set is: (number of cards, 1 for a match / 0 for a run, smallest number); None if not a set.

    Comparing keys compares sets: more cards wins, then a match beats a run, then the higher smallest number.
    A single card counts as a match of one. ``values`` are numbers 1 to 10 (or cards (up, down)).
    """
    return _set_key(_values(values, "values"))


def _set_key(values: Sequence[int]) -> tuple[int, int, int] | None:
    """``set_key`` on numbers already known to be right (the rules' hot path)."""
    n = len(values)
    if n == 0:
        return None
    first = values[0]
    if n == 1:
        return (1, MATCH, first)
    step = values[1] - first
    if step not in (-1, 0, 1):
        return None
    for i in range(2, n):
        if values[i] - values[i - 1] != step:
            return None
    return (n, MATCH, first) if step == 0 else (n, RUN, min(first, values[-1]))


def is_set(values: Sequence[int]) -> bool:
    """Whether these numbers, in this order, form a set (all equal, or consecutive up or down)."""
    return _set_key(_values(values, "values")) is not None


def _key_or_error(values: Sequence[int], what: str) -> tuple[int, int, int]:
    key = _set_key(values)
    if key is None:
        if not values:
            raise ValueError(f"{what} is empty: a set has at least one card")
        raise ValueError(f"{what} {list(values)} is not a set: adjacent cards must all match or run "
                         "consecutively up or down")
    return key


def beats(a: Sequence[int], b: Sequence[int] | None) -> bool:
    """Whether the set ``a`` beats the set ``b`` (an empty or missing ``b`` is an empty table: anything beats it)."""
    key_a = _key_or_error(_values(a, "a"), "the set")
    if b is None:
        return True
    b = _values(b, "b")
    if not b:
        return True
    return key_a > _key_or_error(b, "the set on the table")


def _show_stretches(values: Sequence[int], table_key: SetKey | None) -> Iterator[tuple[int, int, int]]:
    """For each start i with a set beating ``table_key`` (None: empty table): (i, first, stop), the slices
    (i, j) for first <= j <= stop being exactly the shows that start at i."""
    n = len(values)
    need = 1 if table_key is None else table_key[0]  # a show has at least as many cards as the table's set
    for i in range(n):
        v = values[i]
        # the longest set starting at i: its kind is fixed by the first step, so it is one maximal stretch
        stop = i + 1
        step = values[i + 1] - v if i + 1 < n else 2
        if step in (-1, 0, 1):
            stop = i + 2
            while stop < n and values[stop] - values[stop - 1] == step:
                stop += 1
        if stop - i < need:  # every set starting here is shorter than the table's
            continue
        first = i + need
        if table_key is not None:  # as many cards as the table's set: it must beat it on kind, then number
            kind = MATCH if (need == 1 or step == 0) else RUN
            low = v if kind == MATCH else min(v, values[first - 1])
            if (need, kind, low) <= table_key:
                first += 1
        if stop >= first:
            yield i, first, stop


def _shows(values: Sequence[int], table_key: SetKey | None) -> list[tuple[int, int]]:
    """Every slice (start, stop) of ``values`` that is a set beating ``table_key`` (None: empty table), in order."""
    return [(i, j) for i, first, stop in _show_stretches(values, table_key) for j in range(first, stop + 1)]


def _count_shows(values: Sequence[int], table_key: SetKey | None) -> int:
    """``len(_shows(values, table_key))`` without listing the slices (the random bot only needs how many)."""
    return sum(stop - first + 1 for _, first, stop in _show_stretches(values, table_key))


def _best_show(values: Sequence[int], table_key: SetKey | None) -> tuple[int, int] | None:
    """The strongest show (first of the strongest, in slice order) that beats ``table_key``, or None.

    The strongest slice starting at a place is the whole stretch of the set that starts there (more cards always
    wins), so only those stretches need comparing.
    """
    best, best_key = None, table_key
    n = len(values)
    for i in range(n):
        v = values[i]
        if i + 1 < n and values[i + 1] - v in (-1, 0, 1):
            step = values[i + 1] - v
            j = i + 2
            while j < n and values[j] - values[j - 1] == step:
                j += 1
            key = (j - i, MATCH, v) if step == 0 else (j - i, RUN, v if step == 1 else values[j - 1])
        else:
            j, key = i + 1, (1, MATCH, v)
        if best_key is None or key > best_key:
            best, best_key = (i, j), key
    return best


def legal_shows(hand: Sequence[Any], active: Sequence[Any] | None = None) -> list[tuple[int, int]]:
    """Every show the hand can make against the active set, as slices (start, stop) of the hand, in order."""
    values = _values(hand, "hand")
    active = () if active is None else _values(active, "active")
    table_key = _key_or_error(active, "the set on the table") if active else None
    return _shows(values, table_key)


def longest_set(hand: Sequence[Any]) -> int:
    """The number of cards in the longest set a hand holds (0 for an empty hand)."""
    return _longest(_values(hand, "hand"))


def _longest(values: list[int]) -> int:
    best, n = (1 if values else 0), len(values)
    i = 0
    while i < n - 1:
        step = values[i + 1] - values[i]
        if step not in (-1, 0, 1):
            i += 1
            continue
        j = i + 2
        while j < n and values[j] - values[j - 1] == step:
            j += 1
        best = max(best, j - i)
        i = j - 1
    return best


# ---------------------------------------------------------------------------------------------------------
# moves

@dataclass(frozen=True)
class Show:
    """Play the adjacent cards ``hand[start:stop]`` as a set."""

    start: int
    stop: int

    def __str__(self) -> str:
        if not (is_whole(self.start) and is_whole(self.stop)):
            return f"show cards {describe(self.start)} to {describe(self.stop)} (by their places in the hand)"
        n = self.stop - self.start
        return f"show card {self.start + 1}" if n == 1 else f"show cards {self.start + 1} to {self.stop}"


ENDS = ("left", "right")


@dataclass(frozen=True)
class Scout:
    """Take the card at one ``end`` of the active set, turned round if ``flip``, into gap ``position`` of the hand.

    Gap 0 is before the first card, gap len(hand) after the last.
    """

    end: str
    flip: bool
    position: int

    def __str__(self) -> str:
        turned = ", turned round," if self.flip is True else ""
        return f"scout the {describe(self.end)} card{turned} into gap {describe(self.position)}"


@dataclass(frozen=True)
class ScoutAndShow:
    """Scout (once a round, with the Scout & Show chip), then at once show ``hand[start:stop]`` of the new hand."""

    end: str
    flip: bool
    position: int
    start: int
    stop: int

    @property
    def scout(self) -> Scout:
        """The scouting half."""
        return Scout(self.end, self.flip, self.position)

    @property
    def show(self) -> Show:
        """The showing half (slice of the hand after the scout)."""
        return Show(self.start, self.stop)

    def __str__(self) -> str:
        return f"Scout & Show: {self.scout}, then {self.show}"


@dataclass(frozen=True)
class FlipHand:
    """Before play: turn the whole hand round (once a round, before the first show)."""

    def __str__(self) -> str:
        return "flip the whole hand"


@dataclass(frozen=True)
class KeepHand:
    """Before play: keep the hand as dealt."""

    def __str__(self) -> str:
        return "keep the hand as dealt"


FLIP_HAND = FlipHand()
KEEP_HAND = KeepHand()

ScoutMove = Show | Scout | ScoutAndShow | FlipHand | KeepHand
"""Any move of Scout (a deal step is a card (up, down) instead: a chance outcome)."""

HIDDEN = (0, 0)
"""A card another player holds, as seen in ``state.view(player)``: its numbers are unknown."""


def scout_moves(hand: Sequence[Any], active: Sequence[Any]) -> list[Scout]:
    """Every scout: each end of the active set (one end if it has one card), either way up, into every gap."""
    hand = _values(hand, "hand")
    active = items(active, "active")
    if not active:
        return []
    _key_or_error(_values(active, "active"), "the set on the table")
    return _scout_moves(hand, active)


def _scout_moves(hand: Sequence[Any], active: Sequence[Any]) -> list[Scout]:
    """``scout_moves`` for a hand and a set already known to be right (the rules' hot path)."""
    ends = ENDS if len(active) > 1 else ENDS[:1]
    gaps = range(len(hand) + 1)
    return [Scout(end, flip, p) for end in ends for flip in (False, True) for p in gaps]


def _scout_and_show_moves(values: list[int], table: tuple[Any, ...]) -> list[Any]:
    """Every Scout & Show, in ``scout_moves`` order (end, way up, gap) and then its shows: the numbers facing up
    are enough (the hand after the scout, and the key of the set left on the table)."""
    moves = []
    for end in (ENDS if len(table) > 1 else ENDS[:1]):
        card, rest = (table[0], table[1:]) if end == "left" else (table[-1], table[:-1])
        rest_key = _set_key([c[0] for c in rest]) if rest else None
        for flip in (False, True):
            up = card[1] if flip else card[0]
            for position in range(len(values) + 1):
                moves += [ScoutAndShow(end, flip, position, i, j)
                          for i, j in _shows(values[:position] + [up] + values[position:], rest_key)]
    return moves


def _scouted(hand: tuple[Card, ...], table: tuple[Card, ...],
             move: Scout | ScoutAndShow) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """(new hand, new table, the card taken as it now lies in the hand)."""
    if move.end == "left":
        card, rest = table[0], table[1:]
    else:
        card, rest = table[-1], table[:-1]
    if move.flip:
        card = (card[1], card[0])
    p = move.position
    return hand[:p] + (card,) + hand[p:], rest, card


def flip_hand(hand: Sequence[Any], reverse_order: bool = True) -> tuple[Any, ...]:
    """The hand turned round: every card shows its other number (and, rotated, the order runs the other way)."""
    turned = tuple((down, up) for up, down in hand)
    return turned[::-1] if reverse_order else turned


# ---------------------------------------------------------------------------------------------------------
# the state

@dataclass(frozen=True)
class ScoutOptions:
    """How a game of Scout is played: the kit's readings of the rules (RULINGS.md) and the game's settings. The
    defaults are the published rules as the kit reads them.

    ``flip_reverses_order``: turning the whole hand round is a 180-degree rotation, so the left card becomes the
    right one as well as showing its other number (False: each card shows its other number, order kept).
    ``two_player_chips``: Scout chips each player gets per round in the 2-player game.
    ``stuck_owner_exempt``: in the 2-player game, when a player can neither show nor scout, whether the owner of
    the standing set keeps their hand cards without penalty. False (the rulings): nobody is exempt in that ending;
    the exemption belongs to the "everyone else scouted" ending only. True exempts the owner there too.
    ``turn_limit``: a round ends after this many moves, scored as if a hand had been emptied (no exemption). The
    published rules let a round loop for ever (scout the lone card of a set, the next player must show on the
    empty table, and round again); normal play ends long before (a 4-player round lasts about 30 to 60 moves).
    ``rounds``: how many rounds (None: as many as players, as the rules say); ``first``: who starts the first
    round (the start then passes left). ``deck`` and ``hand_size`` may be made smaller for exact study of short
    games (None: the players' deck and hand, ``deck_for`` and ``HAND_SIZE``).
    """

    flip_reverses_order: bool = True
    two_player_chips: int = 3
    stuck_owner_exempt: bool = False
    turn_limit: int = 300
    rounds: int | None = None
    first: int = 0
    hand_size: int | None = None
    deck: tuple[tuple[int, int], ...] | None = None

    def __post_init__(self) -> None:
        flag(self.flip_reverses_order, "flip_reverses_order")
        flag(self.stuck_owner_exempt, "stuck_owner_exempt")
        numbers = {"two_player_chips": whole(self.two_player_chips, "two_player_chips", 0),
                   "turn_limit": whole(self.turn_limit, "turn_limit", 1),
                   "first": whole(self.first, "first (the player who starts)", 0, 4)}
        if self.rounds is not None:
            numbers["rounds"] = whole(self.rounds, "rounds", 1)
        if self.hand_size is not None:
            numbers["hand_size"] = whole(self.hand_size, "hand_size", 1)
        for name, value in numbers.items():  # a numpy or sympy integer is kept as a plain int
            object.__setattr__(self, name, value)
        if self.deck is not None:
            cards = tuple(sorted(tuple(sorted(_card(tuple(c) if isinstance(c, list) else c)))
                                 for c in items(self.deck, "deck", low=1)))
            if len(set(cards)) != len(cards):
                raise ValueError("a card appears twice in the deck")
            object.__setattr__(self, "deck", cards)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and what each player scored in it."""

    scores: tuple[int, ...]
    reason: str  # "empty hand", "everyone scouted", "stuck" or "turn limit"
    exempt: int | None  # the player who kept their hand cards without penalty, if any
    hands_left: tuple[int, ...]

    def __str__(self) -> str:
        why = {"empty hand": "a player emptied their hand",
               "everyone scouted": f"everyone else scouted player {self.exempt}'s set",
               "stuck": "a player could neither show nor scout",
               "turn limit": "the round reached the turn limit"}[self.reason]
        return f"round over ({why}): scores {list(self.scores)}"


@dataclass(frozen=True)
class ScoutState(GameState):
    """A game of Scout. Build one with ``new_game`` (deal by chance) or ``ScoutState.from_hands`` (a set position).

    ``hands[p]`` is player p's hand, left to right, as (up, down) pairs; ``table`` the active set and ``owner`` who
    played it; ``chips[p]`` the Scout chips player p holds this round (2 players: the unspent own chips).
    """

    n_players: int
    hand_size: int
    full_deck: tuple[Any, ...]
    deck: tuple[Any, ...]
    hands: tuple[Any, ...]
    phase: str = "deal"  # "deal" (chance), "flip" (each player: flip or keep), "play", "over"
    turn: int = 0
    table: tuple[Any, ...] = ()
    owner: int | None = None
    captured: tuple[Any, ...] = ()
    chips: tuple[Any, ...] = ()
    sns_used: tuple[Any, ...] = ()
    scouts_in_row: int = 0
    moves_made: int = 0  # moves played this round (shows and scouts), for the turn limit
    flips_done: int = 0
    starter: int = 0
    round: int = 0
    rounds: int = 1
    totals: tuple[Any, ...] = ()
    history: tuple[Any, ...] = ()
    options: ScoutOptions = field(default_factory=ScoutOptions)

    chance_is_uniform = True  # every deal outcome has the same probability (see sample_chance)

    def __hash__(self) -> int:
        """The dataclass's hash of all the fields, worked out once: a state is a node of the game graphs, which
        look each one up many times while they are built (``_replace`` drops it with the other cached values)."""
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = self.__dict__["_hash"] = hash(tuple([getattr(self, name) for name in _STATE_FIELDS]))
        return cached

    if TYPE_CHECKING:  # what the protocol's methods return here: a Scout position (for the type checker only)
        def play(self, move: Any) -> ScoutState: ...
        def _replace(self, **changes: Any) -> ScoutState: ...

    def __getstate__(self) -> dict[Any, Any]:
        # a hash holds only in the process that worked it out (texts hash differently in each): not pickled
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}

    @property
    def rules(self) -> ScoutOptions:
        """The game's options (the old name of ``options``, kept for one release)."""
        warnings.warn("ScoutState.rules is now ScoutState.options; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.options

    # --- building states -----------------------------------------------------------------------------
    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card]], *, table: Sequence[Card] = (), owner: int | None = None,
                   turn: int = 0, chips: Sequence[int] | None = None, captured: Sequence[Sequence[Any]] | None = None,
                   sns_used: Sequence[bool] | None = None, scouts_in_row: int = 0,
                   options: ScoutOptions | None = None, deck: Sequence[Any] = (), phase: str = "play",
                   rules: ScoutOptions | None = None) -> ScoutState:
        """A position in the middle of a one-round game, built by hand (for examples, exercises and tests).

        ``options`` are the readings it is played by (``rules`` is their old name, kept for one release)."""
        hands = items(hands, "hands")
        n = whole(len(hands), "the number of hands (one a player)", 2, 5)
        if rules is not None:
            warnings.warn("from_hands(rules=...) is now from_hands(options=...); the old name goes in the next "
                          "release", DeprecationWarning, stacklevel=2)
            options = options or rules
        options = ScoutOptions() if options is None else instance(options, "options", ScoutOptions,
                                                                  "a ScoutOptions, for example ScoutOptions()")
        hands = tuple(tuple(_card(c) for c in items(h, "a hand")) for h in hands)
        table = tuple(_card(c) for c in items(table, "table"))
        if table and _set_key(_values(table)) is None:
            raise ValueError(f"the table must hold a set, not {[c[0] for c in table]}")
        if table and owner is None:
            raise ValueError("a set on the table needs an owner (the player who showed it)")
        captured = (tuple(tuple(map(_card, items(pile, "a captured pile"))) for pile in items(captured, "captured"))
                    if captured else ((),) * n)
        deck = tuple(_card(tuple(c) if isinstance(c, list) else c) for c in items(deck, "deck"))
        cards = [tuple(sorted(c)) for h in hands for c in h] + [tuple(sorted(c)) for c in table]
        cards += [tuple(sorted(c)) for pile in captured for c in pile] + [tuple(sorted(c)) for c in deck]
        twice = sorted({c for c in cards if cards.count(c) > 1})
        if twice:
            raise ValueError(f"the card {twice[0][0]}/{twice[0][1]} appears twice: every card of the deck exists once")
        if chips is None:
            chips = (options.two_player_chips,) * n if n == 2 else (0,) * n
        chips = items(chips, "chips")
        if len(chips) != n:
            raise ValueError(f"give {n} chip counts, one for each player")
        chips = tuple(whole(c, "a chip count", 0) for c in chips)
        used = (False,) * n if sns_used is None else tuple(flag(u, "a Scout & Show flag")
                                                           for u in items(sns_used, "sns_used"))
        if len(used) != n:
            raise ValueError(f"give {n} Scout & Show flags, one for each player")
        whole(turn, "turn (the player to move)", 0, n - 1)
        if owner is not None:
            whole(owner, "owner (the player who showed the set)", 0, n - 1)
        whole(scouts_in_row, "scouts_in_row", 0, n - 2)
        if type(phase) is not str or phase not in ("flip", "play"):
            raise ValueError("a position built by hand starts in the 'flip' or the 'play' phase")
        state = cls(n_players=n, hand_size=max(map(len, hands)), full_deck=tuple(sorted(cards)),
                    deck=tuple(sorted(tuple(sorted(c)) for c in deck)), hands=hands, phase=phase,
                    turn=turn, table=table, owner=owner, captured=captured, chips=tuple(chips),
                    sns_used=used, scouts_in_row=scouts_in_row,
                    starter=turn, rounds=1, totals=(0,) * n, options=options)
        return state

    # --- the protocol --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Who moves: CHANCE while dealing, TERMINAL at the end, else the player whose turn it is."""
        if self.phase == "over":
            return TERMINAL
        if self.phase == "deal":
            return CHANCE
        return self.turn

    def is_over(self) -> bool:
        """Whether every round has been played."""
        return self.phase == "over"

    def scores(self) -> tuple[Any, ...]:
        """Each player's total over the finished rounds."""
        return self.totals

    def chance_outcomes(self) -> tuple[Any, ...]:
        """The next card dealt: any card left in the deck, either way up, all equally likely."""
        if self.phase != "deal":
            return ()
        p = Fraction(1, 2 * len(self.deck))
        return tuple(((a, b), p) for a, b in self.deck) + tuple(((b, a), p) for a, b in self.deck)

    @property
    def receiver(self) -> int:
        """While dealing: the player who gets the next card (one at a time, from the starting player round)."""
        return (self.starter + len(self.full_deck) - len(self.deck)) % self.n_players

    def legal_moves(self) -> tuple[Any, ...]:
        """Flip or keep before play; then every show, scout and (once a round) Scout & Show."""
        if self.phase == "flip":
            return (KEEP_HAND, FLIP_HAND)
        if self.phase != "play":
            return ()
        p, hand, table = self.turn, self.hands[self.turn], self.table
        values = [c[0] for c in hand]
        table_key = _set_key([c[0] for c in table]) if table else None
        moves: list[Any] = [Show(i, j) for i, j in _shows(values, table_key)]
        if table and self.can_scout(p):
            moves += _scout_moves(hand, table)
            if self.can_scout_and_show(p):
                moves += _scout_and_show_moves(values, table)
        return tuple(moves)

    def can_scout(self, player: int) -> bool:
        """Whether the player may scout now (a set on the table; 2 players: a Scout chip left)."""
        return bool(self.table) and (self.n_players > 2 or self.chips[player] > 0)

    def can_scout_and_show(self, player: int) -> bool:
        """Whether the player still has the Scout & Show chip (never in the 2-player game)."""
        return self.n_players > 2 and bool(self.table) and not self.sns_used[player]

    def is_legal(self, move: Any) -> bool:
        """Check one move directly against the rules (faster than listing every legal move)."""
        return self._refusal(move) is None

    def why_illegal(self, move: Any) -> str:
        """The rule a refused move breaks, in a sentence."""
        return self._refusal(move) or f"{move} is legal here"

    def _refusal(self, move: Any) -> str | None:
        """The one check of a move: its type, its details and their ranges, then the rule (None: legal)."""
        if self.phase == "over":
            return "the game is over: no more moves can be played"
        if self.phase == "deal":
            if (type(move) is tuple and len(move) == 2 and all(is_whole(x) for x in move)
                    and tuple(sorted(move)) in self.deck and move[0] != move[1]):
                return None
            return f"the cards are being dealt: the next step is a card from the deck, not {describe(move)}"
        if self.phase == "flip":
            if type(move) is FlipHand or type(move) is KeepHand:
                return None
            return (f"before play each player decides to flip their whole hand or keep it (FLIP_HAND or KEEP_HAND); "
                    f"{describe(move)} must wait")
        if type(move) is FlipHand or type(move) is KeepHand:
            return "a hand may only be flipped before the round starts, not during play"
        p, hand = self.turn, self.hands[self.turn]
        kind = type(move)
        if kind is Show:
            return self._show_refusal(hand, self.table, move)
        if kind is Scout or kind is ScoutAndShow:
            if kind is ScoutAndShow and self.n_players == 2:
                return "the 2-player game has no Scout & Show"
            if kind is ScoutAndShow and self.sns_used[p]:
                return "you already used your Scout & Show chip this round"
            problem = self._scout_refusal(p, hand, move)
            if problem or kind is Scout:
                return problem
            problem = self._slice_refusal(len(hand) + 1, move.start, move.stop)
            if problem:
                return f"after that scout, {problem}"
            new_hand, rest, _ = _scouted(hand, self.table, move)
            problem = self._show_refusal(new_hand, rest, move.show)
            return problem and f"after that scout, {problem}"
        return f"{describe(move)} is not a Scout move: show a set, scout a card, or Scout & Show"

    @staticmethod
    def _slice_refusal(n: int, start: Any, stop: Any) -> str | None:
        if not (is_whole(start) and is_whole(stop)):
            return (f"a show names the places of its cards with two whole numbers, start and stop "
                    f"(Show(0, 2) shows the first two cards), not {describe(start)} and {describe(stop)}")
        if not 0 <= start < stop <= n:
            if start >= stop:
                return f"Show({start}, {stop}) shows no card: stop must be above start (Show(0, 1) is the first card)"
            return f"cards {start + 1} to {stop} are not in your hand of {_count(n, 'card')}"
        return None

    @staticmethod
    def _show_refusal(hand: tuple[Card, ...], table: tuple[Card, ...], move: Show) -> str | None:
        n = len(hand)
        problem = ScoutState._slice_refusal(n, move.start, move.stop)
        if problem:
            return problem
        values = [c[0] for c in hand[move.start:move.stop]]
        key = _set_key(values)
        if key is None:
            return f"{values} is not a set: adjacent cards must all match or run consecutively up or down"
        if table:
            table_values = [c[0] for c in table]
            table_key = _set_key(table_values)
            if table_key is not None and key <= table_key:  # (the table always holds a set)
                return f"{values} does not beat {table_values} on the table: {_why_not_stronger(key, table_key)}"
        return None

    def _scout_refusal(self, p: int, hand: tuple[Card, ...], move: Any) -> str | None:
        if not self.table:
            return "there is no set on the table to scout from"
        if self.n_players == 2 and self.chips[p] <= 0:
            return "you have no Scout chip left this round, so you cannot scout"
        if type(move.end) is not str or move.end not in ENDS:
            return f"take the card from the 'left' or the 'right' end of the set, not {describe(move.end)}"
        if move.end == "right" and len(self.table) == 1:
            return "the set on the table has one card: take it from its 'left' end (it is both ends)"
        if type(move.flip) is not bool:
            return f"say whether the card is turned round with True or False, not {describe(move.flip)}"
        if not is_whole(move.position) or not 0 <= move.position <= len(hand):
            return f"gap {describe(move.position)} is not in your hand: the gaps are 0 to {len(hand)}"
        return None

    def _apply(self, move: Any) -> ScoutState:
        if self.phase == "deal":
            return self._deal(move)
        if self.phase == "flip":
            return self._flip_decision(move)
        if isinstance(move, Show):
            after = self._show(self.hands[self.turn], self.table, move, {})
        elif isinstance(move, Scout):
            after = self._scout(move)
        else:
            after = self._scout_and_show(move)
        if after.round != self.round or after.phase == "over":
            return after
        if self.moves_made + 1 >= self.options.turn_limit:
            return after._end_round("turn limit", None)
        return after._replace(moves_made=self.moves_made + 1)

    # --- what each move does -------------------------------------------------------------------------
    def _deal(self, card: Card) -> ScoutState:
        key = (card[0], card[1]) if card[0] < card[1] else (card[1], card[0])
        i = self.deck.index(key)
        deck = self.deck[:i] + self.deck[i + 1:]
        to = self.receiver
        hands = self.hands[:to] + (self.hands[to] + (tuple(card),),) + self.hands[to + 1:]
        state = self._replace(deck=deck, hands=hands)
        if len(self.full_deck) - len(deck) == self.hand_size * self.n_players:
            state = state._replace(phase="flip", turn=self.starter, flips_done=0)
        return state

    def _flip_decision(self, move: FlipHand | KeepHand) -> ScoutState:
        p = self.turn
        hands = self.hands
        if type(move) is FlipHand:
            hands = hands[:p] + (flip_hand(hands[p], self.options.flip_reverses_order),) + hands[p + 1:]
        done = self.flips_done + 1
        if done == self.n_players:
            return self._replace(hands=hands, flips_done=done, phase="play", turn=self.starter)
        return self._replace(hands=hands, flips_done=done, turn=(p + 1) % self.n_players)

    def _show(self, hand: tuple[Card, ...], table: tuple[Card, ...], move: Show, changes: dict[str, Any]) -> ScoutState:
        p = self.turn
        shown = hand[move.start:move.stop]
        new_hand = hand[:move.start] + hand[move.stop:]
        captured = self.captured
        if table:
            captured = captured[:p] + (captured[p] + table,) + captured[p + 1:]
        hands = self.hands[:p] + (new_hand,) + self.hands[p + 1:]
        state = self._replace(hands=hands, table=shown, owner=p, captured=captured, scouts_in_row=0,
                              turn=(p + 1) % self.n_players, **changes)
        if not new_hand:
            return state._end_round("empty hand", None)
        return state._end_if_stuck()

    def _scout(self, move: Scout) -> ScoutState:
        p = self.turn
        new_hand, rest, _ = _scouted(self.hands[p], self.table, move)
        hands = self.hands[:p] + (new_hand,) + self.hands[p + 1:]
        if self.n_players == 2:
            # two players: scouting spends one of your own chips, and you play again
            chips = self.chips[:p] + (self.chips[p] - 1,) + self.chips[p + 1:]
            return self._replace(hands=hands, table=rest, chips=chips)._end_if_stuck()
        o = self.owner
        assert o is not None  # a set on the table has an owner
        chips = self.chips[:o] + (self.chips[o] + 1,) + self.chips[o + 1:]
        row = self.scouts_in_row + 1
        state = self._replace(hands=hands, table=rest, chips=chips, scouts_in_row=row,
                              turn=(p + 1) % self.n_players)
        if row == self.n_players - 1:  # play comes back to the owner of the active set
            return state._end_round("everyone scouted", o)
        return state

    def _scout_and_show(self, move: ScoutAndShow) -> ScoutState:
        p, o = self.turn, self.owner
        assert o is not None  # a set on the table has an owner
        new_hand, rest, _ = _scouted(self.hands[p], self.table, move)
        chips = self.chips[:o] + (self.chips[o] + 1,) + self.chips[o + 1:]
        sns = self.sns_used[:p] + (True,) + self.sns_used[p + 1:]
        return self._show(new_hand, rest, move.show, {"chips": chips, "sns_used": sns})

    def _end_if_stuck(self) -> ScoutState:
        """Two players: a player who can neither show nor scout ends the round."""
        if self.n_players != 2 or self.phase != "play":
            return self
        p = self.turn
        if self.can_scout(p):
            return self
        table_key = _set_key([c[0] for c in self.table]) if self.table else None
        if _shows([c[0] for c in self.hands[p]], table_key):
            return self
        return self._end_round("stuck", self.owner if self.options.stuck_owner_exempt else None)

    def round_scores(self, exempt: int | None = None) -> tuple[int, ...]:
        """What each player scores for the round if it ends now: captured cards + chips - cards in hand."""
        return tuple(len(self.captured[i]) + self.chips[i] - (0 if i == exempt else len(self.hands[i]))
                     for i in range(self.n_players))

    def _end_round(self, reason: str, exempt: int | None) -> ScoutState:
        scores = self.round_scores(exempt)
        result = RoundResult(scores, reason, exempt, tuple(map(len, self.hands)))
        totals = tuple(t + s for t, s in zip(self.totals, scores))
        history = self.history + (result,)
        if self.round + 1 >= self.rounds:
            return self._replace(phase="over", totals=totals, history=history)
        return _fresh_round(self.n_players, self.hand_size, self.full_deck, self.options, self.round + 1,
                            self.rounds, (self.starter + 1) % self.n_players, totals, history)

    # --- looking at it -------------------------------------------------------------------------------
    def view(self, player: int) -> ScoutState:
        """What ``player`` sees: their own hand, the table and everyone's counts; other hands and the undealt
        deck become hidden cards ``HIDDEN`` (the number of cards stays visible)."""
        whole(player, "player", 0, self.n_players - 1)
        hands = tuple(h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(self.hands))
        return self._replace(hands=hands, deck=(HIDDEN,) * len(self.deck))

    def card_count(self) -> int:
        """All cards in the round: deck, hands, table and captured piles (the same throughout a round)."""
        return (len(self.deck) + sum(map(len, self.hands)) + len(self.table)
                + sum(map(len, self.captured)))

    def __str__(self) -> str:
        if self.phase == "over":
            return f"game over, scores {list(self.totals)}"
        table = " ".join(str(c[0]) for c in self.table) or "empty"
        hands = " | ".join(" ".join(str(c[0]) for c in h) for h in self.hands)
        return f"round {self.round + 1}, {self.phase}, player {self.turn} to move; table {table}; hands {hands}"

    def _repr_html_(self) -> str:
        return scout_svg(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """The position drawn (themed HTML, plain SVG) and in words (its text alternative)."""
        return Picture.of(scout_svg(self), str(self))._repr_mimebundle_()


def _card(card: Any) -> tuple[int, int]:
    """A card (up, down), checked: two different numbers from 1 to 10."""
    if not (isinstance(card, tuple) and len(card) == 2):
        raise ValueError(f"a card is a pair (up, down), not {describe(card)}")
    a, b = card
    if not (is_whole(a) and is_whole(b)):
        raise ValueError(f"a card carries two numbers from 1 to 10, not {describe(card)}")
    if not (1 <= a <= 10 and 1 <= b <= 10):
        bad = a if not 1 <= a <= 10 else b
        raise ValueError(f"Scout cards carry the numbers 1 to 10, not {bad} (the card {describe(card)})")
    if a == b:
        raise ValueError(f"a card has two different numbers, not {describe(card)}")
    return (a, b)


def _why_not_stronger(key: SetKey, table_key: SetKey) -> str:
    if key[0] < table_key[0]:
        return f"it has fewer cards ({key[0]} against {table_key[0]})"
    if key[1] < table_key[1]:
        return "at equal size a match beats a run"
    if key == table_key:
        return "an equal set does not beat"
    return f"at equal size and kind the smallest number must be higher ({key[2]} against {table_key[2]})"


_STATE_FIELDS = tuple(f.name for f in fields(ScoutState))  # in the dataclass's order, as its hash takes them


def _fresh_round(n: int, hand_size: int, full_deck: tuple[Card, ...], options: ScoutOptions, round_index: int,
                 rounds: int, starter: int, totals: tuple[int, ...], history: tuple[Any, ...]) -> ScoutState:
    return ScoutState(
        n_players=n, hand_size=hand_size, full_deck=full_deck, deck=full_deck, hands=((),) * n, phase="deal",
        turn=starter, captured=((),) * n,
        chips=(options.two_player_chips,) * n if n == 2 else (0,) * n, sns_used=(False,) * n, starter=starter,
        round=round_index, rounds=rounds, totals=totals, history=history, options=options)


_OLD_SETTINGS = ("rounds", "first", "deck", "hand_size")


def new_game(options: ScoutOptions | None = None, *, rng: random.Random | None = None, players: int | None = None,
             **old: Any) -> ScoutState:
    """A new game of Scout for ``players`` (2 to 5, 4 by default), played by ``options`` (``ScoutOptions()``: as
    many rounds as players, the start passing left each round).

    The game starts before the deal, a chance step; with a seeded ``rng`` the first round is dealt at once, and each
    player then decides to flip or keep their hand. (``new_game(4, rounds=1, first=2, rules=...)``, the old way to
    call it, still works for one release.)
    """
    if is_whole(options):  # the old call new_game(4): the number of players came first
        if players is not None:
            raise TypeError("give the number of players once: new_game(players=4)")
        warnings.warn("new_game(n) is now new_game(players=n); the old call goes in the next release",
                      DeprecationWarning, stacklevel=2)
        players, options = cast(int, options), None
    if old:
        options = _old_settings(options, old)
    options = ScoutOptions() if options is None else instance(options, "options", ScoutOptions,
                                                              "a ScoutOptions, for example ScoutOptions(rounds=1)")
    n = 4 if players is None else whole(players, "players", 2, 5)
    deck = deck_for(n) if options.deck is None else options.deck
    size = HAND_SIZE[n] if options.hand_size is None else options.hand_size
    if size * n > len(deck):
        raise ValueError(f"{n} hands of {size} need {size * n} cards; the deck has {len(deck)}")
    if options.first >= n:
        raise ValueError(f"first (the player who starts) is one of 0 to {n - 1} with {n} players, not {options.first}")
    rounds = n if options.rounds is None else options.rounds
    state = _fresh_round(n, size, deck, options, 0, rounds, options.first, (0,) * n, ())
    return state if rng is None else deal_round(state, rng_arg(rng))


def _old_settings(options: Any, old: dict[str, Any]) -> ScoutOptions:
    """The options of an old-style call (``rounds=``, ``first=``, ``deck=``, ``hand_size=``, ``rules=``)."""
    unknown = sorted(set(old) - set(_OLD_SETTINGS) - {"rules"})
    if unknown:
        raise TypeError(f"new_game takes options, rng and players, not {', '.join(unknown)}")
    warnings.warn(f"new_game({', '.join(f'{name}=...' for name in old)}) is now "
                  "new_game(ScoutOptions(...), players=n); the old call goes in the next release",
                  DeprecationWarning, stacklevel=3)
    base = old.pop("rules", None) or options or ScoutOptions()
    instance(base, "rules", ScoutOptions, "a ScoutOptions, for example ScoutOptions()")
    return replace(base, **{name: value for name, value in old.items() if value is not None or name == "rounds"})


def sample_chance(state: ScoutState, rng: random.Random) -> tuple[Any, ...]:
    """One deal outcome, drawn with its exact probability: every outcome has the same one, so a uniform pick of
    the listed outcomes is the same draw as ``core.game.sample_outcome`` (without its general-purpose arithmetic)."""
    # the same pick as outcomes[rng.randrange(len(outcomes))] on state.chance_outcomes(), without building the list
    deck = state.deck
    r = rng.randrange(2 * len(deck))
    card: Card = deck[r] if r < len(deck) else deck[r - len(deck)][::-1]
    return card


def deal_round(state: ScoutState, rng: random.Random) -> ScoutState:
    """Deal the rest of the round's cards: the same draws, in the same order, as playing each chance step with
    ``sample_chance`` (so the same seed gives the same hands), without building a state for every card."""
    if state.phase != "deal":
        return state
    deck = list(state.deck)
    hands = [list(h) for h in state.hands]
    n, dealt = state.n_players, len(state.full_deck) - len(state.deck)
    while dealt < state.hand_size * n:
        m = len(deck)
        r = rng.randrange(2 * m)
        card = deck.pop(r) if r < m else deck.pop(r - m)[::-1]
        hands[(state.starter + dealt) % n].append(card)
        dealt += 1
    return state._replace(deck=tuple(deck), hands=tuple(map(tuple, hands)), phase="flip", turn=state.starter,
                          flips_done=0)


# ---------------------------------------------------------------------------------------------------------
# pictures

UNDERLINED = (6, 9)  # turned half round, 6 and 9 read as each other: printed cards underline them, and so do ours
OTHER_END_FILL = "#e6e6e6"  # the card's lower half, the end not in play, on a grey band


def a_number(value: object) -> str:
    """'a 3', 'an 8': a number with its article, as a move is said aloud."""
    return f"{'an' if str(value).startswith('8') or value in (11, 18) else 'a'} {value}"


def _card_number(value: object, x: float, y: float, size: float, *, colour: str, bold: bool,
                 turned: bool) -> str:
    """One number of a card centred at (x, y), underlined when it is a 6 or a 9; ``turned``: upside down, as the
    other end of a printed card (its underline then lies above it, as on the printed card held that way)."""
    weight = ' font-weight="bold"' if bold else ""
    text = (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-family="sans-serif"{weight} fill="{colour}" '
            f'text-anchor="middle" dominant-baseline="central">{svg_text(value)}</text>')
    if value in UNDERLINED:
        half, below = size * 0.32, y + size * 0.5
        text += (f'<line class="circus-scout-underline" x1="{x - half:g}" y1="{below:g}" x2="{x + half:g}" '
                 f'y2="{below:g}" stroke="{colour}" stroke-width="{max(1.2, size / 10):g}"/>')
    if turned:
        return f'<g transform="rotate(180 {x:g} {y:g})">{text}</g>'
    return text


def scout_card_svg(up: object, down: object | None = None, *, x: float = 0, y: float = 0, width: float = 44,
                   height: float = 64, highlight: bool = False, face_down: bool = False,
                   css_class: str = "circus-card") -> str:
    """A Scout card: the number in play big and upright at the top, the other end's number small, turned half round
    on a grey band below (the end not in play); a 6 and a 9 are underlined so that a turned 6 never reads as a 9."""
    stroke, stroke_width = ("#d7301f", 3) if highlight else ("#555555", 1.2)
    fill = "#3b5b92" if face_down else "#fffdf5"
    parts = [f'<g class="{PIECE} {svg_text(css_class)}" transform="translate({x:g},{y:g})">',
             f'<rect width="{width:g}" height="{height:g}" rx="6" fill="{fill}" stroke="{stroke}" '
             f'stroke-width="{stroke_width}"/>']
    if face_down:
        parts.append(f'<rect x="5" y="5" width="{width - 10:g}" height="{height - 10:g}" rx="4" fill="none" '
                     f'stroke="#ffffff" stroke-dasharray="3 2"/>')
    elif down is None:
        parts.append(_card_number(up, width / 2, height / 2, width * 0.5, colour=INK, bold=True, turned=False))
    else:
        band = height / 2
        parts.append(f'<path class="circus-scout-other-end" d="M1.5,{band:g} H{width - 1.5:g} V{height - 6:g} '
                     f'Q{width - 1.5:g},{height - 1.5:g} {width - 6:g},{height - 1.5:g} H6 Q1.5,{height - 1.5:g} '
                     f'1.5,{height - 6:g} Z" fill="{OTHER_END_FILL}"/>')
        parts.append(f'<line x1="1.5" y1="{band:g}" x2="{width - 1.5:g}" y2="{band:g}" stroke="#999999"/>')
        parts.append(_card_number(up, width / 2, height * 0.28, width * 0.42, colour=INK, bold=True, turned=False))
        parts.append(_card_number(down, width / 2, height * 0.73, width * 0.32, colour="#444444", bold=False,
                                  turned=True))
    parts.append("</g>")
    return "".join(parts)


def scout_svg(state: ScoutState, *, player: int | None = None, selected: Iterable[int] = (),
              gaps: bool = False) -> str:
    """The table and the hands as SVG: each card shows both numbers, the one in play on top (the position's own
    picture, as it shows itself in a notebook; ``pictures`` draws the others).

    With ``player`` only that hand is drawn (with ``selected`` cards highlighted and numbered gaps if ``gaps``).
    """
    selected = set(selected)
    w, h, step = 44, 64, 50
    parts, y = [], 18
    label = f"Round {state.round + 1} of {state.rounds}"
    owner = "" if state.owner is None or not state.table else f" (player {state.owner}'s set)"
    parts.append(_text(6, y - 4, f"{label}. Table{owner}:"))
    if state.table:
        parts += [scout_card_svg(c[0], c[1], x=10 + i * step, y=y, width=w, height=h,
                                 css_class="circus-table-card") for i, c in enumerate(state.table)]
    else:
        parts.append(_text(14, y + 30, "empty: any set may be shown"))
    y += h + 28
    shown = range(state.n_players) if player is None else [player]
    width = 10 + step * max([len(state.table), 9] + [len(state.hands[p]) + 1 for p in shown])  # room for its lines
    for p in shown:
        hand = state.hands[p]
        info = (f"Player {p}: {_count(len(hand), 'card')} in hand, {_count(len(state.captured[p]), 'card')} "
                f"captured, {_count(state.chips[p], 'chip')}")
        if state.n_players > 2 and state.sns_used and state.sns_used[p]:
            info += ", Scout & Show used"
        parts.append(_text(6, y - 4, info + ("  ← to move" if p == state.turn and state.phase != "over" else "")))
        for i, c in enumerate(hand):
            parts.append(scout_card_svg(c[0], c[1], x=10 + i * step + (14 if gaps else 0), y=y, width=w, height=h,
                                        highlight=i in selected, face_down=c == HIDDEN, css_class="circus-hand-card"))
        if gaps:
            parts += [_text(10 + i * step + 4, y + h + 15, f"↑{i}", size=13)
                      for i in range(len(hand) + 1)]
        y += h + (40 if gaps else 26)
    return svg_doc(width, y, parts, css_class="circus-svg circus-scout", title=str(state))


def _count(n: int, thing: str) -> str:
    """'1 card', '2 cards', '0 chips': a count with its plural."""
    return f"{n} {thing}" + ("" if n == 1 else "s")


def _text(x: float, y: float, text: object, *, size: int = 13, color: str = "currentColor") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-family="sans-serif" fill="{color}">'
            f'{svg_text(text)}</text>')


# ---------------------------------------------------------------------------------------------------------
# the game as a whole, for the kit's registry (circuslib.games())

def _random_start(rng: random.Random) -> ScoutState:
    """A seeded starting position, with the number of players, rounds, first player and readings drawn too."""
    n = rng.choice([2, 3, 4, 5])
    options = ScoutOptions(flip_reverses_order=rng.random() < 0.8, stuck_owner_exempt=rng.random() < 0.2,
                           turn_limit=rng.choice([40, 300]), rounds=rng.choice([1, 1, None]), first=rng.randrange(n))
    return new_game(options, players=n)


def _conserved(start: GameState, now: GameState) -> None:
    """Every card is still in the game, once, and no player has fewer than no chips."""
    assert isinstance(now, ScoutState)
    if now.card_count() != len(now.full_deck):
        raise InvariantBroken(f"Scout holds {now.card_count()} cards, the deck has {len(now.full_deck)}")
    cards = [tuple(sorted(c)) for h in now.hands for c in h] + [tuple(sorted(c)) for c in now.table]
    cards += [tuple(sorted(c)) for pile in now.captured for c in pile] + [tuple(sorted(c)) for c in now.deck]
    if now.phase != "over" and sorted(cards) != sorted(now.full_deck):
        raise InvariantBroken("a Scout card was made or lost")
    if any(c < 0 for c in now.chips):
        raise InvariantBroken("a negative number of Scout chips")


def _bound(start: GameState) -> int:
    assert isinstance(start, ScoutState)
    return start.rounds * (start.options.turn_limit + 60 + start.n_players)


__getattr__ = renamed(globals(), {"ScoutRules": "ScoutOptions"})

GAME = Game("scout", "Scout", ScoutOptions, new_game, _random_start, _conserved, _bound,
            (Show(0, 2), Scout("left", True, 1), ScoutAndShow("right", False, 0, 0, 1), FLIP_HAND, KEEP_HAND, (3, 7)),
            (Show, Scout, ScoutAndShow, FlipHand, KeepHand))
"""Scout for the kit's registry."""
