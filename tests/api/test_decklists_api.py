"""POST /api/v1/decklists/validate|parse|convert and GET /api/v1/decklists/formats.

Anonymous, throttled, documented; any input that is no decklist is a 400 in the API's error shape
(``{"detail", "code", "errors": {"field": ["…"]}}``), never a 500.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest
import yaml
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import include, path
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator

from cards import index
from decklists.api import serializers, views
from tests.paths import TWDA
from tests.samples import SHORT_LIBRARY
from vtesdeck.core import decklist

pytestmark = pytest.mark.django_db

API = "/api/v1/decklists/"
REPORT_KEYS = {
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

LEGAL_DECK = """Deck Name: Gargoyle rush
Crypt (12 cards)
12x Tupdog
Library (60 cards)
40x Govern the Unaligned
20x Dive Bomb
"""


@pytest.fixture(autouse=True)
def fresh_throttle():
    """Each test starts with no request counted against this address."""
    cache.clear()
    yield
    cache.clear()


def post(client, action: str, body=None, *, query: str = "", **extra):
    return client.post(f"{API}{action}{query}", json.dumps(body), content_type="application/json", **extra)


def ok(response) -> dict | list:
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.json()


def errors(response, status: int = 400) -> dict[str, list[str]]:
    """The bad fields of a refusal, after checking it is the API's error shape with a sentence."""
    assert response.status_code == status, response.content.decode()[:2000]
    body = response.json()
    assert body["code"] == "invalid" and body["detail"][-1] in ".?!", body
    return body["errors"]


def card_id(name: str) -> int:
    return index.get().lookup(name).id


# --- validate -------------------------------------------------------------------------------------


def test_it_validates_a_legal_decklist(client):
    report = ok(post(client, "validate", {"text": LEGAL_DECK}))
    assert REPORT_KEYS <= set(report)
    assert report["legal"] is True and report["errors"] == []
    assert report["path"] is None and report["ruleset"] == "vekn"
    assert (report["crypt_count"], report["library_count"], report["groups"]) == (12, 60, [3])
    assert report["crypt"] == [{"id": card_id("Tupdog"), "name": "Tupdog", "count": 12}]
    assert {"id": card_id("Dive Bomb"), "name": "Dive Bomb", "count": 20} in report["library"]
    assert report["name"] == "Gargoyle rush"
    assert report["checksum"] == decklist.parse(LEGAL_DECK, index.get()).checksum()


def test_it_answers_200_with_the_errors_of_an_illegal_deck(client):
    report = ok(post(client, "validate", {"text": SHORT_LIBRARY}))
    assert report["legal"] is False
    assert {e["code"] for e in report["errors"]} == {"LIBRARY_TOO_SMALL", "UNKNOWN_CARD"}
    assert all(e["rule"] and e["message"] for e in report["errors"])
    (line,) = report["unresolved"]
    assert (line["line"], line["text"], line["suggestions"][0]) == (
        6,
        "2x Govern teh Unaligned",
        "Govern the Unaligned",
    )


def test_it_takes_the_date_rule_set_and_players(client):
    body = {"text": LEGAL_DECK, "as_of": "2001-06-01", "ruleset": "rulebook-2011", "players": 24}
    report = ok(post(client, "validate", body))
    assert (report["as_of"], report["ruleset"], report["players"]) == ("2001-06-01", "rulebook-2011", 24)


def test_it_judges_on_the_decklists_own_date(client):
    report = ok(post(client, "validate", {"text": (TWDA / "10009.txt").read_text(), "as_of": "deck"}))
    assert report["as_of"] == "2021-12-19"
    assert report["format"] == "twd" and report["event"]["players"] == 35


def test_it_validates_an_uploaded_file(client):
    upload = SimpleUploadedFile("alice.txt", LEGAL_DECK.encode("cp1252"))
    report = ok(client.post(f"{API}validate", {"file": upload, "as_of": "deck", "players": "12"}))
    assert report["path"] == "alice.txt" and report["legal"] is True and report["players"] == 12


def test_it_validates_a_form_post(client):
    assert ok(client.post(f"{API}validate", {"text": SHORT_LIBRARY}))["legal"] is False


