"""What the editor, the deck pages and the deck API do to decks: one place, so that every front end
keeps the same rules (versions, revisions, bounds, visibility).

Pure deck logic (parsing, validating, statistics, diffs) is the core's; this module only stores and
loads. Every write runs in a transaction and checks the version the caller last saw: a change from a
stale version raises ``Conflict`` and writes nothing.
"""

from __future__ import annotations

import datetime
import functools
import operator
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import F, Q, prefetch_related_objects
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from cards import index as card_list
from formats import services as format_services
from formats.models import CustomFormat
from vtesdeck import messages
from vtesdeck.core import decklist
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Ambiguous
from vtesdeck.core.deck import Deck as CoreDeck
from vtesdeck.core.decklist.resolve import resolver_for
from vtesdeck.core.validate import RULESETS, Report, Ruleset, validate
from vtesdeck.core.versions import settle

from .models import Deck, DeckCard, Revision, Tag

# Copies of one card a deck may hold in the editor: far above any real deck (30 Tupdogs), far below
# what would make a deck expensive to draw or display.
MAX_COPIES = 999
MAX_CARDS_PER_DECK = 500  # distinct cards
MAX_TAGS = 12
# Changes within this time of the newest automatic revision update it instead of adding another: one
# revision per editing session, not one per click.
REVISION_WINDOW = datetime.timedelta(minutes=10)
# The export format that is a link (shown to copy on the deck pages) rather than a file to download.
LINK_FORMAT = "vdb-url"


class DeckInputError(ValueError):
    """Input a user got wrong; the message is a sentence for them."""


class Conflict(Exception):
    """The deck changed since the caller last saw it (another tab, another device)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        super().__init__(
            _(
                "This deck was changed elsewhere (another tab or device) since you loaded it. Reload it to see the "
                "latest version; your last change was not saved."
            )
        )


def card_index() -> CardIndex:
    return card_list.get()


# --- reading --------------------------------------------------------------------------------------


def report(
    deck: Deck | CoreDeck, *, as_of: datetime.date | None = None, ruleset: str | Ruleset | None = None
) -> Report:
    """The deck's report, by its own format (``Deck.format``) unless ``ruleset`` names another (a core deck
    alone: VEKN)."""
    if ruleset is None:
        ruleset = deck_ruleset(deck) if isinstance(deck, Deck) else "vekn"
    core = deck.to_core() if isinstance(deck, Deck) else deck
    return validate(core, card_index(), ruleset=ruleset, as_of=as_of)


def deck_ruleset(deck: Deck) -> Ruleset:
    """The rules of the deck's format; VEKN's when it names a custom format since deleted."""
    return deck_format(deck)[0]


def deck_format(deck: Deck) -> tuple[Ruleset, int]:
    """The rules of the deck's format and the revision of the custom format they are (0: a built-in format,
    or VEKN's rules for a custom format since deleted)."""
    return _format_rules(deck.format, format_services.find(deck.format) if deck.format not in RULESETS else None)


def _format_rules(value: str, custom: CustomFormat | None) -> tuple[Ruleset, int]:
    if value in RULESETS:
        return RULESETS[value], 0
    if custom is None:
        return RULESETS["vekn"], 0
    return format_services.to_ruleset(custom), custom.revision


def judge_stale(decks: Iterable[Deck]) -> int:
    """Judge again, in place and in the database, the legal badge of those of ``decks`` judged by an older
    revision of their custom format, or by a custom format since deleted (such a deck plays VEKN from now
    on). Editing or deleting a format judges none of its decks, however many play it: each is judged when
    next shown, so every door that shows stored badges (the deck lists, the API's decks, the admin) passes
    its page of decks here first, and the work is bounded by the page. Returns how many decks it judged.

    Two queries when a deck of the page is stale (the formats, the stale decks' cards) and one update per
    verdict. A deck changed meanwhile (its version, format or revision moved on) was judged by that change
    and is not overwritten."""
    custom = [deck for deck in decks if deck.format not in RULESETS]
    if not custom:
        return 0
    found = {f.pk: f for f in CustomFormat.objects.filter(pk__in={deck.format for deck in custom})}
    stale = [deck for deck in custom if (f := found.get(deck.format)) is None or f.revision != deck.format_revision]
    if not stale:
        return 0
    prefetch_related_objects(stale, "cards")
    cards = card_index()
    rules: dict[str, tuple[Ruleset, int]] = {}
    verdicts: dict[tuple[bool, str, int], list[Q]] = {}
    for deck in stale:
        if deck.format not in rules:
            rules[deck.format] = _format_rules(deck.format, found.get(deck.format))
        ruleset, revision = rules[deck.format]
        legal = validate(deck.to_core(), cards, ruleset=ruleset).legal
        moved = deck.format if revision else "vekn"  # a deleted format's decks play VEKN
        same = Q(pk=deck.pk, version=deck.version, format=deck.format, format_revision=deck.format_revision)
        verdicts.setdefault((legal, moved, revision), []).append(same)
        deck.legal, deck.format, deck.format_revision = legal, moved, revision
    for (legal, moved, revision), which in verdicts.items():
        # ``update`` leaves ``updated`` alone: a badge judged again is no change of the deck.
        Deck.objects.filter(functools.reduce(operator.or_, which)).update(
            legal=legal, format=moved, format_revision=revision
        )
    return len(stale)


