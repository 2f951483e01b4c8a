"""Paired runs: two decks in the same games (``compare_decks``), and a deck against itself less one card
(``card_impact``), DESIGN.md.

Pairing. Game ``i`` of a run is fixed by the seed, the decks, the seat count and ``i`` (``run.play_one``:
``schedule.table`` seats the slots, ``schedule.field_pick`` draws the archive decks of the FIELD seats). The deck
under test is slot 0; the opponents given are slots 1.., the field fills the rest. Its paired game swaps slot 0
for the other deck and changes nothing else: the same seed, the same seats, the same opponents and field decks,
the same bots (the heuristic bot at every seat). So the two games differ only by that deck, and a deck paired with
itself gives a difference of exactly 0 in every game. The per-game difference ``d_i`` (VP, or a win as 1 and 0
otherwise) removes what the table, the seat and the draw of the field put into both games; its mean has the
interval ``report.mean_ci95`` gives every mean of the project (normal approximation, sample standard deviation,
null with fewer than two games). Only games that both sides finished are counted (a game that raises is listed in
``errors``), and the per-deck figures are over those same games, so ``vp_diff`` is exactly
``vp_mean(B) - vp_mean(A)``.

Blanks (``card_impact``). Each distinct card of the deck is measured by playing the deck with every copy of it
replaced by a blank, paired against the deck as built; ``vp_delta`` = mean(VP as built - VP blanked): positive
when the card brings VP. A blank keeps the deck's shape and takes away what the card does:

- a library card becomes ``BLANK_LIBRARY``, a card of no type that no spec models: the engine never offers it as a
  play, so it sits in the hand until the bot discards it (the bots discard unmodelled cards first). It still
  fills a hand slot and a library slot, so the library keeps its size, and the comparison is "this card against a
  dead card", not against a thinner deck;
- a vampire becomes a blank crypt card of the same capacity and uniqueness (``blank_vampire``): no disciplines,
  clan, sect, title, votes or text. It holds the same blood and costs the same pool to bring out, so the
  comparison is "what this vampire does beyond its size".

The blank takes the card's place in the deck's card order, so the table's shuffles put the blank copies exactly
where the card's copies were (the shuffle permutes copy positions, and the copies keep theirs): the blanked game
deals the same hands, but for those cards. A card the engine does not model plays like a blank already, so its
delta is about 0: the engine cannot tell what it is worth. Blanks are cards of a copy of the card index
(``with_blanks``; ids above every VEKN id), and every game of one ``card_impact`` (as built and blanked) is played
with that copy, so both sides of each pair see the same card list. The games as built are played once and paired
with every card's blanked games.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Collection, Sequence
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck
from ..domain import Card
from . import report, run, schedule
from .compile import compiled
from .options import DEFAULT_PLAYERS, DEFAULT_ROUNDS, TableOptions
from .state import vampire_template

__all__ = [
    "BLANK_LIBRARY",
    "CardImpact",
    "Comparison",
    "DeckFigures",
    "Difference",
    "Impact",
    "Results",
    "blank_vampire",
    "blanked",
    "card_impact",
    "compare",
    "difference",
    "figure",
    "figures",
    "impact_games",
    "measured_cards",
    "play_deck",
    "verdict",
    "with_blanks",
]

# Above every VEKN id (library 100001.., crypt 200001..): a blank is never mistaken for a printed card.
BLANK_LIBRARY = 1_000_000
_BLANK_CRYPT = 1_000_100  # + 2 × capacity + 1 when not unique
MINUS = "\N{MINUS SIGN}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Results:
    """What the deck in slot 0 did in games 0..n-1, by game index: the VP and the win (1 when it won, else 0) of
    its seat; None for a game that raised (then listed in ``errors``)."""

    vp: tuple[float | None, ...]
    wins: tuple[int | None, ...]
    errors: tuple[report.GameError, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeckFigures:
    """One deck over the paired games: its mean VP a game with its 95 % interval, and its game wins."""

    vp_mean: float | None
    vp_ci95: tuple[float, float] | None
    game_wins: int

    def to_dict(self) -> dict[str, Any]:
        return {"vp_mean": self.vp_mean, "vp_ci95": _pair(self.vp_ci95), "game_wins": self.game_wins}


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Difference:
    """The mean per-game difference ``second - first`` over the games both finished, in VP and in wins, with
    their 95 % intervals (None with fewer than two such games)."""

    games: int
    vp: float | None
    vp_ci95: tuple[float, float] | None
    wins: float | None
    wins_ci95: tuple[float, float] | None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Comparison:
    """``compare_decks``: A and B over the same games."""

    games: int
    seed: int
    players: int
    a: DeckFigures
    b: DeckFigures
    diff: Difference  # B - A
    errors: tuple[tuple[str, report.GameError], ...]  # ("a" or "b", the game that raised)

    def to_dict(self) -> dict[str, Any]:
        """The figures of DESIGN.md's ``compare_decks``, ``decks`` being [A, B]; ``paired_games`` counts the games
        both decks finished (the figures are over those), ``verdict`` says it in words."""
        return {
            "games": self.games,
            "seed": self.seed,
            "players": self.players,
            "decks": [self.a.to_dict(), self.b.to_dict()],
            "vp_diff": self.diff.vp,
            "vp_diff_ci95": _pair(self.diff.vp_ci95),
            "win_diff": self.diff.wins,
            "win_diff_ci95": _pair(self.diff.wins_ci95),
            "paired_games": self.diff.games,
            "verdict": verdict(self.diff.vp, self.diff.vp_ci95),
            "errors": [{"deck": side, **error.to_dict()} for side, error in self.errors],
        }


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CardImpact:
    """One card of the deck: as built minus blanked (positive: the card brings VP, or wins)."""

    id: int
    name: str
    copies: int
    crypt: bool
    # The engine implements its text (a vampire: its ability, or it has none). An unmodelled library card plays
    # like a blank (a delta of about 0); an unmodelled vampire's blank still takes its disciplines and clan away.
    modelled: bool
    delta: Difference  # as built - blanked

    def to_dict(self) -> dict[str, Any]:
        """DESIGN.md's entry of ``card_impact``'s ``cards``."""
        return {
            "id": self.id,
            "name": self.name,
            "copies": self.copies,
            "vp_delta": self.delta.vp,
            "vp_delta_ci95": _pair(self.delta.vp_ci95),
            "win_delta": self.delta.wins,
            "win_delta_ci95": _pair(self.delta.wins_ci95),
        }


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Impact:
    """``card_impact``: the deck as built, and each card's delta, the most valuable first."""

    games: int
    seed: int
    players: int
    as_built: DeckFigures
    cards: tuple[CardImpact, ...]
    errors: tuple[tuple[int | None, report.GameError], ...]  # (the card blanked, None as built; the game)

    @property
    def played(self) -> int:
        """The games played: as built, and blanked for each card."""
        return _total(self.games, len(self.cards))

    def to_dict(self) -> dict[str, Any]:
        """DESIGN.md's ``card_impact`` object, with the seat count, the deck's own figures as built and the
        games that raised after its keys."""
        return {
            "cards": [card.to_dict() for card in self.cards],
            "games": self.games,
            "seed": self.seed,
            "players": self.players,
            "as_built": self.as_built.to_dict(),
            "errors": [{"card": card, **error.to_dict()} for card, error in self.errors],
        }


