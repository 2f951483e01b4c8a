"""Forms of the deck pages: the public list's filters, importing a decklist (and choosing the cards meant
by the lines naming none), saving a revision and comparing two."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from formats.forms import FormatChoiceField, fits_choices
from vtesdeck import messages
from vtesdeck.core import decklist
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Unresolved
from vtesdeck.core.decklist.resolve import resolver_for

from .fields import NAME_MAX, NOTE_MAX, TAG_MAX
from .filters import DECK_LIST
from .models import Deck

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

logger = logging.getLogger(__name__)

# The core reads at most this much (``decklist.MAX_BYTES``); the form says so before the core has to.
MAX_TEXT_CHARS = decklist.MAX_BYTES
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
SKIP = "skip"


class DeckFilterForm(forms.Form):
    """The public list's search. Only over-long or impossible values are errors (400); a card name that
    names no card is the view's business (a message with suggestions, not a broken page)."""

    q = forms.CharField(label=_("Name"), required=False, max_length=NAME_MAX)
    clan = forms.ChoiceField(
        label=_("Clan"),
        required=False,
        error_messages={"invalid_choice": _("There is no clan called “%(value)s”.")},
    )
    card = forms.CharField(
        label=_("Card"),
        required=False,
        max_length=200,
        help_text=_("A card name (or its VEKN id) the deck holds."),
    )
    author = forms.CharField(label=_("Author"), required=False, max_length=150, help_text=_("A user name."))
    tag = forms.CharField(label=_("Tag"), required=False, max_length=TAG_MAX)
    # "Fits format" (formats.fits): every card in the format today; a built-in name or a custom format's id.
    fits = FormatChoiceField(label=_("Fits format"), required=False, choices=fits_choices)
    # Then the filters apps above decks add (``filters.DECK_LIST``).

    def __init__(self, *args, present_clans: dict[str, str], known_clans: dict[str, str], **kwargs) -> None:
        """``present_clans``: the clans of public decks, key → label, offered in the select; a clan that
        exists but no public deck plays stays selectable (an old link finds nothing, without an error)."""
        super().__init__(*args, **kwargs)
        self.fields = DECK_LIST.placed(self.fields, lambda search_filter: search_filter.field())
        choices = dict(present_clans)
        asked = str(self.data.get("clan", "")).strip().lower() if self.is_bound else ""
        if asked and asked not in choices and asked in known_clans:
            choices[asked] = known_clans[asked]
        cast(forms.ChoiceField, self.fields["clan"]).choices = [
            ("", _("Any clan")),
            *sorted(choices.items(), key=lambda item: item[1]),
        ]

    def clean_clan(self) -> str:
        return self.cleaned_data["clan"].lower()


def _format_choices() -> list[tuple[str, StrOrPromise]]:
    return [("", _("Detect it")), *((name, messages.format_label(fmt)) for name, fmt in decklist.FORMATS.items())]


class ImportForm(forms.Form):
    """A decklist pasted or uploaded (one or the other), read by ``services.parse_text``."""

    text = forms.CharField(
        label=_("Paste a decklist"),
        required=False,
        strip=False,
        widget=forms.Textarea(
            attrs={"rows": 16, "spellcheck": "false", "autocapitalize": "off", "maxlength": MAX_TEXT_CHARS}
        ),
        help_text=_(
            "Any format: TWD archive, Amaranth, VDB, JOL, Lackey, ARDB, CSV, JSON, a VDB link, or one card per line."
        ),
    )
    file = forms.FileField(
        label=_("…or upload a decklist file"),
        required=False,
        help_text=_("One file, at most 2 MB."),
    )
    format = forms.ChoiceField(label=_("Format"), required=False, choices=_format_choices)

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        if len(text) > MAX_TEXT_CHARS:
            raise forms.ValidationError(
                _("The pasted decklist is too long (%(length)s characters; the limit is %(limit)s)."),
                params={
                    "length": number_format(len(text), force_grouping=True),
                    "limit": number_format(MAX_TEXT_CHARS, force_grouping=True),
                },
            )
        return text

    def clean_file(self) -> UploadedFile | None:
        upload = self.cleaned_data.get("file")
        if upload and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file is too large (%(size).1f MB; the limit is 2 MB)."), params={"size": upload.size / 1e6}
            )
        return upload

    def clean(self) -> dict[str, Any]:
        super().clean()  # Form.clean: returns cleaned_data, typed as Optional
        data = self.cleaned_data
        text, upload = data.get("text") or "", data.get("file")
        if self.errors:
            return data
        if text.strip() and upload:
            raise forms.ValidationError(_("Paste a decklist or upload a file, not both."))
        if upload:
            data["source"] = upload.read()
        elif text.strip():
            data["source"] = text
        else:
            raise forms.ValidationError(_("Paste a decklist or choose a file to upload."))
        return data


class NewDeckImportForm(ImportForm):
    name = forms.CharField(
        label=_("Deck name"),
        required=False,
        max_length=NAME_MAX,
        help_text=_("Leave empty to use the name the decklist gives."),
    )
    visibility = forms.ChoiceField(label=_("Visibility"), choices=Deck.Visibility.choices, initial="private")


class DeckImportForm(ImportForm):
    """An import into an existing deck: carries the version the owner saw (see ``services.Conflict``)."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class ResolveForm(forms.Form):
    """One radio group per decklist line naming no card: one of the core's suggestions, or skip it."""

    def __init__(self, *args, unresolved: Iterable[Unresolved], cards: CardIndex, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        resolver = resolver_for(cards)
        self.lines: list[tuple[Unresolved, forms.BoundField]] = []
        for number, line in enumerate(unresolved):
            choices: list[tuple[str, StrOrPromise]] = []
            # A line whose count no deck can hold ("0x", "10000x") names a card already: skip it or fix the text.
            for name in line.suggestions if line.reason != "count" else ():
                card = resolver.resolve(name, section=line.section)
                if card is not None and (str(card.id), card.unique_name) not in choices:
                    choices.append((str(card.id), card.unique_name))
            choices.append((SKIP, _("Skip this line")))
            name = f"fix-{number}"
            self.fields[name] = forms.ChoiceField(
                label=line.text,
                choices=choices,
                initial=choices[0][0],
                widget=forms.RadioSelect,
                error_messages={"required": _("Choose a card for this line, or skip it.")},
            )
            self.lines.append((line, self[name]))

    def choices(self) -> list[tuple[Unresolved, int | None]]:
        """Each line with the card id chosen for it (None: skipped). Call after ``is_valid``."""
        picked = []
        for number, (line, _field) in enumerate(self.lines):
            value = self.cleaned_data[f"fix-{number}"]
            picked.append((line, None if value == SKIP else int(value)))
        return picked


class RevisionNoteForm(forms.Form):
    note = forms.CharField(
        label=_("Note"), required=False, max_length=NOTE_MAX, help_text=_("What changed, for later.")
    )


class CompareForm(forms.Form):
    a = forms.IntegerField(label=_("Compare revision"), min_value=1, required=False)
    b = forms.IntegerField(label=_("with revision"), min_value=1, required=False)
