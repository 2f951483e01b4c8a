"""Archive search: one form that validates the filters and one function that turns them into a query.

The /twda/ page and GET /api/v1/twda/ both go through ``TwdaSearchForm``, so a filter means the same
thing, and fails the same way, in the browser and over the API.

Card conditions combine with AND. Each is written ``<card>:<op><n>``: the card is a VEKN id or a name
(misspellings and "The …" forms are resolved as in decklists); ``op`` is ``>=`` (at least, the default),
``<=`` (at most; a deck without the card has none, so it matches), ``=`` (exactly), and ``:0`` or
``:none`` means the deck plays no copy. Without ``:``, ``4x Govern the Unaligned`` means at least 4 and a
bare name at least 1. Every condition is an ``IN`` subquery on ``TournamentCard`` served by its
(card, count) index, so a search by card costs one index range per condition, whatever the archive size.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import TYPE_CHECKING

from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from cards import index
from decks.filters import SearchFilters
from formats.fits import fits_format
from formats.forms import FormatChoiceField, fits_choices
from formats.services import ruleset_for
from vtesdeck.core.decklist.resolve import resolver_for
from vtesdeck.core.domain import DISCIPLINES, SECTS, VIRTUES
from vtesdeck.core.numbers import whole_number
from vtesdeck.widgets import DateInput

from .models import Archetype, TournamentCard, TournamentDeck

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise

MAX_CONDITIONS = 10
MAX_COPIES = 99
MAX_QUERY_LENGTH = 200
PAGE_ROWS = 4  # card rows the page's form offers

AT_LEAST, AT_MOST, EXACTLY, NONE = ">=", "<=", "=", "none"
OPERATORS = (AT_LEAST, EXACTLY, AT_MOST, NONE)
ORDERS = {
    "date": ("-date", "id"),
    "oldest": ("date", "id"),
    "players": ("-players", "-date", "id"),
}

# The archive search's filters that need apps above twda (your collection, similar decks): each registers its own
# when it starts (decks.filters says how).
ARCHIVE_SEARCH = SearchFilters()

_CONDITION = re.compile(r"^(?P<card>.*?)\s*:\s*(?:(?P<none>none)|(?P<op>>=|<=|=)?\s*(?P<n>\d{1,6}))\s*$", re.I)
_COUNTED = re.compile(r"^(?P<n>\d{1,6})\s*x?\s+(?P<card>\S.*)$", re.I)
_DISCIPLINE_TOKEN = re.compile(r"^[A-Za-z]{3}$")


@dataclasses.dataclass(frozen=True)
class CardCondition:
    card_id: int
    name: str
    op: str  # one of OPERATORS
    count: int  # 0 with NONE

    def describe(self) -> str:
        if self.op == NONE:
            return _("no %(card)s") % {"card": self.name}
        template = {
            AT_LEAST: _("at least %(n)d %(card)s"),
            AT_MOST: _("at most %(n)d %(card)s"),
            EXACTLY: _("exactly %(n)d %(card)s"),
        }[self.op]
        return template % {"n": self.count, "card": self.name}

    def as_param(self) -> str:
        return f"{self.card_id}:{'0' if self.op == NONE else self.op + str(self.count)}"


class CardNotFound(forms.ValidationError):
    def __init__(self, asked: str, suggestions: list[str]) -> None:
        message = _("No card is called “%(name)s”.") % {"name": asked}
        if suggestions:
            message = _("No card is called “%(name)s”. Did you mean: %(names)s?") % {
                "name": asked,
                "names": ", ".join(suggestions),
            }
        super().__init__(message, code="unknown_card")
        self.asked, self.suggestions = asked, suggestions


def find_card(text: str):
    """The core card ``text`` names (a VEKN id or a name), or raise ``CardNotFound``."""
    cards = index.get()
    text = text.strip()
    card_id = whole_number(text)
    if card_id is not None:
        card = cards.get(card_id)
        if card is None:
            raise CardNotFound(text, [])
        return card
    card = resolver_for(cards).resolve(text)
    if card is None:
        raise CardNotFound(text, resolver_for(cards).suggest(text, n=5))
    return card


def parse_condition(text: str) -> CardCondition | None:
    """One condition as written in ``card=`` (see the module's doc). None for a condition every deck
    meets (``>=0``). Raises ``forms.ValidationError`` with a sentence for anything else it cannot read."""
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_QUERY_LENGTH:
        raise forms.ValidationError(_("A card condition is at most %(n)d characters.") % {"n": MAX_QUERY_LENGTH})
    op, count = AT_LEAST, 1
    if match := _CONDITION.match(text):
        name = match["card"]
        if match["none"]:
            op, count = NONE, 0
        else:
            count = int(match["n"])
            op = match["op"] or (NONE if count == 0 else AT_LEAST)  # a bare ":0" means none
    elif match := _COUNTED.match(text):
        name, count = match["card"], int(match["n"])
    else:
        name = text
    if not name.strip():
        raise forms.ValidationError(
            _("“%(text)s” names no card: write a card name or id before the colon.") % {"text": text}
        )
    if count > MAX_COPIES:
        raise forms.ValidationError(_("A deck holds at most %(n)d copies of a card.") % {"n": MAX_COPIES})
    card = find_card(name)
    if count == 0 and op in (AT_MOST, EXACTLY, NONE):
        op = NONE
    elif count == 0:  # at least 0: every deck
        return None
    return CardCondition(card.id, card.unique_name, op, count)


class ConditionsWidget(forms.MultipleHiddenInput):
    """Reads every ``card=`` value of the query string."""


class CardConditionsField(forms.Field):
    widget = ConditionsWidget

    def to_python(self, value) -> list[str]:
        if value in (None, ""):
            return []
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value]

    def clean(self, value) -> list[CardCondition]:
        texts = [t for t in self.to_python(value) if t.strip()]
        if len(texts) > MAX_CONDITIONS:
            raise forms.ValidationError(_("At most %(n)d card conditions.") % {"n": MAX_CONDITIONS})
        conditions, errors = [], []
        for text in texts:
            try:
                if (condition := parse_condition(text)) is not None:
                    conditions.append(condition)
            except forms.ValidationError as exc:
                errors.append(exc)
        if errors:
            raise forms.ValidationError(errors)
        return conditions


@functools.cache
def _clan_keys() -> dict[str, str]:
    return {clan.lower(): clan for card in index.get() if card.is_crypt for clan in card.clans}


def known_clans() -> dict[str, str]:
    """Every crypt clan (and creed): its lower-case key → its printed name."""
    return _clan_keys()


def named_archetype_choices() -> list[tuple[str, StrOrPromise]]:
    """The named archetypes of ``vtesdeck.core.archetypes`` (translated names), then "unclassified"."""
    from vtesdeck.core import archetypes as named

    return [
        ("", _("any")),
        *((a.slug, _(a.name)) for a in named.named_archetypes()),
        (named.UNCLASSIFIED, _("Unclassified")),
    ]


class TwdaSearchForm(forms.Form):
    q = forms.CharField(
        required=False,
        max_length=MAX_QUERY_LENGTH,
        label=_("Text"),
        help_text=_("words in the deck name, event, author or winner"),
    )
    card = CardConditionsField(
        required=False,
        label=_("Cards"),
        help_text=_("card:>=4, card:<=2, card:=1, card:0 (none); the card as a name or a VEKN id"),
    )
    clan = forms.CharField(required=False, max_length=60, label=_("Clan"))
    sect = forms.ChoiceField(required=False, choices=[("", _("any")), *((s, s) for s in SECTS)], label=_("Sect"))
    discipline = forms.CharField(
        required=False,
        max_length=100,
        label=_("Discipline"),
        help_text=_("crypt discipline trigrams, all required, e.g. dom pre"),
    )
    date_from = forms.DateField(required=False, label=_("From"), widget=DateInput())
    date_to = forms.DateField(required=False, label=_("To"), widget=DateInput())
    players_min = forms.IntegerField(required=False, min_value=0, max_value=10_000, label=_("Players from"))
    players_max = forms.IntegerField(required=False, min_value=0, max_value=10_000, label=_("Players to"))
    place = forms.CharField(required=False, max_length=MAX_QUERY_LENGTH, label=_("Place"))
    winner = forms.CharField(required=False, max_length=MAX_QUERY_LENGTH, label=_("Winner"))
    archetype = forms.CharField(required=False, max_length=120, label=_("Archetype"))
    # A named archetype (vtesdeck.core.archetypes): the slugs of its data file, or "unclassified".
    style = forms.ChoiceField(required=False, label=_("Named archetype"), choices=named_archetype_choices)
    # "Fits format" (formats.fits): every card in the format today; a built-in name or a custom format's id.
    fits = FormatChoiceField(required=False, label=_("Fits format"), choices=fits_choices)
    order = forms.ChoiceField(
        required=False,
        choices=[("", _("newest first")), ("oldest", _("oldest first")), ("players", _("most players first"))],
        label=_("Order"),
    )
    # Then the filters apps above twda add (``ARCHIVE_SEARCH``), each in its place. The views run them, since they
    # know the reader.

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields = ARCHIVE_SEARCH.placed(self.fields, lambda search_filter: search_filter.field())

    def clean_clan(self) -> str:
        clan = self.cleaned_data["clan"].strip().lower()
        if clan and clan not in known_clans():
            raise forms.ValidationError(_("Unknown clan %(clan)s.") % {"clan": repr(self.cleaned_data["clan"])})
        return clan

    def clean_discipline(self) -> list[str]:
        wanted = []
        for token in re.split(r"[\s,]+", self.cleaned_data["discipline"].strip()):
            if not token:
                continue
            code = token.lower()
            if not _DISCIPLINE_TOKEN.match(token) or code not in DISCIPLINES and code not in VIRTUES:
                raise forms.ValidationError(
                    _("Unknown discipline %(token)s: use a trigram such as dom or pre.") % {"token": repr(token)}
                )
            wanted.append(code)
        return wanted

    def clean_archetype(self) -> str:
        slug = self.cleaned_data["archetype"].strip()
        if slug and not Archetype.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("Unknown archetype %(slug)s.") % {"slug": repr(slug)})
        return slug

    def clean(self) -> dict:
        super().clean()
        data = self.cleaned_data  # what Form.clean() returns; the stubs allow a subclass's None
        low, high = data.get("date_from"), data.get("date_to")
        if low and high and low > high:
            self.add_error("date_from", _("The first date must not be after the last."))
        low, high = data.get("players_min"), data.get("players_max")
        if low is not None and high is not None and low > high:
            self.add_error("players_min", _("Players from must not exceed players to."))
        return data


class TwdaPageForm(TwdaSearchForm):
    """The page's form: the same filters, plus rows of [card name][at least|exactly|at most|none][count]."""

    ROW_OPERATORS = [(AT_LEAST, _("at least")), (EXACTLY, _("exactly")), (AT_MOST, _("at most")), (NONE, _("none"))]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["clan"].widget.attrs.update({"list": "clan-options", "autocomplete": "off"})
        for row in range(1, PAGE_ROWS + 1):
            self.fields[f"c{row}"] = forms.CharField(
                required=False,
                max_length=MAX_QUERY_LENGTH,
                label=_("Card %(n)d") % {"n": row},
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "list": "card-names", "placeholder": _("card name")}
                ),
            )
            self.fields[f"o{row}"] = forms.ChoiceField(required=False, choices=self.ROW_OPERATORS, label=_("How many"))
            self.fields[f"n{row}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=MAX_COPIES,
                label=_("Copies"),
                widget=forms.NumberInput(attrs={"class": "copies"}),
            )

    def rows(self) -> list[tuple]:
        return [(self[f"c{r}"], self[f"o{r}"], self[f"n{r}"]) for r in range(1, PAGE_ROWS + 1)]

    def filter_fields(self) -> list:
        skip = {"card"} | {f"{p}{r}" for p in "con" for r in range(1, PAGE_ROWS + 1)}
        return [field for field in self if field.name not in skip]

    def clean(self) -> dict:
        data = super().clean()
        conditions = list(data.get("card") or [])
        for row in range(1, PAGE_ROWS + 1):
            name = (data.get(f"c{row}") or "").strip()
            if not name:
                continue
            op = data.get(f"o{row}") or AT_LEAST
            count = data.get(f"n{row}")
            count = 0 if op == NONE else (1 if count is None else count)
            try:
                card = find_card(name)
            except forms.ValidationError as exc:
                self.add_error(f"c{row}", exc)
                continue
            if count == 0 and op != AT_LEAST:
                op = NONE
            elif count == 0:
                continue
            conditions.append(CardCondition(card.id, card.unique_name, op, count))
        data["card"] = conditions
        return data


