"""/veto/cards/: a player's own Veto card list: upload it (a file or pasted), see its size, download it, delete it.
A refused list is a 400 listing every problem with its line, and changes nothing stored."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.veto.samples import EXAMPLE_CSV
from veto import services
from veto.models import CardList

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

URL = "/veto/cards/"
MALFORMED = "name,type\nKarabela,other\nFortel,postać\nKarabela,other\n"


@pytest.fixture
def alice_client(client, alice) -> Client:
    client.force_login(alice)
    return client


def text_of(html: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def errors_of(html: str) -> str:
    match = re.search(r'<div class="error-summary".*?</div>', html, re.S)
    assert match, "no error summary"
    return text_of(match.group(0))


def csv_file(content: str | bytes, name: str = "cards.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content.encode("utf-8") if isinstance(content, str) else content, "text/csv")


def test_it_asks_to_log_in(client):
    for method, url in (("get", URL), ("post", URL), ("get", f"{URL}export"), ("post", f"{URL}delete")):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not CardList.objects.exists()


def test_it_shows_the_form_and_documents_the_columns(alice_client):
    response = alice_client.get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'type="file"' in page and "<textarea" in page
    for column in ("name", "epithet", "type", "factions", "alliance", "keywords"):
        assert f"<code>{column}</code>" in page
    for polish in ("nazwa", "przydomek", "frakcje", "sojusz", "słowa kluczowe"):
        assert polish in page
    assert "You have no card list of your own." in text_of(page)
    assert "The site has none either" in text_of(page)
    assert f"{URL}example.csv" in page


def test_it_says_the_sites_list_is_used_when_the_user_has_none(alice_client, veto_site_list):
    page = text_of(alice_client.get(URL).content.decode())
    assert "checked against the site's list (46 cards)" in page


def test_an_uploaded_file_becomes_the_users_list(alice_client, alice):
    response = alice_client.post(URL, {"file": csv_file(EXAMPLE_CSV)})
    assert response.status_code == 302 and response["Location"] == URL
    assert services.find(alice).card_count == 46
    page = alice_client.get(URL).content.decode()
    assert "Imported your card list: 46 cards." in text_of(page)
    assert re.search(r'id="own-list">Your list holds <strong>46</strong> cards', page)
    assert services.find(None) is None  # the site's list is not the user's business


def test_a_pasted_list_becomes_the_users_list(alice_client, alice):
    response = alice_client.post(URL, {"text": "nazwa,typ\nKarabela,\nWojewoda Mścisław,elekt\n"})
    assert response.status_code == 302
    assert services.find(alice).card_count == 2


def test_a_malformed_list_is_a_400_naming_each_line_and_nothing_is_stored(alice_client, alice):
    alice_client.post(URL, {"file": csv_file(EXAMPLE_CSV)})
    before = CardList.objects.get(owner=alice)
    response = alice_client.post(URL, {"file": csv_file(MALFORMED)})
    assert response.status_code == 400
    problems = re.findall(r'<li class="card-list-problem">(.*?)</li>', response.content.decode())
    assert [html_lib.unescape(p) for p in problems] == [
        "Line 3: Unknown card type “postać”; the types are elekt, strategy or other.",
        "Line 4: The card “Karabela” is already on the list (line 2): a name and epithet name one card.",
    ]
    after = CardList.objects.get(owner=alice)
    assert (after.csv, after.imported) == (before.csv, before.imported)


def test_problems_are_in_polish_on_a_polish_page(alice_client):
    response = alice_client.post(URL, {"text": MALFORMED}, HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 400
    problems = re.findall(r'<li class="card-list-problem">(.*?)</li>', response.content.decode())
    assert problems[0].startswith("Wiersz 3: ")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({}, "Choose a CSV file or paste the card list."),
        ({"text": "   \n"}, "Choose a CSV file or paste the card list."),
        ({"text": "name\nA\n", "file": "FILE"}, "Send a file or a pasted list, not both."),
        ({"file": b"\x00\x01\x02\x03binary"}, "Line 1: This is not a text file"),
        ({"file": b"name\n\xff\xfe\n"}, "Line 2: The text is not UTF-8"),
        ({"text": "hello world, this is no card list"}, "The header lacks the required column “name”."),
        ({"file": ""}, "The submitted file is empty."),
    ],
    ids=["nothing", "blank", "both", "binary", "not-utf-8", "garbage", "empty-file"],
)
def test_bad_input_is_a_400_and_stores_nothing(alice_client, data, expected):
    data = {
        key: csv_file(b"name\nA\n" if value == "FILE" else value) if key == "file" else value
        for key, value in data.items()
    }
    response = alice_client.post(URL, data)
    assert response.status_code == 400
    assert expected in errors_of(response.content.decode())
    assert not CardList.objects.exists()


def test_a_file_over_the_limit_is_refused(alice_client, settings):
    settings.VETO_CARD_LIST_MAX_BYTES = 100
    response = alice_client.post(URL, {"file": csv_file("name\n" + "Karabela\n" * 20)})
    assert response.status_code == 400
    assert "The card list is too large" in errors_of(response.content.decode())
    assert not CardList.objects.exists()


def test_a_huge_body_is_refused_unread(alice_client, settings):
    settings.VETO_CARD_LIST_MAX_BYTES = 1000
    body = "name\n" + "Karabela\n" * 20_000  # 180 kB, past the limit and the form's overhead
    response = alice_client.post(URL, {"text": body})
    assert response.status_code == 413
    assert "The upload is too large" in errors_of(response.content.decode())
    assert not CardList.objects.exists()


def test_the_form_needs_its_csrf_token(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post(URL, {"text": EXAMPLE_CSV})
    assert response.status_code == 403
    assert not CardList.objects.exists()


def test_imports_are_throttled_per_user(alice_client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "veto_card_lists": "2/hour"},
    }
    for _ in range(2):
        assert alice_client.post(URL, {"text": "name\nKarabela\n"}).status_code == 302
    response = alice_client.post(URL, {"text": EXAMPLE_CSV})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert (
        services.export_list(response.wsgi_request.user)
        == "name,epithet,type,factions,alliance,keywords\nKarabela,,other,,,\n"
    )


def test_the_list_downloads_as_csv(alice_client):
    alice_client.post(URL, {"file": csv_file(EXAMPLE_CSV)})
    response = alice_client.get(f"{URL}export")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="veto-cards.csv"'
    assert response.content.decode("utf-8") == EXAMPLE_CSV


def test_without_a_list_there_is_nothing_to_download(alice_client, veto_site_list):
    assert alice_client.get(f"{URL}export").status_code == 404


def test_the_list_is_deleted(alice_client, alice, veto_site_list):
    alice_client.post(URL, {"file": csv_file(EXAMPLE_CSV)})
    response = alice_client.post(f"{URL}delete")
    assert response.status_code == 302
    assert services.find(alice) is None
    assert services.find(None) == veto_site_list  # the site's list stays
    assert "Your card list is deleted." in text_of(alice_client.get(URL).content.decode())
    assert alice_client.get(f"{URL}delete").status_code == 405


def test_another_users_list_is_neither_shown_nor_changed(alice_client, bob):
    services.import_list(EXAMPLE_CSV, bob)
    page = text_of(alice_client.get(URL).content.decode())
    assert "You have no card list of your own." in page
    assert alice_client.get(f"{URL}export").status_code == 404
    alice_client.post(f"{URL}delete")
    assert services.find(bob).card_count == 46


def test_the_example_list_downloads_without_an_account(client):
    response = client.get(f"{URL}example.csv")
    assert response.status_code == 200
    assert response.content.decode("utf-8") == EXAMPLE_CSV
