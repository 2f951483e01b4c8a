"""Scoring an event's tables and ranking its players (VEKN tournament rules §3.7).

    check_table([2.5, 0, 0, 0.5, 0.5])   # []: seat 1 ousted seats 2 and 3, then time ran out on three
    table_points([2.5, 0, 0, 0.5, 0.5])  # seat 1: {"vp": 2.5, "gw": 1, "tp": 60.0}, ...
    standings({7: [row, row, row], ...}) # by game wins, then VP, then TP, then a recorded toss

How a game hands out victory points (VEKN rulebook, tournament rules §3.7): a player's predator is the
next player still in the game in the seats before theirs (seat 5 is seat 1's predator). Ousting one's prey
earns 1 VP; the last player standing earns 1 more. When time runs out, every player still in the game
earns ½ VP. A player who withdraws earns ½ VP and leaves the game, and nobody earns a VP for them.

So every seat hands out exactly one "point's worth": a whole VP to the predator who ousted it or to itself
as the last one standing, or a ½ VP it keeps (time, or a withdrawal). Rounding each seat's VP up counts
those: **the sum of ⌈VP⌉ over the table equals the table's size**, whatever happened.

``check_table`` returns, in seat order of the VPs entered, the first problem found ([] when a game could
end that way):

* ``INVALID_TABLE_SIZE`` — not 4 or 5 seats;
* ``INSUFFICIENT_TOTAL`` — Σ⌈VP⌉ is below the table's size: a seat's point is missing (an oust not
  credited, a survivor at time without their ½);
* ``EXCESSIVE_TOTAL`` — Σ⌈VP⌉ is above it: more was handed out than the seats have;
* ``MISSING_HALF_VP`` — the total is right and the table holds ½ VPs, but no game ends like this: walked
  round the table, the ousts and halves do not fit (say one survivor at time holds ½ and another a whole
  1, or a lone ½ where the last player standing earns 1);
* ``MISSING_VP`` — the total is right, nobody holds ½ (the game was played out), but the ousts cannot be
  walked round the table: a VP credited to a player who was never the victim's predator, or the last
  player standing without their VP.

The walk is exact: every order of ousts, withdrawals and the time call at a table of 4 or 5 is played out
once and its final VPs kept; a table's entry is consistent when it is one of them.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
import random
from collections.abc import Mapping, Sequence

logger = logging.getLogger(__name__)

INVALID_TABLE_SIZE = "INVALID_TABLE_SIZE"
INSUFFICIENT_TOTAL = "INSUFFICIENT_TOTAL"
EXCESSIVE_TOTAL = "EXCESSIVE_TOTAL"
MISSING_VP = "MISSING_VP"
MISSING_HALF_VP = "MISSING_HALF_VP"

# Tournament points by place at the table (§3.7.3); a table of four skips the 36.
TOURNAMENT_POINTS: dict[int, tuple[int, ...]] = {5: (60, 48, 36, 24, 12), 4: (60, 48, 24, 12)}


def _halves(vps: Sequence[float]) -> list[int]:
    """The VPs in half points, refusing what no score sheet can hold."""
    out = []
    for vp in vps:
        if (
            isinstance(vp, bool)
            or not isinstance(vp, int | float)
            or not math.isfinite(vp)
            or vp * 2 != int(vp * 2)
            or vp < 0
        ):
            raise ValueError(f"a table's VPs are whole or half points ≥ 0, not {vp!r}")
        out.append(int(vp * 2))
    return out


@functools.cache
def outcomes(size: int) -> frozenset[tuple[int, ...]]:
    """Every final VP entry (in half points, seat order) a game at a table of ``size`` can end with."""
    found: set[tuple[int, ...]] = set()
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def play(alive: tuple[int, ...], halves: tuple[int, ...]) -> None:
        if (alive, halves) in seen:
            return
        seen.add((alive, halves))
        if len(alive) == 1:
            found.add(_earn(halves, alive[0], 2))  # the last one standing
            return
        time_called = list(halves)
        for p in alive:
            time_called[p] += 1
        found.add(tuple(time_called))
        for k, p in enumerate(alive):
            prey = alive[(k + 1) % len(alive)]
            play(tuple(q for q in alive if q != prey), _earn(halves, p, 2))  # p ousts their prey
            play(tuple(q for q in alive if q != p), _earn(halves, p, 1))  # p withdraws

    play(tuple(range(size)), (0,) * size)
    return frozenset(found)


def _earn(halves: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return halves[:seat] + (halves[seat] + points,) + halves[seat + 1 :]


def check_table(vps: list[float]) -> list[str]:
    """The problems of one table's VP entry, in seat order ([] when some game ends that way).

    Raises:
        ValueError: a VP that is not a whole or half number ≥ 0.
    """
    halves = _halves(vps)
    size = len(halves)
    if size not in TOURNAMENT_POINTS:
        return [INVALID_TABLE_SIZE]
    total = sum((h + 1) // 2 for h in halves)  # Σ⌈VP⌉
    if total < size:
        return [INSUFFICIENT_TOTAL]
    if total > size:
        return [EXCESSIVE_TOTAL]
    if tuple(halves) in outcomes(size):
        return []
    return [MISSING_HALF_VP if any(h % 2 for h in halves) else MISSING_VP]


def table_points(vps: list[float], finals_ranks: Sequence[int] | None = None) -> list[dict[str, float]]:
    """Each seat's ``{"vp", "gw", "tp"}``: its VP, its game win (1 or 0) and its tournament points.

    A game win (§3.7.1) goes to the player with the most VPs, if they have at least 2 and nobody has as
    many. Tournament points (§3.7.3) go by place at the table, 60/48/36/24/12 at a table of five and
    60/48/24/12 at a table of four; players tied on VPs share the average of the places they span.

    Args:
        vps: the table's VPs in seat order (``check_table`` has accepted them).
        finals_ranks: for the final, each seat's rank after the preliminary rounds; the final always has a
            winner, who earns the game win: the most VPs, ties going to the better preliminary rank.

    Raises:
        ValueError: not 4 or 5 seats, or a VP that is not a whole or half number ≥ 0.
    """
    halves = _halves(vps)
    size = len(halves)
    if size not in TOURNAMENT_POINTS:
        raise ValueError(f"a table of {size}: tables seat 4 or 5")
    points = TOURNAMENT_POINTS[size]
    tp = []
    for h in halves:
        above = sum(1 for other in halves if other > h)
        tied = sum(1 for other in halves if other == h)
        tp.append(sum(points[above : above + tied]) / tied)
    top = max(halves)
    if finals_ranks is not None:
        if len(finals_ranks) != size:
            raise ValueError("one preliminary rank per seat of the final")
        winner = min((s for s in range(size) if halves[s] == top), key=lambda s: finals_ranks[s])
        wins = [int(s == winner) for s in range(size)]
    else:
        wins = [int(h == top and top >= 4 and halves.count(top) == 1) for h in halves]
    return [{"vp": h / 2, "gw": w, "tp": t} for h, w, t in zip(halves, wins, tp, strict=True)]


@dataclasses.dataclass(frozen=True)
class Standing:
    """A player's place after the preliminary rounds: totals over the rounds they played, and their toss."""

    rank: int
    player: int
    gw: int
    vp: float
    tp: float
    toss: int


