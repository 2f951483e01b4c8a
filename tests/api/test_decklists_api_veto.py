"""POST /api/v1/decklists/validate with ``"ruleset": "veto"`` or ``"veto-sealed"``: a Veto deck (a Polish CCG, not
VTES) judged against the caller's own card list, else the site's; the answer is the core's Veto report in Polish
(the default) or English. Bad input is a 400 in the API's error shape, never a 500; a VTES request is as before."""

from __future__ import annotations

import io
import zipfile

import pytest
import yaml
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.veto.samples import LEGAL, SEALED, SHORT, SHORT_MESSAGE_EN, SHORT_MESSAGE_PL, SHORT_RULE_PL, UNKNOWN
from veto import services
from vtesdeck.core import veto

pytestmark = pytest.mark.django_db

URL = "/api/v1/decklists/validate"
VTES_DECK = "Crypt\n12x Tupdog\nLibrary\n40x Govern the Unaligned\n20x Dive Bomb\n"
VETO_KEYS = {
    "path",
    "game",
    "legal",
    "ruleset",
    "format",
    "lang",
    "deck_count",
    "sideboard_count",
    "special",
    "deck",
    "sideboard",
    "errors",
    "warnings",
    "unresolved",
}


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()
    yield
    cache.clear()


def post(client, body, query: str = "", **headers):
    return client.post(f"{URL}{query}", body, content_type="application/json", **headers)


def ok(response) -> dict:
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.json()


def refused(response, status: int = 400) -> dict:
    assert response.status_code == status, response.content.decode()[:2000]
    body = response.json()
    assert {"detail", "code"} <= set(body)
    return body


def test_a_legal_deck_is_answered_with_the_cores_report_in_polish(client, veto_site_list):
    response = post(client, {"text": LEGAL, "ruleset": "veto"})
    report = ok(response)
    card_list = veto.load_example()
    expected = veto.validate(veto.parse_decklist(LEGAL, card_list), card_list, "veto").to_dict("pl")
    assert report == {"path": None, **expected}
    assert set(report) == VETO_KEYS
    assert (report["game"], report["legal"], report["lang"], report["format"]) == (
        "veto",
        True,
        "pl",
        "Format kwarciany",
    )
    assert (report["deck_count"], report["sideboard_count"]) == (60, 15)
    assert response["Content-Language"] == "pl"


def test_an_illegal_deck_has_its_errors_in_polish_with_their_articles(client, veto_site_list):
    report = ok(post(client, {"text": SHORT, "ruleset": "veto"}))
    assert report["legal"] is False
    (error,) = report["errors"]
    assert (error["code"], error["message"], error["rule"]) == ("DECK_TOO_SMALL", SHORT_MESSAGE_PL, SHORT_RULE_PL)
    assert error["articles"] == ["101.5.a", "204.4"]
    assert error["params"] == {"count": 59, "min": 60, "short": 1, "ruleset": "veto"}


@pytest.mark.parametrize(("body", "query"), [({"lang": "en"}, ""), ({}, "?lang=en"), ({"lang": "en"}, "?lang=pl")])
def test_the_report_is_in_english_when_asked(client, veto_site_list, body, query):
    response = post(client, {"text": SHORT, "ruleset": "veto", **body}, query)
    report = ok(response)
    assert report["lang"] == "en" and report["format"] == "Constructed (kwarciany)"
    assert report["errors"][0]["message"] == SHORT_MESSAGE_EN
    assert response["Content-Language"] == "en"


def test_the_body_outranks_the_query_and_accept_language_does_not_change_veto(client, veto_site_list):
    assert ok(post(client, {"text": SHORT, "ruleset": "veto", "lang": "pl"}, "?lang=en"))["lang"] == "pl"
    assert ok(post(client, {"text": SHORT, "ruleset": "veto"}, HTTP_ACCEPT_LANGUAGE="en"))["lang"] == "pl"
    assert ok(post(client, {"text": SHORT, "ruleset": "veto"}, "?lang=de"))["lang"] == "pl"


def test_the_sealed_rule_set(client, veto_site_list):
    report = ok(post(client, {"text": SEALED, "ruleset": "veto-sealed"}))
    assert (report["ruleset"], report["legal"], report["deck_count"]) == ("veto-sealed", True, 30)


def test_lines_naming_no_card_come_back_with_their_line_numbers(client, veto_site_list):
    report = ok(post(client, {"text": UNKNOWN, "ruleset": "veto", "lang": "en"}))
    assert [(line["line"], line["text"], line["reason"]) for line in report["unresolved"]] == [
        (9, "3x Sekretarz Kancelari", "unknown"),
        (10, "3x Nieznana Karta", "unknown"),
    ]
    assert report["unresolved"][0]["suggestions"] == ["Sekretarz Kancelarii"]
    unknown = [error for error in report["errors"] if error["code"] == "UNKNOWN_CARD"]
    assert [error["params"]["line"] for error in unknown] == [9, 10]
    assert unknown[1]["message"] == "Line 10: “3x Nieznana Karta” names no card of the card list."


