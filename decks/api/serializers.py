"""Decks over the API: what a request may hold, and the documented shape of every answer.

Requests are checked here, strictly (a number where a name belongs, ``true`` for a count, a list of 10,000
cards: each a 400 naming the field), and the cards they carry are read by ``services.parse_text`` or
``services.from_lists``, so the API accepts exactly what the pages accept. Answers about the deck's cards
and legality are the core's own report (``Report.to_dict()``), documented by the serializers the decklists
API documents it with (``vtesdeck.serializers.DeckReportSerializer``).
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from formats.services import ruleset_for
from vtesdeck import messages
from vtesdeck.core import decklist
from vtesdeck.serializers import (
    TEXT_HELP,
    DeckCardCountSerializer,
    DecklistTextField,
    DeckReportSerializer,
    StrictCharField,
    StrictIntegerField,
    UnresolvedLineSerializer,
    similarity_field,
)

from .. import services
from ..fields import (
    check_format,
    description_field,
    name_field,
    ruleset_field,
    tags_field,
    version_field,
    visibility_field,
)
from ..filters import DECK_LIST, SearchFilter
from ..models import Deck

__all__ = [
    "DeckCreateSerializer",
    "DeckDetailSerializer",
    "DeckExportQuerySerializer",
    "DeckExportSerializer",
    "DeckFilterSerializer",
    "DeckSerializer",
    "DeckUpdateSerializer",
    "RevisionDiffSerializer",
    "RevisionPageSerializer",
    "RevisionQuerySerializer",
    "RevisionSerializer",
    "SimilarDeckSerializer",
]

WRITABLE_FORMATS = [name for name, fmt in decklist.FORMATS.items() if fmt.export is not None]


# --- requests --------------------------------------------------------------------------------------


@extend_schema_field({"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 1}]})
class CardReferenceField(serializers.Field):
    """A card named by its VEKN id (a JSON number) or by its name (a JSON string)."""

    default_error_messages = {"invalid": gettext_lazy("A card is named by its VEKN id (a number) or its name.")}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, (int, str)):
            self.fail("invalid")
        if isinstance(data, str) and not data.strip():
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


class CardCountSerializer(serializers.Serializer):
    """One card and its copies. The card by ``id``, by ``name`` (any spelling a decklist may use, read by the
    decklist resolver), or by ``card`` (either)."""

    id = StrictIntegerField(min_value=1, required=False, help_text="VEKN id")
    name = StrictCharField(
        max_length=200,
        required=False,
        help_text="The card's name instead of its id, as a decklist writes it (`Theo Bell`, `Rack, The`, "
        "`Kemintiri (ADV)`, `Theo Bell (G6)`). A vampire name two groups share, written bare, is read as a "
        "decklist's would be: the version that fits the rest of the crypt, else the earliest printing.",
    )
    card = CardReferenceField(required=False, help_text="The card's VEKN id or its name (instead of `id`/`name`).")
    count = StrictIntegerField(min_value=1, max_value=services.MAX_COPIES)

    class Meta:
        ref_name = "CardCount"

    def validate(self, attrs: dict) -> dict:
        given = [key for key in ("id", "name", "card") if key in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"card": [_("Name the card once: by `id`, by `name` or by `card` (an id or a name).")]},
                code="card",
            )
        reference = attrs[given[0]]
        if isinstance(reference, int):
            return {"id": reference, "count": attrs["count"]}
        return {"name": reference, "count": attrs["count"], "field": given[0]}


def _card_list(part: str) -> serializers.ListField:
    other = "library" if part == "crypt" else "crypt"
    return serializers.ListField(
        child=CardCountSerializer(),
        required=False,
        max_length=services.MAX_CARDS_PER_DECK,
        help_text=f'The {part}: `{{"id": <VEKN id>, "count": <copies>}}` or `{{"name": "<card name>", '
        f'"count": <copies>}}` entries, in list order; instead of `text`, and sent together with `{other}`. '
        "A name that names no card is a 400 naming it, with the names it may have meant.",
    )


class _CardsInput(serializers.Serializer):
    """A deck's cards, as a decklist (``text``) or as two lists of ids and counts."""

    text = DecklistTextField(trim_whitespace=False, required=False, help_text=TEXT_HELP)
    format = serializers.ChoiceField(
        choices=[(name, fmt.label) for name, fmt in decklist.FORMATS.items()],
        required=False,
        allow_null=True,
        help_text="The decklist's format, to skip detection (with `text` only).",
    )
    crypt = _card_list("crypt")
    library = _card_list("library")

    cards_required = True

    def validate(self, attrs: dict) -> dict:
        has_text = "text" in attrs
        has_lists = "crypt" in attrs or "library" in attrs
        if has_text and has_lists:
            raise serializers.ValidationError(
                {"text": [_("Send the cards either as `text` or as `crypt` and `library` lists, not both.")]},
                code="both",
            )
        if not has_text and not has_lists:
            if self.cards_required:
                raise serializers.ValidationError(
                    {"text": [_("Send the cards: a decklist as `text`, or `crypt` and `library` lists.")]},
                    code="required",
                )
            if attrs.get("format"):
                raise serializers.ValidationError({"format": [_("`format` goes with `text`.")]}, code="alone")
            attrs["core"] = None
            return attrs
        if has_lists:
            if attrs.get("format"):
                raise serializers.ValidationError({"format": [_("`format` goes with `text`.")]}, code="alone")
            missing = "library" if "crypt" in attrs else "crypt"
            if missing not in attrs:
                raise serializers.ValidationError(
                    {missing: [_("Send both `crypt` and `library` (an empty list for an empty part).")]},
                    code="required",
                )
            attrs["core"] = _from_lists(attrs["crypt"], attrs["library"])
        else:
            try:
                attrs["core"] = services.parse_text(attrs["text"], format=attrs.get("format"))
            except services.DeckInputError as exc:
                raise serializers.ValidationError({"text": [str(exc)]}, code="decklist") from None
        return attrs


