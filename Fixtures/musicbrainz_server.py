#!/usr/bin/env python3
"""A local stand-in for MusicBrainz and the Cover Art Archive, for BlueLibrary's tests and
benchmarks; listens on 127.0.0.1 only, one port for both services.

    musicbrainz_server.py CATALOGUE.json

The catalogue is {"releases": [{"id", "title", "artist", "date", "country", "trackCount", "art"}]}
(date and country may be ""), where art is "png" (a front cover), "none" (no cover), "text" (the
archive's image is text/plain), "huge" (it is 100 MiB) or "slow" (the image host takes 2 s).

Prints "PORT <n>" on its first line, then serves:
  /ws/2/release?query=<lucene>&fmt=json[&limit=N]
      the release search, in MusicBrainz's JSON: the releases whose title matches the query's
      release:"..." (50 if equal ignoring case, 30 if one contains the other), plus the same for
      its artist:"...", best first, then in catalogue order; "count" is every match, limit
      (default 25) caps the list. Other terms (tracks:10, date:1992) are ignored.
      Hostile artists: "Malformed Answer" (200, JSON cut short), "Huge Answer" (200, a valid
      30 MiB document), "Storm" (always 503 with Retry-After: 1)
  /release/<mbid>/front-500, /release/<mbid>/front-250
      the archive: 307 to the image host below, or 404 for an unknown release or art "none"
  /images/<mbid>-<size>.png       200, a size x size PNG of one colour derived from the mbid
  /images/<mbid>-<size>-slow.png  the same after 2 s
  /images/<mbid>-text             200, text/plain
  /images/<mbid>-huge             200, image/png: a cover then zeros, 100 MiB with its Content-Length
Everything else is 404.

Commands and statistics go over the standard streams, not HTTP, so they are never requests;
each line on stdin is answered with one line on stdout:
  "stats"      {"requests": {path: count}, "total": n, "searches": [the decoded query parameter of
               each /ws/2/ request, in arrival order], "musicBrainzTimes": [time.monotonic() at
               each /ws/2/ request's arrival, in order], "userAgents": [distinct, sorted]}
  "busy N S"   "ok"; the next N requests to /ws/2/ get 503 with Retry-After: S
The server exits when its standard input closes (the test ended or died).
"""
import functools
import json
import re
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from fixture_http import QuietHandler
from png import colour_of, png

ARTS = {"png", "none", "text", "huge", "slow"}
CREATED = "2026-11-25T00:00:00.000Z"
ARTIST_ID = "a0000000-0000-4000-8000-000000000000"  # every artist's: the client never follows it
SLOW_SECONDS = 2
HUGE_IMAGE_BYTES = 100 * 1024 * 1024
HUGE_ANSWER_BYTES = 30 * 1024 * 1024
CHUNK_BYTES = 64 * 1024
JSON = "application/json"
QUOTED_TERM = re.compile(r'(\w+):"')
IMAGE_NAME = re.compile(r"(?P<mbid>.+)-(?:(?P<size>250|500)(?P<slow>-slow)?\.png|(?P<kind>text|huge))")


def quoted_fields(query: str) -> dict:
    """The quoted terms of a Lucene query, field to value (`artist:"Blur" AND release:"13"`
    gives {"artist": "Blur", "release": "13"}), with the \\" and \\\\ escapes undone. Unquoted
    terms (tracks:10) are skipped; the first value of a field wins."""
    fields, position = {}, 0
    while match := QUOTED_TERM.search(query, position):
        value, position = [], match.end()
        while position < len(query) and query[position] != '"':
            if query[position] == "\\" and position + 1 < len(query):
                position += 1
            value.append(query[position])
            position += 1
        fields.setdefault(match[1], "".join(value))
        position += 1  # past the closing quote
    return fields


