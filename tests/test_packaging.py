"""The kit installs the same way everywhere: its runtime dependencies are exactly what the library imports,
environment.yml and Binder agree with pyproject, installing it leaves a school's Jupyter alone, and the Makefile,
README and CI agree."""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from notebooks import ROOT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

RUNTIME = {"ipywidgets", "networkx", "matplotlib", "sympy", "numpy"}
IMPORT_NAMES = {"ipywidgets": "ipywidgets", "networkx": "networkx", "matplotlib": "matplotlib", "sympy": "sympy",
                "numpy": "numpy"}
PROVIDED_BY = {"IPython": "ipywidgets", "nbformat": "lab", "nbconvert": "lab", "traitlets": "lab", "mpmath": "sympy",
               "nbgrader": "grade", "jupyterhub": "hub", "tornado": "hub", "nbclient": "handouts",
               "mistune": "handouts", "playwright": "handouts"}
"""IPython comes with ipywidgets and mpmath with sympy; nbformat is the builder's, nbconvert (and its traitlets) the
LaTeX export's, nbgrader the teacher's grader's, jupyterhub (and the tornado it runs on) the class service's;
nbclient, mistune and playwright the printed handouts'."""


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower()


def _project() -> dict:
    text = (ROOT / "pyproject.toml").read_text()
    if tomllib is not None:
        return tomllib.loads(text)["project"]
    pytest.skip("reading pyproject.toml needs Python 3.11's tomllib")


def _third_party_imports() -> set[str]:
    stdlib = set(sys.stdlib_module_names)
    found = set()
    for path in (ROOT / "circuslib").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            found |= {n.split(".")[0] for n in names if n.split(".")[0] not in stdlib | {"circuslib", "__future__"}}
    return found


def test_runtime_dependencies_are_exactly_what_the_library_imports():
    declared = {_name(d) for d in _project()["dependencies"]}
    assert declared == RUNTIME
    imported = _third_party_imports()
    extras_used = {"lab", "grade", "hub", "handouts"}
    assert {IMPORT_NAMES.get(m, PROVIDED_BY.get(m, m)) for m in imported} <= RUNTIME | extras_used, imported
    assert RUNTIME <= {IMPORT_NAMES.get(m, m) for m in imported}
    extras = {name: {_name(d) for d in deps} for name, deps in _project()["optional-dependencies"].items()}
    assert "jupyterlab" not in declared and "jupyterlab" in extras["lab"]
    assert extras["grade"] == {"nbgrader"}
    # JupyterHub is a tool of the class service alone: an extra (and the tests'), never a dependency
    assert "jupyterhub" not in declared and "jupyterhub" in extras["hub"] and "jupyterhub" in extras["test"]


def test_environment_yml_is_the_runtime_plus_jupyterlab_with_python_pinned_and_the_kit_left_to_postbuild():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_name(d) for d in env["dependencies"] if isinstance(d, str)} - {"python", "pip"}
    assert conda == {_name(d) for d in _project()["dependencies"]} | {"jupyterlab", "nbformat"}
    assert "conda-forge" in env["channels"]
    assert "python=3.11" in env["dependencies"], "Binder picks an old Python unless it is pinned"
    assert not [d for d in env["dependencies"] if isinstance(d, dict)], "no pip section: the kit comes in postBuild"
    post_build = (ROOT / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post_build and os.access(ROOT / "postBuild", os.X_OK)


def test_binder_installs_the_environment_before_copying_the_repository_so_the_layer_is_cached(tmp_path):
    result = subprocess.run([str(Path(sys.executable).parent / "repo2docker"), "--no-build", "--debug", str(ROOT)],
                            capture_output=True, text=True, timeout=120)
    dockerfile = result.stdout + result.stderr
    assert "Building conda environment for python=3.11" in dockerfile
    env_copy = dockerfile.index("COPY --chown=0:0 src/environment.yml")
    env_install = dockerfile.index('env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"')
    repo_copy = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    assert env_copy < env_install < repo_copy < dockerfile.index("./postBuild")


def test_test_extra_has_the_test_tools_and_make_installs_the_extras():
    extras = _project()["optional-dependencies"]
    tools = {_name(d) for d in extras["test"]}
    assert {"pytest", "hypothesis", "playwright", "nbclient", "nbgrader", "jupyterlab"} <= tools
    assert {_name(d) for d in extras["present"]} == {"voila"}
    assert "'.[lab,present,lite,hub,test]'" in (ROOT / "Makefile").read_text()


def test_readme_leads_with_the_two_commands_and_ci_runs_the_tests():
    readme = (ROOT / "README.md").read_text()
    assert readme.index("make lab") < readme.index("## ") and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lab:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    assert "mybinder.org/v2/" in readme and "urlpath=lab/tree/notebooks/00_welcome.ipynb" in readme


@pytest.mark.install
@pytest.mark.parametrize("existing", [["jupyterlab>=3.6,<4", "ipywidgets>=8,<9"],
                                      ["notebook>=6.5,<7", "ipywidgets>=8,<9"]],
                         ids=["jupyterlab3", "notebook6"])
def test_installing_the_kit_changes_nothing_of_a_schools_jupyter(existing, tmp_path):
    venv = tmp_path / "hub"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(pip + ["install", *existing], check=True, capture_output=True, timeout=900)
    report = tmp_path / "report.json"
    subprocess.run(pip + ["install", "--dry-run", "--report", str(report), str(ROOT)], check=True,
                   capture_output=True, timeout=900)
    changes = {item["metadata"]["name"].lower().replace("_", "-") for item in json.loads(report.read_text())["install"]}
    jupyter = {"jupyterlab", "notebook", "ipywidgets", "jupyter-server", "ipykernel", "tornado", "pyzmq",
               "jupyterlab-widgets", "widgetsnbextension", "ipython", "traitlets", "nbformat", "jupyter-client",
               "jupyter-core"}
    print(f"{'+'.join(existing)}: the kit would install {sorted(changes)}")
    assert not changes & jupyter, f"installing the kit would change {sorted(changes & jupyter)}"
