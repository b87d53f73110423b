// TagReader.cpp — reading tags and the front cover (TagReader.h) with TagLib 1.13.
//
// Every exported function catches all C++ exceptions and reports failure
// instead; every string handed to C is re-validated as UTF-8.

#include "TagReader.h"
#include "TagFile.hpp"

#include <taglib/attachedpictureframe.h>
#include <taglib/flacfile.h>
#include <taglib/flacpicture.h>
#include <taglib/id3v2framefactory.h>
#include <taglib/id3v2tag.h>
#include <taglib/mp4coverart.h>
#include <taglib/mp4file.h>
#include <taglib/mp4item.h>
#include <taglib/mp4tag.h>
#include <taglib/mpegfile.h>
#include <taglib/opusfile.h>
#include <taglib/tag.h>
#include <taglib/textidentificationframe.h>
#include <taglib/tfilestream.h>
#include <taglib/tpropertymap.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/xiphcomment.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

using namespace bl;

namespace {

// MARK: - Strings and numbers

/// Appends the UTF-8 encoding of U+FFFD REPLACEMENT CHARACTER.
void appendReplacement(std::string &out) { out += "\xEF\xBF\xBD"; }

/// Returns the length of the valid UTF-8 sequence starting at `s[i]`,
/// or 0 when the bytes there are not valid UTF-8.
size_t validSequenceLength(const std::string &s, size_t i) {
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    size_t length;
    unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
    if (c < 0x80) return 1;
    else if (c >= 0xC2 && c <= 0xDF) length = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        if (c == 0xE0) low = 0xA0;        // no overlong forms
        if (c == 0xED) high = 0x9F;       // no UTF-16 surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        if (c == 0xF0) low = 0x90;        // no overlong forms
        if (c == 0xF4) high = 0x8F;       // nothing above U+10FFFF
    } else return 0;
    if (i + length > s.size()) return 0;
    if (byte(i + 1) < low || byte(i + 1) > high) return 0;
    for (size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    }
    return length;
}

/// Returns `s` cut at its first NUL, with every invalid UTF-8 byte replaced by U+FFFD.
std::string sanitizedUTF8(const std::string &s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size() && s[i] != '\0';) {
        const size_t length = validSequenceLength(s, i);
        if (length == 0) {
            appendReplacement(out);
            i += 1;
        } else {
            out.append(s, i, length);
            i += length;
        }
    }
    return out;
}

/// Converts a TagLib string to valid UTF-8.
std::string utf8(const TagLib::String &s) { return sanitizedUTF8(s.to8Bit(true)); }

/// Returns a malloc'd copy of `s`, or null when memory runs out.
char *mallocCopy(const std::string &s) {
    char *copy = static_cast<char *>(std::malloc(s.size() + 1));
    if (copy) std::memcpy(copy, s.c_str(), s.size() + 1);
    return copy;
}

/// Parses the leading decimal number of `s` ("3/12" → 3), reading at most
/// `maxDigits` digits. Returns 0 when `s` does not start with a digit
/// (leading spaces are skipped).
unsigned leadingNumber(const TagLib::String &s, int maxDigits = 9) {
    const std::string text = s.to8Bit(true);
    size_t i = 0;
    while (i < text.size() && text[i] == ' ') ++i;
    unsigned value = 0;
    for (int digits = 0; i < text.size() && digits < maxDigits; ++i, ++digits) {
        if (text[i] < '0' || text[i] > '9') break;
        value = value * 10 + static_cast<unsigned>(text[i] - '0');
    }
    return value;
}

/// Returns the first value of `key` in `properties`, or an empty string.
TagLib::String firstValue(const TagLib::PropertyMap &properties, const char *key) {
    const auto it = properties.find(key);
    if (it == properties.end() || it->second.isEmpty()) return TagLib::String();
    return it->second.front();
}

// MARK: - Pictures

/// Picks the picture of type FrontCover from `pictures`, or the first one when
/// none is typed FrontCover. `typeOf` and `dataOf` read one element.
/// Returns false when the list holds no picture.
template <class List, class TypeOf, class DataOf>
bool pickFrontCover(const List &pictures, TypeOf typeOf, DataOf dataOf, TagLib::ByteVector &data) {
    bool found = false;
    for (const auto &picture : pictures) {
        if (!picture) continue;
        if (typeOf(picture) == 3 /* FrontCover in both ID3v2 and FLAC */) {
            data = dataOf(picture);
            return true;
        }
        if (!found) {
            data = dataOf(picture);
            found = true;
        }
    }
    return found;
}

