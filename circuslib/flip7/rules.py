"""Flip 7, base game, as the kit reads it (RULINGS section 1): cards, decks, hands, a full game to 200, scoring, SVG.

The deck is a multiset of counts in a fixed card order, so a draw is a chance step whose outcomes are the card
kinds left, each with probability count / cards left. When the deck runs out, the discards become the deck:
drawing uniformly from a multiset is the same as shuffling it, so the reshuffle needs no chance step of its own.

A deck is one ``Deck`` value with one name: ``'numbers'`` (79 cards), ``'numbers+modifiers'`` (85),
``'numbers+modifiers+second-chance'`` (88) and ``'full'`` (the 94 cards), or a small deck ``{card: copies}``; every
function of the kit that takes a deck takes the same names. A game's variants and the kit's rulings are one
``Flip7Options`` value.
"""
from __future__ import annotations

import random
import warnings
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any, NamedTuple

from ..core.args import flag, instance, one_of, rng_arg, whole
from ..core.game import CHANCE, TERMINAL, Game, GameState, InvariantBroken, Move, describe, is_whole, renamed
from ..core.svg import svg_card, svg_doc, svg_text

__all__ = [
    "GAME",
    "NUMBERS", "MODIFIERS", "ACTIONS", "CARDS", "FREEZE", "FLIP_THREE", "SECOND_CHANCE", "TIMES_TWO",
    "DECK_COUNTS", "Deck", "DECKS", "deck_of", "HIT", "STAY", "Hand", "Flip7Options", "Flip7State", "new_game",
    "card_name", "parse_card", "deck_counts", "round_score", "hand_svg", "game_svg", "draw_card", "FLIP7_BONUS",
    "counted", "TARGET", "SoloRound", "solo_round",
]

NUMBERS: tuple[int, ...] = tuple(range(13))
MODIFIERS: tuple[str, ...] = ("+2", "+4", "+6", "+8", "+10", "x2")
TIMES_TWO = "x2"
FREEZE, FLIP_THREE, SECOND_CHANCE = "Freeze", "Flip Three", "Second Chance"
ACTIONS: tuple[str, ...] = (FREEZE, FLIP_THREE, SECOND_CHANCE)
CARDS: tuple[Any, ...] = NUMBERS + MODIFIERS + ACTIONS
INDEX = {card: i for i, card in enumerate(CARDS)}
# 0 x1 and n x n for n = 1..12 (79 numbers); one of each modifier (6); three of each action (9): 94 cards
DECK_COUNTS: tuple[int, ...] = (1,) + tuple(range(1, 13)) + (1,) * 6 + (3,) * 3
FLIP7_BONUS = 15
TARGET = 200
ALIASES = {"×2": "x2", "X2": "x2", "*2": "x2", "freeze": FREEZE, "flip three": FLIP_THREE, "flip3": FLIP_THREE,
           "second chance": SECOND_CHANCE}

HIT = Move("hit")
STAY = Move("stay")


def parse_card(card: Any) -> int | str:
    """A card as the kit names it: a number 0..12, or a name like '+4', 'x2', 'Freeze'; refuses anything else."""
    if isinstance(card, bool):
        raise TypeError("True/False is not a card")
    if isinstance(card, int):
        if card < 0:
            raise ValueError(f"card numbers are never negative: {card} is not a Flip 7 card")
        if card > 12:
            raise ValueError(f"the numbers go from 0 to 12: {card} is not a Flip 7 card")
        return card
    if isinstance(card, str):
        name = ALIASES.get(card.strip(), ALIASES.get(card.strip().lower(), card.strip()))
        if name in INDEX and not isinstance(INDEX.get(name), bool):
            return name
        if name.isdigit():
            raise TypeError(f"write number cards as numbers (12), not text ({card!r})")
        raise ValueError(f"{card!r} is not a Flip 7 card; the other cards are {', '.join(MODIFIERS + ACTIONS)}")
    raise TypeError(f"a card is a number 0..12 or a card name, not a {type(card).__name__}")


def card_name(card: int | str) -> str:
    """How a card is written on screen."""
    return "×2" if card == TIMES_TWO else str(card)


@dataclass(frozen=True)
class Deck:
    """A deck of Flip 7 cards: how many copies of each kind (in ``CARDS`` order), and the one name the kit gives it.

    The kit's decks are ``DECKS``: 'numbers', 'numbers+modifiers', 'numbers+modifiers+second-chance' and 'full';
    ``deck_of`` turns a name, a ``Deck`` or a small deck ``{card: copies}`` into one.
    """

    name: str
    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != len(CARDS) or any(type(c) is not int or c < 0 for c in self.counts):
            raise ValueError(f"a deck holds {len(CARDS)} whole numbers of copies, one for each card in CARDS order")

    def __str__(self) -> str:
        return self.name

    @property
    def total(self) -> int:
        """How many cards the deck holds."""
        return sum(self.counts)

    @property
    def numbers(self) -> tuple[int, ...]:
        """The copies of each number 0..12."""
        return self.counts[:13]

    @property
    def has_modifiers(self) -> bool:
        """Whether the deck holds a +N or x2 card."""
        return any(self.counts[13:19])

    @property
    def has_actions(self) -> bool:
        """Whether the deck holds a Freeze, a Flip Three or a Second Chance."""
        return any(self.counts[19:])

    def copies(self, card: int | str) -> int:
        """How many copies of ``card`` the deck holds."""
        return self.counts[INDEX[parse_card(card)]]

    def as_dict(self) -> dict[Any, Any]:
        """The deck as {card: copies}, the kinds it holds only."""
        return {card: c for card, c in zip(CARDS, self.counts) if c}


