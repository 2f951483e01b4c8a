"""Card search: one form that validates the filters and one function that turns them into a query.

The /cards/ page and GET /api/v1/cards/ both go through ``CardFilterForm``, so a filter means the
same thing, and fails the same way, in the browser and over the API.

A name query matches its words in any order ("govern unaligned" finds Govern the Unaligned); one that
finds nothing gets the close matches themselves, the cards the decklist resolver suggests for it that pass the
other filters (``matching.close_matches``; their names are the API's ``suggestions``).
Filters over values printed on the cards (clan, type, sect, title, set, group…) are choices among the
values the card list holds: any case is accepted, and a value that names nothing is refused with the
list of those that do, rather than silently finding no card.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When
from django.utils.translation import gettext_lazy as _

from vtesdeck.core.domain import DISCIPLINES, SECTS, TITLE_VOTES, VIRTUES
from vtesdeck.core.names import fold
from vtesdeck.labels import CARD_TYPES

from .list_version import card_list_version
from .models import Card, CardSet

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise

# The tournament archive filter: "never" = in no winning deck of the archive, "seen" = in at least one.
TWDA_FILTERS = ("never", "seen")

LIBRARY_TYPES = (
    "Action",
    "Action Modifier",
    "Ally",
    "Combat",
    "Conviction",
    "Equipment",
    "Event",
    "Master",
    "Political Action",
    "Power",
    "Reaction",
    "Retainer",
)
CRYPT_TYPES = ("Vampire", "Imbued")
GROUPS = ("1", "2", "3", "4", "5", "6", "7", "ANY")
_DISCIPLINE_TOKEN = re.compile(r"^[A-Za-z]{3}$")
MAX_QUERY_LENGTH = 200
MAX_DISCIPLINE_LENGTH = 100
# Close matches shown for a name query that found nothing: at most this many, each checked to pass the other
# filters, among the resolver's best few.
SUGGESTIONS = 3
SUGGESTION_CANDIDATES = 10


def _choices(values, labels=None) -> list[tuple[str, str]]:
    # Groups, sects and titles read as printed on the cards, in English in every language; card types are
    # named in the page's language (vtesdeck.labels.CARD_TYPES), their values staying English.
    return [("", _("any"))] + [(v, (labels or {}).get(v, v)) for v in values]


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


class NamedChoiceField(SharedChoiceField):
    """A choice among names printed on the cards (a clan, a type, a sect…). Any case is accepted and read
    as printed ("brujah antitribu" is "Brujah antitribu"), as the API always did for clans and sets; a value
    naming nothing is refused with the values that do, so that a typo is never an empty result.

    ``values`` names a list of ``card_values()`` instead of fixed ``choices``: read from the stored card list
    when a form is validated (never at import time, when there may be no database yet), so the OpenAPI
    schema cannot list them as an enum. Either way a value is checked with one dict lookup: the card search
    API validates a form per request, and walking 140 sets' choices for each field was most of its time."""

    default_error_messages = {
        "invalid_choice": _("Unknown value “%(value)s”; the allowed values are: %(allowed)s."),
    }

    def __init__(self, *, choices=(), values: str = "", **kwargs) -> None:
        self.from_card_list = values
        if values:
            choices = functools.partial(_card_value_choices, values)
        super().__init__(choices=choices, **kwargs)
        # Django's setter has made the choices a list of pairs (or a lazy iterator of them): the stubs type the
        # property's value as any input it accepts.
        pairs = cast("Iterable[tuple[Any, Any]]", self.choices)
        self._printed = {} if values else {str(key).lower(): str(key) for key, _label in pairs if key != ""}

    def printed(self) -> dict[str, str]:
        """Each allowed value in lower case → as printed."""
        return card_values()[self.from_card_list]["printed"] if self.from_card_list else self._printed

    def to_python(self, value) -> str:
        text = super().to_python(value).strip()
        return self.printed().get(text.lower(), text) if text else text

    def bound_data(self, data, initial):
        # The list shows the value chosen as printed, whatever its case in the address.
        return self.printed().get(data.strip().lower(), data) if isinstance(data, str) else data

    def valid_value(self, value) -> bool:
        return self.printed().get(str(value).lower()) == value

    def validate(self, value) -> None:
        forms.Field.validate(self, value)
        if value and not self.valid_value(value):
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value, "allowed": ", ".join(self.printed().values())},
            )


