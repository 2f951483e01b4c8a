"""Which deck sits where, and with which seed, in each game of a ``simulate_games`` run.

DESIGN.md: "seats rotate between games so every deck plays every seat equally", and "game i depends only on
the seed, the decks, the seat count, the rules options and i — not on --games — so the first k games of a
longer run equal a k-game run, and chunks on different workers play the same games". So every function here
takes the game index ``i`` and never the number of games; a worker playing games 300..399 calls
``table(seed, i, decks, players)`` for those ``i`` and gets exactly what a one-process run gets.

Seeds. ``game_seed(run_seed, i)`` is the top 63 bits of a 16-byte BLAKE2b digest of the two numbers (with
a personalisation string, so no other digest of the project collides with it): it fits a signed 64-bit
column. Never Python's ``hash()``, which is salted per process.

Seating. The decks given on the command line are slots ``0..decks-1``; when there are fewer decks than
seats, the other slots are ``FIELD`` (-1): the caller fills each with an archive deck chosen by
``field_pick(run_seed, i, seat, pool_size)``. A game's seating is a cyclic arrangement of the slots, rotated
by one seat each game:

- Games are taken in blocks of ``players`` games (block ``b`` = games ``b*players .. b*players+players-1``).
  Within a block the arrangement turns by one seat per game, so over every block each slot (each deck)
  sits at each seat exactly once. A run of ``players * k`` games therefore gives every deck every seat
  ``k`` times. (A window of ``players`` games that does not start on a block boundary is not balanced: if
  every window were, each deck's seat would repeat every ``players`` games and the arrangement, hence each
  deck's prey, could never change.)
- Successive blocks use different arrangements, so that a deck does not always have the same prey. With
  five seats the arrangements are the position multipliers 1, 4, 2, 3 modulo 5 (block 0 is the natural
  order, block 1 its reverse): over every ``ARRANGEMENT_PERIOD[5]`` = 20 games (aligned on a multiple of
  20) each slot has each other slot as its prey in exactly one block (5 games of the 20). With four seats
  no set of three arrangements does that (the complete directed graph on 4 vertices has no decomposition
  into Hamiltonian cycles), so all six arrangements with slot 0 first are used: over every
  ``ARRANGEMENT_PERIOD[4]`` = 24 games each slot has each other slot as its prey in two blocks (8 games).

Field picks. ``field_pick`` is a partial Fisher-Yates shuffle of ``range(pool_size)`` driven by BLAKE2b
digests of (run seed, game, step): the field decks of one game are all different while the pool has at
least as many decks as seats, and a seat's pick does not depend on which other seats are field seats.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
from collections.abc import Iterator
from functools import cache

from ..numbers import MAX_SEED

PLAYERS = (4, 5)  # the seat counts DESIGN.md allows (`--players 4|5`)
FIELD = -1  # a seat filled by an archive deck (`field_pick`), not by one of the run's decks
MAX_GAMES = 10_000_000  # far beyond any run; keeps game indices and seeds in sane ranges
_MULTIPLIERS_5 = (1, 4, 2, 3)  # natural order, reversed, then the two "skip one" orders
ARRANGEMENT_PERIOD = {4: 4 * 6, 5: 5 * len(_MULTIPLIERS_5)}  # games after which the prey relations repeat


def _digest(person: bytes, *numbers: int) -> int:
    data = b"".join(n.to_bytes(16, "big", signed=True) for n in numbers)
    return int.from_bytes(hashlib.blake2b(data, digest_size=16, person=person).digest(), "big")


def _check_int(what: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low:,} to {high:,}, not {value!r}.")
    return value


def check_run(*, games: int, decks: int, players: int, seed: int = 0) -> None:
    """Refuses a run that cannot be scheduled, with a sentence the CLI can print as is."""
    _check_int("The number of games", games, 1, MAX_GAMES)
    check_table(decks, players)
    _check_int("The seed", seed, 0, MAX_SEED)


def check_table(decks: int, players: int) -> None:
    if isinstance(players, bool) or players not in PLAYERS:
        allowed = " or ".join(str(p) for p in PLAYERS)
        raise ValueError(f"A table has {allowed} seats, not {players!r}.")
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"At least one deck is needed, not {decks!r}.")
    if decks > players:
        raise ValueError(f"{decks} decks do not fit at a table of {players} seats.")


def game_seed(run_seed: int, i: int) -> int:
    """The seed of game ``i`` of a run seeded ``run_seed``: stable across processes, machines and Python
    versions, and independent of how many games the run has."""
    _check_int("The seed", run_seed, 0, MAX_SEED)
    _check_int("The game index", i, 0, MAX_GAMES - 1)
    return _digest(b"vtesdeck-game", run_seed, i) >> 65  # the top 63 bits of 128


@cache
def arrangements(players: int) -> tuple[tuple[int, ...], ...]:
    """The cyclic orders of the slots, block by block: ``arrangements(p)[k][pos]`` is the slot at position
    ``pos`` (slot 0 always at position 0). Each is a permutation of ``range(players)``."""
    check_table(1, players)
    if players == 5:
        return tuple(tuple((m * pos) % 5 for pos in range(5)) for m in _MULTIPLIERS_5)
    # The slot at position pos is the one the permutation puts there; lexicographic, the natural order first.
    return tuple((0, *rest) for rest in itertools.permutations(range(1, players)))


def seating(i: int, decks: int, players: int) -> tuple[int, ...]:
    """The deck index of each seat of game ``i``, in seat order (seat 0 starts); ``FIELD`` for a seat the
    archive fills. Slots ``>= decks`` are field slots."""
    check_table(decks, players)
    _check_int("The game index", i, 0, MAX_GAMES - 1)
    block, turn = divmod(i, players)
    order = arrangements(players)
    arrangement = order[block % len(order)]
    # Seat s holds the slot at position (s - turn): each game every slot moves one seat on.
    slots = (arrangement[(seat - turn) % players] for seat in range(players))
    return tuple(slot if slot < decks else FIELD for slot in slots)


def field_pick(run_seed: int, i: int, seat: int, pool_size: int) -> int:
    """The index in the field pool (0..pool_size-1) of the archive deck at ``seat`` of game ``i``.

    The picks of one game are the first steps of a Fisher-Yates shuffle of the pool seeded by the run seed
    and the game, so seats 0..pool_size-1 get different decks; with a pool smaller than the table, seat
    ``s`` gets the deck of seat ``s % pool_size``.
    """
    _check_int("The seed", run_seed, 0, MAX_SEED)
    _check_int("The game index", i, 0, MAX_GAMES - 1)
    _check_int("The seat", seat, 0, max(PLAYERS) - 1)
    _check_int("The field pool size", pool_size, 1, 2**62)
    swapped: dict[int, int] = {}
    pick = 0
    for step in range(seat % pool_size + 1):
        # A 128-bit draw reduced modulo at most 2**62 values: the bias is below 2**-66.
        other = step + _digest(b"vtesdeck-field", run_seed, i, step) % (pool_size - step)
        pick = swapped.get(other, other)
        swapped[other] = swapped.get(step, step)
    return pick


@dataclasses.dataclass(frozen=True, slots=True)
class Table:
    """Game ``game`` of a run: its seed and who sits where (deck indices, ``FIELD`` for archive seats)."""

    game: int
    seed: int
    seats: tuple[int, ...]

    @property
    def field_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, deck in enumerate(self.seats) if deck == FIELD)


def table(run_seed: int, i: int, decks: int, players: int) -> Table:
    return Table(game=i, seed=game_seed(run_seed, i), seats=seating(i, decks, players))


def tables(run_seed: int, decks: int, players: int, start: int, stop: int) -> Iterator[Table]:
    """Games ``start .. stop-1`` of a run (a chunk for one worker, or the whole run from 0)."""
    _check_int("The first game", start, 0, MAX_GAMES)
    _check_int("The end of the chunk", stop, start, MAX_GAMES)
    check_table(decks, players)
    for i in range(start, stop):
        yield table(run_seed, i, decks, players)


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    """``games`` split into ``(start, stop)`` ranges of ``size`` games (the last may be shorter)."""
    _check_int("The number of games", games, 1, MAX_GAMES)
    _check_int("The chunk size", size, 1, MAX_GAMES)
    return [(start, min(start + size, games)) for start in range(0, games, size)]
