// Why this file exists: the About window is libadwaita's (`AdwAboutWindow`, 1.2), the one
// every GNOME app of today shows.

import CGtk

/// The platform's About window.
@MainActor
public enum AboutWindow {
    /// What the About window tells.
    public struct Content {
        public var applicationName: String
        public var applicationIcon: String
        public var version: String
        public var comments: String
        public var website: String
        public var issueURL: String
        public var developers: [String]
        public var copyright: String
        /// Shown on the Credits page for translators ("translator-credits", from gettext).
        public var translatorCredits: String?

        public init(applicationName: String, applicationIcon: String, version: String, comments: String,
                    website: String, issueURL: String, developers: [String], copyright: String,
                    translatorCredits: String? = nil) {
            self.applicationName = applicationName
            self.applicationIcon = applicationIcon
            self.version = version
            self.comments = comments
            self.website = website
            self.issueURL = issueURL
            self.developers = developers
            self.copyright = copyright
            self.translatorCredits = translatorCredits
        }
    }

    /// Shows the About window over `parent`, modal; closing it frees it.
    public static func present(_ content: Content, over parent: ApplicationWindow) {
        let widget = adw_about_window_new()
        let about = bl_adw_about_window(widget)
        adw_about_window_set_application_name(about, content.applicationName)
        adw_about_window_set_application_icon(about, content.applicationIcon)
        adw_about_window_set_version(about, content.version)
        adw_about_window_set_comments(about, content.comments)
        adw_about_window_set_website(about, content.website)
        adw_about_window_set_issue_url(about, content.issueURL)
        adw_about_window_set_copyright(about, content.copyright)
        if let credits = content.translatorCredits { adw_about_window_set_translator_credits(about, credits) }
        let names = content.developers.map { strdup($0) }
        defer { names.forEach { free($0) } }
        var list = names.map { $0.map { UnsafePointer($0) } } + [nil]  // NULL-terminated
        adw_about_window_set_developers(about, &list)
        gtk_window_set_transient_for(bl_window(widget), parent.window)
        gtk_window_set_modal(bl_window(widget), 1)
        gtk_window_present(bl_window(widget))
    }
}
