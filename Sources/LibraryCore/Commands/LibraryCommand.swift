import Foundation

// MARK: - LibraryCommand

/// An undoable change to the library (the command pattern). Commands are values: they are
/// kept on the `UndoStack` and stored in the library database with the change they made, in
/// one transaction, so they outlive a relaunch and always agree with the albums.
///
/// A command carries the whole entries it inserts, removes or changes (identity, place and
/// data), so undoing a deletion puts the album back with its identity, exactly where it was,
/// and undoing an edit puts back every field as it was.
public struct LibraryCommand: Codable, Hashable, Sendable {
    /// What the user did.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Deleted the entries.
        case delete
        /// Added the entries (one album).
        case add
        /// Imported the entries from an album list file.
        case importFile
        /// Changed the entries' fields (`previous` holds them as they were).
        case edit
        /// Gave the entries another cover (`previous` holds them as they were).
        case setCover
        /// Imported albums from a music folder: added the entries, and updated those of them
        /// already in the library (`previous` holds these as they were).
        case importFolder
        /// Removed a music folder from the library: deleted the entries, its albums, and
        /// forgot `folder` (undo brings both back).
        case removeFolder
    }

    public var kind: Kind
    /// The albums inserted or removed, in library order; for an edit, the albums as the edit
    /// leaves them.
    public var entries: [LibraryEntry]
    /// For an edit, the same albums as they were before it (same ids and places); else empty.
    public var previous: [LibraryEntry]
    /// For a folder's removal, the music folder removed; else nil.
    public var folder: MusicFilePath?

    public init(kind: Kind, entries: [LibraryEntry], previous: [LibraryEntry] = [], folder: MusicFilePath? = nil) {
        self.kind = kind
        self.entries = entries
        self.previous = previous
        self.folder = folder
    }

    /// What carrying the command out (`forward`) or undoing it does to the library.
    public func changes(forward: Bool) -> [EntryChange] {
        switch kind {
        case .delete, .removeFolder: [forward ? .remove(entries) : .insert(entries)]
        case .add, .importFile: [forward ? .insert(entries) : .remove(entries)]
        case .edit, .setCover: [.replace(forward ? entries : previous)]
        case .importFolder:
            // The albums it added come and go; those it updated are written over.
            {
                let updated = Set(previous.map(\.id))
                let added = entries.filter { !updated.contains($0.id) }
                let rewritten = forward ? entries.filter { updated.contains($0.id) } : previous
                return [forward ? .insert(added) : .remove(added), .replace(rewritten)].filter { !$0.isEmpty }
            }()
        }
    }

    /// How many albums the command added (an import's count, for its name: the albums it
    /// updated are not among them).
    public var addedCount: Int {
        let updated = Set(previous.map(\.id))
        return entries.count { !updated.contains($0.id) }
    }

    /// The first album the command is about, e.g. to name it.
    public var album: Album? { entries.first?.album }

    /// The command with `albums` in place of what it holds of the same ids, on either side:
    /// a change that is no command (a followed folder's files changed) rewrites the history
    /// with it, so that undo and redo never put back what the files no longer say. `nil`
    /// when the command holds none of them.
    func rebased(onto albums: [AlbumID: Album]) -> LibraryCommand? {
        guard (entries + previous).contains(where: { albums[$0.id] != nil }) else { return nil }
        var rebased = self
        for index in rebased.entries.indices {
            if let album = albums[rebased.entries[index].id] { rebased.entries[index].album = album }
        }
        for index in rebased.previous.indices {
            if let album = albums[rebased.previous[index].id] { rebased.previous[index].album = album }
        }
        return rebased
    }

    // MARK: Coding (histories written before edits existed have no `previous`; a folder is its URI)

    private enum CodingKeys: String, CodingKey {
        case kind, entries, previous, folder
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        entries = try container.decode([LibraryEntry].self, forKey: .entries)
        previous = try container.decodeIfPresent([LibraryEntry].self, forKey: .previous) ?? []
        folder = try container.decodeIfPresent(String.self, forKey: .folder).flatMap(URL.init(string:)).flatMap(MusicFilePath.init(url:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(entries, forKey: .entries)
        if !previous.isEmpty { try container.encode(previous, forKey: .previous) }
        try container.encodeIfPresent(folder?.uri, forKey: .folder)
    }
}

// MARK: - EntryChange

/// What a command does to the library's entries in one direction.
public enum EntryChange: Hashable, Sendable {
    /// Puts the entries in, at their places.
    case insert([LibraryEntry])
    /// Takes the entries out.
    case remove([LibraryEntry])
    /// Writes the entries over the ones of the same ids, which keep their places.
    case replace([LibraryEntry])

    /// The entries it is about.
    public var entries: [LibraryEntry] {
        switch self {
        case .insert(let entries), .remove(let entries), .replace(let entries): entries
        }
    }

    var isEmpty: Bool { entries.isEmpty }
}

// MARK: - RecordedCommand

/// A command as the undo history holds it: with its place in the history (the database row),
/// which only grows, so that every command still to undo was recorded before every command
/// still to redo.
public struct RecordedCommand: Hashable, Sendable {
    public var serial: Int64
    public var command: LibraryCommand

    public init(serial: Int64, command: LibraryCommand) {
        self.serial = serial
        self.command = command
    }
}