def test_it_reads_the_format_it_is_told(client):
    assert ok(post(client, "validate", {"text": LEGAL_DECK, "format": "plain"}))["format"] == "plain"


# --- parse ----------------------------------------------------------------------------------------


def test_it_parses_a_decklist_without_judging_it(client):
    deck = ok(post(client, "parse", {"text": (TWDA / "10009.txt").read_text()}))
    assert deck["format"] == "twd"
    assert (deck["name"], deck["author"], deck["event"]["winner"]) == ("4 Tupdog", "", "Arnau Diez Sans")
    assert deck["event"]["name"] == "La Marató 2021" and deck["event"]["date"] == "2021-12-19"
    assert (deck["crypt_count"], deck["library_count"]) == (30, 90)
    assert {"id": card_id("Tupdog"), "name": "Tupdog", "count": 24} in deck["crypt"]
    assert deck["unresolved"] == []
    assert len(deck["checksum"]) == 16
    assert "legal" not in deck and "errors" not in deck


def test_it_lists_unknown_lines_with_suggestions(client):
    deck = ok(post(client, "parse", {"text": SHORT_LIBRARY}))
    (line,) = deck["unresolved"]
    assert line["text"] == "2x Govern teh Unaligned" and "Govern the Unaligned" in line["suggestions"]


# --- convert --------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["jol", "lackey", "twd", "vdb-url", "json", "csv", "plain"])
def test_it_converts_a_decklist_and_the_result_reads_back_the_same(client, target):
    source = (TWDA / "10009.txt").read_text()
    answer = ok(post(client, "convert", {"text": source}, query=f"?to={target}"))
    fmt = decklist.FORMATS[target]
    assert (answer["format"], answer["media_type"], answer["extension"]) == (target, fmt.media_type, fmt.extension)
    cards = index.get()
    assert decklist.parse(answer["text"], cards, format=target).same_cards(decklist.parse(source, cards))
    assert answer["unresolved"] == []


def test_it_says_which_lines_a_conversion_could_not_carry(client):
    answer = ok(post(client, "convert", {"text": SHORT_LIBRARY}, query="?to=jol"))
    assert [line["text"] for line in answer["unresolved"]] == ["2x Govern teh Unaligned"]
    assert "teh" not in answer["text"]


# --- formats --------------------------------------------------------------------------------------


def test_it_lists_the_formats(client):
    formats = ok(client.get(f"{API}formats"))
    by_name = {f["name"]: f for f in formats}
    expected = {
        "twd",
        "vdb",
        "amaranth",
        "ardb",
        "jol",
        "lackey",
        "lackey-dek",
        "eld",
        "csv",
        "vdb-url",
        "json",
        "plain",
    }
    assert set(by_name) == expected
    for name in ("twd", "jol", "lackey", "lackey-dek", "vdb-url", "csv", "json", "plain"):
        assert by_name[name]["can_export"] is True, name
    assert set(by_name["twd"]) == {"name", "label", "extension", "media_type", "can_export"}
    assert [f["name"] for f in formats] == list(decklist.FORMATS)


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, field, message",
    [
        ({}, "text", "This field is required."),
        ({"text": ""}, "text", "This field may not be blank."),
        ({"text": "  \n "}, "text", "The decklist is empty."),
        ({"text": 12}, "text", "Not a valid string."),
        ({"text": ["12x Tupdog"]}, "text", "Not a valid string."),
        ({"text": {"crypt": []}}, "text", "Not a valid string."),
        ({"text": None}, "text", "This field may not be null."),
        ({"text": "\x00\x01\x02\x03" * 50}, "text", "Null characters are not allowed."),
        ({"text": "\x01\x02\x03\x04" * 50}, "text", "This is not a text file"),
        ({"text": "x" * 2_000_001}, "text", "The decklist is too large"),
        ({"text": "1x Tupdog\n" * 20_001}, "text", "more than 20,000 lines"),
        ({"text": LEGAL_DECK, "format": "docx"}, "format", '"docx" is not a valid choice.'),
        ({"text": LEGAL_DECK, "format": "json"}, "text", ""),
        (
            {"text": LEGAL_DECK, "ruleset": "modern"},
            "ruleset",
            "Unknown rule set 'modern'; known rule sets: vekn, "
            "rulebook-2011, v5, duel, or the id of a saved custom format.",
        ),
        ({"text": LEGAL_DECK, "as_of": "15/12/2021"}, "as_of", "is not a date: use YYYY-MM-DD"),
        ({"text": LEGAL_DECK, "as_of": "2021-02-30"}, "as_of", "is not a date"),
        ({"text": LEGAL_DECK, "as_of": 20211215}, "as_of", "is not a date"),
        ({"text": LEGAL_DECK, "players": 0}, "players", "Ensure this value is greater than or equal to 1."),
        ({"text": LEGAL_DECK, "players": 10**9}, "players", "Ensure this value is less than or equal to 100."),
        ({"text": LEGAL_DECK, "players": "many"}, "players", "A valid integer is required."),
        ({"text": LEGAL_DECK, "players": 2.5}, "players", "A valid integer is required."),
    ],
)
def test_it_answers_400_naming_the_bad_field(client, body, field, message):
    bad = errors(post(client, "validate", body))
    assert list(bad) == [field]
    assert message in bad[field][0]


