"""The music folders the peers import (issue 57, item 5): albums of tagged FLAC tracks, each
folder with its cover.jpg, made once and kept for the next run.

ffmpeg encodes one second of a tone once; every track is that file with its own Vorbis
comment block (ARTIST, ALBUM, TITLE, TRACKNUMBER, DATE, GENRE) written in place of
ffmpeg's, so 20,000 tracks take seconds and need nothing but ffmpeg and ImageMagick (from
`scripts/install-dependencies --tests`)."""
import json
import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

TRACKS_PER_ALBUM = 10
ALBUMS_PER_ARTIST = 5
GENRES = ("Rock", "Jazz", "Classical", "Electronic", "Folk", "Hip-Hop", "Blues", "Pop", "Soul", "Ambient")
COVER_EDGE = 300
# Bumped whenever what is generated changes, so that a cached folder of an older kind is made again.
GENERATION = 1

# FLAC metadata block types (https://xiph.org/flac/format.html#metadata_block_header).
STREAMINFO, PADDING, VORBIS_COMMENT = 0, 1, 4


@dataclass
class MusicFolder:
    """A generated folder: `albums` album folders of TRACKS_PER_ALBUM tracks under root."""

    root: Path
    albums: int

    @property
    def tracks(self) -> int:
        return self.albums * TRACKS_PER_ALBUM


def music_folder(cache: Path, tracks: int) -> MusicFolder:
    """The folder of `tracks` tracks under cache (made if missing or incomplete, reused
    otherwise): `<cache>/<tracks>-tracks/Artist 001/Album 0001/01 Track 1.flac`…, with
    `<cache>/<tracks>-tracks.json` written once it is complete."""
    albums = -(-tracks // TRACKS_PER_ALBUM)
    folder = MusicFolder(root=cache / f"{albums * TRACKS_PER_ALBUM}-tracks", albums=albums)
    expected = {"generation": GENERATION, "albums": albums, "tracksPerAlbum": TRACKS_PER_ALBUM}
    # Beside the folder, not in it: the apps import everything under folder.root.
    manifest = folder.root.with_suffix(".json")
    try:
        if json.loads(manifest.read_text(encoding="utf-8")) == expected:
            return folder
    except (OSError, ValueError):
        pass
    print(f"  writing {folder.tracks:,} FLAC tracks in {albums:,} album folders to {folder.root}", flush=True)
    shutil.rmtree(folder.root, ignore_errors=True)
    samples = cache / "samples"
    samples.mkdir(parents=True, exist_ok=True)
    audio = flac_audio(samples / "tone.flac")
    cover = cover_image(samples / "cover.jpg")
    for album in range(1, albums + 1):
        artist = (album - 1) // ALBUMS_PER_ARTIST + 1
        album_folder = folder.root / f"Artist {artist:03d}" / f"Album {album:04d}"
        album_folder.mkdir(parents=True)
        shutil.copyfile(cover, album_folder / "cover.jpg")
        for number in range(1, TRACKS_PER_ALBUM + 1):
            tags = {"ARTIST": f"Artist {artist:03d}", "ALBUM": f"Album {album:04d}", "TITLE": f"Track {number}",
                    "TRACKNUMBER": str(number), "DATE": str(1960 + album % 60), "GENRE": GENRES[album % len(GENRES)]}
            (album_folder / f"{number:02d} Track {number}.flac").write_bytes(tagged_flac(audio, tags))
    manifest.write_text(json.dumps(expected) + "\n", encoding="utf-8")  # written last: the folder is complete
    return folder


def flac_audio(file: Path) -> tuple[bytes, bytes]:
    """One second of a 440 Hz tone (44.1 kHz, stereo) encoded by ffmpeg into file; returns
    its STREAMINFO block's body and its audio frames (what follows the metadata)."""
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-nostdin", "-f", "lavfi",
                    "-i", "sine=frequency=440:sample_rate=44100:duration=1", "-ac", "2", "-c:a", "flac", str(file)],
                   check=True, capture_output=True, timeout=60)
    data = file.read_bytes()
    if data[:4] != b"fLaC":
        raise RuntimeError(f"{file} is not a FLAC file")
    position, streaminfo = 4, None
    while True:
        header = data[position]
        length = int.from_bytes(data[position + 1:position + 4], "big")
        if header & 0x7F == STREAMINFO:
            streaminfo = data[position + 4:position + 4 + length]
        position += 4 + length
        if header & 0x80:  # the last metadata block
            break
    if streaminfo is None:
        raise RuntimeError(f"{file} has no STREAMINFO block")
    return streaminfo, data[position:]


def tagged_flac(audio: tuple[bytes, bytes], tags: dict[str, str]) -> bytes:
    """A FLAC file: the STREAMINFO and frames of audio, with a Vorbis comment block of tags."""
    streaminfo, frames = audio
    vendor = b"bluelibrary bench"
    comments = [f"{key}={value}".encode() for key, value in tags.items()]
    body = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(comments))
    body += b"".join(struct.pack("<I", len(comment)) + comment for comment in comments)

    def block(kind: int, payload: bytes, last: bool = False) -> bytes:
        return bytes([kind | (0x80 if last else 0)]) + len(payload).to_bytes(3, "big") + payload

    return b"fLaC" + block(STREAMINFO, streaminfo) + block(VORBIS_COMMENT, body, last=True) + frames


def cover_image(file: Path) -> Path:
    """A COVER_EDGE×COVER_EDGE JPEG (ImageMagick), copied into every album folder."""
    subprocess.run(["convert", "-size", f"{COVER_EDGE}x{COVER_EDGE}", "gradient:steelblue-navy",
                    "-quality", "85", str(file)], check=True, capture_output=True, timeout=60)
    return file
