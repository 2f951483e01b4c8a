"""Deck legality, rule by rule, as the rulebooks and the VEKN tournament rules state them.

Decks are built from the bundled card list by card name; dates are chosen around the facts the
validator encodes (ban dates, release dates, the 30-day delay).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re

import pytest

from vtesdeck.core import carddb
from vtesdeck.core.deck import Deck, Declared, Event, Unresolved
from vtesdeck.core.validate import ERROR_CODES, RULESETS, VEKN_BAN_DATES, WARNING_CODES, Ruleset, ban_dates, validate

TODAY = datetime.date(2026, 1, 15)  # a fixed "today": the bundled list knows every card by then
DAY = datetime.timedelta(days=1)


def card(cards, name):
    found = cards.lookup(name)
    assert found is not None, name
    return found


def build(cards, crypt=(), library=(), **fields) -> Deck:
    """A deck from (name, copies) pairs."""
    deck = Deck(**fields)
    for name, n in (*crypt, *library):
        deck.add(card(cards, name), n)
    return deck


def legal_deck(cards, *, crypt=12, library=60, extra_crypt=(), extra_library=(), **fields) -> Deck:
    """Anson (group 1, Toreador prince) and a Blood Doll library: legal on any day since 1996."""
    return build(cards, [("Anson", crypt), *extra_crypt], [("Blood Doll", library), *extra_library], **fields)


def codes(issues) -> list[str]:
    return [issue.code for issue in issues]


# --- §1 deck construction: sizes ------------------------------------------------------------


def test_a_crypt_needs_at_least_12_cards(cards):
    assert validate(legal_deck(cards, crypt=12), cards, as_of=TODAY).legal
    report = validate(legal_deck(cards, crypt=11), cards, as_of=TODAY)
    assert codes(report.errors) == ["CRYPT_TOO_SMALL"]
    assert report.errors[0].message == "Crypt has 11 cards; a tournament deck needs at least 12 (1 short)."
    error = report.errors[0]
    assert error.rule == (
        "VEKN rulebook, 1. Introduction › Deck construction; VEKN tournament rules, 6.2 Constructed Deck Size Limits"
    )
    assert error.rule_url == "https://www.vekn.net/rulebook/1-introduction"
    assert error.params == {
        "count": 11,
        "min": 12,
        "max": None,
        "short": 1,
        "ruleset": "vekn",
        "format": "VEKN tournament",
    }


def test_a_crypt_has_no_maximum(cards):
    assert validate(legal_deck(cards, crypt=40), cards, as_of=TODAY).legal


@pytest.mark.parametrize(
    ("library", "code"), [(59, "LIBRARY_TOO_SMALL"), (60, None), (90, None), (91, "LIBRARY_TOO_LARGE")]
)
def test_a_library_holds_60_to_90_cards(cards, library, code):
    report = validate(legal_deck(cards, library=library), cards, as_of=TODAY)
    assert codes(report.errors) == ([code] if code else [])
    assert report.library_count == library


def test_size_messages_say_how_far_off_the_deck_is(cards):
    short = validate(legal_deck(cards, library=58), cards, as_of=TODAY).errors[0]
    assert short.message == "Library has 58 cards; a tournament deck needs 60 to 90 (2 short)."
    long = validate(legal_deck(cards, library=95), cards, as_of=TODAY).errors[0]
    assert long.message == "Library has 95 cards; a tournament deck needs 60 to 90 (5 too many)."


# --- 2011 rulebook: 40 cards plus 10 per player ------------------------------------------------


@pytest.mark.parametrize(
    ("library", "code"), [(39, "LIBRARY_TOO_SMALL"), (40, None), (80, None), (81, "LIBRARY_TOO_LARGE")]
)
def test_the_2011_library_at_a_four_player_table_holds_40_to_80(cards, library, code):
    report = validate(legal_deck(cards, library=library), cards, ruleset="rulebook-2011", as_of=TODAY, players=4)
    assert codes(report.errors) == ([code] if code else [])
    assert report.players == 4


def test_the_2011_library_defaults_to_a_five_player_table(cards):
    assert validate(legal_deck(cards, library=90), cards, ruleset="rulebook-2011", as_of=TODAY).legal
    report = validate(legal_deck(cards, library=91), cards, ruleset="rulebook-2011", as_of=TODAY)
    assert report.errors[0].message == (
        "Library has 91 cards; a deck under the 2011 rulebook needs 40 to 90 at a 5-player table (1 too many)."
    )
    # The 2011 German rulebook has no page online: its section, without a link.
    assert report.errors[0].rule == "German 2011 rulebook, 1.2 Required game materials › 1. Cards"
    assert report.errors[0].rule_url == ""
    assert report.errors[0].params["players"] == 5
    assert report.to_dict()["players"] == 5


def test_the_2011_crypt_also_needs_12_cards(cards):
    report = validate(legal_deck(cards, crypt=11, library=40), cards, ruleset="rulebook-2011", as_of=TODAY)
    assert codes(report.errors) == ["CRYPT_TOO_SMALL"]


# --- crypt groups: one group, or two consecutive ones; ANY is exempt --------------------------


def test_groups_2_and_3_may_share_a_crypt(cards):
    deck = build(cards, [("Alexandra", 6), ("Alan Sovereign", 6)], [("Blood Doll", 60)])
    report = validate(deck, cards, as_of=TODAY)
    assert report.legal
    assert report.groups == (2, 3)


def test_groups_2_and_4_may_not(cards):
    deck = build(cards, [("Alexandra", 8), ("Keith Moody", 4)], [("Blood Doll", 60)])
    report = validate(deck, cards, as_of=TODAY)
    assert codes(report.errors) == ["CRYPT_GROUPS"]
    error = report.errors[0]
    # The vampires to cut are those outside the window that keeps most copies (groups 1-2 or 2-3).
    assert "Keith Moody (group 4)" in error.message and "groups 2 and 4" in error.message
    assert error.cards == (card(cards, "Keith Moody").id,)
    assert error.rule == "VEKN rulebook, 1. Introduction › Deck construction; VEKN rulebook, 8. Glossaries › Group"
    assert error.params == {
        "groups": [2, 4],
        "window": 2,
        "kept": [2, 3],
        "outside": [{"id": card(cards, "Keith Moody").id, "name": "Keith Moody", "group": 4}],
    }


def test_group_any_fits_every_crypt(cards):
    deck = build(cards, [("Alexandra", 6), ("Alan Sovereign", 4), ("Anarch Convert", 2)], [("Blood Doll", 60)])
    report = validate(deck, cards, as_of=TODAY)
    assert report.legal
    assert report.groups == (2, 3)  # ANY is not a group number
    assert validate(build(cards, [("Anarch Convert", 12)], [("Blood Doll", 60)]), cards, as_of=TODAY).groups == ()


def test_the_2011_rulebook_has_the_group_rule_too(cards):
    deck = build(cards, [("Alexandra", 8), ("Keith Moody", 4)], [("Blood Doll", 60)])
    report = validate(deck, cards, ruleset="rulebook-2011", as_of=TODAY)
    assert codes(report.errors) == ["CRYPT_GROUPS"]
    assert "1.5 Crypt cards overview › 5. Group" in report.errors[0].rule


# --- the banned list, from the day each ban took effect -----------------------------------------


def test_lilith_s_blessing_is_banned_from_22_may_2013(cards):
    deck = legal_deck(cards, library=59, extra_library=[("Lilith's Blessing", 1)])
    assert validate(deck, cards, as_of=datetime.date(2013, 5, 21)).legal
    report = validate(deck, cards, as_of=datetime.date(2013, 5, 22))
    assert codes(report.errors) == ["BANNED_CARD"]
    assert report.errors[0].message == "Lilith's Blessing is banned in VEKN tournaments since 2013-05-22."
    assert report.errors[0].cards == (card(cards, "Lilith's Blessing").id,)


def test_the_2011_rulebook_has_no_banned_list(cards):
    deck = legal_deck(cards, library=59, extra_library=[("Succubus Club", 1)])
    assert codes(validate(deck, cards, as_of=TODAY).errors) == ["BANNED_CARD"]
    assert validate(deck, cards, ruleset="rulebook-2011", as_of=TODAY).legal


def test_every_banned_card_of_the_bundled_list_has_an_exact_ban_date(cards):
    # A ban added to the card list without a date in VEKN_BAN_DATES fails here, so the date gets found.
    dates = ban_dates(cards)
    assert len(dates) == len(VEKN_BAN_DATES) == 20
    assert [card_id for card_id, (_, exact) in dates.items() if not exact] == []
    for card_id, (day, _) in dates.items():
        assert day.year == cards[card_id].banned_year, cards[card_id].name


def test_a_ban_without_a_known_date_applies_from_1_january(cards):
    doll = dataclasses.replace(card(cards, "Blood Doll"), banned_year=2030)
    index = carddb.CardIndex([card(cards, "Anson"), doll])
    deck = legal_deck(index)
    assert validate(deck, index, as_of=datetime.date(2029, 12, 31)).legal
    report = validate(deck, index, as_of=datetime.date(2030, 1, 1))
    assert report.errors[0].message == (
        "Blood Doll is banned in VEKN tournaments since 2030 (the card list gives the year only)."
    )
    assert ban_dates(index) == {doll.id: (datetime.date(2030, 1, 1), False)}


# --- new cards: legal 30 days after release ---------------------------------------------------


def test_a_new_card_is_legal_30_days_after_its_first_release(cards):
    wilds = card(cards, "Mind of the Wilds")  # Heirs to the Blood, 2010-02-03
    deck = legal_deck(
        cards, library=59, extra_library=[("Mind of the Wilds", 1)], extra_crypt=[("Alexandra", 1)]
    )  # (Animalism and Auspex for the card)
    report = validate(deck, cards, as_of=wilds.first_release + 29 * DAY)
    assert codes(report.errors) == ["NOT_YET_LEGAL"]
    assert report.errors[0].message == ("Mind of the Wilds is not legal until 2010-03-05 (first released 2010-02-03).")
    assert validate(deck, cards, as_of=wilds.first_release + 30 * DAY).legal


def test_some_sets_were_legal_on_release_day(cards):
    # Lost Kindred (VEKN print-and-play) won the NCQ Marseille on its release day.
    deck = build(cards, [("Erebus", 6), ("Alexandra", 6)], [("Blood Doll", 60)])
    assert validate(deck, cards, as_of=datetime.date(2018, 6, 9)).legal
    assert codes(validate(deck, cards, as_of=datetime.date(2018, 6, 8)).errors) == ["NOT_YET_LEGAL"]


def test_rulesets_without_release_rules_warn_of_cards_from_the_future(cards):
    deck = legal_deck(cards, library=59, extra_library=[("Burial Site Hunting Ground", 1)])  # Sabbat V5, 2025-10-26
    report = validate(deck, cards, ruleset="rulebook-2011", as_of=datetime.date(2011, 6, 1))
    assert report.legal
    assert codes(report.warnings) == ["FUTURE_SET"]
    assert report.warnings[0].message == (
        "Burial Site Hunting Ground did not exist yet on 2011-06-01 (first released 2025-10-26)."
    )
    assert codes(validate(deck, cards, as_of=datetime.date(2011, 6, 1)).errors) == ["NOT_YET_LEGAL"]


# --- custom formats ---------------------------------------------------------------------------


V5_LIMITED = {
    "name": "v5-limited",
    "label": "V5 limited",
    "crypt_min": 12,
    "crypt_max": 12,
    "library_min": 40,
    "library_max": 60,
    "allowed_sets": ["V5", "V5A"],
    "banned_cards": [],
    "group_window": 2,
}


def test_a_custom_format_limits_the_card_pool_to_its_sets(cards):
    ruleset = Ruleset.from_dict(V5_LIMITED)
    v5 = build(cards, [("Theo Bell (G6)", 12)], [("Govern the Unaligned", 40)])  # both printed in V5/V5A
    assert validate(v5, cards, ruleset=ruleset, as_of=TODAY).legal
    # Blood Doll was reprinted in V5; Anson and Mind of the Wilds never were.
    deck = legal_deck(cards, library=39, extra_library=[("Mind of the Wilds", 1)])
    report = validate(deck, cards, ruleset=ruleset, as_of=TODAY)
    assert codes(report.errors) == ["NOT_IN_FORMAT"]
    assert report.errors[0].message == (
        "Anson and Mind of the Wilds are not in the V5 limited card pool (cards printed in V5, V5A)."
    )
    assert report.errors[0].cards == (card(cards, "Anson").id, card(cards, "Mind of the Wilds").id)
    assert report.errors[0].rule == "V5 limited format rules; VEKN tournament rules, 6.1.1 Set Restrictions"
    assert report.errors[0].params["sets"] == ["V5", "V5A"]


def test_a_custom_format_may_cap_the_crypt(cards):
    report = validate(
        build(cards, [("Theo Bell (G6)", 13)], [("Govern the Unaligned", 40)]), cards, ruleset=V5_LIMITED, as_of=TODAY
    )
    assert codes(report.errors) == ["CRYPT_TOO_LARGE"]
    assert report.errors[0].message == "Crypt has 13 cards; a V5 limited deck needs exactly 12 (1 too many)."


def test_a_custom_format_may_allow_cards_by_name_and_ban_its_own(cards):
    anson, doll, wilds = card(cards, "Anson"), card(cards, "Blood Doll"), card(cards, "Mind of the Wilds")
    ruleset = Ruleset.from_dict({"name": "house", "allowed_cards": [anson.id, doll.id], "banned_cards": [doll.id]})
    report = validate(
        legal_deck(cards, library=59, extra_library=[("Mind of the Wilds", 1)]), cards, ruleset=ruleset, as_of=TODAY
    )
    assert codes(report.errors) == ["BANNED_CARD", "NOT_IN_FORMAT"]
    assert report.errors[0].message == "Blood Doll is banned in the house format."
    assert report.errors[1].cards == (wilds.id,)


def test_a_ruleset_round_trips_through_its_dict(cards):
    for ruleset in RULESETS.values():
        again = Ruleset.from_dict(ruleset.to_dict())
        assert again.to_dict() == ruleset.to_dict()
    assert json.dumps(RULESETS["vekn"].to_dict())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("vekn", "must be a mapping"),
        ({"label": "no name"}, "'name' must be"),
        ({"name": "bad name!"}, "'name' must be"),
        ({"name": "x", "crypt_size": 12}, "Unknown ruleset setting(s): crypt_size"),
        ({"name": "x", "crypt_min": -1}, "'crypt_min' must be a whole number"),
        ({"name": "x", "crypt_min": "12"}, "'crypt_min' must be a whole number"),
        ({"name": "x", "crypt_min": True}, "'crypt_min' must be a whole number"),
        ({"name": "x", "crypt_min": None}, "'crypt_min' must be a whole number"),
        ({"name": "x", "crypt_min": 13, "crypt_max": 12}, "'crypt_max' (12) is below 'crypt_min' (13)"),
        ({"name": "x", "library_min": 60, "library_max": 40}, "'library_max' (40) is below 'library_min' (60)"),
        ({"name": "x", "group_window": 0}, "'group_window' must be at least 1"),
        ({"name": "x", "bans": "yes"}, "'bans' must be true or false"),
        ({"name": "x", "allowed_sets": "V5"}, "'allowed_sets' must be a list"),
        ({"name": "x", "allowed_sets": [5]}, "'allowed_sets' must list set abbreviations"),
        ({"name": "x", "banned_cards": ["Succubus Club"]}, "'banned_cards' must list VEKN card ids"),
        ({"name": "x", "set_legal_dates": {"V5": "30/11/2020"}}, "must be a date written YYYY-MM-DD"),
    ],
)
def test_a_bad_ruleset_dict_is_refused_with_a_clear_message(data, message):
    with pytest.raises(ValueError) as error:
        Ruleset.from_dict(data)
    assert message in str(error.value)


def test_validate_refuses_unknown_rulesets_dates_and_table_sizes(cards):
    deck = legal_deck(cards)
    with pytest.raises(ValueError, match="Unknown ruleset 'v6'; known rulesets: vekn, rulebook-2011, v5, duel"):
        validate(deck, cards, ruleset="v6")
    with pytest.raises(ValueError, match="as_of must be a date"):
        validate(deck, cards, as_of="yesterday")
    with pytest.raises(ValueError, match="players must be a whole number"):
        validate(deck, cards, ruleset="rulebook-2011", players=0)
    assert validate(deck, cards, ruleset=dict(V5_LIMITED), as_of=TODAY).ruleset.name == "v5-limited"


# --- the day of the check ---------------------------------------------------------------------


def test_as_of_deck_is_the_event_date(cards):
    deck = legal_deck(
        cards,
        library=59,
        extra_library=[("Lilith's Blessing", 1)],
        event=Event(name="Some NCQ", date=datetime.date(2013, 5, 18)),
    )
    report = validate(deck, cards, as_of="deck")
    assert report.as_of == datetime.date(2013, 5, 18) and report.legal
    assert validate(deck, cards, as_of="2013-05-22").as_of == datetime.date(2013, 5, 22)
    assert validate(legal_deck(cards), cards, as_of="deck").as_of == datetime.date.today()
    assert validate(legal_deck(cards), cards).as_of == datetime.date.today()


# --- what the decklist could not say --------------------------------------------------------------


def test_every_unresolved_line_is_an_unknown_card_error_naming_its_text_and_suggestions(cards):
    deck = legal_deck(cards)
    deck.unresolved.append(
        Unresolved(
            line=14, text="2x Govern teh Unaligned", count=2, section="library", suggestions=["Govern the Unaligned"]
        )
    )
    deck.unresolved.append(Unresolved(line=15, text="1x Zzyzx", section="library"))
    report = validate(deck, cards, as_of=TODAY)
    assert codes(report.errors) == ["UNKNOWN_CARD", "UNKNOWN_CARD"]
    assert report.errors[0].message == (
        "Line 14: “2x Govern teh Unaligned” names no card in the card list. Did you mean Govern the Unaligned?"
    )
    assert report.errors[1].message == "Line 15: “1x Zzyzx” names no card in the card list."


def test_a_line_with_an_impossible_count_is_count_invalid(cards):
    deck = legal_deck(cards)
    deck.unresolved.append(Unresolved(line=7, text="0x Blood Doll", count=0, section="library", reason="count"))
    report = validate(deck, cards, as_of=TODAY)
    assert codes(report.errors) == ["COUNT_INVALID"]
    assert (
        report.errors[0].message
        == "Line 7: “0x Blood Doll” asks for 0 copies; a line holds 1 to 10,000 copies of a card."
    )


def test_card_ids_and_counts_the_card_list_cannot_hold(cards):
    deck = legal_deck(cards)
    deck.library[999_999] = 1
    deck.library[card(cards, "Dreams of the Sphinx").id] = 0
    report = validate(deck, cards, as_of=TODAY)
    assert codes(report.errors) == ["UNKNOWN_CARD", "COUNT_INVALID"]
    assert report.errors[0].message == "Card id 999999 is not in the card list."
    assert report.errors[1].message == "Dreams of the Sphinx has 0 copies; a card needs 1 to 10,000 copies."


# --- warnings ---------------------------------------------------------------------------------


def unmet(cards, crypt, library_card):
    deck = build(cards, crypt, [("Blood Doll", 59), (library_card, 1)])
    return [w for w in validate(deck, cards, as_of=TODAY).warnings if w.code == "REQUIREMENT_UNMET"]


def test_a_card_no_crypt_vampire_can_play_is_worth_a_warning(cards):
    # Govern the Unaligned asks for Dominate: Tupdog has none, Anson has it.
    warnings = unmet(cards, [("Tupdog", 12)], "Govern the Unaligned")
    assert [w.message for w in warnings] == [
        "No vampire in the crypt can play Govern the Unaligned: it needs Dominate."
    ]
    assert warnings[0].cards == (card(cards, "Govern the Unaligned").id,)
    assert warnings[0].rule == "VEKN rulebook, 2. Card types › Library cards › Requirements for playing cards"
    assert warnings[0].rule_url == "https://www.vekn.net/rulebook/2-card-types#requirements-for-playing-cards"
    assert warnings[0].params["needs"] == {"disciplines": [["dom"]]}
    assert unmet(cards, [("Anson", 12)], "Govern the Unaligned") == []
    assert unmet(cards, [("Tupdog", 12)], "Blood Doll") == []  # no requirement, no warning


def test_a_card_needing_two_disciplines_needs_them_on_one_vampire(cards):
    # Alpha Glint: Animalism and Fortitude together. Alexandra has Animalism only, Marcus Vitel Fortitude only.
    assert unmet(cards, [("Alexandra", 6), ("Marcus Vitel", 6)], "Alpha Glint")[0].message.endswith(
        "it needs Animalism and Fortitude."
    )
    assert unmet(cards, [("Xaviar", 12)], "Alpha Glint") == []


def test_a_card_with_an_effect_for_one_of_its_disciplines_needs_only_that_one(cards):
    # Trochomancy is "Auspex & Necromancy" in the card list, but its first effect needs Necromancy alone.
    assert unmet(cards, [("Erebus", 12)], "Trochomancy") == []  # Necromancy, and Auspex too
    assert unmet(cards, [("Francesca Giovanni", 12)], "Trochomancy") == []  # Necromancy, no Auspex
    assert unmet(cards, [("Anson", 12)], "Trochomancy")[0].message.endswith("it needs Necromancy.")


def test_clan_title_sect_and_capacity_requirements(cards):
    assert unmet(cards, [("Anson", 12)], "Ankara Citadel, Turkey, The")[0].message.endswith("clan Tremere.")
    assert unmet(cards, [("Tupdog", 12)], "Reinforcements")[0].message.endswith("it needs a title.")
    assert unmet(cards, [("Anson", 12)], "Reinforcements") == []  # a prince
    assert unmet(cards, [("Anson", 12)], "Dusk Work")[0].message.endswith("it needs sect Laibon.")
    assert unmet(cards, [("Tupdog", 12)], "Cloak of Blood")[0].message.endswith("capacity 6 or more.")
    assert unmet(cards, [("Anson", 12)], "Cloak of Blood") == []  # capacity 8


def test_any_untitled_vampire_can_become_an_anarch(cards):
    # Polish rulebook L1206-1211: the become-Anarch action is open to untitled non-Anarch vampires.
    assert unmet(cards, [("Tupdog", 12)], "Anarch Salon") == []
    assert unmet(cards, [("Anson", 12)], "Anarch Salon")[0].message.endswith("it needs sect Anarch.")


def test_imbued_virtues_count_as_disciplines_for_imbued(cards):
    innocent = next(c for c in cards if c.is_imbued and c.has_discipline("inn") and c.group == "4")
    assert unmet(cards, [(innocent.unique_name, 12)], "Bond") == []
    assert unmet(cards, [("Anson", 12)], "Bond")[0].message.endswith("it needs Innocence.")


def test_a_base_vampire_beside_its_advanced_version_is_worth_knowing(cards):
    deck = build(cards, [("Alan Sovereign", 6), ("Alan Sovereign (ADV)", 6)], [("Blood Doll", 60)])
    report = validate(deck, cards, as_of=TODAY)
    assert report.legal
    assert codes(report.warnings) == ["ADVANCED_PAIR"]
    assert report.warnings[0].cards == (card(cards, "Alan Sovereign").id, card(cards, "Alan Sovereign (ADV)").id)
    assert "Alan Sovereign" in report.warnings[0].message and "2. Card types › Crypt cards" in report.warnings[0].rule


def test_counts_the_decklist_states_about_itself_are_checked(cards):
    deck = legal_deck(
        cards,
        library=50,
        extra_library=[("Govern the Unaligned", 10)],
        declared=Declared(crypt=13, library=60, sections={"Master": 49, "Action": 10, "Combo": 4}, trifles=2),
    )
    report = validate(deck, cards, as_of=TODAY)
    assert report.legal
    assert [w.message for w in report.warnings] == [
        "The decklist says its crypt has 13 cards; it lists 12.",
        "The decklist says Master has 49 cards; it lists 50.",
        "The decklist says it has 2 trifles; it lists 0.",
    ]  # "Combo" is no card type: nothing to compare it with
    assert {w.code for w in report.warnings} == {"DECLARED_COUNT_MISMATCH"}


# --- the report -------------------------------------------------------------------------------


DESIGN_KEYS = {
    "path",
    "legal",
    "ruleset",
    "as_of",
    "crypt_count",
    "library_count",
    "groups",
    "crypt",
    "library",
    "errors",
    "warnings",
    "unresolved",
}
EXTRA_KEYS = {"name", "author", "format", "checksum", "players", "event", "declared"}


def test_the_report_dict_has_the_design_shape(cards):
    deck = build(
        cards,
        [("Alan Sovereign (ADV)", 1), ("Alan Sovereign", 10)],
        [("Blood Doll", 59)],
        name="Alan",
        author="Someone",
        source_format="twd",
        path="decks/1.txt",
        event=Event(name="NCQ", date=datetime.date(2020, 1, 4), players=20),
        declared=Declared(crypt=11, sections={"Master": 59}),
    )
    deck.unresolved.append(Unresolved(line=3, text="1x Nope", section="library", suggestions=["Nose"]))
    data = validate(deck, cards, as_of="deck").to_dict()
    assert set(data) == DESIGN_KEYS | EXTRA_KEYS
    assert data["path"] == "decks/1.txt" and data["legal"] is False and data["ruleset"] == "vekn"
    assert data["as_of"] == "2020-01-04" and data["crypt_count"] == 11 and data["library_count"] == 59
    assert data["groups"] == [3]
    assert data["crypt"][0] == {
        "id": card(cards, "Alan Sovereign (ADV)").id,
        "name": "Alan Sovereign (ADV)",
        "count": 1,
    }
    assert data["library"] == [{"id": card(cards, "Blood Doll").id, "name": "Blood Doll", "count": 59}]
    assert [e["code"] for e in data["errors"]] == ["CRYPT_TOO_SMALL", "LIBRARY_TOO_SMALL", "UNKNOWN_CARD"]
    assert all(
        set(issue) == {"code", "message", "rule", "rule_url", "params", "cards"} and issue["rule"]
        for issue in data["errors"] + data["warnings"]
    )
    assert data["errors"][2]["params"] == {"line": 3, "text": "1x Nope", "suggestions": ["Nose"]}
    assert data["unresolved"] == [
        {"line": 3, "text": "1x Nope", "count": 1, "section": "library", "suggestions": ["Nose"]}
    ]
    assert (data["name"], data["author"], data["format"]) == ("Alan", "Someone", "twd")
    assert data["checksum"] == deck.checksum() and data["players"] is None
    assert data["event"]["date"] == "2020-01-04" and data["event"]["players"] == 20
    assert data["declared"] == {"crypt": 11, "library": None, "sections": {"Master": 59}, "trifles": None}
    assert validate(deck, cards).to_dict(path="other.txt")["path"] == "other.txt"
    json.dumps(data)


def test_every_issue_cites_a_section_a_reader_can_find(cards):
    """A section by its number and title; the VEKN rulebook's and tournament rules' on their official pages."""
    for ruleset in RULESETS.values():
        for code in (*ERROR_CODES, *WARNING_CODES):
            citation = ruleset.citation(code)
            assert citation and ruleset.rule(code), (ruleset.name, code)
            assert not re.search(r"\bL\d", ruleset.rule(code))  # no line numbers of a file no reader has
            for reference in citation:
                assert reference.sections or reference.source == "German 2011 rulebook", (ruleset.name, code)
                assert all(number[:1].isdigit() for number, _title in reference.sections[:1])
                official = reference.source in ("VEKN rulebook", "VEKN tournament rules")
                assert reference.url.startswith("https://www.vekn.net/") == official, (ruleset.name, code)
