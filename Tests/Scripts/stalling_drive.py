#!/usr/bin/python3
"""A drive that stops answering, for the tests: a read-only FUSE file system that mirrors
SOURCE at MOUNTPOINT, whose reads of some files block until the test lets them go, as a
network share or a failing disk does in the middle of a read.

The test steers it through files in CONTROL (a folder of the real file system):
- `stall`: while it exists, a read of a file whose name contains one of its lines (`*` for
  every file) blocks;
- `blocked`: written by the drive, one line per read that is blocked now (the file's name),
  so that a test can wait for the moment a reader is stuck, rather than guess it.

Usage: stalling_drive.py SOURCE MOUNTPOINT CONTROL   (fusepy, python3-fusepy; runs until
unmounted)
"""

import errno
import os
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


if __name__ == "__main__":
    source, mountpoint, control = sys.argv[1:4]
    FUSE(StallingMirror(source, control), mountpoint, foreground=True, ro=True, nothreads=False,
         # No caching of contents: every read reaches the drive, as on a network share.
         direct_io=True, attr_timeout=0, entry_timeout=0)
