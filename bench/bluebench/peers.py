"""Import against the peers (issue 57, item 5): the same generated folders of FLAC albums
imported into a fresh library by Lollypop, by BlueLibrary and by Rhythmbox, one after the
other, each on a private home, bus and settings; the time from launch until every album is in
its library and the peak memory of its process, in one table (see peer_apps for how each
app's end of import is seen)."""
import argparse
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from .homes import Home, home_environment, make_home
from .markdown import command_output, verdict
from .peer_apps import BlueLibrary, Lollypop, PeerApp, Rhythmbox, output_reader
from .peer_music import TRACKS_PER_ALBUM, MusicFolder, music_folder
from .playback.bus import SessionBus

DEFAULT_PEER_TRACKS = (2_000, 20_000)
DEFAULT_PEER_TIMEOUT = 600.0
# How often the databases (and the app's VmHWM) are read: every POLL_INTERVAL s, or once the
# import has taken longer, every POLL_FRACTION of the time so far (up to POLL_INTERVAL_MAX),
# which bounds the error to that fraction and reads a database that an app must wait for to
# commit (Lollypop's) less often. The helpers' memory every HELPER_POLLS polls (it walks /proc).
POLL_INTERVAL = 0.05
POLL_FRACTION = 0.005
POLL_INTERVAL_MAX = 1.0
HELPER_POLLS = 4
# The goal (issue 57): at this many tracks, BlueLibrary at least this many times faster than
# Lollypop, with less peak memory.
GOAL_TRACKS = 20_000
GOAL_SPEED_RATIO = 10.0
TITLE = "Import against the peers (issue 57)"


@dataclass
class PeerRun:
    """One app's import of one folder: when everything was in, its peak memory, or why not."""

    app: str
    music: MusicFolder
    seconds: float | None = None
    peak_kib: int = 0  # VmHWM of the app's process
    helpers_kib: int = 0  # the processes it started: each one's VmHWM, summed
    helpers: int = 0
    failure: str | None = None
    remark: str | None = None
    load: float = 0.0  # load average (1 min) at its launch
    helper_names: list[str] = field(default_factory=list)


def vm_hwm_kib(pid: int) -> int:
    """VmHWM of pid (its peak resident size) in KiB; 0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def group_members(group: int) -> list[int]:
    """The processes of a process group (the app started in its own session leads it), the
    leader excepted: the helpers it started, which stay in its group."""
    members = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == group:
            continue
        try:
            fields = Path(f"/proc/{entry.name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # pgrp
            members.append(int(entry.name))
    return members


def command_name(pid: int) -> str:
    """The name of pid's program (its comm), "?" once it is gone."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return "?"


def warm_page_cache(music: MusicFolder) -> None:
    """Reads every file of the folder once, so that no app pays for the disk the others do not."""
    for folder, _, files in os.walk(music.root):
        for name in files:
            with open(os.path.join(folder, name), "rb") as file:
                while file.read(1 << 20):
                    pass


def gstreamer_registry(file: Path) -> Path:
    """GStreamer's registry of its plugins, made once into file (by gst-inspect-1.0), to be
    given to every launch (see home_gstreamer_registry)."""
    if not file.exists():
        subprocess.run(["gst-inspect-1.0", "flacparse"], env={**os.environ, "GST_REGISTRY_1_0": str(file)},
                       capture_output=True, timeout=300)
    return file


def home_gstreamer_registry(registry: Path, home: Home, env: dict[str, str]) -> None:
    """Gives home a GStreamer registry up to date, as a user's first launch of a music player
    finds it, made by whatever used GStreamer before (it is the user's, not the app's);
    otherwise every launch would first have all the plugins scanned by gst-plugin-scanner.
    A copy of registry, brought up to date in env (libvisual's entry depends on HOME)."""
    own = home.cache / "gstreamer-1.0" / "registry.bin"
    own.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(registry, own)
    env["GST_REGISTRY_1_0"] = str(own)
    subprocess.run(["gst-inspect-1.0", "flacparse"], env=env, capture_output=True, timeout=300)


