"""The engine compiled by Cython (``make engine``, vtesdeck/core/engine/native.py) plays the same games as the
Python it is compiled from, and a build older than its source is never run (issue 27: "both must give identical
games")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import TWDA
from vtesdeck.core.engine import native

ROOT = Path(__file__).resolve().parents[2]

# Plays seeded five-seat games between archive decks in a fresh interpreter; prints whether the engine was
# compiled there and a digest of each game's event log.
GAMES = """
import hashlib, json, random, sys
from pathlib import Path
from vtesdeck.core import carddb
from vtesdeck.core.engine import native, run
from vtesdeck.core.engine import table as tb
from vtesdeck.core.twda import read_archive

cards = carddb.load()
decks = run.field_from_files(read_archive(Path(sys.argv[1])), cards, limit=60)
rng = random.Random(27)
logs = []
for seed in range(int(sys.argv[2])):
    table = rng.sample(decks, 5)
    result = tb.play(table, cards, seed=seed, bots=tb.heuristic_bots(5), log=True)
    logs.append(hashlib.sha256(repr(result.game.events).encode()).hexdigest())
print(json.dumps({"compiled": [native.compiled(m) for m in native.MODULES], "logs": logs}))
"""


def _games(pure: bool, count: int = 12) -> dict[str, list]:  # type: ignore[type-arg]
    env = {**os.environ, native.PURE: "1" if pure else ""}
    done = subprocess.run(
        [sys.executable, "-c", GAMES, str(TWDA), str(count)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_compiled_engine_plays_the_same_games_as_its_python_source() -> None:
    if not all(native.fresh(m) for m in native.MODULES):
        pytest.skip("NOT TESTED: the engine is not compiled (`make engine` builds it; make test does it first)")
    compiled, pure = _games(pure=False), _games(pure=True)
    assert compiled["compiled"] == [True] * len(native.MODULES)
    assert pure["compiled"] == [False] * len(native.MODULES)
    assert compiled["logs"] == pure["logs"]
    assert len(set(pure["logs"])) == len(pure["logs"])  # twelve different games, not one game twelve times


def _built(build: Path, module: str, stamp: str) -> None:
    native.binary(module, build).write_bytes(b"a compiled module")
    (build / f"{module}.sha256").write_text(stamp + "\n")


def test_a_build_is_used_only_while_its_source_is_the_one_it_was_built_from(tmp_path: Path) -> None:
    source, build = tmp_path / "src", tmp_path / "build"
    source.mkdir()
    build.mkdir()
    (source / "game.py").write_text("SPEED = 1\n")
    finder = native.CompiledFinder(build=build, source=source)
    assert finder.find_spec(f"{native.PACKAGE}.game", None) is None  # never built: Python

    _built(build, "game", native.digest(source / "game.py"))
    spec = finder.find_spec(f"{native.PACKAGE}.game", None)
    assert spec is not None and spec.origin == str(native.binary("game", build))

    (source / "game.py").write_text("SPEED = 2\n")  # edited after the build: the build is stale
    assert not native.fresh("game", build, source)
    assert finder.find_spec(f"{native.PACKAGE}.game", None) is None


def test_a_build_made_another_way_is_stale_like_one_of_an_older_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "game.py").write_text("SPEED = 1\n")
    _built(tmp_path, "game", native.digest(tmp_path / "game.py"))
    assert native.fresh("game", tmp_path, tmp_path)

    monkeypatch.setattr(native, "CYTHON_OPTIONS", (*native.CYTHON_OPTIONS[:-1], "binding=False"))
    assert not native.fresh("game", tmp_path, tmp_path)  # Cython's options changed since the build
    monkeypatch.undo()
    monkeypatch.setattr(native, "OPTIMIZE", {"game": "-O0"})
    assert not native.fresh("game", tmp_path, tmp_path)  # the C compiler's optimization changed


def test_the_finder_answers_only_for_the_compiled_modules(tmp_path: Path) -> None:
    (tmp_path / "scenario.py").write_text("")
    _built(tmp_path, "scenario", native.digest(tmp_path / "scenario.py"))
    finder = native.CompiledFinder(build=tmp_path, source=tmp_path)
    assert finder.find_spec(f"{native.PACKAGE}.scenario", None) is None  # not one of native.MODULES
    assert finder.find_spec("game", None) is None  # another package's module of the same name


def test_vtesdeck_pure_turns_the_compiled_engine_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.PURE, "1")
    assert not native.wanted()
    monkeypatch.setenv(native.PURE, "0")
    assert native.wanted()
