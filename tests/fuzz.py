"""``make fuzz``: the conformance checks of ``test_conformance.py`` at scale, with a table per game.

    python tests/fuzz.py [--games 10000] [--moves 200000] [--calls 50000] [--seed 1] [--jobs 1]

For every game: ``--games`` seeded random games played to their end with the protocol's invariants checked after
every step, and illegal moves thrown at random positions and after the end (at least ``--moves`` in all); then
``--calls`` calls of the public functions of ``odds``, ``graphs`` and ``bots`` with bad arguments (``--games 0``
skips the games). Prints what was tried and how it ended; exits with 1 if anything was not a clean refusal (or a
good answer to a value of a kind the argument takes), or if a game broke an invariant.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import conformance  # noqa: E402
from conformance import ADAPTERS, COLUMNS, GAMES, InvariantBroken, install_alarm, simulate  # noqa: E402

FUZZ_VISITS = 2  # positions fuzzed per game, besides the end


def run_games(job: tuple) -> tuple:
    """Play the seeds ``range(first, first + count)`` of one game; (game, tally, examples, steps, broken, games)."""
    name, first, count, rate, moves = job
    install_alarm()
    adapter = ADAPTERS[name]
    tally, examples, steps, broken = Counter(), {}, 0, []
    for seed in range(first, first + count):
        rng = random.Random(f"{name}-{seed}")
        try:
            steps += simulate(adapter, rng, fuzz_rate=rate, tally=tally, fuzz_moves=moves, alarm=True, slow=2.0,
                              check_every=25, examples=examples)
        except InvariantBroken as error:
            broken.append(f"seed {seed}: {error}")
        except Exception as error:  # noqa: BLE001 - a legal move that crashed the rules
            broken.append(f"seed {seed}: {type(error).__name__}: {error}")
    return name, tally, examples, steps, broken, count


def mean_steps(name: str, games: int = 20) -> float:
    adapter = ADAPTERS[name]
    return sum(simulate(adapter, random.Random(f"warm-{name}-{i}"), check_every=50) for i in range(games)) / games


def games_table(args) -> bool:
    jobs = []
    for name in GAMES:
        rate = FUZZ_VISITS / max(mean_steps(name), 1.0)
        per_game = max(2, -(-args.moves // (len(GAMES) * args.games * (FUZZ_VISITS + 1))))
        chunk = max(1, args.games // (4 * args.jobs))
        jobs += [(name, args.seed * 1_000_000 + first, min(chunk, args.games - first), rate, per_game)
                 for first in range(0, args.games, chunk)]
    totals = {name: [Counter(), {}, 0, [], 0] for name in GAMES}
    began = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = pool.imap_unordered(run_games, jobs)
            for result in results:
                _add(totals, result)
    else:
        for job in jobs:
            _add(totals, run_games(job))
    elapsed = time.perf_counter() - began
    header = ("game", "games", "steps", "broken games") + COLUMNS
    rows = []
    for name in GAMES:
        tally, examples, steps, broken, games = totals[name]
        rows.append((name, games, steps, len(broken)) + tuple(tally[c] for c in COLUMNS))
    total = ("all",) + tuple(sum(r[i] for r in rows) for i in range(1, len(header)))
    print(f"\nGames and illegal moves ({elapsed:.0f} s)")
    _print(header, rows + [total])
    clean = True
    for name in GAMES:
        tally, examples, steps, broken, games = totals[name]
        for kind, text in examples.items():
            clean = False
            print(f"  {name}: first {kind}: {text}")
        for text in broken[:5]:
            clean = False
            print(f"  {name}: broken game, {text}")
    return clean


def _add(totals, result) -> None:
    name, tally, examples, steps, broken, games = result
    entry = totals[name]
    entry[0].update(tally)
    for kind, text in examples.items():
        entry[1].setdefault(kind, text)
    entry[2] += steps
    entry[3] += broken
    entry[4] += games


def _print(header, rows) -> None:
    widths = [max(len(str(h)), *(len(f"{r[i]:,}" if isinstance(r[i], int) else str(r[i])) for r in rows))
              for i, h in enumerate(header)]
    def line(cells) -> str:
        return "  ".join((f"{c:,}" if isinstance(c, int) else str(c)).rjust(w) if i else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths)))
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games per game (default 10,000)")
    parser.add_argument("--moves", type=int, default=200_000, help="illegal moves in all, at least (default 200,000)")
    parser.add_argument("--calls", type=int, default=50_000, help="bad-argument calls of public functions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    clean = games_table(args) if args.games > 0 else True
    if hasattr(conformance, "functions_table"):
        clean = conformance.functions_table(args.calls, args.seed, alarm=True) and clean
    print("\nclean: no raw exception, no silent accept, no disagreement, no hang" if clean
          else "\nNOT CLEAN (see above)")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
