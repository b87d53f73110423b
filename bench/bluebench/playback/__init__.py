"""The playback benchmark (issue 27), whose entry point is bench/playback.py (see its
docstring for what it measures and how), one module per part: settings (its figures),
waiting (deadlines and its failure), albums (the music played), sound (the private
PulseAudio and the recording of its sink), bus (the private session bus and the app's MPRIS
announcements), keyboard (XTest key presses), app (the release app it drives), session (what
every measurement uses), gaps (the recording against the album), gtk_thread (what wakes the
GTK thread), measure (the three measurements), report (its block of RESULTS.md) and cli.
"""
