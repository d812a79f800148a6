"""The handouts on paper (`make handouts`): built once as the kit's command builds them, then read with Poppler's
tools as a reader would see them: every PDF there in A4 and Letter, the rules card one page, each heading and each
figure's title in the text, no Python repr, no answer on a student's sheet, every word inside the page, a page that
is not blank, and nothing fetched from the web while printing."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest
from installs import apt_install, installed
from lab import ensure_chromium, launch_browser

from circuslib.handouts import KINDS, LESSONS, MARGIN_MM, PAPERS, build, formula_svg, main, markdown_html
from notebooks import ROOT, execute

pytestmark = pytest.mark.browser
POINTS = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}  # page sizes in PostScript points
MM = 72 / 25.4


def ensure_poppler() -> None:
    """Poppler's pdftotext, pdfinfo and pdftoppm, installed with apt when we are root and they are missing."""
    if not installed(lambda: bool(shutil.which("pdftotext") and shutil.which("pdftoppm")),
                     lambda: apt_install("poppler-utils")):
        raise RuntimeError("the handouts' tests read PDFs with Poppler: install it with "
                           "`sudo apt-get install poppler-utils` and run `make test` again")


@pytest.fixture(scope="module")
def handouts(tmp_path_factory):
    """The handouts as `make handouts` writes them, into a temporary folder, and what the build reported: built from
    the lessons' runs that the notebook tests share, printed by the tests' Chromium."""
    ensure_chromium()
    ensure_poppler()
    out = tmp_path_factory.mktemp("handouts")
    runs = [execute(ROOT / "notebooks" / f"{lesson.stem}.ipynb") for lesson in LESSONS]
    build(ROOT, out, executed=runs, browser=launch_browser()[1])
    return out, json.loads((out / "handouts.json").read_text(encoding="utf-8"))


def test_the_command_refuses_where_there_are_no_solutions(tmp_path, capsys):
    assert main(tmp_path, tmp_path / "out") == 2
    assert "solutions/" in capsys.readouterr().err and not (tmp_path / "out").exists()


def _text(pdf: Path, *layout: str) -> str:
    return subprocess.run(["pdftotext", *layout, str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def _words(text: str) -> str:
    """The letters and digits of a text, one space between words: what must be found, whatever the line breaks."""
    return " ".join(re.findall(r"[A-Za-z0-9]+", re.sub(r"\$[^$]*\$|`", " ", text)))


def _info(pdf: Path) -> dict[str, str]:
    printed = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in printed.splitlines() if ":" in line)


def _pdfs():
    return [(lesson, kind, size) for lesson in LESSONS for kind in KINDS for size in PAPERS]


def test_every_handout_is_printed_on_both_papers_with_the_pages_it_says(handouts):
    out, built = handouts
    for lesson, kind, size in _pdfs():
        pdf = out / f"{kind}-{lesson.stem}-{size}.pdf"
        info = _info(pdf)
        width, height = (float(v) for v in re.findall(r"[\d.]+", info["Page size"])[:2])
        assert (width, height) == pytest.approx(POINTS[size], abs=1), f"{pdf.name}: {info['Page size']}"
        assert int(info["Pages"]) == built["pages"][pdf.name] >= 1
    assert len(list(out.glob("*.pdf"))) == len(LESSONS) * len(KINDS) * len(PAPERS) == 36


def test_each_rules_card_is_one_page_and_the_others_several(handouts):
    out, built = handouts
    for lesson in LESSONS:
        for size in PAPERS:
            assert built["pages"][f"rules-card-{lesson.stem}-{size}.pdf"] == 1
            assert built["pages"][f"student-sheet-{lesson.stem}-{size}.pdf"] >= 3
            assert built["pages"][f"teacher-key-{lesson.stem}-{size}.pdf"] >= 3


def test_nothing_was_fetched_and_every_formula_was_drawn(handouts):
    _, built = handouts
    assert built["refused"] == []
    assert built["formulas_as_text"] == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.stem)
