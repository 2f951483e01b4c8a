"""Every Veto message in Polish and in English: none missing a language, a plural form or a placeholder, and
every message id the package uses defined.

``SAMPLES`` holds one set of parameters per message id, shaped as the package gives them: a message added to
``messages.MESSAGES`` needs its sample here, and then every test below covers it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from vtesdeck.core.veto import messages
from vtesdeck.core.veto.messages import LANGUAGES, MESSAGES, TITLES, cite, plural_form, render, title
from vtesdeck.core.veto.rules import ERROR_CODES, RULESETS, WARNING_CODES

PACKAGE = Path(messages.__file__).parent

DUAL = {"name": "Pułkownik Teodor, Przyjaciel Kompanii", "factions": ["Radziwiłłowie"]}
SAMPLES: dict[str, dict] = {
    "AT_LINE": {"line": 3, "message": "Lista kart jest pusta."},
    "CARDS_EMPTY": {},
    "CARDS_NO_ROWS": {},
    "CARDS_TOO_LARGE": {"size": 5_000_001, "limit": 5_000_000},
    "CARDS_BINARY": {},
    "CARDS_NOT_UTF8": {},
    "CARDS_CSV_ERROR": {"detail": "',' expected after '\"'"},
    "CARDS_MISSING_COLUMN": {"column": "name"},
    "CARDS_UNKNOWN_COLUMN": {"column": "lafa", "known": ["name", "epithet", "type"]},
    "CARDS_DUPLICATE_COLUMN": {"column": "Type"},
    "CARDS_TOO_MANY_FIELDS": {"count": 7, "expected": 6},
    "CARDS_NAME_MISSING": {},
    "CARDS_BAD_TYPE": {"value": "postać", "known": ["elekt", "strategy", "other"]},
    "CARDS_UNKNOWN_KEYWORD": {"value": "Sławny", "known": ["Legendarny", "Limitowany", "Biesiadny"]},
    "CARDS_DUPLICATE_CARD": {"name": "Plotka", "first_line": 5},
    "CARDS_FIELD_TOO_LONG": {"column": "name", "length": 201, "limit": 200},
    "CARDS_CONTROL_CHARACTER": {"column": "epithet"},
    "CARDS_TOO_MANY_ROWS": {"limit": 20_000},
    "CARDS_TOO_MANY_ERRORS": {"limit": 200},
    "DECKLIST_EMPTY": {},
    "DECKLIST_TOO_LARGE": {"size": 200_001, "limit": 200_000},
    "DECKLIST_TOO_MANY_LINES": {"limit": 2_000},
    "DECKLIST_BINARY": {"line": 2},
    "DECKLIST_NOT_UTF8": {"line": 2},
    "UNKNOWN_CARD": {"line": 4, "text": "3x Plodka", "suggestions": ["Plotka"]},
    "AMBIGUOUS_CARD": {"line": 4, "text": "Podczaszy Ambroży", "suggestions": ["Podczaszy Ambroży, Wierny Sługa"]},
    "BAD_COUNT": {"line": 4, "text": "0x Plotka", "count": 0, "max": 999},
    "LINE_TOO_LONG": {"line": 4, "text": "xxx…", "length": 400, "limit": 300},
    "CARD_NOT_IN_LIST": {"name": "Pan Zagłoba"},
    "DECK_TOO_SMALL": {"count": 59, "min": 60, "short": 1, "ruleset": "veto"},
    "TOO_MANY_COPIES": {"name": "Koń Turecki", "count": 4, "max": 3},
    "ELEKT_MISSING": {},
    "ELEKT_TOO_MANY": {"count": 2, "names": ["Wojewoda Mścisław, Elekt Dworski", "Książę Radosław, Elekt Litewski"]},
    "ELEKT_IN_DECK": {"name": "Wojewoda Mścisław, Elekt Dworski"},
    "STRATEGY_IN_DECK": {"name": "Sejmik Burzliwy"},
    "NOT_SPECIAL_CARD": {"name": "Plotka"},
    "ELEKT_IN_SIDEBOARD": {"name": "Książę Radosław, Elekt Litewski"},
    "OFF_FACTION": {**DUAL, "elekt": "Wojewoda Mścisław, Elekt Dworski", "elekt_factions": ["Dworscy"]},
    "OFF_FACTION_SIDEBOARD": {**DUAL, "elekt": "Wojewoda Mścisław, Elekt Dworski", "elekt_factions": ["Dworscy"]},
    "OFF_FACTION_DUAL": {
        **DUAL,
        "alliances": ["Kompania Bursztynowa"],
        "elekt": "Wojewoda Mścisław, Elekt Dworski",
        "elekt_factions": ["Dworscy"],
    },
    "TOO_MANY_ALLIANCES": {"alliances": ["Kompania Bursztynowa", "Bractwo Stepowe"], "count": 2, "ruleset": "veto"},
    "LEGENDARY_COPIES": {"name": "Buława Hetmańska", "count": 2},
    "LEGENDARY_TOTAL": {"count": 5, "max": 4, "per": 15, "names": ["Buława Hetmańska", "Chorągiew Złota"]},
    "LIMITED_COPIES": {
        "name": "Mistrz Fechtunku",
        "count": 4,
        "max": 3,
        "versions": ["Mistrz Fechtunku, Szkoła Włoska", "Mistrz Fechtunku, Szkoła Polska"],
    },
    "LIMITED_COPIES_DECK": {
        "name": "Mistrz Fechtunku",
        "count": 5,
        "max": 3,
        "versions": ["Mistrz Fechtunku, Szkoła Polska"],
    },
    "CONVIVIAL_CARD": {"name": "Dzban Miodu", "count": 1},
    "SIDEBOARD_SIZE": {"count": 14, "allowed": [0, 15], "ruleset": "veto"},
    "TOO_MANY_STRATEGIES": {"count": 2, "names": ["Sejmik Burzliwy", "Zgoda, Panowie Bracia"]},
    "DUAL_MARK_ALLIANCE_ONLY": {**DUAL, "alliances": ["Kompania Bursztynowa"], "elekt_factions": ["Dworscy"]},
    "DUAL_MARK_FACTION_ONLY": {
        "name": "Marszałek Wawrzyniec, Stronnik Stepu",
        "factions": ["Dworscy"],
        "alliances": ["Bractwo Stepowe"],
        "others": ["Kompania Bursztynowa"],
    },
}

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def forms(message_id: str, lang: str) -> tuple[str, ...]:
    template = MESSAGES[message_id].template(lang)  # type: ignore[arg-type]
    return template if isinstance(template, tuple) else (template,)


def test_every_message_has_a_sample():
    assert set(SAMPLES) == set(MESSAGES)


@pytest.mark.parametrize("message_id", sorted(MESSAGES))
def test_every_message_renders_in_polish_and_english(message_id):
    rendered = {lang: render(message_id, SAMPLES[message_id], lang) for lang in LANGUAGES}
    for lang, text in rendered.items():
        assert text.strip(), (message_id, lang)
        assert "%(" not in text and "%s" not in text, (message_id, lang, text)
    assert rendered["pl"] != rendered["en"], message_id


@pytest.mark.parametrize("message_id", sorted(MESSAGES))
def test_every_message_has_both_languages_with_the_same_placeholders(message_id):
    message = MESSAGES[message_id]
    polish, english = forms(message_id, "pl"), forms(message_id, "en")
    # Polish: one, few, many; English: one, other. A plural names the parameter that picks the form.
    assert (len(polish), len(english)) in {(1, 1), (3, 2)}, message_id
    assert (len(polish) == 3) == bool(message.number), message_id
    if message.number:
        assert message.number in SAMPLES[message_id]
    placeholders = {frozenset(PLACEHOLDER.findall(form)) for form in (*polish, *english)}
    assert len(placeholders) == 1, (message_id, placeholders)


@pytest.mark.parametrize("code", [*ERROR_CODES, *WARNING_CODES])
def test_every_issue_code_has_a_title_in_both_languages_and_its_articles(code):
    polish, english = TITLES[code]
    assert polish and english and polish != english
    assert (title(code, "pl"), title(code, "en")) == (polish, english)
    for ruleset in RULESETS.values():
        assert ruleset.articles[code], (ruleset.name, code)


def test_titles_name_only_issue_codes():
    assert set(TITLES) == {*ERROR_CODES, *WARNING_CODES}


def _string_constants(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and re.fullmatch(r"[A-Z][A-Z0-9_]+", node.value)
    }


def test_every_id_the_package_uses_is_defined():
    # Message ids and codes are upper-case string literals: each is a message, or a code with its title.
    # (messages.py defines them; __init__.py lists names in __all__.)
    modules = [path for path in PACKAGE.glob("*.py") if path.name not in {"messages.py", "__init__.py"}]
    used = set().union(*(_string_constants(path) for path in modules))
    assert "OFF_FACTION_DUAL" in used  # the scan finds them
    assert used <= set(MESSAGES) | set(TITLES), used - set(MESSAGES) - set(TITLES)


@pytest.mark.parametrize(
    "n, polish, english",
    [
        (0, 2, 1),
        (1, 0, 0),
        (2, 1, 1),
        (4, 1, 1),
        (5, 2, 1),
        (12, 2, 1),
        (14, 2, 1),
        (22, 1, 1),
        (25, 2, 1),
        (104, 1, 1),
    ],
)
def test_plural_forms(n, polish, english):
    assert (plural_form("pl", n), plural_form("en", n)) == (polish, english)


def test_polish_plurals_follow_the_number():
    sizes = {n: render("SIDEBOARD_SIZE", {"count": n, "allowed": [0, 15], "ruleset": "veto"}) for n in (1, 3, 14, 22)}
    assert [text.split(";")[0] for text in sizes.values()] == [
        "Sakwa ma 1 kartę",
        "Sakwa ma 3 karty",
        "Sakwa ma 14 kart",
        "Sakwa ma 22 karty",
    ]


def test_large_numbers_are_grouped_as_each_language_writes_them():
    assert render("CARDS_TOO_MANY_ROWS", {"limit": 20_000}, "pl") == (
        "Lista kart ma więcej niż 20 000 kart; tu kończy się czytanie."
    )
    assert render("CARDS_TOO_MANY_ROWS", {"limit": 20_000}, "en") == (
        "The card list has more than 20,000 cards; reading stops here."
    )


def test_lists_are_joined_and_names_quoted_in_each_language():
    params = SAMPLES["ELEKT_TOO_MANY"]
    assert render("ELEKT_TOO_MANY", params, "pl") == (
        "Spis ma 2 karty elekta/frakcji („Wojewoda Mścisław, Elekt Dworski” i „Książę Radosław, Elekt Litewski”); "
        "gracz używa tylko jednej."
    )
    assert render("UNKNOWN_CARD", SAMPLES["UNKNOWN_CARD"], "pl").endswith(" Czy chodziło o „Plotka”?")
    assert render("UNKNOWN_CARD", {**SAMPLES["UNKNOWN_CARD"], "suggestions": []}, "en") == (
        "Line 4: “3x Plodka” names no card of the card list."
    )


def test_citations_name_the_articles_and_their_version():
    assert cite(["204.7"], "pl") == "Artykuły Henrykowskie 3.0.3, 204.7"
    assert cite(["204.7", "A 103.3"], "en") == "Henrician Articles 3.0.3, 204.7, A 103.3"
    assert cite([]) == "Artykuły Henrykowskie 3.0.3"
