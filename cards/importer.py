"""Storing a parsed card list: all of it in one transaction, or nothing.

The core has already read and checked every file before this runs, so a bad CSV never reaches the
database; the transaction covers the other failures (a dropped connection, a full disk).
"""

from __future__ import annotations

import dataclasses
import logging

from django.db import transaction

from vtesdeck.core.carddb import CardList
from vtesdeck.core.domain import Card as CoreCard

from . import index
from .models import Card, CardDiscipline, CardListVersion, CardSet, Printing, key

logger = logging.getLogger(__name__)

CARD_FIELDS = [
    "kind",
    "name",
    "printed_name",
    "unique_name",
    "name_search",
    "text",
    "text_search",
    "types",
    "clans",
    "path",
    "sect",
    "title",
    "group",
    "capacity",
    "votes",
    "advanced",
    "base_id",
    "banned_year",
    "first_release",
    "data",
]
BATCH = 500


@dataclasses.dataclass(kw_only=True)
class ImportResult:
    sets: int
    crypt: int
    library: int
    created: int
    updated: int
    unchanged: int
    not_in_source: int  # cards stored earlier that this list no longer has (kept: decks use them)


def row_for(card: CoreCard) -> Card:
    return Card(
        id=card.id,
        kind=card.kind.value,
        name=card.name,
        printed_name=card.printed_name,
        unique_name=card.unique_name,
        name_search=key(card.name_forms),
        text=card.text,
        text_search=card.text.lower(),
        types=key(card.types),
        clans=key(card.clans),
        path=card.path,
        sect=card.sect,
        title=card.title,
        group=card.group,
        capacity=card.capacity,
        votes=card.votes,
        advanced=card.advanced,
        base_id=card.base_id,
        banned_year=card.banned_year,
        first_release=card.first_release,
        data=card.to_dict(),
    )


def store(card_list: CardList) -> ImportResult:
    from vtesdeck.core.carddb import CardIndex

    # The index fills in every card's name forms; storing them keeps search and parser in step.
    cards = list(CardIndex(card_list.cards))
    with transaction.atomic():
        previous = dict(Card.objects.values_list("id", "data"))
        CardSet.objects.bulk_create(
            [
                CardSet(abbrev=s.abbrev, vekn_id=s.vekn_id, name=s.name, release_date=s.release_date, company=s.company)
                for s in card_list.sets.values()
            ],
            update_conflicts=True,
            unique_fields=["abbrev"],
            update_fields=["vekn_id", "name", "release_date", "company"],
            batch_size=BATCH,
        )
        rows = [row_for(c) for c in cards]
        Card.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["id"], update_fields=CARD_FIELDS, batch_size=BATCH
        )
        ids = [c.id for c in cards]
        # Child rows are rebuilt rather than diffed: cheaper to write than to compare, and exact.
        CardDiscipline.objects.filter(card_id__in=ids).delete()
        Printing.objects.filter(card_id__in=ids).delete()
        CardDiscipline.objects.bulk_create(_discipline_rows(cards), batch_size=BATCH)
        Printing.objects.bulk_create(
            [
                Printing(card_id=c.id, set_id=p.set, code=p.code, rarity=p.rarity, precon=p.precon, copies=p.copies)
                for c in cards
                for p in c.printings
            ],
            batch_size=BATCH,
        )
        # Web processes read this version (ETags, the search snapshot) rather than digest the tables.
        CardListVersion.stamp()
    index.reset()
    created = sum(1 for r in rows if r.id not in previous)
    updated = sum(1 for r in rows if r.id in previous and previous[r.id] != r.data)
    return ImportResult(
        sets=len(card_list.sets),
        crypt=sum(1 for c in cards if c.is_crypt),
        library=sum(1 for c in cards if not c.is_crypt),
        created=created,
        updated=updated,
        unchanged=len(rows) - created - updated,
        not_in_source=len(set(previous) - set(ids)),
    )


def _discipline_rows(cards: list[CoreCard]) -> list[CardDiscipline]:
    rows = []
    for card in cards:
        if card.is_crypt:
            rows += [CardDiscipline(card_id=card.id, code=d.code, superior=d.superior) for d in card.disciplines]
        else:
            codes = dict.fromkeys(card.discipline_requirement.codes)  # "Potence & Potence" would repeat
            rows += [CardDiscipline(card_id=card.id, code=code, superior=False) for code in codes]
    return rows
