"""BlueLibrary's benchmarks, one module per part. bench/bench.py (bluebench.cli) and
bench/playback.py (bluebench.playback.cli) are the entry points that bench/run calls.

For bench.py: paths (where things are), covers (the libraries' albums and cached covers),
homes (private homes, the app's library made once and put back), processes (running and
ending children), first_frame (the launches' rounds) and first_frame_tables, inprocess
(bluelibrary-bench's JSON figures), peers with peer_apps and peer_music (the import against
Lollypop and Rhythmbox, issue 57), markdown (report text both benchmarks share), notes
(RESULTS.md's Notes section, shared with playback.py), report (bench.py's report) and cli.
The playback benchmark is the subpackage bluebench.playback.
"""
