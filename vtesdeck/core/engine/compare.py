"""Paired runs: two decks in the same games (``compare_decks``), and a deck against itself less one card
(``card_impact``), DESIGN.md.

Pairing. Game ``i`` of a run is fixed by the seed, the decks, the seat count and ``i`` (``run.play_one``:
``schedule.table`` seats the slots, ``schedule.field_pick`` draws the archive decks of the FIELD seats). The deck
under test is slot 0; the opponents given are slots 1.. (a deck, or a pool that draws one of its decks for each
game: ``run.Slot``), the field fills the rest. Its paired game swaps slot 0
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

In chunks (the workers' "compare" and "impact" jobs). A ``Plan`` holds the decks, the field and the table as plain
JSON; ``play_chunk`` plays games start..stop-1 of every side of it and returns each side's per-game results;
``merge_chunks`` joins them by game index and ``plan_report`` gives the figures ``compare`` or ``card_impact`` give
for the same games in one process. ``finding`` is the verdict's one rule (a deck is better only when the interval
of B - A leaves 0 out), which ``verdict`` words in English and the pages in the reader's language; ``unpaired`` is
the difference of two runs that were not paired (the games jobs of a deck played with other seeds or tables).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck
from ..domain import Card
from . import report, run, schedule
from .compile import compiled
from .options import DEFAULT_PLAYERS, DEFAULT_ROUNDS, TableOptionError, TableOptions
from .simulation import GamesInputError, PoolDeck, playable_pool, pool_deck
from .state import vampire_template

__all__ = [
    "A_BETTER",
    "BLANK_LIBRARY",
    "B_BETTER",
    "NOTHING",
    "NO_DIFFERENCE",
    "PLAN_VERSION",
    "TOO_FEW",
    "CardImpact",
    "Comparison",
    "DeckFigures",
    "Difference",
    "Finding",
    "Impact",
    "Plan",
    "Results",
    "blank_vampire",
    "blanked",
    "card_impact",
    "compare",
    "comparison",
    "difference",
    "figure",
    "figures",
    "finding",
    "impact_games",
    "impact_of",
    "job_results",
    "joined",
    "make_plan",
    "measured_cards",
    "merge_chunks",
    "play_chunk",
    "play_deck",
    "play_games",
    "plan_report",
    "unpaired",
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

    def to_dict(self, *, most_errors: int | None = None) -> dict[str, Any]:
        """Plain JSON (a worker's tally); ``most_errors``: the errors of the lowest game indices only (each game
        that raised is still a null VP)."""
        errors = self.errors if most_errors is None else self.errors[:most_errors]
        return {"vp": list(self.vp), "wins": list(self.wins), "errors": [e.to_dict() for e in errors]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Results:
        """``to_dict`` read back; ValueError for anything else."""
        try:
            vp = tuple(None if v is None else _vp(v) for v in data["vp"])
            wins = tuple(None if w is None else _win(w) for w in data["wins"])
            errors = tuple(
                report.GameError(game=_whole(e["game"]), seed=_whole(e["seed"]), error=str(e["error"]))
                for e in data["errors"]
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"These are not the results of games ({exc}).") from None
        if len(vp) != len(wins) or any((v is None) != (w is None) for v, w in zip(vp, wins, strict=True)):
            raise ValueError("These are not the results of games (their VP and wins differ).")
        return cls(vp=vp, wins=wins, errors=errors)


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
    opponents: Sequence[run.Slot] = (),
    field: Sequence[Deck] = (),
    rounds: int | None = DEFAULT_ROUNDS,
) -> Results:
    """Games 0..games-1 of the run of ``[deck, *opponents]`` (the field filling the other seats): the deck's
    VP and win in each. A game that raises is an error of the result, never a crash."""
    return play_games(
        deck, cards, seed=seed, players=players, start=0, stop=games, opponents=opponents, field=field, rounds=rounds
    )


def play_games(
    deck: Deck,
    cards: CardIndex,
    *,
    seed: int,
    players: int,
    start: int,
    stop: int,
    opponents: Sequence[run.Slot] = (),
    field: Sequence[Deck] = (),
    rounds: int | None = DEFAULT_ROUNDS,
    progress: Callable[[int], None] | None = None,
) -> Results:
    """Games ``start .. stop-1`` of the run (``play_deck``'s games, the same ones whatever the range: a game
    depends only on the seed, the decks and its index), position k holding game ``start + k``: how workers
    play a run in chunks (``play_chunk``). ``progress(done)`` is called after each game; what it raises (a
    cancelled job) stops the range, while a game that raises is an error of the result."""
    decks = [deck, *opponents]
    vp: list[float | None] = []
    wins: list[int | None] = []
    errors: list[report.GameError] = []
    for i in range(start, stop):
        try:
            played = run.play_one(decks, cards, seed=seed, players=players, i=i, rounds=rounds, field=field)
            record = run.record(played)
        except Exception as exc:  # one game's failure is the run's report (as simulate_games), never its crash
            error = f"{type(exc).__name__}: {exc}"
            errors.append(report.GameError(game=i, seed=schedule.game_seed(seed, i), error=error))
            vp.append(None)
            wins.append(None)
        else:
            seat = record.decks.index(0)  # slot 0 holds one seat: the run has no more decks than seats
            vp.append(record.vp[seat])
            wins.append(int(record.winner == seat))
        if progress is not None:
            progress(i - start + 1)
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


def unpaired(first: Results, second: Results, players: int) -> Difference:
    """``second - first`` for two runs whose games are not paired (other seeds or other tables): the difference of
    the two means, each over the games its run finished, and its 95 % interval from both runs' spreads (normal
    approximation: the two standard errors added in squares; null unless each run finished at least two games).
    Wider than a paired interval of as many games: the luck of the tables is in it. ``games`` counts the games of
    the smaller run."""
    vps = [[v for v in side.vp if v is not None] for side in (first, second)]
    wins = [[float(w) for w in side.wins if w is not None] for side in (first, second)]

    def apart(a: list[float], b: list[float], bound: float) -> tuple[float | None, tuple[float, float] | None]:
        low_mean, high_mean = _mean(a), _mean(b)
        if low_mean is None or high_mean is None:
            return None, None
        diff = high_mean - low_mean
        if len(a) < 2 or len(b) < 2:
            return diff, None
        spread = sum(
            math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs) for xs, m in ((a, low_mean), (b, high_mean))
        )
        half = report.Z95 * math.sqrt(spread)
        return diff, (max(-bound, diff - half), min(bound, diff + half))

    vp, vp_ci95 = apart(vps[0], vps[1], float(players))
    win, win_ci95 = apart(wins[0], wins[1], 1.0)
    return Difference(games=min(len(vps[0]), len(vps[1])), vp=vp, vp_ci95=vp_ci95, wins=win, wins_ci95=win_ci95)


def job_results(per_game: Mapping[str, Sequence[int]], games: int) -> Results:
    """The deck's results in games 0..games-1 of a games job, from its chunks' ``per_game`` tallies
    (``simulation.simulate_chunk``: game index → [VP in halves, 1 when it won]); a game missing there (it raised)
    is a null."""
    vp: list[float | None] = []
    wins: list[int | None] = []
    for i in range(games):
        found = per_game.get(str(i))
        vp.append(None if found is None else _whole(found[0]) / 2)
        wins.append(None if found is None else _win(found[1]))
    return Results(vp=tuple(vp), wins=tuple(wins))


def compare(
    a: Deck,
    b: Deck,
    cards: CardIndex,
    *,
    games: int,
    seed: int,
    players: int = DEFAULT_PLAYERS,
    opponents: Sequence[run.Slot] = (),
    field: Sequence[Deck] = (),
    rounds: int | None = DEFAULT_ROUNDS,
) -> Comparison:
    """A and B each in games 0..games-1 of the same run (the same seed, seats, ``opponents`` and ``field``
    decks): their figures and the paired difference B - A. Raises ``ValueError`` for a run that cannot be
    played (bad seed, seat count, games; too many opponents; empty seats and no field), never for a game."""
    run.check_table(
        games=games, decks=1 + len(opponents), players=players, seed=seed, rounds=rounds, rules="vekn", field=field
    )
    first, second = (
        play_deck(deck, cards, games=games, seed=seed, players=players, opponents=opponents, field=field, rounds=rounds)
        for deck in (a, b)
    )
    return comparison(first, second, seed=seed, players=players)


def comparison(first: Results, second: Results, *, seed: int, players: int) -> Comparison:
    """The figures of A's games (``first``) and B's (``second``), game i of each paired: what ``compare`` plays,
    or what a job's chunks played, joined (``joined``)."""
    both = _both(first, second)
    return Comparison(
        games=len(first.vp),
        seed=seed,
        players=players,
        a=figures(first, both, players),
        b=figures(second, both, players),
        diff=difference(first, second, players),
        errors=(*(("a", e) for e in first.errors), *(("b", e) for e in second.errors)),
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Finding:
    """What a paired difference ``B - A`` says, before it is put in words (``verdict`` in English; the pages
    in the reader's language): ``kind`` is ``B_BETTER`` or ``A_BETTER`` when the 95 % interval leaves 0 out,
    then ``by`` is how much better and ``low``, ``high`` its interval, all positive for the better deck;
    ``NO_DIFFERENCE`` (``low``, ``high`` the interval of B - A), ``TOO_FEW`` (no interval) or ``NOTHING`` (no
    game finished on both sides)."""

    kind: str
    by: float | None = None
    low: float | None = None
    high: float | None = None


B_BETTER, A_BETTER, NO_DIFFERENCE, TOO_FEW, NOTHING = "b_better", "a_better", "no_difference", "too_few", "nothing"


def finding(diff: float | None, ci95: Sequence[float] | None) -> Finding:
    """The one rule of the verdict: a deck is better only when the interval of ``B - A`` leaves 0 out."""
    if diff is None:
        return Finding(NOTHING)
    if ci95 is None:
        return Finding(TOO_FEW)
    low, high = ci95
    if low > 0:
        return Finding(B_BETTER, diff, low, high)
    if high < 0:
        return Finding(A_BETTER, -diff, -high, -low)
    return Finding(NO_DIFFERENCE, diff, low, high)


def verdict(diff: float | None, ci95: Sequence[float] | None, *, a: str = "A", b: str = "B") -> str:
    """The paired VP difference ``B - A`` in words: which deck is better and by how much, when the 95 % interval
    leaves 0 out; otherwise that this many games found no difference."""
    found = finding(diff, ci95)
    if found.kind == NOTHING:
        return "no game finished on both sides: nothing to compare"
    if found.kind == TOO_FEW:
        return "too few games to tell (an interval needs at least 2)"
    assert found.by is not None and found.low is not None and found.high is not None
    if found.kind in (B_BETTER, A_BETTER):
        better = b if found.kind == B_BETTER else a
        return f"{better} is better by {figure(found.by)} VP a game, 95 % [{figure(found.low)}, {figure(found.high)}]"
    return f"no difference found at this size (95 % [{figure(found.low)}, {figure(found.high)}])"


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
    opponents: Sequence[run.Slot] = (),
    rounds: int | None = DEFAULT_ROUNDS,
    only: Collection[int] | None = None,
) -> Impact:
    """Each distinct card of the deck (vampires, then library cards; ``only`` those when given) with all its copies
    blanked, paired with the deck as built over games 0..games-1 against the field: ``vp_delta`` = mean(VP as
    built - VP blanked), positive when the card brings VP (``win_delta`` likewise). Cards ordered by
    ``vp_delta``, most valuable first. The games as built are played once for every card: games × (cards + 1)
    in all. ``opponents`` sit at seats of their own, the field fills the rest (``compare``'s). Raises
    ``ValueError`` for a run that cannot be played, never for a game."""
    run.check_table(
        games=games, decks=1 + len(opponents), players=players, seed=seed, rounds=rounds, rules="vekn", field=field
    )
    measured = measured_cards(deck, only)
    table = with_blanks(deck, cards)

    def play(version: Deck) -> Results:
        return play_deck(
            version, table, games=games, seed=seed, players=players, opponents=opponents, field=field, rounds=rounds
        )

    built = play(deck)
    without = {card_id: play(blanked(deck, card_id, table)) for card_id in measured}
    return impact_of(deck, table, built, without, seed=seed, players=players)


