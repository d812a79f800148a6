"""Answers as plain data: any value a student gives, written as JSON-ready data and read back as built-in types.

The teacher's grader (:mod:`circuslib.core.grade`) never takes an object from a student's process: the process
sends its answers as plain data (:func:`encode`), and the grader reads them back (:func:`decode`) as exact values
of the built-in types, so what it compares is an ``int``, a ``Fraction`` or a sympy expression made afresh, never
a student's subclass that says it equals anything. The checks in a student's kernel read every answer the same
way (:func:`rebuilt`), so a lying subclass fails there too.

The plain form is JSON: ``null``, ``true``, ``false``, numbers, strings and arrays (lists) stand for themselves;
every other value is an object with one key naming its kind (``{"$fraction": [3, 28]}``, ``{"$tuple": [...]}``,
``{"$sympy": ...}``). A value the form cannot hold (an open file, a student's own class) becomes
``{"$unreadable": ...}``, read back as an :class:`Unreadable` that keeps its type's name for the check's message.
"""
from __future__ import annotations

import dataclasses
import math
import numbers
import sys
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, cast

__all__ = ["encode", "decode", "rebuilt", "Unreadable", "PlainError", "MAX_DEPTH"]

MAX_DEPTH = 200
"""Deepest nesting written or read; deeper values are unreadable (a guard against runaway recursion)."""
MAX_ITEMS = 2_000_000
"""Most items in one value, counted over every level: more is unreadable (a guard against memory blow-ups)."""


class PlainError(ValueError):
    """Plain data that does not have the form :func:`encode` writes (the message says where it goes wrong)."""


class Unreadable:
    """A value the plain form cannot hold; its class is named after the original type, for the check's message."""

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name = type_name
        self.text = text

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


_UNREADABLE_TYPES: dict[str, type[Unreadable]] = {}


def _unreadable(type_name: str, text: str) -> Unreadable:
    """An Unreadable whose ``type(...).__name__`` is the original type's name (one class per name)."""
    name = type_name if type_name.isidentifier() else "object"
    kind = _UNREADABLE_TYPES.get(name)
    if kind is None:
        kind = _UNREADABLE_TYPES.setdefault(name, type(name, (Unreadable,), {"__slots__": ()}))
    return kind(name, text)


# ---------------------------------------------------------------------------------------------------------
# writing: any value -> plain data

def _type_name(value: Any) -> str:
    try:
        name = type(value).__name__
    except Exception:  # a type whose name itself misbehaves
        return "object"
    return name if isinstance(name, str) else "object"


def _text(value: Any, limit: int = 80) -> str:
    try:
        text = repr(value)
    except Exception:  # a repr that fails is the value's own affair: name its type instead
        text = f"a {_type_name(value)}"
    text = text if isinstance(text, str) else f"a {_type_name(value)}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _int_of(value: Any) -> int:
    """The true value of an int (or of an int subclass, read past any method it overrides)."""
    return int(int.__repr__(value))


