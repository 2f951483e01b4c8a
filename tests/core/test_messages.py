"""Every message the core says, by id and parameters: rendered in English by the core itself (the shells
render the same ids in Polish and German: tests/web/test_report_languages.py).

``SAMPLES`` holds one set of parameters per message id, shaped as the core gives them; a message added to
``messages.MESSAGES`` needs its sample here, and then every language test covers it.
"""

from __future__ import annotations

import json
import re

import pytest

from vtesdeck.core import decklist, messages
from vtesdeck.core.validate import ERROR_CODES, RULESETS, WARNING_CODES

SIZES = {"min": 60, "max": 90, "players": None, "ruleset": "vekn", "format": "VEKN tournament"}
NEEDS = {
    "disciplines": [["ani", "for"], ["aus"]],
    "clans": ["Gangrel", "Ravnos"],
    "titles": ["Prince", "Justicar"],
    "sects": ["Laibon"],
    "capacity_min": 6,
    "capacity_max": 9,
    "untitled": True,
    "not_clans": ["Caitiff"],
    "not_sects": ["Sabbat"],
    "traits": ["black hand"],
    "not_traits": ["infernal"],
    "minions": ["vampire", "imbued"],
    "version": "advanced",
    "paths": ["Caine"],
    "either": [{"sects": ["Laibon"]}, {"untitled": True}],
}