class DisciplineField(forms.Field):
    """Disciplines (and Imbued virtues) a card must have, all of them, each a trigram: lower case = any
    level, UPPER case = superior. The page sends one value per option chosen in its list; the API also
    takes them space or comma separated in one value (``aus DOM``), as it always did."""

    widget = forms.SelectMultiple
    max_length = MAX_DISCIPLINE_LENGTH

    def to_python(self, value) -> list[str]:
        values = [value] if isinstance(value, str) else list(value or ())
        return [token for text in values for token in re.split(r"[\s,]+", str(text).strip()) if token]

    def bound_data(self, data, initial) -> list[str]:
        # "aus DOM" in one value marks both options in the list.
        return self.to_python(data)

    def validate(self, value: list[str]) -> None:
        super().validate(value)
        written = " ".join(value)
        if len(written) > self.max_length:
            raise forms.ValidationError(
                _("Ensure this value has at most %(limit)d characters (it has %(length)d).")
                % {"limit": self.max_length, "length": len(written)},
                code="max_length",
            )


def _discipline_options() -> list[tuple[StrOrPromise, list[tuple[str, str]]]]:
    """The discipline list's options: every trait at any level (lower case), then superior (UPPER case)."""
    traits = sorted({**DISCIPLINES, **VIRTUES}.items(), key=lambda item: item[1])
    return [
        (_("any level"), [(code, f"{name} ({code})") for code, name in traits]),
        (_("superior"), [(code.upper(), f"{name} ({code.upper()})") for code, name in traits if code in DISCIPLINES]),
    ]


_values_lock = threading.Lock()
_values: dict[str, dict[str, dict]] = {}


def card_values() -> dict[str, dict]:
    """The clans and sets the stored card list holds, for the filters' choices: for each of ``"clan"`` and
    ``"set"``, its ``"choices"`` (value, label) and ``"printed"`` (lower case → value). Read once per card
    list version (``cards.list_version``) and kept."""
    version = card_list_version()
    with _values_lock:
        found = _values.get(version)
    if found is None:
        clans: set[str] = set()
        # Library cards name the same clans as their requirements: the crypt's clans are all of them.
        for names in Card.objects.filter(kind=Card.Kind.CRYPT).values_list("data__clans", flat=True).distinct():
            clans.update(names or ())
        sets = CardSet.objects.order_by("abbrev").values_list("abbrev", "name")
        found = {
            "clan": _value_list([(clan, clan) for clan in sorted(clans, key=str.lower)]),
            "set": _value_list([(abbrev, f"{abbrev} — {name}") for abbrev, name in sets]),
        }
        with _values_lock:
            _values.clear()
            _values[version] = found
    return found


def _value_list(choices: list[tuple[str, str]]) -> dict:
    return {"choices": [("", _("any")), *choices], "printed": {value.lower(): value for value, _label in choices}}


def _card_value_choices(name: str) -> list[tuple[str, str]]:
    return card_values()[name]["choices"]