def parse_format(value: str) -> str:
    """A deck's format as given (a built-in name or a saved custom format's id), checked; ``DeckInputError``
    listing the known ones otherwise."""
    try:
        return format_services.ruleset_for(value).name
    except ValueError as exc:
        raise DeckInputError(str(exc)) from None


def parse_text(text: str | bytes, *, format: str | None = None) -> CoreDeck:
    """A decklist in any format the core reads; ``DeckInputError`` for input that is no decklist."""
    try:
        return decklist.parse(text, card_index(), format=format)
    except decklist.DecklistError as exc:
        raise DeckInputError(messages.decklist_error(exc)) from None


class UnknownCardName(DeckInputError):
    """A card list entry whose name names no card: which entry, and the names it may have meant."""

    def __init__(self, part: str, index: int, name: str, suggestions: list[str]) -> None:
        self.part, self.index, self.name, self.suggestions = part, index, name, suggestions
        if suggestions:
            message = _("No card is called “%(name)s” (%(part)s); did you mean: %(suggestions)s?") % {
                "name": name,
                "part": part,
                "suggestions": "; ".join(suggestions),
            }
        else:
            message = _("No card is called “%(name)s” (%(part)s).") % {"name": name, "part": part}
        super().__init__(message)


def from_lists(crypt: Iterable[Mapping[str, Any]], library: Iterable[Mapping[str, Any]]) -> CoreDeck:
    """A deck from ``[{"id": 200001, "count": 2}, …]`` lists, each card checked against its part. An entry
    may name its card instead (``{"name": "Theo Bell", "count": 2}``): the name is read by the decklist
    resolver, as a decklist line's would be, a bare name that two groups of a vampire share settled in the
    context of the rest of the crypt (``versions.settle``); ``UnknownCardName`` when it names no card."""
    cards = card_index()
    resolver = resolver_for(cards)
    deck = CoreDeck()
    for part_name, entries, want_crypt in (("crypt", crypt, True), ("library", library, False)):
        for index, entry in enumerate(entries):
            card_id, count = entry.get("id"), entry.get("count")
            name = entry.get("name")
            versions: tuple = ()
            if isinstance(name, str) and card_id is None:
                card = resolver.resolve(name, section=part_name)
                if card is None:
                    raise UnknownCardName(part_name, index, name, resolver.suggest(name, section=part_name))
                versions = resolver.versions(name, section=part_name)
            else:
                card = cards.get(card_id) if isinstance(card_id, int) and not isinstance(card_id, bool) else None
            if card is None:
                raise DeckInputError(_("Unknown card id %(id)r in the %(part)s.") % {"id": card_id, "part": part_name})
            if card.is_crypt != want_crypt:
                raise DeckInputError(
                    _("%(name)s is not a %(part)s card.") % {"name": card.unique_name, "part": part_name}
                )
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COPIES:
                raise DeckInputError(
                    _("The count of %(name)s must be a whole number from 1 to %(max)d.")
                    % {"name": card.unique_name, "max": MAX_COPIES}
                )
            deck.add(card, count)
            if isinstance(name, str) and len(versions) > 1:  # versions are a name's: never there without one
                deck.ambiguous.append(
                    Ambiguous(
                        line=0, text=name, name=name, count=count, candidates=[c.id for c in versions], chosen=card.id
                    )
                )
    _check_bounds(deck)
    return settle(deck, cards)


def export_file_name(deck_name: str, format: str) -> str:
    """The download name of a deck written in ``format``: ``<deck>.<ext>`` when no other writable format
    shares the extension, else ``<deck>.<format>.<ext>`` (``my-deck.twd.txt``, ``my-deck.jol.txt``), so that
    a deck's files in several text formats neither overwrite each other nor look alike in a folder."""
    fmt = decklist.FORMATS[format]
    writable = [other for other in decklist.FORMATS.values() if other.export is not None]
    shared = sum(1 for other in writable if other.extension == fmt.extension)
    stem = slugify(deck_name)[:80] or "deck"
    return f"{stem}.{fmt.extension}" if shared == 1 else f"{stem}.{format}.{fmt.extension}"