def closeness(asked: str, known: str) -> int:
    """50 when the two are equal ignoring case, 30 when one contains the other, else 0
    (and 0 when either is empty)."""
    asked, known = asked.casefold(), known.casefold()
    if not asked or not known:
        return 0
    if asked == known:
        return 50
    return 30 if asked in known or known in asked else 0


def release_json(release: dict, score: int) -> dict:
    """One release of a search answer, as MusicBrainz writes it."""
    answer = {"id": release["id"], "score": score, "title": release["title"], "status": "Official"}
    for key in ("date", "country"):
        if release[key]:
            answer[key] = release[key]
    artist = release["artist"]
    answer["track-count"] = release["trackCount"]
    answer["artist-credit"] = [{"name": artist, "artist": {"id": ARTIST_ID, "name": artist}}]
    answer["media"] = [{"format": "CD", "track-count": release["trackCount"]}]
    return answer


def search_answer(releases: list, query: str, limit: int) -> dict:
    """The answer to a release search of the catalogue (see the module's description)."""
    fields = quoted_fields(query)
    scored = []
    for release in releases:
        title = closeness(fields.get("release", ""), release["title"])
        if title:
            scored.append((title + closeness(fields.get("artist", ""), release["artist"]), release))
    scored.sort(key=lambda pair: -pair[0])  # stable: equal scores keep the catalogue's order
    return {"created": CREATED, "count": len(scored), "offset": 0,
            "releases": [release_json(release, score) for score, release in scored[:limit]]}


@functools.cache
def cover(mbid: str, size: int) -> bytes:
    """A size x size PNG of the one colour of mbid (the same at every size)."""
    return png(size, size, colour_of(mbid), level=1)


