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
from vtesdeck.core.decklist.base import one_line, text_lines
from vtesdeck.core.decklist.lines import join_description

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


# --- hostile free text ---------------------------------------------------------------------------
# Issue 14, item 6: a deck's name, author, description, card comments and event fields are whatever a user
# typed. Written into an export they must come back as text, never as headers, cards or metadata: "Nice
# deck\nLibrary (90)\n40x Immortal Grapple" as a name once read back as 32/139 cards instead of 30/90.

BREAKS = ("\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
HOSTILE = {
    "card lines after a newline": "Nice deck\nLibrary (90)\n40x Immortal Grapple",
    **{
        f"card lines after {ascii(b)}": f"Nice deck{b}Crypt (12){b}12x Anson{b}Library (90){b}40x Immortal Grapple"
        for b in BREAKS
    },
    "a crypt header": "Crypt (12)",
    "a library header": "Library (90)",
    "a section header": "Combat (40)",
    "a card line": "40x Immortal Grapple",
    "a bare card name": "Immortal Grapple",
    "metadata": "Deck Name: X",
    "metadata on a second line": "x\nDeck Name: X\nAuthor: Y\nDescription: Z",
    "a comment": "-- comment",
    "a hash": "#",
    "a hashed header": "# Library (90)\n## Crypt (12)",
    "a slashed header": "// Library (90)\n//\n// 40x Immortal Grapple",
    "a backslashed header": "\\Library (90)\n\\\\40x Immortal Grapple",
    "a rule of dashes": "-" * 40 + "\nLibrary (90)\n" + "=" * 40,
    "the archive's crypt header": "Crypt (12 cards, min=17, max=30, avg=5.92)\n" + "-" * 42 + "\n12x Anson",
    "an archive header": "Grand Prix Lisbon 2025\nLisbon, Portugal\nMay 3rd 2025\n3R+F\n15 players\nJane Doe\n\n"
    "Deck Name: Other\nDescription: x\n\nCrypt (1 cards, min=1, max=1, avg=1)\n1x Anson",
    "a very long line": "Library (90) " + "x" * 20_000 + "\n40x Immortal Grapple " + "y" * 5_000,
    "a lone CR": "\r",
    "blank lines": "\n \n\t\n",
    "a CSV header": "x,count,id,name",
    "a JSON deck": '{"crypt": [], "library": [{"name": "Immortal Grapple", "count": 40}]}',
    "a Lackey file": '<deck version="0.8"><superzone name="Deck">',
    "a VDB link": "https://vdb.im/decks/deck#100001=40",
    "ELDB quotes": '"\n"40\n"Immortal Grapple"\n"',
    "a byte-order mark": "\ufeffLibrary (90)\n\ufeff40x Immortal Grapple",
    "control characters": "\x00\x01 bell\x07\x1f" + "\x01" * 500,
    # Text that looks like damaged mail is repaired before it is read (``mangled``); the repair must add no line.
    "quoted-printable line breaks": "x =3D a=C2=85Library (90)=C2=8540x Immortal Grapple",
    "quoted-printable soft breaks": "=3D =\n40x Immortal Grapple =\n",
    "quoted-printable letters": "Caf=E9s, score=89 points, =3D3D3D",
    "a hex start": "3D printing",  # "name=3D…" in a link
    "another hex start": "C9x",
    "mojibake line breaks": "DÃ³nal â€¨Library (90)â€¨40x Immortal Grapple\u00c2\u008540x Immortal Grapple",
    "mojibake spaces": "Â\u00a0Library (90)\nâ€ƒ40x Immortal Grapple",
}
# What each exporter writes of a deck's free text (fields missing here it does not write).
FREE_TEXT = {
    "json": ("name", "author", "description", "comment", "event"),
    "twd": ("name", "author", "description", "comment", "event"),
    "plain": ("name", "author", "description", "comment"),
    "eld": ("name", "author", "description"),
    "vdb-url": ("name", "author", "description"),
}
# Formats that hold any text exactly (JSON strings, URL encoding).
EXACT_TEXT = {"json", "vdb-url"}


def _words(text: str) -> str:
    return " ".join(text.split())


def _eld_one_line(text: str) -> str:
    return one_line(text).replace('"', "`").replace("'", "`")


# What the line formats give back of a text, as each documents it: (what is expected of the text written,
# how the text read back is compared). The archive's layout and the plain list keep a name, an author and a
# comment on one line (line breaks become spaces) and a description's lines (tidied as any description read:
# trailing spaces and runs of blank lines dropped); ELDB also turns double quotes into "'" or "`".
_SAME = (lambda text: text, lambda text: text)
_LINES = {
    "name": (one_line, _SAME[1]),
    "author": (one_line, _SAME[1]),
    "comment": (one_line, _SAME[1]),
    "description": (lambda text: join_description(text_lines(text)), _SAME[1]),
}
SHOWN_TEXT = {
    "twd": _LINES,
    "plain": _LINES,
    "eld": {
        "name": (_eld_one_line, _SAME[1]),
        "author": (_eld_one_line, _SAME[1]),
        "description": (lambda text: _words(" ".join(text_lines(text)).replace('"', "'")), _words),
    },
}


def hostile_deck(cards, field: str, value: str) -> Deck:
    """A legal 12/90 deck with ``value`` in ``field``."""
    deck = Deck(
        name="Grapple",
        author="Jane",
        description="Grapple them all.\n" * 80,  # past the first KB that detection reads
        event=Event(name="Hostile Open", place="Lisbon", date=datetime.date(2025, 5, 3), players=15, winner="Jane Doe"),
    )
    deck.add(cards.lookup("Anson"), 12)
    for name, count in (("Immortal Grapple", 40), ("Blood Doll", 30), ("Fame", 20)):
        deck.add(cards.lookup(name), count)
    if field == "comment":
        deck.comments[cards.lookup("Blood Doll").id] = value
    elif field == "event":
        deck.event = Event(
            name=value, place=value, date=datetime.date(2025, 5, 3), format=value, winner=value, url=value, score=value
        )
    else:
        setattr(deck, field, value)
    return deck


def text_of(deck: Deck, field: str, cards) -> object:
    if field == "comment":
        return deck.comments.get(cards.lookup("Blood Doll").id, "")
    if field == "event":
        return deck.event
    return getattr(deck, field)


def hostile_failures(cards, format: str, field: str) -> list[str]:
    failures = []
    exact = format in EXACT_TEXT and field in FREE_TEXT[format]
    shown = SHOWN_TEXT.get(format, {}).get(field)
    for label, value in HOSTILE.items():
        deck = hostile_deck(cards, field, value)
        text = decklist.export(deck, cards, format)
        for how, named in (("named", format), ("detected", None)):
            try:
                again = decklist.parse(text, cards, format=named)
            except decklist.DecklistError as exc:
                failures.append(f"{label} ({how}): refused as {decklist.detect(text)}: {exc}")
                continue
            if (again.crypt_count, again.library_count) != (12, 90) or not again.same_cards(deck):
                failures.append(f"{label} ({how}): {again.crypt_count}/{again.library_count} cards")
            elif again.unresolved:
                failures.append(f"{label} ({how}): unresolved {[u.text[:40] for u in again.unresolved]}")
            elif exact and text_of(again, field, cards) != text_of(deck, field, cards):
                failures.append(f"{label} ({how}): the {field} changed")
            elif shown and shown[1](text_of(again, field, cards)) != shown[0](value):
                failures.append(f"{label} ({how}): the {field} came back as {text_of(again, field, cards)[:60]!r}")
    return failures


@pytest.mark.parametrize(
    ("format", "field"),
    [(format, field) for format in EXPORTERS for field in ("name", "author", "description", "comment", "event")],
)
def test_free_text_cannot_smuggle_cards(cards, format, field):
    failures = hostile_failures(cards, format, field)
    assert failures == [], f"{format}, hostile {field}: {len(failures)} of {2 * len(HOSTILE)} failed: {failures[:6]}"
