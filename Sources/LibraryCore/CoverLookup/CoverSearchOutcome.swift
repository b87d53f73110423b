// MARK: - CoverSearchOutcome

/// How looking up one album's cover ended, for the window to say.
public enum CoverSearchOutcome: Sendable {
    /// The cover was found and given to the album (one undoable command).
    case applied
    /// Several releases may be the album (or it has a cover already): the user chooses.
    case choose([ReleaseCandidate])
    /// The album's release is known, but no cover of it is online.
    case noCover
    /// No release of that title is known.
    case noMatch
    /// The album left the library meanwhile, or has this cover already: nothing to do.
    case unchanged
    case failed(CoverLookupError)
}

// MARK: - MissingCoversProgress

/// How far Find Missing Covers has come.
public struct MissingCoversProgress: Sendable, Hashable {
    public var looked: Int
    public var total: Int
    public var found: Int

    public var fraction: Double { total > 0 ? Double(looked) / Double(total) : 0 }
}

// MARK: - MissingCoversSummary

/// How Find Missing Covers ended.
public struct MissingCoversSummary: Sendable, Hashable {
    /// Albums without a cover when it started.
    public var total = 0
    public var looked = 0
    /// Covers found and given.
    public var found = 0
    /// Albums with several possible releases, left for Find Cover Online.
    public var needChoice = 0
    /// What stopped it early (the network, the service, the user), if anything.
    public var stoppedBy: CoverLookupError?
}
