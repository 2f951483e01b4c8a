"""The tables of the default cache (vtesdeck.cache.DatabaseCache), so that `migrate` makes them: the columns of
Django's `createcachetable`, and the throttles' counts. Nothing reads them as models; the cache backend and
vtesdeck.throttling write them with their own SQL. And the API writes sent with an ``Idempotency-Key``, with
their answers (``IdempotentRequest``, vtesdeck.idempotency's)."""

from __future__ import annotations

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from vtesdeck.cache import THROTTLE_TABLE

CACHE_TABLE = "vtesdeck_cache"


class CacheEntry(models.Model):
    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = CACHE_TABLE
        verbose_name_plural = "cache entries"


class ThrottleCount(models.Model):
    """One key's counts (vtesdeck.throttling): the newest slot counted into, and the requests let in during
    each of the last SLOTS + 1 slots, slot s at ``n{s % 11}``. ``expires``: when every one of them has left the
    window (seconds since the epoch); the row is deleted after that."""

    cache_key = models.CharField(max_length=255, primary_key=True)
    slot = models.BigIntegerField()
    expires = models.FloatField(db_index=True)
    n0 = models.IntegerField(default=0)
    n1 = models.IntegerField(default=0)
    n2 = models.IntegerField(default=0)
    n3 = models.IntegerField(default=0)
    n4 = models.IntegerField(default=0)
    n5 = models.IntegerField(default=0)
    n6 = models.IntegerField(default=0)
    n7 = models.IntegerField(default=0)
    n8 = models.IntegerField(default=0)
    n9 = models.IntegerField(default=0)
    n10 = models.IntegerField(default=0)

    class Meta:
        db_table = THROTTLE_TABLE


class IdempotentRequest(models.Model):
    """A write an API client sent with an ``Idempotency-Key`` header, and the answer it got, replayed to its
    retries for a day (``vtesdeck.idempotency``, which reads and writes these rows; nothing else does).

    ``digest`` names the request (who sent it, the key, the method and path) as one indexed hash: paths and
    keys are the client's, of any length and content, and a hash fits any column. ``status`` is empty while
    the first request is being carried out.
    """

    digest = models.CharField(max_length=64, unique=True, editable=False)
    fingerprint = models.CharField(max_length=64, editable=False)  # the body's JSON value, hashed
    status = models.PositiveSmallIntegerField(null=True, editable=False)
    body = models.JSONField(null=True, editable=False, encoder=DjangoJSONEncoder)
    location = models.TextField(blank=True, editable=False)
    created = models.DateTimeField(default=timezone.now, db_index=True, editable=False)

    class Meta:
        # Made by the accounts app before the model moved here with vtesdeck.idempotency (the shared layer reads
        # it): the table keeps its name and its rows.
        db_table = "accounts_idempotentrequest"
        verbose_name = _("idempotent request")
        verbose_name_plural = _("idempotent requests")

    def __str__(self) -> str:
        return f"{self.digest[:12]}… ({self.status or 'in progress'})"
