"""``manage.py simulate_games PATH... [--games N] [--seed S] [--players 4|5] [--rounds R] [--json]
[--games-jsonl FILE] [--audit] [--log N] [--rules vekn|2011] [--bots NAME,…]`` (DESIGN.md).

Plays N full games of the given decks at one table (``vtesdeck.core.engine.run``); with fewer decks than seats
the other seats are filled from the tournament archive's decks since 2018 (the database's when it has any, else
the archive folder ``make setup`` reads: ``VTESDECK_TWDA`` or ``../shared/twda``), in a sorted, fixed order so
the same arguments play the same games. Everything printed is the same for the same arguments except the
measured ``seconds`` and ``games_per_second`` of the summary (the JSONL lines and the logs are byte for byte).

Exit status: 0 when every game finished (and, with ``--audit``, no invariant was broken); 1 when a game raised
(listed under ``errors``) or the audit found a violation; 2 on bad input (a deck that cannot be read, is
illegal or names unknown cards, a bad number), with a one-line message and no traceback.
"""

from __future__ import annotations

import datetime
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards import index as card_index
from simulations.cli import read_deck_file
from twda.models import TournamentDeck
from vtesdeck.core.carddb import CardIndex
from vtesdeck.core.deck import Deck
from vtesdeck.core.engine import log as engine_log
from vtesdeck.core.engine import options as table_options
from vtesdeck.core.engine import report, run, schedule

USAGE_ERROR = 2
FAILED = 1
# Construction errors that make a deck unplayable; a banned card or a late printing is no reason not to simulate.


def usage(message: str) -> CommandError:
    return CommandError(message, returncode=USAGE_ERROR)


def read_deck(path: str, cards: CardIndex) -> Deck:
    """A decklist file, parsed and checked playable; a usage error otherwise."""
    deck = read_deck_file(path, cards, returncode=USAGE_ERROR)
    if deck.unresolved:
        names = ", ".join(f"line {u.line} {u.text.strip()!r}" for u in deck.unresolved[:3])
        raise usage(f"{path} names unknown cards: {names}.")
    problem = run.unplayable(deck, cards)
    if problem:
        raise usage(f"{path} is not a legal deck: {problem.rstrip('.')}.")
    return deck


def archive_folder() -> Path:
    """The archive folder ``make setup`` imports (``TWDA ?= ../shared/twda``), or ``VTESDECK_TWDA``."""
    if os.environ.get("VTESDECK_TWDA"):
        return Path(os.environ["VTESDECK_TWDA"])
    return Path(settings.BASE_DIR).parent / "shared" / "twda"


def field_decks(cards: CardIndex, since: datetime.date = run.FIELD_SINCE) -> list[Deck]:
    """The archive's playable decks since ``since`` (2018), sorted by archive id: the database's when it has any,
    else the archive folder's. Empty when there is neither."""
    from django.db import DatabaseError

    try:
        rows = list(TournamentDeck.objects.filter(date__gte=since).order_by("id").values_list("id", "deck"))
    except DatabaseError:
        rows = []
    decks: list[Deck] = []
    if rows:
        for deck_id, data in rows:
            deck = Deck.from_dict(data)
            deck.path = f"twda/{deck_id}"
            if all(c in cards for c in (*deck.crypt, *deck.library)) and not run.unplayable(deck, cards):
                decks.append(deck)
        return decks
    from vtesdeck.core.twda import ArchiveError, read_archive

    try:
        return run.field_from_files(read_archive(archive_folder()), cards, since=since)
    except ArchiveError:
        return []


def table_for(command: BaseCommand, paths: Sequence[str], players: int) -> tuple[CardIndex, list[Deck], list[Deck]]:
    """The card list, the decks given and the archive field for the empty seats: what simulate_games and
    replay_game both set a table with (a usage error when a deck is unplayable or no field fills the seats)."""
    cards, note = card_index.for_command()
    if note:
        command.stderr.write(note)
    decks = [read_deck(path, cards) for path in paths]
    field = field_decks(cards) if len(decks) < players else []
    if len(decks) < players and not field:
        raise usage(f"{len(decks)} decks for {players} seats and no archive decks to fill the others.")
    card_index.remember(cards)
    return cards, decks, field


def add_rounds(parser) -> None:
    """``--rounds R``: the table's time limit, for every command that plays games."""
    parser.add_argument(
        "--rounds",
        type=int,
        default=table_options.DEFAULT_ROUNDS,
        metavar="R",
        help="the time limit as a round cap: survivors get ½ VP each after R turns each",
    )


