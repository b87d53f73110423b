#!/usr/bin/env python3
"""BlueLibrary's playback benchmark (issue 27); bench/run calls it under xvfb-run after the
other benchmarks, or run it alone once the release app is built:

    swift build -c release --product bluelibrary
    swift build -c release --product bluelibrary-tag-reader
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
5. resident memory (VmRSS) at the start of each track of a 20-track album;
6. Play All at 100,000 albums of 10 tracks (issue 53, bench/bluebench/playback/play_all.py):
   Shift+Ctrl+P to sound, the stalls meanwhile, memory, reordering the queue of 1,000,000
   tracks, the size of state.json with it and the first frame of a launch that restores it
   (--play-all-only measures only this and prints it; --play-all-albums 0 leaves it out).

It prints a table and writes it into bench/RESULTS.md, between the markers of the
"Playback (issue 27)" part of its Notes (made at the top of the Notes if missing); the rest of
the file is kept. Standard library only (with ffmpeg, pulseaudio, parec, pactl, dbus-daemon,
gdbus and xdotool from `scripts/install-dependencies --tests`, and libX11/libXtst).

The code is the package bench/bluebench/playback/ (one module per part); this file is its
entry point.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bluebench.playback.cli import main  # noqa: E402  (the benchmark: bench/bluebench/playback/)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
