"""A lone player's best Flip 7 round with every kind of card: numbers, modifiers, Second Chance, Freeze and Flip Three.

The player targets himself with every action card (he is alone). A state is what the player holds and what is out
of the deck: the numbers held, how many duplicates a Second Chance saved of each (a save discards the duplicate, so
that copy is out of the deck too), the modifiers, whether a Second Chance is held and how many have come out, how
many Flip Threes and Freezes have come out, and, during a Flip Three, the forced draws still to come and the action
cards waiting. Two states with the same number of cards drawn ``d`` share the deck size ``T - d``.

The dynamic programme is the one of ``odds._solve``, scaled: a state ``d`` cards deep is worth its value times
``P_d = (T - d)(T - d - 1)...(T - D + 1)`` (``D`` bounds the cards a round can draw), so that a draw is a plain sum
``W_d = sum(copies left of the card * W_{d+1} of the state it leads to)`` with no division. Two arithmetics run it:

- exact: ``W`` as whole numbers of up to 192 bits, held in 32-bit limbs of numpy ``uint64`` arrays (a sum of
  small multiples never overflows a limb; carries are settled once per state), so ``max`` is exact;
- float64: the same sums in doubles, for the all-cards deck, whose billion states do not fit in memory as big whole
  numbers (two adjacent layers of states are kept; in doubles they take about 4.5 GiB).

numpy runs it: the states of one (number layer, Second Chance state, action state) block are done at once, over all
hands of numbers and all modifier sets, with gathers from the layer above; no compiler is needed, so the same code
runs wherever the kit runs (Pyodide included, for the small decks).
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import prod
from pathlib import Path

import numpy as np

from .rules import (
    CARDS,
    DECK_COUNTS,
    FLIP7_BONUS,
    FLIP_THREE,
    FREEZE,
    INDEX,
    MODIFIERS,
    SECOND_CHANCE,
    TIMES_TWO,
    parse_card,
)

__all__ = ["READINGS", "BIG_DECKS", "SoloSolution", "solve_solo", "big_deck_counts", "shipped_all", "SHIPPED_ALL"]

READINGS = ("stack", "in order")
"""How action cards revealed during a Flip Three are resolved (RULINGS.md, section 1):
'stack': a Flip Three adds its three draws at once and a Freeze waits until every forced draw is done (the public
solo analysis); 'in order': they wait and are resolved one after another in the order revealed, each completely,
as the kit's rules engine does (a Freeze revealed before a Flip Three then stops the player before its draws)."""

BIG_DECKS = {
    "numbers+modifiers+second-chance": DECK_COUNTS[:19] + (0, 0, 3),
    "all": DECK_COUNTS,
}
SHIPPED_ALL = "solo_all.npz"
STAY_NOW = -1          # an action-state transition that ends the round with the hand as it is (a Freeze resolves)
CHUNK = 1 << 22        # values gathered at once (32 MiB of doubles): bounds the memory of a block's sums
LIMB = 32              # exact values are held in 32-bit limbs, one per uint64 (room for the carries of a sum)
MOD_PLUS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10, TIMES_TWO: 0}


# ---------------------------------------------------------------------------------------------------------
# the deck and the three parts of a state: numbers (with saved duplicates), Second Chance, action cards

@dataclass(frozen=True)
class Deck:
    """A deck for the solver: copies of each number, the modifiers (one each at most), and the action cards."""

    numbers: tuple[int, ...]   # copies of 0..12
    modifiers: tuple[str, ...]  # the modifiers in the deck, in MODIFIERS order
    second_chances: int
    flip_threes: int
    freezes: int
    flip_at: int = 7

    @property
    def total(self) -> int:
        """The cards in the deck."""
        return sum(self.numbers) + len(self.modifiers) + self.second_chances + self.flip_threes + self.freezes

    @property
    def max_draws(self) -> int:
        """A bound on the cards one round can draw: the numbers of a Flip, a saved duplicate per Second Chance,
        every other card, and the card that ends it."""
        bound = self.flip_at + 2 * self.second_chances + len(self.modifiers) + self.flip_threes + self.freezes + 1
        return min(self.total, bound)

    def counts(self) -> tuple[int, ...]:
        """The deck as counts in CARDS order."""
        out = list(self.numbers) + [int(m in self.modifiers) for m in MODIFIERS]
        return tuple(out + [self.freezes, self.flip_threes, self.second_chances])


def deck_from_counts(counts: Iterable[int], flip_at: int = 7) -> Deck:
    """A solver deck from counts in CARDS order (checked: the real deck's copies at most, one of each modifier)."""
    counts = tuple(counts)
    if len(counts) != len(CARDS) or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"a deck is {len(CARDS)} whole numbers of copies, in the order of rules.CARDS")
    for card, have, most in zip(CARDS, counts, DECK_COUNTS):
        if have > most:
            raise ValueError(f"the real deck has {most} card(s) {card}, not {have}")
    if isinstance(flip_at, bool) or not isinstance(flip_at, int) or not 1 <= flip_at <= 7:
        raise ValueError("flip_at must be a whole number from 1 to 7")
    mods = tuple(m for m in MODIFIERS if counts[INDEX[m]])
    return Deck(counts[:13], mods, counts[INDEX[SECOND_CHANCE]], counts[INDEX[FLIP_THREE]], counts[INDEX[FREEZE]],
                flip_at)