class _Writer:
    def __init__(self, function: Callable[[Any], Any] | None) -> None:
        self.function = function
        self.items = 0

    def unreadable(self, value: Any) -> dict[str, Any]:
        return {"$unreadable": [_type_name(value), _text(value)]}

    def write(self, value: Any, depth: int = 0) -> Any:
        self.items += 1
        if depth > MAX_DEPTH or self.items > MAX_ITEMS:
            return {"$unreadable": [_type_name(value), "a value nested too deeply, or too large, to be read"]}
        if value is None or value is True or value is False:
            return value
        if value is Ellipsis:  # the stub some cells start from
            return {"$ellipsis": 0}
        kind = type(value)
        if kind is int:
            return value
        if isinstance(value, bool):  # a numpy bool and the like arrive below
            return bool(value)
        if isinstance(value, int):
            return _int_of(value)
        if isinstance(value, float):
            number = float.__float__(value)
            return number if math.isfinite(number) else {"$float": repr(number)}
        if isinstance(value, str):
            return str.__str__(value)
        if isinstance(value, Fraction):
            return {"$fraction": [_int_of(Fraction.__dict__["_numerator"].__get__(value)),
                                  _int_of(Fraction.__dict__["_denominator"].__get__(value))]}
        if isinstance(value, complex):
            real, imag = complex.real.__get__(value), complex.imag.__get__(value)
            return {"$complex": [self.write(real, depth + 1), self.write(imag, depth + 1)]}
        module = getattr(kind, "__module__", "") or ""
        if isinstance(module, str) and module.split(".")[0] == "matplotlib":
            return self.figure_value(value, depth)
        if isinstance(module, str) and module.split(".")[0] in ("sympy", "mpmath") or _is_sympy(value):
            return self.sympy_value(value, depth)
        if module.split(".")[0] == "numpy" or _is_numpy(value):
            return self.numpy_value(value, depth)
        if isinstance(value, list):
            return [self.write(item, depth + 1) for item in list.__iter__(value)]
        if isinstance(value, tuple):
            return {"$tuple": [self.write(item, depth + 1) for item in tuple.__iter__(value)]}
        if isinstance(value, (set, frozenset)):
            items = [self.write(item, depth + 1) for item in (set.__iter__(value) if isinstance(value, set)
                                                               else frozenset.__iter__(value))]
            return {"$set" if isinstance(value, set) else "$frozenset": items}
        if isinstance(value, dict):
            return {"$dict": [[self.write(k, depth + 1), self.write(v, depth + 1)] for k, v in dict.items(value)]}
        if isinstance(value, range):
            return {"$range": [value.start, value.stop, value.step]}
        if isinstance(value, numbers.Number):
            return self.other_number(value, depth)
        if dataclasses.is_dataclass(value) and not isinstance(value, type) and module.startswith("circuslib."):
            return self.kit_value(value, depth)
        if callable(value) and not isinstance(value, type):
            if self.function is not None:
                return self.function(value)
            return self.unreadable(value)
        if isinstance(value, Mapping):
            return {"$dict": [[self.write(k, depth + 1), self.write(v, depth + 1)] for k, v in value.items()]}
        if isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray, type)):
            try:  # a generator, a dict view, a map object: read once, as the list it yields
                items = []
                for item in value:
                    items.append(item)
                    if len(items) > MAX_ITEMS:
                        return self.unreadable(value)
            except Exception:
                return self.unreadable(value)
            return {"$iterable": [_type_name(value), [self.write(item, depth + 1) for item in items]]}
        return self.unreadable(value)

    def other_number(self, value: Any, depth: int) -> Any:
        from decimal import Decimal

        if isinstance(value, Decimal):
            return {"$decimal": Decimal.__str__(value)}
        if isinstance(value, numbers.Rational):
            try:
                return {"$fraction": [_int_of(int(value.numerator)), _int_of(int(value.denominator))]}
            except Exception:
                return self.unreadable(value)
        if isinstance(value, numbers.Real):
            try:
                return {"$decimal_of": [_type_name(value), self.write(float(value), depth + 1)]}
            except Exception:
                return self.unreadable(value)
        return self.unreadable(value)

    def figure_value(self, value: Any, depth: int) -> Any:
        """A matplotlib Figure or Axes as the data a check reads of it: per plot its title, axis labels and
        scales, its lines' points, its bars (each one's centre, width, height and category) and its legend."""
        from matplotlib.axes import Axes
        from matplotlib.container import BarContainer
        from matplotlib.figure import Figure

        if isinstance(value, Axes):
            plots = [value]
        elif isinstance(value, Figure):
            plots = list(value.axes)
        else:
            return self.unreadable(value)
        try:
            written: list[dict[str, Any]] = []
            for ax in plots:
                mapping = getattr(getattr(ax.xaxis, "units", None), "_mapping", None)
                names = ({float(place): str(name) for name, place in mapping.items()}
                         if isinstance(mapping, dict) else {})
                bars = []
                for container in ax.containers:
                    if isinstance(container, BarContainer):
                        for bar in container:
                            centre = float(bar.get_x() + bar.get_width() / 2)
                            bars.append([centre, float(bar.get_width()), float(bar.get_height()),
                                         names.get(round(centre, 9))])
                # a line's data is a sequence (matplotlib's type for it also admits a single number, which set_data
                # refuses)
                lines = [[[float(x) for x in cast(Iterable[Any], line.get_xdata())],
                          [float(y) for y in cast(Iterable[Any], line.get_ydata())],
                          str(line.get_label())] for line in ax.get_lines()]
                legend = ax.get_legend()
                written.append({"title": str(ax.get_title()), "xlabel": str(ax.get_xlabel()),
                                "ylabel": str(ax.get_ylabel()), "xscale": str(ax.get_xscale()),
                                "yscale": str(ax.get_yscale()), "bars": bars, "lines": lines,
                                "legend": None if legend is None else [str(t.get_text()) for t in legend.get_texts()],
                                "data": bool(ax.has_data())})
        except Exception:  # a figure whose parts cannot be read: the check says it cannot read it
            return self.unreadable(value)
        self.items += sum(len(plot["bars"]) + sum(len(line[0]) for line in plot["lines"]) for plot in written)
        if self.items > MAX_ITEMS:
            return self.unreadable(value)
        return {"$figure": written}

    def kit_value(self, value: Any, depth: int) -> Any:
        kind = type(value)
        fields = {}
        for field in dataclasses.fields(kind):
            if not field.init:
                continue
            try:
                fields[field.name] = self.write(object.__getattribute__(value, field.name), depth + 1)
            except AttributeError:
                return self.unreadable(value)
        return {"$kit": [f"{kind.__module__}.{kind.__qualname__}", fields]}

    def numpy_value(self, value: Any, depth: int) -> Any:
        numpy = sys.modules.get("numpy")
        if numpy is None:
            return self.unreadable(value)
        if isinstance(value, numpy.ndarray):
            dtype = value.dtype
            if dtype.kind in "biufc":
                return {"$array": [dtype.str, list(value.shape), self.write(value.tolist(), depth + 1)]}
            if dtype.kind == "O":
                return {"$array": ["object", list(value.shape), self.write(value.tolist(), depth + 1)]}
            return self.unreadable(value)
        if isinstance(value, numpy.generic) and value.dtype.kind in "biufc":
            return {"$numpy": [value.dtype.str, self.write(value.item(), depth + 1)]}
        return self.unreadable(value)

    def sympy_value(self, value: Any, depth: int) -> Any:
        import sympy

        if isinstance(value, sympy.MatrixBase):
            try:
                rows, cols = (_int_of(n) for n in value.shape)
                cells = [value[i, j] for i in range(rows) for j in range(cols)]
            except Exception:  # a matrix class that cannot even say its shape or entries
                return self.unreadable(value)
            return {"$matrix": [rows, cols, [self.sympy_node(entry, depth + 1) for entry in cells]]}
        if isinstance(value, sympy.Basic):
            return {"$sympy": self.sympy_node(value, depth + 1)}
        return self.unreadable(value)

    def sympy_node(self, value: Any, depth: int) -> Any:
        import sympy

        self.items += 1
        if depth > MAX_DEPTH or self.items > MAX_ITEMS:
            return {"unreadable": "an expression nested too deeply, or too large, to be read"}
        if not isinstance(value, sympy.Basic):
            return {"unreadable": _type_name(value)}
        head = _sympy_class(type(value))
        if head is None:
            return {"unreadable": _type_name(value)}
        if issubclass(head, sympy.Rational):
            p, q = _numerator_denominator(value, head)
            return p if q == 1 else {"rational": [p, q]}
        if issubclass(head, sympy.Float):
            import mpmath

            mpf, precision = sympy.Float.__dict__["_mpf_"].__get__(value), sympy.Float.__dict__["_prec"].__get__(value)
            return {"float": [mpmath.libmp.to_str(mpf, max(15, int(precision * 0.30103) + 2)), int(precision)]}
        if issubclass(head, sympy.Symbol):
            name = sympy.Symbol.__dict__["name"].__get__(value)
            assumptions = dict(sympy.Symbol.__dict__["_assumptions_orig"].__get__(value) or {})
            return {"symbol": [str.__str__(name), {str(k): bool(v) for k, v in assumptions.items()}]}
        if head in _singletons():
            return {"singleton": head.__name__}
        arguments = sympy.Basic.__dict__["_args"].__get__(value)
        return {"head": head.__name__, "args": [self.sympy_node(a, depth + 1) for a in tuple.__iter__(arguments)]}


