"""The kit runs on every Python it claims (requires-python) and with every version of its runtime dependencies that
pyproject.toml allows: for each claimed Python found on this machine, and on the main Python with each runtime
dependency at its floor (the oldest version allowed; the newest are what `make test` installs anyway), a fresh
virtual environment with the kit runs the library's own tests of the core and of every game's rules (the odds,
notebook and browser tests run on the main Python: the Jupyter stack is needed there, and they would take minutes
more per version)."""
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


def _floors() -> list[str]:
    """Each runtime dependency pinned at the oldest version pyproject.toml allows ("numpy>=1.23.2": numpy==1.23.2)."""
    if sys.version_info < (3, 11):
        pytest.skip("reading pyproject.toml needs Python 3.11's tomllib")
    import tomllib

    pins = []
    for requirement in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        found = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9.]*)\s*", requirement)
        assert found, f"a runtime dependency names its floor as name>=version: {requirement!r}"
        pins.append(f"{found.group(1)}=={found.group(2)}")
    return pins


def test_the_library_tests_pass_with_every_runtime_dependency_at_its_floor(tmp_path):
    pins = _floors()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    pip = [python, "-m", "pip", "--disable-pip-version-check", "-q"]
    installed = subprocess.run(pip + ["install", "--only-binary=:all:", str(ROOT), *pins, "pytest", "pytest-timeout",
                                      "hypothesis", "pyyaml"], capture_output=True, text=True, timeout=1200)
    # a floor that no longer installs here is raised in pyproject.toml, not claimed untested
    assert installed.returncode == 0, installed.stderr[-3000:]
    versions = subprocess.run([python, "-c", "import importlib.metadata as m, sys; print(' '.join(f'{n}=='"
                               "f'{m.version(n)}' for n in sys.argv[1:]))", *(p.split("==")[0] for p in pins)],
                              capture_output=True, text=True, check=True).stdout.split()
    from packaging.version import Version

    got = {name.lower(): Version(version) for name, version in (v.split("==") for v in versions)}
    assert got == {name.lower(): Version(version) for name, version in (p.split("==") for p in pins)}  # not newer
    result = subprocess.run([python, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
                             *LIBRARY_TESTS], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    tail = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-500:]
    print(f"at the floors ({', '.join(pins)}): {tail}")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
