// TagWriter.cpp — writing tags and a front cover (bl_tags_write in TagReader.h) with TagLib
// 1.13, for the tests that make their own music. No exception escapes.

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
#include <taglib/uniquefileidentifierframe.h>
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

// MARK: - Writing

/// Returns `s` as a TagLib string, treating null as "".
TagLib::String taglibString(const char *s) {
    return s ? TagLib::String(s, TagLib::String::UTF8) : TagLib::String();
}

/// Returns a number as a TagLib string, or "" for 0.
TagLib::String numberString(unsigned value) {
    return value ? TagLib::String::number(static_cast<int>(value)) : TagLib::String();
}

/// Returns the cover of `request` as a ByteVector (empty when there is none).
TagLib::ByteVector coverBytes(const bl_tags_write_request &request) {
    if (!request.cover || request.cover_size == 0 || request.cover_size > UINT_MAX) return TagLib::ByteVector();
    return TagLib::ByteVector(reinterpret_cast<const char *>(request.cover),
                              static_cast<unsigned int>(request.cover_size));
}

/// Writes the fields every TagLib::Tag supports (empty values remove them).
void writeCommonFields(TagLib::Tag &tag, const bl_tags_write_request &request) {
    tag.setTitle(taglibString(request.title));
    tag.setArtist(taglibString(request.artist));
    tag.setAlbum(taglibString(request.album));
    tag.setGenre(taglibString(request.genre));
    tag.setYear(request.year);
    tag.setTrack(request.track);
}

/// Replaces the ID3v2 text frame `id` with `value` (removes it when empty).
void setID3TextFrame(TagLib::ID3v2::Tag &tag, const char *id, const TagLib::String &value) {
    tag.removeFrames(id);
    if (value.isEmpty()) return;
    auto *frame = new TagLib::ID3v2::TextIdentificationFrame(id, TagLib::String::UTF8);
    frame->setText(value);
    tag.addFrame(frame);
}

/// Replaces the TXXX frame with `description` (removes it when `value` is empty).
void setID3UserText(TagLib::ID3v2::Tag &tag, const char *description, const TagLib::String &value) {
    while (auto *old = TagLib::ID3v2::UserTextIdentificationFrame::find(&tag, description)) {
        tag.removeFrame(old);
    }
    if (value.isEmpty()) return;
    auto *frame = new TagLib::ID3v2::UserTextIdentificationFrame(TagLib::String::UTF8);
    frame->setDescription(description);
    frame->setText(value);
    tag.addFrame(frame);
}

/// Replaces the UFID frame of `owner` with one holding `identifier` (removes it when empty).
void setID3UniqueIdentifier(TagLib::ID3v2::Tag &tag, const char *owner, const TagLib::String &identifier) {
    while (auto *old = TagLib::ID3v2::UniqueFileIdentifierFrame::findByOwner(&tag, owner)) {
        tag.removeFrame(old);
    }
    if (identifier.isEmpty()) return;
    tag.addFrame(new TagLib::ID3v2::UniqueFileIdentifierFrame(owner, identifier.data(TagLib::String::UTF8)));
}

/// Writes `request` into an ID3v2 tag (an MP3's, a WAV file's).
void writeID3v2(TagLib::ID3v2::Tag &tag, const bl_tags_write_request &request) {
    writeCommonFields(tag, request);
    setID3TextFrame(tag, "TPE2", taglibString(request.album_artist));
    setID3TextFrame(tag, "TPOS", numberString(request.disc));
    setID3UserText(tag, kID3MusicBrainzAlbumID, taglibString(request.musicbrainz_album_id));
    setID3UniqueIdentifier(tag, kID3MusicBrainzOwner, taglibString(request.musicbrainz_recording_id));

    tag.removeFrames("APIC");
    const TagLib::ByteVector cover = coverBytes(request);
    if (!cover.isEmpty()) {
        auto *frame = new TagLib::ID3v2::AttachedPictureFrame();
        frame->setTextEncoding(TagLib::String::UTF8);
        frame->setMimeType(taglibString(request.cover_mime));
        frame->setType(TagLib::ID3v2::AttachedPictureFrame::FrontCover);
        frame->setPicture(cover);
        tag.addFrame(frame);
    }
}

/// Writes `request` into an MP3's ID3v2.4 tag, dropping ID3v1/APE tags.
bool writeMPEG(TagLib::MPEG::File &file, const bl_tags_write_request &request) {
    writeID3v2(*file.ID3v2Tag(true), request);
    return file.save(TagLib::MPEG::File::ID3v2, TagLib::File::StripOthers, TagLib::ID3v2::v4,
                     TagLib::File::DoNotDuplicate);
}

/// Writes `request` into a WAV file's ID3v2.4 chunk, dropping its RIFF INFO tag.
bool writeWAV(TagLib::RIFF::WAV::File &file, const bl_tags_write_request &request) {
    writeID3v2(*file.ID3v2Tag(), request);
    return file.save(TagLib::RIFF::WAV::File::ID3v2, TagLib::File::StripOthers, TagLib::ID3v2::v4);
}

