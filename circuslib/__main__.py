"""Command line: ``python -m circuslib exercises [--check]`` builds exercises/ from solutions/;
``python -m circuslib tag-solutions`` writes the nbgrader metadata of solutions/ from each cell's role."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .core.builder import RefusedNotebook, read_notebook, build_exercises, notebook_text, tag_solution_notebook

OUT_OF_DATE, REFUSED = 1, 2


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
    args = parser.parse_args(argv)
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
