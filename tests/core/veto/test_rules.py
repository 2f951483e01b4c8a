"""Veto deck legality, article by article of the "Artykuły Henrykowskie" 3.0.3: for each rule, a deck that
breaks that rule alone, built from the example card list by changing a line or two of a legal deck.

Test names carry the article ("b_207_5" is appendix B, 207.5; "d_401_1_u" appendix D, 401.1.u).
"""

from __future__ import annotations

import json

import pytest

from vtesdeck.core.veto import RULESETS, VetoCard, VetoDeck, parse_decklist, validate
from vtesdeck.core.veto.rules import ERROR_CODES, WARNING_CODES

from .conftest import LEGAL, SEALED


def edited(*changes: tuple[str, str], text: str = LEGAL) -> str:
    """The decklist with each (old, new) line replaced once: the old line must be there."""
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def check(card_list, text: str, ruleset: str = "veto"):
    deck = parse_decklist(text, card_list)
    assert not deck.unresolved, deck.unresolved
    return validate(deck, card_list, ruleset)


def codes(issues) -> list[str]:
    return [issue.code for issue in issues]


def test_the_legal_constructed_deck_breaks_no_rule(card_list):
    report = check(card_list, LEGAL)
    assert report.legal
    assert report.errors == report.warnings == ()
    assert (report.deck_count, report.sideboard_count) == (60, 15)


def test_the_legal_sealed_deck_breaks_no_rule(card_list):
    report = check(card_list, SEALED, "veto-sealed")
    assert report.legal, [issue.message("en") for issue in report.errors]
    assert report.deck_count == 30


def test_the_formats_are_data():
    constructed, sealed = RULESETS["veto"], RULESETS["veto-sealed"]
    assert (constructed.deck_min, constructed.copies_per_card, constructed.one_alliance) == (60, 3, True)
    assert (sealed.deck_min, sealed.copies_per_card, sealed.one_alliance) == (30, None, False)
    assert constructed.sideboard_sizes == {0, 15} and sealed.sideboard_sizes is None
    assert not constructed.sideboard_is_pool and sealed.sideboard_is_pool
    assert not constructed.convivial_allowed and not sealed.convivial_allowed
    for ruleset in RULESETS.values():
        assert set(ruleset.articles) == {*ERROR_CODES, *WARNING_CODES}


# --- 101.5, 101.7, 204.4, 204.5: the size of the Kredens ----------------------------------------------------


def test_101_5_a_and_204_4_a_constructed_kredens_holds_at_least_60_cards(card_list):
    report = check(card_list, edited(("1x Pieczęć Koronna\n", "")))
    assert codes(report.errors) == ["DECK_TOO_SMALL"]
    error = report.errors[0]
    assert error.params == {"count": 59, "min": 60, "short": 1, "ruleset": "veto"}
    assert error.articles == ("101.5.a", "204.4")
    assert error.message("pl") == "Kredens ma 59 kart; w formacie kwarcianym musi mieć co najmniej 60 (brakuje 1)."
    assert error.message("en") == (
        "The deck has 59 cards; in the constructed format (kwarciany) it needs at least 60 (1 short)."
    )
    assert error.rule("pl") == "Artykuły Henrykowskie 3.0.3, 101.5.a, 204.4"
    assert error.rule("en") == "Henrician Articles 3.0.3, 101.5.a, 204.4"


def test_101_7_a_kredens_has_no_upper_limit(card_list):
    more = "3x List Żelazny\n3x Weksel\n3x Pojedynek o Świcie\n3x Miecznik Koronny\n1x Chorągiew Złota\n"
    report = check(card_list, edited(("1x Chorągiew Złota\n", more)))
    assert report.legal
    assert report.deck_count == 72


def test_101_5_b_and_204_5_a_sealed_kredens_holds_at_least_30_cards(card_list):
    report = check(card_list, edited(("4x Plotka", "3x Plotka"), text=SEALED), "veto-sealed")
    assert codes(report.errors) == ["DECK_TOO_SMALL"]
    assert report.errors[0].articles == ("101.5.b", "204.5")
    assert report.errors[0].message("pl") == (
        "Kredens ma 29 kart; w formacie wybranieckim musi mieć co najmniej 30 (brakuje 1)."
    )


