import GtkKit
import LibraryCore

// MARK: - CoverLookupController

/// Covers found online for the window: Find Cover Online… for the selected album (a certain
/// match becomes its cover, undoable; otherwise the candidates window asks), and Find Missing
/// Covers for every album without one, with its progress card and Stop. It says how each
/// ended in the window's notice.
@MainActor
package final class CoverLookupController {
    private let library: LibraryAPI
    private let parent: ApplicationWindow
    private let toast: ToastNotice
    /// The covers decoded for the window, which the candidates window shares.
    private let textures: CoverTextures
    /// Find Missing Covers' progress, and Stop (`makeProgressCard()`, placed by the window).
    package let progress: ProgressCard
    /// The lookups under way.
    private var lookups = CoverLookups()
    /// The window of releases to choose a cover from, while it is open.
    package private(set) var candidatesWindow: CoverCandidatesWindow?

    init(library: LibraryAPI, parent: ApplicationWindow, toast: ToastNotice, textures: CoverTextures, progress: ProgressCard) {
        self.library = library
        self.parent = parent
        self.toast = toast
        self.textures = textures
        self.progress = progress
        progress.cancelButton.onClicked { [weak self] in self?.stopFindingMissingCovers() }
    }

    /// The card that shows Find Missing Covers' progress, with Stop: made before the
    /// controller, since the notice it is given floats over the card too.
    static func makeProgressCard() -> ProgressCard {
        ProgressCard(
            stopLabel: localized("_Stop Search"), stopTooltip: localized("Stop looking for covers; the covers found so far stay"),
            barLabel: localized("Cover search progress")
        )
    }

    /// Closes the candidates window, before the main window goes.
    func close() {
        candidatesWindow?.cancel()
    }

    // MARK: Find Cover Online

    /// Find Cover Online… for the selected album: a certain match becomes its cover (undoable);
    /// otherwise the candidates window asks.
    package func findCoverForSelectedAlbum() {
        guard let index = library.selectedIndex, let id = library.albumID(at: index), let album = library.album(at: index),
              !lookups.single.keys.contains(id) else { return }
        toast.show(localized("Looking for a cover of “%@”…", album.title.isolatedForDisplay), offersUndo: false)
        lookups.single[id] = Task { [weak self] in
            guard let self else { return }
            let outcome = await library.findCoverOnline(forAlbumWithID: id)
            lookups.single[id] = nil
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
        let chooser = CoverCandidatesWindow(for: album, candidates: candidates, over: parent, library: library,
                                            textures: textures) { [weak self] release in
            guard let self else { return }
            toast.show(localized("Getting the cover of “%@”…", album.title.isolatedForDisplay), offersUndo: false)
            lookups.single[id] = Task { [weak self] in
                guard let self else { return }
                let outcome = await library.useCover(of: release, forAlbumWithID: id)
                lookups.single[id] = nil
                tell(outcome, for: album, id: id)
            }
        }
        candidatesWindow = chooser
        chooser.window.onCloseRequest { [weak self] in
            self?.candidatesWindow = nil
            return false
        }
        chooser.present()
    }

    // MARK: Find Missing Covers

    /// Main menu ▸ Find Missing Covers: every album without a cover, one after the other,
    /// with the progress card and Stop.
    package func findMissingCovers() {
        guard lookups.missing == nil else { return }
        progress.start(localized("Looking for covers…"))
        lookups.missing = Task { [weak self] in
            guard let self else { return }
            let summary = await library.findMissingCovers { [weak self] progress in
                self?.progress.show(Self.describe(progress), fraction: progress.fraction)
            }
            lookups.missing = nil
            progress.finish()
            // A read-only library refused at once, and the window said why.
            if !library.isReadOnly { toast.show(Self.describe(summary), offersUndo: false) }
        }
    }

    /// Stops Find Missing Covers; the covers found so far stay.
    func stopFindingMissingCovers() {
        lookups.missing?.cancel()
    }

    /// Whether Find Missing Covers is under way.
    package var isFindingMissingCovers: Bool { lookups.missing != nil }

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
