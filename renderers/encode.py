"""Palette PNGs made band by band, each band of rows deflated once for every image it is in.

Consecutive table images share most of their rows (the felt between the seats, the seats and
piles a move left alone, the same rows of other tables), and deflating the whole image again
after every move was the largest part of the bot's work per move. So the image is mapped to
its theme's palette whole (mapping is pixel by pixel, without dithering), then cut into bands
of `BAND` rows. Each band is deflated on its own (a fresh compressor, flushed to a byte
boundary, so the pieces join into one zlib stream) and kept in a cache shared by every image,
under Python's hash of its indices (SipHash, 64 bits with a key drawn for each process: two
different bands of the same length alike in it is not a case to plan for; it costs half of the
CRC-32 and Adler-32 that keyed the bands before). An image then costs the mapping, the hash of
its indices and the deflating of the bands that are new. A table drawn mapped
(`renderers.frame`) also says which rows were drawn on since its background: the other bands
are the background's, and take its keys without being hashed again.

Decoded, the PNG is exactly the image mapped to the palette, and the same image always gives
the same bytes (a band's bytes depend on the band alone).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from PIL import Image

from renderers.lru import Bounded
from renderers.palette import palette_image, to_palette
from renderers.theme import Theme

BAND = 16  # rows per band
LEVEL = 3  # zlib level of each band (the whole image's level before bands)
# Compressed bands kept, shared by every table. A table's next image comes after every other
# table's: at 200 tables (benchmarks/render.py --tables 200), with 4 MB a quarter of the bands
# an image deflated had been deflated before and pushed out (15.4 bands an image; 12.1 with
# 6 MB, 11.9 with 8 MB, 11.5 with no limit).
CACHE_BYTES = 6 * 1024 * 1024
_ADLER = 65521  # adler-32's modulus
_FINAL_BLOCK = b"\x03\x00"  # an empty, final fixed-Huffman deflate block
_SIGNATURE = b"\x89PNG\r\n\x1a\n"

_Key = tuple[int, int, int]  # width, hash and length of the band's indices
_Band = tuple[bytes, int, int]  # deflated, adler-32 and length of the band's filtered rows


_BANDS: Bounded[_Key, _Band] = Bounded(CACHE_BYTES, lambda band: len(band[0]) + 100)


def palette_png(image: Image.Image, theme: Theme) -> bytes:
    """PNG bytes of `image` (RGB) mapped to `theme`'s palette, 8 bits a pixel."""
    return indexed_png(to_palette(image, theme), theme)


def indexed_png(
    indexed: Image.Image,
    theme: Theme,
    like: Image.Image | None = None,
    drawn: Sequence[tuple[int, int]] = (),
) -> bytes:
    """PNG bytes of `indexed`, an image already mapped to `theme`'s palette. Given `like`, an
    image of the same size that `indexed` differs from only in the rows `drawn` (top, bottom
    ranges: a table and its background), the other bands' keys are `like`'s, not hashed."""
    width, height = indexed.size
    bands = _bands(indexed)  # bytes: a memoryview's slices hash at half the speed
    keys: list[_Key | None] = [None] * len(bands)
    if like is not None and like.size == indexed.size:
        keys = list(_band_keys(like))
        for top, bottom in drawn:
            for number in range(max(0, top) // BAND, min(len(bands), -(-bottom // BAND))):
                keys[number] = None
    for number, rows in enumerate(bands):
        if keys[number] is None:
            keys[number] = (width, hash(rows), len(rows))
    known = [key for key in keys if key is not None]
    pieces: list[bytes] = []
    adler_a, adler_b = 1, 0
    for key, band, rows in zip(known, _BANDS.get_many(known), bands, strict=True):
        if band is None:
            band = _deflate(rows, width)
            _BANDS.put(key, band)
        deflated, band_adler, length = band
        pieces.append(deflated)
        # adler-32 of the rows so far followed by this band's rows (zlib's adler32_combine)
        a2, b2 = band_adler & 0xFFFF, band_adler >> 16
        adler_b = (adler_b + b2 + length * (adler_a - 1)) % _ADLER
        adler_a = (adler_a + a2 - 1) % _ADLER
    pieces.append(_FINAL_BLOCK)
    stream = b"".join((b"\x78\x5e", *pieces, struct.pack(">I", (adler_b << 16) | adler_a)))
    flat = bytes(palette_image(theme).getpalette() or [])[: 3 * 256].ljust(3 * 256, b"\0")
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", flat),
         _chunk(b"IDAT", stream), _chunk(b"IEND", b""))
    )  # fmt: skip


_LIKE: dict[int, tuple[Image.Image, tuple[_Key, ...]]] = {}


def _bands(image: Image.Image) -> list[bytes]:
    """The image's bytes band by band, read straight into one bytes object a band (what
    `tobytes` gives, without joining the whole and slicing it again)."""
    width, height = image.size
    encoder = Image._getencoder(image.mode, "raw", image.mode)  # as `tobytes` makes it
    encoder.setimage(image.im, (0, 0, width, height))
    bands = []
    try:
        while True:
            _, done, rows = encoder.encode(BAND * width)  # whole rows: a band a call
            if rows:
                bands.append(rows)
            if done:
                break
    finally:
        encoder.cleanup()
    if done < 0 or sum(map(len, bands)) != width * height:
        raise RuntimeError(f"encoder error {done} reading an image's bands")
    return bands


def _band_keys(image: Image.Image) -> tuple[_Key, ...]:
    """The keys of `image`'s bands, remembered while it lives (a table's background)."""
    found = _LIKE.get(id(image))
    if found is not None and found[0] is image:
        return found[1]
    width, height = image.size
    data = image.tobytes()
    step = BAND * width
    keys = tuple(
        (width, hash(data[start : start + step]), len(data[start : start + step]))
        for start in range(0, width * height, step)
    )
    with _BANDS.lock:
        if len(_LIKE) >= 32:
            _LIKE.clear()
        _LIKE[id(image)] = (image, keys)
    return keys


def _deflate(indexed: bytes, width: int) -> _Band:
    """Rows of palette indices, each behind its filter byte (none), deflated."""
    rows = [indexed[row : row + width] for row in range(0, len(indexed), width)]
    filtered = b"\0".join([b"", *rows])  # a zero before each row
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    deflated = compressor.compress(filtered) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return deflated, zlib.adler32(filtered), len(filtered)


def _chunk(kind: bytes, body: bytes) -> bytes:
    """A PNG chunk: length, type, body and the CRC of type and body."""
    check = zlib.crc32(body, zlib.crc32(kind))
    return b"".join((struct.pack(">I", len(body)), kind, body, struct.pack(">I", check)))


def clear_cache() -> None:
    _BANDS.clear()
