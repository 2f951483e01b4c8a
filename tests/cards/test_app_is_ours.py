"""krcg's wheel installs a top-level `cards` package (its data folder). Ours must win everywhere:
in the web process, in tests, and in the Celery worker started by `make run`."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import cards

PROJECT = Path(__file__).resolve().parents[2]


def test_it_imports_our_cards_app():
    assert Path(cards.__file__).resolve().parent == PROJECT / "cards"


def test_it_has_a_rival_to_shadow():
    # Guards the guard: if krcg stopped shipping `cards/`, the test above would prove nothing.
    assert any(f.parts[0] == "cards" for f in metadata.distribution("krcg").files or ())


def test_it_imports_our_cards_app_the_way_make_run_starts_the_worker():
    # `python -m celery` from the project folder puts that folder first on sys.path.
    code = "import cards; print(cards.__file__)"
    result = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, timeout=300)
    assert Path(result.stdout.strip()).resolve().parent == PROJECT / "cards", result.stderr
