"""Report text both benchmarks share: Markdown tables, the goal column's word, the machine's
description and the command line that ran."""
import os
import shlex
import subprocess
from pathlib import Path


def markdown_table(rows: list[list[str]]) -> str:
    """A Markdown table, padded so that it also reads well as plain text."""
    rows = [[cell.replace("|", "\\|") for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"

    return "\n".join([line(rows[0]), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows[1:]])


def verdict(met: bool) -> str:
    """The goal column's word."""
    return "met" if met else "missed"


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


def command_output(argv: list[str]) -> str | None:
    """The stripped stdout of a short command, None if it cannot run."""
    try:
        return subprocess.run(argv, capture_output=True, text=True, check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


def invocation(script: str, argv: list[str]) -> str:
    """The command line that produced this report: bench/run's, which it passes to us in
    BLUELIBRARY_BENCH_COMMAND, or ours (`python3 <script> …`) when run directly."""
    return os.environ.get("BLUELIBRARY_BENCH_COMMAND") or shlex.join(["python3", script, *argv])
