// MARK: - FollowedAlbumUpdate

/// What a change seen in a followed folder makes of an album the library already has, field
/// by field: the user's word wins over the folder's. A field the user edited (the library's
/// differs from what the files' tags gave before) keeps the edit unless the tags of that field
/// changed too; then the tags win, and the update `overridesEdit` (it is made an undoable
/// command, and the user is told). What the files alone decide — the folder, the track count,
/// the length — follows the files; a cover the album has is kept.
struct FollowedAlbumUpdate: Equatable {
    /// The album as the library keeps it after the change.
    var album: Album
    /// Whether the files' new tags replace a field the user edited.
    var overridesEdit: Bool

    /// - Parameters:
    ///   - current: The album in the library now.
    ///   - taggedBefore: The album its files' tags made before the change.
    ///   - taggedNow: The album its files' tags make now.
    init(current: Album, taggedBefore: Album, taggedNow: Album) {
        var album = taggedNow
        var overridesEdit = false
        for field in Self.editableFields {
            let isEdited = current[keyPath: field] != taggedBefore[keyPath: field]
            let tagsChanged = taggedNow[keyPath: field] != taggedBefore[keyPath: field]
            if tagsChanged {
                overridesEdit = overridesEdit || (isEdited && taggedNow[keyPath: field] != current[keyPath: field])
            } else {
                album[keyPath: field] = current[keyPath: field]
            }
        }
        if !current.coverUrl.isEmpty { album.coverUrl = current.coverUrl }
        self.album = album
        self.overridesEdit = overridesEdit
    }

    /// The fields the Edit Album dialog changes, which tags also give.
    private static var editableFields: [WritableKeyPath<Album, String>] { [\.title, \.artist, \.genre, \.year] }
}
