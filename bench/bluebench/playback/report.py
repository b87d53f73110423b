"""The playback benchmark's block of bench/RESULTS.md: the figures against the goals, every
boundary, and the raw figures behind them."""
import math
import statistics
import subprocess

from ..markdown import machine_description, markdown_table, verdict
from ..paths import REPO_ROOT
from .play_all import summary as play_all_summary
from .settings import (BOUNDARY_WINDOW, CLICK_MARGIN, GOAL_CPU_PERCENT, GOAL_LATENCY_MS, GOAL_MEMORY_GROWTH_MIB,
                       GOAL_STALL_MS, GOAL_WAKEUPS, PROFILE_SECONDS, RATE, SILENT_LEVEL, SILENT_RUN, STACK_SECONDS)


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def mib(kib: int) -> float:
    return kib / 1024


def profile_text(profile: dict | str) -> str:
    """The GTK thread's profile (profile_gtk_thread) in words."""
    if isinstance(profile, str):
        return f"not profiled ({profile})"
    loop = sum(profile["loop"].values())
    return (f"the main loop woke {loop:.1f} times a second ("
            + ", ".join(f"{rate:.1f} by {label}" for label, rate in profile["loop"].items())
            + f"); within those, Xlib waited {profile['replies']:.1f} times a second for the X server's reply (a "
            "round trip; under strace most replies were there already, so fewer of them slept than without it), for "
            + ", ".join(f"{label} ({share:.0%})" for label, share in profile["callers"][:4]))


def optional_ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.1f}"