def impact_of(
    deck: Deck, cards: CardIndex, built: Results, without: Mapping[int, Results], *, seed: int, players: int
) -> Impact:
    """``card_impact``'s figures from the games played: the deck as built (``built``) and with each card blanked
    (``without``, by card id, in the order measured), game i of each paired with game i as built: what
    ``card_impact`` plays, or what a job's chunks played, joined (``joined``)."""
    errors: list[tuple[int | None, report.GameError]] = [(None, e) for e in built.errors]
    comp = compiled(cards)
    rows = []
    for card_id, results in without.items():
        errors += [(card_id, e) for e in results.errors]
        crypt = card_id in deck.crypt
        rows.append(
            CardImpact(
                id=card_id,
                name=cards[card_id].name,
                copies=(deck.crypt if crypt else deck.library)[card_id],
                crypt=crypt,
                modelled=card_id in (comp.crypt_implemented if crypt else comp.implemented),
                delta=difference(results, built, players),
            )
        )
    rows.sort(key=lambda r: (r.delta.vp is None, -(r.delta.vp or 0.0), r.name, r.id))
    both = [i for i, vp in enumerate(built.vp) if vp is not None]
    return Impact(
        games=len(built.vp),
        seed=seed,
        players=players,
        as_built=figures(built, both, players),
        cards=tuple(rows),
        errors=tuple(errors),
    )