def _config_key(numbers: Iterable[int], saved: dict) -> int:
    """A hand of numbers and its saved duplicates as one whole number: 13 bits of numbers, then 2 bits per number."""
    key = sum(1 << v for v in numbers)
    for v, n in saved.items():
        key |= n << (13 + 2 * v)
    return key


@dataclass
class NumberLayer:
    """The hands of numbers ``a`` cards deep with ``E`` saved duplicates, and where each number drawn leads."""

    a: int
    saves: int
    keys: np.ndarray           # sorted config keys
    sums: np.ndarray           # sum of the numbers held
    held: int                  # how many numbers are held (a - saves)
    drawable: np.ndarray = None     # the numbers the deck has
    add_copies: np.ndarray = None   # their copies in the deck (a number not held has all its copies left)
    add_to: np.ndarray = None       # [hand, v] -> index in layer (a+1, E) if v is not held (else its zero row)
    save_to: np.ndarray = None      # [hand, v] -> index in layer (a+1, E+1) if v is held (else its zero row)
    save_copies: np.ndarray = None  # [hand, v]: copies of a held v still in the deck (what a save draws)
    new_copies: np.ndarray = None   # [hand]: cards in the deck that are a number not held
    new_copies_value: np.ndarray = None  # [hand]: their total value

    @property
    def size(self) -> int:
        """How many hands."""
        return len(self.keys)


def _number_layers(deck: Deck) -> dict[tuple[int, int], NumberLayer]:
    """Every hand of numbers that can be held mid-round (fewer than flip_at), with 0..S saved duplicates."""
    present = [v for v in range(13) if deck.numbers[v]]
    found: dict[tuple[int, int], list[int]] = {}
    for k in range(min(deck.flip_at, len(present) + 1)):
        for hand in combinations(present, k):
            base = sum(1 << v for v in hand)
            for saves in range(min(deck.second_chances, 3 * k) + 1):
                # saves = a multiset of held numbers, at most copies - 1 of each (the held one is out too)
                for pick in combinations_with_replacement(hand, saves):
                    key = base
                    for v in pick:
                        key += 1 << (13 + 2 * v)
                    if all((key >> (13 + 2 * v) & 3) < deck.numbers[v] and pick.count(v) <= 3 for v in set(pick)):
                        found.setdefault((k + saves, saves), []).append(key)
    layers = {}
    for (a, e), keys in found.items():
        keys = np.array(sorted(set(keys)), dtype=np.int64)
        sums = sum(v * (keys >> v & 1) for v in range(13))
        layers[a, e] = NumberLayer(a, e, keys, sums, a - e)
    for (a, e), layer in layers.items():
        _link(layer, layers.get((a + 1, e)), layers.get((a + 1, e + 1)), deck)
    return layers


def _link(layer: NumberLayer, plus_one: NumberLayer | None, saved_one: NumberLayer | None, deck: Deck) -> None:
    """Fill a layer's transitions: index of the hand after each number (the zero row when there is none)."""
    n = layer.size
    keys = layer.keys
    copies = np.array(deck.numbers, dtype=np.int64)
    layer.drawable = np.flatnonzero(copies)
    layer.add_copies = copies[layer.drawable]
    layer.add_to = np.full((n, 13), plus_one.size if plus_one is not None else 0, dtype=np.int64)
    layer.save_to = np.full((n, 13), saved_one.size if saved_one is not None else 0, dtype=np.int64)
    held = np.stack([(keys >> v & 1).astype(bool) for v in range(13)], axis=1)
    saved = np.stack([keys >> (13 + 2 * v) & 3 for v in range(13)], axis=1)
    layer.save_copies = np.where(held, copies - 1 - saved, 0)
    layer.new_copies = np.where(held, 0, copies).sum(axis=1)
    layer.new_copies_value = np.where(held, 0, copies * np.arange(13)).sum(axis=1)
    for v in layer.drawable:
        if plus_one is not None and layer.held + 1 < deck.flip_at:
            rows = np.flatnonzero(~held[:, v])
            layer.add_to[rows, v] = _positions(plus_one.keys, keys[rows] | 1 << v)
        if saved_one is not None:
            rows = np.flatnonzero(held[:, v] & (layer.save_copies[:, v] > 0))
            layer.save_to[rows, v] = _positions(saved_one.keys, keys[rows] + (1 << (13 + 2 * v)))


