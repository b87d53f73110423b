import GtkKit
import LibraryCore

// MARK: - ProblemDialog

/// Problems the user should know about (a library file that could not be read, a save that
/// failed, files an import skipped, an image that cannot be a cover) in libadwaita's message
/// dialog over the window: a heading, the lines of the message, and Close.
///
/// It is not modal, so the window stays usable behind it; a new problem replaces the one on
/// show. A failed save's message goes by itself once saving works again.
@MainActor
package final class ProblemDialog {
    /// What a problem is about: a save problem is withdrawn when saves work again.
    enum Topic {
        case saving
        case other
    }

    private let parent: ApplicationWindow
    private let application: Application
    private var dialog: MessageDialog?
    private var topic = Topic.other

    init(over parent: ApplicationWindow, of application: Application) {
        self.parent = parent
        self.application = application
    }

    /// Whether a problem is on show.
    package var isShown: Bool { dialog != nil }
    /// The message on show, one line per problem.
    package var message: String { dialog?.body ?? "" }
    /// The heading on show.
    package var heading: String { dialog?.heading ?? "" }

    /// The application action the dialog on show offers besides Close.
    private var remedy: AppAction?

    /// Shows `lines` under `heading`, replacing the problem on show; with a button for the
    /// application action `remedy` (what the user can do about it) when given.
    func show(_ lines: [String], heading: String, topic: Topic = .other, remedy: AppAction? = nil) {
        guard !lines.isEmpty else { return }
        self.topic = topic
        if let dialog, self.remedy == remedy {
            dialog.heading = heading
            dialog.body = lines.joined(separator: "\n")
            return
        }
        // libadwaita 1.2 cannot take a button away: another set of buttons is another dialog.
        withdraw()
        let dialog = MessageDialog(over: parent, heading: heading, body: lines.joined(separator: "\n"))
        dialog.isModal = false
        if let remedy { dialog.addResponse("remedy", label: remedy.title) }
        dialog.addResponse("close", label: localized("_Close"))
        dialog.setResponses(default: "close", close: "close")
        dialog.onResponse { [weak self, weak dialog] response in
            guard let self, let dialog, self.dialog === dialog else { return }
            self.dialog = nil
            if response == "remedy", let remedy { self.application.activateAction(remedy.name) }
        }
        self.dialog = dialog
        self.remedy = remedy
        dialog.present()
    }

    /// Withdraws the problem on show if it is about `topic` (saves work again), or whatever
    /// it is about (the window closes).
    func withdraw(_ topic: Topic? = nil) {
        guard topic == nil || self.topic == topic, let dialog else { return }
        self.dialog = nil
        dialog.close()
    }
}
