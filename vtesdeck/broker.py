"""The embedded broker and result store (kombu's filesystem transport, Celery's file backend), with writes no
reader ever sees half done.

Both stock classes create their file and then write into it. A worker polling the queue folder can take a
message file in between, read nothing, and die on the empty JSON (an unrecoverable error: the worker exits and
the message is lost; CI saw it once). A result read in between reads nothing too, and /healthz would call a
live worker dead. Here every file is written under a name no reader looks at and renamed into place, which
is atomic on one filesystem: a reader finds the whole file or none. Only the writes change; the file names,
folders and formats are the stock ones, so a worker of either kind reads the other's queue.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic
from typing import Any

from celery.backends.filesystem import FilesystemBackend
from kombu.transport import filesystem
from kombu.utils.encoding import ensure_bytes
from kombu.utils.json import dumps


def write_whole(path: str | bytes, data: bytes, replace: bool = True) -> bool:
    """Write ``data`` to ``path`` so that the file appears complete or not at all. The temporary name starts
    with a dot and ends in ``.part``: the queue reader takes only ``*.<queue>.msg`` names, and results are read
    by their own names. With ``replace=False`` an existing file is kept, and the answer is False."""
    folder, name = os.path.split(os.fsdecode(path))  # the result backend's paths are bytes
    part = os.path.join(folder, f".{name}.{uuid.uuid4().hex}.part")
    try:
        with open(part, "wb") as file:
            file.write(data)
        if replace:
            os.replace(part, path)
        else:
            os.link(part, path)  # fails if the file exists: a create that another writer cannot half undo
        return True
    except FileExistsError:
        return False
    finally:
        try:
            os.unlink(part)
        except FileNotFoundError:  # renamed into place
            pass


class FilesystemChannel(filesystem.Channel):
    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:
        """Put a message on ``queue``: the stock file name (its time first, so readers take the oldest)."""
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        try:
            write_whole(os.path.join(self.data_folder_out, name), ensure_bytes(dumps(payload)))
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add file {name!r} to directory") from exc

    def _queue_bind(self, exchange: str, routing_key: str, pattern: str, queue: str) -> None:
        """Bind ``queue`` to ``exchange``. The stock class creates a new exchange's table file empty and then
        fills it: a publisher reading the table in between failed on the empty JSON. A new table is created
        whole; adding to one that exists is the stock update, under its lock."""
        file = self._exchange_file(exchange)
        if not file.exists():
            self.control_folder.mkdir(exist_ok=True)
            table = [filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")]
            try:
                if write_whole(str(file), ensure_bytes(dumps(table)), replace=False):
                    return
            except OSError as exc:
                raise filesystem.ChannelError(f"Cannot open {file}") from exc
        super()._queue_bind(exchange, routing_key, pattern, queue)


class FilesystemTransport(filesystem.Transport):
    """``CELERY_BROKER_TRANSPORT`` when the broker URL is ``filesystem://`` (the settings say so)."""

    Channel = FilesystemChannel


class FileResultBackend(FilesystemBackend):
    """The ``file://`` result backend, named in the settings' ``CELERY_RESULT_BACKEND`` by its class."""

    def set(self, key: bytes | str, value: bytes | str) -> None:
        write_whole(self._filename(key), ensure_bytes(value))