def _numerator_denominator(value: Any, head: type) -> tuple[int, int]:
    """A sympy rational's p and q: from sympy's own class, or from the slots past any property a subclass adds."""
    import sympy

    if type(value) is head:
        genuine: Any = value
        return _int_of(genuine.p), _int_of(genuine.q)
    parts = []
    for name in ("p", "q"):
        try:
            parts.append(_int_of(sympy.Rational.__dict__[name].__get__(value)))
        except AttributeError:  # a constant such as Half or One keeps them in its class
            parts.append(_int_of(getattr(head, name)))
    return parts[0], parts[1]


def _is_sympy(value: Any) -> bool:
    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(value, (sympy.Basic, sympy.MatrixBase))


def _is_numpy(value: Any) -> bool:
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, (numpy.ndarray, numpy.generic))


def _sympy_class(kind: type) -> type | None:
    """The first class of ``kind``'s ancestry that the plain form can name (a sympy class readers can rebuild)."""
    table = _sympy_classes()
    for ancestor in kind.__mro__:
        if table.get(ancestor.__name__) is ancestor:
            return ancestor
    return None


_SYMPY_TABLE: dict[str, type] = {}


def _sympy_classes() -> dict[str, type]:
    """The sympy classes the plain form names: every sympy expression class sympy exports, by name."""
    if not _SYMPY_TABLE:
        import sympy
        from sympy.functions.elementary.piecewise import ExprCondPair

        table = {name: value for name, value in vars(sympy).items()
                 if isinstance(value, type) and issubclass(value, sympy.Basic) and value.__name__ == name}
        for kind in (ExprCondPair, sympy.Tuple, type(sympy.S.Half), type(sympy.S.One), type(sympy.S.Zero),
                     type(sympy.S.NegativeOne), type(sympy.pi), type(sympy.E), type(sympy.I), type(sympy.oo),
                     type(sympy.S.NegativeInfinity), type(sympy.zoo), type(sympy.nan), type(sympy.S.true),
                     type(sympy.S.false), type(sympy.S.EulerGamma), type(sympy.S.GoldenRatio),
                     type(sympy.S.Catalan), type(sympy.S.EmptySet)):
            table.setdefault(kind.__name__, kind)
        _SYMPY_TABLE.update(table)
    return _SYMPY_TABLE


