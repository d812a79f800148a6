"""Exact odds of a lone player's round on any deck of numbers and modifiers (no action cards), fast enough to
recompute at every click of an explorer: the 'stop at t' curve for every t in one pass, the optimum layer by layer
on numpy arrays, and the bust chance and gain of the next card straight from the counts.


A deck is a tuple of counts in CARDS order (numbers 0..12, then +2 +4 +6 +8 +10 x2; the action cards are 0).
The dynamic programmes work on whole numbers, as in odds.py: a hand d cards deep is worth its value times the
number of ways the remaining draws can fall, so nothing is reduced inside a loop.
"""
from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Sequence as SequenceABC
from fractions import Fraction
from functools import lru_cache
from math import factorial, prod

from .rules import ACTIONS, CARDS, DECK_COUNTS, FLIP7_BONUS

__all__ = ["TOP_SCORE", "ThresholdCurve", "threshold_curve", "numbers_optimum", "optimum_value", "optimal_advice",
           "still_in", "next_card", "numbers_target_optimum", "numbers_score_distribution", "solve_threshold_curve"]

MOD_VALUES = (2, 4, 6, 8, 10)  # the +N modifiers, in CARDS order (the sixth modifier is x2)

TOP_SCORE = 2 * sum(range(6, 13)) + sum(MOD_VALUES) + FLIP7_BONUS  # 201: no round scores more
"""The largest round score on any deck the explorers accept (seven numbers 6..12 doubled, every +N, the bonus)."""


