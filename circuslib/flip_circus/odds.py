"""Exact deduction and counting for Flip Circus: what can be behind a token, what a look is worth, how many rings,
how often the set-up hands the opener a poster.

Deduction counts the hidden assignments a player cannot rule out (the hidden worlds, counted in ``rules``: every
deal is equally likely at the set-up, and every later action and observation is a fixed function of the deal, so
the deals still consistent with what the player has seen stay equally likely): the probability of a back is a
ratio of two counts, and the entropies are exact (``Bits``: a rational plus rational multiples of logarithms of
primes, with no sympy in the hot path).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ..core.args import instance, items, one_of, optional_flag, whole
from ..core.exact import to_rational
from ..core.game import describe
from ..core.shipped import RATIONAL, shipped
from .graphs import WinningTurn, winning_turns
from .rules import (
    ARTISTS,
    CLOWN,
    KIT_OPTIONS,
    SIZE,
    FlipCircusOptions,
    FlipCircusState,
    PlayerView,
    TokenSet,
    _in_place_order,
    _ring_items,
    _worlds,
    name,
    new_game,
    places_text,
    short_name,
    with_article,
)

if TYPE_CHECKING:
    import sympy  # results are sympy numbers; sympy itself loads when a function makes one

__all__ = [
    "hidden_worlds", "possible_backs", "back_fractions", "uncertainty", "look_values", "best_look", "entropy_terms",
    "Bits", "entropy_bits", "ring_problem", "RingOdds", "best_plans", "likeliest_turn",
    "count_rings", "burnside_terms", "OpenerRing", "opener_best_chance", "opener_rings", "setup_poster_probability",
]


def _as_view(state: FlipCircusState | PlayerView, player: int | None) -> PlayerView:
    if player is not None:
        whole(player, "player", 0, 3)
    if isinstance(state, PlayerView):
        if player is not None and player != state.player:
            raise ValueError(f"this is player {state.player}'s view, not player {player}'s")
        return state
    if not isinstance(state, FlipCircusState):
        raise TypeError(f"expected a Flip Circus state or a player's view, not {describe(state)}")
    if player is None:
        raise TypeError("say whose knowledge to use: possible_backs(state, player)")
    return state.view(player)  # the deduction only ever sees what the player may see


def hidden_worlds(state: FlipCircusState | PlayerView, player: int | None = None) -> Counter:
    """Every assignment of hidden faces the player cannot rule out, position by position, with its count of deals."""
    view = _as_view(state, player)
    worlds = _worlds(view.options.tokens, view.faces, view.backs)
    return Counter(dict(_in_place_order(worlds, view.options.tokens, view.faces, view.backs)))


def possible_backs(state: FlipCircusState | PlayerView, player: int | None = None) -> list[dict[str, sympy.Rational]]:
    """For each position, the artists that may be on its hidden face with their exact probabilities."""
    return [{a: to_rational(p) for a, p in dist.items()} for dist in back_fractions(state, player)]


def back_fractions(state: FlipCircusState | PlayerView, player: int | None = None) -> list[dict[str, Fraction]]:
    """``possible_backs`` as ``Fraction`` values, for the bots' hot loops."""
    view = _as_view(state, player)
    worlds = _worlds(view.options.tokens, view.faces, view.backs)  # (world, count) pairs: no Counter to copy
    total = sum(n for _, n in worlds)
    if total == len(worlds):  # every world counts once (the kit's tokens are all different): count each column
        columns = [Counter(column) for column in zip(*(world for world, _ in worlds))]
    else:
        columns = []
        for i in range(SIZE):
            counts: Counter = Counter()
            for world, weight in worlds:
                counts[world[i]] += weight
            columns.append(counts)
    return [{a: Fraction(counts[a], total) for a in ARTISTS if counts[a]} for counts in columns]


@lru_cache(maxsize=4096)
def _factor(n: int) -> tuple[tuple[int, int], ...]:
    """The prime factors of a positive whole number, with their powers."""
    found, p = [], 2
    while p * p <= n:
        if n % p == 0:
            k = 0
            while n % p == 0:
                n, k = n // p, k + 1
            found.append((p, k))
        p += 1 if p == 2 else 2
    if n > 1:
        found.append((n, 1))
    return tuple(found)