def _singletons() -> set[type]:
    import sympy

    return {type(value) for value in (sympy.pi, sympy.E, sympy.I, sympy.oo, sympy.S.NegativeInfinity, sympy.zoo,
                                      sympy.nan, sympy.S.true, sympy.S.false, sympy.S.EulerGamma,
                                      sympy.S.GoldenRatio, sympy.S.Catalan, sympy.S.EmptySet)}


def encode(value: Any, function: Callable[[Any], Any] | None = None) -> Any:
    """``value`` as plain data (JSON-ready); ``function(f)`` writes each callable found (default: unreadable)."""
    return _Writer(function).write(value)


# ---------------------------------------------------------------------------------------------------------
# reading: plain data -> built-in values

class _Reader:
    def __init__(self, function: Callable[[Any], Any] | None, kit: bool) -> None:
        self.function = function
        self.kit = kit
        self.items = 0

    def read(self, data: Any, depth: int = 0) -> Any:
        self.items += 1
        if depth > MAX_DEPTH or self.items > MAX_ITEMS:
            raise PlainError("the value is nested too deeply, or too large")
        if data is None or type(data) in (bool, int, str):
            return data
        if type(data) is float:
            return data
        if type(data) is list:
            return [self.read(item, depth + 1) for item in data]
        if type(data) is not dict or len(data) != 1:
            raise PlainError(f"unexpected {type(data).__name__} in plain data")
        ((tag, body),) = data.items()
        reader = _READERS.get(tag)
        if reader is None:
            raise PlainError(f"unknown kind {tag!r} in plain data")
        return reader(self, body, depth)

    def items_of(self, body: Any, depth: int) -> list[Any]:
        if type(body) is not list:
            raise PlainError("a collection's items must be a list")
        return [self.read(item, depth + 1) for item in body]


