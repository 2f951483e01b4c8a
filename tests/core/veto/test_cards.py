"""The Veto card list a player supplies: the CSV columns, their spellings, round trips, and every malformed
input refused with its line, all problems at once."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtesdeck.core.veto import (
    CardListError,
    CardType,
    Keyword,
    VetoCard,
    VetoCardList,
    parse_card_list,
    to_csv,
)
from vtesdeck.core.veto.cards import EXAMPLE, MAX_FIELD, MAX_PROBLEMS, MAX_ROWS, MAX_SIZE

HEADER = "name,epithet,type,factions,alliance,keywords\n"


def problems(source: str | bytes) -> list[tuple[int, str]]:
    """(line, message id) of each problem the list is refused for."""
    with pytest.raises(CardListError) as refused:
        parse_card_list(source)
    return [(problem.line, problem.message_id) for problem in refused.value.problems]


# --- the example list -------------------------------------------------------------------------------------


def test_the_example_list_round_trips_exactly(card_list):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert to_csv(card_list) == text  # the file is written as to_csv writes: stable
    again = parse_card_list(to_csv(card_list))
    assert again == card_list
    assert to_csv(again) == to_csv(card_list)


def test_the_example_list_holds_every_case_the_rules_need(card_list):
    cards = list(card_list)
    factions = {faction for card in cards for faction in card.factions}
    assert {"Dworscy", "Radziwiłłowie", "Wiśniowieccy", "Awanturnicy"} <= factions
    assert {alliance for card in cards for alliance in card.alliances} == {"Kompania Bursztynowa", "Bractwo Stepowe"}
    assert len([card for card in cards if card.type is CardType.ELEKT]) == 3
    assert len([card for card in cards if card.type is CardType.STRATEGY]) == 2
    assert len([card for card in cards if not card.factions and not card.alliances and not card.is_special]) > 15
    assert [card.full_name for card in cards if card.factions and card.alliances] == [
        "Pułkownik Teodor, Przyjaciel Kompanii",
        "Marszałek Wawrzyniec, Stronnik Stepu",
    ]
    assert len([card for card in cards if Keyword.LEGENDARY in card.keywords]) == 5
    limited = [card for card in cards if Keyword.LIMITED in card.keywords]
    assert {card.name for card in limited} == {"Mistrz Fechtunku"} and len(limited) == 2
    assert [card.name for card in cards if Keyword.CONVIVIAL in card.keywords] == ["Dzban Miodu"]
    assert 40 <= len(card_list) <= 50


def test_cards_are_immutable(card_list):
    card = card_list.get("Plotka")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.name = "Plotka Dworska"  # type: ignore[misc]
    assert not hasattr(card, "__dict__")  # slots


# --- the columns and their spellings ----------------------------------------------------------------------


def test_a_card_is_its_name_and_epithet_without_case_or_extra_spaces(card_list):
    assert card_list.get("  pani   EUFROZYNA ", "dama  dworu") is card_list.get("Pani Eufrozyna", "Dama Dworu")
    assert card_list.get("Pani Eufrozyna") is None  # the epithet is part of the name


def test_polish_spellings_of_columns_types_and_keywords_read_as_the_english_ones():
    polish = (
        "Nazwa,Przydomek,Typ,Frakcje,Sojusz,Słowa kluczowe\n"
        "Kasztelan,Elekt,frakcja,Dworscy,,\n"
        "Zajazd,,Strategia,,,\n"
        "Poseł,Gaduła,inna,Dworscy | Wiśniowieccy,Kompania,legendarny; BIESIADNY\n"
        "Szabla,,,,,Limited|convivial\n"
    )
    english = (
        HEADER + "Kasztelan,Elekt,elekt,Dworscy,,\n"
        "Zajazd,,strategy,,,\n"
        "Poseł,Gaduła,other,Dworscy;Wiśniowieccy,Kompania,Legendarny;Biesiadny\n"
        "Szabla,,other,,,Limitowany;Biesiadny\n"
    )
    assert parse_card_list(polish) == parse_card_list(english)
    assert to_csv(parse_card_list(polish)) == english


def test_columns_come_in_any_order_and_only_the_name_is_required():
    cards = parse_card_list("keywords,name\nLegendary,Buława\n,Fortel\n")
    assert list(cards) == [
        VetoCard(name="Buława", keywords=frozenset({Keyword.LEGENDARY})),
        VetoCard(name="Fortel"),
    ]


def test_quoted_fields_a_bom_crlf_and_bytes_are_read():
    text = (
        "\ufeff"
        + HEADER.replace("\n", "\r\n")
        + '"Zgoda, Panowie Bracia",,strategy,,,\r\n"Weksel ""In Blanco""",,,,,\r\n'
    )
    cards = parse_card_list(text.encode("utf-8"))
    assert [card.name for card in cards] == ["Zgoda, Panowie Bracia", 'Weksel "In Blanco"']
    assert parse_card_list(to_csv(cards)) == cards


