"""Playing the games of a ``simulate_games`` run: the one entry point of the CLI (and of the workers later).

A run is its seed, its decks, the seat count, the rules options and a range of game indices. Game ``i`` takes
its seed and seating from ``schedule.table(seed, i, len(decks), players)`` and its archive (FIELD) seats from
``schedule.field_pick``: it depends on nothing else, so games ``start .. stop-1`` played here equal the same
games of any longer run, and chunks on different workers play the same games (DESIGN.md).

A game that raises becomes a ``report.GameError`` of the run (never a crash of the run); its index, seed and
the exception's text say which game to replay. The decisions are not stored: the bots are deterministic, so
``play_one`` plays game ``i`` again exactly (``replay_game`` prints its log and hash that way).
"""

from __future__ import annotations

import dataclasses
import datetime
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .. import decklist
from ..carddb import CardIndex
from ..deck import Deck
from ..validate import validate
from . import economy, report, schedule
from .bots import BOTS, by_name
from .compile import compiled
from .options import DEFAULT_ROUNDS, TableOptions
from .table import Result, play, replay
from .view import Bot

DEFAULT_GAMES = 100
FIELD_SINCE = datetime.date(2018, 1, 1)  # "the tournament field": archive decks since 2018 (issue 15)
# Construction errors that make a deck unplayable; a banned card or a late printing is no reason not to simulate.
UNPLAYABLE = frozenset({"CRYPT_TOO_SMALL", "LIBRARY_TOO_SMALL", "LIBRARY_TOO_LARGE", "CRYPT_GROUPS", "UNKNOWN_CARD"})


def unplayable(deck: Deck, cards: CardIndex) -> str:
    """Why a deck cannot sit at a table (the first such problem, in words), or "" when it can."""
    if deck.unresolved:
        return "it names unknown cards"
    if not deck.crypt_count or not deck.library_count:
        return f"it holds no {'crypt' if not deck.crypt_count else 'library'} cards"
    problems = [e for e in validate(deck, cards, as_of="deck").errors if e.code in UNPLAYABLE]
    return str(problems[0].message) if problems else ""


def field_from_files(
    files: Iterable[tuple[str, bytes]],
    cards: CardIndex,
    *,
    since: datetime.date = FIELD_SINCE,
    limit: int | None = None,
) -> list[Deck]:
    """The playable archive decks dated ``since`` or later, in file-name order (deterministic), from an
    archive's files (``core.twda.read_archive``): the field that fills the empty seats of a run."""
    decks: list[Deck] = []
    for name, data in sorted(files):
        try:
            deck = decklist.parse(data, cards, path=name)
        except decklist.DecklistError:
            continue
        date = deck.event.date if deck.event else None
        if date is not None and date >= since and not unplayable(deck, cards):
            decks.append(deck)
            if limit is not None and len(decks) >= limit:
                break
    return decks


# What a slot of a run holds: one deck, at every game; or a pool of decks (an archetype's, the field's), one of which
# sits there for each game, ``pool[schedule.field_pick(seed, i, slot, len(pool))]``, as the slots of a games job's
# plan draw theirs (``simulation``). The paired games (``compare``) seat fixed opponents and such pools alike.
Slot = Deck | tuple[Deck, ...]

ENDS = {"last standing": "last_standing", "time": "time_limit"}  # Game.ended_by → the games JSON's ``end``


@dataclasses.dataclass(slots=True)
class Games:
    """What a range of games gives: a record per finished game, an error per game that raised, and the audit's
    violations summed by invariant (empty unless audited)."""

    records: list[report.GameRecord] = dataclasses.field(default_factory=list)
    errors: list[report.GameError] = dataclasses.field(default_factory=list)
    audit: dict[str, int] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True, slots=True)
class Played:
    """One game of a run, played: its table (seed, seating), the decks in seat order and the engine's result."""

    table: schedule.Table
    decks: tuple[Deck, ...]
    result: Result


def _no_field(decks: int, players: int) -> str:
    return f"{decks} decks for {players} seats and no archive decks to fill the others."


def check_table(
    *, games: int, decks: int, players: int, seed: int, rounds: int | None, rules: str, field: Sequence[Deck]
) -> None:
    """ValueError, in words, for a run that cannot be played: the table's options, the seed, the games and seat
    count, and fewer decks than seats with no archive decks to fill the others. The one check of every run of
    games (``play_games``, ``compare``)."""
    TableOptions(players=players, rounds=rounds, rules=rules, seed=seed)
    schedule.check_run(games=games, decks=decks, players=players, seed=seed)
    if decks < players and not field:
        raise ValueError(_no_field(decks, players))


def seated(
    decks: Sequence[Slot], *, seed: int, players: int, i: int, field: Sequence[Deck] = ()
) -> tuple[schedule.Table, tuple[Deck, ...]]:
    """Game ``i``'s table and the deck at each seat: the run's decks by the seating (a pool's slot: the deck it
    draws for game ``i``), the archive's decks at the FIELD seats."""
    table = schedule.table(seed, i, len(decks), players)
    if table.field_seats and not field:
        raise ValueError(_no_field(len(decks), players))
    return table, tuple(
        _drawn(decks[d], seed, i, d) if d != schedule.FIELD else field[schedule.field_pick(seed, i, seat, len(field))]
        for seat, d in enumerate(table.seats)
    )


