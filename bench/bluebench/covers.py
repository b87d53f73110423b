"""The libraries' albums and their covers: the content of albums.json, and the cover cache
filled as the app's cover store fills it (real PNGs from the fixtures' PNG maker)."""
import sys
from hashlib import sha256
from pathlib import Path

from .paths import FIXTURES

sys.path.insert(0, str(FIXTURES))
from png import png  # noqa: E402  (the fixtures' one PNG maker)

# Nothing listens on port 9 (discard): a cover missing from the cache fails at once.
COVER_URL = "http://127.0.0.1:9/cover/{index}.png"
CACHED_COVERS_AT_EACH_END = 300  # the first and the last albums have their cover cached
COVER_EDGE = 288  # pixels: AlbumView.coverSize (144) at 2x
GENRES = ("Pop", "Rock", "Jazz", "Electronic", "Classical", "Folk", "Hip-Hop", "Soundtrack")


def album_library(count: int) -> list[dict[str, str]]:
    """count albums with distinct titles and artists, in the format of albums.json."""
    digits = max(5, len(str(count - 1)))
    return [
        {
            "title": f"Album {i:0{digits}d}",
            "artist": f"Artist {i:0{digits}d}",
            "genre": GENRES[i % len(GENRES)],
            "coverUrl": COVER_URL.format(index=i),
            "year": str(1950 + i % 75),
        }
        for i in range(count)
    ]


def cached_cover_indices(count: int) -> list[int]:
    """The albums whose cover is in the cache: the first and the last few hundred."""
    ends = CACHED_COVERS_AT_EACH_END
    return sorted(set(range(min(ends, count))) | set(range(max(0, count - ends), count)))


def cached_cover_name(address: str) -> str:
    """The name of a cover's file in the cache, as the app's cover store names it: the
    lowercase hexadecimal SHA-256 of the address's UTF-8 bytes, no extension."""
    return sha256(address.encode("utf-8")).hexdigest()


def fill_cover_cache(folder: Path, library: list[dict[str, str]]) -> None:
    """Writes a real PNG for the cached albums, named as the app's cover store names them."""
    folder.mkdir(parents=True, exist_ok=True)
    for index in cached_cover_indices(len(library)):
        address = library[index]["coverUrl"]
        (folder / cached_cover_name(address)).write_bytes(png(COVER_EDGE, COVER_EDGE, cover_colour(index)))


def cover_colour(index: int) -> bytes:
    """A distinct-looking RGB colour for album index."""
    return bytes(((index * k) + 40) % 256 for k in (37, 91, 53))
