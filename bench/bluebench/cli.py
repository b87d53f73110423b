"""bench.py's command line and main: parses the options, makes the homes, measures, prints
the tables and writes the report (keeping its Notes)."""
import argparse
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from .first_frame import ADW_BASELINE, BASELINE, EQUIVALENT, Target, equivalent_target, measure_first_frames
from .first_frame_tables import (TRACKS_PER_ALBUM, first_frame_table, memory_table, platform_table, tracks_table,
                                 visually_complete_table)
from .homes import make_home, own_peak_mib
from .inprocess import inprocess_sections
from .markdown import command_output, invocation
from .notes import existing_notes
from .paths import ADW_BASELINE_BINARY, BASELINE_BINARY, DEFAULT_OUTPUT, EQUIVALENT_BINARY, INPROCESS_BINARY, REPO_ROOT
from .peers import DEFAULT_PEER_TIMEOUT, DEFAULT_PEER_TRACKS, TITLE as PEERS_TITLE, measure_peers
from .processes import interrupt
from .report import render_report, render_section, replace_section
from .versus_c import versus_c_section

DEFAULT_SIZES = (5, 10_000, 100_000)
DEFAULT_ROUNDS = 7
DEFAULT_TIMEOUT = 60.0
DEFAULT_INPROCESS_TIMEOUT = 600.0


