from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProxiesConfig(AppConfig):
    name = "proxies"
    verbose_name = _("Proxy sheets")
    default_auto_field = "django.db.models.BigAutoField"