# --- 101.5.a: copies ----------------------------------------------------------------------------------------


def test_101_5_a_three_copies_of_a_name_and_epithet_at_most(card_list):
    report = check(card_list, edited(("3x Koń Turecki", "4x Koń Turecki")))
    assert codes(report.errors) == ["TOO_MANY_COPIES"]
    error = report.errors[0]
    assert error.cards == ("Koń Turecki",)
    assert error.params == {"name": "Koń Turecki", "count": 4, "max": 3}
    assert error.articles == ("101.5.a",)


def test_101_5_a_the_epithet_is_part_of_the_name_so_each_version_has_its_own_three(card_list):
    # The legal deck holds three of each "Podczaszy Ambroży": Wierny Sługa and Stary Intrygant (A 105.1.a).
    deck = parse_decklist(LEGAL, card_list)
    assert [n for card, n in deck.deck.items() if card.name == "Podczaszy Ambroży"] == [3, 3]
    assert validate(deck, card_list).legal


def test_101_5_b_a_sealed_deck_holds_any_number_of_copies(card_list):
    report = check(card_list, edited(("5x Fortel", "9x Fortel"), text=SEALED), "veto-sealed")
    assert report.legal


# --- B 207, B 206, 210.1: the special cards ---------------------------------------------------------------


def test_b_207_5_a_player_uses_exactly_one_elekt_card(card_list):
    missing = check(card_list, edited(("1x Wojewoda Mścisław, Elekt Dworski\n", "")))
    # No elekt, no faction to check the crests against: the missing elekt is the one error.
    assert codes(missing.errors) == ["ELEKT_COUNT"]
    assert missing.errors[0].message_id == "ELEKT_MISSING"
    assert missing.errors[0].articles == ("B 207.5",)

    two = check(
        card_list,
        edited(("1x Sejmik Burzliwy", "1x Sejmik Burzliwy\n1x Książę Radosław, Elekt Litewski")),
    )
    assert codes(two.errors) == ["ELEKT_COUNT"]
    assert two.errors[0].message_id == "ELEKT_TOO_MANY"
    assert two.errors[0].cards == ("Wojewoda Mścisław, Elekt Dworski", "Książę Radosław, Elekt Litewski")
    assert two.errors[0].message("en") == (
        "The decklist has 2 elekt/faction cards (“Wojewoda Mścisław, Elekt Dworski” and “Książę Radosław, Elekt "
        "Litewski”); a player uses only one."
    )


def test_b_207_2_the_elekt_card_stands_outside_the_kredens(card_list):
    # Listed in the deck, it is reported where it stands, not moved: and it is no Kredens card.
    text = edited(("1x Wojewoda Mścisław, Elekt Dworski\n", ""), ("3x Plotka", "3x Plotka\n1x Wojewoda Mścisław"))
    report = check(card_list, text)
    assert codes(report.errors) == ["ELEKT_IN_DECK"]
    assert report.errors[0].articles == ("B 207.2", "210.1")
    assert report.deck_count == 60


def test_b_207_8_no_elekt_card_in_the_sakwa(card_list):
    report = check(card_list, edited(("1x Róg Obfitości", "1x Książę Radosław, Elekt Litewski")))
    assert codes(report.errors) == ["ELEKT_IN_SIDEBOARD"]
    assert report.errors[0].cards == ("Książę Radosław, Elekt Litewski",)
    assert report.errors[0].articles == ("B 207.8",)


def test_b_206_4_one_strategy_card_at_most(card_list):
    report = check(card_list, edited(("1x Sejmik Burzliwy", "1x Sejmik Burzliwy\n1x Zgoda, Panowie Bracia")))
    assert codes(report.errors) == ["TOO_MANY_STRATEGIES"]
    assert report.errors[0].params["count"] == 2
    assert report.errors[0].articles == ("B 206.4",)


