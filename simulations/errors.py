"""What a kind's work may raise for ``simulations.tasks`` to act on, importable by the apps a kind calls into
(``proxies.jobs``) without importing the job machinery, which imports them."""

from __future__ import annotations

__all__ = ["JobRefused"]


class JobRefused(Exception):
    """A job its worker cannot finish for a reason its owner should read (a PDF past its size cap, no room left
    for it): ``str()`` is that sentence, in the owner's language, and the job fails with it."""
