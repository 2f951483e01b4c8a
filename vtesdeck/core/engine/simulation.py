"""A "games" job: how a deck does at a table of real decks, over many seeded games, split for workers.

The same four steps as the hands job (``vtesdeck.core.draws``): ``compile_plan`` turns the deck and its
opponents into a ``GamesPlan`` (plain JSON data: ``to_dict``/``from_dict``); each worker chunk calls
``simulate_chunk`` for games ``start .. stop-1`` and gets a JSON tally of sums and histograms; ``merge_tallies``
adds chunk tallies in any order; ``games_report`` turns the total into DESIGN.md's games summary followed by
the figures a player asks for (VP, wins, survival, oust order, VP by seat, opponents, per card, first vampire).

The table. Slot 0 is the player's deck; slots 1 .. players-1 are the opponents in order, each a fixed deck or a
pool (an archetype of the archive, or "the field") from which game ``i`` draws
``pool[schedule.field_pick(seed, i, slot, len(pool))]``: two slots with the same pool get different decks. Game
``i`` seats the slots as ``schedule.table(seed, i, players, players)`` says (every deck plays every seat equally
over each block of ``players`` games) and takes that table's seed, so it depends only on (plan, seed, i): a chunk
played on any worker plays the same games, and ``play_game`` plays game ``i`` again for its log. The bots are
the engine's defaults (``run.play_one``).

The tally holds whole numbers only (VP are counted in halves), so adding tallies is exact and the report of a job
is the same whatever the chunks and their order. Per-game figures are kept for the deck alone, its VP and win in
each game (``per_game``, a few bytes a game, gathered rather than summed), which pair the games of two jobs played
at the same tables (``same_tables``, ``compare.job_results``); the errors are capped at ``MAX_ERRORS`` (the lowest
game indices) with their count beside them.

Per-card figures come from the engine's ``state.SeatStats`` of the player's seat (``table.play(stats=…)``, which
changes no decision and no hash). Library: "drawn" counts copies drawn into the hand (the opening hand included;
a card searched out of the library or returned from the ash heap by a card effect is not a draw), "played"
copies played from the hand, "stuck" the games it was drawn in but never offered as a legal play (its
requirements or cost never met; only for modelled cards, as the engine offers no other), "dead" the games it
was drawn in and no copy was played (bots may hold a playable card). Crypt: "drawn" is a crypt draw into the
uncontrolled region (the opening four included), "played" coming into play, noted at the end of each influence
phase of the seat (where vampires come out). ``unsupported`` lists the player's deck's cards the engine does
not implement; ``coverage`` and ``crypt_coverage`` are over an average table of the job (each pool weighs as
one deck).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck
from . import options, report, run, schedule
from .compile import compiled
from .state import SeatStats
from .table import heuristic_bots, play

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_GAMES",
    "FIELD_POOL_MAX",
    "MAX_GAMES",
    "PLAN_VERSION",
    "GamesInputError",
    "GamesPlan",
    "Opponent",
    "PlanCard",
    "PoolDeck",
    "chunk_sizes",
    "compile_plan",
    "games_report",
    "merge_tallies",
    "play_game",
    "playable_pool",
    "pool_deck",
    "same_tables",
    "simulate_chunk",
]

PLAN_VERSION = 1
# About ±0.1 VP on the deck's mean (95 %: 1.96·sd/√n). Measured with the heuristic bots, round cap 20: eight
# archive decks since 2018, each 100 five-seat games against the field, had a VP standard deviation per game of
# 0.66 to 1.88 (pooled 1.47; the field's decks 1.2-1.6). So 500 games give ±0.06 for a deck that rarely scores,
# ±0.13 at the pooled figure and ±0.16 for the most spread; ±0.1 at the pooled figure takes about 830 games,
# and 1,000 games give ±0.09 (±0.12 for the most spread): about 30 s of one core, 15 s of two workers.
DEFAULT_GAMES = 1_000
MAX_GAMES = 100_000
DEFAULT_CHUNK_SIZE = 25  # games per chunk (~1 s of one core at ~35 five-seat games a second)
FIELD_POOL_MAX = 400  # a pool larger than this is sampled (seeded) down to it at compile time
MAX_ERRORS = 20  # errors listed in a tally and the report (the lowest game indices); ``error_count`` has them all
FIRST_VAMPIRE_TURNS = 10  # as draws.compile_plan's default turns: the two first_vampire figures line up
KINDS = ("deck", "archetype", "field")
OTHER = "Other"  # the opponents row of pool decks without an archetype


class GamesInputError(ValueError):
    """A games job that cannot be set up: ``str()`` is a sentence for users, ``field`` names the request field
    at fault ("deck", "opponents", "players", "rounds", "rules", "games"; "" for none)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


