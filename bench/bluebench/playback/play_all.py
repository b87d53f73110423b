"""Listening sessions at scale (issue 53): Play All at 100,000 albums of 10 tracks, heard.

The library is made as the app would have it after importing 100,000 album folders: a first
launch imports albums.json (homes.make_home), then each album gets its folder, its track count
and 10 `track` rows, written with sqlite3 as the importer writes them. The first album in the
strip's order is a real gapless tone album (its files exist and play); the others name files
that are never read before they would play. What is measured, in the release app:

- Shift+Ctrl+P (Play All) to the first sound on the sink, from paused (the queue of the
  previous trial replaced), `trials` times;
- the main loop's stalls over a frame (16 ms) from each press until half a second after its
  sound (the app's stall probe lists each one with its time);
- resident memory before the first Play All (the selected album played once, so that the
  pipeline is made) and after the last;
- reordering the queue of 1,000,000 tracks: F9 opens it, Alt+Down moves a track 20 times; the
  stalls over a frame meanwhile;
- the size of state.json written at quit with the 1,000,000-track queue in it, and the first
  frame of launches with that state.json against launches with the same one without its queue.
"""
import json
import multiprocessing
import statistics
import time
from pathlib import Path

from ..homes import EXIT_AFTER_FIRST_FRAME, Home, make_home
from ..processes import resident_kib, stop_process
from .albums import make_tone_album, odd_track_lengths
from .app import App
from .session import Session, sound_latency
from .settings import RATE, STALL_PROBE
from .sound import MonitorRecorder
from .waiting import BenchFailure, wait_until

TRACKS_PER_ALBUM = 10


