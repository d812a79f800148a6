"""Handouts on paper (``python -m circuslib handouts OUT``, ``make handouts``): for each lesson a one-page rules card,
a student sheet (the lesson's key results and figures, the exercises without answers, ruled room to write) and a
teacher's key (the answers, a rubric in words, the misconceptions to watch), each as A4 and US Letter PDF.

The pages are the kit's own HTML and print CSS, printed by the Chromium the tests use (through Playwright), with
every network request refused: figures are the kit's SVG, formulas are drawn as SVG by matplotlib's mathtext.
The teacher's keys are read from solutions/ and solutions/tutor/ in the kit's folder, so they are made only in a
clone of the kit, never from what a student installs. The library never imports this module."""
from __future__ import annotations

import asyncio
import hashlib
import html
import json
import random
import re
import time
from dataclasses import dataclass, field
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

PAPERS = {"a4": "A4", "letter": "Letter"}
MARGIN_MM = 15
KINDS = ("rules-card", "student-sheet", "teacher-key")


@dataclass(frozen=True)
class Lesson:
    """A lesson, its exercise set and its game."""
    stem: str  # notebooks/<stem>.ipynb
    exercises: str  # exercises/<name>.ipynb and solutions/<name>.ipynb
    game: str  # circuslib/<game>/
    title: str


LESSONS = (
    Lesson("00_welcome", "00_warmup", "pig", "Pig"),
    Lesson("01_flip7", "flip7", "flip7", "Flip 7"),
    Lesson("02_petit_cirque_volant", "petit_cirque_volant", "pcv", "Le Petit Cirque Volant"),
    Lesson("03_scout", "scout", "scout", "Scout (Cirkus)"),
    Lesson("04_speed", "speed", "speed", "Speed (Le Flip)"),
    Lesson("05_flip_circus", "flip_circus", "flip_circus", "Flip Circus"),
)

