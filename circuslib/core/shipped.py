"""The one way the kit ships a precomputed result: a cache in front of the function that computes it.

Some results take seconds to compute (an exact table counted over every hand, a lesson's seeded tournament), and a
class opens a lesson in thirty kernels at once. Such a function is declared with :func:`shipped`, beside it::

    @shipped("data/stalemate.json", cases=lambda: [(k, d) for k in range(1, 9) for d in (1, 2)], encoding=FRACTION,
             about="P(stalemate right after the deal), exact")
    def p_stalemate(face_up: int, decks: int) -> Fraction: ...

A call whose arguments are among the shipped cases reads its value from the file; any other call computes it. The
file names the function that computed it and holds each case on a line of its own, so a changed value shows as one
changed line in a diff. ``python -m circuslib ship`` computes every shipped case again and writes the files;
``python -m circuslib ship --check`` computes them and says which files differ, writing nothing; a test walks the
registry and computes every entry again (or a declared sample of a large one), so a file cannot drift from its code.

A lesson's seeded runs (who won each game of a tournament) are a case too: with ``runs="n"`` the argument ``n`` (how
many trials) is left out of the key, the function returns one outcome a trial, and a call asking for fewer trials
than shipped reads the beginning of the record (a run is the same trials in the same order, so a shorter run is its
beginning).
"""
from __future__ import annotations

import dataclasses
import inspect
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar, cast

__all__ = ["Encoding", "JSON", "FRACTION", "FRACTIONS", "RATIONAL", "record", "NPZ", "Shipped", "shipped",
           "registry", "entry", "Difference"]

F = TypeVar("F", bound=Callable[..., Any])
_MISSING = object()


@dataclasses.dataclass(frozen=True)
class Encoding:
    """How a shipped value is written as JSON and read back: ``decode(encode(value))`` is the value again."""

    name: str
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]
    binary: bool = False  # written as a numpy .npz file rather than JSON


def _same(value: Any) -> Any:
    return value


def _rational(text: str) -> Any:
    import sympy  # only when a shipped sympy value is read

    return sympy.Rational(text)


def _fractions_encode(values: Mapping[Any, Any] | Sequence[Any]) -> Any:
    if isinstance(values, Mapping):
        return [[_plain(k), str(v)] for k, v in values.items()]
    return [str(v) for v in values]


def _fractions_decode(raw: Sequence[Any]) -> Any:
    if raw and isinstance(raw[0], list):
        return {_frozen(k): Fraction(v) for k, v in raw}
    return tuple(Fraction(v) for v in raw)


JSON = Encoding("json", _same, _same)
"""Values JSON holds as they are: numbers, text, lists (read back as lists)."""
FRACTION = Encoding("fraction", str, Fraction)
"""An exact ``Fraction``, written as text ("3/28")."""
FRACTIONS = Encoding("fractions", _fractions_encode, _fractions_decode)
"""A dict of exact ``Fraction``s (or a sequence of them), each written as text."""
RATIONAL = Encoding("rational", str, _rational)
"""An exact sympy ``Rational``, written as text ("3/28")."""


def record(codes: Mapping[Hashable, str]) -> Encoding:
    """A seeded run's outcomes, one character a trial (``codes`` gives each possible outcome its character)."""
    if not codes or any(not isinstance(c, str) or len(c) != 1 for c in codes.values()):
        raise ValueError("each outcome of a record needs a code of one character")
    if len(set(codes.values())) != len(codes):
        raise ValueError("each outcome of a record needs a code of its own")
    outcomes = {code: outcome for outcome, code in codes.items()}

    def encode(values: Iterable[Hashable]) -> str:
        try:
            return "".join(codes[value] for value in values)
        except KeyError as missing:
            raise ValueError(f"the outcome {missing} has no code in this record") from None

    def decode(text: str) -> tuple[Hashable, ...]:
        return tuple(outcomes[c] for c in text)

    return Encoding("record " + "".join(sorted(codes.values())), encode, decode)


