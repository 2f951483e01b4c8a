"""Card images fetched on view (``CARD_IMAGE_FETCH_TEMPLATE``, what `make run` sets): ``/cards/<id>/image`` asks
the image host for a card the first time a page shows it, keeps it in the mirror and serves it; a card the host
has no image of, or a host that cannot be reached, is the text card (a redirect: the browser shows a card, never
a broken image), and a host that failed is not asked again until ``CARD_IMAGE_FETCH_RETRY`` has passed.

The host is a stand-in on loopback (``tests.images.ImageSite``, plain http: ``CARD_IMAGE_ALLOW_HTTP``)."""

from __future__ import annotations

import json

import pytest

from cards import images
from tests.images import ImageSite, closed_port, fetching_on_view, jpeg
from vtesdeck.management.commands.serve import local_environment

pytestmark = pytest.mark.django_db

ANSON, RACK, GOVERN = 200107, 101536, 100845
ART = jpeg((358, 500))


@pytest.fixture
def on_view(settings, tmp_path):
    """Fetching on view into an empty mirror in ``tmp_path``, from a stand-in host with Anson's image alone."""
    with fetching_on_view(settings, tmp_path), ImageSite.serve({"/card/ansong1.jpg": (200, ART, "image/jpeg")}) as host:
        settings.CARD_IMAGE_FETCH_TEMPLATE = host
        yield ImageSite


def served(response) -> bytes:
    return b"".join(response.streaming_content)


def test_the_first_view_fetches_the_image_into_the_mirror_and_later_views_serve_it_from_there(client, on_view):
    response = client.get(f"/cards/{ANSON}/image")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg"
    assert served(response) == ART
    manifest = json.loads((images.folder() / images.MANIFEST).read_text())
    assert manifest[str(ANSON)]["file"] == f"{ANSON}.jpg"  # the mirror `make images` fills: proxies print it
    assert on_view.asked == ["/card/ansong1.jpg"]

    assert served(client.get(f"/cards/{ANSON}/image")) == ART
    assert on_view.asked == ["/card/ansong1.jpg"]  # asked once


def test_a_card_the_host_has_no_image_of_is_its_text_card_and_is_not_asked_again(client, on_view):
    response = client.get(f"/cards/{RACK}/image")
    assert response.status_code == 302
    assert response["Location"] == f"/cards/{RACK}/face.svg"
    assert "max-age=86400" in response["Cache-Control"]  # the host has none: the text card for a day
    client.get(f"/cards/{RACK}/image")
    assert on_view.asked == ["/card/rackthe.jpg"]


def test_a_failing_host_gives_text_cards_and_is_not_asked_again_until_the_retry(client, on_view, settings):
    on_view.files = {"/card/ansong1.jpg": (503, b"busy", "text/plain")}
    response = client.get(f"/cards/{ANSON}/image")
    assert (response.status_code, response["Location"]) == (302, f"/cards/{ANSON}/face.svg")
    assert f"max-age={settings.CARD_IMAGE_FETCH_RETRY}" in response["Cache-Control"]  # only until it is asked again
    assert images.fetch_failing()
    for card in (RACK, GOVERN, ANSON):  # a page of cards waits for one failure, not one each
        assert client.get(f"/cards/{card}/image")["Location"] == f"/cards/{card}/face.svg"
    assert on_view.asked == ["/card/ansong1.jpg"]

    images._down.clear()  # the retry time has passed
    on_view.files = {"/card/ansong1.jpg": (200, ART, "image/jpeg")}
    assert served(client.get(f"/cards/{ANSON}/image")) == ART


def test_when_every_fetching_slot_is_busy_a_card_is_its_text_card_for_a_few_seconds(client, on_view, monkeypatch):
    monkeypatch.setattr(images, "FETCH_TIMEOUT", (0.01, 5.0))  # the wait for a slot: none are freed here
    for _ in range(images.FETCH_AT_ONCE):
        images._slots.acquire()
    try:
        response = client.get(f"/cards/{ANSON}/image")
    finally:
        for _ in range(images.FETCH_AT_ONCE):
            images._slots.release()
    assert (response.status_code, response["Location"]) == (302, f"/cards/{ANSON}/face.svg")
    assert f"max-age={images.BUSY_SECONDS}" in response["Cache-Control"]
    assert on_view.asked == []
    assert served(client.get(f"/cards/{ANSON}/image")) == ART  # a slot free: fetched


