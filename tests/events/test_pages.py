"""The judge's event pages (issue #29) through Django's test client: creating an event, registration by its
link, lists submitted and judged at once, the start that locks them, rounds seated, swapped and scored, the
standings, the final's helper, deck checks and the exports. Every refusal is a 4xx page with the service's
sentence and changes nothing."""

from __future__ import annotations

import csv
import datetime
import html as html_lib
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards import index
from decks import services as deck_services
from events import services
from events.models import DeckCheck, Decklist, Event, LogEntry, Player, Round, Table
from tests.samples import SHORT_LIBRARY, TUPDOG_GOVERN
from vtesdeck.core import decklist as core_decklist
from vtesdeck.core.events import exports

pytestmark = pytest.mark.django_db

PASSWORD = "not-a-real-password-42"
TODAY = datetime.date(2025, 6, 14)

LEGAL = TUPDOG_GOVERN  # legal under "vekn" on the event's date
OTHER_LEGAL = LEGAL.replace("20x Blood Doll", "20x Deflection")


def user(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)


def client_for(who=None) -> Client:
    client = Client()
    if who is not None:
        client.force_login(who)
    return client


def text_of(page: bytes | str) -> str:
    page = page.decode() if isinstance(page, bytes) else page
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.fixture(autouse=True)
def _quick(quick_seating) -> None:
    """Seating's quality is its own tests' business (tests/core/events): the pages need a seating, fast."""


@pytest.fixture
def olga():
    """The organiser."""
    return user("olga")


@pytest.fixture
def event(olga) -> Event:
    return services.create_event(olga, name="Camarilla Cup", date=TODAY, location="Lyon", rounds=3)


def fill(event: Event, count: int, *, lists: bool = True) -> list[Player]:
    """``count`` players added by the organiser (no accounts), each with a legal list."""
    players = []
    for n in range(count):
        player = services.register(event, by=event.owner, name=f"Player {n + 1:02d}", vekn=str(1000 + n))
        if lists:
            services.submit_list(player, by=event.owner, text=LEGAL)
        players.append(player)
    return players


def with_account(event: Event, name: str) -> tuple:
    """A player registered with their own account (through the link) and their list."""
    who = user(name)
    player = services.register(event, by=who, name=name.title(), account=True)
    services.submit_list(player, by=who, text=LEGAL)
    return who, player


def prefixed(values: dict, prefix: str = "settings") -> dict:
    return {f"{prefix}-{name}": value for name, value in values.items()}


def score_round(event: Event, number: int) -> None:
    """Every table of a round: seat 1 ousts everyone (a legal score)."""
    for table in Table.objects.filter(round__event=event, round__number=number):
        vps = [len(table.seats)] + [0] * (len(table.seats) - 1)
        services.enter_score(table, event.owner, vps)


# --- my events, a new event ------------------------------------------------------------------------------


def test_the_events_page_asks_anonymous_visitors_to_log_in_and_lists_mine(olga, event):
    anonymous = client_for().get("/events/")
    assert anonymous.status_code == 200
    assert "/accounts/login/?next=" in anonymous.content.decode()
    assert "Camarilla Cup" not in text_of(anonymous.content)

    bob = user("bob")
    _, _player = with_account(event, "carla")
    page = text_of(client_for(olga).get("/events/").content)
    assert "Events I run" in page and "Camarilla Cup" in page
    assert "Camarilla Cup" not in text_of(client_for(bob).get("/events/").content)
    carla = get_user_model().objects.get(username="carla")
    assert "player 1" in text_of(client_for(carla).get("/events/").content)


def test_the_nav_links_the_events_page(olga):
    assert 'href="/events/"' in client_for(olga).get("/").content.decode()


def test_an_organiser_creates_an_event(olga):
    assert client_for().get("/events/new/").status_code == 302  # log in first
    form = client_for(olga).get("/events/new/")
    assert form.status_code == 200 and 'type="date"' in form.content.decode()
    response = client_for(olga).post(
        "/events/new/",
        {
            "name": "Spring Open",
            "date": "2025-06-14",
            "location": "Kraków",
            "ruleset": "v5",
            "rank": "ranked",
            "proxies": "on",
            "decklists_required": "on",
            "decklists_mode": "public",
            "rounds": "2",
            "round_minutes": "150",
            "finals": "on",
        },
    )
    event = Event.objects.get(name="Spring Open")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.id}/"
    assert (event.owner, event.ruleset, event.rank, event.rounds, event.round_minutes) == (olga, "v5", "ranked", 2, 150)
    assert event.proxies and event.finals and not event.multideck and event.registration_open


