#!/usr/bin/env python3
"""BlueLibrary's playback benchmark (issue 27); bench/run calls it under xvfb-run after the
other benchmarks, or run it alone once the release app is built:

    swift build -c release --product bluelibrary
    xvfb-run -a -s "-screen 0 1280x1024x24" python3 bench/playback.py

It plays generated FLAC albums in the real release binary, through a private PulseAudio
(a null sink whose monitor `parec` records: what is measured is what is heard), with a
private D-Bus session bus (the app's MPRIS service says when it can play, and announces
each track), private XDG folders and GSK_RENDERER=cairo, and measures:

1. the gap at every track boundary of a gapless album: samples of silence, the largest step
   between samples near each boundary against the sine's own, and whether the recording is
   the album's samples exactly;
2. the time from Ctrl+Space (an XTest key press) to the first sound on the sink, from paused
   to playing, and for the first play of a fresh launch;
3. CPU (% of one core) and the GTK thread's wake-ups per second while a long FLAC track plays
   with the window open and idle (the pointer off it): its context switches from /proc, and,
   when strace is there, the main loop's own wake-ups and what the thread waits for;
4. the longest main-loop stall while an album plays through its track changes (the app's
   BLUELIBRARY_STALL_PROBE, Sources/WindowDiagnostics/StallProbe.swift);
5. resident memory (VmRSS) at the start of each track of a 20-track album.

It prints a table and writes it into bench/RESULTS.md, between the markers of the
"Playback (issue 27)" part of its Notes (made at the top of the Notes if missing); the rest of
the file is kept. Standard library only (with ffmpeg, pulseaudio, parec, pactl, dbus-daemon,
gdbus and xdotool from `scripts/install-dependencies --tests`, and libX11/libXtst).
"""
import argparse
import array
import bisect
import ctypes
import ctypes.util
import functools
import json
import math
import os
import random
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import NOTES_HEADING, Home, machine_description, markdown_table, shown_path  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPO_ROOT / "bench" / "RESULTS.md"
RATE = 44100  # frames per second of the albums, the sink and the recording
FREQUENCY = 440.0
AMPLITUDE = 0.5  # of full scale, as Fixtures/ToneAlbumMaker.swift
SINK = "test"
MPRIS_NAME = "org.mpris.MediaPlayer2.BlueLibrary"
MPRIS_PATH = "/org/mpris/MediaPlayer2"
PLAYER_INTERFACE = "org.mpris.MediaPlayer2.Player"
STALL_PROBE = "BLUELIBRARY_STALL_PROBE"
# A recorded sample at or above this magnitude is sound (the tone is at 16,384).
SOUND_THRESHOLD = 500
# Silence inside the tone: runs of at least SILENT_RUN samples below SILENT_LEVEL in magnitude.
# A 440 Hz sine at half scale crosses zero in steps of ~1,000, so it never makes such a run.
SILENT_LEVEL = 200
SILENT_RUN = 3
SINE_PERIOD = RATE // math.gcd(RATE, int(FREQUENCY))  # 2,205 frames: the sampled sine repeats
BOUNDARY_WINDOW = RATE // 10  # frames either side of a boundary examined for a gap or a click
CLICK_MARGIN = 1.25  # a step above the sine's own × this is a click
SETTLE_SECONDS = 5.0  # after a key press, before CPU and wake-ups are counted
PROFILE_SECONDS = 10.0  # strace on the GTK thread while playing, after the CPU window
STACK_SECONDS = 5.0  # then strace -k (its stacks)

GOAL_LATENCY_MS = 150.0
GOAL_CPU_PERCENT = 5.0
GOAL_WAKEUPS = 4.0
GOAL_STALL_MS = 16.0
GOAL_MEMORY_GROWTH_MIB = 1.0  # over the second half of the album: "does not grow" (the first tracks warm up)

BLOCK_BEGIN = "<!-- playback-results:begin (bench/playback.py writes what is between these markers) -->"
BLOCK_END = "<!-- playback-results:end -->"
SECTION_HEADING = "### Playback (issue 27)"


class BenchFailure(RuntimeError):
    """Something the benchmark needs did not happen in time or could not run."""


def wait_until(condition, timeout: float, what: str, interval: float = 0.02):
    """Polls condition() until it returns something truthy (returned), or raises after
    timeout seconds. The polling is for other processes, which cannot tell us."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise BenchFailure(f"no {what} within {timeout:g} s")
        time.sleep(interval)


# MARK: - Tone albums


@dataclass
class ToneAlbum:
    """An album of FLAC tracks cut from one continuous sine: played back to back, its tracks
    are one unbroken tone, so any gap or jump at a boundary is the player's."""

    folder: Path
    title: str
    track_frames: list[int]
    samples: array.array  # the whole tone, one channel (both channels play the same)

    @property
    def total_frames(self) -> int:
        return sum(self.track_frames)

    @property
    def seconds(self) -> float:
        return self.total_frames / RATE

    @property
    def boundaries(self) -> list[int]:
        """Frames (from the album's start) where each track after the first begins."""
        edges, position = [], 0
        for frames in self.track_frames[:-1]:
            position += frames
            edges.append(position)
        return edges


def sine(frames: int) -> array.array:
    """frames samples of the benchmark's sine, rounded as ToneAlbumMaker rounds them."""
    step = 2 * math.pi * FREQUENCY / RATE
    scale = AMPLITUDE * 32767
    return array.array("h", (int(round(math.sin(n * step) * scale)) for n in range(frames)))


def odd_track_lengths(count: int, seconds: float) -> list[int]:
    """count track lengths of about `seconds`, each off by a different odd number of frames
    (up to ±1,000), so boundaries fall mid-wave and off any block size."""
    base = int(seconds * RATE)
    return [base + ((k * 7919) % 2001) - 1000 | 1 for k in range(1, count + 1)]


def make_tone_album(folder: Path, title: str, track_frames: list[int]) -> ToneAlbum:
    """Writes the tracks ("01 Part 1.flac"…, tagged title, album, artist and track number)
    into folder, each decoded back and checked against the samples written."""
    folder.mkdir(parents=True, exist_ok=True)
    samples = sine(sum(track_frames))
    start = 0
    for number, frames in enumerate(track_frames, start=1):
        stereo = array.array("h", bytes(frames * 4))
        stereo[0::2] = stereo[1::2] = samples[start:start + frames]
        if sys.byteorder != "little":
            stereo.byteswap()
        file = folder / f"{number:02d} Part {number}.flac"
        tags = {"title": f"Part {number}", "album": title, "artist": "Sine", "track": str(number)}
        ffmpeg(["-f", "s16le", "-ar", str(RATE), "-ac", "2", "-i", "-", "-c:a", "flac",
                *[arg for key, value in tags.items() for arg in ("-metadata", f"{key}={value}")], str(file)],
               stereo.tobytes())
        if ffmpeg(["-i", str(file), "-f", "s16le", "-ac", "2", "-ar", str(RATE), "-"]) != stereo.tobytes():
            raise BenchFailure(f"{file} does not decode to the {frames} frames written")
        start += frames
    return ToneAlbum(folder=folder, title=title, track_frames=track_frames, samples=samples)


def ffmpeg(arguments: list[str], stdin: bytes = b"") -> bytes:
    """Runs ffmpeg quietly with arguments; returns its standard output."""
    quiet = ["-loglevel", "error", "-y"] + ([] if stdin else ["-nostdin"])
    done = subprocess.run(["ffmpeg", *quiet, *arguments],
                          input=stdin, capture_output=True, timeout=120)
    if done.returncode != 0:
        raise BenchFailure(f"ffmpeg {shlex.join(arguments)} failed: {done.stderr.decode(errors='replace')[-500:]}")
    return done.stdout


