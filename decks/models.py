"""Players' decks: who owns them, who may see them, their cards, their history.

A deck's cards are ``DeckCard`` rows (one per card, in list order) rather than a JSON blob, so that the
public list can be searched by card with one indexed query on SQLite and PostgreSQL alike; the core
``Deck`` is built from them (``to_core``) whenever a rule, a statistic or an exporter needs one.

Every change bumps ``version``. An editor sends the version it last saw with each change, and a change
made from a stale version is refused (see ``services.Conflict``): two tabs editing one deck get a clear
message instead of silently undoing each other's edits.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from vtesdeck.core.deck import Deck as CoreDeck

# Unguessable ids: an "unlisted" deck is shared by its link, so its address must not be enumerable.
ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"
ID_LENGTH = 12


def new_deck_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


class Tag(models.Model):
    name = models.SlugField(max_length=40, unique=True, allow_unicode=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class DeckQuerySet(models.QuerySet):
    def listed(self) -> DeckQuerySet:
        """Decks anyone may find in the public list."""
        return self.filter(visibility=Deck.Visibility.PUBLIC)

    def readable_by(self, user) -> DeckQuerySet:
        """Decks ``user`` may open by their link: public and unlisted ones, and their own."""
        shared = models.Q(visibility__in=[Deck.Visibility.PUBLIC, Deck.Visibility.UNLISTED])
        if user is not None and user.is_authenticated:
            return self.filter(shared | models.Q(owner=user))
        return self.filter(shared)

    def named_to(self, user, *, made_by: int | None = None) -> DeckQuerySet:
        """Decks whose id ``user`` may be shown where something else names them (a copy's source, a job's
        deck): those they may open *and* were given the link of. That is public decks (listed for everyone)
        and their own; and, to the user who made that copy or job (``made_by``, its owner's id), any deck they
        may still open, since they held its link to make it. An unlisted deck's id is its link: a shared
        copy or job must not pass it on."""
        readable = self.readable_by(user)
        if user is None or not user.is_authenticated:
            return readable.filter(visibility=Deck.Visibility.PUBLIC)
        if made_by is not None and made_by == user.pk:
            return readable
        return readable.filter(models.Q(visibility=Deck.Visibility.PUBLIC) | models.Q(owner=user))


class Deck(models.Model):
    class Visibility(models.TextChoices):
        PRIVATE = "private", _("Private: only you")
        UNLISTED = "unlisted", _("Unlisted: anyone with the link")
        PUBLIC = "public", _("Public: listed for everyone")

    id = models.CharField(primary_key=True, max_length=ID_LENGTH, default=new_deck_id, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(_("name"), max_length=200)
    author = models.CharField(_("author"), max_length=200, blank=True, help_text=_("as the decklist credits it"))
    description = models.TextField(_("description"), blank=True, max_length=20_000)
    visibility = models.CharField(
        _("visibility"), max_length=8, choices=Visibility.choices, default=Visibility.PRIVATE, db_index=True
    )
    tags = models.ManyToManyField(Tag, blank=True, related_name="decks")
    version = models.PositiveIntegerField(default=1)
    cloned_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="clones")
    # The format the deck is built for: a built-in ruleset name (vekn, v5, duel, rulebook-2011) or a saved
    # custom format's id. Its legality, the editor's search filter and suggestions follow it.
    format = models.CharField(_("format"), max_length=80, default="vekn")
    # A public deck's owner may let its cards inform other players' suggestions and similar decks.
    # Private and unlisted decks never do, whatever this says.
    share_with_suggestions = models.BooleanField(_("use in suggestions"), default=False)
    # Kept up to date on every save, for the public list's columns and filters.
    crypt_count = models.PositiveIntegerField(default=0)
    library_count = models.PositiveIntegerField(default=0)
    clans = models.CharField(max_length=300, blank=True, help_text="|clan|clan| key of the crypt's clans")
    legal = models.BooleanField(default=False)
    # The revision of the deck's custom format ``legal`` was judged by (0: a built-in format). A format's edit
    # leaves its decks' badges stale; ``services.judge_stale`` judges them again where they are shown.
    format_revision = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True, db_index=True)

    objects = DeckQuerySet.as_manager()

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("decks:detail", args=[self.id])

    def source_named_to(self, user) -> str | None:
        """The id of the deck this is a copy of, if ``user`` may be shown it (``DeckQuerySet.named_to``), else
        None: for the API, the deck's page and its link alike."""
        if self.cloned_from_id is None:
            return None
        named = Deck.objects.named_to(user, made_by=self.owner_id).filter(pk=self.cloned_from_id).exists()
        return self.cloned_from_id if named else None

    def to_core(self) -> CoreDeck:
        deck = CoreDeck(name=self.name, author=self.author, description=self.description)
        for row in self.cards.all():
            part = deck.crypt if row.crypt else deck.library
            part[row.card_id] = row.count
            if row.comment:
                deck.comments[row.card_id] = row.comment
        return deck


class DeckCard(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    # The VEKN id, not a foreign key: a deck keeps its cards through a card-list import that drops one.
    card_id = models.PositiveIntegerField(db_index=True)
    crypt = models.BooleanField()
    count = models.PositiveIntegerField()
    position = models.PositiveIntegerField(default=0)
    comment = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["position", "id"]
        constraints = [models.UniqueConstraint(fields=["deck", "card_id"], name="one_row_per_card")]


class Revision(models.Model):
    """A saved state of a deck's cards and text, to look back at and compare (``core.deck.diff``)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    data = models.JSONField(help_text="core Deck.to_dict(with_origin=False)")
    note = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="one_revision_number_per_deck")]

    def to_core(self) -> CoreDeck:
        return CoreDeck.from_dict(self.data)