class CardFilterForm(forms.Form):
    q = forms.CharField(
        required=False,
        max_length=MAX_QUERY_LENGTH,
        label=_("Name"),
        help_text=_("words of the name, in any order"),
    )
    text = forms.CharField(required=False, max_length=MAX_QUERY_LENGTH, label=_("Card text"))
    kind = NamedChoiceField(required=False, choices=[("", _("any")), *Card.Kind.choices], label=_("Kind"))
    type = NamedChoiceField(required=False, choices=_choices(CRYPT_TYPES + LIBRARY_TYPES, CARD_TYPES), label=_("Type"))
    clan = NamedChoiceField(required=False, values="clan", label=_("Clan"))
    discipline = DisciplineField(
        required=False,
        label=_("Discipline"),
        widget=forms.SelectMultiple(choices=_discipline_options(), attrs={"size": 6}),
        help_text=_("every one chosen is required; lower case = any level, UPPER = superior (aus DOM)"),
    )
    group = NamedChoiceField(required=False, choices=_choices(GROUPS), label=_("Group"))
    capacity_min = forms.IntegerField(required=False, min_value=0, max_value=20, label=_("Capacity from"))
    capacity_max = forms.IntegerField(required=False, min_value=0, max_value=20, label=_("Capacity to"))
    sect = NamedChoiceField(required=False, choices=_choices(SECTS), label=_("Sect"))
    title = NamedChoiceField(required=False, choices=_choices(tuple(TITLE_VOTES)), label=_("Title"))
    set = NamedChoiceField(required=False, values="set", label=_("Set"))
    banned = NamedChoiceField(
        required=False,
        choices=[("", _("any")), ("no", _("legal only")), ("yes", _("banned only"))],
        label=_("Banned"),
    )
    twda = NamedChoiceField(
        required=False,
        choices=[("", _("any")), ("seen", _("seen in a winning deck")), ("never", _("never in a winning deck"))],
        label=_("Tournament archive"),
        help_text=_("whether the card appears in a deck of the tournament winning deck archive"),
    )

    def clean_discipline(self) -> list[tuple[str, bool]]:
        wanted = []
        for token in self.cleaned_data["discipline"]:
            code = token.lower()
            if not _DISCIPLINE_TOKEN.match(token) or code not in DISCIPLINES and code not in VIRTUES:
                raise forms.ValidationError(
                    _(
                        "Unknown discipline “%(token)s”; the allowed trigrams are: %(allowed)s "
                        "(lower case: any level, UPPER case: superior)."
                    )
                    % {"token": token, "allowed": ", ".join(sorted({*DISCIPLINES, *VIRTUES}))},
                    code="invalid_choice",
                )
            wanted.append((code, token.isupper()))
        return wanted

    def clean_twda(self) -> str:
        wanted = self.cleaned_data["twda"]
        if wanted and not _archive_imported():
            # Without the archive every card would be "never seen": say why instead of listing them all.
            raise forms.ValidationError(
                _("The tournament archive is not imported yet, so no card can be said to be in or out of it.")
            )
        return wanted

    def clean(self) -> dict:
        super().clean()
        data = self.cleaned_data  # what Form.clean() returns; the stubs allow a subclass's None
        low, high = data.get("capacity_min"), data.get("capacity_max")
        if low is not None and high is not None and low > high:
            raise forms.ValidationError(_("Capacity from must not exceed capacity to."))
        return data


def search(data: dict) -> QuerySet[Card]:
    """The cards matching a ``CardFilterForm``'s cleaned data, best name matches first."""
    cards = Card.objects.all()
    query = fold(data.get("q") or "")
    words = name_words(query)
    for word in words:  # needed by either way of matching below
        cards = cards.filter(name_search__contains=word)
    if len(words) > 1:
        # The query as written anywhere in a name, or its words in any order, each starting a word of one
        # of the card's names: "govern unaligned" finds Govern the Unaligned, "the rack" not Cracking the Wall.
        in_any_order = Q()
        for word in words:
            in_any_order &= Q(name_search__contains=f" {word}") | Q(name_search__contains=f"|{word}")
        cards = cards.filter(Q(name_search__contains=query) | in_any_order)
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
        played = Exists(_played_in_the_archive().filter(pk=OuterRef("pk")))
        cards = cards.filter(played if data["twda"] == "seen" else ~played)
    if query:
        # The card's own name starting with the query ranks first (name_search opens with it), then
        # another of its names (printed name, AKA) starting with it, then names containing it as written,
        # then names holding its words in another order.
        cards = cards.annotate(
            rank=Case(
                When(name_search__startswith=f"|{query}", then=Value(0)),
                When(name_search__contains=f"|{query}", then=Value(1)),
                When(name_search__contains=query, then=Value(2)),
                default=Value(3),
                output_field=IntegerField(),
            )
        ).order_by("rank", "name", "id")
    return cards


def name_words(query: str) -> list[str]:
    """The words a folded name query asks for, each once (``fold`` has already dropped punctuation)."""
    return list(dict.fromkeys(query.split()))


def words_start_words(name_search: str, words: list[str]) -> bool:
    """Whether each of ``words`` starts a word of one of the names in a ``name_search`` column."""
    return all(f" {word}" in name_search or f"|{word}" in name_search for word in words)


def _played_in_the_archive() -> QuerySet[Card]:
    """The cards some winning deck plays, through ``tournament_rows``: the archive's card rows point at the
    cards (twda builds on cards), so cards reads them by that relation and never imports the archive's app."""
    return Card.objects.filter(tournament_rows__isnull=False)


def _archive_imported() -> bool:
    # The import keeps no deck without a crypt and a library, so an archive with decks has card rows.
    return _played_in_the_archive().exists()


def autocomplete(query: str, limit: int = 10) -> list[dict]:
    """Names for a search box: cards whose name forms start with the query, then those containing it."""
    folded = fold(query[:MAX_QUERY_LENGTH])
    if not folded:
        return []
    rows = search({"q": query[:MAX_QUERY_LENGTH]}).values("id", "unique_name", "kind")[:limit]
    return [{"id": r["id"], "name": r["unique_name"], "kind": r["kind"]} for r in rows]
