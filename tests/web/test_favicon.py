"""The site's icon: linked from every page, and /favicon.ico answering for browsers that ask for it anyway."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

pytestmark = pytest.mark.django_db


def icon_href(html: str) -> str:
    link = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
    assert link, "no <link rel=icon> in the page's head"
    return link.group(1)


def read(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"].startswith("image/svg+xml")
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_the_home_page_links_an_svg_icon_that_is_served(client):
    href = icon_href(client.get("/").content.decode())
    assert href.startswith("/static/")  # our own origin: the Content-Security-Policy's img-src 'self'
    root = ET.fromstring(read(client, href))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    # No inline style or script for the policy to refuse.
    assert not root.findall(".//{http://www.w3.org/2000/svg}script")
    assert all("style" not in element.attrib for element in root.iter())


def test_every_page_links_the_same_icon(client):
    assert icon_href(client.get("/cards/").content.decode()) == icon_href(client.get("/check/").content.decode())


def test_favicon_ico_sends_the_browser_to_the_icon(client):
    href = icon_href(client.get("/").content.decode())
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == href
    assert "public" in response["Cache-Control"]
    read(client, response["Location"])
    assert client.head("/favicon.ico").status_code == 301
    assert client.post("/favicon.ico").status_code == 405
