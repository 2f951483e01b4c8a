"""A deck's page as pictures (``/decks/<id>/?view=visual``): the List / Visual toggle, the crypt then the library
by card type as in the list, each card once with its count on it, and each picture an image or a text card."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from decks import services
from decks.models import Deck

pytestmark = pytest.mark.django_db

ANSON, TUPDOG, GOVERN, RACK, DIVE_BOMB, WAKE = 200107, 201393, 100845, 101536, 100561, 102137
DECK = """Crypt (12 cards)
8x Anson
4x Tupdog
Library (20 cards)
12x Govern the Unaligned
2x The Rack
3x Dive Bomb
3x Wake with Evening's Freshness
"""
# The headings, counts and card links of the deck's cards, in order, in either view: a heading, or a count (the
# list's "12" or "12×", a picture's "×12"), or a card link's text.
OUTLINE = re.compile(
    r'<h[23][^>]*>(?P<heading>.*?)</h[23]>|<td class="num">(?P<row>\d+)</td>\s*<th'
    r'|<span class="count">(?P<listed>\d+)×</span>|<span aria-hidden="true">×(?P<badge>\d+)</span>'
    r'|<a href="/cards/(?P<card>\d+)/">(?P<name>.*?)</a>',
    re.S,
)
PICTURE = re.compile(r'<figure class="card-thumb">(.*?)</figure>', re.S)


@pytest.fixture
def deck(alice) -> Deck:
    return services.create(alice, services.parse_text(DECK), name="Pictures", visibility="public")


def deck_cards(html: str) -> str:
    """The page's crypt and library (the ``deck-cards`` block)."""
    start = html.index('<div class="deck-cards')
    return html[start : html.index("</section>\n</div>", html.index('id="library-heading"', start))]


def outline(html: str) -> list[tuple[str, str]]:
    found = []
    for match in OUTLINE.finditer(deck_cards(html)):
        kind = next(name for name, value in match.groupdict().items() if value is not None)
        if kind == "card":
            found.append(("card", f"{match['card']} {html_lib.unescape(re.sub(r'<[^>]+>', '', match['name']))}"))
        else:
            found.append(("count" if kind in ("row", "listed", "badge") else kind, match[kind].strip()))
    return found


def pictures(html: str) -> dict[int, dict[str, str]]:
    """Each picture of the page's cards by card id: its count, link, name and image's attributes."""
    found = {}
    for body in PICTURE.findall(deck_cards(html)):
        card = int(re.search(r'<a href="/cards/(\d+)/">', body)[1])
        assert card not in found, f"card {card} shown twice"
        img = dict(re.findall(r'([\w-]+)="([^"]*)"', re.search(r"<img ([^>]*)>", body)[1]))
        count = re.search(r'<span aria-hidden="true">×(\d+)</span>', body)
        name = html_lib.unescape(re.search(r"<figcaption>(.*?)</figcaption>", body)[1])
        found[card] = {**img, "count": count[1] if count else "", "name": name}
    return found


def toggle(html: str) -> dict[str, tuple[str, bool]]:
    """The toggle's links: label → (href, whether it is the view shown)."""
    nav = re.search(r'<nav class="view-toggle"[^>]*>(.*?)</nav>', html, re.S)[1]
    links = re.findall(r'<a href="([^"]*)"( aria-current="true")?>(.*?)</a>', nav)
    return {label: (html_lib.unescape(href), bool(current)) for href, current, label in links}


def test_it_shows_the_list_by_default_with_a_link_to_the_visual_view(client, deck):
    html = client.get(f"/decks/{deck.id}/").content.decode()
    assert toggle(html) == {"List": (f"/decks/{deck.id}/", True), "Visual": (f"/decks/{deck.id}/?view=visual", False)}
    assert 'aria-label="How the cards are shown"' in html
    assert 'class="crypt-table"' in html and 'class="card-grid"' not in html


def test_the_visual_view_shows_the_same_groups_cards_and_counts_as_the_list(client, deck):
    listed = client.get(f"/decks/{deck.id}/").content.decode()
    visual = client.get(f"/decks/{deck.id}/?view=visual").content.decode()
    assert toggle(visual) == {"List": (f"/decks/{deck.id}/", False), "Visual": (f"/decks/{deck.id}/?view=visual", True)}
    assert 'class="crypt-table"' not in deck_cards(visual) and 'class="card-list"' not in deck_cards(visual)
    assert outline(visual) == outline(listed)
    assert outline(visual) == [
        ("heading", "Crypt (12)"),
        ("count", "8"),
        ("card", f"{ANSON} Anson"),
        ("count", "4"),
        ("card", f"{TUPDOG} Tupdog"),
        ("heading", "Library (20)"),
        ("heading", "Master (2)"),
        ("count", "2"),
        ("card", f"{RACK} Rack, The"),
        ("heading", "Action (15)"),
        ("count", "12"),
        ("card", f"{GOVERN} Govern the Unaligned"),
        ("count", "3"),
        ("card", f"{DIVE_BOMB} Dive Bomb"),
        ("heading", "Reaction (3)"),
        ("count", "3"),
        ("card", f"{WAKE} Wake with Evening's Freshness"),
    ]
    assert 'class="deck-cards is-visual"' in visual


