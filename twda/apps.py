from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TwdaConfig(AppConfig):
    name = "twda"
    verbose_name = _("Tournament archive")
    default_auto_field = "django.db.models.BigAutoField"
