"""Verdicts in the reader's language (issue 13, items 4 and 5): every message the core says, rendered by the
one renderer (vtesdeck.messages) in English, Polish and German, and the pages that show them.

Card names, clans, disciplines and codes stay as printed; the rule citations name sections of the official
rulebook and tournament rules, linked to their pages.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from cards import index
from decks import services as deck_services
from tests.core.test_messages import SAMPLES
from tests.paths import TWDA
from tests.samples import SHORT_LIBRARY
from tests.web.test_languages import parse_po
from vtesdeck import messages
from vtesdeck.core import decklist
from vtesdeck.core import messages as core
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.deck import Declared, Unresolved
from vtesdeck.core.validate import ERROR_CODES, RULESETS, WARNING_CODES, Ruleset, validate

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = ("pl", "de")
# English words a translation keeps: as printed on cards (disciplines, traits), product names, JSON keys, and
# words the languages share ("Deck", "legal" in German; "list…" begins Polish "lista").
KEPT = {
    "Animalism",
    "Auspex",
    "Fortitude",
    "Black",
    "Hand",
    "Infernal",
    "Path",
    "Lackey",
    "Deck",
    "deck",
    "link",
    "crypt",
    "library",
    "declared",
    "unresolved",
    "legal",
    "list",
}


def browser(language: str) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")


# --- every message, every language ------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("message_id", sorted(core.MESSAGES))
def test_every_message_reads_in_polish_and_german(message_id, language):
    params = SAMPLES[message_id]
    english = core.render(message_id, params)
    with translation.override(language):
        text = messages.render(message_id, params)
    assert text != english, "not translated"
    assert "%(" not in text and ")s" not in text, text  # no placeholder left unfilled
    # No English left: the English sentence's own words (not the names and values it was given) are gone.
    words = re.compile(r"[A-Za-z][a-z]{3,}")
    english_words = set(words.findall(english)) - set(words.findall(json.dumps(params))) - KEPT
    assert not english_words & set(words.findall(text)), text
    # Names, numbers and dates given as parameters all reach the sentence, whatever the language.
    for value in ("Govern the Unaligned", "Alexandra", "Lilith's Blessing", "2010-03-05", "round2.zip", "Theo Bell"):
        if value in english:
            assert value in text, (value, text)


@pytest.mark.parametrize("message_id", sorted(core.MESSAGES))
def test_the_renderer_says_in_english_what_the_core_says(message_id):
    with translation.override("en"):
        assert messages.render(message_id, SAMPLES[message_id]) == core.render(message_id, SAMPLES[message_id])


def test_numbers_lists_and_plurals_follow_the_language():
    with translation.override("pl"):
        line = messages.render("COUNT_INVALID_LINE", SAMPLES["COUNT_INVALID_LINE"])
        assert "12\xa0000 egzemplarzy" in line and "10\xa0000" in line  # Polish groups thousands with a space
        assert messages.render("CRYPT_TOO_SMALL", {**SAMPLES["CRYPT_TOO_SMALL"], "count": 1}).startswith(
            "Krypta ma 1 kartę;"
        )
        assert messages.render("CRYPT_TOO_SMALL", {**SAMPLES["CRYPT_TOO_SMALL"], "count": 3}).startswith(
            "Krypta ma 3 karty;"
        )
        assert messages.render("CRYPT_TOO_SMALL", SAMPLES["CRYPT_TOO_SMALL"]).startswith("Krypta ma 11 kart;")
        unknown = messages.render("UNKNOWN_CARD", SAMPLES["UNKNOWN_CARD"])
        assert unknown == (
            "Wiersz 14: „2x Govern teh Unaligned” nie odpowiada żadnej karcie z listy kart. "
            "Czy chodziło o Govern the Unaligned lub Govern?"
        )
    with translation.override("de"):
        assert "12.000 Exemplare" in messages.render("COUNT_INVALID_LINE", SAMPLES["COUNT_INVALID_LINE"])
        groups = messages.render("CRYPT_GROUPS", SAMPLES["CRYPT_GROUPS"])
        assert groups == (
            "Die Gruft mischt die Gruppen 2, 4 und 5; eine Gruft enthält Vampire aus einer Gruppe oder "
            "zwei aufeinanderfolgenden Gruppen (ANY passt zu allen). Außerhalb der Gruppen 4–5: "
            "Alexandra (Gruppe 2)."
        )


def test_card_names_disciplines_and_clans_stay_as_printed():
    with translation.override("de"):
        text = messages.render("REQUIREMENT_UNMET", SAMPLES["REQUIREMENT_UNMET"])
    assert text.startswith(
        "Kein Vampir in der Gruft kann Govern the Unaligned spielen; nötig: Animalism und "
        "Fortitude oder Auspex, Clan Gangrel oder Ravnos, der Titel Prince oder Justicar"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_msgid_of_the_renderer_is_translated_in_the_catalogue(language):
    entries = {(e.get("msgctxt"), e["msgid"]): e for e in parse_po(LOCALE / language / "LC_MESSAGES" / "django.po")}
    missing = []
    for marked in dict.fromkeys(core.MARKED):
        singular = marked[0] if isinstance(marked, tuple) else marked
        entry = entries.get((None, singular))
        if entry is None or not all(entry["msgstr"]) or (isinstance(marked, tuple) and "msgid_plural" not in entry):
            missing.append(marked)
    assert not missing, missing


@pytest.mark.parametrize("language", TRANSLATED)
def test_citations_name_the_section_in_the_language_and_keep_the_official_link(language):
    citation = RULESETS["vekn"].citation("LIBRARY_TOO_SMALL")
    with translation.override(language):
        text = core.citation_text(citation, messages.ACTIVE)
    assert (
        text
        == {
            "pl": "Zasady gry VEKN, 1. Wstęp › Budowa talii; Zasady turniejowe VEKN, 6.2 Limity rozmiaru talii",
            "de": "VEKN-Regelwerk, 1. Einleitung › Deckbau; VEKN-Turnierregeln, 6.2 Grenzen der Deckgröße",
        }[language]
    )
    with translation.override(language):
        german_2011 = core.citation_text(RULESETS["rulebook-2011"].citation("CRYPT_GROUPS"), messages.ACTIVE)
    assert (
        german_2011
        == {
            "pl": "Niemiecki podręcznik zasad z 2011 r., 1.2 Potrzebne materiały do gry › 1. Karty; Niemiecki podręcznik "
            "zasad z 2011 r., 1.5 Przegląd kart krypty › 5. Grupa",
            "de": "Deutsches Regelwerk 2011, 1.2 Benötigtes Spielmaterial › 1. Karten; Deutsches Regelwerk 2011, "
            "1.5 Übersicht über die Gruftkarten › 5. Gruppe",
        }[language]
    )


def test_format_names_are_said_in_the_language_and_product_names_stay():
    with translation.override("pl"):
        assert messages.format_label("plain") == "Zwykła lista"
        assert messages.format_label("vdb") == "Eksport tekstowy VDB"
        assert messages.format_label("json") == decklist.FORMATS["json"].label
    with translation.override("de"):
        assert messages.format_label(decklist.FORMATS["eld"]) == "ELDB-Deckdatei (.eld)"


# --- every issue carries its code, params and citation ----------------------------------------------


def every_kind_of_deck(cards) -> list[tuple[CoreDeck, dict]]:
    """Decks breaking each rule, with the options that make them break it."""
    tupdog, anson = cards.lookup("Tupdog"), cards.lookup("Anson")
    doll, govern, lilith = (
        cards.lookup("Blood Doll"),
        cards.lookup("Govern the Unaligned"),
        cards.lookup("Lilith's Blessing"),
    )
    keith, alexandra = cards.lookup("Keith Moody"), cards.lookup("Alexandra")
    alan, alan_adv = cards.lookup("Alan Sovereign"), cards.lookup("Alan Sovereign (ADV)")
    big = CoreDeck(
        crypt={tupdog.id: 20},
        library={doll.id: 95, govern.id: 1, lilith.id: 1, 999999: 1},
        declared=Declared(crypt=12, library=60, sections={"Master": 3}, trifles=2),
    )
    big.unresolved = [
        Unresolved(line=4, text="2x Govern teh Unaligned", suggestions=["Govern the Unaligned"]),
        Unresolved(line=5, text="0x Blood Doll", count=0, reason="count"),
    ]
    groups = CoreDeck(crypt={keith.id: 4, alexandra.id: 4, alan.id: 2, alan_adv.id: 2}, library={doll.id: 3})
    limited = Ruleset.from_dict(
        {"name": "house", "label": "House", "crypt_max": 12, "allowed_sets": ["V5"], "banned_cards": [doll.id]}
    )
    return [
        (big, {"ruleset": "vekn", "as_of": datetime.date(2020, 1, 1)}),
        (groups, {"ruleset": "vekn", "as_of": datetime.date(2005, 1, 1)}),
        (groups, {"ruleset": "rulebook-2011", "as_of": datetime.date(2003, 1, 1), "players": 4}),
        (CoreDeck(crypt={anson.id: 13}, library={doll.id: 2}), {"ruleset": limited}),
        (CoreDeck(crypt={anson.id: 5}, library={doll.id: 60}), {"ruleset": "vekn"}),
        # A vampire printed in two groups, named without its group.
        (
            decklist.parse("Crypt (12 cards)\n12x Theo Bell\nLibrary (60 cards)\n60x Blood Doll\n", cards),
            {"as_of": datetime.date(2008, 1, 1)},
        ),
    ]


def test_every_issue_carries_its_code_params_and_citation(cards):
    seen = set()
    for deck, options in every_kind_of_deck(cards):
        report = validate(deck, cards, **options)
        for issue in report.errors + report.warnings:
            seen.add(issue.code)
            assert issue.message_id in core.MESSAGES, issue  # so every shell can say it in its language
            assert json.loads(json.dumps(issue.params)) == issue.params  # plain JSON values
            assert issue.citation and issue.rule, issue
            data = issue.to_dict()
            assert data["params"] == issue.params and data["rule_url"] == issue.rule_url
    assert {*ERROR_CODES, *WARNING_CODES} == seen


def test_the_archive_reports_are_plain_json_in_every_language(cards):
    files = sorted(TWDA.glob("*.txt"))[::40]
    assert len(files) > 50
    for file in files:
        deck = decklist.parse(file.read_bytes(), cards, path=file.name)
        report = validate(deck, cards, as_of="deck")
        for issue in report.errors + report.warnings:
            assert issue.message_id in core.MESSAGES and json.loads(json.dumps(issue.params)) == issue.params
        for language in TRANSLATED:
            with translation.override(language):
                data = messages.report(report)
            json.dumps(data)
            assert all("%(" not in i["message"] for i in data["errors"] + data["warnings"])


# --- the pages ---------------------------------------------------------------------------------------


def issues_of(html: str) -> list[str]:
    return re.findall(r'<li class="issue" data-code="[A-Z_]+">.*?</li>', html, re.S)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title", "message", "link"),
    [
        (
            "pl",
            "Za mała biblioteka",
            "Biblioteka ma 38 kart; talia turniejowa musi mieć od 60 do 90 (brakuje 22).",
            "Zasady gry VEKN, 1. Wstęp › Budowa talii",
        ),
        (
            "de",
            "Bibliothek zu klein",
            "Die Bibliothek hat 38 Karten; ein Turnierdeck braucht 60 bis 90 (22 zu wenig).",
            "VEKN-Regelwerk, 1. Einleitung › Deckbau",
        ),
        (
            "en",
            "Library too small",
            "Library has 38 cards; a tournament deck needs 60 to 90 (22 short).",
            "VEKN rulebook, 1. Introduction › Deck construction",
        ),
    ],
)
def test_the_check_page_gives_verdicts_and_section_links_in_the_language(language, title, message, link):
    html = (
        browser(language).post("/check/", {"text": SHORT_LIBRARY, "ruleset": "vekn", "as_of": "today"}).content.decode()
    )
    small = next(item for item in issues_of(html) if 'data-code="LIBRARY_TOO_SMALL"' in item)
    # People read a title for the code, the message and the section, which links to the official rulebook.
    assert f'<strong class="issue-title">{title}</strong>: {message}' in small
    assert f'<a href="https://www.vekn.net/rulebook/1-introduction" rel="external noopener">{link}</a>' in small
    assert 'href="https://www.vekn.net/tournament-rules/6-constructed-tournament-rules"' in small
    unknown = next(item for item in issues_of(html) if 'data-code="UNKNOWN_CARD"' in item)
    assert "Govern the Unaligned" in unknown  # the suggestion, as printed


@pytest.mark.django_db
def test_the_check_page_names_formats_and_refusals_in_the_language():
    html = browser("pl").post("/check/", {"text": "   ", "ruleset": "vekn", "as_of": "today"}).content.decode()
    assert "Zwykła lista" in html  # the format choices
    upload = browser("de").post(
        "/check/", {"files": [_upload("photo.jpg", b"\xff\xd8\x00\x00" * 64)], "ruleset": "vekn", "as_of": "today"}
    )
    assert upload.status_code == 400
    assert "Das ist keine Textdatei (sie enthält Binärdaten)" in upload.content.decode()


def _upload(name: str, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_editor_and_the_deck_page_show_the_same_verdicts(language):
    owner = get_user_model().objects.create_user("alice", "alice@example.org", "not-a-real-password-42")
    cards = index.get()
    deck = deck_services.create(
        owner,
        CoreDeck(crypt={cards.lookup("Tupdog").id: 12}, library={cards.lookup("Govern the Unaligned").id: 40}),
        name="Rock drop",
        visibility="public",
    )
    client = browser(language)
    client.force_login(owner)
    with translation.override(language):
        report = deck_services.report(deck)
        wanted = {issue.code: messages.issue(issue)["message"] for issue in report.errors + report.warnings}
    assert "LIBRARY_TOO_SMALL" in wanted and "REQUIREMENT_UNMET" in wanted
    for url in (f"/decks/{deck.id}/", f"/decks/{deck.id}/edit"):
        items = issues_of(client.get(url).content.decode())
        for code, message in wanted.items():
            item = next(i for i in items if f'data-code="{code}"' in i)
            assert message.replace("'", "&#x27;") in item, (url, code)
        assert 'href="https://www.vekn.net/rulebook/2-card-types#requirements-for-playing-cards"' in "".join(items)
