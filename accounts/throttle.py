"""Login throttling against password guessing: failures are counted per username and per client address.
Password reset messages are counted the same way, per email address asked for and per client address, so
nobody can flood an inbox or the mail server from the reset form.

The counts are vtesdeck.throttling's, as every throttle's: LIMIT attempts per WINDOW, never more within any
WINDOW, exact under parallel attempts; once the limit is reached, attempts are refused without checking the
password, so a guess that happens to be right teaches the guesser nothing.
"""

from __future__ import annotations

import hashlib

from vtesdeck import throttling
from vtesdeck.throttling import client_address

__all__ = [
    "LIMIT",
    "RESET_LIMIT",
    "RETRY_AFTER",
    "WINDOW",
    "client_address",
    "count_attempt",
    "count_reset",
    "forget_attempt",
]

LIMIT = 10
WINDOW = 15 * 60
# Reset messages one email address may be sent per WINDOW (a client address may ask for LIMIT).
RESET_LIMIT = 3
# Retry-After for a refusal: an upper bound, as a count leaves the window between WINDOW and WINDOW plus a
# tenth of it after it was made (vtesdeck.throttling's slots), and the oldest may be older.
RETRY_AFTER = WINDOW + WINDOW // throttling.SLOTS

ATTEMPTS = throttling.Rate(LIMIT, WINDOW)
RESETS = throttling.Rate(RESET_LIMIT, WINDOW)


def _keys(username: str, address: str, scope: str = "login") -> tuple[str, str]:
    # Hashed: usernames and forwarded addresses are user input, and some cache backends limit key characters.
    user = hashlib.sha256(username.casefold().encode()).hexdigest()
    addr = hashlib.sha256(address.encode()).hexdigest()
    return f"{scope}-throttle:user:{user}", f"{scope}-throttle:addr:{addr}"


def count_attempt(username: str, address: str) -> bool:
    """Count one login attempt as a failure before checking it; False when it must be refused.

    Counting first (an atomic step) means a burst of parallel guesses cannot all slip in under the limit
    while none has been counted yet. The address first: once it is refused, a new name costs it no new
    count, so one client cannot fill the cache with names.
    """
    user_key, addr_key = _keys(username, address)
    return throttling.take(addr_key, ATTEMPTS).allowed and throttling.take(user_key, ATTEMPTS).allowed


def count_reset(email: str, address: str) -> bool:
    """Count one password reset request, for an email address whether or not an account uses it (the answer
    must not tell); False when it must be refused: RESET_LIMIT per email, LIMIT per client address."""
    email_key, addr_key = _keys(email, address, "reset")
    return throttling.take(addr_key, ATTEMPTS).allowed and throttling.take(email_key, RESETS).allowed


def forget_attempt(username: str, address: str) -> None:
    """The attempt succeeded: the account's owner starts afresh, and the address gets this one back."""
    user_key, addr_key = _keys(username, address)
    throttling.forget(user_key)
    throttling.give_back(addr_key, ATTEMPTS)
