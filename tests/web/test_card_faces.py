"""/cards/<id>/face.svg (the text card), /cards/<id>/image, and card pages in each image mode."""

from __future__ import annotations

import hashlib
import io
import json
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from cards import images
from cards.index import get as card_index
from cards.models import Card

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
ANSON = 200107  # Toreador, capacity 8, group 1, Prince
RACK = 101536  # "Rack, The", printed "The Rack": a Master with a long text


def svg_of(client, card_id: int) -> ET.Element:
    response = client.get(f"/cards/{card_id}/face.svg")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert "max-age" in response["Cache-Control"]
    return ET.fromstring(response.content)  # well-formed XML, or this raises


def texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def test_a_vampire_text_card_shows_name_capacity_clan_group_disciplines_and_text(client):
    words = texts(svg_of(client, ANSON))
    assert words[0] == "Anson"
    assert "8" in words  # capacity, in its circle
    assert any("Toreador" in line and "G1" in line for line in words)
    assert any(line.split() == ["CEL", "PRE", "aus", "dom"] for line in words)
    assert any("Prince" in line and "Camarilla" in line for line in words)
    body = " ".join(line.text or "" for line in svg_of(client, ANSON).iter(f"{SVG}tspan"))
    assert "you get two master phase actions (instead of one)." in body


def test_a_library_text_card_shows_its_printed_name_cost_and_requirement(client):
    govern = Card.objects.get(name="Govern the Unaligned")
    words = texts(svg_of(client, govern.id))
    assert words[0] == "Govern the Unaligned"
    assert any("Action" in line and "1 blood" in line for line in words)
    assert "dom" in words
    assert texts(svg_of(client, RACK))[0] == "The Rack"  # as printed, not "Rack, The"


def test_an_advanced_vampires_text_card_is_marked_advanced(client):
    advanced = card_index().lookup("Alan Sovereign (ADV)")
    assert texts(svg_of(client, advanced.id))[0] == "Alan Sovereign (Adv.)"
    assert texts(svg_of(client, advanced.base_id))[0] == "Alan Sovereign"  # its base card


def test_the_longest_card_texts_stay_inside_the_card(client):
    longest = sorted(Card.objects.all(), key=lambda card: len(card.text))[-3:]
    for card in longest:
        root = svg_of(client, card.id)
        lines = list(root.iter(f"{SVG}tspan"))
        assert lines, card.name
        assert max(float(line.get("y")) for line in lines) <= 330  # above the footer, within the 350 high card


def test_an_unknown_card_has_no_face(client):
    assert client.get("/cards/1/face.svg").status_code == 404
    assert client.get("/cards/1/image").status_code == 404


def test_by_default_pages_show_text_cards_and_no_image_notice(client):
    html = client.get(f"/cards/{ANSON}/").content.decode()
    assert f'src="/cards/{ANSON}/face.svg"' in html
    assert "/image" not in html
    assert 'data-images="0"' in html
    assert "Paradox Interactive AB" not in html.split("site-footer")[0]  # the notice is for images only
    assert client.get(f"/cards/{ANSON}/image").status_code == 404


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (63, 88), (120, 10, 20)).save(out, "JPEG")
    return out.getvalue()


@pytest.fixture
def mirror(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    folder = tmp_path / "cards"
    folder.mkdir()
    data = jpeg()
    (folder / f"{ANSON}.jpg").write_bytes(data)
    manifest = {
        str(ANSON): {
            "file": f"{ANSON}.jpg",
            "sha256": hashlib.sha256(data).hexdigest(),
            "bytes": len(data),
            "url": "https://example.org/ansong1.jpg",
            "fetched_at": "2026-01-01T00:00:00+00:00",
        },
        str(RACK): {
            "file": f"{RACK}.jpg",
            "sha256": "0" * 64,
            "bytes": 1,
            "url": "https://example.org/rackthe.jpg",
            "fetched_at": "2026-01-01T00:00:00+00:00",
        },
    }
    (folder / images.MANIFEST).write_text(json.dumps(manifest))
    return data


def test_a_mirrored_image_is_served_from_our_own_origin_with_the_notice(client, mirror):
    response = client.get(f"/cards/{ANSON}/image")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg"
    assert b"".join(response.streaming_content) == mirror
    html = client.get(f"/cards/{ANSON}/").content.decode()
    assert f'src="/cards/{ANSON}/image" data-fallback="/cards/{ANSON}/face.svg"' in html
    assert "Card images © Paradox Interactive AB" in html
    assert 'data-images="1"' in html
    # The policy does not change: the images are ours.
    assert "img-src 'self' data:;" in response["Content-Security-Policy"]


def test_a_manifest_entry_whose_file_is_gone_is_a_404_and_the_page_falls_back(client, mirror):
    assert client.get(f"/cards/{RACK}/image").status_code == 404  # the script then shows face.svg


def test_hotlinking_redirects_to_the_template_and_opens_only_that_origin(client, settings):
    settings.CARD_IMAGE_URL_TEMPLATE = "https://static.example.org/card/{slug}.jpg"
    response = client.get(f"/cards/{ANSON}/image")
    assert response.status_code == 302
    assert response["Location"] == "https://static.example.org/card/ansong1.jpg"
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    assert policy["img-src"] == "'self' data: https://static.example.org"
    assert policy["default-src"] == "'self'" and policy["connect-src"] == "'self'"
    html = client.get(f"/cards/{ANSON}/").content.decode()
    assert "Card images © Paradox Interactive AB" in html


def test_the_hover_script_is_on_the_search_the_editor_and_deck_pages(client):
    html = client.get("/cards/?q=anson").content.decode()
    assert "js/card_faces.js" in html and 'data-images="0"' in html
