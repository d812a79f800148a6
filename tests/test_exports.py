"""Every lesson exported keeps everything: nbconvert's HTML keeps each figure as SVG with its text alternative and
each game and explorer as the picture of its state with its words; the kit's LaTeX (python -m circuslib latex) keeps
each figure and game as an SVG file beside the .tex, drawn from a PDF of it if one is made and named otherwise, with
its description in words, without Inkscape or LaTeX; the kit's page (python -m circuslib html) wraps code lines and
needs nothing from the web to draw the games."""
from __future__ import annotations

import shutil

import nbformat
import pytest
from installs import apt_install, installed

from notebooks import ROOT, execute

pytestmark = pytest.mark.notebook
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"


def _figures(notebook) -> list[dict]:
    """Every output of the notebook that offers a picture as SVG (the kit's figures and pictures)."""
    return [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
            if "image/svg+xml" in output.get("data", {})]


def _games(notebook) -> list[dict]:
    """Every output of the notebook that is a live widget (the games, the explorers, the class's panel)."""
    return [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
            if WIDGET in output.get("data", {})]


def _pandoc() -> bool:
    """Whether pandoc is there (nbconvert writes the text cells with it), installed with apt when we are root."""
    return installed(lambda: shutil.which("pandoc") is not None, lambda: apt_install("pandoc"))


def _local_mathjax() -> bool:
    """Whether Debian's MathJax is there for the kit's page to use offline, installed with apt when we are root."""
    from circuslib.__main__ import LOCAL_MATHJAX

    return installed(LOCAL_MATHJAX.exists, lambda: apt_install("libjs-mathjax"))


@pytest.fixture(scope="module", params=LESSONS, ids=[lesson.stem for lesson in LESSONS])
def executed(request, tmp_path_factory):
    notebook = execute(request.param)
    path = tmp_path_factory.mktemp("lesson") / request.param.name
    nbformat.write(notebook, path)
    return path, notebook


@pytest.fixture(scope="module")
def as_saved(executed, tmp_path_factory):
    """The lesson as JupyterLab saves it by default: its outputs, without the widgets' state."""
    path, notebook = executed
    saved = nbformat.from_dict(notebook)
    saved.metadata.pop("widgets", None)
    where = tmp_path_factory.mktemp("saved") / path.name
    nbformat.write(saved, where)
    return where, saved


def test_the_lessons_figures_offer_svg_and_words(executed):
    path, notebook = executed
    figures = _figures(notebook)
    assert len(figures) >= 4  # welcome: the two dice, a turn, the simulation against the exact value, the move graph
    for output in figures:
        data = output["data"]
        assert data["image/svg+xml"].startswith("<svg") and data["text/plain"].strip()
        assert "<circuslib." not in data["text/plain"]  # words, not an object's address
        assert "currentColor" not in data["image/svg+xml"]  # concrete colours outside the notebook


def test_every_game_and_explorer_shown_carries_its_still_picture_and_words(executed):
    path, notebook = executed
    games = _games(notebook)
    assert len(games) >= 3, path.name  # each lesson: its game, an explorer, the class's panel
    for output in games:
        data = output["data"]
        words = data["text/plain"]
        assert words.strip() and "children=" not in words and "<circuslib." not in words, words[:80]
        assert 'class="circus-still' in data["text/html"] and "<svg" not in words
    pictured = [output for output in games if "image/svg+xml" in output["data"]]
    assert len(pictured) >= 2, path.name  # at least the game's board and the explorer's chart
    for output in pictured:
        assert output["data"]["image/svg+xml"].startswith("<svg") and "currentColor" not in output["data"][
            "image/svg+xml"]


def test_html_export_keeps_every_figure_and_game_as_svg_with_its_text_alternative(as_saved):
    from nbconvert import HTMLExporter

    path, notebook = as_saved
    body, _ = HTMLExporter().from_filename(str(path))
    found = _pictures_in(body)
    for output in _figures(notebook):  # the games among them: each shown as its picture, not as a live widget
        words = output["data"]["text/plain"]
        assert words in found, words.splitlines()[0]
        assert found[words] >= 1  # the SVG itself, inside the element the words describe
    at = body.find(WIDGET)
    assert at == -1, body[at - 300:at + 50]
    assert body.count('class="circus-still ') == len(_games(notebook))
    assert "<circuslib." not in body and "object at 0x" not in body and "children=(" not in body


def test_the_kits_page_draws_the_games_without_the_web_and_wraps_code(executed, tmp_path):
    from circuslib.__main__ import LOCAL_MATHJAX, export_html

    path, notebook = executed  # executed by nbclient, which saves the widgets' state: the page leaves it out
    assert "widgets" in notebook.metadata
    page = export_html(path, tmp_path).read_text(encoding="utf-8")
    assert page.count('class="circus-still ') == len(_games(notebook)) and WIDGET not in page
    assert "unpkg.com" not in page  # no widget script to fetch
    assert ".highlight pre { white-space: pre-wrap" in page  # a long code line wraps, on paper too
    mathjax = LOCAL_MATHJAX.as_uri() if _local_mathjax() else "https://cdnjs.cloudflare.com/"
    assert f'<script src="{mathjax}' in page
    for output in _figures(notebook):
        assert output["data"]["text/plain"] in _pictures_in(page)


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
                    if label:
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
    tex = export_latex(path, tmp_path, markdown=_pandoc())
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
    assert "object at 0x" not in text and "children=(" not in text and "\\begin{document}" in text
    assert text.count("\\begin{quote}") >= len(figures)  # each figure's and game's words, games included


def test_the_export_commands_say_what_is_missing_in_one_sentence(tmp_path, capsys):
    from circuslib.__main__ import main

    path = tmp_path / LESSONS[0].name  # one lesson is enough for the commands themselves
    nbformat.write(execute(LESSONS[0]), path)
    if shutil.which("pandoc") is None:
        assert main(["latex", str(path), "--out", str(tmp_path)]) == 2
        assert "install pandoc" in capsys.readouterr().err
    else:
        assert main(["latex", str(path), "--out", str(tmp_path)]) == 0
        assert (tmp_path / f"{path.stem}.tex").exists()
    assert main(["html", str(path), "--out", str(tmp_path / "page")]) == 0
    assert (tmp_path / "page" / f"{path.stem}.html").exists()
    assert main(["html", str(tmp_path / "nowhere.ipynb")]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # one sentence, no traceback
