"""An event run through ``events.services``, the one door the pages and the API share: registration, lists
judged and locked, rounds seated and scored, standings, the final and deck checks, as the VEKN tournament
rules (TR) say. Every refusal changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User

from cards import index
from events import services
from events.models import Decklist, Event, LogEntry, Player, Table
from events.services import EventError
from tests.paths import TWDA
from tests.samples import SHORT_LIBRARY
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.events import deckcheck, scoring

# quick_seating: rounds seated with a small budget; what matters here is what the event does with them.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("quick_seating")]

# A 2025 winning deck, legal under VEKN as of the event's date.
LEGAL = (TWDA / "12487.txt").read_text()
DAY = datetime.date(2026, 12, 5)


@pytest.fixture
def judge() -> User:
    return User.objects.create_user("judge", password="x")


@pytest.fixture
def event(judge: User) -> Event:
    return services.create_event(judge, name="Krakow Open", date=DAY, rounds=3)


def players(event: Event, judge: User, count: int, *, lists: bool = True) -> list[Player]:
    added = []
    for k in range(count):
        player = services.register(event, by=judge, name=f"Player {k + 1}", vekn=str(1000 + k))
        if lists:
            services.submit_list(player, by=judge, text=LEGAL)
        added.append(player)
    return added


def refused(code: str, status: int):
    class Check:
        def __enter__(self):
            self.raised = pytest.raises(EventError)
            self.info = self.raised.__enter__()
            return self.info

        def __exit__(self, *exc):
            result = self.raised.__exit__(*exc)
            assert self.info.value.code == code, self.info.value.message
            assert self.info.value.status == status
            return result

    return Check()


def play_round(event: Event, judge: User) -> None:
    """Seat the next round and score each table as a timed-out game: everyone still in holds ½ VP after seat 1
    ousted its prey (1 VP), so each table is a consistent 1.5 / 0 / ½ / ½ (/ ½)."""
    round_ = services.seat_next_round(event, judge)
    for table in round_.tables.all():
        vps = [1.5, 0] + [0.5] * (len(table.seats) - 2)
        services.enter_score(table, judge, vps)


# --- the event -------------------------------------------------------------------------------------------------


def test_multideck_is_refused_at_a_national_championship(judge: User) -> None:
    """TR §3.1.5: one deck all day at national, continental and grand-prix events."""
    with refused("MULTIDECK_FORBIDDEN", 400):
        services.create_event(judge, name="Nationals", date=DAY, rank=Event.Rank.NATIONAL, multideck=True)
    assert not Event.objects.exists()


def test_an_unknown_format_is_refused_with_the_known_ones_named(judge: User) -> None:
    with refused("UNKNOWN_FORMAT", 400) as info:
        services.create_event(judge, name="X", date=DAY, ruleset="nope")
    assert "vekn" in info.value.message


def test_only_the_organiser_and_judges_change_the_event(event: Event, judge: User) -> None:
    stranger = User.objects.create_user("stranger")
    with refused("NOT_ALLOWED", 403):
        services.update_event(event, stranger, name="Mine now")
    helper = User.objects.create_user("helper")
    services.add_judge(event, judge, helper)
    services.update_event(event, helper, name="Krakow Open II")
    assert Event.objects.get(pk=event.pk).name == "Krakow Open II"


# --- registration ----------------------------------------------------------------------------------------------


def test_a_player_registers_once_by_account_vekn_number_or_name(event: Event, judge: User) -> None:
    anna = User.objects.create_user("anna")
    services.register(event, by=anna, vekn="3940009", account=True)
    with refused("DUPLICATE_REGISTRATION", 409):
        services.register(event, by=anna, account=True)
    with refused("DUPLICATE_REGISTRATION", 409):
        services.register(event, by=judge, name="Someone else", vekn="3940009")
    with refused("DUPLICATE_REGISTRATION", 409):
        services.register(event, by=judge, name="ANNA")
    assert list(event.players.values_list("number", "name", "vekn")) == [(1, "anna", "3940009")]


def test_a_vekn_number_is_digits(event: Event, judge: User) -> None:
    with refused("BAD_VEKN", 400):
        services.register(event, by=judge, name="Bob", vekn="12ab")
    assert not event.players.exists()


def test_registration_by_the_link_closes_when_the_event_starts_but_a_judge_seats_a_late_arrival(
    event: Event, judge: User
) -> None:
    players(event, judge, 4)
    services.start(event, judge)
    late = User.objects.create_user("late")
    with refused("REGISTRATION_CLOSED", 409):
        services.register(event, by=late, account=True)
    arrival = services.register(event, by=judge, name="Late Larry")
    assert arrival.number == 5
    assert LogEntry.objects.filter(event=event, action="late_arrival").exists()


# --- decklists -------------------------------------------------------------------------------------------------


def test_a_list_is_judged_as_of_the_event_date_in_the_events_format(event: Event, judge: User) -> None:
    [player] = players(event, judge, 1, lists=False)
    legal = services.submit_list(player, by=judge, text=LEGAL)
    assert legal.report.legal and legal.decklist.legal
    assert legal.decklist.checksum == legal.report.to_dict()["checksum"]
    short = services.submit_list(player, by=judge, text=SHORT_LIBRARY)
    assert not short.report.legal and not short.decklist.legal
    assert {issue.code for issue in short.report.errors} >= {"LIBRARY_TOO_SMALL"}
    assert Decklist.objects.filter(player=player).count() == 1  # replaced, not added


def test_the_list_is_a_snapshot_of_the_deck_not_a_live_link(event: Event, judge: User) -> None:
    from decks.models import Deck, DeckCard

    [player] = players(event, judge, 1, lists=False)
    owner = User.objects.create_user("owner")
    Player.objects.filter(pk=player.pk).update(user=owner)
    player.refresh_from_db()
    deck = Deck.objects.create(owner=owner, name="Tupdogs")
    DeckCard.objects.create(deck=deck, card_id=_card("Tupdog"), crypt=True, count=12)
    DeckCard.objects.create(deck=deck, card_id=_card("Blood Doll"), crypt=False, count=60)
    submitted = services.submit_list(player, by=owner, deck=deck)
    assert submitted.decklist.source == Decklist.Source.DECK and submitted.decklist.source_deck == deck.pk
    deck.cards.all().delete()  # the deck changes later: the registered list does not
    assert services.registered_list(player).deck["crypt"]


def _card(name: str) -> int:
    found = index.get().lookup(name)
    assert found is not None, name
    return found.id


def test_someone_elses_deck_cannot_be_registered(event: Event, judge: User) -> None:
    from decks.models import Deck

    anna = User.objects.create_user("anna")
    player = services.register(event, by=anna, account=True)
    theirs = Deck.objects.create(owner=judge, name="Not Anna's")
    with refused("NOT_ALLOWED", 403):
        services.submit_list(player, by=anna, deck=theirs)


def test_garbage_is_no_decklist(event: Event, judge: User) -> None:
    [player] = players(event, judge, 1, lists=False)
    with refused("BAD_DECKLIST", 400):
        services.submit_list(player, by=judge, text="\x00\x01 not a deck")
    with refused("BAD_DECKLIST", 400):
        services.submit_list(player, by=judge, text="   ")
    assert not Decklist.objects.exists()


def test_no_legal_list_is_a_barrier_to_check_in(event: Event, judge: User) -> None:
    ready = players(event, judge, 4)
    late = services.register(event, by=judge, name="No List")
    services.submit_list(late, by=judge, text=SHORT_LIBRARY)
    assert services.barriers(event) == [late]
    with refused("NO_LEGAL_LIST", 409) as info:
        services.start(event, judge)
    assert info.value.detail == {"players": [late.number]}
    assert not Event.objects.get(pk=event.pk).started
    services.drop(late, judge)
    services.start(event, judge)
    assert all(services.registered_list(p).locked for p in ready)


def test_after_the_lock_only_a_judge_changes_a_list_and_gives_a_reason(event: Event, judge: User) -> None:
    anna = User.objects.create_user("anna")
    mine = services.register(event, by=anna, account=True)
    services.submit_list(mine, by=anna, text=LEGAL)
    players(event, judge, 3)
    services.start(event, judge)
    before = services.registered_list(mine).checksum
    with refused("LIST_LOCKED", 409):
        services.submit_list(mine, by=anna, text=SHORT_LIBRARY)
    with refused("REASON_REQUIRED", 400):
        services.submit_list(mine, by=judge, text=SHORT_LIBRARY)
    assert services.registered_list(mine).checksum == before
    services.submit_list(mine, by=judge, text=SHORT_LIBRARY, reason="misregistered: the player's sheet says so")
    changed = services.registered_list(mine)
    assert changed.checksum != before and changed.locked
    entry = LogEntry.objects.get(event=event, action="list_changed")
    assert entry.reason.startswith("misregistered") and entry.user == judge


def test_multideck_locks_each_round_s_list_as_that_round_starts(judge: User) -> None:
    event = services.create_event(judge, name="Multi", date=DAY, multideck=True, rounds=2)
    field = players(event, judge, 4)  # lists for round 1
    services.start(event, judge)
    services.seat_next_round(event, judge)
    assert services.registered_list(field[0], 1).locked
    assert services.list_round(Event.objects.get(pk=event.pk)) == 2
    with refused("ROUND_NOT_SCORED", 409):
        services.seat_next_round(event, judge)


# --- seating and scores ----------------------------------------------------------------------------------------


def test_twenty_players_sit_at_four_tables_of_five_with_no_predator_prey_pair_repeated(
    event: Event, judge: User
) -> None:
    """TR §3.1.2: as many tables of five as possible; R1 is mandatory."""
    players(event, judge, 20)
    services.start(event, judge)
    for _ in range(3):
        play_round(event, judge)
    rounds = services.seatings(event)
    assert [sorted(len(t) for t in r) for r in rounds] == [[5, 5, 5, 5]] * 3
    assert services.violations(event)["R1"] == 0
    with refused("WRONG_STAGE", 409):
        services.seat_next_round(event, judge)


def test_a_dropped_player_is_seated_no_more_and_keeps_their_points(event: Event, judge: User) -> None:
    field = players(event, judge, 9)
    services.start(event, judge)
    play_round(event, judge)
    services.drop(field[0], judge)
    round_ = services.seat_next_round(event, judge)
    seated = [p for t in round_.tables.all() for p in t.seats]
    assert field[0].number not in seated and sorted(seated) == list(range(2, 10))
    row = next(r for r in services.standings(event) if r.player.number == field[0].number)
    assert row.rounds == 1


def test_an_impossible_table_is_refused_and_nothing_is_stored(event: Event, judge: User) -> None:
    """Σ⌈VP⌉ must equal the table's size (TR §3.7): five ousts handed out at a table of five is one too many."""
    players(event, judge, 5)
    services.start(event, judge)
    table = services.seat_next_round(event, judge).tables.get()
    with refused("IMPOSSIBLE_SCORE", 400) as info:
        services.enter_score(table, judge, [2, 2, 1, 1, 0])
    assert info.value.detail == {"errors": scoring.check_table([2, 2, 1, 1, 0])}
    assert Table.objects.get(pk=table.pk).vps == []
    with refused("BAD_SCORE", 400):
        services.enter_score(table, judge, [1, 1, 1, 1])
    with refused("BAD_SCORE", 400):
        services.enter_score(table, judge, ["x", 0, 0, 0, 0])


