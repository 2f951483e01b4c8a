"""Fuzzing the decklist parser and the validator (hypothesis): whatever a user pastes or uploads, the
parser answers a deck or a ``DecklistError`` (a sentence for them), never another exception; what it
answers is a deck the rest of the site can trust (known cards in their own part, whole positive counts);
and the validator judges any such deck without failing.

Inputs: arbitrary text, arbitrary bytes, texts encoded every way the parser reads (UTF-8 with and without
a byte order mark, UTF-16 with one, Windows-1252), and real archive decklists mutated line by line.
Reproducible (``derandomize``) and modest: a few seconds per property on the CI machine.
"""

from __future__ import annotations

import codecs
import datetime
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist import DecklistError
from vtesdeck.core.validate import RULESETS, validate

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)
# Archive files the mutations start from: spread over the archive, every layout it holds.
ARCHIVE_SAMPLE = 40
WRITABLE = [name for name, fmt in decklist.FORMATS.items() if fmt.export is not None]

# Lines a decklist is made of, so that generated text reaches the parsers' deeper branches.
DECKLIST_LINES = [
    "Crypt (12 cards, min=20, max=40, avg=7.5)",
    "Library (90 cards)",
    "Master (18; 3 trifle)",
    "Action (12)",
    "12x Tupdog",
    "3 Govern the Unaligned",
    "1x Blood Doll -- a comment",
    "2x Alan Sovereign (ADV)",
    "Deck Name: Rock",
    "Author: someone",
    "Description:",
    "Event: Test",
    "Date: May 3rd 2024",
    "Players: 14",
    "Winner: X",
    "-- 4GW9 + 3 in final",
    "",
    "    ",
    "\t",
    "x",
    "0x Dive Bomb",
    "-1x Dive Bomb",
    "999999999999x Dive Bomb",
    "Crypt:",
    "Library:",
    "3x",
    "x3 Deflection",
    "Deflection x3",
    "1,Deflection,,",
    '{"crypt": [], "library": []}',
    "https://vdb.im/decks/deck?#100845=4",
    "<deck>",
    "[12] Tupdog",
]


def known_cards_only(deck: Deck, cards) -> None:
    """The invariants every parsed deck keeps: crypt cards in the crypt, library cards in the library, each
    with a whole, non-negative count; unknown lines kept as text with their line number; all of it JSON."""
    for part, is_crypt in ((deck.crypt, True), (deck.library, False)):
        for card_id, count in part.items():
            assert card_id in cards, card_id
            assert cards[card_id].is_crypt is is_crypt
            assert isinstance(count, int) and not isinstance(count, bool) and count >= 0
    assert deck.crypt_count >= 0 and deck.library_count >= 0
    for line in deck.unresolved:
        # The count as written ("-5 Deflection, +5 …" in a header's prose): reported, never counted.
        assert isinstance(line.text, str) and line.line >= 0 and isinstance(line.count, int)
    json.dumps(deck.to_dict(with_origin=False))


def parse_or_refuse(source, cards, **options):
    """The deck, or None when the parser refused it with its own error (any other exception fails)."""
    try:
        deck = decklist.parse(source, cards, **options)
    except DecklistError as exc:
        assert str(exc).strip(), "a refusal says why"
        return None
    known_cards_only(deck, cards)
    return deck


def judged(deck, cards, **options):
    """The validator's report on any parsed deck: serialisable, counting what the deck holds, legal
    exactly when it names no error."""
    report = validate(deck, cards, **options)
    data = report.to_dict()
    json.dumps(data)
    assert data["crypt_count"] == deck.crypt_count and data["library_count"] == deck.library_count
    assert data["legal"] is (not data["errors"])
    return report


decklist_text = st.lists(st.one_of(st.sampled_from(DECKLIST_LINES), st.text(max_size=40)), max_size=40).map("\n".join)


