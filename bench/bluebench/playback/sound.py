"""The sound server and what is heard: a private PulseAudio with one null sink, and `parec`
recording its monitor, each frame's time known."""
import array
import bisect
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from ..processes import stop_process
from .settings import RATE, SINK, SOUND_THRESHOLD
from .waiting import BenchFailure, wait_until


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
