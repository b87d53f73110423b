"""bench.py's report in Markdown, without its Notes section: the run's circumstances, the
method, and the sections' tables."""
import argparse
import os
from pathlib import Path

from .covers import CACHED_COVERS_AT_EACH_END, COVER_EDGE
from .markdown import machine_description, markdown_table
from .notes import NOTES_HEADING, existing_notes

RUN_NOTES_HEADING = "**Run notes**"


def render_report(arguments: argparse.Namespace, command: str, started: str, load: tuple[float, float],
                  sections: list[tuple], notes: list[str]) -> str:
    """The report in Markdown, without its Notes section."""
    method = (f"{arguments.rounds} measured rounds after one warm-up round; each round launches the baseline "
              f"(`bench/baseline.c`, a GTK 4 window with a header bar and a label) and the same window from "
              f"libadwaita, and for each library the app "
              f"and the equivalent (`bench/equivalent.c`, the app's window written in C with GTK and libadwaita, as "
              f"the app is: `AdwApplicationWindow`, `AdwHeaderBar`, "
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
    for section in sections:
        parts += ["", render_section(*section).rstrip("\n")]
    if notes:
        parts += ["", RUN_NOTES_HEADING, ""] + [f"- {note}" for note in notes]
    return "\n".join(parts) + "\n"


def render_section(title: str, description: str, rows: list[list[str]], notes: list[str] | None = None) -> str:
    """One section of the report: its heading, description, table, and its own notes (a
    list after the table, which a run of that section alone replaces with it)."""
    parts = [f"## {title}", ""]
    if description:
        parts += [description, ""]
    parts.append(markdown_table(rows))
    if notes:
        parts += [""] + [f"- {note}" for note in notes]
    return "\n".join(parts) + "\n"


def replace_section(output: Path, title: str, section: str) -> None:
    """Puts section (rendered, "## title" first) in output in place of the one of that title,
    up to the next heading of its level or the run notes; or, when there is none, before the
    run notes, or before the Notes, or at the end. Everything else is kept."""
    text = output.read_text(encoding="utf-8") if output.exists() else existing_notes(output)
    lines = text.splitlines(keepends=True)
    heading = f"## {title}"

    def ends_section(line: str) -> bool:
        return line.startswith("## ") or line.strip() == RUN_NOTES_HEADING

    start = next((i for i, line in enumerate(lines) if line.strip() == heading), None)
    if start is not None:
        end = next((i for i in range(start + 1, len(lines)) if ends_section(lines[i])), len(lines))
    else:
        start = next((i for i, line in enumerate(lines) if line.strip() in (RUN_NOTES_HEADING, NOTES_HEADING)),
                     len(lines))
        end = start
    before = "".join(lines[:start]).rstrip("\n")
    after = "".join(lines[end:]).lstrip("\n")
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text((before + "\n\n" if before else "") + section.rstrip("\n") + "\n" + ("\n" + after if after else ""),
                      encoding="utf-8")
