"""Per-process memos of text people send: bounded in entries *and* in what one entry keeps.

A memo keyed by a decklist's lines, names or headings holds a few thousand real ones (the archive's
150,000 card lines hold about 25,000 distinct ones, none over 300 characters). Bounding its entries alone
is not enough: a hostile upload may write each line a megabyte long, and 50,000 such keys would be 50 GB.
So a memo keeps only texts up to ``LONGEST_KEPT`` characters; a longer one is worked out again each time
(it costs what reading it cost the first time, which the request's budget already counts).

    if memo.keeps(text):
        cache[text] = answer

    @memo.text_memo(maxsize=1024)
    def section_name(title: str) -> str | None: ...
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# Longer than any card line, name or heading a real decklist holds (lines.MAX_CARD_LINE is as long).
LONGEST_KEPT = 400


def keeps(text: str) -> bool:
    """Whether a memo may keep ``text`` as a key."""
    return len(text) <= LONGEST_KEPT


def text_memo(maxsize: int) -> Callable[[Callable[[str], T]], Callable[[str], T]]:
    """``functools.lru_cache(maxsize)`` for a function of one text, keeping only texts ``keeps`` allows."""

    def wrap(function: Callable[[str], T]) -> Callable[[str], T]:
        cached = functools.lru_cache(maxsize=maxsize)(function)

        @functools.wraps(function)
        def call(text: str) -> T:
            return cached(text) if len(text) <= LONGEST_KEPT else function(text)

        call.cache_info = cached.cache_info  # type: ignore[attr-defined]
        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return call

    return wrap