DECKS: dict[str, Deck] = {deck.name: deck for deck in (
    Deck("numbers", DECK_COUNTS[:13] + (0,) * 9),
    Deck("numbers+modifiers", DECK_COUNTS[:19] + (0,) * 3),
    Deck("numbers+modifiers+second-chance", DECK_COUNTS[:19] + (0, 0, 3)),
    Deck("full", DECK_COUNTS),
)}
"""The kit's decks by name: the numbers (79 cards), with the six modifiers (85), with the Second Chances too (88),
and the full deck of 94 cards."""
_BY_COUNTS = {deck.counts: deck for deck in DECKS.values()}
_OLD_NAMES = {"all": "full"}  # the name the solver once gave the full deck, answered for one release
MOST_COPIES = 10_000  # copies of one card in a small deck: more would only make every computation slow


def _deck_names() -> str:
    names = [repr(name) for name in DECKS]
    return ", ".join(names[:-1]) + " or " + names[-1]


def deck_of(deck: Any, name: str = "deck") -> Deck:
    """A deck as the kit takes one: a ``Deck``, a name from ``DECKS`` ('numbers', 'numbers+modifiers',
    'numbers+modifiers+second-chance', 'full') or a small deck {card: copies}; a wrong name is refused with the
    names."""
    if isinstance(deck, Deck):
        return deck
    if isinstance(deck, str):
        if deck in _OLD_NAMES:
            warnings.warn(f"the deck {deck!r} is now called {_OLD_NAMES[deck]!r}; the old name goes in the next "
                          "release", DeprecationWarning, stacklevel=3)
            deck = _OLD_NAMES[deck]
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}: {name} is one of {_deck_names()}, or a small deck "
                             "{card: copies}")
        return DECKS[deck]
    if isinstance(deck, Mapping):
        counts = [0] * len(CARDS)
        for card, copies in deck.items():
            card = parse_card(card)
            counts[INDEX[card]] = whole(copies, f"the copies of {card_name(card)} in {name}", 0, MOST_COPIES)
        found = tuple(counts)
        if not any(found):
            raise ValueError(f"{name} holds no card: give at least one card, such as {{5: 5, 6: 6}}")
        return _BY_COUNTS.get(found) or Deck("{" + ", ".join(f"{card!r}: {c}" for card, c in zip(CARDS, found) if c)
                                             + "}", found)
    raise TypeError(f"{name} is a deck's name ({_deck_names()}) or a small deck {{card: copies}}, not "
                    f"{describe(deck)}")


def deck_counts(deck: Any = "full") -> tuple[int, ...]:
    """The counts of each card kind (in ``CARDS`` order) of a fresh deck: 'full' (94), 'numbers' (79),
    'numbers+modifiers' (85), 'numbers+modifiers+second-chance' (88) or a small deck {card: copies}."""
    return deck_of(deck).counts


def round_score(numbers: Iterable[int], modifiers: Iterable[str] = (), *, busted: bool = False) -> int:
    """A round's points: (sum of numbers, doubled by ×2) + the +N cards + 15 for seven different numbers; 0 if
    busted."""
    numbers, modifiers = tuple(numbers), tuple(modifiers)
    if busted:
        return 0
    total = sum(numbers) * (2 if TIMES_TWO in modifiers else 1)
    total += sum(int(m[1:]) for m in modifiers if m != TIMES_TWO)
    return total + (FLIP7_BONUS if len(set(numbers)) >= 7 else 0)


def _card_left(deck, move) -> bool:
    """Whether ``move`` names a card kind (an int 0..12 or a card name, not 5.0 or True) still in ``deck``."""
    if type(move) is not int and type(move) is not str:
        return False
    i = INDEX.get(move)
    return i is not None and deck[i] > 0


def _draw_problem(deck, move) -> str | None:
    """Why ``move`` is not the next card from this deck, or None: the one check of every draw."""
    if _card_left(deck, move):
        return None
    try:
        card = parse_card(move)
    except (TypeError, ValueError) as error:
        return f"the next step is a card from the deck: {error}"
    if card != move or type(card) is not type(move):
        return f"the next step is a card from the deck: write {describe(move)} as {card!r}"
    return f"no {card_name(card)} is left in the deck"


def _is_plain(move: object, constant: Move) -> bool:
    """Whether ``move`` is exactly the move ``constant`` (a Move with the same name and no details)."""
    return type(move) is Move and type(move.detail) is tuple and move.name == constant.name and not move.detail


def draw_card(counts: Sequence[int], rng: random.Random) -> int | str:
    """One card drawn uniformly from a deck of counts (the integer way of sampling count / total)."""
    running = list(accumulate(counts))  # the cards of kinds 0..i: kind i owns the tickets running[i-1]..running[i]-1
    if not running or running[-1] <= 0:
        raise ValueError("the deck is empty: there is no card to draw")
    # what rng.randrange(total) draws, without its argument checks (the hot path of every simulated game)
    ticket = rng._randbelow(running[-1])  # type: ignore[attr-defined]
    return CARDS[bisect_right(running, ticket)]


