"""Named archetypes in the archive: each imported deck's tags and archetype, the archetype pages (key cards
per period, reference decks), the search filter and API ``?style=``, the badges on deck pages, the
``classify_archive`` command for a database imported before, and games opponents drawn by these names.

The decks are reference decks of the curated list (vtesdeck/core/data/archetypes.json) and a few others,
imported from the archive files; what each should be is read from the data file, not from the database."""

from __future__ import annotations

import re
import shutil

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from decks import services as deck_services
from simulations import opponents
from simulations.forms import GamesForm
from simulations.models import Simulation
from simulations.services import SimulationInputError
from tests.paths import TWDA
from twda import archetype_texts, services, styles
from twda.models import NamedArchetype, TournamentDeck
from vtesdeck.core import archetypes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

IMPORTED = ("vote", "wall", "stealth-bleed")  # every reference deck of these
LUTZ = """Deck Name: Lutz votes
Crypt (12 cards)
12x Lutz von Hohenzollern
Library (60 cards)
20x Kine Resources Contested
20x Parity Shift
20x Voter Captivation
"""


def _references(slug: str) -> list[str]:
    return [deck_id for a in archetypes.named_archetypes() if a.slug == slug for deck_id, _why in a.references]


@pytest.fixture
def archive(tmp_path) -> dict[str, list[str]]:
    """The reference decks of IMPORTED imported from the archive: slug → their ids."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    folder = tmp_path / "twda"
    folder.mkdir()
    wanted = {slug: _references(slug) for slug in IMPORTED}
    for ids in wanted.values():
        for deck_id in ids:
            shutil.copy(TWDA / f"{deck_id}.txt", folder / f"{deck_id}.txt")
    result = services.import_archive(str(folder))
    assert not result.skipped
    return wanted


def _text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_an_import_stores_each_decks_tags_and_named_archetype(archive):
    for slug, ids in archive.items():
        for deck in TournamentDeck.objects.filter(id__in=ids):
            assert deck.style == slug, deck.id
            assert set(deck.tags) == set(archetypes.TAGS)
    counts = dict(NamedArchetype.objects.values_list("slug", "deck_count"))
    assert counts["vote"] == len(archive["vote"]) and counts["rush"] == 0


def test_key_cards_are_what_the_archetypes_decks_play_more_than_the_rest(archive):
    vote = NamedArchetype.objects.get(slug="vote")
    ids = archive["vote"]
    playing = {card["id"]: card["decks"] for card in vote.key_cards}
    assert playing, "a vote archetype of six decks has key cards"
    for card_id, decks in playing.items():
        # Counted from the stored card rows of the archetype's decks.
        assert decks == TournamentDeck.objects.filter(id__in=ids, cards__card_id=card_id).count()
        assert decks / len(ids) >= services.KEY_CARD_MIN_SHARE
    kine = 101056  # Kine Resources Contested: in every vote reference deck but one, in no wall deck
    assert kine in playing
    # Per period: the share of that period's vote decks playing the card.
    for label, period in vote.periods.items():
        in_period = [
            d for d in TournamentDeck.objects.filter(id__in=ids) if services.period_label(d.date.year) == label
        ]
        assert period["decks"] == len(in_period)
        if in_period:
            expected = sum(1 for d in in_period if d.cards.filter(card_id=kine).exists()) / len(in_period)
            assert period["cards"][str(kine)] == pytest.approx(expected, abs=0.001)


def test_the_list_page_names_every_archetype_with_its_deck_count(archive):
    response = Client().get("/twda/styles/")
    assert response.status_code == 200
    text = _text(response)
    for archetype in archetypes.named_archetypes():
        assert archetype.name in text
    assert f'href="/twda/?style=vote">{len(archive["vote"])}<' in response.content.decode()


def test_an_archetype_page_shows_its_references_key_cards_and_periods(archive):
    response = Client().get("/twda/styles/vote/")
    assert response.status_code == 200
    page = response.content.decode()
    text = _text(response)
    for deck_id in archive["vote"]:
        assert f'href="/twda/{deck_id}/"' in page
    assert "Kine Resources Contested" in text
    assert 'id="chart-style-periods-title"' in page  # the SVG chart of its share per period
    assert Client().get("/twda/styles/no-such-style/").status_code == 404


def test_the_archive_search_and_the_api_filter_by_named_archetype(archive):
    page = Client().get("/twda/", {"style": "wall"})
    assert page.status_code == 200
    for deck_id in archive["wall"]:
        assert f'href="/twda/{deck_id}/"' in page.content.decode()
    for deck_id in archive["vote"]:
        assert f'href="/twda/{deck_id}/"' not in page.content.decode()
    api = Client().get("/api/v1/twda/", {"style": "vote"})
    assert api.status_code == 200
    body = api.json()
    assert body["count"] == len(archive["vote"])
    assert {row["id"] for row in body["results"]} == set(archive["vote"])
    assert all(row["style"] == "vote" and row["tags"]["vote"] > 0.5 for row in body["results"])


def test_an_unknown_named_archetype_is_a_400_saying_so(archive):
    assert Client().get("/twda/", {"style": "nope"}).status_code == 400
    api = Client().get("/api/v1/twda/", {"style": "nope"})
    assert api.status_code == 400
    assert "style" in api.content.decode()


def test_the_archive_deck_page_shows_its_archetype_and_tag_badges(archive):
    deck_id = archive["wall"][0]
    page = Client().get(f"/twda/{deck_id}/").content.decode()
    assert 'href="/twda/styles/wall/"' in page
    assert re.search(r'class="tag style-tag"[^>]*>block <span class="style-score">\d+</span>', page)


def test_a_users_deck_page_shows_the_tags_its_cards_give(db):
    user = get_user_model().objects.create_user("alice")
    deck = deck_services.create(user, deck_services.parse_text(LUTZ), name="Lutz votes", visibility="public")
    page = Client().get(f"/decks/{deck.id}/").content.decode()
    assert re.search(r'class="tag style-tag"[^>]*>vote <span class="style-score">100</span>', page)
    assert 'href="/twda/styles/vote/"' in page


def test_classify_archive_fills_a_database_imported_before(archive):
    TournamentDeck.objects.update(style="", tags={})
    NamedArchetype.objects.all().delete()
    call_command("classify_archive", "--if-needed", verbosity=0)
    assert not TournamentDeck.objects.filter(style="").exists()
    assert set(TournamentDeck.objects.filter(id__in=archive["vote"]).values_list("style", flat=True)) == {"vote"}
    assert NamedArchetype.objects.count() == len(archetypes.named_archetypes())


# --- games opponents ---------------------------------------------------------------------------------------


def test_a_named_archetype_sits_at_the_table_with_its_own_decks(archive):
    seated, asked = opponents.resolve([{"style": "wall"}, {"archetype": "vote"}], user=None, players=3)
    wall, vote = seated
    assert asked == [{"style": "wall"}, {"archetype": "vote"}]
    assert {deck.key for deck in wall.decks} == set(archive["wall"])
    # An old-style archetype key with a named slug no crypt family has: the named archetype.
    assert {deck.key for deck in vote.decks} == set(archive["vote"])
    assert wall.label == "Wall"


@pytest.mark.parametrize("asked", [[{"style": "nope"}], [{"style": "rush"}]])
def test_an_unknown_or_empty_named_archetype_is_refused_with_a_sentence(archive, asked):
    with pytest.raises(SimulationInputError) as error:
        opponents.resolve(asked, user=None, players=3)
    assert error.value.field == "opponents"
    assert "nope" in str(error.value) or "no deck in the archive" in str(error.value)


def test_the_games_form_offers_the_named_archetypes_and_asks_for_one(archive, idle_queue):
    user = get_user_model().objects.create_user("bob")
    deck = deck_services.create(user, deck_services.parse_text(LUTZ), name="Lutz votes")
    client = Client()
    client.force_login(user)
    form = client.get(f"/decks/{deck.id}/games/").content.decode()
    assert '<option value="style:wall">' in form
    asked = {"games": "100", "players": "4", "rounds": "", "rules": "vekn", "opponents": "archetype"}
    response = client.post(f"/decks/{deck.id}/games/", {**asked, "archetype": "style:wall"})
    assert response.status_code == 302
    assert Simulation.objects.get().parameters["opponents"] == [{"style": "wall"}] * 3


def test_the_form_keeps_crypt_families_as_they_were():
    form = GamesForm(
        {"opponents": "archetype", "archetype": "ventrue-dom-pre", "games": "100", "players": "5", "rules": "vekn"},
        archetypes=[("ventrue-dom-pre", "Ventrue · dom/pre", 3)],
        styles=[("wall", "Wall", 5)],
    )
    assert form.is_valid(), form.errors
    assert form.attrs()["opponents"] == [{"archetype": "ventrue-dom-pre"}] * 4


def test_the_api_lists_the_named_archetypes_and_details_one(archive):
    listed = Client().get("/api/v1/twda/styles/")
    assert listed.status_code == 200
    rows = {row["slug"]: row for row in listed.json()}
    assert list(rows) == [a.slug for a in archetypes.named_archetypes()]
    assert rows["vote"]["deck_count"] == len(archive["vote"])
    assert [ref["id"] for ref in rows["vote"]["references"]] == archive["vote"]
    assert set(rows["vote"]["centroid"]) == set(archetypes.TAGS)
    detail = Client().get("/api/v1/twda/styles/vote/").json()
    assert 101056 in {card["id"] for card in detail["key_cards"]}  # Kine Resources Contested
    assert sum(period["decks"] for period in detail["periods"]) == len(archive["vote"])
    missing = Client().get("/api/v1/twda/styles/nope/")
    assert missing.status_code == 404 and "nope" in missing.json()["detail"]


# --- translations of the data file's texts -------------------------------------------------------------------


def test_every_text_of_the_data_file_is_marked_for_makemessages():
    """makemessages cannot read the JSON: without twda/archetype_texts.py in step, a maintainer's
    ``makemessages --no-obsolete`` would delete the translations of the names, descriptions and reasons."""
    in_file = [text for _kind, text in styles.texts()]
    missing = [text for text in in_file if text not in archetype_texts.TEXTS]
    left_over = [text for text in archetype_texts.TEXTS if text not in in_file]
    assert not missing, f"run `manage.py classify_archive --write-texts`: not in twda/archetype_texts.py: {missing}"
    assert not left_over, f"run `manage.py classify_archive --write-texts`: no longer in the data file: {left_over}"
    assert styles.TEXTS_MODULE.read_text(encoding="utf-8") == styles.texts_module()


def test_the_texts_module_keeps_quotes_and_long_texts_as_written():
    tricky = archetypes.NamedArchetype(
        slug="x",
        name='The "Toll Road"',
        description="Theo Bell's anarchs " * 10,
        references=(("1", 'Kyle\'s "Eyes" \\ Argus'),),
        centroid=(0.0,) * len(archetypes.TAGS),
    )
    source = styles.texts_module([tricky])
    namespace: dict = {}
    exec(compile(source, "archetype_texts.py", "exec"), namespace)
    assert namespace["TEXTS"] == (tricky.name, tricky.description, tricky.references[0][1])


def test_an_archetype_page_shows_its_texts_in_the_readers_language(archive):
    vote = next(a for a in archetypes.named_archetypes() if a.slug == "vote")
    page = Client(HTTP_ACCEPT_LANGUAGE="de").get("/twda/styles/vote/").content.decode()
    with translation.override("de"):
        texts = [translation.gettext(vote.name), translation.gettext(vote.description)]
    assert all(text != english for text, english in zip(texts, [vote.name, vote.description], strict=True))
    assert all(escape(text) in page for text in texts)
