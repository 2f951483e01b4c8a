"""The words the pure core prints in English, in the visitor's language.

The core (``vtesdeck.core``) must not import Django, so it takes its words as arguments with English
defaults; the pages ask here for them, translated into the active language. Card names, card text,
card types, clans, discipline names, error codes and rule citations are never translated.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from vtesdeck.core.validate import RULESETS

# Rule sets by name (core.validate.RULESETS); one the list does not know keeps its English label.
RULESET_LABELS = {
    "vekn": gettext_lazy("VEKN tournament"),
    "rulebook-2011": gettext_lazy("2011 rulebook"),
}


def ruleset_label(name: str) -> str:
    if name in RULESET_LABELS:
        return str(RULESET_LABELS[name])
    return getattr(RULESETS.get(name), "label", "") or name


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
