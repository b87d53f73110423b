"""The music played: gapless albums cut from one sine (each track decoded back and checked),
and one long music-like track for the CPU figures; ffmpeg writes the FLAC files."""
import array
import math
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .settings import AMPLITUDE, FREQUENCY, RATE
from .waiting import BenchFailure


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