def test_a_refused_event_is_a_400_with_the_reason(olga):
    base = {"name": "Grand Prix", "date": "2025-06-14", "ruleset": "vekn", "decklists_mode": "winner"}
    response = client_for(olga).post(
        "/events/new/", {**base, "rank": "grand-prix", "multideck": "on", "rounds": "3", "round_minutes": "120"}
    )
    assert response.status_code == 400
    assert "Multideck is not allowed" in text_of(response.content)
    response = client_for(olga).post("/events/new/", {**base, "rank": "casual", "rounds": "9", "round_minutes": "120"})
    assert response.status_code == 400
    assert not Event.objects.exists()


# --- the dashboard: who sees what ----------------------------------------------------------------------------


def test_the_dashboard_is_the_staffs_a_players_view_for_players_and_a_404_for_others(olga, event):
    carla, _player = with_account(event, "carla")
    url = f"/events/{event.id}/"
    staff = client_for(olga).get(url)
    assert staff.status_code == 200
    page = staff.content.decode()
    assert f"http://testserver/events/join/{event.token}/" in page
    assert 'id="players"' in page and "Carla" in text_of(page)

    player = client_for(carla).get(url)
    assert player.status_code == 200
    assert event.token not in player.content.decode()
    assert "You are player 1, Carla" in text_of(player.content)

    assert client_for(user("bob")).get(url).status_code == 404
    assert client_for().get(url).status_code == 404
    assert client_for(olga).get("/events/enotanevent123456/").status_code == 404


def test_a_judge_added_by_username_runs_the_event(olga, event):
    jim = user("jim")
    assert client_for(jim).get(f"/events/{event.id}/").status_code == 404
    response = client_for(olga).post(f"/events/{event.id}/judges/", {"judge-username": "JIM"})
    assert response.status_code == 302
    assert client_for(jim).get(f"/events/{event.id}/").status_code == 200
    unknown = client_for(olga).post(f"/events/{event.id}/judges/", {"judge-username": "nobody"})
    assert unknown.status_code == 400 and "Nobody has the username nobody" in text_of(unknown.content)


def test_players_cannot_use_the_judges_forms(olga, event):
    carla, _player = with_account(event, "carla")
    for path, data in [
        ("judges/", {"judge-username": "carla"}),
        ("players/", {"player-name": "Sneaky"}),
        ("start/", {}),
        ("settings/", {"settings-name": "Mine now"}),
    ]:
        response = client_for(carla).post(f"/events/{event.id}/{path}", data)
        assert response.status_code == 403, path
    assert Player.objects.filter(event=event).count() == 1
    event.refresh_from_db()
    assert event.name == "Camarilla Cup" and not event.started


def test_the_settings_are_edited_and_what_judged_the_lists_is_fixed_once_started(olga, event):
    fill(event, 4)
    values = {
        "name": "Camarilla Cup 2025",
        "date": "2025-06-14",
        "location": "Lyon",
        "ruleset": "vekn",
        "rank": "casual",
        "decklists_required": "on",
        "decklists_mode": "winner",
        "rounds": "3",
        "round_minutes": "120",
        "finals": "on",
        "registration_open": "on",
    }
    assert client_for(olga).post(f"/events/{event.id}/settings/", prefixed(values)).status_code == 302
    event.refresh_from_db()
    assert event.name == "Camarilla Cup 2025"
    services.start(event, olga)
    # The date field is disabled now: a changed date is ignored, the rest saved.
    response = client_for(olga).post(
        f"/events/{event.id}/settings/", prefixed({**values, "date": "2025-07-01", "rounds": "2"})
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.date, event.rounds) == (TODAY, 2)
    services.seat_next_round(event, olga)
    score_round(event, 1)
    services.seat_next_round(event, olga)
    refused = client_for(olga).post(f"/events/{event.id}/settings/", prefixed({**values, "rounds": "1"}))
    assert refused.status_code == 409 and "2 rounds are already seated" in text_of(refused.content)


# --- registration through the link ----------------------------------------------------------------------


