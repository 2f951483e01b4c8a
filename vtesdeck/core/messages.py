"""What the core says to people: every sentence by message id, its English template, and its parameters.

    render("LIBRARY_TOO_SMALL", {"count": 58, "min": 60, "max": 90, "short": 2, ...})
    → "Library has 58 cards; a tournament deck needs 60 to 90 (2 short)."

The core returns codes with parameters (``validate.Issue.params``, ``DecklistError.params``): plain JSON
values (counts, limits, card ids and names, dates written YYYY-MM-DD, line numbers, suggestions), so a
client need not parse prose. ``render`` fills a message's template from them in English. The templates
are gettext msgids with named placeholders: the shells (``vtesdeck.messages``) render the same message id
through Django's gettext and ngettext in the reader's language, with the same ``render`` and another
``Language``. So the words live here once, and how a message is put together (which variant, which
list joined with "and" or "or", which number grouped) is decided once, for every language.

``gettext_noop`` and ``ngettext_lazy`` below do what Django's functions of those names do with such
strings (nothing, or pick a plural form later), and are named alike so ``makemessages`` finds every
template here; ``MARKED`` lists them for the tests that check the catalogues translate
each one. Card names, card text, clans, disciplines, titles, sects and codes are parameters: never
translated.

Adding a message: one entry in ``MESSAGES`` (its template; a ``derive`` function when the sentence is
put together from parts) and, for a new issue code, one in ``TITLES``; the shells need nothing new.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .domain import DISCIPLINES, VIRTUES

logger = logging.getLogger(__name__)

MARKED: list[str | tuple[str, str]] = []  # every msgid (a (singular, plural) pair for plurals), in order


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation; it is returned as it is (translated when rendered)."""
    MARKED.append(message)
    return message


@dataclasses.dataclass(frozen=True)
class Plural:
    """A template with a singular and a plural, the form picked by the number in parameter ``number``
    (Polish has three forms: the catalogue holds them, and ngettext picks)."""

    singular: str
    plural: str
    number: str


def ngettext_lazy(singular: str, plural: str, number: str) -> Plural:
    MARKED.append((singular, plural))
    return Plural(singular, plural, number)


Template = str | Plural


@dataclasses.dataclass(frozen=True)
class Language:
    """How to say things in one language: ``gettext`` and ``ngettext`` as Django's, and how to write a
    large number (grouped: "10,000", "10 000", "10.000"). The default is English, for the core."""

    gettext: Callable[[str], str] = lambda message: message
    ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural
    number: Callable[[int], str] = "{:,}".format

    def text(self, template: Template, values: Mapping[str, Any]) -> str:
        if isinstance(template, Plural):
            number = values.get(template.number)
            chosen = self.ngettext(template.singular, template.plural, number if isinstance(number, int) else 0)
        else:
            chosen = self.gettext(template)
        return chosen % values if "%" in chosen else chosen

    def join(self, items: Iterable[str], word: str = "and") -> str:
        """ "A, B and C" (no comma before the last: neither Polish nor German writes one)."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        template = _AND if word == "and" else _OR
        return self.text(template, {"items": ", ".join(items[:-1]), "last": items[-1]})


ENGLISH = Language()

_AND = gettext_noop("%(items)s and %(last)s")
_OR = gettext_noop("%(items)s or %(last)s")


@dataclasses.dataclass(frozen=True)
class Message:
    """One message: its template; ``grouped`` parameters are written as large numbers ("10,000"); ``derive``
    works out the placeholders a sentence is put together from (a span "60 to 90", names joined…)."""

    template: Template
    grouped: tuple[str, ...] = ()
    derive: Callable[[Mapping[str, Any], Language], Mapping[str, Any]] | None = None


def render(message_id: str, params: Mapping[str, Any], language: Language = ENGLISH) -> str:
    """The sentence of ``message_id`` with ``params``, in ``language`` (English by default)."""
    message = MESSAGES[message_id]
    values = dict(params)
    if message.derive is not None:
        values.update(message.derive(params, language))
    template = message.template
    if isinstance(template, Plural):
        # The form follows the number itself, before it is written with separators.
        number = values.get(template.number)
        chosen = language.ngettext(template.singular, template.plural, number if isinstance(number, int) else 0)
    else:
        chosen = language.gettext(template)
    for key in message.grouped:
        if isinstance(values.get(key), int):
            values[key] = language.number(values[key])
    return chosen % values


# --- citations ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Reference:
    """A section of a rulebook or of the tournament rules: ``sections`` from the top, each (number, title),
    e.g. (("1.", "Introduction"), ("", "Deck construction")); ``url`` its official page, if it has one.
    ``format`` is a custom format's label, for ``FORMAT_RULES``."""

    source: str
    sections: tuple[tuple[str, str], ...] = ()
    url: str = ""
    format: str = ""

    def text(self, language: Language = ENGLISH) -> str:
        """ "VEKN rulebook, 1. Introduction › Deck construction"."""
        source = language.text(self.source, {"format": self.format})
        if not self.sections:
            return source
        path = " › ".join(f"{number} {language.gettext(title)}".strip() for number, title in self.sections)
        return f"{source}, {path}"


