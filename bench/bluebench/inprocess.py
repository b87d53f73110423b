"""The in-process figures: runs bluelibrary-bench, reads the JSON objects it prints, and makes
one table per section."""
import argparse
import json
import os
import sys
from pathlib import Path

from .homes import base_environment, make_home
from .markdown import verdict
from .paths import REPO_ROOT, shown_path
from .processes import describe_failure, streamed_run

# Preferred column order of the in-process tables; other fields follow in order of appearance.
INPROCESS_COLUMNS = ("name", "value", "unit", "median", "mean", "min", "p99", "max", "count", "goal", "met")


# The scenarios run a second time with cairo when the first run used GTK's default renderer:
# on this machine that is GL on llvmpipe, where a frame of the window (and of the C window)
# takes ~17 ms whatever the app does. Those whose goal is a main-loop stall of at most one
# frame (covers online, music folders followed) say more about llvmpipe than about us
# without it, and the goals of the interactions and of browsing are set with cairo too
# (against the C window with cairo, see versus_c.py).
SCENARIOS_AGAIN_WITH_CAIRO = "interactions,browsing,covers-online,following"
# Listening (issue 55) runs only with cairo: its goals (a sort change and a keystroke of one
# frame under a played sort) are cairo's, and it grows the history to 1,000,000 listens the
# way the app records them, one commit each (~8 minutes here), which it would do twice.
SCENARIOS_ONLY_WITH_CAIRO = "listening"
EVERY_SCENARIO = "interactions,browsing,saving,covers,import,covers-online,following,listening"
# The time the listening scenario adds to a run.
LISTENING_TIMEOUT = 900.0


def run_inprocess_bench(binary: Path, scratch: Path, timeout: float, gsk_renderer: str | None,
                        only: str | None = None) -> tuple[list[dict], str | None]:
    """Runs the in-process bench on a fresh home (only the scenarios `only` names, if given);
    returns its JSON results, and a note if it did not end well. Lines of its stdout that are
    not JSON objects go to our stderr."""
    home = make_home(scratch)
    env = base_environment(home, gsk_renderer)
    if only:
        env["BLUELIBRARY_BENCH_ONLY"] = only
    print(f"in-process: {shown_path(binary)} (up to {timeout:g} s)", flush=True)
    lines, run = streamed_run([str(binary)], env, REPO_ROOT, timeout)
    results = json_results(lines)
    note = None if run.ok else f"bluelibrary-bench ended with {describe_failure(run, timeout)} after {run.seconds:.0f} s"
    return results, note


def json_results(lines: list[str]) -> list[dict]:
    """The results among a bench's lines of output: the JSON objects with a "section" and a
    "name" (bluelibrary-bench's, and the C window's interactions). Other lines go to our
    stderr."""
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
    return results


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


def inprocess_sections(arguments: argparse.Namespace, scratch: Path) -> tuple[list, list[str], list[dict]]:
    """Runs bluelibrary-bench unless told not to or not built; returns its report sections
    (title, description, rows), notes on what went wrong, and its results (those of the run
    with cairo in sections ending in ", with cairo")."""
    binary = arguments.inprocess_binary
    if arguments.skip_inprocess:
        return [], [f"In-process figures skipped: {arguments.skip_inprocess}."], []
    if not os.access(binary, os.X_OK):
        return [], [f"In-process figures skipped: `{shown_path(binary)}` does not exist "
                     "(the `bluelibrary-bench` product is not built)."], []
    with_cairo = arguments.gsk_renderer == "cairo"
    first = EVERY_SCENARIO if with_cairo else ",".join(s for s in EVERY_SCENARIO.split(",") if s != SCENARIOS_ONLY_WITH_CAIRO)
    timeout = arguments.inprocess_timeout + (LISTENING_TIMEOUT if with_cairo else 0)
    results, problem = run_inprocess_bench(binary, scratch, timeout, arguments.gsk_renderer, only=first)
    notes = [problem + "."] if problem else []
    if not with_cairo:
        again, problem = run_inprocess_bench(binary, scratch.with_name(scratch.name + "-cairo"),
                                             arguments.inprocess_timeout + LISTENING_TIMEOUT, "cairo",
                                             only=SCENARIOS_AGAIN_WITH_CAIRO + "," + SCENARIOS_ONLY_WITH_CAIRO)
        results += [{**result, "section": f"{result['section']}, with cairo"} for result in again]
        if problem:
            notes.append(problem + " (the run with cairo).")
    if not results:
        notes.append("bluelibrary-bench printed no results.")
    return [(f"In process: {section}", "", rows) for section, rows in inprocess_tables(results)], notes, results
