"""Players' decks out to one JSON document and back in (``manage.py backup_decks`` / ``restore_decks``).

The document is meant to outlive the database it came from: a restore into an empty database, a newer
release or another engine (SQLite → PostgreSQL) gives the same users, passwords, decks, cards, tags,
versions and revisions. So it holds only what a player made, by stable keys (user names, deck ids, VEKN
card ids, revision numbers), never row ids; what the site derives from it (a deck's counts, clans and
verdict) is computed again on the way in. Card names ride along for a person reading the file; the ids
are what count.

A restore judges the whole document before it writes anything: any problem (a truncated file, a field of
the wrong type, a card the database does not know, a duplicated id, a deck another user owns here) is
reported with every other problem found, as sentences naming where in the document it is, and nothing is
written. The writes then run in one transaction. What is already there wins unless asked otherwise: an
existing user (matched by name) keeps their password and details, an existing deck (matched by id) with
the same or a newer version is kept; ``replace=True`` puts the backup's in their place.
"""

from __future__ import annotations

import dataclasses
import datetime
import gzip
import io
import json
import os
import sys
import tempfile
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX, identify_hasher
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from vtesdeck.core.deck import Deck as CoreDeck

from . import services
from .fields import AUTHOR_MAX, DESCRIPTION_MAX, NAME_MAX
from .models import ID_LENGTH, Deck, DeckCard, Revision, Tag

FORMAT = "vtesdeck-decks"
FORMAT_VERSION = 1
# Problems listed before "and N more": enough to see a pattern, short enough to read.
MAX_PROBLEMS_SHOWN = 40
GZIP_MAGIC = b"\x1f\x8b"


