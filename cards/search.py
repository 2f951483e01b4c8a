"""Card search: one form that validates the filters and one function that turns them into a query.

The /cards/ page and GET /api/v1/cards/ both go through ``CardFilterForm``, so a filter means the
same thing, and fails the same way, in the browser and over the API.
"""

from __future__ import annotations

import re

from django import forms
from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When
from django.utils.translation import gettext_lazy as _

from twda.models import TournamentCard, TournamentDeck
from vtesdeck.core.domain import DISCIPLINES, SECTS, TITLE_VOTES, VIRTUES
from vtesdeck.core.names import fold

from .models import Card, CardSet

# The tournament archive filter: "never" = in no winning deck of the archive, "seen" = in at least one.
TWDA_FILTERS = ("never", "seen")

LIBRARY_TYPES = (
    "Action", "Action Modifier", "Ally", "Combat", "Conviction", "Equipment", "Event", "Master",
    "Political Action", "Power", "Reaction", "Retainer",
)  # fmt: skip
CRYPT_TYPES = ("Vampire", "Imbued")
GROUPS = ("1", "2", "3", "4", "5", "6", "7", "ANY")
_DISCIPLINE_TOKEN = re.compile(r"^[A-Za-z]{3}$")
MAX_QUERY_LENGTH = 200


def _choices(values) -> list[tuple[str, str]]:
    # Card types, groups, sects and titles read as printed on the cards, in English in every language.
    return [("", _("any"))] + [(v, v) for v in values]


class SharedChoiceField(forms.ChoiceField):
    """A choice field whose copies share its list of choices instead of deep-copying it.

    Every form instance deep-copies its class's fields; for a ChoiceField that copies the choices, lazily
    translated labels included, which was a fifth of a card search API request. These lists are never
    mutated (a form that wants others assigns a new list), so sharing them changes nothing.
    """

    def __deepcopy__(self, memo):
        result = forms.Field.__deepcopy__(self, memo)
        result._choices = self._choices
        return result


class CardFilterForm(forms.Form):
    q = forms.CharField(required=False, max_length=MAX_QUERY_LENGTH, label=_("Name"))
    text = forms.CharField(required=False, max_length=MAX_QUERY_LENGTH, label=_("Card text"))
    kind = SharedChoiceField(required=False, choices=[("", _("any")), *Card.Kind.choices], label=_("Kind"))
    type = SharedChoiceField(required=False, choices=_choices(CRYPT_TYPES + LIBRARY_TYPES), label=_("Type"))
    clan = forms.CharField(required=False, max_length=60, label=_("Clan"))
    discipline = forms.CharField(
        required=False,
        max_length=100,
        label=_("Discipline"),
        help_text=_("trigrams, space or comma separated: lower case = any level, UPPER = superior (aus DOM)"),
    )
    group = SharedChoiceField(required=False, choices=_choices(GROUPS), label=_("Group"))
    capacity_min = forms.IntegerField(required=False, min_value=0, max_value=20, label=_("Capacity from"))
    capacity_max = forms.IntegerField(required=False, min_value=0, max_value=20, label=_("Capacity to"))
    sect = SharedChoiceField(required=False, choices=_choices(SECTS), label=_("Sect"))
    title = SharedChoiceField(required=False, choices=_choices(tuple(TITLE_VOTES)), label=_("Title"))
    set = forms.CharField(
        required=False, max_length=40, label=_("Set"), help_text=_("set abbreviation, e.g. V5 or KMW")
    )
    banned = SharedChoiceField(
        required=False,
        choices=[("", _("any")), ("no", _("legal only")), ("yes", _("banned only"))],
        label=_("Banned"),
    )
    twda = SharedChoiceField(
        required=False,
        choices=[("", _("any")), ("seen", _("seen in a winning deck")), ("never", _("never in a winning deck"))],
        label=_("Tournament archive"),
        help_text=_("whether the card appears in a deck of the tournament winning deck archive"),
    )

    def clean_discipline(self) -> list[tuple[str, bool]]:
        wanted = []
        for token in re.split(r"[\s,]+", self.cleaned_data["discipline"].strip()):
            if not token:
                continue
            code = token.lower()
            if not _DISCIPLINE_TOKEN.match(token) or code not in DISCIPLINES and code not in VIRTUES:
                raise forms.ValidationError(
                    _("Unknown discipline %(token)s: use a trigram such as aus or DOM.") % {"token": repr(token)}
                )
            wanted.append((code, token.isupper()))
        return wanted

    def clean_set(self) -> str:
        abbrev = self.cleaned_data["set"].strip()
        if abbrev:
            found = CardSet.objects.filter(abbrev__iexact=abbrev).values_list("abbrev", flat=True).first()
            if found is None:
                raise forms.ValidationError(_("Unknown set %(abbrev)s.") % {"abbrev": repr(abbrev)})
            return found
        return ""

    def clean_twda(self) -> str:
        wanted = self.cleaned_data["twda"]
        if wanted and not _archive_imported():
            # Without the archive every card would be "never seen": say why instead of listing them all.
            raise forms.ValidationError(
                _("The tournament archive is not imported yet, so no card can be said to be in or out of it.")
            )
        return wanted

    def clean(self) -> dict:
        data = super().clean()
        low, high = data.get("capacity_min"), data.get("capacity_max")
        if low is not None and high is not None and low > high:
            raise forms.ValidationError(_("Capacity from must not exceed capacity to."))
        return data


