"""circuslib: probability, combinatorics and graphs taught through five small games and a warm-up, in Jupyter."""
from __future__ import annotations

import gc
import sys
from typing import Any

_LOADED_BEFORE_THE_KIT = frozenset(sys.modules)

from .core.game import CHANCE, Game, GameState, IllegalMove, Move  # noqa: E402 (after the list of what was loaded)

__version__ = "0.1.0"
__all__ = ["CHANCE", "Game", "GameState", "IllegalMove", "Move", "games", "__version__"]


def _settle_after_this_cell() -> bool:
    """In a notebook, let the cell that imports the kit load its libraries without the garbage collector, then
    freeze what it loaded; returns whether it did.

    The cell that imports the kit loads sympy, numpy, ipywidgets and the kit: about a million objects that stay
    alive all session. While they load, the cyclic collector keeps walking the growing heap, and every later full
    collection walks it again, though none of it can become garbage. So the collector is paused until that cell
    ends, and what it loaded is then frozen (``gc.freeze``): the collector leaves it alone from then on. It comes
    back on after the cell whatever happens in it; outside IPython, or with the collector already off, nothing is
    done.
    """
    ipython = sys.modules.get("IPython")  # not imported: not a notebook
    shell: Any = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "events") or not gc.isenabled():
        return False

    def after_the_cell(result: Any) -> None:
        shell.events.unregister("post_run_cell", after_the_cell)
        gc.freeze()
        gc.enable()

    gc.disable()
    shell.events.register("post_run_cell", after_the_cell)
    return True


def _undo_interrupted_loading(shell: Any = None) -> bool:
    """In a notebook, make a cell stopped while it loads libraries leave nothing half loaded; returns whether it
    watches.

    Ctrl-C in the middle of ``import matplotlib`` (or numpy, networkx, the kit) leaves the submodules loaded so far
    in ``sys.modules`` while the package itself is dropped: every later import of it then fails ("module
    'matplotlib' has no attribute ...") until the kernel restarts. So when a cell ends interrupted, every module it
    began loading is forgotten and the next run loads them whole. The cell that imports the kit is watched from
    before the kit's own imports."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "events") or getattr(shell, "_circus_watches_loading", False):
        return False
    loaded = [set(_LOADED_BEFORE_THE_KIT)]

    def before_a_cell(*_: Any) -> None:
        loaded[0] = set(sys.modules)

    def after_a_cell(result: Any) -> None:
        if isinstance(getattr(result, "error_in_exec", None), KeyboardInterrupt):
            for name in set(sys.modules) - loaded[0]:
                sys.modules.pop(name, None)

    shell.events.register("pre_run_cell", before_a_cell)
    shell.events.register("post_run_cell", after_a_cell)
    shell._circus_watches_loading = True  # once a session: a kit loaded again after an interrupt adds no twin
    return True


def games() -> dict[str, Game]:
    """Every game of the kit, by its folder's name: what it is called, its options, how it starts."""
    from .flip7.rules import GAME as FLIP7
    from .flip_circus.rules import GAME as FLIP_CIRCUS
    from .pcv.rules import GAME as PCV
    from .pig.rules import GAME as PIG
    from .scout.rules import GAME as SCOUT
    from .speed.rules import GAME as SPEED

    return {game.name: game for game in (PIG, FLIP7, PCV, SCOUT, SPEED, FLIP_CIRCUS)}


_settle_after_this_cell()
_undo_interrupted_loading()
