import Foundation

// MARK: - JSONDocumentFile

/// One JSON document on disk with its backup (`<name>.bak`), and the rules both of the app's
/// documents follow: a damaged file is renamed `<name>.corrupt-<timestamp>` (never deleted)
/// and the backup is tried next; every write is atomic and keeps the replaced file as backup.
struct JSONDocumentFile<Value: Sendable>: Sendable {
    /// What loading found.
    enum LoadResult {
        /// The file decoded.
        case loaded(Value)
        /// Neither the file nor a usable backup exists: a first run.
        case missing
        /// The file was damaged and kept aside; `backup` is the backup's content if it decoded.
        case damaged(LoadProblem.Cause, keptAs: URL?, backup: Value?)
    }

    let url: URL
    let decode: @Sendable (Data) throws(DocumentDecodingError) -> Value
    let encode: @Sendable (Value) throws -> Data

    var backupURL: URL { url.appendingPathExtension("bak") }

    // MARK: Loading

    func load() -> LoadResult {
        switch read(url) {
        case .success(let value):
            return .loaded(value)
        case .failure(.missing):
            // The file is gone but a backup may survive (e.g. a user removed it by hand).
            if case .success(let value) = read(backupURL) {
                Log.core.warning("\(url.path) is missing; loaded its backup")
                return .loaded(value)
            }
            return .missing
        case .failure(.damaged(let cause)):
            let keptAs = AtomicFile.keepAside(url, suffix: "corrupt")
            Log.core.warning("\(url.path) could not be loaded (\(cause)); kept as \(keptAs?.path ?? "is")")
            return .damaged(cause, keptAs: keptAs, backup: try? read(backupURL).get())
        }
    }

    private enum ReadFailure: Error {
        case missing
        case damaged(LoadProblem.Cause)
    }

    private func read(_ file: URL) -> Result<Value, ReadFailure> {
        guard FileManager.default.fileExists(atPath: file.path) else { return .failure(.missing) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .failure(.damaged(.unreadable(reason: error.localizedDescription)))
        }
        do {
            return .success(try decode(data))
        } catch {
            return .failure(.damaged(.undecodable(error)))
        }
    }

    // MARK: Writing

    /// Encodes and atomically writes `value`, keeping the replaced file as the backup.
    func write(_ value: Value) throws(PersistenceError) {
        let data: Data
        do {
            data = try encode(value)
        } catch {
            throw PersistenceError(file: url, operation: "encode", code: nil, reason: String(describing: error))
        }
        try AtomicFile.write(data, to: url, backup: backupURL)
    }
}
