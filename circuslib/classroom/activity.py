"""A class activity: what one student's seeded run is, which results can come from the game, and what the class's
pooled results estimate, exactly.

An :class:`Activity` is data and pure functions: it plays a run from a seed (:meth:`Activity.run`), checks a
contribution strictly before anything stores it (:meth:`Activity.check`: the shape, what the game allows, and that
the results are the ones the seed gives), and pools the class's entries (:class:`Pool`). Where the entries are kept
(a hub's service, a local file, nowhere) is :mod:`circuslib.classroom.client`'s business.
"""
from __future__ import annotations

import math
import numbers
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..core.game import describe
from .seeds import SEEDS, run_rng

__all__ = ["Activity", "Choice", "Entry", "Pool", "Refused", "COUNTS"]

COUNTS = ("last", "each")
"""How a student's runs count: only the last one stands, or each run adds its trials (the student counted once)."""


_EXACT: dict[tuple[str, int | None], Fraction] = {}
"""Each activity's exact means, by choice, once worked out."""


class Refused(ValueError):
    """A contribution the class does not take; the message is one sentence saying why."""


def _whole(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


@dataclass(frozen=True)
class Choice:
    """What a student chooses before a run (Flip 7's stopping point): a whole number in a range."""

    name: str
    low: int
    high: int
    unit: str = ""

    def check(self, value: Any) -> int:
        """The choice as an int, or Refused with a sentence."""
        if not _whole(value) or not self.low <= value <= self.high:
            unit = f" of {self.unit}" if self.unit else ""
            raise Refused(f"the {self.name} is a whole number{unit} from {self.low} to {self.high}, "
                          f"not {describe(value, 30)}")
        return int(value)


@dataclass(frozen=True)
class Entry:
    """One student's run of an activity: the seed, the run's number, the choice made, and the run's results.

    ``student`` and ``at`` are known where they are stored; classmates get entries without them."""

    seed: int
    run: int = 1
    choice: int | None = None
    trials: tuple = ()
    student: str | None = None
    at: float | None = None

    @property
    def code(self) -> str:
        """The entry written short, for the class's list where nothing can be sent: ``SEED[/CHOICE][#RUN]``."""
        return f"{self.seed}" + (f"/{self.choice}" if self.choice is not None else "") + \
            (f"#{self.run}" if self.run != 1 else "")

    def to_json(self, *, named: bool = False) -> dict:
        """The entry as JSON; ``named`` adds who sent it, when, and their seed (for the teacher)."""
        data: dict[str, Any] = {"run": self.run, "choice": self.choice, "trials": list(self.trials)}
        if named:
            data.update(student=self.student, seed=self.seed, at=self.at)
        return data

    @classmethod
    def from_code(cls, code: Any) -> Entry:
        """An entry read from its code, as a student wrote it down (the results are played again from it)."""
        found = re.fullmatch(r"\s*(\d{1,6})\s*(?:/\s*(-?\d+)\s*)?(?:#\s*(\d+)\s*)?", code) \
            if isinstance(code, str) else None
        if found is None:
            raise Refused(f"{describe(code, 30)} is not an entry's code: a seed, then /choice and #run where the "
                          "activity has them, like 482913 or 482913/23")
        seed, choice, run = found.groups()
        return cls(int(seed), int(run) if run else 1, int(choice) if choice is not None else None)


@dataclass(frozen=True)
class Activity:
    """A class activity in a lesson: each student plays ``trials`` seeded trials (with their ``choice``, where the
    activity has one) and the class pools them; the estimate closes in on ``exact``."""

    key: str
    lesson: str
    section: str
    title: str
    about: str
    trial: str
    trials: int
    measure: str
    play: Callable[[Any, int | None], Sequence] = field(repr=False)
    exact: Callable[[int | None], Fraction] = field(repr=False)
    possible: Callable[[Any], bool] = field(repr=False)
    impossible: str = ""
    label: Callable[[Any], str] = field(default=str, repr=False)
    bars: tuple[str, ...] | None = None
    score: Callable[[Any], int] = field(default=int, repr=False)
    choice: Choice | None = None
    counts: str = "last"
    unit: str = ""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", self.key):
            raise ValueError(f"an activity's key is lower-case letters, digits and dashes, not {self.key!r}")
        if self.counts not in COUNTS:
            raise ValueError(f"an activity counts 'last' or 'each' run, not {self.counts!r}")
        if not _whole(self.trials) or self.trials < 1:
            raise ValueError("an activity's run has at least one trial")

    # --- a run ------------------------------------------------------------------------------------------
    def _played(self, seed: int, run: int, choice: int | None) -> tuple:
        values = self.play(run_rng(self.key, seed, run), choice)
        # numpy's integers and booleans become Python's: an entry is JSON, and compares with what was sent
        return tuple(bool(v) if isinstance(v, bool) or getattr(getattr(v, "dtype", None), "kind", "") == "b"
                     else int(v) for v in values)

    def run(self, seed: int, run: int = 1, choice: int | None = None) -> Entry:
        """Play one run from a student's seed (and choice): the entry they contribute."""
        if not _whole(seed) or not 0 <= seed < SEEDS:
            raise Refused(f"a seed is a whole number from 0 to {SEEDS - 1:,}, not {describe(seed, 30)}")
        if not _whole(run) or run < 1:
            raise Refused(f"the run is a whole number, at least 1, not {describe(run, 30)}")
        if self.choice is not None:
            choice = self.choice.check(choice)
        elif choice is not None:
            raise Refused(f"'{self.title}' asks for no choice; send none")
        return Entry(int(seed), int(run), choice, self._played(int(seed), int(run), choice))

    def check(self, data: Any) -> Entry:
        """A contribution as JSON, checked before it is stored: Refused, with one sentence, unless every part is
        what this activity's cell sends and the results are exactly the ones the seed gives."""
        if not isinstance(data, dict) or not {"seed", "trials"} <= set(data) or \
                not set(data) <= {"seed", "run", "choice", "trials"}:
            raise Refused("a contribution is a seed, a run and its results, sent by the activity's cell; "
                          "this one is not")
        seed, run, choice, trials = data["seed"], data.get("run", 1), data.get("choice"), data["trials"]
        if not _whole(seed) or not 0 <= seed < SEEDS:
            raise Refused(f"a seed is a whole number from 0 to {SEEDS - 1:,}, not {describe(seed, 30)}")
        if not _whole(run) or run < 1:
            raise Refused(f"the run is a whole number, at least 1, not {describe(run, 30)}")
        if self.counts == "last" and run != 1:
            raise Refused(f"in '{self.title}' only a student's last run stands: its number is 1, not {run}")
        if self.choice is not None:
            choice = self.choice.check(choice)
        elif choice is not None:
            raise Refused(f"'{self.title}' asks for no choice, yet this contribution has one")
        if not isinstance(trials, list) or len(trials) != self.trials:
            size = len(trials) if isinstance(trials, list) else describe(trials, 30)
            raise Refused(f"a run of '{self.title}' is {self.trials} {self.trial}s, not {size}")
        for value in trials:
            if not self.possible(value):
                raise Refused(f"{describe(value, 20)} cannot come from the game: {self.impossible}")
        played = self._played(seed, run, choice)
        if tuple(trials) != played or any(type(a) is not type(b) for a, b in zip(trials, played, strict=True)):
            made = f"seed {seed}" + (f" and {self.choice.name} {choice}" if self.choice else "")
            raise Refused(f"these {self.trial}s are not the ones {made} gives: the class takes the runs the "
                          "activity's cell plays, not results typed in")
        return Entry(seed, run, choice, tuple(trials))

    def recompute(self, codes: Iterable[str | Entry]) -> list[Entry]:
        """The class's entries played again from their codes (or entries): what seeds alone give."""
        entries = []
        for code in codes:
            entry = code if isinstance(code, Entry) else Entry.from_code(code)
            played = self.run(entry.seed, entry.run, entry.choice)
            entries.append(replace(played, student=entry.student, at=entry.at))
        return entries

    def exact_mean(self, choice: int | None = None) -> Fraction:
        """The exact mean of one trial's score for this choice (worked out once: a view asks at every refresh)."""
        key = (self.key, choice)
        if key not in _EXACT:
            _EXACT[key] = Fraction(self.exact(choice))
        return _EXACT[key]

    def pool(self, entries: Iterable[Entry], contributors: int | None = None) -> Pool:
        """The class's results pooled (entries in the order they came)."""
        entries = tuple(entries)
        if contributors is None:
            contributors = len({(e.student, e.seed) if e.student is None else e.student for e in entries})
        return Pool(self, entries, contributors)

    def consent(self, where: str) -> str:
        """What taking part sends and who sees it, in one sentence (``where``: "hub", "local" or "seeds")."""
        what = f"your seed, your {self.trials} {self.trial}s" + (f", your {self.choice.name}" if self.choice else "")
        if where == "seeds":
            return ("Nothing is sent from here: your seed is shown so that your teacher can play your "
                    f"{self.trial}s again from it.")
        if where == "local":
            return f"Taking part keeps {what} in a file on this computer, for whoever teaches on it."
        return (f"Taking part sends your name, {what} and, from now on, which try-it checks said \"not yet\" and "
                "the mistake they named; your teacher sees them with your name, classmates only the class's totals.")


@dataclass(frozen=True)
class Pool:
    """The class's entries of one activity pooled: the values, the exact pooled mean, its interval and the exact
    value it estimates."""

    activity: Activity
    entries: tuple[Entry, ...]
    contributors: int

    @property
    def values(self) -> list[int]:
        """Every trial's score, in the order the entries came."""
        return [self.activity.score(v) for e in self.entries for v in e.trials]

    @property
    def n(self) -> int:
        """How many trials the class has pooled."""
        return sum(len(e.trials) for e in self.entries)

    @property
    def mean(self) -> Fraction | None:
        """The pooled mean, exactly (None before the first entry)."""
        return Fraction(sum(self.values), self.n) if self.n else None

    @property
    def exact(self) -> Fraction | None:
        """The exact value the pooled mean estimates: the average over the entries of each one's exact mean
        (one value when the activity has no choice)."""
        if not self.entries:
            return self.activity.exact_mean(None) if self.activity.choice is None else None
        return sum((self.activity.exact_mean(e.choice) * len(e.trials) for e in self.entries), Fraction(0)) / self.n

    @property
    def interval(self) -> tuple[float, float] | None:
        """The pooled mean's 95% confidence interval (None with fewer than two trials)."""
        if self.n < 2:
            return None
        from ..core.sim import Estimate

        return Estimate.from_values(self.values).ci95

    def histogram(self) -> dict[str, int]:
        """How many of the class's trials fall on each bar, bars in the activity's order."""
        counted = Counter(self.activity.label(v) for e in self.entries for v in e.trials)
        order = self.activity.bars or tuple(sorted(counted, key=_natural))
        return {bar: counted.get(bar, 0) for bar in order}

    def choices(self) -> dict[int, int]:
        """How many entries made each choice (Flip 7's stopping points), smallest first."""
        counted = Counter(e.choice for e in self.entries if e.choice is not None)
        return dict(sorted(counted.items()))

    def summary(self) -> str:
        """The pooled estimate in one line, decimals to two places."""
        if not self.n:
            return "no results yet"
        mean, interval, exact = float(self.mean or 0), self.interval, self.exact
        shown = f"{mean:.2f} {self.activity.unit}".rstrip()
        if interval is not None and all(math.isfinite(x) for x in interval):
            shown += f" (95% interval {interval[0]:.2f} to {interval[1]:.2f})"
        if exact is not None:
            shown += f"; exact {float(exact):.2f}"
        return f"{self.activity.measure}: {shown}"


def _natural(label: str) -> tuple:
    """Sort key: numbers in order, then words."""
    return (0, int(label), "") if label.lstrip("-").isdigit() else (1, 0, label)
