"""The core is a library the worker, the CLI, the API and the tests all call: it must never import
Django, DRF or Celery (nor our own Django apps)."""

from __future__ import annotations

import ast
from pathlib import Path

import vtesdeck.core

FORBIDDEN = ("django", "rest_framework", "celery", "kombu", "drf_spectacular", "cards")
CORE = Path(vtesdeck.core.__file__).parent


def _imports(path: Path) -> list[str]:
    """Absolute module names imported by `path`; relative imports are resolved against its package."""
    package = ["vtesdeck", "core", *path.parent.relative_to(CORE).parts] if path.is_relative_to(CORE) else []
    names = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            base = package[: len(package) - node.level + 1]
            names.append(".".join(base + ([node.module] if node.module else [])))
    return names


def test_it_imports_no_framework():
    offenders = {
        f"{path.relative_to(CORE)}: {name}"
        for path in CORE.rglob("*.py")
        for name in _imports(path)
        if name.split(".")[0] in FORBIDDEN or (not name.startswith("vtesdeck.core") and name.startswith("vtesdeck"))
    }
    assert not offenders, offenders


def test_it_checks_real_files():
    # Guards the guard: an empty glob would make the test above pass on nothing.
    assert any(path.name == "carddb.py" for path in CORE.rglob("*.py"))
    assert "requests" in _imports(CORE / "carddb.py")
    # Relative imports resolve inside the core, so a climb out of it would be caught.
    assert "vtesdeck.core.deck" in _imports(CORE / "decklist" / "base.py")