def measure_import(app: PeerApp, music: MusicFolder, root: Path, timeout: float, registry: Path) -> PeerRun:
    """Launches app on a fresh home under root (its own bus, GSettings in a keyfile, cairo, no
    accessibility bus, a GStreamer registry from registry) to import music; polls until it has
    imported everything (then reads its peak memory and ends it), it exits, or timeout seconds
    pass."""
    home = make_home(root)
    run = PeerRun(app=app.name, music=music)
    bus = SessionBus()
    env = home_environment(home)
    env.update({"GTK_A11Y": "none", "NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo", "GSETTINGS_BACKEND": "keyfile",
                "DBUS_SESSION_BUS_ADDRESS": bus.address})
    process = None
    try:
        home_gstreamer_registry(registry, home, env)
        app.prepare(home, music, env)
        warm_page_cache(music)
        app.output_lines.clear()
        run.load = os.getloadavg()[0]
        log = open(home.root / "output.log", "wb")  # what Lollypop's finish reads
        try:
            start = time.perf_counter()
            process = subprocess.Popen(app.argv(music), env=env, cwd=home.root, stdin=subprocess.DEVNULL,
                                       stdout=log, stderr=subprocess.PIPE if app.reads_output() else log,
                                       start_new_session=True,
                                       **({"text": True, "errors": "replace"} if app.reads_output() else {}))
        finally:
            log.close()
        if app.reads_output():
            output_reader(app, process.stderr)
        helper_peaks: dict[int, int] = {}
        helper_names: dict[int, str] = {}
        polls = 0
        while True:
            done = app.done_at(home, music)
            if polls % HELPER_POLLS == 0 or done is not None:
                for pid in group_members(process.pid):
                    helper_peaks[pid] = max(helper_peaks.get(pid, 0), vm_hwm_kib(pid))
                    if pid not in helper_names:
                        helper_names[pid] = command_name(pid)
            run.peak_kib = max(run.peak_kib, vm_hwm_kib(process.pid))
            if done is not None:
                run.seconds = done - start
                break
            if process.poll() is not None:
                run.failure = f"exited with {process.returncode} before importing everything"
                break
            if time.perf_counter() - start > timeout:
                run.failure = f"timeout ({timeout:g} s)"
                break
            polls += 1
            time.sleep(min(POLL_INTERVAL_MAX, max(POLL_INTERVAL, (time.perf_counter() - start) * POLL_FRACTION)))
        run.helpers, run.helpers_kib = len(helper_peaks), sum(helper_peaks.values())
        run.helper_names = sorted(set(helper_names.values()))
        if run.seconds is not None:
            run.failure, run.remark = app.finish(process, env, home, music)
            if run.failure:
                run.seconds = None
    finally:
        if process is not None:
            try:
                os.killpg(process.pid, signal.SIGKILL)  # the app and the helpers it left
            except ProcessLookupError:
                pass
            process.wait()
        bus.stop()
    return run


def peer_apps(app_binary: Path) -> list[PeerApp]:
    """The apps, in the order they import each folder."""
    return [Lollypop(name="Lollypop", package="lollypop"), BlueLibrary(name="BlueLibrary", package=None, binary=app_binary),
            Rhythmbox(name="Rhythmbox", package="rhythmbox")]


def version(app: PeerApp) -> str:
    """The installed Debian version of app's package ("" for ours)."""
    if app.package is None:
        return ""
    return command_output(["dpkg-query", "-W", "-f=${Version}", app.package]) or "?"


def measure_peers(arguments: argparse.Namespace, app_binary: Path, scratch: Path) -> tuple[tuple, bool]:
    """Makes (or reuses) the folders and has every installed app import each; returns the
    report section (title, description, rows, its notes) and whether an import failed."""
    apps = [app for app in peer_apps(app_binary) if app.name.lower() in arguments.peer_apps]
    notes = [f"{app.name} is not installed (Debian `{app.package}`): skipped." for app in apps
             if app.package and not app.available()]
    installed = [app for app in apps if app.available()]
    print(f"peers: {', '.join(app.name for app in installed)} importing "
          f"{', '.join(f'{tracks:,}' for tracks in arguments.peer_tracks)} tracks", flush=True)
    folders = [music_folder(arguments.peer_music, tracks) for tracks in arguments.peer_tracks]
    scratch.mkdir(parents=True, exist_ok=True)
    registry = gstreamer_registry(scratch / "gstreamer-registry.bin")
    load_before = os.getloadavg()[0]
    runs: dict[tuple[str, int], PeerRun] = {}
    for music in folders:
        for app in installed:
            run = measure_import(app, music, scratch / f"{app.name.lower()}-{music.tracks}", arguments.peer_timeout,
                                 registry)
            runs[(app.name, music.tracks)] = run
            shown = f"{run.seconds:.2f} s" if run.seconds is not None else run.failure
            print(f"  {music.tracks:,} tracks, {app.name}: {shown}, peak {run.peak_kib / 1024:.1f} MiB"
                  + (f" (+{run.helpers_kib / 1024:.1f} MiB in {run.helpers} helpers: {', '.join(run.helper_names)})"
                     if run.helpers else ""), flush=True)
            if run.remark:
                notes.append(f"{app.name}, {music.tracks:,} tracks: {run.remark}.")
            if run.failure:
                notes.append(f"{app.name}, {music.tracks:,} tracks: {run.failure}.")
    load = (load_before, os.getloadavg()[0])
    failed = any(run.failure for run in runs.values())
    return (TITLE, peers_description(apps, load), peers_table(apps, folders, runs), notes), failed