/// Replaces the Xiph comment field `key` with `value` (removes it when empty).
void setXiphField(TagLib::Ogg::XiphComment &comment, const char *key, const TagLib::String &value) {
    comment.removeFields(key);
    if (!value.isEmpty()) comment.addField(key, value, false);
}

/// Writes the text fields of `request` into a Xiph comment.
void writeXiphFields(TagLib::Ogg::XiphComment &comment, const bl_tags_write_request &request) {
    writeCommonFields(comment, request);
    setXiphField(comment, "ALBUMARTIST", taglibString(request.album_artist));
    setXiphField(comment, "DISCNUMBER", numberString(request.disc));
    setXiphField(comment, "MUSICBRAINZ_ALBUMID", taglibString(request.musicbrainz_album_id));
    setXiphField(comment, "MUSICBRAINZ_TRACKID", taglibString(request.musicbrainz_recording_id));
}

/// Returns a new FLAC picture holding the cover of `request`, or null when there is none.
TagLib::FLAC::Picture *newFlacPicture(const bl_tags_write_request &request) {
    const TagLib::ByteVector cover = coverBytes(request);
    if (cover.isEmpty()) return nullptr;
    auto *picture = new TagLib::FLAC::Picture();
    picture->setType(TagLib::FLAC::Picture::FrontCover);
    picture->setMimeType(taglibString(request.cover_mime));
    picture->setData(cover);
    return picture;
}

/// Writes `request` into a FLAC file's Xiph comment and picture blocks.
bool writeFLAC(TagLib::FLAC::File &file, const bl_tags_write_request &request) {
    writeXiphFields(*file.xiphComment(true), request);
    file.removePictures();
    if (auto *picture = newFlacPicture(request)) file.addPicture(picture);
    return file.save();
}

/// Writes `request` into the Xiph comment of an Ogg Vorbis or Opus file.
bool writeOgg(TagLib::File &file, TagLib::Ogg::XiphComment &comment, const bl_tags_write_request &request) {
    writeXiphFields(comment, request);
    comment.removeAllPictures();
    if (auto *picture = newFlacPicture(request)) comment.addPicture(picture);
    return file.save();
}

/// Maps a MIME type to the MP4 cover-art format.
TagLib::MP4::CoverArt::Format mp4CoverFormat(const char *mime) {
    const std::string type = mime ? mime : "";
    if (type == "image/png") return TagLib::MP4::CoverArt::PNG;
    if (type == "image/jpeg" || type == "image/jpg") return TagLib::MP4::CoverArt::JPEG;
    if (type == "image/gif") return TagLib::MP4::CoverArt::GIF;
    if (type == "image/bmp") return TagLib::MP4::CoverArt::BMP;
    return TagLib::MP4::CoverArt::Unknown;
}

/// Replaces the MP4 item `key` with `item`, or removes it when `present` is false.
void setMP4Item(TagLib::MP4::Tag &tag, const char *key, bool present, const TagLib::MP4::Item &item) {
    if (present) tag.setItem(key, item);
    else tag.removeItem(key);
}

/// Writes `request` into an MP4 file's ilst atoms.
bool writeMP4(TagLib::MP4::File &file, const bl_tags_write_request &request) {
    TagLib::MP4::Tag &tag = *file.tag();
    writeCommonFields(tag, request);
    const TagLib::String albumArtist = taglibString(request.album_artist);
    const TagLib::String musicBrainz = taglibString(request.musicbrainz_album_id);
    setMP4Item(tag, "aART", !albumArtist.isEmpty(), TagLib::StringList(albumArtist));
    setMP4Item(tag, "disk", request.disc != 0, TagLib::MP4::Item(static_cast<int>(request.disc), 0));
    setMP4Item(tag, kMP4MusicBrainzAlbumID, !musicBrainz.isEmpty(), TagLib::StringList(musicBrainz));
    const TagLib::String recording = taglibString(request.musicbrainz_recording_id);
    setMP4Item(tag, kMP4MusicBrainzRecordingID, !recording.isEmpty(), TagLib::StringList(recording));

    const TagLib::ByteVector cover = coverBytes(request);
    TagLib::MP4::CoverArtList covers;
    if (!cover.isEmpty()) covers.append(TagLib::MP4::CoverArt(mp4CoverFormat(request.cover_mime), cover));
    setMP4Item(tag, "covr", !covers.isEmpty(), TagLib::MP4::Item(covers));
    return file.save();
}

/// Writes `request` into an opened file of any supported format.
bool writeTags(TagLib::File *file, const bl_tags_write_request &request) {
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) return writeMPEG(*mpeg, request);
    if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(file)) return writeFLAC(*flac, request);
    if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file)) return writeMP4(*mp4, request);
    if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) return writeWAV(*wav, request);
    if (auto *xiph = oggXiphComment(file)) return writeOgg(*file, *xiph, request);
    return false;
}

}  // namespace

extern "C" int bl_tags_write(const char *path, const bl_tags_write_request *request) {
    if (!path || !request) return 0;
    const Format format = formatForPath(path);
    if (format == Format::Unknown) return 0;
    try {
        OpenedFile opened = openPath(path, format, true, true);
        return opened.file && writeTags(opened.file.get(), *request) ? 1 : 0;
    } catch (...) {
        return 0;
    }
}