def test_registration_by_the_link_with_an_account_refuses_duplicates(olga, event):
    url = f"/events/join/{event.token}/"
    anonymous = client_for().get(url)
    assert anonymous.status_code == 200
    assert f"/accounts/login/?next=/events/join/{event.token}/" in anonymous.content.decode().replace("%2F", "/")

    carla = user("carla")
    form = client_for(carla).get(url)
    assert 'value="carla"' in form.content.decode()  # the name prefilled
    response = client_for(carla).post(url, {"name": "Carla Dupont", "vekn": "3200001"})
    assert response.status_code == 302 and response["Location"] == f"/events/{event.id}/list/"
    player = event.players.get()
    assert (player.number, player.name, player.vekn, player.user) == (1, "Carla Dupont", "3200001", carla)

    again = client_for(carla).post(url, {"name": "Carla Again"})
    assert again.status_code == 409 and "You are already registered." in text_of(again.content)
    dave = user("dave")
    same_vekn = client_for(dave).post(url, {"name": "Dave", "vekn": "3200001"})
    assert same_vekn.status_code == 409 and "VEKN number 3200001 is already registered." in text_of(same_vekn.content)
    bad_vekn = client_for(dave).post(url, {"name": "Dave", "vekn": "12ab"})
    assert bad_vekn.status_code == 400
    assert event.players.count() == 1
    assert client_for().get("/events/join/nosuchtoken/").status_code == 404


def test_without_an_account_a_player_registers_by_name_and_vekn_number_and_gets_a_page_of_their_own(olga, event):
    """The issue's "account or name + VEKN number": the player's own link is where their list is submitted,
    judged, and locked when the event starts."""
    url = f"/events/join/{event.token}/"
    visitor = client_for()
    response = visitor.post(url, {"name": "Ghislaine", "vekn": "3200777"})
    player = event.players.get()
    assert (player.name, player.vekn, player.user) == ("Ghislaine", "3200777", None)
    assert response.status_code == 302 and response["Location"] == f"/events/entry/{player.token}/"
    assert len(player.token) == 24 and player.token != event.token
    entry = f"/events/entry/{player.token}/"
    page = visitor.get(entry)
    assert page.status_code == 200 and "Keep this page" in text_of(page.content)
    assert f"/events/{event.id}/" not in page.content.decode()  # the event itself stays the staff's
    assert client_for().post(entry, {"text": LEGAL}).status_code == 302  # anyone holding the link
    listed = Decklist.objects.get(player=player)
    assert listed.legal and listed.source == "text"
    assert "badge-legal" in client_for().get(entry).content.decode()
    duplicate = client_for().post(url, {"name": "ghislaine"})
    assert duplicate.status_code == 409 and event.players.count() == 1
    assert client_for().get("/events/entry/nosuchtoken/").status_code == 404

    fill(event, 4)
    services.start(event, olga)
    locked = client_for().post(entry, {"text": SHORT_LIBRARY})
    assert locked.status_code == 409 and Decklist.objects.get(player=player).checksum == listed.checksum
    assert 'id="list-locked"' in client_for().get(entry).content.decode()
    closed = client_for().post(url, {"name": "Too Late"})
    assert closed.status_code == 409 and event.players.count() == 5


def test_registration_closes_when_the_event_starts_but_a_judge_adds_a_late_arrival(olga, event):
    fill(event, 4)
    services.start(event, olga)
    late = client_for(user("late")).post(f"/events/join/{event.token}/", {"name": "Late"})
    assert late.status_code == 409 and "Registration for this event is closed." in text_of(late.content)
    added = client_for(olga).post(f"/events/{event.id}/players/", {"player-name": "Late Larry", "player-vekn": ""})
    assert added.status_code == 302
    assert event.players.filter(name="Late Larry", number=5).exists()
    assert LogEntry.objects.filter(event=event, action="late_arrival").exists()
    duplicate = client_for(olga).post(f"/events/{event.id}/players/", {"player-name": "late larry"})
    assert duplicate.status_code == 409 and "already registered" in text_of(duplicate.content)


# --- lists ----------------------------------------------------------------------------------------------


