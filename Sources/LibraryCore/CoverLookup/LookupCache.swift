import Foundation

// MARK: - LookupCache

/// Answers of the lookup services kept on disk, so that asking again within their lifetime
/// sends nothing: a search's answer, and the archive's "this release has no cover".
///
/// One file per request address, named by its SHA-256, in `$XDG_CACHE_HOME/bluelibrary/lookups`;
/// its modification time is when the answer came. A file that cannot be read or written is
/// only a missed chance to save a request.
struct LookupCache: Sendable {
    /// What is cached, and for how long.
    enum Kind: String {
        /// A search's answer that found releases (JSON): MusicBrainz's data changes slowly.
        case answer = "json"
        /// An answer that found nothing: a search without a release (its JSON), or a release
        /// without a front cover (no bytes). Asked again after a day, as MusicBrainz grows.
        case nothingFound = "none"

        var lifetime: TimeInterval {
            switch self {
            case .answer: 7 * 86_400
            case .nothingFound: 86_400
            }
        }
    }

    let directory: URL

    /// The cached answer to `address`, if one of that kind is younger than its lifetime.
    func answer(_ kind: Kind, for address: String, now: Date = Date()) -> Data? {
        let file = self.file(kind, for: address)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let modified = attributes[.modificationDate] as? Date,
              now.timeIntervalSince(modified) < kind.lifetime, now >= modified else { return nil }
        return try? Data(contentsOf: file)
    }

    /// Keeps an answer (`Data()` for a release without a cover).
    func store(_ data: Data, as kind: Kind, for address: String) {
        do {
            try AtomicFile.write(data, to: file(kind, for: address))
        } catch {
            Log.core.debug("a lookup answer was not cached: \(error)")
        }
    }

    private func file(_ kind: Kind, for address: String) -> URL {
        directory.appendingPathComponent(Checksum.sha256Hex(of: address) + "." + kind.rawValue)
    }
}
