"""The welcome lesson's Pig, where it was: the game is now ``circuslib.pig`` (rules, odds, graphs, bots, pictures,
widget, explorers, checks). Each old name still answers here for one release, with a DeprecationWarning naming
its new home: ``from circuslib.welcome import check`` is now ``from circuslib.pig.checks import check``."""
from __future__ import annotations

import importlib
import warnings
from typing import Any

_MOVED = {
    "ROLL": "rules", "STOP": "rules", "PigTurn": "rules.PigState", "stop_at": "bots", "pig_value": "odds",
    "expected_gain_of_a_roll": "odds", "pig_scores": "odds", "PigWidget": "widget", "check": "checks",
    "graph_key": "graphs", "pig_svg": "pictures",
}


def __getattr__(name: str) -> Any:
    """An old name of the welcome module, from its new home in circuslib.pig (with a DeprecationWarning)."""
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, _, new = _MOVED[name].partition(".")
    new = new or name
    warnings.warn(f"circuslib.welcome.{name} is now circuslib.pig.{module}.{new}; the old name goes in the next "
                  "release", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(f"circuslib.pig.{module}"), new)