def test_a_player_submits_a_legal_list_and_sees_the_verdict_at_once(olga, event):
    carla = user("carla")
    services.register(event, by=carla, name="Carla", account=True)
    url = f"/events/{event.id}/list/"
    browser = client_for(carla)
    response = browser.post(url, {"text": LEGAL})
    assert response.status_code == 302
    page = browser.get(url)
    assert page.status_code == 200
    text = text_of(page.content)
    assert "The list is saved, and legal." in text and "legal" in text
    listed = Decklist.objects.get(player__event=event)
    assert listed.legal and not listed.locked and listed.source == "text"
    assert listed.checksum == core_decklist.parse(LEGAL, index.get()).checksum()
    assert listed.checksum in page.content.decode()


def test_an_illegal_list_is_kept_with_every_rule_cited(olga, event):
    carla = user("carla")
    services.register(event, by=carla, name="Carla", account=True)
    url = f"/events/{event.id}/list/"
    client_for(carla).post(url, {"text": SHORT_LIBRARY})
    page = client_for(carla).get(url).content.decode()
    assert 'class="issue"' in page and 'data-code="' in page
    assert '<cite class="rule">' in page
    assert not Decklist.objects.get().legal
    barriers = text_of(client_for(olga).get(f"/events/{event.id}/").content)
    assert "Cannot start yet" in barriers and "Carla" in barriers


def test_a_list_from_one_of_my_decks_or_a_file(olga, event):
    carla = user("carla")
    services.register(event, by=carla, name="Carla", account=True)
    deck = deck_services.create(carla, deck_services.parse_text(OTHER_LEGAL), name="My Tupdogs")
    url = f"/events/{event.id}/list/"
    form = client_for(carla).get(url).content.decode()
    assert "My Tupdogs" in form
    assert client_for(carla).post(url, {"deck": deck.pk}).status_code == 302
    listed = Decklist.objects.get()
    assert (listed.source, listed.source_deck, listed.legal) == ("deck", deck.pk, True)

    upload = io.BytesIO(LEGAL.encode())
    upload.name = "tupdog.txt"
    assert client_for(carla).post(url, {"file": upload}).status_code == 302
    listed.refresh_from_db()
    assert listed.source == "file" and "Blood Doll" in listed.text

    huge = io.BytesIO(b"x" * (256 * 1024 + 1))
    huge.name = "huge.txt"
    too_large = client_for(carla).post(url, {"file": huge})
    assert too_large.status_code == 400 and "too large" in text_of(too_large.content)
    neither = client_for(carla).post(url, {"text": ""})
    assert neither.status_code == 400 and "one of the three" in text_of(neither.content)
    # Another player's deck is not in my choices.
    bobs = deck_services.create(user("bob"), deck_services.parse_text(LEGAL), name="Bob's")
    assert client_for(carla).post(url, {"deck": bobs.pk}).status_code == 400
    listed.refresh_from_db()
    assert listed.source == "file"


def test_the_start_locks_the_lists(olga, event):
    players = fill(event, 3)
    carla, mine = with_account(event, "carla")
    lacking = services.register(event, by=olga, name="No List")
    refused = client_for(olga).post(f"/events/{event.id}/start/")
    assert refused.status_code == 409 and "No List" in text_of(refused.content)
    event.refresh_from_db()
    assert not event.started
    services.drop(lacking, olga)

    assert client_for(olga).post(f"/events/{event.id}/start/").status_code == 302
    event.refresh_from_db()
    assert event.stage == "running" and not event.registration_open
    assert all(d.locked for d in Decklist.objects.filter(player__event=event))

    url = f"/events/{event.id}/list/"
    page = client_for(carla).get(url)
    assert 'name="text"' not in page.content.decode() and "locked" in text_of(page.content)
    players_change = client_for(carla).post(url, {"text": OTHER_LEGAL})
    assert players_change.status_code == 409
    judge_url = f"{url}?player={mine.number}"
    no_reason = client_for(olga).post(judge_url, {"text": OTHER_LEGAL})
    assert no_reason.status_code == 400 and "needs a reason" in text_of(no_reason.content)
    assert "Deflection" not in Decklist.objects.get(player=mine).text
    with_reason = client_for(olga).post(judge_url, {"text": OTHER_LEGAL, "reason": "sleeves misprinted list"})
    assert with_reason.status_code == 302 and with_reason["Location"].endswith(f"?player={mine.number}")
    listed = Decklist.objects.get(player=mine)
    assert "Deflection" in listed.text and listed.locked
    entry = LogEntry.objects.get(event=event, action="list_changed")
    assert entry.reason == "sleeves misprinted list" and entry.user == olga
    log = text_of(client_for(olga).get(f"/events/{event.id}/").content)
    assert "locked list changed" in log and "sleeves misprinted list" in log
    assert players  # the others untouched
    assert client_for(user("bob")).get(url).status_code == 404


