"""Command line: ``python -m circuslib exercises [--check]`` builds exercises/ from solutions/;
``python -m circuslib tag-solutions`` writes the nbgrader metadata of solutions/ from each cell's role;
``python -m circuslib report PATH`` writes the misconception report of a class's graded notebooks;
``python -m circuslib links REPO_URL HUB_URL`` prints each lesson's nbgitpuller link."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .core.builder import RefusedNotebook, read_notebook, build_exercises, notebook_text, tag_solution_notebook

OUT_OF_DATE, REFUSED = 1, 2
LITE_INSTALL = ("# In JupyterLite (Python in the browser) the kit is installed from this site first; it takes a few "
                "seconds.\n%pip install -q circuslib")


def write_lite_contents(root: Path, out: Path) -> int:
    """Copy notebooks/ and exercises/ into ``out`` for JupyterLite, each notebook opening with the install cell."""
    import shutil

    from .core.builder import notebook_text, read_notebook

    if out.exists():
        shutil.rmtree(out)
    for folder in ("notebooks", "exercises"):
        (out / folder).mkdir(parents=True)
        for path in sorted((root / folder).glob("*.ipynb")):
            notebook = read_notebook(path)
            cell = {"cell_type": "code", "execution_count": None, "id": "install-circuslib", "metadata": {},
                    "outputs": [], "source": LITE_INSTALL}
            notebook["cells"].insert(0, cell)
            (out / folder / path.name).write_text(notebook_text(notebook), encoding="utf-8")
    for extra in ("RULINGS.md", "TEACHING.md"):
        if (root / extra).exists():
            shutil.copy(root / extra, out / extra)
    print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the kit's command line; returns the exit status (1: out of date, 2: a notebook was refused)."""
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
    args = parser.parse_args(argv)
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
            for path in args.notebooks or sorted((args.root / "solutions").glob("*.ipynb")):
                text = notebook_text(tag_solution_notebook(read_notebook(path)))
                if path.read_text(encoding="utf-8") != text:
                    path.write_text(text, encoding="utf-8")
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
