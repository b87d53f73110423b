#!/usr/bin/env python3
"""GNOME Shell's search of BlueLibrary (issue 58), measured from a D-Bus client as the overview
asks it. Run it once the release app is built:

    swift build -c release --static-swift-stdlib --product bluelibrary
    xvfb-run -a -s "-screen 0 1280x1024x24" python3 bench/search_provider.py [--sizes 5,100000] [--rounds 5]

For each library size (albums.json libraries imported once, as bench/run makes them), each
round starts a private session bus whose services folder holds BlueLibrary's D-Bus service
file (as the installed one, pointing at the binary measured) and asks, over one GDBus
connection (bench/bluebench/search_client.py, run with the system's python3 and python3-gi):

1. a search with no word, which starts the app over D-Bus (D-Bus activation, with no window)
   and answers at once: the start;
2. the first search with words, as the overview's first keystroke after that: the app reads
   every album's search words then (the answer to beat is this one);
3. each further keystroke of "album 99999" and of "artist 0004", and a word every album has
   ("album": 100,000 matches, 50 sent);
4. the metas of the first five of those (title, "Artist · Year", cover file);
5. the bus daemon's own GetId on the same connection: the floor of any round trip.

Then the same keystrokes with the app's window open (a launch as the user's, not a service).
Prints a table per size: the median and the largest of the rounds, in milliseconds.
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bluebench.homes import base_environment, make_home, restore_home  # noqa: E402
from bluebench.processes import stop_process  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.bluelibrary.BlueLibrary"
CLIENT = ROOT / "bench" / "bluebench" / "search_client.py"
SYSTEM_PYTHON = "/usr/bin/python3"

TYPED = ["album 9", "album 99", "album 999", "album 9999", "album 99999", "artist 0", "artist 00", "artist 000", "artist 0004"]
EVERY_ALBUM = "album"


def plan(started_by_search: bool) -> list[list]:
    """The client's steps: [label, method, argument]."""
    steps = [["bus round trip", "bus"]]
    if started_by_search:
        steps.append(["start by a search (D-Bus activation)", "GetInitialResultSet", []])
    steps.append(["first search with words", "GetInitialResultSet", ["album", "1"]])
    steps += [["keystroke", "GetInitialResultSet", text.split()] for text in TYPED]
    steps.append(["a word every album has", "GetInitialResultSet", [EVERY_ALBUM]])
    steps.append(["metas of 5 results", "GetResultMetas", "first"])
    steps.append(["bus round trip", "bus"])
    return steps


def start_bus(environment: dict[str, str]) -> tuple[subprocess.Popen, str]:
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=environment,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = bus.stdout.readline().strip()
    if not address.startswith("unix:"):
        sys.exit("dbus-daemon did not start")
    return bus, address


def ask(address: str, steps: list[list]) -> list[dict]:
    done = subprocess.run([SYSTEM_PYTHON, str(CLIENT), address, json.dumps(steps)], capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        sys.exit(f"the search client failed: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def app_pid(address: str) -> int | None:
    found = subprocess.run(["gdbus", "call", "--address", address, "--dest", "org.freedesktop.DBus", "--object-path",
                            "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", APP_ID],
                           capture_output=True, text=True)
    return int(found.stdout.split()[-1].strip(",)")) if found.returncode == 0 else None


def stop_app(address: str) -> None:
    pid = app_pid(address)
    if pid is None:
        return
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 60
    while app_pid(address) is not None and time.monotonic() < deadline:
        time.sleep(0.05)


def round_as_service(home, binary: Path, share: Path) -> list[dict]:
    """One round with the app started by the search."""
    restore_home(home)
    environment = base_environment(home, "cairo")
    environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
    environment["XDG_DATA_DIRS"] = f"{share}:/usr/share"
    bus, address = start_bus(environment)
    try:
        return ask(address, plan(started_by_search=True))
    finally:
        stop_app(address)
        stop_process(bus)


def round_with_window(home, binary: Path) -> list[dict]:
    """One round with the app launched as the user launches it, its window open."""
    restore_home(home)
    environment = base_environment(home, "cairo")
    environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
    bus, address = start_bus(environment)
    environment["DBUS_SESSION_BUS_ADDRESS"] = address
    app = subprocess.Popen([str(binary)], env=environment, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while app_pid(address) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(2)  # the window shown and its first frame painted: the user then opens the overview
        return ask(address, plan(started_by_search=False))
    finally:
        stop_process(app)
        stop_process(bus)


def summarize(rounds: list[list[dict]]) -> list[tuple[str, float, float, int]]:
    """(label, median ms, largest ms, results) per step, keystrokes pooled."""
    pooled: dict[str, list[dict]] = {}
    for steps in rounds:
        for step in steps:
            pooled.setdefault(step["label"], []).append(step)
    return [(label, statistics.median(s["seconds"] for s in steps) * 1000, max(s["seconds"] for s in steps) * 1000,
             max(s["results"] for s in steps)) for label, steps in pooled.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", type=Path, default=ROOT / ".build" / "release" / "bluelibrary")
    parser.add_argument("--sizes", default="5,100000")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    binary = options.binary.resolve()
    if not binary.is_file():
        sys.exit(f"no app at {binary}: swift build -c release --static-swift-stdlib --product bluelibrary")
    with tempfile.TemporaryDirectory(prefix="bluelibrary-search-bench-") as work:
        share = Path(work) / "share"
        services = share / "dbus-1" / "services"
        services.mkdir(parents=True)
        (services / f"{APP_ID}.service").write_text(
            f"[D-BUS Service]\nName={APP_ID}\nExec={binary} --gapplication-service\n", encoding="utf-8")
        for size in (int(text) for text in options.sizes.split(",")):
            print(f"\n{size:,} albums (making the library)", flush=True)
            home = make_home(Path(work) / f"home-{size}", albums=size, app_binary=binary)
            for title, measure in (("started by the search, no window", lambda: round_as_service(home, binary, share)),
                                   ("with its window open", lambda: round_with_window(home, binary))):
                rounds = [measure() for _ in range(options.rounds)]
                print(f"\n| {size:,} albums, {title} | median ms | largest ms | results |\n|---|---|---|---|")
                for label, median, largest, results in summarize(rounds):
                    print(f"| {label} | {median:.1f} | {largest:.1f} | {results} |", flush=True)


if __name__ == "__main__":
    main()
