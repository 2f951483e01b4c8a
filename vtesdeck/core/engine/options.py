"""A games table's options, checked once for every door (DESIGN.md ``--players``, ``--rounds``, ``--rules``,
``--seed``; the API's fields, the Games form's, the job service's, the engine's plan): their defaults, their
bounds and their refusals live here, so the same value gets the same sentence wherever it is sent."""

from __future__ import annotations

import dataclasses
from typing import Any

from .. import messages
from ..numbers import MAX_SEED
from . import schedule
from .economy import ENDLESS_ROUNDS

__all__ = [
    "DEFAULT_PLAYERS",
    "DEFAULT_ROUNDS",
    "MAX_ROUNDS",
    "RULES",
    "TableOptionError",
    "TableOptions",
    "check_seed",
]

DEFAULT_PLAYERS = 5
# The round cap (DESIGN.md ``--rounds``; None plays until one Methuselah is left, or economy.ENDLESS_ROUNDS).
# The tournament time limit as a round cap: about as many games end on time as real finals do. The archive's
# finals since 2018 with a stated score (968, read by bench/realism.py: the winner's VP has a half) ended on time
# in 27.0 % of them [24.3, 29.8]. Measured there with the heuristic bot of issue 28 at every seat, 600 five-seat
# tables of archive winners: a cap of 15 ends 20.7 % of games on time [17.6, 24.1] (14: 25.7 %, 20: about 7 %).
# 15 sits between that and issue 28's target (10-18 %, from a count of only the score lines written with "vp");
# issue 15 had set 20. Games get shorter as bots and cards improve: bench/realism.py prints the share by cap.
DEFAULT_ROUNDS: int | None = 15
RULES = ("vekn", "2011")
# The highest round cap: a game with no cap ends on time after economy.ENDLESS_ROUNDS rounds anyway.
MAX_ROUNDS = ENDLESS_ROUNDS


class TableOptionError(ValueError):
    """A table option the engine cannot play: ``str()`` is the sentence every door shows (the API, the Games
    form, the CLI), in English; ``message_id`` and ``params`` say it in the reader's language (core.messages);
    ``field`` is the option at fault ("players", "rounds", "rules", "seed")."""

    def __init__(self, message_id: str, *, field: str, **params: Any) -> None:
        super().__init__(messages.render(message_id, params))
        self.message_id, self.params, self.field = message_id, params, field


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """What was asked, as the refusal quotes it: cut short, since a client may send a long string."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def check_seed(seed: object) -> None:
    """The seed rule of every job and game (a table's, a hands job's, a chunk's): a whole number that the seed
    column holds."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise TableOptionError("TABLE_SEED", field="seed", min=0, max=MAX_SEED, value=_shown(seed))


@dataclasses.dataclass(frozen=True, slots=True)
class TableOptions:
    """A games table's options, checked when made: the one place their bounds and refusals live. The API's
    serializer, the Games form, ``simulate_games``, the job service and the engine's plan all make one, so the
    same value gets the same refusal at every door."""

    players: int = DEFAULT_PLAYERS
    rounds: int | None = DEFAULT_ROUNDS  # None: until one Methuselah is left (or MAX_ROUNDS)
    rules: str = "vekn"
    seed: int = 0

    def __post_init__(self) -> None:
        players, rounds, rules, seed = self.players, self.rounds, self.rules, self.seed
        if not _whole(players) or players not in schedule.PLAYERS:
            low, high = min(schedule.PLAYERS), max(schedule.PLAYERS)
            raise TableOptionError("TABLE_PLAYERS", field="players", min=low, max=high, value=_shown(players))
        if rounds is not None and (not _whole(rounds) or not 1 <= rounds <= MAX_ROUNDS):
            raise TableOptionError("TABLE_ROUNDS", field="rounds", min=1, max=MAX_ROUNDS, value=_shown(rounds))
        if rules not in RULES:
            raise TableOptionError("TABLE_RULES", field="rules", first=RULES[0], second=RULES[1], value=_shown(rules))
        check_seed(seed)
