"""A student's seed: their student number or their name turned into a whole number, the same on every machine."""
from __future__ import annotations

import getpass
import hashlib
import os
import random

__all__ = ["student_seed", "who_am_i", "run_rng", "SEEDS"]

SEEDS = 1_000_000
"""Seeds run from 0 to 999,999: six digits, easy to read out or to write on the class's list."""


def _normalised(student: str) -> str:
    return " ".join(student.split()).casefold()


def student_seed(student: str) -> int:
    """The seed of a student number or a name: "Ada Lovelace", " ada  lovelace " and "ADA LOVELACE" share one."""
    if not isinstance(student, str):
        raise TypeError(f"a student is a student number or a name, in quotes, not {type(student).__name__}")
    name = _normalised(student)
    if not name:
        raise ValueError("write your student number or your name between the quotes: your seed comes from it")
    return int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big") % SEEDS


def who_am_i() -> str:
    """Who is running this kernel when the student gives no name: the hub's user name, else the computer's login."""
    hub_user = os.environ.get("JUPYTERHUB_USER", "").strip()
    if hub_user:
        return hub_user
    try:
        return getpass.getuser()
    except Exception:  # no login name at all (JupyterLite, some containers)
        return "student"


def run_rng(activity: str, seed: int, run: int) -> random.Random:
    """The random generator of one run of an activity: a student's runs differ, and each is the same everywhere."""
    # a text seed: random.Random hashes it with SHA-512, the same stream in every Python since 3.2
    return random.Random(f"circuslib/{activity}/{seed}/{run}")