def entropy_terms(weights: Sequence[int]) -> tuple[Fraction, tuple[tuple[int, Fraction], ...], int | None]:
    """The exact entropy, in bits, of the distribution proportional to whole-number ``weights``, as
    ``constant + sum(c * log2(p))`` over odd primes p: H = log2 N - (1/N) sum w log2 w, with N the total.
    Returns (constant, ((prime, c), ...) with primes increasing, the number of outcomes if they are equally likely)."""
    given = [whole(w, "each weight", 0) for w in items(weights, "weights")]
    weights = [w for w in given if w]
    if not weights:
        raise ValueError("give positive whole-number weights")
    total = sum(weights)
    logs: dict[int, Fraction] = {}
    for p, k in _factor(total):
        logs[p] = logs.get(p, 0) + Fraction(k)
    for w, n in Counter(weights).items():
        for p, k in _factor(w):
            logs[p] = logs.get(p, 0) - Fraction(k * w * n, total)
    constant = Fraction(logs.pop(2, 0))
    uniform = len(weights) if len(set(weights)) == 1 else None
    return constant, tuple((p, c) for p, c in sorted(logs.items()) if c), uniform


def _entropy(weights: Sequence[int]) -> sympy.Expr:
    """The exact Shannon entropy, in bits, of the distribution proportional to ``weights``, as a sympy number.

    Built from its prime logarithms (``entropy_terms``), with no ``sympy.simplify``: N equally likely outcomes
    give log(N)/log(2) (an integer for a power of 2), others constant + sum(c * log(p) / log(2))."""
    import sympy

    constant, logs, outcomes = entropy_terms(weights)
    if outcomes is not None and logs:  # uniform over N outcomes, N not a power of 2: log2 N says it best
        return sympy.log(outcomes) / sympy.log(2)
    value = sympy.Rational(constant.numerator, constant.denominator)
    for p, c in logs:
        value += sympy.Rational(c.numerator, c.denominator) * sympy.log(p) / sympy.log(2)
    return value


def uncertainty(state: FlipCircusState | PlayerView, player: int | None = None) -> sympy.Expr:
    """How uncertain the player is about all the hidden faces together: the entropy of the worlds, in bits."""
    return _entropy(list(hidden_worlds(state, player).values()))


def look_values(state: FlipCircusState | PlayerView, player: int | None = None) -> dict[int, sympy.Expr]:
    """For each token whose back is unseen: the expected drop in uncertainty (bits) from looking at it.

    A look shows one token's back, a function of the hidden world, so the expected drop of the world's entropy
    is exactly the entropy of that back: H(world) - E[H(world | back)] = H(back).
    """
    view = _as_view(state, player)
    backs = back_fractions(view)
    values = {}
    for i in range(SIZE):
        if view.backs[i] is None:
            probs = list(backs[i].values())
            denominator = math.lcm(*(p.denominator for p in probs))  # the chances as whole-number weights
            values[i] = _entropy([int(p * denominator) for p in probs])
    return values


def best_look(state: FlipCircusState | PlayerView, player: int | None = None) -> int | None:
    """The position whose back is most worth a look (ties: the lowest position); None if nothing is unseen."""
    values = look_values(state, player)
    if not values:
        return None
    return max(values, key=lambda i: (float(values[i]), -i))


# ---------------------------------------------------------------------------------------------------------
# counting rings with symmetry (Burnside)


def _group(symmetry: str, n: int):
    from sympy.combinatorics.named_groups import CyclicGroup, DihedralGroup

    if symmetry == "rotation":
        return CyclicGroup(n)
    if symmetry == "dihedral":
        return DihedralGroup(n)
    raise ValueError('symmetry is "none", "rotation" (turning the ring) or "dihedral" (turning and mirroring)')


def _fixed_colourings(cycle_lengths: list[int], counts: tuple[int, ...]) -> int:
    """How many arrangements a symmetry with these cycles leaves unchanged: each cycle gets one label,
    and each label must be used exactly its number of times."""

    @cache
    def ways(k: int, left: tuple) -> int:
        if k == len(cycle_lengths):
            return int(not any(left))
        total = 0
        for label, n in enumerate(left):
            if n >= cycle_lengths[k]:
                total += ways(k + 1, left[:label] + (n - cycle_lengths[k],) + left[label + 1:])
        return total

    return ways(0, counts)


