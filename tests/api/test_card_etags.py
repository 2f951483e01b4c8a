"""The card list's answers (/api/v1/cards/, /api/v1/cards/<id>/, /api/v1/sets/) carry a strong ETag and may be
cached for five minutes; a client holding the current tag gets a 304 without the search running again."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.core.management import call_command

from cards import list_version
from cards import search as card_search
from cards.models import Card, CardSet
from twda.models import TournamentCard, TournamentDeck
from vtesdeck.core import carddb

pytestmark = pytest.mark.django_db

CARDS = "/api/v1/cards/"


@pytest.fixture(autouse=True)
def fresh_version():
    list_version.forget()
    yield
    list_version.forget()


def get(client, url: str = CARDS, etag: str | None = None, **params):
    headers = {"HTTP_ACCEPT": "application/json"}
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(url, params, **headers)


def bounty_url() -> str:
    return f"{CARDS}{Card.objects.get(name='Bounty').id}/"


@pytest.mark.parametrize("url", [CARDS, "bounty", "/api/v1/sets/", "/api/v1/sets/V5/"])
def test_card_data_answers_carry_a_strong_etag_and_may_be_cached_for_five_minutes(client, url):
    response = get(client, bounty_url() if url == "bounty" else url)
    assert response.status_code == 200
    assert response["ETag"].startswith('"') and response["ETag"].endswith('"')  # strong: no W/
    assert response["Cache-Control"] == "public, max-age=300"
    assert "Accept" in response["Vary"]


def test_the_same_request_gets_the_same_tag(client):
    assert get(client, q="bounty")["ETag"] == get(client, q="bounty")["ETag"]


def test_each_query_path_and_format_has_its_own_tag(client):
    tags = {
        get(client, q="bounty")["ETag"],
        get(client, q="ambush")["ETag"],
        get(client, q="bounty", page_size=10)["ETag"],
        get(client, "/api/v1/sets/")["ETag"],
        get(client, bounty_url())["ETag"],
        client.get(CARDS, {"q": "bounty"}, HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE="de")["ETag"],
    }
    assert len(tags) == 6


def test_a_matching_if_none_match_is_a_304_without_running_the_search(client, monkeypatch):
    tag = get(client, q="bounty")["ETag"]

    def no_search(*args, **kwargs):
        raise AssertionError("the search ran for a 304")

    monkeypatch.setattr("cards.api.views.search", no_search)
    response = get(client, etag=tag, q="bounty")
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == tag and response["Cache-Control"] == "public, max-age=300"
    assert card_search.search is not no_search  # the page's search is untouched


@pytest.mark.parametrize("header", ['"stale", {tag}', "W/{tag}", "*"])
def test_if_none_match_may_list_several_tags_or_a_weak_one(client, header):
    tag = get(client, "/api/v1/sets/")["ETag"]
    assert get(client, "/api/v1/sets/", etag=header.format(tag=tag)).status_code == 304


def test_another_tag_gets_the_full_answer(client):
    response = get(client, etag='"not-the-tag"', q="bounty")
    assert response.status_code == 200 and response.json()["count"] == 1


def test_a_one_card_answer_revalidates_too(client):
    url = bounty_url()
    tag = get(client, url)["ETag"]
    assert get(client, url, etag=tag).status_code == 304


def test_errors_and_the_browsable_page_carry_no_tag(client):
    assert "ETag" not in get(client, capacity_min="x")
    assert "ETag" not in get(client, f"{CARDS}999999999/")
    assert "ETag" not in client.get(CARDS, {"q": "bounty"}, HTTP_ACCEPT="text/html")


def test_a_search_by_the_tournament_archive_is_not_tagged(client):
    # Its answer follows the archive, imported apart from the card list.
    deck = TournamentDeck.objects.create(id="t1", date=datetime.date(2020, 1, 1), text="t1", digest="t1")
    TournamentCard.objects.create(deck=deck, card=Card.objects.get(name="Bounty"), count=1, position=0)
    response = get(client, twda="seen")
    assert response.status_code == 200 and "ETag" not in response


def test_reimporting_changed_cards_changes_the_tag(client, tmp_path: Path, bundled_files):
    before = get(client, "/api/v1/sets/")["ETag"]
    old = b"Provides only one maneuver"  # a .44 Magnum ruling
    changed = {**bundled_files, carddb.RULINGS_YAML: bundled_files[carddb.RULINGS_YAML].replace(old, b"Gives one")}
    folder = tmp_path / "csv"
    folder.mkdir()
    for name, content in changed.items():
        (folder / name).write_bytes(content)
    call_command("import_cards", "--source", str(folder), verbosity=0)
    after = get(client, "/api/v1/sets/")
    assert after["ETag"] != before
    assert get(client, "/api/v1/sets/", etag=before).status_code == 200


def test_reimporting_the_same_cards_keeps_the_tag(client):
    before = get(client, "/api/v1/sets/")["ETag"]
    call_command("import_cards", verbosity=0)
    assert get(client, "/api/v1/sets/")["ETag"] == before


def test_a_process_reads_the_version_the_import_recorded_without_digesting_the_cards(client, monkeypatch):
    call_command("import_cards", verbosity=0)
    tag = get(client, "/api/v1/sets/")["ETag"]

    def no_digest():
        raise AssertionError("the card list was digested")

    monkeypatch.setattr("cards.models.card_list_digest", no_digest)
    list_version._state.update(version=None, index=None)  # as in a freshly started process
    assert get(client, "/api/v1/sets/")["ETag"] == tag


def test_a_set_edited_outside_the_importer_changes_the_tag(client, monkeypatch):
    monkeypatch.setattr(list_version, "RECHECK_SECONDS", 0)  # another process's edit, seen at the next recheck
    before = get(client, "/api/v1/sets/")["ETag"]
    card_set = CardSet.objects.get(abbrev="V5")
    card_set.name += " (renamed)"
    card_set.save()  # as the admin does
    assert get(client, "/api/v1/sets/")["ETag"] != before
