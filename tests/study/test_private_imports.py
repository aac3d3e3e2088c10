"""No module of liarlab reaches into another package's private names (issue 38).

A name that starts with one underscore (``_needed_rounds``, ``_TABLES``) is its package's own business: it may change
or go without notice. So a module outside the package that defines it must not import it
(``from liarlab.bluff.exact import _needed_rounds``) nor read it off an imported module
(``exact._needed_rounds``).
Inside the package (``liarlab.bluff.api`` using ``liarlab.bluff.exact._needed_rounds``) it is fine. The scan is by
AST over every module of ``liarlab/``, imports inside functions included.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2] / "liarlab"

#: (importing module, "target module.name") pairs that break the rule today, each with why it stays for now (none)
KNOWN_EXCEPTIONS: dict[tuple[str, str], str] = {}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_package(name: str, root: Path) -> bool:
    return (root.parent / Path(*name.split(".")) / "__init__.py").exists()


def _is_module(name: str, root: Path) -> bool:
    path = root.parent / Path(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _package_of(module: str, root: Path) -> str:
    """The package a module belongs to: itself for a package's ``__init__``, else its parent."""
    return module if _is_package(module, root) else module.rpartition(".")[0]


def _inside(importer: str, package: str) -> bool:
    return importer == package or importer.startswith(package + ".")


def _absolute(importer: str, node: ast.ImportFrom, root: Path) -> str | None:
    if node.level == 0:
        return node.module
    base = _package_of(importer, root).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def private_uses(path: Path, root: Path = PACKAGE_ROOT) -> list[tuple[str, str, int]]:
    """``(importer, "target.name", line)`` for every private name of another package that ``path`` (a module
    under ``root``, the ``liarlab`` folder) uses."""
    importer = _module_name(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, modules = [], {}            # modules: local name -> liarlab module it is bound to

    def check(target: str, name: str, line: int) -> None:
        if target.startswith("liarlab") and _private(name) and not _inside(importer, _package_of(target, root)):
            found.append((importer, f"{target}.{name}", line))

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = _absolute(importer, node, root)
            if not target or not target.startswith("liarlab"):
                continue
            for alias in node.names:
                if _is_module(f"{target}.{alias.name}", root):
                    modules[alias.asname or alias.name] = f"{target}.{alias.name}"
                    if _private(alias.name):
                        check(target, alias.name, node.lineno)
                else:
                    check(target, alias.name, node.lineno)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("liarlab"):
                    if alias.asname:
                        modules[alias.asname] = alias.name
                    else:
                        modules.setdefault("liarlab", "liarlab")
                    for i, part in enumerate(alias.name.split(".")):
                        if _private(part):
                            check(".".join(alias.name.split(".")[:i]), part, node.lineno)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain, value = [], node.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in modules:
                target = ".".join([modules[value.id], *reversed(chain)])
                if _is_module(target, root):
                    check(target, node.attr, node.lineno)
    return found


def test_the_scan_sees_both_forms(tmp_path):
    root = tmp_path / "liarlab"
    for package in ("alpha", "beta"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "alpha" / "inner.py").write_text("_hidden = 1\n")
    (root / "alpha" / "friend.py").write_text("from liarlab.alpha.inner import _hidden\nfrom . import inner\n"
                                              "x = inner._hidden\n")
    (root / "beta" / "user.py").write_text("from liarlab.alpha.inner import _hidden\nfrom liarlab.alpha import inner\n"
                                           "import liarlab.alpha.inner as ai\nimport liarlab.alpha.inner\n"
                                           "x = inner._hidden + ai._hidden + liarlab.alpha.inner._hidden\n"
                                           "y = inner.__name__\n")
    assert private_uses(root / "alpha" / "friend.py", root) == []
    uses = private_uses(root / "beta" / "user.py", root)
    assert sorted(line for _, _, line in uses) == [1, 5, 5, 5]
    assert {name for _, name, _ in uses} == {"liarlab.alpha.inner._hidden"}


def test_no_module_imports_another_packages_private_names():
    uses = [u for path in sorted(PACKAGE_ROOT.rglob("*.py")) for u in private_uses(path)]
    unexpected = [f"{importer}:{line} uses {name}" for importer, name, line in uses
                  if (importer, name) not in KNOWN_EXCEPTIONS]
    assert not unexpected, ("a private name is its package's own; give it a public name (or a public door) "
                            "and use that:\n" + "\n".join(unexpected))
    stale = set(KNOWN_EXCEPTIONS) - {(importer, name) for importer, name, _ in uses}
    assert not stale, f"known exceptions that no longer occur (remove them): {sorted(stale)}"