def _drawn(slot: Slot, seed: int, i: int, d: int) -> Deck:
    """The deck slot ``d`` holds at game ``i``: its deck, or the one its pool draws."""
    if isinstance(slot, Deck):
        return slot
    return slot[0] if len(slot) == 1 else slot[schedule.field_pick(seed, i, d, len(slot))]


def bot_names(text: str, decks: int) -> tuple[str, ...]:
    """``--bots``'s value (DESIGN.md): a bot's name per deck, in the order the decks are given, comma-separated; a
    name alone applies to every deck. ValueError (in words) for an unknown name or a count that fits no deck."""
    names = tuple(name.strip() for name in text.split(","))
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise ValueError(f"Unknown bot {unknown[0]!r}: the bots are {', '.join(BOTS)}.")
    if len(names) == 1:
        return names * decks
    if len(names) != decks:
        raise ValueError(f"{len(names)} bots for {decks} decks: give one name, or one per deck.")
    return names


def seat_bots(table: schedule.Table, names: Sequence[str]) -> list[Bot]:
    """A new bot for each seat of the table: the one named for the deck it holds (``names``, by deck in the run's
    order), the heuristic bot at the archive (FIELD) seats and everywhere when no names are given."""
    return [by_name(names[d] if names and d != schedule.FIELD else "heuristic") for d in table.seats]


def play_one(
    decks: Sequence[Slot],
    cards: CardIndex,
    *,
    seed: int,
    players: int,
    i: int,
    rounds: int | None = DEFAULT_ROUNDS,
    field: Sequence[Deck] = (),
    audit: bool = False,
    rules: str = "vekn",
    log: bool = False,
    stats: Sequence[int] = (),
    bots: Sequence[str] = (),
) -> Played:
    """Game ``i`` of the run, played by the bots named for each deck (``bots``, by deck: ``seat_bots``; the
    heuristic bot by default). Raises what the engine raises. ``stats``: the deck slots whose seats keep card
    statistics (``Game.stats``, by seat)."""
    table, at_seats = seated(decks, seed=seed, players=players, i=i, field=field)
    seats = [seat for seat, slot in enumerate(table.seats) if slot in stats] if stats else ()
    result = play(
        at_seats,
        cards,
        seed=table.seed,
        bots=seat_bots(table, bots),
        max_rounds=rounds,
        log=log,
        audit=audit,
        rules=rules,
        stats=seats,
    )
    return Played(table=table, decks=at_seats, result=result)


def replay_one(played: Played, cards: CardIndex, *, rounds: int | None = DEFAULT_ROUNDS, rules: str = "vekn") -> Result:
    """The game replayed from its seed and recorded decisions, with its log: the same final hash."""
    return replay(
        played.decks,
        cards,
        seed=played.table.seed,
        decisions=played.result.decisions,
        max_rounds=rounds,
        log=True,
        rules=rules,
    )


def record(played: Played) -> report.GameRecord:
    """The ``--games-jsonl`` line of a finished game."""
    game = played.result.game
    if game.ended_by not in ENDS:
        raise ValueError(f"the game stopped without an end ({game.ended_by!r})")
    return report.GameRecord(
        game=played.table.game,
        seed=played.table.seed,
        decks=played.table.seats,
        vp=tuple(s.vp for s in game.seats),
        ousted_round=tuple(s.ousted_at for s in game.seats),
        oust_order=tuple(game.oust_order),
        winner=economy.winner(game),
        end=ENDS[game.ended_by],
        rounds=game.round,
        decisions=len(played.result.decisions),
        hash=played.result.hash,
        forced=game.forced,
        stopped=game.stopped,
    )


def play_games(
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    seed: int,
    players: int,
    start: int,
    stop: int,
    rounds: int | None = DEFAULT_ROUNDS,
    field: Sequence[Deck] = (),
    audit: bool = False,
    rules: str = "vekn",
    on_record: Callable[[report.GameRecord | report.GameError], None] | None = None,
    bots: Sequence[str] = (),
) -> Games:
    """Games ``start .. stop-1`` of the run. ``on_record`` is called after each game, in order, with its record
    or its error (the CLI writes the JSONL line then). Raises ``ValueError`` for a run that cannot be played
    (bad seed, seat count, range, options), never for a game. ``bots``: a bot's name per deck (``seat_bots``)."""
    check_table(games=1, decks=len(decks), players=players, seed=seed, rounds=rounds, rules=rules, field=field)
    if bots and len(bots) != len(decks):
        raise ValueError(f"{len(bots)} bots for {len(decks)} decks.")
    out = Games()
    audit_counts: Counter[str] = Counter()
    for table in schedule.tables(seed, len(decks), players, start, stop):
        item: report.GameRecord | report.GameError
        try:
            played = play_one(
                decks,
                cards,
                seed=seed,
                players=players,
                i=table.game,
                rounds=rounds,
                field=field,
                audit=audit,
                rules=rules,
                bots=bots,
            )
            item = record(played)
        except Exception as exc:  # any failure of one game is the run's report, never its crash (DESIGN.md)
            item = report.GameError(game=table.game, seed=table.seed, error=f"{type(exc).__name__}: {exc}")
            out.errors.append(item)
        else:
            out.records.append(item)
            audit_counts.update(played.result.audit)
        if on_record is not None:
            on_record(item)
    out.audit = {name: audit_counts[name] for name in sorted(audit_counts)}
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class RunCoverage:
    """The coverage figures of a run: over all its decks' copies, and per deck (library copies)."""

    coverage: float | None
    crypt_coverage: float | None
    unsupported: tuple[report.UnsupportedCard, ...]
    per_deck: tuple[float | None, ...]
    partial: tuple[report.UnsupportedCard, ...] = ()  # implemented in part: counted as unmodelled in the shares


