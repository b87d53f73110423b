#!/usr/bin/env python3
"""BlueLibrary's benchmark driver; run it through bench/run (which builds, then calls this
under xvfb-run).

Two parts:

* Time to first frame and peak memory, measured from outside: the release binary
  (`<bin-dir>/bluelibrary`) is launched on libraries of several sizes (5, 10,000 and 100,000
  albums by default, in its SQLite database, covers of the first and last 300 albums
  already in the cover cache) with BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1, so it quits right
  after its first frame; the wall time from spawn to exit and the peak resident memory
  (ru_maxrss) are compared with two programs in C that do the same: a minimal GTK 4 window
  (`.build/bench/baseline`, from bench/baseline.c), and the app's window written by hand
  (`.build/bench/equivalent`, from bench/equivalent.c), launched on as many albums as the
  app, with the same covers. Rounds are interleaved, in a rotating order, after one warm-up
  round.

* In-process figures: if `bluelibrary-bench` exists (built by bench/run in release mode into
  `.build/release/`; see --inprocess-binary), it is run once; each line of
  its standard output that is a JSON object with "section" and "name" is one result,
  rendered in one table per section.

Prints the tables and writes them to bench/RESULTS.md, keeping that file's "## Notes"
section. Standard library only.
"""
import argparse
import json
import multiprocessing
import os
import resource
import shlex
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
BASELINE_BINARY = REPO_ROOT / ".build" / "bench" / "baseline"
# The same window from libadwaita (bench/baseline.c built with -DBASELINE_LIBADWAITA).
ADW_BASELINE_BINARY = REPO_ROOT / ".build" / "bench" / "baseline-adw"
EQUIVALENT_BINARY = REPO_ROOT / ".build" / "bench" / "equivalent"
# A plain release build, next to the app's (see bench/run).
INPROCESS_BINARY = REPO_ROOT / ".build" / "release" / "bluelibrary-bench"
FIXTURES = REPO_ROOT / "Fixtures"
sys.path.insert(0, str(FIXTURES))
from png import png  # noqa: E402  (the fixtures' one PNG maker)
DEFAULT_OUTPUT = REPO_ROOT / "bench" / "RESULTS.md"
DEFAULT_SIZES = (5, 10_000, 100_000)
DEFAULT_ROUNDS = 7
DEFAULT_TIMEOUT = 60.0
DEFAULT_INPROCESS_TIMEOUT = 600.0
# Seconds allowed to the launch that imports a home's albums.json into its database once,
# while the homes are made.
LIBRARY_IMPORT_TIMEOUT = 600.0

# Nothing listens on port 9 (discard): a cover missing from the cache fails at once.
COVER_URL = "http://127.0.0.1:9/cover/{index}.png"
CACHED_COVERS_AT_EACH_END = 300  # the first and the last albums have their cover cached
COVER_EDGE = 288  # pixels: AlbumView.coverSize (144) at 2x
GENRES = ("Pop", "Rock", "Jazz", "Electronic", "Classical", "Folk", "Hip-Hop", "Soundtrack")

# Goals: time to first frame as a ratio of the C equivalent's on as many albums, per library
# size; peak memory as MiB above the equivalent's.
FIRST_FRAME_GOALS = {5: 1.2, 100_000: 1.2}
MEMORY_GOALS = {100_000: 30.0}

EXIT_AFTER_FIRST_FRAME = "BLUELIBRARY_EXIT_AFTER_FIRST_FRAME"
BASELINE = "baseline"
ADW_BASELINE = "baseline-adw"
EQUIVALENT = "equivalent"
# What the app's library folder ($XDG_DATA_HOME/bluelibrary) holds before each launch: the
# database and its daily backup (a fresh backup: the app makes none during the launches).
PRISTINE_LIBRARY_FILES = ("library.sqlite3", "library.sqlite3.backup")
NOTES_HEADING = "## Notes"
NOTES_PLACEHOLDER = "<!-- notes -->"
# Preferred column order of the in-process tables; other fields follow in order of appearance.
INPROCESS_COLUMNS = ("name", "value", "unit", "median", "mean", "min", "p99", "max", "count", "goal", "met")


# MARK: - Homes and libraries


