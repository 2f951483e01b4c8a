from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProxiesConfig(AppConfig):
    name = "proxies"
    verbose_name = _("Proxy sheets")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A sheet's row deleted anywhere (expired, its job or its owner deleted) takes its file along: the
        # receiver is connected in every process, not only in those that happen to import proxies.sheets.
        from simulations import kinds

        from . import kind, sheets  # noqa: F401

        kinds.register(kind.PROXIES)  # the job machinery runs proxies jobs as its own, never importing this app
