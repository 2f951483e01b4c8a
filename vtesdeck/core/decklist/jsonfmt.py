"""Format ``json``: the deck's whole record as JSON, the one format that carries everything a ``Deck`` holds.

What we write is ``Deck.to_dict()`` with each card's name beside its id, for people who read the file:

    {"name": "…", "author": "…", "description": "…", "event": {…} | null,
     "crypt": [{"id": 200001, "name": "Aabbt Kindred (G2)", "count": 2}, …], "library": […],
     "comments": {"100001": "…"}, "unresolved": [{"line", "text", …}], "declared": {…}}

so ``parse(export(deck)) == deck``. Reading is lenient about cards, as decks come from elsewhere too: an
entry may give an id, a name or both (the id wins when we know it, else the name is resolved, else the
entry is kept as an unresolved line), and the shapes krcg writes (``{"crypt": {"count", "cards": […]},
"library": {"cards": [{"type", "count", "cards": […]}]}}``, tournament fields at the top) and VDB's
``{"cards": {"100001": 2}}`` are read as well.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import logging
import re
from typing import Any

from ..carddb import CardIndex
from ..deck import Deck, Declared, Event, Unresolved
from ..numbers import whole_number
from ..versions import settle
from .base import DecklistError, Format
from .entries import Entries, parse_count
from .mangled import repair_text

logger = logging.getLogger(__name__)

_EVENT_FIELDS = frozenset(f.name for f in dataclasses.fields(Event))
_UNRESOLVED_FIELDS = frozenset(f.name for f in dataclasses.fields(Unresolved))
# The tournament fields krcg writes at the top of a deck, mapped onto our Event.
_KRCG_EVENT = {
    "event": "name",
    "place": "place",
    "date": "date",
    "tournament_format": "format",
    "players_count": "players",
    "player": "winner",
    "event_link": "url",
    "score": "score",
}
_ID_KEYS = ("id", "vekn_id", "cardid", "card_id")
_COUNT_KEYS = ("count", "number", "quantity", "qty", "q")
_OBJECT_START = re.compile(r"\s*\{\s*\"")
# Numbers longer than this are no count, date or id; they stay ints (above every limit) without Python's
# costly, and above 4,300 digits refused, conversion of the whole digit string.
_LONGEST_INT = 30
_HUGE = 10**_LONGEST_INT


def _int(digits: str) -> int:
    return int(digits) if len(digits) <= _LONGEST_INT else (-_HUGE if digits.startswith("-") else _HUGE)


def _loads(text: str) -> Any:
    try:
        return json.loads(text)  # the C scanner converts numbers itself: the fast road
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError) or "digits" not in str(exc):
            raise
    # A number past Python's 4,300-digit conversion limit: read again, keeping long numbers as huge ints.
    return json.loads(text, parse_int=_int)


def detect(text: str) -> float:
    head = text[:1024]
    if not _OBJECT_START.match(head):
        return 0.9 if head.lstrip().startswith("[{") else 0.0
    return 1.0 if '"crypt"' in head or '"library"' in head or '"cards"' in head else 0.9


def parse(text: str, cards: CardIndex) -> Deck:
    try:
        data = _loads(text)
    except json.JSONDecodeError as exc:
        raise DecklistError.of("JSON_INVALID", detail=exc.msg, line=exc.lineno, column=exc.colno) from exc
    except RecursionError as exc:
        raise DecklistError.of("JSON_TOO_DEEP") from exc
    deck = Deck()
    entries = Entries(deck, cards)
    if isinstance(data, list):  # a bare list of card entries
        _read_cards(entries, data, "")
        return settle(deck, cards)  # bare shared vampire names: see versions
    if not isinstance(data, dict):
        raise DecklistError.of("JSON_NO_DECK")
    deck.name = _text(data, "name")
    deck.author = _text(data, "author") or _text(data, "owner")
    deck.description = _text(data, "description")
    if not deck.description and isinstance(data.get("comments"), str):  # krcg calls it "comments"
        deck.description = data["comments"]
    if isinstance(data.get("event"), dict):
        deck.event = _event(data["event"])
    elif any(data.get(key) not in (None, "") for key in _KRCG_EVENT):
        deck.event = _event({ours: data[theirs] for theirs, ours in _KRCG_EVENT.items() if theirs in data})
    if data.get("declared") is not None:
        deck.declared = _declared(data["declared"])
    if data.get("unresolved") is not None:
        deck.unresolved.extend(_unresolved(data["unresolved"]))
    for section in ("crypt", "library"):
        part = data.get(section)
        if isinstance(part, dict):  # krcg: {"count": 12, "cards": [...]}
            if isinstance(part.get("count"), int) and not isinstance(part["count"], bool):
                setattr(deck.declared, section, part["count"])
            part = part.get("cards")
        if part is not None:
            _read_cards(entries, part, section)
    if isinstance(data.get("cards"), dict):  # VDB and krcg's minimal form: {"100001": 2, ...}
        for key, count in data["cards"].items():
            _read_entry(entries, {"id": key, "count": count}, "")
    elif isinstance(data.get("cards"), list):
        _read_cards(entries, data["cards"], "")
    if isinstance(data.get("comments"), dict):
        for key, comment in data["comments"].items():
            if (card_id := whole_number(str(key))) is not None and isinstance(comment, str):
                deck.comments[card_id] = comment
    return settle(deck, cards)  # bare shared vampire names: see versions


_NOT_A_LIST = {"crypt": "JSON_CRYPT_NOT_A_LIST", "library": "JSON_LIBRARY_NOT_A_LIST"}


def _read_cards(entries: Entries, items: Any, section: str, *, nested: bool = False) -> None:
    if not isinstance(items, list):
        raise DecklistError.of(_NOT_A_LIST.get(section, "JSON_CARDS_NOT_A_LIST"))
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("cards"), list) and not nested:
            # krcg groups the library by card type: {"type": "Master", "count": 18, "cards": [...]}
            if isinstance(item.get("type"), str) and isinstance(item.get("count"), int):
                entries.deck.declared.sections[item["type"]] = item["count"]
            _read_cards(entries, item["cards"], section, nested=True)
        else:
            _read_entry(entries, item, section)


def _read_entry(entries: Entries, item: Any, section: str) -> None:
    if isinstance(item, str):  # ["Fame", "Fame", ...]: a name per copy
        item = {"name": item}
    if not isinstance(item, dict):
        entries.add(None, 1, line=0, text=json.dumps(item)[:200], section=section, name="")
        return
    raw_id = item.get("id")
    if raw_id is None:
        raw_id = next((item[key] for key in _ID_KEYS if key in item), None)
    raw_count = item.get("count")
    if raw_count is None:
        raw_count = next((item[key] for key in _COUNT_KEYS if key in item), 1)
    name = item.get("name", "")
    if not isinstance(name, str):
        name = ""
    card = entries.by_id(raw_id) if raw_id is not None else None
    if card is None and name:
        card = entries.by_name(name, section)
    comment = item.get("comments") or item.get("comment") or ""
    text = name or f"card id {raw_id}"
    entries.add(
        card,
        parse_count(raw_count),
        line=0,
        text=text,
        section=section,
        name=name,
        comment=comment if isinstance(comment, str) else "",
    )


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return str(value)
    raise DecklistError.of("JSON_NOT_TEXT", key=key)


def _event(data: dict[str, Any]) -> Event:
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key not in _EVENT_FIELDS or value is None:
            continue
        if key in ("date", "date_end"):
            try:
                fields[key] = datetime.date.fromisoformat(str(value))
            except ValueError as exc:
                raise DecklistError.of("JSON_BAD_DATE", key=key, value=value) from exc
        elif key == "players":
            players = parse_count(value)
            fields[key] = players if players is not None and 0 <= players <= 100_000 else None
        else:
            fields[key] = _text(data, key)
    return Event(**fields)


def _declared(data: Any) -> Declared:
    if not isinstance(data, dict):
        raise DecklistError.of("JSON_DECLARED_NOT_OBJECT")
    sections = data.get("sections") or {}
    return Declared(
        crypt=parse_count(data.get("crypt")),
        library=parse_count(data.get("library")),
        sections={str(k): n for k, v in sections.items() if (n := parse_count(v)) is not None}
        if isinstance(sections, dict)
        else {},
        trifles=parse_count(data.get("trifles")),
    )


def _unresolved(items: Any) -> list[Unresolved]:
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise DecklistError.of("JSON_UNRESOLVED_NOT_LIST")
    found = []
    for item in items:
        fields = {k: v for k, v in item.items() if k in _UNRESOLVED_FIELDS}
        suggestions = fields.get("suggestions") or []
        found.append(
            Unresolved(
                line=parse_count(fields.get("line")) or 0,
                text=str(fields.get("text", "")),
                count=parse_count(fields.get("count", 1)) or 0,
                section=str(fields.get("section") or ""),
                suggestions=[str(s) for s in suggestions] if isinstance(suggestions, list) else [],
                reason=str(fields.get("reason") or ""),
            )
        )
    return found


def export(deck: Deck, cards: CardIndex) -> str:
    """Every text exactly as the deck holds it: JSON strings escape line breaks and control characters. A
    text the reader would take for damaged mail ("Caf=E9", "DÃ³nal": see ``mangled``) is written with
    every "=" and every character past ASCII as a ``\\u`` escape instead, which no repair touches."""
    text = _export(deck, cards, ensure_ascii=False)
    if repair_text(text) != text:
        text = _export(deck, cards, ensure_ascii=True).replace("=", "\\u003d")  # "=" only occurs in strings
    return text


def _export(deck: Deck, cards: CardIndex, *, ensure_ascii: bool) -> str:
    # A card per line, for people reading it; json's indent= would switch to its pure-Python encoder,
    # ten times slower, so the layout is written here and each value is encoded by the C one.
    data = deck.to_dict(with_origin=False)
    fields = []
    for key, value in data.items():
        if key in ("crypt", "library"):
            rows = []
            for card_id, count in getattr(deck, key).items():
                card = cards.get(card_id)
                name = json.dumps(card.unique_name if card else "", ensure_ascii=ensure_ascii)
                rows.append(f'    {{"id": {card_id}, "name": {name}, "count": {count}}}')
            encoded = "[\n" + ",\n".join(rows) + "\n  ]" if rows else "[]"
        else:
            encoded = json.dumps(value, ensure_ascii=ensure_ascii)
        fields.append(f'  "{key}": {encoded}')
    return "{\n" + ",\n".join(fields) + "\n}\n"


FORMATS = (
    Format(
        name="json",
        label="JSON (vtesdeck, krcg, VDB)",
        extension="json",
        media_type="application/json",
        parse=parse,
        detect=detect,
        export=export,
    ),
)
