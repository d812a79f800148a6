"""The teacher's grader's parts: answers as plain data, the sandbox a student's cells run in, which cells an exercise
needs, and a check asked to judge an answer against a given key. (nbgrader and the whole grader: test_nbgrader.py.)"""
from __future__ import annotations

import json
import math
import warnings
from fractions import Fraction
from pathlib import Path

import numpy
import pytest
import sympy

from circuslib.core.game import Move
from circuslib.core.grade import _names, _needed, read_source
from circuslib.core.plain import PlainError, Unreadable, decode, encode, rebuilt
from circuslib.core.sandbox import Limits, Sandbox, SandboxStopped
from circuslib.core.teach import WRONG_MARK, WrongAnswer, call_student

ROOT = Path(__file__).resolve().parent.parent  # a library test: no notebook tools (nbformat) needed

K = sympy.Symbol("k", positive=True, integer=True)


def _again(value):
    return decode(json.loads(json.dumps(encode(value))))


@pytest.mark.parametrize("value", [
    0, -7, 2 ** 100, 1.5, "text", None, True, Fraction(3, 28), (1, (2, 3)), [1, [2]], {1, 2}, frozenset({3}),
    {"a": 1, (1, 2): [3]}, range(2, 9, 3), 1 + 2j, Ellipsis, sympy.Rational(3, 28), sympy.Integer(5), sympy.S.Half,
    sympy.Float("0.25"), 4 * K * sympy.Rational(5, 6) ** K, sympy.log(48, 2), sympy.sqrt(2) + sympy.pi,
    sympy.Matrix([[1, sympy.Rational(1, 2)], [0, 1]]), sympy.Eq(K, 3), sympy.Piecewise((1, K > 2), (0, True)),
    numpy.int64(5), numpy.bool_(True), Move("flip", (3,)),
], ids=repr)
def test_a_value_comes_back_equal_and_of_its_own_type(value):
    back = _again(value)
    assert back == value and type(back).__name__ == type(value).__name__


def test_numpy_arrays_and_special_floats_come_back():
    assert (_again(numpy.array([[1, 2], [3, 4]])) == numpy.array([[1, 2], [3, 4]])).all()
    assert math.isnan(_again(float("nan"))) and _again(float("-inf")) == float("-inf")
    assert _again(numpy.float64(0.5)) == 0.5 and type(_again(numpy.float64(0.5))) is float


def _liar(base):
    class Liar(base):
        def __eq__(self, other):
            return True

        def __sub__(self, other):
            return 0

        __hash__ = base.__hash__
    return Liar


@pytest.mark.parametrize("value, base, other", [
    (_liar(int)(4), int, 5), (_liar(float)(0.5), float, 0.25), (_liar(str)("x"), str, "y"),
    (_liar(Fraction)(1, 3), Fraction, Fraction(1, 2)), (_liar(sympy.Rational)(1, 3), sympy.Rational, 0),
    (_liar(list)([1]), list, [2]), (_liar(tuple)((1,)), tuple, (2,)),
], ids=lambda v: type(v).__name__)
def test_a_lying_subclass_is_rebuilt_as_the_honest_type(value, base, other):
    assert value == other  # the lie
    honest = rebuilt(value)
    assert type(honest) is base and honest != other and honest == base(value)


def test_a_value_the_form_cannot_hold_keeps_its_type_name_and_functions_stay():
    class Odd:
        def __repr__(self):
            return "odd"

    odd = rebuilt(Odd())
    assert isinstance(odd, Unreadable) and type(odd).__name__ == "Odd" and repr(odd) == "odd"
    assert rebuilt(len) is len and rebuilt([len])[0] is len


@pytest.mark.parametrize("data", [
    {"$fraction": [1, 0]}, {"$nothing": 1}, {"a": 1, "b": 2}, {"$sympy": {"head": "eval"}},
    {"$sympy": {"head": "Pow", "args": [2, {"symbol": [3, {}]}]}}, {"$function": [0, "f"]}, {"$numpy": ["O", 1]},
], ids=lambda d: json.dumps(d)[:40])
def test_plain_data_that_encode_would_not_write_is_refused(data):
    with pytest.raises(PlainError):
        decode(data)


def test_a_kit_class_of_another_module_is_not_made():
    assert isinstance(decode({"$kit": ["subprocess.Popen", {}]}), Unreadable)


def test_a_figure_comes_back_with_every_legend_entry_even_of_what_is_not_drawn_again():
    """Only lines and bars are drawn again: the legend keeps the other entries' texts (a scatter's label) too, and
    a legend with no entries is a figure all the same, not an unreadable value."""
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots()
    plt.close(figure)
    ax.plot([1, 2], [3, 4], label="a line")
    ax.scatter([1, 2], [4, 3], label="the points")
    ax.legend()
    again = decode(encode(figure))
    assert [t.get_text() for t in again.axes[0].get_legend().get_texts()] == ["a line", "the points"]
    assert [list(line.get_xdata()) for line in again.axes[0].get_lines()] == [[1.0, 2.0]]
    figure, ax = plt.subplots()
    plt.close(figure)
    ax.scatter([1, 2], [4, 3], label="the points")
    ax.legend()
    assert [t.get_text() for t in decode(encode(figure)).axes[0].get_legend().get_texts()] == ["the points"]
    assert type(rebuilt(figure)).__name__ == "Figure" and not isinstance(rebuilt(figure), Unreadable)
    figure, ax = plt.subplots()
    plt.close(figure)
    ax.plot([1, 2], [3, 4])
    with warnings.catch_warnings():  # matplotlib says the legend is empty (a warning since 3.7, a log line before)
        warnings.simplefilter("ignore")
        ax.legend()
    assert decode(encode(figure)).axes[0].get_legend().get_texts() == []