def test_each_heading_and_figure_title_is_in_the_text_and_no_repr(handouts, lesson):
    out, built = handouts
    exercise_headings = [c.source.splitlines()[0][3:] for c in
                         nbformat.read(ROOT / "exercises" / f"{lesson.exercises}.ipynb", as_version=4).cells
                         if c.cell_type == "markdown" and c.source.startswith("## ")]
    assert len(exercise_headings) >= 5
    for kind in KINDS:
        stem = f"{kind}-{lesson.stem}"
        headings, figures = built["headings"][stem], built["figures"][stem]
        if kind != "rules-card":
            assert set(exercise_headings) <= set(headings), stem
        if kind == "student-sheet":
            assert len(figures) >= 3, f"{stem}: {figures}"
        for size in PAPERS:
            pdf = out / f"{stem}-{size}.pdf"
            layout, flowing = _text(pdf, "-layout"), _words(_text(pdf))
            for wanted in headings + figures:
                assert _words(wanted) in flowing, f"{pdf.name}: {wanted!r} is not in the text"
            assert "<circuslib" not in layout and "Traceback" not in layout and "object at 0x" not in layout
            if kind == "student-sheet":  # the exercises' answers stay on the teacher's side
                assert "Model answer" not in layout and "Rubric" not in layout and "NotImplementedError" not in layout
                assert "Misconceptions to watch" not in layout
            if kind == "teacher-key":
                assert "Rubric" in layout and "Misconceptions to watch" in layout and "Model answer" in layout


def _boxes(pdf: Path) -> list[tuple[int, str, float, float, float, float, float, float]]:
    """Every word of a PDF with its page number, its box and its page's size (pdftotext -bbox)."""
    page_size = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')
    word = re.compile(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)</word>')
    found, number, size = [], 0, (0.0, 0.0)
    for line in subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        if match := page_size.search(line):
            number, size = number + 1, (float(match.group(1)), float(match.group(2)))
        elif match := word.search(line):
            x0, y0, x1, y1 = (float(match.group(i)) for i in range(1, 5))
            found.append((number, match.group(5), x0, y0, x1, y1, *size))
    return found


def test_no_word_is_cut_at_the_margin(handouts):
    out, _ = handouts
    side = MARGIN_MM * MM - 2  # the printed area's sides, less 2 points for a glyph's overhang
    edge = 5 * MM  # above and below, the footer sits in the bottom margin: within 5 mm of the edge nothing prints
    for pdf in sorted(out.glob("*.pdf")):
        words = _boxes(pdf)
        assert len(words) > 100 or pdf.name.startswith("rules-card"), pdf.name
        outside = [(page, text, round(x0), round(x1)) for page, text, x0, y0, x1, y1, width, height in words
                   if x0 < side or x1 > width - side or y0 < edge or y1 > height - edge]
        assert not outside, f"{pdf.name}: words outside the printed area: {outside[:5]}"


def _grey_page(pdf: Path, page: int) -> bytes:
    """One page rendered in grey at 30 dpi (pdftoppm), its pixels."""
    image = subprocess.run(["pdftoppm", "-r", "30", "-gray", "-f", str(page), "-l", str(page), str(pdf)],
                           capture_output=True, check=True).stdout
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", image)
    assert header, "pdftoppm wrote no grey image"
    return image[header.end():]


def test_a_rules_card_and_a_sheet_page_with_figures_are_not_blank(handouts):
    out, _ = handouts
    for name, page in (("rules-card-01_flip7-a4.pdf", 1), ("student-sheet-00_welcome-letter.pdf", 2)):
        pixels = _grey_page(out / name, page)
        ink = sum(1 for value in pixels if value < 200) / len(pixels)
        assert 0.02 < ink < 0.6, f"{name} page {page}: {ink:.1%} of it inked"


def test_formulas_are_drawn_as_svg_and_links_print_as_their_words():
    assert formula_svg(r"\frac{20 - t}{6}").count("<svg") == 1
    assert formula_svg(r"V(\text{bust}) = \Big(\tfrac16\Big)") is not None  # spelt the way mathtext reads it
    assert formula_svg(r"\unknowncommand{x}") is None
    printed = markdown_html("See [the rulings](../RULINGS.md#flip7) and $x^2$.")
    assert "the rulings" in printed and "<a " not in printed and "RULINGS.md" not in printed
    assert 'aria-label="x^2"' in printed


def test_the_printer_refuses_and_names_every_request_beyond_the_page(tmp_path):
    from circuslib.handouts import Built, _print, page

    ensure_chromium()
    built = Built()
    probe = page("A probe", '<h1>A probe</h1><img src="http://127.0.0.1:9/picture.png" alt="a picture">')
    _print([("probe", "A probe", probe)], tmp_path, built, launch_browser()[1])
    assert built.refused == ["http://127.0.0.1:9/picture.png"]
    assert built.pages == {"probe-a4.pdf": 1, "probe-letter.pdf": 1}
