"""The kit installs the same way everywhere: pyproject, environment.yml, Makefile, README and CI agree."""
from __future__ import annotations

import re
import tomllib

import yaml

from notebooks import ROOT


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower()


def test_environment_yml_names_the_same_runtime_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_name(d) for d in env["dependencies"] if isinstance(d, str)} - {"python", "pip"}
    assert conda == {_name(d) for d in project["dependencies"]}
    assert "conda-forge" in env["channels"]
    pip_part = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert any(line.strip() in ("-e .", ".") for line in pip_part), "the kit itself is installed through pip"


def test_test_extra_has_the_test_tools():
    extra = {_name(d) for d in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]}
    assert {"pytest", "hypothesis", "playwright"} <= extra and extra & {"nbmake", "nbclient"}


def test_readme_leads_with_the_two_commands_and_ci_runs_the_tests():
    readme = (ROOT / "README.md").read_text()
    assert readme.index("make lab") < readme.index("## ") and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^lab:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
