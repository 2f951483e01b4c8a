"""Bots: one interface, ``decide(view, options) -> option``, where ``view`` is the seat's masked ``View``
(``view.py``) and ``options`` the legal options of the decision; ``by_name`` builds them by the names DESIGN.md
gives (``simulate_games --bots``).

- ``HeuristicBot`` (``heuristic``, the default): the ``baseline`` bot's scores (``baseline.py``, where each
  heuristic is documented with its weight) with the changes below, each measured against the frozen baseline
  (``bench/bots.py``: the new bot at two seats of five, the baseline at three).
- ``BaselineBot`` (``baseline``): the heuristic bot of November 2026, kept unchanged as the yardstick.
- ``RandomBot`` (``random``): uniform choices from its own ``random.Random`` (never the game's): for fuzzing.

The heuristic bot's changes to the baseline:

(none yet)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .baseline import BaselineBot
from .economy import Option
from .view import Bot, View

__all__ = ["BOTS", "BaselineBot", "Bot", "HeuristicBot", "RandomBot", "View", "by_name"]


class RandomBot:
    """Uniform choices from its own RNG: for fuzzing the engine."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: View, options: Sequence[Option]) -> Option:
        return options[self.rng.randrange(len(options))]


class HeuristicBot(BaselineBot):
    """The baseline's scores with the changes of the module's docstring; the best option, the first on a tie."""


BOTS: dict[str, Callable[[], Bot]] = {"heuristic": HeuristicBot, "baseline": BaselineBot, "random": RandomBot}


def by_name(name: str) -> Bot:
    """A new bot by its DESIGN.md name; ValueError naming the known ones otherwise."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(BOTS)}") from None