SAMPLES: dict[str, dict] = {
    "CRYPT_TOO_SMALL": {
        "count": 11,
        "min": 12,
        "max": None,
        "short": 1,
        "ruleset": "vekn",
        "format": "VEKN tournament",
    },
    "CRYPT_TOO_LARGE": {
        "count": 13,
        "min": 12,
        "max": 12,
        "excess": 1,
        "ruleset": "v5-limited",
        "format": "V5 limited",
    },
    "LIBRARY_TOO_SMALL": {"count": 58, "short": 2, **SIZES},
    "LIBRARY_TOO_LARGE": {
        "count": 95,
        "excess": 5,
        **SIZES,
        "players": 4,
        "max": 80,
        "ruleset": "rulebook-2011",
        "format": "2011 rulebook",
    },
    "CRYPT_GROUPS": {
        "groups": [2, 4, 5],
        "window": 2,
        "kept": [4, 5],
        "outside": [{"id": 200025, "name": "Alexandra", "group": 2}],
    },
    "BANNED_CARD": {"card": 101108, "name": "Lilith's Blessing", "since": "2013-05-22", "exact": True},
    "BANNED_CARD_SINCE_YEAR": {"card": 100518, "name": "Blood Doll", "since": "2030-01-01", "exact": False},
    "BANNED_IN_FORMAT": {"card": 100518, "name": "Blood Doll", "ruleset": "house", "format": "house"},
    "NOT_YET_LEGAL": {"names": ["Anson", "Mind of the Wilds"], "date": "2010-03-05", "released": "2010-02-03"},
    "NOT_IN_FORMAT": {
        "names": ["Anson"],
        "ruleset": "v5-limited",
        "format": "V5 limited",
        "sets": ["V5", "V5A"],
        "card_list": True,
    },
    "UNKNOWN_CARD_ID": {"card": 999999},
    "COUNT_INVALID": {"card": 999999, "name": None, "copies": 0, "max": 10_000},
    "UNKNOWN_CARD": {"line": 14, "text": "2x Govern teh Unaligned", "suggestions": ["Govern the Unaligned", "Govern"]},
    "COUNT_INVALID_LINE": {"line": 7, "text": "12000x Blood Doll", "count": 12_000, "max": 10_000},
    "FUTURE_SET": {"names": ["Burial Site Hunting Ground"], "date": "2011-06-01", "released": "2016-03-01"},
    "REQUIREMENT_UNMET": {"card": 100845, "name": "Govern the Unaligned", "needs": NEEDS},
    "ADVANCED_PAIR": {"card": 200032, "name": "Alan Sovereign", "advanced": 200033},
    "DECLARED_CRYPT": {"declared": 13, "count": 12},
    "DECLARED_LIBRARY": {"declared": 1, "count": 60},
    "DECLARED_SECTION": {"title": "Master", "declared": 22, "count": 21},
    "DECLARED_TRIFLES": {"declared": 2, "count": 0},
    "AMBIGUOUS_NAME": {
        "line": 3,
        "text": "2x Theo Bell",
        "name": "Theo Bell",
        "vampire": "Theo Bell",
        "card": 201348,
        "chosen": "Theo Bell (G2)",
        "others": [{"id": 201349, "name": "Theo Bell (G6)"}],
        "reason": "earliest_printing",
        "date": "2007-05-01",
    },
    "TEXT_TOO_LARGE": {"size": 2_000_001, "limit": 2_000_000},
    "FILE_TOO_LARGE": {"size": 2_500_000, "limit": 2_000_000},
    "BINARY_FILE": {},
    "EMPTY_DECKLIST": {},
    "TOO_MANY_LINES": {"limit": 20_000},
    "TOO_MANY_UNKNOWN_LINES": {"limit": 100, "line": 101},
    "WORK_BUDGET_LINES": {"limit": 40_000},
    "WORK_BUDGET_UNRESOLVED": {"limit": 500},
    "WORK_BUDGET_SUGGESTIONS": {"limit": 500},
    "WORK_BUDGET_CPU_SECONDS": {"limit": 1.0},
    "BAD_UTF16": {"reason": "truncated data"},
    "UNKNOWN_FORMAT": {"format": "xml", "known": ["json", "twd", "plain"]},
    "CANNOT_EXPORT": {"format": "vdb-url2", "known": ["json", "twd"]},
    "TOO_MANY_COPIES_TO_WRITE": {"format": "eld", "copies": 30_000, "max_count": 10_000, "max_copies": 20_000},
    "ELDB_NO_NAME": {},
    "ELDB_NO_AUTHOR": {},
    "ELDB_NO_DESCRIPTION": {},
    "NOT_ELDB": {},
    "ELDB_OPEN_QUOTE": {},
    "CSV_UNREADABLE": {"line": 3, "detail": "unexpected end of data"},
    "VDB_SAVED_DECK": {"saved": "a1b2c3"},
    "JSON_INVALID": {"detail": "Expecting value", "line": 1, "column": 2},
    "JSON_TOO_DEEP": {},
    "JSON_NO_DECK": {},
    "JSON_CRYPT_NOT_A_LIST": {},
    "JSON_LIBRARY_NOT_A_LIST": {},
    "JSON_CARDS_NOT_A_LIST": {},
    "JSON_NOT_TEXT": {"key": "name"},
    "JSON_BAD_DATE": {"key": "date", "value": "15/12/2021"},
    "JSON_DECLARED_NOT_OBJECT": {},
    "JSON_UNRESOLVED_NOT_LIST": {},
    "XML_DECLARATIONS": {},
    "DEK_NOT_XML": {"detail": "mismatched tag", "line": 4, "column": 9},
    "NOT_LACKEY_DECK": {"tag": "html"},
    "ZIP_TOO_LARGE": {"size": 50_000_000, "limit": 40_000_000},
    "ZIP_TOO_MANY_ENTRIES": {"entries": 3_000, "limit": 500},
    "ZIP_DAMAGED": {"detail": "File is not a zip file"},
    "ZIP_TOO_MANY_FILES": {"files": 501, "limit": 500},
    "ZIP_EMPTY": {},
    "TABLE_PLAYERS": {"min": 4, "max": 5, "value": "6"},
    "TABLE_ROUNDS": {"min": 1, "max": 150, "value": "500"},
    "TABLE_RULES": {"first": "vekn", "second": "2011", "value": "'1994'"},
    "TABLE_SEED": {"min": 0, "max": 9_223_372_036_854_775_807, "value": "-1"},
    "ZIP_UNPACKS_TOO_LARGE": {"limit": 40_000_000},
    "ZIP_NESTED": {"name": "round2.zip"},
    "ZIP_ENCRYPTED": {"name": "deck.txt"},
    "ZIP_MEMBER_TOO_LARGE": {"name": "deck.txt", "size": 3_000_000, "limit": 2_000_000},
    "ZIP_BOMB_DECLARED": {"name": "deck.txt", "ratio": 1_024},
    "ZIP_MEMBER_OVERFLOW": {"name": "deck.txt", "limit": 2_000_000},
    "ZIP_BOMB": {"name": "deck.txt", "ratio": 100},
    "ZIP_MEMBER_DAMAGED": {"name": "deck.txt", "detail": "Bad CRC-32"},
    "ZIP_NO_DECKLIST": {},
    "UNREADABLE_DECKLIST": {"detail": "year 0 is out of range"},
}

# The English of a few, written out: the sentences users have always read.
ENGLISH = {
    "CRYPT_TOO_SMALL": "Crypt has 11 cards; a tournament deck needs at least 12 (1 short).",
    "CRYPT_TOO_LARGE": "Crypt has 13 cards; a V5 limited deck needs exactly 12 (1 too many).",
    "LIBRARY_TOO_LARGE": "Library has 95 cards; a deck under the 2011 rulebook needs 60 to 80 at a 4-player table "
    "(5 too many).",
    "CRYPT_GROUPS": "Crypt mixes groups 2, 4 and 5; a crypt holds vampires of one group or two consecutive groups "
    "(ANY fits all). Outside groups 4–5: Alexandra (group 2).",
    "BANNED_CARD_SINCE_YEAR": "Blood Doll is banned in VEKN tournaments since 2030 (the card list gives the year only).",
    "NOT_YET_LEGAL": "Anson and Mind of the Wilds are not legal until 2010-03-05 (first released 2010-02-03).",
    "NOT_IN_FORMAT": "Anson is not in the V5 limited card pool (cards printed in V5, V5A or on its card list).",
    "COUNT_INVALID": "Card id 999999 has 0 copies; a card needs 1 to 10,000 copies.",
    "UNKNOWN_CARD": "Line 14: “2x Govern teh Unaligned” names no card in the card list. Did you mean Govern the "
    "Unaligned or Govern?",
    "COUNT_INVALID_LINE": "Line 7: “12000x Blood Doll” asks for 12,000 copies; a line holds 1 to 10,000 copies of "
    "a card.",
    "DECLARED_LIBRARY": "The decklist says its library has 1 card; it lists 60.",
    "TEXT_TOO_LARGE": "The decklist is too large (2,000,001 characters; the limit is 2,000,000).",
    "ZIP_TOO_MANY_ENTRIES": "The zip archive holds 3,000 entries; at most 500 files are read from one upload.",
    "UNKNOWN_FORMAT": "Unknown decklist format 'xml'; known formats: json, twd, plain.",
    "TOO_MANY_COPIES_TO_WRITE": "This deck cannot be written as an ELDB deck file: it asks for 30,000 copies (at most "
    "10,000 of a card and 20,000 in all).",
}


