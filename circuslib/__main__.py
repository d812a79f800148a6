"""Command line: ``python -m circuslib exercises [--check]`` builds exercises/ from solutions/;
``python -m circuslib tag-solutions`` writes the nbgrader metadata of solutions/ from each cell's role;
``python -m circuslib ship [--check]`` computes every shipped result again and writes (or checks) its file;
``python -m circuslib latex NOTEBOOK`` writes an executed notebook as LaTeX, each figure kept as SVG with its words;
``python -m circuslib html NOTEBOOK`` writes an executed notebook as a web page to print or read offline;
``python -m circuslib grade ASSIGNMENT`` grades an nbgrader course's submissions outside the students' kernels;
``python -m circuslib report PATH`` writes the misconception report of a class's graded notebooks;
``python -m circuslib links REPO_URL HUB_URL`` prints each lesson's nbgitpuller link;
``python -m circuslib handouts OUT`` prints each lesson's rules card, student sheet and teacher's key as PDF."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .core.builder import RefusedNotebook, build_exercises, notebook_text, read_notebook, tag_solutions

OUT_OF_DATE, REFUSED = 1, 2
LITE_INSTALL = ("# In JupyterLite (Python in the browser) the kit is installed from this site first; it takes a few "
                "seconds.\n%pip install -q circuslib")


def write_lite_contents(root: Path, out: Path) -> int:
    """Copy notebooks/ and exercises/ into ``out`` for JupyterLite, each notebook opening with the install cell."""
    import shutil

    if out.exists():
        shutil.rmtree(out)
    for folder in ("notebooks", "notebooks/more", "exercises"):  # the lessons, their companions, the exercises
        if not (root / folder).is_dir():
            continue
        (out / folder).mkdir(parents=True)
        for path in sorted((root / folder).glob("*.ipynb")):
            notebook = read_notebook(path)
            cell: dict[str, object] = {"cell_type": "code", "execution_count": None, "id": "install-circuslib",
                                       "metadata": {}, "outputs": [], "source": LITE_INSTALL}
            notebook["cells"].insert(0, cell)
            (out / folder / path.name).write_text(notebook_text(notebook), encoding="utf-8")
    for extra in ("RULINGS.md",):  # the rulings students read; the teacher's guide (TEACHING.md) tells answers
        if (root / extra).exists():
            shutil.copy(root / extra, out / extra)
    print(f"wrote {out}")
    return 0


def load_every_module() -> list[str]:
    """Import every module of every game folder, so that each shipped result is declared; returns their names."""
    import importlib

    package = Path(__file__).resolve().parent
    names = [f"circuslib.{folder.name}.{path.stem}" if path.stem != "__init__" else f"circuslib.{folder.name}"
             for folder in sorted(package.iterdir()) if (folder / "rules.py").exists()
             for path in sorted(folder.glob("*.py"))]
    for name in names:
        importlib.import_module(name)
    return names


def ship(names: list[str], *, check: bool) -> int:
    """Compute the shipped results again (every one but the long ones, or those named) and write their files; with
    ``check``, write nothing and exit 1 if a file differs from what its function computes now."""
    import time

    from .core.shipped import registry

    load_every_module()
    package = Path(__file__).resolve().parent
    entries = registry()
    unknown = [name for name in names if name not in entries]
    if unknown:
        print(f"no shipped result is called {', '.join(unknown)}; the shipped results are:",
              *entries, sep="\n  ", file=sys.stderr)
        return REFUSED
    chosen = [entries[name] for name in names] if names else [e for e in entries.values() if not e.long]
    stale = 0
    for entry in chosen:
        began = time.perf_counter()
        differences = entry.refresh(check=check)
        took = time.perf_counter() - began
        for difference in differences[:5] if check else ():
            print(f"  {difference}", file=sys.stderr)
        stale += bool(differences) and check
        state = ("differs" if check else "written") if differences else "up to date"
        where = entry.path.relative_to(package) if entry.path.is_relative_to(package) else entry.path
        print(f"{entry.name:45} {where}  {state} ({took:.1f} s)")
    if not names:
        skipped = [e.name for e in entries.values() if e.long]
        if skipped:
            print(f"not computed (long; name one to compute it): {', '.join(skipped)}")
    return OUT_OF_DATE if stale else 0


def export_latex(notebook: Path, out: Path, *, markdown: bool = True) -> Path:
    """An executed notebook as LaTeX text (``out/<name>.tex``, its figures as SVG files in ``<name>_files``): each
    figure drawn from a PDF made of its SVG if one is there (a box naming the SVG otherwise) and its description in
    words below it, with no Inkscape and no LaTeX needed to write it. nbconvert writes the text cells with pandoc;
    ``markdown=False`` leaves them out."""
    from nbconvert import LatexExporter
    from nbconvert.writers.files import FilesWriter
    from traitlets.config import Config

    from .core.figures import latex_figures

    stem = notebook.stem
    # nbconvert would convert each SVG to PDF with Inkscape (and stop where it is missing): the kit's preprocessor
    # writes the LaTeX of each figure instead, after nbconvert has written the SVG files
    config = Config({"SVG2PDFPreprocessor": {"enabled": False}, "TemplateExporter": {"exclude_markdown": not markdown}})
    exporter = LatexExporter(config=config)  # type: ignore[no-untyped-call]
    exporter.register_preprocessor(latex_figures, enabled=True)  # type: ignore[no-untyped-call]
    body, resources = exporter.from_filename(str(notebook), resources={"output_files_dir": f"{stem}_files",
                                                                        "unique_key": stem})
    writer = FilesWriter(build_directory=str(out))  # type: ignore[no-untyped-call]
    writer.write(body, resources, notebook_name=stem)  # type: ignore[no-untyped-call]
    return out / f"{stem}.tex"


LOCAL_MATHJAX = Path("/usr/share/javascript/mathjax/MathJax.js")
"""MathJax 2 as Debian and Ubuntu install it (``apt-get install libjs-mathjax``): a page that loads it from here
shows its formulas offline; nbconvert's own default loads it from a web server."""
PRINT_CSS = """<style>
/* the kit's page on paper and on a narrow screen: a long code line wraps instead of being cut at the margin */
.jp-InputArea-editor .highlight pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.jp-InputArea-editor { overflow: visible; }
.circus-still svg, .circus-figure svg { max-width: 100%; height: auto; }
@media print {
  .circus-still, .circus-figure { break-inside: avoid; }
  .circus-still-button { border: 1px solid currentColor; padding: 0 3px; }
}
</style>
"""