class State:
    """What the server saw, and how many MusicBrainz requests it still turns away; shared by
    the request threads and the command loop."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = {}
        self.searches = []
        self.times = []
        self.user_agents = set()
        self.busy_left = 0
        self.busy_retry_after = 0

    def count(self, path: str, user_agent: str, search: str | None) -> int | None:
        """Counts a request; a MusicBrainz one (search: its decoded query) is also noted with
        its arrival time. Returns the Retry-After of the 503 it must get while the server plays
        busy, else None."""
        with self.lock:
            self.requests[path] = self.requests.get(path, 0) + 1
            self.user_agents.add(user_agent)
            if search is None:
                return None
            self.searches.append(search)
            self.times.append(time.monotonic())  # under the lock: the times stay in order
            if not self.busy_left:
                return None
            self.busy_left -= 1
            return self.busy_retry_after

    def play_busy(self, requests: int, retry_after: int):
        """Turns away the next `requests` MusicBrainz requests with 503 and that Retry-After."""
        with self.lock:
            self.busy_left, self.busy_retry_after = requests, retry_after

    def snapshot(self) -> dict:
        with self.lock:
            return {"requests": dict(self.requests), "total": sum(self.requests.values()),
                    "searches": list(self.searches), "musicBrainzTimes": list(self.times),
                    "userAgents": sorted(self.user_agents)}


class Server(ThreadingHTTPServer):
    """The HTTP server, holding the catalogue and the state its handlers share."""
    daemon_threads = True

    def __init__(self, releases: list):
        super().__init__(("127.0.0.1", 0), Handler)
        self.releases = releases  # in catalogue order
        self.by_id = {release["id"]: release for release in releases}
        self.state = State()


class Handler(QuietHandler):
    server: Server

    def send_body(self, status, body, content_type="text/plain", headers=()):
        super().send_body(status, body, content_type, headers)

    def send_stream(self, content_type, length, head, filler, tail=b""):
        """A 200 of length bytes, announced: head, then filler bytes, then tail, written a
        chunk at a time (a client that hangs up ends it, see do_GET)."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.write(head)
        chunk = memoryview(filler * CHUNK_BYTES)
        left = length - len(head) - len(tail)
        while left > 0:
            self.wfile.write(chunk[:left])
            left -= min(left, CHUNK_BYTES)
        self.wfile.write(tail)

    def send_unavailable(self, retry_after):
        self.send_body(503, b'{"error": "Your requests are exceeding the allowable rate limit."}', JSON,
                       headers=[("Retry-After", str(retry_after))])

    def not_found(self):
        self.send_body(404, b"not found")

    def do_GET(self):
        url = urlparse(self.path)
        params = parse_qs(url.query, keep_blank_values=True)
        musicbrainz = url.path.startswith("/ws/2/")
        retry_after = self.server.state.count(url.path, self.headers.get("User-Agent", ""),
                                              params.get("query", [""])[0] if musicbrainz else None)
        try:
            if retry_after is not None:
                self.send_unavailable(retry_after)
            elif musicbrainz:
                self.search(url.path, params)
            elif url.path.startswith("/release/"):
                self.archive(url.path)
            elif url.path.startswith("/images/"):
                self.image(url.path.removeprefix("/images/"))
            else:
                self.not_found()
        except ConnectionError:  # the client hung up (a huge body it would not take)
            self.close_connection = True

    def search(self, path, params):
        """MusicBrainz's release search, or a hostile answer chosen by the query's artist."""
        if path != "/ws/2/release":
            return self.not_found()
        query = params.get("query", [""])[0]
        artist = quoted_fields(query).get("artist")
        limit = params.get("limit", ["25"])[0]
        if artist == "Malformed Answer":
            self.send_body(200, b'{"releases": [{"id": "', JSON)
        elif artist == "Huge Answer":
            self.send_stream(JSON, HUGE_ANSWER_BYTES, b'{"releases": [], "padding": "', b"x", b'"}')
        elif artist == "Storm":
            self.send_unavailable(1)
        elif not re.fullmatch(r"[0-9]+", limit):
            self.send_body(400, b"limit must be a whole number")
        else:
            answer = search_answer(self.server.releases, query, int(limit))
            self.send_body(200, json.dumps(answer).encode(), JSON)

    def archive(self, path):
        """The Cover Art Archive: a release's front cover is a redirect to the image host."""
        match = re.fullmatch(r"/release/([^/]+)/front-(250|500)", path)
        release = self.server.by_id.get(match[1]) if match else None
        if not release or release["art"] == "none":
            return self.not_found()
        mbid, size = match.groups()
        name = {"png": f"{mbid}-{size}.png", "slow": f"{mbid}-{size}-slow.png",
                "text": f"{mbid}-text", "huge": f"{mbid}-huge"}[release["art"]]
        location = f"http://127.0.0.1:{self.server.server_address[1]}/images/{name}"
        self.send_body(307, b"", headers=[("Location", location)])

    def image(self, name):
        """The image host the archive redirects to; only the catalogue's releases have images."""
        match = IMAGE_NAME.fullmatch(name)
        if not match or match["mbid"] not in self.server.by_id:
            return self.not_found()
        mbid = match["mbid"]
        if match["kind"] == "text":
            self.send_body(200, b"not an image")
        elif match["kind"] == "huge":
            self.send_stream("image/png", HUGE_IMAGE_BYTES, cover(mbid, 500), b"\x00")
        else:
            if match["slow"]:
                time.sleep(SLOW_SECONDS)
            self.send_body(200, cover(mbid, int(match["size"])), "image/png")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: musicbrainz_server.py CATALOGUE.json")
    with open(sys.argv[1], encoding="utf-8") as file:
        releases = json.load(file)["releases"]
    for release in releases:
        if release["art"] not in ARTS:
            sys.exit(f"release {release['id']}: art is not one of {sorted(ARTS)}: {release['art']}")
    server = Server(releases)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    for line in sys.stdin:  # ends when the test closes our stdin (or dies)
        command = line.split()
        if command == ["stats"]:
            print(json.dumps(server.state.snapshot()), flush=True)
        elif len(command) == 3 and command[0] == "busy":
            server.state.play_busy(int(command[1]), int(command[2]))
            print("ok", flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
