"""Zip uploads: the decklist files inside, read within bounds.

A judge uploads a zip of a tournament's decklists; an attacker uploads a zip bomb (a few kilobytes that
inflate to gigabytes), a zip of a million members, a damaged zip, or a zip of zips. Each is refused with
a sentence, in bounded time and memory:

  * every member's declared size, and their sum, must stay within bounds, and so must the ratio of
    declared to compressed size (a decklist compresses some ten times, a bomb a thousand);
  * members are then read in chunks and the bytes actually produced are counted, so a header that lies
    about a size is caught as the data arrives, never after;
  * an archive inside the archive is refused rather than opened: its bounds would multiply.

Folders, macOS resource forks (``__MACOSX/``, ``._name``) and other hidden files are skipped.
"""

from __future__ import annotations

import io
import logging
import zipfile

from .base import MAX_BYTES, DecklistError

logger = logging.getLogger(__name__)

MAX_MEMBERS = 500
MAX_TOTAL = 20 * MAX_BYTES  # 40 MB of decklists: a whole TWDA is about 12 MB
# A decklist deflates to a fifth or a tenth of its size; a hundredfold ratio is already no text we read.
MAX_RATIO = 100
_RATIO_FROM = 64 * 1024  # tiny members may compress oddly well (a file of blank lines) and cost nothing
_CHUNK = 64 * 1024
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
_SKIPPED_NAMES = frozenset({"thumbs.db", "desktop.ini"})


def is_zip(data: bytes) -> bool:
    """Whether ``data`` is a zip archive (judged by its first bytes, as an upload's name may lie)."""
    return data[:4] in _ZIP_MAGIC


def _skipped(info: zipfile.ZipInfo) -> bool:
    if info.is_dir():
        return True
    parts = info.filename.replace("\\", "/").split("/")
    return any(part.startswith(".") or part == "__MACOSX" for part in parts) or parts[-1].lower() in _SKIPPED_NAMES


def read_archive(
    data: bytes, *, max_members: int = MAX_MEMBERS, max_total: int = MAX_TOTAL, max_member: int = MAX_BYTES
) -> list[tuple[str, bytes]]:
    """The (name, bytes) of every file in a zip upload, in archive order.

    Raises ``DecklistError`` for a damaged archive, a zip bomb, too many files, a nested archive or an
    archive with no file in it.
    """
    if len(data) > max_total:
        raise DecklistError.of("ZIP_TOO_LARGE", size=len(data), limit=max_total)
    # zipfile builds an object per member before we see one: count them in the end record first. Skipped
    # members (a Mac adds a "__MACOSX/._name" per file) are why the bound is looser than max_members.
    entries = _declared_entries(data)
    if entries is not None and entries > 4 * max_members + 16:
        raise DecklistError.of("ZIP_TOO_MANY_ENTRIES", entries=entries, limit=max_members)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise DecklistError.of("ZIP_DAMAGED", detail=str(exc)) from exc
    with archive:
        members = [info for info in archive.infolist() if not _skipped(info)]
        if len(members) > max_members:
            raise DecklistError.of("ZIP_TOO_MANY_FILES", files=len(members), limit=max_members)
        if not members:
            raise DecklistError.of("ZIP_EMPTY")
        declared = 0
        for info in members:
            _check_declared(info, max_member)
            declared += info.file_size
            if declared > max_total:
                raise DecklistError.of("ZIP_UNPACKS_TOO_LARGE", limit=max_total)
        files, total = [], 0
        for info in members:
            content = _read_member(archive, info, max_member, max_total - total)
            total += len(content)
            files.append((info.filename, content))
    return files


def _declared_entries(data: bytes) -> int | None:
    """The entry count of the zip's end-of-central-directory record (which ends the file, before a
    comment of at most 64 KB); None when there is none, for zipfile to report the damage."""
    at = data.rfind(b"PK\x05\x06", max(0, len(data) - 22 - 0xFFFF))
    if at < 0 or at + 22 > len(data):
        return None
    # 0xFFFF means "see the zip64 record": more than 65,534 entries, far past any bound here.
    return int.from_bytes(data[at + 10 : at + 12], "little")


def _check_declared(info: zipfile.ZipInfo, max_member: int) -> None:
    name = info.filename
    if name.lower().endswith((".zip", ".jar", ".7z", ".rar", ".gz", ".tgz", ".bz2", ".xz")):
        raise DecklistError.of("ZIP_NESTED", name=name)
    if info.flag_bits & 0x1:
        raise DecklistError.of("ZIP_ENCRYPTED", name=name)
    if info.file_size > max_member:
        raise DecklistError.of("ZIP_MEMBER_TOO_LARGE", name=name, size=info.file_size, limit=max_member)
    if info.file_size > _RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise DecklistError.of("ZIP_BOMB_DECLARED", name=name, ratio=info.file_size // max(info.compress_size, 1))


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, max_member: int, room: int) -> bytes:
    """The member's bytes, counted as they inflate: reading stops one chunk past whichever limit is
    nearer, whatever the header said."""
    name, limit = info.filename, min(max_member, room)
    chunks, size = [], 0
    try:
        with archive.open(info) as member:
            while chunk := member.read(_CHUNK):
                size += len(chunk)
                if size > limit:
                    raise DecklistError.of("ZIP_MEMBER_OVERFLOW", name=name, limit=limit)
                if size > _RATIO_FROM and size > MAX_RATIO * max(info.compress_size, 1):
                    raise DecklistError.of("ZIP_BOMB", name=name, ratio=MAX_RATIO)
                if size == len(chunk) and is_zip(chunk):
                    raise DecklistError.of("ZIP_NESTED", name=name)
                chunks.append(chunk)
    except (zipfile.BadZipFile, EOFError, OSError, ValueError, NotImplementedError, RuntimeError) as exc:
        # A wrong CRC, a truncated stream, an unsupported compression method, an encrypted member.
        raise DecklistError.of("ZIP_MEMBER_DAMAGED", name=name, detail=str(exc)) from exc
    return b"".join(chunks)
