"""The one way the kit ships a precomputed result (circuslib.core.shipped), and every shipped file against its code."""
from __future__ import annotations

import importlib
import json
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import circuslib.core.shipped as shipped_module
from circuslib.__main__ import load_every_module, main
from circuslib.core.shipped import FRACTION, FRACTIONS, NPZ, Shipped, entry, record, registry, shipped

ROOT = Path(__file__).resolve().parents[1]

TOY = '''
from fractions import Fraction
from circuslib.core.shipped import FRACTION, NPZ, record, shipped

CALLS = []

@shipped("data/halves.json", cases=lambda: [(1,), (2,), (3,)], encoding=FRACTION, about="one over two to the n")
def half_power(n: int, scale: int = 1) -> Fraction:
    CALLS.append(n)
    return Fraction(scale, 2 ** n)

@shipped("data/runs.json", cases=lambda: [("a", 8)], encoding=record({0: "0", 1: "1", "tie": "t"}), runs="n",
         about="who won each trial")
def winners(name: str, n: int) -> tuple:
    CALLS.append((name, n))
    return tuple([0, 1, "tie", 1][i % 4] for i in range(n))

@shipped("data/arrays.npz", cases=lambda: [()], encoding=NPZ, about="a table of squares", long=True)
def squares() -> dict:
    import numpy
    return {"squares": numpy.arange(5) ** 2}
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A module of the kit's kind with three shipped results, in a folder of its own."""
    name = f"toy_shipped_{abs(hash(tmp_path)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(TOY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module(name)
    yield module
    sys.modules.pop(name, None)
    for registered in [n for n in shipped_module._REGISTRY if n.startswith(name)]:
        del shipped_module._REGISTRY[registered]


def test_a_call_not_shipped_is_computed(toy):
    assert toy.half_power(2) == Fraction(1, 4)  # no file yet: computed
    assert toy.CALLS == [2]


def test_a_shipped_call_is_read_not_computed(toy):
    written = entry(toy.half_power).write()
    assert written.name == "halves.json" and written.parent.name == "data"
    toy.CALLS.clear()
    assert toy.half_power(3) == Fraction(1, 8) and toy.half_power(n=1) == Fraction(1, 2)
    assert toy.CALLS == []
    assert toy.half_power(4) == Fraction(1, 16) and toy.half_power(1, scale=3) == Fraction(3, 2)  # not shipped
    assert toy.CALLS == [4, 1]


def test_the_file_names_its_function_and_holds_one_case_a_line(toy):
    path = entry(toy.half_power).write()
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["computed_by"].endswith("half_power") and data["about"] == "one over two to the n"
    assert data["cases"] == [[[1, 1], "1/2"], [[2, 1], "1/4"], [[3, 1], "1/8"]]
    assert '  [[2, 1], "1/4"],' in text.splitlines()


def test_a_call_equal_to_a_case_but_not_the_same_is_computed(toy):
    entry(toy.half_power).write()
    toy.CALLS.clear()
    assert toy.half_power(True) == Fraction(1, 2)  # True == 1 as a key, but not the case shipped for 1
    assert toy.CALLS == [True]  # computed, so a function that refuses True refuses it in its own words
    with pytest.raises(TypeError):  # 2.0 == 2 as a key too: not read, computed, and Fraction refuses it
        toy.half_power(2.0)
    assert toy.half_power(1) == Fraction(1, 2) and toy.CALLS == [True, 2.0]  # the case itself is read


def test_a_run_reads_its_beginning_and_plays_a_longer_one(toy):
    entry(toy.winners).write()
    toy.CALLS.clear()
    assert toy.winners("a", 5) == (0, 1, "tie", 1, 0)
    assert toy.winners("a", 8) == toy.winners.__wrapped__("a", 8)
    assert toy.CALLS == [("a", 8)]  # only the reference call above was played
    toy.CALLS.clear()
    assert len(toy.winners("a", 9)) == 9 and toy.CALLS == [("a", 9)]  # more than shipped: played
    assert toy.winners("b", 2) == (0, 1) and toy.CALLS[-1] == ("b", 2)


def test_a_changed_function_is_found_and_written_again(toy):
    shipped_entry = entry(toy.half_power)
    shipped_entry.write()
    path = shipped_entry.path
    data = json.loads(path.read_text(encoding="utf-8"))
    data["cases"][1][1] = "1/5"
    data["cases"].append([[9, 1], "1/512"])
    path.write_text(json.dumps(data), encoding="utf-8")
    shipped_entry._table = None
    found = [str(d) for d in shipped_entry.differences()]
    assert any("[2, 1]" in line and "1/5" in line and "1/4" in line for line in found)
    assert any("[9, 1]" in line and "no longer declared" in line for line in found)
    assert toy.half_power(2) == Fraction(1, 5)  # a hand-edited file is believed until the check runs...
    assert shipped_entry.refresh(check=True) and json.loads(path.read_text())["cases"][1][1] == "1/5"  # ...unwritten
    assert shipped_entry.refresh() and shipped_entry.differences() == []
    assert toy.half_power(2) == Fraction(1, 4)


def test_a_failed_computation_leaves_the_old_file_whole(toy, monkeypatch):
    shipped_entry = entry(toy.half_power)
    before = shipped_entry.write().read_bytes()

    def broken(*args, **kwargs):
        raise RuntimeError("interrupted")

    monkeypatch.setattr(shipped_entry, "function", broken)
    with pytest.raises(RuntimeError):
        shipped_entry.write()
    assert shipped_entry.path.read_bytes() == before
    assert [p.name for p in shipped_entry.path.parent.iterdir()] == ["halves.json"]  # no temporary file left


def test_arrays_ship_as_npz(toy):
    import numpy

    shipped_entry = entry(toy.squares)
    assert shipped_entry.long and shipped_entry.encoding is NPZ
    shipped_entry.write()
    assert numpy.array_equal(toy.squares()["squares"], [0, 1, 4, 9, 16])
    assert shipped_entry.differences() == []


def test_encodings_read_back_what_they_wrote():
    codes = record({0: "0", 1: "1", "tie": "t", None: "n"})
    assert codes.decode(codes.encode([0, None, "tie", 1])) == (0, None, "tie", 1)
    with pytest.raises(ValueError, match="has no code"):
        codes.encode([2])
    with pytest.raises(ValueError, match="one character"):
        record({0: "zero"})
    with pytest.raises(ValueError, match="of its own"):
        record({0: "x", 1: "x"})
    assert FRACTION.decode(FRACTION.encode(Fraction(-3, 28))) == Fraction(-3, 28)
    table = {(1, 2): Fraction(1, 3), (2, 1): Fraction(2, 3)}
    assert FRACTIONS.decode(json.loads(json.dumps(FRACTIONS.encode(table)))) == table


def test_declarations_are_checked(toy):
    with pytest.raises(ValueError, match="about"):
        shipped("data/x.json", cases=lambda: [], about="")(toy.half_power.__wrapped__)
    with pytest.raises(ValueError, match="no argument 'm'"):
        Shipped(toy.half_power.__wrapped__, "data/x.json", cases=lambda: [], about="x", runs="m")
    with pytest.raises(TypeError, match="not a shipped result"):
        entry(len)


# ---------------------------------------------------------------------------------------------------------
# every shipped file of the kit against its code

load_every_module()
ENTRIES = {name: e for name, e in registry().items() if not name.startswith("toy_shipped")}


def test_the_kit_ships_its_results_through_the_registry():
    # every data file that says what computed it is a registered entry's file
    files = {e.path for e in ENTRIES.values()}
    for path in sorted(ROOT.glob("circuslib/*/data/*.json")):
        if "computed_by" in json.loads(path.read_text(encoding="utf-8")):
            assert path in files, f"{path} is not the file of a shipped result"
    for e in ENTRIES.values():
        assert e.path.exists(), f"{e.name} ships {e.path}, which is missing: run python -m circuslib ship"
        assert e.path.parent.name == "data", f"{e.name}: shipped files live in the game's data/ folder"


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_each_shipped_file_is_what_its_function_computes(name):
    shipped_entry = ENTRIES[name]
    if shipped_entry.long:
        assert shipped_entry.check_sample is not None, f"{name} is long and declares no sample to check"
        shipped_entry.check_sample(shipped_entry.table()[()] if shipped_entry.encoding.binary else
                                   shipped_entry.table(), random.Random(name))
        return
    found = shipped_entry.differences(sample=shipped_entry.sample, rng=random.Random(name))
    assert not found, "\n".join(map(str, found[:10]))


def test_the_ship_command_checks_without_writing(capsys):
    status = main(["ship", "--check"] + [name for name, e in ENTRIES.items() if e.sample is None and not e.long][:1])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert main(["ship", "--check", "no.such.result"]) == 2
    assert "no shipped result is called no.such.result" in capsys.readouterr().err
