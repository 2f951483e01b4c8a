"""The tables of the default cache (vtesdeck.cache.DatabaseCache), so that `migrate` makes them: the columns of
Django's `createcachetable`, and the throttles' counts. Nothing reads them as models; the cache backend and
vtesdeck.throttling write them with their own SQL."""

from __future__ import annotations

from django.db import models

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