Citation = tuple[Reference, ...]

VEKN_RULEBOOK = gettext_noop("VEKN rulebook")
TOURNAMENT_RULES = gettext_noop("VEKN tournament rules")
# The German 2011 rulebook ("Heirs to the Blood") has no official page online: its sections by number.
RULEBOOK_2011 = gettext_noop("German 2011 rulebook")
FORMAT_RULES = gettext_noop("%(format)s format rules")


def citation_text(citation: Citation, language: Language = ENGLISH) -> str:
    return "; ".join(reference.text(language) for reference in citation)


def citation_url(citation: Citation) -> str:
    """The link of the first reference that has one: the section to read first."""
    return next((reference.url for reference in citation if reference.url), "")


# --- the parts sentences are made of -----------------------------------------------------------

_DECK_NOUNS = {
    "vekn": gettext_noop("a tournament deck"),
    "rulebook-2011": gettext_noop("a deck under the 2011 rulebook"),
    "v5": gettext_noop("a V5 deck"),
    "duel": gettext_noop("a casual duel deck"),
}
_FORMAT_DECK = gettext_noop("a %(format)s deck")
_AT_LEAST = gettext_noop("at least %(min)s")
_EXACTLY = gettext_noop("exactly %(min)s")
_FROM_TO = gettext_noop("%(min)s to %(max)s")
_TABLE = ngettext_lazy(" at a %(players)s-player table", " at a %(players)s-player table", "players")


def deck_noun(ruleset: str, format: str, language: Language = ENGLISH) -> str:
    """How a sentence names a deck of a format: "a tournament deck", "a V5 limited deck"."""
    noun = _DECK_NOUNS.get(ruleset)
    return language.gettext(noun) if noun else language.text(_FORMAT_DECK, {"format": format})


