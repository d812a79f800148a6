"""How long each game widget takes to answer a click, in the kernel: a few hundred seeded, scripted actions per game
(any enabled button, option, slider or checkbox a student could use, chosen at random), each timed from the click
to the redrawn widget, bot replies included (Speed's bot moves are timed as their own actions, on a clock that moves
only when told). Prints the median, p95 and slowest per game. Target: every action at most 50 ms.
Usage: ``python benchmarks/widgets.py [ACTIONS]`` (default 300 per game)."""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import print_table, seconds  # noqa: E402

TARGET = 0.050


def games() -> dict[str, Callable[[], tuple[object, Callable[[], None] | None]]]:
    """Each game widget, freshly dealt from a seed, and what makes its bot move (None when replies are in the click)."""
    from circuslib.flip7.widget import Flip7Widget
    from circuslib.flip_circus.widget import FlipCircusWidget
    from circuslib.pcv.widget import PCVWidget
    from circuslib.pig.widget import PigWidget
    from circuslib.scout.widget import ScoutWidget
    from circuslib.speed.widget import FakeClock, SpeedTable

    def speed():
        clock = FakeClock()
        table = SpeedTable(random.Random(1), scheduler=clock, paused=False)
        return table, lambda: clock.advance(0.5)

    return {
        "welcome: Pig": lambda: (PigWidget(random.Random(1)), None),
        "Flip 7 (3 bots)": lambda: (Flip7Widget(random.Random(1), 3), None),
        "Le Petit Cirque Volant (duel)": lambda: (PCVWidget("duel", rng=random.Random(1)), None),
        "Scout (3 players)": lambda: (ScoutWidget(3, random.Random(1)), None),
        "Speed (one deck)": speed,
        "Flip Circus": lambda: (FlipCircusWidget(random.Random(1)), None),
    }


def _shown(widget) -> bool:
    layout = getattr(widget, "layout", None)
    return not (layout is not None and layout.display == "none") and not getattr(widget, "disabled", False)


def controls(root) -> list:
    """Every control a student can use now: enabled and displayed, whose boxes are displayed too."""
    found, stack = [], [root]
    while stack:
        w = stack.pop()
        if not _shown(w) and w is not root:
            continue
        if isinstance(w, widgets.Box):
            stack.extend(w.children)
        elif isinstance(w, (widgets.Button, widgets.ToggleButton, widgets.Checkbox, widgets.Dropdown,
                            widgets.ToggleButtons, widgets.RadioButtons, widgets.IntSlider)):
            found.append(w)
    return found


def act(control, rng: random.Random) -> None:
    """Use a control once, as a student would."""
    if isinstance(control, widgets.Button):
        control.click()
    elif isinstance(control, (widgets.ToggleButton, widgets.Checkbox)):
        control.value = not control.value
    elif isinstance(control, widgets.IntSlider):
        control.value = rng.randint(control.min, control.max)
    else:
        options = [o for o in control.options if o != control.value] or list(control.options)
        choice = rng.choice(options)
        control.value = choice[1] if isinstance(choice, tuple) else choice


def latencies(make, n: int, seed: int = 2026) -> list[float]:
    """The seconds of n scripted actions on a fresh widget (bot moves counted as actions of their own)."""
    game, bot_moves = make()
    rng = random.Random(seed)
    times = []
    while len(times) < n:
        if bot_moves is not None and rng.random() < 0.3:
            start = time.perf_counter()
            bot_moves()
            times.append(time.perf_counter() - start)
            continue
        found = controls(game)
        if not found:
            game, bot_moves = make()
            continue
        control = rng.choice(found)
        start = time.perf_counter()
        act(control, rng)
        times.append(time.perf_counter() - start)
    return times


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rows = []
    for name, make in games().items():
        times = latencies(make, n)
        worst = max(times)
        rows.append((f"{name}: median of {n} actions", seconds(statistics.median(times)), "<= 50 ms",
                     statistics.median(times) <= TARGET))
        rows.append((f"{name}: p95", seconds(quantile(times, 0.95)), "<= 50 ms", quantile(times, 0.95) <= TARGET))
        rows.append((f"{name}: slowest", seconds(worst), "<= 50 ms", worst <= TARGET))
    print_table("Game widgets: one click to the redrawn widget, in the kernel", rows)


if __name__ == "__main__":
    main()