def _pair(interval: tuple[float, float] | None) -> list[float] | None:
    return list(interval) if interval is not None else None


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def play_deck(
    deck: Deck,
    cards: CardIndex,
    *,
    games: int,
    seed: int,
    players: int,
    opponents: Sequence[Deck] = (),
    field: Sequence[Deck] = (),
    rounds: int | None = DEFAULT_ROUNDS,
) -> Results:
    """Games 0..games-1 of the run of ``[deck, *opponents]`` (the field filling the other seats): the deck's
    VP and win in each. A game that raises is an error of the result, never a crash."""
    decks = [deck, *opponents]
    vp: list[float | None] = []
    wins: list[int | None] = []
    errors: list[report.GameError] = []
    for i in range(games):
        try:
            played = run.play_one(decks, cards, seed=seed, players=players, i=i, rounds=rounds, field=field)
            record = run.record(played)
        except Exception as exc:  # one game's failure is the run's report (as simulate_games), never its crash
            error = f"{type(exc).__name__}: {exc}"
            errors.append(report.GameError(game=i, seed=schedule.game_seed(seed, i), error=error))
            vp.append(None)
            wins.append(None)
            continue
        seat = record.decks.index(0)  # slot 0 holds one seat: the run has no more decks than seats
        vp.append(record.vp[seat])
        wins.append(int(record.winner == seat))
    return Results(vp=tuple(vp), wins=tuple(wins), errors=tuple(errors))


def _both(first: Results, second: Results) -> list[int]:
    """The games both sides finished."""
    return [i for i, (x, y) in enumerate(zip(first.vp, second.vp, strict=True)) if x is not None and y is not None]