# MARK: - Sound server and recording


class PulseServer:
    """A private PulseAudio, as Tests/TestSupport/PrivatePulseAudio.swift starts one: one
    null sink (`test`, 44,100 Hz stereo s16le), a socket in a private folder, nothing from
    the session."""

    def __init__(self, folder: Path):
        self.folder = folder
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.socket = folder / "pulse.sock"
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(folder), "XDG_RUNTIME_DIR": str(folder),
               "XDG_CONFIG_HOME": str(folder / "config"), "XDG_STATE_HOME": str(folder / "state"),
               "DBUS_SESSION_BUS_ADDRESS": f"unix:path={folder / 'no-bus'}", "LC_ALL": "C"}
        self.log = open(folder / "daemon.log", "wb")
        self.process = subprocess.Popen(
            ["pulseaudio", "-n", "--daemonize=no", "--system=no", "--fail=yes", "--exit-idle-time=-1",
             "--use-pid-file=no", "--disallow-exit=yes", "--disable-shm=yes", "--high-priority=no", "--realtime=no",
             "--log-target=stderr", f"--load=module-null-sink sink_name={SINK} rate={RATE} channels=2 format=s16le",
             f"--load=module-native-protocol-unix auth-anonymous=1 socket={self.socket}"],
            env=env, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log)
        try:
            wait_until(self.answers, 30, "answer from PulseAudio (pactl info)", interval=0.05)
        except BaseException:
            self.stop()
            raise

    @property
    def environment(self) -> dict[str, str]:
        """What a client needs to play into (or record from) the null sink."""
        return {"PULSE_SERVER": f"unix:{self.socket}", "PULSE_SINK": SINK}

    def client_environment(self) -> dict[str, str]:
        return {**os.environ, **self.environment}

    def answers(self) -> bool:
        if self.process.poll() is not None:
            raise BenchFailure(f"PulseAudio exited: {(self.folder / 'daemon.log').read_text(errors='replace')[-1000:]}")
        return subprocess.run(["pactl", "info"], env=self.client_environment(), capture_output=True,
                              timeout=10).returncode == 0

    def sink_latency(self) -> str:
        """The null sink's latency line from `pactl list sinks` (while something plays)."""
        text = subprocess.run(["pactl", "list", "sinks"], env=self.client_environment(), capture_output=True,
                              text=True, timeout=10).stdout
        match = re.search(r"Latency: (.*)", text)
        return match.group(1).strip() if match else "?"

    def stop(self) -> None:
        stop_process(self.process)
        self.log.close()