def test_blank_lines_are_skipped():
    assert len(parse_card_list(HEADER + "\nFortel,,,,,\n\n,,,,,\nPlotka,,,,,\n")) == 2


# --- malformed lists: every problem, at its line ----------------------------------------------------------


def test_a_list_without_the_name_column_is_refused_at_its_header():
    assert problems("nazwa_karty,type\nFortel,other\n") == [(1, "CARDS_UNKNOWN_COLUMN"), (1, "CARDS_MISSING_COLUMN")]
    assert problems("name,type,Type\nFortel,other,other\n") == [(1, "CARDS_DUPLICATE_COLUMN")]


def test_a_bad_type_is_refused_at_its_line():
    assert problems(HEADER + "Fortel,,other,,,\nKasztelan,,postać,,,\n") == [(3, "CARDS_BAD_TYPE")]


def test_an_unknown_keyword_is_refused_at_its_line():
    with pytest.raises(CardListError) as refused:
        parse_card_list(HEADER + "Fortel,,,,,\nRębajło,,,,,Legendarny;Rębajło\n")
    [problem] = refused.value.problems
    assert (problem.line, problem.message_id) == (3, "CARDS_UNKNOWN_KEYWORD")
    assert problem.params == {"value": "Rębajło", "known": ["Legendarny", "Limitowany", "Biesiadny"]}
    assert problem.message("pl") == (
        "Wiersz 3: Nieznane słowo kluczowe „Rębajło”; lista kart zna Legendarny, Limitowany i Biesiadny."
    )
    assert problem.message("en") == (
        "Line 3: Unknown keyword “Rębajło”; the card list knows Legendarny, Limitowany and Biesiadny."
    )


def test_a_duplicate_card_is_refused_at_its_second_line():
    with pytest.raises(CardListError) as refused:
        parse_card_list(HEADER + "Pani Eufrozyna,Dama Dworu,,,,\nFortel,,,,,\n pani eufrozyna , DAMA  DWORU,,,,\n")
    [problem] = refused.value.problems
    assert (problem.line, problem.message_id) == (4, "CARDS_DUPLICATE_CARD")
    assert problem.params == {"name": "pani eufrozyna, DAMA  DWORU", "first_line": 2}


def test_an_over_long_field_is_refused_at_its_line():
    with pytest.raises(CardListError) as refused:
        parse_card_list(HEADER + "Fortel,,,,,\n" + "X" * (MAX_FIELD + 1) + ",,,,,\n")
    [problem] = refused.value.problems
    assert (problem.line, problem.message_id) == (3, "CARDS_FIELD_TOO_LONG")
    assert problem.params == {"column": "name", "length": 201, "limit": 200}


def test_too_many_rows_are_refused_at_the_first_row_past_the_limit():
    rows = "".join(f"Karta {n},,,,,\n" for n in range(MAX_ROWS + 5))
    assert problems(HEADER + rows) == [(MAX_ROWS + 2, "CARDS_TOO_MANY_ROWS")]
    assert len(parse_card_list(HEADER + rows[: rows.index(f"Karta {MAX_ROWS},")])) == MAX_ROWS