def figures(results: Results, games: Sequence[int], players: int) -> DeckFigures:
    """A deck's figures over ``games`` (indices of games it finished)."""
    vps = [vp for i in games if (vp := results.vp[i]) is not None]
    return DeckFigures(
        vp_mean=_mean(vps),
        vp_ci95=report.mean_ci95(vps, 0.0, float(players)),
        game_wins=sum(win for i in games if (win := results.wins[i]) is not None),
    )


def difference(first: Results, second: Results, players: int) -> Difference:
    """``second - first``, game by game, over the games both finished: the mean and its 95 % interval, in VP
    (within [-players, players]) and in wins (within [-1, 1])."""
    both = _both(first, second)
    vps = [(second.vp[i] or 0.0) - (first.vp[i] or 0.0) for i in both]
    wins = [float((second.wins[i] or 0) - (first.wins[i] or 0)) for i in both]
    return Difference(
        games=len(both),
        vp=_mean(vps),
        vp_ci95=report.mean_ci95(vps, -float(players), float(players)),
        wins=_mean(wins),
        wins_ci95=report.mean_ci95(wins, -1.0, 1.0),
    )


def _check(*, games: int, seed: int, players: int, decks: int, field: Sequence[Deck], rounds: int | None) -> None:
    TableOptions(players=players, rounds=rounds, seed=seed)
    schedule.check_run(games=games, decks=decks, players=players, seed=seed)
    if decks < players and not field:
        raise ValueError(f"{decks} decks for {players} seats and no archive decks to fill the others.")


def compare(
    a: Deck,
    b: Deck,
    cards: CardIndex,
    *,
    games: int,
    seed: int,
    players: int = DEFAULT_PLAYERS,
    opponents: Sequence[Deck] = (),
    field: Sequence[Deck] = (),
    rounds: int | None = DEFAULT_ROUNDS,
) -> Comparison:
    """A and B each in games 0..games-1 of the same run (the same seed, seats, ``opponents`` and ``field``
    decks): their figures and the paired difference B - A. Raises ``ValueError`` for a run that cannot be
    played (bad seed, seat count, games; too many opponents; empty seats and no field), never for a game."""
    _check(games=games, seed=seed, players=players, decks=1 + len(opponents), field=field, rounds=rounds)
    first, second = (
        play_deck(deck, cards, games=games, seed=seed, players=players, opponents=opponents, field=field, rounds=rounds)
        for deck in (a, b)
    )
    both = _both(first, second)
    return Comparison(
        games=games,
        seed=seed,
        players=players,
        a=figures(first, both, players),
        b=figures(second, both, players),
        diff=difference(first, second, players),
        errors=(*(("a", e) for e in first.errors), *(("b", e) for e in second.errors)),
    )


def verdict(diff: float | None, ci95: Sequence[float] | None, *, a: str = "A", b: str = "B") -> str:
    """The paired VP difference ``B - A`` in words: which deck is better and by how much, when the 95 % interval
    leaves 0 out; otherwise that this many games found no difference."""
    if diff is None:
        return "no game finished on both sides: nothing to compare"
    if ci95 is None:
        return "too few games to tell (an interval needs at least 2)"
    low, high = ci95
    if low > 0:
        return f"{b} is better by {figure(diff)} VP a game, 95 % [{figure(low)}, {figure(high)}]"
    if high < 0:
        return f"{a} is better by {figure(-diff)} VP a game, 95 % [{figure(-high)}, {figure(-low)}]"
    return f"no difference found at this size (95 % [{figure(low)}, {figure(high)}])"


def figure(value: float, *, sign: bool = False) -> str:
    """A figure for people: two decimals, a real minus sign, never "-0.00"; ``sign``: "+" before a positive one."""
    if round(value, 2) == 0:
        value = 0.0  # a tiny negative rounds to "-0.00"
    return format(value, "+.2f" if sign else ".2f").replace("-", MINUS)


def blank_vampire(card: Card, cards: CardIndex) -> Card:
    """The blank of a crypt card: its capacity and its uniqueness (so copies contest as the card's did), nothing
    else (no disciplines, clan, sect, title, votes or ability)."""
    capacity = card.capacity or 1  # the engine's reading of a crypt card with no capacity (state.vampire_template)
    unique = vampire_template(card.id, cards).unique
    name = f"Blank vampire, capacity {capacity}" + ("" if unique else ", non-unique")
    return Card(
        id=_BLANK_CRYPT + 2 * capacity + (not unique),
        kind=Card.Kind.CRYPT,
        name=name,
        printed_name=name,
        unique_name=name,
        types=("Vampire",),
        text="" if unique else "Non-unique.",
        group="ANY",
        capacity=capacity,
    )