@dataclass
class Home:
    """A private home folder: XDG data, state, cache and config folders for one target."""

    root: Path
    albums: int = 0  # 0: no library (the baselines, the in-process bench)
    pristine_library: Path | None = None  # a copy of the library folder's PRISTINE_LIBRARY_FILES

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def state(self) -> Path:
        return self.root / "state"

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def config(self) -> Path:
        return self.root / "config"

    @property
    def library_folder(self) -> Path:
        """The app's data folder: library.sqlite3 (the library), its backup, its lock."""
        return self.data / "bluelibrary"

    @property
    def database_file(self) -> Path:
        return self.library_folder / "library.sqlite3"

    @property
    def legacy_library_file(self) -> Path:
        """albums.json, the library of the versions before the database: the app imports it
        on a first run (renaming it), which is how a home's database is made."""
        return self.library_folder / "albums.json"

    @property
    def cover_folder(self) -> Path:
        return self.cache / "bluelibrary" / "covers"

    def environment(self) -> dict[str, str]:
        """The variables that point the app (and GTK) at this home."""
        return {
            "HOME": str(self.root),
            "XDG_DATA_HOME": str(self.data),
            "XDG_STATE_HOME": str(self.state),
            "XDG_CACHE_HOME": str(self.cache),
            "XDG_CONFIG_HOME": str(self.config),
        }


def make_home(root: Path, albums: int = 0, app_binary: Path | None = None,
              timeout: float = LIBRARY_IMPORT_TIMEOUT) -> Home:
    """Creates a home under root; with albums > 0, makes the app's library of that many
    albums (see make_library, which needs app_binary) and fills the cover cache for the
    first and last CACHED_COVERS_AT_EACH_END of them.

    albums.json is written in a forked child so that this process stays small: a process we
    spawn starts with our peak resident size as its ru_maxrss (the kernel carries the
    spawning memory's high-water mark over exec), which must stay far below any GTK app's."""
    home = Home(root=root, albums=albums)
    for folder in (home.data, home.state, home.cache, home.config):
        folder.mkdir(parents=True, exist_ok=True)
    if albums > 0:
        if app_binary is None:
            raise ValueError("a home with a library needs the app binary to make its database")
        child = multiprocessing.get_context("fork").Process(target=write_library, args=(home,))
        child.start()
        child.join()
        if child.exitcode != 0:
            raise RuntimeError(f"could not write the library of {albums} albums in {root}")
        make_library(home, app_binary, timeout)
    return home


def write_library(home: Home) -> None:
    """Writes home's albums.json (the format the app imports) and its cover cache."""
    library = album_library(home.albums)
    home.library_folder.mkdir(parents=True, exist_ok=True)
    home.legacy_library_file.write_text(json.dumps(library, ensure_ascii=False, indent=1), encoding="utf-8")
    fill_cover_cache(home.cover_folder, library)


