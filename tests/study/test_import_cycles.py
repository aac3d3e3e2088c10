"""No two liarlab modules import each other, directly or around a loop (issue 38).

The graph is read from the source (every ``import`` and ``from ... import``, including those inside functions,
which hide a cycle rather than remove it), and those under ``if TYPE_CHECKING:`` too: a type-only import still
ties the two modules together for a reader and a type checker (issue 48).
An import of a package stands for its ``__init__`` module, and ``from package import module`` for that module.
"""
import ast
from pathlib import Path

import networkx as nx

import liarlab

ROOT = Path(liarlab.__file__).parent


def _modules(root: Path) -> dict[str, Path]:
    out = {}
    for path in root.rglob("*.py"):
        parts = ("liarlab",) + path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def import_graph(root: Path = ROOT) -> nx.DiGraph:
    modules = _modules(root)
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text())
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    stem = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(stem + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            else:
                continue
            graph.add_edges_from((name, t) for t in targets if t in modules and t != name)
    return graph


def test_the_graph_sees_imports():
    graph = import_graph()
    assert graph.has_edge("liarlab.papers.p05.claims", "liarlab.papers.p05.experiments")
    assert graph.number_of_edges() > 300


def test_the_graph_sees_type_only_imports(tmp_path):
    """An import under ``if TYPE_CHECKING:`` is an arrow like any other."""
    package = tmp_path / "liarlab"
    package.mkdir()
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from liarlab.b import B\n")
    (package / "b.py").write_text("from liarlab import a\n")
    graph = import_graph(package)
    assert graph.has_edge("liarlab.a", "liarlab.b") and graph.has_edge("liarlab.b", "liarlab.a")


def test_no_import_cycle():
    cycles = [c for c in nx.simple_cycles(import_graph()) if len(c) > 1]
    assert not cycles, "modules that import each other: " + "; ".join(" -> ".join(c + c[:1]) for c in cycles[:10])
