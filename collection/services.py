"""The collection's operations, for its pages and its API alike: every change is an ``Event`` and the ``Entry`` it
changes, in one transaction; a file that cannot be read whole stores nothing.

What a deck needs (``deck_report``) and the planner's input (``planner_decks``) are read here from the database
and computed by the core (``vtesdeck.core.collection``, ``vtesdeck.core.planner``).
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models, transaction
from django.db.models import ExpressionWrapper, F, IntegerField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce, Greatest, Least
from django.utils.translation import gettext as _

from cards import index
from cards.models import CardSet
from decks.models import Deck, DeckCard
from vtesdeck.core import collection as core
from vtesdeck.core import planner
from vtesdeck.core.carddb import CardIndex

from .models import DeckBuild, Entry, Event, Share, WishlistEntry

MAX_ENTRIES = 20_000  # distinct rows one collection may hold (a complete collection is about 4,000 cards)
MAX_PLANNER_DECKS = 200  # decks one planner question may name
MAX_WISHES = 5_000  # cards one wishlist request may name


class CollectionError(ValueError):
    """A request the collection refuses, with a sentence for the user (nothing was stored)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


# --- messages of the core's file errors, in the reader's language ---------------------------------


def file_error_message(error: core.CollectionFileError) -> str:
    messages = {
        "unknown_format": _("Unknown collection format “%(format)s”; the formats are %(known)s."),
        "unreadable": _("The file cannot be read: %(reason)s"),
        "empty": _("The file lists no cards."),
        "unknown_card": _("No card matches “%(text)s”."),
        "bad_json": _("The file is not valid JSON (%(reason)s)."),
        "json_shape": _("The JSON must be a list of cards (or an object with a “cards” list), each an object."),
        "too_many_lines": _("A collection file may list at most %(limit)s rows."),
        "csv_header": _("The first line must name the columns: %(expected)s."),
        "bad_csv": _("The CSV is malformed (%(reason)s)."),
        "bad_count": _("“%(count)s” is not a number of copies from 1 to %(limit)s."),
        "bad_text": _("The set, language and note must be text."),
        "text_too_long": _("A set, language or note is at most %(limit)s characters."),
    }
    template = messages.get(error.code, _("The file cannot be read."))
    try:
        sentence = template % error.params
    except (KeyError, TypeError, ValueError):
        sentence = template
    if error.line:
        return _("Line %(line)d: %(message)s") % {"line": error.line, "message": sentence}
    return sentence


# --- reading the collection -----------------------------------------------------------------------


def entries(user) -> list[core.Line]:
    return [
        core.Line(card_id=e.card_id, count=e.count, set=e.set, language=e.language, note=e.note)
        for e in Entry.objects.filter(owner=user)
    ]


def owned(user) -> dict[int, int]:
    """Copies per card, all printings together."""
    rows = Entry.objects.filter(owner=user).values("card_id").annotate(total=Sum("count"))
    return {row["card_id"]: row["total"] for row in rows}


def holdings(user, card_ids: Iterable[int]) -> list[core.Holding]:
    return [
        core.Holding(card_id=e.card_id, set=e.set, count=e.count)
        for e in Entry.objects.filter(owner=user, card_id__in=list(card_ids))
    ]


# --- changing it ----------------------------------------------------------------------------------


def _batch() -> str:
    return uuid.uuid4().hex


def _check_line(line: core.Line, cards: CardIndex) -> None:
    if line.card_id not in cards:
        raise CollectionError(_("No card has the id %(id)s.") % {"id": line.card_id}, field="card_id")
    if not 1 <= line.count <= core.MAX_COUNT:
        raise CollectionError(
            _("count must be from 1 to %(limit)s, not %(value)s.") % {"limit": core.MAX_COUNT, "value": line.count},
            field="count",
        )


