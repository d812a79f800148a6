"""Exact Flip 7 odds: bust chances (as numbers and as a formula), the optimal hit/stay policy of a lone player,
simple stop-at rules against it, and what happens to a player who never stops.

Everything returned is a sympy ``Rational``. The dynamic programmes run on whole numbers: a hand that is ``d``
cards deep is worth its value times ``P_d = (T - d)(T - d - 1)...``, the number of ways the remaining draws can
go, so every probability shares one denominator and no fraction is ever reduced inside the loop.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from math import prod
from typing import TYPE_CHECKING

from ..core.args import items, limit
from ..core.exact import Dist, to_rational
from .rules import ACTIONS, CARDS, FLIP7_BONUS, INDEX, MODIFIERS, TIMES_TWO, deck_counts, parse_card

__all__ = [
    "remaining_deck", "bust_probability", "bust_formula", "bust_formula_values", "expected_gain", "SoloOptimal",
    "solo_optimal", "threshold_value", "best_threshold", "flip7_probability", "cards_before_bust",
]

if TYPE_CHECKING:
    import sympy


def _n_symbol() -> sympy.Symbol:
    """N, the number of cards left in the deck, as a symbol (sympy is loaded here, on first use, not on import)."""
    import sympy

    return sympy.Symbol("N", positive=True, integer=True)


def _check_held(held) -> tuple[int, ...]:
    if isinstance(held, (str, bytes, int, dict)) or not isinstance(held, Iterable):
        raise TypeError("held must be a list of the numbers in front of the player, for example [3, 7]")
    numbers = []
    for card in items(held, "held"):
        card = parse_card(card)
        if not isinstance(card, int):
            raise ValueError(f"held lists number cards only; put {card!r} in seen (or modifiers)")
        if card in numbers:
            raise ValueError(f"a player never holds two {card}s: the second one would have been a bust")
        numbers.append(card)
    if len(numbers) > 7:
        raise ValueError("a player holds at most 7 numbers (the 7th ends the round with a Flip 7)")
    return tuple(numbers)


def remaining_deck(held=(), seen=(), deck: str = "full", modifiers=()) -> tuple[int, ...]:
    """Counts of each card kind left in the deck once ``held``, ``modifiers`` and ``seen`` are out of it."""
    held = _check_held(held)
    if isinstance(seen, (str, bytes, int, dict)) or not isinstance(seen, Iterable):
        raise TypeError("seen must be a list of cards, for example [5, 5, 'Freeze']")
    seen = items(seen, "seen")
    modifiers = items(modifiers, "modifiers")
    counts = list(deck_counts(deck))
    # modifiers in front of the player came out of this deck only if the deck has modifiers at all
    out = list(held) + [m for m in map(parse_card, modifiers) if counts[INDEX[m]]] + [parse_card(c) for c in seen]
    for card in out:
        i = INDEX[card]
        counts[i] -= 1
        if counts[i] < 0:
            have = deck_counts(deck)[i]
            raise ValueError(f"the {deck} deck has only {have} card(s) {card}, but more are counted as out of it")
    return tuple(counts)


def bust_probability(held, seen=(), *, deck: str = "full") -> sympy.Rational:
    """P(the next card busts): the copies left of the numbers held, over the cards left in the deck."""
    held = _check_held(held)
    counts = remaining_deck(held, seen, deck)
    total = sum(counts)
    if total == 0:
        raise ValueError("no card is left in the deck, so there is no next card")
    import sympy

    return sympy.Rational(sum(counts[INDEX[h]] for h in held), total)


def bust_formula(held) -> sympy.Expr:
    """P(bust) as a formula: (n_a + n_b + ...) / N, with n_h the copies of h left and N the cards left."""
    held = _check_held(held)
    import sympy

    return sympy.Add(*[sympy.Symbol(f"n_{h}", nonnegative=True, integer=True) for h in held]) / _n_symbol()


def bust_formula_values(held, seen=(), *, deck: str = "full") -> dict:
    """The values of the formula's symbols (n_h and N) for this hand and these seen cards."""
    held = _check_held(held)
    counts = remaining_deck(held, seen, deck)
    import sympy

    values = {sympy.Symbol(f"n_{h}", nonnegative=True, integer=True): counts[INDEX[h]] for h in held}
    values[_n_symbol()] = sum(counts)
    return values


