"""Checks explain wrong answers without giving the right one, accept every exact form, refuse decimals, run a
student's functions and simulations safely, and show a wrong answer in one line in IPython."""
from __future__ import annotations

import re
import time
from fractions import Fraction

import numpy as np
import pytest
import sympy

from circuslib.core.teach import (
    CORRECT_MARK,
    Checks,
    Mistake,
    WrongAnswer,
    call_student,
    check_collection,
    check_exact,
    check_formula,
    check_function,
    check_integer,
    check_probability,
    check_simulation,
    show_wrong_answers_in_one_line,
)


def test_right_answers_pass_in_every_exact_form(capsys):
    for answer in (Fraction(1, 6), sympy.Rational(1, 6), sympy.Integer(1) / 6):
        assert check_probability(answer, Fraction(1, 6)).startswith(CORRECT_MARK)
    for answer in (45, np.int64(45), np.int32(45), sympy.Integer(45), Fraction(90, 2)):
        assert check_integer(answer, 45).startswith(CORRECT_MARK)
        assert check_exact(answer, 45).startswith(CORRECT_MARK)
    assert CORRECT_MARK in capsys.readouterr().out


@pytest.mark.parametrize("answer, message", [
    (None, "still empty"),
    (0.2222, "give it exactly"),
    (np.float64(2 / 9), "give it exactly"),
    (sympy.Float(2 / 9), "give it exactly"),
    (sympy.N(sympy.Rational(2, 9)), "give it exactly"),
    (sympy.Rational(2, 9) * sympy.Float(1.0), "give it exactly"),
    (sympy.Sum(sympy.Rational(1, 9), (sympy.Symbol("i"), 1, 2)), "give it exactly as one number"),
    ("2/9", "text"),
    (True, "not True/False"),
    (Fraction(7, 6), "between 0 and 1"),
    (Fraction(-1, 6), "between 0 and 1"),
    (sympy.Rational(200, 9), "percentage"),
    (12, "a count, not a probability"),
    (Fraction(1, 5), "not right yet"),
    (sympy.sqrt(2) / 3, "not an exact rational"),
    (sympy.Symbol("p") / 3, "symbol"),
    ([Fraction(2, 9)], "expected one number"),
])
def test_wrong_probabilities_are_explained_without_the_answer(answer, message):
    with pytest.raises(WrongAnswer, match=message) as wrong:
        check_probability(answer, Fraction(2, 9))
    assert "2/9" not in str(wrong.value) and "0.2222" not in str(wrong.value)


def test_known_mistakes_get_their_hint():
    mistakes = [Mistake(Fraction(1, 12), "you counted unordered pairs, not ordered rolls")]
    with pytest.raises(WrongAnswer, match="ordered rolls"):
        check_exact(Fraction(1, 12), Fraction(1, 6), mistakes=mistakes)
    with pytest.raises(WrongAnswer, match="ordered rolls"):
        check_exact(sympy.Rational(1, 12), Fraction(1, 6), mistakes=mistakes)


def test_integer_checks():
    with pytest.raises(WrongAnswer, match="use int"):
        check_integer(45.0, 45)
    with pytest.raises(WrongAnswer, match="never below 0"):
        check_integer(-3, 45)
    with pytest.raises(WrongAnswer, match="a fraction"):
        check_integer(Fraction(91, 2), 45)
    with pytest.raises(WrongAnswer, match="turned round"):
        check_integer(np.int64(90), 45, mistakes=[Mistake(90, "the same card turned round")])


def test_formulas_match_symbols_by_name_whatever_their_assumptions():
    p = sympy.Symbol("p", positive=True)
    plain = sympy.Symbol("p")
    assert check_formula(2 / plain - 1, (2 - p) / p).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="uses x"):
        check_formula(2 / sympy.Symbol("x"), 2 / p)
    with pytest.raises(WrongAnswer, match="decimal"):
        check_formula(sympy.Float(2.0) / plain, 2 / p)
    with pytest.raises(WrongAnswer, match="damaged"):
        check_formula(1 / plain, 2 / p, mistakes=[Mistake(1 / p, "that is from damaged")])


