"""Input that is no decklist, or a hostile one, is refused with a sentence for the user, in bounded memory
(and never hangs): empty and binary uploads, huge texts, odd encodings, absurd counts, and zip archives that are
bombs, damaged, crowded or nested."""

from __future__ import annotations

import codecs
import contextlib
import io
import random
import struct
import time
import tracemalloc
import zipfile
import zlib

import pytest

from vtesdeck.core import decklist
from vtesdeck.core.decklist import DecklistError
from vtesdeck.core.decklist import archive as archives
from vtesdeck.core.decklist.archive import is_zip, read_archive

# What refusing a hostile input may cost. Memory, counted by tracemalloc, is the same on any machine: far
# below what reading these inputs in full would take (a gigabyte for the zip bombs, a trillion entries for
# the counts). Time is bounded only so that a runaway loop fails the test rather than hanging it: this is no
# speed test (bench/ measures speed), and a loaded machine must never fail it.
MAX_MEMORY = 64 * 1024 * 1024
HANG_SECONDS = 120


@contextlib.contextmanager
def bounded():
    tracemalloc.start()
    started = time.monotonic()
    try:
        yield
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MAX_MEMORY, f"{peak:,} bytes allocated at the peak"
    assert time.monotonic() - started < HANG_SECONDS


def refused(source, cards, match: str, **options) -> DecklistError:
    with bounded(), pytest.raises(DecklistError, match=match) as caught:
        decklist.parse(source, cards, **options)
    return caught.value


# --- texts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("source", [b"", "", b"   \n\t \r\n  ", "\ufeff\n\n"])
def test_an_empty_or_blank_upload_is_refused(cards, source):
    refused(source, cards, "empty")


def test_an_image_is_not_a_decklist(cards):
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)) * 40
    refused(png, cards, "not a text file")


def test_a_zip_pasted_as_a_decklist_is_binary(cards):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("deck.txt", "2x Fame\n" * 50)
    refused(buffer.getvalue(), cards, "not a text file")