def _score(numbers_sum: int, n_numbers: int, plus: int, doubled: bool) -> int:
    return numbers_sum * (2 if doubled else 1) + plus + (FLIP7_BONUS if n_numbers >= 7 else 0)


def expected_gain(held, seen=(), *, deck: str = "numbers", modifiers=()) -> sympy.Rational:
    """What one more card adds to the round score on average (a bust loses everything held).

    With the full deck an action card is counted as leaving the score unchanged (a one-card look-ahead).
    """
    held = _check_held(held)
    modifiers = tuple(parse_card(m) for m in items(modifiers, "modifiers"))
    if any(m not in MODIFIERS for m in modifiers):
        raise ValueError("modifiers lists +2, +4, +6, +8, +10 or x2 cards only")
    counts = remaining_deck(held, seen, deck, modifiers)
    total = sum(counts)
    if total == 0:
        raise ValueError("no card is left in the deck, so there is no next card")
    plus = sum(int(m[1:]) for m in modifiers if m != TIMES_TWO)
    doubled = TIMES_TWO in modifiers
    now = _score(sum(held), len(held), plus, doubled)
    gain = Fraction(0)
    for card, count in zip(CARDS, counts):
        if not count:
            continue
        if isinstance(card, int):
            after = 0 if card in held else _score(sum(held) + card, len(held) + 1, plus, doubled)
        elif card == TIMES_TWO:
            after = _score(sum(held), len(held), plus, True)
        elif card in MODIFIERS:
            after = _score(sum(held), len(held), plus + int(card[1:]), doubled)
        else:
            after = now
        gain += Fraction(count * (after - now), total)
    return to_rational(gain)


# ---------------------------------------------------------------------------------------------------------
# the lone player's round as an exact dynamic programme over hands

MOD_VALUES = (2, 4, 6, 8, 10)  # the +N modifiers, in CARDS order; bit 5 of the modifier mask is x2


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _solve(counts: tuple[int, ...], held: tuple[int, ...] = (), held_mods: tuple[str, ...] = (),
           policy: Callable[[int, int, int], bool] | None = None, want_table: bool = True, target: int | None = None,
           follow: dict | None = None):
    """Scaled integer DP. Returns (value as Fraction, {(numbers mask, modifier mask): hit?}).

    With ``target`` a hand is worth 1 when it stays with a round score of at least ``target`` and 0 otherwise, so
    the value is the chance of reaching the target; below the target a tie goes to hitting (staying is worth 0).
    With ``follow`` (a decisions table) the hands are played as that table says instead of optimally.
    """
    if any(counts[INDEX[a]] for a in ACTIONS):
        raise ValueError("the exact optimum covers the 'numbers' and 'numbers+modifiers' decks (no action cards)")
    number_counts = counts[:13]
    mod_counts = counts[13:19]
    total = sum(counts)
    start_n = sum(1 << h for h in held)
    start_m = sum(1 << MODIFIERS.index(m) for m in held_mods)
    max_draws = min(total, 7 - len(held) + sum(mod_counts))
    # scale[d] = (T-d)(T-d-1)...(T-max_draws+1): the ways the remaining draws can fall after d draws
    scale = [prod(range(total - max_draws + 1, total - d + 1)) for d in range(max_draws + 1)]
    numbers_free = [h for h in range(13) if number_counts[h] and h not in held]
    mods_free = [i for i in range(6) if mod_counts[i]]
    table: dict = {}
    memo: dict = {}

    def value(nmask: int, mmask: int, d: int, n_numbers: int, numbers_sum: int, plus: int) -> int:
        key = nmask | mmask << 13
        if key in memo:
            return memo[key]
        doubled = mmask >> 5 & 1
        score = numbers_sum * (2 if doubled else 1) + plus + (FLIP7_BONUS if n_numbers >= 7 else 0)
        stay = (score if target is None else score >= target) * scale[d]
        if n_numbers >= 7 or d >= max_draws:
            memo[key] = stay
            return stay
        hit = 0
        for h in numbers_free:
            if not nmask >> h & 1:
                hit += number_counts[h] * value(nmask | 1 << h, mmask, d + 1, n_numbers + 1, numbers_sum + h, plus)
        for i in mods_free:
            if not mmask >> i & 1:
                hit += value(nmask, mmask | 1 << i, d + 1, n_numbers, numbers_sum, plus + (MOD_VALUES[i] if i < 5 else 0))
        if follow is not None:
            choose_hit = follow.get(key, False)
        elif policy is None:
            choose_hit = hit > stay or (target is not None and score < target and hit == stay)
        else:
            choose_hit = policy(numbers_sum * (2 if doubled else 1) + plus, n_numbers, d)
        if want_table:
            table[key] = choose_hit
        best = hit if choose_hit else stay
        memo[key] = best
        return best

    plus0 = sum(int(m[1:]) for m in held_mods if m != TIMES_TWO)
    scaled = value(start_n, start_m, 0, len(held), sum(held), plus0)
    return Fraction(scaled, scale[0]), table