# --- rounds ---------------------------------------------------------------------------------------------


@pytest.fixture
def running(olga, event):
    """Twenty players (one with an account: Carla, player 20), started, round 1 seated."""
    fill(event, 19)
    carla, me = with_account(event, "carla")
    services.start(event, olga)
    response = client_for(olga).post(f"/events/{event.id}/seat/")
    assert response.status_code == 302 and response["Location"] == f"/events/{event.id}/rounds/1/"
    return {"event": event, "carla": carla, "me": me}


def test_a_seated_round_shows_its_tables_criteria_and_deck_checks(olga, running):
    event = running["event"]
    page = client_for(olga).get(f"/events/{event.id}/rounds/1/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="game-table') == 4
    assert 'id="violations"' in html and "R1" in html and "R9" in html
    round_ = Round.objects.get(event=event, number=1)
    assert round_.checked_tables
    for player in services.checked_players(round_):
        assert f"/events/{event.id}/rounds/1/check/{player.number}/" in html
    # Carla sees the tables, but scores only her own, and no judge's tools.
    mine = client_for(running["carla"]).get(f"/events/{event.id}/rounds/1/").content.decode()
    assert mine.count('class="score-form"') == 1 and 'id="violations"' not in mine
    printable = client_for(olga).get(f"/events/{event.id}/rounds/1/print/")
    assert printable.status_code == 200 and printable.content.decode().count('class="print-table"') == 4


def test_a_judge_swaps_two_players_before_the_round_is_scored(olga, running):
    event = running["event"]
    tables = list(Table.objects.filter(round__event=event, round__number=1))
    a, b = tables[0].seats[0], tables[1].seats[0]
    response = client_for(olga).post(f"/events/{event.id}/rounds/1/swap/", {"player": a, "other": b, "reason": "r"})
    assert response.status_code == 302
    tables = list(Table.objects.filter(round__event=event, round__number=1))
    assert (tables[0].seats[0], tables[1].seats[0]) == (b, a)
    bad = client_for(olga).post(f"/events/{event.id}/rounds/1/swap/", {"player": a, "other": a})
    assert bad.status_code == 400 and "two different players" in text_of(bad.content)
    carla = client_for(running["carla"]).post(f"/events/{event.id}/rounds/1/swap/", {"player": a, "other": b})
    assert carla.status_code == 403


def score_data(table: Table, vps: list, **extra) -> dict:
    return {**{f"t{table.number}-vp_{seat}": vp for seat, vp in enumerate(vps, start=1)}, **extra}


def test_scores_impossible_locked_and_overridden(olga, running):
    event, carla, me = running["event"], running["carla"], running["me"]
    table = next(t for t in Table.objects.filter(round__event=event, round__number=1) if me.number in t.seats)
    url = f"/events/{event.id}/rounds/1/tables/{table.number}/score/"

    impossible = client_for(carla).post(url, score_data(table, [3, 3, 0, 0, 0]))
    assert impossible.status_code == 400 and "No game ends with these scores" in text_of(impossible.content)
    table.refresh_from_db()
    assert table.vps == []
    not_a_vp = client_for(carla).post(url, score_data(table, [7, 0, 0, 0, 0]))
    assert not_a_vp.status_code == 400
    table.refresh_from_db()
    assert table.vps == []

    assert client_for(carla).post(url, score_data(table, ["2,5", 0, 0, "0.5", "0.5"])).status_code == 302
    table.refresh_from_db()
    assert table.vps == [2.5, 0, 0, 0.5, 0.5]

    other = Table.objects.filter(round__event=event, round__number=1).exclude(pk=table.pk).first()
    elsewhere = client_for(carla).post(
        f"/events/{event.id}/rounds/1/tables/{other.number}/score/", score_data(other, [5, 0, 0, 0, 0])
    )
    assert elsewhere.status_code == 403
    other.refresh_from_db()
    assert other.vps == []

    locked = client_for(olga).post(url, score_data(table, [5, 0, 0, 0, 0], **{f"t{table.number}-lock": "on"}))
    assert locked.status_code == 302
    table.refresh_from_db()
    assert table.locked and table.vps == [5, 0, 0, 0, 0]
    after_lock = client_for(carla).post(url, score_data(table, [0, 5, 0, 0, 0]))
    assert after_lock.status_code == 403 and "locked" in text_of(after_lock.content)
    table.refresh_from_db()
    assert table.vps == [5, 0, 0, 0, 0]

    override = client_for(olga).post(
        url,
        score_data(table, [3, 3, 0, 0, 0], **{f"t{table.number}-lock": "on", f"t{table.number}-reason": "game loss"}),
    )
    assert override.status_code == 302
    table.refresh_from_db()
    assert table.vps == [3, 3, 0, 0, 0] and table.override == "game loss"
    assert LogEntry.objects.filter(event=event, action="score", reason="game loss").exists()
    assert client_for(user("bob")).post(url, score_data(table, [5, 0, 0, 0, 0])).status_code == 404


def test_the_next_round_waits_for_the_scores_and_the_standings_follow(olga, running):
    event = running["event"]
    early = client_for(olga).post(f"/events/{event.id}/seat/")
    assert early.status_code == 409 and "Score every table" in text_of(early.content)
    score_round(event, 1)
    dashboard = client_for(olga).get(f"/events/{event.id}/")
    html = dashboard.content.decode()
    assert 'id="standings"' in html and 'id="seat-round"' in html
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td><th scope=\"row\">(\d+)\. ", html)
    assert len(rows) == 20
    winners = {t.seats[0] for t in Table.objects.filter(round__event=event)}
    assert {int(number) for _rank, number in rows[:4]} == winners
    assert client_for(olga).post(f"/events/{event.id}/seat/").status_code == 302
    assert Round.objects.filter(event=event).count() == 2