def measure_play_all(session: Session, albums: int, trials: int, launches: int) -> dict:
    """Makes the library, plays it all `trials` times, quits, and times launches with and
    without the saved queue."""
    root = session.scratch / "play-all"
    print(f"  making a library of {albums:,} albums of {TRACKS_PER_ALBUM} tracks", flush=True)
    home = make_home(root, albums=albums, app_binary=session.binary)
    real = make_tone_album(session.scratch / "music" / "First", "First", odd_track_lengths(TRACKS_PER_ALBUM, 3.0))
    add_tracks(home, real.folder)
    probe_file = root / "stall-probe.json"
    recorder = MonitorRecorder(session.pulse)
    app = App(session.binary, home, None, session.pulse, session.bus, root / "output.log", {STALL_PROBE: str(probe_file)})
    presses: list[tuple[float, float]] = []  # (pressed, heard + 0.5 s) on the monotonic clock
    latencies: list[float] = []
    try:
        app.wait_until_ready(session.keyboard, timeout=120)
        # The selected album played and paused once first: GStreamer's pipeline (tens of MiB)
        # is made then, and what follows is Play All's own cost.
        session.play_from_launch(app, recorder)
        paused_from = recorder.frame_count()
        session.keyboard.press("Control_L", "space")
        recorder.wait_for_silence(paused_from, 0.3, 10)
        rss_before = resident_kib(app.pid)
        for _ in range(trials):
            app.focus()
            recorder.wait_for_silence(max(0, recorder.frame_count() - RATE // 10), 0.05, 10)
            start_frame = recorder.frame_count()
            pressed = session.keyboard.press("Shift_L", "Control_L", "p")
            sound = recorder.wait_for_sound(start_frame, 30)
            latency = sound_latency(recorder, sound, pressed)[0]
            latencies.append(latency)
            recorder.wait_for_frames(sound + RATE // 2, 10)
            presses.append((pressed, pressed + latency / 1000 + 0.5))
            paused_from = recorder.frame_count()
            session.keyboard.press("Control_L", "space")
            recorder.wait_for_silence(paused_from, 0.3, 10)
        rss_after = resident_kib(app.pid)
        opened, moves = reorder(session, app)
        status = app.quit(session.keyboard)
    finally:
        stop_process(app.process)
        recorder.stop()
    if status != 0:
        raise BenchFailure(f"bluelibrary exited with {status} after Play All: {app.log.read_text(errors='replace')[-1500:]}")
    probe = json.loads(probe_file.read_text())
    started = probe["startedMonotonicSeconds"]

    def within(windows: list[tuple[float, float]]) -> list[dict]:
        return [stall for stall in probe["overFrame"]
                if any(begin <= started + stall["atSeconds"] <= end for begin, end in windows)]

    def stalls_within(windows: list[tuple[float, float]]) -> list[float]:
        return [stall["latenessMilliseconds"] for stall in within(windows)]

    stalls = stalls_within(presses)
    # Of each stall, the time the GTK thread spent on a core (the rest it waited: for a core,
    # for the X server, for the sound server).
    stall_cpu = [stall.get("onCoreMilliseconds") for stall in within(presses)]
    state = home.state / "bluelibrary" / "state.json"
    queue = json.loads(state.read_text()).get("playback", {}).get("queue")
    if not queue:
        raise BenchFailure(f"{state} holds no queue after Play All")
    with_queue, without_queue = first_frames(session, home, state, launches)
    return {"albums": albums, "tracks": albums * TRACKS_PER_ALBUM, "latencies": latencies, "stalls": stalls,
            "stall_cpu": stall_cpu,
            "probe_max_all": probe["all"]["maxMilliseconds"], "open_stalls": stalls_within([opened]),
            "moves": len(moves), "move_stalls": stalls_within(moves), "rss_before": rss_before, "rss_after": rss_after,
            "state_bytes": state.stat().st_size, "queue_runs": len(queue.get("runs", [])),
            "first_frame_with_queue": with_queue, "first_frame_without_queue": without_queue}


MOVES = 20


def reorder(session: Session, app: App) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    """Opens the queue (F9: the track playing has the focus), moves the next track down
    MOVES times with Alt+Down, a fifth of a second apart, and closes it. Returns the moments
    (monotonic) from the press that opened it until a second later, and from each move's press
    until the next press."""
    app.focus()
    pressed = session.keyboard.press("F9")
    time.sleep(1.0)
    opened = (pressed, pressed + 1.0)
    session.keyboard.press("Down")
    time.sleep(0.3)
    moves = []
    for _ in range(MOVES):
        pressed = session.keyboard.press("Alt_L", "Down")
        time.sleep(0.2)
        moves.append((pressed, pressed + 0.2))
    session.keyboard.press("Escape")
    time.sleep(0.3)
    return opened, moves


# MARK: The library


def add_tracks(home: Home, real_folder: Path) -> None:
    """Gives every album of home's library a folder and TRACKS_PER_ALBUM tracks (sqlite3, in
    a forked child: see make_home); the first album in the strip's order gets real_folder's
    files."""
    child = multiprocessing.get_context("fork").Process(target=write_tracks, args=(home.database_file, real_folder))
    child.start()
    child.join()
    if child.exitcode != 0:
        raise BenchFailure(f"could not add the tracks to {home.database_file}")


def write_tracks(database: Path, real_folder: Path) -> None:
    import sqlite3
    connection = sqlite3.connect(database)
    with connection:
        rows = connection.execute("SELECT id, title, artist FROM album ORDER BY position").fetchall()
        real_files = sorted(real_folder.glob("*.flac"))
        album_updates, tracks = [], []
        for order, (album_id, title, artist) in enumerate(rows):
            folder = real_folder if order == 0 else Path(f"/nonexistent/bluelibrary-bench/{album_id}")
            for number in range(1, TRACKS_PER_ALBUM + 1):
                if order == 0:
                    file = real_files[number - 1]
                    size, modified = file.stat().st_size, int(file.stat().st_mtime)
                else:
                    file, size, modified = folder / f"{number:02d} Track {number}.flac", 1_000_000, 1_700_000_000
                tags = {"title": f"Track {number}", "artist": artist, "albumArtist": artist, "album": title, "genre": "",
                        "musicBrainzAlbumID": "", "trackNumber": number, "duration": 3.0, "hasFrontCover": False}
                tracks.append((bytes(file), album_id, size, modified, json.dumps(tags)))
            album_updates.append((folder.as_uri() + "/", TRACKS_PER_ALBUM, 3.0 * TRACKS_PER_ALBUM, album_id))
        connection.executemany("UPDATE album SET folder = ?, trackCount = ?, duration = ? WHERE id = ?", album_updates)
        connection.executemany("INSERT INTO track (path, albumID, size, modified, tags) VALUES (?, ?, ?, ?, ?)", tracks)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


# MARK: The first frame with the queue


def first_frames(session: Session, home: Home, state: Path, launches: int) -> tuple[list[float], list[float]]:
    """Wall time (ms) from spawn to the exit after the first frame, `launches` times each with
    state.json as saved (the queue in it) and with the same file without its queue,
    alternating."""
    saved = state.read_text()
    document = json.loads(saved)
    document["playback"].pop("queue", None)
    without = json.dumps(document)
    with_queue, without_queue = [], []
    for launch in range(launches * 2 + 1):
        has_queue = launch % 2 == 1
        state.write_text(saved if has_queue else without)
        began = time.monotonic()
        app = App(session.binary, home, None, session.pulse, session.bus, home.root / "first-frame.log",
                  {EXIT_AFTER_FIRST_FRAME: "1"})
        try:
            status = app.process.wait(timeout=60)
        finally:
            stop_process(app.process)
        took = (time.monotonic() - began) * 1000
        if status != 0:
            raise BenchFailure(f"a launch to its first frame exited with {status}")
        if launch > 0:  # the first is a warm-up
            (with_queue if has_queue else without_queue).append(took)
    state.write_text(saved)
    return with_queue, without_queue


def stall_text(stalls: list[float]) -> str:
    return f"{len(stalls)}" + (f" (longest {max(stalls):.1f} ms)" if stalls else "")


def summary(results: dict) -> list[list[str]]:
    """Rows of figures against the issue's goals."""
    from ..markdown import verdict
    latencies, stalls = results["latencies"], results["stalls"]
    growth = (results["rss_after"] - results["rss_before"]) / 1024
    with_queue = statistics.median(results["first_frame_with_queue"])
    without_queue = statistics.median(results["first_frame_without_queue"])
    median = statistics.median(latencies)
    return [
        [f"Play All at {results['albums']:,} albums of {TRACKS_PER_ALBUM} tracks: Shift+Ctrl+P to sound on the sink "
         f"(median of {len(latencies)}, from paused)", f"{median:.0f} ms (all: {', '.join(f'{x:.0f}' for x in latencies)})",
         "≤ 150 ms", verdict(median <= 150)],
        ["main-loop stalls over 16 ms from each press to 0.5 s after its sound (of each, ms on a core)",
         stall_text(stalls) + (" (" + ", ".join(f"{s:.0f} ms: {c:.0f}" if c is not None else f"{s:.0f} ms: ?"
                                              for s, c in zip(stalls, results.get("stall_cpu", []))) + ")" if stalls else ""),
         "0", verdict(not stalls)],
        [f"reordering in the queue of {results['tracks']:,} tracks: main-loop stalls over 16 ms in the "
         f"{results['moves']} Alt+Down moves (0.2 s each)", stall_text(results["move_stalls"]), "0 (one frame each)",
         verdict(not results["move_stalls"])],
        ["opening the queue (F9): stalls over 16 ms within a second", stall_text(results["open_stalls"]), "—", "—"],
        [f"resident memory, before the first Play All and after the last", f"+{growth:.1f} MiB", "≤ +30 MiB",
         verdict(growth <= 30)],
        [f"state.json with the queue of {results['tracks']:,} tracks ({results['queue_runs']:,} runs)",
         f"{results['state_bytes'] / 1024:.1f} KiB", "≤ 64 KiB", verdict(results["state_bytes"] <= 64 * 1024)],
        ["launch to first frame with that state.json, against the same without its queue (medians)",
         f"{with_queue:.0f} against {without_queue:.0f} ms: {with_queue - without_queue:+.0f} ms", "≤ +10 ms",
         verdict(with_queue - without_queue <= 10)],
    ]