def _falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): the ordered ways to draw k cards from n."""
    return prod(range(n - k + 1, n + 1))


def _round_score(numbers_sum: int, n_numbers: int, plus: int, doubled: bool) -> int:
    return numbers_sum * (2 if doubled else 1) + plus + (FLIP7_BONUS if n_numbers >= 7 else 0)


def _number_sets(numbers: tuple[int, ...], most: int) -> tuple[dict, dict]:
    """The sets N of at most ``most`` different numbers of the deck, grouped by (|N|, sum): the ways W to hold such
    a set (the product of the copies of its numbers), and for each x, the ways R[x] to hold such a set containing x.

    W is read off the generating function prod_h (1 + c_h z y^h) (z counts the numbers, y adds them up); the sets
    containing x are c_x z y^x times the same product without x's factor, found by dividing that factor out.
    """
    import numpy as np

    sums = sum(range(13)) + 1
    ways = np.zeros((most + 1, sums), dtype=np.int64)  # at most 15^7 x C(13, 7), far inside 64 bits
    ways[0, 0] = 1
    for h, c in enumerate(numbers):
        if c:
            for k in range(most, 0, -1):
                ways[k, h:] += c * ways[k - 1, :sums - h]
    grouped = {(k, t): int(ways[k, t]) for k in range(most + 1) for t in range(sums) if ways[k, t]}
    last: dict = {key: {} for key in grouped}
    for x, c in enumerate(numbers):
        if not c:
            continue
        without = np.zeros_like(ways)  # the product without x's factor: ways = without * (1 + c z y^x)
        without[0] = ways[0]
        for k in range(1, most + 1):
            without[k] = ways[k]
            without[k, x:] -= c * without[k - 1, :sums - x]
        ks, ts = np.nonzero(without[:most, :sums - x])
        for k, t, w in zip(ks.tolist(), ts.tolist(), without[ks, ts].tolist()):
            last[k + 1, t + x][x] = c * w
    return grouped, last


def _modifier_sets(modifiers: tuple[int, ...]) -> tuple[dict, dict]:
    """Every set M of the modifiers in the deck, grouped by (|M|, sum of its +N, holds x2): how many sets, and for
    each modifier y, how many of them contain y."""
    present = [i for i in range(6) if modifiers[i]]
    ways: dict = {}
    last: dict = {}
    for mask in range(1 << len(present)):
        chosen = [present[b] for b in range(len(present)) if mask >> b & 1]
        key = (len(chosen), sum(MOD_VALUES[i] for i in chosen if i < 5), 5 in chosen)
        ways[key] = ways.get(key, 0) + 1
        group = last.setdefault(key, {})
        for y in chosen:
            group[y] = group.get(y, 0) + 1
    return ways, last


class ThresholdCurve(SequenceABC):
    """The exact expected round score of 'stop as soon as the round score reaches t' for t = 0, 1, ...,
    ``TOP_SCORE``: ``curve[t]`` is a Fraction. Kept as whole numerators over one denominator, so finding the best
    threshold or drawing the curve never reduces a fraction."""

    def __init__(self, numerators: Sequence[int], scale: int) -> None:
        self.numerators, self.scale = tuple(numerators), scale

    def __len__(self) -> int:
        return len(self.numerators)

    def __getitem__(self, t):
        if isinstance(t, slice):
            return [Fraction(n, self.scale) for n in self.numerators[t]]
        return Fraction(self.numerators[t], self.scale)

    def floats(self, stop: int) -> list[float]:
        """The values for t = 0 .. stop - 1, as floats (to draw)."""
        return [n / self.scale for n in self.numerators[:stop]]

    def best(self, stop: int | None = None) -> tuple[int, Fraction]:
        """The smallest threshold below ``stop`` with the largest value, and that value (as odds.best_threshold)."""
        numerators = self.numerators[:stop]
        top = max(numerators)
        return numerators.index(top), Fraction(top, self.scale)


@lru_cache(maxsize=256)
def threshold_curve(counts: tuple[int, ...]) -> ThresholdCurve:
    """The exact expected round score of 'stop as soon as the round score reaches t', for every t from 0 to
    ``TOP_SCORE``, on a deck given as counts in CARDS order (numbers and modifiers, one copy of a modifier at most).

    The fresh numbers+modifiers deck's curve (about 50 ms to work out) is read from the table the kit ships
    (odds.SHIPPED_OPTIMA, checked against solve_threshold_curve by the tests); any other deck is worked out."""
    counts = tuple(counts)
    if counts == DECK_COUNTS[:19] + (0,) * len(ACTIONS):
        from .odds import _shipped_optima

        shipped = _shipped_optima()["numbers+modifiers"].get("threshold curve")
        if shipped is not None:
            return ThresholdCurve([int(n) for n in shipped["numerators"]], int(shipped["scale"]))
    return solve_threshold_curve(counts)


def solve_threshold_curve(counts: tuple[int, ...]) -> ThresholdCurve:
    """threshold_curve worked out, never read from the shipped table.

    One forward pass over the sets of cards a round can hold, instead of one dynamic programme per threshold. The
    score never goes down as cards come, and every order of the same cards is equally likely, so a round that holds
    the set H after its last card z stops there exactly when score(H - z) < t <= score(H) (or H ends the round: a
    Flip 7, or the deck is empty). H is held in some order with chance |H|! (product of copies) / (T)_|H|, and z is
    any of its cards with the same chance: each (H, z) adds its score to the thresholds of one interval.
    """
    numbers, modifiers = counts[:13], counts[13:19]
    total = sum(counts)
    draws = min(total, 7 + sum(1 for m in modifiers if m))
    number_ways, number_last = _number_sets(numbers, min(7, total))
    modifier_ways, modifier_last = _modifier_sets(modifiers)
    # the share of the orders of n cards that end with one given card, on the common denominator (T)_draws
    weight = [factorial(n - 1) * _falling(total - n, draws - n) if n else 0 for n in range(draws + 1)]
    steps = [0] * (TOP_SCORE + 3)  # differences: value(t) = sum of steps[0..t]

    def add(low: int, high: int, amount: int) -> None:
        if low <= high:
            steps[low] += amount
            steps[high + 1] -= amount

    for (k, numbers_sum), w in number_ways.items():
        by_number = number_last[k, numbers_sum]
        for (j, plus, doubled), m in modifier_ways.items():
            n = k + j
            if n == 0 or n > total:
                continue
            score = _round_score(numbers_sum, k, plus, doubled)
            high = TOP_SCORE + 1 if k >= 7 or n == total else score  # a Flip 7 or an empty deck ends the round
            base = score * weight[n]
            for x, ways_x in by_number.items():  # the last card was the number x
                add(_round_score(numbers_sum - x, k - 1, plus, doubled) + 1, high, base * ways_x * m)
            if k < 7:  # the last card was a modifier (after a Flip 7 nothing more is drawn)
                for y, ways_y in modifier_last[j, plus, doubled].items():
                    before = (_round_score(numbers_sum, k, plus, False) if y == 5
                              else _round_score(numbers_sum, k, plus - MOD_VALUES[y], doubled))
                    add(before + 1, high, base * w * ways_y)
    numerators, running = [], 0
    for t in range(TOP_SCORE + 1):
        running += steps[t]
        numerators.append(running)
    return ThresholdCurve(numerators, _falling(total, draws))


@lru_cache(maxsize=1)
def _mask_layers():
    """For every set of numbers as a 13-bit mask: its bits, its sum, and the masks grouped by how many bits."""
    import numpy as np

    masks = np.arange(1 << 13)
    bits = (masks[:, None] >> np.arange(13)) & 1
    size, total = bits.sum(axis=1), bits @ np.arange(13)
    return bits, total, [masks[size == k] for k in range(8)]


@lru_cache(maxsize=256)
def _numbers_table(numbers: tuple[int, ...], factor: int = 1, plus: int = 0):
    """The best play on a numbers-only deck with ``numbers`` copies of 0..12, from every hand at once: V[mask] is
    the optimal value of holding the numbers of ``mask``, times scale[|mask|] (the ways the remaining draws can
    fall, as in odds.solo_optimal). Solved layer by layer, from seven numbers down, on whole numpy arrays.
    ``factor`` (2 with a x2 in front of the player) and ``plus`` (her +N cards) enter every score she could stay
    with, as modifiers already held do: the deck itself has no modifier left."""
    import numpy as np

    bits, sums, layers = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    # V is at most the top score times the ways to draw: 64-bit integers hold it up to well over a hundred cards
    top = factor * sum(range(6, 13)) + plus + FLIP7_BONUS
    values = np.zeros(1 << 13, dtype=np.int64 if (top + 1) * max(total, 1) ** 7 < 2 ** 63 else object)
    for k in range(depth, -1, -1):
        masks = layers[k]
        stay = (sums[masks] * factor + plus + (FLIP7_BONUS if k >= 7 else 0)) * scale[k]
        if k == depth:  # a Flip 7, or every card drawn: the round is over
            values[masks] = stay
            continue
        hit = _hit_worth(values, masks, numbers, bits)
        values[masks] = np.maximum(hit, stay)
    return values, scale


def _hit_worth(values, masks, numbers: tuple[int, ...], bits):
    """What hitting is worth for each hand of a layer (scaled): for each number it does not hold, the copies left
    times the worth of the hand with it; a number it holds busts and adds nothing."""
    import numpy as np

    hit = np.zeros(len(masks), dtype=values.dtype)
    for h, c in enumerate(numbers):
        if c:
            free = bits[masks, h] == 0
            hit[free] += c * values[masks[free] | 1 << h]
    return hit


def _reachable_layers(numbers: tuple[int, ...], depth: int) -> list:
    """The masks of each layer 0..depth that hold only numbers the deck has (the hands a round can reach)."""
    _, _, layers = _mask_layers()
    missing = sum(1 << h for h, c in enumerate(numbers) if not c)
    return [layer[(layer & missing) == 0] for layer in layers[:depth + 1]]


def _int_dtype(total: int, depth: int):
    """int64 when every scaled value (at most (T)_depth, times a top score of 201) fits in it, else Python ints."""
    import numpy as np

    return np.int64 if (TOP_SCORE + 1) * max(total, 1) ** depth < 2 ** 63 else object


def numbers_target_optimum(numbers: Sequence[int], target: int) -> tuple[Fraction, dict]:
    """The best chance to reach ``target`` points in one round on a numbers-only deck with ``numbers[h]`` copies of
    h, and the decisions {hand key: hit?}: what odds._solve(counts, target=target) gives (a tie below the target
    hits), solved layer by layer on numpy arrays instead of hand by hand."""
    import numpy as np

    numbers = tuple(numbers)
    bits, sums, _ = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    values = np.zeros(1 << 13, dtype=_int_dtype(total, depth))
    keys, hits = [], []
    for k, masks in reversed(list(enumerate(_reachable_layers(numbers, depth)))):
        reached = sums[masks] + (FLIP7_BONUS if k >= 7 else 0) >= target
        stay = reached.astype(values.dtype) * scale[k]  # staying is worth 1 (times the ways) once the target is met
        if k == depth:  # a Flip 7, or every card drawn: the round is over
            values[masks] = stay
            continue
        hit = _hit_worth(values, masks, numbers, bits)
        choose = (hit > stay) | (~reached & (hit == stay))
        values[masks] = np.where(choose, hit, stay)
        keys.append(masks)
        hits.append(choose)
    decisions = dict(zip(np.concatenate(keys).tolist(), np.concatenate(hits).tolist())) if keys else {}
    return Fraction(int(values[0]), scale[0]), decisions


def numbers_score_distribution(numbers: Sequence[int], decisions) -> tuple[dict[int, int], int]:
    """How often each round score comes when a lone player plays ``decisions`` {hand key: hit?} on a numbers-only
    deck with ``numbers[h]`` copies of h: ({score: ways}, ways in all), so P(score) = ways / all. A bust scores 0.

    One forward pass, layer by layer: a hand k numbers deep is reached in u ways (ordered draws), each of its
    numbers' copies leads on; a hand that stays (or ends the round) keeps u times the ways the draws it skips fall."""
    import numpy as np

    numbers = tuple(numbers)
    bits, sums, _ = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    hit = np.zeros(1 << 13, dtype=bool)
    hit[np.fromiter((key for key, choice in decisions.items() if choice), dtype=np.int64)] = True
    ways = np.zeros(1 << 13, dtype=_int_dtype(total, depth))
    ways[0] = 1
    counts: dict[int, int] = {}
    for k, masks in enumerate(_reachable_layers(numbers, depth)):
        masks = masks[ways[masks] != 0]
        going = hit[masks] if k < depth else np.zeros(len(masks), dtype=bool)
        stops = masks[~going]
        scores = sums[stops] + (FLIP7_BONUS if k >= 7 else 0)
        for score, u in zip(scores.tolist(), ways[stops].tolist()):
            counts[score] = counts.get(score, 0) + u * scale[k]
        on = masks[going]
        for h, c in enumerate(numbers):
            if c:
                free = on[bits[on, h] == 0]
                ways[free | 1 << h] += c * ways[free]   # (the copies of a number held bust: their ways score 0)
    busts = scale[0] - sum(counts.values())
    if busts:
        counts[0] = counts.get(0, 0) + busts
    return dict(sorted(counts.items())), scale[0]


