"""The words the pure core prints in English, in the visitor's language.

The core (``vtesdeck.core``) must not import Django, so it takes its words as arguments with English
defaults; the pages ask here for them, translated into the active language. Card names, card text,
card types, clans, discipline names, error codes and rule citations are never translated.
"""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from vtesdeck.core.validate import RULESETS

# Rule sets by name (core.validate.RULESETS); one the list does not know keeps its English label.
RULESET_LABELS = {
    "vekn": gettext_lazy("VEKN tournament"),
    "rulebook-2011": gettext_lazy("2011 rulebook"),
    "v5": gettext_lazy("V5"),
    "duel": gettext_lazy("Duel (casual)"),
}


def ruleset_label(name: str) -> str:
    if name in RULESET_LABELS:
        return str(RULESET_LABELS[name])
    if name in RULESETS:
        return RULESETS[name].label
    from formats.services import label  # a saved custom format: its own name

    return label(name)


def chart_labels() -> dict[str, str]:
    """``core.charts.LABELS`` in the active language."""
    return {
        "empty": _("No cards yet"),
        "capacity_title": _("Crypt capacity"),
        "capacity_row": _("Capacity %(capacity)s"),
        "disciplines_title": _("Crypt disciplines"),
        "superior": _("superior"),
        "inferior": _("inferior"),
        "superior_copies": _("%(discipline)s: %(count)s superior"),
        "inferior_copies": _("%(discipline)s: %(count)s inferior"),
        "types_title": _("Library card types"),
    }


def share_labels() -> dict[str, str]:
    """How ``core.charts.format_share`` writes a percentage in the active language."""
    return {
        # Translators: a percentage; German and Polish put a space before the sign ("30,9 %").
        "percent": _("%(value)s%%"),
        "decimal": get_format("DECIMAL_SEPARATOR"),
    }


def draws_chart_labels() -> dict[str, str]:
    """The Draws pages' chart words (``core.charts.LABELS``) in the active language."""
    return {
        **share_labels(),
        "empty": _("No cards yet"),
        "library_odds_title": _("Library: at least one copy in the opening hand"),
        "crypt_odds_title": _("Crypt: at least one copy among the first 4 vampires"),
        "exact_marker": _("exact"),
        "simulated": _("simulated"),
        "card_odds": _("%(name)s: %(value)s"),
        "card_odds_exact": _("%(name)s: %(value)s simulated, %(exact)s exact"),
        "playable_title": _("Playable library cards in the opening hand"),
        "playable_row": _("%(count)s of 7 playable"),
        "first_vampire_title": _("A vampire in play by the end of turn"),
        "seat": _("Seat %(seat)s"),
        "turn": _("Turn"),
        "point": _("%(series)s, turn %(turn)s: %(value)s"),
        "types_by_turn_title": _("Library types seen by the start of turn"),
    }