def _positions(sorted_keys: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Where each wanted key sits in a sorted key array (every one must be there)."""
    at = np.searchsorted(sorted_keys, wanted)
    if len(wanted) and (at.max() >= len(sorted_keys) or not np.array_equal(sorted_keys[at], wanted)):
        raise AssertionError("a hand of numbers leads to a hand that was not enumerated")
    return at


def _second_chance_states(second_chances: int, saves: int) -> list[tuple[int, int]]:
    """(held, seen) pairs possible after ``saves`` saves: each save used a Second Chance that came out of the deck."""
    if second_chances == 0:
        return [(0, 0)] if saves == 0 else []
    return [(held, seen) for seen in range(second_chances, -1, -1) for held in (0, 1) if seen - held >= saves]


@dataclass
class ActionStates:
    """The states of the Freeze and Flip Three cards: which came out, and the forced draws and cards waiting."""

    states: list            # the states, as tuples (flip threes out, freezes out, ...reading's details)
    free: np.ndarray        # True where the player chooses hit or stay
    flip_threes: np.ndarray  # Flip Threes out of the deck in each state
    freezes: np.ndarray     # Freezes out of the deck in each state
    after_other: np.ndarray  # the state after a number, modifier or Second Chance (STAY_NOW: a Freeze resolves)
    after_flip_three: np.ndarray
    after_freeze: np.ndarray
    order: list             # successors before predecessors
    free_index: dict        # flip threes out -> the free state

    @property
    def size(self) -> int:
        """How many action states."""
        return len(self.states)


def _action_states(flip_threes: int, freezes: int, reading: str) -> ActionStates:
    """The action-card machine of one reading, built by walking it from the start of the round."""
    step = _stack_step if reading == "stack" else _in_order_step
    start = (0, 0, 0, 0, 0, 0, 0)  # flip threes out, freezes out, forced draws left, then the reading's details
    index, todo, edges = {start: 0}, [start], {}
    while todo:
        state = todo.pop()
        nxt = []
        for card in ("other", FLIP_THREE, FREEZE):
            if card == FLIP_THREE and state[0] >= flip_threes or card == FREEZE and state[1] >= freezes:
                nxt.append(None)
                continue
            after = step(state, card)
            if after is not None and after != STAY_NOW and after not in index:
                index[after] = len(index)
                todo.append(after)
            nxt.append(after)
        edges[state] = nxt
    states = sorted(index, key=index.get)

    def code(s):
        return STAY_NOW if s == STAY_NOW else -2 if s is None else index[s]

    other, f3, fz = (np.array([code(edges[s][i]) for s in states], dtype=np.int64) for i in range(3))
    order: list[int] = []
    seen: set[int] = set()

    def visit(i: int) -> None:  # depth-first: a state's successors are listed before it
        seen.add(i)
        for j in (other[i], f3[i], fz[i]):
            if j >= 0 and j != i and j not in seen:
                visit(int(j))
        order.append(i)

    for i in range(len(states)):
        if i not in seen:
            visit(i)
    free = np.array([s[2] == 0 for s in states])
    return ActionStates(states, free, np.array([s[0] for s in states]), np.array([s[1] for s in states]),
                        other, f3, fz, order, {s[0]: i for i, s in enumerate(states) if s[2] == 0})


def _stack_step(state: tuple, card: str):
    """'stack': a Flip Three adds three forced draws; a Freeze drawn while forced waits for the last of them."""
    f3, fz, forced = state[:3]
    if forced == 0:  # a free draw
        if card == FLIP_THREE:
            return (f3 + 1, fz, 3, 0, 0, 0, 0)
        return STAY_NOW if card == FREEZE else state
    left = forced - 1
    if card == FLIP_THREE:
        return (f3 + 1, fz, left + 3, 0, 0, 0, 0)
    if card == FREEZE:
        fz += 1
    if left > 0:
        return (f3, fz, left, 0, 0, 0, 0)
    return STAY_NOW if fz > state[1] or _freeze_waits(state) else (f3, 0, 0, 0, 0, 0, 0)


def _freeze_waits(state: tuple) -> bool:
    """In 'stack', a Freeze out of the deck during forced draws is one still waiting (a resolved one ends the round)."""
    return state[1] > 0


def _in_order_step(state: tuple, card: str):
    """'in order' (the rules engine): cards revealed during a Flip Three wait in a queue, the current Flip Three's
    before the older ones, and are resolved one after another; whatever comes after a waiting Freeze never resolves.

    Details: (F3s waiting from this Flip Three, a Freeze waiting from it, F3s waiting from before, a Freeze from
    before); a Freeze from this Flip Three comes before the older cards, which are then never reached.
    """
    f3, fz, forced, mine, my_freeze, older, old_freeze = state
    if forced == 0:
        if card == FLIP_THREE:
            return (f3 + 1, fz, 3, 0, 0, 0, 0)
        return STAY_NOW if card == FREEZE else state
    if card == FLIP_THREE:
        f3 += 1
        if not my_freeze:
            mine += 1
    elif card == FREEZE:
        fz += 1
        if not my_freeze:
            my_freeze, older, old_freeze = 1, 0, 0
    if forced > 1:
        return (f3, fz, forced - 1, mine, my_freeze, older, old_freeze)
    # this Flip Three is done: the queue is its own cards, then the older ones (cut after a Freeze)
    queue_f3 = mine + (0 if my_freeze else older)
    queue_freeze = my_freeze or old_freeze
    if queue_f3:
        return (f3, fz, 3, 0, 0, queue_f3 - 1, queue_freeze)
    return STAY_NOW if queue_freeze else (f3, 0, 0, 0, 0, 0, 0)


# ---------------------------------------------------------------------------------------------------------
# the two arithmetics: float64, and exact whole numbers in 32-bit limbs

class _Floats:
    """Values as doubles (one 'limb')."""

    limbs = 1
    dtype = np.float64

    def __init__(self, scales: list[int]) -> None:
        self.scales = np.array([float(s) for s in scales])[:, None]  # P_d as (depth, 1)

    def scaled(self, score: np.ndarray, depth: np.ndarray) -> np.ndarray:
        """score[hand, modifier set] * P_depth[modifier set], shaped (hands, modifier sets, limbs)."""
        return score[..., None] * self.scales[depth][None]

    def settle(self, x: np.ndarray) -> np.ndarray:
        """Nothing to carry in doubles."""
        return x

    def greater(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """a > b, elementwise over the last axis's value."""
        return a[..., 0] > b[..., 0]

    def number(self, x: np.ndarray):
        """A value as a Python number."""
        return float(x[0])


class _Exact:
    """Values as whole numbers in ``limbs`` 32-bit limbs (least significant first), one per uint64."""

    dtype = np.uint64

    def __init__(self, scales: list[int], top: int) -> None:
        self.limbs = (max(scales[0] * top, 1).bit_length() + LIMB) // LIMB + 1
        self.scales = np.array([self._split(s) for s in scales], dtype=np.uint64)  # P_d as (depth, limbs)

    def _split(self, n: int) -> list[int]:
        return [(n >> (LIMB * i)) & 0xFFFFFFFF for i in range(self.limbs)]

    def scaled(self, score: np.ndarray, depth: np.ndarray) -> np.ndarray:
        """score[hand, modifier set] * P_depth[modifier set], shaped (hands, modifier sets, limbs), carries not
        settled (a score times a limb stays far below 2**64)."""
        return score.astype(np.uint64)[..., None] * self.scales[depth][None]

    def settle(self, x: np.ndarray) -> np.ndarray:
        """Carry each limb's overflow into the next, in place, so every limb but the top is below 2**32."""
        for i in range(self.limbs - 1):
            x[..., i + 1] += x[..., i] >> np.uint64(LIMB)
            x[..., i] &= np.uint64(0xFFFFFFFF)
        return x

    def greater(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """a > b for settled values, compared limb by limb from the top."""
        more = np.zeros(a.shape[:-1], dtype=bool)
        same = np.ones(a.shape[:-1], dtype=bool)
        for i in reversed(range(self.limbs)):
            more |= same & (a[..., i] > b[..., i])
            same &= a[..., i] == b[..., i]
        return more

    def number(self, x: np.ndarray) -> int:
        """A settled value as a Python int."""
        return sum(int(limb) << (LIMB * i) for i, limb in enumerate(x.tolist()))


def _gather_sum(out: np.ndarray, source: np.ndarray, index: np.ndarray, weights: np.ndarray) -> None:
    """out[r] += sum over k of weights[(r,) k] * source[index[r, k]], a few thousand rows at a time (the gathered
    rows are laid out k first, so the weighted sum is one dot product over a contiguous block)."""
    n, k = index.shape
    if not k:
        return
    rows = max(1, CHUNK // (k * source[0].size))
    for lo in range(0, n, rows):
        hi = min(n, lo + rows)
        block = source[index[lo:hi].T]                         # (k, rows, modifier sets, limbs)
        if weights.ndim == 1:
            out[lo:hi] += np.tensordot(weights.astype(out.dtype), block, axes=1)
        else:
            out[lo:hi] += np.einsum("kr,krml->rml", weights[lo:hi].T.astype(out.dtype), block)


# ---------------------------------------------------------------------------------------------------------
# the solve

@dataclass
class SoloSolution:
    """The best hit/stay play of a lone player in one round, with its value (exact, or float64 for the big deck).

    ``policy`` holds one bit per free state (True: hit), block by block in the order of ``layout``.
    """

    deck: str
    counts: tuple
    reading: str
    exact: bool
    value: object                 # Fraction (exact) or float
    states: int                   # states solved (free and forced)
    seconds: float = 0.0
    layout: list = field(default_factory=list, repr=False)  # (a, E, keys, second-chance states, free act F3s)
    policy: list = field(default_factory=list, repr=False)  # packed bits, one array per layout entry
    near_ties: int = 0            # free states whose hit and stay values differ by less than 1e-12 (relative)
    flip_at: int = 7
    peak_bytes: int = 0           # the solving process's peak memory, when it was measured

    @property
    def model(self) -> str:
        """Which model the advice comes from, in words."""
        names = {"all": "all 94 cards", "numbers+modifiers+second-chance": "numbers, modifiers and Second Chance",
                 "numbers+modifiers": "numbers and modifiers", "numbers": "numbers only"}
        return f"best solo play, {names.get(self.deck, 'the deck ' + self.deck)}"

    def hit(self, held, modifiers=(), *, second_chance: bool = False, seen=()) -> bool:
        """The advice in this position: True means hit. ``seen`` lists this round's cards that are out of the deck
        but not in front of the player: each duplicate a Second Chance saved and that Second Chance, an extra
        Second Chance discarded, the Flip Threes played on him."""
        layer, index, block, mods = self._position(held, modifiers, second_chance, seen)
        packed = self.policy[layer]
        bit = (block * self.layout[layer][2].size + index) * (1 << len(self.modifiers)) + mods
        return bool(packed[bit >> 3] >> (7 - (bit & 7)) & 1)

    def advice(self, held, modifiers=(), *, second_chance: bool = False, seen=()) -> str:
        """'hit' or 'stay' in this position."""
        return "hit" if self.hit(held, modifiers, second_chance=second_chance, seen=seen) else "stay"

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The modifiers of the deck, in the order of the modifier-set bits."""
        return tuple(m for m in MODIFIERS if self.counts[INDEX[m]])

    def _position(self, held, modifiers, second_chance, seen) -> tuple[int, int, int, int]:
        """Where a position's decision sits: (layer, hand, block, modifier set); refuses impossible positions."""
        numbers, mods, out = _check_position(held, modifiers, second_chance, seen, self)
        saved = {v: out.count(v) for v in set(out) if isinstance(v, int)}
        chances = out.count(SECOND_CHANCE) + bool(second_chance)
        if out.count(SECOND_CHANCE) < sum(saved.values()):
            raise ValueError("each duplicate a Second Chance saved discarded that Second Chance too: list it in seen")
        key = _config_key(numbers, saved)
        place = [i for i, entry in enumerate(self.layout) if entry[0] == len(numbers) + sum(saved.values())
                 and entry[1] == sum(saved.values())]
        keys = self.layout[place[0]][2] if place else np.zeros(0, dtype=np.int64)
        index = int(np.searchsorted(keys, key))
        if not place or index >= len(keys) or keys[index] != key:
            raise ValueError(f"this hand cannot come from the deck {self.deck}")
        a, saves, keys, scs, free_f3 = self.layout[place[0]]
        flip_threes = out.count(FLIP_THREE)
        if (int(second_chance), chances) not in scs or flip_threes not in free_f3:
            raise ValueError(f"the deck {self.deck} does not have that many Second Chances or Flip Threes")
        block = scs.index((int(second_chance), chances)) * len(free_f3) + free_f3.index(flip_threes)
        mask = sum(1 << self.modifiers.index(m) for m in mods)
        return place[0], index, block, mask

    def save(self, path) -> None:
        """Write the solution (value, model, policy bits) to an .npz file."""
        np.savez_compressed(path, **self.arrays("table"))

    def arrays(self, prefix: str) -> dict:
        """The solution as named numpy arrays (what save writes), each name starting with ``prefix``."""
        meta = {"deck": self.deck, "counts": list(self.counts), "reading": self.reading, "exact": self.exact,
                "value": str(self.value) if self.exact else repr(self.value), "states": self.states,
                "seconds": self.seconds, "near_ties": self.near_ties, "flip_at": self.flip_at,
                "free_flip_threes": self.layout[0][4] if self.layout else [], "peak_bytes": self.peak_bytes}
        layers = np.array([(a, e, len(keys), len(bits)) for (a, e, keys, _, _), bits in zip(self.layout, self.policy)],
                          dtype=np.int64).reshape(-1, 4)
        return {f"{prefix}.meta": np.array(json.dumps(meta)), f"{prefix}.layers": layers,
                f"{prefix}.keys": np.concatenate([entry[2] for entry in self.layout]),
                f"{prefix}.bits": np.concatenate(self.policy)}

    @classmethod
    def from_arrays(cls, arrays, prefix: str) -> SoloSolution:
        """A solution from the arrays ``arrays()`` made (an open .npz file or a dict)."""
        meta = json.loads(str(arrays[f"{prefix}.meta"]))
        counts = tuple(meta["counts"])
        keys, bits = arrays[f"{prefix}.keys"], arrays[f"{prefix}.bits"]
        layout, policy, k0, b0 = [], [], 0, 0
        for a, e, n_keys, n_bits in arrays[f"{prefix}.layers"].tolist():
            scs = _second_chance_states(counts[INDEX[SECOND_CHANCE]], e)
            layout.append((a, e, keys[k0:k0 + n_keys], scs, list(meta["free_flip_threes"])))
            policy.append(bits[b0:b0 + n_bits])
            k0, b0 = k0 + n_keys, b0 + n_bits
        value = Fraction(meta["value"]) if meta["exact"] else float(meta["value"])
        return cls(meta["deck"], counts, meta["reading"], meta["exact"], value, meta["states"], meta["seconds"],
                   layout, policy, meta["near_ties"], meta["flip_at"], meta.get("peak_bytes", 0))

    @classmethod
    def load(cls, path) -> SoloSolution:
        """A solution that ``save`` wrote."""
        with np.load(path) as table:
            return cls.from_arrays({name: table[name] for name in table.files}, "table")


def solve_solo(counts, *, exact: bool = True, reading: str = "stack", flip_at: int = 7, name: str = "",
               progress: Callable[[str], None] | None = None) -> SoloSolution:
    """Solve a lone player's round on the deck ``counts`` (CARDS order): the best expected score and its policy."""
    if reading not in READINGS:
        raise ValueError(f"reading is one of {READINGS}, not {reading!r}")
    deck = deck_from_counts(counts, flip_at)
    start = time.perf_counter()
    layers = _number_layers(deck)
    acts = _action_states(deck.flip_threes, deck.freezes, reading)
    depth = deck.max_draws
    scales = [prod(range(deck.total - depth + 1, deck.total - d + 1)) for d in range(depth + 2)]
    top = 2 * sum(v for v in range(13) if deck.numbers[v]) + 30 + FLIP7_BONUS
    arith = _Exact(scales, top) if exact else _Floats(scales)
    solver = _Solver(deck, layers, acts, arith, depth, progress)
    root = solver.run()
    value = Fraction(arith.number(root), scales[0]) if exact else arith.number(root) / scales[0]
    return SoloSolution(name or _deck_name(deck), deck.counts(), reading, exact, value, solver.states,
                        time.perf_counter() - start, solver.layout, solver.policy, solver.near_ties, flip_at)


def _deck_name(deck: Deck) -> str:
    named = dict(BIG_DECKS, **{"numbers": DECK_COUNTS[:13] + (0,) * 9, "numbers+modifiers": DECK_COUNTS[:19] + (0,) * 3})
    for name, counts in named.items():
        if deck.counts() == counts:
            return name
    return "{" + ", ".join(f"{c}: {n}" for c, n in zip(CARDS, deck.counts()) if n) + "}"


class _Solver:
    """One solve: number layers from the deepest up, each block of states at once."""

    def __init__(self, deck: Deck, layers: dict, acts: ActionStates, arith, depth: int, progress) -> None:
        self.deck, self.layers, self.acts, self.arith, self.depth = deck, layers, acts, arith, depth
        self.progress = progress
        mods = deck.modifiers
        self.n_mods = 1 << len(mods)
        masks = np.arange(self.n_mods)
        self.mod_count = np.array([bin(m).count("1") for m in range(self.n_mods)])
        self.plus = np.array([sum(MOD_PLUS[x] for i, x in enumerate(mods) if m >> i & 1) for m in range(self.n_mods)])
        doubles = [i for i, x in enumerate(mods) if x == TIMES_TWO]
        self.double = np.where(masks >> doubles[0] & 1, 2, 1) if doubles else np.ones(self.n_mods, dtype=np.int64)
        self.states = 0
        self.near_ties = 0
        self.layout: list = []
        self.policy: list = []

    def run(self) -> np.ndarray:
        """Solve every layer, deepest first; returns the start state's scaled value."""
        above: dict = {}
        top = max(a for a, _ in self.layers)
        for a in range(top, -1, -1):
            here = {}
            for e in sorted(e for (aa, e) in self.layers if aa == a):
                here[e] = self._solve_layer(self.layers[a, e], above)
                if self.progress:
                    self.progress(f"layer {a} cards of numbers, {e} saved: {self.layers[a, e].size} hands")
            above = here
        root_sc = _second_chance_states(self.deck.second_chances, 0).index((0, 0))
        return above[0][root_sc, self.acts.free_index[0], 0, 0].copy()

    def _solve_layer(self, layer: NumberLayer, above: dict) -> np.ndarray:
        """Every state of one number layer: blocks (Second Chance state, action state) in dependency order."""
        deck, acts, arith = self.deck, self.acts, self.arith
        scs = _second_chance_states(deck.second_chances, layer.saves)
        values = np.zeros((len(scs), acts.size, layer.size + 1, self.n_mods, arith.limbs), dtype=arith.dtype)
        free_acts = [i for i in range(acts.size) if acts.free[i]]
        bits = np.zeros((len(scs), len(free_acts), layer.size, self.n_mods), dtype=bool)
        scores = layer.sums[:, None] * self.double[None, :] + self.plus[None, :]
        for s, (held, seen) in enumerate(scs):
            for act in acts.order:
                block = self._block(layer, above, values, scs, s, held, seen, act, scores)
                if acts.free[act]:
                    hit, stay, depth = block
                    self._choose(layer, values, bits, s, free_acts.index(act), act, hit, stay, depth, scores)
                else:
                    values[s, act, :layer.size] = block
        self.states += len(scs) * acts.size * layer.size * self.n_mods
        self.layout.append((layer.a, layer.saves, layer.keys, scs, [int(acts.flip_threes[i]) for i in free_acts]))
        self.policy.append(np.packbits(bits.ravel()))
        return values

    def _block(self, layer, above, values, scs, s, held, seen, act, scores):
        """The states (this layer, Second Chance state s, action state act) for every hand and modifier set.

        Returns the settled value for a forced state, or (hit without the within-block modifier draws, stay,
        depth) for a free state, whose modifier draws lead to states of the same block (done in _choose).
        """
        deck, acts, arith = self.deck, self.acts, self.arith
        f3, fz = int(acts.flip_threes[act]), int(acts.freezes[act])
        depth = layer.a + self.mod_count + seen + f3 + fz          # cards drawn, per modifier set
        after = int(acts.after_other[act])                         # the action state after a plain card
        n = layer.size
        hit = np.zeros((n, self.n_mods, arith.limbs), dtype=arith.dtype)
        # every draw that ends the round is worth its score one card deeper: their scores, weighted by the copies
        # that lead there, are added up first and scaled once
        ending = np.zeros((n, self.n_mods), dtype=np.int64)
        ends = after == STAY_NOW
        # a number not held: a new hand one layer deeper, or a Flip (the bonus), or the end of the forced draws
        flip = layer.held + 1 >= deck.flip_at
        if flip or ends:
            copies, weighted = layer.new_copies, layer.new_copies_value
            ending += (layer.sums * copies + weighted)[:, None] * self.double + copies[:, None] * self.plus
            if flip:
                ending += FLIP7_BONUS * copies[:, None]
        elif layer.saves in above:  # (no deeper layer: every number of the deck is held already)
            _gather_sum(hit, above[layer.saves][s, after], layer.add_to[:, layer.drawable], layer.add_copies)
        # a number held, with a Second Chance: saved (the duplicate and the Second Chance are discarded)
        if held:
            if ends:
                ending += layer.save_copies.sum(axis=1)[:, None] * scores
            elif layer.saves + 1 in above:  # (no deeper layer: no held number has a copy left)
                saved_scs = _second_chance_states(deck.second_chances, layer.saves + 1)
                target = above[layer.saves + 1][saved_scs.index((0, seen)), after]
                _gather_sum(hit, target, layer.save_to[:, layer.drawable], layer.save_copies[:, layer.drawable])
        # a Second Chance (kept, or discarded when one is held), a Flip Three, a Freeze
        moves = [(deck.second_chances - seen, scs.index((1, seen + 1)) if seen < deck.second_chances else s, after),
                 (deck.flip_threes - f3, s, int(acts.after_flip_three[act])),
                 (deck.freezes - fz, s, int(acts.after_freeze[act]))]
        for left, to_s, to_act in moves:
            if not left:
                continue
            if to_act == STAY_NOW:  # (in order, even a Flip Three after a waiting Freeze can end the forced draws)
                ending += left * scores
            else:
                hit += arith.dtype(left) * values[to_s, to_act, :n]
        if not acts.free[act]:  # a forced draw of a modifier leads to another block (done already), or ends it
            self._add_modifiers(hit, ending, None if ends else values[s, after, :n], layer.sums)
        hit += arith.scaled(ending, depth + 1)
        stay = arith.scaled(scores, depth)
        if acts.free[act]:
            return hit, stay, depth
        arith.settle(hit)
        empty = depth >= deck.total                                 # no card left: the forced draws stop
        if empty.any():
            hit[:, empty] = arith.settle(stay[:, empty].copy())
        return hit

    def _add_modifiers(self, hit, ending, target, sums) -> None:
        """Forced states: each modifier not held leads to the block ``target`` (None: the round ends there)."""
        masks = np.arange(self.n_mods)
        for i in range(len(self.deck.modifiers)):
            rows = masks[(masks >> i & 1) == 0]
            if target is None:
                ending[:, rows] += sums[:, None] * self.double[rows | 1 << i] + self.plus[rows | 1 << i]
            else:
                hit[:, rows] += target[:, rows | 1 << i]

    def _choose(self, layer, values, bits, s, free_slot, act, hit, stay, depth, scores) -> None:
        """A free block: modifier sets with the most modifiers first (their draws lead to sets with one more)."""
        arith = self.arith
        n = layer.size
        empty = depth >= self.deck.total
        for count in range(len(self.deck.modifiers), -1, -1):
            masks = np.flatnonzero(self.mod_count == count)
            part = hit[:, masks]
            self._add_modifiers_into(part, values, s, act, n, masks)
            arith.settle(part)
            stay_part = arith.settle(stay[:, masks].copy())
            go = arith.greater(part, stay_part) & ~empty[masks][None, :]
            best = np.where(go[..., None], part, stay_part)
            values[s, act, :n][:, masks] = best
            bits[s, free_slot][:, masks] = go
            self._count_near_ties(part, stay_part)

    def _add_modifiers_into(self, part, values, s, act, n, masks) -> None:
        """Within a free block: the draws of each modifier not held lead to the same block, one more modifier."""
        for i in range(len(self.deck.modifiers)):
            keep = (masks >> i & 1) == 0
            if keep.any():
                part[:, keep] += values[s, act, :n][:, masks[keep] | 1 << i]

    def _count_near_ties(self, hit, stay) -> None:
        """Count the float64 decisions closer than 1e-12 (relative): the only ones rounding could turn round."""
        if isinstance(self.arith, _Floats):
            a, b = hit[..., 0], stay[..., 0]
            close = np.abs(a - b) <= 1e-12 * np.maximum(np.abs(a), np.abs(b))
            self.near_ties += int(np.count_nonzero(close & (a != b)))


# ---------------------------------------------------------------------------------------------------------
# positions asked about, and the tables shipped with the kit

def _check_position(held, modifiers, second_chance, seen, solution: SoloSolution) -> tuple:
    """A position in a student's words, checked: (numbers held, modifiers held, cards out of the deck)."""
    for name, given in (("held", held), ("modifiers", modifiers), ("seen", seen)):
        if isinstance(given, (str, bytes, int, dict)) or not isinstance(given, Iterable):
            raise TypeError(f"{name} must be a list of cards, for example [3, 7]")
    if not isinstance(second_chance, bool):
        raise TypeError("second_chance is True or False: whether a Second Chance lies in front of the player")
    numbers = [parse_card(c) for c in held]
    if any(not isinstance(c, int) for c in numbers):
        raise ValueError("held lists number cards only; modifiers go in modifiers, action cards in seen")
    if len(set(numbers)) != len(numbers):
        raise ValueError("a player never holds two cards of one number: the second was a bust or was saved "
                         "(put a saved duplicate in seen)")
    if len(numbers) >= solution.flip_at:
        raise ValueError(f"{solution.flip_at} different numbers is a Flip 7: the round is already over")
    mods = [parse_card(c) for c in modifiers]
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods):
        raise ValueError("modifiers lists different modifier cards: +2, +4, +6, +8, +10, x2")
    missing = [m for m in mods if m not in solution.modifiers]
    if missing:
        raise ValueError(f"the deck {solution.deck} has no {missing[0]}")
    out = [parse_card(c) for c in seen]
    for card in out:
        if card == FREEZE:
            raise ValueError("a Freeze ends a lone player's round: there is no decision left")
        if card in MODIFIERS:
            raise ValueError("a lone player keeps every modifier he draws: put it in modifiers")
        if isinstance(card, int) and card not in numbers:
            raise ValueError(f"a {card} can only be out of the deck beside a {card} in front of the player "
                             "(a duplicate a Second Chance saved)")
    return tuple(sorted(numbers)), tuple(mods), out


def big_deck_counts(deck: str) -> tuple[int, ...]:
    """The counts of 'numbers+modifiers+second-chance' (88 cards) or 'all' (the 94 cards)."""
    if deck not in BIG_DECKS:
        raise ValueError(f"the solver's named decks are {', '.join(map(repr, BIG_DECKS))}, not {deck!r}")
    return BIG_DECKS[deck]


def shipped_path() -> Path:
    """Where the kit keeps the solved tables of the two big decks."""
    return Path(__file__).with_name(SHIPPED_ALL)


@cache
def shipped_all(deck: str = "all") -> SoloSolution:
    """The shipped best solo play of a big deck: 'all' (float64, the 'stack' reading) or
    'numbers+modifiers+second-chance' (exact). Read on first use (the all-cards policy unpacks in about 50 ms)."""
    big_deck_counts(deck)
    with np.load(shipped_path()) as table:
        return SoloSolution.from_arrays({name: table[name] for name in table.files if name.startswith(deck + ".")},
                                        deck)


def write_shipped(solutions: Iterable[SoloSolution], path=None) -> Path:
    """Write solved big decks to the shipped table (``make solve-flip7``)."""
    arrays: dict = {}
    for solution in solutions:
        arrays.update(solution.arrays(solution.deck))
    path = Path(path) if path is not None else shipped_path()
    np.savez_compressed(path, **arrays)
    shipped_all.cache_clear()
    return path


def _main(argv: list[str] | None = None) -> None:
    """python -m circuslib.flip7.solver DECK [--float] [--reading R] [--save FILE]: solve and print one JSON line
    (value, seconds, peak memory of this process)."""
    import argparse
    import resource

    parser = argparse.ArgumentParser(description=_main.__doc__)
    parser.add_argument("deck", choices=list(BIG_DECKS))
    parser.add_argument("--float", action="store_true", help="float64 instead of exact whole numbers")
    parser.add_argument("--reading", choices=READINGS, default="stack")
    parser.add_argument("--save", help="write the solution to this .npz file")
    args = parser.parse_args(argv)
    solution = solve_solo(BIG_DECKS[args.deck], exact=not args.float, reading=args.reading, name=args.deck)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    solution.peak_bytes = peak
    if args.save:
        solution.save(args.save)
    print(json.dumps({"deck": args.deck, "reading": args.reading, "exact": solution.exact,
                      "value": str(solution.value), "float": float(solution.value), "seconds": solution.seconds,
                      "peak_bytes": peak, "states": solution.states, "near_ties": solution.near_ties}))


if __name__ == "__main__":
    _main()