def _from_lists(crypt: list[dict], library: list[dict]):
    try:
        return services.from_lists(crypt, library)
    except services.UnknownCardName as exc:
        # The very entry: "crypt[3].name" (or ".card"), as for any other bad value in a list.
        field = (crypt if exc.part == "crypt" else library)[exc.index].get("field", "name")
        raise serializers.ValidationError({f"{exc.part}[{exc.index}].{field}": [str(exc)]}, code="cards") from None
    except services.DeckInputError as exc:
        raise serializers.ValidationError({_failing_part(crypt, library): [str(exc)]}, code="cards") from None


def _failing_part(crypt: list[dict], library: list[dict]) -> str:
    """The list a refused deck's sentence is about, so that a client can point at it."""
    for field, lists in (("crypt", (crypt, [])), ("library", ([], library))):
        try:
            services.from_lists(*lists)
        except services.DeckInputError:
            return field
    return "non_field_errors"  # each list is fine alone: together they pass a bound


class _RulesetInput:
    def validate_ruleset(self, value: str) -> str:
        return check_format(value)


class DeckCreateSerializer(_RulesetInput, _CardsInput):
    name = name_field(help_text="Default: the decklist's own name.")
    visibility = visibility_field(
        default=Deck.Visibility.PRIVATE,
        help_text="`private`: only you; `unlisted`: anyone with the link; `public`: listed for everyone.",
    )
    description = description_field(help_text="Default: the decklist's own description.")
    tags = tags_field()
    ruleset = ruleset_field(required=False, default="vekn")


class DeckUpdateSerializer(_RulesetInput, _CardsInput):
    """Any of the deck's details, and/or its cards (which then replace all of the deck's cards)."""

    cards_required = False

    version = version_field()
    name = name_field()
    visibility = visibility_field(required=False)
    description = description_field()
    tags = tags_field()
    ruleset = ruleset_field(required=False)
    share_with_suggestions = serializers.BooleanField(
        required=False, help_text="Let the deck inform other players' suggestions and similar decks while it is public."
    )

    def validate(self, attrs: dict) -> dict:
        attrs = super().validate(attrs)
        details = {"name", "visibility", "description", "tags", "ruleset", "share_with_suggestions"} & set(attrs)
        if attrs["core"] is None and not details:
            raise serializers.ValidationError(
                {
                    "non_field_errors": [
                        _("Nothing to change: send a name, description, visibility, tags, ruleset or cards.")
                    ]
                },
                code="empty",
            )
        return attrs


