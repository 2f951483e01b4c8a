"""A deck's Games tab (``/decks/<id>/games/``), an archive deck's (``/twda/<id>/games/``) and a games job's page.

The tab says how much of the deck the engine models and offers a form whose defaults start a job in one click
(the field since 2018, 500 games, five players, a 20-round cap, the VEKN rules); it starts jobs through the
API's own ``start_games``, with the API's throttle and caps: bad input is a 400 on the form, a cap a 429.
A job's page follows a games job in games and, once done, answers in VP, wins, survival and the rest. No worker
runs here: jobs stay queued where no worker reads them, or their chunks are played in this process with the
kind's own ``run_chunk`` and stored with the worker's ``store_chunk``.
"""

from __future__ import annotations

import html as html_lib
import re
import shutil

import pytest
from django.utils import translation

from cards import index
from decks import services as deck_services
from decks.models import Deck
from simulations import services
from simulations.forms import GamesForm
from simulations.models import Simulation
from tests.access import client_of
from tests.conftest import play_job
from tests.paths import TWDA
from twda.models import Archetype, TournamentDeck
from vtesdeck.core.charts import format_share
from vtesdeck.core.engine import options as table_options
from vtesdeck.core.engine import run as engine_run

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles")]

ARCHIVE_DECKS = 6  # a small field: enough for several archetypes, quick to import
# A deck the engine can seat (one crypt group), with a library card and a vampire it does not model.
VENTRUE = """Deck Name: Ventrue bleed
Crypt (12 cards)
6x Anson
6x Gaël Pilet
Library (70 cards)
12x Govern the Unaligned
10x Conditioning
6x Bonding
8x Blood Doll
8x Deflection
10x Majesty
8x Wake with Evening's Freshness
8x Villein
"""


# ---- helpers -------------------------------------------------------------------------------------


@pytest.fixture
def archive(tmp_path) -> list[str]:
    """A few winning decks since 2018 imported from the archive files: the field the form offers."""
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    folder = tmp_path / "twda"
    folder.mkdir()
    picked = []
    for path in sorted(TWDA.glob("*.txt")):
        header = path.read_text(encoding="utf-8", errors="replace").splitlines()[:4]
        years = [int(y) for line in header for y in re.findall(r"\b(20[0-9]{2})\b", line)]
        if years and min(years) >= 2019:
            shutil.copy(path, folder / path.name)
            picked.append(path.stem)
        if len(picked) == ARCHIVE_DECKS:
            break
    from twda import services as twda_services

    assert not twda_services.import_archive(str(folder)).skipped
    return picked


def make_deck(owner, visibility: str = "public", name: str = "Ventrue bleed") -> Deck:
    return deck_services.create(owner, deck_services.parse_text(VENTRUE), name=name, visibility=visibility)


def text_of(fragment: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def error_summary(response) -> str:
    summary = re.search(r'<div class="error-summary".*?</div>', response.content.decode(), re.S)
    assert summary, response.content.decode()[:3000]
    return text_of(summary.group(0))


def asks_for_an_opponent(response) -> bool:
    """Whether the form came back (400) asking for the opponent of the kind chosen (an archetype, a deck)."""
    return response.status_code == 400 and "Choose one, or another kind of opponent." in text_of(
        response.content.decode()
    )


def row_cells(html: str, table_id: str, header: str) -> list[str]:
    table = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S)
    assert table, f"no table {table_id}"
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S):
        cells = [text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        if cells and cells[0] == header:
            return cells
    raise AssertionError(f"no row {header!r} in {table_id}")


def defaults(html: str) -> dict[str, str]:
    """What the form sends when it is submitted untouched: each field's initial value."""
    form = re.search(r'<form method="post"[^>]*class="games-form".*?</form>', html, re.S).group(0)
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or name.group(1) == "csrfmiddlewaretoken":
            continue
        if 'type="radio"' in tag and " checked" not in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        data[name.group(1)] = html_lib.unescape(value.group(1)) if value else ""
    for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body)
        data[name] = chosen.group(1) if chosen else ""
    return data


