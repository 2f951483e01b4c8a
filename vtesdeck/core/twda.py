"""The Tournament Winning Deck Archive, read and summed up: files, per-card statistics, archetypes, the
winners' scores in the finals.

Pure Python (no Django): ``twda.services`` stores what this module computes.

    files = read_archive(Path("../shared/twda"))        # or the bytes of a zip of it
    scores = finals(files, cards, since=date(2018, 1, 1))  # the winner's VP in each final, when stated
    stats = card_stats([(deck_id, date, deck), …])      # card id → CardStats
    defs, assignment = archetypes([(deck_id, date, deck), …], cards)

Archetypes — the method
-----------------------
Every deck gets exactly one archetype, its *crypt core*:

1. **Clans.** The crypt's copies are counted by clan. A clan holding at least half of the copies is the
   core alone; otherwise the two clans with the most copies are (ties broken by name). A one-clan crypt
   is that clan.
2. **Disciplines.** A discipline (at either level) belongs to the core when it is on at least 75% of the
   crypt's copies; the three most widespread are kept, in that order (ties by trigram).
3. Decks with the same clans and disciplines form one archetype; its slug is ``ventrue-dom-pre`` and its
   name ``Ventrue · dom/pre · Govern the Unaligned, …``. A clans-and-disciplines core shared by fewer than
   ``MIN_FAMILY`` decks is too rare to be a family: those decks join their clans' archetype (``ventrue``),
   so the simulator drawing an opponent "from an archetype" finds families, not single decks.
4. **Signature cards** describe the group: library cards played by at least half of the group's decks and
   at least twice as often (by share of decks) as in the whole archive; the three with the largest
   difference between the two shares are kept (ties by card id). Groups of fewer than
   ``SIGNATURE_MIN_DECKS`` decks get none: one deck says nothing about a family.

The method is deterministic (same decks → same archetypes) and cheap: one pass over the decks.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

from . import decklist
from .carddb import CardIndex
from .deck import Deck
from .decklist import archive as zips
from .decklist.base import MAX_BYTES, DecklistError

__all__ = [
    "MAX_FILES",
    "MAX_TOTAL",
    "PLAYED_WITH",
    "ArchetypeDef",
    "ArchiveError",
    "CardStats",
    "Final",
    "archetypes",
    "card_stats",
    "deck_core",
    "final_vp",
    "finals",
    "read_archive",
]

MAX_FILES = 20_000  # the archive holds some 4,100 files
MAX_TOTAL = 200 * 1024 * 1024  # and weighs some 12 MB
PLAYED_WITH = 10
CLAN_MAJORITY = 0.5
DISCIPLINE_SHARE = 0.75
MAX_DISCIPLINES = 3
SIGNATURE_MIN_SHARE = 0.5
SIGNATURE_LIFT = 2.0
SIGNATURE_SIZE = 3
SIGNATURE_MIN_DECKS = 3
MIN_FAMILY = 3  # decks sharing a clans-and-disciplines core for it to be an archetype of its own

DeckEntry = tuple[str, "datetime.date | None", Deck]


class ArchiveError(DecklistError):
    """The archive as a whole cannot be read (no such folder, a damaged zip, too large)."""


# --- reading ------------------------------------------------------------------------------------------


def _hidden(name: str) -> bool:
    parts = name.replace("\\", "/").split("/")
    return any(part.startswith(".") or part == "__MACOSX" for part in parts)


def read_archive(
    source: bytes | Path, *, max_files: int = MAX_FILES, max_total: int = MAX_TOTAL, max_file: int = MAX_BYTES
) -> list[tuple[str, bytes]]:
    """The (file name, bytes) of every archive file, sorted by name, from a folder, a zip file's path,
    the bytes of a zip, or one decklist file's path.

    Names are base names (a zip's folders are dropped). A file too large to be a decklist is still
    listed, with empty bytes, so the caller reports it as skipped. Raises ``ArchiveError`` when the
    source cannot be read at all.
    """
    if isinstance(source, (bytes, bytearray)):
        return _read_zip(bytes(source), max_files, max_total, max_file)
    path = Path(source)
    if path.is_dir():
        return _read_folder(path, max_files, max_total, max_file)
    if path.is_file():
        try:
            with path.open("rb") as handle:
                data = handle.read(max_total + 1)
        except OSError as exc:
            raise ArchiveError(f"{path} cannot be read ({exc.strerror or exc}).") from exc
        if zips.is_zip(data):
            return _read_zip(data, max_files, max_total, max_file)
        if len(data) > max_file:
            raise ArchiveError(f"{path} is neither a zip archive nor a decklist ({len(data):,} bytes).")
        return [(path.name, data)]
    raise ArchiveError(f"There is no file or folder at {path}; give the archive's folder, a zip of it or a URL.")


def _read_folder(path: Path, max_files: int, max_total: int, max_file: int) -> list[tuple[str, bytes]]:
    try:
        entries = sorted(p for p in path.iterdir() if p.is_file() and not _hidden(p.name))
    except OSError as exc:
        raise ArchiveError(f"The folder {path} cannot be read ({exc.strerror or exc}).") from exc
    if not entries:
        raise ArchiveError(f"The folder {path} holds no files.")
    if len(entries) > max_files:
        raise ArchiveError(f"The folder {path} holds {len(entries):,} files; at most {max_files:,} are read.")
    files, total = [], 0
    for entry in entries:
        try:
            with entry.open("rb") as handle:
                data = handle.read(max_file + 1)
        except OSError as exc:
            raise ArchiveError(f"{entry} cannot be read ({exc.strerror or exc}).") from exc
        # A file over ``max_file`` is kept cut at max_file + 1 bytes: decoding it reports it as too large.
        total += len(data)
        if total > max_total:
            raise ArchiveError(f"The folder {path} holds more than {max_total:,} bytes of files.")
        files.append((entry.name, data))
    return files


def _read_zip(data: bytes, max_files: int, max_total: int, max_file: int) -> list[tuple[str, bytes]]:
    try:
        members = zips.read_archive(data, max_members=max_files, max_total=max_total, max_member=max_file)
    except DecklistError as exc:
        raise ArchiveError(str(exc)) from exc
    files = [(name.replace("\\", "/").rsplit("/", 1)[-1], content) for name, content in members]
    return sorted(files, key=lambda item: item[0])


# --- per-card statistics ------------------------------------------------------------------------------


@dataclasses.dataclass
class CardStats:
    decks: int = 0
    copies: int = 0
    first_date: datetime.date | None = None
    first_deck: str = ""
    last_date: datetime.date | None = None
    last_deck: str = ""
    # year → {"decks": n, "copies": c, "share": n / decks of that year}
    by_year: dict[str, dict[str, float]] = dataclasses.field(default_factory=dict)
    played_with: list[tuple[int, int]] = dataclasses.field(default_factory=list)  # (card id, decks) top 10


def card_stats(decks: Iterable[DeckEntry], *, played_with: int = PLAYED_WITH) -> dict[int, CardStats]:
    """For every card in ``decks``: decks playing it, copies, by year, first/last appearance, and the
    cards most often in the same decks (by number of shared decks, ties by card id).

    First and last appearance go by date, then by deck id; undated decks count everywhere but there
    and in ``by_year``.
    """
    stats: dict[int, CardStats] = {}
    beside: dict[int, Counter[int]] = defaultdict(Counter)
    year_decks: Counter[str] = Counter()
    for deck_id, date, deck in decks:
        counts: dict[int, int] = {}
        for card_id, n in (*deck.crypt.items(), *deck.library.items()):
            counts[card_id] = counts.get(card_id, 0) + n
        year = str(date.year) if date else ""
        if year:
            year_decks[year] += 1
        ids = list(counts)
        for card_id, n in counts.items():
            entry = stats.get(card_id)
            if entry is None:
                entry = stats[card_id] = CardStats()
            entry.decks += 1
            entry.copies += n
            if date is not None:
                if entry.first_date is None or (date, deck_id) < (entry.first_date, entry.first_deck):
                    entry.first_date, entry.first_deck = date, deck_id
                if entry.last_date is None or (date, deck_id) > (entry.last_date, entry.last_deck):
                    entry.last_date, entry.last_deck = date, deck_id
                row = entry.by_year.setdefault(year, {"decks": 0, "copies": 0, "share": 0.0})
                row["decks"] += 1
                row["copies"] += n
            beside[card_id].update(ids)
    for card_id, entry in stats.items():
        for year, row in entry.by_year.items():
            row["share"] = round(row["decks"] / year_decks[year], 4)
        entry.by_year = dict(sorted(entry.by_year.items()))
        counter = beside[card_id]
        del counter[card_id]
        top = sorted(counter.items(), key=lambda item: (-item[1], item[0]))[:played_with]
        entry.played_with = top
    return stats


# --- archetypes ---------------------------------------------------------------------------------------


@dataclasses.dataclass
class ArchetypeDef:
    slug: str
    name: str
    clans: list[str]
    disciplines: list[str]
    signature: list[int] = dataclasses.field(default_factory=list)
    deck_count: int = 0


def deck_core(deck: Deck, cards: CardIndex) -> tuple[list[str], list[str]]:
    """The crypt core of one deck: (clans, disciplines), as the module docstring defines them."""
    clans: Counter[str] = Counter()
    disciplines: Counter[str] = Counter()
    total = 0
    for card_id, n in deck.crypt.items():
        card = cards.get(card_id)
        if card is None:
            continue
        total += n
        for clan in card.clans or ("",):
            clans[clan] += n
        for code in {d.code.lower() for d in card.disciplines}:
            disciplines[code] += n
    if not total:
        return [], []
    ranked = sorted((c for c in clans if c), key=lambda c: (-clans[c], c))
    majority = [c for c in ranked if clans[c] >= CLAN_MAJORITY * total]
    core_clans = majority[:1] if majority else ranked[:2]
    core_disciplines = sorted(
        (d for d, n in disciplines.items() if n >= DISCIPLINE_SHARE * total), key=lambda d: (-disciplines[d], d)
    )[:MAX_DISCIPLINES]
    return core_clans, core_disciplines


def slugify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def archetypes(decks: Sequence[DeckEntry], cards: CardIndex) -> tuple[list[ArchetypeDef], dict[str, str]]:
    """Group ``decks`` by crypt core; returns the archetypes (most decks first) and deck id → slug."""
    groups: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Deck]] = defaultdict(list)
    members: dict[tuple[tuple[str, ...], tuple[str, ...]], list[str]] = defaultdict(list)
    archive_decks: Counter[int] = Counter()
    cores = {deck_id: deck_core(deck, cards) for deck_id, _date, deck in decks}
    sizes = Counter((tuple(clans), tuple(disciplines)) for clans, disciplines in cores.values())
    for deck_id, _date, deck in decks:
        clans, disciplines = cores[deck_id]
        core = (tuple(clans), tuple(disciplines))
        if sizes[core] < MIN_FAMILY:
            core = (tuple(clans), ())  # a rare core: the clans' own archetype
        groups[core].append(deck)
        members[core].append(deck_id)
        archive_decks.update(deck.library.keys())
    total = len(decks) or 1
    defs: list[ArchetypeDef] = []
    assignment: dict[str, str] = {}
    taken: set[str] = set()
    for core, group in sorted(groups.items()):
        clans, disciplines = list(core[0]), list(core[1])
        signature: list[int] = []
        if len(group) >= SIGNATURE_MIN_DECKS:
            in_group: Counter[int] = Counter()
            for deck in group:
                in_group.update(deck.library.keys())
            candidates = []
            for card_id, n in in_group.items():
                share, overall = n / len(group), archive_decks[card_id] / total
                if share >= SIGNATURE_MIN_SHARE and share >= SIGNATURE_LIFT * overall:
                    candidates.append((-(share - overall), card_id))
            signature = [card_id for _score, card_id in sorted(candidates)[:SIGNATURE_SIZE]]
        label = " + ".join(clans) or "No clan"
        slug = slugify("-".join([*clans, *disciplines]))[:110] or "no-clan"
        while slug in taken:
            slug += "-x"
        taken.add(slug)
        parts = [label]
        if disciplines:
            parts.append("/".join(disciplines))
        if signature:
            parts.append(", ".join(_card_name(cards, card_id) for card_id in signature))
        defs.append(
            ArchetypeDef(
                slug=slug,
                name=" · ".join(parts)[:200],
                clans=clans,
                disciplines=disciplines,
                signature=signature,
                deck_count=len(group),
            )
        )
        for deck_id in members[core]:
            assignment[deck_id] = slug
    defs.sort(key=lambda d: (-d.deck_count, d.slug))
    return defs, assignment


def _card_name(cards: CardIndex, card_id: int) -> str:
    try:
        return cards[card_id].name
    except KeyError:
        return str(card_id)


# --- the finals' scores -------------------------------------------------------------------------------
# A winning deck's file usually states its score under the header: "-- 2GW7 + 3.5vp in final" (game wins and
# VP of the preliminary rounds, then the winner's VP in the final). Players write it freely: "3,5", "VP",
# "finals", "in the final", seeds in parentheses, "/" between rounds, a single dash or none, typos ("fnal").

FINAL_SEATS = 5  # a final is the top five's table (VEKN tournament rules): at most 5 VP to take
_FINAL = re.compile(r"\bfi?na[lm]", re.IGNORECASE)  # "final", "finals", "finale", and the archive's "fnal", "finam"
# A line that opens with a score ("3vp…", "1GW4 + …", ".5 in final", "GW3…"), not with prose that quotes one
# ("Won with 4vp in final", "1. Nikos (3VP, 2vp in final)": another finalist).
_SCORE_START = re.compile(r"^(?:gw|(?:\d+(?:\.\d+)?|\.\d+)\s*(?:gw|vps?\b|v\.p\.|[-+,;/(]|in\b|$))", re.IGNORECASE)
_NUMBER = re.compile(r"(\d+(?:\.\d+)?|\.\d+)\s*(gw)?", re.IGNORECASE)


@dataclasses.dataclass(frozen=True, slots=True)
class Final:
    """A winning deck's final as its file states it: the file's name, the event's first day, the winner's VP in
    the final (None when no line states it) and the score line read (the line no VP was read from when
    ``vp`` is None; "" when the file has none)."""

    name: str
    date: datetime.date
    vp: float | None
    line: str


def _plain(line: str) -> str:
    """A score line without its leading dashes, decimal commas made points ("3,5"), ½ as .5."""
    text = line.strip().lstrip("-\u2013\u2014 \t").replace("\u00bd", ".5")
    return re.sub(r"(\d),(\d)", r"\1.\2", text)


def final_vp(line: str) -> float | None:
    """The winner's VP in the final from a score line ("-- 1GW3.5 (5th seed) + 4vp in final" → 4.0), or None
    when the line states none (no final named, "timeout in final", a number no final can give).

    The final's score is the last term before the word "final" ("+", "/", "," and ";" separate the rounds,
    parentheses hold seeds), or the score after "Final…:" ("Finale 2nd seed: GW2.5"); a number written before
    "GW" counts game wins, not VP.
    """
    text = _plain(line)
    words = list(_FINAL.finditer(text))
    if not words:
        return None
    last = words[-1]
    before = text[: last.start()]
    while (shorter := re.sub(r"\([^()]*\)", " ", before)) != before:  # seeds, "(4 players table)"
        before = shorter
    values = _vp_values(re.split(r"[+/;,]", before)[-1])
    if not values and (after := re.match(r"\w*[^:]{0,30}:(.*)$", text[last.start() :])):
        values = _vp_values(after[1])
    if not values:
        return None
    vp = values[-1]
    # Half points only (the time limit gives each survivor ½ VP), and no more than a final's table holds.
    return vp if 0 <= vp <= FINAL_SEATS and (vp * 2).is_integer() else None


def _vp_values(term: str) -> list[float]:
    """The numbers of a score's term that may be VP: not those written before "GW" (game wins)."""
    return [float(m[1]) for m in _NUMBER.finditer(term) if not m[2]]


def _score_lines(deck: Deck) -> list[str]:
    """The lines of a deck's file that may state its score: the parser's score line under the header, then
    the lines of the description that open with a score (placed after "Deck Name:", or without "--")."""
    lines = [deck.event.score] if deck.event and deck.event.score else []
    return lines + [line for line in deck.description.splitlines() if _SCORE_START.match(_plain(line))]


def finals(files: Iterable[tuple[str, bytes]], cards: CardIndex, *, since: datetime.date | None = None) -> list[Final]:
    """The final of every archive file dated ``since`` or later (every dated file by default; undated and
    unreadable files are left out), in file-name order, from ``read_archive``'s files: the winner's VP from the
    first of its score lines that states it."""
    found = []
    for name, data in sorted(files):
        try:
            deck = decklist.parse(data, cards, path=name)
        except DecklistError:
            continue
        date = deck.event.date if deck.event else None
        if date is None or (since is not None and date < since):
            continue
        lines = _score_lines(deck)
        read = next(((line, vp) for line in lines if (vp := final_vp(line)) is not None), None)
        found.append(
            Final(name, date, read[1], read[0]) if read else Final(name, date, None, lines[0] if lines else "")
        )
    return found