# --- in chunks, on workers ---------------------------------------------------------------------------------
#
# A compare or card_impact job (the simulations app's "compare" and "impact" kinds) is the same run cut into ranges
# of game indices: game i depends only on the seed, the decks, the seats and i, so a chunk plays games
# start..stop-1 of every side (A and B; the deck as built and each card blanked), returns each side's per-game
# results, and the chunks joined by game index are what ``compare`` or ``card_impact`` plays in one process.

PLAN_VERSION = 1
MAX_ERRORS = 20  # errors listed per side in a chunk (the lowest game indices): each game that raised stays a null


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _vp(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ValueError(f"{value!r} is not a number of victory points")
    return float(value)


def _win(value: Any) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ValueError(f"{value!r} is not a win (1) or no win (0)")
    return int(value)


def joined(parts: Iterable[tuple[int, Results]]) -> Results:
    """The results of ranges of games (each with the index of its first game), in any order, as one by game index
    from 0. ValueError unless they cover 0..n-1 exactly once."""
    ordered = sorted(parts, key=lambda part: part[0])
    vp: list[float | None] = []
    wins: list[int | None] = []
    errors: list[report.GameError] = []
    for start, part in ordered:
        if start != len(vp):
            raise ValueError(f"The games from {len(vp)} on are missing or counted twice (a part starts at {start}).")
        vp += part.vp
        wins += part.wins
        errors += part.errors
    return Results(vp=tuple(vp), wins=tuple(wins), errors=tuple(sorted(errors, key=lambda e: e.game)))


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """A paired run as workers play it in chunks, plain JSON both ways: the deck in slot 0 (compare's A), compare's
    B (``other``; None for card_impact, which measures ``measured`` instead, in that order), the opponents that sit
    at seats of their own (slots 1…: the same deck at every game, or a pool drawing one per game: ``run.Slot``),
    the decks one of which fills each other seat per game (``field``: the archive's, or one archetype's), and the
    table. A pool held by several slots is written once in the JSON."""

    deck: Deck
    other: Deck | None
    field: tuple[Deck, ...]
    players: int
    rounds: int | None
    measured: tuple[int, ...] = ()
    opponents: tuple[run.Slot, ...] = ()

    @property
    def sides(self) -> tuple[str, ...]:
        """The names of the versions each game index is played with: "a" and "b"; or "built" and each card's id."""
        if self.other is not None:
            return ("a", "b")
        return ("built", *(str(card_id) for card_id in self.measured))

    @property
    def per_game(self) -> int:
        """Games played for each game index: A's and B's, or the deck as built and once per card blanked."""
        return len(self.sides)

    def table(self, cards: CardIndex) -> CardIndex:
        """The card list the games are played with: for card_impact, one holding the deck's blanks
        (``with_blanks``; a worker keeps it for the job's chunks), else ``cards`` itself."""
        return cards if self.other is not None else with_blanks(self.deck, cards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": PLAN_VERSION,
            "deck": pool_deck(self.deck).to_dict(),
            "other": pool_deck(self.other).to_dict() if self.other is not None else None,
            "field": [pool_deck(deck).to_dict() for deck in self.field],
            **self._opponents_dict(),
            "players": self.players,
            "rounds": self.rounds,
            "measured": list(self.measured),
        }

    def _opponents_dict(self) -> dict[str, Any]:
        """``opponents``: a deck, or ``{"pool": k}``, the k-th of ``pools`` (each pool once, in the order first held);
        no ``pools`` when no slot holds one (the plans of before pools, as they were)."""
        pools: list[tuple[Deck, ...]] = []
        opponents: list[Any] = []
        for slot in self.opponents:
            if isinstance(slot, Deck):
                opponents.append(pool_deck(slot).to_dict())
                continue
            k = next((k for k, pool in enumerate(pools) if pool is slot or pool == slot), None)
            if k is None:
                k = len(pools)
                pools.append(slot)
            opponents.append({"pool": k})
        found: dict[str, Any] = {"opponents": opponents}
        if pools:
            found["pools"] = [[pool_deck(deck).to_dict() for deck in pool] for pool in pools]
        return found

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Plan:
        if not isinstance(data, Mapping) or data.get("version") != PLAN_VERSION:
            raise ValueError("This plan is from another version of the simulator; start the job again.")
        try:
            pools = [tuple(PoolDeck.from_dict(deck).to_core() for deck in pool) for pool in data.get("pools", ())]
            if not all(pools):
                raise ValueError("a pool of opponents is empty")
            plan = cls(
                deck=PoolDeck.from_dict(data["deck"]).to_core(),
                other=None if data["other"] is None else PoolDeck.from_dict(data["other"]).to_core(),
                field=tuple(PoolDeck.from_dict(deck).to_core() for deck in data["field"]),
                players=_whole(data["players"]),
                rounds=None if data["rounds"] is None else _whole(data["rounds"]),
                measured=tuple(_whole(card_id) for card_id in data["measured"]),
                # a plan stored before paired jobs took opponents has none
                opponents=tuple(
                    pools[_whole(slot["pool"])] if "pool" in slot else PoolDeck.from_dict(slot).to_core()
                    for slot in data.get("opponents", ())
                ),
            )
            TableOptions(players=plan.players, rounds=plan.rounds)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"This plan is damaged ({exc}); start the job again.") from exc
        return plan