# ---- the tab ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["owner", "stranger", "anonymous"])
def test_the_games_tab_of_a_public_deck_shows_its_coverage_and_a_form_to_anyone(who, alice, bob):
    deck = make_deck(alice)
    user = {"owner": alice, "stranger": bob, "anonymous": None}[who]
    response = client_of(user).get(f"/decks/{deck.id}/games/")
    assert response.status_code == 200
    html = response.content.decode()
    coverage = engine_run.coverage([deck.to_core()], index.get())
    assert f"{format_share(coverage.coverage)} of the library copies are modelled" in text_of(html)
    assert f'action="/decks/{deck.id}/games/"' in html
    assert f'href="/decks/{deck.id}/games/" aria-current="page"' in html  # the tab, beside Deck and Draws
    assert f'href="/decks/{deck.id}/draws/"' in html
    # Only a logged-in user with decks of their own is offered them as opponents (Bob has none).
    assert ('name="deck"' in html) == (who == "owner")


def test_vampires_with_no_ability_text_count_as_modelled(alice):
    # What the newcomer met: "0.0 % of the crypt copies have their printed abilities modelled" and the
    # vampires listed as "cards not modelled", for a crypt of vampires whose text is only "Sabbat.".
    text = "Crypt (12 cards)\n6x Aaron Bathurst\n6x Beauregard Krueller\nLibrary (60 cards)\n60x Govern the Unaligned\n"
    deck = deck_services.create(alice, deck_services.parse_text(text), name="Vanilla Sabbat", visibility="public")
    page = text_of(client_of(alice).get(f"/decks/{deck.id}/games/").content.decode())
    assert f"{format_share(1.0)} of the crypt copies have their printed abilities modelled" in page
    assert "not modelled" not in page


def test_the_deck_page_links_to_its_games_tab(alice):
    deck = make_deck(alice)
    assert f'href="/decks/{deck.id}/games/"' in client_of().get(f"/decks/{deck.id}/").content.decode()


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_another_users_private_deck_answers_404(who, alice, bob, queue):
    deck = make_deck(alice, visibility="private")
    client = client_of(bob if who == "stranger" else None)
    assert client.get(f"/decks/{deck.id}/games/").status_code == 404
    assert client.post(f"/decks/{deck.id}/games/", {"opponents": "field", "games": "100"}).status_code == 404
    assert not Simulation.objects.exists()
    assert client_of(alice).get(f"/decks/{deck.id}/games/").status_code == 200


def test_the_forms_defaults_start_a_job_in_one_click(alice, archive, queue, settings):
    deck = make_deck(alice)
    client = client_of(alice)
    data = defaults(client.get(f"/decks/{deck.id}/games/").content.decode())
    assert data == {
        **data,
        "opponents": "field",
        "field_since": "2018-01-01",
        "games": str(settings.SIMULATION_DEFAULT_GAMES),
        "players": "5",
        "rounds": str(table_options.DEFAULT_ROUNDS),
        "rules": "vekn",
        "seed": "",
    }
    response = client.post(f"/decks/{deck.id}/games/", data)
    simulation = Simulation.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{simulation.id}/"
    assert (simulation.kind, simulation.units, simulation.owner, simulation.deck) == (
        "games",
        settings.SIMULATION_DEFAULT_GAMES,
        alice,
        deck,
    )
    parameters = simulation.parameters
    assert (parameters["players"], parameters["rounds"], parameters["rules"]) == (
        5,
        table_options.DEFAULT_ROUNDS,
        "vekn",
    )
    assert parameters["opponents"] == ["field"] * 4 and parameters["field_since"] == "2018-01-01"
    # The job page follows it in games; the tab lists it among the user's recent games.
    page = text_of(client.get(response["Location"]).content.decode())
    assert f"Games played 0 / {settings.SIMULATION_DEFAULT_GAMES:,}" in page
    assert "Running: the workers are playing games." not in page and "Queued: waiting for a worker." in page
    recent = client.get(f"/decks/{deck.id}/games/").content.decode()
    assert f'href="/simulations/{simulation.id}/"' in recent


