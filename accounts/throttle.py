"""Login throttling against password guessing: failures are counted per username and per client address.
Password reset messages are counted the same way, per email address asked for and per client address, so
nobody can flood an inbox or the mail server from the reset form.

Counts live in Django's cache (``CACHES["default"]``). A count starts with its first failure and is
forgotten WINDOW seconds later; once it passes LIMIT, attempts are refused without checking the password,
so a guess that happens to be right teaches the guesser nothing.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

LIMIT = 10
WINDOW = 15 * 60
# Reset messages one email address may be sent per WINDOW (a client address may ask for LIMIT).
RESET_LIMIT = 3


def client_address(request: HttpRequest | None) -> str:
    address = request.META.get("REMOTE_ADDR", "") if request else ""
    hops = settings.NUM_PROXIES
    if request and hops:
        # Behind N reverse proxies REMOTE_ADDR is the nearest proxy; each proxy appends the address it was
        # called from, so the client is N entries from the right. Entries further left are whatever the
        # client sent, and cannot be trusted.
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if forwarded:
            address = forwarded[-min(hops, len(forwarded))]
    return address


def _keys(username: str, address: str, scope: str = "login") -> tuple[str, str]:
    # Hashed: usernames and forwarded addresses are user input, and some cache backends limit key characters.
    user = hashlib.sha256(username.casefold().encode()).hexdigest()
    addr = hashlib.sha256(address.encode()).hexdigest()
    return f"{scope}-throttle:user:{user}", f"{scope}-throttle:addr:{addr}"


def _increment(key: str) -> int:
    cache.add(key, 0, WINDOW)  # starts the window; does nothing when a count is running
    try:
        return cache.incr(key)
    except ValueError:  # expired between add() and incr()
        cache.set(key, 1, WINDOW)
        return 1


def count_attempt(username: str, address: str) -> bool:
    """Count one login attempt as a failure before checking it; False when it must be refused.

    Counting first (an atomic increment) means a burst of parallel guesses cannot all slip in under the
    limit while none has been counted yet. The address first: once it is refused, a new name costs it no new
    count, so one client cannot fill the cache with names until it drops the counts that matter.
    """
    user_key, addr_key = _keys(username, address)
    return _increment(addr_key) <= LIMIT and _increment(user_key) <= LIMIT


def count_reset(email: str, address: str) -> bool:
    """Count one password reset request, for an email address whether or not an account uses it (the answer
    must not tell); False when it must be refused: RESET_LIMIT per email, LIMIT per client address."""
    email_key, addr_key = _keys(email, address, "reset")
    return _increment(addr_key) <= LIMIT and _increment(email_key) <= RESET_LIMIT  # the address first, as above


def forget_attempt(username: str, address: str) -> None:
    """The attempt succeeded: the account's owner starts afresh, and the address gets this one back."""
    user_key, addr_key = _keys(username, address)
    cache.delete(user_key)
    try:
        cache.decr(addr_key)
    except ValueError:  # already expired
        pass
