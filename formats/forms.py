"""Forms: the format picker other forms use (built-in names, or a saved custom format's id) and the custom
format editor (sizes, groups, bans, sets, allowed and banned cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.models import CardSet
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.numbers import whole_number
from vtesdeck.labels import ruleset_label

from . import services

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise

MAX_LISTED_CARDS = 5000  # a card list longer than the whole card list is a mistake


class FormatChoiceField(forms.ChoiceField):
    """A select of the built-in formats that also takes a saved custom format's id (from a shared link or
    ``?ruleset=<id>``). The cleaned value is the name or id as given."""

    def valid_value(self, value: Any) -> bool:
        return super().valid_value(value) or (isinstance(value, str) and services.find(value) is not None)


def format_choices(user=None) -> list[tuple[str, str]]:
    """The built-in formats, then the user's saved ones: (value, label) for a select."""

    choices = [(name, ruleset_label(name)) for name in services.builtin_names()]
    if user is not None and user.is_authenticated:
        choices += [(f.id, f.name) for f in user.formats.order_by("name")[:200]]
    return choices


def _set_choices() -> list[tuple[str, str]]:
    return [(abbrev, f"{name} ({abbrev})") for abbrev, name in CardSet.objects.values_list("abbrev", "name")]


class CustomFormatForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    crypt_min = forms.IntegerField(label=_("Crypt: at least"), min_value=0, max_value=10_000, initial=12)
    crypt_max = forms.IntegerField(
        label=_("Crypt: at most"), min_value=0, max_value=10_000, required=False, help_text=_("Empty: no limit.")
    )
    library_min = forms.IntegerField(label=_("Library: at least"), min_value=0, max_value=10_000, initial=60)
    library_max = forms.IntegerField(
        label=_("Library: at most"),
        min_value=0,
        max_value=10_000,
        initial=90,
        required=False,
        help_text=_("Empty: no limit."),
    )
    group_window = forms.TypedChoiceField(
        label=_("Crypt groups"),
        choices=[("2", _("one group or two consecutive groups")), ("1", _("one group")), ("", _("any groups"))],
        coerce=int,
        empty_value=None,
        required=False,
        initial="2",
    )
    bans = forms.BooleanField(label=_("The VEKN banned list applies"), required=False, initial=True)
    release_delay = forms.BooleanField(
        label=_("New cards are legal 30 days after their release"), required=False, initial=True
    )
    allowed_sets = forms.MultipleChoiceField(
        label=_("Sets"),
        required=False,
        choices=_set_choices,
        widget=forms.SelectMultiple(attrs={"size": 12}),
        help_text=_("Only cards printed in these sets (and the cards listed below). None chosen: every set."),
    )
    allowed_cards = forms.CharField(
        label=_("Also allowed cards"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_("One card a line, by name or VEKN id."),
    )
    banned_cards = forms.CharField(
        label=_("Banned cards"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_("One card a line, by name or VEKN id: banned in this format whatever the date."),
    )

    def __init__(self, *args: Any, cards: CardIndex, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards

    def _card_list(self, field: str) -> list[int]:
        ids: list[int] = []
        unknown: list[str] = []
        for line in (self.cleaned_data.get(field) or "").splitlines():
            text = line.strip()
            if not text:
                continue
            # What is not an id (whole_number: a short run of ASCII digits) is looked up as a name.
            card_id = whole_number(text)
            card = (
                self.cards.get(card_id)
                if card_id is not None
                else self.cards.lookup(text)
                if len(text) <= 200
                else None
            )
            if card is None:
                unknown.append(text if len(text) <= 60 else text[:59] + "…")
            else:
                ids.append(card.id)
        if unknown:
            raise forms.ValidationError(
                _("No card is called: %(names)s.") % {"names": "; ".join(unknown[:10])}, code="unknown_card"
            )
        if len(ids) > MAX_LISTED_CARDS:
            raise forms.ValidationError(_("List at most %(max)d cards.") % {"max": MAX_LISTED_CARDS}, code="too_many")
        return sorted(set(ids))

    def clean_allowed_cards(self) -> list[int]:
        return self._card_list("allowed_cards")

    def clean_banned_cards(self) -> list[int]:
        return self._card_list("banned_cards")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what Form.clean() returns; the stubs allow a subclass's None
        if self.errors:
            return data
        for low, high in (("crypt_min", "crypt_max"), ("library_min", "library_max")):
            if data.get(high) is not None and data[high] < data[low]:
                self.add_error(high, _("The most cannot be less than the least."))
        return data

    def format_data(self) -> dict[str, Any]:
        """The settings to store (``services.SETTINGS``), checked by ``Ruleset.from_dict``."""
        data = self.cleaned_data
        allowed_sets = data.get("allowed_sets") or []
        allowed_cards = data.get("allowed_cards") or []
        restricted = bool(allowed_sets or allowed_cards)
        return {
            "crypt_min": data["crypt_min"],
            "crypt_max": data.get("crypt_max"),
            "library_min": data["library_min"],
            "library_max": data.get("library_max"),
            "group_window": data.get("group_window"),
            "bans": bool(data.get("bans")),
            "banned_cards": data.get("banned_cards") or [],
            "allowed_sets": sorted(allowed_sets) if restricted else None,
            "allowed_cards": allowed_cards if restricted else None,
            "legality_delay_days": 30 if data.get("release_delay") else None,
        }

    @classmethod
    def initial_from(cls, custom: Any, cards: CardIndex) -> dict[str, Any]:
        """The form's fields for a saved format."""
        data = custom.data

        def names(ids: list[int] | None) -> str:
            return "\n".join(card.unique_name if (card := cards.get(i)) else str(i) for i in ids or [])

        window = data.get("group_window", 2)
        return {
            "name": custom.name,
            "crypt_min": data.get("crypt_min", 12),
            "crypt_max": data.get("crypt_max"),
            "library_min": data.get("library_min", 60),
            "library_max": data.get("library_max", 90),
            "group_window": "" if window is None else str(window),
            "bans": data.get("bans", True),
            "release_delay": data.get("legality_delay_days", 30) is not None,
            "allowed_sets": data.get("allowed_sets") or [],
            "allowed_cards": names(data.get("allowed_cards")),
            "banned_cards": names(data.get("banned_cards")),
        }


def fits_choices() -> list[tuple[str, StrOrPromise]]:
    """The "fits format" filter's choices: any format, or one of the built-in ones (a custom format's id is
    taken too, from a link)."""
    return [("", _("any")), *format_choices()]