# --- the final, deck checks, exports ---------------------------------------------------------------------


@pytest.fixture
def finished_rounds(olga, running):
    event = running["event"]
    score_round(event, 1)
    for number in (2, 3):
        services.seat_next_round(event, olga)
        score_round(event, number)
    return running


def test_the_final_is_seated_with_the_helper_and_scored(olga, finished_rounds):
    event = finished_rounds["event"]
    url = f"/events/{event.id}/finals/"
    assert client_for(olga).get(url).status_code == 200
    assert client_for(olga).post(f"/events/{event.id}/finals/start/").status_code == 302
    event.refresh_from_db()
    assert event.stage == "finals"
    setup_page = client_for(olga).get(url).content.decode()
    qualifiers = services.final_round(event).finals_setup["qualifiers"]
    assert setup_page.count('<tr data-player="') == 5
    # Each finalist's three revealed crypt cards are named (Tupdog: every list is 12 Tupdog).
    assert setup_page.count("Tupdog") >= 15

    carla = finished_rounds["carla"]
    assert client_for(carla).post(url, {"player": qualifiers[-1], "index": 0}).status_code == 403
    out_of_turn = client_for(olga).post(url, {"player": qualifiers[0], "index": 0})
    assert out_of_turn.status_code == 400
    for k, player in enumerate(reversed(qualifiers)):
        page = client_for(olga).get(url).content.decode()
        assert page.count('name="index"') == k + 1  # either end or any gap
        assert client_for(olga).post(url, {"player": player, "index": k}).status_code == 302
    done = client_for(olga).get(url).content.decode()
    assert 'id="first-player"' in done and 'id="final-seats"' in done
    table = Table.objects.get(round__final=True, round__event=event)
    assert sorted(table.seats) == sorted(qualifiers)

    score_url = f"/events/{event.id}/rounds/{event.rounds + 1}/tables/1/score/"
    assert client_for(olga).post(score_url, score_data(table, [5, 0, 0, 0, 0])).status_code == 302
    event.refresh_from_db()
    assert event.stage == "finished"
    assert 'id="winner"' in client_for(olga).get(url).content.decode()

    # The exports: the standings, the Archon's sheet, the winner's list in the archive's layout.
    rows = list(csv.DictReader(io.StringIO(client_for(olga).get(f"/events/{event.id}/standings.csv").content.decode())))
    assert list(rows[0]) == list(exports.STANDINGS_COLUMNS) and len(rows) == 20
    winner = event.players.get(number=table.seats[0])
    assert (rows[0]["name"], rows[0]["finals"]) == (winner.name, "1")
    archon = list(csv.reader(io.StringIO(client_for(olga).get(f"/events/{event.id}/archon.csv").content.decode())))
    assert tuple(archon[0]) == exports.ARCHON_COLUMNS and len(archon) == 21
    twd = client_for(olga).get(f"/events/{event.id}/twd.txt")
    assert twd.status_code == 200 and twd["Content-Type"].startswith("text/plain")
    parsed = core_decklist.parse(twd.content.decode(), index.get())
    assert sum(parsed.crypt.values()) == 12 and sum(parsed.library.values()) == 60
    assert parsed.event is not None and parsed.event.winner == winner.name and parsed.event.players == 20
    # The winner's list is public once the event is over ("winner" mode); the standings stay the staff's.
    assert client_for(user("bob")).get(f"/events/{event.id}/twd.txt").status_code == 200
    assert client_for(carla).get(f"/events/{event.id}/standings.csv").status_code == 403
    assert client_for(user("eve")).get(f"/events/{event.id}/standings.csv").status_code == 404


