"""The apps that import the peers' music folders (issue 57, item 5): how each is set up on a
fresh home, launched, seen to have imported everything, and ended.

* BlueLibrary imports the folder given on its command line; done when its library
  (`$XDG_DATA_HOME/bluelibrary/library.sqlite3`) holds every album (rows of `album` with a
  `folder`: a new library also holds a few sample albums) and every track (rows of `track`).
* Lollypop scans its music folders (GSettings `org.gnome.Lollypop music-uris`, set with
  `gsettings` beforehand) when its window is realized and its collection is empty
  (lollypop/window.py, `__on_realize`); done when `$XDG_DATA_HOME/lollypop/lollypop.db` holds
  every album (`albums`) and every track (`tracks`): it commits at each new album and at the
  scan's end, so what a reader sees is what it has saved. (Polled without SQLite's lock, which
  would hold up its commits, and confirmed with it.)
* Rhythmbox writes its database (rhythmdb.xml) only at quit, so it is never polled: on a first
  launch (no library location set) it imports the user's music folder (XDG_MUSIC_DIR, set in
  user-dirs.dirs) as one import job, which says it is complete on its debug output
  (`-D emit_status_changed`: rhythmdb-import-job.c, "emitting job complete"); then
  `rhythmbox-client --quit` makes it write rhythmdb.xml, which must hold every track and album.

The databases are read with read-only connections (a missing or locked database is "not yet"),
the tracks counted only once the albums are all there.
"""
import os
import re
import shutil
import sqlite3
import subprocess
import threading
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

from .homes import Home
from .peer_music import MusicFolder


def database_holds(database: Path, queries: tuple[str, str], expected: tuple[int, int], unlocked: bool = False) -> bool:
    """Whether the albums and the tracks the two queries count in database are the expected
    ones, read-only; False while it is missing, locked, not made yet, or (unlocked) caught in
    the middle of a commit. The tracks (the larger table) are counted only once the albums are
    all there.

    unlocked: read without taking SQLite's shared lock (`immutable=1`), which an app writing
    without a write-ahead log (Lollypop) would have to wait out to commit; what such a read
    sees may be a commit half written, so it only says when to read again with the lock. (Not
    for a database with a write-ahead log: it would not read the log.)"""
    if not database.exists():
        return False
    try:
        connection = sqlite3.connect(f"{database.as_uri()}?{'immutable=1' if unlocked else 'mode=ro'}", uri=True,
                                     timeout=0)
    except sqlite3.Error:
        return False
    try:
        return all(connection.execute(query).fetchone()[0] == count for query, count in zip(queries, expected))
    except sqlite3.Error:  # locked, or its tables not made yet
        return False
    finally:
        connection.close()


@dataclass
class PeerApp:
    """What every app does: its name, the Debian package it comes from, its command line, and
    how its import is seen to be done. The subclasses fill in the details."""

    name: str
    package: str | None  # None: ours
    output_lines: list[tuple[float, str]] = field(default_factory=list)  # (perf_counter, line), when read

    def available(self) -> bool:
        raise NotImplementedError

    def prepare(self, home: Home, music: MusicFolder, env: dict[str, str]) -> None:
        """Sets up the fresh home before the launch (nothing by default)."""

    def argv(self, music: MusicFolder) -> list[str]:
        raise NotImplementedError

    def reads_output(self) -> bool:
        """Whether the app's output is read as it comes (read_output), rather than logged."""
        return False

    def read_output(self, stream) -> None:
        """Keeps each line of stream with when it was read (on a thread of its own)."""
        for line in stream:
            self.output_lines.append((time.perf_counter(), line.rstrip("\n")))

    def done_at(self, home: Home, music: MusicFolder) -> float | None:
        """When (perf_counter) everything was seen imported; None if not yet. By default: now,
        once the database counts every album and track."""
        return time.perf_counter() if self.holds(home, music) else None

    def holds(self, home: Home, music: MusicFolder) -> bool:
        """Whether the app's database holds every album and track of music."""
        raise NotImplementedError

    def finish(self, process: subprocess.Popen, env: dict[str, str], home: Home,
               music: MusicFolder) -> tuple[str | None, str | None]:
        """Ends the app once its import is done; returns a failure (its import is not all
        there after all) and a remark for the report. By default neither: the caller kills it."""
        return None, None


@dataclass
class BlueLibrary(PeerApp):
    binary: Path = Path()

    def available(self) -> bool:
        return os.access(self.binary, os.X_OK)

    def argv(self, music: MusicFolder) -> list[str]:
        return [str(self.binary), str(music.root)]

    def holds(self, home: Home, music: MusicFolder) -> bool:
        # A new library starts with a few sample albums, which come from no folder.
        return database_holds(home.database_file, ("SELECT count(*) FROM album WHERE folder IS NOT NULL",
                                                   "SELECT count(*) FROM track"), (music.albums, music.tracks))