def test_without_a_seed_a_job_takes_the_deck_s_own_the_same_for_every_revision(alice, archive, queue):
    deck, other = make_deck(alice), make_deck(alice, name="Another")
    client = client_of(alice)
    data = {**defaults(client.get(f"/decks/{deck.id}/games/").content.decode()), "games": "100"}
    client.post(f"/decks/{deck.id}/games/", data)
    deck_services.update_details(deck, version=deck.version, name="Ventrue bleed, take two")  # the deck changes
    client.post(f"/decks/{deck.id}/games/", data)
    client.post(f"/decks/{other.id}/games/", data)
    client.post(f"/decks/{deck.id}/games/", {**data, "seed": "77"})
    seeds = list(Simulation.objects.order_by("created_at").values_list("deck_version", "seed"))
    own = services.deck_seed(f"deck:{deck.id}")
    assert seeds == [(1, own), (2, own), (1, services.deck_seed(f"deck:{other.id}")), (2, 77)]
    assert own != seeds[2][1]


@pytest.mark.parametrize("language", ["en", "pl", "de"])
def test_the_field_date_is_an_iso_date_in_every_language(language, alice):
    # An <input type="date"> takes YYYY-MM-DD only: the Polish and German "01.01.2018" left the field empty.
    deck = make_deck(alice)
    html = client_of(alice, language).get(f"/decks/{deck.id}/games/").content.decode()
    assert f'<html lang="{language}"' in html
    assert defaults(html)["field_since"] == "2018-01-01"


@pytest.mark.parametrize(("language", "words"), [("en", "(1 deck)"), ("pl", "(1 talia)"), ("de", "(1 Deck)")])
def test_an_archetype_of_one_deck_is_offered_as_one_deck(language, words):
    with translation.override(language):
        form = GamesForm(archetypes=[("gangrel-pro", "Gangrel · pro", 1), ("ventrue-dom", "Ventrue · dom", 2)])
        offered = dict(form.fields["archetype"].choices)
    assert offered["gangrel-pro"] == f"Gangrel · pro {words}"  # not "(1 decks)"
    assert offered["ventrue-dom"].endswith({"en": "(2 decks)", "pl": "(2 talie)", "de": "(2 Decks)"}[language])


def test_an_archetype_or_one_of_my_decks_sits_at_every_other_seat(alice, archive, queue):
    deck = make_deck(alice)
    other = make_deck(alice, name="Another deck")
    archetype = Archetype.objects.order_by("-deck_count").first()
    client = client_of(alice)
    asked = {"games": "100", "players": "4", "rounds": "", "rules": "2011", "seed": "7"}
    assert (
        client.post(
            f"/decks/{deck.id}/games/", {**asked, "opponents": "archetype", "archetype": archetype.slug}
        ).status_code
        == 302
    )
    assert client.post(f"/decks/{deck.id}/games/", {**asked, "opponents": "deck", "deck": other.id}).status_code == 302
    by_archetype, by_deck = Simulation.objects.order_by("created_at")
    assert by_archetype.parameters["opponents"] == [{"archetype": archetype.slug}] * 3
    assert by_deck.parameters["opponents"] == [{"deck": other.id}] * 3
    # An empty round cap is no cap; the seed is the one asked.
    assert by_deck.parameters["rounds"] is None and by_deck.seed == 7 and by_deck.parameters["rules"] == "2011"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"games": "123"}, "Choose one of the offered numbers of games, not “123”."),
        # The table's options get the engine's refusals, as in the API and the CLI (tests/simulations/test_table_options.py).
        ({"players": "6"}, "A table has 4 or 5 seats, not 6."),
        ({"rounds": "0"}, "The round cap must be a whole number from 1 to 150 (or none), not 0."),
        ({"rounds": "500"}, "The round cap must be a whole number from 1 to 150 (or none), not 500."),
        ({"rules": "1994"}, "The rules must be vekn (the current VEKN rules) or 2011 (the 2011 rulebook), not '1994'."),
        ({"opponents": "archetype", "archetype": ""}, "Choose one, or another kind of opponent."),
        ({"seed": "-1"}, "The seed must be a whole number from 0 to 9,223,372,036,854,775,807, not -1."),
    ],
)
def test_bad_input_is_answered_on_the_form_with_400(data, message, alice, queue):
    deck = make_deck(alice)
    base = {
        "opponents": "field",
        "field_since": "2018-01-01",
        "games": "100",
        "players": "5",
        "rounds": "20",
        "rules": "vekn",
        "seed": "",
    }
    response = client_of(alice).post(f"/decks/{deck.id}/games/", {**base, **data})
    assert response.status_code == 400
    assert message in error_summary(response)
    assert not Simulation.objects.exists()