def burnside_terms(labels: Sequence, symmetry: str = "rotation") -> list[tuple[str, int]]:
    """Burnside's lemma, term by term: each symmetry of the ring (as its cycle type) and the arrangements it fixes."""
    labels = _ring_items(labels, "labels", 30)
    one_of(symmetry, "symmetry", ("rotation", "dihedral"))
    counts = tuple(sorted(Counter(labels).values()))
    terms = []
    for lengths in _cycle_lengths(symmetry, len(labels)):
        terms.append((str(sorted(lengths)), _fixed_colourings(sorted(lengths, reverse=True), counts)))
    return terms


@lru_cache(maxsize=64)
def _cycle_lengths(symmetry: str, n: int) -> tuple[tuple[int, ...], ...]:
    """The cycle lengths of each symmetry of a ring of n places, in the group's order: worked out once per ring
    size (sympy builds each permutation's cycles anew, a few milliseconds for the 20 symmetries of ten places)."""
    if symmetry == "dihedral" and n <= 2:
        # sympy's DihedralGroup(1) and (2) move 2 and 4 points, not the ring's places: here the 2n symmetries are
        # the n turns and n mirrors of the places themselves (a mirror through a place of 2 leaves both where they
        # are; the one between them swaps them, as the half turn does)
        return ((1,), (1,)) if n == 1 else ((1, 1), (2,), (1, 1), (2,))
    return tuple(tuple(len(c) for c in g.full_cyclic_form) for g in _group(symmetry, n).elements)


def count_rings(labels: Sequence, symmetry: str = "none", *, sides: int = 1) -> sympy.Integer:
    """How many different rings the labelled items make: all arrangements, or up to turning ("rotation"), or up
    to turning and mirroring ("dihedral"), by Burnside's lemma; ``sides=2`` also lets each token lie either way up."""
    import sympy

    if isinstance(labels, int) and not isinstance(labels, bool):
        raise TypeError("give the items of the ring as a list, for example count_rings(range(10)) for ten "
                        "different tokens")
    one_of(symmetry, "symmetry", ("none", "rotation", "dihedral"))
    labels = list(_ring_items(labels, "labels", 1_000 if symmetry == "none" else 30))
    if not labels:
        raise ValueError("give the items of the ring (for example the ten tokens)")
    whole(sides, "sides (how many faces a token may show)", 1, 2)
    orientations = sympy.Integer(sides) ** len(labels)  # turning or mirroring the ring never turns a token over
    if symmetry == "none":
        counts = Counter(labels).values()
        arrangements = sympy.factorial(len(labels))
        for c in counts:
            arrangements /= sympy.factorial(c)
        return sympy.Integer(arrangements) * orientations
    terms = burnside_terms(labels, symmetry)
    if sides == 2 and len(set(labels)) < len(labels):
        raise ValueError("two-sided counting with symmetry needs distinct tokens")
    # with distinct tokens only the identity fixes an arrangement, whatever the faces
    return sympy.Integer(sum(f for _, f in terms)) * orientations / len(terms)


# ---------------------------------------------------------------------------------------------------------
# exact entropies without sympy (an explorer's update must take milliseconds)


@dataclass(frozen=True)
class Bits:
    """An exact entropy in bits: ``constant + sum(c * log2(p))`` over odd primes p (a canonical form: two equal
    entropies have the same one), written as the lesson writes it: log₂ 5, 1, log₂ 5 − 4/5."""

    constant: Fraction
    logs: tuple[tuple[int, Fraction], ...]  # (odd prime, coefficient), primes increasing
    outcomes: int | None = None  # set when the distribution is uniform over this many outcomes

    def __float__(self) -> float:
        return float(self.constant) + sum(float(c) * math.log2(p) for p, c in self.logs)

    def __str__(self) -> str:
        n = self.outcomes
        if n is not None and n > 1 and n & (n - 1):  # uniform, and not a power of 2: log₂ n says it best
            return f"log₂ {n}"
        # the positive logarithms, then the whole part, then the negative logarithms: 11/4 − (3/4)·log₂ 3
        terms = [(c, f"log₂ {p}") for p, c in self.logs if c > 0] + [(self.constant, "")]
        terms += [(c, f"log₂ {p}") for p, c in self.logs if c < 0]
        parts: list[str] = []
        for c, log in terms:
            if c:
                size = abs(c)
                term = (log if size == 1 else f"{size} {log}" if size.denominator == 1 else f"({size})·{log}") \
                    if log else str(size)
                parts.append((f"{'−' if c < 0 else '+'} " if parts else "−" if c < 0 else "") + term)
        return " ".join(parts) or "0"

    def sympy(self) -> sympy.Expr:
        """The same number as a sympy expression (sympy is imported only here)."""
        import sympy

        return sympy.Rational(self.constant.numerator, self.constant.denominator) + sum(
            (sympy.Rational(c.numerator, c.denominator) * sympy.log(p, 2) for p, c in self.logs), sympy.Integer(0))