class BackupError(Exception):
    """A document that cannot be restored, or a backup that cannot be written; ``problems`` are
    sentences for the person running the command."""

    def __init__(self, problems: str | list[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        shown = self.problems[:MAX_PROBLEMS_SHOWN]
        if len(self.problems) > len(shown):
            shown.append(f"… and {len(self.problems) - len(shown)} more problems.")
        super().__init__("\n".join(shown))


# --- the API tokens, when the accounts app keeps them ----------------------------------------------

# What a token is stored as: its name, the SHA-256 of its key (the key itself is never stored), the prefix
# its owner tells it by, and when it was made and last used.
TOKEN_FIELDS = ("name", "key_hash", "prefix", "created", "last_used")
_HEX = frozenset("0123456789abcdef")


def _token_model():
    """``accounts.ApiToken`` if this release has it, else None (the backup then holds no tokens)."""
    try:
        return apps.get_model("accounts", "ApiToken")
    except LookupError:
        return None


# --- writing a backup ------------------------------------------------------------------------------


def _iso(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def dump(usernames: Iterable[str] | None = None) -> dict[str, Any]:
    """The backup document: every user owning a deck, or the users named (whether they own decks or not).

    Read in one transaction, so the document is one consistent moment of the database even while players
    edit (on PostgreSQL a repeatable-read snapshot; SQLite's read transaction is one already).
    """
    User = get_user_model()
    outermost = not connection.in_atomic_block  # an isolation level is set only when opening a transaction
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        if usernames is not None:
            names = list(dict.fromkeys(usernames))
            users = list(User.objects.filter(username__in=names).order_by("username"))
            missing = sorted(set(names) - {user.get_username() for user in users})
            if missing:
                raise BackupError([f"No user is called “{name}”." for name in missing])
        else:
            users = list(User.objects.filter(decks__isnull=False).distinct().order_by("username"))
        decks_by_owner: dict[int, list[dict[str, Any]]] = {user.pk: [] for user in users}
        cards = services.card_index()
        decks = (
            Deck.objects.filter(owner__in=users)
            .prefetch_related("tags", "cards", "revisions")
            .order_by("owner_id", "created", "id")
        )
        for deck in decks.iterator(chunk_size=200):
            decks_by_owner[deck.owner_id].append(_deck_entry(deck, cards))
        tokens = _tokens_by_owner(users)
        entries = []
        for user in users:
            entry = {
                "username": user.get_username(),
                "email": user.email,
                "password": user.password,
                "is_active": user.is_active,
                "date_joined": _iso(user.date_joined),
                "decks": decks_by_owner[user.pk],
            }
            if tokens is not None:
                entry["api_tokens"] = tokens.get(user.pk, [])
            entries.append(entry)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "created": _iso(timezone.now()),
        "users": entries,
    }


def _deck_entry(deck: Deck, cards) -> dict[str, Any]:
    rows = sorted(deck.cards.all(), key=lambda row: (row.position, row.id))
    card_entries = []
    for row in rows:
        card = cards.get(row.card_id)
        entry = {
            "id": row.card_id,
            "name": card.unique_name if card is not None else None,
            "part": "crypt" if row.crypt else "library",
            "count": row.count,
        }
        if row.comment:
            entry["comment"] = row.comment
        card_entries.append(entry)
    return {
        "id": deck.id,
        "name": deck.name,
        "author": deck.author,
        "description": deck.description,
        "visibility": deck.visibility,
        "format": deck.format,
        "tags": sorted(tag.name for tag in deck.tags.all()),
        "version": deck.version,
        "created": _iso(deck.created),
        "updated": _iso(deck.updated),
        "cloned_from": deck.cloned_from_id,
        "cards": card_entries,
        "revisions": [
            {"number": r.number, "note": r.note, "created": _iso(r.created), "data": r.data}
            for r in sorted(deck.revisions.all(), key=lambda r: r.number)
        ],
    }


def _tokens_by_owner(users) -> dict[int, list[dict[str, Any]]] | None:
    model = _token_model()
    if model is None:
        return None
    found: dict[int, list[dict[str, Any]]] = {}
    for token in model.objects.filter(user__in=users).order_by("user_id", "created", "pk"):
        found.setdefault(token.user_id, []).append(
            {
                "name": token.name,
                "key_hash": token.key_hash,
                "prefix": token.prefix,
                "created": _iso(token.created),
                "last_used": _iso(token.last_used),
            }
        )
    return found


def write(document: dict[str, Any], target: str, *, stdout: IO[str] | io.TextIOBase | None = None) -> int:
    """Writes the document to ``target`` (gzip when it ends in ``.gz``; ``-`` is standard output) and
    returns its size in bytes. A file is written beside its final name and renamed at the end, so a backup
    that fails half-way never leaves a truncated file where a good one was."""
    data = json.dumps(document, ensure_ascii=False, indent=1).encode() + b"\n"
    if target == "-":
        out = stdout or sys.stdout
        out.write(data.decode())
        out.flush()
        return len(data)
    path = Path(target)
    if path.name.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    except OSError as exc:
        raise BackupError(f"Cannot write in {folder}: {exc.strerror or exc}.") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o600)  # password hashes: for the site's operators only
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise BackupError(f"Cannot write {path}: {exc.strerror or exc}.") from None
    return len(data)


# --- reading a backup ------------------------------------------------------------------------------


def read(source: str, *, stdin: IO[bytes] | None = None) -> dict[str, Any]:
    """The document in ``source`` (a file, gzipped or not, or ``-`` for standard input), or ``BackupError``
    saying why it cannot be read."""
    try:
        if source == "-":
            raw = (stdin or sys.stdin.buffer).read()
        else:
            raw = Path(source).read_bytes()
    except FileNotFoundError:
        raise BackupError(f"There is no file {source}.") from None
    except IsADirectoryError:
        raise BackupError(f"{source} is a folder, not a backup file.") from None
    except OSError as exc:
        raise BackupError(f"Cannot read {source}: {exc.strerror or exc}.") from None
    return parse(raw, name=source)


def parse(raw: bytes, *, name: str = "the backup") -> dict[str, Any]:
    if raw.startswith(GZIP_MAGIC):
        try:
            raw = gzip.decompress(raw)
        except (EOFError, gzip.BadGzipFile, zlib.error, OSError):
            raise BackupError(f"{name} is a damaged or truncated gzip file.") from None
    if not raw.strip():
        raise BackupError(f"{name} is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BackupError(
            f"{name} is not UTF-8 text (byte {exc.start}): is it a backup made by backup_decks?"
        ) from None
    try:
        document = json.loads(text)
    except RecursionError:
        raise BackupError(f"{name} is nested too deeply to be a backup.") from None
    except json.JSONDecodeError as exc:
        # A backup ends with its closing brace: a file cut short (a full disk, an interrupted copy) does not.
        ending = " (the file ends too early: truncated?)" if not text.rstrip().endswith("}") else ""
        raise BackupError(
            f"{name} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno}){ending}."
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f'{name} is not a deck backup (it has no "format": "{FORMAT}").')
    version = document.get("format_version")
    if version != FORMAT_VERSION:
        raise BackupError(
            f"{name} has format version {json.dumps(version)}; this release reads version {FORMAT_VERSION} only."
        )
    return document


# --- judging a document ----------------------------------------------------------------------------


@dataclasses.dataclass
class _Card:
    id: int
    crypt: bool
    count: int
    comment: str


@dataclasses.dataclass
class _Deck:
    id: str
    name: str
    author: str
    description: str
    visibility: str
    format: str
    tags: list[str]
    version: int
    created: datetime.datetime
    updated: datetime.datetime
    cloned_from: str | None
    cards: list[_Card]
    revisions: list[dict[str, Any]]


@dataclasses.dataclass
class _User:
    username: str
    email: str
    password: str
    is_active: bool
    date_joined: datetime.datetime
    decks: list[_Deck]
    tokens: list[dict[str, Any]] | None


class _Checker:
    """Reads the document into plain records, collecting a sentence per problem instead of stopping at
    the first: whoever fixes the file sees them all at once."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def problem(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def field(
        self,
        data: dict,
        key: str,
        kinds: type | tuple,
        where: str,
        *,
        max_length: int | None = None,
        optional: bool = False,
        default: Any = None,
    ) -> Any:
        if key not in data:
            if not optional:
                self.problem(where, f"“{key}” is missing.")
            return default
        value = data[key]
        expected = kinds if isinstance(kinds, tuple) else (kinds,)
        if (isinstance(value, bool) and bool not in expected) or not isinstance(value, expected):
            names = " or ".join(_TYPE_NAMES.get(kind, kind.__name__) for kind in expected)
            self.problem(where, f"“{key}” should be {names}, not {_describe(value)}.")
            return default
        if max_length is not None and isinstance(value, str) and len(value) > max_length:
            self.problem(where, f"“{key}” is longer than {max_length} characters.")
            return default
        return value

    def moment(self, data: dict, key: str, where: str) -> datetime.datetime | None:
        value = self.field(data, key, str, where)
        if value is None:
            return None
        try:
            moment = datetime.datetime.fromisoformat(value)
        except ValueError:
            self.problem(where, f"“{key}” is not a date and time (ISO 8601): {json.dumps(value)[:60]}.")
            return None
        if moment.tzinfo is None:
            self.problem(where, f"“{key}” has no time zone: {value}.")
            return None
        return moment

    def count(self, data: dict, key: str, where: str, *, low: int = 1, high: int | None = None) -> int | None:
        value = self.field(data, key, int, where)
        if value is None:
            return None
        if value < low or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.problem(where, f"“{key}” should be a whole number {bounds}, not {value}.")
            return None
        return value


_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {str: "text", int: "a number", float: "a number", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__
    )


def check(document: dict[str, Any]) -> list[_User]:
    """The document's users and decks as records, or ``BackupError`` listing every problem (format,
    types, bounds, duplicated user names, deck ids and revision numbers, unknown cards)."""
    checker = _Checker()
    users_data = checker.field(document, "users", list, "the backup", default=[])
    checker.moment(document, "created", "the backup")
    users: list[_User] = []
    seen_users: dict[str, str] = {}
    seen_decks: dict[str, str] = {}
    seen_tokens: set[str] = set()
    unknown: dict[int, tuple[set[str], list[str]]] = {}  # card id → (names the backup gives, where)
    cards = services.card_index()
    token_model = _token_model()
    for u, data in enumerate(users_data):
        where = f"users[{u}]"
        if not isinstance(data, dict):
            checker.problem(where, f"should be an object, not {_describe(data)}.")
            continue
        username = checker.field(data, "username", str, where, max_length=150)
        if username is not None:
            where = f"user “{username}”"
            if not username.strip():
                checker.problem(f"users[{u}]", "the user name is empty.")
            elif not _valid_username(username):
                checker.problem(where, "is not a user name this site accepts (letters, digits and @/./+/-/_).")
            elif username in seen_users:
                checker.problem(where, f"appears twice in the backup ({seen_users[username]} and users[{u}]).")
            seen_users.setdefault(username, f"users[{u}]")
        email = checker.field(data, "email", str, where, max_length=254, default="")
        password = checker.field(data, "password", str, where, max_length=128)
        if password is not None and not password.startswith(UNUSABLE_PASSWORD_PREFIX):
            try:
                identify_hasher(password)
            except ValueError:
                checker.problem(where, "the password hash is not in a format this site knows (PASSWORD_HASHERS).")
        is_active = checker.field(data, "is_active", bool, where)
        date_joined = checker.moment(data, "date_joined", where)
        decks = []
        for d, deck_data in enumerate(checker.field(data, "decks", list, where, default=[])):
            deck = _check_deck(checker, deck_data, f"{where}, decks[{d}]", cards, unknown, seen_decks)
            if deck is not None:
                decks.append(deck)
        tokens = None
        if token_model is not None:
            tokens = []
            for t, entry in enumerate(checker.field(data, "api_tokens", list, where, optional=True, default=[])):
                token = _check_token(checker, entry, f"{where}, api_tokens[{t}]", seen_tokens)
                if token is not None:
                    tokens.append(token)
        if username is not None and password is not None and is_active is not None and date_joined is not None:
            users.append(_User(username, email, password, is_active, date_joined, decks, tokens))
    for card_id, (names, places) in sorted(unknown.items()):
        more = f" and {len(places) - 3} more decks" if len(places) > 3 else ""
        checker.problems.append(
            f"Card id {card_id} ({', '.join(sorted(names))}), in {'; '.join(places[:3])}{more}, is not in this "
            "database's card list: import the card list first (manage.py import_cards), or remove the card from "
            "the backup."
        )
    if checker.problems:
        raise BackupError(checker.problems)
    return users


def _valid_username(name: str) -> bool:
    validator = getattr(get_user_model(), "username_validator", None)
    if validator is None:
        return True
    try:
        validator(name)
    except ValidationError:
        return False
    return True


def _check_token(checker: _Checker, data: Any, where: str, seen: set[str]) -> dict[str, Any] | None:
    if not isinstance(data, dict):
        checker.problem(where, f"should be an object, not {_describe(data)}.")
        return None
    before = len(checker.problems)
    name = checker.field(data, "name", str, where, max_length=100)
    key_hash = checker.field(data, "key_hash", str, where)
    if key_hash is not None:
        if len(key_hash) != 64 or not set(key_hash) <= _HEX:
            checker.problem(where, "“key_hash” is not a SHA-256 hash (64 lower-case hexadecimal digits).")
        elif key_hash in seen:
            checker.problem(where, "this token's hash appears twice in the backup.")
        seen.add(key_hash)
    prefix = checker.field(data, "prefix", str, where, max_length=40)
    created = checker.moment(data, "created", where)
    last_used = None
    if data.get("last_used") is not None:
        last_used = checker.moment(data, "last_used", where)
    if len(checker.problems) > before:
        return None
    return {"name": name, "key_hash": key_hash, "prefix": prefix, "created": created, "last_used": last_used}


def _check_deck(
    checker: _Checker,
    data: Any,
    where: str,
    cards,
    unknown: dict[int, tuple[set[str], list[str]]],
    seen: dict[str, str],
) -> _Deck | None:
    if not isinstance(data, dict):
        checker.problem(where, f"should be an object, not {_describe(data)}.")
        return None
    before = len(checker.problems)
    deck_id = checker.field(data, "id", str, where, max_length=ID_LENGTH)
    if deck_id is not None:
        if not deck_id.strip():
            checker.problem(where, "the deck id is empty.")
        elif deck_id in seen:
            checker.problem(where, f"deck id {deck_id} appears twice in the backup (first at {seen[deck_id]}).")
        seen.setdefault(deck_id, where)
        where = f"{where} (deck {deck_id})"
    name = checker.field(data, "name", str, where, max_length=NAME_MAX)
    author = checker.field(data, "author", str, where, max_length=AUTHOR_MAX, default="")
    description = checker.field(data, "description", str, where, max_length=DESCRIPTION_MAX, default="")
    visibility = checker.field(data, "visibility", str, where)
    if visibility is not None and visibility not in Deck.Visibility.values:
        checker.problem(
            where, f"unknown visibility {json.dumps(visibility)[:40]} (one of {', '.join(Deck.Visibility.values)})."
        )
    tags = checker.field(data, "tags", list, where, default=[])
    for tag in tags:
        if not isinstance(tag, str) or not tag or len(tag) > 40 or slugify(tag, allow_unicode=True) != tag:
            checker.problem(where, f"{json.dumps(tag)[:50]} is not a tag (lower-case words joined by dashes).")
    if len(set(tags) if all(isinstance(t, str) for t in tags) else tags) != len(tags):
        checker.problem(where, "a tag appears twice.")
    if len(tags) > services.MAX_TAGS:
        checker.problem(where, f"a deck may have at most {services.MAX_TAGS} tags, not {len(tags)}.")
    version = checker.count(data, "version", where)
    created = checker.moment(data, "created", where)
    updated = checker.moment(data, "updated", where)
    cloned_from = checker.field(data, "cloned_from", (str, type(None)), where, optional=True)
    # The deck's format: a built-in name or a custom format's id. Backups made before decks had one say
    # nothing (VEKN); a custom format gone from this site (deleted, or another site's) is VEKN too, as
    # it is for a deck whose format is deleted here.
    format_value = checker.field(data, "format", str, where, max_length=100, optional=True, default="vekn")
    try:
        deck_format = services.parse_format(format_value or "vekn")
    except services.DeckInputError:
        deck_format = "vekn"
    deck_cards: list[_Card] = []
    seen_cards: set[int] = set()
    for c, entry in enumerate(checker.field(data, "cards", list, where, default=[])):
        card_where = f"{where}, cards[{c}]"
        if not isinstance(entry, dict):
            checker.problem(card_where, f"should be an object, not {_describe(entry)}.")
            continue
        card_id = checker.count(entry, "id", card_where)
        count = checker.count(entry, "count", card_where, high=services.MAX_COPIES)
        part = checker.field(entry, "part", str, card_where)
        comment = checker.field(entry, "comment", str, card_where, max_length=500, optional=True, default="")
        label = checker.field(entry, "name", (str, type(None)), card_where, optional=True)
        if part is not None and part not in ("crypt", "library"):
            checker.problem(card_where, f'“part” should be "crypt" or "library", not {json.dumps(part)[:40]}.')
            part = None
        if card_id is None:
            continue
        if card_id in seen_cards:
            checker.problem(card_where, f"card id {card_id} appears twice in this deck.")
            continue
        seen_cards.add(card_id)
        card = cards.get(card_id)
        if card is None:
            names, places = unknown.setdefault(card_id, (set(), []))
            names.add(f"“{label}”" if label else "no name given")
            places.append(where)
            continue
        if part is not None and (part == "crypt") != card.is_crypt:
            checker.problem(card_where, f"{card.unique_name} (card id {card_id}) is not a {part} card.")
        if count is not None and part is not None:
            deck_cards.append(_Card(card_id, card.is_crypt, count, comment))
    if len(seen_cards) > services.MAX_CARDS_PER_DECK:
        checker.problem(where, f"a deck may hold at most {services.MAX_CARDS_PER_DECK} different cards.")
    revisions = []
    numbers: set[int] = set()
    for r, entry in enumerate(checker.field(data, "revisions", list, where, default=[])):
        revision_where = f"{where}, revisions[{r}]"
        if not isinstance(entry, dict):
            checker.problem(revision_where, f"should be an object, not {_describe(entry)}.")
            continue
        number = checker.count(entry, "number", revision_where)
        note = checker.field(entry, "note", str, revision_where, max_length=200, default="")
        moment = checker.moment(entry, "created", revision_where)
        snapshot = checker.field(entry, "data", dict, revision_where)
        if number is not None:
            if number in numbers:
                checker.problem(revision_where, f"revision {number} appears twice in this deck.")
            numbers.add(number)
        if snapshot is not None:
            try:
                CoreDeck.from_dict(snapshot)
            except (TypeError, ValueError, KeyError, AttributeError):
                checker.problem(revision_where, '“data” is not a deck (cards as {"id", "count"} lists).')
        revisions.append({"number": number, "note": note, "created": moment, "data": snapshot})
    # A None among these has its problem recorded already: the first test is enough, the others tell mypy.
    if len(checker.problems) > before or version is None or created is None or updated is None:
        return None
    return _Deck(
        deck_id,
        name,
        author,
        description,
        visibility,
        deck_format,
        list(tags),
        version,
        created,
        updated,
        cloned_from,
        deck_cards,
        revisions,
    )


# --- restoring -------------------------------------------------------------------------------------


@dataclasses.dataclass
class Outcome:
    """What a restore did (or, dry, would do)."""

    users_created: int = 0
    users_replaced: int = 0
    users_kept: int = 0
    decks_created: int = 0
    decks_replaced: int = 0
    decks_kept: int = 0  # already here with the same or a newer version
    cards: int = 0  # card rows written
    revisions: int = 0
    tokens: int = 0
    kept: list[str] = dataclasses.field(default_factory=list)  # sentences about what was left as it was

    def summary(self) -> str:
        return (
            f"users: {self.users_created} created, {self.users_replaced} replaced, {self.users_kept} kept; "
            f"decks: {self.decks_created} created, {self.decks_replaced} replaced, {self.decks_kept} kept; "
            f"{self.cards} card rows, {self.revisions} revisions, {self.tokens} API tokens"
        )


def restore(document: dict[str, Any], *, replace: bool = False, dry_run: bool = False) -> Outcome:
    """Puts the document's users and decks in the database: all of it or, on any problem, nothing."""
    users = check(document)
    try:
        with transaction.atomic():
            outcome = _restore(users, replace=replace, dry_run=dry_run)
            if dry_run:
                transaction.set_rollback(True)
    except IntegrityError as exc:
        # Someone wrote the same user or deck while we were restoring: nothing of ours was kept.
        raise BackupError(
            f"The database changed during the restore ({exc}); nothing was written. Run it again."
        ) from None
    except DatabaseError as exc:
        raise BackupError(f"The database refused the restore ({exc}); nothing was written.") from None
    return outcome