def _whole(value: Any, what: str) -> int:
    if type(value) is not int:
        raise PlainError(f"{what} must be a whole number")
    return value


def _read_fraction(reader: _Reader, body: Any, depth: int) -> Fraction:
    if type(body) is not list or len(body) != 2:
        raise PlainError("a fraction is [numerator, denominator]")
    numerator, denominator = _whole(body[0], "a numerator"), _whole(body[1], "a denominator")
    if denominator == 0:
        raise PlainError("a fraction's denominator is 0")
    return Fraction(numerator, denominator)


def _read_float(reader: _Reader, body: Any, depth: int) -> float:
    if body not in ("nan", "inf", "-inf"):
        raise PlainError("a special float is nan, inf or -inf")
    return float(body)


def _read_complex(reader: _Reader, body: Any, depth: int) -> complex:
    real, imag = reader.items_of(body, depth)
    if not all(type(part) in (int, float) for part in (real, imag)):
        raise PlainError("a complex number has two real parts")
    return complex(real, imag)


def _read_decimal(reader: _Reader, body: Any, depth: int) -> Any:
    from decimal import Decimal, InvalidOperation

    if type(body) is not str or len(body) > 10_000:
        raise PlainError("a decimal is written as text")
    try:
        return Decimal(body)
    except InvalidOperation:
        raise PlainError("a decimal's text is not a number") from None


def _read_decimal_of(reader: _Reader, body: Any, depth: int) -> Any:
    if type(body) is not list or len(body) != 2 or type(body[0]) is not str:
        raise PlainError("a real number of another type is [type, value]")
    value = reader.read(body[1], depth + 1)
    return float(value) if type(value) in (int, float) else _unreadable(body[0], "a number")


def _read_iterable(reader: _Reader, body: Any, depth: int) -> list[Any]:
    if type(body) is not list or len(body) != 2 or type(body[0]) is not str:
        raise PlainError("an iterable is [type, items]")
    return reader.items_of(body[1], depth)


def _read_set(reader: _Reader, body: Any, depth: int) -> set[Any]:
    try:
        return set(reader.items_of(body, depth))
    except TypeError:
        raise PlainError("a set holds an item that cannot be in a set") from None


def _read_frozenset(reader: _Reader, body: Any, depth: int) -> frozenset[Any]:
    return frozenset(_read_set(reader, body, depth))


def _read_dict(reader: _Reader, body: Any, depth: int) -> dict[Any, Any]:
    if type(body) is not list or not all(type(pair) is list and len(pair) == 2 for pair in body):
        raise PlainError("a dict is a list of [key, value] pairs")
    try:
        return {reader.read(k, depth + 1): reader.read(v, depth + 1) for k, v in body}
    except TypeError:
        raise PlainError("a dict has a key that cannot be a key") from None


