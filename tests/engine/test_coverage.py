"""The cards the Tournament Winning Deck Archive plays most all have specs (issue 15): the top 100 library cards of
``../shared/twda-library-frequency.csv`` and the top 50 crypt cards of ``twda-crypt-frequency.csv``, and a deck
report's ``coverage`` counts them as implemented; a vampire with no ability text counts as modelled without one."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests.paths import TWDA
from vtesdeck.core.deck import Deck
from vtesdeck.core.domain import Card
from vtesdeck.core.engine import report, run
from vtesdeck.core.engine.compile import Compiled, compiled, has_no_ability

SHARED = TWDA.parent  # the CSVs sit beside the archive (tests/paths.py finds it)
TOP_LIBRARY = 100
TOP_CRYPT = 50


@pytest.fixture(scope="module")
def comp(cards) -> Compiled:
    return compiled(cards)


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


# --- vampires with no ability text (DESIGN.md's engine_coverage: they count as modelled) -------------------

VANILLA = ("Aaron Bathurst", "Beauregard Krueller")  # "Sabbat.": nothing printed beyond the sect


@pytest.mark.parametrize(
    ("text", "vanilla"),
    [
        ("Sabbat.", True),
        ("Sabbat.{}", True),  # an erratum that took the text away
        ("Camarilla Prince of Washington, DC.", True),
        ("Sabbat bishop.", True),
        ("Sabbat. Black Hand.", True),  # a trait that only decides which cards it may play
        ("Sabbat. Red List.", False),  # Anathema: a rule of its own in the game
        ("Camarilla Prince of Seattle: If Anson is ready during your master phase, you get two …", False),
        ("Anarch.\n[MERGED] Louis gets +1 level of Dominate [dom] and Presence [pre].", False),
        ("Independent: Gaël can never have more than 1 intercept.", False),
    ],
)
def test_a_vampire_has_no_ability_when_its_text_names_only_its_sect_and_title(text: str, vanilla: bool) -> None:
    card = Card(id=1, kind=Card.Kind.CRYPT, name="X", printed_name="X", unique_name="X", text=text)
    assert has_no_ability(card) is vanilla


def test_a_crypt_of_vampires_with_no_ability_text_is_wholly_modelled(comp: Compiled) -> None:
    cards = comp.cards
    vanilla = {cards.lookup(name).id: 6 for name in VANILLA}
    assert not set(vanilla) & set(comp.vampires)  # no spec of their own
    cover = run.coverage([Deck(crypt=vanilla)], cards)
    assert cover.crypt_coverage == 1.0 and cover.unsupported == ()
    # A vampire with ability text and no spec is still the one not modelled.
    unmodelled = next(c for c in cards if c.is_crypt and not has_no_ability(c) and c.id not in comp.vampires)
    cover = run.coverage([Deck(crypt={**vanilla, unmodelled.id: 12})], cards)
    assert cover.crypt_coverage == 0.5
    assert [u.id for u in cover.unsupported] == [unmodelled.id]
