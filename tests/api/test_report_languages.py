"""The API in the client's language: ``Accept-Language`` or ``?lang=`` (en, pl, de; ``?lang`` wins; anything
else is English) on the decklists API and the deck API's ``report``. ``message`` and ``rule`` follow the
language; ``code``, ``params``, ``rule_url`` and card names do not."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from cards import index
from decks import services as deck_services
from tests.samples import SHORT_LIBRARY
from vtesdeck.core.deck import Deck as CoreDeck

pytestmark = pytest.mark.django_db

POLISH = "Biblioteka ma 38 kart; talia turniejowa musi mieć od 60 do 90 (brakuje 22)."
GERMAN = "Die Bibliothek hat 38 Karten; ein Turnierdeck braucht 60 bis 90 (22 zu wenig)."
ENGLISH = "Library has 38 cards; a tournament deck needs 60 to 90 (22 short)."


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()
    yield
    cache.clear()


def validate(client, query: str = "", text: str = SHORT_LIBRARY, **headers):
    return client.post(
        f"/api/v1/decklists/validate{query}", json.dumps({"text": text}), content_type="application/json", **headers
    )


def small_library(response) -> dict:
    assert response.status_code == 200, response.content.decode()[:2000]
    return next(e for e in response.json()["errors"] if e["code"] == "LIBRARY_TOO_SMALL")


@pytest.mark.parametrize(
    ("query", "accept", "message", "language"),
    [
        ("", "pl-PL,pl;q=0.9,en;q=0.5", POLISH, "pl"),
        ("", "de", GERMAN, "de"),
        ("?lang=de", "pl", GERMAN, "de"),  # ?lang outranks the header
        ("?lang=pl", "", POLISH, "pl"),
        ("?lang=fr", "pl", ENGLISH, "en"),  # a language we do not speak: English
        ("?lang=", "de", ENGLISH, "en"),
        ("", "fr-FR,fr;q=0.9", ENGLISH, "en"),
        ("", "", ENGLISH, "en"),
    ],
)
def test_validate_answers_in_the_language_asked_for(client, query, accept, message, language):
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    response = validate(client, query, **headers)
    error = small_library(response)
    assert error["message"] == message
    assert response["Content-Language"] == language
    # What a program reads is the same in every language.
    assert error["params"] == {
        "count": 38,
        "min": 60,
        "max": 90,
        "short": 22,
        "players": None,
        "ruleset": "vekn",
        "format": "VEKN tournament",
    }
    assert error["rule_url"] == "https://www.vekn.net/rulebook/1-introduction"


def test_every_issue_carries_its_rule_link_and_params_in_polish(client):
    report = validate(client, "?lang=pl").json()
    assert report["legal"] is False
    for issue in report["errors"] + report["warnings"]:
        assert set(issue) == {"code", "message", "rule", "rule_url", "params", "cards"}
        assert issue["rule_url"].startswith("https://www.vekn.net/") and issue["rule"]
    rules = {issue["code"]: issue["rule"] for issue in report["errors"] + report["warnings"]}
    assert rules["LIBRARY_TOO_SMALL"] == (
        "Zasady gry VEKN, 1. Wstęp › Budowa talii; Zasady turniejowe VEKN, 6.2 Limity rozmiaru talii"
    )
    assert rules["UNKNOWN_CARD"] == "Zasady turniejowe VEKN, 6.3 Rejestracja talii"
    unknown = next(e for e in report["errors"] if e["code"] == "UNKNOWN_CARD")
    assert unknown["message"] == (
        "Wiersz 6: „2x Govern teh Unaligned” nie odpowiada żadnej karcie z listy kart. "
        "Czy chodziło o Govern the Unaligned?"
    )
    assert unknown["params"] == {"line": 6, "text": "2x Govern teh Unaligned", "suggestions": ["Govern the Unaligned"]}


def test_a_refused_decklist_is_refused_in_the_language_asked_for(client):
    response = validate(client, "?lang=de", text="   \n")
    assert response.status_code == 400
    assert response.json()["errors"]["text"] == ["Die Deckliste ist leer."]
    parse = client.post(
        "/api/v1/decklists/parse",
        json.dumps({"text": "\x01\x02" * 40 + "binary"}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert parse.status_code == 400
    assert parse.json()["errors"]["text"] == [
        "To nie jest plik tekstowy (zawiera dane binarne); prześlij listę talii jako tekst."
    ]


def test_the_formats_have_names_in_the_language_asked_for(client):
    formats = {f["name"]: f["label"] for f in client.get("/api/v1/decklists/formats?lang=pl").json()}
    assert formats["plain"] == "Zwykła lista" and formats["twd"] == "Archiwum zwycięskich talii turniejowych (TWDA)"
    english = {f["name"]: f["label"] for f in client.get("/api/v1/decklists/formats").json()}
    assert english["plain"] == "Plain list"


def test_the_deck_api_report_speaks_the_language_asked_for(client):
    owner = get_user_model().objects.create_user("alice", "alice@example.org", "not-a-real-password-42")
    cards = index.get()
    deck = deck_services.create(
        owner,
        CoreDeck(crypt={cards.lookup("Tupdog").id: 12}, library={cards.lookup("Govern the Unaligned").id: 38}),
        name="Rock drop",
        visibility="public",
    )
    polish = client.get(f"/api/v1/decks/{deck.id}/?lang=pl").json()["report"]
    english = client.get(f"/api/v1/decks/{deck.id}/").json()["report"]
    assert small_issue(polish)["message"] == POLISH
    assert small_issue(english)["message"] == ENGLISH
    unmet = next(w for w in polish["warnings"] if w["code"] == "REQUIREMENT_UNMET")
    assert unmet["message"] == "Żaden wampir w krypcie nie może zagrać Govern the Unaligned; wymagane: Dominate."
    assert unmet["rule_url"] == "https://www.vekn.net/rulebook/2-card-types#requirements-for-playing-cards"
    assert unmet["params"] == next(w for w in english["warnings"] if w["code"] == "REQUIREMENT_UNMET")["params"]


def small_issue(report: dict) -> dict:
    return next(e for e in report["errors"] if e["code"] == "LIBRARY_TOO_SMALL")
