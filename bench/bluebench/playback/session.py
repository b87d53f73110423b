"""What every measurement uses (the binary, the scratch folder, the sound server, the bus, the
keyboard, the albums): fresh launches, and from a key press to its sound."""
from dataclasses import dataclass, field
from pathlib import Path

from ..homes import make_home
from .albums import ToneAlbum
from .app import App
from .bus import SessionBus
from .keyboard import XKeyboard
from .settings import RATE
from .sound import MonitorRecorder, PulseServer


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
        home = make_home(root)
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
