"""A deck's Proxies tab (``/decks/<id>/proxies/``), a proxies job's page, its PDF, and the API's ``proxies`` kind.

The tab starts a job of kind ``proxies`` (the one job lifecycle of every kind); no worker runs here: the job
stays queued where no worker reads it, or its one chunk is rendered in this process with the kind's own
``run_chunk`` and stored with the worker's ``store_chunk``, as a worker would."""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import math
import re
import zlib

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.http import FileResponse
from django.test import Client
from django.utils import timezone
from PIL import Image

from decks import services as deck_services
from decks.models import Deck
from proxies import sheets
from proxies.models import ProxySheet
from simulations.models import Simulation
from tests.access import client_of
from tests.conftest import play_job
from tests.images import ImageSite, jpeg
from vtesdeck.core.cardface import slug

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

VENTRUE = """Deck Name: Ventrue bleed
Crypt (12 cards)
6x Anson
6x Gaël Pilet
Library (30 cards)
12x Govern the Unaligned
10x Conditioning
8x Blood Doll
"""
COPIES = 42
ANSON, GOVERN = 200107, 100845


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Each test's own storage (the PDFs' files are no part of the test's rolled-back transaction)."""
    settings.MEDIA_ROOT = tmp_path / "media"


def make_deck(owner, visibility: str = "public") -> Deck:
    return deck_services.create(owner, deck_services.parse_text(VENTRUE), name="Ventrue bleed", visibility=visibility)


def page_texts(pdf: bytes) -> list[bytes]:
    texts = []
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            texts.append(zlib.decompress(raw))
        except zlib.error:
            continue
    return texts


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b", pdf))


def downloaded(response) -> bytes:
    """A download's bytes (the PDF is streamed from storage)."""
    return b"".join(response.streaming_content)


def stored_pdf(simulation: Simulation) -> bytes:
    """The job's PDF as the worker stored it (a file in the default storage, its row naming it)."""
    with sheets.open(ProxySheet.objects.get(pk=simulation.pk)) as handle:
        return handle.read()


def test_every_deck_page_has_a_proxies_tab(alice):
    deck = make_deck(alice)
    html = client_of().get(deck.get_absolute_url()).content.decode()
    assert f'href="/decks/{deck.id}/proxies/"' in html


def test_the_tab_lists_the_cards_in_print_order_with_a_printing_choice_each(alice):
    deck = make_deck(alice)
    response = client_of().get(f"/decks/{deck.id}/proxies/")
    assert response.status_code == 200
    html = response.content.decode()
    names = re.findall(r'<th scope="row"><label for="id_pick_\d+">([^<]+)</label>', html)
    assert names == ["Anson", "Gaël Pilet", "Blood Doll", "Govern the Unaligned", "Conditioning"]
    assert f'name="printing_{ANSON}"' in html and '<option value="Jyhad">Jyhad</option>' in html
    assert "for casual play only" in html


def test_the_defaults_make_a_pdf_of_every_card_that_anyone_with_the_job_can_download(alice, queue):
    deck = make_deck(alice)
    response = client_of(alice).post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"})
    assert response.status_code == 302
    simulation = Simulation.objects.get(kind="proxies")
    assert response["Location"] == simulation.get_absolute_url()
    assert (simulation.units, simulation.status, simulation.chunks_total) == (COPIES, "queued", 1)
    page = client_of(alice).get(simulation.get_absolute_url()).content.decode()
    assert "Queued: waiting for a worker." in page and 'id="simulation-progress"' in page
    play_job(simulation)
    page = client_of(alice).get(simulation.get_absolute_url()).content.decode()
    assert f'href="/proxies/{simulation.id}.pdf"' in page
    assert "42 cards (0 from images) on 5 pages." in " ".join(page.split())
    pdf = client_of().get(f"/proxies/{simulation.id}.pdf")  # a public deck's job: its id is enough
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf["Content-Disposition"] == 'attachment; filename="Ventrue-bleed-proxies.pdf"'
    content = downloaded(pdf)
    assert pages_of(content) == math.ceil(COPIES / 9)
    assert b"/MediaBox [0 0 595.28 841.89]" in content


