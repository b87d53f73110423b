// The `bluelibrary` executable: everything else lives in the BlueLibrary library target,
// which the UI tests build too.
import BlueLibrary
import Foundation
import LibraryCore
import WindowDiagnostics

Localization.setUp()  // before any string is looked up or any thread starts
DecodeAhead.startLibrary()  // decodes albums.json while GTK starts
let app = MainActor.assumeIsolated { BlueLibraryApp() }
// The diagnostics programs driving the binary ask for (state report, first-frame exit),
// kept alive with the window.
nonisolated(unsafe) var diagnostics: WindowDiagnostics?
MainActor.assumeIsolated {
    app.onWindowOpened = { controller in diagnostics = WindowDiagnostics(watching: controller) }
}
exit(MainActor.assumeIsolated { app.run() })