def add(user, lines: Iterable[core.Line], *, kind: str = Event.Kind.ADD, source: str = "") -> int:
    """Add copies (each ``Line``); returns the copies added. All or nothing."""
    cards = index.get()
    lines = list(lines)
    for line in lines:
        _check_line(line, cards)
    batch = _batch()
    # Rows of one printing and language added up first: a file may list a card twice.
    merged: dict[tuple[int, str, str], core.Line] = {}
    for line in lines:
        key = (line.card_id, line.set, line.language)
        if key in merged:
            line = dataclasses.replace(line, count=merged[key].count + line.count, note=line.note or merged[key].note)
        merged[key] = line
    with transaction.atomic():
        # In bulk (a whole collection is thousands of rows), the owner's rows locked for the transaction.
        existing = {
            (e.card_id, e.set, e.language): e
            for e in Entry.objects.select_for_update().filter(owner=user, card_id__in={k[0] for k in merged})
        }
        changed, new = [], []
        for key, line in merged.items():
            entry = existing.get(key)
            total = line.count + (entry.count if entry is not None else 0)
            if total > core.MAX_COUNT:  # a row holds at most as many copies as one line of a file may
                card = cards.get(line.card_id)
                raise CollectionError(
                    _("You would have %(total)s copies of %(card)s in one printing and language; the most is %(limit)s.")
                    % {"total": f"{total:,}", "card": card.unique_name if card else line.card_id,
                       "limit": f"{core.MAX_COUNT:,}"},
                    field="count",
                )  # fmt: skip
            if entry is None:
                new.append(Entry(owner=user, card_id=line.card_id, set=line.set, language=line.language,
                                 count=line.count, note=line.note))  # fmt: skip
            else:
                entry.count += line.count
                entry.note = line.note or entry.note
                changed.append(entry)
        Entry.objects.bulk_create(new, batch_size=1000)
        Entry.objects.bulk_update(changed, ["count", "note"], batch_size=1000)
        Event.objects.bulk_create(
            [Event(owner=user, kind=kind, batch=batch, source=source, card_id=line.card_id, set=line.set,
                   language=line.language, delta=line.count, note=line.note) for line in lines],
            batch_size=1000,
        )  # fmt: skip
        if Entry.objects.filter(owner=user).count() > MAX_ENTRIES:
            raise CollectionError(_("A collection may hold at most %(limit)s rows.") % {"limit": MAX_ENTRIES})
    return sum(line.count for line in lines)


def remove(user, line: core.Line) -> int:
    """Take copies away from one printing and language (all of them when fewer are owned); the copies removed."""
    with transaction.atomic():
        entry = (
            Entry.objects.select_for_update()
            .filter(owner=user, card_id=line.card_id, set=line.set, language=line.language)
            .first()
        )
        if entry is None:
            raise CollectionError(_("You have no copies of that card in that printing and language."))
        taken = min(entry.count, line.count)
        if taken == entry.count:
            entry.delete()
        else:
            entry.count -= taken
            entry.save(update_fields=["count"])
        Event.objects.create(owner=user, kind=Event.Kind.REMOVE, batch=_batch(), card_id=line.card_id,
                             set=line.set, language=line.language, delta=-taken)  # fmt: skip
    return taken


def import_file(user, data: bytes | str, *, format: str | None = None, replace: bool = False) -> int:
    """Read a collection file and add its cards (``replace``: after removing every card owned). A file that
    cannot be read whole raises ``CollectionError`` and stores nothing."""
    cards = index.get()
    try:
        lines = core.read(data, cards, format)
    except core.CollectionFileError as exc:
        raise CollectionError(file_error_message(exc), field="file") from None
    source = format or "detected"
    with transaction.atomic():
        if replace:
            batch = _batch()
            for entry in Entry.objects.select_for_update().filter(owner=user):
                Event.objects.create(owner=user, kind=Event.Kind.IMPORT, batch=batch, source=source,
                                     card_id=entry.card_id, set=entry.set, language=entry.language,
                                     delta=-entry.count)  # fmt: skip
            Entry.objects.filter(owner=user).delete()
        return add(user, lines, kind=Event.Kind.IMPORT, source=source)


def export_file(user, format: str) -> str:
    try:
        return core.export(entries(user), index.get(), format)
    except core.CollectionFileError as exc:
        raise CollectionError(file_error_message(exc), field="format") from None


@dataclasses.dataclass(frozen=True)
class PreconChoice:
    key: str
    label: str
    size: int


def precons() -> dict[str, core.Precon]:
    return index.get().derived("vtesdeck.core.collection.precons", core.precons)


def precon_choices() -> list[PreconChoice]:
    return [PreconChoice(key=key, label=precon_label(precon), size=precon.size) for key, precon in precons().items()]


def precon_label(precon: core.Precon) -> str:
    """A precon as players know it, by its set and product name: "Fifth Edition — Malkavian", "Third Edition —
    Starter Kit Brujah antitribu"; by its code only when the card data names none ("Fifth Edition — precon M")."""
    set_name = _set_names().get(precon.set, precon.set)
    if precon.name:
        return f"{set_name} — {precon.name}"
    kind = _("starter kit") if precon.starter_kit else _("precon")
    deck = precon.code[2:] if precon.starter_kit else precon.code.removeprefix("P")
    return f"{set_name} — {kind} {deck}"


def _set_names() -> dict[str, str]:
    """Set abbreviation → name, read once per card list (a history of precons names one set per line)."""
    return index.get().derived(f"{__name__}.set_names", lambda cards: dict(CardSet.objects.values_list("abbrev", "name")))


