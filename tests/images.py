"""Images for tests and benches about card scans: a huge image in few bytes, made without ever holding it whole;
and a stand-in image host on loopback."""

from __future__ import annotations

import contextlib
import http.server
import io
import socket
import struct
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image


def one_colour_png(width: int, height: int, rgb: tuple[int, int, int] = (120, 10, 20)) -> bytes:
    """An RGB PNG of ``width`` × ``height`` pixels of one colour: 12,000 × 12,000 (144 Mpx, 432 MB decoded) is
    about 420 KB. Written row by row into the compressor, so making it costs a row of memory, not the image."""
    row = b"\x00" + bytes(rgb) * width  # filter type 0, then the pixels
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, deflate, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def jpeg(size: tuple[int, int] = (63, 88), rgb: tuple[int, int, int] = (120, 10, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, rgb).save(out, "JPEG")
    return out.getvalue()


class ImageSite(http.server.BaseHTTPRequestHandler):
    """A stand-in image host on loopback: serves ``files`` (path → status, body, content type); a 3xx's body is
    its Location, and the content type "trickle" sends the body a byte at a time, slowly, as a stalling server
    would. ``asked`` lists the paths asked, in order. ``serve`` runs one and stops it."""

    files: dict[str, tuple[int, bytes, str]] = {}
    asked: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        self.asked.append(self.path)
        status, body, content_type = self.files.get(self.path, (404, b"not here", "text/plain"))
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("Location", body.decode())
            body = b""
        self.send_header("Content-Type", "image/jpeg" if content_type == "trickle" else content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if content_type != "trickle":
            self.wfile.write(body)
            return
        try:
            for byte in body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.05)
        except OSError:  # the client hung up, as it should
            pass

    def log_message(self, *args) -> None:
        pass

    @classmethod
    @contextlib.contextmanager
    def serve(cls, files: dict[str, tuple[int, bytes, str]]) -> Iterator[str]:
        """Serve ``files`` on a free loopback port; yields the template ``http://localhost:PORT/card/{slug}.jpg``
        (``localhost``: a name the tests allow, CARD_IMAGE_ALLOWED_HOSTS, as an operator would a local server)."""
        cls.files, cls.asked = files, []
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), cls)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://localhost:{server.server_address[1]}/card/{{slug}}.jpg"
        finally:
            server.shutdown()
            server.server_close()


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed): a connection to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def fetching_on_view(settings: Any, media: Path) -> Iterator[None]:
    """Images fetched on view (``cards.images.fetch_on_view``) into an empty mirror under ``media``, from a
    stand-in host on loopback (plain http, the name ``localhost`` allowed); what the process remembers of failing
    sites and missing images is forgotten before and after. The test sets ``CARD_IMAGE_FETCH_TEMPLATE``."""
    from cards import images

    settings.MEDIA_ROOT = media
    settings.CARD_IMAGE_ALLOW_HTTP = True
    settings.CARD_IMAGE_ALLOWED_HOSTS = ["localhost"]
    images._down.clear()
    images._absent.clear()
    try:
        yield
    finally:
        images._down.clear()
        images._absent.clear()
