"""Images for tests and benches about card scans: a huge image in few bytes, made without ever holding it whole."""

from __future__ import annotations

import io
import struct
import zlib

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
