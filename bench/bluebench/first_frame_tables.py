"""The tables of the first-frame rounds: time to first frame, time until visually complete
and peak memory against the goals, and what libadwaita itself costs."""
import statistics
from collections.abc import Callable

from .first_frame import Target, first_paint_seconds, median_first_paint, median_mib, median_seconds
from .markdown import verdict

# Goals: time to first frame and until visually complete as a ratio of the C equivalent's on
# as many albums, per library size; peak memory as MiB above the equivalent's.
FIRST_FRAME_GOALS = {5: 1.2, 100_000: 1.2}
MEMORY_GOALS = {100_000: 30.0}


def ratio_text(value: float | None, reference: float | None) -> str:
    """value / reference, as "1.23×"; "—" without both."""
    return f"{value / reference:.2f}×" if value is not None and reference else "—"


def run_seconds(target: Target) -> list[float]:
    """The seconds until visually complete (spawn to exit) of a target's runs; none if it failed."""
    return [] if target.failure else [run.seconds for run in target.runs]


def first_frame_table(baseline: Target, apps: list[Target], equivalents: list[Target]) -> list[list[str]]:
    """Rows of the time-to-first-frame table: spawn to the first frame painted, covers or not."""
    return timing_table(baseline, apps, equivalents, first_paint_seconds)


def visually_complete_table(baseline: Target, apps: list[Target], equivalents: list[Target]) -> list[list[str]]:
    """Rows of the visually-complete table: spawn to the exit after the first frame with every
    cover on screen in place (the baseline has none: its first frame)."""
    return timing_table(baseline, apps, equivalents, run_seconds)


def timing_table(baseline: Target, apps: list[Target], equivalents: list[Target],
                 seconds_of: Callable[[Target], list[float]]) -> list[list[str]]:
    """Rows of a table of launch times (the first row is the header), each run's seconds taken
    by seconds_of: each app target against the baseline and against the equivalent of its size
    (equivalents[i] for apps[i]); the goal is against the equivalent."""
    rows = [["albums", "baseline (ms)", "equivalent (ms)", "BlueLibrary (ms)", "app min–max (ms)",
             "× baseline", "× equivalent", "goal", "status"]]

    def median(target: Target) -> float | None:
        seconds = seconds_of(target)
        return statistics.median(seconds) if seconds else None

    base = median(baseline)
    for app, equivalent in zip(apps, equivalents, strict=True):
        value = median(app)
        reference = median(equivalent)
        limit = FIRST_FRAME_GOALS.get(app.albums)
        goal = f"≤ {limit:g}× equivalent" if limit else "—"
        if value is None:
            spread, status = "—", "missed" if limit else "—"
            shown = app.failure or "no run"
        else:
            seconds = [each * 1000 for each in seconds_of(app)]
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
    plain, adw = median_first_paint(baseline), median_first_paint(adw_baseline)
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


# Goal of the launch at ten tracks an album, as a ratio of the launch without tracks.
TRACKS_GOAL = 1.1
TRACKS_PER_ALBUM = 10


def tracks_table(plain: Target, with_tracks: Target) -> list[list[str]]:
    """Rows of the table of the launch of a library whose albums have TRACKS_PER_ALBUM tracks
    each (1,000,000 at 100,000 albums), against the same library without tracks, launched in
    the same rounds: time to first frame, until visually complete (the goal's, the spread's)
    and peak memory."""
    rows = [["library", "first frame (ms)", "visually complete (ms)", "min–max (ms)", "peak memory (MiB)",
             "× without tracks", "goal", "status"]]
    base = median_seconds(plain)
    for target, tracks in ((plain, 0), (with_tracks, plain.albums * TRACKS_PER_ALBUM)):
        value = median_seconds(target)
        first = median_first_paint(target)
        mib = median_mib(target)
        seconds = [r.seconds * 1000 for r in target.runs]
        spread = f"{min(seconds):.0f}–{max(seconds):.0f}" if seconds and value is not None else "—"
        is_goal = target is with_tracks
        rows.append([f"{target.albums:,} albums, {tracks:,} tracks",
                     f"{first * 1000:.0f}" if first is not None else target.failure or "—",
                     f"{value * 1000:.0f}" if value is not None else target.failure or "—", spread,
                     f"{mib:.1f}" if mib is not None else "—",
                     ratio_text(value, base) if is_goal else "1.00×",
                     f"≤ {TRACKS_GOAL:g}×" if is_goal else "—",
                     verdict(value / base <= TRACKS_GOAL) if is_goal and value is not None and base else "—"])
    return rows
