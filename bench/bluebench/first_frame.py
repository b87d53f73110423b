"""Time to first frame and peak memory, measured from outside: the targets (the baselines, the
app on each library, the C equivalent on as many albums), their rounds, and their medians."""
import os
import shutil
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from .covers import COVER_URL, cached_cover_indices, cached_cover_name
from .homes import EXIT_AFTER_FIRST_FRAME, Home, base_environment, make_home, restore_home
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
    runs: list[Run] = field(default_factory=list)
    failure: str | None = None  # why it stopped being run ("timeout", "exit 1"…)


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
