"""Vampires printed in two groups under one name ("Theo Bell", "Queen Anne", …), named without their group.

A list typed by hand or by an older tool writes "2x Theo Bell". It is read in the context of its deck:
only the versions printed by the deck's day, then the version that fits the groups of the rest of its
crypt, then the earliest printing. The report says which version was taken and why (AMBIGUOUS_NAME), and
the validator settles the choice again for the day it checks. "(G2)", a crypt row's ":2" and ids stay as
written. Every archive deck holding such a vampire, rewritten with bare names, reads the versions its
rows name and stays legal.
"""

from __future__ import annotations

import datetime
import json

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist, versions
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist.twd import format_date
from vtesdeck.core.validate import validate

LIBRARY = "Library (60 cards)\n60x Govern the Unaligned\n"


def card(cards, name: str):
    found = cards.lookup(name)
    assert found is not None, name
    return found


def archive_list(day: datetime.date | None, *crypt: str) -> str:
    """An archive-style decklist, dated ``day`` (no event header when None), with crypt lines as given."""
    head = f"Ashur Open\nMilan, Italy\n{format_date(day)}\nLorenzo Rossi\n\n" if day else ""
    return head + "Crypt (12 cards)\n" + "\n".join(crypt) + "\n\n" + LIBRARY


def held(deck: Deck, cards) -> dict[str, int]:
    return {cards[card_id].unique_name: n for card_id, n in deck.crypt.items()}


def shared_names(cards) -> dict[str, list]:
    """Vampire names two or more base (not advanced) crypt cards share, from the card list itself."""
    by_name: dict[str, list] = {}
    for c in cards:
        if c.is_crypt and not c.advanced:
            by_name.setdefault(c.name, []).append(c)
    return {name: found for name, found in by_name.items() if len(found) > 1}


# --- which names, which candidates ---------------------------------------------------------------


def test_the_names_two_groups_share_come_from_the_card_list(cards):
    names = shared_names(cards)
    assert {"Theo Bell", "Queen Anne", "Gilbert Duane", "Victoria Ash", "Kalinda", "Hesha Ruhadze"} <= set(names)
    for found in names.values():
        assert len({c.group for c in found}) == len(found)  # two groups, not two printings of one card


def test_a_bare_shared_name_keeps_every_version_as_a_candidate_earliest_first(cards):
    for name, found in shared_names(cards).items():
        deck = decklist.parse(f"1x {name}\n", cards, format="plain")
        [entry] = deck.ambiguous
        expected = sorted(found, key=lambda c: (c.first_release, c.id))
        assert entry.candidates == [c.id for c in expected], name
        # Alone in an undated list, nothing but the printing order decides.
        assert (entry.chosen, entry.reason) == (expected[0].id, versions.EARLIEST_PRINTING), name
        assert deck.crypt == {expected[0].id: 1}


# --- the rule --------------------------------------------------------------------------------------


def test_a_2007_list_reads_queen_anne_as_the_one_printed_then(cards):
    deck = decklist.parse(archive_list(datetime.date(2007, 5, 5), "2x Queen Anne", "10x Ingrid Russo"), cards)
    assert held(deck, cards) == {"Queen Anne (G2)": 2, "Ingrid Russo": 10}
    assert deck.ambiguous[0].reason == versions.NOT_PRINTED_YET
    report = validate(deck, cards, as_of="deck")
    assert report.legal, [e.message for e in report.errors]
    assert [w.code for w in report.warnings] == ["AMBIGUOUS_NAME"]


def test_a_group_2_3_crypt_reads_theo_bell_as_group_2(cards):
    # Both printed by 2023; the newest would break the crypt's groups.
    deck = decklist.parse(
        archive_list(datetime.date(2023, 6, 10), "3x Theo Bell", "3x Menele", "3x Tupdog", "3x Ingrid Russo"), cards
    )
    assert held(deck, cards)["Theo Bell (G2)"] == 3
    assert deck.ambiguous[0].reason == versions.FITS_CRYPT_GROUPS
    report = validate(deck, cards, as_of="deck")
    assert report.legal and report.groups == (2, 3)


