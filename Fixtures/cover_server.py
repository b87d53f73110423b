#!/usr/bin/env python3
"""A local HTTP server for BlueLibrary's tests; listens on 127.0.0.1 only.

Prints "PORT <n>" on its first line, then serves:
  /cover/<name>        200, a small PNG (distinct per name)
  /photo-cover/<name>  200, a 300x300 PNG of about 270 kB, like a real cover (benchmarks)
  /slow-cover/<name>   the same after 0.3 s, or ?seconds=<s> (to observe concurrency)
  /held-cover/<name>   the same once the test says "release <name>" on stdin (a download
                       that stays in flight for as long as the test needs it to)
  /shaped-cover/<w>x<h>/<name>  200, a w x h PNG (portrait or landscape covers)
  /large-jpeg/<name>   200, one 2000x2000 JPEG of about 500 kB, the same under every name
  /webp-cover/<name>   200, a 32x32 WebP (lossy, VP8)
  /svg-cover/<name>    200, a small SVG document (an XML declaration and a comment first)
  /status/<code>       that status with a short body
  /redirect?to=<url>   302 to <url>
  /redirect-loop/<n>   302 to /redirect-loop/<n+1>, forever
  /sleep/<seconds>     waits, then 200 (a server that does not answer in time)
  /endless             a body without length that never ends (stops after 60 s by itself)
  /sized/<bytes>       a body of that many bytes with its Content-Length
  /text                200, text/plain (not an image)
  /bomb-png            200, a PNG declaring 100,000 x 100,000 pixels
  /truncated-png       200, the first 60 bytes of a PNG
  /drip                200, a cover sent one byte a second
  /silent              a connection accepted and never answered

`cover_server.py --body <path>` writes the body of an image route (the first six above) to
standard output and exits, for tests that decode the images themselves.

Statistics go over the standard streams, not HTTP, so asking never counts as a request:
a line "stats" on stdin is answered on stdout with one line of JSON,
{"requests": {path: count}, "total": n, "maxConcurrent": n, "userAgents": [..]}, and a line
"release <name>" lets /held-cover/<name> answer (at once, from then on).
The server exits when its standard input closes (the test ended or died).
"""
import json
import math
import random
import struct
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from fixture_http import QuietHandler
from png import colour_of, png, png_declaring


def cover_png(seed: str, size: int = 4, grain: bool = False, height: int = 0) -> bytes:
    """A size x size (or size x height) PNG of one colour derived from seed; with grain,
    every pixel varies a little (like a photo: 300 x 300 is about 270 kB)."""
    return png(size, height or size, colour_of(seed), grain=seed if grain else None, level=1)


