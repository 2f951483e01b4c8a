"""The card database: persistence for the core's ``Card``s, shaped for search.

``Card.data`` holds the whole core card as JSON (the authority, rebuilt with ``to_domain``); the other
columns are copies of it laid out so that every search filter is one indexed or simple query on both
SQLite and PostgreSQL. Multi-valued fields (types, clans) are stored as ``|a|b|`` keys so that a
``contains "|b|"`` test matches a whole value on either database.
"""

from __future__ import annotations

import functools

from django.db import models
from django.utils.translation import gettext_lazy as _

from vtesdeck.core.domain import Card as CoreCard
from vtesdeck.core.printings import CodeReading, read_code


def key(values: list[str] | tuple[str, ...]) -> str:
    """``("Action Modifier", "Reaction")`` → ``"|action modifier|reaction|"``."""
    return "|" + "|".join(v.lower() for v in values) + "|" if values else ""


class CardSet(models.Model):
    abbrev = models.CharField(max_length=40, primary_key=True)
    vekn_id = models.PositiveIntegerField(null=True, blank=True, unique=True)
    name = models.CharField(max_length=200)
    release_date = models.DateField(null=True, blank=True)
    company = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["release_date", "abbrev"]

    def __str__(self) -> str:
        return self.name


class Card(models.Model):
    class Kind(models.TextChoices):
        CRYPT = "crypt", _("Crypt")
        LIBRARY = "library", _("Library")

    id = models.PositiveIntegerField(primary_key=True, help_text="VEKN card id")
    kind = models.CharField(max_length=7, choices=Kind.choices, db_index=True)
    name = models.CharField(max_length=200, db_index=True, help_text="official VEKN name")
    printed_name = models.CharField(max_length=200)
    unique_name = models.CharField(max_length=200)
    # Every folded name form, "|"-separated: name search and autocomplete match against it.
    name_search = models.TextField()
    text = models.TextField(blank=True)
    text_search = models.TextField(blank=True, help_text="card text, lower case")
    types = models.CharField(max_length=200, help_text="|type|type| key")
    clans = models.CharField(max_length=200, blank=True, help_text="|clan|clan| key")
    path = models.CharField(max_length=100, blank=True)
    sect = models.CharField(max_length=20, blank=True, db_index=True)
    title = models.CharField(max_length=40, blank=True, db_index=True)
    group = models.CharField(max_length=3, blank=True, db_index=True)
    capacity = models.SmallIntegerField(null=True, blank=True, db_index=True)
    votes = models.SmallIntegerField(default=0)
    advanced = models.BooleanField(default=False)
    base = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="advanced_versions")
    banned_year = models.SmallIntegerField(null=True, blank=True)
    first_release = models.DateField(null=True, blank=True)
    data = models.JSONField(help_text="the core card, as Card.to_dict() writes it")
    sets = models.ManyToManyField(CardSet, through="Printing", related_name="cards")

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.unique_name

    def to_domain(self) -> CoreCard:
        return CoreCard.from_dict(self.data)

    @property
    def card(self) -> CoreCard:
        """The core card, built once per row object (templates read many of its fields)."""
        if not hasattr(self, "_card"):
            self._card = self.to_domain()
        return self._card

    @property
    def is_crypt(self) -> bool:
        return self.kind == Card.Kind.CRYPT


class CardDiscipline(models.Model):
    """A discipline a vampire has (with its level), or one a library card requires."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="discipline_rows")
    code = models.CharField(max_length=3)
    superior = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["code", "superior"])]
        constraints = [models.UniqueConstraint(fields=["card", "code"], name="one_level_per_discipline")]


class Printing(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="printings")
    code = models.CharField(max_length=80, blank=True)
    rarity = models.CharField(max_length=20, blank=True)
    # Every precon of the printing: "B/M/Tr/Tz/SKB/SKM/SKTr/SKTz", 27 characters in the bundled list (its code
    # 39), and PostgreSQL refuses what does not fit where SQLite would store it (tests/cards/test_import_cards.py).
    precon = models.CharField(max_length=80, blank=True)
    copies = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["set__release_date", "set__abbrev"]

    @functools.cached_property
    def reading(self) -> CodeReading:
        """What ``code`` says (rarity, each precon with its copies and name), read as the collection reads it.
        Pages and the API show this rather than the columns, which only the next ``import_cards`` rewrites."""
        return read_code(self.set_id, self.code)


class CardListVersion(models.Model):
    """One row: the version of the stored card list, a digest of every card and set (``card_list_digest``).

    The importer writes it whenever it stores a list, so that web processes learn the version with one tiny
    query instead of digesting the card table themselves (most of a second of CPU). Without the row (a
    database imported before it existed, or a card or set changed outside the importer, which deletes it),
    the first reader digests the tables and stores the row.
    """

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    version = models.CharField(max_length=64)
    stamped = models.DateTimeField(auto_now=True)

    ROW = 1

    @classmethod
    def read(cls) -> str | None:
        return cls.objects.filter(pk=cls.ROW).values_list("version", flat=True).first()

    @classmethod
    def stamp(cls) -> str:
        """Digest the stored card list and record it (the importer, inside its transaction)."""
        version = card_list_digest()
        cls.objects.update_or_create(pk=cls.ROW, defaults={"version": version})
        return version

    @classmethod
    def read_or_stamp(cls) -> str:
        """The recorded version; digested and recorded first when there is none."""
        version = cls.read()
        if version is None:
            version = card_list_digest()
            # Another process may record the same digest meanwhile, or an import a newer one: theirs stays.
            # The class by name, not ``cls``: the Django plugin types ``cls(...)`` as the class and ``cls.objects``
            # as a manager of ``Self``, which mypy cannot match (the model has no subclass).
            CardListVersion.objects.bulk_create([CardListVersion(pk=cls.ROW, version=version)], ignore_conflicts=True)
        return version

    @classmethod
    def clear(cls) -> None:
        """The tables changed outside the importer: the next reader digests them again."""
        cls.objects.filter(pk=cls.ROW).delete()


def card_list_digest() -> str:
    """A digest of every stored card and set: the same cards and sets give the same digest."""
    import hashlib

    from django.db import connection

    sha = hashlib.sha256()
    # The stored JSON text as the database returns it: decoding 4,000 cards' JSON would cost five times more.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, data FROM {Card._meta.db_table} ORDER BY id")
        for card_id, data in cursor.fetchall():
            sha.update(f"{card_id}\0{data}\n".encode())
    for row in CardSet.objects.order_by("abbrev").values_list("abbrev", "vekn_id", "name", "release_date", "company"):
        sha.update(f"{row!r}\n".encode())
    return sha.hexdigest()[:32]


def _card_list_changed(sender, **kwargs) -> None:
    # The admin may edit a card or a set one row at a time; the importer's bulk writes send no signals.
    CardListVersion.clear()


for _model in (Card, CardSet):
    models.signals.post_save.connect(
        _card_list_changed, sender=_model, dispatch_uid=f"card-list-version-{_model.__name__}"
    )
    models.signals.post_delete.connect(
        _card_list_changed, sender=_model, dispatch_uid=f"card-list-version-delete-{_model.__name__}"
    )
