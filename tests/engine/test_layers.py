"""The engine's layers (issue 25 §3): the rules know neither the card specs nor the bots, the specs never import
a bot or the bots' judgement of cards, and the package's modules import one another without a circle. Read from
the import statements (at any depth of a file, ``TYPE_CHECKING`` blocks excluded: they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "vtesdeck" / "core" / "engine"


def _runtime_imports(path: Path) -> set[str]:
    """The engine modules a file imports when it runs, as dotted names relative to the engine package."""
    module = ".".join(path.relative_to(ENGINE).with_suffix("").parts)
    package = module.rsplit(".", 1)[0] if "." in module else ""
    if module.endswith("__init__"):
        package = module.removesuffix(".__init__") if "." in module else ""
    tree = ast.parse(path.read_text())
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.level or id(node) in skipped:
            continue
        parts = package.split(".") if package else []
        base = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
        target = ".".join([*base, *(node.module.split(".") if node.module else [])])
        if node.module is None:  # ``from . import action``: the submodules
            found.update(f"{target}.{a.name}" if target else a.name for a in node.names)
        else:
            found.add(target)
    return {f.removesuffix(".__init__") for f in found}


def _graph() -> dict[str, set[str]]:
    graph = {}
    for path in ENGINE.rglob("*.py"):
        name = ".".join(path.relative_to(ENGINE).with_suffix("").parts).removesuffix(".__init__")
        graph[name] = _runtime_imports(path)
    return graph


def test_the_rules_import_neither_the_specs_nor_the_compiler_nor_the_bots() -> None:
    """game.py plays by the compiled specs a table attaches and asks the decisions of whoever the caller seats."""
    imports = _graph()["game"]
    assert not imports & {"compile", "specs", "plays", "bots", "playbook", "table"}, imports


def test_no_spec_imports_a_bot_or_the_bots_judgement_of_cards() -> None:
    """Bot scores live in the playbook and plays/, keyed by effect or by card, never in a spec."""
    graph = _graph()
    for name, imports in graph.items():
        if name.startswith("specs"):
            assert not imports & {"bots", "table"} and not any(i.startswith("plays") for i in imports), (name, imports)


def test_the_specs_speak_the_vocabulary_not_the_rules_internals() -> None:
    """Issue 25 §3: a spec reads and moves the table through the vocabulary's words, never game.py."""
    for name, imports in _graph().items():
        if name.startswith("specs"):
            assert "game" not in imports, (name, imports)


def test_the_engine_package_has_no_import_circle() -> None:
    graph = _graph()
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            assert state.get(nxt) != 1, f"import circle: {' -> '.join([*path, node, nxt])}"
            if state.get(nxt) is None:
                visit(nxt, [*path, node])
        state[node] = 2

    for node in sorted(graph):
        if state.get(node) is None:
            visit(node, [])


def test_a_circle_would_be_found() -> None:
    """The reader sees a relative import inside a function (compile.build's ``from . import plays, specs``)."""
    assert {"plays", "specs"} <= _graph()["compile"]


def test_a_hook_is_called_only_at_a_table_holding_one_of_its_cards() -> None:
    """``cards.hook(name, *cards)``: Bowl of Convergence's intercept hook is not called at a table without the
    card, and is with it. The vocabulary's hooks say what they read (``data=("bearer",)``): the one for what
    equipment gives its bearer is at a table with one that gives (Raven Spy), not at one without."""
    from vtesdeck.core import carddb
    from vtesdeck.core.engine import game as g
    from vtesdeck.core.engine import scenario
    from vtesdeck.core.engine.specs import permanent
    from vtesdeck.core.engine.vocabulary import _bearer_intercept

    cards = carddb.load()
    seats: list[dict[str, object]] = [{"ready": [{"card": "Anson", "blood": 3}]}, {"pool": 30}]
    without, _, _, _ = scenario.build({"name": "t", "stop": "minion", "seats": seats}, cards)
    intercept = g.hooks_of(without, "intercept")
    assert permanent._bowl_intercept not in intercept and _bearer_intercept not in intercept
    seats[1] = {"hand": ["Bowl of Convergence", "Raven Spy"]}
    holding, _, _, _ = scenario.build({"name": "t", "stop": "minion", "seats": seats}, cards)
    assert {permanent._bowl_intercept, _bearer_intercept} <= set(g.hooks_of(holding, "intercept"))
