"""Private homes for what is launched: their XDG folders, the app's library made once (by a
first launch) and put back before every launch, and the environment pointed at a home."""
import json
import multiprocessing
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .covers import album_library, fill_cover_cache
from .paths import shown_path

# Seconds allowed to the launch that imports a home's albums.json into its database once,
# while the homes are made.
LIBRARY_IMPORT_TIMEOUT = 600.0
EXIT_AFTER_FIRST_FRAME = "BLUELIBRARY_EXIT_AFTER_FIRST_FRAME"
FIRST_PAINT_FILE = "BLUELIBRARY_FIRST_PAINT_FILE"
# What the app's library folder ($XDG_DATA_HOME/bluelibrary) holds before each launch: the
# database and its daily backup (a fresh backup: the app makes none during the launches).
PRISTINE_LIBRARY_FILES = ("library.sqlite3", "library.sqlite3.backup")


@dataclass
class Home:
    """A private home folder: XDG data, state, cache and config folders for one target."""

    root: Path
    albums: int = 0  # 0: no library (the baselines, the in-process bench)
    pristine_library: Path | None = None  # a copy of the library folder's PRISTINE_LIBRARY_FILES

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def state(self) -> Path:
        return self.root / "state"

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def config(self) -> Path:
        return self.root / "config"

    @property
    def library_folder(self) -> Path:
        """The app's data folder: library.sqlite3 (the library), its backup, its lock."""
        return self.data / "bluelibrary"

    @property
    def database_file(self) -> Path:
        return self.library_folder / "library.sqlite3"

    @property
    def legacy_library_file(self) -> Path:
        """albums.json, the library of the versions before the database: the app imports it
        on a first run (renaming it), which is how a home's database is made."""
        return self.library_folder / "albums.json"

    @property
    def cover_folder(self) -> Path:
        return self.cache / "bluelibrary" / "covers"

    def environment(self) -> dict[str, str]:
        """The variables that point the app (and GTK) at this home."""
        return {
            "HOME": str(self.root),
            "XDG_DATA_HOME": str(self.data),
            "XDG_STATE_HOME": str(self.state),
            "XDG_CACHE_HOME": str(self.cache),
            "XDG_CONFIG_HOME": str(self.config),
        }


def make_home(root: Path, albums: int = 0, app_binary: Path | None = None,
              timeout: float = LIBRARY_IMPORT_TIMEOUT, tracks_per_album: int = 0) -> Home:
    """Creates a home under root; with albums > 0, makes the app's library of that many
    albums (see make_library, which needs app_binary) and fills the cover cache for the
    first and last CACHED_COVERS_AT_EACH_END of them; with tracks_per_album, gives each album
    that many tracks in the database (add_tracks).

    albums.json is written in a forked child so that this process stays small: a process we
    spawn starts with our peak resident size as its ru_maxrss (the kernel carries the
    spawning memory's high-water mark over exec), which must stay far below any GTK app's."""
    home = Home(root=root, albums=albums)
    for folder in (home.data, home.state, home.cache, home.config):
        folder.mkdir(parents=True, exist_ok=True)
    if albums > 0:
        if app_binary is None:
            raise ValueError("a home with a library needs the app binary to make its database")
        child = multiprocessing.get_context("fork").Process(target=write_library, args=(home,))
        child.start()
        child.join()
        if child.exitcode != 0:
            raise RuntimeError(f"could not write the library of {albums} albums in {root}")
        make_library(home, app_binary, timeout)
        if tracks_per_album:
            add_tracks(home, tracks_per_album)
    return home


def add_tracks(home: Home, per_album: int) -> None:
    """Writes per_album `track` rows for each album of home's pristine database, as an import
    of music folders would have left them (a path, a size, a time, the tags as JSON), in a
    forked child (see make_home), and puts the library folder back from it."""
    database = home.pristine_library / PRISTINE_LIBRARY_FILES[0]

    def write() -> None:
        import sqlite3
        connection = sqlite3.connect(database)
        ids = [row[0] for row in connection.execute("SELECT id FROM album")]

        def rows():
            for album in ids:
                for number in range(1, per_album + 1):
                    tags = {"title": f"Track {number}", "artist": f"Artist {album}", "album": f"Album {album}",
                            "albumArtist": "", "genre": "Rock", "trackNumber": number, "duration": 241.5,
                            "hasFrontCover": False, "musicBrainzAlbumID": ""}
                    yield (f"/music/{album}/{number:02d}.flac".encode(), album, 30_000_000, 1_795_609_763_415_456_232,
                           json.dumps(tags))
        connection.executemany("INSERT INTO track (path, albumID, size, modified, tags) VALUES (?, ?, ?, ?, ?)", rows())
        connection.execute("UPDATE album SET folder = 'file:///music/' || id, trackCount = ?, duration = ?",
                           (per_album, per_album * 241.5))
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()

    child = multiprocessing.get_context("fork").Process(target=write)
    child.start()
    child.join()
    if child.exitcode != 0:
        raise RuntimeError(f"could not add {per_album} tracks per album to {database}")
    restore_home(home)