class Hand(NamedTuple):
    """One player's row in the current round: numbers in the order drawn, modifiers, a Second Chance, status.

    Status is 'active', 'stopped', 'frozen', 'busted', 'flip7', or 'out' (sitting out a tie-break round).
    ``played`` holds the Freeze and Flip Three cards played on this player (set aside at the end of the round).
    """

    numbers: tuple[int, ...] = ()
    modifiers: tuple[str, ...] = ()
    second_chance: bool = False
    status: str = "active"
    played: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        """Still in the round (may still be dealt cards and choose)."""
        return self.status == "active"

    def score(self) -> int:
        """The points this row is worth now (0 once busted)."""
        if self.status == "busted" or self.status == "out":
            return 0
        if self.modifiers:
            return round_score(self.numbers, self.modifiers)
        return sum(self.numbers) + (FLIP7_BONUS if len(self.numbers) >= 7 else 0)

    def cards(self) -> list[Any]:
        """Every card lying in front of the player."""
        return list(self.numbers) + list(self.modifiers) + [SECOND_CHANCE] * self.second_chance + list(self.played)


_EMPTY_ROW, _SITTING_OUT = Hand(), Hand(status="out")  # (rows are immutable: every round starts from these two)


WAITING_AFTER_BUST = ("discard", "resolve")
SECOND_CHANCE_IN_FLIP_THREE = ("take", "wait")


@dataclass(frozen=True)
class Flip7Options:
    """A game's variants and the kit's readings of the rules (RULINGS.md, section 1), each with the kit's default.

    ``target``: the game ends after the round in which someone reaches it. ``deck``: one of the kit's decks.
    ``dealer``: who deals the first round. Kit rulings: ``opening_deal`` (the dealer deals each player one card
    face up to start a round, as the published game does); ``waiting_after_bust`` ('discard': a Freeze or Flip
    Three still waiting when its Flip Three target busts is discarded, as the publisher's FAQ says; 'resolve': it
    is played all the same, the busted player choosing its target among the active players);
    ``second_chance_in_flip_three`` ('take': a Second Chance revealed during a Flip Three is taken at once, as the
    FAQ says; 'wait': it waits with the other action cards until the three draws are done).
    """

    target: int = TARGET
    deck: Deck = DECKS["full"]
    dealer: int = 0
    opening_deal: bool = True
    waiting_after_bust: str = "discard"
    second_chance_in_flip_three: str = "take"

    def __post_init__(self) -> None:
        whole(self.target, "target", 1)
        deck = deck_of(self.deck)
        if deck.name not in DECKS or not any(deck.numbers):
            raise ValueError(f"a game is played with one of the kit's decks, {_deck_names()}, not {deck.name}")
        object.__setattr__(self, "deck", deck)
        whole(self.dealer, "dealer", 0, 9)
        flag(self.opening_deal, "opening_deal")
        one_of(self.waiting_after_bust, "waiting_after_bust", WAITING_AFTER_BUST)
        one_of(self.second_chance_in_flip_three, "second_chance_in_flip_three", SECOND_CHANCE_IN_FLIP_THREE)


DEFAULT_OPTIONS = Flip7Options()


