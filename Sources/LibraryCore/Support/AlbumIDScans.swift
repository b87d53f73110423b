// MARK: - Scans of long id lists

/// Scans of the album order (up to 100,000 ids and more) for a set of ids.
///
/// They live outside the `@MainActor` types on purpose: a closure written inside a main-actor
/// method is isolated to the main actor, and Swift 6 checks that isolation each time the
/// closure is called (`swift_task_isCurrentExecutor`). Over 100,000 ids that check cost
/// more than the scan: a quarter of an undone deletion's time went to it.
extension Array where Element == AlbumID {
    /// The indexes of the ids that are in `wanted`, in order.
    func indexes(ofIDsIn wanted: Set<AlbumID>) -> [Int] {
        indices.filter { wanted.contains(self[$0]) }
    }

    /// The index of the first id that is in `wanted`.
    func firstIndex(ofIDIn wanted: Set<AlbumID>) -> Int? {
        firstIndex { wanted.contains($0) }
    }

    /// Removes the ids that are in `removed`, keeping the others in order. A few ids (a
    /// deletion, an undo) are compared with each id rather than hashed: after every commit the
    /// search's five kept orders of 100,000 ids are scanned, and hashing each id took 10 ms of a
    /// core per commit, beside the frame.
    mutating func removeAll(in removed: Set<AlbumID>) {
        guard !removed.isEmpty else { return }
        if removed.count <= 8 {
            let few = Array(removed)
            removeAll { few.contains($0) }
        } else {
            removeAll { removed.contains($0) }
        }
    }
}