def entropy_bits(weights: Sequence[int]) -> Bits:
    """The exact Shannon entropy, in bits, of the distribution proportional to the whole-number ``weights``:
    H = log₂ N − (1/N) Σ w log₂ w, with N the total (``entropy_terms``)."""
    return Bits(*entropy_terms(weights))


# ---------------------------------------------------------------------------------------------------------
# a ring as a student edits it: what makes it impossible, and what a player who sees it can deduce


def _ring_args(faces: Any, backs: Any) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """Ten visible faces and ten backs seen (None where unseen), each an artist's name as the kit writes it."""
    faces = items(faces, "faces", low=SIZE, high=SIZE)
    backs = (None,) * SIZE if backs is None else items(backs, "backs", low=SIZE, high=SIZE)
    for what, values in (("a face", faces), ("a back", backs)):
        for value in values:
            if value is not None and (type(value) is not str or value not in ARTISTS):
                raise ValueError(f"{what} is one of the artists ({', '.join(ARTISTS)}), not {describe(value)}")
    if None in faces:
        raise ValueError("every place of the ring shows a face: give ten artists")
    return faces, backs


def ring_problem(faces: Sequence[str], backs: Sequence[str | None] | None = None,
                 tokens: TokenSet | None = None) -> str | None:
    """Why no deal of the token set shows these faces with these backs seen (a sentence), or None if one does.

    A place whose back is seen holds one particular token; every other place needs a different token with its
    face. By Hall's theorem such tokens exist unless some set of artists is shown at more unseen places than
    there are tokens left carrying one of them, which is checked for every set of artists."""
    faces, backs = _ring_args(faces, backs)
    tokens = KIT_OPTIONS.tokens if tokens is None else instance(tokens, "tokens", TokenSet, "a TokenSet")
    pairs = Counter(frozenset(t) for t in tokens.tokens)
    used: dict[frozenset, list[int]] = {}
    for i, (face, back) in enumerate(zip(faces, backs)):
        if back is None:
            continue
        if back == face:
            return (f"Place {i} shows {with_article(face)} and you marked {with_article(back)} behind it: the two "
                    f"faces of a token are different artists.")
        pair = frozenset((face, back))
        if not pairs[pair]:
            partners = [name(b if a == face else a) for a, b in tokens.tokens if face in (a, b)]
            return (f"Place {i}: there is no {short_name(face)}/{short_name(back)} token. In this token set "
                    f"{with_article(face)} is paired with {places_text(partners).replace(' and ', ' or ')}.")
        used.setdefault(pair, []).append(i)
    for pair, places in used.items():
        if len(places) > pairs[pair]:
            a, b = sorted(pair, key=ARTISTS.index)
            return (f"Places {places_text(places)} are each marked as the {short_name(a)}/{short_name(b)} token, "
                    f"but the set has only {pairs[pair] if pairs[pair] > 1 else 'one'}.")
    for artist in ARTISTS:
        shown = sum(f == artist for f in faces)
        behind = [i for i, b in enumerate(backs) if b == artist]
        carry = tokens.count(artist)
        if shown + len(behind) > carry:
            marked = (f" and {with_article(artist)} is marked behind place{'s' if len(behind) > 1 else ''} "
                      f"{places_text(behind)}" if behind else "")
            faces_shown = f"{shown} {name(artist)} face{'s' if shown != 1 else ''}"
            return (f"The ring shows {faces_shown}{marked}, but only {carry} tokens carry {with_article(artist)}: "
                    f"no deal of the ten tokens fits.")
    left = pairs - Counter({pair: len(places) for pair, places in used.items()})
    unseen = [i for i in range(SIZE) if backs[i] is None]
    shown_artists = sorted({faces[i] for i in unseen}, key=ARTISTS.index)
    for size in range(2, len(shown_artists) + 1):  # single artists were counted above
        for mask in range(1, 1 << len(shown_artists)):
            group = [a for k, a in enumerate(shown_artists) if mask >> k & 1]
            if len(group) != size:
                continue
            places = [i for i in unseen if faces[i] in group]
            have = sum(n for pair, n in left.items() if pair & set(group))
            if len(places) > have:
                names = ", ".join(name(a) for a in group[:-1]) + f" or {name(group[-1])}"
                return (f"Places {places_text(places)} show {names} with their backs unseen: that needs "
                        f"{len(places)} tokens carrying one of these artists, but only {have} of the tokens not "
                        f"already placed do, so no deal of the ten tokens fits.")
    return None