# The rules in a few lines, for the card on the table: the lessons' own rules, with the kit's readings of the
# printed rules (RULINGS.md) said in the players' words.
RULES = {
    "pig": """
Pig is a dice game for two or more players; the first to **100** points wins.

* On your turn, roll one die as often as you like. Each face from 2 to 6 is added to your **turn total**.
* **Stop** whenever you like: the turn total is banked, added to your score, and the die passes on.
* A **1** wipes the turn out: you bank nothing and the die passes on.

The question of every turn: roll once more, or bank what you have? One more roll at turn total $t$ gains
$\\frac{20 - t}{6}$ points on average.
""",
    "flip7": """
A race to **200** points with 94 cards: the numbers 0 to 12 (one 0, one 1, two 2s, ..., twelve 12s), six modifiers
(+2, +4, +6, +8, +10, ×2) and nine action cards (three each of Freeze, Flip Three and Second Chance).

* The dealer deals one card face up to each player (a kit ruling); then each player still in the round says **Hit**
  (one more card) or **Stay** (bank the points and leave the round).
* A number you already hold is a **bust**: 0 points for the round. Modifiers never bust.
* **Freeze**: the target banks the points and leaves. **Flip Three**: the target takes three cards, one at a time.
  **Second Chance**: keep it; it cancels one duplicate. Whoever draws an action card chooses its target.
* Seven different numbers is a **Flip 7**: +15, and the round ends for everyone.
* Score: the numbers' sum (doubled by ×2), plus the +N cards, plus 15 for a Flip 7.
""",
    "pcv": """
Biplanes on a hex map. Each plane has a nose toward one of the six sides, an altitude and a speed from 1 to 6.

* A side moves **all** its planes, then fires with each; then the other side plays.
* A plane spends exactly its speed in movement points: *forward* one hex (1), *forward and down* one level (1),
  *forward and up* one level (2), or a *loop* (3: forward, nose turned round, one level up or down). It may turn
  60° toward one of the three hexes in front (a kit ruling). After moving, its speed may change by 1.
* Landing (altitude 0), stalling (speed 0), leaving the map (a kit ruling) or flying into a hex at the same
  altitude as another plane (both) takes a plane out.
* A plane fires once a turn, straight ahead, up to 3 hexes; each level of difference counts one hex more. At
  effective range 1 a shot hits on 4 to 6, at 2 on 5 or 6, at 3 on a 6. A 6 destroys; another hit damages; any hit
  destroys a damaged plane.
* The last side flying, or the one that meets the scenario's objective, wins.
""",
    "scout": """
45 cards, one for each pair of different numbers from 1 to 10, one number at each end.

* Cards are dealt in order **and** way up. You may turn your whole hand round once before the round; you may never
  reorder it.
* **Show**: one card, or neighbouring cards that **match** (5 5 5) or **run** (3 4 5 or 5 4 3). It must beat the set
  on the table: more cards wins; at equal size a match beats a run; then the higher numbers win. You capture the
  beaten set (1 point a card).
* **Scout**: take the card at either end of the table's set, either way up, into any gap of your hand; the set's
  owner gets a Scout chip (1 point). Once a round: **Scout & Show**, a scout and then a show at once.
* The round ends when a hand is empty, or when everyone else has scouted in turn. Score: captured cards + chips,
  −1 for each card left in hand. Play as many rounds as players.
""",
    "speed": """
Two players race to shed their cards on two centre piles.

* Each player turns up the first card of their face-down pile to start a centre pile, and lays out face-up cards:
  5 each with two decks, 4 with one deck dealt 26 each.
* A face-up card goes on a centre pile if it is **one rank above or below** the top: the Ace is next to both the 2
  and the King, so the ranks form a cycle. Then turn up a new face-up card from your pile.
* Both play **at once**: when both can play, the faster move happens first (the kit draws reaction times, a kit
  ruling).
* **Stalemate**: when nobody can play, both turn up the first card of their pile onto the centre piles.
* The first player with no cards left wins the round and scores the cards the other still holds.
""",
    "flip_circus": """
Ten two-sided tokens lie in a ring; their faces are six artists: Clown, Acrobate, Magicien, Voyante, Monsieur
Muscles and Dresseuse.

* **Set-up**: the five tokens with a Clown face lie Clown up at the even places; the five others are shuffled in
  between on a random face. The second player gets 1 Applause; 4 stay in the reserve.
* **A turn**: 2 actions, repeats allowed: *swap* two neighbours, *flip* a token, or use a visible artist's *power*.
  Each Applause spent buys one more action or a secret **look** at a token's back.
* **Powers**: the Acrobate swaps with the token opposite; the Magicien swaps his two neighbours; the Voyante looks
  at both neighbours' backs. A visible Monsieur Muscles cannot be moved by a swap; the Dresseuse cannot be moved by
  the Acrobate or the Magicien, nor seen by the Voyante.
* **Clowns**: making or enlarging a group of neighbouring visible Clowns earns an Applause from the reserve, or
  makes the opponent return one.
* **Posters**: three neighbours showing an artist whose poster is free: take it, flip the middle token. The third
  poster wins.
""",
}