def test_a_judge_overrides_an_impossible_table_with_a_reason_that_is_logged(event: Event, judge: User) -> None:
    players(event, judge, 5)
    services.start(event, judge)
    table = services.seat_next_round(event, judge).tables.get()
    services.enter_score(table, judge, [0, 0, 0, 0, 0], reason="game loss for all: slow play")
    table.refresh_from_db()
    assert table.vps == [0, 0, 0, 0, 0] and table.override.startswith("game loss")
    assert LogEntry.objects.filter(event=event, action="score").exists()


def test_a_player_at_the_table_scores_it_until_a_judge_locks_it(event: Event, judge: User) -> None:
    accounts = [User.objects.create_user(f"p{k}") for k in range(5)]
    for user in accounts:
        services.submit_list(services.register(event, by=user, account=True), by=user, text=LEGAL)
    services.start(event, judge)
    table = services.seat_next_round(event, judge).tables.get()
    seat_one = next(u for u in accounts if services.player_of(event, u).number == table.seats[0])
    services.enter_score(table, seat_one, [3, 0, 0, 0, 2])  # seat 1 ousts three, seat 5 ousts seat 1
    stranger = User.objects.create_user("stranger")
    with refused("NOT_ALLOWED", 403):
        services.enter_score(table, stranger, [5, 0, 0, 0, 0])
    services.enter_score(table, judge, [3, 0, 0, 0, 2], lock=True)
    with refused("NOT_ALLOWED", 403):
        services.enter_score(table, seat_one, [5, 0, 0, 0, 0])
    assert Table.objects.get(pk=table.pk).vps == [3, 0, 0, 0, 2]