_LIBRARY_BLANK = Card(
    id=BLANK_LIBRARY,
    kind=Card.Kind.LIBRARY,
    name="Blank library card",
    printed_name="Blank library card",
    unique_name="Blank library card",
)


def with_blanks(deck: Deck, cards: CardIndex) -> CardIndex:
    """A copy of the card index holding the blanks of the deck's cards too (its own compiled specs: the same)."""
    blanks = {_LIBRARY_BLANK.id: _LIBRARY_BLANK}
    for card_id in deck.crypt:
        blank = blank_vampire(cards[card_id], cards)
        blanks[blank.id] = blank
    return CardIndex([*cards, *blanks.values()])


def blanked(deck: Deck, card_id: int, cards: CardIndex) -> Deck:
    """The deck with every copy of ``card_id`` replaced by its blank, in the card's place in the deck's order
    (``cards`` holds the blanks: ``with_blanks``). Blanking a second card adds its copies to the same blank."""
    crypt = card_id in deck.crypt
    if not crypt and card_id not in deck.library:
        raise ValueError(f"card {card_id} is not in the deck")
    blank = blank_vampire(cards[card_id], cards).id if crypt else BLANK_LIBRARY
    part: dict[int, int] = {}
    for c, n in (deck.crypt if crypt else deck.library).items():
        key = blank if c == card_id else c
        part[key] = part.get(key, 0) + n
    if crypt:
        return dataclasses.replace(deck, crypt=part)
    return dataclasses.replace(deck, library=part)


def measured_cards(deck: Deck, only: Collection[int] | None = None) -> list[int]:
    """The cards ``card_impact`` measures: each distinct vampire, then each distinct library card, in the deck's
    order (``only`` those when given)."""
    return [c for c in (*deck.crypt, *deck.library) if only is None or c in only]


def impact_games(deck: Deck, games: int, only: Collection[int] | None = None) -> int:
    """How many games ``card_impact`` plays: ``games`` as built, and as many for each card measured."""
    return _total(games, len(measured_cards(deck, only)))


def _total(games: int, cards: int) -> int:
    return games * (cards + 1)


def card_impact(
    deck: Deck,
    cards: CardIndex,
    *,
    games: int,
    seed: int,
    players: int = DEFAULT_PLAYERS,
    field: Sequence[Deck],
    rounds: int | None = DEFAULT_ROUNDS,
    only: Collection[int] | None = None,
) -> Impact:
    """Each distinct card of the deck (vampires, then library cards; ``only`` those when given) with all its copies
    blanked, paired with the deck as built over games 0..games-1 against the field: ``vp_delta`` = mean(VP as
    built - VP blanked), positive when the card brings VP (``win_delta`` likewise). Cards ordered by
    ``vp_delta``, most valuable first. The games as built are played once for every card: games × (cards + 1)
    in all. Raises ``ValueError`` for a run that cannot be
    played, never for a game."""
    _check(games=games, seed=seed, players=players, decks=1, field=field, rounds=rounds)
    measured = measured_cards(deck, only)
    table = with_blanks(deck, cards)

    def play(version: Deck) -> Results:
        return play_deck(version, table, games=games, seed=seed, players=players, field=field, rounds=rounds)

    built = play(deck)
    errors: list[tuple[int | None, report.GameError]] = [(None, e) for e in built.errors]
    comp = compiled(table)
    rows = []
    for card_id in measured:
        without = play(blanked(deck, card_id, table))
        errors += [(card_id, e) for e in without.errors]
        crypt = card_id in deck.crypt
        rows.append(
            CardImpact(
                id=card_id,
                name=cards[card_id].name,
                copies=(deck.crypt if crypt else deck.library)[card_id],
                crypt=crypt,
                modelled=card_id in (comp.crypt_implemented if crypt else comp.implemented),
                delta=difference(without, built, players),
            )
        )
    rows.sort(key=lambda r: (r.delta.vp is None, -(r.delta.vp or 0.0), r.name, r.id))
    both = [i for i, vp in enumerate(built.vp) if vp is not None]
    return Impact(
        games=games,
        seed=seed,
        players=players,
        as_built=figures(built, both, players),
        cards=tuple(rows),
        errors=tuple(errors),
    )
