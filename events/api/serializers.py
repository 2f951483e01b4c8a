"""What /api/v1/events/ reads and answers.

Request serializers are strict about JSON types (a number where a text belongs, ``"3"`` where a count
belongs, ``1`` where ``true`` belongs are a client's mistakes, answered 400 with the field named) and
bound what one request may carry; the rules themselves (a table's scores, who may change a locked list,
the finals' turn) are ``events.services``'s, which the views call.

Answer serializers document and shape the dicts the views build (``views``), so the schema and the
answers are one.
"""

from __future__ import annotations

import datetime
import math
from typing import Any

from rest_framework import serializers

from vtesdeck.core.events import deckcheck
from vtesdeck.serializers import DecklistTextField, DeckReportSerializer, StrictCharField, StrictIntegerField

from .. import services
from ..models import MAX_PLAYERS, MAX_ROUND_MINUTES, MAX_ROUNDS, Decklist, Event, Player

# Event dates the lists can be judged on: VTES's first printing to a century ahead (the validator's dates,
# the 30-day rule's arithmetic, stay far from the calendar's ends).
FIRST_DATE = datetime.date(1994, 1, 1)
LAST_DATE = datetime.date(2199, 12, 31)
# A player's or table's number in a path or a body: far above any event's (MAX_PLAYERS), within a small int.
MAX_NUMBER = 9999
MAX_COUNT = 10_000  # cards of one group counted at a deck check
MAX_REASON = 300  # the log's and the table's reason (LogEntry.reason, Table.override)
MAX_VPS = 6  # one more than a table's seats: a sixth VP is refused by the rule, with its message
ROLES = ("organiser", "judge", "player")
CRITERIA = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9")


# --- strict request fields -----------------------------------------------------------------------------


class StrictBooleanField(serializers.BooleanField):
    """JSON ``true`` or ``false``: DRF would take ``"yes"``, ``1`` and ``"off"`` too."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class VeknField(serializers.CharField):
    """A VEKN number, as a JSON string or a whole number (``services.parse_vekn`` checks its digits)."""

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, int) and not isinstance(data, bool):
            data = str(data)
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class VPField(serializers.FloatField):
    """A victory point count: a JSON number from 0 to 5 (halves are the rule's to check)."""

    default_error_messages = {"invalid": "A number of victory points is required (0 to 5, in halves)."}

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
            self.fail("invalid")
        return super().to_internal_value(data)


def _reason_field(help_text: str) -> serializers.CharField:
    return StrictCharField(max_length=MAX_REASON, allow_blank=True, default="", help_text=help_text)


# --- events --------------------------------------------------------------------------------------------


class EventWriteSerializer(serializers.Serializer):
    """An event's settings, as ``services.create_event`` and ``services.update_event`` take them."""

    name = StrictCharField(max_length=120)
    date = serializers.DateField(help_text="the lists are judged as of this date (the 30-day rule too)")
    location = StrictCharField(max_length=120, allow_blank=True, required=False)
    ruleset = StrictCharField(
        max_length=80,
        required=False,
        help_text="a built-in format (`vekn`, `v5`, `duel`, `rulebook-2011`) or a saved custom format's id; "
        "default `vekn`",
    )
    rank = serializers.ChoiceField(choices=Event.Rank.choices, required=False)
    proxies = StrictBooleanField(required=False)
    decklists_required = StrictBooleanField(required=False, help_text="no check-in without a legal list")
    decklists_mode = serializers.ChoiceField(
        choices=Event.Decklists.choices,
        required=False,
        help_text="which lists are shown to the players once the event is over",
    )
    rounds = StrictIntegerField(min_value=1, max_value=MAX_ROUNDS, required=False, help_text="preliminary rounds")
    round_minutes = StrictIntegerField(min_value=30, max_value=MAX_ROUND_MINUTES, required=False)
    finals = StrictBooleanField(required=False, help_text="a final for the top five")
    multideck = StrictBooleanField(required=False, help_text="a list per round, each locked as its round starts")
    registration_open = StrictBooleanField(required=False)

    def validate_date(self, value: datetime.date) -> datetime.date:
        if not FIRST_DATE <= value <= LAST_DATE:
            raise serializers.ValidationError(f"Must be a day from {FIRST_DATE} to {LAST_DATE}.")
        return value


class EventSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="the event's unguessable id")
    url = serializers.CharField()
    name = serializers.CharField()
    date = serializers.DateField()
    location = serializers.CharField()
    ruleset = serializers.CharField()
    rank = serializers.ChoiceField(choices=Event.Rank.choices)
    proxies = serializers.BooleanField()
    decklists_required = serializers.BooleanField()
    decklists_mode = serializers.ChoiceField(choices=Event.Decklists.choices)
    rounds = serializers.IntegerField(help_text="preliminary rounds")
    round_minutes = serializers.IntegerField()
    finals = serializers.BooleanField()
    multideck = serializers.BooleanField()
    registration_open = serializers.BooleanField()
    stage = serializers.ChoiceField(choices=Event.Stage.choices)
    owner = serializers.CharField(help_text="the organiser's user name")
    role = serializers.ChoiceField(choices=[(r, r) for r in ROLES], help_text="yours in this event")
    me = serializers.IntegerField(allow_null=True, help_text="your player number; null if you do not play")
    players = serializers.IntegerField(help_text="players registered")
    rounds_seated = serializers.IntegerField(help_text="preliminary rounds seated so far")
    join_url = serializers.CharField(
        allow_null=True, help_text="POST here to register yourself (the organiser's and judges' eyes only)"
    )
    registration_url = serializers.CharField(
        allow_null=True, help_text="the registration page to hand out (the organiser's and judges' eyes only)"
    )
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()


