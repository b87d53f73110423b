// MARK: - MissingAlbums

/// The albums none of whose files was there when their music folder was last looked at
/// (deleted, moved away, or on a drive that is not mounted): found again at every start, never
/// stored. Such an album stays, shown dimmed, and is whole again when its files come back.
struct MissingAlbums {
    private var ids: Set<AlbumID> = []

    func contains(_ id: AlbumID) -> Bool {
        ids.contains(id)
    }

    /// Marks `gone` missing, those of them still `inLibrary`; returns those that were not.
    mutating func mark(_ gone: some Sequence<AlbumID>, inLibrary: Set<AlbumID>) -> Set<AlbumID> {
        let newly = Set(gone.filter { inLibrary.contains($0) && !ids.contains($0) })
        ids.formUnion(newly)
        return newly
    }

    /// Takes in what a look at followed folders found: the albums whose files are all gone are
    /// missing, those whose files are there are not. Returns the albums whose state changed.
    mutating func takeIn(_ presence: AlbumPresence) -> Set<AlbumID> {
        var missing = ids.subtracting(presence.albums)
        missing.formUnion(presence.missing)
        let changed = missing.symmetricDifference(ids)
        ids = missing
        return changed
    }
}