def make_library(home: Home, app_binary: Path, timeout: float) -> None:
    """Has the app import home's albums.json into library.sqlite3, as on a user's first run
    after the move to the database: one launch with BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 opens
    the library (importing albums.json) and exits after its first frame. (`--export` is a pure
    read: it makes no library.) Then keeps the pristine library folder: the database, and a
    copy of it as its backup (the app makes its daily backup at launch when there is none,
    or an old one: not what a usual launch does).

    The launch runs with the launches' environment (base_environment) minus GSK_RENDERER."""
    env = base_environment(home, None)
    env[EXIT_AFTER_FIRST_FRAME] = "1"
    argv = [str(app_binary)]
    print(f"  {home.albums:,} albums: {shown_path(app_binary)} (a first launch imports albums.json)", flush=True)
    try:
        done = subprocess.run(argv, env=env, cwd=home.root, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, encoding="utf-8", errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{shlex.join(argv)} did not end within {timeout:g} s (in {home.root})") from None
    if done.returncode != 0 or not home.database_file.is_file():
        details = (done.stderr or done.stdout).strip()
        raise RuntimeError(f"{shlex.join(argv)} ended with status {done.returncode} and made no "
                           f"{home.database_file.name} in {home.library_folder}" + (f": {details}" if details else ""))
    wal = Path(f"{home.database_file}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        # The database is copied without its WAL: what the WAL holds must be in it first.
        checkpoint_database(home.database_file)
    home.pristine_library = home.root / "pristine-library"
    home.pristine_library.mkdir()
    database, backup = PRISTINE_LIBRARY_FILES
    shutil.copyfile(home.database_file, home.pristine_library / database)
    source = home.library_folder / backup
    shutil.copyfile(source if source.is_file() else home.database_file, home.pristine_library / backup)


def checkpoint_database(database: Path) -> None:
    """Moves the content of database's WAL into it (and removes the WAL), in a forked child
    (see make_home)."""
    def checkpoint() -> None:
        import sqlite3
        connection = sqlite3.connect(database)
        try:
            busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            connection.close()
        sys.exit(1 if busy else 0)

    child = multiprocessing.get_context("fork").Process(target=checkpoint)
    child.start()
    child.join()
    wal = Path(f"{database}-wal")
    if child.exitcode != 0 or (wal.exists() and wal.stat().st_size > 0):
        raise RuntimeError(f"could not move the content of {wal} into {database}")


def own_peak_mib() -> float:
    """This process's peak resident size (VmHWM), in MiB: the floor of every ru_maxrss we
    measure (see make_home)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def restore_home(home: Home) -> None:
    """Puts a home back as make_home left it: no saved state, and the library folder holding
    only fresh copies of the pristine database and backup (no lock, WAL, shared memory,
    renamed or other files). Copied, not linked, since the app writes to them; each copy's
    modification time is now, so the backup is never due. The cover cache is left alone
    (nothing can be downloaded into it)."""
    shutil.rmtree(home.state / "bluelibrary", ignore_errors=True)
    if home.pristine_library is None:
        return
    home.library_folder.mkdir(parents=True, exist_ok=True)
    for entry in home.library_folder.iterdir():
        shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
    for name in PRISTINE_LIBRARY_FILES:
        shutil.copyfile(home.pristine_library / name, home.library_folder / name)


def album_library(count: int) -> list[dict[str, str]]:
    """count albums with distinct titles and artists, in the format of albums.json."""
    digits = max(5, len(str(count - 1)))
    return [
        {
            "title": f"Album {i:0{digits}d}",
            "artist": f"Artist {i:0{digits}d}",
            "genre": GENRES[i % len(GENRES)],
            "coverUrl": COVER_URL.format(index=i),
            "year": str(1950 + i % 75),
        }
        for i in range(count)
    ]


def cached_cover_indices(count: int) -> list[int]:
    """The albums whose cover is in the cache: the first and the last few hundred."""
    ends = CACHED_COVERS_AT_EACH_END
    return sorted(set(range(min(ends, count))) | set(range(max(0, count - ends), count)))


def cached_cover_name(address: str) -> str:
    """The name of a cover's file in the cache, as the app's cover store names it: the
    lowercase hexadecimal SHA-256 of the address's UTF-8 bytes, no extension."""
    return sha256(address.encode("utf-8")).hexdigest()


def fill_cover_cache(folder: Path, library: list[dict[str, str]]) -> None:
    """Writes a real PNG for the cached albums, named as the app's cover store names them."""
    folder.mkdir(parents=True, exist_ok=True)
    for index in cached_cover_indices(len(library)):
        address = library[index]["coverUrl"]
        (folder / cached_cover_name(address)).write_bytes(png(COVER_EDGE, cover_colour(index)))


def link_covers_by_index(app_home: Home, folder: Path) -> None:
    """Gives the C equivalent the covers of app_home's cache: `<index>.png` in folder for
    each cached album, a hard link to the cached file (a copy where links fail)."""
    folder.mkdir(parents=True, exist_ok=True)
    for index in cached_cover_indices(app_home.albums):
        cached = app_home.cover_folder / cached_cover_name(COVER_URL.format(index=index))
        target = folder / f"{index}.png"
        try:
            os.link(cached, target)
        except OSError:
            shutil.copyfile(cached, target)


def cover_colour(index: int) -> bytes:
    """A distinct-looking RGB colour for album index."""
    return bytes(((index * k) + 40) % 256 for k in (37, 91, 53))


def base_environment(home: Home, gsk_renderer: str | None) -> dict[str, str]:
    """The environment of every measured process: ours without BlueLibrary's or GTK's debug
    variables, pointed at home, without accessibility bus or session bus."""
    dropped = ("BLUELIBRARY_", "G_MESSAGES_DEBUG", "GTK_DEBUG", "GDK_DEBUG", "GSK_DEBUG", "GSK_RENDERER")
    env = {key: value for key, value in os.environ.items() if not key.startswith(dropped)}
    env.update(home.environment())
    env.update({"GTK_A11Y": "none", "DBUS_SESSION_BUS_ADDRESS": "disabled:", "NO_AT_BRIDGE": "1"})
    if gsk_renderer:
        env["GSK_RENDERER"] = gsk_renderer
    return env


# MARK: - Running processes


@dataclass
class Run:
    """How one process ended: its wall time, peak resident memory and exit status."""

    seconds: float
    max_rss_kib: int
    status: int  # exit code, or -signal
    timed_out: bool

    @property
    def ok(self) -> bool:
        return self.status == 0 and not self.timed_out


class ProcessGroupKiller:
    """Kills a child's process group after a timeout, never after the child has been reaped
    (its pid could belong to someone else by then)."""

    def __init__(self, pid: int, timeout: float):
        self.pid = pid
        self.timed_out = False
        self.lock = threading.Lock()
        self.reaped = False
        self.timer = threading.Timer(timeout, self.expire)
        self.timer.daemon = True

    def start(self) -> None:
        self.timer.start()

    def expire(self) -> None:
        """The timeout: kills the whole group if the child is still there."""
        with self.lock:
            if not self.reaped:
                self.timed_out = True
                self.kill()

    def kill(self) -> None:
        """SIGKILL to the child's group (the child is its leader, started with setsid)."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def abandon(self) -> None:
        """Kills the child's group and reaps the child (after an interruption)."""
        with self.lock:
            if self.reaped:
                return
            self.kill()
        self.reap()

    def reap(self) -> tuple[int, resource.struct_rusage]:
        """Waits for the child to end, kills what it left in its group, and reaps it;
        returns its wait status and resource usage. Safe to call after a KeyboardInterrupt."""
        os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOWAIT)  # ended; the pid stays ours
        with self.lock:
            self.timer.cancel()
            self.kill()  # stray grandchildren, if any
            self.reaped = True
            _, status, usage = os.wait4(self.pid, 0)
        return status, usage


def exit_status(wait_status: int) -> int:
    """The exit code of a wait status, or minus the signal that killed the process."""
    if os.WIFSIGNALED(wait_status):
        return -os.WTERMSIG(wait_status)
    return os.WEXITSTATUS(wait_status)


def timed_run(argv: list[str], env: dict[str, str], timeout: float) -> Run:
    """Runs argv with its standard streams on /dev/null, in its own session; returns the
    wall time from just before the spawn to its exit, and its ru_maxrss (KiB)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, fd) for fd in (0, 1, 2)]
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=True)
    finally:
        os.close(devnull)
    killer = ProcessGroupKiller(pid, timeout)
    killer.start()
    try:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        seconds = time.perf_counter() - start
    except BaseException:  # Ctrl+C: leave nothing running
        killer.abandon()
        raise
    status, usage = killer.reap()
    return Run(seconds=seconds, max_rss_kib=usage.ru_maxrss, status=exit_status(status), timed_out=killer.timed_out)


def streamed_run(argv: list[str], env: dict[str, str], cwd: Path, timeout: float) -> tuple[list[str], Run]:
    """Runs argv in its own session with stdin on /dev/null, stderr passed through, and
    returns the lines of its stdout (echoing none) and how it ended."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               text=True, encoding="utf-8", errors="replace", start_new_session=True)
    killer = ProcessGroupKiller(process.pid, timeout)
    killer.start()
    lines = []
    try:
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
    except BaseException:  # Ctrl+C: leave nothing running
        killer.abandon()
        raise
    finally:
        process.stdout.close()
    status, usage = killer.reap()
    process.returncode = exit_status(status)  # reaped here, not by Popen
    seconds = time.perf_counter() - start
    return lines, Run(seconds=seconds, max_rss_kib=usage.ru_maxrss, status=process.returncode, timed_out=killer.timed_out)


# MARK: - Time to first frame and memory


@dataclass
class Target:
    """One thing launched in the first-frame rounds: the baseline, the app on a library, or
    the C equivalent on as many albums."""

    label: str
    binary: Path
    home: Home
    albums: int = 0  # the size of the library it shows
    arguments: list[str] = field(default_factory=list)  # after the binary
    runs: list[Run] = field(default_factory=list)
    failure: str | None = None  # why it stopped being run ("timeout", "exit 1"…)


def equivalent_target(binary: Path, app: Target, root: Path) -> Target:
    """The C equivalent on as many albums as app: a home of its own under root, without a
    library, and the covers of app's cache as `<index>.png` (`equivalent ALBUMS COVER_FOLDER`)."""
    home = make_home(root)
    covers = home.cache / EQUIVALENT / "covers"
    link_covers_by_index(app.home, covers)
    return Target(f"{EQUIVALENT}-{app.albums}", binary, home, albums=app.albums, arguments=[str(app.albums), str(covers)])


def describe_failure(run: Run, timeout: float) -> str:
    """A short reason for a run that did not end as it should."""
    if run.timed_out:
        return f"timeout ({timeout:g} s)"
    if run.status < 0:
        return f"killed by signal {-run.status}"
    return f"exit {run.status}"


def measure_first_frames(targets: list[Target], rounds: int, timeout: float, gsk_renderer: str | None) -> None:
    """Runs one warm-up round and `rounds` measured rounds; in each, every target once, in an
    order rotated by one each round. A target that fails (times out, exits non-zero) is
    not run again; its failed run is kept for its peak memory."""
    for round_index in range(rounds + 1):
        warm_up = round_index == 0
        shift = round_index % len(targets)
        order = targets[shift:] + targets[:shift]
        print(f"{'warm-up' if warm_up else f'round {round_index}/{rounds}'}:", end="", flush=True)
        for position, target in enumerate(t for t in order if not t.failure):
            restore_home(target.home)
            env = base_environment(target.home, gsk_renderer)
            env[EXIT_AFTER_FIRST_FRAME] = "1"
            run = timed_run([str(target.binary), *target.arguments], env, timeout)
            if not run.ok:
                target.failure = describe_failure(run, timeout)
                target.runs.append(run)  # still tells its peak memory
                outcome = target.failure
            else:
                if not warm_up:
                    target.runs.append(run)
                outcome = f"{run.seconds * 1000:.0f} ms {run.max_rss_kib / 1024:.0f} MiB"
            print(f"{',' if position else ''} {target.label} {outcome}", end="", flush=True)
        print(flush=True)


def median_seconds(target: Target) -> float | None:
    """The median wall time of a target's runs, None if it failed."""
    return None if target.failure or not target.runs else statistics.median(r.seconds for r in target.runs)


def median_mib(target: Target) -> float | None:
    """The median peak memory of a target's runs, in MiB (also for a failed run)."""
    return statistics.median(r.max_rss_kib for r in target.runs) / 1024 if target.runs else None


def verdict(met: bool) -> str:
    """The goal column's word."""
    return "met" if met else "missed"


def ratio_text(value: float | None, reference: float | None) -> str:
    """value / reference, as "1.23×"; "—" without both."""
    return f"{value / reference:.2f}×" if value is not None and reference else "—"


def first_frame_table(baseline: Target, apps: list[Target], equivalents: list[Target]) -> list[list[str]]:
    """Rows of the time-to-first-frame table (the first row is the header): each app target
    against the baseline and against the equivalent of its size (equivalents[i] for apps[i]);
    the goal is against the equivalent."""
    rows = [["albums", "baseline (ms)", "equivalent (ms)", "BlueLibrary (ms)", "app min–max (ms)",
             "× baseline", "× equivalent", "goal", "status"]]
    base = median_seconds(baseline)
    for app, equivalent in zip(apps, equivalents, strict=True):
        value = median_seconds(app)
        reference = median_seconds(equivalent)
        limit = FIRST_FRAME_GOALS.get(app.albums)
        goal = f"≤ {limit:g}× equivalent" if limit else "—"
        if value is None:
            spread, status = "—", "missed" if limit else "—"
            shown = app.failure or "no run"
        else:
            seconds = [r.seconds * 1000 for r in app.runs]
            spread = f"{min(seconds):.0f}–{max(seconds):.0f}"
            shown = f"{value * 1000:.0f}"
            status = verdict(value / reference <= limit) if limit and reference else "—"
        rows.append([f"{app.albums:,}",
                     f"{base * 1000:.0f}" if base else baseline.failure or "—",
                     f"{reference * 1000:.0f}" if reference else equivalent.failure or "—",
                     shown, spread, ratio_text(value, base), ratio_text(value, reference), goal, status])
    return rows


def platform_table(baseline: Target, adw_baseline: Target) -> list[list[str]]:
    """Rows of the table of libadwaita's own cost: the GTK baseline, the libadwaita one, and
    the difference, in time to first frame and peak memory."""
    rows = [["window", "first frame (ms)", "peak memory (MiB)"]]
    plain, adw = median_seconds(baseline), median_seconds(adw_baseline)
    plain_mib, adw_mib = median_mib(baseline), median_mib(adw_baseline)

    def shown(value: float | None, scale: float, target: Target, digits: int) -> str:
        return f"{value * scale:.{digits}f}" if value is not None else target.failure or "—"

    rows.append(["GTK 4 alone (`bench/baseline.c`)", shown(plain, 1000, baseline, 0), shown(plain_mib, 1, baseline, 1)])
    rows.append(["libadwaita 1.2 (`-DBASELINE_LIBADWAITA`)", shown(adw, 1000, adw_baseline, 0), shown(adw_mib, 1, adw_baseline, 1)])
    difference = f"{(adw - plain) * 1000:+.0f}" if adw is not None and plain is not None else "—"
    memory = f"{adw_mib - plain_mib:+.1f}" if adw_mib is not None and plain_mib is not None else "—"
    rows.append(["libadwaita − GTK alone", difference, memory])
    return rows


def memory_table(baseline: Target, apps: list[Target], equivalents: list[Target]) -> list[list[str]]:
    """Rows of the peak-memory table (the first row is the header): each app target against
    the baseline and against the equivalent of its size (equivalents[i] for apps[i]); the
    goal is against the equivalent. A failed run still tells its peak (marked so)."""
    rows = [["albums", "baseline (MiB)", "equivalent (MiB)", "BlueLibrary (MiB)", "× baseline", "× equivalent",
             "app − baseline (MiB)", "app − equivalent (MiB)", "goal", "status"]]

    def shown(target: Target, mib: float | None) -> str:
        killed = f" ({target.failure})" if target.failure else ""
        return f"{mib:.1f}{killed}" if mib is not None else target.failure or "—"

    def difference(value: float | None, reference: float | None) -> str:
        return f"{value - reference:+.1f}" if value is not None and reference is not None else "—"

    base = median_mib(baseline)
    for app, equivalent in zip(apps, equivalents, strict=True):
        value = median_mib(app)
        reference = median_mib(equivalent)
        limit = MEMORY_GOALS.get(app.albums)
        goal = f"≤ equivalent + {limit:g} MiB" if limit else "—"
        if not limit:
            status = "—"
        elif value is None:
            status = "missed"
        else:
            status = verdict(value - reference <= limit) if reference is not None else "—"
        rows.append([f"{app.albums:,}", shown(baseline, base), shown(equivalent, reference), shown(app, value),
                     ratio_text(value, base), ratio_text(value, reference),
                     difference(value, base), difference(value, reference), goal, status])
    return rows


# MARK: - In-process figures


def run_inprocess_bench(binary: Path, scratch: Path, timeout: float, gsk_renderer: str | None) -> tuple[list[dict], str | None]:
    """Runs the in-process bench on a fresh home; returns its JSON results, and a note if
    it did not end well. Lines of its stdout that are not JSON objects go to our stderr."""
    home = make_home(scratch)
    env = base_environment(home, gsk_renderer)
    print(f"in-process: {shown_path(binary)} (up to {timeout:g} s)", flush=True)
    lines, run = streamed_run([str(binary)], env, REPO_ROOT, timeout)
    results = []
    for line in lines:
        try:
            result = json.loads(line)
        except json.JSONDecodeError:
            result = None
        if isinstance(result, dict) and "section" in result and "name" in result:
            results.append(result)
        elif line.strip():
            print(line, file=sys.stderr)
    note = None if run.ok else f"bluelibrary-bench ended with {describe_failure(run, timeout)} after {run.seconds:.0f} s"
    return results, note


def format_cell(value) -> str:
    """A result field as table text: numbers rounded to a sensible precision, `met` as a word."""
    if isinstance(value, bool):
        return verdict(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        magnitude = abs(value)
        if magnitude >= 100:
            return f"{value:,.0f}"
        if magnitude >= 10:
            return f"{value:.1f}"
        if magnitude >= 1:
            return f"{value:.2f}"
        return f"{value:.3f}"
    if value is None:
        return "—"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def inprocess_tables(results: list[dict]) -> list[tuple[str, list[list[str]]]]:
    """One (section, rows) per section, in order of first appearance; the columns are the
    fields present in that section, in INPROCESS_COLUMNS order then in order of appearance."""
    sections: dict[str, list[dict]] = {}
    for result in results:
        sections.setdefault(str(result["section"]), []).append(result)
    tables = []
    for section, items in sections.items():
        present = [key for item in items for key in item if key != "section"]
        columns = [key for key in INPROCESS_COLUMNS if key in present]
        columns += [key for key in dict.fromkeys(present) if key not in columns]
        header = ["status" if key == "met" else key for key in columns]
        rows = [header] + [[format_cell(item.get(key)) for key in columns] for item in items]
        tables.append((section, rows))
    return tables


# MARK: - Report


def markdown_table(rows: list[list[str]]) -> str:
    """A Markdown table, padded so that it also reads well as plain text."""
    rows = [[cell.replace("|", "\\|") for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"

    return "\n".join([line(rows[0]), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows[1:]])


def machine_description() -> list[str]:
    """The machine, as lines: cores (nproc), memory, CPU model, system and GTK versions."""
    def first_value(path: str, key: str) -> str | None:
        try:
            for text in Path(path).read_text().splitlines():
                name, _, value = text.partition(":" if path.startswith("/proc") else "=")
                if name.strip() == key:
                    return value.strip().strip('"')
        except OSError:
            pass
        return None

    memory = first_value("/proc/meminfo", "MemTotal") or "? kB"
    kib = int(memory.split()[0]) if memory.split()[0].isdigit() else 0
    gtk = command_output(["pkg-config", "--modversion", "gtk4"]) or "?"
    return [
        f"- CPU: {first_value('/proc/cpuinfo', 'model name') or 'unknown'}",
        f"- cores (`nproc`): {command_output(['nproc']) or len(os.sched_getaffinity(0))}",
        f"- memory (MemTotal): {kib / 1024 / 1024:.1f} GiB ({memory})",
        f"- system: {first_value('/etc/os-release', 'PRETTY_NAME') or 'unknown'}, kernel {os.uname().release}, GTK {gtk}",
    ]


def shown_path(path: Path) -> Path:
    """path relative to the repository when it is inside it."""
    return path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path


def command_output(argv: list[str]) -> str | None:
    """The stripped stdout of a short command, None if it cannot run."""
    try:
        return subprocess.run(argv, capture_output=True, text=True, check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


def existing_notes(output: Path) -> str:
    """Everything from the `## Notes` line to the end of an existing report, or a fresh
    Notes section with its placeholder."""
    try:
        lines = output.read_text(encoding="utf-8").splitlines(keepends=True)
    except FileNotFoundError:
        lines = []
    for index, text in enumerate(lines):
        if text.strip() == NOTES_HEADING:
            return "".join(lines[index:]).rstrip("\n") + "\n"
    return f"{NOTES_HEADING}\n\n{NOTES_PLACEHOLDER}\n"


def invocation(argv: list[str]) -> str:
    """The command line that produced this report: bench/run's, which it passes to us in
    BLUELIBRARY_BENCH_COMMAND, or ours when run directly."""
    return os.environ.get("BLUELIBRARY_BENCH_COMMAND") or shlex.join(["python3", "bench/bench.py", *argv])


# MARK: - Main


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    """The command line; see --help."""
    parser = argparse.ArgumentParser(prog="bench/run", description=__doc__.split("\n\n")[0])
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
    arguments = parser.parse_args(argv)
    try:
        arguments.sizes = [int(size.replace("_", "")) for size in arguments.sizes.split(",") if size.strip()]
    except ValueError:
        parser.error("--sizes takes whole numbers separated by commas, e.g. 5,10000,100000")
    if not arguments.sizes or min(arguments.sizes) < 1 or arguments.rounds < 1:
        parser.error("--sizes needs at least one size ≥ 1 and --rounds must be ≥ 1")
    for name in ("bin_dir", "baseline", "baseline_adw", "equivalent", "inprocess_binary", "output"):  # relative to the repository
        setattr(arguments, name, Path(os.path.abspath(REPO_ROOT / getattr(arguments, name))))
    return arguments


def interrupt(signum, frame) -> None:
    """A SIGTERM handler that unwinds like Ctrl+C, so children and temporary folders go."""
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    """Measures, prints the tables and writes the report; 1 if something could not run."""
    arguments = parse_arguments(argv)
    app_binary = arguments.bin_dir / "bluelibrary"
    for binary in (arguments.baseline, arguments.baseline_adw, arguments.equivalent, app_binary):
        if not os.access(binary, os.X_OK):
            print(f"bench: {binary} is missing; build it first (bench/run does)", file=sys.stderr)
            return 1
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("bench: no display; run under xvfb-run (bench/run does)", file=sys.stderr)
        return 1

    signal.signal(signal.SIGTERM, interrupt)  # clean up as for Ctrl+C
    scratch = Path(tempfile.mkdtemp(prefix="bluelibrary-bench-"))
    try:
        started = command_output(["date", "-u"]) or time.strftime("%c UTC", time.gmtime())
        load_before = os.getloadavg()[0]
        print(f"preparing libraries of {', '.join(f'{s:,}' for s in arguments.sizes)} albums in {scratch}", flush=True)
        baseline = Target(BASELINE, arguments.baseline, make_home(scratch / BASELINE))
        adw_baseline = Target(ADW_BASELINE, arguments.baseline_adw, make_home(scratch / ADW_BASELINE))
        apps = [Target(f"app-{size}", app_binary, make_home(scratch / f"app-{size}", size, app_binary), albums=size)
                for size in arguments.sizes]
        equivalents = [equivalent_target(arguments.equivalent, app, scratch / f"{EQUIVALENT}-{app.albums}") for app in apps]
        references = [baseline, *equivalents]
        targets = [baseline, adw_baseline] + [target for pair in zip(apps, equivalents) for target in pair]
        measure_first_frames(targets, arguments.rounds, arguments.timeout, arguments.gsk_renderer)

        floor = own_peak_mib()
        sections = [
            ("Time to first frame", "Wall time from spawn to exit, with `BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1` "
             "(the process exits right after its first frame is painted); median of the rounds.",
             first_frame_table(baseline, apps, equivalents)),
            ("Peak memory", f"`ru_maxrss` of the process (from `wait4`), median of the rounds (the driver's own "
             f"peak, {floor:.0f} MiB, is the lowest figure it can see).", memory_table(baseline, apps, equivalents)),
            ("What libadwaita itself costs", "The baseline window from GTK alone and the same window from "
             "libadwaita (`AdwApplication`, `AdwApplicationWindow`, `AdwHeaderBar`: its style sheet and style "
             "manager), launched in the same rounds; medians.", platform_table(baseline, adw_baseline)),
        ]
        notes = []
        if any(run.max_rss_kib / 1024 <= floor + 1 for target in targets for run in target.runs):
            notes.append(f"Some peak memory figures are the driver's own peak ({floor:.0f} MiB), not the app's.")
        inprocess, problems = inprocess_sections(arguments, scratch / "inprocess")
        sections += inprocess
        notes += problems

        load = (load_before, os.getloadavg()[0])
        if load_before > 0.5:
            notes.append(f"The machine was not idle when the benchmark started (load average {load_before:.2f}): "
                         "the figures may be noisier or slower than usual.")
        report = render_report(arguments, invocation(argv), started, load, sections, notes)
        print()
        print(report)
        arguments.output.parent.mkdir(parents=True, exist_ok=True)
        arguments.output.write_text(report + "\n" + existing_notes(arguments.output), encoding="utf-8")
        print(f"written: {arguments.output}")
        return 0 if not any(reference.failure for reference in references) else 1
    except KeyboardInterrupt:
        print("\nbench: interrupted", file=sys.stderr)
        return 130
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def inprocess_sections(arguments: argparse.Namespace, scratch: Path) -> tuple[list, list[str]]:
    """Runs bluelibrary-bench unless told not to or not built; returns its report sections
    (title, description, rows) and notes on what went wrong."""
    binary = arguments.inprocess_binary
    if arguments.skip_inprocess:
        return [], [f"In-process figures skipped: {arguments.skip_inprocess}."]
    if not os.access(binary, os.X_OK):
        return [], [f"In-process figures skipped: `{shown_path(binary)}` does not exist "
                     "(the `bluelibrary-bench` product is not built)."]
    results, problem = run_inprocess_bench(binary, scratch, arguments.inprocess_timeout, arguments.gsk_renderer)
    notes = [problem + "."] if problem else []
    if not results:
        notes.append("bluelibrary-bench printed no results.")
    return [(f"In process: {section}", "", rows) for section, rows in inprocess_tables(results)], notes


def render_report(arguments: argparse.Namespace, command: str, started: str, load: tuple[float, float],
                  sections: list[tuple[str, str, list[list[str]]]], notes: list[str]) -> str:
    """The report in Markdown, without its Notes section."""
    method = (f"{arguments.rounds} measured rounds after one warm-up round; each round launches the baseline "
              f"(`bench/baseline.c`, a GTK 4 window with a header bar and a label) and the same window from "
              f"libadwaita, and for each library the app "
              f"and the equivalent (`bench/equivalent.c`, the app's window written in C with GTK alone: header bar, "
              f"horizontal `GtkListView` of 144×144 covers with captions, properties grid) on as many albums with "
              f"the same cached covers, in an order rotated by one every round. Every launch gets a private home "
              f"(XDG folders), `GTK_A11Y=none`, `DBUS_SESSION_BUS_ADDRESS=disabled:`, `NO_AT_BRIDGE=1`"
              f"{', `GSK_RENDERER=' + arguments.gsk_renderer + '`' if arguments.gsk_renderer else ''}. "
              f"Each library is made once, by a first launch importing an `albums.json` into "
              f"`library.sqlite3`; before each launch the app's saved state is removed and its data folder is put "
              f"back to that database and a fresh backup of it. Libraries hold distinct albums; the covers of "
              f"the first and last {CACHED_COVERS_AT_EACH_END} albums ({COVER_EDGE}×{COVER_EDGE} PNG) are already "
              f"cached, the others point at a closed port. A launch not done in {arguments.timeout:g} s is killed "
              f"and not retried.")
    parts = [
        "# BlueLibrary benchmarks",
        "",
        f"- date: {started}",
        f"- load average (1 min): {load[0]:.2f} at the start, {load[1]:.2f} at the end (our own runs included)",
        f"- command: `{command}`",
        *machine_description(),
        f"- display: `{os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY')}` "
        f"(bench/run: Xvfb, 1280×1024×24), GSK renderer: {arguments.gsk_renderer or 'GTK’s default'}",
        "",
        method,
    ]
    for title, description, rows in sections:
        parts += ["", f"## {title}", ""]
        if description:
            parts += [description, ""]
        parts.append(markdown_table(rows))
    if notes:
        parts += ["", "**Run notes**", ""] + [f"- {note}" for note in notes]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