@lru_cache(maxsize=1)
def _numbers_of_masks() -> tuple[tuple[int, ...], ...]:
    """The numbers held in each 13-bit hand mask, in order (looked up instead of unpacking bits hand by hand)."""
    return tuple(tuple(_bits(mask)) for mask in range(1 << 13))


def _hand_key(held, modifiers=()) -> int:
    held = _check_held(held)
    mods = [parse_card(m) for m in items(modifiers, "modifiers")]
    if any(m not in MODIFIERS for m in mods):
        raise ValueError("modifiers lists +2, +4, +6, +8, +10 or x2 cards only")
    return sum(1 << h for h in held) | sum(1 << MODIFIERS.index(m) for m in mods) << 13


@dataclass(frozen=True)
class SoloOptimal:
    """The best hit/stay policy of one player alone in one round, with its exact value: the expected round score,
    or with a ``target`` the chance that the round score reaches it."""

    deck: str
    value: sympy.Rational
    decisions: Mapping  # hand key -> True (hit) / False (stay), for every hand the policy can reach or consider
    target: int | None = None
    counts: tuple = field(default=(), repr=False)  # the deck it was solved for, in CARDS order
    _kept: dict = field(default_factory=dict, repr=False, compare=False)  # results derived once (score ways, table)

    def chance_to_reach(self, target: int) -> sympy.Rational:
        """The exact chance that the round score reaches ``target`` when the round is played by this policy."""
        target = _check_target(target)
        if target is None:
            raise TypeError("give the target, a whole number of points")
        if any(self.counts[13:]):  # modifiers: the dynamic programme, following the decisions
            value, _ = _solve(self.counts, follow=self.decisions, target=target, want_table=False)
            return to_rational(value)
        # a numbers-only deck: one score distribution, computed once, answers every target with a sum
        ways, every = self._score_ways()
        return to_rational(Fraction(sum(w for score, w in ways.items() if score >= target), every))

    def score_distribution(self) -> Dist:
        """The chance of each round score when a lone player follows this policy (numbers-only decks; 0: a bust,
        or staying with nothing)."""
        if any(self.counts[13:]):
            raise ValueError("the score distribution is computed for numbers-only decks")
        return Dist.from_counts(self._score_ways()[0])

    def _score_ways(self) -> tuple[dict, int]:
        # kept with the policy: it never changes (a SoloOptimal is immutable)
        if "scores" not in self._kept:
            from .deck_odds import numbers_score_distribution

            self._kept["scores"] = numbers_score_distribution(self.counts[:13], self.decisions)
        return self._kept["scores"]

    def hit(self, held, modifiers=()) -> bool:
        """The advice for this hand: True means hit, False means stay."""
        key = _hand_key(held, modifiers)
        if key not in self.decisions:
            if len(set(held)) >= 7:
                raise ValueError("seven different numbers is a Flip 7: the round is already over")
            raise ValueError(f"the hand {sorted(held)} cannot arise from the {self.deck} deck"
                             + (" (or it is already over)" if self.target is not None else ""))
        return self.decisions[key]

    def advice(self, held, modifiers=()) -> str:
        """'hit' or 'stay' for this hand."""
        return "hit" if self.hit(held, modifiers) else "stay"

    def table(self) -> dict:
        """The advice for every hand: {(numbers held, modifiers held): 'hit'/'stay'} (numbers deck: {numbers: ...})."""
        if "table" not in self._kept:  # built once (a copy is handed out, so the caller may change it)
            plain = self.deck == "numbers" or self.deck.startswith("{") and not any(k >> 13 for k in self.decisions)
            numbers_of = _numbers_of_masks()
            if plain:
                out = {numbers_of[key]: "hit" if hit else "stay" for key, hit in self.decisions.items()}
            else:
                out = {(numbers_of[key & 0x1FFF], tuple(MODIFIERS[i] for i in _bits(key >> 13))):
                       "hit" if hit else "stay" for key, hit in self.decisions.items()}
            self._kept["table"] = out
        return dict(self._kept["table"])