def test_function_checks_name_the_input_and_never_show_a_traceback():
    def square(x):
        return x * x

    inputs = [(0,), (1,), (2,), (5,)]
    assert check_function(square, square, inputs).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match=r"raised ZeroDivisionError on input \(0\)"):
        check_function(lambda x: 1 // x, square, inputs)
    with pytest.raises(WrongAnswer, match="same answer whatever the input"):
        check_function(lambda x: 4, square, inputs)
    with pytest.raises(WrongAnswer, match="doubled"):
        check_function(lambda x: 2 * x, square, inputs, mistakes=[Mistake(lambda x: x + x, "you doubled")])
    with pytest.raises(WrongAnswer, match="decimal"):
        check_function(lambda x: x * x * 1.0, square, inputs)
    with pytest.raises(WrongAnswer, match="should be a function"):
        check_function(25, square, inputs)


def test_a_student_function_that_never_ends_is_stopped():
    def forever(x):
        while True:
            pass

    started = time.perf_counter()
    with pytest.raises(WrongAnswer, match="still running after 0.2 s"):
        call_student(forever, 1, time_limit=0.2)
    assert time.perf_counter() - started < 5
    with pytest.raises(WrongAnswer, match="recursed without end"):
        call_student(lambda: (_ for _ in ()).throw(RecursionError()))


def _coin(p):
    def simulate(n, seed):
        rng = np.random.default_rng(seed)
        share = float((rng.random(n) < p).mean())
        half = 1.96 * (share * (1 - share) / n) ** 0.5
        return share, (share - half, share + half)
    return simulate


def test_simulation_checks_run_the_students_simulation():
    spread = (0.3 * 0.7) ** 0.5
    assert check_simulation(_coin(0.3), reference=0.3, spread=spread, n=4000).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="cannot be checked"):
        check_simulation((0.3, (0.28, 0.32)), reference=0.3, spread=spread, n=4000)
    with pytest.raises(WrongAnswer, match="same result for two different seeds"):
        check_simulation(lambda n, seed: (0.3, (0.28, 0.32)), reference=0.3, spread=spread, n=4000)
    with pytest.raises(WrongAnswer, match="far from the long-run value"):
        check_simulation(_coin(0.4), reference=0.3, spread=spread, n=4000)
    with pytest.raises(WrongAnswer, match="different results for the same seed"):
        check_simulation(lambda n, seed: _coin(0.3)(n, None), reference=0.3,  # fresh entropy at every call
                         spread=spread, n=4000)


def test_collection_checks_count_what_is_missing_or_extra():
    assert check_collection({3, 1, 2}, [1, 2, 3]).startswith(CORRECT_MARK)
    with pytest.raises(WrongAnswer, match="1 missing, 1 that should not be there"):
        check_collection([1, 2, 4], [1, 2, 3])
    with pytest.raises(WrongAnswer, match="wrong order"):
        check_collection([2, 1], [1, 2], ordered=True)
    with pytest.raises(WrongAnswer, match="1 repeated"):
        check_collection([1, 1, 2], [1, 2])


def _demo() -> Checks:
    check = Checks("demo")

    @check.exercise(title="Seven", practises="counting", stars=1, minutes=2, answer=7,
                    mistakes=[Mistake(6, "off by one"), Mistake(8, "one too many"), Mistake(7.0, "whole number")])
    def seven(answer, exercise):
        return check_integer(answer, exercise.expected, mistakes=exercise.mistakes)

    return check


def test_a_checks_registry_names_its_exercises_and_catalogues():
    check = _demo()
    assert list(check) == ["seven"] and check.seven(7).startswith(CORRECT_MARK)
    assert check.seven.points == 1 and len(check.seven.mistakes) == 3
    with pytest.raises(AttributeError, match="no check called 'eight' for demo; the checks are: seven"):
        _ = check.eight
    with pytest.raises(ValueError, match="at least three"):
        check.exercise(title="t", practises="p", stars=1, minutes=1, mistakes=[Mistake(1, "a")])
    with pytest.raises(ValueError, match="stars must be 1, 2 or 3"):
        check.written("w", title="t", practises="p", stars=4, minutes=1)


def test_a_check_that_meets_an_unforeseen_answer_says_so_in_one_line():
    check = Checks("demo")

    @check.exercise(title="t", practises="p", stars=1, minutes=1,
                    mistakes=[Mistake(1, "a"), Mistake(2, "b"), Mistake(3, "c")])
    def fragile(answer, exercise):
        return answer["key"]

    with pytest.raises(WrongAnswer, match="could not read this answer") as refused:
        check.fragile(5)
    assert refused.value.__cause__ is None and refused.value.__suppress_context__


class _Shell:
    """The two methods of IPython's shell that the one-line display uses."""

    def __init__(self):
        self.custom_exceptions, self.shown = (), []

    def set_custom_exc(self, exceptions, handler):
        self.custom_exceptions, self.handler = exceptions, handler

    def _showtraceback(self, etype, value, lines):
        self.shown.append(lines)


