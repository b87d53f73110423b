#!/usr/bin/python3
"""A drive that stops answering, for the tests: a read-only FUSE file system that mirrors
SOURCE at MOUNTPOINT, whose reads of some files block until the test lets them go, as a
network share or a failing disk does in the middle of a read.

The test steers it through files in CONTROL (a folder of the real file system):
- `stall`: while it exists, a read of a file whose name contains one of its lines (`*` for
  every file) blocks;
- `blocked`: written by the drive, one line per read that is blocked now (the file's name),
  so that a test can wait for the moment a reader is stuck, rather than guess it;
- `drive.log`: what the drive printed (never the test's own output: a drive left running
  would keep the test runner's pipe open, and the runner would wait for its end for ever).

The drive never outlives the test process that started it: once that process is gone (it
ended without unmounting, or crashed), the drive unmounts itself and ends, and every read
still blocked in it fails at once (the FUSE connection ends with it).

Usage: stalling_drive.py SOURCE MOUNTPOINT CONTROL   (fusepy, python3-fusepy; runs until
unmounted)
"""

import errno
import os
import signal
import subprocess
import sys
import threading
import time

from fusepy import FUSE, FuseOSError, Operations


class StallingMirror(Operations):
    def __init__(self, source, control):
        self.source = source
        self.stall_file = os.path.join(control, "stall")
        self.blocked_file = os.path.join(control, "blocked")
        self.guard = threading.Lock()  # not `lock`: that name is a FUSE operation
        self.blocked = []

    def _path(self, path):
        return os.path.join(self.source, path.lstrip("/"))

    def _stalled_names(self):
        try:
            with open(self.stall_file) as lines:
                return [line.strip() for line in lines if line.strip()]
        except FileNotFoundError:
            return []

    def _is_stalled(self, name):
        return any(pattern == "*" or pattern in name for pattern in self._stalled_names())

    def _tell_blocked(self, name, blocked):
        with self.guard:
            if blocked:
                self.blocked.append(name)
            else:
                self.blocked.remove(name)
            temporary = self.blocked_file + ".new"
            with open(temporary, "w") as out:
                out.writelines(f"{entry}\n" for entry in self.blocked)
            os.replace(temporary, self.blocked_file)

    # MARK: the file system

    def getattr(self, path, fh=None):
        try:
            info = os.lstat(self._path(path))
        except OSError as error:
            raise FuseOSError(error.errno)
        return {key: getattr(info, key) for key in
                ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid")}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._path(path))

    def open(self, path, flags):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise FuseOSError(errno.EROFS)
        return os.open(self._path(path), os.O_RDONLY)

    def read(self, path, size, offset, fh):
        name = os.path.basename(path)
        if self._is_stalled(name):
            self._tell_blocked(name, True)
            # The drive's own wait (not a test's): it answers once the test removes `stall`.
            while self._is_stalled(name):
                time.sleep(0.05)
            self._tell_blocked(name, False)
        return os.pread(fh, size, offset)

    def release(self, path, fh):
        os.close(fh)


def detach_from_the_test(control):
    """Keeps none of the test's output: it goes to CONTROL/drive.log. (The other descriptors
    stay: Foundation's Process learns of the drive's end from one of them closing.)"""
    log = os.open(os.path.join(control, "drive.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    sys.stdout = os.fdopen(1, "w", buffering=1)
    sys.stderr = os.fdopen(2, "w", buffering=1)


def end_with_the_test(mountpoint):
    """Unmounts and ends the drive once the process that started it is gone."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.2)  # the drive's own watch, not a test's wait
        print("the test process is gone: unmounting", flush=True)
        subprocess.run(["/bin/umount", "-l", mountpoint], check=False)
        # Killed, the drive's end aborts the FUSE connection: blocked reads fail at once.
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, daemon=True).start()


if __name__ == "__main__":
    source, mountpoint, control = sys.argv[1:4]
    detach_from_the_test(control)
    end_with_the_test(mountpoint)
    FUSE(StallingMirror(source, control), mountpoint, foreground=True, ro=True, nothreads=False,
         # No caching of contents: every read reaches the drive, as on a network share.
         direct_io=True, attr_timeout=0, entry_timeout=0)
