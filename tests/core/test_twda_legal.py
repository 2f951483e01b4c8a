"""Every tournament-winning deck of the archive was legal on the day it won.

Each TWDA decklist is parsed and validated under the VEKN rules as of its own event date. A deck the
validator refuses means a rule fact is missing or wrong (a ban date, a release date, a set legal on
its release day), unless the archive itself holds a deck that breaks a rule; those are listed below,
each with the reason, and must stay illegal for exactly that reason.
"""

from __future__ import annotations

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.validate import validate

# The archive's own rule breakers: file → the error codes the deck earns, with why.
ARCHIVE_BREAKS_A_RULE: dict[str, list[str]] = {
    # Miscounts: the published list holds one card too many or too few.
    "stevewampler.txt": ["LIBRARY_TOO_SMALL"],  # 59 library cards (1998)
    "matt-alamut.txt": ["LIBRARY_TOO_LARGE"],  # 91 library cards, like the eight below
    "jd32000.txt": ["LIBRARY_TOO_LARGE"],
    "ckgc2k.txt": ["LIBRARY_TOO_LARGE"],
    "genconuk2k1-treasure.txt": ["LIBRARY_TOO_LARGE"],
    "saveface2k1.txt": ["LIBRARY_TOO_LARGE"],
    "2k3nycanarch.txt": ["LIBRARY_TOO_LARGE"],
    "2k4edith.txt": ["LIBRARY_TOO_LARGE"],
    "2k4virolaxboston.txt": ["LIBRARY_TOO_LARGE"],
    "2k8pwbsla2.txt": ["LIBRARY_TOO_LARGE"],
    "2k4pariscup.txt": ["CRYPT_TOO_SMALL"],  # 11 crypt cards
    # Crypts across three groups.
    "2016rotmmb.txt": ["CRYPT_GROUPS"],  # Lucian (group 1) beside groups 3 and 4
    # Tony (group 3) beside groups 1 and 2, and a year before his only printing, Camarilla Edition
    # (2002-08-19): the list or its date is wrong.
    "watford-ts.txt": ["CRYPT_GROUPS", "NOT_YET_LEGAL"],
    "2k2watfordmay.txt": ["CRYPT_GROUPS", "NOT_YET_LEGAL"],
    # Event dates before the cards existed: the archive's date is wrong.
    "2015rfeef.txt": ["NOT_YET_LEGAL"],  # "May 15th 2014", with The Unaligned cards (2014-10-04); a 2015 file
    "2k6ootspain.txt": ["NOT_YET_LEGAL"],  # 2006-02-12, with Black Forest Base (Third Edition, 2006-09-04)
    "2k6sncqvs.txt": ["NOT_YET_LEGAL", "NOT_YET_LEGAL"],  # 2006-04-01, with Third and Keepers of Tradition cards
    # Release dates no source explains: the card list's dates leave the deck short of 30 days.
    "2k5nykarls.txt": ["NOT_YET_LEGAL"],  # Powerbase: Los Angeles, Tenth Anniversary 2004-12-13, 26 days before
    "2k9bloodformbi.txt": ["NOT_YET_LEGAL"],  # Abactor: the CSV dates its 2009 promo batch 24 days after the event
}


@pytest.fixture(scope="module")
def twda(cards):
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    decks = []
    for path in sorted(TWDA.iterdir()):
        decks.append((path.name, decklist.parse(path.read_bytes(), cards, path=path.name)))
    assert len(decks) > 4000
    return decks


def test_every_winning_deck_was_legal_on_its_event_day(cards, twda):
    illegal = {}
    for name, deck in twda:
        report = validate(deck, cards, as_of="deck")
        assert deck.event is not None and report.as_of == deck.event.date, name
        if not report.legal:
            illegal[name] = report
    unexpected = {
        name: [e.message for e in report.errors]
        for name, report in illegal.items()
        if [e.code for e in report.errors] != ARCHIVE_BREAKS_A_RULE.get(name)
    }
    assert unexpected == {}
    assert sorted(illegal) == sorted(ARCHIVE_BREAKS_A_RULE)


def test_bans_count_from_their_date_not_from_the_year(cards, twda):
    # Lilith's Blessing won tournaments until days before its ban took effect (2013-05-22), and
    # Anthelios until late 2015: legal then, banned now.
    holders = {
        name: deck
        for name, deck in twda
        if any(cards[card_id].name in ("Lilith's Blessing", "Anthelios, The Red Star") for card_id in deck.library)
    }
    assert len(holders) > 300
    for name, deck in holders.items():
        today = validate(deck, cards, as_of="2026-01-01")
        assert "BANNED_CARD" in [e.code for e in today.errors], name
    spring_2013 = [deck for deck in holders.values() if deck.event.date.strftime("%Y-%m") in ("2013-04", "2013-05")]
    assert spring_2013 and all(validate(deck, cards, as_of="deck").legal for deck in spring_2013)
