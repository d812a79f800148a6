"""The key to Flip Circus's value exercises (solutions/flip_circus.ipynb) and the lesson's try-its: each answer as a
function of the choices a student makes (what is dealt and in which order, with or without replacement, the event,
which backs were seen, which symmetries, the base of a logarithm), the neighbouring choices a student really makes,
and the hand-written catalogue of wrong answers.

Teacher's side only: ``python -m circuslib ship`` compiles it into salted digests
(circuslib/flip_circus/data/tutor.json).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import permutations, product

import sympy

from circuslib.core.teach import Mistake
from circuslib.core.tutor import Model, Variant
from circuslib.flip_circus.checks import DEALT_RING, LESSON_SETUP, MIDGAME_RING, PATTERN
from circuslib.flip_circus.odds import hidden_worlds
from circuslib.flip_circus.rules import ACROBATE, ARTISTS, CLOWN, DRESSEUSE, MAGICIEN, SIZE, VOYANTE, from_faces

__all__ = ["MODELS"]

C, A, M, V, D = CLOWN, ACROBATE, MAGICIEN, VOYANTE, DRESSEUSE
FIVE_ARTISTS = tuple(a for a in ARTISTS if a != CLOWN)


# ---------------------------------------------------------------------------------------------------------
# 1. how many set-ups

def setups(clown_orders: bool = True, other_orders: bool = True, other_faces: bool = True,
           clown_faces: bool = False, turns: bool = False, first_player: bool = False,
           anywhere: bool = False) -> int:
    """The rings the set-up can deal: the five Clown tokens at the even places in any order, Clown up; the five
    others at the odd places in any order, each on either face (the multiplication principle)."""
    if anywhere:  # every token anywhere, either way up
        return math.factorial(10) * 2 ** 10
    count = (math.factorial(5) if clown_orders else 1) * (math.factorial(5) if other_orders else 1)
    count *= (2 ** 5 if other_faces else 1) * (2 ** 5 if clown_faces else 1) * (2 if first_player else 1)
    return count // 5 if turns else count  # turning by two places keeps Clowns at the even places: 5 turns


SETUPS = Model(
    answer=setups,
    success="5! orders of the Clown tokens x 5! orders of the others x 2^5 faces",
    variants=[
        Variant({"anywhere": True}, "the Clown tokens do not go anywhere, either way up: they lie at the even "
                                    "places, Clown up"),
        Variant({"other_faces": False}, "you forgot which face of each of the five other tokens is up: each lies "
                                        "either way"),
        Variant({"clown_orders": False}, "the order of the five Clown tokens round the ring is dealt too"),
        Variant({"clown_faces": True}, "the Clown tokens all lie Clown up: only the five other tokens lie either "
                                       "way"),
        Variant({"turns": True}, "the places are numbered 0 to 9, so a turned ring is a different set-up: do not "
                                 "divide by the turns"),
        Variant({"first_player": True}, "who plays first is not part of the ring: count only where the tokens lie "
                                        "and which face is up"),
    ],
    mistakes=[
        Mistake(math.factorial(10) * 2 ** 10, "the Clown tokens do not go anywhere, either way up: they lie at the "
                                              "even places, Clown up"),
        Mistake(math.factorial(5) ** 2, "you forgot which face of each of the five other tokens is up: each lies "
                                        "either way"),
        Mistake(math.factorial(5) * 2 ** 5, "the order of the five Clown tokens round the ring is dealt too"),
        Mistake(math.factorial(5) ** 2 * 2 ** 5 // 5, "the places are numbered 0 to 9, so a turned ring is a "
                                                      "different set-up: do not divide by the turns"),
        Mistake(math.factorial(5) ** 2 * 2 ** 6, "who plays first is not part of the ring: count only where the "
                                                 "tokens lie and which face is up"),
        Mistake(460800.0, "a count is a whole number"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# the Clowns' backs, dealt: behind the five Clowns at the even places, the five artists in a random order

CLOWN_PLACES = (0, 2, 4, 6, 8)


def _clown_deals(artists: int = 5, replacement: bool = False) -> Iterable[dict[int, str]]:
    """Every equally likely way to lay artists behind the five Clowns: the five artists in some order (or, wrongly,
    drawn with replacement, or from six faces, the Clown among them)."""
    pool = FIVE_ARTISTS if artists == 5 else ARTISTS
    backs = product(pool, repeat=5) if replacement else permutations(pool, 5)
    return [dict(zip(CLOWN_PLACES, deal)) for deal in backs]


def _share(deals: Sequence[dict[int, str]], event: object) -> Fraction:
    return Fraction(sum(1 for deal in deals if event(deal)), len(deals))  # type: ignore[operator]


# 2. two Clowns' backs at DEALT

def two_clowns(target: tuple[tuple[int, str], ...] = ((2, A), (6, V)), artists: int = 5,
               replacement: bool = False, event: str = "and", combine: str = "count",
               either_way: bool = False) -> Fraction:
    """P(an Acrobate behind the Clown at 2 and a Voyante behind the Clown at 6) at DEALT: the deals in which both
    hold, over every deal (nobody has looked)."""
    deals = list(_clown_deals(artists, replacement))
    if combine == "add":  # the chances of the two backs added
        return sum((_share(deals, lambda d, p=p, a=a: d[p] == a) for p, a in target), Fraction(0))

    def holds(deal: dict[int, str], wanted: Sequence[tuple[int, str]]) -> bool:
        hits = [deal[p] == a for p, a in wanted]
        return all(hits) if event == "and" else any(hits)

    swapped = tuple((p, a) for (p, _), (_, a) in zip(target, target[::-1]))
    return _share(deals, lambda d: holds(d, target) or (either_way and holds(d, swapped)))


TWO_CLOWNS = Model(
    answer=two_clowns,
    success="1/5 for the first back, then 1/4 for the second given the first",
    variants=[
        Variant({"replacement": True}, "the two Clowns cannot hide the same artist: once the first back is an "
                                       "Acrobate, four artists are left for the second (without replacement)"),
        Variant({"artists": 6}, "a Clown token never has a Clown on its back: five artists can be behind a Clown, "
                                "not six"),
        Variant({"combine": "add"}, "you added the two chances; both must happen, so multiply: the first, then the "
                                    "second given the first"),
        Variant({"event": "or"}, "that is the chance of an Acrobate at 2 or a Voyante at 6; both must happen"),
        Variant({"either_way": True}, "the Acrobate must be behind the Clown at 2 and the Voyante behind the one at "
                                      "6, not either way round"),
        Variant({"target": ((2, A),)}, "that is the chance for the Clown at 2 alone; the Clown at 6 must hide a "
                                       "Voyante too"),
    ],
    mistakes=[
        Mistake(Fraction(1, 25), "the two Clowns cannot hide the same artist: once the first back is an Acrobate, "
                                 "four artists are left for the second (without replacement)"),
        Mistake(Fraction(1, 30), "a Clown token never has a Clown on its back: five artists can be behind a Clown, "
                                 "not six"),
        Mistake(Fraction(2, 5), "you added the two chances; both must happen, so multiply: the first, then the "
                                "second given the first"),
        Mistake(Fraction(1, 10), "the Acrobate must be behind the Clown at 2 and the Voyante behind the one at 6, "
                                 "not either way round"),
        Mistake(0.05, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 3. face patterns by Burnside's lemma

KINDS = ("identity", "half turn", "other turns", "mirrors through places", "mirrors between places")


def _symmetries(n: int = SIZE) -> list[tuple[str, tuple[int, ...]]]:
    """The 2n symmetries of a ring of n places, each with its kind and as the place each place goes to."""
    found = []
    for k in range(n):
        kind = "identity" if k == 0 else ("half turn" if 2 * k == n else "other turns")
        found.append((kind, tuple((i + k) % n for i in range(n))))
    for k in range(n):  # the mirror i -> k - i: through two places when k is even (n even), between places if odd
        kind = "mirrors through places" if k % 2 == 0 else "mirrors between places"
        found.append((kind, tuple((k - i) % n for i in range(n))))
    return found


def _cycles(image: tuple[int, ...]) -> list[int]:
    seen, lengths = set(), []
    for start in range(len(image)):
        length, place = 0, start
        while place not in seen:
            seen.add(place)
            place, length = image[place], length + 1
        if length:
            lengths.append(length)
    return lengths


@cache
def _fixed(lengths: tuple[int, ...], counts: tuple[int, ...]) -> int:
    """Rows of labels with these counts that a symmetry with these cycle lengths leaves unchanged: each cycle shows
    one label, and the labels' counts add up."""
    if not lengths:
        return int(not any(counts))
    first, rest = lengths[0], lengths[1:]
    return sum(_fixed(rest, counts[:i] + (c - first,) + counts[i + 1:])
               for i, c in enumerate(counts) if c >= first)


