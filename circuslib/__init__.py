"""circuslib: probability, combinatorics and graphs taught through five small games, in Jupyter."""
from .core.game import CHANCE, GameState, IllegalMove, Move

__version__ = "0.1.0"
__all__ = ["CHANCE", "GameState", "IllegalMove", "Move", "__version__"]
