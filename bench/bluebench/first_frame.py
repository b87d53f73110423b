"""Time to first frame, time until visually complete and peak memory, measured from outside:
the targets (the baselines, the app on each library, the C equivalent on as many albums),
their rounds, and their medians."""
import os
import shutil
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from .covers import COVER_URL, cached_cover_indices, cached_cover_name
from .homes import EXIT_AFTER_FIRST_FRAME, FIRST_PAINT_FILE, Home, base_environment, make_home, restore_home
from .processes import Run, describe_failure, timed_run

BASELINE = "baseline"
ADW_BASELINE = "baseline-adw"
EQUIVALENT = "equivalent"


@dataclass
class Target:
    """One thing launched in the first-frame rounds: the baseline, the app on a library, or
    the C equivalent on as many albums."""

    label: str
    binary: Path
    home: Home
    albums: int = 0  # the size of the library it shows
    arguments: list[str] = field(default_factory=list)  # after the binary
    runs: list[Run] = field(default_factory=list)  # each until the exit: visually complete
    first_paints: list[float | None] = field(default_factory=list)  # each run's seconds to its first frame
    failure: str | None = None  # why it stopped being run ("timeout", "exit 1"…)

    @property
    def first_paint_file(self) -> Path:
        """Where a launch writes the time of its first frame (`BLUELIBRARY_FIRST_PAINT_FILE`)."""
        return self.home.root / "first-paint"

    def take_first_paint(self, run: Run) -> float | None:
        """Seconds from run's spawn to its first frame, from the file the launch wrote (None
        without one)."""
        try:
            painted = float(self.first_paint_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return painted - run.started


def equivalent_target(binary: Path, app: Target, root: Path) -> Target:
    """The C equivalent on as many albums as app: a home of its own under root, without a
    library, and the covers of app's cache as `<index>.png` (`equivalent ALBUMS COVER_FOLDER`)."""
    home = make_home(root)
    covers = home.cache / EQUIVALENT / "covers"
    link_covers_by_index(app.home, covers)
    return Target(f"{EQUIVALENT}-{app.albums}", binary, home, albums=app.albums, arguments=[str(app.albums), str(covers)])


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


def measure_first_frames(targets: list[Target], rounds: int, timeout: float, gsk_renderer: str | None) -> None:
    """Runs one warm-up round and `rounds` measured rounds; in each, every target once, in an
    order rotated by one each round. Each launch exits once visually complete and writes when
    its first frame was painted. A target that fails (times out, exits non-zero) is not run
    again; its failed run is kept for its peak memory."""
    for round_index in range(rounds + 1):
        warm_up = round_index == 0
        shift = round_index % len(targets)
        order = targets[shift:] + targets[:shift]
        print(f"{'warm-up' if warm_up else f'round {round_index}/{rounds}'}:", end="", flush=True)
        for position, target in enumerate(t for t in order if not t.failure):
            restore_home(target.home)
            env = base_environment(target.home, gsk_renderer)
            env[EXIT_AFTER_FIRST_FRAME] = "1"
            env[FIRST_PAINT_FILE] = str(target.first_paint_file)
            target.first_paint_file.unlink(missing_ok=True)
            run = timed_run([str(target.binary), *target.arguments], env, timeout)
            if not run.ok:
                target.failure = describe_failure(run, timeout)
                target.runs.append(run)  # still tells its peak memory
                target.first_paints.append(None)
                outcome = target.failure
            else:
                first_paint = target.take_first_paint(run)
                if not warm_up:
                    target.runs.append(run)
                    target.first_paints.append(first_paint)
                painted = f"{first_paint * 1000:.0f}/" if first_paint is not None else "?/"
                outcome = f"{painted}{run.seconds * 1000:.0f} ms {run.max_rss_kib / 1024:.0f} MiB"
            print(f"{',' if position else ''} {target.label} {outcome}", end="", flush=True)
        print(flush=True)


def median_seconds(target: Target) -> float | None:
    """The median wall time of a target's runs (until visually complete), None if it failed."""
    return None if target.failure or not target.runs else statistics.median(r.seconds for r in target.runs)


def first_paint_seconds(target: Target) -> list[float]:
    """The seconds to the first frame of a target's runs that wrote it; none if it failed."""
    return [] if target.failure else [seconds for seconds in target.first_paints if seconds is not None]


def median_first_paint(target: Target) -> float | None:
    """The median time to the first frame of a target's runs, None if it failed or no run
    wrote one."""
    seconds = first_paint_seconds(target)
    return statistics.median(seconds) if seconds else None


def median_mib(target: Target) -> float | None:
    """The median peak memory of a target's runs, in MiB (also for a failed run)."""
    return statistics.median(r.max_rss_kib for r in target.runs) / 1024 if target.runs else None
