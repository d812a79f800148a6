"""Speed benchmarks: simulated rounds per second between two bots, and the exact odds computations."""
from __future__ import annotations

import random
import time

from timing import once, per_call, print_table, seconds

from circuslib.core.game import playout
from circuslib.speed.bots import fast_round, policy
from circuslib.speed.graphs import win_probability
from circuslib.speed.odds import _chain_distribution, _stalemate, p_stalemate_at_start
from circuslib.speed.rules import CRAPETTE, ONE_DECK, TWO_DECKS, Setup, new_game, position


def rounds_per_second(setup, policies=("first", "first"), n=2000) -> float:
    rng = random.Random(1)
    elapsed, _ = once(lambda: [fast_round(setup, rng, policies, (2, 1)) for _ in range(n)])
    return n / elapsed


def cpu_rounds_per_second(setup, n=2000) -> float:
    """The same, in processor time: what the code costs when other jobs share the machine's cores."""
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(n):
        fast_round(setup, rng, ("first", "first"), (2, 1))
    return n / (time.process_time() - start)


def protocol_rounds_per_second(setup, n=100) -> float:
    rng = random.Random(2)
    bots = [policy("first"), policy("first")]
    elapsed, _ = once(lambda: [playout(new_game(setup, (2, 1)), rng, bots) for _ in range(n)])
    return n / elapsed


def cold_stalemate() -> object:
    _stalemate.cache_clear()  # time the counting itself, not the cache
    return p_stalemate_at_start(4, 1)


def cold_chains() -> object:
    _chain_distribution.cache_clear()
    return _chain_distribution(5, 1)


def main() -> None:
    rows = []
    one = rounds_per_second(ONE_DECK)
    rows.append(("fast_round, one deck, first vs first", f"{one:,.0f} rounds/s", ">= 2,000 rounds/s", one >= 2000))
    cpu = cpu_rounds_per_second(ONE_DECK)
    rows.append(("  the same, in CPU time (shared machine)", f"{cpu:,.0f} rounds/s", ">= 2,000 rounds/s", cpu >= 2000))
    rate = rounds_per_second(ONE_DECK, ("longest", "block"))
    rows.append(("fast_round, one deck, longest vs block", f"{rate:,.0f} rounds/s", "(information)", True))
    rate = rounds_per_second(TWO_DECKS)
    rows.append(("fast_round, two decks, first vs first", f"{rate:,.0f} rounds/s", "(information)", True))
    rate = rounds_per_second(CRAPETTE)
    rows.append(("fast_round, crapette rapide", f"{rate:,.0f} rounds/s", "(information)", True))
    rate = protocol_rounds_per_second(ONE_DECK)
    rows.append(("SpeedState.play playout, one deck", f"{rate:,.0f} rounds/s", "(information)", True))
    t = per_call(cold_stalemate, min_time=0.3)
    rows.append(("exact P(stalemate at start), one deck", seconds(t), "< 100 ms", t < 0.1))
    t = per_call(lambda: (_stalemate.cache_clear(), p_stalemate_at_start(5, 2)), min_time=0.3)
    rows.append(("exact P(stalemate at start), two decks", seconds(t), "< 100 ms", t < 0.1))
    t, _ = once(cold_chains)
    rows.append(("exact longest-chain distribution, 5 cards", seconds(t), "(information)", True))
    two = Setup("two places", decks=2, face_up=2)
    end = position(["J", "K"], ["Q", "Q"], ("A", 8), piles=([7], ["J"]), rates=(2, 1), setup=two)
    t, _ = once(lambda: win_probability(end, ("longest", "first")))
    rows.append(("exact end-game win probability (52/81)", seconds(t), "(information)", True))
    print_table("Speed (Le Flip)", rows)


if __name__ == "__main__":
    main()
