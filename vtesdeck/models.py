"""The table of the default cache (vtesdeck.cache.DatabaseCache), so that `migrate` makes it: the columns of
Django's `createcachetable`. Nothing reads it as a model; the cache backend writes it with its own SQL."""

from __future__ import annotations

from django.db import models

CACHE_TABLE = "vtesdeck_cache"


class CacheEntry(models.Model):
    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = CACHE_TABLE
        verbose_name_plural = "cache entries"
