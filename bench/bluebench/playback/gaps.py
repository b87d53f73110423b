"""The recording against the album: where the album starts in it, the frames that differ,
and at each track boundary the silence and the largest step (a click)."""
import array
import math

from .albums import ToneAlbum
from .settings import (AMPLITUDE, BOUNDARY_WINDOW, FREQUENCY, RATE, SILENT_LEVEL, SILENT_RUN, SINE_PERIOD,
                       SOUND_THRESHOLD)


def silent_runs(samples: array.array) -> list[tuple[int, int]]:
    """Runs (start, length) of at least SILENT_RUN samples below SILENT_LEVEL in magnitude."""
    runs, start = [], None
    for index, sample in enumerate(samples):
        if -SILENT_LEVEL < sample < SILENT_LEVEL:
            if start is None:
                start = index
        elif start is not None:
            if index - start >= SILENT_RUN:
                runs.append((start, index - start))
            start = None
    if start is not None and len(samples) - start >= SILENT_RUN:
        runs.append((start, len(samples) - start))
    return runs


def largest_step(samples: array.array) -> tuple[int, int]:
    """The largest difference between neighbouring samples, and where it starts."""
    best, where = 0, 0
    for index in range(len(samples) - 1):
        step = abs(samples[index + 1] - samples[index])
        if step > best:
            best, where = step, index
    return best, where


def find_album_start(album: ToneAlbum, heard: array.array, first_sound: int) -> tuple[int, bool]:
    """Where the album's frame 0 is in the recording, and whether that was found exactly.

    From the end: the stream's last frame is the album's last, and after it the sink plays
    exact zeros, so the last non-zero sample heard is the album's last non-zero one. (The
    start cannot say it: the monitor misses the first milliseconds of a stream that starts,
    which PulseAudio mixes into audio already handed to the monitor, and the sampled sine
    repeats every 2,205 frames.) Failing that, the closest match to the first sound."""
    last_heard = next((i for i in range(len(heard) - 1, -1, -1) if heard[i] != 0), None)
    last_album = next((i for i in range(album.total_frames - 1, -1, -1) if album.samples[i] != 0), None)
    if last_heard is not None and last_album is not None:
        offset = last_heard - last_album
        tail = max(0, album.total_frames - 4096)
        if offset >= 0 and heard[offset + tail:offset + album.total_frames] == album.samples[tail:]:
            return offset, True
    probe = heard[first_sound:first_sound + 64]
    best, best_distance = first_sound, None
    for start in range(0, min(SINE_PERIOD + 64, album.total_frames - 64)):
        distance = sum(abs(a - b) for a, b in zip(album.samples[start:start + 64], probe))
        if best_distance is None or distance < best_distance:
            best, best_distance = first_sound - start, distance
    return best, False


def analyse_gaps(album: ToneAlbum, heard: array.array, first_sound: int) -> dict:
    """The recording against the album: where the album starts in it, which frames differ
    from the album's samples, silence inside the heard span, and at each boundary the silent
    samples and the largest step (a click) within BOUNDARY_WINDOW frames, against the sine's
    own largest step."""
    offset, aligned = find_album_start(album, heard, first_sound)
    span = heard[offset:offset + album.total_frames]
    unheard = max(0, min(first_sound - offset, album.total_frames))  # the start the monitor missed
    differing = [index for index, (a, b) in enumerate(zip(span, album.samples)) if a != b and index >= unheard]
    differing += list(range(len(span), album.total_frames))  # not recorded at all
    natural = 2 * AMPLITUDE * 32767 * math.sin(math.pi * FREQUENCY / RATE)
    boundaries = []
    for number, boundary in enumerate(album.boundaries, start=2):
        low, high = max(0, boundary - BOUNDARY_WINDOW), boundary + BOUNDARY_WINDOW
        window = span[low:high]
        step, where = largest_step(window)
        boundaries.append({"track": number, "frame": boundary, "seconds": boundary / RATE,
                           "silent": sum(length for _, length in silent_runs(window)),
                           "step": step, "step_offset": low + where - boundary,
                           "cut_step": abs(span[boundary] - span[boundary - 1]) if boundary < len(span) else None,
                           "own_cut_step": abs(album.samples[boundary] - album.samples[boundary - 1]),
                           "exact": aligned and window == album.samples[low:high]})
    last = next((i for i in range(len(heard) - 1, -1, -1) if abs(heard[i]) >= SOUND_THRESHOLD), first_sound)
    inside = silent_runs(heard[first_sound:last + 1])
    return {"offset": offset, "aligned": aligned, "unheard": unheard, "differing": len(differing),
            "first_differing": differing[:1], "last_differing": differing[-1:],
            "frames": album.total_frames, "heard_frames": last + 1 - first_sound,
            "silent_inside": sum(length for _, length in inside), "silent_runs": inside[:10],
            "natural_step": natural, "boundaries": boundaries}