def test_a_check_rebuilds_answers_and_function_results():
    from circuslib.welcome import check

    assert not check.three_dice_ten.judge(_liar(Fraction)(1, 3)).passed
    assert check.three_dice_ten.judge(Fraction(1, 8)).passed
    assert type(call_student(lambda: _liar(int)(3))) is int


def test_a_check_judges_against_the_key_it_is_given():
    from circuslib.pcv.checks import check as pcv
    from circuslib.welcome import check

    assert check.three_dice_ten.judge(Fraction(1, 7), key=Fraction(1, 7)).passed
    verdict = check.three_dice_ten.judge(Fraction(1, 8), key=Fraction(1, 7))
    assert not verdict.passed and verdict.line.startswith(WRONG_MARK)
    assert pcv.first_hit.judge(lambda k, p: p, key=lambda k, p: p).passed  # a function key replaces the model
    assert not pcv.first_hit.judge(lambda k, p: p).passed
    assert check.three_dice_ten.keyed(5).expected == 5 and check.three_dice_ten.judge(Fraction(1, 8)).passed
    assert not check.three_dice_ten.keyed(5).judge(Fraction(1, 8)).passed


def test_which_cells_an_exercise_needs():
    assert _names("held = [6]\nfor c in held + seen:\n    left[c] -= 1") == ({"held", "c"}, {"seen", "left"})
    assert _names("def f(n):\n    return g(n) + n\ng = 1") == ({"f", "g"}, set())
    assert _names("x = x + 1")[1] == {"x"}
    source = read_source(ROOT / "solutions" / "petit_cirque_volant.ipynb")
    answers = {c.grade_id: c.source for c in source.cells if c.kind == "answer"}
    rounds = next(t for t in source.tasks if t.check == "duel_rounds")
    assert [label for label, _ in _needed(source, rounds, answers)] == [
        "answer cell duel_transition_matrix-answer", "answer cell red_wins_duel-answer",
        "answer cell duel_rounds-answer"]
    first = next(t for t in source.tasks if t.check == "at_least_one_hit")
    assert len(_needed(source, first, answers)) == 1


@pytest.fixture(scope="module")
def box():
    with Sandbox([("set-up", "from fractions import Fraction")], Limits(cell_seconds=3, call_seconds=2)) as sandbox:
        yield sandbox


def _answer(box, code, variable="x"):
    run = box.run([("answer cell", code)], variable)
    try:
        return run, run.answer
    finally:
        if not callable(run.answer):
            run.close()


def test_the_sandbox_sends_back_answers_and_runs_functions_on_the_graders_inputs(box):
    run, answer = _answer(box, "x = Fraction(1, 3) + y", "x")
    assert run.missing and run.errors == ["answer cell: NameError: name 'y' is not defined"]
    run, answer = _answer(box, "def x(a):\n    return [a, Fraction(a, 2)]")
    assert answer(3) == [3, Fraction(3, 2)]
    with pytest.raises(WrongAnswer, match="raised KeyError on input"):
        call_student(_answer(box, "def x(a):\n    raise KeyError(a)")[1], 1)
    with pytest.raises(SandboxStopped, match="still running after 2 s"):
        _answer(box, "def x(a):\n    while True:\n        pass")[1](1)
    with pytest.raises(WrongAnswer, match="raised SystemExit"):
        call_student(_answer(box, "def x():\n    raise SystemExit")[1])
    with pytest.raises(SandboxStopped, match="stopped the process"):
        _answer(box, "import os\ndef x():\n    os._exit(0)")[1]()


def test_the_sandbox_survives_exits_endless_loops_and_memory_bombs(box):
    assert "still running after 3 s" in _answer(box, "while True:\n    pass")[0].stopped
    assert "still running after 3 s" in _answer(box, "import time\ntime.sleep(3600)")[0].stopped  # asleep, too
    assert "stopped the process" in _answer(box, "import os\nos._exit(1)")[0].stopped
    assert _answer(box, "x = 1\nraise SystemExit")[1] == 1
    run, _ = _answer(box, "x = bytearray(8 * 2 ** 30)")
    assert run.missing and "MemoryError" in run.errors[0]
    assert _answer(box, "x = 2")[1] == 2  # and the next exercise starts as fresh as ever


def test_a_student_process_starts_pristine_every_time(box):
    _answer(box, "import fractions\nfractions.Fraction = None\nx = 1")
    assert _answer(box, "x = Fraction(2, 4)")[1] == Fraction(1, 2)


def test_a_student_process_is_confined(box, tmp_path):
    run, _ = _answer(box, "x = 1")
    if not run.confined:
        pytest.skip("this kernel has no Landlock: the sandbox keeps the grader's own file rights")
    secret = tmp_path / "secret.txt"
    secret.write_text("the key")
    for code in (f"x = open({str(secret)!r}).read()", f"x = open({str(tmp_path / 'new.txt')!r}, 'w')",
                 f"import os\nx = os.listdir({str(ROOT)!r})", "import subprocess\nx = subprocess.run(['true'])",
                 "import socket\nx = socket.create_connection(('127.0.0.1', 9))",
                 "import os, signal\nx = os.kill(os.getppid(), signal.SIGKILL)"):
        run, _ = _answer(box, code)
        assert run.missing and ("PermissionError" in run.errors[0] or "Operation not permitted" in run.errors[0]), \
            (code, run.errors)
    assert not (tmp_path / "new.txt").exists()
    assert _answer(box, "open('mine.txt', 'w').write('ok')\nx = open('mine.txt').read()")[1] == "ok"
    assert _answer(box, "import os\nx = os.listdir('.')")[1] == []  # each exercise has a folder of its own