def add_precon(user, key: str, *, set_printing: bool = True) -> int:
    precon = precons().get(key)
    if precon is None:
        raise CollectionError(_("No precon is called “%(key)s”.") % {"key": key[:100]}, field="precon")
    lines = [core.Line(card_id=card_id, count=count, set=precon.set if set_printing else "")
             for card_id, count in precon.cards.items()]  # fmt: skip
    return add(user, lines, kind=Event.Kind.PRECON, source=key)


# --- wishlist and sharing -------------------------------------------------------------------------


def wish(user, needs: Mapping[int, int]) -> int:
    """Put cards on the wishlist, raising a wish to ``count`` when it asked for fewer; the copies added."""
    added = 0
    with transaction.atomic():
        for card_id, count in needs.items():
            if count <= 0:
                continue
            entry, made = WishlistEntry.objects.select_for_update().get_or_create(
                owner=user, card_id=card_id, defaults={"count": count}
            )
            if made:
                added += count
            elif entry.count < count:
                added += count - entry.count
                entry.count = count
                entry.save(update_fields=["count"])
    return added


def share(user, *, on: bool) -> Share | None:
    if not on:
        Share.objects.filter(owner=user).delete()
        return None
    return Share.objects.get_or_create(owner=user)[0]


# --- decks ----------------------------------------------------------------------------------------


def mode_of(deck: Deck) -> str:
    build = DeckBuild.objects.filter(deck=deck).first()
    return build.mode if build else DeckBuild.Mode.FLEXIBLE


def set_mode(deck: Deck, mode: str) -> None:
    if mode not in DeckBuild.Mode.values:
        raise CollectionError(
            _("mode must be %(choices)s, not %(value)s.")
            % {"choices": ", ".join(DeckBuild.Mode.values), "value": repr(mode)[:40]},
            field="mode",
        )
    DeckBuild.objects.update_or_create(deck=deck, defaults={"mode": mode})


def held_by_fixed(user, *, besides: str | None = None) -> dict[int, int]:
    """The copies the user's fixed decks hold (all but deck ``besides``)."""
    rows = DeckCard.objects.filter(deck__owner=user, deck__build__mode=DeckBuild.Mode.FIXED)
    if besides is not None:
        rows = rows.exclude(deck_id=besides)
    return {r["card_id"]: r["total"] for r in rows.values("card_id").annotate(total=Sum("count"))}


@dataclasses.dataclass
class DeckReport:
    rows: list[dict[str, Any]]  # per card: card, needed, owned, held, have, missing
    crypt_missing: int
    library_missing: int
    copies: int
    have: int
    mixed: list[dict[str, Any]]  # per card: card, printings [(set, copies)]

    @property
    def missing(self) -> dict[int, int]:
        return {row["card"].id: row["missing"] for row in self.rows if row["missing"]}

    @property
    def share(self) -> int:
        return round(100 * self.have / self.copies) if self.copies else 0

    def to_dict(self) -> dict[str, Any]:
        def part(crypt: bool) -> list[dict[str, Any]]:
            return [
                {"id": r["card"].id, "name": r["card"].unique_name, "needed": r["needed"], "owned": r["owned"],
                 "held": r["held"], "missing": r["missing"]}
                for r in self.rows if r["card"].is_crypt == crypt and r["missing"]
            ]  # fmt: skip

        return {
            "copies": self.copies,
            "owned": self.have,
            "share": self.share,
            "crypt": part(True),
            "library": part(False),
            "mixed_printings": [
                {
                    "id": m["card"].id,
                    "name": m["card"].unique_name,
                    "printings": [{"set": s, "count": n} for s, n in m["printings"]],
                }
                for m in self.mixed
            ],  # fmt: skip
        }


def deck_report(user, needs: Mapping[int, int], *, deck_id: str | None = None) -> DeckReport:
    """What ``user`` owns and misses of a deck's cards (``needs``), after their other fixed decks took theirs."""
    cards = index.get()
    needs = {i: n for i, n in needs.items() if i in cards and n > 0}
    have = {i: n for i, n in owned(user).items() if i in needs}
    shortfalls = core.missing(needs, have, held_by_fixed(user, besides=deck_id))
    rows = [
        {"card": cards[s.card_id], "needed": s.needed, "owned": s.owned, "held": s.held, "have": s.have,
         "missing": s.missing}
        for s in shortfalls
    ]  # fmt: skip
    mixed = core.assign_printings(needs, holdings(user, needs))
    return DeckReport(
        rows=rows,
        crypt_missing=sum(r["missing"] for r in rows if r["card"].is_crypt),
        library_missing=sum(r["missing"] for r in rows if not r["card"].is_crypt),
        copies=sum(needs.values()),
        have=sum(r["have"] for r in rows),
        mixed=[{"card": cards[i], "printings": printings} for i, printings in mixed.items()],
    )