def test_a_card_with_twelve_copies_is_one_picture_marked_x12(client, deck):
    shown = pictures(client.get(f"/decks/{deck.id}/?view=visual").content.decode())
    assert list(shown) == [ANSON, TUPDOG, RACK, GOVERN, DIVE_BOMB, WAKE]
    assert shown[GOVERN]["count"] == "12" and shown[GOVERN]["name"] == "Govern the Unaligned"
    assert {card: picture["count"] for card, picture in shown.items()} == {
        ANSON: "8",
        TUPDOG: "4",
        RACK: "2",
        GOVERN: "12",
        WAKE: "3",
        DIVE_BOMB: "3",
    }
    html = client.get(f"/decks/{deck.id}/?view=visual").content.decode()
    assert '<span class="visually-hidden">12 copies</span>' in html  # read out, rather than "times 12"


def test_without_images_every_picture_is_a_text_card_loaded_lazily(client, deck):
    html = client.get(f"/decks/{deck.id}/?view=visual").content.decode()
    for card, picture in pictures(html).items():
        assert picture["src"] == f"/cards/{card}/face.svg"
        assert "data-fallback" not in picture  # the text card is the fallback itself
        assert picture["loading"] == "lazy" and picture["alt"] == ""  # the caption names the card
    assert "card-image-notice" not in html


def test_with_a_mirror_the_mirrored_card_is_its_image_with_the_text_card_as_fallback(client, deck, mirror):
    html = client.get(f"/decks/{deck.id}/?view=visual").content.decode()
    shown = pictures(html)
    assert shown[ANSON]["src"] == f"/cards/{ANSON}/image"
    assert shown[ANSON]["data-fallback"] == f"/cards/{ANSON}/face.svg"
    # The Rack's file is gone: the server knows, and shows its text card.
    assert shown[RACK]["src"] == f"/cards/{RACK}/face.svg" and "data-fallback" not in shown[RACK]
    assert shown[GOVERN]["src"] == f"/cards/{GOVERN}/face.svg"
    assert "Card images © Paradox Interactive AB" in html  # the publisher's notice, where images are shown
    # The list view shows no images, and so no notice.
    assert "Card images © Paradox Interactive AB" not in client.get(f"/decks/{deck.id}/").content.decode()


def test_the_toggle_keeps_the_other_query_parameters(client, deck):
    html = client.get(f"/decks/{deck.id}/?view=visual&from=archive&x=1&x=2").content.decode()
    assert toggle(html) == {
        "List": (f"/decks/{deck.id}/?from=archive&x=1&x=2", False),
        "Visual": (f"/decks/{deck.id}/?view=visual&from=archive&x=1&x=2", True),
    }
    html = client.get(f"/decks/{deck.id}/?from=archive").content.decode()
    assert toggle(html)["Visual"] == (f"/decks/{deck.id}/?from=archive&view=visual", False)


def test_an_unknown_view_is_the_list(client, deck):
    html = client.get(f"/decks/{deck.id}/?view=pictures").content.decode()
    assert 'class="crypt-table"' in html and 'class="card-grid"' not in html
    assert toggle(html)["List"] == (f"/decks/{deck.id}/", True)


def test_a_private_deck_stays_private_in_either_view(client, alice):
    private = services.create(alice, services.parse_text(DECK), name="Mine", visibility="private")
    assert client.get(f"/decks/{private.id}/?view=visual").status_code == 404


def test_an_archive_deck_s_page_has_the_same_two_views(client, archive_ids):
    """The archive's decks are the decks players look at most: the same toggle and pictures as a stored deck's."""
    page = f"/twda/{archive_ids[0]}/"
    listed = client.get(page).content.decode()
    visual = client.get(f"{page}?view=visual").content.decode()
    assert toggle(listed) == {"List": (page, True), "Visual": (f"{page}?view=visual", False)}
    assert toggle(visual) == {"List": (page, False), "Visual": (f"{page}?view=visual", True)}
    assert 'class="crypt-table"' in listed and 'class="card-grid"' not in listed
    assert 'class="deck-cards is-visual"' in visual and 'class="crypt-table"' not in deck_cards(visual)
    assert outline(visual) == outline(listed) and len(outline(visual)) > 10
    shown = pictures(visual)
    assert shown and all(picture["src"] == f"/cards/{card}/face.svg" for card, picture in shown.items())