def search(data: dict) -> QuerySet[TournamentDeck]:
    """The winning decks matching a ``TwdaSearchForm``'s cleaned data, in the order asked for."""
    decks = TournamentDeck.objects.all()
    for condition in data.get("card") or ():
        rows = TournamentCard.objects.filter(card_id=condition.card_id)
        if condition.op == NONE:
            decks = decks.exclude(id__in=rows.values("deck_id"))
        elif condition.op == AT_MOST:
            decks = decks.exclude(id__in=rows.filter(count__gt=condition.count).values("deck_id"))
        elif condition.op == EXACTLY:
            decks = decks.filter(id__in=rows.filter(count=condition.count).values("deck_id"))
        else:
            decks = decks.filter(id__in=rows.filter(count__gte=condition.count).values("deck_id"))
    for word in (data.get("q") or "").split():
        decks = decks.filter(
            Q(name__icontains=word) | Q(event__icontains=word) | Q(author__icontains=word) | Q(winner__icontains=word)
        )
    if data.get("clan"):
        decks = decks.filter(clans__icontains=f"|{data['clan']}|")
    if data.get("sect"):
        decks = decks.filter(sects__icontains=f"|{data['sect'].lower()}|")
    for code in data.get("discipline") or ():
        decks = decks.filter(disciplines__icontains=f"|{code}|")
    if data.get("date_from"):
        decks = decks.filter(date__gte=data["date_from"])
    if data.get("date_to"):
        decks = decks.filter(date__lte=data["date_to"])
    if data.get("players_min") is not None:
        decks = decks.filter(players__gte=data["players_min"])
    if data.get("players_max") is not None:
        decks = decks.filter(players__lte=data["players_max"])
    if place := (data.get("place") or "").strip():
        decks = decks.filter(place__icontains=place)
    if winner := (data.get("winner") or "").strip():
        decks = decks.filter(winner__icontains=winner)
    if data.get("archetype"):
        decks = decks.filter(archetype_id=data["archetype"])
    if data.get("fits"):
        decks = fits_format(decks, ruleset_for(data["fits"]))
    if data.get("style"):
        decks = decks.filter(style=data["style"])
    return decks.order_by(*ORDERS.get(data.get("order") or "date", ORDERS["date"]))
