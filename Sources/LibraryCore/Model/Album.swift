// MARK: - Album

/// One album of the library: plain data, stored as JSON.
///
/// The JSON keys are exactly the property names, as in the original BlueLibrary sample, so a
/// file it wrote loads here. Unknown keys are ignored; every key listed here is required.
public struct Album: Codable, Hashable, Sendable {
    public var title: String
    public var artist: String
    public var genre: String
    /// The address of the cover image (http or https).
    public var coverUrl: String
    /// The release year as written by the user ("1992"); kept as text like the original.
    public var year: String

    public init(title: String, artist: String, genre: String, coverUrl: String, year: String) {
        self.title = title
        self.artist = artist
        self.genre = genre
        self.coverUrl = coverUrl
        self.year = year
    }
}
