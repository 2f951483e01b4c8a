"""A player's card collection: what they own now, its history, a wishlist, a share link, and each deck's build
mode.

``Entry`` rows are the collection as it is (copies of a card in one printing and language, with a note);
``Event`` rows are its history, one per change (a card added or removed, a file imported, a collection replaced,
a precon opened) with the copies it changed per row (``lines``), written in the same transaction as the entries
they change and never edited afterwards (``Event.save`` refuses an update): the entries are always the sum of the
events. The history is bounded (``services.MAX_EVENTS``, ``services.MAX_HISTORY_LINES``): past it, the oldest
changes are summed into one "earlier changes" event, so the sum still holds. Cards are VEKN ids, not foreign
keys, as a deck's are: a collection keeps its cards through a card-list import that drops one.

Every change of a collection first writes its ``Ledger`` row, so that the changes of one collection run one after
the other (``services.changing``); ``CardTotal`` keeps the copies per card that the buildable filters read.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from decks.models import Deck

MAX_TEXT = 200


def new_share_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits: the link is the only key to a shared collection


class Entry(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection")
    card_id = models.PositiveIntegerField()
    # A set abbreviation of the card data ("Third", "V5"…), "" when the owner did not say.
    set = models.CharField(_("printing"), max_length=MAX_TEXT, blank=True)
    language = models.CharField(_("language"), max_length=MAX_TEXT, blank=True)
    count = models.PositiveIntegerField()
    note = models.CharField(_("note"), max_length=MAX_TEXT, blank=True)

    class Meta:
        ordering = ["card_id", "set", "language"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "card_id", "set", "language"], name="one_entry_per_printing")
        ]
        indexes = [models.Index(fields=["owner", "card_id"], name="collection_owner_card")]


class Event(models.Model):
    """One change of a collection, kept for good: the copies it changed per row, together (a replace of 20,000
    rows is one event, not 20,000)."""

    class Kind(models.TextChoices):
        ADD = "add", _("Added")
        REMOVE = "remove", _("Removed")
        IMPORT = "import", _("Imported")
        REPLACE = "replace", _("Replaced by an import")
        PRECON = "precon", _("Precon added")
        EARLIER = "earlier", _("Earlier changes, summed")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    source = models.CharField(max_length=MAX_TEXT, blank=True)  # a precon's key, an imported file's format
    copies = models.IntegerField(default=0)  # copies added, less those removed
    rows = models.PositiveIntegerField(default=0)  # how many lines
    # [[card_id, set, language, delta, note], ...]: the copies added (> 0) or removed (< 0) per row changed, and
    # its note when the change set one. Read only for one event at a time: listings defer it.
    lines = models.JSONField(default=list)
    # Not auto_now_add: the event summing earlier ones takes the time of the last of them.
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["owner", "created"], name="collection_event_owner_time")]

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValueError("collection history is append-only: an event is never changed")
        super().save(*args, **kwargs)


class Ledger(models.Model):
    """One row per collection ever changed, written first by each change (``services.changing``): a row lock on
    PostgreSQL, the database's write lock on SQLite, so one collection's changes never interleave."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="collection_ledger"
    )
    changes = models.PositiveBigIntegerField(default=0)


class CardTotal(models.Model):
    """Copies of one card a collection holds, all printings and languages together (kept by every change), and
    how many of them the owner's fixed decks hold (brought up to date by the buildable filters): one row to
    read per card of a deck, however many rows the collection has of it."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    card_id = models.PositiveIntegerField()
    copies = models.PositiveIntegerField(default=0)
    held = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "card_id"], name="one_total_per_card")]


class WishlistEntry(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="wishlist")
    card_id = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    note = models.CharField(max_length=MAX_TEXT, blank=True)

    class Meta:
        ordering = ["card_id"]
        constraints = [models.UniqueConstraint(fields=["owner", "card_id"], name="one_wish_per_card")]


class Share(models.Model):
    """A read-only link to one's collection; deleting it revokes the link."""

    owner = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_share")
    token = models.CharField(max_length=64, unique=True, default=new_share_token)
    created = models.DateTimeField(auto_now_add=True)

    def get_absolute_url(self) -> str:
        return reverse("collection:shared", args=[self.token])


class DeckBuild(models.Model):
    """How a deck uses its owner's cards (VDB's inventory modes). No row: flexible."""

    class Mode(models.TextChoices):
        VIRTUAL = "virtual", _("Virtual: holds no cards")
        FLEXIBLE = "flexible", _("Flexible: may share cards with other decks")
        FIXED = "fixed", _("Fixed: holds its cards")

    deck = models.OneToOneField(Deck, on_delete=models.CASCADE, primary_key=True, related_name="build")
    mode = models.CharField(_("build mode"), max_length=10, choices=Mode.choices, default=Mode.FLEXIBLE)