CSS = """
@page { margin: MARGINmm; }
:root { color: #1a1a1a; font-family: "DejaVu Serif", "Liberation Serif", serif; font-size: 10.5pt;
        line-height: 1.35; }
body { margin: 0; }
h1 { font-family: "DejaVu Sans", sans-serif; font-size: 17pt; margin: 0 0 3mm;
     border-bottom: 1.5pt solid currentColor; }
h2 { font-family: "DejaVu Sans", sans-serif; font-size: 13pt; margin: 5mm 0 2mm; break-after: avoid; }
h3 { font-family: "DejaVu Sans", sans-serif; font-size: 11pt; margin: 4mm 0 1.5mm; break-after: avoid; }
p, li { overflow-wrap: anywhere; orphans: 2; widows: 2; }
ul, ol { padding-left: 6mm; }
code, pre { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 8.8pt; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f2f2f2; border-left: 2pt solid #888;
      padding: 1.5mm 2mm; margin: 2mm 0; }
table { border-collapse: collapse; max-width: 100%; table-layout: fixed; }
td, th { border: 0.5pt solid #888; padding: 0.5mm 1.5mm; overflow-wrap: anywhere; }
svg { max-width: 100%; height: auto; }
.math svg { max-width: none; }
.math-block { text-align: center; margin: 2mm 0; max-width: 100%; overflow-wrap: anywhere; }
figure { margin: 3mm 0; break-inside: avoid; text-align: center; }
figure svg { max-height: 80mm; width: auto; }
figcaption { font-family: "DejaVu Sans", sans-serif; font-size: 9.5pt; font-weight: bold; margin-top: 1mm; }
.lede { font-style: italic; margin: 0 0 3mm; }
.exercise { break-inside: auto; }
.ruled { border-top: 0.5pt solid #999; height: 8mm; }
.room { margin: 2mm 0 4mm; }
.key-answer { border-left: 2pt solid #2b6cb0; padding-left: 2mm; }
.rules-card { font-size: 10.5pt; }
.rules-card figure svg { width: 100%; max-height: 80mm; }  /* small boards drawn larger */
.label { font-family: "DejaVu Sans", sans-serif; font-weight: bold; }
"""

FOOTER = ('<div style="font-size: 7.5pt; font-family: DejaVu Sans, sans-serif; width: 100%; margin: 0 15mm; '
          'color: #555;"><span>{title}</span><span style="float: right;">page <span class="pageNumber"></span> '
          'of <span class="totalPages"></span></span></div>')


@dataclass
class Built:
    """What a build made: each PDF's pages, the requests the printer refused, and the seconds it took."""
    pages: dict[str, int] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    headings: dict[str, list[str]] = field(default_factory=dict)
    figures: dict[str, list[str]] = field(default_factory=dict)
    formulas_as_text: list[str] = field(default_factory=list)
    seconds: float = 0.0
    steps: dict[str, float] = field(default_factory=dict)  # seconds: lessons run, pages written, PDFs printed


class HandoutsRefused(Exception):
    """The handouts cannot be made here (no solutions/, no Chromium)."""


# ---------------------------------------------------------------------------------------------------------
# formulas: the lessons' LaTeX drawn as SVG by matplotlib's mathtext (nothing fetched, no LaTeX needed)

MATHTEXT_SPELLING: list[tuple[re.Pattern[str], Any]] = [  # what mathtext does not know, spelt as it does
    (re.compile(r"\\underbrace\{((?:[^{}]|\{[^{}]*\})*)\}_\{(?:[^{}]|\{[^{}]*\})*\}"), r"\1"),
    (re.compile(r"\\text\{([^{}]*)\}"), lambda m: r"\mathrm{" + m.group(1).replace(" ", r"\ ") + "}"),
    (re.compile(r"\\[tdc]frac"), r"\\frac"),
    (re.compile(r"\\frac(\d)(\d)"), r"\\frac{\1}{\2}"),
    (re.compile(r"\\[Bb]ig[glr]?(?![a-zA-Z])"), ""),
    (re.compile(r"\\displaystyle"), ""),
    (re.compile(r"\\([gl])e(?![a-zA-Z])"), r"\\\1eq"),
    (re.compile(r"\s*\n\s*"), " "),
]