def _ring_view(faces: tuple, backs: tuple, options: FlipCircusOptions = KIT_OPTIONS) -> PlayerView:
    """The ring as player 0 sees it at the start of their turn: two actions, no Applause, every poster free."""
    return PlayerView(options, 0, tuple(faces), tuple(backs), (0, 0), ((), ()), 0, options.actions, False, "play")


@dataclass(frozen=True)
class RingOdds:
    """What a player who sees ``faces`` and the ``backs`` marked (None: unseen) can deduce, all exact."""

    faces: tuple
    backs: tuple
    deals: int  # the deals of the token set that fit
    uncertainty: Bits  # about all the hidden backs together
    chances: tuple  # per place, {artist: Fraction} (a seen back: {that artist: 1})
    looks: dict  # per unseen place, the Bits a look there is worth
    best_look: int | None

    @classmethod
    def of(cls, faces: Sequence[str], backs: Sequence[str | None] | None = None,
           options: FlipCircusOptions | None = None) -> RingOdds:
        """The exact numbers of a ring (refused, with the reason, if no deal of the token set shows it)."""
        options = KIT_OPTIONS if options is None else instance(options, "options", FlipCircusOptions,
                                                                "FlipCircusOptions(...)")
        faces, backs = _ring_args(faces, backs)
        problem = ring_problem(faces, backs, options.tokens)
        if problem:
            raise ValueError(problem)
        view = _ring_view(faces, backs, options)
        worlds = hidden_worlds(view)
        chances = tuple(back_fractions(view))
        looks = {}
        for i in range(SIZE):
            if backs[i] is None:
                dist = chances[i]
                denominator = math.lcm(*(p.denominator for p in dist.values()))
                looks[i] = entropy_bits([int(p * denominator) for p in dist.values()])
        best = max(looks, key=lambda i: (float(looks[i]), -i)) if looks else None
        return cls(faces, backs, sum(worlds.values()), entropy_bits(list(worlds.values())), chances, looks, best)


def best_plans(faces: Sequence[str], backs: Sequence[str | None] | None = None) -> tuple[WinningTurn, ...]:
    """Every plan of this turn (2 actions, no Applause spent, every poster free) that can take a poster from the
    ring these faces and backs seen show, from the kit's search, kept per ring: a ring searched once answers at
    once."""
    faces, backs = _ring_args(faces, backs)
    problem = ring_problem(faces, backs)
    if problem:
        raise ValueError(problem)
    return _best_plans(faces, backs)


@lru_cache(maxsize=2048)
def _best_plans(faces: tuple, backs: tuple) -> tuple[WinningTurn, ...]:
    return tuple(winning_turns(_ring_view(faces, backs), max_applause=0))


def likeliest_turn(plans: Sequence[WinningTurn]) -> WinningTurn | None:
    """The likeliest of these winning turns (ties: the fewest actions, then the first listed), or None if there
    are none."""
    plans = items(plans, "plans")
    for plan in plans:
        instance(plan, "each plan", WinningTurn, "a WinningTurn (winning_turns(state) lists them)")
    return max(plans, key=lambda t: (t.probability, -t.actions), default=None)


# ---------------------------------------------------------------------------------------------------------
# how often the set-up hands the first player a poster


@dataclass(frozen=True)
class OpenerRing:
    """A ring the opener can see at the set-up: its faces (one of its turns and mirror images), how many deals
    show it, and the exact chance of the opener's likeliest plan to take a poster in the first turn."""

    faces: tuple[str, ...]
    deals: int
    best: sympy.Rational


def _kit_or(options: Any) -> FlipCircusOptions:
    if options is None:
        return KIT_OPTIONS
    return instance(options, "options", FlipCircusOptions, "FlipCircusOptions(...) (or None for the kit's options)")