def _read_range(reader: _Reader, body: Any, depth: int) -> range:
    if type(body) is not list or len(body) != 3:
        raise PlainError("a range is [start, stop, step]")
    try:
        return range(*(_whole(v, "a range's ends") for v in body))
    except ValueError:
        raise PlainError("a range's step is 0") from None


def _read_unreadable(reader: _Reader, body: Any, depth: int) -> Unreadable:
    if type(body) is not list or len(body) != 2 or not all(type(part) is str for part in body):
        raise PlainError("an unreadable value is [type, text]")
    return _unreadable(body[0][:80], body[1][:200])


def _read_numpy(reader: _Reader, body: Any, depth: int) -> Any:
    import numpy

    if type(body) is not list or len(body) != 2 or type(body[0]) is not str:
        raise PlainError("a numpy number is [dtype, value]")
    dtype = _numeric_dtype(body[0])
    value = reader.read(body[1], depth + 1)
    if type(value) not in (bool, int, float, complex):
        raise PlainError("a numpy number holds a number")
    try:
        return numpy.array(value, dtype=dtype)[()]
    except (OverflowError, ValueError, TypeError):
        raise PlainError("a numpy number out of its type's range") from None


def _numeric_dtype(text: str) -> Any:
    import numpy

    try:
        dtype = numpy.dtype(text)
    except TypeError:
        raise PlainError(f"unknown numpy type {text[:20]!r}") from None
    if dtype.kind not in "biufc":
        raise PlainError("a numpy number is a bool, an integer, a float or a complex number")
    return dtype


def _read_array(reader: _Reader, body: Any, depth: int) -> Any:
    import numpy

    if type(body) is not list or len(body) != 3 or type(body[0]) is not str or type(body[1]) is not list:
        raise PlainError("an array is [dtype, shape, items]")
    dtype = object if body[0] == "object" else _numeric_dtype(body[0])
    shape = tuple(_whole(n, "an array's shape") for n in body[1])
    items = reader.read(body[2], depth + 1)
    try:
        array = numpy.array(items, dtype=dtype)
        if shape == () and dtype is object:
            array = numpy.array(items, dtype=object)
        if array.shape != shape:
            array = array.reshape(shape)
    except (ValueError, TypeError, OverflowError):
        raise PlainError("an array's items do not fit its shape") from None
    return array


def _read_ellipsis(reader: _Reader, body: Any, depth: int) -> Any:
    return Ellipsis


def _read_tuple(reader: _Reader, body: Any, depth: int) -> tuple[Any, ...]:
    return tuple(reader.items_of(body, depth))


def _read_function(reader: _Reader, body: Any, depth: int) -> Any:
    if reader.function is None:
        raise PlainError("a function cannot be read here")
    return reader.function(body)


def _read_kit(reader: _Reader, body: Any, depth: int) -> Any:
    """A frozen dataclass of the kit (a move, say), built afresh from its fields with the kit's own class."""
    if type(body) is not list or len(body) != 2 or type(body[0]) is not str or type(body[1]) is not dict:
        raise PlainError("a kit value is [class, fields]")
    path, fields = body
    module_name, _, qualname = path.rpartition(".")
    module = sys.modules.get(module_name) if module_name.startswith("circuslib.") else None
    kind = getattr(module, qualname, None) if module is not None and qualname.isidentifier() else None
    if not (reader.kit and isinstance(kind, type) and dataclasses.is_dataclass(kind)
            and getattr(kind, "__module__", None) == module_name):
        return _unreadable(qualname or "object", f"a {qualname or 'value'} the grader does not read")
    names = {field.name for field in dataclasses.fields(kind) if field.init}
    if set(fields) - names:
        raise PlainError(f"a {qualname} has no field {sorted(set(fields) - names)[0]!r}")
    try:
        return kind(**{name: reader.read(value, depth + 1) for name, value in fields.items()})
    except (TypeError, ValueError) as error:
        raise PlainError(f"a {qualname} could not be made again: {error}") from None