def test_a_group_6_crypt_reads_theo_bell_as_group_6_though_group_2_was_printed_first(cards):
    deck = decklist.parse(
        archive_list(datetime.date(2023, 6, 10), "3x Aline Gädeke", "2x Theo Bell", "3x Atiena", "4x Octane"), cards
    )
    assert held(deck, cards) == {"Aline Gädeke": 3, "Theo Bell (G6)": 2, "Atiena": 3, "Octane": 4}
    assert deck.ambiguous[0].reason == versions.FITS_CRYPT_GROUPS
    assert validate(deck, cards, as_of="deck").legal


def test_a_group_7_version_fits_a_group_6_crypt(cards):
    deck = decklist.parse(archive_list(datetime.date(2024, 1, 20), "2x Victoria Ash", "10x Octane"), cards)
    assert held(deck, cards)["Victoria Ash (G7)"] == 2


@pytest.mark.parametrize(
    "crypt",
    [
        ("2x Theo Bell", "10x Anarch Convert"),  # group ANY fits every version
        ("2x Theo Bell", "2x Queen Anne", "8x Anarch Convert"),  # only bare names: they do not decide each other
        ("2x Theo Bell", "5x Anson", "5x Lord Tremere"),  # groups 1 and 5: no version fits
    ],
)
def test_when_neither_date_nor_groups_decide_the_earliest_printing_is_taken(cards, crypt):
    deck = decklist.parse(archive_list(datetime.date(2023, 6, 10), *crypt), cards)
    theo = next(entry for entry in deck.ambiguous if entry.name == "Theo Bell")
    assert (theo.chosen, theo.reason) == (card(cards, "Theo Bell (G2)").id, versions.EARLIEST_PRINTING)


def test_the_day_counts_printed_cards_not_legal_ones(cards):
    # Theo Bell (G6) came out in Fifth Edition: Anarch (2021-12-01). A group 6 crypt two days later means
    # him; whether he was legal yet is the validator's to say, not a reason to read another card.
    theo6 = card(cards, "Theo Bell (G6)")
    day = theo6.first_release + datetime.timedelta(days=2)
    deck = decklist.parse(archive_list(day, "2x Theo Bell", "10x Octane"), cards)
    assert held(deck, cards)["Theo Bell (G6)"] == 2
    before = decklist.parse(
        archive_list(theo6.first_release - datetime.timedelta(days=1), "2x Theo Bell", "10x Leumeah"), cards
    )
    assert (held(before, cards)["Theo Bell (G2)"], before.ambiguous[0].reason) == (2, versions.NOT_PRINTED_YET)


# --- explicit versions stay explicit -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fmt", "version"),
    [
        (archive_list(datetime.date(2023, 6, 10), "2x Theo Bell (G2)", "10x Octane"), "twd", "Theo Bell (G2)"),
        (
            archive_list(datetime.date(2023, 6, 10), "2x Theo Bell  7  POT cel dom pre  Brujah:2", "10x Octane"),
            "twd",
            "Theo Bell (G2)",
        ),
        (
            archive_list(datetime.date(2010, 6, 10), "2x Theo Bell  8  CEL POT PRE aus dom  Brujah:6", "10x Rake"),
            "twd",
            "Theo Bell (G6)",
        ),
        (archive_list(datetime.date(2023, 6, 10), "2x Theo Bell (ADV)", "10x Octane"), "twd", "Theo Bell (ADV)"),
        ("1\tGovern the Unaligned\nCrypt:\n2\tTheo Bell (G2)\n10\tOctane\n", "lackey", "Theo Bell (G2)"),
        ("2x Theo Bell G2\n10x Octane\n", "jol", "Theo Bell (G2)"),
    ],
)
def test_a_version_the_list_names_is_kept_whatever_the_rest_of_the_crypt(cards, text, fmt, version):
    deck = decklist.parse(text, cards, format=fmt)
    assert deck.ambiguous == []
    assert held(deck, cards)[version] == 2
    assert "AMBIGUOUS_NAME" not in [w.code for w in validate(deck, cards, as_of="deck").warnings]