def _restore(users: list[_User], *, replace: bool, dry_run: bool) -> Outcome:
    User = get_user_model()
    outcome = Outcome()
    existing_users = {
        user.get_username(): user for user in User.objects.filter(username__in=[u.username for u in users])
    }
    all_ids = [deck.id for user in users for deck in user.decks]
    existing_decks = {
        deck.id: deck for deck in Deck.objects.filter(pk__in=all_ids).select_related("owner").select_for_update()
    }
    problems = [
        f"Deck {deck.id} belongs to “{existing_decks[deck.id].owner.get_username()}” in this database, "
        f"not to “{user.username}” as in the backup."
        for user in users
        for deck in user.decks
        if deck.id in existing_decks and existing_decks[deck.id].owner.get_username() != user.username
    ]
    problems += _token_clashes(users, existing_users, replace=replace)
    if problems:
        raise BackupError(problems)
    written: list[_Deck] = []
    for record in users:
        user = existing_users.get(record.username)
        if user is None:
            outcome.users_created += 1
            if not dry_run:
                user = User.objects.create(
                    username=record.username,
                    email=record.email,
                    password=record.password,
                    is_active=record.is_active,
                    date_joined=record.date_joined,
                )
                _restore_tokens(user, record.tokens)
            outcome.tokens += len(record.tokens or ())
        elif replace:
            outcome.users_replaced += 1
            if not dry_run:
                user.email, user.password, user.is_active = record.email, record.password, record.is_active
                user.date_joined = record.date_joined
                user.save(update_fields=["email", "password", "is_active", "date_joined"])
                _restore_tokens(user, record.tokens, replace=True)
            outcome.tokens += len(record.tokens or ())
        else:
            outcome.users_kept += 1
        for deck in record.decks:
            current = existing_decks.get(deck.id)
            if current is not None and current.version >= deck.version and not replace:
                outcome.decks_kept += 1
                if current.version > deck.version:
                    outcome.kept.append(
                        f"Deck {deck.id} (“{current.name}”) is at version {current.version} here, "
                        f"newer than the backup's {deck.version}: kept."
                    )
                continue
            if current is None:
                outcome.decks_created += 1
            else:
                outcome.decks_replaced += 1
            outcome.cards += len(deck.cards)
            outcome.revisions += len(deck.revisions)
            written.append(deck)
            if not dry_run:
                _write_deck(user, deck, current)
    if not dry_run:
        _link_clones(written)
    return outcome


