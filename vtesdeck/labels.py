"""The words the pure core prints in English, in the visitor's language.

The core (``vtesdeck.core``) must not import Django, so it takes its words as arguments with English
defaults; the pages ask here for them, translated into the active language. Card names, card text,
clans, discipline names, error codes and rule citations are never translated; card types are, on the pages
only (``card_type_label``): the API, exports, decklists and search parameters keep the printed English names.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.formats import get_format, number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from vtesdeck.core.validate import RULESETS

# Rule sets by name (core.validate.RULESETS); one the list does not know keeps its English label.
RULESET_LABELS = {
    "vekn": gettext_lazy("VEKN tournament"),
    "rulebook-2011": gettext_lazy("2011 rulebook"),
    "v5": gettext_lazy("V5"),
    "duel": gettext_lazy("Duel (casual)"),
}


# A saved custom format is named by the formats app, which registers its lookup here when it starts
# (formats/apps.py): this shared module imports no app.
_custom_format_label: list[Callable[[str], str]] = []


def name_custom_formats_with(lookup: Callable[[str], str]) -> None:
    """Set how ``ruleset_label`` names a value that is no built-in rule set (a saved custom format's id)."""
    _custom_format_label[:] = [lookup]


def ruleset_label(name: str) -> str:
    if name in RULESET_LABELS:
        return str(RULESET_LABELS[name])
    if name in RULESETS:
        return RULESETS[name].label
    return _custom_format_label[0](name) if _custom_format_label else name


# Every card type of the card list, as the pages name it.
CARD_TYPES = {
    "Vampire": pgettext_lazy("card type", "Vampire"),
    "Imbued": pgettext_lazy("card type", "Imbued"),
    "Master": pgettext_lazy("card type", "Master"),
    "Conviction": pgettext_lazy("card type", "Conviction"),
    "Action": pgettext_lazy("card type", "Action"),
    "Political Action": pgettext_lazy("card type", "Political Action"),
    "Ally": pgettext_lazy("card type", "Ally"),
    "Equipment": pgettext_lazy("card type", "Equipment"),
    "Retainer": pgettext_lazy("card type", "Retainer"),
    "Power": pgettext_lazy("card type", "Power"),
    "Action Modifier": pgettext_lazy("card type", "Action Modifier"),
    "Reaction": pgettext_lazy("card type", "Reaction"),
    "Combat": pgettext_lazy("card type", "Combat"),
    "Event": pgettext_lazy("card type", "Event"),
}


def card_type_label(name: str) -> str:
    """A card type, or a library section of several (``"Action Modifier/Reaction"``), in the active language;
    a type the list does not know reads as printed."""
    return "/".join(str(CARD_TYPES.get(part, part)) for part in str(name).split("/"))


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
        **type_labels(),
    }


def type_labels() -> dict[str, str]:
    """The card types for the charts (``core.charts``: ``"type:<name>"``) in the active language."""
    return {f"type:{name}": str(label) for name, label in CARD_TYPES.items()}


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
        **type_labels(),
    }


# What card_search.js says (the card name box of the home page and of the card search).
_PLURAL_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 5}


def suggestion_texts() -> dict[str, str]:
    """What card_search.js says, in the active language, as ``data-text-*`` attributes of the search box.

    The count sentences keep their ``%(count)s``: the script puts the number in.
    """
    texts = {
        "data-text-list": _("Card name suggestions"),
        "data-text-none": _("No matching card names"),
        "data-text-kind-crypt": pgettext("card kind, in name suggestions", "crypt"),
        "data-text-kind-library": pgettext("card kind, in name suggestions", "library"),
    }
    for category, sample in _PLURAL_SAMPLES.items():
        texts[f"data-text-count-{category}"] = ngettext(
            "%(count)s suggestion, use the arrow keys to choose",
            "%(count)s suggestions, use the arrow keys to choose",
            sample,
        )
    return texts


def signed_figure(value: float | None, *, sign: bool) -> str:
    """A VP figure or difference as ``engine.compare.figure`` writes it (two decimals, a real minus sign, never
    "−0.00"; ``sign``: "+" before one that is not negative), in the page's number format; None → "–"."""
    if value is None:
        return "–"
    if round(value, 2) == 0:
        value = 0.0  # a tiny negative rounds to "−0.00"
    text = number_format(round(abs(value), 2), 2)
    return ("\N{MINUS SIGN}" if value < 0 else "+" if sign else "") + text