def _api_field(search_filter: SearchFilter) -> serializers.Field:
    """A deck-list filter's parameter: every filter of ``DECK_LIST`` has one (the archive's may not)."""
    if search_filter.api_field is None:
        raise TypeError(f"the deck-list filter {search_filter.name!r} has no api_field")
    return search_filter.api_field()


class DeckFilterSerializer(serializers.Serializer):
    q = StrictCharField(
        required=False, allow_blank=True, max_length=200, help_text="Deck name contains, ignoring case."
    )
    clan = StrictCharField(
        required=False, allow_blank=True, max_length=100, help_text="A clan (or creed) of the crypt, ignoring case."
    )
    card = serializers.IntegerField(
        required=False, min_value=1, max_value=2**31 - 1, help_text="VEKN id of a card the deck holds."
    )
    author = StrictCharField(required=False, allow_blank=True, max_length=150, help_text="The owner's user name.")
    tag = StrictCharField(required=False, allow_blank=True, max_length=40)
    mine = serializers.BooleanField(
        required=False, default=False, help_text="Only your own decks (all of them, private ones too); needs a login."
    )
    fits = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=80,
        help_text="Decks that fit a format (`vekn`, `v5`, `duel`, `rulebook-2011` or a custom format's id): every "
        "card in its pool and not banned today; for `vekn`, also legal (sizes and groups).",
    )
    # Then the filters apps above decks add (``filters.DECK_LIST``).

    def get_fields(self) -> dict[str, serializers.Field]:
        return DECK_LIST.placed(super().get_fields(), _api_field)

    def validate_fits(self, value: str):
        if not value.strip():
            return None

        try:
            return ruleset_for(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc), code="invalid") from None

    def validate_clan(self, value: str) -> str:
        key = value.strip().lower()
        if key and key not in _known_clans():
            raise serializers.ValidationError(_("There is no clan called “%(value)s”.") % {"value": value})
        return key

    def validate_card(self, value: int) -> int:
        if services.card_index().get(value) is None:
            raise serializers.ValidationError(_("No card has the VEKN id %(id)d.") % {"id": value})
        return value


def _known_clans() -> set[str]:
    return {clan.lower() for card in services.card_index() if card.is_crypt for clan in card.clans}


class DeckExportQuerySerializer(serializers.Serializer):
    to = serializers.ChoiceField(
        choices=[(name, decklist.FORMATS[name].label) for name in WRITABLE_FORMATS],
        help_text="The format to write the deck in (see `/api/v1/decklists/formats`, `can_export`).",
        error_messages={
            "invalid_choice": format_lazy(
                "{} {}.",
                gettext_lazy("Cannot export to “{input}”; formats that can be written:"),
                ", ".join(WRITABLE_FORMATS),
            )
        },
    )


class RevisionQuerySerializer(serializers.Serializer):
    a = serializers.IntegerField(
        required=False, min_value=1, max_value=2**31 - 1, help_text="Compare revision `a`… (with `b`)"
    )
    b = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1, help_text="…with revision `b`.")

    def validate(self, attrs: dict) -> dict:
        if ("a" in attrs) != ("b" in attrs):
            missing = "b" if "a" in attrs else "a"
            raise serializers.ValidationError(
                {missing: [_("Name the two revisions to compare: `a` and `b`.")]}, code="required"
            )
        return attrs


# --- answers ---------------------------------------------------------------------------------------


class DeckListSerializer(serializers.ListSerializer):
    """A page of decks: the stale legal badges among them judged again first (``services.judge_stale``)."""

    def to_representation(self, data) -> list:
        decks = list(data.all() if hasattr(data, "all") else data)
        services.judge_stale(decks)
        return super().to_representation(decks)


