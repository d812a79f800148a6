"""Each lesson is one a teacher can teach from: it opens with 3 to 5 learning objectives, its prerequisites, its time
(core path and extensions) and links to its exercises, the previous and next lessons and the kit's rulings; it has
at least two try-it checks inside its sections; it closes with a summary and what comes next; and it cites the
kit's own RULINGS.md, never a file outside the repository."""
from __future__ import annotations

import re

import nbformat
import pytest

from notebooks import CHECK_CALL, CHECKS_MODULE, LESSON_OF, ROOT

LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
EXERCISE_OF = {lesson: solution for solution, lesson in LESSON_OF.items()}


def _read(path):
    return nbformat.read(path, as_version=4)


def _opening(notebook) -> str:
    return "\n".join(c.source for c in notebook.cells[:2] if c.cell_type == "markdown")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_opens_with_objectives_prerequisites_time_and_links(path):
    opening = _opening(_read(path))
    objectives = re.search(r"(?:objectives|you will learn|you can)[^\n]*\n"
                           r"((?:[ ]*(?:[-*]|\d+\.) .+\n?(?:[ ]{2,}\S.*\n?)*)+)",
                           opening, re.I)
    assert objectives, "no list of learning objectives"
    count = len(re.findall(r"^\s*(?:[-*]|\d+\.) ", objectives.group(1), re.M))
    assert 3 <= count <= 5, f"{count} objectives"
    assert re.search(r"prerequisite", opening, re.I)
    assert re.search(r"core path[^\n]*\d+\s*min", opening, re.I), "no time for the core path"
    assert re.search(r"extension", opening, re.I)
    index = LESSONS.index(path)
    wanted = [f"../exercises/{EXERCISE_OF[path.stem]}.ipynb", "../RULINGS.md"]
    if index > 0:
        wanted.append(f"{LESSONS[index - 1].name}")
    if index + 1 < len(LESSONS):
        wanted.append(f"{LESSONS[index + 1].name}")
    for target in wanted:
        assert f"]({target})" in opening or f"](./{target})" in opening, f"no link to {target}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_has_try_it_checks_inside_its_sections(path):
    notebook = _read(path)
    tries = [i for i, c in enumerate(notebook.cells)
             if c.cell_type == "code" and CHECK_CALL.search(c.source) and CHECKS_MODULE.search(c.source)]
    assert len(tries) >= 2, "fewer than two try-it cells with a check"
    assert max(tries) < len(notebook.cells) - 1


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_closes_with_a_summary_and_what_comes_next(path):
    closing = "\n".join(c.source for c in _read(path).cells[-2:] if c.cell_type == "markdown")
    assert re.search(r"^#+ .*summary", closing, re.I | re.M), "no summary section at the end"
    assert re.search(r"next", closing, re.I)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_cites_the_kits_own_rulings_only(path):
    text = "\n".join(c.source for c in _read(path).cells)
    assert "../shared" not in text and "seed text" not in text.lower()
    for mention in re.finditer(r"RULINGS\.md", text):
        linked = (text[mention.start() - 4: mention.start()] == "(../"
                  or text[mention.end():].startswith("](../RULINGS.md)"))
        assert linked, "RULINGS.md cited without a link to ../RULINGS.md"


def test_the_kit_has_its_rulings_and_teachers_guide():
    rulings = (ROOT / "RULINGS.md").read_text(encoding="utf-8")
    for game in ("Flip 7", "Petit Cirque Volant", "Scout", "Speed", "Flip Circus"):
        assert game in rulings
    guide = (ROOT / "TEACHING.md").read_text(encoding="utf-8")
    for lesson in LESSONS:
        assert lesson.stem in guide
    assert "TEACHING.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lessons_first_cell_is_plain_imports(path):
    # what the kit does to load fast happens inside its own import: the student's first cell only imports
    first = next(c for c in _read(path).cells if c.cell_type == "code").source
    imports = [line for line in first.splitlines() if line.strip() and not line.startswith((" ", "#", ")"))]
    assert all(line.startswith(("import ", "from ")) for line in imports[:3]), imports[:3]
    assert "start_lesson" not in first and "gc." not in first


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lessons_data_charts_are_the_kits_svg_figures(path):
    cells = [c.source for c in _read(path).cells if c.cell_type == "code"]
    code = "\n".join(cells)
    # a data chart costs a few milliseconds as the kit's SVG, about 0.1 s as a matplotlib figure in each of thirty
    # kernels, and it reads in a dark theme
    assert not re.search(r"plot_convergence\(|plot_tally\(|\.(bar|barh|plot|semilogy|imshow|scatter|hist)\(", code)
    assert re.search(r"\bPlot\(|convergence_plot\(|tally_plot\(|heat_map\(", code), path.name
    # every picture of a lesson is the kit's own: a lesson draws nothing with matplotlib, which is there for the
    # students' own figures (each kit figure's .to_matplotlib())
    assert not re.search(r"^\s*(import|from) matplotlib|\bplt\.", code, re.M), path.name