def vdb_link(deck: Deck) -> str:
    """The deck as a VDB "deck in URL" link: a link to copy and open, not a file to download."""
    cards = card_index()
    core = deck.to_core()
    # A card the card list dropped since stays in the deck, but VDB would not know it either.
    core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
    core.library = {i: n for i, n in core.library.items() if i in cards}
    return decklist.export(core, cards, LINK_FORMAT).strip()


def download_formats() -> list[tuple[str, str]]:
    """(name, label) of the formats a deck page offers as files: every writable one but the link."""
    writable = [(name, fmt) for name, fmt in decklist.FORMATS.items() if fmt.export is not None]
    return [(name, messages.format_label(fmt)) for name, fmt in writable if name != LINK_FORMAT]


def _check_bounds(deck: CoreDeck) -> None:
    if len(deck.crypt) + len(deck.library) > MAX_CARDS_PER_DECK:
        raise DeckInputError(_("A deck may hold at most %(max)d different cards.") % {"max": MAX_CARDS_PER_DECK})
    if any(n > MAX_COPIES for part in (deck.crypt, deck.library) for n in part.values()):
        raise DeckInputError(_("A deck may hold at most %(max)d copies of a card.") % {"max": MAX_COPIES})


# --- writing --------------------------------------------------------------------------------------


@transaction.atomic
def create(
    owner,
    core: CoreDeck,
    *,
    name: str = "",
    visibility: str = Deck.Visibility.PRIVATE,
    tags: Iterable[str] = (),
    cloned_from: Deck | None = None,
    note: str = "",
    format: str = "vekn",
) -> Deck:
    _check_bounds(core)
    format = parse_format(format) if format != "vekn" else format
    deck = Deck.objects.create(
        format=format,
        owner=owner,
        name=(name or core.name or _("Untitled deck"))[:200],
        author=core.author[:200],
        description=core.description[:20_000],
        visibility=visibility,
        cloned_from=cloned_from,
    )
    _write_cards(deck, core)
    set_tags(deck, tags)
    _summarise(deck, core)
    deck.save()
    Revision.objects.create(deck=deck, number=1, data=_snapshot(deck, core), note=note or _("Created"))
    return deck


def _claim(deck: Deck, version: int) -> None:
    """Move ``deck`` from ``version`` to the next one, or raise ``Conflict``. One conditional UPDATE, so
    two writers racing from the same version cannot both win, on SQLite and PostgreSQL alike."""
    claimed = Deck.objects.filter(pk=deck.pk, version=version).update(version=F("version") + 1)
    if not claimed:
        deck.refresh_from_db()
        raise Conflict(deck)
    deck.version = version + 1


@transaction.atomic
def set_count(deck: Deck, card_id: int, count: int, *, version: int) -> Deck:
    """Give the deck ``count`` copies of a card (0 removes it)."""
    cards = card_index()
    card = cards.get(card_id)
    if card is None:
        raise DeckInputError(_("Unknown card id %(id)r.") % {"id": card_id})
    if not 0 <= count <= MAX_COPIES:
        raise DeckInputError(_("A deck may hold 0 to %(max)d copies of a card.") % {"max": MAX_COPIES})
    _claim(deck, version)
    row = DeckCard.objects.filter(deck=deck, card_id=card_id).first()
    if count == 0:
        if row is not None:
            row.delete()
    elif row is not None:
        row.count = count
        row.save(update_fields=["count"])
    else:
        if DeckCard.objects.filter(deck=deck).count() >= MAX_CARDS_PER_DECK:
            raise DeckInputError(_("A deck may hold at most %(max)d different cards.") % {"max": MAX_CARDS_PER_DECK})
        last = DeckCard.objects.filter(deck=deck).order_by("-position").values_list("position", flat=True).first()
        DeckCard.objects.create(deck=deck, card_id=card_id, crypt=card.is_crypt, count=count, position=(last or 0) + 1)
    return _after_change(deck)


@transaction.atomic
def add(deck: Deck, card_id: int, delta: int, *, version: int) -> Deck:
    """Add (or with a negative ``delta`` take away) copies of a card."""
    current = DeckCard.objects.filter(deck=deck, card_id=card_id).values_list("count", flat=True).first() or 0
    return set_count(deck, card_id, max(0, min(MAX_COPIES, current + delta)), version=version)


@transaction.atomic
def replace_cards(deck: Deck, core: CoreDeck, *, version: int, note: str = "") -> Deck:
    """Put ``core``'s cards in place of the deck's (an import into an existing deck)."""
    _check_bounds(core)
    _claim(deck, version)
    deck.cards.all().delete()
    _write_cards(deck, core)
    return _after_change(deck, note=note or _("Imported"), force_revision=True)


