"""GET /: the home page, and the site frame every page shares (base.html)."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_it_shows_the_card_counts(client):
    response = client.get("/")
    assert response.status_code == 200
    crypt = Card.objects.filter(kind="crypt").count()
    library = Card.objects.filter(kind="library").count()
    assert (crypt, library) == (1785, 2364)
    html = response.content.decode()
    assert re.search(rf">{crypt}</span>\s*crypt cards", html)
    assert re.search(rf">{library}</span>\s*library cards", html)


def test_it_has_a_search_box_that_submits_to_the_card_search(client):
    html = client.get("/").content.decode()
    form = re.search(r'<form[^>]*action="/cards/"[^>]*method="get"[^>]*>(.*?)</form>', html, re.S)
    assert form, "no GET form to /cards/"
    assert re.search(r'<input[^>]*name="q"', form.group(1))
    assert 'data-autocomplete="/cards/autocomplete"' in form.group(1)


def test_it_renders_the_shared_frame(client):
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html
    assert '<meta name="viewport"' in html
    assert re.search(r'<link rel="stylesheet" href="/static/css/base\.css">', html)
    nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S).group(0)
    for href in ('href="/"', 'href="/cards/"', 'href="/api/docs/"'):
        assert href in nav


@pytest.mark.parametrize("url", ["/", "/cards/", "/cards/?q=govern"])
def test_it_loads_scripts_only_from_files(client, url):
    """A strict Content-Security-Policy is coming: no inline script, no inline handler, no CDN."""
    html = client.get(url).content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts, "the name suggestions script is missing"
    for tag in scripts:
        assert re.search(r'src="/static/js/[\w.]+\.js"', tag) and " defer" in tag, tag
    assert all(not body.strip() for body in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S)), "inline script"
    assert not re.search(r"\son[a-z]+\s*=", html, re.I), "inline event handler"
    assert "http://" not in html and "https://" not in html  # nothing loaded from elsewhere


def test_it_links_static_files_that_exist():
    for path in ("css/base.css", "js/card_search.js"):
        assert finders.find(path), path


def test_a_new_player_finds_where_to_start(client):
    page = client.get("/").content.decode()
    for url in ("/decks/new", "/decks/import/", "/check/", "/decks/"):
        assert f'href="{url}"' in page
