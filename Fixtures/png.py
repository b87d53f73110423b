#!/usr/bin/env python3
"""The one PNG maker of the tests and the benchmarks: plain RGB PNGs, written with zlib alone.

As a module (`from png import png`): the cover server, bench/bluebench/covers.py and the tests' scripts.
As a program, for the Swift fixtures (`MusicFolderMaker.image`):

    png.py OUTPUT [--size N | --size WxH] [--colour red|green|blue|RRGGBB|0xRRGGBB] [--grain SEED]
"""
import argparse
import random
import struct
import sys
import zlib

# The colour names the fixtures use, with the values ffmpeg and CSS give them.
NAMED_COLOURS = {"red": "ff0000", "green": "008000", "blue": "0000ff"}


def colour(text: str) -> bytes:
    """Three bytes from a name of NAMED_COLOURS or a hexadecimal RRGGBB (with 0x or # or not)."""
    text = NAMED_COLOURS.get(text, text).removeprefix("0x").removeprefix("#")
    if len(text) != 6:
        raise ValueError(f"not a colour: {text}")
    return bytes.fromhex(text)


def colour_of(seed: str) -> bytes:
    """A colour derived from seed: distinct names give distinct-looking covers."""
    return bytes((sum(seed.encode()) * k) % 256 for k in (7, 13, 29))


def png(width: int, height: int, fill: bytes, grain: str | None = None, level: int = 6) -> bytes:
    """A width x height RGB PNG of the colour fill. With grain (a seed), every pixel varies a
    little, as in a photo: it then barely compresses (300 x 300 is about 270 kB)."""
    if grain is None:
        raw = (b"\x00" + fill * width) * height
    else:
        noise = random.Random(grain).randbytes(width * height * 3)
        row_bytes = width * 3
        raw = b"".join(b"\x00" + bytes((c & 0xE0) | (n & 0x1F) for c, n in zip(fill * width, noise[y * row_bytes:(y + 1) * row_bytes]))
                       for y in range(height))
    return _assemble(width, height, zlib.compress(raw, level))


def png_declaring(width: int, height: int) -> bytes:
    """A PNG whose header declares width x height pixels but whose data is one tiny row: a
    decompression bomb for a decoder that allocates what the header says."""
    return _assemble(width, height, zlib.compress(b"\x00" * 64))


def _assemble(width: int, height: int, compressed: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", compressed) + chunk(b"IEND", b"")


def main() -> int:
    parser = argparse.ArgumentParser(description="Writes a plain RGB PNG.")
    parser.add_argument("output")
    parser.add_argument("--size", default="64", help="N (a square) or WxH (default 64)")
    parser.add_argument("--colour", default="red")
    parser.add_argument("--grain", default=None, help="a seed: every pixel varies a little")
    arguments = parser.parse_args()
    width, _, height = arguments.size.partition("x")
    try:
        data = png(int(width), int(height or width), colour(arguments.colour), arguments.grain)
    except ValueError as error:
        print(f"png.py: {error}", file=sys.stderr)
        return 2
    with open(arguments.output, "wb") as file:
        file.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