/// Finds the cover among the APIC frames of an MP3's ID3v2 tag.
bool id3v2FrontCover(const TagLib::ID3v2::Tag *tag, TagLib::ByteVector &data) {
    if (!tag) return false;
    TagLib::List<const TagLib::ID3v2::AttachedPictureFrame *> frames;
    for (const auto *frame : tag->frameList("APIC")) {
        frames.append(dynamic_cast<const TagLib::ID3v2::AttachedPictureFrame *>(frame));
    }
    return pickFrontCover(
        frames, [](const TagLib::ID3v2::AttachedPictureFrame *f) { return static_cast<int>(f->type()); },
        [](const TagLib::ID3v2::AttachedPictureFrame *f) { return f->picture(); }, data);
}

/// Finds the cover among FLAC picture blocks or Xiph METADATA_BLOCK_PICTURE fields.
bool flacPicturesFrontCover(const TagLib::List<TagLib::FLAC::Picture *> &pictures, TagLib::ByteVector &data) {
    return pickFrontCover(
        pictures, [](const TagLib::FLAC::Picture *p) { return static_cast<int>(p->type()); },
        [](const TagLib::FLAC::Picture *p) { return p->data(); }, data);
}

/// Finds the first non-empty `covr` image of an MP4 file.
bool mp4FrontCover(TagLib::MP4::File &file, TagLib::ByteVector &data) {
    TagLib::MP4::Tag *tag = file.tag();
    if (!tag || !tag->contains("covr")) return false;
    for (const auto &art : tag->item("covr").toCoverArtList()) {
        if (!art.data().isEmpty()) {
            data = art.data();
            return true;
        }
    }
    return false;
}

/// Finds the embedded front cover of any supported file.
/// Returns false when the file has none. (ByteVector shares its buffer, so no
/// picture bytes are copied here.)
bool findFrontCover(TagLib::File *file, TagLib::ByteVector &data) {
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) return mpeg->hasID3v2Tag() && id3v2FrontCover(mpeg->ID3v2Tag(), data);
    if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) return wav->hasID3v2Tag() && id3v2FrontCover(wav->ID3v2Tag(), data);
    if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(file)) return flacPicturesFrontCover(flac->pictureList(), data);
    if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file)) return mp4FrontCover(*mp4, data);
    if (auto *xiph = oggXiphComment(file)) return flacPicturesFrontCover(xiph->pictureList(), data);
    return false;
}

// MARK: - Reading

/// Text fields read from a file, as valid UTF-8.
struct TextFields {
    std::string title, artist, albumArtist, album, genre, musicBrainzAlbumID, musicBrainzRecordingID;
};

/// Reads the text fields through TagLib's format-independent PropertyMap.
TextFields readTextFields(const TagLib::PropertyMap &properties) {
    TextFields fields;
    fields.title = utf8(firstValue(properties, "TITLE"));
    fields.artist = utf8(firstValue(properties, "ARTIST"));
    fields.albumArtist = utf8(firstValue(properties, "ALBUMARTIST"));
    fields.album = utf8(firstValue(properties, "ALBUM"));
    fields.genre = utf8(firstValue(properties, "GENRE"));
    fields.musicBrainzAlbumID = utf8(firstValue(properties, "MUSICBRAINZ_ALBUMID"));
    // TagLib names the recording id MUSICBRAINZ_TRACKID in every format (an ID3v2 UFID
    // frame, a Xiph comment, an MP4 freeform atom).
    fields.musicBrainzRecordingID = utf8(firstValue(properties, "MUSICBRAINZ_TRACKID"));
    return fields;
}

/// Frees the strings of `tags` and sets them to null.
void freeStrings(bl_tags &tags) {
    char **strings[] = {&tags.title, &tags.artist, &tags.album_artist,
                        &tags.album, &tags.genre, &tags.musicbrainz_album_id,
                        &tags.musicbrainz_recording_id};
    for (char **s : strings) {
        std::free(*s);
        *s = nullptr;
    }
}