def test_a_fetch_keeps_the_entries_another_process_wrote_meanwhile(cards, on_view, settings):
    import requests

    other = {"file": "1.jpg", "sha256": "0" * 64, "bytes": 1, "url": "elsewhere", "fetched_at": "2026-11-30"}

    def meanwhile(done: int, total: int) -> None:  # a `make images` beside the site writes the manifest now
        images._merge_manifest(images.folder(), {"1": dict(other)})

    with requests.Session() as session:
        images.fetch(
            [cards[ANSON]], settings.CARD_IMAGE_FETCH_TEMPLATE, session=session, allow_http=True, progress=meanwhile
        )
    manifest = json.loads((images.folder() / images.MANIFEST).read_text())
    assert sorted(manifest) == ["1", str(ANSON)]


def test_a_host_refusing_connections_gives_text_cards(client, on_view, settings):
    settings.CARD_IMAGE_FETCH_TEMPLATE = f"http://localhost:{closed_port()}/card/{{slug}}.jpg"
    response = client.get(f"/cards/{ANSON}/image")
    assert (response.status_code, response["Location"]) == (302, f"/cards/{ANSON}/face.svg")
    assert images.fetch_failing()
    assert not (images.folder() / images.MANIFEST).exists()  # nothing stored


def test_the_host_is_asked_only_at_a_public_address_unless_allowed_by_name(client, on_view, settings):
    settings.CARD_IMAGE_ALLOWED_HOSTS = []  # localhost is loopback: refused before connecting
    assert client.get(f"/cards/{ANSON}/image").status_code == 302
    assert on_view.asked == []


def test_a_mirror_folder_that_cannot_be_written_gives_text_cards(client, on_view, settings, tmp_path):
    (tmp_path / "cards").write_text("a file where the folder should be")
    response = client.get(f"/cards/{ANSON}/image")
    assert (response.status_code, response["Location"]) == (302, f"/cards/{ANSON}/face.svg")
    assert images.fetch_failing()


def test_pages_point_at_this_site_for_every_card_when_fetching_on_view(client, on_view):
    page = client.get(f"/cards/{RACK}/").content.decode()
    assert f'src="/cards/{RACK}/image" data-fallback="/cards/{RACK}/face.svg"' in page
    assert "Paradox Interactive AB" in page  # images shown: the publisher's notice
    assert on_view.asked == []  # the page itself asks nothing: the browser's request for the image does


@pytest.mark.parametrize(
    "template, error",
    [
        ("http://images.example.org/{slug}.jpg", "https"),
        ("https://images.example.org/{slug}-{set}.jpg", "{set}"),
    ],
)
def test_an_unusable_template_stops_the_site_at_start_up(settings, template, error):
    from django.core.checks import run_checks

    settings.CARD_IMAGE_FETCH_TEMPLATE = template
    found = [e for e in run_checks() if e.id == "cards.E002"]
    assert len(found) == 1 and error in found[0].msg


def test_a_local_run_fetches_the_fields_images_unless_the_environment_chose_a_mode():
    assert local_environment({"PATH": "/bin"}) == {
        "PATH": "/bin",
        "CARD_IMAGE_FETCH_TEMPLATE": "https://static.krcg.org/card/{slug}.jpg",
    }
    assert local_environment({"CARD_IMAGE_FETCH_TEMPLATE": ""}) == {"CARD_IMAGE_FETCH_TEMPLATE": ""}  # text cards
    hotlink = {"CARD_IMAGE_URL_TEMPLATE": "https://images.example.org/{slug}.jpg"}
    assert local_environment(hotlink) == hotlink


def test_a_deployment_fetches_nothing_by_default(client, settings):
    assert settings.CARD_IMAGE_FETCH_TEMPLATE == ""  # the settings' default: no environment variable sets it
    assert client.get(f"/cards/{ANSON}/image").status_code == 404
