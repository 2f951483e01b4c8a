"""A table: a game set up with the compiled card specs, its seats' bots, played to the end (``play``) or
replayed from its seed and decisions (``replay``).

The one module that brings the three layers together: the rules (game.py, which knows neither which cards
are written nor who decides), the card specs (compile.py) and the bots (bots.py, chosen by the caller)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..carddb import CardIndex
from ..deck import Deck
from .bots import HeuristicBot
from .compile import compiled
from .economy import Option
from .game import GameError, audit_rules, run
from .state import Game, new_game, state_hash
from .state import audit as audit_state
from .view import Bot, View


def heuristic_bots(seats: int) -> list[Bot]:
    """The usual players: a HeuristicBot per seat."""
    return [HeuristicBot() for _ in range(seats)]


@dataclasses.dataclass(slots=True)
class Result:
    """A finished game: the final state, the decisions (option indices, for replay) and the audit's findings."""

    game: Game
    decisions: list[int]
    audit: dict[str, int]
    hash: str


def setup(
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    seed: int,
    max_rounds: int | None = None,
    log: bool = False,
    rules: str = "vekn",
    players: Sequence[str] | None = None,
    stats: Sequence[int] = (),
) -> Game:
    """A new game with the compiled specs attached and the vampires' printed bonuses on their templates;
    ``stats`` names the seats whose ``state.SeatStats`` are kept (``Game.stats``)."""
    game = new_game(decks, cards, seed=seed, max_rounds=max_rounds, log=log, players=players, stats=stats)
    game.compiled = compiled(cards)
    game.rules = rules
    apply_vampire_specs(game)
    return game


def apply_vampire_specs(game: Game) -> None:
    for vekn, template in game.vampires.items():
        vspec = game.compiled.vampires.get(vekn)
        if vspec is not None:
            template.bleed += vspec.bleed
            template.strength += vspec.strength
            template.intercept += vspec.intercept
            template.stealth += vspec.stealth
            template.hand_size += vspec.hand_size
            template.votes += vspec.votes
    for m in game.minions.values():
        printed = game.vampires.get(m.card)
        if printed is not None:
            m.bleed, m.strength, m.intercept = printed.bleed, printed.strength, printed.intercept
            m.stealth, m.hand_size, m.votes = printed.stealth, printed.hand_size, printed.votes


def play(
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    seed: int,
    bots: Sequence[Bot],
    max_rounds: int | None = None,
    log: bool = False,
    audit: bool = False,
    rules: str = "vekn",
    stats: bool | Sequence[int] = False,
) -> Result:
    """Play one game with the caller's bots, one per seat (``heuristic_bots(n)`` for the usual ones). ``stats``
    keeps the card statistics (``Game.stats``) of every seat (True) or of the seats listed; they change no
    decision and no hash."""
    if len(bots) != len(decks):
        raise ValueError(f"{len(decks)} seats need {len(decks)} bots, not {len(bots)}")
    seats = tuple(range(len(decks))) if stats is True else tuple(stats) if stats else ()
    game = setup(decks, cards, seed=seed, max_rounds=max_rounds, log=log, rules=rules, stats=seats)
    views = [View(game, i) for i in range(len(decks))]
    problems: dict[str, int] = {}

    def check(g: Game) -> list[str]:
        found = audit_state(g) + audit_rules(g)
        for p in found:
            key = p.split(" ")[0] if not p.startswith("card ") else "card zones"
            problems[key] = problems.get(key, 0) + 1
        return found

    def decide(seat: int, options: list[Option]) -> int:
        choice = bots[seat].decide(views[seat], options)
        return options.index(choice)

    decisions = run(game, decide, audit=check if audit else None)
    if audit:
        check(game)
    return Result(game=game, decisions=decisions, audit=problems, hash=state_hash(game))


def replay(
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    seed: int,
    decisions: Sequence[int],
    max_rounds: int | None = None,
    log: bool = True,
    rules: str = "vekn",
) -> Result:
    """Replay a game from its seed and decisions (forced ones are recomputed): the same final state hash."""
    game = setup(decks, cards, seed=seed, max_rounds=max_rounds, log=log, rules=rules)
    feed = iter(decisions)

    def decide(seat: int, options: list[Option]) -> int:
        try:
            return next(feed)
        except StopIteration:
            raise GameError("the replay ran out of decisions") from None

    used = run(game, decide)
    return Result(game=game, decisions=used, audit={}, hash=state_hash(game))
