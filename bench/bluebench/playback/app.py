"""The release app as the playback benchmark drives it: launched on a private home, sound
server and bus, waited for, focused, quit; and what the kernel says of its threads."""
import re
import subprocess
import time
from pathlib import Path

from ..homes import Home, home_environment
from ..processes import stop_process
from .bus import SessionBus
from .keyboard import XKeyboard
from .sound import PulseServer
from .waiting import BenchFailure, wait_until


class App:
    """The release `bluelibrary` on a private home, importing a music folder (given on its
    command line, which selects its album; or none, on a home whose library is made), playing into the private PulseAudio, its MPRIS
    service on the private bus, drawn with cairo. Never with the state report: its 20 ms
    timer would be measured too."""

    def __init__(self, binary: Path, home: Home, music: Path | None, pulse: PulseServer, bus: SessionBus,
                 log: Path, extra: dict[str, str] | None = None):
        env = home_environment(home)
        env.update(pulse.environment)
        env.update({"GTK_A11Y": "none", "NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo",
                    "DBUS_SESSION_BUS_ADDRESS": bus.address})
        env.update(extra or {})
        self.bus = bus
        self.log = log
        with open(log, "wb") as output:
            arguments = [str(binary)] + ([str(music)] if music else [])  # no music: the home's library as it is
            self.process = subprocess.Popen(arguments, env=env, cwd=home.root,
                                            stdin=subprocess.DEVNULL, stdout=output, stderr=output)
        self.pid = self.process.pid
        self.window: int | None = None

    def check_running(self) -> None:
        if self.process.poll() is not None:
            raise BenchFailure(f"bluelibrary exited with {self.process.returncode}: "
                               f"{self.log.read_text(errors='replace')[-1500:]}")

    def wait_until_ready(self, keyboard: "XKeyboard", timeout: float = 60) -> None:
        """Waits for the window and for the album to be playable (MPRIS CanPlay: the import
        has listed its tracks), moves the pointer off the window, then lets the launch settle
        for a second (the import's end, the first frames) so that what follows is measured on
        an idle window."""
        def can_play() -> bool:
            self.check_running()
            return self.bus.player_property("CanPlay") == "(<true>,)"

        wait_until(can_play, timeout, "playable album (MPRIS CanPlay)", interval=0.1)
        self.window = wait_until(self.find_window, timeout, "BlueLibrary window", interval=0.1)
        keyboard.move_pointer_to_corner()
        time.sleep(1.0)

    def find_window(self) -> int | None:
        """The app's main window: titled BlueLibrary and wider than a tooltip."""
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^BlueLibrary$"],
                               capture_output=True, text=True, timeout=10).stdout.split()
        for candidate in reversed(found):
            shape = subprocess.run(["xdotool", "getwindowgeometry", "--shell", candidate],
                                   capture_output=True, text=True, timeout=10).stdout
            width = re.search(r"WIDTH=(\d+)", shape)
            if width and int(width.group(1)) >= 400:
                return int(candidate)
        return None

    def focus(self) -> None:
        """Gives the window the keyboard focus (no window manager runs on Xvfb)."""
        subprocess.run(["xdotool", "windowfocus", "--sync", str(self.window)], check=True, timeout=10)

    def quit(self, keyboard: XKeyboard, timeout: float = 30) -> int:
        """Ctrl+Q, then waits for the exit (SIGTERM, then SIGKILL, past the deadline)."""
        if self.process.poll() is None:
            self.focus()
            keyboard.press("Control_L", "q")
            try:
                return self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        return stop_process(self.process)

    # What the kernel says of the process

    def cpu_ticks(self) -> dict[int, tuple[str, int]]:
        """Per thread: its name and its user + system time in clock ticks."""
        threads = {}
        for task in Path(f"/proc/{self.pid}/task").iterdir():
            try:
                name = (task / "comm").read_text().strip()
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                threads[int(task.name)] = (name, int(fields[11]) + int(fields[12]))  # utime, stime
            except (OSError, IndexError, ValueError):
                continue  # a thread that ended meanwhile
        return threads

    def process_ticks(self) -> int:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def main_thread_switches(self) -> tuple[int, int]:
        """The GTK thread's (the main thread's: its id is the process's) voluntary context
        switches (each time it went to sleep: in the main loop's poll, or waiting for the X
        server's reply, or for a lock; so each one ends in a wake-up) and involuntary ones
        (taken off a core while it had work: the other threads' and processes' doing)."""
        status = Path(f"/proc/{self.pid}/task/{self.pid}/status").read_text()
        voluntary = re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M)
        involuntary = re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", status, re.M)
        return int(voluntary.group(1)), int(involuntary.group(1))