def _write_deck(owner, record: _Deck, current: Deck | None) -> None:
    core = CoreDeck(name=record.name, author=record.author, description=record.description)
    for card in record.cards:
        (core.crypt if card.crypt else core.library)[card.id] = card.count
    # The list's columns (counts, clans, verdict) are derived, never trusted from a file: computed as
    # services computes them on every save.
    summary = Deck(owner=owner, format=record.format)
    services._summarise(summary, core)
    values = {
        "owner": owner,
        "name": record.name,
        "author": record.author,
        "description": record.description,
        "visibility": record.visibility,
        "format": record.format,
        "version": record.version,
        "cloned_from": None,  # set once every deck of the backup is in (_link_clones)
        "crypt_count": summary.crypt_count,
        "library_count": summary.library_count,
        "clans": summary.clans,
        "legal": summary.legal,
        "format_revision": summary.format_revision,
    }
    if current is None:
        deck = Deck.objects.create(id=record.id, **values)
    else:
        deck = current
        for key, value in values.items():
            setattr(deck, key, value)
        deck.save()
        deck.cards.all().delete()
        deck.revisions.all().delete()
    DeckCard.objects.bulk_create(
        DeckCard(
            deck=deck, card_id=card.id, crypt=card.crypt, count=card.count, position=position, comment=card.comment
        )
        for position, card in enumerate(record.cards, start=1)
    )
    deck.tags.set([Tag.objects.get_or_create(name=name)[0] for name in record.tags])
    revisions = Revision.objects.bulk_create(
        Revision(deck=deck, number=r["number"], note=r["note"], data=r["data"]) for r in record.revisions
    )
    # The stored times are the backup's, not now: auto_now(_add) fields are set on insert, so they are
    # written afterwards by UPDATEs, which leave them alone.
    for revision, data in zip(revisions, record.revisions, strict=True):
        revision.created = data["created"]
    Revision.objects.bulk_update(revisions, ["created"], batch_size=200)
    Deck.objects.filter(pk=deck.pk).update(created=record.created, updated=record.updated)