# --- players -------------------------------------------------------------------------------------------


class EventPlayerWriteSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    vekn = VeknField(max_length=12, allow_blank=True, default="", help_text="up to 7 digits; empty if none")


class EventJoinSerializer(serializers.Serializer):
    name = StrictCharField(
        max_length=120, allow_blank=True, default="", help_text="the name to play under; default your user name"
    )
    vekn = VeknField(max_length=12, allow_blank=True, default="", help_text="up to 7 digits; empty if none")


class EventListStateSerializer(serializers.Serializer):
    """A player's registered list as the players' table shows it."""

    submitted = serializers.BooleanField()
    locked = serializers.BooleanField(allow_null=True)
    legal = serializers.BooleanField(
        allow_null=True, help_text="the verdict: shown to the organiser, the judges and the player alone"
    )
    checksum = serializers.CharField(
        allow_null=True, help_text="the card counts' digest: shown to the organiser, the judges and the player alone"
    )
    round = serializers.IntegerField(help_text="0: the event's list; with multideck, the round it is for")


class EventPlayerSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1.. in the order of registration: seats and scores use it")
    url = serializers.CharField()
    name = serializers.CharField()
    vekn = serializers.CharField()
    status = serializers.ChoiceField(choices=Player.Status.choices)
    me = serializers.BooleanField(help_text="this is you")
    decklist = EventListStateSerializer()
    decklist_url = serializers.CharField()


# --- decklists -----------------------------------------------------------------------------------------


class EventDecklistWriteSerializer(serializers.Serializer):
    text = DecklistTextField(
        required=False,
        max_length=services.MAX_DECKLIST_CHARS,
        help_text="the list in any supported format (see `/api/v1/decklists/formats`)",
    )
    deck = StrictCharField(
        required=False, max_length=16, help_text="or the id of a vtesdeck deck: a snapshot of it is registered"
    )
    reason = _reason_field("a judge's reason, required to change a locked list (logged)")
    round = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=MAX_ROUNDS + 1,
        help_text="with multideck, the round the list is for (default: the next round to start)",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("text", "deck") if key in attrs]
        if not given:
            raise serializers.ValidationError(
                {"non_field_errors": ["Send the list as `text`, or a deck's id as `deck`."]}
            )
        if len(given) > 1:
            raise serializers.ValidationError({"non_field_errors": ["Send either `text` or `deck`, not both."]})
        return attrs


class EventDecklistSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    round = serializers.IntegerField(help_text="0: the event's list; with multideck, the round it is for")
    # A field named `source` (DRF's metaclass takes it out of the class: Field.source is untouched).
    source = serializers.ChoiceField(choices=Decklist.Source.choices)  # type: ignore[assignment]
    source_deck = serializers.CharField(allow_null=True, help_text="the deck it was taken from, if any")
    text = serializers.CharField(help_text="the list as registered")
    checksum = serializers.CharField(help_text="the card counts' digest, for registration sheets")
    legal = serializers.BooleanField()
    locked = serializers.BooleanField(help_text="locked lists change only by a judge, with a reason")
    submitted = serializers.DateTimeField()
    report = DeckReportSerializer(
        allow_null=True, help_text="the list judged as the event judges it (its format, as of its date)"
    )


# --- rounds, tables and scores -------------------------------------------------------------------------


class EventSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="1: the first player")
    player = serializers.IntegerField()
    name = serializers.CharField()
    vp = serializers.FloatField(allow_null=True, help_text="null until the table is scored")


class EventTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = EventSeatSerializer(many=True)
    vps = serializers.ListField(child=serializers.FloatField(), help_text="in seat order; empty until scored")
    scored = serializers.BooleanField()
    locked = serializers.BooleanField(help_text="after a judge's lock only a judge changes the score")
    override = serializers.CharField(
        allow_null=True, help_text="a judge's reason for a score the rules refuse (the organiser's and judges' eyes)"
    )
    score_url = serializers.CharField()


class EventViolationsSerializer(serializers.Serializer):
    """The VEKN seating criteria over the rounds seated so far (lower is better; R1 must be 0)."""

    R1 = serializers.FloatField()
    R2 = serializers.FloatField()
    R3 = serializers.FloatField()
    R4 = serializers.FloatField()
    R5 = serializers.FloatField()
    R6 = serializers.FloatField()
    R7 = serializers.FloatField()
    R8 = serializers.FloatField()
    R9 = serializers.FloatField()


class EventRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1.. for the preliminary rounds; the final comes after them")
    url = serializers.CharField()
    final = serializers.BooleanField()
    scored = serializers.BooleanField(help_text="every table scored")
    tables = EventTableSerializer(many=True)
    checked_tables = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="tables picked for a deck check (the organiser's and judges' eyes only)",
    )
    violations = EventViolationsSerializer(
        allow_null=True, help_text="R1..R9 of the preliminary rounds up to this one; null for the final"
    )


class EventMoveSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=MAX_NUMBER),
        min_length=2,
        max_length=2,
        help_text="two players of the round to swap (at one table or two)",
    )
    reason = _reason_field("why (logged)")


class EventScoreSerializer(serializers.Serializer):
    vps = serializers.ListField(
        child=VPField(min_value=0, max_value=5), max_length=MAX_VPS, help_text="each seat's VPs, in seat order"
    )
    reason = _reason_field("a judge's reason for a score no game ends with (a penalty, a game loss), logged")
    lock = StrictBooleanField(
        required=False, allow_null=True, default=None, help_text="a judge locks (or unlocks) the table's score"
    )


# --- standings and the final ---------------------------------------------------------------------------


class EventStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="after the preliminary rounds")
    number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=Player.Status.choices)
    gw = serializers.IntegerField(help_text="game wins")
    vp = serializers.FloatField(help_text="victory points")
    tp = serializers.FloatField(help_text="tournament points")
    toss = serializers.IntegerField(help_text="the recorded toss settling ties (lower first)")
    rounds = serializers.IntegerField(help_text="preliminary rounds played and scored")
    finals_place = serializers.IntegerField(allow_null=True, help_text="1: the winner; null: not in the final")