class DeckSerializer(serializers.ModelSerializer):
    """A deck as the list shows it: who, what, how big, whether it is legal."""

    url = serializers.HyperlinkedIdentityField(view_name="decks-api:deck-detail", lookup_field="pk")
    owner = serializers.CharField(source="owner.username", read_only=True, help_text="the owner's user name")
    author = serializers.CharField(read_only=True, help_text="as the decklist credits it")
    tags = serializers.SerializerMethodField()
    ruleset = serializers.CharField(source="format", read_only=True, help_text="the deck's format (its rule set)")
    legal = serializers.BooleanField(read_only=True, help_text="legal under the deck's format today")
    version = serializers.IntegerField(read_only=True, help_text="bumped by every change; send it back to change")

    class Meta:
        model = Deck
        fields = [
            "id",
            "url",
            "name",
            "author",
            "owner",
            "visibility",
            "tags",
            "ruleset",
            "crypt_count",
            "library_count",
            "legal",
            "version",
            "created",
            "updated",
        ]
        read_only_fields = fields
        list_serializer_class = DeckListSerializer

    def get_tags(self, deck: Deck) -> list[str]:
        # Sorted here, not in SQL: the list prefetches every page's tags in one query.
        return sorted(tag.name for tag in deck.tags.all())


class SimilarDeckSerializer(DeckSerializer):
    """A ``?similar=`` search's result: the deck with the ``similarity`` that ``order_by_similarity`` annotates
    (only sent with ``?similar=``)."""

    similarity = similarity_field()

    class Meta(DeckSerializer.Meta):
        fields = [*DeckSerializer.Meta.fields, "similarity"]


class DeckDetailSerializer(DeckSerializer):
    """One deck: its cards, its report, and what a decklist sent with the request could not place."""

    description = serializers.CharField(read_only=True)
    cloned_from = serializers.CharField(
        source="cloned_from_id",
        read_only=True,
        allow_null=True,
        help_text="the id of the deck this is a copy of, when you may read that deck and were given its link: "
        "a public deck, your own, or one you cloned yourself (else null)",
    )
    crypt = DeckCardCountSerializer(many=True, read_only=True)
    library = DeckCardCountSerializer(many=True, read_only=True)
    report = DeckReportSerializer(read_only=True, help_text="the deck report (the deck's format, today)")
    unresolved = UnresolvedLineSerializer(
        many=True,
        read_only=True,
        help_text="lines of the `text` just sent that name no known card (with suggestions); they are not in the "
        "deck. Always empty when reading a deck.",
    )

    class Meta(DeckSerializer.Meta):
        fields = DeckSerializer.Meta.fields + [
            "description",
            "cloned_from",
            "crypt",
            "library",
            "report",
            "unresolved",
            "share_with_suggestions",
        ]
        read_only_fields = fields

    def to_representation(self, deck: Deck) -> dict:
        services.judge_stale([deck])  # its format may have changed since its badge was judged
        data = super().to_representation(deck)
        # A shared copy must not give away the id (the link) of a private or unlisted source.
        data["cloned_from"] = deck.source_named_to(getattr(self.context.get("request"), "user", None))
        report = messages.report(services.report(deck))  # in the language asked for (?lang=, Accept-Language)
        data["crypt"], data["library"], data["report"] = report["crypt"], report["library"], report
        core = self.context.get("parsed")
        data["unresolved"] = [] if core is None else core.to_dict(with_origin=False)["unresolved"]
        return data


class DeckExportSerializer(serializers.Serializer):
    format = serializers.CharField()
    media_type = serializers.CharField()
    extension = serializers.CharField(help_text="file extension for a download, without the dot")
    file_name = serializers.CharField(
        help_text="a name to save it under, distinct per format: `my-deck.twd.txt`, `my-deck.jol.txt`, `my-deck.dek`"
    )
    text = serializers.CharField(help_text="the deck, written in `format`")


class RevisionSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1 for the deck as created, then upwards")
    note = serializers.CharField(help_text='e.g. "Created", "Imported", or the owner\'s own note')
    created = serializers.DateTimeField()
    crypt_count = serializers.IntegerField()
    library_count = serializers.IntegerField()


class RevisionPageSerializer(serializers.Serializer):
    """A page of the deck's revisions, newest first."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = RevisionSerializer(many=True)


class CardChangeSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="VEKN id")
    name = serializers.CharField()
    before = serializers.IntegerField(help_text="copies in revision `a` (0: absent)")
    after = serializers.IntegerField(help_text="copies in revision `b` (0: absent)")
    delta = serializers.IntegerField(help_text="after − before")


class RevisionDiffSerializer(serializers.Serializer):
    """The cards whose counts differ from revision ``a`` to revision ``b``: crypt first, then library."""

    a = RevisionSerializer()
    b = RevisionSerializer()
    changes = CardChangeSerializer(many=True)
