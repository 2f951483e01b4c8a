"""The Tournament Winning Deck Archive: winning decks with their event, and what they tell about cards.

A ``TournamentDeck`` is one archive file, keyed by the archive's own id (the file name without ``.txt``),
so a re-import updates rather than duplicates. Its cards are ``TournamentCard`` rows (one per card, with
the copies) rather than a JSON blob, so "at least 4 Govern the Unaligned and no Deflection" is a pair of
indexed joins on SQLite and PostgreSQL alike. ``CardArchiveStats`` holds what card pages show (winning
decks and copies by year, first and last appearance, the cards most often played beside it), computed
once per import by the pure-Python core, never per page view.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse


class Archetype(models.Model):
    """A family of winning decks sharing a crypt core (clan/discipline) and signature cards."""

    slug = models.SlugField(max_length=120, primary_key=True)
    name = models.CharField(max_length=200)  # "Ventrue · dom/pre · Govern the Unaligned"
    clans = models.JSONField(default=list)  # the core's clans, most copies first
    disciplines = models.JSONField(default=list)  # the crypt's core disciplines (trigrams)
    signature = models.JSONField(default=list)  # VEKN ids of the signature library cards
    deck_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-deck_count", "name"]

    def __str__(self) -> str:
        return self.name


def shown_name(name: str, winner: str, event: str, deck_id: str) -> str:
    """An archive deck's name as pages and games name it: its own, or for one of the many the archive leaves
    unnamed, its winner's and event's ("Antti Penttilä, 4th Tragic Love Affair"), else its id."""
    return name or ", ".join(part for part in (winner, event) if part) or deck_id


class TournamentDeck(models.Model):
    id = models.CharField(max_length=100, primary_key=True, help_text="the archive's id: the file name without .txt")
    # The event (TWDA header)
    event = models.CharField(max_length=300, blank=True)
    place = models.CharField(max_length=300, blank=True)
    date = models.DateField(null=True, blank=True, db_index=True)
    date_end = models.DateField(null=True, blank=True)
    format = models.CharField(max_length=40, blank=True)  # "2R+F"
    players = models.PositiveIntegerField(null=True, blank=True, db_index=True)
    winner = models.CharField(max_length=200, blank=True, db_index=True)
    event_url = models.URLField(max_length=500, blank=True)
    score = models.CharField(max_length=300, blank=True)
    # The deck
    name = models.CharField(max_length=300, blank=True)
    author = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)
    crypt_count = models.PositiveSmallIntegerField(default=0)
    library_count = models.PositiveSmallIntegerField(default=0)
    clans = models.CharField(max_length=300, blank=True, help_text="|clan|clan| key, crypt clans by copies")
    sects = models.CharField(max_length=200, blank=True, help_text="|sect|sect| key")
    disciplines = models.CharField(max_length=300, blank=True, help_text="|dom|pre| key: the crypt's disciplines")
    archetype = models.ForeignKey(Archetype, null=True, blank=True, on_delete=models.SET_NULL, related_name="decks")
    # What the deck does (vtesdeck.core.archetypes): tag → score 0–1, and the nearest named archetype's slug
    # ("unclassified" when none is near enough; "" until computed).
    tags = models.JSONField(default=dict, blank=True)
    style = models.CharField(max_length=40, blank=True, db_index=True)
    deck = models.JSONField(default=dict)  # core Deck.to_dict()
    text = models.TextField()  # the archive file as it was read
    digest = models.CharField(max_length=64)  # sha256 of the text: an unchanged file is skipped on re-import
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "id"]

    def __str__(self) -> str:
        return f"{self.name or self.id} ({self.event}, {self.date})"

    @property
    def shown_name(self) -> str:
        return shown_name(self.name, self.winner, self.event, self.id)

    def get_absolute_url(self) -> str:
        return reverse("twda:detail", args=[self.id])


class NamedArchetype(models.Model):
    """A named archetype of ``vtesdeck/core/data/archetypes.json`` with what the archive says about it,
    recomputed after every import (its decks are the ``TournamentDeck`` rows whose ``style`` is its slug)."""

    slug = models.SlugField(max_length=40, primary_key=True)
    position = models.PositiveSmallIntegerField(default=0)  # the data file's order
    deck_count = models.PositiveIntegerField(default=0)
    # [{"id": vekn id, "decks": n, "share": n / deck_count, "archive": share in the whole archive}]
    key_cards = models.JSONField(default=list)
    # {"2020–2021": {"decks": n, "cards": {vekn id: share of the period's decks of this archetype}}}
    periods = models.JSONField(default=dict)

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return self.slug


class TournamentCard(models.Model):
    deck = models.ForeignKey(TournamentDeck, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("cards.Card", on_delete=models.PROTECT, related_name="tournament_rows")
    count = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(default=0)  # list order within the deck

    class Meta:
        ordering = ["deck", "position"]
        constraints = [models.UniqueConstraint(fields=["deck", "card"], name="one_row_per_card_per_tournament_deck")]
        indexes = [models.Index(fields=["card", "count"], name="twda_card_count")]


class CardArchiveStats(models.Model):
    """What the archive says about one card, recomputed after every import."""

    card = models.OneToOneField("cards.Card", primary_key=True, on_delete=models.CASCADE, related_name="archive_stats")
    decks = models.PositiveIntegerField(default=0, db_index=True)  # winning decks playing it
    copies = models.PositiveIntegerField(default=0)  # copies over all those decks
    first_date = models.DateField(null=True, blank=True)
    last_date = models.DateField(null=True, blank=True)
    first_deck = models.ForeignKey(TournamentDeck, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    last_deck = models.ForeignKey(TournamentDeck, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    by_year = models.JSONField(default=dict)  # {"2021": {"decks": n, "copies": c, "share": decks/all that year}}
    played_with = models.JSONField(default=list)  # [{"id": vekn id, "decks": n}] most often beside it, top 10

    class Meta:
        verbose_name_plural = "card archive stats"
