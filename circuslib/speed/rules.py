"""Speed ("Le Flip"): two players race to shed their cards on two centre piles, one rank up or down.

Ranks are 1 (Ace) to 13 (King) on a 13-cycle: a card goes on a top one rank above or below it, and the Ace sits
between the King and the 2. Suits never matter to the rules, so a card is its rank: a ``Card`` is an ``int`` (its
rank) that also wears a suit, for the table to draw.

How the game becomes exact chance (the kit's model):
- A player's face-down pile is a well-shuffled set of known ranks, so the next card turned up is a random draw
  from the unseen cards (exact probabilities count / total). With one deck dealt in two, both piles come from
  one shuffled deck, so the unseen cards are one shared pool; with two decks each player has their own.
- Simultaneous play is a race: each player's reaction time is exponential with their rate, so the chance that
  player A moves first is rate_A / (rate_A + rate_B), exactly. Only players with a playable card join the race.
  The winner's move happens; the loser's intended move is lost if it no longer fits (as at the table), and
  because exponential times are memoryless the next race has the same odds.
- Stalemate (nobody can play): both flip the top card of their pile onto their centre pile at the same time.
- Crapette rapide: each player's cards are the 15 dealt into 5 heaps of 1 to 5 cards, and nothing else (no pile);
  the two centre cards are turned up from the rest of the deck, which nobody plays, and a stalemate flip is a
  heap's top card (the kit's ruling for a player without a pile). Shedding the 15 wins the round.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..core.args import exact_number, instance, items, one_of, optional_text, rng_arg, whole
from ..core.game import CHANCE, TERMINAL, Game, GameState, IllegalMove, InvariantBroken, describe, is_whole, renamed
from ..core.svg import INK, Picture, svg_card, svg_doc, svg_text

__all__ = [
    "GAME",
    "RANKS", "SUITS", "RED_SUITS", "Card", "card_of", "rank_of", "rank_name", "fits", "SpeedOptions", "ONE_DECK",
    "TWO_DECKS", "CRAPETTE", "SETUPS", "setup_named", "setup_name",
    "Race", "Play", "FlipFaceUp", "SpeedState", "new_game", "position", "IllegalMove", "CHANCE", "TERMINAL",
    "Match", "deal", "neighbours", "gather", "cut", "next_round", "BETWEEN_ROUNDS", "BOTH_OUT", "card_name",
    "card_ink",
    "RED_INK", "speed_svg", "table_words",
]

RANKS = tuple(range(1, 14))
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
LONG_NAMES = {"ACE": 1, "JACK": 11, "QUEEN": 12, "KING": 13}
PILE_NAMES = ("A", "B")


SUITS = ("♠", "♥", "♦", "♣")
RED_SUITS = frozenset("♥♦")
SUIT_LETTERS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Card(int):
    """A card: for every rule it *is* its rank (an ``int`` 1..13), and it wears a ``suit`` that no rule reads.

    Why an ``int`` subclass and not a (rank, suit) pair: the states, the exact odds, the graphs and the exercises
    all count ranks. A card that is its rank (equal to it, hashing as it, printing as it) leaves every one of them
    unchanged: a position holding 7♥ equals the same position holding 7♠, so graphs merge them as before and
    exact odds are the same fractions, while the table can still draw the suit. ``card.name`` is "7♥".
    Cards are made once per rank and suit and then shared, so dealing stays cheap.
    """

    suit: str  # set once, as the card is made

    def __new__(cls, rank: int, suit: str) -> Card:
        card = _CARDS.get((rank, suit))
        if card is None:
            whole(rank, "a card's rank (1 for the Ace to 13 for the King)", 1, 13)
            one_of(suit, "a card's suit", SUITS)
            card = int.__new__(cls, rank)
            card.__dict__["suit"] = suit
            _CARDS[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a card never changes (make another Card)")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (int(self), self.suit))

    # the repr stays the rank's (7, not 7♥), so whatever printed ranks before prints the same numbers now
    __repr__ = int.__repr__
    __str__ = int.__repr__

    @property
    def rank(self) -> int:
        """The rank as a plain int."""
        return int(self)

    @property
    def name(self) -> str:
        """Rank and suit, like "7♥" or "Q♠"."""
        return rank_name(self) + self.suit

    @property
    def red(self) -> bool:
        """Whether the suit is red (♥ or ♦)."""
        return self.suit in RED_SUITS


_CARDS: dict[tuple[int, str], Card] = {}


def _whole(value: Any) -> bool:
    # a whole number as the rules take one: an int or a Card (core.game.is_whole takes plain ints only)
    return type(value) is int or type(value) is Card


def _split_suit(text: str) -> tuple[str, str | None]:
    """A card name and its suit, if it names one: "7♥" and "7h" give ("7", "♥"); "7" gives ("7", None)."""
    text = text.strip().upper()
    if len(text) > 1 and (text[-1] in SUITS or text[-1] in SUIT_LETTERS) and text not in LONG_NAMES:
        return text[:-1].strip(), SUIT_LETTERS.get(text[-1], text[-1])
    return text, None


def rank_of(card: int | str) -> int:
    """The rank 1..13 of a card given as a number (1 = Ace, 13 = King) or a name ("A", "10", "Q", "king"); a
    name may carry a suit ("7♥", "7h"), which the rules ignore. A ``Card`` is its own rank (it keeps its suit)."""
    if type(card) is int or type(card) is Card:  # not True or 7.0: a rank is a whole number
        if not 1 <= card <= 13:
            raise ValueError(f"a rank runs from 1 (Ace) to 13 (King); {card} is not a rank")
        return card
    if isinstance(card, str):
        text, _ = _split_suit(card)
        if text in LONG_NAMES:
            return LONG_NAMES[text]
        for rank, name in NAMES.items():
            if text == name:
                return rank
        if text.isdigit() and 2 <= int(text) <= 10:
            return int(text)
        raise ValueError(f"{card!r} is not a card name; use A, 2..10, J, Q or K (a suit may follow: 7♥ or 7h)")
    raise TypeError(f"a card is a rank 1..13 or a name like 'Q', not {describe(card)}")


def card_of(card: int | str, suit: str | None = None) -> int:
    """A card as the rules hold it: a ``Card`` when a suit is known ("7♥", "7h", a Card, or ``suit=``), else the
    plain rank."""
    rank = rank_of(card)
    if type(rank) is Card:
        return rank
    if isinstance(card, str):
        suit = _split_suit(card)[1] or suit
    return Card(int(rank), suit) if suit is not None else rank


def _suited(cards: Iterable[Any], used: dict[int, list[str]] | None = None) -> list[Card]:
    """Cards with suits: a card given with a suit keeps it; a bare rank takes the first suit of its rank not yet
    used (round the four suits again once all are used, as with two decks)."""
    used = {} if used is None else used
    cards = [card_of(c) for c in cards]
    for c in cards:
        if type(c) is Card:
            used.setdefault(int(c), []).append(c.suit)
    out = []
    for c in cards:
        if type(c) is not Card:
            taken = used.setdefault(c, [])
            free = [s for s in SUITS if s not in taken] or [SUITS[len(taken) % 4]]
            taken.append(free[0])
            c = Card(c, free[0])
        out.append(c)
    return out


def rank_name(rank: int) -> str:
    """The short name of a rank: A, 2..10, J, Q, K."""
    rank = rank_of(rank)
    return NAMES.get(rank, str(rank))


def fits(card: int | str, top: int | str) -> bool:
    """Whether ``card`` goes on ``top``: one rank up or down on the 13-cycle (Ace next to King and 2)."""
    return (rank_of(card) - rank_of(top)) % 13 in (1, 12)


def _fits(card: int, top: int) -> bool:
    # the hot-loop version of fits: ranks already checked
    return (card - top) % 13 in (1, 12)


def neighbours(rank: int | str) -> tuple[int, int]:
    """The two ranks that go on ``rank`` (one below, one above, round the cycle)."""
    rank = rank_of(rank)
    return ((rank - 2) % 13 + 1, rank % 13 + 1)


# ---------------------------------------------------------------------------------------------------------
# set-ups and the kit's rulings

@dataclass(frozen=True)
class SpeedOptions:
    """How a round of Speed is played: how many decks, how many face-up cards, and the kit's readings of the gaps.

    - ``decks=2``: each player shuffles their own 52-card deck; ``decks=1``: one deck dealt 26 each.
    - ``stacks``: None for face-up cards refilled one at a time from the pile (up to ``face_up`` of them);
      for "crapette rapide" the sizes of the face-up heaps (1..5), one deck only: a player's cards are exactly
      the ``sum(stacks)`` cards dealt into the heaps, with no pile beyond them; only the top card of each heap is
      playable, an emptied heap stays empty, and shedding them all wins the round. (Kit ruling) The two centre
      cards are turned up from the rest of the deck (52 - 2 x 15 = 22 cards), which stays face down, out of
      both players' hands; a stalemate flip is a heap's top card (``empty_pile``), so ``both_piles_empty``
      never applies.
    - ``empty_pile`` (kit ruling): at a stalemate a player whose pile is empty flips one of their face-up cards
      instead ("flip-face-up"); with "skip" only the player with a pile flips (and when neither has a pile
      and nothing can be recycled, both flip face-up cards, or play would stop for ever).
    - ``both_piles_empty`` (kit ruling): if both piles are empty at a stalemate, the centre cards below the two
      tops are shuffled and split half each into the two piles ("recycle"); with an odd number the last card
      stays face down in the centre (the kit's reading of "half each", fair to both seats) and is shuffled in
      with the next recycle; "flip-face-up" makes both players flip a face-up card instead.
    - ``between_rounds``: how the next round of a match is dealt. "cut" (the seed's one-deck variant, and the
      default with one deck): the cards are gathered (``gather``), cut once (``cut``) and dealt again one at a
      time without a shuffle, so each pile's order is known; "shuffle" (the default, and the only choice, with
      two decks) deals every round afresh from shuffled cards.
    - ``both_out`` (kit ruling): when both players run out of cards at the same moment (the same stalemate flip),
      the round is a draw and nobody scores ("draw"; it counts as one of a match's rounds); with "replay" a drawn
      round does not count, and a match deals another in its place.
    - ``name``: what the set-up is called on the table ("one deck"); a label only, so two options that differ
      only by their names play the same game (and are equal). Left out, it is made from the other options.

    The players' reaction rates are not options: they say how fast two players are, not how the game is played,
    so the same set-up is played at every speed ratio (``new_game(options, rates=...)``).
    """

    name: str | None = field(default=None, compare=False)
    decks: int = 2
    face_up: int = 5
    stacks: tuple[int, ...] | None = None
    empty_pile: str = "flip-face-up"
    both_piles_empty: str = "recycle"
    between_rounds: str | None = None  # None: "cut" with one deck, "shuffle" with two
    both_out: str = "draw"

    def __post_init__(self) -> None:
        optional_text(self.name, "name")
        whole(self.decks, "decks (Speed is played with 1 or 2 decks)", 1, 2)
        if self.between_rounds is None:
            object.__setattr__(self, "between_rounds", "cut" if self.decks == 1 else "shuffle")
        one_of(self.between_rounds, "between_rounds ('cut': gathered, cut, not shuffled; or 'shuffle')",
               BETWEEN_ROUNDS)
        if self.between_rounds == "cut" and self.decks != 1:
            raise ValueError("between_rounds='cut' is the one-deck variant; with two decks each player shuffles "
                             "their own deck, so use 'shuffle'")
        if self.stacks is not None:
            stacks = items(self.stacks, "stacks (the sizes of the face-up stacks)", low=1, high=8)
            for size in stacks:
                whole(size, "each stack size", 1, 26)
            if self.decks != 1:
                raise ValueError("stacks (crapette rapide) are dealt from one deck: use decks=1 with stacks")
            if 2 * sum(stacks) + 2 > self.total_cards:
                raise ValueError(f"stacks of {sum(stacks)} cards each leave too few cards: the two players' "
                                 f"{2 * sum(stacks)} and the 2 centre cards must come from the deck's "
                                 f"{self.total_cards}")
            object.__setattr__(self, "stacks", stacks)
            object.__setattr__(self, "face_up", len(stacks))
        whole(self.face_up, "the number of face-up cards", 1, 8)
        one_of(self.empty_pile, "empty_pile ('flip-face-up' is the kit's ruling)", ("flip-face-up", "skip"))
        one_of(self.both_piles_empty, "both_piles_empty ('recycle' is the kit's ruling)", ("recycle", "flip-face-up"))
        one_of(self.both_out, "both_out ('draw' is the kit's ruling)", BOTH_OUT)
        needed = 2 * (self.cards_each_face_up + 1)
        if self.stacks is None and self.cards_each * 2 < needed:
            raise ValueError("there are not enough cards for this many face-up cards")
        if self.name is None:
            object.__setattr__(self, "name", self._made_name())

    def _made_name(self) -> str:
        """A name for options not given one: the decks (or the stacks), then what differs from the defaults."""
        if self.stacks is not None:
            words = ["crapette rapide" if self.stacks == (1, 2, 3, 4, 5) else
                     "stacks of " + ", ".join(map(str, self.stacks))]
        else:
            words = ["one deck" if self.decks == 1 else "two decks"]
            if self.face_up != (4 if self.decks == 1 else 5):
                words.append(f"{self.face_up} face-up")
        if self.empty_pile != "flip-face-up":
            words.append(f"empty pile: {self.empty_pile}")
        if self.both_piles_empty != "recycle":
            words.append(f"both piles empty: {self.both_piles_empty}")
        if self.between_rounds != ("cut" if self.decks == 1 else "shuffle"):
            words.append(f"{self.between_rounds} between rounds")
        if self.both_out != "draw":
            words.append(f"both out: {self.both_out}")
        return ", ".join(words)

    @property
    def total_cards(self) -> int:
        """All the cards in play: 52 or 104."""
        return 52 * self.decks

    @property
    def cards_each(self) -> int:
        """How many cards each player starts with: 52, 26, or in crapette rapide the cards of the heaps (15)."""
        if self.stacks is not None:
            return sum(self.stacks)
        return 52 if self.decks == 2 else 26

    @property
    def undealt(self) -> int:
        """The cards dealt to neither player (crapette rapide: 52 - 2 x 15 = 22, the two centre cards among them;
        none in the other set-ups)."""
        return self.total_cards - 2 * self.cards_each

    @property
    def cards_each_face_up(self) -> int:
        """How many cards each player deals face up at the start."""
        return sum(self.stacks) if self.stacks else self.face_up

    @property
    def refills(self) -> bool:
        """Whether emptied face-up places are refilled from the pile (not in crapette rapide)."""
        return self.stacks is None

    @property
    def has_piles(self) -> bool:
        """Whether players keep a face-down pile beyond their face-up cards (not in crapette rapide, where a
        player's cards are all in the heaps, so a stalemate is always a heap's top card flipped)."""
        return self.stacks is None


BETWEEN_ROUNDS = ("cut", "shuffle")
BOTH_OUT = ("draw", "replay")
TWO_DECKS = SpeedOptions("two decks", decks=2, face_up=5)
ONE_DECK = SpeedOptions("one deck", decks=1, face_up=4)
CRAPETTE = SpeedOptions("crapette rapide", decks=1, stacks=(1, 2, 3, 4, 5))
SETUPS = {"two decks": TWO_DECKS, "one deck": ONE_DECK, "crapette rapide": CRAPETTE}
"""The named set-ups, by name."""


def setup_named(setup: SpeedOptions | str) -> SpeedOptions:
    """A set-up given as SpeedOptions or by the name of a named one ("one deck", "two decks", "crapette rapide")."""
    if isinstance(setup, SpeedOptions):
        return setup
    return SETUPS[one_of(setup, "the set-up", SETUPS)]


def setup_name(setup: SpeedOptions) -> str:
    """What a set-up is called: the name of the named set-up it plays as (equal options), else its own name."""
    for name, known in SETUPS.items():
        if known == setup:
            return name
    return str(setup.name)


# ---------------------------------------------------------------------------------------------------------
# moves

@dataclass(frozen=True)
class Race:
    """Chance outcome of a race: ``first`` reacted first and makes the next move."""

    first: int

    def __str__(self) -> str:
        return f"player {describe(self.first)} reacts first"


@dataclass(frozen=True)
class Play:
    """Play the card of rank ``rank`` from face-up place ``slot`` onto centre pile ``pile`` (0 = A, 1 = B)."""

    rank: int
    slot: int
    pile: int

    def __str__(self) -> str:
        rank = rank_name(self.rank) if _whole(self.rank) and 1 <= self.rank <= 13 else describe(self.rank)
        place = self.slot + 1 if is_whole(self.slot) else describe(self.slot)
        pile = PILE_NAMES[self.pile] if is_whole(self.pile) and self.pile in (0, 1) else describe(self.pile)
        return f"{rank} (place {place}) on pile {pile}"


@dataclass(frozen=True)
class FlipFaceUp:
    """At a stalemate with an empty pile: flip the face-up card in ``slot`` onto your centre pile (kit ruling)."""

    slot: int

    def __str__(self) -> str:
        return f"flip the face-up card of place {self.slot + 1 if is_whole(self.slot) else describe(self.slot)}"


# ---------------------------------------------------------------------------------------------------------
# the state

Counts = tuple[int, ...]  # how many unseen cards of each rank 1..13 (index rank - 1)


@dataclass(frozen=True)
class SpeedState(GameState):
    """A position of Speed. Players 0 and 1; centre pile 0 ("A") is player 0's flip pile, 1 ("B") player 1's.

    ``pools`` hold the unseen (face-down) cards as counts per rank; ``pool_of[p]`` says which pool player p
    draws from (one shared pool when one deck was dealt in two). ``piles[p]`` is how many face-down cards
    player p holds. ``slots[p]`` are p's face-up places, each a stack of ranks (its last card is the top, the
    playable one). ``centre`` are the two centre piles, bottom to top. Every card shown is a ``Card``: its rank,
    wearing a suit; ``suits`` says which suits are still face down (no rule reads them).
    """

    setup: SpeedOptions
    pools: tuple[Counts, ...]
    pool_of: tuple[int, int]
    piles: tuple[int, int]
    slots: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    to_deal: tuple[tuple[int, ...], tuple[int, ...]]
    centre: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    flips_due: tuple[bool, bool] = (False, False)
    racer: int | None = None
    rates: tuple[Fraction, Fraction] = (Fraction(1), Fraction(1))
    # unseen cards of the shared pool that are nobody's: one left face down in the centre by an odd recycle, or
    # in crapette rapide the rest of the deck, dealt to neither player (the two centre cards come from it)
    spare: int = 0
    # each pile's cards in order, top first, when the deal was cut, not shuffled (in crapette rapide a third
    # part: the rest of the deck, top first)
    stock: tuple[tuple[int, ...], ...] | None = None
    flips: int = field(default=0, compare=False)  # how many stalemate flips so far (for reports)
    # the suits still face down: for each pool, for each rank, the suits in the order they will be turned up.
    # Suits are worn, not played, so they take no part in comparing positions (a position is its ranks)
    suits: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)

    if TYPE_CHECKING:  # what play gives back: a Speed position (GameState.play does the work)
        def play(self, move: Any) -> SpeedState: ...

    # --- reading a position ------------------------------------------------------------------------------
    def tops(self) -> tuple[int | None, int | None]:
        """The top ranks of the two centre piles (None while a pile is empty)."""
        a, b = self.centre
        return (a[-1] if a else None, b[-1] if b else None)

    def face_up(self, player: int) -> tuple[int | None, ...]:
        """The playable face-up card of each of the player's places (None where a place is empty)."""
        return tuple(s[-1] if s else None for s in self.slots[player])

    def cards_left(self, player: int) -> int:
        """How many cards the player still holds: face-down pile plus face-up cards."""
        return self.piles[player] + sum(len(s) for s in self.slots[player])

    def plays_for(self, player: int) -> tuple[Play, ...]:
        """Every card the player could put on a centre pile now, ignoring whose turn it is."""
        tops = self.tops()
        # moves name plain ranks (a suit is worn, not played), so a move is the same whatever the suit
        return tuple(Play(int(card), slot, pile) for slot, card in enumerate(self.face_up(player)) if card is not None
                     for pile, top in enumerate(tops) if top is not None and _fits(card, top))

    def can_play(self, player: int) -> bool:
        """Whether the player has a face-up card that fits a centre top."""
        tops = [t for t in self.tops() if t is not None]
        return any(card is not None and any(_fits(card, t) for t in tops) for card in self.face_up(player))

    def _from_rest(self, player: int) -> bool:
        """Whether the player's flip now is a starting centre card turned up from the rest of the deck (crapette
        rapide, whose players have no pile: kit ruling); other flips come from the player's own pile."""
        return not self.setup.has_piles and not self.centre[player]

    def _source(self, player: int) -> int:
        """Which part of a cut deck's known order the player's next card comes from: their pile, or the rest."""
        return 2 if self.step == "flip" and self._from_rest(player) else player

    def _pending_draw(self) -> tuple[int, int] | None:
        """The (player, place) that must turn up a card from the pile next, if any."""
        for p in (0, 1):
            if not self.piles[p]:
                continue
            for i, owed in enumerate(self.to_deal[p]):
                if owed:
                    return (p, i)
            if self.setup.refills:
                for i, stack in enumerate(self.slots[p]):
                    if not stack:
                        return (p, i)
        return None

    @cached_property
    def step(self) -> str:
        """What happens next: 'flip' (a stalemate flip), 'draw', 'race', 'play', 'choose-flip' or 'over'.

        Worked out once per state (a state never changes), since every protocol method starts from it."""
        if self.is_over():
            return "over"
        if self.racer is not None:
            return "play"
        for p in (0, 1):
            if self.flips_due[p]:
                return "flip" if self.piles[p] or self._from_rest(p) else "choose-flip"
        if self._pending_draw() is not None:
            return "draw"
        both = self.can_play(0) and self.can_play(1)
        return "race" if both else "play"

    def is_stalemate(self) -> bool:
        """Whether the flips of a stalemate are under way (nobody could play)."""
        return any(self.flips_due)

    # --- the protocol ------------------------------------------------------------------------------------
    def is_over(self) -> bool:
        """A player with no cards left wins (checked once simultaneous flips are done)."""
        if any(self.flips_due):
            return False
        return self.cards_left(0) == 0 or self.cards_left(1) == 0

    def winner(self) -> int | None:
        """The winning player, None if the game goes on or both emptied their hands together (a tie)."""
        if not self.is_over():
            return None
        empty = [p for p in (0, 1) if self.cards_left(p) == 0]
        return empty[0] if len(empty) == 1 else None

    def scores(self) -> tuple[int, int]:
        """The round's points: the winner scores the cards the loser still holds; a tie scores nothing."""
        w = self.winner()
        if w is None:
            return (0, 0)
        points = self.cards_left(1 - w)
        return (points, 0) if w == 0 else (0, points)

    @property
    def current_player(self) -> int:
        """The player who must move, CHANCE for draws, flips and races, TERMINAL at the end."""
        step = self.step
        if step == "over":
            return TERMINAL
        if step == "play":
            if self.racer is not None:
                return self.racer
            return 0 if self.can_play(0) else 1
        if step == "choose-flip":
            return 0 if self.flips_due[0] else 1
        return CHANCE

    def legal_moves(self) -> tuple[Any, ...]:
        """The plays of the player who won the race (or alone can play), or the face-up card flips."""
        step = self.step
        if step == "play":
            return self.plays_for(self.current_player)
        if step == "choose-flip":
            p = self.current_player
            return tuple(FlipFaceUp(i) for i, s in enumerate(self.slots[p]) if s)
        return ()

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` may be played now (checked directly from the rule, without listing every move)."""
        step = self.step
        if step in ("draw", "flip"):
            if not _whole(move) or not 1 <= move <= 13:
                return False
            p = self._drawer()
            if self.stock is not None:  # a cut, not shuffled, deck: the next card is known
                return bool(move == self.stock[self._source(p)][0])
            return bool(self.pools[self.pool_of[p]][move - 1] > 0)
        if step == "race":
            return type(move) is Race and is_whole(move.first) and move.first in (0, 1)
        if step == "over":
            return False
        return self._problem(move) is None

    def _drawer(self) -> int:
        for p in (0, 1):
            if self.flips_due[p]:
                return p
        pending = self._pending_draw()
        assert pending is not None, "a draw step has a place to fill"
        return pending[0]

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """Draws and flips: each rank with its share of the unseen cards; races: rate / (sum of rates)."""
        step = self.step
        if step in ("draw", "flip"):
            p = self._drawer()
            if self.stock is not None:  # the deck was cut, not shuffled: the next card is certain
                return ((int(self.stock[self._source(p)][0]), Fraction(1)),)
            pool = self.pools[self.pool_of[p]]
            total = sum(pool)
            return tuple((rank, Fraction(count, total)) for rank, count in zip(RANKS, pool) if count)
        if step == "race":
            r0, r1 = self.rates
            return ((Race(0), r0 / (r0 + r1)), (Race(1), r1 / (r0 + r1)))
        return ()

    def why_illegal(self, move: Any) -> str:
        """Say in the game's words why a move is refused."""
        step = self.step
        if step == "over":
            return "the round is over: a player has no cards left"
        if step in ("draw", "flip", "race"):
            what = {"draw": "a card is being turned up from a pile", "flip": "the stalemate flip is under way",
                    "race": "both players can play, so the next step is the race between them"}[step]
            if step != "race" and self.stock is not None:
                known = rank_name(self.stock[self._source(self._drawer())][0])
                what += f" (the deck was cut, not shuffled: the next card is {known})"
            return f"{what}; {describe(move)} cannot be played now"
        return self._problem(move) or f"{describe(move)} is legal here"

    def _problem(self, move: Any) -> str | None:
        """The one check of a player's move: its type, its numbers and their ranges, then the rule."""
        player = self.current_player
        places = self.slots[player]
        if self.step == "choose-flip":
            if type(move) is not FlipFaceUp or not is_whole(move.slot) or not 0 <= move.slot < len(places) \
                    or not places[move.slot]:
                return (f"stalemate: player {player}'s pile is empty, so they flip one of their face-up cards "
                        f"(FlipFaceUp(place) with a place that holds a card), not {describe(move)}")
            return None
        if type(move) is FlipFaceUp:
            return "a face-up card is flipped only at a stalemate when the pile is empty"
        if type(move) is not Play:
            return (f"{describe(move)} is not a Speed move; play a face-up card on a centre pile: "
                    "Play(rank, place, pile)")
        for name in ("rank", "slot", "pile"):
            value = getattr(move, name)
            if not (_whole(value) if name == "rank" else is_whole(value)):
                return f"a play's {name} is a whole number, not {describe(value)}"
        if move.pile not in (0, 1):
            return f"there are two centre piles, 0 (A) and 1 (B); {move.pile} is not one of them"
        if not 1 <= move.rank <= 13:
            return f"a rank runs from 1 (Ace) to 13 (King); {move.rank} is not a rank"
        if not 0 <= move.slot < len(places):
            return (f"player {player} has face-up places 1 to {len(places)} (Play counts them from 0); "
                    f"place {move.slot + 1} does not exist")
        if not places[move.slot]:
            return f"place {move.slot + 1} is empty"
        card = places[move.slot][-1]
        if card != move.rank:
            return f"place {move.slot + 1} shows {rank_name(card)}, not {rank_name(move.rank)}"
        top = self.tops()[move.pile]
        if top is None:
            return f"pile {PILE_NAMES[move.pile]} has no card yet"
        if _fits(card, top):
            return None
        low, high = neighbours(top)
        return (f"{rank_name(card)} does not fit on pile {PILE_NAMES[move.pile]}: its top is {rank_name(top)}, and "
                f"only {rank_name(low)} or {rank_name(high)} go on a {rank_name(top)}")

    def _turn_up(self, k: int, rank: int) -> tuple[Card, tuple[Any, ...] | None]:
        """The card of this rank turned up from pool ``k``, wearing the next suit face down, and the suits left."""
        suits = self.suits
        if suits is not None and k < len(suits) and suits[k][rank - 1]:
            left = suits[k][rank - 1]
            return Card(rank, left[0]), _set(suits, k, _set(suits[k], rank - 1, left[1:]))
        # a position made by hand without suits: the rank's suits in the usual order
        return Card(rank, SUITS[-self.pools[k][rank - 1] % 4]), suits

    def _apply(self, move: Any) -> SpeedState:
        step = self.step
        if step in ("draw", "flip"):
            p = self._drawer()
            pools = list(self.pools)
            k = self.pool_of[p]
            pool = list(pools[k])
            pool[move - 1] -= 1
            pools[k] = tuple(pool)
            # a starting centre card of crapette rapide comes from the rest of the deck, not from a pile
            rest = step == "flip" and self._from_rest(p)
            piles = self.piles if rest else _set(self.piles, p, self.piles[p] - 1)
            spare = self.spare - 1 if rest else self.spare
            card: int
            if self.stock is None:
                card, suits = self._turn_up(k, int(move))
                stock = None
            else:  # a cut deck: the card on top of the pile (or of the rest), with its suit
                i = self._source(p)
                card, suits = self.stock[i][0], self.suits
                stock = _set(self.stock, i, self.stock[i][1:])
            if step == "flip":
                state = replace(self, pools=tuple(pools), piles=piles, spare=spare, stock=stock, suits=suits,
                                centre=_set(self.centre, p, self.centre[p] + (card,)),
                                flips_due=_set(self.flips_due, p, False))
            else:
                pending = self._pending_draw()
                assert pending is not None, "a draw step has a place to fill"
                i = pending[1]
                slots = _set(self.slots, p, _set(self.slots[p], i, self.slots[p][i] + (card,)))
                owed = self.to_deal[p][i]
                to_deal = _set(self.to_deal, p, _set(self.to_deal[p], i, owed - 1)) if owed else self.to_deal
                state = replace(self, pools=tuple(pools), piles=piles, slots=slots, to_deal=to_deal, stock=stock,
                                suits=suits)
        elif step == "race":
            return replace(self, racer=move.first)
        elif isinstance(move, FlipFaceUp):
            p = self.current_player
            card = self.slots[p][move.slot][-1]
            emptied = _set(self.slots[p], move.slot, self.slots[p][move.slot][:-1])
            state = replace(self, slots=_set(self.slots, p, emptied),
                            centre=_set(self.centre, p, self.centre[p] + (card,)),
                            flips_due=_set(self.flips_due, p, False))
        else:
            p = self.current_player
            card = self.slots[p][move.slot][-1]  # the card itself (its suit too), which is the rank played
            emptied = _set(self.slots[p], move.slot, self.slots[p][move.slot][:-1])
            state = replace(self, slots=_set(self.slots, p, emptied),
                            centre=_set(self.centre, move.pile, self.centre[move.pile] + (card,)), racer=None)
        return state._settle()

    def _settle(self) -> SpeedState:
        """After each step: if nobody can play and nothing is pending, start the stalemate flips."""
        if self.is_over() or any(self.flips_due) or self._pending_draw() is not None:
            return self
        if self.can_play(0) or self.can_play(1):
            return self
        state = self
        if not self.piles[0] and not self.piles[1] and self.setup.both_piles_empty == "recycle" \
                and self.setup.has_piles:  # crapette rapide has no piles to recycle into: heap tops are flipped
            state = state._recycle()
        due = (True, True)
        if self.setup.empty_pile == "skip" and (state.piles[0] or state.piles[1]):
            due = (state.piles[0] > 0, state.piles[1] > 0)  # only players with a pile flip
        return replace(state, flips_due=due, flips=state.flips + 1)

    def _recycle(self) -> SpeedState:
        """Both piles are empty: the centre cards under the tops go back, shuffled, half each (kit ruling)."""
        under = self.centre[0][:-1] + self.centre[1][:-1]
        # both piles are empty, so the pools hold only a spare card from an odd recycle, if any: it is
        # shuffled in with the cards under the tops, and they form one new shared pool
        counts = [sum(pool[i] for pool in self.pools) for i in range(13)]
        # the suits face down again: a spare card's first, then those gathered
        suits: list[list[str]] = [[] for _ in RANKS]
        for k, pool in enumerate(self.pools):
            for i in range(13):
                left = self.suits[k][i] if self.suits is not None and k < len(self.suits) else ()
                suits[i] += list(left[:pool[i]]) + [SUITS[j % 4] for j in range(len(left), pool[i])]
        for card in under:
            counts[card - 1] += 1
            suits[card - 1].append(getattr(card, "suit", SUITS[len(suits[card - 1]) % 4]))
        n = len(under) + self.spare
        if not under:
            return self
        return replace(self, pools=(tuple(counts),), pool_of=(0, 0), piles=(n // 2, n // 2), spare=n % 2,
                       centre=(self.centre[0][-1:], self.centre[1][-1:]), stock=None,
                       suits=(tuple(map(tuple, suits)),))

    # --- checking and showing ----------------------------------------------------------------------------
    def card_count(self) -> int:
        """Every card, wherever it is (unseen, face up, in the centre): always 52 or 104."""
        unseen = sum(sum(pool) for pool in self.pools)
        shown = sum(len(s) for player in self.slots for s in player)
        return unseen + shown + len(self.centre[0]) + len(self.centre[1])

    def __str__(self) -> str:
        def cards(p: int) -> str:
            return " ".join("." if c is None else rank_name(c) for c in self.face_up(p))
        tops = " ".join("-" if t is None else rank_name(t) for t in self.tops())
        return f"P1 [{cards(1)}] pile {self.piles[1]} | centre {tops} | P0 [{cards(0)}] pile {self.piles[0]}"

    def _repr_html_(self) -> str:
        return speed_svg(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """The table in every form: themed HTML, plain SVG, and the table in words."""
        return Picture.of(speed_svg(self), table_words(self))._repr_mimebundle_(include, exclude)


def _set(t: tuple[Any, ...], i: int, value: Any) -> Any:
    return t[:i] + (value,) + t[i + 1:]


RED_INK = "#b3261e"
"""The ink of ♥ and ♦ on a card's light face (the kit's error red: 6.6:1 on the card, which stays light in every
theme); the suit's symbol is always drawn too, so colour is never the only sign of a suit."""


def card_name(card: int) -> str:
    """What a card shows: rank and suit ("7♥") for a ``Card``, the rank's name for a bare rank."""
    return card.name if type(card) is Card else rank_name(card)


def card_ink(card: int, black: str = INK) -> str:
    """The ink of a card's face: red for ♥ and ♦, black otherwise."""
    return RED_INK if type(card) is Card and card.red else black


def speed_svg(state: SpeedState, *, names: tuple[str, str] = ("you", "bot"), highlight: Iterable[int] = (),
              hand: bool = True) -> str:
    """The table as a picture: the bot's face-up cards on top, the two centre piles, your face-up cards below.

    ``hand=False`` leaves out your face-up cards (the table widget shows them once, as the cards you click)."""
    chosen = set(highlight)
    parts: list[str] = []

    def place_row(p: int, y: float) -> None:
        for i, stack in enumerate(state.slots[p]):
            x = 10 + i * 58
            if stack:
                note = f"+{len(stack) - 1} under" if len(stack) > 1 else None
                parts.append(svg_card(card_name(stack[-1]), x=x, y=y, highlight=(p == 0 and i in chosen),
                                      color=card_ink(stack[-1]), note=note,
                                      css_class=f"circus-card circus-speed-p{p}"))
            else:
                parts.append(f'<rect x="{x}" y="{y}" width="48" height="70" rx="6" fill="none" stroke="#cccccc" '
                             f'stroke-dasharray="4 3"/>')
        label = f"{names[p]}: {state.piles[p]} in pile, {state.cards_left(p)} cards in all"
        parts.append(f'<text x="{10 + len(state.slots[p]) * 58 + 8}" y="{y + 40}" font-size="13" '
                     f'font-family="sans-serif" fill="#333333">{svg_text(label)}</text>')

    place_row(1, 10)
    for pile, top in enumerate(state.tops()):
        x = 60 + pile * 120
        size = len(state.centre[pile])
        if top is None:
            parts.append(f'<rect x="{x}" y="105" width="48" height="70" rx="6" fill="none" stroke="#999999"/>')
        else:
            parts.append(svg_card(card_name(top), x=x, y=105, fill="#eef5ff", color=card_ink(top),
                                  note=f"pile {PILE_NAMES[pile]} ({size})",
                                  css_class="circus-card circus-speed-centre"))
    if state.is_stalemate():
        parts.append('<text x="320" y="145" font-size="14" font-family="sans-serif" fill="#d7301f">'
                     'stalemate: flip!</text>')
    if not hand:
        return svg_doc(640, 200, parts, title=str(state))
    place_row(0, 205)
    return svg_doc(640, 300, parts, title=str(state))


def table_words(state: SpeedState, *, names: tuple[str, str] = ("you", "bot")) -> str:
    """The table in words, as a screen reader should hear it: each player's face-up cards and cards left, the
    centre tops, and a stalemate."""
    def player(p: int) -> str:
        shown = ", ".join("empty" if not stack else card_name(stack[-1]) + (f" on {len(stack) - 1} more"
                                                                             if len(stack) > 1 else "")
                          for stack in state.slots[p])
        who = names[p][:1].upper() + names[p][1:]
        return f"{who}: face-up {shown}; {state.piles[p]} in the pile, {state.cards_left(p)} cards in all"

    tops = "; ".join(f"pile {PILE_NAMES[i]} " + ("empty" if not pile else f"shows {card_name(pile[-1])} "
                                                  f"({len(pile)} card{'s' if len(pile) != 1 else ''})")
                     for i, pile in enumerate(state.centre))
    lines = [f"Speed table ({state.setup.name}).", player(1) + ".", f"Centre: {tops}.", player(0) + "."]
    if state.is_over():
        winner = state.winner()
        lines.append("The round is over: " + ("a tie." if winner is None else f"{names[winner]} won."))
    elif state.is_stalemate():
        lines.append("Stalemate: nobody can play, so both flip a new centre card.")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------
# starting positions

def new_game(options: SpeedOptions | None = None, *, rng: random.Random | None = None, players: int | None = None,
             rates: Iterable[Any] = (1, 1), order: Iterable[Any] | None = None) -> SpeedState:
    """A round before the shuffle is looked at: full piles, empty places; the deal is the first chance steps.

    ``options``: the set-up (``TWO_DECKS`` when None). ``rng``: the suits of each rank lie face down in an order it
    draws (without it, in the usual order); the ranks turned up are the chance steps either way. ``players`` is 2
    (Speed is a game for two). ``rates``: the two players' reaction rates (moves per second), which decide each
    race. ``order`` (one deck only): the 52 ranks of a deck that was cut, not shuffled, top card first. They are
    dealt one at a time, player 0 first, each player's cards face down one on another (the last card dealt to a
    player is the top of their pile), so every card turned up later is known: each draw is a chance step with one
    outcome. Without ``order`` the piles are shuffled and every draw is a chance step over the unseen cards.

    Crapette rapide: each player is dealt the 15 cards of their heaps (``piles`` counts those still to be laid
    out), and the 22 others are the rest of the deck (``spare``): the two starting centre cards are its first
    two (kit ruling), player 0's then player 1's; with ``order``, the first 30 cards are dealt one at a time as
    above and the rest keeps its order.
    """
    setup = TWO_DECKS if options is None else options
    instance(setup, "options", SpeedOptions, "SpeedOptions, for example ONE_DECK, TWO_DECKS or CRAPETTE")
    if players is not None and whole(players, "players") != 2:
        raise ValueError(f"Speed is a game for 2 players, not {players}")
    if rng is not None:
        rng_arg(rng)
    checked = _rate_pair(rates)
    deck = (4,) * 13  # each deck holds four cards of each rank, one of each suit
    pools: tuple[tuple[int, ...], ...]
    stock: tuple[tuple[int, ...], ...] | None  # the two piles, and in crapette the cards dealt to nobody
    suits: tuple[Any, ...] | None
    if setup.decks == 1:
        pools, pool_of = (deck,), (0, 0)
    else:
        pools, pool_of = (deck, deck), (0, 1)
    stock, suits = None, (FULL_SUITS,) * len(pools)
    if order is not None:
        stock = _stock_of(_suited(_deck_order(order, setup)), setup)
        suits = None  # each card's suit travels with it in the known order
    n = setup.face_up
    owed = setup.stacks if setup.stacks else (0,) * n
    state = SpeedState(setup=setup, pools=pools, pool_of=pool_of, piles=(setup.cards_each, setup.cards_each),
                       slots=(((),) * n, ((),) * n), to_deal=(owed, owed), centre=((), ()),
                       flips_due=(True, True), rates=checked, spare=setup.undealt, stock=stock, suits=suits)
    return state if rng is None else _shuffle_suits(state, rng)


FULL_SUITS = (SUITS,) * 13
"""A full deck's suits face down: for each rank, the four suits."""

# the 24 orders of the four suits, for shuffling each rank's suits in one call
_SUIT_ORDERS = tuple(itertools.permutations(SUITS))


def _shuffle_suits(state: SpeedState, rng: random.Random) -> SpeedState:
    """The same deal with the suits of each rank face down in a random order.

    The order is drawn from a generator seeded by ``rng``'s state, without drawing from ``rng`` itself: so a
    seeded deal turns up exactly the ranks it turned up before suits were drawn (suits are worn, not played)."""
    if state.suits is None:
        return state
    try:
        words = rng.getstate()[1]
    except (NotImplementedError, TypeError, IndexError):  # a generator without a state (SystemRandom)
        private = random.Random()
    else:  # a tuple of ints hashes the same in every process (no hash of None or of text in it)
        private = random.Random(hash(words))
    suits = tuple(tuple(private.choices(_SUIT_ORDERS, k=13)) for _ in state.suits)
    return replace(state, suits=suits)


def _stock_of(dealt: Any, setup: SpeedOptions) -> tuple[tuple[Any, ...], ...]:
    """A cut deck's known order as each pile's cards, top first: dealt one at a time, player 0 first (the last card
    dealt to a player on top); in crapette rapide the cards after the 2 x 15 dealt are the rest, in order."""
    dealt = tuple(dealt)
    given = 2 * setup.cards_each
    piles = (tuple(reversed(dealt[0:given:2])), tuple(reversed(dealt[1:given:2])))
    return piles if setup.has_piles else piles + (dealt[given:],)


def _deck_order(order: Any, setup: SpeedOptions) -> tuple[int, ...]:
    """A whole one-deck order of ranks (four of each), checked."""
    if setup.decks != 1:
        raise ValueError("a deck order is dealt only in the one-deck game (with two decks each player shuffles)")
    ranks = tuple(rank_of(r) for r in items(order, f"order (the {setup.total_cards} ranks of a deck, top card first)"))
    if len(ranks) != setup.total_cards or any(ranks.count(r) != 4 for r in RANKS):
        raise ValueError(f"order must hold the {setup.total_cards} cards of one deck, four of each rank, "
                         f"not {len(ranks)} cards")
    return ranks


def gather(finished: SpeedState, rng: random.Random) -> tuple[int, ...]:
    """The cards of a one-deck round picked up for the next round, top card first, in the kit's fixed order:
    centre pile A, then centre pile B (each turned over, so its first card is on top), then player 0's face-up
    places left to right and pile, then player 1's; a card left face down in the centre by a recycle, or in
    crapette rapide the rest of the deck that nobody was dealt, goes last.

    Cards still face down whose order the round never fixed (a shuffled pile) come in a random order drawn with
    ``rng``: nobody has seen them, so every order is equally likely.
    """
    instance(finished, "finished", SpeedState, "a SpeedState (a finished round, whose cards are gathered)")
    if finished.setup.decks != 1:
        raise ValueError("only the one-deck game gathers its cards between rounds (with two decks each player "
                         "shuffles their own)")
    rng_arg(rng)
    if finished.stock is not None:  # the rest of a crapette deck, still in its order, goes last
        piles, spare = [list(finished.stock[0]), list(finished.stock[1])], [c for part in finished.stock[2:]
                                                                             for c in part]
    else:
        unseen = _unseen_cards(finished)
        rng.shuffle(unseen)
        a, b = finished.piles
        piles, spare = [unseen[:a], unseen[a:a + b]], unseen[a + b:]
    cards = list(finished.centre[0]) + list(finished.centre[1])
    for p in (0, 1):
        cards += [rank for stack in finished.slots[p] for rank in stack] + piles[p]
    return tuple(cards + spare)


def _unseen_cards(state: SpeedState) -> list[int]:
    """The cards of the one-deck pool, in rank order (as before suits were drawn, so a shuffle of them with the
    same generator gives the same ranks), each wearing a suit still face down."""
    cards: list[int] = []
    for rank, count in zip(RANKS, state.pools[0]):
        left = state.suits[0][rank - 1] if state.suits is not None else ()
        cards += [Card(rank, suit) for suit in left[:count]]
        cards += [Card(rank, SUITS[j % 4]) for j in range(len(left), count)]
    return cards


def cut(order: Iterable[Any], rng: random.Random) -> tuple[int, ...]:
    """The deck cut once, not shuffled: a part taken off the top (1 card up to all but one, each size equally
    likely) is put underneath."""
    rng_arg(rng)
    deck = tuple(rank_of(r) for r in items(order, "order (the ranks of a deck, top card first)"))
    if len(deck) < 2:
        raise ValueError("a deck of fewer than 2 cards cannot be cut")
    k = rng.randrange(1, len(deck))
    return deck[k:] + deck[:k]


def next_round(finished: SpeedState, rng: random.Random) -> SpeedState:
    """The next round of a match, before its first flips: with ``between_rounds="cut"`` the finished round's cards
    gathered, cut and dealt again unshuffled; with "shuffle" a fresh shuffled deal."""
    if not isinstance(finished, SpeedState) or not finished.is_over():
        raise ValueError("the next round starts from a finished round (a SpeedState whose is_over() is true)")
    rng_arg(rng)
    setup = finished.setup
    if setup.between_rounds == "shuffle":
        return new_game(setup, rng=rng, rates=finished.rates)
    return new_game(setup, rates=finished.rates, order=cut(gather(finished, rng), rng))


def _rate_pair(rates: Any) -> tuple[Fraction, Fraction]:
    """The two players' reaction rates, each an exact number of moves per second from 1/1,000,000 to 1,000,000."""
    pair = items(rates, "rates (a pair of reaction rates, one for each player, like (1, 2))", low=2, high=2)
    low, high = Fraction(1, 10 ** 6), 10 ** 6
    first, second = (exact_number(r, "a reaction rate (moves per second)", positive=True, low=low, high=high)
                     for r in pair)
    return first, second


def position(you: Iterable[Any], bot: Iterable[Any], tops: tuple[Any, ...], *,
             piles: tuple[Iterable[Any], Iterable[Any]] = ((), ()),
             under: tuple[Iterable[Any], Iterable[Any]] = ((), ()), setup: SpeedOptions = TWO_DECKS,
             rates: tuple[Any, Any] = (1, 1)) -> SpeedState:
    """A hand-made position: face-up cards (None for an empty place), centre tops, and the ranks still in each
    player's pile (each pile its own pool of unseen cards); ``under`` lists the cards below each centre top.

    The other cards of the decks are left out, so ``card_count`` counts only what is given. In crapette rapide
    (``setup=CRAPETTE``) each place is a heap shown by its top card, and there are no piles to give.
    """
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    if not setup.has_piles and any(items(p, "each pile (the ranks in it)") for p in
                                   items(piles, "piles (one for each player)", low=2, high=2)):
        raise ValueError(f"in {setup.name} a player's cards are all in the heaps, with no pile: leave piles out")
    used: dict[int, list[str]] = {}  # suits already given, so bare ranks take the suits still free

    def stacks(cards: Iterable[Any]) -> tuple[tuple[int, ...], ...]:
        given = list(items(cards, "the face-up cards (one card or None for each place)"))
        if len(given) != setup.face_up:
            raise ValueError(f"this set-up has {setup.face_up} face-up places; give one card or None for each")
        shown = iter(_suited([c for c in given if c is not None], used))
        return tuple(() if c is None else (next(shown),) for c in given)

    slots = (stacks(you), stacks(bot))
    centre = tuple(tuple(_suited(list(u) + [t], used)) for u, t in zip(under, tops))
    pools: list[tuple[int, ...]] = []
    suits: list[tuple[tuple[str, ...], ...]] = []
    for ranks in piles:
        counts = [0] * 13
        faces: list[list[str]] = [[] for _ in RANKS]
        for card in _suited(ranks, used):
            counts[card - 1] += 1
            faces[card - 1].append(card.suit)
        pools.append(tuple(counts))
        suits.append(tuple(map(tuple, faces)))
    state = SpeedState(setup=setup, pools=tuple(pools), pool_of=(0, 1),
                       piles=(sum(pools[0]), sum(pools[1])), slots=slots,
                       to_deal=((0,) * setup.face_up, (0,) * setup.face_up), centre=(centre[0], centre[1]),
                       rates=_rate_pair(rates), suits=tuple(suits))
    return state._settle()


# ---------------------------------------------------------------------------------------------------------
# several rounds

@dataclass(frozen=True)
class Match:
    """Several rounds: each round's winner scores the cards the loser still holds; totals decide the match."""

    rounds: int = 3
    totals: tuple[int, int] = (0, 0)
    played: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        whole(self.rounds, "rounds (a match has a whole number of rounds, at least 1)", 1)

    def record(self, finished: SpeedState) -> Match:
        """The match after one more finished round (the same match after a drawn round that its set-up replays)."""
        if not isinstance(finished, SpeedState) or not finished.is_over():
            raise ValueError("only a finished round can be recorded")
        if self.is_over():
            raise ValueError(f"the match is over: all {self.rounds} rounds have been played")
        if finished.winner() is None and finished.setup.both_out == "replay":
            return self  # both ran out together: the round does not count, another is dealt
        return self.record_scores(finished.scores())

    def record_scores(self, scores: tuple[int, int]) -> Match:
        """The match after one more round with these points (a winner's points and 0, or 0 and 0 for a tie)."""
        if self.is_over():
            raise ValueError(f"the match is over: all {self.rounds} rounds have been played")
        a, b = (whole(x, "each player's points", 0) for x in items(scores, "scores (both players' points)", low=2,
                                                                     high=2))
        if a and b:
            raise ValueError("a round gives points to one player at most: (points, 0), (0, points) or (0, 0)")
        return Match(self.rounds, (self.totals[0] + a, self.totals[1] + b), self.played + ((a, b),))

    def is_over(self) -> bool:
        """Whether every round has been played."""
        return len(self.played) >= self.rounds

    def winner(self) -> int | None:
        """The player with more points once the match is over (None for a tie or while it goes on)."""
        if not self.is_over() or self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1


def deal(setup: SpeedOptions = TWO_DECKS, rng: random.Random | None = None, rates: tuple[Any, Any] = (1, 1), *,
         previous: SpeedState | None = None) -> SpeedState:
    """A freshly dealt round: the two centre cards flipped and every face-up place filled, nothing played yet.

    If nobody can play, the returned state is already a stalemate (``is_stalemate()``): the flips are due.
    ``previous``, a finished round of the same set-up: with ``between_rounds="cut"`` its cards are gathered, cut
    and dealt again without a shuffle (the one-deck rule between rounds); otherwise the deck is shuffled.
    """
    from ..core.game import sample_outcome

    rng = rng_arg(rng)
    instance(setup, "setup", SpeedOptions, "SpeedOptions, for example ONE_DECK")
    if previous is not None:
        if not isinstance(previous, SpeedState) or not previous.is_over() or previous.setup != setup:
            raise ValueError("previous must be a finished round of this set-up (or None for a shuffled deal)")
    if previous is not None and setup.between_rounds == "cut":
        state = new_game(setup, rates=rates, order=cut(gather(previous, rng), rng))
    else:
        state = new_game(setup, rng=rng, rates=rates)
    while state.step in ("flip", "draw") and not (state.centre[0] and state.centre[1]
                                                  and state._pending_draw() is None):
        state = state.play(sample_outcome(state.chance_outcomes(), rng))
    return state


# ---------------------------------------------------------------------------------------------------------
# the game as a whole, for the kit's registry (circuslib.games())

_SETUPS = (ONE_DECK, TWO_DECKS, CRAPETTE,
           SpeedOptions("skip, flip", decks=1, face_up=4, empty_pile="skip", both_piles_empty="flip-face-up"),
           SpeedOptions("two decks, three up", decks=2, face_up=3))


def _random_start(rng: random.Random) -> SpeedState:
    """A seeded starting position, with the set-up, the players' rates and sometimes a cut deck drawn too."""
    setup = rng.choice(_SETUPS)
    rates = (rng.choice([1, 2, 3, Fraction(1, 2)]), rng.choice([1, 2]))
    if setup.decks == 1 and rng.random() < 0.3:  # a round after a cut: every card known in advance
        order = [rank for rank in RANKS for _ in range(4)]
        rng.shuffle(order)
        return new_game(setup, rates=rates, order=order)
    return new_game(setup, rates=rates)


def _conserved(start: GameState, now: GameState) -> None:
    """Every card is still in the game, no count goes below zero, and a cut deck's order matches the piles."""
    assert isinstance(now, SpeedState)
    if now.card_count() != now.setup.total_cards:
        raise InvariantBroken(f"Speed holds {now.card_count()} cards, not {now.setup.total_cards}")
    if min(now.piles) < 0 or any(min(pool) < 0 for pool in now.pools):
        raise InvariantBroken("a negative count of cards")
    if now.stock is not None and (tuple(map(len, now.stock[:2])) != now.piles
                                  or sum(map(len, now.stock[2:])) != (now.spare if len(now.stock) > 2 else 0)):
        raise InvariantBroken("a cut deck's known order does not match the piles")
    if sum(map(sum, now.pools)) != now.piles[0] + now.piles[1] + now.spare:
        raise InvariantBroken("the unseen cards are not the piles' cards and the spare ones (crapette: the rest)")


GAME = Game("speed", "Speed", SpeedOptions, new_game, _random_start, _conserved, lambda s: 200_000,
            (Play(5, 0, 1), FlipFaceUp(0), Race(1), 7), (Play, FlipFaceUp, Race))
"""Speed for the kit's registry."""

__getattr__ = renamed(globals(), {"Setup": "SpeedOptions"})
