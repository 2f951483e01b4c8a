"""The embedded broker and result store: a reader that looks while a file is being written sees the whole
file or nothing (vtesdeck.broker). The stock kombu transport let a worker take a message file created but
not yet written, die on its empty JSON and lose the message.

Each test reads at the one instant that matters, deterministically: from inside the write itself.
"""

from __future__ import annotations

import builtins

import pytest
from kombu import Connection, Exchange, Queue
from kombu.exceptions import OperationalError

from vtesdeck.broker import FileResultBackend, FilesystemTransport, write_whole
from vtesdeck.celery import app


@pytest.fixture
def read_while_writing(monkeypatch):
    """Runs ``look()`` at the start of every write to a file opened for writing, and keeps what it saw."""
    seen: list[object] = []
    state = {"look": None}
    real_open = builtins.open

    class Watched:
        def __init__(self, file) -> None:
            self.file = file

        def write(self, data):
            if state["look"] is not None:
                look, state["look"] = state["look"], None  # once: the reader's own writes are not watched
                try:
                    seen.append(look())
                except Exception as exc:
                    seen.append(exc)
            return self.file.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self.file.__exit__(*exc)

        def __getattr__(self, name):
            return getattr(self.file, name)

    def watched_open(file, mode="r", *args, **kwargs):
        opened = real_open(file, mode, *args, **kwargs)
        return Watched(opened) if "w" in mode else opened

    monkeypatch.setattr(builtins, "open", watched_open)

    def arm(look) -> list[object]:
        state["look"] = look
        return seen

    return arm


def test_a_worker_polling_the_queue_never_takes_a_message_half_written(tmp_path, read_while_writing):
    folders = {name: tmp_path / name for name in ("queue", "processed", "control")}
    for folder in folders.values():
        folder.mkdir()
    options = {f"data_folder_{way}": str(folders["queue"]) for way in ("in", "out")}
    options |= {"processed_folder": str(folders["processed"]), "control_folder": str(folders["control"])}
    with Connection("filesystem://", transport=FilesystemTransport, transport_options=options) as connection:
        channel = connection.default_channel
        queue = Queue("chunks", Exchange("chunks"), routing_key="chunks")(channel)
        queue.declare()

        def worker_polls():
            message = queue.get()
            return message if message is None else message.payload

        seen = read_while_writing(worker_polls)
        connection.Producer(channel).publish({"job": 7, "chunk": 3}, exchange="chunks", routing_key="chunks")

        assert seen == [None], "the worker saw the message before it was whole"
        message = queue.get()
        assert message.payload == {"job": 7, "chunk": 3}
        message.ack()
        assert queue.get() is None
        assert not [path for path in folders["queue"].iterdir()], "a temporary file was left behind"


def test_a_publisher_reading_a_new_exchange_table_never_reads_it_half_written(tmp_path, read_while_writing):
    options = {"control_folder": str(tmp_path / "control")}
    options |= {f"data_folder_{way}": str(tmp_path) for way in ("in", "out")}
    with Connection("filesystem://", transport=FilesystemTransport, transport_options=options) as connection:
        channel = connection.default_channel
        seen = read_while_writing(lambda: channel.get_table("fanout"))
        Queue("first", Exchange("fanout", type="fanout"))(channel).declare()
        assert seen == [[]], "the publisher saw the table before it was whole"
        # Binding to a table that exists adds to it (kombu's own update, under its lock).
        Queue("second", Exchange("fanout", type="fanout"))(channel).declare()
        assert sorted(row.queue for row in channel.get_table("fanout")) == ["first", "second"]
        assert [path.name for path in (tmp_path / "control").iterdir()] == ["fanout.exchange"]


def test_creating_a_file_whole_keeps_the_one_another_writer_created_first(tmp_path):
    path = str(tmp_path / "fanout.exchange")
    assert write_whole(path, b"[first]", replace=False)
    assert not write_whole(path, b"[second]", replace=False)
    assert (tmp_path / "fanout.exchange").read_bytes() == b"[first]"
    assert [child.name for child in tmp_path.iterdir()] == ["fanout.exchange"]


def test_the_settings_use_the_whole_file_broker_when_the_url_is_filesystem():
    if not app.conf.broker_url.startswith("filesystem"):
        pytest.skip("the broker is not the filesystem one here (CELERY_BROKER_URL)")
    try:
        with app.connection_for_write() as connection:
            assert isinstance(connection.transport, FilesystemTransport)
    except OperationalError as exc:  # pragma: no cover - the folder is local; this would be a broken setup
        pytest.fail(str(exc))
    assert isinstance(app.backend, FileResultBackend)


def test_a_result_read_while_it_is_stored_is_the_old_one_or_none(tmp_path, read_while_writing):
    backend = FileResultBackend(url=f"file://{tmp_path}", app=app)

    seen = read_while_writing(lambda: backend.get(b"celery-task-meta-1"))
    backend.set(b"celery-task-meta-1", b'{"status": "PENDING"}')
    assert seen == [None]

    seen.clear()
    read_while_writing(lambda: backend.get(b"celery-task-meta-1"))
    backend.set(b"celery-task-meta-1", b'{"status": "SUCCESS", "result": "pong"}')
    assert seen == [b'{"status": "PENDING"}']
    assert backend.get(b"celery-task-meta-1") == b'{"status": "SUCCESS", "result": "pong"}'
    assert [path.name for path in tmp_path.iterdir()] == ["celery-task-meta-1"]


def test_a_failed_write_leaves_neither_the_file_nor_its_temporary(tmp_path):
    with pytest.raises(TypeError):
        write_whole(str(tmp_path / "message.msg"), "not bytes")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
