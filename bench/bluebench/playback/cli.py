"""playback.py's command line and main: makes the music, starts the sound server, the bus and
the keyboard, measures, prints the block and writes it into RESULTS.md's Notes."""
import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from ..markdown import invocation, markdown_table
from ..notes import write_block
from ..paths import DEFAULT_OUTPUT, REPO_ROOT, shown_path
from ..processes import interrupt
from .albums import make_long_track, make_tone_album, odd_track_lengths
from .bus import SessionBus
from .keyboard import XKeyboard
from .measure import measure_album, measure_cpu, measure_latency
from .play_all import measure_play_all, summary as play_all_summary
from .report import render_block
from .session import Session
from .settings import PROFILE_SECONDS, RATE, SETTLE_SECONDS, STACK_SECONDS
from .sound import PulseServer
from .waiting import BenchFailure


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
    parser.add_argument("--play-all-albums", type=int, default=100_000,
                        help="albums of 10 tracks in the library played all (default %(default)s; 0 leaves it out)")
    parser.add_argument("--play-all-trials", type=int, default=7, help="Play All → sound trials (default %(default)s)")
    parser.add_argument("--play-all-launches", type=int, default=5,
                        help="launches to the first frame with and without the saved queue (default %(default)s)")
    parser.add_argument("--play-all-only", action="store_true", help="measure Play All only, and print it")
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
            if arguments.play_all_only:
                print(f"Play All at {arguments.play_all_albums:,} albums", flush=True)
                results = measure_play_all(session, arguments.play_all_albums, arguments.play_all_trials,
                                           arguments.play_all_launches)
                print(markdown_table([["measure", "figure", "goal", "status"], *play_all_summary(results)]))
                print(json.dumps(results, indent=1))
                return 0
            print("1/4 the album through, with the stall probe (gaps, stalls, memory)", flush=True)
            results["album"] = measure_album(session)
            print(f"2/4 CPU and wake-ups: {arguments.cpu_seconds:g} s playing, {arguments.control_seconds:g} s paused",
                  flush=True)
            results["cpu"] = measure_cpu(session, arguments.cpu_seconds, arguments.control_seconds)
            print(f"3/4 Ctrl+Space to sound: {arguments.trials} trials, {arguments.launches} fresh launches", flush=True)
            results["latency"] = measure_latency(session, arguments.trials, arguments.launches)
            results["first_plays"] = session.first_plays_ms
            if arguments.play_all_albums > 0:
                print(f"4/4 Play All at {arguments.play_all_albums:,} albums of 10 tracks", flush=True)
                results["play_all"] = measure_play_all(session, arguments.play_all_albums, arguments.play_all_trials,
                                                       arguments.play_all_launches)
        command = invocation("bench/playback.py", argv)
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