def _read_sympy(reader: _Reader, body: Any, depth: int) -> Any:
    return _sympy_node(reader, body, depth + 1)


def _read_matrix(reader: _Reader, body: Any, depth: int) -> Any:
    import sympy

    if type(body) is not list or len(body) != 3 or type(body[2]) is not list:
        raise PlainError("a matrix is [rows, columns, entries]")
    rows, cols = _whole(body[0], "a matrix's rows"), _whole(body[1], "a matrix's columns")
    if rows < 0 or cols < 0 or rows * cols != len(body[2]):
        raise PlainError("a matrix's entries do not fit its shape")
    entries = [_sympy_node(reader, entry, depth + 1) for entry in body[2]]
    return sympy.Matrix(rows, cols, entries)


_ASSUMPTIONS: frozenset[str] = frozenset()


def _assumption_names() -> frozenset[str]:
    global _ASSUMPTIONS
    if not _ASSUMPTIONS:
        from sympy.core.assumptions import _assume_defined

        _ASSUMPTIONS = frozenset(_assume_defined)
    return _ASSUMPTIONS


def _sympy_node(reader: _Reader, node: Any, depth: int) -> Any:
    import sympy

    reader.items += 1
    if depth > MAX_DEPTH or reader.items > MAX_ITEMS:
        raise PlainError("the expression is nested too deeply, or too large")
    if type(node) is int:
        return sympy.Integer(node)
    if type(node) is not dict or len(node) not in (1, 2):
        raise PlainError("unexpected part of a sympy expression")
    if "rational" in node:
        p, q = (_whole(v, "a rational's parts") for v in node["rational"])
        if q == 0:
            raise PlainError("a rational's denominator is 0")
        return sympy.Rational(p, q)
    if "float" in node:
        text, precision = node["float"]
        if type(text) is not str or len(text) > 10_000 or type(precision) is not int or not 1 <= precision <= 100_000:
            raise PlainError("a sympy Float is [text, precision]")
        try:
            return sympy.Float(text, precision=precision)
        except (ValueError, TypeError):
            raise PlainError("a sympy Float's text is not a number") from None
    if "symbol" in node:
        name, assumptions = node["symbol"]
        if type(name) is not str or type(assumptions) is not dict:
            raise PlainError("a symbol is [name, assumptions]")
        given = {k: v for k, v in assumptions.items() if k in _assumption_names() and type(v) is bool}
        try:
            return sympy.Symbol(name, **given)
        except (ValueError, TypeError):  # contradictory assumptions
            return sympy.Symbol(name)
    if "singleton" in node:
        kind = _sympy_classes().get(node["singleton"]) if type(node["singleton"]) is str else None
        if kind is None or kind not in _singletons():
            raise PlainError("unknown sympy constant")
        return kind()
    if "unreadable" in node:
        text = node["unreadable"] if type(node["unreadable"]) is str else "object"
        return _unreadable("Basic", f"a part of the expression the grader does not read ({text[:60]})")
    if "head" in node and "args" in node and type(node["head"]) is str and type(node["args"]) is list:
        kind = _sympy_classes().get(node["head"])
        if kind is None:
            raise PlainError(f"unknown sympy class {node['head'][:40]!r}")
        arguments = [_sympy_node(reader, a, depth + 1) for a in node["args"]]
        if any(isinstance(a, Unreadable) for a in arguments):
            return _unreadable(node["head"], f"a {node['head']} the grader does not read")
        try:
            try:  # as it was written: nothing is worked out again while it is read
                return kind(*arguments, evaluate=False)
            except TypeError:
                return kind(*arguments)
        except Exception as error:  # a class sympy cannot make from these parts
            raise PlainError(f"a sympy {node['head'][:40]} could not be made again ({type(error).__name__})") from None
    raise PlainError("unexpected part of a sympy expression")