class MonitorRecorder:
    """`parec` recording the null sink's monitor (s16le stereo, 20 ms latency) into memory,
    with the arrival time of every chunk, so that a frame's index can be turned into a time:
    when it arrived (arrival_time), or when the sink mixed it (sink_clock_time).

    The monitor runs on the sink's clock whether anything plays or not: frame n is mixed
    n / 44,100 s after frame 0."""

    def __init__(self, pulse: PulseServer):
        self.data = bytearray()
        self.arrivals: list[tuple[float, int]] = []  # (monotonic time, frames recorded by then)
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            ["parec", f"--device={SINK}.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=2",
             "--latency-msec=20"],
            env=pulse.client_environment(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()
        wait_until(lambda: self.frame_count() > RATE // 10, 30, "frames from parec")

    def read(self) -> None:
        """The reader thread: appends what parec writes, with when it arrived."""
        stream = self.process.stdout.fileno()
        while True:
            chunk = os.read(stream, 1 << 16)
            now = time.monotonic()
            if not chunk:
                return
            with self.lock:
                self.data += chunk
                self.arrivals.append((now, len(self.data) // 4))

    def frame_count(self) -> int:
        with self.lock:
            return len(self.data) // 4

    def left(self, start: int = 0, end: int | None = None) -> array.array:
        """The left channel of frames start..<end (to what is recorded)."""
        with self.lock:
            whole = len(self.data) // 4
            end = whole if end is None else min(end, whole)
            start = max(0, min(start, end))
            samples = array.array("h", bytes(self.data[start * 4:end * 4]))
        if sys.byteorder != "little":
            samples.byteswap()
        return samples[0::2]

    def first_sound(self, start: int, end: int | None = None) -> int | None:
        """The first frame from start whose left sample reaches SOUND_THRESHOLD in magnitude."""
        for offset, sample in enumerate(self.left(start, end)):
            if sample >= SOUND_THRESHOLD or sample <= -SOUND_THRESHOLD:
                return start + offset
        return None

    def wait_for_sound(self, start: int, timeout: float) -> int:
        """Waits for sound at or after frame start; returns its frame."""
        found = {"scanned": start}

        def sound() -> int | None:
            end = self.frame_count()
            frame = self.first_sound(found["scanned"], end)
            found["scanned"] = max(found["scanned"], end)
            return frame

        return wait_until(sound, timeout, f"sound after frame {start}", interval=0.005)

    def wait_for_silence(self, start: int, seconds: float, timeout: float) -> int:
        """Waits until the recording from frame start holds `seconds` with no sound in a row;
        returns the frame where that silence begins."""
        length = int(seconds * RATE)

        def silence() -> int | None:
            samples = self.left(start)
            last_sound = max((i for i in range(len(samples)) if abs(samples[i]) >= SOUND_THRESHOLD), default=-1)
            quiet_from = start + last_sound + 1
            return quiet_from if start + len(samples) - quiet_from >= length else None

        return wait_until(silence, timeout, f"{seconds:g} s of silence after frame {start}", interval=0.05)

    def wait_for_frames(self, count: int, timeout: float) -> None:
        wait_until(lambda: self.frame_count() >= count, timeout, f"{count} recorded frames", interval=0.05)

    def arrival_time(self, frame: int) -> float:
        """The monotonic time at which the chunk holding `frame` arrived from parec."""
        with self.lock:
            index = bisect.bisect_right(self.arrivals, frame, key=lambda arrival: arrival[1])
            if index == len(self.arrivals):
                raise BenchFailure(f"frame {frame} has not arrived")
            return self.arrivals[index][0]

    def sink_clock_time(self, frame: int, around: float = 10.0) -> float:
        """The monotonic time of `frame` on the sink's clock: frame 0's time (the earliest
        bound given by the chunks that arrived within `around` seconds of the frame) plus
        frame / rate. The null sink mixes up to its latency ahead, and hands frames to the
        monitor as it mixes them, so this is when the frame was mixed at the earliest; it can
        come a few milliseconds before the key press that started it."""
        window = int(around * RATE)
        with self.lock:
            bounds = [t - n / RATE for t, n in self.arrivals if abs(n - frame) <= window]
        if not bounds:
            raise BenchFailure(f"no chunk of the recording arrived near frame {frame}")
        return min(bounds) + frame / RATE

    def delivery_delays_ms(self) -> list[float]:
        """How long after its frames each chunk arrived, against the earliest (ms): how
        far the arrival times alone would be off."""
        with self.lock:
            bounds = [t - n / RATE for t, n in self.arrivals]
        floor = min(bounds)
        return [(b - floor) * 1000 for b in bounds]

    def stop(self) -> None:
        stop_process(self.process)
        self.reader.join(timeout=5)


# MARK: - The session bus and the app's media controls (MPRIS)


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


# MARK: - Keyboard (XTest)


class XKeyboard:
    """Presses keys (and moves the pointer) through the X server's XTest extension, as
    xdotool does, but from this process, so the moment of the press is known to a fraction of
    a millisecond: the events are flushed to the server right after the time is taken, and
    the server hands them to the focused window as it receives them."""

    def __init__(self):
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.x11.XDefaultScreen.argtypes = [ctypes.c_void_p]
        self.x11.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            raise BenchFailure("cannot open the X display (run under xvfb-run)")

    def keycode(self, name: str) -> int:
        code = self.x11.XKeysymToKeycode(self.display, self.x11.XStringToKeysym(name.encode()))
        if not code:
            raise BenchFailure(f"no key for {name} on this display")
        return code

    def press(self, *names: str) -> float:
        """Presses names together ("Control_L", "space") and releases them; returns the
        monotonic time the presses were sent."""
        codes = [self.keycode(name) for name in names]
        for code in codes:
            self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        sent = time.monotonic()
        self.x11.XFlush(self.display)
        self.x11.XSync(self.display, 0)
        for code in reversed(codes):
            self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XSync(self.display, 0)
        return sent

    def move_pointer_to_corner(self) -> None:
        """Puts the pointer in the screen's bottom-right corner, off the window (900×600 at
        the top left), so that nothing in it is hovered (a tooltip, a highlight)."""
        screen = self.x11.XDefaultScreen(self.display)
        width, height = self.x11.XDisplayWidth(self.display, screen), self.x11.XDisplayHeight(self.display, screen)
        self.xtst.XTestFakeMotionEvent(self.display, screen, width - 1, height - 1, 0)
        self.x11.XSync(self.display, 0)

    def close(self) -> None:
        self.x11.XCloseDisplay(self.display)


# MARK: - The app


class App:
    """The release `bluelibrary` on a private home, importing a music folder (given on its
    command line, which selects its album), playing into the private PulseAudio, its MPRIS
    service on the private bus, drawn with cairo. Never with the state report: its 20 ms
    timer would be measured too."""

    def __init__(self, binary: Path, home: Home, music: Path, pulse: PulseServer, bus: SessionBus,
                 log: Path, extra: dict[str, str] | None = None):
        dropped = ("BLUELIBRARY_", "G_MESSAGES_DEBUG", "GTK_DEBUG", "GDK_DEBUG", "GSK_DEBUG", "GSK_RENDERER")
        env = {key: value for key, value in os.environ.items() if not key.startswith(dropped)}
        env.update(home.environment())
        env.update(pulse.environment)
        env.update({"GTK_A11Y": "none", "NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo",
                    "DBUS_SESSION_BUS_ADDRESS": bus.address})
        env.update(extra or {})
        self.bus = bus
        self.log = log
        with open(log, "wb") as output:
            self.process = subprocess.Popen([str(binary), str(music)], env=env, cwd=home.root,
                                            stdin=subprocess.DEVNULL, stdout=output, stderr=output)
        self.pid = self.process.pid
        self.window: int | None = None

    def check_running(self) -> None:
        if self.process.poll() is not None:
            raise BenchFailure(f"bluelibrary exited with {self.process.returncode}: "
                               f"{self.log.read_text(errors='replace')[-1500:]}")

    def wait_until_ready(self, keyboard: "XKeyboard", timeout: float = 60) -> None:
        """Waits for the window and for the album to be playable (MPRIS CanPlay: the import
        has listed its tracks), moves the pointer off the window, then lets the launch settle
        for a second (the import's end, the first frames) so that what follows is measured on
        an idle window."""
        def can_play() -> bool:
            self.check_running()
            return self.bus.player_property("CanPlay") == "(<true>,)"

        wait_until(can_play, timeout, "playable album (MPRIS CanPlay)", interval=0.1)
        self.window = wait_until(self.find_window, timeout, "BlueLibrary window", interval=0.1)
        keyboard.move_pointer_to_corner()
        time.sleep(1.0)

    def find_window(self) -> int | None:
        """The app's main window: titled BlueLibrary and wider than a tooltip."""
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^BlueLibrary$"],
                               capture_output=True, text=True, timeout=10).stdout.split()
        for candidate in reversed(found):
            shape = subprocess.run(["xdotool", "getwindowgeometry", "--shell", candidate],
                                   capture_output=True, text=True, timeout=10).stdout
            width = re.search(r"WIDTH=(\d+)", shape)
            if width and int(width.group(1)) >= 400:
                return int(candidate)
        return None

    def focus(self) -> None:
        """Gives the window the keyboard focus (no window manager runs on Xvfb)."""
        subprocess.run(["xdotool", "windowfocus", "--sync", str(self.window)], check=True, timeout=10)

    def quit(self, keyboard: XKeyboard, timeout: float = 30) -> int:
        """Ctrl+Q, then waits for the exit (SIGTERM, then SIGKILL, past the deadline)."""
        if self.process.poll() is None:
            self.focus()
            keyboard.press("Control_L", "q")
            try:
                return self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        return stop_process(self.process)

    # What the kernel says of the process

    def cpu_ticks(self) -> dict[int, tuple[str, int]]:
        """Per thread: its name and its user + system time in clock ticks."""
        threads = {}
        for task in Path(f"/proc/{self.pid}/task").iterdir():
            try:
                name = (task / "comm").read_text().strip()
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                threads[int(task.name)] = (name, int(fields[11]) + int(fields[12]))  # utime, stime
            except (OSError, IndexError, ValueError):
                continue  # a thread that ended meanwhile
        return threads

    def process_ticks(self) -> int:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def main_thread_switches(self) -> tuple[int, int]:
        """The GTK thread's (the main thread's: its id is the process's) voluntary context
        switches (each time it went to sleep: in the main loop's poll, or waiting for the X
        server's reply, or for a lock; so each one ends in a wake-up) and involuntary ones
        (taken off a core while it had work: the other threads' and processes' doing)."""
        status = Path(f"/proc/{self.pid}/task/{self.pid}/status").read_text()
        voluntary = re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M)
        involuntary = re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", status, re.M)
        return int(voluntary.group(1)), int(involuntary.group(1))


def resident_kib(pid: int) -> int:
    """VmRSS of pid in KiB (0 once it is gone)."""
    try:
        match = re.search(r"^VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text(), re.M)
        return int(match.group(1)) if match else 0
    except OSError:
        return 0


def stop_process(process: subprocess.Popen, timeout: float = 10) -> int:
    """Ends one of our children: SIGTERM, then SIGKILL after timeout; returns its status."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)
    return process.returncode


# MARK: - Measurements


@dataclass
class Session:
    """What every measurement uses: the binary, the scratch folder, the sound server, the
    bus, the keyboard, and the albums."""

    binary: Path
    scratch: Path
    pulse: PulseServer
    bus: SessionBus
    keyboard: XKeyboard
    album: ToneAlbum  # the gapless album: 20 tracks of ~3 s
    long_album: Path  # one long track of music-like FLAC, for the CPU figures
    long_seconds: float
    keep: bool = False  # keep the recordings in the scratch folder
    launches: int = 0
    first_plays_ms: list[float] = field(default_factory=list)  # from launches without the probe

    def launch(self, name: str, music: Path | None = None, extra: dict[str, str] | None = None) -> App:
        """A fresh home, and the app on it importing music (the gapless album by default)."""
        self.launches += 1
        root = self.scratch / f"{self.launches:02d}-{name}"
        home = Home(root=root)
        for folder in (home.data, home.state, home.cache, home.config):
            folder.mkdir(parents=True, exist_ok=True)
        return App(self.binary, home, music or self.album.folder, self.pulse, self.bus, root / "output.log", extra)

    def keep_recording(self, recorder: "MonitorRecorder", name: str) -> None:
        """Saves what recorder heard (raw s16le stereo) when the scratch folder is kept."""
        if self.keep:
            with recorder.lock:
                (self.scratch / f"{name}.raw").write_bytes(bytes(recorder.data))

    def play_from_launch(self, app: App, recorder: MonitorRecorder) -> tuple[int, float]:
        """Waits until app can play, presses Ctrl+Space and waits for the sound; returns the
        first frame of sound and the latency from the press (ms, see sound_latency)."""
        app.wait_until_ready(self.keyboard)
        app.focus()
        recorder.wait_for_silence(max(0, recorder.frame_count() - RATE // 10), 0.05, 10)
        start_frame = recorder.frame_count()
        pressed = self.keyboard.press("Control_L", "space")
        sound = recorder.wait_for_sound(start_frame, 30)
        return sound, sound_latency(recorder, sound, pressed)[0]


def sound_latency(recorder: MonitorRecorder, sound: int, pressed: float) -> tuple[float, float]:
    """From a key press to its first sound (ms): when the chunk holding that sound arrived
    from parec (the figure: an upper bound, parec's 20 ms of latency included), and the
    sound's time on the sink's clock (a lower bound, see sink_clock_time)."""
    recorder.wait_for_frames(sound + RATE // 10, 10)  # the chunk has arrived, and some after it
    return ((recorder.arrival_time(sound) - pressed) * 1000, (recorder.sink_clock_time(sound) - pressed) * 1000)


def measure_album(session: Session) -> dict:
    """Plays the 20-track album through once, with the stall probe on: the gaps and clicks
    at its boundaries (from the recording), the longest main-loop stall (from the probe) and
    the resident memory at each track's start (read when the app announces the track)."""
    album = session.album
    probe_file = session.scratch / "stall-probe.json"
    watcher = MediaPlayerWatcher(session.bus)
    recorder = MonitorRecorder(session.pulse)
    app = session.launch("album", extra={STALL_PROBE: str(probe_file)})
    watcher.pid = app.pid
    try:
        app.wait_until_ready(session.keyboard)
        rss_before = resident_kib(app.pid)
        app.focus()
        started = session.keyboard.press("Control_L", "space")
        first = recorder.wait_for_sound(0, 30)
        sink_latency = session.pulse.sink_latency()
        watcher.wait_for_status("Stopped", started, album.seconds + 60)
        recorder.wait_for_silence(first + album.total_frames - RATE // 2, 0.5, 30)
        rss_after = resident_kib(app.pid)
        status = app.quit(session.keyboard)
    finally:
        stop_process(app.process)
        recorder.stop()
        watcher.stop()
        session.keep_recording(recorder, "album")
    if status != 0:
        raise BenchFailure(f"bluelibrary exited with {status} after the album")
    probe = json.loads(probe_file.read_text())
    return {"gaps": analyse_gaps(album, recorder.left(), first), "probe": probe, "tracks": watcher.tracks,
            "rss_before": rss_before, "rss_after": rss_after, "sink_latency": sink_latency,
            "delivery_ms": statistics.median(recorder.delivery_delays_ms())}


def silent_runs(samples: array.array) -> list[tuple[int, int]]:
    """Runs (start, length) of at least SILENT_RUN samples below SILENT_LEVEL in magnitude."""
    runs, start = [], None
    for index, sample in enumerate(samples):
        if -SILENT_LEVEL < sample < SILENT_LEVEL:
            if start is None:
                start = index
        elif start is not None:
            if index - start >= SILENT_RUN:
                runs.append((start, index - start))
            start = None
    if start is not None and len(samples) - start >= SILENT_RUN:
        runs.append((start, len(samples) - start))
    return runs


def largest_step(samples: array.array) -> tuple[int, int]:
    """The largest difference between neighbouring samples, and where it starts."""
    best, where = 0, 0
    for index in range(len(samples) - 1):
        step = abs(samples[index + 1] - samples[index])
        if step > best:
            best, where = step, index
    return best, where


def find_album_start(album: ToneAlbum, heard: array.array, first_sound: int) -> tuple[int, bool]:
    """Where the album's frame 0 is in the recording, and whether that was found exactly.

    From the end: the stream's last frame is the album's last, and after it the sink plays
    exact zeros, so the last non-zero sample heard is the album's last non-zero one. (The
    start cannot say it: the monitor misses the first milliseconds of a stream that starts,
    which PulseAudio mixes into audio already handed to the monitor, and the sampled sine
    repeats every 2,205 frames.) Failing that, the closest match to the first sound."""
    last_heard = next((i for i in range(len(heard) - 1, -1, -1) if heard[i] != 0), None)
    last_album = next((i for i in range(album.total_frames - 1, -1, -1) if album.samples[i] != 0), None)
    if last_heard is not None and last_album is not None:
        offset = last_heard - last_album
        tail = max(0, album.total_frames - 4096)
        if offset >= 0 and heard[offset + tail:offset + album.total_frames] == album.samples[tail:]:
            return offset, True
    probe = heard[first_sound:first_sound + 64]
    best, best_distance = first_sound, None
    for start in range(0, min(SINE_PERIOD + 64, album.total_frames - 64)):
        distance = sum(abs(a - b) for a, b in zip(album.samples[start:start + 64], probe))
        if best_distance is None or distance < best_distance:
            best, best_distance = first_sound - start, distance
    return best, False


def analyse_gaps(album: ToneAlbum, heard: array.array, first_sound: int) -> dict:
    """The recording against the album: where the album starts in it, which frames differ
    from the album's samples, silence inside the heard span, and at each boundary the silent
    samples and the largest step (a click) within BOUNDARY_WINDOW frames, against the sine's
    own largest step."""
    offset, aligned = find_album_start(album, heard, first_sound)
    span = heard[offset:offset + album.total_frames]
    unheard = max(0, min(first_sound - offset, album.total_frames))  # the start the monitor missed
    differing = [index for index, (a, b) in enumerate(zip(span, album.samples)) if a != b and index >= unheard]
    differing += list(range(len(span), album.total_frames))  # not recorded at all
    natural = 2 * AMPLITUDE * 32767 * math.sin(math.pi * FREQUENCY / RATE)
    boundaries = []
    for number, boundary in enumerate(album.boundaries, start=2):
        low, high = max(0, boundary - BOUNDARY_WINDOW), boundary + BOUNDARY_WINDOW
        window = span[low:high]
        step, where = largest_step(window)
        boundaries.append({"track": number, "frame": boundary, "seconds": boundary / RATE,
                           "silent": sum(length for _, length in silent_runs(window)),
                           "step": step, "step_offset": low + where - boundary,
                           "cut_step": abs(span[boundary] - span[boundary - 1]) if boundary < len(span) else None,
                           "own_cut_step": abs(album.samples[boundary] - album.samples[boundary - 1]),
                           "exact": aligned and window == album.samples[low:high]})
    last = next((i for i in range(len(heard) - 1, -1, -1) if abs(heard[i]) >= SOUND_THRESHOLD), first_sound)
    inside = silent_runs(heard[first_sound:last + 1])
    return {"offset": offset, "aligned": aligned, "unheard": unheard, "differing": len(differing),
            "first_differing": differing[:1], "last_differing": differing[-1:],
            "frames": album.total_frames, "heard_frames": last + 1 - first_sound,
            "silent_inside": sum(length for _, length in inside), "silent_runs": inside[:10],
            "natural_step": natural, "boundaries": boundaries}


def make_long_track(folder: Path, seconds: float) -> Path:
    """One FLAC track of `seconds` that costs what music costs to decode: a 440 Hz tone
    under pink noise, different on each channel (a bare sine compresses to almost nothing);
    its bit rate is reported with the CPU figures."""
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "01 Long.flac"
    ffmpeg(["-f", "lavfi", "-i", f"sine=frequency=440:sample_rate={RATE}:duration={seconds}",
            "-f", "lavfi", "-i", f"anoisesrc=color=pink:sample_rate={RATE}:amplitude=0.2:seed=1:duration={seconds}",
            "-f", "lavfi", "-i", f"anoisesrc=color=pink:sample_rate={RATE}:amplitude=0.2:seed=2:duration={seconds}",
            "-filter_complex", "[0]asplit[a][b];[a][1]amix=normalize=0[l];[b][2]amix=normalize=0[r];"
            "[l][r]join=inputs=2:channel_layout=stereo[out]", "-map", "[out]", "-c:a", "flac", "-sample_fmt", "s16",
            "-metadata", "title=Long", "-metadata", "album=Long", "-metadata", "artist=Noise", "-metadata", "track=1",
            str(file)])
    return folder


def flac_kbps(folder: Path, seconds: float) -> float:
    """The bit rate of the FLAC files in folder, `seconds` long in all (kbit/s)."""
    return sum(file.stat().st_size for file in folder.glob("*.flac")) * 8 / 1000 / seconds


def measure_cpu(session: Session, seconds: float, control_seconds: float) -> dict:
    """Plays the long track with the window open and idle (the pointer off it), no probe, no
    report: CPU of the whole process and of each thread, and the GTK thread's context
    switches, over `seconds`; then the same over `control_seconds` paused, the play bar shown.
    Each window starts SETTLE_SECONDS after its key press: a key press shows the focus ring,
    whose transitions draw frames for 2–4 s."""
    recorder = MonitorRecorder(session.pulse)
    app = session.launch("cpu", music=session.long_album)
    try:
        _, first_play = session.play_from_launch(app, recorder)
        session.first_plays_ms.append(first_play)
        time.sleep(SETTLE_SECONDS)
        playing = sample_usage(app, seconds)
        profile = profile_gtk_thread(app, PROFILE_SECONDS)
        app.focus()
        paused_from = recorder.frame_count()
        session.keyboard.press("Control_L", "space")
        recorder.wait_for_silence(paused_from, 0.3, 10)
        time.sleep(SETTLE_SECONDS)
        paused = sample_usage(app, control_seconds)
        status = app.quit(session.keyboard)
    finally:
        stop_process(app.process)
        recorder.stop()
    if status != 0:
        raise BenchFailure(f"bluelibrary exited with {status} after the CPU measurement")
    return {"playing": playing, "paused": paused, "seconds": seconds, "control_seconds": control_seconds,
            "profile": profile,
            "kbps": flac_kbps(session.long_album, session.long_seconds), "track_seconds": session.long_seconds}


def profile_gtk_thread(app: App, seconds: float) -> dict | str:
    """What wakes the GTK thread while playing, from `strace` on it (after the measurements:
    strace slows it): `seconds` of its poll calls, then STACK_SECONDS more with their stacks.

    The main loop's polls (several descriptors) that may block are its wake-ups, woken by a
    timer or by a descriptor; a poll on the X connection alone is Xlib waiting for the X
    server's reply (a round trip: the thread sleeps until Xvfb answers, which is most of its
    voluntary context switches), counted by the nearest caller in the app or GTK. Rates per
    second; a string saying why when strace cannot run."""
    if not shutil.which("strace"):
        return "strace is not installed"
    plain = trace_gtk_thread(app, seconds, ["-e", "trace=poll,ppoll"], "polls.strace")
    stacks = trace_gtk_thread(app, STACK_SECONDS, ["-k", "-e", "trace=poll"], "stacks.strace")
    if plain is None or stacks is None:
        return "strace could not attach"
    loop: dict[str, int] = {}
    replies = 0
    x_fd = None
    for head in plain.splitlines():
        polled = re.match(r"p?poll\(\[(.*?)\], (\d+), (-?\d+)", head)
        if not polled:
            continue
        descriptors, count, timeout = re.findall(r"fd=(\d+)", polled.group(1)), int(polled.group(2)), int(polled.group(3))
        if count == 1 and "events=POLLIN}" in polled.group(1):
            x_fd = descriptors[0]
            replies += 1
        elif count > 1 and timeout != 0 and re.search(r"\) += \d", head):  # not cut short by strace leaving
            ready = re.findall(r"fd=(\d+), revents", head)
            label = "a timer" if "Timeout" in head else " and ".join(sorted(set(f"fd {fd}" for fd in ready))) or "?"
            loop[label] = loop.get(label, 0) + 1
    names = descriptor_names(app.pid, x_fd)
    loop_rates = {re.sub(r"fd (\d+)", lambda m: names.get(m.group(1), m.group(0)), label): count / seconds
                  for label, count in loop.items()}
    callers: dict[str, int] = {}
    for call in re.split(r"\n(?=\S)", stacks):
        head, *stack = call.split("\n")
        if not re.match(r"poll\(\[\{fd=\d+, events=POLLIN\}\], 1,", head):
            continue
        frames = tuple(match.group(1) for line in stack if (match := re.search(r"\((\S+?)\+0x", line)))
        if frames:
            label = caller(frames)
            callers[label] = callers.get(label, 0) + 1
    total = sum(callers.values()) or 1
    return {"loop": dict(sorted(loop_rates.items(), key=lambda item: -item[1])), "replies": replies / seconds,
            "callers": sorted(((label, count / total) for label, count in callers.items()), key=lambda item: -item[1])}


def trace_gtk_thread(app: App, seconds: float, options: list[str], name: str) -> str | None:
    """`strace` on the app's GTK thread for `seconds` with options; its output, or None."""
    trace = app.log.with_name(name)
    tracer = subprocess.Popen(["strace", *options, "-p", str(app.pid), "-o", str(trace)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(seconds)
    stop_process(tracer)
    return trace.read_text(errors="replace") if trace.exists() else None


def descriptor_names(pid: int, x_fd: str | None) -> dict[str, str]:
    """What the process's descriptors are: "the X connection", "an eventfd", "a socket"…"""
    names = {}
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            kind = os.readlink(fd).split(":")[-1].strip("[]") if "anon_inode" in os.readlink(fd) else \
                os.readlink(fd).split(":")[0]
        except OSError:
            continue
        names[fd.name] = "the X connection" if fd.name == x_fd else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} ({fd.name})"
    return names


def caller(frames: tuple[str, ...]) -> str:
    """The nearest frame that says who asked: the app's own code (demangled), or, for what
    GTK does by itself in the main loop (the frame clock: layout, painting), GTK's nearest
    exported function (a static one shows as the exported one before it)."""
    own = next((frame for frame in frames if frame.startswith("$s") and "GtkKit" not in frame[:12]), None)
    name = demangled(own) if own else None
    if name and not name.endswith("App.run()"):
        return name
    toolkit = next((frame for frame in frames if frame.startswith(("gtk_", "gdk_", "gsk_"))), frames[0])
    return f"GTK itself, from the main loop (first GTK symbol in the stack: {toolkit})"


@functools.lru_cache(maxsize=None)
def demangled(symbol: str) -> str:
    """A Swift symbol as Swift writes it (`swift demangle`), or as it is."""
    try:
        done = subprocess.run(["swift", "demangle", "--simplified", symbol], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return symbol
    return (done.stdout.strip().split(" ---> ")[-1] if done.returncode == 0 else symbol)[:100]


def sample_usage(app: App, seconds: float) -> dict:
    """CPU (% of one core: the whole process, the GTK thread, each other thread by name) and
    the GTK thread's voluntary and involuntary context switches per second, over `seconds`."""
    ticks_per_second = os.sysconf("SC_CLK_TCK")
    threads_before, total_before = app.cpu_ticks(), app.process_ticks()
    switches_before = app.main_thread_switches()
    began = time.monotonic()
    time.sleep(seconds)
    threads_after, total_after = app.cpu_ticks(), app.process_ticks()
    switches_after = app.main_thread_switches()
    wall = time.monotonic() - began
    app.check_running()

    def percent(ticks: int) -> float:
        return ticks / ticks_per_second / wall * 100

    per_thread: dict[str, float] = {}
    for tid, (name, ticks) in threads_after.items():
        spent = ticks - threads_before.get(tid, (name, 0))[1]
        label = "GTK thread" if tid == app.pid else name
        per_thread[label] = per_thread.get(label, 0.0) + percent(spent)
    voluntary, involuntary = ((after - before) / wall for before, after in zip(switches_before, switches_after))
    return {"cpu_percent": percent(total_after - total_before), "voluntary": voluntary, "involuntary": involuntary,
            "threads": dict(sorted(per_thread.items(), key=lambda item: -item[1])), "wall": wall}


def measure_latency(session: Session, trials: int, launches: int) -> dict:
    """Ctrl+Space to the first sound: `trials` times from paused to playing in one launch
    (after its first play), with a pause of 0.3–0.7 s between trials; and the first play of
    each of `launches` fresh launches (the pipeline not yet made)."""
    recorder = MonitorRecorder(session.pulse)
    resumes: list[tuple[float, float]] = []
    try:
        for launch in range(launches):
            app = session.launch("latency")
            try:
                frame, first_play = session.play_from_launch(app, recorder)
                session.first_plays_ms.append(first_play)
                if launch == 0:
                    recorder.wait_for_frames(frame + RATE // 2, 10)
                    for _ in range(trials):
                        resumes.append(pause_then_play(session, app, recorder))
                status = app.quit(session.keyboard)
            finally:
                stop_process(app.process)
            if status != 0:
                raise BenchFailure(f"bluelibrary exited with {status} after the latency trials")
            recorder.wait_for_silence(recorder.frame_count(), 0.2, 10)
        delays = recorder.delivery_delays_ms()
    finally:
        recorder.stop()
        session.keep_recording(recorder, "latency")
    return {"resumes": [arrived for arrived, _ in resumes], "resumes_sink_clock": [mixed for _, mixed in resumes],
            "delivery_ms": statistics.median(delays)}


def pause_then_play(session: Session, app: App, recorder: MonitorRecorder) -> tuple[float, float]:
    """One trial: Ctrl+Space to pause, silence heard, a pause of 0.3–0.7 s, Ctrl+Space to
    play; returns the time from that press to the first sound (ms, see sound_latency). Half a
    second of sound is let through before the next trial."""
    app.focus()
    paused_from = recorder.frame_count()
    session.keyboard.press("Control_L", "space")
    recorder.wait_for_silence(paused_from, 0.3, 10)
    time.sleep(random.uniform(0.0, 0.4))
    start_frame = recorder.frame_count()
    pressed = session.keyboard.press("Control_L", "space")
    sound = recorder.wait_for_sound(start_frame, 10)
    latency = sound_latency(recorder, sound, pressed)
    recorder.wait_for_frames(sound + RATE // 2, 10)
    return latency


# MARK: - Report


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def verdict(met: bool) -> str:
    return "met" if met else "missed"


def mib(kib: int) -> float:
    return kib / 1024


def profile_text(profile: dict | str) -> str:
    """The GTK thread's profile (profile_gtk_thread) in words."""
    if isinstance(profile, str):
        return f"not profiled ({profile})"
    loop = sum(profile["loop"].values())
    return (f"the main loop woke {loop:.1f} times a second ("
            + ", ".join(f"{rate:.1f} by {label}" for label, rate in profile["loop"].items())
            + f"); within those, Xlib waited {profile['replies']:.1f} times a second for the X server's reply (a "
            "round trip; under strace most replies were there already, so fewer of them slept than without it), for "
            + ", ".join(f"{label} ({share:.0%})" for label, share in profile["callers"][:4]))


def optional_ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.1f}"


def summary_rows(results: dict) -> list[list[str]]:
    """The table of figures against the issue's goals."""
    album, cpu, latency = results["album"], results["cpu"], results["latency"]
    gaps, probe = album["gaps"], album["probe"]
    boundaries = gaps["boundaries"]
    worst_silent = max(b["silent"] for b in boundaries)
    worst_step = max(b["step"] for b in boundaries)
    rows = [["measure", "figure", "goal", "status"]]
    rows.append([f"gap at the {len(boundaries)} track boundaries of a gapless FLAC album: silent samples "
                 f"(runs of ≥ {SILENT_RUN} with |x| < {SILENT_LEVEL}) within ±{BOUNDARY_WINDOW * 1000 // RATE} ms",
                 "0 at every boundary" if worst_silent == 0 else f"up to {worst_silent}", "0 samples",
                 verdict(worst_silent == 0)])
    rows.append([f"silent samples anywhere in the {gaps['heard_frames'] / RATE:.1f} s heard", f"{gaps['silent_inside']}",
                 "—", "—"])
    rows.append(["largest step between samples near a boundary, against the sine's own",
                 f"{worst_step} against {gaps['natural_step']:.0f}", f"no click (≤ {CLICK_MARGIN}×)",
                 verdict(worst_step <= gaps["natural_step"] * CLICK_MARGIN)])
    exact = gaps["aligned"] and gaps["differing"] == 0
    heard = gaps["frames"] - gaps["unheard"]
    rows.append(["the recording holds the album's samples, bit for bit, none lost or repeated",
                 (f"yes: all {heard:,} frames after the first {gaps['unheard']} (see below)" if exact else
                  f"no: {heard - gaps['differing']:,} of {heard:,} frames equal"
                  + ("" if gaps["aligned"] else ", and the end did not line up")), "—", "—"])
    resumes, firsts = latency["resumes"], results["first_plays"]
    rows.append([f"Ctrl+Space → first sound on the sink, paused → playing ({len(resumes)} trials)",
                 f"median {statistics.median(resumes):.1f} ms, p90 {percentile(resumes, 0.9):.1f} ms "
                 f"({min(resumes):.1f}–{max(resumes):.1f})", f"≤ {GOAL_LATENCY_MS:g} ms median",
                 verdict(statistics.median(resumes) <= GOAL_LATENCY_MS)])
    rows.append([f"Ctrl+Space → first sound, the first play of a fresh launch ({len(firsts)} launches)",
                 f"median {statistics.median(firsts):.1f} ms ({min(firsts):.1f}–{max(firsts):.1f})", "—", "—"])
    playing, paused = cpu["playing"], cpu["paused"]
    rows.append([f"CPU while FLAC plays ({cpu['kbps']:.0f} kbit/s), window open and idle, over {cpu['seconds']:g} s",
                 f"{playing['cpu_percent']:.1f} % of one core (GTK thread {playing['threads'].get('GTK thread', 0):.1f} %)",
                 f"≤ {GOAL_CPU_PERCENT:g} %", verdict(playing["cpu_percent"] <= GOAL_CPU_PERCENT)])
    profile = cpu["profile"]
    switches = (f"{playing['voluntary']:.1f} /s voluntary + {playing['involuntary']:.1f} /s involuntary = "
                f"{playing['voluntary'] + playing['involuntary']:.1f} /s")
    if isinstance(profile, dict):
        wakeups = sum(profile["loop"].values())
        rows.append(["main-loop wake-ups while playing (the GTK thread's blocking polls, from strace)",
                     f"{wakeups:.1f} /s", f"≤ {GOAL_WAKEUPS:g} /s", verdict(wakeups <= GOAL_WAKEUPS)])
        rows.append(["GTK thread context switches while playing (/proc: each voluntary one is a sleep: in the main "
                     "loop, or waiting for the X server within a wake-up)", switches, "—", "—"])
    else:
        rows.append(["GTK thread wake-ups while playing (voluntary context switches; strace missing)", switches,
                     f"≤ {GOAL_WAKEUPS:g} /s", verdict(playing["voluntary"] <= GOAL_WAKEUPS)])
    rows.append([f"control: paused, play bar shown, over {cpu['control_seconds']:g} s",
                 f"{paused['cpu_percent']:.1f} % CPU, {paused['voluntary']:.1f} wake-ups/s "
                 f"(+ {paused['involuntary']:.1f} involuntary)", "—", "—"])
    stall = probe["playing"]
    worst = probe["longestWhilePlaying"][0] if probe["longestWhilePlaying"] else None
    where = f", in track {worst['track'] + 1}" if worst and worst.get("track") is not None else ""
    rows.append([f"longest main-loop stall playing the {len(boundaries) + 1}-track album through "
                 f"({probe['trackChangesWhilePlaying']} track changes)",
                 f"{stall['maxMilliseconds']:.1f} ms{where} (p99 {stall['p99Milliseconds']:.2f} ms, "
                 f"{stall['over16Milliseconds']} over 16 ms)", f"≤ {GOAL_STALL_MS:g} ms",
                 verdict(stall["maxMilliseconds"] <= GOAL_STALL_MS)])
    own = probe["playingOwn"]
    rows.append(["the same, without the time the GTK thread waited for a free core (the machine's other work)",
                 f"{own['maxMilliseconds']:.1f} ms (p99 {own['p99Milliseconds']:.2f} ms, {own['over16Milliseconds']} "
                 "over 16 ms)", "—", "—"])
    rss = [t.rss_kib for t in album["tracks"]]
    if len(rss) >= 4:
        middle = len(rss) // 2  # the second half's first track, counted from 1
        steady = mib(rss[-1] - rss[middle - 1])
        rows.append([f"VmRSS at the start of each of the {len(rss)} tracks",
                     f"track 1: {mib(rss[0]):.1f} MiB, track {middle}: {mib(rss[middle - 1]):.1f} MiB, track "
                     f"{len(rss)}: {mib(rss[-1]):.1f} MiB (highest {mib(max(rss)):.1f}); over the second half "
                     f"{steady:+.2f} MiB",
                     f"does not grow (second half: ≤ {GOAL_MEMORY_GROWTH_MIB:g} MiB)",
                     verdict(steady <= GOAL_MEMORY_GROWTH_MIB)])
    else:
        rows.append(["VmRSS at the start of each track", f"only {len(rss)} track starts seen", "does not grow",
                     "not measured"])
    return rows


def boundary_rows(gaps: dict) -> list[list[str]]:
    """One row per boundary."""
    rows = [["boundary", "at (s)", "silent samples", "step across the cut (the files')", "largest step within ±100 ms",
             "its place (frames from the cut)", "bit-exact within ±100 ms"]]
    for b in gaps["boundaries"]:
        cut = "—" if b["cut_step"] is None else f"{b['cut_step']} ({b['own_cut_step']})"
        rows.append([f"track {b['track'] - 1} → {b['track']}", f"{b['seconds']:.3f}", str(b["silent"]), cut,
                     str(b["step"]), f"{b['step_offset']:+d}", "yes" if b["exact"] else "no"])
    return rows


def detail_lines(results: dict) -> list[str]:
    """The raw figures behind the table: every trial, every track's memory, the longest stalls."""
    album, cpu, latency = results["album"], results["cpu"], results["latency"]
    probe, gaps = album["probe"], album["gaps"]
    differing = ("none" if not gaps["differing"] else
                 f"{gaps['differing']:,}, album frames {gaps['first_differing'][0]:,} to {gaps['last_differing'][0]:,}")
    return [
        f"- frames of the recording that differ from the album's: {differing}; the album's end "
        + ("lines up exactly with the recording's (so no frame was lost or repeated on the way)" if gaps["aligned"]
           else "does not line up with the recording's")
        + f"; the first {gaps['unheard']} frames ({gaps['unheard'] * 1000 / RATE:.1f} ms) of the first track are not "
        "in the recording: PulseAudio mixes a starting stream into audio it has already handed to the monitor (`pacat` loses the start of a stream the same way here)",
        f"- paused → playing, each trial (ms, parec's arrival): {', '.join(f'{v:.1f}' for v in latency['resumes'])}; "
        f"on the sink's clock (when the sound was mixed, at the earliest): "
        f"{', '.join(f'{v:.1f}' for v in latency['resumes_sink_clock'])}",
        f"- first play of a fresh launch, each launch (ms): {', '.join(f'{v:.1f}' for v in results['first_plays'])}",
        f"- the null sink's latency while the album played (`pactl list sinks`): {album['sink_latency']}; median "
        f"delay of parec's chunks after the earliest-delivered one: {latency['delivery_ms']:.1f} ms",
        "- CPU while playing, by thread (% of one core): "
        + ", ".join(f"{name} {value:.2f}" for name, value in cpu["playing"]["threads"].items() if value >= 0.05),
        f"- what wakes the GTK thread while playing (`strace` on it for {PROFILE_SECONDS:g} s after the CPU window, "
        f"then `strace -k` for {STACK_SECONDS:g} s): " + profile_text(cpu["profile"]),
        "- CPU while paused, by thread (% of one core): "
        + (", ".join(f"{name} {value:.2f}" for name, value in cpu["paused"]["threads"].items() if value >= 0.05)
           or "none above 0.05"),
        f"- main loop while playing ({probe['playingSeconds']:.1f} s, {probe['playing']['count']:,} firings of a 1 ms "
        f"timer): p50 {probe['playing']['p50Milliseconds']:.2f} ms, p99 {probe['playing']['p99Milliseconds']:.2f} ms, "
        f"p99.9 {probe['playing']['p999Milliseconds']:.2f} ms late; over the whole launch (start-up and import "
        f"included): max {probe['all']['maxMilliseconds']:.1f} ms",
        "- longest stalls while playing (ms late; the track; seconds since the window opened; of the gap, ms on a "
        "core / waiting for one): "
        + ", ".join(f"{s['latenessMilliseconds']:.1f} (track {s['track'] + 1 if s.get('track') is not None else '?'}, "
                    f"{s['atSeconds']:.1f} s, {optional_ms(s.get('onCoreMilliseconds'))} / "
                    f"{optional_ms(s.get('waitingForCoreMilliseconds'))})" for s in probe["longestWhilePlaying"]),
        f"- VmRSS before Play {mib(album['rss_before']):.1f} MiB; at each track's start (MiB): "
        + ", ".join(f"{mib(t.rss_kib):.1f}" for t in album["tracks"])
        + f"; after the album {mib(album['rss_after']):.1f} MiB",
    ]


def render_block(results: dict, command: str, started: str, load: tuple[float, float]) -> str:
    """The generated part of the Playback section: how it was run, the table, the details."""
    album = results["album"]
    commit = subprocess.run(["git", "-C", str(REPO_ROOT), "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip() or "?"
    parts = [
        f"Measured by `bench/playback.py` ({command}) at {commit}, {started}; load average {load[0]:.2f} at the "
        f"start, {load[1]:.2f} at the end.",
        "",
        *machine_description(),
        "",
        markdown_table(summary_rows(results)),
        "",
        f"Every boundary of the {len(album['gaps']['boundaries']) + 1}-track album (one 440 Hz sine at half scale, "
        f"cut at odd frames; the sine's own largest step is {album['gaps']['natural_step']:.0f}):",
        "",
        markdown_table(boundary_rows(album["gaps"])),
        "",
        *detail_lines(results),
    ]
    return "\n".join(parts)


def write_block(output: Path, block: str) -> None:
    """Puts block between the markers in output's Notes (a Playback section is made at the
    top of the Notes when there are no markers), keeping everything else."""
    text = output.read_text(encoding="utf-8") if output.exists() else f"{NOTES_HEADING}\n"
    generated = f"{BLOCK_BEGIN}\n\n{block}\n\n{BLOCK_END}"
    if BLOCK_BEGIN in text and BLOCK_END in text:
        before, rest = text.split(BLOCK_BEGIN, 1)
        _, after = rest.split(BLOCK_END, 1)
        text = before + generated + after
    else:
        section = f"{SECTION_HEADING}\n\n{generated}\n\n"
        lines = text.splitlines(keepends=True)
        index = next((i for i, line in enumerate(lines) if line.strip() == NOTES_HEADING), None)
        if index is None:
            text = text.rstrip("\n") + f"\n\n{NOTES_HEADING}\n\n{section}"
        else:
            text = "".join(lines[:index + 1]) + "\n" + section + "".join(lines[index + 1:]).lstrip("\n")
    output.write_text(text, encoding="utf-8")


# MARK: - Main


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    """The command line; see --help."""
    parser = argparse.ArgumentParser(prog="bench/playback.py", description="BlueLibrary's playback benchmark (issue 27): "
                                     "see the top of bench/playback.py for what it measures and how.")
    parser.add_argument("--bin-dir", type=Path, default=Path(".build/release"),
                        help="folder of the release bluelibrary, relative to the repository (default %(default)s)")
    parser.add_argument("--trials", type=int, default=15, help="paused → playing trials (default %(default)s)")
    parser.add_argument("--launches", type=int, default=4,
                        help="fresh launches timed to their first sound, besides the CPU run's (default %(default)s)")
    parser.add_argument("--tracks", type=int, default=20, help="tracks of the album (default %(default)s)")
    parser.add_argument("--track-seconds", type=float, default=3.0, help="length of each track (default %(default)s)")
    parser.add_argument("--cpu-seconds", type=float, default=20.0, help="CPU window while playing (default %(default)s)")
    parser.add_argument("--control-seconds", type=float, default=10.0,
                        help="CPU window while paused, for comparison (default %(default)s)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the report to update (default bench/RESULTS.md)")
    parser.add_argument("--no-write", action="store_true", help="print the figures only")
    parser.add_argument("--keep", action="store_true",
                        help="keep the scratch folder (logs, albums, recordings, the probe's report)")
    arguments = parser.parse_args(argv)
    if arguments.tracks < 2 or arguments.trials < 1 or arguments.launches < 1:
        parser.error("--tracks needs 2 or more, --trials and --launches 1 or more")
    if arguments.cpu_seconds < 1 or arguments.control_seconds < 1:
        parser.error("--cpu-seconds and --control-seconds need 1 or more")
    arguments.bin_dir = Path(os.path.abspath(REPO_ROOT / arguments.bin_dir))
    arguments.output = Path(os.path.abspath(arguments.output))
    return arguments


def interrupt(signum, frame) -> None:
    """SIGTERM unwinds like Ctrl+C, so children and the scratch folder go."""
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    """Makes the music, starts the sound server and the bus, measures, prints and writes."""
    arguments = parse_arguments(argv)
    binary = arguments.bin_dir / "bluelibrary"
    if not os.access(binary, os.X_OK):
        print(f"playback bench: {binary} is missing; build it first (bench/run does)", file=sys.stderr)
        return 1
    if not os.environ.get("DISPLAY"):
        print("playback bench: no X display; run under xvfb-run (bench/run does)", file=sys.stderr)
        return 1
    for tool in ("ffmpeg", "pulseaudio", "parec", "pactl", "dbus-daemon", "gdbus", "xdotool"):
        if not shutil.which(tool):
            print(f"playback bench: {tool} is missing (scripts/install-dependencies --tests)", file=sys.stderr)
            return 1
    signal.signal(signal.SIGTERM, interrupt)
    scratch = Path(tempfile.mkdtemp(prefix="bluelibrary-playback-"))
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_before = os.getloadavg()[0]
    try:
        with ExitStack() as stack:
            frames = odd_track_lengths(arguments.tracks, arguments.track_seconds)
            print(f"making a gapless album of {arguments.tracks} FLAC tracks ({sum(frames) / RATE:.1f} s) in {scratch}",
                  flush=True)
            album = make_tone_album(scratch / "music" / "Unbroken", "Unbroken", frames)
            long_seconds = arguments.cpu_seconds + SETTLE_SECONDS + PROFILE_SECONDS + STACK_SECONDS + 15  # and a margin
            long_album = make_long_track(scratch / "music" / "Long", long_seconds)
            pulse = PulseServer(Path(tempfile.mkdtemp(prefix="bl-pulse-", dir="/tmp")))
            stack.callback(lambda: (pulse.stop(), shutil.rmtree(pulse.folder, ignore_errors=True)))
            bus = SessionBus()
            stack.callback(bus.stop)
            keyboard = XKeyboard()
            stack.callback(keyboard.close)
            session = Session(binary=binary, scratch=scratch, pulse=pulse, bus=bus, keyboard=keyboard, album=album,
                              long_album=long_album, long_seconds=long_seconds, keep=arguments.keep)
            results = {}
            print("1/3 the album through, with the stall probe (gaps, stalls, memory)", flush=True)
            results["album"] = measure_album(session)
            print(f"2/3 CPU and wake-ups: {arguments.cpu_seconds:g} s playing, {arguments.control_seconds:g} s paused",
                  flush=True)
            results["cpu"] = measure_cpu(session, arguments.cpu_seconds, arguments.control_seconds)
            print(f"3/3 Ctrl+Space to sound: {arguments.trials} trials, {arguments.launches} fresh launches", flush=True)
            results["latency"] = measure_latency(session, arguments.trials, arguments.launches)
            results["first_plays"] = session.first_plays_ms
        command = os.environ.get("BLUELIBRARY_BENCH_COMMAND") or shlex.join(["python3", "bench/playback.py", *argv])
        block = render_block(results, f"`{command}`", started, (load_before, os.getloadavg()[0]))
        print()
        print(block)
        if not arguments.no_write:
            write_block(arguments.output, block)
            print(f"\nwritten: {shown_path(arguments.output)} (the Playback section of its Notes)")
        return 0
    except BenchFailure as failure:
        print(f"playback bench: {failure} (scratch kept in {scratch})", file=sys.stderr)
        arguments.keep = True
        return 1
    except KeyboardInterrupt:
        print("\nplayback bench: interrupted", file=sys.stderr)
        return 130
    finally:
        if not arguments.keep:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