def _npz_encode(arrays: Mapping[str, Any]) -> Any:
    return arrays


NPZ = Encoding("npz", _npz_encode, _same, binary=True)
"""A dict of numpy arrays, written as one compressed ``.npz`` file (an entry of one case)."""


def _plain(value: Any) -> Any:
    """A key part as JSON can hold it: numbers and text as they are, sequences as lists, anything else by its repr
    (a kit bot is a frozen dataclass whose repr names its kind and every setting it plays by)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value else "nan"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, (tuple, list, range)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    return repr(value)


def _frozen(value: Any) -> Any:
    """A key read back from JSON, hashable again: lists become tuples."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _key_text(key: Any) -> str:
    return json.dumps(key, ensure_ascii=False)


@dataclasses.dataclass(frozen=True)
class Difference:
    """A shipped case that differs from what its function computes now (or is missing from the file)."""

    entry: str
    key: Any
    shipped: Any
    computed: Any

    def __str__(self) -> str:
        if self.shipped is _MISSING:
            return f"{self.entry}: the case {_key_text(self.key)} is not shipped"
        if self.computed is _MISSING:
            return f"{self.entry}: the case {_key_text(self.key)} is shipped but no longer declared"
        return f"{self.entry}: the case {_key_text(self.key)} is shipped as {_short(self.shipped)}, computed as " \
               f"{_short(self.computed)}"


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Shipped:
    """One shipped result: the function that computes it, its file, the cases shipped and how they are written."""

    def __init__(self, function: Callable[..., Any], file: str, *, cases: Callable[[], Iterable[Any]], about: str,
                 encoding: Encoding = JSON, key: Callable[..., Any] | None = None, runs: str | None = None,
                 sample: int | None = None, long: bool = False,
                 check_sample: Callable[[Any, random.Random], None] | None = None) -> None:
        if not isinstance(about, str) or not about.strip():
            raise ValueError("a shipped result says what it is (about=...)")
        if not callable(cases):
            raise TypeError("cases must be a function returning the shipped calls' arguments (it runs only when asked)")
        self.function = function
        self.qualified = f"{function.__module__}.{function.__name__}"
        self.name = self.qualified.removeprefix("circuslib.")
        self.path = Path(cast(str, sys.modules[function.__module__].__file__)).resolve().parent / file
        self.cases = cases
        self.about = about
        self.encoding = encoding
        self.runs = runs
        self.sample = sample
        self.long = long
        self.check_sample = check_sample
        self._signature = inspect.signature(function)
        if runs is not None and runs not in self._signature.parameters:
            raise ValueError(f"{self.name} has no argument {runs!r} to count its runs")
        if encoding.binary and (runs is not None or key is not None):
            raise ValueError("a result shipped as .npz is one case, with no key and no runs")
        self._key = key
        self._table: dict[Any, Any] | None = None
        self._texts: set[str] = set()  # each shipped key as JSON text, to tell True from 1 and 1.0 from 1
        self._decoded: dict[Any, Any] = {}

    def __repr__(self) -> str:
        return f"<shipped {self.name}: {self.path.name}>"

    # --- keys ----------------------------------------------------------------------------------------------
    def _arguments(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return dict(bound.arguments)

    def key_of(self, args: Sequence[Any] = (), kwargs: Mapping[str, Any] | None = None) -> Any:
        """The key a call with these arguments is shipped under (the JSON form of its arguments)."""
        arguments = self._arguments(args, kwargs or {})
        if self._key is not None:
            plain = _plain(self._key(**arguments))
        else:
            plain = [_plain(v) for name, v in arguments.items() if name != self.runs]
        return _frozen(json.loads(json.dumps(plain)))

    def _count(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> int:
        assert self.runs is not None
        return cast(int, self._arguments(args, kwargs)[self.runs])

    def declared(self) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
        """The calls shipped, as (positional arguments, keyword arguments)."""
        calls = []
        for case in self.cases():
            if isinstance(case, Mapping):
                calls.append(((), dict(case)))
            elif isinstance(case, tuple):
                calls.append((case, {}))
            else:
                raise TypeError(f"{self.name}: each case is a tuple of arguments or a dict of keyword arguments")
        return calls

    # --- the file --------------------------------------------------------------------------------------------
    def table(self) -> dict[Any, Any]:
        """Every shipped case as the file holds it: key -> encoded value (empty when no file is shipped)."""
        if self._table is None:
            self._table = self._read(self.path)
            self._texts = {_key_text(key) for key in self._table}
        return self._table

    def _read(self, path: Path) -> dict[Any, Any]:
        if not path.exists():
            return {}
        if self.encoding.binary:
            import numpy

            with numpy.load(path, allow_pickle=False) as arrays:
                return {(): {name: arrays[name] for name in arrays.files}}
        data = json.loads(path.read_text(encoding="utf-8"))
        return {_frozen(key): value for key, value in data["cases"]}

    def lookup(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        """The shipped value of this call, or a marker saying it is not shipped."""
        try:
            key = self.key_of(args, kwargs)
        except TypeError:
            return _MISSING  # arguments the function itself will refuse, in its own words
        raw = self.table().get(key, _MISSING)
        # True == 1 and 1.0 == 1 as dict keys, but a call with True or 1.0 is not the case shipped for 1: the
        # function itself answers it (or refuses it, in its own words)
        if raw is _MISSING or _key_text(key) not in self._texts:
            return _MISSING
        if self.runs is not None:
            n = self._count(args, kwargs)
            if type(n) is not int or n < 0 or n > len(raw):
                return _MISSING
            if key not in self._decoded:
                self._decoded[key] = self.encoding.decode(raw)
            return self._decoded[key][:n]
        if key not in self._decoded:
            self._decoded[key] = self.encoding.decode(raw)
        return self._decoded[key]

    def compute(self, args: Sequence[Any] = (), kwargs: Mapping[str, Any] | None = None) -> Any:
        """The value of a call computed now, never read from the file."""
        return self.function(*args, **(kwargs or {}))

    def computed(self, calls: Iterable[tuple[tuple[Any, ...], dict[str, Any]]] | None = None) -> dict[Any, Any]:
        """The declared cases (or these) computed now: key -> encoded value."""
        calls = self.declared() if calls is None else calls
        return {self.key_of(args, kwargs): self.encoding.encode(self.compute(args, kwargs)) for args, kwargs in calls}

    def differences(self, *, sample: int | None = None, rng: random.Random | None = None,
                    computed: Mapping[Any, Any] | None = None) -> list[Difference]:
        """What differs between the file and the code: every declared case computed again (or ``sample`` of them,
        chosen by ``rng``; or the values ``computed`` already), and the cases the file holds that are no longer
        declared."""
        calls = self.declared()
        table = self.table()
        keys = [self.key_of(args, kwargs) for args, kwargs in calls]
        declared = set(keys)
        found = [Difference(self.name, key, _MISSING, "declared") for key in keys if key not in table]
        found += [Difference(self.name, key, table[key], _MISSING) for key in table if key not in declared]
        if computed is None:
            if sample is not None and sample < len(calls):
                calls = (rng or random.Random(0)).sample(calls, sample)
            computed = self.computed(calls)
        for key, value in computed.items():
            if key in table and not _equal(table[key], value):
                found.append(Difference(self.name, key, table[key], value))
        return found

    def refresh(self, *, check: bool = False) -> list[Difference]:
        """Compute every declared case once; write the file if it differs (never with ``check``); returns what
        differed."""
        values = self.computed()
        found = self.differences(computed=values)
        if found and not check:
            self.write(values=values)
        return found

    def write(self, path: Path | None = None, *, values: Mapping[Any, Any] | None = None) -> Path:
        """Write the file (every declared case computed now, or the ``values`` given), through a temporary file so
        that a failure leaves the old file whole; returns the path written."""
        target = self.path if path is None else Path(path)
        values = self.computed() if values is None else values
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                if self.encoding.binary:
                    import numpy

                    numpy.savez_compressed(out, **values[()])
                else:
                    out.write(self.text(values).encode("utf-8"))
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        if target == self.path:
            self._table, self._decoded = None, {}
        return target

    def text(self, values: Mapping[Any, Any]) -> str:
        """The JSON text of a shipped file: what it is, who computes it, then one case a line."""
        header = {"about": self.about, "computed_by": self.qualified, "encoding": self.encoding.name,
                  "recompute": "python -m circuslib ship"}
        lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in header.items()]
        cases = [f"  {json.dumps([key, value], ensure_ascii=False)}" for key, value in values.items()]
        return "{\n" + "\n".join(lines) + '\n "cases": [\n' + ",\n".join(cases) + "\n ]\n}\n"


def _equal(shipped: Any, computed: Any) -> bool:
    if (isinstance(shipped, dict) and isinstance(computed, Mapping) and shipped.keys() == computed.keys()
            and any(type(v).__module__ == "numpy" for v in shipped.values())):  # a JSON entry may be a dict too
        import numpy  # arrays of an .npz entry

        return all(numpy.array_equal(shipped[k], numpy.asarray(computed[k])) for k in shipped)
    return bool(json.loads(json.dumps(computed)) == shipped)


_REGISTRY: dict[str, Shipped] = {}


def shipped(file: str, *, cases: Callable[[], Iterable[Any]], about: str, encoding: Encoding = JSON,
            key: Callable[..., Any] | None = None, runs: str | None = None, sample: int | None = None,
            long: bool = False,
            check_sample: Callable[[Any, random.Random], None] | None = None) -> Callable[[F], F]:
    """Declare that the calls ``cases()`` of the function below are shipped in ``file`` (beside its module).

    ``encoding`` says how each value is written; ``key`` how a call's arguments name its case (by default the
    arguments themselves, defaults filled in); ``runs`` the argument that counts a seeded run's trials; ``sample``
    how many cases the kit's test computes again (all by default); ``long`` marks an entry computed again only
    when named (``python -m circuslib ship NAME``), whose test is ``check_sample(value, rng)``.
    """
    def declare(function: F) -> F:
        entry = Shipped(function, file, cases=cases, about=about, encoding=encoding, key=key, runs=runs,
                        sample=sample, long=long, check_sample=check_sample)
        if entry.name in _REGISTRY and _REGISTRY[entry.name].path != entry.path:
            raise ValueError(f"{entry.name} is shipped twice")
        _REGISTRY[entry.name] = entry

        def cached(*args: Any, **kwargs: Any) -> Any:
            value = entry.lookup(args, kwargs)
            return function(*args, **kwargs) if value is _MISSING else value

        cached.__name__, cached.__qualname__ = function.__name__, function.__qualname__
        cached.__doc__, cached.__module__ = function.__doc__, function.__module__
        cached.__wrapped__ = function  # type: ignore[attr-defined]
        cached.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
        cached.shipped = entry  # type: ignore[attr-defined]
        return cast(F, cached)

    return declare


def registry() -> dict[str, Shipped]:
    """Every shipped result declared by the modules imported so far, by name (``game.module.function``)."""
    return dict(sorted(_REGISTRY.items()))


def entry(function: Callable[..., Any]) -> Shipped:
    """The shipped entry of a function declared with :func:`shipped`."""
    found = getattr(function, "shipped", None)
    if not isinstance(found, Shipped):
        raise TypeError(f"{getattr(function, '__name__', function)!r} is not a shipped result")
    return found
