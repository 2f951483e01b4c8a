"""A game to read: ``/simulations/<id>/games/<n>/`` plays game n of a done games job again and tells it turn by
turn, each card name a link to its card, with the seats, the result and the command that replays it.

Games are deterministic (the plan, the job's seed and the game's number): the page's game is the worker's,
which the final state's hash shows. The job is run to done here, its chunks played in this process with the
kind's ``run_chunk`` and stored through the worker's ``store_chunk``.
"""

from __future__ import annotations

import html as html_lib
import re
import shutil

import pytest

from cards import index
from simulations import kinds
from simulations.models import Simulation
from tests.access import client_of
from tests.conftest import play_job
from tests.paths import TWDA
from twda import services as twda_services
from twda.models import TournamentDeck
from vtesdeck.core.engine import log as engine_log
from vtesdeck.core.engine import simulation as games_core

from .test_games_page import defaults, make_deck, start_job, text_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles", "idle_queue")]

GAMES = 6


def done_job(owner, visibility: str = "public") -> Simulation:
    deck = make_deck(owner, visibility=visibility)
    rival = make_deck(owner, name="Rival")
    return play_job(start_job(deck, owner, rival, games=GAMES))


def log_items(html: str) -> list[str]:
    log = re.search(r'<ol class="game-log"[^>]*>(.*?)</ol>', html, re.S)
    assert log, html[:3000]
    return re.findall(r"<li[^>]*>(.*?)</li>", log.group(1), re.S)


def test_a_done_jobs_game_is_told_turn_by_turn_with_its_cards_linked(alice):
    simulation = done_job(alice)
    number = GAMES - 1
    response = client_of(alice).get(f"/simulations/{simulation.id}/games/{number}/")
    assert response.status_code == 200
    html = response.content.decode()
    # The same game as the worker's: replayed here from the plan, the seed and its number.
    played = games_core.play_game(kinds.plan_of(simulation), index.get(), seed=simulation.seed, i=number, log=True)
    assert f'<code id="game-hash">{played.result.hash}</code>' in html
    told = engine_log.lines(played.result.game, index.get(), first_seat=1)  # numbered from 1, as the reports
    items = log_items(html)
    assert [html_lib.unescape(re.sub(r"<[^>]+>", "", item)) for item in items] == told
    # Each card name the log gives is a link to its card.
    links = {
        int(card): html_lib.unescape(name)
        for item in items
        for card, name in re.findall(r'<a href="/cards/(\d+)/">(.*?)</a>', item)
    }
    cards = index.get()
    assert links and all(cards[card].name == name for card, name in links.items())
    assert any(cards[card].name == "Govern the Unaligned" for card in links) or any(
        cards[card].name == "Anson" for card in links
    )
    # The seats, the deck of the job marked, and the command that replays it.
    page = text_of(html)
    assert "Rival" in page and "(the simulated deck)" in page
    assert f"python manage.py replay_game --job {simulation.id} --game {number}" in page
    assert "stays in English" in page


def test_the_log_as_segments_is_the_log_as_lines(alice):
    simulation = done_job(alice)
    cards = index.get()
    played = games_core.play_game(kinds.plan_of(simulation), cards, seed=simulation.seed, i=0, log=True)
    game = played.result.game
    segments = engine_log.segments(game, cards)
    assert ["".join(text for text, _card in line) for line in segments] == engine_log.lines(game, cards)
    named = [(text, card) for line in segments for text, card in line if card is not None]
    assert named and all(cards[card].name == text for text, card in named)


def test_a_game_number_outside_the_job_answers_404_saying_so(alice):
    simulation = done_job(alice)
    client = client_of(alice)
    said = "This job played no game with this number."
    for asked in (f"/simulations/{simulation.id}/games/{GAMES}/", f"/simulations/{simulation.id}/games/?n=abc"):
        response = client.get(asked)
        assert response.status_code == 404 and said in response.content.decode(), asked
    assert client.get(f"/simulations/{simulation.id}/games/0/").status_code == 200
    nothing = client.get("/simulations/nosuchjob00000/games/0/")
    assert nothing.status_code == 404 and said not in nothing.content.decode()
    assert "matches the given query" not in nothing.content.decode()  # no model's name for a job not found


