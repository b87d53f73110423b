import GtkKit
import LibraryCore

// MARK: - Finding covers online

extension MainWindowController {
    /// Find Cover Online… for the selected album: a certain match becomes its cover (undoable);
    /// otherwise the candidates window asks.
    package func findCoverForSelectedAlbum() {
        guard let index = library.selectedIndex, let id = library.albumID(at: index), let album = library.album(at: index),
              !coverLookups.single.keys.contains(id) else { return }
        toast.show(localized("Looking for a cover of “%@”…", album.title.isolatedForDisplay), offersUndo: false)
        coverLookups.single[id] = Task { [weak self] in
            guard let self else { return }
            let outcome = await library.findCoverOnline(forAlbumWithID: id)
            coverLookups.single[id] = nil
            tell(outcome, for: album, id: id)
        }
    }

    /// Says how a lookup ended, or opens the candidates window.
    private func tell(_ outcome: CoverSearchOutcome, for album: Album, id: AlbumID) {
        let title = album.title.isolatedForDisplay
        switch outcome {
        case .applied:
            toast.show(localized("Cover found for “%@”", title))
        case .choose(let candidates):
            toast.dismiss()
            chooseCover(among: candidates, for: album, id: id)
        case .noCover:
            toast.show(localized("No cover of “%@” is online", title), offersUndo: false)
        case .noMatch:
            toast.show(localized("MusicBrainz knows no album “%@”", title), offersUndo: false)
        case .unchanged:
            toast.dismiss()
        case .failed(let error):
            toast.show(error.message, offersUndo: false)
        }
    }

    /// The candidates window; the cover of the release chosen becomes the album's.
    private func chooseCover(among candidates: [ReleaseCandidate], for album: Album, id: AlbumID) {
        let chooser = CoverCandidatesWindow(for: album, candidates: candidates, over: window, library: library,
                                            textures: coverTextures) { [weak self] release in
            guard let self else { return }
            toast.show(localized("Getting the cover of “%@”…", album.title.isolatedForDisplay), offersUndo: false)
            coverLookups.single[id] = Task { [weak self] in
                guard let self else { return }
                let outcome = await library.useCover(of: release, forAlbumWithID: id)
                coverLookups.single[id] = nil
                tell(outcome, for: album, id: id)
            }
        }
        coverCandidates = chooser
        chooser.window.onCloseRequest { [weak self] in
            self?.coverCandidates = nil
            return false
        }
        chooser.present()
    }

    // MARK: Find Missing Covers

    /// Main menu ▸ Find Missing Covers: every album without a cover, one after the other,
    /// with the progress card and Stop.
    package func findMissingCovers() {
        guard coverLookups.missing == nil else { return }
        coverSearchProgress.start(localized("Looking for covers…"))
        coverLookups.missing = Task { [weak self] in
            guard let self else { return }
            let summary = await library.findMissingCovers { [weak self] progress in
                self?.coverSearchProgress.show(Self.describe(progress), fraction: progress.fraction)
            }
            coverLookups.missing = nil
            coverSearchProgress.finish()
            // A read-only library refused at once, and the window said why.
            if !library.isReadOnly { toast.show(Self.describe(summary), offersUndo: false) }
        }
    }

    /// Stops Find Missing Covers; the covers found so far stay.
    func stopFindingMissingCovers() {
        coverLookups.missing?.cancel()
    }

    /// Whether Find Missing Covers is under way.
    package var isFindingMissingCovers: Bool { coverLookups.missing != nil }

    /// "Looked at 12 of 40 albums · 9 covers found".
    static func describe(_ progress: MissingCoversProgress) -> String {
        localized("Looked at %1$@ of %2$@ · %3$@", String(progress.looked),
                  localizedPlural("%@ album", "%@ albums", progress.total),
                  localizedPlural("%@ cover found", "%@ covers found", progress.found))
    }

    /// The toast at the end of Find Missing Covers.
    static func describe(_ summary: MissingCoversSummary) -> String {
        guard summary.total > 0 else { return localized("Every album has a cover") }
        var text = localizedPlural("%@ cover found", "%@ covers found", summary.found)
        if summary.needChoice > 0 {
            text = localized("%1$@; %2$@", text, localizedPlural("%@ album needs Find Cover Online", "%@ albums need Find Cover Online", summary.needChoice))
        }
        switch summary.stoppedBy {
        case nil: return text
        case .cancelled: return localized("Search stopped: %@", text)
        case let error?: return localized("%1$@ %2$@", error.message, text)
        }
    }
}

// MARK: - CoverLookups

/// The cover lookups under way: one per album asked about, and Find Missing Covers.
@MainActor
struct CoverLookups {
    var single: [AlbumID: Task<Void, Never>] = [:]
    var missing: Task<Void, Never>?
}