_OPTIMA: dict = {}


def _deck_counts_for(deck, seen) -> tuple[tuple[int, ...], str]:
    """The counts and a readable name of 'numbers', 'numbers+modifiers' or a small deck {card: copies}, minus seen."""
    if isinstance(deck, dict):
        from .rules import solo_round

        counts = list(solo_round(deck).deck)  # validates the cards and the copies
        for card in items(seen, "seen"):
            i = INDEX[parse_card(card)]
            counts[i] -= 1
            if counts[i] < 0:
                raise ValueError(f"more cards {card!r} are counted as seen than this deck has")
        return tuple(counts), "{" + ", ".join(f"{k}: {v}" for k, v in deck.items()) + "}"
    if deck not in ("numbers", "numbers+modifiers"):
        raise ValueError("solo_optimal works on deck='numbers', deck='numbers+modifiers' or a small deck "
                         "{number: copies}, and reads 'numbers+modifiers+second-chance' and 'all' (every card) "
                         "from the kit's solved table")
    return remaining_deck((), seen, deck), deck


def _check_target(target) -> int | None:
    if target is None:
        return None
    if isinstance(target, bool) or not isinstance(target, int):
        raise TypeError("the target is a whole number of points, for example target=40")
    if target < 1:
        raise ValueError("the target must be at least 1 point (every round scores at least 0)")
    return target


def solo_optimal(deck="numbers", seen=(), *, target: int | None = None) -> SoloOptimal:
    """The optimal policy for one player alone in one round (exact DP over hands), on a fresh deck minus ``seen``.

    By default it makes the largest expected round score. With ``target=T`` it makes the largest chance that the
    round score reaches T (what matters near the end of a game), and ``value`` is that chance. ``deck`` is
    'numbers', 'numbers+modifiers' or a small deck of numbers and modifiers {card: copies}.

    With action cards, 'numbers+modifiers+second-chance' (88 cards, exact) and 'all' (the 94 cards, float64) come
    from the table that circuslib.flip7.solver solved and the kit ships (``make solve-flip7`` solves them again).
    """
    target = _check_target(target)
    if isinstance(deck, str) and deck in _BIG_DECKS:
        return _big_deck_optimum(deck, seen, target)
    counts, name = _deck_counts_for(deck, seen)
    key = (name, counts, target)
    if key not in _OPTIMA:
        shipped = _shipped_optimum(name, counts, target)
        if shipped is not None:
            value, table = shipped
        elif target is not None and not any(counts[13:]):  # numbers only: the same programme, layer by layer
            from .deck_odds import numbers_target_optimum

            value, table = numbers_target_optimum(counts[:13], target)
        else:
            value, table = _solve(counts, target=target)
        _OPTIMA[key] = SoloOptimal(name, to_rational(value), table, target, counts)
    return _OPTIMA[key]