def test_the_winners_list_stays_private_when_the_event_says_so(olga, finished_rounds):
    event = finished_rounds["event"]
    services.update_event(event, olga, decklists_mode="private")
    assert client_for(olga).get(f"/events/{event.id}/twd.txt").status_code == 409  # no winner yet
    services.start_finals(event, olga)
    assert client_for(user("bob")).get(f"/events/{event.id}/twd.txt").status_code == 404


def test_a_deck_check_compares_the_counts_and_records_the_penalty(olga, running):
    event = running["event"]
    round_ = Round.objects.get(event=event, number=1)
    player = next(iter(services.checked_players(round_)))
    url = f"/events/{event.id}/rounds/1/check/{player.number}/"
    form = client_for(olga).get(url)
    assert form.status_code == 200
    html = form.content.decode()
    assert "listed: 12" in html and "listed: 40" in html and "listed: 20" in html
    names = dict(re.findall(r'name="(count_[a-z_]+)"[^>]*id="id_(count_[a-z_]+)"', html))
    assert {"count_crypt", "count_action", "count_master", "count_combat"} <= set(names)

    counts = {"count_crypt": "12", "count_action": "39", "count_master": "20"}
    compared = client_for(olga).post(url, {**counts, "action": "compare"})
    assert compared.status_code == 200
    shown = text_of(compared.content)
    assert "does not match its list" in shown and "-1" in shown and "Game loss" in shown
    assert 'value="game loss" selected' in compared.content.decode()
    assert not DeckCheck.objects.exists()

    saved = client_for(olga).post(url, {**counts, "penalty": "warning", "note": "one Govern short", "action": "save"})
    assert saved.status_code == 302
    check = DeckCheck.objects.get()
    assert (check.player, check.penalty, check.note, check.judge) == (player, "warning", "one Govern short", olga)
    assert check.counted["Action"] == 39 and len(check.differences) == 1
    assert "Warning" in text_of(client_for(olga).get(f"/events/{event.id}/rounds/1/").content)

    assert client_for(running["carla"]).get(url).status_code == 403
    bad = client_for(olga).post(url, {"count_crypt": "-1", "action": "save"})
    assert bad.status_code == 400 and DeckCheck.objects.count() == 1


def test_a_player_drops_out_but_not_someone_else(olga, event):
    fill(event, 2)
    carla, me = with_account(event, "carla")
    other = event.players.get(number=1)
    assert client_for(carla).post(f"/events/{event.id}/players/{other.number}/drop/").status_code == 403
    assert client_for(carla).post(f"/events/{event.id}/players/{me.number}/drop/").status_code == 302
    me.refresh_from_db()
    other.refresh_from_db()
    assert (me.status, other.status) == ("dropped", "active")
    assert client_for(olga).post(f"/events/{event.id}/players/{other.number}/drop/").status_code == 302
    assert client_for(olga).post(f"/events/{event.id}/players/99/drop/").status_code == 404