def jpeg(seed: str, size: int = 2000) -> bytes:
    """A size x size baseline JPEG (YCbCr, no subsampling), written straight in the DCT domain
    so that no image library is needed: block averages following a smooth wave, grain from a
    few random coefficients in each luma block, one tint for the whole picture. Its Huffman
    tables are its own, with every symbol 4 bits long. 2000 x 2000 is about 500 kB."""
    rng = random.Random(seed)
    dc_symbols = list(range(12))  # the categories of a DC difference
    ac_symbols = [0x00] + [run << 4 | category for run in (0, 1) for category in range(1, 8)]  # EOB first

    def code(symbols, symbol):
        return format(symbols.index(symbol), "04b")

    def amplitude(value):
        category = abs(value).bit_length()
        bits = value if value >= 0 else value + (1 << category) - 1
        return category, format(bits, f"0{category}b") if category else ""

    def dc(difference):
        category, bits = amplitude(difference)
        return code(dc_symbols, category) + bits

    def grain():
        coded, position = [], 0
        for _ in range(rng.randint(2, 6)):
            run = rng.choice((0, 0, 1))
            position += run + 1
            if position > 63:
                break
            category, bits = amplitude(rng.choice((-1, 1)) * rng.randint(1, 60))
            coded.append(code(ac_symbols, run << 4 | category) + bits)
        return "".join(coded) + code(ac_symbols, 0x00)

    end_of_block = code(ac_symbols, 0x00)
    grains = [grain() for _ in range(64)]
    tint = [dc(rng.randint(-40, 40)) + end_of_block, dc(rng.randint(-40, 40)) + end_of_block]
    flat = dc(0) + end_of_block  # the chroma of every later block: the same as the first
    bits, previous, blocks = [], 0, (size + 7) // 8
    for y in range(blocks):
        for x in range(blocks):
            level = int(70 * math.sin(x / 23 + y / 41) + 40 * math.cos(y / 17))
            bits += [dc(level - previous) + rng.choice(grains)] + (tint if x == y == 0 else [flat, flat])
            previous = level
    stream = "".join(bits)
    stream += "1" * (-len(stream) % 8)
    scan = int(stream, 2).to_bytes(len(stream) // 8, "big").replace(b"\xff", b"\xff\x00")

    def segment(marker: int, body: bytes) -> bytes:
        return struct.pack(">BBH", 0xFF, marker, len(body) + 2) + body

    def huffman(kind: int, symbols) -> bytes:
        return bytes([kind] + [0, 0, 0, len(symbols)] + [0] * 12 + symbols)

    return (b"\xff\xd8"
            + segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
            + segment(0xDB, bytes([0] + [8] * 64))
            + segment(0xC0, struct.pack(">BHHB", 8, size, size, 3) + bytes([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))
            + segment(0xC4, huffman(0x00, dc_symbols) + huffman(0x10, ac_symbols))
            + segment(0xDA, bytes([3, 1, 0, 2, 0, 3, 0, 0, 63, 0]))
            + scan + b"\xff\xd9")


LARGE_JPEG_LOCK = threading.Lock()
LARGE_JPEG = []


def large_jpeg() -> bytes:
    """The 2000 x 2000 JPEG, made on first use (about a quarter of a second) and kept."""
    with LARGE_JPEG_LOCK:
        if not LARGE_JPEG:
            LARGE_JPEG.append(jpeg("large"))
        return LARGE_JPEG[0]


# A 32 x 32 lossy WebP (a colour gradient), made once with gdk-pixbuf's WebP saver.
WEBP = bytes.fromhex(
    "524946468a00000057454250565038207e0000007005009d012a200020003e6d269b4da42422"
    "a29400800d896c009d331c802fa6d301c000030a87cc8b9937e4bb4dd6ae0e2b84c000fee313"
    "e67479be0222077fe58e2c6e40c787fe37e9ab2ced3ab654983c247cf4f67a393e8cd1193aff"
    "a1c40bebf35b33b5b1bf95dbabaf57ff0d002948c92b9527ed79f5a3a2340000")

SVG = b"""<?xml version="1.0" encoding="UTF-8"?>
<!-- A cover drawn as a vector image -->
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
  <rect width="120" height="120" fill="#1c71d8"/>
  <circle cx="60" cy="60" r="40" fill="#f6d32d"/>
</svg>
"""


def image(path: str):
    """The body and content type of an image route (/cover, /photo-cover, /shaped-cover,
    /large-jpeg, /webp-cover, /svg-cover), or None for the other routes."""
    parts = path.strip("/").split("/")
    kind, arg = parts[0], "/".join(parts[1:])
    if kind == "cover":
        return cover_png(arg), "image/png"
    if kind == "photo-cover":
        return cover_png(arg, size=300, grain=True), "image/png"
    if kind == "shaped-cover" and len(parts) > 1:
        width, height = (int(n) for n in parts[1].split("x"))
        return cover_png("/".join(parts[2:]), size=width, height=height), "image/png"
    if kind == "large-jpeg":
        return large_jpeg(), "image/jpeg"
    if kind == "webp-cover":
        return WEBP, "image/webp"
    if kind == "svg-cover":
        return SVG, "image/svg+xml"
    return None


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = {}
        self.user_agents = set()
        self.active = 0
        self.max_concurrent = 0

    def begin(self, path, user_agent):
        with self.lock:
            self.user_agents.add(user_agent)
            self.requests[path] = self.requests.get(path, 0) + 1
            self.active += 1
            self.max_concurrent = max(self.max_concurrent, self.active)

    def end(self):
        with self.lock:
            self.active -= 1

    def snapshot(self):
        with self.lock:
            return {"requests": dict(self.requests), "total": sum(self.requests.values()),
                    "maxConcurrent": self.max_concurrent, "userAgents": sorted(self.user_agents)}


STATS = Stats()


class Holds:
    """The /held-cover/ answers the test has released."""

    def __init__(self):
        self.lock = threading.Lock()
        self.events = {}

    def event(self, name):
        with self.lock:
            return self.events.setdefault(name, threading.Event())

    def wait(self, name):
        self.event(name).wait(120)  # a test that never releases it has ended long before

    def release(self, name):
        self.event(name).set()


HOLDS = Holds()


class Handler(QuietHandler):
    def do_GET(self):
        url = urlparse(self.path)
        STATS.begin(url.path, self.headers.get("User-Agent", ""))
        try:
            self.route(url)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            STATS.end()

    def route(self, url):
        parts = url.path.strip("/").split("/")
        kind, arg = parts[0], "/".join(parts[1:])
        picture = image(url.path)
        if picture:
            self.send_body(200, *picture)
        elif kind == "slow-cover":
            time.sleep(float(parse_qs(url.query).get("seconds", ["0.3"])[0]))
            self.send_body(200, cover_png(arg), "image/png")
        elif kind == "held-cover":
            HOLDS.wait(arg)
            self.send_body(200, cover_png(arg), "image/png")
        elif kind == "status":
            self.send_body(int(arg), b"status body", "text/plain")
        elif kind == "redirect":
            target = parse_qs(url.query).get("to", ["/cover/x"])[0]
            self.send_body(302, b"", headers=[("Location", target)])
        elif kind == "redirect-loop":
            self.send_body(302, b"", headers=[("Location", f"/redirect-loop/{int(arg or 0) + 1}")])
        elif kind == "sleep":
            time.sleep(float(arg))
            self.send_body(200, cover_png("late"), "image/png")
        elif kind == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            block = cover_png("endless") + b"\x00" * 65536
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                self.wfile.write(block)
        elif kind == "sized":
            self.send_body(200, cover_png("sized") + b"\x00" * max(0, int(arg) - len(cover_png("sized"))), "image/png")
        elif kind == "text":
            self.send_body(200, b"<html>not a cover</html>", "text/html")
        elif kind == "bomb-png":
            self.send_body(200, png_declaring(100_000, 100_000), "image/png")
        elif kind == "truncated-png":
            self.send_body(200, cover_png("truncated", size=64)[:60], "image/png")
        elif kind == "drip":
            # Announces a cover, then sends it one byte a second.
            body = cover_png("drip")
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            for byte in body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(1)
        elif kind == "silent":
            time.sleep(120)  # accepted, never answered
        else:
            self.send_body(404, b"not found", "text/plain")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--body":  # an image route's body, without a server
        picture = image(sys.argv[2])
        if not picture:
            sys.exit(f"no image at {sys.argv[2]}")
        sys.stdout.buffer.write(picture[0])
        return
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    for line in sys.stdin:  # ends when the test closes our stdin (or dies)
        command, _, name = line.strip().partition(" ")
        if command == "stats":
            print(json.dumps(STATS.snapshot()), flush=True)
        elif command == "release":
            HOLDS.release(name)
    server.shutdown()


if __name__ == "__main__":
    main()