def test_in_ipython_a_wrong_answer_is_shown_as_its_message_alone():
    shell = _Shell()
    assert show_wrong_answers_in_one_line(shell)
    assert WrongAnswer in shell.custom_exceptions
    error = WrongAnswer("P(bust) is not right yet: count the cards left")
    shell.handler(shell, WrongAnswer, error, None)
    assert shell.shown == [["✘ Not yet: P(bust) is not right yet: count the cards left"]]


# ---------------------------------------------------------------------------------------------------------
# a figure drawn with matplotlib, read from its data

def _two_dice() -> dict:
    return {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def _dice_figure(heights=None, *, title="Two dice", xlabel="sum of two dice", ylabel="probability", names=None):
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots()
    plt.close(figure)
    chances = _two_dice()
    ax.bar(names or list(chances), heights or [float(p) for p in chances.values()])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return figure


def _figure_check(answer):
    from circuslib.core.teach import check_figure

    return check_figure(answer, bars=_two_dice(), bar_names="each sum from 2 to 12",
                        xlabel=("the sum of the two dice", "sum", "total"),
                        ylabel=("the probability", "prob", "chance"))


def test_a_figure_check_reads_the_bars_title_and_labels_of_a_matplotlib_figure():
    from circuslib.core.teach import Sketch

    assert _figure_check(_dice_figure()).startswith(CORRECT_MARK)
    assert _figure_check(_dice_figure().axes[0]).startswith(CORRECT_MARK)  # an Axes will do
    chances = _two_dice()
    named = _dice_figure(names=[str(s) for s in chances])  # bars named by text: a categorical axis
    assert _figure_check(named).startswith(CORRECT_MARK)
    wrong = [
        (_dice_figure(title=""), "your figure has no title"),
        (_dice_figure(ylabel=""), "the y axis has no label: it should be the probability"),
        (_dice_figure(ylabel="count"), "the y axis should be the probability, labelled"),
        (_dice_figure(xlabel="x"), "the x axis should be the sum of the two dice"),
        (_dice_figure([round(float(p), 2) for p in chances.values()]), "close but rounded"),
        (_dice_figure([6 - abs(s - 7) for s in chances]), "are counts, not the exact chances"),
        (_dice_figure([100 * float(p) for p in chances.values()]), "add up to 100"),
        (_dice_figure([1 / 11] * 11), "your bars' heights are not the exact chances: the bar for 2 is not"),
        (Sketch(lambda ax: ax.bar(range(1, 12), [1 / 11] * 11)), "has a bar at '1'"),
        (Sketch(lambda ax: ax.bar(range(2, 12), [0.1] * 10)), "has 10 bars: draw one bar for each sum"),
        (Sketch(lambda ax: ax.plot([2, 12], [0, 1])), "has no bars"),
        (Fraction(1, 6), "should be the matplotlib figure you drew"),
        (None, "is still empty"),
    ]
    for answer, hint in wrong:
        with pytest.raises(WrongAnswer, match=re.escape(hint)) as refused:
            _figure_check(answer)
        assert len(str(refused.value).splitlines()) == 1 and "0.1667" not in str(refused.value)


def test_a_figure_check_reads_lines_legends_and_log_scales_and_refuses_the_kits_own_figure():
    import matplotlib.pyplot as plt

    from circuslib.core.figures import Plot
    from circuslib.core.teach import Sketch, check_figure

    xs, ys = [1, 10, 100], [0.5, 0.25, 0.125]

    def curve(ax, *, log=True, label="exact"):
        ax.plot(xs, ys, label=label)
        ax.set_title("t")
        if log:
            ax.set_xscale("log")
        if label:
            ax.legend()

    assert check_figure(Sketch(curve), lines=[(xs, ys)], legend=["exact"], log_x=True).startswith(CORRECT_MARK)
    for sketch, hint in ((Sketch(lambda ax: curve(ax, log=False)), "the x axis should be logarithmic"),
                         (Sketch(lambda ax: curve(ax, label=None)), "has no legend"),
                         (Sketch(lambda ax: curve(ax, label="other")), "the legend should name 'exact'")):
        with pytest.raises(WrongAnswer, match=hint):
            check_figure(sketch, lines=[(xs, ys)], legend=["exact"], log_x=True)
    with pytest.raises(WrongAnswer, match="no line through the 3 points"):
        check_figure(Sketch(lambda ax: ax.plot(xs, [1, 2, 3])), lines=[(xs, ys)], title=False)
    with pytest.raises(WrongAnswer, match="the kit's own figure"):
        check_figure(Plot("t", xlabel="x", ylabel="y").line(xs, ys))
    empty = plt.figure()
    plt.close(empty)
    with pytest.raises(WrongAnswer, match="is empty"):
        check_figure(empty)
