"""Mirroring card images (``cards.images``, ``manage.py fetch_card_images``).

No network: the fetching runs against a small HTTP server in this process. It speaks plain http, which the
command refuses (https only); so the scheme rule is tested on its own, and the fetching with the test-only
``allow_http`` (``CARD_IMAGE_ALLOW_HTTP``, a setting no environment variable sets). It listens on loopback,
where the fetch never connects (``vtesdeck.outbound``) unless the host is allowed by name: the tests name it
``localhost`` and allow that name (``CARD_IMAGE_ALLOWED_HOSTS``), as an operator would a local image server."""

from __future__ import annotations

import hashlib
import io
import json
import socket
import subprocess
import threading

import pytest
import requests
from django.core.management import CommandError, call_command
from PIL import Image

from cards import images
from cards.management.commands.fetch_card_images import Bar, about, bar_line
from tests.images import ImageSite, jpeg, one_colour_png
from tests.paths import PROJECT
from vtesdeck import outbound
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.image_urls import FIELD_TEMPLATE

ANSON, RACK, GOVERN, CONDITIONING = 200107, 101536, 100845, 100401


Site = ImageSite  # the stand-in host, its files and the paths asked


@pytest.fixture
def site(settings):
    settings.CARD_IMAGE_ALLOWED_HOSTS = ["localhost"]
    files = {
        "/card/ansong1.jpg": (200, jpeg(), "image/jpeg"),
        "/card/rackthe.jpg": (200, jpeg((40, 56)), "image/jpeg"),
        "/card/governtheunaligned.jpg": (200, b"<html>a login page</html>", "text/html"),
        "/card/conditioning.jpg": (200, jpeg((2000, 2800)), "image/jpeg"),  # larger than the test's cap
    }
    with ImageSite.serve(files) as template:
        yield template


def some(cards: CardIndex, *ids: int) -> list:
    return [cards[i] for i in ids]


# --- templates --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "reason"),
    [
        ("http://static.example.org/card/{slug}.jpg", "https only"),
        ("ftp://static.example.org/{id}", "https only"),
        ("/card/{slug}.jpg", "https only"),
        ("https://static.example.org/card/anson.jpg", "names no card"),
        ("https://static.example.org/{edition}/{slug}.jpg", "unknown placeholder {edition}"),
        ("https://static.example.org/{set}.jpg", "names no card"),  # a set alone: every card the same picture
        ("https://static.example.org/{id:05}.jpg", "take no format"),
        ("https://{slug}.example.org/x.jpg", "may not depend on the card"),
        ("https://static.example.org/{slug", "not a URL template"),
    ],
)
def test_a_bad_template_is_refused_with_its_reason(template, reason):
    with pytest.raises(images.TemplateError, match=reason.replace("{", r"\{").replace("}", r"\}")):
        images.check_template(template)


def test_placeholders_are_the_id_the_krcg_slug_and_the_quoted_name(cards):
    template = images.check_template("https://img.example.org/{id}/{slug}/{name}.jpg")
    url = images.expand(template, cards.lookup("Rack, The"))
    assert url == "https://img.example.org/101536/rackthe/Rack%2C%20The.jpg"
    assert images.hotlink_origin(template) == "https://img.example.org"
    by_set = images.check_template("https://img.example.org/{set}/{slug}.jpg")
    assert images.expand(by_set, cards.lookup("Rack, The"), "KMW") == "https://img.example.org/KMW/rackthe.jpg"
    assert images.by_printing(by_set) and not images.by_printing(template)


def test_a_hotlink_template_may_not_name_a_printing(settings):
    settings.CARD_IMAGE_URL_TEMPLATE = "https://img.example.org/{set}/{slug}.jpg"
    with pytest.raises(images.TemplateError, match="not for hotlinks"):
        images.hotlink_template()


# --- fetching ---------------------------------------------------------------------------------------