def parse_arguments(argv: list[str], doc: str) -> argparse.Namespace:
    """The command line; see --help (whose description is the first paragraph of doc, the
    docstring of bench/bench.py)."""
    parser = argparse.ArgumentParser(prog="bench/run", description=doc.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help=f"measured rounds after the warm-up (default {DEFAULT_ROUNDS})")
    parser.add_argument("--sizes", default=",".join(str(s) for s in DEFAULT_SIZES),
                        help="library sizes, comma-separated (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help="seconds before a launch counts as a timeout and is killed (default %(default)s)")
    parser.add_argument("--inprocess-timeout", type=float, default=DEFAULT_INPROCESS_TIMEOUT,
                        help="seconds allowed to bluelibrary-bench (default %(default)s)")
    parser.add_argument("--skip-inprocess", nargs="?", const="`--skip-inprocess`", metavar="REASON",
                        help="do not run bluelibrary-bench (the reason goes in the report)")
    parser.add_argument("--bin-dir", type=Path, default=Path(".build/release"),
                        help="folder of the bluelibrary binary, relative to the repository (default %(default)s)")
    parser.add_argument("--baseline", type=Path, default=BASELINE_BINARY.relative_to(REPO_ROOT),
                        help="the baseline binary (default %(default)s)")
    parser.add_argument("--baseline-adw", type=Path, default=ADW_BASELINE_BINARY.relative_to(REPO_ROOT),
                        help="the baseline built with libadwaita (default %(default)s)")
    parser.add_argument("--equivalent", type=Path, default=EQUIVALENT_BINARY.relative_to(REPO_ROOT),
                        help="the C equivalent binary, from bench/equivalent.c (default %(default)s)")
    parser.add_argument("--inprocess-binary", type=Path, default=INPROCESS_BINARY.relative_to(REPO_ROOT),
                        help="the bluelibrary-bench binary (default %(default)s)")
    parser.add_argument("--gsk-renderer", help="GSK_RENDERER for every process (default: GTK's choice)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the report to write (default bench/RESULTS.md)")
    peers = parser.add_mutually_exclusive_group()
    peers.add_argument("--skip-peers", action="store_true",
                       help="leave out the import against the peers (Lollypop, Rhythmbox; issue 57)")
    peers.add_argument("--peers-only", action="store_true",
                       help="measure only the import against the peers (needs only the app built), and replace "
                            "only its section of the report")
    parser.add_argument("--peer-tracks", default=",".join(str(t) for t in DEFAULT_PEER_TRACKS),
                        help="tracks in the peers' folders, comma-separated, 10 an album (default %(default)s)")
    parser.add_argument("--peer-apps", default="lollypop,bluelibrary,rhythmbox",
                        help="the apps that import, comma-separated, of lollypop, bluelibrary and rhythmbox "
                             "(default %(default)s)")
    parser.add_argument("--peer-timeout", type=float, default=DEFAULT_PEER_TIMEOUT,
                        help="seconds an app has to import a folder (default %(default)s)")
    parser.add_argument("--peer-music", type=Path,
                        help="where the peers' folders are made once and kept (default <bin-dir>/../bench/peer-music)")
    arguments = parser.parse_args(argv)
    try:
        arguments.sizes = [int(size.replace("_", "")) for size in arguments.sizes.split(",") if size.strip()]
    except ValueError:
        parser.error("--sizes takes whole numbers separated by commas, e.g. 5,10000,100000")
    if not arguments.sizes or min(arguments.sizes) < 1 or arguments.rounds < 1:
        parser.error("--sizes needs at least one size ≥ 1 and --rounds must be ≥ 1")
    try:
        arguments.peer_tracks = [int(t.replace("_", "")) for t in arguments.peer_tracks.split(",") if t.strip()]
    except ValueError:
        parser.error("--peer-tracks takes whole numbers separated by commas, e.g. 2000,20000")
    if not arguments.peer_tracks or min(arguments.peer_tracks) < 1:
        parser.error("--peer-tracks needs at least one number ≥ 1")
    arguments.peer_apps = {name.strip().lower() for name in arguments.peer_apps.split(",") if name.strip()}
    if not arguments.peer_apps or not arguments.peer_apps <= {"lollypop", "bluelibrary", "rhythmbox"}:
        parser.error("--peer-apps takes names among lollypop, bluelibrary and rhythmbox, separated by commas")
    for name in ("bin_dir", "baseline", "baseline_adw", "equivalent", "inprocess_binary", "output"):  # relative to the repository
        setattr(arguments, name, Path(os.path.abspath(REPO_ROOT / getattr(arguments, name))))
    # Kept between runs beside the builds (.build, or BLUELIBRARY_BENCH_SCRATCH), as the C programs are.
    arguments.peer_music = Path(os.path.abspath(REPO_ROOT / arguments.peer_music)) if arguments.peer_music \
        else arguments.bin_dir.parent / "bench" / "peer-music"
    return arguments


def main(argv: list[str], doc: str) -> int:
    """Measures, prints the tables and writes the report; 1 if something could not run. doc:
    the docstring of bench/bench.py, for --help."""
    arguments = parse_arguments(argv, doc)
    app_binary = arguments.bin_dir / "bluelibrary"
    needed = [app_binary] if arguments.peers_only else [arguments.baseline, arguments.baseline_adw, arguments.equivalent,
                                                          app_binary]
    for binary in needed:
        if not os.access(binary, os.X_OK):
            print(f"bench: {binary} is missing; build it first (bench/run does)", file=sys.stderr)
            return 1
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("bench: no display; run under xvfb-run (bench/run does)", file=sys.stderr)
        return 1

    signal.signal(signal.SIGTERM, interrupt)  # clean up as for Ctrl+C
    scratch = Path(tempfile.mkdtemp(prefix="bluelibrary-bench-"))
    if arguments.peers_only:
        try:
            return peers_only(arguments, argv, app_binary, scratch)
        except KeyboardInterrupt:
            print("\nbench: interrupted", file=sys.stderr)
            return 130
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    try:
        started = command_output(["date", "-u"]) or time.strftime("%c UTC", time.gmtime())
        load_before = os.getloadavg()[0]
        print(f"preparing libraries of {', '.join(f'{s:,}' for s in arguments.sizes)} albums in {scratch}", flush=True)
        baseline = Target(BASELINE, arguments.baseline, make_home(scratch / BASELINE))
        adw_baseline = Target(ADW_BASELINE, arguments.baseline_adw, make_home(scratch / ADW_BASELINE))
        apps = [Target(f"app-{size}", app_binary, make_home(scratch / f"app-{size}", size, app_binary), albums=size)
                for size in arguments.sizes]
        equivalents = [equivalent_target(arguments.equivalent, app, scratch / f"{EQUIVALENT}-{app.albums}") for app in apps]
        # The largest library again, its albums with tracks (1,000,000 at 100,000 albums: issue 57).
        largest = max(apps, key=lambda app: app.albums)
        print(f"  {largest.albums:,} albums with {largest.albums * TRACKS_PER_ALBUM:,} tracks", flush=True)
        tracked = Target(f"app-{largest.albums}-tracks", app_binary,
                         make_home(scratch / f"app-{largest.albums}-tracks", largest.albums, app_binary,
                                   tracks_per_album=TRACKS_PER_ALBUM), albums=largest.albums)
        references = [baseline, *equivalents]
        targets = [baseline, adw_baseline] + [target for pair in zip(apps, equivalents) for target in pair] + [tracked]
        measure_first_frames(targets, arguments.rounds, arguments.timeout, arguments.gsk_renderer)

        floor = own_peak_mib()
        sections = [
            ("Time to first frame", "Time from spawn to the first frame the window paints, covers or not "
             "(its first `after-paint`, which the process writes to `BLUELIBRARY_FIRST_PAINT_FILE` on the "
             "monotonic clock); median of the rounds.",
             first_frame_table(baseline, apps, equivalents)),
            ("Visually complete", "Wall time from spawn to exit, with `BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1`: the "
             "process exits right after the first frame painted with every cover on screen in place (its "
             "cached cover decoded and shown, or its placeholder; the baselines have no covers: their first "
             "frame); median of the rounds.",
             visually_complete_table(baseline, apps, equivalents)),
            ("Peak memory", f"`ru_maxrss` of the process (from `wait4`), median of the rounds (the driver's own "
             f"peak, {floor:.0f} MiB, is the lowest figure it can see).", memory_table(baseline, apps, equivalents)),
            ("A library with its tracks (issue 57)", f"The largest library again, each album with {TRACKS_PER_ALBUM} "
             "tracks in the database (as an import of music folders leaves them), launched in the same rounds "
             "as the one without tracks; time to the first frame, wall time until visually complete (the "
             "goal's) and `ru_maxrss`, medians.",
             tracks_table(largest, tracked)),
            ("What libadwaita itself costs", "The baseline window from GTK alone and the same window from "
             "libadwaita (`AdwApplication`, `AdwApplicationWindow`, `AdwHeaderBar`: its style sheet and style "
             "manager), launched in the same rounds; medians.", platform_table(baseline, adw_baseline)),
        ]
        notes = []
        if any(run.max_rss_kib / 1024 <= floor + 1 for target in targets for run in target.runs):
            notes.append(f"Some peak memory figures are the driver's own peak ({floor:.0f} MiB), not the app's.")
        inprocess, problems, results = inprocess_sections(arguments, scratch / "inprocess")
        sections += inprocess
        notes += problems
        if results:
            # The C window's covers come from the app's largest library's cache.
            versus, problems = versus_c_section(arguments.equivalent, largest.home.cover_folder, scratch / "versus-c",
                                                arguments.gsk_renderer, results, arguments.inprocess_timeout)
            sections += versus
            notes += problems

        peers_failed = False
        if not arguments.skip_peers:
            section, peers_failed = measure_peers(arguments, app_binary, scratch / "peers")
            sections.append(section)

        load = (load_before, os.getloadavg()[0])
        if load_before > 0.5:
            notes.append(f"The machine was not idle when the benchmark started (load average {load_before:.2f}): "
                         "the figures may be noisier or slower than usual.")
        report = render_report(arguments, invocation("bench/bench.py", argv), started, load, sections, notes)
        print()
        print(report)
        arguments.output.parent.mkdir(parents=True, exist_ok=True)
        arguments.output.write_text(report + "\n" + existing_notes(arguments.output), encoding="utf-8")
        print(f"written: {arguments.output}")
        return 0 if not any(reference.failure for reference in references) and not peers_failed else 1
    except KeyboardInterrupt:
        print("\nbench: interrupted", file=sys.stderr)
        return 130
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def peers_only(arguments: argparse.Namespace, argv: list[str], app_binary: Path, scratch: Path) -> int:
    """--peers-only: measures the import against the peers and puts its section in the
    report in place of the one there (the rest of the report is kept); 1 if an app failed."""
    started = command_output(["date", "-u"]) or time.strftime("%c UTC", time.gmtime())
    (title, description, rows, notes), failed = measure_peers(arguments, app_binary, scratch / "peers")
    description = f"Measured alone on {started} (`{invocation('bench/bench.py', argv)}`). " + description
    section = render_section(title, description, rows, notes)
    print()
    print(section)
    replace_section(arguments.output, PEERS_TITLE, section)
    print(f"written: {arguments.output} (its section “{PEERS_TITLE}”)")
    return 1 if failed else 0
