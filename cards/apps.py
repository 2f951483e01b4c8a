from __future__ import annotations

from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.conf import settings
        from django.core.checks import Error, register
        from PIL import Image

        # Every decode in this process (the mirror, a proxy sheet, anything later) is refused by Pillow itself
        # past twice the limit; cards.images and vtesdeck.core.scans refuse past the limit, before decoding.
        Image.MAX_IMAGE_PIXELS = settings.CARD_IMAGE_MAX_PIXELS

        @register()
        def check_card_image_template(app_configs, **kwargs) -> list[Error]:
            """A bad CARD_IMAGE_URL_TEMPLATE or CARD_IMAGE_FETCH_TEMPLATE stops the site at start-up, not on the
            first page with a card."""
            from . import images

            errors = []
            for name, read, code in (
                ("CARD_IMAGE_URL_TEMPLATE", images.hotlink_template, "cards.E001"),
                ("CARD_IMAGE_FETCH_TEMPLATE", images.fetch_template, "cards.E002"),
            ):
                try:
                    read()
                except images.TemplateError as exc:
                    errors.append(Error(f"{name}: {exc}", id=code))
            return errors
