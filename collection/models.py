"""A player's card collection: what they own now, every change ever made to it, a wishlist, a share link, and
each deck's build mode.

``Entry`` rows are the collection as it is (copies of a card in one printing and language, with a note);
``Event`` rows are its history, one per change (added, removed, imported, a precon opened), written in the same
transaction as the entry they change and never edited or deleted afterwards (``Event.save`` refuses an update):
the entries are always the sum of the events. Cards are VEKN ids, not foreign keys, as a deck's are: a
collection keeps its cards through a card-list import that drops one.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
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
    """One change of a collection, kept for good."""

    class Kind(models.TextChoices):
        ADD = "add", _("Added")
        REMOVE = "remove", _("Removed")
        IMPORT = "import", _("Imported")
        PRECON = "precon", _("Precon added")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    batch = models.CharField(max_length=32, db_index=True)  # the events of one request share it
    source = models.CharField(max_length=MAX_TEXT, blank=True)  # a precon's key, an imported file's format
    card_id = models.PositiveIntegerField()
    set = models.CharField(max_length=MAX_TEXT, blank=True)
    language = models.CharField(max_length=MAX_TEXT, blank=True)
    delta = models.IntegerField()  # copies added (> 0) or removed (< 0)
    note = models.CharField(max_length=MAX_TEXT, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValueError("collection history is append-only: an event is never changed")
        super().save(*args, **kwargs)


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
