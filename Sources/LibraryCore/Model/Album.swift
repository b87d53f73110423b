// MARK: - Album

/// One album of the library: plain data, stored as JSON.
///
/// The JSON keys are exactly the property names, as in the original BlueLibrary sample, so a
/// file it wrote loads here. Unknown keys are ignored; the five keys of the original are
/// required, the ones an imported music folder adds are optional.
public struct Album: Codable, Hashable, Sendable {
    public var title: String
    public var artist: String
    public var genre: String
    /// The address of the cover image (http or https), or a cover of the app's own storage.
    public var coverUrl: String
    /// The release year as written by the user ("1992"); kept as text like the original.
    public var year: String

    // MARK: From a music folder

    /// The folder the album's files are in, as a `file://` URI (which keeps any byte of the
    /// file system's name); `nil` for an album not imported from the user's music.
    public var folder: String?
    /// How many tracks the album's files hold; `nil` when not known.
    public var trackCount: Int?
    /// The album's length in seconds; `nil` when not known.
    public var duration: Double?

    public init(
        title: String, artist: String, genre: String, coverUrl: String, year: String,
        folder: String? = nil, trackCount: Int? = nil, duration: Double? = nil
    ) {
        self.title = title
        self.artist = artist
        self.genre = genre
        self.coverUrl = coverUrl
        self.year = year
        self.folder = folder
        self.trackCount = trackCount
        self.duration = duration
    }
}
