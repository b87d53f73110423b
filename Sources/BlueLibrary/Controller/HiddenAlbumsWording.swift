import LibraryCore

// MARK: - HiddenAlbumsWording

/// The words of a notice about albums a change left hidden by the search or filter (an album
/// added, edited, imported or brought back by an undo that the strip does not show): nothing
/// seems lost because it is not shown.
@MainActor
struct HiddenAlbumsWording {
    let library: LibraryAPI

    /// `notice` ("“Blue” added"), and if the search or filter hides the albums (`hidden`, from
    /// the command's outcome), a sentence saying so.
    func notice(_ notice: String, tellingHidden hidden: [Album]) -> String {
        guard !hidden.isEmpty else { return notice }
        return localized("%1$@. %2$@", notice, reason(count: hidden.count))
    }

    /// After undo or redo: which albums came back hidden by the search or filter; nil when
    /// none did.
    func back(_ hidden: [Album]) -> String? {
        guard let first = hidden.first else { return nil }
        let back = hidden.count == 1
            ? localized("“%@” is back", first.title.isolatedForDisplay)
            : localizedPlural("%@ album is back", "%@ albums are back", hidden.count)
        return localized("%1$@. %2$@", back, reason(count: hidden.count))
    }

    private func reason(count: Int) -> String {
        let one = count == 1
        return library.query.searchedText.isEmpty
            ? (one ? localized("The filter hides it.") : localized("The filter hides them."))
            : (one ? localized("The search hides it.") : localized("The search hides them."))
    }
}
