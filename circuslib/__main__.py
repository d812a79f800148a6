"""Command line: ``python -m circuslib exercises [--check]`` builds exercises/ from solutions/."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .core.teach import MarkerError, build_exercises


def main(argv: list[str] | None = None) -> int:
    """Run the kit's command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m circuslib", description="circuslib teaching kit tools")
    commands = parser.add_subparsers(dest="command", required=True)
    ex = commands.add_parser("exercises", help="write exercises/*.ipynb from solutions/*.ipynb")
    ex.add_argument("--check", action="store_true", help="write nothing; fail if exercises/ is out of date")
    ex.add_argument("--root", type=Path, default=Path("."), help="the kit's folder (default: here)")
    args = parser.parse_args(argv)
    try:
        stale = build_exercises(args.root / "solutions", args.root / "exercises", check=args.check)
    except MarkerError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.check:
        if stale:
            print("out of date (run: python -m circuslib exercises):", *map(str, stale), sep="\n  ", file=sys.stderr)
            return 1
        print("exercises/ is up to date")
        return 0
    for path in stale:
        print(f"wrote {path}")
    if not stale:
        print("exercises/ was already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
