// The `bluelibrary` executable: everything else lives in the BlueLibrary library target,
// which the UI tests build too.
import BlueLibrary
import Foundation
import LibraryCore
import WindowDiagnostics

Localization.setUp()  // before any string is looked up or any thread starts
LargeBlocks.returnToTheSystemWhenFreed()

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let request = CommandLineRequest(arguments: CommandLine.arguments)
switch request {
case .usage(let problem):
    if problem.isEmpty {
        print(CommandLineRequest.usageText)
        exit(0)
    }
    fail(problem + "\n" + CommandLineRequest.usageText)
case .export(let file):
    // A pure read, also while the app runs: the database is read beside it, and nothing
    // is created or repaired (the app does that, in its window).
    do {
        let count = try LibraryAPI.export(.standard, to: file)
        print(localizedPlural("%@ album exported.", "%@ albums exported.", count))
        exit(0)
    } catch {
        fail(error.description)
    }
case .importFile(let file):
    // A damaged file is refused before anything opens, and nothing changes.
    do {
        _ = try AlbumListFile.validate(file)
    } catch {
        fail(error.description)
    }
case .openWindow, .importMusic, .service:
    break
}

LibraryPreload.start()  // opens the library while GTK starts
let app = MainActor.assumeIsolated { BlueLibraryApp() }
// The diagnostics programs driving the binary ask for (state report, first-frame exit),
// kept alive with the window.
nonisolated(unsafe) var diagnostics: WindowDiagnostics?
MainActor.assumeIsolated {
    app.onWindowOpened = { controller in diagnostics = WindowDiagnostics(watching: controller) }
    if case .importFile(let file) = request {
        if app.isAnotherInstanceRunning() {
            // The running window imports it (validated above), as from its menu, or says why not.
            do {
                try app.importAlbumListInRunningInstance(file)
            } catch {
                fail(String(describing: error))
            }
            print(localized("“%@” is being imported in the BlueLibrary window already open.", file.lastPathComponent))
            exit(0)
        }
        app.filesToImport = [file]
    }
    if case .importMusic(let folders) = request { app.musicToOpen = folders }
    if request == .service { app.runsAsService = true }
}
let status = MainActor.assumeIsolated { app.run() }
MainActor.assumeIsolated { app.restartIfRequested() }
StuckReads.endProcessIfAny(status: status)
exit(status)