@dataclass(frozen=True)
class Flip7State(GameState):
    """A whole game of Flip 7 for 1 to 10 players (3 to 10 is the real game; 1 and 2 are for study).

    Choices: ``HIT``/``STAY`` on your turn, and ``Move("target", (card, player))`` when an action card needs a
    target. Chance: the next card, from the cards actually left in the deck. Start one with ``new_game``.
    """

    players: int = 3
    totals: tuple[int, ...] = ()
    hands: tuple[Hand, ...] = ()
    deck: tuple[int, ...] = DECK_COUNTS
    discard: tuple[int, ...] = (0,) * len(CARDS)
    dealer: int = 0
    round: int = 1
    turn: int = 0
    turn_done: bool = True
    receiver: int | None = None        # who gets the next card (a chance step is due)
    deal_queue: tuple[int, ...] = ()   # players still waiting for their opening card
    flip3: tuple[Any, ...] | None = None         # (target, cards still to take, deferred action cards)
    pending: tuple[Any, ...] = ()                # (owner, action card) waiting for a target
    waiting: tuple[Any, ...] = ()                # (owner, action card) revealed during a finished Flip Three, still to
                                       # resolve one after another, in the order they were revealed
    contenders: tuple[int, ...] = ()   # who plays this round (everyone, or the tied players of a tie-break)
    finished: bool = False
    options: Flip7Options = DEFAULT_OPTIONS
    last: str = field(default="", compare=False)
    previous: tuple[Any, ...] = field(default=(), compare=False)  # the rows as the last round ended (for display)

    def __post_init__(self) -> None:
        if not (len(self.hands) == len(self.totals) == self.players) or len(self.deck) != len(CARDS):
            raise ValueError("a game needs one row and one total per player and a full card list: start one with "
                             "new_game(players=...)")

    @property
    def target(self) -> int:
        """The score that ends the game (its options' target)."""
        return self.options.target

    # --- the protocol -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The player choosing now, CHANCE before a draw, TERMINAL at the end."""
        if self.finished:
            return TERMINAL
        if self.receiver is not None:
            return CHANCE
        if self.pending:
            return self.pending[0][0]
        return self.turn

    @property
    def phase(self) -> str:
        """'draw', 'target', 'turn' or 'over'."""
        if self.finished:
            return "over"
        if self.receiver is not None:
            return "draw"
        return "target" if self.pending else "turn"

    def is_over(self) -> bool:
        """The game ends after a round in which someone reached the target, once the lead is not tied."""
        return self.finished

    def legal_moves(self) -> tuple[Any, ...]:
        """Hit or Stay on a turn; one target move per eligible player when an action card needs a target."""
        if self.finished or self.receiver is not None:
            return ()
        if self.pending:
            owner, card = self.pending[0]
            return tuple(Move("target", (card, p)) for p in self.targets_for(owner, card))
        return (HIT, STAY)

    def is_legal(self, move: Any) -> bool:
        """Direct rule check (the chance step accepts any card kind still in the deck)."""
        if self.finished:
            return False
        if self.receiver is not None:
            return _card_left(self.deck, move)
        return self._problem(move) is None

    def chance_outcomes(self) -> tuple[Any, ...]:
        """The next card: each kind left in the deck with probability count / cards left."""
        if self.receiver is None or self.finished:
            return ()
        total = sum(self.deck)
        return tuple((card, Fraction(c, total)) for card, c in zip(CARDS, self.deck) if c)

    def scores(self) -> tuple[Any, ...]:
        """Each player's game total."""
        return self.totals

    def round_scores(self) -> tuple[Any, ...]:
        """What each row is worth now in the current round."""
        return tuple(h.score() for h in self.hands)

    def winner(self) -> int | None:
        """The winner once the game is over (the single highest total), else None."""
        if not self.finished:
            return None
        best = max(self.totals[p] for p in self.contenders)
        return next(p for p in self.contenders if self.totals[p] == best)

    def targets_for(self, owner: int, card: str) -> tuple[int, ...]:
        """Who may receive an action card drawn by ``owner``: any active player (a Second Chance: an active
        player other than the owner who has none)."""
        active = [p for p in range(self.players) if self.hands[p].active]
        if card == SECOND_CHANCE:
            return tuple(p for p in active if p != owner and not self.hands[p].second_chance)
        return tuple(active)

    def why_illegal(self, move: Any) -> str:
        """The rule that forbids ``move`` here, in the game's words."""
        return self._problem(move) or f"{describe(move)} is legal here"

    def _problem(self, move) -> str | None:
        """The one check of a move: its type, its details and their ranges, then the rule (None: legal)."""
        if self.finished:
            return "the game is over: no more moves can be played"
        if self.receiver is not None:
            return _draw_problem(self.deck, move)
        is_target = type(move) is Move and move.name == "target"
        if self.pending:
            owner, card = self.pending[0]
            targets = self.targets_for(owner, card)
            names = ", ".join(f"player {p}" for p in targets)
            if not is_target:
                return f"player {owner} must first choose who gets the {card}: {names}"
            detail = move.detail
            if type(detail) is not tuple or len(detail) != 2:
                return (f"a target move is Move('target', (card, player)), for example "
                        f"Move('target', ({card!r}, {targets[0]}))")
            given, player = detail
            if type(given) is not str or given != card:
                return f"the card waiting for a target is the {card}, not {describe(given)}"
            if not is_whole(player) or not 0 <= player < self.players:
                return f"players are numbered 0 to {self.players - 1}, not {describe(player)}"
            if player in targets:
                return None
            if card == SECOND_CHANCE:
                return f"the Second Chance can only go to an active player without one: {names}"
            return f"{card} can only target a player still in the round: {names}"
        if is_target:
            return "there is no action card waiting for a target"
        if _is_plain(move, HIT) or _is_plain(move, STAY):
            return None
        return f"{describe(move)} is not a move in Flip 7: on your turn say hit or stay (HIT or STAY)"

    def view(self, player: int) -> Flip7State:
        """Everything in Flip 7 is face up, so every player sees the whole table."""
        return self

    def _apply(self, move) -> Flip7State:
        t = _Table(self)
        if self.receiver is not None:
            t.receive(self.receiver, move)
        elif self.pending:
            t.resolve_target(move.detail[1])
        elif move == HIT:
            t.turn_done = True
            if t.talk:
                t.log.append(f"player {self.turn} hits")
            t._ready_to_draw(self.turn)
        else:
            t.hands[self.turn] = t.hands[self.turn]._replace(status="stopped")
            t.turn_done = True
            if t.talk:
                t.log.append(f"player {self.turn} stays with {t.hands[self.turn].score()}")
        return t.settle()

    # --- display ------------------------------------------------------------------------------------------
    def __str__(self) -> str:
        rows = [f"P{p}: {' '.join(map(card_name, h.cards()))} [{h.status}] {h.score()} / total {self.totals[p]}"
                for p, h in enumerate(self.hands)]
        return f"round {self.round}, " + self.phase + "\n" + "\n".join(rows)

    def _repr_html_(self) -> str:
        return game_svg(self)

    def cards_seen(self) -> tuple[int, ...]:
        """Counts of the cards not in the deck (on the table or in the discards): what a card counter subtracts."""
        return tuple(full - left for full, left in zip(self.options.deck.counts, self.deck))