def test_a_game_of_a_job_not_done_answers_404(alice):
    deck = make_deck(alice)
    simulation = start_job(deck, alice, make_deck(alice, name="Rival"), games=GAMES)
    assert simulation.status == "queued"
    assert client_of(alice).get(f"/simulations/{simulation.id}/games/0/").status_code == 404


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_a_game_of_a_job_of_another_users_private_deck_answers_404(who, alice, bob):
    simulation = done_job(alice, visibility="private")
    assert client_of(alice).get(f"/simulations/{simulation.id}/games/0/").status_code == 200
    client = client_of(bob if who == "stranger" else None)
    assert client.get(f"/simulations/{simulation.id}/games/0/").status_code == 404
    assert client.get(f"/simulations/{simulation.id}/").status_code == 404


@pytest.mark.parametrize(("language", "words"), [("pl", "Gra 0"), ("de", "Partie 0")])
def test_the_chrome_is_in_the_visitors_language_the_log_in_english(language, words, alice):
    simulation = done_job(alice)
    html = client_of(alice, language).get(f"/simulations/{simulation.id}/games/0/").content.decode()
    assert words in text_of(html)
    assert '<ol class="game-log" id="game-log" lang="en">' in html
    assert any(text_of(item).startswith("Turn 1") for item in log_items(html))


# ---- an unnamed archive deck at the table ----------------------------------------------------------------

UNNAMED = "10108"  # 4th Tragic Love Affair (2022), won by Antti Penttilä: the archive names no deck
UNNAMED_SHOWN = "Antti Penttilä, 4th Tragic Love Affair"


@pytest.fixture
def unnamed_archive_deck(tmp_path) -> TournamentDeck:
    """The only archive deck since 2018: the field of its own games."""
    path = TWDA / f"{UNNAMED}.txt"
    if not path.is_file():
        pytest.skip(f"the TWDA decklist {path} is not here")
    folder = tmp_path / "twda"
    folder.mkdir()
    shutil.copy(path, folder / path.name)
    twda_services.import_archive(str(folder))
    return TournamentDeck.objects.get(pk=UNNAMED)


def test_an_unnamed_archive_deck_plays_under_its_winners_and_events_name_seats_numbered_alike(
    alice, unnamed_archive_deck
):
    # What the newcomer met: a blank deck name at the table, and "Seat 4 (Seat 5)" in a log numbered from 0.
    assert unnamed_archive_deck.name == "" and unnamed_archive_deck.shown_name == UNNAMED_SHOWN
    client = client_of(alice)
    tab = client.get(f"/twda/{UNNAMED}/games/").content.decode()
    response = client.post(f"/twda/{UNNAMED}/games/", {**defaults(tab), "games": "100", "players": "5"})
    assert response.status_code == 302, text_of(response.content.decode())[:2000]
    simulation = play_job(Simulation.objects.get())
    assert simulation.deck_name == UNNAMED_SHOWN

    html = client.get(f"/simulations/{simulation.id}/games/0/").content.decode()
    seats = re.findall(r"<tr[^>]*>\s*<th scope=\"row\">Seat (\d+)</th>\s*<td>(.*?)</td>", html, re.S)
    assert [int(seat) for seat, _deck in seats] == [1, 2, 3, 4, 5]
    assert all(text_of(deck).startswith(UNNAMED_SHOWN) for _seat, deck in seats), seats
    told = [text_of(item) for item in log_items(html)]
    assert not [line for line in told if re.search(r"Seat \d+ \(Seat \d+\)", line)]
    numbers = {int(n) for line in told for n in re.findall(r"Seat (\d+)", line)}
    assert numbers == {1, 2, 3, 4, 5}  # as the table numbers them
    assert any(line.startswith(f"Turn 1 — Seat 1 ({UNNAMED_SHOWN})") for line in told)
    assert "Seat 1 takes the first turn; its prey is seat 2." in text_of(html)