def standings(
    results: Mapping[int, Sequence[Mapping[str, float]]],
    tosses: Mapping[int, int] | None = None,
    seed: int = 0,
) -> list[Standing]:
    """Rank the players by game wins, then VPs, then tournament points, then the toss (§3.1, §3.7).

    Args:
        results: each player's ``table_points`` rows, one per preliminary round they played (a player who
            dropped keeps what they earned; the final is not a preliminary round).
        tosses: the recorded toss of each player, the lower number first (a fair random method settles the
            ties the other figures leave, §3.1); the missing ones are drawn with ``seed`` and returned in the
            standings, for the caller to record so the order never changes.
        seed: the seed of that draw.

    Returns:
        Every player, best first, ``rank`` counting from 1.
    """
    drawn = dict(tosses or {})
    missing = sorted(p for p in results if p not in drawn)
    if missing:
        # Numbers after those already recorded, in an order the seed shuffles.
        start = max(drawn.values(), default=0) + 1
        numbers = list(range(start, start + len(missing)))
        random.Random(seed).shuffle(numbers)
        drawn.update(zip(missing, numbers, strict=True))
    totals = []
    for player, rows in results.items():
        gw = int(sum(row["gw"] for row in rows))
        vp = sum(row["vp"] for row in rows)
        tp = sum(row["tp"] for row in rows)
        totals.append((-gw, -vp, -tp, drawn[player], player))
    totals.sort()
    return [
        Standing(rank=k, player=player, gw=-gw, vp=-vp, tp=-tp, toss=toss)
        for k, (gw, vp, tp, toss, player) in enumerate(totals, start=1)
    ]