class _Table:
    """A mutable working copy of a state while one step is carried out (then frozen again)."""

    def __init__(self, s: Flip7State, talk: bool = True) -> None:
        self.s = s
        self.talk = talk  # write the move log (the fast game runner does not need it)
        self.hands = list(s.hands)
        self.totals = list(s.totals)
        self.deck, self.discard = list(s.deck), list(s.discard)
        self.dealer, self.round, self.turn, self.turn_done = s.dealer, s.round, s.turn, s.turn_done
        self.receiver: int | None = None
        self.deal_queue = list(s.deal_queue)
        # (target, cards still to take, deferred action cards): a list while it changes, a tuple when frozen
        self.flip3: list[Any] | None = list(s.flip3) if s.flip3 else None
        self.pending = list(s.pending)
        self.waiting = list(s.waiting)
        self.contenders = s.contenders
        self.previous: tuple[Hand, ...] = s.previous
        self.options = s.options
        self.finished = False
        self.round_over = False
        self.log: list[str] = []

    # --- cards arriving ---------------------------------------------------------------------------------
    def receive(self, p: int, card) -> None:
        self.deck[INDEX[card]] -= 1
        h = self.hands[p]
        flip3 = self.flip3
        in_flip3 = flip3 is not None and flip3[0] == p
        if flip3 is not None and in_flip3:
            flip3[1] -= 1
        if type(card) is int:  # (a card kind from CARDS: an int or a name)
            if card in h.numbers:
                if h.second_chance:
                    # the duplicate and the Second Chance are both discarded, and the player goes on
                    self.hands[p] = h._replace(second_chance=False)
                    self.discard[INDEX[card]] += 1
                    self.discard[INDEX[SECOND_CHANCE]] += 1
                    if self.talk:
                        self.log.append(f"player {p} draws a second {card}: the Second Chance saves them")
                else:
                    self.hands[p] = h._replace(numbers=h.numbers + (card,), status="busted")
                    if self.talk:
                        self.log.append(f"player {p} draws a second {card}: bust!")
            else:
                h = Hand(h.numbers + (card,), h.modifiers, h.second_chance, h.status, h.played)  # (hot path)
                if len(h.numbers) >= 7:
                    h = h._replace(status="flip7")
                    self.round_over = True
                    if self.talk:
                        self.log.append(f"player {p} draws {card}: FLIP 7! The round ends")
                else:
                    if self.talk:
                        self.log.append(f"player {p} draws {card}")
                self.hands[p] = h
        elif card in MODIFIERS:
            self.hands[p] = Hand(h.numbers, h.modifiers + (card,), h.second_chance, h.status, h.played)
            if self.talk:
                self.log.append(f"player {p} draws {card_name(card)}")
        elif flip3 is not None and in_flip3 and (card != SECOND_CHANCE
                                                 or self.options.second_chance_in_flip_three == "wait"):
            flip3[2] = tuple(flip3[2]) + (card,)   # Freeze / Flip Three wait until the three are done
            if self.talk:
                self.log.append(f"player {p} reveals {card} during Flip Three: it waits")
        elif card == SECOND_CHANCE and not h.second_chance:
            self.hands[p] = h._replace(second_chance=True)
            if self.talk:
                self.log.append(f"player {p} draws a Second Chance and keeps it")
        else:
            self.pending.append((p, card))
            if self.talk:
                self.log.append(f"player {p} draws {card}")

    def resolve_target(self, target: int) -> None:
        owner, card = self.pending.pop(0)
        self._give(owner, card, target)

    def _give(self, owner: int, card: str, target: int) -> None:
        h = self.hands[target]
        if card == SECOND_CHANCE:
            self.hands[target] = h._replace(second_chance=True)
            if self.talk:
                self.log.append(f"player {owner} gives the Second Chance to player {target}")
        elif card == FREEZE:
            self.hands[target] = h._replace(status="frozen", played=h.played + (card,))
            if self.talk:
                self.log.append(f"player {owner} freezes player {target}, who banks {h.score()}")
        else:
            self.hands[target] = h._replace(played=h.played + (card,))
            self.flip3 = [target, 3, ()]
            if self.talk:
                self.log.append(f"player {owner} makes player {target} flip three")

    # --- moving on until a choice or a draw is due --------------------------------------------------------
    def settle(self) -> Flip7State:
        self.advance()
        return self.freeze()

    def advance(self) -> None:
        """Carry out everything automatic until a draw is due, a player must choose, or the game is over."""
        while self.receiver is None:
            if self.round_over:
                self.end_round()
                if self.finished:
                    break
                continue
            if self.pending:
                owner, card = self.pending[0]
                targets = self._targets(owner, card)
                if len(targets) > 1:
                    break  # the owner chooses
                self.pending.pop(0)
                if targets:  # one possible target (alone, the drawer must take it himself)
                    self._give(owner, card, targets[0])
                else:
                    self.discard[INDEX[card]] += 1
                    if self.talk:
                        self.log.append(f"nobody can take the {card}: it is discarded")
                continue
            if self.flip3 is not None:
                target, left, deferred = self.flip3
                if left > 0 and self.hands[target].active:
                    if self._ready_to_draw(target):
                        break
                    continue
                self.flip3 = None
                status = self.hands[target].status
                if status == "active" or (status == "busted" and self.options.waiting_after_bust == "resolve"):
                    # resolved one at a time, in the order revealed, before the cards still waiting from an
                    # earlier Flip Three: each waiting card is resolved completely before the next is assigned
                    # (after a bust, by the kit's 'resolve' reading, the busted player gives them out)
                    self.waiting[0:0] = [(target, card) for card in deferred]
                else:
                    for card in deferred:
                        self.discard[INDEX[card]] += 1
                continue
            if self.waiting:  # the next waiting card is assigned only now, once the one before is done
                owner, card = self.waiting.pop(0)
                h = self.hands[owner]
                if card == SECOND_CHANCE and h.active and not h.second_chance:  # a Second Chance that waited
                    self.hands[owner] = h._replace(second_chance=True)
                    if self.talk:
                        self.log.append(f"player {owner} keeps the Second Chance that waited")
                else:
                    self.pending.append((owner, card))
                continue
            while self.deal_queue and not self.hands[self.deal_queue[0]].active:
                self.deal_queue.pop(0)
            if self.deal_queue:
                if self._ready_to_draw(self.deal_queue.pop(0)):
                    break
                continue
            hands = self.hands
            if self.turn_done or hands[self.turn].status != "active":
                n, turn = len(hands), self.turn
                for step in range(1, n + 1):  # the next active player round the table (the same one last)
                    following = (turn + step) % n
                    if hands[following].status == "active":
                        break
                else:  # everyone has stayed, busted or been frozen
                    self.round_over = True
                    continue
                self.turn, self.turn_done = following, False
            break

    def freeze(self) -> Flip7State:
        """The working copy as an immutable state."""
        s = self.s
        return Flip7State(
            players=s.players, totals=tuple(self.totals), hands=tuple(self.hands), deck=tuple(self.deck),
            discard=tuple(self.discard), dealer=self.dealer, round=self.round, turn=self.turn,
            turn_done=self.turn_done, receiver=self.receiver, deal_queue=tuple(self.deal_queue),
            flip3=(self.flip3[0], self.flip3[1], tuple(self.flip3[2])) if self.flip3 else None,
            pending=tuple(self.pending), waiting=tuple(self.waiting), contenders=self.contenders,
            finished=self.finished, options=self.options,
            last="; ".join(self.log), previous=self.previous)

    def _targets(self, owner: int, card: str) -> list[int]:
        active = [p for p in range(len(self.hands)) if self.hands[p].active]
        if card == SECOND_CHANCE:
            return [p for p in active if p != owner and not self.hands[p].second_chance]
        return active

    def _ready_to_draw(self, p: int) -> bool:
        """Make ``p`` the receiver of the next card; reshuffle the discards if the deck is empty. False (and the
        round ends) in the rare case that every card is on the table."""
        if not any(self.deck):
            if not any(self.discard):
                if self.talk:
                    self.log.append("no cards are left anywhere: the round ends")
                self.round_over = True
                return False
            self.deck, self.discard = self.discard, [0] * len(CARDS)
            if self.talk:
                self.log.append("the deck is empty: the discards are shuffled into a new deck")
        self.receiver = p
        return True

    def end_round(self) -> None:
        self.round_over = False
        for p in self.contenders:
            self.totals[p] += self.hands[p].score()
        for _, card in self.pending + self.waiting:
            self.discard[INDEX[card]] += 1
        if self.flip3:
            for card in self.flip3[2]:
                self.discard[INDEX[card]] += 1
        self.pending, self.waiting, self.flip3, self.deal_queue = [], [], None, []
        if self.talk:
            self.log.append("round " + str(self.round) + " ends: " +
                            ", ".join(f"player {p} +{self.hands[p].score()}" for p in self.contenders))
        best = max(self.totals[p] for p in self.contenders)
        tie_break = len(self.contenders) < len(self.hands)
        if best >= self.options.target or tie_break:
            leaders = tuple(p for p in self.contenders if self.totals[p] == best)
            if len(leaders) == 1:
                self.finished = True
                if self.talk:
                    self.log.append(f"player {leaders[0]} wins with {best}")
                return
            self.contenders = leaders
            if self.talk:
                self.log.append("a tie for the lead: one more round among players "
                                              + ", ".join(map(str, leaders)))
        self.start_round(self.dealer + 1, self.round + 1)

    def start_round(self, dealer: int, number: int) -> None:
        # the last round's cards are set aside (the final round's stay on the table once the game is over)
        if number > 1:
            self.previous = tuple(self.hands)
        discard = self.discard
        for h in self.hands:
            for value in h.numbers:
                discard[value] += 1  # a number is its own index in CARDS
            for card in h.modifiers:
                discard[INDEX[card]] += 1
            for card in h.played:
                discard[INDEX[card]] += 1
            discard[INDEX[SECOND_CHANCE]] += h.second_chance
        n = len(self.hands)
        self.dealer, self.round = dealer % n, number
        self.hands = [_EMPTY_ROW if p in self.contenders else _SITTING_OUT for p in range(n)]
        self.deal_queue = ([q % n for q in range(self.dealer + 1, self.dealer + n + 1) if q % n in self.contenders]
                           if self.options.opening_deal else [])
        self.turn, self.turn_done = self.dealer, True


