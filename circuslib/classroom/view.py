"""What a class activity looks like: a student's part (their seed, their run, whether the class took it) and the
class's view, live: how many have contributed, the histogram of the class's results, and the running pooled
estimate with its 95% band closing in on the exact value. A teacher's view adds the Open and Close buttons, who
contributed what, and the misconceptions the try-its diagnosed.

``take_part("pig-turns", student="")`` is a lesson's cell; ``class_view("pig-turns")`` shows the class anywhere
(a notebook, a Voila page); ``class_view("pig-turns", codes=[...])`` plays the class's runs again from the codes
students wrote down, where nothing could be sent.
"""
from __future__ import annotations

import html
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.svg import theme_style
from ..core.ui import Shown, button
from .activities import activity as find_activity
from .activity import Activity, Entry, Pool, Refused
from .client import Place, Status, Unreachable, connect
from .seeds import student_seed, who_am_i

__all__ = ["take_part", "class_view", "ClassView", "TakePart"]

REFRESH_SECONDS = 3.0
"""How often a teacher's live view asks for the class's results."""
STUDENT_REFRESH_SECONDS = 15.0
"""How often a student's view asks: thirty students' views together ask two times a second."""
LIVE_MINUTES = 120
"""A live view stops asking after a class's length; its Refresh button still works."""


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _activity(activity: str | Activity) -> Activity:
    return activity if isinstance(activity, Activity) else find_activity(activity)


# ---------------------------------------------------------------------------------------------------------
# the class's results, drawn

def _figures(pool: Pool) -> str:
    """The histogram of the class's results and the running pooled estimate, side by side, as HTML."""
    from ..core.figures import Plot, side_by_side
    from ..core.sim import convergence_plot

    activity = pool.activity
    bars = pool.histogram()
    xlabel = activity.measure if activity.unit else f"what each {activity.trial} gave"
    histogram = Plot(f"The class's {activity.trial}s", xlabel=xlabel, ylabel=f"{activity.trial}s",
                     width=420, height=260, legend="upper right")
    students = f"{pool.contributors} student{'' if pool.contributors == 1 else 's'}"
    histogram.bars(list(bars) or ["none yet"], list(bars.values()) or [0],
                   label=f"{pool.n:,} {activity.trial}s, {students}")
    figures = [histogram]
    if pool.choices():
        choices = pool.choices()
        chosen = Plot(f"The class's {activity.choice.name}s" if activity.choice else "choices",
                      xlabel=f"{activity.choice.name} ({activity.choice.unit})" if activity.choice else "choice",
                      ylabel="students", width=420, height=260, legend="upper right")
        chosen.bars([str(c) for c in choices], list(choices.values()), label=f"{sum(choices.values())} entries",
                    colour="#807dba")
        figures.append(chosen)
    if pool.n >= 2:
        estimate = convergence_plot(pool.values, pool.exact, title="The class's pooled estimate",
                                    label="the class", xlabel=f"{activity.trial}s pooled, in the order they came",
                                    ylabel=activity.unit or "estimate", legend="upper right")
        estimate.width, estimate.height = 460, 260
        figures.append(estimate)
    return side_by_side(*figures)._repr_html_()


def _count_line(pool: Pool, state: str) -> str:
    students = f"{pool.contributors} student{'s' if pool.contributors != 1 else ''}"
    trials = f"{pool.n:,} {pool.activity.trial}{'s' if pool.n != 1 else ''}"
    verb = "has" if pool.contributors == 1 else "have"
    return f"{students} {verb} contributed ({trials}); the activity is {state}."


def _entries_table(activity: Activity, entries: Sequence[Entry]) -> str:
    """Who contributed what (for the teacher): name, seed, choice, run, results."""
    if not entries:
        return ""
    chose = activity.choice.name if activity.choice else ""
    head = "".join(f"<th>{h}</th>" for h in ("student", "code", "run", chose, activity.trial + "s"))
    rows = "".join(
        f"<tr><td>{_esc(e.student or '')}</td><td><code>{_esc(e.code)}</code></td><td>{e.run}</td>"
        f"<td>{'' if e.choice is None else e.choice}</td>"
        f"<td>{_esc(', '.join(activity.label(v) for v in e.trials))}</td></tr>" for e in entries)
    return (f'<details class="circus-class-entries"><summary>Who contributed what ({len(entries)} entries)</summary>'
            f'<table>{head}{rows}</table></details>')


def _misconceptions(diagnoses: Sequence[dict[str, Any]]) -> str:
    """The try-its' diagnoses, most students first: each mistake with how many students it caught and its hint."""
    if not diagnoses:
        return '<p class="circus-class-misconceptions">No try-it has said "not yet" in class mode so far.</p>'
    students: dict[tuple[str, str], set[str]] = defaultdict(set)
    hints: dict[tuple[str, str], str] = {}
    for d in diagnoses:
        students[d["exercise"], d["mistake"]].add(d["student"])
        hints.setdefault((d["exercise"], d["mistake"]), d["hint"])
    ranked = sorted(students, key=lambda k: (-len(students[k]), k))
    rows = "".join(f"<tr><td>{len(students[k])}</td><td><code>{_esc(k[0])}</code></td><td>{_esc(hints[k])}</td></tr>"
                   for k in ranked[:10])
    return (f'<div class="circus-class-misconceptions"><b>Misconceptions the try-its caught</b> '
            f'({len({d["student"] for d in diagnoses})} students)<table><tr><th>students</th><th>exercise</th>'
            f'<th>what the check said</th></tr>{rows}</table></div>')


