"""Which format a ``ruleset`` value names: a built-in one (``core.validate.RULESETS``) or a saved custom
format by its id. Every front end (the check page and API, decks, the archive searches, ``check_deck``)
asks here, so that they all accept the same values and refuse the rest with the same sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError
from django.utils.translation import gettext as _

from vtesdeck.core.validate import RULESETS, Ruleset

from .models import ID_LENGTH, CustomFormat

# The settings a custom format keeps (Ruleset.to_dict() but its name and label, which are the id and name).
SETTINGS = (
    "crypt_min",
    "crypt_max",
    "library_min",
    "library_max",
    "group_window",
    "bans",
    "banned_cards",
    "allowed_sets",
    "allowed_cards",
    "legality_delay_days",
)


class UnknownFormat(ValueError):
    """A ``ruleset`` value that names no format; the message lists the known ones."""


def builtin_names() -> list[str]:
    return list(RULESETS)


def unknown(value: str) -> UnknownFormat:
    return UnknownFormat(
        _("Unknown rule set %(name)r; known rule sets: %(known)s, or the id of a saved custom format.")
        % {"name": value, "known": ", ".join(RULESETS)}
    )


def find(value: str) -> CustomFormat | None:
    """The saved custom format of that id, or None. Anyone holding the id may use it (it is the link)."""
    if not value or len(value) != ID_LENGTH or not value.isalnum():
        return None
    try:
        return CustomFormat.objects.filter(pk=value).first()
    except DatabaseError:  # a database never migrated (check_deck on a fresh checkout): no saved formats
        return None


def ruleset_for(value: str | None, *, default: str = "vekn") -> Ruleset:
    """The format a ``ruleset`` value names: a built-in name or a saved custom format's id. Raises
    ``UnknownFormat`` (a ``ValueError`` whose message lists the known names) for anything else."""
    name = (value or default).strip()
    if name in RULESETS:
        return RULESETS[name]
    found = find(name)
    if found is None:
        raise unknown(name)
    return to_ruleset(found)


def to_ruleset(custom: CustomFormat) -> Ruleset:
    return ruleset_from(custom.id, custom.name, custom.data)


def ruleset_from(name: str, label: str, data: Mapping[str, Any]) -> Ruleset:
    """A custom format's ruleset; ``ValueError`` naming the bad setting (``Ruleset.from_dict``)."""
    settings = {key: data[key] for key in SETTINGS if key in data}
    return Ruleset.from_dict({**settings, "name": name, "label": label or name})


def save(custom: CustomFormat) -> None:
    """Save a custom format's new settings. Its decks are not judged here, however many there are: the save
    bumps the format's revision, and each deck's legal badge is judged by the new rules when next shown
    (``decks.services.judge_stale``); its report, always worked out when shown, follows at once."""
    custom.save()


def delete(custom: CustomFormat) -> None:
    """Delete a custom format; the decks playing it play VEKN from now on (``decks.services.deck_ruleset``
    judges them so at once, and ``judge_stale`` moves each to ``vekn`` when next shown)."""
    custom.delete()


def label(value: str) -> str:
    """A format's name to show: a saved custom format's own name, else the value itself."""
    found = find(value)
    return found.name if found is not None else value


def data_of(ruleset: Ruleset) -> dict[str, Any]:
    """What a custom format stores of its ruleset."""
    full = ruleset.to_dict()
    return {key: full[key] for key in SETTINGS}