def new_game(options: Flip7Options | None = None, *, rng: random.Random | None = None,
             players: int | None = None) -> Flip7State:
    """A new game for ``players`` (3 unless told): totals at 0, a fresh deck, the dealer about to deal one card to
    each player. ``options`` holds the target, the deck, the dealer and the kit's rulings; with ``rng`` the first
    dealer is drawn at random instead, as the published game starts."""
    if options is None:
        options = DEFAULT_OPTIONS
    elif isinstance(options, int) and not isinstance(options, bool):
        raise TypeError(f"new_game's first argument is its options, a Flip7Options: give the number of players as "
                        f"new_game(players={options})")
    instance(options, "options", Flip7Options, "Flip7Options(target=200, deck='full')")
    if players is None:
        players = 3
    whole(players, "the number of players", 1, 10)
    if rng is None:
        dealer = options.dealer
    else:
        rng_arg(rng)
        if options.dealer != DEFAULT_OPTIONS.dealer:
            raise ValueError("give the first dealer in the options or an rng to draw one, not both")
        dealer = rng.randrange(players)
    if dealer >= players:
        raise ValueError(f"the dealer must be one of the players 0..{players - 1}, not {dealer}")
    return _opening_table(players, dealer, options).freeze()


def _opening_table(players: int, dealer: int, options: Flip7Options = DEFAULT_OPTIONS, talk: bool = True) -> _Table:
    """The working table of a new game (arguments already checked), the first card about to be dealt: new_game
    freezes it, and the fast game runner plays on it directly."""
    blank = Flip7State(players=players, totals=(0,) * players, hands=(Hand(),) * players, deck=options.deck.counts,
                       contenders=tuple(range(players)), options=options, turn=dealer, dealer=dealer)
    t = _Table(blank, talk)
    t.start_round(dealer, 1)
    t.advance()
    return t