def test_an_id_is_explicit_even_beside_a_bare_name(cards):
    theo2, octane = card(cards, "Theo Bell (G2)"), card(cards, "Octane")
    text = json.dumps({"crypt": [{"id": theo2.id, "name": "Theo Bell", "count": 2}, {"id": octane.id, "count": 10}]})
    deck = decklist.parse(text, cards, format="json")
    assert deck.ambiguous == [] and deck.crypt == {theo2.id: 2, octane.id: 10}


# --- the report ----------------------------------------------------------------------------------


def test_the_warning_names_the_line_the_version_taken_the_others_and_why(cards):
    deck = decklist.parse(archive_list(datetime.date(2007, 5, 5), "10x Ingrid Russo", "2x Queen Anne"), cards)
    report = validate(deck, cards, as_of="deck")
    [warning] = [w for w in report.warnings if w.code == "AMBIGUOUS_NAME"]
    queen2, queen6 = card(cards, "Queen Anne (G2)"), card(cards, "Queen Anne (G6)")
    assert warning.cards == (queen2.id,)
    assert dict(warning.params) == {
        "line": 8,
        "text": "2x Queen Anne",
        "name": "Queen Anne",
        "vampire": "Queen Anne",
        "card": queen2.id,
        "chosen": "Queen Anne (G2)",
        "others": [{"id": queen6.id, "name": "Queen Anne (G6)"}],
        "reason": "not_printed_yet",
        "date": "2007-05-05",
    }
    assert warning.message == (
        "Line 8: “2x Queen Anne” does not say which Queen Anne: read as Queen Anne (G2), "
        "since Queen Anne (G6) was not printed yet on 2007-05-05."
    )
    assert warning.to_dict()["params"]["reason"] == "not_printed_yet"
    assert report.to_dict()["crypt"][1] == {"id": queen2.id, "name": "Queen Anne (G2)", "count": 2}


def test_validating_as_of_another_day_settles_the_names_again(cards):
    undated = decklist.parse(archive_list(None, "2x Theo Bell -- the bleeder", "10x Octane"), cards)
    theo2, theo6, octane = (card(cards, n).id for n in ("Theo Bell (G2)", "Theo Bell (G6)", "Octane"))
    assert undated.crypt == {theo6: 2, octane: 10}  # read as of today: the group 6 crypt decides
    before_v5 = validate(undated, cards, as_of="2010-01-01")
    # The report checks the version of that day, in the line's place, with its comment…
    assert list(before_v5.deck.crypt.items()) == [(theo2, 2), (octane, 10)]
    assert before_v5.deck.comments == {theo2: "the bleeder"}
    assert before_v5.groups == (2, 6)  # that day's Theo Bell breaks the group 6 crypt, as the report says
    assert "CRYPT_GROUPS" in [e.code for e in before_v5.errors]
    reason = next(w.params["reason"] for w in before_v5.warnings if w.code == "AMBIGUOUS_NAME")
    assert reason == versions.NOT_PRINTED_YET
    # …and the deck read is left as it was.
    assert undated.crypt == {theo6: 2, octane: 10} and undated.comments == {theo6: "the bleeder"}
    today = validate(undated, cards)
    assert today.deck.crypt == {theo6: 2, octane: 10} and today.legal


def test_copies_the_list_names_explicitly_stay_when_bare_ones_move(cards):
    deck = decklist.parse(
        archive_list(datetime.date(2023, 6, 10), "1x Theo Bell (G6)", "2x Theo Bell", "9x Octane"), cards
    )
    theo2, theo6 = card(cards, "Theo Bell (G2)").id, card(cards, "Theo Bell (G6)").id
    assert deck.crypt[theo6] == 3
    settled = versions.settle(deck, cards, datetime.date(2015, 1, 1))
    assert (settled.crypt[theo6], settled.crypt[theo2]) == (1, 2)


# --- caches: one line, each deck its answer -------------------------------------------------------


@pytest.mark.parametrize("fmt", ["twd", "plain"])
def test_a_line_read_before_gives_each_deck_its_own_version(cards, fmt):
    line = "2x Theo Bell"
    old = archive_list(datetime.date(2007, 5, 5), line, "10x Ingrid Russo")
    new = archive_list(datetime.date(2023, 6, 10), line, "10x Octane")
    if fmt == "plain":  # no event header: the group fit decides alone
        old, new = old.split("\n\n", 1)[1], new.split("\n\n", 1)[1]
    for text, version in ((old, "Theo Bell (G2)"), (new, "Theo Bell (G6)"), (old, "Theo Bell (G2)")):
        assert held(decklist.parse(text, cards, format=fmt), cards)[version] == 2


