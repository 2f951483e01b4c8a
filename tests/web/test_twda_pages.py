"""The archive's pages: search by card counts and event filters, a winning deck's page (event, cards,
the editor's statistics, exports, copy to my decks) and the archetypes. Expected results are worked out
from the archive files themselves, with the core parser, not from the database being searched."""

from __future__ import annotations

import datetime
import shutil

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards import index
from decks.models import Deck
from tests.paths import TWDA
from twda.models import Archetype, TournamentDeck
from vtesdeck.core import decklist

pytestmark = pytest.mark.django_db

GOVERN, DEFLECTION = "Govern the Unaligned", "Deflection"


def _pick() -> list[str]:
    """A small, varied slice of the archive: decks with Govern, with Deflection, and with neither."""
    names = sorted(p.name for p in TWDA.iterdir() if p.suffix == ".txt")
    texts = {name: (TWDA / name).read_text(encoding="utf-8", errors="replace") for name in names[:600]}
    govern = [n for n, t in texts.items() if GOVERN in t][:8]
    deflection = [n for n, t in texts.items() if DEFLECTION in t][:6]
    neither = [n for n, t in texts.items() if GOVERN not in t and DEFLECTION not in t][:6]
    return sorted(set(govern + deflection + neither))


@pytest.fixture
def archive(tmp_path) -> dict[str, decklist.Deck]:
    return load_archive(tmp_path)


