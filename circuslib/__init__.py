"""circuslib: probability, combinatorics and graphs taught through five small games and a warm-up, in Jupyter."""
from __future__ import annotations

import gc
import sys
from typing import Any

from .core.game import CHANCE, Game, GameState, IllegalMove, Move

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
