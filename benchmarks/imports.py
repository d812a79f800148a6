"""How long importing each game package and its widget takes in a fresh Python, beyond numpy, and whether sympy,
matplotlib or networkx came with it (they should load only when a function that needs them runs).
Target: at most 0.3 s each, none of the three loaded. Best of three fresh interpreters."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import print_table, seconds  # noqa: E402

TARGET = 0.3
HEAVY = ("sympy", "matplotlib", "networkx")
PACKAGES = {
    "Pig (the warm-up)": "circuslib.pig, circuslib.pig.widget",
    "Flip 7": "circuslib.flip7, circuslib.flip7.widget, circuslib.flip7.explorers",
    "Le Petit Cirque Volant": "circuslib.pcv, circuslib.pcv.widget, circuslib.pcv.explorers",
    "Scout": "circuslib.scout, circuslib.scout.widget, circuslib.scout.explorers",
    "Speed": "circuslib.speed, circuslib.speed.widget, circuslib.speed.explorers",
    "Flip Circus": "circuslib.flip_circus, circuslib.flip_circus.widget, circuslib.flip_circus.explorers",
}
PROBE = """
import json, sys, time
import numpy
start = time.perf_counter()
import {modules}
print(json.dumps([time.perf_counter() - start, [m for m in {heavy!r} if m in sys.modules]]))
"""


def import_time(modules: str) -> tuple[float, list[str]]:
    """The best of three fresh interpreters' import times, and the heavy modules the import brought."""
    runs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", PROBE.format(modules=modules, heavy=HEAVY)],
                             capture_output=True, text=True, check=True).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
    best = min(runs)
    return best[0], best[1]


def main() -> None:
    rows = []
    for name, modules in PACKAGES.items():
        seconds_taken, heavy = import_time(modules)
        rows.append((f"import {name} and its widget", seconds(seconds_taken), f"<= {TARGET:g} s beyond numpy",
                     seconds_taken <= TARGET))
        rows.append((f"  ... loads {', '.join(HEAVY)}", ", ".join(heavy) or "none of them", "none", not heavy))
    print_table("Importing the kit (fresh interpreter, numpy already loaded)", rows)


if __name__ == "__main__":
    main()