def test_b_206_5_a_strategy_card_may_wait_in_the_sakwa(card_list):
    deck = parse_decklist(LEGAL, card_list)
    assert "Zgoda, Panowie Bracia" in [card.full_name for card in deck.sideboard]
    assert validate(deck, card_list).legal


def test_b_206_1_the_strategy_card_stands_outside_the_kredens(card_list):
    text = edited(("1x Sejmik Burzliwy\n", ""), ("3x Plotka", "3x Plotka\n1x Sejmik Burzliwy"))
    report = check(card_list, text)
    assert codes(report.errors) == ["STRATEGY_IN_DECK"]
    assert report.deck_count == 60


def test_210_1_only_elekt_and_strategy_cards_are_special(card_list):
    report = check(card_list, edited(("1x Sejmik Burzliwy", "1x Sejmik Burzliwy\n1x Plotka")))
    assert codes(report.errors) == ["NOT_SPECIAL_CARD"]
    assert report.errors[0].cards == ("Plotka",)


# --- 106.6, 204.8, B 207.3, A 102.3: factions ------------------------------------------------------------


def test_106_6_and_204_8_the_kredens_holds_factionless_cards_and_the_elekts_faction(card_list):
    report = check(card_list, edited(("3x Plotka", "3x Rotmistrz Kazimierz, Lew Północy")))
    assert codes(report.errors) == ["OFF_FACTION"]
    error = report.errors[0]
    assert error.articles == ("106.6", "204.8", "B 207.3", "A 103.3")
    assert error.params == {
        "name": "Rotmistrz Kazimierz, Lew Północy",
        "factions": ["Radziwiłłowie"],
        "elekt": "Wojewoda Mścisław, Elekt Dworski",
        "elekt_factions": ["Dworscy"],
    }
    assert error.message("pl") == (
        "„Rotmistrz Kazimierz, Lew Północy” (Radziwiłłowie) nie należy do frakcji elekta „Wojewoda Mścisław, Elekt "
        "Dworski” (Dworscy); w Kredensie mogą być tylko karty bezfrakcyjne i karty tej frakcji."
    )


def test_b_207_3_the_elekt_card_decides_the_sakwa_too(card_list):
    report = check(card_list, edited(("3x Weksel", "3x Zawadiaka Florian, Postrach Karczmy")))
    assert codes(report.errors) == ["OFF_FACTION"]
    assert report.errors[0].message_id == "OFF_FACTION_SIDEBOARD"


def test_a_102_3_a_card_with_two_crests_belongs_to_both_factions(card_list):
    # Poseł Jacenty bears the crests of the Dworscy and of the Wiśniowieccy.
    assert check(card_list, edited(("3x Plotka", "3x Poseł Jacenty, Sługa Dwóch Panów"))).legal


# --- 204.7, A 103.3: alliances ----------------------------------------------------------------------------


def test_204_7_constructed_decks_hold_one_alliance_at_most(card_list):
    report = check(card_list, edited(("3x Plotka", "3x Chutor nad Rzeką")))
    assert codes(report.errors) == ["TOO_MANY_ALLIANCES"]
    error = report.errors[0]
    assert error.params["alliances"] == ["Kompania Bursztynowa", "Bractwo Stepowe"]
    # Kompania Bursztynowa holds 8 copies, Bractwo Stepowe 3: the latter's cards are the ones to cut.
    assert error.cards == ("Chutor nad Rzeką",)
    assert error.articles == ("204.7", "A 103.3")


def test_204_7_sealed_decks_hold_any_number_of_alliances(card_list):
    deck = parse_decklist(SEALED, card_list)
    alliances = {alliance for card in deck.deck for alliance in card.alliances}
    assert alliances == {"Kompania Bursztynowa", "Bractwo Stepowe"}
    assert validate(deck, card_list, "veto-sealed").legal