@pytest.fixture(scope="module")
def archive_texts() -> list[bytes]:
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    files = sorted(TWDA.glob("*.txt"))
    step = max(1, len(files) // ARCHIVE_SAMPLE)
    return [path.read_bytes() for path in files[::step][:ARCHIVE_SAMPLE]]


# --- arbitrary input ------------------------------------------------------------------------------


@FUZZ
@given(text=st.text(max_size=2000))
def test_any_text_is_a_deck_or_a_refusal(cards, text):
    parse_or_refuse(text, cards)


@FUZZ
@given(text=decklist_text)
def test_any_text_made_of_decklist_lines_is_a_deck_or_a_refusal_and_is_judged(cards, text):
    deck = parse_or_refuse(text, cards)
    if deck is not None:
        judged(deck, cards)


@FUZZ
@given(data=st.binary(max_size=2000))
def test_any_bytes_are_a_deck_or_a_refusal(cards, data):
    parse_or_refuse(data, cards)


@FUZZ
@given(text=decklist_text, format=st.sampled_from(sorted(decklist.FORMATS)))
def test_any_text_read_as_any_named_format_is_a_deck_or_a_refusal(cards, text, format):
    parse_or_refuse(text, cards, format=format)


# --- encodings ------------------------------------------------------------------------------------

ENCODINGS = {
    "utf-8": lambda text: text.encode("utf-8"),
    "utf-8 with a byte order mark": lambda text: codecs.BOM_UTF8 + text.encode("utf-8"),
    "utf-16-le with a byte order mark": lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
    "utf-16-be with a byte order mark": lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
}


@FUZZ
@given(text=decklist_text, encoding=st.sampled_from(sorted(ENCODINGS)))
def test_a_text_reads_the_same_in_every_unicode_encoding_the_parser_accepts(cards, text, encoding):
    assume("\x00" not in text and not text.startswith("\ufeff"))
    as_text = parse_or_refuse(text, cards)
    as_bytes = parse_or_refuse(ENCODINGS[encoding](text), cards)
    assert (as_text is None) == (as_bytes is None)
    if as_text is not None:
        assert as_bytes.same_cards(as_text)
        assert [u.text for u in as_bytes.unresolved] == [u.text for u in as_text.unresolved]


@FUZZ
@given(text=decklist_text)
def test_windows_1252_bytes_are_a_deck_or_a_refusal(cards, text):
    data = text.encode("cp1252", errors="replace")
    deck = parse_or_refuse(data, cards)
    if deck is not None and not _is_utf8(data):
        # Not UTF-8, so read as Windows-1252: the same deck as the text those bytes spell there.
        again = parse_or_refuse(data.decode("cp1252", errors="replace"), cards)
        assert again is not None and again.same_cards(deck)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# --- real decklists, damaged ----------------------------------------------------------------------


@st.composite
def mutated(draw, texts: list[bytes]) -> bytes:
    """An archive decklist with a few lines deleted, repeated, swapped, cut, or overwritten."""
    lines = draw(st.sampled_from(texts)).split(b"\n")
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        kind = draw(st.sampled_from(["delete", "repeat", "swap", "cut", "overwrite", "insert", "digits"]))
        if not lines:
            lines = [b""]
        if kind == "delete" and len(lines) > 1:
            del lines[at]
        elif kind == "repeat":
            lines.insert(at, lines[at])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "cut":
            lines[at] = lines[at][: draw(st.integers(0, len(lines[at])))]
        elif kind == "overwrite":
            lines[at] = draw(st.binary(max_size=30))
        elif kind == "insert":
            lines.insert(at, draw(st.sampled_from(DECKLIST_LINES)).encode())
        else:
            digits = draw(st.sampled_from([b"0", b"-3", b"99", b"4294967296", b"1e9", b"\xef\xbc\x93"]))
            lines[at] = digits + b"x " + lines[at].lstrip(b"0123456789x ")
    return b"\n".join(lines)


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_damaged_archive_decklists_are_decks_or_refusals_and_are_judged(cards, archive_texts, data):
    source = data.draw(mutated(archive_texts))
    deck = parse_or_refuse(source, cards)
    if deck is not None:
        judged(deck, cards, as_of="deck")


@settings(FUZZ, max_examples=100)
@given(data=st.data(), format=st.sampled_from(WRITABLE))
def test_a_damaged_archive_decklist_keeps_its_cards_through_every_format(cards, archive_texts, data, format):
    deck = parse_or_refuse(data.draw(mutated(archive_texts)), cards)
    assume(deck is not None and (deck.crypt or deck.library))
    deck.crypt = {i: n for i, n in deck.crypt.items() if n > 0}
    deck.library = {i: n for i, n in deck.library.items() if n > 0}
    written = decklist.export(deck, cards, format)
    again = parse_or_refuse(written, cards, format=format)
    assert again is not None and again.same_cards(deck), written[:2000]


# --- the validator's own options ------------------------------------------------------------------


@FUZZ
@given(
    data=st.data(),
    ruleset=st.one_of(st.sampled_from(sorted(RULESETS)), st.text(max_size=10)),
    as_of=st.one_of(st.none(), st.dates(), st.just("deck"), st.text(max_size=12)),
    players=st.one_of(st.none(), st.integers(-5, 200), st.booleans()),
)
def test_the_validator_takes_any_options_or_refuses_them_with_value_error(
    cards, archive_texts, data, ruleset, as_of, players
):
    deck = decklist.parse(data.draw(st.sampled_from(archive_texts)), cards)
    try:
        report = judged(deck, cards, ruleset=ruleset, as_of=as_of, players=players)
    except ValueError as exc:
        assert str(exc).strip()
        return
    assert isinstance(report.as_of, datetime.date)