@lru_cache(maxsize=8)
def _opener_rings(options: FlipCircusOptions) -> dict[tuple, int]:
    """Every ring the opener can see at the set-up (up to turning and mirroring), with how many deals show it.

    A deal is an order of the five non-Clown tokens between the Clowns and a face up for each, all equally likely.
    """
    start = new_game(options)
    dealt = start.play(start.chance_outcomes()[0][0])
    orders = [order for order, _ in dealt.chance_outcomes()]
    sides = [side for side, _ in dealt.play(orders[0]).chance_outcomes()]
    rings: Counter = Counter()
    for order in orders:
        for side in sides:
            faces = [CLOWN] * SIZE
            for k, (token, up) in enumerate(zip(order, side)):
                faces[2 * k + 1] = options.tokens.tokens[token][up]
            rings[_canonical(tuple(faces))] += 1
    return dict(rings)


def _canonical(faces: tuple) -> tuple:
    """The same ring turned by a whole number of steps or mirrored counts once (the rules look the same)."""
    variants = []
    for k in range(SIZE):
        turned = faces[k:] + faces[:k]
        variants.append(turned)
        variants.append(tuple(reversed(turned)))
    return min(variants)


def _opener_key(faces: Any, options: Any) -> str | None:
    """The shipped case of an ``opener_best_chance`` call: the ring in its smallest turn or mirror image, as one
    text; None (never shipped) for other options, or for arguments the function itself will refuse."""
    if options is not None and options != KIT_OPTIONS:
        return None
    try:
        ring = tuple(faces)
        if len(ring) != SIZE or not all(type(face) is str for face in ring):
            return None
    except TypeError:
        return None
    return " ".join(_canonical(ring))


@shipped("data/setup_poster.json", cases=lambda: [(ring,) for ring in sorted(_opener_rings(KIT_OPTIONS))],
         encoding=RATIONAL, key=_opener_key,
         about="for every ring the opener can see at the set-up (the kit's options, up to turning and mirroring: "
               "172 rings), the exact chance of the opener's likeliest plan to take a poster in the first turn "
               "(two actions, no Applause), found by graphs.winning_turns")
def opener_best_chance(faces: Sequence[str], options: FlipCircusOptions | None = None) -> sympy.Rational:
    """The exact chance of the opener's likeliest plan to take a poster in the first turn (two actions, no
    Applause) on the ring these ten faces show at the set-up; a ring and its turns and mirror images play alike."""
    import sympy

    options = _kit_or(options)
    faces, _ = _ring_args(faces, None)
    ring = _canonical(faces)
    if ring not in _opener_rings(options):
        raise ValueError(f"no set-up shows the ring {' '.join(faces)}: the opener's rings have a Clown at every "
                         "other place and one face of each other token between them")
    view = PlayerView(options, 0, ring, (None,) * SIZE, (0, 1), ((), ()), 0, options.actions, False, "play")
    return max((t.probability for t in winning_turns(view, max_applause=0)), default=sympy.Integer(0))


def opener_rings(options: FlipCircusOptions | None = None) -> list[OpenerRing]:
    """Every ring the opener can see at the set-up (up to turning and mirroring), with the deals that show it and
    the chance of the opener's likeliest plan to take a poster in the first turn (for the kit's options each
    chance was searched once and ships with the kit)."""
    options = _kit_or(options)
    return [OpenerRing(ring, deals, opener_best_chance(ring, options))
            for ring, deals in sorted(_opener_rings(options).items())]


def setup_poster_probability(options: FlipCircusOptions | None = None, *,
                             show_progress: bool | None = None) -> sympy.Rational:
    """The exact chance that the first player takes a poster in the very first turn, playing with their two
    actions (the opener has no Applause) the plan most likely to work for what they see.

    What the opener sees is the five Clowns and the five faces dealt between them; the Clowns' backs are hidden.
    Every deal of the five other tokens (order and faces) is equally likely; rings that are turns or mirror
    images of each other play the same, so each is searched once.
    """
    from ..core.sim import progress

    options = _kit_or(options)
    optional_flag(show_progress, "show_progress")
    rings = _opener_rings(options)
    total = Fraction(0)
    for ring, deals in progress(sorted(rings.items()), len(rings), "rings", show=show_progress):
        best = opener_best_chance(ring, options)
        total += deals * Fraction(int(best.p), int(best.q))
    return to_rational(total / sum(rings.values()))
