"""Where a finished proxy PDF is kept, how much of it one owner may keep, and for how long.

**Storage.** The PDF is a file in Django's default storage (``STORAGES["default"]``: a ``FileSystemStorage``
under ``MEDIA_ROOT`` unless a deployment points it at shared storage), named ``proxies/<job id>.pdf``; its
``ProxySheet`` row says where, how large, and when it was made. The worker writes it, any web process serves it
straight from storage (``open``: a file, streamed by the view in blocks, never read whole into memory). So every
web and worker machine must reach the same storage (docs/deploy.md). The files are never served by their path:
only the view does, to whoever may read the job.

**Retention.** A sheet lives ``PROXIES_RETENTION_DAYS`` from when it was made (``expires``), then is never
served again (the view answers 410) and is deleted: a few at a time by each worker that writes a new one
(``purge``), and all of them by ``manage.py purge_proxy_sheets``. Deleting a row (expired, or its job deleted)
deletes its file once the transaction commits.

**Caps.** A PDF may take at most ``PROXIES_MAX_PDF_BYTES`` (the renderer stops past it:
``vtesdeck.core.proxies.SheetTooLarge``), and the unexpired PDFs of one owner (an account; without one, the
client's address as the job's ``starter`` keeps it) at most ``PROXIES_MAX_STORED_BYTES_USER`` / ``_ANON``. A
start with no room left is refused (``check_room``: a 429 that says when room comes back); the worker checks
again when it stores the PDF, in one transaction per owner with the count, so that jobs finishing at once never
pass the cap together (``keep``).
"""

from __future__ import annotations

import datetime
import hashlib
import logging
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile, File
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.db.models import F, QuerySet, Sum
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import ProxySheet

__all__ = [
    "NoRoom",
    "check_room",
    "expired",
    "expires",
    "expiry_of",
    "keep",
    "live",
    "megabytes",
    "open",
    "purge",
    "sweep_orphans",
]

logger = logging.getLogger(__name__)

FOLDER = "proxies"
PURGE_BATCH = 50  # expired sheets a worker deletes each time it stores one: its own work stays small
ORPHAN_AGE = datetime.timedelta(hours=1)


class NoRoom(Exception):
    """The owner's unexpired PDFs leave no room for this one; ``str()`` is a sentence for them."""


def retention() -> datetime.timedelta:
    return datetime.timedelta(days=settings.PROXIES_RETENTION_DAYS)


def expires(sheet: ProxySheet) -> datetime.datetime:
    return sheet.created + retention()


def expiry_of(simulation_id: str) -> str | None:
    """When the job's PDF is deleted (ISO 8601, UTC; for the job's report), or None when it has none."""
    made = ProxySheet.objects.filter(pk=simulation_id).values_list("created", flat=True).first()
    return (made + retention()).isoformat(timespec="seconds") if made is not None else None


def expired(sheet: ProxySheet, now: datetime.datetime | None = None) -> bool:
    return expires(sheet) <= (now or timezone.now())


def live(now: datetime.datetime | None = None) -> QuerySet[ProxySheet]:
    """The sheets not yet expired (an expired one may wait a little for ``purge``: never served meanwhile)."""
    return ProxySheet.objects.filter(created__gt=(now or timezone.now()) - retention())


def megabytes(size: int) -> str:
    """A size for people: "22.4 MB", or "18 KB" under a megabyte."""
    if size < 1_048_576:
        return _("%(size)s KB") % {"size": f"{-(-size // 1024):,}"}
    return _("%(size)s MB") % {"size": f"{size / 1_048_576:,.1f}"}


def _owned(sheets: QuerySet[ProxySheet], owner_id: int | None, starter: str) -> QuerySet[ProxySheet]:
    if owner_id is not None:
        return sheets.filter(simulation__owner_id=owner_id)
    return sheets.filter(simulation__owner__isnull=True, simulation__starter=starter)


def _limit(owner_id: int | None) -> int:
    return settings.PROXIES_MAX_STORED_BYTES_ANON if owner_id is None else settings.PROXIES_MAX_STORED_BYTES_USER


def _no_room(owner_id: int | None, used: int, oldest: ProxySheet | None) -> str:
    numbers = {"used": megabytes(used), "limit": megabytes(_limit(owner_id))}
    if owner_id is None:
        message = _(
            "The proxy sheets kept for your address take %(used)s; without an account, at most %(limit)s are kept "
            "at once."
        )
    else:
        message = _("Your proxy sheets kept here take %(used)s; an account may keep at most %(limit)s at once.")
    days = settings.PROXIES_RETENTION_DAYS
    parts = [
        message % numbers,
        ngettext(
            "Each is deleted %(days)d day after it was made.", "Each is deleted %(days)d days after it was made.", days
        )
        % {"days": days},
    ]
    if oldest is not None:
        parts.append(_("The oldest goes on %(date)s.") % {"date": f"{expires(oldest):%Y-%m-%d %H:%M} UTC"})
    return " ".join(parts)


def check_room(owner, starter: str) -> None:
    """At a start (``proxies.kind.start``, which answers it as the other caps, 429): ``NoRoom``
    when the owner's unexpired PDFs already fill their allowance. Nothing is checked for a job with no owner (the
    command line)."""
    owner_id = owner.pk if owner is not None else None
    if owner_id is None and not starter:
        return
    mine = _owned(live(), owner_id, starter)
    used = mine.aggregate(used=Sum("bytes"))["used"] or 0
    if used >= _limit(owner_id):
        raise NoRoom(_no_room(owner_id, used, mine.order_by("created").first()))