def export_html(notebook: Path, out: Path, *, mathjax: Path | None = LOCAL_MATHJAX) -> Path:
    """An executed notebook as one web page (``out/<name>.html``): every figure as SVG with its words, every game
    and explorer as the picture of its state when its cell ran (the widgets' saved state is left out, so no script
    from the web is needed to draw them), code lines wrapped, and formulas drawn by ``mathjax`` where it is
    installed (nbconvert's web address otherwise)."""
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    settings: dict[str, object] = {"ClearMetadataPreprocessor": {"enabled": True}}
    if mathjax is not None and mathjax.exists():
        settings["HTMLExporter"] = {"mathjax_url": f"{mathjax.resolve().as_uri()}?config=TeX-AMS_CHTML-full,Safe"}
    exporter = HTMLExporter(config=Config(settings))  # type: ignore[no-untyped-call]
    body, _ = exporter.from_filename(str(notebook))
    body = body.replace("</head>", f"{PRINT_CSS}</head>", 1)
    out.mkdir(parents=True, exist_ok=True)
    page = out / f"{notebook.stem}.html"
    page.write_text(body, encoding="utf-8")
    return page


def main(argv: list[str] | None = None) -> int:
    """Run the kit's command line; returns the exit status (1: out of date, 2: a notebook was refused)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["grade"]:  # the grader loads sympy and the sandbox: only when asked for
        from .core.grade import main as grade_main

        return grade_main(arguments[1:])
    parser = argparse.ArgumentParser(prog="python -m circuslib", description="circuslib teaching kit tools")
    commands = parser.add_subparsers(dest="command", required=True)
    ex = commands.add_parser("exercises", help="write exercises/*.ipynb from solutions/*.ipynb (all or none)")
    ex.add_argument("--check", action="store_true", help="write nothing; exit 1 if exercises/ is out of date")
    ex.add_argument("--root", type=Path, default=Path("."), help="the kit's folder (default: here)")
    ex.add_argument("notebooks", nargs="*", type=Path, help="only these solution notebooks (default: all)")
    tag = commands.add_parser("tag-solutions", help="write nbgrader metadata into solutions/*.ipynb from each "
                                                    "cell's role (answer, check, answer in words, other)")
    tag.add_argument("--root", type=Path, default=Path("."), help="the kit's folder (default: here)")
    tag.add_argument("notebooks", nargs="*", type=Path, help="only these solution notebooks (default: all)")
    lite = commands.add_parser("lite-contents", help="copy the lessons and exercises for a JupyterLite site, each "
                                                     "opening with a cell that installs the kit in the browser")
    lite.add_argument("out", type=Path, help="the folder to write (made afresh)")
    lite.add_argument("--root", type=Path, default=Path("."), help="the kit's folder (default: here)")
    shipping = commands.add_parser("ship", help="compute every shipped result again and write its file")
    shipping.add_argument("--check", action="store_true", help="write nothing; exit 1 if a shipped file differs")
    shipping.add_argument("names", nargs="*", help="only these results (game.module.function); a long one is "
                                                   "computed only when named")
    latex = commands.add_parser("latex", help="write an executed notebook as LaTeX, each figure kept as SVG beside it "
                                              "with its description in words (no Inkscape needed)")
    latex.add_argument("notebook", type=Path, help="the notebook, run and saved with its outputs")
    latex.add_argument("--out", type=Path, default=Path("."), help="the folder to write into (default: here)")
    page = commands.add_parser("html", help="write an executed notebook as one web page to print or read offline: "
                                            "figures and games as pictures with their words, code lines wrapped")
    page.add_argument("notebook", type=Path, help="the notebook, run and saved with its outputs")
    page.add_argument("--out", type=Path, default=Path("."), help="the folder to write into (default: here)")
    commands.add_parser("grade", add_help=False, help="grade an nbgrader assignment's submissions outside the "
                        "students' kernels, into nbgrader's gradebook (run in the course folder; grade --help says "
                        "more)")  # main() hands its arguments to the grader's own parser before this one reads them
    report = commands.add_parser("report", help="the misconceptions a class's graded notebooks show: an HTML page "
                                                "and a Markdown summary (misconceptions.html, misconceptions.md)")
    report.add_argument("path", type=Path, help="nbgrader's course folder or its autograded/ folder, or a folder of "
                                                "executed notebooks")
    report.add_argument("--assignment", help="only this nbgrader assignment (default: every one found)")
    report.add_argument("--out", type=Path, default=Path("."), help="where to write the two files (default: here)")
    links = commands.add_parser("links", help="print each lesson's nbgitpuller link for a JupyterHub")
    links.add_argument("repo", help="the kit's repository, like https://github.com/circuslib/circuslib")
    links.add_argument("hub", help="the hub's address, like https://hub.school.example")
    links.add_argument("--branch", default="main", help="the branch to pull (default: main)")
    links.add_argument("--voila", action="store_true", help="open each lesson as an app (Voila) rather than in "
                                                            "JupyterLab")
    handouts = commands.add_parser("handouts", help="print each lesson's rules card, student sheet and teacher's "
                                                    "key as A4 and Letter PDFs (Chromium; the keys from solutions/)")
    handouts.add_argument("out", type=Path, help="the folder to write into, like build/handouts")
    handouts.add_argument("--root", type=Path, default=Path("."), help="the kit's folder (default: here)")
    args = parser.parse_args(arguments)
    if args.command == "handouts":  # Chromium, nbclient and mistune: only when asked for
        from .handouts import main as handouts_main

        return handouts_main(args.root, args.out)
    if args.command == "latex":
        from nbconvert.utils.pandoc import PandocMissing

        try:
            print(f"wrote {export_latex(args.notebook, args.out)}")
        except PandocMissing:
            print("nbconvert writes a notebook's text cells with pandoc, which is not installed: install pandoc "
                  "(https://pandoc.org)", file=sys.stderr)
            return REFUSED
        return 0
    if args.command == "html":
        if not args.notebook.is_file():
            print(f"refused: there is no notebook at {args.notebook}", file=sys.stderr)
            return REFUSED
        print(f"wrote {export_html(args.notebook, args.out)}")
        return 0
    if args.command == "ship":
        return ship(args.names, check=args.check)
    if args.command == "lite-contents":
        return write_lite_contents(args.root, args.out)
    if args.command == "report":
        from .classroom.report import main as report_main

        return report_main(args.path, args.out, args.assignment)
    if args.command == "links":
        from .classroom.links import lesson_links

        try:
            found = lesson_links(args.repo, args.hub, branch=args.branch, app="voila" if args.voila else "lab")
        except ValueError as error:
            print(f"refused: {error}", file=sys.stderr)
            return REFUSED
        for lesson, link in found.items():
            print(f"{lesson}: {link}")
        return 0
    try:
        if args.command == "tag-solutions":
            for path in tag_solutions(args.notebooks or sorted((args.root / "solutions").glob("*.ipynb"))):
                print(f"tagged {path}")
            return 0
        stale = build_exercises(args.root / "solutions", args.root / "exercises", check=args.check,
                                only=[p.name for p in args.notebooks] or None)
    except RefusedNotebook as error:
        print(f"refused: {error}", file=sys.stderr)
        return REFUSED
    if args.check:
        if stale:
            print("out of date (run: python -m circuslib exercises):", *map(str, stale), sep="\n  ", file=sys.stderr)
            return OUT_OF_DATE
        print("exercises/ is up to date")
        return 0
    for path in stale:
        print(f"wrote {path}")
    if not stale:
        print("exercises/ was already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