def test_a_103_3_a_a_dual_mark_card_of_another_faction_joins_through_its_alliance(card_list):
    # Pułkownik Teodor: the Radziwiłłowie crest and the Kompania Bursztynowa mark, in a Dworscy deck of that
    # alliance. The other faction cards are Dworscy: it counts as an alliance card only.
    report = check(card_list, edited(("3x Plotka", "3x Pułkownik Teodor, Przyjaciel Kompanii")))
    assert report.legal
    assert codes(report.warnings) == ["DUAL_MARK"]
    warning = report.warnings[0]
    assert warning.message_id == "DUAL_MARK_ALLIANCE_ONLY"
    assert warning.articles == ("A 103.3.a",)
    assert warning.message("en") == (
        "“Pułkownik Teodor, Przyjaciel Kompanii” (crest: Radziwiłłowie; alliance: Kompania Bursztynowa): the deck's "
        "other faction cards are of another faction (Dworscy), so it counts as an alliance card only."
    )


def test_a_103_3_a_a_dual_mark_card_in_the_kredens_and_the_sakwa_is_read_once(card_list):
    text = edited(
        ("3x Plotka", "2x Pułkownik Teodor, Przyjaciel Kompanii\n1x Plotka"),
        ("1x Róg Obfitości", "1x Pułkownik Teodor, Przyjaciel Kompanii"),
    )
    report = check(card_list, text)
    assert report.legal
    assert [w.cards for w in report.warnings] == [("Pułkownik Teodor, Przyjaciel Kompanii",)]


def test_a_103_3_a_without_other_cards_of_its_alliance_it_is_outside_the_faction(card_list):
    text = edited(
        ("3x Plotka", "3x Pułkownik Teodor, Przyjaciel Kompanii"),
        ("3x Faktor Gotfryd, Kupiec z Gdańska", "3x List Żelazny"),
        ("3x Skład Bursztynu", "3x Weksel"),
        ("2x Szkuta Wiślana", "2x Pojedynek o Świcie"),
    )
    # The Sakwa's Szkuta Wiślana does not count: A 103.3 speaks of the Kredens the card joins.
    report = check(card_list, text)
    assert codes(report.errors) == ["OFF_FACTION"]
    assert report.errors[0].message_id == "OFF_FACTION_DUAL"
    assert report.errors[0].params["alliances"] == ["Kompania Bursztynowa"]


def test_a_103_3_b_a_dual_mark_card_of_the_elekts_faction_leaves_its_alliance_behind(card_list):
    # Marszałek Wawrzyniec: the Dworscy crest and the Bractwo Stepowe mark, in a deck of Kompania Bursztynowa.
    # The other alliance cards are of another alliance: it counts as a faction card only, so one alliance.
    report = check(card_list, edited(("3x Plotka", "3x Marszałek Wawrzyniec, Stronnik Stepu")))
    assert report.legal
    assert [w.message_id for w in report.warnings] == ["DUAL_MARK_FACTION_ONLY"]
    assert report.warnings[0].articles == ("A 103.3.b",)
    assert report.warnings[0].params["others"] == ["Kompania Bursztynowa"]
    # The same alliance mark on a factionless card is a second alliance.
    assert codes(check(card_list, edited(("3x Plotka", "3x Atamanka Hanna, Córka Stepu"))).errors) == [
        "TOO_MANY_ALLIANCES"
    ]


# --- D 401.1: keywords ------------------------------------------------------------------------------------


def test_d_401_1_u_one_copy_of_each_legendary_card(card_list):
    report = check(card_list, edited(("1x Pieczęć Koronna", "1x Buława Hetmańska")))
    assert codes(report.errors) == ["LEGENDARY_COPIES"]
    assert report.errors[0].params == {"name": "Buława Hetmańska", "count": 2}
    assert report.errors[0].articles == ("D 401.1.u",)


