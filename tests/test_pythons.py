"""The kit runs on every Python it claims (requires-python): for each such version found on this machine, a fresh
virtual environment with the kit and its runtime dependencies runs the library's own tests of the core and of every
game's rules (the odds, notebook and browser tests run on the main Python: the Jupyter stack is needed there, and
they would take minutes more per version)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from notebooks import ROOT

pytestmark = pytest.mark.install
LIBRARY_TESTS = sorted(str(p.relative_to(ROOT)) for pattern in ("test_core_*.py", "test_*_rules.py")
                       for p in (ROOT / "tests").glob(pattern))


def _claimed_minors() -> list[tuple[int, int]]:
    text = (ROOT / "pyproject.toml").read_text()
    low = tuple(map(int, re.search(r'requires-python = ">=(\d+)\.(\d+)"', text).groups()))
    return [(3, minor) for minor in range(low[1], 14)]


def _interpreter(version: tuple[int, int]) -> str | None:
    for candidate in sorted(Path.home().glob(f".pyenv/versions/{version[0]}.{version[1]}.*/bin/python3")):
        return str(candidate)  # pyenv's own build (its shims answer only for the selected version)
    found = shutil.which(f"python{version[0]}.{version[1]}")
    return found if found and ".pyenv/shims" not in found else None


@pytest.mark.parametrize("version", _claimed_minors(), ids=lambda v: f"{v[0]}.{v[1]}")
def test_the_library_tests_pass_on_every_claimed_python(version, tmp_path):
    if version == sys.version_info[:2]:
        pytest.skip("the main Python runs the whole suite")
    python = _interpreter(version)
    if python is None:
        pytest.skip(f"Python {version[0]}.{version[1]} is not installed here")
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    installed = subprocess.run(pip + ["install", str(ROOT), "pytest", "pytest-timeout", "hypothesis", "pyyaml"],
                               capture_output=True, text=True, timeout=1200)
    assert installed.returncode == 0, installed.stderr[-3000:]
    result = subprocess.run([str(venv / "bin" / "python"), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                             "--rootdir", str(tmp_path), *LIBRARY_TESTS], cwd=ROOT, capture_output=True, text=True,
                            timeout=1800)
    tail = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-500:]
    print(f"Python {version[0]}.{version[1]}: {tail}")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