def write_library(home: Home) -> None:
    """Writes home's albums.json (the format the app imports) and its cover cache."""
    library = album_library(home.albums)
    home.library_folder.mkdir(parents=True, exist_ok=True)
    home.legacy_library_file.write_text(json.dumps(library, ensure_ascii=False, indent=1), encoding="utf-8")
    fill_cover_cache(home.cover_folder, library)


def make_library(home: Home, app_binary: Path, timeout: float) -> None:
    """Has the app import home's albums.json into library.sqlite3, as on a user's first run
    after the move to the database: one launch with BLUELIBRARY_EXIT_AFTER_FIRST_FRAME=1 opens
    the library (importing albums.json) and exits after its first frame. (`--export` is a pure
    read: it makes no library.) Then keeps the pristine library folder: the database, and a
    copy of it as its backup (the app makes its daily backup at launch when there is none,
    or an old one: not what a usual launch does).

    The launch runs with the launches' environment (base_environment) minus GSK_RENDERER."""
    env = base_environment(home, None)
    env[EXIT_AFTER_FIRST_FRAME] = "1"
    argv = [str(app_binary)]
    print(f"  {home.albums:,} albums: {shown_path(app_binary)} (a first launch imports albums.json)", flush=True)
    try:
        done = subprocess.run(argv, env=env, cwd=home.root, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, encoding="utf-8", errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{shlex.join(argv)} did not end within {timeout:g} s (in {home.root})") from None
    if done.returncode != 0 or not home.database_file.is_file():
        details = (done.stderr or done.stdout).strip()
        raise RuntimeError(f"{shlex.join(argv)} ended with status {done.returncode} and made no "
                           f"{home.database_file.name} in {home.library_folder}" + (f": {details}" if details else ""))
    wal = Path(f"{home.database_file}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        # The database is copied without its WAL: what the WAL holds must be in it first.
        checkpoint_database(home.database_file)
    home.pristine_library = home.root / "pristine-library"
    home.pristine_library.mkdir()
    database, backup = PRISTINE_LIBRARY_FILES
    shutil.copyfile(home.database_file, home.pristine_library / database)
    source = home.library_folder / backup
    shutil.copyfile(source if source.is_file() else home.database_file, home.pristine_library / backup)


def checkpoint_database(database: Path) -> None:
    """Moves the content of database's WAL into it (and removes the WAL), in a forked child
    (see make_home)."""
    def checkpoint() -> None:
        import sqlite3
        connection = sqlite3.connect(database)
        try:
            busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            connection.close()
        sys.exit(1 if busy else 0)

    child = multiprocessing.get_context("fork").Process(target=checkpoint)
    child.start()
    child.join()
    wal = Path(f"{database}-wal")
    if child.exitcode != 0 or (wal.exists() and wal.stat().st_size > 0):
        raise RuntimeError(f"could not move the content of {wal} into {database}")


def own_peak_mib() -> float:
    """This process's peak resident size (VmHWM), in MiB: the floor of every ru_maxrss we
    measure (see make_home)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def restore_home(home: Home) -> None:
    """Puts a home back as make_home left it: no saved state, and the library folder holding
    only fresh copies of the pristine database and backup (no lock, WAL, shared memory,
    renamed or other files). Copied, not linked, since the app writes to them; each copy's
    modification time is now, so the backup is never due. The cover cache is left alone
    (nothing can be downloaded into it)."""
    shutil.rmtree(home.state / "bluelibrary", ignore_errors=True)
    if home.pristine_library is None:
        return
    home.library_folder.mkdir(parents=True, exist_ok=True)
    for entry in home.library_folder.iterdir():
        shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
    for name in PRISTINE_LIBRARY_FILES:
        shutil.copyfile(home.pristine_library / name, home.library_folder / name)


def home_environment(home: Home) -> dict[str, str]:
    """Ours without BlueLibrary's or GTK's debug variables (nor GSK_RENDERER), pointed at home:
    what the environment of every process launched on a home starts from."""
    dropped = ("BLUELIBRARY_", "G_MESSAGES_DEBUG", "GTK_DEBUG", "GDK_DEBUG", "GSK_DEBUG", "GSK_RENDERER")
    env = {key: value for key, value in os.environ.items() if not key.startswith(dropped)}
    env.update(home.environment())
    return env


def base_environment(home: Home, gsk_renderer: str | None) -> dict[str, str]:
    """The environment of every measured process: ours without BlueLibrary's or GTK's debug
    variables, pointed at home (home_environment), without accessibility bus or session bus."""
    env = home_environment(home)
    env.update({"GTK_A11Y": "none", "DBUS_SESSION_BUS_ADDRESS": "disabled:", "NO_AT_BRIDGE": "1"})
    if gsk_renderer:
        env["GSK_RENDERER"] = gsk_renderer
    return env
