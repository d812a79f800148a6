"""The class's results in SQLite (write-ahead log): each activity's state, each student's entries, and the
misconceptions the try-its diagnosed. The hub's service keeps one in its data folder; without a hub, a kernel keeps
one under the user's data folder.

Entries are checked before they reach the store (``Activity.check``); the store keeps what it is given, one row
per (activity, student, run): a run sent again replaces the row, so a student counts once however often the cell
runs. Every write is one transaction; the write-ahead log lets readers read while a writer writes, and a process
stopped at any moment loses no committed entry.
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

from .activity import Entry

__all__ = ["Store", "STATES", "default_path"]

STATES = ("not open", "open", "closed")
"""An activity is not open yet, open to entries, or closed (its entries stay)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS activities (key TEXT PRIMARY KEY, state TEXT NOT NULL, changed REAL NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT, activity TEXT NOT NULL, student TEXT NOT NULL, run INTEGER NOT NULL,
    seed INTEGER NOT NULL, choice INTEGER, trials TEXT NOT NULL, at REAL NOT NULL,
    UNIQUE (activity, student, run));
CREATE TABLE IF NOT EXISTS diagnoses (
    id INTEGER PRIMARY KEY AUTOINCREMENT, student TEXT NOT NULL, exercise TEXT NOT NULL, mistake TEXT NOT NULL,
    hint TEXT NOT NULL, at REAL NOT NULL);
"""


def default_path() -> Path:
    """Where a kernel keeps the class's results without a hub: $CIRCUSLIB_DATA, else the user's data folder."""
    if os.environ.get("CIRCUSLIB_DATA"):
        return Path(os.environ["CIRCUSLIB_DATA"]) / "classroom.sqlite"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "circuslib" / "classroom.sqlite"


class Store:
    """One SQLite file of class results; safe to use from several threads and processes at once."""

    def __init__(self, path: str | Path, *, open_by_default: bool = True) -> None:
        self.path = Path(path)
        self.open_by_default = open_by_default  # no teacher to open an activity on one's own computer
        self._local = threading.local()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connection() as db:
            db.executescript(_SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            db.execute("PRAGMA synchronous=NORMAL")  # WAL keeps every commit across a crash of the process
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
        return db

    def close(self) -> None:
        """Close this thread's connection (others close when their thread ends)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # --- activities ---------------------------------------------------------------------------------------
    def state(self, key: str) -> str:
        """The activity's state: "not open", "open" or "closed"."""
        row = self._connection().execute("SELECT state FROM activities WHERE key = ?", (key,)).fetchone()
        if row is None:
            return "open" if self.open_by_default else "not open"
        return str(row[0])

    def set_state(self, key: str, state: str) -> None:
        """Open or close an activity (its entries stay either way)."""
        if state not in STATES[1:]:
            raise ValueError(f"an activity is opened or closed: 'open' or 'closed', not {state!r}")
        self._connection().execute(
            "INSERT INTO activities (key, state, changed) VALUES (?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET state = excluded.state, changed = excluded.changed",
            (key, state, time.time()))

    # --- entries --------------------------------------------------------------------------------------------
    def add(self, key: str, student: str, entry: Entry) -> int:
        """Keep a student's checked entry (replacing the same run sent before); returns how many students have
        contributed to the activity."""
        db = self._connection()
        with _transaction(db):
            # a run sent again is deleted and written anew, so it counts once and at the place it came last
            db.execute("DELETE FROM entries WHERE activity = ? AND student = ? AND run = ?", (key, student, entry.run))
            db.execute("INSERT INTO entries (activity, student, run, seed, choice, trials, at) VALUES (?, ?, ?, ?, ?, "
                       "?, ?)", (key, student, entry.run, entry.seed, entry.choice, json.dumps(list(entry.trials)),
                                 time.time()))
            return int(db.execute("SELECT COUNT(DISTINCT student) FROM entries WHERE activity = ?",
                                  (key,)).fetchone()[0])

    def entries(self, key: str, student: str | None = None) -> list[Entry]:
        """The activity's entries in the order they came (only ``student``'s, if given), each with its student."""
        query = "SELECT seed, run, choice, trials, student, at FROM entries WHERE activity = ?"
        params: tuple[Any, ...] = (key,)
        if student is not None:
            query, params = query + " AND student = ?", (key, student)
        rows = self._connection().execute(query + " ORDER BY id", params).fetchall()
        return [Entry(seed, run, choice, tuple(json.loads(trials)), name, at)
                for seed, run, choice, trials, name, at in rows]

    def contributors(self, key: str) -> int:
        """How many students have contributed to the activity."""
        return int(self._connection().execute("SELECT COUNT(DISTINCT student) FROM entries WHERE activity = ?",
                                              (key,)).fetchone()[0])

    def next_run(self, key: str, student: str) -> int:
        """The number of a student's next run of the activity (1 for the first)."""
        row = self._connection().execute("SELECT MAX(run) FROM entries WHERE activity = ? AND student = ?",
                                         (key, student)).fetchone()
        return int(row[0] or 0) + 1

    # --- the try-its' diagnoses ---------------------------------------------------------------------------
    def add_diagnosis(self, student: str, diagnosis: dict[str, str]) -> None:
        """Keep one rejection a try-it diagnosed: its exercise, its mistake and its hint."""
        self._connection().execute(
            "INSERT INTO diagnoses (student, exercise, mistake, hint, at) VALUES (?, ?, ?, ?, ?)",
            (student, diagnosis["exercise"], diagnosis["mistake"], diagnosis["hint"], time.time()))

    def diagnoses(self) -> list[dict[str, Any]]:
        """Every diagnosis kept, in the order they came."""
        rows = self._connection().execute(
            "SELECT student, exercise, mistake, hint, at FROM diagnoses ORDER BY id").fetchall()
        return [dict(zip(("student", "exercise", "mistake", "hint", "at"), row, strict=True)) for row in rows]


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on an error): a write takes the lock at once, so two writers never
    deadlock upgrading a read."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: Any, *rest: Any) -> None:
        self.db.execute("ROLLBACK" if kind else "COMMIT")