def load_archive(tmp_path) -> dict[str, decklist.Deck]:
    """A few real archive files imported (with D's import when present), and their decks as the core
    parser reads them from the files: stem → Deck."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    folder = tmp_path / "twda"
    folder.mkdir()
    cards = index.get()
    parsed = {}
    for name in _pick():
        shutil.copy(TWDA / name, folder / name)
        parsed[name.removesuffix(".txt")] = decklist.parse((TWDA / name).read_bytes(), cards, path=name)
    from twda import services

    result = services.import_archive(str(folder))
    assert not result.skipped
    assert TournamentDeck.objects.count() == len(parsed)
    return parsed


def _card_id(name: str) -> int:
    from vtesdeck.core.decklist.resolve import resolver_for

    return resolver_for(index.get()).resolve(name).id


def test_the_nav_links_to_the_archive(client):
    html = client.get("/").content.decode()
    assert 'href="/twda/"' in html


def test_every_deck_is_listed_without_filters(client, archive):
    response = client.get("/twda/", {"page_size": 100})
    assert response.status_code == 200
    assert response.context["page"].paginator.count == len(archive)


def test_at_least_n_copies_by_page_rows(client, archive):
    govern = _card_id(GOVERN)
    expected = {stem for stem, deck in archive.items() if deck.library.get(govern, 0) >= 4}
    response = client.get("/twda/", {"c1": GOVERN, "o1": ">=", "n1": "4"})
    assert response.status_code == 200
    found = {deck.id for deck in response.context["page"].object_list}
    assert expected and found == expected
    assert "at least 4 Govern the Unaligned" in response.content.decode()


def test_none_and_exactly_and_at_most_combine_with_and(client, archive):
    govern, deflection = _card_id(GOVERN), _card_id(DEFLECTION)
    expected = {s for s, d in archive.items() if d.library.get(govern, 0) >= 1 and deflection not in d.library}
    response = client.get("/twda/", {"c1": GOVERN, "o1": ">=", "n1": "1", "c2": DEFLECTION, "o2": "none"})
    assert expected and len(expected) < len(archive)
    assert {d.id for d in response.context["page"].object_list} == expected
    # The API's syntax on the page too: card=<id>:<op><n>.
    some = next(d for d in archive.values() if d.library.get(govern))
    n = some.library[govern]
    exactly = {s for s, d in archive.items() if d.library.get(govern, 0) == n}
    response = client.get("/twda/", {"card": f"{govern}:={n}"})
    assert {d.id for d in response.context["page"].object_list} == exactly
    at_most = {s for s, d in archive.items() if d.library.get(govern, 0) <= 2}
    response = client.get("/twda/", {"card": "Govern the Unaligned:<=2"})
    assert {d.id for d in response.context["page"].object_list} == at_most


def test_an_unknown_card_is_a_400_with_suggestions(client, archive):
    response = client.get("/twda/", {"c1": "Govern teh Unalined", "o1": ">=", "n1": "2"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "No card is called" in html and GOVERN in html
    response = client.get("/twda/", {"card": "Deflectoin:0"})
    assert response.status_code == 400 and DEFLECTION in response.content.decode()


def test_event_filters(client, archive):
    dated = sorted(d.event.date for d in archive.values() if d.event and d.event.date)
    middle = dated[len(dated) // 2]
    expected = {s for s, d in archive.items() if d.event and d.event.date and d.event.date >= middle}
    response = client.get("/twda/", {"date_from": middle.isoformat()})
    assert {d.id for d in response.context["page"].object_list} == expected
    players = sorted(d.event.players for d in archive.values() if d.event and d.event.players)
    low = players[len(players) // 2]
    expected = {s for s, d in archive.items() if d.event and d.event.players and d.event.players >= low}
    response = client.get("/twda/", {"players_min": low, "order": "players"})
    rows = list(response.context["page"].object_list)
    assert {d.id for d in rows} == expected
    assert [d.players for d in rows] == sorted((d.players for d in rows), reverse=True)
    winner = next(d.event.winner for d in archive.values() if d.event and d.event.winner)
    response = client.get("/twda/", {"winner": winner})
    assert all(winner.lower() in d.winner.lower() for d in response.context["page"].object_list)
    assert response.context["page"].paginator.count >= 1


def test_clan_and_discipline_filters_follow_the_crypt(client, archive):
    cards = index.get()
    clan = cards[next(iter(next(iter(archive.values())).crypt))].clans[0]
    expected = {s for s, d in archive.items() if any(clan in cards[i].clans for i in d.crypt)}
    response = client.get("/twda/", {"clan": clan.upper()})
    assert {d.id for d in response.context["page"].object_list} == expected
    expected = {s for s, d in archive.items() if any("dom" in {x.code for x in cards[i].disciplines} for i in d.crypt)}
    response = client.get("/twda/", {"discipline": "dom"})
    assert {d.id for d in response.context["page"].object_list} == expected


@pytest.mark.parametrize(
    "params",
    [
        {"date_from": "2020-01-01", "date_to": "2019-01-01"},
        {"date_from": "yesterday"},
        {"players_min": "-3"},
        {"clan": "Nosfer"},
        {"discipline": "xyz"},
        {"archetype": "no-such-archetype"},
        {"c1": "Govern the Unaligned", "n1": "1000"},
        {"card": "Govern the Unaligned:>=1000"},
        {"card": ":4"},
    ],
)
def test_bad_filters_are_a_400_not_a_500(client, archive, params):
    response = client.get("/twda/", params)
    assert response.status_code == 400
    assert "These filters cannot be used" in response.content.decode()


def test_deck_page_shows_event_cards_statistics_and_exports(client, archive):
    stem, core = next((s, d) for s, d in archive.items() if d.event and d.event.players and d.name)
    response = client.get(f"/twda/{stem}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert core.event.name.replace("&", "&amp;").replace("'", "&#x27;") in html
    assert str(core.event.players) in html and core.event.winner.split()[0] in html
    cards = index.get()
    for card_id in list(core.crypt) + list(core.library)[:5]:
        assert f'href="/cards/{card_id}/"' in html
    assert 'id="stats-panel"' in html and "<svg" in html
    stats = response.context["stats"]
    assert stats.crypt.size == core.crypt_count and stats.library.size == core.library_count
    # Library grouped by type, as in the editor.
    types = [section["type"] for section in response.context["library"]]
    assert len(types) == len(set(types)) >= 2
    export = client.get(f"/twda/{stem}/export/twd/")
    assert export.status_code == 200 and "attachment" in export["Content-Disposition"]
    reread = decklist.parse(export.content, cards)
    assert reread.crypt == core.crypt and reread.library == core.library
    assert client.get(f"/twda/{stem}/export/nope/").status_code == 404
    assert client.get("/twda/no-such-deck/").status_code == 404


def test_copy_to_my_decks_needs_a_login_and_a_post(client, archive):
    stem, core = next(iter(archive.items()))
    assert client.get(f"/twda/{stem}/copy/").status_code == 405
    response = client.post(f"/twda/{stem}/copy/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Deck.objects.exists()
    user = get_user_model().objects.create_user("carol", "carol@example.org", "not-a-real-password-42")
    csrf = Client(enforce_csrf_checks=True)
    csrf.force_login(user)
    assert csrf.post(f"/twda/{stem}/copy/").status_code == 403  # no CSRF token
    client.force_login(user)
    response = client.post(f"/twda/{stem}/copy/")
    assert response.status_code == 302
    copy = Deck.objects.get(owner=user)
    assert response["Location"] == f"/decks/{copy.id}/edit/" or str(copy.id) in response["Location"]
    mine = copy.to_core()
    assert mine.crypt == core.crypt and mine.library == core.library


def test_archetypes_page_links_to_the_filtered_search(client, archive):
    response = client.get("/twda/archetypes/")
    assert response.status_code == 200
    archetype = Archetype.objects.order_by("-deck_count").first()
    if archetype is None:
        pytest.skip("the import made no archetype")
    html = response.content.decode()
    assert f"?archetype={archetype.slug}" in html
    listed = client.get("/twda/", {"archetype": archetype.slug})
    assert listed.status_code == 200
    assert listed.context["page"].paginator.count == TournamentDeck.objects.filter(archetype=archetype).count() > 0


def test_dates_are_shown_iso(client, archive):
    deck = TournamentDeck.objects.exclude(date=None).first()
    assert isinstance(deck.date, datetime.date)
    assert deck.date.isoformat() in client.get("/twda/").content.decode()


def test_card_rows_suggest_the_most_played_cards(client, archive):
    html = client.get("/twda/").content.decode()
    assert 'list="card-names"' in html
    assert f'<option value="{GOVERN}">' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [("pl", ["Archiwum turniejowe", "Skopiuj do moich talii"]), ("de", ["Turnierarchiv", "In meine Decks kopieren"])],
)
def test_pages_are_translated(client, archive, language, words):
    stem = next(iter(archive))
    client.cookies["django_language"] = language
    html = client.get("/twda/").content.decode() + client.get(f"/twda/{stem}/").content.decode()
    for word in words:
        assert word in html
    response = client.get("/twda/", {"card": "Govern teh Unaligned"})
    assert response.status_code == 400
