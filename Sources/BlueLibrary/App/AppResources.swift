import Foundation
import GtkKit
import LibraryCore

// MARK: - AppResources

/// The app's resource bundle (`Resources/`: style sheet, Keyboard Shortcuts window, icons),
/// compiled into the binary by the EmbedResources plugin and served by GLib under the
/// application's resource base path.
@MainActor
enum AppResources {
    /// The application's resource base path, which GtkApplication derives from its id.
    static let basePath = "/io/github/bluelibrary/BlueLibrary"
    static let styleSheetPath = basePath + "/style.css"
    /// The Keyboard Shortcuts window, built when it is first opened (`win.show-help-overlay`).
    static let shortcutsWindowPath = basePath + "/shortcuts-window.ui"

    private static var isRegistered = false
    private static var isIconSet = false

    /// Makes the bundle available to GLib; call it before the application starts up, which
    /// is when GtkApplication looks for its style sheet and icons.
    static func register() {
        guard !isRegistered else { return }
        isRegistered = true
        guard let data = Data(base64Encoded: embeddedResourceBundle) else {
            Log.ui.warning("the embedded resource bundle is not valid Base64; the app runs without its style and icons")
            return
        }
        do {
            try ResourceBundle.register(data)
        } catch {
            Log.ui.warning("the embedded resource bundle could not be registered: \(error)")
        }
    }

    /// Sets the window icon once, when the display exists. The style sheets (`style.css`,
    /// `style-dark.css`) need no call: `AdwApplication` loads them from `basePath` at startup.
    static func applyWindowIcon() {
        guard !isIconSet else { return }
        isIconSet = true
        if !ResourceBundle.contains(styleSheetPath) {
            Log.ui.warning("the style sheet \(styleSheetPath) was not found; the window is shown unstyled")
        }
        IconTheme.setDefaultWindowIcon(named: AppInfo.applicationID)
    }
}
