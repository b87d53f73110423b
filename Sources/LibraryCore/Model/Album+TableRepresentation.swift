import Foundation

// MARK: - Table representation (decorator)

/// One row of the properties list: a label and the value shown beside it.
public struct AlbumPropertyRow: Hashable, Sendable {
    public let title: String
    public let value: String

    public init(title: String, value: String) {
        self.title = title
        self.value = value
    }
}

extension Album {
    /// The rows the properties list shows for this album, in display order: the four of
    /// every album, then Tracks, Length and Folder for an album imported from a music folder.
    /// Kept out of the model itself: the model stays plain `Codable` data.
    public var tableRepresentation: [AlbumPropertyRow] { tableRepresentation(plays: nil) }

    /// The rows, with "Played: 12 times · last on 3 March" before the folder when the album
    /// was listened to (`plays`).
    public func tableRepresentation(plays: AlbumPlays?) -> [AlbumPropertyRow] {
        var rows = [
            AlbumPropertyRow(title: localized("Artist"), value: artist),
            AlbumPropertyRow(title: localized("Album"), value: title),
            AlbumPropertyRow(title: localized("Genre"), value: genre),
            AlbumPropertyRow(title: localized("Year"), value: year),
        ]
        if let trackCount {
            rows.append(AlbumPropertyRow(title: localized("Tracks"), value: "\(trackCount)"))
        }
        if let duration {
            rows.append(AlbumPropertyRow(title: localized("Length"), value: Self.length(duration)))
        }
        if let plays {
            rows.append(AlbumPropertyRow(title: localized("Played"), value: plays.text()))
        }
        if let folderPath {
            rows.append(AlbumPropertyRow(title: localized("Folder"), value: folderPath))
        }
        return rows
    }

    /// The album's folder as a path to show (names that are not UTF-8 shown with U+FFFD).
    public var folderPath: String? {
        guard let folder, let url = URL(string: folder), url.isFileURL else { return nil }
        return MusicFilePath(url: url)?.displayString
    }

    /// "42:07", or "1:02:07" from an hour on.
    static func length(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
