"""The official card list read into core cards: every field a deck builder or the rules engine needs,
structured (not left in text)."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest

from vtesdeck.core import carddb
from vtesdeck.core.domain import Card, DisciplineRequirement


def test_it_reads_the_whole_bundled_list(cards):
    assert sum(c.is_crypt for c in cards) == 1785
    assert sum(not c.is_crypt for c in cards) == 2364


def test_it_splits_multi_type_cards(cards):
    assert cards.lookup("Absolute Tyranny").types == ("Action Modifier", "Reaction")
    assert cards.lookup("Abandoning the Flesh").types == ("Combat", "Reaction")


def test_it_tells_advanced_vampires_from_their_base(cards):
    advanced = cards.lookup("Alan Sovereign (ADV)")
    base = cards.lookup("Alan Sovereign")
    assert advanced.advanced and not base.advanced
    assert advanced.base_id == base.id
    assert advanced.unique_name == "Alan Sovereign (ADV)"
    assert base.unique_name == "Alan Sovereign"


def test_it_names_vampires_that_span_groups(cards):
    versions = {c.unique_name: c.group for c in cards.find("Victoria Ash")}
    assert versions == {"Victoria Ash (G2)": "2", "Victoria Ash (G7)": "7"}
    assert cards.lookup("Victoria Ash (G2)").group == "2"
    # A bare name means the base version, newest group first; the parser narrows it by group.
    assert cards.lookup("Victoria Ash").group == "7"


def test_it_reads_any_group_vampires(cards):
    convert = cards.lookup("Anarch Convert")
    assert convert.group == "ANY"
    assert convert.disciplines == ()  # "-none-" in the CSV
    assert convert.sect == "Anarch"


def test_it_reads_imbued_virtues_and_conviction(cards):
    imbued = cards.lookup('Anna "Dictatrix11" Suljic')
    assert imbued.is_imbued
    assert {d.name for d in imbued.disciplines} == {"Martyrdom", "Redemption", "Vision"}
    assert all(d.is_virtue for d in imbued.disciplines)
    assert cards.lookup("Determine").conviction_cost.value == 1


def test_it_reads_disciplines_with_their_level(cards):
    aaradhya = cards.lookup("Aaradhya, The Callous Tyrant")
    assert aaradhya.has_discipline("dom", superior=True)
    assert {str(d) for d in aaradhya.disciplines} == {"ANI", "DOM", "FOR", "POT", "PRE"}
    germaine = cards.lookup("Count Germaine")
    assert germaine.has_discipline("obf") and not germaine.has_discipline("obf", superior=True)


def test_it_keeps_x_costs_apart_from_numbers(cards):
    bounty = cards.lookup("Bounty")
    assert bounty.pool_cost.is_x and str(bounty.pool_cost) == "X"
    assert cards.lookup("Awe").blood_cost.is_x
    assert cards.lookup(".44 Magnum").pool_cost.value == 2
    assert cards.lookup(".44 Magnum").blood_cost is None


def test_it_reads_discipline_requirements_all_and_any(cards):
    tyranny = cards.lookup("Absolute Tyranny").discipline_requirement
    assert tyranny == DisciplineRequirement(mode=DisciplineRequirement.Mode.ALL, codes=("pot", "pre"))
    adhocracy = cards.lookup("Adhocracy").discipline_requirement
    assert adhocracy.mode is DisciplineRequirement.Mode.ANY and set(adhocracy.codes) == {"ani", "chi", "pot"}


def test_it_reads_clan_title_sect_and_capacity_requirements(cards):
    bamba = cards.lookup("Bamba").requirements
    assert bamba.sects == ("Laibon",) and bamba.capacity_min == 4 and "non-sterile" in bamba.other
    assert cards.lookup("Alastor").requirements.titles == ("justicar", "inner circle")
    assert cards.lookup("Approximation of Loyalty").requirements.capacity_min == 7
    assert cards.lookup("Create Gargoyle").requirements.clans == ("Tremere", "Tremere antitribu")


def test_it_parses_sect_title_and_votes_from_crypt_text(cards):
    aaradhya = cards.lookup("Aaradhya, The Callous Tyrant")
    assert (aaradhya.sect, aaradhya.title, aaradhya.votes) == ("Sabbat", "cardinal", 3)
    # Errata braces: "{Anarch}:" makes Jack Drake an anarch.
    assert cards.lookup("Jack Drake").sect == "Anarch"
    assert "red list" in cards.lookup("Count Germaine (ADV)").traits


def test_it_reads_paths(cards):
    assert cards.lookup("Aaradhya, The Callous Tyrant").path == "Power and the Inner Voice"


def test_it_reads_banned_cards(cards):
    assert cards.lookup("Dramatic Upheaval").banned_year == 2005
    assert cards.lookup("Govern the Unaligned").banned_year is None


def test_it_reads_printings_and_first_release(cards):
    magnum = cards.lookup(".44 Magnum")
    assert magnum.first_release == datetime.date(1994, 8, 16)  # Jyhad
    ce = next(p for p in magnum.printings if p.set == "CE")
    assert (ce.precon, ce.copies) == ("To", 3)
    assert any(p.set == "Jyhad" and p.rarity == "C" for p in magnum.printings)
    # "C/PA": a common, and one copy in the Anarch precon (a bare "PA", as "C/PB" for the Brujah one).
    garrote = next(p for p in cards.lookup("Garrote").printings if p.set == "FN")
    assert (garrote.code, garrote.rarity, garrote.precon) == ("C/PA", "C", "A")


def test_it_reads_burn_option_artists_and_flavor(cards):
    assert cards.lookup("Barrenness").burn_option
    assert cards.lookup(".44 Magnum").artists == ("Né Né Thomas", "Greg Simanson")


def test_it_attaches_card_and_group_rulings(cards):
    magnum = cards.lookup(".44 Magnum")
    assert magnum.rulings[0].references == ("LSJ 19980302-2",)
    assert "[LSJ" not in magnum.rulings[0].text
    # "Temporary control" is a group ruling: it reaches each of its cards.
    assert any("control" in r.text.lower() for r in cards.lookup("Art of Love, The").rulings)


@pytest.mark.parametrize(
    ("spelling", "name"),
    [
        ("The Rack", "Rack, The"),
        ("Dónal O’Connor (G2)", "Dónal O'Connor"),
        ("Donal O'Connor (G6)", "Dónal O'Connor"),
        ("Andrei Puxton", "Andrei Puxon"),  # an AKA
        ("Pentex Loves You!", "Pentex(TM) Loves You!"),
        ("Theo Bell (G2 ADV)", "Theo Bell"),
        ("Alan Sovereign Adv.", "Alan Sovereign"),
    ],
)
def test_it_finds_cards_by_any_name_form(cards, spelling, name):
    card = cards.lookup(spelling)
    assert card is not None and card.name == name


def test_it_finds_nothing_for_unknown_names(cards):
    assert cards.find("Govern teh Unaligned") == []
    assert cards.lookup("") is None


def test_it_round_trips_cards_through_json(cards):
    for name in ("Alan Sovereign (ADV)", "Bounty", "Absolute Tyranny", 'Anna "Dictatrix11" Suljic', "Bamba"):
        card = cards.lookup(name)
        assert Card.from_dict(card.to_dict()) == card


# --- broken data: a clear error naming the file and line --------------------------------------


def _damaged(files: dict[str, bytes], name: str, old: bytes, new: bytes) -> dict[str, bytes]:
    assert old in files[name], "the damage must hit real content"
    return {**files, name: files[name].replace(old, new, 1)}


def test_it_names_file_and_line_of_a_bad_number(bundled_files):
    files = _damaged(
        bundled_files,
        carddb.CRYPT_CSV,
        b'"200001","Aabbt Kindred","","Vampire","Follower of Set","","","2","4"',
        b'"200001","Aabbt Kindred","","Vampire","Follower of Set","","","2","four"',
    )
    with pytest.raises(carddb.CardDataError) as error:
        carddb.parse(files)
    assert (error.value.file, error.value.line) == ("vtescrypt.csv", 2)
    assert "'four'" in str(error.value)


def test_it_refuses_a_missing_column(bundled_files):
    files = _damaged(bundled_files, carddb.LIBRARY_CSV, b'"Pool Cost",', b"")
    with pytest.raises(carddb.CardDataError, match="vteslib.csv, line 1: missing column"):
        carddb.parse(files)


def test_it_refuses_a_missing_file(bundled_files):
    files = {k: v for k, v in bundled_files.items() if k != carddb.SETS_CSV}
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        for name, content in files.items():
            z.writestr(f"csv/{name}", content)
    with pytest.raises(carddb.CardDataError, match="missing vtessets.csv"):
        carddb.read_zip(archive.getvalue())


def test_it_refuses_a_truncated_zip(bundled_files):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in bundled_files.items():
            z.writestr(name, content)
    with pytest.raises(carddb.CardDataError, match="zip"):
        carddb.read_zip(archive.getvalue()[: len(archive.getvalue()) // 2])


def test_it_refuses_a_zip_bomb():
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("vtescrypt.csv", b"\0" * (carddb.MAX_FILE_BYTES + 1))
    assert len(archive.getvalue()) < 1_000_000
    with pytest.raises(carddb.CardDataError, match="over the limit"):
        carddb.read_zip(archive.getvalue())


def test_it_refuses_invalid_utf8(bundled_files):
    files = _damaged(bundled_files, carddb.LIBRARY_CSV, b".44 Magnum", b".44 Magnum\xff")
    with pytest.raises(carddb.CardDataError, match="vteslib.csv, line 2: not valid UTF-8"):
        carddb.parse(files)


def test_it_refuses_a_row_cut_short(bundled_files):
    text = bundled_files[carddb.SETS_CSV]
    files = {**bundled_files, carddb.SETS_CSV: text + b'"399999","Cut"\n'}
    with pytest.raises(carddb.CardDataError, match="vtessets.csv, line"):
        carddb.parse(files)


def test_it_refuses_an_unknown_discipline(bundled_files):
    files = _damaged(bundled_files, carddb.LIBRARY_CSV, b'"Dominate"', b'"Dominance"')
    with pytest.raises(carddb.CardDataError, match="unknown discipline 'Dominance'"):
        carddb.parse(files)


def test_it_refuses_a_source_that_does_not_exist(tmp_path):
    with pytest.raises(carddb.CardDataError, match="no such file or folder"):
        carddb.read_source(str(tmp_path / "nowhere"))


def test_it_dates_promos_written_with_their_date_as_code(cards):
    # The CSV writes "Promo:202309301": the promo of 2023-09-30, one copy.
    bituin = cards.lookup("Bituin")
    promo = next(p for p in bituin.printings if p.set == "Promo-20230930")
    assert promo.copies == 1
    assert all(p.copies is None or p.copies <= 12 for c in cards for p in c.printings)