class EventStandingsSerializer(serializers.Serializer):
    stage = serializers.ChoiceField(choices=Event.Stage.choices)
    rows = EventStandingSerializer(many=True, help_text="the finalists first once the final is scored")


class EventCardNameSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()


class EventQualifierSerializer(serializers.Serializer):
    seed = serializers.IntegerField(help_text="1: the top seed")
    number = serializers.IntegerField()
    name = serializers.CharField()
    reveals = EventCardNameSerializer(many=True, help_text="the crypt cards revealed, public until everyone is seated")
    crypt_left = serializers.IntegerField(allow_null=True, help_text="cards left in the crypt beside those")


class EventFinalsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    url = serializers.CharField()
    qualifiers = EventQualifierSerializer(many=True, help_text="top seed first")
    row = serializers.ListField(child=serializers.IntegerField(), help_text="the name cards laid, left to right")
    next_to_place = serializers.IntegerField(
        allow_null=True, help_text="the finalist whose turn it is (the lowest qualifier first)"
    )
    places = serializers.ListField(
        child=serializers.IntegerField(), help_text="where the next card may go: 0 (before the first) to len(row)"
    )
    complete = serializers.BooleanField()
    first = serializers.IntegerField(allow_null=True, help_text="the finalist drawn to play first")
    seats = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="seat 1 first, once the first player is drawn"
    )
    table = EventTableSerializer(allow_null=True, help_text="the final's table once seated")


class EventPlaceSerializer(serializers.Serializer):
    player = StrictIntegerField(min_value=1, max_value=MAX_NUMBER, help_text="the finalist placing their card")
    index = StrictIntegerField(min_value=0, max_value=MAX_PLAYERS, help_text="one of `places`")


# --- deck checks ---------------------------------------------------------------------------------------


class EventDeckCheckWriteSerializer(serializers.Serializer):
    player = StrictIntegerField(min_value=1, max_value=MAX_NUMBER)
    counted = serializers.DictField(
        child=StrictIntegerField(min_value=0, max_value=MAX_COUNT),
        help_text=f"cards counted per group: {', '.join(deckcheck.CARD_TYPES)}",
    )
    penalty = serializers.ChoiceField(
        choices=["", services.NO_PENALTY, *deckcheck.PENALTIES],
        default="",
        help_text="empty: the guide's default when the deck differs; `none`: no penalty",
    )
    note = _reason_field("the judge's note")

    def validate_counted(self, value: dict[str, int]) -> dict[str, int]:
        if len(value) > len(deckcheck.CARD_TYPES) * 2 or any(len(group) > 40 for group in value):
            raise serializers.ValidationError(f"Count by group: {', '.join(deckcheck.CARD_TYPES)}.")
        return value


class EventDifferenceSerializer(serializers.Serializer):
    group = serializers.CharField()
    expected = serializers.IntegerField(help_text="in the locked list")
    counted = serializers.IntegerField()
    delta = serializers.IntegerField(help_text="cards counted beyond the list (negative: missing)")


class EventFindingSerializer(serializers.Serializer):
    infraction = serializers.CharField()
    remedy = serializers.CharField()
    penalty = serializers.CharField(help_text="the default penalty")
    penalties = serializers.ListField(child=serializers.CharField(), help_text="those a head judge chooses from")
    differences = EventDifferenceSerializer(many=True)


class EventDeckCheckSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    round = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    expected = serializers.DictField(child=serializers.IntegerField(), help_text="the locked list's groups")
    counted = serializers.DictField(child=serializers.IntegerField())
    differences = EventDifferenceSerializer(many=True)
    finding = EventFindingSerializer(allow_null=True, help_text="null when the deck matches its list")
    penalty = serializers.CharField(help_text="the penalty recorded (`none` or empty: none)")
    note = serializers.CharField()
    judge = serializers.CharField(allow_null=True)
    created = serializers.DateTimeField()