def add_players(parser) -> None:
    """``--players 4|5``: the seats at each table, for every command that plays games."""
    parser.add_argument("--players", type=int, default=table_options.DEFAULT_PLAYERS, metavar="4|5", help="seats")


FIELD = "field"


def add_opponents(parser) -> None:
    """``--opponents field|PATH…``: decklists at seats of their own, the archive field at the rest (the paired
    commands: compare_decks, card_impact); read by ``opponent_paths``."""
    parser.add_argument(
        "--opponents",
        nargs="+",
        default=[FIELD],
        metavar="field|PATH",
        help="the opponents' decklist files (the archive field fills the other seats), or field (the default)",
    )


def opponent_paths(opponents: list[str]) -> list[str]:
    """The decklist files ``--opponents`` names (none: the field at every other seat); a usage error for both."""
    if opponents != [FIELD] and FIELD in opponents:
        raise usage("--opponents takes the word field or decklist files, not both.")
    return [] if opponents == [FIELD] else opponents


def paired_table(
    command: BaseCommand, first: str, opponents: list[str], *, games: int, seed: int, players: int, rounds: int | None
) -> tuple[CardIndex, Deck, list[Deck], list[Deck], list[str]]:
    """The table of a paired command (compare_decks, card_impact), checked: the card list, the deck read from
    ``first``, the decks of ``--opponents``' files, the archive field for the seats left, and those files."""
    paths = opponent_paths(opponents)
    check_run(games=games, seed=seed, players=players, decks=1 + len(paths), rounds=rounds, rules="vekn")
    cards, (deck, *others), field = table_for(command, [first, *paths], players)
    return cards, deck, others, field, paths


def against(paths: Sequence[str], field: Sequence[Deck]) -> str:
    """Who the paired commands' readable output says the decks play against."""
    named = ", ".join(paths) + (" and the archive field" if field else "") if paths else "the archive field"
    return named + (f" ({len(field):,} decks)" if field else "")


def check_run(*, games: int, seed: int, players: int, decks: int, rounds: int | None, rules: str) -> None:
    try:
        table_options.TableOptions(players=players, rounds=rounds, rules=rules, seed=seed)
        schedule.check_run(games=games, decks=decks, players=players, seed=seed)
    except ValueError as exc:
        raise usage(str(exc)) from None


def seat_bot_names(text: str, decks: int) -> tuple[str, ...]:
    """``--bots`` read (``run.bot_names``), a usage error in words otherwise."""
    try:
        return run.bot_names(text, decks)
    except ValueError as exc:
        raise usage(str(exc)) from None


