"""Card scans: refused above a pixel limit before anything is decoded, and cut down to what printing needs.

An image's pixel count is what decoding it costs, not its size in bytes: a 12,000 × 12,000 PNG of one colour
is 420 KB on disk and 430 MB once decoded (RGB), more with the copies a resize makes. ``measure`` reads only
the header (``PIL.Image.open`` is lazy: it parses the header and decodes nothing) and refuses an image of more
than ``max_pixels``; ``fit`` measures first, then decodes what passed and shrinks it to fit ``PRINT_BOX``.

``PRINT_BOX`` is a card printed at 300 dpi: 63 × 88 mm is 744 × 1039 pixels, all a proxy sheet can use (a
printer's 300 dpi is the usual bar for print; more is invisible at card size). The mirror keeps its scans at
most that large (``cards.images``); a proxy sheet prints each as a JPEG of at most that size, which the PDF
holds as it is (fpdf2 embeds a JPEG's bytes without decoding them), so a sheet's size is bounded by its number
of distinct cards, whatever the scans were.
"""

from __future__ import annotations

import io
import re
from typing import BinaryIO

from PIL import Image, UnidentifiedImageError

__all__ = ["MAX_PIXELS", "PRINT_BOX", "ScanError", "fit", "measure"]

MAX_PIXELS = 12_000_000  # a 3000 × 4000 scan, four times a 300-dpi card; settings.CARD_IMAGE_MAX_PIXELS
PRINT_BOX = (744, 1039)  # 63 × 88 mm at 300 dpi (63 / 25.4 × 300, 88 / 25.4 × 300)
QUALITY = 90  # JPEG and WebP quality of a shrunk scan: no visible loss at card size
# What Pillow raises for a damaged, truncated or foreign file (and its own guard, Image.MAX_IMAGE_PIXELS).
BROKEN = (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError)


class ScanError(ValueError):
    """An image this site will not decode or keep; ``str()`` says why."""


def measure(data: bytes | BinaryIO, *, max_pixels: int = MAX_PIXELS) -> tuple[str, int, int]:
    """(format, width, height) of an image (its bytes, or an open file) from its header alone; ``ScanError`` when
    it is no image Pillow knows or has more than ``max_pixels`` pixels. Nothing is decoded."""
    try:
        with Image.open(io.BytesIO(data) if isinstance(data, bytes) else data) as image:
            kind, (width, height) = image.format or "", image.size
    except Image.DecompressionBombError as exc:  # Pillow's own guard: twice Image.MAX_IMAGE_PIXELS (cards.apps)
        counted = re.search(r"\((\d+) pixels\)", str(exc))  # "Image size (144000000 pixels) exceeds limit…"
        pixels = f"{int(counted[1]):,} pixels" if counted else "too many pixels"
        raise ScanError(f"{pixels}, more than the {max_pixels:,}-pixel limit") from None
    except BROKEN:
        raise ScanError("not an image") from None
    if width * height > max_pixels:
        raise ScanError(f"{width} × {height} pixels, more than the {max_pixels:,}-pixel limit")
    return kind, width, height


def fit(data: bytes, *, max_pixels: int = MAX_PIXELS, box: tuple[int, int] = PRINT_BOX, to: str = "") -> bytes:
    """The image's bytes at most ``box`` large (its proportions kept), in its own format or in ``to`` ("JPEG");
    the same bytes when they are that already (checked whole: a damaged file is a ``ScanError``). Refused by
    ``measure`` before anything is decoded."""
    kind, width, height = measure(data, max_pixels=max_pixels)
    target = to or kind
    try:
        with Image.open(io.BytesIO(data)) as image:
            if width <= box[0] and height <= box[1] and target == kind:
                image.verify()  # reads the file through without keeping its pixels
                return data
            if kind == "JPEG":
                image.draft("RGB", box)  # decode at 1/2, 1/4 or 1/8 scale when that still covers the box
            image.thumbnail(box, Image.Resampling.LANCZOS)
            return _encode(image, target)
    except BROKEN:
        raise ScanError("a damaged image") from None


def _encode(image: Image.Image, kind: str) -> bytes:
    out = io.BytesIO()
    if kind == "JPEG":
        if image.mode not in ("RGB", "L", "CMYK"):
            # Transparent corners (a PNG scan's rounded card) become the paper's white, not JPEG's black.
            flat = Image.new("RGB", image.size, (255, 255, 255))
            rgba = image.convert("RGBA")
            flat.paste(rgba, mask=rgba.getchannel("A"))
            image = flat
        image.save(out, "JPEG", quality=QUALITY, optimize=True)
    elif kind == "WEBP":
        image.save(out, "WEBP", quality=QUALITY)
    else:
        image.save(out, kind, optimize=True)
    return out.getvalue()