def keep(simulation, pdf: bytes, *, pages: int, cards: int, images: int) -> ProxySheet:
    """In the worker: store ``simulation``'s PDF as a file and its row, or ``NoRoom`` (nothing kept) when the
    owner's other unexpired PDFs and this one would pass their allowance. Deletes a few expired sheets first."""
    purge(limit=PURGE_BATCH)
    name = default_storage.save(f"{FOLDER}/{simulation.pk}.pdf", ContentFile(pdf))
    owner_id, starter = simulation.owner_id, simulation.starter
    try:
        with transaction.atomic():
            _lock_owner(simulation.pk, owner_id, starter)
            # A chunk run twice (its worker lost) renders twice: the second file replaces the first.
            previous = ProxySheet.objects.filter(pk=simulation.pk).values_list("file", flat=True).first()
            if previous and previous != name:
                transaction.on_commit(lambda: _delete_quietly(previous))
            sheet, _created = ProxySheet.objects.update_or_create(
                simulation_id=simulation.pk,
                defaults={
                    "file": name,
                    "bytes": len(pdf),
                    "pages": pages,
                    "cards": cards,
                    "images": images,
                    "created": timezone.now(),
                },
            )
            if owner_id is not None or starter:
                mine = _owned(live(), owner_id, starter)
                used = mine.aggregate(used=Sum("bytes"))["used"] or 0
                if used > _limit(owner_id):
                    others = mine.exclude(pk=simulation.pk)
                    raise NoRoom(_no_room(owner_id, used - len(pdf), others.order_by("created").first()))
    except BaseException:
        default_storage.delete(name)
        raise
    return sheet


def _lock_owner(simulation_id: str, owner_id: int | None, starter: str) -> None:
    """The transaction's first statement: one owner's stores take turns, so that the sum each counts includes the
    others'. On PostgreSQL an advisory lock per owner; on SQLite a write, which takes the database's write lock
    (a read first would fail with "database is locked" when another writer commits meanwhile)."""
    if connection.vendor == "postgresql":
        key = f"proxies:{owner_id or ''}:{starter}"
        lock = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock])
    else:
        ProxySheet.objects.filter(pk=simulation_id).update(bytes=F("bytes"))


def open(sheet: ProxySheet) -> File:  # noqa: A001 (the storage's own word)
    """The PDF's file, open for reading (``FileNotFoundError`` when storage lost it)."""
    name = sheet.file.name
    if not name:  # never so: ``keep`` stores every row with its file's name (the column is NOT NULL)
        raise FileNotFoundError(f"proxy sheet {sheet.pk} names no file")
    return default_storage.open(name, "rb")


def purge(now: datetime.datetime | None = None, limit: int | None = None) -> int:
    """Delete expired sheets (the oldest ``limit`` of them, or all), rows and files; how many."""
    gone = ProxySheet.objects.filter(created__lte=(now or timezone.now()) - retention()).order_by("created")
    keys = list(gone.values_list("pk", flat=True)[:limit] if limit else gone.values_list("pk", flat=True))
    if keys:
        ProxySheet.objects.filter(pk__in=keys).delete()  # each row's file goes with it (below)
    return len(keys)


def sweep_orphans(now: datetime.datetime | None = None) -> int:
    """Delete files under ``proxies/`` that no row names (a worker lost between writing a file and committing its
    row, a deletion storage missed), once an hour old: a file a worker is storing right now is younger. How
    many."""
    now = now or timezone.now()
    try:
        _folders, names = default_storage.listdir(FOLDER)
    except FileNotFoundError:
        return 0
    named = set(ProxySheet.objects.values_list("file", flat=True))
    swept = 0
    for name in (f"{FOLDER}/{name}" for name in names):
        if name in named or default_storage.get_modified_time(name) > now - ORPHAN_AGE:
            continue
        _delete_quietly(name)
        swept += 1
    return swept


@receiver(post_delete, sender=ProxySheet)
def _delete_file(sender, instance: ProxySheet, **kwargs: Any) -> None:
    """A row deleted (expired, or its job deleted): its file too, once the deletion is committed."""
    name = instance.file.name
    if name:
        transaction.on_commit(lambda: _delete_quietly(name))


def _delete_quietly(name: str) -> None:
    try:
        default_storage.delete(name)
    except OSError:  # storage away: manage.py purge_proxy_sheets sweeps it later
        logger.warning("proxy sheet %s: could not delete its file", name, exc_info=True)


def job_context(simulation: Any) -> dict[str, Any]:
    """What a proxies job's page (``simulations.views.detail``, a ``Simulation``) shows of its sheet: the unexpired
    sheet and when it goes, or that it went."""
    done = simulation.status == simulation.Status.DONE
    sheet = live().filter(pk=simulation.pk).first() if done else None
    return {
        "proxies_job": True,
        "sheet": sheet,
        "sheet_expires": expires(sheet) if sheet is not None else None,
        "sheet_gone": gone_message() if done and sheet is None else "",
    }


def gone_message() -> str:
    days = settings.PROXIES_RETENTION_DAYS
    return ngettext(
        "Proxy PDFs are kept %(days)d day after they are made, and this one was deleted. Print the deck again "
        "from its Proxies tab: it takes a few seconds.",
        "Proxy PDFs are kept %(days)d days after they are made, and this one was deleted. Print the deck again "
        "from its Proxies tab: it takes a few seconds.",
        days,
    ) % {"days": days}