def make_plan(
    deck: Deck,
    cards: CardIndex,
    *,
    field: Sequence[Deck],
    other: Deck | None = None,
    opponents: Sequence[run.Slot] = (),
    players: int = DEFAULT_PLAYERS,
    rounds: int | None = DEFAULT_ROUNDS,
    seed: int = 0,
    only: Collection[int] | None = None,
) -> Plan:
    """The plan of a compare job (``other`` given: A is ``deck``) or of a card_impact job (``only``: the cards to
    measure, all by default), against ``opponents`` at seats of their own (a deck, or a pool: ``run.Slot``) and, at
    the seats left, the decks of ``field``. A pool and the field keep the decks that can sit at a table (more than
    ``simulation.FIELD_POOL_MAX`` of them: that many, drawn with ``seed``). Raises ``GamesInputError`` for a table
    that cannot be played, naming the request's field at fault ("players", "rounds", "seed", "deck", "other",
    "opponents": too many, one that cannot sit at a table, a pool none of whose decks can, or no deck of the field
    that can fill the seats left)."""
    try:
        TableOptions(players=players, rounds=rounds, seed=seed)
    except TableOptionError as exc:
        raise GamesInputError(str(exc), field=exc.field) from None
    fixed = [o for o in opponents if isinstance(o, Deck)]
    for name, version in (("deck", deck), ("other", other), *(("opponents", o) for o in fixed)):
        why = run.unplayable(version, cards) if version is not None else ""
        if why and version is not None:
            what = "This deck" if name != "opponents" else f"The opponent {version.name or 'deck'}"
            raise GamesInputError(f"{what} cannot sit at a table: {why}.", field=name)
    if len(opponents) > players - 1:
        raise GamesInputError(
            f"{players} seats leave room for {players - 1} opponents, not {len(opponents)}.", field="opponents"
        )
    playable: dict[int, tuple[Deck, ...]] = {}  # each pool's playable decks, once for the slots that share it

    def seat(slot: run.Slot) -> run.Slot:
        if isinstance(slot, Deck):
            return slot
        if id(slot) not in playable:
            kept = tuple(d.to_core() for d in playable_pool([pool_deck(d) for d in slot], cards, seed=seed))
            if not kept:
                raise GamesInputError("No deck of a pool of opponents can sit at a table.", field="opponents")
            playable[id(slot)] = kept
        return playable[id(slot)]

    seats_left = players - 1 - len(opponents)  # the field's
    pool = playable_pool([pool_deck(d) for d in field], cards, seed=seed) if seats_left else []
    if seats_left and not pool:
        raise GamesInputError("No deck of the field can sit at a table to fill the seats left.", field="opponents")
    return Plan(
        deck=deck,
        other=other,
        field=tuple(d.to_core() for d in pool),
        players=players,
        rounds=rounds,
        measured=() if other is not None else tuple(measured_cards(deck, only)),
        opponents=tuple(seat(o) for o in opponents),
    )