class ClassView(Shown):
    """The class's results of one activity, redrawn as entries arrive; a teacher's view can open and close it."""

    def __init__(self, activity: str | Activity, *, codes: Iterable[str | Entry] | None = None,
                 place: Place | None = None, live: bool = True, every: float = REFRESH_SECONDS,
                 teacher: bool | None = None) -> None:
        self.activity = _activity(activity)
        self.codes = None if codes is None else self.activity.recompute(codes)
        self.place = place
        self.every = every
        self.version: tuple = ()
        self.head = widgets.HTML(f"{theme_style()}<b>Class activity: {_esc(self.activity.title)}</b>")
        self.count = widgets.HTML()
        self.count.add_class("circus-class-count")
        self.summary = widgets.HTML()
        self.summary.add_class("circus-class-summary")
        self.plots = widgets.HTML()
        self.plots.add_class("circus-class-plots")
        self.details = widgets.HTML()
        self.details.add_class("circus-class-details")
        self.message = widgets.HTML()
        self.message.add_class("circus-class-message")
        self.refresh_button = button("Refresh", self._refresh_clicked, css_class="circus-class-refresh")
        controls = [self.refresh_button]
        self.teacher = False
        if self.codes is None:
            self.place = place or connect()
            try:
                self.teacher = self.place.whoami()[1] if teacher is None else teacher
            except (Refused, Unreachable) as error:
                self.message.value = f'<span class="circus-error">✘ {_esc(error)}</span>'
        if self.teacher:
            self.open_button = button("Open", lambda: self._set_state("open"), css_class="circus-class-open",
                                      style="success")
            self.close_button = button("Close", lambda: self._set_state("closed"), css_class="circus-class-close",
                                       style="danger")
            controls += [self.open_button, self.close_button]
        self.controls = widgets.HBox(controls)
        self.widget = widgets.VBox([self.head, self.count, self.summary, self.plots, self.controls, self.message,
                                    self.details])
        self.widget.add_class("circus-frame")
        self.widget.add_class("circus-class-view")
        self.refresh()
        self._task: Any = None
        if live and self.codes is None:
            self._task = _every(self.every, self._poll, minutes=LIVE_MINUTES)

    def _status(self) -> Status:
        if self.codes is not None:
            return Status("played again from the students' codes", len({e.code for e in self.codes}),
                          tuple(self.codes), (), True)
        assert self.place is not None
        return self.place.status(self.activity, named=self.teacher)

    def pool(self) -> Pool:
        """The class's results now, pooled."""
        status = self._status()
        return self.activity.pool(status.entries, status.contributors)

    def refresh(self) -> bool:
        """Ask for the class's results and redraw what changed; returns whether anything did."""
        try:
            status = self._status()
            diagnoses = self.place.diagnoses() if self.teacher and self.place is not None else []
        except (Refused, Unreachable) as error:
            self.message.value = f'<span class="circus-error">✘ {_esc(error)}</span>'
            return False
        version = (status.state, status.contributors, len(status.entries),
                   status.entries[-1].to_json() if status.entries else None, len(diagnoses))
        if version == self.version:
            return False
        self.version = version
        pool = self.activity.pool(status.entries, status.contributors)
        self.count.value = f'<span class="circus-class-count-line">{_esc(_count_line(pool, status.state))}</span>'
        self.summary.value = f"<span>{_esc(pool.summary())}</span>"
        self.plots.value = _figures(pool)
        if self.teacher:
            self.details.value = _entries_table(self.activity, status.entries) + \
                (_misconceptions(diagnoses) if self.place is not None else "")
        self.message.value = ""
        return True

    def _refresh_clicked(self) -> None:
        self.refresh()

    def _poll(self) -> bool:
        """One live refresh; False once the view is closed (the polling stops)."""
        if getattr(self, "comm", True) is None:  # closed: its widgets are gone from the page
            return False
        self.refresh()
        return True

    def _set_state(self, state: str) -> None:
        assert self.place is not None
        try:
            self.place.set_state(self.activity, state)
        except (Refused, Unreachable) as error:
            self.message.value = f'<span class="circus-error">✘ {_esc(error)}</span>'
            return
        self.refresh()
        verb = "opened: students' entries go into the class's results" if state == "open" else \
            "closed: new entries are refused, the class's results stay"
        self.message.value = f"<span>The activity is {verb}.</span>"


def class_view(activity: str | Activity, *, codes: Iterable[str | Entry] | None = None, live: bool = True,
               every: float = REFRESH_SECONDS) -> ClassView:
    """The class's results of an activity, live (a teacher's view has Open, Close and who contributed what); with
    ``codes``, the class's runs played again from the codes the students wrote down."""
    return ClassView(activity, codes=codes, live=live, every=every)


