"""The private session bus and the app's media controls (MPRIS): its properties asked, and
what it announces (playback status, each track, with the app's memory then) heard."""
import re
import subprocess
import threading
import time
from dataclasses import dataclass

from ..processes import resident_kib, stop_process
from .settings import MPRIS_NAME, MPRIS_PATH, PLAYER_INTERFACE
from .waiting import BenchFailure, wait_until


class SessionBus:
    """A private `dbus-daemon --session`, so the app's MPRIS service can be asked and heard."""

    def __init__(self):
        self.process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.process.stdout.readline().strip()
        if not self.address.startswith("unix:"):
            self.stop()
            raise BenchFailure("dbus-daemon did not start")

    def player_property(self, name: str) -> str | None:
        """An MPRIS Player property as gdbus prints it ("(<true>,)"), None when the app is not
        on the bus."""
        done = subprocess.run(["gdbus", "call", "--address", self.address, "--dest", MPRIS_NAME, "--object-path",
                               MPRIS_PATH, "--method", "org.freedesktop.DBus.Properties.Get", PLAYER_INTERFACE, name],
                              capture_output=True, text=True, timeout=10)
        return done.stdout.strip() if done.returncode == 0 else None

    def stop(self) -> None:
        stop_process(self.process)


@dataclass
class TrackStart:
    """A track the app announced (MPRIS Metadata), with when, and the app's VmRSS then."""

    index: int
    time: float
    rss_kib: int


class MediaPlayerWatcher:
    """`gdbus monitor` on the app's MPRIS object: what it announces (its PropertiesChanged
    signals), as it happens, with no polling of the app. At each new track it reads the app's
    resident memory (the start of that track)."""

    TRACK = re.compile(r"'mpris:trackid': <objectpath '[^']*/Track/\d+_(\d+)'>")
    STATUS = re.compile(r"'PlaybackStatus': <'(\w+)'>")

    def __init__(self, bus: SessionBus):
        self.statuses: list[tuple[float, str]] = []
        self.tracks: list[TrackStart] = []
        self.pid: int | None = None
        self.lock = threading.Lock()
        self.process = subprocess.Popen(["gdbus", "monitor", "--address", bus.address, "--dest", MPRIS_NAME,
                                         "--object-path", MPRIS_PATH],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        for line in self.process.stdout:
            now = time.monotonic()
            track, status = self.TRACK.search(line), self.STATUS.search(line)
            with self.lock:
                # A track that starts is the next one (the album plays forward; at its end the
                # player goes back to the first track, stopped, which is no start).
                if track and (not self.tracks or int(track.group(1)) == self.tracks[-1].index + 1):
                    rss = resident_kib(self.pid) if self.pid else 0
                    self.tracks.append(TrackStart(index=int(track.group(1)), time=now, rss_kib=rss))
                if status:
                    self.statuses.append((now, status.group(1)))

    def wait_for_status(self, status: str, after: float, timeout: float) -> float:
        """Waits for PlaybackStatus to become `status` after monotonic time `after`; returns when."""
        def seen() -> float | None:
            with self.lock:
                return next((t for t, s in self.statuses if s == status and t >= after), None)
        return wait_until(seen, timeout, f"PlaybackStatus {status}", interval=0.05)

    def stop(self) -> None:
        stop_process(self.process)