def play_chunk(
    plan: Plan,
    table: CardIndex,
    *,
    seed: int,
    start: int,
    stop: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Games ``start .. stop-1`` of every side of the plan (``Plan.sides``), as JSON: ``{"version", "start",
    "sides": {side: Results.to_dict()}}``. ``table`` is ``plan.table(cards)``. ``progress(done)`` counts the games
    played in the chunk, every side's; what it raises (a cancelled job) stops the chunk."""
    schedule.check_run(games=max(stop, 1), decks=1, players=plan.players, seed=seed)
    if not 0 <= start <= stop:
        raise ValueError(f"The games {start}..{stop} are not a range of a run.")
    versions = [plan.deck] if plan.other is None else [plan.deck, plan.other]
    versions += [blanked(plan.deck, card_id, table) for card_id in plan.measured]
    sides: dict[str, Any] = {}
    for k, (side, version) in enumerate(zip(plan.sides, versions, strict=True)):
        base = k * (stop - start)

        def step(done: int, base: int = base) -> None:
            if progress is not None:
                progress(base + done)

        results = play_games(
            version,
            table,
            seed=seed,
            players=plan.players,
            start=start,
            stop=stop,
            opponents=plan.opponents,
            field=plan.field,
            rounds=plan.rounds,
            progress=step,
        )
        sides[side] = results.to_dict(most_errors=MAX_ERRORS)
    return {"version": PLAN_VERSION, "start": start, "sides": sides}


def merge_chunks(tallies: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The chunks of one job (``play_chunk``'s), in any order, joined by game index: ``{"version", "sides": {side:
    Results.to_dict()}}`` over games 0..n-1, each side's errors the ``MAX_ERRORS`` of the lowest indices."""
    parts: dict[str, list[tuple[int, Results]]] = {}
    for tally in tallies:
        if not isinstance(tally, Mapping) or tally.get("version") != PLAN_VERSION:
            raise ValueError("This tally comes from another version of the simulator.")
        for side, data in tally["sides"].items():
            parts.setdefault(side, []).append((_whole(tally["start"]), Results.from_dict(data)))
    if not parts:
        raise ValueError("There are no tallies to merge.")
    sides = {side: joined(found).to_dict(most_errors=MAX_ERRORS) for side, found in parts.items()}
    if len({len(side["vp"]) for side in sides.values()}) != 1:
        raise ValueError("These tallies come from different jobs (their sides played different games).")
    return {"version": PLAN_VERSION, "sides": sides}


def plan_report(plan: Plan, cards: CardIndex, merged: Mapping[str, Any], *, seed: int) -> Comparison | Impact:
    """The figures of a job's merged chunks (``merge_chunks``): ``comparison`` for a compare plan, ``impact_of``
    for a card_impact one, the same as ``compare`` or ``card_impact`` give for these games in one process."""
    try:
        results = {side: Results.from_dict(merged["sides"][side]) for side in plan.sides}
    except KeyError as exc:
        raise ValueError(f"These tallies do not belong to this plan (no side {exc}).") from None
    if plan.other is not None:
        return comparison(results["a"], results["b"], seed=seed, players=plan.players)
    without = {card_id: results[str(card_id)] for card_id in plan.measured}
    # The plain card list names the cards and says which are modelled as the blanks' copy of it does.
    return impact_of(plan.deck, cards, results["built"], without, seed=seed, players=plan.players)
