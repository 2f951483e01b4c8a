"""What ``check_deck``, the /check/ page and the decklists API share: read, parse, validate, report.

Each front end hands over raw uploads (bytes, or pasted text) and options it has read its own way; this
module turns them into one ``Outcome`` per decklist. Input a user can get wrong never raises here: a
file that is binary, too large, an unreadable zip or no decklist at all becomes an ``Outcome`` carrying
the core's sentence (``DecklistError``), so a judge checking forty files sees the one bad file named
and the thirty-nine others checked.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import re
from collections.abc import Iterable
from typing import Any, Literal

from django.conf import settings
from django.utils.translation import gettext as _

from formats.services import ruleset_for
from veto import services as veto_services
from vtesdeck import messages
from vtesdeck.core import decklist, veto
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist import archive
from vtesdeck.core.numbers import whole_number
from vtesdeck.core.validate import Report, Ruleset, validate

logger = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_RULESET",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VETO_RULESETS",
    "CheckOptions",
    "Outcome",
    "VetoOutcome",
    "check",
    "check_files",
    "check_veto_files",
    "expand",
    "is_veto",
    "max_upload_bytes",
    "parse_as_of",
    "parse_players",
    "parse_ruleset",
    "parsed",
    "veto_ruleset",
]

DEFAULT_RULESET = "vekn"
# Players at the table: the 2011 rulebook's library limit grows with them (core.validate's bounds).
MIN_PLAYERS = 1
MAX_PLAYERS = 100

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

AsOf = datetime.date | Literal["deck"] | None


def max_upload_bytes() -> int:
    """The largest request body the page and the API read: several decklists, or one zip of them."""
    return settings.DECKLIST_UPLOAD_MAX_BYTES


def parse_as_of(value: str | None) -> AsOf:
    """``YYYY-MM-DD``, ``deck`` (each decklist's own event date) or empty/``today`` (None: today).

    Raises ``ValueError`` with a sentence for the user.
    """
    value = (value or "").strip()
    if value in ("", "today"):
        return None
    if value == "deck":
        return "deck"
    if _ISO_DATE.match(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise ValueError(
        _("%(value)r is not a date: use YYYY-MM-DD (e.g. 2021-12-15), or 'deck' for each decklist's own date.")
        % {"value": value}
    )


def parse_ruleset(value: str | None) -> Ruleset:
    """A built-in format's name or a saved custom format's id (``formats.services``); ``ValueError`` listing
    the known ones otherwise."""

    return ruleset_for(value, default=DEFAULT_RULESET)


# Veto (a Polish CCG, not VTES: ``vtesdeck.core.veto``) is judged by its own rule sets, against a card list a
# player or the site supplies (``veto.services``); a ``ruleset`` of these names chooses it on every front end.
VETO_RULESETS = veto_services.RULESETS


def is_veto(ruleset: object) -> bool:
    """Whether a ``ruleset`` value (as given, or as parsed) names a Veto rule set."""
    return isinstance(ruleset, veto.VetoRuleset) or (isinstance(ruleset, str) and ruleset.strip() in VETO_RULESETS)


def veto_ruleset(value: str) -> veto.VetoRuleset:
    return veto.RULESETS[value.strip()]


def parse_players(value: int | str | None) -> int | None:
    if value is None or value == "":
        return None
    players = value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(value, str):
        players = whole_number(value, signed=True)
    if players is None:
        raise ValueError(_("%(value)r is not a number of players.") % {"value": value})
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            _("The number of players must be from %(min)s to %(max)s, not %(players)s.")
            % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "players": players}
        )
    return players


@dataclasses.dataclass(frozen=True, kw_only=True)
class CheckOptions:
    ruleset: str | Ruleset = DEFAULT_RULESET
    as_of: AsOf = None
    players: int | None = None
    format: str | None = None  # None: detect each decklist's format


@dataclasses.dataclass(kw_only=True)
class _Read:
    """What both games' outcomes share: the decklist's path, and the refusal of an input that could not be read
    as a decklist (``error``, in the reader's language; ``error_code`` and ``error_params`` for machines)."""

    path: str
    report: Any = None  # the game's report (each subclass says which), or None for a refusal
    error: str = ""
    error_code: str = ""
    error_params: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.report is not None

    def to_dict(self) -> dict[str, Any]:
        """The deck's report (``_report_dict``), or ``{"path", "error"}`` (with ``code`` and ``params`` when the
        refusal has them): one line of ``check_deck --json``, one result of the API."""
        if not self.ok:
            refused: dict[str, Any] = {"path": self.path, "error": self.error}
            if self.error_code:
                refused.update(code=self.error_code, params=self.error_params)
            return refused
        return self._report_dict()

    def _report_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclasses.dataclass(kw_only=True)
class Outcome(_Read):
    """One VTES decklist checked (``report``: the DESIGN.md deck report, messages in the active language), or
    one input that could not be read as a decklist."""

    report: Report | None = None

    def _report_dict(self) -> dict[str, Any]:
        assert self.report is not None
        return messages.report(self.report, path=self.path)


def refused(path: str, error: decklist.DecklistError) -> Outcome:
    """The outcome of a file the core refuses, its sentence in the active language."""
    return Outcome(
        path=path, error=messages.decklist_error(error), error_code=error.message_id, error_params=error.params
    )


def expand(path: str, data: bytes) -> list[tuple[str, bytes]]:
    """The decklists in one file: the file itself, or each decklist inside a zip ("event.zip/deck1.txt").

    Raises ``DecklistError`` for a zip we refuse (corrupt, encrypted, a bomb, no decklist inside).
    """
    if not archive.is_zip(data):
        return [(path, data)]
    entries = archive.read_archive(data)
    pairs = entries.items() if isinstance(entries, dict) else entries
    found = [(f"{path}/{name}", content) for name, content in pairs]
    if not found:
        raise decklist.DecklistError.of("ZIP_NO_DECKLIST")
    return found


def check(path: str, source: bytes | str, cards: CardIndex, options: CheckOptions) -> Outcome:
    """Parse and validate one decklist; input the core refuses becomes ``Outcome.error``."""
    try:
        deck = decklist.parse(source, cards, format=options.format, path=path)
        report = validate(deck, cards, ruleset=options.ruleset, as_of=options.as_of, players=options.players)
    except decklist.DecklistError as exc:
        return refused(path, exc)
    except ValueError as exc:
        # Not the core's sentence for users but a value it could not take (a date out of range in a
        # header…): still the decklist's fault, so it is reported against the file, and logged.
        logger.warning("decklist %s refused: %s", path, exc, exc_info=True)
        return refused(path, decklist.DecklistError.of("UNREADABLE_DECKLIST", detail=str(exc)))
    return Outcome(path=path, report=report)


def check_files(files: Iterable[tuple[str, bytes | str]], cards: CardIndex, options: CheckOptions) -> list[Outcome]:
    """Check every decklist in ``(name, content)`` uploads, zips expanded, in the order given."""
    outcomes: list[Outcome] = []
    for name, content in files:
        if isinstance(content, str):
            outcomes.append(check(name, content, cards, options))
            continue
        try:
            entries = expand(name, content)
        except decklist.DecklistError as exc:
            outcomes.append(refused(name, exc))
            continue
        except ValueError as exc:
            outcomes.append(Outcome(path=name, error=str(exc)))
            continue
        outcomes.extend(check(path, data, cards, options) for path, data in entries)
    return outcomes


@dataclasses.dataclass(kw_only=True)
class VetoOutcome(_Read):
    """One Veto decklist judged (``report``: the core's report in ``lang``, after the ``path`` it was read
    from), or one input that is no decklist (``error`` in ``lang``)."""

    lang: veto.Lang = "pl"
    report: veto.VetoReport | None = None

    def _report_dict(self) -> dict[str, Any]:
        assert self.report is not None
        return {"path": self.path, **self.report.to_dict(self.lang)}


def check_veto(
    path: str, source: bytes | str, card_list: veto.VetoCardList, ruleset: veto.VetoRuleset, lang: veto.Lang = "pl"
) -> VetoOutcome:
    """Read and judge one Veto decklist; a text that is no decklist becomes ``VetoOutcome.error``."""
    try:
        report = veto_services.judge(source, card_list, ruleset)
    except veto.VetoDecklistError as exc:
        return VetoOutcome(
            path=path, lang=lang, error=exc.message(lang), error_code=exc.message_id, error_params=exc.params
        )
    return VetoOutcome(path=path, lang=lang, report=report)


def check_veto_files(
    files: Iterable[tuple[str, bytes | str]],
    card_list: veto.VetoCardList,
    ruleset: veto.VetoRuleset,
    lang: veto.Lang = "pl",
) -> list[VetoOutcome]:
    """``check_files`` for Veto: every decklist of the uploads, zips expanded as for VTES, in the order given."""
    outcomes: list[VetoOutcome] = []
    for name, content in files:
        if isinstance(content, str):
            outcomes.append(check_veto(name, content, card_list, ruleset, lang))
            continue
        try:
            entries = expand(name, content)
        except decklist.DecklistError as exc:
            zipped = refused(name, exc)
            outcomes.append(
                VetoOutcome(
                    path=name,
                    lang=lang,
                    error=zipped.error,
                    error_code=zipped.error_code,
                    error_params=zipped.error_params,
                )
            )
            continue
        except ValueError as exc:
            outcomes.append(VetoOutcome(path=name, lang=lang, error=str(exc)))
            continue
        outcomes.extend(check_veto(path, data, card_list, ruleset, lang) for path, data in entries)
    return outcomes


def parsed(deck: Deck, cards: CardIndex) -> dict[str, Any]:
    """A parsed decklist as JSON: what it says about itself and its cards, named, before any rule applies."""
    data = deck.to_dict(with_origin=False)

    def named(part: dict[int, int]) -> list[dict[str, Any]]:
        return [{"id": i, "name": cards[i].unique_name if i in cards else "", "count": n} for i, n in part.items()]

    return {
        "format": deck.source_format,
        "name": deck.name,
        "author": deck.author,
        "description": deck.description,
        "event": data["event"],
        "declared": data["declared"],
        "checksum": deck.checksum(),
        "crypt_count": deck.crypt_count,
        "library_count": deck.library_count,
        "crypt": named(deck.crypt),
        "library": named(deck.library),
        "comments": data["comments"],
        "unresolved": data["unresolved"],
    }