def _link_clones(written: list[_Deck]) -> None:
    """A deck's ``cloned_from`` once both are in; a source that is neither here nor in the backup is
    forgotten, as when it is deleted."""
    wanted = {deck.id: deck.cloned_from for deck in written if deck.cloned_from}
    present = set(Deck.objects.filter(pk__in=set(wanted.values())).values_list("pk", flat=True))
    for deck_id, source in wanted.items():
        if source in present:
            Deck.objects.filter(pk=deck_id).update(cloned_from_id=source)


def _token_clashes(users: list[_User], existing: dict[str, Any], *, replace: bool) -> list[str]:
    """Tokens the restore would write whose hash another user's token has here (hashes are unique)."""
    model = _token_model()
    if model is None:
        return []
    writing = {
        token["key_hash"]: record.username
        for record in users
        if record.tokens and (record.username not in existing or replace)
        for token in record.tokens
    }
    return [
        f"An API token of “{writing[key_hash]}” in the backup has the same hash as a token of “{owner}” here."
        for key_hash, owner in model.objects.filter(key_hash__in=writing).values_list("key_hash", "user__username")
        if owner != writing[key_hash]
    ]


def _restore_tokens(user, tokens: list[dict[str, Any]] | None, *, replace: bool = False) -> None:
    model = _token_model()
    if model is None or tokens is None:
        return
    if replace:
        model.objects.filter(user=user).delete()
    model.objects.bulk_create(model(user=user, **token) for token in tokens)


def describe(document: dict[str, Any]) -> str:
    """One line about a backup: when it was made, how many users and decks it holds."""
    users = document.get("users") or []
    decks = sum(len(u.get("decks") or []) for u in users if isinstance(u, dict))
    return (
        f"backup of {document.get('created', 'an unknown time')}: {_plural(len(users), 'user')}, "
        f"{_plural(decks, 'deck')}"
    )


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "BackupError",
    "Outcome",
    "check",
    "describe",
    "dump",
    "parse",
    "read",
    "restore",
    "write",
]
