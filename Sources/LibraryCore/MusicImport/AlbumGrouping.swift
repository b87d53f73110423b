import Foundation

// MARK: - ImportedTrack

/// An audio file with its tags: read now, or remembered from an earlier import.
struct ImportedTrack: Sendable {
    var stamp: FileStamp
    var tags: TrackTags
    /// The album an earlier import made of it, if any.
    var storedAlbumID: AlbumID?
    /// Read now: new, or changed since the last import.
    var isChanged: Bool

    /// The order of an album's tracks: by disc, then track number, then path.
    static func playOrder(_ lhs: ImportedTrack, _ rhs: ImportedTrack) -> Bool {
        let left = (lhs.tags.discNumber ?? 1, lhs.tags.trackNumber ?? Int.max)
        let right = (rhs.tags.discNumber ?? 1, rhs.tags.trackNumber ?? Int.max)
        return left != right ? left < right : lhs.stamp.path < rhs.stamp.path
    }
}

// MARK: - AlbumGroupKey

/// What makes tracks one album: the album artist (or, without one, the album's folder, so that
/// a compilation's tracks by many artists stay together and two albums of the same name by
/// different artists do not), the album title, and the MusicBrainz album id when present.
struct AlbumGroupKey: Hashable, Sendable {
    var albumArtist: String
    var folder: MusicFilePath?
    var title: String
    var musicBrainzAlbumID: String

    init(_ track: ImportedTrack) {
        let tags = track.tags
        let artist = tags.albumArtist.trimmingCharacters(in: .whitespaces)
        albumArtist = artist.lowercased()
        folder = artist.isEmpty ? AlbumGrouping.albumFolder(of: track.stamp.path) : nil
        title = tags.album.trimmingCharacters(in: .whitespaces).lowercased()
        musicBrainzAlbumID = tags.musicBrainzAlbumID.lowercased()
    }
}

// MARK: - AlbumGrouping

/// Makes an album of a group of tracks: its title, artist, genre, year, length and folder.
enum AlbumGrouping {
    /// The folder an album's track belongs to: its own, or for a disc folder of a multi-disc
    /// album ("CD1", "Disc 2") the one above.
    static func albumFolder(of file: MusicFilePath) -> MusicFilePath {
        let folder = file.parent
        return isDiscFolder(folder.displayName) ? folder.parent : folder
    }

    static func isDiscFolder(_ name: String) -> Bool {
        name.range(of: #"^(cd|disc|disk)[ _-]*[0-9]+$"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The album `tracks` (in play order) make; its cover is left to `FolderCovers`.
    static func album(of tracks: [ImportedTrack]) -> Album {
        let folder = commonFolder(of: tracks.map { albumFolder(of: $0.stamp.path) })
        let title = firstNonEmpty(tracks.map(\.tags.album)) ?? folder.displayName
        let years = tracks.compactMap(\.tags.year).filter { $0 > 0 }
        return Album(
            title: title,
            artist: artist(of: tracks),
            genre: mostCommon(tracks.map(\.tags.genre)) ?? "",
            coverUrl: "",
            year: years.min().map { String($0) } ?? "",
            folder: folder.uri,
            trackCount: tracks.count,
            duration: tracks.reduce(0) { $0 + max($1.tags.duration, 0) }
        )
    }

    /// The album artist; else the artist all tracks share; else "Various Artists".
    static func artist(of tracks: [ImportedTrack]) -> String {
        if let albumArtist = firstNonEmpty(tracks.map(\.tags.albumArtist)) { return albumArtist }
        let artists = Set(tracks.map { $0.tags.artist.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        switch artists.count {
        case 0: return localized("Unknown Artist")
        case 1: return artists.first ?? ""
        default: return localized("Various Artists")
        }
    }

    /// The value most tracks have (ties: the first in play order); empty values do not count.
    static func mostCommon(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for value in values.map({ $0.trimmingCharacters(in: .whitespaces) }) where !value.isEmpty {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        let most = counts.values.max()
        return order.first { counts[$0] == most }
    }

    private static func firstNonEmpty(_ values: [String]) -> String? {
        values.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    /// The deepest folder holding all of `folders`.
    private static func commonFolder(of folders: [MusicFilePath]) -> MusicFilePath {
        guard var common = folders.first else { return MusicFilePath(bytes: Array("/".utf8)) }
        for folder in folders.dropFirst() {
            while !folder.isInside(common), common.bytes.count > 1 { common = common.parent }
        }
        return common
    }
}
