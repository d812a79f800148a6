"""Class mode: every student contributes their own seeded run of a lesson's activity and sees the class's pooled
results closing in on the exact value, live; the teacher opens and closes activities and sees who contributed what
and which misconceptions the try-its diagnosed.

A lesson's cell is one line, ``take_part("pig-turns", student="")``; a teacher's notebook (or Voila page) shows
``class_view("pig-turns")``. Where the results are kept is found out when an activity is first used:

- on a JupyterHub with the kit's service (``python -m circuslib.classroom.service``), in the service's SQLite
  file, each request carrying the student's own hub token;
- without a hub, in a SQLite file under the user's data folder (one laptop, a lab computer);
- where neither exists (JupyterLite, Binder), nowhere: each student's seed is shown, and the teacher's notebook
  recomputes the class's results from the list of seeds (``class_view("pig-turns", codes=[...])``).

Importing this package is cheap: SQLite, HTTP and the games load only when an activity is used.
"""
from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "take_part": "view", "class_view": "view", "ClassView": "view",
    "Activity": "activity", "Entry": "activity", "Refused": "activity", "Pool": "activity",
    "student_seed": "seeds",
    "connect": "client",
    "ACTIVITIES": "activities", "activity": "activities",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    """Load a name from its module the first time it is asked for."""
    if name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
