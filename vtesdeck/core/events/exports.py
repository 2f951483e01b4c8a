"""What an event hands on once it is over: the winner's deck for the archive, the standings, the report for
the ratings.

    twd_report(deck, cards, event="Camarilla Cup", location="Lyon, France", date=day, rounds_label="3R+F",
               players=20, winner="Ana Pérez", score="2GW8 + 3VP in the final")
    standings_csv(rows)     # rank, number, name, vekn, gw, vp, tp, toss, finals, status
    archon_report(rows)     # one row per player, in the columns of the Archon's results sheet

Why these three (VEKN tournament rules §9, event reporting): the organiser reports the event to the VEKN,
whose ratings read the Archon's results sheet, and the winning deck goes to the Tournament Winning Deck
Archive, which takes it in its own text layout. The standings are the judge's own record, in a plain CSV any
spreadsheet opens.

The winner's list is written by the decklist package's own archive writer (``decklist.export(…, "twd")``)
with the event's header in front, so it reads back with ``decklist.parse`` like any archive entry: the same
cards and the same event fields.

The CSVs are text (the caller encodes them, in UTF-8) with a header row, as the ``csv`` module writes them.
A cell a player typed (a name) that starts like a spreadsheet formula (``=``, ``+``, ``-``, ``@``) gets a
leading apostrophe, so opening the file in a spreadsheet never runs it.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck, Declared, Event
from ..decklist import export

STANDINGS_COLUMNS = ("rank", "number", "name", "vekn", "gw", "vp", "tp", "toss", "finals", "status")

# The columns of the Archon's results sheet, the one the VEKN rating upload reads, spelled as it spells them.
ARCHON_COLUMNS = (
    "Player Num",
    "First Name",
    "Last Name",
    "Country",
    "Vekn #",
    "Games Played",
    "Games Won",
    "Total VPs",
    "Minimum VPs",
    "VPs in final",
    "Rank",
)

_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def twd_report(
    deck: Deck,
    cards: CardIndex,
    *,
    event: str,
    location: str,
    date: datetime.date,
    rounds_label: str,
    players: int,
    winner: str,
    event_url: str = "",
    score: str = "",
) -> str:
    """The winner's list in the Tournament Winning Deck Archive's layout: the event's header (name, place,
    "June 2nd 2024", "3R+F", "20 players", the winner, the event's page), the final's score line
    ("-- 2GW8 + 3VP in the final"), then the deck as the archive writes it.

    Args:
        deck: the winner's locked list.
        score: the winner's result, with or without its leading "--".

    Raises:
        ValueError: a negative number of players.
    """
    if players < 0:
        raise ValueError(f"an event has no negative number of players ({players})")
    score = score.strip()
    if score.startswith("--"):
        score = score[2:].strip()
    header = Event(
        name=event,
        place=location,
        date=date,
        format=rounds_label,
        players=players,
        winner=winner,
        url=event_url,
        score=score,
    )
    # The counts a decklist once stated about itself (a miscounted "Library (91)") are not the archive's:
    # the headers state the list's real counts.
    return export(dataclasses.replace(deck, event=header, declared=Declared()), cards, "twd")


def standings_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """The standings as CSV, one row per player in the order given: ``STANDINGS_COLUMNS``, a missing or
    None value an empty cell (``finals`` is the final's place, empty for those who did not play it)."""
    return _csv(STANDINGS_COLUMNS, ([row.get(column) for column in STANDINGS_COLUMNS] for row in rows))


def split_name(name: str) -> tuple[str, str]:
    """A single name as first and last names, split at the last space ("Jean Claude Dupont" → "Jean Claude",
    "Dupont"); a name of one word is all first name."""
    first, _, last = " ".join(name.split()).rpartition(" ")
    return (first, last) if first else (last, "")


def archon_report(rows: Sequence[Mapping[str, Any]]) -> str:
    """The event's results as the Archon's results sheet lays them out, the one VEKN's rating upload reads:
    ``ARCHON_COLUMNS``, one row per player, in the order given.

    Each row's keys: ``number`` (Player Num), ``name`` (split into First and Last Name at the last space),
    ``country``, ``vekn``, ``games`` (Games Played), ``gw`` (Games Won), ``vp`` (Total VPs), ``min_vp``
    (Minimum VPs), ``finals_vp`` (VPs in final, empty for those who did not play it) and ``rank``. The figures
    are the caller's, written as given: a missing or None value is an empty cell.
    """
    keys = ("number", "country", "vekn", "games", "gw", "vp", "min_vp", "finals_vp", "rank")
    lines = []
    for row in rows:
        first, last = split_name(str(row.get("name") or ""))
        number, country, vekn, *figures = (row.get(key) for key in keys)
        lines.append([number, first, last, country, vekn, *figures])
    return _csv(ARCHON_COLUMNS, lines)


def _csv(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        # 3.0 VPs is written "3", 2.5 "2.5": as the score sheets write them.
        return str(int(value)) if value.is_integer() else str(value)
    if isinstance(value, str):
        return "'" + value if value.startswith(_FORMULA) else value
    return str(value)
