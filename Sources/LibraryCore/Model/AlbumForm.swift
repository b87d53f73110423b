import Foundation

// MARK: - AlbumForm

/// The fields of the Add Album and Edit Album dialog as the user typed them, and the album
/// they make: the rules of what may be saved, kept apart from the widgets.
///
/// Leading and trailing spaces are trimmed. The title is required; the year is empty or a
/// year ("1992"); the cover is empty, a stored cover, or an http(s) address. An album being
/// edited may keep a year it already had, even one that is not a year: nothing the user did
/// not touch is refused.
public struct AlbumForm: Hashable, Sendable {
    public var title: String
    public var artist: String
    public var genre: String
    public var year: String
    /// An address, a reference to a stored cover (`OwnCovers`), or empty for none.
    public var cover: String
    /// The album being edited; `nil` when adding one.
    public let original: Album?

    /// What stops the fields from making an album.
    public enum Problem: Hashable, Sendable, CaseIterable {
        case titleMissing
        case yearInvalid
        case coverAddressInvalid
    }

    /// An empty form, to add an album.
    public init() {
        title = ""
        artist = ""
        genre = ""
        year = ""
        cover = ""
        original = nil
    }

    /// The fields of `album`, to edit it.
    public init(editing album: Album) {
        title = album.title
        artist = album.artist
        genre = album.genre
        year = album.year
        cover = album.coverUrl
        original = album
    }

    // MARK: Checking

    /// Everything that is wrong now (empty when the form makes an album).
    public var problems: Set<Problem> {
        var problems: Set<Problem> = []
        if Self.trimmed(title).isEmpty { problems.insert(.titleMissing) }
        if !isAcceptableYear(Self.trimmed(year)) { problems.insert(.yearInvalid) }
        if !Self.isAcceptableCover(Self.trimmed(cover)) { problems.insert(.coverAddressInvalid) }
        return problems
    }

    /// The album the fields make, trimmed; `nil` while there is a problem. An album edited
    /// keeps what the form does not show (the folder, track count and length of an album
    /// imported from a music folder): it still plays, and saving an unchanged form changes nothing.
    public var album: Album? {
        guard problems.isEmpty else { return nil }
        var album = original ?? Album(title: "", artist: "", genre: "", coverUrl: "", year: "")
        album.title = Self.trimmed(title)
        album.artist = Self.trimmed(artist)
        album.genre = Self.trimmed(genre)
        album.coverUrl = Self.trimmed(cover)
        album.year = Self.trimmed(year)
        return album
    }

    /// Whether saving would change the album being edited (always true when adding).
    public var changesSomething: Bool {
        guard let original else { return true }
        return album != original
    }

    /// What the dialog says about a problem, next to its field.
    public static func message(for problem: Problem) -> String {
        switch problem {
        case .titleMissing: localized("Give the album a title.")
        case .yearInvalid: localized("Write the year with four digits, like 1992, or leave it empty.")
        case .coverAddressInvalid: localized("A cover address starts with http:// or https://, like https://example.com/cover.jpg.")
        }
    }

    // MARK: Rules

    private func isAcceptableYear(_ year: String) -> Bool {
        if year.isEmpty || year == original?.year { return true }
        return year.count == 4 && year.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isAcceptableCover(_ cover: String) -> Bool {
        if cover.isEmpty || OwnCovers.isReference(cover) { return true }
        do throws(HTTPError) {
            try HTTPClient.validate(cover)
            return true
        } catch {
            return false
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
