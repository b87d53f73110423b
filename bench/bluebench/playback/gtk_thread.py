"""What wakes the app's GTK thread while it plays: `strace` on it, its polls counted, its
descriptors named, and the callers in its stacks."""
import functools
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

from ..processes import stop_process
from .app import App
from .settings import STACK_SECONDS


def profile_gtk_thread(app: App, seconds: float) -> dict | str:
    """What wakes the GTK thread while playing, from `strace` on it (after the measurements:
    strace slows it): `seconds` of its poll calls, then STACK_SECONDS more with their stacks.

    The main loop's polls (several descriptors) that may block are its wake-ups, woken by a
    timer or by a descriptor; a poll on the X connection alone is Xlib waiting for the X
    server's reply (a round trip: the thread sleeps until Xvfb answers, which is most of its
    voluntary context switches), counted by the nearest caller in the app or GTK. Rates per
    second; a string saying why when strace cannot run."""
    if not shutil.which("strace"):
        return "strace is not installed"
    plain = trace_gtk_thread(app, seconds, ["-e", "trace=poll,ppoll"], "polls.strace")
    stacks = trace_gtk_thread(app, STACK_SECONDS, ["-k", "-e", "trace=poll"], "stacks.strace")
    if plain is None or stacks is None:
        return "strace could not attach"
    loop: dict[str, int] = {}
    replies = 0
    x_fd = None
    for head in plain.splitlines():
        polled = re.match(r"p?poll\(\[(.*?)\], (\d+), (-?\d+)", head)
        if not polled:
            continue
        descriptors, count, timeout = re.findall(r"fd=(\d+)", polled.group(1)), int(polled.group(2)), int(polled.group(3))
        if count == 1 and "events=POLLIN}" in polled.group(1):
            x_fd = descriptors[0]
            replies += 1
        elif count > 1 and timeout != 0 and re.search(r"\) += \d", head):  # not cut short by strace leaving
            ready = re.findall(r"fd=(\d+), revents", head)
            label = "a timer" if "Timeout" in head else " and ".join(sorted(set(f"fd {fd}" for fd in ready))) or "?"
            loop[label] = loop.get(label, 0) + 1
    names = descriptor_names(app.pid, x_fd)
    loop_rates = {re.sub(r"fd (\d+)", lambda m: names.get(m.group(1), m.group(0)), label): count / seconds
                  for label, count in loop.items()}
    callers: dict[str, int] = {}
    for call in re.split(r"\n(?=\S)", stacks):
        head, *stack = call.split("\n")
        if not re.match(r"poll\(\[\{fd=\d+, events=POLLIN\}\], 1,", head):
            continue
        frames = tuple(match.group(1) for line in stack if (match := re.search(r"\((\S+?)\+0x", line)))
        if frames:
            label = caller(frames)
            callers[label] = callers.get(label, 0) + 1
    total = sum(callers.values()) or 1
    return {"loop": dict(sorted(loop_rates.items(), key=lambda item: -item[1])), "replies": replies / seconds,
            "callers": sorted(((label, count / total) for label, count in callers.items()), key=lambda item: -item[1])}


def trace_gtk_thread(app: App, seconds: float, options: list[str], name: str) -> str | None:
    """`strace` on the app's GTK thread for `seconds` with options; its output, or None."""
    trace = app.log.with_name(name)
    tracer = subprocess.Popen(["strace", *options, "-p", str(app.pid), "-o", str(trace)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(seconds)
    stop_process(tracer)
    return trace.read_text(errors="replace") if trace.exists() else None


def descriptor_names(pid: int, x_fd: str | None) -> dict[str, str]:
    """What the process's descriptors are: "the X connection", "an eventfd", "a socket"…"""
    names = {}
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            kind = os.readlink(fd).split(":")[-1].strip("[]") if "anon_inode" in os.readlink(fd) else \
                os.readlink(fd).split(":")[0]
        except OSError:
            continue
        names[fd.name] = "the X connection" if fd.name == x_fd else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} ({fd.name})"
    return names


def caller(frames: tuple[str, ...]) -> str:
    """The nearest frame that says who asked: the app's own code (demangled), or, for what
    GTK does by itself in the main loop (the frame clock: layout, painting), GTK's nearest
    exported function (a static one shows as the exported one before it)."""
    own = next((frame for frame in frames if frame.startswith("$s") and "GtkKit" not in frame[:12]), None)
    name = demangled(own) if own else None
    if name and not name.endswith("App.run()"):
        return name
    toolkit = next((frame for frame in frames if frame.startswith(("gtk_", "gdk_", "gsk_"))), frames[0])
    return f"GTK itself, from the main loop (first GTK symbol in the stack: {toolkit})"


@functools.lru_cache(maxsize=None)
def demangled(symbol: str) -> str:
    """A Swift symbol as Swift writes it (`swift demangle`), or as it is."""
    try:
        done = subprocess.run(["swift", "demangle", "--simplified", symbol], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return symbol
    return (done.stdout.strip().split(" ---> ")[-1] if done.returncode == 0 else symbol)[:100]
