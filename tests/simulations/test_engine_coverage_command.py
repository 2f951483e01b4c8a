"""``manage.py engine_coverage`` (DESIGN.md): the engine's coverage of the archive since a date, partial cards
(their spec leaves text out) listed apart and counted as unmodelled, bad input refused with exit 2."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.paths import TWDA
from vtesdeck.core import carddb
from vtesdeck.core.engine import report, run

pytestmark = pytest.mark.django_db

DESIGN_KEYS = [
    "decks",
    "library_copies_share",
    "crypt_copies_share",
    "median_deck_share",
    "full_decks_share",
    "library_cards",
    "vampires",
    "partial",
    "top_missing",
]


def command(*args: object) -> tuple[str, CommandError | None]:
    out = io.StringIO()
    try:
        call_command("engine_coverage", *map(str, args), stdout=out, stderr=io.StringIO())
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


@pytest.fixture
def archive(tmp_path, monkeypatch):
    """Two archive decks in a folder of their own."""
    for name in ("10009.txt", "10012.txt"):
        shutil.copy(TWDA / name, tmp_path / name)
    monkeypatch.setenv("VTESDECK_TWDA", str(tmp_path))
    return tmp_path


@pytest.fixture
def nergal_partial(monkeypatch):
    """Every spec is in full now: the engine's coverage as if Nergal's spec left his Infernal upkeep out (a partial
    card: its spec's ``missing``), the way a new spec that leaves text out is counted."""
    real = run.compiled

    def with_a_partial_card(cards):
        comp = real(cards)
        nergal = next(v for v in comp.vampires if cards[v].name == "Nergal")
        return dataclasses.replace(comp, partial={**comp.partial, nergal: "Infernal (upkeep) is not modelled."})

    monkeypatch.setattr(run, "compiled", with_a_partial_card)
    return with_a_partial_card


def test_the_json_has_design_md_keys_and_partial_cards_apart(archive, nergal_partial):
    output, error = command("--since", "1990-01-01", "--json")
    assert error is None
    figures = json.loads(output)
    assert list(figures) == DESIGN_KEYS
    assert figures["decks"] == len(list(archive.glob("*.txt")))
    for share in ("library_copies_share", "crypt_copies_share", "median_deck_share", "full_decks_share"):
        assert 0.0 <= figures[share] <= 1.0
    partial = {card["name"]: card["missing"] for card in figures["partial"]}
    assert "Infernal" in partial["Nergal"]  # its spec says what of the text it leaves out
    assert all(partial.values())
    assert all(list(card) == ["id", "name", "copies"] for card in figures["top_missing"])


def test_no_spec_is_partial_today(archive):
    output, error = command("--since", "1990-01-01", "--json")
    assert error is None and json.loads(output)["partial"] == []


def test_a_partial_card_counts_as_unmodelled_in_the_share(nergal_partial):
    # Two copies of a vampire in full and two of a partial one: half the copies are modelled, and the partial card is
    # listed apart, not as unsupported.
    cards = carddb.load()
    comp = nergal_partial(cards)
    full = next(v for v in sorted(comp.crypt_modelled) if v not in comp.partial)
    partial = next(v for v in sorted(comp.partial) if cards[v].name == "Nergal")
    assert partial in comp.crypt_implemented
    cover = report.card_coverage({full: 2, partial: 2}, comp.crypt_implemented, {}, comp.partial)
    assert cover.share == 0.5 and not cover.unsupported and [u.id for u in cover.partial] == [partial]


def test_a_bad_date_or_no_archive_is_a_usage_error(tmp_path, monkeypatch):
    _, error = command("--since", "yesterday")
    assert error is not None and error.returncode == 2
    monkeypatch.setenv("VTESDECK_TWDA", str(tmp_path))  # an empty folder, and no archive in the database
    _, error = command("--since", "2018-01-01")
    assert error is not None and error.returncode == 2