# --- the plan ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class PoolDeck:
    """A deck as a plan carries it: (VEKN id, copies) pairs in the deck's order."""

    name: str
    crypt: tuple[tuple[int, int], ...]
    library: tuple[tuple[int, int], ...]
    archetype: str = ""  # the archetype's display label ("" unknown)
    key: str = ""  # where it comes from: a TWDA id, a deck id

    def to_core(self) -> Deck:
        return Deck(name=self.name, crypt=dict(self.crypt), library=dict(self.library))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "crypt": [list(pair) for pair in self.crypt],
            "library": [list(pair) for pair in self.library],
            "archetype": self.archetype,
            "key": self.key,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PoolDeck:
        return cls(
            name=_str(data["name"]),
            crypt=_pairs(data["crypt"]),
            library=_pairs(data["library"]),
            archetype=_str(data.get("archetype", "")),
            key=_str(data.get("key", "")),
        )


def pool_deck(deck: Deck, *, archetype: str = "", key: str = "") -> PoolDeck:
    """A core ``Deck`` as a plan carries it."""
    return PoolDeck(
        name=deck.name,
        crypt=tuple(deck.crypt.items()),
        library=tuple(deck.library.items()),
        archetype=archetype,
        key=key,
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Opponent:
    """One opponent slot: a fixed deck (``kind`` "deck", one deck) or a pool a deck is drawn from per game."""

    kind: str  # "deck" | "archetype" | "field"
    key: str  # the deck id, the archetype slug, or the field's since-date ("2018-01-01")
    label: str  # what the page shows: the deck's name, the archetype's name, "The field since 2018-01-01"
    decks: tuple[PoolDeck, ...]
    # the pool's size as asked, when it was larger than FIELD_POOL_MAX and ``decks`` is a seeded sample of it
    # (0: not sampled), so that the report says "400 of 718 decks" where the form offered 718
    sampled_from: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class PlanCard:
    """A card of the player's deck as the per-card figures name it."""

    id: int
    name: str
    part: str  # "crypt" | "library"
    count: int
    modelled: bool  # the engine implements its effects (a crypt card: its printed abilities)
    partial: bool = False  # … but its spec leaves part of the text out (``Spec.missing``)


@dataclasses.dataclass(frozen=True, slots=True)
class GamesPlan:
    """Everything a worker needs to play the job's games, and the coverage figures of its report."""

    version: int
    deck: PoolDeck
    opponents: tuple[Opponent, ...]  # players - 1 of them: slots 1 .. players-1
    players: int
    rounds: int | None
    rules: str
    coverage: float | None  # library copies implemented, over an average table of the job
    crypt_coverage: float | None
    unsupported: tuple[report.UnsupportedCard, ...]  # the player's deck's cards the engine does not implement
    slot_coverage: tuple[float | None, ...]  # per slot: its library copies implemented (a pool: all its copies)
    cards: tuple[PlanCard, ...]  # the player's deck, crypt then library, in deck order

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON. Pool decks are listed once under ``pool`` (slots with the same pool, as "the field" in
        every empty seat, would repeat it) and the opponents name them by position."""
        index: dict[PoolDeck, int] = {}
        for opponent in self.opponents:
            for deck in opponent.decks:
                index.setdefault(deck, len(index))
        return {
            "version": self.version,
            "deck": self.deck.to_dict(),
            "opponents": [
                {
                    "kind": o.kind,
                    "key": o.key,
                    "label": o.label,
                    "decks": [index[d] for d in o.decks],
                    "sampled_from": o.sampled_from,
                }
                for o in self.opponents
            ],
            "pool": [deck.to_dict() for deck in index],
            "players": self.players,
            "rounds": self.rounds,
            "rules": self.rules,
            "coverage": self.coverage,
            "crypt_coverage": self.crypt_coverage,
            "unsupported": [u.to_dict() for u in self.unsupported],
            "slot_coverage": list(self.slot_coverage),
            "cards": [dataclasses.asdict(card) for card in self.cards],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GamesPlan:
        if not isinstance(data, Mapping) or data.get("version") != PLAN_VERSION:
            raise GamesInputError("This simulation plan is from another version of the simulator; start the job again.")
        try:
            pool = [PoolDeck.from_dict(d) for d in data["pool"]]
            plan = cls(
                version=PLAN_VERSION,
                deck=PoolDeck.from_dict(data["deck"]),
                opponents=tuple(
                    Opponent(
                        kind=_str(o["kind"]),
                        key=_str(o["key"]),
                        label=_str(o["label"]),
                        decks=tuple(pool[_int(i)] for i in o["decks"]),
                        sampled_from=_int(o.get("sampled_from", 0)),  # plans stored before it: none sampled
                    )
                    for o in data["opponents"]
                ),
                players=_int(data["players"]),
                rounds=None if data["rounds"] is None else _int(data["rounds"]),
                rules=_str(data["rules"]),
                coverage=_share(data["coverage"]),
                crypt_coverage=_share(data["crypt_coverage"]),
                unsupported=tuple(
                    report.UnsupportedCard(id=_int(u["id"]), name=_str(u["name"]), copies=_int(u["copies"]))
                    for u in data["unsupported"]
                ),
                slot_coverage=tuple(_share(c) for c in data["slot_coverage"]),
                cards=tuple(
                    PlanCard(
                        id=_int(c["id"]),
                        name=_str(c["name"]),
                        part=_str(c["part"]),
                        count=_int(c["count"]),
                        modelled=bool(c["modelled"]),
                        partial=bool(c.get("partial", False)),  # plans stored before partial cards were told apart
                    )
                    for c in data["cards"]
                ),
            )
            plan.check()
        except (TypeError, KeyError, ValueError, IndexError, AttributeError) as exc:
            raise ValueError(f"This simulation plan is damaged ({exc}); start the job again.") from exc
        return plan

    def check(self) -> None:
        """Raises ValueError when the plan cannot be played (a damaged plan, read back from JSON)."""
        options.TableOptions(players=self.players, rounds=self.rounds, rules=self.rules)
        if len(self.opponents) != self.players - 1 or len(self.slot_coverage) != self.players:
            raise ValueError(f"{len(self.opponents)} opponents for {self.players} seats")
        for o in self.opponents:
            if o.kind not in KINDS or not o.decks or (o.kind == "deck" and len(o.decks) != 1):
                raise ValueError(f"opponent {o.label!r} has kind {o.kind!r} and {len(o.decks)} decks")
        if any(card.part not in ("crypt", "library") for card in self.cards):
            raise ValueError("a card of the deck is neither crypt nor library")

    def pools(self) -> tuple[tuple[PoolDeck, ...], ...]:
        """Per slot, the decks it draws from (slot 0: the player's deck)."""
        return ((self.deck,), *(o.decks for o in self.opponents))


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a string")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _share(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{value!r} is not a share")
    return float(value)


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    pairs = tuple((_int(card), _int(count)) for card, count in value)
    if any(count < 1 for _, count in pairs):
        raise ValueError("a card with no copies")
    return pairs


def compile_plan(
    deck: Deck,
    cards: CardIndex,
    *,
    opponents: Sequence[Opponent],
    players: int = options.DEFAULT_PLAYERS,
    rounds: int | None = options.DEFAULT_ROUNDS,
    rules: str = "vekn",
    seed: int = 0,
) -> GamesPlan:
    """The job's plan: the deck at slot 0 and one opponent per other seat. Raises ``GamesInputError`` for a
    table that cannot be played: a seat count, round cap or rules option the engine refuses, an unplayable
    deck (the reason in words), too few or too many opponents (the caller fills empty seats with the field),
    a pool with no playable deck. Unplayable pool decks are dropped; a pool larger than ``FIELD_POOL_MAX`` is
    cut down to that many playable decks, drawn with ``seed`` (the same plan for the same seed)."""
    try:
        options.TableOptions(players=players, rounds=rounds, rules=rules, seed=seed)
    except options.TableOptionError as exc:
        raise GamesInputError(str(exc), field=exc.field) from None
    if len(opponents) != players - 1:
        fewer = len(opponents) < players - 1
        raise GamesInputError(
            f"A table of {players} seats needs {players - 1} opponents, not {len(opponents)}"
            + (" (fill the empty seats with the field)." if fewer else "."),
            field="opponents",
        )
    why = run.unplayable(deck, cards)
    if why:
        raise GamesInputError(f"This deck cannot sit at a table: {why}.", field="deck")
    playable: dict[PoolDeck, bool] = {}  # a pool given to several slots is checked once
    kept: list[Opponent] = []
    for opponent in opponents:
        if opponent.kind not in KINDS:
            raise GamesInputError(f"An opponent is a {', '.join(KINDS)}, not {opponent.kind!r}.", field="opponents")
        if opponent.kind == "deck" and len(opponent.decks) != 1:
            raise GamesInputError(f"The opponent {opponent.label} must be one deck.", field="opponents")
        decks = playable_pool(opponent.decks, cards, seed=seed, checked=playable)
        if not decks:
            raise GamesInputError(
                f"The opponent {opponent.label} has no deck that can sit at a table.", field="opponents"
            )
        kept.append(dataclasses.replace(opponent, decks=decks, sampled_from=sampled_from(opponent.decks)))
    player = pool_deck(deck)
    cover = _coverage(player, kept, cards)
    return GamesPlan(
        version=PLAN_VERSION,
        deck=player,
        opponents=tuple(kept),
        players=players,
        rounds=rounds,
        rules=rules,
        coverage=cover[0],
        crypt_coverage=cover[1],
        unsupported=cover[2],
        slot_coverage=cover[3],
        cards=_plan_cards(deck, cards),
    )


def sampled_from(decks: Sequence[PoolDeck]) -> int:
    """The pool's size when ``playable_pool`` plays a seeded sample of it (larger than ``FIELD_POOL_MAX``), else 0."""
    return len(decks) if len(decks) > FIELD_POOL_MAX else 0


def playable_pool(
    decks: Sequence[PoolDeck], cards: CardIndex, *, seed: int, checked: dict[PoolDeck, bool] | None = None
) -> tuple[PoolDeck, ...]:
    """The decks of a pool that can sit at a table, in the pool's order; of a pool larger than
    ``FIELD_POOL_MAX``, that many playable ones drawn with ``seed`` (the same decks for the same seed). ``checked``
    remembers which decks were found playable, for a pool given to several slots."""
    checked = {} if checked is None else checked

    def fit(candidate: PoolDeck) -> bool:
        if candidate not in checked:
            checked[candidate] = not run.unplayable(candidate.to_core(), cards)
        return checked[candidate]

    order = list(range(len(decks)))
    if sampled_from(decks):
        # A seeded sample: the same plan for the same seed, and slots given one pool keep one pool (their
        # decks at a table then differ, as schedule.field_pick promises).
        random.Random(seed).shuffle(order)
    chosen: list[int] = []
    for index in order:
        if fit(decks[index]):
            chosen.append(index)
            if len(chosen) == FIELD_POOL_MAX:
                break
    return tuple(decks[index] for index in sorted(chosen))  # the caller's order


def _coverage(
    player: PoolDeck, opponents: Sequence[Opponent], cards: CardIndex
) -> tuple[float | None, float | None, tuple[report.UnsupportedCard, ...], tuple[float | None, ...]]:
    """The table's coverage as the average game sees it (each slot's copies, a pool's averaged over its decks),
    the player's deck's unsupported cards, and each slot's library coverage."""
    comp = compiled(cards)
    names = {}
    for card_id, _ in player.crypt + player.library:
        card = cards.get(card_id)
        names[card_id] = card.name if card is not None else ""
    shares: dict[str, list[Fraction]] = {"library": [Fraction(0), Fraction(0)], "crypt": [Fraction(0), Fraction(0)]}
    slot_coverage: list[float | None] = []
    for pool in ((player,), *(o.decks for o in opponents)):
        copies = {"library": Counter[int](), "crypt": Counter[int]()}
        for member in pool:
            copies["library"].update(dict(member.library))
            copies["crypt"].update(dict(member.crypt))
        for part, modelled in (("library", comp.modelled), ("crypt", comp.crypt_modelled)):
            done = sum(n for card, n in copies[part].items() if card in modelled)  # partial cards count as not
            shares[part][0] += Fraction(done, len(pool))
            shares[part][1] += Fraction(sum(copies[part].values()), len(pool))
        slot_coverage.append(report.card_coverage(copies["library"], comp.implemented, {}, comp.partial).share)
    lib = report.card_coverage(dict(player.library), comp.implemented, names, comp.partial)
    cry = report.card_coverage(dict(player.crypt), comp.crypt_implemented, names, comp.partial)
    return (
        float(shares["library"][0] / shares["library"][1]) if shares["library"][1] else None,
        float(shares["crypt"][0] / shares["crypt"][1]) if shares["crypt"][1] else None,
        (*lib.unsupported, *cry.unsupported),
        tuple(slot_coverage),
    )


def _plan_cards(deck: Deck, cards: CardIndex) -> tuple[PlanCard, ...]:
    comp = compiled(cards)
    out = []
    for part, counts, implemented in (
        ("crypt", deck.crypt, comp.crypt_implemented),
        ("library", deck.library, comp.implemented),
    ):
        for card_id, count in counts.items():
            card = cards.get(card_id)
            out.append(
                PlanCard(
                    id=card_id,
                    name=card.name if card else "",
                    part=part,
                    count=count,
                    modelled=card_id in implemented,
                    partial=card_id in comp.partial,
                )
            )
    return tuple(out)


def chunk_sizes(games: int, chunk_size: int = DEFAULT_CHUNK_SIZE) -> list[int]:
    """How a job of ``games`` is cut: full chunks, then the rest (``[25, 25, 10]``)."""
    for what, value in (("The number of games", games), ("The number of games per chunk", chunk_size)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_GAMES:
            raise GamesInputError(
                f"{what} must be a whole number from 1 to {MAX_GAMES:,}, not {value!r}.", field="games"
            )
    full, rest = divmod(games, chunk_size)
    return [chunk_size] * full + ([rest] if rest else [])


# --- playing -----------------------------------------------------------------------------------------------


def _play(
    plan: GamesPlan, cards: CardIndex, *, seed: int, i: int, log: bool, stats: bool
) -> tuple[run.Played, tuple[PoolDeck, ...]]:
    """Game ``i`` played, and the deck each slot drew for it (slot order). ``stats`` keeps the card
    statistics of the player's seat (they change nothing in the game)."""
    table = schedule.table(seed, i, plan.players, plan.players)
    drawn = tuple(
        pool[0] if len(pool) == 1 else pool[schedule.field_pick(seed, i, slot, len(pool))]
        for slot, pool in enumerate(plan.pools())
    )
    decks = tuple(drawn[slot].to_core() for slot in table.seats)
    result = play(
        decks,
        cards,
        seed=table.seed,
        bots=heuristic_bots(len(decks)),
        max_rounds=plan.rounds,
        log=log,
        rules=plan.rules,
        stats=(table.seats.index(0),) if stats else False,
    )
    return run.Played(table=table, decks=decks, result=result), drawn


def play_game(plan: GamesPlan, cards: CardIndex, *, seed: int, i: int, log: bool = False) -> run.Played:
    """Game ``i`` of the job, the one ``simulate_chunk`` played (the same hash); with ``log``, its events."""
    return _play(plan, cards, seed=seed, i=i, log=log, stats=False)[0]


def _empty_tally(plan: GamesPlan) -> dict[str, Any]:
    players = plan.players
    return {
        "version": PLAN_VERSION,
        "games": 0,
        "played": 0,
        "error_count": 0,
        "errors": [],
        "rounds": {},  # rounds played → games
        "decisions": 0,
        "forced": 0,
        "timeouts": 0,
        "time_limit": 0,
        # per slot: [seat games, VP in halves, Σ (VP in halves)², game wins, ousted], then games per seat
        "slots": [[0] * 5 for _ in range(players)],
        "slot_seats": [[0] * players for _ in range(players)],
        # the player's deck: per seat [games, VP halves, Σ halves², wins]; oust place (1st..) → games
        "by_seat": [[0] * 4 for _ in range(players)],
        "oust_place": [0] * (players - 1),
        "first_oust": [0, 0, 0],  # games with an oust, Σ its round, Σ round²
        # opponents by label: [games, seats, their VP halves, deck VP halves, Σ deck halves², deck wins, theirs]
        "opponents": {},
        "cards": [[0] * 6 for _ in plan.cards],  # [games drawn, copies drawn, games played, copies, stuck, dead]
        "first_vampire": [{"games": 0, "turns": {}, "never": 0} for _ in range(players)],  # per seat
        "first": None,
        "won": None,
        "lost": None,
        # game index → [the deck's VP in halves, 1 when it won]: for pairing two jobs game by game (``same_tables``)
        "per_game": {},
    }


def simulate_chunk(
    plan: GamesPlan,
    cards: CardIndex,
    *,
    seed: int,
    start: int,
    stop: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Games ``start .. stop-1`` of the job, as a tally. A game that raises is an error of the tally, never a
    failure of the chunk; ``progress(done)`` is called after each game and what it raises (a cancelled job)
    stops the chunk."""
    options.check_seed(seed)
    if not 0 <= start <= stop <= MAX_GAMES:
        raise ValueError(f"The games {start}..{stop} are not a chunk of a job of at most {MAX_GAMES:,} games.")
    tally = _empty_tally(plan)
    for i in range(start, stop):
        tally["games"] += 1
        try:
            played, drawn = _play(plan, cards, seed=seed, i=i, log=False, stats=True)
            record = run.record(played)
        except Exception as exc:  # one game's failure is the job's report, never its crash (DESIGN.md)
            tally["error_count"] += 1
            table_seed = schedule.game_seed(seed, i)
            tally["errors"].append({"game": i, "seed": table_seed, "error": f"{type(exc).__name__}: {exc}"})
        else:
            _count(plan, tally, played, record, drawn)
        if progress is not None:
            progress(i - start + 1)
    tally["errors"] = tally["errors"][:MAX_ERRORS]
    return tally


def _count(
    plan: GamesPlan, tally: dict[str, Any], played: run.Played, record: report.GameRecord, drawn: Sequence[PoolDeck]
) -> None:
    players = plan.players
    game = played.result.game
    i = record.game
    tally["played"] += 1
    tally["first"] = i if tally["first"] is None else min(tally["first"], i)
    rounds = str(record.rounds)
    tally["rounds"][rounds] = tally["rounds"].get(rounds, 0) + 1
    tally["decisions"] += record.decisions
    tally["forced"] += record.forced
    tally["timeouts"] += record.stopped
    tally["time_limit"] += record.end == "time_limit"
    halves = [round(2 * vp) for vp in record.vp]
    for seat, slot in enumerate(record.decks):
        row = tally["slots"][slot]
        row[0] += 1
        row[1] += halves[seat]
        row[2] += halves[seat] ** 2
        row[3] += record.winner == seat
        row[4] += record.ousted_round[seat] is not None
        tally["slot_seats"][slot][seat] += 1
    me = record.decks.index(0)
    mine = halves[me]
    won = record.winner == me
    tally["per_game"][str(i)] = [mine, int(won)]
    by_seat = tally["by_seat"][me]
    by_seat[0] += 1
    by_seat[1] += mine
    by_seat[2] += mine**2
    by_seat[3] += won
    if me in record.oust_order:
        tally["oust_place"][min(record.oust_order.index(me), players - 2)] += 1
        tally["lost"] = i if tally["lost"] is None else min(tally["lost"], i)
    if won:
        tally["won"] = i if tally["won"] is None else min(tally["won"], i)
    if record.oust_order:
        first = record.ousted_round[record.oust_order[0]]
        assert first is not None
        tally["first_oust"][0] += 1
        tally["first_oust"][1] += first
        tally["first_oust"][2] += first**2
    # Opponents by the drawn deck's archetype: each label once per game, its seats' VP summed.
    by_label: dict[str, list[int]] = {}
    for seat, slot in enumerate(record.decks):
        if slot == 0:
            continue
        opponent = plan.opponents[slot - 1]
        deck = drawn[slot]
        label = (deck.name or opponent.label) if opponent.kind == "deck" else (deck.archetype or OTHER)
        seen = by_label.setdefault(label, [0, 0, 0])
        seen[0] += 1
        seen[1] += halves[seat]
        seen[2] += record.winner == seat
    for label, (seats, their_halves, their_wins) in by_label.items():
        row = tally["opponents"].setdefault(label, [0] * 7)
        for k, value in enumerate((1, seats, their_halves, mine, mine**2, won, their_wins)):
            row[k] += value
    stats: SeatStats = (game.stats or {})[me]
    for card, row in zip(plan.cards, tally["cards"], strict=True):
        if card.part == "crypt":
            drawn_copies, played_copies, stuck = stats.crypt_drawn[card.id], stats.crypt_played[card.id], False
        else:
            drawn_copies, played_copies = stats.drawn[card.id], stats.played[card.id]
            stuck = drawn_copies > 0 and card.id not in stats.offered
        row[0] += drawn_copies > 0
        row[1] += drawn_copies
        row[2] += played_copies > 0
        row[3] += played_copies
        row[4] += stuck
        row[5] += drawn_copies > 0 and not played_copies
    vampire = tally["first_vampire"][me]
    vampire["games"] += 1
    if stats.first_vampire is None:
        vampire["never"] += 1
    else:
        turn = str(stats.first_vampire)
        vampire["turns"][turn] = vampire["turns"].get(turn, 0) + 1


# --- merging -----------------------------------------------------------------------------------------------

_FIRSTS = ("first", "won", "lost")


def merge_tallies(tallies: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The sum of chunk tallies of one job, the same in any order."""
    total: dict[str, Any] | None = None
    # Each game is in one chunk: the per-game results are gathered once, not summed (a sorted union per chunk
    # would cost the square of a job's games).
    per_game: dict[str, Any] = {}
    for tally in tallies:
        if not isinstance(tally, dict) or tally.get("version") != PLAN_VERSION:
            raise ValueError("This tally comes from another version of the simulator.")
        per_game.update(tally.get("per_game") or {})
        if total is None:
            total = copy.deepcopy({key: value for key, value in tally.items() if key != "per_game"})
            continue
        merged: dict[str, Any] = {"version": PLAN_VERSION}
        for key in total.keys() | tally.keys():
            if key in ("version", "per_game"):
                continue
            a, b = total.get(key), tally.get(key)
            if key in _FIRSTS:
                merged[key] = min((x for x in (a, b) if x is not None), default=None)
            elif key == "errors":
                merged[key] = sorted([*(a or []), *(b or [])], key=lambda e: e["game"])[:MAX_ERRORS]
            else:
                merged[key] = _add(a, b, key)
        total = merged
    if total is None:
        raise ValueError("There are no tallies to merge.")
    total["per_game"] = {key: per_game[key] for key in sorted(per_game, key=int)}
    return {key: total[key] for key in sorted(total)}


def same_tables(first: GamesPlan, second: GamesPlan) -> bool:
    """Whether two jobs' plans seat their decks at the same tables: the same seats, round cap and rules, and the
    same decks to draw from in every opponent's slot. Two such jobs played with the same seed differ in game i only
    by the deck in slot 0 (and the bots' code, when the engine changed in between): their games are paired."""
    return (first.players, first.rounds, first.rules) == (second.players, second.rounds, second.rules) and [
        o.decks for o in first.opponents
    ] == [o.decks for o in second.opponents]


def _add(a: Any, b: Any, where: str) -> Any:
    """Sums, key by key (a histogram's keys are the union) and item by item; ``a`` None or {} is nothing."""
    if isinstance(b, dict):
        if a is None:
            a = {}
        if not isinstance(a, dict):
            raise ValueError(f"These tallies come from different jobs ({where} differs).")
        return {
            key: _add(a.get(key), b.get(key), f"{where}.{key}") if key in b else _copy(a[key])
            for key in sorted(a.keys() | b.keys())
        }
    if isinstance(b, list):
        if a is None:
            return [_copy(x) for x in b]
        if not isinstance(a, list) or len(a) != len(b):
            raise ValueError(f"These tallies come from different jobs ({where} differs).")
        return [_add(x, y, where) for x, y in zip(a, b, strict=True)]
    if b is None:
        return _copy(a)
    if isinstance(b, bool) or not isinstance(b, int):
        raise ValueError(f"This is not a tally ({where} is {type(b).__name__}).")
    if a is None:
        return b
    if isinstance(a, bool) or not isinstance(a, int):
        raise ValueError(f"These tallies come from different jobs ({where} differs).")
    return a + b


def _copy(value: Any) -> Any:
    return _add(None, value, "") if isinstance(value, dict | list) else value


# --- the report --------------------------------------------------------------------------------------------


def _mean(total: int, n: int, scale: int = 1) -> float | None:
    return total / (scale * n) if n else None


def _ci95(n: int, total: int, squares: int, *, scale: int = 1, low: float = 0.0, high: float = math.inf) -> Any:
    """``report.mean_ci95`` from the sums of the values (in units of 1/``scale``): [lo, hi] or None (n < 2).
    Whole-number sums, so the interval does not depend on the order games were added in."""
    if n < 2:
        return None
    mean = Fraction(total, n * scale)
    variance = Fraction(n * squares - total * total, n * (n - 1) * scale * scale)
    half = report.Z95 * math.sqrt(max(float(variance), 0.0) / n)
    return [max(low, float(mean) - half), min(high, float(mean) + half)]


def _wilson(k: int, n: int) -> list[float] | None:
    """The Wilson score 95 % interval of a share k/n; None with fewer than two games."""
    if n < 2:
        return None
    z = report.Z95
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return [max(0.0, centre - half), min(1.0, centre + half)]


def _share_of(k: int, n: int) -> float | None:
    return k / n if n else None


def games_report(plan: GamesPlan, tally: dict[str, Any], *, seed: int, seconds: float) -> dict[str, Any]:
    """DESIGN.md's games summary of the job (``report.SUMMARY_KEYS`` in order, one ``decks`` row per slot),
    then the player's figures: ``deck``, ``opponents``, ``cards``, ``first_vampire``, ``examples``."""
    try:
        return _report(plan, tally, seed=seed, seconds=seconds)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise ValueError(f"This tally does not belong to this plan ({exc}).") from exc


def _report(plan: GamesPlan, tally: dict[str, Any], *, seed: int, seconds: float) -> dict[str, Any]:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds >= 0:
        raise ValueError(f"The run time must be a number of seconds of at least 0, not {seconds!r}.")
    players = plan.players
    games, n = int(tally["games"]), int(tally["played"])
    if len(tally["slots"]) != players or len(tally["cards"]) != len(plan.cards):
        raise ValueError("its seats or cards differ")
    vp_high = float(players)
    paths = ["deck", *(f"{o.kind}:{o.key}" for o in plan.opponents)]
    names = [plan.deck.name, *(o.label for o in plan.opponents)]
    decks = []
    for slot, (path, name) in enumerate(zip(paths, names, strict=True)):
        seat_games, halves, squares, wins, ousted = tally["slots"][slot]
        decks.append(
            {
                "path": path,
                "name": name,
                "seat_games": seat_games,
                "vp_mean": _mean(halves, seat_games, 2),
                "vp_ci95": _ci95(seat_games, halves, squares, scale=2, high=vp_high),
                "game_wins": wins,
                "ousted": ousted,
                "coverage": plan.slot_coverage[slot],
            }
        )
    histogram = {int(r): count for r, count in tally["rounds"].items()}
    round_sum = sum(r * c for r, c in histogram.items())
    round_squares = sum(r * r * c for r, c in histogram.items())
    all_decisions = tally["decisions"] + tally["forced"]
    summary: dict[str, Any] = {
        "games": games,
        "seed": seed,
        "players": players,
        "seconds": seconds,
        "games_per_second": games / seconds if seconds > 0 else None,
        "decks": decks,
        "rounds_mean": _mean(round_sum, n),
        "coverage": plan.coverage,
        "crypt_coverage": plan.crypt_coverage,
        "unsupported": [u.to_dict() for u in plan.unsupported],
        "timeouts": tally["timeouts"],
        "decisions_mean": _mean(tally["decisions"], n),
        "forced_share": tally["forced"] / all_decisions if all_decisions else None,
        "errors": list(tally["errors"]),
        "audit": {},
        "time_limit": tally["time_limit"],
        "partial": [
            u.to_dict()
            for u in sorted(
                (report.UnsupportedCard(id=c.id, name=c.name, copies=c.count) for c in plan.cards if c.partial),
                key=lambda u: (-u.copies, u.name, u.id),
            )
        ],
    }
    assert tuple(summary) == report.SUMMARY_KEYS
    me = decks[0]
    _, halves, squares, wins, ousted = tally["slots"][0]
    first_count, first_sum, first_squares = tally["first_oust"]
    summary["error_count"] = tally["error_count"]
    summary["deck"] = {
        "games": n,
        "vp_mean": me["vp_mean"],
        "vp_ci95": me["vp_ci95"],
        "win_rate": _share_of(wins, n),
        "win_ci95": _wilson(wins, n),
        "survival": _share_of(n - ousted, n),
        "survival_ci95": _wilson(n - ousted, n),
        "oust_order": {
            "ousted": [_share_of(k, n) for k in tally["oust_place"]],  # 1st, 2nd…; the last place holds later ones
            "survived": _share_of(n - ousted, n),
        },
        "first_oust_round": {
            "mean": _mean(first_sum, first_count),
            "ci95": _ci95(first_count, first_sum, first_squares, low=1.0),
            "no_oust": _share_of(n - first_count, n),
        },
        "by_seat": [
            {
                "seat": seat + 1,
                "games": g,
                "vp_mean": _mean(h, g, 2),
                "vp_ci95": _ci95(g, h, sq, scale=2, high=vp_high),
                "win_rate": _share_of(w, g),
            }
            for seat, (g, h, sq, w) in enumerate(tally["by_seat"])
        ],
        "rounds": {
            "mean": _mean(round_sum, n),
            "ci95": _ci95(n, round_sum, round_squares, low=1.0),
            "histogram": {str(r): histogram[r] for r in sorted(histogram)},
        },
    }
    opponents = []
    for label, (g, seats, theirs, mine, mine_sq, deck_wins, their_wins) in tally["opponents"].items():
        opponents.append(
            {
                "label": label,
                "games": g,
                "vp_mean": _mean(theirs, seats, 2),
                "deck_vp_mean": _mean(mine, g, 2),
                "deck_vp_ci95": _ci95(g, mine, mine_sq, scale=2, high=vp_high),
                "deck_wins": deck_wins,
                "their_wins": their_wins,
            }
        )
    summary["opponents"] = sorted(opponents, key=lambda row: (-row["games"], row["label"]))
    rows = []
    for card, (g_drawn, drawn, g_played, played, stuck, dead) in zip(plan.cards, tally["cards"], strict=True):
        rows.append(
            {
                "id": card.id,
                "name": card.name,
                "part": card.part,
                "count": card.count,
                "modelled": card.modelled,
                "partial": card.partial,
                "drawn": _share_of(g_drawn, n),
                "drawn_mean": _mean(drawn, n),
                "played": _share_of(g_played, n),
                "played_ci95": _wilson(g_played, n),
                "played_mean": _mean(played, n),
                # never offered from the hand: only a modelled library card can be offered at all
                "stuck": _share_of(stuck, g_drawn) if card.part == "library" and card.modelled else None,
                "dead": _share_of(dead, g_drawn) if card.modelled else None,
            }
        )
    summary["cards"] = rows
    seats = []
    for seat, row in enumerate(tally["first_vampire"]):
        turns = {int(t): c for t, c in row["turns"].items()}
        out = sum(turns.values())
        seats.append(
            {
                "seat": seat + 1,
                "games": row["games"],
                "by_turn": [
                    _share_of(sum(c for t, c in turns.items() if t <= k), row["games"])
                    for k in range(1, FIRST_VAMPIRE_TURNS + 1)
                ],
                "mean_turn": _mean(sum(t * c for t, c in turns.items()), out),
                "never": _share_of(row["never"], row["games"]),
            }
        )
    summary["first_vampire"] = {"turns": FIRST_VAMPIRE_TURNS, "seats": seats}
    summary["examples"] = {"first": tally["first"], "won": tally["won"], "lost": tally["lost"]}
    summary["rules"] = plan.rules
    summary["rounds_cap"] = plan.rounds
    summary["opponents_plan"] = [
        {"kind": o.kind, "key": o.key, "label": o.label, "decks": len(o.decks), "sampled_from": o.sampled_from}
        for o in plan.opponents
    ]
    return summary
