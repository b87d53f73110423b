// TagFile.hpp — what reading and writing share: the formats by file extension, and opening
// a file with TagLib 1.13 (read-only, or read-write for the tests' writer).

#pragma once

#include <taglib/tfile.h>
#include <taglib/tfilestream.h>
#include <taglib/xiphcomment.h>

#include <memory>

namespace bl {

/// The audio formats this reader understands, chosen by file extension.
enum class Format { Unknown, MPEG, FLAC, OggVorbis, Opus, MP4, WAV };

/// The MP4 free-form item holding the MusicBrainz release id.
extern const char *const kMP4MusicBrainzAlbumID;
/// The ID3v2 TXXX description holding the MusicBrainz release id.
extern const char *const kID3MusicBrainzAlbumID;
/// The MP4 freeform atom of the MusicBrainz recording id.
extern const char *const kMP4MusicBrainzRecordingID;
/// The owner of the ID3v2 UFID frame that holds the MusicBrainz recording id.
extern const char *const kID3MusicBrainzOwner;

/// Maps a file extension to the format that should be tried first.
Format formatForPath(const char *path);

/// A parsed file together with the stream it reads from.
/// The stream is declared first so that it outlives the file.
struct OpenedFile {
    std::unique_ptr<TagLib::FileStream> stream;
    std::unique_ptr<TagLib::File> file;
};

/// Opens `path` by its extension (read-only, or read-write when `writable`); an .ogg/.oga
/// file that is not Vorbis is retried as Opus. `file` is null when the file cannot be opened
/// or TagLib does not consider it valid audio.
OpenedFile openPath(const char *path, Format format, bool readProperties, bool writable);

/// Returns the Xiph comment of an Ogg Vorbis or Opus file, or null.
TagLib::Ogg::XiphComment *oggXiphComment(TagLib::File *file);

}  // namespace bl
