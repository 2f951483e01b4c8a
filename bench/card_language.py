"""How far the card language is from "cards as data" (issue 25 §3), printed as the issue's targets.

    python bench/card_language.py [--list]

For every library spec (``cards.LIBRARY``) it looks at every callable the spec and its modes hold (any field:
``when``, ``targets``, ``effects``, a ``Bearer``'s…, and the callables inside them: closures, dataclass fields),
at the hooks of the spec modules that name the card, and inside the vocabulary hooks registered for the card (a
word's factory handed a function of the card's own):

- **bespoke**: something of the card is Python written in ``specs/`` (an effect, a predicate, a target list,
  or a hook naming the card): a new card of that kind needs new code;
- **scored**: a mode carries a bot score written in ``specs/`` (``score``/``stakes``): the bots' judgement
  inside the card;
- **pure data**: neither: the card is vocabulary words and numbers (factories from ``vocabulary.py`` count
  as words).

A word only one card uses is that card's code under a word's name until a second card shares it, so the script
also prints the words used by one card only and the cards with code of their own (bespoke, or such a word).

Also printed: the lines of spec code per card, the functions of ``game.py`` the specs call (``g.name`` and
``from ..game import``), the spec modules that import ``bots``, and the engine's import circles (every
strongly connected group of the package's modules, from the ``import`` statements), and how many modes of
cards with discipline icons take their disciplines from the card text (the compiler's ``with_disciplines``)
rather than naming them (a card with several lines at one level). Targets (issue 25):
pure data ≥ 60 %, bespoke ≤ 15 %, about 20 lines a card, no spec importing ``bots``, no circle.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The engine as Python: a compiled module's functions are not Python functions, and the modules they come from
# (what this script counts) read differently (vtesdeck/core/engine/native.py).
os.environ["VTESDECK_PURE"] = "1"

from vtesdeck.core.engine import cards as spec_format  # noqa: E402
from vtesdeck.core.engine import specs as _specs  # noqa: E402,F401  (fills the registries)

ENGINE = ROOT / "vtesdeck" / "core" / "engine"
SPECS_PACKAGE = "vtesdeck.core.engine.specs"


def callables_in(value: Any, seen: set[int] | None = None) -> Iterator[Callable[..., Any]]:
    """The callables a mode field holds, and those inside them (closure cells, dataclass fields, tuples)."""
    seen = set() if seen is None else seen
    if value is None or id(value) in seen or isinstance(value, str | int | float | bool):
        return
    seen.add(id(value))
    if isinstance(value, tuple | list):
        for v in value:
            yield from callables_in(v, seen)
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value  # an effect instance
        for f in dataclasses.fields(value):
            yield from callables_in(getattr(value, f.name), seen)
        return
    if callable(value):
        yield value
        for cell in getattr(value, "__closure__", None) or ():
            try:
                yield from callables_in(cell.cell_contents, seen)
            except ValueError:  # an empty cell
                pass


def module_of(obj: Any) -> str:
    return (obj.__module__ if inspect.isfunction(obj) else type(obj).__module__) or ""


def _words(text: str) -> str:
    """Lower-case words only: "Mirror Walk", "mirror_walk" and '"Mirror Walk"' all read "mirror walk"."""
    return " ".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def hooked_cards() -> dict[str, set[str]]:
    """Card name → the spec-module hooks whose source names it (a hook is the card's Python)."""
    names = set(spec_format.LIBRARY)
    found: dict[str, set[str]] = {}
    for hook_name, functions in spec_format.HOOKS.items():
        for fn in functions:
            if not module_of(fn).startswith(SPECS_PACKAGE):
                continue
            try:
                source = inspect.getsource(fn)
            except (OSError, TypeError):
                continue
            declared = spec_format.HOOK_CARDS.get(fn)
            words = f" {_words(source)} "
            for name in names:
                # the cards it declares (cards.hook(name, *cards)), else every card its code, docstring or name names
                if (name in declared) if declared else f" {_words(name)} " in words:
                    found.setdefault(name, set()).add(f"{hook_name}:{fn.__name__}")
    return found


def _spec_code(value: Any) -> set[str]:
    """The names of the callables written in ``specs/`` that a value holds (directly or inside it)."""
    return {
        getattr(fn, "__name__", type(fn).__name__)
        for fn in callables_in(value)
        if module_of(fn).startswith(SPECS_PACKAGE)
    }


def vocabulary_hooks_with_spec_code() -> dict[str, set[str]]:
    """Card name → the spec-module callables inside the vocabulary hooks registered for it: a word's factory
    called with a function of the card's own (``grants_disciplines(name, levels=_levels)``) is that card's code."""
    found: dict[str, set[str]] = {}
    for hook_name, functions in spec_format.HOOKS.items():
        for fn in functions:
            if module_of(fn) != VOCABULARY:
                continue
            inner = {f"{hook_name}:{n}" for n in _spec_code(fn)}  # its closure's cells
            for name in spec_format.HOOK_CARDS.get(fn, ()) if inner else ():
                found.setdefault(name, set()).update(inner)
    return found


SCORE_FIELDS = ("score", "stakes")


def classify() -> dict[str, dict[str, Any]]:
    hooks = hooked_cards()
    wrapped = vocabulary_hooks_with_spec_code()
    out: dict[str, dict[str, Any]] = {}
    for name, spec in spec_format.LIBRARY.items():
        bespoke: set[str] = set(hooks.get(name, ())) | wrapped.get(name, set())
        # every field of the spec and of its modes (a card's data can hold a predicate anywhere: a mode's
        # ``when``, a ``Bearer``'s), the bots' scores apart
        for field in dataclasses.fields(spec):
            if field.name != "modes":
                bespoke |= _spec_code(getattr(spec, field.name))
        scored = False
        for mode in spec.modes:
            for field in dataclasses.fields(mode):
                value = getattr(mode, field.name)
                if field.name in SCORE_FIELDS:
                    scored |= bool(_spec_code(value))
                else:
                    bespoke |= _spec_code(value)
        out[name] = {"bespoke": sorted(bespoke), "scored": scored}
    return out


VOCABULARY = "vtesdeck.core.engine.vocabulary"


def _word(obj: Any) -> str:
    """The vocabulary word an object comes from: a function's or a class's name, a factory's for what it made
    ("passes_to_predator_in_discard_phase.<locals>.hook" is the word ``passes_to_predator_in_discard_phase``)."""
    name = getattr(obj, "__qualname__", None) or type(obj).__qualname__
    return name.split(".<locals>")[0]


def words_per_card() -> dict[str, set[str]]:
    """Card name → the vocabulary words its spec uses: the callables of its modes defined in ``vocabulary.py``
    and the vocabulary hooks registered for it by name (a factory called with the card's name)."""
    out: dict[str, set[str]] = {name: set() for name in spec_format.LIBRARY}
    for name, spec in spec_format.LIBRARY.items():
        for mode in spec.modes:
            for field in ("when", "targets", "values", "effects"):
                for fn in callables_in(getattr(mode, field)):
                    if module_of(fn) == VOCABULARY:
                        out[name].add(_word(fn))
    for functions in spec_format.HOOKS.values():
        for fn in functions:
            if module_of(fn) == VOCABULARY:
                for name in spec_format.HOOK_CARDS.get(fn, ()):
                    if name in out:
                        out[name].add(_word(fn))
    return out


def single_card_words() -> tuple[int, int, list[str]]:
    """(words used by one library card only, words used in all, the cards using such a word): how much of the
    vocabulary is one card's code under a word's name rather than a word cards share."""
    per_card = words_per_card()
    users: dict[str, int] = {}
    for words in per_card.values():
        for w in words:
            users[w] = users.get(w, 0) + 1
    single = {w for w, n in users.items() if n == 1}
    cards = sorted(name for name, words in per_card.items() if words & single)
    return len(single), len(users), cards


def code_lines(path: Path) -> int:
    """Lines that are code: not blank, not a comment, not inside a docstring."""
    tree = ast.parse(path.read_text())
    doc_lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                doc_lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    count = 0
    for i, line in enumerate(path.read_text().splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and i not in doc_lines:
            count += 1
    return count


def engine_imports() -> dict[str, set[str]]:
    """Module → the engine modules it imports (at any level of the file, relative or absolute)."""
    graph: dict[str, set[str]] = {}
    files = sorted(ENGINE.rglob("*.py"))
    names = {str(f.relative_to(ENGINE).with_suffix("")).replace("/", "."): f for f in files}
    for mod, path in names.items():
        package = mod.rsplit(".", 1)[0] if "." in mod else ""
        if mod.endswith("__init__"):
            package = mod[: -len(".__init__")] if "." in mod else ""
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                parts = package.split(".") if package else []
                base = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                submodules = [f"{target}.{a.name}" if target else a.name for a in node.names]
                # ``from . import action``: the submodule, not the package that holds it
                named = [c for c in submodules if c in names or f"{c}.__init__" in names]
                candidates = named if named and node.module is None else [target, *submodules]
                for c in candidates:
                    for key in (c, f"{c}.__init__"):
                        if key in names and key != mod:
                            deps.add(key)
        graph[mod] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in graph:
        if v not in index:
            visit(v)
    return found


def game_calls() -> set[str]:
    """The names of ``game.py`` the spec modules use (``g.name`` or ``from ..game import name``)."""
    used: set[str] = set()
    for path in (ENGINE / "specs").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "g":
                used.add(node.attr)
            if isinstance(node, ast.ImportFrom) and node.module == "game" and node.level == 2:
                used.update(a.name for a in node.names)
    return used


def disciplines_from_data() -> tuple[int, int]:
    """(modes whose disciplines the compiler reads from the card text, modes that name them), over the modes
    played from the hand of library cards with discipline icons."""
    from vtesdeck.core import carddb
    from vtesdeck.core.engine.compile import card_levels

    cards = carddb.load()
    derived = named = 0
    for name, spec in spec_format.LIBRARY.items():
        card = cards.lookup(name)
        if card is None or not card_levels(card):
            continue
        for mode in spec.modes:
            if not mode.in_play:
                named += bool(mode.disciplines)
                derived += not mode.disciplines
    return derived, named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="list the bespoke cards and what is bespoke in each")
    args = parser.parse_args()
    table = classify()
    n = len(table)
    bespoke = [k for k, v in table.items() if v["bespoke"]]
    scored = [k for k, v in table.items() if v["scored"]]
    pure = [k for k, v in table.items() if not v["bespoke"] and not v["scored"]]
    spec_files = sorted((ENGINE / "specs").glob("*.py"))
    lines = sum(code_lines(p) for p in spec_files if p.name != "vampires.py")
    vampire_lines = code_lines(ENGINE / "specs" / "vampires.py")
    graph = engine_imports()
    bots_importers = sorted(m for m, deps in graph.items() if m.startswith("specs.") and "bots" in deps)
    found = circles(graph)
    print(f"library specs: {n}; vampire specs: {len(spec_format.CRYPT)}")
    print(f"pure data: {len(pure)} ({100 * len(pure) / n:.1f} %)   target >= 60 %")
    print(f"bespoke Python: {len(bespoke)} ({100 * len(bespoke) / n:.1f} %)   target <= 15 %")
    print(f"bot scores in the spec: {len(scored)} ({100 * len(scored) / n:.1f} %)   target 0")
    single, used, single_users = single_card_words()
    print(
        f"vocabulary words the specs use: {used}, {single} of them by one card only; cards using such a word: "
        f"{len(single_users)} ({100 * len(single_users) / n:.1f} %)"
    )
    own = set(bespoke) | set(single_users)
    print(
        f"cards with code of their own (bespoke, or a word no other card uses): {len(own)} ({100 * len(own) / n:.1f} %)"
    )
    print(f"spec code lines (library modules): {lines}, {lines / n:.1f} a card   target about 20")
    print(f"vampire spec lines: {vampire_lines}, {vampire_lines / max(1, len(spec_format.CRYPT)):.1f} a vampire")
    derived, named = disciplines_from_data()
    print(
        f"modes of discipline cards: {derived + named}; disciplines read from the card text: {derived} "
        f"({100 * derived / max(1, derived + named):.1f} %), named by the spec: {named}"
    )
    print(f"game.py names the specs call: {len(game_calls())}")
    print(f"spec modules importing bots: {len(bots_importers)} {bots_importers}")
    print(f"engine import circles: {len(found)}; largest {max((len(c) for c in found), default=0)} modules")
    for c in found:
        print(f"  circle: {', '.join(c)}")
    if args.list:
        for name in sorted(bespoke):
            print(f"  bespoke {name}: {', '.join(table[name]['bespoke'])}")


if __name__ == "__main__":
    main()