def test_an_uploaded_file_is_judged_and_named(client, veto_site_list):
    upload = SimpleUploadedFile("deck.txt", LEGAL.encode("utf-8"))
    report = ok(client.post(URL, {"file": upload, "ruleset": "veto", "lang": "en"}))
    assert report["path"] == "deck.txt" and report["legal"] is True


def test_a_users_own_list_outranks_the_sites(client, alice, veto_site_list):
    services.import_list("name,type\nKarabela,other\n", alice)
    client.force_login(alice)
    report = ok(post(client, {"text": "Kredens:\n3x Karabela\nWojewoda Mścisław, Elekt Dworski\n", "ruleset": "veto"}))
    assert report["deck"] == [{"name": "Karabela", "epithet": "", "count": 3}]
    assert [line["text"] for line in report["unresolved"]] == ["Wojewoda Mścisław, Elekt Dworski"]  # not on hers
    client.logout()
    report = ok(post(client, {"text": "Kredens:\n3x Karabela\nWojewoda Mścisław, Elekt Dworski\n", "ruleset": "veto"}))
    assert report["unresolved"] == []  # the site's list knows it


def test_without_any_list_it_is_a_400_saying_how_to_get_one(client):
    body = refused(post(client, {"text": LEGAL, "ruleset": "veto"}))
    assert body["code"] == "invalid"
    assert "There is no Veto card list" in body["detail"] and "/veto/cards/" in body["detail"]
    assert "import_veto_cards" in body["detail"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"text": LEGAL, "ruleset": "veto", "as_of": "2024-01-01"}, "as_of", "Not used by the Veto rule sets."),
        ({"text": LEGAL, "ruleset": "veto", "players": 4}, "players", "Not used by the Veto rule sets."),
        ({"text": LEGAL, "ruleset": "veto", "format": "jol"}, "format", "Not used by the Veto rule sets."),
        ({"text": LEGAL, "ruleset": "veto", "lang": "de"}, "lang", "Veto reports are in Polish or English: pl or en."),
        ({"text": "", "ruleset": "veto"}, "text", None),
        ({"text": "  \n# a comment\n", "ruleset": "veto"}, "text", "Spis talii jest pusty."),
        ({"text": "x" * 200_001, "ruleset": "veto"}, "text", "Spis talii jest za duży"),
        ({"text": "\x00\x01binary", "ruleset": "veto"}, "text", "Null characters are not allowed."),
        ({"text": ["3x Karabela"], "ruleset": "veto"}, "text", None),
        ({"text": LEGAL, "ruleset": ["veto"]}, "ruleset", None),
        ({"text": LEGAL, "ruleset": "veto", "lang": 1}, "lang", None),
        ({"text": LEGAL, "ruleset": "veto-constructed"}, "ruleset", "Unknown rule set"),
    ],
    ids=[
        "as-of",
        "players",
        "format",
        "lang",
        "blank",
        "empty",
        "too-large",
        "binary",
        "text-list",
        "ruleset-list",
        "lang-number",
        "unknown-ruleset",
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, veto_site_list, body, field, message):
    errors = refused(post(client, body))["errors"]
    assert field in errors
    if message is not None:
        assert message in errors[field][0]


def test_a_binary_upload_and_a_zip_are_400s(client, veto_site_list):
    photo = SimpleUploadedFile("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00binary")
    errors = refused(client.post(URL, {"file": photo, "ruleset": "veto", "lang": "en"}))["errors"]
    assert errors["file"][0].startswith("This is not a text file")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("deck.txt", LEGAL)
    upload = SimpleUploadedFile("event.zip", buffer.getvalue())
    assert "file" in refused(client.post(URL, {"file": upload, "ruleset": "veto"}))["errors"]


def test_a_vtes_request_is_answered_as_before(client, veto_site_list):
    report = ok(post(client, {"text": VTES_DECK, "ruleset": "vekn", "lang": "de"}))
    assert "game" not in report and report["ruleset"] == "vekn" and report["legal"] is True
    assert report["crypt_count"] == 12


def test_the_schema_documents_the_veto_report_and_every_key_it_holds(client, veto_site_list):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    components = schema["components"]["schemas"]
    operation = schema["paths"][URL]["post"]
    (answer,) = operation["responses"]["200"]["content"].values()
    assert answer["schema"] == {"$ref": "#/components/schemas/ValidationReport"}
    assert components["ValidationReport"]["oneOf"] == [
        {"$ref": "#/components/schemas/DeckReport"},
        {"$ref": "#/components/schemas/VetoReport"},
    ]
    assert "veto-sealed" in operation["description"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
    assert {"lang", "ruleset"} <= set(components[body]["properties"])
    report = ok(post(client, {"text": UNKNOWN, "ruleset": "veto"}))
    assert set(report) == set(components["VetoReport"]["properties"]) == VETO_KEYS
    assert set(report["errors"][0]) == set(components["VetoIssue"]["properties"])
    assert set(report["unresolved"][0]) == set(components["VetoUnresolvedLine"]["properties"])
    assert set(report["special"]) == set(components["VetoSpecialCards"]["properties"])
    assert set(report["deck"][0]) == set(components["VetoCardCount"]["properties"])