def test_d_401_1_u_one_legendary_card_for_every_15_cards_of_the_kredens(card_list):
    five = edited(("3x Plotka", "2x Plotka\n1x Róg Obfitości"))
    report = check(card_list, five)
    assert codes(report.errors) == ["LEGENDARY_TOTAL"]
    assert {k: report.errors[0].params[k] for k in ("count", "max", "per")} == {"count": 5, "max": 4, "per": 15}
    # "przy siedemdziesięciu pięciu – pięć": 75 cards hold five.
    more = "3x List Żelazny\n3x Weksel\n3x Pojedynek o Świcie\n3x Miecznik Koronny\n1x Szkuta Wiślana\n"
    seventy_five = edited(("1x Chorągiew Złota\n", "1x Chorągiew Złota\n" + more + "2x Poseł Jacenty\n"), text=five)
    report = check(card_list, seventy_five)
    assert report.deck_count == 75
    assert report.legal


def test_d_401_1_v_three_limited_copies_of_a_name_whatever_the_epithet(card_list):
    report = check(card_list, edited(("1x Mistrz Fechtunku, Szkoła Polska", "2x Mistrz Fechtunku, Szkoła Polska")))
    assert codes(report.errors) == ["LIMITED_COPIES"]
    error = report.errors[0]
    assert error.params["count"] == 4
    assert error.cards == ("Mistrz Fechtunku, Szkoła Włoska", "Mistrz Fechtunku, Szkoła Polska")
    assert error.articles == ("D 401.1.v",)


def test_d_401_1_v_the_sakwa_counts_toward_the_limited_copies(card_list):
    report = check(card_list, edited(("3x Weksel", "2x Weksel\n1x Mistrz Fechtunku, Szkoła Polska")))
    assert codes(report.errors) == ["LIMITED_COPIES"]
    assert report.errors[0].message_id == "LIMITED_COPIES"


def test_d_401_1_v_in_sealed_the_kredens_alone_counts(card_list):
    # The sealed Sakwa holds five "Mistrz Fechtunku, Szkoła Polska": the rest of the pool (211.4.a).
    assert check(card_list, SEALED, "veto-sealed").legal
    report = check(card_list, edited(("4x Plotka", "4x Mistrz Fechtunku, Szkoła Włoska"), text=SEALED), "veto-sealed")
    assert codes(report.errors) == ["LIMITED_COPIES"]
    assert report.errors[0].message_id == "LIMITED_COPIES_DECK"


def test_d_401_1_a_no_biesiadny_card_in_a_tournament_kredens(card_list):
    report = check(card_list, edited(("3x Plotka", "2x Plotka\n1x Dzban Miodu")))
    assert codes(report.errors) == ["CONVIVIAL_CARD"]
    assert report.errors[0].articles == ("D 401.1.a",)


def test_d_401_1_a_holds_in_sealed_too(card_list):
    report = check(card_list, edited(("4x Plotka", "3x Plotka\n1x Dzban Miodu"), text=SEALED), "veto-sealed")
    assert codes(report.errors) == ["CONVIVIAL_CARD"]


def test_d_401_1_a_names_the_kredens_alone(card_list):
    assert check(card_list, edited(("3x Weksel", "2x Weksel\n1x Dzban Miodu"))).legal


# --- 211: the Sakwa ---------------------------------------------------------------------------------------


def test_211_3_a_a_constructed_sakwa_holds_0_or_15_cards(card_list):
    report = check(card_list, edited(("1x Róg Obfitości\n", "")))
    assert codes(report.errors) == ["SIDEBOARD_SIZE"]
    assert report.errors[0].params == {"count": 14, "allowed": [0, 15], "ruleset": "veto"}
    assert report.errors[0].message("pl") == "Sakwa ma 14 kart; w formacie kwarcianym Sakwa ma 0 lub 15 kart."
    assert codes(check(card_list, edited(("1x Róg Obfitości", "2x Róg Obfitości"))).errors) == ["SIDEBOARD_SIZE"]
    without = LEGAL[: LEGAL.index("Sakwa (15):")]
    assert check(card_list, without).legal


def test_211_4_a_the_sealed_sakwa_is_the_rest_of_the_pool(card_list):
    report = check(card_list, SEALED + "40x Zawadiaka Florian, Postrach Karczmy\n", "veto-sealed")
    assert report.legal
    assert report.sideboard_count == 55


# --- 101.4: a deck is made of the game's cards -----------------------------------------------------------


