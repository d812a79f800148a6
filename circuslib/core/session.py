"""A lesson's first cell, made cheaper for a class on one server.

The first cell of a lesson loads matplotlib, sympy, numpy, ipywidgets and the kit: about a million Python objects
that stay alive the whole lesson. While they load, Python's cyclic garbage collector keeps walking the growing heap
(two or three full collections, 0.1 s each), and every later full collection walks it again, though nothing in it
can ever be garbage. ``start_lesson()`` pauses the collector until the end of the cell and then freezes what the
cell loaded (``gc.freeze``: the collector leaves those objects alone from then on). A lesson's kernel uses about
0.15 to 0.4 CPU seconds less, which thirty kernels on one server feel. Nothing else changes: objects made later are
collected as usual, and a cell that fails halfway still turns the collector back on."""
from __future__ import annotations

import gc
from typing import Any

__all__ = ["start_lesson"]


def _shell() -> Any:
    """The IPython shell running this code, or None (plain Python)."""
    try:
        from IPython import get_ipython
    except ImportError:  # IPython is a dependency of ipywidgets, but the rules run without it
        return None
    return get_ipython()


def start_lesson(shell: Any = None) -> bool:
    """Pause garbage collection for the rest of this cell (the libraries' loading), then freeze what it loaded.

    Call it as the first line of a lesson's first cell. Returns True when the collector was paused, False where
    there is no cell to wait for (plain Python) or the collector was already off (then it is left as it was)."""
    shell = shell if shell is not None else _shell()
    if shell is None or not hasattr(shell, "events") or not gc.isenabled():
        return False

    def after_the_cell(result: Any) -> None:
        # post_run_cell comes after every cell, the failed ones too, so the collector is never left off
        shell.events.unregister("post_run_cell", after_the_cell)
        gc.freeze()
        gc.enable()

    gc.disable()
    shell.events.register("post_run_cell", after_the_cell)
    return True