# --- every format that reads names ----------------------------------------------------------------


def test_structured_formats_settle_bare_names_by_the_deck_too(cards):
    octane = card(cards, "Octane")
    samples = {
        "json": json.dumps(
            {
                "event": {"date": "2023-06-10"},
                "crypt": [{"name": "Theo Bell", "count": 2}, {"id": octane.id, "count": 10}],
            }
        ),
        "csv": "Quantity,Card Name\n2,Theo Bell\n10,Octane\n",
        "eld": '"Bells"\n"Me"\n""\n12\n"Theo Bell"\n"Theo Bell"\n' + '"Octane"\n' * 10 + "0\n",
        "lackey-dek": '<deck version="0.8"><superzone name="Crypt">'
        + "<card><name>Theo Bell</name></card>" * 2
        + "<card><name>Octane</name></card>" * 10
        + "</superzone></deck>",
    }
    for fmt, text in samples.items():
        deck = decklist.parse(text, cards, format=fmt)
        assert held(deck, cards) == {"Theo Bell (G6)": 2, "Octane": 10}, fmt
        assert [(a.name, a.count, a.reason) for a in deck.ambiguous] == [("Theo Bell", 2, "fits_crypt_groups")], fmt
        assert validate(deck, cards, as_of="2010-01-01").deck.crypt[card(cards, "Theo Bell (G2)").id] == 2, fmt


def test_a_stored_deck_keeps_its_bare_names_and_they_are_no_part_of_its_identity(cards):
    deck = decklist.parse(archive_list(datetime.date(2023, 6, 10), "2x Theo Bell", "10x Octane"), cards)
    stored = Deck.from_dict(json.loads(json.dumps(deck.to_dict())))
    assert stored.ambiguous == deck.ambiguous
    assert validate(stored, cards, as_of="2010-01-01").deck.crypt[card(cards, "Theo Bell (G2)").id] == 2
    # An export names its versions: read back, the deck holds the same cards, with nothing left to settle.
    again = decklist.parse(decklist.export(deck, cards, "twd"), cards)
    assert again.same_cards(deck) and again.ambiguous == []
    assert Deck.from_dict({**deck.to_dict(), "ambiguous": []}) == deck  # not part of what the deck is


# --- the archive ----------------------------------------------------------------------------------


def test_archive_decks_written_with_bare_names_read_the_versions_their_rows_name(cards):
    """Each archive deck holding a vampire whose name two groups share, rewritten as hand-written lists
    are (no group column), reads back the very versions the archive's rows name, and is as legal."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    names = shared_names(cards)
    shared = {c.id for found in names.values() for c in found}
    checked = 0
    for path in sorted(TWDA.iterdir()):
        text = decklist.decode(path.read_bytes())
        if not any(name in text for name in names):
            continue
        deck = decklist.parse(text, cards)
        if not shared & deck.crypt.keys() or deck.event is None or deck.event.date is None:
            continue
        crypt = [f"{n}x {cards[i].name}" + (" (ADV)" if cards[i].advanced else "") for i, n in deck.crypt.items()]
        library = [f"{n}x {cards[i].name}" for i, n in deck.library.items()]
        bare = decklist.parse(
            f"Event of {path.stem}\nSomewhere\n{format_date(deck.event.date)}\nSomeone\n\n"
            f"Crypt ({deck.crypt_count} cards)\n"
            + "\n".join(crypt)
            + f"\n\nLibrary ({deck.library_count} cards)\n"
            + "\n".join(library)
            + "\n",
            cards,
        )
        assert bare.ambiguous, path.name
        assert bare.crypt == deck.crypt, path.name
        original, rewritten = validate(deck, cards, as_of="deck"), validate(bare, cards, as_of="deck")
        assert [e.code for e in rewritten.errors] == [e.code for e in original.errors], path.name
        checked += 1
    assert checked > 400
