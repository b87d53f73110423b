// MARK: - LibraryCommand

/// An undoable change to the library (the command pattern). Commands are values: they are
/// kept on the `UndoStack` and stored in the library database with the change they made, in
/// one transaction, so they outlive a relaunch and always agree with the albums.
///
/// A command carries the whole entries it inserts or removes (identity, place and data), so
/// undoing a deletion puts the album back with its identity, exactly where it was.
public struct LibraryCommand: Codable, Hashable, Sendable {
    /// What the user did.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Deleted the entries.
        case delete
        /// Added the entries (one album).
        case add
        /// Imported the entries from an album list file.
        case importFile
    }

    public var kind: Kind
    /// The albums inserted or removed, in library order.
    public var entries: [LibraryEntry]

    public init(kind: Kind, entries: [LibraryEntry]) {
        self.kind = kind
        self.entries = entries
    }

    /// Whether carrying out the command puts its entries into the library (else it takes them out).
    public var inserts: Bool { kind != .delete }

    /// The first album the command is about, e.g. to name it.
    public var album: Album? { entries.first?.album }
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
