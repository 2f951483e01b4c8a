"""Veto decklists as text: headings in Polish or English, counts as players write them, comments, names
matched without case or diacritics, lines that name no card kept with their line numbers, and the way back
to text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtesdeck.core.veto import Section, VetoDecklistError, parse_decklist, to_text, validate
from vtesdeck.core.veto.decklist import MAX_LINES, MAX_SIZE

from .conftest import LEGAL


def listed(deck, section: Section = Section.DECK) -> dict[str, int]:
    return {card.full_name: n for card, n in deck.section(section).items()}


def test_polish_and_english_headings_read_alike(card_list):
    polish = "Karty specjalne:\nWojewoda Mścisław, Elekt Dworski\nKredens (2):\n2x Fortel\nSakwa:\n1x Weksel\n"
    english = "SPECIAL CARDS\nWojewoda Mścisław, Elekt Dworski\ndeck:\n2x Fortel\nSideboard (1 card)\n1x Weksel\n"
    for text in (polish, english):
        deck = parse_decklist(text, card_list)
        assert listed(deck, Section.SPECIAL) == {"Wojewoda Mścisław, Elekt Dworski": 1}
        assert listed(deck) == {"Fortel": 2}
        assert listed(deck, Section.SIDEBOARD) == {"Weksel": 1}


@pytest.mark.parametrize(
    "heading, section",
    [
        ("Kredens", Section.DECK),
        ("talia:", Section.DECK),
        ("Deck (60)", Section.DECK),
        ("SAKWA (15):", Section.SIDEBOARD),
        ("sideboard", Section.SIDEBOARD),
        ("Karty Specjalne", Section.SPECIAL),
        ("Elekt:", Section.SPECIAL),
        ("Strategia", Section.SPECIAL),
        ("Strategy (1):", Section.SPECIAL),
    ],
)
def test_each_heading_opens_its_section(card_list, heading, section):
    deck = parse_decklist(f"{heading}\n1x Fortel\n", card_list)
    assert listed(deck, section) == {"Fortel": 1}


def test_a_card_may_follow_its_heading_on_the_same_line(card_list):
    deck = parse_decklist("Elekt: Wojewoda Mścisław, Elekt Dworski\nStrategia: Sejmik Burzliwy\n", card_list)
    assert listed(deck, Section.SPECIAL) == {"Wojewoda Mścisław, Elekt Dworski": 1, "Sejmik Burzliwy": 1}


@pytest.mark.parametrize(
    "line, count",
    [
        ("3x Plotka", 3),
        ("3X Plotka", 3),
        ("3 x Plotka", 3),
        ("3× Plotka", 3),
        ("3 Plotka", 3),
        ("Plotka", 1),
        ("  12x   Plotka  ", 12),
    ],
)
def test_counts_as_players_write_them(card_list, line, count):
    assert listed(parse_decklist(line, card_list)) == {"Plotka": count}


def test_lines_of_one_card_add_up(card_list):
    assert listed(parse_decklist("2x Fortel\nFortel\n", card_list)) == {"Fortel": 3}


def test_comments_and_blank_lines_are_skipped_and_lines_before_a_heading_are_the_deck(card_list):
    text = "# Dworscy, turniej w Sandomierzu\n\n3x Fortel\n// Sakwa niżej\nSakwa\n\n1x Weksel\n"
    deck = parse_decklist(text, card_list)
    assert listed(deck) == {"Fortel": 3}
    assert listed(deck, Section.SIDEBOARD) == {"Weksel": 1}
    assert deck.unresolved == []


def test_names_match_without_case_diacritics_or_punctuation(card_list):
    text = "1x lapowka\n1x PLOTKA\n1x Pani Eufrozyna (Dama Dworu)\n1x pulkownik teodor - przyjaciel kompanii\n"
    assert listed(parse_decklist(text, card_list)) == {
        "Łapówka": 1,
        "Plotka": 1,
        "Pani Eufrozyna, Dama Dworu": 1,
        "Pułkownik Teodor, Przyjaciel Kompanii": 1,
    }


def test_a_name_may_hold_a_comma(card_list):
    deck = parse_decklist("Strategia:\n1x Zgoda, Panowie Bracia\n", card_list)
    assert listed(deck, Section.SPECIAL) == {"Zgoda, Panowie Bracia": 1}


def test_the_epithet_may_be_left_out_when_one_card_bears_the_name(card_list):
    deck = parse_decklist("3x Pani Eufrozyna\n3x Podczaszy Ambroży\n", card_list)
    assert listed(deck) == {"Pani Eufrozyna, Dama Dworu": 3}
    [ambiguous] = deck.unresolved
    assert (ambiguous.line, ambiguous.reason, ambiguous.count) == (2, "ambiguous", 3)
    assert ambiguous.suggestions == ("Podczaszy Ambroży, Wierny Sługa", "Podczaszy Ambroży, Stary Intrygant")


def test_unknown_cards_are_kept_with_their_line_numbers_and_close_names(card_list):
    text = "Kredens\n3x Plodka\n\n2 Pan Wołodyjowski\nSakwa\n1x Weksle\n"
    deck = parse_decklist(text, card_list)
    assert deck.deck == deck.sideboard == {}
    assert [(u.line, u.text, u.count, u.section, u.reason, u.suggestions) for u in deck.unresolved] == [
        (2, "3x Plodka", 3, Section.DECK, "unknown", ("Plotka",)),
        (4, "2 Pan Wołodyjowski", 2, Section.DECK, "unknown", ()),
        (6, "1x Weksle", 1, Section.SIDEBOARD, "unknown", ("Weksel",)),
    ]


def test_impossible_counts_are_kept_as_unread_lines(card_list):
    deck = parse_decklist("0x Plotka\n1000x Fortel\n999x Weksel\n", card_list)
    assert [(u.line, u.reason, u.count) for u in deck.unresolved] == [(1, "count", 0), (2, "count", 1000)]
    assert listed(deck) == {"Weksel": 999}


def test_an_elekt_card_listed_in_the_deck_stays_there(card_list):
    # Not moved: the validator reports it (ELEKT_IN_DECK, B 207.2) for the player to fix.
    deck = parse_decklist("Kredens\n1x Wojewoda Mścisław, Elekt Dworski\n3x Fortel\n", card_list)
    assert listed(deck) == {"Wojewoda Mścisław, Elekt Dworski": 1, "Fortel": 3}
    assert deck.special == {}


def test_to_text_reads_back_the_same_deck(card_list):
    text = LEGAL + "Kredens\n2x Pan Wołodyjowski\n"
    deck = parse_decklist(text, card_list)
    for lang in ("pl", "en"):
        written = to_text(deck, lang)
        again = parse_decklist(written, card_list)
        assert (again.deck, again.sideboard, again.special) == (deck.deck, deck.sideboard, deck.special)
        assert [(u.text, u.section) for u in again.unresolved] == [("2x Pan Wołodyjowski", Section.DECK)]
        assert to_text(again, lang) == written
    assert to_text(deck).splitlines()[:4] == [
        "Karty specjalne (2):",
        "1x Wojewoda Mścisław, Elekt Dworski",
        "1x Sejmik Burzliwy",
        "",
    ]
    assert "Deck (60):" in to_text(deck, "en") and "Sideboard (15):" in to_text(deck, "en")


# --- input refused as a whole ------------------------------------------------------------------------------


def test_an_empty_decklist_is_refused(card_list):
    for text in ("", "\n  \n", "# tylko komentarz\n"):
        with pytest.raises(VetoDecklistError) as refused:
            parse_decklist(text, card_list)
        assert refused.value.message_id == "DECKLIST_EMPTY"
    assert refused.value.message("pl") == "Spis talii jest pusty."
    assert str(refused.value) == "The decklist is empty."


def test_a_decklist_too_long_or_too_large_is_refused(card_list):
    with pytest.raises(VetoDecklistError) as refused:
        parse_decklist("1x Fortel\n" * (MAX_LINES + 1), card_list)
    assert refused.value.message_id == "DECKLIST_TOO_MANY_LINES"
    assert refused.value.message("en") == "The decklist has more than 2,000 lines; no deck is that long."
    with pytest.raises(VetoDecklistError) as refused:
        parse_decklist("x" * (MAX_SIZE + 1), card_list)
    assert refused.value.params == {"size": MAX_SIZE + 1, "limit": MAX_SIZE}
    assert refused.value.message("pl") == "Spis talii jest za duży: 200 001 znaków (limit to 200 000)."


def test_binary_or_non_utf8_bytes_are_refused_with_their_line(card_list):
    with pytest.raises(VetoDecklistError) as refused:
        parse_decklist(b"3x Fortel\n\x00\x01\x02", card_list)
    assert (refused.value.message_id, refused.value.params) == ("DECKLIST_BINARY", {"line": 2})
    with pytest.raises(VetoDecklistError) as refused:
        parse_decklist("3x Fortel\n1x Łapówka\n".encode("cp1250"), card_list)
    assert (refused.value.message_id, refused.value.params) == ("DECKLIST_NOT_UTF8", {"line": 2})
    assert listed(parse_decklist("\ufeff3x Łapówka\n".encode(), card_list)) == {"Łapówka": 3}


def test_an_over_long_line_is_not_read(card_list):
    deck = parse_decklist("1x Fortel\n" + "x" * 400 + "\n", card_list)
    [line] = deck.unresolved
    assert (line.line, line.reason) == (2, "too_long")


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300)))
def test_any_input_is_read_or_refused_never_an_exception(card_list, source):
    try:
        deck = parse_decklist(source, card_list)
    except VetoDecklistError as refused:
        refused.message("pl"), refused.message("en")
    else:
        validate(deck, card_list).to_dict()
