"""A printing's code, read in one place (``printings.read_code``): every precon a printing came in, each with its own
copies and its name from the card data, as the card pages, the API and the collection all show them."""

from __future__ import annotations

import pytest

from vtesdeck.core import collection, printings
from vtesdeck.core.printings import PreconCopies, read_code


def precons(abbrev: str, code: str) -> list[tuple[str, int, str]]:
    return [(p.code, p.copies, p.name) for p in read_code(abbrev, code).precons]


# Govern the Unaligned's printings, as the newcomer met them on its page ("Tr, 12 copies" for three precons).
@pytest.mark.parametrize(
    ("abbrev", "code", "expected"),
    [
        ("V5", "PL7/PM12/PTr12", [("PL", 7, "Lasombra"), ("PM", 12, "Malkavian"), ("PTr", 12, "Tremere")]),
        ("SW", "PL2/PV", [("PL", 2, "Lasombra"), ("PV", 1, "Ventrue antitribu")]),
        ("HttB", "PKia6/PSal4", [("PKia", 6, "Kiasyd"), ("PSal", 4, "Salubri antitribu")]),
        ("Third", "PTr5/SKTr3", [("PTr", 5, "Tremere antitribu"), ("SKTr", 3, "Starter Kit Tremere antitribu")]),
    ],
)
def test_a_printing_in_several_precons_lists_each_with_its_own_copies(abbrev, code, expected):
    reading = read_code(abbrev, code)
    assert precons(abbrev, code) == expected
    assert reading.rarity == ""  # "SKTr3" is a starter kit, not a rarity
    assert reading.copies is None  # no one count stands for several precons


@pytest.mark.parametrize(
    ("abbrev", "code", "rarity", "copies", "expected"),
    [
        ("CE", "PTo3", "", 3, [("PTo", 3, "Toreador")]),
        ("FN", "C/PA", "C", 1, [("PA", 1, "Assamite")]),  # a bare code is one copy
        ("Third", "SKTr3", "", 3, [("SKTr", 3, "Starter Kit Tremere antitribu")]),
        ("SP", "DoF3", "", 3, [("DoF", 3, "Den of Fiends")]),  # coded without its P
        ("SP", "PwN2", "", 2, [("PwN", 2, "Pact with Nephandi")]),
        ("Jyhad", "U2", "U2", None, []),
        ("EK", "C½", "C½", None, []),
        ("25th", "7", "", 7, []),
        ("KoT", "A2", "A2", None, []),  # a reprint bundle is no precon
        ("POD", "DTC", "DTC", None, []),
    ],
)
def test_a_code_reads_as_rarity_precons_and_copies(abbrev, code, rarity, copies, expected):
    reading = read_code(abbrev, code)
    assert (reading.rarity, reading.copies, precons(abbrev, code)) == (rarity, copies, expected)


def test_the_card_list_and_the_collection_read_the_same_precons(cards):
    govern = cards.lookup("Govern the Unaligned")
    v5 = next(p for p in govern.printings if p.set == "V5")
    assert (v5.rarity, v5.precon, v5.copies) == ("", "L/M/Tr", None)
    third = next(p for p in govern.printings if p.set == "Third")
    assert (third.rarity, third.precon) == ("", "Tr/SKTr")
    decks = collection.precons(cards)
    for key, copies in {"V5:PL": 7, "V5:PM": 12, "V5:PTr": 12, "SW:PV": 1, "Third:SKTr": 3, "HttB:PKia": 6}.items():
        assert decks[key].cards[govern.id] == copies, key
    assert (decks["V5:PM"].name, decks["Third:SKTr"].name) == ("Malkavian", "Starter Kit Tremere antitribu")


def test_no_printing_keeps_a_precon_as_its_rarity(cards):
    for card in cards:
        for printing in card.printings:
            assert not printing.rarity.startswith(("P", "SK")), (card.name, printing)


def test_the_sabbat_preconstructed_decks_are_all_whole(cards):
    decks = collection.precons(cards)
    for code in ("PwN", "PoS", "DoF", "LB"):
        deck = decks[f"SP:{code}"]
        crypt = sum(n for card_id, n in deck.cards.items() if cards[card_id].is_crypt)
        assert (crypt, deck.size - crypt) == (12, 77), code


def test_precon_names_come_from_the_krcg_wheel():
    names = printings.product_names()
    assert names["V5"]["PM"] == "Malkavian"
    assert names["Third"]["SKB"] == "Starter Kit Brujah antitribu"
    assert "X" not in names.get("BSC", {})  # an empty name is no name


def test_without_names_a_precon_is_known_by_its_code(monkeypatch):
    monkeypatch.setattr(printings, "product_names", dict)
    assert read_code("V5", "PM12").precons == (PreconCopies(code="PM", copies=12),)


@pytest.mark.parametrize("source", ["", "_RARITY_PRECON_CODES = None", "def broken(:"])
def test_an_unreadable_names_table_is_refused(source):
    with pytest.raises((ValueError, SyntaxError)):
        printings._names_table(source)
