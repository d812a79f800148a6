"""Flip 7's best solo play with every card: the big solves, each in a fresh process (time and peak memory), and the
shipped table (data/solo_all.npz): its figures, how fast it loads and answers.

    python benchmarks/flip7_solver.py          the Second Chance deck (exact), and the shipped table's figures
    python benchmarks/flip7_solver.py --full   also all 94 cards (float64: about 3 minutes, 5 GB)

Targets are printed, not asserted (make bench runs the first form). Writing the shipped table again is the kit's
one command for shipped results: ``make solve-flip7`` (``python -m circuslib ship flip7.odds.every_card_tables``).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import per_call, print_table, seconds  # noqa: E402

from circuslib.flip7 import odds  # noqa: E402
from circuslib.flip7.rules import FLIP_THREE  # noqa: E402

PUBLIC = {"numbers+modifiers+second-chance": odds.PUBLIC_SECOND_CHANCE, "full": odds.PUBLIC_FULL}
TARGETS = {"numbers+modifiers+second-chance": (60, 16), "full": (600, 16)}        # seconds, GiB
GIB = 1 << 30

SOLVE = """
import json, resource, sys
from circuslib.flip7.odds import solve_solo
deck, exact = sys.argv[1], sys.argv[2] == "exact"
solution = solve_solo(deck, exact=exact, name=deck, big=True)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
print(json.dumps({"deck": deck, "exact": solution.exact, "float": float(solution.value),
                  "seconds": solution.seconds, "peak_bytes": peak, "states": solution.states}))
"""


def solve_in_a_fresh_process(deck: str) -> dict:
    """Solve one deck in its own process (so its peak memory is its own): exact, or float64 for the full deck."""
    command = [sys.executable, "-c", SOLVE, deck, "float" if deck == "full" else "exact"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def solve_rows(deck: str, result: dict) -> list[tuple[str, str, str, bool]]:
    """The table rows of one solve: value against the public figure, time, peak memory."""
    limit_s, limit_gib = TARGETS[deck]
    kind = "exact" if result["exact"] else "float64"
    agree = round(result["float"], 10) == PUBLIC[deck]
    return [
        (f"{deck}: value ({kind}, {result['states']:,} states)", f"{result['float']:.12f}",
         f"{PUBLIC[deck]} (to 10 decimals)", agree),
        (f"{deck}: solve time", seconds(result["seconds"]), f"< {limit_s} s", result["seconds"] < limit_s),
        (f"{deck}: peak memory", f"{result['peak_bytes'] / GIB:.2f} GiB", f"< {limit_gib} GiB",
         result["peak_bytes"] < limit_gib * GIB),
    ]


def shipped_rows() -> list[tuple[str, str, str, bool]]:
    """What the shipped table says, how big it is, how fast it loads and answers."""
    entry = odds.every_card_tables.shipped  # type: ignore[attr-defined]
    odds._big_deck_table.cache_clear()
    entry._table, entry._decoded = None, {}
    start = time.perf_counter()
    table = odds.solo_optimal("full")
    loaded = time.perf_counter() - start
    answer = per_call(lambda: table.advice([12, 3, 7], ["+4"], second_chance=True, seen=[FLIP_THREE]))
    size = entry.path.stat().st_size
    return [
        ("shipped table, all 94 cards: value", f"{table.value:.12f}", f"{PUBLIC['full']} (to 10 decimals)",
         round(table.value, 10) == PUBLIC["full"]),
        ("shipped table: file size", f"{size / 1e6:.2f} MB", "< 3 MB", size < 3e6),
        ("shipped table: first load", seconds(loaded), "< 0.5 s", loaded < 0.5),
        ("shipped table: one advice", seconds(answer), "< 1 ms", answer < 1e-3),
        odds_panel_row(),
    ]


def odds_panel_row() -> tuple[str, str, str, bool]:
    """The game widget's odds panel redrawn with the all-cards advice (a Hit or Stay redraws it)."""
    from circuslib.core.game import play_moves
    from circuslib.flip7.bots import StopAtSum
    from circuslib.flip7.rules import HIT, STAY, Flip7Options, new_game
    from circuslib.flip7.widget import Flip7Widget

    start = play_moves(new_game(Flip7Options(dealer=1), players=2), [12, 8, HIT, 11, STAY, HIT, 10])
    widget = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start, odds_visible=True)
    t = per_call(lambda: widget.frame.show_odds(widget._odds_html()))
    return ("game widget: odds panel with the all-cards advice", seconds(t), "< 50 ms", t < 0.05)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help="also solve all 94 cards (minutes)")
    args = parser.parse_args(argv)
    rows = []
    for deck in ["numbers+modifiers+second-chance"] + (["full"] if args.full else []):
        print(f"solving {deck} ...", flush=True)
        rows += solve_rows(deck, solve_in_a_fresh_process(deck))
    rows += shipped_rows()
    print_table("Flip 7: best solo play with every card", rows)


if __name__ == "__main__":
    main()
