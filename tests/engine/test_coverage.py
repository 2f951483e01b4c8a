"""The cards the Tournament Winning Deck Archive plays most all have specs (issue 15): the top 100 library cards of
``../shared/twda-library-frequency.csv`` and the top 50 crypt cards of ``twda-crypt-frequency.csv``, and a deck
report's ``coverage`` counts them as implemented."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests.paths import TWDA
from vtesdeck.core import carddb
from vtesdeck.core.engine import report
from vtesdeck.core.engine.compile import Compiled, compiled

SHARED = TWDA.parent  # the CSVs sit beside the archive (tests/paths.py finds it)
TOP_LIBRARY = 100
TOP_CRYPT = 50


@pytest.fixture(scope="module")
def comp() -> Compiled:
    return compiled(carddb.load())


def top(name: str, count: int) -> list[tuple[int, str]]:
    path = SHARED / name
    if not path.is_file():
        pytest.skip(f"SKIPPED: {path} is missing (the shared TWDA frequency tables; set VTESDECK_TWDA)")
    with Path(path).open(encoding="utf-8", newline="") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: int(r["rank"]))[:count]
    assert len(rows) == count, f"{name} holds fewer than {count} cards"
    return [(int(r["id"]), r["name"]) for r in rows]


def test_the_top_100_library_cards_have_specs(comp: Compiled) -> None:
    cards = top("twda-library-frequency.csv", TOP_LIBRARY)
    missing = [name for vekn, name in cards if vekn not in comp.implemented]
    assert not missing, f"top library cards without a spec: {missing}"


def test_the_top_50_crypt_cards_have_specs(comp: Compiled) -> None:
    cards = top("twda-crypt-frequency.csv", TOP_CRYPT)
    missing = [name for vekn, name in cards if vekn not in comp.crypt_implemented]
    assert not missing, f"top crypt cards without a spec: {missing}"


def test_a_deck_report_counts_the_top_cards_as_covered(comp: Compiled) -> None:
    library = top("twda-library-frequency.csv", TOP_LIBRARY)
    crypt = top("twda-crypt-frequency.csv", TOP_CRYPT)
    names = dict(library + crypt)
    lib = report.card_coverage({vekn: 3 for vekn, _ in library}, comp.implemented, names)
    cry = report.card_coverage({vekn: 1 for vekn, _ in crypt}, comp.crypt_implemented, names)
    assert (lib.share, lib.unsupported) == (1.0, ())
    assert (cry.share, cry.unsupported) == (1.0, ())
