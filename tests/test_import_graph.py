"""No two modules of the kit import each other, directly or through others, at module level or inside a function.

The graph is read from the source (``ast``), so an import inside a function counts as much as one at the top: an
import circle kept alive by a late import still ties the two modules together. Only ``if TYPE_CHECKING:`` blocks are
left out: they never run, and exist only so that annotations can name a type.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "circuslib"


def module_name(path: Path) -> str:
    """The dotted name of a module file of the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, wherever it stands, except inside ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child)

    walk(tree)
    return found


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The kit's modules that module ``name`` imports."""
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        if node.level:  # relative: from the module's own package, up level - 1 packages
            package = name.split(".") if is_package else name.split(".")[:-1]
            base = package[:len(package) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            targets.add(submodule if submodule in known else source)
    return {target for target in targets if target in known and target != name}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the kit's modules it imports."""
    found = modules()
    known = set(found)
    return {name: imported_modules(name, path, known) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of the graph: each strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def _circle(graph: dict[str, set[str]], group: list[str]) -> str:
    """One circle through a group, as 'a -> b -> a', for the failure message."""
    members = set(group)
    path = [group[0]]
    while True:
        step = sorted(graph[path[-1]] & members)[0]
        if step in path:
            return " -> ".join(path[path.index(step):] + [step])
        path.append(step)


def test_the_graph_is_read_from_the_source():
    graph = import_graph()
    assert "circuslib.core.game" in graph
    assert "circuslib.core.game" in graph["circuslib.flip7.rules"]  # from ..core.game import ...
    outside = {name: sorted(t for t in targets if not t.startswith("circuslib.core"))
               for name, targets in graph.items() if name.startswith("circuslib.core")}
    assert not any(outside.values()), f"core imports a game: {outside}"


def test_cycles_are_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert _circle(graph, ["a", "b", "c"]) == "a -> b -> c -> a"
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_an_import_inside_a_function_counts(tmp_path):
    source = "def f():\n    from .b import x\n    return x\nif TYPE_CHECKING:\n    from .c import y\n"
    tree = ast.parse(source)
    assert [node.module for node in _imports(tree) if isinstance(node, ast.ImportFrom)] == ["b"]


@pytest.mark.parametrize("name", sorted(modules()))
def test_each_module_parses(name):
    ast.parse(modules()[name].read_text(encoding="utf-8"))


def test_no_import_circles():
    graph = import_graph()
    found = [_circle(graph, group) for group in cycles(graph)]
    assert not found, "import circles:\n  " + "\n  ".join(found)
