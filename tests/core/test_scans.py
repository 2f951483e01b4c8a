"""Card scans (``vtesdeck.core.scans``): refused above the pixel limit from the header alone, shrunk to what a card
printed at 300 dpi needs, and the proxy renderer printing a refused scan as its text card."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.images import jpeg, one_colour_png
from vtesdeck.core import cardface, proxies, scans


def size_of(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def test_an_image_past_the_pixel_limit_is_refused_from_its_header_alone():
    bomb = one_colour_png(5000, 5000)  # 25 Mpx: 75 MB decoded, a few dozen KB here
    with pytest.raises(scans.ScanError, match="pixels, more than the 12,000,000-pixel limit"):
        scans.measure(bomb)
    with pytest.raises(scans.ScanError, match="2000 × 2000 pixels, more than the 1,000,000-pixel limit"):
        scans.measure(one_colour_png(2000, 2000), max_pixels=1_000_000)
    # The header is all that is read: a file cut off after it is refused for its size all the same, where
    # decoding would have met the damage first.
    with pytest.raises(scans.ScanError, match="pixel limit"):
        scans.fit(bomb[:200])
    assert scans.measure(one_colour_png(3000, 4000)) == ("PNG", 3000, 4000)  # the limit itself passes


def test_a_larger_scan_is_shrunk_to_a_card_at_300_dpi_in_its_own_format():
    kept = scans.fit(one_colour_png(2000, 2800))
    assert size_of(kept) == (742, 1039) and kept.startswith(b"\x89PNG")  # proportions kept, within 744 × 1039
    small = jpeg((358, 500))  # the size of krcg's scans: kept byte for byte
    assert scans.fit(small) == small


def test_a_scan_for_print_is_a_jpeg_its_transparent_corners_white():
    out = io.BytesIO()
    Image.new("RGBA", (100, 140), (0, 0, 0, 0)).save(out, "PNG")
    printed = scans.fit(out.getvalue(), to="JPEG")
    with Image.open(io.BytesIO(printed)) as image:
        assert image.format == "JPEG" and image.getpixel((0, 0)) == (255, 255, 255)


@pytest.mark.parametrize("data", [b"<html>a login page</html>", jpeg()[:300]])
def test_what_is_no_image_or_a_damaged_one_is_refused(data):
    with pytest.raises(scans.ScanError):
        scans.fit(data)


def test_a_proxy_with_a_scan_past_the_limit_prints_as_its_text_card(cards):
    face = cardface.face(cards[100824])
    sheet = proxies.render([proxies.ProxyCard(face, one_colour_png(5000, 5000)), proxies.ProxyCard(face, jpeg())])
    assert [placement.image for placement in sheet.placements] == [False, True]


def test_a_sheet_past_its_byte_cap_stops_with_the_cap(cards, tmp_path):
    scan = tmp_path / "scan.jpg"
    scan.write_bytes(jpeg((744, 1039)))
    face = cardface.face(cards[100824])
    # Copies of one scan are held once: twenty of it fit where two different scans would not.
    proxies.render([proxies.ProxyCard(face, scan)] * 20, max_bytes=len(scan.read_bytes()) + 5_000)
    with pytest.raises(proxies.SheetTooLarge) as refused:
        proxies.render([proxies.ProxyCard(face, scan), proxies.ProxyCard(face, jpeg((700, 1000)))], max_bytes=10_000)
    assert refused.value.limit == 10_000