@pytest.mark.parametrize(
    "raw, content_type, message",
    [
        (b"12x Tupdog", "application/json", "JSON parse error"),
        (b'{"text": "\xff\xfe broken"}', "application/json", "JSON parse error"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json", "JSON parse error"),
    ],
)
def test_it_answers_400_to_a_body_that_is_not_json(client, raw, content_type, message):
    response = client.post(f"{API}validate", raw, content_type=content_type)
    assert response.status_code == 400
    assert message in response.json()["detail"] and response.json()["code"] == "parse_error"


@pytest.mark.parametrize("body", [["12x Tupdog"], "12x Tupdog", 42, None])
def test_it_answers_400_to_json_that_is_not_an_object(client, body):
    assert {"non_field_errors", "text"} & set(errors(post(client, "validate", body)))


def test_it_answers_415_to_a_body_of_another_kind(client):
    response = client.post(f"{API}validate", LEGAL_DECK, content_type="text/plain")
    assert response.status_code == 415
    assert "Unsupported media type" in response.json()["detail"]
    assert response.json()["code"] == "unsupported_media_type"


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 20, "This is not a text file"),
        ("empty.txt", b"", "The submitted file is empty."),
        ("utf16.txt", b"\xff\xfe\x00\xd8", "not valid UTF-16"),
    ],
)
def test_it_answers_400_to_an_upload_that_is_no_decklist(client, name, content, message):
    response = client.post(f"{API}validate", {"file": SimpleUploadedFile(name, content)})
    assert message in errors(response)["file"][0]


def test_it_refuses_a_zip_for_one_report(client):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("deck.txt", LEGAL_DECK)
    response = client.post(f"{API}validate", {"file": SimpleUploadedFile("event.zip", buffer.getvalue())})
    assert "send one decklist per request" in errors(response)["file"][0]


def test_it_wants_text_or_a_file_not_both(client):
    upload = SimpleUploadedFile("alice.txt", LEGAL_DECK.encode())
    response = client.post(f"{API}validate", {"file": upload, "text": LEGAL_DECK})
    assert response.json() == {
        "detail": "Invalid value for text: Send the decklist as `text` or as a `file`, not both.",
        "code": "invalid",
        "errors": {"text": ["Send the decklist as `text` or as a `file`, not both."]},
    }
    assert errors(client.post(f"{API}validate", {"players": "3"})) == {"text": ["Send a decklist."]}


def test_it_refuses_a_huge_body_unread(client, settings):
    settings.DECKLIST_UPLOAD_MAX_BYTES = 10_000
    response = post(client, "validate", {"text": LEGAL_DECK * 200})
    assert response.status_code == 413
    assert response.json()["detail"].startswith("The request is too large")
    assert response.json()["code"] == "payload_too_large"