class Command(BaseCommand):
    requires_system_checks: list[str] = []
    help = (
        "Full simulated games of the given decks at one table (fewer decks than seats: the rest from the "
        "tournament archive since 2018). Prints a summary (--json: DESIGN.md's games summary). Exit 0 when "
        "every game finished, 1 when a game raised or the audit found a violation, 2 on bad input."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="decklist files (any supported format)")
        parser.add_argument("--games", type=int, default=run.DEFAULT_GAMES, metavar="N", help="games to play")
        parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (default 0)")
        add_players(parser)
        add_rounds(parser)
        parser.add_argument("--json", action="store_true", dest="as_json", help="print the summary as JSON")
        parser.add_argument("--games-jsonl", metavar="FILE", default=None, help="write one JSON line per game")
        parser.add_argument("--audit", action="store_true", help="check the rules' invariants; exit 1 if broken")
        parser.add_argument("--log", type=int, default=None, metavar="N", help="print game N's log first")
        parser.add_argument("--rules", default="vekn", metavar="vekn|2011", help="the rules (default vekn)")
        parser.add_argument(
            "--bots",
            default="heuristic",
            metavar="NAME,…",
            help="the bot at each deck's seats, in the decks' order, or one for all: heuristic (default), "
            "baseline (the frozen yardstick), random; the archive's seats get the heuristic bot",
        )

    def handle(
        self,
        *args: Any,
        paths: list[str],
        games: int,
        seed: int,
        players: int,
        rounds: int | None,
        as_json: bool,
        games_jsonl: str | None,
        audit: bool,
        log: int | None,
        rules: str,
        bots: str,
        **options: Any,
    ) -> None:
        check_run(games=games, seed=seed, players=players, decks=len(paths), rounds=rounds, rules=rules)
        names = seat_bot_names(bots, len(paths))
        if log is not None and not 0 <= log < games:
            raise usage(f"--log must name a game from 0 to {games - 1}, not {log}.")
        cards, decks, field = table_for(self, paths, players)
        out = None
        if games_jsonl is not None:
            try:
                out = open(games_jsonl, "w", encoding="utf-8")  # noqa: SIM115 (closed below, written per game)
            except OSError as exc:
                raise usage(f"Cannot write {games_jsonl}: {exc.strerror or exc}.") from None

        def write(item: report.GameRecord | report.GameError) -> None:
            if out is not None and isinstance(item, report.GameRecord):
                out.write(item.to_json_line() + "\n")

        started = time.perf_counter()
        try:
            played = run.play_games(
                decks,
                cards,
                seed=seed,
                players=players,
                start=0,
                stop=games,
                rounds=rounds,
                field=field,
                audit=audit,
                rules=rules,
                on_record=write,
                bots=names,
            )
        finally:
            if out is not None:
                out.close()
        seconds = time.perf_counter() - started
        if log is not None:
            self.stdout.write(
                game_log(
                    decks, cards, seed=seed, players=players, i=log, rounds=rounds, field=field, rules=rules, bots=names
                )
            )
        summary = run.summary(played, decks, cards, paths=paths, seed=seed, players=players, seconds=seconds)
        if as_json:
            self.stdout.write(report.summary_json(summary))
        else:
            self.stdout.write(readable(summary))
        if played.errors:
            first = played.errors[0]
            raise CommandError(
                f"{len(played.errors)} of {games} games raised an error (first: game {first.game}, seed "
                f"{first.seed}: {first.error}).",
                returncode=FAILED,
            )
        if audit and played.audit:
            broken = ", ".join(f"{name} {count}" for name, count in played.audit.items())
            raise CommandError(f"The audit found violations: {broken}.", returncode=FAILED)


def game_log(
    decks: Sequence[Deck],
    cards: CardIndex,
    *,
    seed: int,
    players: int,
    i: int,
    rounds: int | None,
    field: Sequence[Deck],
    rules: str,
    bots: Sequence[str] = (),
) -> str:
    """Game ``i`` of the run played again with its log (the bots are deterministic: the same game)."""
    try:
        played = run.play_one(
            decks, cards, seed=seed, players=players, i=i, rounds=rounds, field=field, rules=rules, bots=bots
        )
        result = run.replay_one(played, cards, rounds=rounds, rules=rules)
    except Exception as exc:  # the game's error is already the run's report; its log is what there is
        return f"Game {i}: {type(exc).__name__}: {exc}"
    header = f"Game {i}, seed {played.table.seed}: " + ", ".join(
        f"seat {s} {d.name or d.path}" for s, d in enumerate(played.decks)
    )
    return "\n".join([header, engine_log.render(result.game, cards), f"hash {result.hash}", ""])


def readable(summary: dict[str, Any]) -> str:
    def num(value: Any, fmt: str) -> str:
        return "—" if value is None else format(value, fmt)

    lines = [
        f"{summary['games']:,} games, {summary['players']} seats, seed {summary['seed']}: "
        f"{summary['seconds']:.2f} s ({num(summary['games_per_second'], ',.1f')} games/s)",
        f"rounds {num(summary['rounds_mean'], '.1f')} on average, {summary['timeouts']} on the time limit; "
        f"{num(summary['decisions_mean'], '.0f')} decisions a game, {num(summary['forced_share'], '.0%')} forced",
        f"coverage: library {num(summary['coverage'], '.0%')}, crypt {num(summary['crypt_coverage'], '.0%')}",
        "",
    ]
    for deck in summary["decks"]:
        ci = deck["vp_ci95"]
        interval = f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else ""
        lines.append(
            f"{deck['name'] or deck['path']}: {deck['seat_games']} games, VP {num(deck['vp_mean'], '.2f')}{interval}, "
            f"{deck['game_wins']} wins, ousted {deck['ousted']}, coverage {num(deck['coverage'], '.0%')}"
        )
    if summary["unsupported"]:
        top = ", ".join(f"{u['name']} ×{u['copies']}" for u in summary["unsupported"][:10])
        lines += ["", f"not implemented (most copies first): {top}"]
    for error in summary["errors"]:
        lines.append(f"game {error['game']} (seed {error['seed']}): {error['error']}")
    if summary["audit"]:
        lines.append("audit: " + json.dumps(summary["audit"]))
    return "\n".join(lines)