def numbers_deck_hit(held: Sequence[int], factor: int = 1, plus: int = 0) -> bool:
    """Whether the best play on a fresh numbers-only deck hits with ``held`` in front of the player (and modifiers
    worth x``factor`` and +``plus``); a tie stays. The Optimal bot's question, answered from one table per
    (factor, plus) instead of one dynamic programme per hand."""
    pairs, values, scale = _fresh_deck_tables()
    column = pairs.get((factor, plus))
    if column is None:  # modifiers no real deck holds: one table for them alone
        values, scale = _numbers_table(tuple(DECK_COUNTS[:13]), factor, plus)
    d = len(held)
    if d >= len(scale) - 1:  # seven numbers: the round is over
        return False
    stay = (sum(held) * factor + plus) * scale[d]
    key = sum(1 << h for h in held)
    return bool((values[key] if column is None else values[key, column]) > stay)


@lru_cache(maxsize=1)
def _fresh_deck_tables():
    """_numbers_table of the fresh numbers deck for every modifiers a player can hold (x1 or x2, +0 to +30), all
    in one pass: the same layered programme, one column per (factor, plus). Returns ({(factor, plus): column},
    the values, scale)."""
    import numpy as np

    pairs = [(factor, plus) for factor in (1, 2) for plus in range(0, sum(MOD_VALUES) + 1, 2)]
    factors = np.array([f for f, _ in pairs])
    pluses = np.array([p for _, p in pairs])
    numbers = tuple(DECK_COUNTS[:13])
    bits, sums, layers = _mask_layers()
    total = sum(numbers)
    depth = min(total, 7)
    scale = [_falling(total - d, depth - d) for d in range(depth + 1)]
    values = np.zeros((1 << 13, len(pairs)), dtype=np.int64)  # at most 201 x 79^7: far inside 64 bits
    for k in range(depth, -1, -1):
        masks = layers[k]
        stay = (sums[masks, None] * factors + pluses + (FLIP7_BONUS if k >= 7 else 0)) * scale[k]
        if k == depth:
            values[masks] = stay
            continue
        hit = np.zeros_like(stay)
        for h, c in enumerate(numbers):
            if c:
                free = bits[masks, h] == 0
                hit[free] += c * values[masks[free] | 1 << h]
        values[masks] = np.maximum(hit, stay)
    return {pair: i for i, pair in enumerate(pairs)}, values, scale