# ---------------------------------------------------------------------------------------------------------
# pictures

STATUS_WORDS = {"active": "in play", "stopped": "stayed", "frozen": "frozen", "busted": "BUST", "flip7": "FLIP 7!",
                "out": "sits out"}


def _card_fill(card: int | str) -> str:
    if isinstance(card, int):
        return "#fffdf5"
    if card in MODIFIERS:
        return "#fde0c5"
    return "#d4e6f7"


def counted(n: int, noun: str) -> str:
    """A count with its noun, singular for one: "1 card", "2 cards", "0 points"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def hand_svg(hand: Hand, *, label: str = "", total: int | None = None, highlight: bool = False) -> str:
    """One player's row of cards as SVG, with the round score and status."""
    cards = hand.cards()
    duplicate = hand.numbers[-1] if hand.status == "busted" and hand.numbers else None
    pieces = []
    for i, card in enumerate(cards):
        hot = duplicate is not None and card == duplicate and isinstance(card, int)
        text = {"Second Chance": "2nd", "Flip Three": "F3", "Freeze": "❄"}.get(card, card_name(card))
        pieces.append(svg_card(text, x=150 + i * 42, y=6, width=38, height=54, fill=_card_fill(card), highlight=hot))
    status = STATUS_WORDS.get(hand.status, hand.status)
    head = (f'<text x="6" y="24" font-size="14" font-family="sans-serif" font-weight="bold" '
            f'fill="{"#d7301f" if highlight else "#222222"}">{svg_text(label)}</text>'
            f'<text x="6" y="42" font-size="13" font-family="sans-serif" fill="#444444">{status}: '
            f'{counted(hand.score(), "point")}</text>')
    if total is not None:
        head += f'<text x="6" y="59" font-size="13" font-family="sans-serif" fill="#777777">total {total}</text>'
    width = 160 + max(7, len(cards)) * 42
    return svg_doc(width, 66, head + "".join(pieces), css_class="circus-svg circus-flip7-row", title=label)


def game_svg(state: Flip7State, *, names: Iterable[str] | None = None) -> str:
    """Every player's row, the player to act marked, and the deck and discard sizes."""
    names = list(names) if names else [f"Player {p}" for p in range(state.players)]
    rows = []
    for p, h in enumerate(state.hands):
        mark = "▶ " if state.current_player == p else ""
        rows.append(hand_svg(h, label=mark + names[p], total=state.totals[p], highlight=state.current_player == p))
    info = (f"<div style='font-family:sans-serif;font-size:13px'>Round {state.round} · deck "
            f"{counted(sum(state.deck), 'card')} · discards {sum(state.discard)}</div>")
    return info + "<br>".join(rows)


# ---------------------------------------------------------------------------------------------------------
# one player alone for one round: the model of the exact analysis, the move graph and the exercises

