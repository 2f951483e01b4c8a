"""The games JSON of DESIGN.md: the one-game line of ``--games-jsonl`` and the run's summary.

One game. ``GameRecord`` mirrors a ``--games-jsonl`` line; ``to_json_line()`` writes exactly DESIGN.md's
keys, in DESIGN.md's order (``LINE_KEYS``, not sorted), compact (``separators=(",", ":")``), no NaN. Victory
points are whole or half numbers: a whole one is written as an integer (``1``), a half as ``0.5``.
``forced`` (decisions the engine took itself because only one option was legal; not replayed) is kept on the
record for the summary's ``forced_share`` but is not part of the documented line, so it is not written;
``from_json_line`` reads it back when a line carries it and takes 0 otherwise.

The summary. ``summarize(records, decks, ...)`` returns DESIGN.md's summary object, keys in
``SUMMARY_KEYS`` order, each deck's in ``DECK_KEYS`` order:

- Games whose index is in ``errors`` are left out of every figure (their records, if any, are ignored) and
  listed under ``errors``, sorted by game. ``games`` counts every game of the run, errors included.
- Per deck (index ``d`` of ``decks``; seats holding ``schedule.FIELD`` belong to no deck): ``seat_games``
  the seats it held, ``vp_mean`` its mean VP per game (null without games), ``vp_ci95`` the 95 % interval
  of that mean, ``game_wins`` the games whose ``winner`` seat it held, ``ousted`` the games it was ousted
  in.
- ``vp_ci95``: normal approximation, ``mean ± 1.96 · s / √n`` with ``s`` the sample standard deviation
  (divisor n - 1), clipped to the possible range [0, players]. Null with fewer than two games, where no
  spread can be estimated (an interval equal to the mean would claim a certainty the data do not give).
  With few games (n < 30) it is somewhat narrower than a Student t interval would be.
- ``rounds_mean``, ``decisions_mean``: means over the games (null without games); ``timeouts``: games the
  engine had to stop (its safety limits: a decision cap, ``economy.ENDLESS_ROUNDS``), which a sound run never
  has; ``time_limit`` (after DESIGN.md's keys): games that ended by the round cap, a normal ending (½ VP to
  each survivor); ``forced_share``: forced decisions over all decisions
  (``Σ forced / Σ (forced + decisions)``, null when there were none), ``decisions`` counting the recorded
  (bot) decisions only.
- ``unsupported`` is sorted by copies (most first), then name, then id; ``audit`` by invariant name.

Sums use ``math.fsum`` (correctly rounded, so independent of order) and records are sorted by game first,
so the same records in any order, e.g. gathered from workers' chunks, give the same bytes.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any

from .schedule import FIELD

ENDS = ("last_standing", "time_limit")
LINE_KEYS = (
    "game",
    "seed",
    "decks",
    "vp",
    "ousted_round",
    "oust_order",
    "winner",
    "end",
    "rounds",
    "decisions",
    "hash",
)
SUMMARY_KEYS = (
    "games",
    "seed",
    "players",
    "seconds",
    "games_per_second",
    "decks",
    "rounds_mean",
    "coverage",
    "crypt_coverage",
    "unsupported",
    "timeouts",
    "decisions_mean",
    "forced_share",
    "errors",
    "audit",
    "time_limit",
    "partial",
)
DECK_KEYS = ("path", "name", "seat_games", "vp_mean", "vp_ci95", "game_wins", "ousted", "coverage")
Z95 = 1.96  # the standard normal's 97.5 % quantile


def _int(what: str, value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{what} must be a whole number of at least {low}, not {value!r}.")
    return value


def _vp(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0 or (2 * value) % 1:
        raise ValueError(f"Victory points are whole or half numbers of at least 0, not {value!r}.")
    return float(value)


def _json_vp(value: float) -> int | float:
    return int(value) if value.is_integer() else value


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """One finished game (a ``--games-jsonl`` line). Seats are numbered from 0 in turn order."""

    game: int
    seed: int
    decks: tuple[int, ...]  # deck index per seat; schedule.FIELD (-1) for an archive deck
    vp: tuple[float, ...]  # per seat
    ousted_round: tuple[int | None, ...]  # per seat, None if not ousted
    oust_order: tuple[int, ...]  # seats, first ousted first
    winner: int | None  # a seat
    end: str  # one of ENDS
    rounds: int
    decisions: int  # decisions a bot made (recorded for replay)
    hash: str  # hex digest of the final state
    forced: int = 0  # decisions the engine took itself (not in the line)
    stopped: bool = False  # the engine's safety stop ended it (not in the line): a time-out of the run

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "decks", tuple(self.decks))
        set_(self, "vp", tuple(_vp(v) for v in self.vp))
        set_(self, "ousted_round", tuple(self.ousted_round))
        set_(self, "oust_order", tuple(self.oust_order))
        _int("The game index", self.game)
        _int("The game seed", self.seed)
        _int("The rounds", self.rounds)
        _int("The decisions", self.decisions)
        _int("The forced decisions", self.forced)
        seats = len(self.decks)
        if seats < 1 or len(self.vp) != seats or len(self.ousted_round) != seats:
            raise ValueError(
                f"Game {self.game}: decks, vp and ousted_round need one entry per seat "
                f"({len(self.decks)}, {len(self.vp)}, {len(self.ousted_round)})."
            )
        for deck in self.decks:
            _int("A deck index", deck, FIELD)
        for r in self.ousted_round:
            if r is not None:
                _int("An oust round", r)
        ousted = {seat for seat, r in enumerate(self.ousted_round) if r is not None}
        if set(self.oust_order) != ousted or len(self.oust_order) != len(ousted):
            raise ValueError(f"Game {self.game}: oust_order {list(self.oust_order)} does not list the ousted seats.")
        if self.winner is not None and (isinstance(self.winner, bool) or self.winner not in range(seats)):
            raise ValueError(f"Game {self.game}: the winner must be a seat from 0 to {seats - 1}, not {self.winner!r}.")
        if self.end not in ENDS:
            raise ValueError(f"Game {self.game}: the end must be one of {', '.join(ENDS)}, not {self.end!r}.")
        if not isinstance(self.hash, str) or not self.hash:
            raise ValueError(f"Game {self.game}: the hash must be a non-empty string.")

    def to_dict(self) -> dict[str, Any]:
        """The documented line as a dict, keys in ``LINE_KEYS`` order."""
        return {
            "game": self.game,
            "seed": self.seed,
            "decks": list(self.decks),
            "vp": [_json_vp(v) for v in self.vp],
            "ousted_round": list(self.ousted_round),
            "oust_order": list(self.oust_order),
            "winner": self.winner,
            "end": self.end,
            "rounds": self.rounds,
            "decisions": self.decisions,
            "hash": self.hash,
        }

    def to_json_line(self) -> str:
        """The ``--games-jsonl`` line, without its newline."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_json_line(cls, line: str) -> GameRecord:
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("A game line must be a JSON object.")
        missing = [key for key in LINE_KEYS if key not in data]
        if missing:
            raise ValueError(f"A game line lacks {', '.join(missing)}.")
        return cls(
            **{key: data[key] for key in LINE_KEYS},
            forced=data.get("forced", 0),
            stopped=bool(data.get("stopped", False)),
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeckInfo:
    """A deck of the run as the summary names it."""

    path: str
    name: str
    coverage: float | None  # share of its library copies the engine implements


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameError:
    """A game that raised: an entry of the summary's ``errors``, never a crash of the run."""

    game: int
    seed: int
    error: str

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UnsupportedCard:
    id: int
    name: str
    copies: int

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Coverage:
    share: float | None  # modelled copies / all copies; None without copies
    unsupported: tuple[UnsupportedCard, ...]  # most copies first, then name, then id
    partial: tuple[UnsupportedCard, ...] = ()  # implemented but partial (their spec leaves text out): likewise


def card_coverage(
    copies: Mapping[int, int], implemented: Container[int], names: Mapping[int, str], partial: Container[int] = ()
) -> Coverage:
    """The share of card copies (``copies``: card id → copies, e.g. summed over a table's decks) whose
    effects the engine implements in full, the cards it does not implement, and those it implements in part
    (``partial``: counted as unmodelled in the share, listed apart)."""
    total = sum(copies.values())
    done = sum(n for card, n in copies.items() if card in implemented and card not in partial)
    present = [UnsupportedCard(id=c, name=names.get(c, ""), copies=n) for c, n in copies.items() if n > 0]
    return Coverage(
        share=done / total if total else None,
        unsupported=_sorted_unsupported(u for u in present if u.id not in implemented),
        partial=_sorted_unsupported(u for u in present if u.id in implemented and u.id in partial),
    )


def _sorted_unsupported(cards: Iterable[UnsupportedCard]) -> tuple[UnsupportedCard, ...]:
    return tuple(sorted(cards, key=lambda u: (-u.copies, u.name, u.id)))


def mean_ci95(values: Sequence[float], low: float = 0.0, high: float = math.inf) -> tuple[float, float] | None:
    """The 95 % interval of the mean of ``values`` (normal approximation, sample standard deviation),
    clipped to [low, high]; None with fewer than two values."""
    n = len(values)
    if n < 2:
        return None
    mean = math.fsum(values) / n
    s = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * s / math.sqrt(n)
    return max(low, mean - half), min(high, mean + half)


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def summarize(
    records: Iterable[GameRecord],
    decks: Sequence[DeckInfo],
    *,
    seed: int,
    players: int,
    seconds: float,
    coverage: float | None,
    crypt_coverage: float | None,
    unsupported: Iterable[UnsupportedCard] = (),
    errors: Iterable[GameError] = (),
    audit: Mapping[str, int] | None = None,
    partial: Iterable[UnsupportedCard] = (),
) -> dict[str, Any]:
    """DESIGN.md's games summary (the last line of ``simulate_games --json``) from the games' records."""
    errors = sorted(errors, key=lambda e: e.game)
    failed = {e.game for e in errors}
    records = sorted(records, key=lambda r: r.game)
    seen = [r.game for r in records]
    if len(set(seen)) != len(seen):
        raise ValueError("Two records have the same game index.")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds >= 0:
        raise ValueError(f"The run time must be a number of seconds of at least 0, not {seconds!r}.")
    good = [r for r in records if r.game not in failed]
    for r in good:
        if len(r.decks) != players:
            raise ValueError(f"Game {r.game} has {len(r.decks)} seats, not {players}.")
        if any(d >= len(decks) for d in r.decks):
            raise ValueError(f"Game {r.game} names a deck beyond the {len(decks)} decks of the run.")
    games = len(set(seen) | failed)

    vps: list[list[float]] = [[] for _ in decks]
    wins = [0] * len(decks)
    ousted = [0] * len(decks)
    for r in good:
        for seat, deck in enumerate(r.decks):
            if deck == FIELD:
                continue
            vps[deck].append(r.vp[seat])
            ousted[deck] += r.ousted_round[seat] is not None
            wins[deck] += r.winner == seat
    deck_rows = []
    for d, info in enumerate(decks):
        interval = mean_ci95(vps[d], 0.0, float(players))
        deck_rows.append(
            {
                "path": info.path,
                "name": info.name,
                "seat_games": len(vps[d]),
                "vp_mean": _mean(vps[d]),
                "vp_ci95": list(interval) if interval else None,
                "game_wins": wins[d],
                "ousted": ousted[d],
                "coverage": info.coverage,
            }
        )
    all_decisions = sum(r.decisions + r.forced for r in good)
    audit = dict(audit or {})
    for name, count in audit.items():
        _int(f"The audit count of {name!r}", count)
    return {
        "games": games,
        "seed": seed,
        "players": players,
        "seconds": seconds,
        "games_per_second": games / seconds if seconds > 0 else None,
        "decks": deck_rows,
        "rounds_mean": _mean([r.rounds for r in good]),
        "coverage": coverage,
        "crypt_coverage": crypt_coverage,
        "unsupported": [u.to_dict() for u in _sorted_unsupported(unsupported)],
        "timeouts": sum(r.stopped for r in good),
        "decisions_mean": _mean([r.decisions for r in good]),
        "forced_share": sum(r.forced for r in good) / all_decisions if all_decisions else None,
        "errors": [e.to_dict() for e in errors],
        "audit": {name: audit[name] for name in sorted(audit)},
        "time_limit": sum(r.end == "time_limit" for r in good),
        # implemented in part (their spec leaves text out): not counted as modelled in "coverage"
        "partial": [u.to_dict() for u in _sorted_unsupported(partial)],
    }


def summary_json(summary: Mapping[str, Any]) -> str:
    """The summary line as ``simulate_games --json`` prints it (as ``simulate_hands``: default separators)."""
    return json.dumps(summary, ensure_ascii=False, allow_nan=False)