# The optimum of the full numbers+modifiers deck takes about a second to solve, too long for a class of thirty
# opening the lesson at once: it is solved once, shipped with the kit, and tests/test_flip7_odds.py solves it again
# and compares, so the shipped table can never drift from _solve.
SHIPPED_OPTIMA = "solo_optima.json"
_KEY_BITS = 19  # 13 numbers and 6 modifiers: every hand key is below 2**19


def _pack_decisions(decisions: dict) -> dict:
    """A decisions table as two bitsets over all hand keys (which hands it covers, which of them hit), zipped."""
    import base64
    import zlib

    covered, hits = bytearray(1 << _KEY_BITS - 3), bytearray(1 << _KEY_BITS - 3)
    for hand, hit in decisions.items():
        covered[hand >> 3] |= 1 << (hand & 7)
        if hit:
            hits[hand >> 3] |= 1 << (hand & 7)
    return {name: base64.b64encode(zlib.compress(bytes(bits), 9)).decode("ascii")
            for name, bits in (("hands", covered), ("hit", hits))}


class PackedDecisions(Mapping):
    """A decisions table {hand key: hit?} read straight from two bitsets (which hands it covers, which of them hit):
    the 262,144 hands of the numbers+modifiers deck take 128 KB this way, against about 20 MB as a dict."""

    def __init__(self, covered, hits) -> None:
        self._covered, self._hits = covered, hits  # numpy arrays of 0/1, one entry per possible hand key

    def __getitem__(self, hand: int) -> bool:
        if not isinstance(hand, int) or not 0 <= hand < len(self._covered) or not self._covered[hand]:
            raise KeyError(hand)
        return bool(self._hits[hand])

    def __iter__(self):
        import numpy as np

        return iter(np.flatnonzero(self._covered).tolist())

    def __len__(self) -> int:
        return int(self._covered.sum())

    def __eq__(self, other) -> bool:
        return isinstance(other, Mapping) and len(self) == len(other) and all(
            other.get(hand) is hit for hand, hit in self.items())

    __hash__ = None


def _unpack_decisions(packed: dict) -> PackedDecisions:
    """The decisions table that _pack_decisions packed."""
    import base64
    import zlib

    import numpy as np

    covered, hits = (np.unpackbits(np.frombuffer(zlib.decompress(base64.b64decode(packed[name])), np.uint8),
                                   bitorder="little") for name in ("hands", "hit"))
    return PackedDecisions(covered, hits)


def shipped_optima_data() -> dict:
    """What the kit ships in solo_optima.json: the numbers+modifiers optimum, value and decisions, and the exact
    curve of its 'stop at t' rules (whole numerators over one scale, as text), all solved now."""
    from .deck_odds import solve_threshold_curve

    value, table = _solve(deck_counts("numbers+modifiers"))
    curve = solve_threshold_curve(deck_counts("numbers+modifiers"))
    return {"numbers+modifiers": {"value": str(value), **_pack_decisions(table),
                                  "threshold curve": {"scale": str(curve.scale),
                                                      "numerators": [str(n) for n in curve.numerators]}}}


@lru_cache(maxsize=1)
def _shipped_optima() -> dict:
    import json
    from pathlib import Path

    return json.loads((Path(__file__).with_name(SHIPPED_OPTIMA)).read_text(encoding="utf-8"))


def _shipped_optimum(name: str, counts: tuple, target: int | None) -> tuple[Fraction, dict] | None:
    """The shipped (value, decisions) of a fresh numbers+modifiers deck played for the best average, else None."""
    if target is not None or name != "numbers+modifiers" or counts != tuple(deck_counts(name)):
        return None
    entry = _shipped_optima()[name]
    return Fraction(entry["value"]), _unpack_decisions(entry)


def write_shipped_optima() -> None:
    """Solve the shipped optimum again and write solo_optima.json (``python -m circuslib.flip7.odds``)."""
    import json
    from pathlib import Path

    path = Path(__file__).with_name(SHIPPED_OPTIMA)
    path.write_text(json.dumps(shipped_optima_data(), indent=1) + "\n", encoding="utf-8")
    _shipped_optima.cache_clear()


_BIG_DECKS = ("numbers+modifiers+second-chance", "all")


