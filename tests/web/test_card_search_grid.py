"""The card search's results as pictures (``/cards/?view=grid``): the List / Grid toggle keeps every query
parameter, the grid shows the table's cards in the table's order with the same pagination and filters, and each
picture is an image or a text card."""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = pytest.mark.django_db

ANSON, RACK = 200107, 101536
PICTURE = re.compile(r'<figure class="card-thumb"><a href="/cards/(\d+)/"><img ([^>]*)><figcaption>(.*?)</figcaption>')


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def grid(html: str) -> list[tuple[int, dict[str, str], str]]:
    """The results' pictures, in order: card id, the image's attributes, the caption."""
    return [
        (int(card), dict(re.findall(r'([\w-]+)="([^"]*)"', attrs)), html_lib.unescape(name))
        for card, attrs, name in PICTURE.findall(html)
    ]


def table(html: str) -> list[int]:
    """The results table's cards, in order."""
    body = re.search(r'<table class="card-table[^"]*">(.*?)</table>', html, re.S)[1]
    return [int(card) for card in re.findall(r'<th scope="row"><a href="/cards/(\d+)/">', body)]


def toggle(html: str) -> dict[str, tuple[str, bool]]:
    """The toggle's links: label → (href, whether it is the view shown)."""
    nav = re.search(r'<nav class="view-toggle"[^>]*>(.*?)</nav>', html, re.S)[1]
    links = re.findall(r'<a href="([^"]*)"( aria-current="true")?>(.*?)</a>', nav)
    return {label: (html_lib.unescape(href), bool(current)) for href, current, label in links}


def query(href: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(href).query, keep_blank_values=True)


def pagination(html: str) -> list[str]:
    nav = re.search(r'<nav class="pagination"[^>]*>(.*?)</nav>', html, re.S)[1]
    return [html_lib.unescape(href) for href in re.findall(r'<a [^>]*?href="([^"]*)"', nav)]


def test_it_shows_the_table_by_default_with_a_link_to_the_grid(client):
    html = get(client, "/cards/?q=anson")
    assert toggle(html) == {"List": ("/cards/?q=anson", True), "Grid": ("/cards/?q=anson&view=grid", False)}
    assert 'aria-label="How the results are shown"' in html
    assert table(html) == [ANSON] and grid(html) == []
    assert 'name="view"' not in html  # the table is the default: the form says nothing of it


def test_the_grid_shows_the_tables_cards_in_its_order(client):
    filters = "kind=crypt&clan=Toreador&group=2"
    listed = get(client, f"/cards/?{filters}")
    shown = get(client, f"/cards/?{filters}&view=grid")
    assert grid(shown) and [card for card, _attrs, _name in grid(shown)] == table(listed)
    assert 'class="card-table' not in shown
    assert toggle(shown) == {"List": (f"/cards/?{filters}", False), "Grid": (f"/cards/?{filters}&view=grid", True)}
    # The same count line as the table's.
    count = re.compile(r'<p class="result-count" role="status">(.*?)</p>', re.S)
    assert count.search(shown)[1] == count.search(listed)[1]


def test_the_grid_pages_as_the_table_does_and_its_links_keep_every_parameter(client):
    html = get(client, "/cards/?kind=library&q=&type=Action&view=grid&page=2")
    first_page = get(client, "/cards/?kind=library&type=Action&page=2")
    assert [card for card, _attrs, _name in grid(html)] == table(first_page)
    assert len(grid(html)) == 50
    links = pagination(html)
    assert links, "no pagination"
    for href in links:
        asked = query(href)
        assert asked["view"] == ["grid"] and asked["kind"] == ["library"] and asked["type"] == ["Action"], href
        assert "q" not in asked  # the empty fields are left out, as in the table's pagination
    assert {query(href)["page"][0] for href in links} >= {"1", "3"}
    # Toggling keeps every parameter as asked, the page included: the same cards, as a table.
    listed = toggle(html)["List"][0]
    assert query(listed) == {"kind": ["library"], "q": [""], "type": ["Action"], "page": ["2"]}
    assert table(get(client, listed)) == [card for card, _attrs, _name in grid(html)]


def test_a_search_from_the_grid_stays_in_the_grid(client):
    html = get(client, "/cards/?q=anson&view=grid")
    form = re.search(r'<form method="get" action="/cards/"[^>]*>(.*?)</form>', html, re.S)[1]
    assert '<input type="hidden" name="view" value="grid">' in form
    assert 'href="/cards/?view=grid">Clear filters</a>' in form


def test_close_matches_show_as_pictures_too(client):
    html = get(client, "/cards/?q=ansn&view=grid")
    assert "No card matches “ansn”; close matches:" in html
    assert [card for card, _attrs, _name in grid(html)] == [ANSON]
    assert 'class="card-grid close-matches"' in html


def test_a_banned_card_is_marked_in_the_grid(client):
    html = get(client, "/cards/?q=cunctator+motion&view=grid")
    assert [name for _card, _attrs, name in grid(html)] == ["Cunctator Motion"]
    assert re.search(r'</figure>\s*<span class="badge badge-banned" title="Banned since 1995">Banned</span>', html)


def test_without_images_the_grid_is_text_cards_loaded_lazily(client):
    html = get(client, "/cards/?q=anson&view=grid")
    [(card, attrs, name)] = grid(html)
    assert (card, name) == (ANSON, "Anson")
    assert attrs == {"src": f"/cards/{ANSON}/face.svg", "alt": "", "width": "125", "height": "175", "loading": "lazy"}
    assert "card-image-notice" not in html


def test_with_a_mirror_the_mirrored_card_is_its_image_with_the_text_card_as_fallback(client, mirror):
    html = get(client, "/cards/?q=anson&view=grid")
    [(_card, attrs, _name)] = grid(html)
    assert attrs["src"] == f"/cards/{ANSON}/image" and attrs["data-fallback"] == f"/cards/{ANSON}/face.svg"
    assert "Card images © Paradox Interactive AB" in html
    [(_card, attrs, _name)] = grid(get(client, "/cards/?q=the+rack&kind=library&view=grid"))
    assert attrs["src"] == f"/cards/{RACK}/face.svg" and "data-fallback" not in attrs  # its file is gone
    assert "Card images © Paradox Interactive AB" not in get(client, "/cards/?q=anson")  # the table shows none


def test_an_unknown_view_is_the_table(client):
    html = get(client, "/cards/?q=anson&view=pictures")
    assert table(html) == [ANSON] and grid(html) == []
