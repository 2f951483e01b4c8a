from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SimulationsConfig(AppConfig):
    name = "simulations"
    verbose_name = _("Simulations")
    default_auto_field = "django.db.models.BigAutoField"