# ---------------------------------------------------------------------------------------------------------
# a student's part

class TakePart(Shown):
    """One student's run of an activity: their seed, their results, whether the class took them, and the class's
    results below."""

    def __init__(self, activity: str | Activity, student: str = "", *, choice: int | None = None,
                 live: bool = True, place: Place | None = None) -> None:
        self.activity = _activity(activity)
        name = student if isinstance(student, str) and student.strip() else who_am_i()
        self.seed = student_seed(name)
        self.place = place or connect()
        if getattr(self.place, "student", None) is not None and isinstance(student, str) and student.strip():
            self.place.student = student.strip()  # type: ignore[attr-defined]  # the name a shared computer keeps
        _report_diagnoses(self.place)
        sent, self.sent = "", False
        run = 1
        if self.activity.counts == "each":
            try:
                run = self.place.next_run(self.activity)
            except (Refused, Unreachable):
                run = 1
        self.entry = self.activity.run(self.seed, run, choice)  # Refused for a choice out of range, in a sentence
        try:
            contributors = self.place.contribute(self.activity, self.entry)
            self.sent = True
            sent = (f'<span class="circus-class-sent">✔ In the class\'s results: {contributors} '
                    f'student{"s" if contributors != 1 else ""} so far.</span>')
        except (Refused, Unreachable) as error:
            sent = f'<span class="circus-error">✘ {_esc(error)}</span>'
        if self.place.kind == "seeds":
            reason = getattr(self.place, "reason", "")
            sent = (f'<span class="circus-class-sent">{_esc(reason.capitalize())}: write down your code '
                    f'<code>{_esc(self.entry.code)}</code> and give it to your teacher.</span>')
        a = self.activity
        values = ", ".join(a.label(v) for v in self.entry.trials)
        mean = sum(a.score(v) for v in self.entry.trials) / len(self.entry.trials)
        chosen = f" with {a.choice.name} {self.entry.choice}" if a.choice and self.entry.choice is not None else ""
        again = f" (run {self.entry.run}: each run adds {a.trials} more)" if a.counts == "each" else \
            " (run the cell again: your last run is the one that counts)"
        self.part = widgets.HTML(
            f"{theme_style()}<div class='circus-class-part'><b>Class activity: {_esc(a.title)}</b>"
            f"<p>{_esc(a.about)}</p>"
            f"<p class='circus-class-seed'>Your seed is <b>{self.seed}</b> (from {_esc(repr(name))}); the code of "
            f"this run is <code>{_esc(self.entry.code)}</code>.</p>"
            f"<p class='circus-class-consent'>{_esc(a.consent(self.place.kind))}</p>"
            f"<p class='circus-class-mine'>Your {a.trials} {a.trial}s{_esc(chosen)}: {_esc(values)}; your average "
            f"{mean:.2f}{_esc(again)}.</p><p>{sent}</p></div>")
        self.view = ClassView(a, place=self.place, live=live, every=STUDENT_REFRESH_SECONDS)
        self.widget = widgets.VBox([self.part, self.view])
        self.widget.add_class("circus-frame")


def take_part(activity: str | Activity, student: str = "", *, choice: int | None = None,
              live: bool = True) -> TakePart:
    """Play your own run of a class activity from your seed (your student number or name; empty: your login),
    send it to the class, and see the class's results."""
    return TakePart(activity, student, choice=choice, live=live)


# ---------------------------------------------------------------------------------------------------------
# the try-its' diagnoses, and live refreshing

_REPORTING: list[Place] = []


def _report_diagnoses(place: Place) -> None:
    """From now on, send each try-it's diagnosis (a rejected answer's exercise and mistake) to the class's place,
    as the consent line says; once per kernel."""
    if place.kind == "seeds":
        return
    if _REPORTING:
        _REPORTING[0] = place  # already listening: the diagnoses go where the last activity went
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "events"):
        return
    _REPORTING.append(place)

    def after_a_cell(result: Any) -> None:
        diagnosis = getattr(result.error_in_exec, "diagnosis", None)
        if diagnosis and _REPORTING:
            try:
                _REPORTING[0].diagnose(dict(diagnosis))
            except Exception:  # the student's page must never show an error for the class's bookkeeping
                pass

    shell.events.register("post_run_cell", after_a_cell)


def _every(seconds: float, step: Any, *, minutes: float) -> Any:
    """Call ``step()`` every ``seconds`` on the kernel's event loop until it returns False or ``minutes`` pass
    (the kernel stays free between calls); nothing where no loop runs (plain Python)."""
    import asyncio

    until = time.monotonic() + 60 * minutes

    async def loop() -> None:
        while time.monotonic() < until:
            await asyncio.sleep(seconds)
            try:
                if not step():
                    return
            except Exception:  # a refresh that failed is tried again next time
                pass

    try:
        running = asyncio.get_running_loop()  # a kernel runs its cells inside its event loop
    except RuntimeError:  # plain Python, a test: no kernel to refresh in; the Refresh button stays
        return None
    return running.create_task(loop())
