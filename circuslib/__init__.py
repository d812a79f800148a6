"""circuslib: probability, combinatorics and graphs taught through five small games, in Jupyter."""
from .core.game import CHANCE, GameState, IllegalMove, Move
from .core.session import start_lesson

__version__ = "0.1.0"
__all__ = ["CHANCE", "GameState", "IllegalMove", "Move", "start_lesson", "__version__"]
