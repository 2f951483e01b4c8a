"""The engine's hottest modules compiled by Cython from their own Python source (issue 27: the speed floor).

    python -m vtesdeck.core.engine.build [status]    # `make engine` builds (make test, make run and make bench)

``game.py``, ``vocabulary.py`` (most of a game's time), the bots and the state modules are compiled as they
are, without type declarations (``annotation_typing=False``: the annotations stay hints, as in Python), into
``.build/engine/`` beside the project; nothing else changes and the games are the same (tests/engine/test_native.py plays both and compares
the logs). The Python source stays the truth:

- a compiled module is loaded only while its source is the one it was built from (a SHA-256 stamp beside it), so an
  edited ``game.py`` is run as Python until the next build: no stale build is ever run;
- without Cython or a C compiler, or with ``VTESDECK_PURE=1`` in the environment, the engine is plain Python.

``install`` (called by the package's ``__init__``) puts a finder before the usual ones on ``sys.meta_path``; it
answers only for the compiled modules, and only with a fresh build.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "vtesdeck.core.engine"
SOURCE = Path(__file__).resolve().parent
# Kept out of the source tree, so that a checkout never holds a binary and ``git clean`` removes it.
BUILD = SOURCE.parents[2] / ".build" / "engine"
# the rules and the vocabulary (most of a game's time), then the bots and the table's state (3 % more)
MODULES = ("game", "vocabulary", "bots", "baseline", "view", "playbook", "economy", "state", "frames")
PURE = "VTESDECK_PURE"  # set (to anything but "" or "0") for plain Python

# How a module is compiled, part of its stamp: a build made another way is stale, like one of an older source.
# The annotations stay hints (as in Python): a value of another type than annotated is never refused.
CYTHON_OPTIONS = ("-3", "-X", "annotation_typing=False", "-X", "binding=True")
# -O2 (a few per cent more games a second than -O1: docs/benchmarks.md) but for vocabulary.c (400,000 lines): -O1
# compiles it in half the time, and the vocabulary's share of a game is small
OPTIMIZE = {"vocabulary": "-O1"}
DEFAULT_OPTIMIZE = "-O2"


def optimize(module: str) -> str:
    return OPTIMIZE.get(module, DEFAULT_OPTIMIZE)


def digest(path: Path) -> str:
    """The stamp of a build from ``path``: its source and the way it is compiled."""
    recipe = " ".join((*CYTHON_OPTIONS, optimize(path.stem))).encode()
    return hashlib.sha256(recipe + b"\n" + path.read_bytes()).hexdigest()


def binary(module: str, build: Path = BUILD) -> Path:
    return build / f"{module}{sysconfig.get_config_var('EXT_SUFFIX') or '.so'}"


def fresh(module: str, build: Path = BUILD, source: Path = SOURCE) -> bool:
    """Whether ``module`` has a build made from its source as it is now."""
    stamp = build / f"{module}.sha256"
    try:
        return binary(module, build).is_file() and stamp.read_text().strip() == digest(source / f"{module}.py")
    except OSError:
        return False


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the fresh compiled modules of the engine; every other import goes to the usual finders."""

    def __init__(self, build: Path = BUILD, source: Path = SOURCE) -> None:
        self.build = build
        self.source = source

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, module = fullname.rpartition(".")
        if package != PACKAGE or module not in MODULES or not fresh(module, self.build, self.source):
            return None
        location = str(binary(module, self.build))
        return importlib.util.spec_from_file_location(
            fullname, location, loader=importlib.machinery.ExtensionFileLoader(fullname, location)
        )


def wanted() -> bool:
    return os.environ.get(PURE, "") in ("", "0")


def install() -> None:
    """Put the finder first (once), unless plain Python is asked for."""
    if wanted() and not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder())


def compiled(module: str) -> bool:
    """Whether the engine's ``module`` was loaded compiled in this process."""
    loaded = sys.modules.get(f"{PACKAGE}.{module}")
    return loaded is not None and isinstance(
        getattr(loaded, "__loader__", None), importlib.machinery.ExtensionFileLoader
    )
