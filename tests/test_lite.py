"""make lite: the static JupyterLite site builds offline with every lesson and exercise (each opening with the cell
that installs the kit) and the kit's wheel in its package index; and everything the wheel needs is available in
Pyodide, either built for it or as a pure-Python wheel. (Pyodide itself loads from the web at run time, so the site
cannot be opened in a browser here.)"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile

import pytest

from notebooks import ROOT

pytestmark = pytest.mark.install
PYODIDE = "314.0.7"  # the Pyodide release jupyterlite-pyodide-kernel 0.8 loads


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.fixture(scope="module")
def site():
    result = subprocess.run(["make", "-s", "lite"], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return ROOT / "build" / "lite"


def test_the_site_has_every_lesson_and_exercise_and_each_installs_the_kit_first(site):
    assert list((ROOT / "notebooks" / "more").glob("*.ipynb")), "the lessons' companions are in the site too"
    for folder in ("notebooks", "notebooks/more", "exercises"):
        for source in (ROOT / folder).glob("*.ipynb"):
            copy = json.loads((site / "files" / folder / source.name).read_text())
            first = "".join(copy["cells"][0]["source"])
            assert "%pip install -q circuslib" in first
            assert len(copy["cells"]) == len(json.loads(source.read_text())["cells"]) + 1
    listing = json.loads((site / "api" / "contents" / "notebooks" / "all.json").read_text())
    assert {item["name"] for item in listing["content"]} >= {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}


def test_the_kits_wheel_is_in_the_sites_package_index(site):
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert "circuslib" in index
    wheels = [f for release in index["circuslib"]["releases"].values() for f in release]
    assert wheels and all(f["filename"].endswith("py3-none-any.whl") for f in wheels)
    assert (site / "pypi" / wheels[0]["filename"]).exists()


def test_everything_the_wheel_needs_is_available_in_pyodide(site, tmp_path):
    subprocess.run(["npm", "pack", f"pyodide@{PYODIDE}", "--silent"], cwd=tmp_path, check=True, capture_output=True,
                   timeout=300)
    with tarfile.open(next(tmp_path.glob("pyodide-*.tgz"))) as archive:
        lock = json.load(archive.extractfile("package/pyodide-lock.json"))
    built_for_pyodide = {_normal(p["name"]) for p in lock["packages"].values()}
    wheel = next((site / "pypi").glob("circuslib-*.whl"))
    report = tmp_path / "report.json"
    subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                    "--report", str(report), str(wheel)], check=True, capture_output=True, timeout=600)
    found = {_normal(i["metadata"]["name"]): i for i in json.loads(report.read_text())["install"]}
    closure = _closure_in_the_browser(found)
    missing = []
    for name in sorted(closure):
        pure = found[name]["download_info"]["url"].endswith("-none-any.whl")
        if name != "circuslib" and name not in built_for_pyodide and not pure:
            missing.append(name)
    print(f"{len(closure)} packages in the closure; built for Pyodide or pure Python: all but {missing}")
    assert not missing, f"not available in Pyodide: {missing}"


def _closure_in_the_browser(found: dict) -> set[str]:
    """The packages installing the kit pulls in when Python runs in the browser: requirements whose markers
    exclude Emscripten (IPython's psutil, say) are left out, as pip in Pyodide leaves them out."""
    from packaging.requirements import Requirement

    browser = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
               "platform_machine": "wasm32", "python_version": "3.14", "python_full_version": "3.14.0",
               "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    wanted, todo = set(), ["circuslib"]
    while todo:
        name = todo.pop()
        if name in wanted or name not in found:
            continue
        wanted.add(name)
        for line in found[name]["metadata"].get("requires_dist") or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(browser):
                todo.append(_normal(requirement.name))
    return wanted
