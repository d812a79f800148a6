"""Run a notebook top to bottom in a fresh kernel and return it with its outputs; find the kit's notebooks."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
LESSON_OF = {"00_warmup": "00_welcome", "flip7": "01_flip7", "petit_cirque_volant": "02_petit_cirque_volant",
             "scout": "03_scout", "speed": "04_speed", "flip_circus": "05_flip_circus"}
"""Each solution notebook's lesson."""
CHECK_CALL = re.compile(r"^\s*check\.(\w+)\(", re.M)
CHECKS_MODULE = re.compile(r"^\s*from (circuslib(?:\.\w+)+) import .*\bcheck\b", re.M)
_executed: dict[Path, nbformat.NotebookNode] = {}
_loaded: dict[Path, set[str]] = {}
MODULES_PROBE = "import json as _json, sys as _sys\nprint(_json.dumps(sorted({m.split('.')[0] for m in _sys.modules})))"
"""What a kernel has loaded, asked after the notebook's last cell (one more cell, run and taken away again)."""


def run(notebook, path: Path, *, allow_errors: bool = False, timeout: int = 300):
    """Execute a notebook (a NotebookNode) in a fresh python3 kernel, in the folder of ``path``; the top-level
    packages the kernel has loaded by the end are kept (``loaded_after``)."""
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=allow_errors,
                            resources={"metadata": {"path": str(path.parent)}})
    probe = nbformat.v4.new_code_cell(MODULES_PROBE)
    notebook.cells.append(probe)
    try:
        client.execute()
    finally:
        notebook.cells.remove(probe)
    printed = "".join(o.get("text", "") for o in probe.get("outputs", []) if o.get("output_type") == "stream")
    if printed.strip():
        import json

        _loaded[Path(path).resolve()] = set(json.loads(printed.strip().splitlines()[-1]))
    return notebook


def loaded_after(path: Path) -> set[str]:
    """The top-level packages a fresh kernel has loaded once the notebook has run top to bottom."""
    path = Path(path).resolve()
    execute(path)
    return _loaded[path]


def execute(path: Path, *, allow_errors: bool = False, timeout: int = 300):
    """Execute a notebook file in a fresh kernel; a clean run is kept, so tests that read the same run share it."""
    path = Path(path).resolve()
    if not allow_errors and path in _executed:
        return copy.deepcopy(_executed[path])
    notebook = run(nbformat.read(path, as_version=4), path, allow_errors=allow_errors, timeout=timeout)
    if not allow_errors:
        _executed[path] = copy.deepcopy(notebook)
    return notebook


def lessons() -> list[Path]:
    """Every lesson and solution notebook of the kit."""
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "solutions").glob("*.ipynb"))


def solutions() -> list[Path]:
    """Every solution notebook."""
    return sorted((ROOT / "solutions").glob("*.ipynb"))


def lesson_of(solution: Path) -> Path:
    """The lesson a solution notebook's exercises follow."""
    return ROOT / "notebooks" / f"{LESSON_OF[solution.stem]}.ipynb"


def checks_of(notebook) -> object:
    """The Checks object a notebook's check cells import."""
    from importlib import import_module

    for cell in notebook.cells:
        found = CHECKS_MODULE.search(cell.source) if cell.cell_type == "code" else None
        if found:
            return import_module(found.group(1)).check
    raise LookupError("this notebook imports no checks")


def cell_error(cell) -> str | None:
    """The name of the error a code cell raised, or None."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return output.get("ename")
    return None


def cell_text(cell) -> str:
    """Everything a code cell printed or displayed as text, its error's lines included."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        elif output.get("output_type") in ("execute_result", "display_data"):
            parts.append(output.get("data", {}).get("text/plain", ""))
        elif output.get("output_type") == "error":
            parts.append("\n".join(output.get("traceback", [])) or f"{output.get('ename')}: {output.get('evalue')}")
    return "".join(parts)