def summary_rows(results: dict) -> list[list[str]]:
    """The table of figures against the issue's goals."""
    album, cpu, latency = results["album"], results["cpu"], results["latency"]
    gaps, probe = album["gaps"], album["probe"]
    boundaries = gaps["boundaries"]
    worst_silent = max(b["silent"] for b in boundaries)
    worst_step = max(b["step"] for b in boundaries)
    rows = [["measure", "figure", "goal", "status"]]
    rows.append([f"gap at the {len(boundaries)} track boundaries of a gapless FLAC album: silent samples "
                 f"(runs of ≥ {SILENT_RUN} with |x| < {SILENT_LEVEL}) within ±{BOUNDARY_WINDOW * 1000 // RATE} ms",
                 "0 at every boundary" if worst_silent == 0 else f"up to {worst_silent}", "0 samples",
                 verdict(worst_silent == 0)])
    rows.append([f"silent samples anywhere in the {gaps['heard_frames'] / RATE:.1f} s heard", f"{gaps['silent_inside']}",
                 "—", "—"])
    rows.append(["largest step between samples near a boundary, against the sine's own",
                 f"{worst_step} against {gaps['natural_step']:.0f}", f"no click (≤ {CLICK_MARGIN}×)",
                 verdict(worst_step <= gaps["natural_step"] * CLICK_MARGIN)])
    exact = gaps["aligned"] and gaps["differing"] == 0
    heard = gaps["frames"] - gaps["unheard"]
    rows.append(["the recording holds the album's samples, bit for bit, none lost or repeated",
                 (f"yes: all {heard:,} frames after the first {gaps['unheard']} (see below)" if exact else
                  f"no: {heard - gaps['differing']:,} of {heard:,} frames equal"
                  + ("" if gaps["aligned"] else ", and the end did not line up")), "—", "—"])
    resumes, firsts = latency["resumes"], results["first_plays"]
    rows.append([f"Ctrl+Space → first sound on the sink, paused → playing ({len(resumes)} trials)",
                 f"median {statistics.median(resumes):.1f} ms, p90 {percentile(resumes, 0.9):.1f} ms "
                 f"({min(resumes):.1f}–{max(resumes):.1f})", f"≤ {GOAL_LATENCY_MS:g} ms median",
                 verdict(statistics.median(resumes) <= GOAL_LATENCY_MS)])
    rows.append([f"Ctrl+Space → first sound, the first play of a fresh launch ({len(firsts)} launches)",
                 f"median {statistics.median(firsts):.1f} ms ({min(firsts):.1f}–{max(firsts):.1f})", "—", "—"])
    playing, paused = cpu["playing"], cpu["paused"]
    rows.append([f"CPU while FLAC plays ({cpu['kbps']:.0f} kbit/s), window open and idle, over {cpu['seconds']:g} s",
                 f"{playing['cpu_percent']:.1f} % of one core (GTK thread {playing['threads'].get('GTK thread', 0):.1f} %)",
                 f"≤ {GOAL_CPU_PERCENT:g} %", verdict(playing["cpu_percent"] <= GOAL_CPU_PERCENT)])
    profile = cpu["profile"]
    switches = (f"{playing['voluntary']:.1f} /s voluntary + {playing['involuntary']:.1f} /s involuntary = "
                f"{playing['voluntary'] + playing['involuntary']:.1f} /s")
    if isinstance(profile, dict):
        wakeups = sum(profile["loop"].values())
        rows.append(["main-loop wake-ups while playing (the GTK thread's blocking polls, from strace)",
                     f"{wakeups:.1f} /s", f"≤ {GOAL_WAKEUPS:g} /s", verdict(wakeups <= GOAL_WAKEUPS)])
        rows.append(["GTK thread context switches while playing (/proc: each voluntary one is a sleep: in the main "
                     "loop, or waiting for the X server within a wake-up)", switches, "—", "—"])
    else:
        rows.append(["GTK thread wake-ups while playing (voluntary context switches; strace missing)", switches,
                     f"≤ {GOAL_WAKEUPS:g} /s", verdict(playing["voluntary"] <= GOAL_WAKEUPS)])
    rows.append([f"control: paused, play bar shown, over {cpu['control_seconds']:g} s",
                 f"{paused['cpu_percent']:.1f} % CPU, {paused['voluntary']:.1f} wake-ups/s "
                 f"(+ {paused['involuntary']:.1f} involuntary)", "—", "—"])
    stall = probe["playing"]
    worst = probe["longestWhilePlaying"][0] if probe["longestWhilePlaying"] else None
    where = f", in track {worst['track'] + 1}" if worst and worst.get("track") is not None else ""
    rows.append([f"longest main-loop stall playing the {len(boundaries) + 1}-track album through "
                 f"({probe['trackChangesWhilePlaying']} track changes)",
                 f"{stall['maxMilliseconds']:.1f} ms{where} (p99 {stall['p99Milliseconds']:.2f} ms, "
                 f"{stall['over16Milliseconds']} over 16 ms)", f"≤ {GOAL_STALL_MS:g} ms",
                 verdict(stall["maxMilliseconds"] <= GOAL_STALL_MS)])
    own = probe["playingOwn"]
    rows.append(["the same, without the time the GTK thread waited for a free core (the machine's other work)",
                 f"{own['maxMilliseconds']:.1f} ms (p99 {own['p99Milliseconds']:.2f} ms, {own['over16Milliseconds']} "
                 "over 16 ms)", "—", "—"])
    rss = [t.rss_kib for t in album["tracks"]]
    if len(rss) >= 4:
        middle = len(rss) // 2  # the second half's first track, counted from 1
        steady = mib(rss[-1] - rss[middle - 1])
        rows.append([f"VmRSS at the start of each of the {len(rss)} tracks",
                     f"track 1: {mib(rss[0]):.1f} MiB, track {middle}: {mib(rss[middle - 1]):.1f} MiB, track "
                     f"{len(rss)}: {mib(rss[-1]):.1f} MiB (highest {mib(max(rss)):.1f}); over the second half "
                     f"{steady:+.2f} MiB",
                     f"does not grow (second half: ≤ {GOAL_MEMORY_GROWTH_MIB:g} MiB)",
                     verdict(steady <= GOAL_MEMORY_GROWTH_MIB)])
    else:
        rows.append(["VmRSS at the start of each track", f"only {len(rss)} track starts seen", "does not grow",
                     "not measured"])
    return rows


def boundary_rows(gaps: dict) -> list[list[str]]:
    """One row per boundary."""
    rows = [["boundary", "at (s)", "silent samples", "step across the cut (the files')", "largest step within ±100 ms",
             "its place (frames from the cut)", "bit-exact within ±100 ms"]]
    for b in gaps["boundaries"]:
        cut = "—" if b["cut_step"] is None else f"{b['cut_step']} ({b['own_cut_step']})"
        rows.append([f"track {b['track'] - 1} → {b['track']}", f"{b['seconds']:.3f}", str(b["silent"]), cut,
                     str(b["step"]), f"{b['step_offset']:+d}", "yes" if b["exact"] else "no"])
    return rows