@pytest.mark.parametrize(
    "query, message",
    [
        ("", "This field is required."),
        ("?to=docx", '"docx" is not a valid choice.'),
        ("?to=", '"" is not a valid choice.'),
    ],
)
def test_it_answers_400_to_a_conversion_it_cannot_write(client, query, message):
    response = post(client, "convert", {"text": LEGAL_DECK}, query=query)
    assert message in errors(response)["to"][0]


def test_it_answers_400_to_a_conversion_into_a_format_it_only_reads(client):
    import_only = [name for name, fmt in decklist.FORMATS.items() if fmt.export is None]
    if not import_only:
        pytest.skip("every format can be written")
    for name in import_only:
        response = post(client, "convert", {"text": LEGAL_DECK}, query=f"?to={name}")
        assert f'"{name}" is not a valid choice.' in errors(response)["to"][0], name


def test_it_answers_400_to_bad_input_on_parse_too(client):
    assert post(client, "parse", {"text": "\x00" * 10}).status_code == 400
    assert errors(post(client, "parse", {"text": LEGAL_DECK, "format": "docx"})) == {
        "format": ['"docx" is not a valid choice.']
    }


# --- throttling -----------------------------------------------------------------------------------


def test_it_throttles_anonymous_clients(client, monkeypatch):
    monkeypatch.setattr(views.DecklistsAnonThrottle, "rate", "3/minute", raising=False)
    for _ in range(3):
        ok(post(client, "parse", {"text": LEGAL_DECK}))
    response = post(client, "validate", {"text": LEGAL_DECK})
    assert response.status_code == 429
    assert "Retry-After" in response.headers
    assert "throttled" in response.json()["detail"] and response.json()["code"] == "throttled"


def test_it_uses_a_rate_from_the_settings():
    from django.conf import settings

    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["decklists"]
    assert views.DecklistsAnonThrottle().rate == settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["decklists"]


# --- the schema -----------------------------------------------------------------------------------


def test_it_documents_the_endpoints_without_warnings():
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=[path("api/v1/decklists/", include("decklists.api.urls"))])
    schema = generator.get_schema(request=None, public=True)
    assert not GENERATOR_STATS, (
        f"drf-spectacular warned: {dict(GENERATOR_STATS._warn_cache)} {dict(GENERATOR_STATS._error_cache)}"
    )
    paths = schema["paths"]
    assert set(paths) == {f"/api/v1/decklists/{a}" for a in ("validate", "parse", "convert", "formats")}
    validate = paths["/api/v1/decklists/validate"]["post"]
    assert set(validate["requestBody"]["content"]) == {
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    }
    assert {"200", "400", "429"} <= set(validate["responses"])
    convert = paths["/api/v1/decklists/convert"]["post"]
    (to,) = [p for p in convert["parameters"] if p["name"] == "to"]
    assert to["required"] is True and "jol" in to["schema"]["enum"]


def test_it_documents_every_key_the_answers_hold(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    components = schema["components"]["schemas"]
    report = ok(post(client, "validate", {"text": (TWDA / "10009.txt").read_text(), "as_of": "deck"}))
    assert set(report) == set(components["DeckReport"]["properties"])
    assert set(report["errors"][0] if report["errors"] else {}) <= set(components["ReportIssue"]["properties"])
    parsed = ok(post(client, "parse", {"text": SHORT_LIBRARY}))
    assert set(parsed) == set(components["ParsedDecklist"]["properties"])
    assert set(parsed["unresolved"][0]) == set(components["UnresolvedLine"]["properties"])
    converted = ok(post(client, "convert", {"text": LEGAL_DECK}, query="?to=jol"))
    assert set(converted) == set(components["ConvertedDecklist"]["properties"])
    assert set(ok(client.get(f"{API}formats"))[0]) == set(components["DecklistFormat"]["properties"])


def test_the_request_serializers_match_the_documented_fields():
    # `lang`: the Veto report's language (tests/api/test_decklists_api_veto.py); a VTES request ignores it.
    assert set(serializers.ValidateUploadSerializer().fields) == {
        "text",
        "file",
        "format",
        "as_of",
        "ruleset",
        "players",
        "lang",
    }
    assert set(serializers.ValidateRequestSerializer().fields) == {
        "text",
        "format",
        "as_of",
        "ruleset",
        "players",
        "lang",
    }