def test_a_judge_swaps_two_players_of_an_unscored_round_and_sees_the_criteria(event: Event, judge: User) -> None:
    players(event, judge, 10)
    services.start(event, judge)
    play_round(event, judge)
    round_ = services.seat_next_round(event, judge)
    a, b = round_.tables.all()
    criteria = services.move(a, judge, a.seats[0], b.seats[0], reason="table by the door")
    assert set(criteria) == {f"R{k}" for k in range(1, 10)}
    swapped_a, swapped_b = Table.objects.get(pk=a.pk), Table.objects.get(pk=b.pk)
    assert (swapped_a.seats[0], swapped_b.seats[0]) == (b.seats[0], a.seats[0])
    assert LogEntry.objects.get(event=event, action="move").reason == "table by the door"
    a = swapped_a
    with refused("BAD_MOVE", 400):
        services.move(a, judge, 1, 1)
    services.enter_score(a, judge, [1.5, 0, 0.5, 0.5, 0.5])
    with refused("ROUND_SCORED", 409):
        services.move(a, judge, a.seats[0], a.seats[1])


# --- standings and the final -----------------------------------------------------------------------------------


def test_standings_rank_by_game_wins_then_vp_then_tp_with_a_toss_kept(event: Event, judge: User) -> None:
    players(event, judge, 10)
    services.start(event, judge)
    round_ = services.seat_next_round(event, judge)
    first, second = round_.tables.all()
    services.enter_score(first, judge, [2.5, 0, 0, 0.5, 0.5])  # seat 1: two ousts, then ½ at time: a win
    services.enter_score(second, judge, [1.5, 0, 0.5, 0.5, 0.5])  # no game win: 1.5 VP is below 2
    rows = services.standings(event)
    assert rows[0].player.number == first.seats[0] and rows[0].standing.gw == 1 and rows[0].standing.tp == 60
    assert rows[1].standing.gw == 0 and rows[1].standing.vp == 1.5
    tosses = {p.number: p.toss for p in Player.objects.filter(event=event)}
    assert None not in tosses.values()
    assert [r.player.number for r in services.standings(event)] == [r.player.number for r in rows]


