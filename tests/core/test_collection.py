"""The collection's core: precons read from the official card data's Set column, collection files in and out,
and what a deck misses (with the mixed printings a sleeve must hide)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from vtesdeck.core import collection
from vtesdeck.core.carddb import CRYPT_CSV, LIBRARY_CSV


def _raw_precon_copies(bundled_files, set_abbrev: str, code: str) -> tuple[int, int]:
    """(crypt, library) copies of a precon, read straight from the CSVs' Set column: "Third:PB2/SKB1"."""
    pattern = re.compile(rf"(?:^|/){re.escape(code)}(\d*)$")
    found = []
    for name in (CRYPT_CSV, LIBRARY_CSV):
        total = 0
        for row in csv.DictReader(io.StringIO(bundled_files[name].decode("utf-8-sig"))):
            for printing in row["Set"].split(","):
                abbrev, _colon, codes = printing.strip().partition(":")
                if abbrev != set_abbrev:
                    continue
                for piece in codes.split("/"):
                    if match := pattern.search(piece):
                        total += int(match[1] or 1)
        found.append(total)
    return found[0], found[1]


def test_the_third_edition_brujah_starter_kit_is_its_own_deck(cards, bundled_files):
    precons = collection.precons(cards)
    kit, precon = precons["Third:SKB"], precons["Third:PB"]
    assert kit.starter_kit and not precon.starter_kit
    crypt = sum(n for i, n in kit.cards.items() if cards[i].is_crypt)
    library = sum(n for i, n in kit.cards.items() if not cards[i].is_crypt)
    assert (crypt, library) == _raw_precon_copies(bundled_files, "Third", "SKB")
    # A starter kit: 6 vampires and 44 library cards, half of the 12 + 77 of the Brujah precon beside it.
    assert (crypt, library) == (6, 44)
    assert precon.size == 12 + 77


def test_one_printing_can_belong_to_four_decks():
    assert collection.precon_pieces("PTr5/PTz2/SKTr4/SKTz2") == [("PTr", 5), ("PTz", 2), ("SKTr", 4), ("SKTz", 2)]
    assert collection.precon_pieces("C/PTo3") == [("PTo", 3)]
    assert collection.precon_pieces("PTz/SKTz") == [("PTz", 1), ("SKTz", 1)]
    assert collection.precon_pieces("U2") == []
    # A bare code is one copy, the Anarch (PA) and Gangrel (PG) precons' as any other's ("C/PA" beside "PA2").
    assert collection.precon_pieces("C/PA") == [("PA", 1)] and collection.precon_pieces("R/PG") == [("PG", 1)]
    assert collection.precon_pieces("PAG/PG2") == [("PAG", 1), ("PG", 2)]


def test_every_precon_of_the_camarilla_edition_is_a_full_deck(cards):
    ce = {key: p for key, p in collection.precons(cards).items() if p.set == "CE"}
    assert set(ce) == {"CE:PB", "CE:PM", "CE:PN", "CE:PTo", "CE:PTr", "CE:PV"}
    for precon in ce.values():
        assert sum(n for i, n in precon.cards.items() if cards[i].is_crypt) == 12
        assert sum(n for i, n in precon.cards.items() if not cards[i].is_crypt) == 77


def _crypt_and_library(cards, precon) -> tuple[int, int]:
    crypt = sum(n for i, n in precon.cards.items() if cards[i].is_crypt)
    return crypt, precon.size - crypt


@pytest.mark.parametrize("key", ["Anarchs:PG", "FN:PA", "FN:PG", "KMW:PG", "LotN:PA", "LotN:PG", "LoB:PA", "LoB:PG"])
def test_the_anarch_and_gangrel_precons_are_whole(cards, bundled_files, key):
    # Their one-copy cards are coded a bare "PA"/"PG" ("C/PA"), the others "PA2", "PG3"...: all are in the deck.
    abbrev, code = key.split(":")
    precon = collection.precons(cards)[key]
    assert _crypt_and_library(cards, precon) == _raw_precon_copies(bundled_files, abbrev, code) == (12, 77)


def test_every_precon_is_a_deck_one_can_play(cards):
    # Full precons are 12 vampires and 77 library cards; First Blood, New Blood and the Third Edition starter
    # kits are half decks (5 or 6 vampires, 40 to 49 library cards); nothing in between.
    for key, precon in collection.precons(cards).items():
        crypt, library = _crypt_and_library(cards, precon)
        full = (crypt, library) == (12, 77)
        half = 5 <= crypt <= 6 and 40 <= library <= 49
        assert full or (half and (precon.starter_kit or precon.set in {"FB", "NB", "NB2", "NB3"})), key


