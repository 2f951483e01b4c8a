"""Simulations over the API: what a request to start a job may hold, and the documented shape of a job.

Requests are checked strictly here (a string where a number belongs, ``true`` for a count: a 400 naming
the field); what only the core can judge (a deck too small to draw from, a condition that does not parse)
is refused by ``services.start_hands`` and mapped to the same shape by the view. The job's ``result`` is
the core's hands report (``draws.hands_report``) returned as stored; the serializers below only document
it.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import NoReverseMatch
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decklists.api.serializers import TEXT_HELP, DecklistTextField
from decks import services as deck_services
from decks.api.serializers import StrictCharField, StrictIntegerField
from vtesdeck.core import decklist, draws

from .. import services
from ..models import Simulation

__all__ = [
    "HandsReportSerializer",
    "SimulationCreateSerializer",
    "SimulationListSerializer",
    "SimulationSerializer",
]

KINDS = [("hands", "Opening hands"), ("games", "Full games (not available yet)")]


def _choice(values: list[str], **kwargs) -> serializers.ChoiceField:
    """A choice documented by a pattern rather than an ``enum``: drf-spectacular names every enum after its
    field, and a second choice set for a field called ``kind`` (the cards API has one) would be a naming
    collision, which the schema check refuses."""

    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$"})
    class PatternChoiceField(serializers.ChoiceField):
        pass

    return PatternChoiceField(choices=values, **kwargs)


# --- requests --------------------------------------------------------------------------------------


class SimulationCreateSerializer(serializers.Serializer):
    kind = _choice(
        [kind for kind, _label in KINDS],
        default="hands",
        help_text="`hands`: opening hands and draws. `games` is planned, not yet open.",
    )
    deck = StrictCharField(
        required=False, max_length=64, help_text="The id of a deck you can read (yours, unlisted or public)."
    )
    text = DecklistTextField(trim_whitespace=False, required=False, help_text=f"Instead of `deck`: {TEXT_HELP}")
    format = serializers.ChoiceField(
        choices=[(name, fmt.label) for name, fmt in decklist.FORMATS.items()],
        required=False,
        allow_null=True,
        help_text="The decklist's format, to skip detection (with `text` only).",
    )
    hands = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=settings.SIMULATION_MAX_HANDS,
        help_text=f"Opening hands to draw (default {settings.SIMULATION_DEFAULT_HANDS:,}).",
    )
    seed = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=services.MAX_SEED,
        help_text="The random seed: the same deck, hands and seed give the same figures. Default: a random one "
        "(the answer says which).",
    )
    conditions = serializers.ListField(
        child=StrictCharField(max_length=draws.MAX_CONDITION_LENGTH),
        required=False,
        max_length=draws.MAX_CONDITIONS,
        help_text='Joint conditions on the opening hand, e.g. `library.type("Master") >= 1 and '
        'crypt.capacity("<=6") >= 2`; each gets its share of hands (and its exact odds where they are computed). '
        "The language is described in README (Draws).",
    )

    def validate(self, attrs: dict) -> dict:
        if attrs["kind"] == "games":
            raise serializers.ValidationError(
                {"kind": [_('Game simulations are not available yet; start a "hands" simulation.')]},
                code="unavailable",
            )
        has_deck, has_text = "deck" in attrs, "text" in attrs
        if has_deck == has_text:
            message = (
                _("Send either `deck` or `text`, not both.")
                if has_deck
                else _("Send the deck to draw from: a deck id as `deck`, or a decklist as `text`.")
            )
            raise serializers.ValidationError({"deck": [message]}, code="required")
        if attrs.get("format") and not has_text:
            raise serializers.ValidationError({"format": [_("`format` goes with `text`.")]}, code="alone")
        if has_text:
            try:
                attrs["core"] = deck_services.parse_text(attrs["text"], format=attrs.get("format"))
            except deck_services.DeckInputError as exc:
                raise serializers.ValidationError({"text": [str(exc)]}, code="decklist") from None
        return attrs


# --- the hands report (documentation of draws.hands_report) ---------------------------------------


def _shares(help_text: str) -> serializers.ListField:
    return serializers.ListField(child=serializers.FloatField(), help_text=help_text)


class LibraryCardOddsSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="copies in the library")
    type = serializers.CharField(help_text='the card type, e.g. "Master" or "Action/Reaction"')
    p_opening = serializers.FloatField(help_text="share of simulated opening hands (7 cards) holding at least one")
    p_opening_exact = serializers.FloatField(help_text="the exact probability: 1 − C(L−k, 7) / C(L, 7)")
    stderr = serializers.FloatField(help_text="standard error of `p_opening`: √(p(1−p)/N) with the exact p")
    p_by_turn_exact = _shares("exact P(at least one seen) by the start of turn 1, 2, …")


class CryptCardOddsSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="copies in the crypt")
    capacity = serializers.IntegerField(allow_null=True)
    p_opening = serializers.FloatField(help_text="share of simulated opening crypts (4 cards) holding at least one")
    p_opening_exact = serializers.FloatField(help_text="the exact probability: 1 − C(C−k, 4) / C(C, 4)")
    stderr = serializers.FloatField()


class GroupOddsSerializer(serializers.Serializer):
    part = _choice(["library", "crypt"])
    kind = _choice(["type", "discipline", "clan", "capacity"])
    key = serializers.CharField(help_text='what the group is keyed by, e.g. "Master"')
    label = serializers.CharField()
    count = serializers.IntegerField(help_text="cards of the part in the group")
    p_opening = serializers.FloatField(allow_null=True, help_text="simulated share of openings with at least one")
    p_opening_exact = serializers.FloatField()
    at_least_exact = _shares("exact P(at least 1), P(at least 2), P(at least 3), P(at least 4) in the opening")
    p_by_turn_exact = _shares("exact P(at least one seen) by the start of turn 1, 2, …")


class PlayableSerializer(serializers.Serializer):
    mean_share = serializers.FloatField(help_text="mean share of the 7 library cards the 4 crypt cards can play")
    histogram = _shares("share of opening hands with 0, 1, …, 7 playable library cards")
    all_playable = serializers.FloatField(help_text="share of opening hands whose 7 library cards are all playable")
    explanation = serializers.CharField(help_text="what counts as playable")


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=5)
    by_turn = _shares("P(a vampire is out by the end of turn 1, 2, …)")
    mean_turn = serializers.FloatField(allow_null=True)
    second_by_turn = _shares("P(a second vampire is out by the end of turn 1, 2, …)")


class FirstVampireSerializer(serializers.Serializer):
    policy = serializers.CharField(help_text="the influence policy simulated")
    turns = serializers.IntegerField()
    seats = SeatSerializer(many=True)


class DrawCurveTurnSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    seen = serializers.IntegerField(help_text="library cards seen by the start of this turn (hand refilled to 7)")


class DrawCurveSerializer(serializers.Serializer):
    replacements_per_turn = serializers.IntegerField()
    turns = DrawCurveTurnSerializer(many=True)


class ConditionOddsSerializer(serializers.Serializer):
    expression = serializers.CharField()
    p = serializers.FloatField(help_text="share of simulated opening hands meeting it")
    stderr = serializers.FloatField()
    p_exact = serializers.FloatField(allow_null=True, help_text="exact probability, where the core computes one")


class HandsReportSerializer(serializers.Serializer):
    """The hands report: the same JSON object as ``simulate_hands --json``."""

    hands = serializers.IntegerField()
    seed = serializers.IntegerField()
    seconds = serializers.FloatField(help_text="wall time from the first chunk's start to the last one's end")
    hands_per_second = serializers.FloatField()
    chunks = serializers.IntegerField()
    library_size = serializers.IntegerField()
    crypt_size = serializers.IntegerField()
    library = LibraryCardOddsSerializer(many=True, help_text="in the deck's list order")
    crypt = CryptCardOddsSerializer(many=True)
    groups = GroupOddsSerializer(many=True, help_text="card types, disciplines, clans and capacities")
    playable = PlayableSerializer()
    first_vampire = FirstVampireSerializer()
    draw_curve = DrawCurveSerializer()
    conditions = ConditionOddsSerializer(many=True)


# --- a job -------------------------------------------------------------------------------------------


class SimulationListSerializer(serializers.ModelSerializer):
    """A job without its result: status and progress, as the list shows it."""

    url = serializers.SerializerMethodField(help_text="this job in the API")
    kind = _choice(Simulation.Kind.values, read_only=True)
    status = _choice(
        Simulation.Status.values,
        read_only=True,
        help_text="queued → running → done, or failed (see `error`) or cancelled",
    )
    page_url = serializers.SerializerMethodField(help_text="this job's page on the site")
    progress = serializers.FloatField(read_only=True, help_text="0 to 1; 1 once done")
    chunks = serializers.IntegerField(source="chunks_total", read_only=True, help_text="parts the job is split into")
    deck = serializers.SerializerMethodField(
        help_text="the id of the deck it was drawn from, if you may read that deck and were given its link: a "
        "public deck, your own, or one you started this job on (else null)"
    )
    conditions = serializers.SerializerMethodField()
    seconds = serializers.SerializerMethodField(help_text="wall time so far, or from start to finish")

    class Meta:
        model = Simulation
        fields = [
            "id", "url", "page_url", "kind", "status", "progress", "hands", "hands_done", "chunks", "chunks_done",
            "attempts", "seed", "conditions", "deck", "deck_name", "deck_version", "error", "created_at",
            "started_at", "finished_at", "heartbeat_at", "seconds", "compute_seconds",
        ]  # fmt: skip
        read_only_fields = fields
        extra_kwargs = {
            "error": {"help_text": "why it failed, in a sentence; empty otherwise"},
            "attempts": {"help_text": "times its chunks were sent: more than 1 after a worker was lost"},
            "compute_seconds": {"help_text": "CPU seconds the workers spent, summed over chunks"},
        }

    @extend_schema_field({"type": "string", "nullable": True})
    def get_deck(self, simulation: Simulation) -> str | None:
        # A job shared by its id must not pass on the link of an unlisted deck (nor name a private one).
        # Asked once per deck and starter: a page of the list holds many jobs of a few decks.
        named = self.context.setdefault("decks_named", {})
        key = (simulation.deck_id, simulation.owner_id)
        if key not in named:
            named[key] = simulation.deck_named_to(getattr(self.context.get("request"), "user", None))
        return named[key]

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, simulation: Simulation) -> str:
        return self._absolute(simulation.get_api_url())

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_page_url(self, simulation: Simulation) -> str | None:
        try:
            return self._absolute(simulation.get_absolute_url())
        except NoReverseMatch:  # a deployment without the pages
            return None

    def get_conditions(self, simulation: Simulation) -> list[str]:
        return list(simulation.parameters.get("conditions", []))

    def get_seconds(self, simulation: Simulation) -> float | None:
        if simulation.started_at is None:
            return None
        end = simulation.finished_at or timezone.now()
        return round((end - simulation.started_at).total_seconds(), 3)

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class SimulationSerializer(SimulationListSerializer):
    """A job with its result once done (anyone holding its id may read it: ids are unguessable)."""

    result = HandsReportSerializer(read_only=True, allow_null=True, help_text="the hands report, once `done`")
    workers = serializers.SerializerMethodField(help_text="hostnames of the workers that computed its chunks")

    class Meta(SimulationListSerializer.Meta):
        fields = SimulationListSerializer.Meta.fields + ["workers", "result"]
        read_only_fields = fields

    def get_workers(self, simulation: Simulation) -> list[str]:
        return sorted(set(simulation.chunks.values_list("worker", flat=True)) - {""})

    def to_representation(self, simulation: Simulation) -> dict:
        data = super().to_representation(simulation)
        data["result"] = simulation.result  # the core's report, as stored
        return data
