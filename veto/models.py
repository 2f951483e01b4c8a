"""Veto card lists: the cards a player (or the site) supplies for checking Veto decks (``vtesdeck.core.veto``).

Veto is out of print and has no card database we could ship, so a list is brought by each player, or one is
imported for the whole site. A row keeps the list as the core writes it back (``to_csv``: the same columns
whatever the file said), so reading a stored list never fails. One list per user, and one for the site (no
owner): a single unique index over the owner, the site's counted as owner 0, since SQL tells NULLs apart.
Every change goes through ``veto.services``; the admin only reads.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _


class CardList(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="veto_card_lists",
        help_text=_("Empty for the site's list, used by whoever has none of their own."),
    )
    # The canonical CSV (core.veto.to_csv of the parsed list), never the file as uploaded.
    csv = models.TextField()
    card_count = models.PositiveIntegerField(_("cards"))
    # Set by every import: with the id, the key of the parsed lists each process keeps (veto.services).
    imported = models.DateTimeField(_("imported"))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Coalesce("owner", models.Value(0), output_field=models.BigIntegerField()),
                name="veto_one_card_list_per_owner",
            )
        ]
        verbose_name = _("Veto card list")

    def __str__(self) -> str:
        owner = self.owner.get_username() if self.owner is not None else _("the site")
        return f"{owner}: {self.card_count}"