def _read_figure(reader: _Reader, body: Any, depth: int) -> Any:
    """A matplotlib Figure drawn afresh from the data a check reads of one (see ``_Writer.figure_value``)."""
    if type(body) is not list or not all(type(plot) is dict for plot in body):
        raise PlainError("a figure is a list of its plots")
    from matplotlib.artist import Artist
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    figure = Figure()
    try:
        for plot in body:
            ax = figure.add_subplot(len(body), 1, len(figure.axes) + 1)
            bars = plot["bars"]
            if bars:
                heights = [float(bar[2]) for bar in bars]
                if all(bar[3] is not None for bar in bars):  # bars named by category, in their order along x
                    ax.bar([str(bar[3]) for bar in sorted(bars)], [float(bar[2]) for bar in sorted(bars)])
                else:
                    ax.bar([float(bar[0]) for bar in bars], heights, width=[float(bar[1]) for bar in bars])
            for xs, ys, label in plot["lines"]:
                ax.plot([float(x) for x in xs], [float(y) for y in ys], label=str(label))
            ax.set_title(str(plot["title"]))
            ax.set_xlabel(str(plot["xlabel"]))
            ax.set_ylabel(str(plot["ylabel"]))
            for setter, scale in ((ax.set_xscale, plot["xscale"]), (ax.set_yscale, plot["yscale"])):
                if scale in ("log", "linear"):
                    setter(scale)
            if plot["legend"] is not None:
                labels = [str(t) for t in plot["legend"]]
                drawn: list[Artist | tuple[Artist, ...]] = [*ax.get_lines(), *ax.containers]
                handles = drawn[:len(labels)]
                # an entry for what is not drawn again (a scatter's points) keeps its text, beside an empty line
                handles += [Line2D([], []) for _ in labels[len(handles):]]
                ax.legend(handles, labels)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise PlainError(f"a figure's data could not be drawn again ({type(error).__name__})") from None
    return figure


_READERS: dict[str, Callable[[_Reader, Any, int], Any]] = {
    "$figure": _read_figure,
    "$fraction": _read_fraction, "$float": _read_float, "$complex": _read_complex, "$decimal": _read_decimal,
    "$decimal_of": _read_decimal_of, "$tuple": _read_tuple, "$set": _read_set, "$frozenset": _read_frozenset,
    "$dict": _read_dict, "$range": _read_range, "$iterable": _read_iterable, "$unreadable": _read_unreadable,
    "$numpy": _read_numpy, "$array": _read_array, "$function": _read_function, "$kit": _read_kit,
    "$sympy": _read_sympy, "$matrix": _read_matrix, "$ellipsis": _read_ellipsis,
}


def decode(data: Any, function: Callable[[Any], Any] | None = None, *, kit: bool = True) -> Any:
    """Plain data read back as built-in values; ``function(body)`` reads each function (default: refused).

    Raises :class:`PlainError` for data that :func:`encode` would not write.
    """
    try:
        return _Reader(function, kit).read(data)
    except RecursionError:
        raise PlainError("the value is nested too deeply") from None


def rebuilt(value: Any) -> Any:
    """``value`` made again from its plain form, as built-in exact types; functions are kept as they are.

    A check reads every answer through this, so it compares an ``int``, a ``Fraction`` or a fresh sympy expression,
    never a subclass that overrides ``==``.
    """
    if callable(value) and not isinstance(value, type) and not _is_sympy(value):
        return value
    kept: list[Any] = []

    def keep(function: Any) -> Any:
        kept.append(function)
        return {"$function": len(kept) - 1}

    try:
        return decode(encode(value, keep), lambda body: kept[body])
    except PlainError:
        return _unreadable(_type_name(value), _text(value))
