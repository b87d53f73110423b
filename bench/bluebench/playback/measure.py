"""The measurements: the album played through (gaps, stalls, memory), CPU and wake-ups while
playing and paused, and Ctrl+Space to the first sound."""
import json
import os
import random
import statistics
import time

from ..processes import resident_kib, stop_process
from .albums import flac_kbps
from .app import App
from .bus import MediaPlayerWatcher
from .gaps import analyse_gaps
from .gtk_thread import profile_gtk_thread
from .session import Session, sound_latency
from .settings import PROFILE_SECONDS, RATE, SETTLE_SECONDS, STALL_PROBE
from .sound import MonitorRecorder
from .waiting import BenchFailure


def measure_album(session: Session) -> dict:
    """Plays the 20-track album through once, with the stall probe on: the gaps and clicks
    at its boundaries (from the recording), the longest main-loop stall (from the probe) and
    the resident memory at each track's start (read when the app announces the track)."""
    album = session.album
    probe_file = session.scratch / "stall-probe.json"
    watcher = MediaPlayerWatcher(session.bus)
    recorder = MonitorRecorder(session.pulse)
    app = session.launch("album", extra={STALL_PROBE: str(probe_file)})
    watcher.pid = app.pid
    try:
        app.wait_until_ready(session.keyboard)
        rss_before = resident_kib(app.pid)
        app.focus()
        started = session.keyboard.press("Control_L", "space")
        first = recorder.wait_for_sound(0, 30)
        sink_latency = session.pulse.sink_latency()
        watcher.wait_for_status("Stopped", started, album.seconds + 60)
        recorder.wait_for_silence(first + album.total_frames - RATE // 2, 0.5, 30)
        rss_after = resident_kib(app.pid)
        status = app.quit(session.keyboard)
    finally:
        stop_process(app.process)
        recorder.stop()
        watcher.stop()
        session.keep_recording(recorder, "album")
    if status != 0:
        raise BenchFailure(f"bluelibrary exited with {status} after the album")
    probe = json.loads(probe_file.read_text())
    return {"gaps": analyse_gaps(album, recorder.left(), first), "probe": probe, "tracks": watcher.tracks,
            "rss_before": rss_before, "rss_after": rss_after, "sink_latency": sink_latency,
            "delivery_ms": statistics.median(recorder.delivery_delays_ms())}


def measure_cpu(session: Session, seconds: float, control_seconds: float) -> dict:
    """Plays the long track with the window open and idle (the pointer off it), no probe, no
    report: CPU of the whole process and of each thread, and the GTK thread's context
    switches, over `seconds`; then the same over `control_seconds` paused, the play bar shown.
    Each window starts SETTLE_SECONDS after its key press: a key press shows the focus ring,
    whose transitions draw frames for 2–4 s."""
    recorder = MonitorRecorder(session.pulse)
    app = session.launch("cpu", music=session.long_album)
    try:
        _, first_play = session.play_from_launch(app, recorder)
        session.first_plays_ms.append(first_play)
        time.sleep(SETTLE_SECONDS)
        playing = sample_usage(app, seconds)
        profile = profile_gtk_thread(app, PROFILE_SECONDS)
        app.focus()
        paused_from = recorder.frame_count()
        session.keyboard.press("Control_L", "space")
        recorder.wait_for_silence(paused_from, 0.3, 10)
        time.sleep(SETTLE_SECONDS)
        paused = sample_usage(app, control_seconds)
        status = app.quit(session.keyboard)
    finally:
        stop_process(app.process)
        recorder.stop()
    if status != 0:
        raise BenchFailure(f"bluelibrary exited with {status} after the CPU measurement")
    return {"playing": playing, "paused": paused, "seconds": seconds, "control_seconds": control_seconds,
            "profile": profile,
            "kbps": flac_kbps(session.long_album, session.long_seconds), "track_seconds": session.long_seconds}


def sample_usage(app: App, seconds: float) -> dict:
    """CPU (% of one core: the whole process, the GTK thread, each other thread by name) and
    the GTK thread's voluntary and involuntary context switches per second, over `seconds`."""
    ticks_per_second = os.sysconf("SC_CLK_TCK")
    threads_before, total_before = app.cpu_ticks(), app.process_ticks()
    switches_before = app.main_thread_switches()
    began = time.monotonic()
    time.sleep(seconds)
    threads_after, total_after = app.cpu_ticks(), app.process_ticks()
    switches_after = app.main_thread_switches()
    wall = time.monotonic() - began
    app.check_running()

    def percent(ticks: int) -> float:
        return ticks / ticks_per_second / wall * 100

    per_thread: dict[str, float] = {}
    for tid, (name, ticks) in threads_after.items():
        spent = ticks - threads_before.get(tid, (name, 0))[1]
        label = "GTK thread" if tid == app.pid else name
        per_thread[label] = per_thread.get(label, 0.0) + percent(spent)
    voluntary, involuntary = ((after - before) / wall for before, after in zip(switches_before, switches_after))
    return {"cpu_percent": percent(total_after - total_before), "voluntary": voluntary, "involuntary": involuntary,
            "threads": dict(sorted(per_thread.items(), key=lambda item: -item[1])), "wall": wall}


def measure_latency(session: Session, trials: int, launches: int) -> dict:
    """Ctrl+Space to the first sound: `trials` times from paused to playing in one launch
    (after its first play), with a pause of 0.3–0.7 s between trials; and the first play of
    each of `launches` fresh launches (the pipeline not yet made)."""
    recorder = MonitorRecorder(session.pulse)
    resumes: list[tuple[float, float]] = []
    try:
        for launch in range(launches):
            app = session.launch("latency")
            try:
                frame, first_play = session.play_from_launch(app, recorder)
                session.first_plays_ms.append(first_play)
                if launch == 0:
                    recorder.wait_for_frames(frame + RATE // 2, 10)
                    for _ in range(trials):
                        resumes.append(pause_then_play(session, app, recorder))
                status = app.quit(session.keyboard)
            finally:
                stop_process(app.process)
            if status != 0:
                raise BenchFailure(f"bluelibrary exited with {status} after the latency trials")
            recorder.wait_for_silence(recorder.frame_count(), 0.2, 10)
        delays = recorder.delivery_delays_ms()
    finally:
        recorder.stop()
        session.keep_recording(recorder, "latency")
    return {"resumes": [arrived for arrived, _ in resumes], "resumes_sink_clock": [mixed for _, mixed in resumes],
            "delivery_ms": statistics.median(delays)}


def pause_then_play(session: Session, app: App, recorder: MonitorRecorder) -> tuple[float, float]:
    """One trial: Ctrl+Space to pause, silence heard, a pause of 0.3–0.7 s, Ctrl+Space to
    play; returns the time from that press to the first sound (ms, see sound_latency). Half a
    second of sound is let through before the next trial."""
    app.focus()
    paused_from = recorder.frame_count()
    session.keyboard.press("Control_L", "space")
    recorder.wait_for_silence(paused_from, 0.3, 10)
    time.sleep(random.uniform(0.0, 0.4))
    start_frame = recorder.frame_count()
    pressed = session.keyboard.press("Control_L", "space")
    sound = recorder.wait_for_sound(start_frame, 10)
    latency = sound_latency(recorder, sound, pressed)
    recorder.wait_for_frames(sound + RATE // 2, 10)
    return latency
