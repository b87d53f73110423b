#!/usr/bin/env python3
"""BlueLibrary's benchmark driver; run it through bench/run (which builds, then calls this
under xvfb-run).

Three parts:

* Time to first frame, until visually complete, and peak memory, measured from outside: the
  release binary (`<bin-dir>/bluelibrary`) is launched on libraries of several sizes (5,
  10,000 and 100,000 albums by default, in its SQLite database, covers of the first and last
  300 albums already in the cover cache) with BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1, so it
  quits right after its first frame with the covers on screen in place, and
  BLUELIBRARY_FIRST_PAINT_FILE, where it writes when its very first frame was painted; the
  time from spawn to that first frame, the wall time from spawn to exit (visually complete)
  and the peak resident memory (ru_maxrss) are compared with two programs in C that do the
  same: a minimal GTK 4 window
  (`.build/bench/baseline`, from bench/baseline.c), and the app's window written by hand
  (`.build/bench/equivalent`, from bench/equivalent.c, with libadwaita as the app is),
  launched on as many albums as the app, with the same covers. Rounds are interleaved, in a
  rotating order, after one warm-up round.

* In-process figures: if `bluelibrary-bench` exists (built by bench/run in release mode into
  `.build/release/`; see --inprocess-binary), it is run once; each line of
  its standard output that is a JSON object with "section" and "name" is one result,
  rendered in one table per section. Then the C window does the same interactions on as
  many albums (bench/equivalent-interactions.c), with the run's renderer and with cairo, and
  a table gives each app figure as a ratio to C's, measured in the same run.

* Import against the peers (issue 57; bench/bluebench/peers.py): generated folders of 2,000
  and 20,000 FLAC tracks (see --peer-tracks) imported into a fresh library by Lollypop,
  BlueLibrary and Rhythmbox in turn, those installed: the time from launch until every album
  and track is in the app's own database, and the app process's peak memory (VmHWM), side by
  side. --skip-peers leaves it out; --peers-only measures only it and replaces only its
  section of the report.

Prints the tables and writes them to bench/RESULTS.md, keeping that file's "## Notes"
section. Standard library only.

The code is the package bench/bluebench/ (one module per part); this file is its entry point.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bluebench.cli import main  # noqa: E402  (the driver: bench/bluebench/)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], __doc__))