# Lollypop's own timing of its scan, in its log (lollypop/utils.py, `profile`: minutes:seconds).
LOLLYPOP_SCAN_TIME = re.compile(r"collection_scanner::__scan: execution time (\d+):([\d.]+)")
LOLLYPOP_LOG_WAIT = 10.0


@dataclass
class Lollypop(PeerApp):
    def available(self) -> bool:
        return shutil.which("lollypop") is not None

    def prepare(self, home: Home, music: MusicFolder, env: dict[str, str]) -> None:
        """Its music folder in GSettings (the keyfile backend of the home), and no network
        access: the machine has none, and its artwork and web lookups are not the import."""
        for key, value in (("music-uris", f"['{music.root.as_uri()}']"), ("network-access", "false")):
            subprocess.run(["gsettings", "set", "org.gnome.Lollypop", key, value], env=env, check=True,
                           capture_output=True, timeout=30)

    def argv(self, music: MusicFolder) -> list[str]:
        return [shutil.which("lollypop") or "lollypop"]

    def finish(self, process: subprocess.Popen, env: dict[str, str], home: Home,
               music: MusicFolder) -> tuple[str | None, str | None]:
        """No failure; the remark is the scan's time in its own log (its `@profile` of
        CollectionScanner.__scan, logged once the scan's last commit is done), a check of ours."""
        deadline = time.monotonic() + LOLLYPOP_LOG_WAIT
        while time.monotonic() < deadline:
            try:
                found = LOLLYPOP_SCAN_TIME.search((home.root / "output.log").read_text(errors="replace"))
            except OSError:
                found = None
            if found:
                minutes, seconds = found.groups()
                return None, f"its own log timed its scan at {int(minutes) * 60 + float(seconds):.1f} s"
            time.sleep(0.1)
        return None, None

    def holds(self, home: Home, music: MusicFolder) -> bool:
        """Polled without the lock (its database has no write-ahead log: a reader holding the
        lock holds up its commits, one per album), then confirmed with it."""
        database = home.data / "lollypop" / "lollypop.db"
        queries, expected = ("SELECT count(*) FROM albums", "SELECT count(*) FROM tracks"), (music.albums, music.tracks)
        return database_holds(database, queries, expected, unlocked=True) and database_holds(database, queries, expected)


# Rhythmbox's import job, on its debug output (rhythmdb-import-job.c).
RHYTHMBOX_JOB_COMPLETE = re.compile(r"\[emit_status_changed\].*emitting job complete")
RHYTHMBOX_QUIT_TIMEOUT = 300.0


@dataclass
class Rhythmbox(PeerApp):
    def available(self) -> bool:
        return shutil.which("rhythmbox") is not None and shutil.which("rhythmbox-client") is not None

    def prepare(self, home: Home, music: MusicFolder, env: dict[str, str]) -> None:
        """The user's music folder is the generated one: with no library location set, a first
        launch imports it."""
        (home.config / "user-dirs.dirs").write_text(f'XDG_MUSIC_DIR="{music.root}"\n', encoding="utf-8")

    def argv(self, music: MusicFolder) -> list[str]:
        return [shutil.which("rhythmbox") or "rhythmbox", "-D", "emit_status_changed"]

    def reads_output(self) -> bool:
        return True

    def done_at(self, home: Home, music: MusicFolder) -> float | None:
        return next((when for when, line in list(self.output_lines) if RHYTHMBOX_JOB_COMPLETE.search(line)), None)

    def finish(self, process: subprocess.Popen, env: dict[str, str], home: Home,
               music: MusicFolder) -> tuple[str | None, str | None]:
        """Quits it as a user would (`rhythmbox-client --quit`), waits for it to write
        rhythmdb.xml and exit, and checks that the file holds every track and album."""
        start = time.perf_counter()
        subprocess.run(["rhythmbox-client", "--quit"], env=env, capture_output=True, timeout=60)
        try:
            process.wait(timeout=RHYTHMBOX_QUIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            return f"did not quit within {RHYTHMBOX_QUIT_TIMEOUT:g} s of `rhythmbox-client --quit`", None
        quit_seconds = time.perf_counter() - start
        database = home.data / "rhythmbox" / "rhythmdb.xml"
        try:
            songs = [entry for entry in ElementTree.parse(database).getroot().iter("entry")
                     if entry.get("type") == "song"]
        except (OSError, ElementTree.ParseError) as error:
            return f"no readable rhythmdb.xml after its quit ({error})", None
        albums = {(entry.findtext("album"), entry.findtext("artist")) for entry in songs}
        if (len(albums), len(songs)) != (music.albums, music.tracks):
            return (f"its job said complete, but rhythmdb.xml holds {len(albums):,} albums and {len(songs):,} "
                    f"tracks"), None
        return None, f"quit and rhythmdb.xml written in {quit_seconds:.1f} s"


def output_reader(app: PeerApp, stream) -> threading.Thread:
    """A daemon thread keeping app's output lines as they come."""
    thread = threading.Thread(target=app.read_output, args=(stream,), daemon=True)
    thread.start()
    return thread
