// The `bluelibrary` executable: everything else lives in the BlueLibrary library target,
// which the UI tests build too.
import BlueLibrary
import Foundation
import LibraryCore

Localization.setUp()  // before any string is looked up or any thread starts
DecodeAhead.startLibrary()  // decodes albums.json while GTK starts
let app = MainActor.assumeIsolated { BlueLibraryApp() }
exit(MainActor.assumeIsolated { app.run() })
