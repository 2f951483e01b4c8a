"""Every exporter writes what its parser reads back, and what detection recognises as its own.

Over the whole Tournament Winning Deck Archive (parsed once per module, as the archive writes it) and over
decks holding every card of the card list (so every official name, with its quotes, accents, "(ADV)" and
"(G2)", goes through every name-based format): ``parse(export(deck, f), format=f)`` gives the same cards,
and for the formats that carry a deck's whole record, the same record.
"""

from __future__ import annotations

import datetime

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck, Event

EXPORTERS = [name for name, fmt in decklist.FORMATS.items() if fmt.export is not None]
# Formats that carry the whole record: metadata, comments, unresolved lines, declared counts.
WHOLE_RECORD = {"json"}
# The archive's own format carries everything a decklist shows; what it declares about itself is
# recomputed by the exporter (a list miscounting its crypt is written with the true count).
SHOWN_RECORD = {"twd"}


def carried(deck: Deck, format: str) -> object:
    """What a round trip through ``format`` must keep of ``deck``."""
    if format in WHOLE_RECORD:
        return deck.to_dict(with_origin=False)
    if format in SHOWN_RECORD:
        record = deck.to_dict(with_origin=False)
        record.pop("declared")
        # The archive lists the library by card type, so only the counts, not the order, come back.
        for part in ("crypt", "library"):
            record[part] = {entry["id"]: entry["count"] for entry in record[part]}
        record["unresolved"] = [(u["text"], u["count"], u["section"]) for u in record["unresolved"]]
        return record
    # Counts only: compared as mappings, as list order is the writer's business.
    return dict(deck.crypt), dict(deck.library)


def round_trip_failures(decks: list[tuple[str, Deck]], cards, format: str) -> tuple[list[str], list[str]]:
    lost, misdetected = [], []
    for name, deck in decks:
        text = decklist.export(deck, cards, format)
        again = decklist.parse(text, cards, format=format)
        if carried(again, format) != carried(deck, format):
            lost.append(name)
        if decklist.detect(text) != format:
            misdetected.append(name)
    return lost, misdetected


@pytest.fixture(scope="module")
def every_card(cards) -> list[tuple[str, Deck]]:
    """The whole card list in decks of 50 cards, with counts 1 to 4 and metadata that needs escaping."""
    everything = sorted(cards, key=lambda card: card.id)
    decks = []
    for start in range(0, len(everything), 50):
        deck = Deck(
            name=f'Cards {start}–{start + 49}: "all" of them, #{start}',
            author="Dónal O'Connor & co",
            description="Line one; with = and ;\nline two: 100%",
            event=Event(name="Round-trip Open", place="Reykjavík, Iceland", date=datetime.date(2024, 2, 29), players=9),
        )
        for offset, card in enumerate(everything[start : start + 50]):
            deck.add(card, 1 + offset % 4)
        decks.append((f"cards {start}", deck))
    return decks


@pytest.fixture(scope="module")
def twda(cards) -> list[tuple[str, Deck]]:
    if "twd" not in decklist.FORMATS:
        pytest.skip("the twd format is not registered yet")
    if not TWDA.is_dir():
        pytest.skip(f"no archive at {TWDA}")
    return [(path.name, decklist.parse(path.read_bytes(), cards, format="twd")) for path in sorted(TWDA.iterdir())]


@pytest.mark.parametrize("format", EXPORTERS)
def test_every_card_survives_each_format(cards, every_card, format):
    lost, misdetected = round_trip_failures(every_card, cards, format)
    assert lost == [], f"{format}: {len(lost)} decks changed, e.g. {lost[:5]}"
    assert misdetected == [], f"{format}: {len(misdetected)} exports detected as another format, e.g. {misdetected[:5]}"


@pytest.mark.parametrize("format", EXPORTERS)
def test_every_twda_deck_survives_each_format(cards, twda, format):
    lost, misdetected = round_trip_failures(twda, cards, format)
    assert lost == [], f"{format}: {len(lost)} of {len(twda)} decks changed, e.g. {lost[:5]}"
    assert misdetected == [], f"{format}: {len(misdetected)} exports detected as another format, e.g. {misdetected[:5]}"


def test_the_archive_was_read(twda):
    # Guards the tests above: an archive read as nothing would pass them all.
    assert len(twda) >= 4000
    assert sum(deck.crypt_count + deck.library_count for _, deck in twda) > 4000 * 60


def test_the_whole_record_formats_really_are_compared(every_card, cards):
    # Guards ``carried``: a deck differing only in its description must fail the JSON comparison.
    _, deck = every_card[0]
    changed = decklist.parse(decklist.export(deck, cards, "json"), cards, format="json")
    changed.description += "!"
    assert carried(changed, "json") != carried(deck, "json")
    assert carried(changed, "csv") == carried(deck, "csv")
