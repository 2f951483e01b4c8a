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


def read_archive(data: bytes, *, max_members: int = MAX_MEMBERS, max_total: int = MAX_TOTAL,
                 max_member: int = MAX_BYTES) -> list[tuple[str, bytes]]:  # fmt: skip
    """The (name, bytes) of every file in a zip upload, in archive order.

    Raises ``DecklistError`` for a damaged archive, a zip bomb, too many files, a nested archive or an
    archive with no file in it.
    """
    if len(data) > max_total:
        raise DecklistError(f"The zip archive is too large ({len(data):,} bytes; the limit is {max_total:,}).")
    # zipfile builds an object per member before we see one: count them in the end record first. Skipped
    # members (a Mac adds a "__MACOSX/._name" per file) are why the bound is looser than max_members.
    entries = _declared_entries(data)
    if entries is not None and entries > 4 * max_members + 16:
        raise DecklistError(f"The zip archive holds {entries:,} entries; at most {max_members:,} files are read "
                            "from one upload.")  # fmt: skip
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise DecklistError(f"This zip archive is damaged and cannot be opened ({exc}).") from exc
    with archive:
        members = [info for info in archive.infolist() if not _skipped(info)]
        if len(members) > max_members:
            raise DecklistError(f"The zip archive holds {len(members):,} files; at most {max_members:,} are read "
                                "from one upload.")  # fmt: skip
        if not members:
            raise DecklistError("The zip archive holds no files.")
        declared = 0
        for info in members:
            _check_declared(info, max_member)
            declared += info.file_size
            if declared > max_total:
                raise DecklistError(f"The zip archive unpacks to more than {max_total:,} bytes; "
                                    "upload fewer decklists at a time.")  # fmt: skip
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
        raise DecklistError(f"The zip archive holds another archive ({name}); "
                            "unpack it and upload the decklists themselves.")  # fmt: skip
    if info.flag_bits & 0x1:
        raise DecklistError(f"{name} is password-protected in the zip archive; it cannot be read.")
    if info.file_size > max_member:
        raise DecklistError(f"{name} unpacks to {info.file_size:,} bytes; a decklist may hold {max_member:,}.")
    if info.file_size > _RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise DecklistError(f"{name} is compressed {info.file_size // max(info.compress_size, 1):,} times over, "
                            "as zip bombs are, not as decklists are; the archive is refused.")  # fmt: skip


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
                    raise DecklistError(f"{name} unpacks to more than {limit:,} bytes, more than its header "
                                        "declares or a decklist may hold; the archive is refused.")  # fmt: skip
                if size > _RATIO_FROM and size > MAX_RATIO * max(info.compress_size, 1):
                    raise DecklistError(f"{name} inflates more than {MAX_RATIO} times over, as zip bombs do; "
                                        "the archive is refused.")  # fmt: skip
                if size == len(chunk) and is_zip(chunk):
                    raise DecklistError(f"The zip archive holds another archive ({name}); "
                                        "unpack it and upload the decklists themselves.")  # fmt: skip
                chunks.append(chunk)
    except (zipfile.BadZipFile, EOFError, OSError, ValueError, NotImplementedError, RuntimeError) as exc:
        # A wrong CRC, a truncated stream, an unsupported compression method, an encrypted member.
        raise DecklistError(f"{name} is damaged in the zip archive and cannot be read ({exc}).") from exc
    return b"".join(chunks)
