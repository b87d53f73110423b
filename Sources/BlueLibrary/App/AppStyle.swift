import Foundation
import GtkKit
import LibraryCore

/// The app's style sheet, `style.css`, shipped with the bundled data.
@MainActor
enum AppStyle {
    static let fileName = "style.css"
    private static var isLoaded = false

    /// Applies the style sheet once; without it the app still works, unstyled.
    static func load() {
        guard !isLoaded else { return }
        isLoaded = true
        guard let file = BundledData.file(named: fileName),
              let css = try? String(contentsOf: file, encoding: .utf8) else {
            Log.ui.warning("the style sheet \(fileName) was not found; the window is shown unstyled")
            return
        }
        StyleSheet.apply(css)
    }
}