def numbers_optimum(numbers: Sequence[int]) -> Fraction:
    """The exact expected round score of the best play on a numbers-only deck with ``numbers[h]`` copies of h:
    solo_optimal's value (``solo_optimal('numbers').value`` for the real deck)."""
    values, scale = _numbers_table(tuple(numbers))
    return Fraction(int(values[0]), scale[0])


def optimum_value(counts: tuple[int, ...]) -> Fraction:
    """The exact expected round score of the best play on a deck of numbers and modifiers given as counts in CARDS
    order (one copy of a modifier at most): the dynamic programme of odds.solo_optimal, value only (no table kept).
    A numbers-only deck goes to the layered ``numbers_optimum``; with modifiers it takes up to a second or two."""
    counts = tuple(counts)
    if not any(counts[13:]):
        return numbers_optimum(counts[:13])
    return _optimum_with_modifiers(counts)


@lru_cache(maxsize=32)
def _optimum_with_modifiers(counts: tuple[int, ...]) -> Fraction:
    from .odds import _solve  # the one dynamic programme over hands with modifiers, value only here

    return _solve(counts, want_table=False)[0]


def optimal_advice(held: Sequence[int], numbers_seen: Sequence[int] = ()) -> str:
    """'hit' or 'stay' for a lone player holding ``held`` on the numbers-only deck minus ``numbers_seen``: what
    ``solo_optimal('numbers', seen=numbers_seen).advice(held)`` says (a tie stays)."""
    numbers = list(DECK_COUNTS[:13])
    for card in numbers_seen:
        numbers[card] -= 1
    values, scale = _numbers_table(tuple(numbers))
    d = len(held)
    if d >= len(scale) - 1:  # seven numbers, or no card left: nothing to decide
        return "stay"
    stay = sum(held) * scale[d]
    return "hit" if values[sum(1 << h for h in held)] > stay else "stay"