def coverage(decks: Sequence[Deck], cards: CardIndex) -> RunCoverage:
    """The share of the run's library copies whose effects the engine implements, the share of its crypt
    copies whose printed abilities it implements (a vampire with ability text and no spec counts as not
    implemented; one with no ability text as implemented: ``compile.has_no_ability``), and the
    cards it does not implement (library and crypt), by copies."""
    comp = compiled(cards)
    library: Counter[int] = Counter()
    crypt: Counter[int] = Counter()
    for deck in decks:
        library.update(deck.library)
        crypt.update(deck.crypt)
    names = {card_id: cards[card_id].name for card_id in (*library, *crypt) if card_id in cards}
    lib = report.card_coverage(library, comp.implemented, names, comp.partial)
    cry = report.card_coverage(crypt, comp.crypt_implemented, names, comp.partial)
    per_deck = tuple(report.card_coverage(deck.library, comp.implemented, names, comp.partial).share for deck in decks)
    return RunCoverage(
        coverage=lib.share,
        crypt_coverage=cry.share,
        unsupported=(*lib.unsupported, *cry.unsupported),
        per_deck=per_deck,
        partial=(*lib.partial, *cry.partial),
    )


def summary(
    games: Games,
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    paths: Sequence[str],
    seed: int,
    players: int,
    seconds: float,
) -> dict[str, object]:
    """DESIGN.md's games summary of a run (``report.summarize``), with its coverage figures."""
    cover = coverage(decks, cards)
    infos = [
        report.DeckInfo(path=path, name=deck.name, coverage=share)
        for path, deck, share in zip(paths, decks, cover.per_deck, strict=True)
    ]
    return report.summarize(
        games.records,
        infos,
        seed=seed,
        players=players,
        seconds=seconds,
        coverage=cover.coverage,
        crypt_coverage=cover.crypt_coverage,
        unsupported=cover.unsupported,
        errors=games.errors,
        audit=games.audit,
        partial=cover.partial,
    )


def archive_coverage(decks: Sequence[Deck], cards: CardIndex, *, top: int = 20) -> dict[str, Any]:
    """DESIGN.md's ``engine_coverage`` figures over ``decks`` (the archive's since a date): the shares of library
    and crypt copies modelled in full (a vampire with no ability text counts as modelled; a partial card, whose
    spec leaves part of its text out, does not), the median deck's share of library copies, the share of decks
    with no card unmodelled or partial, how many distinct library cards and vampires have a full spec, every
    partial card with what it leaves out, and the ``top`` unmodelled cards by copies."""
    comp = compiled(cards)
    library: Counter[int] = Counter()
    crypt: Counter[int] = Counter()
    shares, full = [], 0
    for deck in decks:
        library.update(deck.library)
        crypt.update(deck.crypt)
        lib = report.card_coverage(deck.library, comp.implemented, {}, comp.partial)
        cry = report.card_coverage(deck.crypt, comp.crypt_implemented, {}, comp.partial)
        if lib.share is not None:
            shares.append(lib.share)
        full += not (lib.unsupported or lib.partial or cry.unsupported or cry.partial)
    names = {card_id: cards[card_id].name for card_id in (*library, *crypt, *comp.partial) if card_id in cards}
    lib = report.card_coverage(library, comp.implemented, names, comp.partial)
    cry = report.card_coverage(crypt, comp.crypt_implemented, names, comp.partial)
    missing = sorted((*lib.unsupported, *cry.unsupported), key=lambda u: (-u.copies, u.name, u.id))[:top]
    return {
        "decks": len(decks),
        "library_copies_share": lib.share,
        "crypt_copies_share": cry.share,
        "median_deck_share": statistics.median(shares) if shares else None,
        "full_decks_share": full / len(decks) if decks else None,
        "library_cards": len(comp.modelled),
        "vampires": len(frozenset(comp.vampires) - comp.partial.keys()),
        "partial": [
            {"id": card_id, "name": names.get(card_id, ""), "missing": comp.partial[card_id]}
            for card_id in sorted(comp.partial, key=lambda c: (names.get(c, ""), c))
        ],
        "top_missing": [u.to_dict() for u in missing],
    }