def test_only_the_ticked_cards_on_letter_paper(alice, queue):
    deck = make_deck(alice)
    data = {
        "paper": "letter",
        "marks": "gaps",
        "cards": "only",
        f"pick_{ANSON}": "on",
        f"pick_{GOVERN}": "on",
        f"printing_{ANSON}": "Jyhad",
    }
    assert client_of(alice).post(f"/decks/{deck.id}/proxies/", data).status_code == 302
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    assert simulation.units == 6 + 12
    assert simulation.plan["cards"] == [ANSON] * 6 + [GOVERN] * 12
    assert simulation.plan["printings"] == {str(ANSON): "Jyhad"}
    sheet = ProxySheet.objects.get(pk=simulation.pk)
    assert (sheet.pages, sheet.cards) == (2, 18)
    assert b"/MediaBox [0 0 612.00 792.00]" in stored_pdf(simulation)
    # The chosen printing is written at the foot of Anson's text cards (in the pages' compressed text).
    assert sum(text.count(b"Jyhad") for text in page_texts(stored_pdf(simulation))) == 6


def test_nothing_ticked_or_a_printing_that_does_not_exist_is_a_400_on_the_form(alice, queue):
    deck = make_deck(alice)
    response = client_of(alice).post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "only"})
    assert response.status_code == 400
    assert "Nothing to print" in response.content.decode()
    assert not Simulation.objects.filter(kind="proxies").exists()


def test_only_the_missing_cards_asks_for_a_login_and_then_reads_the_collection(alice, queue):
    deck = make_deck(alice)
    data = {"paper": "a4", "marks": "crop", "cards": "missing"}
    response = client_of().post(f"/decks/{deck.id}/proxies/", data)
    assert response.status_code == 400 and "Log in to print only the cards your collection lacks." in (
        response.content.decode()
    )
    from collection import services as collection
    from vtesdeck.core.collection import Line

    collection.add(alice, [Line(card_id=ANSON, count=4), Line(card_id=GOVERN, count=12)])
    assert client_of(alice).post(f"/decks/{deck.id}/proxies/", data).status_code == 302
    simulation = Simulation.objects.get(kind="proxies")
    assert sorted(simulation.plan["cards"]).count(ANSON) == 2 and GOVERN not in simulation.plan["cards"]
    assert simulation.units == COPIES - 4 - 12


def test_another_users_private_deck_and_its_pdf_answer_404(alice, bob, queue):
    deck = make_deck(alice, visibility="private")
    assert client_of(bob).get(f"/decks/{deck.id}/proxies/").status_code == 404
    client_of(alice).post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"})
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    assert client_of(alice).get(f"/proxies/{simulation.id}.pdf").status_code == 200
    assert client_of(bob).get(f"/proxies/{simulation.id}.pdf").status_code == 404
    assert client_of().get("/proxies/nosuchjob.pdf").status_code == 404


