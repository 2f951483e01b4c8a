"""The card pools of the reduced formats, kept as versioned data, and the check of that data.

``data/v5.json`` is VEKN's V5 format (tournament rules §6.4): the sets of the Fifth Edition era and the
promo cards issued since, each entry with its source in the official card list and a note where the
anchors disagree. ``validate.RULESETS["v5"]`` is built from it (``v5_pool``); ``check_pool`` says what is
wrong with the data against a card list (an unknown set, a "promo" that is no promo…), so a new card list
or a hand edit that breaks the data fails a test instead of silently changing the format.

Pure Python: the card list comes in as plain objects (``carddb``).
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .carddb import set_release_date
from .domain import Card, CardSet

DATA = Path(__file__).with_name("data")
V5_FILE = DATA / "v5.json"

PROMO_PREFIX = "Promo"  # vtessets.csv names every promo "Promo-YYYYMMDD"


@dataclasses.dataclass(frozen=True)
class Pool:
    """A format's card pool: cards printed in ``sets``, plus the ``promos`` by id."""

    version: str
    sets: frozenset[str]
    promos: frozenset[int]
    promos_from: datetime.date


@functools.cache
def v5_data() -> dict[str, Any]:
    """The V5 pool data as stored (``data/v5.json``)."""
    data: dict[str, Any] = json.loads(V5_FILE.read_text(encoding="utf-8"))
    return data


@functools.cache
def v5_pool() -> Pool:
    return pool_from(v5_data())


def pool_from(data: Mapping[str, Any]) -> Pool:
    return Pool(
        version=str(data["version"]),
        sets=frozenset(str(entry["abbrev"]) for entry in data["sets"]),
        promos=frozenset(int(entry["id"]) for entry in data["promos"]),
        promos_from=datetime.date.fromisoformat(data["promos_from"]),
    )


def check_pool(data: Mapping[str, Any], sets: Mapping[str, CardSet], cards: Iterable[Card]) -> list[str]:
    """What the pool data gets wrong against the official card list (``sets`` from vtessets.csv, the
    cards with their printings), one sentence per problem; empty when every entry holds:

    * every entry names its source; a set exists in vtessets.csv under the name the entry gives;
    * a promo exists under its id and name, is printed as a promo on or after ``promos_from``, and is
      not listed twice; a promo also printed in a listed set is redundant (the set brings it already);
    * a promo whose first printing came before ``promos_from`` carries a note (the anchors disagree).
    """
    problems: list[str] = []
    by_id = {card.id: card for card in cards}
    known_sets = dict(sets)
    start = datetime.date.fromisoformat(data["promos_from"])
    listed_sets = set()
    for entry in data["sets"]:
        abbrev = entry.get("abbrev", "")
        listed_sets.add(abbrev)
        if not entry.get("source"):
            problems.append(f"Set {abbrev!r} gives no source.")
        found = sets.get(abbrev)
        if found is None:
            problems.append(f"Set {abbrev!r} is not in vtessets.csv.")
        elif found.name != entry.get("name"):
            problems.append(f"Set {abbrev!r} is {found.name!r} in vtessets.csv, not {entry.get('name')!r}.")
    seen: set[int] = set()
    for entry in data["promos"]:
        card_id, name = entry.get("id"), entry.get("name")
        if card_id in seen:
            problems.append(f"Promo {card_id} ({name}) is listed twice.")
        seen.add(card_id)
        if not entry.get("source"):
            problems.append(f"Promo {card_id} ({name}) gives no source.")
        card = by_id.get(card_id) if isinstance(card_id, int) else None
        if card is None:
            problems.append(f"Promo {card_id!r} ({name}) is not in the card list.")
            continue
        if card.name != name:
            problems.append(f"Promo {card_id} is {card.name!r} in the card list, not {name!r}.")
        promo_days = [set_release_date(p.set, known_sets) for p in card.printings if p.set.startswith(PROMO_PREFIX)]
        if not promo_days:
            problems.append(f"{card.name} ({card_id}) is not printed as a promo.")
        elif not any(day is not None and day >= start for day in promo_days):
            problems.append(f"{card.name} ({card_id}) has no promo printing on or after {start.isoformat()}.")
        in_sets = sorted(listed_sets & {p.set for p in card.printings})
        if in_sets:
            problems.append(f"{card.name} ({card_id}) is printed in {', '.join(in_sets)}, already in the pool.")
        if card.first_release is not None and card.first_release < start and not entry.get("note"):
            problems.append(
                f"{card.name} ({card_id}) was first printed {card.first_release.isoformat()}, "
                "before the V5 era, and needs a note."
            )
    return problems
