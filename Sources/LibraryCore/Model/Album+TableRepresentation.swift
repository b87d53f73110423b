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
    /// The rows the properties list shows for this album, in display order.
    /// Kept out of the model itself: the model stays plain `Codable` data.
    public var tableRepresentation: [AlbumPropertyRow] {
        [
            AlbumPropertyRow(title: localized("Artist"), value: artist),
            AlbumPropertyRow(title: localized("Album"), value: title),
            AlbumPropertyRow(title: localized("Genre"), value: genre),
            AlbumPropertyRow(title: localized("Year"), value: year),
        ]
    }
}