def still_in(numbers: Sequence[int], k: int) -> Fraction:
    """P(no bust among the first k numbers drawn) for a player who never stops: k! e_k(c) / (T)_k, with e_k the
    k-th elementary symmetric polynomial of the copies c_h and T the number cards (modifiers never bust)."""
    elementary = [1] + [0] * 13  # the coefficients of prod (1 + c_h x)
    for c in numbers:
        for i in range(13, 0, -1):
            elementary[i] += c * elementary[i - 1]
    total = sum(numbers)
    if k > total:
        return Fraction(0)
    return Fraction(factorial(k) * elementary[k], _falling(total, k))


def next_card(left: Sequence[int], held: Sequence[int]) -> tuple[Fraction, Fraction]:
    """P(the next card busts) and the expected gain of one more card, for a player holding the numbers ``held``
    (no modifier) when ``left`` (counts in CARDS order) is the deck left: the formulas of odds.bust_probability and
    odds.expected_gain (an action card changes nothing), straight from the counts."""
    total, numbers_sum = sum(left), sum(held)
    if not total:
        raise ValueError("no card is left in the deck, so there is no next card")
    busting = sum(left[h] for h in held)
    change = -_round_score(numbers_sum, len(held), 0, False) * busting  # a bust loses the whole score
    bonus = FLIP7_BONUS if len(held) == 6 else 0  # the seventh number brings the bonus
    for card, count in zip(CARDS, left):
        if not count or card in held or card in ACTIONS:
            continue
        if isinstance(card, int):
            change += count * (card + bonus)
        else:
            change += count * (numbers_sum if card == "x2" else int(card[1:]))
    return Fraction(busting, total), Fraction(change, total)
