#!/usr/bin/env python3
"""A local stand-in for ListenBrainz's API, for BlueLibrary's tests and benchmarks; listens on
127.0.0.1 only.

    listenbrainz_server.py TOKEN...

The tokens given are valid, each for the user "tester"; any other is refused. Prints
"PORT <n>" on its first line, then serves:
  GET  /1/validate-token   200 {"valid": true, "user_name": "tester"} for a valid token in
                           "Authorization: Token <t>", else 200 {"valid": false, "message": ...}
  POST /1/submit-listens   401 without a valid token; 400 for a body that is not a submission
                           (listen_type single/import/playing_now, a payload of 1 to 1000 listens,
                           each with a track_name and artist_name, and listened_at unless
                           playing_now); else 200 {"status": "ok"}. Listens are kept as
                           ListenBrainz keeps them: one per (listened_at, track_name), a listen
                           sent again counted in "duplicates", not kept twice.
Everything else is 404.

Faults come from the standard streams; each line on stdin is answered with one line on stdout:
  "stats"          {"listens": [each listen kept, in arrival order], "duplicates": n,
                   "submissions": [the listen count of each accepted submission], "playingNow":
                   [track names], "refused": n (401s), "userAgents": [distinct, sorted],
                   "requests": n}
  "fail KIND N"    "ok"; the next N submissions of listens (not playing_now) fail as KIND says:
                   "down" (503), "500", "429" (with X-RateLimit-Reset-In: 1), "garbage" (200 and
                   a body that is not JSON), "drop" (the listens are kept, then the connection is
                   closed with no answer)
  "revoke"         "ok"; no token is valid from now on
  "allow TOKEN"    "ok"; TOKEN is valid from now on
The server exits when its standard input closes (the test ended or died).
"""
import json
import sys
import threading
from http.server import ThreadingHTTPServer

from fixture_http import QuietHandler

JSON = "application/json"
FAULTS = {"down", "500", "429", "garbage", "drop"}


class State:
    """What the server keeps and saw, under one lock."""

    def __init__(self, tokens):
        self.lock = threading.Lock()
        self.tokens = set(tokens)
        self.listens = []
        self.seen = set()
        self.duplicates = 0
        self.submissions = []
        self.playing_now = []
        self.refused = 0
        self.user_agents = set()
        self.requests = 0
        self.faults = []

    def snapshot(self):
        with self.lock:
            return {"listens": self.listens, "duplicates": self.duplicates, "submissions": self.submissions,
                    "playingNow": self.playing_now, "refused": self.refused,
                    "userAgents": sorted(self.user_agents), "requests": self.requests}

    def keep(self, listens):
        with self.lock:
            for listen in listens:
                key = (listen["listened_at"], listen["track_metadata"]["track_name"])
                if key in self.seen:
                    self.duplicates += 1
                else:
                    self.seen.add(key)
                    self.listens.append(listen)
            self.submissions.append(len(listens))


def submission_error(body):
    """Why `body` is not a submission ListenBrainz takes; None when it is one."""
    try:
        document = json.loads(body)
    except ValueError:
        return "not JSON"
    kind = document.get("listen_type") if isinstance(document, dict) else None
    payload = document.get("payload") if isinstance(document, dict) else None
    if kind not in ("single", "import", "playing_now") or not isinstance(payload, list):
        return "no listen_type or payload"
    if not 1 <= len(payload) <= 1000 or (kind != "import" and len(payload) != 1):
        return f"{len(payload)} listens for {kind}"
    for listen in payload:
        metadata = listen.get("track_metadata") if isinstance(listen, dict) else None
        if not isinstance(metadata, dict) or not metadata.get("track_name") or not metadata.get("artist_name"):
            return "a listen without track_name or artist_name"
        if kind != "playing_now" and not isinstance(listen.get("listened_at"), int):
            return "a listen without listened_at"
    return None


class Handler(QuietHandler):
    def begin(self):
        state = self.server.state
        with state.lock:
            state.requests += 1
            state.user_agents.add(self.headers.get("User-Agent", ""))
        authorization = self.headers.get("Authorization", "")
        token = authorization[len("Token "):] if authorization.startswith("Token ") else None
        with state.lock:
            return token is not None and token in state.tokens

    def reply(self, status, document, headers=()):
        self.send_body(status, json.dumps(document).encode(), JSON, headers)

    def do_GET(self):
        valid = self.begin()
        if self.path != "/1/validate-token":
            return self.reply(404, {"code": 404, "error": "not found"})
        if valid:
            self.reply(200, {"code": 200, "message": "Token valid.", "valid": True, "user_name": "tester"})
        else:
            self.reply(200, {"code": 200, "message": "Token invalid.", "valid": False})

    def do_POST(self):
        valid = self.begin()
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        if self.path != "/1/submit-listens":
            return self.reply(404, {"code": 404, "error": "not found"})
        state = self.server.state
        if not valid:
            with state.lock:
                state.refused += 1
            return self.reply(401, {"code": 401, "error": "Invalid authorization token."})
        error = submission_error(body)
        if error:
            return self.reply(400, {"code": 400, "error": error})
        document = json.loads(body)
        if document["listen_type"] == "playing_now":
            with state.lock:
                state.playing_now.append(document["payload"][0]["track_metadata"]["track_name"])
            return self.reply(200, {"status": "ok"})
        with state.lock:
            fault = state.faults.pop(0) if state.faults else None
        if fault == "down":
            return self.reply(503, {"code": 503, "error": "Service unavailable"})
        if fault == "500":
            return self.reply(500, {"code": 500, "error": "Internal server error"})
        if fault == "429":
            return self.reply(429, {"code": 429, "error": "Too many requests"}, [("X-RateLimit-Reset-In", "1")])
        state.keep(document["payload"])
        if fault == "garbage":
            return self.send_body(200, b"<html>surprise</html>", "text/html")
        if fault == "drop":
            self.close_connection = True
            return
        self.reply(200, {"status": "ok"})


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, tokens):
        super().__init__(("127.0.0.1", 0), Handler)
        self.state = State(tokens)


def main():
    server = Server(sys.argv[1:])
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    for line in sys.stdin:  # ends when the test closes our stdin (or dies)
        command = line.split()
        state = server.state
        if command == ["stats"]:
            print(json.dumps(server.state.snapshot()), flush=True)
        elif len(command) == 3 and command[0] == "fail" and command[1] in FAULTS:
            with state.lock:
                state.faults += [command[1]] * int(command[2])
            print("ok", flush=True)
        elif command == ["revoke"]:
            with state.lock:
                state.tokens = set()
            print("ok", flush=True)
        elif len(command) == 2 and command[0] == "allow":
            with state.lock:
                state.tokens.add(command[1])
            print("ok", flush=True)
        else:
            print("unknown command", flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()
