import Foundation
import GtkKit
import LibraryCore

// MARK: - ListenBrainzAccount

/// The user's ListenBrainz connection: the token checked (`GET /1/validate-token`), kept in the
/// keyring (`TokenKeyring`, off the GTK thread), and handed to the library's outbox, which
/// sends the listens. Made at launch with the player; a token stored earlier connects at once.
/// With no keyring to keep it in, the token is kept for this session only, and the user is told.
/// When the token stored cannot be had at launch (the keyring stayed locked, or lost it), the
/// listens wait in the held outbox until it is pasted again, or the user disconnects.
@MainActor
package final class ListenBrainzAccount {
    /// Where the connection is, in words the Preferences window shows.
    package enum State: Equatable {
        case notConnected
        /// A token is being checked.
        case checking
        /// Connected; `user` once the service said whose token it is; `isForThisSessionOnly`
        /// when the keyring could not keep it (the log says why).
        case connected(user: String?, isForThisSessionOnly: Bool)
        /// The token typed was not accepted (`reason`: the service's words, or ours).
        case refused(reason: String)
        /// The service could not be asked (`reason`).
        case unreachable(reason: String)
    }

    package private(set) var state = State.notConnected {
        didSet { if state != oldValue { onChange?() } }
    }
    /// Told of every change of `state` and of the outbox's report, on the GTK thread.
    package var onChange: (() -> Void)?
    package let outbox: ListenOutbox
    private let keyring = TokenKeyring()
    private let client = ListenBrainzClient()
    private let library: LibraryAPI

    init(library: LibraryAPI) {
        self.library = library
        outbox = library.listenHistory.outbox
        outbox.onReport = { [weak self] report in self?.outboxReported(report) }
        if library.preferences.isConnectedToListenBrainz { connectStoredToken() }
    }

    // MARK: Connecting

    /// Checks the token `pasted` (spaces and line breaks around it dropped) and, once the
    /// service accepts it, connects with it and keeps it in the keyring.
    package func connect(pasted: String) {
        guard let token = ListenBrainzToken(pasted: pasted) else {
            state = .refused(reason: localized("That is not a ListenBrainz token: copy it from your ListenBrainz settings page."))
            return
        }
        state = .checking
        Task {
            let answer = await client.validate(token: token)
            guard state == .checking else { return }  // disconnected meanwhile
            switch answer {
            case .tokenValid(let user):
                outbox.connect(token, client: client)
                library.preferences.isConnectedToListenBrainz = true
                state = .connected(user: user, isForThisSessionOnly: false)
                await keep(token, user: user)
            case .tokenRefused:
                state = .refused(reason: localized("ListenBrainz did not accept this token. Check it on your ListenBrainz settings page."))
            case .rateLimited, .failed, .accepted, .refused:
                state = .unreachable(reason: localized("ListenBrainz could not be reached. Check your connection, then press Enter again."))
            }
        }
    }

    /// Stops sending and removes the token from the keyring; what waits stays in the outbox.
    package func disconnect() {
        outbox.disconnect()
        state = .notConnected
        library.preferences.isConnectedToListenBrainz = false
        let keyring = keyring
        Task.detached {
            do throws(TokenKeyring.KeyringError) {
                try keyring.remove()
            } catch {
                Log.ui.warning("The ListenBrainz token could not be removed from the keyring: \(error.reason)")
            }
        }
    }

    /// Asks the service whose the token is, when that is not known (after a launch).
    package func learnUserName() {
        guard case .connected(nil, let sessionOnly) = state, let token = outbox.token else { return }
        Task {
            guard case .tokenValid(let user) = await client.validate(token: token), outbox.token == token else { return }
            state = .connected(user: user, isForThisSessionOnly: sessionOnly)
        }
    }

    // MARK: The keyring

    private func connectStoredToken() {
        let keyring = keyring
        Task {
            let stored = await Task.detached { () -> Result<ListenBrainzToken?, TokenKeyring.KeyringError> in
                do throws(TokenKeyring.KeyringError) { return .success(try keyring.storedToken().flatMap(ListenBrainzToken.init(pasted:))) } catch { return .failure(error) }
            }.value
            guard state == .notConnected else { return }
            // The user is connected: without the token, the listens wait until it is given again.
            switch stored {
            case .success(let token?):
                outbox.connect(token, client: client)
                state = .connected(user: nil, isForThisSessionOnly: false)
            case .success(nil):
                outbox.hold()
                state = .refused(reason: localized("Your ListenBrainz token is no longer in your keyring: paste it again to send your listens."))
            case .failure(let error) where error.isLocked:
                outbox.hold()
                Log.ui.message("The ListenBrainz token could not be read from the keyring: \(error.reason)")
                state = .refused(reason: localized("Your keyring stayed locked, so BlueLibrary could not read your ListenBrainz token: paste it again to send your listens."))
            case .failure(let error):
                outbox.hold()
                Log.ui.warning("The ListenBrainz token could not be read from the keyring: \(error.reason)")
                state = .refused(reason: localized("Your keyring could not give BlueLibrary your ListenBrainz token: paste it again to send your listens."))
            }
        }
    }

    private func keep(_ token: ListenBrainzToken, user: String) async {
        let keyring = keyring
        let result = await Task.detached { () -> TokenKeyring.KeyringError? in
            do throws(TokenKeyring.KeyringError) { try keyring.store(token.value); return nil } catch { return error }
        }.value
        guard let result, outbox.token == token else { return }
        Log.ui.warning("The ListenBrainz token could not be kept in the keyring: \(result.reason)")
        state = .connected(user: user, isForThisSessionOnly: true)
    }

    private func outboxReported(_ report: OutboxReport) {
        if report.status == .tokenRefused {
            state = .refused(reason: localized("ListenBrainz no longer accepts your token. Paste a new one to send the listens that wait."))
        }
        onChange?()
    }
}
