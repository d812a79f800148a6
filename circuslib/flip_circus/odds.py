"""Exact deduction and counting for Flip Circus: what can be behind a token, what a look is worth, how many rings.

Deduction counts the hidden assignments a player cannot rule out. Every way of dealing the tokens (which token
lies where, which face up) is equally likely at the set-up, and every later action and every observation is a
fixed function of that deal, so the deals still consistent with what the player has seen stay equally likely:
the probability of a back is a ratio of two counts.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ..core.args import items, limit, one_of, optional_flag, whole
from ..core.exact import to_rational
from ..core.game import describe
from .rules import ARTISTS, CLOWN, SIZE, FlipCircus, PlayerView, Ruleset, TokenSet

if TYPE_CHECKING:
    import sympy  # results are sympy numbers; sympy itself loads when a function makes one

__all__ = [
    "hidden_worlds", "possible_backs", "uncertainty", "look_values", "best_look", "entropy_terms",
    "count_rings", "burnside_terms", "setup_poster_probability",
]


def _as_view(state: FlipCircus | PlayerView, player: int | None) -> PlayerView:
    if player is not None:
        whole(player, "player", 0, 3)
    if isinstance(state, PlayerView):
        if player is not None and player != state.player:
            raise ValueError(f"this is player {state.player}'s view, not player {player}'s")
        return state
    if not isinstance(state, FlipCircus):
        raise TypeError(f"expected a Flip Circus state or a player's view, not {type(state).__name__}")
    if player is None:
        raise TypeError("say whose knowledge to use: possible_backs(state, player)")
    return state.view(player)  # the deduction only ever sees what the player may see


def hidden_worlds(state: FlipCircus | PlayerView, player: int | None = None) -> Counter:
    """Every assignment of hidden faces the player cannot rule out, position by position, with its count of deals."""
    view = _as_view(state, player)
    worlds = _worlds(view.rules.tokens, view.faces, view.backs)
    return Counter(dict(_in_place_order(worlds, view.rules.tokens, view.faces, view.backs)))


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
    ``hidden_worlds`` lists them), whatever order ``_worlds`` chose its places in: the counts and the search
    never depend on the order, so only ``hidden_worlds`` sorts."""
    fits_of = _token_kinds(tokens)[2]
    unknown = [i for i in range(SIZE) if backs[i] is None]
    ranks = [{other: r for r, (_, other, _) in enumerate(fits_of.get(faces[i], ()))} for i in unknown]
    return tuple(sorted(worlds, key=lambda item: [rank[item[0][i]] for rank, i in zip(ranks, unknown)]))


def possible_backs(state: FlipCircus | PlayerView, player: int | None = None) -> list[dict[str, sympy.Rational]]:
    """For each position, the artists that may be on its hidden face with their exact probabilities."""
    return [{a: to_rational(p) for a, p in dist.items()} for dist in back_fractions(state, player)]


def back_fractions(state: FlipCircus | PlayerView, player: int | None = None) -> list[dict[str, Fraction]]:
    """``possible_backs`` as ``Fraction`` values, for the bots' hot loops."""
    view = _as_view(state, player)
    worlds = _worlds(view.rules.tokens, view.faces, view.backs)  # (world, count) pairs: no Counter to copy
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
    weights = [w for w in weights if w]
    if not weights or any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in weights):
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


def uncertainty(state: FlipCircus | PlayerView, player: int | None = None) -> sympy.Expr:
    """How uncertain the player is about all the hidden faces together: the entropy of the worlds, in bits."""
    return _entropy(list(hidden_worlds(state, player).values()))


def look_values(state: FlipCircus | PlayerView, player: int | None = None) -> dict[int, sympy.Expr]:
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


def best_look(state: FlipCircus | PlayerView, player: int | None = None) -> int | None:
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
    labels = _labels(labels, 30)
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
    return tuple(tuple(len(c) for c in g.full_cyclic_form) for g in _group(symmetry, n).elements)


