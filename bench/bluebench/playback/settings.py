"""The playback benchmark's figures: the tone and the sink, the MPRIS names, the thresholds of
the analysis, the measuring windows and the goals."""
import math

RATE = 44100  # frames per second of the albums, the sink and the recording
FREQUENCY = 440.0
AMPLITUDE = 0.5  # of full scale, as Fixtures/ToneAlbumMaker.swift
SINK = "test"
MPRIS_NAME = "org.mpris.MediaPlayer2.BlueLibrary"
MPRIS_PATH = "/org/mpris/MediaPlayer2"
PLAYER_INTERFACE = "org.mpris.MediaPlayer2.Player"
STALL_PROBE = "BLUELIBRARY_STALL_PROBE"
# A recorded sample at or above this magnitude is sound (the tone is at 16,384).
SOUND_THRESHOLD = 500
# Silence inside the tone: runs of at least SILENT_RUN samples below SILENT_LEVEL in magnitude.
# A 440 Hz sine at half scale crosses zero in steps of ~1,000, so it never makes such a run.
SILENT_LEVEL = 200
SILENT_RUN = 3
SINE_PERIOD = RATE // math.gcd(RATE, int(FREQUENCY))  # 2,205 frames: the sampled sine repeats
BOUNDARY_WINDOW = RATE // 10  # frames either side of a boundary examined for a gap or a click
CLICK_MARGIN = 1.25  # a step above the sine's own × this is a click
SETTLE_SECONDS = 5.0  # after a key press, before CPU and wake-ups are counted
PROFILE_SECONDS = 10.0  # strace on the GTK thread while playing, after the CPU window
STACK_SECONDS = 5.0  # then strace -k (its stacks)

GOAL_LATENCY_MS = 150.0
GOAL_CPU_PERCENT = 5.0
GOAL_WAKEUPS = 4.0
GOAL_STALL_MS = 16.0
GOAL_MEMORY_GROWTH_MIB = 1.0  # over the second half of the album: "does not grow" (the first tracks warm up)
