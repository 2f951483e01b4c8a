"""The forms of the event pages: the event's settings, registration, a player's list, a round's swap and
scores, the final's row, a deck check. They check the shape of what is sent; what may be done, by whom and
when is ``services``' to say (its ``EventError`` is shown on the page, as a form error is)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from decks.models import Deck
from formats.forms import FormatChoiceField, format_choices
from vtesdeck.core.events import deckcheck
from vtesdeck.labels import card_type_label, ruleset_label

from .models import MAX_PLAYERS, MAX_ROUND_MINUTES, MAX_ROUNDS, Event
from .services import EDITABLE, MAX_DECKLIST_CHARS, NO_PENALTY

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

    EventModelForm = forms.ModelForm[Event]
else:  # the stubs' generic ModelForm is not subscriptable at run time
    EventModelForm = forms.ModelForm

MAX_UPLOAD_BYTES = 256 * 1024  # a decklist file; the longest real list is a few kilobytes

# The deck check's words (core.events.deckcheck keeps them in English for the application to translate).
PENALTY_LABELS = {
    NO_PENALTY: pgettext_lazy("penalty", "None"),
    deckcheck.CAUTION: pgettext_lazy("penalty", "Caution"),
    deckcheck.WARNING: pgettext_lazy("penalty", "Warning"),
    deckcheck.GAME_LOSS: pgettext_lazy("penalty", "Game loss"),
    deckcheck.DISQUALIFICATION: pgettext_lazy("penalty", "Disqualification"),
}
INFRACTION = _("Deck problem: the deck does not match its registered decklist")
REMEDY = _(
    "the deck is restored to match the registered list (the list is authoritative); missing cards are replaced "
    "from the player's reserve or by proxies the judge signs, extra cards removed"
)


def penalty_label(value: str) -> str:
    return str(PENALTY_LABELS.get(value, value))


def group_label(group: str) -> str:
    return str(_("Crypt")) if group == deckcheck.CRYPT else card_type_label(group)


def _date_widget() -> forms.DateInput:
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class EventForm(EventModelForm):
    """The event's settings: to create it (``create=True``: registration is open) and to edit them. Once the
    event has started, what judged and locked the lists is shown but can no longer change."""

    ruleset = FormatChoiceField(label=_("Format"), choices=())
    rounds = forms.IntegerField(label=_("Preliminary rounds"), min_value=1, max_value=MAX_ROUNDS, initial=3)
    round_minutes = forms.IntegerField(
        label=_("Round time (minutes)"), min_value=30, max_value=MAX_ROUND_MINUTES, initial=120
    )

    class Meta:
        model = Event
        fields = list(EDITABLE)
        widgets = {"date": _date_widget()}

    def __init__(self, *args: Any, user: AbstractBaseUser | AnonymousUser, create: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        choices = format_choices(user)
        current = self.instance.ruleset if self.instance.pk else ""
        if current and current not in dict(choices):  # another judge's saved format
            choices.append((current, ruleset_label(current)))
        ruleset = self.fields["ruleset"]
        assert isinstance(ruleset, forms.ChoiceField)
        ruleset.choices = choices
        ruleset.help_text = _("The lists are judged by this format as of the event's date (the 30-day rule too).")
        if create:
            del self.fields["registration_open"]
        elif self.instance.started:
            from .services import FIXED_ONCE_STARTED

            for name in FIXED_ONCE_STARTED:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Fixed once the event has started.")

    def values(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.fields}


class JudgeForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)

    def clean_username(self) -> Any:
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=name).first()
        if user is None:
            raise forms.ValidationError(_("Nobody has the username %(name)s.") % {"name": name}, code="unknown_user")
        return user


class PlayerForm(forms.Form):
    """A player a judge adds (late arrivals too), or who registers through the link."""

    name = forms.CharField(label=_("Name"), max_length=120)
    vekn = forms.CharField(
        label=_("VEKN number"), max_length=12, required=False, help_text=_("Up to 7 digits; empty if none.")
    )


class DecklistForm(forms.Form):
    """A list from one of my decks, pasted text or a file: exactly one of them."""

    deck = forms.ModelChoiceField(
        label=_("One of my decks"), queryset=Deck.objects.none(), required=False, empty_label=_("(none)")
    )
    text = forms.CharField(
        label=_("Or paste the decklist"),
        required=False,
        max_length=MAX_DECKLIST_CHARS,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )
    file = forms.FileField(label=_("Or upload a file"), required=False, help_text=_("A text decklist, at most 256 KB."))
    reason = forms.CharField(
        label=_("Reason for the change"),
        max_length=300,
        required=False,
        help_text=_("The list is locked: a judge's change needs a reason, which is logged."),
    )

    def __init__(self, *args: Any, user: AbstractBaseUser | AnonymousUser, locked: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        deck = self.fields["deck"]
        assert isinstance(deck, forms.ModelChoiceField)
        deck.queryset = (
            Deck.objects.filter(owner_id=user.pk).order_by("name") if user.is_authenticated else Deck.objects.none()
        )
        if not locked:
            del self.fields["reason"]

    def clean_file(self) -> Any:
        upload = self.cleaned_data.get("file")
        if upload and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file is too large (at most %(size)d KB).") % {"size": MAX_UPLOAD_BYTES // 1024}, code="too_large"
            )
        return upload

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        given = [name for name in ("deck", "text", "file") if data.get(name) and str(data[name]).strip()]
        if len(given) != 1:
            raise forms.ValidationError(
                _("Choose one of your decks, paste a decklist or upload a file: one of the three."), code="one_source"
            )
        return data


class SwapForm(forms.Form):
    player = forms.IntegerField(label=_("Player number"), min_value=1, max_value=MAX_PLAYERS)
    other = forms.IntegerField(label=_("Swap with player number"), min_value=1, max_value=MAX_PLAYERS)
    reason = forms.CharField(label=_("Reason (optional)"), max_length=300, required=False)


class ScoreForm(forms.Form):
    """A table's VPs, one field per seat in seat order; a judge also locks it and gives a reason for a score
    no game ends with."""

    def __init__(self, *args: Any, names: list[str], staff: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = len(names)
        for seat, name in enumerate(names, start=1):
            self.fields[f"vp_{seat}"] = forms.CharField(
                label=_("Seat %(seat)d: %(name)s") % {"seat": seat, "name": name},
                max_length=4,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "class": "vp-input", "autocomplete": "off"}),
            )
        if staff:
            self.fields["lock"] = forms.BooleanField(label=_("Lock (players can no longer change it)"), required=False)
            self.fields["reason"] = forms.CharField(
                label=_("Reason for a score no game ends with (a penalty…)"), max_length=300, required=False
            )

    def vps(self) -> list[str]:
        return [self.cleaned_data[f"vp_{seat}"].strip() for seat in range(1, self.seats + 1)]

    @staticmethod
    def initial_for(vps: list[float], locked: bool) -> dict[str, Any]:
        initial: dict[str, Any] = {f"vp_{seat}": f"{vp:g}" for seat, vp in enumerate(vps, start=1)}
        initial["lock"] = locked
        return initial


class PlaceForm(forms.Form):
    player = forms.IntegerField(min_value=1, max_value=MAX_PLAYERS)
    index = forms.IntegerField(min_value=0, max_value=10)


class DeckCheckForm(forms.Form):
    """The cards counted per type group: the groups the list holds (required), then the others (empty: 0);
    the penalty the judge picks (pre-filled with the guide's) and a note."""

    def __init__(self, *args: Any, expected: Mapping[str, int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.expected = dict(expected)
        for group in [*expected, *(g for g in deckcheck.CARD_TYPES if g not in expected)]:
            listed = group in expected
            self.fields[self.field_name(group)] = forms.IntegerField(
                label=group_label(group),
                min_value=0,
                max_value=10_000,
                required=listed,
                help_text=_("listed: %(count)d") % {"count": expected.get(group, 0)},
            )
            self.fields[self.field_name(group)].group = group  # type: ignore[attr-defined]
            self.fields[self.field_name(group)].listed = listed  # type: ignore[attr-defined]
        self.fields["penalty"] = forms.ChoiceField(
            label=_("Penalty"),
            required=False,
            choices=[
                ("", _("The guide's")),
                (NO_PENALTY, pgettext_lazy("penalty", "None")),
                *((p, penalty_label(p)) for p in deckcheck.PENALTIES),
            ],
        )
        self.fields["note"] = forms.CharField(label=_("Note"), max_length=300, required=False)

    @staticmethod
    def field_name(group: str) -> str:
        return "count_" + "".join(ch if ch.isalnum() else "_" for ch in group.lower())

    def listed_fields(self) -> list[forms.BoundField]:
        return [self[name] for name, field in self.fields.items() if getattr(field, "listed", False)]

    def other_fields(self) -> list[forms.BoundField]:
        return [self[name] for name, field in self.fields.items() if getattr(field, "listed", None) is False]

    def counted(self) -> dict[str, int]:
        counts = {}
        for name, field in self.fields.items():
            group = getattr(field, "group", None)
            if group is not None:
                value = self.cleaned_data.get(name)
                if value is not None or group in self.expected:
                    counts[group] = value or 0
        return counts
