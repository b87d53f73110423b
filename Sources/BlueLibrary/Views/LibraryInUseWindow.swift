import Foundation
import GtkKit
import LibraryCore

// MARK: - LibraryInUseWindow

/// What a launch shows when another process holds its library's lock and the session bus
/// could not hand the launch to it (another login, a Flatpak beside a native copy, or no
/// session bus): first, while it waits a few seconds for the other process to let go, that
/// it is waiting; then, if it did not, which library, that another BlueLibrary has it open,
/// and what to do. The app never quits without a word: closing this window ends the launch.
@MainActor
final class LibraryInUseWindow {
    let window: ApplicationWindow
    private let page = StatusPage(iconName: "folder-music-symbolic")
    private let spinner = Spinner()
    private let closeButton = Button(mnemonic: localized("_Close"))
    private let libraryFolder: URL
    /// The folders handed to this launch that could not be imported, as it has no library.
    private var notImported: [URL] = []

    init(application: Application, libraryFolder: URL) {
        self.libraryFolder = libraryFolder
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.defaultSize = (width: 560, height: 480)
        let content = Box(.vertical)
        content.append(HeaderBar())
        page.expandsVertically = true
        content.append(page)
        window.setContent(content)
        spinner.setSizeRequest(width: 32, height: 32)
        closeButton.addCSSClass("pill")
        closeButton.setAlignment(horizontal: .center, vertical: .center)
        closeButton.onClicked { [weak self] in self?.window.close() }
        showWaiting()
    }

    /// Says that the launch waits for the other process (a spinner, no button).
    func showWaiting() {
        page.title = localized("Waiting for Your Library")
        page.pageDescription = localized("Another program is using the library in %@. BlueLibrary opens it as soon as it is free.",
                                         libraryFolder.path)
        spinner.isSpinning = true
        page.setChild(spinner)
    }

    /// Says that another BlueLibrary keeps the library open, and what to do.
    func showInUse() {
        spinner.isSpinning = false
        page.iconName = "changes-prevent-symbolic"
        page.title = localized("Library Already Open")
        var description = localized(
            "Another BlueLibrary has the library in %@ open, perhaps in another login or another installation (such as a Flatpak). Close it there, then open BlueLibrary again.",
            libraryFolder.path)
        if !notImported.isEmpty {
            let names = notImported.map { "“\($0.lastPathComponent)”" }.joined(separator: ", ")
            description += "\n\n" + localized("Not imported: %@.", names)
        }
        page.pageDescription = description
        page.setChild(closeButton)
        _ = closeButton.grabFocus()
    }

    /// Adds `folders` to those the window names as not imported, as this launch has no library.
    func showNotImported(_ folders: [URL]) {
        notImported += folders
        showInUse()
    }

    func present() { window.present() }
}
