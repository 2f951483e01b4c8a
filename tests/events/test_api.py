"""/api/v1/events/ (issue #29 item 8): a judge's event over the API, through DRF's client on the real database.

One test plays a whole 20-player event as the organiser, a judge and the players would: created, players
registered (four by the registration link with their own accounts, the rest added by the organiser),
their lists registered (real tournament-winning lists, judged as of the event's date), started, three
rounds seated and scored with VPs a game can end with, the standings, the final started, placed and
scored, deck checks. The others send what a client gets wrong, each a clear 4xx in the API's error shape
(``vtesdeck.api``) that changes nothing stored: a score no game ends with, a list changed after the lock,
a duplicate registration, a player scoring a locked table, another player's list, garbage JSON, wrong
types, an unknown event. Every answer is checked against the schema /api/schema/ publishes.
"""

from __future__ import annotations

import datetime
import functools
import itertools
import json
from typing import Any

import jsonschema
import pytest
from django.contrib.auth import get_user_model
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from accounts.models import ApiToken
from decks import services as deck_services
from events import services
from events.models import DeckCheck, Decklist, Event, LogEntry, Player, Round, Table
from tests.conftest import ensure_cards
from tests.paths import TWDA
from vtesdeck.core.events import scoring
from vtesdeck.openapi_examples import ROCK_DROP

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttles", "unthrottled")]

EVENTS = "/api/v1/events/"
DATE = "2025-06-14"
PLAYERS = 20
JOINERS = 4
# A table of five: seat 1 sweeps (4 ousts and the last one standing); seat 1 ousts seat 2 and time runs out
# on the four left; time runs out on everyone. Each rotated round the table so different seats win.
FIVE_SEATS = ([5.0, 0, 0, 0, 0], [1.5, 0, 0.5, 0.5, 0.5], [0.5] * 5)
FOUR_SEATS = ([4.0, 0, 0, 0], [1.5, 0, 0.5, 0.5])


# --- the published schema, to check every answer against ------------------------------------------------


