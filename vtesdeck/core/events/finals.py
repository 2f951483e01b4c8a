"""The final round: the crypt reveals, the finalists' seating ritual and the final's places (VEKN tournament
rules §3.1.3, §3.7.5).

    setup = FinalsSetup.start([7, 3, 12, 1, 9], crypts, random.Random(seed))   # top seed first
    setup = setup.place(9, 0)        # the lowest qualifier lays their name card first
    setup.places()                   # [0, 1]: at either end of the row
    ...                              # each finalist in turn, up to the top seed
    setup = setup.draw_first(random.Random(seed))
    setup.seats                      # the row read round the table from the first player
    finals_result([2.5, 0, 0, 0.5, 0.5], prelim_ranks=[3, 1, 5, 2, 4])   # [1, 4, 5, 2, 3]

Why a ritual (§3.1.3): seats at the final are not assigned. Choosing where to sit only means something if
one knows what the others play, and that used to be learnt by lurking at the other tables, which not every
finalist can do equally and which disturbs the games still going. So what the finalists may know is made
public instead: the judge draws **three random cards from each finalist's shuffled crypt** and reveals them,
with the number of cards left in that crypt; this stays public until everyone is seated.

Then each finalist has an index card with their name. **Starting with the lowest qualifier** (the 5th) and
up to the top seed, each lays their card face up in a row: **at either end of the row, or in a gap between
two cards already laid**. The better one qualified, the later one places, with more of the table known. The
row is read round the table: its two ends sit next to each other, which is why one end is as good as the
other. Who plays first is then drawn at random, and the seats follow the row from that player.

The final's places (§3.7.5): the final always has a winner, the finalist with the most VPs, a tie going to
the better preliminary standing (the top seed's advantage); the other finalists follow by VPs, ties again
settled by the preliminary standing.

Everything the judge decides here is kept in ``FinalsSetup`` (``to_dict``/``from_dict`` for JSON), so a
page can show the ritual as far as it has gone and nobody's place is drawn twice.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .scoring import table_points

REVEALED = 3  # crypt cards the judge reveals for each finalist (§3.1.3)


def reveal_crypt(crypt: Mapping[int, int], rng: random.Random, count: int = REVEALED) -> list[int]:
    """``count`` cards drawn from the finalist's registered crypt, as from the top of the shuffled pile.

    Copies count: a crypt of six Ossian and six others shows Ossian more often, and never more copies of a
    vampire than the list holds. A crypt smaller than ``count`` shows all of itself.

    Args:
        crypt: the registered crypt, card id → copies (``Deck.crypt``).
        rng: the event's draw (seeded, so a reveal can be replayed and checked).

    Raises:
        ValueError: a negative count of copies, or a negative ``count``.
    """
    if count < 0:
        raise ValueError(f"cannot reveal {count} cards")
    pile: list[int] = []
    for card, copies in crypt.items():
        if copies < 0:
            raise ValueError(f"a crypt holds no negative count of a card ({card}: {copies})")
        pile += [card] * copies
    return rng.sample(pile, min(count, len(pile)))


# --- the row of name cards -----------------------------------------------------------------------------------


def places(row: Sequence[int]) -> list[int]:
    """Where the next name card may go: before the first card (0), in each gap, or after the last card.

    The two ends are the same place round the table; both are offered, as on the real table."""
    return list(range(len(row) + 1))


def next_to_place(row: Sequence[int], qualifiers: Sequence[int]) -> int | None:
    """The finalist whose turn it is to lay their card (None when all have): the lowest qualifier first.

    Args:
        qualifiers: the finalists in preliminary standing order, the top seed first.
    """
    if len(row) >= len(qualifiers):
        return None
    return qualifiers[len(qualifiers) - 1 - len(row)]


def place(row: Sequence[int], player: int, index: int, *, qualifiers: Sequence[int]) -> list[int]:
    """The row once ``player`` has laid their name card at ``index`` (an index ``places(row)`` offers).

    Raises:
        ValueError: a player who is no finalist or already in the row, one placing out of turn (the lowest
            qualifier places first, the top seed last), or an index outside the row.
    """
    if player not in qualifiers:
        raise ValueError(f"player {player} is not a finalist")
    if player in row:
        raise ValueError(f"player {player} has already placed their name card")
    expected = next_to_place(row, qualifiers)
    if expected != player:
        raise ValueError(f"player {expected} places now, not player {player}: the lowest qualifier places first")
    if index not in places(row):
        raise ValueError(f"a name card goes at an end of the row or in a gap: 0 to {len(row)}, not {index}")
    return [*row[:index], player, *row[index:]]


def first_player(row: Sequence[int], rng: random.Random) -> int:
    """The finalist drawn at random to play first.

    Raises:
        ValueError: an empty row.
    """
    if not row:
        raise ValueError("no name card in the row to draw the first player from")
    return rng.choice(list(row))


def seat_order(row: Sequence[int], first: int) -> list[int]:
    """The final's seats, seat 1 first: the row read left to right from the first player, wrapping round
    its ends (the table is a circle: the player at the right end sits just before the one at the left end,
    whose predator they are).

    Raises:
        ValueError: a first player who is not in the row.
    """
    if first not in row:
        raise ValueError(f"player {first} has no name card in the row")
    at = list(row).index(first)
    return [*row[at:], *row[:at]]


# --- the final's places ------------------------------------------------------------------------------------------


def finals_result(vps: Sequence[float], prelim_ranks: Sequence[int]) -> list[int]:
    """Each finalist's place at the final (1 = the winner), in the order of ``vps``.

    The winner is the one ``table_points`` gives the final's game win: the most VPs, a tie going to the
    better preliminary rank. The others follow by VPs, ties again by the preliminary rank (lower first).

    Args:
        vps: the final's VPs, one per finalist (4 or 5 of them, whole or half points).
        prelim_ranks: each finalist's rank after the preliminary rounds, in the same order.

    Raises:
        ValueError: VPs a score sheet cannot hold, not 4 or 5 finalists, or ranks that are not one distinct
            rank per finalist.
    """
    if len(prelim_ranks) != len(vps) or len(set(prelim_ranks)) != len(prelim_ranks):
        raise ValueError("one distinct preliminary rank per finalist")
    rows = table_points(list(vps), finals_ranks=prelim_ranks)
    winner = next(seat for seat, row in enumerate(rows) if row["gw"])
    order = sorted(range(len(rows)), key=lambda seat: (seat != winner, -rows[seat]["vp"], prelim_ranks[seat]))
    result = [0] * len(rows)
    for placed, seat in enumerate(order, start=1):
        result[seat] = placed
    return result


# --- the whole ritual, as the event keeps it --------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class FinalsSetup:
    """The final's helper as far as it has gone; every step returns a new setup and checks its turn.

    Attributes:
        qualifiers: the finalists in preliminary standing order, the top seed first.
        reveals: each finalist's revealed crypt cards (public until everyone is seated).
        crypt_left: how many cards each finalist's crypt holds besides those revealed (public too).
        row: the name cards laid so far, left to right.
        first: the finalist drawn to play first, once the row is complete.
    """

    qualifiers: Sequence[int]
    reveals: Mapping[int, Sequence[int]] = dataclasses.field(default_factory=dict)
    crypt_left: Mapping[int, int] = dataclasses.field(default_factory=dict)
    row: Sequence[int] = ()
    first: int | None = None

    def __post_init__(self) -> None:
        # Held as tuples whatever the caller passed (lists from JSON), so two setups compare by content.
        object.__setattr__(self, "qualifiers", tuple(self.qualifiers))
        object.__setattr__(self, "row", tuple(self.row))
        object.__setattr__(self, "reveals", {p: tuple(cards) for p, cards in self.reveals.items()})
        object.__setattr__(self, "crypt_left", dict(self.crypt_left))
        # A stored setup is checked as it is read back: a row laid out of turn, or a first player drawn
        # before the row was complete, is refused however it got there.
        if not self.qualifiers or len(set(self.qualifiers)) != len(self.qualifiers):
            raise ValueError("the finalists are distinct players, at least one")
        strangers = (set(self.reveals) | set(self.crypt_left)) - set(self.qualifiers)
        if strangers:
            raise ValueError(f"reveals for players who are not finalists: {sorted(strangers)}")
        if any(left < 0 for left in self.crypt_left.values()):
            raise ValueError("a crypt has no negative number of cards left")
        laid = len(self.row)
        if laid > len(self.qualifiers) or sorted(self.row) != sorted(self.qualifiers[len(self.qualifiers) - laid :]):
            raise ValueError("the row holds the lowest qualifiers' name cards, each once, in turn")
        if self.first is not None and (not self.complete or self.first not in self.row):
            raise ValueError("the first player is drawn from the complete row")

    @classmethod
    def start(
        cls, qualifiers: Sequence[int], crypts: Mapping[int, Mapping[int, int]], rng: random.Random
    ) -> FinalsSetup:
        """The judge's reveals for every finalist (in standing order, so a seed replays them), an empty row.

        Args:
            qualifiers: the finalists in preliminary standing order, the top seed first.
            crypts: each finalist's registered crypt (a finalist without one reveals nothing).
        """
        reveals: dict[int, tuple[int, ...]] = {}
        left: dict[int, int] = {}
        for player in qualifiers:
            crypt = crypts.get(player, {})
            reveals[player] = tuple(reveal_crypt(crypt, rng))
            left[player] = sum(crypt.values()) - len(reveals[player])
        return cls(qualifiers=tuple(qualifiers), reveals=reveals, crypt_left=left)

    @property
    def complete(self) -> bool:
        """Every finalist's name card is in the row."""
        return len(self.row) == len(self.qualifiers)

    @property
    def next_to_place(self) -> int | None:
        return next_to_place(self.row, self.qualifiers)

    def places(self) -> list[int]:
        return [] if self.complete else places(self.row)

    def place(self, player: int, index: int) -> FinalsSetup:
        """The setup once ``player`` has laid their card at ``index`` (see ``place``)."""
        return dataclasses.replace(self, row=tuple(place(self.row, player, index, qualifiers=self.qualifiers)))

    def draw_first(self, rng: random.Random) -> FinalsSetup:
        """The setup with its first player drawn. Drawn once: a drawn first player is kept.

        Raises:
            ValueError: the row is not complete yet.
        """
        if not self.complete:
            raise ValueError("the first player is drawn once every finalist has placed their name card")
        if self.first is not None:
            return self
        return dataclasses.replace(self, first=first_player(self.row, rng))

    @property
    def seats(self) -> list[int] | None:
        """The final's seats, seat 1 first, once the first player is drawn."""
        return None if self.first is None else seat_order(self.row, self.first)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: player numbers as the keys' strings."""
        return {
            "qualifiers": list(self.qualifiers),
            "reveals": {str(p): list(cards) for p, cards in self.reveals.items()},
            "crypt_left": {str(p): n for p, n in self.crypt_left.items()},
            "row": list(self.row),
            "first": self.first,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FinalsSetup:
        """A setup stored by ``to_dict``, checked again (a ValueError for one no ritual could reach)."""
        first = data.get("first")
        return cls(
            qualifiers=tuple(int(p) for p in data["qualifiers"]),
            reveals={int(p): tuple(int(c) for c in cards) for p, cards in (data.get("reveals") or {}).items()},
            crypt_left={int(p): int(n) for p, n in (data.get("crypt_left") or {}).items()},
            row=tuple(int(p) for p in data.get("row") or ()),
            first=None if first is None else int(first),
        )
