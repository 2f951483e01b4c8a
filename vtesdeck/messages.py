"""The core's verdicts and refusals in the reader's language: the one renderer of the API, the CLI, the
/check/ page, the deck editor and the deck pages.

The core (``vtesdeck.core.messages``) says everything as a message id with parameters, and keeps the
English templates, which are the gettext msgids; here the same ``render`` runs with Django's gettext,
ngettext and number formatting in the active language (the page's, ``Accept-Language`` or ``?lang=`` on
the API, ``check_deck --lang``). Card names, card text, clans, disciplines and codes are parameters, so
they stay as printed. In English the core's own sentences are used as they are.

    with translation.override("pl"):
        data = messages.report(report)          # the deck report, messages and citations in Polish
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from vtesdeck.core import messages as core
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.decklist import FORMATS, DecklistError, Format
from vtesdeck.core.validate import Issue, Report
from vtesdeck.core.veto import Lang

logger = logging.getLogger(__name__)

__all__ = [
    "LANGUAGES",
    "decklist_error",
    "format_label",
    "is_english",
    "issue",
    "issue_view",
    "language_code",
    "refusal",
    "render",
    "report",
    "title",
    "veto_language",
]

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)  # ("en", "pl", "de")


def _number(value: int) -> str:
    return number_format(value, force_grouping=True)


# Django's functions look the active language up on each call: one Language serves every request.
ACTIVE = core.Language(gettext=gettext, ngettext=ngettext, number=_number)


def language_code(value: str | None) -> str:
    """A supported language for a requested one ("pl", "de-AT" → "de"); English for anything else."""
    primary = (value or "").strip().lower().replace("_", "-").split("-")[0]
    return primary if primary in LANGUAGES else settings.LANGUAGE_CODE


def is_english() -> bool:
    language = translation.get_language()
    return language is None or language.split("-")[0] == "en"


def veto_language() -> Lang:
    """The language the Veto core (``vtesdeck.core.veto``: Polish and English, nothing else) speaks to the active
    language: Polish to Polish, English to everyone else."""
    language = translation.get_language() or ""
    return "pl" if language.split("-")[0] == "pl" else "en"


def render(message_id: str, params: dict[str, Any]) -> str:
    return core.render(message_id, params, ACTIVE)


def title(code: str) -> str:
    """A readable title for an issue code ("Library too small"), for people; API clients get the code."""
    return core.title(code, ACTIVE)


def issue(found: Issue) -> dict[str, Any]:
    """``Issue.to_dict()`` with its message and rule in the active language."""
    data = found.to_dict()
    if is_english():
        return data
    if found.message_id:
        data["message"] = render(found.message_id, found.params)
    if found.citation:
        data["rule"] = core.citation_text(found.citation, ACTIVE)
    return data


def report(checked: Report, path: str | None = None) -> dict[str, Any]:
    """``Report.to_dict()`` (the DESIGN.md deck report) with its messages and citations in the active language."""
    data = checked.to_dict(path=path)
    if not is_english():
        data["errors"] = [issue(found) for found in checked.errors]
        data["warnings"] = [issue(found) for found in checked.warnings]
    return data


def issue_view(found: Issue, cards: CardIndex) -> dict[str, Any]:
    """What a page shows of an issue: its title, message, the names of its cards, and each rule it cites
    as a readable section with its link."""
    return {
        **issue(found),
        "title": title(found.code),
        "card_names": [cards[i].unique_name if i in cards else f"#{i}" for i in found.cards],
        "references": [{"text": ref.text(ACTIVE), "url": ref.url} for ref in found.citation],
    }


def refusal(error: Exception) -> str:
    """The sentence of a core refusal (a ``DecklistError``, an engine ``TableOptionError``) in the active language;
    in English when it carries no message id."""
    message_id = getattr(error, "message_id", "")
    if not message_id or is_english():
        return str(error)
    return render(message_id, getattr(error, "params", {}))


def decklist_error(error: DecklistError) -> str:
    """The sentence of a refused decklist in the active language (in English when it has no message id)."""
    return refusal(error)


def format_label(fmt: Format | str) -> str:
    """A decklist format's name for people ("Plain list"), in the active language; product names stay."""
    if isinstance(fmt, str):
        found = FORMATS.get(fmt)
        if found is None:
            return fmt
        fmt = found
    return gettext(fmt.label)