def search(data: dict) -> QuerySet[Card]:
    """The cards matching a ``CardFilterForm``'s cleaned data, best name matches first."""
    cards = Card.objects.all()
    if query := fold(data.get("q") or ""):
        cards = cards.filter(name_search__contains=query)
    if text := (data.get("text") or "").strip().lower():
        for word in text.split():
            cards = cards.filter(text_search__contains=word)
    if data.get("kind"):
        cards = cards.filter(kind=data["kind"])
    if data.get("type"):
        cards = cards.filter(types__contains=f"|{data['type'].lower()}|")
    if clan := (data.get("clan") or "").strip().lower():
        cards = cards.filter(clans__contains=f"|{clan}|")
    for code, superior in data.get("discipline") or []:
        match = Q(discipline_rows__code=code)
        if superior:
            # A library card has no level of its own: it matches any vampire level.
            match &= Q(discipline_rows__superior=True) | Q(kind=Card.Kind.LIBRARY)
        cards = cards.filter(id__in=Card.objects.filter(match).values("id"))
    if data.get("group"):
        cards = cards.filter(group=data["group"])
    if data.get("capacity_min") is not None:
        cards = cards.filter(capacity__gte=data["capacity_min"])
    if data.get("capacity_max") is not None:
        cards = cards.filter(capacity__lte=data["capacity_max"])
    if data.get("sect"):
        cards = cards.filter(sect=data["sect"])
    if data.get("title"):
        cards = cards.filter(title=data["title"])
    if data.get("set"):
        cards = cards.filter(id__in=Card.objects.filter(printings__set_id=data["set"]).values("id"))
    if data.get("banned") == "yes":
        cards = cards.filter(banned_year__isnull=False)
    elif data.get("banned") == "no":
        cards = cards.filter(banned_year__isnull=True)
    if data.get("twda") in TWDA_FILTERS:
        played = Exists(TournamentCard.objects.filter(card=OuterRef("pk")))
        cards = cards.filter(played if data["twda"] == "seen" else ~played)
    if query:
        # The card's own name starting with the query ranks first (name_search opens with it), then
        # another of its names (printed name, AKA) starting with it, then names merely containing it.
        cards = cards.annotate(
            rank=Case(
                When(name_search__startswith=f"|{query}", then=Value(0)),
                When(name_search__contains=f"|{query}", then=Value(1)),
                default=Value(2),
                output_field=IntegerField(),
            )
        ).order_by("rank", "name", "id")
    return cards


def _archive_imported() -> bool:
    return TournamentDeck.objects.exists()


def autocomplete(query: str, limit: int = 10) -> list[dict]:
    """Names for a search box: cards whose name forms start with the query, then those containing it."""
    folded = fold(query[:MAX_QUERY_LENGTH])
    if not folded:
        return []
    rows = search({"q": query[:MAX_QUERY_LENGTH]}).values("id", "unique_name", "kind")[:limit]
    return [{"id": r["id"], "name": r["unique_name"], "kind": r["kind"]} for r in rows]
