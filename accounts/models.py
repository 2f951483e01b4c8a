"""Per-user API tokens: several keys per account, each named, stored only as a SHA-256 hash.

A key is shown once, when it is made; afterwards the site knows only its hash (so a leaked database or
backup opens no account) and a short prefix the owner can tell it by. The keys are 240 random bits, so a
plain unsalted SHA-256 is enough: there is nothing to guess, and an indexed hash makes the lookup one
query on every API call.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# Recognisable in a leaked file or a secret scanner's rules, and in the owner's own scripts.
KEY_PREFIX = "vtd_"
# The part of a key the owner sees again later: the site prefix and 8 random characters.
VISIBLE_LENGTH = len(KEY_PREFIX) + 8
MAX_TOKENS_PER_USER = 50
DEFAULT_NAME = "API token"
# last_used is written at most this often per token, so reading the API does not write on every call.
LAST_USED_PRECISION = timedelta(minutes=1)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class TooManyTokens(ValidationError):
    def __init__(self) -> None:
        super().__init__(
            gettext(
                "You already have %(limit)d API tokens, the most one account may hold. "
                "Revoke one you no longer use before making another."
            )
            % {"limit": MAX_TOKENS_PER_USER},
            code="too_many_tokens",
        )


class ApiTokenQuerySet(models.QuerySet["ApiToken"]):
    def issue(self, user, name: str = "") -> tuple[ApiToken, str]:
        """A new token for ``user``; returns it with its key, which is never readable again.

        Raises TooManyTokens when the user holds MAX_TOKENS_PER_USER already.
        """
        with transaction.atomic():
            # Locks the user's row, so two requests at once cannot both slip under the limit.
            list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
            if self.filter(user=user).count() >= MAX_TOKENS_PER_USER:
                raise TooManyTokens()
            key = KEY_PREFIX + secrets.token_urlsafe(30)
            token = self.create(
                user=user,
                name=name.strip() or DEFAULT_NAME,
                key_hash=hash_key(key),
                prefix=key[:VISIBLE_LENGTH],
            )
        return token, key

    def revoke_all(self, user) -> int:
        """Delete every token of ``user`` (after a password change or reset); returns how many there were."""
        return self.filter(user=user).delete()[0]

    def find(self, key: str) -> ApiToken | None:
        """The token this key opens, with its user, or None."""
        try:
            return self.select_related("user").get(key_hash=hash_key(key))
        except ApiToken.DoesNotExist:
            return None


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("user")
    )
    name = models.CharField(_("name"), max_length=100, help_text=_("What the token is for, e.g. “Discord bot”."))
    key_hash = models.CharField(_("key hash"), max_length=64, unique=True, editable=False)
    prefix = models.CharField(_("prefix"), max_length=VISIBLE_LENGTH, editable=False)
    created = models.DateTimeField(_("created"), default=timezone.now, editable=False)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True, editable=False)

    objects = ApiTokenQuerySet.as_manager()

    # The plain key, on a token just issued only (``accounts.api`` sets it for NewApiTokenSerializer): never
    # stored, and not a field.
    key: str

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def touch(self) -> None:
        """Record a use, unless one was recorded within LAST_USED_PRECISION.

        The condition is in the UPDATE itself, so parallel requests write once between them.
        """
        now = timezone.now()
        if self.last_used is not None and now - self.last_used < LAST_USED_PRECISION:
            return
        stale = Q(last_used__isnull=True) | Q(last_used__lt=now - LAST_USED_PRECISION)
        if ApiToken.objects.filter(stale, pk=self.pk).update(last_used=now):
            self.last_used = now
