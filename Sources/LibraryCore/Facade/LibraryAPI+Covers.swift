import Foundation

// MARK: - Covers

extension LibraryAPI {
    /// The cover at `address`: from memory, the disk cache, the covers the user gave, or the
    /// network (once). The one way covers reach a view: it awaits the answer (no event is
    /// posted).
    public func cover(for address: String) async -> Result<Data, CoverError> {
        await covers.cover(for: address)
    }

    /// Where covers come from, for work that starts off the GTK thread (the window's first
    /// covers, read while the GTK thread builds the window). `cover(for:)` asks it too.
    public nonisolated var coverStore: CoverStore { covers }

    /// Reads and checks an image file the user chose or dropped, off the GTK thread.
    public func readCoverImage(at file: URL) async throws(CoverFileError) -> Data {
        try await Background.run { () throws(CoverFileError) in try OwnCovers.read(file) }
    }

    /// Keeps a checked image in the app's own storage, off the GTK thread, and returns the
    /// reference to give an album (`setCover(_:at:)`, or an album's `coverUrl`).
    public func storeCover(_ data: Data) async throws(CoverFileError) -> String {
        try await Background.run { [ownCovers] () throws(CoverFileError) in try ownCovers.store(data) }
    }
}
