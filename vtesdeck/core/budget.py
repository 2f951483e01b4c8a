"""How much work reading decklists may cost: per deck, and per request when a shell says so.

Bytes are bounded elsewhere (``decklist.base.MAX_BYTES``, the archive's limits); this bounds the *work* of
reading them. A line naming no card costs a hundred times a card line (every reading people type is
tried, then fuzzy suggestions), so a file of 20,000 such lines cost two seconds, and a zip of twenty of
them half a minute. Two kinds of limit:

* per deck, always: a decklist with more than ``DECK_UNRESOLVED`` lines naming no card is no decklist;
  its reading stops there and it is refused, saying so (``TOO_MANY_UNKNOWN_LINES``);
* per request, when a shell opens one with ``spending``: lines read, lines naming no card, fuzzy
  suggestions, and CPU seconds as a safety net. Once one is spent, the decklist being read and every
  later one are refused as not checked (``WORK_BUDGET_SPENT``), each naming the limit.

    with budget.spending(Budget(lines=200_000, unresolved=1_000, suggestions=1_000, cpu_seconds=1.5)):
        outcomes = [check(path, data) for path, data in uploads]

Parsers ask ``current()``: outside ``spending`` it is a budget of per-deck bounds only, so the CLI and the
archive import read every real decklist in full. Counts are deterministic (tests assert them); the CPU
limit counts only the time spent reading decklists (not a card index built after an import, nor rendering),
is checked every ``CPU_EVERY`` lines, and only stops a shape of input no count foresaw.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import time
from collections.abc import Iterator

from .decklist.base import DecklistError

__all__ = ["DECK_UNRESOLVED", "Budget", "BudgetSpent", "current", "spending"]

# More lines naming no card than a real decklist holds: the archive's 4,000 decklists have at most a
# handful each, and a deck has at most a hundred or so distinct cards.
DECK_UNRESOLVED = 100
CPU_EVERY = 256  # lines between two looks at the clock (time.thread_time costs about a microsecond)


class BudgetSpent(DecklistError):
    """The request's work budget is spent: this decklist (and each after it) is not checked."""


@dataclasses.dataclass(kw_only=True)
class Budget:
    """Limits (None: no limit) and what was spent so far. One per request; not shared between threads."""

    lines: int | None = None  # lines of decklists read, per request
    unresolved: int | None = None  # lines naming no card, per request
    suggestions: int | None = None  # fuzzy suggestions looked for, per request
    cpu_seconds: float | None = None  # CPU time of the thread spent reading decklists (``reading``)
    deck_unresolved: int = DECK_UNRESOLVED  # lines naming no card, per deck

    lines_read: int = 0
    unresolved_seen: int = 0
    suggested: int = 0
    cpu_spent: float = 0.0  # seconds, in the ``reading`` blocks that ended
    spent: str = ""  # which limit ran out ("lines", "unresolved", "suggestions", "cpu_seconds"), "" if none
    _since: float | None = dataclasses.field(default=None, repr=False)  # thread_time() when ``reading`` began
    _ticks: int = dataclasses.field(default=0, repr=False)

    # --- what parsers call ---------------------------------------------------------------------

    def read(self, lines: int) -> None:
        """A decklist of ``lines`` lines is about to be read: refused when it does not fit."""
        self._check_spent()
        self._check_cpu()
        if self.lines is not None and self.lines_read + lines > self.lines:
            self._spend("lines")
        self.lines_read += lines

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """One decklist being read: only this CPU time counts against ``cpu_seconds``. The rest of the request
        (the card index built after an import, the answer rendered) is bounded by the counts, and must not make
        the same upload refused on one request and read on the next."""
        if self.cpu_seconds is None or self._since is not None:  # no CPU limit (the shared per-deck one), or nested
            yield
            return
        self._since = time.thread_time()
        try:
            yield
        finally:
            self.cpu_spent += time.thread_time() - self._since
            self._since = None

    def tick(self) -> None:
        """One more line read: every ``CPU_EVERY`` lines, the CPU limit is looked at."""
        self._ticks += 1
        if self._ticks % CPU_EVERY == 0:
            self._check_cpu()

    def unknown(self, in_deck: int, *, line: int) -> None:
        """One more line naming no card, the deck holding ``in_deck`` already (at line ``line``)."""
        if in_deck >= self.deck_unresolved:
            raise DecklistError.of("TOO_MANY_UNKNOWN_LINES", limit=self.deck_unresolved, line=line)
        self._check_spent()
        if self.unresolved is not None and self.unresolved_seen >= self.unresolved:
            self._spend("unresolved")
        self.unresolved_seen += 1

    def suggestion(self) -> None:
        """Fuzzy suggestions are about to be looked for (about a millisecond each)."""
        if self.suggestions is not None and self.suggested >= self.suggestions:
            self._spend("suggestions")
        self.suggested += 1

    # --- inside --------------------------------------------------------------------------------

    def limit(self, name: str) -> int | float | None:
        value: int | float | None = getattr(self, name)  # one of the limits above, by its field name
        return value

    def _check_cpu(self) -> None:
        if self.cpu_seconds is None:
            return
        running = time.thread_time() - self._since if self._since is not None else 0.0
        if self.cpu_spent + running > self.cpu_seconds:
            self._spend("cpu_seconds")

    def _check_spent(self) -> None:
        if self.spent:
            raise self._refusal()

    def _spend(self, name: str) -> None:
        self.spent = self.spent or name
        raise self._refusal()

    def _refusal(self) -> BudgetSpent:
        message_id = f"WORK_BUDGET_{self.spent.upper()}"
        return BudgetSpent(message_id=message_id, params={"limit": self.limit(self.spent)})


_PER_DECK = Budget()  # never spends: it has no per-request limit
_current: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("vtesdeck_budget", default=None)


def current() -> Budget:
    """The budget of the request being served, else one of per-deck bounds only."""
    return _current.get() or _PER_DECK


@contextlib.contextmanager
def spending(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the one parsers spend from, for the ``with`` block."""
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)