def _labels(labels, most: int) -> tuple:
    """The items of a ring: a list of plain values (hashable), at most ``most`` of them (Burnside's sum over the
    symmetries of a bigger ring takes too long)."""
    labels = tuple(labels) if isinstance(labels, str) else items(labels, "labels")  # "AABBC": one label a letter
    limit(len(labels), most, "the items of the ring")
    for label in labels:
        try:
            hash(label)
        except TypeError:
            raise TypeError(f"the items of the ring must be plain values (names, numbers), not {describe(label)}") \
                from None
    return labels


def count_rings(labels: Sequence, symmetry: str = "none", *, sides: int = 1) -> sympy.Integer:
    """How many different rings the labelled items make: all arrangements, or up to turning ("rotation"), or up
    to turning and mirroring ("dihedral"), by Burnside's lemma; ``sides=2`` also lets each token lie either way up."""
    import sympy

    if isinstance(labels, int) and not isinstance(labels, bool):
        raise TypeError("give the items of the ring as a list, for example count_rings(range(10)) for ten "
                        "different tokens")
    one_of(symmetry, "symmetry", ("none", "rotation", "dihedral"))
    labels = list(_labels(labels, 1_000 if symmetry == "none" else 30))
    if not labels:
        raise ValueError("give the items of the ring (for example the ten tokens)")
    if type(sides) is not int or sides not in (1, 2):
        raise ValueError(f"sides: a token has 1 or 2 sides to show, not {describe(sides)}")
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
# how often the set-up hands the first player a poster


def setup_poster_probability(rules: Ruleset | None = None, *, show_progress: bool | None = None) -> sympy.Rational:
    """The exact chance that the first player takes a poster in the very first turn, playing with their two
    actions (the opener has no Applause) the plan most likely to work for what they see.

    What the opener sees is the five Clowns and the five faces dealt between them; the Clowns' backs are hidden.
    Every deal of the five other tokens (order and faces) is equally likely; rings that are turns or mirror
    images of each other play the same, so each is searched once.
    """
    from ..core.sim import progress

    if rules is not None and not isinstance(rules, Ruleset):
        raise TypeError(f"rules must be a Ruleset (or None for the kit's rules), not {describe(rules)}")
    optional_flag(show_progress, "show_progress")
    rules = rules or Ruleset()
    rings = _opener_rings(rules)
    total = Fraction(0)
    for ring, deals in progress(rings.items(), len(rings), "rings", show=show_progress):
        total += deals * _opener_best_chance(ring, rules)
    return to_rational(total / sum(rings.values()))


def _opener_rings(rules: Ruleset) -> dict[tuple, int]:
    """Every ring the opener can see at the set-up (up to turning and mirroring), with how many deals show it.

    A deal is an order of the five non-Clown tokens between the Clowns and a face up for each, all equally likely.
    """
    start = FlipCircus(rules)
    dealt = start.play(start.chance_outcomes()[0][0])
    orders = [order for order, _ in dealt.chance_outcomes()]
    sides = [side for side, _ in dealt.play(orders[0]).chance_outcomes()]
    rings: Counter = Counter()
    for order in orders:
        for side in sides:
            faces = [CLOWN] * SIZE
            for k, (token, up) in enumerate(zip(order, side)):
                faces[2 * k + 1] = rules.tokens.tokens[token][up]
            rings[_canonical(tuple(faces))] += 1
    return dict(rings)


def _opener_best_chance(faces: tuple, rules: Ruleset) -> Fraction:
    """The chance of the opener's likeliest plan to take a poster in the first turn (two actions, no Applause)."""
    import sympy

    from .graphs import winning_turns

    view = PlayerView(rules, 0, tuple(faces), (None,) * SIZE, (0, 1), ((), ()), 0, rules.actions, False, "play")
    best = max((t.probability for t in winning_turns(view, max_applause=0)), default=sympy.Integer(0))
    return Fraction(int(best.p), int(best.q))


def _canonical(faces: tuple) -> tuple:
    """The same ring turned by a whole number of steps or mirrored counts once (the rules look the same)."""
    variants = []
    for k in range(SIZE):
        turned = faces[k:] + faces[:k]
        variants.append(turned)
        variants.append(tuple(reversed(turned)))
    return min(variants)
