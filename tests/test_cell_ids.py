"""Every notebook's cells have ids of their own: a repeated id makes nbformat renumber one on load (and the
exercise built from it then differs on every build), and nbgrader tells the cells apart by them."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for folder in ("notebooks", "notebooks/more", "solutions", "exercises")
                   for p in (ROOT / folder).glob("*.ipynb"))


def test_there_are_notebooks_to_read():
    assert len([p for p in NOTEBOOKS if p.parent.name == "solutions"]) >= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_two_cells_share_an_id(path):
    ids = [cell.get("id") for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]
    assert all(ids), f"{path.name}: a cell without an id"
    repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
    assert not repeated, f"{path.name}: the ids {repeated} are used by more than one cell"
