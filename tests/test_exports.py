"""A lesson exported keeps its figures: nbconvert's HTML keeps each figure as SVG with its text alternative, and the
kit's LaTeX (python -m circuslib latex) keeps each figure as an SVG file beside the .tex, drawn from a PDF of it if
one is made and named otherwise, with its description in words, without Inkscape or LaTeX."""
from __future__ import annotations

import shutil

import nbformat
import pytest

from notebooks import ROOT, execute

pytestmark = pytest.mark.notebook
LESSON = ROOT / "notebooks" / "00_welcome.ipynb"


def _figures(notebook) -> list[dict]:
    """Every output of the notebook that offers a picture as SVG (the kit's figures and pictures)."""
    return [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
            if "image/svg+xml" in output.get("data", {})]


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    notebook = execute(LESSON)
    path = tmp_path_factory.mktemp("lesson") / LESSON.name
    nbformat.write(notebook, path)
    return path, notebook


def test_the_lessons_figures_offer_svg_and_words(executed):
    _, notebook = executed
    figures = _figures(notebook)
    assert len(figures) >= 4  # the two dice, a turn, the simulation against the exact value, the move graph
    for output in figures:
        data = output["data"]
        assert data["image/svg+xml"].startswith("<svg") and data["text/plain"].strip()
        assert "<circuslib." not in data["text/plain"]  # words, not an object's address
        assert "currentColor" not in data["image/svg+xml"]  # concrete colours outside the notebook


def test_html_export_keeps_every_figure_as_svg_with_its_text_alternative(executed):
    from nbconvert import HTMLExporter

    path, notebook = executed
    body, _ = HTMLExporter().from_filename(str(path))
    figures = _figures(notebook)
    found = _pictures_in(body)
    for output in figures:
        words = output["data"]["text/plain"]
        assert words in found, words.splitlines()[0]
        assert found[words] >= 1  # the SVG itself, inside the element the words describe
    assert "<circuslib." not in body and "object at 0x" not in body


def _pictures_in(page: str) -> dict[str, int]:
    """Each element of the page marked role="img": its aria-label (the text alternative) and the number of <svg>
    elements inside it."""
    from html.parser import HTMLParser

    found: dict[str, int] = {}

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[tuple[str, str]] = []  # the role="img" elements we are inside: (tag, label)

        def handle_starttag(self, tag, attrs):
            attributes = dict(attrs)
            if tag == "svg":
                for _, label in self.open:
                    found[label] += 1
            if attributes.get("role") == "img" and "aria-label" in attributes and tag != "svg":
                self.open.append((tag, attributes["aria-label"]))
                found.setdefault(attributes["aria-label"], 0)
            elif self.open and tag == self.open[-1][0]:
                self.open.append((tag, ""))  # a nested element of the same tag, closed before ours

        def handle_endtag(self, tag):
            if self.open and tag == self.open[-1][0]:
                self.open.pop()

    Reader().feed(page)
    found.pop("", None)
    return found


def test_latex_export_keeps_every_figure_and_its_words_without_inkscape(executed, tmp_path):
    from circuslib.__main__ import export_latex

    path, notebook = executed
    tex = export_latex(path, tmp_path, markdown=shutil.which("pandoc") is not None)
    text = tex.read_text(encoding="utf-8")
    figures = _figures(notebook)
    svgs = sorted((tmp_path / f"{path.stem}_files").glob("*.svg"))
    assert len(svgs) == len(figures) and all(s.read_text(encoding="utf-8").startswith("<svg") for s in svgs)
    assert text.count(f"\\IfFileExists{{{path.stem}_files/") == len(figures)
    for svg in svgs:
        shown = f"{path.stem}_files/{svg.name}".replace("_", "\\_")  # the file named in the box, escaped
        assert f"\\texttt{{{shown}}}" in text, svg.name
        assert f"{path.stem}_files/{svg.stem}.pdf" in text
    for output in figures:  # each figure's first line of words, escaped for LaTeX, follows it
        first = output["data"]["text/plain"].splitlines()[0]
        assert first.replace("_", "\\_").replace("%", "\\%").replace("&", "\\&") in text, first
    assert "object at 0x" not in text and "\\begin{document}" in text


def test_the_latex_command_says_what_is_missing_in_one_sentence(executed, tmp_path, capsys, monkeypatch):
    from circuslib.__main__ import main

    path, _ = executed
    if shutil.which("pandoc") is None:
        assert main(["latex", str(path), "--out", str(tmp_path)]) == 2
        assert "install pandoc" in capsys.readouterr().err
    else:
        assert main(["latex", str(path), "--out", str(tmp_path)]) == 0
        assert (tmp_path / f"{path.stem}.tex").exists()