@cache
def formula_svg(tex: str, *, size: float = 10.5) -> str | None:
    """A formula as inline SVG (its glyphs as paths), or None where mathtext cannot draw it."""
    import matplotlib

    matplotlib.use("agg")
    from matplotlib import mathtext
    from matplotlib.font_manager import FontProperties

    spelt = tex.strip()
    for pattern, replacement in MATHTEXT_SPELLING:
        spelt = pattern.sub(replacement, spelt)
    buffer = BytesIO()
    try:
        with matplotlib.rc_context({"svg.hashsalt": "circuslib", "mathtext.fontset": "dejavuserif"}):
            depth = mathtext.math_to_image(f"${spelt}$", buffer, prop=FontProperties(size=size), format="svg")
    except Exception:  # mathtext's parser refuses what it does not know; the formula is then printed as text
        return None
    svg = buffer.getvalue().decode("utf-8")
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    # each figure's ids are made unique, since a page holds many formulas
    key = "f" + hashlib.sha1(f"{tex}|{size}".encode()).hexdigest()[:8]
    svg = re.sub(r'id="([^"]+)"', lambda m: f'id="{key}{m.group(1)}"', svg)
    svg = re.sub(r'href="#([^"]+)"', lambda m: f'href="#{key}{m.group(1)}"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{key}{m.group(1)})", svg)
    drop = float(depth or 0)
    return (f'<span class="math" role="img" aria-label="{html.escape(tex)}" '
            f'style="vertical-align: -{drop:.2f}pt">{svg}</span>')


def inline_html(text: str, built: Built | None = None) -> str:
    """One line of Markdown as HTML, without its paragraph."""
    # a heading such as "10. Why ..." is a title, not the start of a numbered list
    rendered = markdown_html(re.sub(r"^(\s*\d+)\.", r"\1\\.", text), built).strip()
    return rendered.removeprefix("<p>").removesuffix("</p>")


def markdown_html(text: str, built: Built | None = None) -> str:
    """A notebook's Markdown as HTML for print: formulas as SVG, links as their words, raw HTML kept."""
    import mistune

    class Printed(mistune.HTMLRenderer):
        def inline_math(self, text: str) -> str:
            return _math(text, block=False)

        def block_math(self, text: str) -> str:
            return f'<div class="math-block">{_math(text, block=True)}</div>'

        def link(self, text: str, url: str, title: str | None = None) -> str:
            return text

    def _math(tex: str, *, block: bool) -> str:
        svg = formula_svg(tex, size=12 if block else 10.5)
        if svg is None:
            if built is not None:
                built.formulas_as_text.append(tex)
            return f"<code>{html.escape(tex)}</code>"
        return svg

    render = mistune.create_markdown(renderer=Printed(escape=False), plugins=["math", "table", "strikethrough"])
    return str(render(text))


# ---------------------------------------------------------------------------------------------------------
# what each handout holds

def _source(cell: Any) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _nbgrader(cell: Any) -> dict[str, Any]:
    return dict(cell.get("metadata", {}).get("nbgrader", {}))


def _heading(text: str) -> str:
    """A Markdown heading's words, without its timing ("(5 min)")."""
    return re.sub(r"\s*\(\d+ min\)\s*$", "", text.lstrip("#").strip())


def _without_timing(markdown: str) -> str:
    return re.sub(r"^(#{1,6} .*?)\s*\(\d+ min\)\s*$", r"\1", markdown, flags=re.M)


def seeded_position(game: str) -> Any:
    """A position of the game worth a picture: a seeded deal played a few seeded steps on."""
    import importlib

    from .core.game import CHANCE, sample_outcome

    rules = importlib.import_module(f"circuslib.{game}.rules")
    steps = {"pig": 4, "flip7": 9, "pcv": 0, "scout": 4, "speed": 6, "flip_circus": 0}[game]
    try:
        state = rules.GAME.new_game(rng=random.Random(2026))
    except TypeError:  # Le Petit Cirque Volant starts from its scenario, with no chance
        state = rules.GAME.new_game()
    rng = random.Random(7)
    for _ in range(steps):
        if state.is_over():
            break
        if state.current_player == CHANCE:
            state = state.play(sample_outcome(state.chance_outcomes(), rng))
        else:
            # the picture shows a game under way: the seeded player plays on rather than stopping at once
            moves = [m for m in state.legal_moves() if "stop" not in str(m).lower() and "stay" not in str(m).lower()]
            state = state.play(rng.choice(moves or list(state.legal_moves())))
    return state


BOARD = {"flip7": "table_picture", "pcv": "board"}
"""The games whose state draws itself only in a notebook: the picture function that draws their table."""


def _svg_of(value: Any) -> tuple[str, str]:
    """A picture's plain SVG (concrete colours, what print keeps) and its words."""
    bundle = value._repr_mimebundle_() if hasattr(value, "_repr_mimebundle_") else {}
    if isinstance(bundle, tuple):
        bundle = bundle[0]
    svg = bundle.get("image/svg+xml") or value._repr_html_()
    return str(svg), str(bundle.get("text/plain", ""))


def _figure(svg: str, title: str) -> str:
    svg = re.sub(r"<\?xml[^>]*\?>", "", svg)
    return f"<figure>{svg}<figcaption>{html.escape(title)}</figcaption></figure>"


def _title_of(words: str) -> str:
    """A figure's title: the first line of its words."""
    first = words.strip().splitlines()[0] if words.strip() else "Figure"
    return first.strip().rstrip(".")


def rules_card(lesson: Lesson, built: Built) -> tuple[str, list[str], list[str]]:
    """The rules card's body: the rules in a few lines and one picture of the game."""
    import importlib

    state = seeded_position(lesson.game)
    drawn = BOARD.get(lesson.game)
    picture = getattr(importlib.import_module(f"circuslib.{lesson.game}.pictures"), drawn)(state) if drawn else state
    svg, words = _svg_of(picture)
    title = f"{lesson.title}: a position of the game"
    body = (f'<div class="rules-card"><h1>{html.escape(lesson.title)}: the rules</h1>'
            f"{markdown_html(RULES[lesson.game], built)}{_figure(svg, title)}"
            f'<p class="lede">{html.escape(_title_of(words))}.</p></div>')
    return body, [f"{lesson.title}: the rules"], [title]


def lesson_parts(notebook: Any) -> tuple[str, str, list[tuple[str, str, str]]]:
    """An executed lesson's title, its summary (Markdown) and its figures (section, title, SVG), in order."""
    title, summary, section = "", "", ""
    figures: list[tuple[str, str, str]] = []
    for cell in notebook["cells"]:
        source = _source(cell)
        if cell["cell_type"] == "markdown":
            for line in source.splitlines():
                if line.startswith("# ") and not title:
                    title = line[2:].strip()
                elif line.startswith(("## ", "### ")):
                    section = _heading(line)
            if re.match(r"^## Summary", source):
                summary = source.split("\n", 1)[1] if "\n" in source else ""
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/svg+xml" in data and "application/vnd.jupyter.widget-view+json" not in data:
                words = data.get("text/plain", "")
                words = "".join(words) if isinstance(words, list) else words
                svg = data["image/svg+xml"]
                figures.append((section, _title_of(words), "".join(svg) if isinstance(svg, list) else svg))
    return title, summary, figures


MINUTES = re.compile(r"·\s*(\d+)\s*min")


def _exercises(notebook: Any) -> list[dict[str, Any]]:
    """A set's exercises in order: heading, question (Markdown), minutes, the answer's code and words, the check."""
    found: list[dict[str, Any]] = []
    for cell in notebook["cells"][1:]:
        source, meta = _source(cell), _nbgrader(cell)
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            heading = source.splitlines()[0][3:].strip()
            minutes = MINUTES.search(heading)
            found.append({"heading": heading, "question": source.split("\n", 1)[1] if "\n" in source else "",
                          "minutes": int(minutes.group(1)) if minutes else 10, "code": [], "written": [],
                          "check": None, "points": 0})
        elif not found:
            continue
        elif cell["cell_type"] == "markdown" and meta.get("solution"):
            found[-1]["written"].append(source)
            found[-1]["points"] += int(meta.get("points", 0) or 0)
        elif cell["cell_type"] == "markdown":
            found[-1]["question"] += "\n\n" + source
        elif meta.get("solution"):
            found[-1]["code"].append(source)
        elif meta.get("grade"):
            call = re.search(r"^\s*check\.(\w+)\(", source, re.M)
            group = re.search(r"from circuslib\.(\w+)\.checks import check", source)
            if call and group:
                found[-1]["check"] = (group.group(1), call.group(1))
            found[-1]["points"] += int(meta.get("points", 0) or 0)
    return found


def _room(minutes: int) -> str:
    lines = max(5, min(16, minutes))
    return '<div class="room">' + '<div class="ruled"></div>' * lines + "</div>"


def student_sheet(lesson: Lesson, notebook: Any, exercises: Any, built: Built) -> tuple[str, list[str], list[str]]:
    """The student sheet's body: the lesson's key results and figures, then the exercises with room to write."""
    title, summary, figures = lesson_parts(notebook)
    headings = [f"{lesson.title}: the student's sheet", "Key results", "Figures", "Exercises"]
    parts = [f"<h1>{html.escape(headings[0])}</h1>", f'<p class="lede">{inline_html(title, built)}</p>',
             "<h2>Key results</h2>", markdown_html(summary, built), "<h2>Figures</h2>"]
    section = None
    for where, caption, svg in figures:
        if where != section:
            parts.append(f"<h3>{inline_html(where, built)}</h3>")
            section = where
        parts.append(_figure(svg, caption))
    parts.append("<h2>Exercises</h2><p>Write your working and your answer in the space below each question; give "
                 "probabilities exactly, as fractions.</p>")
    for exercise in _exercises(exercises):
        headings.append(exercise["heading"])
        parts.append(f'<div class="exercise"><h3>{inline_html(exercise["heading"], built)}</h3>'
                     f'{markdown_html(_without_timing(exercise["question"]), built)}{_room(exercise["minutes"])}</div>')
    return "".join(parts), headings, [caption for _, caption, _ in figures]


def _misconceptions(group: str, name: str) -> list[str]:
    """The hints of the catalogued mistakes of an exercise, from the checks and the teacher's models."""
    import importlib

    from .core.tutor import teacher_models

    hints: list[str] = []
    check = importlib.import_module(f"circuslib.{group}.checks").check
    exercise = getattr(check, name)
    hints += [m.hint for m in exercise.mistakes]
    model = teacher_models(group).get(name)
    if model is not None:
        hints += [v.hint for v in model.variants] + [m.hint for m in model.mistakes]
    cases = teacher_models(group, "functions").get(name)
    if cases is not None:
        hints += [m.hint for m in cases.mistakes]
    simulation = teacher_models(group, "sims").get(name)
    if simulation is not None:
        hints += [n.hint for n in simulation.neighbours]
    unique = list(dict.fromkeys(hint.strip() for hint in hints if hint.strip()))
    return [hint[0].upper() + hint[1:] for hint in unique]


def _answer_value(group: str, name: str) -> str | None:
    from .core.tutor import teacher_models

    model = teacher_models(group).get(name)
    if model is not None:
        return str(model.answer())
    simulation = teacher_models(group, "sims").get(name)
    if simulation is not None:
        return f"long-run value {simulation.value}"
    return None


def _solution_code(code: str) -> str:
    """An answer cell's code, the nbgrader markers taken out."""
    lines = [line for line in code.splitlines() if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION")]
    return "\n".join(lines).strip()


def _rubric(points: int, value: str | None, function: bool) -> str:
    what = ("the function gives the reference's results on every case the check tries" if function
            else "the exact value" + (f" {value}" if value else "") + ", computed rather than typed in as a decimal")
    lines = [f"{points} point{'s' if points != 1 else ''}: the check accepts the answer: {what}."]
    if points > 1:
        lines.append(f"By hand, {points - 1} of {points} for a sound method spoilt by one slip listed below "
                     "(the working shows the right events and counts).")
    lines.append("0 points: no answer, or an answer the check refuses with no working to show the method.")
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def teacher_key(lesson: Lesson, solutions: Any, built: Built) -> tuple[str, list[str], list[str]]:
    """The teacher's key: each exercise's answer, its rubric in words and the misconceptions to watch."""
    headings = [f"{lesson.title}: the teacher's key"]
    parts = [f"<h1>{html.escape(headings[0])}</h1><p class=\"lede\">Answers, rubrics and the misconceptions to "
             f"watch for the exercises of {html.escape(lesson.title)}. For the teacher only.</p>"]
    for exercise in _exercises(solutions):
        headings.append(exercise["heading"])
        parts.append(f'<div class="exercise"><h2>{inline_html(exercise["heading"], built)}</h2>'
                     f'{markdown_html(_without_timing(exercise["question"]), built)}')
        check = exercise["check"]
        if exercise["written"]:
            for written in exercise["written"]:
                text = re.sub(r"<!--.*?-->", "", written, flags=re.S)
                parts.append(f'<div class="key-answer">{markdown_html(text, built)}</div>')
        else:
            value = _answer_value(*check) if check else None
            parts.append('<p class="label">Answer</p><div class="key-answer">')
            code = "\n".join(_solution_code(c) for c in exercise["code"] if "BEGIN SOLUTION" in c)
            if code:
                parts.append(f"<pre>{html.escape(code)}</pre>")
            if value is not None:
                parts.append(f"<p>The value: <code>{html.escape(value)}</code></p>")
            parts.append("</div>")
            if check:
                function = value is None
                parts.append(f'<p class="label">Rubric</p>{_rubric(exercise["points"], value, function)}')
        if check:
            hints = _misconceptions(*check)
            if hints:
                parts.append('<p class="label">Misconceptions to watch</p><ul>'
                             + "".join(f"<li>{inline_html(h, built)}</li>" for h in hints) + "</ul>")
        parts.append("</div>")
    return "".join(parts), headings, []


# ---------------------------------------------------------------------------------------------------------
# the build: lessons run, pages written, PDFs printed

async def _run_all(paths: list[Path], timeout: int) -> list[Any]:
    import nbformat
    from nbclient import NotebookClient

    async def run(path: Path) -> Any:
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        await client.async_execute()
        return notebook

    return list(await asyncio.gather(*(run(path) for path in paths)))


def run_lessons(paths: list[Path], *, timeout: int = 300) -> list[Any]:
    """Each lesson run top to bottom in a fresh kernel, all at once; the class activities on seeds alone, so that
    printing a lesson sends nothing to a class's results."""
    import os

    before = os.environ.get("CIRCUSLIB_CLASSROOM")
    os.environ["CIRCUSLIB_CLASSROOM"] = "seeds"  # the kernels inherit it
    try:
        return asyncio.run(_run_all(paths, timeout))
    finally:
        if before is None:
            del os.environ["CIRCUSLIB_CLASSROOM"]
        else:
            os.environ["CIRCUSLIB_CLASSROOM"] = before


def page(title: str, body: str) -> str:
    """A whole HTML page for print."""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{CSS.replace('MARGIN', str(MARGIN_MM))}</style></head><body>{body}</body></html>")


def _pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF as Chromium writes it."""
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def build(root: Path, out: Path, *, lessons: tuple[Lesson, ...] = LESSONS, executed: list[Any] | None = None,
          browser: Any = None) -> Built:
    """Every handout of every lesson, written into ``out`` as A4 and Letter PDFs; returns what was made. The lessons
    are run unless ``executed`` holds their runs already; ``browser`` is a Playwright Chromium to print with (else
    one is started)."""
    import nbformat

    began = time.perf_counter()
    built = Built()
    solutions = root / "solutions"
    if not solutions.is_dir() or not (solutions / "tutor").is_dir():
        raise HandoutsRefused(f"the teacher's keys are made from the kit's solutions/ folder, and {root} has none: "
                              "run this in the kit's own folder")
    if executed is None:
        executed = run_lessons([root / "notebooks" / f"{lesson.stem}.ipynb" for lesson in lessons])
    built.steps["lessons run"] = time.perf_counter() - began
    pages: list[tuple[str, str, str]] = []  # (file stem, title, html)
    for lesson, notebook in zip(lessons, executed):
        exercises = nbformat.read(root / "exercises" / f"{lesson.exercises}.ipynb", as_version=4)
        keyed = nbformat.read(solutions / f"{lesson.exercises}.ipynb", as_version=4)
        for kind, (body, headings, figures) in zip(KINDS, (rules_card(lesson, built),
                                                           student_sheet(lesson, notebook, exercises, built),
                                                           teacher_key(lesson, keyed, built))):
            stem = f"{kind}-{lesson.stem}"
            title = headings[0]
            built.headings[stem], built.figures[stem] = headings, figures
            pages.append((stem, title, page(title, body)))
    built.steps["pages written"] = time.perf_counter() - began - built.steps["lessons run"]
    out.mkdir(parents=True, exist_ok=True)
    _print(pages, out, built, browser)
    built.steps["PDFs printed"] = time.perf_counter() - began - sum(built.steps.values())
    built.seconds = time.perf_counter() - began
    (out / "handouts.json").write_text(json.dumps({
        "pages": built.pages, "refused": built.refused, "headings": built.headings, "figures": built.figures,
        "formulas_as_text": built.formulas_as_text, "seconds": round(built.seconds, 1),
        "steps": {step: round(took, 1) for step, took in built.steps.items()}}, indent=1, ensure_ascii=False),
        encoding="utf-8")
    return built


def _print(pages: list[tuple[str, str, str]], out: Path, built: Built, browser: Any = None) -> None:
    """Each page printed to PDF, A4 and Letter, by one headless Chromium that may fetch nothing."""
    import tempfile

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:", "about:")):
            route.continue_()
        else:
            built.refused.append(url)
            route.abort()

    def print_all(chromium: Any) -> None:
        context = chromium.new_context(offline=True)
        context.route("**/*", guard)
        tab = context.new_page()
        with tempfile.TemporaryDirectory(prefix="circus-handouts-") as folder:
            for stem, title, text in pages:
                source = Path(folder) / f"{stem}.html"
                source.write_text(text, encoding="utf-8")
                tab.goto(source.as_uri(), wait_until="load")
                for size, paper in PAPERS.items():
                    margin = f"{MARGIN_MM}mm"
                    data = tab.pdf(format=paper, print_background=True, display_header_footer=True,
                                   header_template="<span></span>",
                                   footer_template=FOOTER.format(title=html.escape(title)),
                                   margin={"top": margin, "bottom": f"{MARGIN_MM + 5}mm", "left": margin,
                                           "right": margin})
                    target = out / f"{stem}-{size}.pdf"
                    target.write_bytes(data)
                    built.pages[target.name] = _pdf_pages(data)
        context.close()

    if browser is not None:
        print_all(browser)
        return
    from playwright.sync_api import sync_playwright

    executable = Path("/usr/bin/chromium")
    if not executable.exists():
        raise HandoutsRefused("the handouts are printed by Chromium at /usr/bin/chromium: install it with "
                              "`sudo apt-get install chromium`")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(executable), headless=True,
                                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                                    "--disable-component-update", "--disable-sync"])
        try:
            print_all(chromium)
        finally:
            chromium.close()


def main(root: Path, out: Path) -> int:
    """The command: build, then say what was made and how long it took."""
    import sys

    try:
        built = build(root, out)
    except HandoutsRefused as refusal:
        print(f"refused: {refusal}", file=sys.stderr)
        return 2
    for name, count in sorted(built.pages.items()):
        print(f"{name:55} {count} page{'s' if count != 1 else ''}")
    if built.formulas_as_text:
        print(f"{len(built.formulas_as_text)} formulas printed as text (mathtext cannot draw them)")
    steps = ", ".join(f"{step} {took:.1f} s" for step, took in built.steps.items())
    print(f"wrote {len(built.pages)} PDFs into {out} in {built.seconds:.1f} s ({steps})")
    return 0
