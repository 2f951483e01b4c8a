"""Importing the Tournament Winning Deck Archive and computing what it says about cards.

    result = import_archive("../shared/twda")     # a folder, a zip file, or an http(s) URL of a zip
    recompute()                                   # archetypes + CardArchiveStats from the stored decks
    classify()                                    # tags and named archetypes (inside recompute too)

The import reads and parses every file first (pure core, no database), then writes in ONE transaction:
new decks, changed decks (their card rows replaced), then ``recompute()``. A failure anywhere leaves the
database as it was. A file is identified by its name without ``.txt``; one whose text has the same
sha256 as the stored deck is "unchanged" and not even parsed, so a second import writes nothing. A file
that is not text, is empty, does not parse, has an unknown card line, or has no crypt or no library is
skipped with a reason, never half-imported. Decks absent from the source are kept (a zip may hold part of
the archive).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards.index import get as card_index
from cards.models import Card, key
from vtesdeck.core import archetypes as named
from vtesdeck.core import decklist, twda
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck
from vtesdeck.core.decklist import DecklistError

from .models import Archetype, CardArchiveStats, NamedArchetype, TournamentCard, TournamentDeck

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


def playable_core(deck: TournamentDeck) -> Deck:
    """The stored deck without ids the card list no longer has (tables, exporters and games need real cards)."""
    core = Deck.from_dict(deck.deck)
    cards = card_index()
    core.crypt = {i: n for i, n in core.crypt.items() if i in cards}
    core.library = {i: n for i, n in core.library.items() if i in cards}
    core.comments = {i: c for i, c in core.comments.items() if i in cards}
    core.unresolved = []
    return core


__all__ = ["ImportResult", "classify", "import_archive", "read_source", "recompute"]

URL_TIMEOUT = (10, 60)  # connect, read (seconds)
MAX_DOWNLOAD = twda.MAX_TOTAL
BATCH = 500


@dataclasses.dataclass
class ImportResult:
    imported: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # (file name, reason)
    recomputed: bool = False


def read_source(source: str) -> list[tuple[str, bytes]]:
    """The files of a folder, a zip file or an http(s) URL of a zip; ``ArchiveError`` with a sentence
    when the source cannot be read at all."""
    if re.match(r"^https?://", source, re.IGNORECASE):
        return twda.read_archive(_download(source))
    return twda.read_archive(Path(source))


def _download(url: str) -> bytes:
    import requests

    limit = getattr(settings, "TWDA_MAX_DOWNLOAD", MAX_DOWNLOAD)
    try:
        with requests.get(url, timeout=URL_TIMEOUT, stream=True) as response:
            if response.status_code != 200:
                raise twda.ArchiveError(f"{url} answered HTTP {response.status_code}; the archive was not read.")
            chunks, size = [], 0
            for chunk in response.iter_content(64 * 1024):
                size += len(chunk)
                if size > limit:
                    raise twda.ArchiveError(f"{url} sends more than {limit:,} bytes; the archive is refused.")
                chunks.append(chunk)
    except requests.RequestException as exc:
        raise twda.ArchiveError(f"{url} cannot be downloaded ({exc.__class__.__name__}: {exc}).") from exc
    data = b"".join(chunks)
    if not data:
        raise twda.ArchiveError(f"{url} sent nothing.")
    return data


# --- import ---------------------------------------------------------------------------------------------


def _deck_id(name: str) -> str:
    return name[:-4] if name.lower().endswith(".txt") else name


def _parse(name: str, text: str, cards: CardIndex) -> Deck:
    """The deck of one archive file; ``DecklistError`` with the reason it is skipped."""
    # ``text`` is already decoded and checked (``decklist.decode``): detect and parse without decoding again.
    fmt = decklist.detect(text)
    deck = decklist.FORMATS[fmt].parse(text, cards)
    deck.source_format, deck.path = fmt, name
    if deck.unresolved:
        bad = deck.unresolved[0]
        more = f" (and {len(deck.unresolved) - 1} more)" if len(deck.unresolved) > 1 else ""
        raise DecklistError(f"unknown card on line {bad.line}: {bad.text.strip()!r}{more}")
    if not deck.crypt:
        raise DecklistError("no crypt cards")
    if not deck.library:
        raise DecklistError("no library cards")
    return deck


def _keys(deck: Deck, cards: CardIndex) -> tuple[str, str, str]:
    """``|clan|…|``, ``|sect|…|``, ``|dis|…|`` of the crypt, most copies first."""
    clans: dict[str, int] = defaultdict(int)
    sects: dict[str, int] = defaultdict(int)
    disciplines: dict[str, int] = defaultdict(int)
    for card_id, n in deck.crypt.items():
        card = cards[card_id]
        for clan in card.clans:
            clans[clan] += n
        if card.sect:
            sects[card.sect] += n
        for code in {d.code.lower() for d in card.disciplines}:
            disciplines[code] += n

    def ranked(counts: dict[str, int]) -> list[str]:
        return sorted(counts, key=lambda k: (-counts[k], k))

    return key(ranked(clans))[:300], key(ranked(sects))[:200], key(ranked(disciplines))[:300]


def _row(deck_id: str, text: str, digest: str, deck: Deck, cards: CardIndex) -> TournamentDeck:
    event = deck.event
    clans, sects, disciplines = _keys(deck, cards)
    return TournamentDeck(
        id=deck_id,
        event=(event.name if event else "")[:300],
        place=(event.place if event else "")[:300],
        date=event.date if event else None,
        date_end=event.date_end if event else None,
        format=(event.format if event else "")[:40],
        players=event.players if event and event.players and event.players > 0 else None,
        winner=(event.winner if event else "")[:200],
        event_url=(event.url if event and len(event.url) <= 500 else ""),
        score=(event.score if event else "")[:300],
        name=deck.name[:300],
        author=deck.author[:200],
        description=deck.description,
        crypt_count=min(deck.crypt_count, 32767),
        library_count=min(deck.library_count, 32767),
        clans=clans,
        sects=sects,
        disciplines=disciplines,
        deck=deck.to_dict(),
        text=text,
        digest=digest,
    )


def _card_rows(deck_id: str, deck: Deck) -> list[TournamentCard]:
    rows = []
    for position, (card_id, n) in enumerate((*deck.crypt.items(), *deck.library.items())):
        rows.append(TournamentCard(deck_id=deck_id, card_id=card_id, count=min(n, 32767), position=position))
    return rows


def import_archive(source: str, *, stdout: SupportsWrite[str] | None = None) -> ImportResult:
    """Import ``source`` (folder, zip path or http(s) URL). Raises ``twda.ArchiveError`` when it cannot be
    read at all; the database is then unchanged."""
    files = read_source(source)
    cards = card_index()
    if not len(cards):
        raise twda.ArchiveError("The database holds no cards: run `manage.py import_cards` first.")
    stored = dict(TournamentDeck.objects.values_list("id", "digest"))
    result = ImportResult()
    new: list[TournamentDeck] = []
    changed: list[TournamentDeck] = []
    rows: list[TournamentCard] = []
    seen: set[str] = set()
    for name, data in files:
        deck_id = _deck_id(name)
        if deck_id in seen:
            result.skipped.append((name, "another file of the archive has the same name"))
            continue
        seen.add(deck_id)
        if len(deck_id) > 100:
            result.skipped.append((name, "the file name is longer than 100 characters"))
            continue
        try:
            text = decklist.decode(data)
        except DecklistError as exc:
            result.skipped.append((name, str(exc)))
            continue
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if stored.get(deck_id) == digest:
            result.unchanged += 1
            continue
        try:
            deck = _parse(name, text, cards)
        except DecklistError as exc:
            result.skipped.append((name, str(exc)))
            continue
        row = _row(deck_id, text, digest, deck, cards)
        (changed if deck_id in stored else new).append(row)
        rows.extend(_card_rows(deck_id, deck))
    result.imported, result.updated = len(new), len(changed)
    if stdout is not None:
        stdout.write(f"Read {len(files):,} files; writing {len(new):,} new and {len(changed):,} changed decks…\n")
    needs_stats = bool(new or changed) or (bool(stored) and not CardArchiveStats.objects.exists())
    if not needs_stats:
        return result
    now = timezone.now()
    for row in (*new, *changed):
        row.imported_at = now  # bulk_update does not apply auto_now
    with transaction.atomic():
        if changed:
            ids = [row.id for row in changed]
            for start in range(0, len(ids), BATCH):
                TournamentCard.objects.filter(deck_id__in=ids[start : start + BATCH]).delete()
            fields = [f.name for f in TournamentDeck._meta.concrete_fields if f.name not in ("id", "archetype")]
            TournamentDeck.objects.bulk_update(changed, fields, batch_size=BATCH)
        TournamentDeck.objects.bulk_create(new, batch_size=BATCH)
        TournamentCard.objects.bulk_create(rows, batch_size=2000)
        recompute(cards)
        result.recomputed = True
    return result


# --- statistics and archetypes ------------------------------------------------------------------------


def stored_decks(cards: CardIndex | None = None) -> list[tuple[str, datetime.date | None, Deck]]:
    """(deck id, date, core Deck with its cards) for every stored deck, built from the card rows."""
    cards = cards or card_index()
    dates = dict(TournamentDeck.objects.values_list("id", "date"))
    decks = {deck_id: Deck() for deck_id in dates}
    for deck_id, card_id, count in (
        TournamentCard.objects.order_by("deck_id", "position")
        .values_list("deck_id", "card_id", "count")
        .iterator(chunk_size=5000)
    ):
        card = cards.get(card_id)
        target = decks[deck_id].crypt if card is not None and card.is_crypt else decks[deck_id].library
        target[card_id] = count
    return [(deck_id, dates[deck_id], decks[deck_id]) for deck_id in sorted(decks)]


@transaction.atomic
def recompute(cards: CardIndex | None = None) -> None:
    """Archetypes (with each deck's) and every card's ``CardArchiveStats``, from the stored decks."""
    cards = cards or card_index()
    decks = stored_decks(cards)
    known = set(Card.objects.values_list("id", flat=True))

    defs, assignment = twda.archetypes(decks, cards)
    TournamentDeck.objects.update(archetype=None)
    Archetype.objects.all().delete()
    Archetype.objects.bulk_create(
        [
            Archetype(
                slug=d.slug,
                name=d.name,
                clans=d.clans,
                disciplines=d.disciplines,
                signature=d.signature,
                deck_count=d.deck_count,
            )
            for d in defs
        ],
        batch_size=BATCH,
    )
    by_slug: dict[str, list[str]] = defaultdict(list)
    for deck_id, slug in assignment.items():
        by_slug[slug].append(deck_id)
    for slug, ids in by_slug.items():
        for start in range(0, len(ids), BATCH):
            TournamentDeck.objects.filter(id__in=ids[start : start + BATCH]).update(archetype_id=slug)

    classify(cards, decks)

    stats = twda.card_stats(decks)
    CardArchiveStats.objects.all().delete()
    CardArchiveStats.objects.bulk_create(
        [
            CardArchiveStats(
                card_id=card_id,
                decks=s.decks,
                copies=s.copies,
                first_date=s.first_date,
                last_date=s.last_date,
                first_deck_id=s.first_deck or None,
                last_deck_id=s.last_deck or None,
                by_year=s.by_year,
                played_with=[{"id": other, "decks": n} for other, n in s.played_with],
            )
            for card_id, s in stats.items()
            if card_id in known
        ],
        batch_size=BATCH,
    )


# --- named archetypes -------------------------------------------------------------------------------------

KEY_CARDS = 12  # key cards kept per named archetype
KEY_CARD_MIN_SHARE = 0.25  # played by at least a quarter of the archetype's decks
PERIOD_YEARS = 2  # the archetype pages' periods: 2000–2001, 2002–2003, …


def period_label(year: int) -> str:
    start = year - year % PERIOD_YEARS
    return f"{start}–{start + PERIOD_YEARS - 1}"


@transaction.atomic
def classify(cards: CardIndex | None = None, decks: list[tuple[str, datetime.date | None, Deck]] | None = None) -> int:
    """Every stored deck's tags and named archetype (``vtesdeck.core.archetypes``), and per named archetype
    its deck count, key cards and their share per period. Returns the number of decks classified.

    Key cards: library cards played by at least ``KEY_CARD_MIN_SHARE`` of the archetype's decks, ranked by
    how much more often they are played there than in the whole archive (share of its decks minus share of
    all decks; ties by card id), the first ``KEY_CARDS``."""
    cards = cards or card_index()
    decks = decks if decks is not None else stored_decks(cards)
    styles: dict[str, str] = {}
    rows = []
    for deck_id, _date, deck in decks:
        scores = named.tags(deck, cards)
        styles[deck_id] = named.classify(scores).slug
        rows.append(TournamentDeck(id=deck_id, tags=scores, style=styles[deck_id]))
    TournamentDeck.objects.bulk_update(rows, ["tags", "style"], batch_size=BATCH)

    total = len(decks) or 1
    archive_share: Counter[int] = Counter()
    for _deck_id, _date, deck in decks:
        archive_share.update(deck.library.keys())
    period_totals: Counter[str] = Counter(period_label(date.year) for _i, date, _d in decks if date)
    NamedArchetype.objects.all().delete()
    created = []
    for position, archetype in enumerate(named.named_archetypes()):
        members = [(date, deck) for deck_id, date, deck in decks if styles[deck_id] == archetype.slug]
        playing: Counter[int] = Counter()
        for _date, deck in members:
            playing.update(deck.library.keys())
        count = len(members) or 1
        ranked = sorted(
            (
                (-(n / count - archive_share[card_id] / total), card_id)
                for card_id, n in playing.items()
                if n / count >= KEY_CARD_MIN_SHARE
            )
        )[:KEY_CARDS]
        key_cards = [
            {
                "id": card_id,
                "decks": playing[card_id],
                "share": round(playing[card_id] / count, 3),
                "archive": round(archive_share[card_id] / total, 3),
            }
            for _score, card_id in ranked
        ]
        keys = [entry["id"] for entry in key_cards]
        periods: dict[str, dict] = {}
        for label in sorted(period_totals):
            periods[label] = {"decks": 0, "archive": period_totals[label], "cards": dict.fromkeys(map(str, keys), 0)}
        for date, deck in members:
            if not date:
                continue
            period = periods[period_label(date.year)]
            period["decks"] += 1
            for card_id in keys:
                if card_id in deck.library:
                    period["cards"][str(card_id)] += 1
        for period in periods.values():
            period["cards"] = {
                k: round(v / period["decks"], 3) if period["decks"] else 0.0 for k, v in period["cards"].items()
            }
        created.append(
            NamedArchetype(
                slug=archetype.slug, position=position, deck_count=len(members), key_cards=key_cards, periods=periods
            )
        )
    NamedArchetype.objects.bulk_create(created)
    return len(decks)