def burnside(labels: Sequence[str] = tuple(PATTERN), kinds: tuple[str, ...] = KINDS,
             divide: int | None = None) -> int | Fraction:
    """Patterns of the labels round the ring up to the symmetries of these kinds: the average, over the
    symmetries, of the rows each leaves unchanged (``divide``: the number a student divided the sum by)."""
    counts = tuple(Counter(labels).values())
    chosen = [image for kind, image in _symmetries(len(labels)) if kind in kinds]
    total = sum(_fixed(tuple(_cycles(image)), counts) for image in chosen)
    result = Fraction(total, divide or len(chosen))
    return int(result) if result.denominator == 1 else result


TURNS = ("identity", "half turn", "other turns")
MIRRORS_LEFT_OUT = ("some mirrors were left out: five go through two opposite places and five between places, and "
                    "both kinds fix patterns")

PATTERNS_BY_BURNSIDE = Model(
    answer=burnside,
    success="the average number of patterns the 20 symmetries fix",
    variants=[
        Variant({"kinds": ("identity",), "divide": 1}, "that counts rows: a pattern, its turns and its mirror "
                                                       "images are one ring"),
        Variant({"kinds": TURNS}, "that is up to turning only: a pattern and its mirror image count once too"),
        Variant({"kinds": ("identity",), "divide": 20}, "dividing the rows by the 20 symmetries forgets the "
                                                        "patterns a symmetry leaves unchanged: Burnside averages "
                                                        "the numbers of fixed patterns"),
        Variant({"kinds": TURNS, "divide": 20}, "the mirrors leave patterns unchanged too: add what each of the ten "
                                                "mirrors fixes"),
        Variant({"kinds": ("identity", "other turns", "mirrors through places", "mirrors between places"),
                 "divide": 20}, "the half turn leaves patterns unchanged too (each place paired with the one "
                                "opposite)"),
        Variant({"kinds": TURNS + ("mirrors between places",), "divide": 20}, MIRRORS_LEFT_OUT),
        Variant({"kinds": TURNS + ("mirrors through places",), "divide": 20}, MIRRORS_LEFT_OUT),
        Variant({"divide": 10}, "there are 20 symmetries, 10 turns and 10 mirrors: average over all 20"),
    ],
    mistakes=[
        Mistake(18900, "that counts rows: a pattern, its turns and its mirror images are one ring"),
        Mistake(1896, "that is up to turning only: a pattern and its mirror image count once too"),
        Mistake(945, "dividing the rows by the 20 symmetries forgets the patterns a symmetry leaves unchanged: "
                     "Burnside averages the numbers of fixed patterns"),
        Mistake(948, "the mirrors leave patterns unchanged too: add what each of the ten mirrors fixes"),
        Mistake(975, "the half turn leaves patterns unchanged too (each place paired with the one opposite)"),
        Mistake(963, MIRRORS_LEFT_OUT),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 5. what the Voyante tells you (MIDGAME, her look at the backs at 2 and 4)

def after_a_look(ring: Sequence[tuple[str, str]] = tuple(MIDGAME_RING), seen: tuple[int, ...] = (2, 4),
                 place: int = 1, artist: str = D, weighting: str = "deals") -> Fraction:
    """P(this artist is behind this place | the backs player 0 has seen): the deals that fit what player 0 has
    seen and have the artist there, over the deals that fit (``weighting="artists"``: the artists still possible
    there taken as equally likely)."""
    worlds = hidden_worlds(from_faces(list(ring), known={0: list(seen)}), 0)
    if weighting == "artists":
        possible = {world[place] for world in worlds}
        return Fraction(int(artist in possible), len(possible))
    return Fraction(sum(n for world, n in worlds.items() if world[place] == artist), sum(worlds.values()))


AFTER_THE_VOYANTE = Model(
    answer=after_a_look,
    success="the deals that fit what the Voyante showed, counted",
    variants=[
        Variant({"seen": ()}, "that is the chance before the Voyante looked: keep only the deals that show the two "
                              "backs she revealed"),
        Variant({"seen": (2,)}, "you used only one of the two backs the Voyante showed (the one at 2)"),
        Variant({"seen": (4,)}, "you used only one of the two backs the Voyante showed (the one at 4)"),
        Variant({"weighting": "artists"}, "the artists still possible behind the Clown at 1 are not equally likely: "
                                          "count the deals that fit"),
    ],
    mistakes=[
        Mistake(Fraction(7, 30), "that is the chance before the Voyante looked: keep only the deals that show the "
                                 "two backs she revealed"),
        Mistake(Fraction(4, 15), "you used only one of the two backs the Voyante showed (the one at 2)"),
        Mistake(Fraction(2, 7), "you used only one of the two backs the Voyante showed (the one at 4)"),
        Mistake(Fraction(1, 3), "the artists still possible behind the Clown at 1 are not equally likely: count the "
                                "deals that fit"),
        Mistake(0, "the back is fixed but hidden from player 0: the chance is over every deal player 0 cannot rule "
                   "out, not read from the true deal"),
        Mistake(0.375, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# 6. what a free look is worth at DEALT (one action left, no Clowns' reward)

def _flip_wins(ring: Sequence[tuple[str, str]]) -> dict[int, str]:
    """The Clowns whose flip takes a poster, with the artist it needs: three neighbours then show one artist."""
    faces = [visible for visible, _ in ring]
    wins = {}
    for place in CLOWN_PLACES:
        for artist in FIVE_ARTISTS:
            shown = faces[:place] + [artist] + faces[place + 1:]
            if any(len({shown[(place + d) % SIZE] for d in (s, s + 1, s + 2)} | {artist}) == 1 for s in (-2, -1, 0)):
                wins[place] = artist
    return wins


def free_look(look: int | None = None, replacement: bool = False, report: str = "gain",
              union: bool = False, after_a_miss: str = "what the look showed") -> Fraction:
    """How much a free look before the one action raises player 0's best chance of a poster: the best chance when
    the look's answer is known, averaged over its answers, less the best chance without it (the best look, or
    the one at ``look``; ``after_a_miss="one in the tokens left"``: the other Clown's chance after a miss taken
    as one in the tokens left, whatever back the look showed)."""
    wins = _flip_wins(DEALT_RING)
    deals = list(_clown_deals(replacement=replacement))

    def best(among: Sequence[dict[int, str]]) -> Fraction:
        return max(_share(among, lambda d, p=p, a=a: d[p] == a) for p, a in wins.items())

    without = best(deals)

    def with_look(place: int) -> Fraction:
        if union:  # P(the first flip works) + P(the second works), as if they could not both
            return sum((_share(deals, lambda d, p=p, a=a: d[p] == a) for p, a in wins.items()), Fraction(0))
        if after_a_miss == "one in the tokens left" and place in wins:
            hit = _share(deals, lambda d: d[place] == wins[place])
            return hit + (1 - hit) * Fraction(1, len(FIVE_ARTISTS) - 1)
        by_back: dict[str, list[dict[int, str]]] = {}
        for deal in deals:
            by_back.setdefault(deal[place], []).append(deal)
        return sum((Fraction(len(group), len(deals)) * best(group) for group in by_back.values()), Fraction(0))

    chance = with_look(look) if look is not None else max(with_look(p) for p in CLOWN_PLACES)
    return {"gain": chance - without, "with": chance, "without": without}[report]


FREE_LOOK = Model(
    answer=free_look,
    success="look behind one of the two Clowns; if it is not the artist you need, flip the other",
    variants=[
        Variant({"replacement": True}, "once the look shows the first Clown's back, the other Clown's chances "
                                       "change: two tokens never hide the same artist (without replacement)"),
        Variant({"report": "with"}, "that is your best chance with the look; the value of the look is how much it "
                                    "adds to your best chance without it"),
        Variant({"report": "without"}, "that is your best chance without the look; the value of the look is how "
                                       "much the look adds to it"),
        Variant({"look": 0}, "a look behind a Clown in no near-trio tells you less: look where the back decides "
                             "which token to flip"),
        Variant({"union": True}, "an Acrobate at 2 and a Voyante at 6 can happen together: you counted those deals "
                                 "twice"),
        Variant({"after_a_miss": "one in the tokens left"}, "a look that shows a Voyante at 2 means the Clown at 6 "
                                                            "cannot be a Voyante: one token hides each artist, so "
                                                            "after a miss the other Clown is not one in the four "
                                                            "tokens left"),
    ],
    mistakes=[
        Mistake(Fraction(4, 25), "once the look shows the first Clown's back, the other Clown's chances change: two "
                                 "tokens never hide the same artist (without replacement)"),
        Mistake(Fraction(7, 20), "that is your best chance with the look; the value of the look is how much it adds "
                                 "to your best chance without it"),
        Mistake(Fraction(1, 20), "a look behind a Clown in no near-trio tells you less: look where the back decides "
                                 "which token to flip"),
        Mistake(Fraction(1, 5), "an Acrobate at 2 and a Voyante at 6 can happen together: you counted those deals "
                                "twice"),
        Mistake(0.15, "give it exactly"),
    ],
)


# ---------------------------------------------------------------------------------------------------------
# the lesson's try-its (the lesson's ring, SETUP there)

def clown_after_a_look(seen: bool = True, artists: int = 5, replacement: bool = False,
                       artist: str = M) -> Fraction:
    """P(this artist behind the Clown at 2 | an Acrobate seen behind the Clown at 0), the Clowns' backs the five
    artists in a random order."""
    deals = list(_clown_deals(artists, replacement))
    if seen:
        deals = [deal for deal in deals if deal[0] == A]
    return _share(deals, lambda d: d[2] == artist)


TRY_CLOWN_AFTER_A_LOOK = Model(
    answer=clown_after_a_look,
    success="four artists are left for the Clown at 2, equally likely",
    variants=[
        Variant({"seen": False}, "that is the chance before the look; the Acrobate is now placed, so fewer artists "
                                 "are left for the other Clowns"),
        Variant({"artists": 6, "seen": False}, "a Clown token never has a Clown on its back, and the look has "
                                               "placed one artist already"),
        Variant({"artists": 6}, "a Clown token never has a Clown on its back: five artists can be behind a Clown, "
                                "not six"),
        Variant({"artist": A}, "that is the chance of an Acrobate at 2; the question asks for a Magicien"),
    ],
    mistakes=[
        Mistake(Fraction(1, 5), "that is the chance before the look; the Acrobate is now placed, so fewer artists "
                                "are left for the other Clowns"),
        Mistake(Fraction(1, 6), "a Clown token never has a Clown on its back, and the look has placed one artist "
                                "already"),
        Mistake(4, "that is the number of artists left; the chance of one of them is 1 over it"),
        Mistake(0.25, "give it exactly"),
    ],
)


def deals_left(seen: bool = True, rosace: bool = True) -> int:
    """How many deals of the lesson's ring fit what player 0 has seen (a look behind the Clown at 0)."""
    worlds = hidden_worlds(from_faces(LESSON_SETUP, known={0: [0] if seen else []}), 0)
    count = sum(worlds.values())
    return count if rosace else count // 2  # the rosace tokens lie one of two ways round: a factor 2


def uncertainty_left(seen: bool = True, rosace: bool = True, report: str = "left", base: object = 2,
                     what: str = "all the backs") -> sympy.Expr:
    """The uncertainty about all the backs after the look, in bits: log2 of the number of equally likely deals
    that still fit."""
    if what == "one Clown":  # the artists left behind one other Clown, equally likely
        return sympy.log(len(FIVE_ARTISTS) - 1, 2)
    left, before = deals_left(seen, rosace), deals_left(False, rosace)
    if report == "deals":
        return sympy.Integer(left)
    if report == "learnt":
        return sympy.log(sympy.Rational(before, left), 2)
    return sympy.log(left) if base == "e" else sympy.log(left, 2)


TRY_UNCERTAINTY_AFTER_A_LOOK = Model(
    answer=uncertainty_left,
    variants=[
        Variant({"seen": False}, "that is the uncertainty before the look; the look rules out the deals with another "
                                 "artist behind the Clown at 0"),
        Variant({"report": "learnt"}, "that is what the look takes away; the question asks what is left"),
        Variant({"report": "deals"}, "that is the number of deals left; the uncertainty is its logarithm in base 2"),
        Variant({"base": "e"}, "that is in nats (the natural logarithm); bits use log base 2"),
        Variant({"rosace": False}, "the rosace tokens may lie one of two ways round: count those deals too"),
        Variant({"what": "one Clown"}, "that is the uncertainty about one Clown's back; the question asks about all "
                                       "the backs"),
    ],
    mistakes=[
        Mistake(sympy.log(240, 2), "that is the uncertainty before the look; the look rules out the deals with "
                                   "another artist behind the Clown at 0"),
        Mistake(sympy.log(5, 2), "that is what the look takes away; the question asks what is left"),
        Mistake(48, "that is the number of deals left; the uncertainty is its logarithm in base 2"),
        Mistake(sympy.log(48), "that is in nats (the natural logarithm); bits use log base 2"),
        Mistake(5.585, "give it exactly"),
    ],
    families=False,
)

LESSON_LABELS = (C,) * 5 + (A, A, M, M, V)

TRY_PATTERNS_UP_TO_TURNING = Model(
    answer=lambda labels=LESSON_LABELS, kinds=TURNS, divide=None: burnside(labels, kinds, divide),
    success="no turn but the identity fixes a pattern with one Voyante: 7560 / 10",
    variants=[
        Variant({"kinds": ("identity",), "divide": 1}, "that counts rows: the ten turns of a pattern are one ring"),
        Variant({"kinds": KINDS}, "that also counts a pattern and its mirror image as one; here only turning is "
                                  "allowed"),
        Variant({"divide": 20}, "that divides by 20, the turns and the mirrors; here only the 10 turns count"),
        Variant({"labels": tuple("ABCDEFGHIJ")}, "that is for ten different tokens; here the faces repeat"),
    ],
    mistakes=[
        Mistake(7560, "that counts rows: the ten turns of a pattern are one ring"),
        Mistake(384, "that also counts a pattern and its mirror image as one; here only turning is allowed"),
        Mistake(378, "that divides by 20, the turns and the mirrors; here only the 10 turns count"),
        Mistake(362880, "that is for ten different tokens; here the faces repeat"),
    ],
)

MODELS: dict[str, Model] = {
    "setups": SETUPS,
    "two_clowns": TWO_CLOWNS,
    "patterns_by_burnside": PATTERNS_BY_BURNSIDE,
    "after_the_voyante": AFTER_THE_VOYANTE,
    "free_look": FREE_LOOK,
    "try_clown_after_a_look": TRY_CLOWN_AFTER_A_LOOK,
    "try_uncertainty_after_a_look": TRY_UNCERTAINTY_AFTER_A_LOOK,
    "try_patterns_up_to_turning": TRY_PATTERNS_UP_TO_TURNING,
}