def test_the_final_seats_the_top_five_reveals_their_crypts_and_decides_the_winner(event: Event, judge: User) -> None:
    players(event, judge, 10)
    services.start(event, judge)
    for _ in range(3):
        play_round(event, judge)
    top = [row.player.number for row in services.standings(event)[:5]]
    final = services.start_finals(event, judge)
    setup = final.finals_setup
    assert setup["qualifiers"] == top
    for player in top:
        revealed = setup["reveals"][str(player)]
        listed = services.registered_list(Player.objects.get(event=event, number=player))
        assert len(revealed) == 3 and set(revealed) <= set(CoreDeck.from_dict(listed.deck).crypt)
    # Name cards from the lowest qualifier up, each at an end or in a gap.
    with refused("BAD_PLACE", 400):
        services.place_finalist(event, judge, top[0], 0)
    for player in reversed(top):
        services.place_finalist(event, judge, player, 0)
    table = services.final_round(event).tables.get()
    assert sorted(table.seats) == sorted(top)
    winner = table.seats[2]
    vps = [1.0, 0.0, 4.0, 0.0, 0.0]  # seat 1 ousts seat 2, then seat 3 ousts everyone left
    services.enter_score(table, judge, vps)
    assert Event.objects.get(pk=event.pk).stage == Event.Stage.FINISHED
    rows = services.standings(event)
    assert rows[0].player.number == winner and rows[0].finals_place == 1
    assert [row.finals_place for row in rows[:5]] == [1, 2, 3, 4, 5]


# --- deck checks -----------------------------------------------------------------------------------------------


