"""Flip Circus: permutations and symmetry on a ring of ten two-sided tokens, swap distances, one-turn search
and Bayesian deduction of hidden backs."""
from .rules import *  # noqa: F401,F403
from .rules import __all__ as _rules_all
from .rules import __getattr__  # noqa: F401  (the rules' old names, kept for one release)

__all__ = list(_rules_all)