def test_a_list_too_large_is_refused_before_it_is_read():
    assert problems(HEADER + "x" * MAX_SIZE) == [(2, "CARDS_TOO_LARGE")]


def test_text_not_in_utf8_is_refused_at_its_line():
    assert problems((HEADER + "Fortel,,,,,\nŁapówka,,,,,\n").encode("cp1250")) == [(3, "CARDS_NOT_UTF8")]


def test_binary_garbage_is_refused_at_its_line():
    assert problems(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR") == [(3, "CARDS_BINARY")]
    assert problems(HEADER + "Fortel\x00,,,,,\n") == [(2, "CARDS_BINARY")]


def test_an_empty_file_is_refused():
    assert problems("") == [(1, "CARDS_EMPTY")]
    assert problems(b"\xef\xbb\xbf \n\n") == [(1, "CARDS_EMPTY")]
    assert problems(HEADER) == [(2, "CARDS_NO_ROWS")]


def test_a_broken_quote_stops_the_reading_at_its_line():
    assert problems(HEADER + 'Fortel,,,,,\n"Plotka"x,,,,,\n') == [(3, "CARDS_CSV_ERROR")]


def test_fields_hold_no_line_break_and_lines_stay_physical():
    # The quoted name spans lines 2-3: refused, and the next rows keep their own line numbers.
    text = HEADER + '"Pani\nEufrozyna",,,,,\nFortel,,,,,\nKasztelan,,elekcja,,,\n,Bez Nazwy,,,,\nA,,,,,,extra\n'
    assert problems(text) == [
        (2, "CARDS_CONTROL_CHARACTER"),
        (5, "CARDS_BAD_TYPE"),
        (6, "CARDS_NAME_MISSING"),
        (7, "CARDS_TOO_MANY_FIELDS"),
    ]


def test_every_problem_is_reported_at_once_in_line_order():
    text = (
        HEADER + "Fortel,,inna,,,\n"  # 2: fine
        "Kasztelan,,wojewoda,,,\n"  # 3: bad type
        "Fortel,,,,,Sławny\n"  # 4: unknown keyword (and the duplicate is not read)
        "Plotka,,,,,\n"  # 5: fine
        "plotka,,other,,,\n"  # 6: duplicate
    )
    with pytest.raises(CardListError) as refused:
        parse_card_list(text)
    assert [(p.line, p.message_id) for p in refused.value.problems] == [
        (3, "CARDS_BAD_TYPE"),
        (4, "CARDS_UNKNOWN_KEYWORD"),
        (6, "CARDS_DUPLICATE_CARD"),
    ]
    error = refused.value
    assert str(error).splitlines()[0] == "Line 3: Unknown card type “wojewoda”; the types are elekt, strategy or other."
    assert error.message("pl").splitlines()[0] == (
        "Wiersz 3: Nieznany typ karty „wojewoda”; dozwolone typy to elekt, strategy lub other."
    )
    assert error.to_dict("en")["problems"][2] == {
        "line": 6,
        "message_id": "CARDS_DUPLICATE_CARD",
        "message": "Line 6: The card “plotka” is already on the list (line 5): a name and epithet name one card.",
        "params": {"name": "plotka", "first_line": 5},
    }


def test_a_list_wrong_on_every_line_stops_after_the_limit():
    rows = "".join(f"Karta {n},,zła,,,\n" for n in range(MAX_PROBLEMS * 2))
    found = problems(HEADER + rows)
    assert len(found) == MAX_PROBLEMS + 1
    assert found[-1] == (MAX_PROBLEMS + 1, "CARDS_TOO_MANY_ERRORS")


def test_a_card_list_never_holds_a_card_twice():
    with pytest.raises(ValueError, match="twice"):
        VetoCardList((VetoCard(name="Fortel"), VetoCard(name="FORTEL")))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300), st.text(max_size=300).map(lambda t: HEADER + t)))
def test_any_input_is_read_or_refused_with_problems_never_an_exception(source):
    try:
        parse_card_list(source)
    except CardListError as refused:
        assert refused.problems and all(problem.line >= 1 for problem in refused.problems)
        refused.message("pl"), refused.message("en")
