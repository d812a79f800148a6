"""Run a notebook top to bottom in a fresh kernel and return it with its outputs."""
from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def execute(path: Path, *, allow_errors: bool = False, timeout: int = 300):
    """Execute a notebook in a fresh python3 kernel, in its own folder, and return the executed notebook."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=allow_errors,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return notebook


def lessons() -> list[Path]:
    """Every lesson and solution notebook of the kit."""
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "solutions").glob("*.ipynb"))


def cell_error(cell) -> str | None:
    """The name of the error a code cell raised, or None."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return output.get("ename")
    return None


def cell_text(cell) -> str:
    """Everything a code cell printed or displayed as text."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        elif output.get("output_type") in ("execute_result", "display_data"):
            parts.append(output.get("data", {}).get("text/plain", ""))
        elif output.get("output_type") == "error":
            parts.append(f"{output.get('ename')}: {output.get('evalue')}")
    return "".join(parts)