def peers_description(apps: list[PeerApp], load: tuple[float, float]) -> str:
    """The section's method text."""
    versions = ", ".join(f"{app.name} {version(app)}" for app in apps if app.package and app.available())
    return (f"The same generated folders (FLAC tracks of one second, {TRACKS_PER_ALBUM} a folder, tagged ARTIST, "
            "ALBUM, TITLE, TRACKNUMBER, DATE and GENRE, each folder with a cover.jpg; read once before each launch so "
            "that none pays for the disk) imported into a fresh library by each app in turn, on a private home, "
            "D-Bus session bus and GSettings (keyfile backend), `GSK_RENDERER=cairo`, `GTK_A11Y=none`, "
            "`NO_AT_BRIDGE=1`, and a GStreamer registry made beforehand (a user's is there before any music "
            f"player's first launch){'; ' + versions if versions else ''}. "
            "**Time**: from the launch until every album and every track is in the app's own database (BlueLibrary "
            "is given the folder on its command line; Lollypop scans the folder of its `music-uris`, network "
            "access off; both polled read-only every "
            f"{POLL_INTERVAL * 1000:.0f} ms, or {POLL_FRACTION:.1%} of the time so far when that is longer, the tracks "
            "counted once the albums are all there; Lollypop's database, which has no write-ahead log, without "
            "SQLite's lock, which would hold up its commits, then confirmed with it); Rhythmbox writes its database only at quit, so its time is when its "
            "first-launch import job of the user's music folder says it is complete (its debug output), and "
            "`rhythmbox-client --quit` then has it write rhythmdb.xml, which is checked to hold every track and "
            "album. **Memory**: the app process's VmHWM (peak resident size) once everything is in; (+N): the "
            "helper processes it started (BlueLibrary's tag readers, Rhythmbox's metadata reader), each one's "
            f"peak, summed. One launch each; load average (1 min) {load[0]:.2f} at the start, {load[1]:.2f} at "
            "the end.")


def peers_table(apps: list[PeerApp], folders: list[MusicFolder], runs: dict[tuple[str, int], PeerRun]) -> list[list[str]]:
    """Rows (the first is the header): one per folder, each app's time and peak memory side by
    side, Lollypop's as a multiple of BlueLibrary's, and the goal."""
    names = [app.name for app in apps]
    header = ["tracks (albums)"]
    for name in names:
        header += [f"{name} (s)", f"{name} peak (MiB)"]
    header += ["Lollypop ÷ BlueLibrary: time", "memory (helpers in)", "goal", "status"]
    rows = [header]
    for music in folders:
        row = [f"{music.tracks:,} ({music.albums:,})"]
        for app in apps:
            run = runs.get((app.name, music.tracks))
            if run is None:
                row += ["not installed", "—"]
                continue
            row.append(f"{run.seconds:.2f}" if run.seconds is not None else run.failure or "—")
            row.append(f"{run.peak_kib / 1024:.1f}" + (f" (+{run.helpers_kib / 1024:.1f})" if run.helpers else "")
                       if run.peak_kib else "—")
        ours, theirs = runs.get(("BlueLibrary", music.tracks)), runs.get(("Lollypop", music.tracks))
        both = ours is not None and theirs is not None and ours.seconds and theirs.seconds
        speed = theirs.seconds / ours.seconds if both else None
        # Memory with the helpers: what the import took in all.
        memory = (theirs.peak_kib + theirs.helpers_kib) / (ours.peak_kib + ours.helpers_kib) if both and ours.peak_kib else None
        row += [f"{speed:.1f}×" if speed else "—", f"{memory:.2f}×" if memory else "—"]
        if music.tracks == GOAL_TRACKS:
            row.append(f"≥ {GOAL_SPEED_RATIO:g}× faster, less memory")
            row.append(verdict(speed >= GOAL_SPEED_RATIO and memory > 1) if speed and memory else
                       ("missed" if ours is None or not ours.seconds else "—"))
        else:
            row += ["—", "—"]
        rows.append(row)
    return rows
