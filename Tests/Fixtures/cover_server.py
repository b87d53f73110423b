#!/usr/bin/env python3
"""A local HTTP server for BlueLibrary's tests; listens on 127.0.0.1 only.

Prints "PORT <n>" on its first line, then serves:
  /cover/<name>        200, a small PNG (distinct per name)
  /photo-cover/<name>  200, a 300x300 PNG of about 270 kB, like a real cover (benchmarks)
  /slow-cover/<name>   the same after 0.3 s (to observe concurrency)
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

Statistics go over the standard streams, not HTTP, so asking never counts as a request:
a line "stats" on stdin is answered on stdout with one line of JSON,
{"requests": {path: count}, "total": n, "maxConcurrent": n, "userAgents": [..]}.
The server exits when its standard input closes (the test ended or died).
"""
import json
import random
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


def png(seed: str, size: int = 4, grain: bool = False) -> bytes:
    """A size x size PNG of one colour derived from seed; with grain, every pixel varies a
    little (like a photo, it then barely compresses: 300 x 300 is about 270 kB)."""
    colour = bytes((sum(seed.encode()) * k) % 256 for k in (7, 13, 29))
    if grain:
        noise = random.Random(seed).randbytes(size * size * 3)
        rows = (b"\x00" + bytes((c & 0xE0) | (n & 0x1F) for c, n in zip(colour * size, noise[y * size * 3:(y + 1) * size * 3]))
                for y in range(size))
    else:
        rows = (b"\x00" + colour * size for _ in range(size))
    raw = b"".join(rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b"")


def png_declaring(width: int, height: int) -> bytes:
    """A PNG whose header declares width x height pixels but whose data is one tiny row: a
    decompression bomb for a decoder that allocates what the header says."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")


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


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, content_type="application/octet-stream", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

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
        if kind == "cover":
            self.send_body(200, png(arg), "image/png")
        elif kind == "photo-cover":
            self.send_body(200, png(arg, size=300, grain=True), "image/png")
        elif kind == "slow-cover":
            time.sleep(0.3)
            self.send_body(200, png(arg), "image/png")
        elif kind == "status":
            self.send_body(int(arg), b"status body", "text/plain")
        elif kind == "redirect":
            target = parse_qs(url.query).get("to", ["/cover/x"])[0]
            self.send_body(302, b"", headers=[("Location", target)])
        elif kind == "redirect-loop":
            self.send_body(302, b"", headers=[("Location", f"/redirect-loop/{int(arg or 0) + 1}")])
        elif kind == "sleep":
            time.sleep(float(arg))
            self.send_body(200, png("late"), "image/png")
        elif kind == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            block = png("endless") + b"\x00" * 65536
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                self.wfile.write(block)
        elif kind == "sized":
            self.send_body(200, png("sized") + b"\x00" * max(0, int(arg) - len(png("sized"))), "image/png")
        elif kind == "text":
            self.send_body(200, b"<html>not a cover</html>", "text/html")
        elif kind == "bomb-png":
            self.send_body(200, png_declaring(100_000, 100_000), "image/png")
        elif kind == "truncated-png":
            self.send_body(200, png("truncated", size=64)[:60], "image/png")
        elif kind == "drip":
            # Announces a cover, then sends it one byte a second.
            body = png("drip")
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
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    for line in sys.stdin:  # ends when the test closes our stdin (or dies)
        if line.strip() == "stats":
            print(json.dumps(STATS.snapshot()), flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
