"""Every decklist of the Tournament Winning Deck Archive is read whole.

Each file is recognised as the archive's layout, names only cards we know, states its event with a
date, and the counts it declares about itself ("Crypt (12 cards, …)", "Library (90 cards)",
"Action (12)") agree with the cards read. A disagreement means a line was misread or lost.
"""

from __future__ import annotations

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist.lines import library_type

# Library sections whose cards the archive lists without a count of their own: file → sections.
UNDECLARED_SECTIONS: dict[str, set[str]] = {
    "12278.txt": {"Master"},  # its master cards sit under "Library (87; 1 trifle)", then "Library (72 cards)"
}


@pytest.fixture(scope="module")
def twda(cards) -> list[tuple[str, Deck]]:
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    decks = [(path.name, decklist.parse(path.read_bytes(), cards, path=path.name)) for path in sorted(TWDA.iterdir())]
    assert len(decks) > 4000
    return decks


def section_counts(deck: Deck, cards) -> dict[str, int]:
    """Library copies by the section the archive lists each card under."""
    counts: dict[str, int] = {}
    for card_id, count in deck.library.items():
        section = library_type(cards[card_id])
        counts[section] = counts.get(section, 0) + count
    return counts


def test_every_archive_file_is_recognised_as_the_archive_layout(twda):
    assert [name for name, deck in twda if deck.source_format != "twd"] == []


def test_every_archive_line_names_a_card(twda):
    unread = [(name, u.line, u.text) for name, deck in twda for u in deck.unresolved]
    assert unread == []


def test_every_archive_deck_has_its_event_and_date(twda):
    assert [name for name, deck in twda if deck.event is None or deck.event.date is None] == []


def test_every_archive_deck_holds_the_crypt_and_library_it_declares(twda):
    miscounted = [
        (name, deck.declared.crypt, deck.crypt_count, deck.declared.library, deck.library_count)
        for name, deck in twda
        if (deck.declared.crypt, deck.declared.library) != (deck.crypt_count, deck.library_count)
    ]
    assert miscounted == []


def test_every_declared_library_section_holds_the_cards_it_counts(twda, cards):
    miscounted = []
    for name, deck in twda:
        counts = section_counts(deck, cards)
        for section, declared in deck.declared.sections.items():
            if counts.get(section, 0) != declared:
                miscounted.append((name, section, declared, counts.get(section, 0)))
    assert miscounted == []


def test_every_library_section_is_declared_but_the_archives_known_exceptions(twda, cards):
    undeclared = {}
    for name, deck in twda:
        missing = set(section_counts(deck, cards)) - set(deck.declared.sections)
        if missing:
            undeclared[name] = missing
    assert undeclared == UNDECLARED_SECTIONS
