from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = _("Collection")
    default_auto_field = "django.db.models.BigAutoField"
