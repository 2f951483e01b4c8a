"""The official VEKN card list: reading its CSVs into ``Card`` objects, and the ``CardIndex`` handle.

Sources, in the order a user meets them:
  * the CSVs shipped as package data in the ``krcg`` wheel (read as files through the installed
    distribution's metadata: its top-level ``cards`` package would clash with our Django app);
  * a folder or a zip of the CSVs (what vekn.net publishes);
  * a URL of such a zip, fetched with ``requests``.

Every problem in the data raises ``CardDataError`` naming the file and line, before anything is
returned: callers store all of a card list or none of it.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import logging
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from .domain import (
    ANY_GROUP,
    SECTS,
    TITLE_VOTES,
    TRAITS_BY_NAME,
    Card,
    CardSet,
    Cost,
    Discipline,
    DisciplineRequirement,
    Printing,
    Requirements,
    Ruling,
)
from .names import fold, split_version
from .printings import KRCG_DISTRIBUTION, read_code

logger = logging.getLogger(__name__)

SETS_CSV = "vtessets.csv"
CRYPT_CSV = "vtescrypt.csv"
LIBRARY_CSV = "vteslib.csv"
LIBMETA_CSV = "vteslibmeta.csv"
RULINGS_YAML = "rulings.yaml"
GROUPS_YAML = "groups.yaml"
REQUIRED_FILES = (SETS_CSV, CRYPT_CSV, LIBRARY_CSV)
OPTIONAL_FILES = (LIBMETA_CSV, RULINGS_YAML, GROUPS_YAML)

CRYPT_COLUMNS = (
    "Id",
    "Name",
    "Aka",
    "Type",
    "Clan",
    "Adv",
    "Group",
    "Capacity",
    "Disciplines",
    "Card Text",
    "Set",
    "Title",
    "Banned",
    "Artist",
)
LIBRARY_COLUMNS = (
    "Id",
    "Name",
    "Aka",
    "Type",
    "Clan",
    "Discipline",
    "Pool Cost",
    "Blood Cost",
    "Card Text",
    "Set",
    "Banned",
    "Artist",
)
SETS_COLUMNS = ("Id", "Abbrev", "Release Date", "Full Name")

# A real card list is about 3 MB; these bounds keep a hostile zip from filling memory.
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024
DOWNLOAD_TIMEOUT = (10, 60)  # seconds: connect, read


class CardDataError(Exception):
    """The card data cannot be used: the message names the file and, where known, the line."""

    def __init__(self, message: str, *, file: str = "", line: int | None = None) -> None:
        self.file, self.line, self.reason = file, line, message
        where = f"{file}, line {line}: " if file and line else f"{file}: " if file else ""
        super().__init__(where + message)


# --- sources -----------------------------------------------------------------------------------


def read_bundled() -> dict[str, bytes]:
    """The CSVs (and rulings) shipped in the installed krcg wheel, located through its RECORD."""
    try:
        dist = metadata.distribution(KRCG_DISTRIBUTION)
    except metadata.PackageNotFoundError as exc:
        raise CardDataError(f"the {KRCG_DISTRIBUTION} package is not installed (pip install krcg==4.19)") from exc
    wanted = set(REQUIRED_FILES + OPTIONAL_FILES)
    files: dict[str, bytes] = {}
    for entry in dist.files or ():
        if entry.parent.name == "cards" and entry.name in wanted:
            files[entry.name] = Path(str(dist.locate_file(entry))).read_bytes()
    _require(files, f"the {KRCG_DISTRIBUTION} {dist.version} distribution")
    return files


def read_folder(path: Path) -> dict[str, bytes]:
    files = {}
    for name in REQUIRED_FILES + OPTIONAL_FILES:
        candidate = path / name
        if candidate.is_file():
            if candidate.stat().st_size > MAX_FILE_BYTES:
                raise CardDataError(f"file larger than {MAX_FILE_BYTES} bytes", file=name)
            files[name] = candidate.read_bytes()
    _require(files, f"folder {path}")
    return files


def read_zip(data: bytes | Path, origin: str = "zip") -> dict[str, bytes]:
    """The card files in a zip, found at any depth (VEKN nests them in a folder)."""
    try:
        archive = zipfile.ZipFile(data if isinstance(data, Path) else io.BytesIO(data))
    except (zipfile.BadZipFile, OSError) as exc:
        raise CardDataError(f"not a readable zip archive ({exc})", file=origin) from exc
    wanted = set(REQUIRED_FILES + OPTIONAL_FILES)
    files = {}
    with archive:
        for info in archive.infolist():
            name = info.filename.rsplit("/", 1)[-1]
            if name not in wanted or info.is_dir():
                continue
            if info.file_size > MAX_FILE_BYTES:
                raise CardDataError(f"{name} unpacks to {info.file_size} bytes, over the limit", file=origin)
            try:
                with archive.open(info) as member:
                    # Read one byte past the limit: a lying header cannot make us read more.
                    content = member.read(MAX_FILE_BYTES + 1)
            except (zipfile.BadZipFile, EOFError, OSError, zipfile.LargeZipFile) as exc:
                raise CardDataError(f"{name} is damaged in the archive ({exc})", file=origin) from exc
            if len(content) > MAX_FILE_BYTES:
                raise CardDataError(f"{name} unpacks past {MAX_FILE_BYTES} bytes", file=origin)
            files[name] = content
    _require(files, origin)
    return files


def read_url(url: str) -> dict[str, bytes]:
    """Download a zip of the VEKN CSVs. Network failures become a ``CardDataError`` saying so."""
    import requests  # only this source needs the network stack

    try:
        with requests.get(url, timeout=DOWNLOAD_TIMEOUT, stream=True) as response:
            response.raise_for_status()
            chunks, size = [], 0
            for chunk in response.iter_content(64 * 1024):
                size += len(chunk)
                if size > MAX_DOWNLOAD_BYTES:
                    raise CardDataError(f"download larger than {MAX_DOWNLOAD_BYTES} bytes", file=url)
                chunks.append(chunk)
    except requests.RequestException as exc:
        raise CardDataError(
            f"cannot download the card list ({type(exc).__name__}: {exc}); "
            "are you offline? `--source bundled` works without a network",
            file=url,
        ) from exc
    return read_zip(b"".join(chunks), origin=url)


def read_source(source: str) -> dict[str, bytes]:
    """``bundled``, a folder, a zip file, or an http(s) URL of a zip."""
    if source == "bundled":
        return read_bundled()
    if re.match(r"^https?://", source):
        return read_url(source)
    path = Path(source)
    if path.is_dir():
        return read_folder(path)
    if path.is_file():
        return read_zip(path, origin=str(path))
    raise CardDataError("no such file or folder (expected `bundled`, a folder, a zip or a URL)", file=source)


def _require(files: dict[str, bytes], origin: str) -> None:
    missing = [name for name in REQUIRED_FILES if name not in files]
    if missing:
        raise CardDataError(f"missing {', '.join(missing)}", file=origin)


# --- parsing -----------------------------------------------------------------------------------


@dataclasses.dataclass(kw_only=True)
class CardList:
    """Everything read from one source: sets and cards, ready to store."""

    sets: dict[str, CardSet]
    cards: list[Card]


def parse(files: dict[str, bytes]) -> CardList:
    sets = _parse_sets(files[SETS_CSV])
    meta = _parse_libmeta(files[LIBMETA_CSV]) if LIBMETA_CSV in files else {}
    crypt = [_crypt_card(row, line, sets) for line, row in _rows(files[CRYPT_CSV], CRYPT_CSV, CRYPT_COLUMNS)]
    library = [
        _library_card(row, line, sets, meta) for line, row in _rows(files[LIBRARY_CSV], LIBRARY_CSV, LIBRARY_COLUMNS)
    ]
    crypt = _name_crypt_versions(crypt)
    cards = crypt + library
    seen: set[int] = set()
    for card in cards:
        if card.id in seen:
            raise CardDataError(f"card id {card.id} appears twice", file=CRYPT_CSV if card.is_crypt else LIBRARY_CSV)
        seen.add(card.id)
    if RULINGS_YAML in files:
        cards = _attach_rulings(cards, files[RULINGS_YAML], files.get(GROUPS_YAML))
    # Sets that cards name but vtessets.csv lacks (POD, some promos): known, dated where the name says.
    for card in cards:
        for printing in card.printings:
            if printing.set not in sets:
                released = set_release_date(printing.set, sets)
                sets[printing.set] = CardSet(abbrev=printing.set, name=printing.set, release_date=released)
    return CardList(sets=sets, cards=cards)


def load(source: str = "bundled") -> CardIndex:
    """Read and parse a card list into an index (the core's entry point for tests, CLI and workers)."""
    return CardIndex(parse(read_source(source)).cards)


def _rows(data: bytes, name: str, columns: Iterable[str]) -> Iterator[tuple[int, dict[str, str]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CardDataError(f"not valid UTF-8 ({exc.reason})", file=name, line=line) from exc
    reader = csv.DictReader(io.StringIO(text, newline=""))  # not strict: the official files have stray quotes
    try:
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise CardDataError(f"unreadable CSV header ({exc})", file=name, line=1) from exc
    missing = [c for c in columns if c not in header]
    if missing:
        raise CardDataError(f"missing column(s) {', '.join(missing)}", file=name, line=1)
    try:
        for row in reader:
            if None in row or any(v is None for v in row.values()):
                raise CardDataError(f"{len(header)} columns expected", file=name, line=reader.line_num)
            yield reader.line_num, row
    except csv.Error as exc:
        raise CardDataError(f"malformed CSV ({exc})", file=name, line=reader.line_num) from exc


def _int(value: str, column: str, file: str, line: int) -> int:
    try:
        return int(value)
    except ValueError:
        raise CardDataError(f"{column} {value!r} is not a whole number", file=file, line=line) from None


def _parse_sets(data: bytes) -> dict[str, CardSet]:
    sets = {}
    for line, row in _rows(data, SETS_CSV, SETS_COLUMNS):
        released = None
        if row["Release Date"].strip():
            try:
                released = datetime.datetime.strptime(row["Release Date"].strip(), "%Y%m%d").date()
            except ValueError:
                raise CardDataError(
                    f"Release Date {row['Release Date']!r} is not YYYYMMDD", file=SETS_CSV, line=line
                ) from None
        abbrev = row["Abbrev"].strip()
        sets[abbrev] = CardSet(
            abbrev=abbrev,
            name=row["Full Name"].strip(),
            release_date=released,
            # The CSV has stray quotes and spaces around some company names.
            company=row.get("Company", "").strip().strip('"').strip(),
            vekn_id=_int(row["Id"], "Id", SETS_CSV, line),
        )
    return sets


def _parse_libmeta(data: bytes) -> dict[int, list[str]]:
    meta = {}
    for line, row in _rows(data, LIBMETA_CSV, ("Id", "Requirement")):
        meta[_int(row["Id"], "Id", LIBMETA_CSV, line)] = [r.strip() for r in row["Requirement"].split(",") if r.strip()]
    return meta


_PRINTING = re.compile(r"^(?P<set>[^:]+?)\s*(?::\s*(?P<code>.*))?$")
# "Promo:202309301" is the promo of 2023-09-30, 1 copy: the same as "Promo-20230930:1".
_DATED_PROMO = re.compile(r"^(?P<date>\d{8})(?P<copies>\d*)$")


def _printings(value: str, sets: dict[str, CardSet]) -> tuple[tuple[Printing, ...], datetime.date | None]:
    printings = []
    for part in value.split(","):
        part = part.strip()
        if not part:
            continue
        match = _PRINTING.match(part)
        assert match  # the pattern accepts any non-empty text
        abbrev, code = match["set"], (match["code"] or "").strip()
        if abbrev == "Promo" and (promo := _DATED_PROMO.match(code)):
            abbrev, code = f"Promo-{promo['date']}", promo["copies"]
        printings.append(dataclasses.replace(_printing(abbrev, code), released=set_release_date(abbrev, sets)))
    dates = [p.released for p in printings if p.set != "POD" and p.released]  # print-on-demand only reprints
    return tuple(printings), min(dates) if dates else None


def _printing(abbrev: str, code: str) -> Printing:
    # Codes are "rarity/precon…": "C", "U2", "PTo3" (Toreador precon, 3 copies), "PL7/PM12/PTr12", "2" (copies).
    reading = read_code(abbrev, code)
    return Printing(set=abbrev, code=code, rarity=reading.rarity, precon=reading.precon, copies=reading.copies)


def set_release_date(abbrev: str, sets: dict[str, CardSet]) -> datetime.date | None:
    """A set's release date; promos missing from vtessets.csv are dated by their name."""
    if (known := sets.get(abbrev)) and known.release_date:
        return known.release_date
    if abbrev.startswith("Promo-"):
        try:
            return datetime.datetime.strptime(abbrev[len("Promo-") :], "%Y%m%d").date()
        except ValueError:
            return None
    return None


def _artists(value: str) -> tuple[str, ...]:
    return tuple(a.strip() for a in re.split(r";|\s&\s", value) if a.strip())


def _aka(value: str) -> tuple[str, ...]:
    return tuple(a.strip() for a in value.split(";") if a.strip())


def _printed_name(name: str) -> str:
    # "Rack, The" is printed "The Rack"; "Fifth Tradition: Hospitality, The" likewise.
    return "The " + name[: -len(", The")] if name.endswith(", The") else name


def _banned(value: str, file: str, line: int) -> int | None:
    return _int(value.strip(), "Banned", file, line) if value.strip() else None


def _crypt_card(row: dict[str, str], line: int, sets: dict[str, CardSet]) -> Card:
    card_id = _int(row["Id"], "Id", CRYPT_CSV, line)
    capacity = _int(row["Capacity"], "Capacity", CRYPT_CSV, line) if row["Capacity"].strip() else None
    group = row["Group"].strip().upper()
    if group != ANY_GROUP and not (group.isdigit() and 1 <= int(group) <= 9):
        raise CardDataError(f"Group {row['Group']!r} is neither a number nor ANY", file=CRYPT_CSV, line=line)
    disciplines = []
    for token in row["Disciplines"].split():
        if token == "-none-":
            continue
        code = token.lower()
        if code not in TRAITS_BY_NAME.values():
            raise CardDataError(f"unknown discipline {token!r}", file=CRYPT_CSV, line=line)
        disciplines.append(Discipline(code=code, superior=token.isupper()))
    text = row["Card Text"].strip()
    title = row["Title"].strip().lower()
    printings, released = _printings(row["Set"], sets)
    name = row["Name"].strip()
    return Card(
        id=card_id,
        kind=Card.Kind.CRYPT,
        name=name,
        printed_name=_printed_name(name),
        unique_name=name,  # versions are told apart in _name_crypt_versions
        aka=_aka(row["Aka"]),
        types=(row["Type"].strip(),),
        clans=(row["Clan"].strip(),) if row["Clan"].strip() else (),
        path=row.get("Path", "").strip(),
        text=text,
        artists=_artists(row["Artist"]),
        banned_year=_banned(row["Banned"], CRYPT_CSV, line),
        printings=printings,
        first_release=released,
        group=group,
        capacity=capacity,
        disciplines=tuple(disciplines),
        title=title,
        votes=TITLE_VOTES.get(title, 0),
        # Braces mark errata ("{Anarch}:", "{Red List.}"): the corrected text counts, so read through them.
        sect=_sect(_unbrace(text)),
        advanced=row["Adv"].strip().lower().startswith("adv"),
        traits=_crypt_traits(_unbrace(text)),
    )


def _unbrace(text: str) -> str:
    return text.replace("{", "").replace("}", "")


def _sect(text: str) -> str:
    # Crypt text opens with the sect: "Camarilla Prince of Paris: …", "Advanced, Sabbat: …".
    head = re.sub(r"^(advanced|\[merged\])\s*[,:]?\s*", "", text, flags=re.IGNORECASE)
    first = re.split(r"[\s:.,]", head, maxsplit=1)[0]
    return next((s for s in SECTS if s.lower() == first.lower()), "")


_HEADER_TRAITS = re.compile(r"\b(black hand|seraph|red list|slave)\b", re.IGNORECASE)
_SENTENCE_TRAITS = re.compile(
    r"(?:^|[.:]\s+)(black hand|seraph|red list|infernal|scarce|sterile|non-unique)(?=[.:]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# "… Flight [FLIGHT]. Tremere slave." (most Gargoyles write it last, the clan they serve first).
_SLAVE_SENTENCE = re.compile(r"(?:^|[.:]\s+)[A-Z][a-z]+(?: [a-z]+)* slave(?=[.:]|$)", re.MULTILINE)


def _crypt_traits(text: str) -> tuple[str, ...]:
    """Traits the vampire has, not ones its text merely mentions: a trait stands in the card's header
    ("Sabbat. Black Hand Seraph:") or as a sentence of its own ("… Infernal.", "Scarce. Sterile.",
    "Tremere slave.")."""
    header = text.split(":", 1)[0] if ":" in text else ""
    found = {m.lower() for m in _HEADER_TRAITS.findall(header)}
    found |= {m.lower() for m in _SENTENCE_TRAITS.findall(text)}
    if _SLAVE_SENTENCE.search(text):
        found.add("slave")
    if "[flight]" in text.lower():
        found.add("flight")
    return tuple(sorted(found))


def _library_card(row: dict[str, str], line: int, sets: dict[str, CardSet], meta: dict[int, list[str]]) -> Card:
    card_id = _int(row["Id"], "Id", LIBRARY_CSV, line)
    name = row["Name"].strip()
    printings, released = _printings(row["Set"], sets)
    return Card(
        id=card_id,
        kind=Card.Kind.LIBRARY,
        name=name,
        printed_name=_printed_name(name),
        unique_name=name,
        aka=_aka(row["Aka"]),
        types=tuple(t.strip() for t in row["Type"].split("/") if t.strip()),
        clans=tuple(c.strip() for c in row["Clan"].split("/") if c.strip()),
        path=row.get("Path", "").strip(),
        text=row["Card Text"].strip(),
        flavor=row.get("Flavor Text", "").strip(),
        artists=_artists(row["Artist"]),
        banned_year=_banned(row["Banned"], LIBRARY_CSV, line),
        printings=printings,
        first_release=released,
        discipline_requirement=_discipline_requirement(row["Discipline"], line),
        requirements=_requirements(row["Clan"], meta.get(card_id, [])),
        pool_cost=_cost(row["Pool Cost"], "pool", line),
        blood_cost=_cost(row["Blood Cost"], "blood", line),
        conviction_cost=_cost(row.get("Conviction Cost", ""), "conviction", line),
        burn_option=row.get("Burn Option", "").strip().lower() in ("y", "yes"),
        capacity_change=row.get("Capacity", "").strip(),
    )


def _discipline_requirement(value: str, line: int) -> DisciplineRequirement:
    value = value.strip()
    if not value:
        return DisciplineRequirement()
    mode = DisciplineRequirement.Mode.ALL if "&" in value else DisciplineRequirement.Mode.ANY
    codes = []
    for name in re.split(r"[&/]", value):
        code = TRAITS_BY_NAME.get(name.strip().lower())
        if code is None:
            raise CardDataError(f"unknown discipline {name.strip()!r}", file=LIBRARY_CSV, line=line)
        codes.append(code)
    return DisciplineRequirement(mode=mode, codes=tuple(codes))


def _cost(value: str, kind: str, line: int) -> Cost | None:
    value = value.strip()
    if not value:
        return None
    if value.upper() == "X":
        return Cost(value=None, kind=kind)
    return Cost(value=_int(value, f"{kind.title()} Cost", LIBRARY_CSV, line), kind=kind)


_CAPACITY_REQ = re.compile(r"^capacity (?P<n>\d+) or (?P<dir>more|less)$")


def _requirements(clan_column: str, meta: list[str]) -> Requirements:
    titles, sects, other = [], [], []
    capacity_min = capacity_max = None
    for requirement in meta:
        low = requirement.lower()
        if match := _CAPACITY_REQ.match(low):
            if match["dir"] == "more":
                capacity_min = int(match["n"])
            else:
                capacity_max = int(match["n"])
        elif low in TITLE_VOTES or low == "titled":
            titles.append(low)
        elif low.capitalize() in SECTS:
            sects.append(low.capitalize())
        else:
            other.append(low)
    return Requirements(
        clans=tuple(c.strip() for c in clan_column.split("/") if c.strip()),
        titles=tuple(titles),
        sects=tuple(sects),
        capacity_min=capacity_min,
        capacity_max=capacity_max,
        other=tuple(other),
    )


def _name_crypt_versions(crypt: list[Card]) -> list[Card]:
    """Tell vampire versions apart: "(ADV)" for advanced ones, "(Gn)" where a name spans groups,
    and link each advanced vampire to its base."""
    by_name: dict[str, list[Card]] = {}
    for card in crypt:
        by_name.setdefault(card.name, []).append(card)
    named = []
    for card in crypt:
        versions = by_name[card.name]
        bases = [c for c in versions if not c.advanced]
        unique = card.name
        if len(bases) > 1 and not card.advanced:
            unique += f" (G{card.group})"
        if card.advanced:
            unique += " (ADV)"
            if len([c for c in versions if c.advanced]) > 1:
                unique = f"{card.name} (G{card.group} ADV)"
        base_id = None
        if card.advanced and bases:
            # The base of the same group when there is one, else the nearest group.
            base_id = min(bases, key=lambda b: abs(_group_number(b) - _group_number(card))).id
        named.append(dataclasses.replace(card, unique_name=unique, base_id=base_id))
    return named


def _group_number(card: Card) -> int:
    return int(card.group) if card.group.isdigit() else 0


def _attach_rulings(cards: list[Card], rulings_yaml: bytes, groups_yaml: bytes | None) -> list[Card]:
    import yaml  # PyYAML comes with krcg; rulings are optional, so only loaded when present

    try:
        rulings = yaml.safe_load(rulings_yaml) or {}
        groups = yaml.safe_load(groups_yaml) if groups_yaml else {}
    except yaml.YAMLError as exc:
        raise CardDataError(f"malformed YAML ({exc})", file=RULINGS_YAML) from exc
    if not isinstance(rulings, dict) or not isinstance(groups or {}, dict):
        raise CardDataError("expected a mapping of card to rulings", file=RULINGS_YAML)
    members: dict[str, list[int]] = {}
    for key, cards_in_group in (groups or {}).items():
        group_id = str(key).split("|", 1)[0]
        members[group_id] = [int(str(k).split("|", 1)[0]) for k in (cards_in_group or {})]
    per_card: dict[int, list[Ruling]] = {}
    for key, texts in rulings.items():
        target = str(key).split("|", 1)[0]
        ids = members.get(target, []) if target.startswith("G") else [int(target)] if target.isdigit() else []
        for text in texts or ():
            ruling = _ruling(str(text))
            for card_id in ids:
                per_card.setdefault(card_id, []).append(ruling)
    return [dataclasses.replace(c, rulings=tuple(per_card.get(c.id, ()))) for c in cards]


_REFERENCE = re.compile(r"\s*\[([A-Z]{3} \d{8}(?:-\d+)?)\]")


def _ruling(text: str) -> Ruling:
    references = tuple(_REFERENCE.findall(text))
    return Ruling(text=_REFERENCE.sub("", text).strip(), references=references)


T = TypeVar("T")


# --- the index ---------------------------------------------------------------------------------


class CardIndex:
    """All cards, looked up by VEKN id or by any name a decklist may use. Build one per process and
    pass it to whatever needs cards: there is no global."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._by_id: dict[int, Card] = {}
        self._by_name: dict[str, list[Card]] = {}
        for card in cards:
            if not card.name_forms:
                card = dataclasses.replace(card, name_forms=name_forms(card))
            self._by_id[card.id] = card
            for form in card.name_forms:
                self._by_name.setdefault(form, []).append(card)
        self._derived: dict[str, Any] = {}

    def derived(self, name: str, build: Callable[[CardIndex], T]) -> T:
        """What a core module works out once from this card list (the resolver and the lines it has read,
        the validator's facts, the compiled requirements…), made on first use and kept with the list, so it
        goes when the list goes. ``name`` is the module's own key (its module path)."""
        try:
            known: T = self._derived[name]  # what ``build`` made under this name before
            return known
        except KeyError:
            value = self._derived[name] = build(self)
            return value

    def derived_values(self) -> dict[str, Any]:
        """Everything ``derived`` holds, by name (``cards.snapshot`` carries what pickles to the next process)."""
        return dict(self._derived)

    def keep_derived(self, name: str, value: Any) -> None:
        """Put back what ``derived_values`` gave (from a snapshot of this very list)."""
        self._derived[name] = value

    def __getstate__(self) -> dict[str, Any]:
        # The index alone: what was derived from it is pickled (or not) by whoever asks for it.
        return {**self.__dict__, "_derived": {}}

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_id.values())

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id

    def get(self, card_id: int) -> Card | None:
        return self._by_id.get(card_id)

    def __getitem__(self, card_id: int) -> Card:
        return self._by_id[card_id]

    def find(self, name: str) -> list[Card]:
        """Every card the name may mean, best first (the name's own version suffix decides)."""
        bare, group, advanced = split_version(name)
        # The bare name is folded only when it differs: most lookups that miss are crypt rows with no suffix.
        candidates = self._by_name.get(fold(name)) or (bare != name and self._by_name.get(fold(bare))) or []
        if group is not None:
            candidates = [c for c in candidates if c.group == group] or candidates
        if advanced:
            candidates = [c for c in candidates if c.advanced] or candidates
        elif len(candidates) > 1:
            # A bare name means the base vampire; among groups, the newest printing is most played.
            candidates = sorted(candidates, key=lambda c: (c.advanced, -_group_number(c)))
        return candidates

    def lookup(self, name: str) -> Card | None:
        found = self.find(name)
        return found[0] if found else None


def name_forms(card: Card) -> tuple[str, ...]:
    """The folded names that mean this card in a decklist."""
    forms = [fold(card.unique_name), fold(card.printed_name), *(fold(a) for a in card.aka)]
    if not card.advanced:
        forms.append(fold(card.name))  # a plain name means the base version
    if card.is_crypt and card.group:
        forms.append(fold(f"{card.name} g{card.group}" + (" adv" if card.advanced else "")))
    return tuple(dict.fromkeys(f for f in forms if f))
