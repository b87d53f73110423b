import Foundation
import GtkKit
import LibraryCore

// MARK: - MusicImportController

/// The window's music imports: Import Music Folder… (Ctrl+O), music handed over from outside
/// (Open With, `bluelibrary FOLDER`, a drop), one import at a time with its progress card and
/// Stop, the folders given meanwhile imported after it; then a notice of what came in, and the
/// files skipped in one dialog.
@MainActor
package final class MusicImportController {
    private let library: LibraryAPI
    private let player: Player
    private let parent: ApplicationWindow
    private let toast: ToastNotice
    private let problems: ProblemDialog
    /// The import's progress, and Stop Import (`makeProgressCard()`, placed by the window).
    package let progress: ProgressCard
    /// The import under way, and those waiting.
    private var imports = MusicImports()
    /// Shows an album (selected and centred, the search closed if it hides it): the album of
    /// a file opened from outside, which then plays.
    var onReveal: (@MainActor (AlbumID) -> Void)?
    /// An import has ended: the Music Folders window lists its folder.
    var onImported: (@MainActor () -> Void)?

    init(library: LibraryAPI, player: Player, parent: ApplicationWindow, toast: ToastNotice, problems: ProblemDialog, progress: ProgressCard) {
        self.library = library
        self.player = player
        self.parent = parent
        self.toast = toast
        self.problems = problems
        self.progress = progress
        progress.cancelButton.onClicked { [weak self] in self?.cancel() }
    }

    /// The card that shows an import's progress, with Stop Import: made before the
    /// controller, since the notice it is given floats over the card too.
    static func makeProgressCard() -> ProgressCard {
        ProgressCard(
            stopLabel: localized("_Stop Import"), stopTooltip: localized("Stop reading the folder; the albums found so far stay"),
            barLabel: localized("Import progress")
        )
    }

    // MARK: Importing

    /// Main menu ▸ Import Music Folder… (Ctrl+O): a folder chosen in the desktop's folder chooser.
    func chooseFolder() {
        FileChooser.present(
            .openFolder, title: localized("Import Music Folder"), acceptLabel: localized("_Import"),
            cancelLabel: localized("_Cancel"), over: parent
        ) { [weak self] path in
            guard let self, let path else { return }
            importMusic([URL(fileURLWithPath: path, isDirectory: true)])
        }
    }

    /// Imports music folders (or audio files) with the progress bar, then calls `done`;
    /// folders given while an import runs are imported after it.
    package func importMusic(_ folders: [URL], then done: (@MainActor () -> Void)? = nil) {
        guard !folders.isEmpty else { return }
        guard imports.running == nil else {
            imports.waiting.append((folders, done))
            return
        }
        progress.start(localized("Looking for music…"))
        let selectedBefore = library.selectedIndex.flatMap(library.albumID(at:))
        imports.running = Task { [weak self] in
            guard let self else { return }
            let summary = await library.importMusic(folders) { [weak self] progress in
                self?.progress.show(Self.describe(progress), fraction: progress.totalFiles > 0 ? progress.fraction : nil)
            }
            // Shows the first new album, unless the user chose another one meanwhile.
            if let first = summary.firstAlbumID, let index = library.index(of: first),
               library.selectedIndex.flatMap(library.albumID(at:)) == selectedBefore {
                library.selectAlbum(at: index)
            }
            finishImport(summary, of: folders)
            done?()
        }
    }

    /// Whether an import is under way (or waiting).
    package var isImporting: Bool { imports.running != nil || !imports.waiting.isEmpty || imports.sorting > 0 }

    /// Stops the import under way (and those waiting).
    func cancel() {
        imports.waiting = []
        imports.running?.cancel()
    }

    /// Whether a drop is music to import: a folder, or an audio file.
    static func isMusic(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return false }
        return isFolder.boolValue || MusicFiles.isAudioFile(named: url.lastPathComponent)
    }

    /// Music handed over from outside ("Open With BlueLibrary" in Files, `bluelibrary FILE…`,
    /// a drop on the window): folders are imported, and audio files bring in their folders;
    /// then the album of the first file given is selected, and that file plays. What is not
    /// music, or cannot be read, is named in words and changes nothing (`OpenedMusic`).
    package func openMusic(_ items: [URL]) {
        if !isImporting { progress.start(localized("Looking for music…")) }  // shown at once
        imports.sorting += 1
        Task { [weak self] in
            let opened = await OpenedMusic.sort(items)
            guard let self else { return }
            imports.sorting -= 1
            problems.show(opened.refusals, heading: localized("Not Imported"))
            if opened.folders.isEmpty, !isImporting { progress.finish() }
            importMusic(opened.folders) { [weak self] in
                guard let file = opened.firstFile else { return }
                Task { [weak self] in await self?.play(openedFile: file) }
            }
        }
    }

    /// Selects the album `file` was imported into, and plays it from that file.
    private func play(openedFile file: MusicFilePath) async {
        guard let id = await library.albumID(ofFileAt: file) else { return }
        onReveal?(id)
        let tracks = await player.tracks.load(ofAlbum: id)
        _ = player.play(albumID: id, from: tracks.firstIndex { $0.path == file } ?? 0)
    }

    private func finishImport(_ summary: MusicImportSummary, of folders: [URL]) {
        imports.running = nil
        progress.finish()
        onImported?()
        toast.show(Self.describe(summary, of: folders))
        showSkipped(summary.skipped)
        if let next = imports.waiting.first {
            imports.waiting.removeFirst()
            importMusic(next.folders, then: next.done)
        }
    }

    /// What the progress card says while an import runs ("Read 120 of 480 files · 12 albums
    /// found"); nil while the files are still being counted.
    static func describe(_ progress: MusicImportProgress) -> String? {
        guard progress.totalFiles > 0 else { return nil }
        let files = localizedPlural("%@ file", "%@ files", progress.totalFiles)
        let albums = localizedPlural("%@ album found", "%@ albums found", progress.albumsFound)
        return localized("Read %1$@ of %2$@ · %3$@", String(progress.filesRead), files, albums)
    }

    /// The toast at the end of an import.
    static func describe(_ summary: MusicImportSummary, of folders: [URL]) -> String {
        let name = folders.count == 1 ? folders[0].lastPathComponent.isolatedForDisplay : localizedPlural("%@ folder", "%@ folders", folders.count)
        if summary.added == 0, summary.updated == 0 {
            return summary.wasCancelled ? localized("Import stopped; nothing was added") : localized("No new albums in “%@”", name)
        }
        var text = localizedPlural("%@ album imported", "%@ albums imported", summary.added)
        if summary.updated > 0 {
            text = localized("%1$@, %2$@", text, localizedPlural("%@ updated", "%@ updated", summary.updated))
        }
        return summary.wasCancelled ? localized("Import stopped: %@", text) : text
    }

    /// The files an import left out, in one dialog. When the tag reader could not be started,
    /// that is said once, with where it was looked for and how to bring it back, not once per
    /// file; the files left out for other reasons follow.
    private func showSkipped(_ skipped: [SkippedFile]) {
        let unread = skipped.filter { $0.reason == .readerMissing }
        let others = skipped.filter { $0.reason != .readerMissing }
        guard !unread.isEmpty else {
            problems.show(Self.skippedMessages(others), heading: localized("Some Files Were Skipped"))
            return
        }
        let missing = MissingTagReader.current()
        Log.ui.warning("the tag reader could not be started (looked for at \(missing.searchedPaths.joined(separator: ", "))); \(unread.count) files were not read")
        let rest = Self.skippedMessages(others, besidesUnread: true)
        problems.show(missing.lines(unreadFiles: unread.count) + (rest.isEmpty ? [] : [""] + rest), heading: missing.heading)
    }

    /// The lines of the dialog for files an import left out: how many, and the first ten;
    /// `besidesUnread` when they follow the files the tag reader could not read.
    static func skippedMessages(_ skipped: [SkippedFile], besidesUnread: Bool = false) -> [String] {
        guard !skipped.isEmpty else { return [] }
        let shown = 10
        var lines = [besidesUnread
            ? localizedPlural("Besides, %@ file was skipped:", "Besides, %@ files were skipped:", skipped.count)
            : localizedPlural("%@ file was skipped:", "%@ files were skipped:", skipped.count)]
        lines += skipped.prefix(shown).map { "• " + $0.message }
        if skipped.count > shown {
            lines.append(localizedPlural("…and %@ more", "…and %@ more", skipped.count - shown))
        }
        return lines
    }
}

// MARK: - MusicImports

/// The import under way, and the folders waiting for it to end.
@MainActor
struct MusicImports {
    var running: Task<Void, Never>?
    /// Music opened from outside, being sorted before it is imported (`OpenedMusic`).
    var sorting = 0
    var waiting: [(folders: [URL], done: (@MainActor () -> Void)?)] = []
}