def _sizes(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    low, high = params["min"], params["max"]
    span = _AT_LEAST if high is None else _EXACTLY if low == high else _FROM_TO
    players = params.get("players")
    return {
        "deck": deck_noun(params["ruleset"], params["format"], language),
        "span": language.text(span, params),
        "table": language.text(_TABLE, {"players": players}) if players is not None else "",
    }


_ONE_GROUP = gettext_noop("one group")
_TWO_GROUPS = gettext_noop("one group or two consecutive groups")
_UP_TO_GROUPS = gettext_noop("one group or up to %(window)s consecutive groups")
_GROUP = gettext_noop("group %(start)s")
_GROUPS = gettext_noop("groups %(start)s–%(end)s")
_VAMPIRE_GROUP = gettext_noop("%(name)s (group %(group)s)")


def _groups(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    window = params["window"]
    start, end = params["kept"]
    allowed = _ONE_GROUP if window == 1 else _TWO_GROUPS if window == 2 else _UP_TO_GROUPS
    return {
        "group_list": language.join([str(g) for g in params["groups"]], "and"),
        "allowed": language.text(allowed, params),
        "kept_groups": language.text(_GROUP if window == 1 else _GROUPS, {"start": start, "end": end}),
        "vampires": ", ".join(language.text(_VAMPIRE_GROUP, vampire) for vampire in params["outside"]),
    }


def _names(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    names = params["names"]
    return {"count": len(names), "name_list": language.join(names, "and")}


def _year(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    return {"year": params["since"][:4]}


_PRINTED_IN = gettext_noop("printed in %(sets)s")
_ON_CARD_LIST = gettext_noop("on its card list")
_PRINTED_IN_OR_LISTED = gettext_noop("printed in %(sets)s or on its card list")


def _pool(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    sets = ", ".join(params["sets"])
    where = (_PRINTED_IN_OR_LISTED if params["card_list"] else _PRINTED_IN) if sets else _ON_CARD_LIST
    return {**_names(params, language), "where": language.text(where, {"sets": sets})}


_CARD_ID = gettext_noop("Card id %(card)s")


def _card_name(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    return {"name": params.get("name") or language.text(_CARD_ID, params)}


_LINE = gettext_noop("Line %(line)s: ")
_DID_YOU_MEAN = gettext_noop(" Did you mean %(suggestions)s?")


def _line(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    suggestions = params.get("suggestions") or ()
    return {
        "where": language.text(_LINE, params) if params.get("line") else "",
        "hint": language.text(_DID_YOU_MEAN, {"suggestions": language.join(suggestions, "or")}) if suggestions else "",
    }


_CLAN = gettext_noop("clan %(clans)s")
_A_TITLE = gettext_noop("a title")
_THE_TITLE = gettext_noop("the title %(titles)s")
_SECT = gettext_noop("sect %(sects)s")
_CAPACITY_MIN = gettext_noop("capacity %(capacity)s or more")
_CAPACITY_MAX = gettext_noop("capacity %(capacity)s or less")
_TRAIT_NAMES = {**DISCIPLINES, **VIRTUES, "fli": "Flight"}


def needs_text(needs: Mapping[str, Any], language: Language = ENGLISH) -> str:
    """What a library card asks of the vampire who plays it, from ``REQUIREMENT_UNMET``'s ``needs``:
    ``disciplines`` (alternatives, each a list of discipline codes all needed together), ``clans``,
    ``titled`` (any title) or ``titles``, ``sects``, ``capacity_min``, ``capacity_max``, and the rest of
    ``eligibility.NEEDS_KEYS`` (traits, refusals, what the minion is). Discipline, clan, title and sect names
    are the cards' own (English)."""
    parts = []
    if needs.get("disciplines"):
        alternatives = [language.join([_TRAIT_NAMES.get(c, c) for c in alt], "and") for alt in needs["disciplines"]]
        parts.append(language.join(alternatives, "or"))
    if needs.get("clans"):
        parts.append(language.text(_CLAN, {"clans": language.join(needs["clans"], "or")}))
    if needs.get("titled"):
        parts.append(language.gettext(_A_TITLE))
    elif needs.get("titles"):
        parts.append(language.text(_THE_TITLE, {"titles": language.join(needs["titles"], "or")}))
    if needs.get("sects"):
        parts.append(language.text(_SECT, {"sects": language.join(needs["sects"], "or")}))
    if needs.get("capacity_min") is not None:
        parts.append(language.text(_CAPACITY_MIN, {"capacity": needs["capacity_min"]}))
    if needs.get("capacity_max") is not None:
        parts.append(language.text(_CAPACITY_MAX, {"capacity": needs["capacity_max"]}))
    parts.extend(_more_needs(needs, language))
    return ", ".join(parts)


# The rest of ``eligibility.NEEDS_KEYS``: traits, refusals, what the minion is. Trait names, like clans and
# sects, are the cards' own words.
_NO_TITLE = gettext_noop("no title")
_NOT_CLAN = gettext_noop("a clan other than %(clans)s")
_NOT_SECT = gettext_noop("a sect other than %(sects)s")
_TRAIT = gettext_noop("trait %(traits)s")
_NOT_TRAIT = gettext_noop("not %(traits)s")
_MINIONS = {
    "vampire": gettext_noop("a vampire"),
    "imbued": gettext_noop("an imbued"),
    "mortal": gettext_noop("a mortal"),
    "ghoul": gettext_noop("a ghoul"),
    "mage": gettext_noop("a mage"),
}
_VERSIONS = {"advanced": gettext_noop("an advanced vampire"), "base": gettext_noop("a base vampire")}
_PATH = gettext_noop("the Path of %(paths)s")
_TRAIT_WORDS = {
    "black hand": "Black Hand",
    "seraph": "Seraph",
    "red list": "Red List",
    "infernal": "Infernal",
    "scarce": "Scarce",
    "sterile": "Sterile",
    "slave": "Slave",
}


def _more_needs(needs: Mapping[str, Any], language: Language) -> list[str]:
    parts = []
    if needs.get("untitled"):
        parts.append(language.gettext(_NO_TITLE))
    if needs.get("not_clans"):
        parts.append(language.text(_NOT_CLAN, {"clans": language.join(needs["not_clans"], "or")}))
    if needs.get("not_sects"):
        parts.append(language.text(_NOT_SECT, {"sects": language.join(needs["not_sects"], "or")}))
    if needs.get("traits"):
        traits = [_TRAIT_WORDS.get(t, t) for t in needs["traits"]]
        parts.append(language.text(_TRAIT, {"traits": language.join(traits, "and")}))
    if needs.get("not_traits"):
        traits = [_TRAIT_WORDS.get(t, t) for t in needs["not_traits"]]
        parts.append(language.text(_NOT_TRAIT, {"traits": language.join(traits, "or")}))
    if needs.get("minions"):
        parts.append(language.join([language.gettext(_MINIONS[k]) for k in needs["minions"] if k in _MINIONS], "or"))
    if needs.get("version") in _VERSIONS:
        parts.append(language.gettext(_VERSIONS[needs["version"]]))
    if needs.get("paths"):
        parts.append(language.text(_PATH, {"paths": language.join(needs["paths"], "or")}))
    if needs.get("either"):
        parts.append(language.join([needs_text(alternative, language) for alternative in needs["either"]], "or"))
    return parts


def _needs(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    return {"needs_text": needs_text(params["needs"], language)}


_NOT_PRINTED_YET = ngettext_lazy(
    "since %(other_list)s was not printed yet on %(date)s",
    "since %(other_list)s were not printed yet on %(date)s",
    "count",
)
_FITS_CRYPT_GROUPS = gettext_noop("the version that fits the groups of the rest of the crypt, not %(other_list)s")
_EARLIEST_PRINTING = gettext_noop("the earliest printing, not %(other_list)s")


def _ambiguous(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    others = [other["name"] for other in params["others"]]
    why: Template
    if params["reason"] == "not_printed_yet":
        why, other_list = _NOT_PRINTED_YET, language.join(others, "and")
    else:
        why = _FITS_CRYPT_GROUPS if params["reason"] == "fits_crypt_groups" else _EARLIEST_PRINTING
        other_list = language.join(others, "or")
    values = {"count": len(others), "date": params["date"], "other_list": other_list}
    return {**_line(params, language), "why": language.text(why, values)}


_WRITTEN_AS = {"eld": gettext_noop("an ELDB deck file"), "lackey-dek": ".dek"}


def _known_list(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    # Format names are identifiers ("twd", "jol"): listed as they are, in every language.
    return {"known_list": ", ".join(params["known"])}


def _written_as(params: Mapping[str, Any], language: Language) -> dict[str, Any]:
    written = _WRITTEN_AS.get(params["format"])
    return {"written_as": language.gettext(written) if written else params["format"]}


# --- the messages ------------------------------------------------------------------------------

# Validator messages first (``validate.Issue``: the code, and the message id when a code has several
# sentences), then the decklist readers' refusals (``decklist.DecklistError``).
MESSAGES: dict[str, Message] = {
    # Deck sizes. Params: count, min, max (None: no maximum), short or excess, players (the table size
    # when the library limit depends on it, else None), ruleset (its name) and format (its label).
    "CRYPT_TOO_SMALL": Message(
        ngettext_lazy(
            "Crypt has %(count)s card; %(deck)s needs %(span)s (%(short)s short).",
            "Crypt has %(count)s cards; %(deck)s needs %(span)s (%(short)s short).",
            "count",
        ),
        derive=_sizes,
    ),
    "CRYPT_TOO_LARGE": Message(
        ngettext_lazy(
            "Crypt has %(count)s card; %(deck)s needs %(span)s (%(excess)s too many).",
            "Crypt has %(count)s cards; %(deck)s needs %(span)s (%(excess)s too many).",
            "count",
        ),
        derive=_sizes,
    ),
    "LIBRARY_TOO_SMALL": Message(
        ngettext_lazy(
            "Library has %(count)s card; %(deck)s needs %(span)s%(table)s (%(short)s short).",
            "Library has %(count)s cards; %(deck)s needs %(span)s%(table)s (%(short)s short).",
            "count",
        ),
        derive=_sizes,
    ),
    "LIBRARY_TOO_LARGE": Message(
        ngettext_lazy(
            "Library has %(count)s card; %(deck)s needs %(span)s%(table)s (%(excess)s too many).",
            "Library has %(count)s cards; %(deck)s needs %(span)s%(table)s (%(excess)s too many).",
            "count",
        ),
        derive=_sizes,
    ),
    # Params: groups (every group of the crypt), window (how many consecutive groups a crypt may span),
    # kept ([first, last] group of the window keeping the most copies), outside ([{id, name, group}]).
    "CRYPT_GROUPS": Message(
        gettext_noop(
            "Crypt mixes groups %(group_list)s; a crypt holds vampires of %(allowed)s (ANY fits all). "
            "Outside %(kept_groups)s: %(vampires)s."
        ),
        derive=_groups,
    ),
    # Params: card, name, since (YYYY-MM-DD), exact (False: the card list gives only the year).
    "BANNED_CARD": Message(gettext_noop("%(name)s is banned in VEKN tournaments since %(since)s.")),
    "BANNED_CARD_SINCE_YEAR": Message(
        gettext_noop("%(name)s is banned in VEKN tournaments since %(year)s (the card list gives the year only)."),
        derive=_year,
    ),
    # Params: card, name, ruleset, format.
    "BANNED_IN_FORMAT": Message(gettext_noop("%(name)s is banned in the %(format)s format.")),
    # Params: names, date (legal from), released (first release).
    "NOT_YET_LEGAL": Message(
        ngettext_lazy(
            "%(name_list)s is not legal until %(date)s (first released %(released)s).",
            "%(name_list)s are not legal until %(date)s (first released %(released)s).",
            "count",
        ),
        derive=_names,
    ),
    # Params: names, ruleset, format, sets (the format's sets, [] for none), card_list (it lists cards too).
    "NOT_IN_FORMAT": Message(
        ngettext_lazy(
            "%(name_list)s is not in the %(format)s card pool (cards %(where)s).",
            "%(name_list)s are not in the %(format)s card pool (cards %(where)s).",
            "count",
        ),
        derive=_pool,
    ),
    # Params: card.
    "UNKNOWN_CARD_ID": Message(gettext_noop("Card id %(card)s is not in the card list.")),
    # Params: card, name (None when the card list lacks it), copies, max.
    "COUNT_INVALID": Message(
        ngettext_lazy(
            "%(name)s has %(copies)s copy; a card needs 1 to %(max)s copies.",
            "%(name)s has %(copies)s copies; a card needs 1 to %(max)s copies.",
            "copies",
        ),
        grouped=("max",),
        derive=_card_name,
    ),
    # Params: line (0: the source has no lines), text (as shown: spaces folded, cut at 120 characters),
    # suggestions (official names, best first).
    "UNKNOWN_CARD": Message(gettext_noop("%(where)s“%(text)s” names no card in the card list.%(hint)s"), derive=_line),
    # Params: line, text, count, max.
    "COUNT_INVALID_LINE": Message(
        ngettext_lazy(
            "%(where)s“%(text)s” asks for %(count)s copy; a line holds 1 to %(max)s copies of a card.",
            "%(where)s“%(text)s” asks for %(count)s copies; a line holds 1 to %(max)s copies of a card.",
            "count",
        ),
        grouped=("count", "max"),
        derive=_line,
    ),
    # Params: names, date (the day checked), released.
    "FUTURE_SET": Message(
        ngettext_lazy(
            "%(name_list)s did not exist yet on %(date)s (first released %(released)s).",
            "%(name_list)s did not exist yet on %(date)s (first released %(released)s).",
            "count",
        ),
        derive=_names,
    ),
    # Params: card, name, needs (see ``needs_text``).
    "REQUIREMENT_UNMET": Message(
        gettext_noop("No vampire in the crypt can play %(name)s: it needs %(needs_text)s."), derive=_needs
    ),
    # Params: card (the base vampire), name, advanced (the advanced version's id).
    "ADVANCED_PAIR": Message(
        gettext_noop(
            "The crypt holds both %(name)s and its advanced version: legal, and they can merge, but either "
            "contests the other in play."
        )
    ),
    # Params: declared (what the list says), count (what it lists); title (the list's own heading).
    "DECLARED_CRYPT": Message(
        ngettext_lazy(
            "The decklist says its crypt has %(declared)s card; it lists %(count)s.",
            "The decklist says its crypt has %(declared)s cards; it lists %(count)s.",
            "declared",
        )
    ),
    "DECLARED_LIBRARY": Message(
        ngettext_lazy(
            "The decklist says its library has %(declared)s card; it lists %(count)s.",
            "The decklist says its library has %(declared)s cards; it lists %(count)s.",
            "declared",
        )
    ),
    "DECLARED_SECTION": Message(
        ngettext_lazy(
            "The decklist says %(title)s has %(declared)s card; it lists %(count)s.",
            "The decklist says %(title)s has %(declared)s cards; it lists %(count)s.",
            "declared",
        )
    ),
    "DECLARED_TRIFLES": Message(
        ngettext_lazy(
            "The decklist says it has %(declared)s trifle; it lists %(count)s.",
            "The decklist says it has %(declared)s trifles; it lists %(count)s.",
            "declared",
        )
    ),
    # A vampire two groups share, named without its group; how it was read (``versions``). Params: line,
    # text (the line), name (as written), vampire (the official name), card (the id taken), chosen (its
    # name with its group), others ([{id, name}]: the versions not taken), reason (``not_printed_yet``,
    # ``fits_crypt_groups`` or ``earliest_printing``), date (the day checked).
    "AMBIGUOUS_NAME": Message(
        gettext_noop("%(where)s“%(text)s” does not say which %(vampire)s: read as %(chosen)s, %(why)s."),
        derive=_ambiguous,
    ),
    # --- decklists that cannot be read (DecklistError) ---
    # Params: size, limit (characters of a pasted text, bytes of a file).
    "TEXT_TOO_LARGE": Message(
        ngettext_lazy(
            "The decklist is too large (%(size)s character; the limit is %(limit)s).",
            "The decklist is too large (%(size)s characters; the limit is %(limit)s).",
            "size",
        ),
        grouped=("size", "limit"),
    ),
    "FILE_TOO_LARGE": Message(
        ngettext_lazy(
            "The file is too large (%(size)s byte; the limit is %(limit)s).",
            "The file is too large (%(size)s bytes; the limit is %(limit)s).",
            "size",
        ),
        grouped=("size", "limit"),
    ),
    "BINARY_FILE": Message(gettext_noop("This is not a text file (it holds binary data); upload a decklist as text.")),
    "EMPTY_DECKLIST": Message(gettext_noop("The decklist is empty.")),
    "TOO_MANY_LINES": Message(
        ngettext_lazy(
            "The decklist has more than %(limit)s line; no deck is that long.",
            "The decklist has more than %(limit)s lines; no deck is that long.",
            "limit",
        ),
        grouped=("limit",),
    ),
    # The work a request may cost (``budget``). Params: limit, line (where reading stopped).
    "TOO_MANY_UNKNOWN_LINES": Message(
        gettext_noop(
            "Reading stopped at line %(line)s: more than %(limit)s lines name no card, so this is no decklist we can "
            "read (is it the right file?)."
        ),
        grouped=("limit", "line"),
    ),
    # Params: limit.
    "WORK_BUDGET_LINES": Message(
        gettext_noop(
            "Not checked: this request had already read %(limit)s lines of decklists, its limit. Send this decklist "
            "again on its own."
        ),
        grouped=("limit",),
    ),
    "WORK_BUDGET_UNRESOLVED": Message(
        gettext_noop(
            "Not checked: this request had already met %(limit)s lines naming no card, its limit. Send this decklist "
            "again on its own."
        ),
        grouped=("limit",),
    ),
    "WORK_BUDGET_SUGGESTIONS": Message(
        gettext_noop(
            "Not checked: this request had already looked for suggestions for %(limit)s unknown names, its limit. Send "
            "this decklist again on its own."
        ),
        grouped=("limit",),
    ),
    "WORK_BUDGET_CPU_SECONDS": Message(
        gettext_noop(
            "Not checked: this request had already used its %(limit)s seconds of work. Send this decklist again on "
            "its own."
        )
    ),
    # Params: reason (Python's own words).
    "BAD_UTF16": Message(gettext_noop("The file claims UTF-16 but is not valid UTF-16 (%(reason)s).")),
    # Params: format, known (the format names).
    "UNKNOWN_FORMAT": Message(
        gettext_noop("Unknown decklist format %(format)r; known formats: %(known_list)s."), derive=_known_list
    ),
    "CANNOT_EXPORT": Message(
        gettext_noop("Cannot export to %(format)r; formats that can be written: %(known_list)s."), derive=_known_list
    ),
    # Params: format (the name of a format writing a line per copy), copies, max_count, max_copies.
    "TOO_MANY_COPIES_TO_WRITE": Message(
        ngettext_lazy(
            "This deck cannot be written as %(written_as)s: it asks for %(copies)s copy (at most %(max_count)s of a card "
            "and %(max_copies)s in all).",
            "This deck cannot be written as %(written_as)s: it asks for %(copies)s copies (at most %(max_count)s of a card "
            "and %(max_copies)s in all).",
            "copies",
        ),
        grouped=("copies", "max_count", "max_copies"),
        derive=_written_as,
    ),
    "ELDB_NO_NAME": Message(gettext_noop("This ELDB deck file ends before its deck name.")),
    "ELDB_NO_AUTHOR": Message(gettext_noop("This ELDB deck file ends before its author.")),
    "ELDB_NO_DESCRIPTION": Message(gettext_noop("This ELDB deck file ends before its description.")),
    "NOT_ELDB": Message(
        gettext_noop("This is not an ELDB deck file: its first line should be the deck name in quotes.")
    ),
    "ELDB_OPEN_QUOTE": Message(gettext_noop("This ELDB deck file's description never closes its quote.")),
    # Params: line, detail (Python's csv module's words).
    "CSV_UNREADABLE": Message(gettext_noop("This CSV cannot be read at line %(line)s: %(detail)s.")),
    # Params: saved (the deck's id or path on vdb.im).
    "VDB_SAVED_DECK": Message(
        gettext_noop(
            "This VDB link points to a deck saved on vdb.im (%(saved)s), not to its cards; open it in VDB and share "
            "it with “Deck in URL”, or export it as text."
        )
    ),
    # Params: detail (Python's json module's words), line, column.
    "JSON_INVALID": Message(gettext_noop("This is not valid JSON: %(detail)s (line %(line)s, column %(column)s).")),
    "JSON_TOO_DEEP": Message(gettext_noop("This JSON nests lists or objects too deeply to be a decklist.")),
    "JSON_NO_DECK": Message(
        gettext_noop('This JSON holds no deck: expected an object with "crypt" and "library" lists.')
    ),
    "JSON_CRYPT_NOT_A_LIST": Message(gettext_noop("The crypt list in this JSON is not a list.")),
    "JSON_LIBRARY_NOT_A_LIST": Message(gettext_noop("The library list in this JSON is not a list.")),
    "JSON_CARDS_NOT_A_LIST": Message(gettext_noop("The card list in this JSON is not a list.")),
    # Params: key.
    "JSON_NOT_TEXT": Message(gettext_noop('The deck\'s "%(key)s" in this JSON should be text.')),
    # Params: key (date or date_end), value.
    "JSON_BAD_DATE": Message(gettext_noop("The event %(key)s %(value)r is not a date written YYYY-MM-DD.")),
    "JSON_DECLARED_NOT_OBJECT": Message(gettext_noop('The "declared" counts in this JSON should be an object.')),
    "JSON_UNRESOLVED_NOT_LIST": Message(
        gettext_noop('The "unresolved" lines in this JSON should be a list of objects.')
    ),
    "XML_DECLARATIONS": Message(
        gettext_noop(
            "This XML file declares a document type or entities, which a deck file never does; it is refused for "
            "safety."
        )
    ),
    # Params: detail (the XML parser's words), line, column.
    "DEK_NOT_XML": Message(
        gettext_noop("This .dek file is not well-formed XML: %(detail)s (line %(line)s, column %(column)s).")
    ),
    # Params: tag.
    "NOT_LACKEY_DECK": Message(
        gettext_noop("This XML file is not a LackeyCCG deck: it holds a <%(tag)s>, not a <deck>.")
    ),
    # Zip uploads (decklist.archive). Params: name (a file inside the zip), sizes in bytes, limits.
    "ZIP_TOO_LARGE": Message(
        ngettext_lazy(
            "The zip archive is too large (%(size)s byte; the limit is %(limit)s).",
            "The zip archive is too large (%(size)s bytes; the limit is %(limit)s).",
            "size",
        ),
        grouped=("size", "limit"),
    ),
    "ZIP_TOO_MANY_ENTRIES": Message(
        ngettext_lazy(
            "The zip archive holds %(entries)s entry; at most %(limit)s files are read from one upload.",
            "The zip archive holds %(entries)s entries; at most %(limit)s files are read from one upload.",
            "entries",
        ),
        grouped=("entries", "limit"),
    ),
    "ZIP_DAMAGED": Message(gettext_noop("This zip archive is damaged and cannot be opened (%(detail)s).")),
    "ZIP_TOO_MANY_FILES": Message(
        ngettext_lazy(
            "The zip archive holds %(files)s file; at most %(limit)s are read from one upload.",
            "The zip archive holds %(files)s files; at most %(limit)s are read from one upload.",
            "files",
        ),
        grouped=("files", "limit"),
    ),
    "ZIP_EMPTY": Message(gettext_noop("The zip archive holds no files.")),
    # A games table's options the engine refuses (engine.run.TableOptions): the same sentence at every door.
    # Params: min, max (the bounds), value (what was asked, as the client wrote it); first, second (the rules).
    "TABLE_PLAYERS": Message(gettext_noop("A table has %(min)s or %(max)s seats, not %(value)s.")),
    "TABLE_ROUNDS": Message(
        gettext_noop("The round cap must be a whole number from %(min)s to %(max)s (or none), not %(value)s.")
    ),
    "TABLE_RULES": Message(
        gettext_noop(
            "The rules must be %(first)s (the current VEKN rules) or %(second)s (the 2011 rulebook), not %(value)s."
        )
    ),
    "TABLE_SEED": Message(
        gettext_noop("The seed must be a whole number from %(min)s to %(max)s, not %(value)s."), grouped=("max",)
    ),
    "ZIP_UNPACKS_TOO_LARGE": Message(
        ngettext_lazy(
            "The zip archive unpacks to more than %(limit)s byte; upload fewer decklists at a time.",
            "The zip archive unpacks to more than %(limit)s bytes; upload fewer decklists at a time.",
            "limit",
        ),
        grouped=("limit",),
    ),
    "ZIP_NESTED": Message(
        gettext_noop("The zip archive holds another archive (%(name)s); unpack it and upload the decklists themselves.")
    ),
    "ZIP_ENCRYPTED": Message(gettext_noop("%(name)s is password-protected in the zip archive; it cannot be read.")),
    "ZIP_MEMBER_TOO_LARGE": Message(
        ngettext_lazy(
            "%(name)s unpacks to %(size)s byte; a decklist may hold %(limit)s.",
            "%(name)s unpacks to %(size)s bytes; a decklist may hold %(limit)s.",
            "size",
        ),
        grouped=("size", "limit"),
    ),
    "ZIP_BOMB_DECLARED": Message(
        ngettext_lazy(
            "%(name)s is compressed %(ratio)s time over, as zip bombs are, not as decklists are; the archive is refused.",
            "%(name)s is compressed %(ratio)s times over, as zip bombs are, not as decklists are; the archive is "
            "refused.",
            "ratio",
        ),
        grouped=("ratio",),
    ),
    "ZIP_MEMBER_OVERFLOW": Message(
        ngettext_lazy(
            "%(name)s unpacks to more than %(limit)s byte, more than its header declares or a decklist may hold; the "
            "archive is refused.",
            "%(name)s unpacks to more than %(limit)s bytes, more than its header declares or a decklist may hold; the "
            "archive is refused.",
            "limit",
        ),
        grouped=("limit",),
    ),
    "ZIP_BOMB": Message(
        ngettext_lazy(
            "%(name)s inflates more than %(ratio)s time over, as zip bombs do; the archive is refused.",
            "%(name)s inflates more than %(ratio)s times over, as zip bombs do; the archive is refused.",
            "ratio",
        )
    ),
    "ZIP_MEMBER_DAMAGED": Message(
        gettext_noop("%(name)s is damaged in the zip archive and cannot be read (%(detail)s).")
    ),
    "ZIP_NO_DECKLIST": Message(gettext_noop("The zip holds no decklist.")),
    # A value the validator could not take from a decklist (a date out of range in a header…).
    # Params: detail (the validator's English words).
    "UNREADABLE_DECKLIST": Message(gettext_noop("This decklist could not be read: %(detail)s")),
}

# A readable title for each issue code, for people (API clients read the code).
TITLES: dict[str, str] = {
    "CRYPT_TOO_SMALL": gettext_noop("Crypt too small"),
    "CRYPT_TOO_LARGE": gettext_noop("Crypt too large"),
    "LIBRARY_TOO_SMALL": gettext_noop("Library too small"),
    "LIBRARY_TOO_LARGE": gettext_noop("Library too large"),
    "CRYPT_GROUPS": gettext_noop("Crypt groups too far apart"),
    "BANNED_CARD": gettext_noop("Banned card"),
    "NOT_YET_LEGAL": gettext_noop("Card not legal yet"),
    "NOT_IN_FORMAT": gettext_noop("Card outside the format"),
    "UNKNOWN_CARD": gettext_noop("Unknown card"),
    "COUNT_INVALID": gettext_noop("Impossible number of copies"),
    "REQUIREMENT_UNMET": gettext_noop("No vampire can play this card"),
    "FUTURE_SET": gettext_noop("Card not printed yet"),
    "ADVANCED_PAIR": gettext_noop("Vampire and its advanced version"),
    "DECLARED_COUNT_MISMATCH": gettext_noop("Stated count differs"),
    "AMBIGUOUS_NAME": gettext_noop("Vampire named without its group"),
}


def title(code: str, language: Language = ENGLISH) -> str:
    """A readable title for an issue code ("Library too small"); the code itself when it has none."""
    found = TITLES.get(code)
    return language.gettext(found) if found else code