def planner_decks(user, deck_ids: Iterable[str] | None = None) -> list[planner.DeckNeeds]:
    """The user's decks for the planner (virtual ones hold nothing: never planned); ``deck_ids`` narrows them
    (fixed decks are always in, as they hold their cards whatever is asked)."""
    decks = Deck.objects.filter(owner=user).exclude(build__mode=DeckBuild.Mode.VIRTUAL)
    decks = decks.annotate(mode=Coalesce("build__mode", Value(DeckBuild.Mode.FLEXIBLE))).order_by("name", "id")
    if deck_ids is not None:
        asked = list(deck_ids)
        decks = decks.filter(models.Q(id__in=asked) | models.Q(build__mode=DeckBuild.Mode.FIXED))
    decks = list(decks[: MAX_PLANNER_DECKS + 1])
    if len(decks) > MAX_PLANNER_DECKS:
        raise CollectionError(_("The planner takes at most %(limit)s decks.") % {"limit": MAX_PLANNER_DECKS})
    cards: dict[str, dict[int, int]] = {deck.id: {} for deck in decks}
    for row in DeckCard.objects.filter(deck__in=decks).values("deck_id", "card_id", "count"):
        cards[row["deck_id"]][row["card_id"]] = row["count"]
    return [
        planner.DeckNeeds(key=deck.id, name=deck.name, cards=cards[deck.id], fixed=deck.mode == DeckBuild.Mode.FIXED)
        for deck in decks
    ]


# --- the buildable filters ------------------------------------------------------------------------


def _owned_of(user, card: str) -> Subquery:
    return Subquery(
        Entry.objects.filter(owner=user, card_id=OuterRef(card))
        .values("owner")
        .annotate(total=Sum("count"))
        .values("total")[:1]
    )


def _held_of(user, card: str, deck: str | None) -> Subquery:
    """``held_by_fixed`` in SQL: the copies of a card the user's fixed decks hold (all but ``deck``'s)."""
    rows = DeckCard.objects.filter(deck__owner=user, deck__build__mode=DeckBuild.Mode.FIXED, card_id=OuterRef(card))
    if deck is not None:
        rows = rows.exclude(deck_id=OuterRef(deck))
    return Subquery(rows.values("card_id").annotate(total=Sum("count")).values("total")[:1])


def _have(user, deck: str | None):
    """Per card row of a deck: the copies the user has for it, as ``deck_report`` counts them (``core.missing``,
    ``core.owned_copies``): what they own less what their other fixed decks hold, up to what the deck plays."""
    free = Coalesce(_owned_of(user, "card_id"), 0) - Coalesce(_held_of(user, "card_id", deck), 0)
    return Least(F("count"), Greatest(free, Value(0)), output_field=IntegerField())


def buildable_decks(decks: models.QuerySet, user, percent: int) -> models.QuerySet:
    """Players' decks (``decks.Deck``) of which ``user`` has at least ``percent`` % of the card copies: one SQL
    query, summing per deck the copies owned (less those the user's other fixed decks hold) up to the copies
    played; ``owned_copies`` is that sum."""
    rows = (
        DeckCard.objects.filter(deck=OuterRef("pk"))
        .annotate(have=_have(user, "deck_id"))
        .values("deck")
        .annotate(total=Sum("have"))
        .values("total")[:1]
    )
    decks = decks.annotate(owned_copies=Coalesce(Subquery(rows), 0))
    return decks.filter(owned_copies__gte=_share_of(percent, F("crypt_count") + F("library_count")))


def buildable_archive(decks: models.QuerySet, user, percent: int) -> models.QuerySet:
    """The same for winning decks (``twda.TournamentDeck``): every fixed deck of the user's holds its cards."""
    from twda.models import TournamentCard

    rows = (
        TournamentCard.objects.filter(deck=OuterRef("pk"))
        .annotate(have=_have(user, None))
        .values("deck")
        .annotate(total=Sum("have"))
        .values("total")[:1]
    )
    decks = decks.annotate(owned_copies=Coalesce(Subquery(rows), 0))
    return decks.filter(owned_copies__gte=_share_of(percent, F("crypt_count") + F("library_count")))


def _share_of(percent: int, total):
    # owned ≥ percent/100 × total, in whole numbers: owned × 100 ≥ percent × total.
    return ExpressionWrapper((total * percent + 99) / 100, output_field=IntegerField())
