"""What a bot may know: ``View``, the masked view of one seat (ENGINE.md "Masked views").

It holds the seat's own hand and deck list, the public table (pools, the Edge, minions in play with their blood
and cards, the frames being resolved, counters on its uncontrolled vampires) and the sizes of hidden zones. It
never exposes another seat's hand (unless the game opens it) or any library order. Every bot decides from one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .economy import Option
from .frames import Action
from .state import VAMPIRE, Game, Minion, Phase


class Bot(Protocol):
    """A player: given its seat's view and the decision's legal options, it returns one of them."""

    def decide(self, view: Any, options: Sequence[Option]) -> Option: ...


class View:
    """The masked view of one seat (see the module's docstring)."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat

    # own hidden zones
    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._game.seats[self.seat].hand)

    def open_hand(self, seat: int) -> tuple[int, ...] | None:
        """Another seat's hand while it plays with an open hand (Aura Reading [aus]: an "open hand" rider), else
        None: hidden."""
        game = self._game
        if seat != self.seat and not any(r.key == "open hand" and r.holder == -1 - seat for r in game.riders):
            return None
        return tuple(game.seats[seat].hand)

    def card(self, copy_id: int) -> int:
        """The VEKN id of a card copy the seat may see (its own hand and deck, cards in play, ash heaps)."""
        return self._game.card_of[copy_id]

    def library_size(self, seat: int) -> int:
        return len(self._game.seats[seat].library)

    # the public table
    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def acting(self) -> int:
        return self._game.acting

    @property
    def phase(self) -> Phase:
        return self._game.phase

    @property
    def edge(self) -> int | None:
        return self._game.edge

    def pool(self, seat: int) -> int:
        return self._game.seats[seat].pool

    def prey(self, seat: int) -> int:
        return self._game.prey(seat)

    def predator(self, seat: int) -> int:
        return self._game.predator(seat)

    @property
    def live(self) -> tuple[int, ...]:
        return self._game.order

    def minion(self, minion_id: int) -> Minion | None:
        """A minion in play or a counter-bearing vampire in the uncontrolled region of this seat."""
        m = self._game.minions.get(minion_id)
        if m is None:
            return None
        if not m.in_play and self._game.owner_of[minion_id] != self.seat and m.kind == VAMPIRE:
            return None
        return m

    def minions(self, seat: int) -> list[Minion]:
        out = []
        for c in self._game.seats[seat].controlled:
            m = self._game.minions.get(c)
            if m is not None:
                out.append(m)
        return out

    def uncontrolled(self) -> list[Minion]:
        return [self._game.minions[c] for c in self._game.seats[self.seat].uncontrolled]

    def crypt_size(self) -> int:
        return len(self._game.seats[self.seat].crypt)

    @property
    def frame(self) -> Any:
        return self._game.frames[-1] if self._game.frames else None

    def action(self) -> Action | None:
        for f in reversed(self._game.frames):
            if isinstance(f, Action):
                return f
        return None

    def transfers(self) -> int:
        return self._game.seats[self.seat].transfers

    def game_for_scores(self) -> Game:
        """For a mode's own ``score``/``stakes`` function (spec code, which keeps to public facts)."""
        return self._game
