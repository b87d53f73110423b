import GtkKit
import LibraryCore

// MARK: - ListenBrainzPreferences

/// Preferences ▸ ListenBrainz and Listening History: the token's row (a password entry; Enter
/// checks the token), a row that says where the connection is and how many listens wait, with
/// Disconnect and a link to the user's token page; and Clear History…, after a confirmation.
@MainActor
package final class ListenBrainzPreferences {
    let listenBrainzGroup = PreferencesGroup(
        title: localized("ListenBrainz"),
        description: localized("What you listen to goes to your ListenBrainz account once you connect. Nothing is sent before.")
    )
    let historyGroup = PreferencesGroup(title: localized("Listening History"))
    /// The token, typed or pasted; Enter checks it.
    let tokenRow = PasswordEntryRow(title: localized("ListenBrainz User _Token"))
    /// Where the connection is, and how many listens wait.
    let statusRow = ActionRow(title: "")
    let disconnectButton = Button(label: localized("Disconnect"))
    let clearHistoryButton = Button(label: localized("Clear History…"))
    private let account: ListenBrainzAccount
    private let library: LibraryAPI
    private weak var window: PreferencesWindow?

    /// The page where ListenBrainz users find their token.
    static let tokenPage = "https://listenbrainz.org/settings/"

    init(account: ListenBrainzAccount, library: LibraryAPI, window: PreferencesWindow) {
        self.account = account
        self.library = library
        self.window = window
        listenBrainzGroup.add(tokenRow)
        statusRow.addSuffix(disconnectButton)
        statusRow.addSuffix(LinkButton(address: Self.tokenPage, label: localized("Get Your Token")))
        listenBrainzGroup.add(statusRow)
        let clearRow = ActionRow(title: localized("Play Counts and Listens"),
                                 subtitle: localized("Kept in your library; clearing them leaves what ListenBrainz has"))
        clearHistoryButton.addCSSClass("destructive-action")
        clearRow.addSuffix(clearHistoryButton)
        historyGroup.add(clearRow)
        tokenRow.onActivated { [weak self] in
            guard let self else { return }
            account.connect(pasted: tokenRow.text)
        }
        disconnectButton.onClicked { [weak self] in
            self?.tokenRow.text = ""
            self?.account.disconnect()
        }
        clearHistoryButton.onClicked { [weak self] in self?.confirmClearHistory() }
        account.onChange = { [weak self] in self?.refresh() }
        account.learnUserName()
        refresh()
    }

    // MARK: Showing the connection

    private func refresh() {
        let state = account.state
        tokenRow.isEditable = state != .checking
        // Held (connected, the token not at hand), the user may still stop the listens waiting.
        disconnectButton.isVisible = if case .connected = state { true } else { account.outbox.isHeld }
        statusRow.title = Self.title(of: state)
        statusRow.subtitle = subtitle(of: state)
    }

    private static func title(of state: ListenBrainzAccount.State) -> String {
        switch state {
        case .notConnected: localized("Not connected")
        case .checking: localized("Checking the token…")
        case .connected(let user?, _): localized("Connected as %@", user)
        case .connected(nil, _): localized("Connected")
        case .refused(let reason), .unreachable(let reason): reason
        }
    }

    private func subtitle(of state: ListenBrainzAccount.State) -> String {
        var parts: [String] = []
        if case .connected(_, true) = state {
            parts.append(localized("Your keyring cannot keep the token: it is kept until BlueLibrary quits."))
        }
        if let waiting = account.outbox.report.waiting, waiting > 0 {
            parts.append(localizedPlural("%@ listen waits to be sent", "%@ listens wait to be sent", waiting, waiting.formatted()))
        } else if case .connected = state, account.outbox.report.status == .upToDate {
            parts.append(localized("Every listen is sent"))
        }
        return parts.joined(separator: " ")
    }

    // MARK: Clearing the history

    private func confirmClearHistory() {
        guard let window else { return }
        let dialog = MessageDialog(
            over: window, heading: localized("Clear the Listening History?"),
            body: localized("Every album’s play count starts again from none, and listens not sent yet are not sent. What ListenBrainz has stays there.")
        )
        dialog.addResponse("cancel", label: localized("_Cancel"))
        dialog.addResponse("clear", label: localized("_Clear History"), appearance: .destructive)
        dialog.setResponses(default: "cancel", close: "cancel")
        dialog.onResponse { [weak self] response in
            guard response == "clear", let self else { return }
            library.listenHistory.clear()
        }
        dialog.present()
    }
}