def test_every_message_has_a_sample_and_every_sample_a_message():
    assert set(SAMPLES) == set(messages.MESSAGES)


@pytest.mark.parametrize("message_id", sorted(messages.MESSAGES))
def test_every_message_renders_in_english_from_its_params(message_id):
    params = SAMPLES[message_id]
    text = messages.render(message_id, params)
    assert text and "%(" not in text and "  " not in text, text
    assert text == text.strip(), text
    json.dumps(params)  # parameters are plain JSON values
    if message_id in ENGLISH:
        assert text == ENGLISH[message_id]


def test_the_parts_of_a_requirement_are_said_in_order():
    assert (
        messages.needs_text(
            {"disciplines": [["ani", "for"], ["aus"]], "clans": ["Gangrel"], "titled": True, "capacity_min": 6}
        )
        == "Animalism and Fortitude or Auspex, clan Gangrel, a title, capacity 6 or more"
    )
    text = messages.render("REQUIREMENT_UNMET", SAMPLES["REQUIREMENT_UNMET"])
    assert text.startswith(
        "No vampire in the crypt can play Govern the Unaligned: it needs Animalism and Fortitude "
        "or Auspex, clan Gangrel or Ravnos, the title Prince or Justicar, sect Laibon,"
    )


def test_every_issue_code_has_a_title_for_people():
    assert set(messages.TITLES) == {*ERROR_CODES, *WARNING_CODES}
    assert messages.title("LIBRARY_TOO_SMALL") == "Library too small"
    assert messages.title("SOMETHING_NEW") == "SOMETHING_NEW"


def test_a_refusal_keeps_its_id_and_params_for_the_shells():
    with pytest.raises(decklist.DecklistError) as refused:
        decklist.parse(b"x" * (decklist.MAX_BYTES + 1), None)
    error = refused.value
    assert (error.message_id, error.params) == ("FILE_TOO_LARGE", {"size": 2_000_001, "limit": 2_000_000})
    assert str(error) == "The file is too large (2,000,001 bytes; the limit is 2,000,000)."
    with pytest.raises(decklist.DecklistError) as empty:
        decklist.parse("   \n", None)
    assert (empty.value.message_id, str(empty.value)) == ("EMPTY_DECKLIST", "The decklist is empty.")


def test_citations_read_as_sections_and_link_to_the_official_pages():
    vekn = RULESETS["vekn"]
    assert vekn.rule("LIBRARY_TOO_SMALL") == (
        "VEKN rulebook, 1. Introduction › Deck construction; VEKN tournament rules, 6.2 Constructed Deck Size Limits"
    )
    assert messages.citation_url(vekn.citation("BANNED_CARD")) == (
        "https://www.vekn.net/tournament-rules/4-tournament-game-rules"
    )
    assert messages.citation_url(vekn.citation("NOT_IN_FORMAT")) == (
        "https://www.vekn.net/tournament-rules/6-constructed-tournament-rules"
    )
    assert vekn.rule("NOT_IN_FORMAT") == "VEKN tournament rules, 6.1.1 Set Restrictions"
    assert vekn.rule("UNKNOWN_CARD") == "VEKN tournament rules, 6.3 Constructed Deck Registration"
    assert messages.citation_url(vekn.citation("CRYPT_GROUPS")) == "https://www.vekn.net/rulebook/1-introduction"
    assert vekn.citation("CRYPT_GROUPS")[1].url == "https://www.vekn.net/rulebook/8-glossaries"
    german = RULESETS["rulebook-2011"]
    assert german.rule("REQUIREMENT_UNMET") == (
        "German 2011 rulebook, 1.6 Library cards overview › 1.6.1 General › 3. Requirements for playing cards"
    )
    assert messages.citation_url(german.citation("REQUIREMENT_UNMET")) == ""


def test_every_marked_string_is_a_template_with_named_placeholders_only():
    for marked in messages.MARKED:
        for text in marked if isinstance(marked, tuple) else (marked,):
            # "%s" would leave translators no way to reorder; every placeholder is named.
            assert not re.search(r"%(?!\()(?!%)", text), text
