"""Simulations over the API: what a request to start a job may hold, and the documented shape of a job.

Requests are checked strictly here (a string where a number belongs, ``true`` for a count: a 400 naming
the field); what only the core can judge (a deck too small to draw from, a condition that does not parse)
is refused by ``services.start_hands`` / ``start_games`` and mapped to the same shape by the view. The job's
``result`` is the kind's report returned as stored, documented by the serializer its kind names
(``JobKind.report_serializer``: ``simulations.reports`` for hands and games, ``proxies.kind`` for proxies).
"""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.urls import NoReverseMatch
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from decks import services as deck_services
from vtesdeck.core import decklist, draws
from vtesdeck.core.engine import options as table
from vtesdeck.core.engine.schedule import PLAYERS
from vtesdeck.core.numbers import MAX_SEED
from vtesdeck.messages import refusal
from vtesdeck.serializers import TEXT_HELP, DecklistTextField, StrictCharField, StrictIntegerField, StrictKeys

from .. import kinds
from ..models import Simulation
from ..reports import pattern_choice

__all__ = [
    "SimulationCreateSerializer",
    "SimulationListSerializer",
    "SimulationSerializer",
]

KINDS = [
    ("hands", "Opening hands"),
    ("games", "Full games"),
    ("compare", "Two decks compared"),
    ("impact", "What each card brings"),
    ("proxies", "Proxy sheets"),
]
HANDS_ONLY = ("hands", "conditions")
GAMES_ONLY = ("games", "players", "rounds", "rules", "opponents", "field_since")
PROXIES_ONLY = ("paper", "marks", "print", "only", "printings")
# The fields each kind takes besides ``kind``, ``deck``/``text``/``format`` and ``seed``: any other kind's field is a 400.
KIND_FIELDS = {
    "hands": HANDS_ONLY,
    "games": GAMES_ONLY,
    "compare": ("games", "players", "rounds", "other", "opponents", "field_since"),
    "impact": ("games", "players", "rounds", "opponents", "field_since"),
    "proxies": PROXIES_ONLY,
}
PLAYED = ("games", "compare", "impact")  # the kinds that seat the deck at a table


OPPONENT_SCHEMA = {
    "oneOf": [
        {"type": "string", "enum": ["field"]},
        {"type": "object", "properties": {"style": {"type": "string"}}, "required": ["style"]},
        {"type": "object", "properties": {"archetype": {"type": "string"}}, "required": ["archetype"]},
        {"type": "object", "properties": {"deck": {"type": "string"}}, "required": ["deck"]},
        {"type": "object", "properties": {"twda": {"type": "string"}}, "required": ["twda"]},
    ]
}


@extend_schema_field(OPPONENT_SCHEMA)
class OpponentField(serializers.JSONField):
    """One opponent: ``"field"`` or an object with one key (``style``, ``archetype``, ``deck``, ``twda``); checked by
    ``simulations.opponents``, which says what is wrong with one."""


@extend_schema_field(
    {
        "oneOf": [
            {"type": "object", "properties": {"deck": {"type": "string"}}, "required": ["deck"]},
            {"type": "object", "properties": {"revision": {"type": "integer"}}, "required": ["revision"]},
            {"type": "object", "properties": {"twda": {"type": "string"}}, "required": ["twda"]},
        ]
    }
)
class OtherDeckField(serializers.JSONField):
    """Deck B of a comparison: an object with one key (``deck``, ``revision``, ``twda``); checked by
    ``simulations.opponents.resolve_other``, which says what is wrong with one."""


@extend_schema_field({"type": "array", "items": OPPONENT_SCHEMA, "maxItems": 4})
class OpponentsField(serializers.ListField):
    """The opponents, at most four (five seats) as documented; the count is checked against the seats asked
    for by ``simulations.opponents`` ("5 seats leave room for 4 opponents, not 5."), not here, where the
    sentence could not name the seats."""


# A games table's options: the schema shows their bounds and choices, but the engine's TableOptions checks them
# (``validate``), so the API refuses a bad one with the sentence the Games form and the CLI give too.
class TableNumberField(StrictIntegerField):
    """A table option's number: ``bounds`` are for the schema only (DRF adds no validators of its own)."""

    def __init__(self, *, bounds: tuple[int, int], **kwargs) -> None:
        super().__init__(**kwargs)  # DRF keeps the arguments and makes the field again from them per request
        self.min_value, self.max_value = bounds