def detail_lines(results: dict) -> list[str]:
    """The raw figures behind the table: every trial, every track's memory, the longest stalls."""
    album, cpu, latency = results["album"], results["cpu"], results["latency"]
    probe, gaps = album["probe"], album["gaps"]
    differing = ("none" if not gaps["differing"] else
                 f"{gaps['differing']:,}, album frames {gaps['first_differing'][0]:,} to {gaps['last_differing'][0]:,}")
    return [
        f"- frames of the recording that differ from the album's: {differing}; the album's end "
        + ("lines up exactly with the recording's (so no frame was lost or repeated on the way)" if gaps["aligned"]
           else "does not line up with the recording's")
        + f"; the first {gaps['unheard']} frames ({gaps['unheard'] * 1000 / RATE:.1f} ms) of the first track are not "
        "in the recording: PulseAudio mixes a starting stream into audio it has already handed to the monitor (`pacat` loses the start of a stream the same way here)",
        f"- paused → playing, each trial (ms, parec's arrival): {', '.join(f'{v:.1f}' for v in latency['resumes'])}; "
        f"on the sink's clock (when the sound was mixed, at the earliest): "
        f"{', '.join(f'{v:.1f}' for v in latency['resumes_sink_clock'])}",
        f"- first play of a fresh launch, each launch (ms): {', '.join(f'{v:.1f}' for v in results['first_plays'])}",
        f"- the null sink's latency while the album played (`pactl list sinks`): {album['sink_latency']}; median "
        f"delay of parec's chunks after the earliest-delivered one: {latency['delivery_ms']:.1f} ms",
        "- CPU while playing, by thread (% of one core): "
        + ", ".join(f"{name} {value:.2f}" for name, value in cpu["playing"]["threads"].items() if value >= 0.05),
        f"- what wakes the GTK thread while playing (`strace` on it for {PROFILE_SECONDS:g} s after the CPU window, "
        f"then `strace -k` for {STACK_SECONDS:g} s): " + profile_text(cpu["profile"]),
        "- CPU while paused, by thread (% of one core): "
        + (", ".join(f"{name} {value:.2f}" for name, value in cpu["paused"]["threads"].items() if value >= 0.05)
           or "none above 0.05"),
        f"- main loop while playing ({probe['playingSeconds']:.1f} s, {probe['playing']['count']:,} firings of a 1 ms "
        f"timer): p50 {probe['playing']['p50Milliseconds']:.2f} ms, p99 {probe['playing']['p99Milliseconds']:.2f} ms, "
        f"p99.9 {probe['playing']['p999Milliseconds']:.2f} ms late; over the whole launch (start-up and import "
        f"included): max {probe['all']['maxMilliseconds']:.1f} ms",
        "- longest stalls while playing (ms late; the track; seconds since the window opened; of the gap, ms on a "
        "core / waiting for one): "
        + ", ".join(f"{s['latenessMilliseconds']:.1f} (track {s['track'] + 1 if s.get('track') is not None else '?'}, "
                    f"{s['atSeconds']:.1f} s, {optional_ms(s.get('onCoreMilliseconds'))} / "
                    f"{optional_ms(s.get('waitingForCoreMilliseconds'))})" for s in probe["longestWhilePlaying"]),
        f"- VmRSS before Play {mib(album['rss_before']):.1f} MiB; at each track's start (MiB): "
        + ", ".join(f"{mib(t.rss_kib):.1f}" for t in album["tracks"])
        + f"; after the album {mib(album['rss_after']):.1f} MiB",
    ]


def render_block(results: dict, command: str, started: str, load: tuple[float, float]) -> str:
    """The generated part of the Playback section: how it was run, the table, the details."""
    album = results["album"]
    commit = subprocess.run(["git", "-C", str(REPO_ROOT), "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip() or "?"
    parts = [
        f"Measured by `bench/playback.py` ({command}) at {commit}, {started}; load average {load[0]:.2f} at the "
        f"start, {load[1]:.2f} at the end.",
        "",
        *machine_description(),
        "",
        markdown_table(summary_rows(results)),
        "",
        f"Every boundary of the {len(album['gaps']['boundaries']) + 1}-track album (one 440 Hz sine at half scale, "
        f"cut at odd frames; the sine's own largest step is {album['gaps']['natural_step']:.0f}):",
        "",
        markdown_table(boundary_rows(album["gaps"])),
        "",
        *detail_lines(results),
    ]
    if "play_all" in results:
        play_all = results["play_all"]
        parts += [
            "",
            f"Listening sessions at scale (issue 53; `bench/bluebench/playback/play_all.py`): a library of "
            f"{play_all['albums']:,} albums of 10 tracks, the first in the strip a real album:",
            "",
            markdown_table([["measure", "figure", "goal", "status"], *play_all_summary(play_all)]),
        ]
    return "\n".join(parts)