def test_ten_megabytes_of_text_are_refused_unread(cards):
    refused(b"2x Fame\n" * (10_000_000 // 8), cards, "too large")
    refused("2x Fame\n" * (10_000_000 // 8), cards, "too large")


def test_a_hundred_thousand_lines_are_refused(cards):
    refused("\n".join(["1,100001"] * 100_000), cards, "more than 20,000 lines")


def test_windows_1252_bytes_are_read_as_such(cards):
    # "Dónal O’Connor" as an old Windows tool saves it: ó is 0xF3 and the curly apostrophe 0x92.
    deck = decklist.parse(b"Quantity,Card Name\r\n2,D\xf3nal O\x92Connor\r\n", cards)
    # A bare name two groups share means the earliest printing (no crypt, no date to say otherwise).
    assert deck.crypt == {cards.lookup("Dónal O'Connor (G2)").id: 2}
    assert deck.unresolved == []


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_with_a_byte_order_mark_is_read(cards, encoding):
    bom = codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE
    text = "Quantity,Card Name\n2,Dónal O'Connor\n3,Fame\n"
    deck = decklist.parse(bom + text.encode(encoding), cards)
    assert (deck.crypt, deck.library) == ({cards.lookup("Dónal O'Connor (G2)").id: 2}, {cards.lookup("Fame").id: 3})


def test_utf16_that_breaks_off_is_refused(cards):
    refused(codecs.BOM_UTF16_LE + "2,Fame\n".encode("utf-16-le") + b"\x00\xd8", cards, "not valid UTF-16")


@pytest.mark.parametrize(
    "template, format",
    [
        ("count,id\n1000000000000,{fame}\n", "csv"),
        ('{{"library": [{{"id": {fame}, "count": 1000000000000}}]}}', "json"),
        ("#{fame}=1000000000000", "vdb-url"),
        ('"Deck"\n"Me"\n""\n0\n1\n"Fame",1000000000000\n', "eld"),
    ],
)
def test_a_trillion_copies_are_kept_as_an_impossible_count(cards, template, format):
    fame = cards.lookup("Fame").id
    with bounded():
        deck = decklist.parse(template.format(fame=fame), cards)
    assert deck.source_format == format
    assert deck.library == {}
    [line] = deck.unresolved
    assert (line.reason, line.count) == ("count", 10**12)


def test_copies_beyond_what_any_deck_holds_stop_counting(cards):
    fame = cards.lookup("Fame").id
    deck = decklist.parse("count,id\n" + f"10000,{fame}\n" * 15, cards)
    assert deck.library == {fame: 100_000}
    assert [u.reason for u in deck.unresolved] == ["count"] * 5


def test_an_unknown_format_name_is_refused(cards):
    error = refused("2x Fame\n", cards, "Unknown decklist format 'mtga'", format="mtga")
    assert "json" in str(error)  # the message lists what is known


def test_writing_to_an_unknown_format_is_refused(cards):
    with pytest.raises(DecklistError, match="Cannot export to 'pdf'"):
        decklist.export(decklist.parse("count,id\n1,100001\n", cards), cards, "pdf")


# --- zip archives --------------------------------------------------------------------------------


def make_zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def deflated_zip(name: str, raw: bytes, crc: int, size: int, *, declared_size: int | None = None) -> bytes:
    """A one-member zip around an already deflated stream, written by hand so a test can build a gigabyte
    member without spending seconds compressing it, and state whatever size it likes in the headers."""
    declared = size if declared_size is None else declared_size
    encoded = name.encode()
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(raw), declared, len(encoded), 0)
    central = struct.pack(
        "<IHHHHHHIIIHHHHHII",
        0x02014B50,
        20,
        20,
        0,
        8,
        0,
        0x21,
        crc,
        len(raw),
        declared,
        len(encoded),
        0,
        0,
        0,
        0,
        0,
        0,
    )
    directory_at = len(local) + len(encoded) + len(raw)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central) + len(encoded), directory_at, 0)
    return local + encoded + raw + central + encoded + end


@pytest.fixture(scope="module")
def gigabyte_of_zeros() -> tuple[bytes, int]:
    """A raw deflate stream of 1 GiB of zero bytes (about 1 MB) and its CRC: the classic zip bomb.

    Built from one fully flushed megabyte block repeated (each block stands alone after a full flush),
    so the test pays for one megabyte of compression, not a gigabyte."""
    megabyte = bytes(1 << 20)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(megabyte) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(1024):
        crc = zlib.crc32(megabyte, crc)
    return block * 1024 + compressor.flush(), crc


def refused_archive(data: bytes, match: str, **limits) -> DecklistError:
    with bounded(), pytest.raises(DecklistError, match=match) as caught:
        read_archive(data, **limits)
    return caught.value


def test_a_zip_of_decklists_gives_each_file_and_skips_what_no_one_wrote():
    data = make_zip(
        {
            "decks/": b"",
            "decks/anson.txt": b"12x Anson\n",
            "decks/tupdog.txt": b"24x Tupdog\n",
            "__MACOSX/decks/._anson.txt": b"\x00\x05\x16\x07",
            "decks/.DS_Store": b"\x00\x00\x00\x01Bud1",
            "decks/Thumbs.db": b"\xd0\xcf\x11\xe0",
        }
    )
    assert is_zip(data) and not is_zip(b"12x Anson\n")
    assert read_archive(data) == [("decks/anson.txt", b"12x Anson\n"), ("decks/tupdog.txt", b"24x Tupdog\n")]


def test_a_gigabyte_bomb_is_refused_from_its_header(gigabyte_of_zeros):
    raw, crc = gigabyte_of_zeros
    bomb = deflated_zip("deck.txt", raw, crc, 1 << 30)
    assert len(bomb) < 2_000_000
    refused_archive(bomb, r"deck\.txt unpacks to 1,073,741,824 bytes")


def test_a_bomb_whose_header_lies_is_cut_off_where_the_header_says(gigabyte_of_zeros):
    raw, crc = gigabyte_of_zeros
    # The header says 1,000 bytes: reading stops there, finds the checksum wrong, and we say so.
    refused_archive(deflated_zip("deck.txt", raw, crc, 1 << 30, declared_size=1000), "damaged")


def test_a_bomb_past_the_header_checks_is_stopped_while_it_inflates(gigabyte_of_zeros, monkeypatch):
    # The header checks come first and catch every bomb zipfile would inflate; this switches them (and the
    # declared total) off to show the second line of defence alone: bytes are counted as they come, and
    # reading stops early.
    monkeypatch.setattr(archives, "_check_declared", lambda info, max_member: None)
    raw, crc = gigabyte_of_zeros
    # A 10 KB slice of the stream (some 10 MB of zeros): a hundredfold is reached after 1 MB.
    slice_bomb = deflated_zip("deck.txt", raw[:10_000], crc, 1 << 30)
    refused_archive(slice_bomb, "inflates more than 100 times over", max_total=1 << 31)
    bomb = deflated_zip("deck.txt", raw, crc, 1 << 30)
    refused_archive(bomb, "more than 1,000,000 bytes", max_member=1_000_000, max_total=1 << 31)


def test_a_member_compressed_a_thousand_times_over_is_refused():
    refused_archive(make_zip({"deck.txt": bytes(1_500_000)}), "compressed .* times over")


def test_members_past_the_total_are_refused():
    # Hex digits deflate about twofold: the zip stays under the limit, its unpacked members do not.
    noise = random.Random(4).randbytes
    members = {f"deck{i}.txt": noise(450_000).hex().encode() for i in range(3)}
    refused_archive(make_zip(members), "more than 2,000,000 bytes", max_total=2_000_000)


def test_too_many_members_are_refused():
    refused_archive(make_zip({f"deck{i}.txt": b"2x Fame\n" for i in range(501)}), "holds 501 files")


def test_a_crowd_of_entries_is_refused_before_zipfile_reads_them():
    data = make_zip({f"d/{i}/": b"" for i in range(2_100)})
    refused_archive(data, "holds 2,100 entries")


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # cut in the middle: no central directory
        lambda data: b"PK\x03\x04" + bytes(200),  # a zip signature and nothing after it
        lambda data: data.replace(b"Fame", b"Fane"),  # stored member altered: wrong checksum
    ],
)
def test_a_damaged_zip_is_refused(damage):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("deck.txt", b"2x Fame\n" * 20)
    refused_archive(damage(buffer.getvalue()), "damaged")


def test_an_archive_inside_the_archive_is_refused_unopened():
    inner = make_zip({"deck.txt": b"2x Fame\n"})
    refused_archive(make_zip({"more_decks.zip": inner}), r"another archive \(more_decks\.zip\)")
    refused_archive(make_zip({"deck.txt": inner}), r"another archive \(deck\.txt\)")


def test_a_zip_of_nothing_is_refused():
    refused_archive(make_zip({"decks/": b"", "__MACOSX/._x": b"x"}), "holds no files")


@pytest.mark.parametrize(
    "text",
    [
        '{"cards": [{"id": "²", "count": 1}]}',  # superscript two: a digit to str.isdigit(), not to int()
        '{"crypt": [{"id": "١٢", "count": "³"}], "library": []}',  # Arabic-Indic digits, a superscript count
        '{"name": "x", "comments": {"²": "a note"}}',
        '{"cards": [{"id": "' + "9" * 5000 + '", "count": 1}]}',  # beyond int()'s 4,300 digits
    ],
)
def test_digits_that_are_not_ascii_name_no_card_and_raise_nothing(cards, text):
    deck = decklist.parse(text, cards)
    assert not deck.crypt and not deck.library and not deck.comments