def _big_deck_optimum(deck: str, seen, target):
    """The shipped best solo play of a deck with action cards (a solver.SoloSolution; exact value as a Rational)."""
    if target is not None:
        raise ValueError("the target optimum covers deck='numbers', 'numbers+modifiers' and small decks; "
                         f"{deck!r} is solved for the best average score only")
    if items(seen, "seen"):
        raise ValueError(f"{deck!r} is read from the kit's table for a fresh deck: leave seen empty (solver.solve_solo "
                         "solves a deck with cards seen: about 20 s with Second Chance, minutes with every card)")
    if (deck, None) not in _OPTIMA:
        from dataclasses import replace

        from .solver import shipped_all

        table = shipped_all(deck)
        _OPTIMA[deck, None] = replace(table, value=to_rational(table.value)) if table.exact else table
    return _OPTIMA[deck, None]


def _check_threshold(stop_at) -> int:
    if isinstance(stop_at, bool) or not isinstance(stop_at, int):
        raise TypeError("the threshold must be a whole number of points")
    if stop_at < 0:
        raise ValueError("the threshold cannot be negative")
    return stop_at


def threshold_value(stop_at: int, deck: str = "numbers") -> sympy.Rational:
    """The exact expected round score of 'stop as soon as the round score reaches stop_at'."""
    stop_at = _check_threshold(stop_at)
    if deck not in ("numbers", "numbers+modifiers"):
        raise ValueError("threshold_value works on deck='numbers' or deck='numbers+modifiers'")
    # every threshold at once, in one pass over the sets of cards (deck_odds.threshold_curve); the dynamic programme
    # _solve(policy=...) gives the same values hand by hand (tests/test_flip7_odds.py compares them)
    from .deck_odds import TOP_SCORE, threshold_curve

    return to_rational(threshold_curve(tuple(deck_counts(deck)))[min(stop_at, TOP_SCORE)])


def best_threshold(deck: str = "numbers", candidates: Iterable[int] = range(0, 61)) -> tuple[int, sympy.Rational]:
    """The stop-at threshold with the highest exact expected round score (the smallest, if several tie)."""
    candidates = items(candidates, "candidates", low=1)
    limit(len(candidates), 200, "candidates lists too many thresholds to solve one by one")
    results = [(threshold_value(t, deck), -t) for t in candidates]
    value, minus_t = max(results)
    return -minus_t, value


# ---------------------------------------------------------------------------------------------------------
# a player who never stops

@cache
def _never_stop(counts: tuple[int, ...]) -> dict:
    """The chance to bust holding k numbers, and to reach Flip 7, for a player who never stops.

    Still in after k numbers has chance S(k) = k! e_k(c) / (T)_k (deck_odds.still_in: e_k is the k-th elementary
    symmetric polynomial of the copies c_h, T the number cards), so the bust comes holding k with S(k) - S(k + 1)."""
    from .deck_odds import still_in

    numbers = counts[:13]  # modifiers never change the order in which the numbers come, so they are left out
    alive = [still_in(numbers, k) for k in range(8)]
    result = {k: alive[k] - alive[k + 1] for k in range(1, 7) if alive[k] != alive[k + 1]}
    result["Flip 7"] = alive[7]
    return result


def _deck_for_never_stop(deck: str) -> tuple[int, ...]:
    if deck not in ("numbers", "numbers+modifiers"):
        raise ValueError("this works on deck='numbers' or deck='numbers+modifiers' (the two give the same answer)")
    return deck_counts(deck)


def flip7_probability(deck: str = "numbers") -> sympy.Rational:
    """P(Flip 7) for a lone player who never stops (modifiers do not change it: they never bust)."""
    return to_rational(_never_stop(_deck_for_never_stop(deck))["Flip 7"])


def cards_before_bust(deck: str = "numbers") -> Dist:
    """For a lone player who never stops: how many numbers are held when the bust comes (1..6), or 'Flip 7'."""
    return Dist(dict(_never_stop(_deck_for_never_stop(deck))))


if __name__ == "__main__":
    write_shipped_optima()
