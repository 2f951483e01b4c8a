"""Issue 14: /check/ is no denial-of-service door. A request reads decklists within a work budget: a zip of
junk decklists is answered at once, the cut stated and each decklist not checked named; the page is
throttled as the decklists API is (one rate, one count), with a 429 saying why in the user's language; the
other doors that read decklists (the decklists API, the deck API's text) stop a junk decklist the same way."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.web.test_check_page import LEGAL_DECK, text_of, verdict_rows
from vtesdeck.core.budget import DECK_UNRESOLVED

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]


def junk(lines: int, tag: str) -> str:
    return "".join(f"{n + 1}x Zorblax {tag} Quuxington {n}\n" for n in range(lines))


def zipped(files: dict[str, str]) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return SimpleUploadedFile("event.zip", buffer.getvalue())


def post(client, language: str = "en", **data):
    return client.post("/check/", {"ruleset": "vekn", "as_of": "today", **data}, HTTP_ACCEPT_LANGUAGE=language)


def test_a_zip_of_junk_decklists_is_cut_short_and_says_what_was_not_checked(client, settings):
    settings.DECKLIST_BUDGET_UNRESOLVED = 150
    files = {"1-legal.txt": LEGAL_DECK, **{f"{n}-junk.txt": junk(400, f"z{n}") for n in range(2, 9)}}
    response = post(client, files=zipped(files))
    assert response.status_code == 200
    html = response.content.decode()
    rows = {row[0]: row[1] for row in verdict_rows(html)}
    assert rows["event.zip/1-legal.txt"].startswith("Gargoyle rush")
    # The first junk decklist is read until its 101st line naming no card; the next spends the request's
    # 150 such lines; the rest are not read at all.
    assert rows["event.zip/2-junk.txt"].startswith(f"Reading stopped at line {DECK_UNRESOLVED + 1}")
    not_checked = [path for path, cell in rows.items() if cell.startswith("Not checked")]
    assert not_checked == [f"event.zip/{n}-junk.txt" for n in range(3, 9)]
    assert "150 lines naming no card, its limit" in rows["event.zip/3-junk.txt"]
    assert "6 decklists were not checked: this request reached its work limit" in text_of(html)


def test_suggestions_are_capped_per_request_and_the_decks_past_the_cap_named(client, settings):
    settings.DECKLIST_BUDGET_SUGGESTIONS = 30
    typos = "".join(f"1x Govern teh Unaligned {n}\n" for n in range(20))
    files = {f"{n}.txt": LEGAL_DECK + typos for n in range(1, 4)}
    html = post(client, files=zipped(files)).content.decode()
    rows = {row[0]: row[1] for row in verdict_rows(html)}
    assert "looked for suggestions for 30 unknown names" in rows["event.zip/2.txt"]
    assert "looked for suggestions for 30 unknown names" in rows["event.zip/3.txt"]
    assert "Not checked" not in rows["event.zip/1.txt"]


def test_a_request_of_nothing_but_junk_is_a_400_naming_each_file(client, settings):
    settings.DECKLIST_BUDGET_LINES = 1_000
    files = {f"{n}.txt": junk(600, f"y{n}") for n in range(1, 4)}
    response = post(client, files=zipped(files))
    assert response.status_code == 400
    page = text_of(response.content.decode())
    assert "event.zip/1.txt: Reading stopped at line 101" in page
    assert "event.zip/2.txt: Not checked: this request had already read 1,000 lines of decklists" in page
    assert "event.zip/3.txt: Not checked" in page


def test_the_page_is_throttled_with_the_api_in_one_count(client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "decklists": "3/minute"},
    }
    assert post(client, text=LEGAL_DECK).status_code == 200
    api = client.post("/api/v1/decklists/parse", {"text": LEGAL_DECK}, content_type="application/json")
    assert api.status_code == 200
    assert post(client, text=LEGAL_DECK).status_code == 200
    response = post(client, "pl", text=LEGAL_DECK)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "Zbyt wiele sprawdzeń z Twojego adresu" in response.content.decode()
    # The API shares the count: it is over the rate too.
    assert (
        client.post("/api/v1/decklists/parse", {"text": LEGAL_DECK}, content_type="application/json").status_code == 429
    )
    # Reading the page is never throttled.
    assert client.get("/check/").status_code == 200


def test_the_decklists_api_stops_a_junk_decklist(client):
    response = client.post("/api/v1/decklists/validate", {"text": junk(5_000, "api")}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"]["text"][0].startswith(f"Reading stopped at line {DECK_UNRESOLVED + 1}")


def test_the_deck_api_text_field_stops_a_junk_decklist(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("judge", password="pw-for-tests-only"))
    response = client.post(
        "/api/v1/decks/", {"name": "junk", "text": junk(5_000, "deck")}, content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert "Reading stopped at line" in response.content.decode()
