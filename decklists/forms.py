"""The /check/ forms: one pasted decklist and/or uploaded files (a zip counts as its decklists), and the
rules to judge them by: VTES's (``CheckForm``), or Veto's (``VetoCheckForm``: a rule set, nothing else)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Literal, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from formats.forms import FormatChoiceField, format_choices
from formats.services import find as find_format
from vtesdeck import messages
from vtesdeck.core import decklist, veto
from vtesdeck.core.validate import RULESETS
from vtesdeck.labels import ruleset_label
from vtesdeck.widgets import DateInput

from . import services

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise


class MultipleFileInput(forms.FileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Django's documented way to take several files from one ``<input type="file" multiple>``."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None) -> list:
        if isinstance(data, list | tuple):
            return [super(MultipleFileField, self).clean(item, initial) for item in data]
        return [super().clean(data, initial)] if data else []


def _ruleset_choices() -> list[tuple[str, str]]:
    return [(name, ruleset_label(name)) for name in RULESETS]


def _format_choices() -> list[tuple[str, StrOrPromise]]:
    # Product names (VDB, JOL, Lackey…) stay; the words around them are translated.
    return [("", _("Detect it")), *((name, messages.format_label(fmt)) for name, fmt in decklist.FORMATS.items())]


class DecklistsForm(forms.Form):
    """What both games' forms take: one pasted decklist and/or uploaded files (a zip counts as its decklists),
    at least one of the two. A subclass says in ``help_text`` what its decklists look like."""

    text = forms.CharField(
        label=_("Paste a decklist"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "autocapitalize": "off"}),
    )
    # Django's metaclass moves declared fields out of the class, so this field does not hide ``BaseForm.files``
    # (the uploaded files); the stubs cannot say so.
    files = MultipleFileField(  # type: ignore[assignment]
        label=_("…or upload decklist files"),
        required=False,
    )
    help_text: dict[str, StrOrPromise] = {}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, text in self.help_text.items():
            self.fields[name].help_text = text

    def clean(self) -> dict:
        super().clean()
        data = self.cleaned_data  # what Form.clean() returns; the stubs allow a subclass's None
        if not (data.get("text") or "").strip() and not data.get("files") and "files" not in self.errors:
            raise forms.ValidationError(_("Paste a decklist or choose decklist files to check."), code="empty")
        return data


class CheckForm(DecklistsForm):
    help_text = {
        "text": _("Any format: TWD archive, Amaranth, VDB, JOL, Lackey, ARDB, CSV, a VDB link, or one card per line."),
        "files": _("Several files at once, or one zip of a whole event's decklists."),
    }
    ruleset = FormatChoiceField(label=_("Rule set"), choices=_ruleset_choices, initial=services.DEFAULT_RULESET)
    as_of = forms.ChoiceField(
        label=_("Legal on"),
        choices=[
            ("today", _("today")),
            ("deck", _("each decklist's own event date (archive header), else today")),
            ("date", _("this date:")),
        ],
        initial="today",
        widget=forms.RadioSelect,
    )
    date = forms.DateField(
        label=_("Date"),
        required=False,
        widget=DateInput(),
        help_text=_("YYYY-MM-DD, e.g. the day of the event"),
    )
    players = forms.IntegerField(
        label=_("Players at the table"),
        required=False,
        min_value=services.MIN_PLAYERS,
        max_value=services.MAX_PLAYERS,
        help_text=_("The 2011 rulebook's library limit grows with the table (default 5)."),
    )
    format = forms.ChoiceField(label=_("Format"), required=False, choices=_format_choices)
    player = forms.CharField(
        label=_("Player name"),
        required=False,
        max_length=100,
        help_text=_("For the registration sheet of a pasted decklist (uploaded lists use their author)."),
    )

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The built-in formats, the user's saved ones, and a custom one named by a shared link.
        choices = format_choices(user)
        chosen = self.data.get("ruleset") if self.is_bound else (self.initial or {}).get("ruleset")
        if chosen and chosen not in dict(choices) and (custom := find_format(chosen)) is not None:
            choices.append((custom.id, custom.name))
        # The form's copy of the FormatChoiceField declared above: a choice field, as the stubs cannot tell.
        cast(forms.ChoiceField, self.fields["ruleset"]).choices = choices

    def clean(self) -> dict:
        data = super().clean()
        if data.get("as_of") == "date" and not data.get("date") and "date" not in self.errors:
            self.add_error("date", _("Give the date the decks must be legal on, or choose another option."))
        return data

    def options(self) -> services.CheckOptions:
        data = self.cleaned_data
        modes: dict[str, Literal["deck"] | None] = {"today": None, "deck": "deck"}
        as_of: datetime.date | Literal["deck"] | None = modes.get(data["as_of"], data.get("date"))
        return services.CheckOptions(
            ruleset=services.parse_ruleset(data["ruleset"]),
            as_of=as_of,
            players=data.get("players"),
            format=data.get("format") or None,
        )


def _veto_ruleset_choices() -> list[tuple[str, str]]:
    # Called as the field is drawn: the names in the page's language.
    return [(name, ruleset.label(messages.veto_language())) for name, ruleset in veto.RULESETS.items()]


class VetoCheckForm(DecklistsForm):
    """Veto decklists (a Polish CCG, not VTES), judged against the player's card list, else the site's."""

    help_text = {
        "text": _(
            "One card a line (“3x Name, Epithet”) under the headings Karty specjalne / Special cards, Kredens / "
            "Deck and Sakwa / Sideboard."
        ),
        "files": _("Several files at once, or one zip of them."),
    }
    ruleset = forms.ChoiceField(label=_("Rule set"), choices=_veto_ruleset_choices, initial="veto")

    def veto_ruleset(self) -> veto.VetoRuleset:
        return services.veto_ruleset(self.cleaned_data["ruleset"])
