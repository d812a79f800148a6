"""The key to Scout's value exercises (solutions/scout.ipynb) and the lesson's try-its: each answer as a function of
the choices a student makes (the deck for the number of players, the hand, orientation, order, the event), the
neighbouring choices a student really makes, and the hand-written catalogue of wrong answers.

Teacher's side only: ``python -m circuslib ship`` compiles it into salted digests (circuslib/scout/data/tutor.json).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache, partial
from itertools import combinations, permutations, product
from math import comb
from typing import Any

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Model, Variant
from circuslib.scout.odds import mini_deck
from circuslib.scout.rules import HAND_SIZE, deck_for

__all__ = ["MODELS", "PICKED"]


def _choice(choice: object) -> str:
    """A choice as the check names its key: "3" for three players, "7,8" for the tops 7 and 8."""
    return ",".join(map(str, choice)) if isinstance(choice, tuple) else str(choice)

PLAYERS = (2, 3, 4, 5)


def _carrying(deck: Iterable[tuple[int, int]], number: int) -> int:
    return sum(1 for card in deck if number in card)


# ---------------------------------------------------------------------------------------------------------
# 1. cards that can show a 4 or a 7 (3 players)

def cards_with(players: int = 3, numbers: tuple[int, int] = (4, 7), event: str = "or", both_taken_away: int = 1,
               ways_up: int = 1) -> int:
    """Cards of the deck for this many players that carry one number or the other, by inclusion–exclusion:
    |A| + |B| - (times the card with both is taken away) x |A and B|; each counted once per way up."""
    deck = deck_for(players)
    a, b = (_carrying(deck, n) for n in numbers)
    both = sum(1 for card in deck if set(numbers) <= set(card))
    count = {"or": a + b - both_taken_away * both, "and": both, "exactly one": a + b - 2 * both,
             "neither": len(deck) - (a + b - both)}[event]
    return ways_up * count


FOUR_OR_SEVEN = Model(
    answer=cards_with,
    variants=[
        Variant({"both_taken_away": 0}, "the 4/7 card carries both numbers: you counted it twice"),
        Variant({"both_taken_away": 2}, "the 4/7 card was counted twice: take it away once, not twice"),
        Variant({"event": "exactly one"}, "that counts the cards with a 4 or a 7 but not both; the 4/7 card carries "
                                          "a 4 too"),
        Variant({"players": 4}, "with 3 players the nine cards with a 10 are out, and so are the 4/10 and 7/10 "
                                "cards"),
        Variant({"players": 4, "both_taken_away": 0}, "the 4/7 card is counted twice, and with 3 players the cards "
                                                      "with a 10 are out"),
        Variant({"ways_up": 2}, "a card is one card whichever end is up: do not count its two ways up"),
        Variant({"event": "and"}, "that counts the cards carrying both a 4 and a 7; the question asks for a 4 or a "
                                  "7"),
        Variant({"event": "neither"}, "that counts the cards with neither a 4 nor a 7, the complement of the cards "
                                      "asked for"),
    ],
    mistakes=[
        Mistake(8 + 8, "the 4/7 card carries both numbers: you counted it twice"),
        Mistake(9 + 9 - 1, "with 3 players the nine cards with a 10 are out, and so are the 4/10 and 7/10 cards"),
        Mistake(9 + 9, "the 4/7 card is counted twice, and with 3 players the cards with a 10 are out"),
        Mistake(8 + 8 - 2, "the 4/7 card was counted twice: take it away once, not twice"),
        Mistake(2 * (8 + 8 - 1), "a card is one card whichever end is up: do not count its two ways up"),
        Mistake(15.0, "a count is a whole number"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 2. fives facing up in a 3-player hand: linearity of expectation

def fives_up(players: int = 3, hand: int = 12, number: int = 5, carrying: int | None = None,
             ways_up: Fraction = Fraction(1, 2)) -> Fraction:
    """The expected number of cards of a hand showing the number: each place shows it with chance (cards carrying
    it / cards in the deck) x (chance that end is up), added over the places of the hand."""
    deck = deck_for(players)
    carrying = _carrying(deck, number) if carrying is None else carrying
    return hand * Fraction(carrying, len(deck)) * ways_up


FIVES_FACING_UP = Model(
    answer=fives_up,
    variants=[
        Variant({"ways_up": 1}, "a card carrying a 5 is dealt either way up: it shows the 5 only half the time "
                                "(you forgot the orientation)"),
        Variant({"hand": 1}, "that is the chance for one card: the expected number adds it up over every card of "
                             "the hand"),
        Variant({"hand": 1, "ways_up": 1}, "that is the chance that one card carries a 5; the hand has 12 cards, and "
                                           "each is dealt either way up"),
        Variant({"players": 5}, "with 3 players the deck has 36 cards (the nine cards with a 10 are out), and "
                                "eight of them carry a 5"),
        Variant({"players": 4}, "that is for the 44-card deck of 2 or 4 players; with 3 players every card with a "
                                "10 is out"),
        Variant({"carrying": 9}, "with 3 players the 5/10 card is out: a 5 pairs with 1 to 9 but itself, so eight "
                                 "cards carry a 5"),
        Variant({"hand": 11}, "with 3 players a hand has 12 cards; 11 is the hand of 4 players"),
    ],
    mistakes=[
        Mistake(Fraction(12 * 8, 36), "a card carrying a 5 is dealt either way up: it shows the 5 only half the "
                                      "time (you forgot the orientation)"),
        Mistake(Fraction(1, 9), "that is the chance for one card: the expected number adds it up over every card "
                                "of the hand"),
        Mistake(Fraction(8, 36), "that is the chance that one card carries a 5; the hand has 12 cards, and each is "
                                 "dealt either way up"),
        Mistake(Fraction(12 * 9, 90), "with 3 players the deck has 36 cards (the nine cards with a 10 are out), "
                                      "and eight of them carry a 5"),
        Mistake(1.3333, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 3. at least three cards carrying a 10 in a 4-player hand: the hypergeometric law

def tens_in_hand(players: int = 4, at_least: int = 3, event: str = "at least", carrying: int | None = None,
                 replacement: bool = False, hand: int | None = None) -> Fraction:
    """P(the hand holds at least / exactly / at most ``at_least`` cards carrying a 10), the hand a choice of
    HAND_SIZE[players] cards of the deck for that many players (or, with replacement, independent draws)."""
    deck, hand = deck_for(players), hand or HAND_SIZE[players]
    big_n = len(deck)
    k = _carrying(deck, 10) if carrying is None else carrying

    def exactly(j: int) -> Fraction:
        if replacement:
            p = Fraction(k, big_n)
            return comb(hand, j) * p ** j * (1 - p) ** (hand - j)
        return Fraction(comb(k, j) * comb(big_n - k, hand - j), comb(big_n, hand))

    wanted = {"at least": range(at_least, hand + 1), "exactly": [at_least], "at most": range(at_least + 1)}[event]
    return sum((exactly(j) for j in wanted), Fraction(0))


THREE_TENS = Model(
    answer=tens_in_hand,
    variants=[
        Variant({"event": "exactly"}, "that is the chance of exactly three; at least three also counts four, five, "
                                      "… cards with a 10"),
        Variant({"at_least": 4}, "off by one: at least three includes exactly three"),
        Variant({"event": "at most"}, "that is the chance of at most three; the question asks for at least three"),
        Variant({"carrying": 9}, "with 4 players the 9/10 card is out, so only eight cards carry a 10"),
        Variant({"replacement": True}, "that is the binomial law, drawing with replacement; a card dealt cannot be "
                                       "dealt again (hypergeometric law)"),
        Variant({"players": 5}, "that is for the 5-player deal (45 cards, 9 each); with 4 players the deck has 44 "
                                "cards and a hand 11"),
        Variant({"players": 5, "hand": 11}, "that is for the 45-card deck of 5 players; with 4 players the 9/10 card "
                                            "is out and the deck has 44 cards"),
    ],
    mistakes=[
        Mistake(tens_in_hand(event="exactly"), "that is the chance of exactly three; at least three also counts "
                                               "four, five, … cards with a 10"),
        Mistake(tens_in_hand(at_least=4), "off by one: at least three includes exactly three"),
        Mistake(1 - tens_in_hand(), "that is the chance of at most two: the complement of what is asked"),
        Mistake(tens_in_hand(carrying=9), "with 4 players the 9/10 card is out, so only eight cards carry a 10"),
        Mistake(tens_in_hand(replacement=True), "that is the binomial law, drawing with replacement; a card dealt "
                                                "cannot be dealt again (hypergeometric law)"),
        Mistake(tens_in_hand() * comb(44, 11), "that counts hands: divide by the number of hands (which 11 cards "
                                               "of the 44)"),
        Mistake(0.3128, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 4. a set of three in a 3-card hand dealt from small_deck(6)

def _step(values: Sequence[int]) -> int | None:
    """0 for a match, +1 for a run going up, -1 for a run going down, None for no set."""
    steps = {b - a for a, b in zip(values, values[1:])}
    return steps.pop() if len(steps) == 1 and steps <= {-1, 0, 1} else None


@cache
def _kinds(top: int, oriented: bool, replacement: bool, ordered: bool) -> tuple[Counter[int | None], int]:
    """How many listed hands are a match (0), a run up (1), a run down (-1) or no set (None), and how many hands."""
    deck = mini_deck(top)
    if replacement:
        orders: Iterable[tuple[tuple[int, int], ...]] = product(deck, repeat=3)
    else:
        orders = permutations(deck, 3) if ordered else combinations(deck, 3)
    kinds: Counter[int | None] = Counter()
    for order in orders:
        faces = product(*order) if oriented else [tuple(card[0] for card in order)]
        kinds.update(_step(values) for values in faces)
    return kinds, sum(kinds.values())


def set_of_three(top: int = 6, kinds: tuple[int, ...] = (0, 1, -1), oriented: bool = True,
                 replacement: bool = False, ordered: bool = True, share: bool = True) -> Fraction | int:
    """P(three cards dealt from small_deck(top), in order, each either way up, show a set of these kinds), by
    listing every equally likely dealt hand; ``share=False``: the number of such hands."""
    counts, total = _kinds(top, oriented, replacement, ordered)
    hits = sum(counts[k] for k in kinds)
    return Fraction(hits, total) if share else hits


SET_OF_THREE = Model(
    answer=set_of_three,
    variants=[
        Variant({"oriented": False}, "each card can be dealt either way up: list both orientations of every card "
                                     "(you forgot the orientations)"),
        Variant({"kinds": (0, 1)}, "you forgot runs going down: 5 4 3 is a run too"),
        Variant({"kinds": (1, -1)}, "a match (three equal numbers) is a set too"),
        Variant({"kinds": (0,)}, "runs are sets too, going up or going down"),
        Variant({"replacement": True}, "a card cannot be dealt twice: the three cards are different"),
        Variant({"ordered": False}, "the cards are dealt in a random order and never reordered: list the orders "
                                    "with permutations, not combinations, which keep only one order of each three"),
        Variant({"share": False}, "that is a number of hands: divide by the number of dealt hands"),
        Variant({"top": 5}, "that is for small_deck(5); the hand is dealt from small_deck(6)"),
    ],
    mistakes=[
        Mistake(set_of_three(oriented=False), "each card can be dealt either way up: list both orientations of "
                                              "every card (you forgot the orientations)"),
        Mistake(set_of_three(kinds=(0, 1)), "you forgot runs going down: 5 4 3 is a run too"),
        Mistake(set_of_three(kinds=(1, -1)), "a match (three equal numbers) is a set too"),
        Mistake(set_of_three(kinds=(0,)), "runs are sets too, going up or going down"),
        Mistake(set_of_three(replacement=True), "a card cannot be dealt twice: the three cards are different"),
        Mistake(set_of_three(share=False), "that is a number of hands: divide by the number of dealt hands"),
        Mistake(0.0568, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-its: the student picks the number of players, and the answer is the one for that choice.
# PICKED[name][players] is the model for that choice; its variants are those whose value differs from the truth
# for that many players (with 5 players no card is out, so "only the 9/10 card out" is no mistake there, say).

def cards_in_play(players: int = 3, out: str = "rule", ordered: bool = False) -> int:
    """The cards used with this many players: the 45 pairs of different numbers 1..10, less those the rule takes
    out (the ruling: 3 players, every card with a 10; 2 or 4 players, the 9/10 card; 5 players, none)."""
    cards = [(a, b) for a, b in combinations(range(1, 11), 2)]
    if out == "rule":
        count = len(deck_for(players))
    elif out == "none":
        count = len(cards)
    elif out == "the 9/10 card":
        count = len(cards) - 1
    elif out == "every card with a 10":
        count = sum(1 for card in cards if 10 not in card)
    elif out == "two cards":  # the rule's one card taken out twice, or a second card with it
        count = len(cards) - 2
    else:  # "ten cards with a 10": as if a 10 paired with ten numbers
        count = len(cards) - 10
    return 2 * count if ordered else count


def _cards_variants(players: int) -> list[Variant]:
    return [
        Variant({"out": "none"}, f"that is the whole deck: with {players} players some cards are taken out"),
        Variant({"out": "the 9/10 card"}, f"with {players} players every card that carries a 10 goes, not only the "
                                          "9/10 card"),
        Variant({"out": "every card with a 10"},
                f"with {players} players only the 9/10 card is taken out" if players != 5 else
                "with 5 players all the cards are used"),
        Variant({"out": "ten cards with a 10"}, "a 10 pairs with each of 1 to 9: nine cards carry a 10, not ten"),
        Variant({"out": "two cards"}, {3: "with 3 players every card that carries a 10 goes: nine cards, not two",
                                       5: "with 5 players all the cards are used"}.get(
            players, f"with {players} players only one card is taken out, the 9/10 card")),
        Variant({"ordered": True}, "a card is an unordered pair: 3/7 and 7/3 are the same card"),
    ]


def hands_dealt(players: int = 3, ordered: bool = True, oriented: bool = True, replacement: bool = False,
                deck_players: int | None = None, halved: bool = False) -> int:
    """The hands a deal can give: an ordered choice of HAND_SIZE[players] different cards of the deck, each either
    way up (N (N-1) ... (N-h+1) x 2^h)."""
    n, h = len(deck_for(deck_players or players)), HAND_SIZE[players]
    count = n ** h if replacement else (math.perm(n, h) if ordered else comb(n, h))
    count *= 2 ** h if oriented else 1
    return count // 2 if halved else count


def _hands_variants(players: int) -> list[Variant]:
    return [
        Variant({"ordered": False}, "a Scout hand cannot be reordered, so the order of the cards counts"),
        Variant({"oriented": False}, "each card can also be held either way up: a factor 2 for every card"),
        Variant({"ordered": False, "oriented": False}, "the order counts, and each card can be either way up"),
        Variant({"replacement": True}, "a card cannot be dealt twice: the choices shrink by one card each time"),
        Variant({"halved": True}, "that counts a hand and its turned-round version once; count them both"),
        Variant({"deck_players": 5}, f"with {players} players the deck has {len(deck_for(players))} cards, not 45"),
        Variant({"deck_players": 4}, f"with {players} players the deck has {len(deck_for(players))} cards, not 44"),
        Variant({"deck_players": 3}, f"with {players} players the deck has {len(deck_for(players))} cards, not 36"),
    ]


def pair_match(players: int = 3, kind: str = "match", orientations: int = 4, replacement: bool = False,
               deck_players: int | None = None, ordered_matches: bool = True) -> Fraction:
    """P(two given adjacent places of a dealt hand show a match): an ordered pair of different cards carrying the
    same number v, each turned with v up, over all ordered pairs, each either way up (``kind="run"``: v and v+1,
    going up or down, from two different cards; ``"set"``: either)."""
    deck = deck_for(deck_players or players)
    n = len(deck)
    c = Counter(v for card in deck for v in card)
    same = 0 if replacement else 1  # without replacement the second card is another card
    matches = sum(k * (k - same) for k in c.values()) // (1 if ordered_matches else 2)
    runs = 2 * sum(c[v] * c[v + 1] - same * ((v, v + 1) in deck) for v in range(1, 10))
    pairs = n * (n - same) * orientations
    return Fraction({"match": matches, "run": runs, "set": matches + runs}[kind], pairs)


def _pair_variants(players: int) -> list[Variant]:
    n = len(deck_for(players))
    return [
        Variant({"orientations": 1}, "each of the two cards is dealt either way up, 4 ways for the pair: you "
                                     "forgot the orientations"),
        Variant({"orientations": 2}, "both cards have an orientation: 2 × 2 ways, not 2"),
        Variant({"replacement": True}, "the second card cannot be the first card again"),
        Variant({"deck_players": 5}, f"with {players} players the deck has {n} cards, not 45"),
        Variant({"deck_players": 4}, f"that is the lesson's chance for 4 players; with {players} players the deck has "
                                     f"{n} cards"),
        Variant({"deck_players": 3}, f"that is for the 3-player deck of 36 cards; with {players} players the deck has "
                                     f"{n} cards"),
        Variant({"kind": "set"}, "that counts runs too; a match is two equal numbers facing up"),
        Variant({"kind": "run"}, "that is the chance of a run; a match is two equal numbers facing up"),
        Variant({"ordered_matches": False}, "the pairs of cards are counted in order, so count the matching pairs in "
                                            "order too: each matching pair is dealt two ways"),
    ]


def _for_each_choice(answer: Any, variants: Any, mistakes: Sequence[Mistake]) -> dict[int, Model]:
    """One model per number of players, keeping only the variants (and catalogued mistakes) that are mistakes
    for that many players."""
    models = {}
    for players in PLAYERS:
        truth = answer(players=players)
        kept = [v for v in variants(players) if answer(players=players, **v.changes) != truth]
        mine = [Mistake(m.answer[1], m.hint) for m in mistakes if m.answer[0] == players]
        models[players] = Model(answer=partial(answer, players=players), variants=kept,
                                mistakes=mine)
    return models


def _chosen(answer: Any, variants: Any, chosen: Sequence[tuple[int, int]]) -> list[Mistake]:
    """The try-it's catalogue: (players, the value of one neighbouring choice), with that choice's hint."""
    found = []
    for players, i in chosen:
        variant = variants(players)[i]
        found.append(Mistake((players, answer(players=players, **variant.changes)), variant.hint))
    return found


CARDS_MISTAKES = _chosen(cards_in_play, _cards_variants, [(3, 0), (3, 1), (4, 2), (3, 3), (4, 4), (5, 2)])
HANDS_MISTAKES = _chosen(hands_dealt, _hands_variants, [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4), (4, 5)])
PAIR_MISTAKES = _chosen(pair_match, _pair_variants, [(5, 0), (3, 1), (5, 2), (3, 3)])

PICKED: dict[str, dict[int, Model]] = {
    "try_cards_in_play": _for_each_choice(cards_in_play, _cards_variants, CARDS_MISTAKES),
    "try_hands": _for_each_choice(hands_dealt, _hands_variants, HANDS_MISTAKES),
    "try_pair_match": _for_each_choice(pair_match, _pair_variants, PAIR_MISTAKES),
}
"""The try-its whose answer depends on the number of players the student picks: a model for each choice."""

MODELS: dict[str, Model] = {
    "four_or_seven": FOUR_OR_SEVEN,
    "fives_facing_up": FIVES_FACING_UP,
    "three_tens": THREE_TENS,
    "set_of_three": SET_OF_THREE,
    **{f"{name}@{_choice(choice)}": model for name, models in PICKED.items() for choice, model in models.items()},
}
