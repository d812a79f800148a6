"""circuslib: probability, combinatorics and graphs taught through five small games and a warm-up, in Jupyter."""
from __future__ import annotations

from .core.game import CHANCE, Game, GameState, IllegalMove, Move
from .core.session import start_lesson

__version__ = "0.1.0"
__all__ = ["CHANCE", "Game", "GameState", "IllegalMove", "Move", "games", "start_lesson", "__version__"]


def games() -> dict[str, Game]:
    """Every game of the kit, by its folder's name: what it is called, its options, how it starts."""
    from .flip7.rules import GAME as FLIP7
    from .flip_circus.rules import GAME as FLIP_CIRCUS
    from .pcv.rules import GAME as PCV
    from .pig.rules import GAME as PIG
    from .scout.rules import GAME as SCOUT
    from .speed.rules import GAME as SPEED

    return {game.name: game for game in (PIG, FLIP7, PCV, SCOUT, SPEED, FLIP_CIRCUS)}
