import Foundation
import GtkKit
import LibraryCore

/// The app's look: its style sheet, `style.css`, and its icon, both shipped with the bundled
/// data (the icon is also installed in the system's icon theme).
@MainActor
enum AppStyle {
    static let fileName = "style.css"
    private static var isLoaded = false

    /// Applies the style sheet once; without it the app still works, unstyled.
    static func load() {
        guard !isLoaded else { return }
        isLoaded = true
        loadIcon()
        guard let file = BundledData.file(named: fileName),
              let css = try? String(contentsOf: file, encoding: .utf8) else {
            Log.ui.warning("the style sheet \(fileName) was not found; the window is shown unstyled")
            return
        }
        StyleSheet.apply(css)
    }

    /// Lets windows find the app's icon where it was installed (`<prefix>/share/icons`, which
    /// may not be among the system's data folders) and, from the source tree, in `data/icons`.
    private static func loadIcon() {
        let installed = BundledData.installedShareFolder()?.appendingPathComponent("icons")
        for folder in [installed, BundledData.file(named: "icons")].compactMap({ $0 }) {
            IconTheme.addSearchPath(folder.path)
        }
        IconTheme.setDefaultWindowIcon(named: AppInfo.applicationID)
    }
}