@dataclass(frozen=True)
class SoloRound(GameState):
    """One player alone for one round, on a deck of numbers (and perhaps modifiers), no action cards.

    ``deck`` holds the counts left in ``CARDS`` order. ``flip_at`` is how many different numbers make a Flip
    (7 in the game; smaller for the reduced decks of the move graph).
    """

    deck: tuple[int, ...] = DECK_COUNTS[:13] + (0,) * 9
    numbers: tuple[int, ...] = ()
    modifiers: tuple[str, ...] = ()
    drawing: bool = False
    stopped: bool = False
    busted: bool = False
    flip_at: int = 7

    @property
    def current_player(self) -> int:
        """The player, CHANCE while a card is drawn, TERMINAL once the round is over."""
        if self.is_over():
            return TERMINAL
        return CHANCE if self.drawing else 0

    def is_over(self) -> bool:
        """The round ends on a stay, a bust or a Flip."""
        return self.stopped or self.busted or len(self.numbers) >= self.flip_at

    def is_legal(self, move: Any) -> bool:
        """Direct rule check: a card kind left in the deck while drawing, else hit or stay."""
        if self.is_over():
            return False
        if self.drawing:
            return _card_left(self.deck, move)
        return _is_plain(move, STAY) or (_is_plain(move, HIT) and any(self.deck))

    def legal_moves(self) -> tuple[Any, ...]:
        """Hit or stay (only stay once the deck is empty)."""
        if self.is_over() or self.drawing:
            return ()
        return (HIT, STAY) if any(self.deck) else (STAY,)

    def chance_outcomes(self) -> tuple[Any, ...]:
        """The next card, each kind left with probability count / cards left."""
        if not self.drawing or self.is_over():
            return ()
        if type(self.deck) is tuple:  # (a round revisits the same few decks: their chances are worked out once)
            return _draw_chances(self.deck)
        return _draw_chances.__wrapped__(self.deck)

    def score(self) -> int:
        """The round score of this hand (0 after a bust)."""
        if self.busted:
            return 0
        total = sum(self.numbers) * (2 if TIMES_TWO in self.modifiers else 1)
        total += sum(int(m[1:]) for m in self.modifiers if m != TIMES_TWO)
        return total + (FLIP7_BONUS if len(self.numbers) >= self.flip_at else 0)

    def scores(self) -> tuple[Any, ...]:
        """The round score, as a one-player tuple."""
        return (self.score(),)

    def why_illegal(self, move: Any) -> str:
        """Explain a refused move."""
        if self.is_over():
            return "the round is over"
        if self.drawing:
            return _draw_problem(self.deck, move) or f"{describe(move)} is legal here"
        if _is_plain(move, HIT):
            return "the deck is empty: there is nothing left to draw, so stay"
        return f"{describe(move)} is not a move here: say hit or stay (HIT or STAY)"

    def _apply(self, move: Any) -> GameState:
        # GameState._replace, not dataclasses.replace: the new values come from the rules (nothing to re-check)
        if self.drawing:
            i = INDEX[move]
            deck = self.deck[:i] + (self.deck[i] - 1,) + self.deck[i + 1:]
            if type(move) is int:
                if move in self.numbers:
                    return self._replace(deck=deck, drawing=False, busted=True)
                return self._replace(deck=deck, drawing=False, numbers=tuple(sorted(self.numbers + (move,))))
            return self._replace(deck=deck, drawing=False, modifiers=tuple(sorted(self.modifiers + (move,))))
        return self._replace(drawing=True) if move == HIT else self._replace(stopped=True)

    def __str__(self) -> str:
        if self.busted:
            return "bust"
        hand = " ".join(map(card_name, self.numbers + self.modifiers)) or "–"
        if len(self.numbers) >= self.flip_at:
            return f"FLIP {hand}"
        return hand + (" ✓" if self.stopped else " ?" if self.drawing else "")

    def _repr_html_(self) -> str:
        return hand_svg(Hand(self.numbers, self.modifiers, status="busted" if self.busted else "active"),
                        label="solo round")


@lru_cache(maxsize=4096)
def _draw_chances(deck: tuple[int, ...]) -> tuple[Any, ...]:
    """Each card kind left in ``deck`` with its chance, count / cards left (an immutable tuple, safe to share)."""
    total = sum(deck)
    return tuple((card, Fraction(c, total)) for card, c in zip(CARDS, deck) if c)


def solo_round(deck: Any = "numbers", *, flip_at: int = 7) -> SoloRound:
    """A lone player's round on a fresh deck without action cards: 'numbers', 'numbers+modifiers', or a small deck
    {card: copies} (a reduced deck)."""
    deck = deck_of(deck)
    if deck.has_actions:
        raise ValueError(f"the solo round has no action cards: use deck='numbers', 'numbers+modifiers' or a small "
                         f"deck of numbers and modifiers, not {deck.name}")
    return SoloRound(deck=deck.counts, flip_at=whole(flip_at, "flip_at", 1, 13))


# ---------------------------------------------------------------------------------------------------------
# the game as a whole, for the kit's registry (circuslib.games())

def _random_start(rng: random.Random) -> Flip7State:
    """A seeded starting position, with the number of players, dealer, target, deck and rulings drawn too."""
    players = rng.choice([1, 2, 3, 3, 4, 5, 6])
    options = Flip7Options(target=rng.choice([30, 60, 100, 200]), dealer=rng.randrange(players),
                           deck=DECKS[rng.choice(["full", "full", "full", "numbers+modifiers"])],
                           opening_deal=rng.random() < 0.8, waiting_after_bust=rng.choice(WAITING_AFTER_BUST),
                           second_chance_in_flip_three=rng.choice(SECOND_CHANCE_IN_FLIP_THREE))
    return new_game(options, players=players)


def _card_count(s: Flip7State) -> int:
    return (sum(s.deck) + sum(s.discard) + sum(len(h.cards()) for h in s.hands) + len(s.pending) + len(s.waiting)
            + (len(s.flip3[2]) if s.flip3 else 0))


def _conserved(start: GameState, now: GameState) -> None:
    """Every card is still in the game, and no count goes below zero."""
    assert isinstance(start, Flip7State) and isinstance(now, Flip7State)
    if _card_count(now) != _card_count(start):
        raise InvariantBroken(f"Flip 7 holds {_card_count(now)} cards, it started with {_card_count(start)}")
    if min(now.deck) < 0 or min(now.discard) < 0 or min(now.totals) < 0:
        raise InvariantBroken("a negative count of cards or points")


GAME = Game("flip7", "Flip 7", Flip7Options, new_game, _random_start, _conserved, lambda s: 60_000,
            (HIT, STAY, Move("target", (FREEZE, 1)), 5, "x2", FREEZE))
"""Flip 7 for the kit's registry."""

__getattr__ = renamed(globals(), {"Flip7Game": "Flip7State"})
