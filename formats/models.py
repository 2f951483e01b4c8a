"""Saved custom formats: a player's own construction rules (sizes, sets, allowed and banned cards), kept as
``core.validate.Ruleset.to_dict()`` data and shared by link.

The id is unguessable (as a deck's): anyone given the link may read the format and check decks with it;
only its owner may change or delete it, and a user's list shows their own formats alone.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

# "f" keeps an id clear of the built-in format names (vekn, v5, duel, rulebook-2011) wherever both are
# accepted; the rest is unguessable, from the alphabet deck ids use (no look-alike letters).
ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"
ID_LENGTH = 16


def new_format_id() -> str:
    return "f" + "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH - 1))


class CustomFormat(models.Model):
    id = models.CharField(primary_key=True, max_length=ID_LENGTH, default=new_format_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="formats")
    name = models.CharField(_("name"), max_length=100)
    # Ruleset.to_dict() without name and label (the id and ``name`` are those); read by Ruleset.from_dict.
    data = models.JSONField(default=dict)
    # Bumped by every save of a stored format: a deck's legal badge records the revision it was judged by
    # (``Deck.format_revision``), and a deck judged by an older one is judged again when next shown
    # (``decks.services.judge_stale``). An edit itself judges no deck, however many play the format.
    revision = models.PositiveIntegerField(default=1, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        # Every door that changes a format (the page, the API, the admin) comes through here. The bump is done
        # by the database (revision + 1): two edits at once are two revisions, never one.
        bump = not self._state.adding
        if bump:
            self.revision = models.F("revision") + 1
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "revision"}
        super().save(*args, **kwargs)
        if bump:
            self.refresh_from_db(fields=["revision"])

    def get_absolute_url(self) -> str:
        return reverse("formats:detail", args=[self.id])
