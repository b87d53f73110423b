// TagFile.cpp — the formats by file extension, and opening a file with TagLib 1.13.

#include "TagFile.hpp"

#include <taglib/flacfile.h>
#include <taglib/id3v2framefactory.h>
#include <taglib/mp4file.h>
#include <taglib/mpegfile.h>
#include <taglib/opusfile.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>

#include <cstring>
#include <string>

namespace bl {

const char *const kMP4MusicBrainzAlbumID = "----:com.apple.iTunes:MusicBrainz Album Id";
const char *const kID3MusicBrainzAlbumID = "MusicBrainz Album Id";
const char *const kMP4MusicBrainzRecordingID = "----:com.apple.iTunes:MusicBrainz Track Id";
const char *const kID3MusicBrainzOwner = "http://musicbrainz.org";

namespace {

/// Returns the lower-cased extension of `path` (without the dot), or "".
std::string lowercaseExtension(const char *path) {
    const char *slash = std::strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    const char *dot = std::strrchr(name, '.');
    if (!dot) return std::string();
    std::string ext(dot + 1);
    for (char &c : ext) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return ext;
}

/// Creates the TagLib file object of `format` reading from `stream`.
std::unique_ptr<TagLib::File> makeFile(Format format, TagLib::IOStream *stream, bool readProperties) {
    const auto style = TagLib::AudioProperties::Fast;
    switch (format) {
    case Format::MPEG:
        return std::make_unique<TagLib::MPEG::File>(stream, TagLib::ID3v2::FrameFactory::instance(),
                                                    readProperties, style);
    case Format::FLAC:
        return std::make_unique<TagLib::FLAC::File>(stream, TagLib::ID3v2::FrameFactory::instance(),
                                                    readProperties, style);
    case Format::OggVorbis:
        return std::make_unique<TagLib::Ogg::Vorbis::File>(stream, readProperties, style);
    case Format::Opus:
        return std::make_unique<TagLib::Ogg::Opus::File>(stream, readProperties, style);
    case Format::MP4:
        return std::make_unique<TagLib::MP4::File>(stream, readProperties, style);
    case Format::WAV:
        return std::make_unique<TagLib::RIFF::WAV::File>(stream, readProperties, style);
    case Format::Unknown:
        break;
    }
    return nullptr;
}

/// TagLib accepts an MPEG file without a single audio frame (e.g. a text file
/// named .mp3); such a file is not readable audio.
bool hasAudioFrames(TagLib::File *file) {
    auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file);
    return !mpeg || mpeg->firstFrameOffset() >= 0;
}

/// Opens `path` (read-only, or read-write when `writable`) as `format`.
/// Returns an OpenedFile whose `file` is null when the file cannot be opened
/// or TagLib does not consider it valid.
OpenedFile openAs(const char *path, Format format, bool readProperties, bool writable) {
    OpenedFile opened;
    opened.stream = std::make_unique<TagLib::FileStream>(path, !writable);
    if (!opened.stream->isOpen() || (writable && opened.stream->readOnly())) return OpenedFile();
    opened.file = makeFile(format, opened.stream.get(), readProperties);
    if (!opened.file || !opened.file->isValid() || !hasAudioFrames(opened.file.get())) {
        opened.file.reset();
    }
    return opened;
}

}  // namespace

/// Maps a file extension to the format that should be tried first.
Format formatForPath(const char *path) {
    const std::string ext = lowercaseExtension(path);
    if (ext == "mp3") return Format::MPEG;
    if (ext == "flac") return Format::FLAC;
    if (ext == "ogg" || ext == "oga") return Format::OggVorbis;
    if (ext == "opus") return Format::Opus;
    if (ext == "m4a" || ext == "mp4" || ext == "m4b") return Format::MP4;
    if (ext == "wav") return Format::WAV;
    return Format::Unknown;
}

OpenedFile openPath(const char *path, Format format, bool readProperties, bool writable) {
    OpenedFile opened = openAs(path, format, readProperties, writable);
    if (!opened.file && format == Format::OggVorbis) {
        opened = openAs(path, Format::Opus, readProperties, writable);
    }
    return opened;
}

TagLib::Ogg::XiphComment *oggXiphComment(TagLib::File *file) {
    if (auto *vorbis = dynamic_cast<TagLib::Ogg::Vorbis::File *>(file)) return vorbis->tag();
    if (auto *opus = dynamic_cast<TagLib::Ogg::Opus::File *>(file)) return opus->tag();
    return nullptr;
}

}  // namespace bl