/// Copies `fields` into the malloc'd strings of `tags`. Returns false (with
/// nothing allocated) when memory runs out.
bool storeTextFields(const TextFields &fields, bl_tags &tags) {
    tags.title = mallocCopy(fields.title);
    tags.artist = mallocCopy(fields.artist);
    tags.album_artist = mallocCopy(fields.albumArtist);
    tags.album = mallocCopy(fields.album);
    tags.genre = mallocCopy(fields.genre);
    tags.musicbrainz_album_id = mallocCopy(fields.musicBrainzAlbumID);
    tags.musicbrainz_recording_id = mallocCopy(fields.musicBrainzRecordingID);
    if (tags.title && tags.artist && tags.album_artist && tags.album && tags.genre && tags.musicbrainz_album_id &&
        tags.musicbrainz_recording_id) {
        return true;
    }
    freeStrings(tags);
    return false;
}

/// Reads everything bl_tags_read() reports from an opened file into `tags`.
bool readTags(TagLib::File *file, bl_tags &tags) {
    const TagLib::PropertyMap properties = file->properties();
    const TagLib::Tag *tag = file->tag();

    tags.year = leadingNumber(firstValue(properties, "DATE"), 4);
    if (tags.year == 0 && tag) tags.year = tag->year();
    tags.track = leadingNumber(firstValue(properties, "TRACKNUMBER"));
    if (tags.track == 0 && tag) tags.track = tag->track();
    tags.disc = leadingNumber(firstValue(properties, "DISCNUMBER"));

    const TagLib::AudioProperties *audio = file->audioProperties();
    const int milliseconds = audio ? audio->lengthInMilliseconds() : 0;
    tags.duration = milliseconds > 0 ? milliseconds / 1000.0 : 0.0;

    TagLib::ByteVector cover;
    tags.has_front_cover = findFrontCover(file, cover) ? 1 : 0;

    TextFields fields = readTextFields(properties);
    if (tag) {
        // The PropertyMap of an MP3 holds only its first tag (ID3v2, else APE, else ID3v1): an
        // ID3v2 header without the text (as ffmpeg and many rippers write it) would hide an
        // ID3v1 tag that has it. The merged tag takes each field from the first tag that has it.
        if (fields.title.empty()) fields.title = utf8(tag->title());
        if (fields.artist.empty()) fields.artist = utf8(tag->artist());
        if (fields.album.empty()) fields.album = utf8(tag->album());
        if (fields.genre.empty()) fields.genre = utf8(tag->genre());
    }
    return storeTextFields(fields, tags);
}

}  // namespace

// MARK: - C API

extern "C" int bl_tags_read(const char *path, bl_tags *out) {
    if (!path || !out) return BL_TAGS_UNREADABLE;
    const Format format = formatForPath(path);
    if (format == Format::Unknown) return BL_TAGS_NOT_AUDIO;
    try {
        OpenedFile opened = openPath(path, format, true, false);
        if (!opened.file) return BL_TAGS_UNREADABLE;
        bl_tags tags = {};
        if (!readTags(opened.file.get(), tags)) return BL_TAGS_UNREADABLE;
        *out = tags;
        return BL_TAGS_OK;
    } catch (...) {
        return BL_TAGS_UNREADABLE;
    }
}

extern "C" void bl_tags_free(bl_tags *tags) {
    if (tags) freeStrings(*tags);
}

extern "C" int bl_tags_front_cover(const char *path, size_t max_bytes, unsigned char **data, size_t *size) {
    if (!data || !size) return BL_COVER_UNREADABLE;
    *data = nullptr;
    *size = 0;
    if (!path) return BL_COVER_UNREADABLE;
    const Format format = formatForPath(path);
    if (format == Format::Unknown) return BL_COVER_UNREADABLE;
    try {
        OpenedFile opened = openPath(path, format, false, false);
        if (!opened.file) return BL_COVER_UNREADABLE;
        TagLib::ByteVector cover;
        if (!findFrontCover(opened.file.get(), cover) || cover.isEmpty()) return BL_COVER_NONE;
        if (cover.size() > max_bytes) {
            *size = cover.size();
            return BL_COVER_TOO_LARGE;
        }
        auto *copy = static_cast<unsigned char *>(std::malloc(cover.size()));
        if (!copy) return BL_COVER_UNREADABLE;
        // Read through a const reference: non-const ByteVector::data() detaches (copies).
        const TagLib::ByteVector &shared = cover;
        std::memcpy(copy, shared.data(), shared.size());
        *data = copy;
        *size = cover.size();
        return BL_COVER_OK;
    } catch (...) {
        return BL_COVER_UNREADABLE;
    }
}

extern "C" void bl_tags_free_data(unsigned char *data) { std::free(data); }

