"""A card's page shows what the tournament winning deck archive says about it ("In winning decks"), and the
card search filters on it (``twda=never|seen``).

Most tests build the archive rows by hand (decks, their cards, the card's ``CardArchiveStats``), so the
figures on the page are known in advance; the last one imports a few real archive files and checks the page
against counts read from those files' raw lines.
"""

from __future__ import annotations

import datetime
import html as html_lib
import importlib.util
import re
import shutil
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from cards.models import Card
from tests.paths import TWDA
from twda.models import CardArchiveStats, TournamentCard, TournamentDeck

pytestmark = pytest.mark.django_db


def card(unique_name: str) -> Card:
    return Card.objects.get(unique_name=unique_name)


def page(client, unique_name: str) -> str:
    response = client.get(f"/cards/{card(unique_name).id}/")
    assert response.status_code == 200
    return response.content.decode()


def section(html: str) -> str:
    match = re.search(r'<section class="card-section card-archive".*?</section>', html, re.S)
    assert match, "no archive section"
    return match.group(0)


def fact(html: str, label: str) -> str:
    match = re.search(rf"<dt>{re.escape(label)}</dt>\s*<dd[^>]*>(.*?)</dd>", html, re.S)
    assert match, f"no {label!r} fact"
    return html_lib.unescape(" ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split()))


def url_of(tournament_deck: TournamentDeck) -> str:
    return tournament_deck.get_absolute_url()


def deck(ident: str, date: datetime.date, cards: dict[str, int], **fields) -> TournamentDeck:
    made = TournamentDeck.objects.create(id=ident, date=date, text=f"deck {ident}", digest=ident, **fields)
    for position, (name, count) in enumerate(cards.items()):
        TournamentCard.objects.create(deck=made, card=card(name), count=count, position=position)
    return made


@pytest.fixture
def archive():
    """Three winning decks; Govern the Unaligned in two of them with its stats row written by hand."""
    old = deck(
        "2019old",
        datetime.date(2019, 5, 4),
        {"Govern the Unaligned": 4, "Conditioning": 2},
        name="Old Ventrue",
        event="Spring Cup",
    )
    new = deck(
        "2021new",
        datetime.date(2021, 3, 1),
        {"Govern the Unaligned": 6, "Deflection": 3},
        name="New Ventrue",
        event="Winter <Cup>",
    )
    deck("2021other", datetime.date(2021, 6, 1), {"Deflection": 2})
    CardArchiveStats.objects.create(
        card=card("Govern the Unaligned"),
        decks=2,
        copies=10,
        first_date=old.date,
        last_date=new.date,
        first_deck=old,
        last_deck=new,
        by_year={"2019": {"decks": 1, "copies": 4, "share": 1.0}, "2021": {"decks": 1, "copies": 6, "share": 0.5}},
        played_with=[{"id": card("Deflection").id, "decks": 1}, {"id": card("Conditioning").id, "decks": 1}],
    )
    return {"old": old, "new": new}


def test_it_shows_how_many_winning_decks_play_the_card(client, archive):
    html = section(page(client, "Govern the Unaligned"))
    assert "In winning decks" in html
    assert fact(html, "Winning decks") == "2 of 3 (66.7%)"
    assert fact(html, "Copies") == "10 (5.0 per deck)"


def test_it_links_the_first_and_last_appearance_to_those_decks(client, archive):
    html = section(page(client, "Govern the Unaligned"))
    first, last = fact(html, "First appearance"), fact(html, "Last appearance")
    assert first == "2019-05-04 — Old Ventrue (Spring Cup)"
    assert last == "2021-03-01 — New Ventrue (Winter <Cup>)"  # the event name escaped, not markup
    assert "Winter &lt;Cup&gt;" in html
    assert f'href="{url_of(archive["old"])}"' in html
    assert f'href="{url_of(archive["new"])}"' in html
    assert url_of(archive["old"]) != url_of(archive["new"])


def test_it_draws_the_decks_by_year_with_the_missing_years_at_zero(client, archive):
    html = section(page(client, "Govern the Unaligned"))
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    assert 'id="chart-archive-years-chart-title">Winning decks playing it, by year<' in svg
    assert "2019: 1 (100.0%); 2020: 0 (0.0%); 2021: 1 (50.0%)" in svg
    assert svg.count('<g class="row">') == 3


def test_it_lists_the_cards_most_often_played_with_it_with_links(client, archive):
    html = section(page(client, "Govern the Unaligned"))
    listed = re.search(r'<ol class="played-with".*?</ol>', html, re.S).group(0)
    links = re.findall(r'<a href="/cards/(\d+)/">([^<]+)</a>', listed)
    assert links == [(str(card("Deflection").id), "Deflection"), (str(card("Conditioning").id), "Conditioning")]
    assert "1 deck (50.0%)" in listed


def test_it_links_to_the_archive_search_for_decks_playing_the_card(client, archive):
    html = section(page(client, "Govern the Unaligned"))
    href = html_lib.unescape(re.search(r'<a href="([^"]+)">Search winning decks with this card</a>', html).group(1))
    url = urlsplit(href)
    assert url.path == "/twda/" == reverse("twda:search")
    assert parse_qs(url.query) == {"card": [f"{card('Govern the Unaligned').id}:>=1"]}


def test_a_card_no_winning_deck_plays_says_so(client, archive):
    html = section(page(client, "Alan Sovereign (ADV)"))
    assert "Never played in any of the 3 winning decks of the tournament archive." in html
    assert "<svg" not in html and "First appearance" not in html


def test_without_an_archive_the_page_says_it_is_not_imported(client):
    html = section(page(client, "Govern the Unaligned"))
    assert "The tournament winning deck archive is not imported yet." in html
    assert "Winning decks" not in html


# --- the card search filter ---------------------------------------------------------------------------


def names(html: str) -> set[str]:
    return set(re.findall(r'<a href="/cards/\d+/">([^<]+)</a>', html))


def test_the_search_finds_the_cards_seen_in_a_winning_deck(client, archive):
    response = client.get("/cards/", {"twda": "seen"})
    assert response.status_code == 200
    assert names(response.content.decode()) == {"Govern the Unaligned", "Deflection", "Conditioning"}


def test_the_search_finds_the_cards_never_seen_in_a_winning_deck(client, archive):
    assert names(client.get("/cards/", {"twda": "never", "q": "Govern the Unaligned"}).content.decode()) == set()
    assert names(client.get("/cards/", {"twda": "seen", "q": "Govern the Unaligned"}).content.decode()) == {
        "Govern the Unaligned"
    }
    assert "Alan Sovereign" in names(client.get("/cards/", {"twda": "never", "q": "Alan Sovereign"}).content.decode())
    everything = client.get("/cards/", {"twda": "never"}).content.decode()
    assert re.search(r"<strong>(\d+)</strong> cards", everything).group(1) == str(Card.objects.count() - 3)


def test_the_never_filter_without_an_archive_says_why_instead_of_listing_every_card(client):
    response = client.get("/cards/", {"twda": "never"})
    assert response.status_code == 400
    assert "The tournament archive is not imported yet" in response.content.decode()


def test_the_filter_is_on_the_search_form(client):
    html = client.get("/cards/").content.decode()
    assert re.search(r'<select name="twda"[^>]*>.*<option value="never">never in a winning deck</option>', html, re.S)


# --- against real archive files -----------------------------------------------------------------------

GOVERN = re.compile(r"^\s*(\d+)\s*x\s+Govern the Unaligned\s*$", re.M | re.I)


@pytest.mark.skipif(importlib.util.find_spec("twda.services") is None, reason="twda.services not written yet")
@pytest.mark.skipif(not TWDA.is_dir(), reason="the archive is not here")
def test_the_page_agrees_with_counts_read_from_the_archive_files(client, tmp_path):
    from twda import services

    files = sorted(TWDA.glob("*.txt"))
    playing = [f for f in files if len(GOVERN.findall(f.read_text(encoding="utf-8", errors="replace"))) == 1][:3]
    others = [f for f in files if "govern the unaligned" not in f.read_text(errors="replace").lower()][:2]
    for file in playing + others:
        shutil.copy(file, tmp_path / file.name)
    copies = sum(int(GOVERN.search(f.read_text(encoding="utf-8", errors="replace")).group(1)) for f in playing)

    result = services.import_archive(str(tmp_path))
    assert not result.skipped, result.skipped
    assert TournamentDeck.objects.count() == 5

    html = section(page(client, "Govern the Unaligned"))
    assert fact(html, "Winning decks") == "3 of 5 (60.0%)"
    assert fact(html, "Copies").startswith(f"{copies} (")
    assert "<svg" in html and '<ol class="played-with"' in html
    decks_by_date = sorted(TournamentDeck.objects.filter(id__in=[f.stem for f in playing]), key=lambda d: d.date)
    assert f'href="{url_of(decks_by_date[0])}"' in html
    assert f'href="{url_of(decks_by_date[-1])}"' in html
    seen = names(client.get("/cards/", {"twda": "seen", "q": "govern the unaligned"}).content.decode())
    assert "Govern the Unaligned" in seen