# --- files ---------------------------------------------------------------------------------------


def _id(cards, name: str) -> int:
    card = cards.lookup(name)
    assert card is not None
    return card.id


def test_vdb_inventory_csv_reads_and_writes_quantity_and_card_id(cards):
    rush, anson = _id(cards, "Bum's Rush"), _id(cards, "Anson")
    lines = collection.read(f"Quantity,Card ID\n3,{rush}\n1,{anson}\n".encode(), cards, "vdb-csv")
    assert collection.totals_of(lines) == {rush: 3, anson: 1}
    written = collection.export(lines, cards, "vdb-csv")
    assert written.splitlines()[0] == "Quantity,Card ID"
    assert collection.totals_of(collection.read(written, cards)) == {rush: 3, anson: 1}


def test_lackey_text_is_read_by_the_decklist_reader(cards):
    rush, anson = _id(cards, "Bum's Rush"), _id(cards, "Anson")
    lines = collection.read("3\tBum's Rush\nCrypt:\n2\tAnson\n", cards)
    assert collection.totals_of(lines) == {rush: 3, anson: 2}
    written = collection.export(lines, cards, "lackey")
    assert "3\tBum's Rush" in written
    assert collection.totals_of(collection.read(written, cards, "lackey")) == {rush: 3, anson: 2}


@pytest.mark.parametrize("format", ["json", "csv"])
def test_our_formats_keep_printing_language_and_note(cards, format):
    rush = _id(cards, "Bum's Rush")
    lines = [
        collection.Line(card_id=rush, count=2, set="Third", language="de", note="played, Sammlung"),
        collection.Line(card_id=rush, count=1, set="V5", language="en"),
    ]
    assert collection.read(collection.export(lines, cards, format), cards) == lines


@pytest.mark.parametrize(
    ("data", "format", "code", "line"),
    [
        ("Quantity,Card ID\n3,100266\n2,Nobody At All\n", "vdb-csv", "unknown_card", 3),
        ('{"cards": [{"id": 100266, "count": 0}]}', "json", "bad_count", 1),
        ('{"cards": [{"id": 1, "count": 2}]}', "json", "unknown_card", 1),
        ('{"cards": 3}', "json", "json_shape", 0),
        ("{not json", "json", "bad_json", 0),
        ("count,card_id\n2,100266,x\nfive,100266\n", "csv", "bad_count", 3),
        ("id;name\n", "csv", "csv_header", 0),
        (b"\x89PNG\r\n\x1a\n\x00\x00", None, "unreadable", 0),
        ("   \n", None, "unreadable", 0),
    ],
)
def test_a_bad_file_is_refused_whole_with_the_line_at_fault(cards, data, format, code, line):
    with pytest.raises(collection.CollectionFileError) as caught:
        collection.read(data, cards, format)
    assert (caught.value.code, caught.value.line) == (code, line)


def test_json_exports_the_format_name_and_card_names(cards):
    rush = _id(cards, "Bum's Rush")
    data = json.loads(collection.export([collection.Line(card_id=rush, count=1)], cards, "json"))
    assert data["format"] == collection.JSON_FORMAT
    assert data["cards"][0]["name"] == "Bum's Rush"


# --- what a deck misses --------------------------------------------------------------------------


def test_a_deck_misses_what_fixed_decks_hold():
    rows = collection.missing({1: 4, 2: 2}, owned={1: 5, 2: 2}, held={1: 3})
    by_card = {row.card_id: row for row in rows}
    assert (by_card[1].have, by_card[1].missing) == (2, 2)
    assert (by_card[2].have, by_card[2].missing) == (2, 0)


def test_copies_from_two_printings_are_mixed_only_when_one_printing_is_not_enough():
    holdings = [
        collection.Holding(card_id=1, set="Third", count=3),
        collection.Holding(card_id=1, set="V5", count=2),
        collection.Holding(card_id=2, set="Third", count=4),
        collection.Holding(card_id=2, set="V5", count=4),
        collection.Holding(card_id=3, set="", count=4),
        collection.Holding(card_id=3, set="Jyhad", count=1),
    ]
    mixed = collection.assign_printings({1: 4, 2: 4, 3: 4}, holdings)
    assert mixed == {1: [("Third", 3), ("V5", 1)]}  # 2: four V5 or Third copies; 3: unknown printings aside


def test_owned_copies_count_up_to_what_the_deck_plays():
    assert collection.owned_copies({1: 4, 2: 6, 3: 2}, {1: 10, 2: 3}) == 4 + 3 + 0