@transaction.atomic
def update_details(
    deck: Deck,
    *,
    version: int,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    tags: Iterable[str] | None = None,
    format: str | None = None,
    share_with_suggestions: bool | None = None,
) -> Deck:
    fields = ["name", "description", "visibility", "updated"]
    if format is not None and format != deck.format:  # the deck's own format, even one since deleted, stays
        format = parse_format(format)  # before the claim: a bad value changes nothing
    _claim(deck, version)
    if share_with_suggestions is not None:  # counts only while the deck is public (suggestions.services)
        deck.share_with_suggestions = share_with_suggestions
        fields.append("share_with_suggestions")
    if format is not None and format != deck.format:
        deck.format = format
        _judge(deck, deck.to_core())  # the legal badge follows the deck's format
        fields += ["format", "legal", "format_revision"]
    if name is not None:
        deck.name = name.strip()[:200] or _("Untitled deck")
    if description is not None:
        deck.description = description[:20_000]
    if visibility is not None:
        if visibility not in Deck.Visibility.values:
            raise DeckInputError(_("Unknown visibility %(value)r.") % {"value": visibility})
        deck.visibility = visibility
    if tags is not None:
        set_tags(deck, tags)
    deck.save(update_fields=fields)
    return deck


def clone(deck: Deck, owner) -> Deck:
    """A private copy of ``deck`` for ``owner``, remembering where it came from."""
    core = deck.to_core()
    return create(
        owner,
        core,
        name=_("%(name)s (copy)") % {"name": deck.name},
        cloned_from=deck,
        tags=deck.tags.values_list("name", flat=True),
        note=_("Cloned from %(id)s") % {"id": deck.id},
        format=deck_ruleset(deck).name,
    )


def delete(deck: Deck) -> None:
    """The deck, its cards and its revisions, gone (its clones stay, no longer pointing at it)."""
    deck.delete()


@transaction.atomic
def save_revision(deck: Deck, note: str = "") -> Revision:
    return _new_revision(deck, deck.to_core(), note[:200] or _("Saved"))


def set_tags(deck: Deck, names: Iterable[str]) -> None:
    slugs = list(dict.fromkeys(s for s in (slugify(n, allow_unicode=True)[:40] for n in names) if s))
    if len(slugs) > MAX_TAGS:
        raise DeckInputError(_("A deck may have at most %(max)d tags.") % {"max": MAX_TAGS})
    deck.tags.set([Tag.objects.get_or_create(name=slug)[0] for slug in slugs])


def _write_cards(deck: Deck, core: CoreDeck) -> None:
    cards = card_index()
    rows = []
    for position, (card_id, count) in enumerate([*core.crypt.items(), *core.library.items()], start=1):
        card = cards.get(card_id)
        if card is None:
            continue  # the core reports unknown cards; a stored deck holds only real ones
        rows.append(
            DeckCard(
                deck=deck,
                card_id=card_id,
                crypt=card.is_crypt,
                count=count,
                position=position,
                comment=core.comments.get(card_id, "")[:500],
            )
        )
    DeckCard.objects.bulk_create(rows)


def _after_change(deck: Deck, *, note: str = "", force_revision: bool = False) -> Deck:
    core = deck.to_core()
    _summarise(deck, core)
    deck.save(update_fields=["crypt_count", "library_count", "clans", "legal", "format_revision", "updated"])
    latest = deck.revisions.first()
    if force_revision or latest is None or latest.note or timezone.now() - latest.created > REVISION_WINDOW:
        _new_revision(deck, core, note)
    else:
        latest.data = _snapshot(deck, core)
        latest.save(update_fields=["data"])
    return deck


def _new_revision(deck: Deck, core: CoreDeck, note: str) -> Revision:
    latest = deck.revisions.first()
    return Revision.objects.create(
        deck=deck, number=(latest.number + 1) if latest else 1, data=_snapshot(deck, core), note=note
    )


def _snapshot(deck: Deck, core: CoreDeck) -> dict[str, Any]:
    core.name, core.author, core.description = deck.name, deck.author, deck.description
    return core.to_dict(with_origin=False)


def _summarise(deck: Deck, core: CoreDeck) -> None:
    cards = card_index()
    deck.crypt_count, deck.library_count = core.crypt_count, core.library_count
    clans = sorted({clan.lower() for card_id in core.crypt if (card := cards.get(card_id)) for clan in card.clans})
    deck.clans = ("|" + "|".join(clans) + "|")[:300] if clans else ""
    _judge(deck, core)


def _judge(deck: Deck, core: CoreDeck) -> None:
    """The deck's legal badge by its format today, with the revision of the format it was judged by."""
    ruleset, deck.format_revision = deck_format(deck)
    deck.legal = validate(core, card_index(), ruleset=ruleset).legal
