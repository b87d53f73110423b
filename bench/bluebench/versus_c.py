"""The app's interactions against the same window in C, measured in the same run: the C window
(bench/equivalent.c, built with libadwaita as the app is) does what bluelibrary-bench does to
the app (BLUELIBRARY_EQUIVALENT_INTERACTIONS, bench/equivalent-interactions.c) on as many
albums, with GTK's default renderer and with cairo, and each app figure is given as a ratio
to the C window's."""
import os
from pathlib import Path

from .covers import cached_cover_indices
from .homes import base_environment, make_home
from .inprocess import format_cell, json_results
from .markdown import verdict
from .paths import REPO_ROOT
from .processes import describe_failure, streamed_run

ALBUMS = 100_000  # as many as bluelibrary-bench's library
REPETITIONS = 250  # as bluelibrary-bench's Interactions
RATIO_GOAL = 1.25
# Covers around the middle of the library, where both benches start, and at its start, where
# the C window's model swap goes: each album there has a cover, as in the app's bench.
COVERED_AROUND_THE_MIDDLE = 600

# (the app's figure, its section, the C window's figure): the app's browsing changes are
# compared with the C window's model swap (what a search's answer costs GTK when the strip's
# model is replaced, as the app does today).
SWAP = "swap the strip's model (a search's answer)"
PAIRS = (
    ("select next (Right key)", "interactions", "select next (Right key)"),
    ("select by click", "interactions", "select by click"),
    ("delete (Delete key)", "interactions", "delete (Delete key)"),
    ("undo (Ctrl+Z)", "interactions", "undo (Ctrl+Z)"),
    ("keystroke in the search field", "browsing", SWAP),
    ("change of sort", "browsing", SWAP),
    ("change of genre or decade filter", "browsing", SWAP),
)


def covers_for_interactions(app_home_covers: Path, folder: Path) -> Path:
    """A cover folder for the C window (`<index>.png`): every album near the middle and at
    the start of the library has one, a link to a cover of the app's cache."""
    folder.mkdir(parents=True, exist_ok=True)
    cached = sorted(path for path in app_home_covers.iterdir() if path.is_file())
    if not cached:
        return folder
    middle = ALBUMS // 2
    indices = set(cached_cover_indices(ALBUMS)) | set(range(middle - COVERED_AROUND_THE_MIDDLE, middle + COVERED_AROUND_THE_MIDDLE))
    for index in sorted(indices):
        os.symlink(cached[index % len(cached)], folder / f"{index}.png")
    return folder


def run_c_interactions(binary: Path, root: Path, covers: Path, renderer: str | None, timeout: float) -> tuple[list[dict], str | None]:
    """The C window's interaction figures with `renderer` (None: GTK's default), and a note
    if it did not end well."""
    home = make_home(root)
    env = base_environment(home, renderer)
    env["BLUELIBRARY_EQUIVALENT_INTERACTIONS"] = str(REPETITIONS)
    print(f"the C window's interactions ({renderer or 'GTK’s default renderer'}, up to {timeout:g} s)", flush=True)
    lines, run = streamed_run([str(binary), str(ALBUMS), str(covers)], env, REPO_ROOT, timeout)
    results = json_results(lines)
    problem = None if run.ok else f"the C window's interactions ended with {describe_failure(run, timeout)} after {run.seconds:.0f} s"
    return results, problem


def find(results: list[dict], section: str, name_start: str) -> dict | None:
    """The result of section whose name starts with name_start."""
    return next((r for r in results if r.get("section") == section and str(r.get("name", "")).startswith(name_start)), None)


def ratio_rows(app_results: list[dict], app_suffix: str, c_results: list[dict], renderer: str) -> list[list[str]]:
    """One row per compared figure: the C window's and the app's median and p99, their
    ratios, and the goal: ≤ 1.25× C, median and p99; but a search, sort or filter change
    with cairo has an absolute goal (one frame: median ≤ 16 ms, p99 ≤ 33 ms), since the C
    window's own swap of a model costs GTK far more than a frame."""
    rows = []
    for app_name, app_section, c_name in PAIRS:
        app = find(app_results, app_section + app_suffix, app_name)
        c = find(c_results, "interactions", c_name)
        if app is None or c is None:
            continue
        ratios = [app[key] / c[key] if c.get(key) else None for key in ("median", "p99")]
        if app_section == "browsing" and renderer == "cairo":
            goal, met = "median ≤ 16 ms, p99 ≤ 33 ms", app["median"] <= 16 and app["p99"] <= 33
        else:
            goal, met = f"≤ {RATIO_GOAL}× C", all(ratio is not None and ratio <= RATIO_GOAL for ratio in ratios)
        rows.append([renderer, str(app["name"]), c_name, format_cell(c["median"]), format_cell(c["p99"]),
                     format_cell(app["median"]), format_cell(app["p99"]),
                     *[f"{ratio:.2f}×" if ratio is not None else "—" for ratio in ratios], goal, verdict(met)])
    return rows


def versus_c_section(equivalent: Path, app_covers: Path, scratch: Path, renderer: str | None, app_results: list[dict],
                     timeout: float) -> tuple[list, list[str]]:
    """Runs the C window's interactions with the run's renderer and, when that is not cairo,
    with cairo too; returns the section of ratios to the app's figures of the same renderer
    (bluelibrary-bench's, its cairo run's sections end in ", with cairo"), and notes."""
    covers = covers_for_interactions(app_covers, scratch / "covers")
    runs = [(renderer, "")] + ([("cairo", ", with cairo")] if renderer != "cairo" else [])
    rows = [["renderer", "app's figure", "C window's figure", "C median (ms)", "C p99 (ms)", "app median (ms)", "app p99 (ms)",
             "× C, median", "× C, p99", "goal", "status"]]
    notes = []
    for run_renderer, suffix in runs:
        c_results, problem = run_c_interactions(equivalent, scratch / f"home-{run_renderer or 'default'}", covers, run_renderer, timeout)
        if problem:
            notes.append(problem + ".")
        rows += ratio_rows(app_results, suffix, c_results, run_renderer or "GTK’s default")
    if len(rows) == 1:
        return [], notes + ["No interaction could be compared with the C window's."]
    description = (f"The app's in-process figures above against the C window (`bench/equivalent.c`, with libadwaita) "
                   f"doing the same on {ALBUMS:,} albums in the same run (`BLUELIBRARY_EQUIVALENT_INTERACTIONS={REPETITIONS}`, "
                   "`bench/equivalent-interactions.c`): the operation plus the next frame's layout and paint, as "
                   "bluelibrary-bench measures. The C window selects with `GtkSingleSelection` and `list.scroll-to-item`, "
                   "deletes and re-inserts in its list model, and answers a search by giving the strip a new model "
                   "(the app's search, sort and filter changes are compared with that swap).")
    return [("Against the same window in C, in the same run", description, rows)], notes
