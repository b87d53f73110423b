"""Running child processes and ending them: runs timed in their own session with their peak
memory, and why one failed (bench.py); stopping a child and reading its resident memory
(playback.py); the SIGTERM handler both install."""
import os
import re
import resource
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Run:
    """How one process ended: its wall time, peak resident memory and exit status."""

    seconds: float
    max_rss_kib: int
    status: int  # exit code, or -signal
    timed_out: bool
    started: float = 0.0  # when it was spawned, on the monotonic clock (seconds), as children read it

    @property
    def ok(self) -> bool:
        return self.status == 0 and not self.timed_out


class ProcessGroupKiller:
    """Kills a child's process group after a timeout, never after the child has been reaped
    (its pid could belong to someone else by then)."""

    def __init__(self, pid: int, timeout: float):
        self.pid = pid
        self.timed_out = False
        self.lock = threading.Lock()
        self.reaped = False
        self.timer = threading.Timer(timeout, self.expire)
        self.timer.daemon = True

    def start(self) -> None:
        self.timer.start()

    def expire(self) -> None:
        """The timeout: kills the whole group if the child is still there."""
        with self.lock:
            if not self.reaped:
                self.timed_out = True
                self.kill()

    def kill(self) -> None:
        """SIGKILL to the child's group (the child is its leader, started with setsid)."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def abandon(self) -> None:
        """Kills the child's group and reaps the child (after an interruption)."""
        with self.lock:
            if self.reaped:
                return
            self.kill()
        self.reap()

    def reap(self) -> tuple[int, resource.struct_rusage]:
        """Waits for the child to end, kills what it left in its group, and reaps it;
        returns its wait status and resource usage. Safe to call after a KeyboardInterrupt."""
        os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOWAIT)  # ended; the pid stays ours
        with self.lock:
            self.timer.cancel()
            self.kill()  # stray grandchildren, if any
            self.reaped = True
            _, status, usage = os.wait4(self.pid, 0)
        return status, usage


def exit_status(wait_status: int) -> int:
    """The exit code of a wait status, or minus the signal that killed the process."""
    if os.WIFSIGNALED(wait_status):
        return -os.WTERMSIG(wait_status)
    return os.WEXITSTATUS(wait_status)


def timed_run(argv: list[str], env: dict[str, str], timeout: float) -> Run:
    """Runs argv with its standard streams on /dev/null, in its own session; returns the
    wall time from just before the spawn to its exit (the monotonic clock, which the child can
    read too), and its ru_maxrss (KiB)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, fd) for fd in (0, 1, 2)]
        start = time.clock_gettime(time.CLOCK_MONOTONIC)
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=True)
    finally:
        os.close(devnull)
    killer = ProcessGroupKiller(pid, timeout)
    killer.start()
    try:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        seconds = time.clock_gettime(time.CLOCK_MONOTONIC) - start
    except BaseException:  # Ctrl+C: leave nothing running
        killer.abandon()
        raise
    status, usage = killer.reap()
    return Run(seconds=seconds, max_rss_kib=usage.ru_maxrss, status=exit_status(status), timed_out=killer.timed_out,
               started=start)


def streamed_run(argv: list[str], env: dict[str, str], cwd: Path, timeout: float) -> tuple[list[str], Run]:
    """Runs argv in its own session with stdin on /dev/null, stderr passed through, and
    returns the lines of its stdout (echoing none) and how it ended."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               text=True, encoding="utf-8", errors="replace", start_new_session=True)
    killer = ProcessGroupKiller(process.pid, timeout)
    killer.start()
    lines = []
    try:
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
    except BaseException:  # Ctrl+C: leave nothing running
        killer.abandon()
        raise
    finally:
        process.stdout.close()
    status, usage = killer.reap()
    process.returncode = exit_status(status)  # reaped here, not by Popen
    seconds = time.perf_counter() - start
    return lines, Run(seconds=seconds, max_rss_kib=usage.ru_maxrss, status=process.returncode, timed_out=killer.timed_out)


def describe_failure(run: Run, timeout: float) -> str:
    """A short reason for a run that did not end as it should."""
    if run.timed_out:
        return f"timeout ({timeout:g} s)"
    if run.status < 0:
        return f"killed by signal {-run.status}"
    return f"exit {run.status}"


def resident_kib(pid: int) -> int:
    """VmRSS of pid in KiB (0 once it is gone)."""
    try:
        match = re.search(r"^VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text(), re.M)
        return int(match.group(1)) if match else 0
    except OSError:
        return 0


def stop_process(process: subprocess.Popen, timeout: float = 10) -> int:
    """Ends one of our children: SIGTERM, then SIGKILL after timeout; returns its status."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)
    return process.returncode


def interrupt(signum, frame) -> None:
    """A SIGTERM handler that unwinds like Ctrl+C, so children and temporary folders go."""
    raise KeyboardInterrupt