def test_every_form_needs_its_csrf_token(olga, event):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(olga)
    assert strict.post(f"/events/{event.id}/players/", {"player-name": "Forged"}).status_code == 403
    assert not event.players.exists()
    page = strict.get(f"/events/{event.id}/").content.decode()
    assert page.count('name="csrfmiddlewaretoken"') >= 4  # add a player, add a judge, settings, start (+ log out)


def test_the_round_sheet_prints_on_one_a4_page():
    from django.contrib.staticfiles import finders

    css = open(finders.find("css/events.css"), encoding="utf-8").read()
    assert "@page { size: A4" in css and "@media print" in css


def test_with_multideck_a_list_is_for_the_next_round_and_locks_as_it_starts(olga):
    event = services.create_event(olga, name="Multi", date=TODAY, rounds=2, multideck=True)
    fill(event, 7)
    carla, me = with_account(event, "carla")
    services.start(event, olga)
    url = f"/events/{event.id}/list/"
    # Started, but round 1 is not seated: Carla may still change her list for it.
    assert client_for(carla).post(url, {"text": OTHER_LEGAL}).status_code == 302
    assert Decklist.objects.get(player=me, round=1).text.count("Deflection") == 1
    services.seat_next_round(event, olga)
    assert Decklist.objects.get(player=me, round=1).locked
    page = client_for(carla).get(url)
    assert "The list for round 2." in text_of(page.content) and 'name="text"' in page.content.decode()
    assert client_for(carla).post(url, {"text": LEGAL}).status_code == 302
    assert not Decklist.objects.get(player=me, round=2).locked


def test_an_event_without_a_final_is_won_by_the_top_of_the_standings(olga):
    event = services.create_event(olga, name="Quick", date=TODAY, rounds=1, finals=False, decklists_mode="public")
    fill(event, 8)
    services.start(event, olga)
    services.seat_next_round(event, olga)
    dashboard = client_for(olga).get(f"/events/{event.id}/").content.decode()
    assert 'id="start-finals"' not in dashboard and "/twd.txt" not in dashboard
    assert client_for(olga).get(f"/events/{event.id}/twd.txt").status_code == 409
    score_round(event, 1)
    assert client_for(olga).get(f"/events/{event.id}/twd.txt").status_code == 409  # until the judge finishes it
    dashboard = client_for(olga).get(f"/events/{event.id}/").content.decode()
    assert 'id="finish-event"' in dashboard
    assert client_for(olga).post(f"/events/{event.id}/finish/").status_code == 302
    assert Event.objects.get(pk=event.pk).stage == Event.Stage.FINISHED
    top = services.standings(event)[0].player
    twd = client_for(olga).get(f"/events/{event.id}/twd.txt")
    assert twd.status_code == 200
    parsed = core_decklist.parse(twd.content.decode(), index.get())
    assert parsed.event is not None and parsed.event.winner == top.name and parsed.event.format == "1R"


def test_the_final_is_not_rescored_once_the_event_is_over(olga, finished_rounds):
    event = finished_rounds["event"]
    services.start_finals(event, olga)
    qualifiers = services.final_round(event).finals_setup["qualifiers"]
    for k, player in enumerate(reversed(qualifiers)):
        services.place_finalist(event, olga, player, k)
    table = Table.objects.get(round__final=True, round__event=event)
    services.enter_score(table, olga, [5, 0, 0, 0, 0])
    page = client_for(olga).get(f"/events/{event.id}/finals/").content.decode()
    assert 'class="score-form"' not in page and 'id="winner"' in page
    again = client_for(olga).post(
        f"/events/{event.id}/rounds/{event.rounds + 1}/tables/1/score/", score_data(table, [0, 5, 0, 0, 0])
    )
    assert again.status_code == 409 and "The event is over." in text_of(again.content)


def test_no_page_repeats_an_id(olga, finished_rounds):
    """Several forms on one page (settings, players, judges; a score form per table): each field its own id,
    each label its own field."""
    event = finished_rounds["event"]
    services.start_finals(event, olga)
    for url in (f"/events/{event.id}/", f"/events/{event.id}/rounds/1/", f"/events/{event.id}/finals/"):
        for who in (olga, finished_rounds["carla"]):
            ids = re.findall(r'\sid="([^"]+)"', client_for(who).get(url).content.decode())
            assert len(ids) == len(set(ids)), (url, sorted({i for i in ids if ids.count(i) > 1}))