@functools.cache
def _openapi() -> dict:
    return _json_schema(SchemaGenerator().get_schema(request=None, public=True))


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` as JSON Schema's null type, all the way down."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def conforms(response, operation_id: str) -> None:
    """The answer's body is what the schema documents for this operation and status."""
    schema = _openapi()
    operation = next(
        op
        for item in schema["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and op.get("operationId") == operation_id
    )
    documented = operation["responses"].get(str(response.status_code))
    assert documented is not None, f"{operation_id}: {response.status_code} is not documented"
    body_schema = documented.get("content", {}).get("application/json", {}).get("schema")
    if body_schema is None:
        assert not response.content
        return
    jsonschema.validate(response.json(), {**body_schema, "components": schema["components"]})


# --- clients and calls --------------------------------------------------------------------------------------


def user(name: str):
    return get_user_model().objects.create_user(name, password="not-a-real-password-42")


def client_for(who=None) -> APIClient:
    """A client authenticated by an API token of ``who`` (anonymous for None)."""
    client = APIClient()
    if who is not None:
        _token, key = ApiToken.objects.issue(who, name="events tests")
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def call(client: APIClient, method: str, url: str, body: Any = None, status: int = 200, operation: str = "") -> Any:
    data = json.dumps(body) if body is not None else None
    response = getattr(client, method)(url, data, content_type="application/json")
    assert response.status_code == status, f"{method} {url}: {response.status_code} {response.content[:2000]!r}"
    if operation:
        conforms(response, operation)
    if response.status_code >= 400:
        error = response.json()
        assert set(error) <= {"detail", "code", "errors"} and error["detail"] and error["code"], error
    return response.json() if response.content else None


def refused(client, method, url, body, status, code, operation) -> dict:
    error = call(client, method, url, body, status, operation)
    assert error["code"] == code, error
    return error


def stored() -> tuple:
    """Everything a refused request must leave alone."""
    return (
        list(Event.objects.order_by("id").values_list("id", "name", "date", "stage", "rounds", "registration_open")),
        list(Player.objects.order_by("id").values_list("id", "number", "name", "vekn", "status", "user_id")),
        list(Decklist.objects.order_by("id").values_list("id", "round", "text", "checksum", "legal", "locked")),
        list(Round.objects.order_by("id").values_list("id", "number", "final", "finals_setup")),
        list(Table.objects.order_by("id").values_list("id", "seats", "vps", "locked", "override")),
        DeckCheck.objects.count(),
        LogEntry.objects.count(),
    )


# --- the lists -----------------------------------------------------------------------------------------------


def legal_lists() -> list[str]:
    """Real tournament-winning lists from the archive (when its files are here), and a small legal deck."""
    lists = [ROCK_DROP]
    for name in ("10009.txt", "10012.txt", "10022.txt"):
        path = TWDA / name
        if path.is_file():
            lists.append(path.read_text(encoding="utf-8"))
    return lists


def judged_legal(text: str) -> bool:
    """A quick validate, as the event judges its lists: the VEKN rules as of the event's date."""
    report = call(APIClient(), "post", "/api/v1/decklists/validate", {"text": text, "ruleset": "vekn", "as_of": DATE})
    return report["legal"]


@pytest.fixture
def cards():
    ensure_cards()


@pytest.fixture
def olga(cards):
    return user("olga")


@pytest.fixture
def as_olga(olga) -> APIClient:
    return client_for(olga)


def new_event(client: APIClient, **settings: Any) -> dict:
    body = {"name": "Autumn cup", "date": DATE, "location": "Lyon", **settings}
    return call(client, "post", EVENTS, body, 201, "events_create")


def table_scores(seats: int, shift: int) -> list[float]:
    """A consistent score for a table of ``seats``, its winner's seat moved round by ``shift``."""
    choices = FIVE_SEATS if seats == 5 else FOUR_SEATS
    vps = list(choices[shift % len(choices)])
    k = shift % seats
    vps = vps[-k:] + vps[:-k] if k else vps
    assert scoring.check_table(vps) == [], vps
    return vps


# --- the whole path ------------------------------------------------------------------------------------------


def test_a_twenty_player_event_from_registration_to_the_final(as_olga, olga):
    texts = legal_lists()
    assert all(judged_legal(text) for text in texts)

    # The organiser creates the event: the registration link is hers alone.
    event = new_event(as_olga, rounds=3, decklists_mode="public", rank="ranked")
    assert event["role"] == "organiser" and event["stage"] == "registration" and event["join_url"]
    url = event["url"]
    assert url.endswith(f"{EVENTS}{event['id']}/")
    listed = call(as_olga, "get", EVENTS, operation="events_list")
    assert [e["id"] for e in listed["results"]] == [event["id"]]

    # A judge, added by the organiser (the pages' form does it; services.add_judge).
    jules = user("jules")
    services.add_judge(Event.objects.get(pk=event["id"]), olga, jules)
    as_jules = client_for(jules)
    assert call(as_jules, "get", url, operation="events_retrieve")["role"] == "judge"

    # Four players register by the link with their own accounts; the organiser adds the other sixteen.
    joiners = [user(f"player{k}") for k in range(1, JOINERS + 1)]
    as_joiner = [client_for(u) for u in joiners]
    for k, client in enumerate(as_joiner, 1):
        body = {"vekn": f"32000{k:02d}"} if k % 2 else {}
        player = call(client, "post", event["join_url"], body, 201, "events_join")
        assert player["number"] == k and player["me"] and player["name"] == f"player{k}"
        seen = call(client, "get", url, operation="events_retrieve")
        assert seen["role"] == "player" and seen["me"] == k and seen["join_url"] is None
    for k in range(JOINERS + 1, PLAYERS + 1):
        body = {"name": f"Guest {k}", "vekn": str(3_100_000 + k) if k % 3 else ""}
        player = call(as_olga, "post", f"{url}players/", body, 201, "events_players_create")
        assert player["number"] == k and not player["me"]

    players = call(as_joiner[0], "get", f"{url}players/", operation="events_players_list")
    assert players["count"] == PLAYERS and [p["number"] for p in players["results"]] == list(range(1, PLAYERS + 1))

    # The lists: the four register their own (one as a snapshot of their vtesdeck deck), the organiser the rest.
    deck = deck_services.create(joiners[3], deck_services.parse_text(ROCK_DROP), name="Rock drop")
    for k, client in enumerate(as_joiner, 1):
        body = {"deck": deck.id} if k == 4 else {"text": texts[k % len(texts)]}
        snapshot = call(client, "put", f"{url}players/{k}/decklist/", body, 200, "events_decklist_update")
        assert snapshot["legal"] and not snapshot["locked"] and snapshot["report"]["legal"]
        assert snapshot["source"] == ("deck" if k == 4 else "text") and len(snapshot["checksum"]) >= 16
    for k in range(JOINERS + 1, PLAYERS + 1):
        body = {"text": texts[k % len(texts)]}
        assert call(as_olga, "put", f"{url}players/{k}/decklist/", body, 200, "events_decklist_update")["legal"]

    # A player sees whether each has a list, and the verdict and checksum of their own alone.
    table = call(as_joiner[0], "get", f"{url}players/", operation="events_players_list")["results"]
    assert all(p["decklist"]["submitted"] for p in table)
    assert table[0]["decklist"]["legal"] is True and table[0]["decklist"]["checksum"]
    assert all(p["decklist"]["legal"] is None and p["decklist"]["checksum"] is None for p in table[1:])
    staff_view = call(as_jules, "get", f"{url}players/", operation="events_players_list")["results"]
    assert all(p["decklist"]["legal"] is True for p in staff_view)
    mine = call(as_joiner[0], "get", f"{url}players/1/decklist/", operation="events_decklist_retrieve")
    assert mine["text"].strip() == texts[1 % len(texts)].strip() and mine["report"]["legal"]

    # The event starts: every list locked.
    assert call(as_olga, "post", f"{url}start/", operation="events_start")["stage"] == "running"
    assert call(as_joiner[0], "get", f"{url}players/1/decklist/")["locked"]

    total_vps = 0.0
    for number in range(1, 4):
        seated = call(as_jules, "post", f"{url}rounds/", None, 201, "events_rounds_create")
        assert seated["number"] == number and not seated["scored"]
        assert sorted(p for t in seated["tables"] for p in (s["player"] for s in t["seats"])) == list(
            range(1, PLAYERS + 1)
        )
        assert [len(t["seats"]) for t in seated["tables"]] == [5, 5, 5, 5]
        assert seated["violations"]["R1"] == 0 and seated["checked_tables"]
        if number == 1:
            # A judge swaps two players before the round is scored; the criteria come back.
            a, b = seated["tables"][0]["seats"][0]["player"], seated["tables"][1]["seats"][0]["player"]
            moved = call(as_jules, "post", f"{seated['url']}moves/", {"players": [a, b]}, 200, "events_rounds_move")
            assert moved["tables"][0]["seats"][0]["player"] == b and moved["tables"][1]["seats"][0]["player"] == a
            assert set(moved["violations"]) == {f"R{k}" for k in range(1, 10)}
            seated = moved
        # A player at a table scores it (until a judge locks it); the judges score and lock the others.
        seen_by_player = call(as_joiner[0], "get", seated["url"], operation="events_rounds_retrieve")
        assert seen_by_player["checked_tables"] is None
        for t, shift in zip(seated["tables"], itertools.count(number), strict=False):
            vps = table_scores(len(t["seats"]), shift)
            at_table = [k for k in range(1, JOINERS + 1) if k in [s["player"] for s in t["seats"]]]
            client = as_joiner[at_table[0] - 1] if at_table else as_jules
            body = {"vps": vps} if at_table else {"vps": vps, "lock": True}
            scored = call(client, "put", t["score_url"], body, 200, "events_tables_score")
            assert scored["vps"] == vps and [s["vp"] for s in scored["seats"]] == vps
            total_vps += sum(vps)
        done = call(as_olga, "get", seated["url"], operation="events_rounds_retrieve")
        assert done["scored"]

    rounds = call(as_joiner[1], "get", f"{url}rounds/", operation="events_rounds_list")
    assert rounds["count"] == 3 and all(r["scored"] for r in rounds["results"])

    # The standings: everyone, ranked, the VPs adding up to the scores entered.
    standings = call(as_joiner[2], "get", f"{url}standings/", operation="events_standings")
    rows = standings["rows"]
    assert [r["rank"] for r in rows] == list(range(1, PLAYERS + 1))
    assert sorted(r["number"] for r in rows) == list(range(1, PLAYERS + 1))
    assert sum(r["vp"] for r in rows) == total_vps and all(r["rounds"] == 3 for r in rows)
    order = [(-r["gw"], -r["vp"], -r["tp"], r["toss"]) for r in rows]
    assert order == sorted(order)

    # A deck check at the table picked in round 2: a card short, then as listed.
    round_2 = call(as_jules, "get", f"{url}rounds/2/", operation="events_rounds_retrieve")
    checked = round_2["tables"][round_2["checked_tables"][0] - 1]["seats"][0]["player"]
    counted = {"Crypt": 12, "Master": 10, "Action": 30, "Combat": 19}
    check = call(
        as_jules,
        "post",
        f"{url}rounds/2/deck-checks/",
        {"player": checked, "counted": counted},
        201,
        "events_deck_checks_create",
    )
    assert check["differences"] and check["finding"]["penalty"] == "game loss" and check["penalty"] == "game loss"
    exact = call(
        as_jules,
        "post",
        f"{url}rounds/2/deck-checks/",
        {"player": checked, "counted": check["expected"], "note": "all fine"},
        201,
        "events_deck_checks_create",
    )
    assert exact["differences"] == [] and exact["finding"] is None and exact["penalty"] == ""
    checks = call(as_olga, "get", f"{url}rounds/2/deck-checks/", operation="events_deck_checks_list")
    assert checks["count"] == 2
    assert call(as_olga, "get", exact["url"], operation="events_deck_checks_retrieve")["note"] == "all fine"

    # The final: the top five, three crypt cards revealed for each, placed from the fifth up.
    top = [r["number"] for r in rows[:5]]
    final = call(as_jules, "post", f"{url}finals/", None, 201, "events_finals_create")
    assert [q["number"] for q in final["qualifiers"]] == top
    assert all(len(q["reveals"]) == 3 and all(c["name"] for c in q["reveals"]) for q in final["qualifiers"])
    wrong_turn = {"player": top[0], "index": 0}
    before = stored()
    refused(as_jules, "post", f"{url}finals/place/", wrong_turn, 400, "invalid", "events_finals_place")
    assert stored() == before
    while final["next_to_place"] is not None:
        assert final["places"] == list(range(len(final["row"]) + 1))
        body = {"player": final["next_to_place"], "index": len(final["row"])}
        final = call(as_jules, "post", f"{url}finals/place/", body, 200, "events_finals_place")
    assert final["complete"] and final["first"] in top and sorted(final["seats"]) == sorted(top)
    final = call(as_joiner[0], "get", f"{url}finals/", operation="events_finals_retrieve")
    assert final["table"]["seats"] and not final["table"]["scored"]
    final_vps = table_scores(5, 5 * 2 + 2)  # seat 3 sweeps the final
    assert final_vps == [0, 0, 5.0, 0, 0]
    call(as_jules, "put", final["table"]["score_url"], {"vps": final_vps}, 200, "events_tables_score")

    # Over: the finalists lead the standings, and the lists are public (decklists_mode "public").
    assert call(as_olga, "get", url)["stage"] == "finished"
    rows = call(as_joiner[2], "get", f"{url}standings/", operation="events_standings")["rows"]
    assert [r["finals_place"] for r in rows[:5]] == [1, 2, 3, 4, 5] and rows[5]["finals_place"] is None
    assert rows[0]["number"] == final["seats"][2]
    other = call(as_joiner[2], "get", f"{url}players/7/decklist/", operation="events_decklist_retrieve")
    assert other["locked"] and other["source_deck"] is None and other["report"]["legal"]


# --- refusals: each a clear 4xx that changes nothing ----------------------------------------------------------


@pytest.fixture
def running(as_olga, olga, quick_seating):
    """A started 9-player event (through the API): players 1 and 2 with their own accounts, round 1 seated
    (a table of five and one of four)."""
    event = new_event(as_olga)
    url = event["url"]
    people = [user("ana"), user("ben")]
    clients = [client_for(p) for p in people]
    for client in clients:
        call(client, "post", event["join_url"], {}, 201)
    for k in range(3, 10):
        call(as_olga, "post", f"{url}players/", {"name": f"Guest {k}"}, 201)
    for k, client in enumerate(clients, 1):
        call(client, "put", f"{url}players/{k}/decklist/", {"text": ROCK_DROP})
    for k in range(3, 10):
        call(as_olga, "put", f"{url}players/{k}/decklist/", {"text": ROCK_DROP})
    call(as_olga, "post", f"{url}start/")
    seated = call(as_olga, "post", f"{url}rounds/", None, 201)
    return {"url": url, "event": event, "round": seated, "ana": clients[0], "ben": clients[1], "people": people}


def table_of(seated: dict, number: int) -> dict:
    return next(t for t in seated["tables"] if number in [s["player"] for s in t["seats"]])


def test_a_score_no_game_ends_with_is_a_400_naming_its_codes(running, as_olga):
    table = running["round"]["tables"][0]
    before = stored()
    impossible = [1.0] * (len(table["seats"]) - 1) + [0.0]  # an oust short: Σ⌈VP⌉ below the table's size
    error = refused(as_olga, "put", table["score_url"], {"vps": impossible}, 400, "invalid", "events_tables_score")
    assert "INSUFFICIENT_TOTAL" in error["errors"]["vps"][0] and "INSUFFICIENT_TOTAL" in error["detail"]
    too_many = [1.0] * len(table["seats"])
    too_many[0] = 5.0
    error = refused(as_olga, "put", table["score_url"], {"vps": too_many}, 400, "invalid", "events_tables_score")
    assert "EXCESSIVE_TOTAL" in error["errors"]["vps"][0]
    short = {"vps": [1.0, 0.5]}
    assert "vps" in refused(as_olga, "put", table["score_url"], short, 400, "invalid", "events_tables_score")["errors"]
    assert stored() == before
    assert Table.objects.get(round__event_id=running["event"]["id"], number=table["number"]).vps == []
    # A judge's reason (a penalty) lets the score stand, logged.
    kept = call(as_olga, "put", table["score_url"], {"vps": impossible, "reason": "game loss: slow play"})
    assert kept["vps"] == impossible and kept["override"] == "game loss: slow play"


def test_a_player_changing_a_locked_list_is_a_409_and_a_judge_needs_a_reason(running, as_olga):
    url = running["url"]
    texts = legal_lists()
    other = next(text for text in texts if text != ROCK_DROP) if len(texts) > 1 else ROCK_DROP + "\n"
    before = stored()
    error = refused(
        running["ana"], "put", f"{url}players/1/decklist/", {"text": other}, 409, "conflict", "events_decklist_update"
    )
    assert "locked" in error["detail"]
    error = refused(
        as_olga, "put", f"{url}players/1/decklist/", {"text": other}, 400, "invalid", "events_decklist_update"
    )
    assert list(error["errors"]) == ["reason"]
    assert stored() == before
    changed = call(as_olga, "put", f"{url}players/1/decklist/", {"text": other, "reason": "a typo fixed"})
    assert changed["locked"] and changed["text"].strip() == other.strip()
    assert LogEntry.objects.filter(action="list_changed", reason="a typo fixed").exists()


def test_registering_twice_is_a_409(running, as_olga, olga):
    event = new_event(as_olga, name="Spring cup")
    ana = running["ana"]
    call(ana, "post", event["join_url"], {"vekn": "1234"}, 201)
    before = stored()
    refused(ana, "post", event["join_url"], {}, 409, "conflict", "events_join")
    url = event["url"]
    refused(
        as_olga, "post", f"{url}players/", {"name": "Ana", "vekn": "1234"}, 409, "conflict", "events_players_create"
    )
    refused(as_olga, "post", f"{url}players/", {"name": "ANA"}, 409, "conflict", "events_players_create")
    assert stored() == before
    # Registration closed once the event started: the link answers 409 too.
    refused(client_for(user("late")), "post", running["event"]["join_url"], {}, 409, "conflict", "events_join")
    assert stored() == before


def test_a_player_scoring_a_locked_table_is_a_403(running, as_olga):
    table = table_of(running["round"], 1)
    vps = table_scores(len(table["seats"]), 0)
    call(as_olga, "put", table["score_url"], {"vps": vps, "lock": True})
    before = stored()
    error = refused(
        running["ana"], "put", table["score_url"], {"vps": vps[::-1]}, 403, "permission_denied", "events_tables_score"
    )
    assert "locked" in error["detail"]
    # Nor may a player lock a table, or score a table they do not sit at.
    other = next(t for t in running["round"]["tables"] if 1 not in [s["player"] for s in t["seats"]])
    refused(running["ana"], "put", other["score_url"], {"vps": vps}, 403, "permission_denied", "events_tables_score")
    assert stored() == before


def test_another_players_list_is_hidden_while_the_event_runs(running, as_olga):
    url = running["url"]
    refused(
        running["ben"], "get", f"{url}players/1/decklist/", None, 403, "permission_denied", "events_decklist_retrieve"
    )
    before = stored()
    refused(
        running["ben"],
        "put",
        f"{url}players/1/decklist/",
        {"text": ROCK_DROP},
        403,
        "permission_denied",
        "events_decklist_update",
    )
    assert stored() == before
    assert call(running["ben"], "get", f"{url}players/2/decklist/")["player"] == 2
    assert call(as_olga, "get", f"{url}players/1/decklist/")["player"] == 1


def test_the_staffs_operations_are_refused_to_players(running):
    url, ana = running["url"], running["ana"]
    before = stored()
    refused(ana, "post", f"{url}rounds/", None, 403, "permission_denied", "events_rounds_create")
    refused(ana, "post", f"{url}players/", {"name": "Zed"}, 403, "permission_denied", "events_players_create")
    refused(ana, "patch", url, {"rounds": 4}, 403, "permission_denied", "events_partial_update")
    refused(ana, "delete", url, None, 403, "permission_denied", "events_destroy")
    refused(ana, "post", f"{url}rounds/1/moves/", {"players": [1, 2]}, 403, "permission_denied", "events_rounds_move")
    refused(ana, "get", f"{url}rounds/1/deck-checks/", None, 403, "permission_denied", "events_deck_checks_list")
    refused(
        ana,
        "post",
        f"{url}rounds/1/deck-checks/",
        {"player": 2, "counted": {}},
        403,
        "permission_denied",
        "events_deck_checks_create",
    )
    assert stored() == before


def test_garbage_json_and_wrong_types_are_400s_naming_the_fields(running, as_olga):
    url = running["url"]
    table = running["round"]["tables"][0]
    before = stored()
    for path in (EVENTS, table["score_url"], f"{url}players/", f"{url}players/1/decklist/", f"{url}rounds/1/moves/"):
        method = "put" if path.endswith(("score/", "decklist/")) else "post"
        response = getattr(as_olga, method)(path, '{"vps": [1, 0,', content_type="application/json")
        assert response.status_code == 400 and response.json()["code"] == "parse_error", response.content
    wrong = [
        (
            EVENTS,
            "post",
            {"name": 12, "date": "soon", "rounds": "3", "proxies": "yes"},
            {"name", "date", "rounds", "proxies"},
        ),
        (EVENTS, "post", {"name": "Cup", "date": DATE, "rounds": 9, "round_minutes": 5}, {"rounds", "round_minutes"}),
        (EVENTS, "post", ["not", "an", "object"], {"non_field_errors"}),
        (url, "patch", {"decklists_mode": "everyone", "finals": 1}, {"decklists_mode", "finals"}),
        (table["score_url"], "put", {"vps": "2,1,1,1", "lock": "yes"}, {"vps", "lock"}),
        (
            table["score_url"],
            "put",
            {"vps": [True, None, "1", 7, -1]},
            {"vps[0]", "vps[1]", "vps[2]", "vps[3]", "vps[4]"},
        ),
        (f"{url}players/", "post", {"name": ["Zed"], "vekn": 3.5}, {"name", "vekn"}),
        (f"{url}players/", "post", {"name": "Zed", "vekn": "not a number"}, {"vekn"}),
        (f"{url}players/1/decklist/", "put", {"text": 42}, {"text"}),
        (f"{url}players/1/decklist/", "put", {}, {"non_field_errors"}),
        (f"{url}players/1/decklist/", "put", {"text": ROCK_DROP, "deck": "d"}, {"non_field_errors"}),
        (f"{url}players/1/decklist/", "put", {"deck": "nosuchdeck", "reason": "x"}, {"deck"}),
        (f"{url}rounds/1/moves/", "post", {"players": [1]}, {"players"}),
        (f"{url}rounds/1/moves/", "post", {"players": [1, 99]}, {"players"}),
        (f"{url}rounds/1/deck-checks/", "post", {"player": "1", "counted": {"Crypt": -1}}, {"player", "counted.Crypt"}),
        (f"{url}rounds/1/deck-checks/", "post", {"player": 1, "counted": {"Sideboard": 3}}, {"counted"}),
        (f"{url}rounds/1/deck-checks/", "post", {"player": 1, "counted": {}, "penalty": "flogging"}, {"penalty"}),
        (f"{url}finals/place/", "post", {"player": 1.5, "index": "0"}, {"player", "index"}),
    ]
    for path, method, body, fields in wrong:
        response = getattr(as_olga, method)(path, json.dumps(body), content_type="application/json")
        assert response.status_code == 400, (path, body, response.content)
        error = response.json()
        assert error["code"] == "invalid" and set(error["errors"]) == fields, (path, body, error)
    assert stored() == before
    response = as_olga.post(EVENTS, "name=Cup", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415


def test_an_unknown_event_is_a_404_for_everyone(running, as_olga):
    stranger = client_for(user("stranger"))
    url = running["url"]
    before = stored()
    for client in (stranger, APIClient()):
        refused(client, "get", url, None, 404, "not_found", "events_retrieve")
        refused(client, "get", f"{url}players/", None, 404, "not_found", "events_players_list")
        refused(client, "get", f"{url}standings/", None, 404, "not_found", "events_standings")
        refused(
            client,
            "put",
            running["round"]["tables"][0]["score_url"],
            {"vps": [1, 1, 1, 1]},
            404,
            "not_found",
            "events_tables_score",
        )
        refused(client, "get", f"{url}players/1/decklist/", None, 404, "not_found", "events_decklist_retrieve")
    for path in ("enosuchevent0000/", "enosuchevent0000/rounds/1/", "join/nosuchtoken/"):
        method = "post" if path.startswith("join") else "get"
        assert (
            as_olga.generic(method.upper(), f"{EVENTS}{path}", "{}", content_type="application/json").status_code == 404
        )
    for path in (
        f"{url}players/99/",
        f"{url}rounds/7/",
        f"{url}rounds/1/tables/9/score/",
        f"{url}finals/",
        f"{url}players/99999/",
    ):
        response = (
            as_olga.get(path)
            if not path.endswith("score/")
            else as_olga.put(path, "{}", content_type="application/json")
        )
        assert response.status_code == 404 and response.json()["code"] == "not_found", (path, response.content)
    assert stored() == before
    assert call(stranger, "get", EVENTS)["count"] == 0
    assert APIClient().get(EVENTS).status_code in (401, 403)
    assert APIClient().post(EVENTS, {"name": "Cup", "date": DATE}, format="json").status_code in (401, 403)


def test_settings_change_until_the_start_and_only_the_organiser_deletes(as_olga, olga, running):
    event = new_event(as_olga, name="To delete")
    url = event["url"]
    changed = call(as_olga, "patch", url, {"rounds": 4, "multideck": False}, 200, "events_partial_update")
    assert changed["rounds"] == 4
    refused(as_olga, "patch", url, {"ruleset": "no-such-format"}, 400, "invalid", "events_partial_update")
    refused(as_olga, "patch", url, {"rank": "national", "multideck": True}, 400, "invalid", "events_partial_update")
    jules = user("jules")
    services.add_judge(Event.objects.get(pk=event["id"]), olga, jules)
    refused(client_for(jules), "delete", url, None, 403, "permission_denied", "events_destroy")
    call(as_olga, "delete", url, None, 204, "events_destroy")
    assert not Event.objects.filter(pk=event["id"]).exists()
    # Once started: the date is fixed, and the event is kept.
    before = stored()
    refused(as_olga, "patch", running["url"], {"date": "2025-07-01"}, 409, "conflict", "events_partial_update")
    refused(as_olga, "delete", running["url"], None, 409, "conflict", "events_destroy")
    refused(as_olga, "post", f"{running['url']}start/", None, 409, "conflict", "events_start")
    refused(as_olga, "post", f"{running['url']}rounds/", None, 409, "conflict", "events_rounds_create")
    refused(as_olga, "post", f"{running['url']}finals/", None, 409, "conflict", "events_finals_create")
    assert stored() == before


def test_starting_needs_a_legal_list_for_everyone(as_olga):
    event = new_event(as_olga)
    url = event["url"]
    for k in range(1, 6):
        call(as_olga, "post", f"{url}players/", {"name": f"P{k}"}, 201)
    for k in range(1, 5):
        call(as_olga, "put", f"{url}players/{k}/decklist/", {"text": ROCK_DROP})
    short = "Crypt (12 cards)\n12x Tupdog\nLibrary (40 cards)\n40x Govern the Unaligned\n"
    illegal = call(as_olga, "put", f"{url}players/5/decklist/", {"text": short}, 200, "events_decklist_update")
    assert not illegal["legal"] and illegal["report"]["errors"]
    before = stored()
    error = refused(as_olga, "post", f"{url}start/", None, 409, "conflict", "events_start")
    assert "P5" in error["detail"]
    assert stored() == before
    unreadable = {"text": "\x00\x01 nothing here"}
    refused(as_olga, "put", f"{url}players/5/decklist/", unreadable, 400, "invalid", "events_decklist_update")
    assert stored() == before


def test_a_player_drops_and_is_seated_no_more(running, as_olga):
    url = running["url"]
    table = running["round"]["tables"]
    for t in table:
        call(as_olga, "put", t["score_url"], {"vps": table_scores(len(t["seats"]), 0)})
    refused(running["ana"], "post", f"{url}players/2/drop/", None, 403, "permission_denied", "events_players_drop")
    dropped = call(running["ben"], "post", f"{url}players/2/drop/", None, 200, "events_players_drop")
    assert dropped["status"] == "dropped"
    call(as_olga, "post", f"{url}players/8/drop/", None, 200, "events_players_drop")
    # A late arrival, added by the organiser once the event has started, plays from the next round.
    late = call(as_olga, "post", f"{url}players/", {"name": "Late Lou"}, 201, "events_players_create")
    assert late["number"] == 10
    call(as_olga, "put", f"{url}players/10/decklist/", {"text": ROCK_DROP, "reason": "late arrival"})
    seated = call(as_olga, "post", f"{url}rounds/", None, 201)
    numbers = sorted(s["player"] for t in seated["tables"] for s in t["seats"])
    assert numbers == [1, 3, 4, 5, 6, 7, 9, 10]
    assert [p["status"] for p in call(as_olga, "get", f"{url}players/")["results"]][1] == "dropped"


def test_the_event_date_is_bounded(as_olga):
    before = stored()
    for date in ("0001-01-01", "9999-12-31", "2025-02-30"):
        error = refused(as_olga, "post", EVENTS, {"name": "Cup", "date": date}, 400, "invalid", "events_create")
        assert list(error["errors"]) == ["date"]
    assert stored() == before
    assert datetime.date.fromisoformat(new_event(as_olga)["date"]) == datetime.date.fromisoformat(DATE)


def test_bodies_are_capped_and_requests_throttled(running, as_olga, settings):
    url = running["url"]
    before = stored()
    huge = json.dumps({"text": "x" * (2 * 1024 * 1024), "reason": "too long"})
    response = as_olga.put(f"{url}players/1/decklist/", huge, content_type="application/json")
    assert response.status_code == 413 and response.json()["code"] == "payload_too_large"
    too_long = {"text": "12x Tupdog\n" * 6000, "reason": "too long"}  # under the cap, over the list's limit
    error = refused(as_olga, "put", f"{url}players/1/decklist/", too_long, 400, "invalid", "events_decklist_update")
    assert list(error["errors"]) == ["text"]
    assert stored() == before
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**rates, "user": "3/minute"}}
    for _ in range(3):
        call(as_olga, "get", f"{url}standings/")
    response = as_olga.get(f"{url}standings/")
    assert response.status_code == 429 and response.json()["code"] == "throttled" and response["Retry-After"]


def test_after_the_event_only_the_winners_list_is_shown_in_winner_mode(as_olga, olga, quick_seating):
    event = new_event(as_olga, rounds=1, decklists_mode="winner")
    url = event["url"]
    people = [user(f"p{k}") for k in range(1, 6)]
    clients = [client_for(p) for p in people]
    for number, client in enumerate(clients, 1):
        assert call(client, "post", event["join_url"], {}, 201)["number"] == number
        call(client, "put", f"{url}players/{number}/decklist/", {"text": ROCK_DROP})
    call(as_olga, "post", f"{url}start/")
    seated = call(as_olga, "post", f"{url}rounds/", None, 201)
    call(as_olga, "put", seated["tables"][0]["score_url"], {"vps": table_scores(5, 0)})
    final = call(as_olga, "post", f"{url}finals/", None, 201)
    while final["next_to_place"] is not None:
        final = call(as_olga, "post", f"{url}finals/place/", {"player": final["next_to_place"], "index": 0})
    # Before the final's score, every other list is hidden from the players.
    refused(clients[0], "get", f"{url}players/2/decklist/", None, 403, "permission_denied", "events_decklist_retrieve")
    call(as_olga, "put", final["table"]["score_url"], {"vps": table_scores(5, 0)})
    winner = call(as_olga, "get", f"{url}standings/")["rows"][0]["number"]
    assert winner == final["seats"][0]
    loser, reader = [n for n in range(1, 6) if n != winner][:2]  # the list asked for, and who asks
    as_reader = clients[reader - 1]
    shown = call(as_reader, "get", f"{url}players/{winner}/decklist/", operation="events_decklist_retrieve")
    assert shown["locked"] and shown["player"] == winner
    refused(
        as_reader, "get", f"{url}players/{loser}/decklist/", None, 403, "permission_denied", "events_decklist_retrieve"
    )
    # Over: nothing more is scored, nobody more registers.
    before = stored()
    refused(as_olga, "put", final["table"]["score_url"], {"vps": [0.5] * 5}, 409, "conflict", "events_tables_score")
    refused(as_olga, "post", f"{url}players/", {"name": "Too late"}, 409, "conflict", "events_players_create")
    assert stored() == before


def test_a_multideck_event_takes_a_list_per_round(as_olga, quick_seating):
    event = new_event(as_olga, rounds=2, multideck=True)
    url = event["url"]
    for k in range(1, 5):
        call(as_olga, "post", f"{url}players/", {"name": f"P{k}"}, 201)
        first = call(as_olga, "put", f"{url}players/{k}/decklist/", {"text": ROCK_DROP})
        assert first["round"] == 1
    texts = legal_lists()
    second = call(as_olga, "put", f"{url}players/1/decklist/", {"text": texts[-1], "round": 2})
    assert second["round"] == 2
    assert call(as_olga, "get", f"{url}players/1/decklist/")["round"] == 2
    assert call(as_olga, "get", f"{url}players/1/decklist/?round=1")["round"] == 1
    for bad in ("0", "9", "x"):
        error = refused(
            as_olga, "get", f"{url}players/1/decklist/?round={bad}", None, 400, "invalid", "events_decklist_retrieve"
        )
        assert list(error["errors"]) == ["round"]
    before = stored()
    for bad in (0, 4, "1"):
        body = {"text": ROCK_DROP, "round": bad}
        error = refused(as_olga, "put", f"{url}players/2/decklist/", body, 400, "invalid", "events_decklist_update")
        assert list(error["errors"]) == ["round"]
    assert stored() == before
    call(as_olga, "post", f"{url}start/")
    seated = call(as_olga, "post", f"{url}rounds/", None, 201)
    # Round 1's lists are locked as it starts; round 2's stay open.
    assert call(as_olga, "get", f"{url}players/2/decklist/?round=1")["locked"]
    assert not call(as_olga, "get", f"{url}players/1/decklist/?round=2")["locked"]
    assert seated["number"] == 1