def test_the_api_starts_proxies_on_the_simulations_endpoint_and_links_the_pdf(alice, queue):
    deck = make_deck(alice)
    api = client_of(alice)
    body = {"kind": "proxies", "deck": deck.id, "paper": "letter", "print": "only", "only": [GOVERN]}
    response = api.post("/api/v1/simulations/", body, content_type="application/json")
    assert response.status_code == 202, response.content
    job = response.json()
    assert (job["kind"], job["cards"], job["cards_done"]) == ("proxies", 12, 0)
    assert job["parameters"] == {"paper": "letter", "marks": "crop", "print": "only", "printings": {}}
    assert "hands" not in job and "games" not in job
    play_job(Simulation.objects.get(pk=job["id"]))
    done = api.get(f"/api/v1/simulations/{job['id']}/").json()
    assert done["status"] == "done"
    assert done["result"]["pages"] == 2 and done["result"]["text_cards"] == 12
    assert done["result"]["download_url"] == f"/proxies/{job['id']}.pdf"
    assert pages_of(downloaded(api.get(done["result"]["download_url"]))) == 2


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"paper": "a3"}, "paper"),
        ({"hands": 100}, "hands"),
        ({"print": "only"}, "only"),
        ({"printings": {str(ANSON): "NoSuchSet"}}, "printings"),
        ({"printings": {"²": "Jyhad"}}, "printings"),  # a digit to str.isdigit(), not to int()
        ({"printings": {"1" * 5000: "Jyhad"}}, "printings"),  # more digits than int() reads
        ({"print": "missing", "only": [ANSON]}, "only"),
    ],
)
def test_bad_proxies_requests_are_400s_naming_the_field(alice, queue, extra, field):
    deck = make_deck(alice)
    body = {"kind": "proxies", "deck": deck.id, **extra}
    response = client_of(alice).post("/api/v1/simulations/", body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()
    assert not Simulation.objects.filter(kind="proxies").exists()


def test_the_pdf_speaks_the_language_of_who_asked_for_it(alice, queue):
    deck = make_deck(alice)
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(alice)
    assert (
        client.post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"}).status_code == 302
    )
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    texts = page_texts(stored_pdf(simulation))
    assert sum(b"nur f\xfcr Freundschaftsspiele" in text for text in texts) == simulation.result["pages"] == 5


def mirror(*card_ids: int) -> None:
    """Scans of these cards in the mirror (``MEDIA_ROOT/cards/``), as ``fetch_card_images`` leaves them."""
    from cards import images

    images.folder().mkdir(parents=True, exist_ok=True)
    manifest = {}
    for card_id in card_ids:
        out = io.BytesIO()
        Image.new("RGB", (126, 176), (120, 10, 20)).save(out, "JPEG")
        (images.folder() / f"{card_id}.jpg").write_bytes(out.getvalue())
        manifest[str(card_id)] = {
            "file": f"{card_id}.jpg",
            "sha256": hashlib.sha256(out.getvalue()).hexdigest(),
            "bytes": len(out.getvalue()),
            "url": f"https://example.org/{card_id}.jpg",
            "fetched_at": "2026-01-01T00:00:00+00:00",
        }
    (images.folder() / images.MANIFEST).write_text(json.dumps(manifest))


def test_mirrored_images_are_printed_with_the_publishers_notice(alice, queue):
    mirror(ANSON)
    deck = make_deck(alice)
    client_of(alice).post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"})
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    assert (simulation.result["images"], simulation.result["text_cards"]) == (6, COPIES - 6)
    texts = page_texts(stored_pdf(simulation))
    assert sum(b"Paradox Interactive AB" in text for text in texts) == 1  # the first page: Anson's six images
    assert sum(b"for casual play only" in text for text in texts) == 5  # every page holds text cards


def test_after_make_images_the_pdf_prints_the_art_and_the_tab_says_nothing_more(alice, queue, settings):
    """`make images` is ``fetch_card_images`` with krcg's template: here against a stand-in host with every card
    of the deck (an interrupted run resumes: tests/cards/test_card_images.py)."""
    deck = make_deck(alice)
    index = deck_services.card_index()
    names = ("Anson", "Govern the Unaligned", "Gaël Pilet", "Conditioning", "Blood Doll")
    files = {f"/card/{slug(index.lookup(name))}.jpg": (200, jpeg((358, 500)), "image/jpeg") for name in names}
    settings.CARD_IMAGE_ALLOW_HTTP = True
    settings.CARD_IMAGE_ALLOWED_HOSTS = ["localhost"]
    with ImageSite.serve(files) as host:
        ids = ",".join(str(index.lookup(name).id) for name in names)
        call_command("fetch_card_images", template=host, ids=ids, delay=0, stdout=io.StringIO(), stderr=io.StringIO())
    assert art_hint(client_of().get(f"/decks/{deck.id}/proxies/").content.decode()) is None
    client_of(alice).post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"})
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    assert (simulation.result["images"], simulation.result["text_cards"]) == (COPIES, 0)


def art_hint(html: str) -> str | None:
    """The tab's paragraph saying how to get the card art, as a reader sees it (None when there is none)."""
    found = re.search(r'<p class="notice" id="proxies-art">(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split()) if found else None


def test_the_tab_says_how_to_get_the_art_while_some_cards_would_print_as_text(alice):
    deck = make_deck(alice)
    html = client_of().get(f"/decks/{deck.id}/proxies/").content.decode()
    assert art_hint(html) == (
        "42 of the deck's 42 cards have no mirrored image and will print as text cards. Whoever runs this site can "
        "mirror the card art once with make images (or manage.py fetch_card_images): the PDF then prints it."
    )
    mirror(ANSON, GOVERN)  # 6 and 12 copies
    html = client_of().get(f"/decks/{deck.id}/proxies/").content.decode()
    assert art_hint(html).startswith("24 of the deck's 42 cards have no mirrored image")
    index = deck_services.card_index()
    others = [index.lookup(name).id for name in ("Gaël Pilet", "Conditioning", "Blood Doll")]
    mirror(ANSON, GOVERN, *others)  # every card of the deck: nothing to say
    html = client_of().get(f"/decks/{deck.id}/proxies/").content.decode()
    assert art_hint(html) is None and "make images" not in html


# --- the PDF in storage: streamed, kept for a while, capped per job and per owner -----------------------


def start(client: Client, deck: Deck) -> object:
    return client.post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"})


def run_to_end(simulation: Simulation) -> Simulation:
    """The job's one chunk run here by the worker's own task (``simulations.tasks.run_chunk``), for a job that may
    fail in its worker (a cap): the job then says why."""
    from simulations import tasks

    tasks.run_chunk.apply(args=[simulation.id, 0, simulation.units])
    simulation.refresh_from_db()
    return simulation


def stored_files() -> list[str]:
    return sorted(default_storage.listdir("proxies")[1]) if default_storage.exists("proxies") else []


def test_the_pdf_is_a_file_in_storage_and_its_download_streams_from_it(alice, queue):
    deck = make_deck(alice)
    start(client_of(alice), deck)
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    sheet = ProxySheet.objects.get(pk=simulation.pk)
    assert sheet.file.name == f"proxies/{simulation.id}.pdf" and default_storage.size(sheet.file.name) == sheet.bytes
    assert simulation.result["bytes"] == sheet.bytes
    assert simulation.result["expires_at"] == (sheet.created + datetime.timedelta(days=7)).isoformat(timespec="seconds")
    assert not any(field.name == "pdf" for field in ProxySheet._meta.get_fields())  # no PDF in the database
    response = client_of(alice).get(f"/proxies/{simulation.id}.pdf")
    # Streamed from the file (tests/web/test_proxy_downloads.py downloads it through gunicorn), never read whole.
    assert response.streaming and isinstance(response, FileResponse)
    assert int(response["Content-Length"]) == sheet.bytes and downloaded(response) == stored_pdf(simulation)
    page = client_of(alice).get(simulation.get_absolute_url()).content.decode()
    expires = sheet.created + datetime.timedelta(days=7)
    assert f"Kept until {expires:%Y-%m-%d %H:%M} UTC, then deleted." in page


def test_an_expired_pdf_is_never_served_and_is_deleted_with_its_file(alice, queue, django_capture_on_commit_callbacks):
    deck = make_deck(alice)
    start(client_of(alice), deck)
    simulation = play_job(Simulation.objects.get(kind="proxies"))
    made = ProxySheet.objects.get(pk=simulation.pk).created
    ProxySheet.objects.filter(pk=simulation.pk).update(created=made - datetime.timedelta(days=7, seconds=1))
    response = client_of(alice).get(f"/proxies/{simulation.id}.pdf")
    assert response.status_code == 410
    assert "Proxy PDFs are kept 7 days after they are made, and this one was deleted." in response.content.decode()
    page = client_of(alice).get(simulation.get_absolute_url()).content.decode()
    assert 'id="pdf-gone"' in page and 'id="pdf-link"' not in page
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):  # files go once the deletion is committed
        call_command("purge_proxy_sheets", stdout=out)
    assert out.getvalue().startswith("1 expired proxy PDF deleted")
    assert not ProxySheet.objects.exists() and stored_files() == []
    assert client_of(alice).get(f"/proxies/{simulation.id}.pdf").status_code == 410


def test_a_worker_storing_a_pdf_deletes_expired_ones(alice, queue, django_capture_on_commit_callbacks):
    deck = make_deck(alice)
    start(client_of(alice), deck)
    old = play_job(Simulation.objects.get(kind="proxies"))
    ProxySheet.objects.filter(pk=old.pk).update(created=timezone.now() - datetime.timedelta(days=30))
    start(client_of(alice), deck)
    with django_capture_on_commit_callbacks(execute=True):
        new = play_job(Simulation.objects.exclude(pk=old.pk).get(kind="proxies"))
    assert list(ProxySheet.objects.values_list("pk", flat=True)) == [new.pk]
    assert stored_files() == [f"{new.id}.pdf"]


def test_an_owner_with_no_room_left_is_refused_the_next_job_on_the_page_and_the_api(alice, queue, settings):
    deck = make_deck(alice)
    anonymous = client_of()
    assert start(anonymous, deck).status_code == 302
    sheet = ProxySheet.objects.get(pk=play_job(Simulation.objects.get(kind="proxies")).pk)
    settings.PROXIES_MAX_STORED_BYTES_ANON = sheet.bytes  # this address's room is full
    response = start(anonymous, deck)
    assert response.status_code == 429 and response["Retry-After"] == "10"
    text = " ".join(response.content.decode().split())
    assert f"The proxy sheets kept for your address take {sheets.megabytes(sheet.bytes)}" in text
    limit = sheets.megabytes(sheet.bytes)
    assert f"without an account, at most {limit} are kept at once. Each is deleted 7 days after it was made." in text
    api = anonymous.post("/api/v1/simulations/", {"kind": "proxies", "deck": deck.id}, content_type="application/json")
    assert api.status_code == 429 and f"without an account, at most {limit}" in api.json()["detail"]
    assert (
        client_of(alice)
        .post(f"/decks/{deck.id}/proxies/", {"paper": "a4", "marks": "crop", "cards": "all"})["Location"]
        .startswith("/simulations/")
    )  # an account has room of its own
    assert Simulation.objects.filter(kind="proxies").count() == 2


def test_pdfs_finishing_together_never_pass_their_owners_room(alice, queue, settings):
    deck = make_deck(alice)
    start(client_of(alice), deck)
    start(client_of(alice), deck)  # both started with the room empty
    first, second = Simulation.objects.filter(kind="proxies").order_by("created_at")
    first = play_job(first)
    settings.PROXIES_MAX_STORED_BYTES_USER = ProxySheet.objects.get(pk=first.pk).bytes + 1_000
    second = run_to_end(second)
    assert second.status == "failed"
    assert second.error.startswith("Your proxy sheets kept here take ")
    assert stored_files() == [f"{first.id}.pdf"]  # the second file was not left behind


def test_a_pdf_past_its_byte_cap_fails_the_job_with_a_sentence(alice, queue, settings):
    settings.PROXIES_MAX_PDF_BYTES = 2_000
    deck = make_deck(alice)
    start(client_of(alice), deck)
    simulation = run_to_end(Simulation.objects.get(kind="proxies"))
    assert simulation.status == "failed"
    assert simulation.error == "This PDF would take more than 2 KB, the most one may take: print fewer cards at once."
    assert not ProxySheet.objects.exists() and stored_files() == []
    page = client_of(alice).get(simulation.get_absolute_url()).content.decode()
    assert "print fewer cards at once" in page