def test_images_are_mirrored_with_a_manifest_and_a_second_run_skips_them(cards, site, tmp_path, settings):
    settings.CARD_IMAGE_MAX_BYTES = 20_000
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert (report.fetched, report.skipped, report.failed, report.missing) == (2, 0, [], [])
    manifest = json.loads((tmp_path / images.MANIFEST).read_text())
    entry = manifest[str(ANSON)]
    data = (tmp_path / entry["file"]).read_bytes()
    assert entry["file"] == f"{ANSON}.jpg" and entry["bytes"] == len(data)
    assert entry["sha256"] == hashlib.sha256(data).hexdigest()
    assert entry["url"].endswith("/card/ansong1.jpg") and entry["fetched_at"].startswith("20")
    Site.asked.clear()
    with requests.Session() as session:
        again = images.fetch(some(cards, ANSON, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert (again.fetched, again.skipped) == (0, 2) and Site.asked == []
    # A damaged file (its checksum no longer matches) is fetched again.
    (tmp_path / f"{RACK}.jpg").write_bytes(b"damaged")
    with requests.Session() as session:
        third = images.fetch(some(cards, ANSON, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert (third.fetched, third.skipped) == (1, 1) and Site.asked == ["/card/rackthe.jpg"]


def test_oversized_answers_pages_that_are_no_image_and_404s_are_not_mirrored(cards, site, tmp_path, settings):
    settings.CARD_IMAGE_MAX_BYTES = 20_000
    missing = cards.lookup("Deflection")  # the test site has no image of it
    with requests.Session() as session:
        report = images.fetch(
            some(cards, GOVERN, CONDITIONING) + [missing], site, session=session, where=tmp_path, allow_http=True
        )
    assert report.fetched == 0 and report.missing == [missing.id]
    reasons = dict(report.failed)
    assert "not an image" in reasons[GOVERN]
    assert "20,000-byte cap" in reasons[CONDITIONING]
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no manifest, no file, no half-written part


def test_an_unreachable_site_stops_the_run_after_failures_in_a_row(cards, tmp_path, settings):
    settings.CARD_IMAGE_ALLOWED_HOSTS = ["localhost"]
    template = "http://localhost:9/card/{slug}.jpg"  # the discard port: nothing listens
    many = sorted(cards, key=lambda card: card.id)[: images.FAILURES_IN_A_ROW + 5]
    with requests.Session() as session:
        report = images.fetch(many, template, session=session, where=tmp_path, allow_http=True, timeout=(1, 1))
    assert len(report.failed) == images.FAILURES_IN_A_ROW and "failures in a row" in report.stopped


@pytest.mark.django_db
def test_the_command_refuses_plain_http_and_bad_templates(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    with pytest.raises(CommandError, match="https only"):
        call_command("fetch_card_images", template="http://static.example.org/card/{slug}.jpg")
    with pytest.raises(CommandError, match="unknown placeholder"):
        call_command("fetch_card_images", template="https://static.example.org/card/{card}.jpg")
    assert not (tmp_path / "cards").exists()


@pytest.mark.django_db
def test_the_command_mirrors_into_the_media_folder_and_says_what_it_did(site, tmp_path, settings, capsys):
    settings.MEDIA_ROOT = tmp_path
    settings.CARD_IMAGE_ALLOW_HTTP = True  # the test server's plain http
    call_command("fetch_card_images", template=site, ids=f"{ANSON},{RACK}", delay=0)
    out = capsys.readouterr().out
    assert "2 images fetched, 0 already mirrored, 0 not on the site, 0 failed" in out
    assert images.mirrored(ANSON) is not None
    with pytest.raises(CommandError, match="1 images failed"):
        call_command("fetch_card_images", template=site, ids=f"{ANSON},{GOVERN}", delay=0)


# --- redirects and slow servers ---------------------------------------------------------------------


def test_a_redirect_is_followed_only_to_an_allowed_scheme_and_never_asked_over_another(cards, site, tmp_path):
    origin = site.split("/card/")[0]
    Site.files["/card/ansong1.jpg"] = (302, b"/scans/anson.jpg", "text/plain")  # relative, same scheme: followed
    Site.files["/scans/anson.jpg"] = (200, jpeg(), "image/jpeg")
    Site.files["/card/rackthe.jpg"] = (301, b"ftp://127.0.0.1/rack.jpg", "text/plain")
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert report.fetched == 1 and "redirected to ftp://127.0.0.1: https only" in dict(report.failed)[RACK]
    # With https only (the command's rule), a hop to plain http is refused before it is asked: an https site
    # bouncing through http and back would otherwise send the request in clear on the way.
    Site.files["/start.jpg"] = (302, f"{origin}/scans/anson.jpg".encode(), "text/plain")
    Site.asked.clear()
    with requests.Session() as session, pytest.raises(images.FetchError, match="redirected to http://.*https only"):
        images._download(session, f"{origin}/start.jpg", limit=20_000, timeout=(2, 2), deadline=10, allow_http=False)
    assert Site.asked == ["/start.jpg"]


def test_a_redirect_loop_stops_after_a_few_hops(cards, site, tmp_path):
    Site.files["/card/ansong1.jpg"] = (302, b"/card/ansong1.jpg", "text/plain")
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON), site, session=session, where=tmp_path, allow_http=True)
    assert "redirected more than 5 times" in dict(report.failed)[ANSON]
    assert len(Site.asked) == images.MAX_REDIRECTS + 1


def test_a_server_trickling_an_image_is_cut_off_at_the_deadline(cards, site, tmp_path):
    # Every byte comes well within the read timeout, so only the image's own deadline can stop it.
    Site.files["/card/ansong1.jpg"] = (200, jpeg(), "trickle")
    with requests.Session() as session:
        report = images.fetch(
            some(cards, ANSON), site, session=session, where=tmp_path, allow_http=True, timeout=(2, 2), deadline=0.3
        )
    assert report.fetched == 0 and "0.3-second deadline" in dict(report.failed)[ANSON]
    assert list(tmp_path.iterdir()) == []


# --- one image per printing -------------------------------------------------------------------------


def test_a_template_with_set_mirrors_each_printing_beside_the_default_image(cards, site, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    settings.CARD_IMAGE_MAX_BYTES = 20_000
    anson = cards[ANSON]
    assert [p.set for p in anson.printings] == ["Jyhad", "VTES", "Tenth"]
    by_set = site.replace("/card/", "/card/{set}/")
    Site.files["/card/Jyhad/ansong1.jpg"] = (200, jpeg((30, 42)), "image/jpeg")
    Site.files["/card/Tenth/ansong1.jpg"] = (200, jpeg((20, 28)), "image/jpeg")  # no VTES scan on the site
    with requests.Session() as session:
        report = images.fetch([anson], by_set, session=session, allow_http=True)
        default = images.fetch([anson], site, session=session, allow_http=True)
    assert (report.fetched, report.missing, default.fetched) == (2, [ANSON], 1)
    manifest = json.loads((images.folder() / images.MANIFEST).read_text())
    assert list(manifest) == [str(ANSON), f"{ANSON}:Jyhad", f"{ANSON}:Tenth"]
    assert manifest[f"{ANSON}:Jyhad"]["file"] == f"{ANSON}-Jyhad.jpg"
    scans = {key: (images.folder() / entry["file"]).read_bytes() for key, entry in manifest.items()}
    assert len(set(scans.values())) == 3
    # A proxy prints the chosen printing's scan, else the card's default one.
    from proxies.jobs import proxy_card

    assert proxy_card(anson, "Jyhad").image.read_bytes() == scans[f"{ANSON}:Jyhad"]
    assert proxy_card(anson, "Tenth").image.read_bytes() == scans[f"{ANSON}:Tenth"]
    assert proxy_card(anson, "VTES").image.read_bytes() == scans[str(ANSON)]
    assert proxy_card(anson).image.read_bytes() == scans[str(ANSON)]
    assert proxy_card(anson, "VTES").face.printing == "VTES"


def test_without_any_scan_a_proxy_is_the_text_card_of_the_chosen_printing(cards, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    from proxies.jobs import proxy_card

    card = proxy_card(cards[ANSON], "Jyhad")
    assert card.image is None and card.face.printing == "Jyhad"


def test_only_the_asked_sets_are_fetched(cards, site, tmp_path):
    by_set = site.replace("/card/", "/card/{set}/")
    Site.files["/card/Jyhad/ansong1.jpg"] = (200, jpeg(), "image/jpeg")
    with requests.Session() as session:
        report = images.fetch(
            some(cards, ANSON), by_set, session=session, where=tmp_path, allow_http=True, sets={"Jyhad"}
        )
    assert report.fetched == 1 and Site.asked == ["/card/Jyhad/ansong1.jpg"]


@pytest.mark.django_db
def test_the_command_takes_sets_only_with_a_set_template(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    with pytest.raises(CommandError, match=r"--sets needs \{set\}"):
        call_command("fetch_card_images", template="https://static.example.org/{slug}.jpg", sets="Jyhad")
    with pytest.raises(CommandError, match="--deadline must be positive"):
        call_command("fetch_card_images", template="https://static.example.org/{slug}.jpg", deadline=0)


# --- pixels: refused before decoding, shrunk when kept -----------------------------------------------


def test_an_image_of_too_many_pixels_is_not_mirrored_and_a_large_one_is_kept_shrunk(cards, site, tmp_path, settings):
    settings.CARD_IMAGE_MAX_BYTES = 500_000
    Site.files["/card/ansong1.jpg"] = (200, one_colour_png(5000, 5000), "image/png")  # 25 Mpx in ~60 KB
    Site.files["/card/rackthe.jpg"] = (200, jpeg((2000, 2800)), "image/jpeg")
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert report.fetched == 1 and "more than the 12,000,000-pixel limit" in dict(report.failed)[ANSON]
    manifest = json.loads((tmp_path / images.MANIFEST).read_text())
    assert list(manifest) == [str(RACK)]
    kept = (tmp_path / manifest[str(RACK)]["file"]).read_bytes()
    with Image.open(io.BytesIO(kept)) as image:
        assert (image.format, image.size) == ("JPEG", (742, 1039))  # a card at 300 dpi, proportions kept
    assert manifest[str(RACK)]["sha256"] == hashlib.sha256(kept).hexdigest()


@pytest.mark.django_db
def test_a_file_mirrored_before_the_limit_is_neither_served_nor_printed(cards, tmp_path, settings, client):
    settings.MEDIA_ROOT = tmp_path
    (tmp_path / "cards").mkdir()
    bomb = one_colour_png(4000, 4000)  # 16 Mpx
    (tmp_path / "cards" / f"{ANSON}.png").write_bytes(bomb)
    entry = {"file": f"{ANSON}.png", "sha256": hashlib.sha256(bomb).hexdigest(), "bytes": len(bomb)}
    (tmp_path / "cards" / images.MANIFEST).write_text(json.dumps({str(ANSON): entry}))
    assert images.mirrored(ANSON) is not None  # on disk, in the manifest: from before the limit
    assert client.get(f"/cards/{ANSON}/image").status_code == 404  # the page shows the text card
    from proxies.jobs import proxy_card

    assert proxy_card(cards[ANSON]).image is None  # the proxy is its text card, the file never decoded
    settings.CARD_IMAGE_MAX_PIXELS = 20_000_000  # within a higher limit: served and printed again
    assert client.get(f"/cards/{ANSON}/image").status_code == 200
    assert proxy_card(cards[ANSON]).image is not None


# --- addresses: only public ones, at every hop, unless allowed by name -------------------------------


class Listener:
    """A TCP port that counts the connections it accepts (standing in for a local Redis on 6379)."""

    def __init__(self) -> None:
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.accepted = 0
        self.halt = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.halt.is_set():
            try:
                connection, _address = self.socket.accept()
            except OSError:
                continue
            self.accepted += 1
            connection.close()

    def close(self) -> None:
        self.halt.set()
        self.thread.join()
        self.socket.close()


@pytest.fixture
def redis_stand_in():
    listener = Listener()
    yield listener
    listener.close()


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_a_redirect_to_a_loopback_address_is_refused_before_connecting(cards, site, tmp_path, redis_stand_in, scheme):
    Site.files["/card/ansong1.jpg"] = (302, f"{scheme}://127.0.0.1:{redis_stand_in.port}/".encode(), "text/plain")
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON), site, session=session, where=tmp_path, allow_http=True)
    reason = dict(report.failed)[ANSON]
    assert f"{scheme}://127.0.0.1:{redis_stand_in.port}/: refused, 127.0.0.1 (loopback) is not a public" in reason
    assert "CARD_IMAGE_ALLOWED_HOSTS" in reason
    assert Site.asked == ["/card/ansong1.jpg"] and redis_stand_in.accepted == 0  # nothing reached the port


def test_a_name_that_resolves_to_a_private_address_is_refused_and_an_allowed_name_is_not(
    cards, site, tmp_path, settings, monkeypatch
):
    port = site.split(":")[2].split("/")[0]
    resolve = socket.getaddrinfo

    def dns(host, *args, **kwargs):  # images.internal.test: a name on the site's own network
        if host == "images.internal.test":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", int(port)))]
        return resolve(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", dns)
    Site.files["/card/ansong1.jpg"] = (302, f"http://images.internal.test:{port}/scan.jpg".encode(), "text/plain")
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON), site, session=session, where=tmp_path, allow_http=True)
    assert "images.internal.test resolves to 10.0.0.7 (private), not a public address" in dict(report.failed)[ANSON]
    # localhost itself, no longer allowed by name: refused before the first hop.
    settings.CARD_IMAGE_ALLOWED_HOSTS = []
    Site.asked.clear()
    with requests.Session() as session:
        report = images.fetch(some(cards, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert "localhost resolves to" in dict(report.failed)[RACK] and Site.asked == []
    settings.CARD_IMAGE_ALLOWED_HOSTS = ["LocalHost"]  # a name, as the operator spells it
    with requests.Session() as session:
        report = images.fetch(some(cards, RACK), site, session=session, where=tmp_path, allow_http=True)
    assert report.fetched == 1


def test_the_connection_goes_to_the_address_that_was_checked(monkeypatch):
    # A name whose DNS answer changes between the check and the connection (rebinding): public when checked,
    # 127.0.0.1 a moment later. The name is resolved once, and the socket opened to the address checked.
    answers = iter(["93.184.216.34", "127.0.0.1", "127.0.0.1"])
    asked, dialled = [], []
    resolve = socket.getaddrinfo

    def dns(host, port, *args, **kwargs):
        if host != "rebind.test":
            return resolve(host, port, *args, **kwargs)
        asked.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]

    def dial(address, *args, **kwargs):
        dialled.append(address)
        raise ConnectionRefusedError("not on this test's network")

    monkeypatch.setattr(socket, "getaddrinfo", dns)
    monkeypatch.setattr(outbound.urllib3_connection, "create_connection", dial)
    with requests.Session() as session, pytest.raises(images.FetchError, match="could not reach"):
        images._download(session, "https://rebind.test/a.jpg", limit=1000, timeout=(1, 1), deadline=5, allow_http=False)
    assert asked == ["rebind.test"] and dialled == [("93.184.216.34", 443)]


def test_no_proxy_of_the_environment_is_asked_in_the_images_stead(cards, site, tmp_path, redis_stand_in, monkeypatch):
    # A proxy would resolve the names itself, beyond the check: the fetch goes straight to the (allowed) host.
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(variable, f"http://127.0.0.1:{redis_stand_in.port}")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    with requests.Session() as session:
        report = images.fetch(some(cards, ANSON), site, session=session, where=tmp_path, allow_http=True)
    assert report.fetched == 1 and redis_stand_in.accepted == 0


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "0.0.0.0",
        "100.64.0.1",
        "224.0.0.1",
        "240.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "2002:7f00:1::1",
        "64:ff9b::a00:1",
        "2001:db8::1",
    ],
)
def test_every_kind_of_address_off_the_internet_is_refused(address):
    assert outbound.refusal(address) != ""


@pytest.mark.parametrize("address", ["93.184.216.34", "151.101.1.69", "2606:4700::1111", "::ffff:93.184.216.34"])
def test_public_addresses_are_not(address):
    assert outbound.refusal(address) == ""


# --- `make images`: the field's scans by default, the size first, a progress bar, a resumed run --------------


def hand_mirrored(where, chosen, size: int) -> dict:
    """A mirror made beforehand: an intact file of ``size`` bytes for each card, and the manifest naming them."""
    where.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for card in chosen:
        data = jpeg() + bytes(size - len(jpeg()))  # a JPEG padded to the size (the checksum alone is verified)
        (where / f"{card.id}.jpg").write_bytes(data)
        manifest[str(card.id)] = {"file": f"{card.id}.jpg", "sha256": hashlib.sha256(data).hexdigest(), "bytes": size}
    (where / images.MANIFEST).write_text(json.dumps(manifest))
    return manifest


def run_command(**options) -> tuple[list[str], list[str]]:
    """``fetch_card_images`` with these options: the lines of its stdout and of its stderr (no terminal: plain)."""
    out, err = io.StringIO(), io.StringIO()
    call_command("fetch_card_images", delay=0, stdout=out, stderr=err, **options)
    return out.getvalue().splitlines(), err.getvalue().splitlines()


def test_make_images_runs_the_command_whose_default_template_is_the_one_place_naming_the_host():
    recipe = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", "setup", "images"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert recipe.splitlines() == [".venv/bin/python manage.py fetch_card_images"]
    assert "static.krcg.org" not in (PROJECT / "Makefile").read_text()


@pytest.mark.django_db
def test_without_a_template_the_command_mirrors_the_fields_scans(cards, tmp_path, settings, monkeypatch):
    # Offline: the fetch is replaced by one that records what it was asked (the template, the cards).
    settings.MEDIA_ROOT = tmp_path
    asked = []

    def fetch(chosen, template, **kwargs):
        asked.append((template, [card.id for card in chosen]))
        return images.FetchReport()

    monkeypatch.setattr(images, "fetch", fetch)
    out, _err = run_command(ids=f"{ANSON},{RACK}")
    assert asked == [(FIELD_TEMPLATE, [RACK, ANSON])]
    assert images.expand(FIELD_TEMPLATE, cards[ANSON]) == "https://static.krcg.org/card/ansong1.jpg"
    assert (
        out[0]
        == f"Mirroring 2 card images into {tmp_path / 'cards'}/: about 90 KB (about 45 KB an image), 0 already here."
    )


@pytest.mark.django_db
def test_the_size_is_stated_before_anything_is_downloaded(cards, site, tmp_path, settings, monkeypatch):
    settings.MEDIA_ROOT = tmp_path
    settings.CARD_IMAGE_ALLOW_HTTP = True
    settings.CARD_IMAGE_MAX_BYTES = 20_000  # the stand-in's Conditioning is larger
    out, fetch, before = io.StringIO(), images.fetch, []

    def recording(*args, **kwargs):  # what the command had said, and the site been asked, when the fetch starts
        before.append((out.getvalue(), list(Site.asked)))
        return fetch(*args, **kwargs)

    monkeypatch.setattr(images, "fetch", recording)
    call_command("fetch_card_images", template=site, ids=f"{ANSON},{RACK}", delay=0, stdout=out, stderr=io.StringIO())
    # No mirror yet: the estimate is ESTIMATED_IMAGE_BYTES an image.
    [(said, asked)] = before
    folder = tmp_path / "cards"
    assert said == f"Mirroring 2 card images into {folder}/: about 90 KB (about 45 KB an image), 0 already here.\n"
    assert asked == [] and "2 images fetched" in out.getvalue()
    # A mirror of twenty images or more: the estimate is their mean; the ones here are counted, not downloaded.
    twenty = sorted(cards, key=lambda card: card.id)[:20]
    assert not {ANSON, RACK} & {card.id for card in twenty}
    hand_mirrored(folder, twenty, 30_000)
    before.clear()
    Site.asked.clear()
    out.truncate(0)
    out.seek(0)
    ids = ",".join(str(card.id) for card in twenty + some(cards, GOVERN, CONDITIONING))
    with pytest.raises(CommandError, match="2 images failed"):  # the stand-in's two bad answers
        call_command("fetch_card_images", template=site, ids=ids, delay=0, stdout=out, stderr=io.StringIO())
    [(said, asked)] = before
    assert said == f"Mirroring 22 card images into {folder}/: about 60 KB (about 30 KB an image), 20 already here.\n"
    assert asked == [] and sorted(Site.asked) == ["/card/conditioning.jpg", "/card/governtheunaligned.jpg"]


@pytest.mark.parametrize(
    ("entries", "per_image", "measured"), [(0, 45_000, False), (19, 45_000, False), (20, 30_000, True)]
)
def test_the_estimate_is_the_mirrors_own_mean_from_twenty_images_on(cards, tmp_path, entries, per_image, measured):
    chosen = sorted(cards, key=lambda card: card.id)[:25]
    hand_mirrored(tmp_path, chosen[:entries], 30_000)
    plan = images.plan(chosen, "https://img.example.org/{slug}.jpg", where=tmp_path)
    assert (plan.total, plan.already, plan.per_image, plan.measured) == (25, entries, per_image, measured)
    assert plan.bytes_left == (25 - entries) * per_image
    # A file gone or damaged is not "already here": the run will fetch it again.
    if entries:
        (tmp_path / f"{chosen[0].id}.jpg").write_bytes(b"damaged")
        assert images.plan(chosen, "https://img.example.org/{slug}.jpg", where=tmp_path).already == entries - 1


def test_progress_is_called_after_each_image_whatever_became_of_it(cards, site, tmp_path, settings):
    deflection = cards.lookup("Deflection")  # not on the stand-in: missing
    hand_mirrored(tmp_path, some(cards, CONDITIONING), 1_000)  # skipped
    report, calls = images.FetchReport(), []
    with requests.Session() as session:
        returned = images.fetch(
            some(cards, ANSON, CONDITIONING, GOVERN) + [deflection, cards[RACK]],
            site,
            session=session,
            where=tmp_path,
            allow_http=True,
            progress=lambda done, total: calls.append((done, total, report.fetched, len(report.failed))),
            report=report,
        )
    assert returned is report
    assert (report.fetched, report.skipped, report.missing, [card for card, _ in report.failed]) == (
        2,
        1,
        [deflection.id],
        [GOVERN],
    )
    # Fetched, skipped, failed, missing, fetched: one call each, the report up to date when it comes.
    assert calls == [(1, 5, 1, 0), (2, 5, 1, 0), (3, 5, 1, 1), (4, 5, 1, 1), (5, 5, 2, 1)]
    manifest = json.loads((tmp_path / images.MANIFEST).read_text())
    assert report.bytes == manifest[str(ANSON)]["bytes"] + manifest[str(RACK)]["bytes"]


@pytest.mark.django_db
def test_an_interrupted_run_resumes_and_states_only_what_is_left(cards, site, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    settings.CARD_IMAGE_ALLOW_HTTP = True
    Site.files["/card/governtheunaligned.jpg"] = (200, jpeg((50, 70)), "image/jpeg")
    three = some(cards, GOVERN, RACK, ANSON)  # the command's order: by id

    def ctrl_c_after_two(done, total):
        if done == 2:
            raise KeyboardInterrupt

    with requests.Session() as session, pytest.raises(KeyboardInterrupt):
        images.fetch(three, site, session=session, allow_http=True, progress=ctrl_c_after_two)
    manifest = json.loads((images.folder() / images.MANIFEST).read_text())
    assert sorted(manifest) == sorted([str(GOVERN), str(RACK)])  # saved on the way out
    Site.asked.clear()
    ids = f"{GOVERN},{RACK},{ANSON}"
    out, err = run_command(template=site, ids=ids)
    folder = images.folder()
    assert out[0] == f"Mirroring 3 card images into {folder}/: about 45 KB (about 45 KB an image), 2 already here."
    assert out[1].startswith("1 images fetched, 2 already mirrored, 0 not on the site, 0 failed")
    assert Site.asked == ["/card/ansong1.jpg"]
    # The bar without a terminal: plain lines, the last one the whole run and the bytes this run fetched.
    anson = json.loads((folder / images.MANIFEST).read_text())[str(ANSON)]
    assert err[-1] == bar_line(3, 3, anson["bytes"]) and err[-1].startswith("[####################] 3/3  ")
    assert all("\r" not in line for line in err)
    out, err = run_command(template=site, ids=ids)
    assert out[0] == f"Mirroring 3 card images into {folder}/: all already here, nothing to download."


@pytest.mark.parametrize(
    ("size", "said"),
    [
        (0, "0 B"),
        (980, "980 B"),
        (999, "1 KB"),
        (42_310, "42 KB"),
        (995_000, "1 MB"),
        (1_234_567, "1.2 MB"),
        (168_321_000, "170 MB"),
        (2_500_000_000, "2.5 GB"),
    ],
)
def test_sizes_are_said_to_two_figures(size, said):
    assert about(size) == said


def test_the_bar_line_shows_the_share_done_the_count_and_the_bytes_fetched():
    assert bar_line(1_234, 3_998, 52_000_000) == "[######..............] 1,234/3,998  52 MB"
    assert bar_line(0, 10, 0) == "[....................] 0/10  0 B"
    assert bar_line(10, 10, 168_321_000) == "[####################] 10/10  170 MB"
    assert bar_line(0, 0, 0) == "[####################] 0/0  0 B"  # nothing to do is all done


def test_the_bar_prints_every_5_percent_without_a_terminal():
    written = []
    bar = Bar(written.append, tty=False, fetched_bytes=lambda: 0)
    for done in range(1, 3_999):
        bar(done, 3_998)
    # The first image, then one line at each 5 %: twenty-one lines for 3,998 images, the last the whole run.
    assert len(written) == 21 and all(line.endswith("\n") and "\r" not in line for line in written)
    assert [line.split()[1] for line in written[:3]] == ["1/3,998", "200/3,998", "400/3,998"]
    assert written[-1] == bar_line(3_998, 3_998, 0) + "\n"


def test_the_bar_is_redrawn_in_place_on_a_terminal_and_steps_aside_for_a_failures_line():
    written, fetched = [], [980]
    bar = Bar(written.append, tty=True, fetched_bytes=lambda: fetched[0])
    bar(1, 3)
    fetched[0] = 1_000_000
    bar(2, 3)  # a shorter line than the one on the screen: blanked to its end
    bar.end_line()  # a failure is said on a line of its own
    bar(3, 3)
    bar.end_line()  # the run's end: the last bar already ended its line
    assert written == [
        "\r[######..............] 1/3  980 B",
        "\r[#############.......] 2/3  1 MB ",
        "\n",
        "\r[####################] 3/3  1 MB\n",
    ]