def _table_choice(values: tuple[str, ...], **kwargs) -> StrictCharField:
    @extend_schema_field({"type": "string", "pattern": f"^({'|'.join(values)})$"})
    class TableChoiceField(StrictCharField):
        pass

    return TableChoiceField(**kwargs)


# --- requests --------------------------------------------------------------------------------------


class SimulationCreateSerializer(StrictKeys, serializers.Serializer):
    kind = pattern_choice(
        [kind for kind, _label in KINDS],
        default="hands",
        help_text="`hands`: opening hands and draws. `games`: full simulated games of the deck against opponents "
        "(`opponents`, `games`, `players`, `rounds`, `rules`). `compare`: the deck (A) and `other` (B) in the same "
        "`games` against `opponents` (the tournament field by default), paired game by game: each deck's VP and "
        "wins, B − A with its interval and a verdict. `impact`: each card of the deck replaced by blanks, paired with "
        "the deck as built over `games` games against `opponents`: what each card brings in VP and wins. `proxies`: a PDF of the deck's cards at card "
        "size (`paper`, `marks`, `print`, `only`, `printings`); its result's `download_url` is the PDF.",
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
    seed = TableNumberField(
        bounds=(0, MAX_SEED),
        required=False,
        allow_null=True,
        help_text="The random seed: the same deck, hands (or table) and seed give the same figures. Default: for "
        "`games`, `compare` and `impact` jobs of a stored `deck`, the deck's own seed (the same for every revision, "
        "so that jobs of two revisions at the same table play the same tables and pair game by game); otherwise a "
        "random one (the answer says which).",
    )
    conditions = serializers.ListField(
        child=StrictCharField(max_length=draws.MAX_CONDITION_LENGTH),
        required=False,
        max_length=draws.MAX_CONDITIONS,
        help_text='Joint conditions on the opening hand, e.g. `library.type("Master") >= 1 and '
        'crypt.capacity("<=6") >= 2`; each gets its share of hands (and its exact odds where they are computed). '
        "The language is described in docs/user-guide.md (How a deck draws).",
    )
    games = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=settings.SIMULATION_MAX_GAMES,
        help_text=f"`games`: games to play (default {settings.SIMULATION_DEFAULT_GAMES:,}, enough for about ±0.1 VP "
        "on the deck's mean); seats rotate so that the deck plays every seat equally. `compare`: games for each deck "
        f"(default {settings.SIMULATION_DEFAULT_COMPARE_GAMES:,}), 2 × games played. `impact`: games as built and "
        f"for each card blanked (default {settings.SIMULATION_DEFAULT_IMPACT_GAMES:,}), games × (distinct cards + 1) "
        "played. Every game played counts against the games limits (the job's `games` is that total).",
    )
    players = TableNumberField(
        bounds=(min(PLAYERS), max(PLAYERS)),
        required=False,
        help_text="`games`, `compare`, `impact`: seats at the table, 4 or 5 (default 5).",
    )
    other = OtherDeckField(
        required=False,
        help_text='`compare` only: deck B, compared with the job\'s deck (A): `{"deck": id}` (a deck you can read), '
        '`{"revision": number}` (a saved revision of the job\'s deck, yours) or `{"twda": id}` (an archive deck).',
    )
    rounds = TableNumberField(
        bounds=(1, table.MAX_ROUNDS),
        required=False,
        allow_null=True,
        help_text="`games`, `compare` and `impact`: the time limit as a round cap (each Methuselah has had this many "
        f"turns; survivors then get ½ VP each). Default {table.DEFAULT_ROUNDS}; null plays until one Methuselah is "
        "left.",
    )
    rules = _table_choice(
        table.RULES,
        required=False,
        help_text="`games` only: `vekn` (the current rulebook, default) or `2011` (vampires influenced out "
        "automatically).",
    )
    opponents = OpponentsField(
        child=OpponentField(),
        required=False,
        help_text='`games`, `compare`, `impact`: one entry per other seat, each `"field"` (a tournament-winning deck '
        "drawn per game from the archive since `field_since`, so archetypes come as often as they win), "
        '`{"style": slug}` (a deck of that named archetype per game: `stealth-bleed`, `power-bleed`, `vote`, `wall`, '
        "`rush`, `bruise`, `ally`, `toolbox`, see /twda/styles/), "
        '`{"archetype": slug}` (a deck of that archive archetype per game; a named archetype\'s slug works too), '
        '`{"deck": id}` (a deck you can read) '
        'or `{"twda": id}` (an archive deck). Fewer entries than seats: the rest are `"field"`. Pools may be '
        "mixed at one table (a `wall` at one seat, the field at the others) for every kind.",
    )
    field_since = serializers.DateField(
        required=False,
        help_text="`games`, `compare`, `impact`: the field's archive decks are from this date on (default 2018-01-01).",
    )

    paper = pattern_choice(["a4", "letter"], required=False, help_text="`proxies` only: `a4` (default) or `letter`.")
    marks = pattern_choice(
        ["crop", "gaps"],
        required=False,
        help_text="`proxies` only: `crop` (cards side by side, crop marks in the margins; default) or `gaps` "
        "(3 mm between cards).",
    )
    print = pattern_choice(
        ["all", "missing", "only"],
        required=False,
        help_text="`proxies` only: `all` the deck's cards (default), the copies your collection is `missing` (a "
        "stored deck, logged in), or `only` the card ids listed in `only`.",
    )
    only = serializers.ListField(
        child=StrictIntegerField(min_value=1),
        required=False,
        max_length=500,
        help_text="`proxies` with `print` `only`: the card ids to print (every copy the deck has of each).",
    )
    printings = serializers.DictField(
        child=StrictCharField(max_length=40),
        required=False,
        help_text='`proxies` only: the printing (set abbreviation) per card id, e.g. `{"100001": "Jyhad"}`.',
    )

    def validate(self, attrs: dict) -> dict:
        own = KIND_FIELDS[attrs["kind"]]
        others = dict.fromkeys(name for fields in KIND_FIELDS.values() for name in fields if name not in own)
        wrong = [name for name in others if name in attrs]
        if wrong:
            raise serializers.ValidationError(
                {
                    name: [_("`%(field)s` does not go with kind %(kind)s.") % {"field": name, "kind": attrs["kind"]}]
                    for name in wrong
                },
                code="kind",
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
        if attrs["kind"] == "compare" and "other" not in attrs:
            message = _("Send the deck to compare with as `other`: a deck id, a revision number or an archive deck id.")
            raise serializers.ValidationError({"other": [message]}, code="required")
        self._check_seed_and_table(attrs)
        if has_text:
            try:
                attrs["core"] = deck_services.parse_text(attrs["text"], format=attrs.get("format"))
            except deck_services.DeckInputError as exc:
                raise serializers.ValidationError({"text": [str(exc)]}, code="decklist") from None
        return attrs

    @staticmethod
    def _check_seed_and_table(attrs: dict) -> None:
        """A games job's table by the engine's one contract; any job's seed by the same rule."""
        seed = 0 if attrs.get("seed") is None else attrs["seed"]
        try:
            if attrs["kind"] in PLAYED:
                players = attrs.get("players", table.DEFAULT_PLAYERS)
                rounds = attrs.get("rounds", table.DEFAULT_ROUNDS)
                table.TableOptions(players=players, rounds=rounds, rules=attrs.get("rules", "vekn"), seed=seed)
            else:
                table.check_seed(seed)
        except table.TableOptionError as exc:
            raise serializers.ValidationError({exc.field: [refusal(exc)]}, code="invalid") from None


# --- a job -------------------------------------------------------------------------------------------


class SimulationListSerializer(serializers.ModelSerializer):
    """A job without its result: status and progress, as the list shows it."""

    url = serializers.SerializerMethodField(help_text="this job in the API")
    kind = pattern_choice(Simulation.Kind.values, read_only=True)
    status = pattern_choice(
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
    # Each kind names its units: a job has one of `hands`, `games`, `cards`, `decks` with its `_done` (and a games
    # or proxies job its `parameters`). Not read-only fields, so that the schema does not require the other kinds'.
    hands = serializers.IntegerField(source="units", required=False, help_text="hands asked for (`hands` jobs)")
    hands_done = serializers.IntegerField(
        source="units_done", required=False, help_text="hands drawn so far (`hands` jobs)"
    )
    games = serializers.IntegerField(
        source="units",
        required=False,
        help_text="games to play in all (`games` jobs: as asked; `compare`: 2 × the games asked; `impact`: the games "
        "asked × (cards + 1))",
    )
    games_done = serializers.IntegerField(
        source="units_done", required=False, help_text="games played so far (`games`, `compare`, `impact` jobs)"
    )
    cards = serializers.IntegerField(source="units", required=False, help_text="cards to place (`proxies` jobs)")
    cards_done = serializers.IntegerField(
        source="units_done", required=False, help_text="cards placed so far (`proxies` jobs)"
    )
    decks = serializers.IntegerField(source="units", required=False, help_text="decks weighed (`planner` jobs)")
    decks_done = serializers.IntegerField(
        source="units_done", required=False, help_text="decks weighed so far (`planner` jobs)"
    )
    parameters = serializers.JSONField(
        required=False,
        help_text="`games` jobs: the table asked for: players, rounds, rules, opponents (one per other seat; a "
        '`{"deck": id}` opponent reads `{"deck": null}` unless you may be shown that deck\'s id, as for `deck`). '
        "`compare` jobs: games (for each deck), players, rounds and other (the same rule for a deck's id); `impact` "
        "jobs: games (for each version), players, rounds and cards (the distinct cards measured); both: opponents "
        "and field_since when the request named them (none: the field since 2018-01-01 at every other seat).",
    )

    class Meta:
        model = Simulation
        fields = [
            "id",
            "url",
            "page_url",
            "kind",
            "status",
            "progress",
            "hands",
            "hands_done",
            "games",
            "games_done",
            "cards",
            "cards_done",
            "decks",
            "decks_done",
            "chunks",
            "chunks_done",
            "attempts",
            "seed",
            "conditions",
            "parameters",
            "deck",
            "deck_name",
            "deck_version",
            "error",
            "created_at",
            "started_at",
            "finished_at",
            "heartbeat_at",
            "seconds",
            "compute_seconds",
        ]
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
        named = self._memo("decks_named")
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

    def to_representation(self, simulation: Simulation) -> dict:
        data = super().to_representation(simulation)
        # Each kind shows its own unit (``JobKind.unit``) and none of the others'.
        unit = kinds.of(simulation).unit
        for other in {kind.unit for kind in kinds.KINDS.values()} - {unit}:
            del data[other], data[f"{other}_done"]
        # And the parameters its kind shows (``JobKind.api_parameters``), as this reader may read them.
        keys = kinds.of(simulation).api_parameters
        if keys:
            parameters = self.shown(simulation)[0]
            data["parameters"] = {key: parameters[key] for key in keys if key in parameters}
        else:
            del data["parameters"]
        return data

    def shown(self, simulation: Simulation) -> tuple[dict, dict | None]:
        """The job's parameters and result as the request's user may read them (``Simulation.shown_to``: an
        opponent's deck named by its id only to who may be shown it), worked out once per job and request."""
        shown = self._memo("jobs_shown")
        if simulation.pk not in shown:
            shown[simulation.pk] = simulation.shown_to(getattr(self.context.get("request"), "user", None))
        return shown[simulation.pk]

    def _memo(self, name: str) -> dict[Any, Any]:
        """The dict ``name`` of the serializer's context (made when first asked), kept for the request."""
        # The context is the dict the view (``get_serializer_context``) or the caller passed; the stubs type it as
        # a read-only Mapping.
        return cast(dict[str, Any], self.context).setdefault(name, {})

    def get_seconds(self, simulation: Simulation) -> float | None:
        if simulation.started_at is None:
            return None
        end = simulation.finished_at or timezone.now()
        return round((end - simulation.started_at).total_seconds(), 3)

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="SimulationResult",
        # Each kind's own report (``JobKind.report_serializer``), read when the schema is made: after every app
        # registered its kinds.
        serializers=lambda: [kind.report_serializer for kind in kinds.KINDS.values() if kind.report_serializer],
        resource_type_field_name=None,
    )
)
class ResultField(serializers.JSONField):
    """The stored report as it is, documented as one of the two reports. (A ``PolymorphicProxySerializer`` as
    the field itself documents the same, but refuses to serialize anything: a done job would be a 500.)"""


class SimulationSerializer(SimulationListSerializer):
    """A job with its result once done (anyone holding its id may read it: ids are unguessable)."""

    result = ResultField(
        read_only=True,
        allow_null=True,
        help_text="the kind's report once `done`: the hands report, the games report, a comparison's, a card "
        "impact's (or a proxies job's)",
    )
    workers = serializers.SerializerMethodField(help_text="hostnames of the workers that computed its chunks")

    class Meta(SimulationListSerializer.Meta):
        fields = SimulationListSerializer.Meta.fields + ["workers", "result"]
        read_only_fields = fields

    def get_workers(self, simulation: Simulation) -> list[str]:
        return sorted(set(simulation.chunks.values_list("worker", flat=True)) - {""})

    def to_representation(self, simulation: Simulation) -> dict:
        data = super().to_representation(simulation)
        data["result"] = self.shown(simulation)[1]  # the core's report, as stored (less what this reader may not see)
        return data
