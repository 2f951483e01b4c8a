"""A deck's own words (name, description, visibility, tags, format, version) as every door takes them: the API's
create and change, the deck editor's requests and pages, the import forms and the backup reader. Each text limit
is the table's own (``max_length`` of its model field), read here once."""

from __future__ import annotations

from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from rest_framework import serializers

from vtesdeck.serializers import StrictCharField, StrictIntegerField

from . import services
from .models import Deck, Revision, Tag

__all__ = [
    "AUTHOR_MAX",
    "DESCRIPTION_MAX",
    "FORMAT_MAX",
    "NAME_MAX",
    "NOTE_MAX",
    "TAG_MAX",
    "check_format",
    "description_field",
    "name_field",
    "ruleset_field",
    "tags_field",
    "version_field",
    "visibility_field",
]


def _limit(model: type[models.Model], field: str) -> int:
    found = model._meta.get_field(field)
    limit = found.max_length if isinstance(found, models.Field) else None  # a relation's other side has none
    assert limit is not None, f"{model.__name__}.{field} has no max_length"
    return limit


NAME_MAX = _limit(Deck, "name")
AUTHOR_MAX = _limit(Deck, "author")
DESCRIPTION_MAX = _limit(Deck, "description")
FORMAT_MAX = _limit(Deck, "format")
TAG_MAX = _limit(Tag, "name")
NOTE_MAX = _limit(Revision, "note")


def check_format(value: str) -> str:
    """A deck's format as stored (a built-in rule set or a saved custom format's id), or the field's refusal."""
    try:
        return services.parse_format(value)
    except services.DeckInputError as exc:
        raise serializers.ValidationError(str(exc), code="invalid") from None


def name_field(**kwargs) -> StrictCharField:
    return StrictCharField(max_length=NAME_MAX, required=False, allow_blank=True, **kwargs)


def description_field(**kwargs) -> StrictCharField:
    return StrictCharField(max_length=DESCRIPTION_MAX, required=False, allow_blank=True, **kwargs)


def visibility_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=Deck.Visibility.choices, **kwargs)


# services.set_tags's sentence (already translated), for the list's own bound; evaluated in the request's language.
_too_many_tags = lazy(lambda: _("A deck may have at most %(max)d tags.") % {"max": services.MAX_TAGS}, str)()


def tags_field() -> serializers.ListField:
    return serializers.ListField(
        child=StrictCharField(max_length=TAG_MAX),
        required=False,
        max_length=services.MAX_TAGS,
        help_text=f"Up to {services.MAX_TAGS} tags; each becomes a slug (`Bleed!` → `bleed`).",
        error_messages={"max_length": _too_many_tags},
    )


def version_field() -> StrictIntegerField:
    return StrictIntegerField(
        min_value=1,
        max_value=2**31 - 1,
        help_text="The deck's `version` as you last read it: a change made from an older one is refused (409).",
    )


def ruleset_field(**kwargs) -> StrictCharField:
    return StrictCharField(
        max_length=FORMAT_MAX,
        help_text="The deck's format (its rule set): `vekn`, `v5`, `duel`, `rulebook-2011` or a saved custom format's id "
        "(`/api/v1/formats/`). Its report and legal badge follow it.",
        **kwargs,
    )
