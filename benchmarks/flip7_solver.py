"""Flip 7's best solo play with every card: the two big solves, each in a fresh process (time and peak memory).

    python benchmarks/flip7_solver.py                  the Second Chance deck (exact), and the shipped table's figures
    python benchmarks/flip7_solver.py --full           also all 94 cards (float64: about 3 minutes, 5 GB)
    python benchmarks/flip7_solver.py --full --write   and write both to circuslib/flip7/solo_all.npz (make solve-flip7)

Targets are printed, not asserted (make bench runs the first form; the full solve is opt-in: make solve-flip7).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import per_call, print_table, seconds  # noqa: E402

from circuslib.flip7 import solver  # noqa: E402
from circuslib.flip7.rules import FLIP_THREE  # noqa: E402

PUBLIC = {"numbers+modifiers+second-chance": 22.2504034143, "all": 20.2980220287}  # the public solo analysis
TARGETS = {"numbers+modifiers+second-chance": (60, 16), "all": (600, 16)}        # seconds, GiB
GIB = 1 << 30


def solve_in_a_fresh_process(deck: str, save: Path) -> dict:
    """Run the solver's command line on one deck (its own process, so its peak memory is its own)."""
    command = [sys.executable, "-m", "circuslib.flip7.solver", deck, "--save", str(save)]
    if deck == "all":
        command.append("--float")
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
    """What the shipped table says about its own solve, how fast it loads and answers."""
    solver.shipped_all.cache_clear()
    start = time.perf_counter()
    table = solver.shipped_all("all")
    loaded = time.perf_counter() - start
    answer = per_call(lambda: table.advice([12, 3, 7], ["+4"], second_chance=True, seen=[FLIP_THREE]))
    size = solver.shipped_path().stat().st_size
    return [
        ("shipped table, all 94 cards: value", f"{table.value:.12f}", f"{PUBLIC['all']} (to 10 decimals)",
         round(table.value, 10) == PUBLIC["all"]),
        ("shipped table: solved in (recorded)",
         f"{seconds(table.seconds)}, {table.peak_bytes / GIB:.2f} GiB", "< 600 s, < 16 GiB",
         table.seconds < 600 and table.peak_bytes < 16 * GIB),
        ("shipped table: file size", f"{size / 1e6:.2f} MB", "< 3 MB", size < 3e6),
        ("shipped table: first load", seconds(loaded), "< 0.5 s", loaded < 0.5),
        ("shipped table: one advice", seconds(answer), "< 1 ms", answer < 1e-3),
        odds_panel_row(),
    ]


def odds_panel_row() -> tuple[str, str, str, bool]:
    """The game widget's odds panel redrawn with the all-cards advice (a Hit or Stay redraws it)."""
    from circuslib.flip7.bots import StopAtSum
    from circuslib.flip7.rules import HIT, STAY, new_game
    from circuslib.flip7.widget import Flip7Widget

    start = new_game(2, dealer=1).play(12).play(8).play(HIT).play(11).play(STAY).play(HIT).play(10)
    widget = Flip7Widget(random.Random(1), [StopAtSum(20)], start=start, odds_visible=True)
    t = per_call(lambda: widget.frame.show_odds(widget._odds_html()))
    return ("game widget: odds panel with the all-cards advice", seconds(t), "< 50 ms", t < 0.05)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help="also solve all 94 cards (minutes)")
    parser.add_argument("--write", action="store_true", help="write the solved tables to the kit (needs --full)")
    args = parser.parse_args(argv)
    if args.write and not args.full:
        parser.error("--write needs --full: the shipped file holds both decks")
    decks = ["numbers+modifiers+second-chance"] + (["all"] if args.full else [])
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        saved = {}
        for deck in decks:
            saved[deck] = Path(folder) / f"{deck}.npz"
            print(f"solving {deck} ...", flush=True)
            rows += solve_rows(deck, solve_in_a_fresh_process(deck, saved[deck]))
        if args.write:
            tables = [solver.SoloSolution.load(saved[deck]) for deck in decks]
            print(f"written: {solver.write_shipped(tables)}")
    rows += shipped_rows()
    print_table("Flip 7: best solo play with every card", rows)


if __name__ == "__main__":
    main()