def test_a_deck_check_shows_the_difference_against_the_locked_list(event: Event, judge: User) -> None:
    field = players(event, judge, 5)
    services.start(event, judge)
    round_ = services.seat_next_round(event, judge)
    assert round_.checked_tables == [1]
    expected = deckcheck.expected_counts(CoreDeck.from_dict(services.registered_list(field[0]).deck), index.get())
    counted = dict(expected)
    counted["Crypt"] -= 1
    check = services.record_deck_check(round_, field[0], judge, counted)
    assert [(d["group"], d["counted"] - d["expected"]) for d in check.differences] == [("Crypt", -1)]
    assert check.penalty == deckcheck.PENALTY
    clean = services.record_deck_check(round_, field[1], judge, expected)
    assert clean.differences == [] and clean.penalty == ""
    with refused("BAD_COUNT", 400):
        services.record_deck_check(round_, field[2], judge, {"Crypt": -1})
    with refused("NOT_ALLOWED", 403):
        services.record_deck_check(round_, field[2], User.objects.create_user("x"), expected)


def test_the_judge_may_give_no_penalty_for_a_difference(event: Event, judge: User) -> None:
    field = players(event, judge, 5)
    services.start(event, judge)
    round_ = services.seat_next_round(event, judge)
    expected = deckcheck.expected_counts(CoreDeck.from_dict(services.registered_list(field[0]).deck), index.get())
    check = services.record_deck_check(
        round_, field[0], judge, {**expected, "Crypt": expected["Crypt"] + 1}, penalty="none"
    )
    assert check.differences and check.penalty == services.NO_PENALTY
    with refused("BAD_PENALTY", 400):
        services.record_deck_check(round_, field[0], judge, expected, penalty="flogging")


# --- the end of the event ----------------------------------------------------------------------------------------


def test_an_event_without_a_final_is_finished_by_a_judge_and_won_by_the_top_of_the_standings(judge: User) -> None:
    event = services.create_event(judge, name="League night", date=DAY, rounds=1, finals=False)
    players(event, judge, 5)
    services.start(event, judge)
    with refused("WRONG_STAGE", 409):
        services.finish(event, judge)  # no round played yet
    round_ = services.seat_next_round(event, judge)
    with refused("ROUND_NOT_SCORED", 409):
        services.finish(event, judge)
    table = round_.tables.get()
    services.enter_score(table, judge, [2.5, 0, 0, 0.5, 0.5])
    assert services.winner(event) is None  # not over until the judge says so
    services.finish(event, judge)
    event.refresh_from_db()
    assert event.stage == Event.Stage.FINISHED
    assert services.winner(event).number == table.seats[0]
    text = services.winner_twd(event)
    assert "1R" in text and services.winner(event).name in text


def test_whose_lists_are_shown_after_the_event_follows_its_decklists_mode(judge: User) -> None:
    event = services.create_event(judge, name="Shown", date=DAY, rounds=1, finals=False)
    accounts = [User.objects.create_user(f"p{k}") for k in range(5)]
    for user in accounts:
        services.submit_list(services.register(event, by=user, account=True), by=user, text=LEGAL)
    services.start(event, judge)
    table = services.seat_next_round(event, judge).tables.get()
    services.enter_score(table, judge, [2.5, 0, 0, 0.5, 0.5])
    me, other = (services.player_of(event, accounts[k]) for k in (0, 1))
    assert services.may_read_list(event, accounts[0], me) and not services.may_read_list(event, accounts[0], other)
    services.finish(event, judge)
    event.refresh_from_db()
    champion = services.winner(event)
    loser = next(p for p in event.players.all() if p.pk != champion.pk)
    stranger = User.objects.create_user("stranger")
    assert services.may_read_list(event, stranger, champion)  # "winner" is the default mode
    assert not services.may_read_list(event, stranger, loser)
    Event.objects.filter(pk=event.pk).update(decklists_mode=Event.Decklists.PRIVATE)
    event.refresh_from_db()
    assert not services.may_read_list(event, stranger, champion) and services.may_read_list(event, judge, loser)
    Event.objects.filter(pk=event.pk).update(decklists_mode=Event.Decklists.PUBLIC)
    event.refresh_from_db()
    assert services.may_read_list(event, stranger, loser)


def test_an_organiser_registers_to_play_in_their_own_event(event: Event, judge: User) -> None:
    me = services.register(event, by=judge, account=True)
    assert me.user == judge and services.player_of(event, judge) == me
    added = services.register(event, by=judge, name="Walk-in")
    assert added.user is None