def test_101_4_a_line_naming_no_card_makes_the_deck_illegal(card_list):
    deck = parse_decklist(edited(("3x Plotka", "3x Plotka\n2x Pan Wołodyjowski")), card_list)
    report = validate(deck, card_list)
    assert codes(report.errors) == ["UNKNOWN_CARD"]
    assert report.errors[0].params == {"line": 21, "text": "2x Pan Wołodyjowski", "suggestions": []}
    assert report.errors[0].articles == ("101.4",)
    assert report.to_dict()["unresolved"] == [
        {
            "line": 21,
            "text": "2x Pan Wołodyjowski",
            "count": 2,
            "section": "deck",
            "reason": "unknown",
            "suggestions": [],
        }
    ]


def test_101_4_a_card_the_list_does_not_hold_is_unknown(card_list):
    deck = parse_decklist(LEGAL, card_list)
    deck.add(VetoCard(name="Pan Zagłoba"), 1)
    report = validate(deck, card_list)
    assert codes(report.errors) == ["UNKNOWN_CARD"]
    assert report.errors[0].message_id == "CARD_NOT_IN_LIST"
    assert report.errors[0].message("pl") == "Karty „Pan Zagłoba” nie ma na liście kart."


def test_an_empty_deck_reports_what_it_lacks(card_list):
    report = validate(VetoDeck(), card_list)
    assert codes(report.errors) == ["ELEKT_COUNT", "DECK_TOO_SMALL"]


# --- the report -------------------------------------------------------------------------------------------


def test_the_report_as_data(card_list):
    report = check(card_list, edited(("3x Plotka", "3x Rotmistrz Kazimierz, Lew Północy")))
    data = report.to_dict(lang="en")
    json.dumps(data)  # JSON-ready
    assert data["game"] == "veto"
    assert (data["legal"], data["ruleset"], data["format"], data["lang"]) == (
        False,
        "veto",
        "Constructed (kwarciany)",
        "en",
    )
    assert (data["deck_count"], data["sideboard_count"]) == (60, 15)
    assert data["special"] == {
        "elekt": ["Wojewoda Mścisław, Elekt Dworski"],
        "strategy": ["Sejmik Burzliwy"],
        "other": [],
    }
    assert data["deck"][0] == {"name": "Podczaszy Ambroży", "epithet": "Wierny Sługa", "count": 3}
    assert sum(entry["count"] for entry in data["sideboard"]) == 15
    assert data["errors"] == [
        {
            "code": "OFF_FACTION",
            "title": "Card outside the elekt's faction",
            "message_id": "OFF_FACTION",
            "message": "“Rotmistrz Kazimierz, Lew Północy” (Radziwiłłowie) is not of the faction of the elekt "
            "“Wojewoda Mścisław, Elekt Dworski” (Dworscy); a deck holds only factionless cards and cards of that "
            "faction.",
            "rule": "Henrician Articles 3.0.3, 106.6, 204.8, B 207.3, A 103.3",
            "rule_url": "",
            "articles": ["106.6", "204.8", "B 207.3", "A 103.3"],
            "params": {
                "name": "Rotmistrz Kazimierz, Lew Północy",
                "factions": ["Radziwiłłowie"],
                "elekt": "Wojewoda Mścisław, Elekt Dworski",
                "elekt_factions": ["Dworscy"],
            },
            "cards": ["Rotmistrz Kazimierz, Lew Północy"],
        }
    ]
    assert (data["warnings"], data["unresolved"]) == ([], [])
    polish = report.to_dict()  # Polish by default: the game's language
    assert polish["lang"] == "pl" and polish["format"] == "Format kwarciany"
    assert polish["errors"][0]["title"] == "Karta spoza frakcji elekta"
    assert polish["errors"][0]["rule"] == "Artykuły Henrykowskie 3.0.3, 106.6, 204.8, B 207.3, A 103.3"


def test_an_unknown_ruleset_is_refused(card_list):
    with pytest.raises(ValueError, match="veto-sealed"):
        validate(VetoDeck(), card_list, "kwarciany")