def test_a_field_without_archive_decks_is_a_400_saying_so(alice, queue):
    deck = make_deck(alice)
    response = client_of(alice).post(
        f"/decks/{deck.id}/games/",
        {"opponents": "field", "field_since": "2018-01-01", "games": "100", "players": "5", "rules": "vekn"},
    )
    assert response.status_code == 400
    assert "This site's tournament archive is empty (its operator imports it with make setup)" in error_summary(
        response
    )
    assert not Simulation.objects.exists()


def test_a_job_over_the_unfinished_games_cap_is_a_429_saying_so(alice, archive, queue, settings):
    settings.SIMULATION_MAX_ACTIVE_GAMES_USER = 550
    deck = make_deck(alice)
    client = client_of(alice)
    data = {"opponents": "field", "field_since": "2018-01-01", "games": "500", "players": "5", "rules": "vekn"}
    assert client.post(f"/decks/{deck.id}/games/", data).status_code == 302
    refused = client.post(f"/decks/{deck.id}/games/", {**data, "games": "100"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Your unfinished simulation jobs still have 500 games to play and this one asks for 100" in error_summary(
        refused
    )
    assert Simulation.objects.count() == 1


def test_starting_games_is_throttled_with_the_apis_allowance(alice, archive, queue, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulations_anon": "1/hour"},
    }
    deck = make_deck(alice)
    client = client_of()
    data = {"opponents": "field", "field_since": "2018-01-01", "games": "100", "players": "5", "rules": "vekn"}
    assert client.post(f"/decks/{deck.id}/games/", data).status_code == 302
    refused = client.post(f"/decks/{deck.id}/games/", data)
    assert refused.status_code == 429 and "Too many simulations started in a short time" in error_summary(refused)
    assert Simulation.objects.count() == 1


def test_a_broker_that_is_down_gives_a_503_page_saying_so(alice, archive, broker_down):
    deck = make_deck(alice)
    data = {"opponents": "field", "field_since": "2018-01-01", "games": "100", "players": "5", "rules": "vekn"}
    response = client_of(alice).post(f"/decks/{deck.id}/games/", data)
    assert response.status_code == 503
    page = text_of(response.content.decode())
    assert "The simulation could not be started" in page and "could not reach the task queue" in page
    assert Simulation.objects.get().status == "failed"


def test_a_deck_the_engine_cannot_seat_gets_a_reason_not_a_form(alice):
    deck = deck_services.create(
        alice,
        deck_services.parse_text("Crypt (12 cards)\n12x Tupdog\nLibrary (5 cards)\n5x Blood Doll\n"),
        name="Too small",
    )
    response = client_of(alice).get(f"/decks/{deck.id}/games/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "This deck cannot sit at a table yet" in text_of(html) and 'class="games-form"' not in html


# ---- an archive deck's tab -------------------------------------------------------------------------


def test_an_archive_deck_has_a_games_tab_whose_jobs_name_it(alice, archive, queue):
    twda_id = archive[0]
    assert TournamentDeck.objects.filter(pk=twda_id).exists()
    detail = client_of().get(f"/twda/{twda_id}/").content.decode()
    assert f'href="/twda/{twda_id}/games/"' in detail  # the tab nav on the deck's page
    client = client_of(alice)
    tab = client.get(f"/twda/{twda_id}/games/")
    assert tab.status_code == 200
    html = tab.content.decode()
    assert f'href="/twda/{twda_id}/games/" aria-current="page"' in html and "of the library copies are modelled" in html
    response = client.post(f"/twda/{twda_id}/games/", {**defaults(html), "games": "100"})
    simulation = Simulation.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{simulation.id}/"
    assert simulation.deck is None and simulation.parameters["twda"] == twda_id
    # The job's page leads back to the archive deck's tab.
    assert f'href="/twda/{twda_id}/games/"' in client.get(response["Location"]).content.decode()
    assert f'href="/simulations/{simulation.id}/"' in client.get(f"/twda/{twda_id}/games/").content.decode()
    assert client_of().get("/twda/no-such-deck/games/").status_code == 404


# ---- a done games job's page -----------------------------------------------------------------------


def start_job(deck: Deck, owner, rival: Deck, games: int = 10) -> Simulation:
    """A small games job of ``deck`` against ``rival`` at every other seat of four, in chunks of five games."""
    from simulations import opponents

    seats, asked = opponents.resolve([{"deck": rival.id}] * 3, user=owner, players=4)
    return services.start_games(
        deck=deck.to_core(),
        cards=index.get(),
        opponents=seats,
        owner=owner,
        source_deck=deck,
        games=games,
        seed=3,
        players=4,
        chunk_size=5,
        parameters={"opponents": asked},
    )


def test_a_done_games_job_answers_the_players_questions_with_intervals(alice, queue):
    deck = make_deck(alice)
    rival = make_deck(alice, name="Rival")
    simulation = start_job(deck, alice, rival)
    simulation = play_job(simulation)
    report = simulation.result
    html = client_of(alice).get(f"/simulations/{simulation.id}/").content.decode()
    figures = report["deck"]
    vp = row_cells(html, "games-deck", "Victory points per game")
    assert vp[1] == f"{figures['vp_mean']:.2f}"
    if figures["vp_ci95"]:
        assert vp[2] == f"{figures['vp_ci95'][0]:.2f} – {figures['vp_ci95'][1]:.2f}"
    assert row_cells(html, "games-deck", "Game wins")[1] == format_share(figures["win_rate"])
    assert row_cells(html, "oust-order", "Survived")[1] == format_share(figures["oust_order"]["survived"])
    seat = figures["by_seat"][0]
    assert row_cells(html, "by-seat", "Seat 1")[1:3] == [str(seat["games"]), f"{seat['vp_mean']:.2f}"]
    govern = next(row for row in report["cards"] if row["name"] == "Govern the Unaligned")
    cells = row_cells(html, "games-cards", "Govern the Unaligned")
    assert cells[3] == format_share(govern["drawn"]) and cells[5] == format_share(govern["played"])
    assert row_cells(html, "opponents", "Rival")[1] == str(report["opponents"][0]["games"])
    for chart in ("vp-by-seat-chart", "oust-order-chart", "first-vampire-chart"):
        assert f'aria-labelledby="chart-{chart}-title"' in html, chart
    # Games to read: the first one, and a box for any number.
    assert f'href="/simulations/{simulation.id}/games/{report["examples"]["first"]}/"' in html
    assert f'action="/simulations/{simulation.id}/games/"' in html
    box = client_of(alice).get(f"/simulations/{simulation.id}/games/", {"n": "4"})
    assert box.status_code == 302 and box["Location"] == f"/simulations/{simulation.id}/games/4/"


def test_a_pool_cut_down_to_a_sample_says_from_how_many_decks(alice, queue):
    """A pool larger than the simulator plays (the field since 2018, some archetypes) is a seeded sample: the
    page says it, beside the sample's size, where the form offered the whole pool."""
    simulation = play_job(start_job(make_deck(alice), alice, make_deck(alice, name="Rival")))
    page = client_of(alice).get(f"/simulations/{simulation.id}/").content.decode()
    assert "sampled with the job" not in page  # one deck at each seat: nothing sampled
    planned = simulation.result["opponents_plan"]
    simulation.result["opponents_plan"] = [{**row, "decks": 400, "sampled_from": 1718} for row in planned]
    simulation.save(update_fields=["result"])
    page = client_of(alice).get(f"/simulations/{simulation.id}/").content.decode()
    said = "Slots 2–4: Rival (400 decks, one drawn per game each) — sampled with the job's seed from the 1,718 decks"
    assert said + " asked for." in page


def test_a_job_s_table_names_a_named_archetype_asked_as_an_archetype_by_its_label(alice):
    """``{"archetype": "wall"}`` draws from the named archetype when no crypt family has that slug: the job's page
    names it as the archetype's label, not by its slug."""
    from simulations.views import _table_asked

    job = Simulation(kind="compare", parameters={"players": 4, "opponents": [{"archetype": "wall"}] * 3}, seed=1)
    assert not Archetype.objects.filter(slug="wall").exists()
    with translation.override("en"):
        assert _table_asked(job, alice)["opponents"] == [("Wall", 3)]
