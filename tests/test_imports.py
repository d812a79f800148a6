"""Importing a game stays cheap: sympy, matplotlib and networkx load only when a function that needs them runs
(a class of thirty starts thirty kernels at once). How long the imports take is a benchmark (benchmarks/imports.py)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("sympy", "matplotlib", "networkx")
PACKAGES = ["circuslib", "circuslib.core", "circuslib.welcome", "circuslib.flip7", "circuslib.flip7.widget",
            "circuslib.pcv", "circuslib.pcv.widget", "circuslib.scout", "circuslib.scout.widget", "circuslib.speed",
            "circuslib.speed.widget", "circuslib.speed.explorers",
            "circuslib.flip_circus", "circuslib.flip_circus.widget"]


def _loaded_after_import(module: str, then: str = "") -> list[str]:
    code = f"import json, sys; import {module}\n{then}\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize("module", PACKAGES)
def test_importing_a_game_loads_no_heavy_library(module):
    assert _loaded_after_import(module) == []


def test_the_heavy_libraries_load_when_a_function_needs_them():
    assert _loaded_after_import("circuslib.flip7.odds", "circuslib.flip7.odds.bust_formula([3, 7])") == ["sympy"]
    assert "networkx" in _loaded_after_import("circuslib.flip7.graphs", "circuslib.flip7.graphs.round_graph()")
    assert _loaded_after_import("circuslib.core", "circuslib.core.to_rational(3)") == ["sympy"]
